"""Neutral entry (PoG 9.5.2): Italy, Romania, Greece, Bulgaria, and the Salonika event."""
from __future__ import annotations

from tests.modules.paths_of_glory_rules.positions import (
    act, card_to, empty_map, loc_of, push, put, refusal, set_global)


def ready(card: str, side: str, turn: int = 3, **globals_):
    s = empty_map()
    set_global(s, "turn", turn)
    for k, v in globals_.items():
        set_global(s, k, v)
    card_to(s, card, f"hand:{side}")
    push(s, "phase_action", round=1, side=side)
    return s


def g_of(s):
    return s.ruleset.game(s.state)


def top(s):
    return s.state.globals["pog_stack"][-1]


def of_type(s, type_id):
    return [pid for pid, p in s.state.pieces.items() if p.type == type_id]


def test_pog_ap_17_italy_enters_units_control_rp_and_mo():
    from modules.paths_of_glory.rules import board, cards, mo
    s = ready("ap_17", "AP")
    g = g_of(s)
    assert cards.nation_neutral(g, "IT")
    act(s, "play_event", "AP", card="ap_17")
    g = g_of(s)
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
    from modules.paths_of_glory.rules import board
    s = ready("cp_34", "CP")
    act(s, "play_event", "CP", card="cp_34")
    g = g_of(s)
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
    from modules.paths_of_glory.rules import board
    s = ready("ap_16", "AP")
    act(s, "play_event", "AP", card="ap_16")
    while top(s)["state"] == "entry_place":
        s.push(next(iter(s.legal_actions())))
    g = g_of(s)
    ro = of_type(s, "ro_corps")
    assert len(ro) == 6 and all(board.is_space(g, loc_of(s, p)) for p in ro)
    assert board.controller(g, "bucharest") == "AP"


def test_pog_ap_44_greece_enters():
    from modules.paths_of_glory.rules import board
    s = ready("ap_44", "AP")
    act(s, "play_event", "AP", card="ap_44")
    g = g_of(s)
    assert sorted(loc_of(s, p) for p in of_type(s, "gr_corps")) == ["athens", "florina", "larisa"]
    assert board.controller(g, "salonika") == "AP"


def test_pog_ap_30_salonika_limited_greek_entry_and_sr():
    from modules.paths_of_glory.rules import board, movement
    s = ready("ap_30", "AP")
    act(s, "play_event", "AP", card="ap_30")
    g = g_of(s)
    assert s.state.globals["pog_greece_limited"] is True
    assert sorted(loc_of(s, p) for p in of_type(s, "gr_corps")) == ["athens", "florina", "larisa"]
    assert board.controller(g, "athens") == "neutral"
    assert top(s)["state"] == "salonika_sr"
    assert refusal(s, "end_sr", "AP").rule == "PoG AP #30"           # at least one corps
    reserve = [a for a in s.legal_actions() if a.verb == "sr"]
    assert reserve
    act(s, "sr", "AP", unit=reserve[0].get("unit"), to="salonika")
    g = g_of(s)
    assert board.controller(g, "salonika") == "AP"
    assert s.state.globals["pog_actions_AP"][-1] == "sr"               # 9.3.3
    # 9.5.2.4: nobody enters a space holding neutral Greek units; Greek units do not move
    gr = board.units_in(g, "florina")[0]
    assert movement.entry_violation(g, "CP", [gr], "monastir", "florina") is not None


def test_pog_9_5_2_4_1_salonika_counts_as_sr_for_9_3_3():
    s = ready("ap_30", "AP", pog_actions_AP=["sr"])
    assert refusal(s, "play_event", "AP", card="ap_30").rule == "PoG 9.3.3"


def test_pog_9_5_2_4_greek_spaces_without_greek_units_are_open():
    from modules.paths_of_glory.rules import entry
    s = ready("ap_30", "AP")
    act(s, "play_event", "AP", card="ap_30")
    g = g_of(s)
    assert entry.greek_open(g, "salonika") and not entry.greek_open(g, "larisa")
    assert entry.greek_blocked(g, "athens") and not entry.greek_blocked(g, "salonika")
    from modules.paths_of_glory.rules import movement
    assert movement.entry_violation(g, "CP", [], "florina", "salonika") is None


def test_pog_9_5_2_4_nobody_attacks_neutral_greek_units():
    from tests.modules.paths_of_glory_rules.positions import declare, put
    s = ready("ap_30", "AP")
    act(s, "play_event", "AP", card="ap_30")
    put(s, "ge_corps", "monastir")
    declare(s, "CP", ["monastir"])
    v = refusal(s, "attack", "CP", space="florina")
    assert v is not None and v.rule == "PoG 9.5.2.4", v
