"""After the Loss Numbers: the defender's retreat (12.5) and the attacker's advance (12.7).

Retreat (``combat_retreat``, the defender decides):

* 12.5.1 if the attacker won and an attacking unit is still full strength, every surviving
  defending unit retreats; 12.5.2 one space on a Loss Number difference of 1, else two;
* 12.5.3 in trench, forest, desert, mountain or swamp the defender may cancel the whole
  retreat by one extra step loss, never the last level (``cancel_retreat``);
* 12.5.5 not into enemy units or an unbesieged enemy fort, nor back into the defending space,
  nor neutral spaces; ending within stacking; by priority friendly in supply, friendly out of
  supply, enemy in supply, enemy out of supply — for each of the two spaces; control of the
  final space is gained (15.1.10 excepted);
* 12.6.4 / 12.6.5 after AP #6 / CP #56 Withdrawal the defenders retreat one space whatever the
  result (a tie or an attacker defeat included) and may not cancel it; AP #39 They Shall Not
  Pass cancels the retreat of a losing defence in a French fort space with a French unit;
* 12.5.4 units that cannot retreat are eliminated — armies permanently, with no replacement
  corps; a replacement corps eliminated so makes its army permanently eliminated; an MN corps
  forced to retreat is eliminated.

Advance (``combat_advance``, the attacker decides): 12.7.1 remaining full-strength attacking
units, if the defenders retreated or were all eliminated (a fort alone: only if destroyed);
12.7.2 after elimination only into the defending space; 12.7.3 after a 2-space retreat on into
a vacated space, unless the defending space is desert, forest, mountain or swamp; 12.7.5 never
into enemy units; 12.7.6 into an intact enemy fort only if it can be besieged, stopping there;
12.7.7 CP into Amiens, Calais or Ostend only if it was the defending space, after *Race to the
Sea*, or at CP War Status 4; 12.7.9 / 11.1.14 control and trenches as in movement.
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, confinement, fire, losses, movement, supply, tracks
from .battle import (combat, defender_trench, enemy_fort, mark_retreated, name, place, save,
                     side_units, withdrawal_played)
from .card_ids import RACE_TO_THE_SEA, THEY_SHALL_NOT_PASS
from .game import Game, other
from .sieges import can_besiege, lift_if_broken, update_siege

STACKING = 3                         # PoG 10.1.1
CHANNEL_PORTS = ("amiens", "calais", "ostend")   # PoG 12.7.7


# -- retreat -------------------------------------------------------------------------------------
def _supplied(g: Game, loc: str, side: str, nation: str, cache: dict) -> bool:
    if supply.always_in_supply(g, loc, nation):
        return True
    if nation not in cache:
        cache[nation] = supply.supplied_spaces(g, side, nation)
    return loc in cache[nation]


#: The map's two sea crossings (dotted lines over water: London–Calais, Taranto–Valona).
SEA_LINES = {frozenset(("london", "calais")), frozenset(("taranto", "valona"))}


def _enterable(g: Game, pid: int, frm: str, to: str, origin: str) -> bool:
    side = board.side_of(g, pid)
    if to == origin or to not in board.connections(g, frm, board.nation_of(g, pid)):
        return False
    if frozenset((frm, to)) in SEA_LINES:
        return False  # PoG 12.5.5: no retreat from a port into the sea
    if board.units_in(g, to, other(side)):
        return False
    if enemy_fort(g, to, side) and not board.fort_besieged(g, to):
        return False
    if confinement.entry_violation(g, [pid], to) is not None:
        return False  # AP #57 Russian Cavalry; CP #45 Brest-Litovsk (16.4.9)
    if movement.caucasus_link_violation(g, [pid], frm, to, "12.1.9") is not None:
        return False  # PoG 12.1.9: one RU corps per turn retreats over the Caucasus link
    return board.controller(g, to) in ("AP", "CP")  # PoG 11.1.11: never a neutral space


def _room(g: Game, loc: str, side: str) -> bool:
    return len(board.units_in(g, loc, side)) < STACKING


def _best_tier(g: Game, pid: int, spaces: list[str], cache: dict) -> list[str]:
    """PoG 12.5.5 priority: friendly in supply, friendly OOS, enemy in supply, enemy OOS."""
    side, nation = board.side_of(g, pid), board.nation_of(g, pid)
    tiers: dict[int, list[str]] = {}
    for s in spaces:
        friendly = board.controller(g, s) == side
        supplied = _supplied(g, s, side, nation, cache)
        tiers.setdefault((0 if friendly else 2) + (0 if supplied else 1), []).append(s)
    return sorted(tiers[min(tiers)]) if tiers else []


def retreat_paths(g: Game, c: dict, pid: int, cache: dict | None = None) -> list[list[str]]:
    """Every retreat path (1 or 2 spaces) the unit may take now (12.5.5)."""
    cache = {} if cache is None else cache
    origin, side = c["target"], board.side_of(g, pid)
    firsts = [s for s in board.connections(g, origin) if _enterable(g, pid, origin, s, origin)]
    if c["retreat_len"] == 1:
        return [[s] for s in _best_tier(g, pid, [s for s in firsts if _room(g, s, side)], cache)]
    seconds = {s: [t for t in board.connections(g, s)
                   if _enterable(g, pid, s, t, origin) and _room(g, t, side)] for s in firsts}
    out = []
    for s in _best_tier(g, pid, [s for s in firsts if seconds[s]], cache):
        out += [[s, t] for t in _best_tier(g, pid, seconds[s], cache)]
    if not out:  # PoG 12.7.4: only one space can be reached — the unit goes there, then dies
        out = [[s] for s in _best_tier(g, pid, [s for s in firsts if _room(g, s, side)], cache)]
    return out


def incomplete(c: dict, path: list) -> bool:
    """A 1-space path of a 2-space retreat: the unit is eliminated where it stops (12.7.4)."""
    return c.get("retreat_len") == 2 and len(path) == 1


def can_cancel(g: Game, c: dict) -> bool:
    """PoG 12.5.3: trench or cancelling terrain, and a level left after the extra loss."""
    t = c["target"]
    if c.get("withdrawal"):
        return False  # PoG 12.6.5
    trench = defender_trench(g, c) > 0  # CP #60 Turkish Determination counts (level 1)
    terrain = bool(fire.terrain_effect(g, fire.terrain(g, t), "cancel_retreat"))
    levels = sum(len(losses.step_costs(g, p)) for p in side_units(g, c, c["defender"]))
    return (trench or terrain) and levels > 1


def begin_retreat(g: Game, c: dict) -> bool:
    """Step 11 (12.2.12, 12.5.1–12.5.2). Returns True if the defender must decide."""
    att, dfn = c["attacker"], c["defender"]
    full = [p for p in side_units(g, c, att) if g.state.pieces[p].face == 0]
    defenders = side_units(g, c, dfn)
    withdrawal = withdrawal_played(c)
    if withdrawal and defenders:
        c["retreat_len"] = 1  # PoG 12.6.4: always, one space, whatever the result
        c["withdrawal"] = True
        g.note("PoG 12.6.4: Withdrawal — the defenders retreat one space")
    else:
        if c.get("winner") != att or not full or not defenders:
            return False
        if THEY_SHALL_NOT_PASS in c["cards"][dfn]:
            g.note("They Shall Not Pass (AP #39): the French fort space is held — no retreat")
            return False
        diff = c["ln"].get(att, 0) - c["ln"].get(dfn, 0)
        c["retreat_len"] = 1 if diff == 1 else 2
    c["vacated"] = [c["target"]]
    for p in defenders:
        if board.nation_of(g, p) == "MN":  # PoG 12.5.4
            g.note("PoG 12.5.4: the MN corps is eliminated rather than retreat")
            losses.eliminate(g, p, replace=False)
    # CP #61 Haig: these units MAY ignore the retreat — the CP decides unit by unit ("hold").
    # Withdrawal's retreat is the price of its cancelled step loss, so Haig does not waive it.
    c["haig"] = [] if withdrawal else g.rules.hooks.fold("retreat_ignored", [], g, c,
                                                          side_units(g, c, dfn))
    save(g, c)
    if not [p for p in side_units(g, c, dfn) if p not in c.get("moved", [])]:
        return False
    if not withdrawal:
        g.note(f"PoG 12.5.2: the defenders must retreat {c['retreat_len']} space(s)")
    if not side_units(g, c, dfn):
        return False
    g.call("combat_retreat", side=dfn, started=False)
    return True


def eliminate_unretreatable(g: Game, c: dict, pid: int) -> None:
    """PoG 12.5.4 / 12.4.7: eliminated for want of a retreat; armies permanently."""
    g.note(f"PoG 12.5.4: {name(g, pid)} cannot retreat and is eliminated")
    army = c["replaced"].get(str(pid))
    losses.eliminate(g, pid, replace=False, permanent=True)
    if army is not None and g.state.pieces[army].loc.startswith("eliminated:"):
        g.do(C.Move(army, f"perm_eliminated:{board.side_of(g, army)}"))
        g.note(f"PoG 12.4.7: {name(g, army)} is eliminated permanently")


class CombatRetreat(State):
    """PoG 12.5: the defender retreats each surviving unit, or cancels the retreat."""
    name = "combat_retreat"
    rule = "12.5.5"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        return Prompt(frame["side"], "combat_retreat", f"{frame['side']}: retreat the units in "
                      f"{place(g, c['target'])} {c['retreat_len']} space(s)")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        c = combat(g)
        side = frame["side"]
        cache: dict = {}
        stuck = True
        if not frame.get("started") and can_cancel(g, c):
            for p in side_units(g, c, side):
                yield self.offer("cancel_retreat", side, unit=p)
        for p in side_units(g, c, side):
            if p in c.get("moved", []):
                continue
            if p in c.get("haig", []):
                yield self.offer("hold", side, unit=p)                 # CP #61 Haig
            for path in retreat_paths(g, c, p, cache):
                stuck = False
                yield self.offer("retreat", side, unit=p, path=path)
        if stuck and any(p not in c.get("moved", []) and p not in c.get("haig", [])
                         for p in side_units(g, c, side)):
            yield self.offer("stand", side)

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        c = combat(g)
        if action.verb == "cancel_retreat":
            if c.get("withdrawal"):
                return Violation("PoG 12.6.5", "the retreat of Withdrawal may not be cancelled "
                                               "by terrain or a trench")
            if frame.get("started"):
                return Violation("PoG 12.5.3", "the retreat has begun and can no longer be "
                                               "cancelled")
            if not can_cancel(g, c):
                return Violation("PoG 12.5.3", "only defenders in trench, forest, desert, "
                                               "mountain or swamp, with a level to spare, may "
                                               "cancel a retreat")
        if action.verb == "retreat":
            pid = action.get("unit")
            if pid not in side_units(g, c, frame["side"]):
                return Violation("PoG 12.5.1", "only the surviving defending units retreat")
            if list(action.get("path") or ()) not in retreat_paths(g, c, pid):
                return Violation("PoG 12.5.5", "that retreat path breaks the retreat "
                                               "restrictions or priorities")
            return None
        if action.verb == "hold":
            pid = action.get("unit")
            if pid not in c.get("haig", []) or pid in c.get("moved", []):
                return Violation("PoG CP #61", "only entrenched German units in France, Belgium "
                                               "or Germany attacked by British units may ignore "
                                               "the retreat, in the turn Haig was played")
            return None
        if action.verb == "stand" and not any(p not in c.get("moved", []) and p not in c.get(
                "haig", []) for p in side_units(g, c, frame["side"])):
            return Violation("PoG 12.5.4", "no unit is left that must retreat")
        if action.verb == "stand" and any(retreat_paths(g, c, p) for p in side_units(
                g, c, frame["side"]) if p not in c.get("moved", [])):
            return Violation("PoG 12.5.4", "units eliminated for want of a retreat only when "
                                           "none can retreat")
        return super().refuse(g, frame, action)

    def on_cancel_retreat(self, g: Game, frame: dict, unit: Piece) -> None:
        """Take an extra step loss with this unit to cancel the retreat"""
        c = combat(g)
        pid = unit
        g.note(f"PoG 12.5.3: {name(g, pid)} takes an extra step loss to cancel the retreat")
        losses.take_step(g, pid)
        c["retreat_len"] = 0
        save(g, c)
        g.end()

    def on_hold(self, g: Game, frame: dict, unit: Piece) -> None:
        """This unit ignores the retreat (Haig)"""
        c = combat(g)
        pid = unit
        c.setdefault("moved", []).append(pid)
        save(g, c)
        g.note(f"Haig (CP #61): {name(g, pid)} ignores the retreat")
        if not [p for p in side_units(g, c, frame["side"]) if p not in c["moved"]]:
            g.end()

    def on_stand(self, g: Game, frame: dict) -> None:
        """Stand (no retreat is possible: the units that must retreat are eliminated)"""
        c = combat(g)
        side = frame["side"]
        for p in side_units(g, c, side):     # Haig's units may still hold instead
            if p not in c.get("moved", []) and p not in c.get("haig", []):
                eliminate_unretreatable(g, c, p)
        if not [p for p in side_units(g, c, side) if p not in c.get("moved", [])]:
            g.end()

    def on_retreat(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Retreat this unit along this path"""
        c = combat(g)
        side = frame["side"]
        pid, path = unit, list(path)
        if any(step in movement.CAUCASUS_LINK for step in zip([c["target"]] + path, path)):
            movement.use_caucasus_link(g)                        # PoG 12.1.9
        if incomplete(c, path):
            g.do(C.Move(pid, path[0]))
            lift_if_broken(g, c["target"])     # PoG 15.2.4: the besiegers fell back
            g.note(f"PoG 12.7.4: {name(g, pid)} reaches {place(g, path[0])}, can retreat no "
                   "further and is eliminated there")
            eliminate_unretreatable(g, c, pid)
            c.setdefault("moved", []).append(pid)
            if path[0] not in c["vacated"]:
                c["vacated"].append(path[0])   # the attacker may still advance there
            save(g, c)
            g.update(started=True)
            if not [p for p in side_units(g, c, side) if p not in c["moved"]]:
                g.end()
            return
        g.do(C.Move(pid, path[-1]))
        lift_if_broken(g, c["target"])         # PoG 15.2.4: the besiegers fell back
        tracks.set_control(g, path[-1], side)  # PoG 12.5.5: the final space is gained
        mark_retreated(g, [pid])
        c.setdefault("moved", []).append(pid)
        if len(path) == 2 and path[0] not in c["vacated"]:
            c["vacated"].append(path[0])
        save(g, c)
        g.note(f"PoG 12.5: {name(g, pid)} retreats to {' → '.join(place(g, s) for s in path)}")
        g.update(started=True)
        left = [p for p in side_units(g, c, side) if p not in c["moved"]]
        if not left:
            g.end()

    def describe(self, g: Game, frame: dict, action: Action) -> str:
        if action.verb == "retreat":
            return f"{action.side}: {name(g, action['unit'])} retreats to " \
                   f"{' → '.join(place(g, s) for s in action['path'])}"
        if action.verb == "cancel_retreat":
            return f"{action.side}: {name(g, action['unit'])} loses a step to hold"
        if action.verb == "hold":
            return f"{action.side}: {name(g, action['unit'])} holds (Haig)"
        if action.verb == "stand":
            return f"{action.side}: no retreat is possible"
        return None


