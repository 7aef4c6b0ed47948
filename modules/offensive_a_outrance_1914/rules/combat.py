"""9.0 Combat: the Attack and Counterattack Phases (4.2.7, 4.2.8, 9.1).

``attack_phase`` runs the phase's steps in order: superfluous PA markers are removed (9.1 step
1), Fortress bombardments are designated and resolved (12.4), every attack is designated (PA
attacks are mandatory, 9.2.3) and then resolved one at a time in the attacker's order. Each
attack (``battle``) reveals the defenders (3.1.6: ID, type, size), checks Ammo (9.4), totals the
strengths with terrain (9.3), reads the odds and every column shift (9.6), takes the intensity
declarations (9.8), rolls the white and black dice (9.9), applies the results, the Artillery Table
(10.1), the Efficiency Checks (10.2), retreats (11.1) and the advance (11.2), and writes a combat
report both players see.
"""
from __future__ import annotations

import math

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import crt, supply
from .base import Decision
from .data import ENEMY, RND
from .forces import active_unit, force_cel
from .game import BOMBARDED, Game
from .losses import allocate_sr, eliminate, reduce_ce, sr_candidates, strength_reduction
from .markers import remove_pa, tag
from .moves import stacking_de, support_count
from .strength import force_attack_strength, force_av, group_defense_strength, unit_as
from .tasks import attackable_across, ip_level
from .terrain import (RIVER_SHIFT, escarpment_up, forest_side, mountainous, river_class, uphill)

COMBAT_STACK, COMBAT_STACK_STEEP, MAX_SUPPORT = 2.25, 1.25, 2     # 3.1.2, 3.1.2a


# -- who fights ---------------------------------------------------------------------------------

def forces_in(g: Game, units: list[int]) -> list[list[int]]:
    """1.1 / 5.5.1: a Force is one Formation with up to two Support units stacked with it, or one
    or two Support units not stacked with a Formation (reading R16: Support units join the
    Formations in stack order, two each)."""
    formations = [p for p in units if g.is_formation(p)]
    supports = [p for p in units if not g.is_formation(p)]
    forces = [[f] for f in formations]
    for f in forces:
        while len(f) < 3 and supports:
            f.append(supports.pop(0))
    while supports:
        forces.append(supports[:2])
        supports = supports[2:]
    return forces


def combat_stack_limit(g: Game, h: str, other: str | None = None) -> float:
    """3.1.2 / 3.1.2a: 2 1/4 division-equivalents, 1 1/4 in, into, out of or across Steep
    Mountain."""
    steep = g.board.terrain.get(h) == "steep_mountain" or (other and g.board.terrain.get(other) == "steep_mountain")
    return COMBAT_STACK_STEEP if steep else COMBAT_STACK


def army_ok(g: Game, units: list[int]) -> bool:
    """9.2.2: units of different armies may not combine; units of more than two corps may not
    (an Independent unit or group of them counts as one corps; 24.1 Belgians are Independent)."""
    armies = {g.army(p) for p in units if g.army(p)}
    if len(armies) > 1:
        return False
    corps = set()
    for p in units:
        c = g.corps(p) if g.is_formation(p) or g.ut(p).train else ""
        corps.add(c if c and g.ut(p).nat != "BE" else "independent")
    return len(corps) <= 2


def fortress2_immune(g: Game, h: str, side: str) -> bool:
    """12.2.2: a Fortress 2 hex cannot be attacked while its hex or any hex of its Fortified Camp
    holds a division-size infantry unit of its side."""
    forts = [p for p in g.units_at(h) if g.ut(p).fortress and g.side(p) != side
             and int(g.ut(p).attrs.get("fortress_type", 1) or 1) == 2]
    if not forts:
        return False
    camp = g.rules.camp_hexes(g.ut(forts[0]).attrs.get("camp", ""))
    owner = g.side(forts[0])
    for x in camp or [h]:
        for p in g.units_at(x):
            t = g.ut(p)
            if g.side(p) == owner and t.infantry and t.size in ("division", "corps") and g.is_combat(p):
                return True
    return False


def superfluous_pa(g: Game, pid: int) -> bool:
    """9.1 step 1: a PA pointing at a hex with no enemy unit, only an enemy Fortress without
    outer garrison, or an immune Fortress 2 hex."""
    target = g.prop(pid, "pa")
    side = g.side(pid)
    enemy = [p for p in g.units_at(target) if g.side(p) != side]
    if not enemy:
        return True
    if all(g.ut(p).fortress and g.face(p) == 1 for p in enemy):
        return True
    return fortress2_immune(g, target, side)


def can_attack_from(g: Game, pid: int, target: str, phase: dict) -> Violation | None:
    """Why ``pid`` may not join an attack on ``target`` (None: it may)."""
    t = g.ut(pid)
    h = g.loc(pid)
    other = g.prop(pid, "two_hex")
    adjacent = target in g.board.all_nbrs.get(h, ()) or (other and target in g.board.all_nbrs.get(other, ()))
    if not adjacent:
        return Violation(g.cite("9.2"), "attacking units are adjacent to the target hex")
    frm = h if target in g.board.all_nbrs.get(h, ()) else other
    if not attackable_across(g, frm, target):
        return Violation(g.cite("9.2.3"), "no attack across Sea, Mountain Crest or Flood hexsides")
    if t.fortress or t.fort and g.face(pid) == 0:
        return Violation(g.cite("8.5.1" if t.fort else "12.1.1"), "Forts and Fortresses never attack")
    if t.supply or (t.siege and True) or t.hq:
        return Violation(g.cite("9.0"), "supply units, siege artillery and HQs do not attack")
    if t.artillery and not any(g.is_combat(q) and q in phase_attackers(phase) for q in g.units_at(h)):
        if not any(g.is_combat(q) and g.side(q) == g.side(pid) for q in g.units_at(h)):
            return Violation(g.cite("8.8.1"), "artillery joins combat only together with a Combat unit stacked with it")
    if g.ci(pid):
        return Violation(g.cite("9.2.3"), "CI and Demoralized units may not initiate an attack")
    if g.prop(pid, "task"):
        return Violation(g.cite("7.8.0"), "a unit with an MP-spent marker may not initiate an attack")
    if not active_unit(g, pid):
        return Violation(g.cite("28.5"), "an inactive unit may not attack")
    if g.in_rail_mode(pid):
        return Violation(g.cite("7.7.4"), "a unit in Rail Mode does not attack")
    if pid in phase.get("attacked_with", []):
        return Violation(g.cite("9.2"), "no unit attacks more than once per attack phase")
    if pid in phase.get("retreated", []):
        return Violation(g.cite("9.2"), "units that retreated earlier in the phase take no further part")
    pa = g.prop(pid, "pa")
    if pa and pa != target:
        return Violation(g.cite("9.2.5"), "a unit whose PA points at another hex is excluded")
    return None


def phase_attackers(phase: dict) -> list[int]:
    return [p for a in phase.get("attacks", []) for p in a["units"]]


# -- the Attack Phase ---------------------------------------------------------------------------

