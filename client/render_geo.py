"""Drawing a module's generated map art (the ``map_art`` table): sea, land shaded by its 1914
nation, lakes, coasts, national borders and an inset's frame (issue 18, friction 5).

The table is written by ``tools/geo_art.py`` (docs/module-format.md, "declarations"): one shape
per row — ``layer`` (``land hole coast border frame``), ``board``, ``key`` (a land polygon's
nation) and ``points`` (``x,y x,y ...`` in board units). Nothing here needs the geodata
packages. :class:`MapArt` keeps the shapes in world units with a bounding-box index, and
:meth:`MapArt.draw` paints those meeting a map tile, in layer order, under the spaces.
"""
from __future__ import annotations

import pygame

from engine.model import Module

from . import colours

TABLE_ID = "map_art"
SEA = (166, 196, 214)
UNCLAIMED = (222, 216, 196)
COAST = (70, 100, 130)
BORDER = (120, 40, 60)
FRAME = (60, 60, 70)
ORDER = ("land", "hole", "coast", "border", "frame")
_CELL = 256.0


def _nation_tint(module: Module, nation: str) -> tuple[int, int, int]:
    """A land tint for ``nation``: its counters' colour, washed out so spaces and counters stay
    readable on it; unclaimed and neutral land a pale stone."""
    nat = module.nationality(nation) if nation else None
    if nat is None:
        return UNCLAIMED if nation in ("", "neutral") else (214, 206, 178)
    c = colours.lighter(colours.parse(nat.bg), 0.62)
    return (c.r, c.g, c.b)


class MapArt:
    """The shapes of a module's ``map_art`` table, placed in the world (``origins``: each board's
    world origin)."""

    def __init__(self, module: Module, origins: dict[str, tuple[float, float]]) -> None:
        self.shapes: list[tuple[str, tuple, list[tuple[float, float]], tuple[float, float, float, float]]] = []
        self.boards: set[str] = set()
        table = module.tables.get(TABLE_ID)
        if table is None:
            return
        cols = [str(c) for c in table.cols.values]
        try:
            li, bi, ki, pi = (cols.index(c) for c in ("layer", "board", "key", "points"))
        except ValueError:
            return        # not a map_art table this program understands: draw nothing
        for row in table.cells:
            layer, board = str(row[li]), str(row[bi])
            if layer not in ORDER or board not in origins:
                continue
            ox, oy = origins[board]
            try:
                nums = [float(v) for v in str(row[pi]).replace(",", " ").split()]
            except ValueError:
                continue      # an unreadable shape is left out
            pts = list(zip([v + ox for v in nums[0::2]], [v + oy for v in nums[1::2]]))
            if len(pts) < 2:
                continue
            key = str(row[ki])
            colour = _nation_tint(module, key) if layer == "land" else {
                "hole": SEA, "coast": COAST, "border": BORDER, "frame": FRAME}[layer]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.shapes.append((layer, colour, pts, (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
            self.boards.add(board)
        self.shapes.sort(key=lambda s: ORDER.index(s[0]))
        self.index: dict[tuple[int, int], list[int]] = {}
        for n, (_, _, _, (x, y, w, h)) in enumerate(self.shapes):
            for i in range(int(x // _CELL), int((x + w) // _CELL) + 1):
                for j in range(int(y // _CELL), int((y + h) // _CELL) + 1):
                    self.index.setdefault((i, j), []).append(n)

    def __bool__(self) -> bool:
        return bool(self.shapes)

    def draw(self, surf: pygame.Surface, z: float, px: int, py: int,
             wrect: tuple[float, float, float, float], board_px: dict[str, pygame.Rect]) -> None:
        """Paint the shapes meeting world rectangle ``wrect`` onto a tile whose top-left is
        zoomed pixel (px, py); ``board_px``: the tile rectangle of each board with art (filled
        with sea first)."""
        for bid, r in board_px.items():
            if bid in self.boards:
                surf.fill(SEA, r)
        x, y, w, h = wrect
        found: set[int] = set()
        for i in range(int(x // _CELL), int((x + w) // _CELL) + 1):
            for j in range(int(y // _CELL), int((y + h) // _CELL) + 1):
                found.update(self.index.get((i, j), ()))
        line_w = max(1, round(1.4 * z))
        border_w = max(2, round(3.2 * z))
        for n in sorted(found):
            layer, colour, pts, _ = self.shapes[n]
            spts = [(round(a * z) - px, round(b * z) - py) for a, b in pts]
            if layer in ("land", "hole"):
                if len(spts) >= 3:
                    pygame.draw.polygon(surf, colour, spts)
            elif layer == "coast":
                pygame.draw.lines(surf, colour, False, spts, line_w)
            elif layer == "border":
                _dash(surf, colour, spts, border_w, max(4, round(12 * z)))
            else:
                pygame.draw.lines(surf, colour, False, spts, max(2, round(4 * z)))


def _dash(surf: pygame.Surface, colour, pts: list[tuple[int, int]], width: int, dash: int) -> None:
    """A dash-dot national border along ``pts``."""
    carry = 0.0
    on = True
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        seg = max(1e-6, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        t = 0.0
        while t < seg:
            step = min(seg - t, dash - carry)
            if on:
                pygame.draw.line(surf, colour, (round(ax + (bx - ax) * t / seg), round(ay + (by - ay) * t / seg)),
                                 (round(ax + (bx - ax) * (t + step) / seg), round(ay + (by - ay) * (t + step) / seg)),
                                 width)
            t += step
            carry += step
            if carry >= dash - 1e-6:
                carry = 0.0
                on = not on
