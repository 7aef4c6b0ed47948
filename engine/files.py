"""Reading a file a user names, bounded: regular files only, never more than a limit.

Modules, saves, turn files and source files all come through :func:`read_regular_file`, so that
``/dev/zero``, ``/dev/urandom``, a FIFO with no writer or a folder is refused before a byte is read
(a FIFO is opened without blocking, then refused), and a file larger than its kind may be is
refused from its size — and, should it grow while being read, after ``limit + 1`` bytes.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path


class FileRefused(Exception):
    """The path is not a file of a size its reader accepts; ``reason`` says why (one line)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    Raises :class:`FileRefused` for anything else (a folder, FIFO, device or socket; a file
    over the limit) and OSError when the file cannot be opened or read."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = _kind(st.st_mode)
            raise FileRefused(kind if kind.startswith("not") else f"{kind}, not a regular file")
        if st.st_size > limit:
            raise FileRefused(f"{st.st_size} bytes, more than the {limit} allowed")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileRefused(f"more than the {limit} bytes allowed (the file grew while read)")
    return data


def describe_os_error(exc: OSError) -> str:
    """A one-line reason for an OSError (``No such file or directory``...)."""
    return " ".join(str(exc.strerror or exc).split())


def is_dir(path: Path) -> bool:
    """``path.is_dir()`` that answers False instead of raising (a name too long, a loop...)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """``path.exists()`` that answers False instead of raising."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
