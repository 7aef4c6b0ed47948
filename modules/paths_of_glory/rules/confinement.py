"""Where card events confine units, whichever way a unit enters a space — movement (11.1),
strategic redeployment (13.1), retreat (12.5), advance (12.7) — and where they may attack:

* AP #57 Russian Cavalry: the two RU cavalry corps "may not operate in the Near East": they
  never enter, retreat or advance into, redeploy to or attack a space of the Near East map;
* CP #45 Treaty of Brest-Litovsk (16.4.9): RU units operate only in Russia, Germany, Turkey,
  Austria-Hungary and Romania, and RU units and other Allied units never move through or share
  a space;
* Historical scenario 5.7.4 #6: until the Allied War Commitment is Total War only Austrian and
  Italian armies operate in Italy — no other army moves, attacks, SRs, retreats or advances
  into or through an Italian space (corps are free).

One function answers for a group entering a space (:func:`entry_violation`); movement, SR,
retreat and advance all ask it, so a limit cannot hold for one way of moving and leak through
another.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine.rules import Violation

from . import board, cards
from .card_ids import BREST_LITOVSK

if TYPE_CHECKING:
    from .game import Game

#: 16.4.9: the nations (of spaces) Russian units may still operate in after Brest-Litovsk.
BREST_NATIONS = ("RU", "GE", "TU", "AH", "RO")


def is_russian_cavalry(g: "Game", pid: int) -> bool:
    return bool(g.ptype(pid).attrs.get("cavalry")) and board.nation_of(g, pid) == "RU"


def on_near_east_map(g: "Game", loc: str) -> bool:
    return board.attr(g, loc, "region") == "near_east" or bool(board.attr(g, loc, "ne_main_copy"))


def italy_closed(g: "Game", pid: int) -> bool:
    """Historical 5.7.4 #6: until Allied Total War only AH and IT armies operate in Italy —
    whether ``pid`` is an army kept out."""
    return (g.get("pog_scenario") == "historical" and g.get("commitment_ap") != "total_war"
            and board.is_army(g, pid) and board.nation_of(g, pid) not in ("AH", "IT"))


def _italy_violation(g: "Game", pid: int, loc: str) -> Violation | None:
    if board.attr(g, loc, "nation") == "IT" and italy_closed(g, pid):
        return Violation("PoG 5.7.4", "Historical scenario: until Allied Total War only "
                                      "Austro-Hungarian and Italian armies may operate in Italy")
    return None


def may_confine(g: "Game", pids: Iterable[int]) -> bool:
    """Whether :func:`entry_violation` can refuse these units anything now (Russian cavalry,
    armies kept out of Italy, Allied units after Brest-Litovsk): searches ask once, not at
    every space."""
    pids = list(pids)
    return any(is_russian_cavalry(g, p) or italy_closed(g, p) for p in pids) or (
        bool(pids) and board.side_of(g, pids[0]) == "AP" and cards.event_played(g, BREST_LITOVSK))


def entry_violation(g: "Game", pids: Iterable[int], to: str) -> Violation | None:
    """Why the units ``pids`` (entering together) may not enter ``to`` under AP #57, CP #45
    or 5.7.4 #6, or None."""
    pids = list(pids)
    if not board.is_space(g, to):
        return None
    near_east = on_near_east_map(g, to)
    italian = board.attr(g, to, "nation") == "IT"
    for p in pids:          # each unit in turn: AP #57, then 5.7.4 #6 (as _italy_violation)
        if near_east and is_russian_cavalry(g, p):
            return Violation("PoG AP #57", "the Russian cavalry corps may not operate in the "
                                           "Near East")
        if italian and italy_closed(g, p):
            return _italy_violation(g, p, to)
    if not pids or board.side_of(g, pids[0]) != "AP" or not cards.event_played(g, BREST_LITOVSK):
        return None
    russians = [p for p in pids if board.nation_of(g, p) == "RU"]
    others = [p for p in pids if p not in russians]
    if russians and board.attr(g, to, "nation") not in BREST_NATIONS:
        return Violation("PoG 16.4.9", "after Brest-Litovsk Russian units operate only in Russia, "
                                       "Germany, Turkey, Austria-Hungary and Romania")
    there = [p for p in board.units_in(g, to, "AP") if p not in pids]
    if (russians and others) or (russians and any(board.nation_of(g, p) != "RU" for p in there)) \
            or (others and any(board.nation_of(g, p) == "RU" for p in there)):
        return Violation("PoG 16.4.9", "after Brest-Litovsk Russian units neither move through "
                                       "nor stack with other Allied units")
    return None


def attack_violation(g: "Game", pid: int, target: str) -> Violation | None:
    """AP #57: the Russian cavalry does not attack into the Near East; 5.7.4 #6: in the
    Historical scenario before Allied Total War only AH and IT armies attack into Italy."""
    if is_russian_cavalry(g, pid) and on_near_east_map(g, target):
        return Violation("PoG AP #57", "the Russian cavalry corps may not operate in the Near East")
    return _italy_violation(g, pid, target)


def standing_bars(g: "Game", pids: Iterable[int]) -> tuple[frozenset[str], bool]:
    """:func:`entry_violation` split for a search that asks it of many spaces: the spaces it
    refuses these units whatever stands there (AP #57 the Near East map for the Russian
    cavalry, 5.7.4 #6 Italy for an army kept out), and whether it may refuse more depending
    on the units in a space (CP #45, 16.4.9: Allied units after Brest-Litovsk) — then ask it
    space by space. The sets are made once per module."""
    pids = list(pids)
    cavalry = any(is_russian_cavalry(g, p) for p in pids)
    italy = any(italy_closed(g, p) for p in pids)
    brest = (bool(pids) and board.side_of(g, pids[0]) == "AP"
             and cards.event_played(g, BREST_LITOVSK))
    if not (cavalry or italy):
        return frozenset(), brest
    return board.per_module(g, f"confinement_bars_{cavalry}_{italy}", lambda: frozenset(
        loc for loc in board.spaces(g)
        if (cavalry and on_near_east_map(g, loc))
        or (italy and board.attr(g, loc, "nation") == "IT"))), brest
