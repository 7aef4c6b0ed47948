"""Reinforcement cards (PoG 9.5.3) and every reinforcement event."""
from __future__ import annotations

import random

import pytest

from engine import commands as C
from modules.paths_of_glory.rules import board, movement, reinforce, supply

from .conftest import (act, card_to, edit, fresh, game, loc_of, markers, move, of_type, put, ready,
                       refusal, reserve, set_global, top)



def placements(s):
    return {(a.get("unit"), a.get("space")) for a in s.legal_actions() if a.verb == "place"}


def test_pog_9_5_3_1_not_on_turn_1():
    s = ready("ap_10", "AP", turn=1)
    assert refusal(s, "play_event", "AP", card="ap_10").rule == "PoG 9.5.3.1"


def test_pog_ap_10_french_reinforcements_10th_army_enters_at_paris():
    s = ready("ap_10", "AP")
    act(s, "play_event", "AP", card="ap_10")
    assert top(s)["state"] == "reinforce_place"
    army = of_type(s, "fr_10a")[0]
    spaces = {sp for u, sp in placements(s) if u == army}
    assert spaces == {"paris"}                       # FR has no other supply source
    act(s, "place", "AP", unit=army, space="paris")
    assert loc_of(s, army) == "paris"
    assert s.state.pieces[army].props.get("card") is None
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "CP"


def test_pog_ap_24_french_reinforcements_9_5_3_3_orleans_only_when_paris_is_full():
    """AP #24: the FR 7th Army enters at Orleans when Paris is full (9.5.3.3), not at Paris."""
    s = ready("ap_24", "AP")
    for _ in range(3):
        put(s, "fr_corps", "paris")
    act(s, "play_event", "AP", card="ap_24")
    army = of_type(s, "fr_7a")[0]
    assert {sp for u, sp in placements(s) if u == army} == {"orleans"}
    assert refusal(s, "place", "AP", unit=army, space="paris").rule == "PoG 9.5.3.3"


def test_pog_9_5_3_1_no_orleans_if_paris_is_enemy_controlled():
    s = ready("ap_24", "AP")
    put(s, "m_control", "paris", face=1)
    assert refusal(s, "play_event", "AP", card="ap_24").rule == "PoG 9.5.3.3"


def test_pog_cp_07_german_reinforcements_9_5_3_3_no_entry_in_a_besieged_source():
    """CP #7: the GE 9th Army enters at a German supply source, not a besieged one (9.5.3.3)."""
    s = ready("cp_07", "CP")
    put(s, "m_siege", "berlin")
    act(s, "play_event", "CP", card="cp_07")
    army = of_type(s, "ge_9a")[0]
    spaces = {sp for u, sp in placements(s) if u == army}
    assert "berlin" not in spaces and {"essen", "breslau"} <= spaces
    assert refusal(s, "place", "CP", unit=army, space="berlin").rule == "PoG 9.5.3.3"
    act(s, "place", "CP", unit=army, space="essen")
    assert loc_of(s, army) == "essen"


def test_pog_cp_38_german_reinforcements_9_5_3_1_one_card_per_nation_per_turn():
    """CP #38 (2 GE corps) is refused in the turn CP #7 reinforced Germany (9.5.3.1); next turn
    its corps go to the Reserve Box (9.5.3.2)."""
    s = ready("cp_07", "CP")
    card_to(s, "cp_38", "hand:CP")
    act(s, "play_event", "CP", card="cp_07")
    act(s, "place", "CP", unit=of_type(s, "ge_9a")[0], space="berlin")
    act(s, "auto_op", "AP")
    for a in list(s.legal_actions()):
        if a.verb == "end_ops" or a.verb == "done":
            s.push(a)
            break
    while top(s)["state"] != "phase_action":
        s.push(next(a for a in s.legal_actions() if a.verb in ("end_ops", "done", "end")))
    assert top(s)["side"] == "CP"
    assert refusal(s, "play_event", "CP", card="cp_38").rule == "PoG 9.5.3.1"
    set_global(s, "turn", 3)
    assert refusal(s, "play_event", "CP", card="cp_38") is None
    before = len(reserve(s, "CP", "ge_corps"))
    act(s, "play_event", "CP", card="cp_38")
    assert len(reserve(s, "CP", "ge_corps")) == before + 2


