"""The General Retreat (8.7) and Paris in Danger (8.4.9)."""
from __future__ import annotations

from engine.testing import legal, refused

from .positions import S3, activation, control, empty, ids, note_lines, path, put, verbs, where


def _phase(pos, side="allied", allied=3, german=3):
    pos.set("allied_cap", allied)
    pos.set("german_cap", german)
    pos.call("action_phase", side=side, prev_pass=False, first_limit=2)


def test_gi_8_7_1_no_general_retreat_on_turns_1_and_2():
    pos = empty(turn=2)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos)
    assert pos.session.prompt().kind == "segment"


def test_gi_8_7_1_declared_at_the_start_of_a_segment_even_the_opponents():
    pos = empty(turn=4, plan17_vp=5)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos, side="german")
    assert pos.session.prompt().side == "allied" and pos.session.prompt().kind == "general_retreat"
    pos.push("allied: general_retreat")
    assert pos.state.get("gi_joffre_turn") == 5
    assert pos.state.get("allied_mandated_battles") == 0
    pos.push("allied: done")
    assert pos.state.get("plan17_vp") == 3               # -2 from turn 4 (8.7.2)
    assert pos.session.prompt().side == "german" and pos.session.prompt().kind == "segment"


def test_gi_8_7_2_allied_retreat_moves_each_unit_once_into_friendly_uncontested_hexes():
    pos = empty(turn=3, plan17_vp=5)
    control(pos, h37="german")
    a = put(pos, "FR-I", "47")
    be = put(pos, "BE-I", "62")
    put(pos, "GE-II", "72")
    _phase(pos)
    pos.push("allied: general_retreat")
    refused(pos.session, f"allied: move path={path(37)} units={ids([a])}", "GI 8.7.2")   # activate first
    pos.push("allied: activate hex=@47")
    refused(pos.session, f"allied: move path={path(37)} units={ids([a])}", "GI 8.7.2")
    pos.push(f"allied: move path={path(46)} units={ids([a])}")
    assert "activate" not in {x.verb for x in pos.session.legal_actions()
                              if x.get("hex") == "46"}    # moved once
    assert "62" not in {str(x["hex"]) for x in pos.session.legal_actions() if x.verb == "activate"}
    pos.push("allied: done")
    assert pos.state.get("plan17_vp") == 2               # -3 on turn 3
    del be


def test_gi_8_7_1_the_german_only_from_the_turn_after_the_allies_and_8_7_3_trenches():
    pos = empty(turn=5, gi_gr_allied=5, german_vp=5, german_cap=3)
    g = put(pos, "GE-II", "86")
    put(pos, "FR-I", "46")
    _phase(pos)
    assert pos.session.prompt().kind == "segment"          # the German may not yet
    pos = empty(turn=6, gi_gr_allied=5, german_vp=5, german_cap=3)
    g = put(pos, "GE-II", "86")
    put(pos, "FR-I", "46")
    _phase(pos)
    assert pos.session.prompt().side == "german"           # at the start of the Allied segment
    pos.push("german: general_retreat")
    assert pos.state.get("entrenchments_allowed") is True and pos.state.get("gi_falkenhayn_turn") == 7
    pos.push("german: done")                               # no moves
    pos.push("german: entrench hex=@86")                   # supplied German infantry, no enemy
    assert pos.state.get("german_cap") == 2 and pos.state.get("gi_trench")["86"] == 1
    pos.push("german: done")
    assert pos.state.get("german_vp") == 2                 # -3 after turn 4
    assert pos.session.prompt().side == "allied"
    del g


def test_gi_5_1_3_joffre_ii_from_the_turn_after_the_retreat():
    pos = empty(turn=5, gi_joffre_turn=5)
    pos.dice(6, 1)
    pos.call("turn", step=0)
    assert pos.state.get("allied_cap_column") == "joffre_ii"
    assert pos.state.get("allied_cap") == 9


def test_gi_8_4_9_paris_in_danger_and_the_forced_general_retreat():
    pos = empty(turn=4, gi_rail_end_placed=False)
    control(pos, **{f"h{h}": "german" for h in ("84", "75", "66", "56", "57", "48", "37")})
    put(pos, "FR-HQALS", "104")
    put(pos, "FR-45", "box-paris-in-danger")
    rd71 = put(pos, "FR-71RD", "box-paris-in-danger")
    ixm = put(pos, "FR-IXm", "46")
    ixpd = put(pos, "FR-IX-PD", "box-paris-in-danger")
    g = put(pos, "GE-II", "37")                            # supplied along the 94-38 railway
    activation(pos, "german", "37")
    pos.push(f"german: move path={path(38)} units={ids([g])}")   # next to 28 and 29
    assert pos.state.get("gi_pd_turn") == 4
    assert where(pos, rd71) == "19"                       # 8.4.9 e
    assert where(pos, ixpd) == "46" and where(pos, ixm) == "box-out-of-play"   # 8.4.9 f
    assert [p.loc for p in pos.state.pieces.values() if p.type == "FR-HQALS"] == ["box-out-of-play"]
    assert [p.loc for p in pos.state.pieces.values() if p.type == "FR-45"] == ["turn-5"]


def test_gi_8_4_9_b_next_turn_the_allies_must_declare():
    pos = empty(turn=5, gi_pd_turn=4)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos)
    assert pos.session.prompt().kind == "general_retreat"
    assert verbs(pos) == {"general_retreat"}
    refused(pos.session, "allied: no_general_retreat", "GI 8.4.9")
    pos = empty(S3, turn=5, gi_pd_turn=4)
    put(pos, "FR-I", "46")
    put(pos, "GE-II", "72")
    _phase(pos)
    assert "no_general_retreat" in verbs(pos)              # 13.3 rule 2: not mandatory
