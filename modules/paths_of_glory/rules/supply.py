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
the search needs no costs); tracers crossing the same dotted lines share their table of lines.
An answer is kept for every position agreeing on what the search reads (the passable spaces,
usable ports, sources and lines), and a side's answers are shared by the next position while
nothing its lines depend on changed (control, enemy units, sieges, beachheads), so a move of
a side's own units never retraces that side. A search over more lines than the undotted ones
grows from the search over those, and a search over more passable spaces from the last one
over fewer; OOS units are read again only where something changed.
"""
from __future__ import annotations

import weakref
from itertools import chain
from typing import TYPE_CHECKING, AbstractSet, Iterable

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
        #: the spaces whose facts say which ports a side may use (:func:`_port_ok`)
        self.port_facts = frozenset(self.ports) | {"gallipoli"}
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
        #: 14.1.5 by (space, nationality, attrition): :func:`_always_here`
        self.always: dict[tuple[str, str, bool], bool] = {}


def _map(g: "Game") -> _Map:
    return board.per_module(g, "supply_map", lambda: _Map(g))


# -- sources ---------------------------------------------------------------------------------
def _source_spaces(g: "Game", kind: str) -> list[str]:
    return list(_map(g).source.get(kind, ()))


def sources(g: "Game", side: str, nation: str | None) -> list[str]:
    """The supply sources a unit of ``nation`` may trace to (14.2); ``nation`` None = a space,
    which may use any source of its side (14.2.5)."""
    return list(_sources(position(g), side, nation))


def _sources(snap: "_Snapshot", side: str, nation: str | None) -> tuple[str, ...]:
    """:func:`sources` in the position ``snap``."""
    source = snap.map.source
    if side == "CP":
        return tuple(source["CP"])                                       # 14.2.1
    out = tuple(source["AP"])                                            # 14.2.4 London
    if nation is None or nation in RUSSIAN_CLASS:
        out += tuple(source["RU"])                                       # 14.2.2
    if nation is None or nation == "SB":
        out += tuple(l for l in source["SB"] if snap.ctrl[l] == "AP")   # 14.2.3
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
            mark, ap, cp, siege, gone, beach = facts
            if mark is not None:
                self.marks[loc] = self.ctrl[loc] = mark
            for side, here in (("AP", ap), ("CP", cp)):
                if here:
                    self.units[side].add(loc)
                    self.counts[side][loc] = len(here)
            if siege:
                self.sieges.add(loc)
            if gone:
                self.destroyed.add(loc)
            if beach:
                self.beachheads.add(loc)
        self._finish()

    def _finish(self) -> None:
        #: Siege markers (board.fort_besieged); besieged: those of forts not destroyed
        self.besieged = self.sieges - self.destroyed
        #: the forts standing (printed, not destroyed: :func:`board.fort_intact`)
        self.intact_forts = self.map.forts - self.destroyed
        self._marks: frozenset | None = None
        #: per side, supply's answers that depend only on :meth:`key` (passable spaces, usable
        #: ports, supplied spaces by question, the key itself): shared by every later
        #: snapshot with the same key
        self.lines: dict[str, dict] = {"AP": {}, "CP": {}}
        #: oos_units' answers for this snapshot, by (side, attrition, Greece limited): the
        #: spaces holding OOS units of that side, with those units, and the supplied spaces
        #: of each nationality it searched
        self.oos: dict[tuple, tuple[dict[str, tuple[int, ...]], dict[str, frozenset[str]]]] = {}
        #: per side, the :attr:`oos` of the last snapshot before this one that has answers for
        #: that side, and the spaces changed since (:func:`oos_units` reads only those again,
        #: and those whose supply changed)
        self.oos_since: dict[str, tuple[dict, frozenset[str]]] = {}
        #: other rules' answers that depend only on what the snapshot holds, by question
        self.memo: dict[tuple, object] = {}

    def updated(self, g: "Game", touched: Iterable[str]) -> "_Snapshot":
        """This snapshot after the stacks of ``touched`` changed: itself if nothing supply
        reads changed there, else a new one (a snapshot never changes once made): this one
        with the changed spaces read again. Tables nothing changed in are shared with this
        one (never changed once made), and so are a side's line answers (:attr:`lines`) if
        no change reached what its :meth:`key` holds (control, enemy units' spaces, sieges,
        destroyed forts, beachheads)."""
        m = self.map
        pieces, kinds, unit_side = g.state.pieces, m.kinds, m.unit_side
        stacks, read = g.state.stacks, self.read
        changed: dict[str, tuple] = {}
        for loc in set(touched):
            if loc in m.space_set:
                stack = stacks.get(loc)
                facts = _read_space(stack, pieces, kinds, unit_side) if stack else None
                if facts != read.get(loc):
                    changed[loc] = facts
        if not changed:
            return self
        marks = forts = beach = ap_at = cp_at = ap_n = cp_n = False
        for loc, facts in changed.items():
            was = read.get(loc) or _NOTHING
            now = facts or _NOTHING
            marks = marks or was[0] != now[0]
            ap_at = ap_at or (not was[1]) != (not now[1])
            cp_at = cp_at or (not was[2]) != (not now[2])
            ap_n = ap_n or len(was[1]) != len(now[1])
            cp_n = cp_n or len(was[2]) != len(now[2])
            forts = forts or was[3] != now[3] or was[4] != now[4]
            beach = beach or was[5] != now[5]
        new = _Snapshot.__new__(_Snapshot)
        new.map = m
        new.read = read = dict(read)
        new.marks, new.ctrl = (dict(self.marks), dict(self.ctrl)) if marks \
            else (self.marks, self.ctrl)
        new.units = {"AP": set(self.units["AP"]) if ap_at else self.units["AP"],
                     "CP": set(self.units["CP"]) if cp_at else self.units["CP"]}
        new.counts = {"AP": dict(self.counts["AP"]) if ap_n else self.counts["AP"],
                      "CP": dict(self.counts["CP"]) if cp_n else self.counts["CP"]}
        new.sieges, new.destroyed = (set(self.sieges), set(self.destroyed)) if forts \
            else (self.sieges, self.destroyed)
        new.beachheads = set(self.beachheads) if beach else self.beachheads
        printed = m.printed
        for loc, facts in changed.items():
            if facts is None:
                read.pop(loc, None)
            else:
                read[loc] = facts
            mark, ap, cp, siege, gone, bh = facts or _NOTHING
            if marks:
                if mark is not None:
                    new.marks[loc] = new.ctrl[loc] = mark
                elif new.marks.pop(loc, None) is not None:
                    new.ctrl[loc] = printed[loc]
            for side, here, at, n in (("AP", ap, ap_at, ap_n), ("CP", cp, cp_at, cp_n)):
                if at:
                    if here:
                        new.units[side].add(loc)
                    else:
                        new.units[side].discard(loc)
                if n:
                    if here:
                        new.counts[side][loc] = len(here)
                    else:
                        new.counts[side].pop(loc, None)
            if forts:
                for table, there in ((new.sieges, siege), (new.destroyed, gone)):
                    if there:
                        table.add(loc)
                    else:
                        table.discard(loc)
            if beach:
                if bh:
                    new.beachheads.add(loc)
                else:
                    new.beachheads.discard(loc)
        if forts:
            new.besieged = new.sieges - new.destroyed
            new.intact_forts = m.forts - new.destroyed
        else:
            new.besieged, new.intact_forts = self.besieged, self.intact_forts
        new._marks = None if marks else self._marks
        same = not (marks or forts)
        new.lines = {"AP": self.lines["AP"] if same and not beach and not cp_at else {},
                     "CP": self.lines["CP"] if same and not ap_at else {}}
        new.oos, new.oos_since = {}, {}
        where = frozenset(changed)
        asked = {k[0] for k in self.oos}
        ports_same = not beach and m.port_facts.isdisjoint(where) \
            and new.beachheads.isdisjoint(where)
        for side in ("AP", "CP"):
            if side in asked:
                new.oos_since[side] = (self.oos, where)
            elif side in self.oos_since:
                oos, before = self.oos_since[side]
                new.oos_since[side] = (oos, before | where)
            was, now = self.lines[side], new.lines[side]
            if now is not was and was:
                passable = was.get("passable")
                if passable is not None:     # 14.1.3 is a fact of each space: patch the set
                    now["passable"] = (passable - where).union(
                        l for l in where if _passes(new, side, l))
                if ports_same:
                    for key in (("ports", True), ("ports", False)):   # 14.1.4: as they were
                        if key in was:
                            now[key] = was[key]
        new.memo = {}
        return new

    def key(self, side: str) -> tuple:
        """Everything ``side``'s supply lines depend on in this position."""
        lines = self.lines[side]
        hit = lines.get("key")
        if hit is None:
            if self._marks is None:
                self._marks = frozenset(self.marks.items())
            hit = lines["key"] = (side, self._marks, frozenset(self.units[other_side(side)]),
                                  frozenset(self.besieged),
                                  frozenset(self.beachheads) if side == "AP" else None)
        return hit


