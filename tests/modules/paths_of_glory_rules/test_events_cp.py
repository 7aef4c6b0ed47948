"""Paths of Glory Central Powers strategy-card events (9.5; the rulebook's CP card list), one
test per event at least: its effect and a prerequisite or timing refusal where it has one.
Reinforcement cards, Bulgaria and the Combat Cards are tested elsewhere."""
from __future__ import annotations

from functools import partial

from engine import commands as C
from engine.views import view
from modules.paths_of_glory.rules import (combat, events_cp, mo, movement, ops, replacements,
                                          retreat, sr, supply)

from .conftest import (act, action_phase, attack, card_to, clear_hands, dice, dice_left, edit,
                       empty_map, face, flip, fresh, g_, game, loc_of, markers, module, move,
                       move_all, play_event, push, put, refusal, remove, set_global, top,
                       turkey_at_war, where, why)



#: An emptied map with the Action Phase waiting for the Central Powers (turn 5, round 1).
board_with = partial(action_phase, side="CP")


# -- #1 Guns of August -----------------------------------------------------------------------------

def test_pog_cp_01_guns_of_august_opening_attack_on_sedan():
    """CP #1 / 7.6 example: Liege destroyed, GE 1st and 2nd Armies to Liege, GE 1st-3rd attack."""
    s = fresh("campaign", 1, goa_in_hand="on")
    assert top(s)["state"] == "phase_action" and top(s)["round"] == 1
    act(s, "play_event", "CP", card="cp_01")
    ge = {p.type: pid for pid, p in s.state.pieces.items() if p.type in ("ge_1a", "ge_2a", "ge_3a")}
    assert loc_of(s, ge["ge_1a"]) == "liege" and loc_of(s, ge["ge_2a"]) == "liege"
    assert markers(s, "liege", "m_destroyed") and markers(s, "liege", "m_control")
    frame = top(s)
    assert frame["state"] == "combat_declare" and sorted(frame["attack_spaces"]) == ["koblenz", "liege"]
    assert g_(s, "ws_cp") == 2                                    # WS 2 from the action round
    assert g_(s, "vp") == 10                                      # 7.6: Liege is no VP space
    act(s, "attack", "CP", space="sedan")
    for pid in ge.values():
        act(s, "add_attacker", "CP", unit=pid)
    assert any(a.verb == "resolve" for a in s.legal_actions())
    assert where(s, "cp_01") == "discard:CP"                  # removed when the round ends


def test_pog_cp_01_guns_of_august_only_in_the_first_action_round():
    s = board_with(turn=1, rnd=2)
    assert why(s, "cp_01") == "PoG CP #1"
    s = board_with(turn=2, rnd=1)
    assert why(s, "cp_01") == "PoG CP #1"


# -- #5 Landwehr -----------------------------------------------------------------------------------

def test_pog_cp_05_landwehr_flips_reduced_german_units():
    s = board_with()
    army = put(s, "ge_8a", "berlin", face=1)
    corps = put(s, "ge_corps", "berlin", face=1)
    ah = put(s, "ah_corps", "vienna", face=1)
    play_event(s, "cp_05")
    assert top(s)["state"] == "cp_landwehr"
    assert refusal(s, "flip", "CP", unit=ah).rule == "PoG CP #5"      # German units only
    act(s, "flip", "CP", unit=army)
    act(s, "flip", "CP", unit=corps)
    assert face(s, army) == 0 and face(s, corps) == 0
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "AP"


def test_pog_cp_05_landwehr_not_with_berlin_allied():
    s = board_with()
    put(s, "m_control", "berlin", face=0)
    assert why(s, "cp_05") == "PoG CP #5"


# -- #6 Entrench -----------------------------------------------------------------------------------

def test_pog_cp_06_entrench_places_a_trench_and_opens_digging():
    s = board_with()
    put(s, "ge_8a", "berlin")
    play_event(s, "cp_06")
    assert g_(s, "pog_entrench") is True
    assert [a.get("space") for a in s.legal_actions()] == ["berlin"]
    act(s, "place_trench", "CP", space="berlin")
    assert markers(s, "berlin", "m_trench_cp")


def test_pog_cp_06_entrench_only_one_player_ever():
    s = board_with(pog_events=["ap_12"])
    assert why(s, "cp_06") == "PoG CP #6"
    s = board_with(turn=1, pog_scenario="historical")
    assert why(s, "cp_06") == "PoG 5.7.4"


