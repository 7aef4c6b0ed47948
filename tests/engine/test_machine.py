"""The rules machine: states with prompts and one handler per verb, a state stack in the game
state (call / goto / end with begin and resume), procedures, and the checks a table gets when
its ruleset loads."""
from __future__ import annotations

import pytest

from engine import commands as C
from engine import persist, registry
from engine.actions import Action, Loc, Piece
from engine.machine import Context, MachineRuleset, Procedure, RulesError, State, plain_copy
from engine.errors import SaveError
from engine.rules import IllegalAction, Prompt, Transaction, Violation
from engine.sample import sample_module
from engine.session import Session
from engine.testing import Position, refused

MODULE = sample_module()


class Turn(Procedure):
    """A turn: blue moves, then red fires; forever."""
    name = "turn"
    steps = ("blue_moves", "red_fires")
    loop = True

    def blue_moves(self, g: Context, frame: dict) -> None:
        g.call("move", side="blue", moved=[])

    def red_fires(self, g: Context, frame: dict) -> None:
        g.call("fire", side="red")


class Move(State):
    name = "move"
    rule = "4.1"

    def prompt(self, g, frame):
        return Prompt(frame["side"], "move", "move a unit one hex, or done")

    def actions(self, g, frame):
        for pid in sorted(g.state.pieces):
            piece = g.state.pieces[pid]
            if piece.loc == "0203" and pid not in frame["moved"]:
                yield self.offer("move", frame["side"], unit=pid, to="0204")
        yield self.offer("done", frame["side"])

    def check_move(self, g, frame, unit: Piece, to: Loc) -> Violation | None:
        if unit in frame["moved"]:
            return Violation("SK 4.2", "a unit moves once a turn")
        if to != "0204":
            return Violation("SK 4.3", "only to 0204 in this toy")
        return None

    def on_move(self, g, frame, unit: Piece, to: Loc) -> None:
        """Move this unit"""
        g.do(C.Move(unit, to))
        g.update(moved=frame["moved"] + [unit])

    def on_done(self, g, frame) -> None:
        """Done moving"""
        g.end("moved")

    def resume(self, g, frame, result):
        g.update(resumed=result)


class Fire(State):
    name = "fire"
    rule = "5.1"
    hostile = frozenset({"fire"})

    def prompt(self, g, frame):
        return Prompt("red", "fire", "fire at a hex")

    def actions(self, g, frame):
        yield self.offer("fire", "red", at="0204")

    def begin(self, g, frame):
        g.note("red takes aim")

    def on_fire(self, g, frame, at: Loc) -> None:
        """Fire"""
        g.roll("fire")
        g.call("after_fire")

    def resume(self, g, frame, result):
        g.end()


class AfterFire(State):
    name = "after_fire"
    automatic = True

    def run(self, g, frame):
        g.set("fired", (g.get("fired") or 0) + 1)
        g.end("hit")


class Toy(MachineRuleset):
    id = "toy"
    rulebook = "SK"
    states = (Turn, Move, Fire, AfterFire)
    start = "turn"
    turn_rule = "3.1"


@pytest.fixture(autouse=True)
def _installed(monkeypatch):
    monkeypatch.setitem(registry.BUILTIN, "toy", Toy)


def toy() -> Session:
    return Session.new(MODULE, "meeting", seed=1, ruleset="toy")


def test_procedure_calls_states_and_resumes():
    s = toy()
    assert s.prompt() == Prompt("blue", "move", "move a unit one hex, or done")
    unit = s.state.stack("0203")[0]
    s.push(Action("move", "blue", unit=unit, to="0204"))
    s.push(Action.parse("blue: done"))
    assert s.prompt().side == "red"
    assert "red takes aim" in [n for _, n in s.state.chat]            # begin ran on call
    s.push(Action("fire", "red", at="0204"))                           # fire → after_fire (auto) → end
    assert s.state.get("fired") == 1
    assert s.prompt().kind == "move"                                   # the procedure looped
    s.pop(); s.pop(); s.pop()
    assert s.prompt().kind == "move" and s.state.get("fired") is None


def test_handlers_get_typed_targets_and_checks_name_the_rule():
    s = toy()
    unit = s.state.stack("0203")[0]
    refused(s, Action("move", "blue", unit=unit, to="0505"), "SK 4.3")
    refused(s, Action("move", "red", unit=unit, to="0204"), "SK 3.1")     # not red's decision
    refused(s, Action("teleport", "blue"), "SK 4.1")                       # not a verb here
    refused(s, Action("move", "blue", unit="x", to="0204"), "SK 4.1")      # a piece is a number
    refused(s, Action("move", "blue", to="0204"), "SK 4.1")                # a target is missing
    entry = s.push(Action("move", "blue", unit=str(unit), to="0204"))      # digits are a piece id
    assert str(entry.action) == f"blue: move to=@0204 unit=#{unit}"        # recorded typed
    refused(s, Action("move", "blue", unit=unit, to="0204"), "SK 4.2")


def test_labels_come_from_handler_docstrings_and_hostile_verbs_are_marked():
    s = toy()
    done = Action("done", "blue")
    assert s.ruleset.label(s.state, done) == "Done moving"
    s.push(done)
    assert s.ruleset.hostile(s.state, Action("fire", "red", at="0204"))


def test_table_talk_is_always_allowed_and_changes_nothing_but_the_log():
    s = toy()
    before = dict(s.state.globals)
    s.push(Action("note", "red", text="good luck"))
    assert s.state.globals == before and s.state.chat[-1] == ["red", "good luck"]


