"""Movement (8.4): who may go where, and what entering a hex does.

A move is a group of pieces from one hex along a path of adjacent hexes. It is legal when:

* every piece can pay the path (8.4, 8.4.1, 8.4.2): 1 MP a hex, +1 across a red diamond, never
  across a triple diamond; a Disorganized combat unit or an HA moves one hex whatever the hexside
  costs; combat units that start with an HQ of their nationality may use the HQ's MA; HA never
  more than one hex;
* every hex entered and left obeys the Entry and Exit tables (8.4.4) and Block markers (8.4.5):
  the group stops on entering a friendly contested hex, an enemy-occupied hex or an enemy
  contested hex; it may not go from an enemy-controlled occupied hex into another; HQs, HA and
  Disorganized units enter an enemy-controlled occupied hex only with non-DG combat units;
* supply (8.4.3): a supplied piece may not enter a hex where it would be out of supply (except
  units of the German 1st-3rd Armies on turns 3-5); an out-of-supply piece only enters hexes that
  put it in supply or bring it closer;
* the special limits: Belgians stay in Belgium (8.4.7 a), no British unit ends in Paris (8.4.7 b),
  German combat units enter Schlieffen hexes only where Allied combat units are until turn 7
  (8.4.8), hex 54 on turns 1-2 (13.1 @), Ghent while the Belgians are shut in Antwerp (12.5.3);
* stacking where the move ends (8.4.6).

:func:`reach` lists every hex a group can reach with its cheapest path; :func:`problem` says
why a given path is refused (the rule); :func:`carry_out` moves the group and applies what
entering each hex does (control, Block markers, battles, the Cavalry Rearguard, HQs and HA
left alone, Paris in Danger).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from engine import commands as C
from engine.rules import Violation

from . import board, control, supply
from .game import GHENT, MAUBEUGE, PARIS, Game, other


@dataclass
class Group:
    """What the rules need to know of a moving group."""
    side: str
    pids: list[int]
    start: str
    mp: dict[int, int]            # MP allowance per piece
    auto: dict[int, bool]         # moves one hex whatever the cost (DG, HA, 8.4.2 NOTE)
    nondg: bool                   # contains a non-DG combat unit
    combat: list[int]
    keys: dict[str, list[int]] = field(default_factory=dict)   # supply nationality → pieces
    in_supply: dict[str, bool] = field(default_factory=dict)
    exempt: bool = False          # German 1st-3rd Army units, turns 3-5 (8.4.3 a/c)
    gr: bool = False              # moving in a General Retreat (8.7.2, 8.7.3)

    def allowed(self, cost: int, steps: int) -> bool:
        return all((self.auto[p] and steps == 1) or cost <= self.mp[p] for p in self.pids)

    def max_cost(self) -> int:
        return min(self.mp.values()) if self.mp else 0


def hq_ma(g: Game, pids: list[int], nat: str) -> int:
    best = 0
    for p in pids:
        k = board.kind(g, p)
        if k.hq and k.nat == nat:
            best = max(best, int(g.value(p, "ma") or 0))
    return best


def group(g: Game, side: str, pids: list[int], mp_left: dict[str, int] | None = None,
          gr: bool = False) -> Group:
    """The group's allowances (8.4, 8.4.1, 8.4.2 NOTE)."""
    mp, auto = {}, {}
    combat = []
    for p in pids:
        k = board.kind(g, p)
        if mp_left is not None and str(p) in mp_left:
            mp[p], auto[p] = int(mp_left[str(p)]), False
        elif k.ha:
            mp[p], auto[p] = 0, True                      # GI 8.4.1 NOTE: one hex at most
        elif k.hq:
            mp[p], auto[p] = int(g.value(p, "ma") or 0), False
        else:
            own = int(g.value(p, "ma") or 0)
            is_dg = board.dg(g, p)
            bonus = hq_ma(g, pids, k.nat)                  # GI 8.4.1 (8.4.6 a: same nationality)
            mp[p] = max(0 if is_dg else own, bonus)
            auto[p] = is_dg
        if k.combat:
            combat.append(p)
    grp = Group(side, list(pids), g.loc(pids[0]), mp, auto,
                any(not board.dg(g, p) for p in combat), combat, gr=gr)
    for p in pids:
        grp.keys.setdefault(supply.source_key(g, p), []).append(p)
    for key in grp.keys:
        grp.in_supply[key] = supply.hex_status(g, grp.start, side, key) is not None
    grp.exempt = side == "german" and 3 <= g.turn <= 5 and all(
        str(g.ptype(p).attrs.get("army", "")) in ("1", "2", "3") for p in pids)
    return grp


