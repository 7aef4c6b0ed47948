"""Movement rules (11.1, 11.3, 15.1–15.2, 10.1): which space a moving group may enter, where it
may stop, and what entering does (control, trenches, sieges). Used by :mod:`.ops`.

A move is a whole path for one unit or group (11.1.1: a group's movement is completed before
another's begins), checked step by step.
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Callable, Iterable

from engine import commands as C
from engine.actions import Loc
from engine.rules import Violation

from . import board, cards, confinement, entry, sieges, supply
from .card_ids import FALL_OF_THE_TSAR, RACE_TO_THE_SEA
from .confinement import italy_closed  # noqa: F401  (5.7.4 #6; sr.py reads it here)
from .sieges import can_besiege
from .tracks import set_control

if TYPE_CHECKING:
    from .game import Game

STACKING_LIMIT = 3  # PoG 10.1.1
BEF_NATIONS = ("BR", "FR", "BE", "GE")  # PoG 11.1.17
CAUCASUS_LINK = {("caucasus", "grozny"), ("caucasus", "poti"), ("grozny", "caucasus"),
                 ("poti", "caucasus")}  # PoG 11.3.2
CP_COAST = ("amiens", "calais", "ostend")  # PoG 11.1.9


def caucasus_link_violation(g: "Game", pids: list[int], frm: str, to: str,
                            rule: str = "11.3.2") -> Violation | None:
    """11.3.2 / 12.1.9: between the Caucasus space and the Near East (Grozny, Poti) only one
    Russian corps per turn moves, attacks or retreats — never an army, never another nation,
    and after Fall of the Tsar not at all (SR aside, 13.2.2). None if (frm, to) is not the
    link or the crossing is allowed."""
    if (frm, to) not in CAUCASUS_LINK:
        return None
    if any(g.ptype(p).size == "army" or g.ptype(p).nationality != "RU" for p in pids):
        return Violation(f"PoG {rule}", "only a Russian corps may use the Caucasus link")
    if cards.event_played(g, FALL_OF_THE_TSAR):
        return Violation(f"PoG {rule}", "after Fall of the Tsar no Russian unit moves between "
                                        "the Caucasus and the Near East")
    if g.get("turn") in (g.get("pog_caucasus_link") or []) or len(pids) > 1:
        return Violation(f"PoG {rule}", "only one Russian corps per turn may use the Caucasus "
                                        "link")
    return None


def use_caucasus_link(g: "Game") -> None:
    """Record this turn's one crossing of the Caucasus link (11.3.2, 12.1.9)."""
    g.set("pog_caucasus_link", list(g.get("pog_caucasus_link") or []) + [g.get("turn")])


def adjacency(g: "Game") -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Every space's connections with the nationalities a dotted line admits (empty: all);
    computed once per ruleset."""
    cached = g.rules.__dict__.get("_pog_adjacency")
    if cached is None:
        cached = {}
        for loc in board.spaces(g):
            out = []
            for other in g.graph.neighbours(loc):
                if not board.is_space(g, other):
                    continue
                edge = g.graph.edge(loc, other)
                only = str(edge.attrs.get("only", "") or "") if edge is not None else ""
                out.append((other, frozenset(only.split())))
            cached[loc] = out
        g.rules.__dict__["_pog_adjacency"] = cached
    return cached


def edge_lines(g: "Game") -> dict[tuple[str, str], frozenset[str]]:
    """:func:`adjacency` by connection: (from, to) → the nationalities its line admits
    (empty: all); the first connection listed when a pair has several. Once per ruleset."""
    cached = g.rules.__dict__.get("_pog_edge_lines")
    if cached is None:
        cached = {}
        for loc, out in adjacency(g).items():
            for other, only in out:
                cached.setdefault((loc, other), only)
        g.rules.__dict__["_pog_edge_lines"] = cached
    return cached


def space_locs(g: "Game") -> dict[str, Loc]:
    """Every space's id as an action target (:class:`Loc`), made once per module."""
    return board.per_module(g, "space_locs", lambda: {l: Loc(l) for l in board.spaces(g)})


def season(g: "Game") -> str:
    loc = g.module.locations.get(f"turn:{g.get('turn', 1)}")
    return str(loc.attrs.get("season", "")) if loc is not None else ""


