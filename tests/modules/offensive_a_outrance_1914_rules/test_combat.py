"""9.0-11.0 Combat, post-combat Efficiency Checks, retreat and advance — the rulebook's worked
examples (11.2, 9.7, 10.3, 9.2.5 D, 9.6.2) and each rule case."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import combat, crt
from modules.offensive_a_outrance_1914.rules.combat import flanked, pr_drm

from .positions import (all_rail, attack, battle, blank, ce, do, game, legal_verbs, refused, top, unit)

FR_DIV, FR_DIV2 = "FR-3_2", "FR-4_2"
DE_DIV, DE_DIV2 = "DE-11_6", "DE-12_6"


def report(pos) -> dict:
    return pos.state.globals["combat_report"]


def lines(pos) -> str:
    return str(report(pos))


# -- the worked example of 11.2 ------------------------------------------------------------------

def test_oao_11_2_worked_example_french_attack_on_43_40():
    """11.2 example: 3/2 and 4/2 attack from 42.40 across a minor river (-1 AS each), 23/12 from
    43.41 with a PA across a Forest hexside: 37 against 11/6's DS 15 -> 2:1; uphill 1L (the Forest
    hexside ignored, 3.5.2), no PA shift -> 1:1; PR 5 v 5. Both Intense; white 2, black 3:
    "+3/+3①", ① ignored, an SR each for intensity. Artillery: French AV 12 v 1 German d-e -> +1
    to the German, German AV 14 v 3 French d-e -> +1 to the French. ECs: the German 7+3+1 = 11
    passes; the French at 42.40 7+4 = 11: 4/2 (CEL 11) passes, 3/2 (CEL 10) fails by 1; 23/12
    3+4 = 7 passes. No advance.
    The example's 12/6 stands in 43.39, which touches 43.40 but neither attacking hex; 10.1.1
    adds only the AV of a unit adjacent to an attacking hex too, so it stands here in 42.39
    (adjacent to 43.40 and to 42.40)."""
    pos = blank("campaign", gt=10)
    all_rail(pos)
    d3 = unit(pos, FR_DIV, "42.40", army="FR3", ce=1)            # 3/2 at -1: CEL 10
    d4 = unit(pos, FR_DIV2, "42.40", army="FR3")
    d23 = unit(pos, "FR-23_12", "43.41", army="FR3", pa="43.40")
    g11 = unit(pos, DE_DIV, "43.40", army="DE5")
    unit(pos, DE_DIV2, "42.39", army="DE5")
    pos.dice(2, 3, [3, 4], [1, 2], [3, 4])
    attack(pos, "allied", "43.40", [d3, d4])
    b = battle(pos)
    assert (b["att2"], b["dfn2"]) == (74, 30)
    assert crt.odds_text(b["initial"]) == "2:1"
    assert b["shifts"] == [["attackers at a lower elevation (3.5)", -1]]
    assert b["pr_drm"] == 0
    pos.push("allied: intense")
    pos.push("german: intense")
    pos.push(f"allied: reduce unit=#{d23}")                       # the French intensity SR
    rep = report(pos)
    crt_line = rep["lines"][1]
    assert crt_line["column"] == "1:1" and crt_line["dice"] == [2, 3] and crt_line["result"] == "+3/+3①"
    assert "AV 12 against 1 division" in rep["lines"][2]["what"] and rep["lines"][2]["result"].startswith("+1")
    assert "AV 14 against 3 division" in rep["lines"][3]["what"] and rep["lines"][3]["result"].startswith("+1")
    assert pos.face(g11) == 1 and pos.face(d23) == 1               # the intensity SRs
    assert ce(pos, g11) == 0 and ce(pos, d4) == 0 and ce(pos, d23) == 0
    assert ce(pos, d3) == 2                                        # failed by 1: -1
    assert pos.where(g11) == "43.40"                               # ① ignored: no advance
    assert not pos.state.globals["rules_stack"]


# -- 9.2 who fights -----------------------------------------------------------------------------

def test_oao_9_2_attackers_are_adjacent_and_no_unit_attacks_twice():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    far = unit(pos, FR_DIV2, "44.20", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("attack_phase", side="allied", phasing="allied", counter=False)
    pos.push("allied: attack target=@44.17")
    assert refused(pos, f"allied: add unit=#{far}", "9.2")
    pos.push(f"allied: add unit=#{d}")
    pos.push("allied: confirm")
    g = game(pos)
    assert combat.can_attack_from(g, d, "45.17", {"attacks": top(pos)["attacks"],
                                                  "attacked_with": [d]}).rule.endswith("9.2")


def test_oao_9_2_2_units_of_different_armies_or_more_than_two_corps_do_not_combine():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    a = unit(pos, FR_DIV, "44.18", army="FR5")
    b = unit(pos, "FR-5_3", "43.18", army="FR4")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("attack_phase", side="allied", phasing="allied", counter=False)
    pos.push("allied: attack target=@44.17")
    pos.push(f"allied: add unit=#{a}")
    assert refused(pos, f"allied: add unit=#{b}", "9.2.2")
    g = game(pos)
    pos2 = blank("campaign", gt=10)
    x = unit(pos2, "FR-1_1", "44.18", army="FR5")
    y = unit(pos2, "FR-3_2", "44.18", army="FR5")
    z = unit(pos2, "FR-5_3", "43.18", army="FR5")
    assert not combat.army_ok(game(pos2), [x, y, z])               # corps 1, 2 and 3
    assert combat.army_ok(game(pos2), [x, y]) and g


def test_oao_9_2_3_pa_attacks_are_mandatory_and_ci_units_do_not_attack():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    d = unit(pos, FR_DIV, "44.18", army="FR5", pa="44.17")
    ci = unit(pos, FR_DIV2, "43.18", army="FR5", ce=4)
    free = unit(pos, "FR-5_3", "45.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.call("attack_phase", side="allied", phasing="allied", counter=False)
    assert top(pos)["attacks"] == [{"target": "44.17", "units": [d], "mandatory": [d]}]
    pos.push("allied: attack target=@44.17")                          # re-opened to add units
    assert top(pos)["units"] == [d]
    assert "cancel" not in legal_verbs(pos)
    assert refused(pos, f"allied: drop unit=#{d}", "9.2")
    assert refused(pos, f"allied: add unit=#{ci}", "9.2.3")
    pos.push(f"allied: add unit=#{free}")
    pos.push("allied: confirm")
    assert top(pos)["attacks"] == [{"target": "44.17", "units": [d, free], "mandatory": [d]}]


def test_oao_9_2_3_no_attack_across_a_mountain_crest():
    pos = blank("campaign", gt=10)
    g = game(pos)
    (a, b) = next((a, b) for (a, b), attrs in sorted(g.board.side.items()) if attrs.get("crest")
                  and a in pos.session.ruleset.playable(g) and b in pos.session.ruleset.playable(g))
    d = unit(pos, "FR-1_1", a, army="FR1")
    unit(pos, DE_DIV, b, army="DE7")
    assert combat.can_attack_from(game(pos), d, b, {}).rule.endswith("9.2.3")


def test_oao_9_2_5_defenders_beyond_the_combat_stacking_limit_or_of_a_second_army_are_excluded():
    pos = blank("campaign", gt=10)
    a = unit(pos, DE_DIV, "44.17", army="DE2")
    b = unit(pos, DE_DIV2, "44.17", army="DE2")
    c = unit(pos, "DE-13_7", "44.17", army="DE2")
    g = game(pos)
    out = combat.exclusions(g, [a, b, c], "44.17", [])
    assert len(out) == 1                                            # 3 divisions > 2 1/4
    pos = blank("campaign", gt=10)
    a = unit(pos, DE_DIV, "44.17", army="DE2")
    b = unit(pos, "DE-1_B_Lw", "44.17", army="DE3")
    assert combat.exclusions(game(pos), [a, b], "44.17", []) == [b]


def test_oao_9_2_5_d_an_excluded_defender_retreats_only_when_the_hex_is_emptied():
    """9.2.5 D: the excluded unit (another army's, A) takes no EC and follows the others' retreat
    (the smallest obligation) once the hex is empty."""
    pos = blank("campaign", gt=10)
    all_rail(pos)
    att = [unit(pos, t, h, army="FR5") for t, h in (("FR-1_1", "44.18"), ("FR-2_1", "44.18"),
                                                      ("FR-3_2", "45.18"))]
    a = unit(pos, "DE-1_B_Lw", "44.17", army="DE2")
    b = unit(pos, "DE-2_B_Lw", "44.17", army="DE2")
    c = unit(pos, "DE-5_B_Lw", "44.17", army="DE3")
    pos.dice(6, 2, [1, 1], [1, 1], [1, 1])           # 3:1, black 2: ❶; every EC passes
    attack(pos, "allied", "44.17", att)
    assert battle(pos)["excluded"] == [c]
    pos.push("allied: normal")
    pos.push("german: normal")
    while top(pos)["state"] != "retreat":
        pos.push(next(iter(pos.session.legal_actions())))
    assert set(top(pos)["units"]) == {a, b, c} and top(pos)["left"] == 1
    to = next(str(x["to"]) for x in pos.session.legal_actions() if x.verb == "retreat")
    pos.push(f"german: retreat to=@{to}")
    assert pos.where(a) == pos.where(b) == pos.where(c) == to


# -- 9.3 terrain, 9.4 ammo ----------------------------------------------------------------------

def test_oao_9_3_1_one_terrain_bonus_per_defending_hex():
    pos = blank("campaign", gt=10)
    g = game(pos)
    wooded = next(h for h in sorted(g.board.land) if g.board.terrain[h] == "wooded"
                  and g.board.hexes[h].get("country") == "DE")
    d = unit(pos, DE_DIV, wooded, army="DE6")
    e = unit(pos, DE_DIV2, wooded, army="DE6")
    from modules.offensive_a_outrance_1914.rules.strength import group_defense_strength
    assert group_defense_strength(game(pos), [d, e], wooded) == 15 + 15 + 2


def test_oao_9_3_2_attack_strength_per_force_by_its_hexside():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "42.40", army="FR3")
    e = unit(pos, FR_DIV2, "43.41", army="FR3")
    from modules.offensive_a_outrance_1914.rules.strength import force_attack_strength
    g = game(pos)
    assert force_attack_strength(g, [d], "42.40", "43.40") == 12       # minor river -1
    assert force_attack_strength(g, [e], "43.41", "43.40") == 13       # Forest hexside: no AS effect


def test_oao_9_4_units_without_ammo_fight_at_half_strength():
    pos = blank("campaign", gt=10)
    pos.set("rail_allied", [])
    pos.set("rail_german", sorted(game(pos).board.rail))
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(3, 6, [3, 3], [3, 3])
    attack(pos, "allied", "44.17", [d])
    b = battle(pos)
    assert b["ammo_attacker"]["ok"] is False
    assert b["att2"] == 14                                           # 13 halved, rounded up (R15): 7


# -- 9.5 flank attacks ------------------------------------------------------------------------------

def test_oao_9_5_1_flanked_when_five_of_six_neighbours_are_attacker_occupied_or_in_attacking_zoc():
    pos = blank("campaign", gt=10)
    g = game(pos)
    target = "44.18"
    nbrs = list(g.board.nbrs[target])
    dfn = unit(pos, "DE-1_B_Lw", target, army="DE2")
    one = unit(pos, "FR-1_1", nbrs[0], army="FR5")
    assert not flanked(game(pos), [one], [dfn], target, "allied")     # 3 of 6
    more = [unit(pos, t, h, army="FR5") for t, h in (("FR-2_1", nbrs[2]), ("FR-3_2", nbrs[4]))]
    assert flanked(game(pos), [one], [dfn], target, "allied")         # enemy-occupied hexes count
    assert flanked(game(pos), [one] + more, [dfn], target, "allied")
    big = unit(pos, "DE-11_6", target, army="DE2")
    assert not flanked(game(pos), [one], [dfn, big], target, "allied")  # smaller than the defenders


def test_oao_9_5_4_a_hex_with_a_fortress_is_never_flanked():
    pos = blank("campaign", gt=10)
    g = game(pos)
    target = "50.62"
    nbrs = list(g.board.nbrs[target])
    unit(pos, "FR-fortress-Arches-5062", target)
    dfn = unit(pos, "FR-1_1", target, army="FR1")
    attackers = [unit(pos, t, h, army="DE7") for t, h in zip(("DE-11_6", "DE-12_6", "DE-13_7"), nbrs[0:5:2])]
    assert not flanked(game(pos), attackers, [dfn], target, "german")


# -- 9.6 odds -------------------------------------------------------------------------------------

def test_oao_9_6_odds_rounded_down_and_9_6_2_beyond_the_table():
    assert crt.odds_text(crt.odds_index(37, 15)) == "2:1"
    assert crt.odds_text(crt.odds_index(7, 1)) == "6:1"          # 9.6: down (the 7.4 example says 8:1)
    assert crt.odds_text(crt.odds_index(7, 2)) == "3:1"
    assert crt.odds_text(crt.odds_index(14, 1)) == "14:1"
    # 9.6.2 example: 14:1 with 2 left shifts gives 10:1, resolved on the 8:1 column
    assert crt.odds_text(crt.odds_index(14, 1) - 2) == "10:1"
    assert crt.column(crt.odds_index(14, 1) - 2) == "8:1"
    assert crt.odds_text(crt.odds_index(1, 6)) == "1:6" and crt.column(crt.odds_index(1, 6)) == "1:4"


# -- 9.7 PR ---------------------------------------------------------------------------------------

def test_oao_9_7_pr_drm_example_german_5_and_3_against_french_3_and_4_is_minus_1():
    pos = blank("campaign", gt=10)
    a = unit(pos, "DE-11_6", "44.17", army="DE2")                    # PR 5
    b = unit(pos, "DE-1_B_Lw", "45.18", army="DE2")                  # PR 3
    c = unit(pos, "FR-1_det_81", "44.18", army="FR5")                # PR 3
    d = unit(pos, "FR-Res_7", "44.18", army="FR5")
    g = game(pos)
    assert g.value(d, "pr") in (4, 5)
    drm = pr_drm(g, [a, b], [c, d], "44.18", ["44.17", "45.18"])
    assert drm == g.value(d, "pr") - 5


def test_oao_9_7_1_a_defending_group_with_a_fortress_has_pr_5():
    pos = blank("campaign", gt=10)
    f = unit(pos, "FR-fortress-Arches-5062", "50.62")
    c = unit(pos, "FR-1_det_81", "50.62", army="FR1")                # PR 3
    a = unit(pos, "DE-1_B_Lw", "51.62", army="DE7")                  # PR 3
    assert pr_drm(game(pos), [a], [f, c], "50.62", ["51.62"]) == 5 - 3


def test_oao_9_7_2_chasseurs_alpins_plus_one_pr_in_mountainous_terrain():
    pos = blank("campaign", gt=10)
    g = game(pos)
    mountain = next(h for h in sorted(g.board.land) if g.board.terrain[h] == "mountain"
                    and g.board.hexes[h].get("country") == "FR")
    alp = unit(pos, "FR-support-12_28_30_Alp", mountain, army="FR1")    # PR 6
    a = unit(pos, "DE-11_6", next(iter(g.board.nbrs[mountain])), army="DE7")
    assert pr_drm(game(pos), [a], [alp], mountain, [pos.where(a)]) == 6 + 1 - 5


# -- 9.8 intensity, 9.9 CRT -----------------------------------------------------------------------

def test_oao_9_8_2_intensity_effects_on_retreats_and_srs():
    assert crt.retreat_hexes("1w", "none") == 0 and crt.retreat_hexes("1b", "none") == 1
    assert crt.retreat_hexes("1w", "attacker") == 1
    assert crt.retreat_hexes("2b", "defender") == 0
    assert crt.retreat_hexes("1w", "both") == 0 and crt.retreat_hexes("2b", "both") == 2
    assert crt.intensity_srs("", "attacker") == (1, 0) and crt.intensity_srs("1b", "attacker") == (0, 0)
    assert crt.intensity_srs("1w", "both") == (1, 1) and crt.intensity_srs("1b", "defender") == (0, 1)
    assert crt.intensity_kind(True, True) == "both" and crt.intensity_kind(False, False) == "none"


def test_oao_9_9_crt_data_points_of_the_worked_examples():
    """Digest 4.2: the four readings the rulebook's examples print."""
    from .positions import module
    m = module()
    r = crt.read_crt(m, crt.odds_index(1, 1), 2, 3, 0)
    assert r.printed == "+3/+3①"
    r = crt.read_crt(m, crt.odds_index(2, 1), 5, 4, -1)
    assert r.printed == "+3s/s" and r.white_modified == 4
    r = crt.read_crt(m, crt.odds_index(4, 1), 2, 2, 0)
    assert r.retreat in ("1b", "2b")
    r = crt.read_crt(m, crt.odds_index(6, 1), 2, 4, -2)
    assert r.printed == "-1/+4❶"


def test_oao_9_8_a_fortress_defending_alone_does_not_declare_intensity():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    unit(pos, "FR-fortress-Arches-5062", "50.62")
    a = unit(pos, "DE-11_6", "51.62", army="DE7")
    pos.dice(6, 6, [1, 1])
    attack(pos, "german", "50.62", [a])
    assert top(pos)["state"] == "intensity" and top(pos)["who"] == "attacker"
    pos.push("german: normal")
    assert not any(f["state"] == "intensity" for f in pos.state.globals["rules_stack"])


def test_oao_26_2_2_armies_under_a_plan_attack_intense():
    pos = blank("campaign", gt=10, plans={"FR_1st": "active"})
    all_rail(pos)
    d = unit(pos, "FR-1_1", "44.18", army="FR1")
    unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(6, 6)
    attack(pos, "allied", "44.17", [d])
    assert battle(pos)["int_att"] is True
    assert top(pos)["who"] == "defender"


# -- 9.10 SRs -----------------------------------------------------------------------------------------

def test_oao_9_10_1_srs_go_to_formations_first_then_support_units_with_a_back():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    s = unit(pos, "FR-support-23_27_Ch", "44.18", army="FR5")
    from modules.offensive_a_outrance_1914.rules.losses import sr_candidates
    assert sr_candidates(game(pos), [d, s]) == [d]
    pos.flip(d, 1)
    assert sr_candidates(game(pos), [d, s]) in ([s], [])


def test_oao_9_10_2_an_excess_crt_sr_costs_one_repl_not_for_cavalry():
    pos = blank("campaign", gt=10, repl_FR=3)
    d = unit(pos, FR_DIV, "44.18", army="FR5", face=1)
    from modules.offensive_a_outrance_1914.rules.losses import allocate_sr
    do(pos, "an excess SR", lambda g: allocate_sr(g, [d], "test", crt=True))
    assert pos.state.globals["repl_FR"] == 2 and pos.where(d) == "44.18"
    c = unit(pos, "FR-2c", "44.20", army="FR5", face=1)
    do(pos, "an excess SR to cavalry", lambda g: allocate_sr(g, [c], "test", crt=True))
    assert pos.state.globals["repl_FR"] == 2


# -- 10 ECs and artillery ----------------------------------------------------------------------------

def test_oao_10_1_2_artillery_table_the_four_examples():
    """Digest 4.4: AV 12 v 1 d-e +1; AV 14 v 3 d-e +1; AV 4 or 2 v 1/4 d-e 0; AV 1 v 1 d-e -1."""
    from .positions import module
    m = module()
    assert crt.artillery_drm(m, 12, 1) == 1
    assert crt.artillery_drm(m, 14, 3) == 1
    assert crt.artillery_drm(m, 4, 0.25) == 0 and crt.artillery_drm(m, 2, 0.25) == 0
    assert crt.artillery_drm(m, 1, 1) == -1


def test_oao_10_3_failure_table_and_examples():
    """10.3 examples: status -3 failing by 8 -> D2, retreat 3 (1 + 2); two Formations with CRT +2
    roll 11 -> 13: CEL 11 fails by 2 (-1), CEL 7 (base 10, -3) fails by 6 -> -2 -> D1 and retreats
    2."""
    f = crt.ec_failure(8)
    assert (f.levels, f.sr, f.retreat, f.extra_if_ci) == (3, 0, 1, 2)
    assert 3 + f.levels == 6                                          # -3 then 3 more: D2
    assert f.retreat + f.extra_if_ci == 3
    f = crt.ec_failure(2)
    assert (f.levels, f.retreat) == (1, 0)
    f = crt.ec_failure(6)
    assert (f.levels, f.retreat, f.extra_if_ci) == (2, 0, 2)
    f = crt.ec_failure(10)
    assert (f.levels, f.sr, f.retreat) == (3, 1, 2)


def test_oao_10_3_an_ec_fails_by_its_margin_in_play():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=3)                  # CEL 8
    pos.dice([6, 4])                                                   # 10 + 6 = 16: fails by 8
    out = {}
    do(pos, "EC", lambda g: out.update(combat.ec_group(g, [d], 6, "test")))
    assert ce(pos, d) == 6                                             # D2
    assert out["retreats"][d] == 3


