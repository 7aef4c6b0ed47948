"""Paths of Glory combat (12.x): the rulebook's two combat examples and one test per enforced
rule, on hand-built positions with scripted dice."""
from __future__ import annotations

from modules.paths_of_glory.rules import board as B
from modules.paths_of_glory.rules import combat_cards, losses, movement, retreat

from .conftest import (act, attack, card_to, clear_hands, declare, dice, empty_map, face, game,
                       loc_of, markers, move_all, put, refusal, rolled, set_global, top)



def legal(s):
    return list(s.legal_actions())


def test_pog_12_combat_example_1_tannenberg(board):
    """Rulebook combat example 1: flank success, Army table 7 CF die 3 → LN 4, reserve corps
    replaces the RU 2nd Army, RU corps fires column 1 die 4 → 1, the GE corps is reduced,
    2-space retreat (or a step to hold in forest), the 8th Army advances and stops (forest)."""
    s = board
    ge8 = put(s, "ge_8a", "konigsberg")
    ge1 = put(s, "ge_corps", "thorn")
    ru2 = put(s, "ru_2a", "tannenberg")
    dice(s, 3, 3, 4)
    declare(s, "CP", ["konigsberg", "thorn"])
    act(s, "attack", "CP", space="tannenberg")
    act(s, "add_attacker", "CP", unit=ge8)
    act(s, "add_attacker", "CP", unit=ge1)
    act(s, "resolve", "CP")
    assert top(s)["state"] == "combat_flank"
    act(s, "flank", "CP", frontal="konigsberg")          # 3 + 1 (thorn touches no enemy) = 4
    assert rolled(s) == ["flank attack", "combat fire CP", "combat fire AP"]
    assert loc_of(s, ru2).startswith("eliminated:AP")     # both steps (LN 4, LF 2 + 2)
    ru_corps = [p for p in s.state.stacks["tannenberg"] if s.state.pieces[p].type == "ru_corps"]
    assert len(ru_corps) == 1 and face(s, ru_corps[0]) == 0   # PoG 12.4.4 full corps
    assert face(s, ge1) == 1 and face(s, ge8) == 0
    assert s.state.globals["pog_combat"]["winner"] == "CP"
    assert top(s)["state"] == "combat_retreat"
    kinds = {a.verb for a in legal(s)}
    assert "cancel_retreat" in kinds                      # PoG 12.5.3: forest
    paths = [a["path"] for a in legal(s) if a.verb == "retreat"]
    assert paths and all(len(p) == 2 for p in paths)      # LN 4 - 1 = 3 → 2 spaces
    act(s, "retreat", "AP", unit=ru_corps[0], path=paths[0])
    assert loc_of(s, ru_corps[0]) == paths[0][-1]
    assert top(s)["state"] == "combat_advance"
    assert refusal(s, "advance", "CP", unit=ge8, path=["tannenberg", paths[0][0]]).rule == \
        "PoG 12.7.3"
    assert refusal(s, "advance", "CP", unit=ge1, path=["tannenberg"]).rule == "PoG 12.7.1"
    act(s, "advance", "CP", unit=ge8, path=["tannenberg"])
    assert loc_of(s, ge8) == "tannenberg"
    assert top(s)["state"] == "combat_declare"


