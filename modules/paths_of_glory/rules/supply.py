"""Paths of Glory supply (rule 14): who traces a supply line to which source.

* 14.1.2 a line runs through any number of friendly-controlled spaces to a supply source;
* 14.1.3 not (apart from the tracing unit's own space) through a space holding an enemy unit,
  nor an enemy-controlled space unless it holds a besieged enemy fort (15.2.2), nor across a
  dotted line the tracing unit could not move across (RU, RO and SB units may use the dotted
  lines joined to a Russian supply source);
* 14.1.4 or overland to a friendly unbesieged port, by sea to a source port or to another
  unbesieged port, then overland again. The CP use only ports in Germany and Russia (never a
  besieged Riga); the Allies only ports outside them (Constantinople only while they control
  Gallipoli); an MEF beachhead is an Allied port (9.5.3.5). RU, RO and SB units never use the
  sea (14.2.2);
* 14.1.5 MN units, ANA/SN units in the Near East, SB units in Serbia and (for attrition only)
  TU units at Medina are always in supply;
* 14.2 sources: CP Essen, Breslau, Sofia, Constantinople; RU/SB/RO the Russian sources and
  Belgrade; SB also an Allied Salonika; every Allied unit London. A *space* (14.2.5) may use any
  source of its side, and friendly dotted lines (11.1.4); Albanian spaces may trace to Taranto
  even while Italy is neutral (11.1.12).

One breadth-first search answers a whole nationality class (every line costs the same, so
the search needs no costs); tracers crossing the same dotted lines share their table of lines,
and an answer is kept for every position agreeing on what lines depend on (control, enemy
units, sieges, beachheads), so a move of a side's own units never retraces that side.
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Iterable

from engine import commands as C
from engine.rules import Violation

from . import board

if TYPE_CHECKING:
    from .game import Game

RUSSIAN_CLASS = ("RU", "SB", "RO")          # 14.2.2: Russian sources, no sea supply
CP_PORT_NATIONS = ("GE", "RU")              # 14.1.4
MEDINA = "medina"


def other_side(side: str) -> str:
    return "AP" if side == "CP" else "CP"


# -- static map facts, read once per module --------------------------------------------------
class _Map:
    """The printed facts supply asks about (spaces, printed control, sources, ports)."""

    def __init__(self, g: "Game") -> None:
        locs = g.module.locations
        self.spaces = [l.id for l in locs.values() if l.kind == "space"]
        self.space_set = set(self.spaces)
        self.order = {l: i for i, l in enumerate(self.spaces)}   # map order
        self.printed = {l: (locs[l].attrs.get("control") or "neutral") for l in self.spaces}
        self.nation = {l: locs[l].attrs.get("nation") for l in self.spaces}
        self.region = {l: locs[l].attrs.get("region") for l in self.spaces}
        self.ports = [l for l in self.spaces if locs[l].attrs.get("port")]
        #: the spaces with a printed fort (15.1; :func:`board.fort_value`)
        self.forts = frozenset(l for l in self.spaces
                               if int(locs[l].attrs.get("fort", 0) or 0) > 0)
        self.source = {kind: [l for l in self.spaces if locs[l].attrs.get("supply") == kind]
                       for kind in ("CP", "AP", "RU", "SB")}
        self.side_nations = {side: {n.id for n in g.module.nationalities if n.side == side}
                             for side in ("AP", "CP")}
        types = g.module.piece_types
        #: what each piece type is to supply: a unit, or one of the markers it reads
        self.kinds = {t: (_UNIT if pt.kind == "unit" else _MARKERS.get(t))
                      for t, pt in types.items()}
        self.kinds = {t: k for t, k in self.kinds.items() if k is not None}
        self.unit_side = {t: pt.side for t, pt in types.items() if pt.kind == "unit"}
        self.unit_nation = {t: pt.nationality for t, pt in types.items() if pt.kind == "unit"}


def _map(g: "Game") -> _Map:
    return board.per_module(g, "supply_map", lambda: _Map(g))


# -- sources ---------------------------------------------------------------------------------
def _source_spaces(g: "Game", kind: str) -> list[str]:
    return list(_map(g).source.get(kind, ()))


def sources(g: "Game", side: str, nation: str | None) -> list[str]:
    """The supply sources a unit of ``nation`` may trace to (14.2); ``nation`` None = a space,
    which may use any source of its side (14.2.5)."""
    if side == "CP":
        return _source_spaces(g, "CP")                                   # 14.2.1
    out = _source_spaces(g, "AP")                                        # 14.2.4 London
    if nation is None or nation in RUSSIAN_CLASS:
        out += _source_spaces(g, "RU")                                   # 14.2.2
    if nation is None or nation == "SB":
        out += [l for l in _source_spaces(g, "SB") if board.controller(g, l) == "AP"]  # 14.2.3
    return out


# -- the map as both sides see it -------------------------------------------------------------
_UNIT, _CONTROL, _SIEGE, _DESTROYED, _BEACHHEAD = "unit", "control", "siege", "destroyed", "beachhead"
_MARKERS = {"m_control": _CONTROL, "m_siege": _SIEGE, "m_destroyed": _DESTROYED,
            "m_beachhead": _BEACHHEAD}


class _Snapshot:
    """What supply reads of one position: control markers, the spaces holding each side's
    units (and how many), sieges (less destroyed forts) and MEF beachheads. The part one
    side's tracing depends on is :meth:`key`: positions agreeing on it trace alike.

    Built once from every stack, then kept up to date from the state's journal of changed
    locations (:meth:`GameState.touched_since`): only those spaces are read again, and a
    change that touches nothing supply reads (a card, an activation or OOS marker, a unit's
    step) keeps the same snapshot, with the answers given for it."""

    def __init__(self, g: "Game") -> None:
        m = _map(g)
        self.map = m
        #: per space holding anything supply reads: (control face or None, the AP units, the
        #: CP units (piece ids, bottom to top), siege, destroyed, beachhead)
        self.read: dict[str, tuple] = {}
        pieces, kinds, unit_side = g.state.pieces, m.kinds, m.unit_side
        for loc, stack in g.state.stacks.items():
            if loc in m.space_set:
                facts = _read_space(stack, pieces, kinds, unit_side)
                if facts is not None:
                    self.read[loc] = facts
        self._derive()

    def _derive(self) -> None:
        """The sets and tables the rules read, from :attr:`read`."""
        self.marks: dict[str, str] = {}
        self.units: dict[str, set[str]] = {"AP": set(), "CP": set()}
        self.counts: dict[str, dict[str, int]] = {"AP": {}, "CP": {}}
        self.sieges: set[str] = set()
        self.destroyed: set[str] = set()
        self.beachheads: set[str] = set()
        self.ctrl: dict[str, str] = dict(self.map.printed)
        for loc, facts in self.read.items():
            self._add(loc, facts)
        self._finish()

    def _add(self, loc: str, facts: tuple) -> None:
        mark, ap, cp, siege, gone, beach = facts
        if mark is not None:
            self.marks[loc] = self.ctrl[loc] = mark
        if ap:
            self.units["AP"].add(loc)
            self.counts["AP"][loc] = len(ap)
        if cp:
            self.units["CP"].add(loc)
            self.counts["CP"][loc] = len(cp)
        if siege:
            self.sieges.add(loc)
        if gone:
            self.destroyed.add(loc)
        if beach:
            self.beachheads.add(loc)

    def _drop(self, loc: str) -> None:
        if self.marks.pop(loc, None) is not None:
            self.ctrl[loc] = self.map.printed[loc]
        for side in ("AP", "CP"):
            self.units[side].discard(loc)
            self.counts[side].pop(loc, None)
        self.sieges.discard(loc)
        self.destroyed.discard(loc)
        self.beachheads.discard(loc)

    def _finish(self) -> None:
        #: Siege markers (board.fort_besieged); besieged: those of forts not destroyed
        self.besieged = self.sieges - self.destroyed
        #: the forts standing (printed, not destroyed: :func:`board.fort_intact`)
        self.intact_forts = self.map.forts - self.destroyed
        self._marks = frozenset(self.marks.items())
        self._keys: dict[str, tuple] = {}
        self.oos: dict[tuple, list[int]] = {}   # oos_units' answers for this snapshot
        #: other rules' answers that depend only on what the snapshot holds, by question
        self.memo: dict[tuple, object] = {}

    def updated(self, g: "Game", touched: Iterable[str]) -> "_Snapshot":
        """This snapshot after the stacks of ``touched`` changed: itself if nothing supply
        reads changed there, else a new one (a snapshot never changes once made): a copy of
        this one with the changed spaces read again."""
        m = self.map
        pieces, kinds, unit_side = g.state.pieces, m.kinds, m.unit_side
        stacks = g.state.stacks
        changed: dict[str, tuple | None] = {}
        for loc in set(touched):
            if loc in m.space_set:
                stack = stacks.get(loc)
                facts = _read_space(stack, pieces, kinds, unit_side) if stack else None
                if facts != self.read.get(loc):
                    changed[loc] = facts
        if not changed:
            return self
        new = _Snapshot.__new__(_Snapshot)
        new.map = m
        new.read = dict(self.read)
        new.marks, new.ctrl = dict(self.marks), dict(self.ctrl)
        new.units = {side: set(locs) for side, locs in self.units.items()}
        new.counts = {side: dict(n) for side, n in self.counts.items()}
        new.sieges, new.destroyed = set(self.sieges), set(self.destroyed)
        new.beachheads = set(self.beachheads)
        for loc, facts in changed.items():
            new._drop(loc)
            if facts is None:
                new.read.pop(loc, None)
            else:
                new.read[loc] = facts
                new._add(loc, facts)
        new._finish()
        return new

    def key(self, side: str) -> tuple:
        """Everything ``side``'s supply lines depend on in this position."""
        hit = self._keys.get(side)
        if hit is None:
            hit = self._keys[side] = (side, self._marks, frozenset(self.units[other_side(side)]),
                                      frozenset(self.besieged),
                                      frozenset(self.beachheads) if side == "AP" else None)
        return hit


