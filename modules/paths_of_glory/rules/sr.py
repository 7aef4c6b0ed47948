"""Strategic Redeployment (13.0): spend a card's SR points moving units through friendly
territory, by sea between ports, or to and from the Reserve Box.

Frame ``sr`` {side, points, spent, card, done: [pid]}; actions ``sr(pid, to)`` (``to`` a
space id or ``"reserve"``) and ``end_sr``.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, confinement, entry, movement, replacements, supply
from .card_ids import BREST_LITOVSK, SALONIKA
from .game import STACK, Game
from .movement import place, unit_name

RESERVE = "reserve"   # the Reserve Box as the SR rules name it (its location: reserve:<side>)


def box_of(side: str, to: str) -> str:
    """The location an SR destination names (the Reserve Box is ``reserve:<side>``)."""
    return f"reserve:{side}" if to == RESERVE else to


def from_box(side: str, to: str) -> str:
    """The SR rules' name for a destination location (``reserve:<side>`` is RESERVE)."""
    return RESERVE if to == f"reserve:{side}" else str(to)
BRITISH = {"ANA": "BR", "AUS": "BR", "CND": "BR", "PT": "BR", "SN": "TU",  # PoG 13.0.1
           "POL": "GE"}  # CP #59: the Polish corps are treated as German
CAPITALS = {"FR": ("paris",), "AH": ("vienna", "budapest"), "GE": ("berlin",), "BR": ("london",),
            "IT": ("rome",), "TU": ("constantinople",), "BU": ("sofia",), "RO": ("bucharest",),
            "GR": ("athens",), "MN": ("cetinje",)}


def start(g: Game, side: str, points: int, card: str) -> None:
    g.call("sr", side=side, points=points, spent=0, card=card, done=[])


def cost(g: Game, pid: int) -> int:
    """13.1.2: 1 SR point a corps, 4 an army (sr_cost table), full or reduced."""
    return _type_costs(g)[g.state.pieces[pid].type]


def _type_costs(g: Game) -> dict[str, int]:
    """Each piece type's SR cost (:func:`cost`; read once per module)."""
    def build() -> dict[str, int]:
        costs = _costs(g)
        return {t: costs["army" if pt.size == "army" else "corps"]
                for t, pt in g.module.piece_types.items()}
    return board.per_module(g, "sr_type_costs", build)


def _costs(g: Game) -> dict[str, int]:
    table = g.module.tables["sr_cost"]          # its shape is checked when the module opens
    return {s: int(table.cells[table.rows.values.index(s)][0]) for s in ("army", "corps")}


def _nation(g: Game, pid: int) -> str:
    nat = board.nation_of(g, pid)
    return BRITISH.get(nat, nat)


def capital_lost(g: Game, side: str, nation: str) -> bool:
    """13.1.11: the enemy controls or besieges the nation's capital (BE and SB exempt)."""
    if nation in ("BE", "SB"):
        return False
    seen = supply.position(g)        # control and sieges are what the snapshot follows
    key = ("sr_capital_lost", side, nation)
    hit = seen.memo.get(key)
    if hit is None:
        hit = seen.memo[key] = _capital_lost_now(g, side, nation)
    return hit


def _capital_lost_now(g: Game, side: str, nation: str) -> bool:
    for cap in CAPITALS.get(nation, ()):
        if cap in g.module.locations and (board.controller(g, cap) not in (side, "neutral")
                                          or board.fort_besieged(g, cap)):
            return True
    return False


def _friendly_end(g: Game, side: str, loc: str) -> bool:
    """A friendly space, or a besieged enemy fort space held by friendly units (13.1.5)."""
    if board.controller(g, loc) == side:
        return True
    return board.fort_besieged(g, loc) and bool(board.units_in(g, loc, side))


def position_key(g: Game) -> tuple:
    """What every SR answer below reads, as one key: the whole state but the rules stack (the
    pieces, every global, by the state's incremental hash less the stack's share) and, of the
    stack, the SR frame's side, points, points spent and units done (10.1.2-10.1.4 read them,
    through :func:`_sr_frame`; nothing here reads another frame). Picking a unit (``sr_unit``,
    ``sr_back``) changes only the frame's ``unit``, so the answers of one position are kept
    while the player picks (issue 17)."""
    state = g.state
    kept = _POSITION_KEY
    if kept[0] == id(state) and kept[1] == state._hash:
        return kept[2]
    top = g.top
    frame = (top["side"], top["points"], top["spent"], tuple(top["done"])) \
        if top and top.get("state") == "sr" else None
    key = id(state), state._hash ^ state._items.get(("g", STACK), 0), frame
    kept[:] = id(state), state._hash, key
    return key


_POSITION_KEY: list = [None, None, None]   # the last state asked (id, hash) and its key


def steady_key(g: Game, side: str) -> tuple:
    """What the SR answers kept through an SR round read (:func:`_steady`), as one key: every
    global but the rules stack (by their hashes: the cards played, War Status, commitment,
    entries, the 13.2 record, the scenario...), and of the board what ``side``'s supply lines
    read (the supply snapshot's :meth:`key`: control markers, the spaces holding enemy units,
    besieged forts, beachheads) with every siege marker (13.1.11, 15.2.4). A unit's SR moves
    only ``side``'s units and the frame, so the next listing of the round finds the same key.
    Answers kept under it read nothing else of the position: not where ``side``'s units stand
    nor how many share a space (10.1.4, 9.5.2.4, 16.4.9 are asked per position)."""
    state = g.state
    kept = _STEADY_KEY
    if kept[0] == id(state) and kept[1] == state._hash and kept[2] == side:
        return kept[3]
    items = state._items
    fingerprint = 0
    for name in state.globals:
        if name != STACK:
            fingerprint ^= items.get(("g", name), 0)
    seen = supply.position(g)
    key = fingerprint, seen.key(side), frozenset(seen.sieges)
    kept[:] = id(state), state._hash, side, key
    return key


_STEADY_KEY: list = [None, None, None, None]   # the last state and side asked and its key
_STEADY_MEMO: dict = {"key": None, "d": {}}


def _steady(g: Game, side: str) -> dict:
    """The answers kept while :func:`steady_key` holds (issue 17): per unit kind, the end
    checks that read no unit of ``side`` (:func:`_end_rest`); per unit, the destination
    :func:`can_sr` found; per nationality, the Reserve Box facts (:func:`_reserve_nation`)."""
    key, memo = steady_key(g, side), _STEADY_MEMO
    if memo["key"] is not key:
        if memo["key"] != key:
            memo["d"] = {}
        memo["key"] = key       # the key object met last: the next ask compares by identity
    return memo["d"]


_END_MEMO: dict = {"key": None, "d": {}}
_CHECKER_MEMO: dict = {"key": None, "d": {}}