def test_pog_cp_12_german_reinforcements_corps_go_to_the_reserve_box():
    s = ready("cp_12", "CP")
    before = len([p for p in s.state.stacks["reserve:CP"] if s.state.pieces[p].type == "ge_corps"])
    act(s, "play_event", "CP", card="cp_12")
    after = len([p for p in s.state.stacks["reserve:CP"] if s.state.pieces[p].type == "ge_corps"])
    assert after == before + 2                                          # 9.5.3.2
    act(s, "place", "CP", unit=of_type(s, "ge_10a")[0], space="breslau")
    assert loc_of(s, of_type(s, "ge_10a")[0]) == "breslau"


def test_pog_cp_46_two_armies_need_room_for_both():
    s = ready("cp_46", "CP")
    for loc in ("berlin", "essen", "breslau"):
        for _ in range(3 if loc != "breslau" else 2):
            put(s, "ge_corps", loc)
    # only one free slot (Breslau) for two armies: the card cannot be played (9.5.3.3)
    assert refusal(s, "play_event", "CP", card="cp_46").rule == "PoG 9.5.3.3"


def test_pog_cp_46_second_army_keeps_a_space():
    s = ready("cp_46", "CP")
    for _ in range(3):
        put(s, "ge_corps", "berlin")
        put(s, "ge_corps", "essen")
    put(s, "ge_corps", "breslau")
    act(s, "play_event", "CP", card="cp_46")
    a17, a18 = of_type(s, "ge_17a")[0], of_type(s, "ge_18a")[0]
    assert placements(s) == {(a17, "breslau"), (a18, "breslau")}
    act(s, "place", "CP", unit=a17, space="breslau")
    act(s, "place", "CP", unit=a18, space="breslau")
    assert loc_of(s, a18) == "breslau" and top(s)["state"] == "phase_action"


def test_pog_ap_43_us_reinforcements_only_after_over_there_in_french_ports():
    s = ready("ap_43", "AP")
    assert refusal(s, "play_event", "AP", card="ap_43").rule == "PoG AP #43"
    set_global(s, "us_entry", "over_there")
    act(s, "play_event", "AP", card="ap_43")
    army = of_type(s, "us_1a")[0]
    spaces = {sp for u, sp in placements(s) if u == army}
    assert spaces and all(s.ruleset.module.locations[l].attrs.get("nation") == "FR"
                          and s.ruleset.module.locations[l].attrs.get("port") for l in spaces)


def test_pog_cp_36_u_boats_stop_us_reinforcements_until_convoy():
    s = ready("ap_38", "AP", us_entry="over_there", pog_events=["cp_36"])
    assert refusal(s, "play_event", "AP", card="ap_38").rule == "PoG CP #36"
    set_global(s, "pog_events", ["cp_36", "ap_52"])
    assert refusal(s, "play_event", "AP", card="ap_38") is None


def test_pog_ap_38_us_reinforcements_one_corps_after_over_there():
    s = ready("ap_38", "AP", turn=14)
    assert refusal(s, "play_event", "AP", card="ap_38").rule == "PoG AP #38"
    set_global(s, "us_entry", "over_there")
    before = len(reserve(s, "AP", "us_corps"))
    act(s, "play_event", "AP", card="ap_38")
    assert len(reserve(s, "AP", "us_corps")) == before + 1                   # 9.5.3.2
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "CP"