_NOTHING = (None, (), (), False, False, False)   # what supply reads of an empty space


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
    later one at the same address), module (which that state holds) and journal mark. One
    holder for the process: rules run on one thread at a time (engine.rules.Ruleset)."""
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


def _passable(snap: _Snapshot, side: str) -> frozenset[str]:
    """14.1.3: the spaces a line of ``side`` runs through — friendly-controlled and free of
    enemy units, or a besieged enemy fort (15.2.2). Worked out once per key of ``side``
    (:attr:`_Snapshot.lines`)."""
    lines = snap.lines[side]
    hit = lines.get("passable")
    if hit is None:
        enemy = other_side(side)
        enemy_units, besieged = snap.units[enemy], snap.besieged
        hit = lines["passable"] = frozenset(
            l for l, c in snap.ctrl.items() if l not in enemy_units and (
                c == side or (c == enemy and l in besieged)))
    return hit


def _passes(snap: _Snapshot, side: str, loc: str) -> bool:
    """Whether ``loc`` is in :func:`_passable` (a space: 14.1.3, 15.2.2)."""
    enemy, c = other_side(side), snap.ctrl[loc]
    return loc not in snap.units[enemy] and (c == side or (c == enemy and loc in snap.besieged))


def _ports(snap: _Snapshot, side: str, beachheads: bool) -> tuple[str, ...]:
    """14.1.4: the friendly unbesieged ports ``side`` may use for sea supply, with the MEF
    beachheads for the Allies (9.5.3.5) unless ``beachheads`` is False (ops.py asks who
    traces through a beachhead, 9.2.7.1). Worked out once per key of ``side`` and flag."""
    lines, key = snap.lines[side], ("ports", beachheads)
    hit = lines.get(key)
    if hit is None:
        m = snap.map
        cands = list(m.ports)
        if side == "AP" and beachheads:                       # 9.5.3.5 beachhead = port
            cands += sorted(snap.beachheads - set(cands))
        hit = lines[key] = tuple(l for l in cands if _port_ok(snap, side, l))
    return hit


def _port_ok(snap: _Snapshot, side: str, loc: str) -> bool:
    """14.1.4: a friendly unbesieged port this side may use for sea supply."""
    ctrl = snap.ctrl
    if ctrl.get(loc) != side or loc in snap.units[other_side(side)] or loc in snap.besieged:
        return False
    nation = snap.map.nation.get(loc)
    if side == "CP":
        return nation in CP_PORT_NATIONS
    if nation in CP_PORT_NATIONS:
        return False
    if loc == "constantinople":
        return ctrl.get("gallipoli") == "AP"
    return True


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
        hit = _lines_of(g, closed)[:2]
        tables[(side, nation)] = hit
    return hit


def _base_closed(g: "Game") -> frozenset:
    """Every dotted (nation-restricted) line, both ways (11.1.4): the lines closed to a tracer
    that may cross none of them; every tracer's closed lines are among these."""
    tables = board.per_module(g, "supply_lines", dict)
    hit = tables.get("base")
    if hit is None:
        graph = g.graph
        ids = graph._ids
        hit = tables["base"] = frozenset(
            (ids[i], ids[j]) for i in range(len(ids))
            for j, e in zip(graph._nbr[i], graph._nbr_edge[i])
            if e is not None and e.attrs.get("only"))
    return hit


