"""Test positions for the skirmish rules (modules/skirmish/RULES.md), built with
engine.testing: every edit is a recorded set-up entry, every die scripted."""
from __future__ import annotations

from engine.testing import Position


def cleared(module, seed: int = 1) -> Position:
    """The meeting scenario at Blue's first movement phase, every unit (reinforcements too)
    taken away: a test places only the units it needs."""
    pos = Position.new(module, "meeting", seed=seed)
    units = [pid for pid, p in pos.state.pieces.items() if p.owner in ("blue", "red")]
    pos.remove(units, "clear the map")
    return pos


def combat(pos: Position, side: str = "blue") -> None:
    """Enter ``side``'s combat phase (as the turn procedure would)."""
    pos.call("combat", side=side, attacked=[], targets=[])


def attack(pos: Position, hex_id: str, units: list[int], die: int | None = None,
           side: str = "blue") -> None:
    """Declare an attack on ``hex_id`` with ``units``; with ``die``, resolve it showing that die."""
    pos.push(f"{side}: attack hex=@{hex_id}")
    for pid in units:
        pos.push(f"{side}: add unit=#{pid}")
    if die is not None:
        pos.dice(die)
        pos.push(f"{side}: resolve")


def duel(pos: Position, die: int) -> tuple[int, int]:
    """Blue infantry at 0203 attacks Red infantry at 0303 (4 against 5 in the clear: 1:2) and the
    die shows ``die``; the two units' ids."""
    blue = pos.place("blue-inf", "0203")
    red = pos.place("red-inf", "0303")
    combat(pos)
    attack(pos, "0303", [blue], die=die)
    return blue, red


def prompt_kind(pos: Position) -> tuple[str, str]:
    """(whose decision, what kind) now."""
    p = pos.session.prompt()
    return p.side, p.kind


def finish_phase(pos: Position) -> None:
    """The side to act ends its current phase."""
    pos.push(f"{pos.session.prompt().side}: done")
