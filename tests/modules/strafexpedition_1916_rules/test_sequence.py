"""The sequence of play (4.0), reinforcements (6.0), logistics and initiative (7.0), the secret
Command Phase (8.2-8.3), weather (9.0), the end of the turn and victory (22.0, 23.0)."""
from __future__ import annotations

from engine.testing import legal, refused

from modules.strafexpedition_1916.rules import board, command, plans, reinforce, sequence, victory

from .positions import clear, game, new, place


def hq(pos, brigade, side="IT"):
    return command.hq_pieces(game(pos), side)[brigade]


def commit_empty(pos, side):
    pos.push(f"{side}: commit")


def test_se_4_0_the_game_opens_on_the_secret_command_phase_after_reinforcements():
    pos = new("sc1_drive_on_pasubio")
    p = pos.session.prompt()
    assert (p.side, p.kind) == ("AH", "command_plan")
    texts = [t for _, t in pos.state.chat]
    assert texts[0].startswith("— 15 May: Reinforcement Phase")
    assert texts[1].startswith("— 15 May: Command Phase")


def test_se_8_3_activation_costs_one_lp_plus_one_per_five_artillery_examples():
    assert command.box_cost(1) == 1                 # a brigade alone
    assert command.box_cost(2) == 2                 # brigade + 1 artillery = 2 LP (8.3 example)
    assert command.box_cost(4) == 4                 # brigade + 13 artillery = 4 LP (8.3 example)


def test_se_8_3_and_7_0_plans_are_secret_then_revealed_and_paid_together():
    pos = new("sc1_drive_on_pasubio")
    ah = hq(pos, "10m", "AH")
    pos.push(f"AH: plan box=@bd:AH:4 hq=#{ah}")
    assert pos.state.get("secret:AH:plan") == {"10m": 4}
    assert pos.state.get("lp_AH") == 35 and pos.where(ah) == "bd:AH:5"     # nothing shows yet
    assert "se_plan" not in pos.state.globals
    pos.push("AH: commit")
    assert pos.session.prompt().side == "IT"
    assert pos.session.view("AH").prompt.text.startswith("Waiting")
    assert "secret:AH:plan" not in pos.session.view("IT")["globals"]
    assert "secret:AH:plan" in pos.session.view("AH")["globals"]
    pos.push("IT: commit")
    assert pos.where(ah) == "bd:AH:4" and pos.state.get("lp_AH") == 31
    assert pos.state.get("se_plan") == {"AH": {"10m": 4}, "IT": {}}
    assert "secret:AH:plan" not in pos.state.globals


def test_se_8_3_no_plan_costing_more_lp_than_the_general_track_shows():
    pos = new("sc4_monte_novegno")
    a, b = hq(pos, "180", "AH"), hq(pos, "58", "AH")
    pos.push(f"AH: plan box=@bd:AH:4 hq=#{a}")
    refused(pos.session, f"AH: plan box=@bd:AH:4 hq=#{b}", "SE 8.3")       # 4 + 4 > 7 LP
    legal(pos.session, f"AH: plan box=@bd:AH:3 hq=#{b}")


def test_se_7_2_without_lp_no_brigade_is_planned():
    pos = new("sc1_drive_on_pasubio")
    pos.push("AH: commit")
    assert pos.state.get("lp_IT") == 0
    assert [a.verb for a in pos.session.legal_actions()] == ["commit"]
    refused(pos.session, f"IT: plan box=@bd:IT:1 hq=#{hq(pos, 'roma')}", "SE 8.3")


def test_se_4_0_3_initiative_die_plus_command_lp_plus_secret_bid():
    pos = new("sc4_monte_novegno")
    pos.push(f"AH: plan box=@bd:AH:2 hq=#{hq(pos, '180', 'AH')}")
    pos.push("AH: commit")
    pos.push("IT: commit")
    assert pos.session.prompt().kind == "initiative_bid"
    pos.push("AH: bid lp=1")
    assert pos.state.get("secret:AH:bid") == 1 and pos.state.get("lp_AH") == 5
    assert "secret:AH:bid" not in pos.session.view("IT")["globals"]
    pos.dice(2, 5)                                       # AH 2 + 2 + 1 = 5; IT 5 + 0 + 0 = 5: a tie
    pos.dice(6, 1)
    pos.push("IT: bid lp=0")
    assert pos.state.get("lp_AH") == 4
    assert pos.state.get("se_initiative") == "AH"
    assert any("A tie: roll again" in t for _, t in pos.state.chat)


def test_se_9_0_weather_from_the_turn_record_track():
    pos = new("sc1_drive_on_pasubio")
    pos.push("AH: commit")
    pos.push("IT: commit")
    pos.push("AH: bid lp=0")
    pos.push("IT: bid lp=0")
    g = game(pos)
    assert pos.state.get("se_weather") == g.data.trt_value(1, "weather")


def test_se_7_0d_lp_arrive_in_the_reinforcement_phase_and_22_0_stop_after_two_successes():
    pos = new("sc1_drive_on_pasubio")
    g = game(pos)
    assert sequence.scheduled_lp(g, "AH", 2) == 10 and sequence.scheduled_lp(g, "IT", 2) == 5
    pos.set("turn", 2)
    pos.set("russian_successes", 2)
    pos.edit("income", lambda tx: sequence.income(pos.session.ruleset.game(pos.state, tx)))
    assert pos.state.get("lp_AH") == 35 and pos.state.get("lp_IT") == 5