# -- #8 Race to the Sea, #11 Oberost, #13 Falkenhayn ------------------------------------------------

def test_pog_cp_08_race_to_the_sea_opens_the_channel_ports():
    s = board_with(ws_cp=5)                           # still playable after CP WS 4 (9.5.1.1 example)
    s2 = board_with()
    assert not movement.coast_open(game(s2))
    play_event(s2, "cp_08")
    assert movement.coast_open(game(s2))
    assert why(s, "cp_08") is None


def test_pog_cp_11_oberost_lets_germans_attack_russian_forts():
    s = board_with()
    g = game(s)
    target = "kovno"
    origin = next(n for n in g.graph.neighbours(target)
                  if module().locations[n].kind == "space" and n in combat.board.connections(g, target))
    ge = put(s, "ge_corps", origin)
    frame = {"side": "CP", "attack_spaces": [origin]}
    assert combat.attacker_violation(game(s), frame, ge, target).rule == "PoG 15.1.11"
    play_event(s, "cp_11")
    assert combat.attacker_violation(game(s), frame, ge, target) is None
    assert g_(s, "ws_cp") == 1


def test_pog_cp_13_falkenhayn_needs_moltke_in_1914_and_ends_it():
    s = board_with(turn=2)
    assert why(s, "cp_13") == "PoG CP #13"
    s = board_with(turn=2, pog_events=["ap_09"])
    put(s, "ge_corps", "liege")
    put(s, "ge_corps", "liege")
    assert ops.activation_cost(game(s), "CP", "liege", "move") == 2      # Moltke: per unit
    play_event(s, "cp_13")
    assert ops.activation_cost(game(s), "CP", "liege", "move") == 1
    assert why(board_with(turn=3), "cp_13") is None                       # from Fall 1914


# -- #9 Reichstag Truce, #65 Prince Max -------------------------------------------------------------

def test_pog_cp_09_reichstag_truce_vp_and_not_at_total_war():
    s = board_with()
    vp = g_(s, "vp")
    play_event(s, "cp_09")
    assert g_(s, "vp") == vp + 1
    assert why(board_with(commitment_cp="total_war"), "cp_09") == "PoG CP #9"


def test_pog_cp_65_prince_max_war_status_and_not_after_turn_16():
    s = board_with(turn=16, ws_cp=10)
    play_event(s, "cp_65")
    assert g_(s, "ws_cp") == 13
    assert why(board_with(turn=17), "cp_65") == "PoG CP #65"


# -- #10 Sud Army, #29 11th Army --------------------------------------------------------------------

def _ops_frame(s, acts=()):
    push(s, "ops_activate", side="CP", ops=5, spent=0, card="", act=[list(a) for a in acts], oos=[])


def test_pog_cp_10_sud_army_one_group_a_round_for_one_ops():
    s = board_with()
    for loc in ("lemberg", "tarnopol"):
        put(s, "ah_corps", loc)
        put(s, "ge_corps", loc)
        put(s, "ge_corps", loc)
    put(s, "ah_corps", "cracow")
    put(s, "ge_corps", "cracow")
    put(s, "tu_corps", "cracow")
    assert ops.activation_cost(game(s), "CP", "lemberg", "attack") == 2
    play_event(s, "cp_10")
    _ops_frame(s)
    assert ops.activation_cost(game(s), "CP", "lemberg", "attack") == 1
    assert ops.activation_cost(game(s), "CP", "cracow", "attack") == 2        # a non-GE corps more
    act(s, "activate", "CP", space="lemberg", mode="attack")
    assert top(s)["spent"] == 1
    assert ops.activation_cost(game(s), "CP", "tarnopol", "attack") == 2      # one group a round


def test_pog_cp_29_eleventh_army_group_and_timing():
    s = board_with()
    assert why(s, "cp_29") is None                      # the 11th Army has not entered yet
    pid = next(p for p, x in s.state.pieces.items() if x.type == "ge_11a")
    move(s, pid, "cracow")
    put(s, "ah_corps", "cracow")
    assert why(s, "cp_29") == "PoG CP #29"               # on the map: not playable
    set_global(s, "pog_events", ["cp_29"])
    assert ops.activation_cost(game(s), "CP", "cracow", "move") == 1
    put(s, "ah_1a", "cracow")
    assert ops.activation_cost(game(s), "CP", "cracow", "move") == 2