def end_checker(g: Game, side: str, pid: int) -> Callable[[str], bool]:
    """Whether ``pid`` may end an SR in a space, as a function of the space: the same rules as
    :func:`end_problem` (in any order, as only whether one refuses counts), with what depends
    on the unit alone and the position's tables read once — SR lists every destination of a
    unit (a test holds the two to agreeing for every unit and space). One checker (and its
    answers) per position (:func:`position_key`) and :func:`_end_kind`: the units of a kind
    answer alike (the stacking check counts every unit of the space joined, 10.1.4)."""
    key = position_key(g)
    if _CHECKER_MEMO["key"] != key:
        _CHECKER_MEMO["key"], _CHECKER_MEMO["d"] = key, {}
    kind = _end_kind(g, side, pid)
    memo = _CHECKER_MEMO["d"]
    hit = memo.get(kind)
    if hit is None:
        hit = memo[kind] = _end_checker_now(g, side, pid, kind)
    return hit


def _end_kind(g: Game, side: str, pid: int) -> tuple:
    """Everything of a unit the end checks read (:func:`_end_checker_now`): its side and
    nationality, its size (the SR cost, 10.1.4; armies, 11.3.1, 5.7.4 #6), whether it is the
    BEF (11.1.17), a cavalry corps (AP #57) or a Near East army (11.3.1, piece property
    ``ne_lost``). A unit never ends an SR where it stands, so it is never among the units it
    would join there (10.1.4, 16.4.9)."""
    pt = g.ptype(pid)
    attrs = pt.attrs
    return (side, pt.side, pt.nationality, pt.size, bool(attrs.get("bef")),
            bool(attrs.get("cavalry")), movement.near_east_army(g, pid))


def _end_checker_now(g: Game, side: str, pid: int, kind: tuple) -> Callable[[str], bool]:
    seen = supply.position(g)
    enemy = seen.units["AP" if side == "CP" else "CP"]
    counts, ctrl, sieges = seen.counts[side], seen.ctrl, seen.sieges
    greek = entry.greek_limited(g)
    unit_greek = greek and board.nation_of(g, pid) == "GR"
    rest = _end_rest(g, side, pid, kind)
    known: dict[str, bool] = {}

    def ok(loc: str) -> bool:
        hit = known.get(loc)
        if hit is None:
            hit = known[loc] = check(loc)
        return hit

    def check(loc: str) -> bool:
        if loc in enemy:                                                      # 13.1.5
            return False
        if greek and (unit_greek or entry.greek_blocked(g, loc)):             # 9.5.2.4
            return False
        there = counts.get(loc, 0)
        over = there + 1 - movement.STACKING_LIMIT
        if over > 0 and _allowance(g, side, pid, loc, need=over, kind_only=True) < over:
            return False                                                      # 10.1.4
        if ctrl.get(loc) != side and not (loc in sieges and there):           # 13.1.5
            return False
        return rest(g, pid, loc)
    return ok


def _end_rest(g: Game, side: str, pid: int, kind: tuple) -> Callable[[Game, int, str], bool]:
    """The end checks of :func:`end_checker` after control (11.1.9, 9.5.2.4 Kavala, 11.3.1,
    11.1.17, 13.1.6, AP #57, 5.7.4 #6, 13.1.5 supply), as a function of (the game, a unit of
    the kind, the space): kept per :func:`steady_key` and :func:`_end_kind`, as they read
    only the unit's kind (``kind``), globals and ``side``'s supply lines — but after
    Brest-Litovsk (16.4.9), when the Allied units of the space entered count, made anew per
    position."""
    memo = _steady(g, side)
    hit = memo.get(("end", kind))
    if hit is None:
        hit, lasting = _end_rest_now(g, side, pid)
        if lasting:
            memo[("end", kind)] = hit
    return hit


def _end_rest_now(g: Game, side: str, pid: int) -> tuple[Callable[[Game, int, str], bool], bool]:
    pt = g.ptype(pid)
    nation = board.nation_of(g, pid)
    coast_shut = side == "CP" and not movement.coast_open(g)
    kavala_shut = side == "AP" and not kavala_open(g)
    army_off_ne = pt.size == "army" and not movement.near_east_army(g, pid)
    bef = bool(pt.attrs.get("bef"))
    confined = confinement.may_confine(g, [pid])
    italy = movement.italy_closed(g, pid)
    ge_army_kept_out = (g.get("pog_scenario") == "historical"
                        and g.get("commitment_ap") != "total_war" and pt.size == "army"
                        and pt.nationality == "GE")
    supplied = supply.supplied_spaces(g, side, nation)
    known: dict[str, bool] = {}

    def rest(g: Game, pid: int, loc: str) -> bool:
        hit = known.get(loc)
        if hit is None:
            hit = known[loc] = check(g, pid, loc)
        return hit

    def check(g: Game, pid: int, loc: str) -> bool:
        if (coast_shut and loc in movement.CP_COAST) or (kavala_shut and loc == KAVALA):
            return False                                                      # 11.1.9, 9.5.2.4
        if army_off_ne and movement.on_near_east_map(g, loc):                 # 11.3.1
            return False
        where = board.attr(g, loc, "nation")
        if (bef and where not in movement.BEF_NATIONS) or (nation == "RU" and where != "RU"):
            return False                                                      # 11.1.17, 13.1.6
        if confined and confinement.entry_violation(g, [pid], loc) is not None:
            return False                                                      # AP #57, CP #45
        if (italy and where == "IT") or (ge_army_kept_out and loc in GE_ARMY_KEPT_OUT):
            return False                                                      # 5.7.4 #6
        return loc in supplied or not board.is_space(g, loc) \
            or supply.always_in_supply(g, loc, nation)                        # 13.1.5
    return rest, not (confined and _brest_confines(g, side))


def _brest_confines(g: Game, side: str) -> bool:
    """CP #45 (16.4.9) may refuse ``side``'s units a space for the Allied units in it."""
    return side == "AP" and cards.event_played(g, BREST_LITOVSK)


def end_problem(g: Game, side: str, pid: int, loc: str) -> tuple[str, str] | None:
    """Why ``pid`` may not end an SR in ``loc`` — (the rule that forbids it, in words) — or
    None. Remembered per position (:func:`position_key`) and unit kind, as SR asks it
    for every unit and space."""
    key = position_key(g)
    if _END_MEMO["key"] != key:
        _END_MEMO["key"], _END_MEMO["d"] = key, {}
    piece = g.state.pieces[pid]
    k = (side, piece.type, bool(piece.props.get("ne_lost")), loc)
    memo = _END_MEMO["d"]
    if k in memo:
        return memo[k]
    hit = memo[k] = _end_problem_now(g, side, pid, loc)
    return hit


