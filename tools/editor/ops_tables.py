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


@dataclass
class AddRow(Edit):
    """Add a row with header ``header`` (at position ``at``, or last) and ``cells`` (blank
    cells when not given)."""
    table: str
    header: Value
    cells: Sequence[Value] | None = None
    at: int | None = None
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"{self.table}: row {self.header}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        if any(v == self.header and type(v) is type(self.header) for v in t.rows.values):
            raise EditError(f"table {t.id} already has a row {self.header!r}")
        cells = list(self.cells) if self.cells is not None else [BLANK] * len(t.cols.values)
        if len(cells) != len(t.cols.values):
            raise EditError(f"table {t.id}: a row has {len(t.cols.values)} cells")
        at = len(t.rows.values) if self.at is None else max(0, min(self.at, len(t.rows.values)))
        rows = list(t.rows.values)
        body = [tuple(r) for r in t.cells]
        rows.insert(at, self.header)
        body.insert(at, tuple(cells))
        d.put("tables", t.id, Table(t.id, t.title, Axis(t.rows.name, tuple(rows)), t.cols,
                                    tuple(body), t.rule, t.notes))
        if self.provenance is not None:
            for col in t.cols.values:
                d.set_provenance(table_target(t.id, self.header, col), self.provenance)


@dataclass
class AddColumn(Edit):
    """Add a column with header ``header`` (at position ``at``, or last) and ``cells`` (one
    per row; blank when not given)."""
    table: str
    header: Value
    cells: Sequence[Value] | None = None
    at: int | None = None
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"{self.table}: column {self.header}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        if any(v == self.header and type(v) is type(self.header) for v in t.cols.values):
            raise EditError(f"table {t.id} already has a column {self.header!r}")
        cells = list(self.cells) if self.cells is not None else [BLANK] * len(t.rows.values)
        if len(cells) != len(t.rows.values):
            raise EditError(f"table {t.id}: a column has {len(t.rows.values)} cells")
        at = len(t.cols.values) if self.at is None else max(0, min(self.at, len(t.cols.values)))
        cols = list(t.cols.values)
        cols.insert(at, self.header)
        body = []
        for r, v in zip(t.cells, cells):
            row = list(r)
            row.insert(at, v)
            body.append(tuple(row))
        d.put("tables", t.id, Table(t.id, t.title, t.rows, Axis(t.cols.name, tuple(cols)),
                                    tuple(body), t.rule, t.notes))
        if self.provenance is not None:
            for row in t.rows.values:
                d.set_provenance(table_target(t.id, row, self.header), self.provenance)


@dataclass
class RemoveRow(Edit):
    """Remove the row with header ``header`` (and its cells' provenance rows)."""
    table: str
    header: Value

    @property
    def label(self) -> str:
        return f"{self.table}: remove row {self.header}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        i = _index(t.rows, self.header, "row", t.id)
        rows = t.rows.values[:i] + t.rows.values[i + 1:]
        d.put("tables", t.id, Table(t.id, t.title, Axis(t.rows.name, rows), t.cols,
                                    t.cells[:i] + t.cells[i + 1:], t.rule, t.notes))
        for col in t.cols.values:
            d.set_provenance(table_target(t.id, self.header, col), None)


@dataclass
class RemoveColumn(Edit):
    """Remove the column with header ``header`` (and its cells' provenance rows)."""
    table: str
    header: Value

    @property
    def label(self) -> str:
        return f"{self.table}: remove column {self.header}"

    def make(self, d: Draft) -> None:
        t = _table(d, self.table)
        j = _index(t.cols, self.header, "column", t.id)
        cols = t.cols.values[:j] + t.cols.values[j + 1:]
        d.put("tables", t.id, Table(t.id, t.title, t.rows, Axis(t.cols.name, cols),
                                    tuple(r[:j] + r[j + 1:] for r in t.cells), t.rule, t.notes))
        for row in t.rows.values:
            d.set_provenance(table_target(t.id, row, self.header), None)
