"""How a module's counters are printed: which values, in which order and where (issue 18).

A module declares it as data, in the table ``counter_layout`` (``docs/source-format.md``,
"The ``counter_layout`` table"): one row per printed value, grouped in *layouts* by the row
header, with the columns

``pieces``
    on the first row of a layout: which piece types it is for — space-separated terms
    ``field=value`` (``value`` may list alternatives ``a|b``), all of which must hold; the
    fields are ``id kind side nationality unit_type size symbol`` or any piece attribute.
    Empty: every piece type. A piece type takes the **first** layout (in table order) it
    matches, so specific layouts come before general ones. Later rows of a layout leave it
    empty (or repeat it).
``value``
    a face value key (``cf``), or ``@attr`` for a piece-type attribute (``@no_replace``).
``place``
    where it is printed: the rows ``top``, ``middle``, ``bottom`` (a row's values are joined
    with ``-`` left to right, as the rulebooks write them: ``3-2-6``), the corners
    ``top_left top_right bottom_left bottom_right``, the sides of the type symbol ``left``
    ``right``, or ``info`` (not printed on the counter; the stack inspector still lists it).
``label``
    what the value is called (the inspector and tooltips show it: words, not keys).
``format``
    optional: how the value is written, ``{}`` standing for it (``+{}``, ``x{}``). A
    ``@attr`` is printed only when set: a bool when true (as its format, ``*``), a number when
    not 0, a text when not empty.

Nothing here draws (``client/render_counter.py`` does); ``tools/validate.py`` reports a
declaration's problems (:func:`problems`). A piece type matching no layout is printed as before
the declaration existed: every face value, in stored order, along the bottom.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .model import Module, PieceType, Value

TABLE_ID = "counter_layout"
COLUMNS = ("pieces", "value", "place", "label", "format")
ROWS = ("top", "middle", "bottom")
CORNERS = ("top_left", "top_right", "bottom_left", "bottom_right")
SIDES = ("left", "right")
PLACES = ROWS + CORNERS + SIDES + ("info",)
FIELDS = ("id", "kind", "side", "nationality", "unit_type", "size", "symbol")
#: Separator of a row's values, as the rulebooks write factors (``5-3-3``).
JOIN = "-"


@dataclass(frozen=True)
class Slot:
    """One printed value: its key (``cf`` or ``@attr``), place, label and format."""
    value: str
    place: str
    label: str
    fmt: str = ""

    @property
    def attr(self) -> str:
        """The piece attribute this slot prints (``""`` for a face value)."""
        return self.value[1:] if self.value.startswith("@") else ""


@dataclass(frozen=True)
class Printed:
    """A slot with the value one face of one piece type shows there."""
    slot: Slot
    value: Value
    text: str


@dataclass(frozen=True)
class Layout:
    """A named layout: the piece types it is for (``selector``) and its slots in order."""
    id: str
    selector: tuple[tuple[str, frozenset[str]], ...]
    slots: tuple[Slot, ...]

    def matches(self, ptype: PieceType) -> bool:
        for field, allowed in self.selector:
            got = getattr(ptype, field) if field in FIELDS else ptype.attrs.get(field)
            if _text(got) not in allowed:
                return False
        return True


def _text(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "" if v is None else str(v)


def parse_selector(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """``"kind=unit unit_type=infantry|cavalry"`` → ((field, allowed values), ...); ValueError
    naming the bad term."""
    out = []
    for term in text.split():
        field, sep, values = term.partition("=")
        if not sep or not field:
            raise ValueError(f"selector term {term!r} is not field=value")
        out.append((field, frozenset(values.split("|"))))
    return tuple(out)


def format_value(slot: Slot, value: Value) -> str | None:
    """How ``value`` is printed in ``slot``. None: not printed — a ``@attr`` is printed only when
    set (a bool when true, a number when not 0, a text when not empty); a face value always."""
    if isinstance(value, bool):
        return (slot.fmt or slot.label) if value else None
    if slot.attr and (value == 0 or value == ""):
        return None
    text = _text(value)
    return slot.fmt.replace("{}", text) if "{}" in slot.fmt else text


class CounterLayouts:
    """A module's declared layouts, with a per-piece-type cache. ``problems`` lists what is
    wrong in the declaration (rows that could not be read are skipped)."""

    def __init__(self, layouts: Iterable[Layout], problems: Iterable[str] = ()) -> None:
        self.layouts = tuple(layouts)
        self.problems = list(problems)
        self._for: dict[str, Layout | None] = {}

    @classmethod
    def from_module(cls, module: Module) -> "CounterLayouts":
        table = module.tables.get(TABLE_ID)
        if table is None:
            return cls(())
        cols = [str(c) for c in table.cols.values]
        problems = [f"table {TABLE_ID}: unknown column {c!r} (columns: {', '.join(COLUMNS)})"
                    for c in cols if c not in COLUMNS]
        for need in ("value", "place"):
            if need not in cols:
                problems.append(f"table {TABLE_ID}: no column {need!r}")
                return cls((), problems)
        order: list[str] = []
        selectors: dict[str, tuple] = {}
        slots: dict[str, list[Slot]] = {}
        for i, (lid, cells) in enumerate(zip(table.rows.values, table.cells)):
            row = {c: _text(v).strip() for c, v in zip(cols, cells)}
            lid = _text(lid)
            where = f"table {TABLE_ID}: row {i + 1} ({lid})"
            if lid not in slots:
                order.append(lid)
                slots[lid] = []
                try:
                    selectors[lid] = parse_selector(row.get("pieces", ""))
                except ValueError as exc:
                    problems.append(f"{where}: {exc}")
                    selectors[lid] = ((" never", frozenset()),)
            elif row.get("pieces") and parse_selector_or_none(row["pieces"]) != selectors[lid]:
                problems.append(f"{where}: 'pieces' differs from the layout's first row")
            if not row["value"] or row["value"] == "@":
                problems.append(f"{where}: no value")
                continue
            if row["place"] not in PLACES:
                problems.append(f"{where}: place {row['place']!r} is not one of {' '.join(PLACES)}")
                continue
            slots[lid].append(Slot(row["value"], row["place"], row.get("label", "") or row["value"],
                                   row.get("format", "")))
        return cls((Layout(lid, selectors[lid], tuple(slots[lid])) for lid in order), problems)

    def layout_for(self, ptype: PieceType) -> Layout | None:
        """The first declared layout ``ptype`` matches, or None."""
        try:
            return self._for[ptype.id]
        except KeyError:
            found = next((lay for lay in self.layouts if lay.matches(ptype)), None)
            self._for[ptype.id] = found
            return found

    def printed(self, ptype: PieceType, face: int = 0) -> list[Printed]:
        """What face ``face`` of ``ptype`` shows, slot by slot in declared order (values the
        face lacks are left out). Without a layout: every face value at the bottom."""
        values = ptype.faces[min(max(face, 0), len(ptype.faces) - 1)].values if ptype.faces else {}
        layout = self.layout_for(ptype)
        if layout is None:
            return [Printed(Slot(k, "bottom", k), v, _text(v)) for k, v in values.items()
                    if not isinstance(v, bool)]
        out = []
        for slot in layout.slots:
            v = ptype.attrs.get(slot.attr) if slot.attr else values.get(slot.value)
            if v is None:
                continue
            text = format_value(slot, v)
            if text is not None:
                out.append(Printed(slot, v, text))
        return out

    def places(self, ptype: PieceType, face: int = 0) -> dict[str, str]:
        """Place → the text printed there (a row's values joined with ``-``); ``info`` left out."""
        out: dict[str, list[str]] = {}
        for p in self.printed(ptype, face):
            if p.slot.place != "info":
                out.setdefault(p.slot.place, []).append(p.text)
        return {place: (JOIN if place in ROWS else " ").join(texts) for place, texts in out.items()}


def parse_selector_or_none(text: str):
    try:
        return parse_selector(text)
    except ValueError:
        return None


def problems(module: Module) -> list[str]:
    """What is wrong with ``module``'s counter layout declaration: unreadable rows, a layout
    no piece type uses (it comes after a more general one, or names nothing), a value key no
    piece type of the layout has on any face or as an attribute."""
    cl = CounterLayouts.from_module(module)
    out = list(cl.problems)
    users: dict[str, list[PieceType]] = {lay.id: [] for lay in cl.layouts}
    for t in module.piece_types.values():
        lay = cl.layout_for(t)
        if lay is not None:
            users[lay.id].append(t)
    for lay in cl.layouts:
        ts = users[lay.id]
        if not ts:
            out.append(f"table {TABLE_ID}: layout {lay.id!r} is used by no piece type")
            continue
        for s in lay.slots:
            if s.attr:
                found = any(s.attr in t.attrs for t in ts)
            else:
                found = any(s.value in f.values for t in ts for f in t.faces)
            if not found:
                what = f"attribute {s.attr!r}" if s.attr else f"face value {s.value!r}"
                out.append(f"table {TABLE_ID}: layout {lay.id!r}: no piece type it is for has {what}")
    return out
