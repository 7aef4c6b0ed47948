"""Map edits: boards and their art, the hex grid laid over a board and calibrated from picked
hex centres, terrain painted hex by hex or by brush, hexside features, location names, and for
point-to-point maps spaces and their connections. Every edit that sets a value may record its
provenance (``provenance="owner's printed map"``)."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from engine import hexgrid
from engine.errors import WartableError
from engine.model import Board, Grid, Location, Value
from tools.authoring.grid_fit import GridFit, fit_grid
from tools.authoring.hexes import HexGrid, sequential_columns_params
from tools.authoring.provenance import edge_target, layer_target, location_target

from .art import MAX_ART_BYTES, ArtError, image_kind, image_size
from .core import Draft, Edit, EditError
from .ops_module import check_colour, check_id

HEXSIDE = "hexside"
CONNECTION = "connection"


def _grid(d: Draft, grid_id: str) -> Grid:
    for g in d.module.grids:
        if g.id == grid_id:
            return g
    raise EditError(f"no grid {grid_id!r}")


def _board(d: Draft, board_id: str) -> Board:
    for b in d.module.boards:
        if b.id == board_id:
            return b
    raise EditError(f"no board {board_id!r}")


def hex_grid(grid: Grid) -> HexGrid:
    """The grid's labels and geometry; EditError when its numbering or layout is refused."""
    try:
        return HexGrid(grid)
    except (ValueError, WartableError) as exc:
        raise EditError(" ".join(str(exc).split())) from None


# -- boards and art -----------------------------------------------------------------------------

@dataclass
class PutBoard(Edit):
    """Add a board (a map sheet or a display) or change its name, size, kind or background."""
    id: str
    name: str
    width: float
    height: float
    kind: str = "map"
    background: str = "#e8e0c8"

    @property
    def label(self) -> str:
        return f"board {self.name}"

    def make(self, d: Draft) -> None:
        check_id("board", self.id)
        check_colour("background", self.background)
        if self.kind not in ("map", "display"):
            raise EditError(f"board kind {self.kind!r} is not map or display")
        if not (self.width > 0 and self.height > 0 and math.isfinite(self.width * self.height)):
            raise EditError("a board needs a positive width and height")
        old = next((b for b in d.module.boards if b.id == self.id), None)
        d.put_record("boards", Board(self.id, self.name, float(self.width), float(self.height),
                                     self.kind, self.background, old.art if old else ""))


@dataclass
class ImportArt(Edit):
    """A PNG or JPEG image becomes board ``board``'s art (a scanned map). The board is made if
    missing; its size becomes the image's, one board unit a pixel (``keep_size`` keeps the
    board's size and stretches the image over it). The image is stored as ``<board>.png`` or
    ``<board>.jpg``; the board's previous art file is removed when nothing else uses it."""
    board: str
    data: bytes
    name: str = ""
    keep_size: bool = False
    provenance: str | None = None

    @classmethod
    def from_file(cls, board: str, path: str | Path, **kw: Any) -> "ImportArt":
        """Read the image at ``path``; EditError when it cannot be read or is too large."""
        p = Path(path)
        try:
            size = p.stat().st_size
            if size > MAX_ART_BYTES:
                raise EditError(f"{p.name}: {size} bytes is more than the {MAX_ART_BYTES >> 20} "
                                "MiB an art file may have")
            data = p.read_bytes()
        except OSError as exc:
            raise EditError(f"{p}: cannot read: {exc.strerror or exc}") from None
        return cls(board, data, **kw)

    @property
    def label(self) -> str:
        return f"art of board {self.board}"

    def make(self, d: Draft) -> None:
        check_id("board", self.board)
        if len(self.data) > MAX_ART_BYTES:
            raise EditError(f"the image is more than {MAX_ART_BYTES >> 20} MiB")
        try:
            kind = image_kind(self.data)
            w, h = image_size(self.data)
        except ArtError as exc:
            raise EditError(f"board {self.board}: {exc}") from None
        art = f"{self.board}.{kind}"
        old = next((b for b in d.module.boards if b.id == self.board), None)
        if old is None:
            board = Board(self.board, self.name or self.board, float(w), float(h), "map",
                          art=art)
        elif self.keep_size:
            board = dataclasses.replace(old, art=art, name=self.name or old.name)
        else:
            board = dataclasses.replace(old, art=art, width=float(w), height=float(h),
                                        name=self.name or old.name)
        d.put("art", art, bytes(self.data))
        d.put_record("boards", board)
        if old is not None and old.art and old.art != art and not any(
                b.art == old.art for b in d.module.boards):
            d.remove("art", old.art)
        if self.provenance is not None:
            d.set_provenance(f"layer:art/{self.board}", self.provenance)


