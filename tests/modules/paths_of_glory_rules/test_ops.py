"""Paths of Glory operations (9.2, 10.1, 11, 15.1–15.2) and Strategic Redeployment (13), on
hand-built positions; the example of play (7.6) for activation costs and moves."""
from __future__ import annotations

import pytest

from modules.paths_of_glory.rules import board, movement, supply
from modules.paths_of_glory.rules import ops as O
from modules.paths_of_glory.rules import sr as sr_rules
from modules.paths_of_glory.rules.card_ids import FALL_OF_THE_TSAR

from .conftest import (act, dice, empty_map, game, loc_of, markers, ops, put, refusal, rule,
                       set_global, sr, top)


@pytest.fixture
def s():
    return empty_map()


# -- activation (9.2) ---------------------------------------------------------------------------

def test_pog_9_2_3_cost_is_one_per_nationality(s):
    put(s, "ge_corps", "breslau")
    put(s, "ah_corps", "breslau")
    put(s, "ge_corps", "oppeln")
    ops(s, "CP", 2)
    assert refusal(s, "activate", "CP", space="breslau", mode="move") is None  # cost 2 of 2
    act(s, "activate", "CP", space="oppeln", mode="move")
    assert top(s)["spent"] == 1
    assert rule(refusal(s, "activate", "CP", space="breslau", mode="move")) == "PoG 9.2.3"


def test_pog_9_2_3_british_family_and_be_as_british(s):
    put(s, "br_corps", "antwerp")
    put(s, "aus_corps", "antwerp")
    put(s, "be_1a", "antwerp")
    g = game(s)
    assert O.activation_cost(g, "AP", "antwerp", "move") == 1  # BR + AUS + BE at Antwerp
    put(s, "be_corps", "brussels")
    put(s, "br_corps", "brussels")
    assert O.activation_cost(g, "AP", "brussels", "move") == 2  # Brussels is no BE-as-BR space


def test_pog_9_2_3_fr_and_us_one_nationality_in_france(s):
    put(s, "fr_corps", "nancy")
    put(s, "us_corps", "nancy")
    put(s, "fr_corps", "london")
    put(s, "us_corps", "london")
    g = game(s)
    assert O.activation_cost(g, "AP", "nancy", "attack") == 1
    assert O.activation_cost(g, "AP", "london", "attack") == 2


def test_pog_9_2_3_moltke_costs_per_unit_until_falkenhayn(s):
    put(s, "ge_2a", "sedan")
    put(s, "ge_3a", "sedan")
    g = game(s)
    assert O.activation_cost(g, "CP", "sedan", "attack") == 1
    set_global(s, "pog_events", ["ap_09"])
    assert O.activation_cost(g, "CP", "sedan", "attack") == 2
    set_global(s, "pog_events", ["ap_09", "cp_13"])
    assert O.activation_cost(g, "CP", "sedan", "attack") == 1


def test_pog_9_2_1_cost_beyond_the_ops_is_refused(s):
    put(s, "ge_corps", "breslau")
    put(s, "ah_corps", "breslau")
    ops(s, "CP", 1)
    assert rule(refusal(s, "activate", "CP", space="breslau", mode="attack")) == "PoG 9.2.3"


def test_pog_9_2_6_only_occupied_spaces(s):
    ops(s, "CP", 2)
    assert rule(refusal(s, "activate", "CP", space="berlin", mode="move")) == "PoG 9.2.6"
    put(s, "fr_corps", "paris")
    assert rule(refusal(s, "activate", "CP", space="paris", mode="move")) == "PoG 9.2.6"


def test_pog_9_2_5_a_space_is_activated_once(s):
    put(s, "ge_corps", "breslau")
    ops(s, "CP", 3)
    act(s, "activate", "CP", space="breslau", mode="move")
    assert rule(refusal(s, "activate", "CP", space="breslau", mode="attack")) == "PoG 9.2.5"
    assert markers(s, "breslau", "m_move_attack")


def test_pog_9_2_7_one_near_east_combat_activation(s):
    put(s, "br_corps", "basra")
    put(s, "br_corps", "cairo")
    ops(s, "AP", 3)
    act(s, "activate", "AP", space="basra", mode="attack")
    assert rule(refusal(s, "activate", "AP", space="cairo", mode="attack")) == "PoG 9.2.7"
    assert refusal(s, "activate", "AP", space="cairo", mode="move") is None


def test_pog_14_1_1_1_out_of_supply_units_cannot_activate(s):
    put(s, "ge_corps", "bialystok")  # deep in Russia, cut off from every CP source
    ops(s, "CP", 2)
    assert rule(refusal(s, "activate", "CP", space="bialystok", mode="move")) == "PoG 14.1.1.1"


def test_pog_9_2_9_attack_spaces_go_to_combat(s):
    put(s, "ge_corps", "koblenz")
    put(s, "fr_corps", "sedan")
    ops(s, "CP", 1, "cp_11")
    act(s, "activate", "CP", space="koblenz", mode="attack")
    frame = top(s)
    assert frame["state"] == "combat_declare" and frame["attack_spaces"] == ["koblenz"]
    assert frame["ops_card"] == "cp_11"


# -- movement (11) ------------------------------------------------------------------------------