def test_pog_12_combat_example_2_cambrai(board):
    """Rulebook combat example 2: level-2 trench (no flank), Fortified Machine Guns, GE 9 CF on
    column 12-14 die 5+1 → LN 7, Allies 12 CF on column 6-8 die 4 → LN 4; the CND corps takes
    the first loss (12.4.5); the defender wins and keeps the card face up."""
    s = board
    set_global(s, "turn", 8)
    ge2 = put(s, "ge_2a", "cambrai")
    gc = [put(s, "ge_corps", "cambrai"), put(s, "ge_corps", "cambrai")]
    put(s, "m_trench_cp", "cambrai", face=1)
    for loc in ("cambrai", "sedan"):   # a CP-held line back to Germany: the defenders are in
        put(s, "m_control", loc, face=1)  # supply, so Fortified Machine Guns helps them (14.3.4)
    br3, br4 = put(s, "br_3a", "amiens"), put(s, "br_4a", "amiens")
    cnd = put(s, "cnd_corps", "chateau_thierry", face=1)
    fr6 = put(s, "fr_6a", "chateau_thierry")
    card_to(s, "cp_18", "hand:CP")
    dice(s, 4, 5)
    declare(s, "AP", ["amiens", "chateau_thierry"])
    act(s, "attack", "AP", space="cambrai")
    for u in (br3, br4, cnd, fr6):
        act(s, "add_attacker", "AP", unit=u)
    act(s, "resolve", "AP")
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"  # no flank (12.3.1)
    act(s, "play_cc", "CP", card="cp_18")
    act(s, "done_cards", "CP")
    c = s.state.globals["pog_combat"]
    assert c["ln"] == {"AP": 4, "CP": 7}
    assert top(s)["state"] == "combat_losses" and top(s)["side"] == "CP"
    act(s, "take_loss", "CP", unit=str(ge2))             # then one corps is forced (LN 1 left)
    assert face(s, ge2) == 1 and sorted(face(s, p) for p in gc) == [0, 1]
    assert loc_of(s, cnd) == "eliminated:AP"              # PoG 12.4.5: first loss
    assert top(s)["state"] == "combat_losses" and top(s)["side"] == "AP"
    act(s, "take_loss", "AP", unit=str(br3))
    act(s, "take_loss", "AP", unit=str(br4))
    assert face(s, br3) == face(s, br4) == 1 and face(s, fr6) == 0
    assert top(s)["state"] == "combat_declare"            # defender won: no retreat
    assert loc_of(s, gc[0]) == loc_of(s, gc[1]) == "cambrai"
    pid = next(p for p, x in s.state.pieces.items() if x.type == "cp_18")
    assert loc_of(s, pid) == "cc:CP"                       # PoG 9.5.4.2 kept face up


def test_pog_12_1_11_multinational_needs_common_space(board):
    s = board
    put(s, "ge_2a", "cambrai")
    br = put(s, "br_3a", "amiens")
    fr = put(s, "fr_6a", "chateau_thierry")
    declare(s, "AP", ["amiens", "chateau_thierry"])
    act(s, "attack", "AP", space="cambrai")
    act(s, "add_attacker", "AP", unit=br)
    act(s, "add_attacker", "AP", unit=fr)
    assert refusal(s, "resolve", "AP").rule == "PoG 12.1.11"
    assert all(a.verb != "resolve" for a in legal(s))


def test_pog_12_1_9_dotted_line_and_12_1_10_london(board):
    s = board
    put(s, "ge_corps", "calais")
    fr = put(s, "fr_corps", "london")
    br = put(s, "br_corps", "london")
    declare(s, "AP", ["london"])
    act(s, "attack", "AP", space="calais")
    assert refusal(s, "add_attacker", "AP", unit=fr).rule == "PoG 12.1.9"
    act(s, "add_attacker", "AP", unit=br)
    assert refusal(s, "resolve", "AP").rule == "PoG 12.1.10"


def test_pog_12_1_1_only_attack_activated_units(board):
    s = board
    put(s, "ge_2a", "cambrai")
    br = put(s, "br_3a", "amiens")
    fr = put(s, "fr_6a", "chateau_thierry")
    declare(s, "AP", ["amiens"])
    act(s, "attack", "AP", space="cambrai")
    assert refusal(s, "add_attacker", "AP", unit=fr).rule == "PoG 12.1.1"
    assert refusal(s, "attack", "AP", space="paris") is not None
    assert refusal(s, "resolve", "AP").rule == "PoG 12.2.2"
    act(s, "add_attacker", "AP", unit=br)
    assert refusal(s, "add_attacker", "AP", unit=br).rule == "PoG 12.1.6"


def test_pog_12_1_6_space_attacked_once_per_action(board):
    s = board
    put(s, "ge_2a", "cambrai")
    br3, br4 = put(s, "br_3a", "amiens"), put(s, "br_4a", "amiens")
    dice(s, 1, 1)
    attack(s, "AP", "cambrai", [br3])
    while top(s)["state"] != "combat_declare":
        a = legal(s)[-1]
        s.push(a)
    assert refusal(s, "attack", "AP", space="cambrai").rule == "PoG 12.1.6"
    assert {a.verb for a in legal(s)} == {"end_combats"}
    act(s, "end_combats", "AP")
    assert s.state.globals["pog_stack"] == []


