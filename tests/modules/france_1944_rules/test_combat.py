"""Combat (8.0, 9.1-9.8, 3.10, 4.9, 11.5): declaring attacks, the combat type, air support, lead
units and morale, the morale d6 and the hit die, the Combat Matrix, losses, retreat and advance.

The dice are scripted in the order the rules roll them: attacker d6, attacker hit die, defender
d6, defender hit die. Unit values are the module's reconstructed ones: US-V corps morale 3,
Set-piece 6/4, Mobile 3/2, MPA 3; US-2AD morale 4, Set-piece 2/1, Mobile 5/3, MPA 6; German
LXXXIV Korps morale 3, Set-piece 5/3, Mobile 2/1, MPA 2; 2. Panzer morale 4, Set-piece 3/2,
Mobile 4/3, MPA 4."""
from __future__ import annotations

from modules.france_1944.rules import combat as combat_rules

from .positions import (act_data, activate, attack, combat_data, fresh, increment, legal, log, move,
                        prompt, put, refused, rules_game, single, where)


def german_supply(pos, at="1815"):
    """A supplied German HQ whose radius covers the test area (its units defend in supply)."""
    return put(pos, "HQ-GE7", at, face=1)


def duel(defender="GE-LXXXIV", def_hex="1613", att_hex="1612", attacker="US-V"):
    pos = fresh()
    german_supply(pos)
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, attacker, att_hex)
    d = put(pos, defender, def_hex)
    return pos, hq, a, d


def last_report(pos):
    return pos.state.get("combat_report")


# -- 8.0 ------------------------------------------------------------------------------------------------------
def test_f44_8_0_g_no_attack_across_a_red_hexside():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1611", face=1)
    a = put(pos, "US-2AD", "1610")
    put(pos, "GE-LXXXIV", "1609")
    activate(pos, "allied", hq, [a])
    increment(pos, "allied", 1, "attack")
    refused(pos.session, "allied: attack hex=@1609", "F44 8.0")


def test_f44_8_0_c_attackers_adjacent_commanded_and_meeting_the_box_threshold():
    pos, hq, a, d = duel()
    far = put(pos, "US-VII", "1511")                    # not next to 1613
    arm = put(pos, "US-2AD", "1714")
    idle = put(pos, "US-3AD", "1713")                   # next to it but not commanded
    activate(pos, "allied", hq, [a, far, arm])
    increment(pos, "allied", 4, "attack")               # "4+"
    pos.push("allied: attack hex=@1613")
    refused(pos.session, f"allied: add unit=#{a}", "F44 6.0")        # MPA 3
    refused(pos.session, f"allied: add unit=#{far}", "F44 6.0")
    refused(pos.session, f"allied: add unit=#{idle}", "F44 8.0")
    legal(pos.session, f"allied: add unit=#{arm}")


def test_f44_8_0_d_e_two_defending_hexes_adjacent_to_every_attacker_all_defenders_defend():
    pos, hq, a, d = duel()
    d2 = put(pos, "GE-2PZ", "1613")
    d3 = put(pos, "GE-LXXXV", "1513")                   # 1513 is next to 1612 and 1613
    b = put(pos, "US-VII", "1612")
    activate(pos, "allied", hq, [a, b])
    increment(pos, "allied", 1, "attack")
    pos.push("allied: attack hex=@1613")
    pos.push(f"allied: add unit=#{a}")
    refused(pos.session, "allied: add_hex hex=@1714", "F44 8.0")     # not next to 1612's attacker
    pos.push("allied: add_hex hex=@1513")
    pos.push(f"allied: add unit=#{b}")
    pos.dice(1, 1, 1, 1)
    pos.push(f"allied: resolve lead=#{a}")
    c = combat_data(pos)
    assert set(c["def_units"]) == {d, d2, d3} and c["defenders"] == ["1613", "1513"]


