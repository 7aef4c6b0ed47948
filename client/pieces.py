"""The piece layer: where each piece of a side's *view* is drawn, drawing it, and hit-testing.

Only ``session.view(side)`` is read (DESIGN principle 7): a hidden entry has no id, type or
face and is drawn as its back. Layout rules, in world units:

* hexes, spaces and track cells hold one **stack** of units, drawn bottom to top with each piece
  shifted up and to the right (the shift shrinks for tall stacks so a stack stays within a third
  of a counter of its place, and shows its count from four pieces); markers sharing the place with
  units are badges down the stack's left side (:mod:`client.markers`), drawn beneath every unit
  (a badge reaching over a neighbouring place never hides its units), and a unit wins the hit
  test where they overlap;
* boxes and hands **spread** their pieces over a grid of piles inside the rectangle (piece ``k``
  goes to pile ``k % piles``), so an eliminated-units box stays readable;
* decks and cups show a pile of at most three backs and a count badge.

:meth:`PieceLayer.layout` turns that into screen rectangles for a camera; hit tests and drawing
use the same rectangles, so what you click is what you see.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import colours, fonts, markers
from .camera import Camera
from .markers import is_marker
from .render_counter import CounterRenderer
from .world import SPREAD_KINDS, World

PILE_KINDS = ("deck", "cup")
#: Shift between two pieces of a stack, and the most the whole stack may shift (share of a
#: counter): a stack of ten stays within its hex (issue 18: stacks of 8-10 spilled over).
STACK_STEP = 0.09
STACK_REACH = 0.3
#: A stack of this many pieces or more shows its count.
COUNT_FROM = 4


@dataclass
class Drawn:
    """One piece as drawn: its view entry, location, index in the stack (bottom = 0), world
    centre, pile number within its location and — after layout — its screen rectangle."""
    entry: dict
    loc: str
    index: int
    wx: float
    wy: float
    pile: int
    rect: pygame.Rect | None = None
    badge: bool = False     # a marker drawn as a badge beside the units it shares its location with
    mirror: bool = False    # drawn on a close-up map's twin hex (``loc`` is where it really is)

    @property
    def pid(self) -> int | None:
        return self.entry.get("id")


class PieceLayer:
    """Lays out, draws and hit-tests the pieces of one view."""

    def __init__(self, world: World, counters: CounterRenderer) -> None:
        self.world = world
        self.counters = counters
        self.view: dict = {"locations": {}}
        self.drawn: list[Drawn] = []
        self.by_loc: dict[str, list[Drawn]] = {}
        self.visible: list[Drawn] = []
        self.counts: dict[str, int] = {}
        self._key: tuple | None = None
        self._items: list = []
        self._tags: list = []
        self._badge_list: list = []
        self._translated = None

    # -- view → world positions -----------------------------------------------------------------
    def set_view(self, view: dict) -> None:
        """Take a new view (after every session change) and place its pieces in the world."""
        self.view = view
        cs = self.world.counter
        drawn: list[Drawn] = []
        by_loc: dict[str, list[Drawn]] = {}
        self.counts = {}
        for loc_id, entries in view.get("locations", {}).items():
            place = self.world.places.get(loc_id)
            if place is None or not entries:
                continue
            self.counts[loc_id] = len(entries)
            out: list[Drawn] = []
            if place.kind in PILE_KINDS:
                shown = entries[-3:]
                first = len(entries) - len(shown)
                for k, e in enumerate(shown):
                    off = cs * 0.06 * k
                    out.append(Drawn(e, loc_id, first + k, place.cx + off, place.cy - off, 0))
            elif place.kind in SPREAD_KINDS:
                x, y, w, h = place.rect
                cell = cs * 1.08
                label = cs * 0.3
                cols = max(1, int((w - cs * 0.1) // cell))
                rows = max(1, int((h - label) // cell))
                piles = cols * rows
                n_pile = [0] * piles
                levels = (len(entries) + piles - 1) // piles
                step = min(cs * 0.08, cs * 0.5 / max(1, levels - 1))
                for k, e in enumerate(entries):
                    pile = k % piles
                    level = n_pile[pile]
                    n_pile[pile] += 1
                    col, row = pile % cols, pile // cols
                    cx = x + (w - cols * cell) / 2 + cell * (col + 0.5)
                    cy = y + label + (h - label - rows * cell) / 2 + cell * (row + 0.5)
                    out.append(Drawn(e, loc_id, k, cx + step * level, cy - step * level, pile))
            else:
                out.extend(self._stack(place, loc_id, entries))
            by_loc[loc_id] = out
            drawn.extend(out)
        drawn.sort(key=lambda d: (round(self.world.places[d.loc].cy, 1), self.world.places[d.loc].cx, d.badge, d.index))
        locs = view.get("locations", {})
        for a, b in self.world.twins:   # a close-up map's hex shows its twin's pieces, and back
            for src, dst in ((b, a), (a, b)):
                if locs.get(src):
                    for d in self._stack(self.world.places[dst], src, locs[src]):
                        d.mirror = True
                        drawn.append(d)   # after the real ones: piece_rect finds those first
        self.drawn = drawn
        self.by_loc = by_loc
        self._key = None

    def _stack(self, place, loc_id: str, entries: list[dict]) -> list[Drawn]:
        """A hex's, space's or track cell's pieces: the units as one compact stack (each piece
        shifted up and to the right, the whole shift at most :data:`STACK_REACH` of a counter
        so a tall stack stays on its hex; its count shows from :data:`COUNT_FROM` pieces) and
        the markers sharing the location with units as badges down its left side
        (:mod:`client.markers`). Markers alone stay full counters."""
        cs = self.world.counter
        module = self.counters.module
        units = [(k, e) for k, e in enumerate(entries) if not is_marker(module, e)]
        marks = [(k, e) for k, e in enumerate(entries) if is_marker(module, e)] if units else []
        if not units:
            units = list(enumerate(entries))
        n = len(units)
        step = min(cs * STACK_STEP, cs * STACK_REACH / max(1, n - 1))
        out = [Drawn(e, loc_id, k, place.cx + step * j, place.cy - step * j, 0) for j, (k, e) in enumerate(units)]
        bh = cs * markers.HEIGHT
        left = place.cx - cs / 2 + cs * markers.OVERLAP
        for j, (k, e) in enumerate(marks):
            out.append(Drawn(e, loc_id, k, left, place.cy - cs / 2 + bh * (j + 0.5) + cs * 0.04 * j, 0, badge=True))
        return out

    def carried(self, loc: str, index: int) -> list[int]:
        """The pieces a drag of the piece at ``index`` of ``loc`` takes: it and the pieces above
        it, less the markers (they stay with the location) unless a marker is what is dragged."""
        entries = self.entries(loc)
        if not 0 <= index < len(entries):
            return []
        if is_marker(self.counters.module, entries[index]):
            return [entries[index]["id"]] if "id" in entries[index] else []
        return [e["id"] for e in entries[index:] if "id" in e and not is_marker(self.counters.module, e)]

    # -- world → screen -----------------------------------------------------------------------------
    def layout(self, camera: Camera) -> list[Drawn]:
        """Screen rectangles of every piece within the viewport (cached per camera position),
        and with them what :meth:`draw` blits: images, marker tags and count badges."""
        key = (camera.index, camera.px, camera.py, camera.width, camera.height, id(self.drawn))
        if key == self._key:
            return self.visible
        px = camera.scale(self.world.counter)
        z = camera.zoom
        cpx, cpy = camera.px, camera.py
        vx0, vy0 = cpx - 2 * px, cpy - 2 * px
        vx1, vy1 = cpx + camera.width + 2 * px, cpy + camera.height + 2 * px
        visible = []
        items = []
        under = []   # marker badges: drawn before every unit, so no badge ever hides a unit
        tags = []
        image, size, tag, badge = self.counters.image, self.counters.size, self.counters.tag, self.counters.badge
        Rect = pygame.Rect
        for d in self.drawn:
            sx, sy = round(d.wx * z), round(d.wy * z)
            if vx0 <= sx <= vx1 and vy0 <= sy <= vy1:
                if d.badge:   # a marker beside its units: (wx, wy) is its right-hand end
                    img = badge(d.entry, px)
                    w, h = img.get_width() - 1, img.get_height() - 1
                    x, y = sx - cpx - w, sy - cpy - h // 2
                    d.rect = Rect(x, y, w, h)
                    visible.append(d)
                    under.append(((d.loc, d.index), img, x, y))
                    continue
                w, h = size(d.entry, px)
                x, y = sx - cpx - w // 2, sy - cpy - h // 2
                d.rect = Rect(x, y, w, h)
                visible.append(d)
                k = (d.loc, d.index)
                items.append((k, image(d.entry, px), x, y))
                markers = d.entry.get("markers")
                if markers and px >= 14:
                    ty = y + h
                    for m in markers[:4]:
                        img = tag(m, px)
                        ty -= img.get_height() - 1
                        tags.append((k, img, x - img.get_width() // 4, ty))
            else:
                d.rect = None
        badges = []
        if px >= 14:
            bsize = max(9, camera.scale(self.world.counter * 0.26))
            for loc, n in self.counts.items():
                units = [d for d in self.by_loc[loc] if not d.badge]
                if self.world.places[loc].kind not in PILE_KINDS and len(units) < COUNT_FROM:
                    continue
                top = units[-1]
                if top.rect is not None:
                    img = self._badge(n, bsize)
                    badges.append(((top.loc, top.index), img, top.rect.right - img.get_width() // 2,
                                   top.rect.top - img.get_height() // 2))
        self.visible = visible
        self._items, self._tags, self._badge_list = under + items, tags, badges
        self._translated = None
        self._key = key
        return visible

    def _badge(self, n: int, size: int) -> pygame.Surface:
        key = ("badge", n, size)
        img = self.counters.cache.get(key)
        if img is None:
            text = fonts.render(str(n), size, (255, 255, 255), bold=True)
            r = text.get_rect().inflate(6, 2)
            img = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (170, 40, 40), img.get_rect(), border_radius=r.h // 2)
            img.blit(text, text.get_rect(center=img.get_rect().center))
            self.counters.cache[key] = img
        return img

    def draw(self, target: pygame.Surface, camera: Camera, hidden: set[tuple[str, int]] = frozenset(),
             selected: set[int] = frozenset(), offset: tuple[int, int] = (0, 0)) -> None:
        """Draw the visible pieces onto ``target`` (``hidden``: (loc, index) pairs being dragged,
        not drawn in place; ``selected``: piece ids outlined)."""
        self.layout(camera)
        ox, oy = offset
        if hidden:
            lists = [[(img, (x + ox, y + oy)) for k, img, x, y in part if k not in hidden]
                     for part in (self._items, self._tags, self._badge_list)]
        else:
            if self._translated is None or self._translated[0] != offset:
                self._translated = (offset, [[(img, (x + ox, y + oy)) for k, img, x, y in part]
                                             for part in (self._items, self._tags, self._badge_list)])
            lists = self._translated[1]
        target.blits(lists[0], doreturn=False)
        if selected:
            for d in self.visible:
                if d.entry.get("id") in selected and (d.loc, d.index) not in hidden:
                    pygame.draw.rect(target, colours.SELECT, d.rect.move(ox, oy).inflate(4, 4), 2, border_radius=3)
        target.blits(lists[1], doreturn=False)
        target.blits(lists[2], doreturn=False)

    # -- hit tests ------------------------------------------------------------------------------------
    def hit(self, camera: Camera, pos: tuple[int, int]) -> Drawn | None:
        """The topmost piece drawn under screen ``pos`` (viewport coordinates), or None. A unit
        wins over a marker badge where they overlap: a drag picks the unit the player means."""
        badge = None
        for d in reversed(self.layout(camera)):
            if d.rect.collidepoint(pos):
                if not d.badge:
                    return d
                badge = badge or d
        return badge

    def in_rect(self, camera: Camera, rect: pygame.Rect) -> list[Drawn]:
        """Pieces whose screen centre lies in ``rect`` (rubber-band selection)."""
        return [d for d in self.layout(camera) if rect.collidepoint(d.rect.center)]

    def stack(self, loc: str) -> list[Drawn]:
        """Every drawn piece at ``loc`` (for decks/cups: only the shown top of the pile)."""
        return self.by_loc.get(loc, [])

    def entries(self, loc: str) -> list[dict]:
        """The view entries at ``loc``, bottom to top."""
        return list(self.view.get("locations", {}).get(loc, []))

    def entry(self, pid: int) -> dict | None:
        """The view entry of piece ``pid`` (None if the view does not show it)."""
        return next((e for es in self.view.get("locations", {}).values() for e in es if e.get("id") == pid), None)

    def loc_of(self, pid: int) -> str | None:
        """Where the view shows piece ``pid``."""
        return next((loc for loc, es in self.view.get("locations", {}).items()
                     if any(e.get("id") == pid for e in es)), None)

    def ordered(self, pids: list[int]) -> list[int]:
        """``pids`` grouped by location (module order) and bottom-first within each stack."""
        return [e["id"] for es in self.view.get("locations", {}).values() for e in es if e.get("id") in pids]
