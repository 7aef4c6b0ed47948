"""Special rules (12.1-12.10): Brittany and V-1 bonuses, Market-Garden and Plunder/Varsity,
the Ardennes offensive, bridgeheads, blowing the Rhine bridges, the amphibious crossing, the
consequences of crossing the Rhine and the Operational Advantage."""
from __future__ import annotations

from engine import commands as C
from modules.france_1944.rules import movement, rhine, special, supply

from .positions import (act_data, activate, attack, combat_data, fresh, increment, legal, log, move, prompt,
                        put, refused, rules_game, single, state_name, where)


def control(pos, **hexes):
    ctrl = dict(pos.state.get("f44_control"))
    ctrl.update(hexes)
    pos.set("f44_control", ctrl)


# -- 12.1 / 12.2 ---------------------------------------------------------------------------------------------------
def test_f44_12_1_12_2_the_allied_reaction_bonus_brittany_3_v1_2_both_5():
    pos = fresh("westwall", turn=4)
    g = rules_game(pos)
    brittany = {h: "allied" for h in g.facts.brittany_ports}
    v1 = {h: "allied" for h in g.facts.v1_ports}
    for ctrl, bonus in ((brittany, 3), (v1, 2), ({**brittany, **v1}, 5)):
        pos = fresh("westwall", turn=4)
        control(pos, **ctrl)
        pos.call("turn", step=4)                                     # step 5
        row = rules_game(pos).turn_row(4)
        assert pos.state.get("allied_rxp") == row["allied_rxp"] + bonus
    pos = fresh("westwall", turn=4)
    control(pos, **{**brittany, "0310": "german"})                  # the Germans hold Brest again
    pos.call("turn", step=4)
    assert pos.state.get("allied_rxp") == rules_game(pos).turn_row(4)["allied_rxp"]


# -- 12.3 / 12.4 / 3.12 airdrops -------------------------------------------------------------------------------------
def market_garden(turn=3):
    pos = fresh("campaign", turn=turn)
    ab = put(pos, "US-XVIII", "england_airborne")
    hq = put(pos, "HQ-US1", "1613", face=1)
    pos.call("initiative_cycle", side="allied")
    return pos, ab, hq


def test_f44_12_3_market_garden_is_declared_before_the_hq_and_drops_within_5_hexes():
    pos, ab, hq = market_garden()
    assert prompt(pos).kind == "airdrop"
    refused(pos.session, "allied: drop hex=@2213", "F44 12.3")          # 6 hexes away
    put(pos, "GE-2PZ", "1715")
    refused(pos.session, "allied: drop hex=@1715", "F44 12.3")           # enemy-occupied
    legal(pos.session, "allied: drop hex=@1714")                         # in an enemy ZOC: allowed
    pos.push("allied: drop hex=@1815")
    assert where(pos, ab) == "1815"
    assert prompt(pos).kind == "initiative"
    assert supply.unit_in_supply(rules_game(pos), ab)                    # 12.3-c: in supply


def test_f44_12_3_c_the_18th_is_commanded_by_the_activated_hq_and_counts_as_infantry():
    pos, ab, hq = market_garden()
    pos.push("allied: drop hex=@2115")                                    # beyond the radius
    pos.push(f"allied: activate hq=#{hq}")
    assert ab in act_data(pos)["units"]
    assert "3 infantry and 3 armour still to command" in prompt(pos).text


def test_f44_12_3_d_rivers_next_to_the_18th_are_ignored_by_the_allies():
    pos, ab, hq = market_garden()
    pos.push("allied: drop hex=@1717")                                    # 1616|1717 is a river
    arm = put(pos, "US-2AD", "1616")
    g = rules_game(pos)
    assert movement.path_cost(g, arm, ["1616", "1717"], False) == (1, None)
    assert supply.control(g, "1717") == "german"


