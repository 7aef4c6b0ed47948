"""Save files: the game record, written atomically, read defensively.

Format (version 1)::

    WARTABLE-SAVE 1 <sha256 of the body, hex>\\n
    <body: UTF-8 JSON of the game record>

Writing goes to a temporary file in the same folder, is flushed and fsync'ed, then renamed over
the target (and the folder fsync'ed), so a crash mid-save leaves the previous save intact; the
temporaries a killed save left behind are removed by the next save of the same file.

Reading is bounded: a save is a regular file (never a device or a FIFO) of at most
:data:`MAX_SAVE_BYTES` bytes whose body holds at most :data:`MAX_SAVE_VALUES` JSON values,
nested at most :data:`MAX_DEPTH` deep, every integer in 64 bits and every string valid Unicode
(no lone surrogate). Size, magic, version, checksum, these bounds, the JSON shape and the module
identity are checked before anything is replayed; every problem is a
:class:`~engine.errors.SaveError` saying what is wrong. A full game of Paths of Glory (about a
thousand actions) is 1.2 MB and 190,000 values.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from .canon import is_unicode as _is_unicode
from .container import MODULE_ID_RE
from .errors import SaveError
from .files import FileRefused, describe_os_error, read_regular_file, shown
from .files import atomic_write  # noqa: F401  (saves are written through it: engine.session)

MAGIC = b"WARTABLE-SAVE"
VERSION = 1
#: The largest save (or turn file) read: about 50 full games of Paths of Glory.
MAX_SAVE_BYTES = 64 * 1024 * 1024
#: The most JSON values (objects, arrays, keys, scalars) a save's body may hold: parsing turns
#: each into a Python object, so this, not the byte size, bounds the memory a save costs.
MAX_SAVE_VALUES = 8_000_000
#: The deepest nesting of arrays and objects in a save (a game record needs about 6).
MAX_DEPTH = 64
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1
#: A seed given as text is at most this long.
MAX_SEED_TEXT = 256
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
    if not isinstance(data, (bytes, bytearray)):
        raise SaveError(f"{source}: not a wartable save file")
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
    record = decode_json_document(body, source, "body")
    _check_shape(record, source)
    return record


def decode_json_document(body: bytes, source: str, what: str = "file") -> Any:
    """Parse UTF-8 JSON ``body`` within the bounds of a save (the module docstring): at most
    :data:`MAX_SAVE_VALUES` values — counted before parsing, from the bytes that can start one
    — nested at most :data:`MAX_DEPTH` deep, integers in 64 bits, no lone surrogate. Turn files
    are read the same way. Raises SaveError naming ``source``."""
    values = 1 + sum(body.count(ch) for ch in (b",", b":", b"[", b"{"))
    if values > MAX_SAVE_VALUES:
        raise SaveError(f"{source}: {what} holds more than {MAX_SAVE_VALUES} values")
    try:
        doc = json.loads(body.decode("utf-8"))
    except RecursionError:
        raise SaveError(f"{source}: {what} is nested more than {MAX_DEPTH} deep") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{source}: {what} is not UTF-8 text (byte {exc.start})") from None
    except ValueError as exc:  # JSONDecodeError, or an integer of more than 4300 digits
        raise SaveError(f"{source}: {what} is not valid JSON ({_one_line(exc)})") from None
    # a lone surrogate can only come from a \ud800-\udfff escape, an integer beyond 64 bits
    # only from a run of 19 digits: the walk checks strings and integers only when they can be
    escapes = b"\\ud" in body or b"\\uD" in body
    long_ints = _LONG_DIGITS.search(body) is not None
    problem = _document_problem(doc, escapes, long_ints)
    if problem:
        raise SaveError(f"{source}: {what}: {problem}")
    return doc


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:160]


_LONG_DIGITS = re.compile(rb"[0-9]{19}")


def _document_problem(doc: Any, strings: bool = True, ints: bool = True) -> str | None:
    """What makes ``doc`` (parsed JSON) unsafe to use, or None: nesting, integers beyond 64
    bits (when ``ints``) and lone surrogates in keys and texts (when ``strings``). Iterative,
    and its stack holds one iterator per level (not one entry per value): memory O(depth)."""
    stack: list[tuple[Any, int]] = [(iter((doc,)), 0)]
    while stack:
        values, depth = stack[-1]
        for value in values:
            t = type(value)
            if t is dict or t is list:
                if depth >= MAX_DEPTH:
                    return f"nested more than {MAX_DEPTH} deep"
                if t is dict:
                    if strings:
                        for k in value:
                            if not _is_unicode(k):
                                return f"key {k!r:.40} is not valid Unicode (a lone surrogate)"
                    value = value.values()
                stack.append((iter(value), depth + 1))
                break
            if t is int and ints:
                if not INT_MIN <= value <= INT_MAX:
                    return f"integer {str(value)[:20]}... does not fit in 64 bits"
            elif t is str and strings and not _is_unicode(value):
                return f"text {value!r:.40} is not valid Unicode (a lone surrogate)"
        else:
            stack.pop()
    return None


def _check_shape(record: Any, source: str) -> None:
    def need(cond: bool, what: str) -> None:
        if not cond:
            raise SaveError(f"{source}: {what}")
    need(isinstance(record, dict), "body is not an object")
    need(record.get("format") == "wartable-save", "body is not a wartable save")
    module = record.get("module")
    need(isinstance(module, dict) and isinstance(module.get("id"), str)
         and isinstance(module.get("version"), str), "missing module id/version")
    need(bool(MODULE_ID_RE.fullmatch(module["id"])),
         f"module id {module['id']!r:.40} is not a module id (lower_snake, at most 64 characters)")
    need(len(module["version"]) <= 64, "module version is longer than 64 characters")
    need(isinstance(record.get("scenario"), str), "missing scenario")
    seed = record.get("seed")
    need(isinstance(seed, (int, str)) and not isinstance(seed, bool)
         and not (isinstance(seed, str) and len(seed) > MAX_SEED_TEXT), "bad seed")
    need(isinstance(record.get("ruleset"), str), "missing ruleset")
    options = record.get("options", {})
    need(isinstance(options, dict) and all(isinstance(v, str) for v in options.values()),
         "bad options")
    need(isinstance(record.get("actions"), list), "missing actions")
    for i, entry in enumerate(record["actions"]):
        need(isinstance(entry, dict) and isinstance(entry.get("cmds"), list)
             and isinstance(entry.get("hash"), str) and isinstance(entry.get("action"), (str, dict))
             and isinstance(entry.get("text", ""), str), f"action {i + 1} is malformed")


def read_bounded(path: Path, limit: int = MAX_SAVE_BYTES, what: str = "a save") -> bytes:
    """The bytes of the save (or turn file: ``what``) ``path``: a regular file of at most
    ``limit`` bytes (:func:`engine.files.read_regular_file`). SaveError otherwise."""
    try:
        return read_regular_file(path, limit)
    except FileRefused as exc:
        raise SaveError(f"{shown(path)}: cannot be {what}: {exc.reason}") from None
    except OSError as exc:
        raise SaveError(f"{shown(path)}: cannot read ({describe_os_error(exc)})") from None


def read_save(path: Path) -> dict[str, Any]:
    """Read and check the save file ``path`` (bounded: see the module docstring)."""
    path = Path(path)
    return decode_save(read_bounded(path), shown(path.name))


def autosave_dir() -> Path:
    """The per-user folder for autosaves (platformdirs), overridable with WARTABLE_DATA."""
    base = os.environ.get("WARTABLE_DATA")
    if base:
        return Path(base) / "autosave"
    from platformdirs import user_data_dir
    return Path(user_data_dir("wartable", appauthor=False)) / "autosave"
