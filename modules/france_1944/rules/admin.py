"""The Administrative Phase (10.0, 10.1): supply and attrition, replacements, the September
South reinforcements, then German and Allied reinforcements, when the Administrative chit is
drawn.

Reinforcements wait in each side's Setup & Reinforcement box with the props ``arrives`` (turn)
and ``at`` (the hex the reconstructed schedule names; the player chooses among the legal entry
hexes); dispersed HQs wait on their Turn Track (4.10).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure, State
from engine.rules import Prompt, Violation

from . import board, movement, supply
from .board import position
from .game import BESIDE, ELIM, OOS, OUT_OF_PLAY, REINF, SIDES, Game, other
from .losses import eliminate
from .retreat import advance_paths, retreat_paths
from .settle import disperse, settle
from .special import AIRBORNE_BOX, antwerp_open

SEPTEMBER = 3


class AdminPhase(Procedure):
    """10.1: the segments in order."""
    name = "admin_phase"
    steps = ("begin", "attrition", "replacements_allied", "replacements_german", "end_replacements",
             "south_german", "south_allied", "south_retreat", "south_advance",
             "reinforcements_german", "reinforcements_allied", "finish")

    def begin(self, g: Game, frame: dict) -> None:
        g.set("phase", "Administrative Phase")
        g.set("initiative", "")
        g.note("Administrative Phase (10.1)")

    def attrition(self, g: Game, frame: dict) -> None:
        attrition_segment(g)

    def replacements_allied(self, g: Game, frame: dict) -> None:
        g.call("replacements", side="allied", points=replacement_points(g, "allied"))

    def replacements_german(self, g: Game, frame: dict) -> None:
        g.call("replacements", side="german", points=replacement_points(g, "german"))

    def end_replacements(self, g: Game, frame: dict) -> None:
        """10.1.1/10.1.2: units eliminated by attrition move into the Eliminated box now."""
        for side in SIDES:
            for pid in g.state.stack(BESIDE[side]):
                g.do(C.Move(pid, ELIM[side]))

    def south_german(self, g: Game, frame: dict) -> None:
        if g.turn == SEPTEMBER and south_arrivals(g, "german"):
            g.call("south_place", side="german")

    def south_allied(self, g: Game, frame: dict) -> None:
        if g.turn == SEPTEMBER and south_arrivals(g, "allied"):
            g.call("south_place", side="allied")

    def south_retreat(self, g: Game, frame: dict) -> None:
        groups = [h for h in sorted(g.facts.south) if position(g).combat("german", h)]
        if g.turn == SEPTEMBER and groups:
            g.call("south_retreat", queue=groups)

    def south_advance(self, g: Game, frame: dict) -> None:
        vacated = g.get("f44_south_vacated") or []
        if g.turn == SEPTEMBER and vacated:
            g.call("south_advance", vacated=vacated, advanced=[])

    def reinforcements_german(self, g: Game, frame: dict) -> None:
        if arrivals(g, "german"):
            g.call("reinforce", side="german", stage="place", placed=[], moved=[])

    def reinforcements_allied(self, g: Game, frame: dict) -> None:
        for pid in g.state.stack(REINF["allied"]):
            if g.ptype(pid).id == "US-XVIII" and g.prop(pid, "at") == AIRBORNE_BOX \
                    and int(g.prop(pid, "arrives", 99) or 99) <= g.turn:
                g.do(C.Move(pid, AIRBORNE_BOX))        # 3.12: it enters in the Airborne Available box
                g.set_prop(pid, "arrives", None)
                g.note("The 18th Airborne arrives in the Airborne Available box (3.12)")
        if arrivals(g, "allied"):
            g.call("reinforce", side="allied", stage="place", placed=[], moved=[])

    def finish(self, g: Game, frame: dict) -> None:
        g.set("f44_south_vacated", None)
        settle(g)


# -- 10.1.1 supply and attrition ---------------------------------------------------------------------------
def surrounded(g: Game, pid: int) -> bool:
    """10.1.1 (reading R10.1.1): every hex around the unit is enemy-occupied or in an enemy
    ZOC that no friendly combat unit (a cadre too) cancels; hexes no unit can enter (sea, other
    countries, across a red hexside) close the ring as well."""
    facts = g.facts
    pos = position(g)
    side = g.side_of(pid)
    enemy = other(side)
    h = g.where(pid)
    for n in facts.graph.neighbours(h):
        if n not in facts.land or n in facts.offmap_south or facts.blocked(h, n):
            continue
        if pos.occupied(enemy, n):
            continue
        if pos.in_zoc(enemy, n) and not pos.combat(side, n):
            continue
        return False
    return True


def attrition_segment(g: Game) -> None:
    """10.1.1: every HQ and combat unit on the map, one at a time: supply (markers added or
    removed), then attrition by the matrix. A German unit eliminated is out of the game and,
    while Führer divisions remain unbuilt, one is put on the Turn Track two turns ahead; other
    eliminated units wait beside the Eliminated box; an HQ that would lose a step disperses."""
    for pid in sorted(g.state.pieces):
        if g.kind(pid) not in ("unit", "hq") or not board.on_map(g, pid):
            continue
        had = g.has(pid, OOS)
        if supply.unit_in_supply(g, pid):
            g.unmark(pid, OOS)
            continue
        g.mark(pid, OOS)
        status = "surrounded" if surrounded(g, pid) else "not_surrounded"
        losses = int(g.row("attrition", status)["old_marker" if had else "new_marker"])
        if losses <= 0:
            continue
        if g.is_hq(pid):
            disperse(g, pid, "attrition: out of supply")
            continue
        side = g.side_of(pid)
        g.note(f"Attrition: {g.name(pid)} at {g.hex_name(g.where(pid))} is out of supply"
               f"{' and surrounded' if status == 'surrounded' else ''}: {losses} step loss(es) (10.1.1)")
        for _ in range(losses):
            if not board.on_map(g, pid):
                break
            if g.face(pid) + 1 < g.max_steps(pid):
                g.do(C.SetFace(pid, g.face(pid) + 1))
                if side == "german":
                    g.set("f44_german_steps_lost", int(g.get("f44_german_steps_lost", 0) or 0) + 1)
                continue
            if side == "german":
                g.set("f44_german_steps_lost", int(g.get("f44_german_steps_lost", 0) or 0) + 1)
                eliminate(g, pid, OUT_OF_PLAY)
                g.note(f"{g.name(pid)} is removed from the game (10.1.1)")
                schedule_fuhrer(g)
            else:
                eliminate(g, pid, BESIDE[side])
        settle(g)


def schedule_fuhrer(g: Game) -> None:
    """10.1.1 *: one Führer division not yet in play goes to the German Turn Track two turns
    ahead (it reaches the Eliminated box then, buildable before the Rhine is crossed, 3.11)."""
    waiting = sorted(p for p in g.state.pieces if g.fuhrer(p) and g.where(p) == "fuhrer_pool")
    if not waiting:
        return
    pid = waiting[0]
    t = g.turn + 2
    g.set_prop(pid, "via_attrition", True)
    if t <= 11:
        g.do(C.Move(pid, f"turn_german_{t}"))
        g.note(f"{g.name(pid)} is placed on the German Turn Track for turn {t} (10.1.1)")
    else:
        g.do(C.Move(pid, ELIM["german"]))


# -- 10.1.2 replacements -------------------------------------------------------------------------------------
def replacement_points(g: Game, side: str) -> dict[str, int]:
    row = g.turn_row()
    if side == "allied":
        return {"US armour": int(row["us_armour_rpp"]), "US infantry": int(row["us_infantry_rpp"]),
                "Allied armour": int(row["allied_armour_rpp"]), "Allied infantry": int(row["allied_infantry_rpp"])}
    return {"German armour": int(row["german_armour_rpp"]), "German infantry": int(row["german_infantry_rpp"])}


def pool_of(g: Game, pid: int) -> str:
    """10.1.2: armour points for armour, infantry points for infantry; US points for US units,
    Allied points for the other Allied nationalities."""
    t = g.game_type(pid)
    if g.side_of(pid) == "german":
        return f"German {t}"
    return f"{'US' if g.nation(pid) == 'US' else 'Allied'} {t}"


def replacement_refusal(g: Game, frame: dict, pid: int, steps: int) -> Violation | None:
    side = frame["side"]
    if pid not in g.state.pieces or not g.is_unit(pid) or g.side_of(pid) != side:
        return Violation(g.cite("10.1.2"), "replacements go to your own combat units")
    loc = g.where(pid)
    if steps < 1:
        return Violation(g.cite("10.1.2"), "spend at least one point")
    points = frame["points"].get(pool_of(g, pid), 0)
    if steps > points:
        return Violation(g.cite("10.1.2"), f"only {points} {pool_of(g, pid)} point(s) left")
    if side == "german" and g.get("rhine_crossed") and not (g.fuhrer(pid) and loc == ELIM[side]):
        return Violation(g.cite("12.9"), "after the Rhine crossing German points only build Führer divisions")
    if loc == ELIM[side]:
        if g.fuhrer(pid) and not g.get("rhine_crossed") and not g.prop(pid, "via_attrition"):
            return Violation(g.cite("3.11"), "Führer divisions are built only once the Allies cross the Rhine")
        if steps > g.max_steps(pid):
            return Violation(g.cite("10.1.2"), f"{g.name(pid)} has {g.max_steps(pid)} step(s)")
        return None
    if loc == BESIDE[side]:
        return Violation(g.cite("10.1.1"), "a unit eliminated by attrition this phase is beside the box: "
                                           "no replacements until next turn")
    airborne_box = loc == AIRBORNE_BOX
    if not board.on_map(g, pid) and not airborne_box:
        return Violation(g.cite("10.1.2"), "replacements go to units in the Eliminated box or on the map")
    if g.face(pid) == 0:
        return Violation(g.cite("10.1.2"), f"{g.name(pid)} is at full strength")
    if steps > g.face(pid):
        return Violation(g.cite("10.1.2"), f"{g.name(pid)} can take back only {g.face(pid)} step(s)")
    if g.has(pid, OOS):
        return Violation(g.cite("11.5"), "a unit with an Out of Supply marker receives no replacements")
    if not airborne_box and not supply.in_hq_supply(g, pid):
        return Violation(g.cite("10.1.2"), f"{g.name(pid)} is not within the radius of a supplied HQ "
                                           "that could command it (HQ supply)")
    return None


class Replacements(State):
    """10.1.2: spend this turn's Replacement Points (unused ones are lost): 1 point a step on a
    unit in HQ supply, or 1/2/3 points to bring an eliminated unit back as cadre/reduced/full,
    entering as a reinforcement this phase."""
    name = "replacements"
    rule = "10.1.2"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        pts = ", ".join(f"{v} {k}" for k, v in frame["points"].items())
        return Prompt(side, "replacements",
                      f"{g.side_word(side)}: spend Replacement Points ({pts}) on damaged units in HQ "
                      f"supply or eliminated units, then done (10.1.2)")

    def candidates(self, g: Game, side: str) -> list[int]:
        pos = position(g)
        out = list(g.state.stack(ELIM[side]))
        out += [p for h, ps in sorted(pos.units[side].items()) for p in ps if g.face(p) > 0]
        out += [p for p in g.state.stack(AIRBORNE_BOX) if g.is_unit(p) and g.face(p) > 0]
        return out

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in self.candidates(g, side):
            for n in (1, 2, 3):
                if replacement_refusal(g, frame, pid, n) is None:
                    yield self.offer("replace", side, unit=pid, steps=n)
        yield self.offer("done", side)

    def check_replace(self, g: Game, frame: dict, unit: Piece, steps: int) -> Violation | None:
        return replacement_refusal(g, frame, unit, steps)

    def on_replace(self, g: Game, frame: dict, unit: Piece, steps: int) -> None:
        """Replace steps"""
        side = frame["side"]
        pool = pool_of(g, unit)
        points = dict(frame["points"])
        points[pool] -= steps
        g.update(points=points)
        if g.where(unit) == ELIM[side]:
            face = g.max_steps(unit) - steps
            g.do(C.SetFace(unit, face))
            if g.ptype(unit).id == "US-XVIII" and not g.get("f44_plunder_done"):
                g.do(C.Move(unit, AIRBORNE_BOX))              # 3.12: rebuilt into its box
                g.note(f"{g.name(unit)} is rebuilt in the Airborne Available box (3.12)")
                return
            g.do(C.Move(unit, REINF[side]))
            g.set_prop(unit, "arrives", g.turn)
            g.set_prop(unit, "at", "")
            g.note(f"{g.name(unit)} is rebuilt with {steps} point(s) and enters as a reinforcement (10.1.2)")
            return
        g.do(C.SetFace(unit, g.face(unit) - steps))
        g.note(f"{g.name(unit)} gets {steps} replacement step(s) (10.1.2)")
        settle(g)                        # a cadre rebuilt exerts a ZOC again: lone HQs disperse (4.10)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done with replacements"""
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "replace":
            return f"{g.who(action.side)}: {action['steps']} replacement point(s) to {g.name(action['unit'])}"
        return None


