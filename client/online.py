"""Online play (issue 19): the client's side of ``engine.protocol``.

* :class:`Link` — one WebSocket connection to a wartable server (the ``websockets`` client):
  hello with the protocol version, log in (name and password, or the token from an earlier
  login), send and receive messages. Used by the table and by ``wartable loadtest``.
* :class:`Connection` — a Link on its own thread with its own event loop, beside the pygame
  loop: the table calls :meth:`Connection.send` and, once a frame, :meth:`Connection.poll` for
  what arrived. It reconnects after a dropped connection (with the token) and re-opens the games
  it had open, and resends an action not yet acknowledged (the server applies it once: the
  action's ``cid`` is remembered).
* :class:`OnlineGame` — one game as a seat (or a spectator) sees it: the view the server sent,
  kept up to date from its updates (:func:`engine.protocol.apply_changes`), the log lines, the
  dice to toss (faces from the server), the legal actions in enforced play. It offers the small
  part of :class:`engine.session.Session` a table drives (``view``, ``prompt``,
  ``legal_actions``, ``push``, ``listeners``): see the module's section of the report for the
  seam.

Nothing here imports pygame.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine import commands as C
from engine import protocol as P
from engine.actions import Action, ActionError, LegalActions
from engine.record import Entry, GameRecord, Header
from engine.registry import load_ruleset
from engine.rules import IllegalAction, Prompt, Violation
from engine.session import SideView
from engine.views import state_from_view

DEFAULT_SERVER = "ws://127.0.0.1:8719/ws"


class OnlineError(Exception):
    """The server refused something (``code``) or cannot be reached; ``text`` says why."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code, self.text = code, text


def server_url(address: str) -> str:
    """``host``, ``host:port`` or a full ``ws://…/ws`` address as the WebSocket URL."""
    address = address.strip() or DEFAULT_SERVER
    if "://" not in address:
        address = "ws://" + address
    scheme, rest = address.split("://", 1)
    host, _, path = rest.partition("/")
    if ":" not in host.rsplit("]", 1)[-1]:
        host += ":8719"
    return f"{scheme}://{host}/{path or 'ws'}"


class Link:
    """One connection to a server. ``await link.open(...)`` connects, says hello and logs in;
    then :meth:`send` and :meth:`recv`. A dropped connection raises ConnectionClosed/OSError
    from them; open again to reconnect (with :attr:`token`)."""

    def __init__(self, address: str) -> None:
        self.url = server_url(address)
        self.ws: ClientConnection | None = None
        self.account: str | None = None
        self.token: str | None = None
        #: Every text received (the load test reads them all), when set.
        self.tap: Callable[[str, dict], None] | None = None

    async def open(self, name: str | None = None, password: str | None = None,
                   register: bool = False, timeout: float = 10) -> dict:
        """Connect and log in: with ``name`` and ``password`` (``register`` creates the account),
        else with the token of an earlier login. Returns the welcome message; OnlineError when
        the server refuses."""
        await self.close()
        try:
            self.ws = await connect(self.url, proxy=None, open_timeout=timeout, max_size=8 * 2 ** 20)
        except (InvalidURI, InvalidHandshake) as exc:
            raise OnlineError("connect", f"{self.url} is not a wartable server ({exc})") from None
        hello: dict[str, Any] = {"t": "hello", "version": P.VERSION}
        if self.token and not password:
            hello["token"] = self.token
        welcome = await self.request(hello, "welcome")
        if password:
            welcome = await self.request({"t": "register" if register else "login", "name": name,
                                          "password": password}, "welcome")
        self.account, self.token = welcome.get("account"), welcome.get("token") or self.token
        return welcome

    async def request(self, msg: dict, want: str, timeout: float = 30) -> dict:
        """Send ``msg`` and wait for the reply of type ``want`` (an ``error`` raises OnlineError).
        Other messages that arrive meanwhile are passed to :attr:`tap` only."""
        await self.send(msg)
        deadline = time.monotonic() + timeout
        while True:
            reply = await asyncio.wait_for(self.recv(), max(0.01, deadline - time.monotonic()))
            if reply.get("t") == want:
                return reply
            if reply.get("t") == "error":
                raise OnlineError(reply.get("code", "error"), reply.get("text", ""))

    async def send(self, msg: dict) -> None:
        if self.ws is None:
            raise ConnectionError("not connected")
        await self.ws.send(P.dumps(msg))

    async def recv(self) -> dict:
        if self.ws is None:
            raise ConnectionError("not connected")
        raw = await self.ws.recv()
        msg = json.loads(raw)
        if self.tap is not None:
            self.tap(raw if isinstance(raw, str) else raw.decode("utf-8"), msg)
        return msg

    async def close(self) -> None:
        if self.ws is not None:
            ws, self.ws = self.ws, None
            try:
                await ws.close()
            except Exception:   # already gone
                pass


