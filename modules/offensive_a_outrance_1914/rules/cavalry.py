"""8.2 Cavalry Reaction (during an enemy movement phase) and 8.3 Cavalry Withdrawal (Final
Phase); 8.7.3: LOC cavalry must react and withdraw when able, else it is eliminated; 20.0 the
optional Voluntary Withdrawal.

8.2.3 / 8.3.1 / 19.1.1: cavalry may enter or leave Two-Hex Status by Reacting or Withdrawing
(reading R26): it extends into two adjacent hexes it could each react (or withdraw) into — while
reacting one of them may be the hex it is in (it stays there, 19.1.1's "stationary in one hex
while moving into another"); a withdrawal leaves the hex, so both are new — paying the higher hop
cost (19.1.1); and a Two-Hex cavalry unit consolidates into either of its hexes (the other half
moves in: not a half an enemy PA points at, 19.1.4; when withdrawing, not into an EZOC hex).
"""
from __future__ import annotations

from engine.actions import Loc, Piece
from engine.rules import Violation

from . import events, gdt, supply
from .base import Decision
from .data import ENEMY
from .game import Game
from .losses import eliminate, reduce_ce
from .markers import tag
from .moves import STACK_LIMIT, stack_size, tether_area
from .terrain import crossing_cost


def hop_cost(g: Game, a: str, b: str) -> int | None:
    """8.2.4: normal hexside costs, ignoring EZOC costs."""
    cost, adjacent_needed = crossing_cost(g, a, b)
    return cost


def reaction_hexes(g: Game, frame: dict, pid: int) -> list[str]:
    """8.2.2 / 8.2.3: one hex; not the hex the enemy just left; not an empty EZOC hex other than
    in the ZOC of the unit that caused the reaction."""
    side = frame["side"]
    here = g.loc(pid)
    board = g.board
    playable = g.rules.playable(g)
    enemy_zoc = g.zoc(ENEMY[side])
    causing: set[str] = set()
    for m in frame.get("movers", []):
        if m in g.state.pieces:
            causing |= set(board.nbrs.get(g.loc(m), ()))
    out = []
    for n in board.nbrs.get(here, ()):
        if n not in playable or n == frame["prev"] or g.enemy_in(n, side):
            continue
        if hop_cost(g, here, n) is None:
            continue
        empty = not any(g.side(p) == side for p in g.units_at(n))
        if empty and n in enemy_zoc and n not in causing:
            continue
        if g.rules.garrison_area(g.ut(pid)) is not None and n not in g.rules.garrison_area(g.ut(pid)):
            continue
        if not tethered(g, [pid], n):                                   # 23.2
            continue
        out.append(n)
    return out


def extension_refusal(g: Game, pid: int, hexes: tuple[str, str], allowed: list[str],
                      rule: str = "8.2.3") -> Violation | None:
    """Reading R26: why ``pid`` may not end a Reaction or Withdrawal in Two-Hex Status in
    ``hexes`` (``allowed``: the hexes it may enter, by ``rule``), or None."""
    here = g.loc(pid)
    side = g.side(pid)
    a, b = hexes
    if g.prop(pid, "two_hex"):
        return Violation(g.cite("19.1.1"), "already in Two-Hex Status")
    if g.ut(pid).artillery or not g.is_combat(pid):
        return Violation(g.cite("19.1.1"), "a Combat unit extends into Two-Hex Status")
    if a == b or b not in g.board.nbrs.get(a, ()):
        return Violation(g.cite("19.1.1"), "a Two-Hex unit stands in two adjacent hexes")
    for h in hexes:
        if h != here and h not in allowed:
            return Violation(g.cite(rule), f"{g.hexname(h)} is not a hex it may enter")
    for h in hexes:
        if any(g.prop(p, "two_hex") for p in g.units_at(h) if p != pid):
            return Violation(g.cite("19.1.2"), "two Two-Hex Forces may not share a hex")
        if h != here and stack_size(g, h, side) + g.ut(pid).de / 2 > STACK_LIMIT:
            return Violation(g.cite("3.1.1"), "over the stacking limit")
    return None


def extension_cost(g: Game, pid: int, hexes: tuple[str, str]) -> int:
    """19.1.1: the higher cost of the hexes entered (8.2.4: hexside costs, no EZOC costs)."""
    here = g.loc(pid)
    return max((hop_cost(g, here, h) or 0) for h in hexes if h != here)