def test_pog_ap_47_us_reinforcements_2nd_army_and_a_corps_after_over_there():
    s = ready("ap_47", "AP", turn=14)
    assert refusal(s, "play_event", "AP", card="ap_47").rule == "PoG AP #47"
    set_global(s, "us_entry", "over_there")
    before = len(reserve(s, "AP", "us_corps"))
    act(s, "play_event", "AP", card="ap_47")
    assert len(reserve(s, "AP", "us_corps")) == before + 1
    army = of_type(s, "us_2a")[0]
    assert "cherbourg" in {sp for u, sp in placements(s) if u == army}      # a French port
    assert refusal(s, "place", "AP", unit=army, space="paris").rule == "PoG 9.5.3.3"
    act(s, "place", "AP", unit=army, space="cherbourg")
    assert loc_of(s, army) == "cherbourg"


def test_pog_ap_64_usa_reinforcements_one_more_corps_after_over_there():
    """Reconstructed card (cards.csv), tested as implemented."""
    s = ready("ap_64", "AP", turn=14)
    assert refusal(s, "play_event", "AP", card="ap_64").rule == "PoG AP #64"
    set_global(s, "us_entry", "over_there")
    before = len(reserve(s, "AP", "us_corps"))
    act(s, "play_event", "AP", card="ap_64")
    assert len(reserve(s, "AP", "us_corps")) == before + 1


def test_pog_cp_48_turkish_reinforcements_army_of_islam_needs_turkey_at_war():
    s = ready("cp_48", "CP", turn=14)
    assert refusal(s, "play_event", "CP", card="cp_48").rule == "PoG CP #48"
    set_global(s, "pog_entered", ["TU"])
    put(s, "m_control", "constantinople", face=1)
    act(s, "play_event", "CP", card="cp_48")
    aoi = of_type(s, "tu_aoi")[0]
    assert placements(s) == {(aoi, "constantinople")}
    act(s, "place", "CP", unit=aoi, space="constantinople")
    assert loc_of(s, aoi) == "constantinople"


def test_pog_ap_22_italian_reinforcements_only_once_italy_is_at_war():
    s = ready("ap_22", "AP")
    assert refusal(s, "play_event", "AP", card="ap_22").rule == "PoG AP #22"


def test_pog_ap_31_mef_needs_turkey_and_places_the_beachhead():
    s = ready("ap_31", "AP")
    act(s, "play_event", "AP", card="ap_31")
    mef = of_type(s, "br_mef")[0]
    # Turkey neutral: only the 9.5.3.4 alternative entry (London)
    assert {sp for u, sp in placements(s) if u == mef} == {"london"}
    act(s, "place", "AP", unit=mef, space="london")
    assert s.state.pieces[mef].props.get("ne_lost") is True and not markers(s, "london", "m_beachhead")


def test_pog_9_5_3_5_mef_invasion_beachhead_and_control():
    s = ready("ap_31", "AP", pog_entered=["TU"])
    act(s, "play_event", "AP", card="ap_31")
    mef = of_type(s, "br_mef")[0]
    spaces = {sp for u, sp in placements(s) if u == mef}
    assert "mef1" in spaces and "london" in spaces
    act(s, "place", "AP", unit=mef, space="mef1")
    assert markers(s, "mef1", "m_beachhead")
    assert not s.state.pieces[mef].props.get("ne_lost")


def test_pog_9_5_2_4_1_mef_not_by_card_after_salonika():
    s = ready("ap_31", "AP", pog_entered=["TU"], pog_events=["ap_30"])
    act(s, "play_event", "AP", card="ap_31")
    mef = of_type(s, "br_mef")[0]
    assert {sp for u, sp in placements(s) if u == mef} == {"london"}     # 9.5.3.4 still allowed


def test_pog_ap_50_allenby_alexandria_after_sinai_pipeline():
    s = ready("ap_50", "AP", pog_events=["ap_49"])
    act(s, "play_event", "AP", card="ap_50")
    ne = of_type(s, "br_ne")[0]
    assert "alexandria" in {sp for u, sp in placements(s) if u == ne}
    act(s, "place", "AP", unit=ne, space="alexandria")
    assert loc_of(s, ne) == "alexandria"