# -- beside the pygame loop ---------------------------------------------------------------------------

@dataclass
class Outgoing:
    msg: dict
    #: an action: kept until acknowledged or refused, resent after a reconnect
    cid: str | None = None


class Connection:
    """A :class:`Link` on its own thread. ``start(address, name, password)`` connects; the
    table calls :meth:`send` and, each frame, :meth:`poll` for the messages that arrived (plus
    ``{"t": "status", "text": ...}`` lines about the connection itself)."""

    RETRY = (0.2, 0.5, 1, 2, 4, 8)

    def __init__(self) -> None:
        self.inbox: "queue.Queue[dict]" = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.link: Link | None = None
        self.outbox: asyncio.Queue | None = None
        self.pending: dict[str, Outgoing] = {}
        self.open_games: set[int] = set()
        self.connected = False
        self.stopping = False
        self._cids = itertools.count(1)
        self._prefix = f"{int(time.time() * 1000) % 10 ** 9:x}"

    def start(self, address: str, name: str, password: str, register: bool = False) -> None:
        self.link = Link(address)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, args=(name, password, register),
                                       name="wartable-online", daemon=True)
        self.thread.start()

    def _run(self, name: str, password: str, register: bool) -> None:
        asyncio.set_event_loop(self.loop)
        self.outbox = asyncio.Queue()
        try:
            self.loop.run_until_complete(self._main(name, password, register))
        finally:
            self.loop.close()

    async def _main(self, name: str, password: str, register: bool) -> None:
        first, attempt = True, 0
        while not self.stopping:
            try:
                if first:
                    welcome = await self.link.open(name, password, register)
                else:
                    welcome = await self.link.open()
                    for gid in sorted(self.open_games):
                        await self.link.send({"t": "open", "game": gid})
                    for out in list(self.pending.values()):
                        await self.link.send(out.msg)
                first, attempt, self.connected = False, 0, True
                self.inbox.put(welcome)
                self.inbox.put({"t": "status", "text": f"connected to {self.link.url} as {self.link.account}"})
                await asyncio.gather(self._reader(), self._writer())
            except OnlineError as exc:
                self.inbox.put({"t": "error", "code": exc.code, "text": exc.text})
                if first:
                    return   # wrong password, name taken: the player decides
            except (ConnectionClosed, OSError, ConnectionError, asyncio.TimeoutError) as exc:
                if first and attempt >= 2:
                    self.inbox.put({"t": "error", "code": "connect",
                                    "text": f"cannot reach {self.link.url}: {exc or 'no answer'}"})
                    return
            self.connected = False
            if self.stopping:
                break
            delay = self.RETRY[min(attempt, len(self.RETRY) - 1)]
            attempt += 1
            self.inbox.put({"t": "status", "text": f"connection lost: reconnecting in {delay:g} s"})
            await asyncio.sleep(delay)
        await self.link.close()

    async def _reader(self) -> None:
        while True:
            msg = await self.link.recv()
            if msg.get("t") in ("ack", "refused"):
                self.pending.pop(msg.get("cid"), None)
            self.inbox.put(msg)

    async def _writer(self) -> None:
        while True:
            out = await self.outbox.get()
            if out is None:
                await self.link.close()
                return
            try:
                await self.link.send(out.msg)
            except BaseException:
                if out.cid is None:
                    self.outbox.put_nowait(out)   # sent again after the reconnect
                raise

    # -- from the pygame thread ---------------------------------------------------------------------
    def send(self, msg: dict) -> str | None:
        """Queue ``msg`` (thread-safe). An ``act`` gets a fresh ``cid`` (returned), kept until
        the server acknowledges or refuses it and resent after a reconnect."""
        cid = None
        if msg.get("t") == "act":
            cid = msg.setdefault("cid", f"{self._prefix}-{next(self._cids)}")
        if msg.get("t") == "open":
            self.open_games.add(msg["game"])
        out = Outgoing(msg, cid)
        if cid:
            self.pending[cid] = out
        if self.loop is not None and self.outbox is not None:
            self.loop.call_soon_threadsafe(self.outbox.put_nowait, out)
        return cid

    def poll(self, limit: int = 200) -> list[dict]:
        """The messages that arrived since the last call (at most ``limit``)."""
        out = []
        while len(out) < limit:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def stop(self) -> None:
        self.stopping = True
        if self.loop is not None and self.outbox is not None and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self.outbox.put_nowait, None)
            except RuntimeError:
                pass
        if self.thread is not None:
            self.thread.join(timeout=3)


