"""Movement (11.0-11.3) and stacking (12.0) under the rules."""
from __future__ import annotations

from engine.testing import legal, refused

from modules.strafexpedition_1916.rules import board, movement

from .positions import PLAIN, clear, game, new, place, record


def tactical(pos, side, units):
    record(pos, side, units)
    pos.set("se_weather", "clear")
    pos.call("tactical", side=side)


def test_se_11_0_units_move_hex_by_hex_paying_the_tec():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    tactical(pos, "IT", [a])
    g = game(pos)
    assert movement.hex_cost(g, "0356", "0357") == 2      # level 1: 1 MP (half points)
    legal(pos.session, f"IT: move to=@0357 unit=#{a}")
    refused(pos.session, f"IT: move to=@0358 unit=#{a}", "SE 11.0")
    pos.push(f"IT: move to=@0357 unit=#{a}")
    assert pos.where(a) == "0357"
    assert pos.state.get("se_stack")[-1]["spent"] == 2


def test_se_11_0_1_and_11_0_3_no_minimum_move_and_ma_spent_per_turn():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0253")
    tactical(pos, "IT", [a])
    g = game(pos)
    ma = movement.ma(g, a)
    assert ma == 12                                        # MA 6 in half points
    path = ["0254", "0255", "0256", "0257", "0258", "0259"]
    for h in path:
        pos.push(f"IT: move to=@{h} unit=#{a}")
    assert pos.state.get("se_stack")[-1]["spent"] == 12
    refused(pos.session, f"IT: move to=@0260 unit=#{a}", "SE 11.0")   # only as a forced march now


def test_se_11_0_2_a_river_hexside_adds_its_cost():
    pos = new()
    g = game(pos)
    rivers = [(a, b) for (a, b), s in g.data.sides.items() if s.get("river") and not s.get("road")
              and not s.get("cliff") and g.data.level[a] == g.data.level[b]]
    a, b = rivers[0]
    plain = movement.hex_cost(g, a, b) - 2
    assert plain == {1: 2, 2: 2, 3: 4, 4: 4, 5: 4, 6: 6, 7: 6}[g.data.level[b]] + (2 if b in g.data.woods else 0)


def test_se_11_0_4_cliffs_only_for_mountain_infantry_and_their_whole_ma():
    pos = new()
    g = game(pos)
    a, b = next((a, b) for (a, b), s in sorted(g.data.sides.items())
                if s.get("cliff") and not s.get("bridge") and not s.get("road") and not s.get("track")
                and g.data.level[b] < 8)
    clear(pos, [a, b] + list(g.data.nbrs[a]) + list(g.data.nbrs[b]))
    inf = place(pos, "it_taro_207_i", a)
    alp = place(pos, "it_alp_vicenza", a)
    tactical(pos, "IT", [inf, alp])
    refused(pos.session, f"IT: move to=@{b} unit=#{inf}", "SE 11.0.4")
    legal(pos.session, f"IT: move to=@{b} unit=#{alp}")
    pos.push(f"IT: move to=@{b} unit=#{alp}")
    assert pos.state.get("se_stack")[-1]["spent"] == movement.ma(game(pos), alp)


def test_se_11_0_5_roads_and_tracks_cost_their_own_rate():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0454")
    tactical(pos, "IT", [a])
    g = game(pos)
    assert board.road_kind(g, "0454", "0455") == "road"
    pos.push(f"IT: move to=@0455 unit=#{a}")
    assert pos.state.get("se_stack")[-1]["spent"] == 1    # a road hexside: 1/2 MP (TEC)


def test_se_12_4_no_stacking_at_road_rate():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0454")
    place(pos, "it_taro_207_ii", "0455")
    tactical(pos, "IT", [a])
    pos.push(f"IT: move to=@0455 unit=#{a}")
    assert pos.state.get("se_stack")[-1]["spent"] == 2    # the other terrain's cost, not the road's


def test_se_11_0_6_no_entering_a_hex_with_enemy_units():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0357")
    tactical(pos, "IT", [a])
    refused(pos.session, f"IT: move to=@0357 unit=#{a}", "SE 11.0.6")


def test_se_19_4_entering_a_hex_of_enemy_artillery_alone_captures_it():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    gun = place(pos, "ah_art_iii_fld", "0357", face=1)
    tactical(pos, "IT", [a])
    pos.push(f"IT: move to=@0357 unit=#{a}")
    assert pos.where(gun) == "surrendered:AH"
    assert pos.state.get("se_surrendered_steps") == {"AH": 5}


def test_se_11_0_7_each_unit_moves_once_and_not_after_another_started():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0355")
    b = place(pos, "it_taro_207_ii", "0356")
    tactical(pos, "IT", [a, b])
    pos.push(f"IT: move to=@0455 unit=#{a}")
    pos.push(f"IT: move to=@0456 unit=#{b}")
    refused(pos.session, f"IT: move to=@0456 unit=#{a}", "SE 11.0.7")


def test_se_11_1_1_leaving_an_enemy_zoc_costs_one_more():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0457")
    tactical(pos, "IT", [a])
    pos.push(f"IT: move to=@0355 unit=#{a}")
    assert pos.state.get("se_stack")[-1]["spent"] == 4    # 1 MP + 1 MP to leave the ZoC


