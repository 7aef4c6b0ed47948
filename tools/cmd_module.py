"""``wartable build | validate | dump | new | info``: module-creation commands.

``register(subparsers)`` adds the sub-commands; each handler takes the parsed arguments and
returns the exit code: 0 success; 1 a user-facing error (bad module or source), printed as ONE
line naming file and record on stderr, no traceback; 2 bad command-line usage.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Callable

from engine.container import (MODULE_ID_RE, module_info, module_problems, read_module,
                              save_module, write_module)
from engine.errors import WartableError
from engine.files import exists, is_dir, shown
from engine.model import (Axis, Board, Dice, Edge, Face, Grid, Location, Module, Nationality,
                          Placement, PieceType, Provenance, Scenario, Side, Table)

from engine.modules import builtin_folder, builtin_ids, open_module
from engine.source import MODULE_TOML, read_source, source_files, write_source

from .cli import one_line
from .validate import validate

#: Source folders above this many bytes get a progress bar while building.
BIG_SOURCE_BYTES = 256 << 10


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("build", help="build a module source folder into a .wtm file")
    p.add_argument("src", help="source folder (or built-in module id)")
    p.add_argument("-o", "--out", type=Path, help="output file (default: ./<id>.wtm)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar on stderr (default: for big modules)")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("validate", help="check a module or source folder, one problem a line")
    p.add_argument("module", help="source folder, .wtm file or built-in module id")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("dump", help="write a module back out as a source folder")
    p.add_argument("module", help=".wtm file or built-in module id")
    p.add_argument("-o", "--out", type=Path, required=True, help="source folder to write")
    p.add_argument("--force", action="store_true", help="replace sources already there")
    p.set_defaults(func=cmd_dump)

    p = sub.add_parser("new", help="create a minimal valid module source folder")
    p.add_argument("id", help="module id (lower_snake)")
    p.add_argument("dir", type=Path, help="folder to create")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("info", help="summarise a module")
    p.add_argument("module", help=".wtm file, source folder or built-in module id")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_info)


def _fail(exc: WartableError) -> int:
    print(f"wartable: {one_line(str(exc))}", file=sys.stderr)
    return 1


def _usage(message: str) -> int:
    print(f"wartable: error: {message}", file=sys.stderr)
    return 2


def _guarded(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except WartableError as exc:
            return _fail(exc)
    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    return run


class ProgressBar:
    """A one-line progress bar on stderr. :meth:`end_line` ends the bar's line early, so that
    an error printed next gets a line of its own."""

    def __init__(self, title: str, width: int = 30) -> None:
        self.title, self.width, self.started = title, width, time.perf_counter()
        self.open = False

    def __call__(self, done: int, total: int, what: str) -> None:
        filled = self.width * done // max(total, 1)
        sys.stderr.write(f"\r{self.title} [{'#' * filled}{'.' * (self.width - filled)}] "
                         f"{done}/{total} {what:<16.16}")
        self.open = True
        if done >= total:
            sys.stderr.write(f" {time.perf_counter() - self.started:.1f} s\n")
            self.open = False
        sys.stderr.flush()

    def end_line(self) -> None:
        if self.open:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self.open = False


def _source_folder(arg: str) -> Path | None:
    """The source folder ``arg`` names (a folder, or a built-in id), or None."""
    path = Path(arg)
    if is_dir(path) and (path / MODULE_TOML).is_file():
        return path
    if not exists(path) and arg in builtin_ids():
        return builtin_folder(arg)
    return None


@_guarded
def cmd_build(args: argparse.Namespace) -> int:
    """Build SRC into a .wtm file; on integrity problems print them all and exit 1."""
    folder = _source_folder(args.src)
    if folder is None:
        return _usage(f"build: {args.src!r:.120} is not a module source folder (no "
                      f"{MODULE_TOML})")
    show = args.progress
    if show is None:
        show = sum(p.stat().st_size for p in source_files(folder) if p.exists()) \
            > BIG_SOURCE_BYTES
    bar = ProgressBar(f"building {folder.name}") if show else None
    try:
        return _build(folder, args.out, bar)
    finally:
        if bar:
            bar.end_line()  # an error (printed by the caller) starts on a line of its own


def _build(folder: Path, out: Path | None, bar: ProgressBar | None) -> int:
    steps = 9 + 2
    module = read_source(folder, progress=(lambda d, t, w: bar(d, steps, w)) if bar else None)
    problems = module_problems(module)
    if problems:
        if bar:
            bar.end_line()
        for p in problems:
            print(f"wartable: {one_line(p.in_source())}", file=sys.stderr)
        return 1
    if bar:
        bar(steps - 1, steps, "encoding")
    out = out or Path(f"{module.id}.wtm")
    save_module(module, out)
    if bar:
        bar(steps, steps, "written")
    size = out.stat().st_size
    print(f"{out}: {module.id} {module.version}, {len(module.locations)} locations, "
          f"{len(module.edges)} edges, {len(module.piece_types)} piece types, "
          f"{len(module.scenarios)} scenarios ({size} bytes)")
    return 0


@_guarded
def cmd_validate(args: argparse.Namespace) -> int:
    """Print every problem of a source folder or module, one a line; exit 1 if any."""
    folder = _source_folder(args.module)
    if folder is not None:
        module = read_source(folder)
        problems = validate(module, source=True)
    else:
        module = open_module(args.module)
        problems = validate(module)
    for line in problems:
        print(line)
    if problems:
        print(f"wartable: {module.id}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"{module.id}: valid ({len(module.locations)} locations, {len(module.edges)} edges, "
          f"{len(module.piece_types)} piece types, {len(module.scenarios)} scenarios)")
    return 0


@_guarded
def cmd_dump(args: argparse.Namespace) -> int:
    """Write a module as canonical sources; checks that they build to the same bytes."""
    if exists(args.out) and not is_dir(args.out):
        raise WartableError(f"{shown(args.out)}: is a file, not a folder for the sources")
    module = open_module(args.module)
    original = write_module(module)
    write_source(module, args.out, overwrite=args.force)
    rebuilt = write_module(read_source(args.out))
    if rebuilt != original:
        raise WartableError(f"{args.out}: the written sources do not rebuild to the same module "
                            "(a bug in wartable: please report it)")
    print(f"{args.out}: sources of {module.id} {module.version}")
    return 0


@_guarded
def cmd_new(args: argparse.Namespace) -> int:
    """Create a minimal module source folder that builds, validates and opens."""
    if not MODULE_ID_RE.fullmatch(args.id):
        return _usage(f"new: module id {args.id!r:.80} must be lower_snake (a-z, 0-9, _; "
                      "starting with a letter; at most 64 characters)")
    if exists(args.dir) and not is_dir(args.dir):
        return _fail(WartableError(f"{shown(args.dir)}: is a file, not a folder"))
    if is_dir(args.dir) and any(args.dir.iterdir()):
        return _fail(WartableError(f"{shown(args.dir)}: folder is not empty"))
    module = new_module(args.id)
    write_source(module, args.dir)
    # the promise of `new`: what it writes builds, validates and opens
    built = read_module(write_module(read_source(args.dir)), f"{args.id}.wtm")
    problems = validate(built)
    if problems:
        raise WartableError(f"{args.dir}: the new module does not validate: {problems[0]}")
    print(f"{args.dir}: new module {args.id} (build it with: wartable build {args.dir})")
    return 0


def location_kinds(module: Module) -> dict[str, int]:
    """How many locations of each kind ``module`` has, kinds in order of first appearance."""
    out: dict[str, int] = {}
    for loc in module.locations.values():
        out[loc.kind] = out.get(loc.kind, 0) + 1
    return out


@_guarded
def cmd_info(args: argparse.Namespace) -> int:
    """Summarise a module (``--json``: one JSON object). Besides :func:`module_info`'s counts,
    ``location_kinds`` counts the locations of each kind (hex, space, box, track, deck...)."""
    module = open_module(args.module)
    info = module_info(module)
    info["location_kinds"] = location_kinds(module)
    if args.json:
        print(json.dumps(info, sort_keys=True))
        return 0
    print(f"{info['title']} ({info['id']} {info['version']}), ruleset {info['ruleset']}"
          + (f", by {info['publisher']}" if info["publisher"] else ""))
    print(f"  sides: {', '.join(info['sides']) or '-'}")
    kinds = ", ".join(f"{n} {kind}" for kind, n in info["location_kinds"].items())
    print(f"  map: {info['boards']} boards, {info['grids']} grids, {info['locations']} "
          f"locations{f' ({kinds})' if kinds else ''}, {info['edges']} edges")
    print(f"  pieces: {info['piece_types']} types, {info['pieces']} pieces, {info['cards']} "
          f"cards")
    print(f"  tables: {info['tables']}, dice: {info['dice']}, rules: {info['rules']}, "
          f"provenance: {info['provenance']}, art: {info['art']}")
    print(f"  scenarios: {', '.join(info['scenarios']) or '-'}")
    return 0


def new_module(module_id: str, cols: int = 6, rows: int = 5) -> Module:
    """A minimal valid module: a small flat-topped hex map numbered CCRR, two sides with a few
    pieces each, a marker, a combat results table, a d6 and one scenario."""
    size, ox, oy = 40.0, 60.0, 60.0
    locations: dict[str, Location] = {}
    for col in range(1, cols + 1):
        for row in range(1, rows + 1):
            q, r = col - 1, (row - 1) - (col - 1 - ((col - 1) & 1)) // 2
            x = round(ox + size * 1.5 * q, 2)
            y = round(oy + size * math.sqrt(3) * (r + q / 2), 2)
            terrain = "forest" if (col * 3 + row) % 5 == 0 else "clear"
            locations[f"{col:02d}{row:02d}"] = Location(
                f"{col:02d}{row:02d}", "hex", "map", "", x, y, terrain, "hexes", q, r)
    width = ox + size * 1.5 * cols + 200
    for i, (lid, name) in enumerate((("eliminated", "Eliminated units"),
                                     ("turn_track", "Turn track"))):
        locations[lid] = Location(lid, "box", "map", name, width - 120, 80.0 + 120 * i)
    return Module(
        id=module_id, title=module_id.replace("_", " ").title(), version="0.1.0",
        publisher="", ruleset="free", description="A new module made by wartable new.",
        sides=(Side("blue", "Blue", "#3050a0"), Side("red", "Red", "#a03030")),
        nationalities=(Nationality("BL", "Blueland", "blue", "#8fb0e0"),
                       Nationality("RD", "Redland", "red", "#e09090")),
        boards=(Board("map", "Map", width, oy + size * math.sqrt(3) * (rows + 1)),),
        grids=(Grid("hexes", "map", "flat", size, ox, oy, "colrow",
                    {"parity": "odd", "first_col": 1, "first_row": 1, "col_digits": 2,
                     "row_digits": 2}),),
        locations=locations,
        edges=(Edge("0302", "0303", "hexside", {"river": "minor"}),
               Edge("0303", "0403", "hexside", {"river": "minor"})),
        piece_types={
            "blue_inf": PieceType("blue_inf", "Blue Infantry", "unit", "blue", "BL", "infantry",
                                  "division", "inf", (Face("full", {"cf": 4, "mf": 3}),
                                                      Face("reduced", {"cf": 2, "mf": 3})), 3),
            "red_inf": PieceType("red_inf", "Red Infantry", "unit", "red", "RD", "infantry",
                                 "division", "inf", (Face("full", {"cf": 4, "mf": 3}),
                                                     Face("reduced", {"cf": 2, "mf": 3})), 3),
            "turn": PieceType("turn", "Turn marker", "marker", symbol="Turn", count=1),
        },
        tables={"crt": Table("crt", "Combat Results Table", Axis("die", (1, 2, 3, 4, 5, 6)),
                             Axis("odds", ("1:1", "2:1", "3:1")),
                             (("AE", "AR", "DR"), ("AR", "DR", "DR"), ("AR", "DR", "DE"),
                              ("DR", "DR", "DE"), ("DR", "DE", "DE"), ("EX", "DE", "DE")),
                             rule="6.1")},
        dice={"d6": Dice("d6", "six-sided die", (1, 2, 3, 4, 5, 6))},
        scenarios={"intro": Scenario(
            "intro", "Introductory scenario", rule="8.1", first_turn=1, last_turn=5,
            placements=(Placement("blue_inf", "0102", 2), Placement("blue_inf", "0203"),
                        Placement("red_inf", "0502", 2), Placement("red_inf", "0604"),
                        Placement("turn", "turn_track")),
            globals={"turn": 1}, victory="Hold more hexes at the end of turn 5.")},
        rules_index={"6.1": "Combat: compare strengths, roll a d6 on the CRT.",
                     "8.1": "The introductory scenario lasts five turns."},
        provenance=(Provenance("module", "reconstructed: generated by wartable new"),),
    )
