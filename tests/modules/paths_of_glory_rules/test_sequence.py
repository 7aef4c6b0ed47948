"""Paths of Glory sequence of play: set-up (4.3), the turn (6.0), Mandated Offensives (7.1),
the Action Phase (8.1, 9.1–9.5.1) and the draw (6.0.4, 9.5.4.6)."""
from __future__ import annotations

import pytest

from engine.actions import Action, Card
from engine.errors import WartableError
from modules.paths_of_glory.rules import cards, mo, ops, replacements, sequence

from .conftest import (act, card_to, edit, fresh, game, hand, move_all, put, refusal, set_global,
                       top)


def new(scenario="introductory", seed=1, **options):
    """The sequence tests' usual game: the Introductory scenario, seed 1."""
    return fresh(scenario, seed, **options)


def give(s, side, card):
    card_to(s, card, f"hand:{side}")


def finish_round(s, side):
    """End whatever procedure ``side`` started, as cheaply as possible."""
    for _ in range(50):
        frame = top(s)
        if frame is None or frame["state"] == "phase_action" or frame.get("side") != side:
            return
        kinds = {a.verb: a for a in s.legal_actions()}
        for k in ("done", "end_move", "end_sr", "end_combats"):
            if k in kinds:
                s.push(kinds[k])
                break
        else:
            raise AssertionError(f"stuck in {frame}")


# -- set-up (4.3) -------------------------------------------------------------------------------

def test_pog_4_3_1_opening_hands_of_seven():
    s = new()
    assert len(hand(s, "CP")) == 7 and len(hand(s, "AP")) == 7
    assert s.state.globals["pog_cards_total"] == 130
    assert top(s)["state"] == "phase_action" and s.prompt().side == "CP"
    assert s.state.globals["turn"] == 1


def test_pog_4_3_1_guns_of_august_in_hand_option():
    s = new(goa_in_hand="on")
    assert "cp_01" in hand(s, "CP") and len(hand(s, "CP")) == 7


def test_pog_5_7_4_historical_eight_cards_and_guns_of_august():
    s = new("historical")
    assert len(hand(s, "CP")) == 8 and len(hand(s, "AP")) == 8
    assert "cp_01" in hand(s, "CP")


def _where(s, card):
    return next(p.loc for p in s.state.pieces.values() if p.type == card)


def test_pog_2_3_optional_cards_all_join_their_levels_with_eight_card_hands():
    """Optional-card appendix, way 1: the 20 optional cards join their decks and hands are 8."""
    off = new("campaign")
    assert _where(off, "cp_59") == "pile:CP:optional" and len(hand(off, "CP")) == 7
    s = new("campaign", optional_cards="all")
    assert not s.state.stacks.get("pile:CP:optional") and not s.state.stacks.get("pile:AP:optional")
    assert _where(s, "cp_59") == "pile:CP:limited_war"          # Polish Restoration (LW)
    assert _where(s, "ap_62") == "pile:AP:total_war"            # The Sixtus Affair (TW)
    assert _where(s, "ap_56") in ("deck:AP", "hand:AP")          # Paris Taxis (Mobilization)
    assert len(hand(s, "CP")) == 8 and len(hand(s, "AP")) == 8


def test_pog_scenario_options_are_read_by_the_rules():
    """Every option a scenario offers changes what the rules do (no silently ignored option)."""
    assert not ops.trench_drm_in_use(game(new("campaign")))
    assert ops.trench_drm_in_use(game(new("campaign", trench_attempt_drm="on")))
    assert len(hand(new("campaign", hand_size_8="on"), "AP")) == 8
    assert "cp_01" in hand(new("campaign", goa_in_hand="on"), "CP")


def test_pog_unknown_option_values_are_refused_with_the_choices():
    with pytest.raises(WartableError, match="choose one of: off, all"):
        new("campaign", optional_cards="selected")
    with pytest.raises(WartableError, match="has no option 'bidding'"):
        new("campaign", bidding="on")


# -- Mandated Offensives (7.1) ------------------------------------------------------------------

def test_pog_7_1_1_mo_rolled_and_recorded():
    s = new()
    g = game(s)
    assert s.state.globals["pog_mo_cp"] in ("AH", "TU", "GE", "none")
    assert s.state.globals["pog_mo_met_cp"] == (s.state.globals["pog_mo_cp"] == "none")
    assert "pog_mo_ap" in s.state.globals and g.get("pog_mo_met_ap") is not None


