"""wartable's rules-agnostic engine. Pure Python: no pygame, no pymunk, no game's rules.

The public API in one place::

    from engine import Session, Action, open_module
    session = Session.new(open_module("paths_of_glory"), "campaign", seed=1)
    session.prompt(); legal = session.legal_actions()
    session.push(Action.parse("AP: activate mode=move space=@paris")); session.pop()

Rules are written on :mod:`engine.machine` (states, one handler per verb, a state stack);
:mod:`engine.persist` saves and loads games, :mod:`engine.replay` replays and verifies records,
:mod:`engine.testing` builds test positions with scripted dice.
"""
from .actions import Action, ActionError, Card, LegalActions, Loc, Piece
from .errors import ModuleError, SaveError, SourceError, WartableError
from .modules import open_module
from .replay import ReplayDivergence
from .rules import IllegalAction, Outcome, Prompt, Ruleset, Transaction, Violation
from .session import Session, SideView
from .state import GameState
from .views import view

__all__ = [
    "Action", "ActionError", "Card", "GameState", "IllegalAction", "LegalActions", "Loc",
    "ModuleError", "Outcome", "Piece", "Prompt", "ReplayDivergence", "Ruleset", "SaveError",
    "Session", "SideView", "SourceError", "Transaction", "Violation", "WartableError",
    "open_module", "view",
]
