"""Save files: the game record, written atomically, read defensively.

Two formats are read; the newer one is written (``docs/save-format.md`` describes both).

Format 2 (compact, written since issue 17)::

    WARTABLE-SAVE 2 <sha256 of the compressed body, hex>\n
    <body: zlib-compressed UTF-8 JSON of the compact game record>

The compact record holds the game's header (module, scenario, seed, ruleset, options, set-up hash,
final state hash) and, per entry, either ``[action text, first 8 hex digits of the state hash
after it]`` — an action the rules made, which loading re-executes through the ruleset with the
game's own generator and checks against that hash — or, for an entry the rules cannot reproduce
(an edit outside the rules, scripted dice, an entry loaded from an older save's commands), the
whole entry with its commands as in format 1. A whole Campaign game of Paths of Glory is about
12 KB instead of 1.2 MB.

Format 1 (full, every command)::

    WARTABLE-SAVE 1 <sha256 of the body, hex>\n
    <body: UTF-8 JSON of the game record>

Writing goes to a temporary file in the same folder, is flushed and fsync'ed, then renamed over
the target (and the folder fsync'ed), so a crash mid-save leaves the previous save intact; the
temporaries a killed save left behind are removed by the next save of the same file.

Reading is bounded: a save is a regular file (never a device or a FIFO) of at most
:data:`MAX_SAVE_BYTES` bytes; a compressed body inflates to at most :data:`MAX_INFLATED` bytes
(bounded while inflating, so a decompression bomb costs no more); the JSON body holds at most
:data:`MAX_SAVE_VALUES` JSON values, nested at most :data:`MAX_DEPTH` deep, every integer in 64
bits and every string valid Unicode (no lone surrogate), and at most :data:`MAX_SAVE_ACTIONS`
entries. Size, magic, version, checksum, these bounds, the JSON shape and the module identity are
checked before anything is replayed; every problem is a :class:`~engine.errors.SaveError` saying
what is wrong. A full game of Paths of Glory (about a thousand actions) is 1.2 MB and 190,000
values in format 1.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import zlib
from pathlib import Path
from typing import Any

from .canon import is_unicode as _is_unicode
from .container import MODULE_ID_RE
from .errors import SaveError
from .files import FileRefused, describe_os_error, read_regular_file, shown
from .files import atomic_write  # noqa: F401  (saves are written through it: engine.session)

MAGIC = b"WARTABLE-SAVE"
#: The format written (the compact one); every format up to it is read.
VERSION = 2
#: The full format: every entry with its commands.
FULL = 1
#: How many hex digits of the state hash a compact entry keeps (the set-up and final hashes are
#: kept whole): 32 bits, enough to name the entry where a replay first diverges.
SHORT_HASH = 8
#: The largest save (or turn file) read: about 50 full games of Paths of Glory.
MAX_SAVE_BYTES = 64 * 1024 * 1024
#: The most JSON values (objects, arrays, keys, scalars) a save's body may hold: parsing turns
#: each into a Python object, so this, not the byte size, bounds the memory a save costs.
MAX_SAVE_VALUES = 8_000_000
#: The most bytes a compressed body may inflate to (checked while inflating).
MAX_INFLATED = MAX_SAVE_BYTES
#: The most entries a save may hold (a whole Campaign game of Paths of Glory has about a
#: thousand; the engine's free-play benchmark ten thousand): loading re-executes each, so this
#: bounds the time a small compressed file can cost (a free-play action re-executes in about
#: 0.1 ms: 50,000 in about 5 s).
MAX_SAVE_ACTIONS = 50_000
#: The deepest nesting of arrays and objects in a save (a game record needs about 6).
MAX_DEPTH = 64
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1
#: A seed given as text is at most this long.
MAX_SEED_TEXT = 256
SUFFIX = ".wtsave"


def encode_save(record_json: dict[str, Any]) -> bytes:
    """The bytes of a format-1 (full) save for a record's JSON form (``GameRecord.to_json``:
    every entry with its commands, one entry per line)."""
    return _header(FULL, _json_body(record_json, FULL, indent=True))


def encode_compact(record_json: dict[str, Any]) -> bytes:
    """The bytes of a format-2 (compact) save. ``record_json`` is the header of
    ``GameRecord.to_json`` with ``final_hash``, and ``actions``: per entry either
    ``[action text, short hash]`` or the whole entry (``Entry.to_json``)."""
    return _header(VERSION, zlib.compress(_json_body(record_json, VERSION, indent=False), 9))


def _json_body(record_json: dict[str, Any], version: int, indent: bool) -> bytes:
    actions = record_json.get("actions", [])
    head = {k: v for k, v in record_json.items() if k != "actions"}
    head_text = json.dumps({"format": "wartable-save", "version": version, **head},
                           sort_keys=True, ensure_ascii=False)
    lines = [json.dumps(a, sort_keys=True, ensure_ascii=False, separators=(",", ":")) for a in actions]
    if not indent:
        return (head_text[:-1] + ', "actions": [' + ",".join(lines) + "]}").encode("utf-8")
    return (head_text[:-1] + ', "actions": [\n' + ",\n".join(lines) + "\n]}\n").encode("utf-8")


def _header(version: int, body: bytes) -> bytes:
    digest = hashlib.sha256(body).hexdigest().encode("ascii")
    return MAGIC + b" " + str(version).encode() + b" " + digest + b"\n" + body


def decode_save(data: bytes, source: str = "save") -> dict[str, Any]:
    """Check and parse save bytes (either format); returns the record's JSON form, a compact
    entry as ``{"action": text, "hash": short hash}`` (no ``cmds``: it is re-executed). Raises
    SaveError."""
    if not isinstance(data, (bytes, bytearray)):
        raise SaveError(f"{source}: not a wartable save file")
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{source}: file is {len(data)} bytes, larger than any save ({MAX_SAVE_BYTES})")
    newline = data.find(b"\n", 0, 200)
    if newline < 0 or not data.startswith(MAGIC + b" "):
        raise SaveError(f"{source}: not a wartable save file")
    parts = data[:newline].split(b" ")
    if len(parts) != 3 or not parts[1].isdigit() or len(parts[1]) > 6:
        raise SaveError(f"{source}: damaged header line")
    version = int(parts[1])
    if version > VERSION:
        raise SaveError(f"{source}: written by a newer wartable (save format {version}); "
                        f"this one reads formats up to {VERSION} — please update wartable")
    if version < FULL:
        raise SaveError(f"{source}: damaged header line (save format {version})")
    body = bytes(data[newline + 1:])
    if hashlib.sha256(body).hexdigest().encode("ascii") != parts[2]:
        raise SaveError(f"{source}: checksum mismatch — the file is truncated or corrupted")
    if version >= 2:
        body = inflate(body, source)
    record = decode_json_document(body, source, "body")
    _check_shape(record, source, version)
    return record


def inflate(body: bytes, source: str, limit: int = MAX_INFLATED) -> bytes:
    """The zlib stream ``body`` inflated, refused (SaveError) as soon as it would exceed
    ``limit`` bytes — inflated a piece at a time, so a decompression bomb costs at most the
    limit, never what it would inflate to — or when it is damaged, cut short or followed by
    other bytes."""
    inflater = zlib.decompressobj()
    parts: list[bytes] = []
    size, pending = 0, body
    try:
        while not inflater.eof:
            piece = inflater.decompress(pending, _INFLATE_PIECE)
            pending = inflater.unconsumed_tail
            size += len(piece)
            if size > limit:
                raise SaveError(f"{source}: the compressed body inflates to more than {limit} bytes")
            if not piece and not pending:
                break   # the input is used up before the stream's end
            parts.append(piece)
    except zlib.error as exc:
        raise SaveError(f"{source}: the compressed body is damaged ({_one_line(exc)})") from None
    if not inflater.eof:
        raise SaveError(f"{source}: the compressed body is cut short")
    if inflater.unused_data:
        raise SaveError(f"{source}: bytes follow the end of the compressed body")
    return b"".join(parts)


#: How much :func:`inflate` inflates at a time.
_INFLATE_PIECE = 1 << 20


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
    long_ints = _LONG_DIGITS in body.translate(_DIGITS_AS_ZERO)
    problem = _document_problem(doc, escapes, long_ints)
    if problem:
        raise SaveError(f"{source}: {what}: {problem}")
    return doc


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:160]


#: 19 digits in a row (any integer beyond 64 bits has them), in bytes where every digit reads 0.
_LONG_DIGITS = b"0" * 19
_DIGITS_AS_ZERO = bytes(ord("0") if ch in b"0123456789" else ord(".") for ch in range(256))


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


_SHORT_HASH_RE = re.compile(f"[0-9a-f]{{{SHORT_HASH}}}")
_HASH_RE = re.compile(r"[0-9a-f]{16}")


def _check_shape(record: Any, source: str, version: int = FULL) -> None:
    """Check the record's JSON shape (``version``: the save format it came in); a compact
    entry ``[text, short hash]`` is rewritten in place as ``{"action", "hash"}``."""
    def need(cond: bool, what: str) -> None:
        if not cond:
            raise SaveError(f"{source}: {what}")
    need(isinstance(record, dict), "body is not an object")
    need(record.get("format") == "wartable-save", "body is not a wartable save")
    need(record.get("version", FULL) == version,
         f"the body says format {str(record.get('version'))[:20]}, the header {version}")
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
    if version >= 2 or "final_hash" in record:
        final = record.get("final_hash")
        need(isinstance(final, str) and bool(_HASH_RE.fullmatch(final)), "bad final state hash")
    actions = record.get("actions")
    need(isinstance(actions, list), "missing actions")
    need(len(actions) <= MAX_SAVE_ACTIONS, f"more than {MAX_SAVE_ACTIONS} actions")
    for i, entry in enumerate(actions):
        if version >= 2 and isinstance(entry, list):
            need(len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], str)
                 and bool(_SHORT_HASH_RE.fullmatch(entry[1])), f"action {i + 1} is malformed")
            actions[i] = {"action": entry[0], "hash": entry[1]}
            continue
        need(isinstance(entry, dict) and isinstance(entry.get("cmds"), list)
             and isinstance(entry.get("hash"), str) and isinstance(entry.get("action"), (str, dict))
             and isinstance(entry.get("text", ""), str), f"action {i + 1} is malformed")


def final_hash(record: dict[str, Any]) -> str:
    """The state hash a checked record (:func:`decode_save`) ends on: its ``final_hash``, or for
    a format-1 save written without one, its last entry's hash (the set-up hash if none)."""
    if isinstance(record.get("final_hash"), str):
        return record["final_hash"]
    actions = record["actions"]
    return actions[-1]["hash"] if actions else record.get("setup_hash") or ""


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
