"""An immediate-mode helper for the edit mode's panels: a panel redraws its buttons and fields
every frame, and the :class:`Ui` remembers what was drawn where so the next click finds it.
Buttons report what was clicked (a callback); fields are the client's own
:class:`client.widgets.base.TextInput`, kept by name across frames so they hold their text."""
from __future__ import annotations

from typing import Callable

import pygame

from client import colours, fonts
from client.widgets.base import UI_FONT, TextInput


class Ui:
    """What one panel drew last: its rectangle, its buttons' rectangles, its fields."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hits: list[tuple[pygame.Rect, Callable[[], None], str]] = []
        self.inputs: dict[str, TextInput] = {}
        self.drawn: set[str] = set()       # the fields drawn last frame (the others are hidden)
        self.scroll = 0

    def begin(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.hits = []
        self.drawn = set()

    # -- drawing ------------------------------------------------------------------------------------
    def button(self, surf: pygame.Surface, rect, text: str, on_click: Callable[[], None],
               on: bool = False, size: int = UI_FONT - 2, colour=None) -> pygame.Rect:
        r = pygame.Rect(rect)
        bg = colours.darker(colours.UI_ACCENT, 0.55) if on else (colour or colours.UI_BG)
        pygame.draw.rect(surf, bg, r, border_radius=3)
        pygame.draw.rect(surf, colours.UI_EDGE, r, 1, border_radius=3)
        f = fonts.font(size)
        img = f.render(fonts.elide(text, f, r.w - 6), True, colours.UI_TEXT)
        surf.blit(img, img.get_rect(center=r.center))
        self.hits.append((r, on_click, text))
        return r

    def field(self, surf: pygame.Surface, name: str, rect, initial: str = "",
              on_submit: Callable[[str], None] | None = None, placeholder: str = "") -> TextInput:
        """The text field ``name`` (created with ``initial`` the first time)."""
        f = self.inputs.get(name)
        if f is None:
            f = self.inputs[name] = TextInput(rect, initial, placeholder=placeholder, max_len=200)
        f.rect = pygame.Rect(rect)
        f.on_submit = on_submit
        self.drawn.add(name)
        f.draw(surf)
        return f

    def value(self, name: str, default: str = "") -> str:
        f = self.inputs.get(name)
        return f.text if f is not None else default

    def set_value(self, name: str, text: str) -> None:
        if name in self.inputs:
            self.inputs[name].text = text

    def forget(self, *names: str) -> None:
        """Drop fields so they are made afresh (from a new ``initial``) next frame."""
        for n in names or tuple(self.inputs):
            self.inputs.pop(n, None)

    def shown(self) -> list[TextInput]:
        """The fields drawn last frame; a field no longer drawn loses the focus."""
        for name, f in self.inputs.items():
            if name not in self.drawn:
                f.focused = False
        return [f for name, f in self.inputs.items() if name in self.drawn]

    def focused(self) -> bool:
        return any(f.focused for f in self.shown())

    # -- events ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A click inside the panel goes to a field or a button (and never to the map below);
        keys go to the focused field."""
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                for f in self.shown():
                    f.handle(event)
                for r, fn, _ in reversed(self.hits):
                    if r.collidepoint(event.pos):
                        fn()
                        break
            elif event.button in (4, 5):
                self.scroll = max(0, self.scroll + (1 if event.button == 5 else -1))
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll - event.y)
            return True
        if event.type == pygame.KEYDOWN and event.dict.get("mod", pygame.key.get_mods()) & pygame.KMOD_CTRL \
                and event.key != pygame.K_u:
            return False            # Ctrl+Z, Ctrl+S ... reach the command table while typing
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return any(f.focused and f.handle(event) for f in self.shown())
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            return True
        return False

    def click(self, text: str) -> bool:
        """Click the button labelled ``text`` (as drawn last): tests and keyboard shortcuts."""
        for r, fn, label in self.hits:
            if label == text:
                fn()
                return True
        return False


def text(surf: pygame.Surface, pos: tuple[int, int], value: str, colour=None, size: int = UI_FONT - 1,
         bold: bool = False, width: int = 0) -> int:
    """Draw one line (elided to ``width`` when given); returns its height."""
    f = fonts.font(size, bold=bold)
    s = fonts.elide(value, f, width) if width else value
    surf.blit(f.render(s, True, colour or colours.UI_TEXT), pos)
    return f.get_linesize()


def wrapped(surf: pygame.Surface, pos: tuple[int, int], value: str, width: int, colour=None,
            size: int = UI_FONT - 2, max_lines: int = 6) -> int:
    """Draw ``value`` wrapped to ``width``; returns the height used."""
    f = fonts.font(size)
    y = pos[1]
    for line in fonts.wrap(value, f, width)[:max_lines]:
        surf.blit(f.render(line, True, colour or colours.UI_TEXT), (pos[0], y))
        y += f.get_linesize()
    return y - pos[1]
