"""Random legal play of France 1944 under the rules (engine/fuzz.py): whole games of every
scenario end without exceptions, dead ends or broken invariants, and replay and undo exactly.
CI-sized; ``make fuzz`` runs the long campaign (figures in COVERAGE.md)."""
from __future__ import annotations

from engine.fuzz import fuzz, play_one

from .positions import module


def test_f44_fuzz_whole_falaise_gap_games_clean():
    report = fuzz(module(), 8, seed=1, scenario="falaise_gap", ruleset="france_1944", max_actions=5000)
    assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)
    counts = report.event_counts()
    for verb in ("commit", "activate", "command", "increment", "move", "attack", "resolve", "single"):
        assert counts.get(verb, 0), f"no {verb} in eight random games"


def test_f44_fuzz_breakout_and_campaign_opening_turns_clean():
    for scenario, seed in (("breakout", 21), ("campaign", 31)):
        report = fuzz(module(), 1, seed=seed, scenario=scenario, ruleset="france_1944", max_actions=350,
                      options={"operational_advantage": "on"})
        assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)


def test_f44_fuzz_a_whole_breakout_game_ends_with_a_result():
    session, result = play_one(module(), 5, "breakout", "france_1944", max_actions=20000)
    assert not result.failure, result.failure
    assert session.outcome() is not None and session.state.get("turn") == 3