# -- one game as a seat sees it ---------------------------------------------------------------------------

@dataclass
class OnlineEntry:
    """One action as this seat may read it: the log line, the dice (faces from the server) and
    the rules' notes."""
    seq: int
    side: str
    text: str
    rolls: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, data: dict) -> "OnlineEntry":
        return cls(int(data.get("seq", 0)), str(data.get("side", "")), str(data.get("text", "")),
                   list(data.get("rolls", [])), [str(n) for n in data.get("notes", [])])


class OnlineGame:
    """One game on a server as this connection's seat sees it (a side, or a spectator).

    Feed it the server's messages for this game (:meth:`receive`); it keeps :attr:`data` (the
    view), :attr:`seq`, :attr:`log` and the chat, and tells :attr:`listeners` what changed —
    ``("view", None)`` or ``("update", [OnlineEntry, ...])`` (the table tosses those entries'
    dice). :meth:`push` sends an action; its result comes back as an ``ack`` (then the update)
    or a ``refused`` with the rule (:attr:`refusal`)."""

    def __init__(self, connection: Connection | None, gid: int, module: Any = None) -> None:
        self.connection = connection
        self.gid = gid
        self.module = module
        self.seat = ""
        self.data: dict = {}
        self.seq = -1
        self.log: list[OnlineEntry] = []
        self.chat: list[dict] = []
        self.info: dict = {}
        self.refusal: Violation | None = None
        self.pending: str | None = None
        #: the step of this seat's last acknowledged action, until its update arrives
        self.awaiting = -1
        self.listeners: list[Callable[[str, Any], None]] = []

    # -- what arrives ------------------------------------------------------------------------------------
    def receive(self, msg: dict) -> bool:
        """Take one message (ignored unless it is for this game). False when an update does
        not follow the view held (a step missed): the game asks for the whole view again."""
        if msg.get("game") != self.gid:
            return True
        kind = msg.get("t")
        if kind == "view":
            self.seat, self.seq, self.data = msg.get("seat", ""), int(msg["seq"]), dict(msg["view"])
            self.log = [OnlineEntry.read(e) for e in msg.get("log", [])]
            if "chat" in msg:
                self.chat = list(msg["chat"])
            self.info = dict(msg.get("info", {}))
            self._tell("view", None)
        elif kind == "update":
            entries = [OnlineEntry.read(e) for e in msg.get("entries", [])]
            if not entries or entries[0].seq != self.seq + 1:
                self.reopen()
                return False
            self.data = P.apply_changes(self.data, msg.get("changes", {}))
            self.seq = int(msg["seq"])
            self.log.extend(entries)
            self._tell("update", entries)
        elif kind == "ack":
            if msg.get("cid") == self.pending:
                self.awaiting = max(self.awaiting, int(msg.get("seq", 0)))
                self.pending = None
        elif kind == "refused":
            if msg.get("cid") == self.pending:
                self.pending = None
            self.refusal = Violation(str(msg.get("rule", "")), str(msg.get("text", "")))
            self._tell("refused", self.refusal)
        elif kind == "chat":
            self.chat.append({k: msg.get(k) for k in ("n", "who", "text")})
            self._tell("chat", msg)
        return True

    def reopen(self) -> None:
        if self.connection is not None:
            self.connection.send({"t": "open", "game": self.gid})

    def _tell(self, what: str, detail: Any) -> None:
        for listener in list(self.listeners):
            listener(what, detail)

    # -- the part of a Session a table drives ---------------------------------------------------------
    @property
    def side(self) -> str:
        return "" if self.seat == P.SPECTATOR else self.seat

    def prompt(self) -> Prompt:
        p = self.data.get("prompt") or {}
        return Prompt(str(p.get("side", "")), str(p.get("kind", "")), str(p.get("text", "")))

    def legal_actions(self) -> LegalActions:
        """This seat's legal actions, as the server listed them (enforced play; empty in free
        play, where the server checks each gesture as it comes)."""
        actions = []
        for text in self.data.get("actions", []):
            try:
                actions.append(Action.parse(text))
            except ActionError:
                continue
        return LegalActions(actions)

    def view(self, side: str | None = None) -> SideView:
        """The view held (only this seat's: the server sends no other)."""
        actions = self.legal_actions()
        data = {"side": self.side, "locations": {}, "globals": {}, "chat": []}   # until the view arrives
        data.update({k: v for k, v in self.data.items() if k in data})
        return SideView(data, self.prompt(), actions)

    def check(self, action: Action) -> Violation | None:
        """A first answer before asking the server: in enforced play an action not listed is
        refused here; the server has the last word."""
        listed = self.data.get("actions")
        if listed and str(action) not in listed and action not in self.legal_actions():
            return Violation("", "not one of your legal actions now")
        return None

    def push(self, action: Action) -> str | None:
        """Send ``action`` for this seat; the cid it travels with, or None if one is already on
        its way. Raises IllegalAction when this seat cannot send it (a spectator, another side)."""
        if not self.side:
            raise IllegalAction(Violation("", "spectators watch: they do not act"))
        if action.side and action.side != self.side:
            raise IllegalAction(Violation("", f"you hold the {self.side} seat"))
        if self.busy or self.connection is None:
            return None
        self.refusal = None
        self.pending = self.connection.send({"t": "act", "game": self.gid, "action": str(action)})
        return self.pending

    @property
    def busy(self) -> bool:
        """An action of this seat is on its way, or acknowledged but its update not arrived."""
        return self.pending is not None or self.seq < self.awaiting

    def say(self, text: str) -> None:
        if self.connection is not None:
            self.connection.send({"t": "chat", "game": self.gid, "text": text[:P.MAX_CHAT]})

    def outcome_text(self) -> str:
        out = self.data.get("outcome")
        return out.get("text", "") if isinstance(out, dict) else ""

    def waiting_for_me(self) -> bool:
        p = self.prompt()
        return bool(self.side) and p.side == self.side and p.kind != "game_over"


