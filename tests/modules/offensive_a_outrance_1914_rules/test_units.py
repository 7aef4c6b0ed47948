"""8.0 Specific unit types: cavalry (8.1-8.4), Forts (8.5), garrisons (8.6), LOC units (8.7),
artillery and HQs (8.8)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import events, losses
from modules.offensive_a_outrance_1914.rules.forces import fm_cap
from modules.offensive_a_outrance_1914.rules.movement import walk

from .positions import (blank, ce, costs, destinations, do, game, legal_verbs, movement, refused, select, top,
                        unit)

FR_DIV = "FR-3_2"
DE_DIV = "DE-11_6"
FR_CAV = "FR-2c"


def test_oao_8_1_0_cavalry_independent_forced_march_seven_no_pa_no_ip():
    pos = blank("campaign", gt=10, ip_allowance_allied=5)
    c = unit(pos, FR_CAV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.16", army="DE2")
    g = game(pos)
    assert g.corps(c) == ""
    assert fm_cap(g, {"side": "allied"}, [c]) == 7
    movement(pos, "allied")
    select(pos, c)
    assert refused(pos, "allied: pa toward=@44.17", "7.3")
    assert refused(pos, "allied: build_ip", "14.3")


def test_oao_8_1_1_a_reduced_cavalry_corps_taking_an_sr_is_replaced_by_its_secondary_counter():
    pos = blank("campaign", gt=10)
    c = unit(pos, "FR-1_CC", "44.18", army="FR5", face=1)
    pos.place("FR-1_CC-2", "box:reserve")
    do(pos, "an SR", lambda g: losses.strength_reduction(g, c, "test", crt=True))
    assert c not in pos.state.pieces or pos.where(c) != "44.18"
    here = [pos.state.pieces[p].type for p in pos.state.stack("44.18")]
    assert "FR-1_CC-2" in here
    sec = next(p for p in pos.state.stack("44.18") if pos.state.pieces[p].type == "FR-1_CC-2")
    assert pos.state.pieces[sec].face == 0                         # at full strength


def test_oao_8_2_2_reaction_example_one_hex_not_into_the_hex_the_enemy_left_two_mp_recorded():
    """8.2.2 example: French cavalry at 22.26; a German unit moves 21.26 -> 21.27: the cavalry
    may react to any adjacent hex except 21.27 and 21.26 and gets a Reaction marker at 2."""
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "22.26", army="FR6")
    d = unit(pos, DE_DIV, "21.26", army="DE1")
    movement(pos, "german")
    select(pos, d, "german")
    # "move to 21.27" would take the cheaper way round by 20.26 (7 MP against 8 EZOC-to-EZOC,
    # 7.1.6a); the example's German steps straight across the hexside
    do(pos, "the German steps 21.26 -> 21.27", lambda g: walk(g, g.top, ["21.26", "21.27"]))
    assert top(pos)["state"] == "reaction" and pos.session.prompt().side == "allied"
    offered = {str(a["to"]) for a in pos.session.legal_actions() if a.verb == "react"}
    assert "21.26" not in offered and "21.27" not in offered and offered
    assert refused(pos, f"allied: react unit=#{c} to=@21.26", "8.2.2")
    to = sorted(h for h in offered if game(pos).board.side[("22.26", h)] == {})[0]
    pos.push(f"allied: react unit=#{c} to=@{to}")
    assert pos.where(c) == to
    assert pos.state.pieces[c].props["reaction_mp"] == 2


def test_oao_8_2_4a_reaction_mp_beyond_the_phase_stay_put_and_forced_march_ec():
    """8.2.4a example: a marker at 9 in a 5-MP Counter-Movement Phase: the unit stays put and takes a
    Forced March EC at +4."""
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "30.40", army="FR5", reaction_mp=9)
    pos.dice([6, 6])                       # 12 + 4 fails against the cavalry's CEL
    movement(pos, "allied", counter=True)
    assert c in top(pos)["moved"]
    assert ce(pos, c) >= 1
    assert not pos.state.pieces[c].props.get("reaction_mp")


def test_oao_8_2_4a_reaction_mp_within_the_phase_are_spent_first():
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "30.40", army="FR5", reaction_mp=4)
    movement(pos, "allied")
    assert top(pos)["spent_start"][str(c)] == 4
    select(pos, c)
    assert max(costs(pos).values()) <= 9 + 7 - 4


def test_oao_8_3_cavalry_withdrawal_one_hex_never_into_an_ezoc():
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("cavalry_withdrawal", side="allied", done=[])
    to = {str(a["to"]) for a in pos.session.legal_actions() if a.verb == "withdraw"}
    z = game(pos).zoc("german")
    assert to and not (to & z)
    assert refused(pos, f"allied: withdraw unit=#{c} to=@43.18", "8.3.1")


def test_oao_8_4_outdated_cavalry_doctrine_no_entering_infantry_zoc_in_counter_movement_to_gt_9():
    pos = blank("campaign", gt=9)
    c = unit(pos, FR_CAV, "44.20", army="FR5")
    unit(pos, DE_DIV, "44.16", army="DE2")
    movement(pos, "allied", counter=True)
    select(pos, c)
    assert not ({"44.17", "43.17", "45.17"} & destinations(pos))
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "44.20", army="FR5")
    unit(pos, DE_DIV, "44.16", army="DE2")
    movement(pos, "allied", counter=True)
    select(pos, c)
    assert {"44.17"} & destinations(pos)


def test_oao_8_5_2_montmedy_example_the_cavalry_reacts_away_and_the_fort_rolls():
    """8.5.2 example: Montmédy 49.41 stacked with cavalry; when the cavalry reacts away the check
    is made: a roll of 1 holds, 2-6 abandons (flip, retreat 3 hexes)."""
    for roll, holds in ((1, True), (2, False)):
        pos = blank("campaign", gt=10)
        fort = unit(pos, "FR-fort-Montmedy", "49.41")
        c = unit(pos, FR_CAV, "49.41", army="FR3")
        g = game(pos)
        enemy_at = next(n for n in g.board.nbrs["49.41"] if n in pos.session.ruleset.playable(g))
        unit(pos, DE_DIV, enemy_at, army="DE5")
        away = next(n for n in g.board.nbrs["49.41"] if n != enemy_at and n not in g.board.nbrs[enemy_at]
                    and n in pos.session.ruleset.playable(g))
        pos.dice(roll)
        do(pos, "the cavalry leaves", lambda g: (g.move_piece(c, away), events.check_left_behind(g, "49.41", "allied")))
        if holds:
            assert pos.where(fort) == "49.41" and pos.face(fort) == 0
        else:
            assert pos.face(fort) == 1 and game(pos).board.distance("49.41", pos.where(fort)) == 3
        assert pos.state.pieces[fort].props["abandon_rolled"]


def test_oao_8_5_3_voluntary_abandonment_within_four_hexes_of_the_enemy():
    pos = blank("campaign", gt=10)
    fort = unit(pos, "FR-fort-Montmedy", "49.41")
    unit(pos, DE_DIV, "53.41", army="DE5")
    movement(pos, "allied")
    assert f"allied: abandon unit=#{fort}" in [str(a) for a in pos.session.legal_actions()]
    pos.push(f"allied: abandon unit=#{fort}")
    assert pos.face(fort) == 1
    assert game(pos).is_combat(fort)                               # 8.5.0 an infantry unit now
    select(pos, fort)
    assert destinations(pos)


def test_oao_8_5_0_a_flipped_fort_is_eliminated_by_an_sr():
    pos = blank("campaign", gt=10)
    fort = unit(pos, "FR-fort-Montmedy", "49.41", face=1)
    do(pos, "an SR", lambda g: losses.strength_reduction(g, fort, "test", crt=True))
    assert pos.where(fort) == "eliminated"


def test_oao_8_6_1_garrison_units_stay_in_their_city_and_8_6_2_within_their_printed_range():
    pos = blank("campaign", gt=10)
    g = game(pos)
    paris = unit(pos, "FR-Paris_Central", sorted(h for h, a in g.board.hexes.items()
                                                 if a.get("paris_district") == "Central")[0], army="PARIS")
    movement(pos, "allied")
    select(pos, paris)
    area = pos.session.ruleset.garrison_area(pos.session.ruleset.unit_types["FR-Paris_Central"])
    assert destinations(pos) <= area
    pos = blank("campaign", gt=10)
    verdun = sorted(h for h, label in game(pos).board.name.items() if label and label.startswith("Verdun"))[0]
    v = unit(pos, "FR-Verdun_72_r", verdun, army="FR3")
    movement(pos, "allied")
    select(pos, v)
    area = pos.session.ruleset.garrison_area(pos.session.ruleset.unit_types["FR-Verdun_72_r"])
    assert destinations(pos) and destinations(pos) <= area


def test_oao_8_7_1_loc_units_never_enter_an_ezoc_or_enemy_controlled_hexes():
    pos = blank("campaign", gt=10)
    loc = unit(pos, "DE-loc-Landsturm", "44.20", army="DE2")
    unit(pos, FR_DIV, "44.16", army="FR5")
    movement(pos, "german")
    select(pos, loc, "german")
    dest = destinations(pos)
    z = game(pos).zoc("allied")
    assert not (dest & z)
    assert all(game(pos).board.hexes[h].get("country") != "FR" for h in dest)   # France is Allied


def test_oao_8_7_3_loc_cavalry_must_withdraw_when_able_else_it_is_eliminated():
    pos = blank("campaign", gt=10)
    c = unit(pos, "DE-BELGIEN_LOC_cavalry", "44.18", army="BELGIEN")
    unit(pos, FR_DIV, "44.17", army="FR5")
    pos.call("cavalry_withdrawal", side="german", done=[])
    assert "done" not in legal_verbs(pos) and "withdraw" in legal_verbs(pos)
    pos = blank("campaign", gt=10)
    c = unit(pos, "DE-BELGIEN_LOC_cavalry", "44.18", army="BELGIEN")
    g = game(pos)
    for i, n in enumerate(g.board.nbrs["44.18"]):
        unit(pos, ("FR-1_1", "FR-2_1", "FR-3_2", "FR-4_2", "FR-5_3", "FR-6_3")[i], n, army="FR5")
    pos.call("cavalry_withdrawal", side="german", done=[])
    assert pos.where(c) == "eliminated"


def test_oao_8_8_1_artillery_alone_in_an_ezoc_is_eliminated():
    pos = blank("campaign", gt=10)
    a = unit(pos, "FR-artillery-Toul_artillery", "44.18", army="FR5")
    e = unit(pos, DE_DIV, "44.15", army="DE2")
    do(pos, "enemy arrives", lambda g: (g.move_piece(e, "44.17"), events.arrived(g, [e], "44.17", "44.16", set())))
    assert pos.where(a) == "eliminated"


def test_oao_8_8_1_artillery_joins_an_attack_only_with_a_combat_unit_stacked_with_it():
    pos = blank("campaign", gt=10)
    a = unit(pos, "FR-artillery-Toul_artillery", "44.18", army="FR5")
    d = unit(pos, FR_DIV, "43.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("attack_phase", side="allied", phasing="allied", counter=False)
    pos.push("allied: attack target=@44.17")
    assert refused(pos, f"allied: add unit=#{a}", "8.8.1")
    pos.push(f"allied: add unit=#{d}")
    assert refused(pos, f"allied: add unit=#{a}", "8.8.1")


def test_oao_23_2_samson_stays_within_9_hexes_of_dunkerque_and_24_7_the_antwerp_depot_within_5():
    """23.2: the Samson armoured cars may not move beyond 9 hexes from Dunkerque (31.11);
    24.7: the Antwerpen Depot may not move beyond 5 hexes from Antwerpen (52.16)."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    start = next(h for h in sorted(g.board.land) if g.board.distance("31.11", h) == 8
                 and g.board.hexes[h].get("country") == "FR")
    s = unit(pos, "GB-Samson", start, army="BEF")
    movement(pos, "allied")
    select(pos, s)
    dests = destinations(pos)
    assert dests and all(g.board.distance("31.11", h) <= 9 for h in dests)
    assert any(g.board.distance("31.11", h) == 9 for h in dests)
    pos = blank("campaign", gt=10)
    pos.set("rail_allied", sorted(game(pos).board.rail))
    g = game(pos)
    rr = next(h for h in sorted(g.board.rail) if g.board.distance("52.16", h) == 4)
    dep = unit(pos, "BE-depot-Antwerpen_BELGA", rr, army="BELGA")
    movement(pos, "allied")
    select(pos, dep)
    dests = destinations(pos)
    assert dests and all(g.board.distance("52.16", h) <= 5 for h in dests)