def _read_space(stack, pieces, kinds, unit_side) -> tuple | None:
    """What supply reads of one space's stack (see :attr:`_Snapshot.read`), None if nothing:
    its first control marker's face, the units of each side, a siege, a destroyed fort, a
    beachhead."""
    mark, ap, cp, siege, gone, beach = None, (), (), False, False, False
    for pid in stack:
        piece = pieces[pid]
        kind = kinds.get(piece.type)
        if kind is None:
            continue
        if kind is _UNIT:
            if unit_side[piece.type] == "AP":
                ap += (pid,)
            else:
                cp += (pid,)
        elif kind is _CONTROL:
            if mark is None:
                mark = board.CONTROL_FACES[piece.face]
        elif kind is _SIEGE:
            siege = True
        elif kind is _DESTROYED:
            gone = True
        else:
            beach = True
    if mark is None and not (ap or cp or siege or gone or beach):
        return None
    return mark, ap, cp, siege, gone, beach


class _Kept:
    """The last snapshot made, for which state (weakly: a state dropped is never matched by a
    later one at the same address), module (which that state holds) and journal mark."""
    __slots__ = ("state", "module", "mark", "snap")

    def __init__(self) -> None:
        self.state = self.module = self.mark = self.snap = None


_SNAP = _Kept()


