"""The combat panel (issue 18, friction 4): a combat shown to both players, as the rules
reported it (:mod:`engine.reports`) — before the dice the odds or columns and every shift with
its reason, then the dice, the row and column read, the result, the losses and the retreat.

:class:`CombatWatch` decides when it shows: a report in the seated side's view that this seat
has not dismissed (so in hot-seat play the defender sees it after the hand-over even if the
attacker closed it), or a past report reopened from the log. It stays until dismissed (its ×,
or Escape). :func:`reports_in` finds every report of the game record (each is a ``SetGlobal``
of ``combat_report``), which the log marks and reopens.
"""
from __future__ import annotations

import json
from typing import Callable

import pygame

from engine import commands as C
from engine.reports import GLOBAL as REPORT

from .. import colours, fonts
from .base import UI_FONT, Widget, draw_panel

WIDTH = 390
PAD = 10
DIE = 26


def report_key(report: dict) -> str:
    return json.dumps(report, sort_keys=True, default=str)


def reports_in(entries) -> dict[int, dict]:
    """Entry index → the last combat report that entry wrote (its ``SetGlobal``)."""
    found: dict[int, dict] = {}
    for i, e in enumerate(entries):
        for cmd in e.commands:
            if isinstance(cmd, C.SetGlobal) and cmd.key == REPORT and isinstance(cmd.value, dict):
                found[i] = cmd.value
    return found


class CombatWatch:
    """When the combat panel shows, per seat."""

    def __init__(self) -> None:
        self.current: dict | None = None      # the report in the seated side's view
        self.reopened: dict | None = None     # a report reopened from the log
        self.dismissed: dict[str, str] = {}   # seat → key of the report it closed

    def update(self, view_globals: dict) -> None:
        report = view_globals.get(REPORT)
        self.current = report if isinstance(report, dict) else None

    def shown(self, side: str) -> dict | None:
        """The report the panel shows to ``side`` now, or None."""
        if self.reopened is not None:
            return self.reopened
        if self.current is not None and self.dismissed.get(side) != report_key(self.current):
            return self.current
        return None

    def dismiss(self, side: str) -> None:
        if self.current is not None:
            self.dismissed[side] = report_key(self.current)
        self.reopened = None

    def reopen(self, report: dict) -> None:
        self.reopened = report

    # -- past combats, from the game record ----------------------------------------------------------
    def why_not(self, entries) -> str | None:
        """Why there is no combat to show (None: there is one)."""
        return None if self.current is not None or reports_in(entries[-200:]) else "no combat yet"

    def show_last(self, entries) -> None:
        """Reopen the combat in the view, else the last one the record holds."""
        found = reports_in(entries[-200:])
        report = self.current or (found[max(found)] if found else None)
        if report is not None:
            self.reopen(report)

    def open_logged(self, entries, index: int) -> None:
        """A click on the log's line ``index``: reopen the combat that action showed, if any."""
        found = reports_in([entries[index]]) if 0 <= index < len(entries) else {}
        if found:
            self.reopen(found[0])


