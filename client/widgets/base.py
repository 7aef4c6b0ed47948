"""Small building blocks shared by the panels: a widget base class, buttons, a text field,
a scroll helper and panel drawing.

Conventions: a widget has a screen ``rect``; :meth:`Widget.handle` gets every pygame event
(mouse positions in window coordinates) and returns True when it used it; :meth:`Widget.draw`
paints it. A *modal* widget (dialogs, menus, windows) receives events before the table and
blocks the rest while open. Modifier keys of a mouse event are read from ``event.mod`` when the
event carries one (tests do), else from ``pygame.key.get_mods()``.
"""
from __future__ import annotations

from typing import Callable

import pygame

from .. import colours, fonts

UI_FONT = 15
LINE = 20


def mods(event: pygame.event.Event) -> int:
    """The modifier keys held for ``event``."""
    return event.dict.get("mod", pygame.key.get_mods())


def draw_panel(surf: pygame.Surface, rect: pygame.Rect, title: str = "", alpha: int = 255) -> int:
    """A framed panel; returns the y just below its title bar (or its top)."""
    if alpha < 255:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*colours.UI_PANEL, alpha))
        surf.blit(shade, rect)
    else:
        pygame.draw.rect(surf, colours.UI_PANEL, rect, border_radius=4)
    pygame.draw.rect(surf, colours.UI_EDGE, rect, 1, border_radius=4)
    if not title:
        return rect.y + 4
    bar = pygame.Rect(rect.x + 1, rect.y + 1, rect.w - 2, LINE + 4)
    pygame.draw.rect(surf, colours.UI_BG, bar, border_top_left_radius=4, border_top_right_radius=4)
    f = fonts.font(UI_FONT, bold=True)
    surf.blit(f.render(fonts.elide(title, f, rect.w - 40), True, colours.UI_TEXT), (rect.x + 8, rect.y + 4))
    return bar.bottom + 4


class Widget:
    """Base class: a rectangle that draws itself and may take events."""
    modal = False

    def __init__(self, rect: pygame.Rect | tuple = (0, 0, 0, 0)) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.closed = False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)


class Button(Widget):
    """A text button calling ``on_click`` when clicked."""

    def __init__(self, rect, text: str, on_click: Callable[[], None], tip: str = "",
                 enabled: bool = True) -> None:
        super().__init__(rect)
        self.text, self.on_click, self.tip, self.enabled = text, on_click, tip, enabled
        self.hover = False
        self.accent = False
        self.dim = False       # drawn greyed (unavailable now) but still takes the click
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        bg = colours.UI_HILITE if self.hover and self.enabled else colours.UI_BG
        if self.accent:
            bg = colours.darker(colours.UI_ACCENT, 0.55)
        pygame.draw.rect(surf, bg, self.rect, border_radius=3)
        pygame.draw.rect(surf, colours.UI_EDGE, self.rect, 1, border_radius=3)
        f = fonts.font(UI_FONT - 1)
        img = fonts.text(fonts.elide(self.text, f, self.rect.w - 6), UI_FONT - 1,
                         colours.UI_TEXT if self.enabled and not self.dim else colours.UI_DIM)
        surf.blit(img, img.get_rect(center=self.rect.center))


class TextInput(Widget):
    """A one-line text field. Characters arrive as TEXTINPUT events; Backspace deletes,
    Enter calls ``on_submit(text)``, Escape calls ``on_cancel``. Clicking it focuses it."""

    def __init__(self, rect, text: str = "", on_submit: Callable[[str], None] | None = None,
                 on_cancel: Callable[[], None] | None = None, placeholder: str = "",
                 max_len: int = 500) -> None:
        super().__init__(rect)
        self.text = text
        self.on_submit, self.on_cancel = on_submit, on_cancel
        self.placeholder = placeholder
        self.focused = False
        self.max_len = max_len

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[: self.max_len]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit is not None:
                    self.on_submit(self.text)
            elif event.key == pygame.K_ESCAPE:
                self.focused = False
                if self.on_cancel is not None:
                    self.on_cancel()
            elif event.key == pygame.K_u and mods(event) & pygame.KMOD_CTRL:
                self.text = ""
            return True  # a focused field swallows every key (no shortcuts while typing)
        return False

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, (24, 26, 30), self.rect, border_radius=3)
        pygame.draw.rect(surf, colours.UI_ACCENT if self.focused else colours.UI_EDGE, self.rect, 1,
                         border_radius=3)
        f = fonts.font(UI_FONT)
        shown = self.text or ("" if self.focused else self.placeholder)
        colour = colours.UI_TEXT if self.text else colours.UI_DIM
        img = f.render(shown, True, colour)
        clip = surf.get_clip()
        inner = self.rect.inflate(-8, -2)
        surf.set_clip(inner.clip(clip) if clip else inner)
        x = inner.x if img.get_width() < inner.w - 4 else inner.right - img.get_width() - 4
        surf.blit(img, (x, self.rect.centery - img.get_height() // 2))
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            cx = x + (f.size(self.text)[0] if self.text else 0) + 1
            pygame.draw.line(surf, colours.UI_TEXT, (cx, self.rect.y + 4), (cx, self.rect.bottom - 5))
        surf.set_clip(clip)


class Scroll:
    """Vertical scroll state for a list of ``n`` lines of ``line`` pixels in ``height``."""

    def __init__(self) -> None:
        self.top = 0  # first line shown

    def clamp(self, n: int, visible: int) -> None:
        self.top = max(0, min(self.top, n - visible))

    def wheel(self, dy: int, n: int, visible: int, step: int = 3) -> None:
        self.top -= dy * step
        self.clamp(n, visible)