# -- one step ----------------------------------------------------------------------------------
def _enemy_controlled_occupied(g: Game, loc: str, side: str, ctrl: dict) -> bool:
    return ctrl.get(loc, board.control(g, loc)) != side and board.enemy_present(g, loc, side)


def step_problem(g: Game, grp: Group, a: str, b: str, ctrl: dict, steps: int) -> Violation | None:
    """Why the group may not go from ``a`` into the adjacent ``b`` (None: it may)."""
    side = grp.side
    if b not in board.neighbours(g, a):
        return Violation("GI 8.4", f"{g.place(b)} is not next to {g.place(a)}")
    if board.impassable(g, a, b):
        return Violation("GI 8.4.2", "no unit may cross a triple-diamond hexside")
    if board.blocked(g, a, b, side):
        return Violation("GI 8.4.5", "an enemy Block marker closes that hexside")
    cb = ctrl.get(b, board.control(g, b))
    enemy_b = board.enemy_present(g, b, side)
    if _enemy_controlled_occupied(g, a, side, ctrl) and cb != side and enemy_b:
        return Violation("GI 8.4.4", "units may not go from an enemy-controlled occupied hex "
                                     "into another enemy-controlled occupied hex")
    if grp.gr:
        if cb != side or enemy_b:
            return Violation("GI 8.7.2", "in a General Retreat units enter only friendly-"
                                         "controlled hexes free of enemy units and forts")
    if cb != side and enemy_b and not grp.nondg:
        return Violation("GI 8.4.4", "HQs, HA and Disorganized units enter an enemy-controlled "
                                     "occupied hex only with non-Disorganized combat units")
    if cb != side and (board.units_at(g, b, other(side)) or board.forts_at(g, b, other(side))) \
            and not grp.nondg:
        return Violation("GI 9.8.2", "Disorganized units may not enter a hex with enemy units "
                                     "or forts unless accompanied or the hex is friendly")
    if side == "german" and not g.s3 and g.turn < 7 and board.schlieffen(g, b) and grp.combat \
            and not board.units_at(g, b, "allied"):
        return Violation("GI 8.4.8", "until turn 7 German combat units enter a Schlieffen Plan "
                                     "hex only where Allied combat units are")
    if side == "allied" and not board.in_belgium(g, b) and any(g.nat(p) == "BE" for p in grp.pids):
        return Violation("GI 8.4.7", "Belgian units may never leave Belgium (except in a retreat)")
    if b == MAUBEUGE and g.turn <= 2:
        if side == "german" and g.turn == 1:
            return Violation("GI 13.1", "no German unit may enter hex 54 on turn 1 (errata)")
        if side == "allied" and any(not g.state.pieces[p].props.get("start_54") for p in grp.pids):
            return Violation("GI 13.1", "on turns 1-2 only Allied units that started in hex 54 "
                                        "may enter it (errata)")
    if b == GHENT and side == "german" and shut_in_antwerp(g):
        return Violation("GI 12.5.3", "no German unit may enter Ghent (43) while the Belgian army "
                                      "is shut in Antwerp")
    if not grp.exempt:
        becomes = cb != side and not enemy_b and bool(grp.combat)
        for key, members in grp.keys.items():
            if supply.supplied_if_at(g, b, side, key, becomes):
                continue
            if grp.in_supply[key]:
                return Violation("GI 8.4.3", f"{g.names(members)} would be out of supply in "
                                             f"{g.place(b)}")
            dist = supply.distance_to_supply(g, side, key)
            if dist.get(b, 999) >= dist.get(a, 999):
                return Violation("GI 8.4.3", "out-of-supply units may only move into supply or "
                                             "closer to it")
    return None