def test_pog_11_1_14_control_and_vp_the_lodz_march(s):
    """7.6 CP 2: a GE corps Oppeln → Czestochowa → Lodz; Lodz is a VP space: VP 10 → 11."""
    corps = put(s, "ge_corps", "oppeln", face=1)
    ops(s, "CP", 3)
    act(s, "activate", "CP", space="oppeln", mode="move")
    act(s, "done", "CP")
    assert top(s)["state"] == "ops_move"
    act(s, "move", "CP", pids=[corps], path=["czestochowa", "lodz"])
    assert loc_of(s, corps) == "lodz"
    g = game(s)
    assert board.controller(g, "czestochowa") == "CP" and board.controller(g, "lodz") == "CP"
    assert s.state.globals["vp"] == 11


def test_pog_11_1_5_no_more_spaces_than_mf(s):
    army = put(s, "ge_1a", "aachen")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    v = refusal(s, "move", "CP", pids=[army], path=["liege", "brussels", "antwerp", "ostend"])
    assert rule(v) in ("PoG 11.1.5", "PoG 11.1.8")
    put(s, "m_destroyed", "liege")
    set_global(s, "turn", 2)
    v = refusal(s, "move", "CP", pids=[army], path=["liege", "brussels", "cambrai", "amiens"])
    assert rule(v) == "PoG 11.1.5"


def test_pog_11_1_3_and_11_1_4_connections_and_dotted_lines(s):
    fr = put(s, "fr_corps", "london")
    br = put(s, "br_corps", "london")
    ops(s, "AP", 2)
    act(s, "activate", "AP", space="london", mode="move")
    assert rule(refusal(s, "move", "AP", pids=[fr], path=["calais"])) == "PoG 11.1.4"
    assert rule(refusal(s, "move", "AP", pids=[br], path=["paris"])) == "PoG 11.1.3"
    assert refusal(s, "move", "AP", pids=[br], path=["calais"]) is None


def test_pog_11_1_7_no_entering_enemy_units(s):
    ge = put(s, "ge_corps", "koblenz")
    put(s, "fr_corps", "sedan")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="koblenz", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[ge], path=["sedan"])) == "PoG 11.1.7"


def test_pog_11_1_6_through_but_not_into_an_attack_space(s):
    mover = put(s, "ge_corps", "frankfurt")
    put(s, "ge_corps", "koblenz")
    put(s, "fr_corps", "sedan")
    ops(s, "CP", 2)
    act(s, "activate", "CP", space="koblenz", mode="attack")
    act(s, "activate", "CP", space="frankfurt", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[mover], path=["koblenz"])) == "PoG 11.1.6"
    assert refusal(s, "move", "CP", pids=[mover], path=["koblenz", "aachen"]) is None


def test_pog_10_1_1_no_move_ends_overstacked(s):
    for _ in range(3):
        put(s, "ge_corps", "essen")
    mover = put(s, "ge_corps", "kassel")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="kassel", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[mover], path=["essen"])) == "PoG 10.1.1"
    assert refusal(s, "move", "CP", pids=[mover], path=["essen", "bremen"]) is None


def test_pog_11_1_9_cp_may_not_end_in_amiens_before_race_to_the_sea(s):
    mover = put(s, "ge_corps", "cambrai")
    for loc in ("sedan", "cambrai"):
        put(s, "m_control", loc, face=1)
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="cambrai", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[mover], path=["amiens"])) == "PoG 11.1.9"
    assert refusal(s, "move", "CP", pids=[mover], path=["amiens", "rouen"]) is None
    set_global(s, "ws_cp", 4)
    assert refusal(s, "move", "CP", pids=[mover], path=["amiens"]) is None


def test_pog_11_1_11_no_entering_neutral_nations(s):
    mover = put(s, "ah_corps", "trent")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="trent", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[mover], path=["verona"])) == "PoG 11.1.11"


def test_pog_11_1_17_the_bef_stays_in_the_west(s):
    bef = put(s, "bef_corps", "grenoble")
    br = put(s, "br_corps", "grenoble")
    put(s, "m_control", "turin", face=0)  # Italy at war on the Allied side
    g = game(s)
    assert rule(movement.entry_violation(g, "AP", [bef], "grenoble", "turin")) == "PoG 11.1.17"
    assert movement.entry_violation(g, "AP", [br], "grenoble", "turin") is None
    assert movement.entry_violation(g, "AP", [bef], "grenoble", "lyon") is None


def test_pog_11_3_1_only_near_east_armies_enter_the_near_east(s):
    set_global(s, "pog_entered", ["TU"])
    g = game(s)
    ru = put(s, "ru_1a", "batum")
    cau = put(s, "ru_cau", "batum")
    ne = [o for o, _ in movement.adjacency(g)["batum"] if movement.on_near_east_map(g, o)]
    assert ne, "Batum borders the Near East map"
    v = movement.entry_violation(g, "AP", [ru], "batum", ne[0])
    assert v is not None and v.rule in ("PoG 11.3.1", "PoG 11.1.11")
    v_cau = movement.entry_violation(g, "AP", [cau], "batum", ne[0])
    assert v_cau is None or v_cau.rule != "PoG 11.3.1"


def test_pog_11_3_2_one_russian_corps_per_turn_over_the_caucasus_link(s):
    a = put(s, "ru_corps", "caucasus")
    b = put(s, "ru_corps", "caucasus")
    army = put(s, "ru_1a", "caucasus")
    ops(s, "AP", 1)
    act(s, "activate", "AP", space="caucasus", mode="move")
    assert rule(refusal(s, "move", "AP", pids=[army], path=["grozny"])) in ("PoG 11.3.1",
                                                                             "PoG 11.3.2")
    act(s, "move", "AP", pids=[a], path=["grozny"])
    assert rule(refusal(s, "move", "AP", pids=[b], path=["grozny"])) == "PoG 11.3.2"


