"""Paths of Glory War Status Phase, victory, War Commitment, the capitulation and US entry
tracks, VP spaces and Peace Terms (3.0.22, 5, 16)."""
from __future__ import annotations

import pytest

from engine.rules import Action, IllegalAction

from modules.paths_of_glory.rules import board, peace, status, tracks

from .conftest import controller, edit, fresh, game, run, setg, start_phase, units


def met(s, **values):
    setg(s, pog_mo_met_cp=True, pog_mo_met_ap=True, pog_mo_ap="none", pog_mo_cp="none")
    setg(s, **values)


def marker_loc(s, type_id):
    return next(p.loc for p in s.state.pieces.values() if p.type == type_id)


def test_pog_3_0_22_capturing_a_vp_space_moves_the_vp_marker():
    s = fresh()
    edit(s, "CP takes warsaw", lambda g: tracks.set_control(g, "warsaw", "CP"))
    assert s.state.globals["vp"] == 11 and marker_loc(s, "m_vp") == "grt:11"
    edit(s, "AP takes warsaw", lambda g: tracks.set_control(g, "warsaw", "AP"))   # recapture
    assert s.state.globals["vp"] == 10 and marker_loc(s, "m_vp") == "grt:10"
    edit(s, "CP takes lodz", lambda g: tracks.set_control(g, "lodz", "CP", score=False))
    edit(s, "CP takes pskov", lambda g: tracks.set_control(g, "pskov", "CP"))    # not a VP space
    assert s.state.globals["vp"] == 10


def test_pog_5_7_2_historical_vp_spaces():
    s = fresh("historical")
    edit(s, "CP takes minsk", lambda g: tracks.set_control(g, "minsk", "CP"))    # not VP in the Historical game
    assert s.state.globals["vp"] == 10
    edit(s, "CP takes kovno", lambda g: tracks.set_control(g, "kovno", "CP"))    # VP there
    assert s.state.globals["vp"] == 11


def test_pog_5_2_1_cp_automatic_victory():
    s = fresh()
    met(s, vp=20, turn=3)
    start_phase(s, "phase_war_status")
    assert "5.2.1" in s.outcome().text and s.prompt().kind == "game_over"


def test_pog_5_2_2_allied_automatic_victory():
    s = fresh()
    met(s, vp=0, turn=3)
    start_phase(s, "phase_war_status")
    assert "5.2.2" in s.outcome().text


def test_pog_16_2_1_armistice_ends_the_game():
    s = fresh()
    met(s, ws_combined=40, vp=12, turn=15)
    start_phase(s, "phase_war_status")
    out = s.outcome().text
    assert "Armistice" in out and out.startswith("Draw")


def test_pog_16_1_3_limited_war_adds_the_cards():
    s = fresh()
    met(s, turn=2, ws_ap=4, ws_combined=4)
    lw = list(s.state.stacks["pile:AP:limited_war"])
    start_phase(s, "phase_war_status")
    assert s.state.globals["commitment_ap"] == "limited_war"
    assert not s.state.stacks.get("pile:AP:limited_war")
    assert set(lw) <= set(s.state.stacks["deck:AP"])
    assert s.state.globals["pog_new_cards_ap"] is True
    assert s.state.globals["commitment_cp"] == "mobilization"
    assert not s.state.globals["pog_stack"]


def test_pog_16_1_3_1_turkey_enters_at_cp_limited_war():
    s = fresh()
    met(s, turn=2, ws_cp=4, ws_combined=4)
    assert controller(s, "constantinople") == "neutral"
    start_phase(s, "phase_war_status")
    assert controller(s, "constantinople") == "CP" and controller(s, "baghdad") == "CP"
    assert controller(s, "kermanshah") == "CP" and controller(s, "hamadan") == "AP"   # 11.1.13
    assert controller(s, "basra") == "AP"
    assert [s.state.pieces[p].type for p in units(s, "gallipoli")] == ["tu_corps"]
    assert "TU" in s.state.globals["pog_entered"]
    assert s.state.globals["vp"] == 10             # entering is not a capture


