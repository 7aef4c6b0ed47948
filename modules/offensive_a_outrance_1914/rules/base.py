"""The shape every decision of this ruleset takes: the side deciding is in the frame, the prompt
says who decides what in words, log lines name units and hexes in words."""
from __future__ import annotations

from typing import ClassVar

from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from .game import Game


class Decision(State):
    """A decision of ``frame["side"]``. The prompt is the side's name and :meth:`ask`; ``lines``
    gives each verb's log line with its targets filled in (a unit in words, a hex by name):
    ``{"move": "{unit} moves to {to}"}``."""
    lines: ClassVar[dict[str, str]] = {}

    def ask(self, g: Game, frame: dict) -> str:
        raise NotImplementedError   # every decision says what it asks

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], self.name, f"{g.side_name(frame['side'])}: {self.ask(g, frame)}")

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        line = self.lines.get(action.verb)
        if line is None:
            return None
        values = {}
        for k, v in action.targets:
            if isinstance(v, Piece) and v in g.state.pieces:
                values[k] = g.name_at(v)
            elif isinstance(v, Loc):
                values[k] = g.hexname(v) if v in g.board.hexes else v
            elif isinstance(v, tuple) and v and isinstance(v[-1], Loc):
                values[k] = g.hexname(v[-1])
            else:
                values[k] = v
        try:
            return f"{g.side_name(action.side)}: " + line.format(**values)
        except (KeyError, IndexError):
            return None

    # a refusal that names its rule
    def no(self, g: Game, rule: str, text: str) -> Violation:
        return Violation(g.cite(rule), text)
