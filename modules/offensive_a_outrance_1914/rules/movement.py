"""7.0 Movement: the Movement Phase (9 MP) and the Counter-Movement Phase (5 MP, no PA markers;
4.2.5, 4.2.6, 7.1.1).

The phase (``movement``) offers one decision per unit that may act — pick it (7.1.2: each
Force's movement is completed before the next starts) — never every move of every unit. The
picked Force (``force``) then moves hex by hex to a destination (the table lights up where it may
end), picks up or drops units, places a Prepared Attack (7.3), attempts a Push-back (7.4), does a
Task (7.5 CE recovery, 14.3 IP, 7.7 entraining) or deploys siege artillery (13.1), and ends; a
Force that Forced Marched then takes its Efficiency Check (7.2.3).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.rules import Violation

from . import combat, control, events, gdt, moves, substitutions, tasks
from .base import Decision
from .data import ENEMY
from .forces import active_unit, can_select, fm_cap, forced_march_check, plan_bound, plan_satisfied
from .game import Game
from .losses import eliminate

def movable(g: Game, frame: dict) -> list[int]:
    """The side's units that may be picked now (7.0, 28.5)."""
    moved = set(frame["moved"])
    light = {**frame, "moved": moved}
    return [p for p in g.units_of(frame["side"]) if p not in moved and can_select(g, p, light)]


