"""Hex-grid geometry and the games' hex numbering schemes (DESIGN principle 2).

Coordinates
-----------
Internally a hex is a pair of **axial** coordinates ``Hex(q, r)``; the implicit third cube
coordinate is ``s = -q - r``. The six directions are numbered 0..5 in this order::

    0: (+1, 0)   1: (+1, -1)   2: (0, -1)   3: (-1, 0)   4: (-1, +1)   5: (0, +1)

so direction ``(d + 3) % 6`` is the opposite of ``d``. On screen, for a ``flat`` grid axial ``r``
grows downwards and ``q`` to the east (south-east); for a ``pointy`` grid ``q`` grows to the
east and ``r`` downwards (south-east). The maths follows Red Blob Games, "Hexagonal Grids".

Hexsides and vertices
---------------------
``Hexside(hex, dir)`` names the side of ``hex`` facing direction ``dir``; :func:`hexside`
normalises it so that each side has exactly one id (``dir`` in 0..2, i.e. the side is owned by
the hex on its direction-3..5 side). Corner ``k`` of a hex is the corner between its directions
``k`` and ``k + 1``; a :class:`Vertex` is identified by the three hexes meeting there, sorted.

Numbering
---------
A :class:`NumberingScheme` translates between a game's printed labels (``"3510"``, ``"16.36"``,
``"19"``) and axial hexes. :func:`scheme_for` builds the scheme a :class:`engine.model.Grid`
names, with its ``numbering_params``. Rules code never does string arithmetic on labels.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Callable, Iterator, Mapping, NamedTuple

from .errors import WartableError
from .model import Grid, Value

SQRT3 = math.sqrt(3.0)
#: Bounds on numbering parameters (a scheme refuses anything beyond, before computing with it):
#: label numbers have at most this many digits,
MAX_DIGITS = 9
#: a numbered extent (a bounded scheme, or sequential columns) holds at most this many hexes,
MAX_NUMBERED_HEXES = 200_000
#: a sequential column starts at most this many rows from row 0, and a separator is this short.
MAX_START = 1_000_000
MAX_SEP = 8


class Hex(NamedTuple):
    """A hex in axial coordinates."""
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def cube(h: Hex) -> tuple[int, int, int]:
    """The cube coordinates ``(q, r, s)`` of ``h`` (``q + r + s == 0``)."""
    return h.q, h.r, -h.q - h.r


def from_cube(q: int, r: int, s: int) -> Hex:
    """The hex with cube coordinates ``(q, r, s)``; raises ValueError unless ``q + r + s == 0``."""
    if q + r + s != 0:
        raise ValueError(f"cube coordinates ({q}, {r}, {s}) do not sum to 0")
    return Hex(q, r)


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to ``h`` in ``direction`` (0..5, see the module docstring)."""
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes next to ``h``, in direction order 0..5."""
    q, r = h
    return [Hex(q + 1, r), Hex(q + 1, r - 1), Hex(q, r - 1), Hex(q - 1, r), Hex(q - 1, r + 1), Hex(q, r + 1)]


def direction_to(a: Hex, b: Hex) -> int:
    """The direction (0..5) from ``a`` to its neighbour ``b``; ValueError if not adjacent."""
    try:
        return DIRECTIONS.index(Hex(b.q - a.q, b.r - a.r))
    except ValueError:
        raise ValueError(f"{b} is not adjacent to {a}") from None


def distance(a: Hex, b: Hex) -> int:
    """Hex distance: the number of steps from ``a`` to ``b`` (start not counted, end counted)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center`` (``[center]`` for 0), going round the
    ring from the hex in direction 4 towards direction 0; ``6 * radius`` hexes."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    out = []
    q, r = center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius
    for side in range(6):
        dq, dr = DIRECTIONS[side]
        for _ in range(radius):
            out.append(Hex(q, r))
            q, r = q + dq, r + dr
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``: the centre, then ring 1, ring 2, ...
    (``1 + 3 * radius * (radius + 1)`` hexes)."""
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def hex_range(center: Hex, radius: int) -> set[Hex]:
    """The set of hexes within ``radius`` of ``center``."""
    return {Hex(center.q + dq, center.r + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)}


def hex_round(fq: float, fr: float) -> Hex:
    """The hex containing fractional axial point ``(fq, fr)``: round the three cube
    coordinates and fix the one with the largest rounding error so they sum to 0."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


