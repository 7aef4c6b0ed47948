"""Fixtures for the skirmish rules tests: the sample module, and a cleared map."""
from __future__ import annotations

import pytest

from engine.sample import sample_module
from engine.testing import Position

from .positions import cleared


@pytest.fixture(scope="session")
def module():
    return sample_module()


@pytest.fixture
def pos(module) -> Position:
    return cleared(module)
