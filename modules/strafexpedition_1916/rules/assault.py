"""Steps B to G of an Action: offensive bombardment (13.2), defensive fire (13.3), assault
resolution with retreats (13.4), and the counterattacks (13.5); and the Sc 2 free barrage.

Readings where the rulebook is silent or unclear:

* Bombardment targets (13.2.2) are hexes holding enemy units.
* 13.1.4: when more units declared an assault on a hex than may enter it (two, one on level 8),
  the strongest enter (combat factor, then morale); the others stay where they are.
* 13.4.3 C: the morale shift compares the best current morale on each side (13.4.4: that unit
  takes the first step lost); the height shift compares the defender's hex with the highest hex
  an assault came from; a hexside shift (river) counts when every assaulting unit crosses such a
  hexside, a cliff (mountain infantry only) when any does; the Roana bridge −3 when any crosses
  it (Sc 5).
* 13.4.4: when neither line of the result makes a side retreat, the assaulting units go back to
  the hexes they came from (the hex is not taken; no retreat fire); the winner that never
  surrenders (16.4.2) is the one side that did not retreat when the other did.
* 20.5: a fortress is captured when the defenders' first step falls on it (it has the best
  morale) or when the defenders must retreat.
* 18.5: the trench level drops by one once per assault in which a defender retreats or is
  eliminated; a successful counterattack restores the levels lost in that hex this Action
  (13.5.4).
* 13.4.5 A: the hexes "opposite" an assault are the hexes beyond the defender's hex on the line
  from each hex an assault came from; "or adjacent to one of them": the defender's neighbours
  touching such a hex. Within one priority the owner chooses.
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.hexgrid import Hex
from engine.machine import State
from engine.rules import Prompt, Violation

from . import action, board, fire, sight, tables, trenches, units
from .game import Game, other, violation

CLIFF_RETREAT_DP = 2          # 13.4.5.1


# -- B. offensive bombardment ---------------------------------------------------------------------------

def observed_enemy_hexes(g: Game, side: str, observers: list[str]) -> frozenset[str]:
    """13.2.2: the enemy-held hexes some observer sees."""
    def build():
        enemy = board.occupied(g, other(side))
        return frozenset(h for h in enemy if sight.observed(g, observers, h))
    return g.memo(("observed", side, tuple(observers)), build)


class Bombard(State):
    """13.2.1-13.2.5: every assigned artillery unit able to fire picks one observed target in
    its range before any is resolved; then each target hex is resolved."""
    name = "bombard"
    rule = "13.2"
    hostile = frozenset({"target"})

    def guns(self, g: Game, frame: dict) -> list[int]:
        if frame.get("free"):
            return sorted(p for pids in board.occupied(g, frame["side"]).values() for p in pids
                          if (board.is_artillery(g, p) or board.is_fortress(g, p)) and fire.gun_can_bombard(g, p))
        rec = action.current(g)
        return sorted(p for a in rec.get("acts", []) for p in a["artillery"] if fire.gun_can_bombard(g, p))

    def observers(self, g: Game, frame: dict) -> list[str]:
        if frame.get("free"):
            return frame["observers"]
        rec = action.current(g)
        area = sorted({h for a in rec.get("acts", []) for h in a["area"]})
        return sight.observer_hexes(g, frame["side"], area)

    def targets(self, g: Game, frame: dict, gun: int) -> list[str]:
        seen = observed_enemy_hexes(g, frame["side"], self.observers(g, frame))
        return sorted(h for h in seen if sight.in_range(g, gun, h) and not fire.bombard_forbidden(g, gun, h))

    def prompt(self, g: Game, frame: dict) -> Prompt:
        n = len(frame["targets"])
        return Prompt(frame["side"], "bombard",
                      f"{g.rules.side_name(frame['side'])} (step B): give each gun an observed target in its "
                      f"range ({n} given), then fire")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for gun in self.guns(g, frame):
            if str(gun) in frame["targets"]:
                continue
            for h in self.targets(g, frame, gun):
                yield self.offer("target", side, gun=gun, hex=h)
        yield self.offer("fire", side)

    def check_target(self, g: Game, frame: dict, gun: Piece, hex: Loc) -> Violation | None:
        if gun not in self.guns(g, frame):
            if g.exists(gun) and g.listed("se_fired_offensive", gun):
                return violation("13.2.4", f"{g.name(gun)} has already fired offensively this turn")
            if g.exists(gun) and g.listed("se_heavy_setup", gun):
                return violation("19.2", f"{g.name(gun)} went into battery this turn and cannot fire")
            return violation("13.2.1", "only artillery assigned to the activated brigade, in battery, bombards")
        if str(gun) in frame["targets"]:
            return violation("13.2.1", f"{g.name(gun)} already has its one target hex")
        why = fire.bombard_forbidden(g, gun, hex)
        if why:
            return violation("Sc5", why)
        if not sight.in_range(g, gun, hex):
            return violation("13.2.2", f"{hex} is beyond {g.name(gun)}'s range")
        if hex not in self.targets(g, frame, gun):
            return violation("13.2.2", f"{hex} is not observed: no line of sight from a hex in the HQ's "
                                       "command radius free of enemy units and ZoC (or it holds no enemy)")
        return None

    def on_target(self, g: Game, frame: dict, gun: Piece, hex: Loc) -> None:
        """Aim"""
        targets = dict(frame["targets"])
        targets[str(gun)] = str(hex)
        g.update(targets=targets)

    def on_fire(self, g: Game, frame: dict) -> None:
        """Fire the bombardments"""
        by_hex: dict[str, list[int]] = {}
        for gun, h in frame["targets"].items():
            if g.exists(int(gun)) and fire.gun_can_bombard(g, int(gun)):
                by_hex.setdefault(h, []).append(int(gun))
        g.end()
        for h in sorted(by_hex):
            fire.resolve_bombardment(g, frame["side"], h, sorted(by_hex[h]),
                                     "Free barrage (Sc 2)" if frame.get("free") else "")
        if frame.get("free"):
            for gun in sorted(int(x) for x in frame["targets"]):
                if g.exists(gun):
                    g.unmark(gun, "Act")
            g.set("se_fired_offensive", None)
            g.set("se_bombarded", None)

    def describe(self, g: Game, frame: dict, action_) -> str | None:
        if action_.verb == "target":
            return f"{g.rules.side_name(action_.side)}: {g.name(action_['gun'])} aims at {g.hex_name(action_['hex'])}"
        return None


class FreeBarrage(Bombard):
    """Sc 2: before turn 1 the AH artillery may make one free Offensive Bombardment step, without
    activation. Reading: every AH artillery unit in battery may fire, observed from any hex within
    4 hexes (the AH command radius) of an AH infantry unit, free of enemy units and ZoC; its
    Act markers are cleared before turn 1 (it fired on 19 May)."""
    name = "free_barrage"

    def begin(self, g: Game, frame: dict) -> None:
        area = set()
        for loc, pids in board.occupied(g, "AH").items():
            if any(board.is_infantry(g, p) for p in pids):
                area.update(board.spiral_hexes(g, g.graph.hex_of(loc), 4))
        g.update(side="AH", free=True, targets={},
                 observers=sight.observer_hexes(g, "AH", sorted(area)))

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("AH", "bombard", "Austria-Hungary (Sc 2, free barrage before turn 1): give each gun "
                                       "an observed target, then fire")


# -- C/F. defensive fire -----------------------------------------------------------------------------------

class DefensiveFire(State):
    """13.3 (step C) and 13.5.3 (step F, infantry only): the defender's infantry adjacent to
    hexes of assaulting units, and (step C) its artillery within 6 hexes, each pick one such hex;
    1 LP lifts the artillery cap on a hex (13.3.7); then every target is resolved."""
    name = "defensive_fire"
    rule = "13.3"
    hostile = frozenset({"fire_at"})

    def targets(self, g: Game, frame: dict) -> list[str]:
        return action.assault_hexes(g, other(frame["side"]))

    def firers(self, g: Game, frame: dict, pid: int) -> list[str]:
        """The target hexes unit ``pid`` may fire at. A fortress is both infantry and artillery
        (20.1): it fires with its MG at an adjacent hex and, once a turn, with its BF within 6."""
        loc = g.where(pid)
        out = []
        for t in self.targets(g, frame):
            if (board.is_infantry(g, pid) or board.is_fortress(g, pid)) and t in g.data.nbrs.get(loc, ()):
                out.append(t)
            elif not frame["counter"] and self.as_gun(g, pid, t):
                out.append(t)
        return out

    def as_gun(self, g: Game, pid: int, t: str) -> bool:
        """13.3.4, 13.3.8, 19.1, 19.2: artillery (or a fortress) in battery within 6 hexes, BF
        left, not yet fired defensively this turn, not a heavy unit set up this turn."""
        return ((board.is_artillery(g, pid) or board.is_fortress(g, pid))
                and g.data.hex_distance(g.where(pid), t) <= fire.DF_ARTILLERY_RANGE and board.in_battery(g, pid)
                and units.bf(g, pid) > 0 and not g.listed("se_fired_defensive", pid)
                and not g.listed("se_heavy_setup", pid))

    def candidates(self, g: Game, frame: dict) -> list[int]:
        side = frame["side"]
        out = []
        for loc, pids in board.occupied(g, side).items():
            for p in pids:
                if str(p) not in frame["assign"] and self.firers(g, frame, p):
                    out.append(p)
        return sorted(out)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        step = "F" if frame["counter"] else "C"
        return Prompt(frame["side"], "defensive_fire",
                      f"{g.rules.side_name(frame['side'])} (step {step}): fire at the assaulting units in "
                      f"{', '.join(self.targets(g, frame))} — each firer picks one hex"
                      + ("" if frame["counter"] else "; 1 LP lifts the artillery limit on a hex")
                      + "; then resolve")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for p in self.candidates(g, frame):
            for t in self.firers(g, frame, p):
                yield self.offer("fire_at", side, unit=p, hex=t)
        if not frame["counter"] and g.lp(side) >= 1:
            for t in self.targets(g, frame):
                if t not in frame["uncapped"] and any(frame["assign"].get(str(p)) == t and not board.is_infantry(g, p)
                                                      for p in [int(x) for x in frame["assign"]]):
                    yield self.offer("uncap", side, hex=t)
        yield self.offer("resolve", side)

    def check_fire_at(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> Violation | None:
        if not g.exists(unit) or g.side_of(unit) != frame["side"] or not board.on_map(g, unit):
            return violation("13.3", "fire with your own units")
        if str(unit) in frame["assign"]:
            return violation("13.3", f"{g.name(unit)} already fires at one hex")
        if hex not in self.targets(g, frame):
            return violation("13.3", "defensive fire falls only on units under an Assault marker")
        if hex in self.firers(g, frame, unit):
            return None
        if frame["counter"] and not board.is_infantry(g, unit):
            return violation("13.5.3", "no artillery fires in a counterattack")
        if board.is_infantry(g, unit):
            return violation("13.3.1", "infantry fires only at an adjacent hex of assaulting units")
        if g.listed("se_fired_defensive", unit):
            return violation("13.3.8", f"{g.name(unit)} has already fired defensively this turn")
        return violation("13.3.4", "artillery fires defensively in battery, within 6 hexes of the target")

    def on_fire_at(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> None:
        """Fire at"""
        assign = dict(frame["assign"])
        assign[str(unit)] = str(hex)
        g.update(assign=assign)

    def check_uncap(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if frame["counter"]:
            return violation("13.5.3", "no artillery fires in a counterattack")
        if g.lp(frame["side"]) < 1:
            return violation("13.3.7", "lifting the artillery limit costs 1 LP")
        if hex in frame["uncapped"] or hex not in self.targets(g, frame):
            return violation("13.3.7", "1 LP per target hex, once")
        return None

    def on_uncap(self, g: Game, frame: dict, hex: Loc) -> None:
        """Pay 1 LP: no artillery limit on this hex"""
        g.spend_lp(frame["side"], 1)
        g.update(uncapped=frame["uncapped"] + [str(hex)])
        g.note(f"{g.rules.side_name(frame['side'])} pays 1 LP: no limit on the artillery firing at {hex} (13.3.7).")

    def on_resolve(self, g: Game, frame: dict) -> None:
        """Resolve the defensive fire"""
        g.end()
        attacker = other(frame["side"])
        for t in self.targets(g, frame):
            firers = [int(p) for p, h in frame["assign"].items() if h == t and g.exists(int(p))]
            if not firers:
                continue
            infantry = [p for p in firers if board.is_infantry(g, p)
                         or (board.is_fortress(g, p) and t in g.data.nbrs.get(g.where(p), ()))]
            guns = [p for p in firers if not board.is_infantry(g, p) and not frame["counter"] and self.as_gun(g, p, t)]
            victims = [p for p in board.occupied(g, attacker).get(t, ()) if "assault" in g.piece(p).props]
            what = "Defensive fire against the counterattack (13.5.3)" if frame["counter"] else "Defensive fire (13.3)"
            fire.resolve_fire(g, frame["side"], t, victims, infantry, guns, t in frame["uncapped"], what)

    def describe(self, g: Game, frame: dict, action_) -> str | None:
        if action_.verb == "fire_at":
            return f"{g.rules.side_name(action_.side)}: {g.name(action_['unit'])} fires at {g.hex_name(action_['hex'])}"
        return None


# -- D/G. resolution --------------------------------------------------------------------------------------

def opposite(g: Game, origin: str, target: str) -> str | None:
    a, b = g.graph.hex_of(origin), g.graph.hex_of(target)
    h = Hex(2 * b.q - a.q, 2 * b.r - a.r)
    return g.graph.at_hex(g.module.grids[0].id, h)


def retreat_options(g: Game, pid: int, from_hex: str, origins: list[str], step_origins: list[str]) -> tuple[str, list[str]]:
    """13.4.5 A-D: the best class of hexes the defending unit may retreat to, and the hexes."""
    side = g.side_of(pid)
    enemy_occ = board.occupied(g, other(side))
    opp = {o for o in (opposite(g, x, from_hex) for x in origins) if o}
    allowed = []
    for n in g.data.nbrs[from_hex]:
        if n in step_origins or enemy_occ.get(n) or not board.in_play_area(g, n):
            continue
        if board.cliff(g, from_hex, n) and not board.is_mountain(g, pid):
            continue
        allowed.append(n)
    def empty(n: str) -> bool:
        return not board.units_at(g, n)
    a_class = [n for n in allowed if empty(n) and (n in opp or any(n in g.data.nbrs.get(o, ()) for o in opp))]
    if a_class:
        return "A", sorted(a_class)
    b_class = [n for n in allowed if empty(n)]
    if b_class:
        return "B", sorted(b_class)
    c_class = [n for n in allowed if board.occupied(g, side).get(n)
               and len(board.stacking_units(g, n, side)) + (0 if board.is_fortress(g, pid) else 1) <= board.stack_limit(g, n)]
    if c_class:
        return "C", sorted(c_class)
    d_class = [n for n in allowed if board.occupied(g, side).get(n)]
    return ("D", sorted(d_class)) if d_class else ("", [])


class Resolution(State):
    """13.4 (step D) and 13.5.3 (step G): every declared assault resolved in turn (hex order;
    all are simultaneous for retreat fire, 13.4.2), with the retreats each requires."""
    name = "resolution"
    automatic = True

    def begin(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        decl = action.declared(g, side)
        queue = sorted({g.piece(p).props["assault"] for p in decl})
        involved = set(decl)
        for t in queue:
            involved.update(board.units_at(g, t, other(side)))
        origins = sorted({g.piece(p).props["assault_from"] for p in decl})
        g.update(queue=queue, tasks=[], involved=sorted(involved), origins=origins)

    def run(self, g: Game, frame: dict) -> None:
        if frame["tasks"]:
            task, rest = frame["tasks"][0], frame["tasks"][1:]
            g.update(tasks=rest)
            self.do_task(g, task)
            return
        if frame["queue"]:
            target, rest = frame["queue"][0], frame["queue"][1:]
            g.update(queue=rest)
            self.resolve(g, frame, target)
            return
        g.end()

    # -- one assault ---------------------------------------------------------------------------------
    def resolve(self, g: Game, frame: dict, target: str) -> None:
        side, enemy, counter = frame["side"], other(frame["side"]), frame["counter"]
        rec = action.current(g)
        declared = [p for p in action.declared(g, side) if g.piece(p).props.get("assault") == target]
        origin = {p: g.piece(p).props["assault_from"] for p in declared}
        for p in declared:
            action.clear_assault(g, p)
        if not declared:
            return
        if side == "AH" and "doctrine" in (g.get("se_events") or []) and target not in (g.get("se_bombarded") or []):
            g.note(f"AH doctrine (event 1): {target} was not bombarded this turn, the assault on it is "
                   "not made.")
            return
        limit = board.stack_limit(g, target)
        declared.sort(key=lambda p: (-units.cf(g, p), -units.morale(g, p), p))
        entering, staying = declared[:limit], declared[limit:]
        if staying:
            g.note(f"Only {limit} unit(s) may assault {target} (13.1.4, 12.5): {g.names(staying)} stay.")
        defenders = board.units_at(g, target, enemy)
        trenches.hex_assaulted(g, target)
        for p in defenders:
            trenches.unit_disturbed(g, p)
        if not defenders:
            for p in entering:
                g.do(C.Move(p, target))
                board.mark_control(g, p, [target])
            g.note(f"{g.names(entering)} advance into the empty {g.hex_name(target)} (13.1.3).")
            if not counter:
                action.update_current(g, lost=sorted(set(rec.get("lost", []) + [target])),
                                      origins_of={**rec.get("origins_of", {}), **{str(p): origin[p] for p in entering}})
            return
        for p in entering:
            g.do(C.Move(p, target))
        att_cf = sum(units.cf(g, p) for p in entering)
        def_cf = sum(units.cf(g, p) for p in defenders)
        column = tables.odds_column(g, att_cf, def_cf)
        shifts = self.shifts(g, target, entering, defenders, origin)
        net = sum(s[1] for s in shifts)
        final = column + net
        title = ("Counterattack on " if counter else "Assault on ") + g.hex_name(target)
        report = {"title": title, "attacker": side, "defender": enemy, "stage": "declared",
                  "lines": [{"who": side, "what": f"CF {att_cf} ({g.names(entering)}) against CF {def_cf} "
                                                  f"({g.names(defenders)}): {tables.column_label(g, column)}",
                             "table": "assault", "shifts": shifts}], "outcome": []}
        g.report_combat(report)
        die = g.roll(f"{title.lower()} (13.4.3)", "1d6")
        att_res, def_res, col = tables.assault(g, final, die)
        report["stage"] = "resolved"
        report["lines"][0].update(column=f"{tables.column_label(g, column)} → {col}", row=str(die), dice=[die],
                                  result=f"{att_res.code} / {def_res.code}")
        outcome = []
        att_best = max(entering, key=lambda p: (units.morale(g, p), units.cf(g, p), -p))
        def_best = max(defenders, key=lambda p: (0 if board.is_artillery(g, p) else units.morale(g, p), units.cf(g, p), -p))
        # losses first (16.4.1)
        att_left = self.losses(g, entering, att_best, att_res.steps, f"{title.lower()}", outcome)
        def_left = self.losses(g, defenders, def_best, def_res.steps, f"{title.lower()}", outcome, defending=True)
        winner = side if (def_res.retreat and not att_res.retreat) else enemy if (att_res.retreat and not def_res.retreat) else ""
        if att_res.dp:
            for p in att_left:
                units.add_dp(g, p, att_res.dp, title.lower(), in_assault=True, winner=(winner == side))
            outcome.append(f"{att_res.dp} DP to each attacker")
        if def_res.dp:
            for p in def_left:
                units.add_dp(g, p, def_res.dp, title.lower(), in_assault=True, winner=(winner == enemy))
            outcome.append(f"{def_res.dp} DP to each defender")
        att_left = [p for p in att_left if g.exists(p) and g.where(p) == target]
        def_left = [p for p in def_left if g.exists(p) and g.where(p) == target]
        tasks = []
        gone = [p for p in defenders if not (g.exists(p) and g.where(p) == target)]
        if def_res.retreat:
            for p in def_left:
                if board.is_fortress(g, p):
                    units.capture(g, p, "forced to retreat (20.5)")
                elif board.is_artillery(g, p) and board.in_battery(g, p):
                    outcome.append(f"{g.name(p)} cannot retreat: in battery (13.4.5.3)")
                else:
                    tasks.append({"kind": "retreat", "unit": p, "from": target, "origins": sorted(set(origin.values())),
                                  "counter": counter})
            if def_left:
                outcome.append(f"the defenders retreat")
        if att_res.retreat:
            for p in att_left:
                tasks.append({"kind": "return", "unit": p, "to": origin[p], "fire": True, "from": target})
            outcome.append("the attackers retreat to their hexes")
        elif not def_res.retreat and [d for d in def_left if not board.is_artillery(g, d)]:
            for p in att_left:
                tasks.append({"kind": "return", "unit": p, "to": origin[p], "fire": False, "from": target})
            outcome.append("the hex holds: the attackers go back (no retreat on either side)")
        defenders_out = gone or (def_res.retreat and def_left)
        if defenders_out and trenches.level(g, target) and not counter:
            trenches.reduce(g, target, "captured trench, 18.5")
            lost = dict(rec.get("trench_lost", {}))
            lost[target] = lost.get(target, 0) + 1
            action.update_current(g, trench_lost=lost)
            outcome.append(f"trench level in {target} -1 (18.5)")
        if not outcome:
            outcome.append("no effect")
        report["outcome"] = outcome
        g.report_combat(report)
        g.note(f"{title}: {tables.column_label(g, column)} shifted {net:+d} = {col}, die {die}: "
               f"{att_res.code} / {def_res.code} — {'; '.join(outcome)}.")
        held_by_attacker = att_left and not att_res.retreat and (def_res.retreat or not [d for d in def_left if not board.is_artillery(g, d)])
        g.update(tasks=g.top["tasks"] + tasks + [{"kind": "after", "target": target, "attackers": att_left,
                                                   "held": bool(held_by_attacker), "origin": {str(k): v for k, v in origin.items()}}])

    def shifts(self, g: Game, target: str, attackers: list[int], defenders: list[int], origin: dict) -> list[list]:
        data = g.data
        out = [[r, v] for r, v in fire.terrain_shifts(g, target, "assault_shift")]
        out += fire.trench_shift(g, target, "assault_shift")
        froms = [origin[p] for p in attackers]
        if froms and all(data.river(o, target) for o in froms):
            out.append([f"assault across a river into {target} (TEC)", int(data.tec["river_hexside"]["assault_shift"])])
        if any(board.cliff(g, o, target) for o in froms):
            out.append(["assault across a cliff (TEC)", int(data.tec["cliff_hexside"]["assault_shift"])])
        if any(board.bridge_stands(g, o, target) for o in froms):
            out.append(["assault across the Roana bridge (Sc 5)", int(data.assault_shift["roana_bridge"])])
        att_m = max(units.morale(g, p) for p in attackers)
        real = [p for p in defenders if not board.is_artillery(g, p)]
        def_m = max((units.morale(g, p) for p in real), default=0)
        if att_m != def_m:
            out.append([f"current morale {att_m} against {def_m} (16.3)", (att_m - def_m) * int(data.assault_shift["morale_per_point"])])
        top = max(data.level.get(o, 1) for o in froms)
        up = data.level.get(target, 1) - top
        if up > 0:
            v = max(int(data.assault_shift["defender_higher_max"]), up * int(data.assault_shift["defender_higher_per_level"]))
            out.append([f"defender {up} level(s) higher", v])
        if g.weather == "rain":
            out.append(["Rain (9.1)", int(data.assault_shift["rain"])])
        return [s for s in out if s[1]]

    def losses(self, g: Game, pids: list[int], first: int, steps: int, why: str, outcome: list,
               defending: bool = False) -> list[int]:
        """13.4.4: the first step from the unit whose morale was used, then the strongest; a
        fortress taking a step is captured (20.5). Artillery loses no step in an assault (17.3:
        its one step goes only to bombardment or capture; it is captured when the enemy holds
        its hex at the end of the Action, 13.4.5.3)."""
        if steps <= 0:
            return list(pids)
        order = [p for p in [first] + sorted((p for p in pids if p != first), key=lambda p: (-units.cf(g, p), p))
                 if not board.is_artillery(g, p)]
        left = steps
        taken = []
        for p in order:
            while left > 0 and g.exists(p) and board.on_map(g, p):
                if board.is_fortress(g, p):
                    units.capture(g, p, "a step lost in an assault (20.5)")
                else:
                    units.lose_step(g, p, why)
                taken.append(p)
                left -= 1
                if not (g.exists(p) and board.on_map(g, p)):
                    break
        outcome.append(f"{steps - left} step(s) lost by the {'defenders' if defending else 'attackers'}")
        return [p for p in pids if g.exists(p) and board.on_map(g, p)]

    # -- tasks ---------------------------------------------------------------------------------------
    def do_task(self, g: Game, task: dict) -> None:
        kind = task["kind"]
        if kind == "retreat":
            self.retreat(g, task)
        elif kind == "return":
            self.go_back(g, task)
        elif kind == "after":
            self.after(g, task)

    def retreat(self, g: Game, task: dict) -> None:
        pid = task["unit"]
        if not g.exists(pid) or g.where(pid) != task["from"]:
            return
        rec = action.current(g)
        if task.get("counter") and str(pid) in rec.get("origins_of", {}):
            dest = rec["origins_of"][str(pid)]      # 13.4.5.6: back to where it assaulted from
            if board.occupied(g, other(g.side_of(pid))).get(dest):
                units.surrender(g, pid, "no hex to retreat into, 13.4.5.2")
                return
            self.move_back(g, pid, dest, task["from"], True)
            return
        klass, hexes = retreat_options(g, pid, task["from"], task["origins"], g.top["origins"])
        if not hexes:
            units.surrender(g, pid, "no hex to retreat into, 13.4.5.2")
            return
        if len(hexes) == 1:
            self.finish_retreat(g, pid, task["from"], hexes[0], klass)
            return
        g.call("retreat", side=g.side_of(pid), unit=pid, hexes=hexes, klass=klass, origin=task["from"])

    def finish_retreat(self, g: Game, pid: int, from_hex: str, dest: str, klass: str) -> None:
        """Move the retreating unit; cliff DP (13.4.5.1), over-stacking DP (13.4.5 D, 12.7), retreat
        fire (13.4.5.4)."""
        side = g.side_of(pid)
        g.do(C.Move(pid, dest))
        board.mark_control(g, pid, [dest])
        rec = action.current(g)
        action.update_current(g, retreated=sorted(set(rec.get("retreated", []) + [pid])))
        g.note(f"{g.name(pid)} retreats from {from_hex} to {g.hex_name(dest)} (13.4.5 {klass}).")
        if board.cliff(g, from_hex, dest):
            units.add_dp(g, pid, CLIFF_RETREAT_DP, "retreat across a cliff, 13.4.5.1")
        if klass == "D" and g.exists(pid):
            for p in board.stacking_units(g, dest, side):
                if not g.listed("se_overstack_dp", p):
                    g.add_to("se_overstack_dp", p)
                    units.add_dp(g, p, 1, "over-stacked after a retreat, 12.7")
        self.retreat_fire(g, pid, from_hex, dest)

    def retreat_fire(self, g: Game, pid: int, from_hex: str, dest: str) -> None:
        """13.4.5.4-13.4.5.5: enemy units exerting ZoC into the hex retreated to, other than those
        in the assaulted hex and those involved in this step's assaults (13.4.2), may fire."""
        if not g.exists(pid) or g.where(pid) != dest:
            return
        involved = set(g.top.get("involved", []))
        firers = [p for p in board.zoc_sources(g, other(g.side_of(pid)), dest)
                  if g.where(p) != from_hex and p not in involved]
        if firers:
            g.call("infiltration_fire", side=other(g.side_of(pid)), firers=sorted(set(firers)), victims=[pid],
                   hex=dest, retreat=True)

    def go_back(self, g: Game, task: dict) -> None:
        pid = task["unit"]
        if not g.exists(pid) or g.where(pid) != task["from"]:
            return
        self.move_back(g, pid, task["to"], task["from"], task["fire"])

    def move_back(self, g: Game, pid: int, dest: str, from_hex: str, retreat: bool) -> None:
        g.do(C.Move(pid, dest))
        if retreat:
            g.note(f"{g.name(pid)} retreats to {g.hex_name(dest)} (13.4.5).")
            self.retreat_fire(g, pid, from_hex, dest)

    def after(self, g: Game, task: dict) -> None:
        """The hex is the attacker's: control (23.1); a hex taken by an assault is "just lost"
        for the counterattack (13.5); a successful counterattack restores the trench (13.5.4)."""
        target = task["target"]
        side = g.top["side"]
        holders = [p for p in board.occupied(g, side).get(target, ()) if not board.is_artillery(g, p)]
        enemy_left = [p for p in board.occupied(g, other(side)).get(target, ()) if not board.is_artillery(g, p)]
        if not holders or enemy_left:
            return
        for p in holders:
            board.mark_control(g, p, [target])
        rec = action.current(g)
        if g.top["counter"]:
            restored = rec.get("trench_lost", {}).get(target, 0)
            if restored:
                trenches.set_level(g, target, trenches.level(g, target) + restored, "retaken")
                lost = dict(rec.get("trench_lost", {}))
                lost.pop(target, None)
                action.update_current(g, trench_lost=lost)
                g.note(f"The counterattack retakes {target}: its trench level is restored (13.5.4).")
        else:
            origins = dict(rec.get("origins_of", {}))
            origins.update(task["origin"])
            action.update_current(g, lost=sorted(set(rec.get("lost", []) + [target])), origins_of=origins)


