"""Issue 18, friction 8: the idle client draws nothing and sleeps; input, dice and announced
moments (a tooltip's delay) still get their frames. The CPU share itself is measured by
``make bench`` (tools/bench_client.py: idle CPU over 10 s), not here."""
from __future__ import annotations

import threading

import pygame

from client import pacing
from client.app import App


def _app(session) -> App:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), autosave=False)
    app.show_table(session)
    app.run(max_frames=8)          # the first frames: tiles rendered, minimap drawn
    return app


def test_an_idle_table_draws_no_frame_and_sleeps(session):
    app = _app(session)
    table = app.current
    assert table.next_frame_in() is None, "a table with nothing moving announces no frame"
    drawn = table.frames
    waits = app.pacer.waits
    app.run(max_frames=6)          # six turns of the loop with no input
    assert table.frames == drawn, "no frame is drawn while nothing changes"
    assert app.pacer.waits - waits == 6, "every idle turn sleeps"


def test_input_draws_a_frame(session):
    app = _app(session)
    table = app.current
    drawn = table.frames
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 0), buttons=(0, 0, 0)))
    app.run(max_frames=1)
    assert table.frames == drawn + 1


def test_a_sleeping_loop_wakes_at_once_on_input(session, monkeypatch):
    app = _app(session)
    monkeypatch.setattr(pacing, "IDLE_WAKE", 30.0)
    timer = threading.Timer(0.2, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    timer.start()
    app.running = True
    app.run()                       # would sleep 30 s without the event
    timer.cancel()
    assert not app.running


def test_dice_animate_every_frame(session):
    app = _app(session)
    table = app.current
    from client import actions
    table.do(actions.roll(table.side, "2d6", "test"))
    assert table.tray.busy and table.next_frame_in() == 0.0
    drawn = table.frames
    app.run(max_frames=3)
    assert table.frames == drawn + 3, "a tumbling die is drawn every frame"


def test_a_tooltip_due_after_its_delay_is_announced(session):
    app = _app(session)
    table = app.current
    pid = session.state.stack("0305")[0]
    pos = table.piece_rect(pid).center
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    due = table.next_frame_in()
    assert due is not None and 0 < due <= 0.35
