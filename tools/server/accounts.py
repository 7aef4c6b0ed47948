"""Accounts: a name with a password (scrypt, salted) or a token (random, stored hashed)."""
from __future__ import annotations

import hashlib
import hmac
import secrets

#: scrypt cost: about 16 MiB and a few tens of milliseconds a password.
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "maxmem": 64 * 1024 * 1024, "dklen": 32}


def hash_password(password: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    """``(salt, digest)`` of ``password``."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    return salt, hashlib.scrypt(password.encode("utf-8"), salt=salt, **SCRYPT)


def check_password(password: str, salt: bytes, digest: bytes) -> bool:
    return hmac.compare_digest(hash_password(password, salt)[1], digest)


def new_token() -> str:
    """A bearer token for reconnecting without the password (the client keeps it)."""
    return secrets.token_urlsafe(32)


def token_key(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (a stolen database holds no usable token)."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def new_code() -> str:
    """An invitation code: eight letters and digits without look-alikes."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))
