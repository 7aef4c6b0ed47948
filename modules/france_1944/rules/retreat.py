"""Retreat (9.7), picking up HQs (4.10) and advance after combat (9.8, 12.8).

Retreat: the defenders of one hex retreat together, all or nothing: German infantry (and
German armour stacked with it) exactly 2 hexes, every other group 2 or 3 (the retreat_length
table), ending at least 2 hexes from every attacking unit (reading R9.7: from every hex an
attacking unit stands in), never into or through an enemy ZOC hex without a friendly combat unit,
never over the stacking limits at any moment (7.1), never across a red hexside, into an enemy
hex or across the Rhine where a unit could not move (12.8). A group that cannot gets no retreat
and one extra step loss.
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, movement, rhine, supply
from .board import position
from .game import Game, other
from .losses import combat, set_combat, take_step
from .settle import settle


def retreat_length(g: Game, group) -> tuple[int, int]:
    """9.7 (and 10.1.3): the retreat_length table's row for a group."""
    if g.side_of(group[0]) == "german":
        if any(g.game_type(p) == "infantry" for p in group):
            row = "german_infantry"
        else:
            row = "german_armour"
    else:
        row = "allied"
    r = g.row("retreat_length", row)
    return int(r["min"]), int(r["max"])


def retreat_paths(g: Game, start: str, group, attack_hexes, exclude=frozenset()) -> list[list[str]]:
    """Every legal retreat path of ``group`` from ``start`` (start first)."""
    facts = g.facts
    pos = position(g)
    side = g.side_of(group[0])
    enemy = other(side)
    lo, hi = retreat_length(g, group)
    group = list(group)
    out: list[list[str]] = []

    def ok(a: str, b: str, path) -> bool:
        if b in path or b in facts.offmap_south or b in exclude or b not in facts.land:
            return False
        if facts.blocked(a, b) or pos.occupied(enemy, b):
            return False
        if facts.is_rhine(a, b) and not rhine.crossable(g, a, b):
            return False
        others = [p for p in pos.combat(side, b) if p not in group]
        if pos.in_zoc(enemy, b) and not others:
            return False
        return board.fits(g, pos, side, b, group, leaving=group)

    def far(h: str) -> bool:
        return all(facts.distance(h, a) >= 2 for a in attack_hexes)

    def walk(path):
        if len(path) - 1 >= lo and far(path[-1]):
            out.append(list(path))
        if len(path) - 1 >= hi:
            return
        for n in facts.neighbours.get(path[-1], ()):
            if ok(path[-1], n, path):
                walk(path + [n])
    walk([start])
    return out


def pickup_candidates(g: Game, path, group) -> list[int]:
    """4.10: HQs in the hexes the retreat leaves or passes through that could command one of
    the retreating units (not the hex it ends in)."""
    pos = position(g)
    side = g.side_of(group[0])
    out = []
    for h in path[:-1]:
        for hq in pos.hqs[side].get(h, []):
            if any(supply.may_command(g, hq, u) for u in group):
                out.append(hq)
    return out


