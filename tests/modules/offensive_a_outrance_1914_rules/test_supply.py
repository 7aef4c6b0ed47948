"""14.0 Improved Positions, 15.0 supply (and Isolation), 16-17 reinforcements, substitutions
and replacements, 18.0 railroads."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import control, events, prelim, rail, substitutions, supply, tasks

from .positions import (all_rail, blank, ce, do, fresh, game, legal_verbs, movement, refused, select, top, unit)

FR_DIV = "FR-3_2"
DE_DIV = "DE-11_6"


# -- 14 IPs -------------------------------------------------------------------------------------

def test_oao_14_3_1_an_ip_costs_13_mp_built_by_an_infantry_formation_alone():
    pos = blank("campaign", gt=10, ip_allowance_allied=3)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.15", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    pos.push("allied: build_ip")
    assert pos.state.pieces[d].props["task"] == {"kind": "ip", "mp": 9, "need": 13}
    pos.push("allied: done")
    pos.push("allied: end")
    pos.clear_stack()
    movement(pos, "allied", counter=True)
    assert "44.18" in pos.state.globals["ips"]
    assert pos.state.globals["ip_allowance_allied"] == 2                 # 14.3.4


def test_oao_14_3_2_not_more_than_four_hexes_from_the_enemy_and_14_3_3_not_demoralized():
    pos = blank("campaign", gt=10, ip_allowance_allied=3)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.12", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: build_ip", "14.3.2")
    pos = blank("campaign", gt=10, ip_allowance_allied=3)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=5)
    unit(pos, DE_DIV, "44.15", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: build_ip", "14.3.3")


def test_oao_14_3_4_no_more_ips_than_the_interphase_allows():
    pos = blank("campaign", gt=10, ip_allowance_allied=0)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.15", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert refused(pos, "allied: build_ip", "14.3.4")


def test_oao_14_4_a_built_ip_goes_when_the_last_friendly_combat_unit_leaves():
    pos = blank("campaign", gt=10, ips={"30.40": "x"})
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    do(pos, "IP marker", lambda g: tasks.place_ip(g, "30.40", "allied", "FR"))
    pos.set("ips", {"30.40": "x"})
    do(pos, "leave", lambda g: (g.move_piece(d, "30.41"), tasks.drop_empty_ips(g, "allied")))
    assert "30.40" not in pos.state.globals["ips"]


def test_oao_14_5_a_printed_ip_is_destroyed_when_an_enemy_unit_enters():
    pos = blank("campaign", gt=10)
    g = game(pos)
    h = sorted(g.board.printed_ip)[0]
    assert tasks.ip_level(g, h) == 2
    d = unit(pos, DE_DIV, h, army="DE1")
    do(pos, "enters", lambda g: events.arrived(g, [d], h, None, set()))
    assert tasks.ip_level(game(pos), h) == 0


# -- 15 supply ----------------------------------------------------------------------------------

def test_oao_15_1_3_combat_units_within_five_hexes_of_a_friendly_operational_rr_hex_are_supplied():
    pos = blank("campaign", gt=10)
    g = game(pos)
    rr = min((h for h in g.board.rail if g.board.hexes[h].get("country") == "FR"),
             key=lambda h: (g.board.distance(h, "30.40"), h))
    pos.set("rail_allied", [rr])
    near = next(h for h in sorted(g.board.within(rr, 5)) if g.board.distance(rr, h) == 5
                and h in pos.session.ruleset.playable(g) and all(n in g.board.land for n in g.board.nbrs[h]))
    d = unit(pos, FR_DIV, near, army="FR5")
    assert supply.unit_sources(game(pos), d)[0][0] == "rr"
    pos.set("rail_allied", [])
    assert not supply.unit_sources(game(pos), d)


def test_oao_15_1_5_allied_units_in_a_port_are_supplied():
    pos = blank("campaign", gt=10, rail_allied=[])
    d = unit(pos, FR_DIV, "01.21", army="FR6")
    assert supply.unit_sources(game(pos), d) == [("fixed", None, False)]


def test_oao_15_4_out_of_supply_minus_one_cel_isolated_minus_three():
    pos = blank("campaign", gt=10, rail_allied=["55.57"])
    d = unit(pos, "FR-22_1" if "FR-22_1" in pos.session.ruleset.unit_types else FR_DIV, "59.54", army="FR1")
    for t, h in zip(("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8"),
                    ("60.54", "60.53", "59.53", "58.53", "58.54")):
        unit(pos, t, h, army="DE7")
    g = game(pos)
    assert not supply.isolated(g, d)           # 59.55: in an EZOC, negated by the unit's own ZOC
    do(pos, "supply", lambda g: supply.finish_supply(g, "allied"))
    assert ce(pos, d) == 1
    pos = blank("campaign", gt=10, rail_allied=["55.57"])
    d = unit(pos, FR_DIV, "59.54", army="FR1")
    for t, h in zip(("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8", "DE-15_8"),
                    ("60.54", "60.53", "59.53", "58.53", "58.54", "59.55")):
        unit(pos, t, h, army="DE7")
    assert supply.isolated(game(pos), d)      # 15.5 example: ringed, no way to the RR at 55.57
    do(pos, "supply", lambda g: supply.finish_supply(g, "allied"))
    assert ce(pos, d) == 3


def test_oao_15_4_a_support_unit_alone_out_of_supply_takes_an_sr():
    pos = blank("campaign", gt=10, rail_allied=[])
    a = unit(pos, "FR-support-23_27_Ch", "30.40", army="FR5")
    do(pos, "supply", lambda g: supply.finish_supply(g, "allied"))
    assert pos.face(a) == 1 or pos.where(a) == "eliminated"


def test_oao_15_6_2a_a_corps_train_alone_in_an_ezoc_retreats_three_hexes_extended():
    pos = blank("campaign", gt=10)
    tr = unit(pos, "FR-train-Treno_1", "30.40", army="FR5")
    g = game(pos)
    adj = g.board.nbrs["30.40"][0]
    start = next(h for h in g.board.nbrs[adj] if g.board.distance(h, "30.40") == 2)
    e = unit(pos, DE_DIV, start, army="DE1")
    do(pos, "enemy arrives", lambda g: (g.move_piece(e, adj), events.arrived(g, [e], adj, start, set())))
    assert pos.face(tr) == 1 and game(pos).board.distance("30.40", pos.where(tr)) == 3


def test_oao_15_6_2b_a_depot_alone_in_an_ezoc_is_displaced_to_a_friendly_rr_hex():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    g = game(pos)
    rr = sorted(h for h in g.board.rail if g.board.hexes[h].get("country") == "FR")[5]
    dep = unit(pos, "FR-depot-QUINTA", rr, army="FR5")
    enemy_at = g.board.nbrs[rr][0]
    e = unit(pos, DE_DIV, enemy_at, army="DE1")
    do(pos, "enemy arrives", lambda g: events.arrived(g, [e], enemy_at, None, set()))
    assert pos.where(dep) != rr and pos.where(dep) in g.board.rail and pos.face(dep) == 1


def test_oao_15_6_3_depots_move_only_along_operational_rr_one_mp_a_hex():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    g = game(pos)
    rr = sorted(h for h in g.board.rail if g.board.hexes[h].get("country") == "FR")[10]
    dep = unit(pos, "FR-depot-QUINTA", rr, army="FR5")
    movement(pos, "allied")
    select(pos, dep)
    from .positions import destinations
    d = destinations(pos)
    assert d and d <= set(g.board.rail)


def test_oao_15_6_4_depot_relocation_two_gts_later():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    g = game(pos)
    rr = sorted(h for h in g.board.rail if g.board.hexes[h].get("country") == "FR")[10]
    dep = unit(pos, "FR-depot-QUINTA", rr, army="FR5")
    unit(pos, FR_DIV, rr, army="FR5")
    pos.call("assignment", side="allied")
    moves = [a for a in pos.session.legal_actions() if a.verb == "relocate"]
    assert moves
    pos.push(moves[0])
    assert pos.where(dep) == "track:gt12"
    assert "relocate" not in legal_verbs(pos)                           # one per side per GT


# -- 16 / 17 reinforcements, substitutions, replacements ----------------------------------------

def test_oao_16_1_2_a_reinforcement_goes_to_the_nearest_free_hex():
    pos = blank("campaign", gt=10)
    unit(pos, DE_DIV, "44.17", army="DE2")
    g = game(pos)
    assert not prelim.free_hex(g, "44.18", "allied")
    near = prelim.nearest_free(g, "44.18", "allied")
    assert near and prelim.free_hex(g, near, "allied")


def test_oao_16_1_1_map_edge_entries_in_rail_mode_with_a_destination_no_rp():
    pos = fresh("campaign")
    g = game(pos)
    pid = next(p for p, piece in sorted(pos.state.pieces.items()) if piece.props.get("at") == "box:entry_I")
    opts = prelim.placement_options(g, pid)
    assert opts[0] == "01.36" and len(opts) > 1
    rp = pos.state.globals.get("rp_allied", 0)
    do(pos, "place", lambda g: prelim.place(g, pid, opts[-1]))
    assert pos.where(pid) == "01.36"
    assert pos.state.pieces[pid].props["rail"]["dest"] == opts[-1]
    assert pos.state.globals.get("rp_allied", 0) == rp


def test_oao_16_2_1_substitution_keeps_the_sr_and_the_ce_status():
    pos = blank("campaign", gt=10)
    old = unit(pos, "FR-Res_7", "30.40", army="FR5", ce=2, face=1)
    new = pos.place("FR-1_1", "reinforcements")
    do(pos, "substitute", lambda g: substitutions.simple(g, new, old))
    g = game(pos)
    assert pos.where(new) == "30.40" and pos.face(new) == 1 and g.ce(new) == 2


def test_oao_16_4_1_cavalry_corps_average_ce_rounded_down_example():
    """16.4.1 example: (-1, -1, -2) -> -4/3 = -1.33 -> -2."""
    pos = blank("campaign", gt=10)
    olds = [unit(pos, t, h, army="FR5", ce=c) for t, h, c in (("FR-2c", "30.40", 1), ("FR-4c", "30.40", 1),
                                                                ("FR-6c" if "FR-6c" in pos.session.ruleset.unit_types
                                                                 else "FR-8c", "30.41", 2))]
    new = pos.place("FR-1_CC", "reinforcements")
    do(pos, "combine", lambda g: substitutions.combined(g, new, olds))
    g = game(pos)
    assert g.ce(new) == 2
    assert pos.state.pieces[new].props.get("two_hex") == "30.41"


def test_oao_16_6_replacements_flip_a_reduced_infantry_unit_within_the_cap():
    pos = blank("campaign", gt=10, repl_FR=1)
    d = unit(pos, FR_DIV, "30.40", army="FR5", face=1)
    c = unit(pos, "FR-2c", "30.41", army="FR5", face=1)
    pos.call("replacements", side="allied", number=3, used={})
    offered = {a["unit"] for a in pos.session.legal_actions() if a.verb == "replace"}
    assert d in offered and c not in offered                             # 8.1.0: no REPL for cavalry


def test_oao_16_7_an_eliminated_corps_train_returns_two_gts_later():
    pos = blank("campaign", gt=10)
    tr = unit(pos, "FR-train-Treno_1", "30.40", army="FR5")
    from modules.offensive_a_outrance_1914.rules.losses import eliminate
    do(pos, "lost", lambda g: eliminate(g, tr, "test"))
    assert pos.state.pieces[tr].props.get("back_on") == 12


# -- 18 railroads ---------------------------------------------------------------------------------

def test_oao_18_2_rail_lines_behind_the_front_connected_to_a_friendly_edge_become_operational():
    pos = blank("campaign", gt=10)
    do(pos, "engineer", lambda g: rail.engineer(g, "german"))
    g = game(pos)
    ops = control.operational(g, "german")
    assert "57.43" in ops                                               # Luxembourg
    assert not any(g.board.hexes[h].get("country") == "FR" for h in ops)
    heads = [p for p, pc in pos.state.pieces.items() if pc.type == "M-railhead" and pc.loc in g.board.hexes]
    assert heads                                                          # 18.1.2 Railhead markers


def test_oao_18_1_3_an_enemy_unit_passing_makes_a_rail_hex_non_operational():
    pos = blank("campaign", gt=10)
    do(pos, "engineer", lambda g: rail.engineer(g, "german"))
    d = unit(pos, FR_DIV, "57.43", army="FR4")
    do(pos, "passes", lambda g: events.arrived(g, [d], "57.43", None, set()))
    assert "57.43" not in control.operational(game(pos), "german")


def test_oao_18_4_1_orange_structures_demolished_when_a_german_unit_comes_within_8_hexes():
    pos = blank("campaign", gt=10)
    rules = pos.session.ruleset
    key, (kind, rebuild) = next((k, v) for k, v in sorted(rules.rr_structures.items()) if v[0].startswith("orange"))
    a, b = key.split("|")
    g = game(pos)
    near = next(h for h in sorted(g.board.within(a, 8)) if g.board.distance(a, h) == 8
                and h in rules.playable(g))
    d = unit(pos, DE_DIV, near, army="DE1")
    do(pos, "arrives", lambda g: events.arrived(g, [d], near, None, set()))
    assert key in pos.state.globals.get("rr_demolished", [])


def test_oao_18_6_2_bottleneck_capacity_depots_exempt():
    pos = blank("campaign", gt=10)
    g = game(pos)
    assert pos.session.ruleset.bottleneck_at(g, "54.40") and pos.session.ruleset.bottleneck_at(g, "59.29")
    assert not pos.session.ruleset.bottleneck_at(g, "51.28")           # Namur from the 6th Interphase
    assert tasks.BOTTLENECK_CAPACITY == 6                               # 3 RP (reconstructed), in half RP


def _train_position(with_depot: bool = True):
    """A French 5th Army Depot with a LOC 6 hexes from 30.40 (no operational RR hex within 5 of
    30.40, so 15.1.3 does not apply) and the 2nd Corps Train between them, off the railway."""
    here = "30.40"
    pos = blank("campaign", gt=10)
    g = game(pos)
    board = g.board
    pos.set("rail_allied", sorted(h for h in board.rail if board.distance(h, here) >= 6))
    depot_hex = "30.34"
    assert depot_hex in supply.loc_hexes(game(pos), "allied")
    if with_depot:
        unit(pos, "FR-depot-QUINTA", depot_hex, army="FR5")
    train_hex = next(h for h in sorted(board.land) if board.distance(h, here) == 3
                     and board.distance(h, depot_hex) == 3 and h not in board.rail)
    train = unit(pos, "FR-train-Treno_2", train_hex, army="FR5")
    return pos, here, train


def test_oao_15_1_2_a_corps_train_off_the_rail_is_valid_within_its_depots_range():
    """15.1.2: a Corps Train must have a valid LOC or be within the supply range of its army's
    Depot."""
    pos, _here, train = _train_position()
    g = game(pos)
    assert not supply.has_loc(g, train)
    assert supply.train_valid(g, train)
    pos2, _here, train2 = _train_position(with_depot=False)
    assert not supply.train_valid(game(pos2), train2)


def test_oao_15_2_2_a_corps_train_supplies_its_corps_any_support_unit_and_cavalry():
    """15.2.2: a Corps Train supplies the Formations of its corps, any Support unit and any cavalry
    unit; 5.3.3 (1): not an Independent infantry unit; not a Formation of another corps."""
    pos, here, train = _train_position()
    own = unit(pos, FR_DIV, here, army="FR5")                          # 3rd Division, 2nd Corps
    other = unit(pos, "FR-1_1", here, army="FR5")                      # 1st Corps
    indep = unit(pos, "FR-2_1", here, army="FR5", corps="")            # Independent infantry
    cav = unit(pos, "FR-2c", here, army="FR5")                         # cavalry: always Independent
    g = game(pos)

    def trains(pid):
        return [src for kind, src, _ext in supply.unit_sources(g, pid) if kind == "train"]
    assert trains(own) == [train]
    assert trains(other) == []
    assert trains(indep) == []
    assert trains(cav) == [train]


def test_oao_15_1_4_units_in_a_fortified_camp_with_a_supply_symbol_are_supplied():
    """15.1.4 (and 9.4.3): Combat and Artillery units inside a Fortified Camp with at least one
    Fortress bearing the supply symbol are in supply, whatever the paths; a camp without the
    symbol gives nothing; 8.5.1 / 12.1.1: Forts and Fortresses need no supply."""
    pos = blank("campaign", gt=10, rail_allied=[])
    unit(pos, "FR-fortress-Belfort-5169", "51.69")
    inside = unit(pos, FR_DIV, "51.70", army="FR1")                    # another hex of the Belfort camp
    fort = unit(pos, "FR-fortress-Arches-5062", "50.62")               # no supply symbol
    outside = unit(pos, "FR-4_2", "50.62", army="FR1")
    fort2 = unit(pos, "FR-fort-Bourlemont", "30.40")
    g = game(pos)
    assert "51.70" in pos.session.ruleset.supplied_camp_hexes(g, "allied")
    assert supply.fixed_supply(g, inside) and supply.in_supply(g, inside)
    assert not supply.fixed_supply(g, outside) and not supply.in_supply(g, outside)
    assert supply.fixed_supply(g, fort) and supply.fixed_supply(g, fort2)


def test_oao_9_4_1_and_9_4_2_ammo_through_an_extended_depot_is_recorded_up_to_its_limit():
    """9.4.1: Ammo eligibility is checked at the moment of combat (a supply path from the source);
    9.4.2 (1): Ammo through an Extended depot is recorded, one increment per division-equivalent,
    up to its Ammo limit (2.6); (2): an army under an Ammo Shortage marker records its use too;
    9.4.3: units in a Fortified Camp with a supply symbol get Ammo automatically, unrecorded."""
    here = "30.40"
    pos = blank("campaign", gt=10)
    board = game(pos).board
    pos.set("rail_allied", sorted(h for h in board.rail if board.distance(h, here) >= 12))
    loc = supply.loc_hexes(game(pos), "allied")
    depot_hex = min((h for h in loc if 12 <= board.distance(h, here) <= 14), key=lambda h: (board.distance(h, here), h))
    dep = unit(pos, "FR-depot-QUINTA", depot_hex, army="FR5")
    d = unit(pos, FR_DIV, here, army="FR5")
    g = game(pos)
    assert supply.unit_sources(g, d) == [("depot", dep, True)]         # beyond 9 hexes: Extended (15)
    plan = supply.ammo_plan(g, [d], "allied")
    assert plan["ok"] and plan["limited"] and plan["need"] == 1
    assert plan["charges"] == [[f"unit:{dep}", "extended"]]
    do(pos, "ammo", lambda g: supply.record_ammo(g, plan))
    assert pos.state.globals["ammo_used"][f"unit:{dep}"] == 1
    pos.set("ammo_used", {f"unit:{dep}": 6})                           # the depot's printed limit
    assert not supply.ammo_plan(game(pos), [d], "allied")["ok"]        # Ammo Exhausted: half strength
    # (2) an Ammo Shortage on the army: recorded on the army, even through a normal source
    pos2 = blank("campaign", gt=13, shortage={"FR1": 1})
    unit(pos2, "FR-fortress-Belfort-5169", "51.69")
    camp = unit(pos2, FR_DIV, "51.70", army="FR1")
    field = unit(pos2, "FR-4_2", "44.60", army="FR1")
    all_rail(pos2)
    g2 = game(pos2)
    assert supply.ammo_plan(g2, [camp], "allied")["charges"] == []     # 9.4.3: automatic, unrecorded
    assert supply.ammo_plan(g2, [field], "allied")["charges"] == [["army:FR1", "shortage"]]


def test_oao_8_5_1_a_fort_never_attacks_while_on_its_front():
    """8.5.1: a Fort (front side) is a Support unit that cannot attack; flipped (8.5.0) it is an
    infantry unit that can."""
    from modules.offensive_a_outrance_1914.rules import combat
    pos = blank("campaign", gt=10)
    f = unit(pos, "FR-fort-Bourlemont", "30.40")
    g = game(pos)
    n = g.board.nbrs["30.40"][0]
    refusal = combat.can_attack_from(g, f, n, {})
    assert refusal is not None and refusal.rule.endswith("8.5.1")
    assert not g.is_formation(f)
    pos.flip(f, 1)
    again = combat.can_attack_from(game(pos), f, n, {})
    assert again is None or not again.rule.endswith("8.5.1")


def test_oao_16_6_2_repl_accumulate_and_a_negative_total_reduces_the_next_allotment():
    """16.6.2: unused REPL accumulate on the national marker; excess SRs (9.10.2) reduce it and a
    negative total is taken off the next allotment."""
    from modules.offensive_a_outrance_1914.rules import final
    from modules.offensive_a_outrance_1914.rules.losses import allocate_sr
    pos = blank("campaign", gt=6, repl_FR=0)
    d = unit(pos, FR_DIV, "30.40", army="FR5", face=1)
    do(pos, "an excess SR", lambda g: allocate_sr(g, [d], "test", crt=True))
    do(pos, "another", lambda g: allocate_sr(g, [d], "test", crt=True))
    assert pos.state.globals["repl_FR"] == -2
    allotment = int(final.interphase_row(game(pos), 2).get("repl_fr", 0) or 0)
    assert allotment == 12                                            # the Interphase Table, 2nd Interphase
    pos.call("interphase", number=2)
    assert pos.state.globals["repl_FR"] == allotment - 2              # the allotment less the debt
    offered = allotment - 2 > 0
    stack = pos.state.globals["rules_stack"]
    assert bool(stack and stack[-1]["state"] == "replacements") == offered


def test_oao_24_2_belgian_srs_secondary_counters_no_repl_for_an_excess():
    """24.2 / 24.2.1: a reduced Belgian primary taking an SR is replaced by its secondary counter
    at full strength; a reduced secondary takes no further SR and, 9.10.2, the excess costs no
    REPL; 24.2 / 16.6: Belgians never receive replacements."""
    from modules.offensive_a_outrance_1914.rules.game import RESERVE
    from modules.offensive_a_outrance_1914.rules.losses import allocate_sr
    pos = blank("campaign", gt=10, repl_FR=3)
    d = unit(pos, "BE-1", "44.18", army="BELGA", face=1)
    spare = pos.place("BE-1-2", RESERVE)
    do(pos, "SR", lambda g: allocate_sr(g, [d], "test", crt=True))
    assert pos.where(spare) == "44.18" and pos.face(spare) == 0
    assert pos.where(d) not in game(pos).board.hexes
    pos.flip(spare, 1)
    do(pos, "excess SR", lambda g: allocate_sr(g, [spare], "test", crt=True))
    assert pos.where(spare) == "44.18" and pos.face(spare) == 1
    assert int(pos.state.globals.get("repl_BE", 0)) == 0 and pos.state.globals["repl_FR"] == 3
    from modules.offensive_a_outrance_1914.rules import final
    assert spare not in final.replacement_targets(game(pos), "allied", 3)


def test_oao_15_3_1_supply_lines_avoid_enemy_units_and_unnegated_ezoc_not_by_the_receivers_zoc():
    """15.3.1: a supply line does not pass through an enemy unit, nor through an EZOC hex unless
    friendly-occupied or in a friendly ZOC — the receiving unit's own ZOC excluded; 15.3.2: it
    may cross a Mountain Crest (or unbridged Imposing river) hexside but stops there."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    here = "25.20"                         # open country all around
    mid = next(n for n in sorted(g.board.nbrs[here]) if n in g.board.land and not g.board.side[(here, n)])
    d = unit(pos, FR_DIV, here, army="FR1")
    tr = supply.tracer(game(pos), "allied")
    assert tr.passable(mid)
    far = next(n for n in sorted(g.board.nbrs[mid]) if n in g.board.land and g.board.distance(here, n) == 2
               and not g.board.side[(mid, n)])
    ger = next(n for n in sorted(g.board.nbrs[far]) if n in g.board.land and g.board.distance(here, n) == 3)
    unit(pos, DE_DIV, ger, army="DE6")
    tr = supply.tracer(game(pos), "allied")
    assert far in tr.ezoc
    assert not tr.passable(far)                                        # EZOC, no friendly unit or ZOC
    assert not tr.passable(ger)                                        # an enemy unit
    beside = next(n for n in sorted(g.board.nbrs[far]) if n not in (ger, here, mid) and n in g.board.land)
    unit(pos, "FR-4_2", beside, army="FR1")
    assert supply.tracer(game(pos), "allied").passable(far)            # a friendly ZOC negates the EZOC
    # the receiving unit's own ZOC does not negate: mid is in its ZOC only
    pos2 = blank("campaign", gt=10)
    unit(pos2, FR_DIV, here, army="FR1")
    e = next(n for n in sorted(g.board.nbrs[mid]) if n in g.board.land and g.board.distance(here, n) == 2)
    unit(pos2, DE_DIV, e, army="DE6")
    tr2 = supply.tracer(game(pos2), "allied")
    assert mid in tr2.ezoc
    assert tr2.passable(mid) and not tr2.passable(mid, minus=1)       # minus the receiver's own ZOC
    # 15.3.2: a crest hexside ends the line
    a, b = next((a, b) for (a, b), attrs in sorted(g.board.side.items()) if attrs.get("crest"))
    assert tr2.stops(a, b)
    assert not tr2.stops(here, mid)


