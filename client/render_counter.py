"""Counters drawn from piece data (DESIGN principle 9), crisp at every zoom.

A counter image is rendered for an exact pixel size and cached by ``(type, face, px)`` — the
table asks for the size of the current zoom, so nothing is ever scaled. A unit shows its
nationality's colours (``Module.nationality(id).bg/fg``), its NATO symbol (:mod:`client.nato`),
its echelon mark and the current face's values where the module's ``counter_layout`` puts
them (:mod:`engine.counter_layout`, drawn by :mod:`client.counter_face`: ``3-2-6`` along the
bottom, morale on a badge top right...); a face after the first (reduced,
cadre, activated…) gets one diagonal stripe per step across the top-right corner. Markers are
small yellow tags with their symbol text; cards are portrait; chits are round-cornered squares.
A hidden piece (a view entry with ``"hidden"``) is drawn as its back.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

from engine.counter_layout import CounterLayouts
from engine.model import Module, PieceType

from . import cards, colours, counter_face, fonts, markers, nato

MARKER_BG = (244, 212, 92)
MARKER_FG = (40, 30, 10)
CARD_BG = (246, 240, 222)
BACK_BG = (64, 84, 120)
BACK_FG = (220, 226, 240)


def shape_of(ptype: PieceType | None, back: str = "") -> str:
    """``"card"`` (portrait), ``"marker"`` (smaller square) or ``"square"``."""
    kind = ptype.kind if ptype is not None else ("card" if "card" in back.lower() else "")
    if kind == "card":
        return "card"
    if kind == "marker":
        return "marker"
    return "square"


def piece_size(px: int, shape: str) -> tuple[int, int]:
    """Pixel size of a counter of nominal side ``px`` drawn as ``shape``."""
    if shape == "card":
        return max(4, round(px * 0.76)), max(5, round(px * 1.06))
    if shape == "marker":
        return max(4, round(px * 0.8)), max(4, round(px * 0.8))
    return max(4, px), max(4, px)


class CounterRenderer:
    """Renders and caches counter images for one module."""

    def __init__(self, module: Module, max_items: int = 4000) -> None:
        self.module = module
        self.max_items = max_items
        self.cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        #: how the module's counters are printed (its ``counter_layout`` table)
        self.layouts = CounterLayouts.from_module(module)
        self.renders = 0

    def _get(self, key: tuple, make) -> pygame.Surface:
        surf = self.cache.get(key)
        if surf is None:
            surf = make()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self.cache[key] = surf
            self.renders += 1
            if len(self.cache) > self.max_items:
                self.cache.popitem(last=False)
        return surf

    def image(self, entry: dict, px: int) -> pygame.Surface:
        """The image of a view entry (``{"type", "face", ...}`` or ``{"hidden", "back"}``) at
        nominal counter size ``px`` pixels, including its drop shadow."""
        if entry.get("hidden"):
            back = str(entry.get("back", ""))
            return self._get(("back", back, px), lambda: self._render_back(back, px))
        ptype = self.module.piece_types.get(entry.get("type", ""))
        face = int(entry.get("face", 0) or 0)
        tid = entry.get("type", "?")
        return self._get((tid, face, px), lambda: self._render(ptype, tid, face, px))

    def size(self, entry: dict, px: int) -> tuple[int, int]:
        """Pixel size (without shadow) of ``entry`` at nominal size ``px``."""
        if entry.get("hidden"):
            return piece_size(px, shape_of(None, str(entry.get("back", ""))))
        return piece_size(px, shape_of(self.module.piece_types.get(entry.get("type", ""))))

    def badge(self, entry: dict, px: int) -> pygame.Surface:
        """A marker drawn as a badge beside the units it marks (:mod:`client.markers`)."""
        face = int(entry.get("face", 0) or 0)
        return self._get(("marker_badge", entry.get("type", "?"), face, px),
                         lambda: markers.render_badge(self.module, entry, px))

    def tag(self, text: str, px: int) -> pygame.Surface:
        """A marker tag (a marker attached to a piece, e.g. ``"OOS"``) for counters of ``px``."""
        return self._get(("tag", text, px), lambda: self._render_tag(text, px))

    # -- rendering --------------------------------------------------------------------------------
    @staticmethod
    def _shadow(w: int, h: int, radius: int) -> tuple[pygame.Surface, int]:
        sh = max(1, round(min(w, h) * 0.06))
        surf = pygame.Surface((w + sh, h + sh), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 90), (sh, sh, w, h), border_radius=radius)
        return surf, sh

    def _render(self, ptype: PieceType | None, tid: str, face: int, px: int) -> pygame.Surface:
        shape = shape_of(ptype)
        w, h = piece_size(px, shape)
        radius = max(1, round(min(w, h) * (0.12 if shape != "card" else 0.08)))
        surf, _ = self._shadow(w, h, radius)
        rect = pygame.Rect(0, 0, w, h)
        if ptype is None:
            pygame.draw.rect(surf, (200, 60, 200), rect, border_radius=radius)
            return surf
        if shape == "marker":
            self._marker(surf, rect, ptype, face, radius)
        elif shape == "card":
            self._card(surf, rect, ptype, radius)
        else:
            self._unit(surf, rect, ptype, face, radius)
        return surf

    def _colours(self, ptype: PieceType) -> tuple[pygame.Color, pygame.Color]:
        nat = self.module.nationality(ptype.nationality) if ptype.nationality else None
        if nat is not None:
            return colours.parse(nat.bg), colours.parse(nat.fg, (0, 0, 0))
        if ptype.side:
            try:
                bg = colours.lighter(colours.parse(self.module.side(ptype.side).colour), 0.45)
                return bg, colours.contrast(bg)
            except KeyError:
                pass
        return pygame.Color(214, 210, 200), pygame.Color(20, 20, 20)

    def _unit(self, surf: pygame.Surface, rect: pygame.Rect, ptype: PieceType, face: int, radius: int) -> None:
        bg, fg = self._colours(ptype)
        s = rect.w
        pygame.draw.rect(surf, bg, rect, border_radius=radius)
        pygame.draw.rect(surf, colours.darker(bg, 0.55), rect, max(1, s // 28), border_radius=radius)
        if ptype.kind == "chit":
            self._text_block(surf, rect.inflate(-s // 8, -s // 8), ptype.name, fg)
            return
        places = self.layouts.places(ptype, face)
        rows = counter_face.has_rows(places)
        elements = nato.symbol_kind(ptype.symbol, ptype.unit_type)
        box = pygame.Rect(0, 0, round(s * 0.56), round(s * 0.34))
        box.center = (rect.centerx, round(s * 0.5))
        if s < 12:
            pygame.draw.rect(surf, fg, box, 1)
        else:
            if not rows:
                nato.draw_symbol(surf, box, elements, fg, text=(ptype.symbol or ptype.unit_type)[:3].upper())
            mark = nato.size_mark(ptype.size) if not rows else ""
            if mark:
                f = fonts.fit(mark, round(s * 0.17), round(s * 0.6), bold=True)
                if f is not None:
                    img = f.render(mark, True, fg)
                    surf.blit(img, img.get_rect(midbottom=(box.centerx, box.top + 1)))
            if s >= 30:
                name = str(ptype.attrs.get("designation") or ptype.name)
                f = fonts.fit(name, round(s * 0.15), s - 6, min_size=7)
                if f is not None:
                    img = f.render(fonts.elide(name, f, s - 6), True, fg)
                    surf.blit(img, img.get_rect(midtop=(rect.centerx, max(1, s // 22))))
            counter_face.draw_values(surf, rect, places, fg, bg, None if rows else box)
        if face > 0:
            self._stripes(surf, rect, face, fg, bg)

    @staticmethod
    def _stripes(surf: pygame.Surface, rect: pygame.Rect, face: int, fg, bg) -> None:
        """One diagonal band per step lost, across the top-right corner."""
        s = rect.w
        band = max(2, round(s * 0.09))
        stripe = colours.contrast(bg) if colours.contrast(bg) != pygame.Color(fg) else colours.darker(bg, 0.4)
        for k in range(min(face, 3)):
            d = round(s * 0.2) + k * band * 2
            pts = [(rect.right - d - band, rect.top), (rect.right - d, rect.top),
                   (rect.right, rect.top + d), (rect.right, rect.top + d + band)]
            pygame.draw.polygon(surf, stripe, pts)

    def _marker(self, surf: pygame.Surface, rect: pygame.Rect, ptype: PieceType, face: int, radius: int) -> None:
        bg, fg = pygame.Color(*MARKER_BG), pygame.Color(*MARKER_FG)
        if ptype.nationality and self.module.nationality(ptype.nationality) is not None:
            bg, fg = self._colours(ptype)
        pygame.draw.rect(surf, bg, rect, border_radius=radius)
        pygame.draw.rect(surf, colours.darker(bg, 0.5), rect, max(1, rect.w // 24), border_radius=radius)
        text = markers.marker_label(ptype, face)
        self._text_block(surf, rect.inflate(-max(2, rect.w // 10), -max(2, rect.w // 10)), text, fg)

    def _card(self, surf: pygame.Surface, rect: pygame.Rect, ptype: PieceType, radius: int) -> None:
        """A card face drawn from its data (:mod:`client.cards`)."""
        surf.blit(cards.render_card(self.module, ptype, rect.w, rect.h, radius), rect)

    def card_face(self, entry: dict, w: int) -> pygame.Surface:
        """The whole face of card ``entry`` at width ``w`` (hand previews), cached."""
        ptype = self.module.piece_types.get(entry.get("type", ""))
        h = round(w * 1.4)
        if ptype is None:
            return self._render_back(str(entry.get("back", "")), w)
        return self._get(("card_face", ptype.id, w), lambda: cards.render_card(self.module, ptype, w, h))

    @staticmethod
    def _text_block(surf: pygame.Surface, rect: pygame.Rect, text: str, colour) -> None:
        """``text`` centred in ``rect``, wrapped at spaces, in the largest size (≥ 6 px) at
        which every word fits whole; at 6 px long words are elided."""
        words = text.split()
        size = max(6, round(rect.h * 0.34))
        while size > 6:
            f = fonts.font(size, bold=True)
            if all(f.size(w)[0] <= rect.w for w in words):
                lines = fonts.wrap(text, f, rect.w)
                if len(lines) * f.get_linesize() <= rect.h:
                    break
            size -= 1
        f = fonts.font(size, bold=True)
        lines = fonts.wrap(text, f, rect.w)
        lines = lines[:max(1, rect.h // f.get_linesize())]
        y = rect.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            img = f.render(line, True, colour)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += f.get_linesize()

    def _render_back(self, back: str, px: int) -> pygame.Surface:
        shape = "card" if "card" in back.lower() else "square"
        w, h = piece_size(px, shape)
        radius = max(1, round(min(w, h) * 0.12))
        surf, _ = self._shadow(w, h, radius)
        rect = pygame.Rect(0, 0, w, h)
        pygame.draw.rect(surf, BACK_BG, rect, border_radius=radius)
        inset = rect.inflate(-max(2, w // 7), -max(2, h // 7))
        pygame.draw.rect(surf, BACK_FG, inset, max(1, w // 24), border_radius=radius)
        if w >= 30:
            self._text_block(surf, inset.inflate(-4, -4), back or "?", BACK_FG)
        return surf

    def _render_tag(self, text: str, px: int) -> pygame.Surface:
        size = max(6, round(px * 0.2))
        f = fonts.font(size, bold=True)
        label = fonts.elide(text, f, max(10, round(px * 0.9)))
        tw, th = f.size(label)
        surf = pygame.Surface((tw + 4, th + 1), pygame.SRCALPHA)
        pygame.draw.rect(surf, MARKER_BG, surf.get_rect(), border_radius=2)
        pygame.draw.rect(surf, (90, 70, 20), surf.get_rect(), 1, border_radius=2)
        surf.blit(f.render(label, True, MARKER_FG), (2, 0))
        return surf