def test_oao_8_2_3_no_reaction_into_an_empty_ezoc_other_than_the_causing_units():
    """8.2.3: a reacting unit may not enter an empty EZOC hex other than the ZOC of the unit that
    caused the reaction (a hex holding a friendly unit is not empty)."""
    from modules.offensive_a_outrance_1914.rules import cavalry
    pos = blank("campaign", gt=10)
    unit(pos, FR_CAV, "22.26", army="FR6")
    d = unit(pos, DE_DIV, "21.27", army="DE1")                         # the causing unit, arrived
    g = game(pos)
    causing = set(g.board.nbrs["21.27"])
    other = next(h for h in sorted(g.board.land) if g.board.distance("22.26", h) == 2
                 and g.board.distance("21.27", h) >= 3)
    unit(pos, "DE-12_6", other, army="DE1")
    g = game(pos)
    blocked = [n for n in g.board.nbrs["22.26"] if n in g.board.nbrs[other] and n not in causing]
    assert blocked
    frame = {"side": "allied", "prev": "21.26", "movers": [d]}
    c = next(p for p in g.units_at("22.26"))
    hexes = cavalry.reaction_hexes(g, frame, c)
    assert not set(blocked) & set(hexes)
    assert any(n in causing and n in hexes for n in g.board.nbrs["22.26"])   # the causer's ZOC is open
    unit(pos, FR_DIV, blocked[0], army="FR6")                          # no longer empty
    assert blocked[0] in cavalry.reaction_hexes(game(pos), frame, c)