def test_oao_17_1_army_depots_arrive_on_friendly_operational_rr_metz_and_strassburg_within_5():
    """17.1: an arriving army's Depot goes on a friendly operational RR hex; 17.1.1: the STRAßB
    depots within 5 hexes of Straßburg (65.62; printed "65.52"), the METZ depot within 5 of Metz
    (54.49)."""
    pos = fresh("campaign")
    g = game(pos)
    all_rail(pos)
    g = game(pos)
    ops = control.operational(g, "german")
    for type_id, centre in (("DE-depot-METZ", "54.49"), ("DE-depot-STRAssBURG_Gaede", "65.62")):
        pid = next(p for p, piece in pos.state.pieces.items() if piece.type == type_id)
        assert g.prop(pid, "at") == centre and int(g.prop(pid, "within")) == 5
        options = prelim.placement_options(g, pid)
        assert options and all(g.board.distance(h, centre) <= 5 for h in options)
        assert all(h in ops for h in options)


def test_oao_23_1_2_and_24_3_base_transfers_limit_ammo_to_4_per_gt():
    """23.1.2: during the BEF base transfer its Ammo limit is 4 per GT; 24.3.1a: the same for the
    Belgian army while moving to Oostende, and 24.3.2a permanently after the shift to France."""
    pos = blank("campaign", gt=8, bef_transfer_until=11)
    all_rail(pos)
    gb = unit(pos, "GB-1_1", "30.20", army="BEF")
    be = unit(pos, "BE-1", "40.14", army="BELGA")
    g = game(pos)
    assert supply.limited_army(g, "BEF") == "transfer" and supply.limited_army(g, "BELGA") is None
    assert supply.ammo_plan(g, [gb], "allied")["charges"] == [["army:BEF", "transfer"]]
    pos.set("ammo_used", {"army:BEF": 4})
    assert not supply.ammo_plan(game(pos), [gb], "allied")["ok"]
    pos.set("be_shift_done", True)
    assert supply.limited_army(game(pos), "BELGA") == "transfer"
    assert supply.ammo_plan(game(pos), [be], "allied")["charges"] == [["army:BELGA", "transfer"]]
    pos.set("bef_transfer_until", None)
    assert supply.limited_army(game(pos), "BEF") is None


