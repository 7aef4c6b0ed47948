"""21-25 national special rules; 26 Strategic Plans; 27 victory."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import control, events, final, plans, prelim, supply
from modules.offensive_a_outrance_1914.rules.forces import fm_cap

from .positions import (all_rail, attack, battle, blank, destinations, do, fresh, game, legal_verbs, movement,
                        refused, select, top, unit)

FR_DIV = "FR-3_2"
DE_DIV = "DE-11_6"


def vp(pos) -> int:
    return int(pos.state.globals.get("vp", 0))


# -- 21 Allied ------------------------------------------------------------------------------------

def test_oao_21_1_inferior_allied_doctrine_black_1_rerolls_when_the_allies_attack():
    pos = blank("campaign", gt=5)
    all_rail(pos)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(3, 1, 4, 5, [1, 1], [1, 1])
    attack(pos, "allied", "44.17", [d])
    pos.push("allied: normal")
    pos.push("german: normal")
    rep = pos.state.globals["combat_report"]
    assert rep["lines"][1]["dice"] == [3, 1, 4, 5]
    pos = blank("campaign", gt=6)
    all_rail(pos)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(3, 1, [1, 1], [1, 1])
    attack(pos, "allied", "44.17", [d])
    pos.push("allied: normal")
    pos.push("german: normal")
    assert pos.state.globals["combat_report"]["lines"][1]["dice"] == [3, 1]


def test_oao_21_2_british_naval_support_two_columns_left_in_a_coastal_hex():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    g = game(pos)
    playable = pos.session.ruleset.playable(g)
    coast, att_hex = next((c, n) for c in sorted(g.board.coastal) if c in playable
                          and g.board.hexes[c].get("country") == "FR"
                          for n in g.board.nbrs[c] if n in playable and n not in g.board.coastal
                          and not g.board.side[(c, n)].get("river"))
    unit(pos, "FR-1_1", coast, army="FR6")
    a = unit(pos, DE_DIV, att_hex, army="DE1")
    pos.dice(3, 6, [1, 1], [1, 1])
    attack(pos, "german", coast, [a])
    pos.push("german: normal")
    pos.push("allied: normal")
    assert top(pos)["state"] == "naval_choice"
    pos.push("allied: naval_support")
    assert ["British Naval Support (21.2)", -2] in pos.state.globals["combat_report"]["lines"][0]["shifts"]


def test_oao_21_3_ijzer_inundation_once_when_a_division_holds_nieuwpoort():
    pos = blank("campaign", gt=10)
    assert not prelim.can_flood(game(pos))
    unit(pos, "FR-1_1", "35.11", army="FR6")
    assert prelim.can_flood(game(pos))
    pos.call("prelim_options", side="allied")
    pos.dice(3)
    pos.push("allied: flood")
    assert pos.state.globals.get("ijzer_flooded")
    assert not prelim.can_flood(game(pos))


def test_oao_22_1_no_french_forced_march_in_the_french_movement_phase_of_gt_1():
    pos = blank("campaign", gt=1)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    g = game(pos)
    assert fm_cap(g, {"side": "allied", "counter": False}, [d]) == 0
    assert fm_cap(g, {"side": "allied", "counter": True}, [d]) == 3


def test_oao_22_2_3_paris_supplies_french_units_in_the_paris_area():
    pos = blank("campaign", gt=10, rail_allied=[])
    g = game(pos)
    h = sorted(g.board.paris_area)[0]
    d = unit(pos, FR_DIV, h, army="PARIS")
    assert supply.unit_sources(game(pos), d) == [("fixed", None, False)]


def test_oao_22_4_1_french_reserve_roll_from_the_3rd_interphase():
    pos = blank("campaign", gt=9)
    pos.dice(1)
    do(pos, "roll", lambda g: final.french_reserve_roll(g, 3))
    assert pos.state.globals.get("fr_reserve_flipped")


def test_oao_23_1_1_the_bef_base_transfer_is_due_when_a_german_unit_comes_within_8_of_amiens():
    pos = blank("campaign", gt=5)
    g = game(pos)
    near = next(h for h in sorted(g.board.within("22.23", 8)) if g.board.distance(h, "22.23") == 8
                and h in pos.session.ruleset.playable(g))
    d = unit(pos, DE_DIV, near, army="DE1")
    do(pos, "arrives", lambda g: events.arrived(g, [d], near, None, set()))
    assert pos.state.globals.get("bef_transfer_due")
    do(pos, "prelim", lambda g: prelim.base_transfers(g))
    assert pos.state.globals["bases"]["BEF"] in ("02.36", "02.46")
    assert pos.state.globals["bef_transfer_until"] == 8


def test_oao_24_4_antwerpen_surrenders_with_german_units_in_51_17_and_52_16():
    pos = blank("campaign", gt=10)
    unit(pos, DE_DIV, "51.17", army="DE1")
    unit(pos, "DE-12_6", "52.16", army="DE1")
    do(pos, "end of GT", lambda g: prelim.antwerp_check(g))
    assert pos.state.globals["antwerp_surrendered"] == 10


def test_oao_24_6_the_pontoon_carries_one_formation_per_movement_phase():
    pos = blank("campaign", gt=10)
    g = game(pos)
    from modules.offensive_a_outrance_1914.rules import terrain
    assert terrain.has_road_bridge(g, "51.16", "52.16")
    pos.set("pontoon_used", "p1")
    pos.set("phase_id", "p1")
    assert not terrain.has_road_bridge(game(pos), "51.16", "52.16")


def test_oao_25_1_hkk_cavalry_stays_with_its_armies_before_gt_10():
    pos = blank("campaign", gt=9)
    c = unit(pos, "DE-2C", "44.18", army="DE1")
    from modules.offensive_a_outrance_1914.rules.assign import army_change_refusal
    assert army_change_refusal(game(pos), c, "DE6").rule.endswith("25.1")
    assert army_change_refusal(game(pos), c, "DE2") is None
    pos.set("turn", 10)
    assert army_change_refusal(game(pos), c, "DE6") is None


# -- 26 Strategic Plans --------------------------------------------------------------------------

def test_oao_26_2_1_a_bound_formation_ends_its_move_closer_to_an_objective():
    pos = blank("campaign", gt=10, plans={"FR_1st": "active"})
    d = unit(pos, "FR-1_1", "50.60", army="FR1")
    objs = plans.objectives(game(pos), "FR1")
    movement(pos, "allied")
    select(pos, d)
    g = game(pos)
    start = min(g.board.distance("50.60", o) for o in objs)
    from .positions import destinations
    assert destinations(pos)
    assert all(min(g.board.distance(h, o) for o in objs) < start for h in destinations(pos))


def test_oao_26_3_no_abandonment_in_gt_1_or_2_and_27_1_penalty_by_distance():
    assert plans.abandon_penalty(5) == -15 and plans.abandon_penalty(4) == -10
    assert plans.abandon_penalty(2) == -6 and plans.abandon_penalty(1) == -3
    pos = blank("campaign", gt=2, plans={"FR_2nd": "active"})
    assert plans.abandon_options(game(pos), "allied") == []
    pos = blank("campaign", gt=3, plans={"FR_2nd": "active"})
    primary = plans.plan_rows(game(pos))["FR_2nd"][1]
    g = game(pos)
    adj = next(n for n in g.board.nbrs[primary[0]] if n in pos.session.ruleset.playable(g))
    unit(pos, "FR-1_1", adj, army="FR2")
    do(pos, "abandon", lambda g: plans.abandon_plan(g, "FR2"))
    assert vp(pos) == 3                                           # -3 to the Allies (German lead +)


def test_oao_26_6_2_the_german_6th_army_plan_activates_after_the_french_2nd_abandons():
    pos = blank("campaign", gt=3, plans={"FR_2nd": "active", "DE_6th": "suspended"})
    do(pos, "abandon", lambda g: plans.abandon_plan(g, "FR2"))
    do(pos, "prelim", lambda g: plans.de6_roll(g))
    assert pos.state.globals["plans"]["DE_6th"] == "active"


def test_oao_26_6_2a_the_suspended_6th_army_places_no_pa():
    pos = blank("campaign", gt=3, plans={"DE_6th": "suspended"})
    d = unit(pos, DE_DIV, "55.58", army="DE6")
    g = game(pos)
    n = next(x for x in g.board.nbrs["55.58"] if x in pos.session.ruleset.playable(g))
    unit(pos, "FR-1_1", n, army="FR1")
    movement(pos, "german")
    select(pos, d, "german")
    assert refused(pos, f"german: pa toward=@{n}", "26.6.2a")


def test_oao_26_1_1_a_primary_objective_taken_by_infantry_held_at_the_end_of_the_player_turn():
    pos = blank("campaign", gt=5, plans={"DE_1st": "active"})
    d = unit(pos, DE_DIV, "49.21", army="DE1")
    do(pos, "passes", lambda g: events.arrived(g, [d], "49.21", None, set()))
    do(pos, "end", lambda g: plans.end_of_player_turn(g))
    assert pos.state.globals["plans"]["DE_1st"] == "captured"
    pos = blank("campaign", gt=5, plans={"DE_1st": "active"})
    c = unit(pos, "DE-2C", "49.21", army="DE1")
    do(pos, "passes", lambda g: events.arrived(g, [c], "49.21", None, set()))
    do(pos, "end", lambda g: plans.end_of_player_turn(g))
    assert pos.state.globals["plans"]["DE_1st"] == "active"          # cavalry never captures


# -- 27 victory ------------------------------------------------------------------------------------

def test_oao_27_2_mulhausen_plus_ten_once_before_gt_7():
    pos = blank("campaign", gt=5)
    pos.set("control", {h: "allied" for h in final.MULHAUSEN})
    pos.call("final_phase", side="allied")
    assert vp(pos) == -10
    pos.call("final_phase", side="german")
    assert vp(pos) == -10                                              # reading R23: once


def test_oao_27_4_deepest_german_advance_examples():
    """27.4 examples: 29.34 -> +5; 15.32 -> +17; 25.23 -> -2."""
    pos = blank("campaign", gt=6)
    g = game(pos)
    assert int(g.board.hexes["29.34"]["advance_vp"]) == 5
    assert int(g.board.hexes["15.32"]["advance_vp"]) == 17
    assert int(g.board.hexes["25.23"]["advance_vp"]) == -2
    unit(pos, DE_DIV, "29.34", army="DE1")
    unit(pos, "DE-2C", "15.32", army="DE1")                           # cavalry does not count
    do(pos, "27.4", lambda g: final.deepest_advance(g))
    assert vp(pos) == 5


def test_oao_27_7_a_german_unit_entering_paris_scores_25_and_27_8_objectives():
    pos = blank("campaign", gt=10)
    d = unit(pos, DE_DIV, "16.36", army="DE1")
    do(pos, "enters", lambda g: events.arrived(g, [d], "16.36", None, set()))
    assert vp(pos) == 25
    do(pos, "again", lambda g: events.arrived(g, [d], "16.36", None, set()))
    assert vp(pos) == 25
    do(pos, "final", lambda g: final.final_interphase(g))
    assert pos.state.globals.get("outcome") or pos.session.outcome() is not None


def test_oao_27_9_four_vp_per_formation_one_per_support_unit_eliminated():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    a = unit(pos, "FR-artillery-Toul_artillery", "30.41")
    from modules.offensive_a_outrance_1914.rules.losses import eliminate
    do(pos, "lost", lambda g: (eliminate(g, d, "test"), eliminate(g, a, "test")))
    assert vp(pos) == 5


def test_oao_27_5_front_gaps_cost_one_vp_per_empty_front_hex():
    pos = blank("campaign", gt=6)
    g = game(pos)
    before = vp(pos)
    do(pos, "27.5", lambda g: final.front_gaps(g, "allied"))
    assert vp(pos) >= before                                           # gaps cost the Allies VP


def test_oao_30_4_grand_campaign_victory_by_10_vp():
    pos = blank("campaign", gt=30, vp=12)
    do(pos, "end", lambda g: final.game_end(g))
    assert pos.session.outcome() is not None and "Germany wins" in pos.session.outcome().text


def test_oao_27_3_lorraine_cities_three_vp_each_once_when_the_german_chooses():
    """27.3: before GT 7, once per game, at the end of a player turn of the German's choice, +3 VP
    per city of Lunéville (53.56, printed "53.36"), Baccarat and St. Dié he controls."""
    pos = blank("campaign", gt=4)
    pos.set("control", {"53.56": "german", "55.59": "german"})
    pos.call("final_phase", side="german")
    assert top(pos)["state"] == "lorraine_bonus"
    pos.push("german: wait")                                           # his choice: not yet
    assert vp(pos) == 0
    pos.call("final_phase", side="allied")
    pos.push("german: take_bonus")
    assert vp(pos) == 6
    pos.call("final_phase", side="german")
    assert all(f["state"] != "lorraine_bonus" for f in pos.state.globals["rules_stack"])   # once per game
    assert vp(pos) == 6
    late = blank("campaign", gt=7)
    late.set("control", {"53.56": "german"})
    late.call("final_phase", side="german")
    assert all(f["state"] != "lorraine_bonus" for f in late.state.globals["rules_stack"])   # before GT 7 only


def _admin_vp(marine_hex: str, n: int) -> int:
    pos = blank("campaign", gt=3 * n)
    unit(pos, DE_DIV, "15.32", army="DE1")             # the deepest advance (27.4) whatever the Marines do
    unit(pos, "DE-Marine", marine_hex, army="DE1")
    do(pos, "interphase", lambda g: final.administrative(g, n))
    return vp(pos)


def test_oao_27_6_marine_division_out_of_a_coastal_hex_costs_the_german_three_vp():
    """27.6: from the 8th Interphase, -3 VP to the German each Interphase the Marine Division is
    not in a Coastal hex (01.21 to 42.10)."""
    g = game(blank("campaign"))
    coast = next(h for h in sorted(g.board.coastal) if h in g.board.land and g.board.hexes[h].get("country") == "BE")
    inland = "48.21"
    assert inland not in g.board.coastal
    assert _admin_vp(inland, 8) - _admin_vp(coast, 8) == -3
    assert _admin_vp(inland, 7) == _admin_vp(coast, 7)                # not before the 8th Interphase


def _final_vp(control_map: dict) -> int:
    pos = blank("campaign", gt=30)
    pos.set("control", control_map)
    do(pos, "final interphase", lambda g: final.final_interphase(g))
    return vp(pos)


def test_oao_27_8_1_antwerpen_rouen_troyes_nancy_fifteen_vp_each():
    """27.8 / 27.8.1: at the Final Interphase 4 VP per objective controlled, every hex of it;
    15 VP each for Antwerpen (52.16), Rouen (08.25 + 09.25), Troyes (28.50 + 29.50) and Nancy
    (51.54)."""
    g = game(blank("campaign"))
    by_hex = {h: name for name, hexes in g.board.objectives.items() for h in hexes}
    assert g.board.vp.get("52.16") == 15 and g.board.vp.get("51.54") == 15
    base = _final_vp({})
    assert _final_vp({"52.16": "german"}) - base == 30                 # -15 Allied becomes +15 German
    rouen = [h for h, n in by_hex.items() if n == by_hex["08.25"]]
    assert sorted(rouen) == ["08.25", "09.25"]
    assert _final_vp({"08.25": "german"}) - base == 15                 # half of Rouen: nobody scores it
    assert _final_vp({"08.25": "german", "09.25": "german"}) - base == 30


def test_oao_27_9_1_three_vp_per_belgian_division_at_maximum_reduction():
    """27.9.1: at the Final Interphase +3 VP to the German per Belgian division-size infantry unit
    at maximum strength reduction (its secondary counter reduced, 24.2.1)."""
    pos = blank("campaign", gt=30)
    d = unit(pos, "BE-1-2", "37.10", army="BE")
    unit(pos, "BE-2", "37.11", army="BE", face=1)                      # a reduced primary: not maximum
    do(pos, "final", lambda g: final.final_interphase(g))
    full = vp(pos)
    pos2 = blank("campaign", gt=30)
    unit(pos2, "BE-1-2", "37.10", army="BE", face=1)
    unit(pos2, "BE-2", "37.11", army="BE", face=1)
    do(pos2, "final", lambda g: final.final_interphase(g))
    assert vp(pos2) - full == 3
    assert d


def test_oao_15_8_ammo_shortage_markers_from_gt_13_never_on_alsace_belgian_or_belgien_depots():
    """15.8.1: one new Ammo Shortage marker per Interphase from the 4th; 4.2.3: designated from
    GT 13; 15.8.2 / 24.7 / 25.4: not on the ALSACE, Belgian or A-G Belgien depots."""
    pos = blank("campaign", gt=12)
    do(pos, "4th Interphase", lambda g: final.administrative(g, 4))
    assert pos.state.globals["shortage_markers_allied"] == 1
    st = pos.session.ruleset.machine.table["supply_phase"]
    assert st.shortage_markers(game(pos), "allied") == 0                # GT 12: not yet
    pos.set("turn", 13)
    assert st.shortage_markers(game(pos), "allied") == 1
    all_rail(pos)
    rr = sorted(h for h in game(pos).board.rail if game(pos).board.hexes[h].get("country") == "FR")
    first = unit(pos, "FR-depot-PRIMA", rr[0], army="FR1")
    unit(pos, "FR-depot-ALSACE", rr[1], army="ALSACE")
    be = sorted(h for h in game(pos).board.rail if game(pos).board.hexes[h].get("country") == "BE")
    unit(pos, "BE-depot-BELGA", be[0], army="BELGA")
    assert st.shortage_depots(game(pos), {"side": "allied"}) == [first]


def test_oao_26_6_3_the_german_5th_army_plan_ends_with_the_4th_and_is_never_abandoned_alone():
    """26.6.3: the 5th Army cannot abandon its plan on its own; it ends when the 4th Army
    abandons (or fulfils) its plan, and never costs VP (27.1)."""
    pos = blank("campaign", gt=3, plans={"DE_4th": "active", "DE_5th": "active"})
    assert "DE5" not in plans.abandon_options(game(pos), "german")
    assert "DE4" in plans.abandon_options(game(pos), "german")
    unit(pos, DE_DIV, "49.36", army="DE4")                             # next to Paliseul (49.35)
    do(pos, "abandon", lambda g: plans.abandon_plan(g, "DE4"))
    assert pos.state.globals["plans"]["DE_5th"] == "fulfilled"
    assert vp(pos) == -3                                               # the 4th's penalty only (27.1)


def test_oao_18_4_3_demolished_structures_rebuilt_in_the_printed_gt_x_never():
    """18.4.3: a demolished RR structure is rebuilt in the Preliminary Phase of the GT printed on
    it (Chauny's orange bridge GT 15); an X is never rebuilt (Pont de Pontoise)."""
    pos = blank("campaign", gt=14, rr_demolished=["29.31|30.31", "15.33|15.34"],
                rr_demolished_gt={"29.31|30.31": 5, "15.33|15.34": 5})
    st = pos.session.ruleset.machine.table["preliminary"]
    do(pos, "repairs", lambda g: st.repairs(g, {"side": "allied"}))
    assert pos.state.globals["rr_demolished"] == ["29.31|30.31", "15.33|15.34"]
    pos.set("turn", 15)
    do(pos, "repairs", lambda g: st.repairs(g, {"side": "allied"}))
    assert pos.state.globals["rr_demolished"] == ["15.33|15.34"]


def test_oao_18_6_3_gt_23_liege_namur_arlon_bottlenecks_gain_three_and_a_half():
    """18.6.3: in GT 23 the Liège, Namur and Arlon bottleneck capacities rise by 3 1/2 (kept in
    half Rail Points) for the New Reserve Corps."""
    pos = blank("campaign", gt=23, bottleneck_capacity={"59.29": 2, "51.28": 0, "54.40": 5})
    st = pos.session.ruleset.machine.table["preliminary"]
    do(pos, "events", lambda g: st.events(g, {"side": "german"}))
    assert pos.state.globals["bottleneck_capacity"] == {"59.29": 9, "51.28": 7, "54.40": 12}
    do(pos, "again", lambda g: st.events(g, {"side": "allied"}))
    assert pos.state.globals["bottleneck_capacity"]["59.29"] == 9      # once


def test_oao_22_2_2_paris_district_garrisons_stay_in_their_district_the_others_in_the_area():
    """22.2.2: each district garrison stays in its district; a Paris garrison unit without a
    district in its ID may move anywhere in the Paris Garrison Area (22.2.1)."""
    rules = blank("campaign").session.ruleset
    board = rules.board
    nord = rules.garrison_area(rules.unit_types["FR-Paris_Nord"])
    sud = rules.garrison_area(rules.unit_types["FR-Paris_Sud"])
    whole = rules.garrison_area(rules.unit_types["FR-Paris"])
    assert nord == {h for h, a in board.hexes.items() if a.get("paris_district") == "North"}
    assert nord and sud and not nord & sud
    assert whole == set(board.paris_area) and nord < whole
    pos = blank("campaign", gt=10)
    start = sorted(nord)[0]
    p = unit(pos, "FR-Paris_Nord", start, army="PARIS")
    movement(pos, "allied")
    select(pos, p)
    assert all(h in nord for h in destinations(pos))


def test_oao_22_3_1_before_gt_18_the_gdt_is_assigned_to_no_army():
    """22.3.1: before GT 18 the GDT cannot be assigned to an army (its own small display)."""
    from modules.offensive_a_outrance_1914.rules.assign import army_change_refusal
    pos = blank("campaign", gt=17)
    d = unit(pos, "FR-81t_GDT", "30.20", army="GDT")
    assert army_change_refusal(game(pos), d, "FR5").rule.endswith("22.3.1")
    pos.set("turn", 18)
    assert army_change_refusal(game(pos), d, "FR5") is None


def test_oao_24_3_belgian_base_antwerpen_to_oostende_then_a_french_port():
    """24.3.1: a German unit adjacent to Antwerpen (52.16) starts the transfer to Oostende (37.10)
    in the next Allied Preliminary Phase, completed 3 GTs later; 24.3.2: a German unit adjacent
    to Oostende shifts the base to a French Port, and 24.3.2a the LOC c and Gd Civique leave play
    and the Ammo limit stays for good."""
    pos = blank("campaign", gt=6)
    g = game(pos)
    loc_c = unit(pos, "BE-LOC_c", "30.20", army="BELGA")
    do(pos, "adjacent to Antwerpen", lambda g: events._german_triggers(g, g.board.nbrs["52.16"][0]))
    assert pos.state.globals.get("be_transfer_due")
    do(pos, "Allied Preliminary Phase", lambda g: prelim.base_transfers(g))
    assert pos.state.globals["bases"]["BELGA"] == "37.10"
    assert supply.limited_army(game(pos), "BELGA") == "transfer"
    pos.set("turn", 9)
    do(pos, "three GTs later", lambda g: prelim.base_transfers(g))
    assert supply.limited_army(game(pos), "BELGA") is None
    do(pos, "adjacent to Oostende", lambda g: events._german_triggers(g, g.board.nbrs["37.10"][0]))
    do(pos, "Allied Preliminary Phase", lambda g: prelim.base_transfers(g))
    base = pos.state.globals["bases"]["BELGA"]
    assert pos.session.ruleset.french_port(base)
    assert pos.where(loc_c) == "withdrawn"
    assert supply.limited_army(game(pos), "BELGA") == "transfer"
    assert base in supply.bases(game(pos), "allied")                    # the LOC traces to it


def test_oao_24_4_23_3_3_and_25_4_1_after_antwerpens_surrender():
    """24.4: in the next Allied Preliminary Phase the Antwerpen Fortresses and Combat units and
    the Antwerpen Depot go; 23.3.3: so does the RND; 25.4.1: three GTs later A-G Belgien's units
    leave with one Landwehr brigade (reading R21) and the held German units enter."""
    pos = blank("campaign", gt=12)
    fort = unit(pos, "BE-fortress-Antwerpen-5218", "52.18")
    rnd = unit(pos, "GB-support-1_Naval", "52.17", army="BELGA")
    belgien = unit(pos, "DE-BELGIEN_Marine", "49.21", army="BELGIEN")
    lw = unit(pos, "DE-2_Lw", "48.21", army="BELGIEN")
    marine = pos.place("DE-Marine", "box:held", owner="german")
    secondary = pos.place("DE-depot-Secondary", "box:held", owner="german")   # waits for 15.7
    pos.set("antwerp_surrendered", 12)
    pos.set("turn", 13)
    do(pos, "Allied Preliminary Phase", lambda g: prelim.antwerp_surrender_effects(g))
    assert pos.where(fort) == "withdrawn" and pos.where(rnd) == "withdrawn"
    assert pos.state.globals["antwerp_marker_gt"] == 15
    assert vp(pos) == 0                                                # 27.9: no VP for these
    pos.set("turn", 14)
    do(pos, "too early", lambda g: prelim.antwerp_followup(g))
    assert pos.where(belgien) == "49.21"
    pos.set("turn", 15)
    pos.set("control", {h: "german" for h in game(pos).board.within("49.21", 2)})   # Brussel held (16.1.2)
    do(pos, "German Preliminary Phase", lambda g: prelim.antwerp_followup(g))
    assert pos.where(belgien) == "withdrawn" and pos.where(lw) == "withdrawn"
    assert pos.where(marine) in game(pos).board.hexes
    assert pos.where(secondary) == "box:held"                         # not one of the 25.4.1 arrivals


def test_oao_25_2_gt_6_two_front_line_corps_and_a_cavalry_division_go_east():
    """25.2: in GT 6 the German withdraws front-line corps (numeric ID, GD, GD R) with their two
    division-size infantry Formations, and one cavalry division; 25.2.1: none Bavarian or
    Demoralized."""
    pos = blank("campaign", gt=6)
    t11 = unit(pos, "DE-train-Treno_11", "55.30", army="DE3")
    d11 = [unit(pos, "DE-22_11", "55.31", army="DE3"), unit(pos, "DE-38_11", "55.32", army="DE3")]
    t4 = unit(pos, "DE-train-Treno_4", "53.30", army="DE1")
    unit(pos, "DE-7_4", "53.31", army="DE1", ce=5)                     # Demoralized (D1)
    unit(pos, "DE-8_4", "53.32", army="DE1")
    cav = unit(pos, "DE-2C", "57.30", army="DE1")
    pos.call("east_withdrawal", side="german", corps=[], formations=[], cavalry=[])
    offered = {a["corps"] for a in pos.session.legal_actions() if a.verb == "send_corps"}
    assert offered == {t11}
    assert refused(pos, f"german: send_corps corps=#{t4}", "25.2.1")
    pos.push(f"german: send_corps corps=#{t11}")
    assert all(pos.where(p) == "withdrawn" for p in [t11] + d11)
    assert pos.where(t4) == "53.30"
    pos.push(f"german: send_cavalry unit=#{cav}")
    assert pos.where(cav) == "withdrawn" and pos.state.globals.get("east_done")


def test_oao_21_1_inferior_allied_doctrine_black_6_rerolls_when_the_allies_defend():
    """21.1 (GT 1-5): with the Allies defending, a black 6 re-rolls both dice (the new roll
    stands even with another 6); a black 1 does not."""
    pos = blank("campaign", gt=5)
    all_rail(pos)
    unit(pos, FR_DIV, "44.18", army="FR5")
    d = unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(3, 6, 4, 6, [1, 1], [1, 1])
    attack(pos, "german", "44.18", [d])
    pos.push("german: normal")
    pos.push("allied: normal")
    assert pos.state.globals["combat_report"]["lines"][1]["dice"] == [3, 6, 4, 6]
    pos = blank("campaign", gt=5)
    all_rail(pos)
    unit(pos, FR_DIV, "44.18", army="FR5")
    d = unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(3, 1, [1, 1], [1, 1])
    attack(pos, "german", "44.18", [d])
    pos.push("german: normal")
    pos.push("allied: normal")
    assert pos.state.globals["combat_report"]["lines"][1]["dice"] == [3, 1]


def test_oao_23_1_3_and_24_3_voluntary_base_transfers_in_the_allied_preliminary_phase():
    """23.1.1 / 23.1.3: the BEF may transfer its base voluntarily in any Allied Preliminary Phase
    after GT 6; 24.3.1 / 24.3.2: the Belgians to Oostende, then to France, in any one; with
    Oostende German-occupied the transfer goes straight to the shift (24.3.2a)."""
    pos = blank("campaign", gt=6)
    assert "bef_transfer" not in prelim.prelim_choices(game(pos))
    assert "be_transfer" in prelim.prelim_choices(game(pos))
    pos.set("turn", 7)
    assert "bef_transfer" in prelim.prelim_choices(game(pos))
    pos.call("prelim_options", side="allied")
    pos.push("allied: be_transfer")
    assert pos.state.globals["bases"]["BELGA"] == "37.10"
    assert "be_shift" in prelim.prelim_choices(game(pos)) and "be_transfer" not in prelim.prelim_choices(game(pos))
    pos2 = blank("campaign", gt=7)
    unit(pos2, DE_DIV, "37.10", army="DE1")
    do(pos2, "transfer", lambda g: prelim.start_be_transfer(g))
    assert pos2.state.globals.get("be_shift_done")
    assert pos2.session.ruleset.french_port(pos2.state.globals["bases"]["BELGA"])


def test_oao_29_5_and_31_4_scenario_victory_conditions():
    """29.5: the French win the Battle for Lorraine with their objective met and no German unit
    in Manonviller (55.57), the German with the objective missed and a German unit there, else a
    draw (reading 26 of the digest's errata list: the 2nd Army's objective or Finstingen); 31.4:
    the Race to the Sea is won by 10 VP."""
    pos = blank("lorraine", gt=5, lorraine_french_objective=True)
    do(pos, "end", lambda g: final.game_end(g))
    assert "French" in pos.session.outcome().text
    pos = blank("lorraine", gt=5)
    unit(pos, DE_DIV, "55.57", army="DE6")
    do(pos, "end", lambda g: final.game_end(g))
    assert "Manonviller" in pos.session.outcome().text and pos.session.outcome().winner == "german"
    pos = blank("lorraine", gt=5)
    do(pos, "end", lambda g: final.game_end(g))
    assert "draw" in pos.session.outcome().text
    pos = blank("lorraine", gt=3)
    pos.set("control", {"60.55": "allied"})
    do(pos, "end of a player turn", lambda g: final.lorraine_victory_check(g))
    assert pos.state.globals.get("lorraine_french_objective")              # Finstingen (29.5)
    pos = blank("race_to_the_sea", gt=30, vp=-11)
    do(pos, "end", lambda g: final.game_end(g))
    assert "Allies win" in pos.session.outcome().text


def test_oao_18_4_1a_pont_de_pontoise_only_when_a_german_unit_is_adjacent():
    """18.4.1a: the Pont de Pontoise (15.33-15.34) is demolished only when a German unit moves
    adjacent to it (not within 8 hexes like the orange structures), and never rebuilt (X)."""
    pos = blank("campaign", gt=10)
    assert pos.session.ruleset.rr_structures["15.33|15.34"] == ("pont_de_pontoise", "X")
    g = game(pos)
    three = next(h for h in sorted(g.board.land) if min(g.board.distance(h, "15.33"), g.board.distance(h, "15.34")) == 3)
    d = unit(pos, DE_DIV, three, army="DE1")
    do(pos, "within 3", lambda g: events.arrived(g, [d], three, None, set()))
    assert "15.33|15.34" not in pos.state.globals.get("rr_demolished", [])
    nxt = next(n for n in sorted(g.board.nbrs["15.33"]) if n != "15.34" and n in g.board.land)
    do(pos, "adjacent", lambda g: events.arrived(g, [d], nxt, three, set()))
    assert "15.33|15.34" in pos.state.globals["rr_demolished"]


def test_oao_25_2_2_optional_no_withdrawal_from_the_6th_or_7th_army():
    """25.2.2 (optional): none of the withdrawn infantry Formations may belong to the 6th or 7th
    Army."""
    for option, offered in ((None, True), ("on", False)):
        pos = blank("campaign", gt=6, **({"options": {"no_6th_7th_withdrawal": option}} if option else {}))
        t11 = unit(pos, "DE-train-Treno_11", "55.30", army="DE6")
        unit(pos, "DE-22_11", "55.31", army="DE6")
        unit(pos, "DE-38_11", "55.32", army="DE6")
        assert (t11 in plans.front_line_corps(game(pos))) == offered


def test_oao_26_6_2a_the_6th_army_detaches_no_formation_before_or_while_its_plan_is_active():
    """26.6.2a: before its activation and while its plan is active, the German 6th Army may not
    detach any Formation (to another army)."""
    from modules.offensive_a_outrance_1914.rules.assign import army_change_refusal
    for status, refused_ in (("suspended", True), ("active", True), ("abandoned", False)):
        pos = blank("campaign", gt=10, plans={"DE_6th": status})
        d = unit(pos, "DE-13_7", "60.51", army="DE6")
        refusal = army_change_refusal(game(pos), d, "DE7")
        assert (refusal is not None and refusal.rule.endswith("26.6.2a")) == refused_