# -- reinforcements (10.1.3-10.1.6) -------------------------------------------------------------------------
def is_south(g: Game, pid: int) -> bool:
    at = g.prop(pid, "at") or ""
    loc = g.module.locations.get(at)
    return bool(loc is not None and (loc.attrs.get("south_reinf") or loc.attrs.get("offmap_south")))


def arrivals(g: Game, side: str) -> list[int]:
    """What enters now: reinforcements due this turn or earlier (German ones blocked before may
    try again, 10.1.4), rebuilt units, and dispersed HQs whose turn has come (4.10)."""
    out = [p for p in g.state.stack(REINF[side])
           if int(g.prop(p, "arrives", 99) or 99) <= g.turn and not is_south(g, p)]
    for t in range(1, g.turn + 1):
        out += [p for p in g.state.stack(f"turn_{side}_{t}") if g.is_hq(p)]
    return [p for p in out if not (g.ptype(p).id == "US-XVIII" and g.prop(p, "at") == AIRBORNE_BOX)]


def south_arrivals(g: Game, side: str) -> list[int]:
    return [p for p in g.state.stack(REINF[side])
            if int(g.prop(p, "arrives", 99) or 99) <= g.turn and is_south(g, p)]


def entry_hexes(g: Game, side: str) -> list[str]:
    """10.1.4/10.1.5: German cities; the Normandy reinforcement hexes, and Antwerp while it is
    open (11.4, from October: reading R11.4)."""
    facts = g.facts
    if side == "german":
        return sorted(facts.german_cities)
    out = sorted(facts.normandy)
    if facts.antwerp and g.turn >= 4 and antwerp_open(g):
        out.append(facts.antwerp)
    return out


