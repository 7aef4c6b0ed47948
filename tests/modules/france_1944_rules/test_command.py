"""Headquarters (4.1-4.10): nationality, command radius and capacities as units are designated,
dispersal and picking up an HQ in a retreat."""
from __future__ import annotations

from modules.france_1944.rules import supply

from .positions import (activate, attack, fresh, increment, legal, move, prompt, put, refused, rules_game,
                        single, where)


def designating(pos, hq_type, at="1513"):
    hq = put(pos, hq_type, at, face=1)
    pos.call("activation", side="allied", kind="initiative", hq=hq)
    return hq


# -- 4.5 nationality ---------------------------------------------------------------------------------------
def test_f44_4_5_a_british_hq_commands_british_canadian_polish_and_one_us_unit():
    pos = fresh()
    designating(pos, "HQ-BR2")
    br, ca, po = put(pos, "BR-XXX", "1513"), put(pos, "CA-4AD", "1612"), put(pos, "PO-1AD", "1612")
    us1, us2 = put(pos, "US-2AD", "1412"), put(pos, "US-3AD", "1412")
    fr = put(pos, "FR-2DB", "1514")
    for u in (br, ca, po, us1):
        pos.push(f"allied: command unit=#{u}")
    refused(pos.session, f"allied: command unit=#{us2}", "F44 4.5")        # 8f 22: two US units
    refused(pos.session, f"allied: command unit=#{fr}", "F44 4.5")


def test_f44_4_5_us_hq_commands_us_and_french_french_hq_french_only_canadian_polish_yes():
    pos = fresh()
    designating(pos, "HQ-US1")
    legal(pos.session, f"allied: command unit=#{put(pos, 'FR-2DB', '1514')}")
    refused(pos.session, f"allied: command unit=#{put(pos, 'BR-XXX', '1514')}", "F44 4.5")
    pos = fresh()
    designating(pos, "HQ-FR1")
    refused(pos.session, f"allied: command unit=#{put(pos, 'US-2AD', '1514')}", "F44 4.5")
    legal(pos.session, f"allied: command unit=#{put(pos, 'FR-I', '1514')}")
    pos = fresh()
    designating(pos, "HQ-CA1")
    legal(pos.session, f"allied: command unit=#{put(pos, 'PO-1AD', '1514')}")
    legal(pos.session, f"allied: command unit=#{put(pos, 'BR-XXX', '1514')}")
    refused(pos.session, f"allied: command unit=#{put(pos, 'US-V', '1514')}", "F44 4.5")


def test_f44_4_4_there_is_no_polish_hq_and_german_hqs_command_any_german_unit():
    m = fresh().session.module
    assert not [p for p in m.piece_types.values() if p.kind == "hq" and p.nationality == "PO"]
    pos = fresh()
    g = rules_game(pos)
    hq = put(pos, "HQ-GE19", "1513", face=1)
    assert all(supply.may_command(rules_game(pos), hq, put(pos, t, "1514")) for t in ("GE-2PZ", "GE-LXXXIV"))
    assert g


# -- 4.6 / 4.7 radius and capacities -----------------------------------------------------------------------
def test_f44_4_7_capacities_infantry_and_armour_shown_as_units_are_designated():
    pos = fresh()
    hq = designating(pos, "HQ-US1")                      # infantry 4, armour 3 (reconstructed)
    assert "4 infantry and 3 armour still to command" in prompt(pos).text
    arms = [put(pos, t, "1514") for t in ("US-2AD", "US-3AD", "US-4AD")] + [put(pos, "US-5AD", "1412")]
    for a in arms[:3]:
        pos.push(f"allied: command unit=#{a}")
    assert "0 armour still to command" in prompt(pos).text
    refused(pos.session, f"allied: command unit=#{arms[3]}", "F44 4.7")
    assert pos.state.pieces[hq].face == 0


def test_f44_4_6_radius_counts_from_the_hq_excluded_to_the_unit_included():
    pos = fresh()
    designating(pos, "HQ-US1", "1612")                   # radius 5
    near = put(pos, "US-V", "2112")                      # 5 hexes east along row 12
    far = put(pos, "US-VII", "2212")                     # 6
    g = rules_game(pos)
    assert g.facts.distance("1612", "2112") == 5
    legal(pos.session, f"allied: command unit=#{near}")
    refused(pos.session, f"allied: command unit=#{far}", "F44 4.6")


def test_f44_4_6_b_radius_passes_friendly_units_not_empty_enemy_zoc_hexes_but_may_end_there():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1612", face=1)              # radius 5
    put(pos, "GE-LXXXIV", "1714")                        # ZOC over 1613, 1614, 1713, 1715, 1813, 1814
    r = supply.radius_hexes(rules_game(pos), hq)
    assert r["1713"] == 1                                # it may end in a ZOC hex
    assert "1815" not in r                               # only through empty ZOC hexes, or 6 around
    for t, h in (("US-V", "1713"), ("US-VII", "1813"), ("US-VIII", "1814")):
        put(pos, t, h)                                   # friendly units open the way
    assert supply.radius_hexes(rules_game(pos), hq)["1815"] == 4