def position(g: "Game") -> _Snapshot:
    """What supply reads of this position (control, each side's occupied spaces, sieges),
    kept up to date through the state's journal of changed locations: rules asking these of
    many spaces read them here."""
    state, kept = g.state, _SNAP
    ref = kept.state
    if ref is not None and kept.module == id(g.module) and ref() is state:
        mark = state._touched_base + len(state._touched)     # GameState.change_mark
        if kept.mark == mark:
            return kept.snap
        touched = state.touched_since(kept.mark)
        if touched is not None:
            kept.mark, kept.snap = mark, kept.snap.updated(g, touched)
            return kept.snap
    kept.state, kept.module = weakref.ref(state), id(g.module)
    kept.mark, kept.snap = state.change_mark, _Snapshot(g)
    return kept.snap


_snapshot = position


class _View:
    """Control, enemy presence, sieges and beachheads of every space as one side sees them
    (the same facts :mod:`.board` gives one space at a time)."""

    def __init__(self, g: "Game", side: str) -> None:
        snap = _snapshot(g)
        self.g, self.side, self.enemy = g, side, other_side(side)
        self.map = snap.map
        self.ctrl = snap.ctrl
        self.enemy_units = snap.units[self.enemy]
        self.besieged = snap.besieged
        self.beachheads = snap.beachheads
        self.use_beachheads = True  # False: ops.py asks who traces through a beachhead (9.2.7.1)
        ctrl, enemy_units, besieged = self.ctrl, self.enemy_units, self.besieged
        #: 14.1.3: friendly-controlled and free of enemy units, or a besieged enemy fort
        #: (15.2.2); worked out once per snapshot and side (never changed: a frozenset)
        key = ("passable", side)
        passable = snap.memo.get(key)
        if passable is None:
            passable = snap.memo[key] = frozenset(
                l for l, c in ctrl.items() if l not in enemy_units and (
                    c == side or (c == self.enemy and l in besieged)))
        self.passable_set = passable

    def passable(self, loc: str) -> bool:
        """14.1.3: friendly-controlled and free of enemy units, or a besieged enemy fort."""
        return loc in self.passable_set

    def port_ok(self, loc: str) -> bool:
        """14.1.4: a friendly unbesieged port this side may use for sea supply."""
        if self.ctrl.get(loc) != self.side or loc in self.enemy_units or loc in self.besieged:
            return False
        nation = self.map.nation.get(loc)
        if self.side == "CP":
            return nation in CP_PORT_NATIONS
        if nation in CP_PORT_NATIONS:
            return False
        if loc == "constantinople":
            return self.ctrl.get("gallipoli") == "AP"
        return True

    def ports(self) -> list[str]:
        cands = list(self.map.ports)
        if self.side == "AP" and self.use_beachheads:         # 9.5.3.5 beachhead = port
            cands += sorted(self.beachheads - set(cands))
        return [l for l in cands if self.port_ok(l)]


