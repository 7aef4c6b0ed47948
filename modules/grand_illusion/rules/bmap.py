"""The Battle Map (9.2): its sixteen spaces and the battle being fought (the public global
``gi_battle``, which both players see)."""
from __future__ import annotations

from .game import Game

CONDITIONS = "bm-conditions"
HOLDING = "bm-holding"


def front(side: str, k: int) -> str:
    return f"bm-{side}-front-{k}"


def reserve(side: str, k: int) -> str:
    return f"bm-{side}-reserve-{k}"


def spaces(side: str) -> list[str]:
    return [front(side, k) for k in range(1, 5)] + [reserve(side, k) for k in range(1, 5)]


def battle(g: Game) -> dict:
    return dict(g.get("gi_battle") or {})


def set_battle(g: Game, **changes) -> None:
    b = battle(g)
    b.update(changes)
    g.set("gi_battle", b)


def on_map(g: Game, side: str) -> list[int]:
    return [p for s in spaces(side) for p in g.state.stacks.get(s, ())]
