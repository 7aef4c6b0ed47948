"""Keeping games: save and load a session's record (:mod:`engine.saves` is the file format),
and autosave after every change.

    from engine import persist
    persist.save(session, "game.wtsave")
    session = persist.load("game.wtsave", module)          # replayed, every hash checked
    autosave = persist.Autosave.start(session)              # rewrites its file after each change
"""
from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .model import Module
from .record import Entry
from .replay import session_from_record
from .saves import (FULL, SHORT_HASH, SUFFIX, VERSION, atomic_write, autosave_dir, decode_save,
                    encode_compact, encode_save, read_save)
from .session import Session


def save_bytes(session: Session, version: int = VERSION) -> bytes:
    """The save file's bytes for ``session``'s record: compact (format 2: each action the
    rules made as its text and a short state hash, compressed) or, with ``version=1``, full
    (every entry's commands: what a fuzzer keeps of a failing game, to load it even when the
    rules do not reproduce it)."""
    if version == FULL:
        return encode_save(session.record.to_json())
    record = session.record
    return encode_compact({
        **record.header.to_json(), "final_hash": record.final_hash,
        "actions": [[str(e.action), e.hash[:SHORT_HASH]] if e.reproducible else e.to_json()
                    for e in record.entries]})


def save(session: Session, path: Path | str, version: int = VERSION) -> Path:
    """Write ``session``'s record to ``path`` atomically (a crash leaves the old file)."""
    path = Path(path)
    atomic_write(path, save_bytes(session, version))
    return path


def load(path: Path | str, module: Module, verify: bool = False) -> Session:
    """The game saved at ``path`` for ``module``, replayed to its end with every state hash
    checked: each action of a compact save re-executed through the rules, each entry of a full
    save re-applied from its commands (``verify``: re-executed through the rules as well).
    Raises SaveError naming the first problem; nothing is lost."""
    path = Path(path)
    with collection_paused():
        return session_from_record(read_save(path), module, verify, path.name)


def load_bytes(data: bytes, module: Module, verify: bool = False, source: str = "save") -> Session:
    """:func:`load` from the save's bytes (``source`` names it in errors)."""
    with collection_paused():
        return session_from_record(decode_save(data, source), module, verify, source)


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block (restored after, as it was).
    Loading a save builds hundreds of thousands of objects that all stay alive (the decoded
    document, then the record's entries): the collections their allocations trigger walk them
    again and again — about 70 ms of a 330 ms load of 10,000 actions (``make bench``); paused,
    one collection after the load walks them once (about 40 ms). What the block leaves
    unreachable is freed by reference counting, or by the next collection. Loads in several
    threads at once end with the collector on if it was on before the first."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Autosave:
    """Rewrites one file after every change of a session. A failed write never loses the game
    in memory (it is retried at the next change)."""

    def __init__(self, session: Session, path: Path) -> None:
        self.session = session
        self.path = path
        self.failed = False

    @classmethod
    def start(cls, session: Session, folder: Path | None = None) -> "Autosave":
        """Autosave ``session`` into ``folder`` (default: the user's autosave folder)."""
        folder = Path(folder) if folder is not None else autosave_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{session.module.id[:60]}-{session.record.header.scenario[:40]}-{stamp}"
        path, n = folder / f"{name}{SUFFIX}", 1
        while path.exists():   # two games started in the same second keep two files
            n += 1
            path = folder / f"{name}-{n}{SUFFIX}"
        autosave = cls(session, path)
        autosave.write()
        session.listeners.append(autosave.changed)
        return autosave

    def write(self) -> None:
        try:
            save(self.session, self.path)
            self.failed = False
        except OSError:
            self.failed = True   # an autosave failure must never lose the game in memory

    def changed(self, what: str, entry: Entry | None) -> None:
        self.write()

    def stop(self) -> None:
        if self.changed in self.session.listeners:
            self.session.listeners.remove(self.changed)