def test_f44_8_0_f_no_unit_attacks_or_is_attacked_twice_in_one_increment():
    pos, hq, a, d = duel()
    pos.move(hq, "1712")
    b = put(pos, "US-VII", "1714")
    activate(pos, "allied", hq, [a, b])
    increment(pos, "allied", 1, "attack")
    pos.push("allied: attack hex=@1613")
    pos.push(f"allied: add unit=#{a}")
    pos.dice(6, 1, 1, 1)                                 # the attacker fails, the defender passes: Repulse
    pos.push(f"allied: resolve lead=#{a}")
    while prompt(pos).kind not in ("attack",):
        acts = pos.session.legal_actions()
        pos.push(next(x for x in acts if x.verb in ("stand", "done", "lose")))
    refused(pos.session, "allied: attack hex=@1613", "F44 8.0")      # already attacked
    assert a in act_data(pos)["attackers"]


def test_f44_8_0_b_attacks_are_resolved_one_at_a_time_and_are_voluntary():
    pos, hq, a, d = duel()
    activate(pos, "allied", hq, [a])
    increment(pos, "allied", 1, "attack")
    pos.push("allied: attack hex=@1613")
    pos.push("allied: cancel")
    assert prompt(pos).kind == "attack" and where(pos, d) == "1613"


# -- 9.1 combat type --------------------------------------------------------------------------------------------
def test_f44_9_1_c_every_attack_of_the_first_increment_is_set_piece():
    pos, hq, a, d = duel(attacker="US-2AD")
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    assert combat_data(pos)["type"] == "setpiece" or "Set-piece" in log(pos)


def _mobile_setup(def_hex="1613", att_from="1611", att_to="1612", extra=None):
    pos = fresh()
    german_supply(pos)
    hq = put(pos, "HQ-US1", "1412", face=1)
    arm = put(pos, "US-2AD", att_from)
    d = put(pos, "GE-2PZ", def_hex)
    units = [arm] + ([extra(pos)] if extra else [])
    activate(pos, "allied", hq, units)
    increment(pos, "allied", 4)
    move(pos, "allied", arm, att_from, att_to)
    pos.push("allied: end_increment")
    increment(pos, "allied", 9, "attack")               # box 9: "6"
    return pos, hq, arm, d, units


def test_f44_9_1_a_mobile_when_every_attacker_moved_in_the_previous_increment_in_open_ground():
    pos, hq, arm, d, _ = _mobile_setup()
    attack(pos, "allied", hq, [arm], "1613", dice=[1, 1, 1, 1], activate_first=False)
    assert "Mobile combat" in log(pos)
    # 3.8, 9.1-d: Mobile combat uses the Mobile strengths: 5 against 4
    s = combat_data(pos)["strength"]
    assert (s["attack"], s["defence"]) == (5, 4)


def test_f44_9_1_c_one_attacker_that_did_not_move_makes_it_set_piece():
    def second(pos):
        return put(pos, "US-3AD", "1513")
    pos, hq, arm, d, units = _mobile_setup(extra=second)
    attack(pos, "allied", hq, units, "1613", dice=[1, 1, 1, 1], activate_first=False)
    assert "Set-piece combat (not every attacker entered its hex in the previous increment)" in log(pos)


def test_f44_9_1_a_a_river_or_a_city_makes_it_set_piece():
    pos, hq, arm, d, _ = _mobile_setup(def_hex="1717", att_from="1615", att_to="1616")   # 1616|1717 river
    attack(pos, "allied", hq, [arm], "1717", dice=[1, 1, 1, 1], activate_first=False)
    assert "attacking across a river" in log(pos)
    pos, hq, arm, d, _ = _mobile_setup(def_hex="1414", att_from="1513", att_to="1514")   # Le Mans, a city
    attack(pos, "allied", hq, [arm], "1414", dice=[1, 1, 1, 1], activate_first=False)
    assert "terrain forces Set-piece" in log(pos)


