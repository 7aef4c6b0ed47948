"""Strategic Redeployment refusals name the rule that actually forbids the SR (issue 17): not
the generic 13.1.5 where a specific rule applies — 11.1.9, 13.1.6, 13.1.7, 13.1.8, 13.1.11,
13.2.1, 13.2.2, 13.2.3, 14.3.2 — and the two-step listing (choose the unit, then where
it goes) offers exactly what the checks accept."""
from __future__ import annotations

import random

import pytest

from modules.paths_of_glory.rules import board
from modules.paths_of_glory.rules import sr as SR

from .conftest import (act, control, empty_map, fresh, game, isolate, put, refusal, rule,
                       set_global, sr, turkey_at_war)


@pytest.fixture
def s():
    return empty_map()


def reserve(s, side: str, type_id: str) -> int:
    return put(s, type_id, f"reserve:{side}")


def test_pog_11_1_9_no_cp_sr_to_ostend_before_race_to_the_sea(s):
    ge = reserve(s, "CP", "ge_corps")
    put(s, "ge_corps", "ostend")                      # a German unit there (13.1.8)
    control(s, "ostend", "CP")
    sr(s, "CP", 2)
    v = refusal(s, "sr", "CP", pid=ge, to="ostend")
    assert rule(v) == "PoG 11.1.9" and "Ostend" in v.message
    set_global(s, "ws_cp", 4)                         # CP War Status 4 lifts it (11.1.9)
    assert rule(refusal(s, "sr", "CP", pid=ge, to="ostend")) != "PoG 11.1.9"


def test_pog_13_1_6_russian_units_never_sr_out_of_russia(s):
    ru = put(s, "ru_corps", "warsaw")
    sr(s, "AP", 2)
    assert refusal(s, "sr", "AP", pid=ru, to="riga") is None
    assert rule(refusal(s, "sr", "AP", pid=ru, to="london")) == "PoG 13.1.6"
    assert rule(refusal(s, "sr", "AP", pid=ru, to="belgrade")) == "PoG 13.1.6"


def test_pog_13_1_7_sea_sr_only_for_corps_between_usable_ports(s):
    army = put(s, "fr_1a", "le_havre")
    sr(s, "AP", 5)
    assert rule(refusal(s, "sr", "AP", pid=army, to="london")) == "PoG 13.1.7"


def test_pog_13_1_8_from_the_reserve_only_onto_own_units_capitals_or_sources(s):
    ge = reserve(s, "CP", "ge_corps")
    put(s, "ah_corps", "cracow")
    sr(s, "CP", 2)
    assert refusal(s, "sr", "CP", pid=ge, to="berlin") is None         # own capital
    assert rule(refusal(s, "sr", "CP", pid=ge, to="cracow")) == "PoG 13.1.8"


def test_pog_13_1_11_no_sr_from_the_reserve_while_the_capital_is_lost(s):
    fr = reserve(s, "AP", "fr_corps")
    put(s, "fr_corps", "nancy")
    put(s, "m_control", "paris", face=1)
    sr(s, "AP", 2)
    assert rule(refusal(s, "sr", "AP", pid=fr, to="nancy")) == "PoG 13.1.11"
    mn = put(s, "mn_corps", "cetinje")                # 13.1.11: MN never SRs overland
    assert rule(refusal(s, "sr", "AP", pid=mn, to="belgrade")) == "PoG 13.1.11"


def test_pog_13_2_1_one_british_corps_a_turn_by_sea_or_reserve_to_the_near_east(s):
    br = reserve(s, "AP", "br_corps")
    put(s, "br_corps", "alexandria")                  # a British unit there (13.1.8)
    sr(s, "AP", 4)
    assert refusal(s, "sr", "AP", pid=br, to="alexandria") is None
    set_global(s, "pog_ne_sr", ["BR"])
    v = refusal(s, "sr", "AP", pid=br, to="alexandria")
    assert rule(v) == "PoG 13.2.1" and "British" in v.message
    fr = reserve(s, "AP", "fr_corps")
    put(s, "fr_corps", "cairo")
    assert rule(refusal(s, "sr", "AP", pid=fr, to="cairo")) == "PoG 13.2.1"
    ana = put(s, "ana_corps", "cairo")                # the ANA never to the Reserve Box
    assert rule(refusal(s, "sr", "AP", pid=ana, to="reserve:AP")) == "PoG 13.2.1"


def test_pog_13_2_2_one_russian_corps_a_turn_to_or_from_the_near_east(s):
    a = put(s, "ru_corps", "caucasus")
    b = put(s, "ru_corps", "caucasus")
    sr(s, "AP", 4)
    act(s, "sr", "AP", pid=a, to="grozny")
    assert rule(refusal(s, "sr", "AP", pid=b, to="grozny")) == "PoG 13.2.2"


