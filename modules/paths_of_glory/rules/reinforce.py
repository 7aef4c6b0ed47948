"""Reinforcement cards (9.5.3): the units a card brings wait in ``pool:<side>`` with the piece
property ``card`` naming it (the scenario files put them there).

* :func:`reinforcement_units` — the units a card still has to bring;
* :func:`reinforcements_playable` — 9.5.3.1 (one card per nation per turn, never on turn 1, only
  if every army can be placed, stacking included) and each card's own prerequisite;
* :func:`play_reinforcements` — corps go to the Reserve Box (9.5.3.2; the ANA corps to Arabia,
  the SN corps to Libya), armies are placed by the owning player through the decision state
  ``reinforce_place`` (9.5.3.3: the nation's capital or a friendly supply source of the nation,
  in supply, not besieged; US armies in friendly French ports; FR armies at Orleans when Paris
  is full; 9.5.3.4 Near East armies where their card says, or instead at the capital / a source,
  losing their Near East ability; 9.5.3.5 the MEF beachhead marker).

Globals: ``pog_reinforced`` {"turn": n, "nations": [...]} (9.5.3.1). A Near East army that
entered the 9.5.3.4 way carries the piece property ``ne_lost`` (movement and SR read it through
:func:`movement.near_east_army`).

Every reinforcement card's event is implemented here (:data:`EVENTS`).
"""
from __future__ import annotations

import weakref
from itertools import product
from typing import TYPE_CHECKING, Iterable, Iterator

from engine import commands as C
from engine.actions import Action, Card, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, supply, tracks
from .card_ids import (ARAB_NORTHERN_ARMY, CONVOY, ITALIAN_REINFORCEMENTS, LIBYAN_REVOLT, MEF,
                       OVER_THERE, REINFORCEMENT_CARDS, SALONIKA, SINAI_PIPELINE,
                       TURKISH_REINFORCEMENTS_42, TURKISH_REINFORCEMENTS_48, US_REINFORCEMENTS,
                       U_BOATS_UNLEASHED)
from .cards import Event
from .movement import hold_ana_space, names, on_near_east_map, place, unit_name

if TYPE_CHECKING:
    from .game import Game

STACKING_LIMIT = 3  # PoG 10.1.1
#: nationalities that count as British / Turkish / German for "one card per nation" (13.0.1)
PARENT = {"ANA": "BR", "AUS": "BR", "CND": "BR", "PT": "BR", "SN": "TU", "POL": "GE",
          "CZL": "RU"}
CAPITALS = {"FR": ("paris",), "AH": ("vienna", "budapest"), "GE": ("berlin",), "BR": ("london",),
            "IT": ("rome",), "TU": ("constantinople",), "BU": ("sofia",), "RO": ("bucharest",),
            "GR": ("athens",), "SB": ("belgrade",), "MN": ("cetinje",)}
NEAR_EAST_ARMIES = ("br_mef", "br_ne", "fr_orient", "ru_cau")  # PoG 9.5.3.4
SPECIAL_CORPS = {"ana_corps": "arabia", "sn_corps": "libya"}      # PoG 9.5.3.2 exceptions



# -- what a card brings -----------------------------------------------------------------------
def reinforcement_units(g: "Game", card_id: str) -> list[int]:
    """Units in ``pool:<side>`` whose property ``card`` names ``card_id`` (armies first)."""
    side = "AP" if card_id.startswith("ap_") else "CP"
    return list(_pool_index(g, side).get(card_id, ()))


class _Pool:
    """The pool of one side read by card (:func:`_pool_index`), for which state (weakly: a
    state dropped is never matched by a later one at the same address), module and journal
    mark."""
    __slots__ = ("state", "module", "mark", "by_card")

    def __init__(self) -> None:
        self.state = self.module = self.mark = None
        self.by_card: dict[str, tuple[int, ...]] = {}


_POOLS = {"AP": _Pool(), "CP": _Pool()}


