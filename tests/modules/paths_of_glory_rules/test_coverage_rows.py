"""Rule cases of COVERAGE.md that had no test naming them (or were "not yet"/"partly"): each
test is named after the rule it proves, on a hand-built position."""
from __future__ import annotations

from modules.paths_of_glory.rules import battle, fire, mo, status, supply
from modules.paths_of_glory.rules import ops as O
from modules.paths_of_glory.rules import sr as SR
from modules.paths_of_glory.rules.combat_cards import COMBAT_CARDS
from modules.paths_of_glory.rules.ruleset import PathsOfGlory

from .conftest import (act, card_to, control, controller, edit, empty_map, fresh, game, markers,
                       module, ops, push, put, refusal, rule, set_global, sr, top)


def reserve_unit(s, side: str, type_id: str) -> int:
    pid = next((p for p in s.state.stacks.get(f"reserve:{side}", ())
                if s.state.pieces[p].type == type_id), None)
    return pid if pid is not None else put(s, type_id, f"reserve:{side}")


# -- 9.1.2 deck parts -----------------------------------------------------------------------------

def test_pog_9_1_2_players_start_with_only_their_mobilization_cards():
    s = fresh("campaign", 1)
    m = module()
    for side in ("CP", "AP"):
        playing = [p for loc in (f"deck:{side}", f"hand:{side}")
                   for p in s.state.stacks.get(loc, ())]
        assert playing and {m.piece_types[s.state.pieces[p].type].attrs["deck"]
                            for p in playing} == {"mobilization"}
        lw = [p for p in s.state.stacks.get(f"pile:{side}:limited_war", ())]
        assert lw and all(m.piece_types[s.state.pieces[p].type].attrs["deck"] == "limited_war"
                          for p in lw)


# -- 9.4.4 / 9.4.5 RP ---------------------------------------------------------------------------

def test_pog_9_4_5_no_card_carries_us_replacement_points():
    m = module()
    rps = [str(t.attrs.get("rp") or "") for t in m.piece_types.values() if t.kind == "card"]
    assert any("BR" in r for r in rps)
    assert not any("US" in r.split() for r in rps)


def test_pog_9_4_4_rp_are_recorded_in_the_round_and_spent_in_the_replacement_phase():
    s = fresh("introductory", 1)
    card_to(s, "cp_05", "hand:CP")
    before = s.state.globals.get("rp_ge", 0)
    act(s, "play_rp", "CP", card="cp_05")
    assert s.state.globals.get("rp_ge", 0) > before
    assert top(s)["state"] == "phase_action"          # nothing spent during the round
    states = {f["state"] for f in s.state.globals["pog_stack"]}
    assert "rp_spend" not in states


# -- 10.1.4 / 10.1.6 stacking ---------------------------------------------------------------------

def test_pog_10_1_6_nations_stack_freely_but_cost_more_to_activate():
    s = empty_map()
    put(s, "ge_corps", "breslau")
    ah = put(s, "ah_corps", "oppeln")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="oppeln", mode="move")
    act(s, "move", "CP", pids=[ah], path=["breslau"])   # AH corps joins the German one
    assert s.state.pieces[ah].loc == "breslau"
    assert O.activation_cost(game(s), "CP", "breslau", "move") == 2


def test_pog_10_1_4_no_deliberate_overstack_to_eliminate_the_excess():
    s = empty_map()
    for _ in range(3):
        put(s, "ge_corps", "breslau")
    movers = [put(s, "ge_corps", "posen") for _ in range(2)]
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="posen", mode="move")
    # Breslau is full and none of its units is moving: entering it is refused
    v = refusal(s, "move", "CP", pids=movers, path=["breslau"])
    assert v is not None and v.rule.startswith("PoG 10.1")


# -- 11.2.4 / 11.2.8 / 14.3.3 trenches --------------------------------------------------------------

def test_pog_11_2_4_trench_stays_when_its_units_leave():
    s = empty_map()
    army = put(s, "ge_1a", "aachen")
    put(s, "m_trench_cp", "aachen")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    act(s, "move", "CP", pids=[army], path=["essen"])
    assert markers(s, "aachen", "m_trench_cp")          # still there, no units present