def test_oao_10_0_the_defender_takes_no_ec_below_one_to_four():
    assert combat.index_below_1_4(crt.odds_index(1, 5))
    assert not combat.index_below_1_4(crt.odds_index(1, 4))


def test_oao_10_1_1_adjacent_defender_av_of_the_same_army_next_to_an_attacking_hex():
    pos = blank("campaign", gt=10)
    att = unit(pos, FR_DIV, "42.40", army="FR3")
    dfn = unit(pos, DE_DIV, "43.40", army="DE5")
    near = unit(pos, DE_DIV2, "42.39", army="DE5")
    unit(pos, "DE-13_7", "43.39", army="DE5")                          # touches no attacking hex
    g = game(pos)
    frame = {"target": "43.40", "side": "allied", "attackers": [att], "phase": {}}
    total, used = combat.defender_av(g, frame, [dfn], True)
    assert total == 7 + 7 and used == [near]


# -- 11 retreats and advance --------------------------------------------------------------------------

def test_oao_11_1_3_each_ezoc_hex_entered_in_a_retreat_costs_a_ce_level():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    g = game(pos)
    ring = sorted(h for h in g.board.within("44.18", 2) if g.board.distance("44.18", h) == 2)
    covered: set[str] = set()
    ids = iter(("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8", "DE-1_B_Lw"))
    for n in g.board.nbrs["44.18"]:
        if n not in covered:
            h = next(r for r in ring if r in g.board.nbrs[n])
            unit(pos, next(ids), h, army="DE2")
            covered |= set(g.board.nbrs[h])
    z = game(pos).zoc("german")
    assert all(n in z for n in g.board.nbrs["44.18"])
    pos.call("retreat", side="allied", units=[d], origin="44.18", hex="44.18", left=1, path=["44.18"],
             pushed=False)
    to = next(str(x["to"]) for x in pos.session.legal_actions() if x.verb == "retreat")
    pos.push(f"allied: retreat to=@{to}")
    assert ce(pos, d) == 1


