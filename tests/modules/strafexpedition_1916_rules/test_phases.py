"""Trenches (18.0), the Artillery Phase (19.1, 19.2, 19.5, 20.7, 18.6, the Roana bridge), the
Event Phase (4.0-7, the Event Tables, 22.0) and the Replacement and Recovery Phase (21.0)."""
from __future__ import annotations

from engine.testing import legal, refused

from modules.strafexpedition_1916.rules import command, events, recovery, trenches

from .positions import PLAIN, clear, game, new, place, record


# -- 18.0 trenches -------------------------------------------------------------------------------------

def dig_setup(pos, unit_type="it_taro_207_i", hex_="0356", lp=1, also=()):
    clear(pos, PLAIN)
    for t in also:
        place(pos, t, hex_)
    u = place(pos, unit_type, hex_)
    record(pos, "IT", [u], brigade="taro", lp=lp)
    pos.set("se_weather", "clear")
    pos.call("tactical", side="IT")
    return u


def test_se_18_1_an_activated_unit_that_does_not_move_digs_a_level_1_trench():
    pos = new()
    u = dig_setup(pos)
    pos.push(f"IT: dig unit=#{u}")
    assert trenches.level(game(pos), "0356") == 1
    refused(pos.session, f"IT: move to=@0357 unit=#{u}", "SE 11.0.7")


def test_se_18_2_a_brigade_activated_without_lp_builds_no_trench():
    pos = new()
    u = dig_setup(pos, lp=0)
    refused(pos.session, f"IT: dig unit=#{u}", "SE 18.2")


def test_se_18_2_levels_2_and_3_take_two_turns_and_18_2_1_revert_if_the_unit_moves():
    pos = new()
    u = dig_setup(pos, also=["m_trench1"])
    pos.push(f"IT: dig unit=#{u}")
    g = game(pos)
    assert trenches.level(g, "0356") == 1 and "0356" in trenches.digging(g)
    pos.set("turn", 2)
    pos.edit("complete", lambda tx: trenches.complete(pos.session.ruleset.game(pos.state, tx), "taro"))
    assert trenches.level(game(pos), "0356") == 2
    # a second work, then the builder moves away: it reverts
    pos.set("se_moved", [])
    record(pos, "IT", [u], brigade="taro")
    pos.set("se_trench_budget", None)
    pos.set("se_trench_hexes", None)
    pos.call("tactical", side="IT")
    pos.push(f"IT: dig unit=#{u}")
    assert trenches.digging(game(pos))["0356"]["to"] == 3
    pos.set("turn", 3)
    pos.set("se_moved", [])
    record(pos, "IT", [u], brigade="taro")
    pos.call("tactical", side="IT")
    pos.push(f"IT: move to=@0357 unit=#{u}")
    assert "0356" not in trenches.digging(game(pos)) and trenches.level(game(pos), "0356") == 2


def test_se_18_1_1_no_trench_in_a_fortress_hex():
    pos = new()
    u = dig_setup(pos, also=["it_fort_corbin"])
    refused(pos.session, f"IT: dig unit=#{u}", "SE 18.1.1")


def test_se_18_2_five_levels_a_turn_per_brigade():
    pos = new()
    u = dig_setup(pos)
    pos.set("se_trench_budget", {"taro": 5})
    refused(pos.session, f"IT: dig unit=#{u}", "SE 18.2")


def test_se_18_3_in_an_enemy_zoc_a_die_of_1_3():
    pos = new()
    u = dig_setup(pos)
    place(pos, "ah_55_87_i", "0357")
    pos.dice(5)
    pos.push(f"IT: dig unit=#{u}")
    assert trenches.level(game(pos), "0356") == 0
    assert pos.state.get("se_trench_budget") == {"taro": 1}


def test_se_18_6_reduce_a_trench_your_units_occupy_in_the_artillery_phase():
    pos = new()
    clear(pos, PLAIN)
    place(pos, "m_trench2", "0356")
    place(pos, "it_taro_207_i", "0356")
    place(pos, "m_trench1", "0357")
    pos.call("artillery_phase", side="IT", next=None)
    refused(pos.session, "IT: reduce_trench hex=@0357", "SE 18.6")
    pos.push("IT: reduce_trench hex=@0356")
    assert trenches.level(game(pos), "0356") == 1