def test_se_7_0_scenario_3_turn_one_lp():
    pos = new("sc3_monte_cengio")
    g = game(pos)
    assert pos.state.get("lp_AH") == 4 + 3     # 4 at start plus the 3 of turn 1
    assert sequence.scheduled_lp(g, "AH", 2) == 3


def test_se_6_1_and_6_2_reinforcements_enter_or_wait():
    pos = new("sc1_drive_on_pasubio")
    pos.set("turn", 2)
    g = game(pos)
    arrived = reinforce.arrived(g, "IT")
    assert arrived and all(g.ptype(p).kind != "hq" for p in arrived) is False or arrived
    pos.call("reinforce", side="IT", next=None)
    unit = next(p for p in reinforce.arrived(game(pos), "IT"))
    hexes = reinforce.entry_hexes(game(pos), unit)
    assert hexes and all(h.endswith("01") for h in hexes)             # the west map edge
    pos.push(f"IT: enter at=@{hexes[0]} unit=#{unit}")
    assert pos.where(unit) == hexes[0]
    pos.push("IT: delay")
    assert reinforce.arrived(game(pos), "IT")                          # the rest wait (6.2)


def test_se_6_2_entry_hex_blocked_by_enemy_zoc():
    pos = new("sc1_drive_on_pasubio")
    pos.set("turn", 4)
    unit = next(p for p in reinforce.arrived(game(pos), "IT") if "1936" in str(pos.state.pieces[p].props.get("entry_hexes")))
    assert "1936" in reinforce.entry_hexes(game(pos), unit)
    clear(pos, ["1937"])
    place(pos, "ah_10m_48", "1937")
    assert "1936" not in reinforce.entry_hexes(game(pos), unit)


def test_se_sc2_alessandria_arrives_with_two_dp():
    pos = new("sc2_asiago_mountains_burning")
    pos.set("turn", 2)
    g = game(pos)
    unit = next(p for p in reinforce.arrived(g, "IT") if pos.state.pieces[p].type.startswith("it_alessandria"))
    hexes = reinforce.entry_hexes(g, unit)
    pos.call("reinforce", side="IT", next=None)
    pos.push(f"IT: enter at=@{hexes[0]} unit=#{unit}")
    assert game(pos).dp(unit) == 2


def test_se_12_7_and_6_1_over_stacked_at_the_end_of_the_turn_one_dp_once():
    pos = new()
    clear(pos, ["0356"])
    units_ = [place(pos, "it_taro_207_i", "0356"), place(pos, "it_taro_207_ii", "0356"),
              place(pos, "it_taro_207_iii", "0356")]
    pos.edit("end of turn", lambda tx: sequence.end_of_turn(pos.session.ruleset.game(pos.state, tx)))
    g = game(pos)
    assert [g.dp(p) for p in units_] == [1, 1, 1]


def test_se_23_3_ah_decisive_victory_and_23_4_italian():
    pos = new()
    g = game(pos)
    control = {h: "AH" for h in "1470 1471 1569 1570 0146 0247 0238 0239".split()}
    pos.set("se_control", control)
    assert victory.decisive(game(pos)) == "AH"
    pos.set("se_control", {h: "IT" for h in "3502 3603 4018 4019".split()})
    assert victory.decisive(game(pos)) == "IT"


def test_se_23_1_geographic_vp_only_for_the_ah_and_multi_hex_objectives_need_all():
    pos = new()
    pos.set("se_control", {"0238": "AH"})
    assert victory.geographic_vp(game(pos)) == 0            # Schio needs 0238 and 0239 (23.1.1)
    pos.set("se_control", {"0238": "AH", "0239": "AH", "1235": "AH"})
    g = game(pos)
    assert victory.geographic_vp(g) == g.data.vp["0238"] + g.data.vp["1235"]


def test_se_23_2_vp_for_steps_lost_by_surrender():
    pos = new()
    pos.set("se_surrendered_steps", {"IT": 25, "AH": 9})
    s = victory.score(game(pos))
    assert s["AH"] == 2 and s["IT"] == 0 and s["net"] == 2


def test_se_sc4_victory_on_monte_novegno():
    pos = new("sc4_monte_novegno")
    pos.set("se_control", {"1434": "AH"})
    pos.edit("end", lambda tx: victory.final(pos.session.ruleset.game(pos.state, tx), "test"))
    assert pos.session.outcome().how == "draw"


def test_se_sc3_two_of_three_hills():
    pos = new("sc3_monte_cengio")
    pos.set("se_control", {"1741": "AH", "1850": "AH"})
    pos.edit("end", lambda tx: victory.final(pos.session.ruleset.game(pos.state, tx), "test"))
    assert pos.session.outcome().winner == "AH"


def test_se_23_0_the_game_ends_after_the_last_turn():
    pos = new("sc4_monte_novegno")
    pos.set("turn", 2)
    pos.edit("victory check", lambda tx: victory.victory_check(pos.session.ruleset.game(pos.state, tx)))
    assert pos.session.outcome() is not None
