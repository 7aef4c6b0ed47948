"""Paths of Glory rule defects found when the rules were tried as a new user would (issue 17):
each test is named after the rule it holds the ruleset to, on hand-built positions with
scripted dice."""
from __future__ import annotations

from modules.paths_of_glory.rules import mo, supply, tracks
from modules.paths_of_glory.rules.card_ids import FALL_OF_THE_TSAR

from .conftest import (act, action_phase, attack, card_to, clear_hands, control, declare, dice,
                       edit, empty_map, flip, g_, game, loc_of, markers, module, ops,
                       play_event, push, put, refusal, reserve, rule, set_global, setg, sr, top,
                       units, why)
from .test_mo_more import finish


def board_():
    s = empty_map()
    clear_hands(s)
    return s


def round_key(s) -> str:
    return f"{g_(s, 'turn', 1)}.{g_(s, 'action_round', 1)}"


# -- 12.5.6 units that had already retreated ------------------------------------------------------

def test_pog_12_5_6_retreated_army_goes_to_the_replaceable_box_though_the_reserve_holds_corps():
    """The RU 1st Army retreated into Plock this round; the Germans attack Plock again and
    inflict a Loss Number of at least 1: the army is eliminated at once, not replaced by a
    reserve corps, and goes to the Eliminated/Replaceable box — not the permanently eliminated
    box, though no corps replaced it and the Reserve Box holds Russian corps."""
    s = board_()
    ru = put(s, "ru_1a", "plock")                       # retreated here this round
    put(s, "ru_corps", "plock")                         # was here: the space may be attacked
    set_global(s, "pog_retreated", {"round": round_key(s), "items": [ru]})
    corps = reserve(s, "AP", "ru_corps")
    assert corps
    ge = put(s, "ge_9a", "thorn")
    dice(s, 6, 1)                                       # CP fire: LN >= 1; RU fire: nothing
    attack(s, "CP", "plock", [ge])
    finish(s)
    assert loc_of(s, ru) == "eliminated:AP"
    assert reserve(s, "AP", "ru_corps") == corps         # no corps came out to replace it


def test_pog_12_5_6_dotted_army_that_retreated_is_still_eliminated_permanently():
    """12.4.7 case 5 still holds: the RU Caucasus Army (dotted) is never replaceable."""
    s = board_()
    set_global(s, "turn", 6)
    cau = put(s, "ru_cau", "plock")
    put(s, "ru_corps", "plock")
    set_global(s, "pog_retreated", {"round": round_key(s), "items": [cau]})
    ge = put(s, "ge_9a", "thorn")
    dice(s, 6, 1)
    attack(s, "CP", "plock", [ge])
    finish(s)
    assert loc_of(s, cau) == "perm_eliminated:AP"


# -- 13.1.5 / 15.2.4 SR out of a besieged fort's space -------------------------------------------

def _verdun_besieged(*types: str):
    s = board_()
    set_global(s, "turn", 5)
    pids = [put(s, t, "verdun") for t in types]
    put(s, "m_siege", "verdun")
    return s, pids


def _outpost(s) -> int:
    """A German corps at Bar-le-Duc, whose every other neighbour is Allied: it traces supply
    only through the besieged fort of Verdun (15.2.2) to Metz."""
    pid = put(s, "ge_corps", "bar_le_duc")
    assert supply.unit_in_supply(game(s), pid)
    return pid


def test_pog_13_1_5_the_last_besiegers_may_not_sr_out_of_a_besieged_fort():
    """13.1.5: 'a unit may not SR out of a besieged enemy fort space if the fort would no
    longer be besieged after the SR' — a lone besieging army may not SR out (not to Metz, not
    to the Reserve Box); of two armies one may go, the last may not."""
    s, (army,) = _verdun_besieged("ge_5a")
    assert supply.unit_in_supply(game(s), army)
    sr(s, "CP", 8)
    assert rule(refusal(s, "sr", "CP", pid=army, to="metz")) == "PoG 13.1.5"
    assert not any(a.verb == "sr" and a["pid"] == army for a in s.legal_actions())
    s, (a1, a2) = _verdun_besieged("ge_5a", "ge_6a")
    sr(s, "CP", 8)
    act(s, "sr", "CP", pid=a1, to="metz")
    assert markers(s, "verdun", "m_siege")
    assert rule(refusal(s, "sr", "CP", pid=a2, to="metz")) == "PoG 13.1.5"