# -- #17 Mata Hari ----------------------------------------------------------------------------------

def test_pog_cp_17_mata_hari_shows_the_allied_hand_then_operations():
    s = board_with()
    card_to(s, "ap_02", "hand:AP")
    card_to(s, "ap_09", "hand:AP")
    play_event(s, "cp_17")
    prompt = s.prompt()
    assert prompt.side == "CP" and "#2 Blockade" in prompt.text and "#9 Moltke" in prompt.text
    assert '"ap_02"' not in str(view(s.state, "CP")["globals"])        # nothing kept in globals
    # the look is the view's too: the Allied hand face up to CP alone while the event stands
    def hand_types(side):
        return {e.get("type") for e in view(s.state, side)["locations"]["hand:AP"]}
    assert {"ap_02", "ap_09"} <= hand_types("CP")
    assert hand_types("") == {None}                                   # a spectator sees backs
    act(s, "operations", "CP")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 2
    assert hand_types("CP") == {None}                                 # the look is over
    s.pop()
    assert {"ap_02", "ap_09"} <= hand_types("CP")                     # undo brings the look back


# -- #25 High Seas Fleet ------------------------------------------------------------------------------

def test_pog_cp_25_high_seas_fleet_vp_unless_grand_fleet():
    s = board_with()
    vp = g_(s, "vp")
    play_event(s, "cp_25")
    assert g_(s, "vp") == vp
    act(s, "auto_op", "AP")
    while top(s)["state"] != "phase_action":
        act(s, "done", "AP") if any(a.verb == "done" for a in s.legal_actions()) else act(s, "end_move", "AP")
    assert g_(s, "vp") == vp + 1
    s = board_with()
    play_event(s, "cp_25")
    play_event(s, "ap_33", "AP")
    assert g_(s, "vp") == vp


# -- #26 Place of Execution alone ---------------------------------------------------------------------

def test_pog_cp_26_place_of_execution_alone_once_french_forts_fall():
    s = board_with()
    assert why(s, "cp_26") == "PoG CP #26"                     # before Falkenhayn
    s = board_with(pog_events=["cp_13"])
    assert why(s, "cp_26") == "PoG CP #26"                     # French forts still stand
    for loc, x in module().locations.items():
        if x.attrs.get("nation") == "FR" and x.attrs.get("fort"):
            put(s, "m_destroyed", loc)
    play_event(s, "cp_26")
    assert g_(s, "ws_cp") == 1 and where(s, "cp_26") == "removed:CP"
    s = board_with(pog_events=["cp_13", "cp_54"])
    assert why(s, "cp_26") == "PoG CP #26"                     # after H-L Take Command


# -- #27 Zeppelin Raids, #33 Walter Rathenau, #36 U-Boats Unleashed -------------------------------------

def _replacement_phase(s):
    push(s, "phase_replacement")


def test_pog_cp_27_zeppelin_raids_cost_four_british_rp_this_turn():
    s = board_with(rp_br=5)
    play_event(s, "cp_27")
    _replacement_phase(s)
    assert g_(s, "rp_br") == 1 and top(s)["state"] == "rp_spend"
    s = board_with(rp_br=2, pog_zeppelin_turn=4)                 # another turn's raid
    _replacement_phase(s)
    assert g_(s, "rp_br") == 2


def test_pog_cp_33_walter_rathenau_extra_german_rp():
    s = board_with()
    play_event(s, "cp_33")
    _replacement_phase(s)
    act(s, "done", "AP")
    assert top(s)["side"] == "CP" and g_(s, "rp_ge") == 1


def test_pog_cp_36_u_boats_unleashed_after_hl_until_convoy():
    s = board_with()
    assert why(s, "cp_36") == "PoG CP #36"
    s = board_with(pog_events=["cp_54"], rp_br=3)
    play_event(s, "cp_36")
    assert events_cp.us_reinforcements_blocked(game(s)).rule == "PoG CP #36"
    _replacement_phase(s)
    assert g_(s, "rp_br") == 2
    set_global(s, "pog_events", ["cp_54", "cp_36", "ap_52"])      # Convoy
    assert events_cp.us_reinforcements_blocked(game(s)) is None


