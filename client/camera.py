"""The camera: which part of the world the table window shows, and at what zoom.

Zoom moves through fixed levels (:data:`ZOOMS`, quarter-octave steps) so the map renderer can
cache one image per level. The camera position is kept in *zoomed pixels*: the world point
``(wx, wy)`` is drawn at ``(round(wx * zoom) - px, round(wy * zoom) - py)``. Every layer (map
tiles, counters, highlights) uses :meth:`Camera.to_screen`, so they line up to the pixel.
"""
from __future__ import annotations

import bisect

ZOOMS: tuple[float, ...] = tuple(round(2 ** (k / 4), 4) for k in range(-12, 11))  # 0.125 … 5.66


class Camera:
    """A viewport of ``width`` × ``height`` pixels onto the world."""

    def __init__(self, width: int, height: int, zoom_index: int | None = None) -> None:
        self.width, self.height = int(width), int(height)
        self.index = ZOOMS.index(1.0) if zoom_index is None else max(0, min(len(ZOOMS) - 1, zoom_index))
        self.px = 0
        self.py = 0

    @property
    def zoom(self) -> float:
        return ZOOMS[self.index]

    def resize(self, width: int, height: int) -> None:
        """Keep the world point at the viewport centre where it is."""
        cx, cy = self.to_world(self.width / 2, self.height / 2)
        self.width, self.height = max(1, int(width)), max(1, int(height))
        self.center_on(cx, cy)

    # -- conversions --------------------------------------------------------------------------
    def to_screen(self, wx: float, wy: float) -> tuple[int, int]:
        z = ZOOMS[self.index]
        return round(wx * z) - self.px, round(wy * z) - self.py

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        z = ZOOMS[self.index]
        return (sx + self.px) / z, (sy + self.py) / z

    def world_rect(self) -> tuple[float, float, float, float]:
        """The world rectangle (x, y, w, h) the viewport shows."""
        z = ZOOMS[self.index]
        return self.px / z, self.py / z, self.width / z, self.height / z

    def scale(self, length: float) -> int:
        """A world length in screen pixels (at least 1)."""
        return max(1, round(length * ZOOMS[self.index]))

    # -- moves ----------------------------------------------------------------------------------
    def center_on(self, wx: float, wy: float) -> None:
        z = ZOOMS[self.index]
        self.px = round(wx * z - self.width / 2)
        self.py = round(wy * z - self.height / 2)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by ``(dx, dy)`` screen pixels (positive: the map moves left/up)."""
        self.px += round(dx)
        self.py += round(dy)

    def set_zoom(self, index: int, anchor: tuple[float, float] | None = None) -> bool:
        """Go to zoom level ``index`` keeping the world point under screen ``anchor`` (default:
        the viewport centre) fixed. Returns whether the zoom changed."""
        index = max(0, min(len(ZOOMS) - 1, index))
        if index == self.index:
            return False
        sx, sy = anchor if anchor is not None else (self.width / 2, self.height / 2)
        wx, wy = self.to_world(sx, sy)
        self.index = index
        z = ZOOMS[index]
        self.px = round(wx * z - sx)
        self.py = round(wy * z - sy)
        return True

    def zoom_by(self, steps: int, anchor: tuple[float, float] | None = None) -> bool:
        return self.set_zoom(self.index + steps, anchor)

    def fit(self, rect: tuple[float, float, float, float], margin: int = 16) -> None:
        """The largest zoom level at which world ``rect`` fits the viewport, centred on it."""
        x, y, w, h = rect
        want = min((self.width - 2 * margin) / max(w, 1.0), (self.height - 2 * margin) / max(h, 1.0))
        self.index = max(0, bisect.bisect_right(ZOOMS, want) - 1)
        self.center_on(x + w / 2, y + h / 2)

    def clamp(self, bounds: tuple[float, float, float, float], keep: int = 120) -> None:
        """Keep at least ``keep`` pixels of world ``bounds`` on screen (no losing the map)."""
        z = ZOOMS[self.index]
        x, y, w, h = bounds
        left, top = round(x * z), round(y * z)
        right, bottom = round((x + w) * z), round((y + h) * z)
        self.px = min(max(self.px, left - self.width + keep), right - keep)
        self.py = min(max(self.py, top - self.height + keep), bottom - keep)

    def keep_within(self, bounds: tuple[float, float, float, float]) -> None:
        """Show as much of world ``bounds`` as the viewport holds: along each axis the view stays
        inside the bounds when they are larger than it, else they are centred."""
        z = ZOOMS[self.index]
        x, y, w, h = bounds
        for axis, lo, hi, size in (("px", x * z, (x + w) * z, self.width), ("py", y * z, (y + h) * z, self.height)):
            if hi - lo >= size:
                setattr(self, axis, round(min(max(getattr(self, axis), lo), hi - size)))
            else:
                setattr(self, axis, round((lo + hi - size) / 2))
