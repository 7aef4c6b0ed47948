"""Drawing the map from module data (DESIGN principle 9), cached per zoom level in tiles.

The map is drawn into square tiles of :data:`TILE` zoomed pixels, each rendered once per zoom
level and kept in an LRU cache, so panning and dragging only blit. A tile draws every item whose
outline meets it (plus a margin for labels), in a fixed order: boards, point-to-point
generated map art (land, sea, coasts, borders: :mod:`client.render_geo`), point-to-point
connections, hex fills and outlines, hexside features, boxes/tracks/spaces/hands/decks/cups,
then labels. Positions are ``round(world * zoom) - tile_origin``, exactly what
:class:`client.camera.Camera` uses, so tiles meet without seams and counters land on hex centres.
"""
from __future__ import annotations

import io
import math
import time
from collections import OrderedDict
from functools import lru_cache

import pygame

from . import colours, fonts
from .camera import ZOOMS, Camera
from . import space_marks
from .hex_marks import HexMarks
from .render_geo import MapArt
from .world import World

TILE = 512
#: Smallest space-name size (px) from the world's readable zoom on.
LABEL_MIN = 10
_CELL = 128.0


def _title(surf: pygame.Surface, img: pygame.Surface, at: tuple[int, int]) -> None:
    """Blit a board or group title at tile position ``at`` when any of it falls on the tile:
    a title longer than the tile's label margin is drawn by every tile it crosses, not cut at
    the edge of the tile holding its start."""
    if img.get_rect(topleft=at).colliderect(surf.get_rect()):
        surf.blit(img, at)


def _named_hexes(hexes, module) -> set[str]:
    """The hexes that print their name: a town spread over adjacent hexes of the same name
    (Strafexpedition's Rovereto, Arsiero) prints it once, on the hex nearest the middle of
    them, as the printed map does; every hex still tells its name on hover."""
    groups: dict[tuple[str, str], list] = {}
    for p in hexes:
        loc = module.locations[p.id]
        if loc.name:
            groups.setdefault((loc.board, loc.name), []).append(p)
    named = set()
    for group in groups.values():
        while group:   # one connected run of same-named hexes at a time
            run, todo = [], [group.pop()]
            while todo:
                p = todo.pop()
                run.append(p)
                reach = 2.05 * math.dist((p.cx, p.cy), p.corners[0])   # neighbours' centres: √3 radii
                near = [q for q in group if math.dist((p.cx, p.cy), (q.cx, q.cy)) <= reach]
                group = [q for q in group if q not in near]
                todo += near
            mx, my = sum(p.cx for p in run) / len(run), sum(p.cy for p in run) / len(run)
            named.add(min(run, key=lambda p: (math.dist((p.cx, p.cy), (mx, my)), p.id)).id)
    return named


@lru_cache(maxsize=4096)
def _hex_name(name: str, size: int, width: int) -> tuple[pygame.Surface, ...]:
    """A hex's name in lines no wider than the hex (``width`` px): one line at ``size`` if it
    fits, else wrapped on two lines, the font shrunk (not below 7 px) until they fit, the rest
    elided — long names ("Calais / Boulogne / Courtrai") no longer run over their neighbours."""
    for s in range(size, 6, -1):
        f = fonts.font(s, bold=True)
        lines = [name] if f.size(name)[0] <= width else fonts.wrap(name, f, width)
        if len(lines) <= 2 and " ".join(lines).split() == name.split():   # (wrap elides a long word)
            break
    lines = [fonts.elide(line, f, width) for line in lines[:2]]
    return tuple(f.render(line, True, (40, 30, 30)) for line in lines)


