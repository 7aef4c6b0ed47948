"""``wartable play`` and ``wartable shot``: the pygame table (imported only when used).

Sizes and seeds are checked here, as usage errors (exit 2), before pygame is imported: a size
is ``WxH`` with each side 16..16384 pixels and at most :data:`MAX_PIXELS` in all (a frame costs
about 11 bytes of memory per pixel: 16384x16384 took 2.9 GB); a seed is an integer of 64 bits
or a short text.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

#: The most pixels a shot or a window may have: 4096x4096 renders in ~2 s within ~250 MiB.
MAX_PIXELS = 4096 * 4096
MAX_SIDE = 16384
_SIZE_RE = re.compile(r"([0-9]{1,6})[xX]([0-9]{1,6})")
_INT_RE = re.compile(r"-?[0-9]{1,19}")


def frame_size(text: str) -> str:
    """An argparse type: ``WxH`` within the bounds above (returned as given)."""
    m = _SIZE_RE.fullmatch(text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"must look like 1600x1000, not {text!r:.40}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= MAX_SIDE and 16 <= h <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"{w}x{h} is out of range (16..{MAX_SIDE} each way)")
    if w * h > MAX_PIXELS:
        raise argparse.ArgumentTypeError(f"{w}x{h} is {w * h} pixels, more than the "
                                         f"{MAX_PIXELS} (4096x4096) a frame may have")
    return text


def seed_text(text: str) -> str:
    """An argparse type: a seed is an integer of at most 64 bits or a text of at most 256
    characters (no lone surrogates, no digits other than 0-9: the table reads digits as an
    integer)."""
    if _INT_RE.fullmatch(text) and -(1 << 63) <= int(text) < (1 << 63):
        return text
    if text.lstrip("-").isdigit() or len(text) > 256 or not text:
        raise argparse.ArgumentTypeError("must be an integer of at most 64 bits or a word "
                                         "of at most 256 characters")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("is not valid text (not UTF-8)") from None
    return text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="open the table (start screen without a module)")
    p.add_argument("module", nargs="?")
    p.add_argument("--scenario")
    p.add_argument("--load", type=Path)
    p.add_argument("--seed", default=None, type=seed_text)
    p.add_argument("--option", action="append", default=[], metavar="ID=VALUE",
                   help="a scenario option of the new game, e.g. optional_cards=all (repeatable)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--free", action="store_true", help="free play: nothing is checked")
    mode.add_argument("--enforce", action="store_true", help="rules-enforced play")
    p.add_argument("--size", default="1280x800", type=frame_size, help="window size WxH")
    p.add_argument("--no-autosave", action="store_true", help="do not autosave this game")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # tests: stop after N frames
    p.set_defaults(func=run_play, play_parser=p)

    s = sub.add_parser("shot", help="render a position to a PNG without a window")
    s.add_argument("module")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--scenario")
    g.add_argument("--load", type=Path)
    s.add_argument("--out", type=Path, required=True)
    s.add_argument("--size", default="1600x1000", type=frame_size,
                   help=f"image size WxH (at most {MAX_PIXELS} pixels)")
    s.add_argument("--zoom", type=float, default=None)
    s.add_argument("--center", default=None)
    s.add_argument("--side", default="", help="render this side's view (default: spectator)")
    s.add_argument("--free", action="store_true")
    s.add_argument("--seed", default=None, type=seed_text,
                   help="seed of the new game (default 1)")
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
