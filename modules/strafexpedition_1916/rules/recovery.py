"""The Replacement and Recovery Phase (4.0-11, 21.0).

Each brigade may recover one lost step (21.2): flip one of its reduced battalions to full
strength, or bring back one of its Eliminated (not surrendered) battalions on its reduced side,
in the hex of, next to, or in the town hex nearest to a supplied unit of the brigade. A brigade
wholly eliminated or not yet arrived gets none (21.3). Each side also gets one step for its
independents (21.4: a reduced one flipped; eliminated independents never come back). Never next
to an enemy unit or out of supply (21.5). Then the supplied units of both sides that did not
force-march and stand next to no enemy unit lose one DP (21.6) — except a unit flipped to full
strength this phase (21.7). Last, the HQs leave the map for box 5 of their Brigade Display and
the turn's markers go (4.0-11; reading: Activated, Act, Def Fired and Out of Command markers).

Reading: the Initiative player first, then the other.
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, command, supply, units
from .game import SIDES, Game, other, violation

TURN_MARKERS = ("Activated", "Act", "Def Fired", "Act & Def Fired", "Out of Command")


def _fit(g: Game, pid: int, loc: str | None = None) -> bool:
    """21.5: not next to an enemy unit, not out of supply."""
    side = g.side_of(pid)
    loc = loc or g.where(pid)
    if board.adjacent_enemy(g, side, loc) or board.occupied(g, other(side)).get(loc):
        return False
    return loc in supply.supplied_hexes(g, side)


class Replacements(State):
    """21.2-21.5: one step per brigade and one for the independents, then done."""
    name = "replacements"
    rule = "21.2"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "replacements",
                      f"{g.rules.side_name(frame['side'])} (Phase 11): each brigade may recover one step "
                      "(flip a reduced battalion, or bring back an eliminated one reduced) and one "
                      "independent may be flipped; then done")

    def used(self, frame: dict) -> list[str]:
        return frame.get("used", [])

    def flips(self, g: Game, frame: dict) -> list[int]:
        side = frame["side"]
        out = []
        for loc, pids in board.occupied(g, side).items():
            for p in pids:
                if not board.is_infantry(g, p) or g.piece(p).face != 1:
                    continue
                key = board.brigade_of(g, p) or "independents"
                if key in self.used(frame) or not _fit(g, p):
                    continue
                out.append(p)
        return sorted(out)

    def rebuilds(self, g: Game, frame: dict) -> dict[int, list[str]]:
        side = frame["side"]
        out = {}
        for p in g.state.stacks.get(f"eliminated:{side}", ()):
            if not board.is_infantry(g, p):
                continue
            brigade = board.brigade_of(g, p)
            if not brigade or brigade in self.used(frame):
                continue                       # 21.4: independents are never rebuilt
            hexes = self.places(g, side, brigade, p)
            if hexes:
                out[p] = hexes
        return out

    def places(self, g: Game, side: str, brigade: str, pid: int) -> list[str]:
        supplied = supply.supplied_hexes(g, side)
        members = [m for m in command.brigade_units(g, side, brigade) if g.where(m) in supplied]
        if not members:
            return []                          # 21.3: wholly eliminated (or nobody in supply)
        spots = set()
        for m in members:
            loc = g.where(m)
            spots.add(loc)
            spots.update(g.data.nbrs[loc])
            towns = sorted(g.data.town, key=lambda t: (g.data.hex_distance(loc, t), t))
            if towns:
                spots.add(towns[0])
        out = []
        for h in spots:
            if not board.in_play_area(g, h) or board.occupied(g, other(side)).get(h):
                continue
            if len(board.stacking_units(g, h, side)) >= board.stack_limit(g, h):
                continue
            if _fit(g, pid, h):
                out.append(h)
        return sorted(out)

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for p in self.flips(g, frame):
            yield self.offer("replace", side, unit=p)
        for p, hexes in sorted(self.rebuilds(g, frame).items()):
            for h in hexes:
                yield self.offer("rebuild", side, unit=p, at=h)
        yield self.offer("done", side)

    def check_replace(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit in self.flips(g, frame):
            return None
        if not g.exists(unit) or g.side_of(unit) != frame["side"] or not board.is_infantry(g, unit):
            return violation("21.1", "only infantry-class units are replaced")
        if g.piece(unit).face != 1:
            return violation("21.2", f"{g.name(unit)} is not reduced")
        key = board.brigade_of(g, unit) or "independents"
        if key in self.used(frame):
            return violation("21.4" if key == "independents" else "21.2",
                             "one step per brigade (and one for the independents) a turn")
        return violation("21.5", f"{g.name(unit)} is next to the enemy or out of supply")

    def on_replace(self, g: Game, frame: dict, unit: Piece) -> None:
        """Replace a step"""
        key = board.brigade_of(g, unit) or "independents"
        g.do(C.SetFace(unit, 0))
        g.add_to("se_replaced", int(unit))
        g.update(used=self.used(frame) + [key])
        g.note(f"{g.name(unit)} is brought back to full strength (21.2).")

    def check_rebuild(self, g: Game, frame: dict, unit: Piece, at: Loc) -> Violation | None:
        options = self.rebuilds(g, frame)
        if unit in options and at in options[unit]:
            return None
        if g.exists(unit) and g.where(unit) == f"eliminated:{frame['side']}" and not board.brigade_of(g, unit):
            return violation("21.4", "eliminated independents are never rebuilt")
        if g.exists(unit) and g.where(unit).startswith("surrendered:"):
            return violation("21.2", "surrendered units never come back")
        return violation("21.2", "a rebuilt battalion goes, reduced, with, next to or in the town nearest to a "
                                 "supplied unit of its brigade, not next to the enemy (21.5)")

    def on_rebuild(self, g: Game, frame: dict, unit: Piece, at: Loc) -> None:
        """Bring back a battalion"""
        g.do(C.SetFace(unit, 1))
        g.do(C.Move(unit, at))
        g.update(used=self.used(frame) + [board.brigade_of(g, unit)])
        g.note(f"{g.name(unit)} comes back, reduced, at {g.hex_name(at)} (21.2).")

    def on_done(self, g: Game, frame: dict) -> None:
        """Replacements done"""
        nxt = frame.get("next")
        if nxt:
            g.goto("replacements", side=nxt, next=None)
            return
        g.end()
        recover(g)
        clean_up(g)


def recover(g: Game) -> None:
    """21.6-21.7: one DP off each supplied unit that did not force-march, next to no enemy, and
    was not replaced to full strength this turn."""
    n = 0
    for side in SIDES:
        for loc, pids in sorted(board.occupied(g, side).items()):
            for p in pids:
                if g.dp(p) <= 0 or g.listed("se_forced", p) or g.listed("se_replaced", p):
                    continue
                if board.adjacent_enemy(g, side, loc) or not (board.is_fortress(g, p) or supply.in_supply(g, p)):
                    continue
                g.set_dp(p, g.dp(p) - 1)
                n += 1
    if n:
        g.note(f"{n} units recover one disorganization point (21.6).")


def clean_up(g: Game) -> None:
    """4.0-11: the HQs leave the map for box 5; the turn's markers are removed."""
    for side in SIDES:
        for brigade, hq in sorted(command.hq_pieces(g, side).items()):
            loc = g.where(hq)
            if board.on_map(g, hq) or (loc.startswith(f"bd:{side}:") and loc != command.box_loc(side, command.NOT_ACTIVATED)):
                command.return_hq(g, hq)
    for pid in sorted(g.state.pieces):
        for m in TURN_MARKERS:
            if m in g.piece(pid).markers:
                g.do(C.RemoveMarker(pid, m))
