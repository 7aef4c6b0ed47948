"""Synthetic input for the edit mode's tests: clicks, drags, keys and typing as pygame events
handed to the table, and a frame drawn between them (panels know where their buttons are
from the last frame, as on screen)."""
from __future__ import annotations

import pygame

SIZE = (1280, 800)


def frame(t) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    t.draw(surf, complete=True)
    return surf


def click(t, pos, button: int = 1, mod: int = 0) -> None:
    pos = (int(pos[0]), int(pos[1]))
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), mod=mod))
    t.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod))
    t.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod))
    frame(t)


def drag(t, points, mod: int = 0) -> None:
    """Press at the first point, move through the others, release at the last."""
    pts = [(int(x), int(y)) for x, y in points]
    t.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pts[0], button=1, mod=mod))
    for p in pts[1:]:
        t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), mod=mod))
    t.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1, mod=mod))
    frame(t)


def key(t, k: int, mod: int = 0) -> None:
    t.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    frame(t)


def type_text(t, text: str, enter: bool = True) -> None:
    t.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    if enter:
        key(t, pygame.K_RETURN)


def button(t, ui, label: str) -> None:
    """Click the button labelled ``label`` of panel ``ui`` where it was drawn last."""
    frame(t)
    for r, _, text in ui.hits:
        if text == label:
            click(t, r.center)
            return
    raise AssertionError(f"no button {label!r}: {[h[2] for h in ui.hits]}")


def field(t, ui, name: str, text: str) -> None:
    """Click field ``name`` of panel ``ui``, clear it and type ``text`` (no Enter)."""
    frame(t)
    f = ui.inputs[name]
    click(t, f.rect.center)
    key(t, pygame.K_u, pygame.KMOD_CTRL)
    type_text(t, text, enter=False)
