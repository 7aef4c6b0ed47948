"""Movement (7.0, 7.1, 3.3, 5.3, 4.8): what each step costs, where a piece may go with the
points an increment gives it, and what entering a hex sets off.

Step cost (7.0, cumulative): the terrain entered (clear 1, rough 2 — the reconstructed Terrain
Effects Chart), +2 across a river hexside (the Rhine only where :func:`.rhine.crossable`),
+1 entering an enemy ZOC hex, +2 leaving one (3.3: ZOC to ZOC +3). Forbidden: a hex holding an
enemy unit or HQ (7.1), a stack over the limits at any moment (7.1), a red blocking hexside
(11.1 "impassable", reading R3.3), sea and neutral hexes, re-entering a South hex (10.1.3),
an enemy ZOC hex for a unit in Administrative Movement (5.3) and, for an HQ, unless a friendly
combat unit is there (4.8).
"""
from __future__ import annotations

from engine.rules import Violation
from engine.search import reachable

from . import board, rhine, supply
from .board import Position, position
from .game import Game, other


def step(g: Game, pos: Position, pid: int, a: str, b: str, admin: bool,
         moving: tuple = ()) -> tuple[int | None, Violation | None]:
    """The MP cost of moving ``pid`` from ``a`` into adjacent ``b`` (None and the rule that
    forbids it). ``moving``: the pieces already left ``a`` with it (none: one at a time)."""
    facts = g.facts
    side = g.side_of(pid)
    enemy = other(side)
    if b not in facts.land or b not in facts.neighbours.get(a, ()):
        return None, Violation(g.cite("7.0"), f"{g.hex_name(b)} is not a hex next to {g.hex_name(a)} a unit can enter")
    if b in facts.offmap_south:
        return None, Violation(g.cite("10.1.3"), "a piece that left a South reinforcement hex never re-enters one")
    if facts.blocked(a, b):
        return None, Violation(g.cite("3.3"), f"the red hexside {a}|{b} is impassable (11.1)")
    if pos.occupied(enemy, b):
        return None, Violation(g.cite("7.1"), f"an enemy unit or HQ is in {g.hex_name(b)}")
    river = facts.river(a, b)
    if facts.is_rhine(a, b):
        if not rhine.crossable(g, a, b):
            return None, Violation(g.cite("12.8"), "the Rhine is crossed only by an intact bridge, "
                                                   "a bridgehead or an amphibious crossing")
    if river and g.rules.hooks.any("river_ignored", g, side, a, b):
        river = False
    into_zoc = pos.in_zoc(enemy, b)
    if into_zoc and admin:
        return None, Violation(g.cite("5.3"), "a unit in Administrative Movement never enters an enemy ZOC")
    if g.is_hq(pid):
        if into_zoc and not pos.combat(side, b):
            return None, Violation(g.cite("4.8"), "an HQ enters an enemy ZOC only where a friendly combat unit stands")
    elif not board.fits(g, pos, side, b, [pid]):
        return None, Violation(g.cite("7.1"), f"at most 2 infantry, 4 armour and 4 combat units in {g.hex_name(b)}")
    cost = 2 if facts.terrain(b) == "rough" else 1
    if river:
        cost += 2
    if into_zoc:
        cost += 1
    if pos.in_zoc(enemy, a):
        cost += 2
    return cost, None


def reach(g: Game, pid: int, budget: int, admin: bool):
    """Every hex ``pid`` may end in spending at most ``budget`` MP (engine.search.reachable)."""
    pos = position(g)
    start = g.where(pid)

    def cost(a: str, b: str, _edge) -> float | None:
        c, _ = step(g, pos, pid, a, b, admin)
        return c
    return reachable(g.facts.graph, start, budget, cost)


def path_cost(g: Game, pid: int, path, admin: bool) -> tuple[int, Violation | None]:
    """The MP a whole path costs (first hex = where the piece is), or the rule a step breaks."""
    pos = position(g)
    if not path or path[0] != g.where(pid):
        return 0, Violation(g.cite("7.0"), "a move starts where the piece is")
    total = 0
    for a, b in zip(path, path[1:]):
        c, why = step(g, pos, pid, a, b, admin)
        if c is None:
            return total, why
        total += c
    if len(set(path)) != len(path):
        return total, Violation(g.cite("7.0"), "a move enters each hex once")
    return total, None


def arrive(g: Game, pid: int, path, how: str) -> None:
    """What entering hexes sets off: control of supply-source and objective hexes (11.3), the
    German's bridge demolition rolls (12.7: an Allied combat unit enters a printed-bridge
    hex), the first Rhine crossing (12.9). ``how``: ``move``, ``advance``, ``retreat`` or
    ``enter`` — recorded for 9.1's Mobile-combat test."""
    entered = list(path[1:]) if len(path) > 1 else list(path)
    supply.note_passage(g, pid, entered)
    if g.is_unit(pid) and g.side_of(pid) == "allied":
        for h in entered:
            rhine.demolish(g, h)
        rhine.note_crossing(g, pid, entered)
    act = g.get("f44_act") or {}
    g.set_prop(pid, "entered", [int(g.get("f44_phase_no", 0) or 0), int(act.get("inc_no", 0) or 0), how])
