"""Optional fog of war (25.0) and the hidden LP total (7.0).

With the scenario option ``fog_of_war``: an infantry-type unit is put on top of each stack when
the stack has one (25.1); every other unit of a stack is ``concealed`` from the opponent (25.3: a
player examines only his own stacks; the top counter is what stands in view); Disorganization
Points are kept in ``secret:<side>:dp`` instead of on the counters (25.2). Combat reports still
name the units and their strength and morale, as 25.3 requires when combat occurs. With
``hidden_lp`` a side's LP total lives in ``secret:<side>:lp`` (7.0); its spending shows only
through what it buys.

The concealment is refreshed after every action (the ruleset's ``apply``), in the same undo step.
"""
from __future__ import annotations

from engine import commands as C

from . import board
from .game import SIDES, Game


def refresh(g: Game) -> None:
    if not g.option("fog_of_war"):
        return
    hexes = g.data.hexes
    for loc, stack in list(g.state.stacks.items()):
        on_map = loc in hexes
        for side in SIDES:
            mine = [p for p in stack if board.is_combat(g, p) and g.side_of(p) == side]
            if not mine:
                continue
            if on_map:
                inf = [p for p in mine if board.is_infantry(g, p)]
                top = mine[-1]
                if inf and top not in inf:
                    order = [p for p in g.state.stacks[loc] if p != inf[-1]] + [inf[-1]]
                    g.do(C.Reorder(loc, order))
                    top = inf[-1]
                    stack = g.state.stacks[loc]
            for p in mine:
                want = bool(on_map and p != top)
                if bool(g.piece(p).props.get("concealed")) != want:
                    g.do(C.SetProp(p, "concealed", True if want else None))
