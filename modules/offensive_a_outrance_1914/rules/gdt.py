"""22.3 The Groupe de Divisions Territoriales (GDT) before GT 18: which units are the GDT's, and
its mission line (22.3.2).

22.3.2: during GT 1-15 the GDT's units must keep a line of contiguous ZOCs from any hex adjacent
to La Manche to a ZOC of an Allied unit assigned to an army. The rulebook prints no sanction.
Reading R50 (COVERAGE.md), as a referee would hold the player to the mission: while the line
holds, a move of GDT units that would break it is refused (a Force's move, entraining into Rail
Mode, embarking, a Two-Hex unit's consolidation, pivot or sideways move, the optional Voluntary
Withdrawal — the ways a unit leaves its place or its ZOC by the owner's choice); when the
line does not hold (as set up, or cut by the enemy), GDT units move freely, so that they can
restore it. Forced retreats are not moves and are never refused.

The line: the hexes of the GDT's units and their ZOCs (3.2, 3.2.1; the detachments of 22.3.3 are
the GDT divisions' components and count as the GDT's, although the Assignment Phase gives them,
like every Support unit, the army whose AoA they stand in), joined hex to adjacent hex, must link
a French land hex next to the sea (La Manche: the map's French coast, Le Havre to Dunkerque) with
the ZOC of a unit of an army (the armies of the Organization Displays, not the Paris Garrison nor
the GDT).
"""
from __future__ import annotations

from engine.rules import Violation

from .game import Game

#: 22.3: the GDT's special rules end in GT 18; 22.3.2 the mission lasts GT 1-15.
GDT_ENDS = 18
MISSION_LAST_GT = 15
NOT_ARMIES = ("PARIS", "GDT", "")

_CHANNEL: dict[int, frozenset[str]] = {}


def is_detachment(g: Game, pid: int) -> bool:
    """22.3.3: a GDT division's detachment ("1 det 81" …)."""
    t = g.ut(pid)
    return t is not None and " det " in f" {t.name} "


def units(g: Game) -> list[int]:
    """The units assigned to the GDT before GT 18 (22.3.1): its Formations (Assignment markers on
    the GDT display), its Corps Train and the detachments of its divisions (22.3.3)."""
    if g.gt >= GDT_ENDS:
        return []
    return [p for p in g.units_of("allied") if g.army(p) == "GDT" or g.corps(p) == "GDT" or is_detachment(g, p)]


def channel_hexes(g: Game) -> frozenset[str]:
    """22.3.2: the hexes adjacent to La Manche — French land hexes next to a sea hex."""
    board = g.board
    key = id(board)
    if key not in _CHANNEL:
        _CHANNEL[key] = frozenset(
            h for h in board.land if board.hexes[h].get("country") == "FR"
            and any(board.terrain.get(n) == "sea" for n in board.all_nbrs.get(h, ())))
    return _CHANNEL[key]


def _zone(g: Game, where: list[str]) -> set[str]:
    """The hexes of units standing in ``where`` and their ZOCs (3.2.1: not across sea or crest)."""
    out: set[str] = set()
    for h in where:
        if h in g.board.land:
            out.add(h)
            out.update(g.board.zoc_nbrs.get(h, ()))
    return out


def _positions(g: Game, pid: int) -> list[str]:
    piece = g.state.pieces[pid]
    other = piece.props.get("two_hex")
    return [piece.loc] + ([other] if other else [])


def army_zone(g: Game) -> frozenset[str]:
    """The hexes of the Allied units assigned to an army that exert a ZOC, and their ZOCs."""
    def build() -> frozenset[str]:
        gdt = set(units(g))
        where = [h for p in g.units_of("allied") if p not in gdt and g.army(p) not in NOT_ARMIES
                 and g.exerts_zoc(p) for h in _positions(g, p)]
        return frozenset(_zone(g, where))
    return g.cached("gdt:army_zone", build)


def line_holds(g: Game, moved: dict[int, tuple[str, ...]] | None = None) -> bool:
    """22.3.2: the GDT's contiguous ZOCs link La Manche to an army unit's ZOC — with the units of
    ``moved`` standing in the hexes given instead (none: exerting no ZOC, e.g. in Rail Mode)."""
    moved = moved or {}
    where: list[str] = []
    for p in units(g):
        if g.exerts_zoc(p):
            where.extend(moved[p] if p in moved else _positions(g, p))
    zone = _zone(g, where)
    armies = army_zone(g)
    nbrs = g.board.nbrs
    seen = zone & channel_hexes(g)
    frontier = list(seen)
    while frontier:
        h = frontier.pop()
        if h in armies or any(n in armies for n in nbrs.get(h, ())):
            return True
        for n in nbrs.get(h, ()):
            if n in zone and n not in seen:
                seen.add(n)
                frontier.append(n)
    return False


def bound(g: Game, pids: list[int]) -> bool:
    """22.3.2 binds these units now: GT 1-15, some of them the GDT's, and the line holds."""
    if g.gt > MISSION_LAST_GT or g.gt >= GDT_ENDS:
        return False
    gdt = set(units(g))
    if not any(p in gdt for p in pids):
        return False
    return g.cached("gdt:line_holds", lambda: line_holds(g))


def breaks_line(g: Game, pids: list[int], to: str | tuple[str, ...] | None) -> bool:
    """22.3.2 (reading R50): moving ``pids`` to ``to`` (a hex; both hexes of a Two-Hex unit; None:
    out of the line, entrained or embarked) would break the GDT's line while it holds."""
    if not bound(g, pids):
        return False
    where = () if to is None else (to,) if isinstance(to, str) else tuple(to)
    return not line_holds(g, {p: where for p in pids})


def keep_line(g: Game, pids: list[int], dests: dict[str, float]) -> dict[str, float]:
    """The destinations of a Force that keep the GDT's line (all of them when 22.3.2 does not
    bind the Force)."""
    if not bound(g, pids) or line_holds(g, {p: () for p in pids}):     # the line holds without them
        return dests
    return {h: left for h, left in dests.items() if line_holds(g, {p: (h,) for p in pids})}


def violation(g: Game) -> Violation:
    """The refusal of a choice that breaks the line (22.3.2, reading R50)."""
    return Violation(g.cite("22.3.2"), "during GT 1-15 the GDT's units keep their line of ZOCs from La Manche "
                                        "to an army (reading R50)")
