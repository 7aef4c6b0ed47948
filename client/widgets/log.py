"""The log panel: every action's notation (the game record's lines), newest at the bottom,
scrollable, with a chat/notes field underneath (Enter sends the text as a ``note`` action).
A click on a line reports which action it belongs to (``on_pick(index)``: the table reopens
the combat it showed). The newest lines stay in view when the panel changes height."""
from __future__ import annotations

from typing import Callable

import pygame

from .. import colours, fonts
from .base import LINE, UI_FONT, TextInput, Widget, draw_panel


class LogPanel(Widget):
    def __init__(self, rect, on_chat: Callable[[str], None],
                 on_pick: Callable[[int], None] | None = None) -> None:
        super().__init__(rect)
        self.on_pick = on_pick
        self.entries: list[str] = []
        self._parts: list[list[str]] = []
        self.wrapped: list[tuple[int, str]] = []   # (entry number, text line)
        self.owners: list[int] = []                # the entry (0-based) of each wrapped line
        self.top = 0
        self.follow = True
        self.on_chat = on_chat
        self.input = TextInput((0, 0, 0, 0), on_submit=self._submit, placeholder="chat / note — Enter")
        self._layout()

    def _layout(self) -> None:
        self.input.rect = pygame.Rect(self.rect.x + 6, self.rect.bottom - 30, self.rect.w - 12, 24)
        self._wrap()
        if self.follow:   # a shorter panel (the action panel above grew) keeps the newest lines
            self.top = max(0, len(self.wrapped) - self._rows())

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._layout()

    def _submit(self, text: str) -> None:
        text = text.strip()
        if text:
            self.on_chat(text)
        self.input.text = ""

    def set_lines(self, lines: list[str]) -> None:
        """Show these lines (one per action); keeps following the end unless scrolled up.
        Only lines that changed are wrapped again (a long game adds one line at a time)."""
        if lines == self.entries:
            return
        keep = 0
        for a, b in zip(self.entries, lines):
            if a != b:
                break
            keep += 1
        self.entries = list(lines)
        self._wrap(keep)
        if self.follow:
            self.top = max(0, len(self.wrapped) - self._rows())

    def _wrap(self, keep: int = 0) -> None:
        """Re-wrap the lines from entry ``keep`` on (all of them by default)."""
        f = fonts.font(UI_FONT - 2)
        width = max(40, self.rect.w - 40)
        if keep == 0 or getattr(self, "_width", None) != width:
            keep, self._parts = 0, []
        self._width = width
        parts = self._parts[:keep]
        for line in self.entries[keep:]:
            parts.append(fonts.wrap(line, f, width))
        self._parts = parts
        out: list[tuple[int, str]] = []
        owners: list[int] = []
        for n, lines in enumerate(parts, 1):
            for k, part in enumerate(lines):
                out.append((n if k == 0 else 0, part))
                owners.append(n - 1)
        self.wrapped, self.owners = out, owners

    def _rows(self) -> int:
        return max(1, (self.rect.h - LINE - 46) // 17)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.input.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()) or event.dict.get("pos") and self.rect.collidepoint(event.pos):
                rows = self._rows()
                self.top = max(0, min(len(self.wrapped) - rows, self.top - event.y * 3))
                self.follow = self.top >= len(self.wrapped) - rows
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.on_pick is not None:
                k = self.line_at(event.pos)
                if k is not None:
                    self.on_pick(self.owners[k])
            return True
        return False

    def line_at(self, pos: tuple[int, int]) -> int | None:
        """The wrapped line under ``pos`` (an index into :attr:`wrapped`), or None."""
        first = self.rect.y + LINE + 9
        row = (pos[1] - first) // 17
        if pos[1] < first or not 0 <= row < self._rows():
            return None
        k = self.top + row
        return k if k < len(self.wrapped) else None

    def draw(self, surf: pygame.Surface) -> None:
        y = draw_panel(surf, self.rect, f"Log — {len(self.entries)} actions")
        rows = self._rows()
        for n, text in self.wrapped[self.top:self.top + rows]:
            if n:
                num = fonts.text(str(n), UI_FONT - 2, colours.UI_DIM)
                surf.blit(num, (self.rect.x + 30 - num.get_width(), y))
            surf.blit(fonts.text(text, UI_FONT - 2, colours.UI_TEXT), (self.rect.x + 36, y))
            y += 17
        self.input.draw(surf)
