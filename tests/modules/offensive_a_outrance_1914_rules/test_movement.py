"""7.0 Movement (tests named after their rule)."""
from __future__ import annotations



from modules.offensive_a_outrance_1914.rules import combat, events, org, rail, tasks, terrain
from modules.offensive_a_outrance_1914.rules.forces import fm_cap
from modules.offensive_a_outrance_1914.rules.movement import step_cost, walk
from modules.offensive_a_outrance_1914.rules.strength import force_attack_strength

from .positions import (blank, ce, costs, destinations, do, game, hexside, legal_verbs, movement, refused, select,
                        top, unit)

FR_DIV = "FR-3_2"          # an active French infantry division (II Corps)
FR_DIV2 = "FR-4_2"
FR_BDE = "FR-Res_7"
FR_CAV = "FR-2c"
DE_DIV = "DE-11_6"


def test_oao_7_1_forest_hexside_costs_3_whatever_the_hex_entered():
    """7.1 example: 58.56 -> 57.56 costs 3 MP for the Forest hexside."""
    pos = blank("campaign", gt=10)
    d = unit(pos, DE_DIV, "58.56", army="DE6")
    movement(pos, "german")
    select(pos, d, "german")
    pos.push("german: move to=@57.56")
    assert top(pos)["spent"] == 3