def _pool_index(g: "Game", side: str) -> dict[str, tuple[int, ...]]:
    """card id -> the units in ``pool:<side>`` whose property ``card`` names it (armies first,
    then by piece id). Kept with the state's journal of changed locations
    (:meth:`GameState.touched_since` names a stack whenever a piece enters, leaves or changes
    face or properties in it): read again only when ``pool:<side>`` changed, for another
    state or module, or when the journal no longer reaches back. Piece types (unit, army) are
    the module's."""
    state, kept, loc = g.state, _POOLS[side], f"pool:{side}"
    ref = kept.state
    if ref is not None and kept.module == id(g.module) and ref() is state:
        mark = state.change_mark
        if kept.mark == mark:
            return kept.by_card
        touched = state.touched_since(kept.mark)
        if touched is not None and loc not in touched:
            kept.mark = mark
            return kept.by_card
    found: dict[str, list[int]] = {}
    pieces = state.pieces
    for pid in state.stacks.get(loc, ()):
        card = pieces[pid].props.get("card")
        if card is not None and board.is_unit(g, pid):
            found.setdefault(card, []).append(pid)
    kept.state, kept.module, kept.mark = weakref.ref(state), id(g.module), state.change_mark
    kept.by_card = {card: tuple(sorted(pids, key=lambda p: (not board.is_army(g, p), p)))
                    for card, pids in found.items()}
    return kept.by_card


def nation_key(g: "Game", pid: int) -> str:
    nation = board.nation_of(g, pid)
    return PARENT.get(nation, nation)


def card_nations(g: "Game", card_id: str) -> list[str]:
    """The nations a card reinforces (9.5.3.1 counts one card per nation per turn)."""
    out: list[str] = []
    for pid in reinforcement_units(g, card_id):
        n = nation_key(g, pid)
        if n not in out:
            out.append(n)
    return out


def _reinforced(g: "Game") -> list[str]:
    rec = g.get("pog_reinforced") or {}
    if int(rec.get("turn", -1)) != int(g.get("turn", 1)):
        return []
    return list(rec.get("nations") or [])


def _room(g: "Game", loc: str) -> int:
    return STACKING_LIMIT - len(board.units_in(g, loc))


def _open(g: "Game", side: str, loc: str, need_supply: bool = True, friendly: bool = True,
          nation: str | None = None) -> bool:
    """A space a reinforcement may enter: (friendly,) no enemy units, no besieged fort, room,
    in supply (9.5.3.3). ``nation``: the arriving army's nationality (its parent's, 13.0.1),
    whose own supply is asked first (:func:`_supplied_as_nation`).

    Remembered with the supply snapshot (:func:`supply.position`): every fact asked here —
    control, the units of each side, siege markers, supply — is one the snapshot reads, and
    a snapshot is replaced as soon as one of them changes anywhere."""
    memo = supply.position(g).memo
    key = ("reinforce_open", side, loc, need_supply, friendly, nation)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = _open_now(g, side, loc, need_supply, friendly, nation)
    return hit


def _open_now(g: "Game", side: str, loc: str, need_supply: bool, friendly: bool,
              nation: str | None) -> bool:
    if loc not in g.module.locations or not board.is_space(g, loc):
        return False
    if friendly and board.controller(g, loc) != side:
        return False
    if board.units_in(g, loc, supply.other_side(side)) or board.fort_besieged(g, loc):
        return False
    if _room(g, loc) <= 0:
        return False
    if not need_supply:
        return True
    if nation is not None and _supplied_as_nation(g, side, nation, loc):
        return True
    return supply.in_supply(g, loc, side, None)


def _supplied_as_nation(g: "Game", side: str, nation: str, loc: str) -> bool:
    """A space from which a unit of ``nation`` (of ``side``, not of the Russian class) traces
    supply is in supply as a space (14.2.5): the space may use every source of its side (a
    superset of the nation's, 14.2.1, 14.2.4), every line some nationality of its side may
    cross (those ``nation`` may cross among them, 11.1.4) and sea supply as the nation does
    (14.1.4). A sufficient test, asked first: the nation's trace is usually known already in
    this position (the OOS check of the last action traced every nationality on the map),
    while the space's trace is asked by nobody else."""
    nations = board.per_module(g, "reinforce_side_nations", lambda: {
        s: frozenset(n.id for n in g.module.nationalities if n.side == s) for s in ("AP", "CP")})
    return (nation in nations[side] and nation not in supply.RUSSIAN_CLASS
            and loc in supply.supplied_spaces(g, side, nation))


def standard_army_spaces(g: "Game", side: str, nation: str) -> list[str]:
    """9.5.3.3: the capital(s) and friendly-controlled supply sources of the nation; US armies
    in friendly French ports; FR armies also at Orleans when Paris is friendly, unbesieged and
    full."""
    return [l for l in _standard_candidates(g, side, nation) if _open(g, side, l, nation=nation)]


