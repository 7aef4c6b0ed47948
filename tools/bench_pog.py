"""Paths of Glory rules benchmarks: legal-action generation per decision (median and 95th
percentile over random Introductory games: what the client asks before every highlight) and a
whole random Introductory game played out under enforcement (3 turns, every decision)."""
from __future__ import annotations

import random
import statistics
import time

from engine.session import Session
from engine.modules import open_module


def _playout(module, seed: int, samples: list[float] | None = None) -> int:
    session = Session.new(module, "introductory", seed, ruleset="paths_of_glory")
    rules, rnd, actions = session.ruleset, random.Random(seed), 0
    while session.outcome() is None and actions < 5000:
        t0 = time.perf_counter()
        legal = list(rules.legal_actions(session.state))
        if samples is not None:
            samples.append((time.perf_counter() - t0) * 1000)
        if not legal:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(rnd.choice(legal))
        actions += 1
    return actions


def run() -> list[tuple[str, float, str, str]]:
    module = open_module("paths_of_glory")
    samples: list[float] = []
    for seed in range(3):
        _playout(module, seed, samples)
    samples.sort()
    games = []
    for seed in range(3, 6):
        t0 = time.perf_counter()
        n = _playout(module, seed)
        games.append(((time.perf_counter() - t0) * 1000, n))
    median_game = statistics.median(ms for ms, _ in games)
    median_actions = statistics.median(n for _, n in games)
    return [
        ("PoG legal actions per decision, introductory playouts (median)",
         statistics.median(samples), "ms", "< 5"),
        ("PoG legal actions per decision (95th percentile)",
         samples[int(len(samples) * 0.95)], "ms", "< 20"),
        (f"PoG full introductory game, random play (median, ~{median_actions:.0f} actions)",
         median_game, "ms", "< 5000"),
    ]


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:10.2f} {unit:5s} goal {goal}")
