"""The Administrative Phase (10.0-10.1.6): supply and attrition, replacements, the September
South reinforcements, German and Allied reinforcements."""
from __future__ import annotations

from engine import commands as C
from modules.france_1944.rules import admin

from .positions import fresh, legal, log, prompt, put, refused, rules_game, state_name, where

NO_POINTS = {"US armour": 0, "US infantry": 0, "Allied armour": 0, "Allied infantry": 0}


def run_attrition(pos):
    pos.call("admin_phase")
    return prompt(pos)


#: German units whose ZOC covers every hex around 1613 (1712: 1612, 1713; 1715: 1714, 1614;
#: 1413: 1513, 1514), none of them next to it.
RING = (("GE-2PZ", "1712"), ("GE-9PZ", "1715"), ("GE-11PZ", "1413"))
ALLIED_RING = (("US-2AD", "1712"), ("US-3AD", "1715"), ("US-4AD", "1413"))


# -- 10.1.1 ------------------------------------------------------------------------------------------------
def test_f44_10_1_1_attrition_matrix_not_surrounded():
    """8f 12: not surrounded, marker just received: 0; already marked: 1."""
    pos = fresh()
    a = put(pos, "US-V", "3803")
    b = put(pos, "US-VII", "3802")
    pos.commands("old marker", [C.AddMarker(b, "Out of Supply")])
    run_attrition(pos)
    assert "Out of Supply" in pos.state.pieces[a].markers and pos.state.pieces[a].face == 0
    assert pos.state.pieces[b].face == 1


def test_f44_10_1_1_attrition_matrix_surrounded():
    """8f 12: surrounded, new marker: 1; already marked: 2."""
    pos = fresh()
    for t, h in RING:
        put(pos, t, h)
    a = put(pos, "US-V", "1613")
    g = rules_game(pos)
    assert admin.surrounded(g, a)
    run_attrition(pos)
    assert pos.state.pieces[a].face == 1
    pos = fresh()
    for t, h in RING:
        put(pos, t, h)
    a = put(pos, "US-V", "1613")
    pos.commands("old marker", [C.AddMarker(a, "Out of Supply")])
    run_attrition(pos)
    assert pos.state.pieces[a].face == 2


def test_f44_10_1_1_d_a_german_unit_eliminated_by_attrition_leaves_the_game_and_schedules_a_fuhrer():
    pos = fresh("campaign", turn=4)
    d = put(pos, "GE-LXXXIV", "1613", face=2)
    for t, h in ALLIED_RING:
        put(pos, t, h)
    run_attrition(pos)
    assert where(pos, d) == "out_of_play"
    assert any(p.loc == "turn_german_6" and p.type.startswith("GE-F") for p in pos.state.pieces.values())
    assert "removed from the game" in log(pos)


def test_f44_10_1_1_e_an_hq_that_would_lose_a_step_disperses():
    pos = fresh()
    hq = put(pos, "HQ-US1", "3803", face=1)
    pos.commands("old marker", [C.AddMarker(hq, "Out of Supply")])
    run_attrition(pos)
    assert where(pos, hq).startswith("turn_allied_")
    pos = fresh()
    hq = put(pos, "HQ-US1", "3803", face=1)
    run_attrition(pos)
    assert where(pos, hq) == "3803"                              # new marker, not surrounded: 0


def test_f44_10_1_1_f_an_allied_unit_eliminated_by_attrition_waits_beside_the_box():
    pos = fresh()
    a = put(pos, "US-V", "3803", face=2)
    pos.commands("old marker", [C.AddMarker(a, "Out of Supply")])
    p = run_attrition(pos)
    assert where(pos, a) == "attrition_allied" and p.kind == "replacements"
    refused(pos.session, f"allied: replace unit=#{a} steps=1", "F44 10.1.1")
    pos.push("allied: done")
    pos.push("german: done")
    assert where(pos, a) == "elim_allied"                         # after the Replacement Segment


def test_f44_10_1_1_a_a_unit_found_in_supply_loses_its_marker():
    pos = fresh()
    put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1513")
    pos.commands("marker", [C.AddMarker(a, "Out of Supply")])
    run_attrition(pos)
    assert "Out of Supply" not in pos.state.pieces[a].markers


# -- 10.1.2 replacements ---------------------------------------------------------------------------------------
def replacements(pos, side="allied", **points):
    pts = dict(NO_POINTS) if side == "allied" else {"German armour": 0, "German infantry": 0}
    pts.update({k.replace("_", " "): v for k, v in points.items()})
    pos.call("replacements", side=side, points=pts)


