"""Colours the table draws with: module colour strings, terrain fills, hexside features, UI.

Everything here is pure data and small functions returning ``pygame.Color``; nothing is drawn.
A module gives colours as ``"#rrggbb"`` strings (sides, nationalities, boards); terrain is a
*name*, coloured from :data:`TERRAIN` when it is known there and otherwise from a fixed fallback
palette chosen by a stable hash of the name, so an unknown terrain always gets the same colour.
"""
from __future__ import annotations

import zlib
from functools import lru_cache

import pygame

Colour = pygame.Color

#: Terrain name → fill colour. Keys are lower-case; :func:`terrain_colour` also matches a key
#: contained in the name (``"light_forest"`` → ``forest``) and ``levelN`` elevation bands.
TERRAIN: dict[str, tuple[int, int, int]] = {
    "clear": (226, 222, 184),
    "open": (226, 222, 184),
    "plain": (226, 222, 184),
    "forest": (120, 160, 92),
    "woods": (120, 160, 92),
    "wood": (120, 160, 92),
    "jungle": (84, 140, 70),
    "hills": (196, 170, 110),
    "hill": (196, 170, 110),
    "rough": (184, 164, 120),
    "mountain": (160, 128, 96),
    "high_mountain": (236, 236, 240),
    "alpine": (236, 236, 240),
    "glacier": (236, 240, 248),
    "town": (200, 150, 150),
    "city": (190, 120, 120),
    "village": (210, 170, 160),
    "urban": (190, 120, 120),
    "sea": (120, 160, 210),
    "ocean": (110, 150, 205),
    "water": (120, 160, 210),
    "lake": (130, 175, 220),
    "marsh": (150, 180, 150),
    "swamp": (140, 170, 140),
    "desert": (236, 214, 160),
    "england": (205, 215, 190),
    "neutral": (200, 200, 200),
    "outside": (180, 180, 180),
    "offmap": (170, 170, 170),
    "fortress": (170, 150, 150),
}

#: Elevation bands (``level1`` … ``level7``): low green to high brown/white.
LEVELS: tuple[tuple[int, int, int], ...] = (
    (214, 222, 170), (204, 208, 150), (206, 196, 140), (198, 178, 126),
    (186, 158, 112), (172, 142, 108), (200, 194, 186), (232, 232, 236),
)

#: Fallback fills for terrain names the table does not know (muted, distinguishable).
FALLBACK_PALETTE: tuple[tuple[int, int, int], ...] = (
    (210, 200, 170), (180, 200, 170), (200, 180, 200), (170, 190, 210), (220, 190, 160),
    (190, 210, 200), (210, 210, 160), (200, 170, 170), (175, 175, 205), (205, 195, 215),
)

#: Hexside feature → (colour, width in board units at zoom 1, style). Style is "side" (drawn
#: along the hexside), "cross" (drawn centre to centre across it: roads, railways) or "mark".
FEATURES: dict[str, tuple[tuple[int, int, int], float, str]] = {
    "river": ((40, 110, 220), 3.0, "side"),
    "major_river": ((30, 90, 210), 5.5, "side"),
    "rhine": ((30, 90, 210), 5.5, "side"),
    "canal": ((60, 130, 230), 2.5, "side"),
    "impassable": ((40, 30, 30), 6.0, "side"),
    "blocking": ((40, 30, 30), 6.0, "side"),
    "cliff": ((90, 60, 40), 4.5, "side"),
    "border": ((150, 40, 150), 2.5, "side"),
    "escarpment": ((120, 80, 50), 4.0, "side"),
    "pass": ((230, 120, 40), 3.0, "side"),
    "mountain_pass": ((230, 120, 40), 3.0, "side"),
    "road": ((170, 60, 40), 2.5, "cross"),
    "track": ((140, 100, 60), 1.5, "cross"),
    "trail": ((140, 100, 60), 1.5, "cross"),
    "railway": ((30, 30, 30), 2.0, "cross"),
    "rail": ((30, 30, 30), 2.0, "cross"),          # Grand Illusion, 1914 OaO: centre to centre
    "forest": ((70, 120, 60), 1.5, "side"),        # 1914 OaO wooded hexsides
    "sea": ((70, 110, 170), 2.0, "side"),          # coast hexsides
    "mp_cost": ((200, 30, 30), 3.0, "mark"),       # extra-cost hexside (GI red diamond, 8.4.2)
    "holland_mp_cost": ((200, 30, 30), 3.0, "mark"),
    "railroad": ((30, 30, 30), 2.0, "cross"),
    "bridge": ((60, 60, 60), 3.0, "mark"),
    "bridge_site": ((60, 60, 60), 3.0, "mark"),
}

