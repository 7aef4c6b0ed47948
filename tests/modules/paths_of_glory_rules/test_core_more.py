"""Core rules completed in the second pass: Historical 5.7.4 #3/#4, 11.2.10, 9.2.7.1, 9.5.3.5,
11.1.15/11.1.16, 13.1.12, 13.2, 10.1.2/10.1.3."""
from __future__ import annotations

from modules.paths_of_glory.rules import board, movement, ops, sr

from .conftest import (act, card_to, dice, edit, empty_map, fresh, game, loc_of, markers, push,
                       put, refusal, set_global, set_prop, top)


# -- 5.7.4 Historical ------------------------------------------------------------------------------
def test_pog_5_7_4_3_cp_must_open_with_guns_of_august():
    s = fresh("historical", 1)
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "CP"
    kinds = {(a.verb, a.get("card")) for a in s.legal_actions()}
    assert kinds == {("play_event", "cp_01")}
    other = next(c for c in [s.state.pieces[p].type for p in s.state.stacks["hand:CP"]] if c != "cp_01")
    assert refusal(s, "play_ops", "CP", card=other).rule == "PoG 5.7.4"
    assert refusal(s, "play_ops", "CP", card="cp_01").rule == "PoG 5.7.4"
    assert refusal(s, "auto_op", "CP").rule == "PoG 5.7.4"


def test_pog_5_7_4_3_campaign_does_not_force_guns_of_august():
    s = fresh("campaign", 1, goa_in_hand="on")
    assert refusal(s, "auto_op", "CP") is None


def test_pog_5_7_4_4_no_entrench_event_on_turn_1_historical():
    s = empty_map()
    set_global(s, "pog_scenario", "historical")
    card_to(s, "ap_12", "hand:AP")
    push(s, "phase_action", round=1, side="AP")
    set_global(s, "pog_actions_CP", ["event"])
    assert refusal(s, "play_event", "AP", card="ap_12").rule == "PoG 5.7.4"
    set_global(s, "turn", 2)
    r = refusal(s, "play_event", "AP", card="ap_12")
    assert r is None or r.rule != "PoG 5.7.4"


# -- 11.2.10 trench-attempt drm ----------------------------------------------------------------------
def _entrench_round(s, army, loc):
    push(s, "ops_activate", side="CP", ops=1, spent=0, card="", act=[], oos=[])
    act(s, "activate", "CP", space=loc, mode="move")
    act(s, "entrench", "CP", pid=army)
    act(s, "end_move", "CP")


def test_pog_11_2_10_failed_attempt_gives_minus_one_next_round():
    s = empty_map()
    set_global(s, "pog_scenario", "historical")
    set_global(s, "pog_entrench", "CP")
    army = put(s, "ge_1a", "aachen")                       # LF 3
    set_global(s, "action_round", 1)
    dice(s, 4, 4)
    _entrench_round(s, army, "aachen")
    assert not markers(s, "aachen", "m_trench_cp") and markers(s, "aachen", "m_trench_attempt")
    set_global(s, "action_round", 2)
    _entrench_round(s, army, "aachen")                     # 4 - 1 = 3 <= LF 3
    assert markers(s, "aachen", "m_trench_cp") and not markers(s, "aachen", "m_trench_attempt")


def test_pog_11_2_10_no_drm_without_the_option():
    s = empty_map()
    set_global(s, "pog_entrench", "CP")
    army = put(s, "ge_1a", "aachen")
    dice(s, 4, 4)
    set_global(s, "action_round", 1)
    _entrench_round(s, army, "aachen")
    set_global(s, "action_round", 2)
    _entrench_round(s, army, "aachen")
    assert not markers(s, "aachen", "m_trench_cp") and not markers(s, "aachen", "m_trench_attempt")


def test_pog_11_2_10_marker_lapses_after_a_round_without_an_attempt():
    s = empty_map()
    set_global(s, "pog_options", {"trench_attempt_drm": "on"})
    set_global(s, "pog_entrench", "CP")
    army = put(s, "ge_1a", "aachen")
    dice(s, 6)
    set_global(s, "action_round", 1)
    _entrench_round(s, army, "aachen")
    assert s.state.globals["pog_trench_attempt"]
    set_global(s, "action_round", 3)
    edit(s, "the CP round ends", lambda g: ops.expire_trench_attempts(g, "CP"))
    assert not s.state.globals["pog_trench_attempt"] and not markers(s, "aachen", "m_trench_attempt")


