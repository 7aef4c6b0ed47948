"""Questions about the map every Paths of Glory rule asks: who is in a space, who controls
it, its trench and fort, and which connections a nationality may use. Read-only: these take
a :class:`Game` and never change the state.

Space status lives in marker pieces (see :mod:`.game`): a space's controller is the face of
its ``m_control`` marker, else its printed starting control (2.1, 3.0.6).
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

if TYPE_CHECKING:
    from .game import Game

T = TypeVar("T")
TRENCH = {"AP": "m_trench_ap", "CP": "m_trench_cp"}
CONTROL_FACES = ("AP", "CP")


def is_space(g: "Game", loc: str) -> bool:
    location = g.module.locations.get(loc)
    return location is not None and location.kind == "space"


def spaces(g: "Game") -> Iterator[str]:
    return (l.id for l in g.module.locations.values() if l.kind == "space")


def attr(g: "Game", loc: str, key: str, default=None):
    return g.module.locations[loc].attrs.get(key, default)


def is_unit(g: "Game", pid: int) -> bool:
    return g.ptype(pid).kind == "unit"


def side_of(g: "Game", pid: int) -> str:
    return g.ptype(pid).side


def nation_of(g: "Game", pid: int) -> str:
    return g.ptype(pid).nationality


def is_army(g: "Game", pid: int) -> bool:
    return g.ptype(pid).size == "army"


_PER_MODULE: dict[tuple[int, str], Any] = {}
_MISSING = object()


def per_module(g: "Game", name: str, build: Callable[[], T]) -> T:
    """A fact of the module read once (its printed map, a table): ``build()`` on first use,
    dropped when the module is, so a module made later at the same address never reads
    another's."""
    key = (id(g.module), name)
    hit = _PER_MODULE.get(key, _MISSING)
    if hit is _MISSING:
        hit = _PER_MODULE[key] = build()
        weakref.finalize(g.module, _PER_MODULE.pop, key, None)
    return hit


def printed_spaces(g: "Game", name: str, keep: Callable[[str], bool]) -> tuple[str, ...]:
    """The map's spaces for which ``keep`` holds, in map order, worked out once per module
    (:func:`per_module`, under ``name``): ``keep`` must read printed facts only (nation, port,
    fort, VP, supply source, region), never the position, and ``name`` must tell apart every
    question asked (the nation or list it reads)."""
    return per_module(g, "printed:" + name, lambda: tuple(l for l in spaces(g) if keep(l)))


def units_in(g: "Game", loc: str, side: str | None = None) -> list[int]:
    """Combat units in ``loc`` (bottom to top), of ``side`` if given."""
    stack = g.state.stacks.get(loc)
    if not stack:
        return []
    sides = per_module(g, "unit_sides", lambda: {
        t: pt.side for t, pt in g.module.piece_types.items() if pt.kind == "unit"})
    pieces = g.state.pieces
    if side is None:
        return [pid for pid in stack if pieces[pid].type in sides]
    return [pid for pid in stack if sides.get(pieces[pid].type) == side]



#: the markers whose spaces :func:`marker_spaces` keeps: OOS (4.1.2) and Move/Attack (8.1.5)
INDEXED_MARKERS = ("m_oos", "m_move_attack")


class _MarkerIndex:
    """Where the :data:`INDEXED_MARKERS` stand, for which state (weakly: a state dropped is
    never matched by a later one at the same address), module and journal mark."""
    __slots__ = ("state", "module", "mark", "where")

    def __init__(self) -> None:
        self.state = self.module = self.mark = None
        self.where: dict[str, dict[str, list[int]]] = {}


_MARKERS = _MarkerIndex()


def _read_markers(stack, pieces, where: dict[str, dict[str, list[int]]], loc: str) -> None:
    for type_id in INDEXED_MARKERS:
        where[type_id].pop(loc, None)
    for pid in stack:
        type_id = pieces[pid].type
        if type_id in where:
            where[type_id].setdefault(loc, []).append(pid)


def marker_spaces(g: "Game", type_id: str) -> dict[str, list[int]]:
    """Every location holding a marker of ``type_id`` (one of :data:`INDEXED_MARKERS`) with
    those markers in stack order: what :func:`markers_in` answers, for every location at
    once. Kept up to date through the state's journal of changed locations
    (:meth:`GameState.touched_since`, which names every stack a piece entered, left or changed
    in), so only the stacks changed since the last question are read again; rebuilt from every
    stack for another state or module, or when the journal no longer reaches back. Read-only
    for the caller (it changes as the state does)."""
    state, kept = g.state, _MARKERS
    ref = kept.state
    pieces, stacks = state.pieces, state.stacks
    if ref is not None and kept.module == id(g.module) and ref() is state:
        mark = state.change_mark
        if kept.mark == mark:
            return kept.where[type_id]
        touched = state.touched_since(kept.mark)
        if touched is not None:
            for loc in set(touched):
                _read_markers(stacks.get(loc, ()), pieces, kept.where, loc)
            kept.mark = mark
            return kept.where[type_id]
    kept.state, kept.module, kept.mark = weakref.ref(state), id(g.module), state.change_mark
    kept.where = {t: {} for t in INDEXED_MARKERS}
    for loc, stack in stacks.items():
        _read_markers(stack, pieces, kept.where, loc)
    return kept.where[type_id]


def markers_in(g: "Game", loc: str, type_id: str) -> list[int]:
    return [pid for pid in g.state.stacks.get(loc, ()) if g.state.pieces[pid].type == type_id]


def controller(g: "Game", loc: str) -> str:
    """``"AP"``, ``"CP"`` or ``"neutral"`` (3.0.6)."""
    marks = markers_in(g, loc, "m_control")
    if marks:
        return CONTROL_FACES[g.state.pieces[marks[0]].face]
    return attr(g, loc, "control", "neutral") or "neutral"


def trench(g: "Game", loc: str) -> tuple[str, int]:
    """(owning side, level 0-2) of the trench in ``loc`` (11.2.3: at most one)."""
    for side, type_id in TRENCH.items():
        marks = markers_in(g, loc, type_id)
        if marks:
            return side, g.state.pieces[marks[0]].face + 1
    return "", 0


def fort_value(g: "Game", loc: str) -> int:
    return int(attr(g, loc, "fort", 0) or 0)


def fort_destroyed(g: "Game", loc: str) -> bool:
    return bool(markers_in(g, loc, "m_destroyed"))


def fort_besieged(g: "Game", loc: str) -> bool:
    return bool(markers_in(g, loc, "m_siege"))


def fort_intact(g: "Game", loc: str) -> bool:
    return fort_value(g, loc) > 0 and not fort_destroyed(g, loc)


def connections(g: "Game", loc: str, nation: str | None = None) -> list[str]:
    """Spaces joined to ``loc``; with ``nation``, only the lines that nationality may use
    (11.1.4: a dotted line names the nationalities that may cross it)."""
    out = []
    for other in g.graph.neighbours(loc):
        if not is_space(g, other):
            continue
        edge = g.graph.edge(loc, other)
        only = str(edge.attrs.get("only", "") or "") if edge is not None else ""
        if nation is not None and only and nation not in only.split():
            continue
        out.append(other)
    return out