def test_pog_11_3_1_near_east_armies(board):
    s = board
    set_global(s, "turn", 3)
    put(s, "tu_corps", "gaza")
    fr = put(s, "fr_1a", "sinai")
    put(s, "br_corps", "sinai")
    declare(s, "AP", ["sinai"])
    act(s, "attack", "AP", space="gaza")
    assert refusal(s, "add_attacker", "AP", unit=fr).rule == "PoG 11.3.1"


def test_pog_15_2_5_no_desert_combat_in_summer(board):
    s = board
    put(s, "tu_corps", "gaza")
    put(s, "br_corps", "sinai")
    declare(s, "AP", ["sinai"])
    assert refusal(s, "attack", "AP", space="gaza").rule == "PoG 15.2.5"
    assert [a.verb for a in legal(s)] == ["end_combats"]


def test_pog_12_2_7_sinai_drm(board):
    s = board
    set_global(s, "turn", 3)  # fall: desert combat allowed
    tu = put(s, "tu_corps", "gaza")
    br = put(s, "br_corps", "sinai")
    dice(s, 6, 1)
    attack(s, "AP", "gaza", [br])
    c = s.state.globals.get("pog_combat")
    assert face(s, tu) == 0                                  # 6 - 3 = 3: column 1 gives 0
    assert c is None or c["ln"]["AP"] == 0


def test_pog_12_4_3_exact_loss_number(board):
    """12.4.3 example: a full and a reduced FR army take LN 5: the reduced army goes (its
    reserve corps then takes 1 + 1), the full army is untouched."""
    s = board
    full = put(s, "fr_1a", "verdun")
    red = put(s, "fr_2a", "verdun", face=1)
    g = s.ruleset.game(s.state)
    assert losses.legal_steps(g, "AP", [full, red], 5) == [str(red)]
    assert sorted(losses.legal_steps(g, "AP", [full, red], 3)) == sorted([str(full), str(red)])
    assert losses.legal_steps(g, "AP", [full, red], 2) == []


def test_pog_12_4_6_fort_alone_destroyed_and_12_7_1_advance(board):
    s = board
    ge = put(s, "ge_1a", "aachen")
    dice(s, 6, 1)                          # GE LN 5 ≥ Liege LF 3
    attack(s, "CP", "liege", [ge])
    assert markers(s, "liege", "m_destroyed")
    assert top(s)["state"] == "combat_advance"
    act(s, "advance", "CP", unit=ge, path=["liege"])
    assert loc_of(s, ge) == "liege"
    assert B.controller(s.ruleset.game(s.state), "liege") == "CP"   # PoG 12.7.9


def test_pog_12_7_1_no_advance_into_undestroyed_fort(board):
    s = board
    ge = put(s, "ge_1a", "aachen")
    dice(s, 1, 1)                          # LN 2 < LF 3: fort stands
    attack(s, "CP", "liege", [ge])
    assert not markers(s, "liege", "m_destroyed")
    assert top(s)["state"] == "combat_declare" and loc_of(s, ge) == "aachen"


def _win_against(s, rolls, defender_type, where, attackers, frm):
    dice(s, *rolls)
    d = put(s, defender_type, where)
    pids = [put(s, t, frm) for t in attackers]
    declare(s, "CP", [frm])
    act(s, "attack", "CP", space=where)
    for p in pids:
        act(s, "add_attacker", "CP", unit=p)
    act(s, "resolve", "CP")
    return d, pids


def test_pog_12_5_2_retreat_one_space_on_difference_1(board):
    s = board
    # GE army CF 5 on Army column 5, die 1 → 2; RU army CF 3 on Army column 3, die 1 → 1
    d, _ = _win_against(s, [1, 1], "ru_1a", "plock", ["ge_8a"], "thorn")
    if top(s)["state"] == "combat_losses":
        act(s, "take_loss", "CP", unit=legal(s)[0]["unit"])
    c = s.state.globals["pog_combat"]
    assert c["retreat_len"] == 1
    assert all(len(a["path"]) == 1 for a in legal(s) if a.verb == "retreat")