def test_pog_11_2_8_only_armies_build_trenches():
    s = empty_map()
    corps = put(s, "ge_corps", "aachen")
    put(s, "ge_1a", "aachen")
    set_global(s, "pog_entrench", "CP")
    ops(s, "CP", 1)
    act(s, "activate", "CP", space="aachen", mode="move")
    assert rule(refusal(s, "entrench", "CP", pid=corps)) == "PoG 11.2.8"


def test_pog_11_2_8_corps_alone_get_the_trench_combat_shift():
    s = empty_map()
    put(s, "fr_corps", "verdun")
    put(s, "m_trench_ap", "verdun")
    g = game(s)
    c = {"target": "verdun", "ignore_trench": False, "cards": {"AP": [], "CP": []},
         "defender": "AP", "attacker": "CP"}
    assert battle.defender_trench(g, c) == 1               # a corps-only defence has it
    assert fire.level_shifts(g, 1) != (0, 0)


def test_pog_14_3_3_out_of_supply_units_may_not_entrench():
    s = empty_map()
    army = put(s, "ge_1a", "aachen")
    set_global(s, "pog_entrench", "CP")
    push(s, "ops_move", side="CP", card="", act=[["aachen", "move"]], oos=[army],
         movers=[], moved=[], entrench=[])
    assert rule(refusal(s, "entrench", "CP", pid=army)) == "PoG 14.3.3"


# -- 13.1.1 / 13.1.12 / 9.5.2.4 SR ----------------------------------------------------------------

def test_pog_13_1_1_sr_through_friendly_territory_and_to_and_from_the_reserve_box():
    s = empty_map()
    corps = put(s, "ge_corps", "breslau")
    put(s, "ge_1a", "metz")
    reserve = reserve_unit(s, "CP", "ge_corps")
    g = game(s)
    dests = SR.destinations(g, "CP", corps)
    assert "metz" in dests and "reserve" in dests            # by land, and to the Reserve Box
    assert "metz" in SR.destinations(g, "CP", reserve)       # from the Reserve Box
    assert "paris" not in dests                              # enemy territory


def test_pog_13_1_12_no_sr_from_the_reserve_to_russians_supplied_only_through_belgrade():
    s = empty_map()
    put(s, "ru_corps", "warsaw")
    put(s, "ru_corps", "valjevo")
    reserve = reserve_unit(s, "AP", "ru_corps")
    g = game(s)
    dests = SR.destinations(g, "AP", reserve)
    assert "warsaw" in dests
    assert "valjevo" not in dests                            # traces only to Belgrade
    sr(s, "AP", 2)
    assert rule(refusal(s, "sr", "AP", pid=reserve, to="valjevo")) == "PoG 13.1.6"  # and 13.1.12
    put(s, "ro_corps", "valjevo")                            # a Romanian there (13.1.8), supplied
    ro = reserve_unit(s, "AP", "ro_corps")                   # only through Belgrade (14.2.2)
    assert rule(refusal(s, "sr", "AP", pid=ro, to="valjevo")) == "PoG 13.1.12"


def test_pog_9_5_2_4_allied_sr_into_kavala_only_after_salonika_or_greek_entry():
    s = empty_map()
    control(s, "salonika", "AP")             # Kavala is no port: the SR is overland
    corps = put(s, "br_corps", "salonika")
    assert "kavala" not in SR.destinations(game(s), "AP", corps)
    set_global(s, "pog_events", ["ap_30"])
    assert "kavala" in SR.destinations(game(s), "AP", corps)


# -- 7.1.8 French Mutiny ------------------------------------------------------------------------

def _mutiny_board(**globals_):
    s = empty_map()
    for k, v in {"pog_mo_ap": "FR", "pog_mo_met_ap": False, "pog_mo_met_cp": True, "turn": 5, **globals_}.items():
        set_global(s, k, v)
    return s


