"""The Action Phases (4.0-8, 4.0-9), activation (8.4-8.6), the steps of an Action (A-I),
activation completed (14.0) and the reaction (15.0).

* ``action_phase``: the phasing player activates a planned brigade (its HQ from a Brigade
  Display box onto the map) or passes (4.0-8). After an Action he decides again; when he passes,
  the other player becomes the phasing player; the phases end when both pass one after the
  other or neither has a brigade left (4.0-9).
* ``assign``: the specific artillery (8.3: as many as the box allows, within the command radius)
  and up to two free independents (8.4) join the activated brigade.
* ``action``: the procedure of steps A to I; each step calls its decision states. Its record
  (the activated brigades, their command areas, artillery and independents, the units moved)
  is the public global ``se_actions`` (a stack: a reaction is an Action inside step I).
* ``reaction``: step I — the non-active player may try one planned brigade: its HQ goes on the
  map and a die at most its Initiative Value activates it at once for steps A-H (15.0); else the
  HQ goes back to its box.

Readings:

* 4.0-8/9: a player keeps the turn after each of his Actions until he passes; two passes in a row
  end the phases.
* 15.0: after a reaction play returns to the phasing player (whose step I it was), whichever
  player has the Initiative.
* 8.5: an HQ is offered on the hexes within its radius of one of its brigade's units (a farther
  HQ would command nobody), on a valid, not interdicted supply line (10.4, 10.4.1), never with
  enemy units or HQs.
* 24.0 (option multi_player): in the campaign one brigade per sector may be activated in the
  same Action (24.1-24.2) and its steps run for both together (24.5); the first brigade's sector
  is where its HQ stands and the second must be in the other sector; a reaction is allowed only
  in a sector where the enemy activated (24.4).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure, State
from engine.rules import Prompt, Violation

from . import board, command, fire, supply, trenches, units
from .game import Game, other, violation

ACTIONS = "se_actions"


def current(g: Game) -> dict:
    """The record of the Action being played (the innermost: a reaction's)."""
    stack = g.get(ACTIONS) or []
    return stack[-1] if stack else {}


def update_current(g: Game, **changes) -> None:
    stack = [dict(x) for x in (g.get(ACTIONS) or [])]
    stack[-1].update(changes)
    g.set(ACTIONS, stack)


def planned_ready(g: Game, side: str) -> list[int]:
    """HQs waiting in Brigade Display boxes 1-4 (planned, not yet activated this turn)."""
    out = []
    for box in command.BOXES:
        for pid in g.state.stacks.get(command.box_loc(side, box), ()):
            if board.is_hq(g, pid) and not command.brigade_frozen(g, side, command.hq_brigade(g, pid)):
                out.append(pid)
    return sorted(out)


def hq_hexes(g: Game, hq: int) -> list[str]:
    """8.5, 10.4: where the HQ may be placed (reading in the module doc)."""
    side = g.side_of(hq)
    brigade = command.hq_brigade(g, hq)
    r = command.radius(g, hq)
    def build():
        out = set()
        graph = g.graph
        for pid in command.brigade_units(g, side, brigade):
            loc = g.where(pid)
            centre = graph.hex_of(loc)
            for h in board.spiral_hexes(g, centre, r):
                out.add(h)
        return sorted(h for h in out if supply.hq_can_stand(g, side, h))
    return g.memo(("hq_hexes", hq), build)


def sector_of(g: Game, loc: str) -> str:
    return g.data.sector.get(loc, "")


def team_play(g: Game) -> bool:
    return g.option("multi_player")


class ActionPhase(State):
    """4.0-8/4.0-9: the phasing player activates a planned brigade or passes."""
    name = "action_phase"
    rule = "4.0"

    def begin(self, g: Game, frame: dict) -> None:
        self._auto_pass(g, frame)

    def resume(self, g: Game, frame: dict, result) -> None:
        g.update(passed=False)
        self._auto_pass(g, g.top)

    def _auto_pass(self, g: Game, frame: dict) -> None:
        """A player without a brigade to activate passes (4.0-9); both out: the phases end."""
        side = frame["side"]
        mine, theirs = planned_ready(g, side), planned_ready(g, other(side))
        if not mine and not theirs:
            g.note("No brigade left to activate: the Action Phases end (4.0-9).")
            g.end()
            return
        if not mine:
            self._pass(g, g.top, auto=True)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        phase = 8 if side == g.initiative else 9
        forced = g.get("se_forced_brigade")
        extra = ""
        if forced and side == "IT":
            extra = f" ({command.brigade_name(g, 'IT', forced)} must still be activated and assault, event 1)"
        return Prompt(side, "activate",
                      f"{g.rules.side_name(side)} (Phase {phase}): place the HQ of a planned brigade "
                      f"on the map to activate it, or pass{extra}")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for hq in planned_ready(g, side):
            for h in hq_hexes(g, hq):
                yield self.offer("activate", side, hq=hq, at=h)
        if not self._must_activate(g, side):
            yield self.offer("pass", side)

    def _must_activate(self, g: Game, side: str) -> bool:
        """Italian event 1: the drawn brigade must be activated this turn."""
        forced = g.get("se_forced_brigade")
        if side != "IT" or not forced:
            return False
        hq = command.hq_pieces(g, "IT").get(forced)
        return hq is not None and hq in planned_ready(g, "IT") and bool(hq_hexes(g, hq))

    def check_activate(self, g: Game, frame: dict, hq: Piece, at: Loc) -> Violation | None:
        return activation_problem(g, frame["side"], hq, at)

    def on_activate(self, g: Game, frame: dict, hq: Piece, at: Loc) -> None:
        """Activate a brigade"""
        acts = [activate(g, hq, at)]
        g.call("assign", side=frame["side"], acts=acts, reaction=False)

    def check_pass(self, g: Game, frame: dict) -> Violation | None:
        if self._must_activate(g, frame["side"]):
            return violation("4.0-7", "Italian event 1: the drawn brigade must be activated and "
                                      "assault this turn")
        return None

    def on_pass(self, g: Game, frame: dict) -> None:
        """Pass"""
        self._pass(g, frame)

    def _pass(self, g: Game, frame: dict, auto: bool = False) -> None:
        side = frame["side"]
        g.note(f"{g.rules.side_name(side)} passes" + (" (no planned brigade left)." if auto else "."))
        if frame.get("passed"):
            g.note("Both players have passed: the Action Phases end (4.0-9).")
            g.end()
            return
        g.goto("action_phase", side=other(side), passed=True)

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "activate":
            return (f"{g.rules.side_name(action.side)}: activates {g.name(action['hq']).replace(' HQ', '')} "
                    f"with its HQ at {g.hex_name(action['at'])}")
        return None


def activation_problem(g: Game, side: str, hq: int, at: str) -> Violation | None:
    if not g.exists(hq) or not board.is_hq(g, hq) or g.side_of(hq) != side:
        return violation("8.5", "activate one of your own brigades' HQs")
    if hq not in planned_ready(g, side):
        brigade = command.hq_brigade(g, hq)
        if command.brigade_frozen(g, side, brigade):
            return violation("Sc5", "no Italian unit in the East sector may be activated until an AH "
                                    "unit has crossed the initial front there")
        return violation("8.2", f"{g.name(hq)} is not waiting in a Brigade Display box 1-4: only "
                                "brigades planned in the Command Phase are activated")
    if board.occupied(g, other(side)).get(at) or board.hqs_at(g, at, other(side)):
        return violation("8.5", "an HQ is never stacked with enemy units or HQs")
    if at not in g.data.hexes or not supply.hq_can_stand(g, side, at):
        return violation("10.4", f"{at} is not on a valid supply line for an HQ (or its road part is "
                                 "interdicted by enemy artillery, 10.4.1)")
    if at not in hq_hexes(g, hq):
        return violation("8.5", "the HQ goes within its command radius of one of its brigade's units")
    return None


def activate(g: Game, hq: int, at: str) -> dict:
    """8.5-8.6: the HQ goes on the map, its command radius is traced (dice for enemy ZoC), the
    brigade's units out of command get an Out of Command marker. Returns the activation record."""
    side = g.side_of(hq)
    brigade = command.hq_brigade(g, hq)
    box = command.box_of_loc(g.where(hq)) or 1
    command.place_hq(g, hq, at)
    members = command.brigade_units(g, side, brigade)
    interest = {g.where(p) for p in members}
    for loc, pids in board.occupied(g, side).items():
        if any(command.attachable(g, p) or board.is_artillery(g, p) or board.is_fortress(g, p) for p in pids):
            interest.add(loc)
    area, closed = command.command_area(g, hq, side, interest)
    inside = set(area)
    commanded = []
    for p in members:
        if g.where(p) in inside:
            commanded.append(p)
        else:
            g.mark(p, "Out of Command")
    g.add_to("se_activated", brigade)
    g.note(f"{command.brigade_name(g, side, brigade)} is activated, HQ at {g.hex_name(at)}: "
           f"{len(commanded)} units in command, {len(members) - len(commanded)} out of command (8.6).")
    return {"hq": hq, "brigade": brigade, "side": side, "box": box, "area": area, "units": commanded,
            "artillery": [], "independents": [], "sector": sector_of(g, at),
            "lp": command.box_cost(box) if brigade in ((g.get("se_plan") or {}).get(side) or {}) else 0}


class Assign(State):
    """8.3-8.5: the activated brigade's artillery (as many as its box allows, within the command
    radius) and up to two independent Alpini, Bersaglieri, Militia or Finance Guard units (free,
    once a turn each, within the radius)."""
    name = "assign"
    rule = "8.4"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        act = frame["acts"][self.index(frame)]
        room = command.ARTILLERY_PER_BOX.get(act["box"], 0) - len(act["artillery"])
        return Prompt(frame["side"], "assign",
                      f"{g.rules.side_name(frame['side'])}: assign to "
                      f"{command.brigade_name(g, frame['side'], act['brigade'])} up to {room} more "
                      f"artillery units and {2 - len(act['independents'])} independents within its "
                      "command radius, then done")

    def index(self, frame: dict) -> int:
        """The activation being given its artillery and independents."""
        return int(frame.get("index", len(frame["acts"]) - 1))

    def candidates(self, g: Game, frame: dict) -> tuple[list[int], list[int]]:
        side = frame["side"]
        act = frame["acts"][self.index(frame)]
        inside = set(act["area"])
        taken = {p for a in frame["acts"] for p in a["artillery"] + a["independents"]}
        guns, indeps = [], []
        room = command.ARTILLERY_PER_BOX.get(act["box"], 0) - len(act["artillery"])
        for loc in sorted(inside):
            for p in board.occupied(g, side).get(loc, ()):
                if p in taken:
                    continue
                if room > 0 and (board.is_artillery(g, p) or board.is_fortress(g, p)) \
                        and fire.gun_can_bombard(g, p) and not self._corps_barred(g, p, act):
                    guns.append(p)
                if len(act["independents"]) < 2 and command.attachable(g, p) \
                        and not g.listed("se_independents_used", p) and not command.frozen(g, side, p) \
                        and not g.listed("se_moved", p):
                    indeps.append(p)
        return guns, indeps

    def _corps_barred(self, g: Game, gun: int, act: dict) -> bool:
        """Sc 5 special rule 2: III Corps mountain artillery only with III Corps brigades before
        turn 10."""
        before = g.sattr("iii_corps_mtn_art_restricted_before_turn")
        if not before or g.turn >= int(before) or g.side_of(gun) != "AH":
            return False
        pt = g.ptype(gun)
        if str(pt.attrs.get("corps", "")) != "III" or pt.size != "mountain":
            return False
        hq = act["hq"]
        return str(g.ptype(hq).attrs.get("corps", "")) != "III"

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        guns, indeps = self.candidates(g, frame)
        for p in guns + indeps:
            yield self.offer("assign", side, unit=p)
        if self._second_allowed(g, frame):
            act = frame["acts"][0]
            for hq in planned_ready(g, side):
                for h in hq_hexes(g, hq):
                    if sector_of(g, h) and sector_of(g, h) != act["sector"]:
                        yield self.offer("second_brigade", side, hq=hq, at=h)
        yield self.offer("done", side)

    def _second_allowed(self, g: Game, frame: dict) -> bool:
        """24.1-24.2: one brigade per sector may act at once (a reaction: one per sector where the
        enemy activated, 24.4)."""
        if not team_play(g) or len(frame["acts"]) != 1:
            return False
        if frame.get("reaction"):
            return False
        first = frame["acts"][0]
        return all(sector_of(g, g.where(p)) == first["sector"] for p in first["units"] if g.exists(p))

    def check_assign(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        guns, indeps = self.candidates(g, frame)
        if unit in guns or unit in indeps:
            return None
        if g.exists(unit) and (board.is_artillery(g, unit) or board.is_fortress(g, unit)):
            if g.exists(unit) and self._corps_barred(g, unit, frame["acts"][self.index(frame)]):
                return violation("Sc5", "III Corps mountain artillery supports only III Corps brigades before turn 10")
            return violation("8.3", f"{g.name(unit)} cannot be assigned: outside the command radius, "
                                    "not able to fire (13.2.4, 19.1, 19.2), or the box allows no more")
        return violation("8.4", f"{g.name(unit) if g.exists(unit) else unit} cannot be attached: two "
                                "independents at most, within the radius, once a turn")

    def on_assign(self, g: Game, frame: dict, unit: Piece) -> None:
        """Assign"""
        acts = [dict(a) for a in frame["acts"]]
        act = acts[self.index(frame)]
        if board.is_artillery(g, unit) or board.is_fortress(g, unit):
            act["artillery"] = act["artillery"] + [int(unit)]
        else:
            act["independents"] = act["independents"] + [int(unit)]
            act["units"] = act["units"] + [int(unit)]
            g.add_to("se_independents_used", int(unit))
            g.mark(unit, "Activated")
        g.update(acts=acts)

    def check_second_brigade(self, g: Game, frame: dict, hq: Piece, at: Loc) -> Violation | None:
        if not self._second_allowed(g, frame):
            return violation("24.4", "one brigade per sector at most, and only in the multi-player option")
        problem = activation_problem(g, frame["side"], hq, at)
        if problem:
            return problem
        if sector_of(g, at) == frame["acts"][0]["sector"]:
            return violation("24.4", "never more than one brigade per sector in one Action Phase")
        return None

    def on_second_brigade(self, g: Game, frame: dict, hq: Piece, at: Loc) -> None:
        """Activate in the other sector"""
        acts = [dict(a) for a in frame["acts"]] + [activate(g, hq, at)]
        g.update(acts=acts, index=len(acts) - 1)

    def on_done(self, g: Game, frame: dict) -> None:
        """Assignments done"""
        if self.index(frame) < len(frame["acts"]) - 1:
            g.update(index=self.index(frame) + 1)
            return
        for a in frame["acts"]:
            if a["artillery"]:
                g.note(f"{command.brigade_name(g, frame['side'], a['brigade'])}: artillery "
                       f"{g.names(a['artillery'])}.")
        g.goto("action", side=frame["side"], acts=frame["acts"], reaction=frame.get("reaction", False))

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "assign":
            return f"{g.rules.side_name(action.side)}: assigns {g.name(action['unit'])}"
        return None


class Action(Procedure):
    """The steps of an Action (4.0-8 A-I)."""
    name = "action"
    steps = ("open", "a_tactical", "b_bombard", "c_defensive_fire", "d_assault", "e_counter",
             "f_counter_fire", "g_counter_resolve", "captures", "h_completed", "i_reaction", "close")

    def open(self, g: Game, frame: dict) -> None:
        stack = list(g.get(ACTIONS) or [])
        stack.append({"side": frame["side"], "acts": frame["acts"], "reaction": frame.get("reaction", False),
                      "moved": [], "dug": [], "assaulted": [], "lost": [], "retreated": [],
                      "trench_lost": {}, "bombarded": []})
        g.set(ACTIONS, stack)
        for a in frame["acts"]:
            for p in a["units"]:
                g.add_to("se_activated_units", p)

    def a_tactical(self, g: Game, frame: dict) -> None:
        g.set("se_step", "A. Tactical Movement and Assault Declaration")
        g.call("tactical", side=frame["side"])

    def b_bombard(self, g: Game, frame: dict) -> None:
        g.set("se_step", "B. Offensive Bombardment")
        if any(fire.gun_can_bombard(g, p) for a in frame["acts"] for p in a["artillery"]):
            g.call("bombard", side=frame["side"], targets={})

    def c_defensive_fire(self, g: Game, frame: dict) -> None:
        g.set("se_step", "C. Defensive Fire")
        if assault_hexes(g, frame["side"]):
            g.call("defensive_fire", side=other(frame["side"]), counter=False, assign={}, uncapped=[])

    def d_assault(self, g: Game, frame: dict) -> None:
        g.set("se_step", "D. Assault Resolution")
        if declared(g, frame["side"]):
            g.call("resolution", side=frame["side"], counter=False)

    def e_counter(self, g: Game, frame: dict) -> None:
        g.set("se_step", "E. Counterattack Declaration")
        if current(g).get("lost"):
            g.call("counter", side=other(frame["side"]))

    def f_counter_fire(self, g: Game, frame: dict) -> None:
        g.set("se_step", "F. Defensive Fire against the Counterattacks")
        if assault_hexes(g, other(frame["side"])):
            g.call("defensive_fire", side=frame["side"], counter=True, assign={}, uncapped=[])

    def g_counter_resolve(self, g: Game, frame: dict) -> None:
        g.set("se_step", "G. Counterattack Resolution")
        if declared(g, other(frame["side"])):
            g.call("resolution", side=other(frame["side"]), counter=True)

    def captures(self, g: Game, frame: dict) -> None:
        """13.4.5.3 / 19.3: artillery in battery (and fortresses) left in a hex the enemy holds at
        the end of the Action Phase, after the counterattacks, is captured."""
        for side in ("AH", "IT"):
            for loc, pids in sorted(board.occupied(g, side).items()):
                enemy_here = [p for p in board.occupied(g, other(side)).get(loc, ()) if not board.is_artillery(g, p)]
                if not enemy_here:
                    continue
                for p in pids:
                    if board.is_artillery(g, p) or board.is_fortress(g, p):
                        units.capture(g, p, f"enemy in {loc} at the end of the Action (13.4.5.3)")

    def h_completed(self, g: Game, frame: dict) -> None:
        """14.0: the HQs are flipped to their activated side; 18.2: trench works of these
        brigades begun last turn are completed."""
        g.set("se_step", "H. Action Completed")
        for a in frame["acts"]:
            if g.exists(a["hq"]):
                g.do(C.SetFace(a["hq"], 1))
            trenches.complete(g, a["brigade"])
            for p in a["units"]:
                if g.exists(p):
                    g.unmark(p, "Out of Command")
        forced = g.get("se_forced_brigade")
        if forced and any(a["brigade"] == forced for a in frame["acts"]) and frame["side"] == "IT":
            g.set("se_forced_brigade", None)
        g.note(f"{g.rules.side_name(frame['side'])}'s Action is completed (14.0).")

    def i_reaction(self, g: Game, frame: dict) -> None:
        g.set("se_step", "I. Opponent's Reaction")
        if frame.get("reaction"):
            return
        side = other(frame["side"])
        if planned_ready(g, side):
            g.call("reaction", side=side, sectors=[a["sector"] for a in frame["acts"]], tried=[], acts=[])

    def close(self, g: Game, frame: dict) -> None:
        stack = list(g.get(ACTIONS) or [])
        stack.pop()
        g.set(ACTIONS, stack or None)
        for p in sorted(g.state.pieces):
            if "assault" in g.piece(p).props:
                clear_assault(g, p)
        g.set("se_step", None)


def declared(g: Game, side: str) -> list[int]:
    """Units of ``side`` under an Assault marker."""
    return sorted(p for pids in board.occupied(g, side).values() for p in pids if "assault" in g.piece(p).props)


def assault_hexes(g: Game, side: str) -> list[str]:
    """13.3: the hexes holding ``side``'s assaulting units (the targets of defensive fire)."""
    return sorted({g.where(p) for p in declared(g, side)})


def clear_assault(g: Game, pid: int) -> None:
    g.do(C.SetProp(pid, "assault", None))
    g.do(C.SetProp(pid, "assault_from", None))
    g.unmark_prefix(pid, "Assault")


class Reaction(State):
    """15.0: the non-active player may try one planned brigade (24.4: with team play, one per
    sector where the enemy activated)."""
    name = "reaction"
    rule = "15.0"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "reaction",
                      f"{g.rules.side_name(frame['side'])} (step I): place the HQ of a planned brigade to "
                      "try a reaction (a die at most its Initiative Value activates it now), or decline")

    def _allowed(self, g: Game, frame: dict, at: str) -> bool:
        if not team_play(g):
            return not frame["tried"]
        sector = sector_of(g, at)
        return sector in frame["sectors"] and sector not in frame["tried"]

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for hq in planned_ready(g, side):
            for h in hq_hexes(g, hq):
                if self._allowed(g, frame, h):
                    yield self.offer("react", side, hq=hq, at=h)
        yield self.offer("decline", side)

    def check_react(self, g: Game, frame: dict, hq: Piece, at: Loc) -> Violation | None:
        problem = activation_problem(g, frame["side"], hq, at)
        if problem:
            return problem
        if not self._allowed(g, frame, at):
            return violation("24.4" if team_play(g) else "15.0",
                             "one reaction at most" + (" per sector where the enemy activated" if team_play(g) else ""))
        return None

    def on_react(self, g: Game, frame: dict, hq: Piece, at: Loc) -> None:
        """React"""
        side = frame["side"]
        value = command.initiative_value(g, hq)
        die = g.roll(f"reaction of {g.name(hq)} (15.0: at most {value})", "1d6")
        tried = frame["tried"] + [sector_of(g, at) if team_play(g) else "any"]
        if die > value:
            g.note(f"Reaction of {command.brigade_name(g, side, command.hq_brigade(g, hq))}: die {die} > "
                   f"{value}, it fails; the HQ goes back to the Brigade Display (15.0).")
            g.update(tried=tried)
            if not self._more(g, g.top):
                self._finish(g, g.top)
            return
        g.note(f"Reaction of {command.brigade_name(g, side, command.hq_brigade(g, hq))}: die {die} ≤ "
               f"{value}, it acts now, steps A-H (15.0).")
        acts = frame["acts"] + [activate(g, hq, at)]
        g.update(tried=tried, acts=acts)
        if not self._more(g, g.top):
            self._finish(g, g.top)

    def _more(self, g: Game, frame: dict) -> bool:
        return team_play(g) and any(s not in frame["tried"] for s in frame["sectors"]) and bool(planned_ready(g, frame["side"]))

    def _finish(self, g: Game, frame: dict) -> None:
        if frame["acts"]:
            g.goto("assign", side=frame["side"], acts=frame["acts"], reaction=True, index=0)
        else:
            g.end()

    def on_decline(self, g: Game, frame: dict) -> None:
        """No (more) reaction"""
        self._finish(g, frame)

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "react":
            return (f"{g.rules.side_name(action.side)}: tries a reaction with "
                    f"{g.name(action['hq']).replace(' HQ', '')} at {g.hex_name(action['at'])}")
        return None