def test_pog_12_5_5_retreat_priority_friendly_first(board):
    s = board
    d, _ = _win_against(s, [3, 1], "ru_1a", "plock", ["ge_8a"], "thorn")
    paths = [a["path"] for a in legal(s) if a.verb == "retreat"]
    g = s.ruleset.game(s.state)
    assert paths and all(B.controller(g, p[0]) == "AP" for p in paths)
    assert all("plock" not in p for p in paths)
    assert refusal(s, "retreat", "AP", unit=d, path=["tannenberg", "insterburg"]).rule == \
        "PoG 12.5.5"


def test_pog_12_5_4_no_retreat_means_permanent_elimination(board):
    s = board
    for loc in ("tannenberg", "warsaw", "lomza", "lodz"):   # every way out of Plock blocked
        put(s, "ge_corps", loc)
    d, _ = _win_against(s, [3, 1], "ru_1a", "plock", ["ge_8a"], "thorn")
    assert {a.verb for a in legal(s)} == {"stand"}
    act(s, "stand", "AP")
    assert loc_of(s, d) == "perm_eliminated:AP"


def test_pog_12_7_7_cp_channel_ports(board):
    s = board
    d, (ge,) = _win_against(s, [3, 1], "be_1a", "brussels", ["ge_1a"], "liege")
    while top(s)["state"] == "combat_retreat":
        paths = [a for a in legal(s) if a.verb == "retreat" and a["path"][-1] != "ostend"]
        s.push(paths[0] if paths else legal(s)[0])
    assert top(s)["state"] == "combat_advance"
    c = s.state.globals["pog_combat"]
    if "ostend" in c["vacated"]:
        assert refusal(s, "advance", "CP", unit=ge, path=["brussels", "ostend"]).rule == \
            "PoG 12.7.3"  # Brussels is clear, so only the Ostend rule can stop it below
    set_global(s, "pog_combat", dict(c, vacated=["brussels", "ostend"]))
    assert refusal(s, "advance", "CP", unit=ge, path=["brussels", "ostend"]).rule == "PoG 12.7.7"
    set_global(s, "ws_cp", 4)
    assert refusal(s, "advance", "CP", unit=ge, path=["brussels", "ostend"]) is None


def test_pog_12_1_2_space_of_retreated_units_not_attackable(board):
    s = board
    ru = put(s, "ru_corps", "plock")
    put(s, "ge_8a", "thorn")
    set_global(s, "pog_retreated", {"round": "1.1", "items": [ru]})
    declare(s, "CP", ["thorn"])
    assert refusal(s, "attack", "CP", space="plock").rule == "PoG 12.1.2"
    set_global(s, "pog_retreated", {"round": "1.2", "items": [ru]})   # an earlier round
    assert refusal(s, "attack", "CP", space="plock") is None


def test_pog_15_1_11_german_attack_on_russian_fort(board):
    s = board
    put(s, "ru_corps", "kovno")
    ge = put(s, "ge_8a", "insterburg")
    declare(s, "CP", ["insterburg"])
    assert refusal(s, "attack", "CP", space="kovno").rule == "PoG 15.1.11"
    set_global(s, "ws_cp", 4)
    act(s, "attack", "CP", space="kovno")
    assert refusal(s, "add_attacker", "CP", unit=ge) is None


def test_pog_9_5_4_4_card_conditions_and_once_per_round(board):
    s = board
    put(s, "ru_1a", "plock")                 # no fort: 15.1.11 is not what this is about
    ge = put(s, "ge_9a", "thorn")
    card_to(s, "cp_15", "hand:CP")      # Chlorine Gas: GE attack +1
    card_to(s, "cp_18", "hand:CP")      # Fortified Machine Guns: defence only
    dice(s, 5, 1)
    attack(s, "CP", "plock", [ge])
    assert top(s)["state"] == "combat_cards"
    assert refusal(s, "play_cc", "CP", card="cp_18").rule == "PoG 12.2.6"
    act(s, "play_cc", "CP", card="cp_15")
    assert refusal(s, "play_cc", "CP", card="cp_15").rule == "PoG 9.5.4.4"
    act(s, "done_cards", "CP")
    assert s.state.globals["pog_combat"]["ln"]["CP"] == 5    # column 5, die 5 + 1 = 6 → 5


