"""What the table draws over the map besides the pieces: outlines of locations, the pieces being
dragged, the rubber band, the whole stack fanned out on hover, and the ring around units
committed to an attack."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import colours
from .pieces import PILE_KINDS
from .world import SPREAD_KINDS

if TYPE_CHECKING:
    from .table import Table


class Overlay:
    def __init__(self, table: "Table") -> None:
        self.t = table

    def location_rect(self, loc: str) -> pygame.Rect:
        """Window rectangle around location ``loc`` (its highlight outline)."""
        t = self.t
        p = t.world.places[loc]
        if p.shape == "hex":
            pts = [t.screen_of(x, y) for x, y in p.corners]
            xs, ys = [q[0] for q in pts], [q[1] for q in pts]
            return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        x, y, w, h = p.rect
        a, b = t.screen_of(x, y), t.screen_of(x + w, y + h)
        return pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1])

    def outline(self, surf: pygame.Surface, loc: str, colour) -> None:
        t = self.t
        p = t.world.places[loc]
        if p.shape == "hex":
            pygame.draw.lines(surf, colour, True, [t.screen_of(x, y) for x, y in p.corners], 3)
        else:
            pygame.draw.rect(surf, colour, self.location_rect(loc), 3, border_radius=4)

    def committed(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """A unit committed to the attack being declared: a red ring with a dark edge."""
        r = rect.inflate(6, 6)
        pygame.draw.rect(surf, (20, 20, 20), r.inflate(2, 2), 2, border_radius=4)
        pygame.draw.rect(surf, colours.HL_ATTACK, r, 3, border_radius=4)

    def drag(self, surf: pygame.Surface) -> None:
        t = self.t
        d = t.gestures.drag
        if d is None:
            return
        if d.kind == "band":
            r = pygame.Rect(min(d.start[0], d.pos[0]), min(d.start[1], d.pos[1]),
                            abs(d.pos[0] - d.start[0]), abs(d.pos[1] - d.start[1]))
            pygame.draw.rect(surf, colours.SELECT, r, 1)
            return
        if d.kind not in ("pieces", "draw"):
            return
        target = t.location_under(d.pos)
        if target is not None:
            self.outline(surf, target, colours.DROP_TARGET)
        px = t.camera.scale(t.world.counter)
        for entry, dx, dy in d.images:
            img = t.counters.image(entry, px)
            surf.blit(img, img.get_rect(center=(d.pos[0] + dx, d.pos[1] + dy)))

    def hover_fan(self) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """Where the stack under the mouse fans out: the shaded panel and one rectangle per
        piece (bottom first), in rows that fit the map; None when no stack of two or more is
        hovered. A big stack (8–10 counters and more) is drawn compact on its hex, with its
        count; this is where every piece of it can be seen."""
        t = self.t
        h = t.hover
        if h is None or t.gestures.busy or t.modals or h.rect is None:
            return None
        place = t.world.places.get(h.loc)
        if place is None or place.kind in PILE_KINDS or place.kind in SPREAD_KINDS:
            return None
        n = len(t.layer.entries(h.loc))
        if n < 2:
            return None
        px = max(40, min(64, t.camera.scale(t.world.counter)))
        gap = 6
        per_row = max(1, min(n, (t.map_rect.w - gap) // (px + gap)))
        rows = -(-n // per_row)
        anchor = h.rect.move(t.map_rect.topleft)
        r = pygame.Rect(0, 0, per_row * (px + gap) + gap, rows * (px + gap) + gap + 4)
        r.midbottom = (anchor.centerx, anchor.top - 8)
        r.clamp_ip(t.map_rect)
        if r.colliderect(anchor):
            r.top = anchor.bottom + 8
            r.clamp_ip(t.map_rect)
        cells = [pygame.Rect(r.x + gap + (k % per_row) * (px + gap), r.y + gap + (k // per_row) * (px + gap), px, px)
                 for k in range(n)]
        return r, cells

    def hover_stack(self, surf: pygame.Surface) -> None:
        """Over a stack of two or more, every piece of it side by side near the stack."""
        fan = self.hover_fan()
        if fan is None:
            return
        r, cells = fan
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((20, 22, 26, 200))
        surf.blit(shade, r)
        t = self.t
        for e, cell in zip(t.layer.entries(t.hover.loc), cells):
            surf.blit(t.counters.image(e, cell.w), cell)