def test_oao_11_1_5_a_blocked_retreat_costs_a_ce_level_and_an_sr_per_hex():
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    g = game(pos)
    for i, n in enumerate(g.board.nbrs["44.18"]):
        unit(pos, ("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8", "DE-1_B_Lw")[i], n, army="DE2", ce=4)
    pos.call("retreat", side="allied", units=[d], origin="44.18", hex="44.18", left=2, path=["44.18"],
             pushed=False)
    if pos.state.globals["rules_stack"]:
        pos.push("allied: stay")
    assert ce(pos, d) == 2 and pos.face(d) == 1


def test_oao_11_2_advance_one_hex_by_units_that_attacked():
    pos = blank("campaign", gt=10)
    a = unit(pos, FR_DIV, "44.18", army="FR5")
    b = unit(pos, FR_DIV2, "44.19", army="FR5")
    pos.call("advance", side="allied", target="44.17", candidates=[a, b], moved=[])
    assert refused(pos, f"allied: advance unit=#{b}", "11.2.2")           # not adjacent
    pos.push(f"allied: advance unit=#{a}")
    assert pos.where(a) == "44.17"


def test_oao_9_3_1_example_ds_2_in_mountain_defends_with_6():
    """9.3.1 example: a unit with DS 2 defending in Mountain terrain has DS 6 (+4, the one bonus
    of the hex; TEC, reconstructed data for the other terrains)."""
    from modules.offensive_a_outrance_1914.rules.strength import group_defense_strength, unit_ds
    pos = blank("campaign", gt=10)
    g = game(pos)
    mountain = next(h for h in sorted(g.board.land) if g.board.terrain[h] == "mountain")
    two = next(t for t, u in sorted(pos.session.ruleset.unit_types.items())
               if u.side == "allied" and not u.fortress and not u.fort and u.faces and
               u.faces[0].get("ds") == 2 and u.faces[0].get("as"))
    d = unit(pos, two, mountain)
    assert unit_ds(game(pos), d) == 2
    assert group_defense_strength(game(pos), [d], mountain) == 6