def test_view_carries_the_prompt_and_actions_for_that_side_only():
    s = toy()
    blue, red = s.view("blue"), s.view("red")
    assert blue.prompt.text.startswith("move") and len(blue.actions) >= 2
    assert red.prompt.text == "Waiting for Blue" and not red.actions
    data = blue.to_json()
    assert "blue: done" in data["actions"] and data["prompt"]["side"] == "blue"


def test_unknown_state_in_a_frame_is_an_error_not_skipped():
    s = toy()
    with pytest.raises(RulesError, match="no rules state 'vanished'"):
        s.push_setup("corrupt", lambda tx: tx.set("rules_stack", [{"state": "vanished"}]))
        s.prompt()


class NoPrompt(State):
    name = "np"

    def on_x(self, g, frame) -> None:
        """X"""


class Untyped(State):
    name = "untyped"

    def prompt(self, g, frame):
        return Prompt("", "", "")

    def on_x(self, g, frame, what) -> None:  # no type: refused at load
        """X"""


class Floaty(State):
    name = "floaty"

    def prompt(self, g, frame):
        return Prompt("", "", "")

    def on_x(self, g, frame, what: float) -> None:
        """X"""


@pytest.mark.parametrize("states,start,message", [
    ((Move, Move), "move", "used twice"),
    ((Move,), "nowhere", "start state 'nowhere'"),
    ((NoPrompt,), "np", "has no prompt"),
    ((Untyped,), "untyped", "has no type"),
    ((Floaty,), "floaty", "is not Piece, Loc, Card, int or str"),
])
def test_the_table_is_checked_when_the_ruleset_loads(states, start, message):
    class Bad(MachineRuleset):
        id = "bad"
    Bad.states, Bad.start = states, start
    with pytest.raises(RulesError, match=message):
        Bad(MODULE)


def test_position_records_every_edit_and_scripts_the_dice():
    pos = Position(toy())
    pid = pos.place("blue-inf", "0101")
    assert pos.where(pid) == "0101"
    assert pos.session.record.entries[-1].action.verb == "setup"
    pos.push("blue: done")
    pos.dice(6)
    entry = pos.push("red: fire at=@0204")
    roll = next(c for c in entry.commands if isinstance(c, C.Roll))
    assert roll.result == [6] and isinstance(roll, C.FixedRoll) and pos.dice_left == []
    # the whole position replays from its record, edits included
    again = persist.load_bytes(persist.save_bytes(pos.session), MODULE)
    assert again.state.hash == pos.state.hash
    # re-executed through the rules, an edit outside the rules is refused
    with pytest.raises(SaveError, match="action 1: illegal under the rules"):
        persist.load_bytes(persist.save_bytes(pos.session), MODULE, verify=True)


def test_a_scripted_roll_is_not_the_games_own_roll():
    pos = Position(toy())
    pos.push("blue: done")
    pos.dice(6 if _drawn_fire_roll() != 6 else 5)
    pos.push("red: fire at=@0204")
    with pytest.raises(SaveError, match="action 2: the ruleset produces different commands"):
        persist.load_bytes(persist.save_bytes(pos.session), MODULE, verify=True)


def _drawn_fire_roll() -> int:
    s = toy()
    s.push(Action("done", "blue"))
    entry = s.push(Action("fire", "red", at="0204"))
    return next(c for c in entry.commands if isinstance(c, C.Roll)).result[0]


def test_refused_helper_names_what_was_cited():
    s = toy()
    with pytest.raises(AssertionError, match="citing SK 3.1"):
        refused(s, Action("done", "red"), "SK 9.9")
    with pytest.raises(AssertionError, match="is legal"):
        refused(s, Action("done", "blue"), "SK 9.9")
    with pytest.raises(IllegalAction):
        s.push(Action("done", "red"))


def test_end_returns_a_copy_of_the_frame_left_that_the_stack_never_shares():
    frame = {"state": "x", "moved": [1, 2], "data": {"a": [3]}, "flag": True, "none": None}
    copied = plain_copy(frame)
    assert copied == frame
    assert copied is not frame and copied["moved"] is not frame["moved"]
    assert copied["data"]["a"] is not frame["data"]["a"]
    s = toy()
    tx = Transaction(s.state)
    g = s.ruleset.game(s.state, tx)
    stored = g.stack[-1]
    left = g.end()
    assert left == stored and left is not stored
    tx.rollback()


def test_a_state_may_name_its_own_helpers_plan_and_plans_without_breaking_offer():
    """The engine's offer keeps its call-shape plans under mangled names: a rules state's own
    ``_plan``/``_plans`` (OaO's AmmoChoice has one) are its business."""
    class Planned(Move):
        _plans = "the state's own"

        def _plan(self, g, frame):
            return {"mine": True}

    state = Planned()
    action = state.offer("move", "blue", unit=7, to="0204")
    assert dict(action.targets) == {"unit": 7, "to": "0204"}
    assert state._plan(None, {}) == {"mine": True} and Planned._plans == "the state's own"


def test_vet_is_check_and_typed_in_one_pass():
    s = toy()
    unit = s.state.stack("0203")[0]
    rules = s.ruleset
    for action in (Action("move", "blue", unit=str(unit), to="0204"),     # legal, typed on the way
                   Action("move", "blue", unit=unit, to="0505"),          # SK 4.3
                   Action("move", "blue", unit="x", to="0204"),           # not a piece
                   Action("move", "red", unit=unit, to="0204")):          # not red's decision
        violation, typed = rules.vet(s.state, action)
        assert violation == rules.check(s.state, action)
        assert typed == (action if violation else rules.typed(s.state, action))
    assert rules.vet(s.state, Action("move", "blue", unit=str(unit), to="0204"))[1]["unit"] == unit