# -- advance -------------------------------------------------------------------------------------
def begin_advance(g: Game, c: dict) -> bool:
    """Step 12 (12.2.13, 12.7.1): returns True if the attacker may advance."""
    t, att = c["target"], c["attacker"]
    if board.units_in(g, t, c["defender"]):
        return False
    had_units = bool(c["defenders"])
    if not had_units and board.fort_intact(g, t):
        return False  # PoG 12.7.1: a fort alone must be destroyed first
    if not c.get("retreat_len"):
        c["retreat_len"] = 0  # PoG 12.7.2: all eliminated, only the defending space
    c["advanced"] = []
    save(g, c)
    if not advancers(g, c):
        return False
    g.call("combat_advance", side=att)
    return True


def advancers(g: Game, c: dict) -> list[int]:
    """Full-strength participating attackers that have not advanced (12.7.1, 12.1.8)."""
    return [p for p in side_units(g, c, c["attacker"])
            if g.state.pieces[p].face == 0 and p not in c.get("advanced", [])
            and g.state.pieces[p].loc != c["target"]]


def _port_ok(g: Game, c: dict, loc: str) -> bool:
    """PoG 12.7.7."""
    if c["attacker"] != "CP" or loc not in CHANNEL_PORTS or loc == c["target"]:
        return True
    return cards.event_played(g, RACE_TO_THE_SEA) or int(g.get("ws_cp", 0) or 0) >= 4


