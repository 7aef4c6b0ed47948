"""What the rules check after anything moves, retreats, advances or loses a step: HQ dispersal
(4.10: an HQ alone in an enemy ZOC disperses at once) and the Rhine bridgeheads (12.6).

A dispersed HQ goes to its owner's Turn Track two turns ahead and enters then as a
reinforcement — from Normandy for the Allies, from the East (a German city) for the German
(4.10); beyond the last turn of the game it is out of play.
"""
from __future__ import annotations

from engine import commands as C

from . import rhine
from .board import position
from .game import ADMIN, COMMANDED, OOS, OUT_OF_PLAY, Game, month, other

TURNS = 11


def disperse(g: Game, hq: int, why: str) -> None:
    """4.10: remove the HQ to its owner's Turn Track, two turns ahead."""
    side = g.side_of(hq)
    arrive = g.turn + 2
    for m in (OOS, ADMIN, COMMANDED):
        g.unmark(hq, m)
    if g.face(hq) != 1:
        g.do(C.SetFace(hq, 1))
    g.set_prop(hq, "entered", None)
    if arrive <= TURNS:
        g.do(C.Move(hq, f"turn_{side}_{arrive}"))
        g.note(f"{g.name(hq)} is dispersed ({why}) and returns as a reinforcement in "
               f"{month(arrive)} (4.10)")
    else:
        g.do(C.Move(hq, OUT_OF_PLAY))
        g.note(f"{g.name(hq)} is dispersed ({why}); the war ends before it can return (4.10)")


def settle(g: Game, spare=()) -> None:
    """Run after every change of position: disperse every HQ alone in an enemy ZOC (4.8, 4.10),
    then place and remove bridgeheads (12.6). ``spare``: HQs a retreat may still pick up (their
    owner decides first, 4.10)."""
    while True:
        pos = position(g)
        lone = None
        for side in ("allied", "german"):
            for h, hqs in sorted(pos.hqs[side].items()):
                left = [q for q in hqs if q not in spare]
                if left and pos.in_zoc(other(side), h) and not pos.combat(side, h):
                    lone = left[0]
                    break
            if lone is not None:
                break
        if lone is None:
            break
        disperse(g, lone, f"alone in an enemy zone of control at {g.hex_name(g.where(lone))}")
    rhine.update_bridgeheads(g)
