"""Random legal play of Paths of Glory under the rules (engine/fuzz.py): whole Introductory
games end without exceptions, dead ends or broken invariants, and replay and undo exactly."""
from __future__ import annotations

from engine.fuzz import fuzz

from .positions import module


def test_pog_fuzz_ten_introductory_games_play_to_the_end():
    report = fuzz(module(), 10, seed=1, scenario="introductory", ruleset="paths_of_glory",
                  max_actions=5000)
    assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)
    counts = report.event_counts()
    assert counts.get("play_ops", 0) and counts.get("move", 0) and counts.get("sr", 0)


def test_pog_fuzz_campaign_opening_turns():
    report = fuzz(module(), 1, seed=7, scenario="campaign", ruleset="paths_of_glory",
                  max_actions=400)
    assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)