def test_f44_9_1_b_mobile_against_a_city_a_defender_just_retreated_into_by_advancing_attackers():
    pos = fresh()
    german_supply(pos, "1516")
    hq = put(pos, "HQ-US1", "1412", face=1)
    arm = put(pos, "US-2AD", "1313")
    d = put(pos, "GE-2PZ", "1414")                      # Le Mans: a city on clear terrain
    g = rules_game(pos)
    pos.set("f44_phase_no", 7)
    pos.set("f44_act", {"side": "allied", "kind": "initiative", "hq": hq, "mover": None, "units": [arm],
                        "admin": [], "oos": [], "phase_no": 7, "box": 9, "itype": "attack", "open": True,
                        "inc_no": 3, "moved": [], "attackers": [], "defenders": [], "air": "",
                        "rhine_start": []})
    from engine import commands as C
    pos.commands("history", [C.SetProp(arm, "entered", [7, 2, "advance"]),
                             C.SetProp(d, "entered", [7, 2, "retreat"])])
    ctype, why = combat_rules.combat_type(rules_game(pos), [arm], ["1414"], "german")
    assert ctype == "mobile" and "retreated" in why
    pos.commands("history", [C.SetProp(arm, "entered", [7, 2, "move"])])
    assert combat_rules.combat_type(rules_game(pos), [arm], ["1414"], "german")[0] == "setpiece"
    assert g


# -- 9.2 / 9.4 air support ------------------------------------------------------------------------------------------
def test_f44_9_2_the_air_support_example_of_the_rulebook():
    """9.2 example: increment 1, Heavy Bomber #1 in one combat, no air in the second; increment
    2, a Tactical Air in each of two combats; the second Heavy Bomber stays unusable for the whole
    chit draw; increment 3, only one Tactical Air per combat."""
    pos = fresh(clear=True)
    pos.set("f44_draw", 3)
    for t in [p for p, piece in pos.state.pieces.items() if piece.type == "M-TAC"]:
        pos.flip(t, 0)
    german_supply(pos, "1716")
    hq = put(pos, "HQ-US1", "1512", face=1)
    arms = [put(pos, t, h) for t, h in (("US-2AD", "1612"), ("US-3AD", "1613"), ("US-4AD", "1614"),
                                        ("US-5AD", "1513"))]
    defs = ["1713", "1714", "1715", "1614"]
    for t, h in zip(("GE-2PZ", "GE-9PZ", "GE-11PZ"), defs):
        put(pos, t, h)
    activate(pos, "allied", hq, arms[:3])
    increment(pos, "allied", 4, "attack")
    attack(pos, "allied", hq, [arms[0]], "1713", dice=[6, 1, 1, 1], air="heavy", activate_first=False)
    _finish_combat(pos)
    pos.push("allied: attack hex=@1714")
    pos.push(f"allied: add unit=#{arms[1]}")
    refused(pos.session, "allied: air kind=tactical", "F44 9.2")     # no Tactical Air after a Heavy Bomber
    refused(pos.session, "allied: air kind=heavy", "F44 9.2")        # the other one: not this chit draw
    pos.push("allied: cancel")
    hb = [p for p, piece in pos.state.pieces.items() if piece.type == "M-HB"]
    assert sum(1 for p in hb if where(pos, p) == "out_of_play") == 1    # used once a game
    pos.push("allied: end_increment")
    increment(pos, "allied", 8, "attack")               # "6": MPA 6 attacks
    attack(pos, "allied", hq, [arms[1]], "1714", dice=[6, 1, 1, 1], air="tactical", activate_first=False)
    _finish_combat(pos)
    pos.push("allied: attack hex=@1715")
    pos.push(f"allied: add unit=#{arms[2]}")
    pos.push("allied: air kind=tactical")
    refused(pos.session, "allied: air kind=tactical", "F44 9.2")     # one marker a combat
    refused(pos.session, "allied: air kind=heavy", "F44 9.2")
    assert all(where(pos, t) in ("england_air", "1715") for t in
               [p for p, piece in pos.state.pieces.items() if piece.type == "M-TAC"])


def _finish_combat(pos):
    for _ in range(20):
        if prompt(pos).kind == "attack":
            return
        acts = pos.session.legal_actions()
        pos.push(next(x for x in acts if x.verb in ("stand", "done", "lose", "lead", "retreat", "keep")))


def test_f44_9_2_a_no_air_when_the_allies_defend_or_without_air_support_this_turn():
    pos, hq, a, d = duel()
    pos.set("air_available", False)
    activate(pos, "allied", hq, [a])
    increment(pos, "allied", 1, "attack")
    pos.push("allied: attack hex=@1613")
    pos.push(f"allied: add unit=#{a}")
    refused(pos.session, "allied: air kind=tactical", "F44 9.2")
    pos = fresh()
    ghq = german_supply(pos, "1715")
    g = put(pos, "GE-2PZ", "1614")
    put(pos, "US-V", "1613")
    activate(pos, "german", ghq, [g])
    increment(pos, "german", 1, "attack")
    pos.push("german: attack hex=@1613")
    pos.push(f"german: add unit=#{g}")
    refused(pos.session, "german: air kind=tactical", "F44 9.2")


