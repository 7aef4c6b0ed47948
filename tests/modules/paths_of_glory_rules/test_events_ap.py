"""Paths of Glory Allied strategy-card events (9.5; the rulebook's AP card list), one test per
event at least: its effect and a prerequisite or timing refusal where it has one.
Reinforcement cards, neutral entry (Romania, Italy, Greece), Salonika and the Combat Cards other
than #48 Royal Tank Corps are tested elsewhere."""
from __future__ import annotations

from functools import partial

from engine.views import view
from modules.paths_of_glory.rules import (combat, combat_cards, events_ap, events_cp, losses,
                                          movement, ops, peace, sequence, sr, status, tracks)
from modules.paths_of_glory.rules.card_ids import INDEPENDENT_AIR_FORCE, WALTER_RATHENAU

from .conftest import (act, action_phase, card_to, clear_hands, dice, edit, face, g_, game,
                       loc_of, markers, move, move_all, notes, play_event, put, refusal, rolled,
                       set_global, top, where, why)
from .conftest import attack as resolve_attack


#: An emptied map with the Action Phase waiting for the Allies (turn 5, round 1).
board_with = partial(action_phase, side="AP")


def attack(s, origin, target, units, side="AP"):
    """``side`` attacks ``target`` from ``origin`` with ``units`` in Action Round 1 (the
    Operation skipped): the log lines of the resolve."""
    set_global(s, "action_round", 1)
    return notes(resolve_attack(s, side, target, units, [origin]))


# -- #2 Blockade, #13 Rape of Belgium, #26 Lusitania, #52 Convoy, #40 Fourteen Points --------------

def test_pog_ap_02_blockade_costs_a_vp_every_winter_war_status_phase():
    s = board_with()
    play_event(s, "ap_02")
    assert "ap_02" in g_(s, "pog_events") and g_(s, "ws_ap") == 2        # WS 2
    assert where(s, "ap_02") == "removed:AP"                          # *
    set_global(s, "pog_mo_met_cp", True)
    set_global(s, "pog_mo_met_ap", True)                                   # no MO penalty
    for turn, drop in ((4, 1), (5, 0)):                                    # Winter 1915, Spring 1915
        set_global(s, "turn", turn)
        before = g_(s, "vp")
        edit(s, "War Status VP", status.war_status_vp)                    # PoG 4.5, E.1
        assert before - g_(s, "vp") == drop


def test_pog_ap_13_rape_of_belgium_after_guns_of_august_in_mobilization():
    s = board_with()
    assert why(s, "ap_13") == "PoG AP #13"                                 # no Guns of August yet
    s = board_with(pog_events=["cp_01"], commitment_ap="limited_war")
    assert why(s, "ap_13") == "PoG AP #13"                                 # no longer Mobilization
    s = board_with(pog_events=["cp_01"], commitment_ap="mobilization")
    vp = g_(s, "vp")
    play_event(s, "ap_13")
    assert g_(s, "vp") == vp - 1


def test_pog_ap_26_lusitania_between_blockade_and_zimmermann():
    assert why(board_with(), "ap_26") == "PoG AP #26"
    assert why(board_with(pog_events=["ap_02", "ap_54"]), "ap_26") == "PoG AP #26"
    s = board_with(pog_events=["ap_02"])
    vp = g_(s, "vp")
    play_event(s, "ap_26")
    assert g_(s, "vp") == vp - 1 and g_(s, "ws_ap") == 2


def test_pog_ap_52_convoy_ends_u_boats_unleashed():
    assert why(board_with(), "ap_52") == "PoG AP #52"
    s = board_with(pog_events=["cp_54", "cp_36"])
    assert events_cp.u_boats_active(game(s))
    vp = g_(s, "vp")
    play_event(s, "ap_52")
    assert g_(s, "vp") == vp - 1
    assert not events_cp.u_boats_active(game(s))
    assert events_cp.us_reinforcements_blocked(game(s)) is None


def test_pog_ap_40_fourteen_points_only_allies_offer_peace():
    assert why(board_with(), "ap_40") == "PoG AP #40"                      # before Zimmermann
    s = board_with(pog_events=["ap_54"])
    vp = g_(s, "vp")
    play_event(s, "ap_40")
    assert g_(s, "vp") == vp - 1
    set_global(s, "vp", 15)
    assert peace.peace_terms_allowed(game(s), "CP").rule == "PoG 16.5"


