"""More rule cases: line of sight under the weather (13.2.2, 9.1), supply details (10.2.1,
10.2.2), assault declaration costs (11.1.3, 13.1.5), retreats (13.4.5.1, 13.4.5.4, 13.4.5.6),
markers (19.8), fortresses (20.1, 20.3), and the scenarios' special rules."""
from __future__ import annotations

from engine.testing import legal, refused

from modules.strafexpedition_1916.rules import (assault, board, command, fire, reinforce, sight, supply,
                                                 tactical, trenches, units)

from .positions import PLAIN, clear, declare, dp, game, new, place, record


# -- 13.2.2 / 9.1 line of sight -----------------------------------------------------------------------------

def test_se_13_2_2_a_level_5_observer_sees_a_level_1_target_ten_hexes_away_in_clear_weather():
    pos = new()
    g = game(pos)
    a, b = "0201", "1201"                                   # level 5 and level 1, 10 hexes apart
    assert (g.data.level[a], g.data.level[b], g.data.hex_distance(a, b)) == (5, 1, 10)
    assert sight.los_limit(g, a, b, "clear") == 10            # 6 + 1 per level of difference
    assert sight.has_los(g, a, b, "clear")
    assert sight.los_limit(g, b, a, "clear") == 6             # looking up: no extra length


def test_se_9_1_weather_shortens_the_line_of_sight():
    pos = new()
    g = game(pos)
    assert sight.los_limit(g, "0356", "0359", "overcast") == 4     # both below level 5
    assert sight.los_limit(g, "0201", "1201", "overcast") == 3     # a level-5 end
    assert sight.los_limit(g, "0201", "1201", "rain") == 2
    assert not sight.has_los(g, "0201", "1201", "rain")
    assert sight.has_los(g, "0356", "0358", "rain")


def test_se_3_0_adjacent_hexes_always_see_each_other():
    pos = new()
    g = game(pos)
    a, b = next((a, b) for (a, b) in sorted(g.data.sides) if abs(g.data.level[a] - g.data.level[b]) >= 3)
    assert sight.has_los(g, a, b, "rain")


def test_se_13_2_2_observer_hexes_not_enemy_held_nor_in_enemy_zoc():
    pos = new()
    clear(pos, PLAIN)
    place(pos, "ah_55_87_i", "0357")
    g = game(pos)
    obs = sight.observer_hexes(g, "IT", ["0355", "0356", "0357", "0255"])
    assert obs == ["0255", "0355"]


# -- 10.2 supply -------------------------------------------------------------------------------------------

def test_se_10_2_2_enemy_zoc_blocks_the_off_road_line_and_a_friend_negates_it():
    pos = new()
    clear(pos)
    g = game(pos)
    centre = "0556"
    ring1 = set(g.data.nbrs[centre])
    ring2 = sorted({n for h in ring1 for n in g.data.nbrs[h]} - ring1 - {centre})

    def free_exit(h):        # a hex beyond the ring next to no other hex of the ring
        return any(n not in ring1 and n not in ring2 and not (set(g.data.nbrs[n]) & (set(ring2) - {h}))
                   for n in g.data.nbrs[h])
    gap = next(h for h in ring2 if len(ring1 & set(g.data.nbrs[h])) == 1 and free_exit(h))
    for h in ring2:
        if h != gap:
            place(pos, "ah_55_87_i", h)                      # enemies all round, one gap
    unit = place(pos, "it_taro_207_i", centre)
    assert not supply.in_supply(game(pos), unit)             # every way out crosses enemy ZoC
    step = next(h for h in ring1 if gap in g.data.nbrs[h])
    place(pos, "it_taro_207_ii", step)
    place(pos, "it_taro_207_iii", gap)
    assert supply.in_supply(game(pos), unit)                 # friends negate the ZoC off the road


def test_se_10_2_2_the_road_part_never_passes_next_to_an_enemy_unit():
    pos = new()
    clear(pos)
    g = game(pos)
    assert "0455" in supply.road_network(g, "IT")
    place(pos, "ah_55_87_i", "0456")
    g = game(pos)
    assert "0455" not in supply.road_network(g, "IT")


