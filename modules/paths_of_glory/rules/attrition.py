"""Paths of Glory Attrition Phase (phase C, rule 14.3), an automatic state.

* 14.3.5 every OOS unit of both sides is eliminated, simultaneously (all decided before any is
  removed): corps to the Eliminated box, armies permanently (they can never be replaced);
  TU units at Medina are in supply for attrition (14.1.5);
* 14.3.6 a friendly-controlled space with no undestroyed friendly fort, which would be OOS if it
  were a friendly unit (any friendly source, 14.2.5), becomes enemy-controlled; spaces are
  checked simultaneously; Serbian spaces never convert this way; a space still holding friendly
  units that survive attrition keeps its control; VP spaces score (VP table, 3.0.22);
* 11.2.7 a trench in a space that suffers attrition loses a level, unless the space holds an
  intact fort;
* the ``m_oos`` markers are cleared once attrition is done.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import commands as C

from . import board, sieges, supply, tracks
from engine.machine import State

if TYPE_CHECKING:
    from .game import Game

SIDES = ("CP", "AP")


def eliminate_oos(g: "Game", pid: int) -> str:
    """14.3.5: corps to ``eliminated:<side>``, armies to ``perm_eliminated:<side>``; a siege
    left with too few besiegers ends (15.2.4)."""
    side = board.side_of(g, pid)
    loc = g.state.pieces[pid].loc
    box = f"perm_eliminated:{side}" if board.is_army(g, pid) else f"eliminated:{side}"
    g.do(C.Move(pid, box))
    sieges.lift_if_broken(g, loc)
    return box


def spaces_to_convert(g: "Game", survivors: set[str]) -> list[tuple[str, str]]:
    """14.3.6: (space, new controller) for every space that loses control by attrition.
    Control and forts are read from the supply snapshot (the position now), in map order."""
    seen = supply.position(g)
    ctrl, forts, nation = seen.ctrl, seen.intact_forts, seen.map.nation
    out = []
    for side in SIDES:
        supplied = supply.supplied_spaces(g, side, None)
        for loc in seen.map.spaces:
            if ctrl[loc] != side or loc in supplied:
                continue
            if loc in forts:                                    # 14.3.6 friendly fort
                continue
            if nation[loc] == "SB":                             # 14.3.6 exception
                continue
            if loc in survivors:
                continue
            out.append((loc, supply.other_side(side)))
    return out


def trench_attrition(g: "Game", loc: str) -> None:
    """11.2.7: level 1 removed, level 2 reduced to 1; not in a space with an intact fort."""
    if board.fort_intact(g, loc):
        return
    for type_id in board.TRENCH.values():
        for m in board.markers_in(g, loc, type_id):
            if g.state.pieces[m].face >= 1:
                g.do(C.SetFace(m, 0))
            else:
                g.do(C.Delete(m))


def resolve_attrition(g: "Game") -> tuple[list[int], list[tuple[str, str]]]:
    """Decide everything first (simultaneous, 14.3.5/14.3.6), then carry it out."""
    oos = {side: supply.oos_units(g, side, attrition=True) for side in SIDES}
    doomed = {pid for pids in oos.values() for pid in pids}
    survivors = {loc for loc, facts in supply.position(g).read.items()   # units on the map
                 if any(pid not in doomed for pid in facts[1] + facts[2])}
    convert = spaces_to_convert(g, survivors)
    struck = set()
    for side in SIDES:
        for pid in oos[side]:
            loc = g.state.pieces[pid].loc
            name = g.ptype(pid).name
            box = eliminate_oos(g, pid)
            struck.add(loc)
            g.note(f"Attrition: {name} in {loc} is out of supply and goes to {box} (PoG 14.3.5)")
    for loc, new in convert:
        tracks.set_control(g, loc, new)
        struck.add(loc)
        g.note(f"Attrition: {g.module.locations[loc].name} passes to {new} control (PoG 14.3.6)")
    for loc in sorted(struck):
        trench_attrition(g, loc)
    order = supply.position(g).map.order
    marked = {loc: list(marks) for loc, marks in board.marker_spaces(g, "m_oos").items()
              if loc in order}
    for loc in sorted(marked, key=order.__getitem__):          # in map order
        for m in marked[loc]:
            g.do(C.Delete(m))
    return sorted(doomed), convert


class AttritionPhase(State):
    """Phase C (6.0): attrition for both sides at once, no decision."""
    name = "phase_attrition"
    rule = "14.3"
    automatic = True

    def run(self, g: "Game", frame: dict) -> None:
        doomed, convert = resolve_attrition(g)
        if not doomed and not convert:
            g.note("Attrition Phase: every unit and space is in supply (PoG 14.3)")
        g.end()
