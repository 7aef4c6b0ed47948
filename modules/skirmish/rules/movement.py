"""SK 4: the movement phase — each unit once, within its movement factor, paying terrain and
hexside costs, never into enemy units, stopping in enemy zones of control; stacking at the end."""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.rules import Violation
from engine.search import Reach, reachable

from .game import Decision, Game
from .terrain import TERRAIN, hexside_cost, impassable

UNLIMITED = 10_000


def reach(g: Game, pid: int, budget: int | None = None, zoc: bool = True,
          stacking: bool = True) -> Reach:
    """Where unit ``pid`` may end its move (SK 4.2-4.4, 3.1). Dropping ``zoc`` / ``stacking`` or
    the budget tells which rule stops a move that is refused."""
    side = g.side_of(pid)
    enemy = g.enemy(side)

    def cost(_a: str, b: str, edge) -> int | None:
        if not g.is_hex(b) or impassable(edge) or g.holder(b) == enemy:   # SK 4.3, 5.3
            return None
        return TERRAIN[g.terrain(b)][0] + hexside_cost(edge)              # SK 4.2, 5.1, 5.2

    return reachable(g.graph, g.where(pid), g.mf(pid) if budget is None else budget, cost,
                     stop=(lambda loc: g.in_enemy_zoc(loc, side)) if zoc else None,
                     can_end=(lambda loc: g.room(loc) > 0) if stacking else None)


class Move(Decision):
    """SK 4: the phasing player moves its units, one at a time, then ends the phase."""
    name = "move"
    rule = "4.1"
    lines = {"move": "{unit} moves to {to}"}

    def ask(self, g: Game, frame: dict) -> str:
        return f" movement, turn {g.get('turn')}: move your units, then end movement"

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in g.units_of(side):
            if pid in frame["moved"]:
                continue
            start = g.where(pid)
            for dest in reach(g, pid).remaining:
                if dest != start:
                    yield self.offer("move", side, unit=pid, to=dest)
        yield self.offer("done", side)

    def check_move(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if not g.is_unit(unit) or g.side_of(unit) != frame["side"] or not g.is_hex(g.where(unit)):
            return Violation(g.cite("4.1"), "only the phasing player's units on the map move")
        if unit in frame["moved"]:
            return Violation(g.cite("4.5"), f"{g.name(unit)} has already moved this phase")
        if to in reach(g, unit).remaining and to != g.where(unit):
            return None
        if to in reach(g, unit, stacking=False).remaining:
            return Violation(g.cite("3.1"), f"{to} already holds three units")
        if to in reach(g, unit, zoc=False).remaining:
            return Violation(g.cite("4.4"), "a unit stops when it enters an enemy zone of control")
        if to in reach(g, unit, UNLIMITED, zoc=False, stacking=False).remaining:
            return Violation(g.cite("4.2"), f"{to} is beyond {g.name(unit)}'s movement factor "
                                            f"of {g.mf(unit)}")
        return Violation(g.cite("4.3"), f"{g.name(unit)} cannot reach {to}: no way around enemy "
                                        f"units and impassable hexsides")

    def on_move(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Move this unit"""
        g.do(C.Move(unit, to))
        g.update(moved=frame["moved"] + [int(unit)])

    def on_done(self, g: Game, frame: dict) -> None:
        """End movement"""
        g.end()