def test_pog_11_3_2_a_longer_move_over_the_link_is_counted(s):
    """The crossing is recorded wherever it happens along the path (Uman → Caucasus →
    Grozny), so a second corps may not cross the same turn."""
    a = put(s, "ru_corps", "uman")
    b = put(s, "ru_corps", "caucasus")
    ops(s, "AP", 2)
    act(s, "activate", "AP", space="uman", mode="move")
    act(s, "activate", "AP", space="caucasus", mode="move")
    act(s, "move", "AP", pids=[a], path=["caucasus", "grozny"])
    assert rule(refusal(s, "move", "AP", pids=[b], path=["poti"])) == "PoG 11.3.2"


def test_pog_11_1_8_units_moving_later_in_the_round_count_towards_the_siege(s):
    """11.1.8: a corps may enter Liege's fort space alone when an army still to move this round
    can join it; movement may not end, nor the army go elsewhere, until it has."""
    corps = put(s, "ge_corps", "aachen")
    army = put(s, "ge_1a", "koblenz")
    ops(s, "CP", 2)
    act(s, "activate", "CP", space="aachen", mode="move")
    act(s, "activate", "CP", space="koblenz", mode="move")
    act(s, "move", "CP", pids=[corps], path=["liege"])
    assert not markers(s, "liege", "m_siege")
    assert rule(refusal(s, "end_move", "CP")) == "PoG 11.1.8"
    assert "end_move" not in {a.verb for a in s.legal_actions()}
    assert rule(refusal(s, "move", "CP", pids=[army], path=["aachen"])) == "PoG 11.1.8"
    path = next(a["path"] for a in s.legal_actions() if a.verb == "move" and a["path"][-1] == "liege")
    act(s, "move", "CP", pids=[army], path=path)
    assert markers(s, "liege", "m_siege")


def test_pog_11_1_8_and_15_2_1_fort_entry_needs_a_siege_force(s):
    corps = put(s, "ge_corps", "aachen")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[corps], path=["liege"])) == "PoG 11.1.8"
    s = empty_map()                                         # with an army beside it
    put(s, "ge_corps", "aachen")
    army = put(s, "ge_1a", "aachen")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    assert rule(refusal(s, "move", "CP", pids=[army], path=["liege", "brussels"])) == "PoG 15.1.1"
    act(s, "move", "CP", pids=[army], path=["liege"])
    assert markers(s, "liege", "m_siege")
    g = game(s)
    assert board.controller(g, "liege") == "AP"  # PoG 15.1.10: the fort keeps the space


def test_pog_15_1_12_no_russian_entry_into_german_forts_in_august_1914(s):
    ru = put(s, "ru_1a", "kovno")
    ops(s, "AP", 1)
    act(s, "activate", "AP", space="kovno", mode="move")
    fort_spaces = [a["path"] for a in s.legal_actions() if a.verb == "move"
                   and any(s.ruleset.module.locations[x].attrs.get("fort")
                           and s.ruleset.module.locations[x].attrs.get("nation") == "GE"
                           for x in a["path"])]
    assert not fort_spaces
    assert rule(refusal(s, "move", "AP", pids=[ru], path=["insterburg", "konigsberg"])) in (
        "PoG 15.1.12", "PoG 11.1.3", "PoG 15.1.1")


def test_pog_11_2_5_and_11_2_6_entering_an_enemy_trench(s):
    t1 = put(s, "m_trench_ap", "sedan", face=0)
    put(s, "m_trench_ap", "cambrai", face=1)
    ge = put(s, "ge_1a", "koblenz")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="koblenz", mode="move")
    act(s, "move", "CP", pids=[ge], path=["sedan", "cambrai"])
    assert t1 not in s.state.pieces                       # level 1 removed
    lvl = markers(s, "cambrai", "m_trench_ap")
    assert lvl and s.state.pieces[lvl[0]].face == 0        # level 2 → level 1


def test_pog_11_2_1_trench_attempts_only_after_the_entrench_event(s):
    army = put(s, "ge_1a", "aachen")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    assert rule(refusal(s, "entrench", "CP", pid=army)) == "PoG 11.2.1"
    set_global(s, "pog_entrench", "CP")
    dice(s, 3)
    act(s, "entrench", "CP", pid=army)
    act(s, "end_move", "CP")
    trench = markers(s, "aachen", "m_trench_cp")
    assert trench and s.state.pieces[trench[0]].face == 0   # PoG 11.2.2: 3 <= LF 3


def test_pog_11_2_2_failed_trench_roll(s):
    army = put(s, "ge_1a", "aachen")
    set_global(s, "pog_entrench", "CP")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    dice(s, 4)
    act(s, "entrench", "CP", pid=army)
    act(s, "end_move", "CP")
    assert not markers(s, "aachen", "m_trench_cp")


def test_pog_11_1_1_a_unit_moves_once(s):
    a = put(s, "ge_corps", "breslau")
    put(s, "ge_corps", "breslau")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="breslau", mode="move")
    act(s, "move", "CP", pids=[a], path=["posen"])
    assert rule(refusal(s, "move", "CP", pids=[a], path=["breslau"])) == "PoG 11.1.1"


