"""France 1944 rules benchmarks: legal-action generation per decision (median and 95th
percentile over random games of the largest scenario, the campaign: what the table asks before
every highlight) and a whole random game of each scenario played out under enforcement."""
from __future__ import annotations

import random
import statistics
import time

from engine.modules import open_module
from engine.session import Session

SCENARIOS = ("falaise_gap", "breakout", "westwall", "campaign")


def _playout(module, scenario: str, seed: int, samples: list[float] | None = None) -> int:
    session = Session.new(module, scenario, seed, ruleset="france_1944")
    rules, rnd, actions = session.ruleset, random.Random(seed), 0
    while session.outcome() is None and actions < 50_000:
        t0 = time.perf_counter()
        legal = list(rules.legal_actions(session.state))
        if samples is not None:
            samples.append((time.perf_counter() - t0) * 1000)
        if not legal:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(rules.random_action(session.state, rnd))
        actions += 1
    return actions


def run() -> list[tuple[str, float, str, str]]:
    module = open_module("france_1944")
    samples: list[float] = []
    _playout(module, "campaign", 1, samples)
    samples.sort()
    rows = [
        ("F44 legal actions per decision, campaign playout (median)", statistics.median(samples), "ms", "< 2"),
        ("F44 legal actions per decision, campaign playout (95th percentile)",
         samples[int(len(samples) * 0.95)], "ms", "< 20"),
    ]
    for scenario in SCENARIOS:
        t0 = time.perf_counter()
        n = _playout(module, scenario, 7)
        rows.append((f"F44 whole random {scenario} game ({n} actions)", (time.perf_counter() - t0) * 1000,
                     "ms", "< 30000"))
    return rows


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:10.2f} {unit:5s} goal {goal}")
