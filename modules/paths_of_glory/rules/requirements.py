"""What the Paths of Glory rules read of a module, and in what shape (DESIGN principle 8: a bad
module gets a clear error when it is opened, never a crash in the middle of a game).

A module naming ``ruleset = "paths_of_glory"`` must hold the tables, locations and piece types
listed here, and its tables must have the rows, columns and cells the rules index:
:func:`problems` says, in words, what is missing or misshapen. The ruleset
(:class:`.ruleset.PathsOfGlory`) refuses such a module with one line naming it.

The lists name what the rules name: ``tests/.../test_requirements.py`` reads every string the
rules package spells and fails if it names a location or piece type of the module that is not
listed here.
"""
from __future__ import annotations

from typing import Iterable

from engine.model import Module, Table

from . import card_ids, fire, mo, tracks

SIDES = ("AP", "CP")

#: The tables the rules read (:mod:`.mo`, :mod:`.fire`, :mod:`.peace`, :mod:`.sr`, :mod:`.status`).
TABLES = ("mandated_offensive", "fire_corps", "fire_army", "terrain_effects", "turn_track",
          "peace_terms_cp", "peace_terms_ap", "sr_cost", "war_commitment", "victory_levels")

#: Map spaces the rules name (capitals, supply sources, ports, the spaces of special rules).
SPACES = (
    "alexandria", "amiens", "antwerp", "arabia", "athens", "baghdad", "baku", "basra", "belgrade",
    "berlin", "breslau", "brussels", "bucharest", "budapest", "calais", "caucasus", "cetinje",
    "constantinople", "essen", "gallipoli", "gaza", "grozny", "kavala", "kermanshah", "libya",
    "liege", "london", "medina", "nis", "orleans", "ostend", "paris", "poti", "riga", "rome",
    "salonika", "sedan", "sinai", "sofia", "taranto", "trent", "trieste", "valona", "vienna",
    "villach", "warsaw",
)
#: Off-map boxes every card and unit passes through (4.1, 9.0, 12.4.4, 12.4.7), the General
#: Records Track (3.0.22), the two event tracks (16.3, 16.4) and the MO Table rows (7.1.1).
BOXES = tuple(
    [f"{box}:{side}" for side in SIDES
     for box in ("hand", "deck", "discard", "removed", "cc", "pool", "reserve", "eliminated",
                 "perm_eliminated")]
    + [f"pile:{side}:{level}" for side in SIDES for level in ("limited_war", "total_war",
                                                               "optional")]
    + [f"grt:{n}" for n in range(tracks.GRT_MAX + 1)]
    + [f"russian_capitulation:{box}" for box in tracks.CAPITULATION_TRACK]
    + [f"us_entry:{box}" for box in ("neutral", "zimmermann_allowed", "zimmermann", "over_there")]
    + [f"mo:{side}:{box}" for side in SIDES for box in mo.BOXES[side]])
LOCATIONS = SPACES + BOXES

#: Units and markers the rules name, and every strategy card.
UNITS = ("ana_corps", "br_mef", "br_ne", "czl_corps", "fr_orient", "ge_11a", "ge_1a", "ge_2a",
         "ge_3a", "pol_corps", "ru_cau", "ru_cav_corps", "sn_corps")
MARKERS = ("m_beachhead", "m_control", "m_cp_ru_vp", "m_cp_ru_vp_fallen", "m_destroyed",
           "m_mo_ap", "m_mo_cp", "m_move_attack", "m_oos", "m_ru_capitulation", "m_siege",
           "m_sinai_pipeline", "m_trench_ap", "m_trench_attempt", "m_trench_cp", "m_us_entry",
           "m_vp", "m_ws_ap", "m_ws_cp", "m_ws_combined")
CARDS = tuple(sorted(v for k, v in vars(card_ids).items() if k.isupper() and isinstance(v, str)))
PIECE_TYPES = UNITS + MARKERS + CARDS

DICE = tuple(range(1, 7))                                  # every table is read with one d6
SEASONS = ("spring", "summer", "fall", "winter")
#: Terrain Effects Chart columns the rules read, and whether each holds a shift or a yes/no.
TERRAIN_COLUMNS = {"attacker_shift": int, "defender_shift": int, "flank_attack": bool,
                   "stop_on_advance": bool}
#: Rows of the small tables the rules read, with the columns read from them (None: the first).
ROWS = {
    "sr_cost": (("corps", "army"), None),                                          # 13.1.2
    "war_commitment": (("limited_war", "total_war", "armistice"), "value"),       # 16.1, 16.2
    "victory_levels": (("introductory", "limited_war", "campaign",
                        "campaign_after_brest_litovsk"),
                       ("cp_victory_at_least", "ap_victory_at_most")),            # 5.3-5.5
    "peace_terms_cp": (("0-19", "20+"), DICE),                                    # 16.5
    "peace_terms_ap": (("0-19", "20+"), DICE),
}


def problems(module: Module) -> list[str]:
    """What ``module`` lacks, or holds in a shape the rules cannot read, in words (empty: it
    can be played). One entry per kind of thing missing, then one per misshapen table."""
    out = []
    sides = [s for s in SIDES if s not in module.side_ids]
    if sides:
        out.append(f"no side {' or '.join(sides)}")
    for what, names, have in (("table", TABLES, module.tables),
                              ("location", LOCATIONS, module.locations),
                              ("piece type", PIECE_TYPES, module.piece_types)):
        lacking = [n for n in names if n not in have]
        if lacking:
            out.append(f"no {what}{'s' if len(lacking) > 1 else ''} {_some(lacking)}")
    for table_id in TABLES:
        table = module.tables.get(table_id)
        if table is not None:
            out += [f"table {table_id}: {p}" for p in _table_problems(module, table)]
    return out


