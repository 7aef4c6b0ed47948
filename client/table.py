"""The interactive table: one game session on screen, driven by mouse and keyboard.

:class:`Table` composes the camera, the map renderer, the piece layer and the panels, and turns
user gestures into engine actions. It never changes game state itself: every change is a
``Session.push(Action)`` (or undo/redo/replay) and the screen is redrawn from ``session.view(side)``
when the session reports a change (DESIGN principles 1 and 7).

Gestures on the map
-------------------
* drag a piece: it and every unit above it move (markers stay) (in a box or hand: that piece alone);
  Shift-drag: the whole stack; dragging a selected piece moves the whole selection; dragging
  the top of a deck or cup draws it; the drop snaps to the location under the cursor;
* drag on empty map: pan; Ctrl- or Shift-drag on empty map: rubber-band selection;
* click a piece: select it (Ctrl: add/remove) and open the stack inspector if it is in a stack;
  double-click: flip; hover: tooltip and, over a stack, the whole stack fanned out;
* right-click: the piece's or the location's menu; wheel: zoom around the cursor.
* line of sight (V, the LOS button, or "Line of sight from here" on a hex's menu): click the
  observer hex, then point at the target hex (click pins it); the sight line is drawn green
  (clear) or red (blocked, blocking hex outlined) with a readout citing the LoS rules. It is
  read-only. Escape (or V again) leaves it.

Rules-enforced play (a ruleset whose ``enforcing`` is true; ``--free`` gives the plain table)
----------------------------------------------------------------------------------------------
The table is driven by the ruleset's prompt and legal actions (:mod:`client.legal` sorts them
by the shape of their params, so any enforcing ruleset works): the action panel at the top of
the right-hand column says whose decision it is, shows the prompt and the last refusal, and
has buttons for the legal actions when they are few (else for those with nothing to point at
and for the card picked in the hand). Clicking a hand card offers its plays (illegal ones
greyed, the refusing rule as a tooltip). Spaces the legal actions point at are outlined by
kind (activate, attack target, destination, unit to choose); clicking one does the single
action it means or opens a menu; dragging pieces onto a space does the legal move that moves
most of them there by the shortest path, else asks the ruleset to check the move most likely
meant and shows its refusal ("PoG 11.1.3: ..."). Every roll of an action is tossed in the
tray in turn and the rules' notes follow the action in the log. When another side is to act
the panel says so and offers its seat. In hot-seat play (``hot_seat``, the window's default)
the table hands itself over: after an action (or redo) after which another side is to act,
the hand-over screen for that side comes up by itself (once the action's dice have been
shown), and the seated side's view stays on screen until the next player confirms (Escape
keeps the seat, e.g. to undo). Without hot seat (a shot, a PBEM seat) nothing switches. The
legal-action analysis is cached by state hash: frames never recompute it. The free-play keys
(:data:`FREE_PLAY_KEYS`) send nothing in enforced play: they only show a hint. Likewise the
right-click menus of pieces and locations keep only the entries that change nothing
(:data:`ANY_GAME_COMMANDS`: inspect, centre, line of sight; a menu left empty is a hint), and
the status bar's Dice button shows a hint instead of the free roll dialog.

Keys: arrows pan, +/- zoom, F fit, X flip, L lose a step, M marker, E send to a box, PgUp/PgDn
top/bottom of stack, Del delete, R dice (those seven: free play only), C charts, B rules, H next
seat, V line of sight, Tab minimap, Enter chat, Ctrl+Z/Y undo/redo, Ctrl+S/Ctrl+Shift+S
save/save as, Ctrl+O load, Ctrl+E/Ctrl+I send/receive a PBEM turn, F1 help, Ctrl+Q quit.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import pygame

from engine import commands as C
from engine import pbem, persist
from engine.actions import Action
from engine.errors import SaveError, WartableError
from engine.record import Entry
from engine.rules import IllegalAction
from engine.saves import SUFFIX as SAVE_SUFFIX, autosave_dir, read_save
from engine.session import Session

from . import actions, colours, fonts
from .actions import MenuItem
from .camera import ZOOMS, Camera
from .dice_tray import DiceTray, roll_seed, toss_for_roll
from .legal import LegalIndex, Option, short_labels
from .pieces import PILE_KINDS, Drawn, PieceLayer
from .place_info import PlaceInfo
from .render_counter import CounterRenderer
from .render_map import MapRenderer
from .widgets.base import Button, mods
from .widgets.charts import ChartsWindow
from .widgets.dialogs import DiceDialog, FileDialog, HandOver, MessageBox, TextPrompt
from .widgets.hand import HEIGHT as HAND_HEIGHT, HandPanel, has_hands
from .widgets.inspector import StackInspector
from .widgets.log import LogPanel
from .widgets.menu import ContextMenu
from .widgets.minimap import Minimap
from .widgets.prompt import ActionPanel, PanelButton
from .widgets.sight import LosTool
from .widgets.status import HEIGHT as BAR_HEIGHT, StatusBar, Toasts, turn_text
from .widgets.tooltip import Tooltip, describe
from .world import SPREAD_KINDS, World

LOG_WIDTH = 330
DRAG_START = 5            # pixels the mouse must move before a press becomes a drag
TOOLTIP_DELAY = 0.35
DOUBLE_CLICK = 0.4
TILE_BUDGET = 0.006       # seconds of map-tile rendering allowed per interactive frame
FEW_ACTIONS = 10          # up to this many legal actions all get a button in the action panel
PANEL_SHARE = 0.55        # the action panel takes at most this share of the right-hand column
LEGAL_CACHE = 8           # legal-action analyses kept (by state hash and seat) for undo/redo
HIGHLIGHT = {"space": colours.HL_ACTIVATE, "attack": colours.HL_ATTACK,
             "destination": colours.HL_DESTINATION, "unit": colours.HL_UNIT}
#: keys (without Ctrl) that send free-play commands (flip, step, delete, marker, send to a box,
#: restack, dice roll): in rules-enforced play they send nothing and only show FREE_PLAY_HINT
FREE_PLAY_KEYS = {pygame.K_x: "X", pygame.K_l: "L", pygame.K_DELETE: "Del", pygame.K_BACKSPACE: "Backspace",
                  pygame.K_m: "M", pygame.K_e: "E", pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn",
                  pygame.K_r: "R"}
FREE_PLAY_HINT = "{key} is a free-play key; this game is rules-enforced — use the action panel"
#: the right-click menus in rules-enforced play keep only these client commands (they change no
#: state and mean something in any game); a menu left empty shows FREE_PLAY_MENU_HINT instead
ANY_GAME_COMMANDS = frozenset({"inspect", "center", "los"})
FREE_PLAY_MENU_HINT = "right-click menus are free play only; this game is rules-enforced — use the action panel"
#: the status bar's Dice button in rules-enforced play (the rules roll their own dice)
FREE_PLAY_DICE_HINT = "Dice is a free-play roll; this game is rules-enforced — the rules roll the dice " \
                      "as part of each action"

HELP = """Mouse: drag a piece (with the pieces above it), Shift-drag a whole stack, drag the \
top of a deck or cup to draw; drag the empty map to pan, Ctrl/Shift-drag to select; \
wheel zooms; right-click for menus (free play: flip, markers, send to, add counter…; a \
rules-enforced game keeps only inspect, centre and line of sight); double-click flips.
Keys: arrows pan · +/- zoom · F fit · X flip · L lose a step · M marker · E send to a box · \
PgUp/PgDn top/bottom · Del delete · R dice (these seven and the Dice button: free play only; \
a rules-enforced game is played from the action panel) · C charts · B rules · H next seat · \
V line of sight (Esc leaves) · Tab minimap · Enter chat · Ctrl+Z/Y undo/redo · \
Ctrl+S save (Shift: save as) · Ctrl+O load · Ctrl+E send PBEM turn · Ctrl+I receive PBEM \
turn · Ctrl+Q quit."""


def any_game_items(items: list[MenuItem]) -> list[MenuItem]:
    """The entries of a piece/location menu that mean something in a rules-enforced game: the
    client commands in :data:`ANY_GAME_COMMANDS` (no free-play Action, no dialog sending one),
    and submenus keeping at least one such entry."""
    kept: list[MenuItem] = []
    for item in items:
        if item.children:
            children = any_game_items(item.children)
            if children:
                kept.append(replace(item, children=children))
        elif item.action is None and item.command in ANY_GAME_COMMANDS:
            kept.append(item)
    return kept


def saves_dir() -> Path:
    """Default folder for saves and PBEM files (next to the autosaves)."""
    return autosave_dir().parent / "saves"


#: The status bar's buttons at a game on a server (client.online.OnlineSession, issue 19).
ONLINE_BUTTONS = ("Dice", "LOS", "Charts", "Rules", "Help")
#: Ctrl+ keys that do nothing there: undo, redo, save, load, send and receive a turn.
ONLINE_NO_KEYS = (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_o, pygame.K_e, pygame.K_i)


@dataclass
class Press:
    """A mouse button held down: where, on what, with which modifiers."""
    pos: tuple[int, int]
    button: int
    source: str                      # "map", "inspector", "hand", "los" (a pick in LOS mode)
    drawn: Drawn | None = None       # map piece pressed
    entry: dict | None = None        # inspector/hand piece pressed
    loc: str = ""
    index: int = -1
    mods: int = 0


@dataclass
class Drag:
    """A drag in progress. ``kind``: "pieces" (``pids``), "draw" (top of ``src``), "pan",
    "band" (rubber band from ``start``)."""
    kind: str
    pos: tuple[int, int]
    start: tuple[int, int] = (0, 0)
    pids: list[int] = field(default_factory=list)
    src: str = ""
    hidden: set[tuple[str, int]] = field(default_factory=set)
    images: list[tuple[dict, int, int]] = field(default_factory=list)   # entry, dx, dy from cursor
    last: tuple[int, int] = (0, 0)


class Table:
    """The table screen for one session. ``size`` is the window size in pixels; ``side`` the
    seated side (default: the side the ruleset prompts, else the module's first side)."""

    def __init__(self, session: Session, size: tuple[int, int], side: str | None = None,
                 hot_seat: bool = True, on_quit: Callable[[], None] | None = None,
                 on_open: Callable[[Path], None] | None = None, chrome: bool = True) -> None:
        self.session = session
        #: The autosave of this table's game (set by the app; None: not autosaved).
        self.autosave: persist.Autosave | None = None
        self.chrome = chrome
        self.module = session.module
        self.hot_seat = hot_seat
        self.on_quit = on_quit
        self.on_open = on_open
        self.width, self.height = size
        self.world = World(self.module)
        self.maps = MapRenderer(self.world)
        self.counters = CounterRenderer(self.module)
        self.layer = PieceLayer(self.world, self.counters)
        self.camera = Camera(1, 1)
        if side is None:
            try:
                side = session.prompt().side
            except Exception:  # a ruleset whose prompt fails must not stop the table opening
                side = ""
            side = side or (self.module.side_ids[0] if self.module.side_ids else "")
        self.side = side
        self.selection: list[int] = []
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.hover: Drawn | None = None
        self.hover_loc: str | None = None          # the hex or space under the mouse (no piece there)
        self.place_info = PlaceInfo(self.module)   # its tooltip: terrain, features, what stands there
        self.hover_since = 0.0
        self.mouse = (0, 0)
        self.last_click: tuple[Any, float] = (None, 0.0)
        self.modals: list = []
        self.inspector: StackInspector | None = None
        self.tooltip = Tooltip()
        self.toasts = Toasts(self.open_rule)
        self.tray = DiceTray()
        self.los: LosTool | None = None   # the line-of-sight tool, while its mode is on
        self.replay: pbem.TurnReplay | None = None
        self.replay_auto = False
        self.replay_wait = 0.0
        self.pbem_since = 0
        self.save_path: Path | None = None
        self.quit = False
        self.frames = 0
        self.defer_minimap = True
        self.view: dict = {}
        self._log_memo: list[tuple[Entry, str]] = []
        self.hand: HandPanel | None = HandPanel(self.module, self.counters, (0, 0, 0, 0), self.do) \
            if chrome and has_hands(self.module) else None
        self.log = LogPanel((0, 0, 10, 10), self._chat)
        items = [
            ("Seat", self.seat_menu, "choose the seated side"),
            ("Undo", self.undo, "Ctrl+Z"), ("Redo", self.redo, "Ctrl+Y"),
            ("Dice", self._dice_button, "R"), ("LOS", self.toggle_los, "V: line of sight"),
            ("Charts", self.open_charts, "C"),
            ("Rules", lambda: self.open_rule(""), "B"),
            ("Save", self.save, "Ctrl+S"), ("Load", self.load_dialog, "Ctrl+O"),
            ("Send turn", self.pbem_export_dialog, "Ctrl+E"), ("Receive", self.pbem_import_dialog, "Ctrl+I"),
            ("Help", self.show_help, "F1")]
        if getattr(session, "online", False):   # a game on a server: no seat switching, undo or files
            items = [item for item in items if item[0] in ONLINE_BUTTONS]
        self.status = StatusBar((0, 0, 10, BAR_HEIGHT), items)
        self.replay_buttons: list[Button] = []
        self.minimap: Minimap | None = None
        # rules-enforced play (see _refresh_rules): the prompt/action panel, the legal actions
        # of the state shown (cached by state hash), the card picked in the hand, the last refusal
        self.enforced = bool(getattr(session.ruleset, "enforcing", False))
        if self.hand is not None:
            self.hand.pin_on_right_click = self.enforced   # (right-click menus are free play only)
        self.panel: ActionPanel | None = ActionPanel() if chrome else None
        self.legal: LegalIndex | None = None
        self._legal_cache: dict[tuple, LegalIndex] = {}
        self._hl_memo: tuple[Any, dict[str, str]] = (None, {})
        self.selected_card: dict | None = None
        self.refusal = ""
        self.prompt_side = ""
        # hot seat: an action was applied; once its dice are shown, hand the table over to the
        # side to act if that is another side (see _auto_hand_over)
        self.hand_over_due = False
        self.maps_complete = False
        self.resize(size)
        self.open_view()
        self.minimap = Minimap(self.maps, self.camera, self.map_rect.bottomright)
        session.listeners.append(self._on_change)
        self.refresh()

    # -- layout -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay the panels out for a window of ``size``."""
        self.width, self.height = max(64, size[0]), max(64, size[1])
        log_w = min(LOG_WIDTH, self.width // 3) if self.chrome else 0
        bar_h = BAR_HEIGHT if self.chrome else 0
        hand_h = HAND_HEIGHT if self.hand is not None else 0
        self.map_rect = pygame.Rect(0, bar_h, self.width - log_w, self.height - bar_h - hand_h)
        self.status.set_rect((0, 0, self.width, BAR_HEIGHT))
        self._layout_column()
        if self.hand is not None:
            self.hand.set_rect(pygame.Rect(0, self.height - hand_h, self.width - log_w, hand_h))
        self.camera.resize(self.map_rect.w, self.map_rect.h)
        self.maps.max_tiles = max(160, 3 * ((self.map_rect.w // 512 + 2) * (self.map_rect.h // 512 + 2)))
        if self.minimap is not None:
            self.minimap.place(self.map_rect.bottomright)
        if self.inspector is not None:
            self.inspector.bounds = self.map_rect
            self.inspector.set_entries(self.inspector.entries)

    def _layout_column(self) -> None:
        """The right-hand column: the action panel on top in enforced play, the log below."""
        log_w = min(LOG_WIDTH, self.width // 3) if self.chrome else 0
        top, height = BAR_HEIGHT, self.height - BAR_HEIGHT
        if self.enforced and self.panel is not None and log_w:
            ph = min(self.panel.wanted_height(log_w), int(height * PANEL_SHARE))
            self.panel.set_rect(pygame.Rect(self.width - log_w, top, log_w, ph))
            top, height = top + ph, height - ph
        self.log.set_rect(pygame.Rect(self.width - log_w, top, log_w, height))

    # -- session ----------------------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        """Show another session (after loading a game) of the same module."""
        if self._on_change in self.session.listeners:
            self.session.listeners.remove(self._on_change)
        self.session = session
        session.listeners.append(self._on_change)
        self.selection = []
        self.replay = None
        self.inspector = None
        self.enforced = bool(getattr(session.ruleset, "enforcing", False))
        self._legal_cache = {}
        self.refusal = ""
        self.hand_over_due = False
        self.refresh()

    def _on_change(self, what: str, entry: Entry | None) -> None:
        self.refusal = ""
        self.selected_card = None
        self.refresh()
        if entry is not None and what in ("push", "redo", "replay"):
            self._toss(entry)
        # hot seat: an applied action may pass the decision to the other side (never on undo or
        # while replaying a received PBEM turn)
        self.hand_over_due = self.hot_seat and entry is not None and what in ("push", "redo")
        self._auto_hand_over()

    def _auto_hand_over(self) -> bool:
        """In hot-seat play, after an applied action: if the ruleset's prompt names another real
        side than the seated one, show the hand-over screen for it (the seated side's view stays
        until the next player confirms). Waits while the action's dice are shown (``update``
        calls again). True when the hand-over screen was opened."""
        if not self.hand_over_due:
            return False
        if not self.hot_seat or (self.replay is not None and not self.replay.finished):
            self.hand_over_due = False
            return False
        if self.tray.busy:
            return False   # let the player who acted see the roll first
        self.hand_over_due = False
        if any(isinstance(m, HandOver) and not m.closed for m in self.modals):
            return False
        prompt = self._prompt_or_none()
        if prompt is None or prompt.kind == "game_over" or not prompt.side or prompt.side == self.side \
                or prompt.side not in self.module.side_ids:
            return False
        side = prompt.side
        stay = self._side_name(self.side) if self.side else ""
        self.modals.append(HandOver(self.screen_rect, self._side_name(side), lambda: self._seat(side),
                                    on_stay=lambda: self._stay_seated(side), stay_name=stay))
        return True

    def _stay_seated(self, other: str) -> None:
        """Escape on an automatic hand-over: keep the seat (``other``'s view is not shown)."""
        self.toasts.show(f"still seated as {self._side_name(self.side)}: the {self._side_name(other)} "
                         f"seat is offered in the panel (or the Seat menu) when ready")

    def refresh(self) -> None:
        """Re-read the view of the seated side and update every panel from it."""
        self.view = self.session.view(self.side)
        self.layer.set_view(self.view)
        self.hover = self.hover_loc = None
        self.tooltip.hide()
        visible = {e["id"] for es in self.view["locations"].values() for e in es if "id" in e}
        self.selection = [p for p in self.selection if p in visible]
        if self.hand is not None:
            self.hand.refresh(self.view, self.side)
        if self.inspector is not None:
            entries = self.layer.entries(self.inspector.loc)
            if entries:
                self.inspector.set_entries(entries)
            else:
                self.inspector = None
        self.log.set_lines(self.log_lines())
        try:
            prompt = self.session.prompt().text
        except Exception:  # a ruleset's prompt failing is shown, not fatal
            prompt = "(the ruleset cannot say whose turn it is)"
        scen = self.module.scenarios.get(self.session.record.header.scenario)
        self.status.left = f"{self.module.title} — {scen.name if scen else self.session.record.header.scenario}"
        turn = turn_text(self.view.get("globals", {}))
        self.status.middle = "  ·  ".join(x for x in (turn, prompt) if x)
        self.status.relabel("Seat", f"Seat: {self._side_name(self.side)}")
        self._refresh_rules()

    # -- rules-enforced play ------------------------------------------------------------------
    def _refresh_rules(self) -> None:
        """Re-read the prompt and (when the seated side is to act) the legal actions, and
        fill the action panel. The analysis is cached by state hash and seat, so frames and
        undo/redo never recompute it."""
        if not self.enforced:
            self.legal = None
            return
        try:
            prompt = self.session.prompt()
        except Exception:  # shown as text, never fatal
            prompt = None
        self.prompt_side = prompt.side if prompt is not None else ""
        to_act = prompt is not None and prompt.kind != "game_over" and (not prompt.side or prompt.side == self.side)
        self.legal = None
        if to_act:
            key = (self.session.state.hash, self.side)
            legal = self._legal_cache.get(key)
            if legal is None:
                legal = LegalIndex.build(self.session, prompt.side or self.side)
                self._legal_cache[key] = legal
                while len(self._legal_cache) > LEGAL_CACHE:
                    self._legal_cache.pop(next(iter(self._legal_cache)))
            self.legal = legal
        self._fill_panel(prompt)

    def _fill_panel(self, prompt) -> None:
        if self.panel is None:
            return
        buttons: list[PanelButton] = []
        hints: list[str] = []
        colour = colours.UI_ACCENT
        if prompt is None:
            header, text = "The rules cannot say whose decision it is", ""
        elif prompt.kind == "game_over":
            header, text = "Game over", prompt.text
        elif self.legal is None:
            header, text = f"Waiting for {self._side_name(prompt.side)}", prompt.text
            colour = colours.UI_DIM
            buttons.append(PanelButton(f"Take the {self._side_name(prompt.side)} seat",
                                       lambda s=prompt.side: self.set_seat(s),
                                       "hot seat: hand the table over to the side to act", accent=True))
        else:
            header = f"{self._side_name(prompt.side)} to act" if prompt.side else "Anyone may act"
            text = prompt.text
            buttons, hints = self._panel_actions(self.legal)
        self.panel.set_content(header, text, buttons, hints, self.refusal, colour)
        self._layout_column()

    def _panel_actions(self, legal: LegalIndex) -> tuple[list[PanelButton], list[str]]:
        """Buttons for the legal actions when they are few (grouped by kind), else for those
        with nothing to point at plus the selected card's plays; hints for the rest."""
        opts = legal.options
        kinds: list[str] = []
        for o in opts:
            if o.action.verb not in kinds:
                kinds.append(o.action.verb)
        if len(opts) <= FEW_ACTIONS:
            shown = sorted(opts, key=lambda o: kinds.index(o.action.verb))
        else:
            shown = []
            if self.selected_card is not None:
                shown += legal.card_options(self.selected_card)
            shown += legal.buttons()
        labels = [legal.label(o) for o in shown]
        cards = [k for k, o in enumerate(shown) if o.category == "card"]
        if self.selected_card is not None and len(cards) > 1 and len({shown[k].card for k in cards}) == 1:
            for k, short in zip(cards, short_labels([labels[k] for k in cards])):
                labels[k] = short
        buttons = [PanelButton(label, lambda a=o.action: self.do(a), legal.label(o))
                   for label, o in zip(labels, shown)]
        hints = []
        if self.selected_card is not None and legal.card_options(self.selected_card):
            hints.append(f"Card: {self._card_name(self.selected_card)}")
        counted: dict[str, int] = {}
        for o in opts:
            if o.category in ("destination", "space", "attack", "unit", "card"):
                counted[o.category] = counted.get(o.category, 0) + 1
        if counted.get("card"):
            hints.append("Click a card in your hand to play it.")
        if counted.get("space") or counted.get("attack") or counted.get("unit"):
            hints.append("Click a highlighted space to choose it.")
        if counted.get("destination"):
            hints.append("Drag a unit to a highlighted space to move it.")
        return buttons, hints

    def highlights(self) -> dict[str, str]:
        """Location → category ("space", "attack", "destination", "unit") of the spaces the
        legal actions point at now: while pieces are dragged only their destinations; with
        movable pieces selected, their destinations and the other click targets."""
        legal = self.legal
        if legal is None:
            return {}
        dragging = self.drag.pids if self.drag is not None and self.drag.kind == "pieces" else None
        key = (id(legal), tuple(dragging) if dragging is not None else None, tuple(self.selection))
        if self._hl_memo[0] == key:
            return self._hl_memo[1]
        if dragging is not None:
            found = {loc: c for loc, c in legal.highlights(dragging).items() if c == "destination"}
        else:
            chosen = [p for p in self.selection if p in legal.movers()]
            found = legal.highlights(chosen or None)
        self._hl_memo = (key, found)
        return found

    def highlight_rect(self, loc: str) -> pygame.Rect:
        """Window rectangle around location ``loc`` (its highlight outline)."""
        p = self.world.places[loc]
        if p.shape == "hex":
            pts = [self.screen_of(x, y) for x, y in p.corners]
            xs, ys = [q[0] for q in pts], [q[1] for q in pts]
            return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        x, y, w, h = p.rect
        a, b = self.screen_of(x, y), self.screen_of(x + w, y + h)
        return pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1])

    def _draw_highlights(self, surf: pygame.Surface) -> None:
        for loc, category in self.highlights().items():
            if loc in self.world.places:
                self._outline(surf, loc, HIGHLIGHT.get(category, colours.SELECT))

    def refuse(self, violation) -> None:
        """Show a refusal: a toast citing the rule (clickable) and the panel's refusal line."""
        self.refusal = str(violation)
        self.toasts.show(violation.message, rule=violation.rule, error=True)
        if self.enforced:
            self._fill_panel(self._prompt_or_none())

    def _prompt_or_none(self):
        try:
            return self.session.prompt()
        except Exception:  # shown as text, never fatal
            return None

    def rules_drop(self, pids: list[int], target: str) -> Entry | None:
        """A drop of ``pids`` on ``target`` in enforced play: the legal action it means (the
        one moving most of the dragged pieces, shortest path), else the action most likely
        meant, checked: done if the ruleset accepts it, otherwise refused with its rule."""
        legal = self.legal
        if legal is not None:
            opt = legal.drop(pids, target)
            if opt is not None:
                return self.do(opt.action)
        guesser = legal if legal is not None else LegalIndex(self.session, self.side)
        graph = self.world.graph
        start = self._loc_of(pids[0]) if pids else None
        action = guesser.guess(pids, target, graph.neighbours if graph is not None else None, start)
        violation = self.session.check(action)
        if violation is None:
            return self.do(action)
        self.refuse(violation)
        return None

    def rules_click(self, loc: str, pos: tuple[int, int], chosen: list[int] | None = None,
                    empty: bool = False) -> bool:
        """A click on ``loc`` in enforced play: the one legal action it means is done, several
        open a menu. Destinations count for the ``chosen`` pieces (the selection before the
        click); a click on an empty location also offers every destination there, always in a
        menu. False when no legal action points there."""
        if self.legal is None:
            return False
        chosen = list(self.selection if chosen is None else chosen)
        options = self.legal.at(loc, chosen, any_destination=empty)
        if not options:
            return False
        mine = set(chosen)
        sure = all(o.category != "destination" or mine & set(o.movers) for o in options)
        if len(options) == 1 and sure:
            self.do(options[0].action)
        else:
            self._options_menu(options, pos)
        return True

    def _options_menu(self, options: list[Option], pos: tuple[int, int]) -> None:
        legal = self.legal
        items = [MenuItem(legal.label(o), action=o.action, tip=legal.label(o)) for o in options]
        self.modals.append(ContextMenu(items, pos, self._menu_pick, self.screen_rect))

    def _card_name(self, entry: dict) -> str:
        ptype = self.module.piece_types.get(entry.get("type", ""))
        return ptype.name if ptype is not None else str(entry.get("type", "card"))

    def card_menu(self, entry: dict, pos: tuple[int, int]) -> ContextMenu | None:
        """The plays of hand card ``entry``: every kind of card play legal now, greyed with
        the refusal (rule and reason, as a tooltip) where this card may not be played so."""
        self.selected_card = entry
        if self.legal is None:
            prompt = self._prompt_or_none()
            if prompt is not None and prompt.side and prompt.side != self.side:
                self.toasts.show(f"it is {self._side_name(prompt.side)}'s decision", error=True)
            return None
        self._fill_panel(self._prompt_or_none())
        legal = self.legal
        mine = legal.card_options(entry)
        items: list[MenuItem] = [MenuItem(self._card_name(entry), enabled=False)]
        for kind in legal.card_kinds():
            o = next((o for o in mine if o.action.verb == kind), None)
            if o is not None:
                items.append(MenuItem(legal.label(o), action=o.action))
                continue
            action = legal.card_play(kind, entry.get("type", ""))
            violation = self.session.check(action)
            label = legal.label(Option(action, "card", card=entry.get("type", "")))
            items.append(MenuItem(label, action=action, enabled=violation is None,
                                  tip=str(violation) if violation is not None else ""))
        plays = items[1:]
        for item, short in zip(plays, short_labels([i.label for i in plays])):
            item.tip = item.tip or item.label
            item.label = short
        if not plays:
            try:
                prompt_text = self.session.prompt().text
            except Exception:  # shown as text, never fatal
                prompt_text = ""
            items.append(MenuItem("No card can be played now", enabled=False, tip=prompt_text))
        menu = ContextMenu(items, pos, self._menu_pick, self.screen_rect)
        self.modals.append(menu)
        return menu

    def log_lines(self) -> list[str]:
        """The record's lines, each roll followed by what it showed (with its purpose when an
        action rolls several times) and the notes the rules wrote while applying it, one per
        line below (memoised per entry, so a long game costs one new line per action)."""
        entries = self.session.record.entries
        memo = self._log_memo
        keep = 0
        for (entry, _), e in zip(memo, entries):
            if entry is not e:
                break
            keep += 1
        del memo[keep:]
        for e in entries[keep:]:
            text = e.text
            rolls = [r for r in e.commands if isinstance(r, C.Roll) and r.result is not None]
            for r in rolls:
                total = r.total
                text += f" → {', '.join(map(str, r.result))}" + \
                    (f" (= {total})" if total is not None and len(r.result) > 1 else "") + \
                    (f" ({r.purpose})" if len(rolls) > 1 and r.purpose else "")
            if e.action.verb != "note":   # what the rules did, step by step (their notes)
                for n in e.commands:
                    if isinstance(n, C.Note) and n.text and n.text != e.text:
                        text += f"\n   · {n.text}"
            memo.append((e, text))
        return [t for _, t in memo]

    def _side_name(self, side: str) -> str:
        if not side:
            return "spectator"
        try:
            return self.module.side(side).name
        except KeyError:
            return side

    def do(self, action: Action) -> Entry | None:
        """Send ``action`` to the session; a refusal or error becomes a message (with the rule
        cited, clickable). Returns the new record entry, or None if nothing happened."""
        if self.replay is not None and not self.replay.finished:
            self.toasts.show("finish replaying the opponent's turn first", error=True)
            return None
        try:
            return self.session.push(action)
        except IllegalAction as exc:
            self.refuse(exc.violation)
        except WartableError as exc:
            self.toasts.show(str(exc), error=True)
        return None

    def undo(self) -> None:
        if self.replay is not None and not self.replay.finished:
            return
        if self.session.pop() is None:
            self.toasts.show("nothing to undo")

    def redo(self) -> None:
        if self.session.redo() is None:
            self.toasts.show("nothing to redo")

    def _chat(self, text: str) -> None:
        self.do(actions.note(self.side, text))

    # -- dice -------------------------------------------------------------------------------
    def _toss(self, entry: Entry) -> None:
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
                values = ", ".join(map(str, cmd.result))
                total = cmd.total
                caption = f"{cmd.spec}: {values}" + (f" = {total}" if total is not None and len(cmd.result) > 1 else "")
                if cmd.purpose:
                    caption += f" — for {cmd.purpose}"
                self.tray.show(toss, caption, queue=not first)
                first = False

    def _dice_button(self) -> None:
        """The status bar's Dice button: the free roll dialog, or in enforced play only a hint
        (the rules toss their own dice as part of actions)."""
        if self.enforced:
            self._hint_once(FREE_PLAY_DICE_HINT)
        else:
            self.dice_dialog()

    def dice_dialog(self, purpose: str = "") -> None:
        dice = [("d6", "d6")] + [(d.id, d.name if len(d.name) < 10 else d.id) for d in self.module.dice.values()
                                 if d.id != "d6" and tuple(d.faces) != (1, 2, 3, 4, 5, 6)]
        self.modals.append(DiceDialog(self.screen_rect, dice,
                                      lambda spec, why: self.do(actions.roll(self.side, spec, why or "free roll")),
                                      purpose))

    # -- windows ------------------------------------------------------------------------------
    @property
    def screen_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    def open_charts(self, show: str | None = None) -> ChartsWindow:
        win = ChartsWindow(self.module, self.screen_rect, show=show)
        self.modals.append(win)
        return win

    def open_rule(self, rule: str) -> ChartsWindow:
        """Open the rules index at ``rule`` (a citation such as ``"7.2"`` or ``"PoG 12.5"``)."""
        self.modals = [m for m in self.modals if not isinstance(m, ChartsWindow)]
        win = ChartsWindow(self.module, self.screen_rect, rule=rule or None)
        if not rule:
            win.select("__rules__")
        self.modals.append(win)
        return win

    def show_help(self) -> None:
        self.modals.append(MessageBox(self.screen_rect, "wartable — table controls", HELP))

    def seat_menu(self) -> None:
        items = [MenuItem(s.name + ("  ✓" if s.id == self.side else ""), command="seat", arg=s.id)
                 for s in self.module.sides]
        items.append(MenuItem("Spectator" + ("  ✓" if not self.side else ""), command="seat", arg=""))
        b = self.status.button("Seat")
        pos = (b.rect.x, b.rect.bottom) if b else (0, BAR_HEIGHT)
        self.modals.append(ContextMenu(items, pos, self._menu_pick, self.screen_rect))

    def set_seat(self, side: str, hand_over: bool | None = None) -> None:
        """Seat ``side``. In hot-seat play, changing to another real side first shows the
        hand-over screen (the new side's view appears only after it is dismissed)."""
        if side == self.side:
            return
        if (self.hot_seat if hand_over is None else hand_over) and side:
            self.modals.append(HandOver(self.screen_rect, self._side_name(side), lambda: self._seat(side)))
        else:
            self._seat(side)

    def _seat(self, side: str) -> None:
        self.side = side
        self.selection = []
        self.inspector = None
        self.refresh()

    def next_seat(self) -> None:
        sides = list(self.module.side_ids) or [""]
        i = sides.index(self.side) if self.side in sides else -1
        self.set_seat(sides[(i + 1) % len(sides)])

    # -- line of sight ------------------------------------------------------------------------------
    def start_los(self, observer: str | None = None) -> LosTool:
        """Enter the line-of-sight mode (from ``observer`` when given). Read-only: nothing it
        does is an action."""
        self.los = LosTool(self.module, lambda: self.world.graph, observer)
        self.inspector = None
        return self.los

    def stop_los(self) -> None:
        self.los = None

    def toggle_los(self) -> None:
        self.stop_los() if self.los is not None else self.start_los()

    def _los_item(self, loc: str) -> list[MenuItem]:
        """The menu entry starting the LOS tool from hex ``loc`` (none for other locations)."""
        l = self.module.locations.get(loc)
        return [MenuItem("Line of sight from here", command="los", arg=loc, key="V")] \
            if l is not None and l.kind == "hex" else []

    # -- saving, loading, PBEM -----------------------------------------------------------------
    def _default_name(self, suffix: str) -> str:
        h = self.session.record.header
        return f"{h.module_id}-{h.scenario}-{len(self.session.record.entries)}{suffix}"

    def save(self, path: Path | None = None, ask: bool = False) -> None:
        """Save to ``path``, else to the last save path, else ask with the file dialog."""
        path = path or (None if ask else self.save_path)
        if path is None:
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            self.modals.append(FileDialog(self.screen_rect, "save", folder, (SAVE_SUFFIX,),
                                          lambda p: self.save(p), name=self._default_name(SAVE_SUFFIX),
                                          title="Save game"))
            return
        try:
            self.save_path = persist.save(self.session, path)
            self.toasts.show(f"saved {self.save_path.name}")
        except OSError as exc:
            self.toasts.show(f"cannot save {path}: {exc.strerror or exc}", error=True)

    def load_dialog(self) -> None:
        folder = self.save_path.parent if self.save_path else saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        self.modals.append(FileDialog(self.screen_rect, "open", folder, (SAVE_SUFFIX,), self.load,
                                      title="Load game"))

    def load(self, path: Path) -> None:
        """Load a save of this module (another module's save is handed to ``on_open``)."""
        try:
            if read_save(Path(path))["module"]["id"] != self.module.id and self.on_open is not None:
                self.on_open(Path(path))
                return
            session = persist.load(path, self.module)
        except SaveError as exc:
            self.modals.append(MessageBox(self.screen_rect, "Cannot load", str(exc)))
            return
        if self.autosave is not None:
            self.autosave.stop()
            self.autosave = persist.Autosave.start(session, self.autosave.path.parent)
        self.save_path = Path(path)
        self.set_session(session)
        self.toasts.show(f"loaded {Path(path).name}: {len(session.record.entries)} actions replayed")

    def pbem_export_dialog(self) -> None:
        since = max(self.pbem_since, pbem.default_since(self.session, self.side))
        n = len(self.session.record.entries) - since
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        self.modals.append(FileDialog(self.screen_rect, "save", folder, (pbem.SUFFIX,),
                                      lambda p: self.pbem_export(p, since),
                                      name=self._default_name(pbem.SUFFIX),
                                      title=f"Send turn: {n} action(s) since the opponent's last file"))

    def pbem_export(self, path: Path, since: int | None = None) -> Path | None:
        since = max(self.pbem_since, pbem.default_since(self.session, self.side)) if since is None else since
        try:
            out = pbem.write_turn(self.session, path, since, self.side)
        except (OSError, WartableError) as exc:
            self.toasts.show(f"cannot write the turn: {exc}", error=True)
            return None
        self.toasts.show(f"turn written to {out.name}: send it to your opponent")
        self._hint_once(pbem.TRUST_NOTE)   # said plainly, once: PBEM is tamper-evident, not secret
        return out

    def pbem_import_dialog(self) -> None:
        saves_dir().mkdir(parents=True, exist_ok=True)
        self.modals.append(FileDialog(self.screen_rect, "open", saves_dir(), (pbem.SUFFIX,), self.pbem_import,
                                      title="Receive the opponent's turn"))

    def pbem_import(self, path: Path, auto: bool = False) -> bool:
        """Start replaying a received turn file step by step (``auto``: one step every moment)."""
        try:
            data = pbem.read_turn(path)
            if self.session.redo_stack:
                self.session.redo_stack.clear()  # undone moves cannot be redone after the opponent's
            self.replay = pbem.TurnReplay(self.session, data)
        except WartableError as exc:
            self.modals.append(MessageBox(self.screen_rect, "Cannot use this turn file", str(exc)))
            return False
        self.replay_auto = auto
        self.toasts.show(f"opponent's turn: {self.replay.total} action(s) — Next to step through")
        return True

    def replay_step(self) -> bool:
        """Apply the next action of the turn being replayed; False when there is none."""
        if self.replay is None or self.replay.finished:
            return False
        try:
            entry = self.replay.step()
        except WartableError as exc:
            self.replay = None
            self.modals.append(MessageBox(self.screen_rect, "The opponent's turn does not replay", str(exc)))
            return False
        self._on_change("replay", entry)
        if self.replay.finished:
            ok = self.session.state.hash == self.replay.data["hash_after"]
            self.toasts.show("opponent's turn replayed, every state hash verified" if ok
                             else "replayed, but the final hash differs from the sender's", error=not ok)
            self.pbem_since = len(self.session.record.entries)
            if self.autosave is not None:
                self.autosave.write()
            self.replay = None
        return True

    def quit_table(self) -> None:
        self.quit = True
        if self.on_quit is not None:
            self.on_quit()

    # -- coordinates ----------------------------------------------------------------------------
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

    # -- events ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Process one pygame event (positions in window coordinates)."""
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        self.modals = [m for m in self.modals if not m.closed]
        if self.modals:
            self.press = self.drag = None   # a dialog opened mid-gesture ends the gesture
            self.modals[-1].handle(event)
            self.modals = [m for m in self.modals if not m.closed]
            return
        if self.drag is None and self.press is None:
            if self.tray.busy and event.type == pygame.MOUSEBUTTONDOWN and self.tray.rect is not None \
                    and self.tray.rect.collidepoint(event.pos):
                if self.tray.settled:
                    self.tray.dismiss()
                else:
                    self.tray.finish()
                return
            if self.toasts.handle(event):
                return
            for b in self.replay_buttons:
                if b.handle(event):
                    return
            if self.chrome and (self.status.handle(event) or self.log.handle(event)):
                return
            if self.enforced and self.panel is not None and self.panel.handle(event):
                return
            if self.minimap is not None and self.minimap.handle(event):
                return
            if self.hand is not None and self.hand.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL:
            if self.map_rect.collidepoint(self.mouse):
                self.camera.zoom_by(1 if event.y > 0 else -1, self.to_view(self.mouse))
                self._clamp()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._down(event)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._up(event)

    def _clamp(self) -> None:
        self.camera.clamp(self.world.bounds)

    def _key(self, event: pygame.event.Event) -> None:
        k, m = event.key, mods(event)
        ctrl, shift = bool(m & pygame.KMOD_CTRL), bool(m & pygame.KMOD_SHIFT)
        if ctrl and getattr(self.session, "online", False) and k in ONLINE_NO_KEYS:
            self._hint_once("a game on a server is kept by the server: no undo, saves or turn files")
            return
        if ctrl:
            if k == pygame.K_z:
                self.redo() if shift else self.undo()
            elif k == pygame.K_y:
                self.redo()
            elif k == pygame.K_s:
                self.save(ask=shift)
            elif k == pygame.K_o:
                self.load_dialog()
            elif k == pygame.K_e:
                self.pbem_export_dialog()
            elif k == pygame.K_i:
                self.pbem_import_dialog()
            elif k == pygame.K_q:
                self.quit_table()
            return
        if self.enforced and k in FREE_PLAY_KEYS:
            self._free_play_hint(FREE_PLAY_KEYS[k])
            return
        step = 80
        if k == pygame.K_LEFT:
            self.camera.pan(-step, 0)
        elif k == pygame.K_RIGHT:
            self.camera.pan(step, 0)
        elif k == pygame.K_UP:
            self.camera.pan(0, -step)
        elif k == pygame.K_DOWN:
            self.camera.pan(0, step)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_by(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_by(-1)
        elif k == pygame.K_f:
            self.camera.fit(self.world.bounds)
        elif k == pygame.K_x:
            for pid in self._targets():
                self.do(actions.flip(self.side, pid))
        elif k == pygame.K_l:
            for pid in self._targets():
                self.do(actions.step(self.side, pid))
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if self._targets():
                self.do(actions.delete(self.side, self._targets()))
        elif k == pygame.K_m:
            if self._targets():
                self._marker_prompt(self._targets())
        elif k == pygame.K_e:
            self._send_selection()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._restack(top=k == pygame.K_PAGEUP)
        elif k == pygame.K_r:
            self.dice_dialog()
        elif k == pygame.K_c:
            self.open_charts()
        elif k == pygame.K_b:
            self.open_rule("")
        elif k == pygame.K_h:
            self.next_seat()
        elif k == pygame.K_v:
            self.toggle_los()
        elif k == pygame.K_TAB and self.minimap is not None:
            self.minimap.visible = not self.minimap.visible
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.log.input.focused = True
        elif k == pygame.K_F1 or (k == pygame.K_SLASH and shift):
            self.show_help()
        elif k == pygame.K_ESCAPE:
            if self.los is not None:
                self.stop_los()
            elif self.inspector is not None:
                self.inspector = None
            elif self.tray.busy:
                self.tray.dismiss()
            else:
                self.selection = []
        self._clamp()

    def _free_play_hint(self, key: str) -> None:
        """A free-play key pressed in enforced play: nothing is sent, a hint says why."""
        self._hint_once(FREE_PLAY_HINT.format(key=key))

    def _hint_once(self, text: str) -> None:
        """Show the (non-error) hint ``text`` unless it is showing already."""
        if not any(t.text == text and t.until > time.monotonic() for t in self.toasts.items):
            self.toasts.show(text)

    def _targets(self) -> list[int]:
        """The pieces keyboard commands act on: the selection, else the piece under the mouse."""
        if self.selection:
            return list(self.selection)
        d = self.layer.hit(self.camera, self.to_view(self.mouse)) if self.map_rect.collidepoint(self.mouse) else None
        return [d.pid] if d is not None and d.pid is not None else []

    def _marker_prompt(self, pids: list[int]) -> None:
        choices = actions.marker_choices(self.module)
        hint = f" (e.g. {', '.join(choices[:3])})" if choices else ""
        self.modals.append(TextPrompt(self.screen_rect, "Add marker", "Marker text" + hint,
                                      lambda t: [self.do(actions.mark(self.side, p, t.strip())) for p in pids]
                                      if t.strip() else None))

    def _send_selection(self) -> None:
        pids = self._targets()
        if not pids:
            return
        entry = self._entry(pids[0])
        owner = ((entry or {}).get("props") or {}).get("owner", "")
        targets = actions.send_targets(self.module, owner)
        if targets:
            self.do(actions.move(self.side, pids, targets[0]))

    def _entry(self, pid: int) -> dict | None:
        for es in self.view["locations"].values():
            for e in es:
                if e.get("id") == pid:
                    return e
        return None

    def _loc_of(self, pid: int) -> str | None:
        for loc, es in self.view["locations"].items():
            if any(e.get("id") == pid for e in es):
                return loc
        return None

    def _restack(self, top: bool) -> None:
        pids = self._targets()
        if not pids:
            return
        loc = self._loc_of(pids[0])
        ids = [e.get("id") for e in self.layer.entries(loc)]
        if None in ids:
            self.toasts.show("cannot reorder a stack with hidden pieces", error=True)
            return
        moving = [p for p in ids if p in pids]
        rest = [p for p in ids if p not in pids]
        order = rest + moving if top else moving + rest
        if order != ids:
            self.do(actions.reorder(self.side, loc, order))

    # -- mouse ------------------------------------------------------------------------------------
    def _down(self, event: pygame.event.Event) -> None:
        pos, m = event.pos, mods(event)
        self.tooltip.hide()
        if self.inspector is not None and self.inspector.rect.collidepoint(pos):
            if self.inspector.close_box().collidepoint(pos) and event.button == 1:
                self.inspector = None
                return
            k = self.inspector.hit(pos)
            if k is None:
                return
            entry = self.inspector.entries[k]
            if event.button == 3:
                self._piece_menu(entry, self.inspector.loc, pos)
                return
            if event.button == 1:
                self.press = Press(pos, 1, "inspector", entry=entry, loc=self.inspector.loc, index=k, mods=m)
            return
        if self.hand is not None and self.hand.rect.collidepoint(pos):
            hit = self.hand.hit(pos)
            if hit is not None:
                loc, k, entry = hit
                if event.button == 3 and "id" in entry:
                    self._piece_menu(entry, loc, pos)
                elif event.button == 1:
                    self.press = Press(pos, 1, "hand", entry=entry, loc=loc, index=k, mods=m)
            return
        if not self.map_rect.collidepoint(pos):
            return
        if self.los is not None and event.button == 1:
            if not self.los.handle_click(pos, self.open_rule):
                self.press = Press(pos, 1, "los", mods=m)   # a pick, or a pan if it moves
            return
        d = self.layer.hit(self.camera, self.to_view(pos))
        if event.button == 3:
            if d is not None and d.pid is not None:
                if d.pid not in self.selection:
                    self.selection = [d.pid]
                self._piece_menu(d.entry, d.loc, pos)
            else:
                loc = d.loc if d is not None else self.location_under(pos)
                if loc is not None:
                    items = actions.location_menu(self.module, self.side, loc, len(self.layer.entries(loc)))
                    self._open_menu(items + self._los_item(loc), pos)
            return
        if event.button == 2:
            self.press = Press(pos, 2, "map", mods=m)
            return
        if event.button == 1:
            self.press = Press(pos, 1, "map", drawn=d, loc=d.loc if d else "", index=d.index if d else -1, mods=m)

    def _piece_menu(self, entry: dict, loc: str, pos: tuple[int, int]) -> None:
        if "id" not in entry:
            items = actions.location_menu(self.module, self.side, loc, len(self.layer.entries(loc)))
        else:
            ids = [e.get("id") for e in self.layer.entries(loc)]
            stack_ids = ids if None not in ids else []
            items = actions.piece_menu(self.module, self.side, entry, loc, stack_ids, self.selection)
        self._open_menu(items + self._los_item(loc), pos)

    def _open_menu(self, items: list[MenuItem], pos: tuple[int, int]) -> ContextMenu | None:
        """Open a right-click menu of piece/location ``items``. In enforced play the free-play
        commands are left out (see :func:`any_game_items`); if nothing is left, no menu opens
        and a hint says why."""
        if self.enforced:
            items = any_game_items(items)
            if not items:
                self._hint_once(FREE_PLAY_MENU_HINT)
                return None
        menu = ContextMenu(items, pos, self._menu_pick, self.screen_rect)
        self.modals.append(menu)
        return menu

    def _menu_pick(self, item: MenuItem) -> None:
        if item.action is not None:
            self.do(item.action)
        elif item.command == "custom_marker":
            self._marker_prompt([item.arg])
        elif item.command == "inspect":
            self.inspect(item.arg)
        elif item.command == "dice":
            self.dice_dialog()
        elif item.command == "center":
            self.camera.center_on(*self.world.centre(item.arg))
        elif item.command == "seat":
            self.set_seat(item.arg)
        elif item.command == "los":
            self.start_los(item.arg)

    def inspect(self, loc: str) -> None:
        """Open the stack inspector on ``loc``."""
        entries = self.layer.entries(loc)
        if entries:
            self.inspector = StackInspector(self.module, self.counters, loc, entries, self.map_rect)

    def _motion(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if self.drag is not None:
            if self.drag.kind == "pan":
                self.camera.pan(self.drag.last[0] - pos[0], self.drag.last[1] - pos[1])
                self._clamp()
            self.drag.last = pos
            self.drag.pos = pos
            return
        if self.press is not None:
            dx, dy = pos[0] - self.press.pos[0], pos[1] - self.press.pos[1]
            if dx * dx + dy * dy >= DRAG_START * DRAG_START:
                self._start_drag(pos)
            return
        if self.los is not None and self.map_rect.collidepoint(pos):
            self.los.hover(self.location_under(pos))
        hit = self.layer.hit(self.camera, self.to_view(pos)) if self.map_rect.collidepoint(pos) else None
        loc = self.location_under(pos) if hit is None and self.map_rect.collidepoint(pos) else None
        if hit is not self.hover or loc != self.hover_loc:
            self.hover, self.hover_loc = hit, loc   # a piece, else the hex or space under the mouse
            self.hover_since = time.monotonic()
            self.tooltip.hide()

    def _start_drag(self, pos: tuple[int, int]) -> None:
        p = self.press
        self.press = None
        shift, ctrl = bool(p.mods & pygame.KMOD_SHIFT), bool(p.mods & pygame.KMOD_CTRL)
        if p.button == 2 or p.source == "los" or (p.source == "map" and p.drawn is None and not (shift or ctrl)):
            self.drag = Drag("pan", pos, start=p.pos, last=pos)
            self.camera.pan(p.pos[0] - pos[0], p.pos[1] - pos[1])
            self._clamp()
            return
        if p.source == "map" and p.drawn is None:
            self.drag = Drag("band", pos, start=p.pos, last=pos)
            return
        place = self.world.places.get(p.loc)
        entries = self.layer.entries(p.loc)
        if p.source == "map" and place is not None and place.kind in PILE_KINDS:
            top = p.drawn
            self.drag = Drag("draw", pos, src=p.loc, hidden={(p.loc, top.index)}, last=pos,
                             images=[(top.entry, 0, 0)])
            return
        entry = p.drawn.entry if p.drawn is not None else p.entry
        pid = entry.get("id")
        if pid is None:
            self.toasts.show("you cannot identify that piece, so you cannot move it", error=True)
            return
        if pid in self.selection and len(self.selection) > 1:
            pids = list(self.selection)
        elif shift:
            pids = [e["id"] for e in entries if "id" in e]
        elif place is not None and place.kind in SPREAD_KINDS or p.source != "map":
            pids = [pid]
        else:
            pids = self.layer.carried(p.loc, p.index)   # it and the units above it (markers stay)
        pids = self._ordered(pids)
        hidden = set()
        images = []
        px = self.camera.scale(self.world.counter)
        step = max(2, round(px * 0.09))
        for k, q in enumerate(pids):
            loc = self._loc_of(q)
            es = self.layer.entries(loc)
            idx = next(i for i, e in enumerate(es) if e.get("id") == q)
            hidden.add((loc, idx))
            images.append((es[idx], step * k, -step * k))
        self.drag = Drag("pieces", pos, pids=pids, hidden=hidden, images=images, last=pos)

    def _ordered(self, pids: list[int]) -> list[int]:
        """``pids`` grouped by location (module order) and bottom-first within each stack."""
        order = []
        for loc, es in self.view["locations"].items():
            for e in es:
                if e.get("id") in pids:
                    order.append(e["id"])
        return order

    def _up(self, event: pygame.event.Event) -> None:
        pos, m = event.pos, mods(event)
        drag, press = self.drag, self.press
        self.drag, self.press = None, None
        if drag is None:
            if press is not None and press.button == 1:
                self._click(press, pos)
            return
        if drag.kind == "band":
            r = pygame.Rect(min(drag.start[0], pos[0]), min(drag.start[1], pos[1]),
                            abs(pos[0] - drag.start[0]), abs(pos[1] - drag.start[1]))
            found = [d.pid for d in self.layer.in_rect(self.camera, r.move(-self.map_rect.x, -self.map_rect.y))
                     if d.pid is not None]
            self.selection = (self.selection + [p for p in found if p not in self.selection]) \
                if m & pygame.KMOD_CTRL else found
            return
        if drag.kind not in ("pieces", "draw"):
            return
        target = None
        if self.hand is not None and self.hand.rect.collidepoint(pos) and self.hand.my_hands:
            target = self.hand.my_hands[0]
        elif self.map_rect.collidepoint(pos):
            target = self.location_under(pos)
        if target is None:
            return
        if drag.kind == "draw":
            if target != drag.src:
                self.do(actions.draw(self.side, drag.src, target))
            return
        if all(self._loc_of(p) == target for p in drag.pids):
            return  # dropped back where it was
        if self.enforced:
            self.rules_drop(drag.pids, target)
            return
        self.do(actions.move(self.side, drag.pids, target))

    def _click(self, press: Press, pos: tuple[int, int]) -> None:
        if press.source == "los":
            if self.los is not None:
                self.los.click(self.location_under(pos))
            return
        entry = press.drawn.entry if press.drawn is not None else press.entry
        now = time.monotonic()
        if entry is None:
            if press.source == "map":
                loc = self.location_under(pos)
                if self.enforced and loc is not None and self.rules_click(loc, pos, empty=True):
                    return
                self.selection = []
                self.inspector = None
            return
        pid = entry.get("id")
        before = list(self.selection)
        double = pid is not None and self.last_click[0] == pid and now - self.last_click[1] < DOUBLE_CLICK \
            and not self.enforced   # (enforced play: a click chooses; flipping is the rules' business)
        self.last_click = (pid, now)
        if double:
            self.do(actions.flip(self.side, pid))
            return
        if pid is not None:
            if press.mods & pygame.KMOD_CTRL:
                self.selection = [p for p in self.selection if p != pid] if pid in self.selection \
                    else self.selection + [pid]
            else:
                self.selection = [pid]
        if self.enforced and press.source == "hand":
            self.card_menu(entry, pos)
            return
        if self.enforced and press.source == "map" and self.rules_click(press.loc, pos, before):
            return
        if press.source == "map" and len(self.layer.entries(press.loc)) > 1:
            self.inspect(press.loc)

    # -- per frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tray.update(dt)
        if self.hand_over_due:
            self._auto_hand_over()   # (held back while the action's dice were shown)
        self.modals = [m for m in self.modals if not m.closed]
        for m in self.modals:
            m.update(dt)
        if self.replay is not None and self.replay_auto and not self.tray.busy:
            self.replay_wait -= dt
            if self.replay_wait <= 0:
                self.replay_step()
                self.replay_wait = 0.6
        if (self.hover is not None or self.hover_loc is not None) and not self.tooltip.lines \
                and self.drag is None and not self.modals and time.monotonic() - self.hover_since >= TOOLTIP_DELAY:
            if self.hover is not None:   # the piece, then its hex or space
                lines = describe(self.module, self.hover.entry, self.hover.loc, self.counters.layouts) + \
                    self.place_info.lines(self.hover.loc, self.layer.entries(self.hover.loc))
            else:
                lines = self.place_info.lines(self.hover_loc, self.layer.entries(self.hover_loc))
            self.tooltip.show(lines, self.mouse)

    def open_view(self) -> None:
        """The opening view: the whole world, or a point-to-point map at its readable zoom
        (names readable, issue 18)."""
        rect, least = self.world.opening_view()
        self.camera.fit(self.world.bounds)
        if least and ZOOMS[self.camera.index] < least:
            self.camera.index = next((i for i, z in enumerate(ZOOMS) if z >= least * 0.99), len(ZOOMS) - 1)
            self.camera.center_on(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)

    def next_frame_in(self) -> float | None:
        """Seconds until the table changes without input (:mod:`client.pacing`): 0 while it
        animates (dice, map tiles still rendering, a pending hand-over, an auto replay, the
        first frames), the delay of a pending tooltip, a toast's expiry or a caret's blink;
        None when only input can change it."""
        if self.frames <= 2 or self.tray.busy or self.hand_over_due or not self.maps_complete \
                or (self.replay is not None and self.replay_auto):
            return 0.0
        now = time.monotonic()
        due = []
        if (self.hover is not None or self.hover_loc is not None) and not self.tooltip.lines and self.drag is None:
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
        hidden = self.drag.hidden if self.drag is not None else set()
        self.layer.draw(surf, self.camera, hidden, set(self.selection), offset=mr.topleft)
        if self.enforced:
            self._draw_highlights(surf)
        self._draw_drag(surf)
        if self.los is not None:
            self.los.draw(surf, mr, self.screen_pos_of, self._outline, top=42 if self.replay is not None else 0)
        else:
            self._draw_hover_stack(surf)
        if self.inspector is not None:
            self.inspector.draw(surf)
        if self.minimap is not None and not (self.defer_minimap and self.frames <= 1):
            self.minimap.draw(surf)   # (its image renders on the second frame: the map comes first)
        self.tray.draw(surf, pygame.Rect(mr.x + 12, mr.y + 12, min(460, mr.w - 24), min(300, mr.h - 24)))
        self._draw_replay_bar(surf)
        self.toasts.draw(surf, mr)
        surf.set_clip(clip)
        if self.chrome:
            los_button = self.status.button("LOS")
            if los_button is not None:
                los_button.accent = self.los is not None
            self.status.draw(surf)
            self.log.draw(surf)
            if self.enforced and self.panel is not None:
                self.panel.draw(surf)
        if self.hand is not None:
            self.hand.draw(surf)
        self.tooltip.draw(surf, self.screen_rect)
        if self.enforced and self.panel is not None:
            self.panel.draw_tooltip(surf, self.screen_rect)
        for m in self.modals:
            if not m.closed:
                m.draw(surf)

    def _draw_drag(self, surf: pygame.Surface) -> None:
        d = self.drag
        if d is None:
            return
        if d.kind == "band":
            r = pygame.Rect(min(d.start[0], d.pos[0]), min(d.start[1], d.pos[1]),
                            abs(d.pos[0] - d.start[0]), abs(d.pos[1] - d.start[1]))
            pygame.draw.rect(surf, colours.SELECT, r, 1)
            return
        if d.kind not in ("pieces", "draw"):
            return
        target = self.location_under(d.pos)
        if target is not None:
            self._outline(surf, target, colours.DROP_TARGET)
        px = self.camera.scale(self.world.counter)
        for entry, dx, dy in d.images:
            img = self.counters.image(entry, px)
            surf.blit(img, img.get_rect(center=(d.pos[0] + dx, d.pos[1] + dy)))

    def _outline(self, surf: pygame.Surface, loc: str, colour) -> None:
        p = self.world.places[loc]
        if p.shape == "hex":
            pts = [self.screen_of(x, y) for x, y in p.corners]
            pygame.draw.lines(surf, colour, True, pts, 3)
        else:
            x, y, w, h = p.rect
            a, b = self.screen_of(x, y), self.screen_of(x + w, y + h)
            pygame.draw.rect(surf, colour, (a[0], a[1], b[0] - a[0], b[1] - a[1]), 3, border_radius=4)

    def _draw_hover_stack(self, surf: pygame.Surface) -> None:
        """Over a stack of two or more, show every piece of it side by side above the stack."""
        h = self.hover
        if h is None or self.drag is not None or self.press is not None or self.modals or h.rect is None:
            return
        place = self.world.places.get(h.loc)
        if place is None or place.kind in PILE_KINDS:
            return
        entries = self.layer.entries(h.loc)
        if len(entries) < 2 or place.kind in SPREAD_KINDS:
            return
        px = max(40, min(64, self.camera.scale(self.world.counter)))
        gap = 6
        width = len(entries) * (px + gap) + gap
        anchor = h.rect.move(self.map_rect.topleft)
        r = pygame.Rect(0, 0, width, px + 2 * gap + 4)
        r.midbottom = (anchor.centerx, anchor.top - 8)
        r.clamp_ip(self.map_rect)
        if r.colliderect(anchor):
            r.top = anchor.bottom + 8
            r.clamp_ip(self.map_rect)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((20, 22, 26, 200))
        surf.blit(shade, r)
        x = r.x + gap
        for e in entries:
            img = self.counters.image(e, px)
            surf.blit(img, (x, r.y + gap))
            x += px + gap

    def _draw_replay_bar(self, surf: pygame.Surface) -> None:
        self.replay_buttons = []
        if self.replay is None:
            return
        mr = self.map_rect
        bar = pygame.Rect(mr.centerx - 260, mr.y + 8, 520, 34)
        pygame.draw.rect(surf, (20, 22, 26), bar, border_radius=6)
        pygame.draw.rect(surf, colours.UI_ACCENT, bar, 1, border_radius=6)
        text = f"Opponent's turn: {self.replay.done}/{self.replay.total} replayed"
        surf.blit(fonts.text(text, 15, colours.UI_TEXT), (bar.x + 10, bar.y + 8))
        self.replay_buttons = [
            Button((bar.right - 236, bar.y + 4, 70, 26), "Next", self.replay_step),
            Button((bar.right - 160, bar.y + 4, 76, 26), "Play all", self._replay_all),
            Button((bar.right - 78, bar.y + 4, 70, 26), "Stop", self._replay_stop)]
        for b in self.replay_buttons:
            b.draw(surf)

    def _replay_all(self) -> None:
        self.replay_auto = True

    def _replay_stop(self) -> None:
        self.replay_auto = False
