"""Where a moving Force may go (7.1): the hexside costs of the TEC, enemy zones of control
(7.1.6), the army's Area of Assignment next to the enemy (5.3.1 (2)), the unit types' limits
(8.4 cavalry doctrine, 8.6 garrisons, 8.7.1 LOC units, 15.6.2 supply units, 15.6.3 depots on
rail only, 12.3.2 invested camps), stacking at the end (3.1.1), the Strategic Plans (26.2.1).

:func:`reach` answers one question — the hexes a Force may end in and the cheapest path to each
— with one search over the hex graph (``engine.search.reachable``).
"""
from __future__ import annotations

from engine.search import Reach, reachable

from . import control
from .data import ENEMY, RND
from .game import Game
from .special_rr import special_open
from .terrain import crossing_cost

STACK_LIMIT = 3.5      # 3.1.1


def stacking_de(g: Game, pids) -> float:
    """3.1.1 division-equivalents of these units for stacking (Rail Mode units do not count);
    23.3.2: the RND units stacked together count as one Support unit (the largest of them)."""
    total, rnd = 0.0, 0.0
    for p in pids:
        if g.in_rail_mode(p):
            continue
        if g.state.pieces[p].type in RND:
            rnd = max(rnd, g.size_of(p))
        else:
            total += g.size_of(p)
    return total + rnd


def support_count(g: Game, pids) -> int:
    """3.1.2: how many Support units (not Formations) are among ``pids``; 23.3.2: the RND's
    units count as one."""
    rnd = [p for p in pids if g.state.pieces[p].type in RND]
    return sum(1 for p in pids if not g.is_formation(p) and p not in rnd) + (1 if rnd else 0)


def force_size(g: Game, pids: list[int]) -> float:
    return stacking_de(g, pids)


def stack_size(g: Game, h: str, side: str, exclude: tuple = ()) -> float:
    """3.1.1/3.1.4: division-equivalents of ``side`` in ``h`` for stacking (``stacking_de``)."""
    return stacking_de(g, [p for p in g.units_at(h) if g.side(p) == side and p not in exclude])


def stack_with(g: Game, h: str, side: str, units) -> float:
    """3.1.1: the stack ``h`` would hold with ``units`` added (23.3.2 counted over the whole)."""
    units = list(units)
    return stacking_de(g, [p for p in g.units_at(h) if g.side(p) == side and p not in units] + units)


def garrison_area(g: Game, pid: int) -> frozenset[str] | None:
    """8.6: a garrison unit stays in its city or camp (multi-hex camps: anywhere in it), or within
    the number of hexes printed in its white hex (8.6.2, 8.8.2); None: not a garrison unit."""
    t = g.ut(pid)
    if t is None or t.garrison is None:
        return None
    return g.rules.garrison_area(t)


#: Units tied to a place by the rulebook: (hex, the farthest they may move from it).
TETHERS = {"GB-Samson": ("31.11", 9),                  # 23.2: within 9 hexes of Dunkerque
           "BE-depot-Antwerpen_BELGA": ("52.16", 5)}  # 24.7: within 5 hexes of Antwerpen


def tether_area(g: Game, units: list[int]) -> frozenset[str] | None:
    """23.2, 24.7: the hexes the Force may enter when one of its units is tied to a place
    (None: no such unit)."""
    out: frozenset[str] | None = None
    for p in units:
        tie = TETHERS.get(g.state.pieces[p].type)
        if tie is not None:
            area = frozenset(g.board.within(tie[0], tie[1]))
            out = area if out is None else out & area
    return out


def enemy_controlled(g: Game, h: str, side: str) -> bool:
    return control.controller(g, h) == ENEMY[side]