# -- #28, #52, #53, #45: the Russian Capitulation track (16.4) ----------------------------------------

def test_pog_cp_28_tsar_takes_command_moves_the_capitulation_marker():
    s = board_with(russian_capitulation="god_save_the_tsar")
    assert why(s, "cp_28") == "PoG 16.4.3"
    s = board_with(russian_capitulation="tsar_may_take_command")
    play_event(s, "cp_28")
    assert g_(s, "russian_capitulation") == "tsar_takes_command"


def test_pog_cp_28_historical_event_also_gives_ops():
    s = board_with(russian_capitulation="tsar_may_take_command", pog_scenario="historical")
    play_event(s, "cp_28")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 4     # 5.7.4 #7


def test_pog_cp_52_fall_of_the_tsar_vp_and_track():
    s = board_with(russian_capitulation="tsar_takes_command")
    assert why(s, "cp_52") == "PoG 16.4.4"
    s = board_with(russian_capitulation="tsar_may_capitulate")
    vp = g_(s, "vp")
    play_event(s, "cp_52")
    assert g_(s, "vp") == vp + 3                       # +1, +2 more: Romania still neutral
    assert g_(s, "russian_capitulation") == "fall_of_the_tsar"
    assert g_(s, "pog_tsar_fell_turn") == 5 and g_(s, "cp_russian_vp_fallen") == 0


def test_pog_cp_53_bolshevik_revolution_cancels_the_russian_mo():
    s = board_with(russian_capitulation="fall_of_the_tsar")
    assert why(s, "cp_53") == "PoG 16.4.6"
    s = board_with(russian_capitulation="bolshevik_revolution_allowed", pog_mo_ap="RU",
                   pog_mo_met_ap=False)
    play_event(s, "cp_53")
    assert g_(s, "russian_capitulation") == "bolshevik_revolution"
    assert g_(s, "pog_mo_ap") == "none" and g_(s, "pog_mo_met_ap") is True


def test_pog_cp_45_brest_litovsk_ends_russian_attacks():
    s = board_with()
    assert why(s, "cp_45") == "PoG 16.4.8"
    s = board_with(pog_events=["cp_53"], russian_capitulation="bolshevik_revolution")
    far = put(s, "ru_corps", "sedan")                  # France: outside the allowed nations
    mixed = put(s, "ru_corps", "warsaw")
    put(s, "fr_corps", "warsaw")
    home = put(s, "ru_corps", "lodz")
    ge = put(s, "ge_corps", "posen")
    play_event(s, "cp_45")
    assert g_(s, "russian_capitulation") == "brest_litovsk"
    assert loc_of(s, far).startswith("eliminated") and loc_of(s, mixed).startswith("eliminated")
    assert loc_of(s, home) == "lodz"
    g = game(s)
    assert events_cp.attack_violation(g, "AP", home, "posen").rule == "PoG 16.4.9"
    assert events_cp.attack_violation(g, "CP", ge, "lodz").rule == "PoG 16.4.9"
    assert movement.entry_violation(g, "AP", [home], "lodz", "warsaw").rule == "PoG 16.4.9"
    fr = next(p for p in s.state.stacks["warsaw"] if s.state.pieces[p].type == "fr_corps")
    assert movement.entry_violation(g, "AP", [fr], "warsaw", "lodz").rule == "PoG 16.4.9"


def test_pog_16_4_9_brest_litovsk_limits_sr_and_retreats_too():
    """16.4.9 holds however a unit moves: no SR of a Russian unit into or through a space with
    other Allied units, nor of other Allies next to Russians; no retreat there either."""
    s = board_with(pog_events=["cp_53", "cp_45"], russian_capitulation="brest_litovsk")
    ru = put(s, "ru_corps", "lodz")
    put(s, "fr_corps", "warsaw")
    g = game(s)
    dests = sr.destinations(g, "AP", ru)
    assert "ivangorod" in dests and "warsaw" not in dests
    assert "brest_litovsk" in dests      # round Warsaw through Ivangorod and Lublin, not through it
    c = {"target": "lodz", "retreat_len": 1}
    paths = retreat.retreat_paths(g, c, ru)
    assert paths and ["warsaw"] not in paths


# -- #32 War in Africa -----------------------------------------------------------------------------------

