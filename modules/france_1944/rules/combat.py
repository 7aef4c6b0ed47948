"""Combat (8.0, 9.1–9.6, 3.10, 11.5, 4.9, 12.10): declaring an attack, the combat type, air
support, the lead units and their morale, the morale d6 and the custom hit die of each side, the
Combat Matrix and the step losses. Retreat and advance are in :mod:`.retreat`.

The combat in progress is the public global ``f44_combat``; the report both players see is
written with ``g.report_combat`` when the attack is declared and when it is resolved.

Reconstructed data the combat reads (PROVENANCE.md): the Combat Matrix's hit modifiers and
which diagonal is Standoff and which Stalemate (``combat_matrix``), how strength totals change
hits (``combat_strength``), the terrain morale modifiers (``terrain_effects``).
"""
from __future__ import annotations

import math

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure, State
from engine.rules import Prompt, Violation

from . import activation, board, retreat, rhine, supply
from .activation import act, attack_target_refusal, attacker_refusal, set_act
from .board import position
from .game import OUT_OF_PLAY, Game, other
from .losses import combat, set_combat, start_losses, become_tested
from .settle import settle

HQ_BONUS = 3          # 4.9
HIT_DIE = "1hit"      # the module's custom die: faces 1,1,1,2,2,3 (9.5)
MORALE_DIE = "1d6"


def defending_units(g: Game, hexes, side: str) -> list[int]:
    pos = position(g)
    return [p for h in hexes for p in pos.combat(side, h)]


# -- 9.1 combat type -----------------------------------------------------------------------------------
def features(g: Game, h: str) -> list[str]:
    """The Terrain Effects Chart rows a hex shows (9.4): its terrain and its city, fortress or
    West Wall."""
    facts = g.facts
    out = [facts.terrain(h)]
    if h in facts.cities:
        out.append("city")
    if h in facts.fortresses:
        out.append("fortress")
    if h in facts.west_wall:
        out.append("west_wall")
    return out


def crossed(g: Game, attackers, defenders) -> list[str]:
    """Hexside rows attackers attack across: ``rhine_hexside`` / ``river_hexside`` (a river an
    airdrop makes the Allies ignore does not count, 12.3)."""
    facts = g.facts
    out = []
    for p in attackers:
        h = g.where(p)
        for d in defenders:
            if d not in facts.neighbours.get(h, ()):
                continue
            if facts.is_rhine(h, d):
                out.append("rhine_hexside")
            elif facts.river(h, d) and not g.rules.hooks.any("river_ignored", g, g.side_of(p), h, d):
                out.append("river_hexside")
    return sorted(set(out))


def forces_setpiece(g: Game, row: str) -> bool:
    t = g.table("terrain_effects")
    if row not in t.rows.values:
        return True
    return str(t.lookup(row, "forces_setpiece")).lower() == "true"


def combat_type(g: Game, attackers, defenders, def_side: str) -> tuple[str, str]:
    """9.1: Mobile when every attacker entered its hex in the immediately preceding increment
    of this phase (by movement or advance after combat), no attacker attacks across a river and
    every defending hex is open terrain without city or fortress (reading R9.1: nor any other
    feature the chart marks as forcing Set-piece); or when the defending hex is a city or
    fortress on clear terrain into which a defender retreated in the previous increment and
    every attacker advanced after combat into its hex in that increment (and no river).
    Otherwise Set-piece. Returns (type, reason)."""
    a = act(g)
    prev = [a["phase_no"], a["inc_no"] - 1]
    entries = [g.prop(p, "entered") or [0, 0, ""] for p in attackers]
    fresh = all(list(e[:2]) == prev and e[2] in ("move", "advance") for e in entries)
    rivers = crossed(g, attackers, defenders)
    if not fresh:
        return "setpiece", ("first increment of the phase" if a["inc_no"] <= 1
                            else "not every attacker entered its hex in the previous increment")
    if rivers:
        return "setpiece", "attacking across a river"
    rows = [r for d in defenders for r in features(g, d)]
    if not any(forces_setpiece(g, r) for r in rows):
        return "mobile", "every attacker arrived in the previous increment; open terrain"
    advanced = all(list(e[:2]) == prev and e[2] == "advance" for e in entries)
    retreated = any((lambda e: list(e[:2]) == prev and e[2] == "retreat")(g.prop(p, "entered") or [0, 0, ""])
                    for p in defending_units(g, defenders, def_side))
    strongpoint = all(g.facts.terrain(d) == "clear" and (d in g.facts.cities or d in g.facts.fortresses)
                      and not any(forces_setpiece(g, r) for r in features(g, d)
                                  if r not in ("clear", "city", "fortress"))
                      for d in defenders)
    if strongpoint and advanced and retreated:
        return "mobile", "defenders just retreated into the city or fortress, attackers advanced after combat"
    return "setpiece", "the defender's terrain forces Set-piece combat"


