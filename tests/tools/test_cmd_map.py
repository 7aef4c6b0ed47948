"""``wartable map``: the module author's map queries, on a small module built in the test."""
from __future__ import annotations

import argparse

import pytest

from engine import modules
from engine.errors import WartableError
from engine.hexgrid import Layout, scheme_for
from engine.model import Axis, Board, Edge, Face, Grid, Location, Module, PieceType, Table
from tools import cmd_map

GRID = Grid("g", "map", "flat", 40.0, 60.0, 60.0, "colrow", {"parity": "odd"})


def build_module(tables: dict[str, Table] | None = None) -> Module:
    """5x5 hexes 0101..0505 (hill 0103 at level 2, woods in 0403: ``blocks`` 1 and ``woods``),
    two spaces joined only for the red nationality, a box joined to 0505."""
    scheme, layout = scheme_for(GRID), Layout.from_grid(GRID)
    locs = []
    for c in range(1, 6):
        for r in range(1, 6):
            lab = f"{c:02d}{r:02d}"
            h = scheme.hex(lab)
            x, y = layout.to_pixel(h)
            attrs = {"elevation": 2 if lab == "0103" else 0}
            if lab == "0403":
                attrs["blocks"] = 1.0
                attrs["woods"] = True
            locs.append(Location(lab, "hex", "map", x=x, y=y, grid="g", q=h.q, r=h.r, attrs=attrs))
    locs += [Location("paris", "space", "map", "Paris", 600, 100),
             Location("lyon", "space", "map", "Lyon", 600, 300),
             Location("depot", "box", "map", "Depot", 700, 100)]
    edges = (Edge("0303", "0304", "hexside", {"impassable": True}),
             Edge("0202", "0203", "hexside", {"river": "minor", "mp_cost": 2}),
             Edge("paris", "lyon", "connection", {"only": "RD"}),
             Edge("0505", "depot", "connection"))
    pieces = {
        "blue-inf": PieceType("blue-inf", "Blue infantry", nationality="BL", faces=(Face("full", {"mf": 3}),)),
        "red-inf": PieceType("red-inf", "Red infantry", nationality="RD", faces=(Face("full", {"cf": 2}),)),
    }
    return Module("mapmod", "Map test", boards=(Board("map", "Map", 800, 600),), grids=(GRID,),
                  locations={x.id: x for x in locs}, edges=edges, piece_types=pieces,
                  tables=dict(tables or {}))


def sight_table(**rows) -> dict[str, Table]:
    """A ``line_of_sight`` table (key, value) holding ``rows``."""
    return {"line_of_sight": Table("line_of_sight", "Line of sight", Axis("key", tuple(rows)),
                                   Axis("value", ("value",)), tuple((v,) for v in rows.values()),
                                   "7.1")}


@pytest.fixture
def module_tables():
    """The tables build_module() gets in the wartable_map fixture (a test may fill it before
    calling ``wartable map``)."""
    return {}


@pytest.fixture
def wartable_map(monkeypatch, capsys, module_tables):
    """Run ``wartable map ...`` against build_module(module_tables) through a patched
    engine.modules."""
    def open_module(arg: str) -> Module:
        if arg != "mapmod":
            raise WartableError(f"no module named {arg!r}")
        return build_module(module_tables)
    monkeypatch.setattr(modules, "open_module", open_module)

    parser = argparse.ArgumentParser(prog="wartable")
    cmd_map.register(parser.add_subparsers(dest="command"))

    def call(*argv: str) -> tuple[int, str, str]:
        args = parser.parse_args(["map", *argv])
        code = args.func(args)
        out, err = capsys.readouterr()
        return code, out, err
    return call


def test_neighbours_in_game_labels(wartable_map):
    assert wartable_map("mapmod", "neighbours", "0101") == (0, "0201 0102\n", "")
    code, out, _ = wartable_map("mapmod", "neighbours", "0303")
    assert code == 0 and sorted(out.split()) == ["0202", "0203", "0302", "0304", "0402", "0403"]
    assert wartable_map("mapmod", "neighbours", "Depot") == (0, "0505\n", "")
    assert wartable_map("mapmod", "neighbours", "paris") == (0, "lyon\n", "")


def test_distance(wartable_map):
    assert wartable_map("mapmod", "distance", "0101", "0505") == (0, "6\n", "")
    assert wartable_map("mapmod", "distance", "0505", "depot") == (0, "1\n", "")
    assert wartable_map("mapmod", "distance", "0101", "depot") == (0, "7\n", "")
    code, out, err = wartable_map("mapmod", "distance", "0101", "paris")
    assert code == 1 and out == "" and "paris cannot be reached from 0101" in err


