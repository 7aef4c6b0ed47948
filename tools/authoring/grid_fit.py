"""Fitting a hex grid to hex centres picked on a map image: the orientation, the hex size and the
origin, by least squares (no package needed).

Picks carry no labels: the fit looks for the **largest** hex size whose lattice, laid through the
first pick, puts every pick within ``tolerance`` of a hex centre (a lattice of a third of that
size would fit too, so the largest is the map's). Both orientations are tried: a flat grid of
size s is also a pointy grid of size s/√3, so the larger fit wins there too. With every pick's
axial coordinates found, origin and size come from the linear least-squares solution of
``x = ox + size·a(q, r)``, ``y = oy + size·b(q, r)``.

At least two picks are needed, three not on one line to tell flat from pointy (or give the
orientation); picks spread over the map fit the size best.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from engine.hexgrid import Hex, Layout, hex_round

SQRT3 = math.sqrt(3.0)
#: Smallest size tried, as a fraction of the largest possible (two picks a dozen hexes apart at
#: the closest is the limit).
MIN_SIZE_FRACTION = 1 / 12
MAX_PICKS = 500


@dataclass(frozen=True)
class GridFit:
    """The fitted grid: ``orientation``, hex ``size`` (centre to corner) and the pixel centre
    ``origin`` of the first pick's hex (axial 0, 0); each pick's axial hex; the residuals in
    pixels (root mean square and worst)."""
    orientation: str
    size: float
    origin: tuple[float, float]
    hexes: tuple[Hex, ...]
    rms: float
    worst: float

    @property
    def layout(self) -> Layout:
        return Layout(self.orientation, self.size, self.origin[0], self.origin[1])


def _basis(orientation: str, h: Hex) -> tuple[float, float]:
    """Pixel offset of ``h`` from axial (0, 0) on a grid of size 1."""
    if orientation == "flat":
        return 1.5 * h.q, SQRT3 * (h.r + h.q * 0.5)
    return SQRT3 * (h.q + h.r * 0.5), 1.5 * h.r


def least_squares(orientation: str, picks: Sequence[tuple[float, float]], hexes: Sequence[Hex]
                  ) -> tuple[float, float, float]:
    """``(origin_x, origin_y, size)`` minimising the squared distance of each pick to the
    centre of its hex. ValueError when the hexes do not fix a size (all the same hex)."""
    ab = [_basis(orientation, h) for h in hexes]
    n = len(picks)
    ma, mb = sum(a for a, _ in ab) / n, sum(b for _, b in ab) / n
    mx, my = sum(x for x, _ in picks) / n, sum(y for _, y in picks) / n
    den = sum((a - ma) ** 2 + (b - mb) ** 2 for a, b in ab)
    if den <= 1e-12:
        raise ValueError("the picks are all in one hex: pick centres of different hexes")
    size = sum((a - ma) * (x - mx) + (b - mb) * (y - my)
               for (a, b), (x, y) in zip(ab, picks)) / den
    if size <= 0:
        raise ValueError("the picks give no positive hex size")
    return mx - size * ma, my - size * mb, size


def _residuals(orientation: str, picks, hexes, ox: float, oy: float, size: float
               ) -> list[float]:
    out = []
    for (x, y), h in zip(picks, hexes):
        a, b = _basis(orientation, h)
        out.append(math.hypot(x - ox - size * a, y - oy - size * b))
    return out


def _try(orientation: str, picks, size: float, tolerance: float) -> tuple[Hex, ...] | None:
    x0, y0 = picks[0]
    lay = Layout(orientation, size, x0, y0)
    hexes = []
    for x, y in picks:
        h = hex_round(*lay.fractional(x, y))
        cx, cy = lay.to_pixel(h)
        if math.hypot(x - cx, y - cy) > tolerance * size:
            return None
        hexes.append(h)
    return tuple(hexes)


def _largest_fit(orientation: str, picks, tolerance: float) -> tuple[float, tuple[Hex, ...]] | None:
    dmin = min(math.dist(p, q) for i, p in enumerate(picks) for q in picks[i + 1:])
    span = max(math.dist(picks[0], p) for p in picks)
    s_max = dmin / SQRT3 * (1 + tolerance)
    s = s_max
    while s >= s_max * MIN_SIZE_FRACTION:
        hexes = _try(orientation, picks, s, tolerance)
        if hexes is not None and len(set(hexes)) == len(hexes):
            return s, hexes
        # a step small enough that the farthest pick moves less than half the tolerance
        s *= 1 - max(1e-4, 0.5 * tolerance * s / max(span, s))
    return None


def fit_grid(picks: Sequence[tuple[float, float]], orientation: str | None = None,
             tolerance: float = 0.25) -> GridFit:
    """The grid through hex centres ``picks`` (pixels on the board; the first is axial 0, 0).
    ``orientation`` ``"flat"``/``"pointy"`` or None to find it; ``tolerance`` is how far from a
    centre a pick may be, in hex sizes. ValueError saying what to pick when no grid fits."""
    pts = [(float(x), float(y)) for x, y in picks]
    if len(pts) < 2:
        raise ValueError("pick the centres of at least two hexes (three or more, spread over "
                         "the map, fit best)")
    if len(pts) > MAX_PICKS:
        raise ValueError(f"at most {MAX_PICKS} picks")
    if not all(math.isfinite(v) for p in pts for v in p):
        raise ValueError("a pick is not a finite pixel position")
    if min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1:]) <= 0:
        raise ValueError("two picks are at the same pixel: pick each hex once")
    if orientation not in (None, "flat", "pointy"):
        raise ValueError(f"orientation must be flat or pointy, not {orientation!r:.20}")
    found = []
    for o in ([orientation] if orientation else ["flat", "pointy"]):
        got = _largest_fit(o, pts, tolerance)
        if got is not None:
            found.append((got[0], o, got[1]))
    if not found:
        raise ValueError("no hex grid puts every pick near a hex centre: check that each pick "
                         "is the centre of a hex, or pick more hexes")
    _, o, hexes = max(found, key=lambda f: f[0])
    ox, oy, size = least_squares(o, pts, hexes)
    res = _residuals(o, pts, hexes, ox, oy, size)
    return GridFit(o, size, (ox, oy), hexes, math.sqrt(sum(r * r for r in res) / len(res)),
                   max(res))
