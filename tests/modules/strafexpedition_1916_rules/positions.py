"""Test positions for the Strafexpedition 1916 rules: a scenario with its map cleared where the
test needs room, units placed as the test says, an Action's record written as the rules would
write it, and the rules state under test entered — every edit recorded (engine.testing)."""
from __future__ import annotations

from functools import lru_cache

from engine import commands as C
from engine.modules import open_module
from engine.testing import Position

from modules.strafexpedition_1916.rules import board

#: Open plain hexes (level 1, no woods, town, river, road or cliff): a quiet corner to test in.
PLAIN = ("0255", "0256", "0257", "0355", "0356", "0357", "0455", "0456", "0457")


@lru_cache(maxsize=1)
def module():
    return open_module("strafexpedition_1916")


def new(scenario: str = "sc5_campaign", seed: int = 1, frozen: bool = False, **options: str) -> Position:
    """A new game; in Sc 5 the East sector is open (special rule 1) unless ``frozen``."""
    pos = Position.new(module(), scenario, seed=seed, options=options or None)
    if scenario == "sc5_campaign" and not frozen:
        pos.set("se_east_open", True)
    return pos


def game(pos: Position):
    rules = pos.session.ruleset
    return rules.game(pos.state)


def clear(pos: Position, hexes=None) -> None:
    """Remove every combat unit, fortress, HQ and trench from ``hexes`` (default: the whole map)."""
    g = game(pos)
    doomed = []
    for loc, stack in list(pos.state.stacks.items()):
        if loc not in g.data.hexes or (hexes is not None and loc not in hexes):
            continue
        doomed += [p for p in stack]
    if doomed:
        pos.remove(doomed, "clear the map")


def place(pos: Position, type_id: str, loc: str, face: int = 0, dp: int = 0, **props) -> int:
    pid = pos.place(type_id, loc, face, **props)
    if dp:
        pos.commands(f"{dp} DP on #{pid}", [C.SetProp(pid, "dp", dp), C.AddMarker(pid, f"DP {dp}")])
    return pid


def record(pos: Position, side: str, units=(), artillery=(), hq=None, brigade="x", area=None,
           lp: int = 1, box: int = 1, reaction: bool = False) -> dict:
    """Write an Action's record as activation would (se_actions)."""
    g = game(pos)
    rec = {"side": side, "acts": [{"hq": hq, "brigade": brigade, "side": side, "box": box,
                                   "area": sorted(area if area is not None else g.data.hexes),
                                   "units": list(units), "artillery": list(artillery), "independents": [],
                                   "sector": "", "lp": lp}],
           "reaction": reaction, "moved": [], "dug": [], "assaulted": [], "lost": [], "retreated": [],
           "trench_lost": {}, "bombarded": []}
    pos.set("se_actions", [rec])
    return rec


def units_at(pos: Position, loc: str, side: str | None = None) -> list[int]:
    return board.units_at(game(pos), loc, side)


def declare(pos: Position, pid: int, target: str) -> None:
    """An Assault marker on ``pid`` pointing at ``target`` (13.1.1), from where it stands."""
    here = pos.where(pid)
    pos.commands(f"#{pid} assaults {target}", [C.SetProp(pid, "assault", target),
                                                C.SetProp(pid, "assault_from", here),
                                                C.AddMarker(pid, f"Assault → {target}")])


def dp(pos: Position, pid: int) -> int:
    return game(pos).dp(pid)
