"""Movement (11.0–11.3) and stacking while moving (12.3, 12.4).

Costs are counted in half movement points (the reconstructed TEC prices a road hexside at ½
MP). One step ``a → b`` costs (11.0.2, 11.0.5, the TEC):

* along a road or mule track hexside (a railway is a mule track, 3.0): the road or track cost,
  the other terrain ignored — unless ``b`` is in an enemy ZoC (11.0.5: the real terrain is paid
  there) or holds a friendly unit (12.4: a unit at road rate may never stack, and pays the other
  terrain to pass through friends);
* otherwise the level cost of ``b`` (its town cost in a town), plus woods, plus one per level
  climbed, plus a river hexside;
* a cliff hexside: mountain infantry only, for its whole MA (11.0.4) — so only as its first step,
  which ends its move; impassable to every other unit;
* +1 MP to leave a hex in an enemy ZoC (11.1.1, 11.2.1), except, when declaring an assault, the
  ZoC of the hex assaulted (11.1.3).

No unit enters a hex holding an enemy non-artillery unit (11.0.6); entering a hex held only by
enemy artillery captures it (19.4), which artillery alone never may do, nor enter an enemy ZoC
(19.4). A unit may pass through friendly units over the limit but must end within it (12.3).
"""
from __future__ import annotations

from heapq import heappop, heappush
from typing import TYPE_CHECKING, Iterable

from engine.actions import Loc

from . import board
from .board import HIGH_MOUNTAIN, is_artillery, is_infantry, is_mountain
from .game import other

if TYPE_CHECKING:
    from .game import Game

HALF = 2                 # cost unit: half movement points
ALL_MA = 10 ** 6         # a cliff crossing takes the whole MA


def _tec_cost(g: "Game", row: str) -> int:
    return int(round(float(g.data.tec[row]["mp"]) * HALF))


def ma(g: "Game", pid: int, forced: bool = False, strategic: bool = False) -> int:
    """The unit's MA this turn in half points: printed (moving side for artillery, 0 in
    battery), Rain -1 for infantry and halved for artillery (9.1; halves round down), +50% on a
    forced march (11.3, rounded down), doubled by strategic movement (11.2.2); halved on the
    turn of a "MA halved" entry (Sc 5, Lombardia at Marostica)."""
    base = int(g.value(pid, "ma", 0))
    if board.is_fortress(g, pid) or board.is_hq(g, pid):
        return 0
    if g.weather == "rain":
        base = base // 2 if is_artillery(g, pid) else max(0, base - 1)
    if g.piece(pid).props.get("halved_ma_turn") == g.turn:
        base //= 2
    points = base * HALF
    if forced and is_infantry(g, pid):
        points = points * 3 // 2
    if strategic:
        points *= 2
    return points


def hex_cost(g: "Game", a: str, b: str) -> int:
    """The terrain cost of entering ``b`` from ``a`` off the roads (half points)."""
    data = g.data
    lb, la = data.level.get(b, 1), data.level.get(a, 1)
    if b in data.town:
        cost = _tec_cost(g, "town")
    elif lb >= HIGH_MOUNTAIN:
        cost = _tec_cost(g, "high_mountain_level8")
    else:
        cost = _tec_cost(g, f"level{lb}")
    if b in data.woods:
        cost += _tec_cost(g, "woods")
    if lb > la:
        cost += (lb - la) * _tec_cost(g, "climb_per_level_up")
    if data.river(a, b):
        cost += _tec_cost(g, "river_hexside")
    return cost