def _fire_notes_at_verdun(with_a_corps):
    s = empty_map()
    clear_hands(s)
    put(s, "m_trench_ap", "verdun")
    if with_a_corps:
        put(s, "fr_corps", "verdun")
    ge = put(s, "ge_5a", "sedan")
    dice(s, 1, 1, 1, 1)
    attack(s, "CP", "verdun", [ge])
    notes = [getattr(cmd, "text", "") or "" for e in s.record.entries for cmd in e.commands]
    return {side: next(n for n in notes if n.startswith(f"PoG 12.2.9: {side} fires"))
            for side in ("CP", "AP")}


def test_pog_11_2_9_a_fort_alone_gets_no_trench_a_defended_fort_gets_both():
    """11.2.9 / 15.1.6: the Verdun fort (CF 3) alone in a trenched space fires with no trench
    shift and the attacker suffers none; with a FR corps there the trench shifts apply and the
    fort's CF is added to the corps' (3 + 1)."""
    alone = _fire_notes_at_verdun(with_a_corps=False)
    assert "fires 3 CF" in alone["AP"] and "(+0)" in alone["AP"] and "(+0)" in alone["CP"]
    held = _fire_notes_at_verdun(with_a_corps=True)
    assert "fires 4 CF" in held["AP"] and "(+1)" in held["AP"] and "(-1)" in held["CP"]


def _two_french_armies_hit(reserve_corps: bool, die: int):
    """Three GE armies (15 CF, Army table column 15) attack the FR 3rd and 4th Armies (LF 3
    on both faces) in clear Amiens; the French fire a 1."""
    s = empty_map()
    clear_hands(s)
    if not reserve_corps:
        move_all(s, losses.reserve_corps(game(s), "AP", "FR"), "pool:AP")
    fr3, fr4 = put(s, "fr_3a", "amiens"), put(s, "fr_4a", "amiens")
    ges = [put(s, t, "cambrai") for t in ("ge_1a", "ge_2a", "ge_3a")]
    dice(s, die, 1)
    attack(s, "CP", "amiens", ges)
    return s, fr3, fr4


def test_pog_12_4_4_2_two_lf3_armies_and_ln_7_without_reserve_corps():
    """12.4.4.2: LN 7 on two full LF-3 armies with no FR corps in the Reserve Box: they may not
    both be reduced — the army reduced first is then eliminated, permanently."""
    s, fr3, fr4 = _two_french_armies_hit(reserve_corps=False, die=6)
    assert s.state.globals["pog_combat"]["ln"]["CP"] == 7
    assert top(s)["state"] == "combat_losses"
    act(s, "take_loss", "AP", unit=fr3)                     # either army may go first
    assert loc_of(s, fr3) == "perm_eliminated:AP"           # the second step was forced
    assert loc_of(s, fr4) == "amiens" and face(s, fr4) == 0


def test_pog_12_4_3_with_a_reserve_corps_the_replacement_takes_the_last_point():
    """Contrast: with FR corps in the Reserve Box 12.4.4.2 does not apply: the reduced army's
    elimination brings a corps that takes the 7th point (3 + 3 + 1)."""
    s, fr3, fr4 = _two_french_armies_hit(reserve_corps=True, die=6)
    act(s, "take_loss", "AP", unit=fr3)
    while top(s)["state"] == "combat_losses":
        s.push(list(s.legal_actions())[0])
    assert loc_of(s, fr3) == "eliminated:AP"


def test_pog_12_7_4_advance_to_the_last_space_of_an_incomplete_retreat():
    """12.7.4, the rulebook's example: RU units at Kishinev attacked from Zhmerinka, Romania
    neutral and Odessa CP-occupied, must retreat 2 but can reach only Ismail; they are
    eliminated there, and the CP may still advance through Kishinev to Ismail."""
    s = empty_map()
    clear_hands(s)
    ru = put(s, "ru_1a", "kishinev")
    put(s, "ah_corps", "odessa")
    ge = put(s, "ge_8a", "zhmerinka")
    dice(s, 2, 1)
    attack(s, "CP", "kishinev", [ge])
    c = s.state.globals["pog_combat"]
    assert c["ln"] == {"CP": 3, "AP": 1} and c["retreat_len"] == 2
    assert [a["path"] for a in legal(s) if a.verb == "retreat"] == [["ismail"]]
    assert "stand" not in {a.verb for a in legal(s)}
    act(s, "retreat", "AP", unit=ru, path=["ismail"])
    assert loc_of(s, ru) == "perm_eliminated:AP"           # 12.5.4: an army, permanently
    assert top(s)["state"] == "combat_advance"
    act(s, "advance", "CP", unit=ge, path=["kishinev", "ismail"])
    assert loc_of(s, ge) == "ismail"


