"""The edit mode's windows, opened over the map beside the tool panel:

* :class:`CounterDesigner` — a counter's nationality, unit type and size (its NATO symbol),
  designation, faces and their printed values, how the values are laid out (the module's
  ``counter_layout`` declaration), back and count, with a live preview drawn by the table's
  own counter renderer; and the counter sheet (every counter, both faces, how many);
* :class:`TableEditor` — a table's cells in a grid, each tinted by where its value came from
  (the selected cell's provenance in words), cells set one by one, rows and columns added;
* :class:`ReconstructedValues` — every value still marked reconstructed, by group, stepped
  through one by one: its value now and how it was reconstructed, corrected (or confirmed as
  printed) with the owner's source, and the rules' own examples run against the result.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from client import colours
from client.render_counter import CounterRenderer
from client.widgets.base import draw_panel
from client.widgets.dialogs import TextPrompt
from engine.model import Value
from tools.editor import (GROUPS, AddColumn, AddRow, CounterDesign, DesignCounter, EditError,
                          Element, LayoutSlot, RemoveColumn, RemoveRow, SetCell, cell_source, counter_sheet, run_examples)
from tools.editor.corrections import DEFAULT_SOURCE, Corrections, correction
from tools.authoring.provenance import table_target
from tools.editor.ops_counters import layout_table, with_layout

from .ui import Ui, text, wrapped
from .vocab import PROBLEM

if TYPE_CHECKING:
    from .mode import EditMode


def parse_value(s: str) -> Value:
    """What the user typed as a value: an integer, a decimal, true/false, else text."""
    s = s.strip()
    for kind in (int, float):
        try:
            return kind(s)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(s.lower(), s)


def parse_pairs(s: str) -> dict[str, Value]:
    """``"cf=4 mf=3"`` → ``{"cf": 4, "mf": 3}`` (ValueError on a pair without ``=``)."""
    out: dict[str, Value] = {}
    for part in s.replace(",", " ").split():
        k, eq, v = part.partition("=")
        if not eq or not k:
            raise ValueError(f"{part!r}: write values as key=value (cf=4 mf=3)")
        out[k] = parse_value(v)
    return out


def pairs_text(values) -> str:
    return " ".join(f"{k}={v}" for k, v in dict(values).items())


class Window:
    """A window over the map, left of the tool panel."""
    kind = ""
    title = ""

    def __init__(self, mode: "EditMode") -> None:
        self.m = mode
        self.ui = Ui()

    def rect(self) -> pygame.Rect:
        mr, pr = self.m.t.map_rect, self.m.panel.rect()
        return pygame.Rect(mr.x + 10, mr.y + 10, max(200, pr.x - mr.x - 20), mr.h - 20)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.ui.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        rect = self.rect()
        self.ui.begin(rect)
        y = draw_panel(surf, rect, self.title)
        self.ui.button(surf, (rect.right - 28, rect.y + 3, 22, 20), "×", self.close)
        self.body(surf, rect.x + 10, y + 4, rect.w - 20, rect.bottom - 8)

    def close(self) -> None:
        self.m.window = None

    def body(self, surf: pygame.Surface, x0: int, y: int, w: int, bottom: int) -> None:
        raise NotImplementedError


# -- counters ---------------------------------------------------------------------------------------

FIELDS = (("id", "Id"), ("name", "Name"), ("unit_type", "Unit type"), ("size", "Size"),
          ("designation", "Designation"), ("face0", "Front"), ("values0", "Front values"),
          ("face1", "Back"), ("values1", "Back values"), ("count", "Count"),
          ("back", "Hidden back"), ("layout", "Layout"), ("slots", "Printed as"),
          ("source", "Source"))


class CounterDesigner(Window):
    """The counter designer and the counter sheet (see the module docstring)."""
    kind = "counters"
    title = "Counter designer"

    def __init__(self, mode: "EditMode") -> None:
        super().__init__(mode)
        self.piece = next((p.id for p in mode.ed.module.piece_types.values() if p.kind != "card"), "")
        self.nationality = ""
        self.sheet = False
        self.load(self.piece)

    def load(self, piece: str) -> None:
        """Fill the fields from counter ``piece`` (a new counter's when it does not exist)."""
        module = self.m.ed.module
        if piece in module.piece_types:
            d = CounterDesign.of(module, piece)
        else:
            nat = module.nationalities[0].id if module.nationalities else ""
            d = CounterDesign(piece or "new_counter", "New counter", nat, faces=(("full", {"cf": 1, "mf": 1}),))
        self.piece, self.nationality = d.id, d.nationality
        faces = list(d.faces) + [("", {})] * (2 - len(d.faces))
        values = {"id": d.id, "name": d.name, "unit_type": d.unit_type, "size": d.size,
                  "designation": d.designation, "face0": faces[0][0], "values0": pairs_text(faces[0][1]),
                  "face1": faces[1][0], "values1": pairs_text(faces[1][1]), "count": str(d.count),
                  "back": d.back, "layout": d.layout,
                  "slots": " ".join(f"{s.value}:{s.place}" for s in d.slots or ()), "source": ""}
        self.ui.forget()
        self.initial = values
        self.slots = tuple(d.slots or ())

    def design(self) -> CounterDesign:
        """The design the fields say (ValueError/EditError naming what is wrong)."""
        v = {k: self.ui.value(k, self.initial.get(k, "")).strip() for k, _ in FIELDS}
        faces = [(v["face0"] or "front", parse_pairs(v["values0"]))]
        if v["face1"] or v["values1"]:
            faces.append((v["face1"] or "back", parse_pairs(v["values1"])))
        if not v["count"].isdigit():
            raise ValueError("count: a whole number of counters")
        slots, layout = None, v["layout"]
        if v["slots"] != self.initial.get("slots", ""):
            # edited: the counter gets a layout of its own (a shared layout's other counters
            # keep theirs); labels and formats of the values it had are kept
            known = {s.value: s for s in self.slots}
            slots = tuple(LayoutSlot(key, place or "bottom", known[key].label if key in known else key,
                                     known[key].format if key in known else "")
                          for key, _, place in (part.partition(":") for part in v["slots"].split()))
            layout = v["id"]
        old = self.m.ed.module.piece_types.get(v["id"])
        return CounterDesign(v["id"], v["name"], self.nationality, "", v["unit_type"] or "infantry",
                             v["size"], v["designation"], old.kind if old else "unit", old.symbol if old else "",
                             tuple(faces), int(v["count"]), v["back"], {k: x for k, x in (old.attrs if old else {}).items()
                                                                       if k != "designation"},
                             layout, slots, "")

    def preview(self, design: CounterDesign) -> CounterRenderer:
        """A renderer of the module with ``design`` in it (nothing is changed until Apply)."""
        module = self.m.ed.module
        ptypes = {**module.piece_types, design.id: design.piece_type(module)}
        tables = dict(module.tables)
        if design.slots is not None:
            tables["counter_layout"] = with_layout(layout_table(module), design.layout or design.id,
                                                   f"id={design.id}", design.slots)
        return CounterRenderer(dataclasses.replace(module, piece_types=ptypes, tables=tables))

    def apply(self) -> None:
        try:
            d = self.design()
        except (ValueError, EditError) as exc:
            self.m.say(str(exc), error=True)
            return
        source = self.ui.value("source", "").strip() or None
        if self.m.do(DesignCounter(d, provenance=source)) is not None:
            self.piece = d.id

    def cycle_nationality(self) -> None:
        nats = [n.id for n in self.m.ed.module.nationalities]
        if nats:
            self.nationality = nats[(nats.index(self.nationality) + 1) % len(nats)] \
                if self.nationality in nats else nats[0]

    def body(self, surf, x0: int, y: int, w: int, bottom: int) -> None:
        ui, module = self.ui, self.m.ed.module
        ui.button(surf, (x0, y, 120, 24), "Designer", lambda: setattr(self, "sheet", False), on=not self.sheet)
        ui.button(surf, (x0 + 124, y, 120, 24), "Counter sheet", lambda: setattr(self, "sheet", True), on=self.sheet)
        ui.button(surf, (x0 + 248, y, 120, 24), "New counter", lambda: self.load("new_counter"))
        y += 32
        if self.sheet:
            return self.draw_sheet(surf, x0, y, w, bottom)
        # the counters to choose from
        list_w = 170
        for i, p in enumerate(p for p in module.piece_types.values() if p.kind != "card"):
            if y + 4 + i * 22 > bottom - 22:
                break
            ui.button(surf, (x0, y + i * 22, list_w, 20), p.name, lambda pid=p.id: self.load(pid),
                      on=p.id == self.piece, size=12)
        fx = x0 + list_w + 10
        fw = min(300, w - list_w - 160)
        yy = y
        nat = module.nationality(self.nationality) if self.nationality else None
        text(surf, (fx, yy + 4), "Nationality", colours.UI_DIM)
        ui.button(surf, (fx + 100, yy, fw - 100, 22), nat.name if nat else "(none: click to choose)",
                  self.cycle_nationality, size=12)
        yy += 26
        for key, label in FIELDS:
            text(surf, (fx, yy + 4), label, colours.UI_DIM)
            ui.field(surf, key, (fx + 100, yy, fw - 100, 22), self.initial.get(key, ""))
            yy += 25
        ui.button(surf, (fx, yy + 4, fw, 26), "Apply to the module", self.apply, colour=colours.UI_HILITE)
        yy += 36
        wrapped(surf, (fx, yy), "Values: key=value per face (cf=4 mf=3). Printed as: value:place "
                                "(cf:bottom mf:bottom; places top, bottom, left, right, centre…).",
                fw, colours.UI_DIM, size=11)
        # the live preview
        px0 = fx + fw + 14
        text(surf, (px0, y), "Preview", colours.UI_DIM, bold=True)
        try:
            design = self.design()
            renderer = self.preview(design)
        except (ValueError, EditError) as exc:
            wrapped(surf, (px0, y + 24), str(exc), max(120, x0 + w - px0), colours.UI_ERROR)
            return
        for n in range(len(design.faces)):
            img = renderer.image({"type": design.id, "face": n}, 96)
            surf.blit(img, (px0, y + 24 + n * 124))
            text(surf, (px0, y + 24 + n * 124 + img.get_height()), design.faces[n][0], colours.UI_DIM)
        yy = y + 24 + len(design.faces) * 124
        yy += text(surf, (px0, yy), f"× {design.count}", colours.UI_TEXT) + 6
        for p in self.m.ed.problems_at(Element("piece", design.id))[:4]:
            yy += wrapped(surf, (px0, yy), "! " + p.message, max(120, x0 + w - px0), colours.UI_ERROR, max_lines=3)

    def draw_sheet(self, surf, x0: int, y: int, w: int, bottom: int) -> None:
        counters = self.m.t.counters
        x, px = x0, 56
        for e in counter_sheet(self.m.ed.module):
            cell_w = len(e.faces) * (px + 8) + 10
            if x + cell_w > x0 + w:
                x, y = x0, y + px + 44
            if y + px + 30 > bottom:
                break
            for n in range(len(e.faces)):
                surf.blit(counters.image({"type": e.piece, "face": n}, px), (x + n * (px + 8), y))
            text(surf, (x, y + px + 10), f"{e.name} ×{e.count}", colours.UI_TEXT, size=11, width=cell_w - 6)
            x += cell_w


# -- tables -----------------------------------------------------------------------------------------

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


# -- reconstructed values --------------------------------------------------------------------------------

def item_words(module, item) -> str:
    """What a reconstructed item is, in words (a table's title and the cell's headers, a
    counter's name, a location's name) rather than its provenance target."""
    ref = item.ref
    try:
        if ref[0] == "cell":
            t = module.tables[ref[1]]
            return (f"{t.title or t.id}: {t.rows.name} {t.rows.values[ref[2]]}, "
                    f"{t.cols.name} {t.cols.values[ref[3]]}")
        if ref[0] in ("piece", "piece_attr"):
            name = module.piece_types[ref[1]].name
            return name if ref[0] == "piece" else f"{name}: {ref[2]}"
        if ref[0] == "location_attr":
            loc = module.locations[ref[1]]
            return f"{loc.name or loc.id}: {ref[2]}"
        if ref[0] == "scenario":
            return f"set-up of {module.scenarios[ref[1]].name}"
    except (KeyError, IndexError):
        pass
    return item.target


class ReconstructedValues(Window):
    """Stepping through the values still marked reconstructed (see the module docstring)."""
    kind = "reconstructed"
    title = "Reconstructed values"

    def __init__(self, mode: "EditMode") -> None:
        super().__init__(mode)
        self.steps = Corrections(mode.ed)
        self.shown = ""
        self.check = ""

    def group(self, g: str | None) -> None:
        self.steps = Corrections(self.m.ed, g)
        self.ui.forget()

    def current(self):
        item = self.steps.current
        key = item.target if item else ""
        if key != self.shown:       # a new item: its fields start from its values
            self.shown = key
            self.ui.forget("value", "source")
        return item

    def correct(self, confirm: bool = False) -> None:
        item = self.current()
        if item is None:
            return
        raw = self.ui.value("value", "").strip()
        value: Any = None
        if not confirm:
            try:
                value = parse_pairs(raw) if item.ref[0] == "piece" else parse_value(raw)
            except ValueError as exc:
                self.m.say(str(exc), error=True)
                return
        self.m.do(correction(item, value, self.ui.value("source", "").strip() or None))

    def check_examples(self) -> None:
        self.m.save()
        check = run_examples(self.m.ed.module.id, self.m.ed.folder)
        self.check = (f"rules' examples: {check.passed} passed, {check.failed} failed"
                      if check.ran else f"rules' examples: not run ({check.note})")
        self.m.say(self.check, error=check.ran and check.failed > 0)

    def body(self, surf, x0: int, y: int, w: int, bottom: int) -> None:
        ui, ed = self.ui, self.m.ed
        items = ed.reconstructed()
        counts = {g: sum(1 for it in items if it.group == g) for g in GROUPS}
        groups = [None] + [g for g in GROUPS if counts[g]]
        bw = min(150, (w - 8) // max(1, len(groups)))
        for k, g in enumerate(groups):
            label = f"all ({len(items)})" if g is None else f"{g} ({counts[g]})"
            ui.button(surf, (x0 + k * (bw + 3), y, bw, 24), label, lambda g=g: self.group(g),
                      on=self.steps.group == g, size=12)
        y += 34
        item = self.current()
        todo = self.steps.items
        if item is None:
            text(surf, (x0, y), "Nothing left to check in this group.", colours.UI_DIM)
            return
        text(surf, (x0, y), f"{self.steps.index + 1} of {len(todo)} · {item.group}", colours.UI_DIM)
        y += 22
        text(surf, (x0, y), item_words(ed.module, item), colours.UI_ACCENT, bold=True, width=w)
        y += 20
        text(surf, (x0, y), item.target, colours.UI_DIM, size=11, width=w)
        y += 20
        if item.ref[0] == "piece":
            img = self.m.t.counters.image({"type": item.ref[1], "face": 0}, 72)
            surf.blit(img, (x0 + w - img.get_width() - 4, y))
        for k, v in item.values[:12]:
            text(surf, (x0 + 10, y), f"{k}", colours.UI_DIM, width=200)
            text(surf, (x0 + 220, y), f"{v}", colours.UI_TEXT, width=w - 320)
            y += 19
        y += 6
        text(surf, (x0, y), "How it was reconstructed:", colours.UI_DIM)
        y += 20
        y += wrapped(surf, (x0 + 10, y), item.source, w - 20, max_lines=5) + 8
        kind = item.ref[0]
        if kind in ("cell", "piece", "piece_attr", "location_attr"):
            initial = pairs_text(item.values) if kind == "piece" else \
                str(item.values[0][1]) if item.values else ""
            text(surf, (x0, y + 4), "Printed value" + (" (key=value)" if kind == "piece" else ""), colours.UI_DIM)
            ui.field(surf, "value", (x0 + 170, y, w - 170, 24), initial, on_submit=lambda _: self.correct())
            y += 30
        text(surf, (x0, y + 4), "Source", colours.UI_DIM)
        ui.field(surf, "source", (x0 + 170, y, w - 170, 24), "",
                 placeholder=DEFAULT_SOURCE.get(kind, "owner's printed component"))
        y += 34
        third = (w - 12) // 5
        for k, (label, fn) in enumerate((("Correct", self.correct), ("Confirm as printed", lambda: self.correct(True)),
                                         ("Skip", self.steps.skip), ("Next", self.steps.next),
                                         ("Check examples", self.check_examples))):
            ui.button(surf, (x0 + k * (third + 3), y, third, 26), label, fn,
                      colour=colours.UI_HILITE if k == 0 else None, size=12)
        y += 34
        if self.check:
            y += text(surf, (x0, y), self.check, colours.UI_DIM) + 4
        y += 6
        text(surf, (x0, y), "Still to check:", colours.UI_DIM, bold=True)
        y += 20
        for nxt in todo[self.steps.index + 1:]:
            if y > bottom - 18:
                break
            text(surf, (x0 + 10, y), item_words(ed.module, nxt), colours.UI_TEXT, size=12, width=w // 2 - 16)
            text(surf, (x0 + w // 2, y), nxt.source, colours.UI_DIM, size=12, width=w // 2)
            y += 17