def test_f44_12_3_e_the_18th_returns_to_its_box_at_the_end_of_the_cycle():
    pos, ab, hq = market_garden()
    pos.push("allied: drop hex=@1815")
    pos.push("allied: pass")
    pos.set("german_rxp", 0)
    pos.set("allied_rxp", 0)
    while state_name(pos) in ("reaction",):
        pos.push(f"{prompt(pos).side}: decline")
    assert where(pos, ab) == "england_airborne"
    assert "returns to the Airborne Available box" in log(pos)


def test_f44_12_3_a_only_september_to_march():
    pos, ab, hq = market_garden(turn=2)
    assert prompt(pos).kind == "initiative"


def test_f44_12_4_plunder_varsity_before_the_first_increment_and_the_18th_stays():
    pos = fresh("campaign", turn=10)
    ab = put(pos, "US-XVIII", "england_airborne")
    hq = put(pos, "HQ-US1", "1613", face=1)
    arm = put(pos, "US-2AD", "1612")
    pos.call("activation", side="allied", kind="initiative", hq=hq)
    pos.push(f"allied: command unit=#{arm}")
    pos.push("allied: done")
    pos.push("allied: done")
    assert prompt(pos).kind == "airdrop"
    pos.push("allied: drop hex=@1815")
    assert ab in act_data(pos)["units"]
    pos.push("allied: end_phase")
    special_end = rules_game(pos)
    assert special_end
    pos.call("initiative_cycle", side="german")
    assert where(pos, ab) == "1815"


# -- 12.5 the Ardennes ---------------------------------------------------------------------------------------------
def bulge_turn(turn=4, chits=2):
    pos = fresh("campaign", turn=turn)
    cup = [p for p, piece in pos.state.pieces.items() if piece.loc == "cup"]
    for p in cup:
        pos.move(p, "chit_pool")
    ge = [p for p, piece in sorted(pos.state.pieces.items()) if piece.type == "CHIT-GE"][:chits]
    al = [p for p, piece in sorted(pos.state.pieces.items()) if piece.type == "CHIT-AL"][:1]
    for p in ge + al:
        pos.move(p, "cup")
    pos.set("german_rxp", 3)
    pos.set("allied_rxp", 0)
    put(pos, "HQ-GE7", "3309", face=1)
    return pos


def test_f44_12_5_the_bulge_two_german_initiative_phases_before_any_draw():
    pos = bulge_turn()
    pos.call("chit_cycle", bulge=0, offered=False)
    assert prompt(pos).kind == "bulge"
    pos.push("german: declare")
    assert prompt(pos).kind == "reaction" and prompt(pos).side == "german"     # 1-3 RxP at once
    pos.push("german: decline")
    assert prompt(pos).kind == "initiative" and prompt(pos).side == "german"
    assert len(pos.state.stack("cup")) == 1                                     # two chits set aside
    pos.push("german: pass")
    assert prompt(pos).side == "allied" or prompt(pos).kind == "reaction"       # Allied reaction chance
    while prompt(pos).kind == "reaction":
        pos.push(f"{prompt(pos).side}: decline")
    assert prompt(pos).kind == "initiative" and prompt(pos).side == "german"     # the second one
    assert pos.state.get("f44_bulge_used")


def test_f44_12_5_a_not_with_fewer_than_two_german_chits_nor_outside_october_january():
    pos = bulge_turn(chits=1)
    pos.call("chit_cycle", bulge=0, offered=False)
    assert prompt(pos).kind != "bulge"
    pos = bulge_turn(turn=8)
    pos.call("chit_cycle", bulge=0, offered=False)
    assert prompt(pos).kind != "bulge"


# -- 12.6 - 12.9 the Rhine ---------------------------------------------------------------------------------------------
def rhine_position(turn=9):
    pos = fresh("campaign", turn=turn)
    hq = put(pos, "HQ-US1", "3411", face=1)
    return pos, hq