def test_pog_cp_32_war_in_africa_allied_choice():
    s = board_with()
    move_all(s, [p for p, x in s.state.pieces.items() if x.type == "br_corps"], "pool:AP")
    full = put(s, "br_corps", "calais")
    reduced = put(s, "br_corps", "amiens", face=1)
    aus = put(s, "aus_corps", "amiens")
    play_event(s, "cp_32")
    assert s.prompt().side == "AP"
    assert refusal(s, "remove_corps", "AP", unit=aus).rule == "PoG CP #32"
    assert refusal(s, "remove_corps", "AP", unit=reduced).rule == "PoG CP #32"   # a full one exists
    act(s, "remove_corps", "AP", unit=full)
    assert loc_of(s, full) == "perm_eliminated:AP"
    s = board_with()
    move_all(s, [p for p, x in s.state.pieces.items() if x.type == "br_corps"], "pool:AP")
    fort = next(l for l, x in module().locations.items()
                if x.attrs.get("control") == "CP" and x.attrs.get("fort") == 2)
    besiegers = [put(s, "br_corps", fort), put(s, "br_corps", fort)]
    put(s, "m_siege", fort)
    play_event(s, "cp_32")
    act(s, "remove_corps", "AP", unit=besiegers[0])
    assert not markers(s, fort, "m_siege")                           # PoG 15.2.4
    s = board_with()
    vp = g_(s, "vp")
    play_event(s, "cp_32")
    act(s, "concede_vp", "AP")
    assert g_(s, "vp") == vp + 1


# -- #37 Hoffmann, #54 H-L Take Command ---------------------------------------------------------------

def test_pog_cp_37_hoffmann_after_hl_adds_one_to_cp_mo_rolls():
    s = board_with()
    assert why(s, "cp_37") == "PoG CP #37"
    s = board_with(pog_events=["cp_54"])
    play_event(s, "cp_37")
    g = game(s)
    die = next(d for d in range(1, 6) if mo.result(g, "CP", d) != mo.result(g, "CP", d + 1))
    expect = mo.result(g, "CP", die + 1)
    dice(s, die)
    assert edit(s, "the CP MO roll", lambda g: mo.roll(g, "CP")) == expect
    assert dice_left(s) == []


def test_pog_cp_54_hl_take_command_cancels_the_german_mo():
    s = board_with(pog_mo_cp="GE", pog_mo_met_cp=False)
    play_event(s, "cp_54")
    assert g_(s, "pog_mo_cp") == "none" and g_(s, "pog_mo_met_cp") is True
    g = game(s)
    assert events_cp.hl_required(g, "CP", "cp_37") is None and events_cp.hl_required(g, "CP", "cp_36") is None


# -- #47 French Mutiny ------------------------------------------------------------------------------

def test_pog_cp_47_french_mutiny_marker_and_attack_record():
    s = board_with(pog_mo_ap="FR", pog_mo_met_ap=False)
    play_event(s, "cp_47")
    marker = next(p for p, x in s.state.pieces.items() if x.type == "m_mo_ap")
    assert face(s, marker) == 1
    fr = put(s, "fr_corps", "nancy")
    with_us = put(s, "fr_corps", "verdun")
    put(s, "us_corps", "verdun")
    ge = put(s, "ge_corps", "metz")
    edit(s, "AP attacks Metz", lambda g: mo.note_attack(g, "AP", [with_us], "metz", [ge]))
    assert not g_(s, "pog_french_mutiny_attack")
    edit(s, "AP attacks Metz", lambda g: mo.note_attack(g, "AP", [fr], "metz", [ge]))
    assert g_(s, "pog_french_mutiny_attack") == 5


# -- #55 Lloyd George, #58 Stavka Timidity, #61 Haig ------------------------------------------------

def test_pog_cp_55_lloyd_george_protects_level_2_german_trenches():
    s = board_with()
    br = put(s, "br_corps", "amiens")
    put(s, "ge_corps", "cambrai")
    put(s, "m_trench_cp", "cambrai", face=1)
    play_event(s, "cp_55")
    assert events_cp.attack_violation(game(s), "AP", br, "cambrai").rule == "PoG CP #55"
    aus = put(s, "aus_corps", "amiens")
    assert events_cp.attack_violation(game(s), "AP", aus, "cambrai") is None
    s = board_with()
    card_to(s, "cp_49", "removed:CP")                 # Michael already used in a combat
    assert why(s, "cp_55") == "PoG CP #55"


