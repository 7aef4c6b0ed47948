"""Moving units: step A of an Action (Tactical Movement and Assault Declaration, 11.1, 13.1,
18.1-18.3), the counterattack declaration (13.5, step E) and the Non-Activated Unit Movement
Phase (11.2, Phase 10).

Units move hex by hex, paying for each hex entered and each hexside feature crossed (11.0), one
unit at a time (reading: a stack moves as its units one after the other). The unit moving may
go on while it has points; once another unit starts moving it may not move again (11.0.7), and
each unit moves once a game turn. Infiltration fire (11.1.2) may fall after any step.

A unit's move has a mode: plain; forced march (11.3: infantry MA +50%, 1 DP when the movement
step ends — for an assault declaration, after the declaration and before the bombardment); or,
in Phase 10, strategic (11.2.2: MA doubled when every hex of the move, start included, is at
least 4 hexes from every enemy unit). A plain move becomes a forced march or a strategic move by
the step that needs the extra points. Stacking (12.3): a unit may pass through friends over the
limit but must end within it — it enters an over-stacked hex only if it can leave it, and may not
stop there.
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import action, board, command, movement, trenches, units
from .game import Game, other, violation

STRATEGIC_DISTANCE = 4     # 11.2.2: four hexes away (three between)
PLAIN, FORCED, STRATEGIC = "plain", "forced", "strategic"


def entered(g: Game, pid: int, loc: str) -> None:
    """Control (23.1) and the Sc 5 East-sector freeze, lifted when an AH unit crosses the initial
    front there (special rule 1)."""
    board.mark_control(g, pid, [loc])
    if g.side_of(pid) == "AH" and not board.is_artillery(g, pid) and g.data.sector.get(loc) == "East" \
            and g.data.initial_side.get(loc) == "IT" and not g.get("se_east_open"):
        g.set("se_east_open", True)
        g.note("An AH unit has crossed the initial front in the East sector: the Italian units there "
               "may act (Sc 5, special rule 1).")


def far_hexes(g: Game, side: str) -> frozenset[str]:
    return movement._far_from_enemy(g, side, STRATEGIC_DISTANCE)


class MoveStep(State):
    """What every movement decision shares: whose units, their budgets, moving them a hex."""
    tactical = True
    strategic_allowed = False
    rule = "11.0"

    # -- hooks for the three kinds of movement -------------------------------------------------
    def movers(self, g: Game, frame: dict) -> list[int]:
        raise NotImplementedError

    def full_ma(self, g: Game, frame: dict) -> bool:
        return False

    # -- the unit moving ----------------------------------------------------------------------------
    def may_move(self, g: Game, frame: dict, pid: int) -> bool:
        if pid == frame.get("mover"):
            return True
        if pid in frame.get("done_units", []) or "assault" in g.piece(pid).props:
            return False
        if not self.full_ma(g, frame) and g.listed("se_moved", pid):
            return False                      # 11.0.7
        if int(g.piece(pid).props.get("frozen_until", 0) or 0) > g.turn:
            return False                      # Sc 5: the 48th Division free from 2 June
        if command.frozen(g, g.side_of(pid), pid):
            return False                      # Sc 5 special rule 1
        if self.over_stacked_mover(g, frame) is not None:
            return False                      # 12.3: the mover must first leave its over-stacked hex
        return True

    def over_stacked_mover(self, g: Game, frame: dict) -> int | None:
        pid = frame.get("mover")
        if pid is None or not g.exists(pid) or not board.on_map(g, pid):
            return None
        loc = g.where(pid)
        if len(board.stacking_units(g, loc, g.side_of(pid))) > board.stack_limit(g, loc) \
                and g.ptype(pid).kind == "unit":
            return pid
        return None

    def spent(self, frame: dict, pid: int) -> int:
        return int(frame.get("spent", 0)) if pid == frame.get("mover") else 0

    def mode(self, frame: dict, pid: int) -> str:
        return frame.get("mode", PLAIN) if pid == frame.get("mover") else PLAIN

    def budget(self, g: Game, pid: int, mode: str) -> int:
        return movement.ma(g, pid, forced=(mode == FORCED), strategic=(mode == STRATEGIC))

    def far_so_far(self, g: Game, frame: dict, pid: int) -> bool:
        far = far_hexes(g, g.side_of(pid))
        if pid == frame.get("mover"):
            return bool(frame.get("far")) and g.where(pid) in far
        return g.where(pid) in far

    def steps(self, g: Game, frame: dict, pid: int) -> list[tuple[str, str, int]]:
        """(verb, hex, points after) of every step the unit may take now."""
        mover = movement.Mover(g, pid, self.tactical)
        here = g.where(pid)
        spent = self.spent(frame, pid)
        mode = self.mode(frame, pid)
        plain = self.budget(g, pid, PLAIN)
        forced = self.budget(g, pid, FORCED) if board.is_infantry(g, pid) else 0
        strat = self.budget(g, pid, STRATEGIC) if self.strategic_allowed else 0
        far = far_hexes(g, g.side_of(pid)) if self.strategic_allowed else frozenset()
        far_ok = self.strategic_allowed and self.far_so_far(g, frame, pid)
        limit = self.budget(g, pid, mode)
        out = []
        for n in g.data.nbrs[here]:
            cost = mover.step(here, n, spent, limit)
            if cost is None:
                continue
            total = spent + cost
            verbs = []
            if total <= limit and (mode != STRATEGIC or n in far):
                verbs.append("move")
            else:
                if mode == PLAIN and forced and total <= forced:
                    verbs.append("force_march")
                if mode == PLAIN and far_ok and n in far and strat and total <= strat:
                    verbs.append("strategic")
            for verb in verbs:
                after = total
                if board.cliff(g, here, n):
                    after = max(total, self.budget(g, pid, {"move": mode, "force_march": FORCED,
                                                            "strategic": STRATEGIC}[verb]))
                if not mover.can_end(n) and not self._can_leave(g, mover, pid, n, after, verb, mode):
                    continue
                out.append((verb, n, after))
        return out

    def _can_leave(self, g: Game, mover, pid: int, n: str, total: int, verb: str, mode: str) -> bool:
        """12.3: an over-stacked hex is entered only when the unit can step on to a legal end."""
        new_mode = {"move": mode, "force_march": FORCED, "strategic": STRATEGIC}[verb]
        limit = self.budget(g, pid, new_mode)
        for m in g.data.nbrs[n]:
            c = mover.step(n, m, total, limit)
            if c is not None and total + c <= limit and mover.can_end(m) and not board.cliff(g, n, m):
                return True
        return False

    def offer_moves(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in self.movers(g, frame):
            if not self.may_move(g, frame, pid):
                continue
            for verb, n, _ in self.steps(g, frame, pid):
                yield self.offer(verb, side, unit=Piece(pid), to=Loc(n))

    def check_move(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        return self._check_step(g, frame, unit, to, "move")

    def check_force_march(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if g.exists(unit) and not board.is_infantry(g, unit):
            return violation("11.3", "only infantry may force-march")
        return self._check_step(g, frame, unit, to, "force_march")

    def _check_step(self, g: Game, frame: dict, unit: int, to: str, verb: str) -> Violation | None:
        if not g.exists(unit) or unit not in self.movers(g, frame):
            return violation(self.rule, "that unit may not move now")
        if not self.may_move(g, frame, unit):
            if self.over_stacked_mover(g, frame) is not None:
                return violation("12.3", f"{g.name(frame['mover'])} must first leave its over-stacked hex")
            if g.listed("se_moved", unit) or unit in frame.get("done_units", []):
                return violation("11.0.7", f"{g.name(unit)} has already moved this turn (or another unit "
                                           "has started moving since)")
            if command.frozen(g, g.side_of(unit), unit):
                return violation("Sc5", "the Italian units in the East sector may not move yet")
            return violation(self.rule, f"{g.name(unit)} may not move now")
        for v, n, _ in self.steps(g, frame, unit):
            if n == to and v == verb:
                return None
        here = g.where(unit)
        acts = action.current(g).get("acts", []) if self.tactical else []
        if len(acts) > 1 and g.data.sector.get(to) != next((a["sector"] for a in acts if unit in a["units"]), None):
            return violation("24.3", "with a brigade acting in each sector, a unit may not cross into the other sector")
        if to not in g.data.nbrs.get(here, ()):
            return violation("11.0", "units move one hex at a time, into an adjacent hex")
        mover = movement.Mover(g, unit, self.tactical)
        if board.cliff(g, here, to) and not board.is_mountain(g, unit):
            return violation("11.0.4", "only mountain infantry crosses cliff hexsides")
        if board.cliff(g, here, to) and self.spent(frame, unit):
            return violation("11.0.4", "crossing a cliff takes the unit's whole MA")
        if mover.enemy_blocks(to):
            return violation("11.0.6", "no unit enters a hex holding enemy non-artillery units")
        if not board.in_play_area(g, to):
            return violation("2.3", f"{to} is outside the scenario's play area (impassable)")
        if to in board.zoc(g, other(g.side_of(unit))):
            if not self.tactical:
                return violation("11.2.1", "units moving outside an Action may not enter enemy ZoC")
            if board.is_artillery(g, unit):
                return violation("19.4", "artillery alone may not enter an enemy ZoC")
        if verb == "strategic":
            return violation("11.2.2", "strategic movement stays at least four hexes from every enemy "
                                       "unit, start included, within twice the MA")
        if verb == "force_march" and self.mode(frame, unit) != PLAIN:
            return violation("11.3", "the unit is already on a forced or strategic move")
        for v, n, _ in self.steps(g, frame, unit):
            if n == to:
                return violation("11.0", f"take that step as '{v.replace('_', ' ')}'")
        mover_c = mover.step(here, to, self.spent(frame, unit), 1 << 30)
        if mover_c is not None and not mover.can_end(to):
            return violation("12.3", "the unit could not leave that over-stacked hex")
        return violation("11.0.3", "not enough movement points to enter that hex")

    def on_move(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Move"""
        self.step_unit(g, frame, unit, to, self.mode(frame, unit))

    def on_force_march(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Forced march"""
        self.step_unit(g, frame, unit, to, FORCED)

    def start_moving(self, g: Game, frame: dict, unit: int) -> None:
        """11.0.7: a unit starting to move ends the previous unit's move."""
        if frame.get("mover") != unit:
            done = list(frame.get("done_units", []))
            if frame.get("mover") is not None:
                done.append(frame["mover"])
            far = g.where(unit) in far_hexes(g, g.side_of(unit)) if self.strategic_allowed else False
            g.update(mover=unit, spent=0, mode=PLAIN, far=far, done_units=done)
            g.add_to("se_moved", unit)
            trenches.unit_disturbed(g, unit)

    def step_unit(self, g: Game, frame: dict, unit: int, to: str, mode: str) -> None:
        """One hex: pay, enter, capture enemy artillery alone there (19.4), control (23.1),
        infiltration fire (11.1.2)."""
        want = {PLAIN: "move", FORCED: "force_march", STRATEGIC: "strategic"}[mode]
        options = [(v, t) for v, n, t in self.steps(g, frame, unit) if n == to]
        after = next((t for v, t in options if v == want), options[0][1] if options else 0)
        self.start_moving(g, frame, unit)
        frame = g.top
        here = g.where(unit)
        if mode == FORCED and unit not in frame.get("forced", []):
            g.update(forced=frame.get("forced", []) + [unit])
            g.add_to("se_forced", unit)
        firers = movement.infiltration_firers(g, unit, here, to) if self.tactical else []
        far = frame.get("far") and to in far_hexes(g, g.side_of(unit)) if self.strategic_allowed else False
        g.do(C.Move(unit, to))
        entered(g, unit, to)
        side = g.side_of(unit)
        for p in board.occupied(g, other(side)).get(to, ()):
            if board.is_artillery(g, p):
                units.capture(g, p, f"{g.name(unit)} entered its hex (19.4)")
        g.update(spent=after, mode=mode, far=bool(far))
        self.after_move(g, unit)
        if firers:
            g.call("infiltration_fire", side=other(side), firers=firers, victims=[unit], hex=to, retreat=False)

    def after_move(self, g: Game, unit: int) -> None:
        rec = action.current(g)
        if rec and unit not in rec.get("moved", []):
            action.update_current(g, moved=rec.get("moved", []) + [unit])

    def end_forced_march(self, g: Game, frame: dict) -> None:
        """11.3: one DP to each unit at the end of its forced march."""
        for p in frame.get("forced", []):
            if g.exists(p) and board.on_map(g, p):
                units.add_dp(g, p, 1, "forced march, 11.3")

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        if self.over_stacked_mover(g, frame) is not None:
            return violation("12.3", f"{g.name(frame['mover'])} must end its move within the stacking limit")
        return None

    def describe(self, g: Game, frame: dict, action_) -> str | None:
        side = g.rules.side_name(action_.side)
        who = "a unit" if g.option("fog_of_war") else g.name(action_["unit"]) if "unit" in action_ else ""
        if action_.verb in ("move", "force_march", "strategic"):
            how = {"move": "moves", "force_march": "force-marches", "strategic": "moves strategically"}[action_.verb]
            return f"{side}: {who} {how} to {g.hex_name(action_['to'])}"
        if action_.verb in ("assault", "forced_assault", "counterattack"):
            return f"{side}: {g.name(action_['unit'])} declares an assault on {g.hex_name(action_['target'])}"
        if action_.verb == "dig":
            return f"{side}: {g.name(action_['unit'])} digs in at {g.hex_name(g.where(action_['unit']))}"
        return None


def assault_targets(g: Game, step: MoveStep, frame: dict, pid: int, allowed: set[str] | None = None):
    """13.1.1, 13.1.5, 11.1.3: (target, forced?) for the unit: an adjacent hex with enemy combat
    units (infantry; artillery alone, 19.3; a fortress, 20.5) it has the points to enter."""
    side = g.side_of(pid)
    if not board.is_infantry(g, pid):
        return []
    here = g.where(pid)
    mover = movement.Mover(g, pid, True)
    spent = step.spent(frame, pid)
    mode = step.mode(frame, pid)
    normal = step.budget(g, pid, mode)
    forced = step.budget(g, pid, FORCED) if mode == PLAIN else None
    out = []
    for n in g.data.nbrs[here]:
        if not board.occupied(g, other(side)).get(n):
            continue
        if allowed is not None and n not in allowed:
            continue
        if mover.assault_cost(here, n, spent, normal) is not None:
            out.append((n, False))
        elif forced is not None and mover.assault_cost(here, n, spent, forced) is not None:
            out.append((n, True))
    return out


def declare(g: Game, step: MoveStep, frame: dict, pid: int, target: str, forced: bool) -> None:
    """13.1.1: an Assault marker on the unit, pointing at the target hex; it pays the points of
    entering that hex (13.1.5) and moves no more."""
    step.start_moving(g, frame, pid)
    frame = g.top
    if forced and pid not in frame.get("forced", []):
        g.update(forced=frame.get("forced", []) + [pid])
        g.add_to("se_forced", pid)
    elif step.mode(frame, pid) == FORCED and pid not in frame.get("forced", []):
        g.update(forced=frame.get("forced", []) + [pid])
    here = g.where(pid)
    g.do(C.SetProp(pid, "assault", target))
    g.do(C.SetProp(pid, "assault_from", here))
    g.mark(pid, f"Assault → {target}")
    trenches.unit_disturbed(g, pid)
    g.update(spent=0, mode=PLAIN, mover=None, done_units=g.top.get("done_units", []) + [pid])
    step.after_move(g, pid)


class Tactical(MoveStep):
    """Step A: the activated brigade's units in command (and its attached independents) move,
    declare assaults, or dig in."""
    name = "tactical"
    rule = "11.1"
    hostile = frozenset({"assault", "forced_assault"})

    def movers(self, g: Game, frame: dict) -> list[int]:
        rec = action.current(g)
        out = []
        for a in rec.get("acts", []):
            out += [p for p in a["units"] if g.exists(p) and board.on_map(g, p) and g.side_of(p) == frame["side"]]
        return sorted(set(out))

    def steps(self, g: Game, frame: dict, pid: int) -> list[tuple[str, str, int]]:
        """24.3: with two brigades acting at once (team play), neither may cross into the other
        sector (it would count for both)."""
        out = super().steps(g, frame, pid)
        acts = action.current(g).get("acts", [])
        if len(acts) > 1:
            mine = next((a["sector"] for a in acts if pid in a["units"]), None)
            out = [s for s in out if g.data.sector.get(s[1]) == mine]
        return out

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "tactical",
                      f"{g.rules.side_name(frame['side'])} (step A): move the activated units, declare "
                      "assaults on adjacent enemy hexes, dig in, then done")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        yield from self.offer_moves(g, frame)
        for pid in self.movers(g, frame):
            if not self.may_move(g, frame, pid) and pid != frame.get("mover"):
                continue
            for target, forced in assault_targets(g, self, frame, pid):
                yield self.offer("forced_assault" if forced else "assault", side, unit=pid, target=target)
            if self._can_dig(g, frame, pid) is None:
                yield self.offer("dig", side, unit=pid)
        if self.check_done(g, frame) is None:
            yield self.offer("done", side)

    def check_assault(self, g: Game, frame: dict, unit: Piece, target: Loc) -> Violation | None:
        return self._check_assault(g, frame, unit, target, False)

    def check_forced_assault(self, g: Game, frame: dict, unit: Piece, target: Loc) -> Violation | None:
        return self._check_assault(g, frame, unit, target, True)

    def _check_assault(self, g: Game, frame: dict, unit: int, target: str, forced: bool) -> Violation | None:
        if not g.exists(unit) or unit not in self.movers(g, frame) or not self.may_move(g, frame, unit):
            return violation("13.1.1", "only activated units that can still move declare assaults")
        if not board.is_infantry(g, unit):
            return violation("13.1.1", "only infantry-class units assault")
        if target not in g.data.nbrs.get(g.where(unit), ()) or not board.occupied(g, other(frame["side"])).get(target):
            return violation("13.1.1", "an assault is declared on an adjacent hex holding enemy units")
        if board.cliff(g, g.where(unit), target) and not board.is_mountain(g, unit):
            return violation("11.0.4", "only mountain infantry assaults across a cliff hexside")
        for t, f in assault_targets(g, self, frame, unit):
            if t == target and f == forced:
                return None
        if not forced and (target, True) in assault_targets(g, self, frame, unit):
            return violation("13.1.5", "not enough movement points: only with a forced march (11.3)")
        return violation("13.1.5", "not enough movement points left to enter the assaulted hex")

    def on_assault(self, g: Game, frame: dict, unit: Piece, target: Loc) -> None:
        """Declare an assault"""
        declare(g, self, frame, unit, target, False)

    def on_forced_assault(self, g: Game, frame: dict, unit: Piece, target: Loc) -> None:
        """Declare an assault with a forced march"""
        declare(g, self, frame, unit, target, True)

    def _can_dig(self, g: Game, frame: dict, pid: int) -> Violation | None:
        """18.1-18.3: an activated infantry unit that neither moves nor assaults; a brigade
        activated with LP raises at most 5 levels a turn, one per hex; never in a fortress hex;
        at most level 3; one level per Action Phase in a hex."""
        if not board.is_infantry(g, pid) or pid == frame.get("mover") or g.listed("se_moved", pid):
            return violation("18.1", "a unit that moves or assaults does not dig in")
        if "assault" in g.piece(pid).props:
            return violation("18.1", "a unit that assaults does not dig in")
        rec = action.current(g)
        act = next((a for a in rec.get("acts", []) if pid in a["units"]), None)
        if act is None:
            return violation("18.1", "only activated units dig in")
        loc = g.where(pid)
        if act.get("lp", 0) < 1:
            return violation("18.2", "only a brigade activated with at least 1 LP builds trenches")
        budget = (g.get("se_trench_budget") or {}).get(act["brigade"], 0)
        if budget >= trenches.BRIGADE_BUDGET:
            return violation("18.2", "this brigade has built its 5 trench levels this turn")
        if loc in ((g.get("se_trench_hexes") or {}).get(act["brigade"], [])):
            return violation("18.2", "one level at a time, in different hexes")
        if loc in rec.get("dug", []):
            return violation("18.1", "one level per Action Phase in a hex")
        if trenches.fortress_at(g, loc) is not None:
            return violation("18.1.1", "no trenches in a fortress hex while the fortress stands")
        if trenches.level(g, loc) >= trenches.MAX_LEVEL or loc in trenches.digging(g):
            return violation("18.1", "trench level 3 at most, one work at a time")
        return None

    def check_dig(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if not g.exists(unit) or unit not in self.movers(g, frame):
            return violation("18.1", "only the activated brigade's units dig in")
        return self._can_dig(g, frame, unit)

    def on_dig(self, g: Game, frame: dict, unit: Piece) -> None:
        """Dig in"""
        rec = action.current(g)
        act = next(a for a in rec["acts"] if unit in a["units"])
        loc = g.where(unit)
        budget = dict(g.get("se_trench_budget") or {})
        budget[act["brigade"]] = budget.get(act["brigade"], 0) + 1
        g.set("se_trench_budget", budget)
        hexes = dict(g.get("se_trench_hexes") or {})
        hexes[act["brigade"]] = hexes.get(act["brigade"], []) + [loc]
        g.set("se_trench_hexes", hexes)
        action.update_current(g, dug=rec.get("dug", []) + [loc])
        g.update(done_units=frame.get("done_units", []) + [int(unit)])
        g.add_to("se_moved", int(unit))
        if board.enemy_zoc(g, g.side_of(unit), loc):
            die = g.roll(f"trench in enemy ZoC at {loc} (18.3: 1-3 succeeds)", "1d6")
            if die > 3:
                g.note(f"{g.name(unit)} fails to dig in under enemy fire at {g.hex_name(loc)}: die {die} "
                       "(18.3; it still counts).")
                return
            g.note(f"{g.name(unit)} digs in under enemy fire: die {die} (18.3).")
        now = trenches.level(g, loc)
        if now == 0:
            trenches.set_level(g, loc, 1, "dug in")
            g.note(f"{g.name(unit)} digs a level 1 trench at {g.hex_name(loc)} (18.2).")
        else:
            trenches.start_raise(g, unit, loc, act["brigade"])

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        """12.3, and Italian event 1: the drawn brigade makes at least one assault if it can."""
        problem = super().check_done(g, frame)
        if problem:
            return problem
        forced = g.get("se_forced_brigade")
        rec = action.current(g)
        if not forced or frame["side"] != "IT":
            return None
        act = next((a for a in rec.get("acts", []) if a["brigade"] == forced), None)
        if act is None:
            return None
        if any("assault" in g.piece(p).props for p in act["units"] if g.exists(p)):
            return None
        for pid in act["units"]:
            if g.exists(pid) and board.on_map(g, pid) and self.may_move(g, frame, pid) \
                    and assault_targets(g, self, frame, pid):
                return violation("4.0-7", "Italian event 1: this brigade must make at least one assault")
        return None

    def on_done(self, g: Game, frame: dict) -> None:
        """Movement done"""
        self.end_forced_march(g, frame)
        g.end()


class FreeMove(MoveStep):
    """Phase 10 (11.2): the units not activated this turn and the out-of-command units move, never
    into enemy ZoC, never assaulting; strategic movement doubles the MA of a move staying four
    hexes from every enemy unit (11.2.2). The Initiative player first (4.0-10)."""
    name = "free_move"
    rule = "11.2"
    tactical = False
    strategic_allowed = True

    def movers(self, g: Game, frame: dict) -> list[int]:
        def build():
            side = frame["side"]
            activated = set(g.get("se_activated_units") or ())
            out = []
            for loc, pids in board.occupied(g, side).items():
                for p in pids:
                    if board.is_fortress(g, p) or (p in activated and not g.has_marker(p, "Out of Command")):
                        continue
                    if movement.ma(g, p) <= 0:
                        continue
                    out.append(p)
            return sorted(out)
        return g.memo(("free_movers", frame["side"]), build)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "free_move",
                      f"{g.rules.side_name(frame['side'])} (Phase 10): move the units not activated this "
                      "turn (no entering enemy ZoC; strategic movement doubles the MA four hexes clear "
                      "of the enemy), then done")

    def actions(self, g: Game, frame: dict):
        yield from self.offer_moves(g, frame)
        if self.over_stacked_mover(g, frame) is None:
            yield self.offer("done", frame["side"])

    def check_strategic(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        return self._check_step(g, frame, unit, to, "strategic")

    def on_strategic(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Strategic move"""
        self.step_unit(g, frame, unit, to, STRATEGIC)

    def on_done(self, g: Game, frame: dict) -> None:
        """Movement done"""
        self.end_forced_march(g, frame)
        nxt = frame.get("next")
        if nxt:
            g.goto("free_move", side=nxt, next=None)
        else:
            trenches.complete(g)        # 18.2: at the end of the Non-Activated Movement Phase
            g.end()


class Counter(MoveStep):
    """Step E (13.5): the non-active player's eligible units within 2 hexes of a hex just lost to
    an assault — units that just retreated from an assault, and infantry adjacent to no enemy
    unit but those in that hex — may use their full MA to counterattack it (paying the cost to
    enter, 13.1.5). Reading: no command or LP is needed and an earlier move this turn does not
    forbid it (13.5.1 grants the full MA)."""
    name = "counter"
    rule = "13.5"
    hostile = frozenset({"counterattack"})

    def full_ma(self, g: Game, frame: dict) -> bool:
        return True

    def lost(self, g: Game) -> list[str]:
        return action.current(g).get("lost", [])

    def movers(self, g: Game, frame: dict) -> list[int]:
        side = frame["side"]
        rec = action.current(g)
        lost = self.lost(g)
        retreated = set(rec.get("retreated", []))
        out = []
        for loc, pids in board.occupied(g, side).items():
            if not any(g.data.hex_distance(loc, h) <= 2 for h in lost):
                continue
            for p in pids:
                if not board.is_infantry(g, p) or command.frozen(g, side, p):
                    continue
                if p in retreated:
                    out.append(p)
                    continue
                near = [e for e in board.adjacent_enemy(g, side, loc) if g.where(e) not in lost]
                if not near:
                    out.append(p)
        mover = frame.get("mover")
        if mover is not None and g.exists(mover) and board.on_map(g, mover) and mover not in out:
            out.append(mover)         # eligible when it started: it may go on (and must leave a crowd)
        return sorted(out)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "counterattack",
                      f"{g.rules.side_name(frame['side'])} (step E): units within 2 hexes of "
                      f"{', '.join(self.lost(g))} may move and counterattack it, then done")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        yield from self.offer_moves(g, frame)
        lost = set(self.lost(g))
        for pid in self.movers(g, frame):
            if not self.may_move(g, frame, pid):
                continue
            for target, forced in assault_targets(g, self, frame, pid, lost):
                if not forced:
                    yield self.offer("counterattack", side, unit=pid, target=target)
        if self.over_stacked_mover(g, frame) is None:
            yield self.offer("done", side)

    def check_counterattack(self, g: Game, frame: dict, unit: Piece, target: Loc) -> Violation | None:
        if target not in self.lost(g):
            return violation("13.5", "a counterattack retakes a hex just lost to an assault")
        if not g.exists(unit) or unit not in self.movers(g, frame) or not self.may_move(g, frame, unit):
            return violation("13.5", "that unit is not eligible to counterattack")
        if (target, False) not in assault_targets(g, self, frame, unit, {target}):
            return violation("13.5.1", "not adjacent, or not enough movement points to enter the hex")
        return None

    def on_counterattack(self, g: Game, frame: dict, unit: Piece, target: Loc) -> None:
        """Counterattack"""
        declare(g, self, frame, unit, target, False)

    def on_done(self, g: Game, frame: dict) -> None:
        """Counterattacks declared"""
        self.end_forced_march(g, frame)
        g.end()