# -- #9 Moltke ------------------------------------------------------------------------------------

def test_pog_ap_09_moltke_in_august_or_september_1914_only():
    assert why(board_with(turn=3), "ap_09") == "PoG AP #9"
    s = board_with(turn=2)
    put(s, "ge_corps", "sedan")
    put(s, "ge_corps", "sedan")
    assert ops.activation_cost(game(s), "CP", "sedan", "move") == 1
    play_event(s, "ap_09")
    assert ops.activation_cost(game(s), "CP", "sedan", "move") == 2      # 1 per unit


# -- #12 Entrench -----------------------------------------------------------------------------------

def test_pog_ap_12_entrench_places_a_level_1_trench_and_opens_digging():
    s = board_with()
    put(s, "fr_5a", "paris")
    put(s, "fr_corps", "amiens")                      # a corps does not qualify
    play_event(s, "ap_12")
    assert g_(s, "pog_entrench") is True
    assert [a.get("space") for a in s.legal_actions()] == ["paris"]
    assert refusal(s, "place_trench", "AP", space="amiens").rule == "PoG AP #12"
    act(s, "place_trench", "AP", space="paris")
    assert markers(s, "paris", "m_trench_ap") and face(s, markers(s, "paris", "m_trench_ap")[0]) == 0


def test_pog_ap_12_entrench_only_one_player_ever():
    assert why(board_with(pog_events=["cp_06"]), "ap_12") == "PoG AP #12"
    assert why(board_with(turn=1, pog_scenario="historical"), "ap_12") == "PoG 5.7.4"


# -- #23 Cloak and Dagger -----------------------------------------------------------------------------

def test_pog_ap_23_cloak_and_dagger_shows_the_cp_hand_then_operations():
    s = board_with()
    card_to(s, "cp_02", "hand:CP")
    play_event(s, "ap_23")
    prompt = s.prompt()
    assert prompt.side == "AP" and "#2" in prompt.text
    assert '"cp_02"' not in str(view(s.state, "AP")["globals"])
    assert refusal(s, "operations", "CP").rule == "PoG 8.1"
    def seen_by(side):   # what ``side``'s view shows of the CP hand
        return {e.get("type") for e in view(s.state, side)["locations"]["hand:CP"]}
    assert "cp_02" in seen_by("AP") and seen_by("") == {None}      # face up to the Allies alone
    act(s, "operations", "AP")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 2
    assert seen_by("AP") == {None}                                # the look is over


# -- #27 The Great Retreat -------------------------------------------------------------------------------

def cp_attack(s, origin, target, units):
    return attack(s, origin, target, units, "CP")


def test_pog_ap_27_great_retreat_russians_fall_back_instead_of_fighting():
    s = board_with()
    play_event(s, "ap_27")
    assert g_(s, "pog_great_retreat_turn") == 5 and g_(s, "ws_ap") == 1
    clear_hands(s)
    ge = put(s, "ge_corps", "czernowitz")
    ru = put(s, "ru_corps", "kamenets_podolski")
    cp_attack(s, "czernowitz", "kamenets_podolski", [ge])
    assert top(s)["state"] == "ap_great_retreat"
    assert refusal(s, "great_retreat", "CP").rule == "PoG 8.1"
    act(s, "great_retreat", "AP")
    assert top(s)["state"] == "combat_retreat"
    assert "cancel_retreat" not in {a.verb for a in s.legal_actions()}   # they must retreat
    paths = [a["path"] for a in s.legal_actions() if a.verb == "retreat"]
    assert paths and all(len(p) == 1 for p in paths)                    # one space
    act(s, "retreat", "AP", unit=ru, path=paths[0])
    assert top(s)["state"] == "combat_advance"                           # full-strength CP advance
    act(s, "advance", "CP", unit=ge, path=["kamenets_podolski"])
    assert loc_of(s, ge) == "kamenets_podolski" and loc_of(s, ru) == paths[0][0]
    assert rolled(s) == []                                               # no combat resolution


