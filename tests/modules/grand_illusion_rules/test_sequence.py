"""Set-up (3.1), the sequence of play (4.0), CAP (5.0), Initiative (6.0), the Action Phase (8.1)."""
from __future__ import annotations

from engine.testing import refused

from .positions import (S1, S2, S3, activation, control, empty, game, ids, note_lines, path, put,
                        segment, verbs, where)


def _loc_of(pos, type_id):
    return [pos.state.pieces[p].loc for p in pos.pieces_of(type_id)]


def test_gi_3_1_1_reinforcements_wait_on_the_turn_record_track():
    pos = game()
    assert _loc_of(pos, "FR-37") == ["turn-2"]            # variable: "?" (7.1.1)
    assert _loc_of(pos, "GE-IXR") == ["turn-3"]           # fixed entry 81
    assert pos.state.pieces[pos.pieces_of("GE-IXR")[0]].props["entry"] == "81"
    assert _loc_of(pos, "FR-IX-PD") == ["box-paris-in-danger"]
    assert _loc_of(pos, "FT-PARIS-R") == ["box-fort-replacements"]


def test_gi_3_1_1_errata_two_british_infantry_may_set_up_in_54():
    pos = game(options={"bef_in_54": "2"})
    brits = [p for p in pos.state.stacks["54"] if pos.state.pieces[p].type.startswith("BR-")]
    assert len(brits) == 2
    assert all(pos.state.pieces[p].props.get("start_54") for p in brits)


def test_gi_3_1_2_vp_chits_in_their_cups_face_down():
    pos = game()
    assert len(pos.state.stacks["cup-plan17-vp"]) == 8
    assert len(pos.state.stacks["cup-german-vp"]) == 15
    for side in ("allied", "german"):
        view = pos.session.view(side)
        assert all(e.get("hidden") for e in view["locations"]["cup-german-vp"])
        assert all(e.get("hidden") for e in view["locations"]["cup-plan17-vp"])
    assert _loc_of(pos, "M-AUTOVIC") == ["94"] and _loc_of(pos, "M-PARISVP") == ["19"]


def test_gi_3_1_3_markers_at_start():
    pos = game()
    g = pos.session.ruleset.game(pos.state)
    assert _loc_of(pos, "M-CAP-AL") == ["track-4"] and _loc_of(pos, "M-CAP-GE") == ["track-6"]
    assert _loc_of(pos, "M-VP-P17") == ["track-3"] and _loc_of(pos, "M-VP-GE") == ["track-0"]
    assert _loc_of(pos, "M-MB-AL") == ["track-1"]          # our reading: 1 MB on turn 1 (13.1)
    assert _loc_of(pos, "M-EAST") == ["turn-3"]
    assert g.get("gi_trench") == {"86": 1} and _loc_of(pos, "M-RAILEND") == ["56"]
    assert g.get("gi_control") == {"72": "german", "73": "german"}


def test_gi_5_1_4_turn_1_cap_fixed_and_6_0_allied_initiative_one_activation():
    pos = game()
    assert pos.state.get("allied_cap") == 4 and pos.state.get("german_cap") == 6
    assert pos.state.get("gi_initiative") == "allied"
    assert "CAP Phase (5.1.4): turn 1 CAP are fixed: Allied 4, German 6" in note_lines(pos)
    # 7.0: the player without the Initiative places first
    assert pos.session.prompt().side == "german"
    pos.push("german: done")
    pos.push("allied: done")
    assert pos.session.prompt().kind == "segment" and pos.session.prompt().side == "allied"
    top = pos.session.ruleset.game(pos.state).top
    assert top["limit"] == 1


def test_gi_13_3_rule_3_scenario_3_rolls_cap_and_initiative_on_turn_1():
    pos = game(S3)
    pos.push("allied: done")
    pos.push("german: done")
    lines = note_lines(pos)
    assert any(l.startswith("CAP Phase (5.1): Allied rolls") for l in lines)
    assert any(l.startswith("Initiative (6.0): Allied") for l in lines)


def test_gi_5_1_cap_table_columns_and_cap_limit():
    pos = empty(turn=2)
    pos.set("allied_cap_column", "joffre_ii")
    pos.dice(6, 1)                                      # Allied 6 on Joffre II = 9, German 1 on Moltke = 5
    pos.call("turn", step=1)
    assert pos.state.get("allied_cap") == 9 and pos.state.get("german_cap") == 5


def test_gi_6_0_turns_2_3_german_and_4_on_roll_ties_to_the_german():
    pos = empty(turn=2)
    pos.dice(3, 3)
    pos.call("turn", step=1)
    assert pos.state.get("gi_initiative") == "german"
    pos = empty(turn=4)
    pos.dice(3, 3, 4, 4)                                 # CAP rolls, then initiative 4-4: German
    pos.call("turn", step=1)
    assert pos.state.get("gi_initiative") == "german"
    pos = empty(turn=4)
    pos.dice(3, 3, 5, 2)
    pos.call("turn", step=1)
    assert pos.state.get("gi_initiative") == "allied"


# -- the Action Phase (8.1) -------------------------------------------------------------------
def _phase(pos, side="allied", allied=2, german=2):
    pos.set("gi_gr_allied", 1)                          # no General Retreat question here
    pos.set("gi_gr_german", 1)
    pos.set("allied_cap", allied)
    pos.set("german_cap", german)
    pos.call("action_phase", side=side, prev_pass=False, first_limit=2)