class CombatPanel(Widget):
    """Draws one report. ``side_name`` turns side ids into words, ``table_name`` table ids."""

    def __init__(self, side_name: Callable[[str], str], table_name: Callable[[str], str],
                 on_close: Callable[[], None], words: Callable[[str], str] = str) -> None:
        super().__init__((0, 0, WIDTH, 10))
        self.side_name, self.table_name, self.on_close = side_name, table_name, on_close
        self.words = words
        self.report: dict | None = None
        self._rows: list[tuple] = []

    def set_report(self, report: dict | None, area: pygame.Rect) -> None:
        """Show ``report`` (None: nothing) at the top right of ``area``."""
        if report is not self.report or self.rect.topright != (area.right - 12, area.y + 12):
            self.report = report
            self._rows = self._layout(report) if report is not None else []
            height = sum(r[0] for r in self._rows) + 2 * PAD + 28
            self.rect = pygame.Rect(0, 0, min(WIDTH, area.w - 24), min(height, area.h - 24))
            self.rect.topright = (area.right - 12, area.y + 12)

    def texts(self) -> list[str]:
        """Every text the panel shows now, dice faces included (tests)."""
        out = [self.report.get("title", "Combat")] if self.report is not None else []
        for _h, kind, payload in self._rows:
            if kind == "text":
                out.append(payload[0])
            elif kind == "dice":
                out += payload
        return out

    def close_box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 24, self.rect.y + 4, 18, 18)

    # -- content -------------------------------------------------------------------------------------
    def _layout(self, r: dict) -> list[tuple]:
        """Rows as (height, kind, payload): text rows, dice rows and rules."""
        f = fonts.font(UI_FONT - 1)
        width = WIDTH - 2 * PAD
        line = f.get_linesize()
        rows: list[tuple] = []

        def text(value: str, colour=colours.UI_TEXT, bold: bool = False, indent: int = 0) -> None:
            for part in fonts.wrap(self.words(value), fonts.font(UI_FONT - 1, bold), width - indent):
                rows.append((line, "text", (part, colour, bold, indent)))

        att, dfn = self.side_name(r.get("attacker", "")), self.side_name(r.get("defender", ""))
        text(f"{att} attacks {dfn}", colours.UI_DIM)
        declared = r.get("stage") == "declared"
        text("Declared — the odds before the dice" if declared else "Resolved",
             colours.UI_ACCENT, bold=True)
        for item in r.get("lines", []):
            rows.append((6, "gap", None))
            who = self.side_name(item.get("who", "")) if item.get("who") else ""
            text(f"{who}: {item['what']}" if who else item["what"], bold=True)
            where = []
            table = self.table_name(item["table"]) if item.get("table") else ""
            if table and table.split(" (")[0] not in item["what"]:   # unless the line names it
                where.append(table)
            if item.get("column") not in (None, ""):
                where.append(f"column {item['column']}")
            if item.get("row") not in (None, ""):
                where.append(f"row {item['row']}")
            if where:
                text(" · ".join(where), colours.UI_DIM, indent=12)
            for reason, amount in item.get("shifts", []):
                text(f"{amount:+d}  {reason}", colours.UI_TEXT, indent=12)
            if item.get("dice"):
                rows.append((DIE + 6, "dice", [str(d) for d in item["dice"]]))
            if item.get("result") not in (None, ""):
                text(f"→ {item['result']}", colours.UI_ACCENT, bold=True, indent=12)
        if r.get("outcome"):
            rows.append((6, "gap", None))
            for sentence in r["outcome"]:
                text(f"• {sentence}")
        rows.append((6, "gap", None))
        text("Esc or × closes it; the log's ⚔ lines reopen a combat.", colours.UI_DIM)
        return rows

    # -- events and drawing --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.report is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1 and self.close_box().collidepoint(event.pos):
                self.on_close()
            return True
        return event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos)

    def draw(self, surf: pygame.Surface) -> None:
        r = self.report
        if r is None:
            return
        y = draw_panel(surf, self.rect, self.words(r.get("title", "Combat")))
        cb = self.close_box()
        pygame.draw.line(surf, colours.UI_TEXT, cb.move(4, 4).topleft, cb.move(-4, -4).bottomright, 2)
        pygame.draw.line(surf, colours.UI_TEXT, (cb.x + 4, cb.bottom - 4), (cb.right - 4, cb.y + 4), 2)
        clip = surf.get_clip()
        surf.set_clip(self.rect.clip(clip) if clip else self.rect)
        x0 = self.rect.x + PAD
        y += 2
        for height, kind, payload in self._rows:
            if kind == "text":
                value, colour, bold, indent = payload
                surf.blit(fonts.text(value, UI_FONT - 1, colour, bold), (x0 + indent, y))
            elif kind == "dice":
                x = x0 + 12
                for face in payload:
                    box = pygame.Rect(x, y + 2, DIE, DIE)
                    pygame.draw.rect(surf, (236, 232, 220), box, border_radius=5)
                    pygame.draw.rect(surf, (40, 40, 40), box, 1, border_radius=5)
                    img = fonts.text(face, UI_FONT + 1, (20, 20, 20), True)
                    surf.blit(img, img.get_rect(center=box.center))
                    x += DIE + 6
            y += height
        surf.set_clip(clip)
