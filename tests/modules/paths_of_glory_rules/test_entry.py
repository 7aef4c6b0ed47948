"""Neutral entry (PoG 9.5.2): Italy, Romania, Greece, Bulgaria, and the Salonika event."""
from __future__ import annotations

from functools import partial

from modules.paths_of_glory.rules import board, cards, entry, mo, movement

from . import conftest

from .conftest import (act, card_to, declare, game, loc_of, of_type, put, refusal, set_global, top)


#: An emptied map in Fall 1914, ``card`` in ``side``'s hand, ``side`` to act.
ready = partial(conftest.ready, turn=3)


def test_pog_ap_17_italy_enters_units_control_rp_and_mo():
    s = ready("ap_17", "AP")
    g = game(s)
    assert cards.nation_neutral(g, "IT")
    act(s, "play_event", "AP", card="ap_17")
    g = game(s)
    assert not cards.nation_neutral(g, "IT")
    assert board.controller(g, "rome") == "AP" and board.controller(g, "verona") == "AP"
    assert [loc_of(s, p) for p in of_type(s, "it_1a")] == ["verona"]
    assert s.state.pieces[of_type(s, "it_1a")[0]].face == 1        # set-up: reduced (entry_face)
    it_reserve = [p for p in s.state.stacks["reserve:AP"] if s.state.pieces[p].type == "it_corps"]
    assert len(it_reserve) == 4
    assert not [p for p in s.state.stacks["pool:AP"] if s.state.pieces[p].props.get("entry") == "italy"]
    assert mo.result(g, "CP", 1) in ("AH_IT", "AH", "TU", "GE", "none")
    assert s.state.globals["vp"] == 10                              # entering is no capture


def test_pog_9_5_2_2_one_neutral_entry_per_turn_for_both_players():
    s = ready("ap_17", "AP")
    card_to(s, "cp_34", "hand:CP")
    act(s, "play_event", "AP", card="ap_17")
    assert top(s)["side"] == "CP"
    assert refusal(s, "play_event", "CP", card="cp_34").rule == "PoG 9.5.2.2"
    set_global(s, "turn", 4)
    assert refusal(s, "play_event", "CP", card="cp_34") is None


def test_pog_cp_34_bulgaria_enters_and_the_cp_choose_four_spaces():
    s = ready("cp_34", "CP")
    act(s, "play_event", "CP", card="cp_34")
    g = game(s)
    assert board.controller(g, "sofia") == "CP"
    assert len(board.units_in(g, "sofia")) == 2
    assert top(s)["state"] == "entry_place"
    chosen = []
    while top(s)["state"] == "entry_place":
        a = next(iter(s.legal_actions()))
        assert a.get("space") != "sofia" and a.get("space") not in chosen
        chosen.append(a.get("space"))
        s.push(a)
    assert len(chosen) == 4 and top(s)["state"] == "phase_action"
    assert refusal(s, "play_event", "CP", card="cp_34") is not None   # card gone, Bulgaria in


def test_pog_ap_16_romania_not_after_fall_of_the_tsar():
    s = ready("ap_16", "AP", pog_events=["cp_52"])
    assert refusal(s, "play_event", "AP", card="ap_16").rule == "PoG AP #16"


def test_pog_ap_16_romania_enters():
    s = ready("ap_16", "AP")
    act(s, "play_event", "AP", card="ap_16")
    while top(s)["state"] == "entry_place":
        s.push(next(iter(s.legal_actions())))
    g = game(s)
    ro = of_type(s, "ro_corps")
    assert len(ro) == 6 and all(board.is_space(g, loc_of(s, p)) for p in ro)
    assert board.controller(g, "bucharest") == "AP"


def test_pog_ap_44_greece_enters():
    s = ready("ap_44", "AP")
    act(s, "play_event", "AP", card="ap_44")
    g = game(s)
    assert sorted(loc_of(s, p) for p in of_type(s, "gr_corps")) == ["athens", "florina", "larisa"]
    assert board.controller(g, "salonika") == "AP"


def test_pog_ap_30_salonika_limited_greek_entry_and_sr():
    s = ready("ap_30", "AP")
    act(s, "play_event", "AP", card="ap_30")
    g = game(s)
    assert s.state.globals["pog_greece_limited"] is True
    assert sorted(loc_of(s, p) for p in of_type(s, "gr_corps")) == ["athens", "florina", "larisa"]
    assert board.controller(g, "athens") == "neutral"
    assert top(s)["state"] == "salonika_sr"
    assert refusal(s, "end_sr", "AP").rule == "PoG AP #30"           # at least one corps
    reserve = [a for a in s.legal_actions() if a.verb == "sr"]
    assert reserve
    act(s, "sr", "AP", unit=reserve[0].get("unit"), to="salonika")
    g = game(s)
    assert board.controller(g, "salonika") == "AP"
    assert s.state.globals["pog_actions_AP"][-1] == "sr"               # 9.3.3
    # 9.5.2.4: nobody enters a space holding neutral Greek units; Greek units do not move
    gr = board.units_in(g, "florina")[0]
    assert movement.entry_violation(g, "CP", [gr], "monastir", "florina") is not None


def test_pog_9_5_2_4_1_salonika_counts_as_sr_for_9_3_3():
    s = ready("ap_30", "AP", pog_actions_AP=["sr"])
    assert refusal(s, "play_event", "AP", card="ap_30").rule == "PoG 9.3.3"


def test_pog_9_5_2_4_greek_spaces_without_greek_units_are_open():
    s = ready("ap_30", "AP")
    act(s, "play_event", "AP", card="ap_30")
    g = game(s)
    assert entry.greek_open(g, "salonika") and not entry.greek_open(g, "larisa")
    assert entry.greek_blocked(g, "athens") and not entry.greek_blocked(g, "salonika")
    assert movement.entry_violation(g, "CP", [], "florina", "salonika") is None


def test_pog_9_5_2_4_nobody_attacks_neutral_greek_units():
    s = ready("ap_30", "AP")
    act(s, "play_event", "AP", card="ap_30")
    put(s, "ge_corps", "monastir")
    declare(s, "CP", ["monastir"])
    v = refusal(s, "attack", "CP", space="florina")
    assert v is not None and v.rule == "PoG 9.5.2.4", v
