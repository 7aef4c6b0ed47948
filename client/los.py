"""Line of sight between two hexes of a module's map, as both ``wartable map MODULE los A B``
and the table's LOS tool (key ``V``) answer it — one function, so the two never disagree.

The heights are each hex location's ``elevation`` attribute (an int level; 0 when absent, so a
map without levels is flat) and the extra height of what stands on it is its ``blocks``
attribute (a float; 0 when absent); the rule itself is :func:`engine.search.line_of_sight`
(the sight line runs evenly from the observer's level to the target's, and an intermediate hex
blocks when its level plus ``blocks`` is above the line there).

Read-only and pygame-free: it only reads the map graph, never game state, so ``tools`` may
import it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.board import MapGraph
from engine.errors import WartableError
from engine.hexgrid import LINE_NUDGE, distance as hex_distance, line as hex_line
from engine.model import Module
from engine.search import Sight, line_of_sight

HEIGHT_KEY = "elevation"
BLOCKS_KEY = "blocks"
#: Words by which a rules-index entry is about line of sight.
_LOS_WORDS = re.compile(r"\bLoS\b|\bline[- ]of[- ]sight\b", re.IGNORECASE)


def number(graph: MapGraph, loc: str, key: str) -> float:
    """Location ``loc``'s numeric attribute ``key`` (0 when absent); WartableError if it is
    not a number."""
    v = graph.locations[loc].attrs.get(key, 0)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise WartableError(f"location {loc}: attribute {key!r} must be a number, not {v!r}")
    return float(v)


def check_hexes(graph: MapGraph, a: str, b: str) -> None:
    """WartableError unless ``a`` and ``b`` are hexes of one grid."""
    for loc in (a, b):
        if graph.hex_of(loc) is None:
            raise WartableError(f"line of sight needs two hexes: {loc} is a {graph.location(loc).kind}")
    if graph.location(a).grid != graph.location(b).grid:
        raise WartableError(f"{a} and {b} are on different grids")


def sight(graph: MapGraph, a: str, b: str) -> Sight:
    """The engine's line of sight from hex ``a`` to hex ``b`` over the ``elevation`` and
    ``blocks`` attributes; WartableError for non-hexes, two grids or a non-numeric attribute."""
    check_hexes(graph, a, b)
    return line_of_sight(graph, a, b, lambda loc: number(graph, loc, HEIGHT_KEY),
                         lambda loc: number(graph, loc, BLOCKS_KEY))


def verdict(s: Sight) -> str:
    """``clear`` or ``blocked BY``: the answer line of ``wartable map MODULE los A B``."""
    return "clear" if s.clear else f"blocked {s.blocker}"


def los_rules(module: Module) -> list[str]:
    """The rules-index entries about line of sight that the readout cites: of the entries whose
    text mentions LoS, those of the section holding most of them (Strafexpedition 1916: 13.2.2
    and 13.2.3, observation and terrain); [] when the index has none."""
    hits = [rule for rule, text in module.rules_index.items() if _LOS_WORDS.search(text)]
    if not hits:
        return []
    groups: dict[str, list[str]] = {}
    for rule in hits:
        groups.setdefault(rule.rsplit(".", 1)[0] if "." in rule else rule, []).append(rule)
    return max(groups.values(), key=len)   # the first of equal-sized groups


@dataclass(frozen=True)
class Report:
    """A line-of-sight answer for the table: ``verdict`` is exactly the ``wartable map ... los``
    answer ("clear", "blocked 0613") or "" with ``error`` set when it cannot be asked (not two
    hexes...). For a blocked line, ``level`` is the blocker's elevation plus its ``blocks`` and
    ``line`` the sight line's height above it."""
    a: str
    b: str
    verdict: str = ""
    blocker: str | None = None
    distance: int = 0
    elevation: float = 0.0
    blocks: float = 0.0
    line: float = 0.0
    rules: tuple[str, ...] = ()
    error: str = ""

    @property
    def clear(self) -> bool:
        return self.verdict == "clear"

    @property
    def level(self) -> float:
        return self.elevation + self.blocks

    def text(self) -> str:
        """The one-line readout, e.g. ``LOS 0412 → 0815: blocked by 0613 (level 7 > sight
        line 5.3) — rules 13.2.2, 13.2.3``."""
        head = f"LOS {self.a} → {self.b}: "
        if self.error:
            return head + self.error
        if self.clear:
            body = f"clear ({self.distance} hex{'es' if self.distance != 1 else ''})"
        else:
            level = f"level {self.elevation:g}" + (f" + {self.blocks:g} blocking" if self.blocks else "")
            body = f"blocked by {self.blocker} ({level} > sight line {self.line:.1f})"
        if self.rules:
            body += f" — rule{'s' if len(self.rules) > 1 else ''} {', '.join(self.rules)}"
        return head + body


def report(module: Module, graph: MapGraph | None, a: str, b: str) -> Report:
    """The LOS tool's answer from hex ``a`` (observer) to hex ``b`` (target) of ``module``."""
    rules = tuple(los_rules(module))
    if graph is None:
        return Report(a, b, rules=rules, error="this module's map has no graph to trace a line on")
    try:
        s = sight(graph, a, b)
    except WartableError as exc:
        return Report(a, b, rules=rules, error=str(exc))
    ha, hb = graph.hex_of(a), graph.hex_of(b)
    n = hex_distance(ha, hb)
    if s.clear:
        return Report(a, b, verdict(s), distance=n, rules=rules)
    h0, h1 = number(graph, a, HEIGHT_KEY), number(graph, b, HEIGHT_KEY)
    k = hex_line(ha, hb, LINE_NUDGE).index(graph.hex_of(s.blocker))   # the engine reports this line's blocker
    return Report(a, b, verdict(s), s.blocker, n, number(graph, s.blocker, HEIGHT_KEY),
                  number(graph, s.blocker, BLOCKS_KEY), h0 + (h1 - h0) * k / n, rules)
