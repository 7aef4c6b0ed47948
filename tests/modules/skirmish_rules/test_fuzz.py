"""The fuzzer on the skirmish rules (guide section 8): random legal play to the end of the game,
with the ruleset's invariants checked after every action, the record replayed and undone."""
from __future__ import annotations

from engine.fuzz import fuzz, play_one


def test_fuzz_plays_whole_games_without_a_failure(module):
    report = fuzz(module, games=4, seed=1)
    assert report.summary() == "4 passed, 0 failed"
    counts = report.event_counts()
    assert counts["move"] > 50 and counts["resolve"] > 0


def test_fuzz_games_reach_the_end(module):
    for seed in (1, 2):
        session, result = play_one(module, seed)
        assert not result.failure
        assert session.outcome() is not None, f"seed {seed} did not finish in {result.actions} actions"
