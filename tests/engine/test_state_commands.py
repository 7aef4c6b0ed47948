"""Commands apply and invert exactly; the state hash is canonical and incremental."""
from __future__ import annotations

from dataclasses import replace
import random

import pytest
from hypothesis import given, settings, strategies as st

from engine import persist
from engine import commands as C
from engine.actions import Action
from engine.freeplay import FreePlay
from engine.sample import sample_module
from engine.session import Session
from engine.state import JOURNAL_LIMIT, GameState

#: These tests play the sample freely; its own ruleset is the enforced `skirmish`.
MODULE = replace(sample_module(), ruleset="free")


def new_session(seed: int = 7) -> Session:
    return Session.new(MODULE, "meeting", seed)


def test_setup_places_scenario_and_shuffles():
    s = new_session()
    assert len(s.state.stack("deck")) == 8
    assert len(s.state.stack("cup")) == 5
    assert [s.state.pieces[p].type for p in s.state.stack("0904")] == ["red-inf", "red-inf", "red-art"]
    # reinforcements wait in the box, tagged with when and where they arrive
    arriving = s.state.pieces_at("reinforcements")
    assert {(p.type, p.props["arrives"], p.props["at"]) for p in arriving} == {
        ("blue-inf", 3, "0102"), ("blue-cav", 2, "0101"), ("red-inf", 2, "1208")}
    assert s.state.get("turn") == 1


def test_same_seed_same_setup_hash_different_seed_differs():
    assert new_session(1).state.hash == new_session(1).state.hash
    assert new_session(1).state.hash != new_session(2).state.hash  # deck shuffled differently


def test_hash_is_canonical_not_python_hash():
    # a fixed value: the canonical encoding must not change between runs, machines or versions
    # pinned values: if these change, every existing save file stops verifying
    s = GameState(None, 0)
    assert s.hash == "f70b1adbbc6a0699" == s.full_hash()
    C.apply_all(s, [C.Create("x", "a"), C.SetGlobal("turn", 3)])
    assert s.hash == "821fcbd434c746fb" == s.full_hash()


def test_move_into_stack_index_and_undo():
    s = new_session()
    bottom = s.state.stack("0904")[0]
    entry = s.push(Action("move", pids=[bottom], to="0203", index=0))
    assert s.state.stack("0203")[0] == bottom
    assert s.state.stack("0904")[0] != bottom
    assert len(entry.commands) == 1
    s.pop()
    assert s.state.stack("0904")[0] == bottom
    assert s.state.hash == s.record.header.setup_hash


def test_stack_move_is_one_undo_step():
    s = new_session()
    stack = s.state.stack("0904")
    s.push(Action("move", pids=stack, to="0505"))
    assert s.state.stack("0505") == stack and not s.state.stack("0904")
    assert len(s.record.entries) == 1
    s.pop()
    assert s.state.stack("0904") == stack


def test_new_action_clears_redo():
    s = new_session()
    s.push(Action("roll", spec="2d6", purpose="x"))
    s.pop()
    assert s.redo_stack
    s.push(Action("note", text="hello"))
    assert not s.redo_stack


def test_redo_replays_the_same_dice():
    s = new_session()
    first = s.push(Action("roll", spec="3d6", purpose="x")).commands[0].result
    s.pop()
    again = s.redo().commands[0].result
    assert first == again


def test_failed_action_changes_nothing():
    s = new_session()
    before = s.state.hash
    pid = s.state.stack("0904")[0]
    with pytest.raises(C.CommandError):
        # second move targets a location that does not exist: the first must be rolled back
        s.push(Action("move", pids=[pid, s.state.stack("0904")[1]], to="nowhere"))
    assert s.state.hash == before and not s.record.entries


@pytest.mark.parametrize("cmd,msg", [
    (C.Move(999, "0101"), "no piece"),
    (C.Move(1, "nowhere"), "no location"),
    (C.Create("no-such-type", "0101"), "no piece type"),
    (C.SetFace(1, 5), "face"),
    (C.Draw("deck", "hand:blue", 99), "cannot draw"),
    (C.Roll("7q", "x"), "not a dice spec"),
    (C.SetGlobal("x", 1.5), "unsupported value"),
    (C.RemoveMarker(1, "OOS"), "no marker"),
])
def test_bad_commands_are_refused_with_a_message(cmd, msg):
    s = new_session()
    before = s.state.hash
    with pytest.raises(C.CommandError, match=msg):
        C.apply_all(s.state, [cmd])
    assert s.state.hash == before