def test_se_10_2_1_only_the_first_hexside_may_be_a_cliff():
    pos = new()
    g = game(pos)
    flat = supply.open_steps(g)
    a, b = next((a, b) for (a, b), s in sorted(g.data.sides.items()) if s.get("cliff") and not s.get("bridge"))
    assert b not in flat[a]                                     # no line crosses it further on


# -- 11.1.3 / 13.1.5 assault declaration ------------------------------------------------------------------

def test_se_11_1_3_declaring_an_assault_costs_entering_the_hex_not_leaving_its_zoc():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a])
    pos.set("se_weather", "clear")
    pos.call("tactical", side="IT")
    g = game(pos)
    from modules.strafexpedition_1916.rules import movement
    mover = movement.Mover(g, a, True)
    assert mover.assault_cost("0356", "0357", 0, 12) == 2       # 1 MP to enter, no +1 to leave
    pos.push(f"IT: assault target=@0357 unit=#{a}")
    assert pos.state.pieces[a].props["assault"] == "0357"
    assert "Assault → 0357" in pos.state.pieces[a].markers


def test_se_13_1_5_not_enough_points_left_no_assault():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0253")
    place(pos, "ah_55_87_i", "0260")
    record(pos, "IT", [a])
    pos.set("se_weather", "clear")
    pos.call("tactical", side="IT")
    for h in ["0254", "0255", "0256", "0257", "0258", "0259"]:
        pos.push(f"IT: move to=@{h} unit=#{a}")                # 12 of 12 half points spent
    refused(pos.session, f"IT: assault target=@0260 unit=#{a}", "SE 13.1.5")
    legal(pos.session, f"IT: forced_assault target=@0260 unit=#{a}")   # 11.3: a forced march


def test_se_13_1_1_only_the_activated_units_declare():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    b = place(pos, "it_taro_207_ii", "0355")
    place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a])
    pos.set("se_weather", "clear")
    pos.call("tactical", side="IT")
    refused(pos.session, f"IT: assault target=@0357 unit=#{b}", "SE 13.1.1")


# -- 13.4.5 retreats --------------------------------------------------------------------------------------

def test_se_13_4_5_4_retreat_fire_from_other_enemy_units():
    pos = new()
    clear(pos, PLAIN + ("0358", "0458", "0258", "0359", "0459", "0259"))
    a1 = place(pos, "ah_55_87_i", "0356")
    a2 = place(pos, "ah_55_87_ii", "0457")
    d = place(pos, "it_taro_207_i", "0357")
    for h, types in (("0458", ("it_roma_79_i", "it_roma_79_ii")), ("0257", ("it_roma_79_iii", "it_roma_80_i")),
                     ("0258", ("it_roma_80_ii", "it_roma_80_iii"))):
        for t in types:
            place(pos, t, h)
    watcher = place(pos, "ah_55_96_i", "0359")              # its ZoC covers 0358, the one way out
    record(pos, "AH", [a1, a2])
    declare(pos, a1, "0357")
    declare(pos, a2, "0357")
    pos.dice(4)                                               # 2.5:1, die 4: the defender retreats
    pos.call("resolution", side="AH", counter=False)
    assert pos.where(d) == "0358"
    p = pos.session.prompt()
    assert (p.kind, p.side) == ("infiltration_fire", "AH")
    assert pos.state.get("se_stack")[-1]["firers"] == [watcher] and pos.state.get("se_stack")[-1]["retreat"]


def test_se_13_4_5_1_mountain_troops_retreat_across_a_cliff_for_two_dp():
    pos = new()
    g = game(pos)
    a, b = next((a, b) for (a, b), s in sorted(g.data.sides.items())
                if s.get("cliff") and not s.get("bridge") and g.data.level[a] < 8 and g.data.level[b] < 8)
    clear(pos, [a, b] + list(g.data.nbrs[a]) + list(g.data.nbrs[b]))
    alp = place(pos, "it_alp_vicenza", a)
    inf = place(pos, "it_taro_207_i", a)
    assert b in assault.retreat_options(game(pos), alp, a, [], [])[1]
    assert b not in assault.retreat_options(game(pos), inf, a, [], [])[1]
    rules = pos.session.ruleset
    record(pos, "AH", [])
    pos.edit("retreat", lambda tx: rules.machine.state("resolution").finish_retreat(
        rules.game(pos.state, tx), alp, a, b, "B"))
    assert pos.where(alp) == b and dp(pos, alp) == 2