def _standard_candidates(g: "Game", side: str, nation: str) -> list[str]:
    """:func:`standard_army_spaces` before :func:`_open` is asked of each."""
    cands = list(_printed_army_spaces(g, nation))
    if nation == "FR" and board.controller(g, "paris") == side \
            and not board.fort_besieged(g, "paris") and _room(g, "paris") <= 0:
        cands.append("orleans")  # PoG 9.5.3.3 bullet 2
    return cands


def _printed_army_spaces(g: "Game", nation: str) -> tuple[str, ...]:
    """9.5.3.3 from the printed map, read once per module and nation: the nation's capital(s)
    and supply sources (US: the French ports)."""
    def read() -> tuple[str, ...]:
        if nation == "US":
            return tuple(l for l in board.spaces(g) if board.attr(g, l, "nation") == "FR"
                         and board.attr(g, l, "port"))
        caps = list(CAPITALS.get(nation, ()))
        return tuple(caps + [l for l in board.spaces(g) if board.attr(g, l, "nation") == nation
                             and board.attr(g, l, "supply") and l not in caps])
    return board.per_module(g, f"army_spaces:{nation}", read)


def card_army_spaces(g: "Game", card_id: str, pid: int) -> list[str] | None:
    """Where the card itself puts a Near East army (9.5.3.4), or None if the card gives no
    special entry for it (then the standard spaces apply). An empty list: the card's entry is
    not possible now."""
    found = _card_army_candidates(g, card_id, pid)
    return None if found is None else list(found)


def _card_army_candidates(g: "Game", card_id: str, pid: int) -> Iterable[str] | None:
    """:func:`card_army_spaces`, found lazily (the longer lists as a generator)."""
    type_id = g.state.pieces[pid].type
    side = board.side_of(g, pid)
    if type_id == "br_mef":
        if card_id != MEF or cards.nation_neutral(g, "TU") or cards.event_played(g, SALONIKA):
            return []  # PoG 9.5.2.4.1: Turkey at war, before Salonika
        mef = board.printed_spaces(g, "MEF landing", lambda l: board.attr(g, l, "mef"))
        return (l for l in mef if _open(g, side, l, need_supply=False, friendly=False))
    if type_id == "br_ne":
        if not cards.event_played(g, SINAI_PIPELINE):
            return []
        return [l for l in ("alexandria",) if _open(g, side, l)]
    if type_id == "fr_orient":
        return [l for l in ("salonika",) if _open(g, side, l)]
    if type_id == "ru_cau":  # AP #29 Yudenitch: Russia or the Near East map, even before Turkey
        yudenitch = board.printed_spaces(g, "Russia and the Near East", lambda l: board.attr(
            g, l, "nation") == "RU" or on_near_east_map(g, l))
        return (l for l in yudenitch if _open(g, side, l))
    return None


def army_spaces(g: "Game", card_id: str, pid: int) -> list[tuple[str, bool]]:
    """(space, by_card) pairs where this army may enter; ``by_card`` False marks the 9.5.3.4
    alternative entry of a Near East army (it then loses its Near East ability)."""
    special = card_army_spaces(g, card_id, pid)
    if special is None:
        return [(l, True) for l in standard_army_spaces(g, board.side_of(g, pid),
                                                        nation_key(g, pid))]
    out = [(l, True) for l in special]
    seen = set(special)
    for l in standard_army_spaces(g, board.side_of(g, pid), nation_key(g, pid)):
        if l not in seen:
            out.append((l, False))  # PoG 9.5.3.4 alternative entry
    return out


def _has_army_space(g: "Game", card_id: str, pid: int) -> bool:
    """Whether :func:`army_spaces` names any space, stopping at the first found."""
    special = _card_army_candidates(g, card_id, pid)
    if special is not None and any(True for _ in special):
        return True
    side, nation = board.side_of(g, pid), nation_key(g, pid)
    return any(_open(g, side, l, nation=nation) for l in _standard_candidates(g, side, nation))


def special_corps_space(g: "Game", pid: int) -> str:
    return SPECIAL_CORPS.get(g.state.pieces[pid].type, "")


