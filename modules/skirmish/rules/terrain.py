"""SK 5: the Terrain Effects Chart, and what hexside features do to movement and combat.

The chart is the rulebook's (RULES.md 5.1); the hexside features and their movement costs are
the module's map data (``Edge`` attrs ``river``, ``mp_cost``, ``impassable``)."""
from __future__ import annotations

from engine.model import Edge

#: SK 5.1: terrain -> (movement points to enter, column shift for the defender).
TERRAIN: dict[str, tuple[int, int]] = {
    "clear": (1, 0),
    "town": (1, -1),
    "forest": (2, -1),
    "hills": (2, -1),
}


def impassable(edge: Edge | None) -> bool:
    """SK 5.3: no hexside at all (not adjacent), or an impassable one."""
    return edge is None or bool(edge.attrs.get("impassable"))


def hexside_cost(edge: Edge) -> int:
    """SK 5.2: the movement points the map prints on a river hexside (0 for none)."""
    return int(edge.attrs.get("mp_cost", 0))


def river(edge: Edge) -> bool:
    """SK 5.2: whether the hexside is a river (minor or major)."""
    return bool(edge.attrs.get("river"))
