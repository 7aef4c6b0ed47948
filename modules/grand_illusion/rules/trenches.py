"""Entrenchments (9.7): none may be built until the German General Retreat has been executed
(9.7.1; Metz starts entrenched); then either player may entrench, for 1 CAP and as one
activation, a hex that holds supplied infantry of both sides (9.7.2), one trench per hex,
placed at +1 and permanent. The German, at the end of his General Retreat, may entrench hexes
holding supplied friendly infantry without enemy infantry (8.7.3). Improvement to +2:
:func:`admin.trench_improvement` (11.2.8)."""
from __future__ import annotations

from engine.rules import Violation

from . import board, supply
from .game import Game, other


def supplied_infantry(g: Game, h: str, side: str, full_strength: bool = False) -> bool:
    return any(board.kind(g, p).infantry and supply.supplied(g, p)
               and not (full_strength and board.dg(g, p))
               for p in board.units_at(g, h, side))


def entrench_problem(g: Game, side: str, h: str) -> Violation | None:
    if not board.is_hex(h):
        return Violation("GI 9.7.2", "entrench a hex")
    if not g.get("entrenchments_allowed"):
        return Violation("GI 9.7.1", "no entrenchments before the German General Retreat")
    if board.trench(g, h):
        return Violation("GI 9.7.2", "one trench per hex")
    if not supplied_infantry(g, h, side) or not supplied_infantry(g, h, other(side)):
        return Violation("GI 9.7.2", "a trench goes only where supplied infantry of both sides "
                                     "stand")
    return None


def build(g: Game, side: str, h: str) -> None:
    board.set_trench(g, h, 1)
    g.note(f"{g.place(h)} is entrenched (+1)")