class Mover:
    """How one unit of ``side`` may move now: the rules of this kind of move, bound to a
    position (``tactical``: an Action's Tactical Movement step or a counterattack; otherwise the
    Non-Activated Movement Phase, which never enters an enemy ZoC, 11.2.1)."""

    def __init__(self, g: "Game", pid: int, tactical: bool) -> None:
        self.g, self.pid, self.tactical = g, pid, tactical
        self.side = g.side_of(pid)
        self.enemy = other(self.side)
        ctx = context(g, self.side)
        self.ezoc, self.enemy_units, self.blocking = ctx["ezoc"], ctx["enemy_units"], ctx["blocking"]
        self.friends, self.stacked, self.area = ctx["friends"], ctx["stacked"], ctx["area"]
        self.static, self.bridge_up, self.leave = ctx["static"], ctx["bridge_up"], ctx["leave"]
        self.mountain = is_mountain(g, pid)
        self.artillery = is_artillery(g, pid)

    def enemy_blocks(self, b: str) -> bool:
        """11.0.6: no entering a hex with an enemy non-artillery unit (a fortress included)."""
        return b in self.blocking

    def step(self, a: str, b: str, spent: int, budget: int, assault_of: str | None = None) -> int | None:
        """Cost of the step ``a → b`` for this unit having spent ``spent`` (None: forbidden)."""
        if self.area is not None and b not in self.area:
            return None
        if b != assault_of and b in self.blocking:
            return None
        terrain, road, cliff, bridge = self.static[(a, b)]
        if cliff and not (bridge and self.bridge_up):
            if not self.mountain or spent:
                return None               # 11.0.4: mountain infantry only, its whole MA
            return max(budget, 1)
        in_zoc = b in self.ezoc
        if self.artillery and in_zoc and b not in self.friends:
            return None                   # 19.4: artillery alone never enters an enemy ZoC
        if in_zoc and not self.tactical and assault_of is None:
            return None                   # 11.2.1: no entering enemy ZoC outside an Action
        cost = terrain
        if road is not None and not in_zoc and not self.stacked.get(b) and b != assault_of \
                and not (bridge and not self.bridge_up):
            cost = min(cost, road)
        if a in self.ezoc:
            if assault_of is None:
                cost += self.leave
            else:
                sources = set(board.zoc_sources(self.g, self.enemy, a))
                sources -= set(self.enemy_units.get(assault_of, ()))
                if sources:
                    cost += self.leave
        return cost

    def can_end(self, b: str) -> bool:
        """12.3: the move ends within the stacking limit."""
        here = self.stacked.get(b, 0) - (1 if self.g.where(self.pid) == b else 0)
        return here < board.stack_limit(self.g, b)

    def reach(self, start: str, budget: int, spent: int = 0,
              keep_away: int = 0) -> dict[str, tuple[int, list[str]]]:
        """Hexes the unit can end in: hex → (points spent, path from ``start``). With
        ``keep_away`` every hex of the path stays at least that far from every enemy unit
        (strategic movement, 11.2.2). Cached by the neighbourhood the move can touch."""
        key = ("reach", self.pid, start, budget, spent, keep_away, self.tactical, self.g.weather,
               self.bridge_up)
        tiles = tile_signatures(self.g)
        hit = self.g.rules.memo_by(key, lambda: None)
        if hit is not None and all(tiles.get(t) == sig for t, sig in hit[0]):
            return hit[1]
        result = self._reach(start, budget, spent, keep_away)
        graph = self.g.graph
        touched = set()
        for h in [start] + sorted(self._explored):
            x = graph.hex_of(h)
            tq, tr = x.q // TILE, x.r // TILE
            touched.update((tq + dq, tr + dr) for dq in (-1, 0, 1) for dr in (-1, 0, 1))
        self.g.rules.memo_store(key, (tuple((t, tiles.get(t)) for t in sorted(touched)), result))
        return result

    def _reach(self, start: str, budget: int, spent: int, keep_away: int) -> dict[str, tuple[int, list[str]]]:
        g = self.g
        far = None
        if keep_away:
            far = _far_from_enemy(g, self.side, keep_away)
            if start not in far:
                self._explored = set()
                return {}
        best = {start: spent}
        parent: dict[str, str | None] = {start: None}
        heap = [(spent, start)]
        done: set[str] = set()
        nbrs = g.data.nbrs
        step = self.step
        enemy_units = self.enemy_units
        while heap:
            c, u = heappop(heap)
            if u in done:
                continue
            done.add(u)
            if u != start and u in enemy_units:
                continue                  # entered a hex of enemy artillery: captured, stops
            for v in nbrs[u]:
                if v in done or (far is not None and v not in far):
                    continue
                cost = step(u, v, c, budget)
                if cost is None:
                    continue
                total = c + cost
                if total > budget or total >= best.get(v, 1 << 30):
                    continue
                best[v] = total
                parent[v] = u
                heappush(heap, (total, v))
        self._explored = set(best)
        out = {}
        for h, c in best.items():
            if h == start or not self.can_end(h):
                continue
            path, x = [], h
            while x is not None:
                path.append(Loc(x))
                x = parent[x]
            path.reverse()
            out[h] = (c, tuple(path))
        return out

    def path_cost(self, path: Iterable[str], spent: int, budget: int) -> int | None:
        """The points spent after walking ``path`` (first hex = where the unit is), None if a
        step is forbidden or over budget."""
        hexes = list(path)
        total = spent
        for a, b in zip(hexes, hexes[1:]):
            if b not in self.g.data.nbrs.get(a, ()):
                return None
            if self.enemy_units.get(a) and a != hexes[0]:
                return None
            c = self.step(a, b, total, budget)
            if c is None or total + c > budget:
                return None
            total += c
        return total

    def assault_cost(self, a: str, target: str, spent: int, budget: int) -> int | None:
        """11.1.3 / 13.1.5: the points to enter the assaulted hex (none for leaving the ZoC of
        the hex assaulted); None if the unit cannot (cliffs: mountain infantry only, 11.0.4)."""
        c = self.step(a, target, spent, budget, assault_of=target)
        if c is None or spent + c > budget:
            return None
        return c


