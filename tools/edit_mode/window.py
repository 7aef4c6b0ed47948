"""What the edit mode's windows share: a window over the map left of the tool panel, and how
what the user types becomes a value (``4``, ``2.5``, ``true``, ``DR``) or values
(``cf=4 mf=3``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.widgets.base import draw_panel
from engine.model import Value

from .ui import Ui

if TYPE_CHECKING:
    from .mode import EditMode


def parse_value(s: str) -> Value:
    """What the user typed as a value: an integer, a decimal, true/false, else text."""
    s = s.strip()
    for kind in (int, float):
        try:
            return kind(s)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(s.lower(), s)


def parse_pairs(s: str) -> dict[str, Value]:
    """``"cf=4 mf=3"`` → ``{"cf": 4, "mf": 3}`` (ValueError on a pair without ``=``)."""
    out: dict[str, Value] = {}
    for part in s.replace(",", " ").split():
        k, eq, v = part.partition("=")
        if not eq or not k:
            raise ValueError(f"{part!r}: write values as key=value (cf=4 mf=3)")
        out[k] = parse_value(v)
    return out


def pairs_text(values) -> str:
    return " ".join(f"{k}={v}" for k, v in dict(values).items())


class Window:
    """A window over the map, left of the tool panel."""
    kind = ""
    title = ""

    def __init__(self, mode: "EditMode") -> None:
        self.m = mode
        self.ui = Ui()

    def rect(self) -> pygame.Rect:
        mr, pr = self.m.t.map_rect, self.m.panel.rect()
        return pygame.Rect(mr.x + 10, mr.y + 10, max(200, pr.x - mr.x - 20), mr.h - 20)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.ui.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        rect = self.rect()
        self.ui.begin(rect)
        y = draw_panel(surf, rect, self.title)
        self.ui.button(surf, (rect.right - 28, rect.y + 3, 22, 20), "×", self.close)
        self.body(surf, rect.x + 10, y + 4, rect.w - 20, rect.bottom - 8)

    def close(self) -> None:
        self.m.window = None

    def body(self, surf: pygame.Surface, x0: int, y: int, w: int, bottom: int) -> None:
        raise NotImplementedError