def advance_violation(g: Game, c: dict, pid: int, path: list) -> Violation | None:
    side, t = c["attacker"], c["target"]
    if pid not in advancers(g, c):
        return Violation("PoG 12.7.1", "only full-strength attacking units that have not "
                                       "advanced may advance")
    if not path or path[0] != t or len(path) > 2:
        return Violation("PoG 12.7.2", "an advance enters the defending space first")
    nation = board.nation_of(g, pid)
    if t not in board.connections(g, g.state.pieces[pid].loc, nation) \
            and g.state.pieces[pid].loc != t:
        return Violation("PoG 12.1.9", "advance only along lines the unit may cross")
    if not _room(g, t, side) and len(path) == 1:
        return Violation("PoG 10.1.1", "stacking limit in the defending space")
    for space in path:
        problem = confinement.entry_violation(g, [pid], space)   # AP #57; CP #45 (16.4.9)
        if problem is not None:
            return problem
    if enemy_fort(g, t, side) and not board.fort_besieged(g, t):
        if not can_besiege(g, t, _siege_pool(g, c, [t])):
            return Violation("PoG 12.7.6", "advancing units may enter an intact enemy fort "
                                           "only if they can besiege it (15.2.1)")
        if len(path) == 2:
            return Violation("PoG 15.1.1", "units entering an unbesieged enemy fort space stop")
    if len(path) == 2:
        nxt = path[1]
        if c.get("retreat_len") != 2 or nxt not in c.get("vacated", []) or nxt == t:
            return Violation("PoG 12.7.3", "a second space only after a 2-space retreat, into a "
                                           "space the defenders vacated")
        if fire.terrain_effect(g, fire.terrain(g, t), "stop_on_advance"):
            return Violation("PoG 12.7.3", f"advancing units stop on entering "
                                           f"{fire.terrain(g, t)}")
        if nxt not in board.connections(g, t, nation):
            return Violation("PoG 12.1.9", "advance only along lines the unit may cross")
        if board.units_in(g, nxt, other(side)):
            return Violation("PoG 12.7.5", "advancing units never enter enemy units")
        if enemy_fort(g, nxt, side) and not board.fort_besieged(g, nxt) \
                and not can_besiege(g, nxt, _siege_pool(g, c, path)):
            return Violation("PoG 12.7.6", "advancing units may enter an intact enemy fort "
                                           "only if they can besiege it (15.2.1)")
        if not _room(g, nxt, side):
            return Violation("PoG 10.1.1", "stacking limit")
        if not _port_ok(g, c, nxt):
            return Violation("PoG 12.7.7", "CP units advance into Amiens, Calais or Ostend only "
                                           "after Race to the Sea or at CP War Status 4")
    for loc in _unfinished_sieges(g, c):
        if path[-1] != loc and not can_besiege(g, loc, [p for p in _siege_pool(
                g, c, [t] if loc == t else [t, loc]) if p != pid]):
            return Violation("PoG 15.1.1", f"the units that entered {place(g, loc)} must be "
                                           "joined by enough units to besiege its fort")
    return None