def test_move_notation(s):
    army = put(s, "fr_5a", "paris")
    ops(s, "AP", 1)
    act(s, "activate", "AP", space="paris", mode="move")
    entry = act(s, "move", "AP", pids=[army], path=["chateau_thierry", "sedan"])
    assert entry.text == "AP moves FR 5th Army Paris → Chateau-Thierry → Sedan"


# -- the example of play, 7.6 ---------------------------------------------------------------

def test_pog_7_6_example_ap1_three_activations(s):
    """AP 1: AP #3 for 3 OPS — Bar-le-Duc for move (FR 9th to Chateau-Thierry), Dubno and
    Kamenets Podolski for attack."""
    fr9 = put(s, "fr_9a", "bar_le_duc", face=1)
    put(s, "ru_3a", "dubno")
    put(s, "ru_8a", "kamenets_podolski")
    put(s, "ah_3a", "tarnopol")
    ops(s, "AP", 3, "ap_03")
    for space, mode in (("bar_le_duc", "move"), ("dubno", "attack"),
                        ("kamenets_podolski", "attack")):
        act(s, "activate", "AP", space=space, mode=mode)
    assert top(s)["state"] == "ops_move"
    act(s, "move", "AP", pids=[fr9], path=["chateau_thierry"])
    assert top(s)["state"] == "combat_declare"
    assert top(s)["attack_spaces"] == ["dubno", "kamenets_podolski"]


def test_pog_7_6_example_cp2_three_spaces(s):
    """CP 2: CP #10 for 3 OPS — Oppeln and Munkacs for move, Sedan for attack."""
    corps = put(s, "ge_corps", "oppeln", face=1)
    ah2 = put(s, "ah_2a", "munkacs", face=1)
    put(s, "ge_2a", "sedan")
    put(s, "ge_3a", "sedan")
    put(s, "fr_5a", "cambrai", face=1)
    ops(s, "CP", 3, "cp_10")
    act(s, "activate", "CP", space="oppeln", mode="move")
    act(s, "activate", "CP", space="munkacs", mode="move")
    act(s, "activate", "CP", space="sedan", mode="attack")
    act(s, "move", "CP", pids=[corps], path=["czestochowa", "lodz"])
    assert s.state.globals["vp"] == 11
    act(s, "move", "CP", pids=[ah2], path=["czernowitz"])
    assert loc_of(s, ah2) == "czernowitz"
    assert top(s)["state"] == "combat_declare"


def test_pog_7_6_example_ap4_brussels_costs_two(s):
    """AP 4: Moltke for 3 OPS — Brussels (BR + FR: cost 2) and Verdun (cost 1)."""
    put(s, "br_bef", "brussels")
    put(s, "fr_corps", "brussels", face=1)
    put(s, "fr_1a", "verdun")
    put(s, "fr_3a", "verdun")
    put(s, "ge_4a", "sedan")
    ops(s, "AP", 3, "ap_09")
    act(s, "activate", "AP", space="brussels", mode="attack")
    assert top(s)["spent"] == 2
    act(s, "activate", "AP", space="verdun", mode="attack")
    assert top(s)["state"] == "combat_declare"


def test_pog_7_6_example_ap5_automatic_operation(s):
    """AP 5: Automatic Operation (1 OPS): BE 1st Antwerp → Brussels."""
    be = put(s, "be_1a", "antwerp")
    ops(s, "AP", 1)
    act(s, "activate", "AP", space="antwerp", mode="move")
    act(s, "move", "AP", pids=[be], path=["brussels"])
    assert loc_of(s, be) == "brussels" and top(s) is None


def test_pog_7_6_example_cp6_two_armies_into_sedan(s):
    """CP 6: von François for 2 OPS — (GE 3rd) Cambrai → Sedan, (GE 4th) Liège → Sedan."""
    ge3 = put(s, "ge_3a", "cambrai", face=1)
    ge4 = put(s, "ge_4a", "liege", face=1)
    put(s, "m_destroyed", "liege")
    for loc in ("sedan", "cambrai", "liege"):
        put(s, "m_control", loc, face=1)
    ops(s, "CP", 2, "cp_03")
    act(s, "activate", "CP", space="cambrai", mode="move")
    act(s, "activate", "CP", space="liege", mode="move")
    act(s, "move", "CP", pids=[ge3], path=["sedan"])
    act(s, "move", "CP", pids=[ge4], path=["sedan"])
    assert loc_of(s, ge3) == loc_of(s, ge4) == "sedan"


def test_pog_7_6_example_ap6_lemberg_recaptured(s):
    """AP 6: AP #1 for 4 OPS — (RU 3rd) Tarnopol → Lemberg, VP → 10; FR corps Grenoble →
    Paris; Verdun and Czernowitz for attack."""
    set_global(s, "vp", 11)
    ru3 = put(s, "ru_3a", "tarnopol", face=1)
    fr = put(s, "fr_corps", "grenoble")
    put(s, "fr_1a", "verdun")
    put(s, "ru_8a", "czernowitz")
    put(s, "ge_3a", "sedan", face=1)
    put(s, "ah_2a", "munkacs", face=1)
    put(s, "m_control", "tarnopol", face=0)
    put(s, "m_control", "czernowitz", face=0)
    ops(s, "AP", 4, "ap_01")
    for space, mode in (("tarnopol", "move"), ("grenoble", "move"), ("verdun", "attack"),
                        ("czernowitz", "attack")):
        act(s, "activate", "AP", space=space, mode=mode)
    act(s, "move", "AP", pids=[ru3], path=["lemberg"])
    assert s.state.globals["vp"] == 10
    paris = [a for a in s.legal_actions() if a.verb == "move" and a["pids"] == [fr]
             and a["path"][-1] == "paris"]
    assert paris, "Grenoble → Paris within the corps' MF 3"
    s.push(paris[0])
    assert loc_of(s, fr) == "paris"


