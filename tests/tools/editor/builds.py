"""Modules built from nothing through the editor's edits only (issue 25's must-show): a small
two-sided hex-and-counter game on an imported map image, and a small point-to-point game. The
client tests open what these save; the tools tests check them."""
from __future__ import annotations

import random
import struct
import zlib
from pathlib import Path

from engine.hexgrid import Hex, Layout
from tools.editor import (CalibrateGrid, Connect, CounterDesign, DesignCounter, EditorSession,
                          ImportArt, LayHexes, LayoutSlot, PaintTerrain, Place, PutBoard, PutDie,
                          PutNationality, PutRule, PutScenario, PutSide, PutSpace, PutTable,
                          SetHexside, NameLocation, brush, calibration, hex_grid)

#: The "printed" grid of the scanned map: flat hexes of radius 36 px, hex 0101 centred at
#: (60, 58); what calibration must find from picks.
PRINTED = Layout("flat", 36.0, 60.0, 58.0)
MAP_W, MAP_H = 700, 560
PAPER = (214, 200, 160)     # the scan's paper colour
INK = (90, 70, 50)


def png_bytes(width: int, height: int, pixel) -> bytes:
    """A PNG image (RGB, 8 bits) whose pixel ``(x, y)`` is ``pixel(x, y)``."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw.extend(pixel(x, y))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                               0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))


def scanned_map() -> bytes:
    """A scanned-style map: paper with a small ink dot at every printed hex centre."""
    dots = set()
    for q in range(-1, 20):
        for r in range(-12, 20):
            x, y = PRINTED.to_pixel(Hex(q, r))
            if 0 <= x < MAP_W and 0 <= y < MAP_H:
                for dx in range(-2, 3):
                    for dy in range(-2, 3):
                        dots.add((round(x) + dx, round(y) + dy))
    return png_bytes(MAP_W, MAP_H, lambda x, y: INK if (x, y) in dots else PAPER)


def picks(noise: float = 2.0, seed: int = 5) -> list[tuple[float, float]]:
    """Hex centres as a user clicks them on the scan: hex 0101 first, then three more."""
    rnd = random.Random(seed)
    out = []
    for h in (Hex(0, 0), Hex(7, -1), Hex(2, 4), Hex(12, -3)):
        x, y = PRINTED.to_pixel(h)
        out.append((x + rnd.uniform(-noise, noise), y + rnd.uniform(-noise, noise)))
    return out


def river_sides(ed: EditorSession) -> list[tuple[str, str]]:
    """The river: the hexsides between columns 6 and 7, rows 2 to 5."""
    g = hex_grid(ed.module.grid("hexes"))
    return [(a, b) for a in ("0602", "0603", "0604", "0605") for b in g.neighbours(a)
            if g.column(b) == 7]


def build_hex_module(folder: Path, art: bytes | None = None) -> EditorSession:
    """Import the map image, calibrate the grid from picks, lay and paint the hexes, a river,
    two counters, a CRT, a scenario with a reinforcement; saved in ``folder``."""
    ed = EditorSession.new(folder, "river_crossing", "River Crossing")
    ed.do(PutSide("blue", "Blue", "#3050a0"))
    ed.do(PutSide("red", "Red", "#a03030"))
    ed.do(PutNationality("BL", "Blueland", "blue", "#8fb0e0", "#000000"))
    ed.do(PutNationality("RD", "Redland", "red", "#e09090", "#000000"))
    ed.do(ImportArt("map", art if art is not None else scanned_map(), name="Map"))
    fit, lay = calibration(picks(), "hexes", "map", "0101", "colrow",
                           labels={1: "0803", 2: "0306"})
    ed.do(lay)
    ed.do(LayHexes("hexes"))
    grid = ed.module.grid("hexes")
    ed.do(PaintTerrain(brush(grid, "0504", 1), "forest", provenance="owner's printed map"))
    ed.do(PaintTerrain(["0902", "0903"], "hills"))
    for a, b in river_sides(ed):
        ed.do(SetHexside(a, b, {"river": "minor"}, provenance="owner's printed map"))
    ed.do(NameLocation("0504", "Woodford"))
    ed.do(PutSpace("reinforcements", "Reinforcements", "map", MAP_W - 60, MAP_H - 40, "box"))
    unit_layout = (LayoutSlot("cf", "bottom", "Combat Factor"),
                   LayoutSlot("mf", "bottom", "Movement Factor"))
    ed.do(DesignCounter(CounterDesign(
        "blue_inf", "1st Blue Infantry", "BL", unit_type="infantry", size="division",
        designation="1", faces=(("full", {"cf": 4, "mf": 3}), ("reduced", {"cf": 2, "mf": 3})),
        count=3, layout="unit", slots=unit_layout, selector="kind=unit"),
        provenance="owner's printed counter"))
    ed.do(DesignCounter(CounterDesign(
        "red_arm", "Red Armour", "RD", unit_type="armour", size="brigade", designation="7",
        faces=(("full", {"cf": 5, "mf": 5}), ("reduced", {"cf": 2, "mf": 5})), count=2,
        layout="unit")))
    ed.do(PutDie("d6", "six-sided die"))
    ed.do(PutTable("crt", "Combat Results Table", "die", [1, 2, 3, 4, 5, 6], "odds",
                   ["1:1", "2:1", "3:1"],
                   [["AE", "AR", "DR"], ["AR", "DR", "DR"], ["AR", "DR", "DE"],
                    ["DR", "DR", "DE"], ["DR", "DE", "DE"], ["EX", "DE", "DE"]], rule="6.1",
                   provenance="reconstructed: invented for the example"))
    ed.do(PutRule("6.1", "Combat: compare strengths, roll a d6 on the CRT."))
    ed.do(PutScenario("crossing", "The crossing", 1, 6, victory="Hold Woodford at the end."))
    ed.do(Place("crossing", "blue_inf", "0203", 2))
    ed.do(Place("crossing", "blue_inf", "0304"))
    ed.do(Place("crossing", "red_arm", "0905"))
    ed.do(Place("crossing", "red_arm", "1004", turn=2))
    ed.save()
    return ed


def build_p2p_module(folder: Path) -> EditorSession:
    """Five spaces on a plain board, connections (one restricted to a nationality), two
    counters and a scenario; saved in ``folder``."""
    ed = EditorSession.new(folder, "mountain_passes", "Mountain Passes")
    ed.do(PutSide("ap", "Allies", "#3050a0"))
    ed.do(PutSide("cp", "Central Powers", "#606060"))
    ed.do(PutNationality("IT", "Italy", "ap", "#80c080"))
    ed.do(PutNationality("AH", "Austria-Hungary", "cp", "#d0d0a0"))
    ed.do(PutBoard("main", "Main map", 900, 600, background="#d8e0c8"))
    spaces = {"verona": (150, 420, "clear"), "trento": (300, 200, "mountain"),
              "asiago": (420, 320, "mountain"), "bassano": (560, 450, "clear"),
              "belluno": (700, 220, "mountain")}
    for sid, (x, y, terrain) in spaces.items():
        ed.do(PutSpace(sid, sid.title(), "main", x, y, terrain=terrain,
                       attrs={"vp": 1} if sid in ("verona", "trento") else {}))
    for a, b in (("verona", "trento"), ("trento", "asiago"), ("asiago", "bassano"),
                 ("bassano", "verona"), ("asiago", "belluno")):
        ed.do(Connect(a, b))
    ed.do(Connect("trento", "belluno", only="AH", provenance="owner's printed map"))
    ed.do(PutSpace("eliminated", "Eliminated", "main", 820, 560, "box"))
    ed.do(DesignCounter(CounterDesign(
        "it_corps", "Italian Corps", "IT", unit_type="infantry", size="corps",
        faces=(("full", {"cf": 2, "lf": 1, "mf": 3}), ("reduced", {"cf": 1, "lf": 1, "mf": 3})),
        count=4, layout="corps", selector="kind=unit",
        slots=(LayoutSlot("cf", "bottom", "Combat Factor"), LayoutSlot("lf", "bottom", "Loss Factor"),
               LayoutSlot("mf", "bottom", "Movement Factor")))))
    ed.do(DesignCounter(CounterDesign(
        "ah_corps", "Austro-Hungarian Corps", "AH", unit_type="mountain", size="corps",
        faces=(("full", {"cf": 2, "lf": 2, "mf": 3}), ("reduced", {"cf": 1, "lf": 1, "mf": 3})),
        count=4, layout="corps")))
    ed.do(PutDie("d6", "six-sided die"))
    ed.do(PutScenario("strafe", "Strafexpedition", 1, 4))
    ed.do(Place("strafe", "it_corps", "verona", 2))
    ed.do(Place("strafe", "it_corps", "asiago"))
    ed.do(Place("strafe", "ah_corps", "trento", 3))
    ed.save()
    return ed


__all__ = ["CalibrateGrid", "build_hex_module", "build_p2p_module", "png_bytes", "picks",
           "scanned_map", "PRINTED", "PAPER", "MAP_W", "MAP_H"]
