"""Supply (10.0–10.4.1).

A unit is in supply when it can trace an unbroken line of at most 10 hexes (its own hex not
counted, the road hex counted) to a road or mule-track hex, and from there a line of any length
along roads and mule tracks to a friendly supply source (10.2). The off-road part is blocked by
enemy units and by enemy ZoC, which a friendly unit in the hex negates (10.2.2); only its first
hexside, the one next to the unit, may be a cliff (10.2.1, 11.0.4.1). The road part may never
pass adjacent to an enemy unit, friends or not (10.2.2). Sources are the side's own, and 1201,
which belongs to whoever controls it (10.2.3; the Sc 5 special rule, read for every scenario).

An HQ is never out of supply but must be placed on a hex along a valid supply line (10.4), whose
road part enemy artillery in battery may interdict: a road or track hex within the Range and
line of sight of such artillery (seen from its own hex; reading of 10.4.1) cannot carry the HQ's
line. The ZoC and LoS used are this turn's.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from engine.hexgrid import spiral

from . import board, sight, units
from .game import other

if TYPE_CHECKING:
    from .game import Game

OFF_ROAD = 10            # 10.2


def sources(g: "Game", side: str) -> list[str]:
    out = []
    for h, owner in g.data.supply.items():
        if owner == side or (owner == "any" and board.controller(g, h) == side):
            if not board.occupied(g, other(side)).get(h):
                out.append(h)
    return sorted(out)


def _signature(g: "Game") -> tuple:
    """What supply depends on: where the combat units are, who holds 1201, the bridge."""
    def build():
        sig = []
        hexes = g.data.hexes
        pt = g.module.piece_types
        for loc, stack in g.state.stacks.items():
            if loc in hexes:
                units_here = tuple(pid for pid in stack if pt[g.state.pieces[pid].type].kind in ("unit", "fort"))
                if units_here:
                    sig.append((loc, units_here))
        sig.sort()
        poly = tuple((h, board.controller(g, h)) for h, o in g.data.supply.items() if o == "any")
        return hash((tuple(sig), poly, g.get("roana_bridge")))
    return g.memo(("supply_sig",), build)


def road_network(g: "Game", side: str, blocked: frozenset[str] = frozenset()) -> frozenset[str]:
    """10.2, 10.2.2: road and track hexes joined to a friendly source, never adjacent to (or
    holding) an enemy unit; ``blocked`` road hexes (interdicted, 10.4.1) carry nothing."""
    enemy = board.occupied(g, other(side))
    data = g.data
    near_enemy = set(enemy)
    for h in enemy:
        near_enemy.update(data.nbrs[h])
    start = [s for s in sources(g, side) if s not in near_enemy and s not in blocked]
    seen = set(start)
    queue = deque(start)
    while queue:
        u = queue.popleft()
        for v in board.road_nbrs(g, u):
            if v in seen or v in near_enemy or v in blocked:
                continue
            seen.add(v)
            queue.append(v)
    return frozenset(seen)


def supplied_hexes(g: "Game", side: str, for_hq: bool = False) -> frozenset[str]:
    """Every hex from which a unit of ``side`` traces supply (with ``for_hq``: a line whose road
    part is not interdicted, 10.4.1)."""
    blocked = interdicted(g, side) if for_hq else frozenset()

    def build():
        roads = road_network(g, side, blocked)
        data = g.data
        enemy = board.occupied(g, other(side))
        friends = board.occupied(g, side)
        closed = set(enemy) | {h for h in board.zoc(g, other(side)) if h not in friends}
        flat = open_steps(g)
        dist = {h: 0 for h in roads}
        frontier = list(roads)
        for d in range(1, OFF_ROAD):
            nxt = []
            for u in frontier:
                for v in flat[u]:
                    if v not in dist and v not in closed:
                        dist[v] = d
                        nxt.append(v)
            frontier = nxt
        out = set(dist)
        nbrs = data.nbrs
        for h in data.hexes:
            if h not in out:
                for n in nbrs[h]:
                    if n in dist:
                        out.add(h)    # the first hexside (next to the unit) may be a cliff (10.2.1)
                        break
        return frozenset(out)
    return g.rules.memo_by(("supply", side, _signature(g), hash(blocked)), build)


def open_steps(g: "Game") -> dict[str, tuple[str, ...]]:
    """Neighbours across hexsides that are not cliffs (10.2.1), as the bridge stands."""
    def build():
        data = g.data
        return {h: tuple(n for n in data.nbrs[h] if not board.cliff(g, h, n)) for h in data.hexes}
    return g.rules.memo_by(("open_steps", g.get("roana_bridge")), build)


def in_supply(g: "Game", pid: int) -> bool:
    """10.2 for one unit; 20.4: a fortress is never out of supply."""
    if board.is_fortress(g, pid):
        return True
    return g.where(pid) in supplied_hexes(g, g.side_of(pid))


def traces_as_unit(g: "Game", pid: int) -> bool:
    """20.7 (reading of 20.4 with 20.7): whether a fortress could trace supply as a unit would."""
    return g.where(pid) in supplied_hexes(g, g.side_of(pid))


def interdicted(g: "Game", side: str) -> frozenset[str]:
    """10.4.1: road and track hexes that enemy artillery in battery (able to fire: BF left after
    DP, 19.7) sees from its own hex and reaches with its Range; no LP, fired or not."""
    return g.memo(("interdicted", side), lambda: _interdicted(g, side))


def _interdicted(g: "Game", side: str) -> frozenset[str]:
    guns = []
    for loc, pids in board.occupied(g, other(side)).items():
        for p in pids:
            if (board.is_artillery(g, p) or board.is_fortress(g, p)) and units.bf(g, p) > 0:
                rng = int(g.value(p, "range", 0))
                if rng > 0:
                    guns.append((loc, rng))
    out: set[str] = set()
    for loc, rng in sorted(set(guns)):
        out |= covered_roads(g, loc, rng)
    return frozenset(out)


def covered_roads(g: "Game", loc: str, rng: int) -> frozenset[str]:
    """The road and track hexes an in-battery gun at ``loc`` sees and reaches this turn."""
    def build():
        data = g.data
        graph = g.graph
        grid = graph.location(loc).grid
        centre = graph.hex_of(loc)
        out = set()
        for h in spiral(centre, rng):
            lid = graph.at_hex(grid, h)
            if lid is not None and lid in data.road_hexes and sight.has_los(g, loc, lid):
                out.add(lid)
        return frozenset(out)
    return g.rules.memo_by(("covered_roads", loc, rng, g.weather), build)


def hq_can_stand(g: "Game", side: str, loc: str) -> bool:
    """8.5, 10.4: an HQ goes on a hex along a valid (not interdicted) supply line, never with
    enemy units or HQs."""
    if board.occupied(g, other(side)).get(loc) or board.hqs_at(g, loc, other(side)):
        return False
    return board.in_play_area(g, loc) and loc in supplied_hexes(g, side, for_hq=True)