def test_pog_7_6_example_september_cp4_to_sedan_and_munkacs(s):
    """September CP 4: CP #8 for 3 OPS — GE 2nd and 3rd Essen → Sedan, GE 4th Koblenz →
    Sedan, (AH 2nd) and (AH 3rd) Budapest → Munkacs."""
    ge2, ge3 = put(s, "ge_2a", "essen"), put(s, "ge_3a", "essen")
    ge4 = put(s, "ge_4a", "koblenz")
    ah2, ah3 = put(s, "ah_2a", "budapest", face=1), put(s, "ah_3a", "budapest", face=1)
    put(s, "m_control", "sedan", face=1)
    ops(s, "CP", 3, "cp_08")
    for space in ("essen", "koblenz", "budapest"):
        act(s, "activate", "CP", space=space, mode="move")
    legal = list(s.legal_actions())
    to_sedan = [a for a in legal if a.verb == "move" and a["pids"] == [ge2, ge3]
                and a["path"][-1] == "sedan"]
    assert to_sedan, "Essen → Sedan within MF 3"
    s.push(to_sedan[0])
    act(s, "move", "CP", pids=[ge4], path=["sedan"])
    to_munkacs = [a for a in s.legal_actions() if a.verb == "move" and a["pids"] == [ah2, ah3]
                  and a["path"][-1] == "munkacs"]
    assert to_munkacs, "Budapest → Munkacs within MF 3"
    s.push(to_munkacs[0])
    assert {loc_of(s, p) for p in (ge2, ge3, ge4)} == {"sedan"}
    assert {loc_of(s, p) for p in (ah2, ah3)} == {"munkacs"}


# -- Strategic Redeployment (13) -------------------------------------------------------------

def test_pog_13_1_2_sr_costs_corps_1_army_4(s):
    corps = put(s, "ge_corps", "berlin")
    army = put(s, "ge_1a", "essen")
    sr(s, "CP", 4)
    act(s, "sr", "CP", pid=corps, to="breslau")
    assert top(s)["spent"] == 1
    assert rule(refusal(s, "sr", "CP", pid=army, to="kassel")) == "PoG 13.1.2"


def test_pog_13_1_3_once_per_round(s):
    corps = put(s, "ge_corps", "berlin")
    sr(s, "CP", 4)
    act(s, "sr", "CP", pid=corps, to="breslau")
    assert rule(refusal(s, "sr", "CP", pid=corps, to="berlin")) == "PoG 13.1.3"


def test_pog_13_1_5_sr_only_through_friendly_spaces(s):
    corps = put(s, "fr_corps", "paris")
    sr(s, "AP", 2)
    assert refusal(s, "sr", "AP", pid=corps, to="nancy") is None
    assert rule(refusal(s, "sr", "AP", pid=corps, to="essen")) == "PoG 13.1.5"


def test_pog_13_1_5_no_sr_into_the_besiegers_of_a_friendly_fort(s):
    """Fuzz seed 179: Belgrade stays Allied while CP units besiege its fort (15.1.10), but an
    SR from the Reserve Box may not end among those enemy units (10.1.5)."""
    sb = put(s, "sb_corps", "reserve:AP")
    put(s, "sb_corps", "valjevo")
    put(s, "ah_corps", "belgrade")
    put(s, "ah_corps", "belgrade")
    g = game(s)
    assert board.controller(g, "belgrade") == "AP"
    assert "belgrade" not in sr_rules.destinations(g, "AP", sb)


def test_pog_10_1_4_units_that_cannot_sr_anywhere_cannot_clear_an_overstack(s):
    """Fuzz seed 333: units that can SR nowhere (here Russian corps in France, 13.1.6) cannot
    make room during an SR, so a fourth unit may not SR into their space (10.1.2, 10.1.4)."""
    stuck = [put(s, "ru_corps", "verdun") for _ in range(3)]
    fr = put(s, "fr_corps", "paris")
    sr(s, "AP", 3)
    g = game(s)
    assert not any(sr_rules.destinations(g, "AP", p) for p in stuck)
    assert "nancy" in sr_rules.destinations(g, "AP", fr)
    assert "verdun" not in sr_rules.destinations(g, "AP", fr)
    assert refusal(s, "sr", "AP", pid=fr, to="verdun") is not None


def test_pog_9_5_2_4_neutral_greek_units_neither_sr_nor_suffer_attrition(s):
    """9.5.2.4: in Greek limited entry the Greek units stay neutral — they are never out of
    supply (fuzz seed 333: attrition took one, which was then rebuilt and redeployed), they
    never SR, and nobody SRs into their space."""
    set_global(s, "pog_greece_limited", True)
    gr = put(s, "gr_corps", "athens")
    g = game(s)
    assert gr not in supply.oos_units(g, "AP", attrition=True)
    spare = put(s, "gr_corps", "reserve:AP")
    fr = put(s, "fr_corps", "reserve:AP")
    g = game(s)
    assert not sr_rules.destinations(g, "AP", spare)
    assert "athens" not in sr_rules.destinations(g, "AP", fr)


