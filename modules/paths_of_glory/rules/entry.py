"""Neutral entry (9.5.2): Italy (AP #17), Romania (AP #16), Greece (AP #44) and Bulgaria
(CP #34) join the war when their card is played as an event; the Salonika event (AP #30) is
the Greek limited entry (9.5.2.4). Turkey (16.1.3.1, :func:`status.turkey_enters`) and the US
(16.3, :mod:`.tracks`) enter by other mechanisms and are not handled here.

:func:`enter_war` places the nation's units from ``pool:<side>`` per their ``entry_location``
(and ``entry_face``) properties (4.2.2, set-up table), gives the owning side control of the
nation's neutral spaces, and records the nation in ``pog_entered`` — which lets it record RP
(9.4.1) and have Mandated Offensives (7.1.2), both read through :func:`cards.nation_neutral`.
Units whose set-up says "any 4 other spaces" (Bulgaria, Romania) are placed by their owner
through the decision state ``entry_place``.

Globals: ``pog_entered`` (nations at war), ``pog_neutral_entry_turn`` (9.5.2.2: the turn of the
last Neutral Entry card), ``pog_greece_limited`` (True between Salonika and the Greek entry).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from engine import commands as C
from engine.actions import Action, Card, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, supply, tracks
from .card_ids import BULGARIA, FALL_OF_THE_TSAR, GREECE, ITALY, ROMANIA, SALONIKA
from .cards import Event

if TYPE_CHECKING:
    from .game import Game

STACKING_LIMIT = 3
ENTRY_CARDS = {ITALY: "IT", ROMANIA: "RO", GREECE: "GR", BULGARIA: "BU"}
ENTRY_NAME = {"IT": "italy", "RO": "romania", "GR": "greece", "BU": "bulgaria"}
CAPITAL = {"IT": "rome", "RO": "bucharest", "GR": "athens", "BU": "sofia"}
SIDE = {"IT": "AP", "RO": "AP", "GR": "AP", "BU": "CP"}
SALONIKA_NATIONS = ("BR", "FR")  # PoG AP #30: ANA, AUS, CND, PT do not count


def entered(g: "Game", nation: str) -> bool:
    return nation in (g.get("pog_entered") or ())


def _pool_units(g: "Game", nation: str) -> list[int]:
    side = SIDE[nation]
    name = ENTRY_NAME[nation]
    return [pid for pid in g.state.stacks.get(f"pool:{side}", ())
            if g.state.pieces[pid].props.get("entry") == name]


def _place(g: "Game", pid: int, loc: str) -> None:
    props = g.state.pieces[pid].props
    face = int(props.get("entry_face") or 0)
    if g.state.pieces[pid].face != face:
        g.do(C.SetFace(pid, face))
    g.do(C.Move(pid, loc))
    for key in ("entry", "entry_location", "entry_face", "entry_choice"):
        if key in props:
            g.do(C.SetProp(pid, key, None))


def place_set_up_units(g: "Game", nation: str) -> list[int]:
    """Place the nation's units that have a fixed set-up space; return those needing a choice
    (``entry_choice``)."""
    choice = []
    for pid in sorted(_pool_units(g, nation)):
        loc = g.state.pieces[pid].props.get("entry_location")
        if loc:
            _place(g, pid, loc)
        else:
            choice.append(pid)
    return choice


def enter_war(g: "Game", nation: str) -> None:
    """9.5.2.1 / 4.2.2: ``nation`` (IT, RO, GR, BU) joins its side now."""
    side = SIDE[nation]
    for loc in board.spaces(g):  # the nation's spaces become the side's (no VP change)
        if board.attr(g, loc, "nation") == nation and board.controller(g, loc) == "neutral":
            tracks.set_control(g, loc, side, score=False)
    g.set("pog_entered", list(g.get("pog_entered") or []) + [nation])
    if nation == "GR":
        g.set("pog_greece_limited", False)
    choice = place_set_up_units(g, nation)
    g.note(f"PoG 9.5.2.1: {nation} enters the war on the {side} side")
    if choice:
        g.call("entry_place", side=side, nation=nation)


def neutral_entry_violation(g: "Game", side: str, card_id: str) -> Violation | None:
    nation = ENTRY_CARDS[card_id]
    if g.get("pog_neutral_entry_turn") == g.get("turn", 1):
        return Violation("PoG 9.5.2.2", "only one Neutral Entry card per turn, for both players")
    if not cards.nation_neutral(g, nation) and not (nation == "GR" and g.get("pog_greece_limited")):
        return Violation("PoG 9.5.2.1", f"{nation} is no longer neutral")
    if card_id == ROMANIA and cards.event_played(g, FALL_OF_THE_TSAR):
        return Violation("PoG AP #16", "Romania may not enter after Fall of the Tsar")
    return None


def _neutral_entry(g: "Game", side: str, card_id: str) -> None:
    g.set("pog_neutral_entry_turn", g.get("turn", 1))  # PoG 9.5.2.2
    enter_war(g, ENTRY_CARDS[card_id])


def choice_spaces(g: "Game", nation: str) -> list[str]:
    """4.2.2 "one corps in each of any 4 other spaces" of the nation: spaces of the nation,
    not the capital, friendly, without a unit of the nation already placed there."""
    side = SIDE[nation]
    others = board.printed_spaces(g, f"non-capital:{nation}", lambda l: board.attr(
        g, l, "nation") == nation and l != CAPITAL[nation])
    return [l for l in others if board.controller(g, l) == side and not board.units_in(g, l)]


class EntryPlace(State):
    """4.2.2: the owner places the entering nation's corps one by one, one per space."""
    name = "entry_place"
    rule = "4.2.2"

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        return Prompt(frame["side"], "place_entry",
                      f"{frame['side']}: place a {frame['nation']} corps in another space of "
                      "the nation (one per space)")

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        pending = _pool_units(g, frame["nation"])
        if not pending:
            return
        for loc in choice_spaces(g, frame["nation"]):
            yield self.offer("place", frame["side"], unit=pending[0], space=loc)

    def refuse(self, g: "Game", frame: dict, action: Action) -> Violation | None:
        if action.verb == "place" and action.get("space") not in choice_spaces(g, frame["nation"]):
            return Violation("PoG 4.2.2", "one corps in each of the other spaces of the nation")
        return super().refuse(g, frame, action)

    def on_place(self, g: "Game", frame: dict, unit: Piece, space: Loc) -> None:
        """Place the corps here"""
        _place(g, unit, space)
        if not _pool_units(g, frame["nation"]) or not choice_spaces(g, frame["nation"]):
            for pid in _pool_units(g, frame["nation"]):  # no room left: Reserve Box
                _place(g, pid, f"reserve:{frame['side']}")
            g.end()


