"""The editor's operations: map art (PNG and JPEG, round trip), grid calibration from picked
centres, hexes and brushes, hexsides, counters and the counter sheet, table cells with their
provenance, scenarios and "save this position as a scenario"."""
from __future__ import annotations

import io
import math
import random
import zipfile

import pytest

from engine.container import read_module, write_module
from engine.hexgrid import Hex, Layout
from engine.session import Session
from engine.source import read_source, write_source
from tools.authoring.grid_fit import fit_grid
from tools.authoring.hexes import HexGrid, sequential_columns_params
from tools.editor import (AddColumn, AddRow, CalibrateGrid, CounterDesign, DesignCounter,
                          EditError, EditorSession, ImportArt, LayHexes, LayoutSlot, Place,
                          PutBoard, PutScenario, ScenarioFromPosition, SetCell, cell_source,
                          counter_sheet, calibration)
from tools.editor.art import ArtError, image_size

from .builds import PRINTED, build_hex_module, picks, png_bytes

#: The header of a JPEG (what the editor reads of one): SOI, a JFIF APP0, a baseline frame of
#: 640 x 480, then the end marker.
JPEG = (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
        b"\xff\xc0\x00\x11\x08\x01\xe0\x02\x80\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9")


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_fit_grid_finds_orientation_size_and_origin_from_noisy_picks(orientation):
    rnd = random.Random(orientation)
    for _ in range(15):
        size = rnd.uniform(12, 70)
        lay = Layout(orientation, size, rnd.uniform(0, 90), rnd.uniform(0, 90))
        hexes = [Hex(0, 0)] + list({Hex(rnd.randint(-3, 14), rnd.randint(-3, 14))
                                    for _ in range(5)} - {Hex(0, 0)})
        pts = [(x + rnd.gauss(0, size * 0.04), y + rnd.gauss(0, size * 0.04))
               for x, y in map(lay.to_pixel, hexes)]
        fit = fit_grid(pts)
        assert fit.orientation == orientation and fit.hexes == tuple(hexes)
        assert abs(fit.size - size) / size < 0.02
        assert math.dist(fit.origin, (lay.origin_x, lay.origin_y)) < size * 0.1


def test_fit_grid_says_what_to_pick():
    with pytest.raises(ValueError, match="at least two hexes"):
        fit_grid([(10, 10)])
    with pytest.raises(ValueError, match="same pixel"):
        fit_grid([(10, 10), (10, 10), (50, 50)])
    with pytest.raises(ValueError, match="not a finite"):
        fit_grid([(10, 10), (float("nan"), 3)])


def test_calibration_infers_the_parity_from_a_labelled_pick_and_refuses_a_wrong_label():
    fit, edit = calibration(picks(), "g", "map", "0101", labels={1: "0803"})
    assert edit.params["parity"] == "odd" and edit.orientation == "flat"
    assert abs(edit.size - PRINTED.size) < 0.3
    with pytest.raises(EditError, match="no parity"):
        calibration(picks(), "g", "map", "0101", labels={1: "0807"})
    with pytest.raises(EditError, match="first label"):
        calibration(picks(), "g", "map", "01x1")


def test_hexes_keep_their_labels_when_the_grid_is_calibrated_again(tmp_path):
    ed = build_hex_module(tmp_path / "m")
    g = ed.module.grid("hexes")
    ed.do(CalibrateGrid("hexes", "map", "flat", 40.0, 70.0, 70.0, "colrow", g.numbering_params))
    loc = ed.module.locations["0807"]
    assert (loc.x, loc.y) == pytest.approx(HexGrid(ed.module.grid("hexes")).pixel("0807"), abs=0.01)
    assert not ed.problems


def test_sequential_numbering_of_laid_hexes(tmp_path):
    ed = EditorSession.new(tmp_path / "seq", "seq")
    ed.do(PutBoard("map", "Map", 400, 300))
    ed.do(CalibrateGrid("g", "map", "flat", 40.0, 40.0, 40.0, "sequential_columns",
                        {"firsts": "1", "lengths": "1", "starts": "0", "parity": "odd"}))
    axial = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, -1), (2, 0)]
    ed.do(LayHexes("g", axial=axial))
    assert list(ed.module.locations) == [str(n) for n in range(1, 8)]
    assert ed.problems == []
    assert sequential_columns_params([Hex(q, r) for q, r in axial])["lengths"] == "3 2 2"


def test_art_png_and_jpeg_sizes_and_refusals():
    assert image_size(png_bytes(7, 5, lambda x, y: (0, 0, 0))) == (7, 5)
    assert image_size(JPEG) == (640, 480)
    for bad in (b"GIF89a....", b"\xff\xd8\xff\xe0\x00\x02", b""):
        with pytest.raises(ArtError):
            image_size(bad)


