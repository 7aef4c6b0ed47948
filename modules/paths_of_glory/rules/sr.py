"""Strategic Redeployment (13.0): spend a card's SR points moving units through friendly
territory, by sea between ports, or to and from the Reserve Box.

Frame ``sr`` {side, points, spent, card, done: [pid]}; actions ``sr(pid, to)`` (``to`` a
space id or ``"reserve"``) and ``end_sr``.
"""
from __future__ import annotations

from collections import deque
from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, confinement, entry, movement, replacements, supply
from .card_ids import SALONIKA
from .game import Game
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
    table = g.module.tables["sr_cost"]          # its shape is checked when the module opens
    size = "army" if board.is_army(g, pid) else "corps"
    return int(table.cells[table.rows.values.index(size)][0])


def _nation(g: Game, pid: int) -> str:
    nat = board.nation_of(g, pid)
    return BRITISH.get(nat, nat)


def capital_lost(g: Game, side: str, nation: str) -> bool:
    """13.1.11: the enemy controls or besieges the nation's capital (BE and SB exempt)."""
    if nation in ("BE", "SB"):
        return False
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


_END_MEMO: dict = {"key": None, "d": {}}


def _end_ok(g: Game, side: str, pid: int, loc: str) -> bool:
    """Whether ``pid`` may end an SR in ``loc``. Remembered per position (the state's
    incremental hash) and unit kind, as SR asks it for every unit and space."""
    key = (id(g.state), g.state._hash)
    if _END_MEMO["key"] != key:
        _END_MEMO["key"], _END_MEMO["d"] = key, {}
    piece = g.state.pieces[pid]
    k = (side, piece.type, bool(piece.props.get("ne_lost")), loc)
    hit = _END_MEMO["d"].get(k)
    if hit is None:
        hit = _END_MEMO["d"][k] = _end_ok_now(g, side, pid, loc)
    return hit


def _end_ok_now(g: Game, side: str, pid: int, loc: str) -> bool:
    if board.units_in(g, loc, "AP" if side == "CP" else "CP"):
        return False  # PoG 10.1.5 / 13.1.5: never into enemy units (e.g. the besiegers of
        # a friendly fort, whose space stays friendly, 15.1.10; fuzz seed 179)
    if entry.greek_blocked(g, loc) or (entry.greek_limited(g) and board.nation_of(g, pid) == "GR"):
        return False  # PoG 9.5.2.4: nobody moves the neutral Greek units nor joins them
    there = len(board.units_in(g, loc, side))
    if there + 1 > movement.STACKING_LIMIT \
            and there + 1 > movement.STACKING_LIMIT + _allowance(g, side, pid, loc):
        return False  # PoG 10.1.1 (10.1.2: temporarily exceeded during an SR)
    if not _friendly_end(g, side, loc):
        return False  # PoG 13.1.5
    if side == "CP" and loc in movement.CP_COAST and not movement.coast_open(g):
        return False  # PoG 11.1.9
    if side == "AP" and loc == KAVALA and not kavala_open(g):
        return False  # PoG 9.5.2.4: SR into Kavala only after Greek entry or Salonika
    pt = g.ptype(pid)
    if pt.size == "army" and movement.on_near_east_map(g, loc) and not movement.near_east_army(g, pid):
        return False  # PoG 11.3.1
    if pt.attrs.get("bef") and board.attr(g, loc, "nation") not in movement.BEF_NATIONS:
        return False  # PoG 11.1.17
    if board.nation_of(g, pid) == "RU" and board.attr(g, loc, "nation") != "RU":
        return False  # PoG 13.1.6
    if confinement.entry_violation(g, [pid], loc) is not None:
        return False  # AP #57 Russian Cavalry; CP #45 Brest-Litovsk (16.4.9)
    nation_it = board.attr(g, loc, "nation") == "IT"
    if nation_it and movement.italy_closed(g, pid):
        return False  # PoG 5.7.4 #6
    if (g.get("pog_scenario") == "historical" and g.get("commitment_ap") != "total_war"
            and loc in ("trent", "villach", "trieste") and pt.size == "army"
            and pt.nationality == "GE"):
        return False  # PoG 5.7.4 #6
    return supply.in_supply(g, loc, side, board.nation_of(g, pid))  # PoG 13.1.5 (last: the dearest)


KAVALA = "kavala"


def kavala_open(g: Game) -> bool:
    """9.5.2.4: Kavala is Allied-controlled from the start, but Allied units may SR into it only
    after the Greek Neutral Entry (AP #44) or the *Salonika* event (AP #30)."""
    return cards.event_played(g, SALONIKA) or entry.greek_limited(g) \
        or not cards.nation_neutral(g, "GR")


# -- 10.1.2 / 10.1.4: temporary overstacking during an SR -------------------------------------------
def _sr_frame(g: Game, side: str) -> dict | None:
    top = g.top
    return top if top and top.get("state") == "sr" and top.get("side") == side else None


