"""The one map model (DESIGN principle 2): every location of a module and what joins them.

:class:`MapGraph` is built once per module and is read-only afterwards:

* **adjacency** = grid geometry (two hex locations are adjacent when their hexes are neighbours
  on the same grid and both exist as locations) ∪ ``Edge(kind="connection")`` records
  (point-to-point links, e.g. Paths of Glory's connections or a box joined to a space);
* **hexside features** come from ``Edge(kind="hexside")`` records; such a record must join two
  adjacent hexes of one grid. It adds no adjacency (geometry already gives it): an impassable
  hexside is a feature the rules' cost function refuses, not a missing edge.

Neighbour lists are precomputed as integer indices for the search code (:mod:`engine.search`).
Pure data and functions: no drawing library is imported here.
"""
from __future__ import annotations

import math
from collections import deque
from types import MappingProxyType
from typing import Iterable, Mapping

from .errors import ModuleError
from .hexgrid import DIRECTIONS, Hex, Layout, NumberingScheme, distance as hex_distance, scheme_for
from .model import Edge, Grid, Location, Module, Value

_NO_ATTRS: Mapping[str, Value] = MappingProxyType({})  # attrs of every synthetic edge (read-only)
#: Cells of a grid are keyed by the int ``q * _K + r`` (no tuple per look-up); |r| < _K / 2.
_K = 1 << 21
_STEPS = tuple(d.q * _K + d.r for d in DIRECTIONS)

#: Default pick radius (board units) of :meth:`MapGraph.location_at` for non-hex locations.
PICK_RADIUS = 30.0


