"""Scenario 3 (13.3): the secret strategic options and their effects."""
from __future__ import annotations

from engine.testing import refused

from modules.grand_illusion.rules import combat, supply

from .positions import S3, activation, control, empty, game, ids, note_lines, path, put, where


def _choose(pos, allied=(), german=()):
    for side, opts in (("allied", allied), ("german", german)):
        assert pos.session.prompt().kind == "strategic_options"
        for o in opts:
            pos.push(f"{side}: toggle option={o}")
        pos.push(f"{side}: done")


def _loc(pos, type_id):
    return [pos.state.pieces[p].loc for p in pos.pieces_of(type_id)]


def test_gi_13_3_rule_4_options_are_secret_until_both_have_chosen():
    pos = game(S3)
    pos.push("allied: toggle option=allied_2")
    german = pos.session.view("german")
    assert not any(k.startswith("secret:allied") for k in german["globals"])
    assert "allied_2" not in str(german["globals"].get("gi_options"))
    assert not any("Better use" in line[1] for line in german["chat"])
    assert pos.session.view("allied")["globals"]["secret:allied:gi_options"] == ["allied_2"]
    pos.push("allied: toggle option=allied_3")
    refused(pos.session, "allied: toggle option=allied_4", "GI 13.3")   # two at most
    pos.push("allied: done")
    pos.push("german: done")
    assert pos.state.get("gi_options") == ["allied_2", "allied_3"]
    assert pos.state.get("plan17_vp") == 3 - 1 - 2       # 13.3: the costs
    assert not any(k.startswith("secret:") and pos.state.get(k) for k in pos.state.globals)


def test_gi_13_3_a_2_better_use_of_resources():
    pos = game(S3)
    _choose(pos, allied=["allied_2"])
    assert _loc(pos, "FT-LILLE") == ["34"] and _loc(pos, "FT-HAZEBROUCK") == ["24"]
    assert _loc(pos, "FR-XXII") == ["turn-3"] and _loc(pos, "FR-HA-O") == ["turn-2"]
    g = pos.session.ruleset.game(pos.state)
    metz = pos.pieces_of("FT-METZ")[0]
    assert combat.bombard_def(g, metz) == 1


def test_gi_13_3_options_not_chosen_are_set_aside():
    pos = game(S3)
    _choose(pos)
    assert _loc(pos, "FT-LILLE") == ["box-set-aside"] and _loc(pos, "GE-O-I") == ["box-set-aside"]


def test_gi_13_3_a_3_empires_in_arms_moves_arrivals_and_adds_cap_from_turn_10():
    pos = game(S3)
    _choose(pos, allied=["allied_3"])
    assert _loc(pos, "BR-7") == ["turn-7"] and _loc(pos, "BR-3IN") == ["turn-10"]
    assert _loc(pos, "FR-1COL") == ["turn-8"]
    pos2 = empty(S3, turn=10, gi_options=["allied_3"])
    pos2.dice(1, 1)
    pos2.call("turn", step=1)
    assert pos2.state.get("allied_cap") == 5               # Joffre 1 = 4, +1


def test_gi_13_3_a_1_free_deployment_limits():
    pos = game(S3)
    _choose(pos, allied=["allied_1"])
    assert pos.session.prompt().kind == "free_deploy"
    corps = [p for p in pos.state.stacks["46"] if pos.state.pieces[p].type in ("FR-I", "FR-III", "FR-X", "FR-XVIII")]
    for p in corps:
        pos.push(f"allied: redeploy hex=@40 unit=#{p}")
    more = [p for p in pos.state.stacks["66"] if pos.state.pieces[p].type in ("FR-II",)][0]
    pos.push(f"allied: redeploy hex=@41 unit=#{more}")
    last = [p for p in pos.state.stacks["66"] if pos.state.pieces[p].type == "FR-XI"][0]
    refused(pos.session, f"allied: redeploy hex=@41 unit=#{last}", "GI 13.3")
    refused(pos.session, f"allied: redeploy hex=@86 unit=#{corps[0]}", "GI 13.3")