def test_pog_9_5_3_4_near_east_army_entered_at_home_cannot_enter_the_near_east():
    s = ready("ap_50", "AP")
    act(s, "play_event", "AP", card="ap_50")
    ne = of_type(s, "br_ne")[0]
    assert {sp for u, sp in placements(s) if u == ne} == {"london"}
    act(s, "place", "AP", unit=ne, space="london")
    g = game(s)
    assert not movement.near_east_army(g, ne)
    assert movement.entry_violation(g, "AP", [ne], "alexandria", "cairo").rule == "PoG 11.3.1"


def test_pog_ap_53_army_of_the_orient_in_allied_salonika():
    s = ready("ap_53", "AP")
    put(s, "m_control", "salonika", face=0)
    act(s, "play_event", "AP", card="ap_53")
    orient = of_type(s, "fr_orient")[0]
    assert "salonika" in {sp for u, sp in placements(s) if u == orient}


def test_pog_ap_29_yudenitch_caucasus_army_in_russia_or_near_east():
    s = ready("ap_29", "AP")
    act(s, "play_event", "AP", card="ap_29")
    cau = of_type(s, "ru_cau")[0]
    spaces = {sp for u, sp in placements(s) if u == cau}
    assert "caucasus" in spaces and "moscow" in spaces


def test_pog_ap_41_ana_in_arabia_only_with_turkey_at_war():
    s = ready("ap_41", "AP")
    assert refusal(s, "play_event", "AP", card="ap_41").rule == "PoG AP #41"
    s = ready("ap_41", "AP", pog_entered=["TU"])
    act(s, "play_event", "AP", card="ap_41")
    ana = of_type(s, "ana_corps")[0]
    act(s, "place", "AP", unit=ana, space="arabia")
    assert loc_of(s, ana) == "arabia"


def test_pog_cp_24_libyan_revolt_senussi_in_libya():
    s = ready("cp_24", "CP", pog_entered=["TU"])
    put(s, "br_corps", "libya")
    assert refusal(s, "play_event", "CP", card="cp_24").rule == "PoG CP #24"
    s = ready("cp_24", "CP", pog_entered=["TU"])
    act(s, "play_event", "CP", card="cp_24")
    sn = of_type(s, "sn_corps")[0]
    act(s, "place", "CP", unit=sn, space="libya")
    g = game(s)
    assert loc_of(s, sn) == "libya" and board.controller(g, "libya") == "CP"


def test_pog_cp_42_turkish_reinforcements_need_turkey_at_war():
    s = ready("cp_42", "CP")
    assert refusal(s, "play_event", "CP", card="cp_42").rule == "PoG CP #42"


@pytest.mark.parametrize("card", ["ap_01", "ap_03", "ap_08", "ap_11", "ap_14", "ap_15", "ap_20",
                                  "ap_25", "ap_32", "ap_34", "ap_42",
                                  "cp_14", "cp_20", "cp_21", "cp_22", "cp_23", "cp_39", "cp_41"])
def test_pog_9_5_3_every_plain_reinforcement_card_brings_its_units(card):
    s = ready(card, "AP" if card.startswith("ap") else "CP")
    g = game(s)
    units = reinforce.reinforcement_units(g, card)
    assert units
    side = "AP" if card.startswith("ap") else "CP"
    act(s, "play_event", side, card=card)
    while top(s)["state"] == "reinforce_place":
        s.push(sorted(s.legal_actions(), key=lambda a: str(a))[0])
    assert all(not s.state.pieces[p].loc.startswith("pool:") for p in units)
    assert reinforce.reinforcement_units(game(s), card) == []