# -- the hex grid ---------------------------------------------------------------------------------

def _relocate(d: Draft, grid: Grid) -> None:
    """Every hex of ``grid`` gets ``q, r`` from its label and ``x, y`` from the layout."""
    g = hex_grid(grid)
    for loc in list(d.module.locations.values()):
        if loc.kind != "hex" or loc.grid != grid.id:
            continue
        try:
            h = g.hex(loc.id)
        except hexgrid.LabelError as exc:
            raise EditError(f"hex {loc.id}: {exc} (remove it or choose another numbering)") \
                from None
        x, y = g.layout.to_pixel(h)
        new = dataclasses.replace(loc, board=grid.board, q=h.q, r=h.r, x=round(x, 2) + 0.0,
                                  y=round(y, 2) + 0.0)
        if new != loc:
            d.put("locations", loc.id, new)


@dataclass
class CalibrateGrid(Edit):
    """Lay grid ``id`` over board ``board`` (or re-lay it): orientation, hex size, origin (pixel
    centre of axial 0, 0), numbering scheme and its parameters. The hexes already on the grid
    keep their labels and move to their new centres."""
    id: str
    board: str
    orientation: str
    size: float
    origin_x: float
    origin_y: float
    numbering: str = "colrow"
    params: Mapping[str, Value] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"grid {self.id}"

    def make(self, d: Draft) -> None:
        check_id("grid", self.id)
        _board(d, self.board)
        values = (self.size, self.origin_x, self.origin_y)
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values) \
                or self.size <= 0:
            raise EditError("a grid needs a positive size and a finite origin")
        grid = Grid(self.id, self.board, self.orientation, round(float(self.size), 4) + 0.0,
                    round(float(self.origin_x), 3) + 0.0, round(float(self.origin_y), 3) + 0.0,
                    self.numbering, dict(self.params))
        hex_grid(grid)  # the numbering and layout are accepted
        d.put_record("grids", grid)
        _relocate(d, grid)


def parse_first_label(numbering: str, orientation: str, first_label: str,
                      params: Mapping[str, Value]) -> dict[str, Value]:
    """The numbering parameters that make ``first_label`` the label of axial (0, 0): for
    ``colrow``/``rowcol`` its column and row become ``first_col``/``first_row`` (the digits and
    separator are those of ``params``); for ``sequential_columns`` the first column starts at
    that number (one column of one hex until :class:`LayHexes` numbers the hexes laid)."""
    p = dict(params)
    if numbering in ("colrow", "rowcol"):
        probe = hexgrid.OffsetScheme(numbering, orientation,
                                     {**p, "first_col": 0, "first_row": 0,
                                      "last_col": 0, "last_row": 0})
        try:
            col, row = probe.to_offset(probe.hex(first_label))
        except hexgrid.LabelError as exc:
            raise EditError(f"first label: {exc}") from None
        p.update(first_col=col, first_row=row)
        return p
    if numbering == "sequential_columns":
        if not (first_label.isascii() and first_label.isdigit() and first_label[0] != "0"):
            raise EditError(f"first label {first_label!r:.20}: sequential hexes are numbered "
                            "1, 2, 3...")
        p.update(firsts=first_label, lengths="1", starts="0")
        p.setdefault("parity", "odd")
        return p
    raise EditError(f"numbering {numbering!r} is not one of colrow, rowcol, sequential_columns")


