"""``wartable shot`` and ``wartable play`` from the command line."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from client.app import display_problem, parse_size
from engine import persist
from engine.errors import WartableError
from tools.cli import main

REPO = Path(__file__).resolve().parents[2]


def test_shot_writes_a_png_of_the_asked_size(tmp_path):
    out = tmp_path / "frame.png"
    assert main(["shot", "skirmish", "--out", str(out), "--size", "640x400"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (640, 400)
    # not a blank image: the map and the panels are there
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 640, 16) for y in range(0, 400, 16)}
    assert len(colours) > 10


def test_shot_with_zoom_center_side_and_map_only(tmp_path):
    out = tmp_path / "zoomed.png"
    assert main(["shot", "skirmish", "--scenario", "meeting", "--out", str(out), "--size", "300x200",
                 "--zoom", "2", "--center", "0305", "--side", "blue", "--map-only"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (300, 200)
    # the blue corps alone at 0305 is drawn at the centre of the frame
    x, y = 150 - 28, 100
    assert tuple(img.get_at((x, y)))[:3] == (0x8f, 0xb0, 0xe0)


def test_shot_of_a_saved_game(tmp_path, session):
    from engine.actions import Action
    session.push(Action("move", pids=[session.state.stack("0305")[0]], to="0808"))
    save = persist.save(session, tmp_path / "g.wtsave")
    out = tmp_path / "saved.png"
    assert main(["shot", "skirmish", "--load", str(save), "--out", str(out), "--size", "320x240"]) == 0
    assert pygame.image.load(str(out)).get_size() == (320, 240)


def test_shot_errors_are_one_line(tmp_path, capsys):
    assert main(["shot", "skirmish", "--out", str(tmp_path / "x.png"), "--center", "nowhere"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nowhere" in err
    for size in ("big", "16384x16384", "8x8"):  # a bad size is a usage error (exit 2)
        with pytest.raises(SystemExit) as exit_:
            main(["shot", "skirmish", "--out", str(tmp_path / "x.png"), "--size", size])
        assert exit_.value.code == 2
        assert "--size" in capsys.readouterr().err


def _env_without_display() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the environment check is for X11/Wayland")
@pytest.mark.parametrize("argv", [["play"], ["play", "skirmish"]])
def test_play_without_a_display_says_so_in_one_line(argv):
    r = subprocess.run([sys.executable, "-m", "tools.cli", *argv], cwd=REPO, env=_env_without_display(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr
    assert "no display" in lines[0] and "wartable shot" in lines[0] and "xvfb-run" in lines[0]


def test_display_problem_reads_the_environment():
    assert display_problem({}, "linux") is not None
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({}, "win32") is None


def test_play_runs_frames_with_the_dummy_driver(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", WARTABLE_DATA=str(tmp_path))
    for argv in (["play", "skirmish", "--frames", "3"], ["play", "--frames", "3"]):
        r = subprocess.run([sys.executable, "-m", "tools.cli", *argv], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    # the game was autosaved
    assert list((tmp_path / "autosave").glob("skirmish-meeting-*.wtsave"))


def test_parse_size():
    assert parse_size("1920x1080") == (1920, 1080)
    with pytest.raises(WartableError):
        parse_size("1920")