def _plain(attrs) -> bool:
    """No hexside that costs anything of its own in a retreat (11.1, 11.1.4)."""
    return not (attrs.get("sea") or attrs.get("crest") or attrs.get("river") == "imposing")


def test_oao_11_1_3_example_minus_3_retreating_three_ezoc_hexes_becomes_ci_d1_d2():
    """11.1.3 example: a Force at status -3 retreating 3 hexes, every one in an un-negated EZOC,
    becomes CI, D1, then D2 (not Isolated: its rear stays open, so 11.1.6 does not apply)."""
    pos = blank("campaign", gt=10)
    origin = "44.18"
    d = unit(pos, FR_DIV, origin, army="FR5", ce=3)
    g = game(pos)
    board = g.board
    path = [origin]
    while len(path) < 4:                   # a line of hexes, each one farther from the origin
        path.append(next(n for n in sorted(board.nbrs[path[-1]]) if n in board.land and _plain(board.side[(path[-1], n)])
                         and board.distance(origin, n) == len(path)))
    germans = iter(("DE-11_6", "DE-12_6", "DE-13_7"))
    for h in path[1:]:                     # a German unit beside each hex of the line, on one side
        if h in game(pos).zoc("german"):
            continue
        beside = next(n for n in sorted(board.nbrs[h]) if n in board.land and n not in path
                      and board.distance(origin, n) >= 2 and not game(pos).units_at(n))
        unit(pos, next(germans), beside, army="DE2")
    z = game(pos).zoc("german")
    assert all(h in z for h in path[1:])
    pos.call("retreat", side="allied", units=[d], origin=origin, hex=origin, left=3, path=[origin], pushed=False)
    statuses = []
    for h in path[1:]:
        pos.push(f"allied: retreat to=@{h}")
        statuses.append(game(pos).ce(d))
    assert statuses == [4, 5, 6]                       # CI, D1, D2 (6.1.4 steps 4-6)


