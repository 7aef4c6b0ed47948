"""Combat: offensive bombardment (13.2), defensive fire (13.3), assault (13.4), counterattack
(13.5), disorganization and surrender (16.0), step losses (17.0), artillery (19.0), fortresses
(20.0). The Assault, Bombardment and Defensive Fire cells are reconstructed data: the tests read
the expected cell from the module's table, and assert how the rules read and apply it."""
from __future__ import annotations

from engine.testing import legal, refused

from modules.strafexpedition_1916.rules import assault, fire, tables, trenches, units

from .positions import PLAIN, clear, declare, dp, game, new, place, record


def setup(pos, weather="clear"):
    clear(pos, PLAIN + ("0258", "0358", "0458", "0157", "0156"))
    pos.set("se_weather", weather)


# -- 13.4 assault ---------------------------------------------------------------------------------------

def test_se_13_4_3_odds_round_down_to_a_column_example_11_to_3():
    pos = new()
    g = game(pos)
    assert tables.column_label(g, tables.odds_column(g, 11, 3)) == "3.5:1"   # 11:3 = 3.66 → 3.5:1
    assert tables.column_label(g, tables.odds_column(g, 3, 3)) == "1:1"
    assert tables.column_label(g, tables.odds_column(g, 1, 3)) == "1:3"      # beyond the table, one column
    assert tables.column_label(g, tables.odds_column(g, 14, 2)) == "7:1"


def test_se_13_4_3_below_1_2_is_1d2r_for_the_attacker_above_5_1_is_5_1():
    pos = new()
    g = game(pos)
    att, dfn, col = tables.assault(g, -1, 6)
    assert (att.steps, att.dp, att.retreat, col) == (1, 2, True, "below 1:2") and dfn.nothing
    att2, dfn2, col2 = tables.assault(g, 11, 3)
    assert col2 == "5:1"


def test_se_13_4_assault_resolution_with_morale_shift_and_report():
    pos = new()
    setup(pos)
    a = place(pos, "it_taro_207_i", "0356")
    d = place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a])
    declare(pos, a, "0357")
    pos.dice(5)
    pos.call("resolution", side="IT", counter=False)
    g = game(pos)
    rep = pos.state.get("combat_report")
    assert rep["stage"] == "resolved" and rep["title"].startswith("Assault on 0357")
    line = rep["lines"][0]
    assert ["current morale 3 against 4 (16.3)", -1] in line["shifts"]
    assert line["column"] == "1:1 → 1:2" and line["dice"] == [5]
    att, dfn, _ = tables.assault(g, 0, 5)
    assert line["result"] == f"{att.code} / {dfn.code}"


def test_se_13_4_4_first_step_from_the_unit_whose_morale_was_used():
    pos = new()
    setup(pos)
    a = place(pos, "it_taro_207_i", "0356")
    alp = place(pos, "it_alp_vicenza", "0356")          # morale 4: the one used
    place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a, alp])
    declare(pos, a, "0357")
    declare(pos, alp, "0357")
    pos.dice(1)                                           # 7:3 = 2:1, morale 4 v 4: 2:1, die 1: 1D1R/0D1
    pos.call("resolution", side="IT", counter=False)
    assert pos.state.pieces[alp].face == 1 and pos.state.pieces[a].face == 0
    assert pos.where(alp) == "0356" and pos.where(a) == "0356"     # the attackers retreated


def test_se_13_4_5_defender_retreats_by_priority_and_the_attacker_takes_the_hex():
    pos = new()
    setup(pos)
    a1 = place(pos, "ah_55_87_i", "0356")
    a2 = place(pos, "ah_55_87_ii", "0457")
    d = place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", [a1, a2])
    declare(pos, a1, "0357")
    declare(pos, a2, "0357")
    pos.dice(4)                                           # 6:3 = 2:1, +1 morale = 2.5:1, die 4: 0D1/1D1R
    pos.call("resolution", side="AH", counter=False)
    assert pos.session.prompt().kind == "retreat" and pos.session.prompt().side == "IT"
    offered = sorted(a["to"] for a in pos.session.legal_actions())
    g = game(pos)
    klass, hexes = assault.retreat_options(g, d, "0357", ["0356", "0457"], ["0356", "0457"])
    assert klass == "A" and offered == hexes and "0356" not in offered and "0457" not in offered
    refused(pos.session, f"IT: retreat to=@0356 unit=#{d}", "SE 13.4.5 A")
    pos.push(f"IT: retreat to=@{offered[0]} unit=#{d}")
    assert pos.where(d) == offered[0] and pos.state.pieces[d].face == 1
    assert sorted(pos.where(p) for p in (a1, a2)) == ["0357", "0357"]
    assert pos.state.get("se_control", {}).get("0357") == "AH"
    assert "0357" in pos.state.get("se_actions")[-1]["lost"]


