"""3.0 General concepts: stacking (3.1), limited information (3.1.5-3.1.7), zones of control
(3.2), hex control and the Front Line (3.3)."""
from __future__ import annotations

from engine.views import view

from modules.offensive_a_outrance_1914.rules import control, moves, visibility

from .positions import blank, destinations, game, legal_verbs, movement, select, top, unit

FR_DIV, FR_DIV2, FR_DIV3, FR_DIV4 = "FR-1_1", "FR-2_1", "FR-3_2", "FR-4_2"
FR_BDE = "FR-Res_7"
FR_CAV = "FR-2c"
DE_DIV = "DE-11_6"


def test_oao_3_1_1_no_more_than_three_and_a_half_division_equivalents_at_the_end_of_a_move():
    pos = blank("campaign", gt=10)
    for t in (FR_DIV, FR_DIV2, FR_DIV3):
        unit(pos, t, "44.18", army="FR5")
    d = unit(pos, FR_DIV4, "43.19", army="FR5")
    b = unit(pos, FR_BDE, "43.18", army="FR5")
    movement(pos, "allied")
    select(pos, d)
    assert "44.18" not in destinations(pos)           # 3 + 1 = 4 division-equivalents
    assert "45.18" in destinations(pos)
    pos.push("allied: done")
    select(pos, b)
    assert "44.18" in destinations(pos)               # 3 + 1/2 = 3 1/2
    # passing through a full stack is free (3.1: moving units enter and pass friendly stacks)
    assert "45.19" in destinations(pos)


def test_oao_3_1_3_overstack_at_the_end_of_a_movement_phase_is_eliminated_by_the_owner():
    pos = blank("campaign", gt=10)
    units = [unit(pos, t, "44.18", army="FR5") for t in (FR_DIV, FR_DIV2, FR_DIV3, FR_DIV4)]
    movement(pos, "allied")
    pos.push("allied: end")
    assert top(pos)["state"] == "movement_end"
    assert legal_verbs(pos) == {"eliminate"}
    pos.push(f"allied: eliminate unit=#{units[0]}")
    assert pos.where(units[0]) == "eliminated"
    assert all(pos.where(p) == "44.18" for p in units[1:])
    assert not pos.state.globals["rules_stack"]


def test_oao_3_1_3_no_elimination_when_enemy_pa_markers_kept_the_excess_in_place():
    pos = blank("campaign", gt=10)
    units = [unit(pos, t, "44.18", army="FR5") for t in (FR_DIV, FR_DIV2, FR_DIV3, FR_DIV4)]
    unit(pos, DE_DIV, "45.18", army="DE2", pa="44.18")
    movement(pos, "allied", counter=True)
    assert top(pos)["pinned_hexes"] == ["44.18"]
    pos.push("allied: end")
    assert not pos.state.globals["rules_stack"]
    assert all(pos.where(p) == "44.18" for p in units)


def test_oao_3_1_4_units_in_rail_mode_do_not_count_for_stacking():
    pos = blank("campaign", gt=10)
    for t in (FR_DIV, FR_DIV2, FR_DIV3):
        unit(pos, t, "44.18", army="FR5")
    r = unit(pos, FR_DIV4, "44.18", army="FR5", rail="44.18")
    g = game(pos)
    assert moves.stack_size(g, "44.18", "allied") == 3
    assert not g.exerts_zoc(r)                        # 3.2: no ZOC in Rail Mode (7.7.4)


def test_oao_3_1_5_top_unit_cavalry_when_no_enemy_adjacent_largest_formation_when_adjacent():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    c = unit(pos, FR_CAV, "44.18", army="FR5")
    art = unit(pos, "FR-artillery-Toul_artillery", "44.18")
    _refresh(pos)
    assert pos.state.stack("44.18")[-1] == c
    assert pos.state.pieces[d].props.get("concealed") and pos.state.pieces[art].props.get("concealed")
    unit(pos, DE_DIV, "44.17", army="DE2")
    _refresh(pos)
    assert pos.state.stack("44.18")[-1] == d
    assert pos.state.pieces[c].props.get("concealed")


def _refresh(pos):
    def build(tx):
        visibility.refresh(pos.session.ruleset.game(tx.state, tx))
    pos.edit("order the stacks", build)


def test_oao_3_1_6_the_enemy_sees_only_the_top_unit_of_a_stack():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    d2 = unit(pos, FR_DIV2, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    _refresh(pos)
    seen = [e for e in view(pos.state, "german")["locations"]["44.18"] if e.get("hidden") or e["id"] in (d, d2)]
    ids = [e.get("id") for e in seen if not e.get("hidden")]
    assert len(ids) == 1 and ids[0] in (d, d2)
    assert sum(1 for e in seen if e.get("hidden")) == 1
    own = view(pos.state, "allied")["locations"]["44.18"]
    assert {d, d2} <= {e.get("id") for e in own}


def test_oao_3_1_7_assignment_markers_are_on_owner_only_displays():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    m = pos.state.pieces[d].props["am"]
    box = pos.state.pieces[m].loc
    assert box.startswith("org:")
    assert pos.session.module.locations[box].visibility == "owner"
    assert all(e.get("hidden") for e in view(pos.state, "german")["locations"][box])


def test_oao_3_2_zoc_of_combat_units_and_outer_garrisons_not_artillery_nor_supply():
    pos = blank("campaign", gt=10)
    unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, "FR-artillery-Toul_artillery", "40.18")
    unit(pos, "FR-train-Treno_1", "40.20", army="FR5")
    z = game(pos).zoc("allied")
    assert {"45.19", "45.18", "44.17", "43.18", "43.19", "44.19"} <= z
    assert not ({"41.18", "39.18", "40.17"} & z) and "40.21" not in z