def test_oao_3_1_2a_steep_mountain_combat_stacking_one_and_a_quarter():
    """3.1.2 / 3.1.2a: 2 1/4 division-equivalents attack from or defend in a hex, 1 1/4 when
    defending in, attacking into or out of Steep Mountain; the excess is Excluded (9.2.5 A)."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    steep = next(h for h in sorted(g.board.land) if g.board.terrain[h] == "steep_mountain"
                 and g.board.hexes[h].get("country") == "DE")
    flat = next(h for h in sorted(g.board.land) if g.board.terrain[h] == "open"
                and g.board.hexes[h].get("country") == "DE")
    assert combat.combat_stack_limit(g, flat) == 2.25
    assert combat.combat_stack_limit(g, steep) == 1.25
    assert combat.combat_stack_limit(g, flat, steep) == 1.25                 # into or out of
    a, b = unit(pos, DE_DIV, steep, army="DE6"), unit(pos, DE_DIV2, steep, army="DE6")
    assert len(combat.exclusions(game(pos), [a, b], steep, [])) == 1
    c, d = unit(pos, DE_DIV, flat, army="DE6"), unit(pos, DE_DIV2, flat, army="DE6")
    assert combat.exclusions(game(pos), [c, d], flat, []) == []


def test_oao_10_1_1a_av_halved_up_an_escarpment_and_two_at_most_in_mountains():
    """10.1.1a: a Force firing up an Escarpment halves its AV (rounded up); attacking or defending
    in a Mountainous hex a Force uses at most 2 AV."""
    from modules.offensive_a_outrance_1914.rules.strength import force_av
    from modules.offensive_a_outrance_1914.rules.terrain import escarpment_up, mountainous
    pos = blank("campaign", gt=10)
    g = game(pos)
    lo, hi = next((a, b) for (a, b), attrs in sorted(g.board.side.items())
                  if attrs.get("escarpment_up") == b and a in g.board.land and b in g.board.land
                  and not mountainous(g, a) and not mountainous(g, b))
    d = unit(pos, DE_DIV, lo, army="DE6")                              # AV 7
    g = game(pos)
    assert escarpment_up(g, lo, hi)
    assert force_av(g, [d], lo, hi) == 4                               # 7 / 2 rounded up
    assert force_av(g, [d], hi, lo) == 7                               # firing down: whole
    m = next(h for h in sorted(g.board.land) if g.board.terrain[h] == "mountain")
    assert force_av(g, [d], g.board.nbrs[m][0], m) == 2                # attacking into a mountain hex
    assert force_av(g, [d], m, None, defending_in=m) == 2              # defending in one


def test_oao_11_1_4_retreat_across_a_mountain_crest_costs_an_sr_and_a_cel():
    """11.1.4: retreating across a Mountain Crest (or Imposing River) hexside costs one SR and
    one CEL reduction (and an EZOC entered costs one more level, 11.1.3)."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    a, b = next((a, b) for (a, b), attrs in sorted(g.board.side.items())
                if attrs.get("crest") and a in g.board.land and b in g.board.land
                and all(x in g.board.land for x in g.board.nbrs[a]))
    d = unit(pos, FR_DIV, a, army="FR1")
    for t, n in zip(("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8", "DE-3_2"),
                    [n for n in g.board.nbrs[a] if n != b and n in g.board.land]):
        unit(pos, t, n, army="DE6")                                    # every other way out taken
    ezoc = b in game(pos).zoc("german")
    pos.call("retreat", side="allied", units=[d], origin=a, hex=a, left=1, path=[a], pushed=False)
    pos.push(f"allied: retreat to=@{b}")
    assert pos.where(d) == b
    assert ce(pos, d) == 1 + int(ezoc)
    assert pos.face(d) == 1                                            # the SR


