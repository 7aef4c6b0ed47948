"""CAP Remaining (5.1, 5.2) and the Initiative of the turn (6.0)."""
from __future__ import annotations

from .game import Game

CAP_MAX = 10  # GI 5.1 (the CAP marker never exceeds 10: FoW 5/9)


def cap_of(g: Game, side: str) -> int:
    return int(g.get(f"{side}_cap", 0) or 0)


def set_cap(g: Game, side: str, value: int) -> None:
    g.set(f"{side}_cap", max(0, min(CAP_MAX, value)))


def spend(g: Game, side: str, amount: int = 1) -> None:
    set_cap(g, side, cap_of(g, side) - amount)


def initiative(g: Game) -> str:
    return str(g.get("gi_initiative") or "allied")