def test_oao_7_1_6a_ezoc_to_ezoc_costs_6_or_4_into_a_friendly_formation():
    """7.1.6a examples: 44.18 -> 43.18 with an enemy in 44.17 costs 2 + 6 = 8 MP; with a friendly
    Formation in 43.18, 2 + 4 = 6 MP (the hexside crossed directly; the search may find a cheaper
    way round, which the rules allow)."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), "44.18", "43.18") == 8
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, "FR-4_2", "43.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), "44.18", "43.18") == 6


# -- 7.0 / 7.1 ---------------------------------------------------------------------------------

def plain(attrs, river):
    """A hexside with only a river of that class drawn."""
    return attrs.get("river") == river and set(attrs) <= {"river", "river_name"}


def test_oao_7_0_forts_and_fortresses_do_not_move():
    pos = blank("campaign", gt=10)
    f = unit(pos, "FR-fortress-Arches-5062", "50.62")
    unit(pos, FR_DIV, "44.18", army="FR5")
    movement(pos, "allied")
    assert refused(pos, f"allied: select unit=#{f}", "7.0")


def test_oao_7_1_1_nine_mp_plus_three_forced_march_for_infantry_five_plus_three_in_counter_movement():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, d)
    c = costs(pos)
    assert max(c.values()) <= 12 and max(c.values()) > 9        # 7.2.1: up to 3 Forced-March MP
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    movement(pos, "allied", counter=True)
    select(pos, d)
    c = costs(pos)
    assert max(c.values()) <= 8 and max(c.values()) > 5          # 7.2.1: 8 MP in Counter-Movement


def test_oao_7_2_1_cavalry_forced_marches_up_to_seven_mp():
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, c)
    assert 12 < max(costs(pos).values()) <= 16


def test_oao_7_2_0_only_combat_units_force_march():
    pos = blank("campaign", gt=10)
    a = unit(pos, "FR-train-Treno_1", "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, a)
    assert max(costs(pos).values()) <= 9


def test_oao_7_2_3_forced_march_ec_plus_one_per_forced_march_mp_and_7_2_4_failure():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, d)
    c = costs(pos)
    far = next(h for h, v in sorted(c.items()) if v == 11)
    pos.push(f"allied: move to=@{far}")
    base = game(pos).cel(d)
    pos.dice([6, 6])                                  # 12 + 2 > CEL: failed
    pos.push("allied: done")
    assert ce(pos, d) == 1                            # -1E on the Forced March table (7.2.4)
    assert base - game(pos).cel(d) == 1


def test_oao_7_1_2_a_force_picks_up_units_before_moving_and_drops_them():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    a = unit(pos, "FR-artillery-Toul_artillery", "30.40", army="FR5")
    d2 = unit(pos, FR_DIV2, "30.40", army="FR5")
    movement(pos, "allied")
    select(pos, d)
    adds = {a_["unit"] for a_ in pos.session.legal_actions() if a_.verb == "add"}
    assert a in adds and d2 not in adds                # 1.1: one Formation per Force
    pos.push(f"allied: add unit=#{a}")
    assert top(pos)["units"] == [d, a]
    pos.push(f"allied: drop unit=#{a}")
    assert a in top(pos).get("dropped", []) or a not in top(pos)["units"]


def test_oao_7_1_2_units_may_not_enter_enemy_occupied_hexes():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.16", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert "44.16" not in destinations(pos)
    assert refused(pos, "allied: move to=@44.16", "7.1.2")


def test_oao_7_1_3_river_costs_are_added_to_the_hexside():
    pos = blank("campaign", gt=10)
    a, b = hexside(pos, lambda attrs, a, b: plain(attrs, "minor") and game(pos).board.terrain[a] == "open"
                   and game(pos).board.terrain[b] == "open", country="FR")
    d = unit(pos, FR_DIV, a, army="FR5")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), a, b) == 2 + 1


def test_oao_7_1_4_road_bridges_on_major_rivers_cost_one_instead_of_the_river():
    pos = blank("campaign", gt=10)
    a, b = hexside(pos, lambda attrs, a, b: plain(attrs, "major") and game(pos).board.terrain[a] == "open"
                   and game(pos).board.terrain[b] == "open", country="FR")
    d = unit(pos, FR_DIV, a, army="FR5")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), a, b) == 2 + 1       # bridge +1, not the river's +2


def test_oao_7_1_4a_a_bridge_is_damaged_when_a_unit_arrives_next_to_it_outside_friendly_territory():
    pos = blank("campaign", gt=10)
    a, b = hexside(pos, lambda attrs, a, b: plain(attrs, "major"), country="BE")
    d = unit(pos, DE_DIV, "57.43", army="DE4")
    do(pos, "arrive", lambda g: events.arrived(g, [d], a, None, set()))
    assert terrain.side_key(a, b) in pos.state.globals["blown_bridges"]
    g = game(pos)
    cost, _ = terrain.crossing_cost(g, a, b)
    assert cost == g.board.base_mp[(a, b)] + 2                # the river again, no bridge


def test_oao_7_1_4a_no_damage_in_territory_friendly_at_the_start_of_the_phase():
    pos = blank("campaign", gt=10)
    a, b = hexside(pos, lambda attrs, a, b: plain(attrs, "major"), country="FR")
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    do(pos, "arrive", lambda g: events.arrived(g, [d], a, None, set()))
    assert terrain.side_key(a, b) not in pos.state.globals.get("blown_bridges", [])


def test_oao_7_1_4b_damaged_bridges_in_friendly_territory_are_repaired_in_the_preliminary_phase():
    pos = blank("campaign", gt=10)
    a, b = hexside(pos, lambda attrs, a, b: plain(attrs, "major"), country="FR")
    pos.set("blown_bridges", [terrain.side_key(a, b)])
    pos.call("preliminary", side="allied")
    assert terrain.side_key(a, b) not in pos.state.globals.get("blown_bridges", [])


def test_oao_7_1_5_imposing_river_crossed_only_by_a_unit_that_started_adjacent():
    pos = blank("campaign", gt=10)
    g = game(pos)
    playable = pos.session.ruleset.playable(g)
    for (a, b), attrs in sorted(g.board.side.items()):
        if not (plain(attrs, "imposing") and a in playable and b in playable):
            continue
        start = next((n for n in g.board.nbrs[a] if n != b and not g.board.side[(n, a)].get("river")
                      and n not in g.board.nbrs[b] and n in playable), None)
        if start:
            break
    d = unit(pos, "FR-1_1", start, army="FR5")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), a, b) is None          # it did not start next to a-b
    pos = blank("campaign", gt=10)
    d = unit(pos, "FR-1_1", a, army="FR5")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), a, b) == game(pos).board.base_mp[(a, b)] + 3


def test_oao_7_1_6_ezoc_costs_two_to_enter_one_to_leave_friendly_units_do_not_negate():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.19", army="FR5")
    unit(pos, DE_DIV, "44.16", army="DE2")
    unit(pos, FR_DIV2, "44.17", army="FR5")        # friendly unit in the EZOC hex: no negation
    movement(pos, "allied")
    select(pos, d)
    g = game(pos)
    assert step_cost(g, top(pos), "44.19", "44.18") == 2       # 44.18 not next to 44.16
    assert step_cost(g, top(pos), "44.18", "44.17") == 2 + 2   # entering the German ZOC
    assert step_cost(g, top(pos), "44.17", "43.18") == 2 + 1   # leaving it


# -- 7.3 Prepared Attack ----------------------------------------------------------------------------

def test_oao_7_3_0_a_pa_costs_four_mp_and_ends_the_forces_movement():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    pos.push("allied: pa toward=@44.17")
    assert pos.state.pieces[d].props["pa"] == "44.17"
    assert top(pos)["spent"] == 4
    assert not destinations(pos)
    assert refused(pos, "allied: move to=@43.19", "7.3")


def test_oao_4_2_6_no_pa_in_the_counter_movement_phase():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied", counter=True)
    select(pos, d)
    assert refused(pos, "allied: pa toward=@44.17", "7.3")


def test_oao_7_3_1_a_force_points_one_pa_and_7_3_2_ci_units_place_none():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=4)
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: pa toward=@44.17", "6.3")
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    pos.push("allied: pa toward=@44.17")
    assert refused(pos, "allied: pa toward=@45.18", "7.3.1")


def test_oao_7_3_3_a_pa_pins_one_enemy_force_of_at_least_its_size_in_counter_movement():
    """7.3.3 example: a German division's PA on a hex with two French divisions pins one."""
    pos = blank("campaign", gt=10)
    a = unit(pos, FR_DIV, "44.18", army="FR5")
    b = unit(pos, FR_DIV2, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2", pa="44.18")
    movement(pos, "allied", counter=True)
    pinned = [p for p in (a, b) if str(p) in top(pos)["pinned"]]
    assert len(pinned) == 1
    select(pos, pinned[0])
    assert not destinations(pos)
    assert refused(pos, "allied: move to=@43.19", "7.3.3")
    pos.push("allied: done")
    other = b if pinned[0] == a else a
    select(pos, other)
    assert destinations(pos)


# -- 7.4 Push-back --------------------------------------------------------------------------------

def test_oao_7_4_3_eight_to_one_is_an_automatic_success_the_defender_retreats_two_hexes():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    d2 = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")     # 13 + 3 against 2: 8:1
    weak = unit(pos, "DE-loc-Landsturm", "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    pos.push(f"allied: add unit=#{d2}")
    pos.dice([1, 1])                                  # the pushed unit's EC (at +1)
    pos.push("allied: push target=@44.17")
    assert top(pos)["spent"] == 1 if top(pos)["state"] == "force" else True
    report = pos.state.globals["combat_report"]
    assert "automatic success" in str(report)
    while top(pos)["state"] != "force":
        pos.push(next(iter(pos.session.legal_actions())))  # the retreat, hex by hex
    assert pos.where(weak) != "44.17" and game(pos).board.distance("44.17", pos.where(weak)) == 2


def test_oao_7_4_5_below_three_to_one_fails_and_the_force_moves_no_further():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_BDE, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    pos.dice([2, 2])                                  # the unmodified EC passes
    pos.push("allied: push target=@44.17")
    assert "automatic failure" in str(pos.state.globals["combat_report"])
    assert top(pos)["stuck"]
    assert not destinations(pos)
    assert refused(pos, "allied: move to=@43.19", "7.4.5")


def test_oao_7_4_2_ci_and_demoralized_units_do_not_push_back():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=5)
    unit(pos, "DE-loc-Landsturm", "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: push target=@44.17", "7.4.2")


# -- 7.5 CE recovery ------------------------------------------------------------------------------

def test_oao_7_5_0_ce_recovery_costs_nine_mp_stationary():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", ce=2)
    movement(pos, "allied")
    select(pos, d)
    pos.push("allied: recover")
    assert ce(pos, d) == 1
    assert top(pos)["spent"] == 9


def test_oao_7_5_0_short_of_mp_a_marker_records_them_and_7_8_2_the_task_is_finished_first():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", ce=2)
    movement(pos, "allied", counter=True)
    select(pos, d)
    pos.push("allied: recover")
    assert ce(pos, d) == 2
    assert pos.state.pieces[d].props["task"] == {"kind": "ce", "mp": 5, "need": 9}
    pos.push("allied: done")
    pos.push("allied: end")
    pos.clear_stack()
    movement(pos, "allied")
    assert ce(pos, d) == 1                            # the first 4 MP went to the task
    assert pos.state.pieces[d].props.get("task") is None
    assert top(pos)["spent_start"][str(d)] == 4


def test_oao_7_5_1_recovery_starts_inside_the_armys_aoa():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", ce=2)
    unit(pos, FR_DIV2, "10.40", army="FR6")
    far = next(h for h in sorted(game(pos).board.land) if game(pos).board.distance(h, "30.40") == 15)
    do(pos, "FR5's marker far away", lambda g: g.move_piece(org.army_markers(g, "allied")["FR5"], far))
    do(pos, "FR6's marker next to the unit", lambda g: g.move_piece(org.army_markers(g, "allied")["FR6"], "30.41"))
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: recover", "7.5.1")


def test_oao_7_5_2_not_within_two_hexes_of_the_enemy_and_7_5_3_demoralized_five():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=2)
    unit(pos, DE_DIV, "44.16", army="DE2")            # two hexes away, nothing between
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: recover", "7.5.2")
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=5)
    unit(pos, DE_DIV, "44.14", army="DE2")            # four hexes: too close when Demoralized
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: recover", "7.5.3")


