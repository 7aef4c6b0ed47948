"""SK 6-7: the combat phase — declaring attacks on adjacent enemy hexes, committing units, the
odds, terrain and river shifts, and the CRT roll, shown to both players as a combat report."""
from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Loc, Piece
from engine.reports import GLOBAL as REPORT
from engine.rules import Violation

from .game import Decision, Game
from .terrain import TERRAIN, river
from .turn import sudden_death

CRT = "crt"                   # SK 7.2: the module's table
COLUMNS = ("1:2", "1:1", "2:1", "3:1")
RESULTS = ("AE", "AR", "EX", "DR", "DE")
#: SK 7.3, for the report.
MEANING = {"AE": "every attacking unit loses one step", "AR": "every attacking unit retreats",
           "EX": "exchange: each side loses one step", "DR": "every defending unit retreats",
           "DE": "every defending unit loses one step, then retreats"}


@dataclass(frozen=True)
class Odds:
    """SK 7.1-7.2: the strengths, the odds, the shifts with their reasons and the column read
    (``column`` None: below 1:2, no attack)."""
    attack: int
    defence: int
    ratio: str
    shifts: tuple[tuple[str, int], ...]
    column: str | None


def odds(g: Game, attackers: list[int], hex_id: str) -> Odds:
    attack = sum(g.cf(p) for p in attackers)
    defence = sum(g.cf(p) for p in g.units_at(hex_id))
    if 2 * attack < defence:                                   # SK 7.1
        return Odds(attack, defence, "below 1:2", (), None)
    rank = attack // defence if attack >= defence else 0        # 0 is 1:2, k is k:1
    shifts = []
    terrain = g.terrain(hex_id)
    if TERRAIN[terrain][1]:                                     # SK 5.1
        shifts.append((f"defender in {terrain}", TERRAIN[terrain][1]))
    if attackers and all(river(g.graph.edge(g.where(p), hex_id)) for p in attackers):
        shifts.append(("attack across a river", -1))            # SK 5.2
    column = max(0, min(len(COLUMNS) - 1, rank + sum(s for _r, s in shifts)))   # SK 7.2
    return Odds(attack, defence, "1:2" if rank == 0 else f"{rank}:1", tuple(shifts), COLUMNS[column])


def report(g: Game, frame: dict, o: Odds, die: int | None = None, result: str = "") -> None:
    """The combat report (engine.reports): declared while units are committed, then resolved."""
    side, hex_id = frame["side"], frame["hex"]
    line: dict = {"who": side, "what": f"{o.attack} combat factors attack {o.defence} at "
                                       f"{o.ratio}", "table": CRT, "column": o.column or "none",
                  "shifts": [[reason, amount] for reason, amount in o.shifts]}
    if die is not None:
        line.update(dice=[die], row=str(die), result=result)
    g.report_combat({"title": f"Attack on {hex_id} ({g.terrain(hex_id)})", "attacker": side,
                     "defender": g.enemy(side), "stage": "declared" if die is None else "resolved",
                     "lines": [line], "outcome": [f"{result}: {MEANING[result]}"] if result else [],
                     "committed": list(frame["attackers"])})