def _end_problem_now(g: Game, side: str, pid: int, loc: str) -> tuple[str, str] | None:
    seen = supply.position(g)
    if loc in seen.units["AP" if side == "CP" else "CP"]:
        return "13.1.5", f"{place(g, loc)} holds enemy units"  # PoG 10.1.5 / 13.1.5: never into enemy
        # units (e.g. the besiegers of a friendly fort, whose space stays friendly, 15.1.10; fuzz seed 179)
    if entry.greek_blocked(g, loc) or (entry.greek_limited(g) and board.nation_of(g, pid) == "GR"):
        return "9.5.2.4", "nobody moves the neutral Greek units nor joins them"
    there = seen.counts[side].get(loc, 0)
    over = there + 1 - movement.STACKING_LIMIT
    if over > 0 and _allowance(g, side, pid, loc, need=over) < over:
        return "10.1.4", (f"{place(g, loc)} would stay over the stacking limit of "
                          f"{movement.STACKING_LIMIT} units (10.1.1): the SR points left cannot "
                          "move enough units out of it before the SR ends (10.1.2)")
    if seen.ctrl.get(loc) != side and not _friendly_end(g, side, loc):
        return "13.1.5", f"{place(g, loc)} is not a friendly space"
    if side == "CP" and loc in movement.CP_COAST and not movement.coast_open(g):
        return "11.1.9", (f"Central Powers units may not SR to {place(g, loc)} before Race to "
                          "the Sea or CP War Status 4")
    if side == "AP" and loc == KAVALA and not kavala_open(g):
        return "9.5.2.4", "SR into Kavala only after Greek entry or Salonika"
    pt = g.ptype(pid)
    if pt.size == "army" and movement.on_near_east_map(g, loc) and not movement.near_east_army(g, pid):
        return "11.3.1", "this army may not enter the Near East"
    if pt.attrs.get("bef") and board.attr(g, loc, "nation") not in movement.BEF_NATIONS:
        return "11.1.17", "the BEF stays in France, Belgium, Germany and Britain"
    if board.nation_of(g, pid) == "RU" and board.attr(g, loc, "nation") != "RU":
        return "13.1.6", "Russian units SR only within Russia"
    barred = confinement.entry_violation(g, [pid], loc)
    if barred is not None:  # AP #57 Russian Cavalry; CP #45 Brest-Litovsk (16.4.9)
        return barred.rule.replace("PoG ", "", 1), barred.message
    nation_it = board.attr(g, loc, "nation") == "IT"
    if nation_it and movement.italy_closed(g, pid):
        return "5.7.4", "Italy is closed to this unit (Historical scenario, 5.7.4 #6)"
    if (g.get("pog_scenario") == "historical" and g.get("commitment_ap") != "total_war"
            and loc in GE_ARMY_KEPT_OUT and pt.size == "army"
            and pt.nationality == "GE"):
        return "5.7.4", "no German army there before Allied Total War (5.7.4 #6)"
    if not supply.in_supply(g, loc, side, board.nation_of(g, pid)):  # the dearest: last
        return "13.1.5", f"{place(g, loc)} is not a supplied space for this unit"
    return None


KAVALA = "kavala"
GE_ARMY_KEPT_OUT = ("trent", "villach", "trieste")   # 5.7.4 #6 (Historical scenario)


def kavala_open(g: Game) -> bool:
    """9.5.2.4: Kavala is Allied-controlled from the start, but Allied units may SR into it only
    after the Greek Neutral Entry (AP #44) or the *Salonika* event (AP #30)."""
    return cards.event_played(g, SALONIKA) or entry.greek_limited(g) \
        or not cards.nation_neutral(g, "GR")


# -- 10.1.2 / 10.1.4: temporary overstacking during an SR -------------------------------------------
def _sr_frame(g: Game, side: str) -> dict | None:
    top = g.top
    return top if top and top.get("state") == "sr" and top.get("side") == side else None


def _allowance(g: Game, side: str, pid: int, loc: str, need: int | None = None,
               kind_only: bool = False) -> int:
    """10.1.2: during an SR a space may hold more than 3 units as long as enough of the units
    there that have not redeployed yet can still SR out of it with the points left (counted
    up to ``need``, when given: the question is whether there are that many). ``pid`` is the
    unit arriving: its cost is paid first and it is not one of the units there; with
    ``kind_only`` the question is for any unit of its kind arriving from elsewhere (the end
    checker's, shared by the units of a kind, :func:`end_checker`), so no unit there is left
    out — not even ``pid``, if it stands there."""
    frame = _sr_frame(g, side)
    if frame is None:
        return 0
    left = frame["points"] - frame["spent"] - cost(g, pid)
    if left <= 0:
        return 0
    done = set(frame["done"])
    n = 0
    skip = None if kind_only else pid
    for c, p in sorted((cost(g, p), p) for p in board.units_in(g, loc, side)
                       if p not in done and p != skip):
        if c > left or (need is not None and n >= need):
            break
        if _can_leave(g, side, p):
            left -= c
            n += 1
    return n


def overstacked(g: Game, side: str) -> list[str]:
    """The spaces holding more than 3 of ``side``'s units (10.1.1), from the supply snapshot
    (which counts every space's units) and remembered with it, as SR asks it for every
    candidate move."""
    return list(_overstacked(g, side))


def _overstacked(g: Game, side: str) -> tuple[str, ...]:
    seen = supply.position(g)
    key = ("sr_overstacked", side)
    hit = seen.memo.get(key)
    if hit is None:
        hit = seen.memo[key] = tuple(sorted(loc for loc, n in seen.counts[side].items()
                                            if n > movement.STACKING_LIMIT))
    return hit


_LEAVE_MEMO: dict = {"key": None, "d": {}}


def _can_leave(g: Game, side: str, pid: int) -> bool:
    """Whether ``pid`` has anywhere to SR to now (remembered per position,
    :func:`position_key`): a unit with no destination cannot be counted on to clear an
    overstacked space (10.1.4; fuzz seed 333)."""
    key = position_key(g)
    if _LEAVE_MEMO["key"] != key:
        _LEAVE_MEMO["key"], _LEAVE_MEMO["d"] = key, {}
    memo = _LEAVE_MEMO["d"]
    if pid not in memo:
        memo[pid] = True      # asked again while computing (spaces referring to each other)
        here = g.state.pieces[pid].loc
        memo[pid] = any(ne_violation(g, side, pid, here, to, mode) is None
                        for to, mode in _candidates(g, side, pid))
    return memo[pid]


def unfixable_after(g: Game, frame: dict, pid: int, to: str) -> str | None:
    """10.1.4: the space that would stay overstacked for good if ``pid`` SRs to ``to`` (the
    units able to leave the overstacked spaces cannot all be paid for with the points left:
    the cheapest way out of every such space together must fit in them)."""
    side = frame["side"]
    over = _overstacked(g, side)
    if not over and (to == RESERVE or supply.position(g).counts[side].get(to, 0)
                     + (0 if g.state.pieces[pid].loc == to else 1) <= movement.STACKING_LIMIT):
        return None  # nothing over the limit, before or after
    left = frame["points"] - frame["spent"] - cost(g, pid)
    done = set(frame["done"]) | {pid}
    for loc in sorted(set(over) | ({to} if to != RESERVE else set())):
        units = [p for p in board.units_in(g, loc, side) if p != pid]  # pid leaves its space
        excess = len(units) + (1 if loc == to else 0) - movement.STACKING_LIMIT
        if excess <= 0:
            continue
        costs = sorted(cost(g, p) for p in units
                       if p not in done and _can_leave(g, side, p))[:excess]
        left -= sum(costs)
        if len(costs) < excess or left < 0:
            return loc
    return None


