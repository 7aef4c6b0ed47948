"""18.5 German special RR engineering: the map's yellow circles (the module's table
``rr_special``: hexside, rebuild GT). Each is rebuilt in the GT of its number like any RR structure
(18.4.3); once rebuilt (1) only the German may use it and (2) only to trace supply and to move
depots: the German's operational network (18.1.1), its LOC (15.0) and its depots' moves (15.6.3)
cross the hexside even where the structure it stands for is demolished; rail movement of other
units never does (18.4.2 still blocks it, `tasks.rail_graph_ok`)."""
from __future__ import annotations

from .game import Game

TABLE = "rr_special"


def yellow_structures(g: Game) -> dict[str, int]:
    """The yellow circles: ``"a|b"`` (the hexside, lower hex first) -> the GT they are rebuilt in."""
    table = g.module.tables.get(TABLE)
    if table is None:
        return {}
    col = table.cols.values.index("rebuild")
    return {str(key): int(row[col]) for key, row in zip(table.rows.values, table.cells)}


def special_open(g: Game, a: str, b: str, side: str) -> bool:
    """18.5: the hexside a-b carries a rebuilt yellow structure the German may use for supply and
    depot movement."""
    if side != "german":
        return False
    key = f"{a}|{b}" if a < b else f"{b}|{a}"
    gt = yellow_structures(g).get(key)
    return gt is not None and g.gt >= gt