def _allowance(g: Game, side: str, pid: int, loc: str) -> int:
    """10.1.2: during an SR a space may hold more than 3 units as long as enough of the units
    there that have not redeployed yet can still SR out of it with the points left."""
    frame = _sr_frame(g, side)
    if frame is None:
        return 0
    left = frame["points"] - frame["spent"] - cost(g, pid)
    costs = sorted(cost(g, p) for p in board.units_in(g, loc, side)
                   if p not in frame["done"] and p != pid and _can_leave(g, side, p))
    n = 0
    for c in costs:
        if c > left:
            break
        left -= c
        n += 1
    return n


_OVER_MEMO: dict = {"key": None, "d": {}}


def overstacked(g: Game, side: str) -> list[str]:
    """The spaces holding more than 3 of ``side``'s units (10.1.1); remembered per position,
    as SR asks it for every candidate move."""
    key = (id(g.state), g.state._hash)
    if _OVER_MEMO["key"] != key:
        _OVER_MEMO["key"], _OVER_MEMO["d"] = key, {}
    hit = _OVER_MEMO["d"].get(side)
    if hit is None:
        hit = _OVER_MEMO["d"][side] = sorted(
            loc for loc, stack in g.state.stacks.items()
            if len(stack) > movement.STACKING_LIMIT and board.is_space(g, loc)
            and len(board.units_in(g, loc, side)) > movement.STACKING_LIMIT)
    return list(hit)


_LEAVE_MEMO: dict = {"key": None, "d": {}}


def _can_leave(g: Game, side: str, pid: int) -> bool:
    """Whether ``pid`` has anywhere to SR to now (remembered per position): a unit with no
    destination cannot be counted on to clear an overstacked space (10.1.4; fuzz seed 333)."""
    key = (id(g.state), g.state._hash)
    if _LEAVE_MEMO["key"] != key:
        _LEAVE_MEMO["key"], _LEAVE_MEMO["d"] = key, {}
    memo = _LEAVE_MEMO["d"]
    if pid not in memo:
        memo[pid] = True      # asked again while computing (spaces referring to each other)
        memo[pid] = bool(destinations(g, side, pid))
    return memo[pid]


def unfixable_after(g: Game, frame: dict, pid: int, to: str) -> str | None:
    """10.1.4: the space that would stay overstacked for good if ``pid`` SRs to ``to`` (the
    units able to leave the overstacked spaces cannot all be paid for with the points left:
    the cheapest way out of every such space together must fit in them)."""
    side = frame["side"]
    left = frame["points"] - frame["spent"] - cost(g, pid)
    done = set(frame["done"]) | {pid}
    for loc in sorted(set(overstacked(g, side)) | ({to} if to != RESERVE else set())):
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


def destinations(g: Game, side: str, pid: int) -> set[str]:
    """Every place ``pid`` may SR to now (13.1.5–13.1.9, 13.1.12, 13.2)."""
    routes = _routes(g, side, pid)
    here = g.state.pieces[pid].loc
    return {to for to, modes in routes.items()
            if any(ne_violation(g, side, pid, here, to, m) is None for m in modes)}


def _routes(g: Game, side: str, pid: int) -> dict[str, set[str]]:
    """Destinations with how they are reached: "reserve" (to or from the Reserve Box),
    "land" or "sea"."""
    out: dict[str, set[str]] = {}
    for to, mode in _destinations(g, side, pid):
        out.setdefault(to, set()).add(mode)
    return out


