"""Card faces drawn from card data, readable at hand size and whole when enlarged (issue 18,
friction 3).

A strategy card (``PieceType.kind == "card"``) carries its printed facts as attributes
(``modules/paths_of_glory/cards.csv``): ``number``, ``ops``, ``sr``, ``rp`` (``"A 1 BR 2 FR
2"``), ``cc`` (a combat card), ``remove`` (the ``*``: removed when played as an event), ``ws``
(the War Status it adds), ``deck``, ``optional``, ``event_ops`` (the yellow stripe: the event
also gives OPS) and ``event`` (its text, with a combat card's condition). The printed card shows
them as the Paths of Glory card list writes them (digest 4.15): OPS/SR as ``a/b``, the card
number, the deck, the event name with ``*`` and ``CC``, ``(n)`` for the War Status, the event
text and the RP box.

:func:`render_card` draws any size: a hand-size card (about 90 px wide) shows OPS/SR, number,
name and the CC / ``*`` / War Status tags; from about 200 px wide it adds the event text, the RP
box and the deck line, wrapped to fit (:func:`card_lines` gives the same facts as text lines).
"""
from __future__ import annotations

import pygame

from engine.model import Module, PieceType

from . import colours, fonts

CARD_BG = (246, 240, 222)
INK = (30, 26, 20)
STRIPE = (238, 196, 40)
DECKS = {"mobilization": "Mobilization", "limited_war": "Limited War", "total_war": "Total War"}
#: Width from which a card shows its event text and RP box.
FULL_WIDTH = 200


def _side_bg(module: Module, ptype: PieceType) -> pygame.Color:
    if ptype.side:
        try:
            return colours.lighter(colours.parse(module.side(ptype.side).colour), 0.8)
        except KeyError:
            pass
    return pygame.Color(*CARD_BG)


def tags(ptype: PieceType) -> str:
    """``CC``, ``*`` and ``(n)`` as the card prints them after the event name."""
    a = ptype.attrs
    out = []
    if a.get("remove"):
        out.append("*")
    if a.get("cc"):
        out.append("CC")
    if a.get("ws"):
        out.append(f"({a['ws']})")
    return " ".join(out)


def ops_sr(ptype: PieceType) -> str:
    a = ptype.attrs
    if a.get("ops") is None:
        return ""
    return f"{a.get('ops')}/{a.get('sr', '?')}"


def card_lines(module: Module, ptype: PieceType) -> list[str]:
    """The card's facts in words, one per line (for tooltips and tests)."""
    a = ptype.attrs
    lines = [f"#{a['number']} {ptype.name}" if a.get("number") is not None else ptype.name]
    if a.get("ops") is not None:
        lines.append(f"OPS {a.get('ops')} · SR {a.get('sr', '?')}")
    if a.get("rp"):
        lines.append(f"RP: {a['rp']}")
    kinds = []
    if a.get("cc"):
        kinds.append("combat card")
    if a.get("remove"):
        kinds.append("* removed when played as an event")
    if a.get("ws"):
        kinds.append(f"War Status +{a['ws']}")
    if a.get("event_ops"):
        kinds.append("event also gives OPS")
    if kinds:
        lines.append("; ".join(kinds))
    if a.get("event"):
        lines.append(str(a["event"]))
    deck = DECKS.get(str(a.get("deck", "")), str(a.get("deck", "")).replace("_", " "))
    if deck:
        lines.append(f"{deck} deck" + (" (optional)" if a.get("optional") else ""))
    return lines


def render_card(module: Module, ptype: PieceType, w: int, h: int, radius: int = 0) -> pygame.Surface:
    """The face of card ``ptype`` in ``w`` × ``h`` pixels (no shadow)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = radius or max(2, round(w * 0.06))
    bg = _side_bg(module, ptype)
    pygame.draw.rect(surf, bg, rect, border_radius=radius)
    a = ptype.attrs
    pad = max(2, round(w * 0.06))
    head = max(7, round(w * 0.17))
    if a.get("event_ops"):   # the yellow stripe: the event also gives OPS (9.1.3)
        pygame.draw.rect(surf, STRIPE, (0, round(h * 0.3), w, max(2, round(h * 0.03))))
    pygame.draw.rect(surf, (90, 80, 60), rect, max(1, w // 40), border_radius=radius)
    y = pad
    top = ops_sr(ptype)
    if top:
        img = fonts.render(top, head, (30, 30, 110), bold=True)
        surf.blit(img, (pad, y))
    if a.get("number") is not None:
        img = fonts.render(f"#{a['number']}", max(6, round(head * 0.75)), (90, 30, 30), bold=True)
        surf.blit(img, img.get_rect(topright=(w - pad, y)))
    y += round(head * 1.15)
    full = w >= FULL_WIDTH
    name_size = max(6, round(w * (0.085 if full else 0.13)))
    f = fonts.font(name_size, bold=True)
    for line in fonts.wrap(ptype.name, f, w - 2 * pad)[:3]:
        img = f.render(line, True, INK)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += f.get_linesize()
    t = tags(ptype)
    if t:
        img = fonts.render(t, max(6, round(name_size * 0.95)), (150, 30, 30), bold=True)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += img.get_height()
    if not full:
        return surf
    y += pad // 2
    body = fonts.font(max(7, round(w * 0.055)))
    rp_h = 0
    if a.get("rp"):
        rp_h = body.get_linesize() + pad
        box = pygame.Rect(pad, h - pad - rp_h - body.get_linesize(), w - 2 * pad, rp_h)
        pygame.draw.rect(surf, colours.lighter(bg, 0.5), box, border_radius=3)
        pygame.draw.rect(surf, (90, 80, 60), box, 1, border_radius=3)
        img = body.render(fonts.elide(f"RP  {a['rp']}", body, box.w - 8), True, INK)
        surf.blit(img, img.get_rect(center=box.center))
    deck = DECKS.get(str(a.get("deck", "")), str(a.get("deck", "")).replace("_", " "))
    if deck:
        img = body.render(deck + (" · optional" if a.get("optional") else ""), True, (90, 80, 60))
        surf.blit(img, img.get_rect(midbottom=(w // 2, h - pad)))
    text = str(a.get("event", ""))
    limit = h - pad - rp_h - body.get_linesize() * 2
    if text:
        for line in fonts.wrap(text, body, w - 2 * pad):
            if y + body.get_linesize() > limit:
                break
            surf.blit(body.render(line, True, INK), (pad, y))
            y += body.get_linesize()
    return surf
