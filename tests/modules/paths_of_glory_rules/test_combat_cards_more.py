"""The six combat cards that change the combat procedure: AP #6 / CP #56 Withdrawal (12.6),
AP #39 They Shall Not Pass (9.5.4.2, 12.2.11), CP #2 Wireless Intercepts (flank step), CP #60
Turkish Determination, CP #64 Alberich. Hand-built positions, scripted dice."""
from __future__ import annotations

from engine import commands as C
from modules.paths_of_glory.rules import retreat, supply

from .conftest import (act, attack, card_to, clear_hands, control, dice, dice_left, empty_map,
                       face, game, loc_of, put, refusal, rolled, set_global, top, turkey_at_war,
                       where)



def german_line_to(s, *spaces):
    """``spaces`` CP-controlled: a German line of supply back to Germany (14.1.2), so that
    14.3.4 does not keep the defenders there from their combat cards."""
    for loc in spaces:
        control(s, loc, "CP")


def lines(entry, text):
    """The log lines of ``entry`` that hold ``text``."""
    return [c.text for c in entry.commands if isinstance(c, C.Note) and text in c.text]


def test_pog_ap_06_withdrawal_example_of_play_cambrai(board):
    """Example of play (CP 2, Aug 1914): GE 2nd + 3rd from Sedan attack the reduced FR 5th at
    Cambrai; the Allies play Withdrawal. CP die 4 on 9-11 -> LN 5: the FR 5th is eliminated, its
    reserve corps loses both steps — Withdrawal saves the corps (12.6.10). AP die 6 on column 2
    -> LN 3: GE 2nd reduced. The corps retreats one space; the GE 3rd advances to Cambrai."""
    s = board
    fr5 = put(s, "fr_5a", "cambrai", face=1)
    ge2, ge3 = put(s, "ge_2a", "sedan"), put(s, "ge_3a", "sedan")
    card_to(s, "ap_06", "hand:AP")
    dice(s, 4, 6)
    attack(s, "CP", "cambrai", [ge2, ge3], ["sedan"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "AP"
    act(s, "play_cc", "AP", card="ap_06")
    act(s, "done_cards", "AP")
    c = s.state.globals["pog_combat"]
    assert c["ln"] == {"CP": 5, "AP": 3}
    assert top(s)["state"] == "combat_losses" and top(s)["side"] == "CP"
    act(s, "take_loss", "CP", unit=str(ge2))
    assert face(s, ge2) == 1
    assert loc_of(s, fr5).endswith(":AP") and loc_of(s, fr5) != "cambrai"
    corps = [p for p in s.state.stacks.get("cambrai", ()) if s.state.pieces[p].type == "fr_corps"]
    assert len(corps) == 1 and face(s, corps[0]) == 1          # survives, reduced (12.6.10)
    assert top(s)["state"] == "combat_retreat"
    moves = [a for a in s.legal_actions() if a.verb == "retreat"]
    assert moves and all(len(a["path"]) == 1 for a in moves)     # one space only (12.6.4)
    amiens = next(a for a in moves if a["path"] == ["amiens"])
    s.push(amiens)
    assert top(s)["state"] == "combat_advance"
    assert refusal(s, "advance", "CP", unit=ge2, path=["cambrai"]).rule == "PoG 12.7.1"
    act(s, "advance", "CP", unit=ge3, path=["cambrai"])
    assert loc_of(s, ge3) == "cambrai" and top(s)["state"] == "combat_declare"
    assert where(s, "ap_06") == "removed:AP"                      # a * card


def test_pog_cp_56_withdrawal_corps_first_forced_retreat_and_no_cancel(board):
    """CP #56: 12.6.9 the LN is met with corps where possible; the restored step is the
    defender's choice; 12.6.4 the retreat is forced although the attacker lost; 12.6.5 the
    trench does not cancel it."""
    s = board
    german_line_to(s, "cambrai", "sedan")
    ge8 = put(s, "ge_8a", "cambrai")
    gc = [put(s, "ge_corps", "cambrai"), put(s, "ah_corps", "cambrai", face=1)]
    assert not supply.oos_units(game(s), "CP")
    put(s, "m_trench_cp", "cambrai", face=0)
    fr = [put(s, "fr_5a", "amiens"), put(s, "fr_6a", "amiens")]
    card_to(s, "cp_56", "hand:CP")
    card_to(s, "ap_06", "hand:AP")
    dice(s, 2, 6)
    attack(s, "AP", "cambrai", fr, ["amiens"])
    assert top(s)["side"] == "CP"            # the attacker's Withdrawal is a defence card
    act(s, "play_cc", "CP", card="cp_56")
    act(s, "done_cards", "CP")
    c = s.state.globals["pog_combat"]
    ap_ln, cp_ln = c["ln"]["AP"], c["ln"]["CP"]
    assert ap_ln == 3 and cp_ln > ap_ln, c["ln"]                # the attacker loses
    # 12.6.9: two corps can take LN 3 instead of the army step
    assert top(s)["state"] == "combat_losses" and top(s)["side"] == "CP"
    assert refusal(s, "take_loss", "CP", unit=str(ge8)).rule == "PoG 12.6.9"
    while top(s)["state"] == "combat_losses" and top(s)["side"] == "CP":
        opts = [a for a in s.legal_actions() if a.verb == "take_loss"]
        s.push(opts[0])
    assert face(s, ge8) == 0
    while top(s)["state"] == "combat_losses":
        s.push(next(a for a in s.legal_actions() if a.verb == "take_loss"))
    assert top(s)["state"] == "combat_withdrawal"                # two different corps steps
    options = [a["unit"] for a in s.legal_actions()]
    assert sorted(options) == sorted(gc)
    assert refusal(s, "restore_step", "CP", unit=ge8).rule == "PoG 12.6.3"
    gone = next(p for p in gc if not loc_of(s, p) == "cambrai")
    act(s, "restore_step", "CP", unit=gone)
    assert loc_of(s, gone) == "cambrai" and face(s, gone) == 1
    assert s.state.globals["pog_combat"]["winner"] == "CP"
    assert top(s)["state"] == "combat_retreat"                   # forced (12.6.4)
    assert refusal(s, "cancel_retreat", "CP", unit=ge8).rule == "PoG 12.6.5"
    assert all(len(a["path"]) == 1 for a in s.legal_actions() if a.verb == "retreat")
    assert where(s, "cp_56") == "removed:CP"


def test_pog_ap_39_they_shall_not_pass_holds_on_loss_stays_on_tie(board):
    """AP #39: a French unit in a French fort space. On a tie it stays face up (12.2.11); when
    the Allies lose, the retreat is cancelled and the card is discarded."""
    s = board
    set_global(s, "turn", 10)
    fr = put(s, "fr_3a", "verdun")
    ge = [put(s, "ge_2a", "metz"), put(s, "ge_3a", "metz")]
    card_to(s, "ap_39", "hand:AP")
    dice(s, 2, 1)                                               # LN 3 each: a tie
    attack(s, "CP", "verdun", ge[:1], ["metz"])
    act(s, "play_cc", "AP", card="ap_39")
    act(s, "done_cards", "AP")
    assert top(s)["state"] == "combat_declare"
    assert face(s, fr) == 1 and face(s, ge[0]) == 1
    assert where(s, "ap_39") == "cc:AP"                          # kept on a tie (12.2.11)
    # next Action Round: the face-up card is used again; the CP win 4 to 2, no retreat
    set_global(s, "action_round", 2)
    assert dice_left(s) == []
    dice(s, 4, 1)
    attack(s, "CP", "verdun", ge[1:], ["metz"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "AP"
    act(s, "play_cc", "AP", card="ap_39")
    act(s, "done_cards", "AP")
    while top(s)["state"] == "combat_losses":
        s.push(next(a for a in s.legal_actions() if a.verb == "take_loss"))
    assert s.state.globals["pog_stack"][-1]["state"] == "combat_declare"  # no retreat/advance
    held = [p for p in s.state.stacks.get("verdun", ()) if s.state.pieces[p].type == "fr_corps"]
    assert held and loc_of(s, ge[1]) == "metz"          # the replacement corps holds Verdun
    assert where(s, "ap_39") == "discard:AP"


def test_pog_ap_39_they_shall_not_pass_needs_a_french_unit(board):
    s = board
    put(s, "br_corps", "verdun")
    ge = put(s, "ge_2a", "metz")
    card_to(s, "ap_39", "hand:AP")
    card_to(s, "ap_06", "hand:AP")     # Withdrawal: playable, so the AP card step is offered
    dice(s, 6, 1)
    attack(s, "CP", "verdun", [ge], ["metz"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "AP"
    assert refusal(s, "play_cc", "AP", card="ap_39").rule == "PoG 12.2.6"


def test_pog_cp_02_wireless_intercepts_flank_succeeds(board):
    """CP #2: in the flank step, with a German attacker against a space holding only Russian
    units, the flank attack succeeds without a roll; the card may not be played later."""
    s = board
    ge8, ge1 = put(s, "ge_8a", "konigsberg"), put(s, "ge_corps", "thorn")
    ru2 = put(s, "ru_2a", "tannenberg")
    card_to(s, "cp_02", "hand:CP")
    dice(s, 3, 4)
    attack(s, "CP", "tannenberg", [ge8, ge1], ["konigsberg", "thorn"])
    assert top(s)["state"] == "combat_flank"
    entry = act(s, "play_cc", "CP", card="cp_02")
    assert lines(entry, "succeeds automatically")
    c = s.state.globals["pog_combat"]
    assert c["flank"] == "success" and "flank attack" not in rolled(s)
    assert rolled(s)[:1] == ["combat fire CP"]                 # the attacker fired first
    assert where(s, "cp_02") in ("removed:CP",) or s.state.globals.get("pog_combat")
    del ru2


def test_pog_cp_02_wireless_intercepts_only_russians_and_only_in_flank_step(board):
    s = board
    ge8, ge1 = put(s, "ge_8a", "konigsberg"), put(s, "ge_corps", "thorn")
    put(s, "ru_2a", "tannenberg")
    put(s, "sb_corps", "tannenberg")
    card_to(s, "cp_02", "hand:CP")
    card_to(s, "cp_03", "hand:CP")
    dice(s, 6, 3, 4)
    attack(s, "CP", "tannenberg", [ge8, ge1], ["konigsberg", "thorn"])
    assert top(s)["state"] == "combat_flank"
    assert refusal(s, "play_cc", "CP", card="cp_02").rule == "PoG CP #2"
    assert not [a for a in s.legal_actions() if a.verb == "play_cc"]
    act(s, "no_flank", "CP")
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    assert refusal(s, "play_cc", "CP", card="cp_02").rule == "PoG 12.2.6"


def test_pog_cp_60_turkish_determination_level_1_trench(board):
    """CP #60: the Turkish defender fights as in a level-1 trench (attacker 1 column left,
    defender 1 right) and may cancel a retreat by a step loss (12.5.3)."""
    s = board
    turkey_at_war(s, but=("balikesir",))
    br = [put(s, "br_corps", "balikesir") for _ in range(3)]
    put(s, "tu_corps", "bursa")                              # clear terrain
    put(s, "tu_corps", "bursa")
    assert not supply.oos_units(game(s), "CP")
    card_to(s, "cp_60", "hand:CP")
    dice(s, 6, 1)
    attack(s, "AP", "bursa", br, ["balikesir"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    assert not retreat.can_cancel(game(s), s.state.globals["pog_combat"])   # clear terrain
    act(s, "play_cc", "CP", card="cp_60")
    assert retreat.can_cancel(game(s), s.state.globals["pog_combat"])       # "for all purposes"
    entry = act(s, "done_cards", "CP")
    assert lines(entry, "AP fires 3 CF") and "(-1)" in lines(entry, "AP fires 3 CF")[0]
    assert "(+1)" in lines(entry, "CP fires")[0]


def test_pog_cp_60_turkish_determination_not_for_sn_or_in_a_trench(board):
    s = board
    turkey_at_war(s, but=("bursa",))
    br = put(s, "br_corps", "bursa")
    put(s, "sn_corps", "eskisehir")
    put(s, "ah_corps", "eskisehir")
    assert not supply.oos_units(game(s), "CP")
    card_to(s, "cp_60", "hand:CP")
    card_to(s, "cp_57", "hand:CP")
    dice(s, 1, 1)
    attack(s, "AP", "eskisehir", [br], ["bursa"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    assert refusal(s, "play_cc", "CP", card="cp_60").rule == "PoG 12.2.6"
    s = empty_map()
    clear_hands(s)
    turkey_at_war(s, but=("bursa",))
    br = put(s, "br_corps", "bursa")
    put(s, "tu_corps", "eskisehir")
    put(s, "m_trench_cp", "eskisehir")
    assert not supply.oos_units(game(s), "CP")
    card_to(s, "cp_60", "hand:CP")
    card_to(s, "cp_16", "hand:CP")
    dice(s, 1, 1)
    attack(s, "AP", "eskisehir", [br], ["bursa"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    assert refusal(s, "play_cc", "CP", card="cp_60").rule == "PoG 12.2.6"


def test_pog_cp_64_alberich_cancels_the_attack(board):
    """CP #64: an Allied attack in France is cancelled — no dice, the Allied card counts as not
    played (back in hand, usable again this round), Alberich is removed, the space still
    counts as attacked."""
    s = board
    set_global(s, "turn", 12)
    german_line_to(s, "cambrai", "sedan")
    fr = put(s, "fr_5a", "amiens")
    ge = put(s, "ge_corps", "cambrai")
    assert not supply.oos_units(game(s), "CP")
    card_to(s, "ap_19", "hand:AP")
    card_to(s, "cp_64", "hand:CP")
    attack(s, "AP", "cambrai", [fr], ["amiens"])
    act(s, "play_cc", "AP", card="ap_19")
    act(s, "done_cards", "AP")
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    entry = act(s, "play_cc", "CP", card="cp_64")
    assert lines(entry, "is cancelled")
    assert rolled(s) == []
    assert top(s)["state"] == "combat_declare" and "cambrai" in top(s)["attacked"]
    assert where(s, "ap_19") == "hand:AP" and where(s, "cp_64") == "removed:CP"
    assert "ap_19" not in (s.state.globals.get("pog_cc_used") or {}).get("items", [])
    assert loc_of(s, ge) == "cambrai" and face(s, ge) == 0 and face(s, fr) == 0
    assert s.state.globals.get("pog_combat") is None


def test_pog_cp_64_alberich_not_after_yanks_and_tanks(board):
    s = board
    set_global(s, "turn", 12)
    set_global(s, "action_round", 1)
    set_global(s, "pog_yanks_round", "12.1")
    german_line_to(s, "cambrai", "sedan")
    fr = put(s, "fr_5a", "amiens")
    put(s, "ge_corps", "cambrai")
    assert not supply.oos_units(game(s), "CP")
    put(s, "m_trench_cp", "cambrai")
    card_to(s, "cp_64", "hand:CP")
    card_to(s, "cp_18", "hand:CP")
    dice(s, 1, 1)
    attack(s, "AP", "cambrai", [fr], ["amiens"])
    assert top(s)["state"] == "combat_cards" and top(s)["side"] == "CP"
    assert refusal(s, "play_cc", "CP", card="cp_64").rule == "PoG 12.2.6"
    set_global(s, "pog_yanks_round", "12.2")                     # another round: playable
    assert refusal(s, "play_cc", "CP", card="cp_64") is None
