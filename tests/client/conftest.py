"""Client tests run headless: SDL's dummy video driver, no window, no sound."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.sample import sample_module  # noqa: E402
from engine.session import Session  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Autosaves and default save folders go to a temporary folder."""
    monkeypatch.setenv("WARTABLE_DATA", str(tmp_path / "data"))


@pytest.fixture(scope="session")
def module():
    """The sample module played freely (its own ruleset is the enforced ``skirmish``)."""
    return replace(sample_module(), ruleset="free")


@pytest.fixture
def session(module):
    return Session.new(module, "meeting", seed=7)


@pytest.fixture
def table(session):
    from client.table import Table
    t = Table(session, (1280, 800), side="blue", hot_seat=False)
    t.draw(pygame.Surface((1280, 800)), complete=True)
    return t
