"""The Reinforcement and Replacement Phase (7.0), the East Front (7.3), the scenario
replacements and HQs (13.1), the Royal Naval and 7th Divisions (12.3)."""
from __future__ import annotations

from engine.testing import legal, refused

from .positions import S1, S2, control, empty, game, note_lines, put, verbs, where


def _segment(pos, side):
    pos.call("reinforce_segment", side=side)


def test_gi_7_1_fixed_reinforcements_enter_in_their_hex_or_next_turn_at_a_source():
    pos = empty(turn=3)
    a = put(pos, "GE-IXR", "turn-3", arrives=3, entry="81")
    _segment(pos, "german")
    assert where(pos, a) == "81"
    pos = empty(turn=3)
    control(pos, h81="allied")
    a = put(pos, "GE-IXR", "turn-3", arrives=3, entry="81")
    _segment(pos, "german")
    assert where(pos, a) == "turn-4" and pos.state.pieces[a].props["entry"] == "source"


def test_gi_7_1_1_variable_reinforcements_with_an_hq_or_in_a_supply_source():
    pos = empty(turn=3)
    put(pos, "FR-HQ5", "46")
    r = put(pos, "FR-M", "turn-3", arrives=3, entry="?")
    _segment(pos, "allied")
    hexes = {str(a["hex"]) for a in pos.session.legal_actions() if a.verb == "place"}
    assert {"46", "4", "13", "61", "80", "89", "19"} <= hexes     # HQ, sources, Paris (7.1.3)
    assert "47" not in hexes and "1" not in hexes       # 1 is a Schlieffen hex (7.1.1)
    refused(pos.session, f"allied: place hex=@47 unit=#{r}", "GI 7.1.1")
    refused(pos.session, "allied: done", "GI 7.1")
    pos.push(f"allied: place hex=@46 unit=#{r}")
    pos.push("allied: done")


def test_gi_7_1_1_no_british_or_french_variable_reinforcement_in_a_schlieffen_hex_before_7():
    pos = empty(turn=3)
    put(pos, "BR-HQ", "14")
    r = put(pos, "BR-19", "turn-3", arrives=3, entry="?")
    _segment(pos, "allied")
    refused(pos.session, f"allied: place hex=@14 unit=#{r}", "GI 7.1.1")
    legal(pos.session, f"allied: place hex=@4 unit=#{r}")


def test_gi_7_1_units_never_enter_an_enemy_controlled_hex():
    pos = empty(turn=3)
    control(pos, h4="german")
    r = put(pos, "FR-M", "turn-3", arrives=3, entry="?")
    _segment(pos, "allied")
    refused(pos.session, f"allied: place hex=@4 unit=#{r}", "GI 7.1")


def test_gi_7_1_2_a_variable_hq_never_with_an_hq_of_its_nation_nor_serves_the_same_turn():
    pos = empty(turn=3)
    put(pos, "FR-HQ5", "46")
    hq = put(pos, "FR-HQ6", "turn-3", arrives=3, entry="?")
    r = put(pos, "FR-M", "turn-3", arrives=3, entry="?")
    _segment(pos, "allied")
    refused(pos.session, f"allied: place hex=@46 unit=#{hq}", "GI 7.1.1")
    pos.push(f"allied: place hex=@36 unit=#{hq}")
    refused(pos.session, f"allied: place hex=@36 unit=#{r}", "GI 7.1.1")


def test_gi_7_2_replacements_two_cap_now_one_cap_two_turns_later():
    pos = empty(turn=4, german_cap=3)
    a = put(pos, "GE-II", "box-eliminated-german")
    b = put(pos, "GE-III", "box-eliminated-german")
    _segment(pos, "german")
    pos.push(f"german: replace cost=2 unit=#{a}")
    assert where(pos, a) == "turn-4" and pos.state.get("german_cap") == 1
    pos.push(f"german: replace cost=1 unit=#{b}")
    assert where(pos, b) == "turn-6" and pos.state.get("german_cap") == 0
    assert "replace" not in verbs(pos)


