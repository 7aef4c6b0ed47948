"""The combat in progress (12.2) and what the steps of a combat ask of it — shared by the
designation and resolution (:mod:`.combat`), the retreat and advance (:mod:`.retreat`) and the
card events that change a combat (:mod:`.events_ap`).

The combat being resolved is the global ``pog_combat`` (a plain dict: attacker, defender,
target, attackers, defenders, cards, DRMs, Loss Numbers, the steps left…): :func:`combat`
reads a copy, :func:`save` writes it back. What happened earlier in the Action Round is kept
per round in the globals ``pog_retreated`` (units that retreated: 12.1.2, 12.5.6) and
``pog_cc_used`` (combat cards used: 9.5.4.4), each ``{"round": "turn.round", "items": [...]}``.
"""
from __future__ import annotations

from engine.machine import plain_copy

from . import board
from .card_ids import TURK_DETERMINATION, WITHDRAWAL
from .game import Game, other


# -- what happened this Action Round ------------------------------------------------------------
def round_key(g: Game) -> str:
    """The current Action Round, ``"turn.round"``."""
    return f"{g.get('turn', 1)}.{g.get('action_round', 1)}"


def round_list(g: Game, key: str) -> list:
    """The items the per-round global ``key`` holds for this Action Round."""
    data = g.get(key) or {}
    return list(data.get("items", [])) if data.get("round") == round_key(g) else []


def round_add(g: Game, key: str, items: list) -> None:
    g.set(key, {"round": round_key(g), "items": round_list(g, key) + list(items)})


def retreated_units(g: Game) -> list[int]:
    """Units that retreated in the current Action Round (12.1.2, 12.5.6)."""
    return round_list(g, "pog_retreated")


def mark_retreated(g: Game, pids: list[int]) -> None:
    round_add(g, "pog_retreated", pids)


def cc_used(g: Game) -> list[str]:
    """Combat cards used in the current Action Round (9.5.4.4)."""
    return round_list(g, "pog_cc_used")


# -- the combat record -----------------------------------------------------------------------
def combat(g: Game) -> dict:
    """A copy of the combat in progress (change it, then :func:`save`)."""
    return plain_copy(g.get("pog_combat") or {})


def save(g: Game, c: dict) -> None:
    g.set("pog_combat", c)


def name(g: Game, pid: int) -> str:
    return g.ptype(pid).name


def place(g: Game, loc: str) -> str:
    return g.module.locations[loc].name


def enemy_fort(g: Game, loc: str, side: str) -> bool:
    """An intact fort in ``loc`` that fights for ``side``'s enemy (15.1.10)."""
    return board.fort_intact(g, loc) and board.controller(g, loc) == other(side)


def side_units(g: Game, c: dict, side: str) -> list[int]:
    """The side's combat units still in the combat (12.1.8)."""
    key = "attackers" if side == c["attacker"] else "defenders"
    return [p for p in c[key] if p in g.state.pieces and board.is_space(g, g.state.pieces[p].loc)]


def defender_trench(g: Game, c: dict) -> int:
    """The level of the defender's trench in this combat (0: none, or cancelled by a card).
    CP #60 Turkish Determination: a level-1 trench "for all purposes" in this combat."""
    if c.get("ignore_trench"):
        return 0
    owner, level = board.trench(g, c["target"])
    if level > 0 and owner == c["defender"]:
        return level
    return 1 if TURK_DETERMINATION in c["cards"].get(c["defender"], []) else 0


def withdrawal_played(c: dict) -> bool:
    """AP #6 / CP #56 Withdrawal is among the defender's cards in this combat (12.6)."""
    return any(cid in WITHDRAWAL for cid in c["cards"].get(c["defender"], []))
