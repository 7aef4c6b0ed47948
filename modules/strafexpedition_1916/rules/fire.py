"""Fire: offensive bombardment (13.2), defensive fire (13.3) and infiltration fire (11.1.2,
13.4.5.4), each with its combat report (the table, column, shifts with reasons, dice, result).

Readings where the rulebook is silent:

* Halves (9.1: Rain halves all BF; Overcast halves BF fired at a level-5+ target) and the
  quarter of 13.3.5 are taken on the total and rounded down.
* 13.3.6: without paying LP, the artillery's quartered contribution may not exceed the MG
  total of the infantry firing at that hex, with a minimum of 1 (so artillery may fire for 1
  point at a hex no infantry fires at).
* Defensive fire shifts (13.3.10 C): the TEC shift of the hex of the assaulting units (its
  woods), +1 when the highest firing infantry stands on a higher level than that hex (the
  "position of the firing defender"), and +1 per trench level of the best-entrenched hex of the
  firing infantry (18.4: trenches make defensive fire more effective).
* Who loses the steps of a "#D#" in a hex (13.2.6, 13.3.11: in total, not per unit; the rules
  do not say who chooses): infantry before artillery; among infantry a full-strength unit first
  (the strongest), then the reduced ones; artillery only when two steps of one bombardment fall
  on it (19.6); a fortress takes no steps from fire (20.5: bombardment hits its trench level and
  its DP). Steps come before DP (16.4.1).
"""
from __future__ import annotations

from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, sight, tables, trenches, units
from .game import Game, other, violation

DF_ARTILLERY_RANGE = 6       # 13.3.4
ARTILLERY_STEPS_TO_DIE = 2   # 19.6


def weather_bf(g: Game, total: int, target: str) -> tuple[int, str]:
    """9.1: Rain halves every BF; Overcast halves BF fired at a target at level 5 or higher."""
    if g.weather == "rain":
        return total // 2, "Rain: BF halved (9.1)"
    if g.weather == "overcast" and g.data.level.get(target, 1) >= sight.OVERCAST_LEVEL:
        return total // 2, "Overcast, target at level 5+: BF halved (9.1)"
    return total, ""


def terrain_shifts(g: Game, loc: str, column: str) -> list[list]:
    """The TEC shifts of hex ``loc`` for ``column`` (bombard_shift / defensive_fire_shift /
    assault_shift): its level, woods, town, fortress."""
    data = g.data
    tec = data.tec
    out = []
    lv = data.level.get(loc, 1)
    row = "high_mountain_level8" if lv >= board.HIGH_MOUNTAIN else f"level{lv}"
    for name, key in ((f"level {lv}", row), ("woods", "woods" if loc in data.woods else None),
                      ("town", "town" if loc in data.town else None),
                      ("fortress", "fortress" if trenches.fortress_at(g, loc) is not None else None)):
        if key is None:
            continue
        v = int(tec[key][column])
        if v:
            out.append([f"{name} in {loc} (TEC)", v])
    return out


def trench_shift(g: Game, loc: str, column: str) -> list[list]:
    lvl = trenches.level(g, loc)
    v = int(g.data.tec["trench_per_level"][column]) * lvl
    return [[f"trench level {lvl} in {loc} (18.4)", v]] if lvl and v else []


def take_losses(g: Game, pids: list[int], steps: int, why: str, artillery_two: bool = False) -> list[int]:
    """Apply ``steps`` step losses among ``pids`` (the reading in the module doc). Returns the
    units still on the map."""
    alive = [p for p in pids if g.exists(p) and board.on_map(g, p)]
    inf = [p for p in alive if board.is_infantry(g, p)]
    guns = [p for p in alive if board.is_artillery(g, p)]
    left = steps
    while left > 0 and inf:
        inf.sort(key=lambda p: (-units.steps_left(g, p), -units.cf(g, p), p))
        p = inf[0]
        if units.lose_step(g, p, why):
            inf.remove(p)
        left -= 1
    if left > 0 and guns:
        if artillery_two:
            while left >= ARTILLERY_STEPS_TO_DIE and guns:
                units.eliminate(g, guns.pop(0), f"{why}, two steps on artillery (19.6)")
                left -= ARTILLERY_STEPS_TO_DIE
        else:
            while left > 0 and guns:
                units.eliminate(g, guns.pop(0), why)
                left -= 1
    return [p for p in pids if g.exists(p) and board.on_map(g, p)]


def apply_dp(g: Game, pids: list[int], n: int, why: str, in_assault: bool = False) -> None:
    for p in pids:
        if g.exists(p) and board.on_map(g, p):
            units.add_dp(g, p, n, why, in_assault=in_assault)


def star(g: Game, purpose: str) -> tuple[int, int]:
    """The "*" result: roll again, 1-3 = D1, 4-6 nothing (13.2.6, 13.3.11)."""
    die = g.roll(f"{purpose}: * result, 1-3 = D1", "1d6")
    return die, (1 if die <= 3 else 0)


# -- offensive bombardment (13.2) ------------------------------------------------------------------------