def test_se_13_4_5_6_after_a_counterattack_the_assaulters_go_back_where_they_came_from():
    pos = new()
    clear(pos, PLAIN + ("0358", "0258", "0259", "0158"))
    a1 = place(pos, "ah_55_87_i", "0357")                    # took 0357 from 0356
    c1 = place(pos, "it_taro_207_i", "0358")
    c2 = place(pos, "it_taro_207_ii", "0258")
    rec = record(pos, "AH", [a1])
    rec["lost"] = ["0357"]
    rec["origins_of"] = {str(a1): "0356"}
    pos.set("se_actions", [rec])
    declare(pos, c1, "0357")
    declare(pos, c2, "0357")
    pos.dice(6)                                               # 6:3 = 2:1, morale 3 v 4: 1.5:1, die 6: 0D1/1D1R
    pos.call("resolution", side="IT", counter=True)
    rep = pos.state.get("combat_report")
    assert rep["title"].startswith("Counterattack") and "the defenders retreat" in rep["outcome"]
    assert pos.where(a1) == "0356"                            # 13.4.5.6: where it assaulted from


# -- 19.8 markers, 20.1 and 20.3 fortresses ---------------------------------------------------------------

def test_se_19_8_act_and_def_fired_markers():
    pos = new()
    clear(pos, PLAIN)
    gun = place(pos, "it_art_v_fld", "0355", face=1)
    a = place(pos, "ah_55_87_i", "0357")
    place(pos, "ah_55_87_ii", "0457")
    pos.set("se_weather", "clear")
    pos.set("se_fired_offensive", [gun])
    pos.commands("Act", [])
    declare(pos, a, "0356")
    record(pos, "AH", [a])
    pos.call("defensive_fire", side="IT", counter=False, assign={}, uncapped=[])
    pos.push(f"IT: fire_at hex=@0357 unit=#{gun}")
    pos.dice(1)
    pos.push("IT: resolve")
    assert "Act & Def Fired" in pos.state.pieces[gun].markers


def test_se_20_1_a_fortress_fires_with_its_mg_next_door_and_its_bf_as_artillery():
    pos = new()
    clear(pos, PLAIN)
    fort = place(pos, "it_fort_verena", "0356")              # BF 6, MG 2
    a = place(pos, "ah_55_87_i", "0357")
    declare(pos, a, "0358")
    record(pos, "AH", [a])
    pos.set("se_weather", "clear")
    pos.call("defensive_fire", side="IT", counter=False, assign={}, uncapped=[])
    pos.push(f"IT: fire_at hex=@0357 unit=#{fort}")
    pos.dice(1)
    pos.push("IT: resolve")
    what = pos.state.get("combat_report")["lines"][0]["what"]
    assert "MG 2 of 1 firing unit" in what and "artillery BF 6" in what
    assert fort in pos.state.get("se_fired_defensive")


def test_se_20_3_a_fortress_surrenders_at_morale_zero_with_the_enemy_adjacent():
    pos = new()
    clear(pos, PLAIN)
    fort = place(pos, "it_fort_corbin", "0356")               # morale 4
    place(pos, "ah_55_87_i", "0357")
    pos.edit("DP", lambda tx: units.add_dp(pos.session.ruleset.game(pos.state, tx), fort, 4, "test"))
    assert pos.where(fort) == "surrendered:IT"
    assert trenches.level(game(pos), "0356") == 1             # 20.6: its level less one


def test_se_16_1_current_morale_is_printed_less_dp():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "ah_55_87_i", "0356", dp=2)
    assert units.morale(game(pos), a) == 2


# -- scenarios' special rules -------------------------------------------------------------------------------

