"""Forts (9.5): garrisons, sieges, surrender; German heavy artillery (9.5.4); trenches (9.7);
Disorganization (9.8)."""
from __future__ import annotations

from engine import commands as C
from engine.testing import legal, refused

from modules.grand_illusion.rules import supply

from .battles import declare, fight, lines, place
from .positions import activation, control, empty, ids, note_lines, path, put, segment, verbs, where

FOW5 = (2, 3)


def _pos(turn=6, **kw):
    return empty(turn=turn, allied_cap=3, german_cap=3, allied_mandated_battles=0,
                 german_mandated_battles=0, **kw)


def test_gi_9_5_4_ha_bombard_before_the_fow_roll_and_keep_firing_after_a_hit():
    pos = _pos()
    control(pos, h77="allied")
    fort = put(pos, "FT-STMIHIEL", "77")              # 4/3, no bombardment number
    put(pos, "FT-STMIHIEL-R", "box-fort-replacements")
    ha = put(pos, "GE-HA420", "77")                   # bombardment 5
    g = put(pos, "GE-II", "77")
    declare(pos, "german", "77", [g])
    pos.push("german: fight hex=@77")
    assert pos.session.prompt().kind == "bombard"
    pos.dice(3, 6)                                     # 3 <= 5: a step; then 6: miss
    pos.push(f"german: bombard fort=#{fort} ha=#{ha}")
    assert pos.face(fort) == 1 and pos.face(ha) == 1   # FIRED: no more bombardment this turn
    assert pos.session.prompt().kind != "bombard"


def test_gi_9_5_4_the_bombardment_number_is_added_to_the_roll():
    pos = _pos()
    control(pos, h76="allied")
    fort = put(pos, "FT-VERDUN", "76")                 # +3
    ha = put(pos, "GE-HA305", "76")                   # bombardment 4
    g = put(pos, "GE-II", "76")
    declare(pos, "german", "76", [g])
    pos.push("german: fight hex=@76")
    pos.dice(2)                                         # 2 + 3 = 5 > 4: miss
    pos.push(f"german: bombard fort=#{fort} ha=#{ha}")
    assert pos.face(fort) == 0
    line = pos.state.get("gi_battle")["lines"][0]
    assert line["shifts"] == [["fort's defence", 3]] and line["row"] == "5"


def test_gi_9_5_4_concentrated_bombardment_adds_a_hit_when_forts_remain():
    pos = _pos()
    control(pos, h87="allied")
    nancy = put(pos, "FT-NANCY", "87")                 # 4 [+1]
    toul = put(pos, "FT-TOUL", "87")
    put(pos, "FT-NANCY-R", "box-fort-replacements")
    a, b = put(pos, "GE-HA420", "87"), put(pos, "GE-HA305", "87")
    g = put(pos, "GE-II", "87")
    declare(pos, "german", "87", [g])
    pos.push("german: fight hex=@87")
    pos.dice(6, 6)                                      # both HA miss
    pos.push(f"german: concentrate fort=#{nancy}")
    assert pos.face(nancy) == 1                         # the extra hit
    assert pos.face(a) == 1 and pos.face(b) == 1


def test_gi_9_1_4_fow_is_rolled_even_after_the_bombardment_destroys_the_forts():
    pos = _pos()
    control(pos, h10="allied")
    fort = put(pos, "FT-VERSAILLES", "10", face=1)      # its last step
    ha = put(pos, "GE-HA420", "10")
    g = put(pos, "GE-II", "10")
    declare(pos, "german", "10", [g])
    pos.push("german: fight hex=@10")
    pos.dice(1, [2, 3])                                 # the fort falls; then FoW 5
    pos.push(f"german: bombard fort=#{fort} ha=#{ha}")
    assert where(pos, fort) == "box-eliminated-allied"
    assert "Fortunes of War 5: German Staff" in note_lines(pos)
    assert pos.state.get("german_cap") == 4


def test_gi_9_5_3_siege_begins_at_the_end_of_a_battle_and_surrender_rolls():
    pos = _pos()
    control(pos, h77="allied")
    fort = put(pos, "FT-STMIHIEL", "77")
    g = put(pos, "GE-II", "77")
    declare(pos, "german", "77", [g])
    fight(pos, "german", "77", FOW5)
    place(pos, "allied", fort, "front-1")
    pos.push("allied: done")
    place(pos, "german", g, "front-1")
    pos.dice(6, 6)
    pos.push("german: done")
    assert "besieged" in pos.state.pieces[fort].markers
    assert pos.state.get("gi_control").get("77") == "german"   # 8.3.2: a besieged fort holds nothing
    pos.dice(2)                                          # non-garrisoned: surrenders on 1-2
    pos.call("turn", step=13)                            # the Attrition segment
    assert where(pos, fort) == "box-eliminated-allied"