def test_oao_15_3_1_a_supply_line_enters_but_does_not_cross_an_enemy_fortress_hex():
    """15.3.1: a supply line may be traced into, but not through, a hex with an enemy Fortress."""
    pos = blank("campaign", gt=10)
    unit(pos, "FR-fortress-Liouville-4650", "46.50")
    d = unit(pos, DE_DIV, "46.50", army="DE5")                        # stacked with it (12.1.3)
    g = game(pos)
    pos.flip(next(p for p in g.units_at("46.50") if g.ut(p).fortress), 1)
    tr = supply.tracer(game(pos), "german")
    assert "46.50" in tr.enemy_fortress and not tr.passable("46.50")    # not through
    assert len(tr.from_receiver(d, "46.50", 3)) > 1                    # but from (into) it


def test_oao_18_3_reseau_du_nord_cleared_after_amiens_then_creil_and_closed_until_gt_14():
    """18.3.1: before GT 10 a German unit within 8 hexes of Amiens (22.23) clears the Eastern
    Réseau du Nord in the next player turn; then one within 8 of Creil (20.32) the Western;
    18.3.2: cleared lines are not friendly operational again until GT 14; 18.6.1: the French
    bottlenecks (Rouen, Pontoise, Eu) activate with the Creil trigger; Arlon and Liège are active
    from the start, Namur from the 6th Interphase."""
    pos = blank("campaign", gt=5)
    rules = pos.session.ruleset
    g = game(pos)
    east, west = rules.reseau_du_nord["E"], rules.reseau_du_nord["W"]
    assert east and west and not east & west
    near_creil = next(h for h in sorted(g.board.land) if g.board.distance(h, "20.32") == 8
                      and g.board.distance(h, "22.23") > 8)
    do(pos, "Creil first", lambda g: events._german_triggers(g, near_creil))
    assert not pos.state.globals.get("rdn_W_trigger")                  # only after the Eastern area
    assert pos.state.globals.get("fr_bottlenecks")
    assert rules.bottleneck_at(game(pos), "08.25") and rules.bottleneck_at(game(pos), "54.40")
    assert not rules.bottleneck_at(game(pos), "51.28")
    pos.set("namur_bottleneck", True)
    assert rules.bottleneck_at(game(pos), "51.28")
    near_amiens = next(h for h in sorted(g.board.land) if g.board.distance(h, "22.23") == 8)
    do(pos, "Amiens", lambda g: events._german_triggers(g, near_amiens))
    assert pos.state.globals["rdn_E_trigger"] == 5
    do(pos, "Creil", lambda g: events._german_triggers(g, near_creil))
    assert pos.state.globals["rdn_W_trigger"] == 5
    pos.set("rail_allied", sorted(g.board.rail))
    pos.set("turn", 6)
    do(pos, "next player turn", lambda g: prelim.rdn_clear(g))
    assert not set(pos.state.globals["rail_allied"]) & (east | west)
    do(pos, "engineers GT 6", lambda g: rail.engineer(g, "allied"))
    assert not set(pos.state.globals["rail_allied"]) & (east | west)
    pos.set("turn", 14)
    do(pos, "engineers GT 14", lambda g: rail.engineer(g, "allied"))
    assert set(pos.state.globals["rail_allied"]) & west                 # behind the French front again


