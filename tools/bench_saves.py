"""Save benchmarks (issue 17): the size of a saved whole Campaign game of Paths of Glory in the
full format (1: every command) and the compact one (2: each action's text and a short state
hash, compressed; goal under 100 KB), and the time to write and to load each — loading the
compact save re-executes every action through the rules, so its time follows the rules' speed.

The game is played as ``wartable fuzz`` plays: uniform random legal actions
(``Ruleset.random_action``) from the Campaign scenario with every optional card, to its end.
"""
from __future__ import annotations

import random
import statistics
import time

from engine import persist
from engine.modules import open_module
from engine.session import Session

SEED = 1
OPTIONS = {"optional_cards": "all"}


def whole_game(module, seed: int = SEED) -> Session:
    """A whole Campaign game of random legal play (to its end, at most 100,000 actions)."""
    session = Session.new(module, "campaign", seed, options=OPTIONS)
    rules, rnd = session.ruleset, random.Random(seed)
    while session.outcome() is None and len(session.record.entries) < 100_000:
        action = rules.random_action(session.state, rnd)
        if action is None:
            raise RuntimeError(f"dead end: {session.prompt().text}")
        session.push(action)
    return session


def _cpu_ms(work, repeat: int = 1) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        work()
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times)


def run() -> list[tuple[str, float, str, str]]:
    module = open_module("paths_of_glory")
    session = whole_game(module)
    n = len(session.record.entries)
    full, compact = persist.save_bytes(session, version=1), persist.save_bytes(session)
    final = session.state.hash
    for data in (full, compact):
        assert persist.load_bytes(data, module).state.hash == final, "a save did not reload"
    write_full = _cpu_ms(lambda: persist.save_bytes(session, version=1), 3)
    write_compact = _cpu_ms(lambda: persist.save_bytes(session), 3)
    load_full = _cpu_ms(lambda: persist.load_bytes(full, module))
    load_compact = _cpu_ms(lambda: persist.load_bytes(compact, module))
    return [
        (f"PoG whole Campaign game ({n} actions): save size, full format 1", len(full) / 1000, "KB", "-"),
        ("PoG whole Campaign game: save size, compact format 2", len(compact) / 1000, "KB", "< 100"),
        ("PoG whole Campaign game: write the save, full format 1 (CPU)", write_full, "ms", "-"),
        ("PoG whole Campaign game: write the save, compact format 2 (CPU)", write_compact, "ms", "-"),
        ("PoG whole Campaign game: load, full format 1 (commands re-applied, CPU)", load_full, "ms", "-"),
        ("PoG whole Campaign game: load, compact format 2 (actions re-executed, CPU)", load_compact,
         "ms", "-"),
    ]


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:10.2f} {unit:5s} goal {goal}")
