"""The SR listing's remembered answers (issue 17) equal fresh ones: kept while only the unit
picked changes (``sr_unit`` / ``sr_back``), dropped when a unit moves, a global changes or the
SR frame's points change; the Reserve Box short cut of :func:`SR.can_sr` and the shared end
checker answer as the full search and :func:`SR.end_problem` do."""
from __future__ import annotations

import random

import pytest

from modules.paths_of_glory.rules import board
from modules.paths_of_glory.rules import sr as SR

from .conftest import (act, control, empty_map, fresh, game, isolate, neighbours, put, set_global,
                       sr, top)


def _forget() -> None:
    for memo in (SR._DEST_MEMO, SR._CHECKER_MEMO, SR._END_MEMO, SR._LEAVE_MEMO,
                 SR._STEADY_MEMO):
        memo["key"], memo["d"] = None, {}
    SR._POSITION_KEY[:] = [None, None, None]
    SR._STEADY_KEY[:] = [None, None, None, None]


def _fresh_destinations(g, side: str, pid: int) -> set[str]:
    _forget()
    return SR.destinations(g, side, pid)


def test_pog_13_1_10_destinations_kept_while_the_unit_is_picked_and_dropped_when_one_moves():
    s = empty_map()
    ge = put(s, "ge_corps", "berlin")
    other = put(s, "ge_corps", "breslau")
    sr(s, "CP", 3)
    g = game(s)
    before = SR.position_key(g)
    kept = SR.destinations(g, "CP", ge)
    act(s, "sr_unit", "CP", unit=ge)                  # only the frame's unit changes
    g = game(s)
    assert SR.position_key(g) == before
    assert SR.destinations(g, "CP", ge) == kept == _fresh_destinations(g, "CP", ge)
    act(s, "sr_back", "CP")
    act(s, "sr", "CP", pid=other, to="reserve:CP")   # a unit moves: a new position
    g = game(s)
    assert SR.position_key(g) != before
    assert SR.destinations(g, "CP", ge) == _fresh_destinations(g, "CP", ge)


def test_pog_13_1_12_position_key_follows_globals_and_the_frame_points():
    s = empty_map()
    put(s, "ge_corps", "berlin")
    sr(s, "CP", 3)
    first = SR.position_key(game(s))
    set_global(s, "pog_ne_sr", ["CP"])                # 13.2.3 read by the listing
    second = SR.position_key(game(s))
    assert second != first
    stack = [dict(frame) for frame in s.state.globals["pog_stack"]]
    stack[-1]["spent"] = 1                            # the points 10.1.4 reads
    set_global(s, "pog_stack", stack)
    assert SR.position_key(game(s)) not in (first, second)


def test_pog_10_1_4_a_shared_end_check_counts_every_unit_of_the_space_it_joins():
    """The end checker is shared by a kind of unit: made for a corps standing in a full
    stack, it still counts that corps as one that can leave when another corps of its kind
    asks to join the stack (the only one there the points left can move, 10.1.2)."""
    s = empty_map()
    leaver = put(s, "ge_corps", "berlin")
    put(s, "ge_8a", "berlin")
    put(s, "ge_2a", "berlin")
    newcomer = put(s, "ge_corps", "breslau")
    sr(s, "CP", 2)                 # 1 for the newcomer, 1 left: only the corps can leave
    g = game(s)
    _forget()
    SR.end_checker(g, "CP", leaver)                   # made for the corps in Berlin
    assert SR.end_checker(g, "CP", newcomer)("berlin")
    assert SR.end_problem(g, "CP", newcomer, "berlin") is None


@pytest.mark.parametrize("scenario,seed", [("historical", 1), ("campaign", 5)])
def test_pog_13_1_can_sr_short_cut_and_kept_answers_equal_the_full_search(scenario, seed):
    """At the SR decisions of a random game, every unit's :func:`SR.can_sr` (with the Reserve
    Box short cut and answers kept from the listing) equals the full search made afresh."""
    s = fresh(scenario, seed)
    rnd = random.Random(seed)
    checked = 0
    while checked < 8 and s.outcome() is None:
        top = (s.state.get("pog_stack") or [{}])[-1]
        if top.get("state") == "sr":
            g = game(s)
            side = top["side"]
            units = [p for p in s.state.pieces if board.is_unit(g, p)
                     and board.side_of(g, p) == side and p not in top["done"]]
            list(s.legal_actions())                   # the listing fills the memos
            kept = {p: (SR.can_sr(g, top, p), SR.destinations(g, side, p)) for p in units}
            for p in units:
                full = _full_can_sr(g, top, p)
                assert kept[p] == (full, _fresh_destinations(g, side, p)), p
            checked += 1
        s.push(rnd.choice(list(s.legal_actions())))
    assert checked == 8


