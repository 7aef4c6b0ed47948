"""Paths of Glory Mandated Offensives through the combat procedure: the AH(It) MO (7.1.6) and
the French Mutiny VP (7.1.8, CP #47) scored in the War Status Phase (6.0 E.1)."""
from __future__ import annotations

from modules.paths_of_glory.rules import status, supply

from .conftest import (act, attack, card_to, clear_hands, control, dice, empty_map, game, push,
                       put, set_global, start_phase, top)


def finish(s, limit=60):
    """Answer every prompt of the running combat with its first legal action (cards declined,
    no retreat cancelled, no advance) until combat designation is offered again, then end it."""
    for _ in range(limit):
        frame = top(s)
        if frame is None:
            return
        legal = list(s.legal_actions())
        kinds = {a.verb: a for a in legal}
        if frame["state"] == "combat_declare":
            if "end_combats" in kinds:
                s.push(kinds["end_combats"])
            return
        for k in ("no_card", "pass", "done", "no_advance", "end_advance", "decline"):
            if k in kinds:
                s.push(kinds[k])
                break
        else:
            s.push(legal[0])
    raise AssertionError(f"combat did not end: {top(s)}")


# -- 7.1.6 AH(It) ---------------------------------------------------------------------------------

def _italian_front():
    """An empty map with Italy at war (its spaces Allied) and an AH(It) MO not yet made."""
    s = empty_map()
    clear_hands(s)
    g = game(s)
    for loc in [l.id for l in g.module.locations.values()
                if l.kind == "space" and l.attrs.get("nation") == "IT"]:
        control(s, loc, "AP")
    for k, v in {"pog_entered": ["IT"], "turn": 6, "pog_mo_cp": "AH_IT", "pog_mo_met_cp": False,
                 "pog_mo_ap": "none", "pog_mo_met_ap": True}.items():
        set_global(s, k, v)
    return s


def test_pog_7_1_6_ah_it_met_by_attacking_allied_units_supplied_through_italy():
    """A BR corps holding Trent (AH) traces supply only through Verona/Asiago (Italy): an AH
    attack on it makes the AH(It) MO, though the space is not in Italy and holds no Italian
    unit."""
    s = _italian_front()
    control(s, "trent", "AP")
    br = put(s, "br_corps", "trent")
    ah = put(s, "ah_corps", "innsbruck")
    assert supply.unit_in_supply(game(s), br)
    assert supply.supplied_only_through(game(s), br, "IT")
    dice(s, *[3] * 10)
    attack(s, "CP", "trent", [ah])
    assert s.state.globals["pog_mo_met_cp"] is True
    finish(s)


def test_pog_7_1_6_ah_it_not_met_by_allied_units_supplied_without_italy():
    """A BR corps holding Cetinje (Montenegro, beside Austrian Mostar) traces supply overland
    through Serbia to Salonika, an Allied port, not through a space in Italy (the Albanian way
    to Taranto exists but is not needed): the AH attack on it is an attack, but not the
    AH(It) MO (7.1.6). Nor is an attack by a German unit. (The printed map has no Austrian
    port, so the sea-supplied Allied unit holds a Balkan space.)"""
    s = _italian_front()
    control(s, "salonika", "AP")
    br = put(s, "br_corps", "cetinje")
    ah = put(s, "ah_corps", "mostar")
    assert supply.unit_in_supply(game(s), br)
    assert not supply.supplied_only_through(game(s), br, "IT")
    dice(s, *[3] * 10)
    attack(s, "CP", "cetinje", [ah])
    assert s.state.globals["pog_mo_met_cp"] is False
    finish(s)
    # an attack on Allied units supplied through Italy, but by a German unit: no AH(It) MO
    s = _italian_front()
    control(s, "trent", "AP")
    put(s, "br_corps", "trent")
    ge = put(s, "ge_corps", "innsbruck")
    dice(s, *[3] * 10)
    attack(s, "CP", "trent", [ge])
    assert s.state.globals["pog_mo_met_cp"] is False


# -- 6.0 E.1 / 7.1.8 French Mutiny ------------------------------------------------------------------

def _mutiny_turn():
    """Turn 5, Allied MO France, CP Action Round 1: the CP play French Mutiny (CP #47)."""
    s = empty_map()
    clear_hands(s)
    for k, v in {"turn": 5, "pog_events": [], "pog_mo_ap": "FR", "pog_mo_met_ap": False,
                 "pog_mo_cp": "none", "pog_mo_met_cp": True, "commitment_cp": "total_war",
                 "commitment_ap": "limited_war"}.items():
        set_global(s, k, v)
    push(s, "phase_action", round=1, side="CP")
    card_to(s, "cp_47", "hand:CP")
    act(s, "play_event", "CP", card="cp_47")
    assert "cp_47" in s.state.globals["pog_events"]
    return s


def _war_status(s):
    start_phase(s, "phase_war_status")
    assert status.season(game(s)) != "winter"


def _french_attack(s, *, with_us=False):
    """The Allies answer with a 1-OPS-or-more card: Belfort activated for combat, the FR corps
    attacks the GE corps in Mulhouse (Germany), through the whole combat procedure."""
    fr = put(s, "fr_corps", "belfort")
    if with_us:
        put(s, "us_corps", "belfort")
    put(s, "ge_corps", "mulhouse")
    card_to(s, "ap_13", "hand:AP")
    act(s, "play_ops", "AP", card="ap_13")
    act(s, "activate", "AP", space="belfort", mode="attack")
    act(s, "done", "AP")
    assert top(s)["state"] == "combat_declare"
    dice(s, *[3] * 10)
    act(s, "attack", "AP", space="mulhouse")
    act(s, "add_attacker", "AP", unit=fr)
    act(s, "resolve", "AP")
    finish(s)
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "CP"   # round 2


def test_pog_6_0_e_1_french_attack_after_mutiny_scored_in_the_war_status_phase():
    """CP #47 / 7.1.8 end to end: French Mutiny played, then a French corps not stacked with
    US units attacks a German unit in Germany through the combat procedure; the War Status
    Phase (E.1) adds 1 VP for the turn (and none for the French MO: a Mutiny MO needs no
    attack, 7.1.8)."""
    s = _mutiny_turn()
    _french_attack(s)
    assert s.state.globals["pog_french_mutiny_attack"] == 5
    vp = s.state.globals["vp"]
    _war_status(s)
    assert s.state.globals["vp"] == vp + 1


def test_pog_6_0_e_1_french_attack_stacked_with_us_units_costs_no_vp():
    """7.1.8 exception: the attacking French corps is stacked with a US corps: no VP."""
    s = _mutiny_turn()
    _french_attack(s, with_us=True)
    assert not s.state.globals.get("pog_french_mutiny_attack")
    vp = s.state.globals["vp"]
    _war_status(s)
    assert s.state.globals["vp"] == vp