def gun_can_bombard(g: Game, gun: int) -> bool:
    """13.2.4, 19.1, 19.2, 19.7: in battery, BF left after DP, not fired offensively this turn, not
    a heavy unit that went into battery this turn."""
    return (g.exists(gun) and board.on_map(g, gun) and board.in_battery(g, gun) and units.bf(g, gun) > 0
            and not g.listed("se_fired_offensive", gun) and not g.listed("se_heavy_setup", gun))


def bombard_forbidden(g: Game, gun: int, target: str) -> str | None:
    """Sc 5 special rule 3: III Corps artillery may not bombard East-sector hexes before 19 May."""
    before = g.sattr("iii_corps_no_east_bombard_before_turn")
    if before and g.turn < int(before) and g.side_of(gun) == "AH" \
            and str(g.ptype(gun).attrs.get("corps", "")) == "III" and g.data.sector.get(target) == "East":
        return "Sc5: III Corps artillery may not bombard East-sector hexes before the 19 May turn"
    return None


def resolve_bombardment(g: Game, side: str, target: str, guns: list[int], title: str = "") -> None:
    """13.2.5-13.2.6 for one target hex (the short-fire events of the Event Tables first)."""
    if f"short_fire_{side}" in (g.get("se_events") or []):
        die = g.roll(f"short fire of the {g.rules.side_name(side)} bombardment (1-2: falls short)", "1d6")
        if die <= 2:
            own = sorted(h for h in g.data.nbrs[target] if board.occupied(g, side).get(h))
            if own:
                k = own[0] if len(own) == 1 else own[g.roll("adjacent hex hit by the short fire", f"1d{len(own)}") - 1]
                g.note(f"Short fire (event): die {die}, the bombardment of {target} falls on "
                       f"{g.hex_name(k)}, held by {g.rules.side_name(side)} units.")
                target = k
    total = sum(units.bf(g, p) for p in guns)
    bf, weather_reason = weather_bf(g, total, target)
    shifts = terrain_shifts(g, target, "bombard_shift") + trench_shift(g, target, "bombard_shift")
    shift = sum(s[1] for s in shifts)
    enemy = other(side)
    victims = [p for p in board.units_at(g, target)]
    report = {"title": title or f"Bombardment of {g.hex_name(target)}", "attacker": side, "defender": enemy,
              "stage": "declared",
              "lines": [{"who": side, "what": f"{len(guns)} guns: {g.names(guns)}; BF {total}"
                                              + (f" → {bf} ({weather_reason})" if weather_reason else ""),
                         "table": "bombardment", "shifts": shifts}],
              "outcome": []}
    g.report_combat(report)
    die = g.roll(f"bombardment of {target} (13.2.5)", "1d6")
    col, row, res = tables.bombardment(g, bf, shift, die)
    dice = [die]
    outcome = []
    steps, dp = res.steps, res.dp
    if res.star:
        d2, dp = star(g, f"bombardment of {target}")
        dice.append(d2)
        outcome.append(f"* re-rolled {d2}: " + ("D1" if dp else "no effect"))
    for p in guns:
        g.add_to("se_fired_offensive", p)
        g.mark(p, "Act & Def Fired" if g.listed("se_fired_defensive", p) else "Act")
        if g.listed("se_fired_defensive", p):
            g.unmark(p, "Def Fired")
    g.add_to("se_bombarded", target)
    hit = [p for p in victims if not board.is_fortress(g, p)]
    if steps:
        take_losses(g, hit, steps, f"bombardment of {target}", artillery_two=True)
        outcome.append(f"{steps} step(s) lost in {target}")
    if dp:
        apply_dp(g, victims, dp, f"bombardment of {target}")
        outcome.append(f"{dp} DP to each unit in {target}")
    if res.trench:
        if all(g.ptype(p).size == "mountain" for p in guns):
            outcome.append("T ignored: only mountain artillery fired (13.2.6)")
        elif trenches.reduce(g, target, "bombardment T result, 13.2.6"):
            outcome.append(f"trench level in {target} -1")
    if not outcome:
        outcome.append("no effect")
    report.update(stage="resolved")
    report["lines"][0].update(column=col, row=row, dice=dice, result=res.code)
    report["outcome"] = outcome
    g.report_combat(report)
    g.note(f"Bombardment of {g.hex_name(target)}: BF {bf}, column {col} shifted {shift:+d}, die {die}: "
           f"{res.code} — {'; '.join(outcome)}.")


# -- defensive fire (13.3) --------------------------------------------------------------------------------

def df_strength(g: Game, target: str, infantry: list[int], artillery: list[int], uncapped: bool) -> tuple[int, list[str]]:
    """13.3.5-13.3.7: MG of the firing infantry + 1/4 of the BF of the firing artillery (after
    weather), the artillery part capped at the infantry's MG (minimum 1) unless 1 LP was paid."""
    mg = sum(units.mg(g, p) for p in infantry)
    parts = [f"MG {mg} of {len(infantry)} firing unit(s)"]
    if artillery:
        bf = sum(units.bf(g, p) for p in artillery)
        bf_w, why = weather_bf(g, bf, target)
        quarter = bf_w // 4
        cap = max(1, mg)
        art = quarter if uncapped else min(quarter, cap)
        parts.append(f"artillery BF {bf}" + (f" → {bf_w} ({why})" if why else "") + f", 1/4 = {quarter}"
                     + ("" if uncapped or quarter <= cap else f", capped at {cap} (13.3.6)")
                     + (" (1 LP paid: no cap, 13.3.7)" if uncapped else ""))
        mg += art
    return mg, parts