def test_path_costs_hexsides(wartable_map):
    # 0303 -> 0304 across an impassable hexside: round it (two steps)
    code, out, _ = wartable_map("mapmod", "path", "0303", "0304")
    path = out.split()
    assert code == 0 and path[0] == "0303" and path[-1] == "0304" and len(path) == 3
    # 0202 -> 0203 across a river costing +2: going round (2) beats crossing (3)
    code, out, _ = wartable_map("mapmod", "path", "0202", "0203")
    assert code == 0 and len(out.split()) == 3
    assert wartable_map("mapmod", "path", "0101", "0102") == (0, "0101 0102\n", "")


def test_path_for_a_unit(wartable_map):
    # blue infantry has 3 MP and may not use the red-only connection
    assert wartable_map("mapmod", "path", "0101", "0202", "--unit", "blue-inf")[0] == 0
    code, out, err = wartable_map("mapmod", "path", "0101", "0505", "--unit", "blue-inf")
    assert code == 1 and "within its 3 MP" in err and "blue-inf" in err
    assert wartable_map("mapmod", "path", "paris", "lyon") == (0, "paris lyon\n", "")
    assert wartable_map("mapmod", "path", "paris", "lyon", "--unit", "red-inf") == (0, "paris lyon\n", "")
    code, _, err = wartable_map("mapmod", "path", "paris", "lyon", "--unit", "blue-inf")
    assert code == 1 and "no path for blue-inf from paris to lyon" in err
    code, _, err = wartable_map("mapmod", "path", "paris", "lyon", "--unit", "green-inf")
    assert code == 1 and "unknown piece type 'green-inf'" in err


def test_los(wartable_map):
    assert wartable_map("mapmod", "los", "0101", "0105") == (0, "blocked 0103\n", "")
    assert wartable_map("mapmod", "los", "0201", "0205") == (0, "clear\n", "")
    assert wartable_map("mapmod", "los", "0401", "0405") == (0, "blocked 0403\n", "")
    code, _, err = wartable_map("mapmod", "los", "0101", "paris")
    assert code == 1 and "paris is a space" in err


def test_los_higher_than_both_from_the_modules_table(wartable_map, module_tables):
    # the module's line_of_sight table: hexes higher than both ends block, woods at the lower
    # end's level or above block, at most 3 hexes + 1 per level the observer is above the target
    module_tables.update(sight_table(model="higher_than_both", max_hexes=3, per_level_bonus=1,
                                     screen_attr="woods"))
    assert wartable_map("mapmod", "los", "0101", "0104") == (0, "blocked 0103\n", "")  # level 2 > 0, 0
    assert wartable_map("mapmod", "los", "0401", "0404") == (0, "blocked 0403\n", "")  # woods at 0
    assert wartable_map("mapmod", "los", "0201", "0204") == (0, "clear\n", "")
    assert wartable_map("mapmod", "los", "0201", "0205") == (0, "too far 4 > 3\n", "")
    assert wartable_map("mapmod", "los", "0103", "0505") == (0, "clear\n", "")   # 4 hexes <= 3 + 2
    assert wartable_map("mapmod", "los", "0505", "0103") == (0, "too far 4 > 3\n", "")  # looking up


def test_los_table_errors_are_one_line(wartable_map, module_tables):
    module_tables.update(sight_table(model="sloped"))
    code, out, err = wartable_map("mapmod", "los", "0101", "0105")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "table line_of_sight: unknown model 'sloped' (models: slope, higher_than_both)" in err


def test_strafe_13_2_2_and_13_2_3_from_the_shell(capsys):
    """Strafexpedition 1916 declares rulebook 13.2.2-13.2.3 in its line_of_sight table (the
    cases of tests/client/test_los.py, where the levels are listed)."""
    from tools.cli import main as wartable
    for a, b, answer in (("5211", "4910", "blocked 5011"),   # 13.2.2: level 3, higher than both 2s
                         ("5211", "4608", "clear"),          # 13.2.2: the slope rule blocked at 5110
                         ("5211", "4507", "clear"),          # 7 hexes: 6 + 1 level above the target
                         ("5211", "4508", "too far 7 > 6"),  # 13.2.2: at most 6 hexes, level ends
                         ("0201", "1301", "too far 11 > 9"),  # 6 + 3 levels
                         ("2623", "2620", "blocked 2622"),   # 13.2.3: woods at the target's level
                         ("2623", "2619", "clear")):         # 13.2.3: woods below both ends
        capsys.readouterr()
        assert wartable(["map", "strafexpedition_1916", "los", a, b]) == 0
        assert capsys.readouterr().out == answer + "\n", (a, b)


def test_user_errors_are_one_line(wartable_map):
    for argv, needle in [
        (("mapmod", "neighbours", "9999"), "unknown location '9999' in module mapmod"),
        (("mapmod", "distance", "0101", "nowhere"), "unknown location 'nowhere'"),
        (("nomod", "neighbours", "0101"), "no module named 'nomod'"),
    ]:
        code, out, err = wartable_map(*argv)
        assert code == 1 and out == ""
        assert needle in err and err.count("\n") == 1 and err.startswith("wartable: ")


def test_query_is_required(wartable_map):
    with pytest.raises(SystemExit):
        wartable_map("mapmod")