def entry_refusal(g: Game, pid: int, h: str) -> Violation | None:
    """10.1.6: placed in an entry hex before anything moves; not in an enemy ZOC unless a
    friendly unit occupies the hex; never with the enemy; within the stacking limits."""
    side = g.side_of(pid)
    pos = position(g)
    if h not in entry_hexes(g, side):
        return Violation(g.cite("10.1.4" if side == "german" else "10.1.5"),
                         "German reinforcements enter at German cities" if side == "german"
                         else "Allied reinforcements enter at the Normandy hexes (or Antwerp, 11.4)")
    if pos.occupied(other(side), h):
        return Violation(g.cite("7.1"), f"the enemy is in {g.hex_name(h)}")
    if pos.in_zoc(other(side), h) and not pos.combat(side, h):
        return Violation(g.cite("10.1.6"), "reinforcements enter an enemy ZOC only where a friendly unit stands")
    if g.is_unit(pid) and not board.fits(g, pos, side, h, [pid]):
        return Violation(g.cite("7.1"), f"stacking limits in {g.hex_name(h)}")
    return None


def entry_cost(g: Game, pid: int, h: str) -> int:
    """10.1.6 (reading R10.1.6): the terrain cost of the entry hex, +1 in an enemy ZOC."""
    pos = position(g)
    return (2 if g.facts.terrain(h) == "rough" else 1) + (1 if pos.in_zoc(other(g.side_of(pid)), h) else 0)


