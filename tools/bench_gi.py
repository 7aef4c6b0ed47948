"""Grand Illusion rules benchmarks: legal-action generation per decision (median and 95th
percentile over random games of the largest scenario, what the table asks before every
highlight) and a whole random game of each scenario played out under enforcement."""
from __future__ import annotations

import random
import statistics
import time

from engine.modules import open_module
from engine.session import Session

SCENARIOS = ("historical_campaign", "short_campaign", "hypothetical")
MAX_ACTIONS = 6000


def _playout(module, scenario: str, seed: int, samples: list[float] | None = None) -> int:
    session = Session.new(module, scenario, seed, ruleset="grand_illusion")
    rules, rnd, actions = session.ruleset, random.Random(seed), 0
    while session.outcome() is None and actions < MAX_ACTIONS:
        if samples is not None:
            t0 = time.perf_counter()
            list(rules.legal_actions(session.state))
            samples.append((time.perf_counter() - t0) * 1000)
        action = rules.random_action(session.state, rnd)
        if action is None:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(action)
        actions += 1
    return actions


def run() -> list[tuple[str, float, str, str]]:
    module = open_module("grand_illusion")
    samples: list[float] = []
    for seed in range(2):
        _playout(module, "hypothetical", seed, samples)
    samples.sort()
    rows = [("GI legal actions per decision, Scenario 3 games (median)",
             statistics.median(samples), "ms", "< 2"),
            ("GI legal actions per decision (95th percentile)",
             samples[int(len(samples) * 0.95)], "ms", "< 20")]
    for scenario in SCENARIOS:
        t0 = time.perf_counter()
        n = _playout(module, scenario, 7)
        rows.append((f"GI whole random game, {scenario} ({n} actions)",
                     (time.perf_counter() - t0) * 1000, "ms", "< 60000"))
    return rows


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:10.2f} {unit:5s} goal {goal}")