def on_near_east_map(g: "Game", loc: str) -> bool:
    """The Near East map, Constantinople and Bursa included (9.2.7, 11.3.1)."""
    return loc in _near_east(g)


def _near_east(g: "Game") -> frozenset[str]:
    """The locations :func:`on_near_east_map` names, read once per module."""
    return board.per_module(g, "near_east", lambda: frozenset(
        l.id for l in g.module.locations.values()
        if l.attrs.get("region") == "near_east" or l.attrs.get("ne_main_copy")))


def near_east_spaces(g: "Game") -> frozenset[str]:
    """The map spaces on the Near East map (13.2), read once per module."""
    return board.per_module(g, "near_east_spaces", lambda: frozenset(
        l for l in _near_east(g) if board.is_space(g, l)))


def near_east_army(g: "Game", pid: int) -> bool:
    """11.3.1: a Near East army, unless it entered the 9.5.3.4 way (piece property ne_lost)."""
    return bool(g.ptype(pid).attrs.get("near_east")) and not g.state.pieces[pid].props.get("ne_lost")


def unit_name(g: "Game", pid: int) -> str:
    """``FR 5th Army``, ``(GE 2nd Army)`` when reduced, ``GE corps``."""
    pt = g.ptype(pid)
    nat = pt.nationality
    if pt.size == "army":
        d = str(pt.attrs.get("designation", "") or "")
        if d.isdigit():
            n = int(d)
            suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
            text = f"{nat} {n}{suffix} Army"
        else:
            text = f"{nat} {d}" if d else pt.name
    else:
        text = f"{nat} corps" if nat != "BR" or not pt.attrs.get("bef") else "BR BEF corps"
    return f"({text})" if g.state.pieces[pid].face else text


def names(g: "Game", pids: Iterable[int]) -> str:
    return ", ".join(unit_name(g, p) for p in pids)


def place(g: "Game", loc: str) -> str:
    return g.module.locations[loc].name


def enemy_fort(g: "Game", loc: str, side: str) -> bool:
    """An undestroyed fort of the other side (or a neutral one) in ``loc``."""
    seen = supply.position(g)
    if loc in seen.ctrl:             # a space: its fort and controller as the snapshot has them
        return loc in seen.intact_forts and seen.ctrl[loc] != side
    return _enemy_fort_read(g, loc, side)


def _enemy_fort_read(g: "Game", loc: str, side: str) -> bool:
    """:func:`enemy_fort` read from ``loc``'s own stack (its Destroyed and Control markers), not
    the supply snapshot: the same answer, for a move in progress, whose every step would
    otherwise bring the snapshot up to date only to ask it one space."""
    return board.fort_intact(g, loc) and board.controller(g, loc) != side


def entry_violation(g: "Game", side: str, pids: list[int], frm: str, to: str) -> Violation | None:
    """Why the group may not enter ``to`` from ``frm`` (not counting where it may stop)."""
    return entry_check(g, side, pids)(frm, to)


