"""Strafexpedition 1916 rules benchmarks: legal-action generation per decision (median and 95th
percentile over random play of the campaign, the largest scenario: what the table asks before
every highlight) and a whole random game of each scenario played out under enforcement."""
from __future__ import annotations

import random
import statistics
import time

from engine.modules import open_module
from engine.session import Session

RULESET = "strafexpedition_1916"
SCENARIOS = ("sc4_monte_novegno", "sc3_monte_cengio", "sc1_drive_on_pasubio",
             "sc2_asiago_mountains_burning", "sc5_campaign")
LIMIT = 20_000


def playout(module, scenario: str, seed: int, samples: list[float] | None = None,
            decisions: int = LIMIT) -> int:
    session = Session.new(module, scenario, seed, ruleset=RULESET)
    rules, rnd, n = session.ruleset, random.Random(seed), 0
    while session.outcome() is None and n < decisions:
        t0 = time.perf_counter()
        legal = list(rules.legal_actions(session.state))
        if samples is not None:
            samples.append((time.perf_counter() - t0) * 1000)
        if not legal:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(rules.random_action(session.state, rnd))
        n += 1
    return n


def run() -> list[tuple[str, float, str, str]]:
    module = open_module("strafexpedition_1916")
    samples: list[float] = []
    playout(module, "sc5_campaign", 1, samples, decisions=1500)
    samples.sort()
    rows = [
        ("SE legal actions per decision, campaign playout (median)", statistics.median(samples), "ms", "< 2"),
        ("SE legal actions per decision, campaign playout (95th percentile)",
         samples[int(len(samples) * 0.95)], "ms", "< 20"),
    ]
    for scenario in SCENARIOS:
        t0 = time.perf_counter()
        n = playout(module, scenario, 2)
        rows.append((f"SE whole random game, {scenario} ({n} actions)", (time.perf_counter() - t0), "s",
                     "a game ends"))
    return rows


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:10.2f} {unit:5s} goal {goal}")