def test_f44_9_4_b_air_morale_changes_tactical_mobile_minus_2_and_plus_1():
    g = rules_game(fresh())
    assert combat_rules.air_mods(g, "tactical", "mobile", "allied") == (1, -2)
    assert combat_rules.air_mods(g, "tactical", "setpiece", "allied") == (0, -1)
    assert combat_rules.air_mods(g, "heavy", "setpiece", "allied") == (0, -2)
    assert combat_rules.air_mods(g, "heavy", "mobile", "allied") == (0, 0)


def test_f44_9_4_a_terrain_most_favourable_to_the_defender_not_cumulative():
    g = rules_game(fresh())
    # Metz 3115: a city and a fortress; the fortress row is the better one (reconstructed values)
    row, am, dm = combat_rules.terrain_row(g, ["3115"], [], "setpiece")
    assert row == "fortress" and (am, dm) == (-1, 1)
    assert combat_rules.terrain_row(g, ["1613"], [], "setpiece") == ("clear", 0, 0)


# -- 9.3 / 9.5 / 9.6 --------------------------------------------------------------------------------------------------
def test_f44_9_5_9_6_set_piece_attacker_passes_defender_fails_is_a_retreat():
    """9.6 example: Set-piece, a successful attack against a failed defence: Retreat. Morale 3:
    a 2 passes, a 5 fails (9.5). Hits: each side's own hit die plus the matrix (reconstructed
    -1 / 0) and the strength comparison (6 against 5: 1:1, no change)."""
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[2, 2, 5, 1])
    c = combat_data(pos)
    assert c["result"] == "Retreat" and c["att_pass"] and not c["def_pass"]
    assert c["att_hits"] == 1 and c["def_hits"] == 1 and c["retreat"] == "must"
    assert pos.state.pieces[a].face == 1 and pos.state.pieces[d].face == 1     # the leads took them
    assert prompt(pos).kind == "retreat" and prompt(pos).side == "german"


def test_f44_9_5_morale_pass_is_a_roll_at_most_the_modified_morale():
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[3, 1, 4, 1])
    c = combat_data(pos)
    assert c["morale"] == [3, 3] and c["att_pass"] and not c["def_pass"]


def test_f44_9_6_mobile_attacker_fails_defender_passes_is_a_repulse():
    pos, hq, arm, d, _ = _mobile_setup()
    attack(pos, "allied", hq, [arm], "1613", dice=[6, 1, 1, 1], activate_first=False)
    c = combat_data(pos)
    assert c["type"] == "mobile" and c["result"] == "Repulse" and c["retreat"] == "may"


def test_f44_9_5_b_each_hit_die_hurts_its_own_roller_and_the_report_shows_both_dice():
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[1, 3, 1, 1])
    c = combat_data(pos)
    assert c["dice"] == [1, 3, 1, 1]
    assert c["att_hits"] == 3 and c["def_hits"] == 1                  # Standoff: no modifiers
    rolls = [cmd for e in pos.session.record.entries for cmd in e.commands if cmd.kind == "fixed_roll"]
    assert [r.spec for r in rolls] == ["1d6", "1hit", "1d6", "1hit"]


def test_f44_9_6_c_the_lead_takes_the_first_step_the_owner_the_rest():
    pos, hq, a, d = duel()
    b = put(pos, "US-VII", "1612")
    activate(pos, "allied", hq, [a, b])
    increment(pos, "allied", 1, "attack")
    attack(pos, "allied", hq, [a, b], "1613", dice=[1, 3, 1, 1], lead=b, activate_first=False)
    assert combat_data(pos)["att_hits"] == 3                          # 12 against 5: 2:1, no change
    pos.push("german: stand")                                         # Standoff: he may retreat
    assert pos.state.pieces[b].face == 1                              # the lead took the first
    assert prompt(pos).kind == "losses" and prompt(pos).side == "allied" and "2 more" in prompt(pos).text
    pos.push(f"allied: lose unit=#{a}")
    pos.push(f"allied: lose unit=#{a}")
    assert pos.state.pieces[a].face == 2 and pos.state.pieces[b].face == 1


