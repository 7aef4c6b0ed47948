"""Markers beside the units they mark (issue 18, friction 1).

A marker piece (``PieceType.kind == "marker"``) sharing a location with units — a Paths of Glory
activation, control or trench marker, a Strafexpedition trench or disorganisation marker — is
not drawn on top of the stack, where it hid the units and took their drags. It becomes a small
*badge*: a pill with the marker's own words ("Move", "CP control", "Trench level 1") along the
left side of the unit stack, ending :data:`OVERLAP` of a counter into it. Badges are drawn beneath
every unit (a long one reaching over a neighbouring place never hides its units), so a badge
ends at the stack's edge: its last word is not hidden under its own units. A marker alone in
its location (a track's turn or VP marker, a trench in an empty hex) stays a full counter.

:func:`marker_label` gives a marker's words: the face's name when the marker has several faces
(each face says something else), else its symbol, else its name — never a generic word such
as "marker" (which the table printed as "mar…").
"""
from __future__ import annotations

import pygame

from engine.model import Module, PieceType

from . import colours, fonts

#: Badge height as a share of the counter side.
HEIGHT = 0.3
#: Widest badge as a share of the counter side.
MAX_WIDTH = 1.5
#: How far a badge reaches over the unit stack's left edge (share of the counter side): none, as
#: badges are drawn under the units.
OVERLAP = 0.0
#: Generic symbols that say nothing about the marker.
GENERIC = {"", "marker", "markers"}
BG = (244, 212, 92)
FG = (40, 30, 10)


def is_marker(module: Module, entry: dict) -> bool:
    """Whether view ``entry`` is a marker piece (a hidden piece never is)."""
    if entry.get("hidden"):
        return False
    ptype = module.piece_types.get(entry.get("type", ""))
    return ptype is not None and ptype.kind == "marker"


def marker_label(ptype: PieceType, face: int = 0) -> str:
    """The words a marker shows on ``face``."""
    names = [f.name for f in ptype.faces]
    if len(names) > 1 and 0 <= face < len(names) and names[face] not in ("", "front", "back"):
        return names[face]
    symbol = ptype.symbol.strip()
    if symbol.lower() not in GENERIC:
        return symbol
    if names and names[0] not in ("", "front"):
        return names[0]
    return ptype.name


def badge_height(px: int) -> int:
    return max(8, round(px * HEIGHT))


def render_badge(module: Module, entry: dict, px: int) -> pygame.Surface:
    """The badge of marker ``entry`` for counters of ``px`` pixels (width fits its words)."""
    ptype = module.piece_types.get(entry.get("type", ""))
    face = int(entry.get("face", 0) or 0)
    text = marker_label(ptype, face) if ptype is not None else "?"
    bg, fg = BG, FG
    nat = module.nationality(ptype.nationality) if ptype is not None and ptype.nationality else None
    if nat is not None:
        bg, fg = colours.parse(nat.bg), colours.parse(nat.fg, (0, 0, 0))
    h = badge_height(px)
    room = max(8, round(px * MAX_WIDTH) - 6)
    f = fonts.fit(text, max(6, round(h * 0.72)), room, bold=True, min_size=max(6, round(h * 0.5))) \
        or fonts.font(max(6, round(h * 0.5)), bold=True)
    label = fonts.elide(text, f, room)
    w = f.size(label)[0] + 6
    surf = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, (0, 0, 0, 90), r.move(1, 1), border_radius=h // 2)
    pygame.draw.rect(surf, bg, r, border_radius=h // 2)
    pygame.draw.rect(surf, colours.darker(bg, 0.5), r, 1, border_radius=h // 2)
    img = f.render(label, True, fg)
    surf.blit(img, img.get_rect(center=r.center))
    return surf