def test_oao_7_5_2_adjacent_recovery_only_in_a_level_two_ip_and_7_5_2a_all_at_once():
    pos = blank("campaign", gt=10)
    g = game(pos)
    h = sorted(g.board.printed_ip)[0]
    n = next(x for x in g.board.nbrs[h] if x in pos.session.ruleset.playable(g))
    d = unit(pos, "FR-1_1", h, army="FR5", ce=2)
    unit(pos, DE_DIV, n, army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert pos.check("allied: recover") is None
    movement(pos, "allied", counter=True)
    select(pos, d)
    assert refused(pos, "allied: recover", "7.5.2a")     # 5 MP: not at once


def german_belgium(pos):
    """Belgium under German control, both railway networks drawn (18.2)."""
    g = game(pos)
    pos.set("control", {h: "german" for h, a in g.board.hexes.items() if a.get("country") == "BE"})
    do(pos, "rail", lambda g: (rail.engineer(g, "german"), rail.engineer(g, "allied")))


# -- 7.7 rail movement ------------------------------------------------------------------------------

def test_oao_7_7_3_the_37th_landwehr_rail_example_five_mp_to_entrain_28_hexes_three_mp():
    """7.7.3 example: 37 Lw from Luxembourg to Brussels via Arlon, Marche and Namur: 1/2 RP, 5 MP
    to entrain, 28 double-track hexes (2.8 -> 3 MP), the Arlon and Namur bottlenecks turned 1/2
    each, 1 MP left that goes into detraining (an MP-spent "1" marker); still in Rail Mode."""
    pos = blank("campaign", gt=10, rp_german=10, namur_bottleneck=True)
    b = unit(pos, "DE-37_Lw", "57.43", army="DE4")
    german_belgium(pos)
    movement(pos, "german")
    select(pos, b, "german")
    path = tasks.rail_path(game(pos), "german", "57.43", "49.21")
    assert len(path) - 1 == 28 and "54.40" in path and "51.28" in path
    pos.push("german: entrain to=@49.21")
    assert pos.state.globals["rp_german"] == 9                       # 1/2 RP (kept in half points)
    assert pos.where(b) == "49.21"
    assert pos.state.pieces[b].props["task"] == {"kind": "detrain", "mp": 1, "need": 5}
    assert pos.state.pieces[b].props["rail"]["stage"] == "detrain"
    assert pos.state.globals["bottleneck_capacity"] == {"54.40": 5, "51.28": 5}
    assert fm_cap(game(pos), top(pos), [b]) == 0                      # 7.7.4: no Forced March


def test_oao_7_7_1_one_rp_per_division_half_for_smaller_units():
    pos = blank("campaign", gt=10)
    g = game(pos)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    b = unit(pos, FR_BDE, "30.40", army="FR5")
    g = game(pos)
    assert tasks.rp_cost(g, d) == 2 and tasks.rp_cost(g, b) == 1     # in half RP
    assert tasks.entrain_cost(g, d) == 9 and tasks.entrain_cost(g, b) == 5


def test_oao_7_7_3_entrain_at_least_four_hexes_from_the_enemy_destination_six():
    pos = blank("campaign", gt=10, rp_german=10)
    b = unit(pos, "DE-37_Lw", "57.43", army="DE4")
    unit(pos, "FR-2c", "57.40", army="FR4")
    german_belgium(pos)
    movement(pos, "german")
    select(pos, b, "german")
    assert refused(pos, "german: entrain to=@49.21", "7.7.3")


def test_oao_7_7_4_rail_mode_no_zoc_no_stacking_no_forced_march():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", rail={"dest": "20.40", "stage": "move"})
    g = game(pos)
    assert not g.exerts_zoc(d) and "30.41" not in g.zoc("allied")
    assert fm_cap(g, {"side": "allied"}, [d]) == 0
    assert pos.session.ruleset.aoa_of(g, d) is None                  # 5.1.2: AoAs do not bind it


def test_oao_7_7_5_interrupted_rail_movement_goes_three_gts_ahead():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", rail={"dest": "20.40", "stage": "move"})
    do(pos, "interrupt", lambda g: events.interrupt_rail(g, d, "test"))
    assert pos.where(d) == "track:gt13"
    assert pos.state.pieces[pos.state.pieces[d].props["am"]].loc.startswith("org:")


# -- 7.8 tasks --------------------------------------------------------------------------------------

def test_oao_7_8_0_a_unit_with_an_mp_spent_marker_may_not_attack():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", task={"kind": "ip", "mp": 5, "need": 13})
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("attack_phase", side="allied", phasing="allied", counter=False)
    assert "attack" not in {a.verb for a in pos.session.legal_actions()}
    assert refused(pos, "allied: attack target=@44.17", "9.2")


def test_oao_7_8_3_enemy_arriving_adjacent_removes_ce_recovery_and_rail_markers():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=2, task={"kind": "ce", "mp": 5, "need": 9})
    e = unit(pos, DE_DIV, "44.15", army="DE2")
    do(pos, "enemy arrives", lambda g: (g.move_piece(e, "44.17"), events.arrived(g, [e], "44.17", "44.16", set())))
    assert pos.state.pieces[d].props.get("task") is None