def test_se_11_2_1_no_entering_enemy_zoc_outside_an_action():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0355")
    place(pos, "ah_55_87_i", "0457")
    pos.set("se_weather", "clear")
    pos.call("free_move", side="IT", next=None)
    refused(pos.session, f"IT: move to=@0356 unit=#{a}", "SE 11.2.1")
    legal(pos.session, f"IT: move to=@0255 unit=#{a}")


def test_se_11_2_2_strategic_movement_doubles_the_ma_far_from_the_enemy():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0253")
    pos.set("se_weather", "clear")
    pos.call("free_move", side="IT", next=None)
    for h in ["0254", "0255", "0256", "0257", "0258", "0259"]:
        pos.push(f"IT: move to=@{h} unit=#{a}")
    refused(pos.session, f"IT: move to=@0260 unit=#{a}", "SE 11.0")
    pos.push(f"IT: strategic to=@0260 unit=#{a}")
    assert pos.where(a) == "0260"


def test_se_11_2_2_no_strategic_movement_near_the_enemy():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0253")
    place(pos, "ah_55_87_i", "0263")
    pos.set("se_weather", "clear")
    pos.call("free_move", side="IT", next=None)
    for h in ["0254", "0255", "0256", "0257", "0258"]:
        pos.push(f"IT: move to=@{h} unit=#{a}")
    pos.push(f"IT: move to=@0259 unit=#{a}")
    refused(pos.session, f"IT: strategic to=@0260 unit=#{a}", "SE 11.2.2")


def test_se_11_3_forced_march_half_again_the_ma_then_one_dp():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0253")
    tactical(pos, "IT", [a])
    for h in ["0254", "0255", "0256", "0257", "0258", "0259"]:
        pos.push(f"IT: move to=@{h} unit=#{a}")
    pos.push(f"IT: force_march to=@0260 unit=#{a}")
    for h in ["0261", "0262"]:
        pos.push(f"IT: move to=@{h} unit=#{a}")
    refused(pos.session, f"IT: move to=@0263 unit=#{a}", "SE 11.0.3")
    pos.push("IT: done")
    g = game(pos)
    assert g.dp(a) == 1
    assert a in pos.state.get("se_forced")


def test_se_9_1_rain_lowers_infantry_ma_and_halves_artillery_ma():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    gun = place(pos, "it_art_v_fld", "0357")
    g = game(pos)
    pos.set("se_weather", "rain")
    g = game(pos)
    assert movement.ma(g, a) == 10 and movement.ma(g, gun) == 6
    pos.set("se_weather", "clear")
    g = game(pos)
    assert movement.ma(g, a) == 12 and movement.ma(g, gun) == 12


def test_se_12_1_and_12_3_two_units_a_side_at_the_end_of_a_move():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0355")
    place(pos, "it_taro_207_ii", "0356")
    place(pos, "it_taro_207_iii", "0356")
    tactical(pos, "IT", [a])
    pos.push(f"IT: move to=@0356 unit=#{a}")          # passing through is allowed (12.3)
    refused(pos.session, "IT: done", "SE 12.3")
    pos.push(f"IT: move to=@0357 unit=#{a}")
    legal(pos.session, "IT: done")


def test_se_12_2_one_unit_on_high_mountain():
    pos = new()
    g = game(pos)
    hm = next(h for h in sorted(g.data.hexes) if g.data.level[h] == 8)
    assert board.stack_limit(g, hm) == 1
    assert board.stack_limit(g, "0356") == 2


def test_se_12_6_fortresses_hqs_and_markers_do_not_count():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "it_fort_verena", "0356")
    place(pos, "it_hq_taro", "0356")
    place(pos, "m_trench1", "0356")
    assert [p for p in board.stacking_units(game(pos), "0356", "IT")] == [a]


def test_se_3_0_zoc_not_from_artillery_nor_across_a_cliff_for_plain_infantry():
    pos = new()
    g = game(pos)
    a, b = next((a, b) for (a, b), s in sorted(g.data.sides.items())
                if s.get("cliff") and not s.get("bridge") and not s.get("road") and not s.get("track"))
    clear(pos, [a, b] + list(g.data.nbrs[a]) + list(g.data.nbrs[b]))
    place(pos, "ah_55_87_i", a)
    assert b not in board.zoc(game(pos), "AH")
    clear(pos, [a])
    place(pos, "ah_10m_48", a)
    assert b in board.zoc(game(pos), "AH")
    clear(pos, PLAIN)
    place(pos, "ah_art_iii_fld", "0356")
    assert "0357" not in board.zoc(game(pos), "AH")


def test_se_11_1_2_infiltration_fire_when_moving_within_one_enemy_units_zoc():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    e = place(pos, "ah_55_87_i", "0456")
    tactical(pos, "IT", [a])
    g = game(pos)
    assert movement.infiltration_firers(g, a, "0356", "0457") == [e]
    pos.push(f"IT: move to=@0457 unit=#{a}")
    assert pos.session.prompt().kind == "infiltration_fire" and pos.session.prompt().side == "AH"
    pos.dice(6)                                         # DF table, reconstructed cells
    pos.push("AH: fire at=@0457")
    report = pos.state.get("combat_report")
    assert report["stage"] == "resolved" and report["lines"][0]["table"] == "defensive_fire"
    assert pos.session.prompt().kind == "tactical"
    assert pos.state.get("se_stack")[-1]["mover"] == a     # the unit may go on


def test_se_11_1_2_no_infiltration_fire_between_zocs_of_different_units():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0455")
    place(pos, "ah_55_87_ii", "0258")
    g = game(pos)
    assert movement.infiltration_firers(g, a, "0356", "0357") == []