def test_f44_10_1_2_an_eliminated_unit_rebuilt_with_3_points_enters_this_phase():
    pos = fresh()
    a = put(pos, "US-2AD", "elim_allied")
    replacements(pos, US_armour=3)
    pos.push(f"allied: replace unit=#{a} steps=3")
    assert where(pos, a) == "allied_reinforcements" and pos.state.pieces[a].face == 0
    assert pos.state.pieces[a].props["arrives"] == 1


def test_f44_10_1_2_d_one_point_a_step_on_the_map_in_hq_supply():
    pos = fresh()
    put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1513", face=2)
    replacements(pos, US_infantry=2)
    pos.push(f"allied: replace unit=#{a} steps=2")
    assert pos.state.pieces[a].face == 0


def test_f44_10_1_2_refusals_out_of_supply_marker_wrong_points_no_hq_supply():
    pos = fresh()
    put(pos, "HQ-US1", "1412", face=1)
    oos = put(pos, "US-V", "1513", face=1)
    pos.commands("marker", [C.AddMarker(oos, "Out of Supply")])
    br = put(pos, "BR-7AD", "1513", face=1)
    arm = put(pos, "US-2AD", "1514", face=1)
    far = put(pos, "US-VII", "3803", face=1)
    replacements(pos, US_armour=1, US_infantry=1)
    refused(pos.session, f"allied: replace unit=#{oos} steps=1", "F44 11.5")
    refused(pos.session, f"allied: replace unit=#{br} steps=1", "F44 10.1.2")   # US points on a British unit
    refused(pos.session, f"allied: replace unit=#{far} steps=1", "F44 10.1.2")  # not in HQ supply
    legal(pos.session, f"allied: replace unit=#{arm} steps=1")
    pos.call("replacements", side="allied", points={**NO_POINTS, "US infantry": 1})
    refused(pos.session, f"allied: replace unit=#{arm} steps=1", "F44 10.1.2")  # infantry points, armour


def test_f44_10_1_2_c_unused_points_are_lost():
    pos = fresh()
    pos.call("admin_phase")
    pos.push("allied: done")
    pos.push("german: done")
    pos.call("replacements", side="allied", points=admin.replacement_points(rules_game(pos), "allied"))
    assert prompt(pos).kind == "replacements"                    # the next phase starts from the Turn Track


def test_f44_3_11_b_10_1_2_g_fuhrer_divisions_before_and_after_the_rhine_crossing():
    pos = fresh("campaign", turn=6)
    f = put(pos, "GE-F1", "elim_german")
    pz = put(pos, "GE-2PZ", "elim_german")
    replacements(pos, "german", German_armour=3)
    refused(pos.session, f"german: replace unit=#{f} steps=1", "F44 3.11")
    legal(pos.session, f"german: replace unit=#{pz} steps=1")
    pos.set("rhine_crossed", True)
    legal(pos.session, f"german: replace unit=#{f} steps=1")
    refused(pos.session, f"german: replace unit=#{pz} steps=1", "F44 12.9")
    pos.set("rhine_crossed", False)
    pos.commands("via attrition", [C.SetProp(f, "via_attrition", True)])
    legal(pos.session, f"german: replace unit=#{f} steps=1")


def test_f44_3_12_b_the_18th_airborne_is_rebuilt_into_its_box():
    pos = fresh("campaign", turn=5)
    ab = put(pos, "US-XVIII", "elim_allied")
    replacements(pos, US_infantry=3)
    pos.push(f"allied: replace unit=#{ab} steps=2")
    assert where(pos, ab) == "england_airborne" and pos.state.pieces[ab].face == 1
    pos.call("replacements", side="allied", points={**NO_POINTS, "US infantry": 1})
    pos.push(f"allied: replace unit=#{ab} steps=1")              # reduced, in its box: in supply there
    assert pos.state.pieces[ab].face == 0


# -- 10.1.4 - 10.1.6 reinforcements ------------------------------------------------------------------------------
def test_f44_10_1_4_german_reinforcements_enter_at_german_cities_and_move_administratively():
    pos = fresh("campaign", turn=2)
    arrivals = admin.arrivals(rules_game(pos), "german")
    assert arrivals
    pos.call("reinforce", side="german", stage="place", placed=[], moved=[])
    first = arrivals[0]
    refused(pos.session, f"german: enter unit=#{first} hex=@1613", "F44 10.1.4")
    pos.push(f"german: enter unit=#{first} hex=@3510")
    while prompt(pos).kind == "reinforce" and pos.session.legal_actions().verb("enter"):
        pos.push(pos.session.legal_actions().verb("enter")[0])
    moves = pos.session.legal_actions().verb("move")
    mine = [m for m in moves if m["unit"] == first]
    g = rules_game(pos)
    budget = 2 * g.printed_mpa(first) - 1                         # 10.1.6: the entry hex paid
    assert mine and max(len(m["path"]) - 1 for m in mine) <= budget


