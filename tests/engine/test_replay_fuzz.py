"""Replay verifies every checkpoint and reports the first divergence; the fuzzer finds bugs."""
from __future__ import annotations

from dataclasses import replace
import pytest

from engine import persist
from engine import registry, saves
from engine.fuzz import fuzz, play_one
from engine.actions import Action
from engine.freeplay import FreePlay
from engine.rules import Transaction
from engine.sample import sample_module
from engine.replay import ReplayDivergence, replay_entries
from engine.session import Session

#: These tests play the sample freely; its own ruleset is the enforced `skirmish`.
MODULE = replace(sample_module(), ruleset="free")


def test_fuzz_free_play_command_layer():
    report = fuzz(MODULE, games=15, seed=100, max_actions=150)
    assert report.summary() == "15 passed, 0 failed"
    counts = report.event_counts()
    assert counts.get("move", 0) > 100 and counts.get("roll", 0) > 10


def test_fuzz_in_parallel_processes_gives_the_same_report():
    """Each game depends only on its seed: --jobs 2 must report exactly what one process does."""
    serial = fuzz(MODULE, games=4, seed=7, max_actions=60)
    parallel = fuzz(MODULE, games=4, seed=7, max_actions=60, jobs=2)
    assert [(r.seed, r.actions, r.failure, r.events) for r in parallel.results] == \
        [(r.seed, r.actions, r.failure, r.events) for r in serial.results]


def test_fuzzer_reports_a_broken_invariant(tmp_path, monkeypatch):
    class Leaky(FreePlay):
        id = "leaky"

        def invariants(self, state):
            return ["too many rolls"] if len(state.get("last_roll") or {}) and state.rng % 3 == 0 else []

    monkeypatch.setitem(registry.BUILTIN, "leaky", Leaky)
    report = fuzz(MODULE, games=5, seed=1, ruleset="leaky", max_actions=200, save_failures=tmp_path)
    assert report.failed and "too many rolls" in report.failed[0].failure
    saved = sorted(tmp_path.glob("*.wtsave"))
    assert len(saved) == len(report.failed)  # each failure saved as a replayable record
    assert persist.load(saved[0], MODULE).record.entries  # and it loads and replays


def test_fuzzer_reports_nondeterministic_rules(monkeypatch):
    class Flaky(FreePlay):
        """Produces different commands each time it is asked: replay must catch it."""
        id = "flaky"
        calls = 0

        def apply(self, tx: Transaction, action: Action) -> None:
            Flaky.calls += 1
            super().apply(tx, action)
            from engine.commands import SetGlobal
            tx.do(SetGlobal("calls", Flaky.calls))

    monkeypatch.setitem(registry.BUILTIN, "flaky", Flaky)
    s = Session.new(MODULE, ruleset="flaky")
    s.push(Action("note", text="a"))
    s.push(Action("note", text="b"))
    # a full save compares the commands, a compact one the state each action reaches
    with pytest.raises(saves.SaveError, match="action 1: the ruleset produces different commands"):
        persist.load_bytes(persist.save_bytes(s, version=1), MODULE, verify=True)
    with pytest.raises(saves.SaveError, match="action 1: state hash .* differs .* these rules do not play it"):
        persist.load_bytes(persist.save_bytes(s), MODULE)


def test_replay_reaches_recorded_hash_and_verify_agrees():
    session, result = play_one(MODULE, seed=5, max_actions=300)
    assert not result.failure
    replayed = persist.load_bytes(persist.save_bytes(session), MODULE, verify=True)
    assert replayed.state.hash == session.state.hash == session.record.final_hash


def test_replay_rolls_back_the_diverging_entry():
    """A hash mismatch at entry i leaves the session exactly as it was after entry i-1, so a
    client can show the last good position."""
    session, _ = play_one(MODULE, seed=7, max_actions=20)
    entries = [e.to_json() for e in session.record.entries]
    bad = dict(entries[4])
    bad["hash"] = "0" * 16
    fresh = Session.new(MODULE, None, 7)
    replay_entries(fresh, entries[:4])
    good_hash = fresh.state.hash
    with pytest.raises(ReplayDivergence, match="state hash"):
        replay_entries(fresh, [bad])
    assert fresh.state.hash == good_hash
    assert len(fresh.record.entries) == 4


def test_fuzz_statistics_use_the_rulesets_keys(monkeypatch):
    class Counting(FreePlay):
        id = "counting"

        def statistics_keys(self, state, action):
            return [action.verb, f"kind-len:{len(action.verb)}"]

    monkeypatch.setitem(registry.BUILTIN, "counting", Counting)
    report = fuzz(MODULE, games=2, seed=3, ruleset="counting", max_actions=50)
    counts = report.event_counts()
    assert counts["kind-len:4"] == counts.get("move", 0) + counts.get("flip", 0) + counts.get("roll", 0) \
        + counts.get("note", 0) + counts.get("prop", 0) + counts.get("mark", 0) + counts.get("draw", 0)
