"""The editor's undo machinery: a :class:`Change` replaces one slot of a module (a record of a
dict field, or a whole tuple field), an :class:`Edit` is one user edit that makes its changes
through a :class:`Draft`, and a :class:`Step` is what the undo stack keeps (the edit's label and
its changes, each holding the old and the new value, so undo and redo replay exactly).

The module is edited in place: ``Module`` is a mutable record of frozen records (``Location``,
``PieceType``...); a change swaps one record for another, never mutates one. The order of a dict
field is the order the source writer writes, so a removed record comes back at its old place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from engine.errors import WartableError
from engine.model import Edge, Module, Provenance

#: The dict fields of a module (records by id, in source order) and its tuple fields.
DICT_FIELDS = ("locations", "piece_types", "tables", "dice", "scenarios", "rules_index", "art")
TUPLE_FIELDS = ("sides", "nationalities", "boards", "grids", "edges", "provenance")
HEAD_FIELDS = ("id", "title", "version", "publisher", "ruleset", "description")


class EditError(WartableError):
    """An edit that cannot be made (it names what is wrong); the module is left as it was."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: The value of a dict slot whose key is absent.
MISSING: Any = _Missing()


@dataclass(frozen=True)
class Change:
    """Slot ``field`` (``key`` in a dict field, or the whole field when ``key`` is None) goes
    from ``old`` to ``new``; MISSING means absent. ``index`` is the old key's position (a dict
    field), where undo puts a removed record back."""
    field: str
    key: str | None
    old: Any
    new: Any
    index: int = -1

    def inverse(self) -> "Change":
        return Change(self.field, self.key, self.new, self.old, self.index)


def _put(d: dict, key: str, value: Any, index: int) -> dict:
    """``d`` with ``key`` set to ``value``: in place when present, else at ``index`` (appended
    when ``index`` is out of range)."""
    if key in d or not 0 <= index < len(d):
        d[key] = value
        return d
    items = list(d.items())
    items.insert(index, (key, value))
    d.clear()
    d.update(items)
    return d


def apply_change(module: Module, change: Change) -> None:
    """Make ``change`` on ``module``."""
    if change.key is None:
        setattr(module, change.field, change.new)
        return
    d = getattr(module, change.field)
    if change.new is MISSING:
        d.pop(change.key, None)
    else:
        _put(d, change.key, change.new, change.index)


def touched(changes: Iterable[Change]) -> set[tuple[str, str | None]]:
    """The slots ``changes`` touch: ``(field, key)`` pairs (key None: the whole field)."""
    return {(c.field, c.key) for c in changes}


@dataclass(frozen=True)
class Step:
    """One undo step: the label of the user's edit and its changes in the order they were made."""
    label: str
    changes: tuple[Change, ...]

    def redo(self, module: Module) -> None:
        for c in self.changes:
            apply_change(module, c)

    def undo(self, module: Module) -> None:
        for c in reversed(self.changes):
            apply_change(module, c.inverse())


class Draft:
    """The changes of one edit in the making: each is made on the module at once (so the edit
    reads its own changes) and recorded; :meth:`rollback` undoes them all."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.changes: list[Change] = []

    def _do(self, change: Change) -> None:
        apply_change(self.module, change)
        self.changes.append(change)

    def rollback(self) -> None:
        for c in reversed(self.changes):
            apply_change(self.module, c.inverse())
        self.changes.clear()

    # -- the slots --------------------------------------------------------------------------------
    def put(self, field: str, key: str, value: Any, index: int = -1) -> None:
        """Set record ``key`` of dict field ``field`` (a new key goes at ``index``, or last)."""
        if field not in DICT_FIELDS:
            raise ValueError(f"{field} is not a dict field of a module")
        d = getattr(self.module, field)
        old = d.get(key, MISSING)
        if old is value:
            return
        at = list(d).index(key) if key in d else index
        self._do(Change(field, key, old, value, at))

    def remove(self, field: str, key: str) -> None:
        """Remove record ``key`` of dict field ``field`` (nothing when absent)."""
        d = getattr(self.module, field)
        if key in d:
            self._do(Change(field, key, d[key], MISSING, list(d).index(key)))

    def set(self, field: str, value: Any) -> None:
        """Replace a whole tuple or head field."""
        if field not in TUPLE_FIELDS + HEAD_FIELDS:
            raise ValueError(f"{field} is not a tuple or head field of a module")
        old = getattr(self.module, field)
        if old != value:
            self._do(Change(field, None, old, value))

    # -- records kept in tuples ------------------------------------------------------------------
    def put_record(self, field: str, record: Any, index: int = -1) -> None:
        """Put a record with an ``id`` into tuple field ``field``: it replaces the record with
        that id in place, or goes at ``index`` (last by default)."""
        items = list(getattr(self.module, field))
        for i, r in enumerate(items):
            if r.id == record.id:
                items[i] = record
                break
        else:
            items.insert(index if 0 <= index <= len(items) else len(items), record)
        self.set(field, tuple(items))

    def remove_record(self, field: str, record_id: str) -> None:
        self.set(field, tuple(r for r in getattr(self.module, field) if r.id != record_id))

    def put_edge(self, a: str, b: str, kind: str, attrs: dict | None) -> None:
        """Set the edge joining ``a`` and ``b`` of ``kind`` (either way round) to ``attrs``;
        None removes it. A new edge is appended."""
        key = frozenset((a, b))
        edges = list(self.module.edges)
        for i, e in enumerate(edges):
            if e.kind == kind and frozenset((e.a, e.b)) == key:
                if attrs is None:
                    del edges[i]
                else:
                    edges[i] = Edge(e.a, e.b, kind, dict(attrs))
                break
        else:
            if attrs is None:
                return
            edges.append(Edge(a, b, kind, dict(attrs)))
        self.set("edges", tuple(edges))

    def set_provenance(self, target: str, source: str | None) -> None:
        """Record where the value ``target`` names came from: the first row of that target takes
        ``source`` (further rows of it are dropped), or a row is appended; None removes them."""
        rows: list[Provenance] = []
        done = False
        for p in self.module.provenance:
            if p.target != target:
                rows.append(p)
            elif not done and source is not None:
                rows.append(Provenance(target, source))
                done = True
        if not done and source is not None:
            rows.append(Provenance(target, source))
        self.set("provenance", tuple(rows))


class Edit:
    """One user edit: :meth:`make` makes its changes through the draft (reading the module as
    it goes) or raises :class:`EditError`. ``label`` names it in the undo history."""
    label = "edit"

    def make(self, draft: Draft) -> None:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.label
