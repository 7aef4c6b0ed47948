"""The table editor: a table's cells in a grid, each tinted by where its value came from (the
selected cell's provenance in words), cells set one by one with their source, rows and columns
added and removed, the table's problems listed."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import colours
from client.widgets.dialogs import TextPrompt
from tools.authoring.provenance import table_target
from tools.editor import AddColumn, AddRow, Element, RemoveColumn, RemoveRow, SetCell, cell_source

from .ui import text, wrapped
from .vocab import PROBLEM
from .window import Window, parse_value

if TYPE_CHECKING:
    from .mode import EditMode

def source_tint(source: str) -> tuple[int, int, int]:
    s = source.lower()
    if "reconstructed" in s:
        return (120, 90, 30)
    if s.startswith("owner"):
        return (40, 80, 120)
    if "rulebook" in s or "errata" in s or "§" in s:
        return (40, 90, 50)
    return (60, 62, 70)


class TableEditor(Window):
    """A table's cells in a grid (see the module docstring)."""
    kind = "tables"
    title = "Tables and charts"
    CW, CH = 70, 22

    def __init__(self, mode: "EditMode") -> None:
        super().__init__(mode)
        tables = self.tables()
        self.table = tables[0] if tables else ""
        self.cell: tuple[int, int] | None = None

    def tables(self) -> list[str]:
        return [t for t in self.m.ed.module.tables if t not in ("counter_layout", "map_art")]

    def problems(self) -> list:
        """What validate and the rules say about the table shown (its cells' problems too)."""
        return self.m.ed.problems_at(Element("table", self.table)) if self.table else []

    def problem_cells(self) -> set[tuple[int, int]]:
        return {tuple(p.element.part) for p in self.problems() if p.element.kind == "cell"
                and len(p.element.part) == 2}

    def step(self, d: int) -> None:
        ts = self.tables()
        if ts:
            self.table = ts[(ts.index(self.table) + d) % len(ts)] if self.table in ts else ts[0]
            self.cell = None
            self.ui.forget()

    def choose(self, i: int, j: int) -> None:
        self.cell = (i, j)
        self.ui.forget("value")

    def set_cell(self) -> None:
        if self.cell is None:
            return
        value = parse_value(self.ui.value("value"))
        source = self.ui.value("source", "").strip() or None
        self.m.do(SetCell(self.table, self.cell[0], self.cell[1], value, source, by_index=True))

    def add(self, column: bool) -> None:
        def go(header: str) -> None:
            if header.strip():
                self.m.do((AddColumn if column else AddRow)(self.table, parse_value(header)))
        self.m.t.modals.append(TextPrompt(self.m.t.screen_rect, "Add a column" if column else "Add a row",
                                          "Header of the new " + ("column" if column else "row"), go))

    def body(self, surf, x0: int, y: int, w: int, bottom: int) -> None:
        ui, module = self.ui, self.m.ed.module
        t = module.tables.get(self.table)
        ui.button(surf, (x0, y, 26, 24), "<", lambda: self.step(-1))
        ui.button(surf, (x0 + w - 26, y, 26, 24), ">", lambda: self.step(1))
        if t is None:
            text(surf, (x0 + 34, y + 4), "this module has no tables", colours.UI_DIM)
            return
        text(surf, (x0 + 34, y + 4), f"{t.title or t.id} ({t.id})" + (f" · rule {t.rule}" if t.rule else ""),
             bold=True, width=w - 70)
        y += 30
        ui.button(surf, (x0, y, 100, 22), "Add a row…", lambda: self.add(False), size=12)
        ui.button(surf, (x0 + 104, y, 110, 22), "Add a column…", lambda: self.add(True), size=12)
        for i, (label, tint) in enumerate((("reconstructed", source_tint("reconstructed")),
                                           ("rulebook", source_tint("rulebook")),
                                           ("owner's", source_tint("owner")))):
            pygame.draw.rect(surf, tint, (x0 + 230 + i * 110, y + 4, 14, 14))
            text(surf, (x0 + 248 + i * 110, y + 3), label, colours.UI_DIM, size=12)
        y += 30
        problems = self.problems()
        for p in problems[:2]:
            y += wrapped(surf, (x0, y), "! " + p.message, w, colours.UI_ERROR, max_lines=2)
        if problems:
            y += 4
        bad = self.problem_cells()
        CW, CH = self.CW, self.CH
        hw = 90
        cols = t.cols.values[: max(1, (w - hw) // CW)]
        rows_fit = max(1, (bottom - y - 130) // CH - 1)
        top = min(self.ui.scroll, max(0, len(t.rows.values) - rows_fit))
        text(surf, (x0 + 2, y + 3), f"{t.rows.name} \\ {t.cols.name}", colours.UI_DIM, size=11, width=hw - 4)
        for j, c in enumerate(cols):
            text(surf, (x0 + hw + j * CW + 4, y + 3), str(c), colours.UI_ACCENT, size=12, width=CW - 6)
        for i in range(top, min(len(t.rows.values), top + rows_fit)):
            ry = y + (i - top + 1) * CH
            text(surf, (x0 + 2, ry + 3), str(t.rows.values[i]), colours.UI_ACCENT, size=12, width=hw - 4)
            for j, c in enumerate(cols):
                r = pygame.Rect(x0 + hw + j * CW, ry, CW - 2, CH - 2)
                src = cell_source(module, t.id, t.rows.values[i], c)[0]
                pygame.draw.rect(surf, source_tint(src), r)
                if (i, j) in bad:
                    pygame.draw.rect(surf, PROBLEM, r, 2)
                if self.cell == (i, j):
                    pygame.draw.rect(surf, colours.SELECT, r, 2)
                text(surf, (r.x + 4, r.y + 3), str(t.cells[i][j]), size=12, width=CW - 8)
                ui.hits.append((r, lambda i=i, j=j: self.choose(i, j), f"cell {i} {j}"))
        y = y + (min(len(t.rows.values) - top, rows_fit) + 1) * CH + 8
        if self.cell is None:
            text(surf, (x0, y), "Click a cell to edit it and see where its value came from.", colours.UI_DIM)
            return
        i, j = self.cell
        if i >= len(t.rows.values) or j >= len(t.cols.values):
            self.cell = None
            return
        row, col = t.rows.values[i], t.cols.values[j]
        src, via = cell_source(module, t.id, row, col)
        text(surf, (x0, y), f"{t.rows.name} {row}, {t.cols.name} {col}", bold=True)
        y += 20
        y += wrapped(surf, (x0, y), f"Source: {src or '(none recorded)'}" + (f"  (recorded for {via})" if via and via != table_target(t.id, row, col) else ""),
                     w, colours.UI_DIM, max_lines=3) + 4
        text(surf, (x0, y + 4), "Value", colours.UI_DIM)
        ui.field(surf, "value", (x0 + 60, y, 120, 24), str(t.cells[i][j]), on_submit=lambda _: self.set_cell())
        text(surf, (x0 + 190, y + 4), "Source", colours.UI_DIM)
        ui.field(surf, "source", (x0 + 250, y, max(120, w - 380), 24), "", placeholder="e.g. owner's printed chart")
        ui.button(surf, (x0 + w - 110, y, 110, 24), "Set the cell", self.set_cell, colour=colours.UI_HILITE)
        y += 32
        ui.button(surf, (x0, y, 200, 22), f"Remove row {row}", lambda: self.m.do(RemoveRow(t.id, row)), size=12)
        ui.button(surf, (x0 + 204, y, 200, 22), f"Remove column {col}", lambda: self.m.do(RemoveColumn(t.id, col)),
                  size=12)
