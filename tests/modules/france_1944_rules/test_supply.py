"""Supply (11.1-11.5): supply lines and HQ chains, unit supply, sources and their control,
Antwerp, and the three moments supply is checked."""
from __future__ import annotations

from engine import commands as C
from modules.france_1944.rules import activation, admin, supply
from modules.france_1944.rules.board import position

from .positions import (act_data, activate, attack, combat_data, fresh, increment, move, put, rules_game,
                        single, where)


def line_lengths(pos, side="allied"):
    g = rules_game(pos)
    return supply._trace(g, position(g), side, sorted(supply.sources(g, side)), 40)


def test_f44_11_1_a_an_hq_is_in_supply_with_a_line_of_at_most_20_hexes():
    pos = fresh()
    d = line_lengths(pos)
    at20 = min(h for h, n in d.items() if n == 20)
    g = rules_game(pos)
    at21 = min(h for h, n in d.items() if n == 21 and g.facts.distance(h, at20) > 8)
    a = put(pos, "HQ-US1", at20, face=1)
    b = put(pos, "HQ-US3", at21, face=1)
    g = rules_game(pos)
    assert supply.hq_in_supply(g, a) and not supply.hq_in_supply(g, b)


def test_f44_11_1_d_a_supplied_hq_passes_supply_to_an_hq_within_its_radius():
    pos = fresh()
    d = line_lengths(pos)
    at20 = min(h for h, n in d.items() if n == 20)
    a = put(pos, "HQ-US1", at20, face=1)                       # radius 5
    g = rules_game(pos)
    further = min(h for h, n in supply.radius_hexes(g, a).items() if n == 4 and d.get(h, 99) > 20)
    b = put(pos, "HQ-US3", further, face=1)
    assert supply.hq_in_supply(rules_game(pos), b)


def test_f44_11_1_c_no_line_through_enemy_zoc_unless_a_friendly_combat_unit_is_there():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1513", face=1)
    put(pos, "US-V", "1513")
    for h in ("1412", "1612", "1514"):
        put(pos, "GE-LXXXIV" if h == "1412" else "GE-LXXXV" if h == "1612" else "GE-LXXIV", h)
    assert not supply.hq_in_supply(rules_game(pos), hq)
    put(pos, "US-VII", "1413")
    assert supply.hq_in_supply(rules_game(pos), hq)


def test_f44_11_1_b_a_unit_is_in_supply_in_the_radius_of_an_hq_that_could_command_it_or_next_to_a_source():
    pos = fresh()
    put(pos, "HQ-US1", "1513", face=1)
    br = put(pos, "BR-XXX", "1614")
    us = put(pos, "US-V", "1614")
    g = rules_game(pos)
    assert supply.unit_in_supply(g, us) and not supply.unit_in_supply(g, br)   # a US HQ: no British
    next_to = rules_game(pos).facts.neighbours["1309"][0]
    near = put(pos, "BR-I", next_to)                                            # next to source 1309
    assert supply.unit_in_supply(rules_game(pos), near)


def test_f44_11_2_a_german_sources_german_cities_unless_occupied_and_german_ports():
    pos = fresh()
    g = rules_game(pos)
    src = supply.sources(g, "german")
    assert "3309" in src and "0715" in src                                      # Aachen; St. Nazaire (11.2)
    put(pos, "HQ-US1", "3309", face=1)
    assert "3309" not in supply.sources(rules_game(pos), "german")             # 11.3: while occupied


def test_f44_11_2_b_allied_sources_normandy_at_the_start_and_the_south_once_placed():
    pos = fresh()
    src = supply.sources(rules_game(pos), "allied")
    assert {"1207", "1309", "1409"} <= src and "1609" not in src                # 11.3: only those
    assert not (src & rules_game(pos).facts.south)
    pos.set("f44_south_open", True)
    assert rules_game(pos).facts.south <= supply.sources(rules_game(pos), "allied")


def test_f44_11_3_b_control_passes_to_the_side_whose_combat_unit_enters_or_passes():
    pos = fresh()
    u = put(pos, "US-2AD", "1711")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    move(pos, "allied", u, "1711", "1810", "1811")                             # through Rouen
    assert supply.control(rules_game(pos), "1810") == "allied"
    ger = put(pos, "GE-2PZ", "1910")
    pos.clear_stack()
    single(pos, "german", ger)
    increment(pos, "german", 1)
    move(pos, "german", ger, "1910", "1810")
    assert supply.control(rules_game(pos), "1810") == "german"


