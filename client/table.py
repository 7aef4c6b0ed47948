"""The interactive table: one game session on screen, driven by mouse and keyboard.

:class:`Table` composes the camera, the map renderer, the piece layer and the panels. It never
changes game state itself: every change is a ``Session.push(Action)`` (or undo/redo/replay),
and the screen is redrawn from ``session.view(side)`` when the session reports a change
(DESIGN principles 1 and 7). It is built from parts with one job each:

* :mod:`client.gestures` — mouse events become what the player pointed at;
* :mod:`client.modes` — what a gesture means: free play, rules-enforced play, line of sight,
  the replay of a received turn (a stack: the top mode reads a gesture first);
* :mod:`client.table_commands` — the one command table (keys, status bar, menus, help);
* :mod:`client.seating` — hot seat, by e-mail, online: who sits and how the table passes;
* :mod:`client.table_files` — save, load, send and receive turns;
* :mod:`client.widgets.combat` — the combat panel both seats see until they dismiss it;
* :mod:`client.overlay`, :mod:`client.log_text` — what is drawn over the map, the log's text.

Tooltips are asked for every frame from what is under the mouse (a widget's tip at once, a
piece's or a place's after a short delay), so none outlives what it describes.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

import pygame

from engine import commands as C
from engine import persist
from engine.actions import Action
from engine.errors import WartableError
from engine.record import Entry
from engine.rules import IllegalAction
from engine.session import Session

from . import colours
from .actions import MenuItem
from .camera import ZOOMS, Camera
from .commands import CommandTable
from .dice_tray import DiceTray, roll_seed, toss_for_roll
from .gestures import Gestures
from .log_text import LogText
from .modes import Mode, PlayMode, play_mode
from .overlay import Overlay
from .pieces import Drawn, PieceLayer
from .place_info import PlaceInfo
from .render_counter import CounterRenderer
from .render_map import MapRenderer
from .seating import Seating
from .table_commands import table_commands
from .table_files import TableFiles
from .widgets.base import mods
from .widgets.charts import ChartsWindow
from .widgets.combat import CombatPanel, CombatWatch
from .widgets.dialogs import MessageBox
from .widgets.hand import HEIGHT as HAND_HEIGHT, HandPanel, has_hands
from .widgets.inspector import StackInspector
from .widgets.log import LogPanel
from .widgets.minimap import Minimap
from .widgets.prompt import ActionPanel
from .widgets.status import HEIGHT as BAR_HEIGHT, StatusBar, Toasts, turn_text
from .widgets.tooltip import Tooltip, describe
from .words import Words
from .world import World

LOG_WIDTH = 330
TOOLTIP_DELAY = 0.35
TILE_BUDGET = 0.006       # seconds of map-tile rendering allowed per interactive frame
PANEL_SHARE = 0.55        # the action panel takes at most this share of the right-hand column


class Table:
    """The table screen for one session. ``size`` is the window size in pixels; ``side`` the
    seated side (default: the side the ruleset prompts, else the module's first side);
    ``seating`` how players share it (:mod:`client.seating`; ``hot_seat`` False: "fixed")."""

    def __init__(self, session: Session, size: tuple[int, int], side: str | None = None,
                 hot_seat: bool = True, on_quit: Callable[[], None] | None = None,
                 on_open: Callable[[Path], None] | None = None, chrome: bool = True,
                 seating: str | None = None) -> None:
        self.session = session
        self.module = session.module
        #: The autosave of this table's game (set by the app; None: not autosaved).
        self.autosave: persist.Autosave | None = None
        self.chrome, self.on_quit, self.on_open = chrome, on_quit, on_open
        self.width, self.height = size
        self.world = World(self.module)
        self.maps = MapRenderer(self.world)
        self.counters = CounterRenderer(self.module)
        self.layer = PieceLayer(self.world, self.counters)
        self.camera = Camera(1, 1)
        if side is None:
            prompt = self.prompt_or_none()
            side = (prompt.side if prompt is not None else "") or \
                (self.module.side_ids[0] if self.module.side_ids else "")
        self.side = side
        self.selection: list[int] = []
        self.hover: Drawn | None = None
        self.hover_loc: str | None = None          # the hex or space under the mouse (no piece there)
        self.hover_since = 0.0
        self.place_info = PlaceInfo(self.module)   # its tooltip: terrain, features, what stands there
        self.mouse = (0, 0)
        self.modals: list = []
        self.inspector: StackInspector | None = None
        self.tooltip = Tooltip()
        self.toasts = Toasts(self.open_rule)
        self.tray = DiceTray()
        self.quit = False
        self.frames = 0
        self.defer_minimap = True
        self.maps_complete = False
        self.view: dict = {}
        self.refusal = ""
        self.words = Words(self.module)            # ids a ruleset lets slip, put into words
        self.log_text = LogText(self.words)
        self.seating = Seating(self, seating or ("online" if self.online else "hot_seat" if hot_seat else "fixed"))
        self.files = TableFiles(self)
        self.gestures = Gestures(self)
        self.overlay = Overlay(self)
        self.combat = CombatWatch()
        self.combat_panel = CombatPanel(self.side_name, self.table_name, lambda: self.combat.dismiss(self.side),
                                        self.words)
        self.modes: list[Mode] = []
        self.modes = [play_mode(self)]
        self.commands = CommandTable(table_commands(self), self.hint_once)
        self.hand: HandPanel | None = HandPanel(self.module, self.counters, (0, 0, 0, 0), self.pile) \
            if chrome and has_hands(self.module) else None
        self.log = LogPanel((0, 0, 10, 10), lambda text: self.play.chat(text),
                            lambda k: self.combat.open_logged(self.session.record.entries, k))
        self.status = StatusBar((0, 0, 10, BAR_HEIGHT), self.commands)
        self.panel: ActionPanel | None = ActionPanel() if chrome else None
        self.minimap: Minimap | None = None
        self.resize(size)
        self.minimap = Minimap(self.maps, self.camera, self.map_rect.bottomright)
        session.listeners.append(self.on_change)
        self.refresh()
        self.open_view()   # (after the view: a hex map opens where its units are)

    # -- the modes --------------------------------------------------------------------------------
    @property
    def play(self) -> PlayMode:
        """The play mode at the bottom of the stack (free or rules-enforced)."""
        return self.modes[0]  # type: ignore[return-value]

    @property
    def enforced(self) -> bool:
        return self.play.enforcing

    @property
    def online(self) -> bool:
        return bool(getattr(self.session, "online", False))

    def mode(self, name: str) -> Mode | None:
        return next((m for m in self.modes if m.name == name), None)

    def enter_mode(self, mode: Mode) -> Mode:
        self.modes = [m for m in self.modes if m.name != mode.name] + [mode]
        self.inspector = None
        return mode

    def leave_mode(self, mode: Mode) -> None:
        if mode in self.modes[1:]:
            self.modes.remove(mode)
        self.refresh()

    def gesture(self, name: str, *args: Any) -> bool:
        """Hand gesture ``name`` to the modes, top first; True when one took it."""
        return any(getattr(m, name)(*args) for m in reversed(self.modes))

    def blocked(self) -> str:
        """Why no action may be sent now ("" when one may)."""
        return next((r for r in (m.blocks_actions() for m in self.modes) if r), "")

    @property
    def los(self):
        """The line-of-sight tool while its mode is on (None otherwise)."""
        m = self.mode("los")
        return m.tool if m is not None else None

    # -- layout -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay the panels out for a window of ``size``."""
        self.width, self.height = max(64, size[0]), max(64, size[1])
        log_w = min(LOG_WIDTH, self.width // 3) if self.chrome else 0
        bar_h = BAR_HEIGHT if self.chrome else 0
        hand_h = HAND_HEIGHT if self.hand is not None else 0
        self.map_rect = pygame.Rect(0, bar_h, self.width - log_w, self.height - bar_h - hand_h)
        self.status.set_rect((0, 0, self.width, BAR_HEIGHT))
        self.layout_column()
        if self.hand is not None:
            self.hand.set_rect(pygame.Rect(0, self.height - hand_h, self.width - log_w, hand_h))
        self.camera.resize(self.map_rect.w, self.map_rect.h)
        self.maps.max_tiles = max(160, 3 * ((self.map_rect.w // 512 + 2) * (self.map_rect.h // 512 + 2)))
        if self.minimap is not None:
            self.minimap.place(self.map_rect.bottomright)
        if self.inspector is not None:
            self.inspector.bounds = self.map_rect
            self.inspector.set_entries(self.inspector.entries)

    def layout_column(self) -> None:
        """The right-hand column: the action panel on top in enforced play, the log below."""
        log_w = min(LOG_WIDTH, self.width // 3) if self.chrome else 0
        top, height = BAR_HEIGHT, self.height - BAR_HEIGHT
        if self.enforced and self.panel is not None and log_w:
            ph = min(self.panel.wanted_height(log_w), int(height * PANEL_SHARE))
            self.panel.set_rect(pygame.Rect(self.width - log_w, top, log_w, ph))
            top, height = top + ph, height - ph
        self.log.set_rect(pygame.Rect(self.width - log_w, top, log_w, height))

    @property
    def screen_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    # -- session ----------------------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        """Show another session (after loading a game) of the same module."""
        if self.on_change in self.session.listeners:
            self.session.listeners.remove(self.on_change)
        self.session = session
        session.listeners.append(self.on_change)
        self.selection, self.inspector, self.refusal = [], None, ""
        self.modes = [play_mode(self)]
        self.combat = CombatWatch()
        self.seating.due = False
        self.refresh()

    def on_change(self, what: str, entry: Entry | None) -> None:
        self.refusal = ""
        if self.enforced:
            self.play.selected_card = None
        self.refresh()
        if entry is not None and what in ("push", "redo", "replay"):
            self.toss(entry)
        self.seating.changed(what, entry)

    def refresh(self) -> None:
        """Re-read the view of the seated side and update every panel from it."""
        self.view = self.session.view(self.side)
        self.layer.set_view(self.view)
        self.hover = self.hover_loc = None
        self.tooltip.hide()
        visible = {e["id"] for es in self.view["locations"].values() for e in es if "id" in e}
        self.selection = [p for p in self.selection if p in visible]
        if self.hand is not None:   # (enforced play: a right-click shows a card whole, no menu)
            self.hand.pin_on_right_click = self.enforced
            self.hand.refresh(self.view, self.side, piles=not self.enforced)
        if self.inspector is not None:
            entries = self.layer.entries(self.inspector.loc)
            if entries:
                self.inspector.set_entries(entries)
            else:
                self.inspector = None
        self.combat.update(self.view.get("globals", {}))
        self.log.set_lines(self.log_text.lines(self.session.record.entries))
        prompt = self.prompt_or_none()
        scen = self.module.scenarios.get(self.session.record.header.scenario)
        self.status.left = f"{self.module.title} — {scen.name if scen else self.session.record.header.scenario}"
        turn = turn_text(self.view.get("globals", {}))
        text = prompt.text if prompt is not None else "(the ruleset cannot say whose turn it is)"
        self.status.middle = self.words("  ·  ".join(x for x in (turn, text) if x))
        self.status.layout()
        for m in self.modes:
            m.refresh()

    def prompt_or_none(self):
        try:
            return self.session.prompt()
        except Exception:  # a ruleset's prompt failing is shown, not fatal
            return None

    def side_name(self, side: str) -> str:
        if not side:
            return "spectator"
        try:
            return self.module.side(side).name
        except KeyError:
            return side

    def table_name(self, table_id: str) -> str:
        t = self.module.tables.get(table_id)
        return (t.title or t.id) if t is not None else table_id

    def card_name(self, entry: dict) -> str:
        ptype = self.module.piece_types.get(entry.get("type", ""))
        return ptype.name if ptype is not None else "card"

    # -- actions ------------------------------------------------------------------------------
    def do(self, action: Action) -> Entry | None:
        """Send ``action`` to the session; a refusal or error becomes a message (with the rule
        cited, clickable). Returns the new record entry, or None if nothing happened."""
        blocked = self.blocked()
        if blocked:
            self.toasts.show(blocked, error=True)
            return None
        try:
            return self.session.push(action)
        except IllegalAction as exc:
            self.refuse(exc.violation)
        except WartableError as exc:
            self.toasts.show(str(exc), error=True)
        return None

    def refuse(self, violation) -> None:
        """Show a refusal: a toast citing the rule (clickable) and the panel's refusal line."""
        self.refusal = self.words(str(violation))
        self.toasts.show(self.words(violation.message), rule=violation.rule, error=True)
        self.play.fill_panel()

    def undo(self) -> None:
        if self.blocked():
            return
        if self.session.record.entries and len(self.session.record.entries) <= self.files.pbem_since:
            self.hint_once("the opponent's turn you received cannot be undone here")
            return
        if self.session.pop() is None:
            self.toasts.show("nothing to undo")

    def redo(self) -> None:
        if self.session.redo() is None:
            self.toasts.show("nothing to redo")

    def pile(self, verb: str, loc: str) -> None:
        """A deck or cup's button in the hand strip (the strip reports; the mode acts)."""
        self.gesture("pile", verb, loc)

    def menu_pick(self, item: MenuItem) -> None:
        if item.action is not None:
            self.do(item.action)
        elif item.command:
            self.commands.run(item.command, *(() if item.arg is None else (item.arg,)))

    def toss(self, entry: Entry) -> None:
        """Toss every roll of ``entry`` in the tray, free play's and the rules' alike; the
        rolls of one action play one after the other."""
        first = True
        for cmd in entry.commands:
            if isinstance(cmd, C.Roll) and cmd.result is not None:
                try:
                    toss = toss_for_roll(self.module, cmd.spec, cmd.result,
                                         roll_seed(entry.hash, cmd.spec, cmd.result, cmd.purpose))
                except ValueError:
                    continue
                total = cmd.total
                caption = f"{cmd.spec}: {', '.join(map(str, cmd.result))}" + \
                    (f" = {total}" if total is not None and len(cmd.result) > 1 else "")
                self.tray.show(toss, caption + (f" — for {cmd.purpose}" if cmd.purpose else ""), queue=not first)
                first = False

    # -- windows ------------------------------------------------------------------------------
    def open_charts(self, show: str | None = None) -> ChartsWindow:
        win = ChartsWindow(self.module, self.screen_rect, show=show, ruleset=self.session.ruleset)
        self.modals.append(win)
        return win

    def open_rule(self, rule: str) -> ChartsWindow:
        """Open the rules at ``rule`` (a citation such as ``"7.2"`` or ``"PoG 12.5"``): the
        rule's own text first, from the ruleset (:meth:`engine.rules.Ruleset.rule_text`)."""
        self.modals = [m for m in self.modals if not isinstance(m, ChartsWindow)]
        win = ChartsWindow(self.module, self.screen_rect, rule=rule or None, ruleset=self.session.ruleset)
        if not rule:
            win.select("__rules__")
        self.modals.append(win)
        return win

    def show_help(self) -> None:
        text = "\n".join([self.modes[-1].help or self.play.help] + self.commands.help_lines())
        self.modals.append(MessageBox(self.screen_rect, "wartable — table controls", text))

    def inspect(self, loc: str) -> None:
        """Open the stack inspector on ``loc``."""
        entries = self.layer.entries(loc)
        if entries:
            self.inspector = StackInspector(self.module, self.counters, loc, entries, self.map_rect)

    def center_on(self, loc: str) -> None:
        self.camera.center_on(*self.world.centre(loc))

    def hint_once(self, text: str) -> None:
        """Show the (non-error) hint ``text`` unless it is showing already."""
        if not any(t.text == text and t.until > time.monotonic() for t in self.toasts.items):
            self.toasts.show(text)

    def quit_table(self) -> None:
        self.quit = True
        if self.on_quit is not None:
            self.on_quit()

    # -- the view -------------------------------------------------------------------------------
    def open_view(self) -> None:
        """The opening view: the whole world, else (names or counters tiny) the readable zoom."""
        self.camera.fit(self.world.bounds)
        units = [(d.wx, d.wy) for d in self.layer.drawn if not d.badge and not d.mirror
                 and self.world.places[d.loc].shape == "hex"]
        rect, least = self.world.opening_view(units, ZOOMS[self.camera.index], self.map_rect.size)
        if least and ZOOMS[self.camera.index] < least:
            self.camera.index = next((i for i, z in enumerate(ZOOMS) if z >= least * 0.99), len(ZOOMS) - 1)
            self.camera.center_on(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
            self.camera.keep_within(self.world.bounds)

    def clamp(self) -> None:
        self.camera.clamp(self.world.bounds)

    def escape(self) -> None:
        """Escape: leave the top mode, else close the combat panel, the inspector, the dice,
        else clear the selection."""
        if self.gesture("escape"):
            return
        if self.combat.shown(self.side) is not None:
            self.combat.dismiss(self.side)
        elif self.inspector is not None:
            self.inspector = None
        elif self.tray.busy:
            self.tray.dismiss()
        else:
            self.selection = []

    # -- coordinates and lookups ------------------------------------------------------------------
    def to_view(self, pos: tuple[int, int]) -> tuple[int, int]:
        return pos[0] - self.map_rect.x, pos[1] - self.map_rect.y

    def screen_of(self, wx: float, wy: float) -> tuple[int, int]:
        """Window coordinates of world point ``(wx, wy)``."""
        x, y = self.camera.to_screen(wx, wy)
        return x + self.map_rect.x, y + self.map_rect.y

    def screen_pos_of(self, loc: str) -> tuple[int, int]:
        """Window coordinates of location ``loc``'s centre."""
        return self.screen_of(*self.world.centre(loc))

    def piece_rect(self, pid: int) -> pygame.Rect | None:
        """Window rectangle of piece ``pid`` as drawn now, or None if not on screen."""
        for d in self.layer.layout(self.camera):
            if d.pid == pid:
                return d.rect.move(self.map_rect.topleft)
        return None

    def location_under(self, pos: tuple[int, int]) -> str | None:
        if not self.map_rect.collidepoint(pos):
            return None
        return self.world.location_at(*self.camera.to_world(*self.to_view(pos)))

    def targets(self) -> list[int]:
        """The pieces keyboard commands act on: the selection, else the piece under the mouse."""
        if self.selection:
            return list(self.selection)
        d = self.layer.hit(self.camera, self.to_view(self.mouse)) if self.map_rect.collidepoint(self.mouse) else None
        return [d.pid] if d is not None and d.pid is not None else []

    # -- events ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Process one pygame event (positions in window coordinates)."""
        if event.type == pygame.VIDEORESIZE:
            return self.resize((event.w, event.h))
        if event.type == pygame.WINDOWSIZECHANGED:
            return self.resize((event.x, event.y))
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        self.modals = [m for m in self.modals if not m.closed]
        if self.modals:
            self.gestures.cancel()   # a dialog opened mid-gesture ends the gesture
            self.modals[-1].handle(event)
            self.modals = [m for m in self.modals if not m.closed]
            return
        if not self.gestures.busy and self._widgets_take(event):
            return
        if event.type == pygame.KEYDOWN:
            self.commands.press(event, mods(event))
            self.clamp()
        elif event.type == pygame.MOUSEWHEEL:
            if self.map_rect.collidepoint(self.mouse):
                self.camera.zoom_by(1 if event.y > 0 else -1, self.to_view(self.mouse))
                self.clamp()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.tooltip.hide()
            self.gestures.down(event)
        elif event.type == pygame.MOUSEMOTION:
            if not self.gestures.motion(event.pos):
                self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.gestures.up(event)

    def _widgets_take(self, event: pygame.event.Event) -> bool:
        """The tray, the modes' own buttons, the toasts and the panels, before the map."""
        if self.tray.busy and event.type == pygame.MOUSEBUTTONDOWN and self.tray.rect is not None \
                and self.tray.rect.collidepoint(event.pos):
            self.tray.dismiss() if self.tray.settled else self.tray.finish()
            return True
        if any(m.handle(event) for m in reversed(self.modes)) or self.toasts.handle(event):
            return True
        if self.combat.shown(self.side) is not None and self.combat_panel.handle(event):
            return True
        if self.chrome and (self.status.handle(event) or self.log.handle(event)):
            return True
        if self.enforced and self.panel is not None and self.panel.handle(event):
            return True
        return (self.minimap is not None and self.minimap.handle(event)) or \
            (self.hand is not None and self.hand.handle(event))

    def _hover(self, pos: tuple[int, int]) -> None:
        on_map = self.map_rect.collidepoint(pos)
        loc_under = self.location_under(pos) if on_map else None
        self.gesture("hover", loc_under)
        hit = self.layer.hit(self.camera, self.to_view(pos)) if on_map else None
        loc = loc_under if hit is None else None
        if hit is not self.hover or loc != self.hover_loc:
            self.hover, self.hover_loc = hit, loc   # a piece, else the hex or space under the mouse
            self.hover_since = time.monotonic()
            self.tooltip.hide()

    # -- per frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tray.update(dt)
        if self.seating.due:
            self.seating.hand_over()   # (held back while the action's dice and combat were shown)
        self.modals = [m for m in self.modals if not m.closed]
        for m in self.modals:
            m.update(dt)
        for mode in list(self.modes):
            mode.update(dt)
        tip = self._tip()
        self.tooltip.show(*tip) if tip else self.tooltip.hide()

    def _tip(self) -> tuple[list[str], tuple[int, int]] | None:
        """The tooltip for what is under the mouse now: a widget's at once, a piece's or a
        place's after :data:`TOOLTIP_DELAY`; None while a dialog, menu or gesture is on."""
        if self.modals or self.gestures.busy:
            return None
        pos = self.mouse
        for widget in (self.panel if self.enforced else None, self.status if self.chrome else None, self.hand):
            if widget is not None and widget.rect.collidepoint(pos):
                tip = widget.tip_at(pos)
                return ([tip], pos) if tip else None
        if (self.hover is None and self.hover_loc is None) or time.monotonic() - self.hover_since < TOOLTIP_DELAY:
            return None
        if self.hover is not None:   # the piece, then its hex or space
            lines = describe(self.module, self.hover.entry, self.hover.loc, self.counters.layouts) + \
                self.place_info.lines(self.hover.loc, self.layer.entries(self.hover.loc))
        else:   # (a close-up map's hex: what stands on its main-map twin, rulebook 1.3 of F44)
            here = self.layer.entries(self.hover_loc) or self.layer.entries(self.world.twin.get(self.hover_loc, ""))
            lines = self.place_info.lines(self.hover_loc, here)
        return lines, pos

    def next_frame_in(self) -> float | None:
        """Seconds until the table changes without input (:mod:`client.pacing`): 0 while it
        animates (dice, map tiles still rendering, a pending hand-over, a mode playing by
        itself, the first frames), the delay of a pending tooltip, a toast's expiry or a
        caret's blink; None when only input can change it."""
        if self.frames <= 2 or self.tray.busy or self.seating.due or not self.maps_complete \
                or any(m.busy() for m in self.modes):
            return 0.0
        now = time.monotonic()
        due = []
        if (self.hover is not None or self.hover_loc is not None) and not self.tooltip.lines and not self.gestures.busy:
            due.append(self.hover_since + TOOLTIP_DELAY - now)
        if self.toasts.items:
            due.append(min(t.until for t in self.toasts.items) - now)
        if self.modals or self.log.input.focused:
            due.append(0.5 - (pygame.time.get_ticks() % 500) / 1000)   # the text caret blinks
        return max(0.0, min(due)) if due else None

    def draw(self, surf: pygame.Surface, complete: bool = False) -> None:
        """Draw the whole table. ``complete``: render every missing map tile now (first frame,
        screenshots); otherwise new tiles get a small time budget per frame."""
        self.frames += 1
        mr = self.map_rect
        clip = surf.get_clip()
        surf.set_clip(mr)
        self.maps_complete = self.maps.draw(surf, self.camera, None if complete or self.frames <= 1 else TILE_BUDGET,
                                            offset=mr.topleft)
        drag = self.gestures.drag
        self.layer.draw(surf, self.camera, drag.hidden if drag is not None else set(), set(self.selection),
                        offset=mr.topleft)
        for m in self.modes:
            m.draw(surf)
        self.overlay.drag(surf)
        if self.mode("los") is None:
            self.overlay.hover_stack(surf)
        if self.inspector is not None:
            self.inspector.draw(surf)
        if self.minimap is not None and not (self.defer_minimap and self.frames <= 1):
            self.minimap.draw(surf)   # (its image renders on the second frame: the map comes first)
        self.tray.draw(surf, pygame.Rect(mr.x + 12, mr.y + 12, min(460, mr.w - 24), min(300, mr.h - 24)))
        self.combat_panel.set_report(self.combat.shown(self.side), mr)
        self.combat_panel.draw(surf)
        self.toasts.draw(surf, mr)
        surf.set_clip(clip)
        if self.chrome:
            self.status.draw(surf)
            self.log.draw(surf)
            if self.enforced and self.panel is not None:
                self.panel.draw(surf)
        if self.hand is not None:
            self.hand.draw(surf)
        self.tooltip.draw(surf, self.screen_rect)
        for m in self.modals:
            if not m.closed:
                m.draw(surf)
