"""The Paths of Glory ruleset (rulebook 2018 edition): the :class:`engine.rules.Ruleset` the
engine loads under the id ``paths_of_glory``, and :class:`Game`, the context every rules state
works through.

Conventions every rules file follows (so the files can be written independently):

* Sides are ``"AP"`` and ``"CP"``. Unit pieces have ``PieceType.kind == "unit"``; their values
  are ``faces[piece.face].values["cf"|"lf"|"mf"]`` (face 0 full, face 1 reduced).
* Space facts are ``Location.attrs`` (nation, fort, vp, port, capital, supply, control...).
  Changeable space status is kept as marker *pieces* in the space, so the table shows it:
  ``m_control`` (face 0 AP, 1 CP; only where control differs from the printed ``control``),
  ``m_trench_ap``/``m_trench_cp`` (face 0 level 1, face 1 level 2), ``m_siege``,
  ``m_destroyed``, ``m_oos``. :mod:`.board` reads them; rules code changes them through
  :class:`Game` commands.
* Rules-procedure data (the state stack, whose round it is, lasting effects, cards played) are
  globals, prefixed ``pog_`` unless the scenario already defines them (``turn``, ``vp``,
  ``ws_ap``, ``rp_ge``...).
* Every refused action cites its rule: ``Violation("PoG 9.3.3", "...")``.
"""
from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Iterator

from engine import commands as C
from engine.board import MapGraph
from engine.model import Module, Scenario
from engine.rules import Action, Prompt, Ruleset, Transaction, Violation, state_invariants
from engine.state import GameState

from . import machine
from .machine import STACK, STATES

SIDES = ("CP", "AP")  # CP acts first in each Action Round (8.1)
#: Actions the fuzzer's random player takes only with probability RARE_CHANCE when others exist.
RARE_ACTIONS = frozenset({"peace_terms", "accept_peace", "cancel_attack"})
RARE_CHANCE = 0.02
#: Actions the fuzzer's random player prefers when offered, with the chance it takes one:
#: card events and combat cards, so that a few hundred random wars reach every card (issue 11)
#: — uniform play spends most cards as OPS, SR or RP and rarely reaches Total War.
PREFERRED_ACTIONS = (("play_event", 0.5), ("play_cc", 0.6))


def other(side: str) -> str:
    return "AP" if side == "CP" else "CP"


class Game:
    """One look at the game: module data, the state, and (while applying) the transaction.
    Rules states receive a Game; they read through it and write only through ``tx``."""

    def __init__(self, ruleset: "PathsOfGlory", state: GameState, tx: Transaction | None = None):
        self.rules = ruleset
        self.module = ruleset.module
        self.graph = ruleset.graph
        self.state = state
        self.tx = tx

    # -- globals and the state stack ------------------------------------------------------
    def get(self, key: str, default: Any = None) -> Any:
        return self.state.globals.get(key, default)

    def set(self, key: str, value: Any) -> None:
        assert self.tx is not None, "the Game is read-only outside apply"
        self.tx.set(key, value)

    def do(self, cmd: C.Command) -> C.Command:
        assert self.tx is not None, "the Game is read-only outside apply"
        return self.tx.do(cmd)

    def roll(self, purpose: str, spec: str = "1d6") -> int:
        """Roll through the state's PRNG (recorded, replayable); returns the total."""
        assert self.tx is not None
        cmd = self.tx.roll(spec, purpose)
        return sum(cmd.result)

    def note(self, text: str) -> None:
        """A line in the game log (readable record of what the rules did)."""
        self.do(C.Note("", text))

    @property
    def stack(self) -> list[dict]:
        return machine.frames(self.state.globals)

    @property
    def top(self) -> dict | None:
        s = self.stack
        return s[-1] if s else None

    def push(self, state_name: str, **data: Any) -> None:
        new = machine.copy_frames(self.stack)
        new.append({"state": state_name, **data})
        self.set(STACK, new)

    def pop(self) -> dict:
        new = machine.copy_frames(self.stack)
        frame = new.pop()
        self.set(STACK, new)
        return frame

    def update(self, **data: Any) -> None:
        """Change fields of the top frame."""
        new = machine.copy_frames(self.stack)
        new[-1].update(data)
        self.set(STACK, new)

    def replace(self, state_name: str, **data: Any) -> None:
        """Replace the top frame by a new one."""
        new = machine.copy_frames(self.stack)
        new[-1] = {"state": state_name, **data}
        self.set(STACK, new)

    # -- pieces ------------------------------------------------------------------------------
    def ptype(self, pid: int):
        return self.module.piece_types[self.state.pieces[pid].type]

    def value(self, pid: int, key: str) -> Any:
        """A value of the piece's current face (``cf``, ``lf``, ``mf``)."""
        piece = self.state.pieces[pid]
        faces = self.module.piece_types[piece.type].faces
        return faces[min(piece.face, len(faces) - 1)].values.get(key)


