"""The General Retreat (8.7): declared at the start of an Action Segment (see
:mod:`.action`), free of CAP.

* Allied (8.7.2): every French and British unit on the map (not Belgian) may move with its
  normal MA, HQ effects included, one hex at a time, each unit once, only into
  friendly-controlled hexes free of enemy units and un-besieged forts. Joffre II from the next
  turn; the remaining Allied Mandated Battles are cancelled without penalty; -3 Plan 17 VP on
  turn 3, -2 later, at the end of the retreat; the Initiative passes to the German.
* German (8.7.3): every German unit (HA too, 9.5.4) moves the same way; then "Entrenchments
  Allowed"; the German may spend CAP, one per hex, to entrench hexes holding supplied friendly
  infantry; Falkenhayn from the next turn; -4 VP on turn 4, -3 later; the Initiative passes to
  the Allies.
"""
from __future__ import annotations

from typing import Iterator

from engine.actions import Action, Loc, Piece
from engine.rules import Prompt, Violation

from . import board, movement, trenches, vp
from .caps import cap_of, spend
from .decision import Decision
from .game import WORD, Game


def may_move(g: Game, side: str, pid: int, moved: list[int]) -> bool:
    k = board.kind(g, pid)
    if k.side != side or pid in moved or not board.is_hex(g.loc(pid)):
        return False
    if not (k.combat or k.hq or k.ha):
        return False
    if side == "allied":
        return k.nat in ("FR", "BR")
    return True


