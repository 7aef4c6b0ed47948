"""Movement, zones of control, stacking and the increment chart (3.3, 5.3, 6.0, 7.0, 7.1), with
the rulebook's worked examples (6.0 "4+" box, 7.0 costs)."""
from __future__ import annotations

from modules.france_1944.rules import board, movement
from modules.france_1944.rules.board import position

from .positions import (act_data, activate, fresh, increment, legal, move, path_text, put, refused,
                        rules_game, single, where)


def us_first_army(pos, at="1513"):
    return put(pos, "HQ-US1", at, face=1)


# -- 6.0: the increment chart ------------------------------------------------------------------------------
def test_f44_6_0_the_first_increment_is_in_a_top_row_box():
    pos = fresh()
    hq = us_first_army(pos)
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    refused(pos.session, "allied: increment box=@inc_allied_10 kind=movement", "F44 6.0")
    legal(pos.session, "allied: increment box=@inc_allied_4 kind=movement")
    refused(pos.session, "allied: increment box=@inc_german_4 kind=movement", "F44 6.0")


def test_f44_6_0_series_follow_the_lines_4_10_14_18_valid_and_4_8_13_invalid():
    pos = fresh()
    hq = us_first_army(pos)
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    for box in (4, 10, 14):
        increment(pos, "allied", box)
        pos.push("allied: end_increment")
    increment(pos, "allied", 18)
    pos.push("allied: end_increment")               # box 18 ends the series: the phase is over
    assert not act_data(pos)
    pos = fresh()
    hq = us_first_army(pos)
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    increment(pos, "allied", 4)
    pos.push("allied: end_increment")
    increment(pos, "allied", 8)
    pos.push("allied: end_increment")
    refused(pos.session, "allied: increment box=@inc_allied_13 kind=movement", "F44 6.0")   # 8-13 not linked


def test_f44_6_0_box_1_is_a_series_by_itself():
    pos = fresh()
    hq = us_first_army(pos)
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    increment(pos, "allied", 1)
    pos.push("allied: end_increment")
    assert not act_data(pos)


def test_f44_6_0_a_blank_box_is_movement_only_a_numbered_box_movement_or_attack():
    pos = fresh()
    hq = us_first_army(pos)
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    refused(pos.session, "allied: increment box=@inc_allied_3 kind=attack", "F44 6.0")   # box 3: no number
    legal(pos.session, "allied: increment box=@inc_allied_3 kind=movement")
    legal(pos.session, "allied: increment box=@inc_allied_4 kind=attack")                # "4+"
    increment(pos, "allied", 4, "attack")
    assert pos.state.pieces[pos.state.stack("inc_allied_4")[0]].face == 1                 # the marker shows "A"


def test_f44_6_0_the_4plus_box_example_allowances():
    """6.0: in the "4+" box MPA 4 and 6 spend 2 MP (4 administrative), MPA 3 spends 1 (2), MPA 2
    may not move; an MPA-3 unit cannot enter rough (2 MP) or a clear hex in an enemy ZOC (1+1)."""
    pos = fresh()
    hq = put(pos, "HQ-GE7", "1713", face=1)
    pz = put(pos, "GE-2PZ", "1612")                 # MPA 4
    inf = put(pos, "GE-LXXXIV", "1714")             # MPA 2
    activate(pos, "german", hq, [pz, inf])
    increment(pos, "german", 4)
    g = rules_game(pos)
    from modules.france_1944.rules import activation
    assert activation.budget(g, pz) == 2 and activation.budget(g, inf) == 0
    refused(pos.session, f"german: move unit=#{pz} path={path_text('1612', '1613', '1614', '1615')}", "F44 7.0")
    legal(pos.session, f"german: move unit=#{pz} path={path_text('1612', '1613', '1614')}")
    refused(pos.session, f"german: move unit=#{inf} path={path_text('1714', '1715')}", "F44 7.0")
    assert not pos.session.legal_actions().for_piece(inf)
    # the MPA-3 case, on the Allied side: 1 MP
    pos = fresh()
    hq = us_first_army(pos, "1412")
    inf3 = put(pos, "US-V", "1312")
    put(pos, "GE-LXXXIV", "1213")                   # its ZOC covers 1313, not 1312
    activate(pos, "allied", hq, [inf3])
    increment(pos, "allied", 4)
    assert activation.budget(rules_game(pos), inf3) == 1
    refused(pos.session, f"allied: move unit=#{inf3} path={path_text('1312', '1311')}", "F44 7.0")   # rough: 2
    refused(pos.session, f"allied: move unit=#{inf3} path={path_text('1312', '1313')}", "F44 7.0")   # ZOC: 1+1
    legal(pos.session, f"allied: move unit=#{inf3} path={path_text('1312', '1412')}")