def _sea_port(g: Game, side: str, loc: str) -> bool:
    """13.1.7.1–13.1.7.2: the ports a side may use for sea SR."""
    if not board.attr(g, loc, "port") or board.controller(g, loc) != side:
        return False
    nation = board.attr(g, loc, "nation")
    if side == "CP":
        return nation in ("GE", "RU") and not (loc == "riga" and board.fort_besieged(g, loc))
    if nation in ("GE", "RU"):
        return False
    if loc == "constantinople" and board.controller(g, "gallipoli") != "AP":
        return False
    return True


_DEST_MEMO: dict = {"key": None, "d": {}}


def destinations(g: Game, side: str, pid: int) -> set[str]:
    """Every place ``pid`` may SR to now (13.1.5–13.1.9, 13.1.12, 13.2). Remembered per
    position (:func:`position_key`): the listing, the check and 10.1.4 ask it again, and
    picking the unit (``sr_unit``) keeps the position."""
    key = position_key(g)
    if _DEST_MEMO["key"] != key:
        _DEST_MEMO["key"], _DEST_MEMO["d"] = key, {}
    memo = _DEST_MEMO["d"]
    hit = memo.get((side, pid))
    if hit is None:
        here = g.state.pieces[pid].loc
        ne = movement.near_east_spaces(g)
        here_ne = here in ne                  # PoG 13.2.4: within or outside it, no limit
        hit = memo[(side, pid)] = frozenset(
            to for to, modes in _routes(g, side, pid).items()
            if (to in ne) == here_ne
            or any(ne_violation(g, side, pid, here, to, m) is None for m in modes))
    return set(hit)


def can_sr(g: Game, frame: dict, pid: int) -> bool:
    """Whether ``pid`` has somewhere to SR to now (13.1, 13.2, 10.1.4), found without listing
    every destination: the search stops at the first. The destination found is kept through
    the SR round (:func:`_steady`) and asked first the next time (:func:`_still_open`)."""
    side = frame["side"]
    kept = _steady(g, side)
    found = kept.get("found")
    if found is None:
        found = kept["found"] = {}
    piece = g.state.pieces[pid]
    unit = piece.loc, piece.type, piece.face, piece.props.get("ne_lost")
    hit = found.get(pid)
    if hit is not None and hit[0] == unit and _still_open(g, side, pid, hit[1]):
        return True
    to = _first_destination(g, frame, pid)
    if to is None:
        return False
    found[pid] = unit, to
    return True


def _first_destination(g: Game, frame: dict, pid: int) -> str | None:
    side = frame["side"]
    memo = _DEST_MEMO["d"] if _DEST_MEMO["key"] == position_key(g) else {}
    known = memo.get((side, pid))
    if known is not None:
        fits = _fits(g, frame, pid)
        return next((to for to in known if fits(to)), None)
    if _reserve_first(g, frame, pid):
        return RESERVE
    fits = _fits(g, frame, pid)
    here = g.state.pieces[pid].loc
    ne = movement.near_east_spaces(g)
    here_ne = here in ne                      # PoG 13.2.4: within or outside it, no limit
    for to, mode in _candidates(g, side, pid):
        if ((to in ne) == here_ne or ne_violation(g, side, pid, here, to, mode) is None) \
                and fits(to):
            return to
    return None


def _still_open(g: Game, side: str, pid: int, to: str) -> bool:
    """Whether ``to``, a destination :func:`can_sr` found for ``pid`` standing where it stands
    now (same type, face and 11.3.1 ``ne_lost``) while :func:`steady_key` held as it holds
    now, is still one. Every check it passed then reads the same now (the key's control,
    enemy units, sieges and globals: the way there overland or by sea, the Reserve Box rules,
    13.1.11, 13.1.12, 13.2, the end checks after control), but for those reading where the
    side's units stand, which this answers only where they cannot refuse: no space over the
    limit (10.1.4 and 10.1.2 then refuse nothing short of it), no siege marker on either
    space (15.2.4, 13.1.5), Greece not in limited entry (9.5.2.4), not after Brest-Litovsk
    for the Allies (16.4.9), and from the Reserve Box the space still names the unit's
    nation (13.1.8). False means only "not known": the full search decides."""
    if _overstacked(g, side) or entry.greek_limited(g) or _brest_confines(g, side):
        return False
    seen = supply.position(g)
    here = g.state.pieces[pid].loc
    if here in seen.sieges:
        return False
    if to == RESERVE:
        return True
    if to in seen.sieges or seen.counts[side].get(to, 0) >= movement.STACKING_LIMIT:
        return False
    return here != f"reserve:{side}" or to in _reserve_targets(g, side, pid)


def _fits(g: Game, frame: dict, pid: int) -> Callable[[str], bool]:
    """Whether an SR of ``pid`` to a destination leaves no space overstacked for good
    (:func:`unfixable_after` is None), as a function of the destination: with no space over
    the limit now, only a destination that would go over it needs the full question."""
    side = frame["side"]
    if _overstacked(g, side):
        return lambda to: unfixable_after(g, frame, pid, to) is None
    counts = supply.position(g).counts[side]
    here = g.state.pieces[pid].loc
    limit = movement.STACKING_LIMIT

    def fits(to: str) -> bool:
        if to == RESERVE or counts.get(to, 0) + (0 if to == here else 1) <= limit:
            return True
        return unfixable_after(g, frame, pid, to) is None
    return fits


def _reserve_first(g: Game, frame: dict, pid: int) -> bool:
    """True when the first of a unit's candidates (:func:`_candidates`), the Reserve Box, is
    one of its destinations and :func:`can_sr` would stop there: a corps (13.1.9) on the map,
    not the ANA (13.2.1), in supply where it stands (14.3.2), in a space with no siege
    (15.2.4), its nation's capital held (13.1.11), not limited by 13.1.12 nor 13.2 and leaving
    no space overstacked for good (10.1.4), while Greece is not in limited entry (9.5.2.4).
    False means only "not known": the full search decides, asking the same questions in the
    same order (10.1.4 first asked here remembers what it learnt). What it reads of the
    position is its nation's facts (:func:`_reserve_nation`), the siege markers, the unit's
    space and type, the 13.2 record and the SR frame."""
    side = frame["side"]
    pt = g.ptype(pid)
    if pt.size == "army" or pt.side != side:
        return False
    facts = _reserve_nation(g, side, pt.nationality)
    if facts is None:
        return False
    supplied, own, near_east, adj = facts
    here = g.state.pieces[pid].loc
    if not (here in supplied and (own is None or here in own)
            and here not in supply.position(g).sieges
            and here in adj and board.is_space(g, here)):
        return False
    if here in near_east and ne_violation(g, side, pid, here, RESERVE, "reserve") is not None:
        return False
    return not _overstacked(g, side) or unfixable_after(g, frame, pid, RESERVE) is None