class Movement(Decision):
    """4.2.5 / 4.2.6: the side moves its Forces one at a time, then ends the phase."""
    name = "movement"
    rule = "7.1"
    lines = {"select": "moves {unit}", "embark": "{unit} embarks for {to} (7.9)",
             "abandon": "{unit} abandons its position (8.5.3)", "undeploy": "{unit} returns to Mobile mode (13.1.1)"}

    def begin(self, g: Game, frame: dict) -> None:
        g.update(moved=[], rail_hexes=[], gained=[], pontoon=False, deploying=[], naval_used=False)
        g.set("phase_id", f"{g.gt}:{frame['phasing']}:{'c' if frame['counter'] else 'm'}")
        tasks.start_of_phase(g, g.top)

    def ask(self, g: Game, frame: dict) -> str:
        kind = "Counter-Movement" if frame["counter"] else "Movement"
        return (f"{kind} Phase ({frame['allowance']} MP): pick a unit to move or give a task, "
                f"then end the phase")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in movable(g, frame):
            t = g.ut(pid)
            yield self.offer("select", side, unit=pid)
            if t.siege and g.face(pid) == 1:
                yield self.offer("undeploy", side, unit=pid)
        for pid in tasks.abandonable_forts(g, frame):
            yield self.offer("abandon", side, unit=pid)
        yield from tasks.embark_offers(self, g, frame)
        yield self.offer("end", side)

    def check_select(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in g.state.pieces or g.side(unit) != frame["side"] or not g.on_map(unit):
            return self.no(g, "7.0", "only your own units on the map move")
        if unit in frame["moved"]:
            return self.no(g, "7.1.2", f"{g.unit_name(unit)} has already moved this phase")
        t = g.ut(unit)
        if t is None or t.fortress or (t.fort and g.face(unit) == 0):
            return self.no(g, "7.0", "Forts and Fortresses do not move")
        if t.utype == "siege_marker" or (t.hq and g.face(unit) == 1):
            return self.no(g, "13.2.4", "siege artillery markers and an HQ deploying them do not move")
        if not active_unit(g, unit):
            return self.no(g, "28.5", f"{g.unit_name(unit)} is inactive")
        if not can_select(g, unit, frame):
            return self.no(g, "7.0", f"{g.unit_name(unit)} cannot move now")
        return None

    def on_select(self, g: Game, frame: dict, unit: Piece) -> None:
        """Move this unit"""
        start_force(g, frame, [int(unit)])

    def on_abandon(self, g: Game, frame: dict, unit: Piece) -> None:
        """Abandon the Fort (8.5.3)"""
        tasks.abandon_fort(g, int(unit))

    def on_undeploy(self, g: Game, frame: dict, unit: Piece) -> None:
        """Return to Mobile mode (13.1.1: no MP)"""
        g.do(C.SetFace(unit, 0))
        g.note(f"{g.unit_name(unit)} returns to Mobile mode (13.1.1)")

    def on_embark(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Embark for a port (7.9.1)"""
        tasks.embark(g, frame, int(unit), str(to))

    def check_embark(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        return tasks.check_embark(g, frame, int(unit), str(to))

    def on_end(self, g: Game, frame: dict) -> None:
        """End the phase"""
        g.goto("movement_end", side=frame["side"], phasing=frame["phasing"], counter=frame["counter"],
               deploying=frame.get("deploying", []), moved=frame["moved"],
               pinned_hexes=frame.get("pinned_hexes", []))

    def resume(self, g: Game, frame: dict, result) -> None:
        if isinstance(result, dict) and result.get("units"):
            g.update(moved=frame["moved"] + [p for p in result["units"] if p not in frame["moved"]],
                     gained=sorted(set(frame.get("gained", [])) | set(result.get("gained", []))))


def start_force(g: Game, frame: dict, units: list[int]) -> None:
    pid = units[0]
    here = g.loc(pid)
    spent = tasks.mp_already_spent(g, pid, frame)
    plan = {}
    for p in units:
        objs = plan_bound(g, p)
        if objs:
            plan[str(p)] = [here, objs]
    g.call("force", side=frame["side"], units=units, hex=here, start=here, spent=spent,
           allowance=frame["allowance"], counter=frame["counter"], phasing=frame["phasing"],
           moved=False, pa=False, stuck=False, task=False, fm_used=0, plan=plan,
           after_task=pid in frame.get("after_task", []), spent_at_start=spent,
           gained=[], rail_hexes=frame.get("rail_hexes", []))


class Force(Decision):
    """7.1.2: the picked Force moves (in hexes, paying hexside costs), takes on units, places a
    PA, pushes back, does a task, or stops; its movement ends before the next Force moves."""
    name = "force"
    rule = "7.1"
    lines = {"move": "{units} moves to {to}", "add": "{unit} joins the moving Force",
             "drop": "{unit} is dropped off", "pa": "places a Prepared Attack on {toward}",
             "push": "attempts a Push-back on {target}", "recover": "recovers Combat Effectiveness",
             "build_ip": "builds an Improved Position", "entrain": "entrains for {to}",
             "deploy": "deploys", "extend": "extends into {to}", "consolidate": "consolidates into {to}",
             "pivot": "pivots round {keep} into {to}", "slide": "moves its two halves into {to} and {to2}"}

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "move":
            names = ", ".join(g.unit_name(p) for p in frame["units"] if p in g.state.pieces)
            return f"{g.side_name(action.side)}: {names} moves to {g.hexname(action['to'])}"
        if action.verb in ("pa", "push", "recover", "build_ip", "entrain", "deploy", "extend", "consolidate",
                           "pivot", "slide", "done"):
            names = ", ".join(g.unit_name(p) for p in frame["units"] if p in g.state.pieces)
            text = super().describe(g, frame, action) or f"{g.side_name(action.side)}: {action.verb}"
            return text.replace(": ", f": {names} ", 1)
        return super().describe(g, frame, action)

    def ask(self, g: Game, frame: dict) -> str:
        names = ", ".join(g.true_name(p) for p in frame["units"] if p in g.state.pieces)
        left = self.budget(g, frame)
        return f"move {names} from {g.hexname(frame['hex'])} ({frame['spent']:g} MP spent, up to {left:g} more), " \
               f"or give it a task, then done"

    # -- budgets --------------------------------------------------------------------------------
    def budget(self, g: Game, frame: dict) -> float:
        if frame["pa"] or frame["stuck"] or frame["task"] == "done_task":
            return 0
        return max(0.0, frame["allowance"] + fm_cap(g, frame, frame["units"]) - frame["spent"])

    def normal_left(self, frame: dict) -> float:
        return max(0.0, frame["allowance"] - frame["spent"])

    def reachable(self, g: Game, frame: dict) -> dict[str, float]:
        """Where the Force's MP take it now (cached for the position: one search)."""
        def build() -> dict[str, float]:
            budget = self.budget(g, frame)
            if budget <= 0 or tasks.pinned(g, frame):
                return {}
            r = moves.fast_reach(g, frame, int(budget))
            return {h: left for h, left in r.remaining.items() if h != frame["hex"]}
        return g.cached("force_reachable", build)

    def destinations(self, g: Game, frame: dict) -> dict[str, float]:
        """Where the Force may end a move now: where it can reach, keeping the GDT's line while
        it holds (22.3.2, reading R50)."""
        return g.cached("force_destinations",
                        lambda: gdt.keep_line(g, frame["units"], self.reachable(g, frame)))

    # -- actions --------------------------------------------------------------------------------
    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        units = [p for p in frame["units"] if p in g.state.pieces and g.loc(p) == frame["hex"]]
        if units and not tasks.two_hex(g, units):
            for h in self.destinations(g, frame):
                yield self.offer("move", side, to=h)
        if not frame["moved"] and not frame["pa"]:
            for pid in tasks.can_join(g, frame):
                yield self.offer("add", side, unit=pid)
        if len(units) > 1:
            for pid in units:
                yield self.offer("drop", side, unit=pid)
        yield from tasks.task_offers(self, g, frame)
        yield self.offer("done", side)

    def check_move(self, g: Game, frame: dict, to: Loc) -> Violation | None:
        if to in self.destinations(g, frame):
            return None
        if to in self.reachable(g, frame):
            return gdt.violation(g)
        if frame["pa"]:
            return self.no(g, "7.3", "a unit that placed a PA spends no further MP")
        if frame["stuck"]:
            return self.no(g, "7.4.5", "after a failed Push-back the Force moves no further")
        if tasks.pinned(g, frame):
            return self.no(g, "7.3.3", "an enemy Prepared Attack pins this Force in its hex")
        if to not in g.board.hexes or to not in g.rules.playable(g):
            return self.no(g, "29.1" if g.scenario() == "lorraine" else "1.1", f"{to} is not in play")
        if g.enemy_in(to, frame["side"]):
            return self.no(g, "7.1.2", "units may not enter enemy-occupied hexes")
        budget = self.budget(g, frame)
        free = moves.reach(g, frame, 1000, stacking=False)
        if to not in free.remaining:
            return self.no(g, "7.1", f"no way to {to} across passable hexsides (TEC, 5.3.1, 7.1.5, 8.4, 8.6, 8.7)")
        if free.remaining[to] < 1000 - budget - 1e-9:
            return self.no(g, "7.1.1", f"{to} costs more than the {budget:g} MP left")
        if frame.get("plan"):
            return self.no(g, "26.2.1", "a Formation under a Strategic Plan ends closer to an objective")
        return self.no(g, "3.1.1", f"{to} would hold more than 3 1/2 division-equivalents")

    def on_move(self, g: Game, frame: dict, to: Loc) -> None:
        """Move the Force"""
        budget = self.budget(g, frame)
        path = moves.fast_reach(g, frame, int(budget)).path(str(to))
        walk(g, frame, path)

    def on_add(self, g: Game, frame: dict, unit: Piece) -> None:
        """Pick up this unit (7.1.2)"""
        g.update(units=frame["units"] + [int(unit)])

    def check_add(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit in tasks.can_join(g, frame):
            return None
        if frame["moved"]:
            return self.no(g, "7.1.2", "units are picked up before the Force leaves its hex in this version "
                                       "(reading R12)")
        return self.no(g, "1.1", "a Force is at most one Formation and two Support units")

    def on_drop(self, g: Game, frame: dict, unit: Piece) -> None:
        """Drop this unit off (it moves no further)"""
        g.update(units=[p for p in frame["units"] if p != unit])
        parent = g.stack[-2]
        if parent["state"] == "movement":
            frames = list(g.stack)
            frames[-2] = {**parent, "moved": parent["moved"] + [int(unit)]}
            g.set(g.machine.key, frames)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done with this Force"""
        finish_force(g, frame)

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        plan = frame.get("plan")
        if plan and frame["moved"] and not plan_satisfied(g, frame["hex"], plan) and self.destinations(g, frame):
            return self.no(g, "26.2.1", "a Formation under a Strategic Plan that moves ends at least one hex "
                                        "closer to an Operational Objective")
        return None

    # task verbs live in tasks.py; their handlers are declared here so the machine knows them
    def on_pa(self, g: Game, frame: dict, toward: Loc) -> None:
        """Place a Prepared Attack marker (7.3)"""
        tasks.place_pa(g, frame, str(toward))

    def check_pa(self, g: Game, frame: dict, toward: Loc) -> Violation | None:
        return tasks.check_pa(g, frame, str(toward))

    def on_push(self, g: Game, frame: dict, target: Loc) -> None:
        """Attempt a Push-back (7.4)"""
        units = [p for p in frame["units"] if p in g.state.pieces and g.is_combat(p)][:2]   # 7.4.1
        spent = frame["spent"] + tasks.PUSH_COST
        fm = max(frame.get("fm_used", 0), int(spent - frame["allowance"] + 0.999)) \
            if spent > frame["allowance"] else frame.get("fm_used", 0)
        g.update(spent=spent, fm_used=fm,
                 push_into=str(target) if tasks.push_across(g, frame["hex"], str(target)) else None)
        combat.resolve_push_back(g, units, frame["hex"], str(target), during="movement")
        if g.top is not None and g.top.get("state") == self.name and g.top.get("push_into"):
            g.update(push_into=None)                  # failed, or nothing retreats: no move in

    def resume(self, g: Game, frame: dict, result) -> None:
        """7.4.7: after a successful Push-back across an Imposing River or Flood hexside the Force
        must move into the vacated hex, paying its MP, and may then go on moving."""
        target = frame.get("push_into")
        if not target:
            return
        g.update(push_into=None)
        if g.enemy_in(target, frame["side"]) or any(g.side(p) != frame["side"] for p in g.units_at(target)):
            return
        g.note(f"{g.side_name(frame['side'])}: the Force must move into {g.hexname(target)} (7.4.7)")
        walk(g, g.top, [frame["hex"], target])

    def check_push(self, g: Game, frame: dict, target: Loc) -> Violation | None:
        return tasks.check_push(g, frame, str(target))

    def on_recover(self, g: Game, frame: dict) -> None:
        """Recover one CE level (7.5)"""
        tasks.recover(g, frame)

    def check_recover(self, g: Game, frame: dict) -> Violation | None:
        return tasks.check_recover(g, frame)

    def on_build_ip(self, g: Game, frame: dict) -> None:
        """Build an Improved Position (14.3)"""
        tasks.build_ip(g, frame)

    def check_build_ip(self, g: Game, frame: dict) -> Violation | None:
        return tasks.check_build_ip(g, frame)

    def on_entrain(self, g: Game, frame: dict, to: Loc) -> None:
        """Entrain for a destination (7.7.3)"""
        tasks.entrain(g, frame, str(to))

    def check_entrain(self, g: Game, frame: dict, to: Loc) -> Violation | None:
        return tasks.check_entrain(g, frame, str(to))

    def on_deploy(self, g: Game, frame: dict) -> None:
        """Stay put all phase to deploy (13.1.1, 13.2.4, 13.3.1)"""
        tasks.deploy(g, frame)

    def check_deploy(self, g: Game, frame: dict) -> Violation | None:
        return tasks.check_deploy(g, frame)

    def on_extend(self, g: Game, frame: dict, to: Loc) -> None:
        """Extend into Two-Hex Status (19.1.1)"""
        tasks.extend(g, frame, str(to))

    def check_extend(self, g: Game, frame: dict, to: Loc) -> Violation | None:
        return tasks.check_extend(g, frame, str(to))

    def on_consolidate(self, g: Game, frame: dict, to: Loc) -> None:
        """Consolidate into one hex (19.1.1)"""
        tasks.consolidate(g, frame, str(to))

    def check_consolidate(self, g: Game, frame: dict, to: Loc) -> Violation | None:
        return tasks.check_consolidate(g, frame, str(to))

    def on_pivot(self, g: Game, frame: dict, keep: Loc, to: Loc) -> None:
        """Pivot: one half stays, the other moves round it (19.1.4)"""
        tasks.pivot(g, frame, str(keep), str(to))

    def check_pivot(self, g: Game, frame: dict, keep: Loc, to: Loc) -> Violation | None:
        return tasks.check_pivot(g, frame, str(keep), str(to))

    def on_slide(self, g: Game, frame: dict, to: Loc, to2: Loc) -> None:
        """Move both halves, two hexes into two (19.1.4)"""
        tasks.slide(g, frame, str(to), str(to2))

    def check_slide(self, g: Game, frame: dict, to: Loc, to2: Loc) -> Violation | None:
        return tasks.check_slide(g, frame, str(to), str(to2))


def step_cost(g: Game, frame: dict, a: str, b: str) -> float | None:
    ctx = moves.MoveContext(g, frame, frame["units"], frame["hex"], frame["start"])
    return ctx.cost(a, b)


def walk(g: Game, frame: dict, path: list[str]) -> None:
    """Move the Force hex by hex along ``path``, paying each step as it is now (a bridge blown on
    the way costs the river, 7.1.4a), firing what arrival triggers (events.arrived) and stopping
    when enemy cavalry may React (8.2.2)."""
    units = list(frame["units"])
    side = frame["side"]
    spent = frame["spent"]
    budget_total = frame["allowance"] + fm_cap(g, frame, units)
    here = frame["hex"]
    gained = set(frame.get("gained", []))
    reactions = []
    for nxt in path[1:]:
        cost = step_cost(g, {**frame, "hex": here, "spent": spent}, here, nxt)
        if cost is None or spent + cost > budget_total + 1e-9:
            g.note(f"{g.side_name(side)}: the move stops at {g.hexname(here)} (the way on is closed or too costly now)")
            break
        before = control.controller(g, nxt)
        if g.board.side[(here, nxt)].get("pontoon") and any(g.is_formation(p) for p in units):
            g.set("pontoon_used", g.get("phase_id"))                     # 24.6
        for p in units:
            g.move_piece(p, nxt)
        spent += cost
        if before != side:
            gained.add(nxt)
        prev, here = here, nxt
        events.arrived(g, units, here, prev, gained)
        units = [p for p in units if p in g.state.pieces and g.loc(p) == here]
        if not units:
            break
        reactions = tasks.reaction_candidates(g, side, prev, here)
        if reactions:
            break
    fm = max(0, int(spent - frame["allowance"] + 0.999)) if spent > frame["allowance"] else 0
    g.update(hex=here, spent=spent, moved=True, units=units, fm_used=max(frame.get("fm_used", 0), fm),
             gained=sorted(gained))
    if not units:
        g.end({"units": frame["units"], "gained": sorted(gained)})
        return
    if reactions:
        g.call("reaction", side=ENEMY[side], mover_side=side, prev=prev, at=here, candidates=reactions,
               movers=units)


def finish_force(g: Game, frame: dict) -> None:
    """7.2.3: a Force that Forced Marched takes an EC, +1 per Forced-March MP; failure per the
    Forced March table (7.2.4). Then the Force's movement ends."""
    units = [p for p in frame["units"] if p in g.state.pieces]
    fm = int(frame.get("fm_used", 0))
    if fm > 0 and units:
        forced_march_check(g, units, fm)
    g.end({"units": frame["units"], "gained": frame.get("gained", [])})


class MovementEnd(Decision):
    """3.1.3: at the end of a movement phase the owner eliminates units over the stacking limit
    (not when enemy PA markers kept them from leaving); 16.3.1/16.4.1 combined substitutions and
    22.3.3 GDT detachments; 13.1.1 siege artillery that stayed put deploys."""
    name = "movement_end"
    rule = "3.1.3"
    lines = {"eliminate": "eliminates {unit} (over the stacking limit)"}

    def begin(self, g: Game, frame: dict) -> None:
        tasks.end_of_phase(g, frame)
        substitutions.end_of_movement(g, frame["side"])
        if not self.overstacked(g, frame):
            finish_phase(g, frame)

    def overstacked(self, g: Game, frame: dict) -> list[str]:
        side = frame["side"]
        out = []
        pinned = set(frame.get("pinned_hexes", []))
        for h in g.index()["at"]:
            if h in pinned:
                continue
            if g.side_at(h) == side and moves.stack_size(g, h, side) > moves.STACK_LIMIT + 1e-9:
                out.append(h)
        return out

    def ask(self, g: Game, frame: dict) -> str:
        return f"eliminate units over the stacking limit at {', '.join(self.overstacked(g, frame))} (3.1.3)"

    def actions(self, g: Game, frame: dict):
        for h in self.overstacked(g, frame):
            for pid in g.units_at(h):
                if g.side(pid) == frame["side"] and g.size_of(pid) > 0:
                    yield self.offer("eliminate", frame["side"], unit=pid)

    def on_eliminate(self, g: Game, frame: dict, unit: Piece) -> None:
        """Eliminate this unit"""
        eliminate(g, int(unit), "over the stacking limit at the end of the movement phase (3.1.3)")
        if not self.overstacked(g, g.top):
            finish_phase(g, g.top)


def finish_phase(g: Game, frame: dict) -> None:
    control.update_fronts(g)
    g.end()