def test_f44_4_6_radius_never_enters_an_enemy_hex_nor_crosses_a_red_hexside():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1610", face=1)
    g = rules_game(pos)
    assert "1609" not in supply.radius_hexes(g, hq, 1)   # 1609|1610 is red
    put(pos, "HQ-GE7", "1712", face=1)
    g = rules_game(pos)
    assert "1712" not in supply.radius_hexes(g, hq)


def test_f44_4_6_c_units_in_radius_of_a_supplied_hq_are_in_hq_supply():
    pos = fresh()
    put(pos, "HQ-US1", "1412", face=1)
    u = put(pos, "US-V", "1613")
    assert supply.in_hq_supply(rules_game(pos), u)


# -- 4.10 dispersal and pick-up ---------------------------------------------------------------------------------
def test_f44_4_10_a_b_an_hq_alone_next_to_an_enemy_unit_disperses_two_turns_ahead():
    """4.10 example: an Allied HQ alone next to a (non-cadre) German unit on Turn 3 goes to the
    Turn 5 space and enters then as a Normandy reinforcement."""
    pos = fresh("breakout", turn=3)
    hq = put(pos, "HQ-US1", "1613", face=1)
    ghq = put(pos, "HQ-GE7", "1816", face=1)
    g = put(pos, "GE-2PZ", "1715")
    single(pos, "german", g)
    increment(pos, "german", 1)
    move(pos, "german", g, "1715", "1714")
    assert where(pos, hq) == "turn_allied_5"
    assert "dispersed" in "\n".join(line[1] for line in pos.state.chat)
    assert ghq
    # Turn 5, Administrative Phase: it enters at a Normandy hex
    pos.clear_stack()
    pos.set("turn", 5)
    pos.call("reinforce", side="allied", stage="place", placed=[], moved=[])
    legal(pos.session, f"allied: enter unit=#{hq} hex=@1309")


def test_f44_4_10_an_hq_next_to_an_enemy_cadre_stays():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1613", face=1)
    g = put(pos, "GE-2PZ", "1715", face=2)                # a cadre: no ZOC
    single(pos, "german", g)
    increment(pos, "german", 1)
    move(pos, "german", g, "1715", "1714")
    assert where(pos, hq) == "1613"


def test_f44_4_10_d_an_hq_left_alone_by_moving_units_stays_and_disperses():
    pos = fresh()
    hq = put(pos, "HQ-US1", "1613", face=1)
    u = put(pos, "US-V", "1613")
    put(pos, "GE-2PZ", "1714")
    single(pos, "allied", u)
    increment(pos, "allied", 1)
    move(pos, "allied", u, "1613", "1612")
    assert where(pos, hq).startswith("turn_allied_")


def test_f44_4_10_c_a_retreat_picks_up_an_hq_that_could_command_a_retreating_unit():
    pos = fresh()
    ghq = put(pos, "HQ-GE7", "1613", face=1)
    d = put(pos, "GE-LXXXIV", "1613")
    put(pos, "HQ-GE5PZ", "1816", face=1)
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    pos.push(pos.session.legal_actions().verb("retreat")[0])
    assert prompt(pos).kind == "hq_pickup"
    pos.push(f"german: take hq=#{ghq}")
    assert where(pos, ghq) == where(pos, d) != "1613"


def test_f44_4_10_c_an_hq_that_commands_none_of_the_retreating_units_stays():
    pos = fresh()
    fr = put(pos, "HQ-FR1", "1613", face=1)
    d = put(pos, "BR-XXX", "1613")
    put(pos, "HQ-BR2", "1412", face=1)
    ghq = put(pos, "HQ-GE7", "1715", face=1)
    g = put(pos, "GE-2PZ", "1714")
    attack(pos, "german", ghq, [g], "1613", dice=[2, 1, 5, 1])
    acts = pos.session.legal_actions().verb("retreat")
    if acts:
        pos.push(acts[0])
    assert prompt(pos).kind != "hq_pickup"
    assert where(pos, fr) != where(pos, d)


def test_f44_4_10_a_retreat_disperses_the_enemy_hqs_it_leaves_alone_at_once():
    """Fuzz Falaise Gap seed 1030: a retreat ends next to a lone enemy HQ, which disperses at
    once, while the retreating side still decides about its own HQs (4.10)."""
    pos = fresh()
    ghq = put(pos, "HQ-GE7", "1613", face=1)
    put(pos, "GE-LXXXIV", "1613")
    own = put(pos, "HQ-GE5PZ", "1613", face=1)
    lone = put(pos, "HQ-US3", "1812", face=1)          # an Allied HQ next to where they may go
    put(pos, "US-VII", "1811")
    hq = put(pos, "HQ-US1", "1412", face=1)
    a = put(pos, "US-V", "1612")
    attack(pos, "allied", hq, [a], "1613", dice=[2, 1, 5, 1])
    path = next(x for x in pos.session.legal_actions().verb("retreat") if x["path"][-1] == "1813")
    pos.push(path)
    assert prompt(pos).kind == "hq_pickup"
    assert where(pos, lone).startswith("turn_allied_")         # dispersed now
    pos.push(f"german: leave hq=#{ghq}")
    pos.push(f"german: take hq=#{own}")
    assert where(pos, own) == "1813" and where(pos, ghq).startswith("turn_german_")
