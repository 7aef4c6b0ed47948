"""The games one server process holds in memory, and what each side is sent of them.

A :class:`LiveGame` is an :class:`engine.session.Session` rebuilt from the store (set-up from
the stored seed, then the stored commands replayed with every state hash checked) and kept up to
date: before it applies an action it reads any action another process wrote. :meth:`GameHost.act`
checks the seat, lets the ruleset check and apply the action, writes it as the game's next step,
and only then acknowledges it.

What leaves the server for a side (:meth:`LiveGame.view_for`, :meth:`LiveGame.entry_for`) is
that side's view (``Session.view``), the log line made safe for it (a line naming a piece or card
the side could see neither before nor after the action is replaced by a neutral one), and the
public results (dice faces with their purpose, the rules' notes, which are public chat). Never
the commands, the seed or the record.
"""
from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from engine import commands as C
from engine.actions import Action, ActionError
from engine.errors import WartableError
from engine.model import Module
from engine.modules import open_module
from engine.protocol import SPECTATOR
from engine.replay import ReplayDivergence, replay_entries
from engine.rules import IllegalAction
from engine.session import Session
from engine.views import SHOWN, hidden_targets

from .store import Store

#: Past actions' public parts kept in memory per game (older ones are read from the store).
RECENT = 64


@dataclass
class Refusal:
    rule: str
    text: str


@dataclass
class LiveGame:
    row: dict
    session: Session
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: seq -> {"side", "lines": {side: text}, "public": {...}} of recent actions
    recent: "OrderedDict[int, dict]" = field(default_factory=OrderedDict)
    #: side -> (seq, view) last built, for sending changes instead of whole views
    views: dict[str, tuple[int, dict]] = field(default_factory=dict)
    previous: dict[str, tuple[int, dict]] = field(default_factory=dict)

    @property
    def gid(self) -> int:
        return int(self.row["id"])

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.row["seats"])

    def remember(self, seq: int, side: str, lines: dict, public: dict) -> None:
        self.recent[seq] = {"side": side, "lines": lines, "public": public}
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)

    # -- what a side receives ---------------------------------------------------------------------
    def view_for(self, side: str) -> dict:
        """The view of ``side`` ("" a spectator) as plain data: locations, globals, chat, the
        prompt (whole only for the side deciding) and, in enforced play, that side's legal
        actions in text notation (free play has no finite list: none are sent)."""
        s = self.session
        view = s.view(side)
        data = dict(view)
        data["prompt"] = {"side": view.prompt.side, "kind": view.prompt.kind, "text": view.prompt.text}
        data["actions"] = [str(a) for a in view.actions] if s.ruleset.enforcing and side else []
        outcome = s.outcome()
        data["outcome"] = {"winner": outcome.winner, "how": outcome.how, "text": outcome.text} if outcome else None
        return data

    def step_view(self, side: str) -> tuple[int, dict | None, dict]:
        """``(seq, view, current)``: the view of ``side`` built at the step before (``seq``;
        -1 and None when none is kept) and the one now — each built once per step and side, so
        a connection that has the earlier one is sent only the changes."""
        cur = self.views.get(side)
        if cur is None or cur[0] != self.seq:
            if cur is not None:
                self.previous[side] = cur
            cur = (self.seq, self.view_for(side))
            self.views[side] = cur
        prev = self.previous.get(side, (-1, None))
        return prev[0], prev[1], cur[1]

    @staticmethod
    def entry_for(item: dict, seq: int, side: str) -> dict:
        """One past action as ``side`` may read it: the safe line and the public results."""
        lines = item["lines"]
        return {"seq": seq, "side": item["side"], "text": lines.get(side, lines.get("", "")),
                **item["public"]}


def public_results(entry_commands: list[C.Command], text: str) -> dict:
    """The public part of an action's commands: its rolls (spec, faces, purpose) and the rules'
    notes (table talk everyone reads)."""
    rolls = [{"spec": c.spec, "faces": list(c.result), "for": c.purpose}
             for c in entry_commands if isinstance(c, C.Roll) and c.result is not None]
    notes = [c.text for c in entry_commands if isinstance(c, C.Note) and c.text and c.text != text]
    return {"rolls": rolls, "notes": notes}