def test_pog_cp_58_stavka_timidity_after_tsar_takes_command():
    s = board_with()
    assert why(s, "cp_58") == "PoG CP #58"
    s = board_with(pog_events=["cp_28"])
    ru = put(s, "ru_corps", "lodz")
    put(s, "ge_corps", "posen")
    put(s, "m_trench_cp", "posen")
    play_event(s, "cp_58")
    assert events_cp.attack_violation(game(s), "AP", ru, "posen").rule == "PoG CP #58"
    put(s, "ah_corps", "posen")                                       # a mixed group may be attacked
    assert events_cp.attack_violation(game(s), "AP", ru, "posen") is None
    assert where(s, "cp_58") == "discard:CP"                     # reusable


def test_pog_cp_61_haig_entrenched_germans_hold():
    s = board_with()
    br = put(s, "br_corps", "amiens")
    ge = put(s, "ge_corps", "cambrai")
    ah = put(s, "ah_corps", "cambrai")
    put(s, "m_trench_cp", "cambrai")
    c = {"target": "cambrai", "attacker": "AP", "defender": "CP", "attackers": [br],
         "ignore_trench": False}
    assert events_cp.haig_holds(game(s), c, [ge, ah]) == []
    play_event(s, "cp_61")
    assert events_cp.haig_holds(game(s), c, [ge, ah]) == [ge]
    card_to(s, "cp_50", "removed:CP")                                  # Blucher: no effect
    assert events_cp.haig_holds(game(s), c, [ge, ah]) == []


def _haig_battle(haig_turn):
    """BR 1st Army (Amiens) beats two GE corps and an AH corps entrenched in Cambrai, LN 3 to
    1; the CP lose a GE corps and a step of the other: the reduced GE corps and the AH corps
    must retreat."""
    s = empty_map()
    clear_hands(s)
    set_global(s, "turn", 5)
    set_global(s, "pog_haig_turn", haig_turn)
    br = put(s, "br_1a", "amiens")
    ge1, ge2 = put(s, "ge_corps", "cambrai"), put(s, "ge_corps", "cambrai")
    ah = put(s, "ah_corps", "cambrai")
    put(s, "m_trench_cp", "cambrai")
    dice(s, 5, 1)
    attack(s, "AP", "cambrai", [br])
    for unit in (ge2, ge2, ge1):
        act(s, "take_loss", "CP", unit=unit)
    assert top(s)["state"] == "combat_retreat"
    return s, br, ge1, ah


def test_pog_cp_61_haig_the_cp_may_hold_or_retreat_each_german_unit():
    """CP #61: entrenched GE units attacked with BR units MAY ignore the retreat — a choice,
    unit by unit; the AH corps beside them must retreat."""
    s, br, ge1, ah = _haig_battle(haig_turn=5)
    offered = list(s.legal_actions())
    holds = [a["unit"] for a in offered if a.verb == "hold"]
    assert holds == [ge1]
    assert any(a.verb == "retreat" and a["unit"] == ge1 for a in offered)   # may also retreat
    assert refusal(s, "hold", "CP", unit=ah).rule == "PoG CP #61"
    act(s, "hold", "CP", unit=ge1)
    path = next(a["path"] for a in s.legal_actions() if a.verb == "retreat" and a["unit"] == ah)
    act(s, "retreat", "CP", unit=ah, path=path)
    assert loc_of(s, ge1) == "cambrai" and loc_of(s, ah) == path[-1]
    assert loc_of(s, br) == "amiens"                  # nobody advances into the held space


def test_pog_cp_61_no_hold_without_haig_this_turn():
    s, br, ge1, ah = _haig_battle(haig_turn=4)       # played last turn
    assert not [a for a in s.legal_actions() if a.verb == "hold"]
    assert refusal(s, "hold", "CP", unit=ge1).rule == "PoG CP #61"


# -- #59 Polish Restoration, #63 Russian Desertions --------------------------------------------------