def _eichhorn(gt: int, second: str):
    pos = blank("campaign", gt=gt)
    a = unit(pos, "DE-1_B_Lw", "58.65", army="DE7", corps="", ce=1)
    b = unit(pos, "DE-2_B_Lw", second, army="DE7", corps="", ce=2)
    new = pos.place("DE-Eichhorn", "reinforcements", owner="german", at="box:substitution", arrives=6,
                    replaces="DE-1_B_Lw DE-2_B_Lw")
    do(pos, "end of the German movement phase", lambda g: substitutions.end_of_movement(g, "german"))
    return pos, a, b, new


def test_oao_16_3_1_combined_substitution_at_the_end_of_a_movement_phase():
    """16.3 / 16.3.1: at the end of a friendly movement phase, from its GT, the listed units
    stacked together or in adjacent hexes are replaced by the new unit (a Two-Hex unit when
    adjacent), keeping SRs, with the average CE status rounded toward the worse (Division
    Eichhorn from 1 B.Lw and 2 B.Lw, GT 6)."""
    g = game(blank("campaign"))
    adjacent = next(n for n in sorted(g.board.nbrs["58.65"]) if n in g.board.land)
    far = next(h for h in sorted(g.board.land) if g.board.distance("58.65", h) == 3)
    pos, a, b, new = _eichhorn(5, adjacent)
    assert pos.where(new) == "reinforcements"                          # not before its GT
    pos, a, b, new = _eichhorn(6, far)
    assert pos.where(new) == "reinforcements"                          # not together
    pos, a, b, new = _eichhorn(6, adjacent)
    assert pos.where(a) == "withdrawn" and pos.where(b) == "withdrawn"
    assert {pos.where(new), pos.state.pieces[new].props.get("two_hex")} == {"58.65", adjacent}
    assert game(pos).ce(new) == 2                                      # (1 + 2) / 2 = 1.5 -> 2


