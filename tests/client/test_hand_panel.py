"""The deck/hand strip of Paths of Glory (2 hands, 12 decks): columns never overlap, never
leave the strip, long titles are cut (whole on hover) and the strip scrolls sideways."""
from __future__ import annotations

import pygame
import pytest

from client import actions, fonts
from client.table import Table
from client.widgets.base import UI_FONT
from engine import commands as C
from engine.session import Session
from engine.modules import open_module
from engine.testing import Position
from engine.views import shown_key

from .test_drag import E, move, press


@pytest.fixture(scope="module")
def pog():
    return open_module("paths_of_glory")


def make(pog, size, side=""):
    t = Table(Session.new(pog, next(iter(pog.scenarios)), seed=1, ruleset="free"), size, side=side, hot_seat=False)
    assert t.side == side
    t.draw(pygame.Surface(size), complete=True)
    return t


def assert_tidy(hand):
    shown = [c for c in hand.columns if c.rect is not None]
    assert shown, "no column shown"
    rects = [c.rect for c in shown]
    for i, a in enumerate(rects):
        assert hand.rect.contains(a), f"{shown[i].title!r} {a} leaves the strip {hand.rect}"
        for b in rects[i + 1:]:
            assert not a.colliderect(b), f"columns {a} and {b} overlap"
        for arrow in hand.arrows:
            assert not a.colliderect(arrow.rect)
    f = fonts.font(UI_FONT - 1)
    for pos, text, _ in hand.labels:   # every label (titles cut to fit) inside its column
        col = next(c for c in shown if c.rect.collidepoint(pos))
        assert pos[0] + f.size(text)[0] <= col.rect.right, text
    for b in hand.buttons:
        assert any(c.rect.contains(b.rect) for c in shown)
    for r, *_ in hand.cards:
        assert hand.rect.contains(r)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
@pytest.mark.parametrize("side", ["", "CP"])
def test_columns_fit_and_scroll(pog, size, side):
    t = make(pog, size, side)
    hand = t.hand
    assert hand.rect.right <= t.log.rect.x          # the strip stops at the log panel
    n = len(hand.columns)
    assert n == 14 + (side == "")                    # 2 hands + 12 decks (+ the spectator note)
    assert hand.scrolls and hand.arrows and not hand.arrows[0].enabled
    seen = set()
    while True:
        assert_tidy(hand)
        seen |= {c.title for c in hand.columns if c.rect is not None}
        if not hand.arrows[1].enabled:
            break
        first = hand.first
        press(t, hand.arrows[1].rect.center)         # the › button: one column on
        assert hand.first == first + 1
    assert seen == {c.title for c in hand.columns}   # every deck can be reached
    assert hand.columns[-1].rect is not None
    # the wheel over the strip scrolls back; over the map it zooms as before
    move(t, hand.rect.center, buttons=(0, 0, 0))
    for _ in range(n):
        t.handle(E(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert hand.first == 0 and hand.columns[0].rect is not None
    t.handle(E(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert hand.first == 1
    assert_tidy(hand)
    t.draw(pygame.Surface(size))


def test_cut_titles_show_whole_on_hover(pog):
    t = make(pog, (1600, 1000))
    hand = t.hand
    cut = [(r, c) for r, c in hand.titles if c.shown_title != c.title]
    assert cut, "some PoG deck title should be too long for its column"
    r, col = cut[0]
    assert col.shown_title.endswith("…") and col.title.startswith(col.shown_title[:-1])
    move(t, r.center, buttons=(0, 0, 0))
    t.update(0.01)
    assert t.tooltip.lines == [col.title]
    t.draw(pygame.Surface((1600, 1000)))
    move(t, t.map_rect.center, buttons=(0, 0, 0))
    t.update(0.01)
    assert t.tooltip.lines == []          # the tip goes with the mouse (issue 18: no stale tooltips)


def test_a_long_hand_overlaps_its_cards_to_fit(pog):
    session = Session.new(pog, next(iter(pog.scenarios)), seed=1, ruleset="free")
    deck = next(l.id for l in pog.locations.values() if l.kind == "deck" and session.state.stack(l.id))
    hand = next(l.id for l in pog.locations.values() if l.kind == "hand" and l.owner == "CP")
    session.push(actions.draw("CP", deck, hand, min(30, len(session.state.stack(deck)))))
    t = Table(session, (1280, 800), side="CP", hot_seat=False)
    t.draw(pygame.Surface((1280, 800)), complete=True)
    assert len(t.hand.cards) == len(session.state.stack(hand)) > 10
    assert_tidy(t.hand)
    rect, loc, k, entry = t.hand.cards[-1]
    assert t.hand.hit(rect.center)[1] == k          # the card on top takes the click


def test_a_hand_shown_to_this_seat_by_a_card_is_face_up_in_the_strip(pog):
    """CP #17 Mata Hari shows the Allied hand to CP (engine.views ``shown:hand:AP``): the strip
    lays its cards face up, titled as shown; hover shows a card whole. Cleared, it is a count."""
    session = Session.new(pog, next(iter(pog.scenarios)), seed=1, ruleset="free")
    deck = next(l.id for l in pog.locations.values() if l.kind == "deck" and l.id.endswith("AP")
                and session.state.stack(l.id))
    session.push(actions.draw("AP", deck, "hand:AP", 3))
    Position(session).commands("Mata Hari", [C.SetGlobal(shown_key("hand:AP"), ["CP"])])
    t = Table(session, (1280, 800), side="CP", hot_seat=False)
    t.draw(pygame.Surface((1280, 800)), complete=True)
    col = next(c for c in t.hand.columns if c.loc == "hand:AP")
    assert col.kind == "hand" and "shown to you (3)" in col.title and len(col.entries) == 3
    assert_tidy(t.hand)
    rect = next(r for r, loc, *_ in t.hand.cards if loc == "hand:AP")
    move(t, rect.center)
    assert t.hand.shown_card() is not None and t.hand.shown_card()["type"].startswith("ap_")
    Position(session).commands("the look is over", [C.SetGlobal(shown_key("hand:AP"), None)])
    t.hand.refresh(session.view("CP"), "CP")
    col = next(c for c in t.hand.columns if c.loc == "hand:AP")
    assert col.kind == "other" and col.count == 3 and not any(loc == "hand:AP" for _r, loc, *_ in t.hand.cards)
