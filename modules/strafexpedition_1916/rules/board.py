"""The map and the pieces on it, as the rules read them.

:class:`MapData` is built once per module (static: hex levels, woods, towns, hexside features,
the road and mule-track network, tables). The functions below read the game state through the
:class:`~.game.Game` context; what is costly (zones of control, units per hex) is memoised by
state hash (:meth:`Game.memo`), so listing the legal actions of one position computes it once.

Rule facts kept here: ZoC (3.0: the six hexes round every non-artillery unit and fortress, never
into a hex the unit could not enter: not across a cliff for units other than mountain infantry,
never off the play area; HQs have none), stacking (12.1, 12.2, 12.6: two units a side, one on a
level-8 High Mountain hex; fortresses, HQs and markers never count) and hex control (23.1: the
last side to have a non-artillery unit enter or pass through a hex).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Iterable, Mapping

from engine.board import MapGraph
from engine.hexgrid import spiral
from engine.model import Module

from .game import INFANTRY_TYPES, other

if TYPE_CHECKING:
    from .game import Game

HIGH_MOUNTAIN = 8         # 12.2: Alta Montagna is level 8
EMPTY: Mapping = MappingProxyType({})


class MapData:
    """Static facts of the module's map and tables, read once."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.graph = MapGraph.from_module(module)
        hexes = [l for l in module.locations.values() if l.kind == "hex"]
        self.hexes = frozenset(l.id for l in hexes)
        self.level = {l.id: int(l.attrs.get("elevation", 1) or 1) for l in hexes}
        self.woods = frozenset(l.id for l in hexes if l.attrs.get("woods"))
        self.town = frozenset(l.id for l in hexes if l.terrain == "town" or l.attrs.get("town"))
        self.town_name = {l.id: str(l.attrs.get("town")) for l in hexes if l.attrs.get("town")}
        self.fortress_hex = {l.id: str(l.attrs["fortress"]) for l in hexes if l.attrs.get("fortress")}
        self.vp = {l.id: int(l.attrs["vp"]) for l in hexes if l.attrs.get("vp")}
        self.supply = {l.id: str(l.attrs["supply"]) for l in hexes if l.attrs.get("supply")}
        self.sector = {l.id: str(l.attrs.get("sector", "")) for l in hexes}
        self.initial_side = {l.id: str(l.attrs.get("side", "")) for l in hexes}
        self.front = {l.id: str(l.attrs["front"]) for l in hexes if l.attrs.get("front")}
        self.areas = {a: frozenset(l.id for l in hexes if l.attrs.get(a)) for a in ("sc1", "sc2", "sc3", "sc4")}
        g = self.graph
        self.nbrs: dict[str, tuple[str, ...]] = {}
        self.sides: dict[tuple[str, str], Mapping] = {}
        roads: dict[str, list[str]] = {}
        for h in self.hexes:
            out = []
            for n in g.neighbours(h):
                if n not in self.hexes:
                    continue
                out.append(n)
                e = g.edge(h, n)
                attrs = e.attrs if e is not None else EMPTY
                self.sides[(h, n)] = attrs
                if attrs.get("road") or attrs.get("track") or attrs.get("railway"):
                    roads.setdefault(h, []).append(n)
            self.nbrs[h] = tuple(out)
        self.road_nbrs = {h: tuple(v) for h, v in roads.items()}
        self.road_hexes = frozenset(roads)
        t = module.tables
        self.tec = {r: dict(zip(t["tec"].cols.values, row)) for r, row in zip(t["tec"].rows.values, t["tec"].cells)}
        self.assault_shift = {r: row[0] for r, row in zip(t["assault_shifts"].rows.values, t["assault_shifts"].cells)}
        self.trt = {r: dict(zip(t["turn_record"].cols.values, row))
                    for r, row in zip(t["turn_record"].rows.values, t["turn_record"].cells)}
        self.weather_fx = {r: dict(zip(t["weather_effects"].cols.values, row))
                           for r, row in zip(t["weather_effects"].rows.values, t["weather_effects"].cells)}

    # -- hexsides ---------------------------------------------------------------------------------
    def side(self, a: str, b: str) -> Mapping:
        return self.sides.get((a, b), EMPTY)

    def cliff(self, a: str, b: str) -> bool:
        return bool(self.side(a, b).get("cliff"))

    def river(self, a: str, b: str) -> bool:
        return bool(self.side(a, b).get("river"))

    def road_kind(self, a: str, b: str) -> str | None:
        """``road``, ``mule_track`` (a railway is a mule track, 3.0) or None."""
        s = self.side(a, b)
        if s.get("road"):
            return "road"
        if s.get("track") or s.get("railway"):
            return "mule_track"
        return None

    # -- the Turn Record Track ----------------------------------------------------------------------
    def first_row(self, scenario: str) -> int:
        """The TRT turn (15 May = 1) of the scenario's turn 1."""
        col = f"{scenario[:3]}_turn"
        if col not in next(iter(self.trt.values())):
            return 1
        for row, values in self.trt.items():
            if values.get(col) == 1:
                return int(row)
        return 1

    def trt_value(self, row: int, col: str):
        return self.trt.get(row, {}).get(col)

    def hex_distance(self, a: str, b: str) -> int:
        return self.graph.distance(a, b)