def _format(data: bytes) -> tuple[int, int]:
    """The format version a module file's manifest gives."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        head = z.read("manifest.bin")[:8]
    assert head[:4] == b"WTMF"
    return int.from_bytes(head[4:6], "little"), int.from_bytes(head[6:8], "little")


def test_jpeg_art_round_trips_and_needs_format_1_1(tmp_path):
    ed = EditorSession.new(tmp_path / "a", "arty")
    ed.do(ImportArt("map", JPEG))
    assert ed.module.board("map").art == "map.jpg" and ed.module.board("map").width == 640
    data = write_module(ed.module)
    back = read_module(data)
    assert back.art == {"map.jpg": JPEG}
    assert _format(data) == (1, 1)                                   # format 1.1 with a JPEG
    write_source(back, tmp_path / "src")
    assert (tmp_path / "src" / "art" / "map.jpg").read_bytes() == JPEG
    assert write_module(read_source(tmp_path / "src")) == data
    ed.do(ImportArt("map", png_bytes(3, 2, lambda x, y: (9, 9, 9))))   # replaces the JPEG
    assert set(ed.module.art) == {"map.png"}
    assert _format(write_module(ed.module)) == (1, 0)                # PNG only: still 1.0
    with pytest.raises(EditError, match="not a PNG or JPEG"):
        ed.do(ImportArt("map", b"BM not a bitmap we take"))


def test_a_counter_design_puts_its_piece_type_and_layout(tmp_path):
    ed = build_hex_module(tmp_path / "m")
    d = CounterDesign.of(ed.module, "blue_inf")
    assert d.layout == "unit" and d.designation == "1" and d.side == "blue"
    ed.do(DesignCounter(CounterDesign(
        "blue_hq", "Blue HQ", "BL", kind="hq", unit_type="hq", size="corps",
        faces=(("front", {"cr": 3}),), layout="hq", selector="kind=hq",
        slots=(LayoutSlot("cr", "bottom", "Command Range"),))))
    layout = ed.module.tables["counter_layout"]
    assert layout.rows.values[0] == "hq"                   # a new layout goes first
    assert not ed.problems
    sheet = counter_sheet(ed.module)
    assert [e.piece for e in sheet] == ["blue_inf", "blue_hq", "red_arm"]
    assert sheet[0].count == 3 and sheet[0].faces[0] == ("full", {"bottom": "4-3"})
    with pytest.raises(EditError, match="nationality 'XX' does not exist"):
        ed.do(DesignCounter(CounterDesign("x", "X", "XX")))


def test_table_cells_rows_and_columns_carry_their_provenance(tmp_path):
    ed = build_hex_module(tmp_path / "m")
    assert cell_source(ed.module, "crt", 3, "2:1")[0].startswith("reconstructed")
    ed.do(SetCell("crt", 3, "2:1", "DE", provenance="owner's printed chart"))
    assert cell_source(ed.module, "crt", 3, "2:1") == ("owner's printed chart", "table:crt/3/2:1")
    ed.do(AddColumn("crt", "4:1", ["DR", "DE", "DE", "DE", "DE", "DE"],
                    provenance="owner's printed chart"))
    ed.do(AddRow("crt", 7, at=6))
    t = ed.module.tables["crt"]
    assert t.cols.values[-1] == "4:1" and t.rows.values[-1] == 7 and t.cells[-1] == ("-",) * 4
    assert cell_source(ed.module, "crt", 1, "4:1")[0] == "owner's printed chart"
    with pytest.raises(EditError, match="already has a column"):
        ed.do(AddColumn("crt", "4:1"))
    with pytest.raises(EditError, match="no row 9"):
        ed.do(SetCell("crt", 9, "1:1", "AE"))


def test_placements_grow_and_reinforcements_wait_on_their_turn(tmp_path):
    ed = build_hex_module(tmp_path / "m")
    ed.do(Place("crossing", "blue_inf", "0304"))
    sc = ed.module.scenarios["crossing"]
    assert [(p.location, p.count, p.turn) for p in sc.placements] == [
        ("0203", 2, 0), ("0304", 2, 0), ("0905", 1, 0), ("1004", 1, 2)]
    with pytest.raises(EditError, match="no face 2"):
        ed.do(Place("crossing", "blue_inf", "0304", face=2))


def test_save_this_position_as_a_scenario(tmp_path):
    ed = build_hex_module(tmp_path / "m")
    ed.save()
    m = read_module(write_module(ed.module))
    s = Session.new(m, "crossing", 1)
    pid = s.state.stack("0203")[0]
    from engine import commands as C
    C.apply_all(s.state, [C.Move(pid, "0404"), C.SetFace(pid, 1), C.SetGlobal("turn", 3)])
    edit = ScenarioFromPosition("turn3", "After two turns", s.state, base="crossing")
    ed.do(edit)
    sc = ed.module.scenarios["turn3"]
    assert sc.first_turn == 3 and sc.globals["turn"] == 3 and sc.last_turn == 6
    assert ("blue_inf", "0404", 1, 1, 0) in [(p.piece_type, p.location, p.count, p.face, p.turn)
                                             for p in sc.placements]
    assert ("red_arm", "1004", 1, 0, 2) in [(p.piece_type, p.location, p.count, p.face, p.turn)
                                            for p in sc.placements]    # still to come
    again = Session.new(read_module(write_module(ed.module)), "turn3", 1)
    assert sorted((again.state.pieces[p].type, again.state.pieces[p].loc, again.state.pieces[p].face)
                  for p in again.state.pieces) == sorted(
        (s.state.pieces[p].type, s.state.pieces[p].loc, s.state.pieces[p].face)
        for p in s.state.pieces)
    assert not ed.problems


def test_put_scenario_refuses_a_bad_id(tmp_path):
    ed = build_hex_module(tmp_path / "m")
    with pytest.raises(EditError, match="file name"):
        ed.do(PutScenario("../x", "X"))
