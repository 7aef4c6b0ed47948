"""Words, not ids, on the screen (issue 18, friction 7): a fuzzed Paths of Glory game is played
through the table to its end — every frame drawn, each side seated in turn, card menus opened,
tooltips shown for the pieces — and no text the table draws holds an internal id (a
``key=value`` notation, a ``@location`` or ``%card`` target, a ``snake_case`` or
``box:SIDE`` id, a piece's ``#id``)."""
from __future__ import annotations

import random
import re

import pygame
import pytest

from client import fonts
from client.table import Table
from client.widgets.tooltip import describe
from engine.session import Session

ID = re.compile(r"\w+=|[@%][A-Za-z]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+:[A-Za-z]+\b|#\d+")
SIZE = (1280, 800)


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


@pytest.fixture
def drawn(monkeypatch):
    """Every text rendered while the test runs (text → the action being played)."""
    seen: dict[str, str] = {}
    now = [""]

    original = fonts.Font.render

    def recording(self, text, *args, **kwargs):
        if text:
            seen.setdefault(str(text), now[0])
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(fonts.Font, "render", recording)   # every font the table uses is a fonts.Font
    fonts.font.cache_clear()
    fonts.text.cache_clear()
    yield seen, now
    fonts.font.cache_clear()
    fonts.text.cache_clear()


def leaks(seen: dict[str, str], module) -> list[str]:
    numbers = {f"#{pt.attrs.get('number')}" for pt in module.piece_types.values() if pt.kind == "card"}
    out = []
    for text, action in seen.items():
        for m in ID.finditer(text):
            if m.group(0) not in numbers:      # a card's printed number ("#12 Entrench") is its name
                out.append(f"{m.group(0)!r} in {text!r} (while playing {action})")
                break
    return out


def play_through_the_table(module, drawn, scenario, seed, limit, options=None):
    seen, now = drawn
    session = Session.new(module, scenario, seed, ruleset="paths_of_glory", options=options)
    table = Table(session, SIZE, side=session.prompt().side, hot_seat=False)
    surf = pygame.Surface(SIZE)
    table.draw(surf, complete=True)
    rnd = random.Random(seed)
    for i in range(limit):
        if session.outcome() is not None:
            break
        prompt = session.prompt()
        if prompt.side and prompt.side != table.side:
            table.seating.seat(prompt.side)                 # each side sees its own view
        action = session.ruleset.random_action(session.state, rnd)
        assert action is not None, f"no legal action for {prompt}"
        now[0] = str(action)
        if i % 5 == 0 and table.play.legal is not None and table.hand is not None and table.hand.cards:
            r, _loc, _k, entry = table.hand.cards[rnd.randrange(len(table.hand.cards))]
            table.play.card_menu(entry, r.center)           # a card's plays, greyed ones with reasons
            table.draw(surf)
            table.modals.clear()
        if i % 9 == 0:                                      # every piece's tooltip
            for loc, entries in table.view["locations"].items():
                for entry in entries[:2]:
                    table.tooltip.show(describe(module, entry, loc, table.counters.layouts)
                                       + table.place_info.lines(loc, entries), (300, 300))
                    table.tooltip.draw(surf, table.screen_rect)
        assert table.do(action) is not None, table.refusal
        table.update(0.02)
        table.draw(surf)
    return session


def test_no_internal_id_in_any_text_drawn_for_a_whole_fuzzed_game(pog, drawn):
    session = play_through_the_table(pog, drawn, "introductory", 1, 2000)
    assert session.outcome() is not None, "the game did not reach its end"
    assert len(drawn[0]) > 500
    assert leaks(drawn[0], pog) == []


def test_no_internal_id_in_a_campaign_with_every_card(pog, drawn):
    play_through_the_table(pog, drawn, "campaign", 5, 300, {"optional_cards": "all"})
    assert leaks(drawn[0], pog) == []


def test_the_id_pattern_finds_what_the_issue_saw(pog):
    seen = {t: "" for t in ("Play_cc card=ap_06", "done_cards", "goa_in_hand", "italian_event",
                            "British corps in port_said reduced", "reserve:CP", "unit #137")}
    assert len(leaks(seen, pog)) == len(seen)
    assert leaks({"AP plays #12 Entrench for 3 OPS": "", "Attack on Liège at 1:2": ""}, pog) == []
