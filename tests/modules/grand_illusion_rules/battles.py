"""Helpers to stage battles."""
from __future__ import annotations

from .positions import activation, ids


def declare(pos, side, hex_, attackers):
    activation(pos, side, hex_)
    pos.push(f"{side}: declare_battle hex=@{hex_} units={ids(attackers)}")
    pos.push(f"{side}: resolve")


def fight(pos, side, hex_, fow):
    """Fight the declared battle with this FoW roll (a pair of dice)."""
    pos.dice(list(fow))
    pos.push(f"{side}: fight hex=@{hex_}")


def place(pos, side, unit, space):
    pos.push(f"{side}: place space=@bm-{side}-{space} unit=#{unit}")


def lines(pos):
    return [l for l in pos.state.get("combat_report")["lines"] if l.get("dice")]