class MoveContext:
    """Everything the cost function needs, read once for one search."""

    def __init__(self, g: Game, frame: dict, units: list[int], start: str, phase_start: str):
        side = frame["side"]
        enemy = ENEMY[side]
        self.g = g
        self.side = side
        self.units = units
        self.start = start
        self.phase_start = phase_start
        self.ezoc = g.zoc(enemy)
        self.playable = g.rules.playable(g)
        self.enemy_hexes = g.enemy_hexes(side)
        self.open_fort = g.cached("openfort:" + side, lambda: frozenset(
            h for h, s in g.index()["side_at"].items() if s == enemy and h not in self.enemy_hexes))
        self.adj_enemy = g.cached("adj_enemy:" + side, lambda: _adjacent_to(g, self.enemy_hexes))
        sets = g.hexsets(side)
        self.form_fort = sets["form_fort"]
        types = [g.ut(p) for p in units]
        self.rail_mode = all(g.in_rail_mode(p) for p in units)
        self.loc_unit = any(t.loc for t in types)
        self.supply_only = all(t.supply for t in types)
        self.depot = any(t.depot for t in types)
        self.cav_doctrine = frame.get("counter") and g.gt <= 9 and any(t.cavalry for t in types)   # 8.4
        self.inf_zoc = g.cached("infzoc:" + enemy, lambda: _infantry_formation_zoc(g, enemy)) \
            if self.cav_doctrine else frozenset()
        self.aoa = g.rules.aoa_of(g, units[0]) if not self.rail_mode else None
        self.garrison = None
        for p in units:
            area = garrison_area(g, p)
            if area is not None:
                self.garrison = area if self.garrison is None else self.garrison & area
        self.friendly_combat = sets["combat"]
        self.blown = g.cached("blown", lambda: frozenset(g.get("blown_bridges", [])))
        self.flooded = bool(g.get("ijzer_flooded"))
        # 24.6: the Belgian Pontoon carries one Formation per movement phase
        self.pontoon_gone = bool(g.get("pontoon_destroyed")) or (
            g.get("pontoon_used") is not None and g.get("pontoon_used") == g.get("phase_id")
            and any(g.is_formation(p) for p in units))
        self.camp_exit = g.rules.invested_camp_of(g, start, side)          # 12.3.2
        self.rail_ops = control.operational(g, side) if self.depot else frozenset()
        self.tether = tether_area(g, units)                                 # 23.2, 24.7

    def cost(self, a: str, b: str, _edge=None) -> float | None:
        if b not in self.playable:
            return None
        if self.tether is not None and b not in self.tether:              # 23.2, 24.7
            return None
        g = self.g
        if self.depot:                      # 15.6.3: depots move only along friendly operational RR
            if b not in self.rail_ops or (a, b) not in g.board.rail_link or \
                    (control.demolished(g, a, b) and not special_open(g, a, b, self.side)):     # 18.5
                return None
            if b in self.enemy_hexes or (b in self.ezoc and b not in self.friendly_combat):
                return None
            return 1
        c, adjacent_needed = crossing_cost(g, a, b)
        if c is None:
            return None
        if adjacent_needed and self.phase_start not in (a, b):           # 7.1.5
            return None
        if b in self.enemy_hexes:                                          # 3.1, 7.1.2
            return None
        if b in self.open_fort:                                            # 12.1.3
            c += 2
        ea, eb = a in self.ezoc, b in self.ezoc
        if ea and eb:                                                      # 7.1.6a
            c += 4 if b in self.form_fort else 6
        elif eb:                                                           # 7.1.6
            c += 2
        elif ea:
            c += 1
        if self.aoa is not None and b in self.adj_enemy and b not in self.aoa:   # 5.3.1 (2)
            return None
        if self.loc_unit and (eb or enemy_controlled(g, b, self.side)):    # 8.7.1
            return None
        if self.cav_doctrine and b in self.inf_zoc:                        # 8.4
            return None
        if self.garrison is not None and b not in self.garrison:           # 8.6.1, 8.6.2
            return None
        if self.supply_only and eb and b not in self.friendly_combat:     # 15.6.2
            return None
        if self.camp_exit is not None and b not in self.camp_exit:         # 12.3.2
            return None
        return c


def _adjacent_to(g: Game, hexes: set[str]) -> frozenset[str]:
    out: set[str] = set()
    for h in hexes:
        out.update(g.board.all_nbrs.get(h, ()))
    return frozenset(out)


def _infantry_formation_zoc(g: Game, side: str) -> frozenset[str]:
    out: set[str] = set()
    for pid in g.units_of(side):
        t = g.ut(pid)
        if t.infantry and g.is_formation(pid) and g.exerts_zoc(pid):
            for n in g.board.nbrs.get(g.loc(pid), ()):
                attrs = g.board.side[(g.loc(pid), n)]
                if not (attrs.get("sea") or attrs.get("crest")):
                    out.add(n)
    return frozenset(out)


