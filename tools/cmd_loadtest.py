"""``wartable loadtest``: start a local server, play G games with scripted clients over real
WebSocket connections, kill and restart the server once in the middle, and print one line:
``G games, C clients, N actions, 0 lost, 0 leaked, p95 X ms`` (see :mod:`tools.loadtest`)."""
from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("loadtest", help="load-test a local game server with scripted clients")
    p.add_argument("--games", type=int, default=4, help="games played at once (default 4)")
    p.add_argument("--seconds", type=float, default=20, help="how long they play (default 20)")
    p.add_argument("--free-games", type=int, default=None,
                   help="how many of the games are free play (default a quarter)")
    p.add_argument("--module", default="paths_of_glory")
    p.add_argument("--scenario", default="campaign")
    p.add_argument("--db", default=None, help="postgresql://… (default: a fresh SQLite file)")
    p.add_argument("--redis", default=None, help="redis://… (fan-out between processes)")
    p.add_argument("--processes", type=int, default=1, help="server processes (default 1)")
    p.add_argument("--no-restart", action="store_true", help="do not kill and restart the server")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="also print every figure as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tools.loadtest import run_loadtest, summary_line

    if args.games < 1 or args.seconds <= 0 or args.processes < 1:
        raise SystemExit("wartable loadtest: --games, --seconds and --processes must be positive")
    if args.processes > 1 and not args.redis:
        raise SystemExit("wartable loadtest: several processes need --redis (and --db postgresql://…)")
    result = run_loadtest(games=args.games, seconds=args.seconds, module=args.module,
                          scenario=args.scenario, free_games=args.free_games, db=args.db,
                          redis=args.redis, processes=args.processes, restart=not args.no_restart,
                          seed=args.seed)
    if args.json:
        print(json.dumps(result, indent=1))
    for problem in result["problems"][:20]:
        print(problem)
    print(summary_line(result))
    return 0 if not (result["lost"] or result["leaked"] or result["forged"]) else 1
