"""The rules API: prompts, legal actions, violations citing rules, the ruleset registry."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

import pytest

from engine import commands as C
from engine import registry
from engine.errors import WartableError
from engine.actions import Action
from engine.freeplay import FreePlay
from engine.registry import load_ruleset, ruleset_classes
from engine.rules import IllegalAction, Outcome, Prompt, Ruleset, Transaction, Violation
from engine.sample import sample_module
from engine.session import Session
from engine.state import GameState

#: These tests play the sample freely; its own ruleset is the enforced `skirmish`.
MODULE = replace(sample_module(), ruleset="free")


class Alternate(Ruleset):
    """A toy ruleset: sides alternate; each may only advance the turn or roll. It keeps a
    state stack in the ``rules`` global, as real rulesets do for nested procedures."""
    id = "alternate"

    def prompt(self, state: GameState) -> Prompt:
        side = "blue" if state.get("turn", 1) % 2 else "red"
        return Prompt(side, "act", f"{side} to act")

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        side = self.prompt(state).side
        yield Action("advance", side)
        yield Action("roll", side)

    def check(self, state: GameState, action: Action) -> Violation | None:
        if action.side != self.prompt(state).side:
            return Violation("SK 4.1", "the sides act in turn")
        return super().check(state, action)

    def apply(self, tx: Transaction, action: Action) -> None:
        if action.verb == "roll":
            r = tx.roll("1d6", "toy")
            tx.set("rules", {"stack": ["after_roll"], "last": r.result[0]})
        else:
            tx.set("turn", tx.state.get("turn", 1) + 1)

    def outcome(self, state: GameState) -> Outcome | None:
        return Outcome("blue", "victory", "blue wins") if state.get("turn", 1) > 6 else None


def test_violation_cites_rule_and_changes_nothing():
    s = Session(MODULE, Alternate(MODULE), Session.new(MODULE).record.header, Session.new(MODULE).state)
    before = s.state.hash
    with pytest.raises(IllegalAction) as err:
        s.push(Action("advance", "red"))
    assert err.value.violation.rule == "SK 4.1"
    assert str(err.value) == "SK 4.1: the sides act in turn"
    assert s.state.hash == before


def test_rules_state_lives_in_game_state_so_undo_restores_it():
    base = Session.new(MODULE)
    s = Session(MODULE, Alternate(MODULE), base.record.header, base.state)
    s.push(Action("roll", "blue"))
    assert s.state.get("rules")["stack"] == ["after_roll"]
    s.pop()
    assert s.state.get("rules") is None


def test_unlisted_action_is_refused_by_default_check():
    base = Session.new(MODULE)
    s = Session(MODULE, Alternate(MODULE), base.record.header, base.state)
    with pytest.raises(IllegalAction, match="not a legal action"):
        s.push(Action("teleport", "blue"))


def test_free_play_is_registered_and_entry_points_are_read():
    classes = ruleset_classes()
    assert classes["free"] is FreePlay
    assert isinstance(load_ruleset("free", MODULE), FreePlay)
    with pytest.raises(WartableError, match="no ruleset 'nope'"):
        load_ruleset("nope", MODULE)


def test_entry_point_group_adds_a_ruleset(monkeypatch):
    class EP:
        name = "alternate"
        def load(self):
            return Alternate
    real = registry.metadata.entry_points
    monkeypatch.setattr(registry.metadata, "entry_points", lambda group=None: [EP()] if group == "wartable.rulesets" else real())
    assert ruleset_classes()["alternate"] is Alternate


def test_free_play_notation_is_readable():
    s = Session.new(MODULE, seed=1)
    pid = s.state.stack("0203")[0]
    entry = s.push(Action("move", "blue", pids=[pid], to="0505"))
    assert entry.text == "Blue: 1st Infantry Corps 0203 → 0505"
    assert s.push(Action("roll", "red", spec="2d6", purpose="fire")).text == "Red: rolls 2d6 for fire"
    hidden = s.push(Action("draw", "red", src="deck", dst="hand:red"))
    assert hidden.text == "Red: draws 1 from Draw deck to Red hand"


def test_free_play_refuses_unknown_action_kind():
    s = Session.new(MODULE)
    with pytest.raises(IllegalAction, match="levitate is not possible now"):
        s.push(Action("levitate"))


def test_step_loss_stops_at_last_step():
    s = Session.new(MODULE)
    pid = s.state.stack("0203")[0]   # blue infantry: two faces
    s.push(Action("step", pid=pid))
    with pytest.raises(C.CommandError, match="no step left"):
        s.push(Action("step", pid=pid))


def test_opening_one_ruleset_imports_only_that_one(monkeypatch):
    """Loading a game's ruleset imports its own package, not every installed game's rules."""
    loaded = []

    class EP:
        def __init__(self, name):
            self.name = name

        def load(self):
            loaded.append(self.name)
            return Alternate
    monkeypatch.setattr(registry.metadata, "entry_points",
                        lambda group=None: [EP("other_game"), EP("alternate"), EP("third")])
    assert isinstance(load_ruleset("alternate", MODULE), Alternate)
    assert loaded == ["alternate"]
    assert registry.ruleset_ids() == ["alternate", "free", "other_game", "third"]
    with pytest.raises(WartableError, match="installed: alternate, free, other_game, third"):
        load_ruleset("nope", MODULE)
    assert loaded == ["alternate"]


def test_a_ruleset_that_does_not_import_is_named_as_such(monkeypatch):
    class Broken:
        name = "broken"

        def load(self):
            raise ImportError("no module named 'broken.rules'")
    monkeypatch.setattr(registry.metadata, "entry_points", lambda group=None: [Broken()])
    with pytest.raises(WartableError, match="'broken' is installed but its package does not import"):
        load_ruleset("broken", MODULE)
