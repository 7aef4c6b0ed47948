"""``wartable replay`` and ``wartable fuzz``: the game record and the fuzzer from the shell."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.errors import WartableError
from engine.fuzz import fuzz
from engine.modules import open_module
from engine.registry import load_ruleset
from engine.replay import ReplayDivergence, session_from_record
from engine.saves import read_save


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay a saved game and print its final state hash")
    p.add_argument("save", type=Path)
    p.add_argument("--verify", action="store_true",
                   help="also re-run every action through the rules and compare commands")
    p.add_argument("--module", help="module file or id (default: the one the save names)")
    p.set_defaults(func=run_replay)

    f = sub.add_parser("fuzz", help="play random legal games and report failures")
    f.add_argument("module")
    f.add_argument("--games", type=int, default=20)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--turns", type=int, default=None)
    f.add_argument("--actions", type=int, default=400, help="action limit per game")
    f.add_argument("--scenario", default=None)
    f.add_argument("--ruleset", default=None, help="ruleset id (default: the module's own)")
    f.add_argument("--free", action="store_true", help="fuzz the free-play command layer")
    f.add_argument("--option", action="append", default=[], metavar="ID=VALUE",
                   help="a scenario option, e.g. optional_cards=all (repeatable)")
    f.add_argument("--save-failures", type=Path, default=None)
    f.add_argument("--jobs", type=jobs, default=1,
                   help=f"games played in parallel processes (1..{MAX_JOBS})")
    f.set_defaults(func=run_fuzz)


#: The most processes ``fuzz --jobs`` starts.
MAX_JOBS = 64


def jobs(text: str) -> int:
    """An argparse type: 1..MAX_JOBS."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, not {text!r:.40}") from None
    if not 1 <= n <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"must be 1..{MAX_JOBS}")
    return n


def _progress_bar(done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} ({rate:.1f}/s)")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_replay(args: argparse.Namespace) -> int:
    record = read_save(args.save)
    module = open_module(args.module or record["module"]["id"])
    try:
        session = session_from_record(record, module, verify=args.verify, source=args.save.name)
    except ReplayDivergence as exc:
        raise WartableError(f"{args.save.name}: {exc}") from None
    print(session.state.hash)
    return 0


def run_fuzz(args: argparse.Namespace) -> int:
    module = open_module(args.module)
    if args.games < 0:
        raise WartableError("--games must be >= 0")
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise WartableError(f"--option {item!r}: expected ID=VALUE, e.g. optional_cards=all")
        options[key] = value
    started = time.perf_counter()
    report = fuzz(module, args.games, args.seed, args.scenario,
                  "free" if args.free else args.ruleset, args.turns, args.actions,
                  args.save_failures, progress=lambda d, t: _progress_bar(d, t, started),
                  options=options, jobs=args.jobs)
    for r in report.failed:
        first = r.failure.splitlines()[0]
        print(f"seed {r.seed}: {first}")
    counts = report.event_counts()
    if counts:
        print("actions played: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if counts and args.games:
        rules = load_ruleset("free" if args.free else (args.ruleset or module.ruleset), module)
        expected = rules.statistics_expected()
        if expected:
            missing = [k for k in expected if k not in counts]
            print(f"expected keys seen: {len(expected) - len(missing)} of {len(expected)}"
                  + (f"; never: {', '.join(missing)}" if missing else ""))
    print(report.summary())
    return 1 if report.failed else 0
