"""The in-memory model of a game module: what a module *is*, independent of how it is stored.

A module is pure data (DESIGN principle 8). The binary format (`engine.schema`), the readable
source folders (`engine.source`) and every ruleset read and write these records and nothing else.

Conventions
-----------
* Every identifier is a short string, unique within its kind (`Location.id`, `PieceType.id`...).
* `Value` is the only scalar type a module may carry: int, float, str or bool. Attribute maps
  (`attrs`) hold the facts a ruleset needs that the generic model has no field for (a Paths of
  Glory space's fort value, a Strafexpedition hex's elevation level...). Keys are lower_snake.
* Hex locations keep the game's own label as their id (``"0805"``, ``"19"``, ``"12.34"``) and also
  carry axial coordinates ``q, r`` on their grid (DESIGN principle 2): rules code never does string
  arithmetic on labels, it asks the grid.
* Edges are typed and undirected. On a hex grid, adjacency comes from geometry and edge records
  only carry hexside features (``kind="hexside"``); on a point-to-point map the edge records are the
  connections themselves (``kind="connection"``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Union

Value = Union[int, float, str, bool]
Attrs = Mapping[str, Value]

#: Location kinds. Boxes, tracks, hands, decks and cups are locations like any hex or space.
LOCATION_KINDS = ("hex", "space", "box", "track", "hand", "deck", "cup")
#: Who may see the identity (and, for decks and cups, the order) of pieces in a location.
VISIBILITIES = ("public", "owner", "nobody")
#: Piece kinds.
PIECE_KINDS = ("unit", "hq", "fort", "marker", "card", "chit")


@dataclass(frozen=True)
class Side:
    """A player side (``"AP"``/``"CP"`` in Paths of Glory, ``"allied"``/``"german"``...)."""
    id: str
    name: str
    colour: str = "#808080"


@dataclass(frozen=True)
class Nationality:
    """A nationality: the colours its counters are printed in and the side it fights for."""
    id: str
    name: str
    side: str
    bg: str = "#c0c0c0"
    fg: str = "#000000"


@dataclass(frozen=True)
class Board:
    """A drawing surface: a map sheet, a display (battle board, organisation display) or a tray.

    ``width``/``height`` are in board units (one unit = one pixel at zoom 1). ``art`` names an
    optional PNG inside the module to draw instead of the generated map.
    """
    id: str
    name: str
    width: float
    height: float
    kind: str = "map"  # map | display
    background: str = "#e8e0c8"
    art: str = ""


@dataclass(frozen=True)
class Grid:
    """A hex grid laid over a board (or over several joined boards).

    ``orientation`` is ``"flat"`` (flat-topped, columns) or ``"pointy"`` (pointy-topped, rows).
    ``size`` is the hex radius (centre to corner) in board units and ``origin_x/origin_y`` the
    pixel centre of axial (0, 0). ``numbering`` names a numbering scheme (``engine.hexgrid``) and
    ``numbering_params`` parameterises it (offset parity, label widths, sheet origins...).
    """
    id: str
    board: str
    orientation: str
    size: float
    origin_x: float
    origin_y: float
    numbering: str
    numbering_params: Attrs = field(default_factory=dict)


@dataclass(frozen=True)
class Location:
    """Anywhere a piece can be: a hex, a named space, a box, a track cell, a hand, a deck, a cup."""
    id: str
    kind: str
    board: str
    name: str = ""
    x: float = 0.0
    y: float = 0.0
    terrain: str = ""
    grid: str = ""          # hexes only: the grid they belong to
    q: int = 0              # hexes only: axial coordinates on that grid
    r: int = 0
    owner: str = ""         # side owning a hand or a side-specific box
    visibility: str = "public"
    attrs: Attrs = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(frozen=True)
class Edge:
    """An undirected typed link between two locations.

    ``kind="connection"``: a point-to-point connection (attrs e.g. ``only="RU"``: usable only by
    those nationalities). ``kind="hexside"``: the side between two adjacent hexes, with its
    features as attrs (``river="major"``, ``impassable=True``, ``mp_cost=1``...).
    """
    a: str
    b: str
    kind: str = "connection"
    attrs: Attrs = field(default_factory=dict)


@dataclass(frozen=True)
class Face:
    """One face or step of a piece: its printed values (``cf``, ``lf``, ``mf``, ``morale``...)."""
    name: str
    values: Attrs = field(default_factory=dict)


@dataclass(frozen=True)
class PieceType:
    """A kind of counter, card or chit as printed (DESIGN principle 3).

    ``faces[0]`` is the front / full-strength side; further faces are the reverse or the
    successive steps. ``count`` is how many of this type the counter mix holds. ``back`` is what
    a player sees of a hidden piece of this type (e.g. ``"AP card"``, ``"VP chit"``).
    """
    id: str
    name: str
    kind: str = "unit"
    side: str = ""
    nationality: str = ""
    unit_type: str = ""     # infantry, cavalry, artillery, mountain, hq, fort...
    size: str = ""          # army, corps, division, brigade, regiment, battalion...
    symbol: str = ""        # NATO symbol id, or a short text for markers
    faces: tuple[Face, ...] = (Face("front"),)
    count: int = 1
    back: str = ""
    attrs: Attrs = field(default_factory=dict)


@dataclass(frozen=True)
class Axis:
    """A table header: a name, the type of its values, and the values in order."""
    name: str
    values: tuple[Value, ...]


@dataclass(frozen=True)
class Table:
    """A named 1-D or 2-D table (fire table, CRT, terrain effects, event table...).

    ``cells[i][j]`` is the cell at row ``rows.values[i]`` and column ``cols.values[j]``; a 1-D
    table has a single column. ``rule`` cites the rule that prints it.
    """
    id: str
    title: str
    rows: Axis
    cols: Axis
    cells: tuple[tuple[Value, ...], ...]
    rule: str = ""
    notes: str = ""

    def lookup(self, row: Value, col: Value) -> Value:
        return self.cells[self.rows.values.index(row)][self.cols.values.index(col)]


@dataclass(frozen=True)
class Dice:
    """A die the module uses: ``faces`` lists the value on each face (a d6 is 1..6; France
    1944's combat die is 1,1,1,2,2,3)."""
    id: str
    name: str
    faces: tuple[Value, ...]


@dataclass(frozen=True)
class Placement:
    """``count`` pieces of ``piece_type`` placed at ``location`` at set-up (or on arrival)."""
    piece_type: str
    location: str
    count: int = 1
    face: int = 0
    turn: int = 0           # 0: at set-up; n: arrives on turn n (reinforcement)
    attrs: Attrs = field(default_factory=dict)


@dataclass(frozen=True)
class ScenarioOption:
    """An optional rule or set-up choice; ``secret`` ones are chosen by ``side`` before reveal."""
    id: str
    text: str
    choices: tuple[str, ...] = ("off", "on")
    default: str = "off"
    side: str = ""
    secret: bool = False


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    rule: str = ""
    description: str = ""
    first_turn: int = 1
    last_turn: int = 0
    placements: tuple[Placement, ...] = ()
    globals: Attrs = field(default_factory=dict)    # initial turn, phase, tracks (VP...)
    shuffle: tuple[str, ...] = ()                   # deck/cup locations shuffled at set-up
    options: tuple[ScenarioOption, ...] = ()
    victory: str = ""
    attrs: Attrs = field(default_factory=dict)


@dataclass(frozen=True)
class Provenance:
    """Where a value came from: ``target`` names it (``"location:Paris/fort"``,
    ``"piece:GE-1A"``, ``"table:fire_army"``); ``source`` is ``"rulebook §12.5"``,
    ``"errata ..."`` or ``"reconstructed: <how>"``."""
    target: str
    source: str


@dataclass
class Module:
    """A whole game module, as loaded. Look-ups are by id through the dicts."""
    id: str
    title: str
    version: str = "0.1.0"
    publisher: str = ""
    ruleset: str = "free"
    description: str = ""
    sides: tuple[Side, ...] = ()
    nationalities: tuple[Nationality, ...] = ()
    boards: tuple[Board, ...] = ()
    grids: tuple[Grid, ...] = ()
    locations: dict[str, Location] = field(default_factory=dict)
    edges: tuple[Edge, ...] = ()
    piece_types: dict[str, PieceType] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    dice: dict[str, Dice] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    rules_index: dict[str, str] = field(default_factory=dict)
    provenance: tuple[Provenance, ...] = ()
    art: dict[str, bytes] = field(default_factory=dict)

    # -- convenience look-ups -------------------------------------------------------------
    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def nationality(self, nat_id: str) -> Nationality | None:
        for n in self.nationalities:
            if n.id == nat_id:
                return n
        return None

    def board(self, board_id: str) -> Board:
        for b in self.boards:
            if b.id == board_id:
                return b
        raise KeyError(board_id)

    def grid(self, grid_id: str) -> Grid:
        for g in self.grids:
            if g.id == grid_id:
                return g
        raise KeyError(grid_id)

    @property
    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    @property
    def cards(self) -> list[PieceType]:
        return [t for t in self.piece_types.values() if t.kind == "card"]

    def rule_text(self, rule: str) -> str:
        """The module's short statement of a rule (for citations), or ``""``."""
        return self.rules_index.get(rule, "")