def auto_place_choices(g: "Game", nation: str) -> None:
    """Place the choice units in the first free spaces (tests, set-ups without a player)."""
    for pid in _pool_units(g, nation):
        spaces = choice_spaces(g, nation)
        _place(g, pid, spaces[0] if spaces else f"reserve:{SIDE[nation]}")


# -- Salonika (AP #30): Greek limited entry and an SR to Salonika -----------------------------
def greek_limited(g: "Game") -> bool:
    """9.5.2.4: Salonika played, Greece not yet at war: Greek units are neutral on the map."""
    return bool(g.get("pog_greece_limited"))


def greek_blocked(g: "Game", loc: str) -> bool:
    """9.5.2.4: nobody may enter, attack or trace supply through a space holding Greek units
    while Greece is only in limited entry."""
    if not g.get("pog_greece_limited"):         # greek_limited, asked inline: a hot question
        return False
    return any(board.nation_of(g, p) == "GR" for p in board.units_in(g, loc))


def greek_open(g: "Game", loc: str) -> bool:
    """9.5.2.4: in limited entry, Greek spaces without Greek units may be entered by both."""
    return (greek_limited(g) and board.attr(g, loc, "nation") == "GR"
            and not board.units_in(g, loc))


def salonika_candidates(g: "Game") -> list[int]:
    """BR/FR corps in the Allied Reserve Box or in supplied Allied-controlled ports."""
    out = []
    if board.units_in(g, "salonika", "CP") or len(board.units_in(g, "salonika")) >= STACKING_LIMIT:
        return out
    for pid in g.state.stacks.get("reserve:AP", ()):
        if board.is_unit(g, pid) and not board.is_army(g, pid) \
                and board.nation_of(g, pid) in SALONIKA_NATIONS:
            out.append(pid)
    for loc in board.printed_spaces(g, "ports", lambda l: board.attr(g, l, "port")):
        if loc == "salonika" or board.controller(g, loc) != "AP":
            continue
        for pid in board.units_in(g, loc, "AP"):
            if not board.is_army(g, pid) and board.nation_of(g, pid) in SALONIKA_NATIONS \
                    and supply.unit_in_supply(g, pid):
                out.append(pid)
    return out