#: The epsilon nudge of :func:`line`: a point exactly on a hexside or vertex is pushed off it.
LINE_NUDGE = 1e-6


def line(a: Hex, b: Hex, nudge: float = LINE_NUDGE) -> list[Hex]:
    """The hexes on the straight line from the centre of ``a`` to the centre of ``b``,
    ``distance(a, b) + 1`` of them, ``a`` first and ``b`` last.

    Samples ``N = distance`` equally spaced points and rounds each to a hex. Both end points are
    nudged by the cube offset ``(nudge, 2 * nudge, -3 * nudge)`` so that a point lying exactly on
    a hexside or vertex rounds consistently; a negative ``nudge`` picks the other side (line of
    sight checks both, see :func:`engine.search.line_of_sight`).
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + nudge, a.r + 2 * nudge
    bq, br = b.q + nudge, b.r + 2 * nudge
    step = 1.0 / n
    out = []
    for i in range(n + 1):
        t = i * step
        out.append(hex_round(aq + (bq - aq) * t, ar + (br - ar) * t))
    return out


# -- pixel layout ------------------------------------------------------------------------------

class Layout(NamedTuple):
    """How a grid sits on its board: ``orientation`` (``"flat"`` or ``"pointy"``), hex ``size``
    (centre-to-corner radius) and the pixel centre of axial (0, 0)."""
    orientation: str
    size: float
    origin_x: float
    origin_y: float

    @classmethod
    def from_grid(cls, grid: Grid) -> "Layout":
        if grid.orientation not in ("flat", "pointy"):
            raise ValueError(f"grid {grid.id!r:.40}: orientation must be 'flat' or 'pointy', "
                             f"not {grid.orientation!r:.40}")
        if not grid.size > 0:
            raise ValueError(f"grid {grid.id!r:.40}: size must be > 0")
        return cls(grid.orientation, float(grid.size), float(grid.origin_x), float(grid.origin_y))

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        """The pixel centre of ``h``."""
        size = self.size
        if self.orientation == "flat":
            return (self.origin_x + size * 1.5 * h.q,
                    self.origin_y + size * SQRT3 * (h.r + h.q * 0.5))
        return (self.origin_x + size * SQRT3 * (h.q + h.r * 0.5),
                self.origin_y + size * 1.5 * h.r)

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        """The fractional axial coordinates of pixel ``(x, y)``."""
        px, py = (x - self.origin_x) / self.size, (y - self.origin_y) / self.size
        if self.orientation == "flat":
            fq = px * (2.0 / 3.0)
            return fq, py / SQRT3 - px / 3.0
        fr = py * (2.0 / 3.0)
        return px / SQRT3 - py / 3.0, fr

    def to_hex(self, x: float, y: float) -> Hex:
        """The hex containing pixel ``(x, y)``."""
        return hex_round(*self.fractional(x, y))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The pixel positions of the six corners of ``h``: corner ``k`` lies between
        directions ``k`` and ``k + 1``; consecutive corners are joined by a hexside."""
        return [self.vertex_pixel(vertex(h, k)) for k in range(6)]

    def vertex_pixel(self, v: "Vertex") -> tuple[float, float]:
        """The pixel position of a vertex: the centroid of the three hexes meeting there."""
        pts = [self.to_pixel(h) for h in v]
        return (sum(p[0] for p in pts) / 3.0, sum(p[1] for p in pts) / 3.0)

    def hexside_endpoints(self, side: "Hexside") -> tuple[tuple[float, float], tuple[float, float]]:
        """The two pixel end points of a hexside (for drawing rivers, borders...)."""
        h, d = side
        return self.vertex_pixel(vertex(h, d - 1)), self.vertex_pixel(vertex(h, d))


# -- hexsides and vertices ---------------------------------------------------------------------

