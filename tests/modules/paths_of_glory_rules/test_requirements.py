"""The Paths of Glory ruleset declares what it reads of a module and refuses, when the module is
opened, one that lacks it or holds it in a shape the rules cannot read: one clear line naming
what is wrong, never a ``KeyError`` or a ``tuple.index`` crash in the middle of a game (issue 20,
DESIGN principle 8)."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from engine.errors import WartableError
from engine.model import Axis
from engine.modules import open_module
from engine.registry import load_ruleset
from engine.session import Session
from modules.paths_of_glory.rules import requirements
from modules.paths_of_glory.rules.ruleset import PathsOfGlory
from tools.cli import main

from .conftest import module

RULES = Path(requirements.__file__).parent
#: Strings the rules spell that happen to be a location id but do not name that location: the
#: last box of the Russian Capitulation track (16.4.8) is the Treaty, not the space.
NOT_LOCATIONS = {"brest_litovsk"}


def test_pog_module_requirements_the_pog_module_has_everything_in_shape():
    assert requirements.problems(module()) == []
    rules = PathsOfGlory(module())
    assert rules.required_tables == requirements.TABLES
    assert set(rules.required_locations) <= set(module().locations)
    assert set(rules.required_piece_types) <= set(module().piece_types)


def test_pog_module_requirements_name_everything_the_rules_name():
    """Every string of the rules package that is a location or piece type of the module is
    declared, so a module lacking it is refused when opened, not half-way through a game."""
    locations, types = set(module().locations), set(module().piece_types)
    undeclared = set()
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                v = node.value
                if (v in locations and v not in NOT_LOCATIONS
                        and v not in requirements.LOCATIONS) \
                        or (v in types and v not in requirements.PIECE_TYPES):
                    undeclared.add(f"{path.name}: {v}")
    assert undeclared == set()


def test_pog_module_requirements_a_small_module_is_refused_in_one_line():
    small = open_module("skirmish")              # the engine's sample module
    with pytest.raises(WartableError) as err:
        load_ruleset("paths_of_glory", small)
    text = str(err.value)
    assert "\n" not in text and text.startswith(
        "module skirmish cannot be played under the paths_of_glory rules: ")
    for missing in ("no side AP or CP", "no tables mandated_offensive", "(10 in all)",
                    "no locations", "no piece types"):
        assert missing in text


def test_pog_module_requirements_through_the_cli_one_line_and_exit_1(capsys):
    code = main(["fuzz", "skirmish", "--ruleset", "paths_of_glory", "--games", "1"])
    out, err = capsys.readouterr()
    lines = (out + err).strip().splitlines()
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("wartable: module skirmish cannot be played under the "
                               "paths_of_glory rules: ") and "mandated_offensive" in lines[0]


# -- one flipped value in a table --------------------------------------------------------------
def _flip(table, where, old, new):
    """``table`` with one value changed: a row or column header (``where`` "rows" / "cols") or
    the cell at ``where`` = (row, column)."""
    if where in ("rows", "cols"):
        ax = getattr(table, where)
        assert old in ax.values
        return dataclasses.replace(table, **{where: Axis(ax.name, tuple(
            new if v == old else v for v in ax.values))})
    i, j = table.rows.values.index(where[0]), table.cols.values.index(where[1])
    assert table.cells[i][j] == old
    cells = [list(r) for r in table.cells]
    cells[i][j] = new
    return dataclasses.replace(table, cells=tuple(tuple(r) for r in cells))


#: One value of a table changed by a flipped bit ('U' 0x55 -> 'V' 0x56, 6 -> 7, '0' -> 'O'):
#: (case, table, where, the value, the flipped value, what the refusal says)
FLIPS = [
    ("mo_die_row", "mandated_offensive", "rows", 1, 3, "row 3 appears twice"),
    ("mo_side_column", "mandated_offensive", "cols", "CP", "CQ", "no column CP"),
    ("mo_box", "mandated_offensive", (1, "AP"), "RU", "RV", "AP column holds 'RV'"),
    ("fire_army_column", "fire_army", "cols", "6-8", "6-9", "does not follow the one before"),
    ("fire_corps_die_row", "fire_corps", "rows", 6, 7, "no die row 6"),
    ("terrain_row", "terrain_effects", "rows", "desert", "desest", "no row desert"),
    ("terrain_flag", "terrain_effects", ("clear", "flank_attack"), True, 1,
     "column flank_attack holds 1"),
    ("turn_season", "turn_track", (4, "season"), "winter", "wintes", "season 'wintes'"),
    ("victory_row", "victory_levels", "rows", "campaign", "campaigo", "no row campaign"),
    ("peace_die_column", "peace_terms_ap", "cols", 6, 7, "no die column 6"),
    ("commitment_value", "war_commitment", ("armistice", "value"), 40, "4O",
     "armistice/value is not a whole number"),
]


@pytest.mark.parametrize("table_id, where, old, new, words", [f[1:] for f in FLIPS],
                         ids=[f[0] for f in FLIPS])
def test_pog_module_requirements_a_flipped_table_value_is_refused_when_opened(table_id, where,
                                                                            old, new, words):
    good = module()
    bad = dataclasses.replace(good, tables={**good.tables,
                                            table_id: _flip(good.tables[table_id], where, old,
                                                            new)})
    found = requirements.problems(bad)
    assert [p for p in found if p.startswith(f"table {table_id}: ") and words in p], found
    with pytest.raises(WartableError, match=f"table {table_id}: "):
        Session.new(bad, "campaign", 1, ruleset="paths_of_glory")
