"""The printed marks of a point-to-point space (issue 18, friction 5): its terrain symbol, its fort
and fort value, VP space, port, capital star — read from the location's data (Paths of Glory:
``terrain``; attributes ``fort``, ``vp``, ``port``, ``capital``, ``supply``).

They sit on the space's frame so the unit stack in the middle never hides them:

* top left — the terrain symbol: mountain (two peaks), swamp (reed tufts), forest (a tree),
  desert (dunes); clear terrain has none;
* top right — the fort: a dark bastion with its value;
* top centre — the capital's gold star; a VP space's red disc (a VP capital: the star, red);
* bottom right — a port's anchor; bottom left — a supply source's ring.

:func:`draw_marks` draws them for a space rectangle ``r`` (tile pixels) at mark size ``u``.
"""
from __future__ import annotations

import math

import pygame

from engine.model import Location

from . import fonts

INK = (40, 34, 30)
MOUNTAIN = (110, 84, 60)
SWAMP = (40, 110, 110)
FOREST = (40, 110, 50)
DESERT = (190, 150, 70)
FORT = (50, 44, 44)
VP = (190, 30, 30)
GOLD = (232, 190, 40)
PORT = (30, 60, 120)
#: The terrains that print a symbol.
TERRAIN_SYMBOLS = ("mountain", "swamp", "forest", "desert")


def _r(points):
    """Points rounded to whole pixels (the same on every tile: tiles join without seams)."""
    return [(round(x), round(y)) for x, y in points]


def _star(surf, colour, centre, radius: float, outline=INK) -> None:
    cx, cy = centre
    pts = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surf, colour, _r(pts))
    pygame.draw.polygon(surf, outline, _r(pts), 1)


def terrain_symbol(surf: pygame.Surface, terrain: str, x: int, y: int, u: int) -> None:
    """The terrain symbol in the ``u``-sized square with top-left ``(x, y)``."""
    w = max(1, u // 8)
    if terrain == "mountain":
        pygame.draw.polygon(surf, MOUNTAIN, _r([(x, y + u), (x + u * 0.4, y + u * 0.15), (x + u * 0.8, y + u)]))
        pygame.draw.polygon(surf, MOUNTAIN, _r([(x + u * 0.4, y + u), (x + u * 0.75, y + u * 0.35), (x + u * 1.1, y + u)]))
    elif terrain == "swamp":
        for k in range(3):
            bx = x + k * u * 0.38
            for a, b in (((bx, y + u), (bx + u * 0.3, y + u)), ((bx + u * 0.15, y + u), (bx + u * 0.15, y + u * 0.45)),
                         ((bx + u * 0.15, y + u), (bx + u * 0.02, y + u * 0.6)),
                         ((bx + u * 0.15, y + u), (bx + u * 0.28, y + u * 0.6))):
                pygame.draw.line(surf, SWAMP, *_r((a, b)), w)
    elif terrain == "forest":
        pygame.draw.line(surf, INK, *_r(((x + u * 0.5, y + u), (x + u * 0.5, y + u * 0.6))), w)
        pygame.draw.circle(surf, FOREST, _r([(x + u * 0.5, y + u * 0.42)])[0], round(u * 0.38))
    elif terrain == "desert":
        for k in range(2):
            r = pygame.Rect(round(x + k * u * 0.5), round(y + u * 0.45), round(u * 0.6), round(u * 0.6))
            pygame.draw.arc(surf, DESERT, r, 0.2, math.pi - 0.2, max(1, w + 1))


def anchor(surf: pygame.Surface, centre: tuple[float, float], u: int) -> None:
    """A port's anchor, ``u`` high."""
    cx, cy = round(centre[0]), round(centre[1])
    w = max(1, u // 7)
    pygame.draw.circle(surf, PORT, (cx, cy - round(u * 0.38)), max(1, round(u * 0.12)), w)
    pygame.draw.line(surf, PORT, (cx, cy - round(u * 0.26)), (cx, cy + round(u * 0.45)), w)
    pygame.draw.line(surf, PORT, (cx - round(u * 0.25), cy - round(u * 0.1)), (cx + round(u * 0.25), cy - round(u * 0.1)), w)
    pygame.draw.arc(surf, PORT, pygame.Rect(cx - round(u * 0.4), cy - round(u * 0.15), round(u * 0.8), round(u * 0.6)),
                    math.pi, 2 * math.pi, w)


def draw_marks(surf: pygame.Surface, loc: Location, r: pygame.Rect, u: int) -> None:
    """Every mark of space ``loc`` on its rectangle ``r`` (tile pixels), marks ``u`` px big."""
    if u < 5:
        return
    a = loc.attrs
    pad = max(1, u // 5)
    if loc.terrain in TERRAIN_SYMBOLS:
        terrain_symbol(surf, loc.terrain, r.x + pad, r.y + pad, u)
    fort = a.get("fort")
    if isinstance(fort, int) and not isinstance(fort, bool) and fort > 0:
        box = pygame.Rect(0, 0, u + 2, u + 2)
        box.topright = (r.right - pad, r.y + pad)
        pygame.draw.rect(surf, FORT, box)
        for k in range(3):   # battlements
            pygame.draw.rect(surf, FORT, (box.x + k * box.w // 3, box.y - max(1, u // 5), max(1, box.w // 5), max(1, u // 5)))
        f = fonts.fit(str(fort), round(u * 0.95), box.w, bold=True, min_size=6)
        if f is not None:
            img = f.render(str(fort), True, (255, 255, 255))
            surf.blit(img, img.get_rect(center=box.center))
    top = (r.centerx, r.y)
    if a.get("capital"):
        _star(surf, VP if a.get("vp") else GOLD, top, u * 0.75)
    elif a.get("vp"):
        pygame.draw.circle(surf, VP, top, max(2, round(u * 0.42)))
        pygame.draw.circle(surf, (255, 255, 255), top, max(2, round(u * 0.42)), 1)
    if a.get("port"):
        anchor(surf, (r.right - pad - u * 0.45, r.bottom - pad - u * 0.5), u)
    if a.get("supply"):
        pygame.draw.circle(surf, (30, 110, 40), (r.x + pad + round(u * 0.45), r.bottom - pad - round(u * 0.45)),
                           round(u * 0.4), max(1, u // 6))
