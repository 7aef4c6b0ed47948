"""Where the rules files meet: combat reports attacks to the Mandated Offensive record (7.1.3),
and activation refuses summer desert attacks (15.2.5)."""
from __future__ import annotations

from modules.paths_of_glory.rules import ops, supply

from .conftest import act, declare, empty_map, game, put, set_global


def test_pog_7_1_4_a_french_attack_on_germans_in_the_west_makes_the_french_mo():
    s = empty_map()
    set_global(s, "pog_mo_ap", "FR")
    set_global(s, "pog_mo_met_ap", False)
    put(s, "ge_corps", "sedan")
    fr = put(s, "fr_5a", "verdun")
    declare(s, "AP", ["verdun"])
    act(s, "attack", "AP", space="sedan")
    act(s, "add_attacker", "AP", unit=fr)
    act(s, "resolve", "AP")
    assert s.state.globals.get("pog_mo_met_ap") is True


def test_pog_7_1_4_a_british_attack_does_not_make_a_french_mo():
    s = empty_map()
    set_global(s, "pog_mo_ap", "FR")
    set_global(s, "pog_mo_met_ap", False)
    put(s, "ge_corps", "sedan")
    br = put(s, "br_corps", "verdun")
    declare(s, "AP", ["verdun"])
    act(s, "attack", "AP", space="sedan")
    act(s, "add_attacker", "AP", unit=br)
    act(s, "resolve", "AP")
    assert not s.state.globals.get("pog_mo_met_ap")


def test_pog_15_2_5_no_desert_space_activated_for_combat_in_summer():
    s = empty_map()
    set_global(s, "turn", 6)  # Summer 1915
    desert = "sinai"                                   # Allied, supplied from Alexandria
    assert s.module.locations[desert].terrain == "desert"
    br = put(s, "br_corps", desert)
    g = game(s)
    assert supply.unit_in_supply(g, br)                # supply is not what is refused here
    frame = {"side": "AP", "ops": 5, "spent": 0, "act": []}
    assert ops.activation_violation(g, frame, desert, "attack").rule == "PoG 15.2.5"
    set_global(s, "turn", 7)  # Fall 1915: the desert rule no longer applies
    v = ops.activation_violation(g, frame, desert, "attack")
    assert v is None or v.rule != "PoG 15.2.5"
