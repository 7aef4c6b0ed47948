"""Invariants the fuzzer checks after every Paths of Glory action."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import board

if TYPE_CHECKING:
    from .game import Game

STACKING_LIMIT = 3  # PoG 10.1.1


def pog_invariants(g: "Game") -> list[str]:
    problems: list[str] = []
    in_motion = g.get("pog_moving", False)  # 10.1.2: stacking may be exceeded during movement/SR
    for loc in board.spaces(g):
        units = board.units_in(g, loc)
        if not units:
            continue
        if not in_motion and len(units) > STACKING_LIMIT:
            problems.append(f"PoG 10.1.1: {len(units)} units in {loc}")
        sides = {board.side_of(g, pid) for pid in units}
        if len(sides) > 1:
            problems.append(f"PoG 10.1.5: both sides' units in {loc}")
    cards = sum(1 for p in g.state.pieces.values() if g.module.piece_types[p.type].kind == "card")
    expected = g.get("pog_cards_total")
    if expected is not None and cards != expected:
        problems.append(f"cards not conserved: {cards} in play, {expected} expected")
    return problems
