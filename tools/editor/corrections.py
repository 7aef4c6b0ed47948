"""Stepping through a module's reconstructed values and correcting them, as an owner of the
physical game does with the printed components at hand:

    steps = Corrections(ed, group="table cells")
    item = steps.current                 # the CRT cell 3 / 2:1, reconstructed by ...
    steps.correct("DR")                  # the printed value; provenance "owner's printed chart"
    steps.skip()                         # leave this one as it is, show the next
    steps.next()                         # look at the next one (this one stays listed)
    ed.save(); run_examples(...)         # then check against the rules' own examples

A correction is one undo step of the editor session: the value and its provenance together.
Correcting with no value (``correct()``) confirms the value as printed: only its provenance
changes.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.model import Value
from tools.authoring.provenance import OWNER_CHART, OWNER_COUNTER, OWNER_MAP, OWNER_SETUP

from .core import EditError, Step
from .ops_counters import SetFaceValues, SetPieceAttrs
from .ops_map import SetLocationAttr
from .ops_module import Compound, SetProvenance
from .ops_tables import SetCell
from .provenance import Item
from .session import EditorSession

#: The provenance a correction records when none is given, by kind of item.
DEFAULT_SOURCE = {"cell": OWNER_CHART, "piece": OWNER_COUNTER, "piece_attr": OWNER_COUNTER,
                  "location_attr": OWNER_MAP, "scenario": OWNER_SETUP, "statement": OWNER_MAP}


class Corrections:
    """A pass over the reconstructed values of ``session`` (of one ``group``, or all)."""

    def __init__(self, session: EditorSession, group: str | None = None) -> None:
        self.session = session
        self.group = group
        self.skipped: set[str] = set()
        self.index = 0

    @property
    def items(self) -> list[Item]:
        """The items still to see: reconstructed, in the group, not skipped in this pass."""
        return [it for it in self.session.reconstructed()
                if (self.group is None or it.group == self.group)
                and it.target not in self.skipped]

    @property
    def current(self) -> Item | None:
        items = self.items
        return items[self.index] if self.index < len(items) else None

    def next(self) -> Item | None:
        """Look at the next item (this one stays listed)."""
        if self.current is not None:
            self.index += 1
        return self.current

    def skip(self) -> Item | None:
        """Leave the current item reconstructed and out of this pass; the next one."""
        item = self.current
        if item is not None:
            self.skipped.add(item.target)
        return self.current

    def correct(self, value: Value | Mapping[str, Value] | None = None,
                source: str | None = None) -> Step:
        """Correct the current item with the printed ``value`` (a cell's or attribute's value;
        for a counter a mapping ``{"f0.cf": 3, "f1.cf": 2, "designation": "XII"}``; None:
        the value is right as it is) and record ``source`` (default: the owner's printed
        component). The corrected item leaves the list; the next one becomes current."""
        item = self.current
        if item is None:
            raise EditError("no reconstructed value left to correct")
        return self.session.do(correction(item, value, source))


def correction(item: Item, value: Any = None, source: str | None = None) -> Compound:
    """The edit that corrects ``item`` (see :meth:`Corrections.correct`)."""
    kind = item.ref[0]
    src = source or DEFAULT_SOURCE[kind]
    label = f"correct {item.target}"
    if value is None:
        return Compound(label, [SetProvenance(item.target, src)])
    if kind == "cell":
        _, table, i, j = item.ref
        return Compound(label, [SetCell(table, i, j, value, src, by_index=True)])
    if kind == "piece_attr":
        _, pid, key = item.ref
        return Compound(label, [SetPieceAttrs(pid, {key: value}, src)])
    if kind == "location_attr":
        _, lid, key = item.ref
        return Compound(label, [SetLocationAttr([lid], key, value, src)])
    if kind == "piece":
        if not isinstance(value, Mapping):
            raise EditError(f"{item.target}: give the counter's values as a mapping "
                            "(f0.cf = 3, f1.cf = 2, designation = ...)")
        pid = item.ref[1]
        faces: dict[int, dict[str, Value]] = {}
        attrs: dict[str, Value] = {}
        for key, v in value.items():
            face, dot, k = key.partition(".")
            if dot and face[:1] == "f" and face[1:].isdigit():
                faces.setdefault(int(face[1:]), {})[k] = v
            else:
                attrs[key] = v
        edits: list = [SetFaceValues(pid, n, vals) for n, vals in sorted(faces.items())]
        if attrs:
            edits.append(SetPieceAttrs(pid, attrs))
        edits.append(SetProvenance(item.target, src))
        return Compound(label, edits)
    raise EditError(f"{item.target}: only its source can be corrected (correct() with no value)")
