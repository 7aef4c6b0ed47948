"""Reinforcements (6.0) — Phase 1.

Reinforcements wait in ``reinforcements:<side>`` with their arrival turn and entry (the
scenario's structured entry data: the hexes, DP on arrival, the least distance from the enemy,
a halved MA, a conditional entry). In the Reinforcement Phase each side places its arrived
units in their entry hexes, even over the stacking limit (6.1), or delays them (6.2: a player
may always delay; a hex held by enemy units or in an enemy ZoC not negated by friendly units
cannot take them). HQs of arriving brigades go straight to box 5 of their Brigade Display.
Sc 5: units due at Marostica 1468 may enter at Valstagna 2872 from the turn after (special
rule 6); the Padova Brigade enters within 3 hexes of 1201 if Italy holds it, else at Recoaro.
After the 2nd Russian Success the AH receives no more reinforcements (22.0).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, command
from .game import Game, other, violation

ALT_FROM, ALT_TO = "1468", "2872"


def arrived(g: Game, side: str) -> list[int]:
    box = f"reinforcements:{side}"
    return [p for p in g.state.stacks.get(box, ()) if int(g.piece(p).props.get("arrives", 99)) <= g.turn]


def entry_hexes(g: Game, pid: int) -> list[str]:
    """Where the unit may enter now."""
    props = g.piece(pid).props
    side = g.side_of(pid)
    cond = props.get("entry_if_controlled")
    if cond and board.controller(g, str(cond)) != side:
        hexes = str(props.get("entry_else_hexes", "")).split()
    else:
        hexes = str(props.get("entry_hexes", "")).split()
    alt = str(g.sattr("alt_entry", "") or "")
    if alt.startswith(ALT_FROM) and ALT_FROM in hexes and int(props.get("arrives", 0)) < g.turn:
        hexes = hexes + [ALT_TO]
    out = []
    min_enemy = int(props.get("entry_min_enemy", 0) or 0)
    enemy = board.occupied(g, other(side))
    behind = "edge" in str(props.get("entry", "")) or "behind" in str(props.get("entry", ""))
    for h in hexes:
        if h not in g.data.hexes or not board.in_play_area(g, h):
            continue
        if enemy.get(h) or board.enemy_zoc(g, side, h, negated=True):
            continue                      # 6.2
        if behind and board.controller(g, h) != side:
            continue                      # "behind the Italian lines"
        if min_enemy and any(g.data.hex_distance(h, e) < min_enemy for e in enemy):
            continue
        out.append(h)
    return sorted(set(out))


class Reinforce(State):
    """6.1-6.2: place the arrived reinforcements of one side, or delay them."""
    name = "reinforce"
    rule = "6.1"

    def begin(self, g: Game, frame: dict) -> None:
        self._skip(g, frame)

    def resume(self, g: Game, frame: dict, result) -> None:
        self._skip(g, frame)

    def _skip(self, g: Game, frame: dict) -> None:
        """HQs go to the Brigade Display at once; a side with nothing to place is skipped."""
        side = frame["side"]
        blocked = side == "AH" and int(g.get("russian_successes", 0) or 0) >= 2
        for pid in arrived(g, side):
            if board.is_hq(g, pid) and not blocked:
                for k in list(g.piece(pid).props):
                    if k != "owner":
                        g.do(C.SetProp(pid, k, None))
                g.do(C.Move(pid, command.box_loc(side, command.NOT_ACTIVATED)))
        if blocked or not [p for p in arrived(g, side) if entry_hexes(g, p)]:
            self._next(g, frame)

    def _next(self, g: Game, frame: dict) -> None:
        nxt = frame.get("next")
        if nxt:
            g.goto("reinforce", side=nxt, next=None)
        else:
            g.end()

    def prompt(self, g: Game, frame: dict) -> Prompt:
        n = len(arrived(g, frame["side"]))
        return Prompt(frame["side"], "reinforcements",
                      f"{g.rules.side_name(frame['side'])}: place your {n} arriving reinforcements "
                      "in their entry hexes (stacking may be exceeded until the end of the turn), "
                      "or delay the rest")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in arrived(g, side):
            for h in entry_hexes(g, pid):
                yield self.offer("enter", side, unit=pid, at=h)
        yield self.offer("delay", side)

    def check_enter(self, g: Game, frame: dict, unit: Piece, at: Loc) -> Violation | None:
        side = frame["side"]
        if unit not in arrived(g, side):
            return violation("6.1", "only this turn's arrived reinforcements enter now")
        if at not in entry_hexes(g, unit):
            return violation("6.2", f"{g.name(unit)} cannot enter at {at}: not one of its entry "
                                    "hexes, or blocked by the enemy or its ZoC")
        return None

    def on_enter(self, g: Game, frame: dict, unit: Piece, at: Loc) -> None:
        """Enter"""
        props = dict(g.piece(unit).props)
        for k in list(props):
            if k != "owner":
                g.do(C.SetProp(unit, k, None))
        g.do(C.Move(unit, at))
        if props.get("entry_dp"):
            g.set_dp(unit, int(props["entry_dp"]))
        if props.get("entry_halved_ma"):
            g.do(C.SetProp(unit, "halved_ma_turn", g.turn))
        board.mark_control(g, unit, [at])
        g.note(f"{g.name(unit)} enters at {g.hex_name(at)}.")
        if not [p for p in arrived(g, frame["side"]) if entry_hexes(g, p)]:
            self._next(g, frame)

    def on_delay(self, g: Game, frame: dict) -> None:
        """Delay the rest"""
        rest = arrived(g, frame["side"])
        if rest:
            g.note(f"{g.rules.side_name(frame['side'])} delays {len(rest)} reinforcements (6.2).")
        self._next(g, frame)

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "enter":
            return f"{g.rules.side_name(action.side)}: {g.name(action['unit'])} enters at {g.hex_name(action['at'])}"
        return None