def test_pog_cp_59_polish_restoration_needs_warsaw():
    s = board_with()
    assert why(s, "cp_59") == "PoG CP #59"
    put(s, "m_control", "warsaw", face=1)
    vp = g_(s, "vp")
    play_event(s, "cp_59")
    assert g_(s, "vp") == vp - 1
    poles = [p for p, x in s.state.pieces.items() if x.type == "pol_corps"]
    assert len(poles) == 3 and all(loc_of(s, p) == "reserve:CP" for p in poles)
    move(s, poles[0], "posen")
    flip(s, poles[0], 1)
    put(s, "ge_corps", "posen")
    g = game(s)
    assert ops.activation_nations(g, "CP", "posen") == {"GE"}          # treated as German
    set_global(s, "rp_ge", 2)
    assert replacements.unit_violation(game(s), poles[0], 1) is None
    remove(s, markers(s, "warsaw", "m_control"), "Warsaw back to its printed (Allied) control")
    assert replacements.unit_violation(game(s), poles[0], 1).rule == "PoG CP #59"


def test_pog_cp_63_russian_desertions_reduce_four():
    s = board_with()
    russians = [put(s, "ru_corps", loc) for loc in ("lodz", "warsaw", "kovno", "riga", "minsk")]
    reduced = put(s, "ru_corps", "vilna", face=1)
    play_event(s, "cp_63")
    assert refusal(s, "reduce", "CP", unit=reduced).rule == "PoG CP #63"
    for pid in russians[:4]:
        act(s, "reduce", "CP", unit=pid)
    assert [face(s, p) for p in russians] == [1, 1, 1, 1, 0]
    assert top(s)["state"] == "phase_action"
    assert why(board_with(pog_events=["cp_52"]), "cp_63") == "PoG CP #63"


# -- Combat Cards with effects beyond a DRM: #31 Kemal, #51 Peace Offensive ---------------------------

def _turkish_front():
    """An emptied map, no cards in hand, Turkey at war but for Bursa, where the British stand:
    Eskisehir traces supply to Constantinople."""
    s = empty_map()
    clear_hands(s)
    turkey_at_war(s, but=("bursa",))
    return s


def test_pog_cp_31_kemal_turkish_defence_fires_on_the_army_table():
    """CP #31 / 12.3.4.1: a TU corps (CF 1) fires Army table column 1: die 6 -> LN 2 (the
    Corps table would give 1). The SN corps does not qualify."""
    s = _turkish_front()
    br = put(s, "br_corps", "bursa")
    put(s, "sn_corps", "eskisehir")
    assert not supply.oos_units(game(s), "CP")              # 14.3.4 is not what is refused
    card_to(s, "cp_31", "hand:CP")
    dice(s, 1, 6, 6, 6)
    attack(s, "AP", "eskisehir", [br])
    assert where(s, "cp_31") == "hand:CP"              # SN alone: Kemal not offered
    s = _turkish_front()
    br = put(s, "br_corps", "bursa")
    put(s, "tu_corps", "eskisehir")
    assert not supply.oos_units(game(s), "CP")
    card_to(s, "cp_31", "hand:CP")
    dice(s, 1, 6, 6, 6)
    attack(s, "AP", "eskisehir", [br])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    act(s, "play_cc", "CP", card="cp_31")
    entry = act(s, "done_cards", "CP")
    fired = [c.text for c in entry.commands if isinstance(c, C.Note) and "CP fires" in c.text]
    assert fired and "Army table, column 1" in fired[0] and "Loss Number 2" in fired[0], fired
    assert where(s, "cp_31") == "discard:CP"          # one combat per turn


def test_pog_cp_51_peace_offensive_costs_a_vp_without_an_advance():
    s = empty_map()
    clear_hands(s)
    set_global(s, "pog_events", ["cp_54"])
    ge = put(s, "ge_corps", "thorn")
    put(s, "ru_1a", "plock")                 # no fort: 15.1.11 is not what this is about
    card_to(s, "cp_51", "hand:CP")
    vp = g_(s, "vp")
    dice(s, 1, 6)
    attack(s, "CP", "plock", [ge])
    act(s, "play_cc", "CP", card="cp_51")
    act(s, "done_cards", "CP")
    for _ in range(10):
        if top(s)["state"] == "combat_declare":
            break
        kinds = [a for a in s.legal_actions()]
        s.push(kinds[0])
    assert top(s)["state"] == "combat_declare"
    assert g_(s, "vp") == vp - 1
