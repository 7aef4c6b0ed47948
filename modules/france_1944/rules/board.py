"""The map as the rules read it: the facts that never change (:class:`MapFacts`, built once per
module) and who is where (:class:`Position`, built once per game position): occupation, zones
of control (3.3) and stacking (7.1).

Terrain (1.3, reconstructed chart): the main map's playable hexes are ``clear`` and ``rough``;
``sea``, ``england``, ``neutral`` and ``outside`` hexes can never be entered; the blue
``offmap_south`` hexes hold the September South reinforcements only (10.1.3). Hexside
features are edge attributes: ``river``, ``rhine`` (the Rhine, 12.6–12.9), ``blocking`` (red
lines, 3.3) and ``bridges`` (printed Rhine bridges, 12.7).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.board import MapGraph
from engine.model import Edge, Module

from .game import Game

PLAYABLE = frozenset({"clear", "rough"})
MAIN = "main"


class MapFacts:
    """Everything about the main map the rules read, precomputed from the module."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.graph = MapGraph.from_module(module)
        self.hexes: dict[str, object] = {k: v for k, v in module.locations.items()
                                         if v.kind == "hex" and v.grid == MAIN}
        self.playable = frozenset(k for k, v in self.hexes.items() if v.terrain in PLAYABLE)
        self.offmap_south = frozenset(k for k, v in self.hexes.items() if v.attrs.get("offmap_south"))
        #: Hexes a piece may stand on: playable ones and the blue off-map South hexes.
        self.land = self.playable | self.offmap_south
        self.neighbours: dict[str, tuple[str, ...]] = {}
        self.edges: dict[tuple[str, str], Edge] = {}
        for h in self.land:
            ns = []
            for n in self.graph.neighbours(h):
                if n in self.land:
                    ns.append(n)
                    self.edges[(h, n)] = self.graph.edge(h, n)
            self.neighbours[h] = tuple(ns)
        attr = lambda k: frozenset(h for h in self.land if self.hexes[h].attrs.get(k))  # noqa: E731
        self.cities = attr("city")
        self.fortresses = attr("fortress")
        self.ports = attr("port")
        self.german_cities = attr("german_city")
        self.west_wall = attr("west_wall")
        self.allied_supply = attr("allied_supply")
        self.normandy = attr("normandy_reinf")
        self.scheldt = attr("scheldt")
        self.south = attr("south_reinf")
        self.v1_ports = attr("v1_port")
        self.brittany_ports = attr("brittany_port")
        self.antwerp = next(iter(sorted(attr("antwerp"))), "")
        self.vp = {h: int(self.hexes[h].attrs.get("vp") or 0) for h in self.land if self.hexes[h].attrs.get("vp")}
        self.east_bank = frozenset(h for h in self.land if self.hexes[h].attrs.get("rhine_bank") == "east")
        self.bridge_hexes = {h: int(self.hexes[h].attrs.get("bridge_rolls") or 0)
                             for h in self.land if self.hexes[h].attrs.get("bridge_rolls")}
        #: Rhine hexsides, as sorted pairs, and the printed bridges on each (12.7).
        self.rhine: set[frozenset] = set()
        self.bridges: dict[str, int] = {}
        for (a, b), e in self.edges.items():
            if e.attrs.get("rhine"):
                self.rhine.add(frozenset((a, b)))
                if e.attrs.get("bridges"):
                    self.bridges[side_key(a, b)] = int(e.attrs["bridges"])
        self.rhine_adjacent = frozenset(h for pair in self.rhine for h in pair)
        self.east = self._east_of_rhine()
        #: Hexes whose control the rules track (11.3, 11.4, 12.1, 12.2 and the victory hexes).
        self.control_hexes = (self.allied_supply | self.ports | frozenset(self.vp) | self.german_cities
                              | self.v1_ports | self.brittany_ports | self.south
                              | frozenset(h for h in ("1411", "1512") if h in self.land))

    def edge(self, a: str, b: str) -> Edge | None:
        return self.edges.get((a, b))

    def blocked(self, a: str, b: str) -> bool:
        e = self.edges.get((a, b))
        return e is None or bool(e.attrs.get("blocking"))

    def river(self, a: str, b: str) -> bool:
        e = self.edges.get((a, b))
        return bool(e is not None and e.attrs.get("river"))

    def is_rhine(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.rhine

    def distance(self, a: str, b: str) -> int:
        d = self.graph.distance(a, b)
        return 99 if d is None else d

    def terrain(self, h: str) -> str:
        return self.hexes[h].terrain

    def _east_of_rhine(self) -> frozenset[str]:
        """German hexes east of the Rhine (reading R12.9): the German land reached from the east
        bank without crossing a Rhine hexside or entering a west-bank hex."""
        seen = set(self.east_bank)
        todo = deque(seen)
        while todo:
            h = todo.popleft()
            for n in self.neighbours[h]:
                if n in seen or n in self.offmap_south or self.is_rhine(h, n):
                    continue
                loc = self.hexes[n]
                if loc.attrs.get("country") != "DE" or loc.attrs.get("rhine_bank") == "west":
                    continue
                seen.add(n)
                todo.append(n)
        return frozenset(seen)


def side_key(a: str, b: str) -> str:
    """The key of the hexside between ``a`` and ``b`` (``"3409|3509"``)."""
    return f"{min(a, b)}|{max(a, b)}"


@dataclass
class Position:
    """Who is where, for one game position. Hexes are main-map hexes (and the off-map South)."""
    units: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    hqs: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    zoc: dict[str, frozenset[str]] = field(default_factory=dict)

    def occupied(self, side: str, h: str) -> bool:
        """Any piece of ``side`` (combat unit or HQ) in ``h``."""
        return h in self.units[side] or h in self.hqs[side]

    def combat(self, side: str, h: str) -> list[int]:
        return self.units[side].get(h, [])

    def in_zoc(self, side: str, h: str) -> bool:
        """Is ``h`` in the zone of control of ``side``'s units?"""
        return h in self.zoc[side]


def position(g: Game) -> Position:
    return g.cached("position", lambda: _build_position(g))


def _build_position(g: Game) -> Position:
    facts = g.facts
    pos = Position({"allied": {}, "german": {}}, {"allied": {}, "german": {}})
    zoc: dict[str, set[str]] = {"allied": set(), "german": set()}
    for h in facts.land:
        for pid in g.state.stacks.get(h, ()):
            kind = g.kind(pid)
            side = g.side_of(pid)
            if kind == "unit":
                pos.units[side].setdefault(h, []).append(pid)
            elif kind == "hq":
                pos.hqs[side].setdefault(h, []).append(pid)
    for side in ("allied", "german"):
        for h, pids in pos.units[side].items():
            # 3.3: full and reduced units exert a ZOC into the six hexes around them, never
            # across a red blocking hexside; cadres and HQs never do
            if any(not g.is_cadre(p) for p in pids):
                for n in facts.neighbours[h]:
                    if not facts.blocked(h, n):
                        zoc[side].add(n)
    pos.zoc = {s: frozenset(v) for s, v in zoc.items()}
    return pos


# -- stacking (7.1) ---------------------------------------------------------------------------------
def stack_counts(g: Game, pids) -> tuple[int, int]:
    inf = arm = 0
    for p in pids:
        t = g.game_type(p)
        if t == "infantry":
            inf += 1
        elif t == "armour":
            arm += 1
    return inf, arm


def stack_limits(g: Game) -> tuple[int, int, int]:
    t = g.table("stacking")
    rows = dict(zip(t.rows.values, (r[0] for r in t.cells)))
    return int(rows["infantry"]), int(rows["armour"]), int(rows["combat_units"])


def fits(g: Game, pos: Position, side: str, h: str, adding, leaving=()) -> bool:
    """7.1: may ``adding`` (combat units) join ``side``'s units in ``h`` (``leaving`` already
    gone) without more than 2 infantry, 4 armour or 4 combat units there?"""
    present = [p for p in pos.combat(side, h) if p not in leaving and p not in adding]
    inf, arm = stack_counts(g, list(present) + [p for p in adding if g.is_unit(p)])
    max_inf, max_arm, max_all = stack_limits(g)
    return inf <= max_inf and arm <= max_arm and inf + arm <= max_all


def over_stacked(g: Game, pids) -> bool:
    inf, arm = stack_counts(g, pids)
    max_inf, max_arm, max_all = stack_limits(g)
    return inf > max_inf or arm > max_arm or inf + arm > max_all


# -- zones of control ---------------------------------------------------------------------------------
def enemy_zoc(g: Game, side: str, h: str, pos: Position | None = None) -> bool:
    pos = pos or position(g)
    return pos.in_zoc("german" if side == "allied" else "allied", h)


def open_for_trace(g: Game, pos: Position, side: str, h: str) -> bool:
    """3.3, 4.6, 11.1: a command radius or supply line may pass *through* ``h`` only if it is
    not in an enemy ZOC, or a friendly combat unit (a cadre too) is there."""
    enemy = "german" if side == "allied" else "allied"
    return not pos.in_zoc(enemy, h) or bool(pos.combat(side, h))


def on_map(g: Game, pid: int) -> bool:
    return g.where(pid) in g.facts.land
