"""Where everything of a module sits on the table, in *world* units (board units, 1 = 1 px at
zoom 1): the boards side by side, every location's centre and outline, the counter size, and
picking ("which location is under this point?").

Boards are placed left to right — map boards first, display boards in a second row below — so
a piece can be dragged from any board to any other. Hex centres come from the grid layout
(``engine.hexgrid.Layout``), other locations from their ``x, y``. Non-hex locations a module
leaves at ``(0, 0)`` (not placed yet by its author) are laid out automatically in labelled rows
so they stay usable. Nothing here draws; :mod:`client.render_map` draws what this describes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.model import Board, Grid, Location, Module

try:  # the one map model (DESIGN principle 2); optional so the table opens on a partial tree
    from engine.board import MapGraph
except ImportError:  # pragma: no cover - engine.board is part of the tree today
    MapGraph = None  # type: ignore[assignment,misc]
from engine.hexgrid import Hex, Layout, direction_to

#: Gap between boards, world units.
BOARD_GAP = 80.0
#: Counter side for point-to-point modules (no grid), world units.
DEFAULT_COUNTER = 44.0
MARGIN = 24.0
#: Screen pixels between neighbouring spaces at a point-to-point map's readable (opening) zoom.
READABLE_GAP = 56.0
#: A hex map opens with counters of at least this many pixels (their values readable) when the
#: whole world fitted would draw them under :data:`TINY_COUNTER` pixels.
READABLE_COUNTER = 36.0
TINY_COUNTER = 24.0
#: Location kinds drawn as rectangles that hold pieces side by side (not one stack).
SPREAD_KINDS = ("box", "hand")


def hex_corners(layout: Layout, cx: float, cy: float) -> list[tuple[float, float]]:
    """The six corners of the hex centred at ``(cx, cy)`` on ``layout`` (board units).

    The one place corner maths lives: offsets come from ``engine.hexgrid.Layout.corners`` of
    axial (0, 0), computed once per layout, so every hex of a grid has exactly the same shape."""
    return [(cx + dx, cy + dy) for dx, dy in _corner_offsets(layout)]


_OFFSETS: dict[Layout, list[tuple[float, float]]] = {}
_EXTENTS: dict[Layout, tuple[float, float, float, float]] = {}   # corner bounding box from the centre


def _corner_offsets(layout: Layout) -> list[tuple[float, float]]:
    offs = _OFFSETS.get(layout)
    if offs is None:
        ox, oy = layout.to_pixel(Hex(0, 0))
        offs = [(x - ox, y - oy) for x, y in layout.corners(Hex(0, 0))]
        _OFFSETS[layout] = offs
        xs, ys = [o[0] for o in offs], [o[1] for o in offs]
        _EXTENTS[layout] = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return offs


@dataclass
class Place:
    """A location as the table draws it: world centre, world rectangle (x, y, w, h) and
    shape (``"hex"``, ``"rect"``, ``"circle"``)."""
    id: str
    kind: str
    board: str
    cx: float
    cy: float
    rect: tuple[float, float, float, float]
    shape: str
    corners: list[tuple[float, float]] = field(default_factory=list)
    auto: bool = False          # laid out by the table, not by the module


@dataclass
class Feature:
    """A hexside feature to draw: a segment in world units, its colour, width and style."""
    a: tuple[float, float]
    b: tuple[float, float]
    colour: tuple[int, int, int]
    width: float
    style: str
    kind: str


class World:
    """The module laid out on the table. Build once per module; read-only afterwards."""

    def __init__(self, module: Module) -> None:
        from . import colours
        self.module = module
        self._graph: object = False   # built on first use (see :attr:`graph`)
        self.layouts: dict[str, Layout] = {}
        for g in module.grids:
            try:
                self.layouts[g.id] = Layout.from_grid(g)
            except ValueError:
                continue
        sizes = [g.size for g in module.grids if g.id in self.layouts]
        #: Counter side in world units: a little larger than the hex's inner radius.
        self.counter = round(min(sizes) * 1.18, 1) if sizes else DEFAULT_COUNTER
        self.places: dict[str, Place] = {}
        #: Labels of automatically laid-out groups: (board, text, x, y), world units once arranged.
        self.group_labels: list[tuple[str, str, float, float]] = []
        self.hex_at: dict[tuple[str, int, int], str] = {}
        local: dict[str, list[Place]] = {}
        for loc in module.locations.values():
            place = self._place(loc)
            local.setdefault(loc.board, []).append(place)
            self.places[loc.id] = place
        self._size_placed(local)
        self.board_rects: dict[str, tuple[float, float, float, float]] = {}
        self.origins: dict[str, tuple[float, float]] = {}
        self._arrange_boards(local)
        #: (close-up hex, main-map hex) pairs: a location whose ``main_hex`` attribute names
        #: another location is a close-up twin of it (France 1944's Normandy map, rulebook
        #: 1.3); the table shows each one's pieces on the other
        self.twins: list[tuple[str, str]] = [
            (l.id, str(l.attrs["main_hex"])) for l in module.locations.values()
            if l.attrs.get("main_hex") and str(l.attrs["main_hex"]) in self.places and l.id in self.places]
        #: each twin → the other
        self.twin: dict[str, str] = {**{a: b for a, b in self.twins}, **{b: a for a, b in self.twins}}
        self.features: list[Feature] = []
        self._build_features(colours)
        self.bounds = self._bounds()
        #: the zoom from which a point-to-point map's names are readable (its spaces about
        #: READABLE_GAP px apart), the table's opening zoom; 0 for hex maps
        self.readable_zoom = self._readable_zoom()
        self._buckets: dict[tuple[int, int], list[str]] = {}
        for pid, p in self.places.items():
            if p.shape != "hex":
                for key in self._cells(p.rect):
                    self._buckets.setdefault(key, []).append(pid)

    # -- construction -------------------------------------------------------------------------
    def _place(self, loc: Location) -> Place:
        cs = self.counter
        layout = self.layouts.get(loc.grid) if loc.kind == "hex" else None
        if layout is not None:
            cx, cy = layout.to_pixel(Hex(loc.q, loc.r))
            offs = _corner_offsets(layout)
            x0, y0, w, h = _EXTENTS[layout]
            self.hex_at[(loc.grid, loc.q, loc.r)] = loc.id
            return Place(loc.id, "hex", loc.board, cx, cy, (cx + x0, cy + y0, w, h), "hex",
                         [(cx + dx, cy + dy) for dx, dy in offs])
        if loc.kind == "track":
            w, h = cs * 1.25, cs * 1.25
        elif loc.kind == "space":
            w, h = cs * 1.7, cs * 1.35
        elif loc.kind in ("deck", "cup"):
            w, h = cs * 1.9, cs * 1.9
        else:
            w, h = cs * 2.8, cs * 1.8
        shape = "circle" if loc.kind == "cup" else "rect"
        auto = loc.x == 0 and loc.y == 0
        return Place(loc.id, loc.kind, loc.board, loc.x, loc.y, (loc.x - w / 2, loc.y - h / 2, w, h),
                     shape, auto=auto)

    def _size_placed(self, local: dict[str, list[Place]]) -> None:
        """Shrink placed non-hex locations that would overlap their neighbours, and lay out
        the unplaced ones in rows (grouped by id prefix) below the board's hexes."""
        cs = self.counter
        for board_id, places in local.items():
            placed = [p for p in places if p.shape != "hex" and not p.auto]
            cell = cs * 3.0
            grid: dict[tuple[int, int], list[Place]] = {}
            for p in placed:
                grid.setdefault((int(p.cx // cell), int(p.cy // cell)), []).append(p)
            for p in placed:
                x, y, w, h = p.rect
                gx, gy = int(p.cx // cell), int(p.cy // cell)
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        for o in grid.get((gx + dx, gy + dy), ()):
                            if o is p:
                                continue
                            ddx, ddy = abs(o.cx - p.cx), abs(o.cy - p.cy)
                            if ddy < h * 0.9 and ddx < w:
                                w = max(cs * 1.05, min(w, ddx * 0.94))
                            if ddx < w * 0.9 and ddy < h:
                                h = max(cs * 1.05, min(h, ddy * 0.94))
                p.rect = (p.cx - w / 2, p.cy - h / 2, w, h)
            autos = [p for p in places if p.auto and p.shape != "hex"]
            if not autos:
                continue
            solid = [p for p in places if not p.auto]
            try:
                board_w = self.module.board(board_id).width
            except KeyError:
                board_w = 0.0
            width = max(board_w, max((p.rect[0] + p.rect[2] for p in solid), default=0.0), cs * 24)
            y = MARGIN + max((p.rect[1] + p.rect[3] for p in solid), default=0.0)
            if not solid:
                y = MARGIN + cs * 0.6  # room for the group label
            groups: dict[str, list[Place]] = {}
            for p in autos:
                prefix = p.id.rsplit(":", 1)[0] if ":" in p.id else p.kind
                groups.setdefault(prefix, []).append(p)
            for prefix, members in groups.items():
                x = MARGIN
                row_h = 0.0
                self.group_labels.append((board_id, prefix, x, y))
                y += cs * 0.45  # the group's label line
                for p in members:
                    w, h = p.rect[2], p.rect[3]
                    if x + w > width and x > MARGIN:
                        x = MARGIN
                        y += row_h + cs * 0.15
                        row_h = 0.0
                    p.cx, p.cy = x + w / 2, y + h / 2
                    p.rect = (x, y, w, h)
                    x += w + cs * 0.12
                    row_h = max(row_h, h)
                y += row_h + cs * 0.4

    def _arrange_boards(self, local: dict[str, list[Place]]) -> None:
        boards = list(self.module.boards)
        known = {b.id for b in boards}
        for board_id in local:
            if board_id not in known:
                boards.append(Board(board_id, board_id, 0, 0))
        extents: dict[str, tuple[float, float, float, float]] = {}
        for b in boards:
            x0, y0, x1, y1 = 0.0, 0.0, float(b.width), float(b.height)
            for p in local.get(b.id, ()):
                x, y, w, h = p.rect
                x0, y0 = min(x0, x - MARGIN), min(y0, y - MARGIN)
                x1, y1 = max(x1, x + w + MARGIN), max(y1, y + h + MARGIN)
            extents[b.id] = (x0, y0, x1, y1)
        rows = [[b for b in boards if b.kind != "display"], [b for b in boards if b.kind == "display"]]
        wy = 0.0
        for row in rows:
            wx, row_h = 0.0, 0.0
            for b in row:
                x0, y0, x1, y1 = extents[b.id]
                ox, oy = wx - x0, wy - y0       # world = local + origin
                self.origins[b.id] = (ox, oy)
                self.board_rects[b.id] = (wx, wy, x1 - x0, y1 - y0)
                wx += (x1 - x0) + BOARD_GAP
                row_h = max(row_h, y1 - y0)
            if row:
                wy += row_h + BOARD_GAP
        for p in self.places.values():
            ox, oy = self.origins[p.board]
            p.cx += ox
            p.cy += oy
            x, y, w, h = p.rect
            p.rect = (x + ox, y + oy, w, h)
            if p.corners:
                p.corners = [(cx + ox, cy + oy) for cx, cy in p.corners]
        self.group_labels = [(b, t, x + self.origins[b][0], y + self.origins[b][1])
                             for b, t, x, y in self.group_labels]

    def _build_features(self, colours) -> None:
        """Hexside features as world segments (along the side, or centre to centre for roads).

        The side between hex ``a`` and its neighbour in direction ``d`` runs from corner
        ``d - 1`` to corner ``d`` of ``a`` (``engine.hexgrid``'s corner numbering), so the
        end points are read off the hex's corners already laid out."""
        for e in self.module.edges:
            if e.kind != "hexside":
                continue
            styles = [(attr, colours.feature_style(attr, value)) for attr, value in e.attrs.items()]
            styles = [(attr, st) for attr, st in styles if st is not None]
            if any(st[2] == "side" for _, st in styles):   # a river's extra cost needs no diamond
                styles = [(attr, st) for attr, st in styles if not attr.endswith("mp_cost")]
            if not styles:
                continue
            pa, pb = self.places.get(e.a), self.places.get(e.b)
            if pa is None or pb is None or pa.shape != "hex" or pb.shape != "hex":
                continue
            la, lb = self.module.locations[e.a], self.module.locations[e.b]
            if la.grid != lb.grid:
                continue
            try:
                d = direction_to(Hex(la.q, la.r), Hex(lb.q, lb.r))
            except ValueError:
                continue
            ends = (pa.corners[(d - 1) % 6], pa.corners[d])
            for attr, (colour, width, how) in styles:
                if how == "cross":
                    self.features.append(Feature((pa.cx, pa.cy), (pb.cx, pb.cy), colour, width, how, attr))
                elif how == "mark":
                    mx, my = (ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2
                    self.features.append(Feature((mx, my), ((pa.cx + pb.cx) / 2, (pa.cy + pb.cy) / 2),
                                                 colour, width, how, attr))
                else:
                    self.features.append(Feature(ends[0], ends[1], colour, width, how, attr))

    def _readable_zoom(self) -> float:
        spaces = [(p.cx, p.cy) for p in self.places.values() if p.kind == "space"]
        if len(spaces) < 20:
            return 0.0
        spaces.sort()
        gaps = []
        for i, (x, y) in enumerate(spaces):   # nearest neighbour, scanning outwards in x
            best = math.inf
            for j in range(i + 1, len(spaces)):
                if spaces[j][0] - x >= best:
                    break
                best = min(best, math.hypot(spaces[j][0] - x, spaces[j][1] - y))
            for j in range(i - 1, -1, -1):
                if x - spaces[j][0] >= best:
                    break
                best = min(best, math.hypot(spaces[j][0] - x, spaces[j][1] - y))
            gaps.append(best)
        gaps.sort()
        return READABLE_GAP / max(1.0, gaps[len(gaps) // 2])

    def opening_view(self, units: list[tuple[float, float]] = (), fit_zoom: float = 0.0,
                     window: tuple[int, int] = (1280, 800)) -> tuple[tuple[float, float, float, float], float]:
        """Where the table opens: the world rectangle to fit and the least zoom to show it at
        (the readable zoom). A point-to-point map opens on its middle with names readable. A
        hex map whose counters would be tiny at ``fit_zoom`` (the whole world fitted) opens with
        counters :data:`READABLE_COUNTER` pixels wide, on the ``window``-sized view (pixels)
        holding the most of ``units`` (world positions of the units on its hexes), else on its
        largest board."""
        if self.readable_zoom:
            spaces = [p for p in self.places.values() if p.kind == "space"]
            xs, ys = sorted(p.cx for p in spaces), sorted(p.cy for p in spaces)
            return (xs[len(xs) // 2] - 1, ys[len(ys) // 2] - 1, 2, 2), self.readable_zoom
        if not self.layouts or self.counter * fit_zoom >= TINY_COUNTER:
            return self.bounds, 0.0
        least = READABLE_COUNTER / self.counter
        if units:
            half_w, half_h = window[0] / least / 2 - self.counter, window[1] / least / 2 - self.counter
            step = max(1, len(units) // 150)          # candidate centres: the units (at most ~150)
            cx, cy = max(units[::step], key=lambda c: sum(
                1 for x, y in units if abs(x - c[0]) <= half_w and abs(y - c[1]) <= half_h))
        else:
            x, y, w, h = max(self.board_rects.values(), key=lambda r: r[2] * r[3])
            cx, cy = x + w / 2, y + h / 2
        return (cx - 1, cy - 1, 2, 2), least

    def _bounds(self) -> tuple[float, float, float, float]:
        if not self.board_rects:
            return (0.0, 0.0, 1000.0, 800.0)
        x0 = min(r[0] for r in self.board_rects.values())
        y0 = min(r[1] for r in self.board_rects.values())
        x1 = max(r[0] + r[2] for r in self.board_rects.values())
        y1 = max(r[1] + r[3] for r in self.board_rects.values())
        return (x0, y0, x1 - x0, y1 - y0)

    _CELL = 256.0

    def _cells(self, rect: tuple[float, float, float, float]):
        x, y, w, h = rect
        c = self._CELL
        for i in range(int(x // c), int((x + w) // c) + 1):
            for j in range(int(y // c), int((y + h) // c) + 1):
                yield (i, j)

    @property
    def graph(self):
        """The module's ``engine.board.MapGraph`` (built on first use: picking does not need
        it, so opening the table does not wait for it), or None if the graph refuses the
        module's data."""
        if self._graph is False:
            try:
                self._graph = MapGraph.from_module(self.module) if MapGraph is not None else None
            except Exception:  # a module the graph refuses still gets drawn from raw data
                self._graph = None
        return self._graph

    # -- queries --------------------------------------------------------------------------------
    def centre(self, loc_id: str) -> tuple[float, float]:
        """World centre of ``loc_id`` (KeyError if unknown)."""
        p = self.places[loc_id]
        return p.cx, p.cy

    def board_at(self, wx: float, wy: float) -> str | None:
        """The board whose rectangle contains world point ``(wx, wy)``, or None."""
        for bid, (x, y, w, h) in self.board_rects.items():
            if x <= wx < x + w and y <= wy < y + h:
                return bid
        return None

    def location_at(self, wx: float, wy: float, radius: float | None = None) -> str | None:
        """The location under world point ``(wx, wy)``: a box/track/space/hand/deck/cup whose
        outline contains it, else the hex containing it, else the nearest non-hex location
        whose centre is within ``radius`` (default: one counter). None if nothing is near."""
        radius = self.counter if radius is None else radius
        best: tuple[float, str] | None = None
        for lid in self._buckets.get((int(wx // self._CELL), int(wy // self._CELL)), ()):
            p = self.places[lid]
            x, y, w, h = p.rect
            if x <= wx <= x + w and y <= wy <= y + h:
                d = math.hypot(wx - p.cx, wy - p.cy)
                if best is None or d < best[0]:
                    best = (d, lid)
        if best is not None:
            return best[1]
        board = self.board_at(wx, wy)
        if board is not None:
            ox, oy = self.origins[board]
            lx, ly = wx - ox, wy - oy
            for g in self.module.grids:
                layout = self.layouts.get(g.id)
                if g.board != board or layout is None:
                    continue
                h = layout.to_hex(lx, ly)   # the same look-up as MapGraph.location_at/at_hex
                lid = self.hex_at.get((g.id, h.q, h.r))
                if lid is not None:
                    return lid
        near: tuple[float, str] | None = None
        c = self._CELL
        for i in range(int((wx - radius) // c), int((wx + radius) // c) + 1):
            for j in range(int((wy - radius) // c), int((wy + radius) // c) + 1):
                for lid in self._buckets.get((i, j), ()):
                    p = self.places[lid]
                    d = math.hypot(wx - p.cx, wy - p.cy)
                    if d <= radius and (near is None or d < near[0]):
                        near = (d, lid)
        return near[1] if near else None

    def places_in(self, rect: tuple[float, float, float, float]) -> list[Place]:
        """Every place whose outline meets world ``rect`` (x, y, w, h), hexes included."""
        x, y, w, h = rect
        out = []
        for p in self.places.values():
            px, py, pw, ph = p.rect
            if px < x + w and px + pw > x and py < y + h and py + ph > y:
                out.append(p)
        return out

    def grid_of(self, board_id: str) -> Grid | None:
        for g in self.module.grids:
            if g.board == board_id:
                return g
        return None
