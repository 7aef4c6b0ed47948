"""France 1944 test positions, built with engine.testing (every edit a recorded set-up entry):
a scenario with the map emptied and no rules state pending, pieces put by hand, and short-cuts
into the rules' own states (an activation, a combat) with scripted dice.

The open ground used by most tests: the clear hexes around Alençon (1512-1515, 1612-1615,
1711-1715, 1812-1814) with no river between them; rough 1311 next to clear 1312; the river
hexside 1616|1717; Le Mans (1414) a city.
"""
from __future__ import annotations

from functools import lru_cache

from engine import commands as C
from engine.modules import open_module
from engine.testing import Position, legal, refused  # noqa: F401  (re-exported for the tests)

RULESET = "france_1944"


@lru_cache(maxsize=None)
def module():
    return open_module("france_1944")


def rules_game(pos: Position):
    """A read-only Game on the position (to ask the rules questions)."""
    return pos.session.ruleset.game(pos.state)


def fresh(scenario: str = "falaise_gap", seed: int = 1, options=None, turn: int | None = None,
          clear: bool = True) -> Position:
    """The scenario with no rules state pending and (``clear``) every unit and HQ moved off the
    map to the out-of-play box (pieces are conserved)."""
    pos = Position.new(module(), scenario, seed=seed, ruleset=RULESET, options=options)
    pos.clear_stack()
    if clear:
        m = module()
        moves = [C.Move(pid, "out_of_play") for pid, p in sorted(pos.state.pieces.items())
                 if m.piece_types[p.type].kind in ("unit", "hq") and m.locations[p.loc].kind == "hex"]
        pos.commands("clear the map", moves)
    if turn is not None:
        pos.set("turn", turn)
    return pos


def put(pos: Position, type_id: str, loc: str, face: int = 0, twin: int = 0) -> int:
    """Put a piece of ``type_id`` at ``loc``: an existing one not on the map (the ``twin``-th),
    else a new one."""
    m = module()
    free = [pid for pid, p in sorted(pos.state.pieces.items())
            if p.type == type_id and m.locations[p.loc].kind != "hex"]
    if len(free) > twin:
        pid = free[twin]
        pos.commands(f"put {type_id} at {loc}", [C.Move(pid, loc), C.SetFace(pid, face)])
        return pid
    return pos.place(type_id, loc, face)


def activate(pos: Position, side: str, hq: int, units=(), admin=(), kind: str = "initiative") -> None:
    """An activation as the rules start it (5.1): the HQ, the units it commands, Administrative
    Movement."""
    pos.call("activation", side=side, kind=kind, hq=hq)
    for u in units:
        pos.push(f"{side}: command unit=#{u}")
    pos.push(f"{side}: done")
    if units:
        for u in admin:
            pos.push(f"{side}: admin unit=#{u}")
        pos.push(f"{side}: done")


def single(pos: Position, side: str, piece: int, admin: bool = False) -> None:
    """A Single-Unit Reaction of ``piece`` (5.2), without the reaction decision before it."""
    pos.call("activation", side=side, kind="single", mover=piece)
    if admin:
        pos.push(f"{side}: admin unit=#{piece}")
    pos.push(f"{side}: done")


def increment(pos: Position, side: str, box: int, kind: str = "movement") -> None:
    pos.push(f"{side}: increment box=@inc_{side}_{box} kind={kind}")


def move(pos: Position, side: str, unit: int, *path: str) -> None:
    pos.push(f"{side}: move unit=#{unit} path=[" + ",".join("@" + h for h in path) + "]")


def path_text(*hexes: str) -> str:
    return "[" + ",".join("@" + h for h in hexes) + "]"


def where(pos: Position, pid: int) -> str:
    return pos.state.pieces[pid].loc


def prompt(pos: Position):
    return pos.session.prompt()


def state_name(pos: Position) -> str:
    stack = pos.state.get("f44_stack") or []
    return stack[-1]["state"] if stack else ""


def combat_data(pos: Position) -> dict:
    return pos.state.get("f44_combat") or {}


def act_data(pos: Position) -> dict:
    return pos.state.get("f44_act") or {}


def log(pos: Position) -> str:
    return "\n".join(line[1] for line in pos.state.chat)


def attack(pos: Position, side: str, hq: int | None, attackers, target: str, dice=(), lead: int | None = None,
           air: str = "", box: int = 1, activate_first: bool = True, second: str = "") -> None:
    """Activate ``hq`` with ``attackers``, declare an Attack increment in ``box`` and attack
    ``target`` (and ``second``) with them, scripting the combat dice: attacker d6, attacker hit
    die, defender d6, defender hit die (then any further rolls)."""
    if activate_first:
        activate(pos, side, hq, attackers)
        increment(pos, side, box, "attack")
    pos.push(f"{side}: attack hex=@{target}")
    for a in attackers:
        pos.push(f"{side}: add unit=#{a}")
    if second:
        pos.push(f"{side}: add_hex hex=@{second}")
    if air:
        pos.push(f"{side}: air kind={air}")
    if dice:
        pos.dice(*dice)
    pos.push(f"{side}: resolve lead=#{lead if lead is not None else attackers[0]}")
