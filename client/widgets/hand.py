"""The hand/deck/cup strip along the bottom of the table.

It shows the *seated* side's own hand face up (from that side's view, so never another side's
cards), the other hands as a count, and each deck and cup as a count — in free play with Draw
and Shuffle buttons (free-play commands: a rules-enforced game draws and shuffles by its
rules). The strip only reports what was picked (``on_pile(verb, loc)``, a card pressed): the
table's mode builds the action. A Draw that cannot draw says why in its tip.

Cards are drawn readable at hand size (OPS/SR, number, name, CC and ``*``: :mod:`client.cards`);
hovering one shows the whole card above the strip (event text, combat-card condition, RP box,
deck), and in rules-enforced play a right-click pins it until the next click or Escape.

Layout: one column per hand, deck or cup, side by side with a gap. A title too long for its
column is cut with an ellipsis (hovering it shows the whole title). Columns never overlap and
never pass the panel's right edge: when they do not all fit, the strip scrolls sideways a
column at a time — the wheel over the strip, or the ‹ › buttons at its ends — and only the
columns wholly inside are drawn and take clicks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from engine.model import Module

from .. import colours, fonts
from ..render_counter import CounterRenderer
from .base import UI_FONT, Button, Widget, draw_panel

PX = 116           # nominal counter size of the hand's cards: a card is 88 x 123 px, readable
HEIGHT = 168
PREVIEW_W = 270    # the whole card shown on hover (or pinned by a right-click in enforced play)
PAD = 10           # inner margin of the strip
GAP = 14           # between two columns
COL_W = 150        # a deck/cup/other-hand column: title, count, Draw + Shuffle
HAND_MIN_W = 160   # the seated side's hand column at least
ARROW_W = 20
CARD_GAP = 6


def has_hands(module: Module) -> bool:
    return any(l.kind in ("hand", "deck", "cup") for l in module.locations.values())


@dataclass
class Column:
    """One column of the strip. ``kind``: "spectator", "hand" (the seated side's, cards face
    up; or another side's while a card shows it to this seat), "other" (another side's hand, a
    count) or "pile" (a deck or cup). ``rect`` is where it is drawn now (None while scrolled out
    of view)."""
    kind: str
    title: str
    width: int
    loc: str = ""
    lines: list[tuple[str, tuple]] = field(default_factory=list)
    title_colour: tuple = colours.UI_TEXT
    entries: list[dict] = field(default_factory=list)
    count: int = 0
    rect: pygame.Rect | None = None
    shown_title: str = ""


class Arrow(Button):
    """A scroll button drawn as a triangle pointing ``left`` or right."""

    def __init__(self, rect, left: bool, on_click: Callable[[], None], tip: str, enabled: bool) -> None:
        super().__init__(rect, "‹" if left else "›", on_click, tip, enabled)
        self.left = left

    def draw(self, surf: pygame.Surface) -> None:
        bg = colours.UI_HILITE if self.hover and self.enabled else colours.UI_BG
        pygame.draw.rect(surf, bg, self.rect, border_radius=3)
        pygame.draw.rect(surf, colours.UI_EDGE, self.rect, 1, border_radius=3)
        cx, cy, d = self.rect.centerx, self.rect.centery, max(3, min(self.rect.w // 3, 7))
        tip, back = (cx - d, cx + d // 2) if self.left else (cx + d, cx - d // 2)
        pygame.draw.polygon(surf, colours.UI_TEXT if self.enabled else colours.UI_DIM,
                            [(tip, cy), (back, cy - d), (back, cy + d)])


class HandPanel(Widget):
    def __init__(self, module: Module, counters: CounterRenderer, rect,
                 on_pile: Callable[[str, str], None]) -> None:
        super().__init__(rect)
        self.module, self.counters, self.on_pile = module, counters, on_pile
        self.side = ""
        self.piles = True      # Draw and Shuffle buttons under decks and cups (free play)
        self.view: dict = {"locations": {}}
        self.columns: list[Column] = []
        self.first = 0                                               # first column shown
        self.cards: list[tuple[pygame.Rect, str, int, dict]] = []   # rect, loc, index, entry
        self.tops: list[tuple[pygame.Rect, str, int, dict]] = []    # the top of each deck or cup
        self.buttons: list[Button] = []
        self.arrows: list[Button] = []
        self.labels: list[tuple[tuple[int, int], str, tuple]] = []
        self.titles: list[tuple[pygame.Rect, Column]] = []           # title rects, for the tooltip
        self.mouse = (-1, -1)
        #: the card shown whole above the strip: the hovered one, or the one a right-click pinned
        self.preview: tuple[dict, pygame.Rect] | None = None
        self.pinned: tuple[dict, pygame.Rect] | None = None
        #: a right-click on a card pins its preview (rules-enforced play, where right-click
        #: menus are free play only); otherwise the table's piece menu opens
        self.pin_on_right_click = False

    @property
    def my_hands(self) -> list[str]:
        return [l.id for l in self.module.locations.values() if l.kind == "hand" and self.side and l.owner == self.side]

    # -- layout ---------------------------------------------------------------------------------
    def refresh(self, view: dict, side: str, piles: bool | None = None) -> None:
        """Re-read the columns from a new view / seat and lay them out (``piles``: whether
        decks and cups get Draw and Shuffle buttons)."""
        self.view, self.side = view, side
        if piles is not None:
            self.piles = piles
        locs = view.get("locations", {})
        cols: list[Column] = []
        if not side and any(l.kind == "hand" for l in self.module.locations.values()):
            cols.append(Column("spectator", "Spectator", COL_W, title_colour=colours.UI_ACCENT,
                               lines=[("take a seat to see", colours.UI_DIM), ("your hand", colours.UI_DIM)]))
        for hid in self.my_hands:
            entries = list(locs.get(hid, []))
            natural = sum(self.counters.size(e, PX)[0] + CARD_GAP for e in entries) - CARD_GAP if entries else 0
            cols.append(Column("hand", f"{self.module.locations[hid].label} ({len(entries)})",
                               max(HAND_MIN_W, natural), hid, title_colour=colours.UI_ACCENT, entries=entries))
        for loc in self.module.locations.values():
            if loc.kind == "hand" and loc.id not in self.my_hands:
                entries = list(locs.get(loc.id, []))
                n = len(entries)
                if any("id" in e for e in entries):   # shown to this seat by a card (engine.views):
                    # first, and at most half the strip (its cards overlap), so it is in sight
                    natural = sum(self.counters.size(e, PX)[0] + CARD_GAP for e in entries) - CARD_GAP
                    width = max(HAND_MIN_W, min(natural, self.viewport().w // 2))
                    cols.insert(0, Column("hand", f"{loc.label}, shown to you ({n})", width, loc.id,
                                          title_colour=colours.UI_ACCENT, entries=entries))
                    continue
                cols.append(Column("other", loc.label, COL_W, loc.id, [(f"{n} card(s), hidden", colours.UI_DIM)], count=n))
        for loc in self.module.locations.values():
            if loc.kind in ("deck", "cup"):
                n = len(locs.get(loc.id, []))
                cols.append(Column("pile", loc.label, COL_W, loc.id, [(f"{n} left", colours.UI_DIM)], count=n))
        self.columns = cols
        self.layout()

    @property
    def scrolls(self) -> bool:
        """Whether the columns are wider than the strip (so it scrolls and shows arrows)."""
        if not self.columns:
            return False
        total = sum(c.width for c in self.columns) + GAP * (len(self.columns) - 1)
        return total > self.rect.w - 2 * PAD

    def viewport(self) -> pygame.Rect:
        """The part of the strip the columns are laid out in (between the arrows if any)."""
        inset = PAD + (ARROW_W + 4 if self.scrolls else 0)
        return pygame.Rect(self.rect.x + inset, self.rect.y, max(0, self.rect.w - 2 * inset), self.rect.h)

    def _fits_from(self, i: int, width: int) -> int:
        """How many columns from index ``i`` fit side by side in ``width`` pixels."""
        used, n = 0, 0
        for c in self.columns[i:]:
            need = min(c.width, width) + (GAP if n else 0)
            if used + need > width:
                break
            used += need
            n += 1
        return n

    def max_first(self) -> int:
        """The last useful scroll position: the first column from which the rest all fit."""
        width = self.viewport().w
        for i in range(len(self.columns)):
            if i + self._fits_from(i, width) >= len(self.columns):
                return i
        return max(0, len(self.columns) - 1)

    def scroll(self, columns: int) -> None:
        """Scroll by ``columns`` (positive: to the right)."""
        self.first += columns
        self.layout()

    def layout(self) -> None:
        """Place the columns from :attr:`first` that fit in the strip, and their contents."""
        self.first = max(0, min(self.first, self.max_first()))
        vp = self.viewport()
        f = fonts.font(UI_FONT - 1)
        self.cards, self.buttons, self.labels, self.titles, self.arrows = [], [], [], [], []
        self.tops = []
        x = vp.x
        shown = self._fits_from(self.first, vp.w) if vp.w > 0 else 0
        for k, col in enumerate(self.columns):
            col.rect = None
            if not self.first <= k < self.first + shown:
                continue
            w = min(col.width, vp.w)
            col.rect = pygame.Rect(x, self.rect.y + 4, w, self.rect.h - 8)
            self._place(col, f)
            x += w + GAP
        if self.scrolls:
            y, h = self.rect.y + 8, self.rect.h - 16
            left = Arrow((self.rect.x + PAD - 4, y, ARROW_W, h), True, lambda: self.scroll(-1),
                         "earlier decks", enabled=self.first > 0)
            right = Arrow((self.rect.right - PAD + 4 - ARROW_W, y, ARROW_W, h), False, lambda: self.scroll(1),
                          "more decks", enabled=self.first < self.max_first())
            self.arrows = [left, right]

    def _place(self, col: Column, f: pygame.font.Font) -> None:
        r = col.rect
        col.shown_title = fonts.elide(col.title, f, r.w)
        title_rect = pygame.Rect(r.x, self.rect.y + 6, f.size(col.shown_title)[0], f.get_height())
        self.labels.append((title_rect.topleft, col.shown_title, col.title_colour))
        self.titles.append((title_rect, col))
        for i, (text, colour) in enumerate(col.lines):
            self.labels.append(((r.x, self.rect.y + 28 + 18 * i), fonts.elide(text, f, r.w), colour))
        if col.kind == "hand":
            self._place_cards(col, r)
        elif col.kind == "pile" and self.piles:
            n, where = col.count, self.module.locations[col.loc].label
            why = "" if self.my_hands and n else (f"{where} is empty" if not n else
                                                  "the seated side has no hand to draw into: drag "
                                                  "the top of the pile onto the map instead")
            draw = Button((r.x, self.rect.y + 50, 70, 24), "Draw", lambda l=col.loc: self.on_pile("draw", l),
                          why or f"draw the top of {where} into your hand", enabled=not why)
            shuffle = Button((r.x + 76, self.rect.y + 50, min(74, r.w - 76), 24), "Shuffle",
                             lambda l=col.loc: self.on_pile("shuffle", l),
                             f"shuffle {where}" if n > 1 else "nothing to shuffle", enabled=n > 1)
            self.buttons += [draw, shuffle]
            top = self.view.get("locations", {}).get(col.loc, [])
            if top:   # the top of the pile, face down: drag it onto the map to draw it
                w, h = self.counters.size(top[-1], 40)
                self.tops.append((pygame.Rect(r.x, self.rect.y + 80, w, h), col.loc, len(top) - 1, top[-1]))

    def _place_cards(self, col: Column, r: pygame.Rect) -> None:
        """The hand's cards side by side, overlapping when the column is narrower than them."""
        sizes = [self.counters.size(e, PX) for e in col.entries]
        if not sizes:
            return
        natural = sum(w for w, _ in sizes) + CARD_GAP * (len(sizes) - 1)
        step_cut = 0.0
        if natural > r.w and len(sizes) > 1:
            step_cut = (natural - r.w) / (len(sizes) - 1)
        x = float(r.x)
        for k, (e, (w, h)) in enumerate(zip(col.entries, sizes)):
            self.cards.append((pygame.Rect(round(x), self.rect.y + 26, w, h), col.loc, k, e))
            x += w + CARD_GAP - step_cut

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.refresh(self.view, self.side)

    # -- input ----------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> tuple[str, int, dict] | None:
        """The card under ``pos`` as (hand location, index, entry), or None (the card drawn on
        top wins where cards overlap)."""
        for r, loc, k, e in reversed(self.cards + self.tops):
            if r.collidepoint(pos):
                return loc, k, e
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if "pos" in event.dict:
            self.mouse = event.pos
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            card = self._card_at(event.pos)
            if event.button == 3 and card is not None and self.pin_on_right_click:
                self.pinned = None if self.pinned and self.pinned[0] is card[0] else card
                return True
            if self.pinned is not None and card is None:
                self.pinned = None           # a click elsewhere puts the pinned card away
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pinned is not None:
            self.pinned = None
            return True
        for b in self.buttons + self.arrows:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEWHEEL and self.scrolls and self.rect.collidepoint(event.dict.get("pos", self.mouse)):
            step = -event.y if event.y else event.x
            if step:
                self.scroll(1 if step > 0 else -1)
            return True
        return False

    def _card_at(self, pos: tuple[int, int]) -> tuple[dict, pygame.Rect] | None:
        """The face-up card under ``pos`` (entry, rect), or None."""
        for r, loc, k, e in reversed(self.cards):
            if r.collidepoint(pos) and not e.get("hidden"):
                ptype = self.module.piece_types.get(e.get("type", ""))
                return (e, r) if ptype is not None and ptype.kind == "card" else None
        return None

    def shown_card(self) -> dict | None:
        """The card shown whole now (pinned first, else hovered), or None."""
        found = self.pinned or self.preview
        return found[0] if found else None

    def _hover(self, pos: tuple[int, int]) -> None:
        """Over a card: the whole card above the strip."""
        self.preview = self._card_at(pos)

    def tip_at(self, pos: tuple[int, int]) -> str:
        """Over a cut title, the whole title; over a button, what it does or why it cannot."""
        for r, col in self.titles:
            if r.collidepoint(pos) and col.shown_title != col.title:
                return col.title
        return next((b.tip for b in self.buttons + self.arrows if b.rect.collidepoint(pos) and b.tip), "")

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        draw_panel(surf, self.rect)
        clip = surf.get_clip()
        surf.set_clip(self.rect.clip(clip) if clip else self.rect)
        f = fonts.font(UI_FONT - 1)
        for pos, text, colour in self.labels:
            surf.blit(f.render(text, True, colour), pos)
        for r, loc, k, e in self.cards:
            surf.blit(self.counters.image(e, PX), r)
        for r, loc, k, e in self.tops:
            surf.blit(self.counters.image(e, 40), r)
        for b in self.buttons + self.arrows:
            b.draw(surf)
        if self.arrows:
            n = len(self.columns)
            shown = [k for k, c in enumerate(self.columns) if c.rect is not None]
            if shown:
                note = fonts.text(f"{shown[0] + 1}–{shown[-1] + 1} of {n}", UI_FONT - 3, colours.UI_DIM)
                surf.blit(note, note.get_rect(bottomright=(self.arrows[1].rect.left - 4, self.rect.bottom - 3)))
        surf.set_clip(clip)
        self._draw_preview(surf)

    def _draw_preview(self, surf: pygame.Surface) -> None:
        """The whole card (hovered or pinned) above the strip, over the map."""
        found = self.pinned or self.preview
        if found is None:
            return
        entry, anchor = found
        img = self.counters.card_face(entry, PREVIEW_W)
        r = img.get_rect(midbottom=(anchor.centerx, self.rect.top - 8))
        r.clamp_ip(surf.get_rect())
        shadow = pygame.Surface((r.w, r.h), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 110))
        surf.blit(shadow, r.move(5, 5))
        surf.blit(img, r)
        if self.pinned is not None:
            hint = fonts.text("right-click again, Esc or a click elsewhere puts it away", UI_FONT - 4, colours.UI_DIM)
            surf.blit(hint, hint.get_rect(midtop=(r.centerx, r.bottom + 2)).clamp(surf.get_rect()))
