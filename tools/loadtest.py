"""``wartable loadtest``: real server processes, scripted clients over real WebSockets.

It starts ``wartable serve`` (SQLite by default; PostgreSQL + Redis and several processes when
asked), creates G games of Paths of Glory — rules enforced, and some in free play on the same
module (hidden hands, shuffled decks in both) — each with two seated clients and a spectator,
and lets the seats play random legal actions (free play: random gestures on what they can see)
for S seconds. In the middle it kills a server process (SIGKILL) and starts it again; the
clients reconnect with their tokens and resend what was not acknowledged. Some gestures are
hostile on purpose: a seat acting for the other side, a spectator acting; every one must be
refused.

Then it reads the store directly (the operator's view) and checks:

* **lost** — an acknowledged action missing from the game's log (or a different one there);
* **leaked** — any hidden item found in any message a client received: an id of a piece it may
  not see, the type or name of a card hidden from it at that step (the other side's hand, either
  deck), or the game's seed. The ground truth is the game replayed from the store, step by step,
  with :func:`engine.views.can_see`;
* **forged** — a hostile action that was accepted;

and prints one line: ``G games, C clients, N actions, 0 lost, 0 leaked, p95 X ms`` (the p95 of
the time from sending an action to both seats having the update).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from client.online import Link, OnlineError
from engine import protocol as P
from engine.actions import Action, ActionError, Loc, Piece
from engine.modules import open_module
from engine.reports import GLOBAL as COMBAT_REPORT
from engine.replay import replay_entries
from engine.session import Session
from engine.views import can_see
from tools.server.store import open_store

#: Globals Paths of Glory keeps as public history of cards played face up (PoG 9.5.1, 9.5.4),
#: and the report of the last combat (engine.reports), which names the combat cards both
#: players watched played in it (PoG 12.2.6, their DRMs in 12.2.8): a card named there may
#: since have been reshuffled and drawn again without anything leaking (as in
#: tests/modules/paths_of_glory_rules/test_views.py).
PUBLIC_HISTORY = {"pog_events", "pog_cc_used", COMBAT_REPORT}
WORDS = re.compile(r"[A-Za-z0-9_]+")
#: The share of a seat's actions that are hostile probes (acting for the other side).
HOSTILE = 0.03


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- the server processes -----------------------------------------------------------------------------

class Servers:
    """``count`` ``wartable serve`` processes on free loopback ports, sharing one store."""

    def __init__(self, count: int, db: str, redis: str | None, data: Path) -> None:
        self.ports = [free_port() for _ in range(count)]
        self.db, self.redis, self.data = db, redis, data
        self.procs: list[subprocess.Popen | None] = [None] * count
        self.logs = [data / f"server-{i}.log" for i in range(count)]

    @property
    def addresses(self) -> list[str]:
        return [f"ws://127.0.0.1:{p}/ws" for p in self.ports]

    def start(self, i: int) -> None:
        cmd = [sys.executable, "-m", "tools.cli", "serve", "--port", str(self.ports[i]), "--db", self.db,
               "--name", f"loadtest-{i}"]
        if self.redis:
            cmd += ["--redis", self.redis]
        env = {**os.environ, "WARTABLE_DATA": str(self.data)}
        with open(self.logs[i], "ab") as out:
            self.procs[i] = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env,
                                             start_new_session=True)

    async def ready(self, i: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            proc = self.procs[i]
            if proc is not None and proc.poll() is not None:
                raise RuntimeError(f"server {i} exited: {self.logs[i].read_text()[-2000:]}")
            try:
                _r, w = await asyncio.open_connection("127.0.0.1", self.ports[i])
                w.close()
                return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError(f"server {i} did not start in {timeout:g} s")

    def kill(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait()

    def memory_kib(self) -> list[int]:
        """Resident memory of each process (Linux /proc), KiB."""
        out = []
        for proc in self.procs:
            try:
                status = Path(f"/proc/{proc.pid}/status").read_text()
                out.append(int(re.search(r"VmRSS:\s+(\d+)", status).group(1)))
            except (OSError, AttributeError):
                out.append(0)
        return out

    def stop(self) -> None:
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            if proc is not None:
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


# -- the clients -------------------------------------------------------------------------------------

@dataclass
class Received:
    seq: int          # the step the client held when this arrived (after applying it)
    raw: str


@dataclass
class Client:
    test: "LoadTest"
    name: str
    game: int
    side: str                      # "" for the spectator
    free: bool
    address: int
    link: Link | None = None
    view: dict = field(default_factory=dict)
    seq: int = -1
    got: dict[int, float] = field(default_factory=dict)       # seq -> when first held
    received: list[Received] = field(default_factory=list)
    pending: tuple[str, str, float, bool] | None = None      # cid, action, sent at, hostile
    acked: list[tuple[int, str, float]] = field(default_factory=list)
    forged: int = 0
    refused: int = 0
    n: int = 0
    awaiting: int = -1             # the step of our last acknowledged action, until it arrives

    def tap(self, raw: str, msg: dict) -> None:
        kind = msg.get("t")
        if kind == "view" and msg.get("game") == self.game:
            self.view, self.seq = msg["view"], msg["seq"]
        elif kind == "update" and msg.get("game") == self.game:
            entries = msg.get("entries") or []
            if entries and entries[0]["seq"] == self.seq + 1:
                self.view = P.apply_changes(self.view, msg.get("changes", {}))
                self.seq = msg["seq"]
        now = time.monotonic()
        for s in range(0, self.seq + 1):
            if s in self.got:
                continue
            self.got[s] = now
        self.received.append(Received(self.seq, raw))

    async def run(self) -> None:
        attempt = 0
        while not self.test.finished:
            try:
                self.link.url = self.test.servers.addresses[self.address]
                await self.link.open()
                await self.link.send({"t": "open", "game": self.game})
                if self.pending is not None:   # not acknowledged before the connection dropped
                    cid, action, _t0, _h = self.pending
                    await self.link.send({"t": "act", "game": self.game, "cid": cid, "action": action})
                attempt = 0
                await self.play()
                return
            except (ConnectionClosed, OSError, ConnectionError, asyncio.TimeoutError, OnlineError):
                self.test.reconnects += 1
                attempt += 1
                if attempt % 3 == 0:   # a load balancer would send us to another process
                    self.address = (self.address + 1) % len(self.test.servers.addresses)
                await asyncio.sleep(min(2.0, 0.1 * attempt))
        if self.link is not None:
            await self.link.close()

    async def play(self) -> None:
        rnd = self.test.rnd
        while not self.test.finished:
            if self.test.acting and self.pending is None and self.seq >= max(0, self.awaiting):
                action = self.choose(rnd)
                if action is not None:
                    cid = f"{self.name}-{self.n}"
                    self.n += 1
                    self.pending = (cid, action[0], time.monotonic(), action[1])
                    await self.link.send({"t": "act", "game": self.game, "cid": cid, "action": action[0]})
            try:
                msg = await asyncio.wait_for(self.link.recv(), 0.25 if self.free else 1.0)
            except asyncio.TimeoutError:
                continue
            kind = msg.get("t")
            if kind in ("ack", "refused") and self.pending and msg.get("cid") == self.pending[0]:
                cid, action, t0, hostile = self.pending
                self.pending = None
                if kind == "ack":
                    if hostile:
                        self.forged += 1
                    else:
                        self.acked.append((msg["seq"], action, t0))
                        self.awaiting = msg["seq"]
                elif not hostile:
                    self.refused += 1
            elif kind == "update" and msg.get("game") == self.game and msg.get("seq") != self.seq:
                await self.link.send({"t": "open", "game": self.game})   # a missed step: resync
        await self.link.close()

    def choose(self, rnd: random.Random) -> tuple[str, bool] | None:
        """The next action (text, hostile?) or None when this client has nothing to do now."""
        if not self.side:   # the spectator sometimes tries to act: it must be refused
            if rnd.random() < 0.02 and self.test.hostile:
                return f"{self.test.sides[0]}: note text=hello", True
            return None
        prompt = self.view.get("prompt") or {}
        if prompt.get("kind") == "game_over":
            return None
        if self.test.hostile and rnd.random() < HOSTILE:   # act for the other side
            other = next(s for s in self.test.sides if s != self.side)
            actions = self.view.get("actions") or [f"{self.side}: note text=hi"]
            text = rnd.choice(actions)
            return other + text[len(self.side):], True
        if not self.free:
            actions = self.view.get("actions") or []
            return (rnd.choice(actions), False) if actions else None
        if rnd.random() < 0.6:
            return None   # free play: a seat takes its time
        return str(self.free_gesture(rnd)), False

    def free_gesture(self, rnd: random.Random) -> Action:
        """A random free-play gesture on what this seat can see."""
        side, locs = self.side, self.view.get("locations", {})
        public = self.test.public_locations
        mine = [e["id"] for loc, es in locs.items() if loc in public for e in es if "id" in e]
        deck, hand = f"deck:{side}", f"hand:{side}"
        roll = rnd.random()
        if roll < 0.15 and locs.get(deck):
            return Action("draw", side, src=Loc(deck), dst=Loc(hand), count=1)
        if roll < 0.3 and locs.get(hand):
            card = rnd.choice([e["id"] for e in locs[hand] if "id" in e] or [0])
            return Action("move", side, pids=(Piece(card),), to=Loc(f"discard:{side}"
                                                                  if f"discard:{side}" in public else rnd.choice(sorted(public))))
        if roll < 0.4:
            return Action("roll", side, spec="2d6", purpose="fuzz")
        if roll < 0.5 and mine:
            return Action("flip", side, pid=Piece(rnd.choice(mine)))
        if mine:
            return Action("move", side, pids=(Piece(rnd.choice(mine)),), to=Loc(rnd.choice(sorted(public))))
        return Action("note", side, text="nothing to move")


# -- the test ---------------------------------------------------------------------------------------------

class LoadTest:
    def __init__(self, games: int, seconds: float, module: str = "paths_of_glory",
                 scenario: str = "campaign", free_games: int | None = None, db: str | None = None,
                 redis: str | None = None, processes: int = 1, restart: bool = True, seed: int = 1,
                 hostile: bool = True, data: Path | None = None) -> None:
        self.games, self.seconds = games, seconds
        self.module_id, self.scenario = module, scenario
        self.free_games = free_games if free_games is not None else max(1 if games > 1 else 0, games // 4)
        self.restart, self.hostile = restart, hostile
        self.rnd = random.Random(seed)
        self.run_id = f"lt{os.getpid() % 10000:04d}{int(time.time()) % 10000:04d}"   # a shared store may hold earlier runs
        self.tmp = tempfile.TemporaryDirectory(prefix="wartable-loadtest-") if data is None else None
        self.data = Path(self.tmp.name) if self.tmp else data
        self.db = db or str(self.data / "loadtest.sqlite3")
        self.servers = Servers(processes, self.db, redis, self.data)
        self.module = open_module(module)
        self.sides = self.module.side_ids[:2]
        self.public_locations = {l.id for l in self.module.locations.values() if l.visibility not in ("owner", "nobody")}
        self.clients: list[Client] = []
        self.acting = False
        self.finished = False
        self.reconnects = 0
        self.memory: dict[str, Any] = {}

    # -- running -------------------------------------------------------------------------------
    async def run(self) -> dict:
        servers = self.servers
        try:
            for i in range(len(servers.ports)):
                servers.start(i)
            for i in range(len(servers.ports)):
                await servers.ready(i)
            idle = servers.memory_kib()
            await self.setup()
            started = time.monotonic()
            tasks = [asyncio.get_running_loop().create_task(c.run()) for c in self.clients]
            self.acting = True
            if self.restart:
                await asyncio.sleep(self.seconds / 2)
                self.memory = {"idle_kib": idle, "loaded_kib": servers.memory_kib()}
                servers.kill(0)
                servers.start(0)
                await servers.ready(0)
                await asyncio.sleep(max(0.0, started + self.seconds - time.monotonic()))
            else:
                await asyncio.sleep(self.seconds)
                self.memory = {"idle_kib": idle, "loaded_kib": servers.memory_kib()}
            self.acting = False
            elapsed = time.monotonic() - started
            await self.drain()
            self.finished = True
            await asyncio.wait(tasks, timeout=15)
            for t in tasks:
                t.cancel()
        finally:
            servers.stop()
        return await self.verify(elapsed)

    async def setup(self) -> None:
        """Accounts, games (created by one seat, joined by code by the other, watched by a
        spectator) over the first server process."""
        address = self.servers.addresses
        links = []
        for g in range(self.games):
            free = g < self.free_games
            names = [f"{self.run_id}g{g}{s.lower()}" for s in self.sides] + [f"{self.run_id}g{g}spec"]
            seats: list[Link] = []
            for name in names:
                link = Link(address[0])
                await link.open(name, "loadtest-password", register=True)
                seats.append(link)
            created = await seats[0].request({"t": "create", "module": self.module_id, "scenario": self.scenario,
                                              "seat": self.sides[0], "free": free}, "joined")
            gid = created["game"]
            game = await seats[0].request({"t": "mine"}, "games")
            code = next(x["code"] for x in game["games"] if x["game"] == gid)
            await seats[1].request({"t": "join", "code": code, "seat": self.sides[1]}, "joined")
            await seats[2].request({"t": "join", "game": gid, "seat": P.SPECTATOR}, "joined")
            for k, (name, link) in enumerate(zip(names, seats)):
                side = self.sides[k] if k < 2 else ""
                client = Client(self, name, gid, side, free, address=k % len(address))
                client.link = Link(address[client.address])
                client.link.token = link.token
                client.link.tap = client.tap
                self.clients.append(client)
                links.append(link)
        for link in links:
            await link.close()

    async def drain(self, timeout: float = 20) -> None:
        """Wait for the answers to the actions on their way and for every client to hold its
        game's last step."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            last: dict[int, int] = {}
            for c in self.clients:
                for seq, _a, _t in c.acked:
                    last[c.game] = max(last.get(c.game, 0), seq)
            if all(c.pending is None for c in self.clients) and \
                    all(c.seq >= last.get(c.game, 0) for c in self.clients):
                return
            await asyncio.sleep(0.1)

    # -- checking ----------------------------------------------------------------------------
    async def verify(self, elapsed: float) -> dict:
        store = open_store(self.db, self.data)
        await store.init()
        lost = leaked = 0
        problems: list[str] = []
        latencies: list[float] = []
        try:
            by_game: dict[int, list[Client]] = {}
            for c in self.clients:
                by_game.setdefault(c.game, []).append(c)
            actions = 0
            for gid, clients in sorted(by_game.items()):
                row = await store.game(gid)
                rows = await store.actions(gid)
                stored = {r["seq"]: r for r in rows}
                actions += len(rows)
                for c in clients:
                    for seq, text, t0 in c.acked:
                        r = stored.get(seq)
                        if r is None or str(Action.from_json(r["entry"]["action"])) != str(Action.parse(text)):
                            lost += 1
                            problems.append(f"lost: game {gid} step {seq} ({text})")
                        seats = [x for x in clients if x.side]
                        times = [x.got.get(seq) for x in seats]
                        if all(t is not None for t in times):
                            latencies.append(max(times) - t0)
                found = self.leaks(row, rows, clients)
                leaked += len(found)
                problems += found[:5]
        finally:
            await store.close()
        forged = sum(c.forged for c in self.clients)
        if forged:
            problems.append(f"forged: {forged} hostile actions were accepted")
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else 0.0
        acked = sum(len(c.acked) for c in self.clients)
        return {"games": self.games, "clients": len(self.clients), "actions": actions, "acked": acked,
                "lost": lost, "leaked": leaked, "forged": forged, "p95_ms": p95,
                "p50_ms": latencies[len(latencies) // 2] * 1000 if latencies else 0.0,
                "seconds": elapsed, "per_second": acked / elapsed if elapsed else 0.0,
                "reconnects": self.reconnects, "refused": sum(c.refused for c in self.clients),
                "memory": self.memory, "problems": problems}

    def leaks(self, row: dict, rows: list[dict], clients: list[Client]) -> list[str]:
        """Every hidden item found in what ``clients`` received, against the game replayed
        from the store step by step."""
        session = Session.new(self.module, row["scenario"], int(row["seed"]), row["ruleset"], row["options"])
        sides = [c.side for c in clients]
        hidden = [{side: self.hidden(session, side) for side in sides}]
        for r in rows:
            replay_entries(session, [r["entry"]], first=r["seq"])
            hidden.append({side: self.hidden(session, side) for side in sides})
        seed = str(row["seed"])
        found = []
        for c in clients:
            for rec in c.received:
                where = f"game {row['id']} {c.side or 'spectator'} step {rec.seq}"
                if seed in rec.raw:
                    found.append(f"leaked: the seed, to {where}")
                msg = json.loads(rec.raw)
                step = msg["seq"] if msg.get("t") in ("view", "update") else rec.seq   # its own step
                at = hidden[min(max(step, 0), len(hidden) - 1)][c.side]
                for problem in self.scan(msg, at, hidden, c.side):
                    found.append(f"leaked: {problem}, to {where}")
        return found

    def hidden(self, session: Session, side: str) -> tuple[set, set, set]:
        """``(ids, type ids, names)`` of what ``side`` may not see now (a type or a name only
        when no piece of it is visible to ``side``)."""
        state, types = session.state, self.module.piece_types
        ids, ts, names = set(), set(), set()
        seen_t, seen_n = set(), set()
        for piece in state.pieces.values():
            name = types[piece.type].name if piece.type in types else ""
            if can_see(state, piece, side):
                seen_t.add(piece.type)
                seen_n.add(name)
            else:
                ids.add(piece.id)
                ts.add(piece.type)
                if piece.type in types and types[piece.type].kind == "card" and len(name) > 3:
                    names.add(name)
        return ids, ts - seen_t, names - seen_n

    @staticmethod
    def scan(msg: dict, at: tuple[set, set, set], hidden: list[dict], side: str) -> list[str]:
        ids, ts, names = at
        out: list[str] = []

        def text_check(value: Any, t: set, n: set, what: str) -> None:
            text = json.dumps(value, ensure_ascii=False)
            for w in set(WORDS.findall(text)) & t:
                out.append(f"{what} names hidden {w}")
            for name in n:   # a card named as a card (its number and name, as log lines do);
                # a bare name may be a rule's reference to the card ("until Falkenhayn"): public
                if re.search(r"#\d+ " + re.escape(name), text):
                    out.append(f"{what} names hidden card {name!r}")

        def entries(items: list[dict]) -> None:
            for e in items:
                k = int(e.get("seq", 0))
                if 0 < k < len(hidden):   # hidden both before and after that action
                    b, a = hidden[k - 1][side], hidden[k][side]
                    text_check({x: e.get(x) for x in ("text", "notes", "rolls")}, b[1] & a[1], b[2] & a[2],
                               f"the line of step {k}")

        kind = msg.get("t")
        if kind in ("view", "update"):
            view = msg.get("view") if kind == "view" else msg.get("changes", {})
            # the map, hands and decks: a piece hidden from this side travels as a back only
            for es in (view.get("locations") or {}).values():
                for e in es:
                    if "id" in e and e["id"] in ids:
                        out.append(f"the id of hidden piece #{e['id']}")
                    elif "id" not in e and set(e) - {"hidden", "back"}:
                        out.append(f"a hidden piece shown with {sorted(set(e) - {'hidden', 'back'})}")
            # every text: the globals (but the public history of cards played), the prompt,
            # the actions offered, the outcome (the map's static facts, such as which card brings
            # a reinforcement, are not secrets and are checked above by position instead);
            # the chat (the rules' notes of past actions) is history too: each note is checked
            # with its own action's entry, against that step
            for key, value in view.items():
                if key in ("locations", "chat", "chat_all"):
                    continue
                if key == "globals":
                    value = {k: v for k, v in (value or {}).items() if k not in PUBLIC_HISTORY}
                text_check(value, ts, names, f"the view's {key}")
            entries(msg.get("log") or msg.get("entries") or [])
        elif kind == "refused":
            text_check(msg.get("text", ""), ts, names, "a refusal")
        return out


def summary_line(result: dict) -> str:
    return (f"{result['games']} games, {result['clients']} clients, {result['actions']} actions, "
            f"{result['lost']} lost, {result['leaked']} leaked, p95 {result['p95_ms']:.0f} ms")


def run_loadtest(**kwargs: Any) -> dict:
    test = LoadTest(**kwargs)
    try:
        return asyncio.run(test.run())
    finally:
        if test.tmp is not None:
            test.tmp.cleanup()
