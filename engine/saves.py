"""Save files: the game record, written atomically, read defensively.

Format (version 1)::

    WARTABLE-SAVE 1 <sha256 of the body, hex>\\n
    <body: UTF-8 JSON of the game record>

Writing goes to a temporary file in the same folder, is flushed and fsync'ed, then renamed over
the target (and the folder fsync'ed), so a crash mid-save leaves the previous save intact.
Reading checks size, magic, version, checksum, JSON shape and module identity before anything
is replayed; every problem is a :class:`~engine.errors.SaveError` saying what is wrong.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import SaveError

MAGIC = b"WARTABLE-SAVE"
VERSION = 1
MAX_SAVE_BYTES = 256 * 1024 * 1024
SUFFIX = ".wtsave"


def encode_save(record_json: dict[str, Any]) -> bytes:
    """The bytes of a save file for a record's JSON form (one action per line)."""
    actions = record_json.get("actions", [])
    head = {k: v for k, v in record_json.items() if k != "actions"}
    head_text = json.dumps({"format": "wartable-save", "version": VERSION, **head},
                           sort_keys=True, ensure_ascii=False)
    lines = [json.dumps(a, sort_keys=True, ensure_ascii=False, separators=(",", ":")) for a in actions]
    body = (head_text[:-1] + ', "actions": [\n' + ",\n".join(lines) + "\n]}\n").encode("utf-8")
    digest = hashlib.sha256(body).hexdigest().encode("ascii")
    return MAGIC + b" " + str(VERSION).encode() + b" " + digest + b"\n" + body


def decode_save(data: bytes, source: str = "save") -> dict[str, Any]:
    """Check and parse save bytes; returns the record's JSON form. Raises SaveError."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{source}: file is {len(data)} bytes, larger than any save ({MAX_SAVE_BYTES})")
    newline = data.find(b"\n", 0, 200)
    if newline < 0 or not data.startswith(MAGIC + b" "):
        raise SaveError(f"{source}: not a wartable save file")
    parts = data[:newline].split(b" ")
    if len(parts) != 3 or not parts[1].isdigit():
        raise SaveError(f"{source}: damaged header line")
    version = int(parts[1])
    if version > VERSION:
        raise SaveError(f"{source}: written by a newer wartable (save format {version}); "
                        f"this one reads format {VERSION} — please update wartable")
    body = data[newline + 1:]
    if hashlib.sha256(body).hexdigest().encode("ascii") != parts[2]:
        raise SaveError(f"{source}: checksum mismatch — the file is truncated or corrupted")
    try:
        record = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(f"{source}: body is not valid JSON ({exc})") from None
    _check_shape(record, source)
    return record


def _check_shape(record: Any, source: str) -> None:
    def need(cond: bool, what: str) -> None:
        if not cond:
            raise SaveError(f"{source}: {what}")
    need(isinstance(record, dict), "body is not an object")
    need(record.get("format") == "wartable-save", "body is not a wartable save")
    module = record.get("module")
    need(isinstance(module, dict) and isinstance(module.get("id"), str)
         and isinstance(module.get("version"), str), "missing module id/version")
    need(isinstance(record.get("scenario"), str), "missing scenario")
    need(isinstance(record.get("seed"), (int, str)) and not isinstance(record.get("seed"), bool), "bad seed")
    need(isinstance(record.get("ruleset"), str), "missing ruleset")
    need(isinstance(record.get("options", {}), dict), "bad options")
    need(isinstance(record.get("actions"), list), "missing actions")
    for i, entry in enumerate(record["actions"]):
        need(isinstance(entry, dict) and isinstance(entry.get("cmds"), list)
             and isinstance(entry.get("hash"), str) and isinstance(entry.get("action"), (str, dict))
             and isinstance(entry.get("text", ""), str), f"action {i + 1} is malformed")


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the old file or
    the new one, never a mixture."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def read_save(path: Path) -> dict[str, Any]:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(f"{path.name}: file is {size} bytes, larger than any save")
        data = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror or exc})") from None
    return decode_save(data, path.name)


def autosave_dir() -> Path:
    """The per-user folder for autosaves (platformdirs), overridable with WARTABLE_DATA."""
    base = os.environ.get("WARTABLE_DATA")
    if base:
        return Path(base) / "autosave"
    from platformdirs import user_data_dir
    return Path(user_data_dir("wartable", appauthor=False)) / "autosave"