# -- hexsides as they stand (Sc 5: the Roana bridge) ------------------------------------------------

def bridge_stands(g: "Game", a: str, b: str) -> bool:
    """Sc 5 special rule 5: the Roana bridge carries its track over the cliff until demolished."""
    return bool(g.data.side(a, b).get("bridge")) and g.get("roana_bridge") == "intact"


def cliff(g: "Game", a: str, b: str) -> bool:
    """A cliff hexside (11.0.4), unless a standing bridge crosses it."""
    return g.data.cliff(a, b) and not bridge_stands(g, a, b)


def road_kind(g: "Game", a: str, b: str) -> str | None:
    """``road`` or ``mule_track`` along hexside ``a|b`` (none over a demolished bridge)."""
    if g.data.side(a, b).get("bridge") and not bridge_stands(g, a, b):
        return None
    return g.data.road_kind(a, b)


def road_nbrs(g: "Game", h: str) -> tuple[str, ...]:
    out = g.data.road_nbrs.get(h, ())
    if g.get("roana_bridge") == "destroyed":
        out = tuple(n for n in out if not g.data.side(h, n).get("bridge"))
    return out


# -- pieces -------------------------------------------------------------------------------------------

def is_combat(g: "Game", pid: int) -> bool:
    """A combat unit or fortress (not an HQ, not a marker)."""
    return g.ptype(pid).kind in ("unit", "fort")


def is_artillery(g: "Game", pid: int) -> bool:
    return g.ptype(pid).unit_type == "artillery"


def is_fortress(g: "Game", pid: int) -> bool:
    return g.ptype(pid).kind == "fort"


def is_infantry(g: "Game", pid: int) -> bool:
    """The infantry class (2.2.1): infantry, mountain infantry, Bersaglieri, Landwehr, militia,
    finance guards."""
    return g.ptype(pid).kind == "unit" and g.ptype(pid).unit_type in INFANTRY_TYPES


def is_mountain(g: "Game", pid: int) -> bool:
    """Mountain infantry (2.2.1: Alpini, Jäger, Schützen; the counter's flag)."""
    return is_infantry(g, pid) and bool(g.ptype(pid).attrs.get("mountain"))


def is_hq(g: "Game", pid: int) -> bool:
    return g.ptype(pid).kind == "hq"


def exerts_zoc(g: "Game", pid: int) -> bool:
    """3.0: infantry-class units and fortresses exert a ZoC; artillery and HQs do not."""
    return is_infantry(g, pid) or is_fortress(g, pid)


def brigade_of(g: "Game", pid: int) -> str:
    return str(g.ptype(pid).attrs.get("brigade") or "")


def in_battery(g: "Game", pid: int) -> bool:
    """19.1: artillery back face = in battery; a fortress is always ready to fire."""
    return is_fortress(g, pid) or (is_artillery(g, pid) and g.piece(pid).face == 1)


def on_map(g: "Game", pid: int) -> bool:
    return g.where(pid) in g.data.hexes


# -- what stands where -------------------------------------------------------------------------------

def pieces_at(g: "Game", loc: str) -> list[int]:
    return list(g.state.stacks.get(loc, ()))


def units_at(g: "Game", loc: str, side: str | None = None) -> list[int]:
    """Combat units and fortresses at ``loc`` (of ``side``)."""
    pt = g.module.piece_types
    pieces = g.state.pieces
    out = []
    for pid in g.state.stacks.get(loc, ()):
        t = pt[pieces[pid].type]
        if t.kind in ("unit", "fort") and (side is None or t.side == side):
            out.append(pid)
    return out


def hqs_at(g: "Game", loc: str, side: str | None = None) -> list[int]:
    return [p for p in g.state.stacks.get(loc, ()) if is_hq(g, p) and (side is None or g.side_of(p) == side)]


