"""Replaying a game record (DESIGN principle 4): from its set-up, entry by entry, every state
hash checked. Plain replay re-applies the recorded commands; ``verify`` re-executes every action
through the ruleset (same generator, same rules) and requires the same commands — so a record
whose rolls, draws or actions were edited is refused at the first entry that differs, and the
game is left as it was before that entry.
"""
from __future__ import annotations

from typing import Any, Callable

from . import commands as C
from .actions import Action, ActionError
from .errors import SaveError, WartableError
from .model import Module
from .record import Entry
from .rules import Transaction
from .session import Session


class ReplayDivergence(WartableError):
    """A replayed record does not reach the state it recorded."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"action {index}: {message}")
        self.index = index


def replay_entries(session: Session, entries: list[dict], verify: bool = False,
                   progress: Callable[[int], None] | None = None, first: int = 1) -> None:
    """Re-execute recorded ``entries`` (their JSON form) on ``session``, checking each state
    hash. Raises :class:`ReplayDivergence` naming the first entry that differs (numbered from
    ``first``); the entries before it stay applied, that one is rolled back."""
    for i, data in enumerate(entries, first):
        try:
            action = Action.from_json(data["action"])
            commands = [C.Command.from_json(c) for c in data["cmds"]]
        except (ActionError, C.CommandError) as exc:
            raise ReplayDivergence(i, str(exc)) from None
        if verify:
            commands = _reexecute(session, action, commands, i)
        else:
            try:
                C.apply_all(session.state, commands)
            except C.CommandError as exc:
                raise ReplayDivergence(i, str(exc)) from None
        if session.state.hash != data["hash"]:
            found = session.state.hash
            C.undo_all(session.state, commands)   # leave the state as it was before entry i
            raise ReplayDivergence(i, f"state hash {found} differs from the "
                                      f"recorded {data['hash']} ({data.get('text', '')})")
        session.record.entries.append(Entry(action, commands, data["hash"], data.get("text", "")))
        if progress is not None:
            progress(i)


def _reexecute(session: Session, action: Action, recorded: list[C.Command], i: int) -> list[C.Command]:
    """Apply ``action`` through the rules; the commands must equal the recorded ones."""
    violation = session.ruleset.check(session.state, action)
    if violation is not None:
        raise ReplayDivergence(i, f"illegal under the rules: {violation}")
    tx = Transaction(session.state)
    try:
        session.ruleset.apply(tx, action)
    except WartableError as exc:
        tx.rollback()
        raise ReplayDivergence(i, f"the ruleset refuses it: {exc}") from None
    if [c.to_json() for c in tx.commands] != [c.to_json() for c in recorded]:
        tx.rollback()
        raise ReplayDivergence(i, "the ruleset produces different commands than recorded")
    return tx.commands


def session_from_record(record: dict[str, Any], module: Module, verify: bool = False,
                        source: str = "save") -> Session:
    """A new session of ``record``'s game, replayed to its end. Raises SaveError naming the
    first problem (another module, changed set-up, a diverging entry)."""
    mid, mver = record["module"]["id"], record["module"]["version"]
    if mid != module.id:
        raise SaveError(f"{source}: this save is for module {mid!r}, not {module.id!r}")
    if mver.split(".")[0] != module.version.split(".")[0]:
        raise SaveError(f"{source}: this save is for {mid} version {mver}; "
                        f"the installed module is version {module.version}")
    try:
        session = Session.new(module, record["scenario"], record["seed"], record["ruleset"],
                              record.get("options") or {})
    except WartableError as exc:
        raise SaveError(f"{source}: {exc}") from None
    setup_hash = record.get("setup_hash")
    if setup_hash and setup_hash != session.state.hash:
        raise SaveError(f"{source}: the scenario set-up differs from the one this game "
                        f"started from (module data changed?)")
    try:
        replay_entries(session, record["actions"], verify)
    except ReplayDivergence as exc:
        raise SaveError(f"{source}: {exc}") from None
    return session
