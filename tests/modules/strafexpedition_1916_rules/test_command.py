"""Command (8.1-8.6), the Action Phases (4.0-8/9), activation completed (14.0), the reaction
(15.0) and supply (10.0-10.4.1)."""
from __future__ import annotations

from engine.testing import legal, refused

from modules.strafexpedition_1916.rules import action, board, command, supply

from .positions import PLAIN, clear, game, new, place


def planned(pos, side, brigade, box=1):
    """The brigade planned in box ``box`` (as the Command Phase reveal leaves it)."""
    g = game(pos)
    hq = command.hq_pieces(g, side)[brigade]
    pos.move(hq, f"bd:{side}:{box}")
    pos.set("se_plan", {side: {brigade: box}})
    return hq


def action_phase(pos, side):
    pos.set("se_weather", "clear")
    pos.call("action_phase", side=side, passed=False)


def test_se_8_1_command_radius_from_the_hq_not_through_enemy_units():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    near = place(pos, "it_taro_207_i", "0356")
    far = place(pos, "it_taro_207_ii", "0259")        # 4 hexes from 0255: beyond radius 3
    action_phase(pos, "IT")
    pos.push(f"IT: activate at=@0255 hq=#{hq}")
    g = game(pos)
    rec = pos.state.get("se_stack")[-1]["acts"][0]
    assert near in rec["units"] and far not in rec["units"]
    assert "Out of Command" in pos.state.pieces[far].markers            # 8.6


def test_se_8_1_through_an_unnegated_enemy_zoc_a_die_1_3_blocks():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    unit = place(pos, "it_taro_207_i", "0257")
    place(pos, "ah_55_87_i", "0156")                  # ZoC on 0256 (between the HQ and the unit)
    place(pos, "ah_55_87_ii", "0456")                 # ZoC on 0355 and 0356 (the other ways)
    action_phase(pos, "IT")
    g = game(pos)
    pos.dice(1, 1, 1, 1, 1, 1)                           # every ZoC hex on the way: 1, blocked
    pos.push(f"IT: activate at=@0255 hq=#{hq}")
    rec = pos.state.get("se_stack")[-1]["acts"][0]
    assert unit not in rec["units"]
    assert any("blocked through" in t for _, t in pos.state.chat)


def test_se_8_5_hq_never_with_enemy_units_and_on_a_supply_line():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0357")
    action_phase(pos, "IT")
    refused(pos.session, f"IT: activate at=@0357 hq=#{hq}", "SE 8.5")
    legal(pos.session, f"IT: activate at=@0355 hq=#{hq}")


def test_se_8_2_only_planned_brigades_are_activated():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    other = command.hq_pieces(game(pos), "IT")["roma"]
    place(pos, "it_taro_207_i", "0356")
    place(pos, "it_roma_79_i", "0357")
    action_phase(pos, "IT")
    refused(pos.session, f"IT: activate at=@0356 hq=#{other}", "SE 8.2")


def test_se_8_4_two_free_independents_within_the_radius_once_a_turn():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    place(pos, "it_taro_207_i", "0356")
    alpini = [place(pos, "it_alp_vicenza", "0355"), place(pos, "it_alp_aosta", "0357"),
              place(pos, "it_alp_cervino", "0456")]
    used = place(pos, "it_alp_matajur", "0455")
    pos.set("se_independents_used", [used])
    action_phase(pos, "IT")
    pos.push(f"IT: activate at=@0356 hq=#{hq}")
    refused(pos.session, f"IT: assign unit=#{used}", "SE 8.4")
    pos.push(f"IT: assign unit=#{alpini[0]}")
    pos.push(f"IT: assign unit=#{alpini[1]}")
    refused(pos.session, f"IT: assign unit=#{alpini[2]}", "SE 8.4")
    assert "Activated" in pos.state.pieces[alpini[0]].markers


def test_se_8_3_artillery_assigned_up_to_the_box_within_the_radius():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro", box=2)
    place(pos, "it_taro_207_i", "0356")
    guns = [place(pos, "it_art_v_mtn", h, face=1) for h in ("0355", "0357", "0455", "0456", "0457", "0255")]
    action_phase(pos, "IT")
    pos.push(f"IT: activate at=@0356 hq=#{hq}")
    for gun in guns[:5]:
        pos.push(f"IT: assign unit=#{gun}")
    refused(pos.session, f"IT: assign unit=#{guns[5]}", "SE 8.3")


def test_se_4_0_8_the_phasing_player_acts_again_or_passes_two_passes_end():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    place(pos, "it_taro_207_i", "0356")
    ah_hq = command.hq_pieces(game(pos), "AH")["55"]
    pos.move(ah_hq, "bd:AH:1")
    pos.set("se_plan", {"IT": {"taro": 1}, "AH": {"55": 1}})
    place(pos, "ah_55_87_i", "0259")
    action_phase(pos, "IT")
    pos.push("IT: pass")
    assert pos.session.prompt().side == "AH"
    pos.push("AH: pass")
    assert pos.session.prompt().kind != "activate"