def can_end(g: Game, ctx: MoveContext, units: list[int], h: str, plan_from: dict | None) -> bool:
    """3.1.1: within 3 1/2 division-equivalents; 19.1.2: no two Two-Hex Forces; 26.2.1: a Formation
    bound by its army's plan ends at least one hex closer to an Operational Objective."""
    if h in ctx.enemy_hexes:
        return False
    if force_size(g, units) and stack_with(g, h, ctx.side, units) > STACK_LIMIT:
        return False
    if plan_from:
        for pid, (start, objs) in plan_from.items():
            if h == start:
                continue
            if min(g.board.distance(h, o) for o in objs) >= min(g.board.distance(start, o) for o in objs):
                return False
    return True


def reach(g: Game, frame: dict, budget: float, stacking: bool = True) -> Reach:
    """Where the Force in ``frame`` may end with ``budget`` MP left to spend."""
    units = frame["units"]
    ctx = MoveContext(g, frame, units, frame["hex"], frame["start"])
    plan = frame.get("plan") or None
    return reachable(g.board.graph, frame["hex"], budget, ctx.cost,
                     can_end=(lambda h: can_end(g, ctx, units, h, plan)) if stacking else None)


class FastReach:
    """:func:`fast_reach`'s answer: MP left at each hex the Force may end in, and the path."""

    def __init__(self, remaining: dict[str, float], parent: dict[str, str | None]):
        self.remaining = remaining
        self._parent = parent

    def path(self, h: str) -> list[str]:
        out = [h]
        while self._parent[out[-1]] is not None:
            out.append(self._parent[out[-1]])
        return out[::-1]


def fast_reach(g: Game, frame: dict, budget: int) -> FastReach:
    """The same answer as :func:`reach` (same costs, same rules), by a bucket-queue search over
    the precomputed hexside costs — what the table asks when a unit is picked (DESIGN: legal
    destinations in a few ms on the largest map)."""
    units = frame["units"]
    here = frame["hex"]
    ctx = MoveContext(g, frame, units, here, frame["start"])
    if ctx.depot:
        r = reach(g, frame, budget)
        return FastReach(r.remaining, {h: (r.path(h)[-2] if len(r.path(h)) > 1 else None) for h in r.remaining})
    board = g.board
    move_mp = board.move_mp
    playable, enemy, open_fort, ezoc = ctx.playable, ctx.enemy_hexes, ctx.open_fort, ctx.ezoc
    form_fort, adj_enemy, aoa = ctx.form_fort, ctx.adj_enemy, ctx.aoa
    blown, flooded, pontoon_gone = ctx.blown, ctx.flooded, ctx.pontoon_gone
    phase_start = ctx.phase_start
    special = ctx.loc_unit or ctx.cav_doctrine or ctx.garrison is not None or ctx.supply_only or \
        ctx.camp_exit is not None or ctx.tether is not None
    budget = int(budget)
    dist = {here: 0}
    parent: dict[str, str | None] = {here: None}
    buckets: list[list[str]] = [[] for _ in range(budget + 1)]
    buckets[0].append(here)
    for d in range(budget + 1):
        for u in buckets[d]:
            if dist[u] != d:
                continue
            eu = u in ezoc
            for v, with_b, without, imposing, bridged, flood in move_mp.get(u, ()):
                if v not in playable or v in enemy:
                    continue
                if bridged and not (f"{u}|{v}" if u < v else f"{v}|{u}") in blown and \
                        not (pontoon_gone and imposing):
                    c = with_b
                    adjacent = False
                else:
                    c = without
                    adjacent = imposing
                if flood and flooded:
                    c += 3
                    adjacent = True
                if adjacent and phase_start != u and phase_start != v:
                    continue
                if v in open_fort:
                    c += 2
                ev = v in ezoc
                if eu and ev:
                    c += 4 if v in form_fort else 6
                elif ev:
                    c += 2
                elif eu:
                    c += 1
                if aoa is not None and v in adj_enemy and v not in aoa:
                    continue
                if special and ctx.cost(u, v) is None:
                    continue
                nd = d + c
                if nd <= budget and nd < dist.get(v, 1 << 30):
                    dist[v] = nd
                    parent[v] = u
                    buckets[nd].append(v)
    plan = frame.get("plan") or None
    remaining = {h: budget - dd for h, dd in dist.items() if h == here or can_end(g, ctx, units, h, plan)}
    return FastReach(remaining, parent)
