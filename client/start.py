"""The start screen: built-in modules with their scenarios, recent autosaves, "load game".

Clicking a scenario without options starts it. Clicking one that declares options
(``Scenario.options``) selects it instead: an options panel opens at the top of the right
column, one row per option (its id, the first words of its text, its value); a click cycles
the value through its choices (right-click backwards), hovering a row shows the option's full
text, and "Start game" (or Enter) starts the scenario with the chosen values.

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

from engine import pbem
from engine.model import ScenarioOption
from engine.modules import builtin_ids
from engine.registry import ruleset_class
from engine.saves import SUFFIX, autosave_dir

from . import colours, fonts
from .widgets.base import LINE, Button, Widget, draw_panel
from .widgets.dialogs import ChoiceDialog, FileDialog

SAMPLE_ID = "skirmish"


def module_ids() -> list[str]:
    """Built-in module ids (``engine.modules.builtin_ids()`` when available) plus the in-code
    sample module ``skirmish``."""
    ids = list(builtin_ids())
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
    options: dict[str, tuple[ScenarioOption, ...]] = field(default_factory=dict)  # by scenario id
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
                s.options = {sc.id: tuple(sc.options) for sc in m.scenarios.values() if sc.options}
            except Exception as exc:  # a broken module is listed with its error, not fatal
                s.error = str(exc).splitlines()[0][:160]
            s.loaded = True


UI_FONT_START = 15  # the bottom row's buttons
OPTION_ROW = 26     # pitch of an option row in the options panel
OPTION_HELP = 5     # lines of the hovered option's text under the rows


class StartScreen:
    """Screen protocol: ``handle(event)``, ``update(dt)``, ``draw(surf)``, ``resize(size)``.

    ``on_new(module_id, scenario_id_or_None, enforce, options)`` starts a game; ``options``
    maps every option id of the scenario to its chosen value (empty without options)."""

    def __init__(self, size: tuple[int, int], open_module: Callable[[str], object],
                 on_new: Callable[..., None],
                 on_load: Callable[[Path], None], on_quit: Callable[[], None],
                 on_turn: Callable[[Path], None] | None = None,
                 on_online: Callable[[], None] | None = None) -> None:
        self.width, self.height = size
        self.catalog = Catalog(module_ids(), open_module)
        self.on_new, self.on_load, self.on_quit = on_new, on_load, on_quit
        self.on_turn, self.on_online = on_turn, on_online
        self.saves = recent_saves()
        self.expanded = 0
        self.enforce = True      # a module's own rules by default, as ``wartable play`` does
        self.by_mail = False     # "Start a game by e-mail": the next scenario picked asks for a side
        self.modals: list[Widget] = []
        self.targets: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.buttons: list[Button] = []
        self.quit = False
        # the scenario whose options are shown, the values chosen per scenario (kept when
        # switching between scenarios), the option last clicked, the mouse position
        self.selected: tuple[str, str] | None = None
        self.chosen: dict[tuple[str, str], dict[str, str]] = {}
        self.focus = ""
        self.mouse = (-1, -1)
        self.option_rows: list[tuple[pygame.Rect, str]] = []
        self._rules_installed: dict[str, bool] = {}
        self.start_button = Button((0, 0, 0, 0), "Start game  ▶", self.start_selected,
                                   tip="start the scenario with these options (Enter)")
        self.start_button.accent = True
        self._layout()

    def resize(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self._layout()

    def _layout(self) -> None:
        """The bottom row: how to play on the left (rules, by e-mail), files and leaving on the
        right, laid out from the right edge (any number of entries fit the same way)."""
        w, h = self.width, self.height
        self.mode_button = Button((40, h - 60, 260, 30), "", self._toggle_mode)
        self.mail_button = Button((310, h - 60, 230, 30), "Start a game by e-mail…", self._toggle_mail,
                                  tip="pick a scenario, then your side: your turns go by e-mail")
        right = [("Load game…", self._load_dialog, "a saved game")]
        if self.on_turn is not None:
            right.append(("Open a received turn…", self._turn_dialog,
                          "a turn file your opponent sent: its game, as your side, replayed step by step"))
        if self.on_online is not None:
            right.append(("Play online…", self.on_online, "play on a server that keeps hidden cards and dice secret"))
        right.append(("Quit", self.on_quit, ""))
        f = fonts.font(UI_FONT_START)
        x = w - 40
        row = []
        for text, cb, tip in reversed(right):
            bw = f.size(text)[0] + 28
            x -= bw
            row.append(Button((x, h - 60, bw, 30), text, cb, tip))
            x -= 10
        self.buttons = [self.mode_button, self.mail_button] + row[::-1]
        self._mode_text()

    def _mode_text(self) -> None:
        self.mode_button.text = "Mode: rules enforced (if installed)" if self.enforce else "Mode: free play"
        self.mail_button.accent = self.by_mail

    def _toggle_mode(self) -> None:
        self.enforce = not self.enforce
        self._mode_text()

    def _toggle_mail(self) -> None:
        self.by_mail = not self.by_mail
        self._mode_text()

    def _turn_dialog(self) -> None:
        self._open_dialog((pbem.SUFFIX,), self.on_turn, "Open a received turn")

    def _start(self, module_id: str, scenario: str | None, options: dict[str, str]) -> None:
        """Start a scenario: at once, or by e-mail after asking which side the player takes."""
        if not self.by_mail:
            self.on_new(module_id, scenario, self.enforce, options)
            return
        module = self.catalog.modules.get(module_id)
        sides = [(s.name, s.id) for s in getattr(module, "sides", ())]
        if not sides:
            self.on_new(module_id, scenario, self.enforce, options)
            return
        self.modals.append(ChoiceDialog(
            pygame.Rect(0, 0, self.width, self.height), "Start a game by e-mail",
            "Which side do you play? Your opponent opens the turn file you send and plays the other.",
            sides, lambda side: self.on_new(module_id, scenario, self.enforce, options, by_mail=side)))

    # -- scenarios and their options -------------------------------------------------------
    def _expand(self, k: int) -> None:
        self.expanded = k
        if self.selected and self.selected[0] != self.catalog.items[k].id:
            self.selected = None

    def scenario_options(self) -> tuple[ScenarioOption, ...]:
        """The options of the selected scenario (empty when none is selected)."""
        if self.selected is None:
            return ()
        mid, sid = self.selected
        summary = next((s for s in self.catalog.items if s.id == mid), None)
        return summary.options.get(sid, ()) if summary else ()

    def options(self) -> dict[str, str]:
        """The values chosen for the selected scenario's options (defaults preselected)."""
        if self.selected is None:
            return {}
        chosen = self.chosen.setdefault(self.selected, {})
        return {o.id: chosen.get(o.id, o.default) for o in self.scenario_options()}

    def select_scenario(self, module_id: str, scenario: str | None) -> None:
        """A click on a scenario row: start it when it has no options, else show them."""
        summary = next((s for s in self.catalog.items if s.id == module_id), None)
        if not scenario or summary is None or not summary.options.get(scenario):
            self._start(module_id, scenario, {})
            return
        if self.selected != (module_id, scenario):
            self.selected, self.focus = (module_id, scenario), ""

    def cycle_option(self, option_id: str, step: int = 1) -> None:
        """The next (``step`` 1) or previous (-1) choice of one option of the selected scenario."""
        opt = next((o for o in self.scenario_options() if o.id == option_id), None)
        if opt is None or not opt.choices:
            return
        current = self.options()[option_id]
        k = opt.choices.index(current) if current in opt.choices else -step
        self.chosen[self.selected][option_id] = opt.choices[(k + step) % len(opt.choices)]
        self.focus = option_id

    def start_selected(self) -> None:
        if self.selected is not None:
            self._start(self.selected[0], self.selected[1], self.options())

    def _load_dialog(self) -> None:
        self._open_dialog((SUFFIX, pbem.SUFFIX), self.on_load, "Load game")

    def _open_dialog(self, suffixes: tuple[str, ...], on_ok: Callable[[Path], None], title: str) -> None:
        """The file dialog on the saves folder (the home folder when it cannot be made)."""
        folder = autosave_dir().parent / "saves"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.home()
        self.modals.append(FileDialog(pygame.Rect(0, 0, self.width, self.height), "open", folder,
                                      suffixes, on_ok, title=title))

    def handle(self, event: pygame.event.Event) -> None:
        self.modals = [m for m in self.modals if not m.closed]
        if self.modals:
            self.modals[-1].handle(event)
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.selected:
            self.selected = None        # Esc closes the options panel first
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.on_quit()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected:
            self.start_selected()
            return
        for b in self.buttons + ([self.start_button] if self.selected else []):
            if b.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.selected:
            for r, oid in self.option_rows:
                if r.collidepoint(event.pos):
                    self.cycle_option(oid, 1 if event.button == 1 else -1)
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, cb in self.targets:
                if r.collidepoint(event.pos):
                    cb()
                    return

    def update(self, dt: float) -> None:
        pass

    def next_frame_in(self) -> float | None:
        """Seconds until the screen changes without input (:mod:`client.pacing`): while the
        catalogue is still reading modules, a few times a second; with a dialog open, the
        caret's blink; else None (only input changes it)."""
        if self.modals:
            return 0.5 - (pygame.time.get_ticks() % 500) / 1000
        if not all(s.loaded for s in self.catalog.items):
            return 0.25
        return None

    def draw(self, surf: pygame.Surface, complete: bool = False) -> None:
        surf.fill(colours.UI_BG)
        title = fonts.render("wartable", 40, colours.UI_ACCENT, bold=True)
        surf.blit(title, (40, 24))
        surf.blit(fonts.render("board wargames on a table that knows the rules", 16, colours.UI_DIM), (44, 74))
        self.targets = []
        col_w = self.width // 2 - 60
        left = pygame.Rect(40, 110, col_w, self.height - 190)
        y = draw_panel(surf, left, "New game by e-mail — pick a scenario, then your side"
                       if self.by_mail else "New game — pick a module, then a scenario")
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
            self.targets.append((r, lambda k=k: self._expand(k)))
            y += 30
            if k == self.expanded and s.loaded:
                if s.error:
                    for line in fonts.wrap(s.error, f, r.w - 40)[:3]:
                        surf.blit(f.render(line, True, colours.UI_ERROR), (r.x + 28, y))
                        y += LINE
                scenarios = s.scenarios or ([] if s.error else [("", "empty table")])
                for sid, name in scenarios:
                    sr = pygame.Rect(r.x + 24, y, r.w - 32, 24)
                    chosen = self.selected == (s.id, sid)
                    pygame.draw.rect(surf, colours.UI_HILITE if chosen else colours.UI_PANEL, sr, border_radius=3)
                    pygame.draw.rect(surf, colours.UI_ACCENT if chosen else colours.UI_EDGE, sr, 1, border_radius=3)
                    n = len(s.options.get(sid, ()))
                    note = f.render(f"{n} option{'s' if n > 1 else ''}  ›" if n else "", True, colours.UI_DIM)
                    surf.blit(f.render(fonts.elide(f"▶  {name}", f, sr.w - 24 - note.get_width()), True,
                                       colours.UI_TEXT if chosen else colours.UI_LINK), (sr.x + 8, sr.y + 3))
                    surf.blit(note, (sr.right - note.get_width() - 8, sr.y + 3))
                    self.targets.append((sr, lambda m=s.id, sc=sid or None: self.select_scenario(m, sc)))
                    y += 28
                y += 6
        right = pygame.Rect(self.width // 2 + 20, 110, col_w, self.height - 190)
        self.option_rows = []
        self.start_button.rect = pygame.Rect(0, 0, 0, 0)
        if self.selected and self.scenario_options():
            used = self._draw_options(surf, right)
            right = pygame.Rect(right.x, right.y + used + 12, right.w, right.h - used - 12)
        if right.h >= 3 * LINE + 20:
            self._draw_saves(surf, right)
        for b in self.buttons:
            b.draw(surf)
        for m in self.modals:
            m.draw(surf)

    def _draw_options(self, surf: pygame.Surface, col: pygame.Rect) -> int:
        """The options panel of the selected scenario at the top of ``col``; returns its height.

        Secret options (``secret=True``, chosen by their ``side`` before the reveal) are shown
        and set like the others for now: on a hot-seat table both players see this screen."""
        opts = self.scenario_options()
        values = self.options()
        f, fb = fonts.font(16), fonts.font(16, bold=True)
        fixed = LINE + 9 + 6 + OPTION_HELP * LINE + 8 + 30 + 10   # title, help lines, button row
        height = min(col.h, fixed + len(opts) * OPTION_ROW)
        rect = pygame.Rect(col.x, col.y, col.w, height)
        summary = next(s for s in self.catalog.items if s.id == self.selected[0])
        name = dict(summary.scenarios).get(self.selected[1], self.selected[1])
        y = draw_panel(surf, rect, f"Options — {name}")
        rows_fit = max(0, (height - fixed) // OPTION_ROW)
        tags = {o.id: " · ".join(t for t in (o.side, "secret" if o.secret else "") if t) for o in opts}
        label_w = min(max(fb.size(o.id)[0] + (f.size(f"  {tags[o.id]}")[0] if tags[o.id] else 0) for o in opts),
                      (rect.w - 90) // 2)     # one column for the ids, one for the first words
        rows = [(o, pygame.Rect(rect.x + 8, y + k * OPTION_ROW, rect.w - 16, OPTION_ROW - 2))
                for k, o in enumerate(opts[:rows_fit])]
        hovered = next((o for o, r in rows if r.collidepoint(self.mouse)), None)
        lit = hovered.id if hovered else self.focus    # the row whose text is shown below
        for o, r in rows:
            if o.id == lit:
                pygame.draw.rect(surf, colours.UI_HILITE, r, border_radius=3)
            value = values[o.id]
            vimg = f.render(value, True, colours.UI_ACCENT if value != o.default else colours.UI_TEXT)
            chip = pygame.Rect(0, r.y + 2, max(56, vimg.get_width() + 20), r.h - 4)
            chip.right = r.right - 4
            pygame.draw.rect(surf, colours.UI_BG, chip, border_radius=3)
            pygame.draw.rect(surf, colours.UI_EDGE, chip, 1, border_radius=3)
            surf.blit(vimg, vimg.get_rect(center=chip.center))
            label = fb.render(fonts.elide(o.id, fb, label_w), True, colours.UI_TEXT)
            surf.blit(label, (r.x + 6, r.y + 3))
            if tags[o.id] and label_w - label.get_width() > 30:
                tag = f.render(fonts.elide(f"  {tags[o.id]}", f, label_w - label.get_width()), True, colours.UI_ACCENT)
                surf.blit(tag, (r.x + 6 + label.get_width(), r.y + 3))
            x = r.x + 6 + label_w + 14
            if chip.x - 8 - x > 40:
                surf.blit(f.render(fonts.elide(o.text, f, chip.x - 8 - x), True, colours.UI_DIM), (x, r.y + 3))
            self.option_rows.append((r, o.id))
        y += len(rows) * OPTION_ROW + 6
        shown = hovered or next((o for o in opts if o.id == self.focus), None)
        if shown is not None:
            text = f"{shown.text}  Choices: {', '.join(shown.choices)}; default {shown.default}."
            colour = colours.UI_TEXT
        else:
            text = "Click an option to change it (right-click: back); point at one to read its rule."
            colour = colours.UI_DIM
        lines = fonts.wrap(text, f, rect.w - 24)
        if len(lines) > OPTION_HELP:
            lines = lines[:OPTION_HELP - 1] + [fonts.elide(" ".join(lines[OPTION_HELP - 1:]), f, rect.w - 24)]
        for k, line in enumerate(lines):
            surf.blit(f.render(line, True, colour), (rect.x + 12, y + k * LINE))
        y = rect.bottom - 40
        self.start_button.rect = pygame.Rect(rect.x + 12, y, 160, 30)
        self.start_button.hover = self.start_button.rect.collidepoint(self.mouse)
        self.start_button.draw(surf)
        if not self._has_rules(self.selected[0]):
            note = "free play: options are recorded; apply them by hand"
        else:
            note = "" if self.enforce else "free play: options need rules enforced (Mode)"
        if note:
            surf.blit(f.render(fonts.elide(note, f, rect.w - 200), True, colours.UI_DIM), (rect.x + 184, y + 6))
        return height

    def _has_rules(self, module_id: str) -> bool:
        """Whether ``module_id`` has an installed ruleset of its own (looked up once)."""
        if module_id not in self._rules_installed:
            rules = getattr(self.catalog.modules.get(module_id), "ruleset", "free")
            self._rules_installed[module_id] = rules != "free" and ruleset_class(rules) is not None
        return self._rules_installed[module_id]

    def _draw_saves(self, surf: pygame.Surface, right: pygame.Rect) -> None:
        f = fonts.font(16)
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
