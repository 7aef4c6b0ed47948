"""Random legal play of Paths of Glory under the rules (engine/fuzz.py): whole Introductory
games end without exceptions, dead ends or broken invariants, and replay and undo exactly."""
from __future__ import annotations

from engine.fuzz import fuzz, play_one

from .conftest import module


def test_pog_fuzz_two_hundred_games_clean():
    """The issue's "200 games clean in CI-sized runs": 190 whole Introductory games and 10
    Campaign games capped at 400 actions (about 2.5-3 minutes on the development machine)."""
    intro = fuzz(module(), 190, seed=1, scenario="introductory", ruleset="paths_of_glory",
                 max_actions=5000)
    campaign = fuzz(module(), 10, seed=1000, scenario="campaign", ruleset="paths_of_glory",
                    max_actions=400)
    failed = intro.failed + campaign.failed
    assert not failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in failed)
    assert len(intro.results) + len(campaign.results) == 200
    counts = intro.event_counts()
    assert counts.get("play_ops", 0) and counts.get("move", 0) and counts.get("sr", 0)
    assert counts.get("play_event", 0)


def test_pog_fuzz_campaign_opening_turns():
    report = fuzz(module(), 1, seed=7, scenario="campaign", ruleset="paths_of_glory",
                  max_actions=400)
    assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)


def test_pog_fuzz_whole_campaign_wars_with_all_events():
    """Issue 11: random legal play of whole Campaign games (all 20 turns or an earlier end),
    with every event available (the optional cards in the decks); the statistics show which
    events fired. ``make fuzz`` runs 200 such games."""
    fired = 0
    for seed in (11, 12):
        session, result = play_one(module(), seed, "campaign", "paths_of_glory",
                                   max_actions=100_000, options={"optional_cards": "all"})
        assert not result.failure, result.failure
        assert session.outcome(), "the war did not end"
        fired += sum(v for k, v in result.events.items() if k.startswith("event:"))
        optional = [k for k in result.events if k.startswith("event:") and
                    int(k.split("_")[1]) >= 56]
        assert optional, "no optional-card event fired"
    assert fired >= 20