def test_f44_9_3_the_defender_names_his_lead_unit():
    pos, hq, a, d = duel()
    d2 = put(pos, "GE-2PZ", "1613")
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    assert prompt(pos).kind == "lead_unit" and prompt(pos).side == "german"
    refused(pos.session, f"german: lead unit=#{a}", "F44 9.3")
    pos.push(f"german: lead unit=#{d2}")
    assert combat_data(pos)["lead_def"] == d2


def test_f44_9_6_the_combat_report_shows_type_strengths_morale_dice_and_result():
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[2, 2, 5, 1])
    pos.push(pos.session.legal_actions().verb("retreat")[0])
    _finish_combat(pos) if prompt(pos).kind != "attack" else None
    r = last_report(pos)
    assert r["stage"] == "resolved"
    whats = " ".join(line["what"] for line in r["lines"])
    assert "strength 6 against 5" in whats and "morale 3" in whats
    dice = [line.get("dice") for line in r["lines"] if line.get("dice")]
    assert dice == [[2, 2], [5, 1]]
    assert r["outcome"][0] == "Retreat"


# -- 9.7 retreat ---------------------------------------------------------------------------------------------------
def test_f44_9_7_a_a_defender_who_passed_may_retreat_and_lose_a_step_less():
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[6, 1, 1, 2])          # Repulse: defender hits 2 - 1 = 1
    assert prompt(pos).kind == "retreat_choice"
    pos.push("german: retreat")
    c = combat_data(pos)
    assert c["def_hits"] == 1
    assert pos.state.pieces[d].face == 0                                  # 1 - 1 voluntary = 0 lost
    assert prompt(pos).kind == "retreat"


def test_f44_9_7_c_german_infantry_retreats_exactly_2_others_2_or_3():
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    lengths = {len(x["path"]) - 1 for x in pos.session.legal_actions().verb("retreat")}
    assert lengths == {2}
    pos, hq, a, d = duel(defender="GE-2PZ")
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    lengths = {len(x["path"]) - 1 for x in pos.session.legal_actions().verb("retreat")}
    assert lengths == {2, 3}


def test_f44_9_7_d_e_retreats_end_2_hexes_from_the_attackers_and_avoid_enemy_zoc():
    pos, hq, a, d = duel()
    put(pos, "US-VII", "1815")                                          # ZOC over 1714, 1715, 1814...
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    g = rules_game(pos)
    from modules.france_1944.rules import board
    for x in pos.session.legal_actions().verb("retreat"):
        path = list(x["path"])
        assert g.facts.distance(path[-1], "1612") >= 2
        assert all(not board.enemy_zoc(g, "german", h) for h in path[1:])


def test_f44_9_7_f_a_stack_that_cannot_retreat_stays_and_loses_one_more_step():
    """9.7 note (8f 9): four units that could retreat only onto a friendly unit cannot split."""
    pos = fresh()
    german_supply(pos, "1613")
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    d = put(pos, "GE-2PZ", "1613")
    for t, h in (("US-VII", "1512"), ("US-VIII", "1513"), ("US-XIX", "1514"), ("US-XV", "1711"),
                 ("US-XX", "1712"), ("US-XII", "1814")):
        put(pos, t, h)                                                  # the ring of Allied ZOC
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    assert "cannot retreat 2 hexes" in log(pos)
    # 6 against 3 (its HQ, cut off, adds nothing): 2:1, 2 hits, and 1 more for not retreating
    assert "hits 0 to the attacker, 2 to the defender" in log(pos)
    assert where(pos, d) == "elim_german"


def test_f44_9_7_b_defenders_stacked_together_retreat_together():
    pos, hq, a, d = duel()
    d2 = put(pos, "GE-2PZ", "1613")
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    pos.push(f"german: lead unit=#{d}")
    pos.push(pos.session.legal_actions().verb("retreat")[0])
    assert where(pos, d) == where(pos, d2) != "1613"


