"""Combat strength (9.3, 9.4, 19.1.6, 9.10.3): a Force's Attack Strength across the hexside it
attacks through, a defending group's Defense Strength with its one terrain bonus, Artillery
Values with their terrain limits (10.1.1a)."""
from __future__ import annotations

import math

from .game import Game
from .markers import tag
from .terrain import attack_modifier, ds_bonus, escarpment_up, mountainous

#: 9.10.3: the scenario option that puts the optional Strength Reduction markers in play
SR_MARKERS = "strength_reduction_markers"
SR_MARKER_MAX = 4        # 9.10.3: the marker's -4 side is its last


def sr_marker(g: Game, pid: int) -> int:
    """9.10.3 (optional): a -2 / -4 Strength Reduction marker on a reduced infantry division."""
    return int(g.prop(pid, "sr_marker", 0) or 0)


def takes_sr_marker(g: Game, pid: int) -> bool:
    """9.10.3 (optional rule, the scenario option ``strength_reduction_markers``): a reduced
    division-size infantry unit takes a further SR as a -2 marker, then turns it to -4. Never a
    cavalry corps (8.1.1), never a Belgian (24.2.1: its SRs go through secondary counters;
    reading R40), never beyond -4."""
    if not g.option(SR_MARKERS):
        return False
    t = g.ut(pid)
    if t is None or not t.infantry or t.size != "division" or t.nat == "BE" or not g.is_formation(pid):
        return False
    return g.face(pid) == 1 and sr_marker(g, pid) < SR_MARKER_MAX


def set_sr_marker(g: Game, pid: int, value: int) -> None:
    """Put the unit's Strength Reduction marker at -``value`` (0 takes it off), shown on the unit
    (9.10.3, 16.6.1)."""
    g.set_prop(pid, "sr_marker", value or None)
    tag(g, pid, "SR ", f"-{value}" if value else None)


def add_sr_marker(g: Game, pid: int, why: str) -> None:
    """9.10.3: the SR is a -2 marker on the reduced division, or turns its -2 marker to -4."""
    value = sr_marker(g, pid) + 2
    set_sr_marker(g, pid, value)
    g.note(f"{g.unit_name(pid)} takes a Strength Reduction ({why}): Strength Reduction marker -{value} (9.10.3)")


def unit_as(g: Game, pid: int) -> float:
    value = max(0, g.value(pid, "as") - sr_marker(g, pid))
    return value / 2 if g.prop(pid, "two_hex") else value


def unit_ds(g: Game, pid: int) -> float:
    value = max(0, g.value(pid, "ds") - sr_marker(g, pid))
    return value / 2 if g.prop(pid, "two_hex") else value


def unit_av(g: Game, pid: int) -> int:
    value = g.value(pid, "av")
    return math.ceil(value / 2) if g.prop(pid, "two_hex") else value   # 19.1.6: halved, rounded up


def force_attack_strength(g: Game, units: list[int], frm: str, to: str, ammo: bool = True) -> float:
    """9.3.2: the Force's AS modified once for the hexside it attacks across; 9.4: halved
    without Ammo (reading R15: rounded up)."""
    total = sum(unit_as(g, p) for p in units if g.is_combat(p))
    if total <= 0:
        return 0
    total = max(0, total + attack_modifier(g, frm, to))
    return math.ceil(total / 2) if not ammo else total


def group_defense_strength(g: Game, units: list[int], h: str, ammo_by_unit: dict | None = None) -> float:
    """9.3.1: the group's DS plus the one terrain bonus of its hex; 9.4: a unit without Ammo
    defends at half (rounded up)."""
    total = 0.0
    for p in units:
        ds = unit_ds(g, p)
        if ammo_by_unit is not None and not ammo_by_unit.get(p, True):
            ds = math.ceil(ds / 2)
        total += ds
    if total <= 0:
        return 0
    return total + ds_bonus(g, h)


def force_av(g: Game, units: list[int], frm: str, to: str | None, ammo: bool = True,
             defending_in: str | None = None) -> int:
    """10.1.1 / 10.1.1a: a Force's AV; halved firing up an escarpment (rounded up); at most 2
    when attacking into or defending in a Mountainous hex; halved without Ammo (9.4)."""
    av = sum(unit_av(g, p) for p in units)
    if to is not None and escarpment_up(g, frm, to):
        av = math.ceil(av / 2)
    hexes = [h for h in (to, defending_in, frm) if h]
    if any(mountainous(g, h) for h in hexes[:1]) or (defending_in and mountainous(g, defending_in)):
        av = min(av, 2)
    if not ammo:
        av = math.ceil(av / 2)
    return av
