"""The Artillery Phase (4.0-6, 19.1, 19.2, 19.5, 20.7, 18.6; Sc 5 the Roana bridge).

The Initiative player first, then the other (4.0-6): each artillery unit is set for the whole
turn to its moving side or its in-battery side (19.1); heavy artillery going into battery needs
a full turn and cannot fire this turn (19.2: an "Act" marker); a side may instead spike its own
artillery or fortresses that are in supply (19.5, 20.7: to the Eliminated pile, no VP; a spiked
fortress erases every trench level of its hex), reduce by one level a trench its non-artillery
units occupy (18.6), and, in Sc 5, Italy may try to demolish the Roana bridge with infantry in
3351 or 3352 (1-4 on a die: the hexside becomes a cliff for good).

Scenario rules read here: Italian artillery may not change mode on turn 1 (Sc 1, Sc 2); the AH
III Corps artillery may not move in Sc 1 and the AH artillery may not move in Sc 3 (reading:
it may not be set to its moving side).

Reading (4.0-6 "Activated" and 19.2 "Act"): the heavy unit's marker is "Act", and it may fire
from the next turn (19.2's "cannot fire in the turn it switches"; 4.0's "two turns" counts the
turn of the switch and the next, when it fires).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, supply, trenches, units
from .game import Game, violation

ROANA = ("3351", "3352")


def artillery_of(g: Game, side: str) -> list[int]:
    return sorted(p for pids in board.occupied(g, side).values() for p in pids if board.is_artillery(g, p))


def forts_of(g: Game, side: str) -> list[int]:
    return sorted(p for pids in board.occupied(g, side).values() for p in pids if board.is_fortress(g, p))


def is_heavy(g: Game, pid: int) -> bool:
    return g.ptype(pid).size == "heavy"


def static(g: Game, pid: int) -> str | None:
    """The scenario rule that keeps this artillery from changing mode or moving, if any."""
    side = g.side_of(pid)
    if side == "IT" and g.turn == 1 and g.sattr("it_artillery_fixed_turn1"):
        return "Sc1/Sc2: Italian artillery may not change mode on turn 1"
    corps = str(g.ptype(pid).attrs.get("corps", ""))
    if side == "AH" and corps == "III" and g.sattr("ah_iii_corps_artillery_static"):
        return "Sc1: the AH III Corps artillery may not move"
    if side == "AH" and g.sattr("ah_artillery_static"):
        return "Sc3: the AH artillery may not move"
    return None


def bridge_intact(g: Game) -> bool:
    return bool(g.sattr("roana_bridge")) and g.get("roana_bridge") == "intact"


class ArtilleryPhase(State):
    """19.1: set each artillery unit moving or in battery for the turn; spike, reduce trenches,
    demolish the Roana bridge; then the other side."""
    name = "artillery_phase"
    rule = "19.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "artillery",
                      f"{g.rules.side_name(side)}: set your artillery moving or in battery for the "
                      "turn (heavy artillery going into battery cannot fire this turn); you may "
                      "spike artillery or fortresses in supply and reduce your own trenches; then done")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        changed = frame.get("changed", [])
        for pid in artillery_of(g, side):
            if pid in changed or static(g, pid):
                continue
            if g.piece(pid).face == 0:
                yield self.offer("battery", side, unit=pid)
            else:
                yield self.offer("limber", side, unit=pid)
            if supply.in_supply(g, pid):
                yield self.offer("spike", side, unit=pid)
        for pid in forts_of(g, side):
            if supply.traces_as_unit(g, pid):
                yield self.offer("spike", side, unit=pid)
        for loc in self._trench_hexes(g, side):
            yield self.offer("reduce_trench", side, hex=loc)
        if side == "IT" and self._can_demolish(g, frame):
            yield self.offer("demolish_bridge", side)
        yield self.offer("done", side)

    def _trench_hexes(self, g: Game, side: str) -> list[str]:
        """18.6: trench markers under friendly non-artillery units."""
        out = []
        for loc, pids in board.occupied(g, side).items():
            if trenches.marker_at(g, loc) is not None and any(not board.is_artillery(g, p) and not board.is_fortress(g, p) for p in pids):
                out.append(loc)
        return sorted(out)

    def _can_demolish(self, g: Game, frame: dict) -> bool:
        if not bridge_intact(g) or frame.get("bridge_tried"):
            return False
        return any(board.is_infantry(g, p) for h in ROANA for p in board.occupied(g, "IT").get(h, ()))

    def check_battery(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        return self._check_mode(g, frame, unit, 0)

    def check_limber(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        return self._check_mode(g, frame, unit, 1)

    def _check_mode(self, g: Game, frame: dict, unit: int, face: int) -> Violation | None:
        side = frame["side"]
        if not g.exists(unit) or not board.is_artillery(g, unit) or g.side_of(unit) != side or not board.on_map(g, unit):
            return violation("19.1", "set your own artillery units on the map")
        why = static(g, unit)
        if why:
            return violation(why.split(":")[0], why)
        if unit in frame.get("changed", []):
            return violation("19.1", f"{g.name(unit)} is already set for the whole turn")
        if g.piece(unit).face != face:
            return violation("19.1", f"{g.name(unit)} is already on that side")
        return None

    def on_battery(self, g: Game, frame: dict, unit: Piece) -> None:
        """Into battery"""
        g.do(C.SetFace(unit, 1))
        g.update(changed=frame.get("changed", []) + [int(unit)])
        if is_heavy(g, unit):
            g.add_to("se_heavy_setup", int(unit))
            g.mark(unit, "Act")
            g.note(f"{g.name(unit)} goes into battery: heavy artillery, it cannot fire this turn (19.2).")

    def on_limber(self, g: Game, frame: dict, unit: Piece) -> None:
        """To moving"""
        g.do(C.SetFace(unit, 0))
        g.update(changed=frame.get("changed", []) + [int(unit)])

    def check_spike(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        side = frame["side"]
        if not g.exists(unit) or g.side_of(unit) != side or not board.on_map(g, unit) \
                or not (board.is_artillery(g, unit) or board.is_fortress(g, unit)):
            return violation("19.5", "spike your own artillery or fortresses")
        if board.is_fortress(g, unit):
            if not supply.traces_as_unit(g, unit):
                return violation("20.7", f"{g.name(unit)} is out of supply: it cannot be spiked")
            return None
        if unit in frame.get("changed", []):
            return violation("19.5", f"{g.name(unit)} was already set for the turn (spiking is instead "
                                     "of setting it)")
        if static(g, unit):
            return violation("19.5", static(g, unit))
        if not supply.in_supply(g, unit):
            return violation("19.5", f"{g.name(unit)} is out of supply: it cannot be spiked")
        return None

    def on_spike(self, g: Game, frame: dict, unit: Piece) -> None:
        """Spike"""
        if board.is_fortress(g, unit):
            loc = g.where(unit)
            trenches.fortress_leaves(g, unit, 0)
            g.note(f"{g.name(unit)} is spiked: no VP, every trench level in {g.hex_name(loc)} is "
                   "erased (20.7).")
        else:
            g.note(f"{g.name(unit)} is spiked: no VP (19.5).")
        units.to_pile(g, unit, "eliminated")

    def check_reduce_trench(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if hex not in self._trench_hexes(g, frame["side"]):
            return violation("18.6", "only a trench your own non-artillery units occupy may be reduced")
        return None

    def on_reduce_trench(self, g: Game, frame: dict, hex: Loc) -> None:
        """Reduce a trench"""
        trenches.reduce(g, hex, "reduced by its occupant, 18.6")

    def check_demolish_bridge(self, g: Game, frame: dict) -> Violation | None:
        if not self._can_demolish(g, frame) or frame["side"] != "IT":
            return violation("Sc5", "the Roana bridge may be demolished once a phase by Italy, with "
                                    "infantry in 3351 or 3352, while it stands")
        return None

    def on_demolish_bridge(self, g: Game, frame: dict) -> None:
        """Demolish the Roana bridge"""
        die = g.roll("Roana bridge demolition (Sc 5: 1-4 destroyed)", "1d6")
        g.update(bridge_tried=True)
        if die <= 4:
            g.set("roana_bridge", "destroyed")
            g.note(f"Roana bridge: die {die}, destroyed — only the cliff remains (Sc 5).")
        else:
            g.note(f"Roana bridge: die {die}, it stands (Sc 5).")

    def on_done(self, g: Game, frame: dict) -> None:
        """Artillery set"""
        nxt = frame.get("next")
        if nxt:
            g.goto("artillery_phase", side=nxt, next=None)
        else:
            g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        side = g.rules.side_name(action.side)
        if action.verb in ("battery", "limber", "spike"):
            what = {"battery": "goes into battery", "limber": "limbers up to move", "spike": "is spiked"}[action.verb]
            return f"{side}: {g.name(action['unit'])} {what}"
        if action.verb == "reduce_trench":
            return f"{side}: reduces the trench in {g.hex_name(action['hex'])}"
        return None