# -- 19.0 the Artillery Phase ------------------------------------------------------------------------------

def test_se_19_1_set_each_unit_for_the_turn_once_and_19_2_heavy_act():
    pos = new()
    clear(pos, PLAIN)
    hvy = place(pos, "it_art_v_hvy", "0356", face=0)
    fld = place(pos, "it_art_v_fld", "0357", face=1)
    pos.call("artillery_phase", side="IT", next=None)
    pos.push(f"IT: battery unit=#{hvy}")
    assert pos.state.pieces[hvy].face == 1 and "Act" in pos.state.pieces[hvy].markers
    assert hvy in pos.state.get("se_heavy_setup")
    refused(pos.session, f"IT: limber unit=#{hvy}", "SE 19.1")
    pos.push(f"IT: limber unit=#{fld}")
    assert pos.state.pieces[fld].face == 0


def test_se_19_5_spike_artillery_in_supply_no_vp():
    pos = new()
    clear(pos, PLAIN)
    gun = place(pos, "it_art_v_fld", "0356", face=1)
    pos.call("artillery_phase", side="IT", next=None)
    pos.push(f"IT: spike unit=#{gun}")
    assert pos.where(gun) == "eliminated:IT" and not pos.state.get("se_surrendered_steps")


def test_se_20_7_spiking_a_fortress_erases_its_hex_trenches():
    pos = new()
    clear(pos, PLAIN)
    fort = place(pos, "it_fort_corbin", "0356")
    pos.call("artillery_phase", side="IT", next=None)
    pos.push(f"IT: spike unit=#{fort}")
    assert pos.where(fort) == "eliminated:IT" and trenches.level(game(pos), "0356") == 0


def test_se_sc1_italian_artillery_fixed_on_turn_1_and_iii_corps_static():
    pos = new("sc1_drive_on_pasubio")
    g = game(pos)
    it_gun = next(p for p, pc in sorted(pos.state.pieces.items()) if pc.type == "it_art_v_fld")
    iii = next(p for p, pc in sorted(pos.state.pieces.items()) if pc.type == "ah_art_iii_fld")
    pos.call("artillery_phase", side="IT", next="AH")
    refused(pos.session, f"IT: limber unit=#{it_gun}", "SE Sc1/Sc2")
    pos.push("IT: done")
    refused(pos.session, f"AH: limber unit=#{iii}", "SE Sc1")


def test_se_sc5_roana_bridge_demolished_on_1_4_then_a_cliff():
    pos = new()
    clear(pos, ["3351"])
    place(pos, "it_taro_207_i", "3351")
    pos.call("artillery_phase", side="IT", next=None)
    g = game(pos)
    from modules.strafexpedition_1916.rules import board
    assert not board.cliff(g, "3351", "3352")
    pos.dice(4)
    pos.push("IT: demolish_bridge")
    g = game(pos)
    assert pos.state.get("roana_bridge") == "destroyed" and board.cliff(g, "3351", "3352")


# -- events ------------------------------------------------------------------------------------------------

def run_event(pos, *dice):
    pos.dice(*dice)
    pos.call("event_phase")


def test_se_4_0_7_no_event_on_turn_1_of_scenario_1():
    pos = new("sc1_drive_on_pasubio")
    pos.call("event_phase")
    assert any("No event this turn" in t for _, t in pos.state.chat)


def test_se_event_it_4_logistic_effort_five_lp():
    pos = new("sc1_drive_on_pasubio")
    pos.set("turn", 2)
    run_event(pos, 5, 4)                     # 5 + 0 → the Italian table; 4: +5 LP
    assert pos.state.get("lp_IT") == 5


