"""26.0 Strategic Plans (and 28.5 activation of inactive armies and units).

The global ``plans`` maps a plan (strategic_plans table: ``FR_1st``...) to its state: "active",
"suspended" (the German 6th Army's, 26.6.2), "captured" (26.1.1: its Primary Objective taken at
the end of a player turn), "fulfilled" or "abandoned". Bound armies' infantry Formations end their
moves closer to an Operational Objective (26.2.1) and attack Intense (26.2.2).
"""
from __future__ import annotations

from engine.actions import Piece
from engine.rules import Violation

from . import control
from .base import Decision
from .data import PLAN_OF
from .game import WITHDRAWN, Game
from .vp import award

ARMY_OF_PLAN = {v: k for k, v in PLAN_OF.items()}


def plan_rows(g: Game) -> dict[str, tuple[list[str], list[str]]]:
    table = g.module.tables["strategic_plans"]
    out = {}
    for i, key in enumerate(table.rows.values):
        op = str(table.cells[i][0]).split()
        primary = str(table.cells[i][1]).split()
        out[str(key)] = (op, primary)
    return out


def status(g: Game, army: str) -> str:
    key = PLAN_OF.get(army)
    return g.get("plans", {}).get(key, "") if key else ""


def objectives(g: Game, army: str) -> list[str] | None:
    """26.2: the army's Operational Objectives while its plan is in force, else None."""
    if status(g, army) != "active":
        return None
    return plan_rows(g)[PLAN_OF[army]][0]


def set_status(g: Game, key: str, value: str) -> None:
    plans = dict(g.get("plans", {}))
    plans[key] = value
    g.set("plans", plans)


def nearest_infantry_distance(g: Game, army: str, primary: list[str]) -> int:
    """27.1: hexes from the army's nearest assigned infantry unit to its primary objective."""
    best = 99
    side = g.armies[army].side if army in g.armies else "allied"
    for pid in g.units_of(side):
        if g.army(pid) == army and g.ut(pid).infantry:
            best = min(best, min(g.board.distance(g.loc(pid), h) for h in primary))
    return best


def abandon_penalty(distance: int) -> int:
    """27.1: 5+ hexes -15, 3-4 -10, 2 -6, 1 (adjacent) -3."""
    if distance >= 5:
        return -15
    if distance >= 3:
        return -10
    if distance == 2:
        return -6
    return -3


def abandon_options(g: Game, side: str) -> list[str]:
    """26.3: the side's armies whose plan is in force (not the German 5th's, 26.6.3)."""
    if g.gt <= 2:
        return []
    out = []
    for key, state in g.get("plans", {}).items():
        army = ARMY_OF_PLAN.get(key)
        if army and state == "active" and g.armies[army].side == side and key != "DE_5th":
            out.append(army)
    return out


def abandon_plan(g: Game, army: str) -> None:
    """26.3 / 27.1 / 26.6.2 / 26.6.3."""
    key = PLAN_OF[army]
    primary = plan_rows(g)[key][1]
    set_status(g, key, "abandoned")
    g.note(f"{g.army_name(army)} abandons its Strategic Plan (26.3)")
    if primary:
        d = nearest_infantry_distance(g, army, primary)
        award(g, g.armies[army].side, abandon_penalty(d), f"{g.army_name(army)} abandons its plan {d} hexes "
              f"from its Primary Objective (27.1)")
    if key == "FR_2nd" and g.get("plans", {}).get("DE_6th") == "suspended":
        g.set("de6_activate_next", True)
    if key == "DE_4th" and g.get("plans", {}).get("DE_5th") == "active":
        set_status(g, "DE_5th", "fulfilled")
        g.note("The German 5th Army's plan ends with the 4th Army's (26.6.3)")


def check_plans(g: Game) -> None:
    """4.2.1a: plans captured at the end of the last player turn are fulfilled."""
    for key, state in list(g.get("plans", {}).items()):
        if state == "captured":
            set_status(g, key, "fulfilled")
            g.note(f"{g.army_name(ARMY_OF_PLAN[key])} has fulfilled its Strategic Plan (26.1)")
            if key == "DE_4th" and g.get("plans", {}).get("DE_5th") == "active":
                set_status(g, "DE_5th", "fulfilled")


def end_of_player_turn(g: Game) -> None:
    """26.1.1: a Primary Objective is captured if a division- or brigade-size infantry unit of its
    side holds it or has passed through it, and it is friendly-controlled at the end of the player
    turn (cavalry never captures)."""
    rows = plan_rows(g)
    for key, state in list(g.get("plans", {}).items()):
        if state != "active":
            continue
        army = ARMY_OF_PLAN[key]
        side = g.armies[army].side
        for h in rows[key][1]:
            if g.get("passed", {}).get(h) == side and control.controller(g, h) == side:
                set_status(g, key, "captured")
                g.note(f"{g.army_name(army)} captures its Primary Objective {g.hexname(h)} (26.1.1)")
                break


def note_passage(g: Game, units: list[int], h: str) -> None:
    """26.1.1 (1): an infantry division or brigade occupies or passes through a Primary Objective."""
    if h not in g.rules.primary_hexes:
        return
    if any(g.ut(p).infantry and g.ut(p).size in ("division", "brigade") for p in units):
        passed = dict(g.get("passed", {}))
        side = g.side(units[0])
        if passed.get(h) != side:
            passed[h] = side
            g.set("passed", passed)


