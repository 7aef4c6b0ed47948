"""Command radius (4.6), who an HQ may command (4.5), supply lines and supply sources (11.1–11.3)
and the control of supply-source hexes.

* A **command radius** is a path of at most the HQ's radius in hexes from the HQ (excluded) to
  the unit (included): never across a red blocking hexside (4.6), never into a hex an enemy
  piece occupies (11.1), and through an enemy-ZOC hex only where a friendly combat unit stands
  (3.3) — it may *end* in such a hex. Reading R4.6: it runs over land hexes only (the map's
  playable hexes and the blue off-map South hexes), and may cross the Rhine.
* A **supply line** (11.1) runs by the same rules, at most 20 hexes, from an HQ to a supply
  source; a supplied HQ passes supply to any friendly HQ within its command radius, and so on.
* A **combat unit** is in supply when it is within the radius of a supplied HQ that could
  command it by nationality (4.5), or within 1 hex of one of its side's supply sources (11.1).
"""
from __future__ import annotations

from collections import deque

from . import board
from .board import Position, position
from .game import OOS, Game, other

SUPPLY_LINE = 20  # 11.1


# -- control of supply-source and objective hexes (11.3) -------------------------------------------
def control(g: Game, h: str) -> str:
    """Who controls ``h`` (11.3): the side recorded in ``f44_control``; untracked hexes count
    as the German's."""
    return (g.get("f44_control") or {}).get(h, "german")


def note_passage(g: Game, pid: int, path) -> None:
    """11.3: a combat unit entering or passing through a tracked hex takes control of it for
    its side (reading R11.3: for the German too only a combat unit takes control)."""
    if not g.is_unit(pid):
        return
    side = g.side_of(pid)
    ctrl = dict(g.get("f44_control") or {})
    changed = False
    for h in path:
        if h in g.facts.control_hexes and ctrl.get(h, "german") != side:
            ctrl[h] = side
            changed = True
    if changed:
        g.set("f44_control", ctrl)


# -- who may command whom (4.5) ---------------------------------------------------------------------
def may_command(g: Game, hq: int, unit: int) -> bool:
    """4.5: the nationality table (hq_command); German HQs command any German unit. "1 max" (a
    British HQ and a US unit) counts as may — the cap is a capacity (4.7)."""
    if g.side_of(hq) != g.side_of(unit):
        return False
    hn, un = g.nation(hq), g.nation(unit)
    if g.side_of(hq) == "german":
        return True
    t = g.table("hq_command")
    if hn not in t.rows.values or un not in t.cols.values:
        return False
    return str(t.lookup(hn, un)) != "no"


def us_cap(g: Game, hq: int) -> int | None:
    """4.5: a British HQ commands at most one US unit (``None``: no such cap)."""
    if g.side_of(hq) != "allied":
        return None
    cell = str(g.table("hq_command").lookup(g.nation(hq), "US"))
    return 1 if cell == "1 max" else None


# -- the command radius (4.6) --------------------------------------------------------------------
def radius_hexes(g: Game, hq: int, radius: int | None = None, pos: Position | None = None) -> dict[str, int]:
    """Hexes within the HQ's command radius, with the path length to each (4.6)."""
    pos = pos or position(g)
    start = g.where(hq)
    r = g.hq_value(hq, "radius") if radius is None else radius
    key = f"radius:{hq}:{start}:{r}"
    return g.cached(key, lambda: _trace(g, pos, g.side_of(hq), [start], r))


def _trace(g: Game, pos: Position, side: str, starts, limit: int) -> dict[str, int]:
    """Breadth-first trace from ``starts`` (each at 0) under the radius/supply-line rules: a
    hex is reached unless enemy-occupied or across a blocking hexside; a hex is left again only
    if it is a start or open for tracing (3.3)."""
    facts = g.facts
    enemy = other(side)
    dist = {s: 0 for s in starts if s in facts.land}
    todo = deque(dist)
    starts = set(dist)
    while todo:
        h = todo.popleft()
        d = dist[h]
        if d >= limit:
            continue
        if h not in starts and not board.open_for_trace(g, pos, side, h):
            continue
        for n in facts.neighbours[h]:
            if n in dist or facts.blocked(h, n) or pos.occupied(enemy, n):
                continue
            dist[n] = d + 1
            todo.append(n)
    return dist


