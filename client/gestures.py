"""Mouse gestures on the table: raw pygame mouse events become *what the player pointed at*
(a click on a piece, a drag of pieces onto a location, a right-click on a hex …), handed to
the table's modes (:mod:`client.modes`), which decide what each means in their game.

This module knows nothing of rules: it picks (the top unit under the mouse wins over a marker,
:meth:`client.pieces.PieceLayer.hit`), works out which pieces a drag carries, keeps the
selection, pans and rubber-bands. Gestures:

* drag a piece: it and every unit above it (markers stay; in a box or hand: that piece alone);
  Shift-drag: the whole stack; dragging a selected piece: the whole selection; dragging the
  top of a deck or cup: a draw; → ``drop(pids, loc)`` / ``draw_from(src, loc)``;
* drag on empty map: pan; Ctrl- or Shift-drag on empty map: rubber-band selection;
* click a piece: select it (Ctrl: add/remove) → ``click(target, pos, before)``; on empty map
  → ``click_place(loc, pos)``; double-click → ``double_click(target)``;
* right-click → ``context_piece(entry, loc, pos)`` / ``context_place(loc, pos)``;
* a mode that *claims* presses (line of sight) gets ``pick(loc)`` for a click and pans on a drag.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from .pieces import PILE_KINDS, Drawn
from .widgets.base import mods
from .world import SPREAD_KINDS

if TYPE_CHECKING:
    from .table import Table

DRAG_START = 5            # pixels the mouse must move before a press becomes a drag
DOUBLE_CLICK = 0.4


@dataclass
class Press:
    """A mouse button held down: where, on what, with which modifiers. ``source``: "map",
    "inspector", "hand", or "claim" (a press a mode claimed: a pick, or a pan if it moves)."""
    pos: tuple[int, int]
    button: int
    source: str
    drawn: Drawn | None = None       # map piece pressed
    entry: dict | None = None        # inspector/hand piece pressed
    loc: str = ""
    index: int = -1
    mods: int = 0

    @property
    def target(self) -> dict | None:
        return self.drawn.entry if self.drawn is not None else self.entry


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


class Gestures:
    """The press/drag state of one table and the translation of mouse events into gestures."""

    def __init__(self, table: "Table") -> None:
        self.t = table
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.last_click: tuple[object, float] = (None, 0.0)

    @property
    def busy(self) -> bool:
        return self.press is not None or self.drag is not None

    def cancel(self) -> None:
        self.press = self.drag = None

    # -- button down --------------------------------------------------------------------------
    def down(self, event: pygame.event.Event) -> None:
        t, pos, m = self.t, event.pos, mods(event)
        if t.inspector is not None and t.inspector.rect.collidepoint(pos):
            if t.inspector.close_box().collidepoint(pos) and event.button == 1:
                t.inspector = None
                return
            k = t.inspector.hit(pos)
            if k is None:
                return
            entry = t.inspector.entries[k]
            if event.button == 3:
                t.gesture("context_piece", entry, t.inspector.loc, pos)
            elif event.button == 1:
                self.press = Press(pos, 1, "inspector", entry=entry, loc=t.inspector.loc, index=k, mods=m)
            return
        if t.hand is not None and t.hand.rect.collidepoint(pos):
            hit = t.hand.hit(pos)
            if hit is not None:
                loc, k, entry = hit
                if event.button == 3 and "id" in entry:
                    t.gesture("context_piece", entry, loc, pos)
                elif event.button == 1:
                    self.press = Press(pos, 1, "hand", entry=entry, loc=loc, index=k, mods=m)
            return
        if not t.map_rect.collidepoint(pos):
            return
        if event.button == 1 and t.gesture("claim_press", pos):
            self.press = Press(pos, 1, "claim", mods=m)
            return
        d = t.layer.hit(t.camera, t.to_view(pos))
        if event.button == 3:
            if d is not None and d.pid is not None:
                if d.pid not in t.selection:
                    t.selection = [d.pid]
                t.gesture("context_piece", d.entry, d.loc, pos)
            else:
                loc = d.loc if d is not None else t.location_under(pos)
                if loc is not None:
                    t.gesture("context_place", loc, pos)
        elif event.button in (1, 2):
            self.press = Press(pos, event.button, "map", drawn=d if event.button == 1 else None,
                               loc=d.loc if d else "", index=d.index if d else -1, mods=m)

    # -- motion ---------------------------------------------------------------------------------
    def motion(self, pos: tuple[int, int]) -> bool:
        """Follow a drag or start one; False when no button is held (a hover)."""
        t = self.t
        if self.drag is not None:
            if self.drag.kind == "pan":
                t.camera.pan(self.drag.last[0] - pos[0], self.drag.last[1] - pos[1])
                t.clamp()
            self.drag.last = self.drag.pos = pos
            return True
        if self.press is not None:
            dx, dy = pos[0] - self.press.pos[0], pos[1] - self.press.pos[1]
            if dx * dx + dy * dy >= DRAG_START * DRAG_START:
                self._start_drag(pos)
            return True
        return False

    def _start_drag(self, pos: tuple[int, int]) -> None:
        t, p = self.t, self.press
        self.press = None
        shift, ctrl = bool(p.mods & pygame.KMOD_SHIFT), bool(p.mods & pygame.KMOD_CTRL)
        if p.button == 2 or p.source == "claim" or (p.source == "map" and p.drawn is None and not (shift or ctrl)):
            self.drag = Drag("pan", pos, start=p.pos, last=pos)
            t.camera.pan(p.pos[0] - pos[0], p.pos[1] - pos[1])
            t.clamp()
            return
        if p.source == "map" and p.drawn is None:
            self.drag = Drag("band", pos, start=p.pos, last=pos)
            return
        place = t.world.places.get(p.loc)
        kind = place.kind if place is not None else t.module.locations[p.loc].kind \
            if p.loc in t.module.locations else ""
        if kind in PILE_KINDS and (p.source == "map" or "id" not in p.target):
            self.drag = Drag("draw", pos, src=p.loc, hidden={(p.loc, p.index)}, last=pos,
                             images=[(p.target, 0, 0)])
            return
        pid = p.target.get("id")
        if pid is None:
            t.toasts.show("you cannot identify that piece, so you cannot move it", error=True)
            return
        if pid in t.selection and len(t.selection) > 1:
            pids = list(t.selection)
        elif shift:
            pids = [e["id"] for e in t.layer.entries(p.loc) if "id" in e]
        elif place is not None and place.kind in SPREAD_KINDS or p.source != "map":
            pids = [pid]
        else:
            pids = t.layer.carried(p.loc, p.index)   # it and the units above it (markers stay)
        pids = t.layer.ordered(pids)
        hidden, images = set(), []
        step = max(2, round(t.camera.scale(t.world.counter) * 0.09))
        for k, q in enumerate(pids):
            loc = t.layer.loc_of(q)
            es = t.layer.entries(loc)
            idx = next((i for i, e in enumerate(es) if e.get("id") == q), -1)
            if idx < 0:
                es = t.view["locations"].get(loc, [])
                idx = next(i for i, e in enumerate(es) if e.get("id") == q)
            hidden.add((loc, idx))
            images.append((es[idx], step * k, -step * k))
        self.drag = Drag("pieces", pos, pids=pids, hidden=hidden, images=images, last=pos)

    # -- button up -------------------------------------------------------------------------------
    def up(self, event: pygame.event.Event) -> None:
        t, pos, m = self.t, event.pos, mods(event)
        drag, press = self.drag, self.press
        self.drag = self.press = None
        if drag is None:
            if press is not None and press.button == 1:
                self._click(press, pos)
            return
        if drag.kind == "band":
            r = pygame.Rect(min(drag.start[0], pos[0]), min(drag.start[1], pos[1]),
                            abs(pos[0] - drag.start[0]), abs(pos[1] - drag.start[1]))
            found = [d.pid for d in t.layer.in_rect(t.camera, r.move(-t.map_rect.x, -t.map_rect.y))
                     if d.pid is not None]
            t.selection = (t.selection + [p for p in found if p not in t.selection]) \
                if m & pygame.KMOD_CTRL else found
            return
        if drag.kind not in ("pieces", "draw"):
            return
        target = None
        if t.hand is not None and t.hand.rect.collidepoint(pos) and t.hand.my_hands:
            target = t.hand.my_hands[0]
        elif t.map_rect.collidepoint(pos):
            target = t.location_under(pos)
        if target is None:
            return
        if drag.kind == "draw":
            if target != drag.src:
                t.gesture("draw_from", drag.src, target)
            return
        if all(t.layer.loc_of(p) == target for p in drag.pids):
            return  # dropped back where it was
        t.gesture("drop", drag.pids, target)

    def _click(self, press: Press, pos: tuple[int, int]) -> None:
        t = self.t
        if press.source == "claim":
            t.gesture("pick", t.location_under(pos))
            return
        entry = press.target
        if entry is None:
            if press.source == "map":
                loc = t.location_under(pos)
                if loc is not None and t.gesture("click_place", loc, pos):
                    return
                t.selection = []
                t.inspector = None
            return
        pid = entry.get("id")
        now = time.monotonic()
        double = pid is not None and self.last_click[0] == pid and now - self.last_click[1] < DOUBLE_CLICK
        self.last_click = (pid, now)
        if double and t.gesture("double_click", press):
            return
        before = list(t.selection)
        if pid is not None:
            if press.mods & pygame.KMOD_CTRL:
                t.selection = [p for p in t.selection if p != pid] if pid in t.selection \
                    else t.selection + [pid]
            else:
                t.selection = [pid]
        t.gesture("click", press, pos, before)