def test_f44_5_3_administrative_movement_doubles_the_box_and_never_enters_an_enemy_zoc():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    put(pos, "GE-LXXXIV", "1814")                   # ZOC over 1714, 1715...
    activate(pos, "allied", hq, [arm], admin=[arm])
    increment(pos, "allied", 4)
    from modules.france_1944.rules import activation
    assert activation.budget(rules_game(pos), arm) == 4
    legal(pos.session, f"allied: move unit=#{arm} path={path_text('1613', '1612', '1611', '1610', '1511')}")
    refused(pos.session, f"allied: move unit=#{arm} path={path_text('1613', '1714')}", "F44 5.3")


def test_f44_5_3_an_administrative_unit_starting_in_a_zoc_leaves_paying_2():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    put(pos, "GE-LXXXIV", "1714")
    activate(pos, "allied", hq, [arm], admin=[arm])
    increment(pos, "allied", 4)                     # 4 MP administrative
    g = rules_game(pos)
    cost, why = movement.path_cost(g, arm, ["1613", "1612", "1611"], True)
    assert why is None and cost == 2 + 1 + 1


def test_f44_5_3_administrative_units_take_no_part_in_combat_and_lose_the_marker_at_the_end():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    ger = put(pos, "GE-LXXXIV", "1714")
    activate(pos, "allied", hq, [arm], admin=[arm])
    assert "Admin Move" in pos.state.pieces[arm].markers
    increment(pos, "allied", 4, "attack")
    refused(pos.session, "allied: attack hex=@1714", "F44 8.0")
    pos.push("allied: end_phase")
    assert "Admin Move" not in pos.state.pieces[arm].markers and "Commanded" not in pos.state.pieces[arm].markers
    assert ger in pos.state.stack("1714")


def test_f44_6_0_unspent_points_are_lost_and_one_move_a_unit_an_increment():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    increment(pos, "allied", 4)                     # 2 MP
    move(pos, "allied", arm, "1613", "1614")
    refused(pos.session, f"allied: move unit=#{arm} path={path_text('1614', '1615')}", "F44 6.0")
    pos.push("allied: end_increment")
    increment(pos, "allied", 10)                    # box 10: 2 MP again, nothing carried over
    from modules.france_1944.rules import activation
    assert activation.budget(rules_game(pos), arm) == 2


def test_f44_6_0_only_the_declared_kind_of_increment():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    inf = put(pos, "US-V", "1612")
    put(pos, "GE-LXXXIV", "1714")
    activate(pos, "allied", hq, [arm, inf])
    increment(pos, "allied", 4, "attack")
    refused(pos.session, f"allied: move unit=#{inf} path={path_text('1612', '1512')}", "F44 6.0")
    legal(pos.session, "allied: attack hex=@1714")
    pos.push("allied: end_increment")
    increment(pos, "allied", 10)
    refused(pos.session, "allied: attack hex=@1714", "F44 6.0")


def test_f44_6_0_the_player_may_stop_at_any_time():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    increment(pos, "allied", 4)
    move(pos, "allied", arm, "1613", "1614")
    pos.push("allied: end_phase")
    assert not act_data(pos)
    marker = next(pid for pid, p in pos.state.pieces.items() if p.type == "M-INC-AL")
    assert where(pos, marker) == "allied_hand"