def test_pog_ap_27_great_retreat_only_this_turn_and_others_still_attacked():
    last = board_with(pog_great_retreat_turn=4)                          # played last turn
    s = board_with(pog_great_retreat_turn=5)
    clear_hands(last)
    ge = put(last, "ge_corps", "czernowitz")
    put(last, "ru_corps", "kamenets_podolski")
    dice(last, 3, 3)
    cp_attack(last, "czernowitz", "kamenets_podolski", [ge])
    assert top(last)["state"] != "ap_great_retreat"
    clear_hands(s)
    ge = put(s, "ge_corps", "czernowitz")
    ru = put(s, "ru_corps", "kamenets_podolski")
    ro = put(s, "ro_corps", "kamenets_podolski")
    dice(s, 3, 3)
    cp_attack(s, "czernowitz", "kamenets_podolski", [ge])
    act(s, "great_retreat", "AP")
    path = next(a["path"] for a in s.legal_actions() if a.verb == "retreat")
    act(s, "retreat", "AP", unit=ru, path=path)
    assert loc_of(s, ro) == "kamenets_podolski" and loc_of(s, ru) == path[0]
    assert "combat fire CP" in rolled(s)                                 # the RO corps fights


# -- #28 Landships, #48 Royal Tank Corps ------------------------------------------------------------------

def test_pog_ap_28_landships_enables_royal_tank_corps_and_historical_ops():
    s = board_with()
    play_event(s, "ap_28")
    assert top(s)["state"] == "phase_action"                      # no OPS outside Historical
    assert "ap_28" in combat_cards.events_played(game(s))
    s = board_with(pog_scenario="historical")
    play_event(s, "ap_28")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 4   # PoG 5.7.4 #7


def test_pog_ap_48_royal_tank_corps_cancels_trench_shifts_only():
    s = board_with()
    clear_hands(s)
    br = put(s, "br_corps", "amiens")
    put(s, "ge_corps", "cambrai")
    put(s, "m_trench_cp", "cambrai")
    card_to(s, "ap_48", "hand:AP")
    c = {"attacker": "AP", "defender": "CP", "target": "cambrai", "attackers": [br],
         "defenders": [], "cards": {"AP": [], "CP": []}}
    assert not combat_cards.fits(game(s), c, "AP", "ap_48", False)    # before Landships
    set_global(s, "pog_events", ["ap_28"])
    dice(s, 3, 3)
    attack(s, "amiens", "cambrai", [br])
    assert top(s)["state"] == "combat_cards"
    log = notes(act(s, "play_cc", "AP", card="ap_48"))
    log += notes(act(s, "done_cards", "AP"))
    assert "AP fires 1 CF on the Corps table, column 1 (+0)" in log     # no trench shift
    assert where(s, "ap_48") in ("discard:AP", "cc:AP")
    aus = put(s, "aus_corps", "amiens")                              # AUS is not British
    c = dict(c, attackers=[aus])
    assert not combat_cards.fits(game(s), c, "AP", "ap_48", False)


# -- #33 Grand Fleet ----------------------------------------------------------------------------------

def test_pog_ap_33_grand_fleet_only_right_after_high_seas_fleet():
    assert why(board_with(), "ap_33") == "PoG AP #33"
    s = board_with(side="CP")
    vp = g_(s, "vp")
    play_event(s, "cp_25", "CP")
    play_event(s, "ap_33")
    assert g_(s, "vp") == vp and not g_(s, "pog_high_seas_fleet")
    assert where(s, "ap_33") == "removed:AP"


# -- #35 Yanks and Tanks ----------------------------------------------------------------------------------

def test_pog_ap_35_yanks_and_tanks_ops_and_plus_2_with_us_units():
    s = board_with()
    play_event(s, "ap_35")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 4
    assert g_(s, "pog_yanks_round") == "5.1"
    clear_hands(s)
    us = put(s, "us_1a", "amiens")
    br = put(s, "br_corps", "amiens")
    put(s, "ge_corps", "cambrai")
    put(s, "ge_corps", "sedan")
    dice(s, 3, 3, 3, 3)
    log = attack(s, "amiens", "cambrai", [us])
    assert "Yanks and Tanks: +2 DRM" in log and "die 3+2" in log
    set_global(s, "action_round", 2)                            # only this Action Round
    c = {"attacker": "AP", "defender": "CP", "attackers": [us], "defenders": [],
         "target": "cambrai", "drm": {"AP": 0, "CP": 0}}
    set_global(s, "pog_combat", c)
    edit(s, "a combat starts", events_ap.combat_started)
    assert s.state.globals["pog_combat"]["drm"]["AP"] == 0      # round 2: no DRM
    set_global(s, "action_round", 1)
    set_global(s, "pog_combat", dict(c, attackers=[br]))           # no US unit: no DRM
    edit(s, "a combat starts", events_ap.combat_started)
    assert s.state.globals["pog_combat"]["drm"]["AP"] == 0