def extension_offers(g: Game, pid: int, allowed: list[str], stay: bool) -> list[tuple[str, str]]:
    """Reading R26: the pairs of adjacent hexes a cavalry unit may extend into (``stay``: one of
    them may be its own hex)."""
    if g.prop(pid, "two_hex") or not g.ut(pid).cavalry:
        return []
    here = g.loc(pid)
    cands = sorted(set(allowed) | ({here} if stay else set()))
    out = []
    for i, a in enumerate(cands):
        for b in cands[i + 1:]:
            if extension_refusal(g, pid, (a, b), allowed, "") is None:
                out.append((a, b) if a == here or b != here else (b, a))
    return out


def extend_unit(g: Game, pid: int, hexes: tuple[str, str], side: str) -> int:
    """Put ``pid`` in Two-Hex Status in ``hexes`` (its own hex, when one of them, stays its
    location); the MP it costs."""
    here = g.loc(pid)
    cost = extension_cost(g, pid, hexes)
    a, b = hexes
    if b == here:
        a, b = b, a
    g.move_piece(pid, a)
    g.set_prop(pid, "two_hex", b)
    tag(g, pid, "two-hex ", b)
    for h in (a, b):
        if h != here:
            events.arrived(g, [pid], h, here, None)
    if here not in hexes:
        events.check_left_behind(g, here, side)
    return cost


def consolidation_refusal(g: Game, pid: int, to: str, withdrawing: bool) -> Violation | None:
    """Reading R26: a Two-Hex cavalry unit consolidates into one of its hexes; 19.1.4: not the
    half an enemy PA marker points at moving; 8.3.1: a withdrawal never into an EZOC hex."""
    other = g.prop(pid, "two_hex")
    here = g.loc(pid)
    if not other:
        return Violation(g.cite("19.1.1"), "only a Two-Hex unit consolidates")
    if to not in (here, other):
        return Violation(g.cite("19.1.1"), "it consolidates into one of its two hexes")
    frm = other if to == here else here
    pas = {g.prop(p, "pa") for p in g.units_of(ENEMY[g.side(pid)]) if g.prop(p, "pa")}
    if frm in pas:
        return Violation(g.cite("19.1.4"), "an enemy PA marker points at the half that would move")
    if withdrawing and to in g.zoc(ENEMY[g.side(pid)]):
        return Violation(g.cite("8.3.1"), "cavalry may not withdraw into an enemy zone of control")
    if hop_cost(g, frm, to) is None:
        return Violation(g.cite("7.1"), "the half cannot cross that hexside")
    return None


def consolidate_unit(g: Game, pid: int, to: str, side: str) -> int:
    """The half in the other hex moves into ``to``; the MP it costs."""
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    frm = other if to == here else here
    cost = hop_cost(g, frm, to) or 0
    g.set_prop(pid, "two_hex", None)
    tag(g, pid, "two-hex ", None)
    g.move_piece(pid, to)
    events.check_left_behind(g, frm, side)
    return cost


def two_hex_offers(state, g: Game, side: str, pid: int, hexes: list[str], withdrawing: bool):
    """Reading R26: a Reaction's or Withdrawal's extensions (into ``hexes``; reacting, it may
    stay in its own) and a Two-Hex unit's consolidations."""
    for a, b in extension_offers(g, pid, hexes, stay=not withdrawing):
        yield state.offer("extend", side, unit=pid, to=a, to2=b)
    other = g.prop(pid, "two_hex")
    if other:
        for h in (g.loc(pid), other):
            if consolidation_refusal(g, pid, h, withdrawing) is None:
                yield state.offer("consolidate", side, unit=pid, to=h)


def record_mp(g: Game, pid: int, cost: int) -> None:
    """8.2.4 / 8.3.2: the MP spent reacting or withdrawing go on the Reaction MP marker."""
    total = int(g.prop(pid, "reaction_mp", 0) or 0) + cost
    g.set_prop(pid, "reaction_mp", total)
    tag(g, pid, "Reaction ", f"{total} MP")


def tethered(g: Game, units: list[int], h: str) -> bool:
    """23.2 / 24.7: a unit tied to a place (Samson within 9 hexes of Dunkerque) does not leave its
    area by Reaction or Withdrawal either."""
    area = tether_area(g, units)
    return area is None or h in area


