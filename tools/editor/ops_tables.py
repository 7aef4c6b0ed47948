"""Tables and charts: a new table, its cells, rows and columns. Cells and headers are
addressed by their header values (as the provenance target ``table:<id>/<row>/<col>`` writes
them); each cell shows its provenance (:func:`cell_source`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.model import Axis, Module, Table, Value
from engine.source import SAFE_NAME_RE
from tools.authoring.provenance import table_target

from .core import Draft, Edit, EditError
from .provenance import source_of

#: What a new cell holds until it is filled in.
BLANK = "-"


def _table(d: Draft, table_id: str) -> Table:
    t = d.module.tables.get(table_id)
    if t is None:
        raise EditError(f"no table {table_id!r}")
    return t


def _index(axis: Axis, value: Value, what: str, table: str) -> int:
    for i, v in enumerate(axis.values):
        if v == value and type(v) is type(value):
            return i
    raise EditError(f"table {table} has no {what} {value!r}")


def cell_source(module: Module, table_id: str, row: Value, col: Value) -> tuple[str, str]:
    """Where the cell's value came from: ``(source, the target that row is written on)``."""
    return source_of(module, table_target(table_id, row, col))


@dataclass
class PutTable(Edit):
    """Add a table (or replace one) with its headers and cells (``cells[i][j]`` at row ``i``,
    column ``j``; blank cells when not given)."""
    id: str
    title: str
    rows: str
    row_values: Sequence[Value]
    cols: str
    col_values: Sequence[Value]
    cells: Sequence[Sequence[Value]] | None = None
    rule: str = ""
    notes: str = ""
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"table {self.title}"

    def make(self, d: Draft) -> None:
        if not SAFE_NAME_RE.fullmatch(self.id or ""):
            raise EditError(f"table id {self.id!r:.40} must be a file name (letters, digits, "
                            "_ . -)")
        nr, nc = len(self.row_values), len(self.col_values)
        cells = self.cells if self.cells is not None else [[BLANK] * nc for _ in range(nr)]
        if len(cells) != nr or any(len(r) != nc for r in cells):
            raise EditError(f"table {self.id}: the cells are not {nr} rows of {nc}")
        d.put("tables", self.id, Table(self.id, self.title, Axis(self.rows, tuple(self.row_values)),
                                       Axis(self.cols, tuple(self.col_values)),
                                       tuple(tuple(r) for r in cells), self.rule, self.notes))
        if self.provenance is not None:
            d.set_provenance(table_target(self.id), self.provenance)


@dataclass
class SetCell(Edit):
    """Set the cell at row header ``row``, column header ``col`` (``by_index``: row and column
    numbers from 0) and record where the value came from."""
    table: str
    row: Value
    col: Value
    value: Value
    provenance: str | None = None
    by_index: bool = False

    @property
    def label(self) -> str:
        return f"{self.table} [{self.row}, {self.col}] = {self.value}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        if self.by_index:
            i, j = int(self.row), int(self.col)
            if not (0 <= i < len(t.rows.values) and 0 <= j < len(t.cols.values)):
                raise EditError(f"table {t.id} has no cell {i}, {j}")
        else:
            i = _index(t.rows, self.row, "row", t.id)
            j = _index(t.cols, self.col, "column", t.id)
        if not isinstance(self.value, (int, float, str, bool)):
            raise EditError("a cell holds a number, a text or true/false")
        cells = [list(r) for r in t.cells]
        cells[i][j] = self.value
        d.put("tables", t.id, Table(t.id, t.title, t.rows, t.cols,
                                    tuple(tuple(r) for r in cells), t.rule, t.notes))
        if self.provenance is not None:
            d.set_provenance(table_target(t.id, t.rows.values[i], t.cols.values[j]),
                             self.provenance)


def _transpose(t: Table) -> Table:
    """``t`` with rows and columns swapped (a column edit is a row edit of the transpose)."""
    return Table(t.id, t.title, t.cols, t.rows, tuple(zip(*t.cells)) if t.cells else
                 tuple(() for _ in t.cols.values), t.rule, t.notes)


def _insert_row(t: Table, header: Value, cells: Sequence[Value] | None, at: int | None,
                what: str) -> Table:
    """``t`` with a row ``header`` of ``cells`` (blank when None) at ``at`` (last when None)."""
    if any(v == header and type(v) is type(header) for v in t.rows.values):
        raise EditError(f"table {t.id} already has a {what} {header!r}")
    body = list(cells) if cells is not None else [BLANK] * len(t.cols.values)
    if len(body) != len(t.cols.values):
        raise EditError(f"table {t.id}: a {what} has {len(t.cols.values)} cells")
    n = len(t.rows.values)
    i = n if at is None else max(0, min(at, n))
    rows = t.rows.values[:i] + (header,) + t.rows.values[i:]
    return Table(t.id, t.title, Axis(t.rows.name, rows), t.cols,
                 t.cells[:i] + (tuple(body),) + t.cells[i:], t.rule, t.notes)


def _without_row(t: Table, header: Value, what: str) -> Table:
    i = _index(t.rows, header, what, t.id)
    return Table(t.id, t.title, Axis(t.rows.name, t.rows.values[:i] + t.rows.values[i + 1:]),
                 t.cols, t.cells[:i] + t.cells[i + 1:], t.rule, t.notes)


@dataclass
class AddRow(Edit):
    """Add a row with header ``header`` (at position ``at``, or last) and ``cells`` (blank
    cells when not given); ``column=True`` adds a column instead (its cells one per row)."""
    table: str
    header: Value
    cells: Sequence[Value] | None = None
    at: int | None = None
    provenance: str | None = None
    column = False

    @property
    def label(self) -> str:
        return f"{self.table}: {'column' if self.column else 'row'} {self.header}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        what = "column" if self.column else "row"
        if self.column:
            new = _transpose(_insert_row(_transpose(t), self.header, self.cells, self.at, what))
        else:
            new = _insert_row(t, self.header, self.cells, self.at, what)
        d.put("tables", t.id, new)
        if self.provenance is not None:
            for other in (t.rows.values if self.column else t.cols.values):
                row, col = (other, self.header) if self.column else (self.header, other)
                d.set_provenance(table_target(t.id, row, col), self.provenance)


@dataclass
class AddColumn(AddRow):
    """Add a column with header ``header`` (at position ``at``, or last) and ``cells`` (one
    per row; blank when not given)."""
    column = True


@dataclass
class RemoveRow(Edit):
    """Remove the row with header ``header`` (and its cells' provenance rows)."""
    table: str
    header: Value
    column = False

    @property
    def label(self) -> str:
        return f"{self.table}: remove {'column' if self.column else 'row'} {self.header}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        if self.column:
            d.put("tables", t.id, _transpose(_without_row(_transpose(t), self.header, "column")))
        else:
            d.put("tables", t.id, _without_row(t, self.header, "row"))
        for other in (t.rows.values if self.column else t.cols.values):
            row, col = (other, self.header) if self.column else (self.header, other)
            d.set_provenance(table_target(t.id, row, col), None)


@dataclass
class RemoveColumn(RemoveRow):
    """Remove the column with header ``header`` (and its cells' provenance rows)."""
    column = True
