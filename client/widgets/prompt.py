"""The prompt/action panel of rules-enforced play (top of the right-hand column).

It says whose decision it is and shows the ruleset's prompt in full (wrapped), the last
refusal (with its rule), hints for the actions taken on the map or in the hand, and the
legal actions as buttons when they are few. It holds no rules knowledge: the enforced mode
fills it from ``session.prompt()`` and its :class:`client.legal.LegalIndex` and gives each
button the callback that sends its action.

Buttons do not jump under the mouse (issue 18: a click meant for Resolve landed on Cancel when
the prompt wrapped): within one decision (the same side and kind of prompt) a button keeps its
slot while its label is offered — a gone button leaves a gap a new one fills — and the prompt
above them keeps the height it had when the decision came (2 to 6 lines: a longer prompt is
cut with "…" and shown whole as the text's tip). The refusal and the hints, which come and go,
are written below the buttons.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from .. import colours, fonts
from .base import UI_FONT, Button, Widget, draw_panel

BUTTON_H = 24
GAP = 3
PAD = 8
MIN_HEIGHT = 90
TEXT_ROWS = (2, 6)   # the rows a decision's prompt keeps (fewest, most)


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
        self.decision: object = None
        self.slots: list[PanelButton | None] = []        # the buttons in their slots (None: a gap)
        self.text_rows = 0                               # rows kept for the prompt in this decision
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.notes: list[tuple[str, tuple, bool]] = []
        self.notes_y = 0

    # -- content ------------------------------------------------------------------------------
    def set_content(self, header: str, text: str, buttons: list[PanelButton], hints: list[str],
                    refusal: str = "", header_colour: tuple = colours.UI_ACCENT,
                    decision: object = None) -> None:
        """Show this content. ``decision`` names the decision it belongs to: while it stays the
        same, buttons keep their slots and the text keeps its height (see the module doc)."""
        same = decision is not None and decision == self.decision
        self.decision = decision
        self.header, self.text, self.specs, self.hints = header, text, buttons, hints
        self.refusal, self.header_colour = refusal, header_colour
        self.slots = self._slots(buttons) if same else list(buttons)
        if not same:
            self.text_rows = 0
        self.layout()

    def _slots(self, buttons: list[PanelButton]) -> list[PanelButton | None]:
        by_label = {b.label: b for b in buttons}
        slots: list[PanelButton | None] = [by_label.pop(b.label, None) if b is not None else None
                                           for b in self.slots]
        for b in buttons:
            if b.label in by_label:
                gap = next((k for k, s in enumerate(slots) if s is None), None)
                if gap is None:
                    slots.append(b)
                else:
                    slots[gap] = b
                del by_label[b.label]
        while slots and slots[-1] is None:
            slots.pop()
        return slots

    def _text_lines(self, width: int) -> list[tuple[str, tuple, bool]]:
        """The header and the prompt, in the rows kept for this decision."""
        f, fb = fonts.font(UI_FONT - 1), fonts.font(UI_FONT, bold=True)
        head = [(fonts.elide(self.header, fb, width), self.header_colour, True)]
        text = fonts.wrap(self.text, f, width) if self.text else []
        if not self.text_rows:
            self.text_rows = max(TEXT_ROWS[0], min(TEXT_ROWS[1], len(text)))
        if len(text) > self.text_rows:
            text = text[:self.text_rows - 1] + [fonts.elide(" ".join(text[self.text_rows - 1:]) + " …", f, width)]
        return head + [(line, colours.UI_TEXT, False) for line in text]

    def _notes(self, width: int) -> list[tuple[str, tuple, bool]]:
        """The refusal and the hints, under the buttons."""
        f = fonts.font(UI_FONT - 1)
        out = [(line, colours.UI_ERROR, False) for line in fonts.wrap(self.refusal, f, width)] if self.refusal else []
        for hint in self.hints:
            out += [(line, colours.UI_DIM, False) for line in fonts.wrap(hint, f, width)]
        return out

    def _text_height(self) -> int:
        return (1 + self.text_rows) * fonts.font(UI_FONT).get_linesize() + 6

    def wanted_height(self, width: int) -> int:
        """The height showing everything (the table caps it)."""
        width = max(40, width - 2 * PAD)
        self._text_lines(width)
        return max(MIN_HEIGHT, 2 * PAD + self._text_height() + len(self.slots) * (BUTTON_H + GAP)
                   + len(self._notes(width)) * fonts.font(UI_FONT).get_linesize() + 6)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout()

    def layout(self) -> None:
        width = max(40, self.rect.w - 2 * PAD)
        self.lines = self._text_lines(width)
        self.text_rect = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, PAD + self._text_height())
        y = self.rect.y + PAD + self._text_height()
        self.buttons = []
        notes = self._notes(width)
        room = (self.rect.bottom - PAD - y - min(len(notes), 2) * fonts.font(UI_FONT).get_linesize()) \
            // (BUTTON_H + GAP)
        slots = self.slots
        if len(slots) > room:
            slots = slots[:max(0, room - 1)]
        self.hidden_buttons = sum(1 for s in self.slots[len(slots):] if s is not None)
        for spec in slots:
            if spec is not None:
                b = Button((self.rect.x + PAD, y, width, BUTTON_H), spec.label, spec.on_click, spec.tip,
                           spec.enabled)
                b.accent = spec.accent
                self.buttons.append(b)
            y += BUTTON_H + GAP
        self.more_y = y
        if self.hidden_buttons:
            y += fonts.font(UI_FONT).get_linesize()
        self.notes = notes
        self.notes_y = y

    def button(self, text: str) -> Button | None:
        """The first button whose label starts with ``text`` (tests, keyboard)."""
        for b in self.buttons:
            if b.text.startswith(text):
                return b
        return None

    # -- events and drawing ---------------------------------------------------------------------
    def tip_at(self, pos: tuple[int, int]) -> str:
        """The whole label of a button cut short, or the whole prompt, under ``pos`` ("" none)."""
        if self.text_rect.collidepoint(pos) and any(line.endswith("…") for line, _c, _b in self.lines):
            return self.text
        return next((b.tip for b in self.buttons if b.rect.collidepoint(pos) and b.tip and b.tip != b.text), "")

    def handle(self, event: pygame.event.Event) -> bool:
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
        y = self.notes_y
        for text, colour, bold in self.notes:
            surf.blit(fonts.text(text, UI_FONT - 1, colour, bold), (self.rect.x + PAD, y))
            y += step
        surf.set_clip(clip)