def _cards_after_a_ge_attack(board, rolls):
    s = board
    put(s, "ru_1a", "plock")                 # no fort: 15.1.11 is not what this is about
    ge = put(s, "ge_9a", "thorn")
    card_to(s, "cp_03", "cc:CP")        # Von Francois, kept face up after an earlier win
    card_to(s, "cp_40", "hand:CP")      # Air Superiority, played from the hand now
    dice(s, *rolls)
    attack(s, "CP", "plock", [ge])
    act(s, "play_cc", "CP", card="cp_03")
    act(s, "play_cc", "CP", card="cp_40")
    act(s, "done_cards", "CP")
    where = {c: next(p.loc for p in s.state.pieces.values() if p.type == c) for c in ("cp_03", "cp_40")}
    notes = [getattr(cmd, "text", "") or "" for e in s.record.entries for cmd in e.commands]
    return next(n for n in reversed(notes) if n.startswith("PoG 12.2.11")), where


def test_pog_9_5_4_3_the_loser_discards_every_card_he_used(board):
    """9.5.4.3: losing, the CP discard both the card played now and the one kept from before."""
    result, where = _cards_after_a_ge_attack(board, [1, 6])
    assert result.endswith("AP wins")
    assert where == {"cp_03": "discard:CP", "cp_40": "discard:CP"}


def test_pog_9_5_4_2_the_winner_keeps_his_cards_face_up(board):
    result, where = _cards_after_a_ge_attack(board, [6, 1])
    assert result.endswith("CP wins")
    assert where == {"cp_03": "cc:CP", "cp_40": "cc:CP"}


def _defence_cards_offered(attacker_space, attacker, defender_space):
    s = empty_map()
    put(s, "ge_corps", defender_space)
    put(s, "m_trench_cp", defender_space)
    fr = put(s, attacker, attacker_space)
    card_to(s, "cp_18", "hand:CP")      # Fortified Machine Guns: entrenched German defence
    dice(s, *[1] * 8)
    declare(s, "AP", [attacker_space])
    act(s, "attack", "AP", space=defender_space)
    act(s, "add_attacker", "AP", unit=fr)
    act(s, "resolve", "AP")
    while top(s)["state"] == "combat_cards" and top(s)["side"] == "AP":
        act(s, "done_cards", "AP")
    return s


def test_pog_14_3_4_oos_defenders_get_no_combat_card():
    """14.1.1.2 / 14.3.4: supply is checked as the combat starts; an OOS German corps in an
    Allied-controlled space cannot be helped by Fortified Machine Guns, an in-supply one can."""
    s = _defence_cards_offered("amiens", "fr_corps", "cambrai")
    assert not any(a.verb == "play_cc" for a in s.legal_actions())
    if top(s)["state"] == "combat_cards":
        assert refusal(s, "play_cc", "CP", card="cp_18").rule == "PoG 14.3.4"
    s = _defence_cards_offered("verdun", "fr_corps", "metz")
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    assert any(a.verb == "play_cc" and a.get("card") == "cp_18" for a in s.legal_actions())


def test_pog_14_3_4_oos_defenders_never_meet_a_defence_card_condition(board):
    """14.3.4 with mixed defenders: an out-of-supply German corps beside an Austrian one does
    not make Fortified Machine Guns ("an entrenched German defender") playable; in supply it
    does."""
    s = board
    fr = put(s, "fr_corps", "amiens")
    ge, ah = put(s, "ge_corps", "cambrai"), put(s, "ah_corps", "cambrai")
    put(s, "m_trench_cp", "cambrai")
    c = {"target": "cambrai", "attacker": "AP", "defender": "CP", "attackers": [fr],
         "defenders": [ge, ah], "oos_defenders": [], "cards": {"AP": [], "CP": []},
         "ignore_trench": False}
    g = s.ruleset.game(s.state)
    assert combat_cards.fits(g, c, "CP", "cp_18", False)
    assert not combat_cards.fits(g, {**c, "oos_defenders": [ge]}, "CP", "cp_18", False)


