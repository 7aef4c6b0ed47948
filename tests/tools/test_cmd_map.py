"""``wartable map``: the module author's map queries, on a small module built in the test."""
from __future__ import annotations

import argparse
import sys
import types

import pytest

from engine.errors import WartableError
from engine.hexgrid import Layout, scheme_for
from engine.model import Board, Edge, Face, Grid, Location, Module, PieceType
from tools import cmd_map

GRID = Grid("g", "map", "flat", 40.0, 60.0, 60.0, "colrow", {"parity": "odd"})


def build_module() -> Module:
    """5x5 hexes 0101..0505 (hill 0103 at level 2, woods in 0403), two spaces joined only for
    the red nationality, a box joined to 0505."""
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
                  locations={x.id: x for x in locs}, edges=edges, piece_types=pieces)


@pytest.fixture
def wartable_map(monkeypatch, capsys):
    """Run ``wartable map ...`` against build_module() through a patched tools.resolve."""
    module = build_module()

    def open_module(arg: str) -> Module:
        if arg != module.id:
            raise WartableError(f"no module named {arg!r}")
        return module
    try:
        import tools.resolve as resolve
    except ImportError:
        resolve = types.ModuleType("tools.resolve")
        monkeypatch.setitem(sys.modules, "tools.resolve", resolve)
    monkeypatch.setattr(resolve, "open_module", open_module, raising=False)

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
