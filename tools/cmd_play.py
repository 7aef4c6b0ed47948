"""``wartable play`` and ``wartable shot``: the pygame table (imported only when used)."""
from __future__ import annotations

import argparse
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="open the table (start screen without a module)")
    p.add_argument("module", nargs="?")
    p.add_argument("--scenario")
    p.add_argument("--load", type=Path)
    p.add_argument("--seed", default=None)
    p.add_argument("--option", action="append", default=[], metavar="ID=VALUE",
                   help="a scenario option of the new game, e.g. optional_cards=all (repeatable)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--free", action="store_true", help="free play: nothing is checked")
    mode.add_argument("--enforce", action="store_true", help="rules-enforced play")
    p.add_argument("--size", default="1280x800", help="window size WxH")
    p.add_argument("--no-autosave", action="store_true", help="do not autosave this game")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # tests: stop after N frames
    p.set_defaults(func=run_play, play_parser=p)

    s = sub.add_parser("shot", help="render a position to a PNG without a window")
    s.add_argument("module")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--scenario")
    g.add_argument("--load", type=Path)
    s.add_argument("--out", type=Path, required=True)
    s.add_argument("--size", default="1600x1000")
    s.add_argument("--zoom", type=float, default=None)
    s.add_argument("--center", default=None)
    s.add_argument("--side", default="", help="render this side's view (default: spectator)")
    s.add_argument("--free", action="store_true")
    s.add_argument("--seed", default=None, help="seed of the new game (default 1)")
    s.add_argument("--map-only", action="store_true", help="only the map and counters, no panels")
    s.set_defaults(func=run_shot)


def run_play(args: argparse.Namespace) -> int:
    parser = getattr(args, "play_parser", None)
    if parser is not None and args.option:
        if args.load:   # usage error (exit 2), before the module or the save is opened
            parser.error("--option cannot be used with --load: a saved game already has its options")
        if not args.module:
            parser.error("--option needs a MODULE (on the start screen, options are set next to the scenario)")
    from client.app import run_play as play
    return play(args)


def run_shot(args: argparse.Namespace) -> int:
    from client.app import run_shot as shot
    return shot(args)