def test_oao_11_1_6_an_isolated_force_becoming_demoralized_in_an_ezoc_surrenders():
    """11.1.6: an Isolated Force that is or becomes Demoralized and must retreat into an
    un-negated EZOC surrenders (eliminated permanently)."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5", ce=3)
    g = game(pos)
    germans = iter(sorted(t for t, u in pos.session.ruleset.unit_types.items()
                          if u.side == "german" and u.infantry and u.size == "division" and not u.garrison
                          and not u.attrs.get("secondary_of")))
    placed: set[str] = set()
    for r in (2, 4):                       # a ring of German zones of control: no way out
        for h in sorted(h for h in g.board.within("44.18", r) if g.board.distance("44.18", h) == r
                        and h in g.board.land):
            if not any(g.board.distance(h, p) < 2 for p in placed):
                unit(pos, next(germans), h, army="DE2")
                placed.add(h)
    pos.set("rail_allied", [])             # no friendly operational RR hex left (18.1)
    from modules.offensive_a_outrance_1914.rules import supply
    assert supply.isolated(game(pos), d)
    z = game(pos).zoc("german")
    pos.call("retreat", side="allied", units=[d], origin="44.18", hex="44.18", left=3, path=["44.18"],
             pushed=False)
    first = next(str(x["to"]) for x in pos.session.legal_actions() if x.verb == "retreat" and str(x["to"]) in z)
    pos.push(f"allied: retreat to=@{first}")
    assert ce(pos, d) == 4                                             # CI: not yet Demoralized
    second = next(str(x["to"]) for x in pos.session.legal_actions() if x.verb == "retreat" and str(x["to"]) in z)
    pos.push(f"allied: retreat to=@{second}")                          # it would become D1 there
    assert pos.where(d) in ("eliminated", "removed") or d not in pos.state.pieces or \
        pos.where(d) not in game(pos).board.hexes
    assert "surrender" in " ".join(str(line[1]) for line in pos.state.chat[-6:])


def test_oao_8_5_4_a_fort_that_must_retreat_flips_or_is_eliminated():
    """8.5.4 / 11.1.2: a Fort whose Force must retreat flips and retreats if it has a back side,
    else it is eliminated."""
    from modules.offensive_a_outrance_1914.rules import retreat
    pos = blank("campaign", gt=10)
    f = unit(pos, "FR-fort-Bourlemont", "30.40")
    pos.edit("retreat", lambda tx: retreat.prepare(pos.session.ruleset.game(tx.state, tx), [f]))
    assert pos.face(f) == 1 and pos.where(f) == "30.40"
    # every Fort in the counter mix has a back side: the "eliminated" branch has no counter to test
    assert all(len(u.faces) == 2 for u in pos.session.ruleset.unit_types.values() if u.fort)


def _surround(pos, target: str, special: str | None) -> tuple[list[int], list[int]]:
    """A French division in ``target``, another French division in one neighbour, German
    divisions in the other five (``special`` among them)."""
    g = game(pos)
    nbrs = [n for n in g.board.nbrs[target]]
    friend = next(n for n in nbrs if n != special)
    dfn = [unit(pos, FR_DIV, target, army="FR3")]
    unit(pos, FR_DIV2, friend, army="FR3")
    ids = iter(("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8"))
    att = [unit(pos, next(ids), n, army="DE5") for n in nbrs if n != friend]
    return att, dfn


def test_oao_9_5_3_a_hex_beyond_a_great_or_imposing_river_does_not_count_toward_a_flank():
    """9.5.1: five of six neighbours enemy-occupied flank the defender (here the sixth holds a
    friendly unit); 9.5.3: a neighbour beyond a Flood, Great or Imposing River hexside counts as
    holding no enemy unit or EZOC — the same ring then leaves only four."""
    pos = blank("campaign", gt=10)
    att, dfn = _surround(pos, "25.20", None)
    assert flanked(game(pos), att, dfn, "25.20", "german")
    pos = blank("campaign", gt=10)
    g = game(pos)
    target, special = next((a, b) for (a, b), attrs in sorted(g.board.side.items())
                           if attrs.get("river") in ("great", "imposing") and a in g.board.land
                           and len(g.board.nbrs[a]) == 6 and all(n in g.board.land for n in g.board.nbrs[a])
                           and sum(1 for n in g.board.nbrs[a] if g.board.side[(a, n)]) == 1)
    att, dfn = _surround(pos, target, special)
    assert not flanked(game(pos), att, dfn, target, "german")


def test_oao_8_7_2_loc_units_do_not_advance_into_an_ezoc():
    """8.7.2: LOC units may not advance after combat into an enemy zone of control."""
    pos = blank("campaign", gt=10)
    lw = unit(pos, "DE-locf-10_Lw", "44.18", army="DE2")
    d = unit(pos, DE_DIV, "44.19", army="DE2")
    g = game(pos)
    target = next(n for n in g.board.nbrs["44.18"] if n in g.board.nbrs["44.19"] and n in g.board.land)
    beyond = next(n for n in g.board.nbrs[target] if n not in ("44.18", "44.19") and n in g.board.land
                  and g.board.distance(n, "44.18") == 2)
    unit(pos, FR_DIV, beyond, army="FR5")
    assert target in game(pos).zoc("allied")
    pos.call("advance", side="german", target=target, candidates=[lw, d], moved=[])
    assert refused(pos, f"german: advance unit=#{lw}", "8.7.2")
    pos.push(f"german: advance unit=#{d}")
    assert pos.where(d) == target


def test_oao_11_1_1_retreat_away_from_the_combat_hex_toward_the_armys_supply():
    """11.1.1: each hex of a retreat ends farther from the hex held in combat; among those the
    army's AoA, then the way toward a supply unit it can draw from; 11.1.1a: where the
    priorities lead into an EZOC the owner may take a hex out of it instead."""
    from modules.offensive_a_outrance_1914.rules import retreat
    pos = blank("campaign", gt=10)
    all_rail(pos)
    d = unit(pos, FR_DIV, "25.20", army="FR5")
    g = game(pos)
    depot_hex = next(h for h in sorted(g.board.rail) if g.board.distance("25.20", h) == 6)
    unit(pos, "FR-depot-QUINTA", depot_hex, army="FR5")
    frame = {"side": "allied", "units": [d], "origin": "25.20", "hex": "25.20", "path": ["25.20"], "left": 2}
    g = game(pos)
    best, further = retreat.options(g, frame)
    assert best and set(best) <= set(further)
    dist = {n: g.board.distance(n, depot_hex) for n in further}
    assert all(dist[n] == min(dist.values()) for n in best)             # priority 3
    pos.call("retreat", side="allied", units=[d], origin="25.20", hex="25.20", left=2, path=["25.20"], pushed=False)
    pos.push(f"allied: retreat to=@{best[0]}")
    back = next(n for n in g.board.nbrs[best[0]] if g.board.distance("25.20", n) <= 1 and n != "25.20")
    assert refused(pos, f"allied: retreat to=@{back}", "11.1.1")         # priority 1: always farther
    # 11.1.1a: the priorities' hex in an EZOC; a clear one is offered beside it
    pos2 = blank("campaign", gt=10)
    all_rail(pos2)
    d2 = unit(pos2, FR_DIV, "25.20", army="FR5")
    unit(pos2, "FR-depot-QUINTA", depot_hex, army="FR5")
    toward = best[0]
    enemy_at = next(h for h in sorted(g.board.nbrs[toward]) if g.board.distance("25.20", h) == 2
                    and h not in g.board.nbrs["25.20"])
    unit(pos2, DE_DIV, enemy_at, army="DE2")
    frame2 = dict(frame, units=[d2])
    best2, further2 = retreat.options(game(pos2), frame2)
    z = game(pos2).zoc("german")
    assert any(n in z for n in best2) and any(n not in z for n in best2)


def test_oao_9_6_1_river_shift_only_when_every_attacker_crosses_the_river():
    """9.6.1: 1L across a Great River, 2L across an Imposing River, if all attacking Combat units
    attack across such a hexside; none if one attacks across another hexside."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    a, b = next((a, b) for (a, b), attrs in sorted(g.board.side.items())
                if attrs.get("river") == "imposing" and not attrs.get("pontoon") and a in g.board.land
                and b in g.board.land)
    other = next(n for n in sorted(g.board.nbrs[b]) if n != a and n in g.board.land
                 and not g.board.side[(n, b)].get("river") and not g.board.side[(n, b)].get("crest"))
    x = unit(pos, DE_DIV, a, army="DE1")
    y = unit(pos, DE_DIV2, other, army="DE1")
    dfn = unit(pos, FR_DIV, b, army="FR5")
    g = game(pos)
    alone = combat.column_shifts(g, [(a, [x])], [dfn], b, "german", False, False)
    assert any(s == -2 and "river" in why for why, s in alone)
    both = combat.column_shifts(g, [(a, [x]), (other, [y])], [dfn], b, "german", False, False)
    assert not any("river" in why for why, s in both)