class Combat(Decision):
    """SK 6: the phasing player picks enemy hexes to attack, one attack at a time."""
    name = "combat"
    rule = "6.1"
    hostile = frozenset({"attack"})
    lines = {"attack": "attack {hex}"}

    def ask(self, g: Game, frame: dict) -> str:
        return f" combat, turn {g.get('turn')}: choose an enemy hex to attack, or end combat"

    def eligible(self, g: Game, frame: dict, hex_id: str) -> list[int]:
        """The phasing units that may still join an attack on ``hex_id`` (SK 6.2, 6.4)."""
        return [p for n in g.across(hex_id) for p in g.units_at(n)
                if g.side_of(p) == frame["side"] and p not in frame["attacked"]]

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        targets = sorted({n for p in g.units_of(side) for n in g.across(g.where(p))
                          if g.holder(n) == g.enemy(side)})
        for hex_id in targets:
            if hex_id not in frame["targets"] and self.eligible(g, frame, hex_id):
                yield self.offer("attack", side, hex=hex_id)
        yield self.offer("done", side)

    def check_attack(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if not g.is_hex(hex) or g.holder(hex) != g.enemy(frame["side"]):
            return Violation(g.cite("6.1"), f"{hex} holds no enemy unit")
        if hex in frame["targets"]:
            return Violation(g.cite("6.3"), f"{hex} has already been attacked this phase")
        if not any(g.holder(n) == frame["side"] for n in g.across(hex)):
            return Violation(g.cite("6.2"), f"no unit of yours is adjacent to {hex}")
        if not self.eligible(g, frame, hex):
            return Violation(g.cite("6.4"), f"every unit of yours next to {hex} has attacked")
        return None

    def on_attack(self, g: Game, frame: dict, hex: Loc) -> None:
        """Attack this hex"""
        g.call("assault", side=frame["side"], hex=str(hex),
               eligible=self.eligible(g, frame, hex), attackers=[])

    def on_done(self, g: Game, frame: dict) -> None:
        """End combat"""
        g.end()

    def resume(self, g: Game, frame: dict, result) -> None:
        """An attack resolved: its units and hex are spent (SK 6.3, 6.4); apply the result.
        Its result applied: a side wiped out loses at once (SK 9.3)."""
        if result is None:
            sudden_death(g)
        else:
            g.update(attacked=frame["attacked"] + result["attackers"],
                     targets=frame["targets"] + [result["hex"]])
            g.call("aftermath", **result)



class Assault(Decision):
    """SK 6.2, 7: the attacker commits adjacent units, then resolves the attack on the CRT."""
    name = "assault"
    rule = "6.2"
    lines = {"add": "add {unit}"}

    def ask(self, g: Game, frame: dict) -> str:
        hex_id = frame["hex"]
        if not frame["attackers"]:
            return f" attacks {hex_id}: click the units that attack"
        o = odds(g, frame["attackers"], hex_id)
        if o.column is None:
            state = "too weak (below 1:2): add units or call it off"
        else:
            read = f" read at {o.column}" if o.column != o.ratio else ""
            state = f"odds {o.ratio}{read}: add units or resolve"
        return f" attacks {hex_id}: {o.attack} against {o.defence}, {state}"

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in frame["eligible"]:
            if pid not in frame["attackers"]:
                yield self.offer("add", side, unit=pid)
        if frame["attackers"] and odds(g, frame["attackers"], frame["hex"]).column:
            yield self.offer("resolve", side)
        yield self.offer("cancel", side)

    def check_add(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit in frame["attackers"]:
            return Violation(g.cite("6.4"), f"{g.name(unit)} is already in this attack")
        if unit in frame["eligible"]:
            return None
        if (g.is_unit(unit) and g.side_of(unit) == frame["side"]
                and g.crossable(g.where(unit), frame["hex"])):
            return Violation(g.cite("6.4"), f"{g.name(unit)} has already attacked this phase")
        return Violation(g.cite("6.2"), f"only your units adjacent to {frame['hex']} attack it")

    def check_resolve(self, g: Game, frame: dict) -> Violation | None:
        if not frame["attackers"]:
            return Violation(g.cite("6.2"), "an attack is made by at least one unit")
        if odds(g, frame["attackers"], frame["hex"]).column is None:
            return Violation(g.cite("7.1"), "an attack at less than 1:2 may not be made")
        return None

    def on_add(self, g: Game, frame: dict, unit: Piece) -> None:
        """Add this unit to the attack"""
        g.update(attackers=frame["attackers"] + [int(unit)])
        report(g, g.top, odds(g, g.top["attackers"], frame["hex"]))

    def on_resolve(self, g: Game, frame: dict) -> None:
        """Resolve the attack"""
        o = odds(g, frame["attackers"], frame["hex"])
        die = g.roll(f"attack on {frame['hex']}", "1d6")
        result = str(g.module.tables[CRT].lookup(die, o.column))
        report(g, frame, o, die, result)
        g.note(f"Attack on {frame['hex']} at {o.ratio}, column {o.column}, die {die}: {result}")
        g.end({"side": frame["side"], "hex": frame["hex"], "attackers": frame["attackers"],
               "defenders": g.units_at(frame["hex"]), "result": result})

    def on_cancel(self, g: Game, frame: dict) -> None:
        """Call off this attack"""
        if frame["attackers"]:       # withdraw the report of an attack that never happened
            g.set(REPORT, None)
        g.end(None)

