"""The game record (DESIGN principle 4): module id + version, scenario, seed, options, ruleset,
then one :class:`Entry` per user action — the action, the commands it produced, the state hash
after it and its one-line notation. Saving writes the record; loading replays it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .commands import Command
from .actions import Action


@dataclass
class Entry:
    """One user action = one compound command = one undo step.

    ``reproducible``: the rules made ``commands`` from ``action`` and the state before it, so
    re-executing the action reproduces them (a compact save keeps only the action). False for
    an edit outside the rules, scripted dice, and an entry replayed from recorded commands
    without re-execution (an older save's): a save keeps those entries' commands."""
    action: Action
    commands: list[Command]
    hash: str
    text: str
    reproducible: bool = True

    def to_json(self) -> dict:
        return {"action": self.action.to_json(), "cmds": [c.to_json() for c in self.commands],
                "hash": self.hash, "text": self.text}


@dataclass
class Header:
    module_id: str
    module_version: str
    scenario: str
    seed: int | str
    ruleset: str
    options: dict[str, str] = field(default_factory=dict)
    setup_hash: str = ""

    def to_json(self) -> dict:
        return {"module": {"id": self.module_id, "version": self.module_version},
                "scenario": self.scenario, "seed": self.seed, "ruleset": self.ruleset,
                "options": self.options, "setup_hash": self.setup_hash}


@dataclass
class GameRecord:
    header: Header
    entries: list[Entry] = field(default_factory=list)

    @property
    def final_hash(self) -> str:
        return self.entries[-1].hash if self.entries else self.header.setup_hash

    def lines(self) -> list[str]:
        """The move list: one readable line per action."""
        return [e.text for e in self.entries]

    def to_json(self) -> dict[str, Any]:
        return {**self.header.to_json(), "actions": [e.to_json() for e in self.entries],
                "final_hash": self.final_hash}
