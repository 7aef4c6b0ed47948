"""The edit mode's vocabulary: its tools, the hexside features and terrains it offers, and
how a typed name becomes an id."""
from __future__ import annotations

import re
from typing import Any

TOOLS = ("grid", "terrain", "hexside", "name", "space", "connect", "setup", "play")
TOOL_WORDS = {"grid": "Grid", "terrain": "Terrain", "hexside": "Hexsides", "name": "Names",
              "space": "Spaces", "connect": "Connect", "setup": "Set-up", "play": "Play"}
#: Tools that take a left click on the map themselves (the others leave it to the gestures).
MAP_TOOLS = ("grid", "terrain", "hexside", "name", "space", "connect")
#: The hexside features the hexside tool offers: words → the edge attributes set.
HEXSIDE_FEATURES: dict[str, dict[str, Any]] = {
    "river": {"river": "minor"}, "major river": {"river": "major"}, "rail": {"rail": True},
    "road": {"road": True}, "border": {"border": True}, "extra cost +1": {"mp_cost": 1},
    "impassable": {"impassable": True}, "clear": {},
}
TERRAINS = ("clear", "forest", "hills", "mountain", "marsh", "town", "city", "water")
PANEL_W = 330
DRAG_START = 5
PROBLEM = (235, 40, 40)


def slug(name: str) -> str:
    """A location or scenario id from a name (lower_snake)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:60] or "space"