class MapGraph:
    """Locations, their adjacency and their edges.

    Location indices follow the module's location order; search code uses ``_ids``,
    ``_index``, ``_nbr`` (neighbour indices per location) and ``_nbr_edge`` (the matching
    :class:`Edge` per neighbour) directly. Neighbours are listed geometric ones first, in hex
    direction order 0..5, then connections in edge-record order; never twice.
    """

    def __init__(self, locations: Iterable[Location], grids: Iterable[Grid] = (),
                 edges: Iterable[Edge] = ()) -> None:
        self.locations: dict[str, Location] = {}
        for loc in locations:
            if loc.id in self.locations:
                raise ModuleError("locations", loc.id, "duplicate location id")
            self.locations[loc.id] = loc
        self.grids: dict[str, Grid] = {g.id: g for g in grids}
        self.layouts: dict[str, Layout] = {}
        self.schemes: dict[str, NumberingScheme] = {}
        for g in self.grids.values():
            try:
                self.layouts[g.id] = Layout.from_grid(g)
                self.schemes[g.id] = scheme_for(g)
            except ValueError as exc:
                raise ModuleError("grids", g.id, str(exc)) from None
        self._ids: list[str] = list(self.locations)
        self._index: dict[str, int] = {lid: i for i, lid in enumerate(self._ids)}
        self._hex: dict[str, Hex] = {}
        self._cells: dict[str, dict[int, int]] = {g: {} for g in self.grids}
        for i, loc in enumerate(self.locations.values()):
            if loc.kind != "hex":
                continue
            cells = self._cells.get(loc.grid)
            if cells is None:
                raise ModuleError("locations", loc.id, f"hex on unknown grid {loc.grid!r}")
            h, key = Hex(loc.q, loc.r), loc.q * _K + loc.r
            if not (isinstance(loc.q, int) and isinstance(loc.r, int) and abs(loc.r) < _K // 2):
                raise ModuleError("locations", loc.id, f"bad axial coordinates {tuple(h)}")
            if key in cells:
                raise ModuleError("locations", loc.id, f"same hex {tuple(h)} as "
                                  f"{self._ids[cells[key]]!r} on grid {loc.grid!r}")
            self._hex[loc.id] = h
            cells[key] = i

        ids, index, n_locs = self._ids, self._index, len(self._ids)
        nbr: list[list[int]] = [[] for _ in ids]
        nbr_edge: list[list[Edge]] = [[] for _ in ids]
        hexsides: dict[int, Edge] = {}      # key i * n_locs + j, both orders
        connections: list[Edge] = []
        for e in edges:
            for end in (e.a, e.b):
                if end not in index:
                    raise ModuleError("edges", f"{e.a}-{e.b}", f"unknown location {end!r}")
            if e.a == e.b:
                raise ModuleError("edges", f"{e.a}-{e.b}", "an edge must join two different locations")
            if e.kind == "hexside":
                if not self._geometric_neighbours(e.a, e.b):
                    raise ModuleError("edges", f"{e.a}-{e.b}", "hexside between hexes that are not adjacent")
                i, j = index[e.a], index[e.b]
                if i * n_locs + j in hexsides:
                    raise ModuleError("edges", f"{e.a}-{e.b}", "duplicate hexside")
                hexsides[i * n_locs + j] = hexsides[j * n_locs + i] = e
            elif e.kind == "connection":
                connections.append(e)
            else:
                raise ModuleError("edges", f"{e.a}-{e.b}", f"unknown edge kind {e.kind!r}")

        for cells in self._cells.values():
            for key, i in cells.items():
                row, row_edge, base = nbr[i], nbr_edge[i], i * n_locs
                for step in _STEPS:
                    j = cells.get(key + step)
                    if j is None:
                        continue
                    e = hexsides.get(base + j)
                    if e is None:  # featureless: one synthetic edge per pair, made by the lower index
                        if j < i:
                            e = nbr_edge[j][nbr[j].index(i)]
                        else:
                            e = Edge(ids[i], ids[j], "hexside", _NO_ATTRS)
                    row.append(j)
                    row_edge.append(e)
        for e in connections:
            for a, b in ((index[e.a], index[e.b]), (index[e.b], index[e.a])):
                if b in nbr[a]:
                    continue  # already adjacent: the first record (geometry/hexside) stands
                nbr[a].append(b)
                nbr_edge[a].append(e)
        self._nbr: list[tuple[int, ...]] = [tuple(n) for n in nbr]
        self._nbr_edge: list[tuple[Edge, ...]] = [tuple(n) for n in nbr_edge]
        self._nbr_ids: list[tuple[str, ...]] = [tuple([ids[j] for j in n]) for n in nbr]
        self._pickable: dict[str, list[Location]] = {}
        for loc in self.locations.values():
            if loc.kind != "hex":
                self._pickable.setdefault(loc.board, []).append(loc)

    @classmethod
    def from_module(cls, module: Module) -> "MapGraph":
        """The map graph of ``module``. ModuleError naming the record for an edge to an unknown
        location, a hexside between non-adjacent hexes, two hexes on one grid position, a hex
        on an unknown grid, or a grid with a bad orientation/numbering."""
        return cls(module.locations.values(), module.grids, module.edges)

    # -- look-ups -----------------------------------------------------------------------------
    def __contains__(self, loc_id: object) -> bool:
        return loc_id in self._index

    def __len__(self) -> int:
        return len(self._ids)

    def location(self, loc_id: str) -> Location:
        """The location ``loc_id``; KeyError naming it if unknown."""
        try:
            return self.locations[loc_id]
        except KeyError:
            raise KeyError(f"unknown location {loc_id!r}") from None

    def _check(self, loc_id: str) -> int:
        try:
            return self._index[loc_id]
        except KeyError:
            raise KeyError(f"unknown location {loc_id!r}") from None

    def neighbours(self, loc_id: str) -> list[str]:
        """The locations adjacent to ``loc_id`` (geometric neighbours in direction order, then
        connections)."""
        return list(self._nbr_ids[self._check(loc_id)])

    def adjacent(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are adjacent (geometry or a connection)."""
        return self._check(b) in self._nbr[self._check(a)]

    def edge(self, a: str, b: str) -> Edge | None:
        """The edge joining ``a`` and ``b``: the hexside record with its features, the connection
        record, or a synthetic featureless ``Edge(a, b, "hexside")`` when only geometry joins
        two hexes; None when they are not adjacent. Edges are undirected: ``edge(b, a)`` is
        the same object (its ``a``/``b`` may be in either order)."""
        i, j = self._check(a), self._check(b)
        row = self._nbr[i]
        return self._nbr_edge[i][row.index(j)] if j in row else None

    def hex_of(self, loc_id: str) -> Hex | None:
        """The axial hex of a hex location, None for any other kind."""
        self._check(loc_id)
        return self._hex.get(loc_id)

    def grid_of(self, loc_id: str) -> Grid | None:
        """The grid of a hex location, None for any other kind."""
        loc = self.location(loc_id)
        return self.grids[loc.grid] if loc.kind == "hex" else None

    def at_hex(self, grid_id: str, h: Hex) -> str | None:
        """The id of the location at hex ``h`` of grid ``grid_id``, or None."""
        cells = self._cells.get(grid_id)
        i = cells.get(h[0] * _K + h[1]) if cells is not None else None
        return None if i is None else self._ids[i]

    def scheme(self, grid_id: str) -> NumberingScheme:
        """The numbering scheme of grid ``grid_id``."""
        return self.schemes[grid_id]

    def _geometric_neighbours(self, a: str, b: str) -> bool:
        ha, hb = self._hex.get(a), self._hex.get(b)
        return (ha is not None and hb is not None and self.locations[a].grid == self.locations[b].grid
                and hex_distance(ha, hb) == 1)

    def distance(self, a: str, b: str) -> int | None:
        """Distance from ``a`` to ``b``: for two hexes of the same grid, the hex distance (the
        geometric count, whatever lies between); otherwise the fewest hops through the graph
        (None if ``b`` cannot be reached). Start not counted, destination counted."""
        ia, ib = self._check(a), self._check(b)
        ha, hb = self._hex.get(a), self._hex.get(b)
        if ha is not None and hb is not None and self.locations[a].grid == self.locations[b].grid:
            return hex_distance(ha, hb)
        if ia == ib:
            return 0
        seen = {ia}
        frontier = deque([(ia, 0)])
        nbr = self._nbr
        while frontier:
            u, d = frontier.popleft()
            for v in nbr[u]:
                if v == ib:
                    return d + 1
                if v not in seen:
                    seen.add(v)
                    frontier.append((v, d + 1))
        return None

    def centre(self, loc_id: str) -> tuple[float, float]:
        """Where ``loc_id`` is drawn: a hex's centre from its grid layout, else the location's
        ``x, y``."""
        h = self._hex.get(loc_id)
        loc = self.location(loc_id)
        if h is not None:
            return self.layouts[loc.grid].to_pixel(h)
        return loc.x, loc.y

    def location_at(self, board: str, x: float, y: float, radius: float = PICK_RADIUS) -> str | None:
        """The location under pixel ``(x, y)`` of ``board``, for the client.

        Candidates are the hex location containing the point (on any grid of that board) and
        every other location of the board whose centre lies within ``radius``; the one whose
        centre is nearest wins (ties: the hex, then module order). None when there is none.
        """
        best: tuple[float, int, str] | None = None
        for g in self.grids.values():
            if g.board != board:
                continue
            layout = self.layouts[g.id]
            lid = self.at_hex(g.id, layout.to_hex(x, y))
            if lid is not None:
                cx, cy = layout.to_pixel(self._hex[lid])
                cand = (math.hypot(x - cx, y - cy), -1, lid)
                best = cand if best is None or cand < best else best
        for loc in self._pickable.get(board, ()):
            d = math.hypot(x - loc.x, y - loc.y)
            if d <= radius:
                cand = (d, self._index[loc.id], loc.id)
                best = cand if best is None or cand < best else best
        return best[2] if best else None