# -- 7.9 naval movement -------------------------------------------------------------------------------

def test_oao_7_9_embark_at_le_havre_land_at_dunkirk_next_gt():
    """7.9.2 example: embark at Le Havre 01.21 in GT 5, destination Dunkirk 31.11, land there at
    the start of the GT 6 Movement Phase."""
    pos = blank("campaign", gt=5)
    d = unit(pos, FR_DIV, "01.21", army="FR6")
    movement(pos, "allied")
    pos.push(f"allied: embark unit=#{d} to=@31.11")
    assert pos.where(d) == "box:channel"
    other = unit(pos, FR_DIV2, "01.21", army="FR6")
    assert refused(pos, f"allied: embark unit=#{other} to=@31.11", "7.9.0")
    pos.push("allied: end")
    pos.clear_stack()
    movement(pos, "allied", gt=6)
    assert pos.where(d) == "31.11"


def test_oao_7_9_1_no_embarking_in_the_counter_movement_phase():
    pos = blank("campaign", gt=5)
    d = unit(pos, FR_DIV, "01.21", army="FR6")
    movement(pos, "allied", counter=True)
    assert refused(pos, f"allied: embark unit=#{d} to=@31.11", "7.9.1")


def test_oao_7_2_2_forced_march_after_a_task_only_with_one_mp_left():
    """7.2.2 example: 1 MP spent on a Task in the previous Counter-Movement, 8 MP now to finish
    it, 1 MP left: the unit may move 2 MP, one of them Forced March."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", ce=2, task={"kind": "ce", "mp": 1, "need": 9})
    movement(pos, "allied")
    assert ce(pos, d) == 1
    select(pos, d)
    c = costs(pos)
    assert c and max(c.values()) <= 4 and min(c.values()) == 2
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5", ce=2, task={"kind": "ce", "mp": 0, "need": 9})
    movement(pos, "allied")
    select(pos, d)
    assert not costs(pos)                                # no MP left: no Forced March either


def test_oao_7_8_1_tasks_are_not_combined():
    pos = blank("campaign", gt=10, ip_allowance_allied=5)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=2)
    unit(pos, DE_DIV, "44.15", army="DE2")
    movement(pos, "allied", counter=True)
    select(pos, d)
    pos.push("allied: build_ip")
    assert refused(pos, "allied: recover", "7.8.1")


def test_oao_7_4_0_a_retreating_group_may_push_back_once_not_when_ci():
    """7.4.0 / 7.4.1: a retreating Force may attempt a Push-back before or during its retreat,
    once per retreating group (with at most two of its units); 7.4.2: not a CI or Demoralized
    group."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    d2 = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")     # 13 + 3 against 2: 8:1
    weak = unit(pos, "DE-loc-Landsturm", "44.17", army="DE2")
    pos.call("retreat", side="allied", units=[d, d2], origin="44.19", hex="44.18", left=2, path=["44.19", "44.18"],
             pushed=False)
    assert "44.17" in {str(a["target"]) for a in pos.session.legal_actions() if a.verb == "push"}
    pos.dice([1, 1])                                                  # the pushed unit's EC (at +1)
    pos.push("allied: push target=@44.17")
    assert "automatic success" in str(pos.state.globals["combat_report"])
    while not (top(pos)["state"] == "retreat" and top(pos)["side"] == "allied"):
        pos.push(next(iter(pos.session.legal_actions())))           # the pushed unit retreats
    assert pos.where(weak) != "44.17"
    assert not any(a.verb == "push" for a in pos.session.legal_actions())   # once per group
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=4)                    # CI
    unit(pos, "DE-loc-Landsturm", "44.17", army="DE2")
    pos.call("retreat", side="allied", units=[d], origin="44.19", hex="44.18", left=2, path=["44.19", "44.18"],
             pushed=False)
    assert not any(a.verb == "push" for a in pos.session.legal_actions())


