"""More rule cases: counters (2.4-2.7), VP and supply details (3.2, 11.2), movement and
retreat corners (8.4.3, 9.4.3), Mandated Battles (9.1.1 c), the Battle Map's markers (9.2.1),
cavalry (9.6), the scenarios' later turns (13.1, 13.2, 13.3 b)."""
from __future__ import annotations

from engine import commands as C
from engine.testing import legal, refused

from modules.grand_illusion.rules import supply

from .battles import declare, fight, lines, place
from .positions import (S1, S2, S3, activation, control, empty, game, ids, module, note_lines, path,
                        put, where)

FOW5 = (2, 3)


def _g(pos):
    return pos.session.ruleset.game(pos.state)


def test_gi_2_7_or_is_the_upper_rhine_observation_corps():
    pt = module().piece_types["GE-OR"]
    assert pt.size == "corps" and pt.attrs["stacking"] == 1.0 and pt.attrs["designation"] == "OR"
    prov = {p.target: p.source for p in module().provenance}
    assert prov["piece:GE-OR"].startswith("rulebook §2.7")


def test_gi_2_6_orange_stripe_units_only_in_scenario_3():
    pos = game(S1)
    optional = [p for p in pos.state.pieces.values()
                if pos.session.module.piece_types[p.type].attrs.get("optional") and p.loc.isdigit()]
    assert optional == []


def test_gi_2_4_forts_never_move():
    pos = empty(turn=6)
    fort = put(pos, "FT-LANGRES", "79")
    put(pos, "FR-I", "79")
    activation(pos, "allied", "79")
    assert all(fort not in a["units"] for a in pos.session.legal_actions() if a.verb == "move")