def _lines_of(g: "Game", closed: frozenset) -> tuple[frozenset, dict[str, tuple[str, ...]],
                                                     frozenset[str]]:
    """The table of lines open but ``closed`` (read once per module): (``closed``, neighbours
    by location, the locations with more neighbours than with every dotted line closed)."""
    tables = board.per_module(g, "supply_lines", dict)
    hit = tables.get(closed)
    if hit is None:
        graph = g.graph
        ids = graph._ids
        adj = {ids[i]: tuple(ids[j] for j in graph._nbr[i] if (ids[i], ids[j]) not in closed)
               for i in range(len(ids))}
        grown = frozenset(a for a, _b in _base_closed(g) - closed)
        hit = tables[closed] = (closed, adj, grown)
    return hit


def _spread(adj: dict[str, tuple[str, ...]], reach: set[str], frontier: Iterable[str],
            passable: AbstractSet[str]) -> None:
    """Grow ``reach`` from ``frontier`` (passable locations already in it): every location
    next to a passable reached one is reached; only passable ones carry the line on (14.1.2:
    a unit's own space need not be friendly). Breadth-first, a whole ring of locations at a
    time (every step costs the same, and the answer is the set reached, not an order)."""
    ring = frontier
    while ring:
        new = set(chain.from_iterable(map(adj.__getitem__, ring)))
        new -= reach
        reach |= new
        ring = new & passable


