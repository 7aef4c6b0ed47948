"""The printed values on a unit counter, where the module's layout puts them (issue 18,
friction 2). :mod:`engine.counter_layout` says which values go where; this draws them.

Geometry, for a counter of side ``s`` (``rect``):

* the rows: ``bottom`` along the lower edge (the factor line, ``3-2-6``), as large as fits;
  ``top`` and ``middle`` make a *rows* counter (a Strafexpedition fortress, a Grand Illusion
  fort's strength in its star) drawn without the NATO box, rows spaced down the counter;
* the corners ``top_left``/``top_right`` under the designation line, ``bottom_left``/
  ``bottom_right`` beside the factor line; a ``top_right`` value (morale, the set-up hex) sits
  on a small contrasting badge;
* ``left``/``right``: beside the type symbol, vertically centred on it.
"""
from __future__ import annotations

import pygame

from . import colours, fonts

CORNER = 0.21          # corner text height, share of the side
ROW = 0.27             # factor-line text height


def has_rows(places: dict[str, str]) -> bool:
    """Whether the counter is a *rows* counter (no NATO box: its values fill it)."""
    return "top" in places or "middle" in places


def _blit(surf, text: str, size: int, width: int, colour, bold: bool = True, **anchor) -> pygame.Rect | None:
    f = fonts.fit(text, size, width, bold=bold)
    if f is None:
        return None
    img = f.render(text, True, colour)
    r = img.get_rect(**anchor)
    surf.blit(img, r)
    return r


def draw_values(surf: pygame.Surface, rect: pygame.Rect, places: dict[str, str], fg, bg,
                box: pygame.Rect | None) -> None:
    """Draw ``places`` (place → text) on the counter ``rect``; ``box`` is the type symbol's
    rectangle (None on a rows counter)."""
    s = rect.w
    edge = max(1, s // 26)
    corner = max(6, round(s * CORNER))
    if "bottom" in places:
        room = s - 4
        if "bottom_left" in places or "bottom_right" in places:
            room = round(s * 0.62)
        _blit(surf, places["bottom"], round(s * ROW), room, fg,
              midbottom=(rect.centerx, rect.bottom - edge))
    if has_rows(places):
        rows = [p for p in ("top", "middle") if p in places]
        ys = {"top": 0.4, "middle": 0.62} if len(rows) == 2 else {rows[0]: 0.55}
        for p in rows:
            _blit(surf, places[p], round(s * (ROW if len(rows) == 2 else 0.36)), s - 6, fg,
                  center=(rect.centerx, rect.y + round(s * ys[p])))
    top_y = rect.y + round(s * 0.2)
    if "top_left" in places:
        _blit(surf, places["top_left"], corner, round(s * 0.34), fg, topleft=(rect.x + edge + 2, top_y))
    if "top_right" in places:
        text = places["top_right"]
        f = fonts.fit(text, corner, round(s * 0.4), bold=True)
        if f is not None:
            img = f.render(text, True, colours.contrast(fg))
            r = img.get_rect(topright=(rect.right - edge - 3, top_y))
            pygame.draw.rect(surf, fg, r.inflate(4, 0), border_radius=max(2, r.h // 3))
            surf.blit(img, r)
    for p, anchor in (("bottom_left", "bottomleft"), ("bottom_right", "bottomright")):
        if p in places:
            x = rect.x + edge + 2 if p == "bottom_left" else rect.right - edge - 2
            _blit(surf, places[p], corner, round(s * 0.3), fg, **{anchor: (x, rect.bottom - edge - 1)})
    if box is not None:
        if "left" in places:
            _blit(surf, places["left"], corner, max(6, box.left - rect.x - 3), fg,
                  midright=(box.left - 2, box.centery))
        if "right" in places:
            _blit(surf, places["right"], corner, max(6, rect.right - box.right - 3), fg,
                  midleft=(box.right + 2, box.centery))
