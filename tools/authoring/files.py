"""Writing the files of a module source folder from an authoring script: CSV text with leading
comment lines, cell texts, TOML strings, and where the files go.

The canonical writer (``engine.source.write_source``) writes a whole module; an authoring script
writes the files of a module it generates one by one, keeping its own column order and comments
(its output is committed and diffed). Both quote and type cells the same way.
"""
from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import Any, Iterable, Sequence

from engine.source import toml_string

#: An authoring script writes into this folder instead of its module's when the variable is set
#: (tests regenerate a module into a temporary folder and compare it with the committed files).
OUT_ENV = "WARTABLE_AUTHORING_OUT"


def output_folder(default: str | Path) -> Path:
    """Where an authoring script writes its module's sources: ``default`` (the module folder),
    or the folder named by ``$WARTABLE_AUTHORING_OUT``."""
    override = os.environ.get(OUT_ENV)
    return Path(override) if override else Path(default)


def boolean(v: Any) -> str:
    """A bool column's cell: ``true`` or ``false``."""
    return "true" if v else "false"


def flag(v: Any) -> str:
    """A bool attribute set only when true: ``true``, or an empty cell (absent)."""
    return "true" if v else ""


def cell_text(v: Any) -> str:
    """A typed cell's text: bools ``true``/``false``, floats in ``%g`` form, the rest as text."""
    if isinstance(v, bool):
        return boolean(v)
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def comment_lines(text: str | None) -> list[str]:
    """A block of comment text as its lines (leading and trailing blank lines dropped)."""
    return text.strip().splitlines() if text else []


def csv_text(rows: Iterable[Sequence[Any]], comments: Iterable[str] = (),
             cell: Any = None) -> str:
    """CSV text: each comment as a ``# `` line, then the rows (the header first); None is an
    empty cell; ``cell`` turns the other values into text (default: as they are)."""
    buf = io.StringIO()
    for c in comments:
        buf.write(f"# {c}\n")
    w = csv.writer(buf, lineterminator="\n")
    for r in rows:
        w.writerow(["" if v is None else (cell(v) if cell else v) for v in r])
    return buf.getvalue()


def write_text(path: str | Path, text: str) -> Path:
    """Write ``text`` as UTF-8 to ``path`` (folders made as needed)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def write_csv(path: str | Path, header: Sequence[Any], rows: Iterable[Sequence[Any]],
              comments: Iterable[str] = (), cell: Any = None) -> Path:
    """Write a CSV source file: comment lines, the header, the rows (see :func:`csv_text`)."""
    return write_text(path, csv_text([list(header)] + [list(r) for r in rows], comments, cell))


def toml_str(s: str) -> str:
    """``s`` as a TOML basic string, as the canonical writer writes it."""
    return toml_string(s)
