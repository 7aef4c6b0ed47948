"""Fonts: one cached ``pygame.font.Font`` per (size, bold), and small text helpers.

A clean sans-serif (DejaVu Sans, Liberation Sans, Arial, Helvetica) is used when one is found at
a well-known path — looked up once, without scanning the system font list, so start-up stays
fast — else pygame's bundled default font. Sizes are pixels and clamped to 6..200.

Every font this module returns draws *any* text: SDL_ttf refuses a lone surrogate (a save or turn
file may carry ``"\\ud800"``) and a NUL character (valid UTF-8 in a module), so :class:`Font`
shows each as U+FFFD (the replacement character) instead of raising.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache

import pygame

#: What SDL_ttf cannot draw: NUL and lone surrogates.
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def drawable(text: str | bytes) -> str | bytes:
    """``text`` with every character SDL_ttf refuses replaced by U+FFFD (bytes unchanged)."""
    if isinstance(text, str) and _UNDRAWABLE.search(text):
        return _UNDRAWABLE.sub("\ufffd", text)
    return text


class Font(pygame.font.Font):
    """A ``pygame.font.Font`` whose ``render`` and ``size`` accept any text (:func:`drawable`)."""

    def render(self, text: str | bytes | None, antialias: bool, color: object,
               bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        return super().render(drawable(text) if text is not None else text, antialias, color,
                              bgcolor, wraplength)

    def size(self, text: str | bytes) -> tuple[int, int]:
        return super().size(drawable(text))


_CANDIDATES = {
    False: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/TTF/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
            "/Library/Fonts/Arial.ttf", "/System/Library/Fonts/Supplemental/Arial.ttf",
            "C:/Windows/Fonts/arial.ttf"),
    True: ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
           "/Library/Fonts/Arial Bold.ttf", "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
           "C:/Windows/Fonts/arialbd.ttf"),
}
_MONO = ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
         "/usr/share/fonts/TTF/DejaVuSansMono.ttf", "C:/Windows/Fonts/consola.ttf")


@lru_cache(maxsize=None)
def _path(bold: bool, mono: bool = False) -> str | None:
    for p in (_MONO if mono else _CANDIDATES[bold]):
        if os.path.isfile(p):
            return p
    return None


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, mono: bool = False) -> Font:
    """The font of ``size`` pixels (cached). Initialises pygame.font if needed."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(6, min(200, int(size)))
    path = _path(bold, mono)
    f = Font(path, size)
    if path is None and bold:
        f.set_bold(True)
    return f


def render(text: str, size: int, colour, bold: bool = False, mono: bool = False) -> pygame.Surface:
    """``text`` rendered antialiased on a transparent surface."""
    return font(size, bold, mono).render(text, True, colour)


def fit(text: str, size: int, max_width: int, bold: bool = False, min_size: int = 6) -> pygame.font.Font | None:
    """The largest font not above ``size`` in which ``text`` fits ``max_width`` pixels, or
    None if even ``min_size`` is too wide."""
    s = int(size)
    while s >= min_size:
        f = font(s, bold)
        if f.size(text)[0] <= max_width:
            return f
        s -= 1 if s <= 12 else 2
    return None


def elide(text: str, f: pygame.font.Font, max_width: int) -> str:
    """``text`` shortened with an ellipsis so it fits ``max_width`` pixels in font ``f``."""
    if f.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)          # the longest prefix that fits with the ellipsis (binary search)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…" if lo else ""


def wrap(text: str, f: pygame.font.Font, max_width: int) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` (long words are elided)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = f"{line} {w}" if line else w
            if f.size(cand)[0] <= max_width:
                line = cand
            else:
                if line:
                    lines.append(line)
                line = elide(w, f, max_width)
        lines.append(line)
    return lines


@lru_cache(maxsize=4096)
def text(value: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    """Like :func:`render` but cached (for UI text redrawn every frame). ``colour`` must be a
    hashable tuple. Do not draw onto the returned surface: it is shared."""
    return font(size, bold).render(value, True, colour)
