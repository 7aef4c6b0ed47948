"""Searches over a :class:`engine.board.MapGraph`: movement, supply/command tracing and line of
sight. Rules-agnostic: every game rule comes in through the callbacks.

Determinism: every search settles locations in order of (cost, location index), the index being
the module's location order, and keeps the first path found among equal-cost ones, so the same
graph and callbacks always give the same paths.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any, Callable, Iterable, Union

from .board import MapGraph
from .hexgrid import LINE_NUDGE, Hex, distance as hex_distance, line as hex_line
from .model import Edge, Grid

#: ``cost(from_id, to_id, edge)``: what entering ``to_id`` from ``from_id`` costs, None if forbidden.
CostFn = Callable[[str, str, Edge], Union[float, None]]
#: Comparison slack for float budgets (a unit with 2.9999999 MP left may still pay 3).
EPS = 1e-9
INF = float("inf")


@dataclass
class Reach:
    """The result of :func:`reachable`.

    ``remaining[loc]`` is the movement left on arriving at ``loc`` by the cheapest path, for
    every location where the unit may end (``can_end``); the start is always included with the
    whole budget. ``path(loc)`` is that cheapest path, start first.
    """
    start: str
    remaining: dict[str, float]
    _ids: list[str] = field(repr=False)
    _parent: dict[int, int] = field(repr=False)
    _index: dict[str, int] = field(repr=False)

    def __contains__(self, loc_id: object) -> bool:
        return loc_id in self.remaining

    def path(self, loc_id: str) -> list[str]:
        """The cheapest path from the start to ``loc_id`` (both included); KeyError if the unit
        cannot end there."""
        if loc_id not in self.remaining:
            raise KeyError(f"{loc_id!r} is not reachable from {self.start!r}")
        out, i, parent, ids = [], self._index[loc_id], self._parent, self._ids
        while i != -1:
            out.append(ids[i])
            i = parent[i]
        out.reverse()
        return out


def reachable(graph: MapGraph, start: str, budget: float, cost: CostFn,
              stop: Callable[[str], bool] | None = None,
              can_end: Callable[[str], bool] | None = None) -> Reach:
    """Every location a unit at ``start`` with ``budget`` movement points can reach (Dijkstra).

    * ``cost(from_id, to_id, edge)`` is the cost of one step (terrain of ``to_id``, hexside
      features on ``edge``...), None if the step is forbidden; costs must be >= 0.
    * ``stop(loc_id)``: entering that location ends the move (enemy ZOC...): it is reached but
      not left. The start is never stopped (leaving it is the rules' business, through ``cost``).
    * ``can_end(loc_id)``: whether the unit may end there (stacking...). Locations it may not
      end in can still be passed through; they are left out of ``remaining``.

    A step is allowed when the points spent so far plus its cost do not exceed ``budget``.
    """
    ids, nbr, nbr_edge = graph._ids, graph._nbr, graph._nbr_edge
    s = graph._check(start)
    limit = budget + EPS
    best: dict[int, float] = {s: 0.0}
    parent: dict[int, int] = {s: -1}
    done: set[int] = set()
    heap: list[tuple[float, int]] = [(0.0, s)]
    while heap:
        spent, u = heappop(heap)
        if u in done:
            continue
        done.add(u)
        uid = ids[u]
        if u != s and stop is not None and stop(uid):
            continue
        for v, e in zip(nbr[u], nbr_edge[u]):
            if v in done:
                continue
            c = cost(uid, ids[v], e)
            if c is None:
                continue
            if c < 0:
                raise ValueError(f"negative movement cost {c} from {uid!r} to {ids[v]!r}")
            total = spent + c
            if total <= limit and total < best.get(v, INF):
                best[v] = total
                parent[v] = u
                heappush(heap, (total, v))
    remaining = {ids[i]: max(budget - spent, 0.0) for i, spent in best.items()
                 if i == s or can_end is None or can_end(ids[i])}
    return Reach(start, remaining, ids, parent, graph._index)


def _labels(graph: MapGraph, seeds: Iterable[int], passable: Callable[[str], bool],
            max_steps: int | None, max_cost: float | None, cost: CostFn | None,
            goal: Callable[[str], bool] | None, reverse: bool):
    """The search behind :func:`trace` (forward from one seed, stopping at a ``goal``) and
    :func:`traceable_set` (backward from every passable seed).

    Labels ``(cost, steps)`` are settled in increasing order. With a step limit, a label is
    kept only if it has fewer steps than every label already settled at its location (the
    cheaper ones), which makes the step and cost limits exact together; without one this is
    plain Dijkstra (plain BFS without ``cost``). Only passable locations are expanded, and in a
    forward search only passable ones (or the start) count as a goal. Returns (first label per
    location as (cost, steps, label), label -> location, label -> parent label, goal label).
    """
    ids, nbr, nbr_edge = graph._ids, graph._nbr, graph._nbr_edge
    cost_limit = INF if max_cost is None else max_cost + EPS
    step_limit = INF if max_steps is None else max_steps
    pareto = max_steps is not None and cost is not None
    heap: list[tuple[float, int, int, int]] = []
    label_loc: list[int] = []
    label_parent: list[int] = []
    for i in seeds:
        label_loc.append(i)
        label_parent.append(-1)
        heappush(heap, (0.0, 0, i, len(label_loc) - 1))
    fewest: dict[int, int] = {}
    first: dict[int, tuple[float, int, int]] = {}
    seed_set = set(label_loc)
    while heap:
        c, steps, u, lab = heappop(heap)
        if (steps >= fewest.get(u, INF)) if pareto else (u in first):
            continue
        fewest[u] = steps
        uid = ids[u]
        ok = (u in seed_set and not reverse) or passable(uid)
        if u not in first:
            first[u] = (c, steps, lab)
            if goal is not None and ok and goal(uid):
                return first, label_loc, label_parent, lab
        if not ok or steps + 1 > step_limit:
            continue
        for v, e in zip(nbr[u], nbr_edge[u]):
            if cost is None:
                nc = c + 1.0
            else:
                step_cost = cost(ids[v], uid, e) if reverse else cost(uid, ids[v], e)
                if step_cost is None:
                    continue
                if step_cost < 0:
                    raise ValueError(f"negative trace cost {step_cost} between {uid!r} and {ids[v]!r}")
                nc = c + step_cost
            if nc > cost_limit or ((steps + 1 >= fewest.get(v, INF)) if pareto else (v in first)):
                continue
            label_loc.append(v)
            label_parent.append(lab)
            heappush(heap, (nc, steps + 1, v, len(label_loc) - 1))
    return first, label_loc, label_parent, None


def trace(graph: MapGraph, start: str, passable: Callable[[str], bool],
          is_source: Callable[[str], bool], max_steps: int | None = None,
          max_cost: float | None = None, cost: CostFn | None = None) -> list[str] | None:
    """The shortest supply/command line from ``start`` to any location where ``is_source`` is
    true, start first and the source last; None if there is none.

    Every location the line enters (everything after ``start``, the source included) must be
    ``passable``; ``start`` itself need not be. Without ``cost`` each step costs 1 and the line
    is the one with fewest steps; with ``cost(from_id, to_id, edge)`` (None = the line may not
    cross, e.g. a blocking hexside) it is the cheapest. ``max_steps`` bounds the number of steps
    and ``max_cost`` the total cost; both hold together exactly. ``start`` counts as a source
    of its own if ``is_source(start)``.
    """
    s = graph._check(start)
    first, label_loc, label_parent, goal = _labels(graph, [s], passable, max_steps, max_cost, cost,
                                                   is_source, reverse=False)
    if goal is None:
        return None
    out = []
    while goal != -1:
        out.append(graph._ids[label_loc[goal]])
        goal = label_parent[goal]
    out.reverse()
    return out


def traceable_set(graph: MapGraph, sources: Iterable[str], passable: Callable[[str], bool],
                  max_steps: int | None = None, max_cost: float | None = None,
                  cost: CostFn | None = None) -> dict[str, float]:
    """Every location that can trace a line to one of ``sources`` (one multi-source search for
    a whole side), mapped to the length of its best line (steps, or cost with ``cost``).

    Same rule as :func:`trace`: ``loc in traceable_set(...)`` exactly when
    ``trace(graph, loc, passable, is_source=<in sources>, ...)`` finds a line, and the value is
    that line's step count (or cost). So a location that is not ``passable`` itself (the unit's
    own hex in enemy ZOC) is included when a neighbour carries the line; sources that are not
    passable supply nothing but themselves. ``cost`` is called in the direction of the line,
    ``cost(towards_unit_side_id, towards_source_id, edge)``.
    """
    seeds = sorted({graph._check(sid) for sid in sources})
    seed_ok = [i for i in seeds if passable(graph._ids[i])]
    first, *_ = _labels(graph, seed_ok, passable, max_steps, max_cost, cost, None, reverse=True)
    out = {graph._ids[i]: (float(c) if cost is not None else steps) for i, (c, steps, _) in first.items()}
    for i in seeds:
        out[graph._ids[i]] = 0
    return out


@dataclass(frozen=True)
class Sight:
    """The result of :func:`line_of_sight`: ``clear``, the first ``blocker`` (location id, or
    Hex when called with hexes) if blocked, and the intermediate locations examined."""
    clear: bool
    blocker: object = None
    between: tuple = ()


def line_of_sight(graph_or_grid: MapGraph | Grid | None, a: Union[str, Hex], b: Union[str, Hex],
                  height: Callable[[Any], float], blocking: Callable[[Any], float], *,
                  blocks_line: Callable[[Any, float, float], bool] | None = None) -> Sight:
    """Line of sight from the centre of ``a`` to the centre of ``b`` over elevation levels.

    The rule: the sight line rises or falls evenly from ``height(a)`` (the observer: include any
    eye-height bonus there) to ``height(b)``. With ``N = distance(a, b)``, the ``k``-th
    intermediate hex of the hex line (``0 < k < N``) is under the sight line at height
    ``h_k = height(a) + (height(b) - height(a)) * k / N`` and **blocks when
    ``height(hex) + blocking(hex) > h_k``** (strictly: level ground between two hexes at that
    level does not block; woods with ``blocking = 1`` on the level of either end do).

    Grazing: when the line runs exactly along a hexside or through a vertex, the hex line nudged
    to either side (``engine.hexgrid.line`` with ``+nudge`` and ``-nudge``) differ; the sight is
    blocked only if **both** nudged lines are blocked (a hexside blocks only if both hexes
    beside it do). The blocker reported is the first one on the positive-nudge line.

    Another rule: with ``blocks_line`` given, the sloped comparison is not made (``blocking`` is
    not called) and an intermediate location ``loc`` blocks **iff
    ``blocks_line(loc, height(a), height(b))``** — the module's own rule, e.g. "blocked by a hex
    higher than both the observer and the target". The grazing rule above still applies.

    With a :class:`MapGraph`, ``a`` and ``b`` are hex location ids of one grid and the callbacks
    take location ids; intermediate hexes that are not locations (off the map) never block.
    With a :class:`Grid` or None, ``a`` and ``b`` are :class:`Hex` and the callbacks take hexes.
    """
    if isinstance(graph_or_grid, MapGraph):
        graph = graph_or_grid
        ha, hb = graph.hex_of(a), graph.hex_of(b)
        if ha is None or hb is None:
            raise ValueError(f"line of sight needs two hexes: {a!r}, {b!r}")
        grid = graph.location(a).grid
        if graph.location(b).grid != grid:
            raise ValueError(f"{a!r} and {b!r} are on different grids")

        def where(h: Hex):
            return graph.at_hex(grid, h)
    else:
        ha, hb = a, b

        def where(h: Hex):
            return h
    n = hex_distance(ha, hb)
    if n <= 1:
        return Sight(True)
    h0, h1 = float(height(a)), float(height(b))

    def check(hexes: list[Hex]):
        seen, blocker = [], None
        for k in range(1, n):
            loc = where(hexes[k])
            if loc is None:
                continue
            seen.append(loc)
            if blocker is None and (blocks_line(loc, h0, h1) if blocks_line is not None
                                    else height(loc) + blocking(loc) > h0 + (h1 - h0) * k / n):
                blocker = loc
        return blocker, tuple(seen)

    line_p = hex_line(ha, hb, LINE_NUDGE)
    blocker_p, seen_p = check(line_p)
    if blocker_p is None:
        return Sight(True, None, seen_p)
    line_m = hex_line(ha, hb, -LINE_NUDGE)
    if line_m == line_p:
        return Sight(False, blocker_p, seen_p)
    blocker_m, seen_m = check(line_m)
    if blocker_m is None:
        return Sight(True, None, seen_m)
    return Sight(False, blocker_p, seen_p)