_CACHE_LIMIT = 4096   # traces kept per module


def forget(g: "Game") -> None:
    """Drop every remembered answer (benchmarks measure the searches themselves)."""
    board.per_module(g, "supply_traces", dict).clear()
    board.per_module(g, "supply_regrown", dict).clear()
    _SNAP.state = None


def supplied_spaces(g: "Game", side: str, nation: str | None,
                    only_sources: Iterable[str] | None = None) -> frozenset[str]:
    """Every space from which a unit of ``nation`` (None: a space, 14.2.5) of ``side`` traces
    supply (14.1.2-14.1.4), to ``only_sources`` if given (17.1.4.1 asks which source).
    Remembered by what the lines depend on (control, enemy units, sieges, beachheads: the
    snapshot's key), so asking again in a position that moved nothing supply reads is free."""
    return _answer(g, _snapshot(g), side, nation,
                   tuple(only_sources) if only_sources is not None else None)


def _answer(g: "Game", snap: _Snapshot, side: str, nation: str | None,
            only: tuple[str, ...] | None) -> frozenset[str]:
    """:func:`supplied_spaces` in ``snap`` (the position now): kept in the snapshot's line
    answers for ``side``, which later snapshots with the same key share."""
    lines = snap.lines[side]
    q = (nation, only)
    hit = lines.get(q)
    if hit is None:
        hit = lines[q] = _supplied(g, side, nation, only, True, None)
    return hit


def _supplied(g: "Game", side: str, nation: str | None, only_sources: tuple[str, ...] | None,
              beachheads: bool, avoid: str | None) -> frozenset[str]:
    """:func:`_trace`, remembered per module by everything the search reads (so tracers and
    positions that agree on it share one search): the spaces a line of ``side`` runs through
    (:func:`_passable`, and ``avoid``), the usable ports (None: no sea, 14.2.2), the sources,
    the lines closed to the tracer, and for a space of the Allies the state of Taranto
    (11.1.12)."""
    snap = _snapshot(g)
    srcs = only_sources if only_sources is not None else _sources(snap, side, nation)
    closed, adj = _lines(g, side, nation)
    passable = _passable(snap, side)
    ports = None if nation in RUSSIAN_CLASS else _ports(snap, side, beachheads)
    albania = None
    if nation is None and avoid is None and side == "AP":
        albania = (snap.ctrl.get("taranto"), "taranto" in snap.units["CP"])
    key = (side, passable, avoid, ports, srcs, closed, albania)
    cache = board.per_module(g, "supply_traces", dict)
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        base: frozenset[str] | None = None
        grown: frozenset[str] = frozenset()
        if ports is not None:
            # every line this tracer may use but the dotted ones, from its side's own sources
            # (14.2.1, 14.2.4), by the same sea: a part of its answer found by a search others
            # share, grown from there
            b_closed, b_adj, _grown = _lines_of(g, _base_closed(g))
            b_srcs = tuple(snap.map.source[side])
            if (b_closed != closed or b_srcs != srcs or albania is not None) \
                    and set(b_srcs) <= set(srcs):
                b_key = (side, passable, avoid, ports, b_srcs, b_closed, None)
                base = cache.get(b_key)
                if base is None:
                    base = cache[b_key] = _regrown(g, snap, passable, avoid, b_srcs, b_closed,
                                                   b_adj, ports)
                grown = _lines_of(g, closed)[2]
        if base is None and albania is None:
            hit = cache[key] = _regrown(g, snap, passable, avoid, srcs, closed, adj, ports)
        else:
            hit = cache[key] = frozenset(_search(snap, passable, avoid, srcs, adj, ports, albania,
                                                 g.graph.neighbours("taranto") if albania else (),
                                                 base, grown))
    return hit