def test_se_14_0_the_hq_is_flipped_at_step_h_and_15_0_the_enemy_may_react():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    place(pos, "it_taro_207_i", "0356")
    ah_hq = command.hq_pieces(game(pos), "AH")["55"]
    pos.move(ah_hq, "bd:AH:1")
    pos.set("se_plan", {"IT": {"taro": 1}, "AH": {"55": 1}})
    place(pos, "ah_55_87_i", "0259")
    action_phase(pos, "IT")
    pos.push(f"IT: activate at=@0356 hq=#{hq}")
    pos.push("IT: done")                    # assignments
    pos.push("IT: done")                    # step A
    assert pos.state.pieces[hq].face == 1   # 14.0
    assert pos.session.prompt().kind == "reaction" and pos.session.prompt().side == "AH"
    pos.dice(5)                              # initiative 3: fails
    pos.push(f"AH: react at=@0258 hq=#{ah_hq}")
    assert pos.where(ah_hq) == "bd:AH:1"                  # back on the Brigade Display (15.0)
    assert pos.session.prompt().kind == "activate"        # Italy has nothing left: AH's phase


def test_se_15_0_a_successful_reaction_acts_at_once():
    pos = new()
    clear(pos)
    hq = planned(pos, "IT", "taro")
    roma = command.hq_pieces(game(pos), "IT")["roma"]
    pos.move(roma, "bd:IT:1")
    place(pos, "it_taro_207_i", "0356")
    place(pos, "it_roma_79_i", "0455")
    ah_hq = command.hq_pieces(game(pos), "AH")["55"]
    pos.move(ah_hq, "bd:AH:1")
    pos.set("se_plan", {"IT": {"taro": 1, "roma": 1}, "AH": {"55": 1}})
    ah = place(pos, "ah_55_87_i", "0259")
    action_phase(pos, "IT")
    pos.push(f"IT: activate at=@0356 hq=#{hq}")
    pos.push("IT: done")
    pos.push("IT: done")
    pos.dice(3)
    pos.push(f"AH: react at=@0258 hq=#{ah_hq}")
    pos.push("AH: done")                     # assignments
    assert pos.session.prompt().kind == "tactical" and pos.session.prompt().side == "AH"
    pos.push("AH: done")
    assert pos.state.pieces[ah_hq].face == 1
    assert pos.session.prompt().side == "IT"   # back to the phasing player (15.0 reading)


def test_se_10_2_ten_hexes_to_a_road_then_the_network_to_a_source():
    pos = new()
    g = game(pos)
    sup = supply.supplied_hexes(g, "IT")
    assert "0356" in sup
    roads = supply.road_network(g, "IT")
    assert "0238" in roads                     # Schio, an Italian source, on the network


def test_se_10_2_3_hex_1201_belongs_to_whoever_controls_it():
    pos = new()
    g = game(pos)
    assert "1201" in supply.sources(g, "IT") and "1201" not in supply.sources(g, "AH")
    pos.set("se_control", {"1201": "AH"})
    g = game(pos)
    assert "1201" in supply.sources(g, "AH") and "1201" not in supply.sources(g, "IT")


def test_se_10_3_out_of_supply_one_dp_a_supply_phase():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0355")
    place(pos, "ah_55_87_ii", "0357")
    place(pos, "ah_55_87_iii", "0456")
    place(pos, "ah_55_96_i", "0457")
    place(pos, "ah_55_96_ii", "0256")
    place(pos, "ah_55_96_iii", "0257")
    g = game(pos)
    assert not supply.in_supply(g, a)
    from modules.strafexpedition_1916.rules import sequence
    pos.edit("supply", lambda tx: sequence.supply_check(pos.session.ruleset.game(pos.state, tx)))
    assert game(pos).dp(a) == 1 and "Out of Supply" in pos.state.pieces[a].markers


def test_se_20_4_fortresses_never_out_of_supply():
    pos = new()
    clear(pos)
    fort = place(pos, "it_fort_corbin", "0356")
    for h, t in zip(game(pos).data.nbrs["0356"], ["ah_55_87_i", "ah_55_87_ii", "ah_55_87_iii",
                                                 "ah_55_96_i", "ah_55_96_ii", "ah_55_96_iii"]):
        place(pos, t, h)
    assert supply.in_supply(game(pos), fort)


def test_se_10_4_1_enemy_artillery_in_battery_interdicts_the_hq_road_line():
    pos = new()
    g = game(pos)
    gun_hex = "0455"
    clear(pos)
    place(pos, "ah_art_viii_hvy", gun_hex, face=1)
    g = game(pos)
    covered = supply.interdicted(g, "IT")
    assert "0454" in covered and "0455" in covered
    assert all(g.data.hex_distance(gun_hex, h) <= 12 for h in covered)