class PathsOfGlory(Ruleset):
    """Rules-enforced Paths of Glory. See COVERAGE.md for what is enforced."""
    id = "paths_of_glory"
    name = "Paths of Glory (rules enforced)"

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        from . import states  # noqa: F401  (registers every rules state)

    @cached_property
    def graph(self) -> MapGraph:
        return MapGraph.from_module(self.module)

    def game(self, state: GameState, tx: Transaction | None = None) -> Game:
        return Game(self, state, tx)

    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        g = self.game(tx.state, tx)
        g.set("pog_scenario", scenario.id)
        g.set("pog_options", dict(options))
        g.set(STACK, [{"state": "game_setup"}])
        self._run_automatic(g)

    # -- the decision in front of the players -------------------------------------------------
    def _frame(self, state: GameState) -> tuple[machine.State | None, dict | None]:
        stack = machine.frames(state.globals)
        if not stack:
            return None, None
        frame = stack[-1]
        return STATES.get(frame["state"]), frame

    def prompt(self, state: GameState) -> Prompt:
        if state.globals.get("outcome"):
            return Prompt("", "game_over", str(state.globals["outcome"]))
        handler, frame = self._frame(state)
        if handler is None:
            return Prompt("", "error", f"no rules state {frame and frame.get('state')!r}")
        return handler.prompt(self.game(state), frame)

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        if state.globals.get("outcome"):
            return iter(())
        handler, frame = self._frame(state)
        if handler is None:
            return iter(())
        return handler.actions(self.game(state), frame)

    def check(self, state: GameState, action: Action) -> Violation | None:
        if state.globals.get("outcome"):
            return Violation("PoG 5.1", f"the game is over: {state.globals['outcome']}")
        handler, frame = self._frame(state)
        if handler is None:
            return Violation("", "no decision is pending")
        g = self.game(state)
        prompt = handler.prompt(g, frame)
        if prompt.side and action.side != prompt.side:
            return Violation("PoG 8.1", f"it is the {prompt.side} player's decision: {prompt.text}")
        if action.kind == "note":
            return None
        return handler.check(g, frame, action)

    def apply(self, tx: Transaction, action: Action) -> None:
        if action.kind == "note":  # table talk never changes the game
            tx.do(C.Note(action.side, str(action.get("text", ""))))
            return
        handler, frame = self._frame(tx.state)
        g = self.game(tx.state, tx)
        handler.apply(g, frame, action)
        self._run_automatic(g)

    def _run_automatic(self, g: Game) -> None:
        """Resolve automatic states until a decision is needed (or the game ends)."""
        for _ in range(10_000):
            if g.get("outcome"):
                return
            top = g.top
            if top is None:
                return
            handler = STATES.get(top["state"])
            if handler is None or not handler.automatic:
                return
            handler.auto(g, top)
        raise RuntimeError("rules loop: automatic states never reached a decision")

    def notation(self, state: GameState, action: Action) -> str:
        handler, frame = self._frame(state)
        text = getattr(handler, "notation", None) if handler else None
        if text is not None:
            try:
                return text(self.game(state), frame, action)
            except (KeyError, TypeError, ValueError):
                pass
        return super().notation(state, action)

    def invariants(self, state: GameState) -> list[str]:
        from .invariants import pog_invariants
        return state_invariants(state) + pog_invariants(self.game(state))

    def statistics_expected(self) -> list[str]:
        """Every registered event and every combat card should fire in a long fuzz run."""
        from .cards import EVENTS
        ccs = sorted(pid for pid, pt in self.module.piece_types.items()
                     if pt.kind == "card" and pt.attrs.get("cc"))
        return [f"event:{c}" for c in sorted(EVENTS)] + [f"cc:{c}" for c in ccs]

    def statistics_keys(self, state: GameState, action: Action) -> list[str]:
        """The fuzzer counts action kinds and, for card events, which event fired
        (``event:cp_01``) and which combat card was played (``cc:ap_29``)."""
        keys = [action.kind]
        card = action.params.get("card")
        if isinstance(card, str):
            if action.kind == "play_event":
                keys.append(f"event:{card}")
            elif action.kind == "play_cc":
                keys.append(f"cc:{card}")
        return keys

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        """Uniform over the legal actions, except that game-ending diplomacy is rare: a random
        player offering and accepting peace (16.5) at every chance would end almost every
        campaign in its first turns, and the fuzzer must play whole wars."""
        actions = list(self.legal_actions(state))
        if not actions:
            return None
        for kind, chance in PREFERRED_ACTIONS:
            preferred = [a for a in actions if a.kind == kind]
            if preferred and rnd.random() < chance:
                return rnd.choice(preferred)
        ordinary = [a for a in actions if a.kind not in RARE_ACTIONS]
        if ordinary and rnd.random() >= RARE_CHANCE:
            return rnd.choice(ordinary)
        return rnd.choice(actions)