def test_se_13_4_5_2_no_hex_to_retreat_into_surrender():
    pos = new()
    setup(pos)
    d = place(pos, "it_taro_207_i", "0356")
    attackers = []
    for h, t in zip(game(pos).data.nbrs["0356"],
                    ["ah_55_87_i", "ah_55_87_ii", "ah_55_87_iii", "ah_55_96_i", "ah_55_96_ii", "ah_55_96_iii"]):
        attackers.append(place(pos, t, h))
    record(pos, "AH", attackers[:2])
    declare(pos, attackers[0], "0356")
    declare(pos, attackers[1], "0356")
    pos.dice(4)
    pos.call("resolution", side="AH", counter=False)
    assert pos.where(d) == "surrendered:IT"


def test_se_13_4_5_3_artillery_in_battery_cannot_retreat_and_is_captured_after_the_action():
    pos = new()
    setup(pos)
    a1 = place(pos, "ah_55_87_i", "0356")
    a2 = place(pos, "ah_55_87_ii", "0457")
    gun = place(pos, "it_art_v_fld", "0357", face=1)
    record(pos, "AH", [a1, a2])
    declare(pos, a1, "0357")
    declare(pos, a2, "0357")
    pos.dice(1)
    pos.call("resolution", side="AH", counter=False)
    assert pos.where(gun) == "0357"                 # CF 0: beyond 5:1, in battery it stays (17.3)
    rules = pos.session.ruleset
    pos.edit("end of the Action", lambda tx: rules.machine.state("action").captures(rules.game(pos.state, tx), {}))
    assert pos.where(gun) == "surrendered:IT"


def test_se_13_1_3_units_advance_into_a_hex_the_bombardment_emptied():
    pos = new()
    setup(pos)
    a = place(pos, "ah_55_87_i", "0356")
    record(pos, "AH", [a])
    declare(pos, a, "0357")
    pos.call("resolution", side="AH", counter=False)
    assert pos.where(a) == "0357"


def test_se_13_1_4_and_12_5_only_two_of_three_declared_units_assault():
    pos = new()
    setup(pos)
    units_ = [place(pos, "ah_55_87_i", "0356"), place(pos, "ah_55_87_ii", "0457"), place(pos, "ah_55_87_iii", "0358")]
    d = place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", units_)
    for u in units_:
        declare(pos, u, "0357")
    pos.dice(6)
    pos.call("resolution", side="AH", counter=False)
    rep = pos.state.get("combat_report")
    assert "CF 6" in rep["lines"][0]["what"]             # two battalions of CF 3, not three


def test_se_9_1_rain_shifts_assaults_one_column_left():
    pos = new()
    setup(pos, weather="rain")
    a = place(pos, "it_taro_207_i", "0356")
    place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a])
    declare(pos, a, "0357")
    pos.dice(6)
    pos.call("resolution", side="IT", counter=False)
    assert ["Rain (9.1)", -1] in pos.state.get("combat_report")["lines"][0]["shifts"]


def test_se_16_4_2_the_winner_never_surrenders():
    pos = new()
    setup(pos)
    a1 = place(pos, "ah_180_1kj_i", "0356", dp=4)       # morale 5: one more DP would reach it
    a2 = place(pos, "ah_180_1kj_ii", "0457", dp=4)
    d = place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", [a1, a2])
    declare(pos, a1, "0357")
    declare(pos, a2, "0357")
    pos.dice(6)                                           # 8:3 = 2.5:1, morale 1 v 3: -2 → 1.5:1
    pos.call("resolution", side="AH", counter=False)
    g = game(pos)
    att, dfn, col = tables.assault(g, 2, 6)
    assert pos.state.get("combat_report")["lines"][0]["result"] == f"{att.code} / {dfn.code}"
    assert dfn.retreat and not att.retreat and att.dp
    assert pos.where(a1) == "0357" and pos.where(a2) == "0357"
    assert dp(pos, a1) == 4 and dp(pos, a2) == 4                # the winner ends one below surrender


def test_se_16_4_surrender_when_disorganization_reaches_morale_in_an_assault():
    pos = new()
    setup(pos)
    a = place(pos, "it_taro_207_i", "0356", dp=2)       # morale 3
    place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a])
    declare(pos, a, "0357")
    pos.dice(6)                                           # 1:1, morale 1 v 4 (-3): below 1:2 → 1D2R
    pos.call("resolution", side="IT", counter=False)
    assert pos.where(a) in ("surrendered:IT", "eliminated:IT")