class Hexside(NamedTuple):
    """The side of ``hex`` facing direction ``dir``. Canonical when built by :func:`hexside`
    (``dir`` in 0..2), so both hexes sharing the side give the same id."""
    hex: Hex
    dir: int

    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes this side separates."""
        return self.hex, neighbour(self.hex, self.dir)


def hexside(h: Hex, direction: int) -> Hexside:
    """The canonical id of the side of ``h`` facing ``direction``."""
    direction %= 6
    if direction >= 3:
        return Hexside(neighbour(h, direction), direction - 3)
    return Hexside(h, direction)


def hexside_between(a: Hex, b: Hex) -> Hexside:
    """The canonical id of the side shared by adjacent hexes ``a`` and ``b`` (the same for
    ``(b, a)``); ValueError if they are not adjacent."""
    return hexside(a, direction_to(a, b))


class Vertex(NamedTuple):
    """A hex corner, identified by the three hexes meeting there in sorted order."""
    a: Hex
    b: Hex
    c: Hex


def vertex(h: Hex, k: int) -> Vertex:
    """The canonical id of corner ``k`` of ``h`` (between directions ``k`` and ``k + 1``)."""
    k %= 6
    x, y, z = sorted((h, neighbour(h, k), neighbour(h, k + 1)))
    return Vertex(x, y, z)


def vertices(h: Hex) -> list[Vertex]:
    """The six corners of ``h``, corner 0 first."""
    return [vertex(h, k) for k in range(6)]


# -- numbering schemes -------------------------------------------------------------------------

class LabelError(WartableError, KeyError, ValueError):
    """A hex label that is malformed for its scheme or names no hex of the grid (or a hex with
    no label). Catchable as KeyError or ValueError; the message names the label and the rule."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class NumberingScheme(ABC):
    """Translates a game's hex labels to axial hexes and back.

    ``label(hex)`` and ``hex(label)`` are inverse on every hex the scheme ``contains``; both
    raise :class:`LabelError` otherwise. ``labels()`` iterates every label of a bounded scheme
    in label order (ValueError when the scheme is unbounded).
    """
    name: str = ""
    bounded: bool = False

    @abstractmethod
    def label(self, h: Hex) -> str: ...

    @abstractmethod
    def hex(self, label: str) -> Hex: ...

    @abstractmethod
    def contains(self, h: Hex) -> bool: ...

    def labels(self) -> Iterator[str]:
        raise ValueError(f"numbering {self.name!r} is unbounded: give its extent to list its labels")

    def hexes(self) -> Iterator[Hex]:
        """Every hex of a bounded scheme, in label order."""
        return (self.hex(lab) for lab in self.labels())