def _placeable(g: "Game", card_id: str, pids: list[int]) -> bool:
    """Can every unit in ``pids`` (armies and the ANA/SN corps) be placed at once, stacking
    included (9.5.3.3 last paragraph)?"""
    if not pids:
        return True
    if len(pids) == 1 and not special_corps_space(g, pids[0]):
        return _has_army_space(g, card_id, pids[0])  # one army: _open found room for it
    options = []
    for pid in pids:
        sp = special_corps_space(g, pid)
        spaces = ([sp] if sp and _open(g, board.side_of(g, pid), sp, need_supply=False,
                                         friendly=False) else []) if sp \
            else [l for l, _ in army_spaces(g, card_id, pid)]
        if not spaces:
            return False
        options.append(spaces)
    for combo in product(*options):
        used: dict[str, int] = {}
        for loc in combo:
            used[loc] = used.get(loc, 0) + 1
        if all(_room(g, loc) >= n for loc, n in used.items()):
            return True
    return False


def _to_place(g: "Game", card_id: str) -> list[int]:
    return [p for p in reinforcement_units(g, card_id)
            if board.is_army(g, p) or special_corps_space(g, p)]


# -- 9.5.3.1 ------------------------------------------------------------------------------------
def card_prerequisite(g: "Game", side: str, card_id: str) -> Violation | None:
    """The card's own condition (its text)."""
    tag = f"PoG {side} #{int(cards.info(g, card_id).get('number', 0) or 0)}"
    if card_id == ITALIAN_REINFORCEMENTS and cards.nation_neutral(g, "IT"):
        return Violation(tag, "Italian Reinforcements only once Italy is at war")
    if card_id in US_REINFORCEMENTS:
        if not cards.event_played(g, OVER_THERE) and g.get("us_entry") != "over_there":
            return Violation(tag, "US Reinforcements only after Over There (16.3)")
        if cards.event_played(g, U_BOATS_UNLEASHED) and not cards.event_played(g, CONVOY):
            return Violation("PoG CP #36", "U-Boats Unleashed: no US Reinforcements until Convoy")
    if card_id == ARAB_NORTHERN_ARMY and cards.nation_neutral(g, "TU"):
        return Violation(tag, "Arab Northern Army only once Turkey is at war")
    if card_id == LIBYAN_REVOLT and board.units_in(g, "libya", "AP"):
        return Violation(tag, "Libyan Revolt only if no Allied unit is in Libya")
    if card_id in (TURKISH_REINFORCEMENTS_42, TURKISH_REINFORCEMENTS_48) and cards.nation_neutral(g, "TU"):
        return Violation(tag, "Turkish Reinforcements only once Turkey is at war")
    return None


def reinforcements_playable(g: "Game", side: str, card_id: str) -> Violation | None:
    """9.5.3.1 and the card text: None if the reinforcement event may be played now."""
    if int(g.get("turn", 1)) <= 1:
        return Violation("PoG 9.5.3.1", "no Reinforcement card may be played on the August 1914 "
                                        "turn")
    units = reinforcement_units(g, card_id)
    if not units:
        return Violation("PoG 9.5.3.1", f"{cards.label(g, card_id)}: none of its units is "
                                        "waiting to arrive")
    done = _reinforced(g)
    for nation in card_nations(g, card_id):
        if nation in done:
            return Violation("PoG 9.5.3.1", f"only one Reinforcement card per nation per turn: "
                                            f"{nation} was reinforced this turn")
    pre = card_prerequisite(g, side, card_id)
    if pre is not None:
        return pre
    if not _placeable(g, card_id, _to_place(g, card_id)):
        return Violation("PoG 9.5.3.3", f"{cards.label(g, card_id)}: its armies cannot all be "
                                        "placed (entry spaces, supply or stacking)")
    return None


def place_unit(g: "Game", pid: int, loc: str) -> None:
    """Put a pool unit on the map (full strength) or in a box."""
    if g.state.pieces[pid].face != 0:
        g.do(C.SetFace(pid, 0))
    g.do(C.Move(pid, loc))
    g.do(C.SetProp(pid, "card", None))


def play_reinforcements(g: "Game", side: str, card_id: str) -> None:
    """9.5.3.2–9.5.3.5: corps to the Reserve Box at once; armies (and the ANA / SN corps) by
    the owner's choice through ``reinforce_place``."""
    turn = int(g.get("turn", 1))
    g.set("pog_reinforced", {"turn": turn, "nations": _reinforced(g) + [
        n for n in card_nations(g, card_id) if n not in _reinforced(g)]})
    placed = []
    for pid in reinforcement_units(g, card_id):
        if board.is_army(g, pid) or special_corps_space(g, pid):
            continue
        place_unit(g, pid, f"reserve:{side}")  # PoG 9.5.3.2
        placed.append(pid)
    if placed:
        g.note(f"PoG 9.5.3.2: {names(g, placed)} enter the {side} Reserve Box")
    if _to_place(g, card_id):
        g.call("reinforce_place", side=side, card=card_id)