def test_se_sc5_east_sector_italians_frozen_until_an_ah_unit_crosses():
    pos = new(frozen=True)
    clear(pos, PLAIN)
    a = place(pos, "it_taro_207_i", "0356")
    record(pos, "IT", [a])
    pos.set("se_weather", "clear")
    pos.call("tactical", side="IT")
    refused(pos.session, f"IT: move to=@0357 unit=#{a}", "SE Sc5")
    g = game(pos)
    assert command.frozen(g, "IT", a) and not command.frozen(g, "AH", a)


def test_se_sc5_iii_corps_artillery_no_east_bombardment_before_19_may():
    pos = new()
    clear(pos, PLAIN)
    gun = place(pos, "ah_art_iii_fld", "0355", face=1)
    place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", [], artillery=[gun])
    pos.set("se_weather", "clear")
    pos.call("bombard", side="AH", targets={})
    refused(pos.session, f"AH: target gun=#{gun} hex=@0357", "SE Sc5")
    pos.set("turn", 5)
    legal(pos.session, f"AH: target gun=#{gun} hex=@0357")


def test_se_sc5_iii_corps_mountain_artillery_only_with_iii_corps_brigades_before_turn_10():
    pos = new()
    clear(pos)
    g = game(pos)
    taro = command.hq_pieces(g, "AH")["10m"]
    gun = place(pos, "ah_art_iii_mtn", "0355", face=1)
    unit = place(pos, "ah_10m_48", "0356")
    pos.move(taro, "bd:AH:2")
    pos.set("se_plan", {"AH": {"10m": 2}})
    pos.set("se_weather", "clear")
    pos.call("action_phase", side="AH", passed=False)
    pos.push(f"AH: activate at=@0356 hq=#{taro}")
    refused(pos.session, f"AH: assign unit=#{gun}", "SE Sc5")


def test_se_sc5_alternative_entry_at_valstagna_a_turn_later():
    pos = new()
    g = game(pos)
    unit = next(p for p, pc in sorted(pos.state.pieces.items())
                if pc.props.get("entry_hexes") == "1468" and pc.props.get("arrives") == 2)
    pos.set("turn", 2)
    assert "2872" not in reinforce.entry_hexes(game(pos), unit)
    pos.set("turn", 3)
    assert "2872" in reinforce.entry_hexes(game(pos), unit)


def test_se_sc5_padova_enters_near_1201_only_if_italy_holds_it():
    pos = new()
    unit = next(p for p, pc in sorted(pos.state.pieces.items()) if pc.props.get("entry_if_controlled") == "1201")
    pos.set("turn", 10)
    near = reinforce.entry_hexes(game(pos), unit)
    assert "1201" in near or any(game(pos).data.hex_distance(h, "1201") <= 3 for h in near)
    pos.set("se_control", {"1201": "AH"})
    assert set(reinforce.entry_hexes(game(pos), unit)) <= {"0225", "0226"}


def test_se_sc5_lombardia_marches_with_half_its_ma_on_arrival():
    pos = new()
    unit = next(p for p, pc in sorted(pos.state.pieces.items()) if pc.props.get("entry_halved_ma"))
    pos.set("turn", 8)
    hexes = reinforce.entry_hexes(game(pos), unit)
    pos.call("reinforce", side="IT", next=None)
    pos.push(f"IT: enter at=@{hexes[0]} unit=#{unit}")
    from modules.strafexpedition_1916.rules import movement
    pos.set("se_weather", "clear")
    assert movement.ma(game(pos), unit) == 6


def test_se_sc5_first_of_june_the_48th_division_withdraws_to_rovereto():
    pos = new()
    pos.set("turn", 18)
    g = game(pos)
    mtn = sorted(p for p, pc in pos.state.pieces.items() if pc.type.startswith("ah_11m_"))
    pos.move(mtn[0], "4306")
    from modules.strafexpedition_1916.rules import sequence
    pos.edit("1 June", lambda tx: sequence.special_turn_rules(pos.session.ruleset.game(pos.state, tx)))
    g = game(pos)
    assert g.where(mtn[0]) in ["3603"] + list(g.data.nbrs["3603"])
    assert pos.state.pieces[mtn[0]].props.get("frozen_until") == 19


