"""A small complete module built in code: a 12x10 flat-topped hex map with terrain and
hexside features, two sides, units with steps, markers, a card deck with two hands, a blind chit
cup, a table, a d6 and a custom die, one scenario. Tests, benchmarks and the client's
demo use it; it is also what ``wartable new`` is measured against.
"""
from __future__ import annotations

import math

from .model import (Axis, Board, Dice, Edge, Face, Grid, Location, Module, Nationality,
                    Placement, PieceType, Provenance, Scenario, Side, Table)

SIZE = 40.0
COLS, ROWS = 12, 10


def hex_label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def _offset_to_axial(col: int, row: int) -> tuple[int, int]:
    # flat-topped, odd columns shifted down ("odd-q"); columns/rows numbered from 1
    c, r = col - 1, row - 1
    return c, r - (c - (c & 1)) // 2


def sample_module(cols: int = COLS, rows: int = ROWS) -> Module:
    locations: dict[str, Location] = {}
    terrains = ["clear", "clear", "forest", "clear", "hills", "town"]
    for col in range(1, cols + 1):
        for row in range(1, rows + 1):
            q, r = _offset_to_axial(col, row)
            x = 60 + SIZE * 1.5 * q
            y = 60 + SIZE * math.sqrt(3) * (r + q / 2)
            label = hex_label(col, row)
            terrain = terrains[(col * 7 + row * 3) % len(terrains)]
            attrs = {"elevation": (col + row) % 4}
            if terrain == "town":
                attrs["vp"] = 1
            locations[label] = Location(label, "hex", "map", "", round(x, 2), round(y, 2),
                                        terrain, "g", q, r, attrs=attrs)
    extra = [
        Location("reserve:blue", "box", "map", "Blue reserve", 60 + SIZE * 1.5 * cols, 80, owner="blue"),
        Location("reserve:red", "box", "map", "Red reserve", 60 + SIZE * 1.5 * cols, 200, owner="red"),
        Location("eliminated", "box", "map", "Eliminated", 60 + SIZE * 1.5 * cols, 320),
        Location("reinforcements", "box", "map", "Reinforcements", 60 + SIZE * 1.5 * cols, 440),
        Location("deck", "deck", "map", "Draw deck", 60 + SIZE * 1.5 * cols, 560, visibility="nobody"),
        Location("discard", "box", "map", "Discard", 60 + SIZE * 1.5 * cols + 120, 560),
        Location("hand:blue", "hand", "map", "Blue hand", 100, 60 + SIZE * 1.8 * rows, owner="blue",
                 visibility="owner"),
        Location("hand:red", "hand", "map", "Red hand", 400, 60 + SIZE * 1.8 * rows, owner="red",
                 visibility="owner"),
        Location("cup", "cup", "map", "VP chit cup", 700, 60 + SIZE * 1.8 * rows, visibility="nobody"),
    ]
    extra += [Location(f"turn:{t}", "track", "map", f"Turn {t}", 60 + 50 * t, 20, attrs={"track": "turn", "value": t})
              for t in range(1, 9)]
    for loc in extra:
        locations[loc.id] = loc
    edges = (
        Edge("0303", "0304", "hexside", {"river": "minor", "mp_cost": 1}),
        Edge("0404", "0405", "hexside", {"impassable": True}),
        Edge("0606", "0706", "hexside", {"river": "major", "mp_cost": 2}),
    )
    pieces = {
        "blue-inf": PieceType("blue-inf", "1st Infantry Corps", "unit", "blue", "BL", "infantry", "corps", "inf",
                              (Face("full", {"cf": 4, "mf": 3}), Face("reduced", {"cf": 2, "mf": 3})), count=4),
        "blue-cav": PieceType("blue-cav", "Cavalry Division", "unit", "blue", "BL", "cavalry", "division", "cav",
                              (Face("full", {"cf": 2, "mf": 5}), Face("reduced", {"cf": 1, "mf": 5})), count=2),
        "red-inf": PieceType("red-inf", "I Armeekorps", "unit", "red", "RD", "infantry", "corps", "inf",
                             (Face("full", {"cf": 5, "mf": 3}), Face("reduced", {"cf": 3, "mf": 3}),
                              Face("cadre", {"cf": 1, "mf": 2})), count=4),
        "red-art": PieceType("red-art", "Heavy Artillery", "unit", "red", "RD", "artillery", "brigade", "art",
                             (Face("full", {"cf": 3, "mf": 2}),), count=1),
        "oos": PieceType("oos", "Out of Supply", "marker", symbol="OOS", count=6),
        "vp-chit-1": PieceType("vp-chit-1", "VP chit 1", "chit", back="VP chit", attrs={"vp": 1}, count=3),
        "vp-chit-2": PieceType("vp-chit-2", "VP chit 2", "chit", back="VP chit", attrs={"vp": 2}, count=2),
    }
    for n in range(1, 9):
        pieces[f"card-{n}"] = PieceType(f"card-{n}", f"Card {n}", "card", back="card",
                                        attrs={"number": n, "ops": 1 + n % 4})
    placements = [
        Placement("blue-inf", "0203", 2), Placement("blue-inf", "0305"), Placement("blue-cav", "0204"),
        Placement("red-inf", "0904", 2), Placement("red-inf", "1006"), Placement("red-art", "0904"),
        Placement("blue-inf", "0102", turn=3), Placement("blue-cav", "0101", turn=2),
        Placement("red-inf", "1208", turn=2),
        Placement("vp-chit-1", "cup", 3), Placement("vp-chit-2", "cup", 2),
    ]
    placements += [Placement(f"card-{n}", "deck") for n in range(1, 9)]
    table = Table("crt", "Combat Results Table",
                  Axis("die", (1, 2, 3, 4, 5, 6)), Axis("odds", ("1:2", "1:1", "2:1", "3:1")),
                  (("AE", "AR", "AR", "EX"), ("AR", "AR", "EX", "DR"), ("AR", "EX", "DR", "DR"),
                   ("EX", "DR", "DR", "DE"), ("DR", "DR", "DE", "DE"), ("DR", "DE", "DE", "DE")),
                  rule="7.2")
    return Module(
        id="skirmish", title="Skirmish (sample module)", version="1.0.0", publisher="wartable",
        ruleset="skirmish", description="A tiny module that exercises every part of the engine.",
        sides=(Side("blue", "Blue", "#3050a0"), Side("red", "Red", "#a03030")),
        nationalities=(Nationality("BL", "Blueland", "blue", "#8fb0e0"),
                       Nationality("RD", "Redland", "red", "#e09090")),
        boards=(Board("map", "Map", 60 + SIZE * 1.5 * cols + 300, 60 + SIZE * 1.8 * rows + 140),),
        grids=(Grid("g", "map", "flat", SIZE, 60.0, 60.0, "colrow",
                    {"parity": "odd", "first_col": 1, "first_row": 1, "col_digits": 2, "row_digits": 2}),),
        locations=locations, edges=edges, piece_types=pieces, tables={"crt": table},
        dice={"d6": Dice("d6", "six-sided die", (1, 2, 3, 4, 5, 6)),
              "combat": Dice("combat", "combat die", (1, 1, 1, 2, 2, 3))},
        scenarios={"meeting": Scenario("meeting", "Meeting engagement", rule="9.1", first_turn=1, last_turn=8,
                                       placements=tuple(placements), globals={"turn": 1, "vp": 0},
                                       shuffle=("deck", "cup"), victory="Hold more towns at the end.")},
        rules_index={"7.2": "Combat is resolved on the CRT by odds column and one die.",
                     "9.1": "The meeting engagement scenario lasts eight turns."},
        provenance=(Provenance("module", "reconstructed: invented for testing"),),
    )
