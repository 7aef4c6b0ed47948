"""Play online (issue 19): the lobby screen and the screen of a game played on a server.

:class:`LobbyScreen` — the server's address (default the local one), name and password (Log in,
or Register), then the lobby: *your games* (those waiting for you first, marked), *open games*
to join, the modules to start a game of (the mode — rules enforced or free play — as on the
start screen; a private game is joined by its code, shown in your games), Join by code, Back.
It polls its :class:`client.online.Connection` each frame.

:class:`OnlineTableScreen` — a :class:`client.table.Table` driving an
:class:`client.online.OnlineSession`: the same table, in either mode, the dice tossed with the
server's faces; a refusal from the server shows with its rule. A line at the top says whose
turn it is and the connection's state.

Screens follow the start screen's protocol: ``handle(event)``, ``update(dt)``, ``draw(surf)``,
``resize(size)``.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from engine.pbem import TRUST_NOTE
from engine.protocol import SPECTATOR

from .. import colours, fonts
from ..online import DEFAULT_SERVER, Connection, OnlineGame, OnlineSession
from .base import LINE, Button, TextInput, draw_panel
from .dialogs import MessageBox, TextPrompt



class PasswordInput(TextInput):
    """A text field that shows bullets."""

    def draw(self, surf: pygame.Surface) -> None:
        text, self.text = self.text, "•" * len(self.text)
        try:
            super().draw(surf)
        finally:
            self.text = text


class LobbyScreen:
    """Log in to a server, see your games and the open ones, create or join one."""

    def __init__(self, size: tuple[int, int], open_module: Callable[[str], Any],
                 on_play: Callable[[Connection, dict], None], on_back: Callable[[], None],
                 connection_factory: Callable[[], Connection] = Connection) -> None:
        self.width, self.height = size
        self.open_module = open_module
        self.on_play, self.on_back = on_play, on_back
        self.connection_factory = connection_factory
        self.connection: Connection | None = None
        self.account: str | None = None
        self.status = "Not connected."
        self.error = ""
        self.mine: list[dict] = []
        self.open: list[dict] = []
        self.modules: list[dict] = []
        self.enforce = True
        self.modals: list = []
        self.targets: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.quit = False
        self.address = TextInput((0, 0, 0, 0), DEFAULT_SERVER, placeholder="server address")
        self.name = TextInput((0, 0, 0, 0), "", placeholder="name", max_len=32)
        self.password = PasswordInput((0, 0, 0, 0), "", self._login, placeholder="password", max_len=200)
        self.buttons: list[Button] = []
        self._layout()

    # -- layout ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self._layout()

    def _layout(self) -> None:
        w, h = self.width, self.height
        self.address.rect = pygame.Rect(40, 122, min(420, w - 80), 26)
        self.name.rect = pygame.Rect(40, 172, 200, 26)
        self.password.rect = pygame.Rect(250, 172, 210, 26)
        self.buttons = [Button((40, 214, 120, 30), "Log in", self._login),
                        Button((170, 214, 120, 30), "Register", lambda: self._login(register=True)),
                        Button((w - 170, h - 60, 130, 30), "Back", self.leave),
                        Button((40, h - 60, 260, 30), "", self._toggle_mode),
                        Button((310, h - 60, 150, 30), "Join by code…", self._join_code),
                        Button((470, h - 60, 110, 30), "Refresh", self.refresh)]
        self.buttons[0].accent = True
        self.buttons[3].text = self._mode()

    def shown_buttons(self) -> list[Button]:
        """Log in / Register / Back before logging in; then Back, mode, Join by code, Refresh."""
        return self.buttons[:3] if not self.account else self.buttons[2:]

    def _mode(self) -> str:
        return "New games: rules enforced" if self.enforce else "New games: free play"

    def _toggle_mode(self) -> None:
        self.enforce = not self.enforce
        self.buttons[3].text = self._mode()

    # -- actions -----------------------------------------------------------------------------
    def _login(self, _text: str = "", register: bool = False) -> None:
        if not self.name.text or len(self.password.text) < 6:
            self.error = "a name and a password of at least 6 characters"
            return
        if self.connection is not None:
            self.connection.stop()
        self.error = ""
        self.status = "Connecting…"
        self.connection = self.connection_factory()
        self.connection.start(self.address.text, self.name.text, self.password.text, register)

    def refresh(self) -> None:
        if self.connection is not None and self.account:
            self.connection.send({"t": "mine"})
            self.connection.send({"t": "lobby"})

    def create(self, module_id: str, scenario: str, side: str) -> None:
        if self.connection is not None and self.account:
            self.connection.send({"t": "create", "module": module_id, "scenario": scenario, "seat": side,
                                  "free": not self.enforce})

    def join(self, game: dict, seat: str) -> None:
        if self.connection is not None:
            self.connection.send({"t": "join", "game": game["game"], "seat": seat})

    def _join_code(self) -> None:
        def submit(code: str) -> None:
            if self.connection is not None and code.strip():
                self.connection.send({"t": "join", "code": code.strip().upper(), "seat": SPECTATOR})
        self.modals.append(TextPrompt(pygame.Rect(0, 0, self.width, self.height), "Join by code",
                                      "The code you were sent (you watch; take a free seat from Open games)",
                                      submit))

    def play(self, game: dict) -> None:
        if self.connection is not None:
            self.on_play(self.connection, game)

    def leave(self) -> None:
        if self.connection is not None:
            self.connection.stop()
            self.connection = None
        self.on_back()

    # -- what arrives ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.connection is None:
            return
        for msg in self.connection.poll():
            self.receive(msg)

    def receive(self, msg: dict) -> None:
        kind = msg.get("t")
        if kind == "welcome" and msg.get("account"):
            self.account = msg["account"]
            self.refresh()
        elif kind == "status":
            self.status = msg.get("text", "")
        elif kind == "error":
            self.error = msg.get("text", "")
        elif kind == "games":
            self.mine = sorted(msg.get("games", []), key=lambda g: (not g.get("waiting_for_you"), -g["game"]))
        elif kind == "lobby":
            self.open = [g for g in msg.get("games", []) if g.get("seat") is None]
            self.modules = msg.get("modules", [])
        elif kind in ("joined", "created", "turn"):
            self.refresh()

    # -- events and drawing ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.modals = [m for m in self.modals if not m.closed]
        if self.modals:
            self.modals[-1].handle(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not any(
                f.focused for f in (self.address, self.name, self.password)):
            self.leave()
            return
        for field in (self.address, self.name, self.password):
            if field.handle(event):
                return
        for b in self.shown_buttons():
            if b.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, cb in self.targets:
                if r.collidepoint(event.pos):
                    cb()
                    return

    def draw(self, surf: pygame.Surface, complete: bool = False) -> None:
        surf.fill(colours.UI_BG)
        surf.blit(fonts.render("Play online", 34, colours.UI_ACCENT, bold=True), (40, 24))
        f, fb = fonts.font(15), fonts.font(16, bold=True)
        surf.blit(f.render("The server holds the dice, the decks and every hidden card; you are sent "
                           "only what your side may see.", True, colours.UI_DIM), (42, 70))
        surf.blit(f.render(fonts.elide(TRUST_NOTE, f, self.width - 80), True, colours.UI_DIM), (42, 88))
        surf.blit(f.render("Server address", True, colours.UI_TEXT), (40, 102))
        surf.blit(f.render("Name and password (Register creates the account)", True, colours.UI_TEXT), (40, 152))
        for field in (self.address, self.name, self.password):
            field.draw(surf)
        self.targets = []
        y = 254
        surf.blit(f.render(self.status, True, colours.UI_DIM), (40, y))
        if self.error:
            surf.blit(f.render(self.error, True, colours.UI_ERROR), (40, y + LINE))
        col = (self.width - 120) // 2
        left = pygame.Rect(40, y + 2 * LINE + 6, col, self.height - y - 2 * LINE - 80)
        right = pygame.Rect(80 + col, left.y, col, left.h)
        yy = draw_panel(surf, left, f"Your games{' — ' + self.account if self.account else ''}")
        for g in self.mine:
            if yy > left.bottom - LINE * 2:
                break
            r = pygame.Rect(left.x + 6, yy, left.w - 12, 2 * LINE)
            mark = "● your turn  " if g.get("waiting_for_you") else ""
            colour = colours.UI_ACCENT if mark else colours.UI_TEXT
            surf.blit(fb.render(fonts.elide(f"{mark}#{g['game']} {g['module']} — {g['scenario']}", fb, r.w),
                                True, colour), (r.x + 4, r.y))
            seats = ", ".join(f"{s}: {h or 'free'}" for s, h in g.get("seats", {}).items())
            surf.blit(f.render(fonts.elide(f"you: {g.get('seat')}  ·  {seats}  ·  {g['status']}  ·  code "
                                           f"{g.get('code', '')}", f, r.w), True, colours.UI_DIM), (r.x + 4, r.y + LINE))
            self.targets.append((r, lambda g=g: self.play(g)))
            yy += 2 * LINE + 4
        yy = draw_panel(surf, right, "Open games — click a free seat · New game — click a side")
        for g in self.open:
            if yy > right.bottom - LINE * 8:
                break
            surf.blit(f.render(f"#{g['game']} {g['module']} — {g['scenario']} ({g['ruleset']})", True,
                               colours.UI_TEXT), (right.x + 10, yy))
            x = right.x + 20
            yy += LINE
            for seat, holder in list(g.get("seats", {}).items()) + [(SPECTATOR, None)]:
                label = f"[{seat}: {holder}]" if holder else f"[take {seat}]"
                img = f.render(label, True, colours.UI_DIM if holder else colours.UI_ACCENT)
                r = pygame.Rect(x, yy, img.get_width(), LINE)
                surf.blit(img, r)
                if not holder:
                    self.targets.append((r, lambda g=g, s=seat: self.join(g, s)))
                x = r.right + 12
            yy += LINE + 4
        for m in self.modules:
            if yy > right.bottom - LINE * 2:
                break
            surf.blit(fb.render(fonts.elide(m["title"], fb, right.w - 20), True, colours.UI_TEXT), (right.x + 10, yy))
            yy += LINE
            scen = m["scenarios"][0] if m["scenarios"] else {"id": "", "name": "empty table"}
            for side in m["sides"]:
                text = fonts.elide(f"new: {scen['name']} — as {side['name']}", f, right.w - 40)
                img = f.render(text, True, colours.UI_ACCENT)
                r = pygame.Rect(right.x + 20, yy, img.get_width(), LINE)
                surf.blit(img, r)
                self.targets.append((r, lambda m=m, sc=scen["id"], s=side["id"]: self.create(m["id"], sc, s)))
                yy += LINE
            yy += 4
        for b in self.shown_buttons():
            b.draw(surf)
        for m in self.modals:
            m.draw(surf)


class OnlineTableScreen:
    """The table of one game on a server (either mode): the Table drives an OnlineSession; each
    frame the connection's messages are fed to the game (its updates toss the server's dice)."""

    def __init__(self, size: tuple[int, int], connection: Connection, game: dict, module: Any,
                 on_back: Callable[[], None]) -> None:
        from ..table import Table

        self.connection = connection
        self.on_back = on_back
        self.game = OnlineGame(connection, int(game["game"]), module)
        self.session = OnlineSession(self.game, module, game.get("ruleset") or module.ruleset or "free",
                                     game.get("scenario", ""))
        seat = game.get("seat")
        side = "" if not seat or seat == SPECTATOR else seat
        self.table = Table(self.session, size, side=side, hot_seat=False, on_quit=self.leave)  # type: ignore[arg-type]
        self.session.on_refused = self.table.refuse
        self.quit = False
        self.banner = "Opening the game…"
        connection.send({"t": "open", "game": self.game.gid})

    @property
    def modals(self) -> list:
        return self.table.modals

    def leave(self) -> None:
        self.connection.send({"t": "leave", "game": self.game.gid})
        self.on_back()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        self.table.handle(event)

    def update(self, dt: float) -> None:
        for msg in self.connection.poll():
            if msg.get("t") == "status":
                self.banner = msg.get("text", "")
            elif msg.get("t") == "error":
                self.table.modals.append(MessageBox(self.table.screen_rect, "The server says", msg.get("text", "")))
            elif msg.get("t") == "turn" and msg.get("game") != self.game.gid:
                self.table.toasts.show(f"game #{msg.get('game')} waits for you")
            else:
                self.game.receive(msg)
        if self.game.seq >= 0:
            p = self.game.prompt()
            who = "your turn" if self.game.waiting_for_me() else p.text
            self.banner = f"Online game #{self.game.gid} · step {self.game.seq} · {who}"
        self.table.update(dt)

    def draw(self, surf: pygame.Surface, complete: bool = False) -> None:
        self.table.draw(surf, complete=complete)
        f = fonts.font(14, bold=True)
        img = f.render(self.banner, True, colours.UI_ACCENT)
        back = pygame.Rect(8, surf.get_height() - img.get_height() - 10, img.get_width() + 12, img.get_height() + 6)
        pygame.draw.rect(surf, colours.UI_PANEL, back, border_radius=3)
        surf.blit(img, (back.x + 6, back.y + 3))