class GameHost:
    """The live games of this process (at most ``capacity``, least recently used dropped)."""

    def __init__(self, store: Store, capacity: int = 2000) -> None:
        self.store = store
        self.capacity = capacity
        self.games: "OrderedDict[int, LiveGame]" = OrderedDict()
        self.modules: dict[str, Module] = {}
        self._loading: dict[int, asyncio.Lock] = {}

    def module(self, module_id: str) -> Module:
        if module_id not in self.modules:
            self.modules[module_id] = open_module(module_id)
        return self.modules[module_id]

    @staticmethod
    def new_seed() -> int:
        return secrets.randbits(62)

    def new_session(self, row: dict) -> Session:
        return Session.new(self.module(row["module"]), row["scenario"], int(row["seed"]),
                           row["ruleset"], row["options"])

    # -- loading and catching up ---------------------------------------------------------------------
    async def get(self, gid: int, row: dict | None = None) -> LiveGame | None:
        """The live game ``gid`` brought up to date with the store (None: no such game)."""
        live = self.games.get(gid)
        if live is None:
            lock = self._loading.setdefault(gid, asyncio.Lock())
            async with lock:
                live = self.games.get(gid)
                if live is None:
                    row = row or await self.store.game(gid)
                    if row is None:
                        return None
                    live = LiveGame(row, self.new_session(row), 0)
                    await self._catch_up(live)
                    self.games[gid] = live
                    while len(self.games) > self.capacity:
                        self.games.popitem(last=False)
            self._loading.pop(gid, None)
        else:
            self.games.move_to_end(gid)
            async with live.lock:
                await self._catch_up(live)
        return live

    async def _catch_up(self, live: LiveGame) -> None:
        """Apply the actions another process (or an earlier run) wrote since ``live.seq``."""
        rows = await self.store.actions(live.gid, live.seq)
        for r in rows:
            if r["seq"] != live.seq + 1:
                break
            try:
                replay_entries(live.session, [r["entry"]], first=r["seq"])
            except ReplayDivergence as exc:   # the stored log no longer replays: stop there
                raise WartableError(f"game {live.gid} does not replay: {exc}") from None
            live.seq = r["seq"]
            live.remember(r["seq"], r["side"], r["lines"], r["public"])
        if rows:
            live.row = await self.store.game(live.gid) or live.row

    async def refresh_row(self, live: LiveGame) -> None:
        live.row = await self.store.game(live.gid) or live.row

    async def history(self, live: LiveGame, side: str, last: int = 200) -> list[dict]:
        """The last ``last`` actions as ``side`` may read them."""
        first = max(1, live.seq - last + 1)
        if all(seq in live.recent for seq in range(first, live.seq + 1)):
            items = {seq: live.recent[seq] for seq in range(first, live.seq + 1)}
        else:
            rows = await self.store.actions(live.gid, first - 1)
            items = {r["seq"]: {"side": r["side"], "lines": r["lines"], "public": r["public"]} for r in rows}
        return [LiveGame.entry_for(items[s], s, side) for s in sorted(items) if s <= live.seq]

    # -- acting --------------------------------------------------------------------------------------
    async def act(self, gid: int, side: str, cid: str, text: str) -> int | Refusal:
        """Apply the action ``text`` sent by the holder of ``side``'s seat in game ``gid``; the
        step number once it is stored, or the Refusal (nothing changed)."""
        for _attempt in range(5):
            live = await self.get(gid)
            if live is None:
                return Refusal("", f"there is no game {gid}")
            async with live.lock:
                await self._catch_up(live)
                done = await self.store.action_by_cid(gid, side, cid)
                if done is not None:
                    return done   # a resent action (after a dropped connection): applied once
                result = self._apply(live, side, text)
                if isinstance(result, Refusal):
                    return result
                entry, lines, public = result
                s = live.session
                prompt, outcome = s.prompt(), s.outcome()
                status = "over" if outcome is not None else ("playing" if live.row["status"] != "open"
                                                            else "open")
                seq = live.seq + 1
                ok = await self.store.append_action(gid, seq, side, cid, entry.to_json(), lines, public,
                                                    "" if outcome else prompt.side, status)
                if not ok:   # another process wrote this step first: take ours back and retry
                    s.pop()
                    s.redo_stack.clear()
                    continue
                live.seq = seq
                live.row = {**live.row, "seq": seq, "waiting": "" if outcome else prompt.side, "status": status}
                live.remember(seq, side, lines, public)
                return seq
        return Refusal("", "the game is too busy: send the action again")

    def _apply(self, live: LiveGame, side: str, text: str) -> tuple[Any, dict, dict] | Refusal:
        s = live.session
        try:
            action = Action.parse(text)
        except ActionError as exc:
            return Refusal("", f"cannot read the action: {exc}")
        if action.side != side:
            theirs = s.ruleset.side_name(action.side) if action.side else "nobody in particular"
            return Refusal("", f"you hold the {s.ruleset.side_name(side)} seat: you cannot act for {theirs}")
        try:
            typed = s.ruleset.typed(s.state, action)
        except (ActionError, WartableError) as exc:
            return Refusal("", str(exc))
        if not s.ruleset.enforcing:
            refusal = self._free_play_guard(live, side, typed)
            if refusal is not None:
                return refusal
        viewers = list(live.sides) + [""]
        hidden_before = {v: hidden_targets(s.state, typed, v) for v in viewers}
        try:
            entry = s.push(action)
        except IllegalAction as exc:
            return Refusal(exc.violation.rule, exc.violation.message)
        except (WartableError, KeyError, TypeError, ValueError) as exc:
            return Refusal("", f"cannot do that: {exc}")
        lines = {}
        neutral = f"{s.ruleset.side_name(side)}: {action.verb.replace('_', ' ')} (what it names is hidden from you)"
        for v in viewers:
            unseen = hidden_before[v] & hidden_targets(s.state, typed, v)
            lines[v] = neutral if unseen else entry.text
        return entry, lines, public_results(entry.commands, entry.text)

    @staticmethod
    def _free_play_guard(live: LiveGame, side: str, action: Action) -> Refusal | None:
        """Free play on the server: a seat moves anything it can see, but cannot name a piece it
        may not see (the other side's hand, a card in a deck) nor read or write another side's
        secrets nor show itself what is hidden from it (``shown:``: a seat may show its own hand
        only); drawing from a deck or cup needs no name and is allowed."""
        s = live.session
        if hidden_targets(s.state, action, side):
            return Refusal("", "you cannot name a piece hidden from you (draw from a deck or cup instead)")
        key = action.get("key")
        if isinstance(key, str) and key.startswith("secret:") and not key.startswith(f"secret:{side}:"):
            return Refusal("", "that value is another side's secret")
        if isinstance(key, str) and key.startswith(SHOWN):   # showing a hand: one's own only
            loc = s.module.locations.get(key[len(SHOWN):])
            if loc is None or loc.visibility != "owner" or loc.owner != side:
                return Refusal("", "only a hand's holder may show it")
        return None


def seat_side(row: dict, account: str) -> str | None:
    """The side ``account`` holds in game ``row`` (None: no seat)."""
    for side, holder in row["seats"].items():
        if holder == account:
            return side
    return None


def protocol_seat(side: str) -> str:
    return side or SPECTATOR