class Reinforce(State):
    """10.1.4-10.1.6: place every arriving piece in an entry hex, then move each once with
    Administrative Movement, all its points at once (reading R10.1.4: twice its allowance,
    less the entry hex). German pieces that cannot enter wait for a later turn; Allied ones are
    lost for good."""
    name = "reinforce"
    rule = "10.1.6"

    def placeable(self, g: Game, frame: dict) -> list[tuple[int, str]]:
        side = frame["side"]
        return [(p, h) for p in arrivals(g, side) if p not in frame["placed"]
                for h in entry_hexes(g, side) if entry_refusal(g, p, h) is None]

    def begin(self, g: Game, frame: dict) -> None:
        self._advance(g, frame)

    def _advance(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        frame = g.top
        if frame["stage"] == "place" and not self.placeable(g, frame):
            for p in arrivals(g, side):
                if p in frame["placed"]:
                    continue
                if side == "allied":
                    g.do(C.Move(p, OUT_OF_PLAY))
                    g.note(f"{g.name(p)} cannot enter (enemy ZOC): lost for good (10.1.5)")
                else:
                    g.note(f"{g.name(p)} cannot enter this turn (10.1.4)")
            g.update(stage="move")
        frame = g.top
        if frame["stage"] == "move":
            if not any(self.moves(g, frame, p) for p in frame["placed"] if p not in frame["moved"]):
                settle(g)
                g.end()

    def budget(self, g: Game, pid: int) -> int:
        return max(0, 2 * g.printed_mpa(pid) - int(g.prop(pid, "entry_cost", 1) or 1))

    def moves(self, g: Game, frame: dict, pid: int):
        if not board.on_map(g, pid):
            return []
        b = self.budget(g, pid)
        if b <= 0:
            return []
        r = movement.reach(g, pid, b, True)
        return [r.path(d) for d in sorted(r.remaining) if d != g.where(pid)]

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        if frame["stage"] == "place":
            return Prompt(side, "reinforce",
                          f"{g.side_word(side)}: place the reinforcements in their entry hexes "
                          f"({'German cities' if side == 'german' else 'Normandy' + (' or Antwerp' if g.facts.antwerp in entry_hexes(g, side) else '')}) (10.1.4-10.1.6)")
        return Prompt(side, "reinforce",
                      f"{g.side_word(side)}: move the reinforcements with Administrative Movement, all "
                      f"their points at once, then done (10.1.4)")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        if frame["stage"] == "place":
            for p, h in self.placeable(g, frame):
                yield self.offer("enter", side, unit=p, hex=h)
            return
        for p in frame["placed"]:
            if p not in frame["moved"]:
                for path in self.moves(g, frame, p):
                    yield self.offer("move", side, unit=p, path=path)
        yield self.offer("done", side)

    def check_enter(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> Violation | None:
        if frame["stage"] != "place" or unit not in arrivals(g, frame["side"]) or unit in frame["placed"]:
            return Violation(g.cite("10.1.6"), "not a reinforcement waiting to be placed")
        return entry_refusal(g, unit, hex)

    def check_move(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        if frame["stage"] != "move" or unit not in frame["placed"] or unit in frame["moved"]:
            return Violation(g.cite("10.1.4"), "each reinforcement moves once, after all are placed")
        cost, why = movement.path_cost(g, unit, list(path), True)
        if why is not None:
            return why
        if cost > self.budget(g, unit):
            return Violation(g.cite("10.1.4"), f"the move costs {cost} MP; {g.name(unit)} has {self.budget(g, unit)}")
        return None

    def on_enter(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> None:
        """Enter here"""
        cost = entry_cost(g, unit, hex)
        g.do(C.Move(unit, hex))
        if g.is_hq(unit) and g.face(unit) != 1:
            g.do(C.SetFace(unit, 1))
        g.set_prop(unit, "arrives", None)
        g.set_prop(unit, "entry_cost", cost)
        movement.arrive(g, unit, [hex], "enter")
        g.update(placed=frame["placed"] + [unit])
        settle(g)
        self._advance(g, g.top)

    def on_move(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Move"""
        g.do(C.Move(unit, path[-1]))
        movement.arrive(g, unit, list(path), "enter")
        g.update(moved=frame["moved"] + [unit])
        settle(g)
        self._advance(g, g.top)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done moving reinforcements"""
        settle(g)
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        who = g.who(action.side)
        if action.verb == "enter":
            return f"{who}: {g.name(action['unit'])} enters at {g.hex_name(action['hex'])}"
        if action.verb == "move":
            return f"{who}: {g.name(action['unit'])} moves to {g.hex_name(list(action['path'])[-1])}"
        return None


# -- the South reinforcements (10.1.3) ----------------------------------------------------------------------
def south_refusal(g: Game, side: str, pid: int, h: str) -> Violation | None:
    facts = g.facts
    pos = position(g)
    if side == "german":
        if h not in facts.south:
            return Violation(g.cite("10.1.3"), "German South reinforcements go in hexes 1128 to 2528")
        if g.is_hq(pid) and not pos.combat("german", h):
            return Violation(g.cite("10.1.3"), "a German HQ goes with South units (reading R10.1.3)")
    else:
        if h not in facts.offmap_south:
            return Violation(g.cite("10.1.3"), "Allied South reinforcements go in the blue off-map hexes")
        german = [s for s in facts.south if pos.combat("german", s)]
        near = [s for s in german if s in facts.neighbours.get(h, ())]
        if g.is_unit(pid):
            if not near:
                return Violation(g.cite("10.1.3"), "Allied South units go next to the German South units")
            uncovered = [s for s in german if not any(pos.combat("allied", n) for n in facts.neighbours[s]
                                                      if n in facts.offmap_south)]
            if uncovered and not any(s in uncovered for s in near):
                return Violation(g.cite("10.1.3"), "every hex with German units must have an Allied unit next to it")
    if g.is_unit(pid) and not board.fits(g, pos, side, h, [pid]):
        return Violation(g.cite("7.1"), "stacking limits")
    if g.is_hq(pid) and pos.in_zoc(other(side), h) and not pos.combat(side, h):
        return Violation(g.cite("4.8"), "an HQ is never alone in an enemy ZOC")
    return None


class SouthPlace(State):
    """10.1.3: the German places all his South reinforcements in hexes 1128-2528, then the
    Allied player his in the blue off-map hexes next to them, so that every hex with German
    units has an Allied unit next to it (stacking limits apply)."""
    name = "south_place"
    rule = "10.1.3"

    def waiting(self, g: Game, side: str) -> list[int]:
        units = [p for p in south_arrivals(g, side) if g.is_unit(p)]
        return units or south_arrivals(g, side)

    def hexes(self, g: Game, side: str) -> list[str]:
        return sorted(g.facts.south if side == "german" else g.facts.offmap_south)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        where = "in hexes 1128-2528" if side == "german" else "in the blue off-map hexes next to the German units"
        return Prompt(side, "south", f"{g.side_word(side)}: place the South reinforcements {where} (10.1.3)")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for p in self.waiting(g, side):
            for h in self.hexes(g, side):
                if south_refusal(g, side, p, h) is None:
                    yield self.offer("place", side, unit=p, hex=h)
        if not any(south_refusal(g, side, p, h) is None for p in self.waiting(g, side) for h in self.hexes(g, side)):
            yield self.offer("done", side)

    def check_place(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> Violation | None:
        if unit not in self.waiting(g, frame["side"]):
            return Violation(g.cite("10.1.3"), "not a South reinforcement waiting to be placed")
        return south_refusal(g, frame["side"], unit, hex)

    def on_place(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> None:
        """Place here"""
        side = frame["side"]
        g.do(C.Move(unit, hex))
        if g.is_hq(unit) and g.face(unit) != 1:
            g.do(C.SetFace(unit, 1))
        g.set_prop(unit, "arrives", None)
        g.set_prop(unit, "entered", [int(g.get("f44_phase_no", 0) or 0), 0, "enter"])
        if side == "allied" and not g.get("f44_south_open"):
            g.set("f44_south_open", True)                # 11.2: the South hexes become Allied sources
        settle(g)
        if not south_arrivals(g, side):
            g.end()

    def on_done(self, g: Game, frame: dict) -> None:
        """Done (no legal place left)"""
        for p in south_arrivals(g, frame["side"]):
            g.do(C.Move(p, OUT_OF_PLAY))
            g.note(f"{g.name(p)} finds no room and stays out of play (10.1.3)")
        g.end()


class SouthRetreat(State):
    """10.1.3: the German South units enter the map exactly as a forced retreat from their
    hexes, 2 hexes (armour not stacked with infantry may go 3), away from the Allied units next
    to them; a group that cannot is destroyed (the 10.1.3 note)."""
    name = "south_retreat"
    rule = "10.1.3"

    def begin(self, g: Game, frame: dict) -> None:
        self._skip(g, frame)

    def attack_hexes(self, g: Game, h: str) -> list[str]:
        pos = position(g)
        return [n for n in g.facts.neighbours[h] if n in g.facts.offmap_south and pos.combat("allied", n)]

    def paths(self, g: Game, h: str):
        group = position(g).combat("german", h)
        return retreat_paths(g, h, group, self.attack_hexes(g, h), exclude=g.facts.south)

    def _skip(self, g: Game, frame: dict) -> None:
        queue = list(frame["queue"])
        vacated = list(g.get("f44_south_vacated") or [])
        while queue:
            h = queue[0]
            group = position(g).combat("german", h)
            if group and self.paths(g, h):
                break
            queue.pop(0)
            for p in group:
                eliminate(g, p, ELIM["german"])
            for hq in position(g).hqs["german"].get(h, []):
                disperse(g, hq, "its South units were destroyed")
            if group:
                g.note(f"The German South units in {g.hex_name(h)} cannot retreat onto the map: destroyed (10.1.3)")
            vacated.append(h)
        g.set("f44_south_vacated", sorted(set(vacated)))
        g.update(queue=queue)
        if not queue:
            settle(g)
            g.end()

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("german", "retreat", f"German: the South units in {g.hex_name(frame['queue'][0])} "
                                           f"retreat onto the map (10.1.3, 9.7)")

    def actions(self, g: Game, frame: dict):
        for path in self.paths(g, frame["queue"][0]):
            yield self.offer("retreat", "german", path=path)

    def check_retreat(self, g: Game, frame: dict, path: tuple[Loc, ...]) -> Violation | None:
        if list(path) not in self.paths(g, frame["queue"][0]):
            return Violation(g.cite("10.1.3"), "retreat 2 hexes (3 for armour alone) away from the Allied units")
        return None

    def on_retreat(self, g: Game, frame: dict, path: tuple[Loc, ...]) -> None:
        """Retreat onto the map"""
        h = frame["queue"][0]
        pos = position(g)
        group = list(pos.combat("german", h)) + list(pos.hqs["german"].get(h, []))
        for p in group:
            g.do(C.Move(p, path[-1]))
            movement.arrive(g, p, list(path), "retreat")
        g.set("f44_south_vacated", sorted(set((g.get("f44_south_vacated") or []) + [h])))
        g.update(queue=frame["queue"][1:])
        settle(g)
        self._skip(g, g.top)


class SouthAdvance(State):
    """10.1.3: the Allied South units advance onto the map as after combat, into the hexes
    the Germans left (each counts as having fought every German unit)."""
    name = "south_advance"
    rule = "10.1.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("allied", "advance", "Allied: advance the South units onto the map into the hexes "
                                           "the Germans left, one at a time, or done (10.1.3, 9.8)")

    def movers(self, g: Game, frame: dict) -> list[int]:
        pos = position(g)
        return [p for h in sorted(g.facts.offmap_south) for p in pos.combat("allied", h)
                if p not in frame["advanced"]]

    def actions(self, g: Game, frame: dict):
        for p in self.movers(g, frame):
            for path in advance_paths(g, p, frame["vacated"]):
                yield self.offer("advance", "allied", unit=p, path=path)
        yield self.offer("done", "allied")

    def check_advance(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        if unit not in self.movers(g, frame) or list(path) not in advance_paths(g, unit, frame["vacated"]):
            return Violation(g.cite("10.1.3"), "advance into a hex the Germans left, then at most one more (9.8)")
        return None

    def on_advance(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Advance"""
        g.do(C.Move(unit, path[-1]))
        movement.arrive(g, unit, list(path), "advance")
        g.update(advanced=frame["advanced"] + [unit])
        settle(g)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()
