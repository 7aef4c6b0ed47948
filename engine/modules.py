"""Finding a module from what a user types: a ``.wtm`` path, a source folder, or a built-in id.

* ``open_module(arg) -> Module`` — a ``.wtm`` file is loaded; a source folder is built in memory
  and loaded from those bytes; a built-in id (a folder ``modules/<id>/`` with ``module.toml``) is
  built on first use into ``modules/<id>/build/<id>.wtm`` (or the user cache when the tree is not
  writable) and rebuilt when a source file — or the format code — is newer than that file. In
  every case the module goes through the ``.wtm`` loader, so the loader is always exercised.
  The engine's code-built sample module is also accepted by its id (``skirmish``).
* ``builtin_ids() -> list[str]``
* ``module_path(arg) -> Path`` — the ``.wtm`` file for ``arg``, building it if needed.

Every failure is a WartableError (ModuleError or SourceError) with a one-line message.
"""
from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_cache_dir

from .container import load_module, read_module, save_module, write_module
from .errors import ModuleError
from .files import exists, is_dir, shown
from .model import Module
from .sample import sample_module

from .source import MODULE_TOML, read_source, source_files

REPO = Path(__file__).resolve().parent.parent
MODULES_DIR = REPO / "modules"
#: Code whose change may change the bytes a build writes: a cache older than it is rebuilt.
FORMAT_CODE = (REPO / "engine" / "schema.py", REPO / "engine" / "container.py",
               REPO / "engine" / "source.py")
SAMPLE_ID = "skirmish"


def builtin_ids() -> list[str]:
    """The ids of the built-in modules: folders under ``modules/`` holding a ``module.toml``."""
    if not MODULES_DIR.is_dir():
        return []
    return sorted(p.name for p in MODULES_DIR.iterdir() if (p / MODULE_TOML).is_file())


def builtin_folder(module_id: str) -> Path:
    """The source folder of built-in module ``module_id``."""
    return MODULES_DIR / module_id


def _cache_path(folder: Path) -> Path:
    name = folder.name
    path = folder / "build" / f"{name}.wtm"
    try:
        path.parent.mkdir(exist_ok=True)
        if os.access(path.parent, os.W_OK):
            return path
    except OSError:
        pass
    base = Path(user_cache_dir("wartable")) / "modules"
    base.mkdir(parents=True, exist_ok=True)
    return base / f"{name}.wtm"


def _stale(wtm: Path, folder: Path) -> bool:
    if not wtm.is_file():
        return True
    built = wtm.stat().st_mtime_ns
    inputs = source_files(folder) + [p for p in FORMAT_CODE if p.is_file()]
    return any(p.stat().st_mtime_ns >= built for p in inputs if p.exists())


def build_folder(folder: Path, out: Path) -> Module:
    """Build source ``folder`` into ``out`` (atomically); returns the module as built."""
    module = read_source(folder)
    save_module(module, out)
    return module


def _cached_wtm(folder: Path) -> Path:
    wtm = _cache_path(folder)
    if _stale(wtm, folder):
        build_folder(folder, wtm)
    return wtm


def _looks_like_path(arg: str) -> bool:
    return os.sep in arg or "/" in arg or arg.endswith(".wtm") or exists(Path(arg))


def module_path(arg: str) -> Path:
    """The ``.wtm`` file for ``arg`` (a ``.wtm`` path, a source folder or a built-in id),
    building the cached file of a source folder or built-in module if it is missing or stale."""
    path = Path(arg)
    if _looks_like_path(arg):
        if _source_folder(arg, path):
            return _cached_wtm(path)
        if not exists(path):
            raise ModuleError(shown(arg), "", "no such file")
        return path
    if arg in builtin_ids():
        return _cached_wtm(builtin_folder(arg))
    raise _unknown(arg)


def _source_folder(arg: str, path: Path) -> bool:
    """Whether ``path`` is a folder (then it must hold a module.toml: ModuleError otherwise)."""
    if not is_dir(path):
        return False
    if not (path / MODULE_TOML).is_file():
        raise ModuleError(shown(arg), "", f"not a module source folder (no {MODULE_TOML})")
    return True


def _unknown(arg: str) -> ModuleError:
    ids = builtin_ids() + [SAMPLE_ID]
    return ModuleError(shown(arg), "", "no such module: not a .wtm file, a source folder or "
                       f"a built-in module id ({', '.join(ids)})")


def open_module(arg: str) -> Module:
    """The module ``arg`` names: a ``.wtm`` path, a source folder or a built-in id."""
    path = Path(arg)
    if _looks_like_path(arg):
        if _source_folder(arg, path):
            return read_module(write_module(read_source(path)), path.name)
        return load_module(path)
    if arg in builtin_ids():
        wtm = _cached_wtm(builtin_folder(arg))
        try:
            return load_module(wtm)
        except ModuleError:
            # a cache written by another wartable version: rebuild once, then trust the loader
            build_folder(builtin_folder(arg), wtm)
            return load_module(wtm)
    if arg == SAMPLE_ID:
        return read_module(write_module(sample_module()), SAMPLE_ID)
    raise _unknown(arg)
