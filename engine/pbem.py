"""Play by e-mail: send the moves made since the opponent's last file, receive theirs and
replay them step by step with every state hash verified (DESIGN principle 4).

A turn file (``.wtpbem``) is UTF-8 JSON::

    {"format": "wartable-pbem", "version": 1,
     "module": {"id": ..., "version": ...}, "scenario": ..., "seed": ..., "ruleset": ...,
     "options": {...}, "setup_hash": ..., "from": <index of the first entry>,
     "hash_before": <state hash there>,
     "entries": [<game record entries, as in a save>], "hash_after": <state hash at the end>,
     "side": <who sent it>}

Importing checks that the file belongs to this game (module, scenario, seed, set-up hash), that
this game is exactly where the file starts (same number of actions and the same state hash),
then :class:`TurnReplay` applies the entries one at a time through
``engine.replay.replay_entries`` — which re-executes the recorded commands and stops at the first
state hash that differs. Nothing here needs pygame.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import commands as C
from .errors import WartableError
from .replay import ReplayDivergence, replay_entries
from .saves import atomic_write
from .session import Session

SUFFIX = ".wtpbem"
FORMAT = "wartable-pbem"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


class PbemError(WartableError):
    """A turn file that cannot be used for this game (one line saying why)."""


def hash_at(session: Session, index: int) -> str:
    """The state hash after the first ``index`` actions (the set-up hash for 0)."""
    if index <= 0:
        return session.record.header.setup_hash
    return session.record.entries[index - 1].hash


def default_since(session: Session, side: str) -> int:
    """Where the moves to send start: just after the last action by another side (the
    opponent's last file), or 0. Actions by nobody in particular (``side=""``) count as ours."""
    entries = session.record.entries
    for i in range(len(entries) - 1, -1, -1):
        other = entries[i].action.side
        if other and other != side:
            return i + 1
    return 0


def export_turn(session: Session, since: int, side: str = "") -> dict[str, Any]:
    """The turn file content for the actions from index ``since`` to the end."""
    n = len(session.record.entries)
    if not 0 <= since <= n:
        raise PbemError(f"cannot send from action {since}: the game has {n} actions")
    h = session.record.header
    return {"format": FORMAT, "version": VERSION,
            "module": {"id": h.module_id, "version": h.module_version},
            "scenario": h.scenario, "seed": h.seed, "ruleset": h.ruleset, "setup_hash": h.setup_hash,
            "options": dict(h.options),
            "from": since, "hash_before": hash_at(session, since),
            "entries": [e.to_json() for e in session.record.entries[since:]],
            "hash_after": session.state.hash, "side": side}


def write_turn(session: Session, path: Path | str, since: int, side: str = "") -> Path:
    """Write the turn file (atomically); returns its path (``.wtpbem`` added if missing)."""
    path = Path(path)
    if path.suffix != SUFFIX:
        path = path.with_name(path.name + SUFFIX)
    data = json.dumps(export_turn(session, since, side), ensure_ascii=False, sort_keys=True, indent=0)
    atomic_write(path, data.encode("utf-8"))
    return path


def read_turn(path: Path | str) -> dict[str, Any]:
    """Read and shape-check a turn file. PbemError naming the problem."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise PbemError(f"{path.name}: too large for a turn file")
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise PbemError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise PbemError(f"{path.name}: not a turn file ({exc})") from None
    check_shape(data, path.name)
    return data


def check_shape(data: Any, source: str = "turn file") -> None:
    def need(cond: bool, what: str) -> None:
        if not cond:
            raise PbemError(f"{source}: {what}")
    need(isinstance(data, dict) and data.get("format") == FORMAT, "not a wartable turn file")
    need(isinstance(data.get("version"), int) and data["version"] <= VERSION,
         f"written by a newer wartable (format {data.get('version')})")
    m = data.get("module")
    need(isinstance(m, dict) and isinstance(m.get("id"), str) and isinstance(m.get("version"), str),
         "missing module id/version")
    need(isinstance(data.get("from"), int) and data["from"] >= 0, "bad start index")
    for key in ("hash_before", "hash_after", "scenario", "ruleset"):
        need(isinstance(data.get(key), str), f"missing {key}")
    need(isinstance(data.get("entries"), list), "missing entries")
    for i, e in enumerate(data["entries"], 1):
        need(isinstance(e, dict) and isinstance(e.get("cmds"), list) and isinstance(e.get("hash"), str)
             and isinstance(e.get("action"), (str, dict)), f"entry {i} is malformed")


def check_applies(session: Session, data: dict[str, Any]) -> None:
    """Raise PbemError unless ``data`` continues this very game from where it is now."""
    h = session.record.header
    if data["module"]["id"] != h.module_id:
        raise PbemError(f"this turn is for module {data['module']['id']!r}, not {h.module_id!r}")
    if data["module"]["version"].split(".")[0] != h.module_version.split(".")[0]:
        raise PbemError(f"this turn is for {h.module_id} version {data['module']['version']}, "
                        f"this game uses {h.module_version}")
    if data["scenario"] != h.scenario or data.get("seed") != h.seed or data.get("setup_hash", h.setup_hash) != h.setup_hash:
        raise PbemError("this turn belongs to another game (scenario, seed or set-up differ)")
    n = len(session.record.entries)
    start = data["from"]
    if start > n:
        raise PbemError(f"this turn starts at action {start + 1} but the game has only {n} actions: "
                        f"an earlier turn file is missing")
    if start < n:
        if start + len(data["entries"]) <= n and all(
                session.record.entries[start + k].hash == e["hash"] for k, e in enumerate(data["entries"])):
            raise PbemError("this turn was already played here")
        raise PbemError(f"this turn starts at action {start + 1} but this game already has {n} actions "
                        f"(moves were made here after the opponent's last file)")
    if session.state.hash != data["hash_before"]:
        raise PbemError(f"the game state ({session.state.hash}) differs from the one the turn starts "
                        f"from ({data['hash_before']})")


@dataclass
class TurnReplay:
    """Replays a checked turn file on a session, one action per :meth:`step`."""
    session: Session
    data: dict[str, Any]
    done: int = 0

    def __post_init__(self) -> None:
        check_applies(self.session, self.data)

    @property
    def total(self) -> int:
        return len(self.data["entries"])

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self):
        """Apply the next entry (hash verified); returns the new record Entry. PbemError if
        the replay diverges (the game is left as it was before that entry)."""
        if self.finished:
            return None
        entry = self.data["entries"][self.done]
        self._trial(entry)
        try:
            replay_entries(self.session, [entry])
        except ReplayDivergence as exc:
            raise PbemError(f"opponent's action {self.data['from'] + self.done + 1} does not replay: "
                            f"{str(exc).split(': ', 1)[-1]}") from None
        self.done += 1
        return self.session.record.entries[-1]

    def _trial(self, entry: dict) -> None:
        """Apply ``entry`` to a copy of the state first: ``replay_entries`` leaves the
        commands applied when only the hash differs, and a bad file must not touch the game."""
        trial = self.session.state.copy()
        where = f"opponent's action {self.data['from'] + self.done + 1}"
        try:
            C.apply_all(trial, [C.Command.from_json(c) for c in entry["cmds"]])
        except C.CommandError as exc:
            raise PbemError(f"{where} does not replay: {exc}") from None
        if trial.hash != entry["hash"]:
            raise PbemError(f"{where} does not replay: state hash {trial.hash} differs from the "
                            f"recorded {entry['hash']} ({entry.get('text', '')})")

    def run(self) -> None:
        while not self.finished:
            self.step()
        if self.session.state.hash != self.data["hash_after"]:
            raise PbemError("the replayed turn does not end on the hash it was sent with")
