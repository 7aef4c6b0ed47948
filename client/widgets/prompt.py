"""The prompt/action panel of rules-enforced play (top of the right-hand column).

It says whose decision it is and shows the ruleset's prompt in full (wrapped), the last
refusal (with its rule), hints for the actions taken on the map or in the hand, and the
legal actions as buttons when they are few. It holds no rules knowledge: the table fills it
from ``session.prompt()`` and its :class:`client.legal.LegalIndex` and gives each button the
callback that sends its action through ``Session.do``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from .. import colours, fonts
from .base import UI_FONT, Button, Widget, draw_panel
from .tooltip import Tooltip

BUTTON_H = 24
GAP = 3
PAD = 8
MIN_HEIGHT = 90


@dataclass
class PanelButton:
    label: str
    on_click: Callable[[], None]
    tip: str = ""
    enabled: bool = True
    accent: bool = False


class ActionPanel(Widget):
    """Header (who acts), prompt, refusal, hints, then one button per row."""

    def __init__(self, rect=(0, 0, 0, 0)) -> None:
        super().__init__(rect)
        self.header = ""
        self.header_colour = colours.UI_ACCENT
        self.text = ""
        self.refusal = ""
        self.hints: list[str] = []
        self.specs: list[PanelButton] = []
        self.buttons: list[Button] = []
        self.lines: list[tuple[str, tuple, bool]] = []   # text, colour, bold
        self.hidden_buttons = 0
        self.tooltip = Tooltip()

    # -- content ------------------------------------------------------------------------------
    def set_content(self, header: str, text: str, buttons: list[PanelButton], hints: list[str],
                    refusal: str = "", header_colour: tuple = colours.UI_ACCENT) -> None:
        self.header, self.text, self.specs, self.hints = header, text, buttons, hints
        self.refusal, self.header_colour = refusal, header_colour
        self.layout()

    def _text_lines(self, width: int) -> list[tuple[str, tuple, bool]]:
        f, fb = fonts.font(UI_FONT - 1), fonts.font(UI_FONT, bold=True)
        out = [(line, self.header_colour, True) for line in fonts.wrap(self.header, fb, width)]
        out += [(line, colours.UI_TEXT, False) for line in fonts.wrap(self.text, f, width)]
        if self.refusal:
            out += [(line, colours.UI_ERROR, False) for line in fonts.wrap(self.refusal, f, width)]
        for hint in self.hints:
            out += [(line, colours.UI_DIM, False) for line in fonts.wrap(hint, f, width)]
        return out

    def wanted_height(self, width: int) -> int:
        """The height showing everything (the table caps it)."""
        lines = self._text_lines(max(40, width - 2 * PAD))
        return max(MIN_HEIGHT, 2 * PAD + len(lines) * fonts.font(UI_FONT).get_linesize()
                   + len(self.specs) * (BUTTON_H + GAP) + 6)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout()

    def layout(self) -> None:
        width = max(40, self.rect.w - 2 * PAD)
        self.lines = self._text_lines(width)
        y = self.rect.y + PAD + len(self.lines) * fonts.font(UI_FONT).get_linesize() + 6
        self.buttons = []
        room = (self.rect.bottom - PAD - y) // (BUTTON_H + GAP)
        specs = self.specs
        if len(specs) > room:
            specs = specs[:max(0, room - 1)]
        self.hidden_buttons = len(self.specs) - len(specs)
        for spec in specs:
            b = Button((self.rect.x + PAD, y, width, BUTTON_H), spec.label, spec.on_click, spec.tip, spec.enabled)
            b.accent = spec.accent
            self.buttons.append(b)
            y += BUTTON_H + GAP
        self.more_y = y

    def button(self, text: str) -> Button | None:
        """The first button whose label starts with ``text`` (tests, keyboard)."""
        for b in self.buttons:
            if b.text.startswith(text):
                return b
        return None

    # -- events and drawing ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.tooltip.hide()
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and b.tip and b.tip != b.text:
                    self.tooltip.show([b.tip], event.pos)
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL) \
            and self.rect.collidepoint(event.dict.get("pos", (-1, -1)))

    def draw(self, surf: pygame.Surface) -> None:
        draw_panel(surf, self.rect)
        clip = surf.get_clip()
        surf.set_clip(self.rect.clip(clip) if clip else self.rect)
        y = self.rect.y + PAD
        step = fonts.font(UI_FONT).get_linesize()
        for text, colour, bold in self.lines:
            surf.blit(fonts.text(text, UI_FONT if bold else UI_FONT - 1, colour, bold), (self.rect.x + PAD, y))
            y += step
        for b in self.buttons:
            b.draw(surf)
        if self.hidden_buttons:
            note = fonts.text(f"+{self.hidden_buttons} more on the map and in the hand", UI_FONT - 2, colours.UI_DIM)
            surf.blit(note, (self.rect.x + PAD, self.more_y))
        surf.set_clip(clip)

    def draw_tooltip(self, surf: pygame.Surface, bounds: pygame.Rect) -> None:
        self.tooltip.draw(surf, bounds)
