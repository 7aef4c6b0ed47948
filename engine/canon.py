"""Canonical encoding and stable hashing of game data.

Hashes must be identical across runs, machines and Python versions, so they are computed from a
canonical byte encoding (sorted-key compact JSON of plain data), never from Python's ``hash``.
Only int, str, bool, None, lists/tuples and str-keyed dicts may be encoded; floats are refused
because their text form is not a promise we want a save file to depend on.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable


def _check(value: Any) -> Any:
    if isinstance(value, float):
        raise TypeError(f"floats are not allowed in game state: {value!r}")
    return value


def is_unicode(text: str) -> bool:
    """Whether ``text`` is valid Unicode: no lone surrogate (``"\\ud800"`` from a JSON
    escape or a file name that is not UTF-8), so that it can be written as UTF-8."""
    if text.isascii():          # most text: the string knows it is ASCII, no encoding needed
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                            allow_nan=False)


def _one_shot_encoder() -> Callable[[Any], str]:
    """The canonical encoder as one call. ``json.dumps`` builds an encoder object, and
    ``JSONEncoder.encode`` a C encoder, for every value; the state hash encodes one value per
    changed item (a quarter of a replay's time), so the C encoder is built once here — when
    this Python's ``json`` offers it with the signature it has had since 3.x and it writes
    exactly what ``JSONEncoder.encode`` writes; otherwise ``JSONEncoder.encode``."""
    make = getattr(json.encoder, "c_make_encoder", None)
    try:
        c_encode = make(None, _ENCODER.default, json.encoder.encode_basestring_ascii, None,
                        ":", ",", True, False, False)
        sample = [["p", 1], {"b": [True, None, -3], "a": "\u00e9\"x"}]
        if "".join(c_encode(sample, 0)) != _ENCODER.encode(sample):
            raise ValueError("another encoding")
    except Exception:  # noqa: BLE001  (no C encoder, or another one: the portable path)
        return _ENCODER.encode
    return lambda value: "".join(c_encode(value, 0))


_encode_text = _one_shot_encoder()


def encode(value: Any) -> bytes:
    """Canonical bytes of ``value`` (compact JSON, sorted keys, ASCII-escaped)."""
    return _encode_text(value).encode("ascii")


def item_hash(key: Any, value: Any) -> int:
    """A 64-bit hash of one (key, value) item of the state, for the XOR-multiset state hash."""
    digest = hashlib.blake2b(encode([key, value]), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hex64(h: int) -> str:
    return f"{h:016x}"