def test_f44_6_0_a_box_once_chosen_is_kept_until_the_increment_ends():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    activate(pos, "allied", hq, [arm])
    increment(pos, "allied", 4)
    refused(pos.session, "allied: increment box=@inc_allied_5 kind=movement", "F44 6.0")


# -- 7.0: movement costs -----------------------------------------------------------------------------------------
def test_f44_7_0_costs_are_cumulative_the_worked_example():
    """7.0: clear across a river 3; into an enemy ZOC 4; leaving an enemy ZOC as well 6."""
    pos = fresh()
    arm = put(pos, "US-2AD", "1616")
    g = rules_game(pos)
    assert movement.path_cost(g, arm, ["1616", "1717"], False) == (3, None)
    put(pos, "GE-LXXXIV", "1817")                   # ZOC over 1717
    g = rules_game(pos)
    assert movement.path_cost(g, arm, ["1616", "1717"], False) == (4, None)
    put(pos, "GE-LXXXV", "1615")                    # ZOC over 1616, where the unit starts
    g = rules_game(pos)
    assert movement.path_cost(g, arm, ["1616", "1717"], False) == (6, None)


def test_f44_3_3_zoc_to_the_same_zoc_costs_3_plus_terrain_and_rough_next_to_the_enemy_3():
    pos = fresh()
    arm = put(pos, "US-2AD", "1612")
    put(pos, "GE-LXXXIV", "1613")                   # 1612 and 1713 both in its ZOC
    inf = put(pos, "US-V", "1312")
    put(pos, "GE-LXXXV", "1210")                    # ZOC over rough 1311, not over 1312
    g = rules_game(pos)
    assert movement.path_cost(g, arm, ["1612", "1713"], False) == (4, None)
    assert not board.enemy_zoc(g, "allied", "1312")
    assert movement.path_cost(g, inf, ["1312", "1311"], False) == (3, None)


def test_f44_7_0_a_move_the_increment_cannot_pay_is_refused_no_minimum_move():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    inf = put(pos, "US-V", "1312")
    activate(pos, "allied", hq, [inf])
    increment(pos, "allied", 4)                     # 1 MP for MPA 3
    refused(pos.session, f"allied: move unit=#{inf} path={path_text('1312', '1311')}", "F44 7.0")


def test_f44_7_0_only_commanded_units_move_in_a_friendly_movement_increment():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    arm = put(pos, "US-2AD", "1613")
    other = put(pos, "US-3AD", "1612")
    activate(pos, "allied", hq, [arm])
    increment(pos, "allied", 4)
    refused(pos.session, f"allied: move unit=#{other} path={path_text('1612', '1512')}", "F44 7.0")
    refused(pos.session, f"allied: move unit=#{hq} path={path_text('1412', '1413')}", "F44 7.0")


def test_f44_7_0_an_hq_moves_only_non_activated_in_a_single_unit_reaction():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    single(pos, "allied", hq)
    refused(pos.session, "allied: increment box=@inc_allied_4 kind=attack", "F44 5.2")
    increment(pos, "allied", 1)                     # box 1: MPA 6 spends 6
    assert pos.state.pieces[hq].face == 1           # it stays Non-Activated
    move(pos, "allied", hq, "1412", "1413", "1513", "1613", "1714", "1814", "1915")
    assert where(pos, hq) == "1915"


