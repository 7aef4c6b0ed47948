"""The skirmish game as its rules read it: hexes, units, their factors and steps, stacking and
zones of control (SK 1, 3, 4.4, 8.1). Every state reaches the game through this context."""
from __future__ import annotations

from typing import ClassVar

from engine import commands as C
from engine.actions import Action, Piece
from engine.board import MapGraph
from engine.machine import Context, State
from engine.rules import Prompt

from .terrain import impassable

STACKING = 3                       # SK 3.1
ELIMINATED = "eliminated"          # SK 8.1
REINFORCEMENTS = "reinforcements"  # SK 2.2


class Game(Context):
    """A :class:`~engine.machine.Context` with the skirmish helpers."""

    @property
    def graph(self) -> MapGraph:
        return self.rules.graph

    # -- the map --------------------------------------------------------------------------------
    def is_hex(self, loc: str) -> bool:
        where = self.module.locations.get(loc)
        return where is not None and where.kind == "hex"

    def terrain(self, loc: str) -> str:
        return self.module.locations[loc].terrain

    def crossable(self, a: str, b: str) -> bool:
        """Two hexes joined by a hexside that is not impassable (SK 4.4, 5.3, 6.2)."""
        return self.is_hex(a) and self.is_hex(b) and not impassable(self.graph.edge(a, b))

    def across(self, loc: str) -> list[str]:
        """The hexes adjacent to ``loc`` across a passable hexside."""
        return [n for n in self.graph.neighbours(loc) if self.crossable(loc, n)]

    # -- units ----------------------------------------------------------------------------------
    def where(self, pid: int) -> str:
        return self.state.pieces[pid].loc

    def side_of(self, pid: int) -> str:
        return self.state.pieces[pid].owner

    def enemy(self, side: str) -> str:
        return next(s for s in self.rules.sides if s != side)

    def is_unit(self, pid: int) -> bool:
        piece = self.state.pieces.get(pid)
        return piece is not None and self.module.piece_types[piece.type].kind == "unit"

    def factors(self, pid: int) -> dict:
        piece = self.state.pieces[pid]
        return dict(self.module.piece_types[piece.type].faces[piece.face].values)

    def cf(self, pid: int) -> int:
        return int(self.factors(pid)["cf"])

    def mf(self, pid: int) -> int:
        return int(self.factors(pid)["mf"])

    def units_at(self, loc: str) -> list[int]:
        return [p for p in self.state.stack(loc) if self.is_unit(p)]

    def holder(self, loc: str) -> str:
        """The side whose units are in ``loc`` ("" for none; SK 3.2: never both)."""
        units = self.units_at(loc)
        return self.side_of(units[0]) if units else ""

    def units_of(self, side: str) -> list[int]:
        """``side``'s units on the map, in id order."""
        return sorted(p for p, piece in self.state.pieces.items()
                      if self.is_unit(p) and piece.owner == side and self.is_hex(piece.loc))

    def waiting(self, side: str) -> list[int]:
        """``side``'s units still to arrive (SK 2.2)."""
        return [p for p in self.state.stack(REINFORCEMENTS) if self.side_of(p) == side]

    def room(self, loc: str) -> int:
        """How many more units ``loc`` may hold (SK 3.1)."""
        return STACKING - len(self.units_at(loc))

    def in_enemy_zoc(self, loc: str, side: str) -> bool:
        """SK 4.4: ``loc`` is adjacent, across a passable hexside, to a unit of ``side``'s enemy."""
        enemy = self.enemy(side)
        return any(self.holder(n) == enemy for n in self.across(loc))

    def unit(self, pid: int) -> str:
        """A unit in words, its step when not at full strength: ``"Cavalry Division (reduced)
        at 0204"``."""
        piece = self.state.pieces[pid]
        ptype = self.module.piece_types[piece.type]
        face = f" ({ptype.faces[piece.face].name})" if piece.face else ""
        where = f" at {piece.loc}" if self.is_hex(piece.loc) else ""
        return f"{ptype.name}{face}{where}"

    def name(self, pid: int) -> str:
        """A unit with its side: ``"Blue Cavalry Division at 0204"``."""
        return f"{self.rules.side_name(self.side_of(pid))} {self.unit(pid)}"

    # -- changes --------------------------------------------------------------------------------
    def lose_step(self, pid: int, why: str) -> None:
        """SK 8.1: turn the unit to its next face, or eliminate it from its last one."""
        piece = self.state.pieces[pid]
        faces = self.module.piece_types[piece.type].faces
        name = self.name(pid)
        step = piece.face + 1
        if step < len(faces):
            self.do(C.SetFace(pid, step))
            self.note(f"{name} loses a step ({why}): now {faces[step].name}")
        else:
            self.do(C.Move(pid, ELIMINATED))
            self.note(f"{name} is eliminated ({why})")


class Decision(State):
    """A decision of the side in ``frame["side"]``: the prompt (its kind is the state's name) is
    that side's name followed by :meth:`ask`; ``lines`` gives each verb's log line, its targets
    filled in (a unit in words): ``{"move": "{unit} moves to {to}"}``."""
    lines: ClassVar[dict[str, str]] = {}

    def ask(self, g: Game, frame: dict) -> str:
        raise NotImplementedError   # every decision says what it asks

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], self.name, g.rules.side_name(frame["side"]) + self.ask(g, frame))

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        """``"Blue: Cavalry Division at 0204 moves to 0504"`` (a button drops ``"Blue: "``)."""
        line = self.lines.get(action.verb)
        if line is None:
            return None
        values = {k: g.unit(v) if isinstance(v, Piece) else v for k, v in action.targets}
        return f"{g.rules.side_name(action.side)}: " + line.format(**values)