def test_pog_9_5_3_reinforcement_units_kept_with_the_pool_equal_a_scan():
    """9.5.3: the units a card still brings (the pool read by card, kept between questions)
    are those a scan of the pool finds, after a unit leaves the pool, after a unit's card
    property changes, after a unit joins the pool, and in another game's state."""

    def scan(s, card):
        g = game(s)
        pids = [p for p in s.state.stacks.get("pool:CP", ())
                if s.state.pieces[p].props.get("card") == card and board.is_unit(g, p)]
        return sorted(pids, key=lambda p: (not board.is_army(g, p), p))

    s, t = fresh("historical", 1), fresh("historical", 2)
    first = scan(s, "cp_12")
    assert reinforce.reinforcement_units(game(s), "cp_12") == first and len(first) == 3
    move(s, first[0], "berlin")
    assert reinforce.reinforcement_units(game(s), "cp_12") == scan(s, "cp_12") == first[1:]
    edit(s, "drop the card", lambda g: g.do(C.SetProp(first[1], "card", None)))
    assert reinforce.reinforcement_units(game(s), "cp_12") == scan(s, "cp_12") == first[2:]
    edit(s, "bring it back", lambda g: g.do(C.SetProp(first[1], "card", "cp_14")))
    assert reinforce.reinforcement_units(game(s), "cp_14") == scan(s, "cp_14")
    assert first[1] in scan(s, "cp_14")
    assert reinforce.reinforcement_units(game(t), "cp_12") == scan(t, "cp_12")
    assert reinforce.reinforcement_units(game(s), "cp_12") == scan(s, "cp_12")


def test_pog_9_5_3_3_a_space_a_nation_supplies_is_in_supply_as_a_space():
    """9.5.3.3 with 14.2.5: the entry check asks first whether a unit of the arriving army's
    nationality would trace supply from the space; every space so supplied (any non-Russian
    nationality of either side) is in supply as a space, in every position of a played game,
    and the entry check answers as it does asking the space alone."""

    s = fresh("historical", 2)
    rnd = random.Random(2)
    nations = {side: [n.id for n in s.module.nationalities
                      if n.side == side and n.id not in supply.RUSSIAN_CLASS]
               for side in ("AP", "CP")}
    checked = 0
    for step in range(400):
        if s.outcome() is not None:
            break
        if step % 25 == 0:
            g = game(s)
            for side, own in nations.items():
                space = supply.supplied_spaces(g, side, None)
                for nation in own:
                    assert supply.supplied_spaces(g, side, nation) <= space, (step, nation)
                    for loc in reinforce._standard_candidates(g, side, nation):
                        assert reinforce._open(g, side, loc, nation=nation) \
                            == reinforce._open(g, side, loc), (step, nation, loc)
                        checked += 1
        s.push(rnd.choice(list(s.legal_actions())))
    assert checked > 100


def test_pog_9_5_3_3_entry_space_remembered_with_the_position_follows_the_board():
    """9.5.3.3: whether a space is open to a reinforcement (remembered with the supply
    snapshot) is what asking afresh answers, after the space fills up, after an enemy unit
    enters another, after a siege marker and a change of control, and for the other side."""
    def fresh_answer(s, side, loc):
        return reinforce._open_now(game(s), side, loc, True, True, None)

    s = fresh("historical", 1)
    spaces = ("berlin", "essen", "breslau", "paris")
    assert [reinforce._open(game(s), "CP", l) for l in spaces] \
        == [fresh_answer(s, "CP", l) for l in spaces] == [True, True, True, False]
    for _ in range(3):
        put(s, "ge_corps", "berlin")
    put(s, "fr_corps", "essen")
    put(s, "m_siege", "breslau")
    assert [reinforce._open(game(s), "CP", l) for l in spaces] \
        == [fresh_answer(s, "CP", l) for l in spaces] == [False, False, False, False]
    assert reinforce._open(game(s), "AP", "paris") == fresh_answer(s, "AP", "paris") is True
    put(s, "m_control", "paris", face=1)
    assert reinforce._open(game(s), "AP", "paris") == fresh_answer(s, "AP", "paris") is False
