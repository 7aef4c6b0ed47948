"""Hook points: how a rule that cuts across (a card event, a special rule) changes a core
procedure without the procedure naming it.

A ruleset declares its hook points once — a name, a kind and what it asks — and builds a
:class:`Hooks` table from the functions its rule files attach to them. The core procedure asks
the table; it never imports the events. The kinds:

* ``veto`` — ``hooks.veto(name, *args)``: the first :class:`~engine.rules.Violation` any attached
  function returns (an attack refused by a card), or None;
* ``fold`` — ``hooks.fold(name, value, *args)``: each function takes the value and returns it,
  changed or not (an activation cost, a die-roll modifier);
* ``any`` — ``hooks.any(name, *args)``: whether any function answers True (a trench shift
  ignored);
* ``notify`` — ``hooks.notify(name, *args)``: every function is called (combat started, action
  round ended).

Attached functions run in the order they were attached. A table is checked when built: an
attachment to a hook point that was not declared, or of the wrong kind of call, is an error.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from .errors import WartableError

KINDS = ("veto", "fold", "any", "notify")


class HookError(WartableError):
    """A hook table that does not match its hook points."""


@dataclass(frozen=True)
class HookPoint:
    """A place where core procedures let other rules in: ``name``, ``kind`` and what it asks."""
    name: str
    kind: str
    doc: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise HookError(f"hook point {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")


class Hooks:
    """The functions attached to a ruleset's hook points."""

    def __init__(self, points: Iterable[HookPoint],
                 attached: Iterable[Mapping[str, Iterable[Callable[..., Any]]]] = ()) -> None:
        self.points = {p.name: p for p in points}
        self.table: dict[str, list[Callable[..., Any]]] = {name: [] for name in self.points}
        for mapping in attached:
            for name, functions in mapping.items():
                if name not in self.points:
                    raise HookError(f"no hook point {name!r} to attach to "
                                    f"(declared: {', '.join(sorted(self.points))})")
                self.table[name].extend(functions)
        #: (name, kind) -> the functions, for the hook points asked as the kind they are
        self._asked = {(name, p.kind): self.table[name] for name, p in self.points.items()}

    def _functions(self, name: str, kind: str) -> list[Callable[..., Any]]:
        hit = self._asked.get((name, kind))
        if hit is not None:
            return hit
        point = self.points.get(name)
        if point is None:
            raise HookError(f"no hook point {name!r}")
        if point.kind != kind:
            raise HookError(f"hook point {name} is a {point.kind} hook, asked as {kind}")
        return self.table[name]

    def veto(self, name: str, *args: Any) -> Any:
        for fn in self._functions(name, "veto"):
            found = fn(*args)
            if found is not None:
                return found
        return None

    def fold(self, name: str, value: Any, *args: Any) -> Any:
        for fn in self._functions(name, "fold"):
            value = fn(value, *args)
        return value

    def any(self, name: str, *args: Any) -> bool:
        return any(fn(*args) for fn in self._functions(name, "any"))

    def notify(self, name: str, *args: Any) -> None:
        for fn in self._functions(name, "notify"):
            fn(*args)

    def attached(self, name: str) -> list[Callable[..., Any]]:
        """The functions attached to ``name`` (for tests and the coverage table)."""
        return list(self.table.get(name, ()))