def test_pog_16_1_3_1_turkish_entry_places_the_baghdad_and_gaza_trenches():
    """The Turkish set-up table: "Baghdad: 1 Corpo, Trincea 1", "Gaza: 1 Corpo, Trincea 1"
    (the example of play's Turkish entry, September 1914)."""
    s = fresh()
    met(s, turn=2, ws_cp=4, ws_combined=4)
    g = game(s)
    assert all(board.trench(g, loc) == ("", 0) for loc in ("baghdad", "gaza", "mosul"))
    start_phase(s, "phase_war_status")
    g = game(s)
    assert board.trench(g, "baghdad") == ("CP", 1) and board.trench(g, "gaza") == ("CP", 1)
    assert board.trench(g, "mosul") == ("", 0) and board.trench(g, "constantinople") == ("", 0)
    assert [s.state.pieces[p].type for p in units(s, "baghdad")] == ["tu_corps"]


def test_pog_16_1_4_total_war_from_mobilization_adds_both_levels():
    s = fresh()
    met(s, turn=5, ws_ap=11, ws_combined=11)
    start_phase(s, "phase_war_status")
    assert s.state.globals["commitment_ap"] == "total_war"
    assert not s.state.stacks.get("pile:AP:limited_war") and not s.state.stacks.get("pile:AP:total_war")


def test_pog_6_0_2_no_commitment_check_on_turn_1():
    s = fresh()
    met(s, turn=1, ws_ap=5)
    start_phase(s, "phase_war_status")
    assert s.state.globals["commitment_ap"] == "mobilization"


def test_pog_5_3_2_introductory_commitment_never_rises():
    s = fresh("introductory")
    met(s, turn=2, ws_ap=5, ws_cp=12)
    start_phase(s, "phase_war_status")
    assert s.state.globals["commitment_ap"] == "mobilization"
    assert s.state.globals["commitment_cp"] == "mobilization"


def test_pog_5_4_1_limited_war_scenario_ends_at_total_war():
    s = fresh("limited_war")
    met(s, turn=6, ws_cp=11, ws_combined=11, vp=17)
    start_phase(s, "phase_war_status")
    assert s.outcome().text.startswith("Central Powers victory")
    assert "5.4" in s.outcome().text


def test_pog_4_5_war_status_phase_vp_entries():
    s = fresh()
    met(s, turn=4, pog_events=["ap_02"], pog_mo_met_cp=False, pog_mo_met_ap=True)
    start_phase(s, "phase_war_status")
    assert s.state.globals["vp"] == 8                # Blockade in Winter -1, CP MO missed -1
    s = fresh()
    met(s, turn=3, pog_events=["ap_02"], pog_mo_met_cp=True, pog_mo_met_ap=False, pog_mo_ap="BR")
    start_phase(s, "phase_war_status")
    assert s.state.globals["vp"] == 11               # not Winter; Allied MO missed +1
    s = fresh()
    met(s, turn=3, pog_events=["cp_47"], pog_mo_met_ap=False, pog_mo_ap="FR")
    start_phase(s, "phase_war_status")
    assert s.state.globals["vp"] == 10               # France after French Mutiny: no VP
    s = fresh()
    met(s, turn=3, commitment_ap="total_war")
    start_phase(s, "phase_war_status")
    assert s.state.globals["vp"] == 11               # Italy still neutral at Allied Total War


def test_pog_5_5_2_campaign_victory_levels():
    s = fresh()
    for vp, start in ((13, "Central Powers victory"), (12, "Draw"), (10, "Draw"), (9, "Allied victory")):
        met(s, vp=vp)
        assert run(s, status.final_outcome).startswith(start), vp
    met(s, vp=11, russian_capitulation="brest_litovsk")
    assert run(s, status.final_outcome).startswith("Central Powers victory")      # 5.5.2.1
    met(s, vp=10)
    assert run(s, status.final_outcome).startswith("Draw")


def test_pog_5_3_4_and_5_4_2_scenario_victory_levels():
    s = fresh("introductory")
    met(s, vp=14)
    assert run(s, status.final_outcome).startswith("Central Powers victory")
    met(s, vp=11)
    assert run(s, status.final_outcome).startswith("Draw")
    s = fresh("limited_war")
    met(s, vp=12)
    assert run(s, status.final_outcome).startswith("Allied victory")