def test_pog_7_1_8_french_attack_after_mutiny_costs_a_vp_and_no_missed_mo_penalty():
    s = _mutiny_board(pog_events=["cp_47"])
    fr, ge = put(s, "fr_corps", "nancy"), put(s, "ge_corps", "metz")
    vp = s.state.globals["vp"]
    edit(s, "War Status VP", status.war_status_vp)  # MO not met, but France after Mutiny: exempt
    assert s.state.globals["vp"] == vp
    edit(s, "AP attacks Metz", lambda g: mo.note_attack(g, "AP", [fr], "metz", [ge]))
    assert s.state.globals.get("pog_french_mutiny_attack") == 5
    edit(s, "War Status VP", status.war_status_vp)
    assert s.state.globals["vp"] == vp + 1


def test_pog_7_1_8_mutiny_after_the_french_mo_was_met_has_no_effect_that_turn():
    s = _mutiny_board()
    fr, ge = put(s, "fr_corps", "nancy"), put(s, "ge_corps", "metz")

    def french_attack(g):
        mo.note_attack(g, "AP", [fr], "metz", [ge])
    edit(s, "AP attacks Metz", french_attack)     # French MO made before the event
    assert s.state.globals["pog_mo_met_ap"] is True
    set_global(s, "pog_events", ["cp_47"])
    edit(s, "AP attacks Metz", french_attack)
    assert not s.state.globals.get("pog_french_mutiny_attack")
    set_global(s, "turn", 6)                      # next turn the Mutiny applies
    edit(s, "AP attacks Metz", french_attack)
    assert s.state.globals.get("pog_french_mutiny_attack") == 6


# -- 10.1.2 SR: temporary overstack ---------------------------------------------------------------

def test_pog_10_1_2_sr_may_overstack_a_space_until_the_end_of_the_sr():
    s = empty_map()
    there = [put(s, "ge_corps", "berlin") for _ in range(3)]
    newcomer = put(s, "ge_corps", "breslau")
    sr(s, "CP", 2)
    assert refusal(s, "sr", "CP", pid=newcomer, to="berlin") is None   # 1 point left for one out
    act(s, "sr", "CP", pid=newcomer, to="berlin")
    assert s.state.globals["pog_moving"] is True
    assert rule(refusal(s, "end_sr", "CP")) == "PoG 10.1.2"
    act(s, "sr", "CP", pid=there[0], to="dresden")
    assert top(s) is None or top(s)["state"] != "sr"                 # points spent: SR over
    assert s.state.globals["pog_moving"] is False
    assert len([p for p in s.state.stacks["berlin"]]) == 3


def test_pog_10_1_4_sr_may_not_leave_a_space_overstacked():
    s = empty_map()
    for _ in range(3):
        put(s, "ge_corps", "berlin")
    newcomer = put(s, "ge_corps", "breslau")
    sr(s, "CP", 1)                                     # no point left to move one out again
    assert rule(refusal(s, "sr", "CP", pid=newcomer, to="berlin")) == "PoG 10.1.4"
    s = empty_map()
    for _ in range(3):
        put(s, "ge_corps", "berlin")
    a, b = put(s, "ge_corps", "breslau"), put(s, "ge_corps", "posen")
    sr(s, "CP", 2)
    act(s, "sr", "CP", pid=a, to="berlin")
    # spending the last point elsewhere would leave Berlin overstacked for good
    assert rule(refusal(s, "sr", "CP", pid=b, to="dresden")) == "PoG 10.1.4"


# -- 16.1.6 War Status at Total War -----------------------------------------------------------------

def test_pog_16_1_6_at_total_war_war_status_events_raise_only_the_combined_status():
    s = fresh("campaign", 1)
    set_global(s, "commitment_cp", "total_war")
    set_global(s, "ws_cp", 12)
    set_global(s, "ws_combined", 20)
    card_to(s, "cp_13", "hand:CP")                     # Falkenhayn: War Status 1 ...
    set_global(s, "pog_events", ["ap_09"])             # ... playable once Moltke was played
    ws = int(module().piece_types["cp_13"].attrs.get("ws") or 0)
    assert ws > 0
    act(s, "play_event", "CP", card="cp_13")
    g = s.state.globals
    assert g["ws_cp"] == 12 and g["ws_combined"] == 20 + ws


