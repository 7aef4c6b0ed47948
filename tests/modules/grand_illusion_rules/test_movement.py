"""Control (8.3) and movement (8.4, 8.5, 8.6): costs, the Entry and Exit tables, Block markers,
supply, stacking, the national limits."""
from __future__ import annotations

from engine.testing import legal, refused
from modules.grand_illusion.rules import movement

from .positions import S3, activation, control, empty, ids, path, put, where


def _move(pids, *hexes, side="allied"):
    return f"{side}: move path={path(*hexes)} units={ids(pids)}"


def test_gi_8_4_2_one_mp_a_hex_plus_one_across_a_red_diamond():
    pos = empty(turn=5)
    c = put(pos, "FR-XX", "77")                      # MA 2
    activation(pos, "allied", "77")
    refused(pos.session, _move([c], "86", "85"), "GI 8.4.2")     # 77→86 costs 2 (red diamond)
    legal(pos.session, _move([c], "86"))
    legal(pos.session, _move([c], "87", "97"))       # 1 + 1


def test_gi_8_4_2_triple_diamond_impassable_and_13_3_holland_makes_it_a_red_diamond():
    pos = empty(turn=5)
    b = put(pos, "BE-I", "52")
    activation(pos, "allied", "52")
    refused(pos.session, _move([b], "42"), "GI 8.4.2")
    pos = empty(S3, turn=5, gi_options=["german_5"])
    g = put(pos, "GE-II", "81")
    activation(pos, "german", "81")
    legal(pos.session, _move([g], "71", side="german"))   # 81/71 now +1 MP


def test_gi_8_4_2_note_dg_units_and_ha_always_move_one_hex():
    pos = empty(turn=5)
    dg = put(pos, "FR-XX", "77", face=1)
    activation(pos, "allied", "77")
    legal(pos.session, _move([dg], "86"))            # 2 MP hexside, automatic one hex
    refused(pos.session, _move([dg], "87", "97"), "GI 8.4.2")
    pos = empty(turn=5)
    ha = put(pos, "GE-HA420", "86")
    hq = put(pos, "GE-HQ5", "86")
    put(pos, "GE-V", "86")
    activation(pos, "german", "86")
    refused(pos.session, _move([ha, hq], "95", "94", side="german"), "GI 8.4.2")   # 8.4.1 NOTE
    legal(pos.session, _move([ha], "95", side="german"))


def test_gi_8_4_1_hq_movement_bonus_and_the_hq_flips():
    pos = empty(turn=5)
    hq = put(pos, "FR-HQ3", "76")
    c = put(pos, "FR-IV", "76")
    activation(pos, "allied", "76")
    refused(pos.session, _move([c], "67", "58", "48"), "GI 8.4.2")
    pos.push(_move([hq, c], "67", "58", "48"))       # 3 MP with the HQ's MA 4
    assert where(pos, c) == "48" and pos.face(hq) == 1


def test_gi_8_4_1_an_hq_moving_dg_units_flips_and_two_hqs_flip_each_other():
    pos = empty(turn=5)
    hq = put(pos, "FR-HQ3", "76")
    dg = put(pos, "FR-IV", "76", face=1)
    activation(pos, "allied", "76")
    pos.push(_move([hq, dg], "67", "58"))            # DG unit moves 2 with the HQ
    assert where(pos, dg) == "58" and pos.face(hq) == 1
    pos = empty(turn=5)
    a, b = put(pos, "FR-HQ3", "76"), put(pos, "FR-HQ4", "67")
    activation(pos, "allied", "76")
    pos.push(_move([a], "67"))
    assert pos.face(a) == 1 and pos.face(b) == 1


def test_gi_8_4_6_a_allied_nationalities_get_no_bonus_from_another_nations_hq():
    pos = empty(turn=5)
    hq = put(pos, "FR-HQ5", "46")
    br = put(pos, "BR-1", "46")
    activation(pos, "allied", "46")
    refused(pos.session, _move([hq, br], "36", "37", "38"), "GI 8.4.2")


def test_gi_8_4_4_entering_an_empty_enemy_hex_takes_it_and_the_move_goes_on():
    pos = empty(turn=5)
    control(pos, h37="german", h38="german")
    c = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(_move([c], "37", "38"))
    g = pos.session.ruleset.game(pos.state)
    assert g.get("gi_control").get("37") is None and g.get("gi_control").get("38") is None


