"""Retreats (9.4), HQs left alone (9.4.4), the sea (9.4.5), Namur's 4th Division (12.6)."""
from __future__ import annotations

from engine.testing import legal, refused

from .battles import declare, fight, place
from .positions import activation, control, empty, ids, note_lines, path, put, verbs, where

FOW5 = (2, 3)


def _battle_37(pos, attackers, defenders_front, dice, attacker="allied"):
    declare(pos, attacker, "37", attackers)
    fight(pos, attacker, "37", FOW5)
    defender = "german" if attacker == "allied" else "allied"
    for k, p in enumerate(defenders_front, 1):
        place(pos, defender, p, f"front-{k}")
    pos.push(f"{defender}: done")
    pos.dice(*dice)
    pos.push(f"{attacker}: auto_place")
    finish_placement(pos)


def finish_placement(pos):
    """The defender's reserve step, when he has one (9.2.5): no change."""
    while pos.session.prompt().kind == "battle_map":
        pos.push(f"{pos.session.prompt().side}: done")


def _pos(**ctrl):
    pos = empty(turn=6, allied_cap=3, german_cap=3, allied_mandated_battles=0,
                german_mandated_battles=0)
    control(pos, h37="german", **ctrl)
    return pos


def test_gi_9_4_2_only_dg_infantry_against_non_dg_infantry_must_retreat():
    pos = _pos(h48="german", h38="german")
    g = put(pos, "GE-II", "37", face=1)
    a = put(pos, "FR-IV", "37")
    _battle_37(pos, [a], [g], (6, 6))                 # both miss: the German is still all DG
    assert pos.session.prompt().kind == "retreat"      # no choice: it must retreat
    refused(pos.session, f"german: retreat path={path(47)} units={ids([g])}", "GI 9.4.3")
    pos.push(f"german: retreat path={path(48)} units={ids([g])}")
    assert where(pos, g) == "48"


def test_gi_9_4_1_the_defender_may_retreat_voluntarily_all_units():
    pos = _pos(h48="german")
    g = put(pos, "GE-II", "37")
    a = put(pos, "FR-IV", "37")
    _battle_37(pos, [a], [g], (6, 6))
    assert verbs(pos) == {"retreat", "stay"}
    pos.push("german: stay")
    assert where(pos, g) == "37"


def test_gi_fow_2_rout_the_side_with_fewer_non_dg_units_retreats():
    pos = _pos(h48="german", h38="german")
    g1, g2 = put(pos, "GE-II", "37"), put(pos, "GE-III", "37")
    a = put(pos, "FR-IV", "37")
    declare(pos, "allied", "37", [a])
    fight(pos, "allied", "37", (1, 1))                 # 2: Rout
    place(pos, "german", g1, "front-1")
    place(pos, "german", g2, "front-2")
    pos.push("german: done")
    pos.dice(6, 6)
    pos.push("allied: auto_place")
    finish_placement(pos)
    assert pos.session.prompt().side == "allied" and pos.session.prompt().kind == "retreat"


def test_gi_9_4_2_all_cavalry_battle_retreat_only_without_non_dg_cavalry():
    pos = _pos(h48="german")
    g = put(pos, "GE-2C", "37", face=1)
    a = put(pos, "FR-2C", "37")
    _battle_37(pos, [a], [g], (6, 6))
    assert pos.session.prompt().kind == "retreat"


def test_gi_9_4_2_retreat_is_optional_in_the_vosges():
    pos = empty(turn=6, allied_cap=3, german_cap=3, allied_mandated_battles=0)
    control(pos, h102="german")
    g = put(pos, "GE-II", "102", face=1)
    a = put(pos, "FR-VIII", "102")
    declare(pos, "allied", "102", [a])
    fight(pos, "allied", "102", FOW5)
    place(pos, "german", g, "front-1")
    pos.push("german: done")
    pos.dice(6, 6)
    pos.push("allied: auto_place")
    finish_placement(pos)
    assert verbs(pos) == {"retreat", "stay"}


def test_gi_9_4_3_a_unit_with_no_retreat_is_eliminated():
    pos = _pos(**{f"h{h}": "allied" for h in ("48", "47", "36", "27", "28", "38")})
    for h in ("48", "47", "36", "27", "28", "38"):
        put(pos, "FR-51RD", h)
    g = put(pos, "GE-II", "37", face=1)
    a = put(pos, "FR-IV", "37")
    _battle_37(pos, [a], [g], (6, 6))
    assert where(pos, g) == "box-eliminated-german"