def test_oao_22_3_3_a_gdt_division_takes_back_its_detachments_when_stacked():
    """22.3.3: at the end of a friendly movement phase a GDT division stacked with its detachment
    removes it and its strength-reduction marker; one elsewhere stays out."""
    pos = blank("campaign", gt=5)
    div = unit(pos, "FR-81t_GDT", "20.20", army="GDT", gdt_minus=2, sr_marker=4)
    first = unit(pos, "FR-1_det_81", "20.20", army="GDT")
    second = unit(pos, "FR-2_det_81", "25.20", army="GDT")
    do(pos, "end of movement", lambda g: substitutions.gdt_detachments(g, "allied"))
    assert pos.where(first) == "withdrawn" and pos.where(second) == "25.20"
    assert pos.state.pieces[div].props.get("gdt_minus") == 1
    do(pos, "move", lambda g: g.move_piece(second, "20.20"))
    do(pos, "end of movement", lambda g: substitutions.gdt_detachments(g, "allied"))
    assert pos.where(second) == "withdrawn"
    assert not pos.state.pieces[div].props.get("gdt_minus") and not pos.state.pieces[div].props.get("sr_marker")


def test_oao_15_6_1_supply_units_return_to_normal_mode_in_their_supply_phase():
    """15.6.1 (and 4.2.3, reading R4): Extended supply units stay flipped until their side's next
    Supply Phase, when they return to Normal mode and their Ammo records are cleared."""
    pos = blank("campaign", gt=10, ammo_used={})
    all_rail(pos)
    rr = sorted(h for h in game(pos).board.rail if game(pos).board.hexes[h].get("country") == "FR")
    dep = unit(pos, "FR-depot-QUINTA", rr[0], army="FR5", face=1)
    ger = unit(pos, "DE-depot-PRIMA", "57.43", army="DE1", face=1)
    pos.set("ammo_used", {f"unit:{dep}": 3, f"unit:{ger}": 2})
    pos.call("supply_phase", side="allied")
    assert pos.face(dep) == 0 and pos.face(ger) == 1                   # only the phasing side's
    assert pos.state.globals["ammo_used"] == {f"unit:{ger}": 2}


