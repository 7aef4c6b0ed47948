"""Dice specifications: ``NdS`` (``2d6``), sums, and a module's custom dice.

A spec is parsed once into a :class:`DiceSpec`; rolling it with a generator state yields the
face of every die (kept: players and rules need the individual dice, e.g. doubles) and the sum.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from . import rng

_SPEC = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")
_CUSTOM = re.compile(r"^\s*(\d*)\s*([A-Za-z_][A-Za-z0-9_]*)\s*$")
MAX_DICE = 100
MAX_SIDES = 1000


@dataclass(frozen=True)
class DiceSpec:
    """``count`` dice, each showing one of ``faces`` with equal probability."""
    count: int
    faces: tuple
    name: str

    def __str__(self) -> str:
        return f"{self.count}{self.name}" if self.count != 1 else self.name

    def roll(self, state: int) -> tuple[int, list]:
        """Roll every die: returns ``(new_state, [face, ...])``."""
        values = []
        for _ in range(self.count):
            state, i = rng.below(state, len(self.faces))
            values.append(self.faces[i])
        return state, values


def parse(spec: str, custom: Mapping[str, Sequence] | None = None) -> DiceSpec:
    """Parse ``"2d6"``, ``"d10"``, or ``"3combat"`` (3 dice of the module's custom die
    ``combat``). Raises ValueError with a readable message."""
    m = _SPEC.match(spec)
    if m:
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        if not (1 <= count <= MAX_DICE and 2 <= sides <= MAX_SIDES):
            raise ValueError(f"dice spec out of range: {spec!r}")
        return DiceSpec(count, tuple(range(1, sides + 1)), f"d{sides}")
    m = _CUSTOM.match(spec)
    if m and custom and m.group(2) in custom:
        count = int(m.group(1) or 1)
        if not 1 <= count <= MAX_DICE:
            raise ValueError(f"dice spec out of range: {spec!r}")
        return DiceSpec(count, tuple(custom[m.group(2)]), m.group(2))
    raise ValueError(f"not a dice spec: {spec!r} (expected e.g. 2d6, or a module die name)")
