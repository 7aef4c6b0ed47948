"""Counters: the counter design model (what a counter designer edits), the edit that puts a
design into the module, face-value corrections, and the counter-sheet listing.

A :class:`CounterDesign` is one piece type as printed: nationality (whose colours it is
printed in, and through it the side), unit type and size (the NATO symbol), designation, its
faces (front, back or reduced: a name and printed values each), how the values are laid out on
the counter (rows of the module's ``counter_layout`` table, ``engine/counter_layout.py``), the
back a hidden piece shows, and how many the counter mix holds. Colours belong to the
nationality (every counter of a nationality is printed alike: :class:`~tools.editor.ops_module.
PutNationality`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from engine import counter_layout as CL
from engine.model import Axis, Face, Module, PieceType, Table, Value
from tools.authoring.provenance import face_value_target, piece_target

from .core import Draft, Edit, EditError
from .ops_module import check_id


@dataclass(frozen=True)
class LayoutSlot:
    """One printed value of a layout: its key (a face value, or ``@attr``), where it is
    printed (``engine.counter_layout.PLACES``), its name in words, an optional format."""
    value: str
    place: str = "bottom"
    label: str = ""
    format: str = ""


@dataclass(frozen=True)
class CounterDesign:
    """A counter as its designer sees it (see the module docstring)."""
    id: str
    name: str
    nationality: str = ""
    side: str = ""                    # taken from the nationality when empty
    unit_type: str = "infantry"
    size: str = ""
    designation: str = ""
    kind: str = "unit"
    symbol: str = ""                  # the NATO symbol id; the unit type when empty
    faces: tuple[tuple[str, Mapping[str, Value]], ...] = (("front", {}),)
    count: int = 1
    back: str = ""
    attrs: Mapping[str, Value] = field(default_factory=dict)
    #: the layout the counter is printed with (an id of the counter_layout table) and, when
    #: given, its slots (replacing that layout's rows) and selector (``kind=unit``: which piece
    #: types it is for; default ``id=<this counter>``)
    layout: str = ""
    slots: tuple[LayoutSlot, ...] | None = None
    selector: str = ""

    @classmethod
    def of(cls, module: Module, piece_id: str) -> "CounterDesign":
        """The design of piece type ``piece_id`` as the module holds it."""
        p = module.piece_types[piece_id]
        attrs = dict(p.attrs)
        designation = str(attrs.pop("designation", ""))
        layouts = CL.CounterLayouts.from_module(module)
        lay = layouts.layout_for(p)
        return cls(p.id, p.name, p.nationality, p.side, p.unit_type, p.size, designation, p.kind,
                   p.symbol, tuple((f.name, dict(f.values)) for f in p.faces), p.count, p.back,
                   attrs, lay.id if lay else "",
                   tuple(LayoutSlot(s.value, s.place, s.label, s.fmt) for s in lay.slots)
                   if lay else None)

    def piece_type(self, module: Module) -> PieceType:
        side = self.side
        if self.nationality:
            nat = module.nationality(self.nationality)
            if nat is None:
                raise EditError(f"counter {self.id}: nationality {self.nationality!r} does not "
                                "exist")
            if side and side != nat.side:
                raise EditError(f"counter {self.id}: nationality {nat.id} fights for "
                                f"{nat.side}, not {side}")
            side = nat.side
        if side and side not in module.side_ids:
            raise EditError(f"counter {self.id}: side {side!r} does not exist")
        if not self.faces:
            raise EditError(f"counter {self.id}: a counter has at least one face")
        if not isinstance(self.count, int) or self.count < 1:
            raise EditError(f"counter {self.id}: the counter mix holds at least one")
        attrs = dict(self.attrs)
        if self.designation:
            attrs["designation"] = self.designation
        faces = tuple(Face(name, dict(values)) for name, values in self.faces)
        return PieceType(self.id, self.name, self.kind, side, self.nationality, self.unit_type,
                         self.size, self.symbol or self.unit_type, faces, self.count, self.back,
                         attrs)


def layout_table(module: Module) -> Table:
    """The module's counter_layout table, or an empty one with its columns."""
    t = module.tables.get(CL.TABLE_ID)
    if t is not None:
        return t
    return Table(CL.TABLE_ID, "How the counters are printed", Axis("layout", ()),
                 Axis("column", CL.COLUMNS), ())


