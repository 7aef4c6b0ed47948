"""Forts besieged and the Siege Phase (15.2, 15.3).

* 15.2.1 a fort is besieged when at least one enemy army, or as many enemy corps as its LF,
  stand in its space: a Siege marker shows it. :func:`update_siege` keeps the marker true to
  the units present (15.2.4: below the minimum the fort is no longer besieged);
* 15.2.4 / 13.1.5 whenever besiegers leave the space or are eliminated — by movement, retreat,
  combat losses, attrition or an event — :func:`lift_if_broken` removes the marker at once, so
  supply (15.2.2) and the Siege Phase never read a siege that no longer exists;
* 15.3.1–15.3.3 in the Siege Phase each besieged fort rolls 1d6 (−2 in the August and
  September 1914 turns); a result greater than its LF destroys it and control passes to the
  besieger at once (3.0.6).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine import commands as C

from . import board, tracks
from engine.machine import State

if TYPE_CHECKING:
    from .game import Game

EARLY_SIEGE_TURNS = (1, 2)  # PoG 15.3.3: August and September 1914


def fort_owner(g: "Game", loc: str) -> str:
    """The side the fort in ``loc`` fights for: the space's controller (15.1.10)."""
    return board.controller(g, loc)


def can_besiege(g: "Game", loc: str, pids: Iterable[int]) -> bool:
    """PoG 15.2.1: one army, or as many corps as the fort's LF."""
    pids = list(pids)
    return any(board.is_army(g, p) for p in pids) or len(pids) >= board.fort_value(g, loc)


def besiegers(g: "Game", loc: str) -> list[int]:
    """Units in ``loc`` of the side the fort is an enemy to."""
    owner = fort_owner(g, loc)
    return [p for p in board.units_in(g, loc) if board.side_of(g, p) != owner]


def update_siege(g: "Game", loc: str) -> bool:
    """Place or lift the Siege marker in ``loc`` to match the units there (15.2.1, 15.2.4).
    Returns whether the fort is besieged afterwards."""
    if lift_if_broken(g, loc):
        return False
    units = besiegers(g, loc) if board.fort_intact(g, loc) else []
    besieged = bool(units) and can_besiege(g, loc, units)
    if besieged and not board.markers_in(g, loc, "m_siege"):
        g.do(C.Create("m_siege", loc, None, 0, {}))
        g.note(f"PoG 15.2.1: the fort of {g.module.locations[loc].name} is besieged")
    return besieged


def lift_if_broken(g: "Game", loc: str) -> bool:
    """PoG 15.2.4: the besiegers of the fort in ``loc`` left, or fell below one army or as many
    corps as its LF (losses, attrition, an event): the fort is no longer besieged — its Siege
    marker goes at once. Never places a marker (a new siege needs 15.2.1's entry). Returns
    whether a marker was removed."""
    marks = board.markers_in(g, loc, "m_siege")
    if not marks:
        return False
    units = besiegers(g, loc) if board.fort_intact(g, loc) else []
    if units and can_besiege(g, loc, units):
        return False
    for m in marks:
        g.do(C.Delete(m))
    g.note(f"PoG 15.2.4: the fort of {g.module.locations[loc].name} is no longer besieged")
    return True


def resolve_siege(g: "Game", loc: str) -> bool:
    """PoG 15.3.2: one surrender roll for the besieged fort in ``loc``; True if it falls."""
    if not update_siege(g, loc):
        return False
    value = board.fort_value(g, loc)
    drm = -2 if int(g.get("turn", 1) or 1) in EARLY_SIEGE_TURNS else 0  # PoG 15.3.3
    die = g.roll(f"siege of {loc}")
    name = g.module.locations[loc].name
    if die + drm > value:
        side = board.side_of(g, besiegers(g, loc)[0])
        for m in board.markers_in(g, loc, "m_siege"):
            g.do(C.Delete(m))
        g.do(C.Create("m_destroyed", loc, None, 0, {}))
        g.note(f"PoG 15.3.2: siege of {name}: {die}{drm:+d} > {value}, the fort falls")
        tracks.set_control(g, loc, side)
        return True
    g.note(f"PoG 15.3.2: siege of {name}: {die}{drm:+d} ≤ {value}, the fort holds")
    return False


class SiegePhase(State):
    """Phase D: every besieged fort checks for surrender (15.3.1). Automatic."""
    name = "phase_siege"
    rule = "15.3.1"
    automatic = True

    def run(self, g: "Game", frame: dict) -> None:
        for loc in sorted(board.spaces(g)):
            if board.markers_in(g, loc, "m_siege") and board.fort_intact(g, loc):
                resolve_siege(g, loc)
        g.end()
