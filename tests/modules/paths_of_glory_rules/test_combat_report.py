"""The combat report of a Paths of Glory combat (12.2, engine.reports): the odds while the attack
is designated, each side's fire with its column shifts, DRMs, die and Loss Number, then the
outcome — on the rulebook's two combat examples."""
from __future__ import annotations

from engine.reports import GLOBAL, check_report

from .conftest import act, card_to, declare, dice, put, set_global


def report(s):
    r = s.state.globals.get(GLOBAL)
    assert r is None or check_report(r) == []
    return r


def line(r, side):
    return next(l for l in r["lines"] if l["who"] == side)


def test_pog_12_2_report_cambrai_odds_fire_and_outcome(board):
    """Combat example 2 (Cambrai): declared with the trench shifts before any die; then the
    Allies fire 12 CF on column 6-8 (die 4: LN 4) and the CP 9 CF on column 12-14 with
    Fortified Machine Guns' +1 (die 5, row 6: LN 7); the CP wins and holds."""
    s = board
    set_global(s, "turn", 8)
    ge2 = put(s, "ge_2a", "cambrai")
    for _ in range(2):
        put(s, "ge_corps", "cambrai")
    put(s, "m_trench_cp", "cambrai", face=1)
    for loc in ("cambrai", "sedan"):
        put(s, "m_control", loc, face=1)
    br3, br4 = put(s, "br_3a", "amiens"), put(s, "br_4a", "amiens")
    cnd = put(s, "cnd_corps", "chateau_thierry", face=1)
    fr6 = put(s, "fr_6a", "chateau_thierry")
    card_to(s, "cp_18", "hand:CP")
    dice(s, 4, 5)
    declare(s, "AP", ["amiens", "chateau_thierry"])
    act(s, "attack", "AP", space="cambrai")
    r = report(s)
    assert r["title"] == "Attack on Cambrai" and r["stage"] == "declared"
    assert r["attacker"] == "AP" and r["defender"] == "CP" and r["committed"] == []
    for u in (br3, br4, cnd, fr6):
        act(s, "add_attacker", "AP", unit=u)
    r = report(s)
    assert r["stage"] == "declared" and r["committed"] == [br3, br4, cnd, fr6]
    ap, cp = line(r, "AP"), line(r, "CP")
    assert "dice" not in ap and "dice" not in cp                    # the odds, before the dice
    assert ap["table"] == "fire_army" and ap["what"].startswith("fires 12 combat factors")
    assert any("trench level 2" in reason and n < 0 for reason, n in ap["shifts"])   # 12.2.8
    act(s, "resolve", "AP")
    act(s, "play_cc", "CP", card="cp_18")
    act(s, "done_cards", "CP")
    r = report(s)
    assert r["stage"] == "resolved"
    ap, cp = line(r, "AP"), line(r, "CP")
    assert ap["dice"] == [4] and ap["column"] == "6-8" and ap["result"] == "Loss Number 4"
    assert cp["dice"] == [5] and cp["row"] == "6" and cp["column"] == "12-14" and cp["result"] == "Loss Number 7"
    assert ["DRM: CP #18 Fortified Machine Guns", 1] in cp["shifts"]
    act(s, "take_loss", "CP", unit=str(ge2))
    act(s, "take_loss", "AP", unit=str(br3))
    act(s, "take_loss", "AP", unit=str(br4))
    r = report(s)
    assert r["outcome"][0] == "Loss Numbers AP 4, CP 7: CP wins"
    assert r["outcome"][1] == "CP took 4 loss point(s), AP 7"


def test_pog_12_5_2_report_tannenberg_retreat(board):
    """Combat example 1 (Tannenberg): the flank attack wins, the Russians retreat 2 spaces."""
    s = board
    ge8 = put(s, "ge_8a", "konigsberg")
    ge1 = put(s, "ge_corps", "thorn")
    put(s, "ru_2a", "tannenberg")
    dice(s, 3, 3, 4)
    declare(s, "CP", ["konigsberg", "thorn"])
    act(s, "attack", "CP", space="tannenberg")
    act(s, "add_attacker", "CP", unit=ge8)
    act(s, "add_attacker", "CP", unit=ge1)
    act(s, "resolve", "CP")
    act(s, "flank", "CP", frontal="konigsberg")
    r = report(s)
    assert line(r, "CP")["result"] == "Loss Number 4" and line(r, "AP")["result"] == "Loss Number 1"
    assert r["outcome"][0] == "Loss Numbers CP 4, AP 1: CP wins"
    retreat = next(a for a in s.legal_actions() if a.verb == "retreat")
    act(s, "retreat", "AP", **dict(retreat.targets))
    act(s, "advance", "CP", unit=ge8, path=["tannenberg"])
    assert "AP retreats 2 space(s)" in report(s)["outcome"]


def test_pog_12_2_2_a_called_off_attack_withdraws_its_report(board):
    s = board
    ge8 = put(s, "ge_8a", "konigsberg")
    put(s, "ru_2a", "tannenberg")
    declare(s, "CP", ["konigsberg"])
    act(s, "attack", "CP", space="tannenberg")
    act(s, "add_attacker", "CP", unit=ge8)
    assert report(s)["committed"] == [ge8]
    act(s, "cancel_attack", "CP")
    assert report(s) is None