def _reserve_nation(g: Game, side: str, nationality: str) -> tuple | None:
    """For :func:`_reserve_first`, per nationality, kept while :func:`steady_key` holds (it
    reads globals, control, sieges and ``side``'s supply lines only): the spaces where its
    units trace supply (14.1), those tracing to its own replacement sources when 13.1.12
    limits it (else None), the Near East map's spaces and the map's; None when a rule it does
    not read could refuse: its capital lost (13.1.11), Greece in limited entry (9.5.2.4), the
    ANA (13.2.1).
    (:func:`supply.always_in_supply` only adds spaces: a unit in a supplied space is in
    supply, and 13.1.12 does not bar it, whatever it answers.)"""
    memo = _steady(g, side)
    k = ("nation", nationality)
    if k in memo:
        return memo[k]
    hit = memo[k] = _reserve_nation_now(g, side, nationality)
    return hit


def _reserve_nation_now(g: Game, side: str, nationality: str) -> tuple | None:
    if nationality == "ANA" or entry.greek_limited(g) \
            or capital_lost(g, side, BRITISH.get(nationality, nationality)):
        return None
    own = None
    if (nationality, side) in RESERVE_SOURCES:
        sources = replacements.replacement_sources(g, nationality)
        if sources is not None:
            own = supply.supplied_spaces(g, side, nationality, sources)
    return (supply.supplied_spaces(g, side, nationality), own, movement.near_east_spaces(g),
            movement.adjacency(g))


def _routes(g: Game, side: str, pid: int) -> dict[str, set[str]]:
    """Destinations with how they are reached: "reserve" (to or from the Reserve Box),
    "land" or "sea"."""
    out: dict[str, set[str]] = {}
    for to, mode in _candidates(g, side, pid):
        out.setdefault(to, set()).add(mode)
    return out


def leave_problem(g: Game, side: str, pid: int) -> Violation | None:
    """Why ``pid`` may not SR out of where it stands at all, or None (13.1.5, 13.1.11, 14.3.2,
    15.2.4, 9.5.2.4)."""
    here = g.state.pieces[pid].loc
    if here == f"reserve:{side}":
        if capital_lost(g, side, _nation(g, pid)):
            return Violation("PoG 13.1.11", f"the enemy controls or besieges the capital of "
                                            f"{unit_name(g, pid)}'s nation: no SR to or from the "
                                            "Reserve Box")
        return None
    if here not in movement.adjacency(g):
        return Violation("PoG 13.1.1", f"{unit_name(g, pid)} is neither on the map nor in the "
                                       "Reserve Box")
    if not supply.in_supply(g, here, side, board.nation_of(g, pid)):
        return Violation("PoG 14.3.2", f"{unit_name(g, pid)} is out of supply and may not SR "
                                       "(13.1.5)")
    problem = movement.leave_violation(g, side, [pid], here, sr=True)  # 13.1.5, 15.2.4
    if problem is not None:
        return problem
    if entry.greek_blocked(g, here):
        return Violation("PoG 9.5.2.4", "the Greek units are still neutral: nobody may move them")
    return None


def _candidates(g: Game, side: str, pid: int) -> Iterator[tuple[str, str]]:
    """(destination, mode) in search order, lazily (a destination may come by several modes;
    13.2 is not applied here)."""
    here = g.state.pieces[pid].loc
    pt = g.ptype(pid)
    nation = _nation(g, pid)
    if leave_problem(g, side, pid) is not None:
        return  # PoG 13.1.5, 13.1.11, 14.3.2, 15.2.4, 9.5.2.4
    # the unit's end checks (end_checker) are fetched only when a space is to be checked
    if here == f"reserve:{side}":
        blocked = reserve_sources_only(g, side, board.nation_of(g, pid))
        end_ok = None
        for loc in _reserve_targets(g, side, pid):
            if blocked is not None and loc not in blocked \
                    and not supply.always_in_supply(g, loc, board.nation_of(g, pid)):
                continue  # PoG 13.1.12: not from the Reserve Box to such spaces either
            if end_ok is None:
                end_ok = end_checker(g, side, pid)
            if end_ok(loc):
                yield loc, "reserve"
        return
    if pt.size != "army" and pt.nationality != "ANA" and not capital_lost(g, side, nation) \
            and not reserve_blocked(g, pid):
        yield RESERVE, "reserve"  # PoG 13.1.9
    end_ok = end_checker(g, side, pid)
    if pt.nationality != "MN":  # PoG 13.1.11: MN only to and from the Reserve Box
        for loc in _land_reach(g, side, pid):
            if end_ok(loc):
                yield loc, "land"
    if pt.size != "army" and pt.nationality != "RU" and _sea_port(g, side, here):  # PoG 13.1.7
        for loc in _sea_ports(g, side):
            if loc != here and end_ok(loc):
                yield loc, "sea"


def _reserve_targets(g: Game, side: str, pid: int) -> tuple[str, ...]:
    """13.1.8: the spaces a unit may SR to from the Reserve Box, before the end checks: a
    space holding a unit of its nationality (not only the ANA or SN), its own capital or
    supply source, and for US corps any French port. Remembered with the supply snapshot
    (which names every unit on the map) for each nationality."""
    pt = g.ptype(pid)
    nation = _nation(g, pid)
    seen = supply.position(g)
    key = ("sr_reserve_targets", side, nation, pt.nationality)
    hit = seen.memo.get(key)
    if hit is None:
        hit = seen.memo[key] = tuple(_reserve_targets_now(g, seen, side, nation, pt.nationality))
    return hit


def _reserve_targets_now(g: Game, seen, side: str, nation: str, nationality: str) -> Iterator[str]:
    yield from _nation_spaces(g, seen, side).get(nation, ())
    yield from _printed_reserve_targets(g).get(nationality, ())


def _nation_spaces(g: Game, seen, side: str) -> dict[str, list[str]]:
    """13.1.8: by nation (:func:`_nation`), the spaces holding one of ``side``'s units of it
    (not counting the ANA and SN corps), in the snapshot's order; one pass for every nation,
    remembered with the snapshot."""
    key = ("sr_nation_spaces", side)
    hit = seen.memo.get(key)
    if hit is None:
        adj = movement.adjacency(g)
        pieces = g.state.pieces
        nations = _type_nations(g)
        at = 1 if side == "AP" else 2           # the side's units in the snapshot's facts
        hit = seen.memo[key] = {}
        for loc, facts in seen.read.items():
            units = facts[at]
            if not units or loc not in adj:
                continue
            for p in units:
                nation = nations[pieces[p].type]
                if nation is not None:
                    spaces = hit.get(nation)
                    if spaces is None:
                        hit[nation] = [loc]
                    elif spaces[-1] != loc:          # once per space
                        spaces.append(loc)
    return hit