# -- 9.8 advance -------------------------------------------------------------------------------------------------------
def test_f44_9_8_advance_into_the_vacated_hex_then_one_more_armour_past_a_zoc():
    pos = fresh()
    german_supply(pos, "1916")
    hq = put(pos, "HQ-US1", "1412", face=1)
    inf = put(pos, "US-V", "1612")
    arm = put(pos, "US-2AD", "1612")
    d = put(pos, "GE-LXXXIV", "1613")
    put(pos, "GE-LXXXV", "1715")                                         # its ZOC covers 1614, next to 1613
    attack(pos, "allied", hq, [inf, arm], "1613", dice=[2, 1, 5, 1])
    pos.push(pos.session.legal_actions().verb("retreat")[0])
    assert prompt(pos).kind == "advance"
    paths = {(x["unit"], tuple(x["path"])) for x in pos.session.legal_actions().verb("advance")}
    assert (inf, ("1612", "1613")) in paths
    if any(True for _ in []):
        pass
    g = rules_game(pos)
    from modules.france_1944.rules import board
    if board.enemy_zoc(g, "allied", "1613"):
        assert not any(u == inf and len(p) == 3 for u, p in paths)       # infantry stops in a ZOC
        assert any(u == arm and len(p) == 3 for u, p in paths)           # armour one more
    refused(pos.session, f"allied: advance unit=#{inf} path=[@1612,@1513]", "F44 9.8")
    pos.push(f"allied: advance unit=#{arm} path=[@1612,@1613]")
    assert where(pos, arm) == "1613"
    assert d


def test_f44_9_8_d_advance_is_optional():
    pos, hq, a, d = duel()
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    pos.push(pos.session.legal_actions().verb("retreat")[0])
    pos.push("allied: done")
    assert where(pos, a) == "1612"


# -- 3.10 untested units --------------------------------------------------------------------------------------------
def test_f44_3_10_an_untested_unit_has_morale_1_and_is_tested_when_its_attack_clears_the_hex():
    pos = fresh("campaign")
    german_supply(pos)
    hq = put(pos, "HQ-US1", "1412", face=1)
    u = put(pos, "US-III*", "1612")
    d = put(pos, "GE-LXXXIV", "1613")
    attack(pos, "allied", hq, [u], "1613", dice=[1, 2, 5, 1])
    assert combat_data(pos)["morale"][0] == 1
    pos.push(pos.session.legal_actions().verb("retreat")[0])
    tested = next(p for p, piece in pos.state.pieces.items() if piece.type == "US-III")
    assert where(pos, u) == "out_of_play" and where(pos, tested) == "1612"
    assert pos.state.pieces[tested].face == 1                          # the step it lost carries over
    assert d


def test_f44_3_10_b_2_an_untested_defender_is_tested_when_the_attacker_loses_two_steps():
    pos = fresh("campaign")
    ghq = put(pos, "HQ-GE7", "1715", face=1)
    put(pos, "HQ-US1", "1512", face=1)
    g = put(pos, "GE-2PZ", "1614")
    u = put(pos, "US-III*", "1613")
    attack(pos, "german", ghq, [g], "1613", dice=[1, 3, 1, 1])          # Standoff: 3 hits to the German
    tested = next(p for p, piece in pos.state.pieces.items() if piece.type == "US-III")
    for _ in range(6):
        if where(pos, tested) == "1613" or prompt(pos).kind == "attack":
            break
        acts = pos.session.legal_actions()
        pos.push(next(x for x in acts if x.verb in ("stand", "lose", "done")))
    assert where(pos, tested) == "1613" and where(pos, u) == "out_of_play"


def test_f44_3_10_d_an_untested_unit_eliminated_puts_its_tested_counter_in_the_box():
    pos = fresh("campaign")
    ghq = put(pos, "HQ-GE7", "1715", face=1)
    g = put(pos, "GE-2PZ", "1614")
    u = put(pos, "US-III*", "1613", face=2)
    attack(pos, "german", ghq, [g], "1613", dice=[1, 1, 6, 1])
    tested = next(p for p, piece in pos.state.pieces.items() if piece.type == "US-III")
    assert where(pos, tested) == "elim_allied" and where(pos, u) == "out_of_play"


