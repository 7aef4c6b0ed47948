"""Random mouse and keyboard input never crashes the table, and every state change it causes
is a recorded action (the client never changes the game state itself)."""
from __future__ import annotations

import random

import pygame

from client.table import Table
from engine.rules import state_invariants
from engine.session import Session

KEYS = [pygame.K_x, pygame.K_l, pygame.K_m, pygame.K_e, pygame.K_f, pygame.K_h, pygame.K_r, pygame.K_c,
        pygame.K_b, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_DELETE, pygame.K_LEFT, pygame.K_UP,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_F1,
        pygame.K_a, pygame.K_1, pygame.K_SPACE]
CTRL_KEYS = [pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_e]


def test_random_input_keeps_state_and_record_in_step(module):
    rnd = random.Random(11)
    session = Session.new(module, "meeting", seed=5)
    table = Table(session, (1100, 760), side="blue", hot_seat=True)
    surf = pygame.Surface((1100, 760))
    table.draw(surf, complete=True)
    pos = (500, 400)
    buttons = (0, 0, 0)
    for step in range(2500):
        r = rnd.random()
        if r < 0.35:
            pos = (rnd.randrange(1100), rnd.randrange(760)) if rnd.random() < 0.4 else \
                (max(0, min(1099, pos[0] + rnd.randint(-60, 60))), max(0, min(759, pos[1] + rnd.randint(-60, 60))))
            ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        elif r < 0.5:
            b = rnd.choice((1, 1, 1, 3, 2))
            buttons = (b == 1, b == 2, b == 3)
            ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b,
                                    mod=rnd.choice((0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)))
        elif r < 0.65:
            ev = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rnd.choice((1, 2, 3)), mod=0)
            buttons = (0, 0, 0)
        elif r < 0.72:
            ev = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice((-1, 1)), flipped=False)
        elif r < 0.80:
            ev = pygame.event.Event(pygame.TEXTINPUT, text=rnd.choice("ab1 "))
        elif r < 0.97:
            ev = pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(KEYS), mod=0, unicode="", scancode=0)
        else:
            ev = pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(CTRL_KEYS), mod=pygame.KMOD_CTRL,
                                    unicode="", scancode=0)
        table.handle(ev)
        if step % 7 == 0:
            table.update(0.05)
            table.draw(surf)
        s = table.session  # (a loaded save replaces the session)
        expected = s.record.entries[-1].hash if s.record.entries else s.record.header.setup_hash
        assert s.state.hash == expected, f"step {step}: state changed outside the record"
    assert not state_invariants(table.session.state)
    assert len(table.session.record.entries) > 5  # the monkey did get things done
