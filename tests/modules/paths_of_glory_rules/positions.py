"""Hand-built Paths of Glory combat positions: an emptied map, pieces placed by hand, frames
pushed directly, and loaded dice. Other test files may import these helpers."""
from __future__ import annotations

from functools import lru_cache

from engine import commands as C
from engine.rules import Action, Transaction
from engine.session import Session
from engine.modules import open_module


@lru_cache(maxsize=None)
def module():
    return open_module("paths_of_glory")


def empty_map(seed: int = 3) -> Session:
    """The campaign set-up with every unit and status marker removed from the map (the boxes,
    the Reserve Box included, keep their pieces) and no frame on the state stack."""
    s = Session.new(module(), "campaign", seed, ruleset="paths_of_glory")
    m = module()
    doomed = [pid for pid, p in s.state.pieces.items()
              if m.locations[p.loc].kind == "space"
              and (m.piece_types[p.type].kind == "unit"
                   or p.type in ("m_trench_ap", "m_trench_cp", "m_siege", "m_destroyed", "m_oos"))]
    C.apply_all(s.state, [C.Delete(pid) for pid in doomed] + [C.SetGlobal("pog_stack", [])])
    return s


def put(s: Session, type_id: str, loc: str, face: int = 0) -> int:
    """Place a piece (a unit from the counter mix, or a marker) and return its id."""
    side = module().piece_types[type_id].side
    cmd = C.Create(type_id, loc, None, face, {"owner": side} if side else {})
    C.apply_all(s.state, [cmd])
    return cmd.pid


def set_global(s: Session, key: str, value) -> None:
    C.apply_all(s.state, [C.SetGlobal(key, value)])


def push(s: Session, state: str, **data) -> None:
    """Push a frame as ops would, then run automatic states."""
    tx = Transaction(s.state)
    g = s.ruleset.game(s.state, tx)
    g.call(state, **data)
    s.ruleset.machine.run_automatic(g)


def declare(s: Session, side: str, attack_spaces: list[str]) -> None:
    push(s, "combat_declare", side=side, attack_spaces=attack_spaces, ops_card=None)


def attack(s: Session, side: str, target: str, units: list[int],
           spaces: list[str] | None = None):
    """One attack with the Operation's activation skipped: Attack-activate ``spaces`` (default:
    where ``units`` are), designate ``target`` and ``units``, resolve (12.2.2). Returns the
    record entry of the resolve; load the dice first (LoadedDice)."""
    declare(s, side, spaces or sorted({s.state.pieces[p].loc for p in units}))
    s.push(Action("attack", side, space=target))
    for pid in units:
        s.push(Action("add_attacker", side, unit=pid))
    return s.push(Action("resolve", side))


def clear_hands(s: Session) -> None:
    """Both hands to their discard piles, so no combat card is offered unless a test deals one."""
    for side in ("AP", "CP"):
        for pid in list(s.state.stacks.get(f"hand:{side}", ())):
            C.apply_all(s.state, [C.Move(pid, f"discard:{side}")])


def act(s: Session, kind: str, side: str, **params):
    return s.push(Action(kind, side, **params))


def refusal(s: Session, kind: str, side: str, **params):
    """The Violation the action meets (None if legal)."""
    return s.check(Action(kind, side, **params))


def card_to(s: Session, card_id: str, loc: str) -> None:
    pid = next(pid for pid, p in s.state.pieces.items() if p.type == card_id)
    C.apply_all(s.state, [C.Move(pid, loc)])


def loc_of(s: Session, pid: int) -> str:
    return s.state.pieces[pid].loc


def face(s: Session, pid: int) -> int:
    return s.state.pieces[pid].face


def markers(s: Session, loc: str, type_id: str) -> list[int]:
    return [pid for pid in s.state.stacks.get(loc, ()) if s.state.pieces[pid].type == type_id]


class LoadedDice:
    """Replace the recorded PRNG rolls by a fixed list (monkeypatching ``Game.roll``)."""

    def __init__(self, monkeypatch, values: list[int]):
        from modules.paths_of_glory.rules.game import Game
        self.values = list(values)
        self.purposes: list[str] = []
        outer = self

        def roll(game, purpose: str, spec: str = "1d6") -> int:
            outer.purposes.append(purpose)
            game.note(f"(test die for {purpose})")
            return outer.values.pop(0)

        monkeypatch.setattr(Game, "roll", roll)


def defenders_in_supply(monkeypatch) -> None:
    """For combat-card tests on the emptied map, where a lone defender cannot trace supply:
    treat every unit as supplied so the card, not 14.3.4, is what the test sees."""
    from modules.paths_of_glory.rules import supply
    monkeypatch.setattr(supply, "unit_in_supply", lambda g, pid, attrition=False: True)
