"""Hand-built Paths of Glory positions for the supply, status and replacement tests."""
from __future__ import annotations

from functools import lru_cache

from engine import commands as C
from engine.rules import Transaction
from engine.session import Session
from engine.modules import open_module


@lru_cache(maxsize=None)
def module():
    return open_module("paths_of_glory")


def fresh(scenario: str = "campaign", seed: int = 7, **options) -> Session:
    return Session.new(module(), scenario, seed, ruleset="paths_of_glory", options=options or None)


def game(s: Session):
    """A writable Game on the session's state (changes are not recorded as an action)."""
    return s.ruleset.game(s.state, Transaction(s.state))


def run(s: Session, fn):
    return fn(game(s))


def put(s: Session, type_id: str, loc: str, face: int = 0) -> int:
    side = module().piece_types[type_id].side
    cmd = C.Create(type_id, loc, None, face, {"owner": side} if side else {})
    C.apply_all(s.state, [cmd])
    return cmd.pid


def units(s: Session, loc: str) -> list[int]:
    return [pid for pid in s.state.stacks.get(loc, ())
            if module().piece_types[s.state.pieces[pid].type].kind == "unit"]


def clear(s: Session, *locs: str) -> None:
    C.apply_all(s.state, [C.Delete(pid) for loc in locs for pid in units(s, loc)])


def setg(s: Session, **values) -> None:
    C.apply_all(s.state, [C.SetGlobal(k, v) for k, v in values.items()])


def control(s: Session, loc: str, side: str) -> None:
    from modules.paths_of_glory.rules import tracks
    run(s, lambda g: tracks.set_control(g, loc, side, score=False))


def controller(s: Session, loc: str) -> str:
    from modules.paths_of_glory.rules import board
    return run(s, lambda g: board.controller(g, loc))


def neighbours(s: Session, loc: str) -> list[str]:
    g = game(s)
    return [n for n in g.graph.neighbours(loc) if g.module.locations[n].kind == "space"]


def isolate(s: Session, loc: str, enemy: str, keep: tuple[str, ...] = ()) -> None:
    """Every neighbour of ``loc`` (but ``keep``) emptied and put under ``enemy`` control."""
    for n in neighbours(s, loc):
        if n not in keep:
            clear(s, n)
            control(s, n, enemy)


def start_phase(s: Session, name: str, **data) -> None:
    """Make ``name`` the only frame and run the automatic states, as the turn loop would."""
    g = game(s)
    g.set("pog_stack", [{"state": name, **data}])
    s.ruleset.machine.run_automatic(g)


def first(s: Session, type_id: str, loc: str | None = None) -> int:
    return next(pid for pid in sorted(s.state.pieces)
                if s.state.pieces[pid].type == type_id and (loc is None or s.state.pieces[pid].loc == loc))
