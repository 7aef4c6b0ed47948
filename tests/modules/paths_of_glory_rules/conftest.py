"""What every Paths of Glory rules test shares: sessions, hand-built positions and scripted dice.

Positions are built as recorded set-up entries (:class:`engine.testing.Position`): every piece
placed, global set or rules state entered is an entry of the game record, so undo and replay see
exactly what the test did. Dice are scripted the same way (:meth:`Position.dice`: the next rolls
show the given faces, recorded as fixed rolls). No test edits the state outside the record or
patches the game; a rules function that changes the game runs inside a recorded entry
(:func:`edit`), and :func:`game` gives a look that may only read.

Test files import the helpers they use: ``from .conftest import empty_map, put, act, ...``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable

import pytest

from engine import commands as C
from engine.actions import Action
from engine.machine import Context
from engine.model import Module
from engine.modules import open_module
from engine.rules import Violation
from engine.session import Session
from engine.testing import Position

from modules.paths_of_glory.rules import board as board_rules
from modules.paths_of_glory.rules import tracks

STACK = "pog_stack"
#: Status markers an emptied map loses with the units (control markers stay: the front line).
STATUS_MARKERS = ("m_trench_ap", "m_trench_cp", "m_siege", "m_destroyed", "m_oos")


@lru_cache(maxsize=None)
def module() -> Module:
    return open_module("paths_of_glory")


# -- sessions ---------------------------------------------------------------------------------------
def fresh(scenario: str = "campaign", seed: int = 7, **options: str) -> Session:
    """A new game under the rules (the set-up's own dice rolled by its seed)."""
    return Session.new(module(), scenario, seed, ruleset="paths_of_glory",
                       options=options or None)


def empty_map(seed: int = 3) -> Session:
    """The Campaign set-up with every unit and status marker taken off the map (the boxes, the
    Reserve Box included, keep their pieces) and no rules state pending — one recorded entry."""
    s = fresh("campaign", seed)
    m = module()
    doomed = [pid for pid, p in s.state.pieces.items()
              if m.locations[p.loc].kind == "space"
              and (m.piece_types[p.type].kind == "unit" or p.type in STATUS_MARKERS)]
    Position(s).commands("empty the map", [C.Delete(pid) for pid in doomed]
                         + [C.SetGlobal(STACK, [])])
    return s


@pytest.fixture
def board() -> Session:
    """An emptied map with both hands discarded (no combat card unless a test deals one)."""
    s = empty_map()
    clear_hands(s)
    return s


def action_phase(turn: int = 5, side: str = "AP", rnd: int = 1, **globals_: Any) -> Session:
    """An emptied map at ``turn``, the Action Phase waiting for ``side`` in round ``rnd``, with
    ``globals_`` set (``pog_events`` empty unless given)."""
    s = empty_map()
    set_global(s, "turn", turn)
    set_global(s, "pog_events", list(globals_.pop("pog_events", [])))
    for k, v in globals_.items():
        set_global(s, k, v)
    push(s, "phase_action", round=rnd, side=side)
    return s


def ready(card: str, side: str, turn: int = 2, **globals_: Any) -> Session:
    """An emptied map at ``turn``, ``card`` in ``side``'s hand, ``side`` to act."""
    s = empty_map()
    set_global(s, "turn", turn)
    for k, v in globals_.items():
        set_global(s, k, v)
    card_to(s, card, f"hand:{side}")
    push(s, "phase_action", round=1, side=side)
    return s


def clear_hands(s: Session) -> None:
    """Both hands to their discard piles, so no combat card is offered unless a test deals one."""
    moves = [C.Move(pid, f"discard:{side}") for side in ("AP", "CP")
             for pid in list(s.state.stacks.get(f"hand:{side}", ()))]
    if moves:
        Position(s).commands("both hands discarded", moves)


# -- recorded edits -----------------------------------------------------------------------------------
def put(s: Session, type_id: str, loc: str, face: int = 0) -> int:
    """Place a new piece (a unit from the counter mix, or a marker); its id."""
    return Position(s).place(type_id, loc, face)


def set_global(s: Session, key: str, value: Any) -> None:
    Position(s).set(key, value)


def setg(s: Session, **values: Any) -> None:
    """Set several globals in one recorded entry."""
    Position(s).commands("set " + ", ".join(values), [C.SetGlobal(k, v) for k, v in values.items()])


def move(s: Session, pid: int, loc: str) -> None:
    Position(s).move(pid, loc)


def move_all(s: Session, pids: Iterable[int], loc: str) -> None:
    """Move every piece of ``pids`` to ``loc`` in one recorded entry."""
    pids = list(pids)
    if pids:
        Position(s).commands(f"{len(pids)} pieces to {loc}", [C.Move(pid, loc) for pid in pids])


def set_prop(s: Session, pid: int, key: str, value: Any) -> None:
    """Set a property of the piece (``ne_lost``...)."""
    Position(s).commands(f"#{pid} {key} = {value!r}", [C.SetProp(pid, key, value)])


def flip(s: Session, pid: int, face: int) -> None:
    """Turn the piece to ``face`` (0 full strength, 1 reduced)."""
    Position(s).flip(pid, face)


def card_to(s: Session, card_id: str, loc: str) -> None:
    """Move the card ``card_id`` to ``loc`` (a hand, a discard pile...)."""
    Position(s).move(next(pid for pid, p in s.state.pieces.items() if p.type == card_id), loc)


def remove(s: Session, pids: Iterable[int], text: str = "remove pieces") -> None:
    pids = list(pids)
    if pids:
        Position(s).remove(pids, text)


def clear(s: Session, *locs: str) -> None:
    """Take every unit off ``locs``."""
    remove(s, [pid for loc in locs for pid in units(s, loc)], f"clear {', '.join(locs)}")


def edit(s: Session, text: str, fn: Callable[[Context], Any]) -> Any:
    """Run ``fn(g)`` — a rules function that changes the game — as one recorded set-up entry,
    with a writable look at the game; returns what ``fn`` returned."""
    out: list = []
    Position(s).edit(text, lambda tx: out.append(fn(s.ruleset.game(tx.state, tx))))
    return out[0]


def control(s: Session, loc: str, side: str) -> None:
    """``side`` controls ``loc`` (3.0.6; not a capture: no VP, 16.1.3.1)."""
    edit(s, f"{side} controls {loc}",
         lambda g: tracks.set_control(g, loc, side, score=False))


def turkey_at_war(s: Session, but: Iterable[str] = ()) -> None:
    """Every Turkish space (but ``but``) CP-controlled, as Turkey's entry leaves them (16.1.3.1):
    Turkish units trace supply to Constantinople."""
    turkey = [l.id for l in module().locations.values() if l.kind == "space"
              and l.attrs.get("nation") == "TU" and l.id not in set(but)]
    edit(s, "Turkey at war", lambda g: [tracks.set_control(g, loc, "CP", score=False)
                                        for loc in turkey])


def isolate(s: Session, loc: str, enemy: str, keep: tuple[str, ...] = ()) -> None:
    """Every neighbour of ``loc`` (but ``keep``) emptied and put under ``enemy`` control."""
    for n in neighbours(s, loc):
        if n not in keep:
            clear(s, n)
            control(s, n, enemy)


def push(s: Session, state: str, **data: Any) -> None:
    """Enter rules state ``state`` as a procedure of the rules would, then run the automatic
    states that follow (a recorded entry)."""
    Position(s).call(state, **data)


def start_phase(s: Session, name: str, **data: Any) -> None:
    """Make ``name`` the only rules state and run the automatic states, as the turn loop would
    (a recorded entry)."""
    def build(tx) -> None:
        g = s.ruleset.game(tx.state, tx)
        g.set(STACK, [{"state": name, **data}])
        s.ruleset.machine.run_automatic(g)
    Position(s).edit(f"start {name}", build)


def declare(s: Session, side: str, attack_spaces: list[str]) -> None:
    """Combat designation open for ``side`` from ``attack_spaces`` (the Operation skipped)."""
    push(s, "combat_declare", side=side, attack_spaces=attack_spaces, ops_card=None)


def ops(s: Session, side: str, n: int, card: str = "") -> None:
    """An Operation of ``n`` OPS open for ``side`` (9.2.1)."""
    push(s, "ops_activate", side=side, ops=n, spent=0, card=card, act=[], oos=[])


def sr(s: Session, side: str, n: int, card: str = "") -> None:
    """A Strategic Redeployment of ``n`` SR points open for ``side`` (13.1)."""
    push(s, "sr", side=side, points=n, spent=0, card=card, done=[])


# -- dice ---------------------------------------------------------------------------------------------
def dice(s: Session, *results: int) -> None:
    """The next rolls of ``s`` show ``results``, in order (recorded as fixed rolls)."""
    Position(s).dice(*results)


def dice_left(s: Session) -> list:
    """Scripted results not rolled yet."""
    return Position(s).dice_left


def rolled(s: Session) -> list[str]:
    """What each die rolled since the set-up was rolled for (scripted or not), in order."""
    return [c.purpose for e in s.record.entries for c in e.commands if isinstance(c, C.Roll)]


# -- actions --------------------------------------------------------------------------------------------
def act(s: Session, kind: str, side: str, **params: Any):
    """Push the action (refused actions raise :class:`~engine.rules.IllegalAction`)."""
    return s.push(Action(kind, side, **params))


def refusal(s: Session, kind: str, side: str, **params: Any) -> Violation | None:
    """The Violation the action meets (None if legal)."""
    return s.check(Action(kind, side, **params))


def rule(v: Violation | None) -> str:
    """The rule a refusal cites (the action must be refused)."""
    assert v is not None, "the action was accepted"
    return v.rule


def play_event(s: Session, card: str, side: str | None = None):
    """Deal ``card`` to its side (or ``side``) and play it as an event (9.5)."""
    side = side or card[:2].upper()
    card_to(s, card, f"hand:{side}")
    return act(s, "play_event", side, card=card)


def why(s: Session, card: str, side: str | None = None) -> str | None:
    """The rule that refuses ``card`` as an event now (dealt to its side first), or None."""
    side = side or card[:2].upper()
    card_to(s, card, f"hand:{side}")
    v = refusal(s, "play_event", side, card=card)
    return v.rule if v else None


def attack(s: Session, side: str, target: str, units: list[int],
           spaces: list[str] | None = None):
    """One attack with the Operation's activation skipped: Attack-activate ``spaces`` (default:
    where ``units`` are), designate ``target`` and ``units``, resolve (12.2.2). Returns the
    record entry of the resolve; script the dice first."""
    declare(s, side, spaces or sorted({s.state.pieces[p].loc for p in units}))
    act(s, "attack", side, space=target)
    for pid in units:
        act(s, "add_attacker", side, unit=pid)
    return act(s, "resolve", side)


# -- reading the game -------------------------------------------------------------------------------
def game(s: Session) -> Context:
    """A look at the game that may only read (a change raises: use :func:`edit`)."""
    return s.ruleset.game(s.state)


def run(s: Session, fn: Callable[[Context], Any]) -> Any:
    """``fn(g)`` on a read-only look at the game."""
    return fn(game(s))


def top(s: Session) -> dict | None:
    """The rules state in front of the players (the top frame), or None."""
    stack = s.state.globals.get(STACK) or []
    return stack[-1] if stack else None


def g_(s: Session, key: str, default: Any = None) -> Any:
    return s.state.globals.get(key, default)


def loc_of(s: Session, pid: int) -> str:
    return s.state.pieces[pid].loc


def face(s: Session, pid: int) -> int:
    return s.state.pieces[pid].face


def markers(s: Session, loc: str, type_id: str) -> list[int]:
    return [pid for pid in s.state.stacks.get(loc, ()) if s.state.pieces[pid].type == type_id]


def units(s: Session, loc: str) -> list[int]:
    return [pid for pid in s.state.stacks.get(loc, ())
            if module().piece_types[s.state.pieces[pid].type].kind == "unit"]


def of_type(s: Session, type_id: str, loc: str | None = None) -> list[int]:
    """The pieces of ``type_id`` (in ``loc``, if given), in id order."""
    return sorted(pid for pid, p in s.state.pieces.items()
                  if p.type == type_id and (loc is None or p.loc == loc))


def first(s: Session, type_id: str, loc: str | None = None) -> int:
    return of_type(s, type_id, loc)[0]


def reserve(s: Session, side: str, type_id: str) -> list[int]:
    """The pieces of ``type_id`` in ``side``'s Reserve Box."""
    return [p for p in s.state.stacks.get(f"reserve:{side}", ())
            if s.state.pieces[p].type == type_id]


def where(s: Session, card_id: str) -> str:
    """Where the card ``card_id`` is."""
    return next(p.loc for p in s.state.pieces.values() if p.type == card_id)


def hand(s: Session, side: str) -> list[str]:
    return [s.state.pieces[p].type for p in s.state.stacks.get(f"hand:{side}", ())]


def controller(s: Session, loc: str) -> str:
    return board_rules.controller(game(s), loc)


def neighbours(s: Session, loc: str) -> list[str]:
    g = game(s)
    return [n for n in g.graph.neighbours(loc) if g.module.locations[n].kind == "space"]


def notes(entry) -> str:
    """The log lines one record entry wrote, joined by " | "."""
    return " | ".join(str(getattr(c, "text", "")) for c in entry.commands if hasattr(c, "text"))


def log(s: Session, start: str = "") -> list[str]:
    """Every log line of the game so far that starts with ``start``."""
    return [c.text for e in s.record.entries for c in e.commands
            if isinstance(c, C.Note) and c.text.startswith(start)]