def test_se_16_4_1_a_last_step_lost_with_its_dp_is_eliminated_not_surrendered():
    pos = new()
    setup(pos)
    a = place(pos, "it_taro_207_i", "0356", face=1, dp=2)
    place(pos, "ah_55_87_i", "0357")
    record(pos, "IT", [a])
    declare(pos, a, "0357")
    pos.dice(6)
    pos.call("resolution", side="IT", counter=False)
    assert pos.where(a) == "eliminated:IT"


def test_se_16_4_out_of_contact_a_unit_stays_one_below_the_threshold():
    pos = new()
    setup(pos)
    a = place(pos, "it_taro_207_i", "0356", dp=2)
    g = game(pos)
    pos.edit("2 DP", lambda tx: units.add_dp(pos.session.ruleset.game(pos.state, tx), a, 2, "test"))
    assert pos.where(a) == "0356" and dp(pos, a) == 2


def test_se_17_1_two_steps_full_then_reduced_then_eliminated():
    pos = new()
    setup(pos)
    a = place(pos, "it_taro_207_i", "0356")
    pos.edit("a step", lambda tx: units.lose_step(pos.session.ruleset.game(pos.state, tx), a, "test"))
    assert pos.state.pieces[a].face == 1
    pos.edit("a step", lambda tx: units.lose_step(pos.session.ruleset.game(pos.state, tx), a, "test"))
    assert pos.where(a) == "eliminated:IT"


# -- 13.2 bombardment -------------------------------------------------------------------------------------

def bombard_setup(pos, guns, targets_units, weather="clear"):
    setup(pos, weather)
    record(pos, "AH", [], artillery=guns)
    pos.call("bombard", side="AH", targets={})


def test_se_13_2_bombardment_total_bf_weather_halving_and_results():
    pos = new()
    setup(pos, weather="rain")
    g1 = place(pos, "ah_art_viii_hvy", "0355", face=1)
    g2 = place(pos, "ah_art_viii_fld", "0455", face=1)
    d = place(pos, "it_taro_207_i", "0357")
    record(pos, "AH", [], artillery=[g1, g2])
    pos.call("bombard", side="AH", targets={})
    pos.push(f"AH: target gun=#{g1} hex=@0357")
    pos.push(f"AH: target gun=#{g2} hex=@0357")
    pos.dice(6)
    pos.push("AH: fire")
    rep = pos.state.get("combat_report")
    assert "BF 13 → 6 (Rain: BF halved (9.1))" in rep["lines"][0]["what"]
    g = game(pos)
    col, row, res = tables.bombardment(g, 6, 0, 6)
    assert rep["lines"][0]["column"] == col == "4-6" and rep["lines"][0]["result"] == res.code
    assert g1 in pos.state.get("se_fired_offensive") and "Act" in pos.state.pieces[g1].markers


def test_se_13_2_4_an_artillery_unit_bombards_once_a_turn():
    pos = new()
    setup(pos)
    gun = place(pos, "ah_art_viii_fld", "0355", face=1)
    place(pos, "it_taro_207_i", "0357")
    pos.set("se_fired_offensive", [gun])
    record(pos, "AH", [], artillery=[gun])
    pos.call("action", side="AH", acts=pos.state.get("se_actions")[-1]["acts"], reaction=False)
    assert pos.session.prompt().kind == "tactical"
    pos.call("bombard", side="AH", targets={})
    refused(pos.session, f"AH: target gun=#{gun} hex=@0357", "SE 13.2.4")


def test_se_19_2_heavy_artillery_set_up_this_turn_cannot_fire():
    pos = new()
    setup(pos)
    gun = place(pos, "ah_art_viii_hvy", "0355", face=1)
    place(pos, "it_taro_207_i", "0357")
    pos.set("se_heavy_setup", [gun])
    record(pos, "AH", [], artillery=[gun])
    pos.call("bombard", side="AH", targets={})
    refused(pos.session, f"AH: target gun=#{gun} hex=@0357", "SE 19.2")


def test_se_13_2_2_target_must_be_observed_and_in_range():
    pos = new()
    setup(pos)
    gun = place(pos, "ah_art_viii_mtn", "0355", face=1)      # range 8
    place(pos, "it_taro_207_i", "0266")                        # 11 hexes away
    record(pos, "AH", [], artillery=[gun])
    pos.call("bombard", side="AH", targets={})
    refused(pos.session, f"AH: target gun=#{gun} hex=@0266", "SE 13.2.2")


