"""Reading a file a user names, bounded: regular files only, never more than a limit.

Modules, saves, turn files and source files all come through :func:`read_regular_file`, so that
``/dev/zero``, ``/dev/urandom``, a FIFO with no writer or a folder is refused before a byte is read
(a FIFO is opened without blocking, then refused), and a file larger than its kind may be is
refused from its size — and, should it grow while being read, after ``limit + 1`` bytes.

Writing goes through :func:`atomic_write` (a temporary file, fsync, rename), which also removes
the temporaries that earlier, killed writes of the same file left behind.
"""
from __future__ import annotations

import os
import re
import secrets
import stat
import time
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


def shown(text: object, most: int = 120) -> str:
    """A path or name for a one-line message: at most ``most`` characters, its end kept."""
    text = str(text)
    return text if len(text) <= most else "..." + text[3 - most:]


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


#: A temporary file of :func:`atomic_write` older than this is stale even if a process with
#: the pid in its name is alive (that pid has been reused).
STALE_SECONDS = 24 * 3600


#: The middle of a temporary's name: ``PID.TOKEN`` (ours), or the 8 random characters of the
#: ``tempfile.mkstemp`` names earlier versions used (judged by age only).
_OURS = re.compile(r"([0-9]{1,10})\.[0-9a-f]{8}")
_LEGACY = re.compile(r"[a-z0-9_]{8}")


def _temporaries(path: Path) -> list[Path]:
    """The temporary files :func:`atomic_write` makes for ``path`` (``.NAME.PID.TOKEN.tmp``)."""
    prefix, found = f".{path.name}.", []
    try:
        with os.scandir(path.parent) as it:
            for entry in it:
                if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
                    found.append(path.parent / entry.name)
    except OSError:
        pass
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def clean_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporaries a killed save of ``path`` left behind: those whose writer process
    is gone (the pid in the name), or that are older than :data:`STALE_SECONDS`. A save in
    progress in another live process is left alone. Returns what was removed."""
    path = Path(path)
    removed = []
    now = time.time()
    for tmp in _temporaries(path):
        middle = tmp.name[len(path.name) + 2:-len(".tmp")]
        ours = _OURS.fullmatch(middle)           # .NAME.PID.TOKEN.tmp
        if ours is None and not _LEGACY.fullmatch(middle):
            continue  # another file's temporary (.NAME.bak.PID...): not ours to judge
        try:
            old = now - tmp.lstat().st_mtime > STALE_SECONDS
        except OSError:
            continue
        if old or (ours is not None and not _alive(int(ours.group(1)))):
            try:
                tmp.unlink()
                removed.append(tmp)
            except OSError:
                pass
    return removed


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the old file or
    the new one, never a mixture; then remove what earlier killed saves left behind."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
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
        dir_fd = None
    if dir_fd is not None:
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)
    clean_stale_temporaries(path)