def calibration(picks: Sequence[tuple[float, float]], grid: str, board: str, first_label: str,
                numbering: str = "colrow", params: Mapping[str, Value] | None = None,
                orientation: str | None = None, labels: Mapping[int, str] | None = None
                ) -> tuple[GridFit, CalibrateGrid]:
    """The grid through hex centres picked on board ``board``: the first pick is the hex
    labelled ``first_label`` (the map's first hex: its column and row start the numbering).
    ``labels`` may give the printed labels of further picks (pick index → label): the offset
    parity (and, for rows numbered upwards, ``rows_up``) is then the one that prints them, and
    a label no parity prints is refused. Returns the fit and the edit that lays the grid."""
    try:
        fit = fit_grid(picks, orientation)
    except ValueError as exc:
        raise EditError(str(exc)) from None
    base = parse_first_label(numbering, fit.orientation, first_label, params or {})
    choices = [base]
    if labels and numbering in ("colrow", "rowcol") and "parity" not in (params or {}):
        choices = [{**base, "parity": parity, "rows_up": up}
                   for up in ((False, True) if "rows_up" not in (params or {}) else
                              (bool(base.get("rows_up")),))
                   for parity in ("odd", "even")]
    for p in choices:
        g = Grid(grid, board, fit.orientation, fit.size, fit.origin[0], fit.origin[1],
                 numbering, p)
        hg = hex_grid(g)
        try:
            if all(hg.label(fit.hexes[i]) == lab for i, lab in (labels or {}).items()):
                return fit, CalibrateGrid(grid, board, fit.orientation, fit.size,
                                          fit.origin[0], fit.origin[1], numbering, p)
        except (hexgrid.LabelError, IndexError):
            continue
    raise EditError("no parity of the numbering prints the labels given for the picks: check "
                    "the labels and the first label")


@dataclass
class LayHexes(Edit):
    """Add a hex location for every hex of grid ``grid`` whose centre lies on its board (or for
    the ``labels`` given), with ``terrain``; hexes already there are kept. On a
    ``sequential_columns`` grid the hexes laid (``axial``, or every hex on the board) are
    numbered afresh column by column from its first label, before any hex exists."""
    grid: str
    labels: Sequence[str] | None = None
    terrain: str = "clear"
    axial: Sequence[tuple[int, int]] | None = None

    @property
    def label(self) -> str:
        return f"hexes of grid {self.grid}"

    def make(self, d: Draft) -> None:
        grid = _grid(d, self.grid)
        if grid.numbering == "sequential_columns":
            grid = self._number(d, grid)
        g = hex_grid(grid)
        board = _board(d, grid.board)
        labels = list(self.labels) if self.labels is not None else g.covering(board.width,
                                                                             board.height)
        for lab in labels:
            if lab in d.module.locations:
                if d.module.locations[lab].kind != "hex" or d.module.locations[lab].grid != grid.id:
                    raise EditError(f"{lab} is already a location that is not a hex of grid "
                                    f"{grid.id}")
                continue
            try:
                h = g.hex(lab)
            except hexgrid.LabelError as exc:
                raise EditError(str(exc)) from None
            x, y = g.layout.to_pixel(h)
            d.put("locations", lab, Location(lab, "hex", grid.board, "", round(x, 2) + 0.0,
                                             round(y, 2) + 0.0, self.terrain, grid.id, h.q, h.r))

    def _number(self, d: Draft, grid: Grid) -> Grid:
        if any(l.kind == "hex" and l.grid == grid.id for l in d.module.locations.values()):
            return grid   # numbered already: the labels stay
        board = _board(d, grid.board)
        lay = hexgrid.Layout.from_grid(grid)
        if self.axial is not None:
            hexes = [hexgrid.Hex(q, r) for q, r in self.axial]
        else:
            hexes = []
            span = int(max(board.width, board.height) / (grid.size * 1.5)) + 2
            for q in range(0, span + 1):
                for r in range(-span, span + 1):
                    x, y = lay.to_pixel(hexgrid.Hex(q, r))
                    if 0 <= x <= board.width and 0 <= y <= board.height:
                        hexes.append(hexgrid.Hex(q, r))
        first = int(str(grid.numbering_params.get("firsts", "1")).split()[0])
        try:
            params = sequential_columns_params(hexes, first,
                                               str(grid.numbering_params.get("parity", "odd")))
        except ValueError as exc:
            raise EditError(str(exc)) from None
        new = dataclasses.replace(grid, numbering_params=params)
        d.put_record("grids", new)
        return new


def brush(module_grid: Grid, centre: str, radius: int) -> list[str]:
    """The labels a brush of ``radius`` hexes around ``centre`` covers (centre first)."""
    return hex_grid(module_grid).within(centre, radius)


