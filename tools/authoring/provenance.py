"""Provenance targets and a log of ``(target, source)`` rows (``docs/source-format.md``,
"rules_index.csv and provenance.csv").

A target names a value: ``location:<id>[/<attr>]``, ``edge:<a>|<b>[/<attr>]``,
``piece:<id>[/<attr>]`` (a face value is ``piece:<id>/f<n>.<key>``), ``table:<id>`` or one cell
``table:<id>/<row>/<column>`` (the row and column headers written as in the table's CSV),
``scenario:<id>``, ``layer:<name>`` (every value of a map layer, e.g. ``layer:terrain``; a
layer named like a location or edge attribute covers that attribute) or ``module``.
A source is ``rulebook §x.y``, ``errata: ...``, a statement such as ``owner's printed counter``,
or ``reconstructed: <how>``.
"""
from __future__ import annotations

from typing import Iterable

from engine.model import Value
from engine.source import infer_text

#: The source an owner of the physical game gives a value read off the printed component.
OWNER_COUNTER = "owner's printed counter"
OWNER_CHART = "owner's printed chart"
OWNER_MAP = "owner's printed map"
OWNER_SETUP = "owner's printed set-up"


def location_target(loc_id: str, attr: str = "") -> str:
    return f"location:{loc_id}" + (f"/{attr}" if attr else "")


def edge_target(a: str, b: str, attr: str = "") -> str:
    return f"edge:{a}|{b}" + (f"/{attr}" if attr else "")


def piece_target(piece_id: str, attr: str = "") -> str:
    return f"piece:{piece_id}" + (f"/{attr}" if attr else "")


def face_value_target(piece_id: str, face: int, key: str) -> str:
    return piece_target(piece_id, f"f{face}.{key}")


def table_target(table_id: str, row: Value | None = None, col: Value | None = None) -> str:
    """``table:<id>``, or the cell at row header ``row`` and column header ``col``."""
    if row is None:
        return f"table:{table_id}"
    return f"table:{table_id}/{infer_text(row)}/{infer_text(col if col is not None else '')}"


def scenario_target(scenario_id: str) -> str:
    return f"scenario:{scenario_id}"


def layer_target(name: str) -> str:
    return f"layer:{name}"


def is_reconstructed(source: str) -> bool:
    """Whether ``source`` says the value (or part of it) was reconstructed."""
    return "reconstruct" in source.lower()


class ProvenanceLog:
    """The rows of a ``provenance.csv`` being written, in the order they were added."""

    def __init__(self, rows: Iterable[tuple[str, str]] = ()) -> None:
        self.rows: list[tuple[str, str]] = list(rows)

    def __call__(self, target: str, source: str) -> None:
        self.add(target, source)

    def add(self, target: str, source: str) -> None:
        self.rows.append((target, source))

    def append(self, row: tuple[str, str]) -> None:
        self.add(*row)

    def __iadd__(self, rows: Iterable[tuple[str, str]]) -> "ProvenanceLog":
        self.extend(rows)
        return self

    def extend(self, rows: Iterable[tuple[str, str]]) -> None:
        self.rows.extend(rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)