def _type_nations(g: Game) -> dict[str, str | None]:
    """Each unit type's nation as SR counts it (:func:`_nation`), None for the ANA and SN
    corps, which name no space for 13.1.8 (read once per module)."""
    return board.per_module(g, "sr_type_nations", lambda: {
        t: None if t in ("ana_corps", "sn_corps") else BRITISH.get(pt.nationality, pt.nationality)
        for t, pt in g.module.piece_types.items() if pt.kind == "unit"})


def _printed_reserve_targets(g: Game) -> dict[str, list[str]]:
    """13.1.8, the printed part (read once per module): by nationality, its own capitals and
    supply sources, and for the US every French port."""
    def build() -> dict[str, list[str]]:
        adj = movement.adjacency(g)
        out: dict[str, list[str]] = {}
        for loc in adj:
            if board.attr(g, loc, "capital") or board.attr(g, loc, "supply"):
                out.setdefault(board.attr(g, loc, "nation"), []).append(loc)
        out["US"] = out.get("US", []) + [loc for loc in adj if board.attr(g, loc, "port")
                                         and board.attr(g, loc, "nation") == "FR"]
        return out
    return board.per_module(g, "sr_printed_reserve_targets", build)


def _land_reach(g: Game, side: str, pid: int) -> Iterator[str]:
    """13.1.5: the spaces reached overland through friendly-controlled spaces free of enemy
    units (each the first time it is met), before the end checks."""
    here = g.state.pieces[pid].loc
    pt = g.ptype(pid)
    position = supply.position(g)
    enemy_there = position.units["AP" if side == "CP" else "CP"]
    ctrl = position.ctrl
    nationality = pt.nationality
    confined = confinement.may_confine(g, [pid])
    adj = movement.adjacency(g)
    seen = {here}
    queue = deque([here])
    while queue:
        loc = queue.popleft()
        for nxt, only in adj.get(loc, ()):
            if nxt in seen or (only and nationality not in only):
                continue
            if nxt in enemy_there:
                continue  # PoG 13.1.5: never through enemy units
            if nationality == "RU" and board.attr(g, nxt, "nation") != "RU":
                continue  # PoG 13.1.6
            if confined and confinement.entry_violation(g, [pid], nxt) is not None:
                continue  # AP #57; CP #45: not even through (16.4.9)
            seen.add(nxt)
            if ctrl.get(nxt) == side:
                queue.append(nxt)
            yield nxt


def _sea_ports(g: Game, side: str) -> list[str]:
    """The ports ``side`` may use for sea SR now (13.1.7.1-13.1.7.2)."""
    return [loc for loc in movement.adjacency(g) if _sea_port(g, side, loc)]


# -- 13.1.12 and 13.2 -----------------------------------------------------------------------------
RESERVE_SOURCES = {("GE", "CP"): ("sofia", "constantinople"), ("AH", "CP"): ("sofia", "constantinople"),
                   ("TU", "CP"): ("essen", "breslau", "sofia"), ("BU", "CP"): ("essen", "breslau", "constantinople"),
                   ("RU", "AP"): ("belgrade",), ("RO", "AP"): ("belgrade",)}
NO_NE_SEA_OR_RESERVE = ("FR", "IT", "GR", "RO", "SB", "US", "BE", "CND", "PT")


def reserve_blocked(g: Game, pid: int) -> bool:
    """13.1.12 (as 17.1.4.1): no SR to the Reserve Box for GE/AH units tracing supply only to
    Sofia or Constantinople, TU to Essen, Breslau or Sofia, BU to Essen, Breslau or
    Constantinople, RU/RO to Belgrade. The rulebook's 13.1.12 names Constantinople for the
    Turks; 17.1.4.1 says Sofia (digest 8e): Sofia is used, Constantinople being the Turks' own."""
    side, nation = board.side_of(g, pid), board.nation_of(g, pid)
    if (nation, side) not in RESERVE_SOURCES:
        return False
    loc = g.state.pieces[pid].loc
    if not board.is_space(g, loc) or supply.always_in_supply(g, loc, nation):
        return False
    own = replacements.replacement_sources(g, nation)
    if own is None:
        return False
    return loc not in supply.supplied_spaces(g, side, nation, own)


def reserve_sources_only(g: Game, side: str, nation: str) -> frozenset[str] | None:
    """13.1.12 for SR *from* the Reserve Box: the spaces a unit of ``nation`` may reach, those
    tracing supply to its own replacement sources (17.1.4.1), or None if 13.1.12 does not
    limit the nation. (A space supplied only through Sofia/Constantinople for GE/AH, Essen/
    Breslau/Sofia for TU, Essen/Breslau/Constantinople for BU, Belgrade for RU/RO is out.)"""
    if (nation, side) not in RESERVE_SOURCES:
        return None
    own = replacements.replacement_sources(g, nation)
    if own is None:
        return None
    return frozenset(supply.supplied_spaces(g, side, nation, own))


def _ne(g: Game, loc: str) -> bool:
    """A space of the Near East map (13.2; the Reserve Box and other boxes are off it)."""
    return loc in movement.near_east_spaces(g)


def ne_violation(g: Game, side: str, pid: int, here: str, to: str, mode: str) -> Violation | None:
    """13.2: limits on SR to or from the Near East map (Reserve Box and other maps are off
    it). ``mode`` is "reserve", "land" or "sea"."""
    dest = f"reserve:{side}" if to == RESERVE else to
    if _ne(g, here) == _ne(g, dest):
        return None  # PoG 13.2.4: wholly within (or wholly outside) the Near East
    pt = g.ptype(pid)
    nat = pt.nationality
    used = g.get("pog_ne_sr") or []
    if side == "CP":
        if nat in ("TU", "SN") or pt.size == "army":
            return None  # PoG 13.2.3: Turkish units do not count
        if "CP" in used:
            return Violation("PoG 13.2.3", "only one CP corps per turn may SR to or from the "
                                           "Near East")
        return None
    if mode == "reserve" and to == RESERVE and nat == "ANA":
        return Violation("PoG 13.2.1", "the ANA may not SR to the Reserve Box")
    if nat == "RU":
        if pt.size == "army":
            return Violation("PoG 13.2.2", "no Russian army may SR to or from the Near East")
        if mode == "sea":
            return Violation("PoG 13.2.1", "Russian corps may not SR by sea to or from the Near East")
        if "RU" in used:
            return Violation("PoG 13.2.2", "only one Russian corps per turn may SR to or from the "
                                           "Near East")
        return None
    if mode == "land":
        return None  # PoG 13.2.1: no limit on land SR (out via Constantinople)
    if nat == "ANA":
        return Violation("PoG 13.2.1", "the ANA may not SR by sea out of the Near East")
    if nat in NO_NE_SEA_OR_RESERVE or pt.attrs.get("bef"):
        return Violation("PoG 13.2.1", f"no {nat} corps may SR by sea or from the Reserve Box to "
                                       "or from the Near East")
    if nat in ("BR", "AUS"):
        if "BR" in used:
            return Violation("PoG 13.2.1", "only one British corps per turn may SR by sea or from "
                                           "the Reserve Box to or from the Near East")
    return None


