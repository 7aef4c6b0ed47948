"""25.5 / 16.3.2 Division Eichhorn, the one reversible combination (reading R28): in the German
Assignment Phase Eichhorn splits back into 1 B.Lw and 2 B.Lw (its hex — its two hexes in
Two-Hex Status —, army and CE status; a reduced Eichhorn's Strength Reduction goes to 1 B.Lw),
and waits with the substitutions to combine again by 16.3.1."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import substitutions

from .positions import blank, ce, do, game, legal_verbs, refused, top, unit

H = "58.56"


def _eichhorn(ce_status: int = 2, face: int = 1, **props):
    pos = blank("campaign", gt=8)
    e = unit(pos, "DE-Eichhorn", H, army="DE6", corps="", ce=ce_status, face=face, **props)
    b1 = pos.place("DE-1_B_Lw", "withdrawn")
    b2 = pos.place("DE-2_B_Lw", "withdrawn")
    pos.call("assignment", side="german")
    assert top(pos)["state"] == "assignment"
    return pos, e, b1, b2


def test_oao_25_5_eichhorn_splits_back_into_1_and_2_b_lw_with_its_ce_and_sr():
    pos, e, b1, b2 = _eichhorn()
    assert "split" in legal_verbs(pos)
    pos.push(f"german: split unit=#{e}")
    g = game(pos)
    assert pos.where(b1) == H and pos.where(b2) == H and pos.where(e) == "reinforcements"
    assert pos.face(b1) == 1 and pos.face(b2) == 0                    # the SR kept, on 1 B.Lw
    assert ce(pos, b1) == 2 and ce(pos, b2) == 2                       # Eichhorn's CE status
    assert g.army(b1) == "DE6" and g.army(b2) == "DE6"
    assert g.prop(e, "at") == "box:substitution" and e in substitutions.pending(g, "german")


def test_oao_25_5_the_brigades_combine_again_by_16_3_1_when_together_at_the_end_of_movement():
    pos, e, b1, b2 = _eichhorn(ce_status=1, face=0)
    pos.push(f"german: split unit=#{e}")
    do(pos, "end of a German movement phase", lambda g: substitutions.end_of_movement(g, "german"))
    g = game(pos)
    assert pos.where(e) == H and pos.where(b1) == "withdrawn" and pos.where(b2) == "withdrawn"
    assert ce(pos, e) == 1 and g.army(e) == "DE6"


def test_oao_25_5_a_two_hex_eichhorn_puts_a_brigade_in_each_hex():
    pos, e, b1, b2 = _eichhorn(face=0, two_hex="57.56")
    pos.push(f"german: split unit=#{e}")
    assert {pos.where(b1), pos.where(b2)} == {H, "57.56"}
    assert not game(pos).prop(b1, "two_hex") and not game(pos).prop(b2, "two_hex")


def test_oao_25_5_only_eichhorn_and_only_with_both_brigades_available():
    """25.5: "one case" — another division is refused; 16.3: a brigade eliminated before the
    combination (Eichhorn then replaced the other by 16.2.1) does not come back, so no split."""
    pos, e, b1, b2 = _eichhorn()
    other = unit(pos, "DE-B_Lw", "58.57", army="DE6", corps="")
    assert refused(pos, f"german: split unit=#{other}", "25.5")
    pos.move(b2, "eliminated")
    assert "split" not in legal_verbs(pos)
    assert refused(pos, f"german: split unit=#{e}", "16.3")


def test_oao_25_5_not_in_the_middle_of_a_task():
    """Reading R28: a division in Rail Mode or in the middle of a Task (7.5-7.8) does not split."""
    pos, e, b1, b2 = _eichhorn(task={"kind": "ip", "mp": 3})
    assert "split" not in legal_verbs(pos)
    assert refused(pos, f"german: split unit=#{e}", "25.5")