def salonika_playable(g: "Game", side: str, card_id: str) -> Violation | None:
    if (g.get("pog_actions_AP") or [""])[-1] == "sr":
        return Violation("PoG 9.3.3", "Salonika counts as an SR play: not right after an SR "
                                      "round")
    if entered(g, "GR") and board.controller(g, "salonika") != "AP":
        return Violation("PoG AP #30", "after Greek entry Salonika needs Salonika Allied")
    if not salonika_candidates(g):
        return Violation("PoG AP #30", "no British or French corps can SR to Salonika")
    return None


def play_salonika(g: "Game", side: str, card_id: str) -> None:
    acts = list(g.get("pog_actions_AP") or [])
    if acts and acts[-1] == "event":
        g.set("pog_actions_AP", acts[:-1] + ["sr"])  # PoG 9.3.3: counts as an SR play
    if not entered(g, "GR"):
        g.set("pog_greece_limited", True)  # PoG 9.5.2.4
        for pid in place_set_up_units(g, "GR"):  # (every Greek unit has a set-up space)
            _place(g, pid, "reserve:AP")
        g.note("PoG 9.5.2.4: Greek limited entry: the Greek units are placed, still neutral")
    g.call("salonika_sr", side=side, moved=[])


class SalonikaSR(State):
    """AP #30: SR 1 to 3 British or French corps to Salonika (at least one)."""
    name = "salonika_sr"
    rule = "AP #30"

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        return Prompt("AP", "salonika", f"AP: SR British or French corps to Salonika "
                                        f"({len(frame['moved'])} of 1-3 so far)")

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        if len(frame["moved"]) < 3:
            for pid in salonika_candidates(g):
                yield self.offer("sr", "AP", unit=pid, to="salonika")
        if frame["moved"]:
            yield self.offer("end_sr", "AP")

    def refuse(self, g: "Game", frame: dict, action: Action) -> Violation | None:
        if action.verb == "end_sr" and not frame["moved"]:
            return Violation("PoG AP #30", "at least one corps must SR to Salonika")
        if action.verb == "sr" and len(frame["moved"]) >= 3:
            return Violation("PoG AP #30", "at most three corps SR to Salonika")
        return super().refuse(g, frame, action)

    def on_end_sr(self, g: "Game", frame: dict) -> None:
        """End the SR to Salonika"""
        g.end()

    def on_sr(self, g: "Game", frame: dict, unit: Piece, to: Loc) -> None:
        """Redeploy this corps to Salonika"""
        pid = unit
        g.do(C.Move(pid, "salonika"))
        if board.controller(g, "salonika") != "AP":
            tracks.set_control(g, "salonika", "AP")  # PoG 11.1.14
        moved = frame["moved"] + [pid]
        if len(moved) >= 3 or not salonika_candidates(g):
            g.end()
        else:
            g.update(moved=moved)


#: The events implemented here (joined by the ruleset, :func:`.cards.join_events`).
EVENTS = {**{card: Event(play=_neutral_entry, playable=neutral_entry_violation)
             for card in ENTRY_CARDS},
          SALONIKA: Event(play=play_salonika, playable=salonika_playable)}