def test_f44_4_8_an_hq_enters_an_enemy_zoc_only_onto_a_friendly_combat_unit_and_never_administratively():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    put(pos, "GE-LXXXIV", "1613")                   # ZOC over 1513, 1514...
    friend = put(pos, "US-V", "1513")
    single(pos, "allied", hq)
    increment(pos, "allied", 1)
    refused(pos.session, f"allied: move unit=#{hq} path={path_text('1412', '1513', '1514')}", "F44 4.8")
    legal(pos.session, f"allied: move unit=#{hq} path={path_text('1412', '1513')}")
    pos = fresh()
    hq = us_first_army(pos, "1412")
    put(pos, "GE-LXXXIV", "1613")
    put(pos, "US-V", "1513")
    single(pos, "allied", hq, admin=True)
    increment(pos, "allied", 1)
    refused(pos.session, f"allied: move unit=#{hq} path={path_text('1412', '1513')}", "F44 5.3")
    assert friend


def test_f44_3_3_red_blocking_hexsides_are_impassable_and_carry_no_zoc():
    pos = fresh()
    arm = put(pos, "US-2AD", "1610")
    g = rules_game(pos)
    assert movement.path_cost(g, arm, ["1610", "1609"], False)[1].rule == "F44 3.3"
    pos2 = fresh()
    put(pos2, "GE-2PZ", "1610")
    g = rules_game(pos2)
    assert not board.enemy_zoc(g, "allied", "1609") and board.enemy_zoc(g, "allied", "1611")


def test_f44_3_3_cadres_and_hqs_exert_no_zoc():
    pos = fresh()
    put(pos, "GE-2PZ", "1613", face=2)              # a cadre
    put(pos, "HQ-GE7", "1715", face=1)
    g = rules_game(pos)
    assert not board.enemy_zoc(g, "allied", "1614") and not board.enemy_zoc(g, "allied", "1714")
    pos = fresh()
    put(pos, "GE-2PZ", "1613", face=1)              # reduced: it does
    assert board.enemy_zoc(rules_game(pos), "allied", "1614")


# -- 7.1: stacking and enemy hexes -----------------------------------------------------------------------------
def test_f44_7_1_never_into_an_enemy_unit_or_hq():
    pos = fresh()
    hq = us_first_army(pos, "1412")
    cadre = put(pos, "US-2AD", "1714", face=2)      # a cadre: no ZOC, so the HQ next to it stays
    put(pos, "HQ-GE7", "1715", face=1)
    single(pos, "allied", cadre)
    increment(pos, "allied", 1)
    refused(pos.session, f"allied: move unit=#{cadre} path={path_text('1714', '1715')}", "F44 7.1")
    assert hq


def test_f44_7_1_stacking_limits_at_every_moment():
    """7.1 (8f 21): three infantry no; four armour yes; two infantry and two armour yes; two
    infantry and three armour no; HQs unlimited; never over the limits even passing through."""
    pos = fresh()
    hq = us_first_army(pos, "1412")
    for t in ("US-V", "US-VII", "US-2AD", "US-3AD"):
        put(pos, t, "1614")                                   # 2 infantry + 2 armour: legal
    for t in ("US-4AD", "US-5AD", "US-6AD"):
        put(pos, t, "1513")
    inf = put(pos, "US-VIII", "1515")
    arm = put(pos, "US-7AD", "1613")
    arm2 = put(pos, "US-8AD", "1612")
    put(pos, "HQ-US3", "1614", face=1)
    put(pos, "HQ-BR2", "1614", face=1)                        # HQs do not count
    activate(pos, "allied", hq, [inf, arm, arm2])
    increment(pos, "allied", 1)
    refused(pos.session, f"allied: move unit=#{inf} path={path_text('1515', '1614')}", "F44 7.1")   # 3 infantry
    refused(pos.session, f"allied: move unit=#{arm} path={path_text('1613', '1614')}", "F44 7.1")   # 5 units
    refused(pos.session, f"allied: move unit=#{arm} path={path_text('1613', '1614', '1715')}", "F44 7.1")
    legal(pos.session, f"allied: move unit=#{arm} path={path_text('1613', '1714', '1715')}")
    legal(pos.session, f"allied: move unit=#{arm2} path={path_text('1612', '1513')}")               # 4 armour
    g = rules_game(pos)
    assert not board.over_stacked(g, pos.state.stack("1614")[:4])
