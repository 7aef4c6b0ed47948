"""The stack inspector: every piece of one location side by side at a readable size, bottom of
the stack on the left, each with its name and its printed values *labelled* in words (the
module's ``counter_layout``: "Combat Factor 5", "Morale 3"; issue 18, friction 2). Pieces can be
clicked (select), right-clicked (menu) and dragged out onto the map; the table does the rest."""
from __future__ import annotations

import pygame

from engine.model import Module

from .. import colours, fonts
from ..render_counter import CounterRenderer
from .base import UI_FONT, Widget, draw_panel

PX = 64
#: Width of one piece's slot: the counter and, right of it, its name and labelled values.
SLOT_W = PX + 150
LINE_H = 15
MAX_LINES = 6


def value_lines(module: Module, counters: CounterRenderer, entry: dict) -> list[str]:
    """The labelled values of view ``entry`` as the inspector lists them (markers and hidden
    pieces have none)."""
    ptype = module.piece_types.get(entry.get("type", ""))
    if ptype is None or entry.get("hidden") or ptype.kind in ("marker", "card"):
        return []
    face = int(entry.get("face", 0) or 0)
    lines = []
    if len(ptype.faces) > 1:
        lines.append(f"side: {ptype.faces[min(face, len(ptype.faces) - 1)].name}")
    for p in counters.layouts.printed(ptype, face):
        lines.append(f"{p.slot.label} {p.text}" if p.text != p.slot.label else p.text)
    return lines


class StackInspector(Widget):
    def __init__(self, module: Module, counters: CounterRenderer, loc: str, entries: list[dict],
                 bounds: pygame.Rect) -> None:
        self.module, self.counters, self.loc = module, counters, loc
        self.bounds = bounds
        self.entries: list[dict] = []
        self.lines: list[list[str]] = []
        self.slots: list[tuple[pygame.Rect, int]] = []
        super().__init__((0, 0, 0, 0))
        self.set_entries(entries)

    def set_entries(self, entries: list[dict]) -> None:
        """Refresh the content (after an action changed the location). A location holding more
        than the labelled slots can show within the bounds (a box of 100 markers) is shown as a
        grid of counters alone, as large as fits (hover or the menu still tells each one)."""
        self.entries = list(entries)
        self.lines = [value_lines(self.module, self.counters, e)[:MAX_LINES] for e in self.entries]
        n = max(1, len(self.entries))
        self.px, self.slot_w, self.compact = PX, SLOT_W, False
        slot_h = max(PX + 8, LINE_H * (1 + max((len(ls) for ls in self.lines), default=0)) + 8)
        per_row, rows = self._grid(n, self.slot_w)
        room = self.bounds.h - 24 - 40
        if rows * slot_h > room:   # too many for labelled slots: counters alone
            self.compact = True
            for px in (PX, 48, 40, 32, 24):
                self.px = px
                self.slot_w = slot_h = px + 6
                per_row, rows = self._grid(n, self.slot_w)
                if rows * slot_h <= room:
                    break
            rows = min(rows, max(1, room // slot_h))   # (the smallest size shows what fits)
        w = max(per_row * self.slot_w + 20, min(360, self.bounds.w - 24))
        h = rows * slot_h + 40
        self.rect = pygame.Rect(self.bounds.x + 12, self.bounds.bottom - h - 12, w, h)
        self.slots = []
        for k in range(min(len(self.entries), per_row * rows)):
            col, row = k % per_row, k // per_row
            r = pygame.Rect(self.rect.x + 14 + col * self.slot_w, self.rect.y + 32 + row * slot_h, self.px, self.px)
            self.slots.append((r, k))

    def _grid(self, n: int, slot_w: int) -> tuple[int, int]:
        """(slots per row, rows) for ``n`` pieces in slots ``slot_w`` wide."""
        per_row = max(1, min(n, (self.bounds.w - 40) // slot_w))
        return per_row, (n + per_row - 1) // per_row

    def hit(self, pos: tuple[int, int]) -> int | None:
        """Index (bottom = 0) of the piece under ``pos``, or None."""
        for r, k in self.slots:
            if r.collidepoint(pos):
                return k
        return None

    def close_box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 24, self.rect.y + 4, 18, 18)

    def draw(self, surf: pygame.Surface) -> None:
        label = self.module.locations[self.loc].label if self.loc in self.module.locations else self.loc
        shown = f" (the first {len(self.slots)})" if len(self.slots) < len(self.entries) else ""
        draw_panel(surf, self.rect, f"{label} — {len(self.entries)} piece(s){shown}, bottom → top")
        cb = self.close_box()
        pygame.draw.line(surf, colours.UI_TEXT, cb.topleft, cb.bottomright, 2)
        pygame.draw.line(surf, colours.UI_TEXT, cb.bottomleft, cb.topright, 2)
        f = fonts.font(UI_FONT - 3, bold=True)
        small = fonts.font(UI_FONT - 4)
        text_w = SLOT_W - PX - 18
        for r, k in self.slots:
            e = self.entries[k]
            img = self.counters.image(e, self.px)
            surf.blit(img, img.get_rect(center=r.center))
            if e.get("markers"):
                y = r.bottom
                for m in e["markers"][:3]:
                    t = self.counters.tag(m, self.px)
                    y -= t.get_height()
                    surf.blit(t, (r.x - 4, y))
            if self.compact:
                continue
            ptype = self.module.piece_types.get(e.get("type", ""))
            name = ptype.name if ptype and not e.get("hidden") else (e.get("back") or "hidden")
            x, y = r.right + 8, r.y
            surf.blit(f.render(fonts.elide(name, f, text_w), True, colours.UI_TEXT), (x, y))
            for line in self.lines[k]:
                y += LINE_H
                surf.blit(small.render(fonts.elide(line, small, text_w), True, colours.UI_DIM), (x, y))