def _hexes(d: Draft, labels: Sequence[str]) -> list[Location]:
    out = []
    for lab in labels:
        loc = d.module.locations.get(lab)
        if loc is None or loc.kind != "hex":
            raise EditError(f"{lab} is not a hex of the map")
        out.append(loc)
    return out


@dataclass
class PaintTerrain(Edit):
    """Give hexes (by label: one, or a brush's) a terrain."""
    labels: Sequence[str]
    terrain: str
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"paint {self.terrain}"

    def make(self, d: Draft) -> None:
        if not self.terrain.strip():
            raise EditError("a terrain needs a name")
        for loc in _hexes(d, self.labels):
            if loc.terrain != self.terrain:
                d.put("locations", loc.id, dataclasses.replace(loc, terrain=self.terrain))
            if self.provenance is not None:
                d.set_provenance(location_target(loc.id, "terrain"), self.provenance)


@dataclass
class SetLocationAttr(Edit):
    """Set attribute ``key`` of locations (``vp``, ``elevation``, ``port``...); None removes
    it."""
    ids: Sequence[str]
    key: str
    value: Value | None
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"set {self.key}"

    def make(self, d: Draft) -> None:
        if not self.key or self.key != self.key.strip():
            raise EditError(f"attribute name {self.key!r} is empty or padded")
        for lid in self.ids:
            loc = d.module.locations.get(lid)
            if loc is None:
                raise EditError(f"no location {lid!r}")
            attrs = dict(loc.attrs)
            if self.value is None:
                attrs.pop(self.key, None)
            else:
                attrs[self.key] = self.value
            if attrs != dict(loc.attrs):
                d.put("locations", lid, dataclasses.replace(loc, attrs=attrs))
            if self.provenance is not None:
                d.set_provenance(location_target(lid, self.key), self.provenance)


@dataclass
class SetHexside(Edit):
    """Set features of the hexside between adjacent hexes ``a`` and ``b``: ``features`` are
    merged into what the hexside has (a None value removes that feature); ``clear`` first
    removes every feature. A hexside left without features has no edge record."""
    a: str
    b: str
    features: Mapping[str, Value | None] = field(default_factory=dict)
    clear: bool = False
    provenance: str | None = None

    @property
    def label(self) -> str:
        what = ", ".join(k for k, v in self.features.items() if v is not None) or "no feature"
        return f"hexside {self.a}|{self.b}: {what}"

    def make(self, d: Draft) -> None:
        la, lb = _hexes(d, (self.a, self.b))
        if la.grid != lb.grid or hexgrid.distance(hexgrid.Hex(la.q, la.r),
                                                  hexgrid.Hex(lb.q, lb.r)) != 1:
            raise EditError(f"{self.a} and {self.b} are not adjacent hexes of one grid")
        current = next((e for e in d.module.edges if e.kind == HEXSIDE
                        and {e.a, e.b} == {self.a, self.b}), None)
        attrs = {} if self.clear or current is None else dict(current.attrs)
        for k, v in self.features.items():
            if v is None:
                attrs.pop(k, None)
            else:
                attrs[k] = v
        a, b = (current.a, current.b) if current is not None else (self.a, self.b)
        d.put_edge(a, b, HEXSIDE, attrs or None)
        if self.provenance is not None:
            d.set_provenance(edge_target(a, b), self.provenance)


@dataclass
class NameLocation(Edit):
    """Name a location (a hex's town, a space)."""
    id: str
    name: str
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"name {self.id} {self.name}"

    def make(self, d: Draft) -> None:
        loc = d.module.locations.get(self.id)
        if loc is None:
            raise EditError(f"no location {self.id!r}")
        d.put("locations", self.id, dataclasses.replace(loc, name=self.name))
        if self.provenance is not None:
            d.set_provenance(location_target(self.id, "name"), self.provenance)


# -- point to point ---------------------------------------------------------------------------------

LOCATION_ID_MAX = 64


