"""The optional rules: more than two players (24.0), fog of war (25.0) and the hidden LP total
(7.0)."""
from __future__ import annotations

from engine.testing import legal, refused
from engine.views import view

from modules.strafexpedition_1916.rules import command

from .positions import clear, game, new, place


def two_planned(pos):
    g = game(pos)
    taro, roma = command.hq_pieces(g, "IT")["taro"], command.hq_pieces(g, "IT")["roma"]
    pos.move(taro, "bd:IT:1")
    pos.move(roma, "bd:IT:1")
    pos.set("se_plan", {"IT": {"taro": 1, "roma": 1}})
    west = place(pos, "it_taro_207_i", "0338")
    east = place(pos, "it_roma_79_i", "0341")
    pos.set("se_weather", "clear")
    pos.call("action_phase", side="IT", passed=False)
    return taro, roma, west, east


def test_se_24_1_one_brigade_per_sector_at_once_24_4_never_two_in_one():
    pos = new(multi_player="on")
    clear(pos)
    taro, roma, west, east = two_planned(pos)
    pos.push(f"IT: activate at=@0338 hq=#{taro}")
    refused(pos.session, f"IT: second_brigade at=@0339 hq=#{roma}", "SE 24.4")
    pos.push(f"IT: second_brigade at=@0341 hq=#{roma}")
    acts = pos.state.get("se_stack")[-1]["acts"]
    assert [a["sector"] for a in acts] == ["West", "East"]
    pos.push("IT: done")                                   # assignments of the second brigade
    assert pos.session.prompt().kind == "tactical"
    rec = pos.state.get("se_actions")[-1]
    assert len(rec["acts"]) == 2                            # 24.5: the steps run for both


def test_se_24_3_with_two_brigades_acting_no_crossing_the_sector_line():
    pos = new(multi_player="on")
    clear(pos)
    taro, roma, west, east = two_planned(pos)
    pos.push(f"IT: activate at=@0338 hq=#{taro}")
    pos.push(f"IT: second_brigade at=@0341 hq=#{roma}")
    pos.push("IT: done")
    refused(pos.session, f"IT: move to=@0340 unit=#{west}", "SE 24.3")
    legal(pos.session, f"IT: move to=@0439 unit=#{west}")


def test_se_24_0_without_the_option_one_brigade_an_action():
    pos = new()
    clear(pos)
    taro, roma, west, east = two_planned(pos)
    pos.push(f"IT: activate at=@0338 hq=#{taro}")
    assert not [a for a in pos.session.legal_actions() if a.verb == "second_brigade"]


def test_se_25_1_infantry_on_top_and_25_3_the_rest_of_a_stack_concealed():
    pos = new(fog_of_war="on")
    clear(pos, ["0356"])
    inf = place(pos, "it_taro_207_i", "0356")
    gun = place(pos, "it_art_v_fld", "0356", face=1)
    pos.push(pos.session.legal_actions()[0])           # any action: the fog is refreshed after it
    stack = pos.state.stack("0356")
    assert stack[-1] == inf                              # 25.1
    seen = view(pos.state, "AH")["locations"]["0356"]
    assert seen[-1]["id"] == inf and any(e.get("hidden") for e in seen)
    mine = view(pos.state, "IT")["locations"]["0356"]
    assert all("id" in e for e in mine)


def test_se_25_2_disorganization_kept_out_of_the_opponents_view():
    pos = new(fog_of_war="on")
    clear(pos, ["0356"])
    inf = place(pos, "it_taro_207_i", "0356")
    g = game(pos)
    from modules.strafexpedition_1916.rules import units
    pos.edit("1 DP", lambda tx: units.add_dp(pos.session.ruleset.game(pos.state, tx), inf, 1, "test"))
    assert game(pos).dp(inf) == 1
    assert "secret:IT:dp" in view(pos.state, "IT")["globals"]
    assert "secret:IT:dp" not in view(pos.state, "AH")["globals"]
    assert "dp" not in pos.state.pieces[inf].props and not pos.state.pieces[inf].markers


def test_se_7_0b_a_hidden_lp_total():
    pos = new("sc1_drive_on_pasubio", hidden_lp="on")
    assert pos.state.get("secret:AH:lp") == 35 and "lp_AH" not in pos.state.globals
    assert "secret:AH:lp" not in view(pos.state, "IT")["globals"]
