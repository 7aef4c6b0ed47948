"""The server's ASGI application (Starlette): one WebSocket endpoint, ``/ws``, speaking
``engine.protocol``; ``/`` says what it is and ``/join/<code>`` explains an invitation link.

Each connection reads messages, checks them (:func:`engine.protocol.parse_client`), and answers;
everything it is sent goes through its own queue and writer task, so the order of a connection's
messages is the order they were queued and a client that stops reading is dropped (it reconnects
and is sent its view whole) instead of holding the server's memory.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from engine import protocol as P
from engine.errors import WartableError
from engine.modules import builtin_ids
from engine.protocol import SPECTATOR, ProtocolError
from engine.session import scenario_options

from . import accounts
from .fanout import LocalFanout, RedisFanout
from .host import GameHost, LiveGame, Refusal, protocol_seat, seat_side
from .store import Store

log = logging.getLogger("wartable.server")

#: A connection's outgoing queue; past it the connection is dropped (it resyncs on reconnect).
QUEUE = 2000
#: Games one connection may watch at once.
MAX_OPEN = 64


@dataclass
class Watch:
    """A game a connection has open: the side it sees ("" a spectator) and the step it has."""
    side: str
    seq: int = -1


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    account: str | None = None
    hello: bool = False
    games: dict[int, Watch] = field(default_factory=dict)
    spectating: set[int] = field(default_factory=set)
    out: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(QUEUE))
    closed: bool = False

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        try:
            self.out.put_nowait(P.dumps(msg))
        except asyncio.QueueFull:
            self.closed = True   # the writer closes the socket; the client reconnects
            self.out = asyncio.Queue(1)
            self.out.put_nowait(None)


class Server:
    """The state shared by this process's connections."""

    def __init__(self, store: Store, fanout: LocalFanout | RedisFanout, name: str = "wartable") -> None:
        self.store = store
        self.fanout = fanout
        self.host = GameHost(store)
        self.name = name
        self.by_game: dict[int, set[Conn]] = {}
        self.by_account: dict[str, set[Conn]] = {}
        self._modules: list[dict] | None = None

    # -- lifecycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        await self.store.init()
        await self.fanout.start(self.on_notice)

    async def stop(self) -> None:
        await self.fanout.close()
        await self.store.close()

    # -- fan-out ---------------------------------------------------------------------------------
    async def on_notice(self, channel: str, notice: dict) -> None:
        """A notice from this or another process: send this process's connections their part."""
        try:
            kind, _, key = channel.partition(":")
            if kind == "game":
                gid = int(key)
                if "seq" in notice:
                    await self.push_updates(gid)
                elif "chat" in notice:
                    line = notice["chat"]
                    for conn in list(self.by_game.get(gid, ())):
                        conn.send({"t": "chat", "game": gid, **line})
            elif kind == "account":
                for conn in list(self.by_account.get(key, ())):
                    conn.send({"t": "turn", "game": notice.get("game"), "text": notice.get("text", "")})
        except Exception:   # a notice must never stop the fan-out
            log.exception("notice %s failed", channel)

    async def push_updates(self, gid: int) -> None:
        """Bring every connection watching ``gid`` here up to the game's latest step."""
        if not self.by_game.get(gid):
            return
        live = await self.host.get(gid)
        if live is None:
            return
        changes: dict[str, dict] = {}
        for conn in list(self.by_game.get(gid, ())):   # no await below: one consistent step
            watch = conn.games.get(gid)
            if watch is None or watch.seq >= live.seq:
                continue
            prev_seq, prev, current = live.step_view(watch.side)
            steps = range(watch.seq + 1, live.seq + 1)
            if watch.seq == prev_seq and prev is not None and all(s in live.recent for s in steps):
                if watch.side not in changes:
                    changes[watch.side] = P.view_changes(prev, current)
                conn.send({"t": "update", "game": gid, "seq": live.seq, "seat": protocol_seat(watch.side),
                           "entries": [LiveGame.entry_for(live.recent[s], s, watch.side) for s in steps],
                           "changes": changes[watch.side]})
            else:
                conn.send(self.view_message(live, watch.side, None, None))
            watch.seq = live.seq

    def view_message(self, live: LiveGame, side: str, log_: list | None, chat: list | None) -> dict:
        _seq, _prev, current = live.step_view(side)
        if log_ is None:
            log_ = [LiveGame.entry_for(item, s, side) for s, item in live.recent.items() if s <= live.seq]
        msg = {"t": "view", "game": live.gid, "seq": live.seq, "seat": protocol_seat(side),
               "view": current, "log": log_, "info": self.game_info(live.row, None)}
        if chat is not None:
            msg["chat"] = chat
        return msg

    # -- summaries -----------------------------------------------------------------------------------
    def modules(self) -> list[dict]:
        """The modules this server offers, with their scenarios, options and sides."""
        if self._modules is None:
            out = []
            for mid in builtin_ids():
                try:
                    m = self.host.module(mid)
                except WartableError:
                    continue
                out.append({"id": m.id, "title": m.title, "ruleset": m.ruleset or "free",
                            "sides": [{"id": s.id, "name": s.name or s.id} for s in m.sides],
                            "scenarios": [{"id": s.id, "name": s.name,
                                           "options": [{"id": o.id, "choices": list(o.choices),
                                                        "default": o.default} for o in s.options]}
                                          for s in m.scenarios.values()]})
            self._modules = out
        return self._modules

    @staticmethod
    def game_info(row: dict, account: str | None) -> dict:
        info = {"game": row["id"], "module": row["module"], "scenario": row["scenario"],
                "ruleset": row["ruleset"], "seats": row["seats"], "status": row["status"],
                "seq": row["seq"], "waiting": row["waiting"], "public": row["public"]}
        if account is not None:
            side = seat_side(row, account)
            info["seat"] = protocol_seat(side) if side else None
            info["waiting_for_you"] = bool(side) and row["status"] != "over" and row["waiting"] == side
            if side or row["owner"] == account:
                info["code"] = row["code"]
        return info

    # -- one connection ------------------------------------------------------------------------------
    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Conn(ws)
        writer = asyncio.get_running_loop().create_task(self._write(conn))
        try:
            while not conn.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                await self.handle(conn, raw)
        except WebSocketDisconnect:
            pass
        finally:
            self._forget(conn)
            if not writer.done():   # let what was queued (a last error) go out first
                with contextlib.suppress(asyncio.QueueFull):
                    conn.out.put_nowait(None)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(writer), 2)
            conn.closed = True
            writer.cancel()
            with contextlib.suppress(Exception):
                await ws.close()

    async def _write(self, conn: Conn) -> None:
        try:
            while True:
                text = await conn.out.get()
                if text is None:
                    await conn.ws.close(code=1013)
                    return
                await conn.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            conn.closed = True
        except asyncio.CancelledError:
            pass

    def _forget(self, conn: Conn) -> None:
        for gid in conn.games:
            self.by_game.get(gid, set()).discard(conn)
            if not self.by_game.get(gid):
                self.by_game.pop(gid, None)
        if conn.account:
            self.by_account.get(conn.account, set()).discard(conn)
            if not self.by_account.get(conn.account):
                self.by_account.pop(conn.account, None)

    async def handle(self, conn: Conn, raw: str | bytes) -> None:
        ref = None
        try:
            msg = P.parse_client(raw)
            ref = msg.get("ref")
            kind = msg["t"]
            if kind == "ping":
                conn.send({"t": "pong", **({"ref": ref} if ref is not None else {})})
                return
            if kind != "hello" and not conn.hello:
                raise ProtocolError("hello_first", "say hello first (with the protocol version)", ref)
            if kind not in ("hello", "register", "login") and conn.account is None:
                raise ProtocolError("not_logged_in", "log in or register first", ref)
            reply = await getattr(self, "on_" + kind)(conn, msg)
            if reply is not None:
                if ref is not None:
                    reply["ref"] = ref
                conn.send(reply)
        except ProtocolError as exc:
            exc.ref = exc.ref if exc.ref is not None else ref
            conn.send(exc.reply())
        except WartableError as exc:
            conn.send(P.error("refused", str(exc), ref))
        except Exception:   # a bug must not end the connection: say so, change nothing
            log.exception("message failed")
            conn.send(P.error("internal", "the server could not handle that message", ref))

    # -- handlers --------------------------------------------------------------------------------------
    async def on_hello(self, conn: Conn, msg: dict) -> dict:
        if msg["version"] != P.VERSION:
            conn.send(P.error("version", f"this server speaks protocol version {P.VERSION}, "
                                         f"not {msg['version']}: update wartable"))
            conn.closed = True   # the connection ends once the error is sent
            return None   # type: ignore[return-value]
        conn.hello = True
        if "token" in msg:
            name = await self.store.token_account(accounts.token_key(msg["token"]))
            if name is None:
                raise ProtocolError("bad_token", "that token is not known here: log in again")
            return self._welcome(conn, name, msg["token"])
        return {"t": "welcome", "version": P.VERSION, "account": None, "token": None, "server": self.name}

    def _welcome(self, conn: Conn, name: str, token: str) -> dict:
        if conn.account and conn.account != name:
            self.by_account.get(conn.account, set()).discard(conn)
        conn.account = name
        self.by_account.setdefault(name, set()).add(conn)
        return {"t": "welcome", "version": P.VERSION, "account": name, "token": token, "server": self.name}

    async def on_register(self, conn: Conn, msg: dict) -> dict:
        salt, digest = await asyncio.to_thread(accounts.hash_password, msg["password"])
        if not await self.store.add_account(msg["name"], salt, digest):
            raise ProtocolError("name_taken", f"the name {msg['name']} is taken")
        return await self._new_token(conn, msg["name"])

    async def on_login(self, conn: Conn, msg: dict) -> dict:
        stored = await self.store.account(msg["name"])
        ok = stored is not None and await asyncio.to_thread(accounts.check_password, msg["password"], *stored)
        if not ok:
            raise ProtocolError("bad_login", "wrong name or password")
        return await self._new_token(conn, msg["name"])

    async def _new_token(self, conn: Conn, name: str) -> dict:
        token = accounts.new_token()
        await self.store.add_token(accounts.token_key(token), name)
        return self._welcome(conn, name, token)

    async def on_lobby(self, conn: Conn, msg: dict) -> dict:
        games = await self.store.open_games(msg.get("module"))
        return {"t": "lobby", "games": [self.game_info(g, conn.account) for g in games],
                "modules": self.modules()}

    async def on_mine(self, conn: Conn, msg: dict) -> dict:
        games = await self.store.games_of(conn.account)
        return {"t": "games", "games": [self.game_info(g, conn.account) for g in games]}

    async def on_create(self, conn: Conn, msg: dict) -> dict:
        if msg["module"] not in builtin_ids():
            raise ProtocolError("bad_game", f"this server has no module {msg['module']}")
        module = self.host.module(msg["module"])
        scenario = msg.get("scenario") or next(iter(module.scenarios), "")
        if scenario not in module.scenarios:
            raise ProtocolError("bad_game", f"{module.title} has no scenario {scenario}")
        options = scenario_options(module.scenarios[scenario], msg.get("options"))
        if msg["seat"] not in module.side_ids:
            raise ProtocolError("bad_game", f"{module.title} has no side {msg['seat']} "
                                            f"(its sides: {', '.join(module.side_ids)})")
        row = {"module": module.id, "scenario": scenario, "options": options,
               "ruleset": "free" if msg.get("free") or not module.ruleset else module.ruleset,
               "seed": GameHost.new_seed(), "code": accounts.new_code(), "public": msg.get("public", True),
               "owner": conn.account, "seats": {s: None for s in module.side_ids}}
        row["seats"][msg["seat"]] = conn.account
        session = self.host.new_session(row)   # checks the scenario sets up under these rules
        row["waiting"] = session.prompt().side
        row["status"] = "open" if None in row["seats"].values() else "playing"
        gid = await self.store.create_game(row)
        conn.send({"t": "created", "game": gid, "code": row["code"], **({"ref": msg["ref"]} if "ref" in msg else {})})
        return {"t": "joined", "game": gid, "seat": msg["seat"]}

    async def on_join(self, conn: Conn, msg: dict) -> dict:
        row = await (self.store.game(msg["game"]) if "game" in msg else self.store.game_by_code(msg["code"]))
        if row is None or ("game" in msg and msg["seat"] != SPECTATOR and not row["public"]
                           and seat_side(row, conn.account) is None):
            raise ProtocolError("no_game", "no such game (a private game is joined with its code)")
        gid, seat = row["id"], msg["seat"]
        if seat == SPECTATOR:
            if not row["public"] and "code" not in msg and seat_side(row, conn.account) is None:
                raise ProtocolError("no_game", "no such game (a private game is joined with its code)")
            conn.spectating.add(gid)
            return {"t": "joined", "game": gid, "seat": SPECTATOR}
        if seat not in row["seats"]:
            raise ProtocolError("bad_seat", f"this game's seats are {', '.join(row['seats'])}")
        mine = seat_side(row, conn.account)
        if mine == seat:
            return {"t": "joined", "game": gid, "seat": seat}
        if mine is not None:
            raise ProtocolError("bad_seat", f"you already hold the {mine} seat of this game")
        if row["seats"][seat] is not None:
            raise ProtocolError("seat_taken", f"the {seat} seat is taken")
        seats = {**row["seats"], seat: conn.account}
        status = row["status"] if row["status"] == "over" else \
            ("open" if None in seats.values() else "playing")
        if not await self.store.set_seats(gid, row["seats"], seats, status):
            raise ProtocolError("seat_taken", f"the {seat} seat was just taken")
        live = self.host.games.get(gid)
        if live is not None:
            live.row = {**live.row, "seats": seats, "status": status}
        return {"t": "joined", "game": gid, "seat": seat}

    async def on_open(self, conn: Conn, msg: dict) -> dict | None:
        gid = msg["game"]
        row = await self.store.game(gid)
        if row is None:
            raise ProtocolError("no_game", f"there is no game {gid}")
        side = seat_side(row, conn.account)
        if side is None:
            if not row["public"] and gid not in conn.spectating:
                raise ProtocolError("not_allowed", "join this game (with its code) to watch it")
            side = ""
        if gid not in conn.games and len(conn.games) >= MAX_OPEN:
            raise ProtocolError("too_many", f"a connection watches at most {MAX_OPEN} games")
        live = await self.host.get(gid, row)
        live.row = row if row["seq"] >= live.seq else live.row
        log_ = await self.host.history(live, side)
        chat = await self.store.chat(gid)
        watch = Watch(side, live.seq)
        conn.games[gid] = watch
        self.by_game.setdefault(gid, set()).add(conn)
        reply = self.view_message(live, side, log_, chat)
        if watch.seq < live.seq:   # the game moved on while the history was read
            watch.seq = live.seq
        return reply

    async def on_leave(self, conn: Conn, msg: dict) -> dict:
        conn.games.pop(msg["game"], None)
        self.by_game.get(msg["game"], set()).discard(conn)
        return {"t": "left", "game": msg["game"]}

    async def on_act(self, conn: Conn, msg: dict) -> dict:
        gid = msg["game"]
        live = await self.host.get(gid)
        if live is None:
            raise ProtocolError("no_game", f"there is no game {gid}")
        side = seat_side(live.row, conn.account)
        if side is None:
            await self.host.refresh_row(live)
            side = seat_side(live.row, conn.account)
        if side is None:
            return {"t": "refused", "game": gid, "cid": msg["cid"], "rule": "",
                    "text": "you hold no seat in this game: spectators watch, they do not act"}
        waiting_before = live.row.get("waiting")
        result = await self.host.act(gid, side, msg["cid"], msg["action"])
        if isinstance(result, Refusal):
            return {"t": "refused", "game": gid, "cid": msg["cid"], "rule": result.rule, "text": result.text}
        conn.send({"t": "ack", "game": gid, "cid": msg["cid"], "seq": result,
                   **({"ref": msg["ref"]} if "ref" in msg else {})})
        await self.fanout.publish(f"game:{gid}", {"seq": result})
        waiting = live.row.get("waiting")
        holder = live.row["seats"].get(waiting) if waiting else None
        if holder and waiting != waiting_before and holder != conn.account:
            await self.fanout.publish(f"account:{holder}", {"game": gid, "text": "your turn"})
        return None   # type: ignore[return-value]

    async def on_chat(self, conn: Conn, msg: dict) -> dict | None:
        gid = msg["game"]
        if gid not in conn.games:
            raise ProtocolError("not_open", "open the game before talking at its table")
        n = await self.store.add_chat(gid, conn.account, msg["text"])
        await self.fanout.publish(f"game:{gid}", {"chat": {"n": n, "who": conn.account, "text": msg["text"]}})
        return None


def build_app(store: Store, fanout: LocalFanout | RedisFanout, name: str = "wartable") -> Starlette:
    """The ASGI application serving ``store`` through ``fanout``."""
    server = Server(store, fanout, name)

    async def ws_endpoint(ws: WebSocket) -> None:
        await server.serve(ws)

    async def home(request: Request) -> PlainTextResponse:
        return PlainTextResponse(f"{name}: a wartable game server (protocol {P.VERSION}); "
                                 "play with: wartable play, then Play online\n")

    async def join(request: Request) -> PlainTextResponse:
        code = request.path_params["code"]
        return PlainTextResponse(f"To join game {code}: wartable play, Play online, this server's "
                                 f"address, then Join with the code {code}\n")

    @contextlib.asynccontextmanager
    async def lifespan(app: Any):
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(routes=[Route("/", home), Route("/join/{code}", join),
                            WebSocketRoute("/ws", ws_endpoint)], lifespan=lifespan)
    app.state.server = server
    return app