def test_gi_9_3_1_b_alpine_troops_minus_1_in_102_and_103():
    pos = empty(turn=6, allied_mandated_battles=0)
    control(pos, h102="german")
    g = put(pos, "GE-II", "102")
    a = put(pos, "FR-XIV", "102")
    declare(pos, "allied", "102", [a])
    fight(pos, "allied", "102", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(6, 6)
    pos.push("allied: done")
    assert lines(pos)[0]["shifts"] == [["terrain (TEM)", 2], ["alpine troops in the Vosges", -1]]


def test_gi_3_2_3_vp_totals_may_go_negative():
    pos = empty(turn=13, german_mandated_battles=1, german_vp=0)
    pos.call("turn", step=9)
    assert pos.state.get("german_vp") == -1


def test_gi_3_2_4_a_german_vp_hex_scores_only_when_it_can_trace_supply_and_13_4_h_doubles_76():
    pos = empty(turn=9, german_vp=0)
    control(pos, h76="german", h48="german")           # 48: cut off deep in France
    pos.call("turn", step=11)
    drawn = [module().piece_types[pos.state.pieces[p].type].attrs["vp_value"]
             for p in pos.state.stacks.get("76", ()) if pos.state.pieces[p].type.startswith("GVP")]
    assert len(drawn) == 1 and pos.state.get("german_vp") == 2 * drawn[0]
    assert not any(pos.state.pieces[p].type.startswith("GVP") for p in pos.state.stacks.get("48", ()))


def test_gi_3_2_4_paris_lost_again_costs_the_german_its_10_vp():
    pos = empty(turn=8, german_vp=12, gi_paris_credited=True, gi_immediate_checked=True,
                gi_paris_first_turn=6)
    control(pos, h19="german")
    c = put(pos, "FR-I", "20")
    activation(pos, "allied", "20")
    pos.push(f"allied: move path={path(19)} units={ids([c])}")
    assert pos.state.get("german_vp") == 2


def test_gi_8_4_3_c_out_of_supply_units_only_move_towards_supply():
    pos = empty(turn=6)
    control(pos, h95="german")
    c = put(pos, "FR-IV", "95")
    activation(pos, "allied", "95")
    refused(pos.session, f"allied: move path={path(100)} units={ids([c])}", "GI 8.4.3")
    legal(pos.session, f"allied: move path={path(86)} units={ids([c])}")


def test_gi_8_4_3_b_a_retreat_goes_out_of_supply_only_with_no_other_choice():
    pos = empty(turn=6, allied_mandated_battles=0, german_mandated_battles=0)
    control(pos, h86="german", h95="allied", h76="german", h77="german", h87="german")
    for h in ("76", "77", "87"):
        put(pos, "GE-4E", h)
    dg = put(pos, "FR-XX", "86", face=1)
    g = put(pos, "GE-V", "86")
    declare(pos, "german", "86", [g])
    fight(pos, "german", "86", FOW5)
    place(pos, "allied", dg, "front-1")
    pos.push("allied: done")
    place(pos, "german", g, "front-1")
    pos.dice(6, 6)
    pos.push("german: done")
    ends = {str(a["path"][0]) for a in pos.session.legal_actions() if a.verb == "retreat"}
    assert ends and "95" not in ends                   # 95 is friendly but out of supply


def test_gi_9_4_3_into_an_over_stacked_hex_one_hex_more_and_a_step():
    pos = empty(turn=6, allied_mandated_battles=0)
    around = ("47", "36", "27", "28", "38")
    control(pos, h37="german", h48="german", h58="german", h49="german", h57="german",
            **{f"h{h}": "allied" for h in around})
    for h in around:
        put(pos, "FR-51RD", h)
    for t in ("GE-II", "GE-III", "GE-IV", "GE-IX", "GE-IIIR", "GE-IVR"):
        put(pos, t, "48")
    g = put(pos, "GE-VII", "37", face=1)
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(6, 6)
    pos.push("allied: done")
    paths = [a for a in pos.session.legal_actions() if a.verb == "retreat"]
    assert paths and all(len(a["path"]) == 2 and str(a["path"][0]) == "48" for a in paths)
    pos.push(paths[0])
    assert pos.session.prompt().kind == "retreat_loss"
    pos.push(f"german: lose_step unit=#{g}")
    assert where(pos, g) == "box-eliminated-german"    # it was already DG


def test_gi_9_4_3_into_an_over_stacked_hex_with_no_hex_beyond_is_elimination():
    pos = empty(turn=6, allied_mandated_battles=0)
    around = ("47", "36", "27", "28", "38", "58", "57", "49")
    control(pos, h37="german", h48="german", **{f"h{h}": "allied" for h in around})
    for h in around:
        put(pos, "FR-51RD", h)
    for t in ("GE-II", "GE-III", "GE-IV", "GE-IX", "GE-IIIR", "GE-IVR"):
        put(pos, t, "48")
    g = put(pos, "GE-VII", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    pos.dice(6, 6)
    pos.push("allied: done")
    if pos.session.prompt().kind != "retreat":          # not forced: the German chooses to go
        pos.push("german: retreat")
    paths = [a for a in pos.session.legal_actions() if a.verb == "retreat"]
    assert paths and all([str(h) for h in a["path"]] == ["48"] for a in paths)
    pos.push(paths[0])
    assert where(pos, g) == "box-eliminated-german"    # nowhere further to go: over-stacked
    assert pos.session.prompt().kind != "retreat_loss"


def test_gi_9_1_1_c_a_mandated_battle_is_four_infantry_corps_against_two():
    pos = empty(turn=2, allied_mandated_battles=2)
    control(pos, h37="german")
    put(pos, "GE-II", "37")
    put(pos, "GE-III", "37")
    att = [put(pos, t, "37") for t in ("FR-I", "FR-III", "FR-X")]
    declare(pos, "allied", "37", att)
    fight(pos, "allied", "37", FOW5)
    assert pos.state.get("gi_battle")["mb"] is False   # three corps
    pos = empty(turn=2, allied_mandated_battles=2)
    control(pos, h37="german")
    put(pos, "GE-II", "37")
    put(pos, "GE-4E", "37")                             # a corps and a division
    att = [put(pos, t, "37") for t in ("FR-I", "FR-III", "FR-X", "FR-XVIII")]
    declare(pos, "allied", "37", att)
    fight(pos, "allied", "37", FOW5)
    assert pos.state.get("gi_battle")["mb"] is False


def test_gi_9_2_1_the_condition_markers_go_on_the_battle_map():
    pos = empty(turn=6, gi_trench={"26": 2}, allied_mandated_battles=0)
    control(pos, h26="german")
    g = put(pos, "GE-II", "26")
    a = put(pos, "FR-IV", "26")
    put(pos, "FT-METZ", "26")
    declare(pos, "allied", "26", [a])
    fight(pos, "allied", "26", FOW5)
    shown = {pos.state.pieces[p].type: pos.state.pieces[p].face for p in pos.state.stacks["bm-conditions"]}
    assert shown == {"M-BM-TEM": 0, "M-BM-ENTR": 1, "M-BM-FORT": 0}
    pos.push("german: auto_place")
    pos.dice(6, 6, 6)
    pos.push("allied: auto_place")
    while pos.session.prompt().kind in ("battle_map", "retreat_choice"):
        pos.push(f"{pos.session.prompt().side}: " + ("done" if pos.session.prompt().kind == "battle_map" else "stay"))
    assert not pos.state.stacks.get("bm-conditions")
    del g


def test_gi_9_6_1_british_cavalry_may_stand_in_reserve_opposite_infantry():
    pos = empty(turn=6, allied_mandated_battles=0)
    control(pos, h37="german")
    g = put(pos, "GE-II", "37")
    a, cav = put(pos, "BR-1", "37"), put(pos, "BR-C", "37")
    declare(pos, "allied", "37", [a, cav])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    place(pos, "allied", a, "front-1")
    place(pos, "allied", cav, "reserve-1")
    legal(pos.session, "allied: done")


def test_gi_9_6_2_cavalry_withdrawing_from_attacking_cavalry_is_disorganized():
    pos = empty(turn=6, allied_mandated_battles=0)
    control(pos, h37="german")
    gcav = put(pos, "GE-2C", "37")
    acav = put(pos, "FR-2C", "37")
    declare(pos, "allied", "37", [acav])
    fight(pos, "allied", "37", FOW5)
    place(pos, "german", gcav, "front-1")
    pos.push("german: done")
    place(pos, "allied", acav, "front-1")
    pos.push("allied: done")
    pos.push(f"german: withdraw unit=#{gcav}")
    assert where(pos, gcav) == "37" and pos.face(gcav) == 1


def test_gi_fow_11_after_turn_4_a_german_mandated_battle():
    pos = empty(turn=6, german_cap=3, allied_mandated_battles=0, german_mandated_battles=0)
    control(pos, h37="german")
    put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (5, 6))
    assert pos.state.get("german_mandated_battles") == 1


def test_gi_9_5_4_fired_ha_and_reduced_hqs_flip_back_in_segment_f_when_supplied():
    pos = empty(turn=6)
    ha = put(pos, "GE-HA420", "86", face=1)
    hq = put(pos, "GE-HQ5", "86", face=1)
    cut = put(pos, "GE-HA305", "48", face=1)
    control(pos, h48="german")
    pos.call("turn", step=12)
    assert pos.face(ha) == 0 and pos.face(hq) == 0 and pos.face(cut) == 1


def test_gi_11_2_1_a_a_besieged_fort_breaks_the_rail_net():
    pos = empty(turn=2)
    control(pos, **{f"h{h}": "german" for h in ("72", "73", "64", "54", "45")})
    g = put(pos, "GE-II", "45")
    fort = put(pos, "FT-MAUBEUGE", "54")
    assert supply.status(_g(pos), g) == "normal"
    pos.commands("besiege", [C.AddMarker(fort, "besieged")])
    assert supply.status(_g(pos), g) is None


def test_gi_11_2_1_b_cavalry_control_lets_the_enemy_trace_in_the_attrition_segment():
    pos = empty(turn=2, gi_cavctrl={"64": "allied"})
    control(pos, **{f"h{h}": "german" for h in ("72", "73", "54")})
    g = put(pos, "GE-II", "54")
    assert supply.status(_g(pos), g) is None
    assert supply.status(_g(pos), g, attrition=True) == "normal"


def test_gi_11_2_4_antwerp_supplies_the_belgians_and_the_royal_naval_division():
    pos = empty(turn=6)
    control(pos, **{f"h{h}": "german" for h in ("62", "42", "43", "53")})
    be, br, rn = put(pos, "BE-I", "52"), put(pos, "BR-1", "52"), put(pos, "BR-RN", "52")
    g = _g(pos)
    assert supply.supplied(g, be) and supply.supplied(g, rn) and not supply.supplied(g, br)


def test_gi_8_4_6_b_both_players_inspect_enemy_stacks():
    pos = game(S1)
    view = pos.session.view("allied")
    assert all(not e.get("hidden") for e in view["locations"]["72"])


def test_gi_13_1_bef_and_belgian_replacements_on_turn_12():
    pos = empty(turn=12)
    b1 = put(pos, "BR-1", "box-eliminated-allied")
    be = put(pos, "BE-3", "box-eliminated-allied")
    pos.call("reinforce_segment", side="allied")
    pos.push(f"allied: rebuild unit=#{b1}")
    pos.push(f"allied: rebuild unit=#{be}")
    assert where(pos, b1) == "turn-12" and where(pos, be) == "turn-12"


def test_gi_13_1_german_mandated_battles_on_turns_12_to_15():
    pos = empty(turn=12)
    pos.dice(1, 1, 1, 1)
    pos.call("turn", step=0)
    assert pos.state.get("german_mandated_battles") == 1
    pos = empty(S2, turn=5)
    pos.dice(1, 1, 1, 1)
    pos.call("turn", step=0)
    assert pos.state.get("german_mandated_battles") == 0


def test_gi_13_2_2_c_end_of_turn_7_bonuses():
    pos = empty(S2, turn=7, german_vp=0, plan17_vp=0)
    control(pos, h54="german", h64="german", h53="german", h62="german")
    put(pos, "GE-II", "53")
    put(pos, "GE-III", "62")
    pos.call("turn", step=11)
    assert "Maubeuge and Namur taken (13.2.2 c)" in " ".join(note_lines(pos))
    assert "Antwerp covered by two German corps (13.2.2 c)" in " ".join(note_lines(pos))
    assert pos.session.outcome() is not None            # Scenario 2 ends on turn 7


def test_gi_13_3_b_1_german_free_deployment():
    pos = game(S3)
    pos.push("allied: done")
    pos.push("german: toggle option=german_1")
    pos.push("german: done")
    assert pos.session.prompt().kind == "free_deploy" and pos.session.prompt().side == "german"
    hexes = {str(a["hex"]) for a in pos.session.legal_actions() if a.verb == "redeploy"}
    assert hexes and all(_g(pos).get("gi_control", {}).get(h) == "german"
                         or pos.session.module.locations[h].attrs.get("control") == "german" for h in hexes)


def test_gi_13_3_b_2_more_is_better_two_ha_on_turn_5():
    pos = game(S3)
    pos.push("allied: done")
    pos.push("german: toggle option=german_2")
    pos.push("german: done")
    assert sorted(pos.state.pieces[p].loc for p in pos.pieces_of("GE-HA-O1") + pos.pieces_of("GE-HA-O2")) \
        == ["turn-5", "turn-5"]


def test_gi_3_1_2_the_vp_chit_table_is_the_chit_mix_the_rules_draw():
    """The chit values are reconstructed (PROVENANCE.md): the table a player reads and the
    counters the rules draw come from one place (authoring/gi_oob.py)."""
    m = module()
    table = m.tables["vp_chits"]
    mix = {"german": {}, "plan17": {}}
    for pt in m.piece_types.values():
        if pt.kind == "chit":
            col = "german" if pt.attrs["cup"] == "cup-german-vp" else "plan17"
            mix[col][pt.attrs["vp_value"]] = mix[col].get(pt.attrs["vp_value"], 0) + pt.count
    for value in table.rows.values:
        for col in ("german", "plan17"):
            assert table.lookup(value, col) == mix[col].get(value, 0)
    assert sum(mix["german"].values()) == 15 and sum(mix["plan17"].values()) == 8
