"""The online protocol (issue 19): the messages a wartable client and server exchange over a
WebSocket, their validation and version, and the view changes an update carries.

Pure and shared: the server (``tools/server``), the client (``client/online.py``) and the load
test use this module; it imports nothing outside the standard library. ``docs/online-protocol.md``
is the reference for the message set.

Every message is one JSON object with a type ``t``. A client message may carry ``ref`` (a number
or short string of its choosing), echoed in the reply. :func:`parse_client` checks a client's
message against :data:`CLIENT` — its size, its type, every field's type and length, no unknown
field — and raises :class:`ProtocolError` (the server answers with an ``error`` message and
changes nothing).

A view travels once whole (``view``), then as changes (``update``): :func:`view_changes` computes
what changed between two views of one side, :func:`apply_changes` applies them to the client's
copy. A client that misses a step (its ``seq`` is not the one before) asks for the whole view
again (``open``).
"""
from __future__ import annotations

import json
import re
from typing import Any

#: The protocol's major version: a client of another version is refused at ``hello``.
VERSION = 1
#: The largest message a client may send (bytes of UTF-8 JSON).
MAX_MESSAGE = 64 * 1024
#: The longest text fields.
MAX_ACTION = 2000
MAX_CHAT = 500

NAME = re.compile(r"^[A-Za-z0-9_.-]{2,32}$")
WORD = re.compile(r"^[A-Za-z0-9_.:+-]{1,64}$")
CODE = re.compile(r"^[A-Z0-9]{6,12}$")

