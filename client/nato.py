"""NATO-style unit symbols and size marks, drawn with pygame primitives at any pixel size.

:func:`symbol_kind` maps a piece type's ``symbol`` / ``unit_type`` (free text in modules:
``"infantry"``, ``"mountain_infantry"``, ``"artillery_field"``, ``"panzergrenadier"``…) to the
elements to draw inside the unit box; :func:`draw_symbol` draws them; :func:`size_mark` gives
the echelon mark printed above the box (``XXX`` for a corps…).
"""
from __future__ import annotations

import pygame

#: Echelon → the mark printed above the unit box.
SIZE_MARKS: dict[str, str] = {
    "army_group": "XXXXX", "armygroup": "XXXXX", "army": "XXXX", "corps": "XXX",
    "division": "XX", "brigade": "X", "regiment": "III", "battalion": "II",
    "company": "I", "battery": "I", "squadron": "I",
}

# Symbol elements: "x" infantry cross, "slash" cavalry/recon, "oval" armour, "dot" artillery,
# "mountain" caret at the bottom, "flag" HQ, "canopy" airborne, "wheels" bicycle/motorised,
# "fort" crenellated box, "bridge" engineers, "horn" light infantry, "text" fallback.
_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hq", ("flag",)),
    ("headquarters", ("flag",)),
    ("fortress", ("fort",)),
    ("fort", ("fort",)),
    ("panzergrenadier", ("x", "oval")),
    ("mechanized", ("x", "oval")),
    ("mechanised", ("x", "oval")),
    ("motorized", ("x", "wheels")),
    ("motorised", ("x", "wheels")),
    ("armoured", ("oval",)),
    ("armored", ("oval",)),
    ("armour", ("oval",)),
    ("armor", ("oval",)),
    ("panzer", ("oval",)),
    ("tank", ("oval",)),
    ("parachute", ("x", "canopy")),
    ("airborne", ("x", "canopy")),
    ("bicycle", ("x", "wheels")),
    ("mountain", ("x", "mountain")),
    ("alpine", ("x", "mountain")),
    ("artillery", ("dot",)),
    ("cavalry", ("slash",)),
    ("recon", ("slash",)),
    ("engineer", ("bridge",)),
    ("pioneer", ("bridge",)),
    ("jaeger", ("x", "horn")),
    ("bersaglieri", ("x", "horn")),
    ("light", ("x", "horn")),
    ("infantry", ("x",)),
    ("landwehr", ("x",)),
    ("militia", ("x",)),
    ("guard", ("x",)),
    ("grenadier", ("x",)),
    ("rifle", ("x",)),
)


def symbol_kind(symbol: str, unit_type: str) -> tuple[str, ...]:
    """The elements to draw for a unit whose type says ``symbol`` / ``unit_type``.

    ``mountain_infantry`` → ``("x", "mountain")``; ``artillery_mountain`` → the dot plus the
    caret; unknown words give ``("text",)`` (the box then shows an abbreviation)."""
    words = f"{symbol} {unit_type}".lower().replace("-", "_")
    if "artillery" in words:
        return ("dot", "mountain") if "mountain" in words else ("dot",)
    for word, elements in _WORDS:
        if word in words:
            if word == "bicycle" and "bersaglieri" in words:
                return ("x", "horn", "wheels")
            return elements
    return ("text",)


def size_mark(size: str) -> str:
    """The echelon mark for ``size`` (``""`` when the module's size is not an echelon)."""
    return SIZE_MARKS.get(size.lower().replace(" ", "_"), "")


def draw_symbol(surf: pygame.Surface, box: pygame.Rect, elements: tuple[str, ...],
                colour, fill=None, text: str = "") -> None:
    """Draw the unit box ``box`` with ``elements`` inside, lines in ``colour``. ``fill`` (if
    given) fills the box first; ``text`` is the fallback abbreviation for ``"text"``."""
    w = max(1, round(min(box.w, box.h) / 10))
    if fill is not None:
        pygame.draw.rect(surf, fill, box)
    if "fort" in elements:
        _fort(surf, box, colour, w)
        return
    if "flag" in elements:
        _flag(surf, box, colour, w)
        return
    pygame.draw.rect(surf, colour, box, w)
    inner = box.inflate(-2 * w, -2 * w)
    for e in elements:
        if e == "x":
            pygame.draw.line(surf, colour, inner.topleft, inner.bottomright, w)
            pygame.draw.line(surf, colour, inner.bottomleft, inner.topright, w)
        elif e == "slash":
            pygame.draw.line(surf, colour, inner.bottomleft, inner.topright, w)
        elif e == "oval":
            oval = pygame.Rect(0, 0, round(box.w * 0.66), round(box.h * 0.58))
            oval.center = box.center
            pygame.draw.ellipse(surf, colour, oval, w)
        elif e == "dot":
            pygame.draw.circle(surf, colour, box.center, max(1, round(min(box.w, box.h) * 0.2)))
        elif e == "mountain":
            base = inner.bottom
            half = max(2, round(box.w * 0.16))
            pygame.draw.polygon(surf, colour, [(box.centerx - half, base), (box.centerx + half, base),
                                               (box.centerx, base - round(box.h * 0.38))])
        elif e == "canopy":
            arc = pygame.Rect(0, 0, round(box.w * 0.4), round(box.h * 0.5))
            arc.midtop = (box.centerx, inner.top + w)
            pygame.draw.arc(surf, colour, arc, 0.0, 3.1416, w)
        elif e == "wheels":
            r = max(1, round(box.h * 0.1))
            for fx in (0.3, 0.7):
                pygame.draw.circle(surf, colour, (box.x + round(box.w * fx), box.bottom + r + w), r, max(1, w // 2 + 1))
        elif e == "horn":
            r = max(2, round(box.h * 0.14))
            pygame.draw.circle(surf, colour, (box.centerx, inner.top + r + w), r, max(1, w))
        elif e == "bridge":
            y = box.centery
            x0, x1 = inner.left + w * 2, inner.right - w * 2
            pygame.draw.line(surf, colour, (x0, y), (x1, y), w)
            for x in (x0, (x0 + x1) // 2, x1):
                pygame.draw.line(surf, colour, (x, y), (x, y + round(box.h * 0.2)), w)
        elif e == "text" and text:
            from . import fonts
            f = fonts.fit(text, round(box.h * 0.7), inner.w - 2, bold=True)
            if f is not None:
                img = f.render(text, True, colour)
                surf.blit(img, img.get_rect(center=box.center))


def _flag(surf: pygame.Surface, box: pygame.Rect, colour, w: int) -> None:
    """The HQ symbol: a flag (unit box) on a staff descending from its lower left corner."""
    flag = pygame.Rect(box.x, box.y, box.w, round(box.h * 0.72))
    pygame.draw.rect(surf, colour, flag, w)
    pygame.draw.line(surf, colour, (flag.x + w // 2, flag.y), (flag.x + w // 2, box.bottom + round(box.h * 0.25)), w)


def _fort(surf: pygame.Surface, box: pygame.Rect, colour, w: int) -> None:
    """A fortress: a box with crenellations on top."""
    body = pygame.Rect(box.x, box.y + round(box.h * 0.25), box.w, box.h - round(box.h * 0.25))
    pygame.draw.rect(surf, colour, body, w)
    n = 5
    step = box.w / n
    for k in range(0, n, 2):
        merlon = pygame.Rect(round(box.x + k * step), box.y, max(1, round(step)), round(box.h * 0.25) + w)
        pygame.draw.rect(surf, colour, merlon)