@dataclass
class PutSpace(Edit):
    """Add a location that is not a hex — a space of a point-to-point map, a box, a track cell,
    a hand, a deck or a cup — or change it (its connections stay)."""
    id: str
    name: str
    board: str
    x: float
    y: float
    kind: str = "space"
    terrain: str = ""
    owner: str = ""
    visibility: str = "public"
    attrs: Mapping[str, Value] = field(default_factory=dict)
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"{self.kind} {self.name or self.id}"

    def make(self, d: Draft) -> None:
        if not self.id or len(self.id) > LOCATION_ID_MAX or self.id != self.id.strip() \
                or any(c in self.id for c in ",|/\n"):
            raise EditError(f"location id {self.id!r:.40} must be 1-{LOCATION_ID_MAX} "
                            "characters without , | / or padding")
        if self.kind not in ("space", "box", "track", "hand", "deck", "cup"):
            raise EditError(f"kind {self.kind!r} is not space, box, track, hand, deck or cup "
                            "(hexes come from the grid)")
        _board(d, self.board)
        if not all(math.isfinite(v) for v in (self.x, self.y)):
            raise EditError("a location needs a finite position")
        old = d.module.locations.get(self.id)
        if old is not None and old.kind == "hex":
            raise EditError(f"{self.id} is a hex")
        d.put("locations", self.id, Location(self.id, self.kind, self.board, self.name,
                                             float(self.x), float(self.y), self.terrain, "", 0, 0,
                                             self.owner, self.visibility, dict(self.attrs)))
        if self.provenance is not None:
            d.set_provenance(location_target(self.id), self.provenance)


@dataclass
class MoveLocation(Edit):
    """Move a non-hex location (a space dragged on the map)."""
    id: str
    x: float
    y: float

    @property
    def label(self) -> str:
        return f"move {self.id}"

    def make(self, d: Draft) -> None:
        loc = d.module.locations.get(self.id)
        if loc is None or loc.kind == "hex":
            raise EditError(f"{self.id!r} is not a space or box (hexes sit on their grid)")
        d.put("locations", self.id, dataclasses.replace(loc, x=float(self.x), y=float(self.y)))


@dataclass
class Connect(Edit):
    """Join two locations by a connection (point-to-point). ``only`` restricts it to
    nationalities (space-separated ids, a dotted line); ``attrs`` are further facts. Joining
    them again changes the connection."""
    a: str
    b: str
    only: str = ""
    attrs: Mapping[str, Value] = field(default_factory=dict)
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"connect {self.a} and {self.b}"

    def make(self, d: Draft) -> None:
        for end in (self.a, self.b):
            if end not in d.module.locations:
                raise EditError(f"no location {end!r}")
        if self.a == self.b:
            raise EditError("a connection joins two different locations")
        nats = {n.id for n in d.module.nationalities}
        for nat in self.only.split():
            if nat not in nats:
                raise EditError(f"connection {self.a}|{self.b}: nationality {nat!r} does not "
                                "exist")
        attrs = dict(self.attrs)
        if self.only.split():
            attrs["only"] = " ".join(self.only.split())
        d.put_edge(self.a, self.b, CONNECTION, attrs)
        if self.provenance is not None:
            d.set_provenance(edge_target(self.a, self.b), self.provenance)


@dataclass
class Disconnect(Edit):
    """Remove the connection between two locations."""
    a: str
    b: str

    @property
    def label(self) -> str:
        return f"disconnect {self.a} and {self.b}"

    def make(self, d: Draft) -> None:
        if not any(e.kind == CONNECTION and {e.a, e.b} == {self.a, self.b}
                   for e in d.module.edges):
            raise EditError(f"{self.a} and {self.b} are not connected")
        d.put_edge(self.a, self.b, CONNECTION, None)


@dataclass
class RemoveLocation(Edit):
    """Remove a location with its edges; refused while a scenario places pieces there."""
    id: str

    @property
    def label(self) -> str:
        return f"remove {self.id}"

    def make(self, d: Draft) -> None:
        if self.id not in d.module.locations:
            raise EditError(f"no location {self.id!r}")
        used = [s.id for s in d.module.scenarios.values()
                if any(p.location == self.id for p in s.placements) or self.id in s.shuffle]
        if used:
            raise EditError(f"{self.id} is used by scenario {', '.join(used)}: move those "
                            "placements first")
        d.remove("locations", self.id)
        d.set("edges", tuple(e for e in d.module.edges if self.id not in (e.a, e.b)))
        prefix = location_target(self.id)
        d.set("provenance", tuple(p for p in d.module.provenance
                                  if p.target != prefix and not p.target.startswith(prefix + "/")))


def terrain_layer(source: str) -> tuple[str, str]:
    """The provenance row stating where a whole terrain layer came from."""
    return layer_target("terrain"), source