#: What a seat that is not a side is called.
SPECTATOR = "spectator"


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` (a word) and ``text`` (a sentence)."""

    def __init__(self, code: str, text: str, ref: Any = None) -> None:
        super().__init__(text)
        self.code, self.text, self.ref = code, text, ref

    def reply(self) -> dict:
        return error(self.code, self.text, self.ref)


# -- the client's messages -----------------------------------------------------------------------
# field: (kind, required). Kinds: "name", "password", "word", "code", "token", "text", "action",
# "int", "bool", "options".
CLIENT: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"version": ("int", True), "token": ("token", False)},
    "register": {"name": ("name", True), "password": ("password", True)},
    "login": {"name": ("name", True), "password": ("password", True)},
    "lobby": {"module": ("word", False)},
    "mine": {},
    "create": {"module": ("word", True), "scenario": ("word", False), "options": ("options", False),
               "seat": ("word", True), "free": ("bool", False), "public": ("bool", False)},
    "join": {"game": ("int", False), "code": ("code", False), "seat": ("word", True)},
    "open": {"game": ("int", True)},
    "leave": {"game": ("int", True)},
    "act": {"game": ("int", True), "cid": ("word", True), "action": ("action", True)},
    "chat": {"game": ("int", True), "text": ("text", True)},
    "ping": {},
}

#: The server's messages (for the documentation and the client's checks): type -> fields.
SERVER: dict[str, tuple[str, ...]] = {
    "welcome": ("version", "account", "token"),
    "error": ("code", "text"),
    "lobby": ("games", "modules"),
    "games": ("games",),
    "created": ("game", "code"),
    "joined": ("game", "seat"),
    "view": ("game", "seq", "seat", "view", "log", "chat"),
    "update": ("game", "seq", "seat", "entry", "changes"),
    "ack": ("game", "cid", "seq"),
    "refused": ("game", "cid", "rule", "text"),
    "chat": ("game", "who", "text"),
    "turn": ("game", "text"),
    "pong": (),
}


def _check(kind: str, value: Any) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2 ** 53
    if kind == "bool":
        return isinstance(value, bool)
    if not isinstance(value, str) and kind != "options":
        return False
    if kind == "name":
        return bool(NAME.match(value))
    if kind == "password":
        return 6 <= len(value) <= 200
    if kind == "word":
        return bool(WORD.match(value))
    if kind == "code":
        return bool(CODE.match(value))
    if kind == "token":
        return 16 <= len(value) <= 200 and value.isascii() and value.isprintable()
    if kind == "text":
        return 0 < len(value) <= MAX_CHAT and value.isprintable()
    if kind == "action":
        return 0 < len(value) <= MAX_ACTION and "\n" not in value
    if kind == "options":
        return isinstance(value, dict) and len(value) <= 32 and all(
            isinstance(k, str) and WORD.match(k) and isinstance(v, str) and WORD.match(v)
            for k, v in value.items())
    return False


def parse_client(raw: str | bytes) -> dict:
    """A client's message as a dict, checked against :data:`CLIENT`. Raises ProtocolError."""
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > MAX_MESSAGE:
            raise ProtocolError("too_large", f"a message is at most {MAX_MESSAGE} bytes")
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "a message is UTF-8 JSON") from None
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json", "a message is one JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "a message is one JSON object")
    ref = msg.get("ref")
    if ref is not None and not (isinstance(ref, (int, str)) and not isinstance(ref, bool)
                                and len(str(ref)) <= 64):
        raise ProtocolError("bad_field", "ref is a number or a short string")
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in CLIENT:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:40]!r}", ref)
    spec = CLIENT[kind]
    extra = set(msg) - set(spec) - {"t", "ref"}
    if extra:
        raise ProtocolError("bad_field", f"{kind}: unexpected field {sorted(extra)[0][:40]!r}", ref)
    for field, (fkind, required) in spec.items():
        if field not in msg:
            if required:
                raise ProtocolError("bad_field", f"{kind}: missing {field}", ref)
            continue
        if not _check(fkind, msg[field]):
            raise ProtocolError("bad_field", f"{kind}: bad {field}", ref)
    if kind == "join" and ("game" in msg) == ("code" in msg):
        raise ProtocolError("bad_field", "join: give a game or a code, not both", ref)
    return msg


def error(code: str, text: str, ref: Any = None) -> dict:
    out = {"t": "error", "code": code, "text": text}
    if ref is not None:
        out["ref"] = ref
    return out


def dumps(msg: dict) -> str:
    """A message as the JSON text sent on the wire."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


# -- views and their changes ---------------------------------------------------------------------

def view_changes(old: dict, new: dict) -> dict:
    """What changed from ``old`` to ``new`` (two views of one side, as ``SideView.to_json``):
    ``locations`` (each changed location's whole stack), ``globals`` (changed values),
    ``removed`` (globals gone), ``chat`` (new chat lines, or ``chat_all`` when the chat was not
    just appended to), ``prompt`` and ``actions``."""
    changes: dict[str, Any] = {}
    olocs, nlocs = old.get("locations", {}), new.get("locations", {})
    locs = {k: v for k, v in nlocs.items() if olocs.get(k) != v}
    locs.update({k: [] for k in olocs if k not in nlocs})
    if locs:
        changes["locations"] = locs
    oglob, nglob = old.get("globals", {}), new.get("globals", {})
    glob = {k: v for k, v in nglob.items() if k not in oglob or oglob[k] != v}
    if glob:
        changes["globals"] = glob
    removed = [k for k in oglob if k not in nglob]
    if removed:
        changes["removed"] = removed
    ochat, nchat = old.get("chat", []), new.get("chat", [])
    if nchat[:len(ochat)] == ochat:
        if len(nchat) > len(ochat):
            changes["chat"] = nchat[len(ochat):]
    else:
        changes["chat_all"] = nchat
    for key in ("prompt", "actions", "side"):
        if old.get(key) != new.get(key):
            changes[key] = new.get(key)
    return changes


def apply_changes(view: dict, changes: dict) -> dict:
    """``view`` with ``changes`` (from :func:`view_changes`) applied, as a new dict."""
    out = dict(view)
    if "locations" in changes:
        locs = dict(view.get("locations", {}))
        for k, v in changes["locations"].items():
            if v:
                locs[k] = v
            else:
                locs.pop(k, None)
        out["locations"] = locs
    if "globals" in changes or "removed" in changes:
        glob = dict(view.get("globals", {}))
        glob.update(changes.get("globals", {}))
        for k in changes.get("removed", []):
            glob.pop(k, None)
        out["globals"] = glob
    if "chat_all" in changes:
        out["chat"] = list(changes["chat_all"])
    elif "chat" in changes:
        out["chat"] = list(view.get("chat", [])) + list(changes["chat"])
    for key in ("prompt", "actions", "side"):
        if key in changes:
            out[key] = changes[key]
    return out