def test_command_json_round_trip_and_malformed_json():
    for cmd in [C.Move(1, "0101", 2), C.SetProp(1, "k", {"a": [1, 2]}), C.Roll("2d6", "fire", [3, 4]),
                C.Shuffle("deck", [1, 2]), C.Note("red", "hi")]:
        assert C.Command.from_json(cmd.to_json()) == cmd
    for bad in [None, 3, {"c": 5}, {"c": "nope"}, {"c": "move", "zzz": 1}, {"c": "move"}]:
        with pytest.raises(C.CommandError):
            C.Command.from_json(bad)


def random_actions(seed: int, n: int) -> tuple[Session, list[str]]:
    s = new_session(seed)
    rnd = random.Random(seed)
    hashes = [s.state.hash]
    rules = s.ruleset
    while len(s.record.entries) < n:
        action = rules.random_action(s.state, rnd)
        try:
            s.push(action)
        except C.CommandError:
            continue
        hashes.append(s.state.hash)
    return s, hashes


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 60))
def test_property_undo_all_then_redo_all(seed, n):
    s, hashes = random_actions(seed, n)
    assert s.state.hash == s.state.full_hash()
    back = []
    while s.record.entries:
        s.pop()
        back.append(s.state.hash)
        assert s.state.hash == s.state.full_hash()
    assert back[::-1] == hashes[:-1]
    assert s.state.hash == s.record.header.setup_hash
    while s.redo_stack:
        s.redo()
    assert s.state.hash == hashes[-1]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(0, 40), cut=st.floats(0, 1))
def test_property_save_and_load_at_any_point_changes_nothing(seed, n, cut):
    s, hashes = random_actions(seed, n)
    # undo to an arbitrary point, save there, load: same state, same record
    for _ in range(int(len(s.record.entries) * cut)):
        s.pop()
    loaded = persist.load_bytes(persist.save_bytes(s), MODULE)
    assert loaded.state.hash == s.state.hash
    assert loaded.record.lines() == s.record.lines()
    assert loaded.state.to_data() == s.state.to_data()


def test_state_invariants_hold_under_free_play():
    s, _ = random_actions(3, 200)
    assert FreePlay(MODULE).invariants(s.state) == []


def test_touched_since_names_every_location_a_command_changed_and_its_undo():
    s = GameState(None, 0)
    start = s.change_mark
    a = C.Create("x", "a")
    C.apply_all(s, [a, C.Create("x", "b"), C.SetGlobal("turn", 3)])
    assert set(s.touched_since(start)) == {"a", "b"}        # a global touches no location
    mark = s.change_mark
    assert s.touched_since(mark) == []
    pid = s.stack("a")[0]
    move = C.Move(pid, "c")
    C.apply_all(s, [move])
    assert set(s.touched_since(mark)) == {"a", "c"}         # left (now empty) and arrived
    mark = s.change_mark
    C.apply_all(s, [C.SetFace(pid, 1), C.SetProp(pid, "k", 1), C.AddMarker(pid, "m")])
    assert set(s.touched_since(mark)) == {"c"}              # the piece changed where it stands
    mark = s.change_mark
    move.undo(s)
    assert set(s.touched_since(mark)) == {"a", "c"}         # undoing is a change too
    assert s.touched_since(s.change_mark + 1) is None       # a mark this state never gave


def test_touched_since_forgets_old_marks_within_bounded_memory():

    s = GameState(None, 0)
    C.apply_all(s, [C.Create("x", "a")])
    pid = s.stack("a")[0]
    for i in range(3 * JOURNAL_LIMIT):
        C.apply_all(s, [C.SetFace(pid, i % 2)])
    assert len(s._touched) <= 2 * JOURNAL_LIMIT
    assert s.touched_since(0) is None                       # too old: re-read everything
    assert s.touched_since(s.change_mark - 3) == ["a", "a", "a"]


def test_set_global_list_keeps_the_stored_elements_and_checks_the_new_ones():
    s = GameState(None, 0)
    C.apply_all(s, [C.SetGlobal("stack", [{"state": "a"}, {"state": "b", "n": [1, 2]}])])
    stored = s.get("stack")
    change = C.SetGlobal("stack", [stored[0], {"state": "c"}])      # the top frame replaced
    C.apply_all(s, [change])
    assert s.get("stack")[0] is stored[0]                          # kept, not copied again
    assert s.get("stack") == [{"state": "a"}, {"state": "c"}]
    assert s.hash == s.full_hash()
    fresh = {"state": "d"}
    C.apply_all(s, [C.SetGlobal("stack", [s.get("stack")[0], fresh])])
    assert s.get("stack")[1] is not fresh                          # a new element is copied
    with pytest.raises(C.CommandError, match="unsupported"):       # and checked
        C.apply_all(s, [C.SetGlobal("stack", [s.get("stack")[0], {"x": 1.5}])])
    change.undo(s)
    assert s.get("stack") == [{"state": "a"}, {"state": "b", "n": [1, 2]}]