def test_pog_15_2_4_last_besieger_moving_out_lifts_the_siege_and_supply_no_longer_traces():
    """15.2.4 allows moving every besieger out (the fort is then unoccupied): the Siege marker
    goes at once, and CP supply no longer traces through the Allied fort (15.2.2)."""
    s, (army,) = _verdun_besieged("ge_5a")
    outpost = _outpost(s)
    ops(s, "CP", 2)
    act(s, "activate", "CP", space="verdun", mode="move")
    act(s, "done", "CP")
    act(s, "move", "CP", pids=[army], path=["metz"])
    assert loc_of(s, army) == "metz"
    assert not markers(s, "verdun", "m_siege")
    assert not supply.unit_in_supply(game(s), outpost)


def test_pog_15_2_4_besiegers_retreating_out_lift_the_siege_at_once():
    """Besieging corps beaten by a French attack from Chateau-Thierry retreat out of Verdun:
    the Siege marker goes with them, before any Siege Phase."""
    s, corps = _verdun_besieged("ge_corps", "ge_corps", "ge_corps")
    control(s, "sedan", "CP")
    control(s, "nancy", "CP")
    fr = [put(s, "fr_5a", "chateau_thierry"), put(s, "fr_corps", "chateau_thierry")]
    dice(s, 1, 1)                                       # LN 2 against the corps, 1 back
    attack(s, "AP", "verdun", fr)
    while top(s)["state"] != "combat_declare":          # every survivor retreats; no advance
        legal = list(s.legal_actions())
        s.push(next((a for a in legal if a.verb == "stop_advance"), legal[0]))
    survivors = [p for p in corps if loc_of(s, p) not in ("eliminated:CP", "perm_eliminated:CP")]
    assert survivors and not any(loc_of(s, p) == "verdun" for p in survivors)
    assert not units(s, "verdun") and not markers(s, "verdun", "m_siege")


# -- 15.2.4 losses below the minimum -------------------------------------------------------------

def test_pog_15_2_4_losses_below_the_minimum_end_the_siege_at_once():
    """Three reduced German corps besiege Verdun (LF 3) and attack the fort from its space; the
    fort's fire eliminates one of them: two corps cannot besiege Verdun, so the siege ends at
    once — the marker is gone right after the combat (not in the Siege Phase), and CP supply no
    longer traces through the space."""
    s, corps = _verdun_besieged("ge_corps", "ge_corps", "ge_corps")
    for p in corps:
        flip(s, p, 1)
    outpost = _outpost(s)
    dice(s, 1, 6)                                       # CP fire: nothing; the fort: LN >= 1
    attack(s, "CP", "verdun", corps, spaces=["verdun"])
    finish(s)
    left = [p for p in corps if loc_of(s, p) == "verdun"]
    assert len(left) < 3
    assert not markers(s, "verdun", "m_siege")
    assert not supply.unit_in_supply(game(s), outpost)


# -- 16.5.3 one Peace Terms offer per Action Round -----------------------------------------------

def test_pog_16_5_3_a_refused_offer_does_not_block_the_next_rounds_offer():
    """The CP offer Peace Terms in round 1 and the Allies refuse; the Allies take their action;
    in round 2 the CP may offer again (16.5.3: no limit on offers, one per Action Round) —
    though no player has acted in round 2 yet."""
    s = action_phase(turn=5, side="CP", rnd=1, vp=12)
    act(s, "peace_terms", "CP")
    dice(s, 4)                                            # the Peace Terms roll: no change
    act(s, "refuse_peace", "AP")
    assert top(s)["state"] == "phase_action" and top(s)["side"] == "AP"
    assert rule(refusal(s, "peace_terms", "CP")) != ""     # not the CP's turn
    card = next(a for a in s.legal_actions() if a.verb == "play_rp")
    s.push(card)
    assert top(s)["state"] == "phase_action" and (top(s)["side"], top(s)["round"]) == ("CP", 2)
    assert refusal(s, "peace_terms", "CP") is None
    assert any(a.verb == "peace_terms" for a in s.legal_actions())