def test_f44_11_4_antwerp_adds_a_supply_point_october_to_january_while_open():
    pos = fresh("westwall", turn=4, clear=True)
    ctrl = dict(pos.state.get("f44_control"))
    ctrl["2907"] = "allied"
    pos.set("f44_control", ctrl)
    pos.set("allied_sp", 0)
    pos.call("turn", step=3)                                                     # step 4
    row = rules_game(pos).turn_row(4)
    assert pos.state.get("allied_sp") == row["allied_sp"] + 1
    pos = fresh("westwall", turn=4, clear=True)
    pos.set("f44_control", ctrl)
    pos.set("allied_sp", 0)
    put(pos, "GE-LXXXIV", "2806")                                                # in the Scheldt
    pos.call("turn", step=3)
    assert pos.state.get("allied_sp") == row["allied_sp"]


def test_f44_11_4_b_antwerp_is_an_allied_entry_hex_while_open():
    pos = fresh("westwall", turn=5)
    ctrl = dict(pos.state.get("f44_control"))
    ctrl["2907"] = "allied"
    pos.set("f44_control", ctrl)
    assert "2907" in admin.entry_hexes(rules_game(pos), "allied")
    put(pos, "GE-LXXXIV", "2905")
    assert "2907" not in admin.entry_hexes(rules_game(pos), "allied")


# -- 11.5 when supply is checked -----------------------------------------------------------------------------------
def test_f44_11_5_f_a_single_unit_reaction_out_of_supply_gets_a_marker_less_movement_half_strength():
    """8f 11: MPA 6 becomes 4 (4→3, 3→2, 2→0); it attacks at half strength rounded up."""
    pos = fresh()
    arm = put(pos, "US-2AD", "3803")                                               # far from everything
    put(pos, "HQ-GE7", "3605", face=1)
    d = put(pos, "GE-LXXXIV", "3804")
    single(pos, "allied", arm)
    assert "Out of Supply" in pos.state.pieces[arm].markers
    g = rules_game(pos)
    assert activation.effective_mpa(g, arm) == 4
    increment(pos, "allied", 1, "attack")
    attack(pos, "allied", None, [arm], "3804", dice=[1, 1, 1, 1], activate_first=False)
    assert combat_data(pos)["strength"]["attack"] == 1                           # Set-piece 2 / 2
    assert d


def test_f44_11_5_b_c_supply_is_checked_at_activation_and_holds_for_the_phase():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    u = put(pos, "US-2AD", "1513")
    pos.commands("an old marker", [C.AddMarker(u, "Out of Supply")])
    activate(pos, "allied", hq, [u])
    assert "Out of Supply" not in pos.state.pieces[u].markers                    # found in supply: removed
    increment(pos, "allied", 1)
    move(pos, "allied", u, "1513", "1514", "1614", "1714", "1814", "1915", "2015")
    assert u in activation.commanded(rules_game(pos))                             # 5.1-d: still commanded
    assert u not in act_data(pos)["oos"]                                          # and never out of supply


def test_f44_11_5_b_markers_are_added_only_in_the_administrative_phase():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    d = put(pos, "GE-LXXXIV", "1613")                                             # no German HQ: out of supply
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    assert d in combat_data(pos)["def_oos"]                                       # halved for this combat
    assert "Out of Supply" not in pos.state.pieces[d].markers                     # but no marker
    pos.clear_stack()
    pos.call("admin_phase")
    assert "Out of Supply" in pos.state.pieces[d].markers or where(pos, d) != "1613"


def test_f44_11_5_d_a_defender_keeps_its_marker_until_checked_again_in_a_later_combat():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    d = put(pos, "GE-LXXXIV", "1613")
    pos.commands("marker", [C.AddMarker(d, "Out of Supply")])
    put(pos, "HQ-GE7", "1816", face=1)                                            # its radius reaches 1613's retreats
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    assert "Out of Supply" not in pos.state.pieces[d].markers                     # checked: in supply now
