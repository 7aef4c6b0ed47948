"""Removing Disorganization.

* For 1 CAP as an activation (9.8.3 a, 5.2): every supplied Disorganized combat unit in one hex
  free of enemy combat units and forts, even besieged ones; German units on emergency supply
  count as supplied for this (11.2.1 c). From turn 12 of Scenarios 1 and 3, Fatigue (13.1):
  at most half (rounded up) of the hex's Disorganized units.
* Free in the Administrative Phase (11.2.7): see :func:`admin.recovery`.

When the rules leave the owner a choice of which units recover, :class:`ChooseRecovery` asks.
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Piece
from engine.rules import Prompt, Violation

from . import board, supply
from .decision import Decision
from .game import S2, WORD, Game, other


def fatigue(g: Game) -> bool:
    """13.1: from turn 12 (Scenarios 1 and 3)."""
    return g.scenario != S2 and g.turn >= 12


def dg_supplied(g: Game, h: str, side: str, emergency_ok: bool = True) -> list[int]:
    out = []
    for p in board.units_at(g, h, side):
        if not board.dg(g, p):
            continue
        st = supply.status(g, p)
        if st == supply.NORMAL or (st == supply.EMERGENCY and emergency_ok):
            out.append(p)
    return out


def recover_problem(g: Game, side: str, h: str) -> Violation | None:
    if not board.is_hex(h):
        return Violation("GI 9.8.3", "choose a hex")
    if board.units_at(g, h, other(side)) or board.forts_at(g, h, other(side)):
        return Violation("GI 9.8.3", "the hex must be free of enemy combat units and forts, "
                                     "even besieged ones")
    if not dg_supplied(g, h, side):
        return Violation("GI 9.8.3", "no supplied Disorganized unit in that hex")
    return None


def flip_up(g: Game, pids) -> None:
    for p in pids:
        if g.face(p) != 0:
            g.do(C.SetFace(p, 0))
    if pids:
        g.note(f"{g.names(pids)} recover{'s' if len(pids) == 1 else ''} from Disorganization")


def recover_hex(g: Game, side: str, h: str) -> None:
    cands = dg_supplied(g, h, side)
    limit = len(cands)
    if fatigue(g):
        limit = (len(cands) + 1) // 2
    if limit >= len(cands):
        flip_up(g, cands)
        return
    g.call("choose_recovery", side=side, quotas=[{"hex": h, "limit": limit, "cands": cands}],
           why="Fatigue (13.1)")


class ChooseRecovery(Decision):
    """The owner chooses which Disorganized units recover where only some may (11.2.7 b, 13.1
    Fatigue, 11.2.1 c)."""
    name = "choose_recovery"
    rule = "11.2.7"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        left = sum(q["limit"] for q in frame["quotas"])
        return Prompt(side, "recovery", f"{WORD[side]}: choose the Disorganized units that "
                                        f"recover ({frame['why']}): {left} more may")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        for q in frame["quotas"]:
            if q["limit"] > 0:
                for p in q["cands"]:
                    if p in g.state.pieces and g.face(p) == 1:
                        yield self.offer("recover", side, unit=p)
        yield self.offer("done", side)

    def check_recover(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        for q in frame["quotas"]:
            if unit in q["cands"] and q["limit"] > 0 and g.face(unit) == 1:
                return None
        return Violation("GI 11.2.7", "that unit may not recover now")

    def on_recover(self, g: Game, frame: dict, unit: Piece) -> None:
        """This unit recovers"""
        quotas = []
        for q in frame["quotas"]:
            q = dict(q)
            if unit in q["cands"] and q["limit"] > 0:
                q["limit"] -= 1
                q["cands"] = [p for p in q["cands"] if p != unit]
            quotas.append(q)
        flip_up(g, [unit])
        g.update(quotas=quotas)
        if all(q["limit"] <= 0 or not q["cands"] for q in quotas):
            g.end()

    def on_done(self, g: Game, frame: dict) -> None:
        """No more units recover"""
        g.end()

    LINES = {"recover": "{side}: {unit} recovers", "done": "{side}: recovery done"}