def _destinations(g: Game, side: str, pid: int) -> list[tuple[str, str]]:
    here = g.state.pieces[pid].loc
    pt = g.ptype(pid)
    nation = _nation(g, pid)
    out = _Collect()
    if here == f"reserve:{side}":
        if capital_lost(g, side, nation):
            return out.items  # PoG 13.1.11
        out.mode = "reserve"
        adj = movement.adjacency(g)
        for loc, stack in g.state.stacks.items():
            if loc not in adj or not stack:
                continue
            mates = [p for p in board.units_in(g, loc, side) if _nation(g, p) == nation
                     and g.state.pieces[p].type not in ("ana_corps", "sn_corps")]
            if mates and _end_ok(g, side, pid, loc):
                out.add(loc)  # PoG 13.1.8
        for loc in adj:
            if board.attr(g, loc, "nation") != pt.nationality:
                continue
            if (board.attr(g, loc, "capital") or board.attr(g, loc, "supply")) \
                    and _end_ok(g, side, pid, loc):
                out.add(loc)  # PoG 13.1.8: own capital or supply source
        if pt.nationality == "US":
            for loc in adj:
                if board.attr(g, loc, "port") and board.attr(g, loc, "nation") == "FR" \
                        and _end_ok(g, side, pid, loc):
                    out.add(loc)
        blocked = reserve_sources_only(g, side, board.nation_of(g, pid))
        if blocked is not None:  # PoG 13.1.12: not from the Reserve Box to such spaces either
            nation = board.nation_of(g, pid)
            out.items = [(loc, m) for loc, m in out.items
                         if loc in blocked or supply.always_in_supply(g, loc, nation)]
        return out.items
    if here not in movement.adjacency(g):
        return out.items
    if not supply.in_supply(g, here, side, board.nation_of(g, pid)):
        return out.items  # PoG 13.1.5
    if movement.leave_violation(g, side, [pid], here, sr=True):
        return out.items  # PoG 13.1.5 / 15.2.4
    if entry.greek_blocked(g, here):
        return out.items  # PoG 9.5.2.4: nobody moves the neutral Greek units
    out.mode = "reserve"
    if pt.size != "army" and pt.nationality != "ANA" and not capital_lost(g, side, nation) \
            and not reserve_blocked(g, pid):
        out.add(RESERVE)  # PoG 13.1.9
    out.mode = "land"
    if pt.nationality != "MN":  # PoG 13.1.11: MN only to and from the Reserve Box
        enemy = "AP" if side == "CP" else "CP"
        seen = {here}
        queue = deque([here])
        while queue:
            loc = queue.popleft()
            for nxt, only in movement.adjacency(g).get(loc, ()):
                if nxt in seen or (only and pt.nationality not in only):
                    continue
                if board.units_in(g, nxt, enemy):
                    continue  # PoG 13.1.5: never through enemy units
                if pt.nationality == "RU" and board.attr(g, nxt, "nation") != "RU":
                    continue  # PoG 13.1.6
                if confinement.entry_violation(g, [pid], nxt) is not None:
                    continue  # AP #57; CP #45: not even through (16.4.9)
                seen.add(nxt)
                if board.controller(g, nxt) == side:
                    queue.append(nxt)
                if _end_ok(g, side, pid, nxt):
                    out.add(nxt)
    out.mode = "sea"
    if pt.size != "army" and pt.nationality != "RU" and _sea_port(g, side, here):  # PoG 13.1.7
        for loc in movement.adjacency(g):
            if loc != here and _sea_port(g, side, loc) and _end_ok(g, side, pid, loc):
                out.add(loc)
    return [(to, m) for to, m in out.items if to != here]


class _Collect:
    """(destination, mode) pairs, the mode set before each batch."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []
        self.mode = "land"

    def add(self, loc: str) -> None:
        self.items.append((loc, self.mode))


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
    return board.is_space(g, loc) and movement.on_near_east_map(g, loc)


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


def sr_violation(g: Game, frame: dict, pid, to) -> Violation | None:
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
    if to not in destinations(g, side, pid):
        return Violation("PoG 13.1.5", f"{unit_name(g, pid)} cannot SR to {to} (SR runs through "
                                       "friendly-controlled spaces to a friendly supplied space; "
                                       "armies never by sea or to the Reserve Box)")
    stuck = unfixable_after(g, frame, pid, to)
    if stuck:
        return Violation("PoG 10.1.4", f"{place(g, stuck)} would stay over the stacking limit "
                                       "at the end of the SR")
    return None


def _end(g: Game) -> None:
    if g.get("pog_moving"):
        g.set("pog_moving", False)
    g.end()


class StrategicRedeployment(State):
    """13.1: SR points from the card, spent unit by unit."""
    name = "sr"
    rule = "13.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        left = frame["points"] - frame["spent"]
        return Prompt(frame["side"], "sr", f"{frame['side']}: redeploy units ({left} SR points "
                                           "left), then end SR")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        left = frame["points"] - frame["spent"]
        seen = set()
        for loc, stack in sorted(g.state.stacks.items()):
            if loc != f"reserve:{side}" and loc not in movement.adjacency(g):
                continue
            for pid in stack:
                piece = g.state.pieces[pid]
                kind = (loc, piece.type, piece.face)
                if (kind in seen or not board.is_unit(g, pid) or board.side_of(g, pid) != side
                        or pid in frame["done"] or cost(g, pid) > left):
                    continue
                seen.add(kind)
                for to in sorted(destinations(g, side, pid)):
                    if unfixable_after(g, frame, pid, to) is None:  # PoG 10.1.4
                        yield self.offer("sr", side, pid=pid, to=box_of(side, to))
        if not overstacked(g, side):  # PoG 10.1.2: met again before the SR ends
            yield self.offer("end_sr", side)

    def check_end_sr(self, g: Game, frame: dict) -> Violation | None:
        over = overstacked(g, frame["side"])
        if over:
            return Violation("PoG 10.1.2", f"{place(g, over[0])} is over the stacking limit: "
                                           "SR units out of it before ending the SR")
        return None

    def check_sr(self, g: Game, frame: dict, pid: Piece, to: Loc) -> Violation | None:
        return sr_violation(g, frame, pid, from_box(frame["side"], to))

    def on_end_sr(self, g: Game, frame: dict) -> None:
        """End SR"""
        _end(g)

    def on_sr(self, g: Game, frame: dict, pid: Piece, to: Loc) -> None:
        """Redeploy this unit"""
        dest = str(to)
        _record_ne(g, frame["side"], pid, g.state.pieces[pid].loc, from_box(frame["side"], to))  # PoG 13.2
        g.do(C.Move(pid, dest))
        g.update(spent=frame["spent"] + cost(g, pid), done=frame["done"] + [pid])
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
        return f"{action.side} ends SR"
