"""Line of sight between two hexes of a module's map, as both ``wartable map MODULE los A B``
and the table's LOS tool (key ``V``) answer it — one function, so the two never disagree.

The heights are each hex location's ``elevation`` attribute (an int level; 0 when absent, so a
map without levels is flat). Which hexes block is the module's *sight model*, data in its
``line_of_sight`` table (docs/source-format.md; :func:`sight_model`):

* ``slope`` (the default, and what a module without the table gets): the sight line runs evenly
  from the observer's level to the target's and an intermediate hex blocks when its level plus
  its ``blocks`` attribute (a float; 0 when absent) is above the line there — the engine's own
  rule, :func:`engine.search.line_of_sight`;
* ``higher_than_both``: an intermediate hex blocks when its level is above both the observer's
  and the target's, or when it is a *screen* hex (its ``screen_attr`` bool attribute, e.g.
  ``woods``) whose level is at least the lower end's level.

Either way a line along a hexside is blocked only if both hexes beside it block, and the table
may limit the length: ``max_hexes`` (the observer hex not counted, the target counted) plus
``per_level_bonus`` for each level the observer is above the target.

Read-only and pygame-free: it only reads the map graph and the module's tables, never game state,
so ``tools`` and the client may import it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .board import MapGraph
from .errors import WartableError
from .hexgrid import LINE_NUDGE, distance as hex_distance, line as hex_line
from .model import Module
from .search import Sight, line_of_sight

HEIGHT_KEY = "elevation"
BLOCKS_KEY = "blocks"
#: The module table that declares the sight model, and the models it may name.
TABLE_ID = "line_of_sight"
SLOPE, HIGHER_THAN_BOTH = "slope", "higher_than_both"
MODELS = (SLOPE, HIGHER_THAN_BOTH)
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


def flag(graph: MapGraph, loc: str, key: str) -> bool:
    """Location ``loc``'s bool attribute ``key`` (False when absent); WartableError if it is
    not a bool."""
    v = graph.locations[loc].attrs.get(key, False)
    if not isinstance(v, bool):
        raise WartableError(f"location {loc}: attribute {key!r} must be true or false, not {v!r}")
    return v


@dataclass(frozen=True)
class SightModel:
    """A module's line-of-sight rule, read from its ``line_of_sight`` table: ``model``
    (``slope`` or ``higher_than_both``), the length limit ``max_hexes`` (None: unlimited) and
    ``per_level_bonus`` (extra hexes per level the observer is above the target),
    ``screen_attr`` (the bool location attribute of screening terrain such as woods, for
    ``higher_than_both``; None: none), ``weather_rule`` (the rule by which weather may shorten
    the line, cited by the readout; "" when none) and ``rule`` (the table's own rule)."""
    model: str = SLOPE
    max_hexes: int | None = None
    per_level_bonus: float = 0.0
    screen_attr: str | None = None
    weather_rule: str = ""
    rule: str = ""

    def limit(self, h0: float, h1: float) -> float | None:
        """The longest line from an observer at level ``h0`` to a target at ``h1`` (None:
        unlimited)."""
        if self.max_hexes is None:
            return None
        return self.max_hexes + self.per_level_bonus * max(0.0, h0 - h1)


#: The keys a ``line_of_sight`` table may hold.
TABLE_KEYS = ("model", "max_hexes", "per_level_bonus", "screen_attr", "weather_rule")


def sight_model(module: Module | SightModel | None) -> SightModel:
    """``module``'s sight model from its ``line_of_sight`` table (key in the first column, value
    in the second); the ``slope`` model without a length limit when the table is absent (or
    ``module`` is None). WartableError for an unknown key or model or a bad value."""
    if isinstance(module, SightModel):
        return module
    table = module.tables.get(TABLE_ID) if module is not None else None
    if table is None:
        return SightModel()

    def bad(what: str) -> WartableError:
        return WartableError(f"table {TABLE_ID}: {what}")
    values = {}
    for key, row in zip(table.rows.values, table.cells):
        if key not in TABLE_KEYS:
            raise bad(f"unknown key {key!r} (keys: {', '.join(TABLE_KEYS)})")
        values[key] = row[0] if row else ""
    model = values.get("model", SLOPE)
    if model not in MODELS:
        raise bad(f"unknown model {model!r} (models: {', '.join(MODELS)})")
    max_hexes = values.get("max_hexes")
    if max_hexes == "":
        max_hexes = None
    if max_hexes is not None and (isinstance(max_hexes, bool) or not isinstance(max_hexes, int)
                                  or max_hexes < 1):
        raise bad(f"max_hexes must be a whole number of hexes, at least 1, not {max_hexes!r}")
    bonus = values.get("per_level_bonus", 0)
    if bonus == "":
        bonus = 0
    if isinstance(bonus, bool) or not isinstance(bonus, (int, float)) or bonus < 0:
        raise bad(f"per_level_bonus must be a number, at least 0, not {bonus!r}")
    screen = values.get("screen_attr") or None
    if screen is not None and not isinstance(screen, str):
        raise bad(f"screen_attr must name a location attribute, not {screen!r}")
    return SightModel(model, max_hexes, float(bonus), screen, str(values.get("weather_rule", "")),
                      table.rule)


@dataclass(frozen=True)
class Answer:
    """A line of sight with its length: the engine's ``sight`` (traced even when too long),
    the ``distance`` in hexes (the observer hex not counted, the target counted) and the
    ``limit`` of the module's model (None: unlimited)."""
    sight: Sight
    distance: int
    limit: float | None = None

    @property
    def too_far(self) -> bool:
        return self.limit is not None and self.distance > self.limit

    @property
    def clear(self) -> bool:
        return self.sight.clear and not self.too_far

    @property
    def blocker(self):
        return self.sight.blocker


def blocks_line(graph: MapGraph, model: SightModel):
    """The ``blocks_line`` callback of :func:`engine.search.line_of_sight` for ``model``
    (None for ``slope``, the engine's sloped line)."""
    if model.model != HIGHER_THAN_BOTH:
        return None

    def blocks(loc: str, h0: float, h1: float) -> bool:
        level = number(graph, loc, HEIGHT_KEY)
        if level > max(h0, h1):
            return True
        return model.screen_attr is not None and flag(graph, loc, model.screen_attr) and level >= min(h0, h1)
    return blocks


def sight(module: Module | SightModel | None, graph: MapGraph, a: str, b: str) -> Answer:
    """The line of sight from hex ``a`` (observer) to hex ``b`` (target) under ``module``'s sight
    model (:func:`sight_model`); WartableError for non-hexes, two grids, a bad attribute or a bad
    ``line_of_sight`` table."""
    model = sight_model(module)
    check_hexes(graph, a, b)
    height = lambda loc: number(graph, loc, HEIGHT_KEY)
    s = line_of_sight(graph, a, b, height, lambda loc: number(graph, loc, BLOCKS_KEY),
                      blocks_line=blocks_line(graph, model))
    return Answer(s, hex_distance(graph.hex_of(a), graph.hex_of(b)), model.limit(height(a), height(b)))


def verdict(answer: Answer) -> str:
    """``clear``, ``blocked BY`` or ``too far N > M``: the answer line of
    ``wartable map MODULE los A B``."""
    if answer.too_far:
        return f"too far {answer.distance} > {answer.limit:g}"
    return "clear" if answer.sight.clear else f"blocked {answer.sight.blocker}"


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
    answer ("clear", "blocked 0613", "too far 9 > 7") or "" with ``error`` set when it cannot be
    asked (not two hexes...). ``observer`` and ``target`` are the ends' levels, ``limit`` the
    longest line allowed (None: unlimited) and ``model`` the module's :class:`SightModel`. For a
    blocked line, ``elevation`` is the blocker's level, ``blocks`` its ``blocks`` attribute and
    ``line`` the sloped sight line's height above it (``slope`` model), ``screen`` the screening
    attribute that made it block (``higher_than_both`` model; "" when its level did)."""
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
    observer: float = 0.0
    target: float = 0.0
    limit: float | None = None
    screen: str = ""
    model: SightModel = SightModel()

    @property
    def clear(self) -> bool:
        return self.verdict == "clear"

    @property
    def too_far(self) -> bool:
        return self.verdict.startswith("too far")

    @property
    def level(self) -> float:
        return self.elevation + self.blocks

    def _weather(self, further: str) -> str:
        w = self.model.weather_rule
        return f"; weather ({w}) may shorten it{further}" if w else ""

    def _blocked(self) -> str:
        if self.model.model == SLOPE:
            level = f"level {self.elevation:g}" + (f" + {self.blocks:g} blocking" if self.blocks else "")
            return f"blocked by {self.blocker} ({level} > sight line {self.line:.1f})"
        if self.screen:
            end, lower = ("observer", self.observer) if self.observer <= self.target else ("target", self.target)
            return (f"blocked by {self.blocker} ({self.screen} at level {self.elevation:g}, "
                    f"not below the {end}'s level {lower:g})")
        return (f"blocked by {self.blocker} (level {self.elevation:g} above both the observer's "
                f"{self.observer:g} and the target's {self.target:g})")

    def text(self) -> str:
        """The one-line readout, e.g. ``LOS 3430 → 3828: blocked by 3728 (level 7 above both
        the observer's 6 and the target's 4) — rules 13.2.2, 13.2.3``."""
        head = f"LOS {self.a} → {self.b}: "
        if self.error:
            return head + self.error
        hexes = f"{self.distance} hex{'es' if self.distance != 1 else ''}"
        if self.too_far:
            m, up = self.model, self.observer - self.target
            how = ""
            if m.per_level_bonus and up > 0 and m.max_hexes is not None:
                how = (f" = {m.max_hexes} + {m.per_level_bonus * up:g} for the observer "
                       f"{up:g} level{'s' if up != 1 else ''} above the target")
            body = f"too far ({hexes} > {self.limit:g}{how}{self._weather(' further')})"
        elif self.clear:
            limit = f" of at most {self.limit:g}{self._weather('')}" if self.limit is not None else ""
            body = f"clear ({hexes}{limit})"
        else:
            body = self._blocked()
        if self.rules:
            body += f" — rule{'s' if len(self.rules) > 1 else ''} {', '.join(self.rules)}"
        return head + body


def report(module: Module, graph: MapGraph | None, a: str, b: str) -> Report:
    """The LOS tool's answer from hex ``a`` (observer) to hex ``b`` (target) of ``module``."""
    rules = tuple(los_rules(module))
    if graph is None:
        return Report(a, b, rules=rules, error="this module's map has no graph to trace a line on")
    try:
        model = sight_model(module)
        ans = sight(model, graph, a, b)
    except WartableError as exc:
        return Report(a, b, rules=rules, error=str(exc))
    h0, h1 = number(graph, a, HEIGHT_KEY), number(graph, b, HEIGHT_KEY)
    common = dict(distance=ans.distance, rules=rules, observer=h0, target=h1, limit=ans.limit,
                  model=model)
    if ans.too_far or ans.sight.clear:
        return Report(a, b, verdict(ans), **common)
    s, n = ans.sight, ans.distance
    level = number(graph, s.blocker, HEIGHT_KEY)
    if model.model == SLOPE:
        k = hex_line(graph.hex_of(a), graph.hex_of(b), LINE_NUDGE).index(graph.hex_of(s.blocker))
        return Report(a, b, verdict(ans), s.blocker, elevation=level,
                      blocks=number(graph, s.blocker, BLOCKS_KEY), line=h0 + (h1 - h0) * k / n, **common)
    screen = model.screen_attr if level <= max(h0, h1) and model.screen_attr else ""
    return Report(a, b, verdict(ans), s.blocker, elevation=level, screen=screen, **common)