def _record_ne(g: Game, side: str, pid: int, here: str, to: str) -> None:
    dest = f"reserve:{side}" if to == RESERVE else to
    if _ne(g, here) == _ne(g, dest):
        return
    pt = g.ptype(pid)
    nat = pt.nationality
    tag = None
    if side == "CP" and nat not in ("TU", "SN") and pt.size != "army":
        tag = "CP"
    elif side == "AP" and nat == "RU":
        tag = "RU"
    elif side == "AP" and nat in ("BR", "AUS"):
        modes = _routes(g, side, pid).get(to, set())
        if not any(m == "land" for m in modes):
            tag = "BR"
    if tag:
        g.set("pog_ne_sr", list(g.get("pog_ne_sr") or []) + [tag])


def unit_violation(g: Game, frame: dict, pid) -> Violation | None:
    """Why ``pid`` may not SR at all in this SR, or None (13.1.1-13.1.3)."""
    side = frame["side"]
    if not isinstance(pid, int) or pid not in g.state.pieces or not board.is_unit(g, pid) \
            or board.side_of(g, pid) != side:
        return Violation("PoG 13.1.1", "SR moves one of the player's own combat units")
    if pid in frame["done"]:
        return Violation("PoG 13.1.3", "a unit may SR only once per Action Round")
    need = cost(g, pid)
    if frame["spent"] + need > frame["points"]:
        return Violation("PoG 13.1.2", f"{unit_name(g, pid)} costs {need} SR points; "
                                       f"{frame['points'] - frame['spent']} left")
    return None


def sr_violation(g: Game, frame: dict, pid, to) -> Violation | None:
    """The rule an SR of ``pid`` to ``to`` (a space or RESERVE) breaks, or None."""
    problem = unit_violation(g, frame, pid)
    if problem is not None:
        return problem
    if to not in destinations(g, frame["side"], pid):
        return why_not(g, frame["side"], pid, str(to))
    stuck = unfixable_after(g, frame, pid, to)
    if stuck:
        return Violation("PoG 10.1.4", f"{place(g, stuck)} would stay over the stacking limit "
                                       "at the end of the SR")
    return None


def why_not(g: Game, side: str, pid: int, to: str) -> Violation:
    """The rule that forbids ``pid`` to SR to ``to`` (not one of its destinations): the most
    specific one found — leaving its space, the Reserve Box rules, the destination itself, the
    way there (overland, by sea), the Near East limits — else 13.1.5."""
    name = unit_name(g, pid)
    problem = leave_problem(g, side, pid)
    if problem is not None:
        return problem
    here = g.state.pieces[pid].loc
    pt = g.ptype(pid)
    if to == RESERVE or to == f"reserve:{side}":
        if here == f"reserve:{side}":
            return Violation("PoG 13.1.1", f"{name} is already in the Reserve Box")
        if pt.size == "army":
            return Violation("PoG 13.1.9", "only corps may SR to the Reserve Box")
        if pt.nationality == "ANA":
            return Violation("PoG 13.2.1", "the ANA may not SR to the Reserve Box")
        if capital_lost(g, side, _nation(g, pid)):
            return Violation("PoG 13.1.11", "the enemy controls or besieges the capital of "
                                            f"{name}'s nation: no SR to the Reserve Box")
        if reserve_blocked(g, pid):
            return Violation("PoG 13.1.12", f"{name} traces supply only through another "
                                            "nation's sources: no SR to the Reserve Box")
        return _ne_refusal(g, side, pid, here, RESERVE, ("reserve",))
    if not isinstance(to, str) or not board.is_space(g, to):
        return Violation("PoG 13.1.1", f"{to} is not a map space nor the Reserve Box")
    end = end_problem(g, side, pid, to)
    if end is not None:
        return Violation(g.cite(end[0]), f"{name} may not SR to {place(g, to)}: {end[1]}")
    if here == f"reserve:{side}":
        if to not in set(_reserve_targets(g, side, pid)):
            return Violation("PoG 13.1.8", f"from the Reserve Box {name} may SR only to a space "
                                           "holding a unit of its nation, to its own capital or to "
                                           "one of its supply sources")
        blocked = reserve_sources_only(g, side, board.nation_of(g, pid))
        if blocked is not None and to not in blocked:
            return Violation("PoG 13.1.12", f"{place(g, to)} traces supply only through another "
                                            "nation's sources: no SR there from the Reserve Box")
        return _ne_refusal(g, side, pid, here, to, ("reserve",))
    if pt.nationality == "MN":
        return Violation("PoG 13.1.11", "the Montenegrin unit may not SR overland: only to and "
                                        "from the Reserve Box")
    modes = []
    if to in set(_land_reach(g, side, pid)):
        modes.append("land")
    both_ports = board.attr(g, here, "port") and board.attr(g, to, "port")
    if both_ports:
        if _sea_port(g, side, here) and _sea_port(g, side, to) and pt.size != "army" \
                and pt.nationality != "RU":
            modes.append("sea")
        elif not modes:
            if pt.size == "army":
                return Violation("PoG 13.1.7", "armies never SR by sea")
            if pt.nationality == "RU":
                return Violation("PoG 13.1.6", "Russian corps may not SR by sea")
            return Violation("PoG 13.1.7.1" if side == "CP" else "PoG 13.1.7.2",
                             f"{place(g, here)} and {place(g, to)} are not both ports the "
                             f"{side} may use for sea SR")
    if not modes:
        return Violation("PoG 13.1.5", f"no way from {place(g, here)} to {place(g, to)} through "
                                       "friendly-controlled spaces free of enemy units")
    return _ne_refusal(g, side, pid, here, to, modes)


def _ne_refusal(g: Game, side: str, pid: int, here: str, to: str, modes) -> Violation:
    for mode in modes:
        problem = ne_violation(g, side, pid, here, to, mode)
        if problem is not None:
            return problem
    return Violation("PoG 13.1.5", f"{unit_name(g, pid)} cannot SR to {to}")