def _full_can_sr(g, frame: dict, pid: int) -> bool:
    _forget()
    side, here = frame["side"], g.state.pieces[pid].loc
    return any(SR.ne_violation(g, side, pid, here, to, mode) is None
               and SR.unfixable_after(g, frame, pid, to) is None
               for to, mode in SR._candidates(g, side, pid))


def test_pog_13_1_11_reserve_short_cut_forgets_a_capital_lost_since():
    """The Reserve Box short cut's nation facts are kept per position: losing Berlin (13.1.11)
    makes a new position, and the German corps no longer goes to the Reserve Box."""
    s = empty_map()
    ge = put(s, "ge_corps", "breslau")
    sr(s, "CP", 2)
    frame = s.state.globals["pog_stack"][-1]
    assert SR._reserve_first(game(s), frame, ge)
    assert "reserve" in SR.destinations(game(s), "CP", ge)
    control(s, "berlin", "AP")
    g = game(s)
    assert not SR._reserve_first(g, frame, ge)
    assert "reserve" not in SR.destinations(g, "CP", ge)
    assert SR.can_sr(g, frame, ge) == _full_can_sr(g, frame, ge)


def _end_answers(g, side: str, pid: int) -> dict[str, bool]:
    check = SR.end_checker(g, side, pid)
    return {loc: check(loc) for loc in board.spaces(g)}


def test_pog_13_1_5_end_checks_kept_through_an_sr_round_follow_control_and_moves():
    """The end checks kept while :func:`SR.steady_key` holds (:func:`SR._end_rest`) answer
    as fresh ones when a unit of the side SRs (the key holds; 10.1.4 counts are read anew)
    and when a space changes control (a new key: 13.1.5, 14.1)."""
    s = empty_map()
    ge = put(s, "ge_corps", "berlin")
    mover = put(s, "ge_corps", "breslau")
    for _ in range(2):
        put(s, "ge_corps", "munich")
    sr(s, "CP", 2)
    g = game(s)
    first_key = SR.steady_key(g, "CP")
    assert _end_answers(g, "CP", ge)["munich"] is True
    act(s, "sr", "CP", pid=mover, to="munich")   # a third unit: the key holds
    g = game(s)
    assert SR.steady_key(g, "CP") == first_key
    kept = _end_answers(g, "CP", ge)
    assert kept["munich"] is False               # 10.1.4: no point left to move one out
    _forget()
    assert kept == _end_answers(game(s), "CP", ge)
    control(s, "essen", "AP")                    # control changes: a new key
    g = game(s)
    assert SR.steady_key(g, "CP") != first_key
    kept = _end_answers(g, "CP", ge)
    assert kept["essen"] is False
    _forget()
    assert kept == _end_answers(game(s), "CP", ge)


def test_pog_10_1_4_a_kept_destination_is_asked_again_when_its_space_fills():
    """:func:`SR.can_sr` keeps the destination it found through the SR round; when another
    unit's SR fills that space (10.1.4: no point left to move one out) the army has nowhere
    to go, as the full search says."""
    s = empty_map()
    here = "essen"                                   # a CP supply source (14.2.1)
    there = neighbours(s, here)[0]
    isolate(s, here, "AP", keep=(there,))
    isolate(s, there, "AP", keep=(here,))
    army = put(s, "ge_2a", here)
    corps = put(s, "ge_corps", here)
    put(s, "ge_corps", there)
    put(s, "ge_corps", there)
    sr(s, "CP", 5)                                   # the corps (1), then the army (4)
    frame = top(s)
    assert SR.can_sr(game(s), frame, army)           # its one way: to ``there``
    act(s, "sr", "CP", pid=corps, to=there)
    g, frame = game(s), top(s)
    assert SR.can_sr(g, frame, army) is False
    assert _full_can_sr(g, frame, army) is False


def test_pog_13_1_10_kept_sr_offers_equal_fresh_ones():
    """The ``sr`` and ``sr_unit`` actions kept per module (:func:`SR._offers`) are the ones
    the listing would type afresh, after a unit moves too."""
    s = empty_map()
    ge = put(s, "ge_corps", "berlin")
    other = put(s, "ge_corps", "breslau")
    sr(s, "CP", 3)
    for step in (lambda: act(s, "sr_unit", "CP", unit=ge),
                 lambda: act(s, "sr", "CP", pid=ge, to="reserve:CP"),
                 lambda: act(s, "sr_unit", "CP", unit=other)):
        kept = list(s.legal_actions())
        board.per_module(game(s), "sr_offers", dict).clear()
        _forget()
        assert kept == list(s.legal_actions())
        step()
