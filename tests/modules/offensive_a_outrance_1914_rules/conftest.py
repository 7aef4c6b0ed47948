"""Fixtures for the 1914 Offensive à outrance rules tests."""
from __future__ import annotations

import pytest

from .positions import module as _module


@pytest.fixture(scope="session")
def module():
    return _module()