def test_f44_12_7_a_entering_a_bridge_hex_makes_the_german_roll_1_intact_2_6_blown():
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3410")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    pos.dice(1)
    move(pos, "allied", u, "3410", "3409")
    assert pos.state.get("f44_bridges")["3409|3509"] == ["intact"]
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3410")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    pos.dice(4)
    move(pos, "allied", u, "3410", "3409")
    assert pos.state.get("f44_bridges")["3409|3509"] == ["blown"]
    refused(pos.session, "allied: move unit=#%d path=[@3409,@3509]" % u, "F44 6.0")   # moved already
    # 12.7-b: blown for good — a later entry rolls nothing and changes nothing
    pos.push("allied: end_phase")
    pos.commands("out again", [C.Move(u, "3410")])
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    move(pos, "allied", u, "3410", "3409")
    assert pos.state.get("f44_bridges")["3409|3509"] == ["blown"]


def test_f44_12_7_hex_3511_three_rolls_cologne_two_bridges_tracked_apart():
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3411")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    pos.dice(3, 1, 5)
    move(pos, "allied", u, "3411", "3511")
    assert pos.state.get("f44_bridges")["3511|3610"] == ["blown", "intact", "blown"]
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3410")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    pos.dice(1, 2)
    move(pos, "allied", u, "3410", "3510")
    b = pos.state.get("f44_bridges")
    assert b["3510|3610"] == ["intact"] and b["3510|3609"] == ["blown"]       # rolled 3610 first


def test_f44_12_8_a_a_blown_bridge_cannot_be_crossed_an_intact_one_can():
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3409")
    pos.set("f44_bridges", {"3409|3509": ["blown"]})
    single(pos, "allied", u)
    increment(pos, "allied", 4)
    refused(pos.session, f"allied: move unit=#{u} path=[@3409,@3509]", "F44 12.8")
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3409")
    pos.set("f44_bridges", {"3409|3509": ["intact"]})
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    legal(pos.session, f"allied: move unit=#{u} path=[@3409,@3509]")


def test_f44_12_8_b_the_amphibious_crossing_box_1_by_a_unit_that_began_next_to_the_rhine():
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3512")
    single(pos, "allied", u)
    increment(pos, "allied", 4)
    refused(pos.session, f"allied: move unit=#{u} path=[@3512,@3612]", "F44 12.8")
    pos, hq = rhine_position()
    u = put(pos, "US-2AD", "3512")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    move(pos, "allied", u, "3512", "3612")
    assert where(pos, u) == "3612"
    assert "3612" in pos.state.get("f44_bridgeheads")                          # 12.6
    assert pos.state.get("rhine_crossed")                                        # 12.9


def test_f44_12_8_c_an_amphibious_assault_advances_into_the_vacated_hex_and_stops():
    pos, hq = rhine_position()
    pos.move(hq, "3512")
    u = put(pos, "US-2AD", "3512")
    d = put(pos, "GE-LXXXIV", "3612")
    put(pos, "HQ-GE7", "3713", face=1)
    activate(pos, "allied", hq, [u])
    increment(pos, "allied", 1, "attack")
    attack(pos, "allied", hq, [u], "3612", dice=[1, 1, 6, 1], activate_first=False)
    while prompt(pos).kind in ("retreat", "hq_pickup"):
        pos.push(pos.session.legal_actions()[0])
    adv = pos.session.legal_actions().verb("advance")
    assert adv and all(len(a["path"]) == 2 for a in adv)
    assert d


def test_f44_12_8_d_movement_or_attack_not_both():
    pos, hq = rhine_position()
    pos.move(hq, "3512")
    a = put(pos, "US-2AD", "3512")
    b = put(pos, "US-3AD", "3513")
    put(pos, "GE-LXXXIV", "3612")
    activate(pos, "allied", hq, [a, b])
    increment(pos, "allied", 1, "attack")
    refused(pos.session, f"allied: move unit=#{b} path=[@3513,@3612]", "F44 6.0")