def test_pog_13_1_7_armies_never_sr_by_sea(s):
    corps = put(s, "fr_corps", "le_havre")
    army = put(s, "fr_1a", "le_havre")
    sr(s, "AP", 5)
    assert refusal(s, "sr", "AP", pid=corps, to="london") is None     # by sea
    assert rule(refusal(s, "sr", "AP", pid=army, to="london")) == "PoG 13.1.7"


def test_pog_13_1_9_corps_to_the_reserve_box_armies_not(s):
    corps = put(s, "ge_corps", "berlin")
    army = put(s, "ge_1a", "berlin")
    sr(s, "CP", 5)
    act(s, "sr", "CP", pid=corps, to="reserve:CP")
    assert loc_of(s, corps) == "reserve:CP"
    assert rule(refusal(s, "sr", "CP", pid=army, to="reserve:CP")) == "PoG 13.1.9"


def test_pog_13_1_8_from_the_reserve_to_a_unit_of_the_same_nation(s):
    corps = next(p for p in s.state.stacks["reserve:CP"]
                 if s.state.pieces[p].type == "ge_corps")
    put(s, "ge_1a", "metz")
    put(s, "ah_1a", "cracow")
    sr(s, "CP", 4)
    assert refusal(s, "sr", "CP", pid=corps, to="metz") is None
    assert refusal(s, "sr", "CP", pid=corps, to="berlin") is None       # own capital
    assert rule(refusal(s, "sr", "CP", pid=corps, to="cracow")) == "PoG 13.1.8"


def test_pog_13_1_6_russians_sr_only_in_russia(s):
    corps = put(s, "ru_corps", "warsaw")
    sr(s, "AP", 2)
    assert refusal(s, "sr", "AP", pid=corps, to="riga") is None
    assert rule(refusal(s, "sr", "AP", pid=corps, to="london")) == "PoG 13.1.6"
    act(s, "sr_unit", "AP", unit=corps)                 # the listing's second step: where to
    dests = {a["to"] for a in s.legal_actions() if a.verb == "sr" and a["pid"] == corps}
    g = game(s)
    assert dests and all(d == "reserve:AP" or g.module.locations[d].attrs["nation"] == "RU"
                         for d in dests)


def test_pog_13_1_11_no_reserve_sr_while_the_capital_is_lost(s):
    corps = put(s, "fr_corps", "nancy")
    put(s, "m_control", "paris", face=1)
    sr(s, "AP", 2)
    assert rule(refusal(s, "sr", "AP", pid=corps, to="reserve:AP")) == "PoG 13.1.11"


def test_sr_notation(s):
    corps = put(s, "ge_corps", "berlin")
    sr(s, "CP", 4)
    entry = act(s, "sr", "CP", pid=corps, to="reserve:CP")
    assert entry.text == "CP SRs GE corps Berlin → the Reserve Box"


def _offered_activations(s) -> set[tuple[str, str]]:
    return {(a["space"], a["mode"]) for a in s.ruleset.legal_actions(s.state)
            if a.verb == "activate"}


def _checked_activations(s, side: str) -> set[tuple[str, str]]:
    """Every (space, mode) the per-action check accepts among spaces an attack could use."""
    g = game(s)
    return {(loc, mode) for loc in board.spaces(g) if board.units_in(g, loc, side)
            for mode in O.MODES
            if refusal(s, "activate", side, space=loc, mode=mode) is None
            and (mode == "move" or O._has_target(g, side, loc))}


def test_pog_9_2_3_listing_agrees_with_the_check_when_attack_costs_more(s):
    """The listing asks each space's checks once (move refusals refuse the attack too); with
    Fall of the Tsar (8(e) #9) two Russian units cost 2 to attack but 1 to move."""
    put(s, "ru_corps", "lodz")
    put(s, "ru_corps", "lodz")
    put(s, "ru_corps", "warsaw")
    put(s, "ge_corps", "czestochowa")
    put(s, "ge_corps", "thorn")
    put(s, "ah_corps", "cracow")
    set_global(s, "pog_events", [FALL_OF_THE_TSAR])
    ops(s, "AP", 1)
    offered = _offered_activations(s)
    assert offered == _checked_activations(s, "AP")
    assert ("lodz", "move") in offered and ("lodz", "attack") not in offered
    assert rule(refusal(s, "activate", "AP", space="lodz", mode="attack")) == "PoG 9.2.3"
    set_global(s, "pog_events", [])
    offered = _offered_activations(s)
    assert offered == _checked_activations(s, "AP") and ("lodz", "attack") in offered



def _cold_activations(s) -> list:
    """The activation listing worked out afresh (nothing kept)."""
    O._ACTIVATIONS.state = None
    return list(s.ruleset.legal_actions(s.state))