# -- 9.2.7.1 / 9.5.3.5 MEF beachhead ------------------------------------------------------------------
def test_pog_9_2_7_1_mef_plus_two_corps_costs_five():
    s = empty_map()
    put(s, "m_control", "gallipoli", face=1)
    put(s, "m_beachhead", "mef1")
    put(s, "m_control", "mef1", face=0)
    mef = put(s, "br_mef", "mef1")
    put(s, "br_corps", "mef1")
    put(s, "aus_corps", "mef1")
    g = game(s)
    assert ops.traces_through_beachhead(g, "mef1", "BR")
    assert ops.activation_cost(g, "AP", "mef1", "move") == 5
    set_prop(s, mef, "ne_lost", True)
    assert ops.activation_cost(game(s), "AP", "mef1", "move") == 1   # 9.5.3.4 entry


def test_pog_9_5_3_5_a_cp_unit_entering_removes_the_beachhead():
    s = empty_map()
    put(s, "m_control", "gallipoli", face=1)
    put(s, "m_beachhead", "mef1")
    tu = put(s, "tu_corps", "gallipoli")
    edit(s, "the Turks enter MEF 1", lambda g: movement.carry_out(g, "CP", [tu], ["mef1"]))
    assert not markers(s, "mef1", "m_beachhead")


# -- 11.1.15 / 11.1.16 -------------------------------------------------------------------------------
def test_pog_11_1_15_ana_holds_only_the_space_it_occupies():
    s = empty_map()
    for loc in ("arabia", "medina", "aqaba"):
        put(s, "m_control", loc, face=1)
    ana = put(s, "ana_corps", "arabia")
    edit(s, "the ANA to Aqaba",                             # the ANA-only line Arabia-Aqaba
         lambda g: movement.carry_out(g, "AP", [ana], ["aqaba"]))
    assert board.controller(game(s), "aqaba") == "AP"              # occupied: Allied
    assert board.controller(game(s), "arabia") == "CP"             # not converted
    edit(s, "the ANA to Arabia", lambda g: movement.carry_out(g, "AP", [ana], ["arabia"]))
    assert board.controller(game(s), "aqaba") == "CP"              # reverts when the ANA leaves
    assert board.controller(game(s), "arabia") == "AP"


def test_pog_11_1_15_a_space_converted_by_others_stays_allied():
    """Only ANA lines reach Arabia on the printed map, so the space held by the ANA and then
    entered by a British corps is Aqaba (an ordinary line from Beersheba)."""
    s = empty_map()
    for loc in ("arabia", "medina", "aqaba", "beersheba"):
        put(s, "m_control", loc, face=1)
    ana = put(s, "ana_corps", "aqaba")
    edit(s, "the ANA holds Aqaba", lambda g: movement.hold_ana_space(g, "aqaba"))
    br = put(s, "br_corps", "beersheba")
    edit(s, "a British corps to Aqaba", lambda g: movement.carry_out(g, "AP", [br], ["aqaba"]))
    edit(s, "the ANA to Arabia", lambda g: movement.carry_out(g, "AP", [ana], ["arabia"]))
    assert board.controller(game(s), "aqaba") == "AP"


def test_pog_11_1_16_sn_converted_spaces_are_recorded():
    s = empty_map()
    sn = put(s, "sn_corps", "libya")
    edit(s, "the Senussi to Alexandria",
         lambda g: movement.carry_out(g, "CP", [sn], ["alexandria"]))
    assert board.controller(game(s), "alexandria") == "CP"
    assert "alexandria" in s.state.globals["pog_sn_converted"]


# -- 13.2 Near East SR limits, 13.1.12 -----------------------------------------------------------------
def sr_frame(s, side, points=8):
    push(s, "sr", side=side, points=points, spent=0, card="", done=[])


def test_pog_13_2_2_one_russian_corps_per_turn_to_the_near_east():
    s = empty_map()
    a = put(s, "ru_corps", "caucasus")
    b = put(s, "ru_corps", "caucasus")
    sr_frame(s, "AP")
    assert refusal(s, "sr", "AP", pid=a, to="grozny") is None
    act(s, "sr", "AP", pid=a, to="grozny")
    assert refusal(s, "sr", "AP", pid=b, to="grozny") is not None
    assert s.state.globals["pog_ne_sr"] == ["RU"]


def test_pog_13_2_2_no_russian_army_to_the_near_east():
    s = empty_map()
    a = put(s, "ru_1a", "caucasus")
    g = game(s)
    assert sr.ne_violation(g, "AP", a, "caucasus", "grozny", "land").rule == "PoG 13.2.2"


def test_pog_13_2_1_french_corps_not_by_sea_or_reserve_to_the_near_east():
    s = empty_map()
    fr = put(s, "fr_corps", "reserve:AP")
    br = put(s, "br_corps", "reserve:AP")
    g = game(s)
    assert sr.ne_violation(g, "AP", fr, "reserve:AP", "alexandria", "reserve").rule == "PoG 13.2.1"
    assert sr.ne_violation(g, "AP", br, "reserve:AP", "alexandria", "reserve") is None
    set_global(s, "pog_ne_sr", ["BR"])
    assert sr.ne_violation(game(s), "AP", br, "reserve:AP", "alexandria", "reserve").rule == "PoG 13.2.1"
    assert sr.ne_violation(game(s), "AP", br, "alexandria", "cairo", "land") is None   # 13.2.4