def test_oao_23_2_samson_is_supplied_by_any_path_to_a_french_port():
    """23.2: the Samson armoured cars are in supply whenever they can trace a supply path of any
    length to a French Port; another unit there without a source is not."""
    pos = blank("campaign", gt=10, rail_allied=[])
    g = game(pos)
    here = next(h for h in sorted(g.board.land) if g.board.distance("31.11", h) == 3 and h not in g.board.ports
                and all(g.board.distance(h, p) > 1 for p in g.board.ports))
    s = unit(pos, "GB-Samson", here, army="BEF")
    c = unit(pos, "FR-2c", here, army="FR5")
    g = game(pos)
    assert supply.unit_sources(g, s) == [("fixed", None, False)]
    assert supply.unit_sources(g, c) == []


def test_oao_18_4_1_red_bridges_demolished_by_a_french_unit_once_both_hexes_were_german():
    """18.4.1: a red RR bridge (Amiens 23.24-23.25, printed "23.14-.25") is demolished for good
    the moment a French unit moves next to it, if both its hexes have been German-controlled at
    some time in the game; 18.4.3: never rebuilt."""
    pos = blank("campaign", gt=10)
    rules = pos.session.ruleset
    assert "red" in rules.rr_structures["23.24|23.25"][0]
    d = unit(pos, FR_DIV, "22.24", army="FR6")
    pos.set("ever_german", ["23.24"])
    do(pos, "arrives", lambda g: events.arrived(g, [d], "23.24", "22.24", set()))
    assert "23.24|23.25" not in pos.state.globals.get("red_destroyed", [])
    pos.set("ever_german", ["23.24", "23.25"])
    do(pos, "arrives again", lambda g: events.arrived(g, [d], "23.24", "22.24", set()))
    assert "23.24|23.25" in pos.state.globals["red_destroyed"]
    assert "23.24|23.25" in pos.state.globals["rr_demolished"]