# -- #37 Independent Air Force -----------------------------------------------------------------------------

def test_pog_ap_37_independent_air_force_cancels_rathenau():
    s = board_with(pog_events=["cp_33"])
    assert tracks.event_played(game(s), WALTER_RATHENAU)
    play_event(s, "ap_37")
    assert tracks.event_played(game(s), INDEPENDENT_AIR_FORCE) and g_(s, "ws_ap") == 1
    assert where(s, "ap_37") == "removed:AP"


# -- #45 Kerensky Offensive, #46 Brusilov Offensive ------------------------------------------------------

def test_pog_ap_45_kerensky_offensive_plus_2_once_against_ah():
    assert why(board_with(), "ap_45") == "PoG AP #45"                       # before Fall of the Tsar
    assert why(board_with(pog_events=["cp_52", "cp_53"]), "ap_45") == "PoG AP #45"
    s = board_with(pog_events=["cp_52"])
    play_event(s, "ap_45")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 3
    ru = put(s, "ru_3a", "kamenets_podolski")
    put(s, "ah_corps", "czernowitz")
    dice(s, 3, 3, 3, 3)
    attack(s, "kamenets_podolski", "czernowitz", [ru])
    assert top(s)["state"] == "ap_offensive"
    assert {a.verb for a in s.legal_actions()} == {"kerensky", "done"}
    assert refusal(s, "brusilov", "AP").rule == "PoG AP #46"
    act(s, "kerensky", "AP")
    assert g_(s, "pog_kerensky_used") is True
    assert not events_ap.kerensky_fits(game(s), {"attacker": "AP", "attackers": [ru],
                                            "defenders": [], "target": "czernowitz"})


def test_pog_ap_46_brusilov_offensive_plus_1_and_trench_cancel():
    s = board_with()
    play_event(s, "ap_46")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 4 and g_(s, "ws_ap") == 2
    ru = put(s, "ru_3a", "kamenets_podolski")
    put(s, "ah_corps", "czernowitz")
    put(s, "m_trench_cp", "czernowitz")
    dice(s, 3, 3, 3, 3)
    attack(s, "kamenets_podolski", "czernowitz", [ru])
    assert g_(s, "pog_combat")["drm"]["AP"] == 1                       # every RU attack: +1
    assert top(s)["state"] == "ap_offensive"
    act(s, "brusilov", "AP")
    assert g_(s, "pog_brusilov_used") is True


def test_pog_ap_46_brusilov_trench_cancel_not_against_germans():
    s = board_with()
    set_global(s, "action_round", 1)
    set_global(s, "pog_brusilov_round", "5.1")
    ru = put(s, "ru_3a", "kamenets_podolski")
    ge = put(s, "ge_corps", "czernowitz")
    put(s, "m_trench_cp", "czernowitz")
    c = {"attacker": "AP", "defender": "CP", "attackers": [ru], "defenders": [ge],
         "target": "czernowitz"}
    assert not events_ap.brusilov_fits(game(s), c)
    ah = put(s, "ah_corps", "czernowitz")
    assert events_ap.brusilov_fits(game(s), dict(c, defenders=[ah]))


# -- #49 Sinai Pipeline ----------------------------------------------------------------------------------

def test_pog_ap_49_sinai_pipeline_places_the_marker():
    s = board_with()
    assert not markers(s, "sinai", "m_sinai_pipeline")
    play_event(s, "ap_49")
    assert markers(s, "sinai", "m_sinai_pipeline") and "ap_49" in g_(s, "pog_events")


# -- #51 Everyone into Battle -------------------------------------------------------------------------------