def _regrown(g: "Game", snap: _Snapshot, passable: frozenset[str], avoid: str | None,
             srcs: tuple[str, ...], closed: frozenset, adj: dict[str, tuple[str, ...]],
             ports: tuple[str, ...] | None) -> frozenset[str]:
    """:func:`_search` (with no 11.1.12 part; the sources tell the side), grown from the last answer of the same search
    (sources, lines, ``avoid``, sea or not) when that one's passable spaces and usable ports
    were among these: a line only gains spaces as passable spaces and ports are added, so
    the search goes on from the newly passable spaces it had reached and from new sources."""
    last = board.per_module(g, "supply_regrown", dict)
    what = (avoid, srcs, closed, ports is None)
    prev = last.get(what)
    base: frozenset[str] | None = None
    grown: AbstractSet[str] = frozenset()
    if prev is not None and prev[0] <= passable \
            and (ports is None or prev[1].issubset(ports)):
        base, grown = prev[2], passable - prev[0]
    hit = frozenset(_search(snap, passable, avoid, srcs, adj, ports, None, (), base, grown))
    last[what] = (passable, frozenset(ports or ()), hit)
    return hit


def _trace(g: "Game", side: str, nation: str | None,
           only_sources: Iterable[str] | None, beachheads: bool = True,
           avoid: str | None = None) -> set[str]:
    """The supplied spaces; ``avoid`` (a nation) forbids lines through its spaces (7.1.6)."""
    snap = _snapshot(g)
    srcs = list(only_sources) if only_sources is not None else sources(g, side, nation)
    albania = None
    if nation is None and avoid is None and side == "AP":
        albania = (snap.ctrl.get("taranto"), "taranto" in snap.units["CP"])
    return _search(snap, _passable(snap, side), avoid, srcs, _lines(g, side, nation)[1],
                   None if nation in RUSSIAN_CLASS else _ports(snap, side, beachheads), albania,
                   g.graph.neighbours("taranto") if albania else ())


def _search(snap: _Snapshot, every: frozenset[str], avoid: str | None, srcs: Iterable[str],
            adj: dict[str, tuple[str, ...]], ports: tuple[str, ...] | None,
            albania: tuple | None, near_taranto: Iterable[str],
            base: frozenset[str] | None = None, grown: AbstractSet[str] = frozenset()) -> set[str]:
    """The search :func:`_trace` makes: from the sources ``srcs`` over the passable spaces
    ``every`` (less those of ``avoid``'s nation, 7.1.6) and the lines ``adj``, then by sea
    through ``ports`` (None: never by sea, 14.2.2); ``albania`` (Taranto's controller and
    whether CP units hold it) when a space of the Allies asks, for 11.1.12.

    ``base``, if given, is the answer of a search with no 11.1.12 part whose every space is
    in this answer too — the same search over fewer lines, from fewer sources, or over fewer
    passable spaces and ports — and whose passable spaces were searched from, each through
    its lines then: the search goes on from the spaces of ``grown`` it reached (those with
    more lines now, or newly passable) and from the new sources. The answer is the same set a
    search from scratch finds."""
    m = snap.map
    passable: AbstractSet[str] = every
    if avoid is not None:
        passable = {l for l in passable if m.nation.get(l) != avoid}
    if base is None:
        ring = {s for s in srcs if s in passable}
        reach = set(ring)
    else:
        reach = set(base)
        ring = {s for s in srcs if s in passable and s not in reach}
        reach |= ring
        ring.update(u for u in grown if u in reach and u in passable)
    _spread(adj, reach, ring, passable)
    if ports is not None:
        ports = [p for p in ports if p in passable]
        if not reach.isdisjoint(ports):                       # a port linked to a source
            more = [p for p in ports if p not in reach]
            reach.update(more)
            _spread(adj, reach, more, passable)
    if albania is not None and albania[0] is not None and albania[0] != "CP" \
            and not albania[1]:
        # 11.1.12: Albanian spaces may trace to Taranto even while Italy is neutral
        near = {n for n in near_taranto if n in every}
        if near:
            extra = set(near)
            _spread(adj, extra, near, every)
            reach |= {l for l in extra if m.nation.get(l) == "AL"}
    return reach


# -- the questions other rules ask ------------------------------------------------------------
def always_in_supply(g: "Game", loc: str, nation: str, attrition: bool = False) -> bool:
    """14.1.5: MN units; ANA and SN in the Near East; SB in Serbia; TU at Medina (attrition).
    Also the Greek units while Greece is only in limited entry (9.5.2.4): they stay neutral,
    so no supply rule touches them (our reading; fuzz seed 333 saw attrition take one)."""
    if nation == "GR" and g.get("pog_greece_limited"):
        return True
    return _always_here(_snapshot(g).map, loc, nation, attrition)


