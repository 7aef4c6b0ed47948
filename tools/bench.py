"""``make bench``: every benchmark of the project, one table. Each ``tools/bench_*.py`` module
exposes ``run() -> list[(name, value, unit, goal)]``."""
from __future__ import annotations

import importlib
import sys
import time

BENCHES = ("tools.bench_engine", "tools.bench_geometry", "tools.bench_module", "tools.bench_client",
           "tools.bench_pog_supply", "tools.bench_pog", "tools.bench_france_1944", "tools.bench_gi",
           "tools.bench_strafexpedition_1916", "tools.bench_saves", "tools.bench_oao")


def main() -> int:
    failed = 0
    for name in BENCHES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        print(f"== {name}")
        t0 = time.perf_counter()
        try:
            rows = mod.run()
        except Exception as exc:  # one broken benchmark must not hide the others' figures
            print(f"   FAILED: {type(exc).__name__}: {exc}")
            failed += 1
            continue
        for row_name, value, unit, goal in rows:
            print(f"   {row_name:72s} {value:10.2f} {unit:5s} goal {goal}")
        print(f"   ({time.perf_counter() - t0:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