def entry_check(g: "Game", side: str, pids: list[int]) -> "Callable[[str, str], Violation | None]":
    """:func:`entry_violation` for one group, as a function of (from, to): what depends only on
    the group is read once, for searches that ask it at every step."""
    lines = edge_lines(g)
    pids = list(pids)
    nations = {board.nation_of(g, p) for p in pids}
    seen = supply.position(g)
    enemy_units = seen.units["AP" if side == "CP" else "CP"]
    confined = confinement.may_confine(g, pids)
    turn_one = g.get("turn") == 1
    #: per unit: (the unit, BEF, an army kept off the Near East map (11.3.1), Russian)
    flags = []
    for p in pids:
        pt = g.ptype(p)
        flags.append((p, bool(pt.attrs.get("bef")),
                      pt.size == "army" and not near_east_army(g, p), pt.nationality == "RU"))

    def check(frm: str, to: str) -> Violation | None:
        only = lines.get((frm, to))
        if only is None:
            return Violation("PoG 11.1.3", f"{place(g, frm)} and {place(g, to)} are not connected")
        if only and not nations <= only:
            return Violation("PoG 11.1.4", f"only {'/'.join(sorted(only))} units may use the "
                                           f"line {place(g, frm)}–{place(g, to)}")
        if to in enemy_units:
            return Violation("PoG 11.1.7", f"{place(g, to)} holds enemy combat units")
        nation = board.attr(g, to, "nation")
        if board.attr(g, to, "mef"):
            if to not in seen.beachheads:
                return Violation("PoG 11.1.10", f"{place(g, to)} is an MEF space without the "
                                                "beachhead")
        elif seen.ctrl[to] == "neutral" and nation != "AL" and not entry.greek_open(g, to):
            return Violation("PoG 11.1.11", f"{place(g, to)} belongs to a neutral nation")
        if entry.greek_blocked(g, to):
            return Violation("PoG 9.5.2.4", f"{place(g, to)} holds neutral Greek units")
        if confined:
            problem = confinement.entry_violation(g, pids, to)  # AP #57, CP #45 (16.4.9)
            if problem:
                return problem
        link = (frm, to) in CAUCASUS_LINK
        for p, bef, army_off_ne, russian in flags:
            if bef and nation not in BEF_NATIONS:
                return Violation("PoG 11.1.17", "the BEF may not leave Britain, France, Belgium "
                                                "and Germany")
            if army_off_ne and on_near_east_map(g, to):
                return Violation("PoG 11.3.1", f"{unit_name(g, p)} may not enter the Near East "
                                               "map")
            if link:
                problem = caucasus_link_violation(g, pids, frm, to)
                if problem:
                    return problem
            if russian and turn_one and board.fort_value(g, to) and nation == "GE":
                return Violation("PoG 15.1.12", "Russian units may not enter a German fort space "
                                                "in August 1914")
        return None
    return check


def stop_violation(g: "Game", side: str, pids: list[int], to: str,
                   attack_spaces: Iterable[str], allow: dict | None = None,
                   joiners: "Joiners | None" = None) -> Violation | None:
    """Why the group may not end its movement in ``to``. ``allow`` (space → units) is the
    temporary overstacking 10.1.2 permits: as many units as have yet to move out of it.
    ``joiners(to, pids)`` names the units that may still move into ``to`` later in this
    Action Round (11.1.8: they count towards besieging its fort); None: no check of the fort
    at all (used when asking where such a joiner could go)."""
    if to in attack_spaces:
        return Violation("PoG 11.1.6", f"units may not end their move in {place(g, to)}, which "
                                       "holds an Attack marker")
    seen = supply.position(g)
    there = seen.counts[side].get(to, 0)
    if there + len(pids) > STACKING_LIMIT + (allow or {}).get(to, 0):
        return Violation("PoG 10.1.1", f"more than {STACKING_LIMIT} units would end in "
                                       f"{place(g, to)}")
    if side == "CP" and to in CP_COAST and not coast_open(g):
        return Violation("PoG 11.1.9", f"CP units may not end a move in {place(g, to)} before "
                                       "Race to the Sea or CP War Status 4")
    if (to in ("trent", "villach", "trieste") and g.get("pog_scenario") == "historical"
            and g.get("commitment_ap") != "total_war"
            and any(board.is_army(g, p) and board.nation_of(g, p) == "GE" for p in pids)):
        return Violation("PoG 5.7.4", "no German army may end its move in Trent, Villach or "
                                      "Trieste before Allied Total War")
    if joiners is not None and enemy_fort(g, to, side) and to not in seen.sieges:
        force = board.units_in(g, to, side) + list(pids)
        if not can_besiege(g, to, force) and not can_besiege(g, to, force + joiners(to, pids)):
            return Violation("PoG 11.1.8", f"the units cannot besiege the fort of {place(g, to)}, "
                                           "even with the units that may still join them")
    return None


#: ``joiners(to, pids)``: units (not in ``pids``) that may still move into ``to`` this round.
Joiners = "Callable[[str, list[int]], list[int]]"


def no_joiners(to: str, pids: list[int]) -> list[int]:
    """11.1.8 outside an Operation's movement: only the group and the units already there."""
    return []


def coast_open(g: "Game") -> bool:
    return cards.event_played(g, RACE_TO_THE_SEA) or int(g.get("ws_cp", 0) or 0) >= 4


