"""Play by e-mail: send the moves made since the opponent's last file, receive theirs and
replay them step by step with every state hash verified (DESIGN principle 4).

A turn file (``.wtpbem``) is UTF-8 JSON::

    {"format": "wartable-pbem", "version": 1,
     "module": {"id": ..., "version": ...}, "scenario": ..., "seed": ..., "ruleset": ...,
     "options": {...}, "setup_hash": ..., "from": <index of the first entry>,
     "hash_before": <state hash there>,
     "entries": [<game record entries, whole, as in a format-1 save>],
     "hash_after": <state hash at the end>,
     "side": <who sent it>}

Importing checks that the file belongs to this game (module, scenario, seed, set-up hash), that
this game is exactly where the file starts (same number of actions and the same state hash),
then re-executes every action of the file through the ruleset with the game's own generator on
a copy of the game (``engine.replay.replay_entries(verify=True)``): the commands in the file are
never applied, only compared with what the rules produce, and every state hash of the chain
must match. A forged roll, an inserted roll, an extra draw or an edited action is refused with a
one-line reason before anything changes; only then does :class:`TurnReplay` apply the actions,
one per step, to the game itself. Nothing here needs pygame.

Play by e-mail is for friends who trust each other: the files carry the seed and the record, so
a determined opponent can read hidden cards and coming dice from them (:data:`TRUST_NOTE`). A
game that needs secrecy is played on a server (``wartable serve``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SaveError, WartableError
from .replay import ReplayDivergence, replay_entries
from .saves import atomic_write, decode_json_document, read_bounded
from .session import Session

SUFFIX = ".wtpbem"
FORMAT = "wartable-pbem"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024

#: What the UI tells a player about play by e-mail (plainly, before they rely on it).
TRUST_NOTE = ("Play by e-mail is tamper-evident, not secret: a turn file carries the game's "
              "seed and record, so a determined opponent can read your hidden cards and know "
              "coming dice from it. For games that need secrecy, play online on a server.")


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
    try:  # bounded like a save: a regular file, its size, values, depth, integers, Unicode
        data = decode_json_document(read_bounded(path, MAX_BYTES, "a turn file"), path.name,
                                    "turn file")
    except SaveError as exc:
        raise PbemError(str(exc)) from None
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
        self._verify()

    def _verify(self) -> None:
        """Re-execute the whole turn on a copy of the game through its rules and check the hash
        chain to its end; PbemError (one line) at the first action that differs. The game
        itself is not touched."""
        s = self.session
        trial = Session(s.module, s.ruleset, s.record.header, s.state.copy())
        trial.record.entries = list(s.record.entries)
        try:
            replay_entries(trial, self.data["entries"], verify=True, first=self.data["from"] + 1)
        except ReplayDivergence as exc:
            raise PbemError(f"refused: opponent's action {exc.index} {_quoted(self.data, exc.index)}"
                            f"{str(exc).split(': ', 1)[-1]}") from None
        if trial.state.hash != self.data["hash_after"]:
            raise PbemError("refused: the turn does not end on the state hash it was sent with")

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
        try:
            replay_entries(self.session, [entry], verify=True)
        except ReplayDivergence as exc:
            raise PbemError(f"opponent's action {self.data['from'] + self.done + 1} does not replay: "
                            f"{str(exc).split(': ', 1)[-1]}") from None
        self.done += 1
        return self.session.record.entries[-1]

    def run(self) -> None:
        while not self.finished:
            self.step()
        if self.session.state.hash != self.data["hash_after"]:
            raise PbemError("the replayed turn does not end on the hash it was sent with")


def _quoted(data: dict[str, Any], index: int) -> str:
    """The refused entry's own text in quotes (from the file: what the sender claims), or ""."""
    k = index - data["from"] - 1
    entries = data["entries"]
    text = entries[k].get("text") if 0 <= k < len(entries) and isinstance(entries[k], dict) else None
    return f"({str(text)[:80]!r}): " if isinstance(text, str) and text else ": "