def test_pog_ap_51_everyone_into_battle_one_nationality_this_turn():
    assert why(board_with(), "ap_51") == "PoG AP #51"
    s = board_with()
    card_to(s, "cp_49", "removed:CP")                           # Michael used in a combat
    put(s, "fr_5a", "amiens")
    put(s, "br_corps", "amiens")
    put(s, "ru_3a", "warsaw")
    put(s, "ru_corps", "warsaw")
    assert ops.activation_cost(game(s), "AP", "amiens", "move") == 2
    play_event(s, "ap_51")
    assert ops.activation_cost(game(s), "AP", "amiens", "move") == 1
    set_global(s, "turn", 6)                                    # only for the rest of the turn
    assert ops.activation_cost(game(s), "AP", "amiens", "move") == 2


# -- #54 Zimmermann Telegram, #55 Over There -------------------------------------------------------------

def test_pog_ap_54_zimmermann_telegram_needs_the_allowed_box():
    assert why(board_with(), "ap_54") == "PoG 16.3.2"
    s = board_with(us_entry="zimmermann_allowed")
    vp = g_(s, "vp")
    play_event(s, "ap_54")
    assert g_(s, "vp") == vp - 1 and g_(s, "us_entry") == "zimmermann"
    assert markers(s, "us_entry:zimmermann", "m_us_entry") and g_(s, "ws_ap") == 2
    assert g_(s, "pog_zimmermann_turn") == 5


def test_pog_ap_55_over_there_in_a_later_turn_gives_us_rp():
    assert why(board_with(), "ap_55") == "PoG 16.3.4"
    s = board_with(pog_events=["ap_54"], us_entry="zimmermann", pog_zimmermann_turn=5)
    assert why(s, "ap_55") == "PoG 16.3.4"                      # same turn
    s = board_with(turn=6, pog_events=["ap_54"], us_entry="zimmermann", pog_zimmermann_turn=5)
    play_event(s, "ap_55")
    assert g_(s, "us_entry") == "over_there"
    recorded = edit(s, "AP #18 played for RP", lambda g: sequence.record_rp(g, "AP", "ap_18"))
    assert "US 1" in recorded                                     # PoG 17.1.8


# -- #56 Paris Taxis --------------------------------------------------------------------------------------

def test_pog_ap_56_paris_taxis_flips_a_reduced_french_army_near_paris():
    s = board_with()
    far = put(s, "fr_4a", "verdun", face=1)
    near = put(s, "fr_5a", "amiens", face=1)
    play_event(s, "ap_56")
    assert top(s)["state"] == "ap_paris_taxis"
    assert refusal(s, "flip", "AP", unit=far).rule == "PoG AP #56"
    act(s, "flip", "AP", unit=near)
    assert face(s, near) == 0 and face(s, far) == 1
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "CP"


# -- #57 Russian Cavalry, #60 Czech Legion ----------------------------------------------------------------

def test_pog_ap_57_russian_cavalry_with_a_supplied_russian_army():
    s = board_with()
    assert why(s, "ap_57") == "PoG AP #57"                      # no Russian army on the map
    ru = put(s, "ru_3a", "warsaw")
    put(s, "ru_corps", "warsaw")
    put(s, "ru_corps", "warsaw")                                # full: no room
    put(s, "ru_2a", "lodz")
    play_event(s, "ap_57")
    assert [a.get("space") for a in s.legal_actions()] == ["lodz"]
    assert refusal(s, "place", "AP", space="warsaw").rule == "PoG AP #57"
    act(s, "place", "AP", space="lodz")
    act(s, "place", "AP", space="lodz")
    cav = [p for p, x in s.state.pieces.items() if x.type == "ru_cav_corps"]
    assert all(loc_of(s, p) == "lodz" for p in cav) and len(cav) == 2
    assert top(s)["state"] == "phase_action"
    del ru