# -- 9.4 morale ------------------------------------------------------------------------------------------
def terrain_row(g: Game, defenders, attackers, ctype: str) -> tuple[str, int, int]:
    """9.4: the terrain most favourable to the defender among the defending hexes' terrain and
    features and the hexsides attacked across (effects never cumulative): (row, attacker
    morale change, defender morale change)."""
    t = g.table("terrain_effects")
    rows = [r for d in defenders for r in features(g, d)] + crossed(g, attackers, defenders)
    best = None
    for r in rows:
        if r not in t.rows.values:
            continue
        am = int(t.lookup(r, f"{ctype}_attacker"))
        dm = int(t.lookup(r, f"{ctype}_defender"))
        key = dm - am
        if best is None or key > best[0]:
            best = (key, r, am, dm)
    if best is None:
        return "clear", 0, 0
    return best[1], best[2], best[3]


def air_mods(g: Game, air: str, ctype: str, att_side: str) -> tuple[int, int]:
    """9.4: (Allied lead attacker change, German lead defender change) from an air marker."""
    if not air or att_side != "allied":
        return 0, 0
    row = g.row("air_support", "tactical_air" if air == "tactical" else "heavy_bomber")
    if ctype == "setpiece":
        return 0, int(row["setpiece_german_lead"])
    return int(row["mobile_allied_lead"]), int(row["mobile_german_lead"])


# -- strengths (3.8, 4.9, 11.5) ---------------------------------------------------------------------------
def attack_hq(g: Game, attackers) -> int | None:
    """4.9: the Activated HQ adds +3 to an attack when it is stacked with an attacking unit it
    could command (an Allied HQ by nationality, 4.5)."""
    hq = act(g).get("hq")
    if hq is None or not board.on_map(g, hq) or g.face(hq) != 0:
        return None
    at = g.where(hq)
    if any(g.where(p) == at and supply.may_command(g, hq, p) for p in attackers):
        return hq
    return None


def defence_hq(g: Game, units) -> int | None:
    """4.9, 11.5: one supplied HQ stacked with the defenders adds +3 (an Allied HQ only with a
    unit it could command in its stack; an HQ found out of supply gives nothing)."""
    pos = position(g)
    for p in units:
        h = g.where(p)
        side = g.side_of(p)
        for hq in pos.hqs[side].get(h, []):
            if supply.hq_in_supply(g, hq) and any(supply.may_command(g, hq, u) for u in pos.combat(side, h)):
                return hq
    return None


def strengths(g: Game, c: dict) -> dict:
    """The strength totals the matrix compares (3.8: the type's strength of each unit; cadres
    1, 3.2; +3 for an HQ, 4.9; an out-of-supply Single-Unit Reaction attacker at half, and the
    out-of-supply defenders' sum halved, rounded up, 11.5)."""
    key = c["type"]
    att = 0
    for p in c["attackers"]:
        v = int(g.value(p, key) or 0)
        if p in act(g).get("oos", []):
            v = math.ceil(v / 2)
        att += v
    hq = attack_hq(g, c["attackers"])
    att_bonus = HQ_BONUS if hq is not None else 0
    good = oos = 0
    for p in c["def_units"]:
        v = int(g.value(p, key) or 0)
        if p in c["def_oos"]:
            oos += v
        else:
            good += v
    dfn = good + math.ceil(oos / 2)
    dhq = defence_hq(g, c["def_units"])
    def_bonus = HQ_BONUS if dhq is not None else 0
    return {"attack": att + att_bonus, "defence": dfn + def_bonus, "att_hq": hq, "def_hq": dhq,
            "oos_halved": bool(c["def_oos"])}


