"""A hex grid addressed by the game's own labels, on ``engine.hexgrid`` (DESIGN principle 2:
never string arithmetic on labels). One object answers what the authoring scripts and the editor
ask of a grid: a label's hex, pixel centre, printed column and row, its neighbours on the grid,
the hex under a pixel, the hexside nearest a pixel, the hexes a brush covers, the hexes covering a
board, and the hexside pairs of a set of hexes.

    from tools.authoring.hexes import HexGrid
    g = HexGrid(Grid("main", "main", "flat", 30.0, 40.0, 40.0, "colrow", {"parity": "odd"}))
    g.neighbours("0505")            # ['0605', '0604', '0504', '0404', '0405', '0506']
    g.offset("2806")                # (28, 6)
    g.label_at(28, 6)               # '2806'
"""
from __future__ import annotations

import math
from typing import Iterable, Iterator

from engine import hexgrid
from engine.hexgrid import Hex, Layout, LabelError
from engine.model import Grid


def label_order(label: str) -> tuple[int, str]:
    """A sort key that puts labels in their printed order: by length, then as text (``9`` before
    ``10``; ``0101`` before ``0102`` before ``0201``)."""
    return len(label), label


class HexGrid:
    """``grid``'s numbering scheme and pixel layout, addressed by labels."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.scheme = hexgrid.scheme_for(grid)
        self.layout = Layout.from_grid(grid)

    # -- labels and hexes ------------------------------------------------------------------------
    def hex(self, label: str) -> Hex:
        """The axial hex of ``label`` (LabelError when the scheme has no such label)."""
        return self.scheme.hex(label)

    def label(self, h: Hex) -> str:
        return self.scheme.label(h)

    def has(self, label: str) -> bool:
        try:
            self.scheme.hex(label)
            return True
        except LabelError:
            return False

    def contains(self, h: Hex) -> bool:
        return self.scheme.contains(h)

    def offset(self, label: str) -> tuple[int, int]:
        """The printed ``(column, row)`` numbers of ``label`` (``colrow`` and ``rowcol`` grids)."""
        if not isinstance(self.scheme, hexgrid.OffsetScheme):
            raise ValueError(f"grid {self.grid.id!r}: numbering {self.grid.numbering!r} has no "
                             "columns and rows")
        return self.scheme.to_offset(self.scheme.hex(label))

    def column(self, label: str) -> int:
        return self.offset(label)[0]

    def row(self, label: str) -> int:
        return self.offset(label)[1]

    def label_at(self, col: int, row: int) -> str:
        """The label printed at column ``col``, row ``row`` (LabelError outside the grid)."""
        if not isinstance(self.scheme, hexgrid.OffsetScheme):
            raise ValueError(f"grid {self.grid.id!r}: numbering {self.grid.numbering!r} has no "
                             "columns and rows")
        return self.scheme.label(self.scheme.from_offset(col, row))

    def labels(self) -> Iterator[str]:
        """Every label of a bounded grid, in label order."""
        return self.scheme.labels()

    # -- neighbourhood ---------------------------------------------------------------------------
    def neighbours(self, label: str) -> list[str]:
        """The labels of the hexes next to ``label`` on the grid, in direction order 0..5."""
        return [self.scheme.label(n) for n in hexgrid.neighbours(self.scheme.hex(label))
                if self.scheme.contains(n)]

    def adjacent(self, a: str, b: str) -> bool:
        return hexgrid.distance(self.hex(a), self.hex(b)) == 1

    def within(self, label: str, radius: int) -> list[str]:
        """The labels within ``radius`` of ``label`` (a brush), centre first, ring by ring."""
        return [self.scheme.label(h) for h in hexgrid.spiral(self.hex(label), max(0, radius))
                if self.scheme.contains(h)]

    def pairs(self, labels: Iterable[str]) -> list[tuple[str, str]]:
        """Every pair of adjacent hexes among ``labels``, each once as ``(a, b)`` with ``a``
        before ``b`` in label order; the pairs in label order."""
        have = {self.hex(lab): lab for lab in labels}
        out = set()
        for h, lab in have.items():
            for n in hexgrid.neighbours(h):
                other = have.get(n)
                if other is not None:
                    out.add(tuple(sorted((lab, other), key=label_order)))
        return sorted(out, key=lambda p: (label_order(p[0]), label_order(p[1])))

    # -- pixels ----------------------------------------------------------------------------------
    def pixel(self, label: str) -> tuple[float, float]:
        """The pixel centre of ``label``."""
        return self.layout.to_pixel(self.hex(label))

    def at(self, x: float, y: float) -> str | None:
        """The label of the hex under pixel ``(x, y)``, or None off the numbered grid."""
        h = self.layout.to_hex(x, y)
        return self.scheme.label(h) if self.scheme.contains(h) else None

    def hexside_at(self, x: float, y: float) -> tuple[str, str] | None:
        """The hexside nearest pixel ``(x, y)``: the hex under it and the neighbour whose centre
        is nearest the pixel (None when either is off the grid)."""
        h = self.layout.to_hex(x, y)
        best = min(hexgrid.neighbours(h),
                   key=lambda n: math.dist(self.layout.to_pixel(n), (x, y)))
        if not (self.scheme.contains(h) and self.scheme.contains(best)):
            return None
        return self.scheme.label(h), self.scheme.label(best)

    def covering(self, width: float, height: float) -> list[str]:
        """Every numbered hex whose centre lies on a ``width`` × ``height`` board (corner
        ``(0, 0)``), in label order."""
        corners = [self.layout.fractional(x, y) for x in (0.0, width) for y in (0.0, height)]
        q0, q1 = math.floor(min(c[0] for c in corners)) - 1, math.ceil(max(c[0] for c in corners)) + 1
        r0, r1 = math.floor(min(c[1] for c in corners)) - 1, math.ceil(max(c[1] for c in corners)) + 1
        out = []
        for q in range(q0, q1 + 1):
            for r in range(r0, r1 + 1):
                h = Hex(q, r)
                x, y = self.layout.to_pixel(h)
                if 0.0 <= x <= width and 0.0 <= y <= height and self.scheme.contains(h):
                    out.append(self.scheme.label(h))
        return sorted(out, key=label_order)


def sequential_columns_params(hexes: Iterable[Hex], first: int = 1, parity: str = "odd"
                              ) -> dict[str, str]:
    """The ``sequential_columns`` numbering of a set of hexes (flat grid): columns west to east
    from axial ``q = 0``, each numbered north to south, the first hex ``first``. Every column
    from 0 to the easternmost must hold hexes, without gaps. ValueError otherwise."""
    cols: dict[int, list[int]] = {}
    for h in hexes:
        cols.setdefault(h.q, []).append(h.r)
    if not cols or min(cols) != 0:
        raise ValueError("sequential numbering needs hexes in column q = 0 (the westernmost)")
    firsts, lengths, starts = [], [], []
    label = first
    odd = parity == "odd"
    for q in range(0, max(cols) + 1):
        rs = sorted(cols.get(q, []))
        if not rs:
            raise ValueError(f"column {q + 1} holds no hex: sequential columns cannot skip one")
        if rs != list(range(rs[0], rs[0] + len(rs))):
            raise ValueError(f"column {q + 1} has a gap: sequential columns run unbroken")
        shift = (q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2
        firsts.append(label)
        lengths.append(len(rs))
        starts.append(rs[0] + shift)
        label += len(rs)
    return {"firsts": " ".join(map(str, firsts)), "lengths": " ".join(map(str, lengths)),
            "starts": " ".join(map(str, starts)), "parity": parity}