def test_pog_7_6_example_mo_results():
    """Example of play: CP 4 → GE, AP 2 → FR (August); CP 1 → AH (Italy neutral, 7.1.6),
    AP 5 → IT neutral: no MO (September)."""
    g = game(new())
    assert mo.result(g, "CP", 4) == "GE" and mo.result(g, "AP", 2) == "FR"
    assert mo.result(g, "CP", 1) == "AH" and mo.result(g, "AP", 5) == "none"
    assert mo.result(g, "CP", 3) == "none"  # Turkey neutral
    assert mo.result(g, "AP", 6) == "none"


def test_pog_7_1_2_lost_capital_shifts_the_mo_right():
    s = new()
    put(s, "m_control", "paris", face=1)                  # Paris in CP hands
    assert mo.result(game(s), "AP", 2) == "BR"


def test_pog_5_7_4_british_mo_is_french_on_turn_1_historical():
    assert mo.result(game(new("historical")), "AP", 3) == "FR"
    assert mo.result(game(new("campaign")), "AP", 3) == "BR"


def test_pog_7_1_4_mo_met_only_by_the_right_attack():
    s = new()
    set_global(s, "pog_mo_ap", "FR")
    set_global(s, "pog_mo_met_ap", False)
    fr = [p for p in s.state.stacks["verdun"] if s.state.pieces[p].type == "fr_3a"]
    ge = [p for p in s.state.stacks["metz"] if s.state.pieces[p].type == "ge_4a"]
    ru = [p for p in s.state.stacks["kovno"] if s.state.pieces[p].type == "ru_1a"]
    edit(s, "a Russian attack", lambda g: mo.note_attack(g, "AP", ru, "metz", ge))
    assert s.state.globals["pog_mo_met_ap"] is False
    edit(s, "a French attack on no unit", lambda g: mo.note_attack(g, "AP", fr, "metz", []))
    assert s.state.globals["pog_mo_met_ap"] is False  # 7.1.3: against an enemy unit
    edit(s, "a French attack", lambda g: mo.note_attack(g, "AP", fr, "metz", ge))
    assert s.state.globals["pog_mo_met_ap"] is True


# -- the Action Phase (8.1, 9.x) ------------------------------------------------------------

def test_pog_8_1_3_no_pass_but_an_automatic_operation():
    s = new()
    assert refusal(s, "pass", "CP").rule == "PoG 8.1.3"
    assert any(a.verb == "auto_op" for a in s.legal_actions())
    act(s, "auto_op", "CP")
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 1 and top(s)["card"] == ""


def test_pog_8_1_2_cp_first_then_alternate_six_rounds():
    s = new()
    sides = []
    for _ in range(12):
        side = s.prompt().side
        sides.append((side, s.state.globals["pog_stack"][-1]["round"]))
        act(s, "auto_op", side)
        finish_round(s, side)
    assert sides == [(x, r) for r in range(1, 7) for x in ("CP", "AP")]
    assert s.state.globals["phase"] != "action"


def test_pog_8_1_wrong_player_refused():
    s = new()
    assert refusal(s, "auto_op", "AP").rule == "PoG 8.1"


def test_pog_9_2_play_ops_and_notation():
    s = new()
    give(s, "CP", "cp_12")
    entry = act(s, "play_ops", "CP", card="cp_12")
    assert entry.text == "CP plays #12 German Reinforcements for 4 OPS"
    assert top(s)["state"] == "ops_activate" and top(s)["ops"] == 4
    assert s.state.pieces[next(p for p, x in s.state.pieces.items() if x.type == "cp_12")].loc \
        == "discard:CP"


def test_pog_9_3_3_no_sr_in_consecutive_rounds():
    s = new()
    give(s, "CP", "cp_12")
    give(s, "CP", "cp_13")
    act(s, "play_sr", "CP", card="cp_12")
    finish_round(s, "CP")
    act(s, "auto_op", "AP")
    finish_round(s, "AP")
    assert refusal(s, "play_sr", "CP", card="cp_13").rule == "PoG 9.3.3"
    assert refusal(s, "play_ops", "CP", card="cp_13") is None