def test_oao_7_4_7_a_push_back_across_an_imposing_river_only_by_a_force_that_started_adjacent():
    """7.4.7: across an Imposing River (or Flood) hexside the pushing Force must have started its
    movement adjacent to the target hex."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    a, b, a0 = next((a, b, a0) for (a, b), attrs in sorted(g.board.side.items())
                    if attrs.get("river") == "imposing" and not attrs.get("pontoon") and a in g.board.land
                    and b in g.board.land
                    for a0 in sorted(g.board.nbrs[a]) if a0 in g.board.land and b not in g.board.all_nbrs[a0]
                    and a0 != b and not g.board.side[(a, a0)].get("river") and not g.board.side[(a, a0)].get("crest"))
    weak = unit(pos, "DE-loc-Landsturm", b, army="DE2")
    d = unit(pos, "BE-1", a, army="BELGA")
    movement(pos, "allied")
    select(pos, d)
    assert b in {str(x["target"]) for x in pos.session.legal_actions() if x.verb == "push"}
    pos2 = blank("campaign", gt=10)
    unit(pos2, "DE-loc-Landsturm", b, army="DE2")
    d2 = unit(pos2, "BE-1", a0, army="BELGA")
    movement(pos2, "allied")
    select(pos2, d2)
    pos2.push(f"allied: move to=@{a}")
    assert refused(pos2, f"allied: push target=@{b}", "7.4.7")
    assert weak


def test_oao_24_5_the_belgian_special_rp_entrains_one_belgian_unit_once():
    """24.5: the Belgian special RP (2nd Interphase) lets one Belgian unit enter Rail Mode,
    whatever the Allied RP left; it never expires and is used once."""
    pos = blank("campaign", gt=7, rp_allied=0, be_special_rp=True)
    g = game(pos)
    pos.set("rail_allied", sorted(g.board.rail))
    rr = next(h for h in sorted(g.board.rail) if g.board.hexes[h].get("country") == "BE"
              and g.board.rail.get(h) == "double")
    be = unit(pos, "BE-1", rr, army="BELGA")
    fr = unit(pos, FR_DIV, next(h for h in sorted(g.board.rail) if g.board.hexes[h].get("country") == "FR"
                                and g.board.rail.get(h) == "double"), army="FR5")
    movement(pos, "allied")
    select(pos, fr)
    assert not any(a.verb == "entrain" for a in pos.session.legal_actions())   # no RP for the French
    pos.push("allied: done")
    select(pos, be)
    offers = [a for a in pos.session.legal_actions() if a.verb == "entrain"]
    assert offers
    pos.push(offers[0])
    assert not pos.state.globals.get("be_special_rp") and pos.state.globals["rp_allied"] == 0


def test_oao_7_7_3_short_of_mp_the_entrain_mp_are_recorded_and_finished_next_phase():
    """7.7.3 (3): a unit without the MP to entrain spends what it has and an MP-spent marker
    records them; the rest are its first MP next phase (7.8.2). Here a division spends 5 of its 9
    MP in a Counter-Movement Phase; the rulebook's own example (a regiment that moved, then
    spends 2 of its 3 MP) is `test_oao_examples_5_1_1_and_7_7_3.py` (reading R25)."""
    pos = blank("campaign", gt=10, rp_allied=10)
    g = game(pos)
    pos.set("rail_allied", sorted(g.board.rail))
    rr = next(h for h in sorted(g.board.rail) if g.board.hexes[h].get("country") == "FR"
              and g.board.rail.get(h) == "double")
    d = unit(pos, FR_DIV, rr, army="FR5")
    movement(pos, "allied", counter=True)
    select(pos, d)
    offer = next(a for a in pos.session.legal_actions() if a.verb == "entrain")
    pos.push(offer)
    assert pos.state.pieces[d].props["task"] == {"kind": "entrain", "mp": 5, "need": 9}
    assert pos.where(d) == rr
    pos.clear_stack()
    movement(pos, "allied")
    props = pos.state.pieces[d].props                                  # 4 MP finish entraining, then
    assert pos.where(d) == str(offer["to"])                            # it must move at once (7.7.3 (4))
    assert props["rail"]["stage"] == "detrain" and props["task"]["kind"] == "detrain"


def test_oao_7_4_6_example_a_push_back_at_4_to_1_with_white_2_and_black_2_succeeds():
    """7.4.6 example: at 4:1, white 2 and black 2 succeeded (a black-circle retreat on the CRT,
    7.4.3). Here AS 10 against DS 2 is 5:1, read 4:1 (9.6, reading R1); PR 4 against PR 2 is -2
    on the white die, so a white 4 reads as 2. (The example's 7:1 "rounded to 8:1" is read 6:1
    by R1 and rolled.)"""
    pos = blank("campaign", gt=10)
    a = unit(pos, "FR-59r_2_R", "25.20", army="FR5")
    g = game(pos)
    target = next(n for n in sorted(g.board.nbrs["25.20"]) if not g.board.side[("25.20", n)])
    weak = unit(pos, "DE-loc-Landsturm", target, army="DE2")
    movement(pos, "allied")
    select(pos, a)
    pos.dice(4, 2, [1, 1])                       # the push-back's white and black, the pushed unit's EC
    pos.push(f"allied: push target=@{target}")
    report = str(pos.state.globals["combat_report"])
    assert "4:1" in report and "success" in report
    while top(pos)["state"] != "force":
        pos.push(next(iter(pos.session.legal_actions())))
    assert game(pos).board.distance(target, pos.where(weak)) == 2


def test_oao_23_3_the_rnd_may_sail_to_the_naval_box_and_is_exempt_from_the_one_unit_limit():
    """23.3.1: the Naval Box (England) is for RND units only, entered by Naval Movement; 23.3.2 /
    7.9.0: the RND is exempt from the one-unit-per-GT naval movement limit."""
    pos = blank("campaign", gt=10, naval_gt=10)                        # a unit already sailed this GT
    port = "31.11"
    rnd = unit(pos, "GB-support-1_Naval", port, army="BEF")
    other = unit(pos, "GB-1_1", port, army="BEF")
    movement(pos, "allied")
    to = {(a["unit"], str(a["to"])) for a in pos.session.legal_actions() if a.verb == "embark"}
    assert (rnd, "box:naval") in to
    assert not any(u == other for u, _ in to)                          # 7.9.0: one per GT
    assert refused(pos, f"allied: embark unit=#{other} to=@01.21", "7.9.0")
    pos.push(f"allied: embark unit=#{rnd} to=@box:naval")
    assert pos.where(rnd) == "box:channel"                              # at sea (7.9.2)


def test_oao_7_4_1_only_two_units_of_the_force_push_and_cavalry_never_pushes_while_reacting():
    """7.4.1: only two units of a Force may be used in a Push-back (the third adds nothing); a
    cavalry unit does not push back during a Reaction (8.2)."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    d2 = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")
    d3 = unit(pos, "FR-support-41_43_Ch", "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    pos.push(f"allied: add unit=#{d2}")
    pos.push(f"allied: add unit=#{d3}")
    g = game(pos)
    two = force_attack_strength(g, [d, d2], "44.18", "44.17", True)
    three = force_attack_strength(g, [d, d2, d3], "44.18", "44.17", True)
    assert three > two
    pos.dice([3, 3], [2, 2], [2, 2])
    pos.push("allied: push target=@44.17")
    report = pos.state.globals["combat_report"]
    assert f"Push-back: {two:g} against" in str(report) and f"Push-back: {three:g} against" not in str(report)
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "22.26", army="FR6")
    de = unit(pos, DE_DIV, "21.26", army="DE1")
    unit(pos, "DE-loc-Landsturm", "23.26", army="DE1")
    movement(pos, "german")
    select(pos, de, "german")
    do(pos, "the German steps 21.26 -> 21.27", lambda g: walk(g, g.top, ["21.26", "21.27"]))
    assert top(pos)["state"] == "reaction"
    assert "push" not in legal_verbs(pos) and "react" in legal_verbs(pos)


