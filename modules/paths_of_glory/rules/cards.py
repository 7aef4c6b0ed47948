"""Strategy cards (9.0): where a side's cards are, what a card gives (OPS, SR, RP), and the
registry of implemented events.

Cards are pieces of ``kind == "card"`` whose type id is the card id (``ap_03``, ``cp_12``; rules
name a card by its constant in :mod:`.card_ids`); each card exists once. A side's cards live in
``deck:<side>`` (draw pile, top = last), ``hand:<side>``, ``discard:<side>``, ``removed:<side>``
(out of the game, 9.5.1.2), ``cc:<side>`` (combat cards retained after a won combat, 9.5.4.2)
and the piles of cards not yet added (``pile:<side>:limited_war`` / ``total_war`` /
``optional``).

**Events.** Each events file lists the events it implements in its own ``EVENTS`` table (a card
id to an :class:`Event`)::

    EVENTS = {OBEROST: Event(play=oberost, playable=oberost_allowed), ...}

and the ruleset joins them, explicitly, into ``g.rules.events`` (:func:`join_events`); the action
round offers ``play_event`` only for the cards found there (9.5). ``play(g, side, card_id)``
carries out the card text (it may push frames: they run before the round ends);
``playable(g, side, card_id)`` returns a ``Violation`` naming the rule that forbids
the event now, or None. The action round itself does what every event shares: the War Status
number (9.5.1.3), the Introductory ±1 VP for * events (5.3.4), removal of * cards at the end of
the round (9.5.1.2) and the record of played events in the global ``pog_events`` (the list of
card ids played as events, which prerequisite checks read).
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from engine import commands as C
from engine.rules import Violation

from . import board

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Event:
    """One implemented card event."""
    play: Callable[["Game", str, str], None]
    playable: Callable[["Game", str, str], Violation | None] | None = None


def join_events(*tables: dict[str, Event]) -> dict[str, Event]:
    """The events of all ``tables``; a card implemented twice is an error."""
    out: dict[str, Event] = {}
    for table in tables:
        for card, event in table.items():
            if card in out:
                raise ValueError(f"the event of card {card} is implemented twice")
            out[card] = event
    return out

#: RP-box nations that record nothing while their nation is neutral (9.4.1).
NEUTRAL_RP = {"BU": "sofia", "IT": "rome", "TU": "constantinople"}


def info(g: "Game", card_id: str) -> dict:
    return g.module.piece_types[card_id].attrs


def label(g: "Game", card_id: str) -> str:
    """``#12 German Reinforcements`` (the card face, 4.15)."""
    pt = g.module.piece_types[card_id]
    return f"#{pt.attrs.get('number')} {pt.name}"


def ops_value(g: "Game", card_id: str) -> int:
    return int(info(g, card_id).get("ops", 0) or 0)


def sr_value(g: "Game", card_id: str) -> int:
    return int(info(g, card_id).get("sr", 0) or 0)


def rp_box(g: "Game", card_id: str) -> dict[str, int]:
    """The card's RP box: ``"A 1 BR 2 FR 2 IT 1 RU 3"`` → {"A": 1, "BR": 2, ...} (3.0.4)."""
    words = str(info(g, card_id).get("rp", "") or "").split()
    return {words[i]: int(words[i + 1]) for i in range(0, len(words) - 1, 2)}


def is_cc(g: "Game", card_id: str) -> bool:
    return bool(info(g, card_id).get("cc"))


def cards_in(g: "Game", loc: str) -> list[int]:
    return [pid for pid in g.state.stacks.get(loc, ())
            if g.module.piece_types[g.state.pieces[pid].type].kind == "card"]


def hand(g: "Game", side: str) -> list[str]:
    """Card ids in ``side``'s hand, in hand order."""
    return [g.state.pieces[pid].type for pid in cards_in(g, f"hand:{side}")]


def pid_of(g: "Game", card_id: str) -> int | None:
    """The piece of type ``card_id`` — a card (a deck holds one piece of each card) or a
    marker the set-up holds one of (an RP marker) — or None.

    Remembered per state (weakly): the first piece of every type, read from every piece at
    once, each answer checked on use (a remembered piece that no longer exists or is no longer
    of that type sends us to read every piece again). A type found in no piece stays absent
    while no stack changed since (the state's journal, :meth:`GameState.touched_since`) holds
    a piece of it: a piece enters the game only by entering a stack."""
    state = g.state
    kept = _CARD_PIDS.get(id(state))
    if kept is None or kept.state() is not state:
        kept = _CARD_PIDS[id(state)] = _Pids(weakref.ref(state, _forget_state(id(state))))
    pid = kept.first.get(card_id)
    if pid is not None:
        piece = state.pieces.get(pid)
        if piece is not None and piece.type == card_id:
            return pid
    elif kept.mark is not None:          # no piece of the type when last read
        touched = state.touched_since(kept.absent.get(card_id, kept.mark))
        if touched is not None:
            pieces, stacks = state.pieces, state.stacks
            if not any(pieces[p].type == card_id for loc in set(touched)
                       for p in stacks.get(loc, ())):
                kept.absent[card_id] = state.change_mark
                return None
    first: dict[str, int] = {}
    for pid, piece in state.pieces.items():
        if piece.type not in first:
            first[piece.type] = pid
    kept.first, kept.absent, kept.mark = first, {}, state.change_mark
    return first.get(card_id)


class _Pids:
    """:func:`pid_of`'s memory of one state: the first piece of each type as read at journal
    mark ``mark`` (None: not read yet), and the journal mark at which each type asked for
    since was last found in no piece (a type missing from ``absent`` was last checked at
    ``mark``)."""
    __slots__ = ("state", "first", "absent", "mark")

    def __init__(self, state: "weakref.ref") -> None:
        self.state = state
        self.first: dict[str, int] = {}
        self.absent: dict[str, int] = {}
        self.mark: int | None = None


_CARD_PIDS: dict[int, _Pids] = {}   # id(state) -> what pid_of remembers of it


def _forget_state(key: int) -> Callable:
    return lambda _ref: _CARD_PIDS.pop(key, None)


def where(g: "Game", card_id: str) -> str | None:
    pid = pid_of(g, card_id)
    return g.state.pieces[pid].loc if pid is not None else None


def total_cards(g: "Game") -> int:
    return sum(1 for p in g.state.pieces.values() if g.module.piece_types[p.type].kind == "card")


def move_card(g: "Game", card_id: str, dest: str) -> None:
    pid = pid_of(g, card_id)
    if pid is not None and g.state.pieces[pid].loc != dest:
        g.do(C.Move(pid, dest))


def nation_neutral(g: "Game", nation: str) -> bool:
    """Whether ``nation`` (BU, IT, TU, RO, GR) is still neutral: its capital is still neutral
    territory. Entering the war puts the nation's spaces under control (4.2.2, 16.1.3.1), and
    a captured capital is enemy-controlled, so either way it is no longer neutral. An entry
    recorded in the global ``pog_entered`` (list of nations) also counts."""
    if nation in (g.get("pog_entered") or ()):
        return False
    capital = {"BU": "sofia", "IT": "rome", "TU": "constantinople", "RO": "bucharest",
               "GR": "athens"}.get(nation)
    if capital is None or capital not in g.module.locations:
        return False
    return board.controller(g, capital) == "neutral"


def event_played(g: "Game", card_id: str) -> bool:
    return card_id in (g.get("pog_events") or ())
