"""Engine benchmarks: replaying a 10,000-action free-play game record (goal: under 1 s, ending
on the recorded state hash) from a compact save (each action re-executed) and from a full one
(its commands re-applied), and applying actions live. Times are CPU time of this process
(``time.process_time``): the figures do not move with what else the machine runs."""
from __future__ import annotations

import random
import statistics
import time

from engine import persist
from engine.commands import CommandError
from engine.sample import sample_module
from engine.session import Session

ACTIONS = 10_000


def make_record(n: int = ACTIONS, seed: int = 2024, version: int = persist.VERSION) -> tuple[bytes, str]:
    module = sample_module()
    session = Session.new(module, "meeting", seed, ruleset="free")   # free play: 10,000 actions
    rnd = random.Random(seed)
    while len(session.record.entries) < n:
        try:
            session.push(session.ruleset.random_action(session.state, rnd))
        except CommandError:
            continue
    return persist.save_bytes(session, version), session.state.hash


def run() -> list[tuple[str, float, str, str]]:
    module = sample_module()
    t0 = time.process_time()
    data, final = make_record()
    build_s = time.process_time() - t0
    times = []
    for _ in range(5):
        t0 = time.process_time()
        session = persist.load_bytes(data, module)
        times.append(time.process_time() - t0)
        assert session.state.hash == final, "replay did not end on the recorded hash"
    full, _ = make_record(version=1)
    full_times = []
    for _ in range(5):
        t0 = time.process_time()
        persist.load_bytes(full, module)
        full_times.append(time.process_time() - t0)
    full_s = statistics.median(full_times)
    t0 = time.process_time()
    persist.load_bytes(full, module, verify=True)
    verify_s = time.process_time() - t0
    return [
        ("replay 10,000 actions (load: each re-executed, every hash checked), median",
         statistics.median(times) * 1000, "ms", "< 1000 ms"),
        ("replay 10,000 actions from a full (format 1) save's commands, median", full_s * 1000, "ms", "< 1000 ms"),
        ("replay a full save re-run through the ruleset (--verify)", verify_s * 1000, "ms", "-"),
        ("play 10,000 actions live (check + apply + log)", build_s * 1000, "ms", "-"),
        ("save file size for 10,000 actions (compact format 2)", len(data) / 1024, "KiB", "-"),
        ("save file size for 10,000 actions (full format 1)", len(full) / 1024, "KiB", "-"),
    ]


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:70s} {value:10.1f} {unit:4s} goal {goal}")
