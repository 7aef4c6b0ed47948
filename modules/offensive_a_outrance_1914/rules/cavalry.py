"""8.2 Cavalry Reaction (during an enemy movement phase) and 8.3 Cavalry Withdrawal (Final
Phase); 8.7.3: LOC cavalry must react and withdraw when able, else it is eliminated; 20.0 the
optional Voluntary Withdrawal."""
from __future__ import annotations

from engine.actions import Loc, Piece
from engine.rules import Violation

from . import events, gdt, supply
from .base import Decision
from .data import ENEMY
from .game import Game
from .losses import eliminate, reduce_ce
from .markers import tag
from .moves import tether_area
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


def tethered(g: Game, units: list[int], h: str) -> bool:
    """23.2 / 24.7: a unit tied to a place (Samson within 9 hexes of Dunkerque) does not leave its
    area by Reaction or Withdrawal either."""
    area = tether_area(g, units)
    return area is None or h in area


class Reaction(Decision):
    """8.2.2: the non-moving player declares at once whether his cavalry reacts."""
    name = "reaction"
    rule = "8.2"
    lines = {"react": "{unit} reacts to {to}"}

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
        return f"the enemy moved next to your cavalry ({names}): React one hex, or let it be (8.2)"

    def actions(self, g: Game, frame: dict):
        must = [p for p in frame["candidates"] if g.ut(p).loc]
        for p in frame["candidates"]:
            for h in reaction_hexes(g, frame, p):
                yield self.offer("react", frame["side"], unit=p, to=h)
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
        total = int(g.prop(pid, "reaction_mp", 0) or 0) + cost
        g.set_prop(pid, "reaction_mp", total)
        tag(g, pid, "Reaction ", f"{total} MP")
        events.arrived(g, [pid], str(to), here, None)
        events.check_left_behind(g, here, frame["side"])
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
    lines = {"withdraw": "{unit} withdraws to {to}"}

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
            if t.cavalry and p not in frame.get("done", []) and g.adjacent_enemy(g.loc(p), frame["side"]) \
                    and not g.in_rail_mode(p):
                out.append(p)
        return out

    def ask(self, g: Game, frame: dict) -> str:
        return "Cavalry Withdrawal: cavalry next to the enemy may fall back one hex (8.3), then done"

    def actions(self, g: Game, frame: dict):
        must = False
        for p in self.eligible(g, frame):
            hexes = withdrawal_hexes(g, p)
            must = must or (g.ut(p).loc and bool(hexes))
            for h in hexes:
                yield self.offer("withdraw", frame["side"], unit=p, to=h)
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
        total = int(g.prop(pid, "reaction_mp", 0) or 0) + cost        # 8.3.2 as 8.2.4
        g.set_prop(pid, "reaction_mp", total)
        tag(g, pid, "Reaction ", f"{total} MP")
        events.arrived(g, [pid], str(to), here, None)
        events.check_left_behind(g, here, frame["side"])
        g.update(done=frame.get("done", []) + [pid])
        if not self.eligible(g, g.top):
            g.end()

    def check_withdraw(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in self.eligible(g, frame):
            return self.no(g, "8.3", "only cavalry next to an enemy unit withdraws, once")
        if unit in g.state.pieces and not tethered(g, [int(unit)], str(to)):
            return self.no(g, "23.2", "Samson does not go beyond 9 hexes of Dunkerque")
        if to not in withdrawal_hexes(g, int(unit)):
            return self.no(g, "8.3.1", "cavalry may not withdraw into an enemy zone of control")
        return None

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