def test_se_13_2_6_t_result_ignored_when_only_mountain_artillery_fired():
    pos = new()
    setup(pos)
    guns = [place(pos, "ah_art_viii_mtn", h, face=1) for h in ("0355", "0455", "0255", "0256")]
    place(pos, "it_taro_207_i", "0357")
    place(pos, "m_trench2", "0357")
    g = game(pos)
    record(pos, "AH", [], artillery=guns)
    pos.call("bombard", side="AH", targets={})
    for gun in guns:
        pos.push(f"AH: target gun=#{gun} hex=@0357")
    pos.dice(6)                                              # 16 BF: 16-22, die 6: 2D2T
    pos.push("AH: fire")
    assert trenches.level(game(pos), "0357") == 2
    assert "T ignored: only mountain artillery fired (13.2.6)" in pos.state.get("combat_report")["outcome"]


def test_se_19_6_artillery_dies_only_from_two_steps_of_one_bombardment():
    pos = new()
    setup(pos)
    gun = place(pos, "it_art_v_fld", "0357", face=1)
    pos.edit("one step", lambda tx: fire.take_losses(pos.session.ruleset.game(pos.state, tx), [gun], 1, "test",
                                                      artillery_two=True))
    assert pos.where(gun) == "0357"
    pos.edit("two steps", lambda tx: fire.take_losses(pos.session.ruleset.game(pos.state, tx), [gun], 2, "test",
                                                       artillery_two=True))
    assert pos.where(gun) == "eliminated:IT"


def test_se_19_7_each_dp_lowers_the_bf_and_dp_at_bf_stops_fire():
    pos = new()
    setup(pos)
    gun = place(pos, "it_art_v_fld", "0357", face=1, dp=2)
    g = game(pos)
    assert units.bf(g, gun) == 3
    gun2 = place(pos, "it_art_v_fld", "0356", face=1, dp=5)
    assert units.bf(game(pos), gun2) == 0 and not fire.gun_can_bombard(game(pos), gun2)


def test_se_19_1_moving_artillery_has_bf_0():
    pos = new()
    setup(pos)
    gun = place(pos, "it_art_v_fld", "0357", face=0)
    assert units.bf(game(pos), gun) == 0


# -- 13.3 defensive fire ----------------------------------------------------------------------------------

def test_se_13_3_6_artillery_support_capped_by_the_infantry_examples():
    pos = new()
    setup(pos)
    inf = place(pos, "it_taro_207_i", "0356")                 # MG 2
    mt = place(pos, "it_mt_xii", "0455")                     # MG 0
    big = place(pos, "it_art_v_hvy", "0255", face=1)          # BF 8
    small = place(pos, "it_art_v_mtn", "0256", face=1)        # BF 4
    g = game(pos)
    total, _ = fire.df_strength(g, "0357", [inf], [big], False)
    assert total == 4                                          # example 1: 2 + 8/4
    total, _ = fire.df_strength(g, "0357", [mt], [small], False)
    assert total == 1                                          # example 2: 0 + 4/4, minimum 1
    total, _ = fire.df_strength(g, "0357", [mt], [big], False)
    assert total == 1                                          # 8/4 = 2 capped at 1
    total, _ = fire.df_strength(g, "0357", [mt], [big], True)
    assert total == 2                                          # 13.3.7: 1 LP lifts the cap


def test_se_13_3_defensive_fire_falls_only_on_the_assaulting_units():
    pos = new()
    setup(pos)
    a = place(pos, "ah_55_87_i", "0356")
    b = place(pos, "ah_55_87_ii", "0356")                     # not assaulting
    d = place(pos, "it_taro_207_i", "0357")
    gun = place(pos, "it_art_v_hvy", "0359", face=1)
    record(pos, "AH", [a, b])
    declare(pos, a, "0357")
    pos.set("lp_IT", 3)
    pos.call("defensive_fire", side="IT", counter=False, assign={}, uncapped=[])
    refused(pos.session, "IT: fire_at hex=@0358 unit=#%d" % d, "SE 13.3")
    pos.push(f"IT: fire_at hex=@0356 unit=#{d}")
    pos.push(f"IT: fire_at hex=@0356 unit=#{gun}")
    pos.push("IT: uncap hex=@0356")
    assert pos.state.get("lp_IT") == 2
    pos.dice(6)
    pos.push("IT: resolve")
    rep = pos.state.get("combat_report")
    assert rep["title"].startswith("Defensive fire (13.3)")
    assert "MG 2" in rep["lines"][0]["what"] and "1 LP paid" in rep["lines"][0]["what"]
    assert pos.state.pieces[b].face == 0 and dp(pos, b) == 0
    assert gun in pos.state.get("se_fired_defensive") and "Def Fired" in pos.state.pieces[gun].markers