def test_pog_9_4_3_no_rp_in_consecutive_rounds_and_9_4_1_falkenhayn_rp():
    """Example CP 5: Falkenhayn for RP records AH 2, GE 3 (BU and TU are neutral)."""
    s = new()
    give(s, "CP", "cp_13")
    give(s, "CP", "cp_12")
    act(s, "play_rp", "CP", card="cp_13")
    assert s.state.globals["rp_ah"] == 2 and s.state.globals["rp_ge"] == 3
    assert not s.state.globals.get("rp_bu") and not s.state.globals.get("rp_tu")
    act(s, "auto_op", "AP")
    finish_round(s, "AP")
    assert refusal(s, "play_rp", "CP", card="cp_12").rule == "PoG 9.4.3"


def test_pog_9_4_1_rape_of_belgium_rp_without_italy():
    """Example September AP 6: AP #13 for RP: 1 A, 2 FR, 2 BR, 3 RU; no IT (neutral)."""
    s = new()
    give(s, "AP", "ap_13")
    act(s, "auto_op", "CP")
    finish_round(s, "CP")
    act(s, "play_rp", "AP", card="ap_13")
    g = s.state.globals
    assert (g["rp_a"], g["rp_fr"], g["rp_br"], g["rp_ru"]) == (1, 2, 2, 3)
    assert not g.get("rp_it")


def test_pog_9_5_4_1_a_combat_card_is_no_event():
    s = new()
    give(s, "CP", "cp_04")
    assert refusal(s, "play_event", "CP", card="cp_04").rule == "PoG 9.5.4.1"  # a CC


def test_pog_9_5_1_an_event_ws_removal_and_5_3_4_vp():
    s = new()
    give(s, "CP", "cp_11")
    entry = act(s, "play_event", "CP", card="cp_11")
    g = s.state.globals
    played = [c.text for c in entry.commands if "Oberost" in str(getattr(c, "text", ""))]
    assert played and g["ws_cp"] == 1 and g["ws_combined"] == 1               # 9.5.1.3
    assert g["vp"] == 11                                                       # 5.3.4
    assert "cp_11" in g["pog_events"]
    loc = s.state.pieces[next(p for p, x in s.state.pieces.items() if x.type == "cp_11")].loc
    assert loc == "removed:CP"                                                 # 9.5.1.2


def test_pog_9_5_2_5_italy_only_as_an_event_when_cp_lead_in_commitment():
    s = new("campaign")
    set_global(s, "commitment_cp", "total_war")
    give(s, "AP", "ap_17")
    act(s, "auto_op", "CP")
    finish_round(s, "CP")
    assert refusal(s, "play_ops", "AP", card="ap_17").rule == "PoG 9.5.2.5"
    assert refusal(s, "play_rp", "AP", card="ap_17").rule == "PoG 9.5.2.5"


def test_pog_16_5_no_peace_terms_in_the_introductory_scenario():
    s = new()
    assert refusal(s, "peace_terms", "CP").rule == "PoG 5.3.3"


# -- the draw and the end of the turn (6.0.4, 9.5.4.6, 5.3.1) ----------------------------------

def _play_out_turn(s):
    turn = s.state.globals["turn"]
    for _ in range(2000):
        if s.state.globals["turn"] != turn or s.outcome():
            return
        frame = top(s)
        side = s.prompt().side
        kinds = {a.verb: a for a in s.legal_actions()}
        if frame["state"] == "phase_action":
            s.push(kinds["auto_op"])
            continue
        for k in ("done", "end_move", "end_sr", "end_combats", "keep", "pass", "done_cards",
                  "stop_advance", "cancel_retreat"):
            if k in kinds:
                s.push(kinds[k])
                break
        else:
            s.push(next(iter(kinds.values())))
    raise AssertionError("the turn never ended")


def test_pog_6_0_a_turn_runs_and_hands_refill():
    s = new()
    _play_out_turn(s)
    assert s.state.globals["turn"] == 2
    assert len(hand(s, "CP")) == 7 and len(hand(s, "AP")) == 7
    assert top(s)["state"] == "phase_action" and top(s)["round"] == 1
    assert s.state.globals["pog_actions_CP"] == []


def test_pog_6_0_4_draw_reshuffles_the_discards():
    s = new()
    deck = list(s.state.stacks["deck:CP"])
    move_all(s, deck, "discard:CP")
    _play_out_turn(s)
    assert len(hand(s, "CP")) == 7