def stops_in(g: Game, grp: Group, b: str, ctrl: dict) -> bool:
    """Entry table (8.4.4): the group stops on entering a friendly contested hex or an
    enemy-occupied / contested one; it goes on through friendly uncontested hexes and empty
    enemy hexes (which change hands)."""
    return board.enemy_present(g, b, grp.side) or rearguard_hex(g, grp, b)


def rearguard_hex(g: Game, grp: Group, b: str) -> bool:
    """9.6.3: a group with a non-DG infantry corps entering a hex holding only enemy cavalry."""
    foe = other(grp.side)
    if not any(board.kind(g, p).infantry and board.kind(g, p).corps and not board.dg(g, p)
               for p in grp.pids):
        return False
    units = board.units_at(g, b, foe)
    if not units or not all(board.kind(g, p).cavalry for p in units):
        return False
    return not board.live_forts(g, b, foe) and not board.units_at(g, b, grp.side) \
        and not board.live_forts(g, b, grp.side)


def shut_in_antwerp(g: Game) -> bool:
    """12.5.2-12.5.3: the Belgian army withdrew into Antwerp on turn 1 (13.1) and is kept there
    by two German infantry corps in 53 and/or 62 (until turn 7; not in Scenario 3)."""
    if g.s3 or not g.get("gi_antwerp_withdrawal") or g.turn >= 7:
        return False
    if not any(g.nat(p) == "BE" for p in board.units_at(g, "52", "allied")):
        return False
    corps = sum(1 for h in ("53", "62") for p in board.units_at(g, h, "german")
                if board.kind(g, p).infantry and board.kind(g, p).corps)
    return corps >= 2


def end_problem(g: Game, grp: Group, dest: str) -> Violation | None:
    """Where a move may not end: stacking (8.4.6 a), British in Paris (8.4.7 b)."""
    if dest == PARIS and any(g.nat(p) == "BR" for p in grp.pids if board.kind(g, p).combat):
        return Violation("GI 8.4.7", "British units may never end their movement in Paris")
    if board.over_stacked(g, dest, grp.side, grp.pids):
        return Violation("GI 8.4.6", f"{g.place(dest)} would be over the stacking limit")
    return None


# -- whole paths ---------------------------------------------------------------------------------
def problem(g: Game, grp: Group, path: list[str]) -> Violation | None:
    """Why the group may not move along ``path`` (None: it may)."""
    if not path:
        return Violation("GI 8.4", "a move needs a path")
    ctrl: dict[str, str] = {}
    here, cost = grp.start, 0
    for i, b in enumerate(path):
        if b == here or not board.is_hex(b):
            return Violation("GI 8.4", "a path is a chain of adjacent hexes")
        v = step_problem(g, grp, here, b, ctrl, i + 1)
        if v:
            return v
        cost += board.cross_cost(g, here, b)
        if not grp.allowed(cost, i + 1):
            return Violation("GI 8.4.2", f"the move costs {cost} MP, more than the movement "
                                         "allowance")
        if i < len(path) - 1 and stops_in(g, grp, b, ctrl):
            return Violation("GI 8.4.4", f"units must stop on entering {g.place(b)}")
        if board.control(g, b) != grp.side and not board.enemy_present(g, b, grp.side) \
                and grp.combat:
            ctrl[b] = grp.side
        here = b
    return end_problem(g, grp, path[-1])