def movers(g: Game, side: str, moved: list[int]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for pid, piece in g.state.pieces.items():
        if may_move(g, side, pid, moved):
            out.setdefault(piece.loc, []).append(pid)
    return out


class GeneralRetreat(Decision):
    """8.7.2 / 8.7.3: the retreat's free moves, then (German) the trenches."""
    name = "general_retreat"
    rule = "8.7"

    def begin(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        g.set(f"gi_gr_{side}", g.turn)
        g.note(f"{WORD[side]} General Retreat declared (8.7)")
        if side == "allied":
            g.set("gi_joffre_turn", g.turn + 1)
            if int(g.get("allied_mandated_battles", 0) or 0):
                g.note("The remaining Allied Mandated Battles are cancelled (8.7.2)")
            g.set("allied_mandated_battles", 0)
        else:
            g.set("gi_falkenhayn_turn", g.turn + 1)
            g.set("entrenchments_allowed", True)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        if frame["stage"] == "trench":
            return Prompt(side, "gr_trench", f"German: entrench hexes with supplied German infantry "
                                             f"(1 CAP each, {cap_of(g, side)} left), then done (8.7.3)")
        return Prompt(side, "general_retreat", f"{WORD[side]} General Retreat: move units, each "
                                               "once, into friendly uncontested hexes; then done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        if frame["stage"] == "trench":
            if cap_of(g, side) >= 1:
                for h in board.HEX_IDS:
                    if self._trench_problem(g, h) is None:
                        yield self.offer("entrench", side, hex=h)
            yield self.offer("done", side)
            return
        active = frame.get("active")
        if active is None:
            for loc in sorted(movers(g, side, frame["moved"]), key=int):
                yield self.offer("activate", side, hex=Loc(loc))
            yield self.offer("done", side)
            return
        pids = movers(g, side, frame["moved"]).get(active, [])
        groups = [pids] if len(pids) > 1 else []
        seen = set()
        for p in pids:
            key = (g.state.pieces[p].type if board.kind(g, p).hq else
                   (board.kind(g, p).size, board.kind(g, p).cavalry, board.kind(g, p).ha,
                    g.face(p), int(g.value(p, "ma") or 0), g.nat(p)))
            if key not in seen:
                seen.add(key)
                groups.append([p])
        for grp in groups:
            gp = movement.group(g, side, grp, gr=True)
            units = tuple(Piece(p) for p in grp)
            for dest, path in sorted(movement.reach(g, gp).items(), key=lambda kv: int(kv[0])):
                yield self.offer("move", side, units=units, path=tuple(Loc(h) for h in path))
        yield self.offer("next_hex", side)

    def _trench_problem(self, g: Game, h: str) -> Violation | None:
        if board.trench(g, h):
            return Violation("GI 9.7.2", "one trench per hex")
        if not trenches.supplied_infantry(g, h, "german"):
            return Violation("GI 8.7.3", "the German entrenches hexes holding supplied German "
                                         "infantry")
        return None

    def check_activate(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if frame["stage"] != "move" or frame.get("active") is not None:
            return Violation("GI 8.7.2", "units are activated one hex at a time")
        if hex not in movers(g, frame["side"], frame["moved"]):
            return Violation("GI 8.7.2", "no unit there may move in the General Retreat")
        return None

    def on_activate(self, g: Game, frame: dict, hex: Loc) -> None:
        """Activate this hex (free)"""
        g.update(active=str(hex))

    def check_next_hex(self, g: Game, frame: dict) -> Violation | None:
        if frame.get("active") is None:
            return Violation("GI 8.7.2", "no hex is activated")
        return None

    def on_next_hex(self, g: Game, frame: dict) -> None:
        """Done with this hex"""
        g.update(active=None)

    def check_move(self, g: Game, frame: dict, units: tuple[Piece, ...],
                   path: tuple[Loc, ...]) -> Violation | None:
        side = frame["side"]
        if frame["stage"] != "move":
            return Violation("GI 8.7.3", "the retreat's moves are over")
        if frame.get("active") is None or any(p in g.state.pieces and g.loc(p) != frame["active"]
                                              for p in units):
            return Violation("GI 8.7.2", "units are activated one hex at a time: activate their "
                                         "hex first")
        pids = list(units)
        if not pids or any(p not in g.state.pieces for p in pids):
            return Violation("GI 8.7", "choose units")
        if any(p in frame["moved"] for p in pids):
            return Violation("GI 8.7.2", "no unit moves more than once in a General Retreat")
        if any(not may_move(g, side, p, frame["moved"]) for p in pids):
            return Violation("GI 8.7.2", "Belgian units do not take part in the Allied General "
                                         "Retreat")
        if len({g.loc(p) for p in pids}) != 1:
            return Violation("GI 8.7.2", "units are activated one hex at a time")
        return movement.problem(g, movement.group(g, side, pids, gr=True), [str(h) for h in path])

    def on_move(self, g: Game, frame: dict, units: tuple[Piece, ...], path: tuple[Loc, ...]) -> None:
        """Move these units along this path"""
        pids = [int(p) for p in units]
        movement.carry_out(g, movement.group(g, frame["side"], pids, gr=True), [str(h) for h in path])
        g.update(moved=frame["moved"] + pids)
        if not movers(g, frame["side"], g.top["moved"]).get(frame["active"]):
            g.update(active=None)

    def check_entrench(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if frame["stage"] != "trench":
            return Violation("GI 8.7.3", "the German entrenches after his retreat's moves")
        if cap_of(g, frame["side"]) < 1:
            return Violation("GI 5.2", "not enough CAP")
        return self._trench_problem(g, hex)

    def on_entrench(self, g: Game, frame: dict, hex: Loc) -> None:
        """Entrench this hex (1 CAP)"""
        spend(g, frame["side"])
        trenches.build(g, frame["side"], hex)

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        if frame.get("active") is not None:
            return Violation("GI 8.7.2", "finish with the activated hex first")
        return None

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        side = frame["side"]
        if side == "german" and frame["stage"] == "move":
            g.update(stage="trench")
            return
        t = g.turn
        if side == "allied":
            vp.add(g, "allied", -3 if t <= 3 else -2, "Allied General Retreat (8.7.2)")
        else:
            vp.add(g, "german", -4 if t <= 4 else -3, "German General Retreat (8.7.3)")
        g.end({"kind": "gr_done", "side": side})

    LINES = {
        "activate": "{side} (General Retreat): activates {hex}",
        "move": "{side} (General Retreat): moves {units} to {path}",
        "next_hex": "{side}: done with that hex", "entrench": "{side}: entrenches {hex}",
        "done": "{side}: done"}
