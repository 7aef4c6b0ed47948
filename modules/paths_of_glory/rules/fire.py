"""Fire in a Paths of Glory combat (12.2.3, 12.2.7–12.2.9): combat strength, the fire table a
side uses, the column shifts of the defending space's terrain and trench, and the Loss Number
read from the table. Pure questions over the state: nothing here changes the game.

* 12.2.3 each side totals the CF of its units in the combat; the defender adds a fort's CF;
* 12.2.8 a side fires on the Army Fire Table if its units include an army (even reduced),
  otherwise on the Corps/Fort table; terrain and trench shifts are cumulative, never change
  table, and shifts past either end are ignored;
* 12.2.9 the die, modified by the side's DRM, is clamped to 1..6.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from . import board

if TYPE_CHECKING:
    from .game import Game


def season(g: "Game") -> str:
    """The season of the current turn (Turn Record Track)."""
    table = g.module.tables.get("turn_track")
    turn = int(g.get("turn", 1) or 1)
    if table is None or turn not in table.rows.values:
        return ""
    return str(table.lookup(turn, "season"))


def year(g: "Game") -> int:
    table = g.module.tables.get("turn_track")
    turn = int(g.get("turn", 1) or 1)
    if table is None or turn not in table.rows.values:
        return 1914
    return int(table.lookup(turn, "year"))


def terrain(g: "Game", loc: str) -> str:
    """The space's printed terrain (``Location.terrain``; clear if blank)."""
    return g.module.locations[loc].terrain or "clear"


def terrain_effect(g: "Game", key: str, effect: str):
    """A cell of the Terrain Effects Chart (``key`` a terrain or ``trench_1``/``trench_2``)."""
    table = g.module.tables["terrain_effects"]
    if key not in table.rows.values:
        return None
    return table.lookup(key, effect)


def strength(g: "Game", pids: Iterable[int], fort: int = 0) -> int:
    """PoG 12.2.3: the total CF of the units (plus a defending fort's CF)."""
    return sum(int(g.value(pid, "cf") or 0) for pid in pids) + fort


def uses_army_table(g: "Game", pids: Iterable[int]) -> bool:
    """PoG 12.2.8: the Army Fire Table if any of the side's units is an army, even reduced."""
    return any(board.is_army(g, pid) for pid in pids)


def strength_range(label: object) -> tuple[int, int | None]:
    """The combat strengths a fire-table column covers (12.2.8): ``3`` → (3, 3), ``"6-8"`` →
    (6, 8), ``"16+"`` → (16, None). ValueError for a label that is none of these."""
    text = str(label)
    if text.endswith("+"):
        return int(text[:-1]), None
    if "-" in text:
        lo, hi = (int(x) for x in text.split("-"))
        return lo, hi
    return int(text), int(text)


def _column_of(table, value: int) -> int:
    """Index of the column holding the strength ``value`` (``"6-8"``, ``"16+"``, ``8+``)."""
    for i, col in enumerate(table.cols.values):
        lo, hi = strength_range(col)
        if lo <= value and (hi is None or value <= hi):
            return i
    return 0 if value < strength_range(table.cols.values[0])[0] else len(table.cols.values) - 1


def trench_shifts(g: "Game", loc: str, defender: str) -> tuple[int, int]:
    """(attacker, defender) column shifts of the defender's trench in ``loc`` (4.3, 11.2.8)."""
    owner, level = board.trench(g, loc)
    if level == 0 or owner != defender:
        return 0, 0
    return level_shifts(g, level)


def level_shifts(g: "Game", level: int) -> tuple[int, int]:
    """(attacker, defender) column shifts of a trench of ``level`` (0: none)."""
    if level <= 0:
        return 0, 0
    key = f"trench_{level}"
    return int(terrain_effect(g, key, "attacker_shift") or 0), int(terrain_effect(g, key, "defender_shift") or 0)


def column(g: "Game", army: bool, total: int, shift: int) -> tuple[str, object]:
    """PoG 12.2.8: (table id, column label) after ``shift`` columns, clamped at the ends."""
    table = g.module.tables["fire_army" if army else "fire_corps"]
    index = _column_of(table, total) + shift
    index = max(0, min(len(table.cols.values) - 1, index))
    return table.id, table.cols.values[index]


def loss_number(g: "Game", table_id: str, col: object, die: int) -> int:
    """PoG 12.2.9: the Loss Number for the modified die (clamped to 1..6) in ``col``."""
    table = g.module.tables[table_id]
    die = max(1, min(6, die))
    return int(table.lookup(die, col) or 0)