def test_se_sc2_free_barrage_before_turn_1():
    pos = new("sc2_asiago_mountains_burning")
    p = pos.session.prompt()
    assert (p.side, p.kind) == ("AH", "bombard")
    assert "free barrage" in p.text
    pos.push("AH: fire")
    assert pos.session.prompt().kind == "command_plan"


def test_se_sc3_ah_artillery_may_not_move():
    pos = new("sc3_monte_cengio")
    gun = next(p for p, pc in sorted(pos.state.pieces.items()) if pc.type.startswith("ah_art"))
    pos.call("artillery_phase", side="AH", next=None)
    refused(pos.session, f"AH: limber unit=#{gun}", "SE Sc3")


def test_se_event_ah_1_doctrine_no_assault_on_unbombarded_hexes():
    pos = new()
    clear(pos, PLAIN)
    a = place(pos, "ah_55_87_i", "0356")
    d = place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", [a])
    declare(pos, a, "0357")
    pos.set("se_events", ["doctrine"])
    pos.call("resolution", side="AH", counter=False)
    assert pos.where(a) == "0356" and pos.where(d) == "0357"
    assert any("AH doctrine" in t for _, t in pos.state.chat)


def test_se_event_3_short_fire_may_fall_on_own_units():
    pos = new()
    clear(pos, PLAIN)
    gun = place(pos, "ah_art_viii_fld", "0355", face=1)
    own = place(pos, "ah_55_87_i", "0358")
    place(pos, "it_taro_207_i", "0357")
    pos.set("se_events", ["short_fire_AH"])
    pos.set("se_weather", "clear")
    pos.dice(2, 1)                                            # short fire: 2 (falls short); the table: 1
    rules = pos.session.ruleset
    pos.edit("bombard", lambda tx: fire.resolve_bombardment(rules.game(pos.state, tx), "AH", "0357", [gun]))
    assert pos.state.get("combat_report")["title"] == "Bombardment of 0358"   # the only own hex next door


def test_se_6_1_reinforcements_may_enter_over_the_stacking_limit():
    pos = new("sc1_drive_on_pasubio")
    pos.set("turn", 2)
    pos.call("reinforce", side="IT", next=None)
    units_ = [p for p in reinforce.arrived(game(pos), "IT")][:3]
    h = reinforce.entry_hexes(game(pos), units_[0])[0]
    for u in units_:
        pos.push(f"IT: enter at=@{h} unit=#{u}")
    assert len(board.stacking_units(game(pos), h, "IT")) == 3


def test_se_8_6_out_of_command_units_move_in_phase_10():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0356")
    pos.set("se_activated_units", [a])
    pos.commands("OOC", [])
    pos.set("se_weather", "clear")
    pos.call("free_move", side="IT", next=None)
    refused(pos.session, f"IT: move to=@0357 unit=#{a}", "SE 11.2")
    pos.clear_stack()
    from engine import commands as C
    pos.commands("Out of Command", [C.AddMarker(a, "Out of Command")])
    pos.call("free_move", side="IT", next=None)
    legal(pos.session, f"IT: move to=@0357 unit=#{a}")


def test_se_24_4_a_reaction_only_in_a_sector_where_the_enemy_activated():
    pos = new(multi_player="on")
    clear(pos)
    g = game(pos)
    hq55 = command.hq_pieces(g, "AH")["55"]
    pos.move(hq55, "bd:AH:1")
    pos.set("se_plan", {"AH": {"55": 1}})
    place(pos, "ah_55_87_i", "0338")
    pos.set("se_weather", "clear")
    pos.call("reaction", side="AH", sectors=["East"], tried=[], acts=[])
    refused(pos.session, f"AH: react at=@0338 hq=#{hq55}", "SE 24.4")


def test_se_19_4_artillery_alone_never_enters_an_enemy_zoc():
    pos = new()
    clear(pos, PLAIN)
    gun = place(pos, "it_art_v_fld", "0355", face=0)
    place(pos, "ah_55_87_i", "0357")
    pos.set("se_weather", "clear")
    pos.call("free_move", side="IT", next=None)
    assert not [a for a in pos.session.legal_actions() if a.get("to") == "0356"]
    record(pos, "IT", [gun])
    pos.call("tactical", side="IT")
    refused(pos.session, f"IT: move to=@0356 unit=#{gun}", "SE 19.4")


