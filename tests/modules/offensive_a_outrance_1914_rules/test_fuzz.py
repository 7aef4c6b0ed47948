"""Random legal play under the rules (engine/fuzz.py): whole Battle for Lorraine games, and the
opening of the Race to the Sea and of the Grand Campaign, end without exceptions, dead ends or
broken invariants, and replay and undo exactly. ``make fuzz`` plays whole games of every
scenario."""
from __future__ import annotations

from engine.fuzz import fuzz

from .positions import module

MID = "offensive_a_outrance_1914"


def test_oao_fuzz_whole_lorraine_games_clean():
    report = fuzz(module(), 2, seed=1, scenario="lorraine", ruleset=MID, max_actions=5000)
    assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)
    assert all(r.actions > 100 for r in report.results)
    counts = report.event_counts()
    assert counts.get("move", 0) and counts.get("select", 0)


def test_oao_fuzz_race_to_the_sea_and_grand_campaign_openings_clean():
    for scenario, seed in (("race_to_the_sea", 3), ("campaign", 4)):
        report = fuzz(module(), 1, seed=seed, scenario=scenario, ruleset=MID, max_actions=250)
        assert not report.failed, "\n".join(f"{scenario} seed {r.seed}: {r.failure}" for r in report.failed)
