"""Rule-bearing hex features the hex maps print (issue 18, friction 5), read from hex data:

* **fills** — 1914 Offensive à outrance's open and wooded terrain in its elevation bands
  (``elevation``: depression, height, hill: rulebook 3.5), wooded hexes darker; woods
  (``woods``, Strafexpedition 13.2) tinted green with small trees;
* **boxes and symbols** — Grand Illusion's terrain modifier (``tem``: "+N" in a yellow box,
  rulebook 2.2), VP boxes (``vp_box``: red German, blue Plan 17, 2.2), VP values (``vp``),
  supply sources (``supply``/``allied_supply``: a ring split in the nationalities' colours, 2.2),
  ports (``port``);
* **region boundaries** — a dashed line round the hexes with a region attribute: Grand
  Illusion's Paris-in-Danger ring (blue) and Schlieffen Plan area (black) (2.2), 1914 OaO's
  Paris garrison area, France 1944's West Wall.

:class:`HexMarks` precomputes all of it once per module; the map renderer asks it for fills
(:meth:`fill`) and draws the rest per tile (:meth:`draw`).
"""
from __future__ import annotations

import math

import pygame

from engine.hexgrid import DIRECTIONS, Hex
from engine.model import Module

from . import colours, fonts, space_marks
from .world import World

#: Region attribute → (colour, label) of the dashed boundary drawn round its hexes.
BOUNDARIES = {
    "paris_ring": ((40, 80, 200), "Paris in Danger"),
    "schlieffen": ((20, 20, 20), "Schlieffen Plan"),
    "paris_area": ((200, 30, 30), "Paris garrison area"),
    "west_wall": ((90, 90, 90), "West Wall"),
}
#: 1914 OaO elevation bands, low to high (rulebook 3.5): how much darker than the terrain.
ELEVATION_SHADE = {"depression": 1.1, "height": 0.97, "hill": 0.82}
#: ... and the open terrain's three bands, pale green-grey to brown.
OPEN_BANDS = {"depression": (226, 230, 200), "height": (218, 204, 156), "hill": (196, 172, 120)}
TEM = (250, 214, 60)
VP_BOX = {"german": (200, 40, 40), "plan17": (40, 80, 200), "paris": (120, 40, 160)}
WOODS = (96, 140, 80)


