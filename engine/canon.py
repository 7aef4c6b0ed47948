"""Canonical encoding and stable hashing of game data.

Hashes must be identical across runs, machines and Python versions, so they are computed from a
canonical byte encoding (sorted-key compact JSON of plain data), never from Python's ``hash``.
Only int, str, bool, None, lists/tuples and str-keyed dicts may be encoded; floats are refused
because their text form is not a promise we want a save file to depend on.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any


def _check(value: Any) -> Any:
    if isinstance(value, float):
        raise TypeError(f"floats are not allowed in game state: {value!r}")
    return value


def is_unicode(text: str) -> bool:
    """Whether ``text`` is valid Unicode: no lone surrogate (``"\\ud800"`` from a JSON
    escape or a file name that is not UTF-8), so that it can be written as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def encode(value: Any) -> bytes:
    """Canonical bytes of ``value`` (compact JSON, sorted keys, ASCII-escaped)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def item_hash(key: Any, value: Any) -> int:
    """A 64-bit hash of one (key, value) item of the state, for the XOR-multiset state hash."""
    digest = hashlib.blake2b(encode([key, value]), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hex64(h: int) -> str:
    return f"{h:016x}"