def test_oao_18_4_2_a_demolished_structure_blocks_rail_movement_and_the_loc():
    """18.4.2: a hexside with a demolished RR structure cannot be used for rail movement (nor a
    depot's, 15.6.3) or for tracing a LOC."""
    from modules.offensive_a_outrance_1914.rules import moves
    pos = blank("campaign", gt=10)
    all_rail(pos)
    a, b = "29.31", "30.31"                                            # Chauny
    dep = unit(pos, "FR-depot-QUINTA", a, army="FR5")
    frame = {"side": "allied", "counter": False}
    g = game(pos)
    assert (a, b) in g.board.rail_link
    assert moves.MoveContext(g, frame, [dep], a, a).cost(a, b) == 1
    pos.set("rr_demolished", ["29.31|30.31"])
    g = game(pos)
    assert control.demolished(g, a, b)
    assert moves.MoveContext(g, frame, [dep], a, a).cost(a, b) is None


def test_oao_17_2_2_in_gt_10_the_ninth_army_depot_replaces_the_detachement_darmee_depot():
    """17.2.2 (second): in GT 10 the Détachement d'Armée depot is removed and replaced by the
    Ninth (NONA) Army depot (a 16.2 substitution on its hex)."""
    pos = fresh("campaign")
    det = next(p for p, piece in pos.state.pieces.items() if piece.type == "FR-depot-Det_d_Armee")
    nona = next(p for p, piece in pos.state.pieces.items() if piece.type == "FR-depot-NONA")
    where = pos.where(det)
    assert where in game(pos).board.hexes
    st = pos.session.ruleset.machine.table["preliminary"]
    pos.set("turn", 9)
    do(pos, "GT 9", lambda g: st.substitutions(g, {"side": "allied"}))
    assert pos.where(nona) != where
    pos.set("turn", 10)
    do(pos, "GT 10", lambda g: st.substitutions(g, {"side": "allied"}))
    assert pos.where(nona) == where and pos.where(det) == "withdrawn"
    assert game(pos).army(nona) == "FR9"


