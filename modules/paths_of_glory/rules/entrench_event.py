"""The two Entrench cards (AP #12, CP #6): the same event for either side.

Only one player may ever play Entrench as an event (9.5.1.1). The event lets both players
attempt trenches from now on (11.2.1: the global ``pog_entrench``) and gives the player a
level-1 trench (never an upgrade) in a space holding one of his supplied armies.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from engine import commands as C
from engine.actions import Action, Card, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, supply
from .card_ids import ENTRENCH

if TYPE_CHECKING:
    from .game import Game


def _rule(g: "Game", card: str) -> str:
    return f"PoG {g.module.piece_types[card].side} #{cards.info(g, card).get('number')}"


def entrench_ok(g: "Game", side: str, card: str) -> Violation | None:
    """PoG 9.5.1.1: refused once either Entrench card has been played as an event.
    (5.7.4 #4, no Entrench event on turn 1 of the Historical game, is sequence.py's.)"""
    if any(cards.event_played(g, c) for c in ENTRENCH):
        return Violation(_rule(g, card), f"{cards.label(g, card)}: only one player may ever "
                                         "play Entrench as an event (PoG 9.5.1.1)")
    return None


def entrench_spaces(g: "Game", side: str) -> list[str]:
    """Untrenched spaces holding a supplied army of ``side``."""
    out = set()
    for pid, piece in g.state.pieces.items():
        if board.is_space(g, piece.loc) and board.is_unit(g, pid) and board.is_army(g, pid) \
                and board.side_of(g, pid) == side and board.trench(g, piece.loc)[1] == 0 \
                and supply.unit_in_supply(g, pid):
            out.add(piece.loc)
    return sorted(out)


def entrench(g: "Game", side: str, card: str) -> None:
    g.set("pog_entrench", True)  # PoG 11.2.1: both players may now entrench
    g.note(f"{cards.label(g, card)}: both players may now attempt to entrench (PoG 11.2.1)")
    if entrench_spaces(g, side):
        g.call("entrench_place", side=side, card=card)


class EntrenchPlace(State):
    """The player places his level-1 trench with a supplied army."""
    name = "entrench_place"
    rule = "11.2.1"

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        return Prompt(frame["side"], "entrench",
                      "Entrench: place a level-1 trench with a supplied army")

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        for loc in entrench_spaces(g, frame["side"]):
            yield self.offer("place_trench", frame["side"], space=loc)

    def refuse(self, g: "Game", frame: dict, action: Action) -> Violation | None:
        if action.verb == "place_trench" and \
                action.get("space") not in entrench_spaces(g, frame["side"]):
            return Violation(_rule(g, frame["card"]), "the trench goes in an untrenched space "
                             f"holding a supplied {frame['side']} army")
        return super().refuse(g, frame, action)

    def on_place_trench(self, g: "Game", frame: dict, space: Loc) -> None:
        """Place the level-1 trench here"""
        side = frame["side"]
        g.do(C.Create(board.TRENCH[side], space, None, 0, {}))
        g.note(f"Entrench: level-1 {side} trench in {g.module.locations[space].name}")
        g.end()
