"""27.0 Victory Points: one signed total, German lead positive (the two-sided VP marker: its
Allied side up when the Allies lead), shown on the VP track."""
from __future__ import annotations

from .game import Game


def vp(g: Game) -> int:
    """German VP minus Allied VP."""
    return int(g.get("vp", 0))


def award(g: Game, side: str, points: int, why: str) -> None:
    """``side`` gains ``points`` (negative: loses them)."""
    if not points:
        return
    signed = points if side == "german" else -points
    total = vp(g) + signed
    g.set("vp", total)
    g.set("vp_leader", "german" if total > 0 else ("allied" if total < 0 else ""))
    g.note(f"{g.side_name(side)} {'+' if points > 0 else ''}{points} VP ({why}); "
           f"{'German' if total >= 0 else 'Allies'} ahead by {abs(total)}")
