"""Rules as states with prompts on a stack kept in the game state (the structure Rally the
Troops uses; no code from it).

The whole procedure state lives in one global, ``STACK`` (a list of frames). A frame is a
plain dict ``{"state": name, ...data}``; the top frame says whose decision it is and which
actions are legal. A :class:`State` handles one kind of frame:

* ``prompt`` — who decides what (a :class:`engine.rules.Prompt`);
* ``actions`` — every legal action (the fuzzer and the client's highlights use this);
* ``check`` — the :class:`Violation` an action commits, naming the rule (default: "not among
  the legal actions");
* ``apply`` — the commands of a legal action, through the :class:`Game`'s transaction;
* ``auto`` — for states that need no decision (rolling for attrition, advancing the turn):
  the machine runs them right after the action that reached them, in the same undo step.

Frames are never mutated in place: :meth:`Game.push`, :meth:`Game.pop` and
:meth:`Game.update` write a new list through ``SetGlobal`` so undo restores the old one.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Callable, Iterator

from engine.rules import Action, Prompt, Violation

if TYPE_CHECKING:
    from .game import Game

STACK = "pog_stack"
STATES: dict[str, "State"] = {}


class State:
    """One kind of frame. Subclasses set ``name`` and ``rule`` and override what they need."""
    name = ""
    rule = ""
    automatic = False

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        raise NotImplementedError(self.name)  # abstract: every decision state names its prompt

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        return iter(())

    def check(self, g: "Game", frame: dict, action: Action) -> Violation | None:
        key = action.key()
        if any(a.key() == key for a in self.actions(g, frame)):
            return None
        return Violation(f"PoG {self.rule}" if self.rule else "",
                         f"{action.kind} is not possible now: {self.prompt(g, frame).text}")

    def apply(self, g: "Game", frame: dict, action: Action) -> None:
        raise NotImplementedError(self.name)  # abstract

    def auto(self, g: "Game", frame: dict) -> None:
        raise NotImplementedError(self.name)  # abstract: automatic states resolve themselves


def register(cls: type[State]) -> type[State]:
    """Class decorator: make the state available to the machine under ``cls.name``."""
    if not cls.name or cls.name in STATES:
        raise ValueError(f"state name {cls.name!r} empty or taken")
    STATES[cls.name] = cls()
    return cls


def frames(globals_: dict) -> list[dict]:
    return globals_.get(STACK) or []


def copy_frames(stack: list[dict]) -> list[dict]:
    return copy.deepcopy(stack)


Runner = Callable[[], None]