def test_oao_3_2_1_no_zoc_across_sea_or_mountain_crest_hexsides():
    pos = blank("campaign", gt=10)
    g = game(pos)
    crest = next((a, b) for (a, b), attrs in g.board.side.items() if attrs.get("crest") and a in g.board.land
                 and b in g.board.land)
    unit(pos, "FR-1_1", crest[0], army="FR1")
    assert crest[1] not in game(pos).zoc("allied")


def test_oao_3_3_control_by_occupation_or_last_passage_nobody_with_an_enemy_fortress():
    pos = blank("campaign", gt=10)
    g = game(pos)
    assert control.controller(g, "44.18") == "allied"          # Belgium at the start
    unit(pos, DE_DIV, "44.18", army="DE2")
    assert control.controller(game(pos), "44.18") == "german"

    def passing(tx):
        control.pass_through(pos.session.ruleset.game(tx.state, tx), "german", ["43.18"])
    pos.edit("a German unit passes", passing)
    assert control.controller(game(pos), "43.18") == "german"
    fortress = "FR-fortress-Arches-5062"
    unit(pos, fortress, "50.62")
    unit(pos, DE_DIV, "50.62", army="DE7")
    assert control.controller(game(pos), "50.62") == ""


def test_oao_3_3_1_hexes_behind_the_front_line_become_controlled():
    """R3: the hexes one side reaches from its friendly map edges without entering enemy units
    or un-negated EZOC, and the other side does not, are behind its Front Line: a French hex
    ringed by German units becomes German."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    assert g.board.hexes["40.40"]["country"] == "FR"
    germans = ("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8", "DE-2C")
    for t, h in zip(germans, g.board.nbrs["40.40"]):
        unit(pos, t, h, army="DE2")

    def fronts(tx):
        control.update_fronts(pos.session.ruleset.game(tx.state, tx))
    pos.edit("fronts", fronts)
    g = game(pos)
    assert control.controller(g, "40.40") == "german"
    assert control.controller(g, "30.40") == "allied"


def test_oao_1_1_friendly_map_edges_france_germany_never_neutral():
    """1.1: the friendly map edge is the edge inside France for the Allies, inside Germany for the
    German; Netherlands and Switzerland edges are nobody's. In the Battle for Lorraine (29.1) the
    edges of the small map in play are friendly where they run through the side's country."""
    for scenario in ("campaign", "lorraine"):
        pos = blank(scenario, gt=1)
        g = game(pos)
        rules = pos.session.ruleset
        for side, country in (("allied", "FR"), ("german", "DE")):
            edges = rules.friendly_edges(g, side)
            assert edges, (scenario, side)
            assert all(g.board.hexes[h].get("country") == country for h in edges)
            assert edges <= rules.playable(g)
        assert not rules.friendly_edges(g, "allied") & rules.friendly_edges(g, "german")
    camp = game(blank("campaign"))
    full = pos.session.ruleset.friendly_edges(camp, "allied")
    assert all(camp.board.map_edge.get(h) == "FR" for h in full)       # the printed map edge only
    small = game(blank("lorraine"))
    inner = pos.session.ruleset.friendly_edges(small, "allied") - set(small.board.map_edge)
    assert inner                                                       # the small map's own edge


def test_oao_3_2_a_two_hex_unit_has_a_zone_of_control_of_eight_hexes():
    """3.2 / 19.1: a Two-Hex unit's ZOC is the 8 hexes around its two hexes."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    a = "25.20"                            # open country all around
    b = next(n for n in g.board.nbrs[a] if n in g.board.land and not g.board.side[(a, n)])
    around = (set(g.board.nbrs[a]) | set(g.board.nbrs[b])) - {a, b}
    assert len(around) == 8
    unit(pos, FR_DIV, a, army="FR1", two_hex=b)
    z = game(pos).zoc("allied")
    blocked = {n for h in (a, b) for n in g.board.nbrs[h]
               if g.board.side[(h, n)].get("sea") or g.board.side[(h, n)].get("crest")}
    assert around - blocked <= z


def test_oao_3_4_5_the_meuse_at_iges_is_crossed_only_from_46_37():
    """3.4.5: attacking from 46.36 into 46.37 ignores the Meuse; from 46.37 into 46.36 it is a
    Major River."""
    from modules.offensive_a_outrance_1914.rules import terrain
    g = game(blank("campaign", gt=10))
    assert terrain.river_class(g, "46.36", "46.37") == ""
    assert terrain.river_class(g, "46.37", "46.36") == "major"
    assert terrain.attack_modifier(g, "46.36", "46.37") == 0
    assert terrain.attack_modifier(g, "46.37", "46.36") == terrain.AS_MOD_RIVER["major"]