def test_oao_11_1_6_an_isolated_demoralized_force_that_cannot_retreat_surrenders():
    """11.1.6: an Isolated, Demoralized Force that cannot retreat (11.1.5) surrenders; one not
    Isolated takes the 11.1.5 losses instead."""
    def ringed(isolated: bool):
        pos = blank("campaign", gt=10)
        if isolated:
            pos.set("rail_allied", [])
        else:
            all_rail(pos)
        g = game(pos)
        here = next(h for h in sorted(g.board.rail) if g.board.hexes[h].get("country") == "FR"
                    and len(g.board.nbrs[h]) == 6 and all(n in g.board.land for n in g.board.nbrs[h]))
        d = unit(pos, FR_DIV, here, army="FR5", ce=5)                 # D1, on a railway
        ids = iter(("DE-11_6", "DE-12_6", "DE-13_7", "DE-14_7", "DE-16_8", "DE-3_2"))
        for n in g.board.nbrs[here]:
            unit(pos, next(ids), n, army="DE2")
        from modules.offensive_a_outrance_1914.rules import supply
        assert supply.isolated(game(pos), d) == isolated
        pos.call("retreat", side="allied", units=[d], origin=here, hex=here, left=1, path=[here], pushed=True)
        if any(a.verb == "stay" for a in pos.session.legal_actions()):
            pos.push("allied: stay")                                  # (or settled at once: no hex at all)
        assert not any(a.verb == "retreat" for a in pos.session.legal_actions())
        return pos, d, here
    pos, d, here = ringed(True)
    assert pos.where(d) not in game(pos).board.hexes                  # surrendered
    pos, d, here = ringed(False)                                       # its own hex an operational RR hex
    assert pos.where(d) == here and pos.face(d) == 1                # 11.1.5: a CE level and an SR


