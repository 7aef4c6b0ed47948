"""The table's modes: each interprets the player's gestures (:mod:`client.gestures`) in its own
way. The table keeps a stack of them: at the bottom the *play* mode — free play
(:class:`~client.modes.free.FreePlay`) or rules-enforced play
(:class:`~client.modes.enforced.Enforced`) — and on top, while they last, line of sight
(:class:`~client.modes.sight.LineOfSight`) and the replay of a received turn
(:class:`~client.modes.replay.TurnReplayMode`). A gesture goes to the top mode first and down
the stack until one takes it.

Both play modes turn a gesture into a *candidate action* that the session checks and does or
refuses (``Table.do``): free play's ruleset accepts every table command, an enforcing ruleset
names the rule that refuses one. Modes build actions; widgets only report what was picked.
"""
from .base import Mode, PlayMode
from .enforced import Enforced
from .free import FreePlay
from .replay import TurnReplayMode
from .sight import LineOfSight

__all__ = ["Mode", "PlayMode", "Enforced", "FreePlay", "TurnReplayMode", "LineOfSight", "play_mode"]


def play_mode(table) -> PlayMode:
    """The play mode for the table's session: rules-enforced when its ruleset enforces."""
    return Enforced(table) if getattr(table.session.ruleset, "enforcing", False) else FreePlay(table)