# -- 16.4.4 the Combined War Status moves the Russian Capitulation track at once ----------------

def test_pog_16_4_4_a_war_status_event_moves_the_capitulation_track_at_once():
    """Combined War Status 29 and 3 Russian VP spaces held by the CP: 32, the marker on 'Tsar
    Takes Command'. The CP play Walter Rathenau (War Status 2) as an event: 34 ≥ 33, so the
    marker moves to 'Tsar may Capitulate' at once (not in the War Status Phase), the War
    Status markers follow, and Fall of the Tsar may be played in the CP's next round."""
    s = action_phase(turn=12, side="CP", rnd=1, ws_combined=29, ws_cp=14, ws_ap=15,
                     commitment_cp="limited_war", commitment_ap="limited_war",
                     russian_capitulation="tsar_takes_command")
    for loc in ("warsaw", "lodz", "riga"):
        control(s, loc, "CP")
    edit(s, "the tracks as they stand", tracks.update_tracks)
    assert g_(s, "russian_capitulation") == "tsar_takes_command"
    assert why(s, FALL_OF_THE_TSAR) == "PoG 16.4.4"
    card_to(s, FALL_OF_THE_TSAR, "discard:CP")
    play_event(s, "cp_33")
    assert g_(s, "ws_combined") == 31 and g_(s, "ws_cp") == 16
    assert g_(s, "russian_capitulation") == "tsar_may_capitulate"
    assert marker_at(s, "m_ru_capitulation") == "russian_capitulation:tsar_may_capitulate"
    assert marker_at(s, "m_ws_combined") == "grt:31" and marker_at(s, "m_ws_cp") == "grt:16"
    while not (top(s)["state"] == "phase_action" and top(s)["side"] == "CP"):
        legal = list(s.legal_actions())
        s.push(next((a for a in legal if a.verb in ("play_rp", "done", "end_move", "end_sr",
                                                    "end_combats")), legal[0]))
    assert why(s, FALL_OF_THE_TSAR) is None


# -- 12.1.6 the corps that replaced an attacking army ----------------------------------------

def test_pog_12_1_6_a_corps_replacing_an_eliminated_attacking_army_does_not_attack_again():
    """The reduced GE 9th Army attacks Plock from Thorn and is eliminated by the Russian fire;
    a German corps from the Reserve Box replaces it in Thorn (12.4.4). That corps took the
    army's place in the attack: it may not join the attack on Lodz in the same action (12.1.6);
    the corps that stood by in Thorn may."""
    s = board_()
    ge = put(s, "ge_9a", "thorn", face=1)
    fresh = put(s, "ge_corps", "thorn")                 # activated, did not attack
    put(s, "ru_1a", "plock")
    put(s, "ru_2a", "plock")
    put(s, "ru_corps", "lodz")
    dice(s, 1, 1)                                        # CP fire: LN 1; RU fire: LN 3
    attack(s, "CP", "plock", [ge])
    finish_no_end(s)
    corps = [p for p in units(s, "thorn") if p != fresh]
    assert loc_of(s, ge) == "eliminated:CP" and len(corps) == 1     # replaced (12.4.4)
    assert corps[0] in top(s)["used"]
    act(s, "attack", "CP", space="lodz")
    assert rule(refusal(s, "add_attacker", "CP", unit=corps[0])) == "PoG 12.1.6"
    assert refusal(s, "add_attacker", "CP", unit=fresh) is None


def finish_no_end(s, limit=60):
    """Answer the running combat's prompts (first legal action, no advance) until combat
    designation is offered again — without ending the combats."""
    for _ in range(limit):
        if top(s)["state"] == "combat_declare":
            return
        legal = list(s.legal_actions())
        s.push(next((a for a in legal if a.verb == "stop_advance"), legal[0]))
    raise AssertionError(f"combat did not end: {top(s)}")


# -- 5.7.4 #6 Italy in the Historical scenario ---------------------------------------------------

def _historical_italy():
    """The Historical scenario before Allied Total War, Italy at war (its spaces Allied)."""
    s = board_()
    setg(s, pog_scenario="historical", commitment_ap="limited_war", turn=6,
         pog_entered=["IT"])
    for loc in [l.id for l in module().locations.values()
                if l.kind == "space" and l.attrs.get("nation") == "IT"]:
        control(s, loc, "AP")
    return s