def test_pog_9_5_4_6_discard_combat_cards_before_drawing():
    s = new()
    give(s, "AP", "ap_07")
    for _ in range(2000):
        frame = top(s)
        if frame and frame["state"] == "draw_discard" and frame["side"] == "AP":
            break
        side = s.prompt().side
        kinds = {a.verb: a for a in s.legal_actions()}
        if frame["state"] == "phase_action":
            s.push(kinds["auto_op"])
        else:
            s.push(next(kinds[k] for k in ("done", "end_move", "end_sr", "end_combats", "keep",
                                         "done_cards") if k in kinds) if any(
                k in kinds for k in ("done", "end_move", "end_sr", "end_combats", "keep",
                                     "done_cards")) else next(iter(kinds.values())))
    assert refusal(s, "discard", "AP", card="ap_01") is not None
    act(s, "discard", "AP", card="ap_07")
    assert "ap_07" not in hand(s, "AP")


def test_pog_5_3_1_introductory_ends_after_turn_3():
    s = new()
    for _ in range(3):
        _play_out_turn(s)
    assert s.outcome() and "VP" in s.outcome().text
    assert s.state.globals["turn"] == 3


def test_pog_9_1_1_card_piece_remembered_equals_a_scan():
    """9.1.1: the piece of a card (remembered per state) is the one a scan of every piece
    finds, before and after the card moves, and in another game's state."""
    def scan(g, card_id):
        return next((p for p, piece in g.state.pieces.items() if piece.type == card_id), None)

    s, t = fresh(), fresh("historical", 1)
    card = hand(s, "CP")[0]
    assert cards.pid_of(game(s), card) == scan(game(s), card) is not None
    assert cards.where(game(s), card) == "hand:CP"
    card_to(s, card, "discard:CP")
    assert cards.pid_of(game(s), card) == scan(game(s), card)
    assert cards.where(game(s), card) == "discard:CP"
    assert cards.pid_of(game(t), card) == scan(game(t), card)
    assert cards.pid_of(game(s), "no_such_card") is None


def test_pog_8_1_3_card_plays_offered_are_those_card_violation_allows():
    """8.1.3: the card plays listed (the offered actions kept from earlier listings) are
    exactly the plays :func:`sequence.card_violation` allows, in hand and play order, equal
    to (and written as) actions built afresh; the listing is the same asked twice and after
    the hand changes."""
    s = fresh()
    for _ in range(2):
        g = game(s)
        side = top(s)["side"]
        want = [Action(verb, side, card=Card(card)) for card in cards.hand(g, side)
                for verb in sequence.PLAYS
                if sequence.card_violation(g, side, verb, card) is None]
        for _ in range(2):
            plays = [a for a in s.legal_actions() if a.verb in sequence.PLAYS]
            assert plays == want and [repr(a) for a in plays] == [repr(a) for a in want]
        card_to(s, cards.hand(g, side)[0], f"discard:{side}")


def test_pog_9_4_1_rp_marker_remembered_equals_a_scan_absent_then_placed():
    """9.4.1: the RP marker :func:`replacements.set_rp` moves is found (remembered per state)
    as a scan finds it; a marker the scenario lacks stays absent until one is placed, and is
    then found and moved."""
    def scan(s, type_id):
        return next((p for p, piece in s.state.pieces.items() if piece.type == type_id), None)

    s = fresh("historical", 1)
    assert scan(s, "m_rp_tu") is None and cards.pid_of(game(s), "m_rp_tu") is None
    edit(s, "5 GE RP", lambda g: replacements.set_rp(g, "ge", 5))
    ge = cards.pid_of(game(s), "m_rp_ge")
    assert ge == scan(s, "m_rp_ge") and s.state.pieces[ge].loc == "grt:5"
    assert cards.pid_of(game(s), "m_rp_tu") is None
    tu = put(s, "m_rp_tu", "grt:0")
    assert cards.pid_of(game(s), "m_rp_tu") == tu == scan(s, "m_rp_tu")
    edit(s, "3 TU RP", lambda g: replacements.set_rp(g, "tu", 3))
    assert s.state.pieces[tu].loc == "grt:3" and s.state.globals["rp_tu"] == 3
