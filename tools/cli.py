"""The ``wartable`` command line. Each sub-command lives in a ``tools/cmd_*.py`` module that
exposes ``register(subparsers)``; its handler returns the exit code.

Exit codes: 0 success; 1 a user-facing error (bad module, bad save, illegal input), printed as
one line on stderr without a traceback; 2 bad command-line usage (argparse).
"""
from __future__ import annotations

import argparse
import importlib
import sys

from engine.errors import WartableError

COMMAND_MODULES = ("tools.cmd_play", "tools.cmd_game", "tools.cmd_module", "tools.cmd_map",
                   "tools.cmd_edit",
                   "tools.cmd_serve", "tools.cmd_loadtest")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wartable", description="Play and build board wargames.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except WartableError as exc:
        print(f"wartable: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("wartable: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
