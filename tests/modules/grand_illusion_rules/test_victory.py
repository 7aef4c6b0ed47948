"""Victory points and victory (3.2, 13.4), Mandated Battles (9.1.1), Élan (9.3.5), the BEF
fighting alone (12.1), Antwerp (12.5), Scenario 2 (13.2)."""
from __future__ import annotations

from engine.testing import legal, refused

from .battles import declare, fight, lines, place
from .positions import S2, activation, control, empty, ids, note_lines, path, put, verbs, where


def _chit_values(pos, loc):
    return [pos.session.module.piece_types[pos.state.pieces[p].type].attrs["vp_value"]
            for p in pos.state.stacks.get(loc, ()) if pos.state.pieces[p].type.startswith(("GVP", "P17"))]


def test_gi_3_2_1_a_plan_17_chit_is_drawn_when_the_allies_take_a_plan_17_hex_double_in_86():
    pos = empty(turn=6, plan17_vp=3)
    c = put(pos, "FR-XX", "87")
    activation(pos, "allied", "87")
    pos.push(f"allied: move path={path(86)} units={ids([c])}")
    values = _chit_values(pos, "86")
    assert len(values) == 1
    assert pos.state.get("plan17_vp") == 3 + 2 * values[0]
    assert len(pos.state.stacks["cup-plan17-vp"]) == 7


def test_gi_3_2_4_allied_automatic_victory_at_trier():
    pos = empty(turn=6)
    control(pos, h95="allied", h85="allied", h86="allied", h84="allied")
    c = put(pos, "FR-XX", "85")
    activation(pos, "allied", "85")
    pos.push(f"allied: move path={path(94)} units={ids([c])}")
    out = pos.session.outcome()
    assert out is not None and out.winner == "allied" and out.how == "automatic victory"


def test_gi_3_2_4_interim_count_turn_9_draws_german_chits():
    pos = empty(turn=9, german_vp=0)
    control(pos, h76="german", h87="german")
    put(pos, "GE-II", "76")
    put(pos, "GE-III", "86")
    pos.call("turn", step=11)                          # segment C
    drawn = _chit_values(pos, "76")
    assert len(drawn) == 1 and pos.state.get("german_vp") >= 2 * drawn[0]
    assert pos.session.outcome() is None


def test_gi_3_2_4_german_immediate_victory_check_the_first_turn_paris_falls():
    pos = empty(turn=6, german_vp=0, plan17_vp=1, gi_paris_first_turn=6)
    control(pos, h19="german")
    pos.call("turn", step=10)                          # segment B
    out = pos.session.outcome()
    assert out is not None and out.winner == "german"  # 1 < (10 + chits) / 2
    pos = empty(turn=6, german_vp=0, plan17_vp=8, gi_paris_first_turn=6)
    control(pos, h19="german", h76="german")
    pos.dice(1, 1, 1, 1)
    pos.call("turn", step=10)
    assert pos.session.outcome() is None
    assert pos.state.get("german_vp") == 10            # the chits drawn for the check go back
    assert not _chit_values(pos, "76")


def test_gi_3_2_4_regular_victory_german_6_and_twice_the_allied_total():
    pos = empty(S2, turn=7, german_vp=6, plan17_vp=3)
    pos.call("turn", step=11)
    assert pos.session.outcome().winner == "german"
    pos = empty(S2, turn=7, german_vp=6, plan17_vp=4)
    pos.call("turn", step=11)
    assert pos.session.outcome().winner == "allied"    # no draws


def test_gi_9_1_1_b_unfought_mandated_battles_cost_1_vp_each():
    pos = empty(turn=3, allied_mandated_battles=1, german_mandated_battles=0, plan17_vp=3)
    pos.call("turn", step=9)                           # segment A
    assert pos.state.get("plan17_vp") == 2
    assert "Plan 17 VP -1 (1 Mandated Battle not fought (9.1.1)): now 2" in note_lines(pos)


def test_gi_13_1_a_mandated_battle_in_a_plan_17_hex_earns_1_vp_and_9_3_5_elan():
    pos = empty(turn=1, allied_mandated_battles=1, plan17_vp=3, german_cap=3, allied_cap=3)
    control(pos, h96="german")
    g1, g2 = put(pos, "GE-II", "96"), put(pos, "GE-III", "96")
    att = [put(pos, t, "96") for t in ("FR-VIII", "FR-XIII", "FR-XV", "FR-XVI")]
    declare(pos, "allied", "96", att)
    fight(pos, "allied", "96", (2, 3))
    b = pos.state.get("gi_battle")
    assert b["mb"] and b["elan"] and b["elan_drm"] == -1     # 96: TEM +1
    place(pos, "german", g1, "front-1")
    place(pos, "german", g2, "front-2")
    pos.push("german: done")
    pos.dice(6, 6, 6, 6, 6, 6)
    pos.push("allied: auto_place")
    while pos.session.prompt().kind == "battle_map":
        pos.push(f"{pos.session.prompt().side}: done")
    assert pos.session.prompt().kind == "elan"         # no Allied loss: the German inflicts one
    victim = next(x for x in pos.session.legal_actions() if x.verb == "inflict")
    pos.push(victim)
    assert pos.face(victim["unit"]) == 1
    while pos.session.prompt().kind == "retreat_choice":
        pos.push(f"{pos.session.prompt().side}: stay")
    assert pos.state.get("allied_mandated_battles") == 0
    assert pos.state.get("plan17_vp") >= 4             # +1 (13.1), plus the chit if the hex fell


def test_gi_12_1_the_bef_fights_alone_on_turns_1_to_5():
    pos = empty(turn=3, plan17_vp=3)
    put(pos, "BR-1", "24")
    pos.call("turn", step=6)                           # end of the Action Phase
    assert pos.state.get("plan17_vp") == 2


def test_gi_12_5_2_the_belgians_kept_in_antwerp_cannot_be_activated():
    pos = empty(turn=3, gi_antwerp_withdrawal=True, allied_cap=2, gi_gr_allied=3, gi_gr_german=4)
    put(pos, "BE-I", "52")
    put(pos, "GE-II", "53")
    put(pos, "GE-III", "62")
    control(pos, h53="german", h62="german")
    pos.call("segment", side="allied", acts=0, limit=2, spent=False, first="", recovers=0)
    refused(pos.session, "allied: activate hex=@52", "GI 12.5.2")


def test_gi_13_1_belgian_retreat_into_antwerp_on_turn_1():
    pos = empty(turn=1, allied_cap=3, german_cap=3)
    control(pos, h72="german")
    be = [put(pos, t, "62") for t in ("BE-I", "BE-II")]
    g = put(pos, "GE-II", "72")
    activation(pos, "german", "72")
    pos.push(f"german: move path={path(62)} units={ids([g])}")
    pos.push("german: resolve")
    pos.push("german: fight hex=@62")
    assert pos.session.prompt().kind == "belgian_retreat"
    pos.push("allied: withdraw")
    assert all(where(pos, p) == "52" for p in be) and pos.state.get("allied_cap") == 2
    assert pos.state.get("gi_antwerp_withdrawal") is True


def test_gi_13_2_2_c_scenario_2_turn_5_bonus_for_french_corps_and_british_steps():
    pos = empty(S2, turn=5, german_vp=0, gi_losses={"FR:corps": 7}, gi_british_steps=6)
    pos.call("turn", step=11)
    assert pos.state.get("german_vp") == 6