def test_pog_13_2_3_one_cp_corps_a_turn_to_or_from_the_near_east(s):
    turkey_at_war(s)
    ge = put(s, "ge_corps", "adrianople")             # main map, next to Constantinople
    tu = put(s, "tu_corps", "adrianople")
    sr(s, "CP", 4)
    assert refusal(s, "sr", "CP", pid=ge, to="constantinople") is None
    set_global(s, "pog_ne_sr", ["CP"])
    v = refusal(s, "sr", "CP", pid=ge, to="constantinople")
    assert rule(v) == "PoG 13.2.3" and "Near East" in v.message
    assert refusal(s, "sr", "CP", pid=tu, to="constantinople") is None   # Turks do not count


def test_pog_14_3_2_out_of_supply_units_may_not_sr(s):
    ru = put(s, "ru_corps", "warsaw")
    isolate(s, "warsaw", "CP")
    sr(s, "AP", 2)
    assert rule(refusal(s, "sr", "AP", pid=ru, to="reserve:AP")) == "PoG 14.3.2"
    assert rule(refusal(s, "sr_unit", "AP", unit=ru)) == "PoG 14.3.2"


def test_pog_13_1_sr_listed_in_two_steps_offers_what_the_checks_accept(s):
    put(s, "ge_corps", "berlin")
    put(s, "ge_1a", "essen")
    reserve(s, "CP", "ah_corps")
    sr(s, "CP", 5)
    legal = list(s.legal_actions())
    assert {a.verb for a in legal} == {"sr_unit", "end_sr"}
    g = game(s)
    for pick in [a for a in legal if a.verb == "sr_unit"]:
        pid = pick["unit"]
        act(s, "sr_unit", "CP", unit=pid)
        moves = [a for a in s.legal_actions() if a.verb == "sr"]
        assert moves and all(a["pid"] == pid for a in moves)
        assert {SR.from_box("CP", a["to"]) for a in moves} == SR.destinations(game(s), "CP", pid)
        assert all(refusal(s, "sr", "CP", **dict(a.targets)) is None for a in moves)
        assert set(s.legal_actions().for_piece(pid)) >= set(moves)   # the drag asks per piece
        act(s, "sr_back", "CP")
    assert g.state is s.state


@pytest.mark.parametrize("scenario,seed", [("historical", 2), ("campaign", 4)])
def test_pog_13_1_5_listing_end_check_agrees_with_the_refusal_for_every_unit_and_space(
        scenario, seed):
    """SR lists a unit's destinations through :func:`SR.end_checker` (13.1.5-13.1.12, 10.1.4,
    9.5.2.4, 11.1.9, 11.1.17, 11.3.1, 5.7.4 #6, AP #57, CP #45): it refuses exactly the spaces
    :func:`SR.end_problem` names a rule for, for every unit of the side and every space, at
    the SR decisions of a random game."""
    s = fresh(scenario, seed)
    rnd = random.Random(seed)
    checked = 0
    while checked < 6 and s.outcome() is None:
        top = (s.state.get("pog_stack") or [{}])[-1]
        if top.get("state") == "sr" and top.get("unit") is None:
            g = game(s)
            side = top["side"]
            units = [p for p in s.state.pieces if board.is_unit(g, p)
                     and board.side_of(g, p) == side]
            for pid in units:
                ok = SR.end_checker(g, side, pid)
                for loc in board.spaces(g):
                    assert ok(loc) == (SR.end_problem(g, side, pid, loc) is None), (pid, loc)
            checked += 1
        s.push(rnd.choice(list(s.legal_actions())))
    assert checked == 6


def _agree(s, side: str, pids: list[int]) -> None:
    g = game(s)
    for pid in pids:
        ok = SR.end_checker(g, side, pid)
        for loc in board.spaces(g):
            assert ok(loc) == (SR.end_problem(g, side, pid, loc) is None), (pid, loc)


def test_pog_10_1_4_listing_end_check_agrees_with_the_refusal_on_a_full_stack(s):
    for _ in range(3):
        put(s, "ge_corps", "berlin")
    newcomer = put(s, "ge_corps", "breslau")
    sr(s, "CP", 1)                                     # no point left to move one out again
    assert not SR.end_checker(game(s), "CP", newcomer)("berlin")
    assert SR.end_problem(game(s), "CP", newcomer, "berlin")[0] == "10.1.4"
    _agree(s, "CP", [newcomer])


def test_pog_5_7_4_6_listing_end_check_agrees_with_the_refusal_in_italy(s):
    set_global(s, "pog_scenario", "historical")
    set_global(s, "commitment_ap", "limited_war")
    set_global(s, "pog_entered", ["IT"])
    for loc in [l for l in board.spaces(game(s)) if board.attr(game(s), l, "nation") == "IT"]:
        control(s, loc, "AP")
    fr = put(s, "fr_1a", "nice")
    it = put(s, "it_corps", "turin")
    sr(s, "AP", 4)
    assert not SR.end_checker(game(s), "AP", fr)("milan")
    assert SR.end_problem(game(s), "AP", fr, "milan")[0] == "5.7.4"
    _agree(s, "AP", [fr, it])