def leave_violation(g: "Game", side: str, pids: list[int], frm: str,
                    sr: bool = False) -> Violation | None:
    """15.2.4: moving out of a besieged fort's space may not leave it occupied but unbesieged
    (all may leave). 13.1.5, with ``sr``: no unit SRs out of it if the fort would no longer be
    besieged afterwards — the last besiegers, a lone army included, may not SR out at all."""
    if board.fort_besieged(g, frm) and enemy_fort(g, frm, side):
        rest = [p for p in board.units_in(g, frm, side) if p not in pids]
        if sr and not can_besiege(g, frm, rest):
            return Violation("PoG 13.1.5", f"no SR out of {place(g, frm)} that would leave its "
                                           "fort unbesieged")
        if rest and not can_besiege(g, frm, rest):
            return Violation("PoG 15.2.4", f"the units left in {place(g, frm)} could no longer "
                                           "besiege its fort")
    return None


def path_violation(g: "Game", side: str, pids: list[int], path: list[str],
                   attack_spaces: Iterable[str], allow: dict | None = None,
                   joiners: "Joiners | None" = no_joiners) -> Violation | None:
    """Check a whole move of ``pids`` (all in one space) along ``path``."""
    attack_spaces = list(attack_spaces)
    if not path:
        return Violation("PoG 11.1.3", "a move enters at least one space")
    if any(not isinstance(s, str) or not board.is_space(g, s) for s in path):
        return Violation("PoG 11.1.3", "the path names a place that is not a map space")
    mf = min(int(g.value(p, "mf") or 0) for p in pids)
    if len(path) > mf:
        return Violation("PoG 11.1.5", f"the path is {len(path)} spaces long; MF {mf}")
    here = g.state.pieces[pids[0]].loc
    problem = leave_violation(g, side, pids, here)
    if problem:
        return problem
    enters = entry_check(g, side, pids)
    for i, step in enumerate(path):
        problem = enters(here, step)
        if problem:
            return problem
        if i < len(path) - 1 and enemy_fort(g, step, side) and not board.fort_besieged(g, step):
            return Violation("PoG 15.1.1", f"units entering the unbesieged fort of "
                                           f"{place(g, step)} must stop there")
        here = step
    return stop_violation(g, side, pids, path[-1], attack_spaces, allow, joiners)


#: The globals :func:`reachable` reads (turn and Caucasus crossings 11.3.2, events played,
#: 5.7.4 scenario and commitment, 9.5.2.4 Greek limited entry, ws_cp for 11.1.9).
REACH_GLOBALS = ("turn", "pog_caucasus_link", "pog_events", "pog_scenario", "commitment_ap",
                 "pog_greece_limited", "ws_cp")
REACH_KEPT_LIMIT = 512  # reaches kept per state at most (then all are dropped)


class _ReachKept:
    """Reaches worked out for one state (weakly: a state dropped is never matched by a later one
    at the same address), by group and what the search was asked with."""
    __slots__ = ("state", "entries")

    def __init__(self) -> None:
        self.state, self.entries = None, {}


_REACH = _ReachKept()


def _reach_globals(g: "Game") -> tuple:
    """The values of :data:`REACH_GLOBALS` (lists as tuples: a copy, not the live value)."""
    get = g.state.globals.get
    return tuple(tuple(v) if isinstance(v, list) else v for v in map(get, REACH_GLOBALS))


def _reach_entries(g: "Game") -> dict:
    kept, state = _REACH, g.state
    ref = kept.state
    if ref is None or ref() is not state or len(kept.entries) > REACH_KEPT_LIMIT:
        kept.state, kept.entries = weakref.ref(state), {}
    return kept.entries


def _reach_key(side: str, pids: list[int], start: str, attack: tuple,
               joiners: "Joiners | None") -> tuple:
    kind = "none" if joiners is None else "no" if joiners is no_joiners else "fn"
    return side, tuple(pids), start, attack, kind


