"""Helpers for rules tests: build a position as recorded set-up entries, script the dice, and
assert the rule a refusal cites — so a test never edits the state outside the game record and
never patches the game.

    from engine.testing import Position, refused
    pos = Position.new(module, "campaign", seed=3)
    pid = pos.place("ge_army_1", "liege")
    pos.dice(6, 1)                      # the next two rolls, in order
    pos.push("CP: attack space=@liege")
    refused(pos.session, "AP: activate mode=move space=@paris", "PoG 9.2.3")

Each edit is one entry of the record (verb ``setup``), so undo, replay and the fuzzer's replay
check see exactly what the test did.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from . import commands as C
from .actions import Action
from .errors import WartableError
from .machine import MachineRuleset
from .model import Module
from .record import Entry
from .rules import Transaction, Violation
from .session import Session


def action(a: Action | str) -> Action:
    return a if isinstance(a, Action) else Action.parse(a)


def refused(session: Session, a: Action | str, rule: str) -> Violation:
    """Assert that ``a`` is refused citing ``rule`` (exactly, e.g. ``"PoG 9.2.3"``); returns the
    Violation. The message names what was cited instead."""
    violation = session.check(action(a))
    if violation is None:
        raise AssertionError(f"{a} is legal; expected a refusal citing {rule}")
    if violation.rule != rule:
        raise AssertionError(f"{a} is refused citing {violation.rule or 'no rule'} "
                             f"({violation.message}), not {rule}")
    return violation


def legal(session: Session, a: Action | str) -> Action:
    """Assert that ``a`` is legal now (the refusal is the failure message); returns it."""
    act = action(a)
    violation = session.check(act)
    if violation is not None:
        raise AssertionError(f"{a} is refused: {violation}")
    return act


class Position:
    """A session being built into a test position, every edit recorded."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @classmethod
    def new(cls, module: Module, scenario: str | None = None, seed: int | str = 0,
            ruleset: str | None = None, options: dict[str, str] | None = None) -> "Position":
        return cls(Session.new(module, scenario, seed, ruleset, options))

    # -- the state, read ---------------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    def where(self, pid: int) -> str:
        return self.state.pieces[pid].loc

    def face(self, pid: int) -> int:
        return self.state.pieces[pid].face

    def pieces_of(self, type_id: str, loc: str | None = None) -> list[int]:
        """Ids of the pieces of type ``type_id`` (at ``loc``, if given), in id order."""
        return sorted(pid for pid, p in self.state.pieces.items()
                      if p.type == type_id and (loc is None or p.loc == loc))

    # -- recorded edits ------------------------------------------------------------------------------
    def edit(self, text: str, build: Callable[[Transaction], None]) -> Entry:
        """One recorded set-up entry: ``build`` applies commands through the transaction."""
        return self.session.push_setup(text, build)

    def commands(self, text: str, commands: Iterable[C.Command]) -> Entry:
        cmds = list(commands)
        return self.edit(text, lambda tx: [tx.do(c) for c in cmds])

    def place(self, type_id: str, loc: str, face: int = 0, **props: Any) -> int:
        """Put a new piece of ``type_id`` at ``loc`` (owned by its type's side); its id."""
        ptype = self.session.module.piece_types.get(type_id)
        if ptype is None:
            raise WartableError(f"no piece type {type_id!r}")
        owner = {"owner": ptype.side} if ptype.side else {}
        cmd = C.Create(type_id, loc, None, face, {**owner, **props})
        self.commands(f"place {type_id} at {loc}", [cmd])
        return cmd.pid  # type: ignore[attr-defined]

    def move(self, pid: int, loc: str) -> None:
        self.commands(f"move #{pid} to {loc}", [C.Move(pid, loc)])

    def remove(self, pids: Iterable[int], text: str = "remove pieces") -> None:
        self.commands(text, [C.Delete(pid) for pid in pids])

    def flip(self, pid: int, face: int) -> None:
        self.commands(f"#{pid} to face {face}", [C.SetFace(pid, face)])

    def set(self, key: str, value: Any) -> None:
        self.commands(f"set {key}", [C.SetGlobal(key, value)])

    def call(self, state: str, **data: Any) -> Entry:
        """Enter rules state ``state`` with ``data`` (as a procedure of the rules would), then
        run the automatic states that follow."""
        rules = self.session.ruleset
        if not isinstance(rules, MachineRuleset):
            raise WartableError(f"the {rules.id} rules have no state machine")

        def build(tx: Transaction) -> None:
            g = rules.game(tx.state, tx)
            g.call(state, **data)
            rules.machine.run_automatic(g)
        return self.edit(f"enter {state}", build)

    def clear_stack(self) -> None:
        """No rules state pending (the machine's stack emptied)."""
        rules = self.session.ruleset
        key = rules.machine.key if isinstance(rules, MachineRuleset) else "rules_stack"
        self.set(key, [])

    # -- dice and actions --------------------------------------------------------------------------------
    def dice(self, *results: int | list) -> None:
        """Script the next rolls: each an int (one die) or a list of faces, used in order."""
        if self.session.dice_script is None:
            self.session.dice_script = []
        self.session.dice_script.extend(results)

    @property
    def dice_left(self) -> list:
        return list(self.session.dice_script or [])

    def push(self, a: Action | str) -> Entry:
        return self.session.push(action(a))

    def check(self, a: Action | str) -> Violation | None:
        return self.session.check(action(a))
