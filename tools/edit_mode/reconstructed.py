"""The reconstructed-values panel: every value still marked reconstructed, by group, stepped
through one by one — its value now and how it was reconstructed — corrected (or confirmed as
printed) with the owner's source, and the rules' own examples run against the result."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client import colours
from tools.editor import GROUPS, run_examples
from tools.editor.corrections import DEFAULT_SOURCE, Corrections, correction

from .ui import text, wrapped
from .window import Window, pairs_text, parse_pairs, parse_value

if TYPE_CHECKING:
    from .mode import EditMode

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
