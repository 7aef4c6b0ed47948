"""The base of every decision state: its log lines come from one template per verb
(``LINES``), each starting with the side's word and a colon so that a button shows the rest
(docs/rules-api.md). Targets read in words: a piece by its name (only its side when hidden,
8.4.6 c), a list of pieces by their names, a location by its name, a path by where it ends."""
from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action, Loc, Piece
from engine.machine import State

from .game import WORD, Game


def words(g: Game, value: Any) -> str:
    if isinstance(value, Piece):
        return g.label(value) if value in g.state.pieces else "a unit"
    if isinstance(value, Loc):
        return g.place(value)
    if isinstance(value, tuple) and value and isinstance(value[0], Piece):
        return g.names(value)
    if isinstance(value, tuple) and value and isinstance(value[0], Loc):
        return g.place(value[-1])
    return str(value)


class Decision(State):
    """A decision state whose log lines are ``LINES[verb]`` formatted with ``{side}`` and its
    targets in words (plus what :meth:`line_values` adds)."""
    LINES: ClassVar[dict[str, str]] = {}

    def line_values(self, g: Game, frame: dict, action: Action) -> dict[str, str]:
        return {}

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        template = self.LINES.get(action.verb)
        if template is None:
            return None
        try:
            values = {name: words(g, value) for name, value in action.targets}
            values["side"] = WORD.get(action.side, action.side)
            values.update(self.line_values(g, frame, action))
            return template.format(**values)
        except (KeyError, TypeError, IndexError, ValueError):
            return None