def test_gi_13_3_a_5_belgian_preparation_and_the_liege_activation():
    pos = game(S3)
    _choose(pos, allied=["allied_5"])
    assert _loc(pos, "BE-I-O") == ["62"] and _loc(pos, "BE-I") == ["box-set-aside"]
    assert _loc(pos, "FT-LIEGE-O") == ["72"]
    assert "72" not in pos.state.get("gi_control")         # the German marker is removed
    pos.push("allied: done")                                # the free Belgian set-up
    assert pos.session.prompt().side == "german" and pos.session.prompt().kind == "activation"
    refused(pos.session, "german: resolve", "GI 13.3")
    move = [a for a in pos.session.legal_actions() if a.verb == "move"]
    assert not move                                         # a battle only


def test_gi_13_3_b_3_better_logistics_traces_two_hexes_to_the_railway():
    pos = empty(S3, turn=5, gi_options=["german_3"], gi_rail_end_placed=False)
    control(pos, h82="german")
    g = put(pos, "GE-II", "82")
    ge = pos.session.ruleset.game(pos.state)
    assert supply.gap_of(ge, "german") == 2
    assert supply.status(ge, g) is not None


def test_gi_13_3_b_4_more_troops_enter_on_turn_1_and_add_a_cap():
    pos = game(S3)
    _choose(pos, german=["german_4"])
    assert set(_loc(pos, "GE-O-I")) == {"turn-1"}
    assert pos.state.pieces[pos.pieces_of("GE-O-I")[0]].props.get("more_troops")


def test_gi_13_3_b_5_invade_holland():
    pos = game(S3)
    _choose(pos, german=["german_5"])
    assert _loc(pos, "GE-N") == ["box-set-aside"] and _loc(pos, "GE-HQNORD") == ["box-set-aside"]
    pos2 = empty(S3, turn=5, gi_options=["german_5"])
    control(pos2, h52="german")
    ge = pos2.session.ruleset.game(pos2.state)
    assert "52" in supply.sources(ge, "GE", "german")


def test_gi_13_3_a_4_better_sea_control_holds_british_divisions_and_lands_them():
    pos = empty(S3, turn=5, gi_options=["allied_4"])
    d = put(pos, "BR-6", "turn-5", arrives=5, entry="?")
    pos.call("reinforce_segment", side="allied")
    pos.push(f"allied: hold unit=#{d}")
    assert where(pos, d) == "box-held-back"
    pos.push("allied: done")
    pos = empty(S3, turn=10, gi_options=["allied_4"], allied_cap=2)
    d = put(pos, "BR-6", "box-held-back")
    put(pos, "FR-I", "46")
    activation(pos, "allied", "46")
    pos.push("allied: land hex=@7")
    assert where(pos, d) == "7"


def test_gi_13_3_b_4_with_holland_the_group_enters_together_on_turn_2_for_1_cap():
    pos = empty(S3, turn=1, gi_options=["german_4", "german_5"])
    group = [put(pos, t, "turn-1", arrives=1, entry="?", more_troops=True)
             for t in ("GE-O-I", "GE-O-XVII", "GE-HQ9")]
    pos.call("reinforce_segment", side="german")
    pos.push("german: delay_group")
    assert all(where(pos, p) == "turn-2" for p in group)
    pos.push("german: done")
    pos2 = empty(S3, turn=2, gi_options=["german_4", "german_5"], german_cap=2, gi_gr_allied=1,
                 gi_gr_german=1)
    group = [put(pos2, t, "turn-2", entry="group", more_troops=True)
             for t in ("GE-O-I", "GE-O-XVII", "GE-HQ9")]
    control(pos2, h71="german")
    pos2.call("segment", side="german", acts=0, limit=2, spent=False, first="", recovers=0)
    pos2.push("german: enter_group hex=@71")
    assert all(where(pos2, p) == "71" for p in group) and pos2.state.get("german_cap") == 1
    assert pos2.state.get("gi_more_troops_turn") == 2