def test_f44_12_6_a_bridgehead_acts_as_a_bridge_and_goes_when_the_germans_retake_it():
    pos, hq = rhine_position()
    pos.set("f44_bridgeheads", ["3612"])
    u = put(pos, "US-2AD", "3512")
    single(pos, "allied", u)
    increment(pos, "allied", 4)                                                  # 2 MP: a river costs 3
    refused(pos.session, f"allied: move unit=#{u} path=[@3512,@3612]", "F44 7.0")
    pos.push("allied: end_increment")
    increment(pos, "allied", 10)
    pos.push("allied: end_phase")
    single(pos, "allied", u)
    increment(pos, "allied", 2)                                                  # 3 MP for MPA 6
    legal(pos.session, f"allied: move unit=#{u} path=[@3512,@3612]")
    pos = fresh("campaign", turn=9)
    pos.set("f44_bridgeheads", ["3612"])
    g = put(pos, "GE-2PZ", "3713")
    single(pos, "german", g)
    increment(pos, "german", 1)
    move(pos, "german", g, "3713", "3612")
    assert "3612" not in (pos.state.get("f44_bridgeheads") or [])


def test_f44_12_6_d_no_bridgehead_on_a_burned_bridge():
    pos, hq = rhine_position()
    pos.set("f44_bridges", {"3409|3509": ["blown"]})
    u = put(pos, "US-2AD", "3408")
    pos.set("f44_bridgeheads", [])
    pos.commands("to Dusseldorf", [C.Move(u, "3509")])
    single(pos, "allied", u)                                    # any move runs the 12.6 update
    pos.push("allied: end_phase")
    g = rules_game(pos)
    assert rhine.blown_bridge_at(g, "3509") and "3509" not in (pos.state.get("f44_bridgeheads") or [])


def test_f44_12_9_crossing_the_rhine_zero_german_reactions_fuhrer_to_the_box_irreversible():
    pos, hq = rhine_position()
    m = pos.session.module
    fuhrer = [p for p, piece in pos.state.pieces.items() if m.piece_types[piece.type].attrs.get("fuhrer")]
    u = put(pos, "US-2AD", "3512")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    move(pos, "allied", u, "3512", "3612")
    assert pos.state.get("rhine_crossed")
    assert all(where(pos, f) == "elim_german" for f in fuhrer)
    turn_marker = next(p for p in pos.state.pieces.values() if p.type == "M-TURN-GE")
    assert turn_marker.face == 1
    pos.clear_stack()
    pos.commands("thrown back", [C.Move(u, "3512")])
    pos.call("turn", step=4)
    assert pos.state.get("german_rxp") == 0 and pos.state.get("rhine_crossed")


# -- 12.10 Operational Advantage ----------------------------------------------------------------------------------------
def test_f44_12_10_the_holder_rerolls_a_combat_and_the_marker_passes_from_next_turn():
    pos = fresh("breakout", options={"operational_advantage": "on"})
    put(pos, "HQ-GE7", "1815", face=1)
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    put(pos, "GE-LXXXIV", "1613")
    attack(pos, "allied", hq, [a], "1613", dice=[6, 3, 1, 1, 1, 1, 6, 1])
    assert prompt(pos).kind == "advantage" and prompt(pos).side == "allied"
    pos.push("allied: reroll")
    assert combat_data(pos)["dice"] == [1, 1, 6, 1]
    adv = pos.state.get("f44_advantage")
    assert adv == {"holder": "german", "from_turn": 2}
    assert next(p for p in pos.state.pieces.values() if p.type == "M-ADV").loc == "turn_german_2"


def test_f44_12_10_not_in_falaise_gap_and_off_by_default():
    assert not fresh("falaise_gap").session.module.scenarios["falaise_gap"].options
    pos = fresh("breakout")
    put(pos, "HQ-GE7", "1815", face=1)
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    put(pos, "GE-LXXXIV", "1613")
    attack(pos, "allied", hq, [a], "1613", dice=[6, 3, 1, 1])
    assert prompt(pos).kind != "advantage"


def test_f44_12_10_c_the_holder_may_keep_the_marker():
    pos = fresh("breakout", options={"operational_advantage": "on"})
    put(pos, "HQ-GE7", "1815", face=1)
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    put(pos, "GE-LXXXIV", "1613")
    attack(pos, "allied", hq, [a], "1613", dice=[6, 3, 1, 1])
    pos.push("allied: keep")
    assert pos.state.get("f44_advantage") == {"holder": "allied", "from_turn": 1}