def test_pog_13_2_3_one_cp_corps_turks_exempt():
    s = empty_map()
    ge = put(s, "ge_corps", "constantinople")
    tu = put(s, "tu_corps", "adrianople")
    set_global(s, "pog_ne_sr", ["CP"])
    g = game(s)
    assert sr.ne_violation(g, "CP", ge, "reserve:CP", "baghdad", "reserve").rule == "PoG 13.2.3"
    assert sr.ne_violation(g, "CP", tu, "reserve:CP", "baghdad", "reserve") is None


def test_pog_13_1_12_no_reserve_sr_for_russians_supplied_only_through_belgrade():
    s = empty_map()
    ok = put(s, "ru_corps", "warsaw")
    cut = put(s, "ru_corps", "valjevo")
    g = game(s)
    assert not sr.reserve_blocked(g, ok)
    assert sr.reserve_blocked(g, cut)
    assert "reserve" not in sr.destinations(g, "AP", cut)
    assert "reserve" in sr.destinations(g, "AP", ok)


# -- 10.1.2 / 10.1.3 ----------------------------------------------------------------------------------
def test_pog_10_1_2_temporary_overstack_during_movement():
    s = empty_map()
    movers = [put(s, "ge_corps", "breslau") for _ in range(3)]
    mover2 = [put(s, "ge_corps", "posen") for _ in range(2)]
    push(s, "ops_activate", side="CP", ops=2, spent=0, card="", act=[], oos=[])
    act(s, "activate", "CP", space="breslau", mode="move")
    act(s, "activate", "CP", space="posen", mode="move")
    # two corps from Posen into full Breslau: allowed, 3 Breslau corps have yet to move (10.1.2)
    assert refusal(s, "move", "CP", pids=mover2, path=["breslau"]) is None
    act(s, "move", "CP", pids=mover2, path=["breslau"])
    assert s.state.globals["pog_moving"] is True
    assert refusal(s, "end_move", "CP").rule == "PoG 10.1.2"
    act(s, "move", "CP", pids=movers[:2], path=["oppeln"] if "oppeln" in s.ruleset.module.locations
        else [next(iter(s.ruleset.graph.neighbours("breslau")))])
    assert refusal(s, "end_move", "CP") is None
    act(s, "end_move", "CP")
    assert not s.state.globals["pog_moving"]


def test_pog_10_1_2_no_overstack_beyond_the_units_left_to_move():
    s = empty_map()
    put(s, "ge_corps", "breslau")
    put(s, "ge_corps", "breslau")
    put(s, "ge_corps", "breslau")
    mover2 = [put(s, "ge_corps", "posen") for _ in range(2)]
    push(s, "ops_activate", side="CP", ops=1, spent=0, card="", act=[], oos=[])
    act(s, "activate", "CP", space="posen", mode="move")
    assert refusal(s, "move", "CP", pids=mover2, path=["breslau"]).rule == "PoG 10.1.1"


def test_pog_10_1_3_opponent_eliminates_involuntary_overstack_armies_permanently():
    s = empty_map()
    army = put(s, "ge_1a", "breslau")
    for _ in range(3):
        put(s, "ge_corps", "breslau")
    push(s, "action_round_end", side="CP", card="", kind="auto_op")
    assert top(s)["state"] == "overstack"
    assert s.prompt().side == "AP"
    act(s, "eliminate", "AP", unit=army)
    assert loc_of(s, army) == "perm_eliminated:CP"
    assert not s.state.globals["pog_stack"]          # the round ended after the 10.1.3 step
    assert not s.state.globals["pog_moving"]


def test_pog_11_1_16_sn_converted_spaces_that_cannot_trace_supply_revert_in_attrition():
    """11.1.16: the SN corps converts the spaces it enters, but in the Attrition Phase a space it
    converted (other than the one it occupies) that cannot trace supply suffers attrition and
    returns to the Allies (14.3.6); the space the SN occupies stays CP (it is in supply, 14.1.5)."""
    s = empty_map()
    set_global(s, "pog_turkey_entered", True)
    put(s, "sn_corps", "alexandria")
    for loc in ("libya", "alexandria"):
        put(s, "m_control", loc, face=1)
    set_global(s, "pog_sn_converted", ["libya", "alexandria"])
    push(s, "phase_attrition")
    g = game(s)
    assert board.controller(g, "libya") == "AP"
    assert board.controller(g, "alexandria") == "CP"