def test_pog_5_7_4_6_no_army_but_austrian_or_italian_attacks_into_italy():
    s = _historical_italy()
    control(s, "nice", "CP")
    put(s, "it_corps", "turin")
    ge = put(s, "ge_1a", "nice")
    ge_corps = put(s, "ge_corps", "nice")
    declare(s, "CP", ["nice"])
    act(s, "attack", "CP", space="turin")
    assert rule(refusal(s, "add_attacker", "CP", unit=ge)) == "PoG 5.7.4"
    assert refusal(s, "add_attacker", "CP", unit=ge_corps) is None   # corps are free
    setg(s, commitment_ap="total_war")
    assert refusal(s, "add_attacker", "CP", unit=ge) is None          # lifted at AP Total War


def test_pog_5_7_4_6_no_army_but_austrian_or_italian_retreats_into_italy():
    """The French 1st Army in Nice is beaten by a German attack from Marseilles: its only
    retreat is into Turin, in Italy, which 5.7.4 #6 closes to it — no retreat is offered."""
    s = _historical_italy()
    control(s, "marseilles", "CP")
    fr = put(s, "fr_1a", "nice")
    ge = put(s, "ge_1a", "marseilles")
    dice(s, 6, 1)
    attack(s, "CP", "nice", [ge])
    assert top(s)["state"] == "combat_retreat"
    paths = [a["path"] for a in s.legal_actions() if a.verb == "retreat" and a["unit"] == fr]
    assert not any("turin" in p for p in paths)
    assert rule(refusal(s, "retreat", "AP", unit=fr, path=("turin",))) == "PoG 12.5.5"


def test_pog_5_7_4_6_no_army_but_austrian_or_italian_advances_into_italy():
    """French corps in Nice retreat two spaces, through Turin into Italy; the German 1st Army
    may advance into Nice but not on into Turin, where a full-strength German corps may."""
    s = _historical_italy()
    control(s, "marseilles", "CP")
    for _ in range(3):
        put(s, "fr_corps", "nice")
    ge = put(s, "ge_1a", "marseilles")
    ge_corps = [put(s, "ge_corps", "marseilles") for _ in range(2)]
    dice(s, 1, 1)                                        # LN 3 against Nice, 1 back: 2 spaces
    attack(s, "CP", "nice", [ge] + ge_corps)
    while top(s)["state"] != "combat_advance":
        legal = list(s.legal_actions())
        s.push(next((a for a in legal if a.verb == "retreat" and len(a["path"]) == 2), legal[0]))
    assert "turin" in g_(s, "pog_combat")["vacated"]
    full = next(p for p in ge_corps if s.state.pieces[p].face == 0)
    assert rule(refusal(s, "advance", "CP", unit=ge, path=("nice", "turin"))) == "PoG 5.7.4"
    assert refusal(s, "advance", "CP", unit=ge, path=("nice",)) is None
    assert refusal(s, "advance", "CP", unit=full, path=("nice", "turin")) is None


# -- 7.1 the Mandated Offensive marker -----------------------------------------------------------

def test_pog_7_1_1_the_mo_marker_shows_the_mo_on_the_table():
    """Phase A: CP 4 → GE, AP 2 → FR (7.6 example of play): each MO marker stands in that box
    of its row; a French attack on Germans in France makes the French MO, and the Allied marker
    moves to 'None / Made'."""
    s = board_()
    dice(s, 4, 2)
    push(s, "phase_mo")
    assert (g_(s, "pog_mo_cp"), g_(s, "pog_mo_ap")) == ("GE", "FR")
    assert marker_at(s, "m_mo_cp") == "mo:CP:GE" and marker_at(s, "m_mo_ap") == "mo:AP:FR"
    fr = put(s, "fr_3a", "verdun")
    ge = put(s, "ge_4a", "metz")
    edit(s, "a French attack", lambda g: mo.note_attack(g, "AP", [fr], "metz", [ge]))
    assert marker_at(s, "m_mo_ap") == "mo:AP:none" and marker_at(s, "m_mo_cp") == "mo:CP:GE"


def marker_at(s, type_id: str) -> str:
    return next(p.loc for p in s.state.pieces.values() if p.type == type_id)