def ratio_row(att: int, dfn: int) -> str:
    """The reconstructed strength comparison, rounded in the defender's favour."""
    if dfn <= 0 or att >= 3 * dfn:
        return "3:1+"
    if att >= 2 * dfn:
        return "2:1"
    if att >= dfn:
        return "1:1"
    if 2 * att >= dfn:
        return "1:2"
    return "1:3-"


# -- declaring the attack (8.0, 9.2, 9.3) -------------------------------------------------------------------
def air_refusal(g: Game, frame: dict, kind: str) -> Violation | None:
    """9.2: when an air marker may join this combat."""
    a = act(g)
    if a["side"] != "allied":
        return Violation(g.cite("9.2"), "air support is the Allies' when they attack")
    if frame.get("air"):
        return Violation(g.cite("9.2"), "one air marker a combat")
    if not g.get("air_available"):
        return Violation(g.cite("9.2"), "no air support this turn (2.0 step 3)")
    if kind == "tactical":
        if a.get("air") == "heavy":
            return Violation(g.cite("9.2"), "no Tactical Air in an increment that used a Heavy Bomber")
        if not available_marker(g, "M-TAC"):
            return Violation(g.cite("9.2"), "no Tactical Air marker available in England")
        return None
    if kind == "heavy":
        if a.get("air") == "tactical":
            return Violation(g.cite("9.2"), "no Heavy Bomber in an increment that used Tactical Air")
        if g.get("f44_hb_draw") == g.get("f44_draw"):
            return Violation(g.cite("9.2"), "the other Heavy Bomber was used since this Initiative chit was drawn")
        if not available_marker(g, "M-HB"):
            return Violation(g.cite("9.2"), "no Heavy Bomber left in England")
        return None
    return Violation(g.cite("9.2"), "air support is tactical or heavy")


def available_marker(g: Game, type_id: str) -> int | None:
    for pid in g.pieces_of(type_id, "england_air"):
        if g.face(pid) == 0:
            return pid
    return None