def _some(names: list[str], shown: int = 4) -> str:
    head = ", ".join(names[:shown])
    return head if len(names) <= shown else f"{head}… ({len(names)} in all)"


# -- each table's shape ------------------------------------------------------------------------
def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _column(table: Table, col: object) -> list:
    j = table.cols.values.index(col)
    return [row[j] if j < len(row) else None for row in table.cells]


def _cell(table: Table, row: object, col: object) -> object:
    return table.cells[table.rows.values.index(row)][table.cols.values.index(col)]


def _lacks(axis: str, have: Iterable[object], want: Iterable[object]) -> list[str]:
    have = set(have)
    missing = [str(w) for w in want if w not in have]
    return [f"no {axis} {', '.join(missing)}"] if missing else []


def _table_problems(module: Module, table: Table) -> list[str]:
    if len(table.cells) != len(table.rows.values) \
            or any(len(row) != len(table.cols.values) for row in table.cells):
        return ["its cells do not fill its rows and columns"]
    for axis, values in (("row", table.rows.values), ("column", table.cols.values)):
        seen: set = set()
        twice = [v for v in values if v in seen or seen.add(v)]
        if twice:
            return [f"{axis} {twice[0]!r} appears twice"]
    check = {"mandated_offensive": _mandated_offensive, "fire_corps": _fire,
             "fire_army": _fire, "terrain_effects": _terrain, "turn_track": _turns}.get(table.id)
    if check is not None:
        return check(module, table)
    rows, cols = ROWS[table.id]
    found = _lacks("row", table.rows.values, rows)
    if cols == DICE:       # the die may be a number or its text (peace.py reads either)
        missing = [d for d in DICE if d not in table.cols.values and str(d) not in table.cols.values]
        found += [f"no die column {', '.join(map(str, missing))}"] if missing else []
        cols = [d if d in table.cols.values else str(d) for d in DICE if d not in missing]
    elif cols is None:
        cols = table.cols.values[:1]
        found += [] if cols else ["no column"]
    else:
        cols = (cols,) if isinstance(cols, str) else cols
        found += _lacks("column", table.cols.values, cols)
        cols = [c for c in cols if c in table.cols.values]
    if found:
        return found
    bad = [f"{r}/{c}" for r in rows for c in cols if not _is_int(_cell(table, r, c))]
    return [f"cell {bad[0]} is not a whole number"] if bad else []


def _mandated_offensive(module: Module, table: Table) -> list[str]:
    """7.1.1: a row per die, a column per side, each cell a box of that side's row."""
    found = _lacks("die row", table.rows.values, DICE) + _lacks("column", table.cols.values, SIDES)
    for side in SIDES:
        if side in table.cols.values:
            bad = [c for c in _column(table, side) if str(c) not in mo.BOXES[side]]
            if bad:
                found.append(f"{side} column holds {bad[0]!r}, not one of "
                             f"{', '.join(mo.BOXES[side])} (PoG 7.1.1)")
    return found


def _fire(module: Module, table: Table) -> list[str]:
    """12.2.8: a row per die; columns of combat strengths, one after the other with no gap
    (the last may be open: ``16+``); Loss Numbers."""
    found = _lacks("die row", table.rows.values, DICE)
    if not table.cols.values:
        return found + ["no strength column"]
    ranges = []
    for col in table.cols.values:
        try:
            ranges.append(fire.strength_range(col))
        except ValueError:
            return found + [f"column {col!r} is not a combat strength (3, 6-8, 16+)"]
    for (lo, hi), (nxt, _), col in zip(ranges, ranges[1:], table.cols.values[1:]):
        if hi is None or nxt != hi + 1:
            found.append(f"column {col!r} does not follow the one before it (strengths "
                         "ascending, no gap)")
            break
    bad = [c for row in table.cells for c in row if not _is_int(c) or c < 0]
    if bad:
        found.append(f"a Loss Number is {bad[0]!r}, not a whole number of 0 or more")
    return found


def _terrain(module: Module, table: Table) -> list[str]:
    """12.2.8, 12.3.1, 12.7.3: a row per terrain on the map and per trench level."""
    terrains = sorted({l.terrain or "clear" for l in module.locations.values()
                       if l.kind == "space"} | {"clear", "trench_1", "trench_2"})
    found = _lacks("row", table.rows.values, terrains) \
        + _lacks("column", table.cols.values, TERRAIN_COLUMNS)
    for col, kind in TERRAIN_COLUMNS.items():
        if col in table.cols.values:
            ok = _is_int if kind is int else (lambda v: isinstance(v, bool))
            bad = [c for c in _column(table, col) if not ok(c)]
            if bad:
                found.append(f"column {col} holds {bad[0]!r}, not "
                             f"{'a whole number' if kind is int else 'true or false'}")
    return found


def _turns(module: Module, table: Table) -> list[str]:
    """The Turn Record Track: every turn a scenario plays has its season and year."""
    last = max([int(s.last_turn or 20) for s in module.scenarios.values()] + [20])
    have = set(table.rows.values)
    first = next(t for t in range(1, len(have) + 2) if t not in have)   # never past the rows
    found = [f"no turn row {first} (the scenarios play to turn {last})"] if first <= last else []
    found += _lacks("column", table.cols.values, ("season", "year"))
    if "season" in table.cols.values:
        bad = [c for c in _column(table, "season") if c not in SEASONS]
        if bad:
            found.append(f"season {bad[0]!r} is not one of {', '.join(SEASONS)}")
    if "year" in table.cols.values:
        bad = [c for c in _column(table, "year") if not _is_int(c)]
        if bad:
            found.append(f"year {bad[0]!r} is not a whole number")
    return found
