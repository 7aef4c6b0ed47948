"""Opening a received turn from the start screen (issue 18, friction 6): the right game, as the
right side, ready to replay the opponent's moves.

A turn file (:mod:`engine.pbem`) names its game — module, scenario, seed, options, ruleset,
set-up hash — where it starts (``from``: the number of actions before it) and the side that
sent it. :func:`open_turn` finds that game:

* a file starting at action 0 (the first one of a game by e-mail) is a new game of that
  scenario with the file's seed and options — the same game the sender set up (the set-up hash
  is checked);
* a later file continues a game on this computer: the saves and autosaves are searched for the
  game's record standing exactly where the file starts (same header, ``from`` actions, the same
  state hash).

The receiver is the other side: with two sides, the one that did not send the file (with more,
the side to act once the file is replayed). Nothing here needs pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from engine import pbem, persist
from engine.errors import SaveError, WartableError
from engine.model import Module
from engine.saves import SUFFIX as SAVE_SUFFIX, final_hash, read_save
from engine.session import Session

#: The most save files searched for the game a turn continues (newest first).
MAX_SEARCH = 300


@dataclass
class ReceivedTurn:
    """A received turn ready to replay: the game ``session`` (at the file's start), the turn
    ``data``, the receiving ``side`` ("" when only the replay can tell) and the save the game
    was found in (None for a new game)."""
    session: Session
    data: dict[str, Any]
    side: str
    save: Path | None


def receiver(module: Module, sender: str) -> str:
    """The side receiving a turn ``sender`` sent: the other side of a two-sided game, else ""."""
    others = [s for s in module.side_ids if s != sender]
    return others[0] if len(others) == 1 else ""


def same_game(record: dict, data: dict) -> bool:
    """Whether save ``record`` and turn ``data`` are the same game (module, scenario, seed,
    ruleset, set-up)."""
    return (record["module"]["id"] == data["module"]["id"] and record["scenario"] == data["scenario"]
            and record["seed"] == data.get("seed") and record["ruleset"] == data["ruleset"]
            and record.get("setup_hash", "") == data.get("setup_hash", record.get("setup_hash", "")))


def find_game(data: dict, folders: Iterable[Path]) -> tuple[Path, dict] | None:
    """The newest save in ``folders`` holding the game ``data`` continues, standing exactly
    where it starts: (its path, its record), or None."""
    files: list[Path] = []
    for folder in folders:
        try:
            files += [p for p in Path(folder).iterdir() if p.name.endswith(SAVE_SUFFIX) and p.is_file()]
        except OSError:
            continue
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for path in files[:MAX_SEARCH]:
        try:
            record = read_save(path)
        except SaveError:
            continue   # a damaged or foreign file is not the game
        if same_game(record, data) and len(record["actions"]) == data["from"] and \
                final_hash(record) == data["hash_before"]:
            return path, record
    return None


def open_turn(path: Path, open_module: Callable[[str], Module], folders: Iterable[Path]) -> ReceivedTurn:
    """The game received turn ``path`` belongs to, at the file's start. WartableError (one
    line) when the file is no turn file or its game cannot be found or set up here."""
    data = pbem.read_turn(path)
    module = open_module(data["module"]["id"])
    side = receiver(module, data.get("side", ""))
    if data["from"] == 0:
        try:
            session = Session.new(module, data["scenario"], data.get("seed"), data["ruleset"],
                                  data.get("options") or None)
        except WartableError as exc:
            raise pbem.PbemError(f"{Path(path).name}: cannot set up its game here: {exc}") from None
        if session.record.header.setup_hash != data.get("setup_hash", session.record.header.setup_hash):
            raise pbem.PbemError(f"{Path(path).name}: this game is set up differently here (another "
                                 f"version of {module.title}?): the set-up hashes differ")
        return ReceivedTurn(session, data, side, None)
    found = find_game(data, folders)
    if found is None:
        raise pbem.PbemError(f"{Path(path).name} continues a game of {module.title} at action "
                             f"{data['from'] + 1}, which is not on this computer: open the earlier turn "
                             f"files first (or load the game's save)")
    save_path, _record = found
    try:
        session = persist.load(save_path, module)
    except SaveError as exc:
        raise pbem.PbemError(f"the game's save {save_path.name} cannot be loaded: {exc}") from None
    return ReceivedTurn(session, data, side, save_path)
