"""SK 1 components, SK 2 sequence of play and reinforcements, SK 9 victory (RULES.md)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine import commands as C
from engine.errors import WartableError
from engine.fuzz import play_one
from engine.model import Axis
from engine.registry import load_ruleset
from engine.testing import Position, legal, refused

from .positions import attack, combat, finish_phase, prompt_kind


def end_turn(pos: Position) -> None:
    """Both players end every phase of the game turn."""
    for _ in range(4):
        finish_phase(pos)


# -- SK 1: components --------------------------------------------------------------------------

def refusal(module) -> str:
    with pytest.raises(WartableError) as err:
        load_ruleset("skirmish", module)
    return str(err.value)


def test_sk_1_1_every_hex_has_a_terrain_of_the_chart(module):
    locations = dict(module.locations)
    locations["0101"] = replace(locations["0101"], terrain="swamp")
    assert "hex 0101: terrain 'swamp' is not on the chart" in refusal(replace(module, locations=locations))


def test_sk_1_2_every_unit_step_has_combat_and_movement_factors(module):
    types = dict(module.piece_types)
    cav = types["blue-cav"]
    types["blue-cav"] = replace(cav, faces=(cav.faces[0], replace(cav.faces[1], values={"cf": 1})))
    assert "unit blue-cav: a face without cf and mf" in refusal(replace(module, piece_types=types))


def test_sk_1_3_the_module_crt_has_the_rulebook_columns_and_results(module):
    assert "no table 'crt'" in refusal(replace(module, tables={}))
    crt = module.tables["crt"]
    narrow = replace(crt, cols=Axis("odds", ("1:1", "2:1", "3:1", "4:1")))
    assert "columns 1:2, 1:1, 2:1, 3:1" in refusal(replace(module, tables={"crt": narrow}))
    odd = replace(crt, cells=(("AE", "AR", "AR", "XX"),) + crt.cells[1:])
    assert "a result other than" in refusal(replace(module, tables={"crt": odd}))


def test_sk_1_4_cards_chits_and_markers_are_not_used(module):
    pos = Position.new(module, "meeting", seed=4)
    refused(pos.session, "blue: draw src=deck dst=hand:blue", "SK 4.1")
    boxes = {loc: pos.state.stack(loc) for loc in ("deck", "cup", "hand:blue", "hand:red")}
    session, result = play_one(module, seed=4)
    assert not result.failure and session.outcome() is not None
    assert {loc: session.state.stack(loc) for loc in boxes} == boxes
    assert not any(e.action.cards for e in session.record.entries)


# -- SK 2: sequence of play ----------------------------------------------------------------------

def test_sk_2_1_blue_moves_and_attacks_then_red(module):
    pos = Position.new(module, "meeting", seed=1)
    seen = []
    for _ in range(4):
        seen.append(prompt_kind(pos))
        refused(pos.session, f"{'red' if seen[-1][0] == 'blue' else 'blue'}: done", "SK 2.1")
        finish_phase(pos)
    assert seen == [("blue", "move"), ("blue", "combat"), ("red", "move"), ("red", "combat")]
    assert prompt_kind(pos) == ("blue", "move")


def test_sk_2_2_reinforcements_arrive_at_the_start_of_their_sides_player_turn(module):
    pos = Position.new(module, "meeting", seed=1)
    (cav,) = pos.pieces_of("blue-cav", "reinforcements")
    (red,) = pos.pieces_of("red-inf", "reinforcements")
    (late,) = pos.pieces_of("blue-inf", "reinforcements")
    end_turn(pos)
    assert (pos.where(cav), pos.where(red), pos.where(late)) == ("0101", "reinforcements", "reinforcements")
    legal(pos.session, f"blue: move unit=#{cav} to=@0201")     # it moves the turn it arrives
    finish_phase(pos)
    finish_phase(pos)
    assert pos.where(red) == "1208"
    end_turn(pos)
    assert pos.where(late) == "0102"


def test_sk_2_2_a_unit_whose_hex_holds_enemy_units_waits(pos):
    cav = pos.place("blue-cav", "reinforcements", arrives=2, at="0101")
    art = pos.place("red-art", "0101")
    end_turn(pos)
    assert pos.where(cav) == "reinforcements"
    notes = [c.text for c in pos.session.record.entries[-1].commands if isinstance(c, C.Note)]
    assert "Blue Cavalry Division cannot enter at 0101 this turn" in notes
    pos.move(art, "0909")
    end_turn(pos)
    assert pos.where(cav) == "0101"


def test_sk_2_3_the_turn_marker_advances_after_reds_player_turn(pos):
    assert pos.state.get("turn") == 1
    for _ in range(3):
        finish_phase(pos)
        assert pos.state.get("turn") == 1
    finish_phase(pos)
    assert pos.state.get("turn") == 2


# -- SK 9: victory -------------------------------------------------------------------------------

def last_turn(pos: Position) -> None:
    pos.set("turn", 8)
    end_turn(pos)


def test_sk_9_1_the_meeting_engagement_lasts_eight_turns(pos):
    pos.place("blue-inf", "0101")
    pos.place("red-inf", "1010")
    pos.set("turn", 7)
    end_turn(pos)
    assert pos.session.outcome() is None and pos.state.get("turn") == 8
    end_turn(pos)
    assert pos.session.outcome() is not None and pos.state.get("turn") == 8
    assert not pos.session.legal_actions()


def test_sk_9_2_the_side_occupying_more_vp_hexes_wins(pos):
    pos.place("blue-inf", "0203")                   # a town
    pos.place("blue-inf", "0203")                   # the same town counts once
    pos.place("blue-cav", "0303")                   # clear: no VP
    pos.place("red-inf", "0502")
    pos.place("red-art", "0504")
    last_turn(pos)
    outcome = pos.session.outcome()
    assert (outcome.winner, outcome.how) == ("red", "victory points")
    assert outcome.text == "Red wins after turn 8: Blue 1 VP, Red 2 VP"


def test_sk_9_2_equal_vp_is_a_draw(pos):
    pos.place("blue-inf", "0203")
    pos.place("red-inf", "0502")
    last_turn(pos)
    assert (pos.session.outcome().winner, pos.session.outcome().how) == ("", "draw")


def test_sk_9_3_a_side_wiped_out_loses_at_once(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    pos.place("red-art", "0303")
    combat(pos)
    attack(pos, "0303", [a, b], die=5)              # 8 against 3: DE
    assert pos.session.outcome() is None            # the combat is not over: the advance
    pos.push("blue: stay")
    outcome = pos.session.outcome()
    assert (outcome.winner, outcome.how) == ("blue", "sudden death")
    assert pos.session.prompt().kind == "game_over"


def test_sk_9_3_a_side_with_units_still_to_arrive_fights_on(pos):
    a = pos.place("blue-inf", "0203")
    b = pos.place("blue-inf", "0403")
    pos.place("red-art", "0303")
    pos.place("red-inf", "reinforcements", arrives=3, at="1208")
    combat(pos)
    attack(pos, "0303", [a, b], die=5)
    pos.push("blue: stay")
    assert pos.session.outcome() is None


def test_sk_3_1_reinforcements_wait_rather_than_overstack(pos):
    for _ in range(3):
        pos.place("blue-inf", "0101")
    cav = pos.place("blue-cav", "reinforcements", arrives=2, at="0101")
    end_turn(pos)
    assert pos.where(cav) == "reinforcements"


def test_sk_9_2_the_vp_track_shows_the_score_as_it_stands(pos):
    blue = pos.place("blue-inf", "0303")
    pos.place("red-inf", "0502")
    before = pos.state.get("vp")
    pos.push(f"blue: move unit=#{blue} to=@0203")            # into a town
    assert pos.state.get("vp") == "Blue 1, Red 1"
    pos.session.pop()
    assert pos.state.get("vp") == before