# -- 5.7.1 Historical set-up ------------------------------------------------------------------------

def test_pog_5_7_1_historical_set_up_trench_changes():
    hist = fresh("historical", 1)
    camp = fresh("campaign", 1)
    assert markers(hist, "brussels", "m_trench_cp") and not markers(hist, "brussels", "m_trench_ap")
    assert markers(camp, "brussels", "m_trench_ap") and not markers(camp, "brussels", "m_trench_cp")
    for loc in ("verona", "asiago", "maggiore", "udine"):
        assert markers(hist, loc, "m_trench_ap") and not markers(camp, loc, "m_trench_ap")


# -- 11.1.12 Albania traces to Taranto -------------------------------------------------------------

def test_pog_11_1_12_albanian_spaces_trace_to_taranto_while_italy_is_neutral():
    s = empty_map()
    for loc in ("tirana", "valona"):
        for n in s.ruleset.graph.neighbours(loc):
            if module().locations[n].attrs.get("nation") != "AL" and n != "taranto":
                control(s, n, "CP")                     # Albania cut off by land
    control(s, "london", "CP")      # and by sea: no Allied source reaches a port (14.1.4)
    g = game(s)
    assert g.get("pog_entered") is None or "IT" not in g.get("pog_entered")
    assert controller(s, "taranto") == "neutral"
    assert supply.in_supply(g, "tirana", "AP", None, attrition=True)   # via Valona-Taranto
    control(s, "taranto", "CP")
    assert not supply.in_supply(game(s), "tirana", "AP", None, attrition=True)


# -- 14.3.1 / 14.3.2 out of supply units --------------------------------------------------------------

def _cut_off(s, loc: str, enemy: str) -> None:
    for n in s.ruleset.graph.neighbours(loc):
        control(s, n, enemy)


def test_pog_14_3_1_oos_units_may_not_be_activated_to_move_or_attack():
    s = empty_map()
    put(s, "ru_corps", "warsaw")
    _cut_off(s, "warsaw", "CP")
    ops(s, "AP", 2)
    assert rule(refusal(s, "activate", "AP", space="warsaw", mode="move")) == "PoG 14.1.1.1"
    assert rule(refusal(s, "activate", "AP", space="warsaw", mode="attack")) == "PoG 14.1.1.1"


def test_pog_14_3_2_oos_units_may_not_sr():
    s = empty_map()
    ru = put(s, "ru_corps", "warsaw")
    assert SR.destinations(game(s), "AP", ru)
    _cut_off(s, "warsaw", "CP")
    assert not SR.destinations(game(s), "AP", ru)
    sr(s, "AP", 2)
    assert refusal(s, "sr", "AP", pid=ru, to="reserve:AP") is not None


# -- 9.5.1.1 every event follows its card ----------------------------------------------------------

def test_pog_9_5_1_1_every_strategy_card_has_its_event():
    ids = [t.id for t in module().piece_types.values() if t.kind == "card"]
    assert len(ids) == 130
    assert [c for c in ids if c not in PathsOfGlory.events and c not in COMBAT_CARDS] == []


def test_pog_10_1_4_sr_may_not_leave_more_overstack_than_the_points_can_clear():
    """10.1.2/10.1.4: two overstacked spaces must be cleared together with the SR points left
    (found by the fuzzer: Sarajevo and Tarnopol both over the limit with 1 point left)."""
    s = empty_map()
    for _ in range(4):
        put(s, "ah_corps", "sarajevo")             # one too many: 1 point clears it
    for _ in range(3):
        put(s, "ah_corps", "tarnopol")
    mover = put(s, "ah_corps", "villach")
    frame = {"state": "sr", "side": "CP", "points": 4, "spent": 2, "done": []}
    g = game(s)
    assert SR.unfixable_after(g, frame, mover, "tarnopol") is not None   # 1 point, 2 excess
    frame["spent"] = 1
    assert SR.unfixable_after(g, frame, mover, "tarnopol") is None       # 2 points: both clear