def _edge_cost(g: "Game", side: str, nation: str | None):
    """A trace cost that forbids the dotted lines the tracer may not cross (11.1.4, 14.1.3)."""
    side_nations = _map(g).side_nations[side]
    ru_sources = set(_source_spaces(g, "RU"))

    def cost(a: str, b: str, edge) -> float | None:
        only = edge.attrs.get("only") if edge is not None else None
        if not only:
            return 1.0
        allowed = str(only).split()
        if nation is None:                                    # 11.1.4: friendly dotted lines
            return 1.0 if set(allowed) & side_nations else None
        if nation in allowed:
            return 1.0
        if nation in RUSSIAN_CLASS and (a in ru_sources or b in ru_sources):
            return 1.0                                        # 14.1.3 exception
        return None
    return cost


def _lines(g: "Game", side: str, nation: str | None) -> tuple[frozenset, dict[str, tuple[str, ...]]]:
    """The map's lines a tracer of ``nation`` may use (:func:`_edge_cost`, read once per
    module): (the dotted lines it may not cross, neighbours by location). Tracers that may
    cross the same lines share one table."""
    tables = board.per_module(g, "supply_lines", dict)
    hit = tables.get((side, nation))
    if hit is None:
        graph = g.graph
        cost = _edge_cost(g, side, nation)
        ids = graph._ids
        closed = frozenset((ids[i], ids[j]) for i in range(len(ids))
                           for j, e in zip(graph._nbr[i], graph._nbr_edge[i])
                           if cost(ids[j], ids[i], e) is None)
        hit = tables.get(closed)
        if hit is None:
            adj = {ids[i]: tuple(ids[j] for j in graph._nbr[i] if (ids[i], ids[j]) not in closed)
                   for i in range(len(ids))}
            hit = tables[closed] = (closed, adj)
        tables[(side, nation)] = hit
    return hit


def _spread(adj: dict[str, tuple[str, ...]], reach: set[str], frontier: list[str],
            passable: set[str]) -> None:
    """Grow ``reach`` from ``frontier`` (passable locations already in it): every location
    next to a passable reached one is reached; only passable ones carry the line on (14.1.2:
    a unit's own space need not be friendly). Plain breadth-first search, as every step costs
    the same."""
    while frontier:
        u = frontier.pop()
        for v in adj[u]:
            if v not in reach:
                reach.add(v)
                if v in passable:
                    frontier.append(v)


_CACHE_LIMIT = 4096   # traces kept per module


def forget(g: "Game") -> None:
    """Drop every remembered answer (benchmarks measure the searches themselves)."""
    board.per_module(g, "supply_traces", dict).clear()
    _ASKED["snap"] = _SNAP.state = None