def test_gi_9_5_2_a_garrisoned_fort_needs_a_corps_to_besiege_and_surrenders_only_on_1():
    pos = _pos()
    control(pos, h76="allied")
    fort = put(pos, "FT-VERDUN", "76")
    d = put(pos, "GE-4E", "76")                          # a division: cannot besiege
    declare(pos, "german", "76", [d])
    fight(pos, "german", "76", FOW5)
    place(pos, "allied", fort, "front-1")
    pos.push("allied: done")
    place(pos, "german", d, "front-1")
    pos.dice(6, 6)
    pos.push("german: done")
    while pos.session.prompt().kind in ("retreat_choice",):
        pos.push(f"{pos.session.prompt().side}: stay")
    assert "besieged" not in pos.state.pieces[fort].markers


def test_gi_12_5_1_antwerp_cannot_be_besieged():
    pos = _pos()
    control(pos, h52="allied")
    fort = put(pos, "FT-ANTWERP", "52")
    g = put(pos, "GE-II", "52")
    declare(pos, "german", "52", [g])
    fight(pos, "german", "52", FOW5)
    place(pos, "allied", fort, "front-1")
    pos.push("allied: done")
    place(pos, "german", g, "front-1")
    pos.dice(6, 6)
    pos.push("german: done")
    assert "besieged" not in pos.state.pieces[fort].markers


def test_gi_9_7_1_no_trench_before_the_german_general_retreat_then_9_7_2_both_sides():
    pos = _pos(gi_gr_allied=3, gi_gr_german=4)
    put(pos, "GE-II", "87")
    put(pos, "FR-IV", "87")
    put(pos, "FR-V", "77")
    segment(pos, "allied")
    refused(pos.session, "allied: entrench hex=@87", "GI 9.7.1")
    pos.set("entrenchments_allowed", True)
    refused(pos.session, "allied: entrench hex=@77", "GI 9.7.2")   # no enemy infantry
    pos.push("allied: entrench hex=@87")
    assert pos.state.get("gi_trench") == {"87": 1}
    assert [p.loc for p in pos.state.pieces.values() if p.type == "M-ENTRENCH" and p.loc.isdigit()] == ["87"]


def test_gi_11_2_8_a_trench_improves_with_full_strength_supplied_infantry_of_both_sides():
    pos = _pos(gi_trench={"87": 1, "86": 1})
    put(pos, "FR-IV", "87")
    put(pos, "GE-II", "87")
    put(pos, "FR-V", "86", face=1)                       # DG: not full strength
    put(pos, "GE-III", "86")
    pos.call("turn", step=16)                            # segment G
    assert pos.state.get("gi_trench") == {"87": 2, "86": 1}


def test_gi_9_8_2_a_dg_unit_hit_is_eliminated():
    pos = _pos()
    control(pos, h37="german")
    g = put(pos, "GE-II", "37", face=1)
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(1, 6)
    pos.push("allied: done")
    assert where(pos, g) == "box-eliminated-german"


def test_gi_9_8_3_a_removing_disorganization_needs_a_hex_free_of_enemy_units_and_forts():
    pos = _pos(gi_gr_allied=3, gi_gr_german=4)
    control(pos, h86="allied")
    dg = put(pos, "FR-IV", "86", face=1)
    put(pos, "FR-V", "86")
    metz = put(pos, "FT-METZ", "86")
    pos.commands("besiege Metz", [C.AddMarker(metz, "besieged")])
    segment(pos, "allied")
    refused(pos.session, "allied: recover hex=@86", "GI 9.8.3")      # even a besieged fort
    pos.remove([metz])
    pos.set("gi_piece_count", pos.state.get("gi_piece_count") - 1)
    pos.push("allied: recover hex=@86")
    assert pos.face(dg) == 0


def test_gi_13_1_fatigue_from_turn_12_half_the_dg_units_rounded_up():
    pos = _pos(turn=12, gi_gr_allied=3, gi_gr_german=4)
    dgs = [put(pos, t, "46", face=1) for t in ("FR-I", "FR-III", "FR-X")]
    segment(pos, "allied")
    pos.push("allied: recover hex=@46")
    assert pos.session.prompt().kind == "recovery"
    pos.push(f"allied: recover unit=#{dgs[0]}")
    pos.push(f"allied: recover unit=#{dgs[1]}")
    assert sorted(pos.face(p) for p in dgs) == [0, 0, 1]