class AttackBuild(State):
    """8.0: the attacker names the defending hex (one or two), adds attacking units — each
    adjacent to every defending hex — and air support (9.2), then resolves, naming the lead
    unit whose morale counts (9.3)."""
    name = "attack_build"
    rule = "8.0"
    hostile = frozenset({"add_hex"})

    def begin(self, g: Game, frame: dict) -> None:
        preview(g, frame)

    def prompt(self, g: Game, frame: dict) -> Prompt:
        a = act(g)
        hexes = " and ".join(g.hex_name(h) for h in frame["defenders"])
        n = len(frame["attackers"])
        return Prompt(a["side"], "attack",
                      f"{g.side_word(a['side'])}: attack on {hexes} — add attacking units "
                      f"({n} so far), a second defending hex or air support, then resolve choosing "
                      f"the lead unit (8.0, 9.2, 9.3)")

    def actions(self, g: Game, frame: dict):
        a = act(g)
        side = a["side"]
        for p in activation.commanded(g):
            if p not in frame["attackers"] and self.check_add(g, frame, p) is None:
                yield self.offer("add", side, unit=p)
        if len(frame["defenders"]) == 1:
            facts = g.facts
            for h in facts.neighbours.get(frame["defenders"][0], ()):
                if self.check_add_hex(g, frame, h) is None:
                    yield self.offer("add_hex", side, hex=h)
        if side == "allied":
            for kind in ("tactical", "heavy"):
                if air_refusal(g, frame, kind) is None:
                    yield self.offer("air", side, kind=kind)
        for p in frame["attackers"]:
            yield self.offer("resolve", side, lead=p)
        yield self.offer("cancel", side)

    def check_add(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in g.state.pieces:
            return Violation(g.cite("8.0"), "no such unit")
        if unit in frame["attackers"]:
            return Violation(g.cite("8.0"), f"{g.name(unit)} is already attacking")
        for d in frame["defenders"]:
            why = attacker_refusal(g, unit, d)
            if why is not None:
                return why
        return None

    def check_add_hex(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if len(frame["defenders"]) >= 2 or hex in frame["defenders"]:
            return Violation(g.cite("8.0"), "an attack is on one or two defending hexes")
        first = frame["defenders"][0]
        if hex not in g.facts.neighbours.get(first, ()):
            return Violation(g.cite("8.0"), "two defending hexes must be adjacent (reading R8.0)")
        why = attack_target_refusal(g, hex)
        if why is not None:
            return why
        for p in frame["attackers"]:
            why = attacker_refusal(g, p, hex)
            if why is not None:
                return Violation(why.rule, f"every attacker must be able to attack both hexes: {why.message}")
        return None

    def check_air(self, g: Game, frame: dict, kind: str) -> Violation | None:
        return air_refusal(g, frame, kind)

    def check_resolve(self, g: Game, frame: dict, lead: Piece) -> Violation | None:
        if lead not in frame["attackers"]:
            return Violation(g.cite("9.3"), "the lead unit is one of the attacking units")
        return None

    def on_add(self, g: Game, frame: dict, unit: Piece) -> None:
        """Add to the attack"""
        g.update(attackers=frame["attackers"] + [unit])
        preview(g, g.top)

    def on_add_hex(self, g: Game, frame: dict, hex: Loc) -> None:
        """Also attack this hex"""
        g.update(defenders=frame["defenders"] + [hex])
        preview(g, g.top)

    def on_air(self, g: Game, frame: dict, kind: str) -> None:
        """Add air support"""
        g.update(air=kind)
        preview(g, g.top)

    def on_cancel(self, g: Game, frame: dict) -> None:
        """Call off the attack"""
        g.set("combat_report", None)            # an attack called off withdraws its report
        g.end()

    def on_resolve(self, g: Game, frame: dict, lead: Piece) -> None:
        """Resolve with this lead unit"""
        a = act(g)
        side = a["side"]
        enemy = other(side)
        attackers = list(frame["attackers"])
        defenders = list(frame["defenders"])
        def_units = defending_units(g, defenders, enemy)
        ctype, why = combat_type(g, attackers, defenders, enemy)
        air = frame.get("air", "")
        marker = None
        if air:
            marker = available_marker(g, "M-TAC" if air == "tactical" else "M-HB")
            g.do(C.Move(marker, defenders[0]))
            set_act(g, air=air)
            if air == "heavy":
                g.set("f44_hb_draw", g.get("f44_draw"))
        set_act(g, attackers=act(g)["attackers"] + attackers, defenders=act(g)["defenders"] + def_units)
        c = {"attacker": side, "defender": enemy, "attackers": attackers, "defenders": defenders,
             "def_units": def_units, "type": ctype, "type_why": why, "air": air, "air_marker": marker,
             "lead_att": lead, "lead_def": def_units[0] if len(def_units) == 1 else None,
             "def_oos": [], "amphibious": any(g.facts.is_rhine(g.where(p), d) and not rhine.crossable(g, g.where(p), d)
                                             for p in attackers for d in defenders),
             "att_lost": 0, "def_lost": 0}
        g.set("f44_combat", c)
        g.note(f"{g.side_word(side)} attacks {' and '.join(g.hex_name(h) for h in defenders)} with "
               f"{g.names(attackers)}: {'Mobile' if ctype == 'mobile' else 'Set-piece'} combat ({why})")
        report(g, "declared")
        g.goto("combat")

    def describe(self, g: Game, frame: dict, action) -> str | None:
        who = g.who(action.side)
        if action.verb == "add":
            return f"{who}: {g.name(action['unit'])} joins the attack"
        if action.verb == "add_hex":
            return f"{who}: the attack also takes in {g.hex_name(action['hex'])}"
        if action.verb == "air":
            return f"{who}: {'Tactical Air' if action['kind'] == 'tactical' else 'Heavy Bomber'} supports the attack"
        if action.verb == "resolve":
            return f"{who}: resolve the attack, {g.name(action['lead'])} leading"
        return None


class DefenderLead(State):
    """9.3: the defender names the defending unit whose morale counts (it takes the first
    step loss, 9.6)."""
    name = "defender_lead"
    rule = "9.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        return Prompt(c["defender"], "lead_unit",
                      f"{g.side_word(c['defender'])}: choose the lead defending unit — its morale counts "
                      f"and it takes the first step loss (9.3)")

    def actions(self, g: Game, frame: dict):
        c = combat(g)
        for p in c["def_units"]:
            yield self.offer("lead", c["defender"], unit=p)

    def on_lead(self, g: Game, frame: dict, unit: Piece) -> None:
        """Lead the defence"""
        set_combat(g, lead_def=unit)
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        return f"{g.who(action.side)}: {g.name(action['unit'])} leads the defence"


class Advantage(State):
    """12.10 (optional): the holder of the Operational Advantage marker may have the combat's
    dice rolled again; the new roll stands, and the marker passes to the opponent, usable from
    the next turn."""
    name = "advantage"
    rule = "12.10"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        holder = (g.get("f44_advantage") or {}).get("holder", "")
        d = c["dice"]
        return Prompt(holder, "advantage",
                      f"{g.side_word(holder)}: the dice show {g.side_word(c['attacker'])} morale {d[0]} and "
                      f"{d[1]} hit(s), {g.side_word(c['defender'])} morale {d[2]} and {d[3]} hit(s) — play "
                      f"the Operational Advantage to roll them again (12.10), or keep them")

    def actions(self, g: Game, frame: dict):
        holder = (g.get("f44_advantage") or {}).get("holder", "")
        yield self.offer("reroll", holder)
        yield self.offer("keep", holder)

    def on_reroll(self, g: Game, frame: dict) -> None:
        """Play the Operational Advantage: roll again"""
        adv = dict(g.get("f44_advantage") or {})
        holder = adv["holder"]
        nxt = other(holder)
        g.set("f44_advantage", {"holder": nxt, "from_turn": g.turn + 1})
        g.note(f"{g.side_word(holder)} plays the Operational Advantage: the combat dice are rolled again; "
               f"the marker passes to the {g.side_word(nxt)} player from next turn (12.10)")
        if g.turn + 1 <= 11:
            g.move_marker("M-ADV", f"turn_{nxt}_{g.turn + 1}")
        roll_combat_dice(g)
        g.end()

    def on_keep(self, g: Game, frame: dict) -> None:
        """Keep the dice"""
        g.end()


def advantage_ready(g: Game) -> str:
    """The side that may play the Operational Advantage now ("" if none)."""
    if g.option("operational_advantage") != "on":
        return ""
    adv = g.get("f44_advantage") or {}
    if adv.get("holder") and g.turn >= int(adv.get("from_turn", 1)):
        return adv["holder"]
    return ""


def roll_combat_dice(g: Game) -> None:
    """9.5: each player rolls a d6 (morale) and his custom hit die."""
    c = combat(g)
    aw, dw = g.side_word(c["attacker"]), g.side_word(c["defender"])
    d = [g.roll(f"{aw} morale check", MORALE_DIE), g.roll(f"{aw} hits", HIT_DIE),
         g.roll(f"{dw} morale check", MORALE_DIE), g.roll(f"{dw} hits", HIT_DIE)]
    set_combat(g, dice=d)


class Combat(Procedure):
    """9.3–9.8 in order: the defender's lead unit, the defenders' supply (11.5), morale, the
    dice, the matrix, losses, retreat, advance."""
    name = "combat"
    steps = ("lead", "prepare", "dice", "advantage", "outcome", "retreat_choice", "attacker_losses",
             "defender_losses", "retreats", "untested", "advance", "finish")

    def lead(self, g: Game, frame: dict) -> None:
        if combat(g)["lead_def"] is None:
            g.call("defender_lead")

    def prepare(self, g: Game, frame: dict) -> None:
        """11.5 case 2: the defenders' supply is checked now; a unit found out of supply
        defends at half strength (summed first), one found in supply loses its marker."""
        c = combat(g)
        oos = [p for p in c["def_units"] if not supply.check_supply(g, p)]
        set_combat(g, def_oos=oos)
        c = combat(g)
        s = strengths(g, c)
        ctype = c["type"]
        row, am, dm = terrain_row(g, c["defenders"], c["attackers"], ctype)
        air_a, air_d = air_mods(g, c["air"], ctype, c["attacker"])
        lead_a, lead_d = c["lead_att"], c["lead_def"]
        att_m = int(g.value(lead_a, "morale") or 0) + am + air_a
        def_m = int(g.value(lead_d, "morale") or 0) + dm + air_d
        shifts_a = [[f"terrain: {row}", am]] if am else []
        shifts_d = [[f"terrain: {row}", dm]] if dm else []
        air_name = {"tactical": "Tactical Air", "heavy": "Heavy Bomber"}.get(c["air"], "")
        if air_a:
            shifts_a.append([air_name, air_a])
        if air_d:
            shifts_d.append([air_name, air_d])
        set_combat(g, strength=s, terrain=row, morale=[att_m, def_m], shifts=[shifts_a, shifts_d],
                   ratio=ratio_row(s["attack"], s["defence"]))

    def dice(self, g: Game, frame: dict) -> None:
        roll_combat_dice(g)

    def advantage(self, g: Game, frame: dict) -> None:
        if advantage_ready(g):
            g.call("advantage")

    def outcome(self, g: Game, frame: dict) -> None:
        """9.5, 9.6: pass when the d6 is at most the modified morale; cross the results in the
        matrix; each side's hits are its own hit die plus the matrix and strength modifiers."""
        c = combat(g)
        ad6, ahit, dd6, dhit = c["dice"]
        att_pass = ad6 <= c["morale"][0]
        def_pass = dd6 <= c["morale"][1]
        case = f"{c['type']}:{'pass' if att_pass else 'fail'}:{'pass' if def_pass else 'fail'}"
        m = g.row("combat_matrix", case)
        s = g.row("combat_strength", c["ratio"])
        att_hits = max(0, ahit + int(m["attacker_hits"]) + int(s["attacker_hits"]))
        def_hits = max(0, dhit + int(m["defender_hits"]) + int(s["defender_hits"]))
        set_combat(g, case=case, result=str(m["outcome"]), retreat=str(m["defender_retreat"]),
                   att_hits=att_hits, def_hits=def_hits, att_pass=att_pass, def_pass=def_pass,
                   mods=[[int(m["attacker_hits"]), int(s["attacker_hits"])],
                         [int(m["defender_hits"]), int(s["defender_hits"])]])
        g.note(f"{m['outcome']}: {g.side_word(c['attacker'])} {'passes' if att_pass else 'fails'} "
               f"its morale check ({ad6} against {c['morale'][0]}), {g.side_word(c['defender'])} "
               f"{'passes' if def_pass else 'fails'} ({dd6} against {c['morale'][1]}); hits "
               f"{att_hits} to the attacker, {def_hits} to the defender; the defender "
               f"{'may' if m['defender_retreat'] == 'may' else 'must'} retreat (9.6)")

    def retreat_choice(self, g: Game, frame: dict) -> None:
        c = combat(g)
        if c["retreat"] == "may":
            set_combat(g, retreating=False)
            if retreat_feasible(g):
                g.call("retreat_choice")
        else:
            set_combat(g, retreating=True)

    def attacker_losses(self, g: Game, frame: dict) -> None:
        c = combat(g)
        start_losses(g, c["attacker"], c["att_hits"], c["attackers"], c["lead_att"], "att_lost")

    def defender_losses(self, g: Game, frame: dict) -> None:
        c = combat(g)
        hits = c["def_hits"]
        if c["retreat"] == "may" and c.get("retreating"):
            hits = max(0, hits - 1)                      # 9.7: a voluntary retreat saves one step
        start_losses(g, c["defender"], hits, c["def_units"], c["lead_def"], "def_lost")

    def retreats(self, g: Game, frame: dict) -> None:
        c = combat(g)
        if not c.get("retreating"):
            return
        queue = [h for h in c["defenders"] if position(g).combat(c["defender"], h)]
        if queue:
            g.call("retreat", queue=queue)

    def untested(self, g: Game, frame: dict) -> None:
        """3.10: an untested attacker becomes tested when the attacked hex is vacated; an
        untested defender when the attacker lost two steps or more."""
        c = combat(g)
        pos = position(g)
        vacated = [h for h in c["defenders"] if not pos.combat(c["defender"], h)]
        set_combat(g, vacated=vacated)
        if vacated:
            for p in c["attackers"]:
                if board.on_map(g, p) and g.untested(p):
                    become_tested(g, p, "its attack cleared the hex")
        if c.get("att_lost", 0) >= 2:
            for p in c["def_units"]:
                if board.on_map(g, p) and g.untested(p):
                    become_tested(g, p, "the attacker lost two steps")

    def advance(self, g: Game, frame: dict) -> None:
        c = combat(g)
        movers = [p for p in c["attackers"] if board.on_map(g, p)]
        if c.get("vacated") and movers:
            g.call("advance")

    def finish(self, g: Game, frame: dict) -> None:
        c = combat(g)
        marker = c.get("air_marker")
        if marker is not None:
            if c["air"] == "tactical":
                g.do(C.Move(marker, "england_air"))      # 9.2: back to its box, available side
            else:
                g.do(C.Move(marker, OUT_OF_PLAY))        # 9.2: a Heavy Bomber is used once a game
        report(g, "resolved")
        g.set("f44_combat", None)
        settle(g)
        g.end()


class RetreatChoice(State):
    """9.5, 9.7: a defender who passed his morale check may retreat (and lose one step less)
    or stand."""
    name = "retreat_choice"
    rule = "9.7"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        return Prompt(c["defender"], "retreat_choice",
                      f"{g.side_word(c['defender'])}: {c['result']} — {c['def_hits']} hit(s). Retreat "
                      f"2 or 3 hexes and lose one step less, or stand (9.7)")

    def actions(self, g: Game, frame: dict):
        side = combat(g)["defender"]
        yield self.offer("retreat", side)
        yield self.offer("stand", side)

    def on_retreat(self, g: Game, frame: dict) -> None:
        """Retreat (one step less)"""
        set_combat(g, retreating=True)
        g.end()

    def on_stand(self, g: Game, frame: dict) -> None:
        """Stand"""
        set_combat(g, retreating=False)
        g.end()


# -- retreat feasibility (used before the voluntary-retreat choice) -----------------------------------------
def retreat_feasible(g: Game) -> bool:
    """9.7: may every defending group retreat? (A voluntary retreat is offered only then; a
    group can only shrink before it retreats, so it stays possible.)"""
    c = combat(g)
    pos = position(g)
    for h in c["defenders"]:
        group = pos.combat(c["defender"], h)
        if group and not retreat.retreat_paths(g, h, group, attack_hexes(g)):
            return False
    return True


def attack_hexes(g: Game) -> list[str]:
    return sorted({g.where(p) for p in combat(g)["attackers"] if board.on_map(g, p)})


# -- the combat report (engine.reports) ---------------------------------------------------------------------
def preview(g: Game, frame: dict) -> None:
    """The report of an attack being declared (8.0): defending hexes, attackers and their
    strength so far, the combat type they would fight, air support — before any dice."""
    a = act(g)
    side, enemy = a["side"], other(a["side"])
    attackers, defenders = list(frame["attackers"]), list(frame["defenders"])
    lines = []
    if attackers:
        ctype, why = combat_type(g, attackers, defenders, enemy)
        column = "Mobile" if ctype == "mobile" else "Set-piece"
        strength = sum(int(g.value(p, ctype) or 0) for p in attackers)
        lines.append({"who": side, "what": f"{column} combat: {why}", "table": "combat_matrix",
                      "column": column, "shifts": []})
        lines.append({"who": side, "what": f"attacking strength {strength} ({g.names(attackers)})"})
    if frame.get("air"):
        lines.append({"who": side, "what": "air support: " + ("Tactical Air" if frame["air"] == "tactical"
                                                               else "Heavy Bomber")})
    g.report_combat({"title": f"Attack on {' and '.join(g.hex_name(h) for h in defenders)}",
                     "attacker": side, "defender": enemy, "stage": "declared", "lines": lines,
                     "outcome": [f"{g.side_word(side)} is declaring the attack"]})


def report(g: Game, stage: str) -> None:
    c = combat(g)
    aw, dw = g.side_word(c["attacker"]), g.side_word(c["defender"])
    table = "combat_matrix"
    column = "Mobile" if c["type"] == "mobile" else "Set-piece"
    lines = []
    if stage == "declared":
        lines.append({"who": c["attacker"], "what": f"{column} combat: {c['type_why']}", "table": table,
                      "column": column, "shifts": []})
        if c["air"]:
            lines.append({"who": c["attacker"], "what": "air support: " +
                          ("Tactical Air" if c["air"] == "tactical" else "Heavy Bomber")})
        g.report_combat({"title": f"Attack on {' and '.join(g.hex_name(h) for h in c['defenders'])}",
                         "attacker": c["attacker"], "defender": c["defender"], "stage": "declared",
                         "lines": lines, "outcome": [f"{aw} attacks with {g.names(c['attackers'])}"]})
        return
    s = c["strength"]
    lines.append({"who": c["attacker"], "what": f"strength {s['attack']} against {s['defence']}"
                  + (" (attacking HQ +3)" if s["att_hq"] is not None else "")
                  + (" (defending HQ +3)" if s["def_hq"] is not None else "")
                  + (" (out-of-supply defenders halved)" if s["oos_halved"] else ""),
                  "table": "combat_strength", "column": c["ratio"], "shifts": []})
    d = c["dice"]
    mods = c["mods"]
    lines.append({"who": c["attacker"], "what": f"{aw} lead {g.name(c['lead_att'])}: morale {c['morale'][0]}",
                  "table": table, "column": column, "row": "pass" if c["att_pass"] else "fail",
                  "shifts": c["shifts"][0] + [["matrix hits", mods[0][0]], ["strength hits", mods[0][1]]],
                  "dice": [d[0], d[1]], "result": f"{c['att_hits']} hit(s)"})
    lines.append({"who": c["defender"], "what": f"{dw} lead {g.name(c['lead_def'])}: morale {c['morale'][1]}",
                  "table": table, "column": column, "row": "pass" if c["def_pass"] else "fail",
                  "shifts": c["shifts"][1] + [["matrix hits", mods[1][0]], ["strength hits", mods[1][1]]],
                  "dice": [d[2], d[3]], "result": f"{c['def_hits']} hit(s)"})
    outcome = [f"{c['result']}",
               f"{aw} loses {c.get('att_lost', 0)} step(s), {dw} loses {c.get('def_lost', 0)} step(s)"]
    if c.get("retreating"):
        outcome.append(f"{dw} retreats" if c["retreat"] == "must" else f"{dw} chooses to retreat")
    if c.get("vacated"):
        outcome.append(f"{' and '.join(g.hex_name(h) for h in c['vacated'])} vacated")
    g.report_combat({"title": f"Attack on {' and '.join(g.hex_name(h) for h in c['defenders'])}",
                     "attacker": c["attacker"], "defender": c["defender"], "stage": "resolved",
                     "lines": lines, "outcome": outcome})
