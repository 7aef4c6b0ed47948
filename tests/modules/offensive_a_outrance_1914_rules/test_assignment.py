"""5.0 Assignment and the organization displays; 6.0 Combat Effectiveness."""
from __future__ import annotations

from engine import commands as C
from modules.offensive_a_outrance_1914.rules import assign, combat, org, supply
from modules.offensive_a_outrance_1914.rules.combat import forces_in
from modules.offensive_a_outrance_1914.rules.losses import reduce_ce

from .positions import (blank, ce, destinations, do, fresh, game, legal_verbs, movement, refused, select, top,
                        unit)

FR_DIV = "FR-3_2"
DE_DIV = "DE-11_6"


def markers(pos) -> dict[str, int]:
    return org.army_markers(game(pos), "allied")


def test_oao_5_1_areas_of_assignment_partition_the_map_from_the_army_markers():
    """R5: each hex belongs to the army whose Army marker is nearest; no overlaps (5.1.1)."""
    pos = blank("campaign", gt=10)
    unit(pos, FR_DIV, "30.40", army="FR5")
    unit(pos, "FR-1_1", "30.50", army="FR1")
    g = game(pos)
    a5 = org.army_aoa(g, "allied", "FR5")
    a1 = org.army_aoa(g, "allied", "FR1")
    assert "30.41" in a5 and "30.49" in a1 and not (a5 & a1)


def test_oao_5_1_2_support_units_join_the_army_of_the_aoa_they_stand_in():
    pos = blank("campaign", gt=10)
    unit(pos, FR_DIV, "30.40", army="FR5")
    unit(pos, "FR-1_1", "30.50", army="FR1")
    a = pos.place("FR-artillery-Toul_artillery", "30.49")
    pos.call("assignment", side="allied")
    pos.push("allied: done")
    assert game(pos).army(a) == "FR1"


def test_oao_5_1_3_an_army_holds_no_more_corps_than_its_corps_boxes():
    pos = fresh("campaign")
    g = game(pos)
    pos.call("assignment", side="allied")
    st = pos.session.ruleset.machine.table["assignment"]
    full = next(a for a, x in g.armies.items() if x.side == "allied" and x.corps_boxes
                and len(assign.corps_markers(g, a)) >= x.corps_boxes)
    train = next(p for p in g.units_of("allied") if g.ut(p).train and g.army(p) != full
                 and g.ut(p).nat == g.armies[full].nat and assign.army_change_refusal(g, p, full) is None)
    marker = g.am(train)
    assert full not in st.army_choices(game(pos), top(pos), marker)
    assert refused(pos, f"allied: to_army marker=#{marker} army={full}", "5.1.3")


def test_oao_5_2_2_a_formation_goes_to_its_printed_corps_and_5_2_4_cavalry_is_independent():
    pos = blank("campaign", gt=10)
    g = game(pos)
    d = pos.place(FR_DIV, "30.40")
    c = pos.place("FR-2c", "30.40")
    assert org.marker_corps_for(game(pos), d, None) == "2"
    assert org.marker_corps_for(game(pos), c, "2") == ""
    assert g


def test_oao_5_2_2a_no_more_than_three_formations_away_from_their_printed_corps():
    pos = blank("campaign", gt=10)
    train = unit(pos, "FR-train-Treno_2", "30.40", army="FR5")
    ds = [unit(pos, t, "30.41", army="FR5", corps="") for t in ("FR-1_1", "FR-2_1", "FR-5_3")]
    d4 = unit(pos, FR_DIV, "30.42", army="FR5")
    pos.call("assignment", side="allied")
    assert assign.variable_count(game(pos), "allied") == 3
    assert refused(pos, f"allied: to_corps marker=#{game(pos).am(d4)} corps=independent", "5.2.2a")
    assert train and ds


def test_oao_5_2_3_the_corps_limit_in_division_equivalents():
    pos = blank("campaign", gt=10)
    unit(pos, "FR-train-Treno_2", "30.40", army="FR5")
    unit(pos, FR_DIV, "30.41", army="FR5")
    unit(pos, "FR-4_2", "30.41", army="FR5")
    extra = unit(pos, "FR-1_1", "30.42", army="FR5", corps="")
    pos.call("assignment", side="allied")
    g = game(pos)
    assert assign.corps_load(g, "FR5", "2") == 2.0
    assert refused(pos, f"allied: to_corps marker=#{g.am(extra)} corps=\"2\"", "5.2.3")


def test_oao_5_2_5_allied_units_only_in_an_army_of_their_nationality_with_the_belgian_exceptions():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    g = game(pos)
    assert assign.army_change_refusal(g, d, "BEF").rule.endswith("5.2.5")
    assert assign.nationality_ok(g, d, "BELGA")                        # any one French division


def test_oao_5_3_1_2_adjacent_to_the_enemy_only_inside_the_own_aoa():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.20", army="FR5")
    unit(pos, "FR-1_1", "44.14", army="FR1")
    unit(pos, DE_DIV, "44.16", army="DE2")
    do(pos, "markers", lambda g: (g.move_piece(org.army_markers(g, "allied")["FR5"], "44.24"),
                                   g.move_piece(org.army_markers(g, "allied")["FR1"], "44.15")))
    g = game(pos)
    assert "44.17" not in org.army_aoa(g, "allied", "FR5")
    movement(pos, "allied")
    select(pos, d)
    assert "44.17" not in destinations(pos)


