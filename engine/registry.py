"""Finding rulesets by id: the built-in ``free`` and every ruleset installed under the entry-point
group ``wartable.rulesets`` (DESIGN principle 8: third-party rules install like any package)."""
from __future__ import annotations

from importlib import metadata

from .errors import WartableError
from .freeplay import FreePlay
from .model import Module
from .rules import Ruleset

ENTRY_POINT_GROUP = "wartable.rulesets"
#: Rulesets defined in code rather than installed: the built-in free play, and any a program
#: embedding the engine (or a test) adds. They take precedence over the entry points.
BUILTIN: dict[str, type[Ruleset]] = {"free": FreePlay}


def _entry_points() -> tuple[metadata.EntryPoint, ...]:
    try:
        return tuple(metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception:  # a broken distribution's metadata must not stop the table
        return ()


def ruleset_ids() -> list[str]:
    """The ids of every installed ruleset (none is imported to list them)."""
    return sorted(set(BUILTIN) | {ep.name for ep in _entry_points()})


def ruleset_class(ruleset_id: str) -> type[Ruleset] | None:
    """The class of ruleset ``ruleset_id``, importing only that one; None if it is not installed
    or its package fails to import."""
    if ruleset_id in BUILTIN:
        return BUILTIN[ruleset_id]
    for ep in _entry_points():
        if ep.name == ruleset_id:
            try:
                return ep.load()
            except Exception:  # an installed third-party ruleset that fails to import is skipped
                return None
    return None


def ruleset_classes() -> dict[str, type[Ruleset]]:
    """Every installed ruleset by id: the built-in one plus the entry-point group (imports them
    all: for listings; opening one game uses :func:`ruleset_class`)."""
    found: dict[str, type[Ruleset]] = {}
    for rid in ruleset_ids():
        cls = ruleset_class(rid)
        if cls is not None:
            found[rid] = cls
    return found


def load_ruleset(ruleset_id: str, module: Module) -> Ruleset:
    """The ruleset ``ruleset_id`` for ``module``; a WartableError naming what is missing if it
    is not installed or the module lacks what the rules read. Only that ruleset is imported."""
    cls = ruleset_class(ruleset_id)
    if cls is None:
        ids = ruleset_ids()
        if ruleset_id in ids:
            raise WartableError(f"ruleset {ruleset_id!r} is installed but its package does not import")
        raise WartableError(f"no ruleset {ruleset_id!r} is installed (installed: {', '.join(ids)})")
    return cls(module)
