"""Retreats (9.4).

* After a battle (9.4.1, 9.4.2) a side with only Disorganized infantry or none (forts and
  cavalry ignored) must retreat when the enemy has a non-DG infantry unit; in an all-cavalry
  battle a side with no non-DG cavalry; on a Rout (FoW 2/12) the side with fewer non-DG combat
  units (a tie: nobody, the defender may). A trench in the hex or the Vosges (102, 103) make
  those retreats optional. The defender may always retreat all his non-fort units when a retreat
  path exists. A retreat moves every unit of the side in the hex (HQs too, flipped, 9.4.4; HA
  never retreat, 9.5.4; forts stay).
* Each hex entered follows the priorities of 9.4.3 strictly: friendly without enemy units,
  friendly with enemy units, enemy-controlled empty, enemy-controlled with enemy units and no
  Battle marker where friendly supplied units or un-besieged forts stand, enemy-controlled with
  non-DG enemy cavalry and no infantry (one unit loses a step); never across a triple diamond or
  an enemy Block marker (our reading of the missing footnotes). A unit with no hex is eliminated
  — an Allied one in a coastal hex retreats into the sea instead (9.4.5, our reading of when).
  Into an over-stacked hex: one hex more and a step lost, eliminated if still over-stacked.
  Out of supply (8.4.3 b) and, for the British, into Paris (8.4.7 b) only with no other choice.
* The Belgian 4th Division forced to retreat may instead leave for five turns (12.6).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, control, supply
from .bmap import battle
from .decision import Decision
from .game import PARIS, WORD, Game, other


def _category(g: Game, side: str, n: str, pids: list[int]) -> int:
    foe = other(side)
    ctrl = board.control(g, n)
    enemy = board.enemy_present(g, n, side)
    if ctrl == side:
        return 2 if enemy else 1
    if not enemy:
        return 3
    if n not in board.battle_hexes(g) and (
            any(supply.supplied(g, p) for p in board.units_at(g, n, side)) or board.live_forts(g, n, side)):
        return 4
    foes = board.units_at(g, n, foe)
    if foes and not any(board.kind(g, p).infantry for p in foes) and any(
            board.kind(g, p).cavalry and not board.dg(g, p) for p in foes):
        return 5
    return 0


def step_options(g: Game, side: str, frm: str, pids: list[int], avoid: tuple[str, ...] = ()) -> dict[str, int]:
    """The hexes a retreat from ``frm`` may enter now (9.4.3): the best category only, after the
    last-resort filters (8.4.3 b, 8.4.7 b)."""
    cats: dict[str, int] = {}
    for n in board.neighbours(g, frm):
        if n in avoid or board.impassable(g, frm, n) or board.blocked(g, frm, n, side):
            continue
        c = _category(g, side, n, pids)
        if c:
            cats[n] = c
    if not cats:
        return {}
    british = any(g.nat(p) == "BR" and board.kind(g, p).combat for p in pids)
    keys = {supply.source_key(g, p) for p in pids if board.kind(g, p).combat or board.kind(g, p).hq}

    def last_resort(n: str) -> bool:
        if british and n == PARIS:
            return True
        return any(supply.hex_status(g, n, side, k) is None for k in keys)
    preferred = {n: c for n, c in cats.items() if not last_resort(n)}
    pool = preferred or cats
    best = min(pool.values())
    return {n: c for n, c in pool.items() if c == best}


def first_step_options(g: Game, side: str, hex_: str, pids: list[int]) -> dict[str, int]:
    return step_options(g, side, hex_, pids)


def path_problem(g: Game, side: str, hex_: str, pids: list[int], path: list[str],
                 steps: int) -> Violation | None:
    if len(path) not in (steps, steps + 1):
        return Violation("GI 9.4.3", f"a retreat of {steps} hex{'es' if steps > 1 else ''}")
    here = hex_
    seen = (hex_,)
    for i, n in enumerate(path):
        opts = step_options(g, side, here, pids, seen)
        if n not in opts:
            if n in board.neighbours(g, here) and (board.impassable(g, here, n)
                                                   or board.blocked(g, here, n, side)):
                return Violation("GI 9.4.3", "retreats never cross triple diamonds or enemy "
                                             "Block markers")
            return Violation("GI 9.4.3", f"{g.place(n)} is not among the hexes of the highest "
                                         "retreat priority")
        if i == steps and not board.over_stacked(g, path[steps - 1], side, pids):
            return Violation("GI 9.4.3", "a retreat goes one hex further only out of an "
                                         "over-stacked hex")
        seen = seen + (n,)
        here = n
    if len(path) == steps and board.over_stacked(g, path[-1], side, pids):
        if step_options(g, side, path[-1], pids, seen):
            return Violation("GI 9.4.3", "that hex would be over-stacked: retreat one hex more "
                                         "(a step is lost)")
    return None


def retreat_paths(g: Game, side: str, hex_: str, pids: list[int], steps: int) -> list[list[str]]:
    """Every legal retreat path (a few hexes deep)."""
    out: list[list[str]] = []

    def walk(here: str, path: list[str]) -> None:
        if len(path) == steps:
            if not board.over_stacked(g, path[-1], side, pids):
                out.append(list(path))
                return
            nxt = step_options(g, side, here, pids, tuple([hex_] + path))
            if not nxt:
                out.append(list(path))   # eliminated when it gets there
            for n in nxt:
                out.append(path + [n])
            return
        for n in step_options(g, side, here, pids, tuple([hex_] + path)):
            walk(n, path + [n])
    walk(hex_, [])
    return out


def sea_drm(g: Game, pid: int) -> int:
    """9.4.5: British -1, French Territorials +2, Belgians +3."""
    nat = g.nat(pid)
    if nat == "BR":
        return -1
    if nat == "BE":
        return 3
    if nat == "FR" and "Territorial" in g.ptype(pid).name:
        return 2
    return 0


def sea_retreat(g: Game, pid: int) -> None:
    """9.4.5: the Sea Retreat Table (our reading: below 1 reads 1, above 6 eliminated)."""
    table = g.module.tables["sea_retreat"]
    die = g.roll(f"Sea retreat of {g.label(pid)}", "1d6")
    total = max(1, die + sea_drm(g, pid))
    ahead = int(table.lookup(total, "turns_ahead")) if total <= 6 else 0
    if ahead and f"turn-{g.turn + ahead}" in g.module.locations:
        g.do(C.Move(pid, f"turn-{g.turn + ahead}"))
        g.do(C.SetProp(pid, "entry", "?"))
        g.do(C.SetProp(pid, "dg_entry", True))
        g.note(f"{g.label(pid)} retreats into the sea (roll {die}, {total}): back "
               f"Disorganized in {ahead} turns (9.4.5)")
    else:
        board.eliminate(g, pid, f"lost at sea (roll {die}, {total}), 9.4.5")


def must_retreat(g: Game, hex_: str, rout: bool) -> tuple[list[str], list[str]]:
    """9.4.2: (sides that must retreat, sides whose retreat the exceptions made optional)."""
    sides = ("allied", "german")

    def inf_ok(s):
        return [p for p in board.units_at(g, hex_, s) if board.kind(g, p).infantry and not board.dg(g, p)]

    def any_inf(s):
        return [p for p in board.units_at(g, hex_, s) if board.kind(g, p).infantry]

    forced = []
    if not any_inf("allied") and not any_inf("german"):
        for s in sides:
            if board.units_at(g, hex_, s) and not any(not board.dg(g, p) for p in board.units_at(g, hex_, s)) \
                    and any(not board.dg(g, p) for p in board.units_at(g, hex_, other(s))):
                forced.append(s)
    else:
        for s in sides:
            if board.units_at(g, hex_, s) and not inf_ok(s) and inf_ok(other(s)):
                forced.append(s)
    if rout:
        counts = {s: sum(1 for p in board.units_at(g, hex_, s) if not board.dg(g, p)) for s in sides}
        if counts["allied"] != counts["german"]:
            loser = min(sides, key=lambda s: counts[s])
            if loser not in forced and board.units_at(g, hex_, loser):
                forced.append(loser)
    if board.trench(g, hex_) or board.vosges(g, hex_):
        return [], forced
    return forced, []


def can_retreat_all(g: Game, side: str, hex_: str, pids: list[int]) -> bool:
    """9.4.1: a voluntary retreat takes every unit, so each needs a retreat hex."""
    return all(first_step_options(g, side, hex_, [p]) for p in pids)


def retreaters(g: Game, hex_: str, side: str) -> list[int]:
    """9.4.1, 9.4.4: every combat unit and HQ of the side in the hex (HA and forts stay)."""
    return board.units_at(g, hex_, side) + board.hqs_at(g, hex_, side)


class AfterBattle(State):
    """9.3.6-9.4: after the survivors return to the hex, the retreats."""
    name = "after_battle"
    rule = "9.4"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        hex_ = frame["hex"]
        b = battle(g)
        if frame["stage"] == 0:
            forced, optional = must_retreat(g, hex_, bool(b.get("rout")))
            defender = b.get("defender")
            if defender and defender not in forced and defender not in optional:
                optional.append(defender)          # GI 9.4.1: the defender may always retreat
            if b.get("rout") and not forced and not optional:
                optional.append(defender)
            g.update(stage=1, forced=forced, optional=[s for s in optional if s not in forced])
            return
        if frame["stage"] == 1:
            queue = list(frame["forced"])
            if queue:
                side = queue.pop(0)
                g.update(forced=queue)
                pids = retreaters(g, hex_, side)
                if pids:
                    g.call("retreat", side=side, hex=hex_, pids=pids, steps=1, reason="forced",
                           after=None)
                return
            g.update(stage=2)
            return
        if frame["stage"] == 2:
            queue = list(frame["optional"])
            if queue:
                side = queue.pop(0)
                g.update(optional=queue)
                pids = retreaters(g, hex_, side)
                if pids and can_retreat_all(g, side, hex_, pids):
                    g.call("retreat_choice", side=side, hex=hex_)
                return
            g.end()


class RetreatChoice(State):
    """9.4.1, 9.4.2: a side may retreat (all its units) or stay."""
    name = "retreat_choice"
    rule = "9.4.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "retreat_choice", f"{WORD[side]}: retreat from {g.place(frame['hex'])} "
                                              "(every unit) or stay (9.4.1)?")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("retreat", frame["side"])
        yield self.offer("stay", frame["side"])

    def on_retreat(self, g: Game, frame: dict) -> None:
        """Retreat"""
        pids = retreaters(g, frame["hex"], frame["side"])
        g.goto("retreat", side=frame["side"], hex=frame["hex"], pids=pids, steps=1,
               reason="voluntary", after=None)

    def on_stay(self, g: Game, frame: dict) -> None:
        """Stay"""
        g.end()


class Retreat(Decision):
    """9.4.3: the owner moves his retreating units, singly or in groups."""
    name = "retreat"
    rule = "9.4.3"

    def begin(self, g: Game, frame: dict) -> None:
        self._settle_hopeless(g, frame)

    def _left(self, g: Game, frame: dict) -> list[int]:
        return [p for p in frame["pids"] if p in g.state.pieces and g.loc(p) == frame["hex"]]

    def _settle_hopeless(self, g: Game, frame: dict) -> None:
        """Units with no hex to go to are eliminated (or retreat into the sea, 9.4.5)."""
        side, hex_ = frame["side"], frame["hex"]
        for p in self._left(g, frame):
            if first_step_options(g, side, hex_, [p]):
                continue
            if board.kind(g, p).hq:
                board.eliminate(g, p, "9.4.4: no retreat")
            elif side == "allied" and board.coastal(g, hex_) and board.kind(g, p).combat:
                sea_retreat(g, p)
            else:
                board.eliminate(g, p, "9.4.3: no retreat possible")
        if not self._left(g, frame) and not frame.get("loss"):
            self._finish(g, g.top)

    def _finish(self, g: Game, frame: dict) -> None:
        control.settle(g, [frame["hex"]])
        g.end(frame.get("after"))

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        if frame.get("loss"):
            return Prompt(side, "retreat_loss", f"{WORD[side]}: one retreating unit loses a step "
                                                f"({frame['loss']['why']}): choose it")
        n = frame["steps"]
        return Prompt(side, "retreat", f"{WORD[side]}: retreat your units from "
                                       f"{g.place(frame['hex'])} {n} hex{'es' if n > 1 else ''} "
                                       "(9.4.3 priorities)")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        if frame.get("loss"):
            for p in frame["loss"]["pids"]:
                if p in g.state.pieces and board.kind(g, p).combat:
                    yield self.offer("lose_step", side, unit=p)
            return
        left = self._left(g, frame)
        groups = [left] if len(left) > 1 else []
        groups += [[p] for p in left]
        for grp in groups:
            for path in retreat_paths(g, side, frame["hex"], grp, frame["steps"]):
                yield self.offer("retreat", side, units=grp, path=path)
        for p in left:
            if g.state.pieces[p].type == "BE-4" and frame["reason"] == "forced":
                yield self.offer("evacuate", side, unit=p)

    def check_retreat(self, g: Game, frame: dict, units: tuple[Piece, ...],
                      path: tuple[Loc, ...]) -> Violation | None:
        if frame.get("loss"):
            return Violation("GI 9.4.3", "first choose the unit that loses a step")
        left = self._left(g, frame)
        if not units or any(p not in left for p in units):
            return Violation("GI 9.4.3", "only the retreating units of this hex retreat")
        return path_problem(g, frame["side"], frame["hex"], list(units), [str(h) for h in path],
                            frame["steps"])

    def on_retreat(self, g: Game, frame: dict, units: tuple[Piece, ...], path: tuple[Loc, ...]) -> None:
        """Retreat these units along this path"""
        side = frame["side"]
        pids = [int(p) for p in units]
        path = [str(h) for h in path]
        why = ""
        here = frame["hex"]
        for i, n in enumerate(path):
            cat = _category(g, side, n, pids)
            for p in pids:
                g.do(C.Move(p, n))
            if cat == 5:
                why = "entering a hex held by enemy cavalry (9.4.3)"
            here = n
        if len(path) > frame["steps"]:
            why = "retreating through an over-stacked hex (9.4.3)"
        for p in pids:
            if board.kind(g, p).hq and g.face(p) == 0:
                g.do(C.SetFace(p, 1))                 # GI 9.4.4
        g.note(f"{g.names(pids)} retreat{'s' if len(pids) == 1 else ''} to {g.place(here)}")
        if board.over_stacked(g, here, side):
            # one hex further and still over-stacked, or no hex further to go to: eliminated
            for p in [p for p in pids if board.kind(g, p).combat]:
                board.eliminate(g, p, "still over-stacked after retreating (9.4.3)")
        if frame["reason"] == "rearguard":
            for p in pids:
                if p in g.state.pieces and board.kind(g, p).cavalry and not board.dg(g, p):
                    g.do(C.SetFace(p, 1))             # GI 9.6.3 b
        control.settle(g, [frame["hex"]] + path)
        combat_units = [p for p in pids if p in g.state.pieces and board.kind(g, p).combat
                        and g.loc(p) == here]
        if why and combat_units:
            g.update(loss={"pids": combat_units, "why": why})
            return
        self._settle_hopeless(g, g.top)

    def check_lose_step(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if not frame.get("loss") or unit not in frame["loss"]["pids"]:
            return Violation("GI 9.4.3", "choose one of the retreating units")
        return None

    def on_lose_step(self, g: Game, frame: dict, unit: Piece) -> None:
        """This unit loses the step"""
        if board.dg(g, unit):
            board.eliminate(g, unit, frame["loss"]["why"])
        else:
            g.do(C.SetFace(unit, 1))
            g.note(f"{g.label(unit)} is Disorganized ({frame['loss']['why']})")
        g.update(loss=None)
        self._settle_hopeless(g, g.top)

    def check_evacuate(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if g.state.pieces.get(unit) is None or g.state.pieces[unit].type != "BE-4" \
                or frame["reason"] != "forced" or unit not in self._left(g, frame):
            return Violation("GI 12.6", "only the Belgian 4th Division forced to retreat")
        return None

    def on_evacuate(self, g: Game, frame: dict, unit: Piece) -> None:
        """Remove the 4th Division for five turns (12.6)"""
        cell = f"turn-{g.turn + 5}"
        if cell in g.module.locations:
            g.do(C.Move(unit, cell))
            g.do(C.SetProp(unit, "entry", "belgian_coast"))
            if g.face(unit):
                g.do(C.SetFace(unit, 0))
            g.note(f"The Belgian 4th Division leaves for the coast; back on turn {g.turn + 5} (12.6)")
        else:
            board.remove_from_play(g, unit, why="12.6: it would return after the last turn")
        self._settle_hopeless(g, g.top)

    LINES = {
        "retreat": "{side}: {units} retreat to {path}", "lose_step": "{side}: {unit} loses a step",
        "evacuate": "{side}: the Belgian 4th Division leaves (12.6)"}