def pickable(g: Game, frame: dict) -> Iterator[int]:
    """The units that may SR now, one of each kind (type and step) per space: a unit of the
    same kind beside it goes where it goes."""
    side = frame["side"]
    left = frame["points"] - frame["spent"]
    seen = set()
    done = set(frame["done"])
    reserve = f"reserve:{side}"
    at = 1 if side == "AP" else 2              # the side's units in the snapshot's facts
    seen_now = supply.position(g)
    read, locs = seen_now.read, list(seen_now.units[side])   # the spaces holding them
    boxed = board.units_in(g, reserve, side) if g.state.stacks.get(reserve) else ()
    if boxed:
        locs.append(reserve)
    pieces, costs = g.state.pieces, _type_costs(g)
    for loc in sorted(locs):
        for pid in boxed if loc == reserve else read[loc][at]:
            piece = pieces[pid]
            kind = (loc, piece.type, piece.face)
            if kind in seen or pid in done or costs[piece.type] > left:
                continue
            seen.add(kind)
            if can_sr(g, frame, pid):
                yield pid


_OFFERS_LIMIT = 20000   # actions kept per module


def _offers(g: Game) -> dict:
    """The ``sr`` and ``sr_unit`` actions offered so far, by (side, unit, destination) and
    ("sr_unit", side, unit): an action is immutable and names only these, so the one made the
    first time is offered again rather than typed anew (issue 17). Per module, emptied when
    it grows past :data:`_OFFERS_LIMIT`."""
    kept = board.per_module(g, "sr_offers", dict)
    if len(kept) > _OFFERS_LIMIT:
        kept.clear()
    return kept


def _end(g: Game) -> None:
    if g.get("pog_moving"):
        g.set("pog_moving", False)
    g.end()


class StrategicRedeployment(State):
    """13.1: SR points from the card, spent unit by unit.

    The decision is listed in two steps (issue 17), so that listing it never means searching
    every unit's destinations: ``sr_unit`` picks a unit that may SR (frame ``unit``), then the
    ``sr`` actions of that unit are listed (with ``sr_back`` to pick another). An ``sr`` action
    is legal in either step, for any unit: the table's drag does it in one step, asking the
    dragged unit's destinations alone (:meth:`piece_actions`)."""
    name = "sr"
    rule = "13.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        left = frame["points"] - frame["spent"]
        picked = frame.get("unit")
        if picked is not None and picked in g.state.pieces:
            return Prompt(frame["side"], "sr", f"{frame['side']}: where does "
                                               f"{unit_name(g, picked)} redeploy? ({left} SR "
                                               "points left)")
        return Prompt(frame["side"], "sr", f"{frame['side']}: redeploy units ({left} SR points "
                                           "left), then end SR")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        picked = frame.get("unit")
        if picked is not None:
            yield from self._unit_moves(g, frame, picked)
            yield self.offer("sr_back", side)
        else:
            offers = _offers(g)
            for pid in pickable(g, frame):
                hit = offers.get(("sr_unit", side, pid))
                if hit is None:
                    hit = offers[("sr_unit", side, pid)] = self.offer("sr_unit", side, unit=pid)
                yield hit
        if not overstacked(g, side):  # PoG 10.1.2: met again before the SR ends
            yield self.offer("end_sr", side)

    def _unit_moves(self, g: Game, frame: dict, pid: int) -> Iterator[Action]:
        side = frame["side"]
        if unit_violation(g, frame, pid) is not None:
            return
        unit, spaces = Piece(pid), movement.space_locs(g)   # the offer's types, made once
        fits = _fits(g, frame, pid)
        offers = _offers(g)
        for to in sorted(destinations(g, side, pid)):
            if fits(to):  # PoG 10.1.4
                hit = offers.get((side, pid, to))
                if hit is None:
                    hit = offers[(side, pid, to)] = self.offer(
                        "sr", side, pid=unit, to=spaces.get(to) or box_of(side, to))
                yield hit

    def piece_actions(self, g: Game, frame: dict, pid: int) -> list[Action]:
        """Where this unit may SR (every ``sr`` action naming it), and its pick."""
        out = list(self._unit_moves(g, frame, pid))
        if out and frame.get("unit") is None:
            out.append(self.offer("sr_unit", frame["side"], unit=pid))
        return out

    def check_end_sr(self, g: Game, frame: dict) -> Violation | None:
        over = overstacked(g, frame["side"])
        if over:
            return Violation("PoG 10.1.2", f"{place(g, over[0])} is over the stacking limit: "
                                           "SR units out of it before ending the SR")
        return None

    def check_sr(self, g: Game, frame: dict, pid: Piece, to: Loc) -> Violation | None:
        return sr_violation(g, frame, pid, from_box(frame["side"], to))

    def check_sr_unit(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        problem = unit_violation(g, frame, unit)
        if problem is not None:
            return problem
        if not can_sr(g, frame, unit):
            return leave_problem(g, frame["side"], unit) or Violation(
                "PoG 13.1.5", f"{unit_name(g, unit)} has nowhere to SR to")
        return None

    def check_sr_back(self, g: Game, frame: dict) -> Violation | None:
        if frame.get("unit") is None:
            return Violation("PoG 13.1.10", "no unit is chosen: choose any unit to redeploy")
        return None

    def on_end_sr(self, g: Game, frame: dict) -> None:
        """End SR"""
        _end(g)

    def on_sr_unit(self, g: Game, frame: dict, unit: Piece) -> None:
        """Choose this unit to redeploy"""
        g.update(unit=int(unit))

    def on_sr_back(self, g: Game, frame: dict) -> None:
        """Choose another unit"""
        g.update(unit=None)

    def on_sr(self, g: Game, frame: dict, pid: Piece, to: Loc) -> None:
        """Redeploy this unit"""
        dest = str(to)
        _record_ne(g, frame["side"], pid, g.state.pieces[pid].loc, from_box(frame["side"], to))  # PoG 13.2
        g.do(C.Move(pid, dest))
        g.update(spent=frame["spent"] + cost(g, pid), done=frame["done"] + [pid], unit=None)
        over = bool(overstacked(g, frame["side"]))
        if over or g.get("pog_moving"):
            g.set("pog_moving", over)  # PoG 10.1.2: temporarily overstacked (invariants)
        top = g.top
        if top["spent"] >= top["points"]:
            _end(g)

    def describe(self, g: Game, frame: dict, action: Action) -> str:
        if action.verb == "sr" and action.get("pid") in g.state.pieces:
            pid = action["pid"]
            src = g.state.pieces[pid].loc
            to = action.get("to")
            src_name = "the Reserve Box" if src.startswith("reserve:") else place(g, src)
            to_name = "the Reserve Box" if str(to).startswith("reserve:") else (
                place(g, to) if isinstance(to, str) and to in g.module.locations else str(to))
            return f"{action.side} SRs {unit_name(g, pid)} {src_name} → {to_name}"
        if action.verb == "sr_unit" and action.get("unit") in g.state.pieces:
            pid = action["unit"]
            src = g.state.pieces[pid].loc
            src_name = "the Reserve Box" if src.startswith("reserve:") else place(g, src)
            return f"{action.side} chooses {unit_name(g, pid)} in {src_name} to redeploy"
        if action.verb == "sr_back":
            return f"{action.side} chooses another unit to redeploy"
        return f"{action.side} ends SR"
