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
        self.ezoc = board.zoc(g, self.enemy)
        self.enemy_units = board.occupied(g, self.enemy)
        self.friends = board.occupied(g, self.side)
        self.mountain = is_mountain(g, pid)
        self.artillery = is_artillery(g, pid)
        self.leave = _tec_cost(g, "leave_enemy_zoc")
        self.road = _tec_cost(g, "road")
        self.track = _tec_cost(g, "mule_track")

    def enemy_blocks(self, b: str) -> bool:
        """11.0.6: no entering a hex with an enemy non-artillery unit (a fortress included)."""
        return any(not is_artillery(self.g, p) for p in self.enemy_units.get(b, ()))

    def step(self, a: str, b: str, spent: int, budget: int, assault_of: str | None = None) -> int | None:
        """Cost of the step ``a → b`` for this unit having spent ``spent`` (None: forbidden)."""
        g, data = self.g, self.g.data
        if not board.in_play_area(g, b):
            return None
        if b != assault_of and self.enemy_blocks(b):
            return None
        if board.cliff(g, a, b):
            if not self.mountain or spent:
                return None               # 11.0.4: mountain infantry only, its whole MA
            return max(budget, 1)
        in_zoc = b in self.ezoc
        if self.artillery and in_zoc and not self.friends.get(b):
            return None                   # 19.4: artillery alone never enters an enemy ZoC
        if in_zoc and not self.tactical and assault_of is None:
            return None                   # 11.2.1: no entering enemy ZoC outside an Action
        cost = hex_cost(g, a, b)
        kind = board.road_kind(g, a, b)
        if kind and not in_zoc and not board.stacking_units(g, b, self.side) and b != assault_of:
            cost = min(cost, self.road if kind == "road" else self.track)
        if a in self.ezoc:
            sources = set(board.zoc_sources(g, self.enemy, a))
            if assault_of is not None:
                sources -= set(board.occupied(g, self.enemy).get(assault_of, ()))
            if sources:
                cost += self.leave
        return cost

    def can_end(self, b: str) -> bool:
        """12.3: the move ends within the stacking limit."""
        g = self.g
        here = [p for p in board.stacking_units(g, b, self.side) if p != self.pid]
        return len(here) < board.stack_limit(g, b)

    def reach(self, start: str, budget: int, spent: int = 0,
              keep_away: int = 0) -> dict[str, tuple[int, list[str]]]:
        """Hexes the unit can end in: hex → (points spent, path from ``start``). With
        ``keep_away`` every hex of the path stays at least that far from every enemy unit
        (strategic movement, 11.2.2)."""
        g = self.g
        far = None
        if keep_away:
            far = _far_from_enemy(g, self.side, keep_away)
            if start not in far:
                return {}
        best = {start: spent}
        parent: dict[str, str | None] = {start: None}
        heap = [(spent, start)]
        done: set[str] = set()
        nbrs = g.data.nbrs
        while heap:
            c, u = heappop(heap)
            if u in done:
                continue
            done.add(u)
            if u != start and self.enemy_units.get(u):
                continue                  # entered a hex of enemy artillery: captured, stops
            for v in nbrs[u]:
                if v in done or (far is not None and v not in far):
                    continue
                step = self.step(u, v, c, budget)
                if step is None:
                    continue
                total = c + step
                if total > budget or total >= best.get(v, 1 << 30):
                    continue
                best[v] = total
                parent[v] = u
                heappush(heap, (total, v))
        out = {}
        for h, c in best.items():
            if h == start or not self.can_end(h):
                continue
            path, x = [], h
            while x is not None:
                path.append(x)
                x = parent[x]
            path.reverse()
            out[h] = (c, path)
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
