"""The top bar (game, turn/phase from the globals, the prompt, the seat, buttons) and the
message toasts (errors and refusals, with a clickable rule citation)."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import pygame

from .. import colours, fonts
from .base import UI_FONT, Button, Widget

HEIGHT = 30

#: Global names shown in the bar, in this order, when the game has them.
SHOWN_GLOBALS = ("turn", "phase", "step", "round", "action_round", "active", "initiative", "vp")


def turn_text(globals_: dict) -> str:
    """``"Turn 3 · Phase movement · Active red"`` from the view's globals."""
    bits = []
    for key in SHOWN_GLOBALS:
        if key in globals_ and not isinstance(globals_[key], (dict, list)):
            bits.append(f"{key.replace('_', ' ').capitalize()} {globals_[key]}")
    return " · ".join(bits)


class StatusBar(Widget):
    """The top bar. Its buttons are the command table's (:mod:`client.commands`): one per
    command with a ``bar`` text, greyed (its reason as the tip) when unavailable now."""

    def __init__(self, rect, commands) -> None:
        super().__init__(rect)
        self.left = ""
        self.middle = ""
        self.commands = commands
        self.buttons: list[Button] = []
        self.layout()

    def layout(self) -> None:
        f = fonts.font(UI_FONT - 1)
        x = self.rect.right - 4
        self.buttons = []
        for c in reversed(self.commands.bar()):
            text = c.bar_text()
            w = f.size(text)[0] + 16
            x -= w + 4
            reason = c.unavailable()
            b = Button((x, self.rect.y + 3, w, self.rect.h - 6), text, lambda cid=c.id: self.commands.run(cid),
                       reason.format(key=text) if reason else (f"{c.help or c.label} ({c.key_names})"
                                                             if c.keys else c.help or c.label))
            b.dim = bool(reason)
            b.cid = c.id
            self.buttons.append(b)
        self.buttons.reverse()
        self.text_right = x - 8

    def set_rect(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout()

    def button(self, text: str) -> Button | None:
        for b in self.buttons:
            if b.text.startswith(text):
                return b
        return None

    def tip_at(self, pos: tuple[int, int]) -> str:
        """The tip of the button under ``pos`` ("" none)."""
        return next((b.tip for b in self.buttons if b.rect.collidepoint(pos)), "")

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, colours.UI_BG, self.rect)
        pygame.draw.line(surf, colours.UI_EDGE, self.rect.bottomleft, self.rect.bottomright)
        fb, f = fonts.font(UI_FONT, bold=True), fonts.font(UI_FONT - 1)
        x = self.rect.x + 8
        room = self.text_right - x
        left = fonts.elide(self.left, fb, max(60, min(fb.size(self.left)[0], room - min(room // 2, f.size(self.middle)[0]))))
        img = fonts.text(left, UI_FONT, colours.UI_ACCENT, True)
        surf.blit(img, (x, self.rect.y + 6))
        x += img.get_width() + 14
        room = self.text_right - x
        if room > 30:
            img = fonts.text(fonts.elide(self.middle, f, room), UI_FONT - 1, colours.UI_TEXT)
            surf.blit(img, (x, self.rect.y + 7))
        for b in self.buttons:
            b.accent = self.commands[b.cid].active()   # a mode that is on (line of sight)
            b.draw(surf)


@dataclass
class Toast:
    text: str
    rule: str
    until: float
    error: bool


class Toasts(Widget):
    """Short-lived messages stacked at the bottom centre of the map; a refusal citing a rule
    shows ``rule X`` as a link calling ``on_rule(rule)``."""

    def __init__(self, on_rule: Callable[[str], None]) -> None:
        super().__init__((0, 0, 0, 0))
        self.items: list[Toast] = []
        self.on_rule = on_rule
        self.links: list[tuple[pygame.Rect, str]] = []

    def show(self, text: str, rule: str = "", error: bool = False, seconds: float = 5.0) -> None:
        self.items.append(Toast(text, rule, time.monotonic() + seconds + (4 if rule else 0), error))
        self.items = self.items[-4:]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, rule in self.links:
                if r.collidepoint(event.pos):
                    self.on_rule(rule)
                    return True
        return False

    def draw(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        now = time.monotonic()
        self.items = [t for t in self.items if t.until > now]
        self.links = []
        y = area.bottom - 16
        f = fonts.font(UI_FONT)
        for t in reversed(self.items):
            img = f.render(t.text, True, colours.UI_ERROR if t.error else colours.UI_TEXT)
            link = fonts.render(f"rule {t.rule} ›", UI_FONT, colours.UI_LINK) if t.rule else None
            w = img.get_width() + (link.get_width() + 16 if link else 0) + 24
            r = pygame.Rect(0, 0, w, img.get_height() + 12)
            r.midbottom = (area.centerx, y)
            pygame.draw.rect(surf, (20, 22, 26), r, border_radius=6)
            pygame.draw.rect(surf, colours.UI_ERROR if t.error else colours.UI_EDGE, r, 1, border_radius=6)
            surf.blit(img, (r.x + 12, r.y + 6))
            if link is not None:
                lr = link.get_rect(topleft=(r.x + 28 + img.get_width(), r.y + 6))
                surf.blit(link, lr)
                self.links.append((lr, t.rule))
            y = r.top - 6