def test_oao_5_3_1_1_supply_only_from_the_own_armys_depot():
    pos = blank("campaign", gt=10, rail_allied=[])
    all_rr = sorted(game(pos).board.rail)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    g = game(pos)
    rr = min((h for h in g.board.rail if g.board.hexes[h].get("country") == "FR"),
             key=lambda h: (g.board.distance(h, "30.40"), h))
    dep = unit(pos, "FR-depot-PRIMA", rr, army="FR1")
    assert supply.depots_of(game(pos), "FR5", "allied") == []
    assert dep in supply.depots_of(game(pos), "FR1", "allied")
    assert all_rr


def test_oao_5_3_3_independent_units_count_as_one_corps():
    pos = blank("campaign", gt=10)
    a = unit(pos, "FR-1_1", "44.18", army="FR5", corps="")
    b = unit(pos, "FR-2c", "44.18", army="FR5")
    c = unit(pos, FR_DIV, "43.18", army="FR5")
    d = unit(pos, "FR-5_3", "43.18", army="FR5")
    assert combat.army_ok(game(pos), [a, b, c])                       # Independent + corps 2
    assert not combat.army_ok(game(pos), [a, b, c, d])                # + corps 3


def test_oao_5_4_army_units_stay_with_their_army():
    pos = blank("campaign", gt=10)
    s = unit(pos, "DE-support-BELGIEN_Marine", "50.25", army="BELGIEN")
    assert assign.army_change_refusal(game(pos), s, "DE1").rule.endswith("5.4")


def test_oao_5_5_1_support_units_join_a_formations_force_two_at_most():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    s1 = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")
    s2 = unit(pos, "FR-artillery-Toul_artillery", "44.18", army="FR5")
    s3 = unit(pos, "FR-support-41_43_Ch", "44.18", army="FR5")
    forces = forces_in(game(pos), [d, s1, s2, s3])
    assert forces == [[d, s1, s2], [s3]]


def test_oao_5_5_2_a_support_unit_takes_an_sr_instead_of_a_cel_reduction():
    pos = blank("campaign", gt=10)
    s = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")
    do(pos, "reduce", lambda g: reduce_ce(g, s, 1, "test"))
    assert pos.face(s) == 1 or pos.where(s) == "eliminated"


# -- 6 Combat Effectiveness ---------------------------------------------------------------------------

def test_oao_6_1_2_cel_is_base_minus_status_and_6_1_3_the_ladder_to_d2():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    g = game(pos)
    base = g.base_ce(d)
    assert g.cel(d) == base
    for steps, cel, name in ((1, base - 1, "-1"), (2, base - 2, "-2"), (3, base - 3, "-3"), (4, base - 3, "CI"),
                             (5, base - 3, "D1"), (6, base - 3, "D2")):
        do(pos, "reduce", lambda g: reduce_ce(g, d, 1, "test"))
        g = game(pos)
        assert (g.ce(d), g.cel(d), g.ce_name(d).endswith(name)) == (steps, cel, True)
    assert g.ci(d) and g.demoralized(d)
    do(pos, "beyond D2", lambda g: reduce_ce(g, d, 1, "test"))
    assert ce(pos, d) == 6 and pos.face(d) == 1                        # 10.3: an SR instead


def test_oao_6_3_ci_and_6_4_demoralized_units_build_no_ip_place_no_pa():
    pos = blank("campaign", gt=10, ip_allowance_allied=3)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=4)
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: pa toward=@44.17", "6.3")
    assert pos.check("allied: build_ip") is None                       # CI may build, not D1
    pos = blank("campaign", gt=10, ip_allowance_allied=3)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=5)
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: pa toward=@44.17", "6.4")


def test_oao_1_1_inactive_army_and_units_neither_move_nor_attack():
    """1.1 / 28.5: an inactive army's units, or a unit flagged inactive, cannot move, do a task
    or attack; a single inactive unit that is attacked becomes active (itself only)."""
    from modules.offensive_a_outrance_1914.rules.forces import active_unit
    pos = blank("campaign", gt=1, inactive_armies={"BELGA": 2})
    be = unit(pos, "BE-1", "49.21", army="BELGA")
    fr = unit(pos, "FR-4_2", "30.40", army="FR5", inactive_until=3)
    g = game(pos)
    assert not active_unit(g, be) and not active_unit(g, fr)
    movement(pos, "allied")
    assert refused(pos, f"allied: select unit=#{be}", "28.5")
    assert refused(pos, f"allied: select unit=#{fr}", "28.5")
    nb = g.board.nbrs["30.40"][0]
    assert combat.can_attack_from(game(pos), fr, nb, {}).rule.endswith("28.5")
    pos.edit("attacked", lambda tx: tx.do(C.SetProp(fr, "activated", True)))      # combat.reveal's flag
    assert active_unit(game(pos), fr) and not active_unit(game(pos), be)


