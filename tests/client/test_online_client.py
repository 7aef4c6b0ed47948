"""Play online from the table (issue 19): the lobby logs in, creates and joins a game on a real
server; the table drives an OnlineSession — the seat's own hand shown, the other's as backs, an
action sent through the table comes back as the server's update (dice with the server's faces),
a refusal with its reason."""
from __future__ import annotations

import time

import pygame

from engine.actions import Action
from engine.modules import open_module
from tests.tools.conftest import server  # noqa: F401  (the game server fixture)
from client.widgets.lobby import LobbyScreen, OnlineTableScreen


def until(step, cond, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        step()
        if cond():
            return True
        time.sleep(0.02)
    raise AssertionError("timed out")


def lobby_for(server, name, register=True):
    lobby = LobbyScreen((1280, 800), open_module, lambda c, g: None, lambda: None)
    lobby.address.text, lobby.name.text, lobby.password.text = server.address, name, "secret-password"
    lobby._login(register=register)
    until(lambda: lobby.update(0.02), lambda: lobby.account == name and lobby.modules)
    return lobby


def test_lobby_and_table_play_a_game_on_the_server(server):
    pog = open_module("paths_of_glory")
    host, guest = lobby_for(server, "hostplayer"), lobby_for(server, "guestplayer")
    assert any(m["id"] == "paths_of_glory" for m in host.modules)
    host.create("paths_of_glory", "campaign", "AP")
    until(lambda: host.update(0.02), lambda: any(g["module"] == "paths_of_glory" for g in host.mine))
    game = host.mine[0]
    assert game["seat"] == "AP" and game["code"]
    guest.refresh()
    until(lambda: guest.update(0.02), lambda: any(g["game"] == game["game"] for g in guest.open))
    guest.join(next(g for g in guest.open if g["game"] == game["game"]), "CP")
    until(lambda: guest.update(0.02), lambda: any(g["game"] == game["game"] for g in guest.mine))
    mine = next(g for g in guest.mine if g["game"] == game["game"])
    assert mine["waiting_for_you"] and mine["seat"] == "CP"        # CP plays first

    back = []
    cp = OnlineTableScreen((1280, 800), guest.connection, mine, pog, lambda: back.append(1))
    ap = OnlineTableScreen((1280, 800), host.connection, game, pog, lambda: None)
    screen = pygame.Surface((1280, 800))
    for s in (cp, ap):
        until(lambda s=s: s.update(0.02), lambda s=s: s.game.seq == 0)
        s.draw(screen, complete=True)
    # each table shows its own hand and the other as backs
    assert all("id" in e for e in cp.table.view["locations"]["hand:CP"])
    assert all(set(e) == {"hidden", "back"} for e in cp.table.view["locations"]["hand:AP"])
    assert cp.table.enforced and cp.table.play.legal is not None and cp.table.play.legal.actions
    assert ap.table.play.legal is None                                   # not AP's decision
    # an action for the other side is refused before it leaves the table
    assert cp.table.do(Action.parse("AP: play_ops card=%ap_01")) is None
    # a legal action through the table: the server's update comes back to both tables
    action = cp.table.play.legal.actions[0]
    cp.table.do(action)
    until(lambda: (cp.update(0.02), ap.update(0.02)), lambda: cp.game.seq == 1 and ap.game.seq == 1)
    assert cp.session.record.entries[-1].text and ap.session.record.entries[-1].text
    assert "Online game" in cp.banner
    # no undo, saves or turn files at a game on a server
    assert [b.text for b in cp.table.status.buttons] == ["Dice", "LOS", "Combat", "Charts", "Rules", "Help"]
    cp.table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL))
    assert not cp.table.modals and any("kept by the server" in t.text for t in cp.table.toasts.items)
    for s in (cp, ap):
        s.draw(screen)
    cp.leave()
    assert back == [1]
    for lobby in (host, guest):
        lobby.leave()


def test_free_play_online_the_dice_are_the_servers(server):
    pog = open_module("paths_of_glory")
    host = lobby_for(server, "freehost")
    host.enforce = False
    host.create("paths_of_glory", "campaign", "AP")
    until(lambda: host.update(0.02), lambda: host.mine)
    table = OnlineTableScreen((1280, 800), host.connection, host.mine[0], pog, lambda: None)
    until(lambda: table.update(0.02), lambda: table.game.seq == 0)
    assert not table.table.enforced
    table.table.do(Action("roll", "AP", spec="2d6", purpose="test"))
    until(lambda: table.update(0.02), lambda: table.game.seq == 1)
    entry = table.session.record.entries[-1]
    faces = entry.commands[0].result
    assert len(faces) == 2 and all(1 <= f <= 6 for f in faces)
    assert table.table.tray.busy and table.table.tray.current.toss.shown() == faces   # tossed as the server rolled
    table.draw(pygame.Surface((1280, 800)))
    host.leave()


def test_a_wrong_password_is_said_plainly(server):
    lobby_for(server, "pwuser").leave()
    lobby = LobbyScreen((1280, 800), open_module, lambda c, g: None, lambda: None)
    lobby.address.text, lobby.name.text, lobby.password.text = server.address, "pwuser", "not-the-password"
    lobby._login()
    until(lambda: lobby.update(0.02), lambda: lobby.error)
    assert "wrong name or password" in lobby.error and lobby.account is None
    lobby.draw(pygame.Surface((1280, 800)))
    lobby.leave()


def test_the_start_screen_offers_play_online():
    from client.start import StartScreen
    opened = []
    start = StartScreen((1280, 800), open_module, lambda *a: None, lambda p: None, lambda: None,
                        on_online=lambda: opened.append(1))
    button = next(b for b in start.buttons if "online" in b.text.lower())
    button.on_click()
    assert opened == [1]