def test_pog_ap_57_cavalry_may_not_operate_in_the_near_east():
    """AP #57: the cavalry corps never move, redeploy, attack, retreat or advance into the Near
    East map (Caucasus is on the main map; Poti and Grozny beyond it are not)."""
    s = board_with()
    cav = next(p for p, x in s.state.pieces.items() if x.type == "ru_cav_corps")
    put(s, "ru_corps", "caucasus")
    move(s, cav, "caucasus")
    g = game(s)
    assert movement.entry_violation(g, "AP", [cav], "caucasus", "poti").rule == "PoG AP #57"
    assert movement.entry_violation(g, "AP", [cav], "caucasus", "uman") is None
    dests = sr.destinations(g, "AP", cav)
    assert "uman" in dests and not {"poti", "grozny", "tiflis", "kars"} & dests
    frame = {"side": "AP", "attack_spaces": ["caucasus"]}
    put(s, "tu_corps", "poti")
    assert combat.attacker_violation(game(s), frame, cav, "poti").rule == "PoG AP #57"


def test_pog_ap_57_cavalry_never_replaces_an_eliminated_army():
    """AP #57 / 12.4.4: an eliminated RU army takes a RU infantry corps from the Reserve Box,
    never a cavalry corps."""
    s = board_with()
    cav = next(p for p, x in s.state.pieces.items() if x.type == "ru_cav_corps")
    infantry = losses.reserve_corps(game(s), "AP", "RU")
    move_all(s, infantry, "pool:AP")
    move(s, cav, "reserve:AP")
    assert losses.reserve_corps(game(s), "AP", "RU") == []
    ru = put(s, "ru_corps", "reserve:AP")
    assert losses.reserve_corps(game(s), "AP", "RU") == [ru]


def test_pog_ap_60_czech_legion_enters_the_reserve_box():
    """AP #60 is reconstructed (cards.csv): the Czech Legion corps enters the Reserve Box."""
    s = board_with()
    czl = next(p for p, x in s.state.pieces.items() if x.type == "czl_corps")
    assert loc_of(s, czl) == "pool:AP"
    play_event(s, "ap_60")
    assert loc_of(s, czl) == "reserve:AP"


# -- #62 The Sixtus Affair, #65 Influenza -----------------------------------------------------------------

def test_pog_ap_62_sixtus_affair_no_austro_hungarian_attack_this_turn():
    """AP #62 is reconstructed (cards.csv): no AH unit may attack this turn."""
    s = board_with()
    ah = put(s, "ah_corps", "czernowitz")
    ge = put(s, "ge_corps", "czernowitz")
    put(s, "ru_corps", "kamenets_podolski")
    play_event(s, "ap_62")
    assert events_ap.attack_violation(game(s), "CP", ah, "kamenets_podolski").rule == "PoG AP #62"
    assert events_ap.attack_violation(game(s), "CP", ge, "kamenets_podolski") is None
    set_global(s, "turn", 6)
    assert events_ap.attack_violation(game(s), "CP", ah, "kamenets_podolski") is None
    assert g_(s, "ws_ap") == 1


def test_pog_ap_65_influenza_no_rp_actions_this_turn():
    """AP #65's values are reconstructed (cards.csv); the effect is the rulebook's
    Replacement Table note: no RP actions for the rest of this turn."""
    s = board_with()
    play_event(s, "ap_65")
    assert g_(s, "pog_influenza_turn") == 5
    card_to(s, "cp_02", "hand:CP")
    assert refusal(s, "play_rp", "CP", card="cp_02").rule == "PoG AP #65"
    set_global(s, "turn", 6)
    assert refusal(s, "play_rp", "CP", card="cp_02") is None


def test_pog_ap_09_moltke_supersedes_sud_army_and_11th_army():
    """AP #9 card text: Moltke supersedes the Sud Army and 11th Army card effects: an AH corps
    and two GE corps activate for 1 OPS under Sud Army (CP #10), the GE 11th Army and two AH
    corps for 1 under 11th Army (CP #29) — in Belgium and France under Moltke, 1 OPS a unit."""
    for units, card in ((("ah_corps", "ge_corps", "ge_corps"), "cp_10"),
                        (("ge_11a", "ah_corps", "ah_corps"), "cp_29")):
        s = board_with(turn=2)
        for type_id in units:
            put(s, type_id, "sedan")
        assert ops.activation_cost(game(s), "CP", "sedan", "move") == 2     # GE and AH: 9.2.3
        set_global(s, "pog_events", [card])
        assert ops.activation_cost(game(s), "CP", "sedan", "move") == 1     # the CP card
        play_event(s, "ap_09")
        assert ops.activation_cost(game(s), "CP", "sedan", "move") == 3     # Moltke: per unit