def test_pog_5_7_historical_draws_go_to_the_allies_and_turn_20_adjustments():
    s = fresh("historical")
    met(s, vp=11, turn=10)
    assert run(s, status.final_outcome).startswith("Allied victory")
    # end of turn 20: +1 per US reinforcement card not played, -2 without Fall of the Tsar
    met(s, vp=10, turn=20, pog_events=["ap_38", "ap_43", "ap_47", "cp_52"])
    assert run(s, lambda g: status.final_vp(g, "end")) == 11     # ap_64 unplayed
    met(s, pog_events=["ap_38", "ap_43", "ap_47", "ap_64"])
    assert run(s, lambda g: status.final_vp(g, "end")) == 8


def test_pog_16_4_3_tsar_may_take_command_and_back():
    s = fresh()
    for loc in ("warsaw", "lodz", "riga"):
        edit(s, "CP takes " + loc, lambda g, loc=loc: tracks.set_control(g, loc, "CP"))
    assert s.state.globals["cp_russian_vp"] == 3
    assert s.state.globals["russian_capitulation"] == "tsar_may_take_command"
    assert marker_loc(s, "m_ru_capitulation") == "russian_capitulation:tsar_may_take_command"
    edit(s, "AP takes riga", lambda g: tracks.set_control(g, "riga", "AP"))
    assert s.state.globals["russian_capitulation"] == "god_save_the_tsar"


def test_pog_16_4_4_fall_of_the_tsar_allowed_at_33():
    s = fresh()
    met(s, russian_capitulation="tsar_takes_command", ws_combined=30)
    for loc in ("warsaw", "lodz", "riga"):
        edit(s, "CP takes " + loc, lambda g, loc=loc: tracks.set_control(g, loc, "CP"))
    assert s.state.globals["russian_capitulation"] == "tsar_may_capitulate"
    edit(s, "AP takes riga", lambda g: tracks.set_control(g, "riga", "AP"))
    assert s.state.globals["russian_capitulation"] == "tsar_takes_command"


def test_pog_16_4_6_bolshevik_revolution_allowed_a_turn_after_the_fall():
    s = fresh()
    met(s, russian_capitulation="fall_of_the_tsar", pog_tsar_fell_turn=12, turn=12,
         cp_russian_vp_fallen=2)
    for loc in ("warsaw", "lodz", "riga"):
        edit(s, "CP takes " + loc, lambda g, loc=loc: tracks.set_control(g, loc, "CP"))
    assert s.state.globals["russian_capitulation"] == "fall_of_the_tsar"   # same turn
    met(s, turn=13)
    edit(s, "update the tracks", tracks.update_tracks)
    assert s.state.globals["russian_capitulation"] == "bolshevik_revolution_allowed"


def test_pog_16_3_2_zimmermann_allowed_at_combined_30():
    s = fresh()
    met(s, ws_combined=30, turn=12, commitment_ap="limited_war", commitment_cp="limited_war")
    start_phase(s, "phase_war_status")
    assert s.state.globals["us_entry"] == "zimmermann_allowed"
    assert marker_loc(s, "m_us_entry") == "us_entry:zimmermann_allowed"


# -- Peace Terms --------------------------------------------------------------------------------
def test_pog_16_5_1_peace_terms_vp_ranges():
    s = fresh()
    g = game(s)
    assert peace.peace_terms_allowed(g, "CP").rule == "PoG 16.5.1.1"
    assert peace.peace_terms_allowed(g, "AP").rule == "PoG 16.5.1.2"
    met(s, vp=11)
    assert peace.peace_terms_allowed(game(s), "CP") is None
    met(s, vp=9)
    assert peace.peace_terms_allowed(game(s), "AP") is None
    met(s, vp=12, pog_events=["ap_40"])
    assert peace.peace_terms_allowed(game(s), "CP").rule == "PoG 16.5"   # The Fourteen Points