def _choices(g: "Game", card_id: str, pid: int) -> list[tuple[str, bool]]:
    sp = special_corps_space(g, pid)
    if sp:
        return [(sp, True)] if _open(g, board.side_of(g, pid), sp, need_supply=False,
                                     friendly=False) else []
    return army_spaces(g, card_id, pid)


class ReinforcePlace(State):
    """9.5.3.3: the owner places each arriving army (any order, different spaces allowed);
    a placement that would leave another army of the card without a space is not offered."""
    name = "reinforce_place"
    rule = "9.5.3.3"

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        return Prompt(frame["side"], "place_reinforcement",
                      f"{frame['side']}: place the reinforcements of "
                      f"{cards.label(g, frame['card'])}")

    def _legal(self, g: "Game", frame: dict) -> Iterator[tuple[int, str, bool]]:
        pending = _to_place(g, frame["card"])
        for pid in pending:
            rest = [p for p in pending if p != pid]
            for loc, by_card in _choices(g, frame["card"], pid):
                if rest:
                    # would the others still fit after this placement?
                    ok = self._fits_after(g, frame["card"], rest, loc)
                    if not ok:
                        continue
                yield pid, loc, by_card

    @staticmethod
    def _fits_after(g: "Game", card_id: str, rest: list[int], loc: str) -> bool:
        options = []
        for pid in rest:
            spaces = [l for l, _ in _choices(g, card_id, pid)]
            if not spaces:
                return False
            options.append(spaces)
        for combo in product(*options):
            used = {loc: 1}
            for l in combo:
                used[l] = used.get(l, 0) + 1
            if all(_room(g, l) >= n for l, n in used.items()):
                return True
        return False

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        for pid, loc, _ in self._legal(g, frame):
            yield self.offer("place", frame["side"], unit=pid, space=loc)

    def check_place(self, g: "Game", frame: dict, unit: Piece, space: Loc) -> Violation | None:
        pid, loc = unit, space
        if pid not in _to_place(g, frame["card"]):
            return Violation("PoG 9.5.3.3", "that unit does not arrive with this card")
        if not any(p == pid and l == loc for p, l, _ in self._legal(g, frame)):
            return Violation("PoG 9.5.3.3", "reinforcement armies enter at the nation's capital "
                                            "or a friendly supply source of the nation, in "
                                            "supply, not besieged, within stacking (9.5.3.4 for "
                                            "Near East armies, 9.5.3.5 MEF)")
        return None

    def on_place(self, g: "Game", frame: dict, unit: Piece, space: Loc) -> None:
        """Place the army here"""
        pid, loc = unit, space
        # the legal placement's own entry (check_place found it among _legal's): a unit's
        # choices name each space once
        by_card = next(b for l, b in _choices(g, frame["card"], pid) if l == loc)
        side = frame["side"]
        type_id = g.state.pieces[pid].type
        place_unit(g, pid, loc)
        if not by_card:
            g.do(C.SetProp(pid, "ne_lost", True))  # PoG 9.5.3.4
            g.note(f"PoG 9.5.3.4: {unit_name(g, pid)} enters at {place(g, loc)} as a normal "
                   "army and may not operate in the Near East")
        else:
            g.note(f"PoG 9.5.3: {unit_name(g, pid)} enters at {place(g, loc)}")
        if type_id == "br_mef" and by_card:
            g.do(C.Create("m_beachhead", loc, None, 0, {}))  # PoG 9.5.3.5
        if type_id == "ana_corps":
            hold_ana_space(g, loc)  # PoG 11.1.15: Allied while the ANA is there
        elif board.controller(g, loc) != side:
            tracks.set_control(g, loc, side)  # PoG 11.1.14 (MEF space, Arabia, Libya, CAU)
            if type_id == "sn_corps":
                g.set("pog_sn_converted", list(g.get("pog_sn_converted") or []) + [loc])
        if not _to_place(g, frame["card"]):
            g.end()

    def describe(self, g: "Game", frame: dict, action: Action) -> str:
        return f"{action.side} places {unit_name(g, action['unit'])} at {place(g, action['space'])}"


def _event(g: "Game", side: str, card_id: str) -> None:
    play_reinforcements(g, side, card_id)


#: The events implemented here (joined by the ruleset, :func:`.cards.join_events`).
EVENTS = {card: Event(play=_event, playable=reinforcements_playable)
          for card in REINFORCEMENT_CARDS}
