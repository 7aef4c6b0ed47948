"""Issue 25's must-show: modules built from nothing through the editor's edits only (a two-sided
hex-and-counter game on an imported scanned map, a point-to-point game) are accepted by
``wartable validate`` and opened by ``wartable play`` (headless), and the table draws the
imported map image under the grid."""
from __future__ import annotations

import io
import os
import subprocess
import sys

import pygame

from engine.modules import REPO, open_module
from engine.session import Session
from tests.tools.editor.builds import (MAP_H, MAP_W, PAPER, PRINTED, build_hex_module,
                                       build_p2p_module, scanned_map)
from tools.cli import main


def play(folder, tmp_path) -> None:
    """``wartable play FOLDER`` runs three frames with the dummy video driver (a process of its
    own: the table quits pygame when it closes)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               WARTABLE_DATA=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, "-m", "tools.cli", "play", str(folder), "--frames", "3",
                        "--no-autosave"], cwd=REPO, env=env, capture_output=True, text=True,
                       timeout=180)
    assert r.returncode == 0, r.stderr


def _jpeg(png: bytes, tmp_path) -> bytes:
    """The scanned map saved as a JPEG (as a scanner writes it)."""
    img = pygame.image.load(io.BytesIO(png), "scan.png")
    path = tmp_path / "scan.jpg"
    pygame.image.save(img, str(path))
    return path.read_bytes()


def test_a_hex_and_counter_module_from_nothing_validates_and_plays(tmp_path, capsys):
    art = _jpeg(scanned_map(), tmp_path)
    ed = build_hex_module(tmp_path / "river_crossing", art)
    assert ed.problems == []
    assert (tmp_path / "river_crossing" / "art" / "map.jpg").read_bytes() == art
    assert main(["validate", str(tmp_path / "river_crossing")]) == 0
    assert "river_crossing: valid" in capsys.readouterr().out
    play(tmp_path / "river_crossing", tmp_path)
    m = open_module(str(tmp_path / "river_crossing"))
    assert m.board("map").art == "map.jpg" and (m.board("map").width, m.board("map").height) \
        == (MAP_W, MAP_H)
    assert {m.locations[h].terrain for h in ("0504", "0503", "0404")} == {"forest"}
    assert sum(1 for e in m.edges if e.attrs.get("river") == "minor") >= 4
    s = Session.new(m, "crossing", 1)
    assert sorted(s.state.pieces[p].type for p in s.state.stack("0203")) == ["blue_inf"] * 2


def test_the_table_draws_the_imported_map_under_the_calibrated_grid(tmp_path):
    from client.app import render_shot
    build_hex_module(tmp_path / "river_crossing")
    s = Session.new(open_module(str(tmp_path / "river_crossing")), "crossing", 1)
    surf, table = render_shot(s, (1000, 700), chrome=False)
    # a hex with no counter: its centre shows the scan's ink dot (the printed hex centre) within
    # a pixel or two of where the calibrated grid puts the hex, and paper around it
    x, y = table.screen_pos_of("0807")
    near = [tuple(surf.get_at((x + dx, y + dy)))[:3] for dx in range(-3, 4) for dy in range(-3, 4)]
    assert any(max(c) < 120 for c in near), "the printed centre is under the hex centre"
    paper = tuple(surf.get_at((x + 12, y + 10)))[:3]
    assert all(abs(a - b) <= 12 for a, b in zip(paper, PAPER)), paper
    assert PRINTED.size == 36.0


def test_a_point_to_point_module_from_nothing_validates_and_plays(tmp_path, capsys):
    ed = build_p2p_module(tmp_path / "mountain_passes")
    assert ed.problems == []
    assert main(["validate", str(tmp_path / "mountain_passes")]) == 0
    assert "mountain_passes: valid" in capsys.readouterr().out
    play(tmp_path / "mountain_passes", tmp_path)
    m = open_module(str(tmp_path / "mountain_passes"))
    restricted = [e for e in m.edges if e.attrs.get("only")]
    assert [(e.a, e.b, e.attrs["only"]) for e in restricted] == [("trento", "belluno", "AH")]
    s = Session.new(m, "strafe", 1)
    assert len(s.state.stack("trento")) == 3