def test_gi_9_4_3_enemy_cavalry_hex_costs_a_step():
    allied = {f"h{h}": "allied" for h in ("47", "36", "27", "28", "38")}
    pos = _pos(h48="allied", **allied)
    for h in ("47", "36", "27", "28", "38"):
        put(pos, "FR-51RD", h)
    put(pos, "FR-2C", "48")                            # only non-DG enemy cavalry: priority 5
    g = put(pos, "GE-II", "37", face=1)
    g2 = put(pos, "GE-III", "37")
    a = put(pos, "FR-IV", "37")
    _battle_37(pos, [a], [g2, g], (6, 6))
    if pos.session.prompt().kind == "retreat_choice":
        pos.push("german: retreat")
    pos.push(f"german: retreat path={path(48)} units={ids([g, g2])}")
    assert pos.session.prompt().kind == "retreat_loss"
    pos.push(f"german: lose_step unit=#{g2}")
    assert pos.face(g2) == 1


def test_gi_9_4_4_hqs_retreat_with_the_units_and_are_flipped():
    pos = _pos(h48="german", h38="german")
    g = put(pos, "GE-II", "37", face=1)
    hq = put(pos, "GE-HQ1", "37")
    a = put(pos, "FR-IV", "37")
    _battle_37(pos, [a], [g], (6, 6))
    pos.push(f"german: retreat path={path(48)} units={ids([g, hq])}")
    assert where(pos, hq) == "48" and pos.face(hq) == 1


def test_gi_9_4_4_an_hq_alone_with_entering_enemy_units_withdraws_or_is_eliminated():
    pos = _pos()
    hq = put(pos, "GE-HQ5", "85")
    put(pos, "GE-V", "95")                            # supplied German units, no battle
    a = put(pos, "FR-IV", "75")
    activation(pos, "allied", "75")
    pos.push(f"allied: move path={path(85)} units={ids([a])}")
    assert where(pos, hq) == "95" and pos.face(hq) == 1
    pos = _pos()
    hq = put(pos, "GE-HQ1", "37")
    a = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([a])}")
    assert where(pos, hq) == "box-eliminated-german"


def test_gi_9_5_4_an_ha_alone_with_enemy_combat_units_is_eliminated():
    pos = _pos()
    ha = put(pos, "GE-HA420", "37")
    a = put(pos, "FR-IV", "47")
    activation(pos, "allied", "47")
    pos.push(f"allied: move path={path(37)} units={ids([a])}")
    assert where(pos, ha) == "box-eliminated-german"


def test_gi_9_4_5_allied_units_without_a_retreat_in_a_coastal_hex_go_to_sea():
    pos = empty(turn=6, allied_cap=3, german_cap=3, allied_mandated_battles=0)
    ring = ("8", "15", "16", "24", "23", "14")
    control(pos, **{f"h{h}": "german" for h in ring})
    for h in ring:
        if h in pos.session.ruleset.hex_neighbours["14"]:
            put(pos, "GE-4E", h)
    br = put(pos, "BR-1", "14", face=1)
    g = put(pos, "GE-II", "14")
    declare(pos, "german", "14", [g])
    fight(pos, "german", "14", FOW5)
    place(pos, "allied", br, "front-1")
    pos.push("allied: done")
    pos.dice(6, 6, 2)                                  # misses; then the sea roll 2 - 1 = 1
    pos.push("german: auto_place")
    finish_placement(pos)
    assert any("retreats into the sea" in l for l in note_lines(pos))
    assert where(pos, br) == f"turn-{6 + 2}"


def test_gi_12_6_the_belgian_4th_division_forced_to_retreat_may_leave_for_five_turns():
    pos = empty(turn=6, allied_cap=3, german_cap=3, allied_mandated_battles=0)
    control(pos, h64="allied")
    b4 = put(pos, "BE-4", "64", face=1)
    g = put(pos, "GE-II", "64")
    declare(pos, "german", "64", [g])
    fight(pos, "german", "64", FOW5)
    place(pos, "allied", b4, "front-1")
    pos.push("allied: done")
    pos.dice(6, 6)
    pos.push("german: auto_place")
    finish_placement(pos)
    pos.push(f"allied: evacuate unit=#{b4}")
    assert where(pos, b4) == "turn-11" and pos.face(b4) == 0
    assert pos.state.pieces[b4].props["entry"] == "belgian_coast"