def test_oao_8_3_2_withdrawal_mp_recorded_as_for_reactions():
    """8.3.2: the MP of a cavalry withdrawal are recorded on the Reaction MP marker as for a
    reaction (8.2.4: hexside costs, no EZOC costs)."""
    from modules.offensive_a_outrance_1914.rules.cavalry import hop_cost
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("cavalry_withdrawal", side="allied", done=[])
    to = sorted(str(a["to"]) for a in pos.session.legal_actions() if a.verb == "withdraw")[0]
    pos.push(f"allied: withdraw unit=#{c} to=@{to}")
    assert pos.state.pieces[c].props["reaction_mp"] == hop_cost(game(pos), "44.18", to)


def test_oao_8_7_3_loc_cavalry_failing_a_forced_march_ec_is_eliminated():
    """8.7.3: LOC cavalry is eliminated if it fails a Forced March EC (7.2.4)."""
    from modules.offensive_a_outrance_1914.rules.forces import forced_march_check
    pos = blank("campaign", gt=10)
    s = unit(pos, "GB-Samson", "30.20", army="BEF")
    pos.dice([6, 6])
    do(pos, "forced march", lambda g: forced_march_check(g, [s], 3))
    assert pos.where(s) not in game(pos).board.hexes


def test_oao_8_2_1_reaction_cause_1_an_enemy_moves_next_to_cavalry_with_no_enemy_adjacent():
    """8.2.1 cause 1: an enemy unit moves adjacent to a friendly cavalry unit that was not already
    adjacent to any enemy unit: it may react one hex (8.2.2)."""
    pos = blank("campaign", gt=10)
    c = unit(pos, FR_CAV, "22.26", army="FR6")
    g = game(pos)
    start = next(h for h in sorted(g.board.land) if g.board.distance("22.26", h) == 2)
    step = next(n for n in sorted(g.board.nbrs[start]) if g.board.distance("22.26", n) == 1)
    d = unit(pos, DE_DIV, start, army="DE1")
    movement(pos, "german")
    select(pos, d, "german")
    do(pos, "the German steps next to the cavalry", lambda g: walk(g, g.top, [start, step]))
    assert top(pos)["state"] == "reaction" and pos.session.prompt().side == "allied"
    assert any(a.verb == "react" and a["unit"] == c for a in pos.session.legal_actions())
