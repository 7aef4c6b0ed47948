"""Rule cases not covered elsewhere: steps (3.2, 3.11), the Turn-1 air note (9.2), the South
hexes' special cases (10.1.3), the 18th Airborne's arrival (3.12), reinforcements' Administrative
Movement (5.3), and words, not ids, in every prompt and log line."""
from __future__ import annotations

import re

from engine import commands as C
from engine.fuzz import play_one
from modules.france_1944.rules import admin, board, losses, supply

from .positions import (activate, attack, combat_data, fresh, increment, module, move, prompt, put, refused,
                        rules_game, single, where)


def test_f44_3_2_three_steps_full_reduced_cadre_then_eliminated_to_the_box():
    pos = fresh()
    u = put(pos, "US-V", "1613")
    for face in (1, 2):
        pos.call("losses", side="allied", hits=1, pool=[u], counter="")
        pos.push(f"allied: lose unit=#{u}")
        assert pos.state.pieces[u].face == face
    pos.call("losses", side="allied", hits=1, pool=[u], counter="")
    pos.push(f"allied: lose unit=#{u}")
    assert where(pos, u) == "elim_allied" and pos.state.pieces[u].face == 0


def test_f44_3_2_c_a_cadre_fights_at_1_and_keeps_its_morale():
    pos = fresh()
    put(pos, "HQ-GE7", "1815", face=1)
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612", face=2)
    put(pos, "GE-LXXXIV", "1613")
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    c = combat_data(pos)
    assert c["strength"]["attack"] == 1 and c["morale"][0] == 3


def test_f44_3_11_a_a_fuhrer_division_has_one_step():
    pos = fresh("campaign")
    f = put(pos, "GE-F1", "1613")
    pos.call("losses", side="german", hits=1, pool=[f], counter="")
    pos.push(f"german: lose unit=#{f}")
    assert where(pos, f) == "elim_german"


def test_f44_9_2_e_turn_1_one_tactical_air_ground_support_only():
    pos = fresh()
    tac = [p for p, piece in pos.state.pieces.items() if piece.type == "M-TAC"]
    assert sorted(pos.state.pieces[p].face for p in tac) == [0, 1]
    pos.call("air_assign")
    avail = next(p for p in tac if pos.state.pieces[p].face == 0)
    refused(pos.session, f"allied: interdict marker=#{avail}", "F44 9.2")


def test_f44_3_12_a_the_18th_airborne_arrives_in_the_airborne_available_box():
    pos = fresh("campaign", turn=3, clear=False)
    ab = next(p for p, piece in pos.state.pieces.items() if piece.type == "US-XVIII")
    assert where(pos, ab) == "allied_reinforcements"
    pos.call("admin_phase", step=10)                    # the Allied reinforcement segment
    assert where(pos, ab) == "england_airborne"


def test_f44_5_3_f_reinforcements_move_administratively_never_into_an_enemy_zoc():
    pos = fresh("campaign", turn=2)
    first = admin.arrivals(rules_game(pos), "german")[0]
    pos.call("reinforce", side="german", stage="place", placed=[], moved=[])
    pos.push(f"german: enter unit=#{first} hex=@3510")
    put(pos, "US-2AD", "3310")                          # its ZOC covers 3410 and 3409...
    while pos.session.legal_actions().verb("enter"):
        pos.push(pos.session.legal_actions().verb("enter")[0])
    g = rules_game(pos)
    for m in pos.session.legal_actions().verb("move"):
        if m["unit"] == first:
            assert not any(board.enemy_zoc(g, "german", h) for h in list(m["path"])[1:])


# -- 10.1.3 the South hexes ---------------------------------------------------------------------------------
def test_f44_10_1_3_e_an_hq_in_a_south_hex_commands_the_south_hexes_only():
    pos = fresh("campaign", turn=3)
    hq = put(pos, "HQ-US7", "1829", face=1)
    g = rules_game(pos)
    assert supply.in_radius(g, hq, "2529") and not supply.in_radius(g, hq, "1828")


def test_f44_10_1_3_f_g_h_no_attack_into_the_south_no_re_entry_and_zoc_onto_the_map():
    pos = fresh("campaign", turn=3)
    u = put(pos, "US-VI", "1829")
    g = rules_game(pos)
    assert board.enemy_zoc(g, "german", "1828")                  # 10.1.3-h
    pos.set("f44_south_open", True)
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    move(pos, "allied", u, "1829", "1828")
    if pos.state.get("f44_act"):
        pos.push("allied: end_phase")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    refused(pos.session, f"allied: move unit=#{u} path=[@1828,@1829]", "F44 10.1.3")   # 10.1.3-g
    pos = fresh("campaign", turn=3)
    ghq = put(pos, "HQ-GE19", "1828", face=1)
    g2 = put(pos, "GE-9PZ", "1828")
    put(pos, "US-VI", "1929")
    activate(pos, "german", ghq, [g2])
    increment(pos, "german", 1, "attack")
    refused(pos.session, "german: attack hex=@1929", "F44 10.1.3")                        # 10.1.3-f


# -- words, not ids -----------------------------------------------------------------------------------------
ID_PATTERN = re.compile(r"#\d|\b(?:US|BR|CA|FR|PO|GE|HQ|CHIT|M)-[A-Z0-9]|inc_|_allied|_german|england_|elim_|"
                        r"f44_|out_of_play|chit_")


def test_f44_prompts_labels_and_log_lines_are_words():
    session, result = play_one(module(), 3, "falaise_gap", "france_1944", max_actions=400)
    assert not result.failure
    for e in session.record.entries:
        assert not ID_PATTERN.search(e.text), e.text
    for side, line in session.state.chat:
        assert not ID_PATTERN.search(line), line
    assert not ID_PATTERN.search(session.prompt().text)
    for a in list(session.legal_actions())[:50]:
        assert not ID_PATTERN.search(session.ruleset.label(session.state, a)), a


def test_f44_10_1_3_d_south_units_attack_later_set_piece_only():
    pos = fresh("campaign", turn=3)
    hq = put(pos, "HQ-US7", "1829", face=1)
    u = put(pos, "US-VI", "1929")
    pos.commands("placed in September", [C.SetProp(u, "entered", [1, 0, "enter"])])
    put(pos, "HQ-GE19", "2027", face=1)
    d = put(pos, "GE-LXXXIV", "1928")
    activate(pos, "allied", hq, [u])
    increment(pos, "allied", 1, "attack")
    attack(pos, "allied", hq, [u], "1928", dice=[1, 1, 1, 1], activate_first=False)
    assert combat_data(pos)["type"] == "setpiece"
    assert d
