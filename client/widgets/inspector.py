"""The stack inspector: every piece of one location shown side by side at a readable size,
bottom of the stack on the left. Pieces can be clicked (select), right-clicked (menu) and
dragged out onto the map; the table does the rest."""
from __future__ import annotations

import pygame

from engine.model import Module

from .. import colours, fonts
from ..render_counter import CounterRenderer
from .base import UI_FONT, Widget, draw_panel

PX = 64


class StackInspector(Widget):
    def __init__(self, module: Module, counters: CounterRenderer, loc: str, entries: list[dict],
                 bounds: pygame.Rect) -> None:
        self.module, self.counters, self.loc = module, counters, loc
        self.bounds = bounds
        self.entries: list[dict] = []
        self.slots: list[tuple[pygame.Rect, int]] = []
        super().__init__((0, 0, 0, 0))
        self.set_entries(entries)

    def set_entries(self, entries: list[dict]) -> None:
        """Refresh the content (after an action changed the location)."""
        self.entries = list(entries)
        n = max(1, len(self.entries))
        per_row = max(1, min(n, (self.bounds.w - 40) // (PX + 12)))
        rows = (n + per_row - 1) // per_row
        w = max(per_row * (PX + 12) + 20, min(360, self.bounds.w - 24))
        h = rows * (PX + 30) + 40
        self.rect = pygame.Rect(self.bounds.x + 12, self.bounds.bottom - h - 12, w, h)
        self.slots = []
        for k in range(len(self.entries)):
            col, row = k % per_row, k // per_row
            r = pygame.Rect(self.rect.x + 14 + col * (PX + 12), self.rect.y + 32 + row * (PX + 30), PX, PX)
            self.slots.append((r, k))

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
        draw_panel(surf, self.rect, f"{label} — {len(self.entries)} piece(s), bottom → top")
        cb = self.close_box()
        pygame.draw.line(surf, colours.UI_TEXT, cb.topleft, cb.bottomright, 2)
        pygame.draw.line(surf, colours.UI_TEXT, cb.bottomleft, cb.topright, 2)
        f = fonts.font(UI_FONT - 4)
        for r, k in self.slots:
            e = self.entries[k]
            img = self.counters.image(e, PX)
            surf.blit(img, img.get_rect(center=r.center))
            if e.get("markers"):
                y = r.bottom
                for m in e["markers"][:3]:
                    t = self.counters.tag(m, PX)
                    y -= t.get_height()
                    surf.blit(t, (r.x - 4, y))
            ptype = self.module.piece_types.get(e.get("type", ""))
            name = ptype.name if ptype and not e.get("hidden") else (e.get("back") or "hidden")
            txt = f.render(fonts.elide(name, f, PX + 10), True, colours.UI_TEXT)
            surf.blit(txt, txt.get_rect(midtop=(r.centerx, r.bottom + 3)))