def test_oao_15_7_the_secondary_depot_activates_for_an_army_near_its_formations():
    """15.7: in a friendly Supply Phase the Secondary Depot is announced for an army and placed in
    a hex with a valid LOC within 9 hexes of a Formation of that army (reading R19); it works as
    that army's depot at once (15.1.1)."""
    pos = blank("campaign", gt=10)
    all_rail(pos)
    d = unit(pos, FR_DIV, "30.40", army="FR5")
    sec = pos.place("FR-depot-Secondary", "box:held", owner="allied")
    pos.call("supply_phase", side="allied")
    offers = [a for a in pos.session.legal_actions() if a.verb == "secondary"]
    assert offers and all(a["army"] == "FR5" for a in offers)
    pos.push(offers[0])
    g = game(pos)
    at = pos.where(sec)
    assert at in supply.loc_hexes(g, "allied") and g.board.distance(at, "30.40") <= 9
    assert sec in supply.depots_of(g, "FR5", "allied")
    assert d


def test_oao_15_2_2_a_corps_train_supplies_a_support_unit_not_stacked_with_a_formation():
    """15.2.2 / 5.5.1: a Support unit not stacked with a Formation may trace to any Corps Train
    (of its army) in range."""
    pos, here, train = _train_position()
    s = unit(pos, "FR-support-23_27_Ch", here, army="FR5")
    assert [src for kind, src, _ext in supply.unit_sources(game(pos), s) if kind == "train"] == [train]


def test_oao_16_3_a_combined_substitution_with_one_unit_eliminated_is_a_simple_one():
    """16.3: if one of the units a combined substitution needs has been eliminated, a 16.2.1
    substitution replaces the other, keeping its strength reduction."""
    from modules.offensive_a_outrance_1914.rules.losses import eliminate
    pos = blank("campaign", gt=6)
    a = unit(pos, "DE-1_B_Lw", "58.65", army="DE7", corps="", ce=1, face=1)
    b = unit(pos, "DE-2_B_Lw", "59.64", army="DE7", corps="")
    do(pos, "2 B.Lw lost", lambda g: eliminate(g, b, "test"))
    new = pos.place("DE-Eichhorn", "reinforcements", owner="german", at="box:substitution", arrives=6,
                    replaces="DE-1_B_Lw DE-2_B_Lw")
    do(pos, "end of the German movement phase", lambda g: substitutions.end_of_movement(g, "german"))
    assert pos.where(new) == "58.65" and pos.where(a) == "withdrawn"
    assert pos.face(new) == 1 and game(pos).ce(new) == 1


def test_oao_22_3_4_in_gt_18_the_gdt_divisions_become_independent_and_its_train_leaves():
    """22.3.4 (read with the schedules, NOTES.md): in GT 18 the independent 81t, 82t, 84t, 88t
    replace 81t/GDT … 88t/GDT, keeping their SRs and CE status, and the GDT train leaves play."""
    pos = fresh("campaign")
    old = next(p for p, piece in pos.state.pieces.items() if piece.type == "FR-81t_GDT")
    new = next(p for p, piece in pos.state.pieces.items() if piece.type == "FR-81t")
    train = next(p for p, piece in pos.state.pieces.items() if piece.type == "FR-train-Treno_GDT")
    do(pos, "the train on the map", lambda g: g.move_piece(train, "11.33"))
    where = pos.where(old)
    st = pos.session.ruleset.machine.table["preliminary"]
    pos.set("turn", 18)
    do(pos, "withdrawals", lambda g: st.withdrawals(g, {"side": "allied"}))
    do(pos, "substitutions", lambda g: st.substitutions(g, {"side": "allied"}))
    assert pos.where(old) == "withdrawn" and pos.where(new) == where
    assert pos.where(train) == "withdrawn"
    assert game(pos).corps(new) != "GDT"
