"""wartable's rules-agnostic engine. Pure Python: no pygame, no pymunk, no game's rules.

The public API in one place::

    from engine import Session, Action
    session = Session.new(module, "campaign", seed=1)
    session.prompt(); list(session.legal_actions())
    session.do(Action.make("move", "AP", pids=[3], to="paris")); session.undo()
"""
from .errors import ModuleError, SaveError, SourceError, WartableError
from .rules import Action, FreePlay, IllegalAction, Prompt, Ruleset, Transaction, Violation
from .session import ReplayDivergence, Session
from .state import GameState, Piece
from .views import view

__all__ = [
    "Action", "FreePlay", "GameState", "IllegalAction", "ModuleError", "Piece", "Prompt",
    "ReplayDivergence", "Ruleset", "SaveError", "Session", "SourceError", "Transaction",
    "Violation", "WartableError", "view",
]