def test_oao_24_1_belgian_formations_count_as_one_independent_corps():
    """24.1 / 9.2.2: Belgian Formations count as Independent for combat, a group of them as one
    corps (reading R10): two Belgian divisions in two corps boxes and a French division of the
    Belgian army (5.2.5) combine — by their boxes they would be three corps."""
    pos = blank("campaign", gt=10)
    a = unit(pos, "BE-1", "49.21", army="BELGA", corps="1")
    b = unit(pos, "BE-2", "49.21", army="BELGA", corps="3")
    c = unit(pos, "FR-3_2", "49.22", army="BELGA", corps="2")
    g = game(pos)
    assert {g.corps(a), g.corps(b), g.corps(c)} == {"1", "3", "2"}
    assert combat.army_ok(g, [a, b, c])
    d = unit(pos, "FR-4_2", "49.22", army="BELGA", corps="4")
    assert not combat.army_ok(game(pos), [a, c, d])                  # Belgians + two French corps


def test_oao_5_1_4_from_gt_22_french_aoas_may_overlap_the_bef_and_belgian_ones():
    """5.1.1: AoAs do not overlap; 5.1.4: from GT 22 French AoAs may overlap the BEF's and the
    Belgian army's (which still do not overlap each other)."""
    def areas(gt):
        pos = blank("campaign", gt=gt)
        unit(pos, FR_DIV, "30.20", army="FR5")
        unit(pos, "GB-1_1", "33.15", army="BEF")
        unit(pos, "BE-1", "40.14", army="BELGA")
        g = game(pos)
        return (org.army_aoa(g, "allied", "FR5"), org.army_aoa(g, "allied", "BEF"),
                org.army_aoa(g, "allied", "BELGA"))
    fr, bef, be = areas(21)
    assert fr and bef and be and not fr & bef and not fr & be and not bef & be
    fr, bef, be = areas(22)
    assert fr & bef and not bef & be


def test_oao_16_5_scheduled_withdrawals_leave_in_the_preliminary_phase():
    """16.5: a unit scheduled to be withdrawn is removed in the Preliminary Phase of its GT (of
    its own side's player turn)."""
    from modules.offensive_a_outrance_1914.rules.game import WITHDRAWN
    pos = blank("campaign", gt=9)
    d = unit(pos, FR_DIV, "30.40", army="FR5", withdraw=10)
    st = pos.session.ruleset.machine.table["preliminary"]
    do(pos, "GT 9", lambda g: st.withdrawals(g, {"side": "allied"}))
    assert pos.where(d) == "30.40"
    pos.set("turn", 10)
    do(pos, "German turn", lambda g: st.withdrawals(g, {"side": "german"}))
    assert pos.where(d) == "30.40"
    do(pos, "Allied turn", lambda g: st.withdrawals(g, {"side": "allied"}))
    assert pos.where(d) == WITHDRAWN


def test_oao_22_2_the_paris_garrison_area_overlaps_the_other_armies_aoas():
    """22.2 / 22.2.1: the Garrison of Paris is an army whose AoA — the Paris Garrison Area inside
    the printed IPs — may overlap other armies' AoAs."""
    pos = blank("campaign", gt=10)
    board = game(pos).board
    inside = sorted(board.paris_area)[0]
    unit(pos, "FR-Paris_Nord", inside, army="PARIS")
    unit(pos, FR_DIV, "16.30", army="FR6")
    g = game(pos)
    paris = org.army_aoa(g, "allied", "PARIS")
    sixth = org.army_aoa(g, "allied", "FR6")
    assert paris == frozenset(board.paris_area)
    assert paris & sixth                                               # the overlap 22.2 allows


def test_oao_22_3_1_before_gt_18_the_gdt_has_its_own_area_outside_every_armys_aoa():
    """22.3.1: before GT 18 the GDT's units may not be inside any army's AoA: its Corps Train
    seeds an area of its own in the partition (22.3.4 dissolves it in GT 18)."""
    def areas(gt):
        pos = blank("campaign", gt=gt)
        unit(pos, FR_DIV, "30.30", army="FR5")
        unit(pos, "FR-train-Treno_GDT", "22.20", army="GDT")
        g = game(pos)
        return org.army_aoa(g, "allied", "GDT"), org.army_aoa(g, "allied", "FR5")
    gdt, fifth = areas(17)
    assert "22.20" in gdt and not gdt & fifth


def test_oao_5_2_5_the_rnd_naval_artillery_and_french_marines_may_join_the_belgian_army():
    """5.2.5 / 23.3.2: the British RND units, the British Naval artillery and the French Marine
    brigade may be assigned to the Belgian army; other British units may not."""
    pos = blank("campaign", gt=10)
    rnd = unit(pos, "GB-support-1_Naval", "31.11", army="BEF")
    marines = unit(pos, "FR-Marine", "31.12", army="FR5")
    bef = unit(pos, "GB-1_1", "31.13", army="BEF")
    g = game(pos)
    assert assign.nationality_ok(g, rnd, "BELGA") and assign.nationality_ok(g, marines, "BELGA")
    assert not assign.nationality_ok(g, bef, "BELGA")