def df_shifts(g: Game, target: str, infantry: list[int]) -> list[list]:
    shifts = [[r.replace("(TEC)", "(TEC, assaulting units' hex)"), v]
              for r, v in terrain_shifts(g, target, "defensive_fire_shift")]
    if infantry:
        top = max(g.data.level.get(g.where(p), 1) for p in infantry)
        if top > g.data.level.get(target, 1):
            shifts.append(["firing from higher ground (TEC)", int(g.data.tec["firer_higher_level"]["defensive_fire_shift"])])
        best = max(infantry, key=lambda p: trenches.level(g, g.where(p)))
        shifts += trench_shift(g, g.where(best), "defensive_fire_shift")
    return [s for s in shifts if s[1]]


def resolve_fire(g: Game, side: str, target: str, victims: list[int], infantry: list[int],
                 artillery: list[int], uncapped: bool, what: str) -> None:
    """Fire on the Defensive Fire Table at ``victims`` in ``target`` (defensive fire 13.3.10-11,
    infiltration fire 11.1.2, retreat fire 13.4.5.4)."""
    strength, parts = df_strength(g, target, infantry, artillery, uncapped)
    shifts = df_shifts(g, target, infantry)
    shift = sum(s[1] for s in shifts)
    enemy = other(side)
    report = {"title": f"{what} on {g.hex_name(target)}", "attacker": side, "defender": enemy,
              "stage": "declared",
              "lines": [{"who": side, "what": "; ".join(parts) + f" → {strength}", "table": "defensive_fire",
                         "shifts": shifts}],
              "outcome": []}
    g.report_combat(report)
    die = g.roll(f"{what.lower()} on {target}", "1d6")
    col, row, res = tables.defensive_fire(g, strength, shift, die)
    dice = [die]
    outcome = []
    steps, dp = res.steps, res.dp
    if res.star:
        d2, dp = star(g, what)
        dice.append(d2)
        outcome.append(f"* re-rolled {d2}: " + ("D1" if dp else "no effect"))
    for p in artillery:
        g.add_to("se_fired_defensive", p)
        g.mark(p, "Act & Def Fired" if g.listed("se_fired_offensive", p) else "Def Fired")
        if g.listed("se_fired_offensive", p):
            g.unmark(p, "Act")
    if steps:
        take_losses(g, victims, steps, what.lower())
        outcome.append(f"{steps} step(s) lost by {g.names(victims)}")
    if dp:
        apply_dp(g, victims, dp, what.lower(), in_assault=True)
        outcome.append(f"{dp} DP to each")
    if not outcome:
        outcome.append("no effect")
    report.update(stage="resolved")
    report["lines"][0].update(column=col, row=row, dice=dice, result=res.code)
    report["outcome"] = outcome
    g.report_combat(report)
    g.note(f"{what} on {g.hex_name(target)}: strength {strength}, column {col} shifted {shift:+d}, die {die}: "
           f"{res.code} — {'; '.join(outcome)}.")


class InfiltrationFire(State):
    """11.1.2 / 13.4.5.4: the enemy units exerting ZoC into both hexes may fire at the moving
    (or retreating) units, as defensive fire without artillery, in the hex entered."""
    name = "infiltration_fire"
    rule = "11.1.2"
    hostile = frozenset({"fire"})

    def prompt(self, g: Game, frame: dict) -> Prompt:
        what = "retreating" if frame.get("retreat") else "infiltrating"
        return Prompt(frame["side"], "infiltration_fire",
                      f"{g.rules.side_name(frame['side'])}: {g.names(frame['firers'])} may fire at the "
                      f"{what} {g.names(frame['victims'])} in {g.hex_name(frame['hex'])}")

    def actions(self, g: Game, frame: dict):
        yield self.offer("fire", frame["side"], at=frame["hex"])
        yield self.offer("hold", frame["side"])

    def check_fire(self, g: Game, frame: dict, at: Loc) -> Violation | None:
        if at != frame["hex"]:
            return violation("11.1.2", "infiltration fire falls in the hex entered")
        return None

    def on_fire(self, g: Game, frame: dict, at: Loc) -> None:
        """Fire"""
        victims = [p for p in frame["victims"] if g.exists(p) and g.where(p) == at]
        firers = [p for p in frame["firers"] if g.exists(p) and board.on_map(g, p)]
        if victims and firers:
            what = "Retreat fire (13.4.5.4)" if frame.get("retreat") else "Infiltration fire (11.1.2)"
            resolve_fire(g, frame["side"], at, victims, firers, [], False, what)
        g.end()

    def on_hold(self, g: Game, frame: dict) -> None:
        """Hold fire"""
        g.end()
