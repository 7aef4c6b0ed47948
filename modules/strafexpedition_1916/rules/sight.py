"""Line of sight, observation and range (13.2.2, 13.2.3, 9.1).

The terrain part of a line of sight is the engine's (:func:`engine.los.sight` with the module's
``line_of_sight`` table: blocked by an intervening hex higher than both ends, woods only when an
end is at the woods' level or lower, a hexside only when both hexes beside it block; 13.2.2,
13.2.3). The rules add what changes during a game: its length under the turn's weather (9.1).

Reading (weather and height, 13.2.2 with 9.1): under Clear skies the line may be 6 hexes plus
one per level the observer stands above the target; under Overcast it is 4 hexes, or 3 when the
observer or the target is at level 5 or higher; under Rain 2 hexes — the weather figure is the
whole limit (the extra length for height is a clear-sky view over lower ground, and cloud or
rain hide the far ground whatever one's height). Two adjacent hexes always see each other (3.0
defines a line of sight between non-adjacent hexes only).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine.los import sight as engine_sight, sight_model

from . import board

if TYPE_CHECKING:
    from .game import Game

OVERCAST_LEVEL = 5         # 9.1: Overcast shortens more when a level-5+ hex is involved


def los_limit(g: "Game", observer: str, target: str, weather: str | None = None) -> int:
    """The longest line of sight from ``observer`` to ``target`` this turn (9.1, 13.2.2)."""
    weather = weather or g.weather
    data = g.data
    lo, lt = data.level.get(observer, 1), data.level.get(target, 1)
    fx = data.weather_fx[weather]
    if weather == "clear":
        model = sight_model(g.module)
        return int(fx["los"]) + int(model.per_level_bonus * max(0, lo - lt))
    if weather == "overcast" and max(lo, lt) >= OVERCAST_LEVEL:
        return int(fx["los_level5_plus"])
    return int(fx["los"])


def terrain_clear(g: "Game", a: str, b: str) -> tuple[bool, int]:
    """(terrain does not block the line a→b, its length in hexes), cached per module."""
    cache = g.rules.los_cache
    key = (a, b)
    hit = cache.get(key)
    if hit is None:
        ans = engine_sight(g.module, g.graph, a, b)
        hit = (bool(ans.sight.clear), int(ans.distance))
        if len(cache) > 400_000:
            cache.clear()
        cache[key] = hit
    return hit


def has_los(g: "Game", observer: str, target: str, weather: str | None = None) -> bool:
    """13.2.2: an unbroken line of sight, within this turn's length, from ``observer`` to
    ``target``."""
    if observer == target:
        return True
    d = g.data.hex_distance(observer, target)
    if d <= 1:
        return True
    if d > los_limit(g, observer, target, weather):
        return False
    clear, _ = terrain_clear(g, observer, target)
    return clear


def observer_hexes(g: "Game", side: str, area: Iterable[str]) -> list[str]:
    """13.2.2: the hexes of ``area`` (the activated HQ's command area) that may observe: not
    occupied by enemy units and not in an enemy ZoC (reading: literally, even if friendly units
    stand there)."""
    enemy = board.occupied(g, "IT" if side == "AH" else "AH")
    ez = board.zoc(g, "IT" if side == "AH" else "AH")
    return sorted(h for h in area if h not in enemy and h not in ez)


def observed(g: "Game", observers: list[str], target: str) -> bool:
    """Whether any observer sees ``target`` (13.2.2)."""
    dist = g.data.hex_distance
    for o in sorted(observers, key=lambda h: (dist(h, target), h)):
        if dist(o, target) > 13:      # beyond the longest possible line (6 + 7 levels)
            break
        if has_los(g, o, target):
            return True
    return False


def in_range(g: "Game", art: int, target: str) -> bool:
    """13.2.2 / 19.1: the target lies within the artillery's printed Range (the firing hex not
    counted, the target counted)."""
    return g.data.hex_distance(g.where(art), target) <= int(g.value(art, "range", 0))