def test_gi_8_4_4_units_stop_on_entering_an_enemy_occupied_or_contested_hex():
    pos = empty(turn=5)
    control(pos, h37="german")
    put(pos, "GE-II", "37")
    c = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    refused(pos.session, _move([c], "37", "38"), "GI 8.4.4")
    legal(pos.session, _move([c], "37"))


def test_gi_8_4_4_never_from_an_enemy_occupied_hex_into_another():
    pos = empty(turn=5)
    control(pos, h38="german", h48="german")
    put(pos, "GE-II", "38")
    put(pos, "GE-III", "48")
    c = put(pos, "FR-IV", "38")
    activation(pos, "allied", "38")
    refused(pos.session, _move([c], "48"), "GI 8.4.4")


def test_gi_8_4_4_note_5_hqs_ha_and_dg_units_need_non_dg_combat_units_to_enter():
    pos = empty(turn=5)
    control(pos, h37="german")
    put(pos, "GE-II", "37")
    hq = put(pos, "FR-HQ5", "47")
    dg = put(pos, "FR-IV", "47", face=1)
    c = put(pos, "FR-V", "47")
    activation(pos, "allied", "47")
    refused(pos.session, _move([hq], "37"), "GI 8.4.4")
    refused(pos.session, _move([dg], "37"), "GI 8.4.4")
    legal(pos.session, _move([hq, dg, c], "37"))


def test_gi_8_4_5_a_block_marker_closes_the_hexside_to_the_enemy():
    pos = empty(turn=5, gi_blocks=[["german", "37", "47"]])
    put(pos, "GE-II", "47")
    c = put(pos, "FR-IV", "47")
    control(pos, h37="german")
    activation(pos, "allied", "47")
    refused(pos.session, _move([c], "37"), "GI 8.4.5")


def test_gi_8_4_5_c_a_block_goes_when_no_friendly_unit_remains_in_the_hex():
    pos = empty(turn=5, gi_blocks=[["allied", "37", "38"]])
    control(pos, h38="german")
    c = put(pos, "FR-IV", "38")
    put(pos, "GE-II", "38")
    activation(pos, "allied", "38")
    pos.push(_move([c], "37"))
    assert pos.state.get("gi_blocks") == []


def test_gi_8_4_3_a_a_supplied_unit_may_not_move_out_of_supply():
    pos = empty(turn=5)
    c = put(pos, "FR-IV", "86")
    control(pos, h86="german")
    activation(pos, "allied", "86")
    refused(pos.session, _move([c], "95"), "GI 8.4.3")


def test_gi_8_4_3_a_exception_german_1st_2nd_3rd_armies_on_turns_3_to_5():
    pos = empty(turn=4)
    g1 = put(pos, "GE-II", "72")                     # 1st Army
    activation(pos, "german", "72")
    g = pos.session.ruleset.game(pos.state)
    grp = movement.group(g, "german", [g1])
    assert grp.exempt
    pos = empty(turn=6)
    g1 = put(pos, "GE-II", "72")
    g = pos.session.ruleset.game(pos.state)
    assert not movement.group(g, "german", [g1]).exempt


def test_gi_8_4_7_a_belgian_units_never_leave_belgium():
    pos = empty(turn=5)
    b = put(pos, "BE-I", "54")
    activation(pos, "allied", "54")
    refused(pos.session, _move([b], "45"), "GI 8.4.7")
    legal(pos.session, _move([b], "44"))


def test_gi_8_4_7_b_british_units_never_end_a_move_in_paris():
    pos = empty(turn=5)
    br = put(pos, "BR-1", "18")
    activation(pos, "allied", "18")
    refused(pos.session, _move([br], "19"), "GI 8.4.7")


GERMAN_BELGIUM = {f"h{h}": "german" for h in (
    "33", "34", "35", "43", "44", "45", "53", "54", "55", "62", "63", "64", "65", "71", "72", "73", "74")}


def test_gi_8_4_8_schlieffen_hexes_closed_to_german_combat_units_until_turn_7():
    for scenario, turn, opened in (("historical_campaign", 6, False), ("historical_campaign", 7, True),
                                   (S3, 5, True)):
        pos = empty(scenario, turn=turn)
        g = put(pos, "GE-VI", "34")                  # 4th Army: not exempt from 8.4.3
        control(pos, **GERMAN_BELGIUM)
        activation(pos, "german", "34")
        if opened:
            legal(pos.session, _move([g], "24", side="german"))
        else:
            refused(pos.session, _move([g], "24", side="german"), "GI 8.4.8")
            put(pos, "BR-1", "24")
            legal(pos.session, _move([g], "24", side="german"))   # Allied combat units there