def _kept_reach(g: "Game", key: tuple, allow: dict | None,
                joiners: "Joiners | None" = None) -> dict[str, tuple[Loc, ...]] | None:
    """The reach kept for ``key`` if it still holds, else None. It holds while no stack among
    the spaces its search looked at changed (the state's journal of touched locations: units,
    control, siege, destroyed-fort and beachhead markers, faces and properties of the group
    itself, which stands in its start space), the globals it reads are equal, ``allow`` gives
    the same allowance in those spaces and ``joiners`` (the caller's, 11.1.8) gives the same
    answers to the questions the search asked it: then the search would run alike."""
    entries = _reach_entries(g)
    entry = entries.get(key)
    if entry is None:
        return None
    mark, looked, globs, allowed, result, asked = entry
    state = g.state
    touched = state.touched_since(mark)
    if (touched is None or not looked.isdisjoint(touched) or globs != _reach_globals(g)
            or allowed != {l: n for l, n in (allow or {}).items() if l in looked}
            or (asked and any(joiners(to, list(group)) != answer
                              for to, group, answer in asked))):
        entries.pop(key, None)
        return None
    entries[key] = (state.change_mark, looked, globs, allowed, result, asked)
    return result


def reachable(g: "Game", side: str, pids: list[int], attack_spaces: Iterable[str],
              allow: dict | None = None,
              joiners: "Joiners | None" = no_joiners) -> dict[str, tuple[Loc, ...]]:
    """Every space the group may end a move in, with one (shortest) legal path to it, a tuple
    of action targets (the answer is kept: the caller must not change it).

    Kept per state, keyed on the group, its start space, the side, the Attack spaces and the
    kind of ``joiners``, with the questions the search asked a caller's ``joiners`` (11.1.8:
    other units' reach) and their answers; reused while :func:`_kept_reach` finds it holds."""
    attack = tuple(attack_spaces)
    start = g.state.pieces[pids[0]].loc
    key = _reach_key(side, pids, start, attack, joiners)
    kept = _kept_reach(g, key, allow, joiners)
    if kept is not None:
        return kept
    mark, globs = g.state.change_mark, _reach_globals(g)
    asked: list[tuple[str, tuple[int, ...], list[int]]] = []
    if joiners is not None and joiners is not no_joiners:
        ask = joiners

        def joiners(to: str, group: list[int]) -> list[int]:
            answer = ask(to, group)
            asked.append((to, tuple(group), list(answer)))
            return answer
    out = _search(g, side, pids, start, list(attack), allow, joiners)
    looked = frozenset(out.pop(None))
    allowed = {l: n for l, n in (allow or {}).items() if l in looked}
    _reach_entries(g)[key] = (mark, looked, globs, allowed, out, tuple(asked))
    return out


class _MoveMap:
    """What :func:`_search` reads of the printed map, once per module: each space's
    connections as (neighbour, the nationalities its line admits (:func:`edge_lines`: empty,
    all), the neighbour as an action target), each space's nation, the MEF spaces (11.1.10),
    and the spaces barred to a BEF unit (11.1.17), to an army off the Near East map (11.3.1)
    and to Russians in August 1914 (15.1.12)."""

    def __init__(self, g: "Game") -> None:
        lines, typed = edge_lines(g), space_locs(g)
        self.steps = {loc: tuple((other, lines[(loc, other)], typed[other]) for other, _ in out)
                      for loc, out in adjacency(g).items()}
        self.nation = {loc: board.attr(g, loc, "nation") for loc in self.steps}
        self.mef = frozenset(l for l in self.steps if board.attr(g, l, "mef"))
        self.off_bef = frozenset(l for l, n in self.nation.items() if n not in BEF_NATIONS)
        self.near_east = _near_east(g)
        self.ge_forts = frozenset(l for l, n in self.nation.items()
                                  if n == "GE" and board.fort_value(g, l))
        self._barred: dict[tuple, frozenset[str]] = {}

    def barred(self, bef: bool, army_off_ne: bool, ru_august: bool,
               bars: frozenset[str]) -> frozenset[str]:
        """The spaces a group with these units may never enter: the union of the sets, with
        ``bars`` (:func:`confinement.standing_bars`, made once per module)."""
        key = (bef, army_off_ne, ru_august, bars)
        hit = self._barred.get(key)
        if hit is None:
            hit = self._barred[key] = bars.union(
                *(s for on, s in zip(key, (self.off_bef, self.near_east, self.ge_forts)) if on))
        return hit


def _move_map(g: "Game") -> _MoveMap:
    return board.per_module(g, "move_map", lambda: _MoveMap(g))