class MapRenderer:
    """Renders a :class:`~client.world.World`'s map. ``max_tiles`` bounds the tile cache."""

    def __init__(self, world: World, max_tiles: int = 160) -> None:
        self.world = world
        self.module = world.module
        self.max_tiles = max_tiles
        self.tiles: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self.hexes = [p for p in world.places.values() if p.shape == "hex"]
        self.others = [p for p in world.places.values() if p.shape != "hex"]
        self.connections: list[tuple[tuple[float, float], tuple[float, float], dict]] = []
        for e in self.module.edges:
            if e.kind == "connection" and e.a in world.places and e.b in world.places:
                pa, pb = world.places[e.a], world.places[e.b]
                self.connections.append(((pa.cx, pa.cy), (pb.cx, pb.cy), dict(e.attrs)))
        self._index: dict[str, dict[tuple[int, int], list[int]]] = {}
        self._build_index("hexes", [p.rect for p in self.hexes])
        self._build_index("others", [p.rect for p in self.others])
        self._build_index("features", [_seg_rect(f.a, f.b) for f in world.features])
        self._build_index("connections", [_seg_rect(a, b) for a, b, _ in self.connections])
        self.marks = HexMarks(self.module, world)       # elevation bands, woods, TEM, VP, supply...
        self.hex_fill = {p.id: self.marks.fill(p.id, colours.terrain_colour(self.module.locations[p.id].terrain))
                         for p in self.hexes}
        self.boards = {b.id: b for b in self.module.boards}
        self.art = MapArt(self.module, world.origins)   # generated land, sea, coasts, borders
        # boards drawn from the module's own image (a scanned map): their hexes are not filled
        self.board_art = {b.id: b.art for b in self.module.boards if b.art in self.module.art}
        self._art_images: dict[str, pygame.Surface | None] = {}
        self.unfilled = {p.id for p in self.hexes
                         if self.module.locations[p.id].board in self.board_art}
        self.rendered = 0  # tiles rendered so far (for tests and the benchmark)
        self.named = _named_hexes(self.hexes, self.module)

    def _build_index(self, name: str, rects: list[tuple[float, float, float, float]]) -> None:
        idx: dict[tuple[int, int], list[int]] = {}
        for n, (x, y, w, h) in enumerate(rects):
            for i in range(int(x // _CELL), int((x + w) // _CELL) + 1):
                for j in range(int(y // _CELL), int((y + h) // _CELL) + 1):
                    idx.setdefault((i, j), []).append(n)
        self._index[name] = idx

    def _query(self, name: str, rect: tuple[float, float, float, float]) -> list[int]:
        x, y, w, h = rect
        idx = self._index[name]
        found: set[int] = set()
        for i in range(int(x // _CELL), int((x + w) // _CELL) + 1):
            for j in range(int(y // _CELL), int((y + h) // _CELL) + 1):
                found.update(idx.get((i, j), ()))
        return sorted(found)

    # -- the cache ------------------------------------------------------------------------------
    def clear(self) -> None:
        self.tiles.clear()

    def tile(self, zoom_index: int, i: int, j: int) -> pygame.Surface:
        """Tile ``(i, j)`` at zoom level ``zoom_index`` (rendered on first use)."""
        key = (zoom_index, i, j)
        surf = self.tiles.get(key)
        if surf is not None:
            self.tiles.move_to_end(key)
            return surf
        surf = self.render_region(ZOOMS[zoom_index], i * TILE, j * TILE, TILE, TILE)
        self.tiles[key] = surf
        self.rendered += 1
        while len(self.tiles) > self.max_tiles:
            self.tiles.popitem(last=False)
        return surf

    def draw(self, target: pygame.Surface, camera: Camera, budget_s: float | None = None,
             offset: tuple[int, int] = (0, 0)) -> bool:
        """Blit the visible tiles onto ``target`` at ``offset``. With ``budget_s``, missing tiles
        are rendered only until that much time has passed (the rest are filled with the table
        colour and drawn on a later frame); returns whether every visible tile was drawn."""
        start = time.perf_counter()
        zi = camera.index
        i0, j0 = camera.px // TILE, camera.py // TILE
        i1, j1 = (camera.px + camera.width - 1) // TILE, (camera.py + camera.height - 1) // TILE
        complete = True
        blits = []
        ox, oy = offset
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                pos = (i * TILE - camera.px + ox, j * TILE - camera.py + oy)
                key = (zi, i, j)
                surf = self.tiles.get(key)
                if surf is None:
                    if budget_s is not None and time.perf_counter() - start > budget_s:
                        complete = False
                        target.fill(colours.TABLE_BG, (pos, (TILE, TILE)))
                        continue
                    surf = self.tile(zi, i, j)
                else:
                    self.tiles.move_to_end(key)
                blits.append((surf, pos))
        target.blits(blits, doreturn=False)
        return complete

    # -- rendering ------------------------------------------------------------------------------
    def render_region(self, zoom: float, px: int, py: int, w: int, h: int) -> pygame.Surface:
        """A ``w`` × ``h`` image of the map at ``zoom`` whose top-left is zoomed pixel (px, py)."""
        surf = pygame.Surface((w, h))
        surf.fill(colours.TABLE_BG)
        z = zoom
        cs = self.world.counter
        margin = cs * 3.0
        wrect = (px / z - margin, py / z - margin, w / z + 2 * margin, h / z + 2 * margin)

        def S(x: float, y: float) -> tuple[int, int]:
            return round(x * z) - px, round(y * z) - py

        board_px = {}
        for bid, (bx, by, bw, bh) in self.world.board_rects.items():
            board = self.boards.get(bid)
            x0, y0 = S(bx, by)
            x1, y1 = S(bx + bw, by + bh)
            board_px[bid] = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
            surf.fill(colours.parse(board.background if board else "", (232, 224, 200)),
                      (x0, y0, x1 - x0, y1 - y0))
        for bid in self.board_art:   # the image spans the board's own area, not its margins
            ox, oy = self.world.origins.get(bid, (0.0, 0.0))
            board = self.boards[bid]
            x0, y0 = S(ox, oy)
            x1, y1 = S(ox + board.width, oy + board.height)
            self._draw_board_art(surf, bid, pygame.Rect(x0, y0, x1 - x0, y1 - y0))
        if self.art:
            self.art.draw(surf, z, px, py, wrect, board_px)
        for bid, r in board_px.items():
            board = self.boards.get(bid)
            pygame.draw.rect(surf, colours.darker(colours.parse(board.background if board else ""), 0.5), r, 1)

        for n in self._query("connections", wrect):
            a, b, attrs = self.connections[n]
            width = max(1, round(2.2 * z * cs / 44))
            colour = colours.CONNECTION if not attrs.get("only") else (170, 60, 60)
            pygame.draw.line(surf, colour, S(*a), S(*b), width)

        radius_px = (self.hexes[0].rect[3] / 2 * z) if self.hexes else 0
        outline = radius_px >= 5
        hexes = self._query("hexes", wrect)
        fills = self.hex_fill
        polygon = pygame.draw.polygon
        outlines = []
        unfilled = self.unfilled
        for n in hexes:
            p = self.hexes[n]
            pts = [(round(x * z) - px, round(y * z) - py) for x, y in p.corners]
            if p.id not in unfilled:
                polygon(surf, fills[p.id], pts)
            outlines.append(pts)
        if outline:
            lines = pygame.draw.lines
            for pts in outlines:
                lines(surf, colours.HEX_OUTLINE, True, pts, 1)

        for n in self._query("features", wrect):
            f = self.world.features[n]
            width = max(1, round(f.width * z * cs / 44))
            a, b = S(*f.a), S(*f.b)
            if f.style == "mark" and f.kind.endswith("mp_cost"):   # a red diamond on the hexside
                r = max(3, round(cs * 0.11 * z))
                pygame.draw.polygon(surf, f.colour, [(a[0], a[1] - r), (a[0] + r, a[1]), (a[0], a[1] + r), (a[0] - r, a[1])])
            elif f.style == "mark":
                r = max(2, round(cs * 0.09 * z))
                pygame.draw.circle(surf, f.colour, a, r)
                pygame.draw.circle(surf, (250, 250, 250), a, max(1, r - 2))
            elif f.kind in ("track", "trail"):
                _dashed(surf, f.colour, a, b, width, max(3, round(6 * z)))
            else:
                pygame.draw.line(surf, f.colour, a, b, width)
                if f.style == "side" and width >= 3:
                    r = width // 2  # round the ends so consecutive sides join cleanly
                    pygame.draw.circle(surf, f.colour, a, r)
                    pygame.draw.circle(surf, f.colour, b, r)

        if hexes:
            self.marks.draw(surf, [self.hexes[n] for n in hexes], S, z, radius_px)
        if radius_px >= 9:
            self._hex_labels(surf, [self.hexes[n] for n in hexes], S, z, radius_px)
        for n in self._query("others", wrect):
            self._draw_place(surf, self.others[n], S, z)
        for bid, text, x, y in self.world.group_labels:
            size = round(cs * 0.34 * z)
            if size >= 7:
                _title(surf, fonts.text(text, size, colours.LABEL, True), S(x, y))
        for bid, (bx, by, bw, bh) in self.world.board_rects.items():
            board = self.boards.get(bid)
            if board is None or len(self.world.board_rects) < 2:
                continue
            size = round(cs * 0.5 * z)
            if size >= 8:   # the board's name along its top, no wider than the board
                name = fonts.elide(board.name, fonts.font(size, bold=True), max(1, round(bw * z) - 8))
                img = fonts.text(name, size, colours.LABEL, True)
                x0, y0 = S(bx, by)
                _title(surf, img, (x0 + 4, y0 + 2))
        return surf

    def _art_image(self, bid: str) -> pygame.Surface | None:
        """The decoded image of board ``bid``'s art (PNG or JPEG), or None when it cannot be
        decoded (the board is then drawn without it)."""
        if bid not in self._art_images:
            name = self.board_art[bid]
            try:
                self._art_images[bid] = pygame.image.load(io.BytesIO(self.module.art[name]), name)
            except (pygame.error, ValueError):
                self._art_images[bid] = None
        return self._art_images[bid]

    def _draw_board_art(self, surf: pygame.Surface, bid: str, board: pygame.Rect) -> None:
        """The part of board ``bid``'s image under this tile, stretched over the whole board."""
        img = self._art_image(bid)
        dest = board.clip(surf.get_rect())
        if img is None or dest.w <= 0 or dest.h <= 0 or board.w <= 0 or board.h <= 0:
            return
        iw, ih = img.get_size()
        sx, sy = iw / board.w, ih / board.h
        x0, y0 = (dest.x - board.x) * sx, (dest.y - board.y) * sy
        src = pygame.Rect(int(x0), int(y0), max(1, round(dest.w * sx)), max(1, round(dest.h * sy)))
        src = src.clip(img.get_rect())
        if src.w <= 0 or src.h <= 0:
            return
        part = img.subsurface(src)
        scale = pygame.transform.smoothscale if part.get_bitsize() in (24, 32) \
            else pygame.transform.scale   # smoothscale needs 24 or 32 bits a pixel
        surf.blit(scale(part, dest.size), dest.topleft)

    def _hex_labels(self, surf, places, S, z: float, radius_px: float) -> None:
        small = round(min(radius_px * 0.36, 9 + radius_px * 0.1))
        named = round(min(radius_px * 0.42, 11 + radius_px * 0.12))
        locs = self.module.locations
        f_small = fonts.font(small) if small >= 7 else None
        f_named = fonts.font(named, bold=True) if named >= 7 else None
        for p in places:
            loc = locs[p.id]
            cx, cy = S(p.cx, p.cy)
            if f_small is not None:
                img = f_small.render(loc.id, True, colours.LABEL)
                surf.blit(img, (cx - img.get_width() // 2, cy - round(radius_px * 0.86)))
            if loc.name and f_named is not None and p.id in self.named:
                lines = _hex_name(loc.name, named, round(radius_px * 1.9))
                y = cy + round(radius_px * (0.42 if len(lines) == 1 else 0.2))
                for img in lines:
                    surf.blit(img, (cx - img.get_width() // 2, y))
                    y += img.get_height() - 2

    def _draw_place(self, surf, p, S, z: float) -> None:
        loc = self.module.locations[p.id]
        x, y, w, h = p.rect
        x0, y0 = S(x, y)
        x1, y1 = S(x + w, y + h)
        r = pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))
        fill = colours.BOX_FILL
        if loc.terrain:
            fill = colours.lighter(colours.terrain_colour(loc.terrain), 0.35)
        if loc.owner:
            try:
                fill = colours.lighter(colours.parse(self.module.side(loc.owner).colour), 0.72)
            except KeyError:
                pass
        edge = colours.BOX_EDGE
        border = max(1, round(z * 1.5)) if loc.kind in ("space", "hand", "deck", "cup") else 1
        if p.shape == "circle":
            pygame.draw.ellipse(surf, fill, r)
            pygame.draw.ellipse(surf, edge, r, border)
        else:
            rad = max(0, round(min(r.w, r.h) * (0.18 if loc.kind == "space" else 0.06)))
            pygame.draw.rect(surf, fill, r, border_radius=rad)
            pygame.draw.rect(surf, edge, r, border, border_radius=rad)
            if loc.kind == "deck":  # a deck looks like a pile of cards
                for k in (1, 2):
                    off = max(1, round(2 * z)) * k
                    pygame.draw.rect(surf, edge, r.move(off, -off), 1, border_radius=rad)
        if loc.kind == "space":
            space_marks.draw_marks(surf, loc, r, max(8 if r.w >= 30 else 0, round(self.world.counter * 0.22 * z)))
        size = round(self.world.counter * 0.25 * z)
        if loc.kind == "space" and self.world.readable_zoom and z >= self.world.readable_zoom * 0.99:
            size = max(size, LABEL_MIN)   # names stay readable from the opening zoom on
        if size < 7 or r.w < 12:
            return
        text = loc.label
        if loc.kind == "track":
            value = loc.attrs.get("value")
            text = str(value) if value is not None else text.split()[-1]
        f = fonts.font(size, bold=loc.kind == "space")
        if loc.kind == "space":  # a space's name goes under it: its inside holds the stack
            img = f.render(text, True, colours.LABEL)
            back = img.get_rect(midtop=(r.centerx, r.bottom + 1)).inflate(4, 0)
            pygame.draw.rect(surf, colours.lighter(fill, 0.5), back, border_radius=3)
            surf.blit(img, img.get_rect(midtop=(r.centerx, r.bottom + 1)))
            return
        lines = fonts.wrap(text, f, r.w - 4)[:2 if loc.kind != "track" else 1]
        ty = r.y + 2
        for line in lines:
            img = f.render(line, True, colours.LABEL)
            surf.blit(img, (r.centerx - img.get_width() // 2, ty))
            ty += f.get_linesize()

    def render_overview(self, max_w: int, max_h: int) -> tuple[pygame.Surface, float]:
        """The whole world in at most ``max_w`` × ``max_h`` pixels (for the minimap); returns
        the image and its zoom (pixels per world unit)."""
        x, y, w, h = self.world.bounds
        z = min(max_w / max(w, 1.0), max_h / max(h, 1.0))
        px, py = round(x * z), round(y * z)
        return self.render_region(z, px, py, max(1, round(w * z)), max(1, round(h * z))), z


def _seg_rect(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float, float, float]:
    x0, x1 = min(a[0], b[0]), max(a[0], b[0])
    y0, y1 = min(a[1], b[1]), max(a[1], b[1])
    return (x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8)


def _dashed(surf: pygame.Surface, colour, a: tuple[int, int], b: tuple[int, int], width: int, dash: int) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    n = max(1, int(length // (dash * 2)))
    for k in range(n + 1):
        t0 = (k * 2 * dash) / length
        t1 = min(1.0, (k * 2 * dash + dash) / length)
        if t0 >= 1.0:
            break
        pygame.draw.line(surf, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