#: Edge attributes that describe a feature but are not one (names, costs, notes).
NOT_FEATURES = frozenset({"name", "river_name", "cost", "note", "notes", "source",
                          "bridges", "only", "label"})

TABLE_BG = (58, 62, 70)          # the table cloth around the boards
HEX_OUTLINE = (90, 90, 80)
LABEL = (60, 56, 48)
CONNECTION = (80, 70, 60)
BOX_FILL = (238, 232, 214)
BOX_EDGE = (70, 64, 56)
SELECT = (255, 210, 40)
HOVER = (255, 255, 255)
DROP_TARGET = (60, 200, 90)
# rules-enforced play: spaces the legal actions point at, by kind of action
HL_ACTIVATE = (70, 160, 255)      # activate (for Move or Attack), other space choices
HL_ATTACK = (240, 50, 50)         # attack targets
HL_DESTINATION = (40, 230, 200)   # where a unit may move, redeploy, retreat, be placed
HL_UNIT = (255, 140, 30)          # units to choose (attackers, losses)
LOS_CLEAR = (30, 210, 70)      # the line-of-sight tool's line when clear
LOS_BLOCKED = (235, 35, 35)   # ... when blocked (and the blocking hex's outline)

UI_BG = (34, 37, 43)
UI_PANEL = (46, 50, 58)
UI_EDGE = (90, 96, 108)
UI_TEXT = (226, 228, 232)
UI_DIM = (150, 154, 162)
UI_ACCENT = (240, 190, 60)
UI_LINK = (120, 180, 255)
UI_ERROR = (240, 110, 100)
UI_HILITE = (70, 90, 130)


def parse(value: str | None, default: tuple[int, int, int] = (192, 192, 192)) -> Colour:
    """``"#rrggbb"`` (or any name pygame knows) as a Color; ``default`` if it cannot be read."""
    if value:
        try:
            return pygame.Color(value)
        except (ValueError, TypeError):
            pass
    return pygame.Color(*default)


def stable_index(name: str, n: int) -> int:
    """A stable index in ``range(n)`` for ``name`` (the same in every run and process)."""
    return zlib.crc32(name.encode("utf-8")) % n


def terrain_colour(name: str) -> Colour:
    """The fill colour of terrain ``name`` (``""`` → the clear colour)."""
    return pygame.Color(_terrain_rgb(name))


@lru_cache(maxsize=512)
def _terrain_rgb(name: str) -> tuple[int, int, int]:
    key = (name or "clear").lower().replace(" ", "_").replace("-", "_")
    if key in TERRAIN:
        return TERRAIN[key]
    if key.startswith("level") and key[5:].isdigit():
        level = int(key[5:])
        return LEVELS[max(0, min(level, len(LEVELS) - 1))]
    for known, rgb in TERRAIN.items():
        if known in key:
            return rgb
    return FALLBACK_PALETTE[stable_index(key, len(FALLBACK_PALETTE))]


@lru_cache(maxsize=1024)
def feature_style(attr: str, value: object) -> tuple[tuple[int, int, int], float, str] | None:
    """How a hexside attribute is drawn, or None if it is not drawn (false values, costs,
    names). ``river="major"`` is a major river; any other truthy unknown attribute is drawn as
    a thin line along the side in a stable fallback colour."""
    if value in (False, None, "", 0) or attr in NOT_FEATURES or isinstance(value, float):
        return None
    if attr == "river" and isinstance(value, str) and value.lower() in ("major", "great", "wide"):
        return FEATURES["major_river"]
    if attr in FEATURES:
        return FEATURES[attr]
    if isinstance(value, int) and not isinstance(value, bool):
        return None  # numeric modifiers are rules data, not map features
    rgb = FALLBACK_PALETTE[stable_index(attr, len(FALLBACK_PALETTE))]
    return (tuple(max(0, c - 90) for c in rgb), 2.0, "side")  # type: ignore[return-value]


def darker(colour: Colour | tuple, amount: float = 0.6) -> Colour:
    c = pygame.Color(colour)
    return pygame.Color(int(c.r * amount), int(c.g * amount), int(c.b * amount))


def lighter(colour: Colour | tuple, amount: float = 0.5) -> Colour:
    c = pygame.Color(colour)
    return pygame.Color(int(c.r + (255 - c.r) * amount), int(c.g + (255 - c.g) * amount),
                        int(c.b + (255 - c.b) * amount))


def contrast(colour: Colour | tuple) -> Colour:
    """Black or white, whichever reads better on ``colour``."""
    c = pygame.Color(colour)
    return pygame.Color(0, 0, 0) if (0.299 * c.r + 0.587 * c.g + 0.114 * c.b) > 140 else pygame.Color(255, 255, 255)
