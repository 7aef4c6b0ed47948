"""The ``wartable`` command line. Each sub-command lives in a ``tools/cmd_*.py`` module that
exposes ``register(subparsers)``; its handler returns the exit code.

Exit codes: 0 success; 1 a user-facing error (bad module, bad save, illegal input, a file that
cannot be read or written), printed as one line on stderr without a traceback; 2 bad command-line
usage (argparse). ``tests/tools/test_hostile.py`` holds the command line to this with hostile
modules, saves, device files and arguments.
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


def one_line(text: str, most: int = 500) -> str:
    """``text`` as one line of at most ``most`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= most else text[:most - 3] + "..."


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a file name that is not UTF-8 still prints
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except WartableError as exc:
        print(f"wartable: {one_line(str(exc))}", file=sys.stderr)
        return 1
    except OSError as exc:  # the last guard: a file the command could not read or write
        where = f"{one_line(str(exc.filename), 120)}: " if exc.filename else ""
        print(f"wartable: {where}{one_line(exc.strerror or str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("wartable: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