def test_gi_8_1_1_two_activations_then_the_initiative_passes():
    pos = empty(turn=5)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos, allied=3, german=2)
    for _ in range(2):
        pos.push("allied: activate hex=@46")
        pos.push("allied: resolve")
    assert pos.session.prompt().side == "german"          # forced cession after two
    assert pos.state.get("allied_cap") == 1


def test_gi_8_1_1_both_pass_in_a_row_ends_the_phase():
    pos = empty(turn=5)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos)
    pos.push("allied: pass")
    assert pos.session.prompt().side == "german"
    pos.push("german: pass")
    assert "The Action Phase ends: both players passed in a row (8.1.1)" in note_lines(pos)
    assert pos.state.get("allied_cap") == 2 and pos.state.get("german_cap") == 2


def test_gi_8_1_1_a_pass_after_spending_does_not_let_the_next_pass_end_unless_unspent():
    pos = empty(turn=5)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos, allied=3, german=3)
    pos.push("allied: activate hex=@46")
    pos.push("allied: resolve")
    pos.push("allied: pass")                             # a pass after spending one CAP
    pos.push("german: activate hex=@72")
    pos.push("german: resolve")
    pos.push("german: pass")                             # spent: does not end the phase
    assert pos.session.prompt().side == "allied"
    pos.push("allied: pass")                             # passes without spending: ends
    assert "The Action Phase ends: both players passed in a row (8.1.1)" in note_lines(pos)


def test_gi_8_1_1_out_of_cap_the_opponent_keeps_going_and_8_1_3_both_out_ends():
    pos = empty(turn=5)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos, allied=3, german=0)
    for _ in range(3):
        pos.push("allied: activate hex=@46")
        pos.push("allied: resolve")
    assert "The Action Phase ends: both sides are out of CAP (8.1.3)" in note_lines(pos)


def test_gi_9_8_3_b_a_recovery_first_allows_only_a_second_recovery_then_cedes():
    pos = empty(turn=5)
    a = put(pos, "FR-I", "46", face=1)
    b = put(pos, "FR-III", "35", face=1)
    put(pos, "FR-X", "36")
    put(pos, "GE-II", "72")
    _phase(pos, allied=4, german=2)
    pos.push("allied: recover hex=@46")
    assert pos.face(a) == 0
    assert verbs(pos) == {"recover", "cede"} | ({"remove_blocks"} & verbs(pos))
    refused(pos.session, "allied: activate hex=@36", "GI 9.8.3")
    refused(pos.session, "allied: pass", "GI 9.8.3")
    pos.push("allied: recover hex=@35")
    assert pos.face(b) == 0 and pos.session.prompt().side == "german"


def test_gi_9_8_3_b_a_recovery_as_second_activation_cedes():
    pos = empty(turn=5)
    put(pos, "FR-I", "46", face=1)
    put(pos, "FR-X", "36")
    put(pos, "GE-II", "72")
    _phase(pos, allied=4, german=2)
    pos.push("allied: activate hex=@36")
    pos.push("allied: resolve")
    pos.push("allied: recover hex=@46")
    assert pos.session.prompt().side == "german"


def test_gi_8_2_1_an_activated_hex_holds_infantry_cavalry_or_an_hq():
    pos = empty(turn=5)
    put(pos, "FR-I", "46")
    put(pos, "GE-HA420", "72")
    put(pos, "GE-II", "83")
    segment(pos, "german")
    refused(pos.session, "german: activate hex=@72", "GI 8.2.1")
    refused(pos.session, "german: activate hex=@46", "GI 8.2.1")
    pos.push("german: activate hex=@83")


def test_gi_13_1_turn_1_allied_command_limits():
    pos = empty(turn=1)
    for h in ("62", "54", "46", "45", "66", "76", "97"):
        put(pos, "FR-51RD" if h != "62" else "BE-I", h)
    pos.set("allied_cap", 4)
    segment(pos, "allied", limit=4)
    refused(pos.session, "allied: activate hex=@66", "GI 13.1")
    refused(pos.session, "allied: activate hex=@76", "GI 13.1")
    pos.push("allied: activate hex=@46")
    pos.push("allied: resolve")
    refused(pos.session, "allied: activate hex=@45", "GI 13.1")
    pos.push("allied: activate hex=@97")               # other hexes are free (Plan 17)
    pos.push("allied: resolve")


def test_gi_13_3_rule_1_scenario_3_turn_1_two_activations_in_hexes_1_to_66():
    pos = empty(S3, turn=1)
    for h in ("62", "46", "45", "66", "76"):
        put(pos, "FR-51RD" if h != "62" else "BE-I", h)
    pos.set("allied_cap", 4)
    segment(pos, "allied", limit=4)
    pos.push("allied: activate hex=@66")               # the 3rd/4th Army ban is lifted
    pos.push("allied: resolve")
    pos.push("allied: activate hex=@46")
    pos.push("allied: resolve")
    refused(pos.session, "allied: activate hex=@45", "GI 13.3")
    pos.push("allied: activate hex=@76")               # 76 is beyond 66
    pos.push("allied: resolve")


def test_gi_11_3_the_turn_advances_and_5_1_1_unused_cap_are_lost():
    pos = empty(turn=5)
    pos.set("allied_cap", 3)
    pos.dice(1, 1, 2, 1)                                # next turn's CAP and Initiative rolls
    pos.call("turn", step=17)                           # segment H, then turn 6 begins
    assert pos.state.get("turn") == 6
    assert "Turn 6 begins" in note_lines(pos)
    assert pos.state.get("allied_cap") == 4             # rolled anew (Joffre 1 = 4), not 3 + 4