def in_radius(g: Game, hq: int, h: str) -> bool:
    """Is hex ``h`` within the HQ's radius? 10.1.3-e: an Allied HQ in a blue off-map South hex
    reaches every off-map South hex without tracing, and nothing else."""
    facts = g.facts
    at = g.where(hq)
    if at not in facts.land:
        return False
    if at in facts.offmap_south:
        return h in facts.offmap_south
    d = radius_hexes(g, hq).get(h)
    return d is not None and d >= 1 or h == at


# -- supply sources (11.2) ----------------------------------------------------------------------------
def sources(g: Game, side: str) -> frozenset[str]:
    return g.cached(f"sources:{side}", lambda: _sources(g, side))


def _sources(g: Game, side: str) -> frozenset[str]:
    """11.2 (reading R11.2): German sources are the German cities no Allied combat unit or HQ
    occupies (11.3) and every port or Allied Supply Source hex the German controls; Allied
    sources are the Allied Supply Source hexes and ports the Allies control, and the South
    reinforcement hexes 1128-2528 once Allied units have been placed off map (10.1.3)."""
    facts = g.facts
    pos = position(g)
    out = set()
    if side == "german":
        out |= {h for h in facts.german_cities if not pos.occupied("allied", h)}
        out |= {h for h in facts.ports | facts.allied_supply if control(g, h) == "german"}
    else:
        out |= {h for h in facts.allied_supply | facts.ports if control(g, h) == "allied"}
        if g.get("f44_south_open"):
            out |= facts.south
    return frozenset(h for h in out if not pos.occupied(other(side), h))


def supplied_hqs(g: Game, side: str) -> frozenset[int]:
    return g.cached(f"supplied_hqs:{side}", lambda: _supplied_hqs(g, side))


def _supplied_hqs(g: Game, side: str) -> frozenset[int]:
    """11.1: HQs with a supply line of at most 20 hexes to a source, then every HQ within the
    command radius of a supplied HQ, repeatedly (a chain)."""
    pos = position(g)
    reach = _trace(g, pos, side, sorted(sources(g, side)), SUPPLY_LINE)
    hqs = [p for h, ps in pos.hqs[side].items() for p in ps]
    supplied = {p for p in hqs if g.where(p) in reach}
    changed = True
    while changed:
        changed = False
        for p in hqs:
            if p in supplied:
                continue
            if any(in_radius(g, s, g.where(p)) for s in supplied):
                supplied.add(p)
                changed = True
    return frozenset(supplied)


def hq_in_supply(g: Game, hq: int) -> bool:
    return hq in supplied_hqs(g, g.side_of(hq))


def unit_in_supply(g: Game, pid: int) -> bool:
    """11.1: within the radius of a supplied HQ that could command it, or within 1 hex of one of
    its side's sources. 12.3: the 18th Airborne dropped by Market-Garden is always in supply."""
    if g.is_hq(pid):
        return hq_in_supply(g, pid)
    side = g.side_of(pid)
    h = g.where(pid)
    if h not in g.facts.land:
        return False
    if pid in (g.get("f44_airborne") or {}).get("supplied", []):
        return True
    for s in supplied_hqs(g, side):
        if may_command(g, s, pid) and in_radius(g, s, h):
            return True
    facts = g.facts
    return any(h == src or facts.distance(h, src) <= 1 for src in sources(g, side))


def in_hq_supply(g: Game, pid: int) -> bool:
    """10.1.2: "in supply from an HQ" — within the radius of a supplied HQ that could command
    it (reading R10.1.2: the HQ must itself be in supply)."""
    h = g.where(pid)
    return any(may_command(g, s, pid) and in_radius(g, s, h) for s in supplied_hqs(g, g.side_of(pid)))


def check_supply(g: Game, pid: int) -> bool:
    """A supply check (11.5, cases 1 and 2): a unit found in supply loses its Out of Supply
    marker; one found out of supply gets no marker here (only the Administrative Phase adds
    them). Returns whether it is in supply."""
    ok = unit_in_supply(g, pid)
    if ok:
        g.unmark(pid, OOS)
    return ok
