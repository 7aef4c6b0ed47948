"""The table's edit mode driven by its gestures (issue 25 part 2): every test clicks, drags and
types on the table headless and checks what the editor session and the saved source folder
hold afterwards."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from engine.counter_layout import CounterLayouts
from engine.hexgrid import Hex
from engine.modules import open_module
from engine.source import read_source
from tests.tools.editor.builds import PRINTED, scanned_map
from tools.edit_mode import edit_table
from tools.editor import EditorSession, NameLocation, PutNationality, PutSide

from .gestures import SIZE, button, click, drag, field, frame, key, type_text

ROOT = Path(__file__).resolve().parents[3]


def mode_of(t):
    return t.mode("edit")


def screen_of_art(t, board: str, x: float, y: float) -> tuple[int, int]:
    """Window position of art pixel ``(x, y)`` of ``board``."""
    ox, oy = t.world.origins[board]
    return t.screen_of(ox + x, oy + y)


def skirmish(tmp_path):
    """The sample module dumped and opened in edit mode."""
    ed = EditorSession.dump("skirmish", tmp_path / "sk")
    t = edit_table(ed, SIZE)
    frame(t)
    return ed, t, mode_of(t)


def new_game(tmp_path):
    ed = EditorSession.new(tmp_path / "rc", "river_crossing", "River Crossing")
    ed.do(PutSide("blue", "Blue", "#3050a0"))
    ed.do(PutSide("red", "Red", "#a03030"))
    ed.do(PutNationality("BL", "Blueland", "blue", "#8fb0e0", "#000000"))
    art = tmp_path / "scan.png"
    art.write_bytes(scanned_map())
    return ed, art


def calibrated(tmp_path):
    """A new game whose map art was imported and grid calibrated through the gestures."""
    ed, art = new_game(tmp_path)
    t = edit_table(ed, SIZE)
    m = mode_of(t)
    frame(t)
    key(t, pygame.K_1)                                   # the grid tool
    assert m.tool == "grid"
    button(t, m.panel.ui, "Import map art (PNG or JPEG)…")
    type_text(t, str(art))                               # the prompt: the image's path, Enter
    assert ed.module.board("map").width == 700
    frame(t)
    for h in (Hex(0, 0), Hex(7, -1), Hex(2, 4), Hex(11, -2)):
        click(t, screen_of_art(t, "map", *PRINTED.to_pixel(h)))
    return ed, t, m


def test_calibrate_the_grid_by_picking_hex_centres_and_undo_it(tmp_path):
    ed, t, m = calibrated(tmp_path)
    assert len(m.picks) == 4
    fit = m.fit()
    assert fit is not None and fit.orientation == "flat" and abs(fit.size - 36) < 1.5
    field(t, m.panel.ui, "first", "0101")
    field(t, m.panel.ui, "pick4", "1204")        # hex (11, -2): column 12, row 4
    key(t, pygame.K_RETURN)
    button(t, m.panel.ui, "Lay the grid")
    grid = ed.module.grid("hexes")
    assert grid.orientation == "flat" and abs(grid.size - 36) < 1.5
    hx = ed.module.locations["0101"]
    assert abs(hx.x - 60) < 3 and abs(hx.y - 58) < 3
    assert len([l for l in ed.module.locations.values() if l.kind == "hex"]) > 100
    assert m.tool == "terrain"                  # laid: on to painting
    ed.save()
    assert read_source(ed.folder).grid("hexes").numbering == "colrow"
    key(t, pygame.K_z, pygame.KMOD_CTRL)        # undo through the command table
    assert "0101" not in ed.module.locations and not ed.module.grids
    key(t, pygame.K_y, pygame.KMOD_CTRL)
    assert "0101" in ed.module.locations


def test_paint_terrain_by_drag_and_set_a_river_hexside(tmp_path):
    ed, t, m = calibrated(tmp_path)
    field(t, m.panel.ui, "first", "0101")
    button(t, m.panel.ui, "Lay the grid")
    steps = len(ed.undo_stack)
    button(t, m.panel.ui, "forest")
    pts = [t.screen_pos_of(l) for l in ("0504", "0604", "0704")]
    drag(t, pts)
    assert [ed.module.locations[l].terrain for l in ("0504", "0604", "0704")] == ["forest"] * 3
    assert len(ed.undo_stack) == steps + 1       # one stroke, one undo step
    button(t, m.panel.ui, "radius 1")
    button(t, m.panel.ui, "hills")
    click(t, t.screen_pos_of("0903"))
    assert ed.module.locations["0903"].terrain == "hills"
    assert ed.module.locations["0902"].terrain == "hills"          # a neighbour, in the brush
    key(t, pygame.K_3)                                              # hexsides
    button(t, m.panel.ui, "river")
    a, b = t.screen_pos_of("0602"), t.screen_pos_of("0702")
    click(t, ((a[0] * 2 + b[0] * 2) / 4 + 1, (a[1] + b[1]) / 2))
    edge = next(e for e in ed.module.edges if {e.a, e.b} == {"0602", "0702"})
    assert edge.attrs == {"river": "minor"}
    ed.save()
    back = read_source(ed.folder)
    assert back.locations["0604"].terrain == "forest"
    assert any({e.a, e.b} == {"0602", "0702"} and e.attrs.get("river") == "minor" for e in back.edges)
    key(t, pygame.K_z, pygame.KMOD_CTRL)
    assert not any({e.a, e.b} == {"0602", "0702"} for e in ed.module.edges)


def test_name_a_location(tmp_path):
    ed, t, m = calibrated(tmp_path)
    field(t, m.panel.ui, "first", "0101")
    button(t, m.panel.ui, "Lay the grid")
    key(t, pygame.K_4)
    click(t, t.screen_pos_of("0504"))
    type_text(t, "Woodford")
    assert ed.module.locations["0504"].name == "Woodford"
    assert "· name 0504 Woodford" in t.log.entries             # the edit history in the column
    key(t, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.module.locations["0504"].name == ""


def test_design_a_counter_with_live_preview(tmp_path):
    ed, t, m = calibrated(tmp_path)
    key(t, pygame.K_u)                                          # the counter designer
    w = m.window
    assert w is not None and w.kind == "counters"
    button(t, w.ui, "New counter")
    field(t, w.ui, "id", "blue_inf")
    field(t, w.ui, "name", "1st Blue Infantry")
    field(t, w.ui, "size", "division")
    field(t, w.ui, "designation", "1")
    field(t, w.ui, "values0", "cf=4 mf=3")
    field(t, w.ui, "face1", "reduced")
    field(t, w.ui, "values1", "cf=2 mf=3")
    field(t, w.ui, "count", "3")
    field(t, w.ui, "slots", "cf:bottom mf:bottom")
    field(t, w.ui, "source", "owner's printed counter")
    d = w.design()
    assert d.faces == (("full", {"cf": 4, "mf": 3}), ("reduced", {"cf": 2, "mf": 3}))
    before = pygame.Surface.copy(frame(t))
    field(t, w.ui, "values0", "cf=7 mf=3")                       # the preview follows the fields
    after = frame(t)
    rect = w.rect()
    preview = pygame.Rect(rect.x + 180 + 300 + 14, rect.y, 100, 300).clip(rect)
    assert any(before.get_at((x, y)) != after.get_at((x, y))
               for x in range(preview.x, preview.right, 2) for y in range(preview.y, preview.bottom, 2))
    assert "blue_inf" not in ed.module.piece_types              # nothing changed before Apply
    button(t, w.ui, "Apply to the module")
    p = ed.module.piece_types["blue_inf"]
    assert p.faces[0].values == {"cf": 7, "mf": 3} and p.count == 3 and p.nationality == "BL"
    assert p.attrs["designation"] == "1" and p.size == "division"
    lay = CounterLayouts.from_module(ed.module).layout_for(p)
    assert [(sl.value, sl.place) for sl in lay.slots] == [("cf", "bottom"), ("mf", "bottom")]
    layouts = ed.module.tables["counter_layout"]
    field(t, w.ui, "count", "4")                                # the values only: the layout stays
    button(t, w.ui, "Apply to the module")
    assert ed.module.piece_types["blue_inf"].count == 4 and ed.module.tables["counter_layout"] == layouts
    ed.save()
    assert read_source(ed.folder).piece_types["blue_inf"].faces[1].values == {"cf": 2, "mf": 3}
    button(t, w.ui, "Counter sheet")
    assert w.sheet
    key(t, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.module.piece_types["blue_inf"].count == 3
    key(t, pygame.K_z, pygame.KMOD_CTRL)
    assert "blue_inf" not in ed.module.piece_types


def test_drag_a_piece_from_the_tray_into_a_new_scenario(tmp_path):
    ed, t, m = calibrated(tmp_path)
    field(t, m.panel.ui, "first", "0101")
    button(t, m.panel.ui, "Lay the grid")
    key(t, pygame.K_u)
    w = m.window
    button(t, w.ui, "New counter")
    field(t, w.ui, "id", "blue_inf")
    button(t, w.ui, "Apply to the module")
    key(t, pygame.K_u)                                           # closed again
    assert m.window is None
    key(t, pygame.K_7)                                           # set-up
    button(t, m.panel.ui, "New scenario…")
    type_text(t, "The crossing")
    assert m.scenario == "the_crossing"
    button(t, m.panel.ui, "Add an option…")
    type_text(t, "Blue bridging train")
    opt = ed.module.scenarios["the_crossing"].options[0]
    assert (opt.id, opt.text, opt.choices, opt.default) == ("blue_bridging_train", "Blue bridging train",
                                                            ("off", "on"), "off")
    frame(t)
    tray = next(r for r, _, label in m.panel.ui.hits if label == "New counter")
    target = t.screen_pos_of("0304")
    drag(t, [tray.center, (tray.centerx - 100, tray.centery), target])
    scen = ed.module.scenarios["the_crossing"]
    assert [(p.piece_type, p.location, p.count) for p in scen.placements] == [("blue_inf", "0304", 1)]
    assert t.layer.entries("0304")                               # the table shows it there
    pid = t.layer.entries("0304")[0]["id"]
    drag(t, [t.screen_pos_of("0304"), t.screen_pos_of("0404"), t.screen_pos_of("0405")])
    assert [p.location for p in ed.module.scenarios["the_crossing"].placements] == ["0405"]
    field(t, m.panel.ui, "turn", "2")                            # a reinforcement, on turn 2
    drag(t, [tray.center, (tray.centerx - 100, tray.centery), t.screen_pos_of("1004")])
    assert [(p.location, p.turn) for p in ed.module.scenarios["the_crossing"].placements] == [("0405", 0), ("1004", 2)]
    ed.save()
    assert read_source(ed.folder).scenarios["the_crossing"].placements[0].location == "0405"
    assert pid is not None


def test_save_a_position_reached_in_play_as_a_scenario(tmp_path):
    ed, t, m = skirmish(tmp_path)
    key(t, pygame.K_8)                                           # play: the table as in free play
    loc = next(l for l in t.view["locations"] if l[:2].isdigit() and t.layer.entries(l))
    drag(t, [t.screen_pos_of(loc), t.screen_pos_of("0606")])
    assert t.layer.entries("0606")                               # moved in play
    button(t, m.panel.ui, "Save this position as a scenario…")
    type_text(t, "After the first move")
    scen = ed.module.scenarios["after_the_first_move"]
    assert any(p.location == "0606" for p in scen.placements)
    assert m.scenario == "after_the_first_move"


def test_correct_a_reconstructed_crt_cell_and_undo(tmp_path):
    ed, t, m = skirmish(tmp_path)
    key(t, pygame.K_p)
    w = m.window
    assert w.kind == "reconstructed"
    button(t, w.ui, "table cells (24)")
    item = w.current()
    assert item.target == "table:crt/1/1:2" and item.values[0][1] == "AE"
    field(t, w.ui, "value", "DE")
    button(t, w.ui, "Correct")
    crt = ed.module.tables["crt"]
    i, j = crt.rows.values.index(1), crt.cols.values.index("1:2")
    assert crt.cells[i][j] == "DE"
    assert w.current().target != "table:crt/1/1:2"               # on to the next one
    ed.save()
    back = read_source(ed.folder)
    assert back.tables["crt"].cells[i][j] == "DE"
    assert any(p.target == "table:crt/1/1:2" and p.source == "owner's printed chart" for p in back.provenance)
    assert open_module(str(ed.folder)).tables["crt"].cells[i][j] == "DE"
    key(t, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.module.tables["crt"].cells[i][j] == "AE"


def test_edit_a_table_cell_in_the_grid_and_add_a_row(tmp_path):
    ed, t, m = skirmish(tmp_path)
    key(t, pygame.K_t)
    w = m.window
    while w.table != "crt":
        button(t, w.ui, ">")
    button(t, w.ui, "cell 0 0")
    assert w.cell == (0, 0)
    field(t, w.ui, "value", "DR")
    field(t, w.ui, "source", "owner's printed chart")
    button(t, w.ui, "Set the cell")
    assert ed.module.tables["crt"].cells[0][0] == "DR"
    assert w.problem_cells() == set()
    button(t, w.ui, "cell 0 1")
    field(t, w.ui, "value", "XX")                     # a result the skirmish rules do not know
    key(t, pygame.K_RETURN)
    assert ed.module.tables["crt"].cells[0][1] == "XX"
    assert any("holds a result other than" in p.message for p in w.problems())   # shown on the table
    key(t, pygame.K_ESCAPE)                            # the field lets go of the keys
    assert m.window is w
    key(t, pygame.K_z, pygame.KMOD_CTRL)
    assert w.problems() == []
    rows = len(ed.module.tables["crt"].rows.values)
    button(t, w.ui, "Add a row…")
    type_text(t, "7")
    assert ed.module.tables["crt"].rows.values[-1] == 7 and len(ed.module.tables["crt"].rows.values) == rows + 1
    button(t, w.ui, "Remove row 1")
    assert ed.module.tables["crt"].rows.values[0] == 2


def test_wartable_edit_opens_the_table_in_edit_mode(tmp_path):
    """In a process of its own: the window's end quits pygame."""
    ed = EditorSession.dump("skirmish", tmp_path / "sk")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", WARTABLE_DATA=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "tools.cli", "edit", str(ed.folder), "--frames", "3",
                        "--size", "800x600"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "tools.cli", "edit", "skirmish", "--frames", "3"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "--to DIR" in r.stderr
    bare = {k: v for k, v in env.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    r = subprocess.run([sys.executable, "-m", "tools.cli", "edit", "skirmish", "--to", str(tmp_path / "x")],
                       cwd=ROOT, env=bare, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "no display" in r.stderr and "--report" in r.stderr
    assert not (tmp_path / "x").exists()                         # asked before anything is written


def test_the_table_stays_small():
    assert len((ROOT / "client" / "table.py").read_text().splitlines()) < 600


def test_point_to_point_spaces_connections_and_moves(tmp_path):
    from tools.editor import PutBoard
    ed = EditorSession.new(tmp_path / "mp", "mountain_passes", "Mountain Passes")
    ed.do(PutSide("ap", "Allies", "#3050a0"))
    ed.do(PutBoard("main", "Main map", 900, 600, background="#d8e0c8"))
    t = edit_table(ed, SIZE)
    frame(t)
    key(t, pygame.K_5)                                           # spaces
    for name, (x, y) in (("Verona", (150, 420)), ("Trento", (300, 200))):
        click(t, screen_of_art(t, "main", x, y))
        type_text(t, name)
    assert {"verona", "trento"} <= set(ed.module.locations)
    v = ed.module.locations["verona"]
    assert (v.kind, v.name, v.board) == ("space", "Verona", "main") and abs(v.x - 150) <= 2
    key(t, pygame.K_6)                                           # connect: drag one to the other
    drag(t, [t.screen_pos_of("verona"), (t.screen_pos_of("verona")[0] + 40, t.screen_pos_of("verona")[1] - 40),
             t.screen_pos_of("trento")])
    assert any(e.kind == "connection" and {e.a, e.b} == {"verona", "trento"} for e in ed.module.edges)
    key(t, pygame.K_5)                                           # drag a space to move it
    drag(t, [t.screen_pos_of("trento"), screen_of_art(t, "main", 340, 230), screen_of_art(t, "main", 360, 240)])
    tr = ed.module.locations["trento"]
    assert abs(tr.x - 360) <= 2 and abs(tr.y - 240) <= 2
    key(t, pygame.K_6)
    drag(t, [t.screen_pos_of("verona"), (t.screen_pos_of("verona")[0] + 40, t.screen_pos_of("verona")[1]),
             t.screen_pos_of("trento")], mod=pygame.KMOD_SHIFT)  # Shift: disconnect
    assert not any(e.kind == "connection" for e in ed.module.edges)
    ed.save()
    assert read_source(ed.folder).locations["trento"].x == tr.x
    key(t, pygame.K_5)
    click(t, t.screen_pos_of("verona"), button=3)                # right-click: removed
    assert "verona" not in ed.module.locations


def test_quitting_with_unsaved_edits_asks_and_a_closed_window_keeps_them(tmp_path):
    from tools.cmd_edit import keep_unsaved
    ed, t, m = skirmish(tmp_path)
    key(t, pygame.K_q, pygame.KMOD_CTRL)
    assert t.quit and not t.modals                    # nothing to lose: it quits at once
    t.quit = False
    key(t, pygame.K_4)
    click(t, t.screen_pos_of("0505"))
    type_text(t, "Hill 505")
    key(t, pygame.K_q, pygame.KMOD_CTRL)
    assert not t.quit and t.modals                    # asked: save, quit without saving, stay
    key(t, pygame.K_RETURN)                           # the first answer: save and quit
    assert t.quit and not ed.dirty
    assert read_source(ed.folder).locations["0505"].name == "Hill 505"
    ed.do(NameLocation("0505", "Hill 506"))
    spare = keep_unsaved(ed)
    assert spare == tmp_path / "sk-unsaved"
    assert read_source(spare).locations["0505"].name == "Hill 506"
    assert read_source(ed.folder).locations["0505"].name == "Hill 505"