# -- the seam with the table ---------------------------------------------------------------------------

class OnlineSession:
    """What :class:`client.table.Table` drives, for a game on a server: the parts of
    :class:`engine.session.Session` the table reads, answered from an :class:`OnlineGame`.

    * ``module``, ``ruleset`` (loaded here for its words — side names, labels — never to apply
      anything), ``state`` (:func:`engine.views.state_from_view`: what the seat sees),
      ``record`` (a header, and one entry per step with the line, the dice with the server's
      faces and the notes), ``prompt()``, ``legal_actions()``, ``view(side)``, ``check()``;
    * ``push(action)`` sends the action and returns None: the result comes back from the server
      as an update (``listeners`` are called with ``("push", entry)`` for each step, so the
      table redraws and tosses the dice) or a refusal (``on_refused(violation)``);
    * ``pop``/``redo`` return None (no undo in an online game); ``online`` is True so a table
      can hide what makes no sense online (undo, save, PBEM).
    """

    online = True

    def __init__(self, game: OnlineGame, module: Any, ruleset_id: str, scenario: str = "") -> None:
        self.game = game
        self.module = module
        self.ruleset = load_ruleset(ruleset_id, module)
        self.record = GameRecord(Header(module.id, module.version, scenario, "", ruleset_id))
        self.redo_stack: list = []
        self.listeners: list[Callable[[str, Any], None]] = []
        self.on_refused: Callable[[Violation], None] | None = None
        self.state = self._state()
        game.listeners.append(self._changed)

    def _state(self):
        return state_from_view(self.module, self.game.data)

    @staticmethod
    def entry(e: OnlineEntry) -> Entry:
        """An OnlineEntry as a record entry: the line, the rolls (faces from the server), the notes."""
        commands: list = [C.Roll(r.get("spec", "1d6"), r.get("for", ""), list(r.get("faces", [])))
                          for r in e.rolls]
        commands += [C.Note("", n) for n in e.notes]
        return Entry(Action("online", e.side or ""), commands, f"online-{e.seq}", e.text)

    def _changed(self, what: str, detail: Any) -> None:
        if what == "view":
            self.state = self._state()
            self.record.entries = [self.entry(e) for e in self.game.log]
            for listener in list(self.listeners):
                listener("load", None)
        elif what == "update":
            self.state = self._state()
            for e in detail:
                entry = self.entry(e)
                self.record.entries.append(entry)
                for listener in list(self.listeners):
                    listener("push", entry)
        elif what == "refused" and self.on_refused is not None:
            self.on_refused(detail)

    # -- the Session surface the table reads ------------------------------------------------------
    def prompt(self) -> Prompt:
        return self.game.prompt()

    def legal_actions(self) -> LegalActions:
        return self.game.legal_actions()

    def view(self, side: str = "") -> SideView:
        return self.game.view(side)

    def check(self, action: Action) -> Violation | None:
        return self.game.check(action)

    def outcome(self):
        return None

    def push(self, action: Action):
        self.game.push(action)
        return None

    def pop(self):
        return None

    def redo(self):
        return None
