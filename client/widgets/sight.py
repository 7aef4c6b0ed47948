"""The table's line-of-sight tool (key ``V``): pick an observer hex, then point at (or click) a
target hex; the sight line is drawn between the hex centres — green when clear, red when
blocked (the blocking hex outlined) or too long for the module's sight model — over a one-line
readout citing the module's LoS rules.

Read-only: it asks :func:`client.los.report` (the same answer as ``wartable map MODULE los``)
and never sends an action.
"""
from __future__ import annotations

from typing import Callable

import pygame

from engine.model import Module

from .. import colours, fonts
from engine.los import Report, report
from .base import UI_FONT

ScreenOf = Callable[[str], tuple[int, int]]


class LosTool:
    """The LOS mode's state: ``observer`` and ``target`` hex ids (None until chosen),
    ``pinned`` once the target was clicked, ``report`` for the current pair, ``message`` what
    the readout says before there is a pair (or why a pick was refused)."""

    def __init__(self, module: Module, graph_of: Callable[[], object], observer: str | None = None) -> None:
        self.module = module
        self._graph_of = graph_of
        self.observer: str | None = None
        self.target: str | None = None
        self.pinned = False
        self.report: Report | None = None
        self.message = "LOS: click the observer hex — Esc leaves"
        self.bar: pygame.Rect | None = None
        self.links: list[tuple[pygame.Rect, str]] = []
        self._memo: dict[tuple[str, str], Report] = {}
        if observer is not None:
            self.click(observer)

    def _is_hex(self, loc: str | None) -> bool:
        return loc is not None and loc in self.module.locations and self.module.locations[loc].kind == "hex"

    def _label(self, loc: str) -> str:
        return self.module.locations[loc].label if loc in self.module.locations else loc

    def _ask(self, a: str, b: str) -> Report:
        key = (a, b)
        if key not in self._memo:
            self._memo[key] = report(self.module, self._graph_of(), a, b)
        return self._memo[key]

    @property
    def readout(self) -> str:
        """The one line shown under the map."""
        return self.report.text() if self.report is not None else self.message

    def click(self, loc: str | None) -> None:
        """A click in LOS mode: the first picks the observer, the next pins the target, the one
        after that starts again from a new observer."""
        if self.observer is not None and not self.pinned:
            if loc is None or loc == self.observer:
                return
            self.hover(loc)
            if self.report is not None and not self.report.error and self.target == loc:
                self.pinned = True
            return
        if loc is None:
            return
        if not self._is_hex(loc):
            self.message = f"LOS: line of sight needs two hexes: {self._label(loc)} is a " \
                           f"{self.module.locations[loc].kind} — click the observer hex"
            self.observer = self.target = self.report = None
            self.pinned = False
            return
        self.observer, self.target, self.report, self.pinned = loc, None, None, False
        self.message = f"LOS from {self._label(loc)}: point at the target hex, click to pin it — Esc leaves"

    def hover(self, loc: str | None) -> None:
        """The mouse is over ``loc``: before the target is pinned, it is the target."""
        if self.observer is None or self.pinned or loc is None or loc == self.observer:
            return
        self.target = loc
        if not self._is_hex(loc):
            self.report = Report(self.observer, loc, error=f"line of sight needs two hexes: "
                                 f"{self._label(loc)} is a {self.module.locations[loc].kind}")
            return
        self.report = self._ask(self.observer, loc)

    def handle_click(self, pos: tuple[int, int], on_rule: Callable[[str], None]) -> bool:
        """A click on a rule citation of the readout opens that rule."""
        for r, rule in self.links:
            if r.collidepoint(pos):
                on_rule(rule)
                return True
        return self.bar is not None and self.bar.collidepoint(pos)

    def draw(self, surf: pygame.Surface, area: pygame.Rect, screen_of: ScreenOf,
             outline: Callable[[pygame.Surface, str, tuple], None], top: int = 0) -> None:
        """The line, the markers and the readout bar (at ``top`` below ``area``'s top)."""
        r = self.report
        if self.observer is not None:
            a = screen_of(self.observer)
            if r is not None and not r.error and self.target is not None:
                b = screen_of(self.target)
                colour = colours.LOS_CLEAR if r.clear else colours.LOS_BLOCKED
                if r.blocker is not None:
                    outline(surf, r.blocker, colours.LOS_BLOCKED)
                pygame.draw.line(surf, (20, 20, 20), a, b, 7)
                pygame.draw.line(surf, colour, a, b, 3)
                pygame.draw.circle(surf, colour, b, 6, 2)
            pygame.draw.circle(surf, (20, 20, 20), a, 7)
            pygame.draw.circle(surf, colours.UI_ACCENT, a, 5)
        self._draw_bar(surf, area, top)

    def _draw_bar(self, surf: pygame.Surface, area: pygame.Rect, top: int) -> None:
        f = fonts.font(UI_FONT)
        text = self.readout
        rules = self.report.rules if self.report is not None and not self.report.error else ()
        cut = text.rfind(" — rule") if rules else -1
        head = text if cut < 0 else text[:cut + 3]
        head = fonts.elide(head, f, max(60, area.w - 40 - (90 * len(rules))))
        colour = colours.UI_TEXT
        if self.report is not None and not self.report.error:
            colour = colours.LOS_CLEAR if self.report.clear else colours.UI_ERROR
        img = f.render(head, True, colour)
        rest = [f.render(text[cut + 3:cut + 3 + text[cut + 3:].find(" ") + 1], True, colours.UI_DIM)] if rules else []
        links = [f.render(rule + (", " if i < len(rules) - 1 else ""), True, colours.UI_LINK)
                 for i, rule in enumerate(rules)]
        w = img.get_width() + sum(i.get_width() for i in rest + links) + 20
        bar = pygame.Rect(0, 0, min(w, area.w - 16), img.get_height() + 10)
        bar.midtop = (area.centerx, area.y + 8 + top)
        pygame.draw.rect(surf, (20, 22, 26), bar, border_radius=6)
        pygame.draw.rect(surf, colours.UI_ACCENT, bar, 1, border_radius=6)
        x, y = bar.x + 10, bar.y + 5
        surf.blit(img, (x, y))
        x += img.get_width()
        for i in rest:
            surf.blit(i, (x, y))
            x += i.get_width()
        self.links = []
        for rule, i in zip(rules, links):
            lr = surf.blit(i, (x, y))
            self.links.append((lr, rule))
            x += i.get_width()
        self.bar = bar
