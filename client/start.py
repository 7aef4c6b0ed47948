"""The start screen: built-in modules with their scenarios, recent autosaves, "load game".

Module titles and scenario lists need each module opened, which takes a moment for the large
ones; a background thread reads them one by one (:class:`Catalog`) while the screen is already
up, so the first frame never waits for a module.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pygame

from engine.saves import SUFFIX, autosave_dir

from . import colours, fonts
from .widgets.base import LINE, Button, Widget, draw_panel
from .widgets.dialogs import FileDialog

SAMPLE_ID = "skirmish"


def module_ids() -> list[str]:
    """Built-in module ids (``tools.resolve.builtin_ids()`` when available) plus the in-code
    sample module ``skirmish``."""
    ids: list[str] = []
    try:
        from tools.resolve import builtin_ids
        ids = list(builtin_ids())
    except ImportError:
        pass
    if SAMPLE_ID not in ids:
        ids.append(SAMPLE_ID)
    return ids


def recent_saves(limit: int = 10) -> list[Path]:
    """The newest autosaves, newest first."""
    try:
        folder = autosave_dir()
        files = [p for p in folder.glob(f"*{SUFFIX}") if p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return files[:limit]


@dataclass
class Summary:
    id: str
    title: str = ""
    scenarios: list[tuple[str, str]] = field(default_factory=list)
    error: str = ""
    loaded: bool = False


class Catalog:
    """Module summaries, filled in by a daemon thread (``open_module`` is called per id)."""

    def __init__(self, ids: list[str], open_module: Callable[[str], object]) -> None:
        self.items = [Summary(i, i) for i in ids]
        self.modules: dict[str, object] = {}   # opened modules, reused when a game starts
        self._open = open_module
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        for s in self.items:
            try:
                m = self._open(s.id)
                self.modules[s.id] = m
                s.title = m.title
                s.scenarios = [(sc.id, sc.name) for sc in m.scenarios.values()]
            except Exception as exc:  # a broken module is listed with its error, not fatal
                s.error = str(exc).splitlines()[0][:160]
            s.loaded = True


class StartScreen:
    """Screen protocol: ``handle(event)``, ``update(dt)``, ``draw(surf)``, ``resize(size)``."""

    def __init__(self, size: tuple[int, int], open_module: Callable[[str], object],
                 on_new: Callable[[str, str | None, bool], None], on_load: Callable[[Path], None],
                 on_quit: Callable[[], None]) -> None:
        self.width, self.height = size
        self.catalog = Catalog(module_ids(), open_module)
        self.on_new, self.on_load, self.on_quit = on_new, on_load, on_quit
        self.saves = recent_saves()
        self.expanded = 0
        self.enforce = False
        self.modals: list[Widget] = []
        self.targets: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.buttons: list[Button] = []
        self.quit = False
        self._layout()

    def resize(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self._layout()

    def _layout(self) -> None:
        w, h = self.width, self.height
        self.buttons = [
            Button((w // 2 + 20, h - 60, 150, 30), "Load game…", self._load_dialog),
            Button((w // 2 + 180, h - 60, 110, 30), "Quit", self.on_quit),
            Button((40, h - 60, 260, 30), "", self._toggle_mode)]
        self._mode_text()

    def _mode_text(self) -> None:
        self.buttons[2].text = "Mode: rules enforced (if installed)" if self.enforce else "Mode: free play"

    def _toggle_mode(self) -> None:
        self.enforce = not self.enforce
        self._mode_text()

    def _load_dialog(self) -> None:
        folder = autosave_dir().parent / "saves"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.home()
        self.modals.append(FileDialog(pygame.Rect(0, 0, self.width, self.height), "open", folder,
                                      (SUFFIX,), self.on_load, title="Load game"))

    def handle(self, event: pygame.event.Event) -> None:
        self.modals = [m for m in self.modals if not m.closed]
        if self.modals:
            self.modals[-1].handle(event)
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.on_quit()
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, cb in self.targets:
                if r.collidepoint(event.pos):
                    cb()
                    return

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface, complete: bool = False) -> None:
        surf.fill(colours.UI_BG)
        title = fonts.render("wartable", 40, colours.UI_ACCENT, bold=True)
        surf.blit(title, (40, 24))
        surf.blit(fonts.render("board wargames on a table that knows the rules", 16, colours.UI_DIM), (44, 74))
        self.targets = []
        col_w = self.width // 2 - 60
        left = pygame.Rect(40, 110, col_w, self.height - 190)
        y = draw_panel(surf, left, "New game — pick a module, then a scenario")
        f, fb = fonts.font(16), fonts.font(17, bold=True)
        for k, s in enumerate(self.catalog.items):
            if y > left.bottom - LINE:
                break
            r = pygame.Rect(left.x + 8, y, left.w - 16, 26)
            if k == self.expanded:
                pygame.draw.rect(surf, colours.UI_HILITE, r, border_radius=3)
            label = s.title if s.loaded and not s.error else s.id
            surf.blit(fb.render(fonts.elide(label, fb, r.w - 140), True, colours.UI_TEXT), (r.x + 8, r.y + 3))
            state = "loading…" if not s.loaded else (f"{len(s.scenarios)} scenario(s)" if not s.error else "cannot open")
            img = f.render(state, True, colours.UI_ERROR if s.error else colours.UI_DIM)
            surf.blit(img, (r.right - img.get_width() - 8, r.y + 4))
            self.targets.append((r, lambda k=k: setattr(self, "expanded", k)))
            y += 30
            if k == self.expanded and s.loaded:
                if s.error:
                    for line in fonts.wrap(s.error, f, r.w - 40)[:3]:
                        surf.blit(f.render(line, True, colours.UI_ERROR), (r.x + 28, y))
                        y += LINE
                options = s.scenarios or ([] if s.error else [("", "empty table")])
                for sid, name in options:
                    sr = pygame.Rect(r.x + 24, y, r.w - 32, 24)
                    pygame.draw.rect(surf, colours.UI_PANEL, sr, border_radius=3)
                    pygame.draw.rect(surf, colours.UI_EDGE, sr, 1, border_radius=3)
                    surf.blit(f.render(fonts.elide(f"▶  {name}", f, sr.w - 16), True, colours.UI_LINK), (sr.x + 8, sr.y + 3))
                    self.targets.append((sr, lambda m=s.id, sc=sid or None: self.on_new(m, sc, self.enforce)))
                    y += 28
                y += 6
        right = pygame.Rect(self.width // 2 + 20, 110, col_w, self.height - 190)
        y = draw_panel(surf, right, "Recent games (autosaves)")
        if not self.saves:
            surf.blit(f.render("none yet — games are autosaved as you play", True, colours.UI_DIM), (right.x + 12, y + 4))
        for p in self.saves:
            if y > right.bottom - LINE:
                break
            r = pygame.Rect(right.x + 8, y, right.w - 16, 24)
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime)) if p.exists() else ""
            surf.blit(f.render(fonts.elide(p.stem, f, r.w - 150), True, colours.UI_LINK), (r.x + 6, r.y + 3))
            img = f.render(stamp, True, colours.UI_DIM)
            surf.blit(img, (r.right - img.get_width() - 6, r.y + 3))
            self.targets.append((r, lambda p=p: self.on_load(p)))
            y += 26
        for b in self.buttons:
            b.draw(surf)
        for m in self.modals:
            m.draw(surf)