def test_pog_9_2_activation_facts_are_kept_only_while_what_they_read_holds(s):
    put(s, "ru_corps", "lodz")
    put(s, "ru_corps", "warsaw")
    put(s, "ru_corps", "ivangorod")
    put(s, "ge_corps", "thorn")
    ops(s, "AP", 3)
    first = list(s.ruleset.legal_actions(s.state))
    kept = O._ACTIVATIONS.facts
    act(s, "activate", "AP", space="lodz", mode="move")        # only a Move marker at Lodz
    after = list(s.ruleset.legal_actions(s.state))
    assert O._ACTIVATIONS.facts is kept                          # kept: nothing it read changed
    assert after == _cold_activations(s) and len(after) < len(first)
    put(s, "ge_corps", "czestochowa")                            # an attack target appears
    moved = list(s.ruleset.legal_actions(s.state))
    assert O._ACTIVATIONS.facts is not kept and moved == _cold_activations(s)
    kept = O._ACTIVATIONS.facts
    set_global(s, "pog_greece_limited", True)                    # a global changes
    list(s.ruleset.legal_actions(s.state))
    assert O._ACTIVATIONS.facts is not kept
    s.pop()                                                      # undone: read again
    assert list(s.ruleset.legal_actions(s.state)) == _cold_activations(s) == moved

# -- the kept reach of a moving group (movement.reachable) ---------------------------------------

def _cold_reach(g, side, pids, allow=None):
    """``movement.reachable`` worked out afresh (nothing kept)."""
    movement._REACH.state = None
    return movement.reachable(g, side, pids, [], allow)


def test_pog_11_1_kept_reach_follows_the_board_and_globals(s):
    mover = put(s, "ge_corps", "cambrai")
    for loc in ("sedan", "cambrai"):
        put(s, "m_control", loc, face=1)
    first = movement.reachable(game(s), "CP", [mover], [])
    assert "amiens" not in first                     # PoG 11.1.9 before CP War Status 4
    assert movement.reachable(game(s), "CP", [mover], []) is first   # kept, nothing changed
    set_global(s, "ws_cp", 4)                        # a global it reads changes
    after_global = movement.reachable(game(s), "CP", [mover], [])
    assert "amiens" in after_global
    assert after_global == _cold_reach(game(s), "CP", [mover])
    kept = movement.reachable(game(s), "CP", [mover], [])
    put(s, "fr_corps", "amiens")                     # PoG 11.1.7: an enemy unit arrives
    moved = movement.reachable(game(s), "CP", [mover], [])
    assert moved is not kept and "amiens" not in moved
    assert moved == _cold_reach(game(s), "CP", [mover])


def test_pog_10_1_2_kept_reach_follows_the_allowance(s):
    for _ in range(3):
        put(s, "ge_corps", "essen")
    mover = put(s, "ge_corps", "kassel")
    assert "essen" not in movement.reachable(game(s), "CP", [mover], [])     # PoG 10.1.1
    allowed = movement.reachable(game(s), "CP", [mover], [], {"essen": 1})  # PoG 10.1.2
    assert "essen" in allowed
    assert allowed == _cold_reach(game(s), "CP", [mover], {"essen": 1})


# -- the movement search agrees with the step-by-step checks (movement._search) -----------------

def _stepwise_reach(g, side, pids, attack, allow=None, joiners=movement.no_joiners):
    """Where the group may end a move, by breadth-first search asking the checks a submitted
    move meets step by step (11.1.3–11.1.17 entry, 10.1.1 / 11.1.6 / 11.1.8 / 11.1.9 / 5.7.4
    stop, 15.1.1 must-stop, 15.2.4 leaving): the reference the kept search must agree with."""
    start = g.state.pieces[pids[0]].loc
    if movement.leave_violation(g, side, pids, start):
        return {}
    mf = min(int(g.value(p, "mf") or 0) for p in pids)
    out, seen, frontier = {}, {start}, [(start, ())]
    while frontier:
        nxt_frontier = []
        for here, path in frontier:
            if len(path) >= mf:
                continue
            for nxt, _only in movement.adjacency(g)[here]:
                if nxt in seen or movement.entry_violation(g, side, pids, here, nxt):
                    continue
                seen.add(nxt)
                new = path + (nxt,)
                if movement.stop_violation(g, side, pids, nxt, attack, allow, joiners) is None:
                    out[nxt] = new
                if not (movement.enemy_fort(g, nxt, side) and not board.fort_besieged(g, nxt)):
                    nxt_frontier.append((nxt, new))
        frontier = nxt_frontier
    return out


def _agrees(g, side, pids, attack=(), allow=None, joiners=movement.no_joiners):
    movement._REACH.state = None
    reach = movement.reachable(g, side, pids, list(attack), allow, joiners)
    assert reach == _stepwise_reach(g, side, pids, list(attack), allow, joiners)
    assert all(type(x) is movement.Loc for path in reach.values() for x in path)
    return reach


def test_pog_11_1_search_agrees_with_the_checks_west(s):
    """11.1.6 Attack space, 10.1.1/10.1.2 stacking with an allowance, 11.1.9 the coast, 11.1.7
    enemy units, 15.1.1 an enemy fort, 11.1.17 the BEF, 11.1.4 the Channel line."""
    ge = put(s, "ge_corps", "cambrai")
    army = put(s, "ge_1a", "cambrai")
    for loc in ("sedan", "cambrai"):
        put(s, "m_control", loc, face=1)
    for _ in range(3):
        put(s, "ge_corps", "brussels")
    put(s, "fr_corps", "paris")
    bef = put(s, "bef_corps", "calais")
    br = put(s, "br_corps", "london")
    fr = put(s, "fr_corps", "london")
    g = game(s)
    for pids in ([ge], [army], [ge, army]):
        _agrees(g, "CP", pids, attack=["sedan"], allow={"brussels": 1})
        _agrees(g, "CP", pids, joiners=None)
    assert "amiens" not in _agrees(g, "CP", [ge])                    # PoG 11.1.9
    _agrees(g, "AP", [bef])
    _agrees(g, "AP", [br])
    assert "calais" not in _agrees(g, "AP", [fr])        # PoG 11.1.4
    set_global(s, "ws_cp", 4)
    assert "amiens" in _agrees(game(s), "CP", [ge])