def _reaches(g: Game, pid: int, path: list) -> bool:
    """Whether the unit could advance along ``path`` as far as lines (12.1.9) and AP #57 /
    CP #45 (16.4.9) go — what does not change while the attacker advances."""
    here, nation = g.state.pieces[pid].loc, board.nation_of(g, pid)
    for space in path:
        if space != here and space not in board.connections(g, here, nation):
            return False
        if confinement.entry_violation(g, [pid], space) is not None:
            return False
        here = space
    return True


def _siege_pool(g: Game, c: dict, path: list) -> list[int]:
    """PoG 12.7.6 / 15.2.1: the attacker's units already in the last space of ``path`` and the
    advancers that could still reach it along ``path`` — enough of them must be able to
    besiege an intact enemy fort there for any to enter."""
    loc = path[-1]
    return board.units_in(g, loc, c["attacker"]) + [p for p in advancers(g, c)
                                                    if _reaches(g, p, path)]


def _unfinished_sieges(g: Game, c: dict) -> list[str]:
    """Spaces with an intact enemy fort that advancing units entered without (yet) being
    enough, with the units already there, to besiege it (15.2.1)."""
    side = c["attacker"]
    spaces = {g.state.pieces[p].loc for p in c.get("advanced", []) if p in g.state.pieces}
    return [loc for loc in sorted(spaces) if enemy_fort(g, loc, side)
            and not can_besiege(g, loc, board.units_in(g, loc, side))]