def supplied_spaces(g: "Game", side: str, nation: str | None,
                    only_sources: Iterable[str] | None = None) -> frozenset[str]:
    """Every space from which a unit of ``nation`` (None: a space, 14.2.5) of ``side`` traces
    supply (14.1.2-14.1.4), to ``only_sources`` if given (17.1.4.1 asks which source).
    Remembered by what the lines depend on (control, enemy units, sieges, beachheads: the
    snapshot's key), so asking again in a position that moved nothing supply reads is free."""
    snap = _snapshot(g)
    if _ASKED["snap"] is not snap:
        _ASKED["snap"], _ASKED["d"] = snap, {}
    q = (side, nation, tuple(only_sources) if only_sources is not None else None)
    hit = _ASKED["d"].get(q)
    if hit is None:
        hit = _ASKED["d"][q] = _supplied(g, side, nation, only_sources, True, None)
    return hit


_ASKED: dict = {"snap": None, "d": {}}   # the answers for this snapshot, by question


def _supplied(g: "Game", side: str, nation: str | None, only_sources: Iterable[str] | None,
              beachheads: bool, avoid: str | None) -> frozenset[str]:
    snap = _snapshot(g)
    srcs = tuple(only_sources) if only_sources is not None else tuple(sources(g, side, nation))
    closed, _adj = _lines(g, side, nation)
    key = (snap.key(side), srcs, closed, nation is None, nation in RUSSIAN_CLASS, beachheads,
           avoid)
    cache = board.per_module(g, "supply_traces", dict)
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        hit = cache[key] = frozenset(_trace(g, side, nation, srcs, beachheads, avoid))
    return hit


def _trace(g: "Game", side: str, nation: str | None,
           only_sources: Iterable[str] | None, beachheads: bool = True,
           avoid: str | None = None) -> set[str]:
    """The supplied spaces; ``avoid`` (a nation) forbids lines through its spaces (7.1.6)."""
    view = _View(g, side)
    view.use_beachheads = beachheads
    passable = view.passable_set
    if avoid is not None:
        passable = {l for l in passable if view.map.nation.get(l) != avoid}
    srcs = list(only_sources) if only_sources is not None else sources(g, side, nation)
    seeds = sorted({s for s in srcs if s in passable})
    _closed, adj = _lines(g, side, nation)
    reach = set(seeds)
    _spread(adj, reach, list(seeds), passable)
    if nation not in RUSSIAN_CLASS:                           # 14.2.2: no sea for RU/SB/RO
        ports = [p for p in view.ports() if p in passable]
        if any(p in reach for p in ports):                    # a port linked to a source
            more = [p for p in ports if p not in reach]
            reach.update(more)
            _spread(adj, reach, more, passable)
    if nation is None and avoid is None and side == "AP" and "taranto" in view.ctrl \
            and view.ctrl["taranto"] != "CP" and "taranto" not in view.enemy_units:
        # 11.1.12: Albanian spaces may trace to Taranto even while Italy is neutral
        near = sorted({n for n in g.graph.neighbours("taranto") if n in view.passable_set})
        if near:
            extra = set(near)
            _spread(adj, extra, list(near), view.passable_set)
            reach |= {l for l in extra if board.attr(g, l, "nation") == "AL"}
    return reach


# -- the questions other rules ask ------------------------------------------------------------
def always_in_supply(g: "Game", loc: str, nation: str, attrition: bool = False) -> bool:
    """14.1.5: MN units; ANA and SN in the Near East; SB in Serbia; TU at Medina (attrition).
    Also the Greek units while Greece is only in limited entry (9.5.2.4): they stay neutral,
    so no supply rule touches them (our reading; fuzz seed 333 saw attrition take one)."""
    if nation == "MN":
        return True
    if nation == "GR" and g.get("pog_greece_limited"):
        return True
    if nation in ("ANA", "SN") and board.is_space(g, loc) \
            and board.attr(g, loc, "region") == "near_east":
        return True
    if nation == "SB" and board.is_space(g, loc) and board.attr(g, loc, "nation") == "SB":
        return True
    return attrition and nation == "TU" and loc == MEDINA


def in_supply(g: "Game", loc: str, side: str, nation: str | None, attrition: bool = False) -> bool:
    """14.1: does a unit of ``nation`` and ``side`` in ``loc`` trace supply? ``nation`` None
    asks for the space itself (14.2.5, 14.3.6). Units off the map (Reserve Box) are in supply."""
    if not board.is_space(g, loc):
        return True
    if nation is not None and always_in_supply(g, loc, nation, attrition):
        return True
    return loc in supplied_spaces(g, side, nation)


