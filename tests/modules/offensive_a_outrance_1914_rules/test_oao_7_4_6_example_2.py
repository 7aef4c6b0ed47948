"""7.4.6 example 2: a Push-back during a retreat, and no second Push-back in a later retreat of
the same combat (7.4.1: one attempt per retreating group)."""
from __future__ import annotations

from .positions import attack, blank, ce, game, legal_verbs, top, unit

A_DIV = "DE-11_6"                 # Division A: AS 14
B_SUPPORT = "FR-1_det_81"         # Unit B: a Support unit with DS 2 (base CE 8, reconstructed data)
C_SUPPORT = "FR-2_det_81"
BRITISH = ("GB-1_1", "GB-2_1", "GB-3_2", "GB-5_2")   # AS 12, PR 6 each
X = "44.18"                       # Division A's hex (open terrain all round)


def _attacked(defender_ec: list[int], b_at: str = "45.17", c_at: str = "46.17", friend_at: str = ""):
    """Four British divisions (48 AS) attack Division A at X, out of Ammo (DS 8, 9.4): 6:1; PR 5
    against 6: white 1 - 1 = row 0, black 1: "-1/+4" and a black 2-hex retreat (❷), no SR.
    Division A's post-combat EC is ``defender_ec`` (+4 CRT +2 artillery)."""
    pos = blank("campaign", gt=10)
    # the Allied RR hexes operational (the Allies' Ammo, 9.4.1): B and C are detachments of the
    # GDT's divisions (22.3.3), and RR lines behind its front are not converted (18.2, R52), so a
    # blank position would leave them without the lines a game at GT 10 has
    pos.set("rail_allied", sorted(game(pos).board.rail))
    a = unit(pos, A_DIV, X, army="DE2")
    brits = [unit(pos, t, h, army="BEF") for t, h in zip(BRITISH, ("43.18", "43.18", "43.19", "43.19"))]
    b = unit(pos, B_SUPPORT, b_at, army="FR5")
    c = unit(pos, C_SUPPORT, c_at, army="FR5")
    if friend_at:
        unit(pos, "DE-loc-Landsturm", friend_at, army="DE2")
    pos.dice(1, 1, [1, 1], [1, 1], defender_ec)
    attack(pos, "allied", X, brits)
    pos.push("allied: normal")
    pos.push("german: normal")
    crt_line = pos.state.globals["combat_report"]["lines"][1]
    assert crt_line["column"] == "6:1" and crt_line["result"] == "-1/+4❷"
    return pos, a, b, c


def _no_second_push(pos) -> None:
    """An enemy unit stands where a Push-back could aim, yet none is offered: the group pushed."""
    g = game(pos)
    frame = top(pos)
    assert frame["state"] == "retreat" and frame["side"] == "german" and frame["pushed"]
    assert pos.session.ruleset.machine.table["retreat"].push_targets(g, frame)
    assert "push" not in legal_verbs(pos)


def test_oao_7_4_6_example_2_push_back_during_the_retreat_then_no_second_one():
    """7.4.6 example 2: Division A (AS 14) must retreat 2 hexes (CRT). It enters the ZOC of
    Unit B (a lone Support unit, DS 2, open terrain) and loses a CE level (11.1.3), then pushes B:
    14:2 = 7:1. The example rounds it to 8:1, an automatic success; the rules round down (9.6,
    reading R1), so it is the 6:1 column and a CRT roll (7.4.3): white 3 - 2 (PR 3 against 5),
    black 1: a black-circle retreat, success. B retreats 2 hexes and checks at +1: a roll of 7
    passes (8 against B's CEL 8 — the example's CEL 9 is reconstructed as 8 here; 7 passes
    either way). A then finishes its retreat (one more hex). Unit C also stands where a Push-back
    could aim: A may not try a second one."""
    pos, a, b, c = _attacked([1, 1])
    assert top(pos)["left"] == 2 and ce(pos, a) == 0             # passed its EC: 2 + 6 = 8 <= 11
    pos.push("german: retreat to=@45.18")                         # into B's ZOC
    assert ce(pos, a) == 1                                        # 11.1.3
    assert "push" in legal_verbs(pos)
    pos.dice(3, 1, [3, 4])                                        # Push-back white, black; B's EC 7
    pos.push("german: push target=@45.17")
    rep = pos.state.globals["combat_report"]
    assert rep["lines"][0]["what"] == "Push-back: 14 against 2"
    assert rep["lines"][0]["result"] == "initial 6:1, final 6:1"  # 7:1 rounded down (R1)
    assert "success" in rep["lines"][1]["result"]
    while top(pos)["side"] == "allied":                           # B retreats its 2 hexes
        pos.push(next(a for a in pos.session.legal_actions() if a.verb == "retreat"))
    g = game(pos)
    assert g.board.distance("45.17", pos.where(b)) == 2 and pos.face(b) == 0   # survived its EC
    assert top(pos)["left"] == 1
    _no_second_push(pos)                                          # C at 46.17 touches 45.18
    pos.push("german: retreat to=@46.18")
    assert pos.where(a) == "46.18" and game(pos).board.distance(X, "46.18") == 2


def test_oao_7_4_6_example_2_a_pushed_unit_failing_its_ec_by_ten_is_reduced():
    """7.4.6 example 2: "had it rolled 10 or more, Unit B would have taken a Strength Reduction
    and been eliminated" — 10 + 1 against CEL 8 fails; a Support unit takes an SR instead of CE
    levels (5.5.2), and B has no reduced side."""
    pos, a, b, c = _attacked([1, 1])
    pos.push("german: retreat to=@45.18")
    pos.dice(3, 1, [4, 6])
    pos.push("german: push target=@45.17")
    assert pos.where(b) == "eliminated"


def test_oao_7_4_6_the_ec_retreat_of_the_same_combat_joins_the_one_retreat_with_one_push():
    """7.4.6 example 2, its last sentence: a group that must retreat again after its post-combat
    EC may not push again. Here the EC is rolled before any retreat (10.0 step j, then k) and its
    hexes are added to the CRT's in one retreat of the group: Division A fails by 7 (12 + 6
    against 11: -3 CE levels, 1 more hex, 10.3), so it retreats 3 hexes with one Push-back in all.
    It steps to 45.19 (a friendly unit there negates B's ZOC, 11.1.3), pushes B, and is then
    never offered another Push-back although Unit C stands beside its path."""
    pos, a, b, c = _attacked([6, 6], b_at="46.19", c_at="45.20", friend_at="45.19")
    assert top(pos)["left"] == 3 and ce(pos, a) == 3               # 2 (CRT) + 1 (EC); not CI
    pos.push("german: retreat to=@45.19")
    assert ce(pos, a) == 3 and "push" in legal_verbs(pos)
    pos.dice(3, 1, [1, 1])
    pos.push("german: push target=@46.19")
    while top(pos)["side"] == "allied":
        pos.push(next(a for a in pos.session.legal_actions() if a.verb == "retreat"))
    assert pos.where(b) != "46.19"
    assert top(pos)["left"] == 2
    _no_second_push(pos)                                          # C at 45.20 touches 45.19
