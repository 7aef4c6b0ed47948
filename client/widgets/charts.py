"""The charts window: every Table of the module as a readable grid, and the rules index.

Left: the list of tables and a "Rules" entry. Right: the chosen table (row axis down the
left, column axis across the top, its rule citation as a link and its notes), or the rules.
A cited rule (a refusal's link, a table's rule) opens at that rule: its own words first, as
the ruleset gives them (:meth:`engine.rules.Ruleset.rule_text`: the module's index, or the
ruleset's rulebook), then every rule with the cited one highlighted and scrolled into view; a
rule the text lacks shows its nearest parent and says so. Content is rendered once per choice
into a surface and scrolled with the wheel (Shift+wheel: sideways).
"""
from __future__ import annotations

import re

import pygame

from engine import rulebook
from engine.model import Module, Table

from .. import colours, fonts
from .base import LINE, UI_FONT, Widget, draw_panel, mods

RULES = "__rules__"
#: Tables that tell the table how to draw (counters, map art), not charts a player reads.
DRAWING_TABLES = frozenset({"counter_layout", "map_art"})


def _rule_key(rule: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"[.\s]+", rule) if p)


class ChartsWindow(Widget):
    modal = True

    def __init__(self, module: Module, bounds: pygame.Rect, show: str | None = None, rule: str | None = None,
                 ruleset=None) -> None:
        r = pygame.Rect(0, 0, min(1100, bounds.w - 40), min(760, bounds.h - 40))
        r.center = bounds.center
        super().__init__(r)
        self.module = module
        #: every rule's words by number (the ruleset's, else the module's index)
        self.texts: dict[str, str] = ruleset.rule_texts() if ruleset is not None else dict(module.rules_index)
        self.items: list[tuple[str, str]] = [(t.id, t.title or t.id) for t in module.tables.values()
                                             if t.id not in DRAWING_TABLES]
        self.items.append((RULES, f"Rules ({len(self.texts)})"))
        self.current = show or (self.items[0][0] if self.items else RULES)
        self.rule = rule
        self.sx = self.sy = 0
        self.content: pygame.Surface | None = None
        self.links: list[tuple[pygame.Rect, str]] = []
        self.list_top = 0
        self._render()
        if rule is not None:
            self.open_rule(rule)

    # -- navigation ---------------------------------------------------------------------------
    def open_rule(self, rule: str) -> None:
        """Show ``rule``'s words on top of the rules, the rule highlighted below (its nearest
        parent if the text lacks it), scrolled to the top: the cited rule is what shows."""
        self.current, self.rule = RULES, rule
        self._render()
        self.sy = 0

    def _resolve(self, rule: str) -> str:
        found = rulebook.lookup(self.texts, rule)
        return found[0] if found else rule.strip()

    def select(self, item: str) -> None:
        self.current = item
        self.sx = self.sy = 0
        self._render()

    def _view_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 232, self.rect.y + 36, self.rect.w - 244, self.rect.h - 48)

    def _list_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 8, self.rect.y + 36, 216, self.rect.h - 48)

    # -- rendering --------------------------------------------------------------------------------
    def _render(self) -> None:
        self.links = []
        self._rule_y: dict[str, int] = {}
        if self.current == RULES:
            self.content = self._render_rules()
        else:
            table = self.module.tables.get(self.current)
            self.content = self._render_table(table) if table else pygame.Surface((10, 10))

    def _render_table(self, t: Table) -> pygame.Surface:
        f, fb = fonts.font(UI_FONT), fonts.font(UI_FONT, bold=True)
        cols = [str(v) for v in t.cols.values]
        rows = [str(v) for v in t.rows.values]
        corner = f"{t.rows.name} \\ {t.cols.name}"
        w0 = max([fb.size(r)[0] for r in rows] + [fb.size(corner)[0]]) + 16
        widths = []
        for j, c in enumerate(cols):
            cells = [str(t.cells[i][j]) if j < len(t.cells[i]) else "" for i in range(len(rows))]
            widths.append(max([fb.size(c)[0]] + [f.size(x)[0] for x in cells]) + 16)
        rh = LINE + 6
        width = w0 + sum(widths) + 2
        view_w = self._view_rect().w
        notes = fonts.wrap(t.notes, fonts.font(UI_FONT - 1), max(300, view_w - 20)) if t.notes else []
        height = 44 + rh * (len(rows) + 1) + 40 + len(notes) * LINE
        surf = pygame.Surface((max(width, view_w), height))
        surf.fill((250, 248, 240))
        surf.blit(fonts.render(t.title, UI_FONT + 3, (20, 20, 20), bold=True), (4, 6))
        y0 = 40
        pygame.draw.rect(surf, (214, 208, 190), (0, y0, width, rh))
        pygame.draw.rect(surf, (226, 222, 206), (0, y0, w0, rh * (len(rows) + 1)))
        surf.blit(fb.render(corner, True, (60, 60, 60)), (6, y0 + 4))
        x = w0
        for j, c in enumerate(cols):
            img = fb.render(c, True, (20, 20, 20))
            surf.blit(img, (x + (widths[j] - img.get_width()) // 2, y0 + 4))
            x += widths[j]
        for i, r in enumerate(rows):
            y = y0 + rh * (i + 1)
            if i % 2:
                pygame.draw.rect(surf, (240, 236, 224), (w0, y, width - w0, rh))
            surf.blit(fb.render(r, True, (20, 20, 20)), (6, y + 4))
            x = w0
            for j in range(len(cols)):
                v = str(t.cells[i][j]) if j < len(t.cells[i]) else ""
                img = f.render(v, True, (10, 10, 10))
                surf.blit(img, (x + (widths[j] - img.get_width()) // 2, y + 4))
                x += widths[j]
        for k in range(len(rows) + 2):
            pygame.draw.line(surf, (170, 160, 140), (0, y0 + k * rh), (width, y0 + k * rh))
        x = w0
        pygame.draw.line(surf, (120, 110, 90), (w0, y0), (w0, y0 + rh * (len(rows) + 1)), 2)
        for w in widths:
            x += w
            pygame.draw.line(surf, (170, 160, 140), (x, y0), (x, y0 + rh * (len(rows) + 1)))
        y = y0 + rh * (len(rows) + 1) + 10
        if t.rule:
            img = fonts.render(f"rule {t.rule}", UI_FONT, (30, 80, 190))
            surf.blit(img, (4, y))
            pygame.draw.line(surf, (30, 80, 190), (4, y + img.get_height()), (4 + img.get_width(), y + img.get_height()))
            self.links.append((img.get_rect(topleft=(4, y)), t.rule))
            y += LINE + 6
        for line in notes:
            surf.blit(fonts.render(line, UI_FONT - 1, (70, 60, 50)), (4, y))
            y += LINE
        return surf

    def _cited(self, width: int) -> list[tuple[str, str, bool]]:
        """The cited rule's block: its number and words (or why they are missing)."""
        f = fonts.font(UI_FONT)
        found = rulebook.lookup(self.texts, self.rule or "")
        asked = rulebook.number(self.rule or "") or (self.rule or "")
        if found is None:
            head = [(asked, f"Rule {asked} is not in this game's rules text.", True)]
            return head + [("", "", False)]
        rule, text = found
        block = [] if rule == asked else [("", f"{asked} is not in this game's rules text; "
                                                f"its nearest parent:", True)]
        wrapped = [line for para in text.split("\n") for line in fonts.wrap(para, f, width - 90)]
        block += [(rule if k == 0 else "", line, True) for k, line in enumerate(wrapped)]
        return block + [("", "", False), ("", "All rules:", False)]

    def _render_rules(self) -> pygame.Surface:
        f, fb = fonts.font(UI_FONT), fonts.font(UI_FONT, bold=True)
        width = self._view_rect().w
        lines: list[tuple[str, str, bool]] = self._cited(width) if self.rule else []
        top = len(lines)
        want = self._resolve(self.rule) if self.rule else None
        for rule in sorted(self.texts, key=_rule_key):
            wrapped = [l for para in self.texts[rule].split("\n") for l in fonts.wrap(para, f, width - 90)]
            for k, line in enumerate(wrapped):
                lines.append((rule if k == 0 else "", line, rule == want))
        if len(lines) == top:
            lines.append(("", "This module has no rules text.", False))
        surf = pygame.Surface((width, max(40, len(lines) * LINE + 12)))
        surf.fill((250, 248, 240))
        y = 6
        for k, (rule, line, hot) in enumerate(lines):
            if hot:
                pygame.draw.rect(surf, (255, 236, 160), (0, y - 1, width, LINE))
            if rule and k >= top:
                self._rule_y[rule] = y
                surf.blit(fb.render(rule, True, (120, 30, 30)), (6, y))
            surf.blit(f.render(line, True, (20, 20, 20)), (84, y))
            y += LINE
        return surf

    # -- events -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        vr, lr = self._view_rect(), self._list_rect()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_c):
            self.close()
            return True
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if lr.collidepoint(pos):
                self.list_top = max(0, min(len(self.items) - lr.h // LINE, self.list_top - event.y))
            elif mods(event) & pygame.KMOD_SHIFT:
                self.sx = max(0, min(self.content.get_width() - vr.w, self.sx - event.y * 40))
            else:
                self.sy = max(0, min(self.content.get_height() - vr.h, self.sy - event.y * 40))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._close_rect().collidepoint(event.pos) or not self.rect.collidepoint(event.pos):
                self.close()
                return True
            if lr.collidepoint(event.pos):
                i = self.list_top + (event.pos[1] - lr.y) // LINE
                if 0 <= i < len(self.items):
                    self.select(self.items[i][0])
                return True
            if vr.collidepoint(event.pos):
                cx, cy = event.pos[0] - vr.x + self.sx, event.pos[1] - vr.y + self.sy
                for r, rule in self.links:
                    if r.collidepoint(cx, cy):
                        self.open_rule(rule)
                        return True
        return True

    def _close_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 24, self.rect.y + 4, 18, 18)

    def draw(self, surf: pygame.Surface) -> None:
        draw_panel(surf, self.rect, "Charts and rules — Esc to close")
        cb = self._close_rect()
        pygame.draw.line(surf, colours.UI_TEXT, cb.topleft, cb.bottomright, 2)
        pygame.draw.line(surf, colours.UI_TEXT, cb.bottomleft, cb.topright, 2)
        lr, vr = self._list_rect(), self._view_rect()
        f = fonts.font(UI_FONT - 1)
        for k, (item, title) in enumerate(self.items[self.list_top:self.list_top + lr.h // LINE]):
            r = pygame.Rect(lr.x, lr.y + k * LINE, lr.w, LINE)
            if item == self.current:
                pygame.draw.rect(surf, colours.UI_HILITE, r, border_radius=3)
            surf.blit(f.render(fonts.elide(title, f, lr.w - 8), True,
                               colours.UI_ACCENT if item == RULES else colours.UI_TEXT), (r.x + 4, r.y + 2))
        if self.content is not None:
            surf.blit(self.content, vr.topleft, pygame.Rect(self.sx, self.sy, vr.w, vr.h))
        pygame.draw.rect(surf, colours.UI_EDGE, vr, 1)