def test_se_event_ah_1_doctrine_and_3_short_fire_are_flags_for_the_turn():
    pos = new("sc1_drive_on_pasubio")
    pos.set("turn", 2)
    run_event(pos, 6, 1)
    run_event(pos, 6, 3)
    assert pos.state.get("se_events") == ["doctrine", "short_fire_AH"]


def test_se_event_2_the_opponent_moves_one_regiment_one_hex():
    pos = new("sc1_drive_on_pasubio")
    pos.set("turn", 2)
    run_event(pos, 5, 2, 1)                  # Italian table 2; first Italian brigade drawn
    p = pos.session.prompt()
    assert p.kind == "event_move" and p.side == "AH"
    first = next(a for a in pos.session.legal_actions() if a.verb == "shift")
    unit, start = first["unit"], pos.where(first["unit"])
    regiment = pos.state.pieces[unit].type.split("_")[2]
    pos.push(first)
    assert pos.where(unit) == first["to"] and first["to"] in game(pos).data.nbrs[start]
    others = {a["unit"] for a in pos.session.legal_actions() if a.verb == "shift"}
    assert unit not in others
    assert all(pos.state.pieces[p].type.split("_")[2] == regiment for p in others)


def test_se_event_it_1_a_drawn_brigade_must_activate_and_assault():
    pos = new()
    clear(pos)
    taro = command.hq_pieces(game(pos), "IT")["taro"]
    place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0357")
    pos.set("turn", 2)
    pos.set("se_plan", {"IT": {}, "AH": {}})
    pos.edit("event", lambda tx: events.local_counterattack(pos.session.ruleset.game(pos.state, tx)))
    assert pos.state.get("se_forced_brigade") == "taro" and pos.where(taro) == "bd:IT:1"
    pos.set("se_weather", "clear")
    pos.call("action_phase", side="IT", passed=False)
    refused(pos.session, "IT: pass", "SE 4.0-7")


# -- 21.0 replacements ----------------------------------------------------------------------------------------

def test_se_21_2_one_step_per_brigade_and_21_5_not_next_to_the_enemy():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0356", face=1)
    b = place(pos, "it_taro_207_ii", "0255", face=1)
    c = place(pos, "it_roma_79_i", "0253", face=1)
    place(pos, "ah_55_87_i", "0357")
    pos.call("replacements", side="IT", next=None)
    refused(pos.session, f"IT: replace unit=#{a}", "SE 21.5")
    pos.push(f"IT: replace unit=#{b}")
    refused(pos.session, f"IT: replace unit=#{a}", "SE 21.2")
    legal(pos.session, f"IT: replace unit=#{c}")


def test_se_21_2_rebuild_an_eliminated_battalion_reduced_near_its_brigade_21_4_not_independents():
    pos = new()
    clear(pos)
    place(pos, "it_taro_207_i", "0356")
    gone = place(pos, "it_taro_207_ii", "eliminated:IT")
    alp = place(pos, "it_alp_vicenza", "eliminated:IT")
    pos.call("replacements", side="IT", next=None)
    refused(pos.session, f"IT: rebuild at=@0357 unit=#{alp}", "SE 21.4")
    pos.push(f"IT: rebuild at=@0357 unit=#{gone}")
    assert pos.where(gone) == "0357" and pos.state.pieces[gone].face == 1


def test_se_21_6_and_21_7_dl_recovery_unless_forced_or_replaced_and_4_0_11_hqs_off():
    pos = new()
    clear(pos)
    a = place(pos, "it_taro_207_i", "0356", dp=2)
    b = place(pos, "it_taro_207_ii", "0255", dp=1)
    c = place(pos, "it_taro_207_iii", "0257", face=1, dp=1)
    hq = command.hq_pieces(game(pos), "IT")["taro"]
    pos.move(hq, "0356")
    pos.set("se_activated", ["taro"])
    pos.set("se_forced", [b])
    pos.call("replacements", side="IT", next=None)
    pos.push(f"IT: replace unit=#{c}")
    pos.push("IT: done")
    g = game(pos)
    assert g.dp(a) == 1 and g.dp(b) == 1 and g.dp(c) == 1
    assert pos.where(hq) == "bd:IT:5"