def _search(g: "Game", side: str, pids: list[int], start: str, attack_spaces: list[str],
            allow: dict | None, joiners: "Joiners | None") -> dict:
    """:func:`reachable`'s breadth-first search; under the key None, every space it looked at.

    It asks what :func:`entry_check` and :func:`stop_violation` ask, as yes/no questions read
    from the module's :class:`_MoveMap` and the supply snapshot (which nothing here changes);
    paths are tuples of action targets (:class:`Loc`)."""
    looked = {start}
    out: dict = {None: looked}
    pos = supply.position(g)
    if start in pos.sieges and leave_violation(g, side, pids, start):   # 15.2.4 (besieged only)
        return out
    mf = min(int(g.value(p, "mf") or 0) for p in pids)
    if mf <= 0:
        return out
    mm = _move_map(g)
    steps, nation_of, mef = mm.steps, mm.nation, mm.mef
    enemy_units = pos.units["AP" if side == "CP" else "CP"]
    ctrl, beachheads, forts, sieges = pos.ctrl, pos.beachheads, pos.intact_forts, pos.sieges
    # entry (entry_check): what depends only on the group, read once
    nations = {board.nation_of(g, p) for p in pids}
    types = [g.ptype(p) for p in pids]
    bars, confined = confinement.standing_bars(g, pids)         # AP #57, 5.7.4 #6; 16.4.9
    barred = mm.barred(
        any(pt.attrs.get("bef") for pt in types),                                   # 11.1.17
        any(pt.size == "army" and not near_east_army(g, p) for p, pt in zip(pids, types)),
        g.get("turn") == 1 and any(pt.nationality == "RU" for pt in types),         # 15.1.12
        bars)
    greek = entry.greek_limited(g)
    # stopping (stop_violation): likewise
    room = STACKING_LIMIT - len(pids)
    counts, allow = pos.counts[side], allow or {}
    closed = set(attack_spaces)                                                     # 11.1.6
    if side == "CP" and not coast_open(g):
        closed.update(CP_COAST)                                                     # 11.1.9
    if (g.get("pog_scenario") == "historical" and g.get("commitment_ap") != "total_war"
            and any(board.is_army(g, p) and board.nation_of(g, p) == "GE" for p in pids)):
        closed.update(("trent", "villach", "trieste"))                             # 5.7.4
    own_units = pos.units[side]
    seen = {start}
    frontier: list = [(start, ())]
    for depth in range(1, mf + 1):          # breadth first, one MF at a time (11.1.5)
        further: list = []
        last = depth == mf
        for here, path in frontier:
            for nxt, only, typed in steps.get(here, ()):
                looked.add(nxt)
                if nxt in seen or nxt in enemy_units or nxt in barred:                  # 11.1.7
                    continue
                if only and not nations <= only:                                        # 11.1.4
                    continue
                if nxt in mef:
                    if nxt not in beachheads:                                           # 11.1.10
                        continue
                elif (ctrl[nxt] == "neutral" and nation_of[nxt] != "AL"
                      and not entry.greek_open(g, nxt)):                                # 11.1.11
                    continue
                # 9.5.2.4 (a space with Greek units holds units; enemy ones were refused above)
                if greek and nxt in own_units and entry.greek_blocked(g, nxt):
                    continue
                if confined and confinement.entry_violation(g, pids, nxt):              # 16.4.9
                    continue
                if (here, nxt) in CAUCASUS_LINK and caucasus_link_violation(g, pids, here, nxt):
                    continue
                seen.add(nxt)
                new = path + (typed,)
                must_stop = nxt in forts and ctrl[nxt] != side and nxt not in sieges    # 15.1.1
                if (nxt not in closed and counts.get(nxt, 0) <= room + allow.get(nxt, 0)  # 10.1.1
                        and (joiners is None or not must_stop
                             or not _besieging_fails(g, side, pids, nxt, joiners))):    # 11.1.8
                    out[nxt] = new
                if not must_stop and not last:
                    further.append((nxt, new))
        frontier = further
    return out


def _besieging_fails(g: "Game", side: str, pids: list[int], to: str, joiners: "Joiners") -> bool:
    """11.1.8 as :func:`stop_violation` asks it: the group, with the units already in ``to``
    and even with those that may still join them, could not besiege its enemy fort."""
    force = board.units_in(g, to, side) + list(pids)
    return not can_besiege(g, to, force) and not can_besiege(g, to, force + joiners(to, pids))


