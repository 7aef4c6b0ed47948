"""The counter designer: a counter's nationality, unit type and size (its NATO symbol),
designation, faces and their printed values, how the values are laid out (the module's
``counter_layout`` declaration), back and count, with a live preview drawn by the table's own
counter renderer before anything changes; and the counter sheet (every counter, its faces,
how many)."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from client import colours
from client.render_counter import CounterRenderer
from tools.editor import CounterDesign, DesignCounter, EditError, Element, LayoutSlot, counter_sheet
from tools.editor.ops_counters import layout_table, with_layout

from .ui import text, wrapped
from .window import Window, pairs_text, parse_pairs

if TYPE_CHECKING:
    from .mode import EditMode

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
        pieces = [p for p in module.piece_types.values() if p.kind != "card"]
        self.ui.scroll = min(self.ui.scroll, max(0, len(pieces) - 5))       # (the wheel scrolls the list)
        for i, p in enumerate(pieces[self.ui.scroll:]):
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
