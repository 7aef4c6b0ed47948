"""Checking a module: ``validate(module) -> list[str]``, one problem per string (empty: valid).

Beyond what the loader refuses (``engine.container.module_problems``: unknown kinds, broken
references, faces out of range, misshapen tables), this checks what a module author gets wrong:

* set-ups place no more pieces of a type than the counter mix holds, and at least one each;
* hex labels round-trip through the grid's numbering scheme (when ``engine.hexgrid`` is
  installed): ``scheme.hex(label) == (q, r)`` and ``scheme.label(hex) == label``; no two hexes
  of a grid share coordinates;
* graph sanity: no self-edges, no duplicate edges, every hexside edge joins two adjacent hexes of
  one grid;
* scenario turns are in order; provenance targets name records that exist;
* the ``counter_layout`` table (how counters are printed) reads cleanly and names values
  the piece types it is for have.
"""
from __future__ import annotations

import importlib
from collections import Counter
from typing import Any

from engine import counter_layout
from engine.container import module_problems
from engine.errors import ModuleError
from engine.schema import encode_members
from engine.model import Grid, Module


def hex_scheme(grid: Grid) -> Any | None:
    """The numbering scheme of ``grid`` from ``engine.hexgrid``, or None when that module is not
    installed. Raises whatever the scheme lookup raises for an unknown scheme."""
    try:
        hexgrid = importlib.import_module("engine.hexgrid")
    except ImportError:
        return None
    return hexgrid.scheme_for(grid)


def _axial_distance(dq: int, dr: int) -> int:
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def validate(module: Module, source: bool = False) -> list[str]:
    """Every problem of ``module``, one line each: ``file: record: message``. The file is the
    member of the ``.wtm`` (``map.bin``) or, with ``source=True``, the source file
    (``locations.csv``) the record comes from."""
    problems: list[str] = []
    for p in module_problems(module):
        problems.append(p.in_source() if source else str(p))
    if source and not problems:
        # sources can say what the format cannot hold (a count beyond 32 bits, 70,000 faces):
        # `build` would fail on it, so `validate` says so first
        try:
            encode_members(module)
        except ModuleError as exc:
            problems.append(f"cannot be built: {exc}")

    def add(member: str, src: str, record: str, message: str) -> None:
        problems.append(f"{src if source else member}: {record}: {message}")

    locs = module.locations
    # graph sanity
    seen: dict[tuple[frozenset[str], str], int] = {}
    for i, e in enumerate(module.edges):
        rec = f"edge #{i} ({e.a}|{e.b})"
        if e.a == e.b:
            add("map.bin", "edges.csv", rec, "joins a location to itself")
        key = (frozenset((e.a, e.b)), e.kind)
        if key in seen:
            add("map.bin", "edges.csv", rec, f"duplicates edge #{seen[key]} ({e.kind})")
        else:
            seen[key] = i
        if e.kind == "hexside" and e.a in locs and e.b in locs and e.a != e.b:
            a, b = locs[e.a], locs[e.b]
            if a.kind != "hex" or b.kind != "hex":
                add("map.bin", "edges.csv", rec, "a hexside edge must join two hexes")
            elif a.grid != b.grid or not a.grid:
                add("map.bin", "edges.csv", rec, "a hexside edge must join two hexes of one "
                    "grid")
            elif _axial_distance(a.q - b.q, a.r - b.r) != 1:
                add("map.bin", "edges.csv", rec, f"{e.a} ({a.q},{a.r}) and {e.b} ({b.q},{b.r}) "
                    "are not adjacent")

    # hexes: coordinates unique per grid, labels round-trip through the numbering scheme
    grids = {g.id: g for g in module.grids}
    schemes: dict[str, Any] = {}
    for gid, grid in grids.items():
        try:
            schemes[gid] = hex_scheme(grid)
        except Exception as exc:  # unknown scheme or bad parameters
            add("map.bin", "module.toml", f"grid #{list(grids).index(gid)} ({gid})",
                " ".join(str(exc).split()))
            schemes[gid] = None
    at: dict[tuple[str, int, int], str] = {}
    for i, loc in enumerate(locs.values()):
        if loc.kind != "hex":
            continue
        rec = f"location #{i} ({loc.id})"
        if not loc.grid:
            add("map.bin", "locations.csv", rec, "a hex needs a grid")
            continue
        key = (loc.grid, loc.q, loc.r)
        if key in at:
            add("map.bin", "locations.csv", rec, f"has the same q, r ({loc.q},{loc.r}) as "
                f"{at[key]}")
        at.setdefault(key, loc.id)
        scheme = schemes.get(loc.grid)
        if scheme is None:
            continue
        try:
            h = scheme.hex(loc.id)
            if (h.q, h.r) != (loc.q, loc.r):
                add("map.bin", "locations.csv", rec, f"label {loc.id} is hex ({h.q},{h.r}) in "
                    f"numbering {grids[loc.grid].numbering!r}, but q, r are ({loc.q},{loc.r})")
            elif hasattr(scheme, "label") and scheme.label(h) != loc.id:
                add("map.bin", "locations.csv", rec, f"label {loc.id} does not round-trip: the "
                    f"scheme labels ({h.q},{h.r}) {scheme.label(h)!r}")
        except Exception as exc:  # the scheme refuses the label; its message names it
            add("map.bin", "locations.csv", rec, " ".join(str(exc).split()))

    # set-ups within the counter mix
    pieces = module.piece_types
    for sc in module.scenarios.values():
        used: Counter[str] = Counter()
        for j, p in enumerate(sc.placements):
            if p.count < 1:
                add("scenarios.bin", f"scenarios/{sc.id}.csv",
                    f"scenario {sc.id} placement #{j}", f"count {p.count} is less than 1")
            used[p.piece_type] += p.count
        for pid, n in used.items():
            if pid in pieces and n > pieces[pid].count:
                add("scenarios.bin", f"scenarios/{sc.id}.csv", f"scenario {sc.id}",
                    f"places {n} of {pid} but the counter mix has {pieces[pid].count}")
        if sc.last_turn and sc.last_turn < sc.first_turn:
            add("scenarios.bin", f"scenarios/{sc.id}.toml", f"scenario {sc.id}",
                f"last_turn {sc.last_turn} is before first_turn {sc.first_turn}")

    # provenance targets
    edges = {frozenset((e.a, e.b)) for e in module.edges}
    for i, pv in enumerate(module.provenance):
        kind, _, rest = pv.target.partition(":")
        ident = rest.split("/", 1)[0]
        missing = {
            "location": lambda: ident not in locs,
            "piece": lambda: ident not in pieces,
            "table": lambda: ident not in module.tables,
            "scenario": lambda: ident not in module.scenarios,
            "edge": lambda: frozenset(ident.split("|", 1)) not in edges,
        }.get(kind)
        if missing is not None and missing():
            add("provenance.bin", "provenance.csv", f"provenance #{i}",
                f"target {pv.target!r}: no such {kind}")

    # how the counters are printed (the counter_layout table, issue 18)
    for message in counter_layout.problems(module):
        add("tables.bin", f"tables/{counter_layout.TABLE_ID}.csv", "counter layout", message)
    return problems