def test_se_13_3_4_and_13_3_8_artillery_within_six_hexes_once_a_turn():
    pos = new()
    setup(pos)
    a = place(pos, "ah_55_87_i", "0356")
    far = place(pos, "it_art_v_hvy", "0364", face=1)          # 8 hexes away
    used = place(pos, "it_art_v_fld", "0358", face=1)
    pos.set("se_fired_defensive", [used])
    record(pos, "AH", [a])
    declare(pos, a, "0357")
    pos.call("defensive_fire", side="IT", counter=False, assign={}, uncapped=[])
    refused(pos.session, f"IT: fire_at hex=@0356 unit=#{far}", "SE 13.3.4")
    refused(pos.session, f"IT: fire_at hex=@0356 unit=#{used}", "SE 13.3.8")


def test_se_13_5_3_no_artillery_in_a_counterattack():
    pos = new()
    setup(pos)
    a = place(pos, "ah_55_87_i", "0356")
    gun = place(pos, "it_art_v_fld", "0358", face=1)
    record(pos, "IT", [])
    declare(pos, a, "0357")
    pos.call("defensive_fire", side="IT", counter=True, assign={}, uncapped=[])
    refused(pos.session, f"IT: fire_at hex=@0356 unit=#{gun}", "SE 13.5.3")


# -- 13.5 counterattack ----------------------------------------------------------------------------------

def test_se_13_5_counterattack_on_a_hex_just_lost_and_trench_restored():
    pos = new()
    setup(pos)
    a1 = place(pos, "ah_55_87_i", "0356")
    a2 = place(pos, "ah_55_87_ii", "0457")
    d = place(pos, "it_taro_207_i", "0357")
    place(pos, "m_trench1", "0357")
    c = place(pos, "it_taro_207_ii", "0259")                  # two hexes from 0357
    record(pos, "AH", [a1, a2])
    declare(pos, a1, "0357")
    declare(pos, a2, "0357")
    pos.dice(5)                                                # 2:1, +1 morale, -1 trench: 2:1, die 5
    pos.call("resolution", side="AH", counter=False)
    pos.push(f"IT: retreat to=@{sorted(a['to'] for a in pos.session.legal_actions())[0]} unit=#{d}")
    assert trenches.level(game(pos), "0357") == 0            # 18.5: captured, one level less
    pos.call("counter", side="IT")
    legal(pos.session, f"IT: move to=@0358 unit=#{c}")
    pos.push(f"IT: move to=@0358 unit=#{c}")
    pos.push(f"IT: counterattack target=@0357 unit=#{c}")
    pos.push("IT: done")
    pos.dice(6)
    pos.call("resolution", side="IT", counter=True)
    g = game(pos)
    rep = pos.state.get("combat_report")
    assert rep["title"].startswith("Counterattack on 0357")
    if pos.state.get("se_control", {}).get("0357") != "AH":
        assert trenches.level(g, "0357") == 1                 # 13.5.4


# -- 20.0 fortresses ------------------------------------------------------------------------------------

def test_se_20_5_fortress_hit_in_its_trench_level_and_20_2_destroyed_at_zero():
    pos = new()
    setup(pos)
    fort = place(pos, "it_fort_corbin", "0357")               # TL 2
    g = game(pos)
    assert trenches.level(g, "0357") == 2
    pos.edit("T", lambda tx: trenches.reduce(pos.session.ruleset.game(pos.state, tx), "0357", "test"))
    assert trenches.level(game(pos), "0357") == 1
    pos.edit("T", lambda tx: trenches.reduce(pos.session.ruleset.game(pos.state, tx), "0357", "test"))
    assert pos.where(fort) == "eliminated:IT"


def test_se_20_6_a_captured_fortress_leaves_its_level_minus_one():
    pos = new()
    setup(pos)
    fort = place(pos, "it_fort_corbin", "0357")
    pos.edit("capture", lambda tx: units.capture(pos.session.ruleset.game(pos.state, tx), fort, "test"))
    assert pos.where(fort) == "surrendered:IT"
    assert trenches.level(game(pos), "0357") == 1
    assert pos.state.get("se_surrendered_steps") == {"IT": 5}
