"""The right-click menu: a list of :class:`client.actions.MenuItem`, submenus opening on hover.

A hovered item's ``tip`` (e.g. why a greyed-out item is refused) shows beside it. Picking an
enabled leaf calls ``on_pick(item)`` and closes the whole menu; a click outside or
Escape closes it without picking. Long menus scroll with the wheel.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ..actions import MenuItem
from .. import colours, fonts
from .base import UI_FONT, Widget

ITEM_H = 22


class ContextMenu(Widget):
    modal = True

    def __init__(self, items: list[MenuItem], pos: tuple[int, int], on_pick: Callable[[MenuItem], None],
                 bounds: pygame.Rect, parent: "ContextMenu | None" = None) -> None:
        f = fonts.font(UI_FONT)
        width = min(360, max([f.size(i.label)[0] + (70 if i.key or i.children else 30) for i in items] + [120]))
        height = min(len(items) * ITEM_H + 6, bounds.h - 8)
        x = min(pos[0], bounds.right - width - 2)
        y = min(pos[1], bounds.bottom - height - 2)
        super().__init__((max(bounds.x, x), max(bounds.y, y), width, height))
        self.items, self.on_pick, self.bounds, self.parent = items, on_pick, bounds, parent
        self.hover = -1
        self.sub: ContextMenu | None = None
        self.offset = 0

    def _index(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        i = (pos[1] - self.rect.y - 3) // ITEM_H + self.offset
        return i if 0 <= i < len(self.items) else -1

    def _contains_tree(self, pos) -> bool:
        return self.rect.collidepoint(pos) or (self.sub is not None and self.sub._contains_tree(pos))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.sub is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL) \
                and (event.type == pygame.MOUSEWHEEL or self.sub._contains_tree(event.pos)):
            return self.sub.handle(event)
        if event.type == pygame.MOUSEMOTION:
            i = self._index(event.pos)
            if i >= 0 and i != self.hover:
                self.hover = i
                item = self.items[i]
                self.sub = None
                if item.children and item.enabled:
                    y = self.rect.y + 3 + (i - self.offset) * ITEM_H
                    self.sub = ContextMenu(item.children, (self.rect.right - 4, y), self._picked, self.bounds, self)
            return True
        if event.type == pygame.MOUSEWHEEL:
            visible = (self.rect.h - 6) // ITEM_H
            self.offset = max(0, min(len(self.items) - visible, self.offset - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            i = self._index(event.pos)
            if i < 0:
                self.close()
                return True
            item = self.items[i]
            if item.enabled and not item.children:
                self._picked(item)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _picked(self, item: MenuItem) -> None:
        self.close()
        if self.parent is None:
            self.on_pick(item)
        else:
            self.parent._picked(item)

    def close(self) -> None:
        self.closed = True
        if self.sub is not None:
            self.sub.close()

    def draw(self, surf: pygame.Surface) -> None:
        shadow = self.rect.move(3, 3)
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=4)
        pygame.draw.rect(surf, colours.UI_PANEL, self.rect, border_radius=4)
        pygame.draw.rect(surf, colours.UI_EDGE, self.rect, 1, border_radius=4)
        f = fonts.font(UI_FONT)
        visible = (self.rect.h - 6) // ITEM_H
        for row, item in enumerate(self.items[self.offset:self.offset + visible]):
            i = row + self.offset
            r = pygame.Rect(self.rect.x + 2, self.rect.y + 3 + row * ITEM_H, self.rect.w - 4, ITEM_H)
            if i == self.hover and item.enabled:
                pygame.draw.rect(surf, colours.UI_HILITE, r, border_radius=3)
            colour = colours.UI_TEXT if item.enabled else colours.UI_DIM
            right = "▸" if item.children else item.key
            room = r.w - 16
            if right:
                img = fonts.text(right, UI_FONT - 2, colours.UI_DIM)
                surf.blit(img, (r.right - img.get_width() - 8, r.y + 3))
                room -= img.get_width() + 10
            surf.blit(fonts.text(fonts.elide(item.label, f, room), UI_FONT, tuple(colour)), (r.x + 8, r.y + 2))
        if 0 <= self.hover < len(self.items) and self.items[self.hover].tip and self.sub is None:
            row = self.hover - self.offset
            if 0 <= row < visible:
                from .tooltip import Tooltip
                tip = Tooltip()
                tip.show(fonts.wrap(self.items[self.hover].tip, fonts.font(UI_FONT - 1), 420),
                         (self.rect.right - 12, self.rect.y + 3 + row * ITEM_H))
                tip.draw(surf, self.bounds)
        if self.sub is not None:
            self.sub.draw(surf)