# -- 4.9 / 11.5: strengths --------------------------------------------------------------------------------------------
def test_f44_4_9_the_activated_hq_adds_3_to_an_attack_from_its_hex():
    pos, hq, a, d = duel()
    pos.move(hq, "1612")
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    s = combat_data(pos)["strength"]
    assert s["attack"] == 6 + 3 and s["att_hq"] == hq


def test_f44_4_9_c_an_allied_hq_gives_no_bonus_without_a_unit_it_could_command():
    pos = fresh()
    german_supply(pos)
    fr = put(pos, "HQ-FR1", "1612", face=1)
    a = put(pos, "BR-XXX", "1612")
    d = put(pos, "GE-LXXXIV", "1613")
    ghq = put(pos, "HQ-GE7", "1714", face=1)
    attack(pos, "german", ghq, [put(pos, "GE-2PZ", "1713")], "1612", dice=[1, 1, 1, 1])
    s = combat_data(pos)["strength"]
    assert s["def_hq"] is None
    assert fr and a and d


def test_f44_4_9_e_f_one_supplied_hq_adds_3_in_defence():
    pos = fresh()
    ghq = put(pos, "HQ-GE7", "1613", face=1)
    put(pos, "HQ-GE5PZ", "1613", face=1)
    d = put(pos, "GE-LXXXIV", "1613")
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    s = combat_data(pos)["strength"]
    assert s["defence"] == 5 + 3 and s["def_hq"] is not None
    assert ghq and d


def test_f44_11_5_g_out_of_supply_defenders_are_summed_then_halved_rounding_up():
    """8f 11: two out-of-supply defenders of 3 and 3 defend with 3 (not 2 + 2), 3 and 2 with 3."""
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    d1 = put(pos, "GE-LXXXIV", "1613", face=1)                          # Set-piece 3 reduced
    d2 = put(pos, "GE-LXXIV", "1613", face=1)                           # 3
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 1])
    pos.push(f"german: lead unit=#{d1}")
    c = combat_data(pos)
    assert set(c["def_oos"]) == {d1, d2} and c["strength"]["defence"] == 3
    assert c["strength"]["oos_halved"]


def test_f44_4_1_a_hqs_take_no_step_losses():
    pos = fresh()
    ghq = put(pos, "HQ-GE7", "1613", face=1)
    d = put(pos, "GE-LXXXIV", "1613")
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    attack(pos, "allied", hq, [a], "1613", dice=[1, 1, 1, 3])
    assert pos.state.pieces[ghq].face == 1
    assert all(x["unit"] != ghq for x in pos.session.legal_actions().verb("lose"))
    assert d


def test_f44_4_9_a_an_hq_never_defends_alone():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1412", face=1)
    cadre = put(pos, "US-V", "1612", face=2)                             # a cadre: no ZOC on the HQ
    put(pos, "HQ-GE7", "1613", face=1)
    activate(pos, "allied", hq, [cadre])
    increment(pos, "allied", 1, "attack")
    refused(pos.session, "allied: attack hex=@1613", "F44 8.0")


def test_f44_4_9_d_only_an_activated_hq_adds_to_an_attack():
    pos, hq, a, d = duel()
    pos.move(hq, "1612")
    single(pos, "allied", a)
    increment(pos, "allied", 1, "attack")
    attack(pos, "allied", None, [a], "1613", dice=[1, 1, 1, 1], activate_first=False)
    assert combat_data(pos)["strength"]["att_hq"] is None


def test_f44_8_0_the_declared_report_follows_the_attack_and_a_called_off_attack_withdraws_it():
    pos, hq, a, d = duel()
    activate(pos, "allied", hq, [a])
    increment(pos, "allied", 1, "attack")
    pos.push("allied: attack hex=@1613")
    r = last_report(pos)
    assert r["stage"] == "declared" and r["title"].startswith("Attack on 1613")
    pos.push(f"allied: add unit=#{a}")
    r = last_report(pos)
    assert any("attacking strength 6" in line["what"] for line in r["lines"])
    assert any("Set-piece combat" in line["what"] for line in r["lines"])
    pos.push("allied: cancel")
    assert last_report(pos) is None
