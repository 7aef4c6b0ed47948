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
from .data import ENEMY
from .game import Game
from .terrain import crossing_cost

STACK_LIMIT = 3.5      # 3.1.1


def force_size(g: Game, pids: list[int]) -> float:
    return sum(g.size_of(p) for p in pids if not g.in_rail_mode(p))


def stack_size(g: Game, h: str, side: str, exclude: tuple = ()) -> float:
    """3.1.1/3.1.4: division-equivalents of ``side`` in ``h`` (Rail Mode units do not count)."""
    return sum(g.size_of(p) for p in g.units_at(h)
               if g.side(p) == side and p not in exclude and not g.in_rail_mode(p))


def garrison_area(g: Game, pid: int) -> frozenset[str] | None:
    """8.6: a garrison unit stays in its city or camp (multi-hex camps: anywhere in it), or within
    the number of hexes printed in its white hex (8.6.2, 8.8.2); None: not a garrison unit."""
    t = g.ut(pid)
    if t is None or t.garrison is None:
        return None
    return g.rules.garrison_area(t)


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
        at = g.index()["side_at"]
        self.enemy_hexes = set()
        self.open_fort = set()
        for h, s in at.items():
            if s == enemy:
                if g.enemy_in(h, side):
                    self.enemy_hexes.add(h)
                else:
                    self.open_fort.add(h)
        self.adj_enemy = g.cached("adj_enemy:" + side, lambda: _adjacent_to(g, self.enemy_hexes))
        self.form_fort = g.cached("formfort:" + side, lambda: frozenset(
            h for h in g.index()["at"] if any(g.side(p) == side and (g.is_formation(p) or g.ut(p).fortress)
                                              for p in g.units_at(h))))
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
        self.friendly_combat = g.cached("fcombat:" + side, lambda: frozenset(
            h for h in g.index()["at"] if any(g.side(p) == side and g.is_combat(p) for p in g.units_at(h))))
        self.camp_exit = g.rules.invested_camp_of(g, start, side)          # 12.3.2
        self.rail_ops = control.operational(g, side) if self.depot else frozenset()

    def cost(self, a: str, b: str, _edge=None) -> float | None:
        if b not in self.playable:
            return None
        g = self.g
        if self.depot:                      # 15.6.3: depots move only along friendly operational RR
            if b not in self.rail_ops or (a, b) not in g.board.rail_link or control.demolished(g, a, b):
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
    size = force_size(g, units)
    if size and stack_size(g, h, ctx.side, tuple(units)) + size > STACK_LIMIT:
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
