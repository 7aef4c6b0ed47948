"""The hand/deck/cup strip along the bottom of the table.

It shows the *seated* side's own hand face up (from that side's view, so never another side's
cards), the other hands as a count, and each deck and cup as a count with Draw and Shuffle
buttons. Cards can be dragged out of the hand onto the map and pieces dropped onto the strip
go into the seated side's hand; the table does both through actions.
"""
from __future__ import annotations

from typing import Callable

import pygame

from engine.model import Module
from engine.rules import Action

from .. import actions, colours, fonts
from ..render_counter import CounterRenderer
from .base import UI_FONT, Button, Widget, draw_panel

PX = 58
HEIGHT = 112


def has_hands(module: Module) -> bool:
    return any(l.kind in ("hand", "deck", "cup") for l in module.locations.values())


class HandPanel(Widget):
    def __init__(self, module: Module, counters: CounterRenderer, rect, on_action: Callable[[Action], None]) -> None:
        super().__init__(rect)
        self.module, self.counters, self.on_action = module, counters, on_action
        self.side = ""
        self.view: dict = {"locations": {}}
        self.cards: list[tuple[pygame.Rect, str, int, dict]] = []   # rect, loc, index, entry
        self.buttons: list[Button] = []
        self.labels: list[tuple[tuple[int, int], str, tuple]] = []

    @property
    def my_hands(self) -> list[str]:
        return [l.id for l in self.module.locations.values() if l.kind == "hand" and self.side and l.owner == self.side]

    def refresh(self, view: dict, side: str) -> None:
        """Re-layout for a new view / seat."""
        self.view, self.side = view, side
        locs = view.get("locations", {})
        x = self.rect.x + 10
        y = self.rect.y + 26
        self.cards, self.buttons, self.labels = [], [], []
        if not side and any(l.kind == "hand" for l in self.module.locations.values()):
            self.labels.append(((x, self.rect.y + 6), "Spectator", colours.UI_ACCENT))
            self.labels.append(((x, self.rect.y + 28), "take a seat to see", colours.UI_DIM))
            self.labels.append(((x, self.rect.y + 46), "your hand", colours.UI_DIM))
            x += 160
        for hid in self.my_hands:
            loc = self.module.locations[hid]
            entries = locs.get(hid, [])
            self.labels.append(((x, self.rect.y + 6), f"{loc.label} ({len(entries)})", colours.UI_ACCENT))
            for k, e in enumerate(entries):
                w, h = self.counters.size(e, PX)
                r = pygame.Rect(x, y, w, h)
                self.cards.append((r, hid, k, e))
                x += w + 6
            x = max(x, self.rect.x + 170) + 16
        for loc in self.module.locations.values():
            if loc.kind == "hand" and loc.id not in self.my_hands:
                n = len(locs.get(loc.id, []))
                self.labels.append(((x, self.rect.y + 6), f"{loc.label}", colours.UI_TEXT))
                self.labels.append(((x, self.rect.y + 28), f"{n} card(s), hidden", colours.UI_DIM))
                x += 160
        for loc in self.module.locations.values():
            if loc.kind not in ("deck", "cup"):
                continue
            n = len(locs.get(loc.id, []))
            self.labels.append(((x, self.rect.y + 6), f"{loc.label}", colours.UI_TEXT))
            self.labels.append(((x, self.rect.y + 28), f"{n} left", colours.UI_DIM))
            mine = self.my_hands
            draw = Button((x, self.rect.y + 50, 70, 24), "Draw",
                          (lambda l=loc.id, h=(mine[0] if mine else ""): self.on_action(actions.draw(self.side, l, h))),
                          enabled=bool(mine) and n > 0)
            shuffle = Button((x + 76, self.rect.y + 50, 74, 24), "Shuffle",
                             lambda l=loc.id: self.on_action(actions.shuffle(self.side, l)), enabled=n > 1)
            self.buttons += [draw, shuffle]
            x += 170

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.refresh(self.view, self.side)

    def hit(self, pos: tuple[int, int]) -> tuple[str, int, dict] | None:
        """The card under ``pos`` as (hand location, index, entry), or None."""
        for r, loc, k, e in self.cards:
            if r.collidepoint(pos):
                return loc, k, e
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        draw_panel(surf, self.rect)
        f = fonts.font(UI_FONT - 1)
        for pos, text, colour in self.labels:
            surf.blit(f.render(text, True, colour), pos)
        for r, loc, k, e in self.cards:
            surf.blit(self.counters.image(e, PX), r)
        for b in self.buttons:
            b.draw(surf)
