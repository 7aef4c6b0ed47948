"""The window's main loop: events from pygame's queue reach the table; start screen to table."""
from __future__ import annotations

import pygame

from client.app import App, choose_ruleset, load_session, new_session
from engine import persist
from engine.errors import WartableError


def test_queued_events_drive_the_table_through_the_main_loop(session):
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), autosave=False)
    app.show_table(session)
    table = app.current
    table.draw(pygame.display.get_surface(), complete=True)
    pid = session.state.stack("0305")[0]
    start = table.piece_rect(pid).center
    end = table.screen_pos_of("0708")
    pygame.event.clear()
    for ev in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=0),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 10, start[1]), rel=(10, 0), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, mod=0)):
        pygame.event.post(ev)
    assert app.run(max_frames=3) == 0
    assert session.state.pieces[pid].loc == "0708"
    assert app.first_frame_at is not None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.running = True
    app.run(max_frames=5)
    assert not app.running


def test_start_screen_to_table_and_back(tmp_path):
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), autosave=True)
    app.show_start()
    app.current.catalog.thread.join(30)
    app.start_game("skirmish", "meeting", enforce=False)
    table = app.current
    assert table.session.record.header.scenario == "meeting"
    assert table.autosave is not None and table.autosave.path.is_file()
    # Ctrl+Q from the table returns to the start screen, which lists the autosave
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    assert type(app.current).__name__ == "StartScreen"
    assert table.autosave.path in app.current.saves
    app.open_save(table.autosave.path)
    assert app.current.session.state.hash == table.session.state.hash


def test_load_session_finds_the_module_from_the_save(tmp_path, session):
    path = persist.save(session, tmp_path / "g.wtsave")
    loaded = load_session(path)
    assert loaded.module.id == "skirmish" and loaded.state.hash == session.state.hash


def test_rulesets(module):
    assert choose_ruleset(module, free=True, enforce=False) == "free"
    assert choose_ruleset(module, free=False, enforce=False) == "free"   # the sample module's own
    s = new_session(module, None, "12", "free")
    assert s.record.header.seed == 12
    bad = type(module)(**{**module.__dict__, "ruleset": "not-installed"})
    assert choose_ruleset(bad, free=False, enforce=False) == "free"
    try:
        choose_ruleset(bad, free=False, enforce=True)
    except WartableError as exc:
        assert "--free" in str(exc)
    else:
        raise AssertionError("--enforce without the rules installed must fail")