class Retreat(State):
    """9.7: the owner retreats each defending group (frame ``queue``: the hexes still to
    retreat from)."""
    name = "retreat"
    rule = "9.7"

    def begin(self, g: Game, frame: dict) -> None:
        self._skip_blocked(g, frame)

    def _skip_blocked(self, g: Game, frame: dict) -> None:
        """Groups that cannot retreat stay and lose one more step (9.7)."""
        queue = list(frame["queue"])
        while queue:
            h = queue[0]
            group = self.group(g, h)
            if not group:
                queue.pop(0)
                continue
            if retreat_paths(g, h, group, self.attack_hexes(g)):
                break
            queue.pop(0)
            g.note(f"The defenders in {g.hex_name(h)} cannot retreat 2 hexes: they stay and lose one "
                   f"more step (9.7)")
            if len(group) == 1:
                take_step(g, group[0])
                settle(g)
            else:
                g.update(queue=queue)
                g.call("losses", side=g.side_of(group[0]), hits=1, pool=group, counter="def_lost")
                return
        g.update(queue=queue)
        if not queue:
            g.end()

    def resume(self, g: Game, frame: dict, result) -> None:
        self._skip_blocked(g, frame)

    def group(self, g: Game, h: str) -> list[int]:
        return list(position(g).combat(combat(g)["defender"], h))

    def attack_hexes(self, g: Game) -> list[str]:
        return sorted({g.where(p) for p in combat(g)["attackers"] if board.on_map(g, p)})

    def prompt(self, g: Game, frame: dict) -> Prompt:
        h = frame["queue"][0]
        side = combat(g)["defender"]
        lo, hi = retreat_length(g, self.group(g, h))
        n = f"{lo}" if lo == hi else f"{lo} or {hi}"
        return Prompt(side, "retreat", f"{g.side_word(side)}: retreat the units in {g.hex_name(h)} "
                                       f"{n} hexes together, ending 2 hexes from the attackers (9.7)")

    def actions(self, g: Game, frame: dict):
        h = frame["queue"][0]
        side = combat(g)["defender"]
        for path in retreat_paths(g, h, self.group(g, h), self.attack_hexes(g)):
            yield self.offer("retreat", side, path=path)

    def check_retreat(self, g: Game, frame: dict, path: tuple[Loc, ...]) -> Violation | None:
        h = frame["queue"][0]
        if list(path) not in retreat_paths(g, h, self.group(g, h), self.attack_hexes(g)):
            return Violation(g.cite("9.7"), "not a legal retreat: 2 hexes (3 where allowed) together, "
                                            "ending 2 hexes from the attackers, no enemy ZOC without a "
                                            "friendly unit, within the stacking limits")
        return None

    def on_retreat(self, g: Game, frame: dict, path: tuple[Loc, ...]) -> None:
        """Retreat"""
        h = frame["queue"][0]
        group = self.group(g, h)
        path = list(path)
        hqs = pickup_candidates(g, path, group)
        for p in group:
            g.do(C.Move(p, path[-1]))
            movement.arrive(g, p, path, "retreat")
        g.note(f"{g.names(group)} retreat from {g.hex_name(h)} to {g.hex_name(path[-1])}")
        g.update(queue=frame["queue"][1:])
        if hqs:
            settle(g, spare=hqs)                 # the enemy's lone HQs go now; these wait (4.10)
            g.call("hq_pickup", hqs=hqs, to=path[-1])
            return
        settle(g)
        self._skip_blocked(g, g.top)

    def describe(self, g: Game, frame: dict, action) -> str | None:
        path = list(action["path"])
        return f"{g.who(action.side)}: retreat {g.hex_name(path[0])} → {g.hex_name(path[-1])}"


class HQPickup(State):
    """4.10: an HQ in a hex the retreat leaves or passes through may go with the retreating
    units if it could command one of them; otherwise it stays (and disperses if then alone in
    an enemy ZOC)."""
    name = "hq_pickup"
    rule = "4.10"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        hq = frame["hqs"][0]
        return Prompt(g.side_of(hq), "hq_pickup",
                      f"{g.side_word(g.side_of(hq))}: take {g.name(hq)} along the retreat to "
                      f"{g.hex_name(frame['to'])}, or leave it (4.10)")

    def actions(self, g: Game, frame: dict):
        hq = frame["hqs"][0]
        yield self.offer("take", g.side_of(hq), hq=hq)
        yield self.offer("leave", g.side_of(hq), hq=hq)

    def check_take(self, g: Game, frame: dict, hq: Piece) -> Violation | None:
        return None if hq == frame["hqs"][0] else Violation(g.cite("4.10"), "not this HQ now")

    check_leave = check_take

    def on_take(self, g: Game, frame: dict, hq: Piece) -> None:
        """Take the HQ along"""
        g.do(C.Move(hq, frame["to"]))
        g.note(f"{g.name(hq)} retreats with its units to {g.hex_name(frame['to'])} (4.10)")
        self._next(g, frame)

    def on_leave(self, g: Game, frame: dict, hq: Piece) -> None:
        """Leave it where it is"""
        self._next(g, frame)

    def _next(self, g: Game, frame: dict) -> None:
        rest = frame["hqs"][1:]
        settle(g, spare=rest)
        rest = [q for q in rest if board.on_map(g, q)]
        if rest:
            g.update(hqs=rest)
            return
        g.end()