def test_oao_7_8_3_2_an_attack_on_the_hex_removes_the_ip_construction_marker():
    """7.8.3 (2): when the enemy attacks the hex, the IP-construction MP-spent marker goes."""
    pos = blank("campaign", gt=10)
    all_rail(pos)
    d = unit(pos, FR_DIV, "44.18", army="FR5", task={"kind": "ip", "mp": 5, "need": 13})
    a = unit(pos, DE_DIV, "44.17", army="DE2")
    pos.dice(3, 3, [1, 1], [1, 1])
    attack(pos, "german", "44.18", [a])
    assert not pos.state.pieces[d].props.get("task")


def test_oao_11_1_1_priority_2_a_retreat_stays_inside_the_armys_aoa():
    """11.1.1 priority 2: among the hexes farther from the combat hex, a retreat stays inside the
    army's AoA when it can."""
    from modules.offensive_a_outrance_1914.rules import org, retreat
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "25.20", army="FR5")
    g = game(pos)
    east = sorted(g.board.nbrs["25.20"])[0]
    unit(pos, FR_DIV2, east, army="FR6")                              # FR6's Army marker next door
    g = game(pos)
    fifth = org.army_aoa(g, "allied", "FR5")
    frame = {"side": "allied", "units": [d], "origin": "25.20", "hex": "25.20", "path": ["25.20"], "left": 1}
    best, further = retreat.options(g, frame)
    outside = [n for n in further if n not in fifth]
    assert outside and best and all(n in fifth for n in best)


def test_oao_8_6_3_a_garrison_unit_retreats_inside_its_area_when_it_can():
    """8.6.3: a garrison unit forced to retreat tries to stay inside its area (here the North
    district of Paris, 22.2.2)."""
    from modules.offensive_a_outrance_1914.rules import retreat
    pos = blank("campaign", gt=10)
    rules = pos.session.ruleset
    nord = rules.garrison_area(rules.unit_types["FR-Paris_Nord"])
    g = game(pos)
    here = next(h for h in sorted(nord) if any(n not in nord and n in g.board.land for n in g.board.nbrs[h])
                and any(n in nord for n in g.board.nbrs[h]))
    p = unit(pos, "FR-Paris_Nord", here, army="PARIS")
    g = game(pos)
    frame = {"side": "allied", "units": [p], "origin": here, "hex": here, "path": [here], "left": 1}
    best, further = retreat.options(g, frame)
    assert any(n not in nord for n in further)
    assert best and all(n in nord for n in best)