def de6_roll(g: Game, automatic: bool = False) -> None:
    """26.6.2: the German 6th Army's suspended plan activates after the French 2nd Army abandons
    its plan; else on 1-3 in GT 3; automatically in the French player turn of GT 4 (reading R22:
    rolls before GT 3 have no effect, so none is made)."""
    if g.get("plans", {}).get("DE_6th") != "suspended":
        return
    if g.get("de6_activate_next") or automatic:
        set_status(g, "DE_6th", "active")
        g.set("de6_activate_next", None)
        g.note("The German 6th Army's Strategic Plan is activated (26.6.2)")
        return
    if g.gt == 3:
        roll = g.roll("German 6th Army plan", "1d6")
        if roll <= 3:
            set_status(g, "DE_6th", "active")
            g.note(f"The German 6th Army's Strategic Plan is activated (rolled {roll}; 26.6.2)")
        else:
            g.note(f"The German 6th Army's plan stays suspended (rolled {roll}; 26.6.2)")


def activate_scheduled(g: Game) -> None:
    """4.2.1a / 28.5: in the Allied player turn of GT 2 and GT 3 the armies and units marked
    for that GT become active, on both sides."""
    inactive = dict(g.get("inactive_armies", {}))
    woke = [a for a, gt in inactive.items() if int(gt) <= g.gt]
    for a in woke:
        del inactive[a]
    if woke:
        g.set("inactive_armies", inactive)
        g.note(f"GT {g.gt}: {', '.join(g.army_name(a) for a in woke)} become active (4.2.1a)")
    n = 0
    for pid, piece in g.state.pieces.items():
        until = piece.props.get("inactive_until")
        if until and int(until) <= g.gt and not piece.props.get("activated"):
            g.set_prop(pid, "activated", True)
            n += 1
    if n:
        g.note(f"GT {g.gt}: {n} unit(s) scheduled to activate become active (28.5)")


# -- 25.2 Reinforcements to the East ------------------------------------------------------------

def front_line_corps(g: Game) -> list[int]:
    """25.2: German corps with a purely numeric ID, and the GD and GD R corps, whose two
    division-size infantry Formations may go (25.2.1: not Bavarian or Demoralized; 25.2.2 option:
    not of the 6th or 7th Army)."""
    out = []
    for pid in g.units_of("german"):
        t = g.ut(pid)
        if not t.train or not (t.corps.isdigit() or t.corps in ("GD", "GD R", "GDR")):
            continue
        divs = corps_divisions(g, pid)
        if len(divs) >= 2:
            out.append(pid)
    return out


def corps_divisions(g: Game, train: int) -> list[int]:
    t = g.ut(train)
    army = g.army(train)
    out = []
    for pid in g.units_of("german"):
        u = g.ut(pid)
        if not (u.infantry and u.size == "division" and g.is_formation(pid)):
            continue
        if g.corps(pid) != t.corps or g.army(pid) != army:
            continue
        if "B" in u.name.split("/")[0]:                      # 25.2.1: no Bavarian Formation
            return []
        if g.demoralized(pid):
            return []
        if g.option("no_6th_7th_withdrawal") and army in ("DE6", "DE7"):
            return []
        out.append(pid)
    return out[:2] if len(out) >= 2 else []


class EastWithdrawal(Decision):
    """25.2 (GT 6): two front-line corps with their four division-size infantry Formations and
    one cavalry division go to the Eastern Front."""
    name = "east_withdrawal"
    rule = "25.2"
    lines = {"send_corps": "sends {corps} to the East", "send_cavalry": "sends {unit} to the East"}

    def begin(self, g: Game, frame: dict) -> None:
        if not front_line_corps(g) and not self.cavalry(g):
            self.finish(g)

    def cavalry(self, g: Game) -> list[int]:
        return [p for p in g.units_of("german") if g.ut(p).cavalry and g.ut(p).size == "division"
                and g.is_formation(p) and not g.demoralized(p)]

    def ask(self, g: Game, frame: dict) -> str:
        if len(frame["corps"]) < 2 and front_line_corps(g):
            return "Reinforcements to the East (25.2): pick a front-line corps to withdraw with its two divisions"
        return "Reinforcements to the East (25.2): pick the cavalry division to withdraw"

    def actions(self, g: Game, frame: dict):
        if len(frame["corps"]) < 2 and front_line_corps(g):
            for pid in front_line_corps(g):
                yield self.offer("send_corps", "german", corps=pid)
            return
        for pid in self.cavalry(g):
            yield self.offer("send_cavalry", "german", unit=pid)

    def on_send_corps(self, g: Game, frame: dict, corps: Piece) -> None:
        """Withdraw this corps and its divisions"""
        units = [int(corps)] + corps_divisions(g, int(corps))
        for p in units:
            g.move_piece(p, WITHDRAWN)
            m = g.prop(p, "am")
            if m is not None and m in g.state.pieces:
                g.move_piece(m, WITHDRAWN)
        g.note(f"German: {', '.join(g.unit_name(p) for p in units)} leave for the Eastern Front (25.2)")
        g.update(corps=frame["corps"] + [int(corps)])
        if len(g.top["corps"]) >= 2 or not front_line_corps(g):
            if not self.cavalry(g):
                self.finish(g)

    def on_send_cavalry(self, g: Game, frame: dict, unit: Piece) -> None:
        """Withdraw this cavalry division"""
        g.move_piece(int(unit), WITHDRAWN)
        m = g.prop(int(unit), "am")
        if m is not None and m in g.state.pieces:
            g.move_piece(m, WITHDRAWN)
        g.note(f"German: {g.unit_name(unit)} leaves for the Eastern Front (25.2)")
        self.finish(g)

    def check_send_corps(self, g: Game, frame: dict, corps: Piece) -> Violation | None:
        if corps not in front_line_corps(g):
            return self.no(g, "25.2.1", "a front-line corps (numeric, GD or GD R) with two non-Bavarian, not "
                                        "Demoralized division-size infantry Formations")
        return None

    def finish(self, g: Game) -> None:
        g.set("east_done", True)
        g.end()
