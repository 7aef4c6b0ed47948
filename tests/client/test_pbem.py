"""PBEM: a turn file carries the moves since the opponent's last file; the receiver replays
them step by step with every state hash checked."""
from __future__ import annotations

import json

import pytest

from client import actions
from engine import pbem
from engine.session import Session


def play_blue(session):
    s = session
    s.push(actions.move("blue", [s.state.stack("0305")[0]], "0506"))
    s.push(actions.roll("blue", "2d6", "attack on 0605"))
    s.push(actions.flip("blue", s.state.stack("0204")[0]))
    s.push(actions.note("blue", "your move"))


def test_send_and_receive_a_turn(tmp_path, module, session):
    other = Session.new(module, "meeting", seed=7)          # the opponent's copy of the game
    play_blue(session)
    path = pbem.write_turn(session, tmp_path / "turn1", pbem.default_since(session, "blue"), "blue")
    assert path.suffix == pbem.SUFFIX
    data = pbem.read_turn(path)
    assert data["from"] == 0 and len(data["entries"]) == 4
    assert data["module"] == {"id": "skirmish", "version": module.version}
    replay = pbem.TurnReplay(other, data)
    hashes = []
    while not replay.finished:
        entry = replay.step()
        hashes.append(entry.hash)
    assert hashes == [e.hash for e in session.record.entries]
    assert other.state.hash == session.state.hash
    assert other.record.lines() == session.record.lines()
    # red answers; blue receives only red's moves
    other.push(actions.move("red", [other.state.stack("1006")[0]], "0906"))
    since = pbem.default_since(other, "red")
    assert since == 4
    back = pbem.read_turn(pbem.write_turn(other, tmp_path / "turn2", since, "red"))
    assert back["from"] == 4 and len(back["entries"]) == 1
    pbem.TurnReplay(session, back).run()
    assert session.state.hash == other.state.hash


def test_a_tampered_or_misplaced_turn_is_refused_and_changes_nothing(tmp_path, module, session):
    other = Session.new(module, "meeting", seed=7)
    play_blue(session)
    data = pbem.export_turn(session, 0, "blue")
    bad = json.loads(json.dumps(data))
    bad["entries"][1]["cmds"][0]["result"] = [7, 7]      # a forged roll
    before = other.state.hash
    with pytest.raises(pbem.PbemError, match="action 2.*forged roll"):   # the whole turn is checked first
        pbem.TurnReplay(other, bad)
    assert other.state.hash == before and not other.record.entries
    forged_hash = json.loads(json.dumps(data))
    forged_hash["entries"][0]["hash"] = "0" * 16
    third = Session.new(module, "meeting", seed=7)
    with pytest.raises(pbem.PbemError, match="hash"):
        pbem.TurnReplay(third, forged_hash)
    assert third.state.hash == before and not third.record.entries   # untouched
    # a file for another game, a file from the future, a file already played
    with pytest.raises(pbem.PbemError, match="another game"):
        pbem.TurnReplay(Session.new(module, "meeting", seed=8), data)
    later = pbem.export_turn(session, 2, "blue")
    with pytest.raises(pbem.PbemError, match="missing"):
        pbem.TurnReplay(Session.new(module, "meeting", seed=7), later)
    with pytest.raises(pbem.PbemError, match="already"):
        pbem.TurnReplay(session, data)


def test_read_turn_rejects_garbage(tmp_path):
    for content in (b"", b"not json", b"[]", json.dumps({"format": "wartable-pbem", "version": 99}).encode()):
        p = tmp_path / "x.wtpbem"
        p.write_bytes(content)
        with pytest.raises(pbem.PbemError):
            pbem.read_turn(p)


def test_table_receives_a_turn_step_by_step(tmp_path, module, session, table):
    sender = Session.new(module, "meeting", seed=7)
    play_blue(sender)
    path = pbem.write_turn(sender, tmp_path / "t", 0, "blue")
    table.seating.set_seat("red", hand_over=False)
    assert table.files.receive(path)
    replay = table.mode("replay")
    assert replay is not None and replay.replay.total == 4
    # no local moves while the opponent's turn is being replayed
    assert table.do(actions.note("red", "hi")) is None
    replay.step()
    assert len(session.record.entries) == 1
    replay.step()                                     # the roll: tossed on screen with the sent faces
    assert table.tray.busy
    assert table.tray.current.toss.shown() == sender.record.entries[1].commands[0].result
    while replay.step():
        pass
    assert table.mode("replay") is None
    assert session.state.hash == sender.state.hash
    assert table.files.pbem_since == 4
    out = table.files.export(tmp_path / "answer")
    assert out is not None and pbem.read_turn(out)["from"] == 4
    # the player is told plainly that a turn file hides nothing from a determined opponent
    assert any(t.text == pbem.TRUST_NOTE for t in table.toasts.items)
