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
