"""Trenches (18.0) and the fortresses' own trench level (20.1, 20.2, 20.6).

A hex's trench level is its trench marker (pieces ``m_trench1`` … ``m_trench3`` on the hex), or,
while a fortress stands there, the fortress's own level (its printed ``tl``, kept in the piece
property ``tl`` once bombardment has reduced it, 20.1, 20.5). Trenches serve whichever side
holds the hex (18.6).

Raising a trench from 1 to 2 or 2 to 3 takes two turns (18.2): the work in progress is the
global ``se_digging`` (hex → builder, levels, the turn it began) and a ``building to TL n``
marker on the trench marker; it completes at the end of the builder brigade's activation the next
turn or at the end of the next turn's Non-Activated Movement Phase, whichever comes first, and
reverts if the builder moves, assaults or is assaulted before (18.2.1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import commands as C

from . import board

if TYPE_CHECKING:
    from .game import Game

MAX_LEVEL = 3            # 18.1
TRENCH_TYPES = {1: "m_trench1", 2: "m_trench2", 3: "m_trench3"}
LEVEL_OF_TYPE = {v: k for k, v in TRENCH_TYPES.items()}
BRIGADE_BUDGET = 5       # 18.2: five trench levels a turn per brigade activated with LP


def fortress_at(g: "Game", loc: str) -> int | None:
    for pid in g.state.stacks.get(loc, ()):
        if board.is_fortress(g, pid):
            return pid
    return None


def fort_tl(g: "Game", pid: int) -> int:
    """20.1: the fortress's own trench level."""
    return int(g.piece(pid).props.get("tl", g.value(pid, "tl", 0)))


def marker_at(g: "Game", loc: str) -> int | None:
    for pid in g.state.stacks.get(loc, ()):
        if g.piece(pid).type in LEVEL_OF_TYPE:
            return pid
    return None


def level(g: "Game", loc: str) -> int:
    """The trench level of ``loc`` (0 when none)."""
    fort = fortress_at(g, loc)
    if fort is not None:
        return fort_tl(g, fort)
    m = marker_at(g, loc)
    return LEVEL_OF_TYPE[g.piece(m).type] if m is not None else 0


def _set_marker(g: "Game", loc: str, n: int) -> None:
    m = marker_at(g, loc)
    if m is not None:
        if n and LEVEL_OF_TYPE[g.piece(m).type] == n:
            return
        g.do(C.Delete(m))
    if n > 0:
        g.do(C.Create(TRENCH_TYPES[min(n, MAX_LEVEL)], loc, 0))


def set_level(g: "Game", loc: str, n: int, why: str) -> None:
    """Set the trench level of ``loc``; a fortress whose level reaches 0 is destroyed (20.2:
    removed, not surrendered)."""
    n = max(0, min(MAX_LEVEL, n))
    fort = fortress_at(g, loc)
    if fort is not None:
        g.do(C.SetProp(fort, "tl", n))
        if n == 0:
            g.note(f"{g.name(fort)} is destroyed: its trench level is 0 ({why}).")
            from_hex = g.where(fort)
            for m in list(g.piece(fort).markers):
                g.do(C.RemoveMarker(fort, m))
            g.do(C.Move(fort, f"eliminated:{g.side_of(fort)}"))
            _set_marker(g, from_hex, 0)
        return
    _set_marker(g, loc, n)
    cancel_digging(g, loc)


def reduce(g: "Game", loc: str, why: str) -> bool:
    """One level less (18.5, 18.6, 13.2.6 T); returns whether there was a level to lose."""
    now = level(g, loc)
    if now <= 0:
        return False
    set_level(g, loc, now - 1, why)
    g.note(f"Trench level in {g.hex_name(loc)} falls to {now - 1} ({why}).")
    return True


def fortress_leaves(g: "Game", pid: int, level_after: int) -> None:
    """20.6 / 20.7: the fortress leaves the map; its hex keeps ``level_after`` as a marker."""
    loc = g.where(pid)
    if "tl" in g.piece(pid).props:
        g.do(C.SetProp(pid, "tl", None))
    _set_marker(g, loc, max(0, level_after))


# -- building (18.1-18.3) ----------------------------------------------------------------------------

def digging(g: "Game") -> dict:
    return g.get("se_digging") or {}


def cancel_digging(g: "Game", loc: str, revert: bool = False) -> None:
    """Drop the work in progress in ``loc`` (18.2.1: reverts to its original level)."""
    work = digging(g)
    if loc not in work:
        return
    rest = {h: w for h, w in work.items() if h != loc}
    g.set("se_digging", rest or None)
    m = marker_at(g, loc)
    if m is not None:
        for mk in [x for x in g.piece(m).markers if x.startswith("building")]:
            g.do(C.RemoveMarker(m, mk))
    if revert:
        g.note(f"The trench work in {g.hex_name(loc)} is abandoned: it stays at level {work[loc]['from']} (18.2.1).")


def unit_disturbed(g: "Game", pid: int) -> None:
    """18.2.1: the builder moved, assaulted or was assaulted before completion."""
    for loc, w in list(digging(g).items()):
        if w["unit"] == pid:
            cancel_digging(g, loc, revert=True)


def hex_assaulted(g: "Game", loc: str) -> None:
    if loc in digging(g):
        cancel_digging(g, loc, revert=True)


def start_raise(g: "Game", pid: int, loc: str, brigade: str) -> None:
    now = level(g, loc)
    work = dict(digging(g))
    work[loc] = {"unit": pid, "from": now, "to": now + 1, "turn": g.turn, "brigade": brigade}
    g.set("se_digging", work)
    m = marker_at(g, loc)
    if m is not None:
        g.do(C.AddMarker(m, f"building to TL {now + 1}"))
    g.note(f"{g.name(pid)} starts raising the trench in {g.hex_name(loc)} to level {now + 1} "
           "(done next turn, 18.2).")


def complete(g: "Game", brigade: str | None = None) -> None:
    """18.2: works begun on an earlier turn complete now (at the end of the builder brigade's
    activation when ``brigade`` is given, or for every brigade at the end of the Non-Activated
    Movement Phase)."""
    for loc, w in sorted(digging(g).items()):
        if w["turn"] >= g.turn or (brigade is not None and w["brigade"] != brigade):
            continue
        if not g.exists(w["unit"]) or g.where(w["unit"]) != loc:
            cancel_digging(g, loc, revert=True)
            continue
        cancel_digging(g, loc)
        set_level(g, loc, w["to"], "trench work completed")
        g.note(f"The trench in {g.hex_name(loc)} reaches level {w['to']} (18.2).")