def _ints(value: Value, what: str, most: int) -> list[int]:
    """The space-separated integers of ``value``: at most ``most`` of them, each at most
    ``MAX_DIGITS + 1`` characters (so parsing is linear and no number is huge)."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string of space-separated integers")
    words = value.split(maxsplit=most)
    if len(words) > most:
        raise ValueError(f"{what}: more than {most} numbers")
    for w in words:
        digits = w[1:] if w.startswith("-") else w
        if not (0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit()):
            raise ValueError(f"{what} must be space-separated integers of at most {MAX_DIGITS} "
                             f"digits, not {w[:20]!r}")
    return [int(w) for w in words]


def _bounded_int(scheme: str, key: str, value: int, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise ValueError(f"numbering {scheme!r}: {key} must be in {lo}..{hi}, not "
                         f"{value if abs(value) < 10 ** 12 else 'a number that large'}")
    return value


class _Params:
    """Typed access to ``numbering_params`` that rejects unknown keys and wrong types."""

    def __init__(self, scheme: str, params: Mapping[str, Value], spec: Mapping[str, tuple[type, Value]]):
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"numbering {scheme!r}: unknown parameter {unknown[0]!r:.40} "
                             f"(known: {', '.join(sorted(spec))})")
        self.values: dict[str, Value] = {}
        for key, (typ, default) in spec.items():
            v = params.get(key, default)
            ok = isinstance(v, typ) and not (typ is int and isinstance(v, bool))
            if not ok:
                raise ValueError(f"numbering {scheme!r}: parameter {key!r} must be "
                                 f"{typ.__name__}, not {v!r:.40}")
            self.values[key] = v

    def __getitem__(self, key: str) -> Value:
        return self.values[key]


def _parity(scheme: str, value: Value) -> int:
    if value not in ("odd", "even"):
        raise ValueError(f"numbering {scheme!r}: parity must be 'odd' or 'even', not {value!r:.40}")
    return 1 if value == "odd" else 0


class OffsetScheme(NumberingScheme):
    """Column/row labels on an offset grid: ``colrow`` (``CCRR``, e.g. France 1944's ``3510``,
    or ``CC.RR`` with ``sep="."``, 1914 Offensive à outrance's ``16.36``) and ``rowcol``
    (``RRCC``, Strafexpedition 1916's ``3502``).

    Parameters (``numbering_params``):

    * ``first_col``, ``first_row`` (int, default 1): the printed numbers of the column and row
      of axial hex (0, 0). Column index ``ci = col - first_col``, row index ``ri = row - first_row``.
    * ``parity`` (``"odd"``/``"even"``, default ``"odd"``): Red Blob's offset convention applied
      to the zero-based *index*. On a flat grid the columns are offset: ``"odd"`` (odd-q) shoves
      columns with an odd ``ci`` half a hex down, ``"even"`` those with an even ``ci``. On a pointy
      grid the rows are offset: ``"odd"`` (odd-r) shoves rows with an odd ``ri`` half a hex east.
      Mind ``first_col``: with ``first_col = 1`` the printed *even* columns have odd ``ci``, so
      France 1944 ("even-numbered columns sit half a hex lower") is ``parity="odd"``.
    * ``rows_up`` (bool, default False): rows are numbered from the bottom edge upwards
      (Strafexpedition). Only the numbering direction changes; ``parity`` still counts ``ri``.
    * ``col_digits``, ``row_digits`` (int, default 2): zero-padded widths of the two numbers.
    * ``sep`` (str, default ``""``): text between the two numbers.
    * ``last_col``, ``last_row`` (int, default 0 = unbounded): the grid's extent; when both
      are set the scheme is bounded and ``labels()`` lists every hex.
    """
    SPEC = {"first_col": (int, 1), "first_row": (int, 1), "parity": (str, "odd"),
            "rows_up": (bool, False), "col_digits": (int, 2), "row_digits": (int, 2),
            "sep": (str, ""), "last_col": (int, 0), "last_row": (int, 0)}

    def __init__(self, name: str, orientation: str, params: Mapping[str, Value] | None = None):
        if name not in ("colrow", "rowcol"):
            raise ValueError(f"offset numbering must be 'colrow' or 'rowcol', not {name!r}")
        if orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r:.40}")
        p = _Params(name, params or {}, self.SPEC)
        self.name, self.orientation = name, orientation
        # every number is bounded before it is used: 10 ** digits of a hostile module's
        # col_digits would never finish
        self.col_digits = _bounded_int(name, "col_digits", int(p["col_digits"]), 1, MAX_DIGITS)
        self.row_digits = _bounded_int(name, "row_digits", int(p["row_digits"]), 1, MAX_DIGITS)
        top_col, top_row = 10 ** self.col_digits - 1, 10 ** self.row_digits - 1
        self.first_col = _bounded_int(name, "first_col", int(p["first_col"]), 0, top_col)
        self.first_row = _bounded_int(name, "first_row", int(p["first_row"]), 0, top_row)
        self.last_col = _bounded_int(name, "last_col", int(p["last_col"]), 0, top_col)
        self.last_row = _bounded_int(name, "last_row", int(p["last_row"]), 0, top_row)
        self.odd = _parity(name, p["parity"])
        self.rows_up = bool(p["rows_up"])
        self.sep = str(p["sep"])
        if len(self.sep) > MAX_SEP:
            raise ValueError(f"numbering {name!r}: sep is longer than {MAX_SEP} characters")
        if any(ch.isdigit() or ch.isspace() for ch in self.sep):
            raise ValueError(f"numbering {name!r}: sep must not contain digits or blanks")
        self.max_col = self.last_col or top_col
        self.max_row = self.last_row or top_row
        self.bounded = bool(self.last_col and self.last_row)
        if self.bounded and (self.last_col < self.first_col or self.last_row < self.first_row):
            raise ValueError(f"numbering {name!r}: last_col/last_row before first_col/first_row")
        if self.bounded and ((self.last_col - self.first_col + 1)
                             * (self.last_row - self.first_row + 1) > MAX_NUMBERED_HEXES):
            raise ValueError(f"numbering {name!r}: columns {self.first_col}..{self.last_col} "
                             f"by rows {self.first_row}..{self.last_row} are more than "
                             f"{MAX_NUMBERED_HEXES} hexes")

    # offset <-> axial
    def to_offset(self, h: Hex) -> tuple[int, int]:
        """The printed ``(column, row)`` numbers of ``h`` (not checked against the extent)."""
        q, r = h
        if self.orientation == "flat":
            vr = r + ((q - (q & 1)) // 2 if self.odd else (q + (q & 1)) // 2)
            ci = q
        else:
            vr = r
            ci = q + ((r - (r & 1)) // 2 if self.odd else (r + (r & 1)) // 2)
        ri = -vr if self.rows_up else vr
        return ci + self.first_col, ri + self.first_row

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex printed at ``(column, row)`` (not checked against the extent)."""
        ci, ri = col - self.first_col, row - self.first_row
        vr = -ri if self.rows_up else ri
        if self.orientation == "flat":
            return Hex(ci, vr - ((ci - (ci & 1)) // 2 if self.odd else (ci + (ci & 1)) // 2))
        return Hex(ci - ((vr - (vr & 1)) // 2 if self.odd else (vr + (vr & 1)) // 2), vr)

    def _in_extent(self, col: int, row: int) -> bool:
        return self.first_col <= col <= self.max_col and self.first_row <= row <= self.max_row

    def contains(self, h: Hex) -> bool:
        return self._in_extent(*self.to_offset(h))

    def _format(self, col: int, row: int) -> str:
        c, r = f"{col:0{self.col_digits}d}", f"{row:0{self.row_digits}d}"
        return c + self.sep + r if self.name == "colrow" else r + self.sep + c

    def label(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        if not self._in_extent(col, row):
            raise LabelError(f"hex {tuple(h)} (column {col}, row {row}) is outside the "
                             f"{self.name} numbering (columns {self.first_col}..{self.max_col}, "
                             f"rows {self.first_row}..{self.max_row})")
        return self._format(col, row)

    def hex(self, label: str) -> Hex:
        first, second = (self.col_digits, self.row_digits) if self.name == "colrow" \
            else (self.row_digits, self.col_digits)
        form = "C" * self.col_digits + self.sep + "R" * self.row_digits if self.name == "colrow" \
            else "R" * self.row_digits + self.sep + "C" * self.col_digits
        if not isinstance(label, str):
            raise LabelError(f"hex label must be a string, not {label!r:.40}")
        ok = len(label) == first + len(self.sep) + second and label[first:first + len(self.sep)] == self.sep
        a, b = label[:first], label[first + len(self.sep):]
        if not (ok and a.isascii() and a.isdigit() and b.isascii() and b.isdigit()):
            raise LabelError(f"bad hex label {label!r:.40}: expected {form} ({self.name} numbering)")
        col, row = (int(a), int(b)) if self.name == "colrow" else (int(b), int(a))
        if not self._in_extent(col, row):
            raise LabelError(f"no hex {label!r} on this grid: column {col} / row {row} outside "
                             f"columns {self.first_col}..{self.max_col}, rows "
                             f"{self.first_row}..{self.max_row}")
        return self.from_offset(col, row)

    def labels(self) -> Iterator[str]:
        if not self.bounded:
            return super().labels()
        if self.name == "colrow":
            return (self._format(c, r) for c in range(self.first_col, self.max_col + 1)
                    for r in range(self.first_row, self.max_row + 1))
        return (self._format(c, r) for r in range(self.first_row, self.max_row + 1)
                for c in range(self.first_col, self.max_col + 1))


class SequentialColumnsScheme(NumberingScheme):
    """Plain sequential labels ``1..N`` over an irregular set of hexes laid out in columns of
    varying length and vertical start (Grand Illusion's 107 hexes). Flat-topped grids only.

    Columns are numbered west to east; column ``i`` has axial ``q = i``. Inside a column labels
    run north to south. Parameters (space-separated integer lists, one entry per column):

    * ``firsts``: the label of each column's first (northernmost) hex;
    * ``lengths``: how many hexes each column has;
    * ``starts``: the offset row of each column's first hex, rows counted as in ``colrow`` with
      the ``parity`` parameter (``"odd"``: odd columns sit half a hex lower than even ones; a
      column starting one row lower starts one whole hex further south).

    Hex ``j`` (0-based) of column ``i`` is at offset (column ``i``, row ``starts[i] + j``); label
    ranges must not overlap. The scheme is bounded.
    """
    SPEC = {"firsts": (str, ""), "lengths": (str, ""), "starts": (str, ""), "parity": (str, "odd")}

    def __init__(self, orientation: str, params: Mapping[str, Value] | None = None):
        name = self.name = "sequential_columns"
        if orientation != "flat":
            raise ValueError(f"numbering {name!r} needs a flat-topped grid, not {orientation!r:.40}")
        p = _Params(name, params or {}, self.SPEC)
        most = MAX_NUMBERED_HEXES
        firsts = _ints(p["firsts"], f"numbering {name!r}: firsts", most)
        lengths = _ints(p["lengths"], f"numbering {name!r}: lengths", most)
        starts = _ints(p["starts"], f"numbering {name!r}: starts", most)
        odd = _parity(name, p["parity"])
        if not firsts or not (len(firsts) == len(lengths) == len(starts)):
            raise ValueError(f"numbering {name!r}: firsts, lengths and starts must list the same "
                             f"number of columns ({len(firsts)}, {len(lengths)}, {len(starts)})")
        for q, (first, n, start) in enumerate(zip(firsts, lengths, starts)):
            if n < 1 or first < 1:
                raise ValueError(f"numbering {name!r}: column {q + 1} needs first >= 1 and length >= 1")
            if abs(start) > MAX_START:
                raise ValueError(f"numbering {name!r}: column {q + 1} starts more than "
                                 f"{MAX_START} rows away")
        if sum(lengths) > most:  # every column checked before a single hex is made
            raise ValueError(f"numbering {name!r}: the columns hold more than {most} hexes")
        self._to_hex: dict[int, Hex] = {}
        self._to_num: dict[Hex, int] = {}
        for q, (first, n, start) in enumerate(zip(firsts, lengths, starts)):
            shift = (q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2
            for j in range(n):
                if first + j in self._to_hex:
                    raise ValueError(f"numbering {name!r}: label {first + j} is in two columns")
                h = Hex(q, start + j - shift)
                self._to_hex[first + j] = h
                self._to_num[h] = first + j
        self._sorted = sorted(self._to_hex)
        self.bounded = True
        self.columns = tuple(zip(firsts, lengths, starts))

    def contains(self, h: Hex) -> bool:
        return h in self._to_num

    def label(self, h: Hex) -> str:
        try:
            return str(self._to_num[h])
        except KeyError:
            raise LabelError(f"hex {tuple(h)} is not one of the {len(self._sorted)} numbered hexes") from None

    def hex(self, label: str) -> Hex:
        if not (isinstance(label, str) and label.isascii() and label.isdigit() and label[0] != "0"):
            raise LabelError(f"bad hex label {label!r:.40}: expected a number "
                             f"{self._sorted[0]}..{self._sorted[-1]}")
        try:
            return self._to_hex[int(label)]
        except KeyError:
            raise LabelError(f"no hex {label!r:.40} on this grid (labels "
                             f"{self._sorted[0]}..{self._sorted[-1]})") from None

    def labels(self) -> Iterator[str]:
        return (str(n) for n in self._sorted)


#: scheme id -> factory(orientation, params)
SCHEMES: dict[str, Callable[[str, Mapping[str, Value]], NumberingScheme]] = {
    "colrow": lambda o, p: OffsetScheme("colrow", o, p),
    "rowcol": lambda o, p: OffsetScheme("rowcol", o, p),
    "sequential_columns": lambda o, p: SequentialColumnsScheme(o, p),
}


def register_scheme(name: str, factory: Callable[[str, Mapping[str, Value]], NumberingScheme]) -> None:
    """Add a numbering scheme: ``factory(orientation, numbering_params)`` builds it."""
    SCHEMES[name] = factory


def scheme_for(grid: Grid) -> NumberingScheme:
    """The numbering scheme ``grid.numbering`` names, built with ``grid.numbering_params``.
    ValueError (naming the grid) for an unknown scheme or bad parameters."""
    factory = SCHEMES.get(grid.numbering)
    if factory is None:
        raise ValueError(f"grid {grid.id!r:.40}: unknown numbering {grid.numbering!r:.40} "
                         f"(known: {', '.join(sorted(SCHEMES))})")
    try:
        return factory(grid.orientation, grid.numbering_params)
    except LabelError:
        raise
    except ValueError as exc:
        raise ValueError(f"grid {grid.id!r:.40}: {exc}") from None
