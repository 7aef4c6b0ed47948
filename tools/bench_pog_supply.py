"""Paths of Glory supply benchmarks on the Campaign set-up (rule 14): one unit's supply check
(what ops asks per activation), a whole side's OOS list, and a full Attrition Phase decision.
Goal: fast enough to call per decision (a unit check well under 5 ms)."""
from __future__ import annotations

import statistics
import time

from engine.session import Session
from engine.modules import open_module


def _ms(fn, repeat: int = 30) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def run() -> list[tuple[str, float, str, str]]:
    from modules.paths_of_glory.rules import attrition, supply
    from modules.paths_of_glory.rules import board
    module = open_module("paths_of_glory")
    session = Session.new(module, "campaign", 1, ruleset="paths_of_glory")
    g = session.ruleset.game(session.state)

    def decide(g) -> None:
        for side in ("CP", "AP"):
            supply.oos_units(g, side, attrition=True)
        attrition.spaces_to_convert(g, set())

    unit = next(pid for pid in sorted(session.state.pieces)
                if board.is_space(g, session.state.pieces[pid].loc) and board.is_unit(g, pid))
    def cold(fn):
        def run_cold():
            supply.forget(g)               # measure the searches, not the remembered answers
            fn()
        return run_cold

    rows = [
        ("PoG in_supply: one unit (14.1), campaign set-up, uncached",
         _ms(cold(lambda: supply.unit_in_supply(g, unit))), "ms", "< 5"),
        ("PoG in_supply: one unit, same position asked again (cached)",
         _ms(lambda: supply.unit_in_supply(g, unit), repeat=300) * 1000, "us", "< 100"),
        ("PoG oos_units: every Allied unit (one search per nationality), uncached",
         _ms(cold(lambda: supply.oos_units(g, "AP"))), "ms", "< 20"),
        ("PoG oos_units: every CP unit, uncached",
         _ms(cold(lambda: supply.oos_units(g, "CP"))), "ms", "< 20"),
        ("PoG supplied_spaces: every space of a side (14.2.5), uncached",
         _ms(cold(lambda: supply.supplied_spaces(g, "AP", None))), "ms", "< 5"),
        ("PoG attrition decision: both sides' units and spaces (14.3.5-14.3.6), uncached",
         _ms(cold(lambda: decide(g))), "ms", "< 50"),
    ]
    return rows


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:8.2f} {unit} goal {goal}")
