"""Test positions for the Grand Illusion rules: built with engine.testing (every edit a
recorded set-up entry), never by patching the game."""
from __future__ import annotations

from engine import commands as C
from engine.modules import open_module
from engine.testing import Position

MODULE_ID = "grand_illusion"
S1, S2, S3 = "historical_campaign", "short_campaign", "hypothetical"
UNIT_KINDS = ("unit", "hq", "fort")
_MODULE = None


def module():
    global _MODULE
    if _MODULE is None:
        _MODULE = open_module(MODULE_ID)
    return _MODULE


def game(scenario: str = S1, seed: int = 1, options: dict | None = None) -> Position:
    """A new game as set up by the rules (the German's turn-1 reinforcement segment pending)."""
    return Position.new(module(), scenario, seed, ruleset="grand_illusion", options=options)


def empty(scenario: str = S1, seed: int = 1, turn: int = 5, **globals_) -> Position:
    """A game whose units, HQs and forts are all gone from the map and the Turn Record Track
    (the rules' state stack kept), on ``turn``: build a position on it."""
    pos = game(scenario, seed)
    state = pos.state
    doomed = [pid for pid, p in state.pieces.items()
              if pos.session.module.piece_types[p.type].kind in UNIT_KINDS]
    pos.remove(doomed, "clear the board")
    pos.set("gi_piece_count", 0)
    pos.set("turn", turn)
    pos.set("gi_control", {})
    pos.set("gi_cavctrl", {})
    pos.set("gi_trench", {})
    pos.set("gi_blocks", [])
    for k, v in globals_.items():
        pos.set(k, v)
    return pos


def put(pos: Position, type_id: str, loc: str, face: int = 0, **props) -> int:
    """Place a unit (counted among the pieces the rules conserve)."""
    pid = pos.place(type_id, loc, face, **props)
    pos.set("gi_piece_count", int(pos.state.get("gi_piece_count") or 0) + 1)
    return pid


def control(pos: Position, **hexes: str) -> None:
    """Set control: ``control(pos, h26="german")``."""
    ctrl = dict(pos.state.get("gi_control") or {})
    printed = {l.id: l.attrs.get("control") for l in pos.session.module.locations.values()}
    for key, side in hexes.items():
        h = key.lstrip("h")
        if printed.get(h) == side:
            ctrl.pop(h, None)
        else:
            ctrl[h] = side
    pos.set("gi_control", ctrl)


def segment(pos: Position, side: str, limit: int = 2) -> None:
    pos.call("segment", side=side, acts=0, limit=limit, spent=False, first="", recovers=0)


def activation(pos: Position, side: str, hex_: str) -> None:
    units = [pid for pid in pos.state.stacks.get(hex_, ())
             if pos.session.module.piece_types[pos.state.pieces[pid].type].kind == "unit"
             and pos.session.module.piece_types[pos.state.pieces[pid].type].side == side
             and pos.session.module.piece_types[pos.state.pieces[pid].type].unit_type != "artillery"]
    pos.call("activation", side=side, hex=hex_, began=units, moved={}, entered={}, battles=[],
             resolving=False, cede=False)


def ids(pids) -> str:
    return "[" + ",".join(f"#{p}" for p in pids) + "]"


def path(*hexes) -> str:
    return "[" + ",".join(f"@{h}" for h in hexes) + "]"


def prompt(pos: Position):
    return pos.session.prompt()


def legal(pos: Position) -> list:
    return list(pos.session.legal_actions())


def verbs(pos: Position) -> set[str]:
    return {a.verb for a in pos.session.legal_actions()}


def note_lines(pos: Position) -> list[str]:
    return [line[1] for line in pos.state.chat]


def where(pos: Position, pid: int) -> str:
    return pos.state.pieces[pid].loc