def test_pog_11_1_search_agrees_with_the_checks_east_and_near_east(s):
    """15.1.12 Russians in August 1914, 11.3.1 armies off the Near East map, 11.3.2 the
    Caucasus link, AP #57 the Russian cavalry, 16.4.9 after Brest-Litovsk, 11.1.10 MEF spaces
    without a beachhead, 11.1.11 neutrals."""
    set_global(s, "turn", 1)
    ru = put(s, "ru_1a", "kovno")
    corps = put(s, "ru_corps", "kovno")
    cau = put(s, "ru_cau", "batum")
    link = put(s, "ru_corps", "caucasus")
    cav = put(s, "ru_cav_corps", "grozny")
    fr = put(s, "fr_corps", "warsaw")
    br = put(s, "br_corps", "gallipoli")
    g = game(s)
    for side, pids in (("AP", [ru]), ("AP", [corps]), ("AP", [ru, corps]), ("AP", [cau]),
                       ("AP", [link]), ("AP", [cav]), ("AP", [fr]), ("AP", [br])):
        _agrees(g, side, pids)
    set_global(s, "turn", 2)
    set_global(s, "pog_events", ["cp_45"])
    g = game(s)
    for pids in ([ru], [corps], [fr], [cav]):
        _agrees(g, "AP", pids)


def test_pog_9_5_2_4_and_5_7_4_search_agrees_with_the_checks(s):
    """9.5.2.4 Greek limited entry (neutral Greek units, open Greek spaces) and the Historical
    5.7.4 limits on German armies in Trent, Villach and Trieste."""
    put(s, "gr_corps", "kavala")                       # an Allied space Greek units block
    fr = put(s, "fr_corps", "salonika")
    put(s, "m_control", "salonika", face=0)
    set_global(s, "pog_greece_limited", True)
    ge = put(s, "ge_1a", "innsbruck")
    set_global(s, "pog_scenario", "historical")
    g = game(s)
    reach = _agrees(g, "AP", [fr])
    assert "kavala" not in reach and "florina" in reach   # PoG 9.5.2.4
    _agrees(g, "CP", [ge])


def test_pog_11_1_8_search_agrees_with_the_checks_with_joiners(s):
    """11.1.8: a corps may stop in an enemy fort's space only if the units that may still join
    it could besiege the fort."""
    corps = put(s, "ge_corps", "aachen")
    army = put(s, "ge_1a", "koblenz")
    g = game(s)
    assert "liege" not in _agrees(g, "CP", [corps])
    assert "liege" in _agrees(g, "CP", [corps], joiners=lambda to, pids: [army])
    assert "liege" in _agrees(g, "CP", [corps], joiners=None)


def test_move_offers_are_typed_as_offer_types_them(s):
    """The move offers built from a reach equal, and repr as, the state's own ``offer`` — also
    after a move changed the reach (offers of unchanged paths are reused)."""
    corps = put(s, "ge_corps", "aachen")
    army = put(s, "ge_1a", "aachen")
    put(s, "ge_corps", "koblenz")
    ops(s, "CP", 2)
    act(s, "activate", "CP", space="aachen", mode="move")
    act(s, "activate", "CP", space="koblenz", mode="move")
    state = s.ruleset.machine.table["ops_move"]

    def offered():
        moves = [a for a in s.legal_actions() if a.verb == "move"]
        assert moves
        for a in moves:
            again = state.offer("move", "CP", pids=list(a["pids"]),
                                path=[str(x) for x in a["path"]])
            assert a == again and repr(a) == repr(again) and hash(a) == hash(again)
            assert [type(x) for x in a["path"]] == [type(x) for x in again["path"]]
            assert [type(x) for x in a["pids"]] == [type(x) for x in again["pids"]]
        return moves
    def kassel(moves):
        return [tuple(a["path"]) for a in moves if a["pids"] == [army] and a["path"][-1] == "kassel"]
    assert kassel(offered()) == [("essen", "kassel")]
    put(s, "fr_corps", "essen")                          # PoG 11.1.7: the way by Essen closes
    assert kassel(offered()) == [("koblenz", "frankfurt", "kassel")]
    act(s, "move", "CP", pids=[corps], path=["koblenz"])
    offered()


def test_pog_11_1_8_kept_reach_follows_the_joiners_answers(s):
    """A search that asked the caller who may still join it (11.1.8) is kept with those
    answers: reused while they are the same, worked out again when they change."""
    corps = put(s, "ge_corps", "aachen")
    army = put(s, "ge_1a", "koblenz")
    g = game(s)
    movement._REACH.state = None
    first = movement.reachable(g, "CP", [corps], [], None, lambda to, pids: [army])
    assert "liege" in first
    assert movement.reachable(g, "CP", [corps], [], None, lambda to, pids: [army]) is first
    alone = movement.reachable(g, "CP", [corps], [], None, lambda to, pids: [])
    assert "liege" not in alone                          # nobody can join it any more
    assert alone == _stepwise_reach(g, "CP", [corps], [], None, lambda to, pids: [])
    again = movement.reachable(g, "CP", [corps], [], None, lambda to, pids: [army])
    assert again == first and again is not alone