def oos_units(g: "Game", side: str, attrition: bool = False) -> list[int]:
    """Every unit of ``side`` on the map that is out of supply now (14.1), in piece order.
    Remembered with the supply snapshot (which names every unit on the map)."""
    snap = _snapshot(g)
    key = (side, attrition, bool(g.get("pog_greece_limited")))   # always_in_supply reads it
    hit = snap.oos.get(key)
    if hit is None:
        hit = snap.oos[key] = _oos_units(g, snap, side, attrition)
    return list(hit)


def _oos_units(g: "Game", snap: _Snapshot, side: str, attrition: bool) -> list[int]:
    nation_of = snap.map.unit_nation
    pieces = g.state.pieces
    cache: dict[str, frozenset[str]] = {}
    out = []
    at = 1 if side == "AP" else 2
    for loc, facts in snap.read.items():
        for pid in facts[at]:
            nation = nation_of[pieces[pid].type]
            if always_in_supply(g, loc, nation, attrition):
                continue
            supplied = cache.get(nation)
            if supplied is None:             # one search per nationality in play
                supplied = cache[nation] = supplied_spaces(g, side, nation)
            if loc not in supplied:
                out.append(pid)
    return sorted(out)


def unit_in_supply(g: "Game", pid: int, attrition: bool = False) -> bool:
    """14.1 for one unit where it stands."""
    piece = g.state.pieces[pid]
    return in_supply(g, piece.loc, board.side_of(g, pid), board.nation_of(g, pid), attrition)


def supplied_only_through(g: "Game", pid: int, nation: str) -> bool:
    """7.1.6: does this unit trace supply through a space of ``nation``? Our reading: it stands
    in such a space, or it traces supply (14.1) but could not with every space of ``nation``
    closed to its line (overland or as a port). Units always in supply (14.1.5) and OOS units
    trace no line."""
    piece = g.state.pieces[pid]
    loc, side, own = piece.loc, board.side_of(g, pid), board.nation_of(g, pid)
    if not board.is_space(g, loc) or always_in_supply(g, loc, own) \
            or loc not in supplied_spaces(g, side, own):
        return False
    if board.attr(g, loc, "nation") == nation:
        return True
    return loc not in _supplied(g, side, own, None, True, nation)


def activation_violation(g: "Game", pid: int) -> Violation | None:
    """For ops.py: why this unit may not be activated to move or attack now, or None.
    14.1.1.1 supply is checked when the Move/Attack marker is placed; 14.3.1 OOS units may not
    move or attack; 14.1.5 TU units kept in supply only by Medina may not activate."""
    piece = g.state.pieces[pid]
    nation = board.nation_of(g, pid)
    if nation == "TU" and piece.loc == MEDINA and not in_supply(g, MEDINA, "CP", "TU"):
        return Violation("PoG 14.1.5", "Turkish units supplied only by Medina may not activate")
    if not unit_in_supply(g, pid):
        return Violation("PoG 14.3.1", f"{g.ptype(pid).name} in {piece.loc} is out of supply "
                                       "and may not move or attack (14.1.1.1)")
    return None


def sr_violation(g: "Game", pid: int) -> Violation | None:
    """For sr.py: 14.3.2 OOS units may not SR (nor TU units supplied only by Medina, 14.1.5)."""
    if activation_violation(g, pid) is not None:
        return Violation("PoG 14.3.2", f"{g.ptype(pid).name} is out of supply and may not SR")
    return None


def mark_oos(g: "Game", side: str | None = None) -> list[int]:
    """Keep ``m_oos`` markers on exactly the spaces holding OOS units (of ``side``, or both
    sides), as the table shows them (4.1.2). Returns the OOS units."""
    sides = (side,) if side else ("CP", "AP")
    oos = [pid for s in sides for pid in oos_units(g, s)]
    pieces = g.state.pieces
    want = {pieces[pid].loc for pid in oos}
    m = _map(g)
    marked = {loc: list(marks) for loc, marks in board.marker_spaces(g, "m_oos").items()
              if loc in m.space_set}
    # in map order, as the markers are numbered
    for loc in sorted(want | marked.keys(), key=m.order.__getitem__):
        marks = marked.get(loc, ())
        if loc in want and not marks:
            g.do(C.Create("m_oos", loc, None, 0, {}))
        elif loc not in want and marks:
            units = board.units_in(g, loc)
            if not units or side is None or board.side_of(g, units[0]) == side:
                for mark in marks:
                    g.do(C.Delete(mark))
    return oos