def with_layout(table: Table, layout: str, selector: str, slots: Sequence[LayoutSlot]) -> Table:
    """``table`` with layout ``layout``'s rows replaced by ``slots`` (first row carrying
    ``selector``); a new layout goes first (a specific layout before the general ones)."""
    cols = [str(c) for c in table.cols.values]
    missing = [c for c in ("value", "place") + (("pieces",) if selector else ()) if c not in cols]
    if missing:
        raise EditError(f"table {CL.TABLE_ID} lacks the columns {', '.join(missing)}")
    rows = list(zip(table.rows.values, table.cells))
    at = next((i for i, (lid, _) in enumerate(rows) if str(lid) == layout), 0)
    kept = [(lid, cells) for lid, cells in rows if str(lid) != layout]
    new = []
    for i, s in enumerate(slots):
        if s.place not in CL.PLACES:
            raise EditError(f"place {s.place!r} is not one of {' '.join(CL.PLACES)}")
        if not s.value or s.value == "@":
            raise EditError("a printed value needs its key (cf, or @attr)")
        row = {"pieces": selector if i == 0 else "", "value": s.value, "place": s.place,
               "label": s.label or s.value, "format": s.format}
        new.append((layout, tuple(row.get(c, "") for c in cols)))
    if selector:
        try:
            CL.parse_selector(selector)
        except ValueError as exc:
            raise EditError(f"layout {layout}: {exc}") from None
    rows = kept[:at] + new + kept[at:]
    return Table(table.id, table.title, Axis(table.rows.name, tuple(r[0] for r in rows)),
                 table.cols, tuple(tuple(r[1]) for r in rows), table.rule, table.notes)


@dataclass
class DesignCounter(Edit):
    """Put a counter design into the module: its piece type (new, or replacing the one with its
    id in place) and, when the design gives slots, its layout's rows."""
    design: CounterDesign
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"counter {self.design.name}"

    def make(self, d: Draft) -> None:
        check_id("counter", self.design.id)
        d.put("piece_types", self.design.id, self.design.piece_type(d.module))
        if self.design.slots is not None:
            layout = self.design.layout or self.design.id
            check_id("layout", layout)
            d.put("tables", CL.TABLE_ID,
                  with_layout(layout_table(d.module), layout,
                              self.design.selector or f"id={self.design.id}", self.design.slots))
        if self.provenance is not None:
            d.set_provenance(piece_target(self.design.id), self.provenance)


@dataclass
class SetFaceValues(Edit):
    """Change printed values of one face of a piece type (None removes a value), e.g. a
    corrected combat factor."""
    piece: str
    face: int
    values: Mapping[str, Value | None]
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"values of {self.piece}"

    def make(self, d: Draft) -> None:
        p = d.module.piece_types.get(self.piece)
        if p is None:
            raise EditError(f"no piece type {self.piece!r}")
        if not 0 <= self.face < len(p.faces):
            raise EditError(f"{self.piece} has no face {self.face}")
        values = dict(p.faces[self.face].values)
        for k, v in self.values.items():
            if v is None:
                values.pop(k, None)
            else:
                values[k] = v
        faces = list(p.faces)
        faces[self.face] = Face(faces[self.face].name, values)
        d.put("piece_types", p.id, dataclasses.replace(p, faces=tuple(faces)))
        if self.provenance is not None:
            for k in self.values:
                d.set_provenance(face_value_target(p.id, self.face, k), self.provenance)


@dataclass
class SetPieceAttrs(Edit):
    """Change attributes of a piece type (None removes one): a VP chit's value, a card's
    OPS..."""
    piece: str
    attrs: Mapping[str, Value | None]
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"attributes of {self.piece}"

    def make(self, d: Draft) -> None:
        p = d.module.piece_types.get(self.piece)
        if p is None:
            raise EditError(f"no piece type {self.piece!r}")
        attrs = dict(p.attrs)
        for k, v in self.attrs.items():
            if v is None:
                attrs.pop(k, None)
            else:
                attrs[k] = v
        d.put("piece_types", p.id, dataclasses.replace(p, attrs=attrs))
        if self.provenance is not None:
            for k in self.attrs:
                d.set_provenance(piece_target(p.id, k), self.provenance)


@dataclass(frozen=True)
class SheetEntry:
    """One counter of the sheet: its piece type, how many are printed, and what each face
    shows where (place → text, ``engine.counter_layout``)."""
    piece: str
    name: str
    side: str
    nationality: str
    count: int
    faces: tuple[tuple[str, Mapping[str, str]], ...]


def counter_sheet(module: Module) -> list[SheetEntry]:
    """The counter sheet: every counter (not cards), grouped by side then nationality in the
    module's order, each with its count and its printed faces."""
    layouts = CL.CounterLayouts.from_module(module)
    sides = {s: i for i, s in enumerate([""] + list(module.side_ids))}
    nats = {n.id: i for i, n in enumerate(module.nationalities)}
    entries = []
    for i, p in enumerate(module.piece_types.values()):
        if p.kind == "card":
            continue
        faces = tuple((f.name, layouts.places(p, n)) for n, f in enumerate(p.faces))
        entries.append(((sides.get(p.side, len(sides)), nats.get(p.nationality, -1), i),
                        SheetEntry(p.id, p.name, p.side, p.nationality, p.count, faces)))
    return [e for _, e in sorted(entries, key=lambda x: x[0])]
