"""The rules API (DESIGN principle 6): prompts, violations, outcomes, transactions, rulesets.

A :class:`Ruleset` is a state machine over the game state. It tells whose decision it is and
what kind (:meth:`Ruleset.prompt`), lists the legal actions, refuses an illegal action with a
:class:`Violation` citing the rule, and turns a legal action into commands by applying them
through a :class:`Transaction` (so the rules code can look at the state between commands, e.g.
after a die roll). Enforcing rulesets are built on :mod:`engine.machine` (states with prompts and
one handler per verb, on a stack kept in the game state); :class:`~engine.freeplay.FreePlay` is
the ruleset that allows every command.

Rulesets are found by id in :mod:`engine.registry`. A ruleset declares what it needs of a module (:meth:`Ruleset.requirements`) and is
refused, with what is missing named, when a module lacks it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from . import commands as C
from . import rulebook
from .actions import Action
from .errors import WartableError
from .model import Module, Scenario
from .state import GameState

@dataclass(frozen=True)
class Violation:
    """Why an action is refused: the rule it breaks (``"PoG 12.5.3"``) and a sentence."""
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}" if self.rule else self.message


class IllegalAction(WartableError):
    """Raised when an action is refused; carries the :class:`Violation`."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation


@dataclass(frozen=True)
class Prompt:
    """Whose decision it is (``side``; empty = anyone, as at a real table), what kind of
    decision (``kind``, e.g. ``"action_round"``, ``"choose_losses"``) and a sentence."""
    side: str
    kind: str
    text: str


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the ``winner`` (a side id; "" for a draw or a loss for both), ``how``
    (the kind of result, e.g. ``"automatic victory"``, ``"draw"``) and a sentence."""
    winner: str
    how: str
    text: str

    @classmethod
    def read(cls, value: Any) -> "Outcome | None":
        """The outcome stored in the global ``outcome`` (None while the game goes on)."""
        if not value:
            return None
        if isinstance(value, dict):
            return cls(str(value.get("winner", "")), str(value.get("how", "")), str(value.get("text", "")))
        return cls("", "", str(value))

    def __str__(self) -> str:
        return self.text


class Transaction:
    """Applies commands one at a time on the live state and remembers them, so a ruleset can
    read the state between commands. :meth:`rollback` undoes everything applied.

    ``dice``, when given, is a list of scripted results (engine.testing): each roll takes the
    next one (an int for one die, a list of faces) as a recorded :class:`~engine.commands.FixedRoll`."""

    def __init__(self, state: GameState, dice: list | None = None) -> None:
        self.state = state
        self.commands: list[C.Command] = []
        self.dice = dice

    def do(self, cmd: C.Command) -> C.Command:
        cmd.apply(self.state)
        self.commands.append(cmd)
        return cmd

    def roll(self, spec: str, purpose: str) -> C.Roll:
        if self.dice:
            faces = self.dice.pop(0)
            return self.do(C.FixedRoll(spec, purpose, faces if isinstance(faces, list) else [faces]))  # type: ignore[return-value]
        return self.do(C.Roll(spec, purpose))  # type: ignore[return-value]

    def set(self, key: str, value: Any) -> None:
        if self.state.globals.get(key) != value:
            self.do(C.SetGlobal(key, value))

    def rollback(self) -> None:
        C.undo_all(self.state, self.commands)
        self.commands = []


class Ruleset:
    """Base class of every ruleset. A subclass sets ``id`` and overrides what it enforces.

    Rules are asked from one thread at a time (the client's main loop, the server's event
    loop, one fuzz worker process): a ruleset may keep what it worked out of a state or a
    module between calls without locks."""
    id = "base"
    name = "base"
    #: Whether this ruleset enforces rules (offers legal actions, refuses illegal ones). The
    #: client drives an enforcing ruleset from its prompt and legal actions and a
    #: non-enforcing one (free play) like a real table.
    enforcing = True

    def __init__(self, module: Module) -> None:
        self.module = module
        problems = self.requirements(module)
        if problems:
            raise WartableError(f"module {module.id} cannot be played under the {self.id} rules: "
                                + "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)"
                                                             if len(problems) > 5 else ""))

    # -- what a ruleset needs of its module ---------------------------------------------------------
    #: Tables (by id), locations and piece types the rules read; a module lacking one is refused.
    required_tables: tuple[str, ...] = ()
    required_locations: tuple[str, ...] = ()
    required_piece_types: tuple[str, ...] = ()

    def requirements(self, module: Module) -> list[str]:
        """What ``module`` lacks that these rules read, in words (empty: nothing). Subclasses
        extend it to check the shape of what they read (a table's rows and columns)."""
        problems = [f"no table {t!r}" for t in self.required_tables if t not in module.tables]
        problems += [f"no location {l!r}" for l in self.required_locations if l not in module.locations]
        problems += [f"no piece type {p!r}" for p in self.required_piece_types if p not in module.piece_types]
        return problems

    @property
    def sides(self) -> tuple[str, ...]:
        return self.module.side_ids

    def side_name(self, side: str) -> str:
        """The side's name in words (``"Allied Powers"``), or its id if the module has none."""
        for s in self.module.sides:
            if s.id == side:
                return s.name or side
        return side

    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        """Extra set-up after the scenario's placements (rules state, hands...)."""

    # -- the decision in front of the players ---------------------------------------------------------
    def prompt(self, state: GameState) -> Prompt:
        raise NotImplementedError  # abstract: each ruleset states its own prompt

    def legal_actions(self, state: GameState) -> Iterable[Action]:
        raise NotImplementedError  # abstract

    def actions_for_piece(self, state: GameState, pid: int) -> Iterable[Action] | None:
        """The legal actions naming piece ``pid``, without listing every action (None: not
        known more cheaply than by filtering the full list)."""
        return None

    def check(self, state: GameState, action: Action) -> Violation | None:
        """The violation ``action`` commits, or None if it is legal. The default accepts
        exactly the actions :meth:`legal_actions` lists; rulesets override it to name the rule."""
        if action in set(self.legal_actions(state)):
            return None
        return Violation("", f"{action.verb} is not a legal action now ({self.prompt(state).text})")

    def vet(self, state: GameState, action: Action) -> tuple[Violation | None, Action]:
        """:meth:`check` and :meth:`typed` at once, as a push needs them: (the violation or
        None, ``action`` typed — the action itself when it is refused)."""
        violation = self.check(state, action)
        return violation, action if violation is not None else self.typed(state, action)

    def apply(self, tx: Transaction, action: Action) -> None:
        raise NotImplementedError  # abstract

    def typed(self, state: GameState, action: Action) -> Action:
        """``action`` with its targets given the types the rules declare for them (what the
        record keeps); the action itself if the rules declare none."""
        return action

    def notation(self, state: GameState, action: Action) -> str:
        """One line of readable notation for ``action`` (state is *before* the action)."""
        args = " ".join(f"{k}={v}" for k, v in action.targets)
        who = f"{self.side_name(action.side)}: " if action.side else ""
        return f"{who}{action.verb.replace('_', ' ')} {args}".strip()

    def hostile(self, state: GameState, action: Action) -> bool:
        """Whether ``action`` attacks what it points at (the table marks attack targets)."""
        return False

    def label(self, state: GameState, action: Action) -> str:
        """The words for ``action`` on a button or menu line (its notation without the side)."""
        text = self.notation(state, action)
        for prefix in (f"{self.side_name(action.side)}: ", f"{action.side}: ", f"{action.side} "):
            if action.side and text.startswith(prefix):
                text = text[len(prefix):]
                break
        return text[:1].upper() + text[1:]

    def rule_texts(self) -> dict[str, str]:
        """Every rule's words by number (``"12.5.3"``): by default the module's rules index; a
        ruleset with its own rules text (a Markdown rulebook) overrides it."""
        return dict(self.module.rules_index)

    def rule_text(self, rule: str) -> tuple[str, str] | None:
        """The words of cited ``rule`` (``"PoG 12.5.3"`` or ``"12.5.3"``) as (the rule found,
        its text): the rule itself, else its nearest parent; None when neither is known
        (:func:`engine.rulebook.lookup` over :meth:`rule_texts`)."""
        return rulebook.lookup(self.rule_texts(), rule)

    # -- checks and statistics ------------------------------------------------------------------------
    def invariants(self, state: GameState) -> list[str]:
        """Broken invariants, as sentences (the fuzzer reports them). Default: the generic
        state invariants (every piece in exactly one stack, ids below the counter)."""
        return state_invariants(state)

    def outcome(self, state: GameState) -> Outcome | None:
        """None while the game goes on; otherwise how it ended."""
        return Outcome.read(state.globals.get("outcome"))

    def statistics_keys(self, state: GameState, action: Action) -> list[str]:
        """What the fuzzer counts for ``action`` (state is *before* it): by default its verb.
        Rulesets add finer keys, e.g. which card event fired."""
        return [action.verb]

    def statistics_expected(self) -> list[str]:
        """The statistics keys a long fuzz run should see at least once (e.g. every card event);
        the fuzz report lists those it never saw. Empty by default."""
        return []

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        """A uniformly chosen legal action (the fuzzer's move); None if there is none."""
        actions = list(self.legal_actions(state))
        return rnd.choice(actions) if actions else None


def state_invariants(state: GameState) -> list[str]:
    problems = []
    seen: set[int] = set()
    for loc, stack in state.stacks.items():
        if not stack:
            problems.append(f"empty stack kept at {loc}")
        for pid in stack:
            if pid in seen:
                problems.append(f"piece #{pid} in two stacks")
            seen.add(pid)
            if state.pieces[pid].loc != loc:
                problems.append(f"piece #{pid} says {state.pieces[pid].loc}, is in {loc}")
    if seen != set(state.pieces):
        problems.append("pieces and stacks disagree")
    if state.pieces and max(state.pieces) >= state.next_id:
        problems.append("piece id not below the id counter")
    if state.hash != state.full_hash():
        problems.append("incremental state hash differs from the full hash")
    return problems