def _always_here(m: _Map, loc: str, nation: str, attrition: bool) -> bool:
    """The part of :func:`always_in_supply` the printed map answers (all but Greece's limited
    entry), remembered per module by (space, nationality, attrition)."""
    key = (loc, nation, attrition)
    hit = m.always.get(key)
    if hit is None:
        if nation == "MN":
            hit = True
        elif nation in ("ANA", "SN"):
            hit = loc in m.space_set and m.region[loc] == "near_east"
        elif nation == "SB":
            hit = loc in m.space_set and m.nation[loc] == "SB"
        else:
            hit = attrition and nation == "TU" and loc == MEDINA
        m.always[key] = hit
    return hit


def in_supply(g: "Game", loc: str, side: str, nation: str | None, attrition: bool = False) -> bool:
    """14.1: does a unit of ``nation`` and ``side`` in ``loc`` trace supply? ``nation`` None
    asks for the space itself (14.2.5, 14.3.6). Units off the map (Reserve Box) are in supply."""
    snap = _snapshot(g)
    m = snap.map
    if loc not in m.space_set:
        return True
    if nation is not None:
        always = m.always.get((loc, nation, attrition))
        if always is None:
            always = _always_here(m, loc, nation, attrition)
        if always or (nation == "GR" and g.get("pog_greece_limited")):
            return True
    hit = snap.lines[side].get((nation, None))
    if hit is None:
        hit = _answer(g, snap, side, nation, None)
    return loc in hit


def oos_units(g: "Game", side: str, attrition: bool = False) -> list[int]:
    """Every unit of ``side`` on the map that is out of supply now (14.1), in piece order.
    Remembered with the supply snapshot (which names every unit on the map). Worked out from
    the last snapshot's answer for the side where there is one: only the spaces changed since
    and the spaces holding its units whose supply changed for a nationality it searched are
    read again (every other unit has the same space, supply and 14.1.5 standing as then)."""
    snap = _snapshot(g)
    greek = bool(g.get("pog_greece_limited"))                # always_in_supply reads it
    key = (side, attrition, greek)
    hit = snap.oos.get(key)
    if hit is None:
        since = snap.oos_since.get(side)
        supplied_by: dict[str, frozenset[str]] = {}
        if since is not None and key in since[0]:
            (old, searched), redo = since[0][key], set(since[1])
            here = snap.units[side]
            for nation, was in searched.items():
                now = supplied_by[nation] = _answer(g, snap, side, nation, None)
                if now is not was:
                    redo.update((was ^ now) & here)
            at = {loc: pids for loc, pids in old.items() if loc not in redo}
            _oos_at(g, snap, side, attrition, greek, redo, at, supplied_by)
        else:
            at = {}
            _oos_at(g, snap, side, attrition, greek, snap.read, at, supplied_by)
        hit = snap.oos[key] = (at, supplied_by)
    return sorted(pid for pids in hit[0].values() for pid in pids)


def _oos_at(g: "Game", snap: _Snapshot, side: str, attrition: bool, greek: bool,
            locs: Iterable[str], out: dict[str, tuple[int, ...]],
            supplied_by: dict[str, frozenset[str]]) -> None:
    """The OOS units of ``side`` in each space of ``locs``, into ``out`` (spaces with any);
    ``supplied_by`` keeps the supplied spaces of each nationality searched."""
    m = snap.map
    nation_of, pieces, read = m.unit_nation, g.state.pieces, snap.read
    at = 1 if side == "AP" else 2
    for loc in locs:
        facts = read.get(loc)
        if facts is None or not facts[at]:
            continue
        cut: tuple[int, ...] = ()
        for pid in facts[at]:
            nation = nation_of[pieces[pid].type]
            always = m.always.get((loc, nation, attrition))
            if always is None:
                always = _always_here(m, loc, nation, attrition)
            if always or (greek and nation == "GR"):
                continue
            supplied = supplied_by.get(nation)
            if supplied is None:             # one search per nationality in play
                supplied = supplied_by[nation] = _answer(g, snap, side, nation, None)
            if loc not in supplied:
                cut += (pid,)
        if cut:
            out[loc] = cut


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