def test_gi_7_2_hqs_ha_forts_british_and_belgians_are_never_replaced():
    pos = empty(turn=4, german_cap=3, allied_cap=3)
    hq = put(pos, "GE-HQ1", "box-eliminated-german")
    br = put(pos, "BR-1", "box-eliminated-allied")
    _segment(pos, "german")
    refused(pos.session, f"german: replace cost=2 unit=#{hq}", "GI 7.2")
    pos.push("german: done")
    _segment(pos, "allied")
    refused(pos.session, f"allied: replace cost=2 unit=#{br}", "GI 7.2")


def test_gi_7_2_german_replacements_before_turn_5_not_with_an_hq_deep_in_france():
    pos = empty(turn=4, german_cap=3)
    control(pos, h38="german")
    put(pos, "GE-HQ1", "38")
    a = put(pos, "GE-II", "box-eliminated-german")
    _segment(pos, "german")
    pos.push(f"german: replace cost=2 unit=#{a}")
    hexes = {str(x["hex"]) for x in pos.session.legal_actions() if x.verb == "place"}
    assert "38" not in hexes and "91" in hexes


def test_gi_13_1_replacements_come_back_disorganized_from_turns_8_and_10():
    pos = empty(turn=8, german_cap=4)
    a = put(pos, "GE-II", "box-eliminated-german")
    b = put(pos, "GE-III", "box-eliminated-german")
    _segment(pos, "german")
    pos.push(f"german: replace cost=1 unit=#{a}")
    pos.push(f"german: replace cost=2 unit=#{b}")
    assert pos.state.pieces[a].props.get("dg_entry") is True
    assert not pos.state.pieces[b].props.get("dg_entry")
    pos.push(f"german: place hex=@91 unit=#{b}")
    assert pos.face(b) == 0


def test_gi_13_1_bef_replacement_on_turn_8():
    pos = empty(turn=8)
    b1 = put(pos, "BR-1", "box-eliminated-allied")
    put(pos, "BR-2", "box-eliminated-allied")
    _segment(pos, "allied")
    pos.push(f"allied: rebuild unit=#{b1}")
    assert "rebuild" not in verbs(pos)                  # one only
    assert where(pos, b1) == "turn-8"


def test_gi_7_3_the_east_front_transfer_or_2_vp():
    pos = game(S1)
    pos2 = empty(turn=3, german_vp=0)
    put(pos2, "GE-HQ1", "72")
    inf = [put(pos2, t, "72") for t in ("GE-II", "GE-III")]    # 5 + 5 CS
    cav = put(pos2, "GE-2C", "73")
    _segment(pos2, "german")
    assert pos2.session.prompt().kind == "east_front"
    pos2.push(f"german: send unit=#{inf[0]}")
    assert "done" not in verbs(pos2)
    pos2.push(f"german: send unit=#{inf[1]}")
    pos2.push(f"german: send unit=#{cav}")
    pos2.push("german: done")
    assert all(where(pos2, p) == "box-east-front" for p in inf + [cav])
    pos3 = empty(turn=3, german_vp=0)
    put(pos3, "GE-HQ1", "72")
    _segment(pos3, "german")
    pos3.push("german: keep")
    assert pos3.state.get("german_vp") == -2
    del pos


def test_gi_12_3_the_rn_and_7th_divisions_may_enter_in_any_friendly_coastal_hex():
    pos = empty(turn=10)
    rn = put(pos, "BR-7", "turn-10", arrives=10, entry="?")
    _segment(pos, "allied")
    hexes = {str(a["hex"]) for a in pos.session.legal_actions() if a.verb == "place"}
    assert "7" in hexes and "15" in hexes              # coastal, not supply sources


def test_gi_13_1_the_detachment_hq_may_replace_a_numbered_army_hq_on_turn_6():
    pos = empty(turn=6)
    control(pos, h72="german")
    hq1 = put(pos, "GE-HQ1", "72")
    det = put(pos, "GE-HQDET", "turn-6", arrives=6, entry="?")
    _segment(pos, "german")
    pos.push(f"german: place hex=@72 unit=#{det}")
    assert where(pos, det) == "72" and where(pos, hq1) == "turn-7"
