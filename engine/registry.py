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


def ruleset_classes() -> dict[str, type[Ruleset]]:
    """Every installed ruleset by id: the built-in one plus the entry-point group."""
    found: dict[str, type[Ruleset]] = dict(BUILTIN)
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # a broken distribution's metadata must not stop the table
        eps = ()
    for ep in eps:
        if ep.name in found:
            continue
        try:
            found[ep.name] = ep.load()
        except Exception:  # an installed third-party ruleset that fails to import is skipped
            continue
    return found


def load_ruleset(ruleset_id: str, module: Module) -> Ruleset:
    """The ruleset ``ruleset_id`` for ``module``; a WartableError naming what is missing if it
    is not installed or the module lacks what the rules read."""
    classes = ruleset_classes()
    if ruleset_id not in classes:
        raise WartableError(f"no ruleset {ruleset_id!r} is installed (installed: {', '.join(sorted(classes))})")
    return classes[ruleset_id](module)