class Retreat(State):
    """13.4.5: the owner picks the hex its defending unit retreats to, among the best priority
    class open (A opposite the assault, B empty, C friendly within the limits, D over them)."""
    name = "retreat"
    rule = "13.4.5"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "retreat",
                      f"{g.rules.side_name(frame['side'])}: retreat {g.name(frame['unit'])} one hex "
                      f"(priority {frame['klass']}, 13.4.5)")

    def actions(self, g: Game, frame: dict):
        for h in frame["hexes"]:
            yield self.offer("retreat", frame["side"], unit=frame["unit"], to=h)

    def check_retreat(self, g: Game, frame: dict, unit: Piece, to: Loc) -> Violation | None:
        if unit != frame["unit"]:
            return violation("13.4.5", f"retreat {g.name(frame['unit'])} now")
        if to not in frame["hexes"]:
            return violation(f"13.4.5 {frame['klass']}" if frame["klass"] else "13.4.5",
                             "that hex is not in the highest retreat priority open (A opposite the "
                             "assault, B empty, C friendly within the limit, D over it)")
        return None

    def on_retreat(self, g: Game, frame: dict, unit: Piece, to: Loc) -> None:
        """Retreat"""
        klass, origin = frame["klass"], frame["origin"]
        g.end()
        res = g.machine.state("resolution")
        res.finish_retreat(g, unit, origin, str(to), klass)

    def describe(self, g: Game, frame: dict, action_) -> str | None:
        return f"{g.rules.side_name(action_.side)}: {g.name(action_['unit'])} retreats to {g.hex_name(action_['to'])}"

