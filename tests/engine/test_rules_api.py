"""The rules API: prompts, legal actions, violations citing rules, the ruleset registry."""
from __future__ import annotations

from typing import Iterator

import pytest

from engine import commands as C
from engine.errors import WartableError
from engine.rules import (Action, FreePlay, IllegalAction, Prompt, Ruleset, Transaction, Violation,
                          load_ruleset, ruleset_classes)
from engine.sample import sample_module
from engine.session import Session
from engine.state import GameState

MODULE = sample_module()


class Alternate(Ruleset):
    """A toy ruleset: sides alternate; each may only advance the turn or roll. It keeps a
    state stack in the ``rules`` global, as real rulesets do for nested procedures."""
    id = "alternate"

    def prompt(self, state: GameState) -> Prompt:
        side = "blue" if state.get("turn", 1) % 2 else "red"
        return Prompt(side, "act", f"{side} to act")

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        side = self.prompt(state).side
        yield Action.make("advance", side)
        yield Action.make("roll", side)

    def check(self, state: GameState, action: Action) -> Violation | None:
        if action.side != self.prompt(state).side:
            return Violation("SK 4.1", "the sides act in turn")
        return super().check(state, action)

    def apply(self, tx: Transaction, action: Action) -> None:
        if action.kind == "roll":
            r = tx.roll("1d6", "toy")
            tx.set("rules", {"stack": ["after_roll"], "last": r.result[0]})
        else:
            tx.set("turn", tx.state.get("turn", 1) + 1)

    def outcome(self, state: GameState) -> str | None:
        return "blue wins" if state.get("turn", 1) > 6 else None


def test_violation_cites_rule_and_changes_nothing():
    s = Session(MODULE, Alternate(MODULE), Session.new(MODULE).record.header, Session.new(MODULE).state)
    before = s.state.hash
    with pytest.raises(IllegalAction) as err:
        s.do(Action.make("advance", "red"))
    assert err.value.violation.rule == "SK 4.1"
    assert str(err.value) == "SK 4.1: the sides act in turn"
    assert s.state.hash == before


def test_rules_state_lives_in_game_state_so_undo_restores_it():
    base = Session.new(MODULE)
    s = Session(MODULE, Alternate(MODULE), base.record.header, base.state)
    s.do(Action.make("roll", "blue"))
    assert s.state.get("rules")["stack"] == ["after_roll"]
    s.undo()
    assert s.state.get("rules") is None


def test_unlisted_action_is_refused_by_default_check():
    base = Session.new(MODULE)
    s = Session(MODULE, Alternate(MODULE), base.record.header, base.state)
    with pytest.raises(IllegalAction, match="not a legal action"):
        s.do(Action.make("teleport", "blue"))


def test_free_play_is_registered_and_entry_points_are_read():
    classes = ruleset_classes()
    assert classes["free"] is FreePlay
    assert isinstance(load_ruleset("free", MODULE), FreePlay)
    with pytest.raises(WartableError, match="no ruleset 'nope'"):
        load_ruleset("nope", MODULE)


def test_entry_point_group_adds_a_ruleset(monkeypatch):
    from importlib import metadata

    class EP:
        name = "alternate"
        def load(self):
            return Alternate
    real = metadata.entry_points
    monkeypatch.setattr(metadata, "entry_points", lambda group=None: [EP()] if group == "wartable.rulesets" else real())
    assert ruleset_classes()["alternate"] is Alternate


def test_free_play_notation_is_readable():
    s = Session.new(MODULE, seed=1)
    pid = s.state.stack("0203")[0]
    entry = s.do(Action.make("move", "blue", pids=[pid], to="0505"))
    assert entry.text == "blue: 1st Infantry Corps 0203 → 0505"
    assert s.do(Action.make("roll", "red", spec="2d6", purpose="fire")).text == "red: rolls 2d6 for fire"
    hidden = s.do(Action.make("draw", "red", src="deck", dst="hand:red"))
    assert hidden.text == "red: draws 1 from Draw deck to Red hand"


def test_free_play_refuses_unknown_action_kind():
    s = Session.new(MODULE)
    with pytest.raises(IllegalAction, match="unknown action"):
        s.do(Action.make("levitate"))


def test_step_loss_stops_at_last_step():
    s = Session.new(MODULE)
    pid = s.state.stack("0203")[0]   # blue infantry: two faces
    s.do(Action.make("step", pid=pid))
    with pytest.raises(C.CommandError, match="no step left"):
        s.do(Action.make("step", pid=pid))