def _stop_violation(g: Game, c: dict) -> Violation | None:
    """PoG 12.7.6 / 15.1.1: advancing units that entered an unbesieged enemy fort space must be
    enough (with the units already there) to besiege it before the advance ends — as long as
    another advancer can still join them."""
    t = c["target"]
    for loc in _unfinished_sieges(g, c):
        paths = [[t]] if loc == t else [[t, loc]]
        if any(advance_violation(g, c, p, path) is None for p in advancers(g, c)
               for path in paths):
            return Violation("PoG 15.1.1", f"the units in {place(g, loc)} must be enough to "
                                           "besiege its fort: advance more units there")
    return None


class CombatAdvance(State):
    """PoG 12.7: the attacker advances full-strength units, one at a time, or stops."""
    name = "combat_advance"
    rule = "12.7.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        return Prompt(frame["side"], "combat_advance", f"{frame['side']}: advance into "
                      f"{place(g, c['target'])}, or stop")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        c = combat(g)
        t = c["target"]
        for p in advancers(g, c):
            paths = [[t]] + [[t, s] for s in c.get("vacated", []) if s != t]
            for path in paths:
                if advance_violation(g, c, p, path) is None:
                    yield self.offer("advance", frame["side"], unit=p, path=path)
        if _stop_violation(g, c) is None:
            yield self.offer("stop_advance", frame["side"])

    def check_advance(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        return advance_violation(g, combat(g), unit, list(path))

    def check_stop_advance(self, g: Game, frame: dict) -> Violation | None:
        return _stop_violation(g, combat(g))

    def on_stop_advance(self, g: Game, frame: dict) -> None:
        """No (more) advance"""
        g.end()

    def on_advance(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Advance this unit along this path"""
        c = combat(g)
        pid, path = unit, list(path)
        movement.carry_out(g, c["attacker"], [pid], path)  # control (12.7.9), trenches, siege (15.2.1)
        for loc in path:
            update_siege(g, loc)
        c["advanced"].append(pid)
        save(g, c)
        g.note(f"PoG 12.7: {name(g, pid)} advances to "
               f"{' → '.join(place(g, s) for s in path)}")
        if not any(True for _ in self.actions(g, frame)) or not advancers(g, c):
            if _stop_violation(g, c) is None:
                g.end()

    def describe(self, g: Game, frame: dict, action: Action) -> str:
        if action.verb == "advance":
            return f"{action.side}: {name(g, action['unit'])} advances to " \
                   f"{' → '.join(place(g, s) for s in action['path'])}"
        return f"{action.side}: stops advancing"