class HexMarks:
    """What to draw on each hex beyond its terrain fill."""

    def __init__(self, module: Module, world: World) -> None:
        self.module, self.world = module, world
        self.fills: dict[str, tuple[int, int, int]] = {}
        self.glyphs: dict[str, list[tuple]] = {}
        self.edges: list[tuple[tuple[float, float], tuple[float, float], tuple[int, int, int]]] = []
        nat_colour = {n.id: colours.parse(n.bg) for n in module.nationalities}
        for lid, place in world.places.items():
            if place.shape != "hex":
                continue
            loc = module.locations[lid]
            a = loc.attrs
            base = colours.terrain_colour(loc.terrain)
            elevation = str(a.get("elevation", ""))
            if loc.terrain == "open" and elevation in OPEN_BANDS:
                self.fills[lid] = OPEN_BANDS[elevation]
            elif elevation in ELEVATION_SHADE and loc.terrain in ("wooded", "heath"):
                self.fills[lid] = tuple(max(0, min(255, round(c * ELEVATION_SHADE[elevation]))) for c in base[:3])
            if a.get("woods") is True:
                self.fills[lid] = tuple(round(c * 0.55 + w * 0.45) for c, w in zip(base[:3], WOODS))
                self._add(lid, ("trees",))
            tem = a.get("tem")
            if isinstance(tem, int) and not isinstance(tem, bool) and tem > 0:
                self._add(lid, ("box", f"+{tem}", TEM, (30, 26, 10), "top_left"))
            box = a.get("vp_box")
            if isinstance(box, str) and box:
                self._add(lid, ("box", "VP", VP_BOX.get(box, (200, 40, 40)), (255, 255, 255), "top_right"))
            vp = a.get("vp")
            if isinstance(vp, int) and not isinstance(vp, bool) and vp > 0 and not box:
                self._add(lid, ("box", f"{vp} VP", (200, 40, 40), (255, 255, 255), "top_right"))
            supply = a.get("supply")
            if isinstance(supply, str) and supply.strip():
                cols = [nat_colour.get(s, colours.parse(_side_colour(module, s))) for s in supply.split()]
                self._add(lid, ("supply", cols))
            elif a.get("allied_supply") is True:
                self._add(lid, ("supply", [pygame.Color(60, 110, 200)]))
            if a.get("port") is True:
                self._add(lid, ("port",))
        self._boundaries()

    def _add(self, lid: str, glyph: tuple) -> None:
        self.glyphs.setdefault(lid, []).append(glyph)

    def _boundaries(self) -> None:
        """Hexsides between a hex with a region attribute and one without (or the map edge)."""
        world, locs = self.world, self.module.locations
        for attr, (colour, _label) in BOUNDARIES.items():
            inside = {lid for lid, l in locs.items() if l.kind == "hex" and l.attrs.get(attr) is True}
            for lid in inside:
                loc, place = locs[lid], world.places.get(lid)
                if place is None or not place.corners:
                    continue
                for d, step in enumerate(DIRECTIONS):
                    other = world.hex_at.get((loc.grid, loc.q + step.q, loc.r + step.r))
                    if other not in inside:
                        self.edges.append((place.corners[(d - 1) % 6], place.corners[d], colour))

    def fill(self, lid: str, default) -> tuple[int, int, int]:
        return self.fills.get(lid, default)

    def draw(self, surf: pygame.Surface, places, S, z: float, radius_px: float) -> None:
        """The glyphs of ``places`` (hexes in the tile) and the boundaries, at zoom ``z``."""
        width = max(2, round(3.0 * z * self.world.counter / 44))
        dash = max(4, round(10 * z))
        for a, b, colour in self.edges:
            _dashed(surf, colour, S(*a), S(*b), width, dash)
        if radius_px < 7:
            return
        u = max(6, round(radius_px * 0.34))
        small = fonts.font(max(6, round(radius_px * 0.3)), bold=True)
        for p in places:
            for g in self.glyphs.get(p.id, ()):
                cx, cy = S(p.cx, p.cy)
                kind = g[0]
                if kind == "trees":
                    for dx, dy in ((-0.45, 0.15), (0.45, 0.15), (0.0, 0.5)):
                        tx, ty = round(cx + dx * radius_px), round(cy + dy * radius_px)
                        pygame.draw.circle(surf, (50, 100, 50), (tx, ty), max(2, round(radius_px * 0.12)))
                elif kind == "box":
                    _, text, bg, fg, where = g
                    img = small.render(text, True, fg)
                    r = img.get_rect().inflate(4, 0)
                    dx = -0.55 if where == "top_left" else 0.55
                    r.center = (round(cx + dx * radius_px), round(cy - 0.45 * radius_px))
                    pygame.draw.rect(surf, bg, r)
                    pygame.draw.rect(surf, (40, 30, 20), r, 1)
                    surf.blit(img, img.get_rect(center=r.center))
                elif kind == "supply":
                    cols = g[1]
                    centre = (round(cx - 0.5 * radius_px), round(cy + 0.45 * radius_px))
                    rad = max(3, round(u * 0.55))
                    rect = pygame.Rect(0, 0, 2 * rad, 2 * rad)
                    rect.center = centre
                    n = len(cols)
                    for k, c in enumerate(cols):   # the circle split in the nationalities' colours
                        a0, a1 = math.pi / 2 + 2 * math.pi * k / n, math.pi / 2 + 2 * math.pi * (k + 1) / n
                        pts = [centre] + [(round(centre[0] + rad * math.cos(t)), round(centre[1] - rad * math.sin(t)))
                                          for t in (a0 + (a1 - a0) * i / 8 for i in range(9))]
                        pygame.draw.polygon(surf, c, pts)
                    pygame.draw.circle(surf, (20, 20, 20), centre, rad, 1)
                elif kind == "port":
                    space_marks.anchor(surf, (round(cx + 0.5 * radius_px), round(cy + 0.4 * radius_px)), u)


def _side_colour(module: Module, ident: str) -> str:
    try:
        return module.side(ident).colour
    except KeyError:
        return "#808080"


def _dashed(surf: pygame.Surface, colour, a, b, width: int, dash: int) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, math.hypot(bx - ax, by - ay))
    n = max(1, int(length // (dash * 2)) + 1)
    for k in range(n):
        t0 = k * 2 * dash / length
        if t0 >= 1:
            break
        t1 = min(1.0, (k * 2 * dash + dash) / length)
        pygame.draw.line(surf, colour, (round(ax + (bx - ax) * t0), round(ay + (by - ay) * t0)),
                         (round(ax + (bx - ax) * t1), round(ay + (by - ay) * t1)), width)