def test_gi_13_1_errata_hex_54_on_turns_1_and_2():
    pos = empty(turn=1)
    g = put(pos, "GE-II", "64")
    control(pos, h64="german")
    activation(pos, "german", "64")
    refused(pos.session, _move([g], "54", side="german"), "GI 13.1")
    pos = empty(turn=2)
    a = put(pos, "FR-I", "45")
    b = put(pos, "FR-1C", "54", start_54=True)
    activation(pos, "allied", "45")
    refused(pos.session, _move([a], "54"), "GI 13.1")
    pos = empty(turn=3)
    a = put(pos, "FR-I", "45")
    activation(pos, "allied", "45")
    legal(pos.session, _move([a], "54"))


def test_gi_8_4_6_stacking_limits_where_a_move_ends():
    pos = empty(turn=5)
    for t in ("FR-I", "FR-III", "FR-X", "FR-XVIII", "FR-II", "FR-XI"):
        put(pos, t, "46")                           # six infantry corps: the limit
    c = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    refused(pos.session, _move([c], "46"), "GI 8.4.6")
    legal(pos.session, _move([c], "46", "45"))       # passing through is allowed


def test_gi_2_2_vosges_stacking_three_corps_and_one_division():
    pos = empty(turn=5)
    control(pos, h102="allied")
    for t in ("FR-VIII", "FR-XIII", "FR-XV"):
        put(pos, t, "102")
    put(pos, "FR-CA", "102")
    c = put(pos, "FR-6C", "97")
    activation(pos, "allied", "97")
    refused(pos.session, _move([c], "102"), "GI 8.4.6")


def test_gi_8_3_3_control_changes_only_by_supplied_combat_units_not_hqs():
    pos = empty(turn=5)
    control(pos, h37="german")
    hq = put(pos, "FR-HQ5", "47")
    activation(pos, "allied", "47")
    pos.push(_move([hq], "37"))
    assert pos.state.get("gi_control").get("37") == "german"    # HQs never take control


def test_gi_8_3_4_cavalry_control_and_infantry_replacing_it():
    pos = empty(turn=5)
    control(pos, h37="german")
    cav = put(pos, "FR-2C", "47")
    activation(pos, "allied", "47")
    pos.push(_move([cav], "37"))
    assert pos.state.get("gi_cavctrl") == {"37": "allied"}
    assert [p.loc for p in pos.state.pieces.values() if p.type == "M-CAVCTRL" and p.loc.isdigit()] == ["37"]
    pos.push("allied: resolve")
    inf = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(_move([inf], "37"))
    assert pos.state.get("gi_cavctrl") == {}


def test_gi_8_3_2_a_contested_hex_stays_with_its_holder_and_12_5_1_antwerp():
    pos = empty(turn=5)
    put(pos, "FT-ANTWERP", "52")
    g = put(pos, "GE-II", "62")
    control(pos, h62="german")
    activation(pos, "german", "62")
    pos.push(_move([g], "52", side="german"))
    assert pos.state.get("gi_control").get("52") is None       # the fort holds Antwerp


def test_gi_8_5_units_designated_for_a_battle_stay_and_8_2_2_no_move_after_a_battle():
    pos = empty(turn=5)
    control(pos, h38="german")
    a, b = put(pos, "FR-IV", "38"), put(pos, "FR-V", "38")
    put(pos, "GE-II", "38")
    activation(pos, "allied", "38")
    pos.push(f"allied: declare_battle hex=@38 units={ids([a])}")
    refused(pos.session, _move([a], "37"), "GI 8.5")
    legal(pos.session, _move([b], "37"))             # 8.6: the others may still move
    pos.push("allied: resolve")
    refused(pos.session, _move([b], "37"), "GI 8.2.2")


def test_gi_8_2_3_a_unit_moves_once_an_activation():
    pos = empty(turn=5)
    c = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(_move([c], "37"))
    refused(pos.session, _move([c], "27"), "GI 8.4")


def test_gi_12_5_3_no_german_unit_enters_ghent_while_the_belgians_are_shut_in_antwerp():
    pos = empty(turn=3, gi_antwerp_withdrawal=True)
    put(pos, "BE-I", "52")
    put(pos, "BE-C", "43")                           # 43 occupied: the Schlieffen limit allows it
    put(pos, "GE-II", "53")
    put(pos, "GE-III", "62")
    g = put(pos, "GE-IV", "53")
    control(pos, **GERMAN_BELGIUM)
    activation(pos, "german", "53")
    refused(pos.session, _move([g], "43", side="german"), "GI 12.5.3")