def test_pog_12_1_9_one_russian_corps_per_turn_attacks_over_the_caucasus_link(board):
    """12.1.9: one RU corps per turn may attack between the Caucasus and the Near East, and it
    is the one crossing 11.3.2 allows: a second corps may join neither the attack nor move."""
    s = board
    set_global(s, "turn", 3)
    a, b = put(s, "ru_corps", "caucasus"), put(s, "ru_corps", "caucasus")
    put(s, "tu_corps", "grozny")
    declare(s, "AP", ["caucasus"])
    act(s, "attack", "AP", space="grozny")
    act(s, "add_attacker", "AP", unit=a)
    assert refusal(s, "add_attacker", "AP", unit=b).rule == "PoG 12.1.9"
    act(s, "resolve", "AP")
    assert 3 in s.state.globals["pog_caucasus_link"]
    g = s.ruleset.game(s.state)
    assert movement.entry_violation(g, "AP", [b], "caucasus", "poti").rule == "PoG 11.3.2"


def test_pog_12_1_9_a_retreat_over_the_caucasus_link_counts_too(board):
    """12.1.9: a RU corps in Poti may retreat into the Caucasus space only while the link is
    unused this turn."""
    s = board
    set_global(s, "turn", 3)
    ru = put(s, "ru_corps", "poti")
    g = s.ruleset.game(s.state)
    c = {"target": "poti", "retreat_len": 1}
    assert ["caucasus"] in retreat.retreat_paths(g, c, ru)
    set_global(s, "pog_caucasus_link", [3])
    g = s.ruleset.game(s.state)
    assert ["caucasus"] not in retreat.retreat_paths(g, c, ru)


def test_pog_12_5_5_no_retreat_from_a_port_into_the_sea(board):
    """12.5.5: a BR corps in Calais, beaten from Ostend with Amiens and Cambrai also German, may
    not escape over the Channel line to London: it cannot retreat and is eliminated."""
    s = board
    put(s, "ge_corps", "amiens")
    put(s, "ge_corps", "cambrai")
    d, _ = _win_against(s, [6, 1], "br_corps", "calais", ["ge_corps"], "ostend")
    assert top(s)["state"] == "combat_retreat"
    assert {a.verb for a in legal(s)} == {"stand"}
    assert refusal(s, "retreat", "AP", unit=d, path=["london"]).rule == "PoG 12.5.5"


def test_pog_12_5_5_the_defender_chooses_who_fits_and_who_is_eliminated(board):
    """12.5.5: two RU corps must retreat one space where only one more unit fits (Lomza; the
    other ways out of Plock are German): the defender picks which retreats; the other, left
    with no way, is eliminated."""
    s = board
    for loc in ("tannenberg", "warsaw", "lodz"):
        put(s, "ge_corps", loc)
    put(s, "ru_corps", "lomza")
    put(s, "ru_corps", "lomza")
    a, b = put(s, "ru_corps", "plock"), put(s, "ru_corps", "plock")
    ge = put(s, "ge_8a", "thorn")
    dice(s, 1, 6)
    attack(s, "CP", "plock", [ge])
    act(s, "take_loss", "AP", unit=b)     # LN 2: a was reduced first (identical corps), now b
    c = s.state.globals["pog_combat"]
    assert c["ln"] == {"CP": 2, "AP": 1} and c["retreat_len"] == 1
    assert face(s, a) == 1 and face(s, b) == 1 and loc_of(s, a) == loc_of(s, b) == "plock"
    offered = {(x["unit"], tuple(x["path"])) for x in legal(s) if x.verb == "retreat"}
    assert offered == {(a, ("lomza",)), (b, ("lomza",))}            # the defender's choice
    act(s, "retreat", "AP", unit=b, path=["lomza"])
    assert {x.verb for x in legal(s)} == {"stand"}
    act(s, "stand", "AP")
    assert loc_of(s, b) == "lomza" and loc_of(s, a).startswith("eliminated")
