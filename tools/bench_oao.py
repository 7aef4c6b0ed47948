"""1914 Offensive à outrance rules benchmarks: legal actions per decision on the largest
scenario (the Grand Campaign: 3,678 hexes, about 1,000 counters in play), median and 95th
percentile, over random play — what the table asks before every highlight — and a whole random
game of each scenario played out under enforcement (the two long ones take minutes).

Times are taken twice: wall clock and the process's CPU time (``time.process_time``); on a
machine shared with other work the wall clock includes waiting for a core, the CPU time is what
the decision itself costs.

    python -m tools.bench_oao            # all figures
    python -m tools.bench_oao --quick    # decisions only (no whole games)
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from engine.modules import open_module
from engine.session import Session

MID = "offensive_a_outrance_1914"


def _decisions(module, scenario: str, seed: int, actions: int) -> tuple[list[float], list[float]]:
    """(wall ms, CPU ms) of listing the legal actions before each of ``actions`` random decisions."""
    session = Session.new(module, scenario, seed)
    rules, rnd = session.ruleset, random.Random(seed)
    wall, cpu = [], []
    for _ in range(actions):
        if session.outcome() is not None:
            break
        rules._cache_hash = None                 # a fresh position: nothing remembered
        t0, c0 = time.perf_counter(), time.process_time()
        legal = list(rules.legal_actions(session.state))
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        if not legal:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(rules.random_action(session.state, rnd))
    return wall, cpu


def _playout(module, scenario: str, seed: int) -> tuple[float, float, int, str]:
    session = Session.new(module, scenario, seed)
    rules, rnd = session.ruleset, random.Random(seed)
    t0, c0 = time.perf_counter(), time.process_time()
    n = 0
    while session.outcome() is None and n < 100_000:
        action = rules.random_action(session.state, rnd)
        if action is None:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(action)
        n += 1
    return time.perf_counter() - t0, time.process_time() - c0, n, str(session.outcome())


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def run(quick: bool = False) -> list[tuple[str, float, str, str]]:
    module = open_module(MID)
    wall, cpu = [], []
    for seed in (1, 2):
        w, c = _decisions(module, "campaign", seed, 400)
        wall += w
        cpu += c
    rows = [
        ("OaO legal actions per decision, Grand Campaign random play (median, CPU)", statistics.median(cpu),
         "ms", "< 2"),
        ("OaO legal actions per decision, Grand Campaign (95th percentile, CPU)", pct(cpu, 0.95), "ms", "< 20"),
        ("OaO legal actions per decision, Grand Campaign (median, wall clock)", statistics.median(wall), "ms", "< 2"),
        ("OaO legal actions per decision, Grand Campaign (95th percentile, wall clock)", pct(wall, 0.95),
         "ms", "< 20"),
    ]
    if quick:
        return rows
    for scenario in ("lorraine", "race_to_the_sea", "campaign"):
        secs, cpu_secs, n, _outcome = _playout(module, scenario, 7)
        rows.append((f"OaO whole random game, {scenario} ({n} actions; CPU {cpu_secs:.0f} s)", secs * 1000, "ms",
                     "< 600000"))
    return rows


if __name__ == "__main__":
    for name, value, unit, goal in run("--quick" in sys.argv):
        print(f"{name:84s} {value:10.2f} {unit:5s} goal {goal}")