class AttackPhase(Decision):
    """9.1: bombardments designated then resolved; attacks designated then resolved one at a
    time in the attacker's order."""
    name = "attack_phase"
    rule = "9.1"
    hostile = frozenset({"attack", "bombard"})
    lines = {"attack": "declares an attack on {target}", "resolve": "resolves the attack on {target}",
             "bombard": "designates {unit} to bombard {fortress}"}

    def begin(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        for pid in g.units_of(side):                     # 9.1 step 1
            if g.prop(pid, "pa") and superfluous_pa(g, pid):
                remove_pa(g, pid)
        g.update(stage="bombard", bombard=[], attacks=[], resolved=[], attacked_with=[], retreated=[],
                 attacked_hexes=[], av_used=[], naval_used=False, pionier_used=False)
        g.set("combat_report", None)
        if not bombard_candidates(g, g.top):
            self.to_declare(g)

    def to_declare(self, g: Game) -> None:
        frame = g.top
        attacks = list(frame["attacks"])
        mandatory: dict[str, list[int]] = {}
        for pid in g.units_of(frame["side"]):            # 9.2.3: PA attacks are mandatory
            target = g.prop(pid, "pa")
            if target and g.on_map(pid) and not superfluous_pa(g, pid):
                mandatory.setdefault(target, []).append(pid)
        for target, units in sorted(mandatory.items()):
            ok = [p for p in units if can_attack_from(g, p, target, frame) is None]
            if ok:
                attacks.append({"target": target, "units": ok, "mandatory": ok})
        g.update(stage="declare", attacks=attacks)

    def ask(self, g: Game, frame: dict) -> str:
        kind = "Counterattack" if frame["counter"] else "Attack"
        if frame["stage"] == "bombard":
            return f"{kind} Phase: designate Fortress bombardments (12.4), then fire"
        if frame["stage"] == "declare":
            n = len(frame["attacks"])
            return f"{kind} Phase: designate every attack ({n} so far; PA attacks are mandatory), then resolve"
        left = [a["target"] for a in frame["attacks"] if a["target"] not in frame["resolved"]]
        return f"{kind} Phase: pick the next attack to resolve ({', '.join(left)})"

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        if frame["stage"] == "bombard":
            for fortress, unit in bombard_candidates(g, frame):
                yield self.offer("bombard", side, fortress=fortress, unit=unit)
            yield self.offer("fire", side)
            return
        if frame["stage"] == "declare":
            for target in attack_targets(g, frame):
                yield self.offer("attack", side, target=target)
            yield self.offer("resolve_all", side)
            return
        for a in frame["attacks"]:
            if a["target"] not in frame["resolved"]:
                yield self.offer("resolve", side, target=a["target"])

    # bombardment (12.4)
    def check_bombard(self, g: Game, frame: dict, fortress: Piece, unit: Piece) -> Violation | None:
        if frame["stage"] != "bombard":
            return self.no(g, "9.1", "bombardments are designated before any attack")
        if (int(fortress), int(unit)) in [tuple(x) for x in bombard_candidates(g, frame)]:
            return None
        return bombard_refusal(g, frame, int(fortress), int(unit))

    def on_bombard(self, g: Game, frame: dict, fortress: Piece, unit: Piece) -> None:
        """Designate a bombardment"""
        g.update(bombard=frame["bombard"] + [[int(fortress), int(unit)]])

    def on_fire(self, g: Game, frame: dict) -> None:
        """Resolve every bombardment designated (12.4.2)"""
        from_list = list(frame["bombard"])
        g.update(stage="bombarding")
        g.call("bombardments", side=frame["side"], todo=from_list, phase_index=len(g.stack) - 1)

    def resume(self, g: Game, frame: dict, result) -> None:
        if frame["stage"] == "bombarding":
            self.to_declare(g)
            return
        if isinstance(result, dict) and result.get("declared"):
            a = result["declared"]
            attacks = [x for x in frame["attacks"] if x["target"] != a["target"]] + [a]
            g.update(attacks=attacks)
            return
        if isinstance(result, dict) and "fought" in result:
            g.update(resolved=frame["resolved"] + [result["fought"]],
                     attacked_with=frame["attacked_with"] + result.get("units", []),
                     retreated=frame["retreated"] + result.get("retreated", []),
                     attacked_hexes=frame["attacked_hexes"] + [result["fought"]],
                     av_used=frame["av_used"] + result.get("av_used", []),
                     naval_used=frame["naval_used"] or result.get("naval_used", False))
            if all(a["target"] in g.top["resolved"] for a in g.top["attacks"]):
                end_attack_phase(g)

    # designation
    def check_attack(self, g: Game, frame: dict, target: Loc) -> Violation | None:
        if frame["stage"] != "declare":
            return self.no(g, "9.1", "attacks are designated before any is resolved")
        if target in attack_targets(g, frame):
            return None
        if not any(g.side(p) != frame["side"] for p in g.units_at(target)):
            return self.no(g, "9.2", "an attack is made on an enemy-occupied hex")
        if fortress2_immune(g, target, frame["side"]):
            return self.no(g, "12.2.2", "a Fortress 2 camp holding a division-size infantry unit cannot be attacked")
        return self.no(g, "9.2", "no unit of yours may attack that hex")

    def on_attack(self, g: Game, frame: dict, target: Loc) -> None:
        """Designate an attack on this hex (or add units to the one designated, 9.2.1)"""
        a = next((x for x in frame["attacks"] if x["target"] == target), None)
        g.call("declare_attack", side=frame["side"], target=str(target), units=list(a["units"]) if a else [],
               mandatory=list(a.get("mandatory", [])) if a else [])

    def on_resolve_all(self, g: Game, frame: dict) -> None:
        """Done designating: resolve the attacks"""
        if not frame["attacks"]:
            end_attack_phase(g)
            return
        g.update(stage="resolve")
        mark_attack_markers(g, g.top)

    def on_resolve(self, g: Game, frame: dict, target: Loc) -> None:
        """Resolve this attack"""
        a = next(x for x in frame["attacks"] if x["target"] == target)
        g.call("battle", side=frame["side"], target=str(target), units=a["units"], mandatory=a.get("mandatory", []),
               phase=dict(attacked_hexes=frame["attacked_hexes"], av_used=frame["av_used"],
                          naval_used=frame["naval_used"], retreated=frame["retreated"],
                          other_targets=[x["target"] for x in frame["attacks"]]),
               step=0)


def mark_attack_markers(g: Game, frame: dict) -> None:
    """9.1 step 4: white Attack markers on attacking groups without PA markers."""
    for a in frame["attacks"]:
        for p in a["units"]:
            if not g.prop(p, "pa"):
                tag(g, p, "Attack→", a["target"])


def end_attack_phase(g: Game) -> None:
    frame = g.top
    for p in g.units_of(frame["side"]):
        if any(t.startswith("Attack→") for t in g.state.pieces[p].markers):
            tag(g, p, "Attack→", None)
    g.end()


def attack_targets(g: Game, frame: dict) -> list[str]:
    side = frame["side"]
    enemy = ENEMY[side]
    used = set(phase_attackers(frame))
    out = set()
    at = g.index()["side_at"]
    for pid in g.units_of(side):
        if pid in used or not g.is_combat(pid):
            continue
        hexes = [g.loc(pid)] + ([g.prop(pid, "two_hex")] if g.prop(pid, "two_hex") else [])
        for h in hexes:
            for n in g.board.all_nbrs.get(h, ()):
                if n in out:
                    continue
                if not any(g.side(p) == enemy and not (g.ut(p).fortress and g.face(p) == 1 and not
                                                       any(g.side(q) == enemy and not g.ut(q).fortress
                                                           for q in g.units_at(n)))
                           for p in g.units_at(n)):
                    if at.get(n) != enemy:
                        continue
                if fortress2_immune(g, n, side):
                    continue
                if can_attack_from(g, pid, n, frame) is None:
                    out.add(n)
    return sorted(out)


class DeclareAttack(Decision):
    """9.1 step 4 / 9.2: the attacking units of one attack (units in several hexes may combine
    against one adjacent hex, 9.2.1; within the combat stacking limit, 3.1.2; of one army and at
    most two corps, 9.2.2)."""
    name = "declare_attack"
    rule = "9.2"
    lines = {"add": "adds {unit} to the attack", "drop": "leaves {unit} out of the attack"}

    def ask(self, g: Game, frame: dict) -> str:
        names = ", ".join(g.true_name(p) for p in frame["units"]) or "no units yet"
        return f"attack on {g.hexname(frame['target'])}: {names}. Add attacking units, then confirm"

    def candidates(self, g: Game, frame: dict) -> list[int]:
        phase = next(f for f in reversed(g.stack) if f["state"] == "attack_phase")
        out = []
        used = set(phase_attackers(phase))
        target = frame["target"]
        for n in g.board.all_nbrs.get(target, ()):
            for pid in g.units_at(n):
                if g.side(pid) != frame["side"] or pid in frame["units"] or pid in used:
                    continue
                if can_attack_from(g, pid, target, {**phase, "attacks": phase["attacks"]}) is not None:
                    continue
                if not self.fits(g, frame, pid):
                    continue
                out.append(pid)
        return sorted(set(out))

    def fits(self, g: Game, frame: dict, pid: int) -> bool:
        units = frame["units"] + [pid]
        if not army_ok(g, units):
            return False
        h = g.loc(pid)
        here = [p for p in units if g.loc(p) == h]
        size = stacking_de(g, [p for p in here if g.is_combat(p)])               # 23.3.2: RND as one
        supports = support_count(g, here)
        if size > combat_stack_limit(g, h, frame["target"]) + 1e-9 or supports > MAX_SUPPORT:
            return False
        t = g.ut(pid)
        if t.artillery and not any(g.is_combat(q) and g.loc(q) == h for q in frame["units"]):
            return False
        return True

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        for pid in self.candidates(g, frame):
            yield self.offer("add", side, unit=pid)
        for pid in frame["units"]:
            if pid not in frame["mandatory"]:
                yield self.offer("drop", side, unit=pid)
        if any(g.is_combat(p) for p in frame["units"]):
            yield self.offer("confirm", side)
        if not frame["mandatory"]:
            yield self.offer("cancel", side)

    def check_add(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit in self.candidates(g, frame):
            return None
        phase = next(f for f in reversed(g.stack) if f["state"] == "attack_phase")
        if unit in g.state.pieces and g.side(unit) == frame["side"]:
            why = can_attack_from(g, unit, frame["target"], phase)
            if why:
                return why
            if not army_ok(g, frame["units"] + [int(unit)]):
                return self.no(g, "9.2.2", "units of different armies, or of more than two corps, do not combine")
            return self.no(g, "3.1.2", "over the combat stacking limit (2 1/4 division-equivalents, 2 Support units)")
        return self.no(g, "9.2", "only your units adjacent to the target attack")

    def on_add(self, g: Game, frame: dict, unit: Piece) -> None:
        """Add this unit to the attack"""
        g.update(units=frame["units"] + [int(unit)])

    def on_drop(self, g: Game, frame: dict, unit: Piece) -> None:
        """Leave this unit out"""
        g.update(units=[p for p in frame["units"] if p != unit])

    def on_confirm(self, g: Game, frame: dict) -> None:
        """Confirm the attack"""
        g.end({"declared": {"target": frame["target"], "units": frame["units"], "mandatory": frame["mandatory"]}})

    def on_cancel(self, g: Game, frame: dict) -> None:
        """Call the attack off"""
        g.end(None)


# -- bombardment candidates (12.4) ----------------------------------------------------------------

def hq_adjacent_to_camp(g: Game, fortress: int, side: str) -> bool:
    camp = g.rules.camp_hexes(g.ut(fortress).attrs.get("camp", "")) or [g.loc(fortress)]
    for h in camp:
        for n in g.board.all_nbrs.get(h, ()):
            if any(g.ut(p).hq and g.side(p) == side for p in g.units_at(n)):
                return True
    return False


def bombard_candidates(g: Game, frame: dict) -> list[list[int]]:
    side = frame["side"]
    designated = {f for f, _ in frame.get("bombard", [])}
    used = {u for _, u in frame.get("bombard", [])}
    out = []
    for pid in g.units_of(side):
        t = g.ut(pid)
        if not ((t.siege and g.face(pid) == 1) or (t.utype == "siege_marker" and t.attrs.get("calibre"))):
            continue
        if pid in used or (g.prop(pid, "prep_used") is not None and g.prop(pid, "prep_used") == g.get("phase_id")):
            continue
        h = g.loc(pid)
        for n in (h,) + g.board.all_nbrs.get(h, ()):
            for f in g.units_at(n):
                if g.side(f) == side or not g.ut(f).fortress:
                    continue
                if bombard_refusal(g, frame, f, pid, designated) is None:
                    out.append([f, pid])
    return out


def bombard_refusal(g: Game, frame: dict, fortress: int, unit: int, designated: set | None = None) -> Violation | None:
    side = frame["side"]
    if fortress not in g.state.pieces or unit not in g.state.pieces:
        return Violation(g.cite("12.4"), "no such units")
    t = g.ut(unit)
    if not ((t.siege and g.face(unit) == 1) or t.utype == "siege_marker"):
        return Violation(g.cite("12.4"), "only Deployed siege artillery bombards")
    if not g.ut(fortress).fortress or g.side(fortress) == side:
        return Violation(g.cite("12.4"), "siege artillery bombards enemy Fortresses")
    if g.loc(fortress) != g.loc(unit) and g.loc(fortress) not in g.board.all_nbrs.get(g.loc(unit), ()):
        return Violation(g.cite("12.4"), "the siege unit is adjacent to or in the Fortress hex")
    cal = str(t.attrs.get("calibre", ""))
    hq = hq_adjacent_to_camp(g, fortress, side)
    if cal in ("42", "30.5") and not t.attrs.get("austro_hungarian") and not hq:
        return Violation(g.cite("13.2.2"), "German 30.5 cm and 42 cm units bombard only with a Siege Train HQ adjacent")
    limit_key = {"42": "bombard_42", "30.5": "bombard_305"}.get(cal)
    if limit_key and g.scenario() != "lorraine" and int(g.get(limit_key, 0)) <= 0:
        return Violation(g.cite("13.4"), f"no {cal} cm bombardments left")
    designated = designated if designated is not None else {f for f, _ in frame.get("bombard", [])}
    if fortress in designated and not hq:
        return Violation(g.cite("12.4.1"), "a Fortress is bombarded once per attack phase unless a Siege "
                                           "Train HQ is adjacent to its camp")
    return None


# -- strengths and shifts -------------------------------------------------------------------------

def attacking_forces(g: Game, units: list[int], target: str) -> list[tuple[str, list[int]]]:
    """The attackers grouped by hex and Force: (attacking hex, units)."""
    by_hex: dict[str, list[int]] = {}
    for p in units:
        h = g.loc(p)
        if target not in g.board.all_nbrs.get(h, ()) and g.prop(p, "two_hex"):
            h = g.prop(p, "two_hex")
        by_hex.setdefault(h, []).append(p)
    out = []
    for h, ps in sorted(by_hex.items()):
        for f in forces_in(g, ps):
            out.append((h, f))
    return out


def flanked(g: Game, attackers: list[int], defenders: list[int], target: str, side: str) -> bool:
    """9.5: the defending group is Flanked if the attackers' size is at least its own and at
    least 5 of its 6 neighbours are enemy-occupied or in the ZOC of an attacking Formation, none
    of those 5 occupied by a friendly unit; hexes beyond a Flood, Great or Imposing river or an
    impassable hexside do not count (9.5.3); never a hex with a Fortress (9.5.4)."""
    if any(g.ut(p).fortress for p in g.units_at(target)):
        return False
    if sum(g.size_of(p) for p in attackers) < sum(g.size_of(p) for p in defenders):
        return False
    board = g.board
    attacking_zoc: set[str] = set()
    for p in attackers:
        if g.is_formation(p) and g.exerts_zoc(p):
            for h in [g.loc(p)] + ([g.prop(p, "two_hex")] if g.prop(p, "two_hex") else []):
                for n in board.nbrs.get(h, ()):
                    attrs = board.side[(h, n)]
                    if not (attrs.get("sea") or attrs.get("crest")):
                        attacking_zoc.add(n)
    defender_side = ENEMY[side]
    count = 0
    for n in board.all_nbrs.get(target, ()):
        attrs = board.side.get((target, n))
        if attrs is None or attrs.get("sea") or attrs.get("crest") or n not in board.land:
            continue
        if attrs.get("river") in ("great", "imposing") or (attrs.get("flood") and g.get("ijzer_flooded")):
            continue
        occupants = [p for p in g.units_at(n) if p not in defenders]
        if any(g.side(p) == defender_side for p in occupants):
            continue
        if any(g.side(p) == side for p in occupants) or n in attacking_zoc:
            count += 1
    return count >= 5


def column_shifts(g: Game, forces: list[tuple[str, list[int]]], defenders: list[int], target: str,
                  side: str, is_flanked: bool, fortress_alone: bool) -> list[list]:
    """9.6.1: the shifts with their reasons (positive: right, in the attacker's favour)."""
    shifts: list[list] = []
    combat = [p for _, f in forces for p in f if g.is_combat(p)]
    if combat and all(g.prop(p, "pa") == target for p in combat):
        shifts.append(["Prepared Attack: every attacking Combat unit has a PA on the hex (9.6.1)", 1])
    if is_flanked:
        shifts.append(["defender Flanked (9.5.2)", 2])
    level = ip_level(g, target)
    if fortress_alone:
        level = max(level, 2)
    if level:
        why = "a Fortress alone has the printed IP's benefit (12.2.1b)" if fortress_alone and ip_level(g, target) < 2 \
            else f"defender in an IP of level {level} (14.1)"
        shifts.append([why, -level])
    rivers = [river_class(g, h, target) for h, f in forces if any(g.is_combat(p) for p in f)]
    if rivers and all(r in RIVER_SHIFT for r in rivers):
        worst = min(RIVER_SHIFT[r] for r in rivers)
        name = "Imposing" if worst == 2 else "Great"
        shifts.append([f"every attacker crosses a {name} river (9.6.1)", -worst])
    non_forest = [h for h, f in forces if any(g.is_combat(p) for p in f) and not forest_side(g, h, target)]
    if non_forest and all(uphill(g, h, target) for h in non_forest):           # 3.5, 3.5.2
        shifts.append(["attackers at a lower elevation (3.5)", -1])
    return shifts


def pr_drm(g: Game, attackers: list[int], defenders: list[int], target: str, att_hexes: list[str]) -> int:
    """9.7: highest defending PR minus highest attacking PR; 9.7.1: a defending group with a
    Fortress has PR 5; 9.7.2: +1 for a French Force with Chasseurs d'Alpins in Mountainous terrain."""
    def best(units: list[int], hexes: list[str], defending: bool) -> int:
        prs = [g.value(p, "pr") for p in units if g.value(p, "pr")]
        value = max(prs) if prs else 0
        if defending and any(g.ut(p).fortress for p in units):
            value = max(value, 5) if prs else 5
            value = 5 if not [p for p in units if not g.ut(p).fortress] else max(value, 5)
        alp = any(g.ut(p).utype == "alpini" and g.ut(p).nat == "FR" for p in units)
        if alp and any(mountainous(g, h) for h in hexes):
            value += 1
        return value
    d = best(defenders, [target], True)
    a = best(attackers, att_hexes + [target], False)
    return d - a


# -- the battle ---------------------------------------------------------------------------------------

class Battle(State):
    """9.1.1: one attack, step by step; decisions are called as needed."""
    name = "battle"
    automatic = True
    rule = "9.1.1"
    STEPS = ("reveal", "ammo_attacker", "ammo_defender", "odds", "intensity_attacker",
             "intensity_defender", "prep", "naval", "roll", "apply", "allocate", "efficiency",
             "retreat_attacker", "retreat_defender", "advance", "finish")

    def run(self, g: Game, frame: dict) -> None:
        step = frame["step"]
        if step >= len(self.STEPS):
            return
        g.update(step=step + 1)
        getattr(self, self.STEPS[step])(g, g.top)

    def resume(self, g: Game, frame: dict, result) -> None:
        key = frame.get("waiting")
        if key:
            g.update(**{key: result, "waiting": None})

    # a. b. identify and reveal (3.1.6, 9.2.5)
    def reveal(self, g: Game, frame: dict) -> None:
        side, target = frame["side"], frame["target"]
        enemy = ENEMY[side]
        attackers = [p for p in frame["units"] if p in g.state.pieces and g.on_map(p)]
        defenders_all = [p for p in g.units_at(target) if g.side(p) == enemy]
        for p in defenders_all:                       # 28.5: an attacked inactive unit activates
            if g.prop(p, "inactive_until") and not g.prop(p, "activated"):
                g.set_prop(p, "activated", True)
        excluded = exclusions(g, defenders_all, target, frame["phase"]["retreated"])
        defenders = [p for p in defenders_all if p not in excluded]
        for p in defenders_all:
            task = g.prop(p, "task")
            if task and task.get("kind") == "ip":       # 7.8.3 (2)
                g.set_prop(p, "task", None)
                tag(g, p, "MP ", None)
        g.update(attackers=attackers, defenders=defenders, excluded=excluded,
                 report={"title": f"Attack on {g.hexname(target)}", "attacker": side, "defender": enemy,
                         "stage": "declared", "lines": [], "outcome": []})
        names = ", ".join(g.unit_name(p) for p in defenders) or "nobody"
        g.note(f"{g.side_name(side)} attacks {g.hexname(target)}: the defenders are {names}"
               + (f"; excluded: {', '.join(g.unit_name(p) for p in excluded)}" if excluded else "")
               + " (3.1.6, 9.2.5)")
        if not defenders:
            g.update(step=Battle.STEPS.index("finish"))

    # c. ammo (9.4)
    def ammo_attacker(self, g: Game, frame: dict) -> None:
        self._ammo(g, frame, "attacker", frame["attackers"], frame["side"])

    def ammo_defender(self, g: Game, frame: dict) -> None:
        self._ammo(g, frame, "defender", frame["defenders"], ENEMY[frame["side"]])

    def _ammo(self, g: Game, frame: dict, who: str, units: list[int], side: str) -> None:
        plan = supply.ammo_plan(g, units, side)
        g.update(**{f"ammo_{who}": plan})
        if plan["limited"] or plan.get("truck") is not None:                # 9.4.2, 25.3
            g.update(waiting=f"ammo_choice_{who}")
            g.call("ammo_choice", side=side, who=who, need=plan["need"], target=frame["target"])

    # d. e. strengths, odds, shifts (9.3, 9.6)
    def odds(self, g: Game, frame: dict) -> None:
        side, target = frame["side"], frame["target"]
        a_ammo = ammo_ok(frame, "attacker")
        d_ammo = ammo_ok(frame, "defender")
        forces = attacking_forces(g, frame["attackers"], target)
        att = 0.0
        for h, f in forces:
            att += force_attack_strength(g, f, h, target, a_ammo)
        fortress_alone = bool(frame["defenders"]) and all(g.ut(p).fortress for p in frame["defenders"])
        dfn = group_defense_strength(g, frame["defenders"], target,
                                     {p: d_ammo or g.ut(p).fortress for p in frame["defenders"]})
        index = crt.odds_index(att, dfn)
        is_flanked = flanked(g, frame["attackers"], frame["defenders"], target, side)
        shifts = column_shifts(g, forces, frame["defenders"], target, side, is_flanked, fortress_alone)
        drm = pr_drm(g, frame["attackers"], frame["defenders"], target, [h for h, _ in forces])
        # 10.1.1: the AV of the units as they enter the combat (the 11.2 example counts the
        # French 12 and the German 14 before the intensity SRs of step h)
        att_av = sum(force_av(g, f, h, target, a_ammo) for h, f in forces)
        def_av, av_used = defender_av(g, frame, frame["defenders"], d_ammo)
        att_de = sum(g.size_of(p) for p in frame["attackers"] if g.is_combat(p))
        def_de = sum(g.size_of(p) for p in frame["defenders"] if g.is_combat(p))
        if fortress_alone:
            def_de = 1.0                                 # 12.2.1b
        g.update(att2=int(round(att * 2)), dfn2=int(round(dfn * 2)), initial=index, shifts=shifts,
                 flanked=is_flanked, pr_drm=drm, att_av=att_av, def_av=def_av, av_used=av_used,
                 att_de4=int(round(att_de * 4)), def_de4=int(round(def_de * 4)),
                 fortress_alone=fortress_alone, forces=[[h, f] for h, f in forces])
        self.report(g, g.top, "declared")

    def final_index(self, frame: dict) -> int:
        net = sum(s for _, s in frame["shifts"]) + int(frame.get("prep_shift", 0))
        return frame["initial"] + net

    def report(self, g: Game, frame: dict, stage: str, extra: list | None = None) -> None:
        final = self.final_index(frame)
        shifts = [list(s) for s in frame["shifts"]]
        if frame.get("prep_shift"):
            shifts.append(["Prep Bombardment (13.3.4)", int(frame["prep_shift"])])
        line = {"who": frame["side"], "what": f"attacks {frame['att2'] / 2:g} against {frame['dfn2'] / 2:g} on the CRT",
                "table": "crt", "column": crt.column(final), "shifts": shifts,
                "result": f"initial odds {crt.odds_text(frame['initial'])}, final {crt.odds_text(final)}; "
                          f"PR die modifier {frame['pr_drm']:+d}"}
        rep = dict(frame["report"])
        rep["stage"] = stage
        rep["lines"] = [line] + (extra or [])
        g.update(report=rep)
        g.report_combat(rep)

    # f. intensity (9.8)
    def intensity_attacker(self, g: Game, frame: dict) -> None:
        forced = any(g.ut(p).infantry and g.is_formation(p) and not g.ci(p)
                     and g.rules.plan_objectives(g, g.army(p)) for p in frame["attackers"])
        if forced:                                     # 26.2.2
            g.update(int_att=True)
            g.note(f"{g.side_name(frame['side'])}: attacks Intense (26.2.2: an army under a Strategic Plan)")
            return
        g.update(waiting="int_att")
        g.call("intensity", side=frame["side"], who="attacker", target=frame["target"])

    def intensity_defender(self, g: Game, frame: dict) -> None:
        if frame["fortress_alone"]:                    # 9.8 / 12.1.1
            g.update(int_def=False)
            return
        g.update(waiting="int_def")
        g.call("intensity", side=ENEMY[frame["side"]], who="defender", target=frame["target"])

    # 13.3 Prep Bombardment
    def prep(self, g: Game, frame: dict) -> None:
        from_prep = prep_possible(g, frame)
        if not from_prep:
            return
        g.update(waiting="prep_choice", prep_hq=from_prep)
        g.call("prep_choice", side=frame["side"], target=frame["target"], hq=from_prep)

    # 21.2 British Naval Support
    def naval(self, g: Game, frame: dict) -> None:
        if frame.get("prep_choice") and frame.get("prep_hq"):
            resolve_prep(g, frame)
            frame = g.top
        if (frame["side"] == "german" and frame["target"] in g.board.coastal and not frame["phase"]["naval_used"]
                and g.scenario() != "lorraine"):
            g.update(waiting="naval_choice")
            g.call("naval_choice", side="allied", target=frame["target"])

    # g. dice (9.9, 21.1)
    def roll(self, g: Game, frame: dict) -> None:
        if frame.get("naval_choice"):
            g.update(shifts=frame["shifts"] + [["British Naval Support (21.2)", -2]])
            frame = g.top
        if frame.get("naval_choice") or frame.get("prep_shift"):
            self.report(g, frame, "declared")          # the final odds with every shift
            frame = g.top
        white = g.roll("CRT white die", "1white")
        black = g.roll("CRT black die", "1black")
        side = frame["side"]
        dice_shown = [white, black]
        if g.gt <= 5 and g.scenario() != "race_to_the_sea":                   # 21.1
            if side == "allied" and black == 1 or side == "german" and black == 6:
                g.note(f"Inferior Allied Combat Doctrine: black {black}, both dice are rolled again (21.1)")
                white = g.roll("CRT white die (re-roll, 21.1)", "1white")
                black = g.roll("CRT black die (re-roll, 21.1)", "1black")
                dice_shown += [white, black]
        final = self.final_index(frame)
        reading = crt.read_crt(g.module, final, white, black, frame["pr_drm"])
        kind = crt.intensity_kind(bool(frame.get("int_att")), bool(frame.get("int_def")))
        hexes = crt.retreat_hexes(reading.retreat, kind)
        isr_a, isr_d = crt.intensity_srs(reading.retreat, kind)
        g.update(reading={"white": white, "black": black, "wm": reading.white_modified, "column": reading.column,
                          "att_drm": reading.attacker.drm, "att_s": reading.attacker.s, "att_e": reading.attacker.e,
                          "def_drm": reading.defender.drm, "def_s": reading.defender.s, "def_e": reading.defender.e,
                          "retreat": reading.retreat, "printed": reading.printed},
                 intensity=kind, def_retreat=hexes, isr=[isr_a, isr_d])
        line = {"who": side, "what": f"rolls the CRT ({crt.INTENSITY_NAME[kind]})", "table": "crt",
                "column": reading.column, "row": str(reading.white_modified), "dice": dice_shown,
                "result": reading.printed}
        rep = dict(g.top["report"])
        rep["lines"] = rep["lines"] + [line]
        g.update(report=rep)
        g.note(f"CRT {reading.column}: white {white} (modified {reading.white_modified}), black {black}: "
               f"{reading.printed} — {crt.INTENSITY_NAME[kind]}" + (f", defender retreats {hexes}" if hexes else ""))

    # h. results: SRs and E (9.9.1, 9.10, 9.8.2)
    def apply(self, g: Game, frame: dict) -> None:
        r = frame["reading"]
        isr_a, isr_d = frame["isr"]
        att_srs = r["att_s"] + isr_a
        def_srs = r["def_s"] + isr_d
        side = frame["side"]
        if r["att_e"]:
            for _h, f in attacking_forces(g, frame["attackers"], frame["target"]):
                lead = next((p for p in f if g.is_formation(p)), f[0])
                reduce_ce(g, lead, r["att_e"], "CRT E result (9.9.2)")
        if r["def_e"]:
            for f in forces_in(g, frame["defenders"]):
                lead = next((p for p in f if g.is_formation(p)), f[0])
                reduce_ce(g, lead, r["def_e"], "CRT E result (9.9.2)")
        # 12.2.1: the outer garrison never takes a CRT "s" (Fortresses are not SR candidates)
        g.update(srs_left=[[side, att_srs, r["att_s"]], [ENEMY[side], def_srs, r["def_s"]]])

    def allocate(self, g: Game, frame: dict) -> None:
        """9.10: one SR at a time, the owner choosing the unit when there is a choice."""
        left = [x for x in frame["srs_left"] if x[1] > 0]
        if not left:
            g.update(srs_left=[])
            return
        who, n, crt_n = left[0]
        units = frame["attackers"] if who == frame["side"] else frame["defenders"]
        units = [p for p in units if p in g.state.pieces and g.on_map(p)]
        crt_sr = crt_n > 0
        g.update(srs_left=[[who, n - 1, max(0, crt_n - 1)]] + left[1:], step=Battle.STEPS.index("allocate"))
        cands = sr_candidates(g, units)
        if len(cands) > 1:
            g.update(waiting="sr_choice")
            g.call("allocate_sr", side=who, candidates=cands, crt=crt_sr, units=units)
            return
        allocate_sr(g, units, "CRT result (9.10)" if crt_sr else "intensity (9.8.2)", crt_sr)

    # i. j. artillery and efficiency checks (10.1, 10.2)
    def efficiency(self, g: Game, frame: dict) -> None:
        side, target = frame["side"], frame["target"]
        r = frame["reading"]
        attackers = [p for p in frame["attackers"] if p in g.state.pieces and g.on_map(p)]
        defenders = [p for p in frame["defenders"] if p in g.state.pieces and g.on_map(p)]
        att_av, def_av = frame["att_av"], frame["def_av"]
        att_de, def_de = frame["att_de4"] / 4, frame["def_de4"] / 4
        att_art = crt.artillery_drm(g.module, def_av, att_de)     # 10.1.2: enemy AV vs friendly d-e
        def_art = crt.artillery_drm(g.module, att_av, def_de)
        lines = [{"who": side, "what": f"artillery: AV {att_av} against {def_de:g} division-equivalents",
                  "table": "artillery", "result": f"{def_art:+d} to the defender's EC"},
                 {"who": ENEMY[side], "what": f"artillery: AV {def_av} against {att_de:g} division-equivalents",
                  "table": "artillery", "result": f"{att_art:+d} to the attacker's EC"}]
        outcome: list[str] = []
        att_drm = r["att_drm"] + att_art
        def_drm = r["def_drm"] + def_art + (1 if frame["flanked"] else 0) + int(frame.get("prep_e", 0))
        retreats: dict[str, int] = {}
        # attackers first (10.0)
        by_hex: dict[str, list[int]] = {}
        for p in attackers:
            by_hex.setdefault(g.loc(p), []).append(p)
        for h, units in sorted(by_hex.items()):
            res = ec_group(g, units, att_drm, f"attackers at {g.hexname(h)}")
            lines.append(res["line"])
            outcome += res["outcome"]
            for pid, n in res["retreats"].items():
                retreats[str(pid)] = n
        def_retreat_crt = frame["def_retreat"]
        if index_below_1_4(self.final_index(frame)):
            outcome.append("the defender takes no EC: odds below 1:4 (10.0)")
        elif defenders:
            if frame["fortress_alone"]:
                res = ec_fortress_alone(g, defenders, def_drm)
            else:
                normal, own = two_hex_ecs(g, frame, [p for p in defenders if not g.ut(p).fortress], def_drm)
                res = ec_group(g, normal, def_drm, f"defenders at {g.hexname(target)}")
                for p, drm in own:                       # 19.1.6: one EC, the worse DRM
                    extra = ec_group(g, [p], drm, f"{g.unit_name(p)} (Two-Hex, 19.1.6)")
                    lines.append(extra["line"])
                    res["outcome"] += extra["outcome"]
                    res["retreats"].update(extra["retreats"])
            if res["line"].get("who"):
                lines.append(res["line"])
            outcome += res["outcome"]
            for pid, n in res["retreats"].items():
                retreats[str(pid)] = n
        if def_retreat_crt:
            for p in defenders:
                if not g.ut(p).fortress:
                    retreats[str(p)] = retreats.get(str(p), 0) + def_retreat_crt
            outcome.append(f"the defenders retreat {def_retreat_crt} hex{'es' if def_retreat_crt > 1 else ''} (CRT)")
        rep = dict(frame["report"])
        rep["lines"] = rep["lines"] + lines
        rep["outcome"] = rep.get("outcome", []) + outcome
        g.update(report=rep, retreats=retreats, att_art=att_art, def_art=def_art)
        g.report_combat({**rep, "stage": "resolved"})    # both players see the result before retreats

    def retreat_attacker(self, g: Game, frame: dict) -> None:
        self._retreats(g, frame, frame["side"], frame["attackers"])

    def retreat_defender(self, g: Game, frame: dict) -> None:
        target = frame["target"]
        defenders = [p for p in frame["defenders"] if p in g.state.pieces and g.occupies(p, target)]
        # 11.1.2 Fortresses flip on a CRT retreat or when every Combat unit retreated after ECs
        movers = [p for p in defenders if str(p) in frame.get("retreats", {})]
        combat = [p for p in defenders if g.is_combat(p)]
        if frame["def_retreat"] or (combat and all(str(p) in frame.get("retreats", {}) for p in combat)):
            for p in g.units_at(target):
                if g.ut(p).fortress and g.side(p) != frame["side"] and g.face(p) == 0:
                    g.do(C.SetFace(p, 1))
                    g.note(f"{g.unit_name(p)} loses its outer garrison (11.1.2)")
        # 9.2.5 D: excluded defenders follow only if the hex is emptied of the others
        remaining = [p for p in defenders if str(p) not in frame.get("retreats", {}) and not g.ut(p).fortress]
        excl = [p for p in frame["excluded"] if p in g.state.pieces and g.occupies(p, target)]
        if movers and not remaining and excl:
            smallest = min(frame["retreats"][str(p)] for p in movers)
            retreats = dict(frame["retreats"])
            for p in excl:
                if not g.ut(p).fortress:
                    retreats[str(p)] = smallest
            g.update(retreats=retreats)
            frame = g.top
        self._retreats(g, frame, ENEMY[frame["side"]], defenders + excl)

    def _retreats(self, g: Game, frame: dict, side: str, units: list[int]) -> None:
        todo = {}
        for p in units:
            n = frame.get("retreats", {}).get(str(p), 0)
            if n and p in g.state.pieces and g.on_map(p):
                h = g.loc(p)
                other = g.prop(p, "two_hex")
                if other:                                # 19.1.7: the half in the combat
                    target = frame["target"]
                    if side != frame["side"]:
                        h = target if g.occupies(p, target) else h
                    elif target not in g.board.all_nbrs.get(h, ()):
                        h = other
                todo.setdefault(h, {}).setdefault(n, []).append(p)
        groups = []
        for h, by_n in sorted(todo.items()):
            for n, ps in sorted(by_n.items(), reverse=True):
                groups.append({"hex": h, "hexes": n, "units": ps})
        if groups:
            g.update(waiting="retreated_" + side)
            g.call("retreat_queue", side=side, groups=groups, origin=frame["target"]
                   if side != frame["side"] else None, done=[])

    # k. advance (11.2)
    def advance(self, g: Game, frame: dict) -> None:
        target = frame["target"]
        side = frame["side"]
        if any(g.side(p) != side and not (g.ut(p).fortress and g.face(p) == 1) for p in g.units_at(target)):
            return
        retreated = set(int(x) for x in frame.get("retreats", {}) if g.state.pieces.get(int(x)) and
                        g.side(int(x)) == side)
        cands = [p for p in frame["attackers"] if p in g.state.pieces and g.on_map(p) and p not in retreated
                 and not (g.ut(p).siege and g.face(p) == 1)]
        if not cands:
            return
        g.update(waiting="advanced")
        g.call("advance", side=side, target=target, candidates=cands, moved=[])

    def finish(self, g: Game, frame: dict) -> None:
        rep = dict(frame["report"])
        rep["stage"] = "resolved"
        if frame.get("attackers") is not None and frame.get("reading"):
            g.report_combat(rep)
        retreated = []
        for key in ("retreated_allied", "retreated_german"):
            retreated += list((frame.get(key) or {}).get("moved", [])) if isinstance(frame.get(key), dict) else []
        retreated += [int(x) for x in frame.get("retreats", {})]
        pending = set(frame.get("phase", {}).get("other_targets", [])) - set(
            frame.get("phase", {}).get("attacked_hexes", [])) - {frame["target"]}
        # 19.1.6: a Two-Hex unit whose other half is still to be attacked fights on there
        retreated = [p for p in retreated if not (p in g.state.pieces and g.prop(p, "two_hex")
                                                  and ({g.loc(p), g.prop(p, "two_hex")} & pending))]
        for p in frame.get("attackers", []):
            if p in g.state.pieces and g.prop(p, "pa"):
                remove_pa(g, p)
        g.end({"fought": frame["target"], "units": frame.get("attackers", frame["units"]),
               "retreated": retreated, "av_used": frame.get("av_used", []),
               "naval_used": bool(frame.get("naval_choice"))})


def index_below_1_4(index: int) -> bool:
    return index < -3


def ammo_ok(frame: dict, who: str) -> bool:
    plan = frame.get(f"ammo_{who}") or {}
    choice = frame.get(f"ammo_choice_{who}")
    if choice == "truck":                                                   # 25.3
        return True
    if plan.get("limited"):
        return bool(choice)
    return bool(plan.get("ok", True))


def exclusions(g: Game, defenders: list[int], target: str, retreated: list[int]) -> list[int]:
    """9.2.5 A: must be excluded — units beyond the combat stacking limit (3.1.2), the units of
    all but one army, units that retreated earlier this phase (9.2); reading R17: the owner keeps
    the Forts, Fortresses and the strongest Forces (C: those never excluded) and excludes no CI or
    Demoralized Force by choice."""
    out = [p for p in defenders if p in retreated]
    rest = [p for p in defenders if p not in out]
    armies = {}
    for p in rest:
        if g.is_combat(p) or g.ut(p).artillery:
            armies.setdefault(g.army(p), []).append(p)
    if len(armies) > 1:
        keep = max(armies, key=lambda a: sum(g.size_of(p) for p in armies[a]))
        out += [p for a, ps in armies.items() if a != keep for p in ps]
        rest = [p for p in rest if p not in out]
    limit = combat_stack_limit(g, target)
    size = 0.0
    supports = 0
    rnd_in = False
    for p in sorted(rest, key=lambda p: (not g.is_formation(p), -g.value(p, "ds"), p)):
        t = g.ut(p)
        if t.fortress or t.fort:
            continue
        s = g.size_of(p)
        support = not g.is_formation(p)
        if g.state.pieces[p].type in RND:                  # 23.3.2: the RND counts as one Support unit
            if rnd_in:
                s, support = 0.0, False
            rnd_in = True
        if size + s > limit + 1e-9 or (support and supports >= MAX_SUPPORT):
            out.append(p)
            continue
        size += s
        supports += int(support)
    return out


def defender_av(g: Game, frame: dict, defenders: list[int], ammo: bool) -> tuple[int, list[int]]:
    """10.1.1: the defenders' AV plus available adjacent friendly AV: in a hex not attacked this
    phase, adjacent to the defending hex and to an attacking hex, of the defender's army; one
    Force or Fortress per hex (two if that hex is higher than the adjacent attacking hex); each
    unit once per phase."""
    target = frame["target"]
    side = ENEMY[frame["side"]]
    total = sum(force_av(g, f, target, None, ammo, defending_in=target) for f in forces_in(g, defenders))
    army = next((g.army(p) for p in defenders if g.army(p)), "")
    att_hexes = {g.loc(p) for p in frame["attackers"] if p in g.state.pieces}
    used = list(frame["phase"].get("av_used", []))
    other_targets = set(frame["phase"].get("other_targets", []))
    attacked = set(frame["phase"].get("attacked_hexes", [])) | other_targets
    new = []
    for n in g.board.all_nbrs.get(target, ()):
        if n in attacked or n == target:
            continue
        near_att = [h for h in att_hexes if h in g.board.all_nbrs.get(n, ())]
        if not near_att:
            continue
        units = [p for p in g.units_at(n) if g.side(p) == side and p not in used and
                 (army == "" or g.army(p) == army or g.ut(p).fortress)]
        if not units:
            continue
        higher = any(g.board.elev.get(n, 0) > g.board.elev.get(h, 0) for h in near_att)
        groups = forces_in(g, [p for p in units if not g.ut(p).fortress]) + [[p] for p in units if g.ut(p).fortress]
        groups.sort(key=lambda f: -sum(g.value(p, "av") for p in f))
        for f in groups[:2 if higher else 1]:
            total += force_av(g, f, n, None, True, defending_in=n)
            new += f
    return total, used + new


def two_hex_ecs(g: Game, frame: dict, units: list[int], drm: int) -> tuple[list[int], list[tuple[int, int]]]:
    """19.1.6: a Two-Hex unit attacked in both halves in one phase takes one EC with the worse
    DRM of the two combats: deferred from the first combat (global ``twohex_ec``), taken in the
    second. Returns (units checking with the group, (unit, DRM) checking on their own)."""
    phase = frame["phase"]
    pending = dict(g.get("twohex_ec") or {})
    target = frame["target"]
    normal, own = [], []
    for p in units:
        other_hex = g.prop(p, "two_hex")
        if other_hex:
            other_hex = other_hex if g.loc(p) == target else g.loc(p)
            if other_hex in phase.get("other_targets", []) and other_hex not in phase.get("attacked_hexes", []):
                pending[str(p)] = drm
                g.note(f"{g.unit_name(p)} is attacked in both its hexes: one EC after the second combat (19.1.6)")
                continue
            if str(p) in pending:
                own.append((p, max(drm, int(pending.pop(str(p))))))
                continue
        normal.append(p)
    g.set("twohex_ec", pending or None)
    return normal, own


def ec_group(g: Game, units: list[int], drm: int, where: str) -> dict:
    """10.2 / 10.3: one 2d6 roll for the group's hex, each Force against its CEL."""
    if not units:
        return {"line": {"who": "", "what": where}, "outcome": [], "retreats": {}}
    side = g.side(units[0])
    roll = g.roll(f"post-combat EC, {where}", "2d6")
    total = roll + drm
    outcome: list[str] = []
    retreats: dict[int, int] = {}
    for f in forces_in(g, [p for p in units if g.is_combat(p) or g.ut(p).artillery or g.ut(p).supply
                            or g.ut(p).hq or g.ut(p).fort]):
        cel, formation = force_cel(g, f)
        lead = formation if formation is not None else f[0]
        name = g.unit_name(lead)
        if total <= cel:
            outcome.append(f"{name} passes its EC ({total} against CEL {cel})")
            if formation is not None and g.ce(formation) >= 4:
                pass
            continue
        margin = total - cel
        fail = crt.ec_failure(margin)
        was_ci = formation is not None and g.ci(formation)
        if formation is not None:
            reduce_ce(g, formation, fail.levels, f"failed its EC by {margin} (10.3)")
        else:
            for p in f:                                  # 5.5.2: Support units take an SR instead
                strength_reduction(g, p, f"failed its EC by {margin} (5.5.2)")
        if fail.sr and formation is not None and formation in g.state.pieces:
            allocate_sr(g, [p for p in f if p in g.state.pieces], f"failed its EC by {margin} (10.3)", crt=False)
        hexes = fail.retreat
        if formation is not None and formation in g.state.pieces and (was_ci or g.ci(formation)):
            hexes += fail.extra_if_ci
        outcome.append(f"{name} fails its EC by {margin} ({total} against CEL {cel}): "
                       f"-{fail.levels} CE{', an SR' if fail.sr else ''}"
                       + (f", retreats {hexes}" if hexes else ""))
        if hexes:
            for p in f:
                if p in g.state.pieces and g.on_map(p):
                    retreats[p] = max(retreats.get(p, 0), hexes)
    line = {"who": side, "what": f"Efficiency Check, {where}", "dice": [roll], "shifts": [["EC modifier", drm]],
            "result": f"{roll} {drm:+d} = {total}"}
    return {"line": line, "outcome": outcome, "retreats": retreats}


def ec_fortress_alone(g: Game, forts: list[int], drm: int) -> dict:
    """12.2.1b: a Fortress not stacked with Combat units checks against CEL 11; failing, it flips."""
    roll = g.roll("Fortress EC", "2d6")
    total = roll + drm
    outcome = []
    for p in forts:
        if total > 11 and g.face(p) == 0:
            g.do(C.SetFace(p, 1))
            outcome.append(f"{g.unit_name(p)} fails its EC ({total} against 11): it loses its outer garrison")
        else:
            outcome.append(f"{g.unit_name(p)} passes its EC ({total} against 11)")
    line = {"who": g.side(forts[0]), "what": "Fortress Efficiency Check (12.2.1b)", "dice": [roll],
            "shifts": [["EC modifier", drm]], "result": f"{roll} {drm:+d} = {total}"}
    return {"line": line, "outcome": outcome, "retreats": {}}


# -- 13.3 Prep Bombardment ------------------------------------------------------------------------

def prep_possible(g: Game, frame: dict) -> int | None:
    """13.3: the German may Prep-bombard a printed-IP hex of the Paris or Antwerpen camps or
    around Nancy: an HQ with a Prep marker stacked with a division-size infantry unit whose PA
    points at the hex and with at least four Deployed 21 cm units (x2 count 2, METZ 4); limit 5
    (13.4)."""
    if frame["side"] != "german" or int(g.get("bombard_prep", 0)) <= 0:
        return None
    target = frame["target"]
    if target not in g.rules.prep_hexes or ip_level(g, target) < 2:
        return None
    for p in g.units_of("german"):
        if not g.ut(p).hq or g.prop(p, "prep") is None:
            continue
        h = g.loc(p)
        here = g.units_at(h)
        if not any(g.ut(q).infantry and g.ut(q).size in ("division",) and g.prop(q, "pa") == target for q in here):
            continue
        if prep_units(g, h)[0] >= 4:
            return p
    return None


def prep_units(g: Game, h: str) -> tuple[int, bool, list[int]]:
    """13.3.3: the Deployed 21 cm units (x2 count 2, METZ 4) and whether a 30.5 / 42 cm unit is
    in ``h`` to join a Prep Bombardment; 13.3.2: not a unit that bombarded a Fortress this phase."""
    count, heavy, units = 0, False, []
    phase = g.get("phase_id")
    for q in g.units_at(h):
        t = g.ut(q)
        if not ((t.siege and g.face(q) == 1) or (t.utype == "siege_marker" and t.attrs.get("calibre"))):
            continue
        if g.prop(q, BOMBARDED) is not None and g.prop(q, BOMBARDED) == phase:       # 13.3.2
            continue
        cal = str(t.attrs.get("calibre", ""))
        if cal == "21":
            count += 4 if t.name == "METZ" else int(t.attrs.get("guns", 1) or 1)
            units.append(q)
        elif cal in ("30.5", "42"):
            heavy = True
            units.append(q)
    return count, heavy, units


def resolve_prep(g: Game, frame: dict) -> None:
    """13.3.3: Prep limit -1; 1d6 +1 attacking uphill (+2 across an escarpment) on the column of
    21 cm units; column shifts right (none if a Fortress is in the hex), SR, +#E to the defender's
    EC; +1E more if a 30.5/42 cm unit joins."""
    hq = frame["prep_hq"]
    h = g.loc(hq)
    count, heavy, units = prep_units(g, h)
    g.set("bombard_prep", int(g.get("bombard_prep", 0)) - 1)
    target = frame["target"]
    drm = 0
    if uphill(g, h, target):
        drm = 2 if escarpment_up(g, h, target) else 1
    roll = g.roll("Prep Bombardment", "1d6")
    row = min(8, roll + drm)
    col = str(min(6, count))
    table = g.module.tables["prep_bombardment"]
    cell = str(table.lookup(row if row in table.rows.values else str(row), col))
    shift, s, e = 0, 0, 0
    if cell not in ("-", ""):
        parts = cell.split("+")
        shift = int(parts[0])
        for part in parts[1:]:
            if part == "s":
                s += 1
            elif part.endswith("E"):
                e += int(part[:-1] or 1)
    if heavy:
        extra = str(table.lookup(row if row in table.rows.values else str(row), "heavy"))
        if extra.startswith("+") and extra.endswith("E"):
            e += int(extra[1:-1] or 1)
    if any(g.ut(p).fortress for p in g.units_at(target)):
        shift = 0
    for q in units:
        g.set_prop(q, "prep_used", g.get("phase_id"))
    g.set_prop(hq, "prep", None)
    tag(g, hq, "Prep", None)
    g.update(prep_shift=shift, prep_e=e)
    if s:
        allocate_sr(g, [p for p in frame["defenders"] if p in g.state.pieces], "Prep Bombardment (13.3.4)", crt=False)
    g.note(f"Prep Bombardment: {roll}{drm:+d} on the {col} column: {cell}" + (" (+1E heavy)" if heavy else "")
           + (" — shifts ignored: a Fortress is in the hex" if any(g.ut(p).fortress for p in g.units_at(target)) else ""))


# -- push-back (7.4) ------------------------------------------------------------------------------

def resolve_push_back(g: Game, units: list[int], frm: str, target: str, during: str) -> bool:
    """7.4.3: strengths and shifts as for combat; 3:1, 4:1, 6:1: roll the CRT, success on a
    black-circle retreat; 8:1 automatic; below 3:1 failure. 7.4.4 success: the defenders retreat 2
    hexes (a Fortress flips) and take an EC at +1; 7.4.5 failure: an unmodified EC for the pushing
    Force, which moves no further (in movement) or goes on retreating."""
    side = g.side(units[0])
    enemy = ENEMY[side]
    defenders = [p for p in g.units_at(target) if g.side(p) == enemy]
    excluded = exclusions(g, defenders, target, [])                  # 7.4.3 as in combat, 9.2.5
    att = force_attack_strength(g, units, frm, target, True)
    dfn = group_defense_strength(g, [p for p in defenders if not (g.ut(p).fortress and g.face(p) == 1)
                                     and p not in excluded], target)
    index = crt.odds_index(att, dfn)
    forces = [(frm, units)]
    fortress_alone = bool(defenders) and all(g.ut(p).fortress for p in defenders)
    shifts = column_shifts(g, forces, defenders, target, side, flanked(g, units, defenders, target, side), fortress_alone)
    final = index + sum(s for _, s in shifts)
    drm = pr_drm(g, units, defenders, target, [frm])
    lines = [{"who": side, "what": f"Push-back: {att:g} against {dfn:g}", "table": "crt",
              "column": crt.column(final), "shifts": [list(s) for s in shifts],
              "result": f"initial {crt.odds_text(index)}, final {crt.odds_text(final)}"}]
    success = False
    if final >= 5:
        success = True
        lines.append({"who": side, "what": "8:1: automatic success (7.4.3)"})
    elif final >= 2:
        white = g.roll("Push-back white die", "1white")
        black = g.roll("Push-back black die", "1black")
        reading = crt.read_crt(g.module, final, white, black, drm)
        success = reading.retreat in ("1b", "2b")
        lines.append({"who": side, "what": "Push-back roll on the CRT (7.4.3)", "table": "crt",
                      "column": reading.column, "row": str(reading.white_modified), "dice": [white, black],
                      "result": reading.printed + (": a black-circle retreat, success" if success else ": failure")})
    else:
        lines.append({"who": side, "what": "below 3:1: automatic failure (7.4.5)"})
    report = {"title": f"Push-back on {g.hexname(target)}", "attacker": side, "defender": enemy,
              "stage": "resolved", "lines": lines, "outcome": []}
    if success:
        for p in defenders:
            if g.ut(p).fortress and g.face(p) == 0:
                g.do(C.SetFace(p, 1))
        movers = [p for p in defenders if not g.ut(p).fortress]
        report["outcome"].append("success: the defenders retreat 2 hexes and check at +1 (7.4.4)")
        g.report_combat(report)
        if movers:
            checked = [p for p in movers if p not in excluded]          # 7.4.6: the excluded only retreat
            if checked:
                ec_group(g, checked, 1, f"pushed-back units at {g.hexname(target)}")
            g.call("retreat_queue", side=enemy, groups=[{"hex": target, "hexes": 2, "units": movers}],
                   origin=frm, done=[])                 # 7.4.7: the pusher's move-in is Force.resume
        return True
    report["outcome"].append("failure (7.4.5)")
    g.report_combat(report)
    res = ec_group(g, units, 0, "the pushing Force")
    if during == "movement" and g.top is not None and g.top.get("state") == "force":
        g.update(stuck=True)
    return False


# -- decisions inside a battle --------------------------------------------------------------------

class Intensity(Decision):
    """9.8: each side declares its intensity, the attacker first."""
    name = "intensity"
    rule = "9.8"

    def ask(self, g: Game, frame: dict) -> str:
        return f"as {frame['who']} at {g.hexname(frame['target'])}, fight Intense or not (9.8)?"

    def actions(self, g: Game, frame: dict):
        yield self.offer("intense", frame["side"])
        yield self.offer("normal", frame["side"])

    def on_intense(self, g: Game, frame: dict) -> None:
        """Intense"""
        g.note(f"{g.side_name(frame['side'])} declares Intense combat")
        g.end(True)

    def on_normal(self, g: Game, frame: dict) -> None:
        """Not Intense"""
        g.end(False)


class AmmoChoice(Decision):
    """9.4: supplying Ammo is voluntary; asked when its use is recorded (Extended mode, Ammo
    Shortage, Base Transfer: 9.4.2) or when a German Truck marker may supply it (25.3)."""
    name = "ammo_choice"
    rule = "9.4"

    def _plan(self, g: Game, frame: dict) -> dict:
        battle = next(f for f in reversed(g.stack) if f["state"] == "battle")
        return battle.get(f"ammo_{frame['who']}", {})

    def ask(self, g: Game, frame: dict) -> str:
        plan = self._plan(g, frame)
        truck = plan.get("truck")
        by_truck = f", by the Truck of {g.unit_name(truck)} (25.3: not counted)" if truck is not None else ""
        if not plan.get("limited"):
            return f"supply Ammo to your {frame['who']}s at {g.hexname(frame['target'])}{by_truck} or fight at half " \
                   f"strength (9.4)?"
        return f"supply Ammo to your {frame['who']}s at {g.hexname(frame['target'])} ({frame['need']} increments, " \
               f"recorded){by_truck} or fight at half strength (9.4)?"

    def actions(self, g: Game, frame: dict):
        plan = self._plan(g, frame)
        if plan.get("limited"):
            yield self.offer("supply", frame["side"])
        if plan.get("truck") is not None:
            yield self.offer("truck", frame["side"])
        yield self.offer("save", frame["side"])

    def on_truck(self, g: Game, frame: dict) -> None:
        """Supply Ammo by Truck"""
        supply.use_truck(g, int(self._plan(g, frame)["truck"]))
        g.end("truck")

    def on_supply(self, g: Game, frame: dict) -> None:
        """Supply Ammo"""
        battle = next(f for f in reversed(g.stack) if f["state"] == "battle")
        supply.record_ammo(g, battle.get(f"ammo_{frame['who']}", {}))
        g.end(True)

    def on_save(self, g: Game, frame: dict) -> None:
        """Save the Ammo"""
        g.end(False)


class PrepChoice(Decision):
    """13.3: Prep-bombard the hex before this attack?"""
    name = "prep_choice"
    rule = "13.3"

    def ask(self, g: Game, frame: dict) -> str:
        return f"Prep-bombard {g.hexname(frame['target'])} before the attack ({g.get('bombard_prep', 0)} left)?"

    def actions(self, g: Game, frame: dict):
        yield self.offer("prep", frame["side"])
        yield self.offer("no_prep", frame["side"])

    def on_prep(self, g: Game, frame: dict) -> None:
        """Prep Bombardment"""
        g.end(True)

    def on_no_prep(self, g: Game, frame: dict) -> None:
        """No Prep Bombardment"""
        g.end(False)


class NavalChoice(Decision):
    """21.2: British Naval Support for a defender in a Coastal hex, once per attack phase."""
    name = "naval_choice"
    rule = "21.2"

    def ask(self, g: Game, frame: dict) -> str:
        return f"call British Naval Support (2 columns left) for {g.hexname(frame['target'])}? Once per attack phase"

    def actions(self, g: Game, frame: dict):
        yield self.offer("naval_support", frame["side"])
        yield self.offer("no_support", frame["side"])

    def on_naval_support(self, g: Game, frame: dict) -> None:
        """Naval Support"""
        g.end(True)

    def on_no_support(self, g: Game, frame: dict) -> None:
        """No Naval Support"""
        g.end(False)


class AllocateSR(Decision):
    """9.10.1: the owner decides which unit takes the Strength Reduction."""
    name = "allocate_sr"
    rule = "9.10.1"
    lines = {"reduce": "{unit} takes the Strength Reduction"}

    def ask(self, g: Game, frame: dict) -> str:
        return "choose the unit that takes a Strength Reduction (9.10.1)"

    def actions(self, g: Game, frame: dict):
        for p in frame["candidates"]:
            if p in g.state.pieces:
                yield self.offer("reduce", frame["side"], unit=p)

    def on_reduce(self, g: Game, frame: dict, unit: Piece) -> None:
        """This unit takes the SR"""
        strength_reduction(g, int(unit), "CRT result (9.10)" if frame["crt"] else "intensity (9.8.2)", crt=frame["crt"])
        g.end(int(unit))