def reach(g: Game, grp: Group) -> dict[str, list[str]]:
    """Every hex the group may end in, with its cheapest path."""
    out: dict[str, list[str]] = {}
    limit = max([grp.max_cost()] + [1 if a else 0 for a in grp.auto.values()])
    heap = [(0, 0, grp.start, ())]
    best: dict[str, int] = {grp.start: 0}
    while heap:
        cost, steps, here, path = heapq.heappop(heap)
        if cost > best.get(here, 1 << 30):
            continue
        ctrl = {h: grp.side for h in path if board.control(g, h) != grp.side
                and not board.enemy_present(g, h, grp.side) and grp.combat}
        for b in board.neighbours(g, here):
            if b == grp.start or b in path:
                continue
            c = cost + board.cross_cost(g, here, b)
            if c > limit and not (steps == 0 and any(grp.auto.values())):
                continue
            if not grp.allowed(c, steps + 1):
                continue
            if step_problem(g, grp, here, b, ctrl, steps + 1):
                continue
            newpath = path + (b,)
            if b not in out and end_problem(g, grp, b) is None:
                out[b] = list(newpath)
            if stops_in(g, grp, b, ctrl):
                continue
            if c < best.get(b, 1 << 30):
                best[b] = c
                heapq.heappush(heap, (c, steps + 1, b, newpath))
    return out


# -- carrying a move out ---------------------------------------------------------------------------
@dataclass
class Entered:
    """What happened on the way: the hex where a battle or a rearguard stopped the group."""
    battle: str | None = None
    mandatory: bool = False
    optional: str | None = None
    rearguard: str | None = None
    mp_left: int = 0


def carry_out(g: Game, grp: Group, path: list[str]) -> Entered:
    """Move the group hex by hex with what each entry does (8.3.3, 8.4.5, 8.4.9, 9.1.2,
    9.4.4, 9.5.4, 9.6.3)."""
    side = grp.side
    here, cost = grp.start, 0
    result = Entered()
    left: list[str] = [here]
    for b in path:
        had_friends = board.holds(g, b, side)
        enemy_b = board.enemy_present(g, b, side)
        fighters = board.enemy_fighters(g, b, side)
        if enemy_b and board.control(g, here) == side:
            board.add_block(g, side, here, b)          # GI 8.4.5 a
        if grp.combat and rearguard_hex(g, grp, b):
            result.rearguard = b
        cost += board.cross_cost(g, here, b)
        for p in grp.pids:
            g.do(C.Move(p, b))
        if side == "german":
            control.pd_trigger(g, b, grp.pids)        # GI 8.4.9 b
        if result.rearguard:
            result.mp_left = max(0, grp.max_cost() - cost)
            break
        if not enemy_b:
            control.take_empty(g, b, side, grp.pids)
        elif not fighters:
            control.lone_pieces(g, b)                  # enemy HQs / HA alone (9.4.4, 9.5.4)
            control.update(g, b)
        if fighters and grp.combat:
            if had_friends:
                result.optional = b                    # GI 9.1.2 c
            else:
                result.battle, result.mandatory = b, True   # GI 9.1.2 b
        if g.get("outcome"):
            break
        left.append(b)
        here = b
        if enemy_b:
            break
    # GI 8.4.1: HQ flips
    moved_cost = cost
    for hq in [p for p in grp.pids if board.kind(g, p).hq]:
        nat = board.kind(g, hq).nat
        same = [p for p in grp.combat if board.kind(g, p).nat == nat]
        used = any(board.dg(g, p) for p in same) or any(
            moved_cost > int(g.value(p, "ma", 0) or 0) for p in same if not board.dg(g, p))
        if used and g.face(hq) == 0:
            g.do(C.SetFace(hq, 1))
            g.note(f"{g.name(hq)} is flipped (8.4.1)")
    end = g.loc(grp.pids[0]) if grp.pids[0] in g.state.pieces else here
    hqs_here = board.hqs_at(g, end, side)
    if any(board.kind(g, p).hq for p in grp.pids) and len(hqs_here) > 1:
        for hq in hqs_here:
            if g.face(hq) == 0:
                g.do(C.SetFace(hq, 1))
        g.note(f"Two HQs in {g.place(end)}: both are flipped (8.4.1)")
    control.settle(g, left + [end])
    return result
