"""Issue 18, friction 3: cards in hand are readable at normal size; hovering or right-clicking
one shows the whole card (OPS, SR, RP, event text, combat-card condition, removal star)."""
from __future__ import annotations

import pygame
import pytest

from client.cards import card_lines, ops_sr, tags
from client.widgets.hand import PREVIEW_W
from engine.session import Session

from .test_drag import move, press

SIZE = (1600, 1000)


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


def _table(pog, ruleset):
    from client.table import Table
    session = Session.new(pog, "introductory", 1, ruleset=ruleset)
    table = Table(session, SIZE, side="CP", hot_seat=False)
    table.draw(pygame.Surface(SIZE), complete=True)
    return session, table


def test_card_facts_are_all_there(pog):
    putnik = pog.piece_types["ap_05"]     # CC, not removed; its event names its condition
    pleve = pog.piece_types["ap_04"]      # CC with the removal star
    assert ops_sr(putnik) == "2/2" and tags(putnik) == "CC" and tags(pleve) == "* CC"
    lines = card_lines(pog, putnik)
    assert lines[0] == "#5 Putnik" and "OPS 2 · SR 2" in lines and "RP: BR 1 FR 1 RU 1" in lines
    assert "combat card" in lines[3]
    assert any(l.startswith("Playable only in 1914 and 1915") for l in lines)
    assert "* removed when played as an event" in card_lines(pog, pleve)[3]


def test_hand_cards_are_readable_size(pog):
    _session, table = _table(pog, "paths_of_glory")
    r, *_ = table.hand.cards[0]
    assert r.w >= 80 and r.h >= 110
    assert all(c[0].bottom <= table.hand.rect.bottom for c in table.hand.cards)


def test_hovering_a_card_shows_it_whole_above_the_strip(pog):
    _session, table = _table(pog, "paths_of_glory")
    r, _loc, _k, entry = table.hand.cards[0]
    move(table, r.center, buttons=(0, 0, 0))
    assert table.hand.shown_card() is entry
    surf = pygame.Surface(SIZE)
    table.draw(surf)
    face = table.counters.card_face(entry, PREVIEW_W)
    assert face.get_width() == PREVIEW_W and face.get_height() > 300
    where = face.get_rect(midbottom=(r.centerx, table.hand.rect.top - 8)).clamp(surf.get_rect())
    for dx, dy in ((20, 12), (PREVIEW_W // 2, 60), (30, face.get_height() - 30)):
        assert surf.get_at((where.x + dx, where.y + dy)) == face.get_at((dx, dy))
    move(table, (r.centerx, table.hand.rect.top - 300), buttons=(0, 0, 0))
    assert table.hand.shown_card() is None


def test_right_click_pins_the_card_in_enforced_play_and_a_click_elsewhere_unpins(pog):
    session, table = _table(pog, "paths_of_glory")
    r, _loc, _k, entry = table.hand.cards[1]
    press(table, r.center, button=3)
    move(table, (400, 300), buttons=(0, 0, 0))         # the pinned card stays when the mouse leaves
    assert table.hand.shown_card() is entry
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1, mod=0))
    assert table.hand.shown_card() is None
