"""Play by e-mail from the start screen (issue 18, friction 6): "Start a game by e-mail" seats
the player's side and sends the first file; "Open a received turn" opens the right game (a new
one with the sender's seed, or the one on this computer the file continues) as the receiving
side, replays the opponent's moves step by step, and then it is that side's turn."""
from __future__ import annotations

import pygame

from client.app import App
from client.widgets.dialogs import ChoiceDialog, FileDialog, HandOver
from engine.actions import Action

SIZE = (1280, 800)


def app_at_start() -> App:
    pygame.display.set_mode(SIZE)
    app = App(SIZE, autosave=True)
    app.show_start()
    app.current.catalog.thread.join(30)
    return app


def play_until_other(table, side: str) -> int:
    """``side`` moves one unit if it can, then ends its phases until the other side is to act."""
    moves = [a for a in table.session.legal_actions() if a.verb == "move"]
    n = 0
    if moves:
        assert table.do(moves[0]) is not None
        n += 1
    while table.session.prompt().side == side:
        done = next(a for a in table.session.legal_actions() if a.verb == "done")
        assert table.do(done) is not None
        n += 1
    return n


def finish_replay(table) -> None:
    replay = table.mode("replay")
    assert replay is not None
    while replay.step():
        while table.tray.busy:
            table.tray.dismiss()


def test_a_game_by_e_mail_from_the_start_screen(tmp_path):
    # the sender: "Start a game by e-mail", a scenario, then the side
    a = app_at_start()
    screen = a.current
    screen.mail_button.on_click()
    assert screen.by_mail
    screen.select_scenario("skirmish", "meeting")
    choice = screen.modals[-1]
    assert isinstance(choice, ChoiceDialog) and [b.text for b in choice.buttons] == ["Blue", "Red"]
    choice.buttons[0].on_click()                                   # I play Blue
    sender = a.current
    assert sender.side == "blue" and sender.seating.kind == "pbem" and sender.enforced
    n = play_until_other(sender, "blue")
    assert not [m for m in sender.modals if isinstance(m, HandOver)]   # no hot seat by e-mail
    offer = sender.panel.button("Send your turn to Red")
    assert offer is not None
    offer.on_click()
    dialog = sender.modals[-1]
    assert isinstance(dialog, FileDialog)
    dialog.on_ok(tmp_path / "turn1")                                # (the dialog's OK)
    turn1 = tmp_path / "turn1.wtpbem"
    assert turn1.is_file()
    assert sender.seating.may_switch() is not None                   # the seat stays Blue

    # the receiver: "Open a received turn" — a new game with the sender's seed, seated Red
    b = app_at_start()
    b.current.on_turn(turn1)
    receiver = b.current
    assert receiver.session.record.header.seed == sender.session.record.header.seed
    assert receiver.session.record.header.setup_hash == sender.session.record.header.setup_hash
    assert receiver.side == "red" and receiver.seating.kind == "pbem"
    assert all("id" not in e for e in receiver.view["locations"].get("hand:blue", []))  # never Blue's hand
    replay = receiver.mode("replay")
    assert replay is not None and replay.replay.total == n
    assert receiver.do(Action.parse("red: done")) is None             # first the opponent's moves
    replay.step()
    assert len(receiver.session.record.entries) == 1                  # one at a time
    finish_replay(receiver)
    assert receiver.mode("replay") is None
    assert receiver.session.state.hash == sender.session.state.hash
    assert receiver.session.prompt().side == "red"                    # now it is Red's turn
    m = play_until_other(receiver, "red")
    out = receiver.files.export(tmp_path / "turn2")

    # the sender opens the answer from the start screen: its own game, found on this computer
    a.show_start()
    a.open_save(out)                                                   # a turn file, not "not a save"
    back = a.current
    assert back.side == "blue" and back.session.record.header.seed == sender.session.record.header.seed
    assert len(back.session.record.entries) == n
    finish_replay(back)
    assert len(back.session.record.entries) == n + m
    assert back.session.state.hash == receiver.session.state.hash and back.session.prompt().side == "blue"


def test_a_turn_for_a_game_not_here_says_so(tmp_path):
    a = app_at_start()
    a.start_game("skirmish", "meeting", True, {}, by_mail="blue")
    sender = a.current
    play_until_other(sender, "blue")
    sender.files.export(tmp_path / "t1")
    play = [x for x in sender.session.legal_actions()]
    assert play
    # a later file of a game this computer never saw
    data_dir_game = sender.files.export(tmp_path / "t2", since=len(sender.session.record.entries))
    for f in sender.autosave.path.parent.iterdir():
        f.unlink()
    b = app_at_start()
    b.open_turn(data_dir_game)
    box = b.current.modals[-1]
    assert "not on this computer" in box.lines[0] + " ".join(box.lines)


def test_when_the_other_side_moves_first_the_first_file_is_sent_at_once(tmp_path):
    a = app_at_start()
    a.start_game("skirmish", "meeting", True, {}, by_mail="red")       # Blue moves first
    table = a.current
    assert table.side == "red"
    dialog = table.modals[-1]
    assert isinstance(dialog, FileDialog) and "0 action(s)" in dialog.title
    dialog.on_ok(tmp_path / "first")
    b = app_at_start()
    b.open_turn(tmp_path / "first.wtpbem")
    assert b.current.side == "blue" and b.current.session.prompt().side == "blue"
    assert b.current.mode("replay") is None                              # nothing to replay