def occupied(g: "Game", side: str) -> dict[str, list[int]]:
    """Hex → the combat units of ``side`` there (memoised)."""
    def build():
        out: dict[str, list[int]] = {}
        pt = g.module.piece_types
        hexes = g.data.hexes
        for loc, stack in g.state.stacks.items():
            if loc not in hexes:
                continue
            for pid in stack:
                t = pt[g.state.pieces[pid].type]
                if t.kind in ("unit", "fort") and t.side == side:
                    out.setdefault(loc, []).append(pid)
        return out
    return g.memo(("occupied", side), build)


def stacking_units(g: "Game", loc: str, side: str) -> list[int]:
    """12.6: the units that count for stacking (fortresses, HQs and markers never do)."""
    return [p for p in occupied(g, side).get(loc, ()) if g.ptype(p).kind == "unit"]


def stack_limit(g: "Game", loc: str) -> int:
    """12.1 two units a side; 12.2 one on a High Mountain (level 8) hex."""
    return 1 if g.data.level.get(loc) == HIGH_MOUNTAIN else 2


def spiral_hexes(g: "Game", centre, r: int) -> list[str]:
    """The hex locations within ``r`` of axial hex ``centre``."""
    graph = g.graph
    grid = g.module.grids[0].id
    out = []
    for h in spiral(centre, r):
        lid = graph.at_hex(grid, h)
        if lid is not None:
            out.append(lid)
    return out


def play_area(g: "Game") -> frozenset[str] | None:
    """2.3 / the scenarios: the hexes in play (None: the whole map)."""
    area = g.sattr("play_area", "all")
    return None if area == "all" else g.data.areas.get(area)


def in_play_area(g: "Game", loc: str) -> bool:
    """2.3 / the scenarios: hexes outside the play area are impassable."""
    area = play_area(g)
    return loc in g.data.hexes and (area is None or loc in area)


def zoc(g: "Game", side: str) -> frozenset[str]:
    """The hexes in the ZoC that ``side``'s units exert (3.0), memoised."""
    def build():
        out: set[str] = set()
        data = g.data
        for loc, pids in occupied(g, side).items():
            zoc_units = [p for p in pids if exerts_zoc(g, p)]
            if not zoc_units:
                continue
            mountain = any(is_mountain(g, p) for p in zoc_units)
            for n in data.nbrs[loc]:
                if not in_play_area(g, n):
                    continue
                if cliff(g, loc, n) and not mountain:
                    continue      # 3.0: not into a hex the unit could not move into (11.0.4)
                out.add(n)
        return frozenset(out)
    return g.memo(("zoc", side), build)


def zoc_sources(g: "Game", side: str, loc: str) -> list[int]:
    """The units of ``side`` whose ZoC covers ``loc`` (for infiltration fire, 11.1.2)."""
    out = []
    data = g.data
    occ = occupied(g, side)
    for n in data.nbrs.get(loc, ()):
        for p in occ.get(n, ()):
            if exerts_zoc(g, p) and (not cliff(g, n, loc) or is_mountain(g, p)) and in_play_area(g, loc):
                out.append(p)
    return out


def enemy_zoc(g: "Game", side: str, loc: str, negated: bool = False) -> bool:
    """``loc`` is in the enemy's ZoC; with ``negated``, unless a friendly unit stands there
    (10.2.2, 8.1, 6.2: a friendly unit negates the enemy ZoC in its hex)."""
    if loc not in zoc(g, other(side)):
        return False
    return not (negated and occupied(g, side).get(loc))


def adjacent_enemy(g: "Game", side: str, loc: str) -> list[int]:
    """Enemy combat units in the hexes next to ``loc``."""
    occ = occupied(g, other(side))
    return [p for n in g.data.nbrs.get(loc, ()) for p in occ.get(n, ())]


def controller(g: "Game", loc: str) -> str:
    """23.1: the side that last had a non-artillery unit enter or pass through ``loc`` (the
    initial control is the printed side of the set-up front, or the set-up occupant)."""
    changed = g.get("se_control") or {}
    if loc in changed:
        return changed[loc]
    return g.data.initial_side.get(loc, "")


def mark_control(g: "Game", pid: int, hexes: Iterable[str]) -> None:
    """A non-artillery unit entered or passed through ``hexes``: its side controls them."""
    if is_artillery(g, pid) or is_hq(g, pid):
        return
    side = g.side_of(pid)
    before = g.get("se_control") or {}
    changed = dict(before)
    for h in hexes:
        if h not in g.data.hexes:
            continue
        if g.data.initial_side.get(h) == side:
            changed.pop(h, None)       # only the hexes whose control differs are kept
        else:
            changed[h] = side
    if changed != before:
        g.set("se_control", changed)