def known_path(g: "Game", side: str, pids: list[int], path: list[str],
               attack_spaces: Iterable[str], allow: dict | None,
               joiners: "Joiners | None") -> bool:
    """Whether a kept :func:`reachable` answer, still holding, offers exactly ``path`` to this
    group: then :func:`path_violation` would find nothing (the search checked each step, the
    MF, the must-stop forts and the stop), and need not be asked."""
    if not pids or not path or pids[0] not in g.state.pieces:
        return False
    start = g.state.pieces[pids[0]].loc
    kept = _kept_reach(g, _reach_key(side, pids, start, tuple(attack_spaces), joiners), allow,
                       joiners)
    return kept is not None and kept.get(path[-1]) == tuple(path)


def carry_out(g: "Game", side: str, pids: list[int], path: list[str]) -> None:
    """Move the group along ``path``: each space entered changes control (11.1.14) and loses
    or lowers an enemy trench (11.2.5, 11.2.6); stopping in an unbesieged enemy fort space with
    enough units places a Siege marker (15.2.1)."""
    start = g.state.pieces[pids[0]].loc
    ana_only = all(board.nation_of(g, p) == "ANA" for p in pids)
    leave_ana_space(g, start, pids)
    prev = start
    for step in path:
        for p in pids:
            g.do(C.Move(p, step))
        if step == path[0]:
            sieges.lift_if_broken(g, start)  # PoG 15.2.4: the besiegers left the fort's space
        if (prev, step) in CAUCASUS_LINK:
            use_caucasus_link(g)
        prev = step
        owner, level = board.trench(g, step)
        if owner and owner != side:
            mark = board.markers_in(g, step, board.TRENCH[owner])[0]
            if level == 1:
                g.do(C.Delete(mark))  # PoG 11.2.5
            else:
                g.do(C.SetFace(mark, 0))  # PoG 11.2.6
        if not _enemy_fort_read(g, step, side) and not ana_only:  # PoG 11.1.15: ANA converts none
            set_control(g, step, side)  # PoG 11.1.14
            if step in (g.get("pog_ana_held") or ()):
                g.set("pog_ana_held", [l for l in g.get("pog_ana_held") if l != step])
        if side == "CP" and any(board.nation_of(g, p) == "SN" for p in pids) \
                and step not in (g.get("pog_sn_converted") or ()):
            # PoG 11.1.16: spaces the SN converted (attrition.py checks them for attrition)
            g.set("pog_sn_converted", list(g.get("pog_sn_converted") or []) + [step])
        if side == "CP":
            for m in board.markers_in(g, step, "m_beachhead"):
                g.do(C.Delete(m))  # PoG 9.5.3.5: a CP unit in the space ends the beachhead
        start = step
    end = path[-1]
    if ana_only:
        hold_ana_space(g, end)
    if _enemy_fort_read(g, end, side) and not board.fort_besieged(g, end) \
            and can_besiege(g, end, board.units_in(g, end, side)):
        g.do(C.Create("m_siege", end, None, 0, {}))  # PoG 15.2.1
        g.note(f"PoG 15.2.1: the fort of {place(g, end)} is besieged")


# -- 11.1.15 the Arab Northern Army --------------------------------------------------------------
def hold_ana_space(g: "Game", loc: str) -> None:
    """11.1.15: a CP space the ANA occupies (not a besieged fort) counts as Allied-controlled
    while it is there (global ``pog_ana_held``)."""
    if board.controller(g, loc) != "CP" or board.fort_besieged(g, loc):
        return
    set_control(g, loc, "AP")
    g.set("pog_ana_held", list(g.get("pog_ana_held") or []) + [loc])


def leave_ana_space(g: "Game", loc: str, leaving: Iterable[int]) -> None:
    """11.1.15: when the ANA leaves a space it held, the space reverts to CP control (a space
    other Allied units converted stays Allied: it is not in ``pog_ana_held``)."""
    if loc not in (g.get("pog_ana_held") or ()):
        return
    leaving = list(leaving)
    if any(board.nation_of(g, p) == "ANA" for p in board.units_in(g, loc, "AP") if p not in leaving):
        return
    if not any(board.nation_of(g, p) == "ANA" for p in leaving):
        return
    g.set("pog_ana_held", [l for l in g.get("pog_ana_held") if l != loc])
    set_control(g, loc, "CP")
