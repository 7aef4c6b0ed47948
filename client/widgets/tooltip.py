"""Tooltips: a piece's details (name, side, face, values, markers) near the mouse."""
from __future__ import annotations

import pygame

from engine.counter_layout import CounterLayouts
from engine.model import Module

from .. import colours, fonts
from .base import UI_FONT


def describe(module: Module, entry: dict, loc: str = "", layouts: CounterLayouts | None = None) -> list[str]:
    """The lines a tooltip shows for view ``entry`` at ``loc``: its values labelled as the
    module's ``counter_layout`` names them (``layouts``, read from the module when not given).
    A hidden entry says only what its back shows."""
    where = module.locations[loc].label if loc in module.locations else loc
    if entry.get("hidden"):
        return [f"hidden: {entry.get('back') or 'piece'}"] + ([f"at {where}"] if where else [])
    ptype = module.piece_types.get(entry.get("type", ""))
    if ptype is None:
        return [f"unknown piece type {entry.get('type')!r}"]
    lines = [ptype.name]
    bits = []
    if ptype.side:
        try:
            bits.append(module.side(ptype.side).name)
        except KeyError:
            bits.append(ptype.side)
    nat = module.nationality(ptype.nationality) if ptype.nationality else None
    if nat is not None and (not bits or nat.name != bits[0]):
        bits.append(nat.name)
    kind = " ".join(w for w in (ptype.size, ptype.unit_type.replace("_", " ")) if w) or ptype.kind
    bits.append(kind)
    lines.append(" · ".join(bits))
    face = int(entry.get("face", 0) or 0)
    if ptype.faces:
        f = ptype.faces[min(face, len(ptype.faces) - 1)]
        printed = layouts.printed(ptype, face) if layouts is not None else \
            CounterLayouts.from_module(module).printed(ptype, face)
        values = ", ".join(f"{p.slot.label} {p.text}" if p.text != p.slot.label else p.text for p in printed)
        steps = f" ({face + 1}/{len(ptype.faces)})" if len(ptype.faces) > 1 else ""
        lines.append(f"face: {f.name}{steps}" + (f" — {values}" if values else ""))
    if entry.get("markers"):
        lines.append("markers: " + ", ".join(entry["markers"]))
    props = {k: v for k, v in (entry.get("props") or {}).items() if k not in ("owner",)}
    if props:
        lines.append(", ".join(prop_text(module, k, v) for k, v in props.items()))
    if where:
        lines.append(f"at {where}")
    return lines


def prop_text(module: Module, key: str, value) -> str:
    """A piece property in words (``arrives=3`` → ``arrives: turn 3``, a location id → its
    name; a flag → its name alone)."""
    words = key.replace("_", " ")
    if value is True:
        return words
    if isinstance(value, str) and value in module.locations:
        value = module.locations[value].label
    elif isinstance(value, str) and value in module.piece_types:
        pt = module.piece_types[value]
        value = f"#{pt.attrs['number']} {pt.name}" if pt.attrs.get("number") not in (None, "") else pt.name
    elif key == "arrives":
        value = f"turn {value}"
    return f"{words}: {value}"


class Tooltip:
    """Draws text lines in a box next to a point, kept inside ``bounds``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pos = (0, 0)

    def show(self, lines: list[str], pos: tuple[int, int]) -> None:
        self.lines, self.pos = lines, pos

    def hide(self) -> None:
        self.lines = []

    def draw(self, surf: pygame.Surface, bounds: pygame.Rect) -> None:
        if not self.lines:
            return
        f = fonts.font(UI_FONT - 1)
        imgs = [f.render(l, True, colours.UI_TEXT if i else colours.UI_ACCENT) for i, l in enumerate(self.lines)]
        w = max(i.get_width() for i in imgs) + 12
        h = sum(i.get_height() for i in imgs) + 8
        x, y = self.pos[0] + 16, self.pos[1] + 18
        if x + w > bounds.right:
            x = self.pos[0] - w - 8
        if y + h > bounds.bottom:
            y = self.pos[1] - h - 8
        r = pygame.Rect(max(bounds.x, x), max(bounds.y, y), w, h)
        pygame.draw.rect(surf, (20, 22, 26), r, border_radius=4)
        pygame.draw.rect(surf, colours.UI_EDGE, r, 1, border_radius=4)
        ty = r.y + 4
        for img in imgs:
            surf.blit(img, (r.x + 6, ty))
            ty += img.get_height()