def context(g: "Game", side: str) -> dict:
    """What every move of ``side`` reads in this position, built once."""
    def build():
        enemy = other(side)
        return {"ezoc": board.zoc(g, enemy), "enemy_units": board.occupied(g, enemy),
                "blocking": blocking_hexes(g, enemy), "friends": board.occupied(g, side),
                "stacked": stacking_counts(g, side), "area": board.play_area(g),
                "static": static_steps(g), "bridge_up": g.get("roana_bridge") == "intact",
                "leave": _tec_cost(g, "leave_enemy_zoc")}
    return g.memo(("movectx", side), build)


def static_steps(g: "Game") -> dict:
    """(a, b) → (terrain cost, road or track cost or None, cliff, bridge) for every hexside,
    built once per module."""
    def build():
        out = {}
        data = g.data
        road, track = _tec_cost(g, "road"), _tec_cost(g, "mule_track")
        for a, ns in data.nbrs.items():
            for b in ns:
                kind = data.road_kind(a, b)
                out[(a, b)] = (hex_cost(g, a, b), road if kind == "road" else track if kind else None,
                               data.cliff(a, b), bool(data.side(a, b).get("bridge")))
        return out
    return g.rules.memo_by(("static_steps",), build)


def blocking_hexes(g: "Game", side: str) -> frozenset[str]:
    """Hexes holding non-artillery units of ``side`` (11.0.6)."""
    return g.memo(("blocking", side), lambda: frozenset(
        h for h, pids in board.occupied(g, side).items() if any(not is_artillery(g, p) for p in pids)))


def stacking_counts(g: "Game", side: str) -> dict[str, int]:
    return g.memo(("stacked", side), lambda: {
        h: n for h, pids in board.occupied(g, side).items()
        if (n := sum(1 for p in pids if g.ptype(p).kind == "unit"))})


TILE = 6


def tile_signatures(g: "Game") -> dict:
    def build():
        out: dict = {}
        hexes = g.data.hexes
        pt = g.module.piece_types
        graph = g.graph
        for loc in sorted(g.state.stacks):
            if loc not in hexes:
                continue
            units = tuple(p for p in g.state.stacks[loc] if pt[g.state.pieces[p].type].kind in ("unit", "fort"))
            if not units:
                continue
            h = graph.hex_of(loc)
            key = (h.q // TILE, h.r // TILE)
            out[key] = hash((out.get(key), loc, units))
        return out
    return g.memo(("tiles",), build)


def _far_from_enemy(g: "Game", side: str, distance: int) -> frozenset[str]:
    """Hexes at least ``distance`` hexes from every enemy unit (11.2.2: 4, three hexes between)."""
    def build():
        enemy = list(board.occupied(g, other(side)))
        near: set[str] = set()
        nbrs = g.data.nbrs
        frontier = set(enemy)
        near |= frontier
        for _ in range(distance - 1):
            nxt = set()
            for h in frontier:
                nxt.update(n for n in nbrs[h] if n not in near)
            near |= nxt
            frontier = nxt
        return frozenset(g.data.hexes - near)
    return g.memo(("far", side, distance), build)


def infiltration_firers(g: "Game", pid: int, a: str, b: str) -> list[int]:
    """11.1.2: moving from an enemy-ZoC hex to another whose ZoC the same enemy unit exerts is
    infiltration; the enemy units exerting ZoC into both hexes may fire. Units in the hexes
    themselves exert no ZoC there (a ZoC is the six hexes round a unit)."""
    side = g.side_of(pid)
    enemy = other(side)
    if b not in board.zoc(g, enemy) or a not in board.zoc(g, enemy):
        return []
    first = set(board.zoc_sources(g, enemy, a))
    return sorted(p for p in board.zoc_sources(g, enemy, b) if p in first)


def stack_ok_after(g: "Game", loc: str, side: str) -> bool:
    return len(board.stacking_units(g, loc, side)) <= board.stack_limit(g, loc)