# -- advance after combat (9.8) ---------------------------------------------------------------------------
def advance_paths(g: Game, pid: int, vacated, amphibious: bool = False) -> list[list[str]]:
    """9.8: into a vacated hex (first), then — if it is not in an enemy ZOC, or for armour in
    any case — one hex more in any direction; 12.8: after an amphibious assault only the
    vacated hex. Never across a red hexside, into an enemy hex or over the stacking limits."""
    facts = g.facts
    pos = position(g)
    side = g.side_of(pid)
    enemy = other(side)
    h = g.where(pid)
    out = []
    for v in vacated:
        if v not in facts.neighbours.get(h, ()) or facts.blocked(h, v) or pos.occupied(enemy, v):
            continue
        if not board.fits(g, pos, side, v, [pid]):
            continue
        if facts.is_rhine(h, v) and not amphibious and not rhine.crossable(g, h, v):
            continue
        out.append([h, v])
        if amphibious and facts.is_rhine(h, v):
            continue                                     # 12.8: advance into the vacated hex and stop
        if pos.in_zoc(enemy, v) and g.game_type(pid) != "armour":
            continue                                     # 9.8: infantry stops in an enemy ZOC
        for x in facts.neighbours.get(v, ()):
            if x == h or x in facts.offmap_south or facts.blocked(v, x) or pos.occupied(enemy, x):
                continue
            if facts.is_rhine(v, x) and not rhine.crossable(g, v, x):
                continue
            if board.fits(g, pos, side, x, [pid]):
                out.append([h, v, x])
    return out


class Advance(State):
    """9.8: the units that took part in the attack may advance, one at a time (frame: none;
    the combat global lists the candidates and the vacated hexes)."""
    name = "advance"
    rule = "9.8"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        return Prompt(c["attacker"], "advance",
                      f"{g.side_word(c['attacker'])}: advance after combat into "
                      f"{' / '.join(g.hex_name(h) for h in c['vacated'])}, one unit at a time, or done (9.8)")

    def candidates(self, g: Game) -> list[int]:
        c = combat(g)
        done = c.get("advanced", [])
        return [p for p in c["attackers"] if board.on_map(g, p) and p not in done]

    def actions(self, g: Game, frame: dict):
        c = combat(g)
        for p in self.candidates(g):
            for path in advance_paths(g, p, c["vacated"], c.get("amphibious", False)):
                yield self.offer("advance", c["attacker"], unit=p, path=path)
        yield self.offer("done", c["attacker"])

    def check_advance(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        c = combat(g)
        if unit not in self.candidates(g):
            return Violation(g.cite("9.8"), "only a unit that took part in the attack advances, once")
        if list(path) not in advance_paths(g, unit, c["vacated"], c.get("amphibious", False)):
            return Violation(g.cite("9.8"), "an advance enters the vacated hex first, then at most one "
                                            "more hex (infantry stops in an enemy ZOC)")
        return None

    def on_advance(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Advance"""
        g.do(C.Move(unit, path[-1]))
        movement.arrive(g, unit, list(path), "advance")
        set_combat(g, advanced=combat(g).get("advanced", []) + [unit])
        settle(g)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done advancing"""
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "advance":
            path = list(action["path"])
            return f"{g.who(action.side)}: {g.name(action['unit'])} advances to {g.hex_name(path[-1])}"
        return None
