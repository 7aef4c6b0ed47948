"""``wartable edit MODULE|DIR``: open a module for editing (issue 25).

A source folder is edited in place; a built-in module or a ``.wtm`` file is first written as
canonical sources to the folder the user chooses (``--to DIR``). The command opens the table in
edit mode (:mod:`tools.edit_mode`). With ``--report`` (or ``--list``, ``--examples``) it opens
no window and reports what the editor shows first: the problems ``validate`` finds (on their
elements), the values still marked reconstructed (by group), and with ``--examples`` the rules'
own worked examples run against the module.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.errors import WartableError
from engine.source import MODULE_TOML, write_source

from .cmd_play import frame_size
from .editor import EditorSession, run_examples
from .editor.provenance import summary


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("edit", help="open a module for editing (a source folder in place; a "
                                    "built-in or .wtm module dumped to --to DIR first)")
    p.add_argument("module", help="source folder, .wtm file or built-in module id")
    p.add_argument("--to", type=Path, help="folder to write a built-in or .wtm module's sources "
                                           "to (required for those)")
    p.add_argument("--force", action="store_true", help="replace sources already in --to")
    p.add_argument("--examples", action="store_true",
                   help="run the rules' worked examples against the module")
    p.add_argument("--list", action="store_true",
                   help="list every reconstructed value, not only how many per group")
    p.add_argument("--report", action="store_true",
                   help="report problems and reconstructed values instead of opening the table")
    p.add_argument("--scenario", help="the scenario to set up first")
    p.add_argument("--size", default="1280x800", type=frame_size, help="window size WxH")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # tests: stop after N frames
    p.set_defaults(func=cmd_edit)


def open_editor(arg: str, to: Path | None, force: bool = False) -> EditorSession:
    """The editor session ``wartable edit`` opens (see the module docstring)."""
    path = Path(arg)
    if path.is_dir() and (path / MODULE_TOML).is_file():
        if to is not None:
            raise WartableError(f"{arg} is a source folder: it is edited in place (leave out "
                                "--to, or copy the folder first)")
        return EditorSession.open(path)
    if to is None:
        raise WartableError(f"{arg}: a built-in or .wtm module is edited as sources: choose the "
                            "folder to write them to with --to DIR")
    return EditorSession.dump(arg, to, force=force)


def cmd_edit(args: argparse.Namespace) -> int:
    window = not (args.report or args.list or args.examples)
    if window:      # asked before anything is dumped
        from client.app import display_problem
        problem = display_problem()
        if problem:
            print(f"wartable: {problem}; add --report to see the module's problems and reconstructed "
                  "values without a window, or run under a virtual display (`xvfb-run wartable edit ...`)",
                  file=sys.stderr)
            return 1
    try:
        ed = open_editor(args.module, args.to, args.force)
    except WartableError as exc:
        print(f"wartable: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    if window:
        return run_window(ed, args)
    m = ed.module
    print(f"editing {m.title} ({m.id} {m.version}) in {ed.folder}")
    print(f"  {len(m.locations)} locations, {len(m.edges)} edges, {len(m.piece_types)} piece "
          f"types, {len(m.tables)} tables, {len(m.scenarios)} scenarios")
    problems = ed.problems
    print(f"  problems: {len(problems) or 'none'}")
    for p in problems:
        where = f"{p.element.kind} {p.element.id}".strip()
        print(f"    {where}: {p.message}")
    items = ed.reconstructed()
    counts = summary(items)
    print("  reconstructed values: " + (", ".join(f"{n} {g}" for g, n in counts.items())
                                        or "none"))
    if args.list:
        for it in items:
            values = ", ".join(f"{k} {v}" for k, v in it.values[:6])
            print(f"    [{it.group}] {it.target}" + (f" = {values}" if values else "")
                  + f"  ({it.source[:80]})")
    if args.examples:
        check = run_examples(m.id, ed.folder)
        if not check.ran:
            print(f"  rules' examples: not run ({check.note})")
        else:
            print(f"  rules' examples: {check.passed} passed, {check.failed} failed"
                  + (f" ({check.note})" if check.note else ""))
            if check.failed:
                print(check.report)
                return 1
    return 0


def run_window(ed: EditorSession, args: argparse.Namespace) -> int:
    """Open the table in edit mode on ``ed`` (one line and exit 1 without a display)."""
    from client.app import App, NoDisplay, open_display, parse_size
    size = parse_size(args.size)
    try:
        open_display(size, f"wartable — editing {ed.module.title}")
    except NoDisplay as exc:
        print(f"wartable: {exc}; or use `wartable edit {ed.folder} --report`", file=sys.stderr)
        return 1
    import pygame
    from .edit_mode import edit_table
    app = App(size, autosave=False)
    try:
        app.current = edit_table(ed, size, args.scenario, on_quit=app.stop)
        return app.run(args.frames)
    finally:
        pygame.quit()
        keep_unsaved(ed)


def keep_unsaved(ed: EditorSession) -> Path | None:
    """The window closed with edits not saved: they are written as sources beside the folder
    (``<folder>-unsaved``), never over it, and the user is told where."""
    if not ed.dirty or not ed.undo_stack:
        return None
    spare = ed.folder.with_name(ed.folder.name + "-unsaved")
    try:
        write_source(ed.module, spare, overwrite=True)
    except (OSError, WartableError) as exc:
        print(f"wartable: {len(ed.undo_stack)} unsaved edits could not be kept: {exc}", file=sys.stderr)
        return None
    print(f"wartable: {len(ed.undo_stack)} unsaved edits kept in {spare} (the folder {ed.folder} is as "
          "last saved)", file=sys.stderr)
    return spare