class Reaction(Decision):
    """8.2.2: the non-moving player declares at once whether his cavalry reacts."""
    name = "reaction"
    rule = "8.2"
    lines = {"react": "{unit} reacts to {to}", "extend": "{unit} reacts into Two-Hex Status in {to} and {to2}",
             "consolidate": "{unit} reacts by consolidating into {to}"}

    def begin(self, g: Game, frame: dict) -> None:
        self.settle(g)

    def settle(self, g: Game) -> None:
        frame = g.top
        live = [p for p in frame["candidates"] if p in g.state.pieces and g.on_map(p)]
        for p in list(live):
            t = g.ut(p)
            if t.loc and not reaction_hexes(g, frame, p):           # 8.7.3
                eliminate(g, p, "LOC cavalry unable to React (8.7.3)")
                live.remove(p)
        g.update(candidates=live)
        if not live:
            g.end()

    def ask(self, g: Game, frame: dict) -> str:
        names = ", ".join(g.true_name_at(p) for p in frame["candidates"])
        return (f"the enemy moved next to your cavalry ({names}): React one hex (or into or out of Two-Hex "
                f"Status), or let it be (8.2)")

    def actions(self, g: Game, frame: dict):
        must = [p for p in frame["candidates"] if g.ut(p).loc]
        for p in frame["candidates"]:
            hexes = reaction_hexes(g, frame, p)
            for h in hexes:
                yield self.offer("react", frame["side"], unit=p, to=h)
            yield from two_hex_offers(self, g, frame["side"], p, hexes, withdrawing=False)   # 8.2.3, R26
        if not must:
            yield self.offer("decline", frame["side"])

    def check_react(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in frame["candidates"]:
            return self.no(g, "8.2.1", "only cavalry the enemy move caused to react may react")
        if to == frame["prev"]:
            return self.no(g, "8.2.2", "not into the hex the enemy unit just left")
        if unit in g.state.pieces and not tethered(g, [int(unit)], str(to)):
            return self.no(g, "23.2", "Samson does not go beyond 9 hexes of Dunkerque")
        if to not in reaction_hexes(g, frame, int(unit)):
            return self.no(g, "8.2.3", "one hex, never into an empty enemy zone of control other than the "
                                       "causing unit's")
        return None

    def on_react(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """React one hex"""
        pid = int(unit)
        here = g.loc(pid)
        cost = hop_cost(g, here, str(to)) or 0
        if g.prop(pid, "two_hex"):
            g.set_prop(pid, "two_hex", None)
            tag(g, pid, "two-hex ", None)
        g.move_piece(pid, str(to))
        record_mp(g, pid, cost)
        events.arrived(g, [pid], str(to), here, None)
        events.check_left_behind(g, here, frame["side"])
        g.update(candidates=[p for p in frame["candidates"] if p != pid])
        self.settle(g)

    def check_extend(self, g: Game, frame: dict, unit: Piece, to: Loc, to2: Loc) -> Violation | None:
        if unit not in frame["candidates"]:
            return self.no(g, "8.2.1", "only cavalry the enemy move caused to react may react")
        pid = int(unit)
        if to == frame["prev"] or to2 == frame["prev"]:
            return self.no(g, "8.2.2", "not into the hex the enemy unit just left")
        return extension_refusal(g, pid, (str(to), str(to2)), reaction_hexes(g, frame, pid), "8.2.3")

    def on_extend(self, g: Game, frame: dict, unit: Piece, to: Loc, to2: Loc) -> None:
        """React into Two-Hex Status (8.2.3, 19.1.1)"""
        pid = int(unit)
        record_mp(g, pid, extend_unit(g, pid, (str(to), str(to2)), frame["side"]))
        g.update(candidates=[p for p in frame["candidates"] if p != pid])
        self.settle(g)

    def check_consolidate(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in frame["candidates"]:
            return self.no(g, "8.2.1", "only cavalry the enemy move caused to react may react")
        return consolidation_refusal(g, int(unit), str(to), withdrawing=False)

    def on_consolidate(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """React by leaving Two-Hex Status (8.2.3)"""
        pid = int(unit)
        record_mp(g, pid, consolidate_unit(g, pid, str(to), frame["side"]))
        g.update(candidates=[p for p in frame["candidates"] if p != pid])
        self.settle(g)

    def on_decline(self, g: Game, frame: dict) -> None:
        """No reaction"""
        g.end()


def withdrawal_hexes(g: Game, pid: int) -> list[str]:
    """8.3.1: one hex, never into an EZOC hex (even friendly-occupied)."""
    side = g.side(pid)
    here = g.loc(pid)
    zoc = g.zoc(ENEMY[side])
    out = []
    for n in g.board.nbrs.get(here, ()):
        if n not in g.rules.playable(g) or n in zoc or g.enemy_in(n, side):
            continue
        if hop_cost(g, here, n) is None or not tethered(g, [pid], n):     # 23.2
            continue
        out.append(n)
    return out


class CavalryWithdrawal(Decision):
    """8.3: cavalry next to enemy units may fall back one hex (phasing player first)."""
    name = "cavalry_withdrawal"
    rule = "8.3"
    lines = {"withdraw": "{unit} withdraws to {to}", "extend": "{unit} withdraws into Two-Hex Status in {to} and {to2}",
             "consolidate": "{unit} withdraws by consolidating into {to}"}

    def begin(self, g: Game, frame: dict) -> None:
        for p in self.eligible(g, frame):
            if g.ut(p).loc and not withdrawal_hexes(g, p):             # 8.7.3
                eliminate(g, p, "LOC cavalry unable to withdraw (8.7.3)")
        if not self.eligible(g, g.top):
            g.end()

    def eligible(self, g: Game, frame: dict) -> list[int]:
        out = []
        for p in g.units_of(frame["side"]):
            t = g.ut(p)
            near = any(g.adjacent_enemy(h, frame["side"]) for h in (g.loc(p), g.prop(p, "two_hex")) if h)   # 19.1
            if t.cavalry and p not in frame.get("done", []) and near and not g.in_rail_mode(p):
                out.append(p)
        return out

    def ask(self, g: Game, frame: dict) -> str:
        return ("Cavalry Withdrawal: cavalry next to the enemy may fall back one hex (or into or out of Two-Hex "
                "Status) (8.3), then done")

    def actions(self, g: Game, frame: dict):
        must = False
        for p in self.eligible(g, frame):
            hexes = withdrawal_hexes(g, p)
            must = must or (g.ut(p).loc and bool(hexes))
            for h in hexes:
                yield self.offer("withdraw", frame["side"], unit=p, to=h)
            yield from two_hex_offers(self, g, frame["side"], p, hexes, withdrawing=True)    # 8.3.1, R26
        if not must:
            yield self.offer("done", frame["side"])

    def on_withdraw(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Withdraw one hex"""
        pid = int(unit)
        here = g.loc(pid)
        cost = hop_cost(g, here, str(to)) or 0
        if g.prop(pid, "two_hex"):
            g.set_prop(pid, "two_hex", None)
            tag(g, pid, "two-hex ", None)
        g.move_piece(pid, str(to))
        record_mp(g, pid, cost)                                           # 8.3.2 as 8.2.4
        events.arrived(g, [pid], str(to), here, None)
        events.check_left_behind(g, here, frame["side"])
        self._withdrawn(g, frame, pid)

    def check_withdraw(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in self.eligible(g, frame):
            return self.no(g, "8.3", "only cavalry next to an enemy unit withdraws, once")
        if unit in g.state.pieces and not tethered(g, [int(unit)], str(to)):
            return self.no(g, "23.2", "Samson does not go beyond 9 hexes of Dunkerque")
        if to not in withdrawal_hexes(g, int(unit)):
            return self.no(g, "8.3.1", "cavalry may not withdraw into an enemy zone of control")
        return None

    def check_extend(self, g: Game, frame: dict, unit: Piece, to: Loc, to2: Loc) -> Violation | None:
        if unit not in self.eligible(g, frame):
            return self.no(g, "8.3", "only cavalry next to an enemy unit withdraws, once")
        pid = int(unit)
        if g.loc(pid) in (to, to2):
            return self.no(g, "8.3", "a withdrawal leaves the hex: both halves fall back (reading R26)")
        return extension_refusal(g, pid, (str(to), str(to2)), withdrawal_hexes(g, pid), "8.3.1")

    def on_extend(self, g: Game, frame: dict, unit: Piece, to: Loc, to2: Loc) -> None:
        """Withdraw into Two-Hex Status (8.3.1, 19.1.1)"""
        pid = int(unit)
        record_mp(g, pid, extend_unit(g, pid, (str(to), str(to2)), frame["side"]))
        self._withdrawn(g, frame, pid)

    def check_consolidate(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in self.eligible(g, frame):
            return self.no(g, "8.3", "only cavalry next to an enemy unit withdraws, once")
        return consolidation_refusal(g, int(unit), str(to), withdrawing=True)

    def on_consolidate(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Withdraw by leaving Two-Hex Status (8.3.1)"""
        pid = int(unit)
        record_mp(g, pid, consolidate_unit(g, pid, str(to), frame["side"]))
        self._withdrawn(g, frame, pid)

    def _withdrawn(self, g: Game, frame: dict, pid: int) -> None:
        g.update(done=frame.get("done", []) + [pid])
        if not self.eligible(g, g.top):
            g.end()

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()


class VoluntaryWithdrawal(Decision):
    """20.0 (optional): a Force next to an enemy unit and not Isolated may fall back one hex,
    even from EZOC to EZOC, and loses one CE level; 20.1: it may consolidate but not extend."""
    name = "voluntary_withdrawal"
    rule = "20.0"
    lines = {"fall_back": "{unit} falls back to {to} (20.0)"}

    def eligible(self, g: Game, frame: dict) -> list[int]:
        """The Forces that may withdraw: next to an enemy unit, not Isolated (20.0)."""
        return g.cached(f"vw:{frame['side']}", lambda: self._eligible(g, frame))

    def _eligible(self, g: Game, frame: dict) -> list[int]:
        out = []
        for p in g.units_of(frame["side"]):
            if p in frame.get("done", []) or not g.is_combat(p) or g.in_rail_mode(p):
                continue
            if g.is_formation(p) or not any(g.is_formation(q) and g.side(q) == frame["side"]
                                            for q in g.units_at(g.loc(p))):
                if g.adjacent_enemy(g.loc(p), frame["side"]) and not supply.isolated(g, p):
                    out.append(p)
        return out

    def group(self, g: Game, pid: int) -> list[int]:
        """The unit and the Support units that fall back with a Formation (at most two)."""
        here = g.loc(pid)
        return [pid] + [q for q in g.units_at(here) if q != pid and not g.is_formation(q)
                        and g.side(q) == g.side(pid)][:2 if g.is_formation(pid) else 0]

    def hexes(self, g: Game, pid: int) -> list[str]:
        here = g.loc(pid)
        side = g.side(pid)
        group = self.group(g, pid)
        return [n for n in g.board.nbrs.get(here, ()) if n in g.rules.playable(g) and not g.enemy_in(n, side)
                and hop_cost(g, here, n) is not None and tethered(g, group, n)          # 23.2
                and not gdt.breaks_line(g, group, n)]                                   # 22.3.2 (R50)

    def ask(self, g: Game, frame: dict) -> str:
        return "Voluntary Withdrawal (optional 20.0): a Force next to the enemy may fall back one hex for one CE level"

    def actions(self, g: Game, frame: dict):
        for p in self.eligible(g, frame):
            for h in self.hexes(g, p):
                yield self.offer("fall_back", frame["side"], unit=p, to=h)
        yield self.offer("done", frame["side"])

    def check_fall_back(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if int(unit) in g.units_of(frame["side"]) and supply.isolated(g, int(unit)):
            return self.no(g, "20.0", "an Isolated Force may not withdraw voluntarily")
        if unit in self.eligible(g, frame) and gdt.breaks_line(g, self.group(g, int(unit)), str(to)):
            return gdt.violation(g)
        if unit not in self.eligible(g, frame) or to not in self.hexes(g, int(unit)):
            return self.no(g, "20.0", "a Force next to an enemy unit falls back one hex")
        return None

    def on_fall_back(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Fall back one hex"""
        pid = int(unit)
        here = g.loc(pid)
        group = self.group(g, pid)
        for q in group:
            if g.prop(q, "two_hex"):
                g.set_prop(q, "two_hex", None)
                tag(g, q, "two-hex ", None)
            g.move_piece(q, str(to))
        reduce_ce(g, pid, 1, "Voluntary Withdrawal (20.0)")
        events.arrived(g, group, str(to), here, None)
        g.update(done=frame.get("done", []) + group)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()
