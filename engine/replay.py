"""Replaying a game record (DESIGN principle 4): from its set-up, entry by entry, every state
hash checked. An entry that carries its commands (a format-1 save, a turn file, an edit outside
the rules) is replayed by re-applying them, or with ``verify`` by re-executing its action through
the ruleset (same generator, same rules) and requiring the same commands. A compact entry (a
format-2 save: the action and a short state hash) is always re-executed through the ruleset —
checked legal, then applied — and must reach the recorded hash. So a record whose rolls, draws or
actions were edited is refused at the first entry that differs, and the game is left as it was
before that entry.
"""
from __future__ import annotations

from typing import Any, Callable

from . import commands as C
from .actions import Action, ActionError
from .errors import SaveError, WartableError
from .model import Module
from .record import Entry
from .rules import Transaction
from .saves import SHORT_HASH
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
            commands = [C.Command.from_json(c) for c in data["cmds"]] if "cmds" in data else None
        except (ActionError, C.CommandError) as exc:
            raise ReplayDivergence(i, str(exc)) from None
        text = data.get("text", "")
        reproducible = verify
        if commands is None:   # a compact entry: only the rules can tell what it did
            action, commands, text = _rerun(session, action, i)
            reproducible = True
            found, recorded = session.state.hash[:SHORT_HASH], data["hash"]
        else:
            if verify:   # the line is the rules' own words for the action, not the record's
                try:
                    text = session.ruleset.notation(session.state, session.ruleset.typed(session.state, action))
                except Exception:  # the action is refused with its reason just below
                    pass
                commands = _reexecute(session, action, commands, i)
            else:
                try:
                    C.apply_all(session.state, commands)
                except C.CommandError as exc:
                    raise ReplayDivergence(i, str(exc)) from None
            found, recorded = session.state.hash, data["hash"]
        if found != recorded:
            C.undo_all(session.state, commands)   # leave the state as it was before entry i
            said = data.get("text", "") or text
            raise ReplayDivergence(i, f"state hash {found} differs from the recorded {recorded}"
                                      f" ({said})" + ("" if "cmds" in data else
                                                      ": the save was edited, or these rules "
                                                      "do not play it as the ones that wrote it"))
        session.record.entries.append(Entry(action, commands, session.state.hash, text, reproducible))
        if progress is not None:
            progress(i)


def _rerun(session: Session, action: Action, i: int) -> tuple[Action, list[C.Command], str]:
    """Check and apply ``action`` through the rules as :meth:`Session.push` does; returns the
    typed action, the commands it made and its notation. ReplayDivergence naming entry ``i``
    when the rules refuse it — or fail on it: a saved action is input, so a rules error on it
    is reported against the save, not raised."""
    rules, state = session.ruleset, session.state
    tx = Transaction(state)
    try:
        violation = rules.check(state, action)
        if violation is not None:
            raise ReplayDivergence(i, f"illegal under the rules: {violation} ({action})")
        action = rules.typed(state, action)
        text = rules.notation(state, action)
        rules.apply(tx, action)
    except ReplayDivergence:
        raise
    except WartableError as exc:
        tx.rollback()
        raise ReplayDivergence(i, f"the ruleset refuses it: {exc} ({action})") from None
    except Exception as exc:  # noqa: BLE001  (a rules defect met on a saved action)
        tx.rollback()
        raise ReplayDivergence(i, f"the rules fail on it ({type(exc).__name__}: "
                                  f"{' '.join(str(exc).split())[:160]}) ({action})") from None
    return action, tx.commands, text


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
    difference = command_difference(recorded, tx.commands)
    if difference:
        tx.rollback()
        raise ReplayDivergence(i, f"the ruleset produces different commands than recorded — {difference}")
    return tx.commands


def command_difference(recorded: list[C.Command], produced: list[C.Command]) -> str:
    """What differs between the commands a record carries and those the rules produce, in one
    phrase ("" when they are the same): a forged roll, an inserted roll, an extra draw..."""
    rec, pro = [c.to_json() for c in recorded], [c.to_json() for c in produced]
    if rec == pro:
        return ""
    k = next((j for j, (a, b) in enumerate(zip(rec, pro)) if a != b), min(len(rec), len(pro)))
    mine, theirs = (rec[k] if k < len(rec) else None), (pro[k] if k < len(pro) else None)
    kinds = (C.Roll.kind, C.FixedRoll.kind)
    if mine and theirs and mine["c"] in kinds and theirs["c"] in kinds:
        return (f"a forged roll: the record shows {mine.get('result')} for {mine.get('spec')}, "
                f"the game's dice give {theirs.get('result')}")
    if mine and mine["c"] in kinds:
        return f"an inserted roll ({mine.get('spec')} {mine.get('result')}) the rules did not make"
    if mine and mine["c"] in (C.Draw.kind, C.Move.kind, C.Create.kind):
        what = "an extra draw" if mine["c"] == C.Draw.kind else f"an extra {mine['c']}"
        if theirs is not None and theirs["c"] == mine["c"]:
            what = f"an edited {mine['c']}"
        return f"{what} the rules did not make ({mine})"[:200]
    if mine is None:
        return f"the record lacks a {theirs['c']} the rules make"
    return f"an edited action or command: the record's {mine['c']} is not what the rules do"


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
    final = record.get("final_hash")
    if isinstance(final, str) and final != session.state.hash:
        raise SaveError(f"{source}: the game ends on state hash {session.state.hash}, "
                        f"not on the recorded {final}")
    return session