def test_f44_10_1_6_no_entry_into_an_enemy_zoc_unless_a_friendly_unit_is_there():
    pos = fresh("campaign", turn=2)
    g = rules_game(pos)
    first = admin.arrivals(g, "allied")[0]
    n = next(x for x in g.facts.neighbours["1309"] if x not in g.facts.normandy)
    put(pos, "GE-2PZ", n)
    assert admin.entry_refusal(rules_game(pos), first, "1309").rule == "F44 10.1.6"
    put(pos, "US-V", "1309")
    assert admin.entry_refusal(rules_game(pos), first, "1309") is None


def test_f44_10_1_5_b_allied_reinforcements_blocked_by_zoc_are_lost():
    pos = fresh("campaign", turn=2)
    g = rules_game(pos)
    first = admin.arrivals(g, "allied")[0]
    blockers = iter(("GE-2PZ", "GE-9PZ", "GE-11PZ", "GE-21PZ", "GE-116PZ", "GE-LEHR"))
    for h in sorted(g.facts.normandy):
        n = next(x for x in g.facts.neighbours[h] if x not in g.facts.normandy and not pos.state.stack(x))
        put(pos, next(blockers), n)
    g = rules_game(pos)
    assert all(admin.entry_refusal(g, first, h) for h in admin.entry_hexes(g, "allied"))
    pos.call("reinforce", side="allied", stage="place", placed=[], moved=[])
    assert where(pos, first) == "out_of_play" and "lost for good" in log(pos)


def test_f44_10_1_4_b_german_reinforcements_that_cannot_enter_wait():
    pos = fresh("campaign", turn=2)
    g = rules_game(pos)
    waiting = admin.arrivals(g, "german")
    units = iter(("US-V", "US-VII", "US-VIII", "US-XIX", "US-XV", "US-XX", "US-XII", "US-VI", "BR-I",
                  "BR-VIII", "BR-XII", "BR-XXX", "CA-I", "CA-II", "FR-I", "FR-II"))
    for h in sorted(g.facts.german_cities):
        put(pos, next(units), h)
    pos.call("reinforce", side="german", stage="place", placed=[], moved=[])
    assert all(where(pos, p) == "german_reinforcements" for p in waiting)
    assert "cannot enter this turn" in log(pos)
    assert waiting == admin.arrivals(rules_game(pos), "german")          # they try again later


# -- 10.1.3 the South ---------------------------------------------------------------------------------------------
def test_f44_10_1_3_the_september_south_reinforcements():
    pos = fresh("campaign", turn=3, clear=False)
    pos.call("admin_phase")
    for side in ("allied", "german"):
        assert prompt(pos).kind == "replacements"
        pos.push(f"{prompt(pos).side}: done")
    assert prompt(pos).kind == "south" and prompt(pos).side == "german"
    g = rules_game(pos)
    refused(pos.session, f"german: place unit=#{admin.south_arrivals(g, 'german')[0]} hex=@1613", "F44 10.1.3")
    while prompt(pos).kind == "south" and prompt(pos).side == "german":
        pos.push(pos.session.legal_actions()[0])
    assert prompt(pos).kind == "south" and prompt(pos).side == "allied"
    while prompt(pos).kind == "south":
        pos.push(pos.session.legal_actions()[0])
    assert pos.state.get("f44_south_open")                        # 11.2: Allied sources now
    if prompt(pos).kind == "retreat":
        paths = pos.session.legal_actions().verb("retreat")
        assert all(len(p["path"]) - 1 in (2, 3) for p in paths)
        while prompt(pos).kind == "retreat":
            pos.push(pos.session.legal_actions()[0])
    if prompt(pos).kind == "advance":
        adv = pos.session.legal_actions().verb("advance")
        assert adv and all(rules_game(pos).facts.hexes[a["path"][1]].attrs.get("south_reinf") for a in adv)
        pos.push(adv[0])
        assert pos.state.pieces[adv[0]["unit"]].loc != adv[0]["path"][0]


def test_f44_4_10_a_a_cadre_rebuilt_next_to_a_lone_hq_disperses_it():
    """Fuzz campaign seed 103: a replacement gives a cadre its ZOC back; an enemy HQ alone next
    to it disperses at once."""
    pos = fresh()
    put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1513", face=2)
    ghq = put(pos, "HQ-GE7", "1514", face=1)                 # next to the cadre: no ZOC yet
    replacements(pos, US_infantry=1)
    pos.push(f"allied: replace unit=#{a} steps=1")
    assert where(pos, ghq).startswith("turn_german_")
