"""Information markers shown on units (3.1.6a): a Prepared Attack's arrow, an MP-spent marker,
Rail Mode, Two-Hex status — kept as tags on the piece (one per kind) next to the rules' own
record of the same fact in the piece's properties."""
from __future__ import annotations

from engine import commands as C

from .game import Game


def tag(g: Game, pid: int, prefix: str, text: str | None) -> None:
    """Show ``prefix + text`` on the unit (replacing any tag of that kind); None removes it."""
    piece = g.state.pieces[pid]
    for old in [t for t in piece.markers if t.startswith(prefix)]:
        if text is not None and old == prefix + text:
            return
        g.do(C.RemoveMarker(pid, old))
    if text is not None:
        g.do(C.AddMarker(pid, prefix + text))


def remove_pa(g: Game, pid: int) -> None:
    """Take a unit's Prepared Attack marker off (9.1 step 1, 7.2.4)."""
    if g.prop(pid, "pa"):
        g.set_prop(pid, "pa", None)
        tag(g, pid, "PA→", None)