def test_se_13_2_1_only_artillery_assigned_to_the_activated_brigade_bombards():
    pos = new()
    clear(pos, PLAIN)
    mine = place(pos, "ah_art_viii_fld", "0355", face=1)
    other = place(pos, "ah_art_viii_fld", "0455", face=1)
    place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", [], artillery=[mine])
    pos.set("se_weather", "clear")
    pos.call("bombard", side="AH", targets={})
    refused(pos.session, f"AH: target gun=#{other} hex=@0357", "SE 13.2.1")
    refused(pos.session, f"AH: target gun=#{mine} hex=@0356", "SE 13.2.2")    # no enemy there


def test_se_13_2_5_and_18_4_terrain_and_trench_shift_the_bombardment():
    pos = new()
    g = game(pos)
    target = next(h for h in sorted(g.data.woods) if g.data.level[h] == 5)
    assert ["level 5 in %s (TEC)" % target, -1] in fire.terrain_shifts(g, target, "bombard_shift")
    assert [f"woods in {target} (TEC)", -1] in fire.terrain_shifts(g, target, "bombard_shift")
    clear(pos, [target])
    place(pos, "m_trench2", target)
    assert fire.trench_shift(game(pos), target, "bombard_shift") == [[f"trench level 2 in {target} (18.4)", -2]]
    assert fire.trench_shift(game(pos), target, "defensive_fire_shift") == [[f"trench level 2 in {target} (18.4)", 2]]


def test_se_13_3_1_infantry_fires_only_at_an_adjacent_hex_of_assaulting_units():
    pos = new()
    clear(pos, PLAIN + ("0359",))
    a = place(pos, "ah_55_87_i", "0356")
    far = place(pos, "it_taro_207_i", "0359")
    record(pos, "AH", [a])
    declare(pos, a, "0357")
    pos.set("se_weather", "clear")
    pos.call("defensive_fire", side="IT", counter=False, assign={}, uncapped=[])
    refused(pos.session, f"IT: fire_at hex=@0356 unit=#{far}", "SE 13.3.1")


def test_se_21_1_and_21_3_no_rebuild_of_artillery_nor_of_a_brigade_wholly_gone():
    pos = new()
    clear(pos)
    gun = place(pos, "it_art_v_fld", "eliminated:IT")
    gone = place(pos, "it_taro_207_ii", "eliminated:IT")
    pos.call("replacements", side="IT", next=None)
    offered = {a["unit"] for a in pos.session.legal_actions() if a.verb == "rebuild"}
    assert gun not in offered and gone not in offered      # no Taro unit left on the map


def test_se_4_0_11_the_turns_markers_go_in_phase_11():
    pos = new()
    clear(pos, PLAIN)
    gun = place(pos, "it_art_v_fld", "0355", face=1)
    a = place(pos, "it_taro_207_i", "0356")
    from engine import commands as C
    pos.commands("markers", [C.AddMarker(gun, "Act"), C.AddMarker(a, "Out of Command")])
    from modules.strafexpedition_1916.rules import recovery
    pos.edit("clean up", lambda tx: recovery.clean_up(pos.session.ruleset.game(pos.state, tx)))
    assert pos.state.pieces[gun].markers == [] and pos.state.pieces[a].markers == []


def test_se_22_0_the_third_russian_success_ends_the_game_at_once():
    pos = new()
    pos.set("turn", 25)                                   # 8 June: event modifier 2 (reconstructed)
    pos.set("russian_successes", 2)
    pos.set("se_initiative", "AH")
    g = game(pos)
    assert int(g.data.trt_value(g.campaign_turn(), "event_drm")) == 2
    pos.dice(5)                                            # 5 + 2 = 7: Russian Success
    pos.call("event_phase")
    assert pos.state.get("russian_successes") == 3
    assert pos.session.outcome() is not None and "third Russian Success" in pos.session.outcome().text