def test_pog_5_3_3_no_peace_terms_in_introductory_and_historical():
    s = fresh("introductory")
    met(s, vp=12)
    assert peace.peace_terms_allowed(game(s), "CP").rule == "PoG 5.3.3"
    s = fresh("historical")
    met(s, vp=12)
    assert peace.peace_terms_allowed(game(s), "CP").rule == "PoG 5.7.2"


def test_pog_16_5_2_accepted_peace_terms_end_in_a_draw():
    s = fresh()
    met(s, vp=12)
    edit(s, "the CP offer Peace Terms", lambda g: peace.offer_peace_terms(g, "CP"))
    assert s.prompt().side == "AP" and s.prompt().kind == "peace_terms"
    with pytest.raises(IllegalAction):
        s.push(Action("accept_peace", "CP"))
    s.push(Action("accept_peace", "AP"))
    assert s.outcome().text.startswith("Draw")


def test_pog_16_5_2_refused_peace_terms_roll_on_the_table():
    s = fresh()
    met(s, vp=12)
    top = s.state.globals["pog_stack"][-1]
    edit(s, "the CP offer Peace Terms", lambda g: peace.offer_peace_terms(g, "CP"))
    s.push(Action("refuse_peace", "AP"))
    assert s.state.globals["pog_stack"][-1] == top            # back to the action round
    rolls = [c for e in s.record.entries for c in e.commands if c.kind == "roll"]
    die = rolls[-1].result[0]
    assert s.state.globals["vp"] == 12 + {1: 1, 2: 1, 3: 1, 6: -1}.get(die, 0)
    assert peace.peace_terms_allowed(game(s), "CP").rule == "PoG 16.5.3"   # once a round


def test_pog_5_6_2_and_5_6_3_tournament_draws_and_peace():
    s = fresh(tournament="on")
    met(s, vp=11)
    assert run(s, status.final_outcome).startswith("Allied victory")
    edit(s, "the CP offer Peace Terms", lambda g: peace.offer_peace_terms(g, "CP"))
    s.push(Action("accept_peace", "AP"))
    assert "loss for both" in s.outcome().text


def test_pog_5_6_1_the_bid_moves_the_final_vp_but_not_automatic_victory():
    """5.6.1: 'AP+1' (the Allied player gave 1 VP, the usual bid) turns a final 12 into 13 —
    a CP win in the Campaign; 5.6.1.1: the bid never counts for automatic victory."""
    s = fresh(tournament="on", tournament_bid="AP+1")
    met(s, vp=12)
    assert run(s, status.final_outcome).startswith("Central Powers victory with 13 VP, the bid +1")
    s = fresh(tournament_bid="CP+2")
    met(s, vp=11)
    assert run(s, status.final_outcome).startswith("Allied victory with 9 VP")
    s = fresh(tournament_bid="AP+3")
    met(s, vp=19)
    assert run(s, status.automatic_victory) is None                 # 19 + 3 is not 20 (5.6.1.1)
    met(s, vp=20)
    assert "20 VP" in run(s, status.automatic_victory)


def test_pog_16_1_5_commitment_never_falls():
    s = fresh()
    met(s, turn=8, ws_ap=2, commitment_ap="total_war")
    start_phase(s, "phase_war_status")
    assert s.state.globals["commitment_ap"] == "total_war"


def test_pog_16_4_2_russian_vp_spaces_read_once_equal_a_scan_per_scenario():
    """16.4.2 / 5.7.2: the Russian VP spaces (read once per module and VP list) are those a
    scan of the map finds, for the Historical list and the printed one alike, and the track
    markers move where the tracks say."""
    for scenario in ("historical", "campaign", "historical"):
        s = fresh(scenario, 1)
        g = game(s)
        scan = [l for l in board.spaces(g)
                if board.attr(g, l, "nation") == "RU" and tracks.is_vp_space(g, l)]
        assert tracks.russian_vp_spaces(g) == scan and scan
    s = fresh("campaign", 1)
    edit(s, "US entry", lambda g: tracks.set_us_entry(g, "zimmermann_allowed"))
    marker = next(p for p, piece in s.state.pieces.items() if piece.type == "m_us_entry")
    assert s.state.pieces[marker].loc == "us_entry:zimmermann_allowed"