def test_oao_7_4_6_friendly_units_not_in_the_pushing_force_are_unaffected_by_a_failure():
    """7.4.6: friendly units stacked in the hex a Push-back is tried from but not in the pushing
    Force are not affected by its failure (example 1: Division Y is untouched); the pushing Force
    takes the unmodified EC (7.4.5)."""
    pos = blank("campaign", gt=10)
    x = unit(pos, FR_BDE, "44.18", army="FR5")
    y = unit(pos, FR_DIV2, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    before_x, before_y = ce(pos, x), ce(pos, y)
    movement(pos, "allied")
    select(pos, x)
    pos.dice([6, 6], [6, 6])                          # every EC fails
    pos.push("allied: push target=@44.17")
    assert "automatic failure" in str(pos.state.globals["combat_report"])
    assert ce(pos, x) == before_x + 1 and ce(pos, y) == before_y   # one CE level lost (ce counts them)


def test_oao_7_4_7_after_a_successful_push_across_an_imposing_river_the_force_moves_into_the_hex():
    """7.4.7: after a successful Push-back across an Imposing River hexside the pushing Force must
    move into the emptied hex, paying the MP it costs, and may then go on moving."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    a, b = next((a, b) for (a, b), attrs in sorted(g.board.side.items())
                if attrs.get("river") == "imposing" and not attrs.get("pontoon") and a in g.board.land
                and b in g.board.land and g.board.terrain[b] == "open" and set(attrs) <= {"river", "river_name"}
                and a in pos.session.ruleset.playable(g) and b in pos.session.ruleset.playable(g))
    weak = unit(pos, "DE-hq-Siege_Train_1", b)                    # DS 1: 16:1 survives the river's shifts
    d = unit(pos, FR_DIV, a, army="FR5")
    d2 = unit(pos, "FR-support-23_27_Ch", a, army="FR5")
    movement(pos, "allied")
    select(pos, d)
    pos.push(f"allied: add unit=#{d2}")
    cost, _ = terrain.crossing_cost(game(pos), a, b)
    pos.dice(6, 2)                                    # a black-circle retreat at the final column
    pos.push(f"allied: push target=@{b}")
    assert "success" in str(pos.state.globals["combat_report"])
    while top(pos)["state"] != "force":
        pos.push(next(iter(pos.session.legal_actions())))
    assert pos.where(weak) != b
    assert pos.where(d) == b and pos.where(d2) == b
    assert top(pos)["spent"] >= 1 + cost and top(pos)["spent"] > 1      # the Push-back's 1 MP and the crossing
    assert not top(pos)["stuck"] and top(pos)["hex"] == b                 # it may go on moving


def test_oao_23_3_2_the_rnd_special_rp_entrains_one_two_or_all_three_rnd_units_in_one_phase():
    """23.3.2: the RND special RP (6th Interphase) lets one, two or all three RND units entrain in
    one movement phase, whatever the Allied RP left; it is used once (not in a later phase)."""
    pos = blank("campaign", gt=19, rp_allied=0, rnd_special_rp=True)
    g = game(pos)
    pos.set("rail_allied", sorted(g.board.rail))
    hexes = [h for h in sorted(g.board.rail) if g.board.hexes[h].get("country") == "BE"
             and g.board.rail.get(h) == "double" and h in pos.session.ruleset.playable(g)]
    n1 = unit(pos, "GB-support-1_Naval", hexes[0], army="BELGA")
    n2 = unit(pos, "GB-support-2_Naval", hexes[-1], army="BELGA")
    marine = unit(pos, "GB-support-Marine", hexes[len(hexes) // 2], army="BELGA")
    movement(pos, "allied")
    for pid in (n1, n2):
        select(pos, pid)
        offers = [a for a in pos.session.legal_actions() if a.verb == "entrain"]
        assert offers, f"no entrain offer for {pid}"
        pos.push(offers[0])
        assert pos.state.globals["rp_allied"] == 0
        while top(pos)["state"] != "movement":
            pos.push("allied: done")
    assert not pos.state.globals.get("rnd_special_rp")
    pos.clear_stack()
    movement(pos, "allied", counter=True)                           # a later phase: the RP is gone
    select(pos, marine)
    assert not any(a.verb == "entrain" for a in pos.session.legal_actions())


def test_oao_7_4_6_units_excluded_in_the_pushed_hex_are_affected_only_by_the_retreat():
    """7.4.3 / 9.2.5: a Push-back counts the defence as a combat does, without the units the
    combat stacking limits exclude (3.1.2: at most two Support units); 7.4.6: those excluded
    units are affected only by the retreat, not by the pushed units' EC."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    d2 = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")
    ls = [unit(pos, "DE-loc-Landsturm", "44.17", army="DE2") for _ in range(3)]
    excluded = combat.exclusions(game(pos), ls, "44.17", [])
    assert len(excluded) == 1
    movement(pos, "allied")
    select(pos, d)
    pos.push(f"allied: add unit=#{d2}")
    pos.dice(1, 1, [6, 6])                            # a black-circle retreat; the EC (at +1) fails
    pos.push("allied: push target=@44.17")
    report = pos.state.globals["combat_report"]
    assert "Push-back: 16 against 4" in str(report) and "success" in str(report)   # two DS 2 counted
    while top(pos)["state"] != "force":
        pos.push(next(iter(pos.session.legal_actions())))
    x = excluded[0]
    assert pos.state.pieces[x].face == 0 and pos.where(x) not in ("44.17", "eliminated")
    assert all(pos.where(p) == "eliminated" or pos.state.pieces[p].face == 1 for p in ls if p != x)
