"""SK 7.3, 8: a combat result applied in order — step losses, the exchange, retreats (and what
blocks them), then the advance into an emptied hex."""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure
from engine.rules import Violation

from .game import Decision, Game


def retreat_problem(g: Game, pid: int, to: str) -> Violation | None:
    """Why unit ``pid`` may not retreat into ``to`` (SK 8.3, 8.4, 3.1), or None."""
    side = g.side_of(pid)
    if not g.is_hex(to) or to not in g.across(g.where(pid)):
        return Violation(g.cite("8.3"), f"a unit retreats one hex, on the map, not across an "
                                        f"impassable hexside ({to} is not such a hex)")
    if g.holder(to) == g.enemy(side):
        return Violation(g.cite("8.3"), f"{to} holds enemy units")
    if g.room(to) < 1:
        return Violation(g.cite("3.1"), f"{to} already holds three units")
    if g.in_enemy_zoc(to, side) and g.holder(to) != side:
        return Violation(g.cite("8.4"), f"{to} is in an enemy zone of control with no friendly unit")
    return None


def retreats(g: Game, pid: int) -> list[str]:
    return [n for n in g.across(g.where(pid)) if retreat_problem(g, pid, n) is None]


class Aftermath(Procedure):
    """SK 7.3: apply a CRT result. The frame holds the attack: ``side`` (the attacker), ``hex``,
    ``attackers``, ``defenders`` and ``result``."""
    name = "aftermath"
    steps = ("step_losses", "defender_exchange", "attacker_exchange", "defender_retreat",
             "attacker_retreat", "advance")

    @staticmethod
    def defenders(g: Game, frame: dict) -> list[int]:
        return [p for p in frame["defenders"] if g.where(p) == frame["hex"]]

    @staticmethod
    def attackers(g: Game, frame: dict) -> list[int]:
        return [p for p in frame["attackers"] if g.is_hex(g.where(p))]

    def step_losses(self, g: Game, frame: dict) -> None:
        """SK 7.3 AE, DE: every unit on the losing side loses one step."""
        losers = {"AE": frame["attackers"], "DE": frame["defenders"]}.get(frame["result"], [])
        for pid in losers:
            g.lose_step(pid, frame["result"])

    def _exchange(self, g: Game, side: str, units: list[int]) -> None:
        """SK 8.2: one step from one of ``units``, chosen by their owner when there is a choice."""
        if len(units) == 1:
            g.lose_step(units[0], "exchange")
        elif units:
            g.call("loss", side=side, units=units)

    def defender_exchange(self, g: Game, frame: dict) -> None:
        if frame["result"] == "EX":
            self._exchange(g, g.enemy(frame["side"]), self.defenders(g, frame))

    def attacker_exchange(self, g: Game, frame: dict) -> None:
        if frame["result"] == "EX":
            self._exchange(g, frame["side"], self.attackers(g, frame))

    def defender_retreat(self, g: Game, frame: dict) -> None:
        units = self.defenders(g, frame)
        if frame["result"] in ("DR", "DE") and units:
            g.call("retreat", side=g.enemy(frame["side"]), units=units)

    def attacker_retreat(self, g: Game, frame: dict) -> None:
        units = self.attackers(g, frame)
        if frame["result"] == "AR" and units:
            g.call("retreat", side=frame["side"], units=units)

    def advance(self, g: Game, frame: dict) -> None:
        """SK 8.6: an emptied defending hex may be entered by attackers that did not retreat."""
        units = self.attackers(g, frame)
        if frame["result"] != "AR" and units and not g.units_at(frame["hex"]):
            g.call("advance", side=frame["side"], hex=frame["hex"], units=units)


class Loss(Decision):
    """SK 8.2: in an exchange the owner chooses which of its units in the combat loses a step."""
    name = "loss"
    rule = "8.2"
    lines = {"lose": "{unit} takes the loss"}

    def ask(self, g: Game, frame: dict) -> str:
        return ": exchange — click the unit that loses a step"

    def actions(self, g: Game, frame: dict):
        for pid in frame["units"]:
            yield self.offer("lose", frame["side"], unit=pid)

    def on_lose(self, g: Game, frame: dict, unit: Piece) -> None:
        """Lose a step"""
        g.lose_step(unit, "exchange")
        g.end()



class Retreat(Decision):
    """SK 8.3-8.5: the owner retreats each of ``units`` one hex; a unit with nowhere to go
    loses a step instead and stays."""
    name = "retreat"
    rule = "8.3"
    lines = {"retreat": "{unit} retreats to {to}"}

    def ask(self, g: Game, frame: dict) -> str:
        n = len(frame["units"])
        units = "a unit one hex" if n == 1 else f"{n} units one hex each"
        return f": retreat {units} (drag to a highlighted hex)"

    def begin(self, g: Game, frame: dict) -> None:
        self.settle(g, frame["units"])

    def settle(self, g: Game, units: list[int]) -> None:
        """SK 8.5: units that cannot retreat lose a step and stay; end when none is left."""
        left = []
        for pid in units:
            if retreats(g, pid):
                left.append(pid)
            else:
                g.lose_step(pid, "no retreat")
        if left:
            g.update(units=left)
        else:
            g.end()

    def actions(self, g: Game, frame: dict):
        for pid in frame["units"]:
            for to in retreats(g, pid):
                yield self.offer("retreat", frame["side"], unit=pid, to=to)

    def check_retreat(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in frame["units"]:
            return Violation(g.cite("8.3"), "only the units of this combat retreat")
        return retreat_problem(g, unit, to)

    def on_retreat(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Retreat this unit"""
        g.do(C.Move(unit, to))
        self.settle(g, [p for p in frame["units"] if p != unit])



class Advance(Decision):
    """SK 8.6: attacking units may advance into the emptied hex, within stacking."""
    name = "advance"
    rule = "8.6"
    lines = {"advance": "{unit} advances"}

    def ask(self, g: Game, frame: dict) -> str:
        return f": advance into {frame['hex']} (drag a unit there), or stay"

    def actions(self, g: Game, frame: dict):
        if g.room(frame["hex"]) > 0:
            for pid in frame["units"]:
                yield self.offer("advance", frame["side"], unit=pid, to=frame["hex"])
        yield self.offer("stay", frame["side"])

    def check_advance(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit not in frame["units"]:
            return Violation(g.cite("8.6"), "only the units of this attack that did not retreat advance")
        if to != frame["hex"]:
            return Violation(g.cite("8.6"), f"an advancing unit enters only the emptied hex {frame['hex']}")
        if g.room(to) < 1:
            return Violation(g.cite("3.1"), f"{to} already holds three units")
        return None

    def on_advance(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Advance this unit"""
        g.do(C.Move(unit, to))
        left = [p for p in frame["units"] if p != unit]
        if left and g.room(to) > 0:
            g.update(units=left)
        else:
            g.end()

    def on_stay(self, g: Game, frame: dict) -> None:
        """Stay (no advance)"""
        g.end()

