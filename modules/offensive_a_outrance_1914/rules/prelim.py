"""4.2.1 The Preliminary Phase (phasing player) and 4.2.1a the Special Joint Preliminary Phase.

In order: the Turn Record Track notes; reinforcements placed (16.1; in a named hex, or the
alternative hex, or the nearest free one, 16.1.2; through a map-edge entry hexside in Rail Mode,
16.1.1; on a depot, in a Port, anywhere on the friendly operational railway, within N hexes of a
place, with another unit), substitutions (16.2) and withdrawals (16.5, 25.2); units back from an
interrupted rail move (7.7.5), returning Corps Trains (16.7), relocated depots (15.6.4) and
deploying siege markers (13.2.4); Fortress repair (12.5); road bridge repair (7.1.4b); Army
Base transfers (23.1, 24.3); the Antwerpen surrender (24.4, 23.3.3, 25.4.1); the Ijzer flood
(21.3); the German 6th Army plan roll (26.6.2); the Réseau du Nord clearing (18.3.1).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure
from engine.rules import Violation

from . import control, events, fortress, org, substitutions, tasks
from .base import Decision
from .data import ENEMY
from .game import ELIMINATED, HELD, NAVAL_BOX, REINFORCEMENTS, WITHDRAWN, Game
from .losses import eliminate
from .markers import tag
from .plans import abandon_options, abandon_plan, activate_scheduled, check_plans, de6_roll

NIEUWPOORT, LE_HAVRE, OOSTENDE = "35.11", "01.21", "37.10"
ST_NAZAIRE = ("02.36", "02.46")
ENTRY_HEX = {"A": "66.29", "B": "66.34", "C": "66.40", "D": "66.46", "E": "66.48", "F": "66.54",
             "G": "22.56", "H": "07.56", "I": "01.36"}


def arriving(g: Game, side: str) -> list[int]:
    """Reinforcements due (16.1) and units coming back on the track this GT."""
    out = [p for p in g.state.stack(REINFORCEMENTS) if g.side(p) == side and int(g.prop(p, "arrives", 0)) <= g.gt
           and g.prop(p, "at") != "box:substitution"]
    return out


def free_hex(g: Game, h: str, side: str) -> bool:
    """16.1.2: not enemy-controlled, not in an enemy zone of control, in play."""
    return (h in g.rules.playable(g) and control.controller(g, h) != ENEMY[side]
            and h not in g.zoc(ENEMY[side]) and not g.enemy_in(h, side))


def nearest_free(g: Game, h: str, side: str) -> str | None:
    if h not in g.board.hexes:
        return None
    for radius in range(0, 12):
        ring = [x for x in g.board.within(h, radius) if g.board.distance(h, x) == radius]
        for x in sorted(ring):
            if free_hex(g, x, side):
                return x
    return None


def placement_options(g: Game, pid: int) -> list[str]:
    """Where a reinforcement may be placed (16.1, 17.1)."""
    side = g.side(pid)
    at = str(g.prop(pid, "at", ""))
    alt = g.prop(pid, "alt")
    within = g.prop(pid, "within")
    ops = control.operational(g, side)
    if at in g.board.hexes:
        if within:
            cands = [h for h in g.board.within(at, int(within)) if free_hex(g, h, side)]
            if g.ut(pid).depot:
                cands = [h for h in cands if h in ops] or cands
            return sorted(cands)
        cands = [h for h in (at, alt) if h and free_hex(g, h, side)]
        if cands:
            return cands
        near = nearest_free(g, at, side)
        return [near] if near else []
    if at.startswith("box:entry_"):
        entry = ENTRY_HEX[at[-1]]
        if entry not in g.board.hexes:
            return []
        # 16.1.1: it enters in Rail Mode (no RP) for a destination designated now (7.7.3 (2)):
        # the entry hex itself or any connected friendly operational RR hex 6+ hexes from the enemy
        return [entry] + [h for h in tasks.rail_destinations(g, {"side": side, "hex": entry}, pid) if h != entry]
    if at == "box:depot":
        name = str(g.prop(pid, "on", "") or "")
        depots = [p for p in g.units_of(side) if g.ut(p).depot]
        if name:
            army = org.ARMY_WORD[side].get(name.split()[0], "")
            named = [p for p in depots if g.army(p) == army]
            depots = named or depots
        return sorted({g.loc(p) for p in depots if free_hex(g, g.loc(p), side)})
    if at == "box:port":
        return sorted(h for h in g.board.ports if free_hex(g, h, side) and control.controller(g, h) == side
                      and h in g.rules.playable(g))
    if at == "box:anywhere":
        return sorted(h for h in ops if free_hex(g, h, side))[:60]
    if at == "box:on_unit":
        name = str(g.prop(pid, "on", "") or "")
        for q in g.units_of(side):
            t = g.ut(q)
            label = t.name
            if name and (name == label or name.replace("Corps Train ", "Treno/") == label
                         or name.replace(" Army Depot", "") == t.army or name.replace(" Depot", "") in (t.army, label)
                         or label.replace(" ", "") == name.replace(" ", "")):
                return [g.loc(q)]
        return []
    if at == NAVAL_BOX:
        return [NAVAL_BOX]
    return []


def place(g: Game, pid: int, where: str) -> None:
    """Put the reinforcement on the map (its Assignment marker on its army's display, 16.1)."""
    side = g.side(pid)
    at = str(g.prop(pid, "at", ""))
    box = str(g.prop(pid, "box", "") or "")
    on = str(g.prop(pid, "on", "") or "")
    t = g.ut(pid)
    for key in ("arrives", "at", "alt", "within", "on", "note"):
        if g.prop(pid, key) is not None:
            g.set_prop(pid, key, None)
    if t.utype == "siege_marker" and at == "box:on_unit":        # 13.2.4: held with the HQ in Reserve
        hq = next((q for q in g.units_of(side) if g.ut(q).hq and g.loc(q) == where), None)
        g.move_piece(pid, "box:on_unit")
        g.set_prop(pid, "hq", hq)
        g.note(f"{g.unit_name(pid)} joins {g.unit_name(hq) if hq else 'its Siege Train'} in Reserve (13.2.4)")
        return
    dest = where
    if at.startswith("box:entry_"):
        where = ENTRY_HEX[at[-1]]
    g.move_piece(pid, where)
    org.assign_at_arrival(g, pid, box)
    if at.startswith("box:entry_"):
        g.set_prop(pid, "rail", {"dest": dest, "stage": "move", "entry": True})
        tag(g, pid, "rail ", f"→{dest}")
    if t.depot and g.prop(pid, "army") is None and t.army:
        pass
    g.note(f"{g.unit_name(pid)} arrives at {g.hexname(where) if where in g.board.hexes else where} (16.1)")
    if where in g.board.hexes:
        events.arrived(g, [pid], where, None, set())


class Preliminary(Procedure):
    """4.2.1 in order, the choices asked of the phasing player as they come."""
    name = "preliminary"
    steps = ("notes", "events", "withdrawals", "substitutions", "returns", "reinforcements",
             "repairs", "bases", "options", "done")

    def notes(self, g: Game, frame: dict) -> None:
        events_text = g.rules.turn_notes(g.gt)
        if events_text and frame["side"] == "allied":
            g.note(f"GT {g.gt}: {events_text}")

    def events(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        if side == "allied":
            rdn_clear(g)
            antwerp_surrender_effects(g)
        else:
            antwerp_followup(g)
            de6_roll(g)
        if side == "allied" and g.gt == 4:
            de6_roll(g, automatic=True)
        if int(g.get("bottleneck_boost", 0)) != g.gt and g.gt == 23:
            caps = dict(g.get("bottleneck_capacity", {}))
            for h in ("59.29", "51.28", "54.40"):                     # 18.6.3
                caps[h] = int(caps.get(h, 2 * 3)) + 7                  # half RP
            g.set("bottleneck_capacity", caps)
            g.set("bottleneck_boost", 23)
            g.note("GT 23: the Liège, Namur and Arlon bottlenecks gain 3 1/2 for the New Reserve Corps (18.6.3)")

    def withdrawals(self, g: Game, frame: dict) -> None:
        """16.5: units scheduled to leave in this GT are removed; 25.2 at GT 6 (German)."""
        side = frame["side"]
        for pid, piece in list(g.state.pieces.items()):
            if piece.owner == side and int(piece.props.get("withdraw", 0) or 0) == g.gt and piece.loc != WITHDRAWN:
                g.move_piece(pid, WITHDRAWN)
                if g.prop(pid, "am") is not None and g.prop(pid, "am") in g.state.pieces:
                    g.move_piece(g.prop(pid, "am"), WITHDRAWN)
                g.note(f"{g.unit_name(pid)} is withdrawn (16.5)")
        if side == "german" and g.gt == 6 and g.scenario() == "campaign" and not g.get("east_done"):
            g.call("east_withdrawal", side="german", corps=[], formations=[], cavalry=[])

    def substitutions(self, g: Game, frame: dict) -> None:
        """16.2: simple substitutions due this GT."""
        side = frame["side"]
        for new in substitutions.pending(g, side):
            types = str(g.prop(new, "replaces", "") or "").split()
            if len(types) != 1 or g.prop(new, "plus"):
                continue
            olds = substitutions.units_of_types(g, side, types)
            old = olds[0] if olds else None
            if old is None or g.loc(old) in (ELIMINATED, WITHDRAWN):
                g.move_piece(new, WITHDRAWN)
                g.note(f"{g.unit_name(new)} does not enter: the unit it replaces is gone (16.2)")
                continue
            if not (g.on_map(old) or g.loc(old) in (REINFORCEMENTS,)) and not g.ut(old).depot:
                continue
            if g.loc(old) == REINFORCEMENTS:
                continue
            substitutions.simple(g, new, old)

    def returns(self, g: Game, frame: dict) -> None:
        """7.7.5, 16.7, 15.6.4, 13.2.4: units and markers on the track for this GT."""
        side = frame["side"]
        track = f"track:gt{g.gt:02d}"
        for pid in list(g.state.stack(track)):
            piece = g.state.pieces[pid]
            if piece.owner != side:
                continue
            t = g.ut(pid)
            if t is None:
                continue
            if g.prop(pid, "deploy_on"):
                if side != "german":
                    continue
                hq = g.prop(pid, "hq")
                if hq in g.state.pieces and g.on_map(hq):
                    g.set_prop(pid, "deploy_on", None)
                    g.move_piece(pid, g.loc(hq))
                    g.do(C.SetFace(hq, 0))
                    g.note(f"{g.unit_name(pid)} is placed Deployed with {g.unit_name(hq)} (13.2.4)")
                continue
            relocate = g.prop(pid, "relocate")
            if relocate:
                g.set_prop(pid, "relocate", None)
                to = relocate["to"] if free_hex(g, relocate["to"], side) else nearest_free(g, relocate["to"], side)
                if to:
                    g.move_piece(pid, to)
                    g.note(f"{g.unit_name(pid)} arrives at {g.hexname(to)} (15.6.4)")
                continue
            if g.prop(pid, "returns"):
                g.set_prop(pid, "returns", None)
                g.set_prop(pid, "at", "box:anywhere")
                g.set_prop(pid, "arrives", g.gt)
                g.move_piece(pid, REINFORCEMENTS)
        for pid in list(g.state.stack(ELIMINATED)):                  # 16.7
            if g.side(pid) == side and g.ut(pid) is not None and g.ut(pid).train \
                    and g.prop(pid, "back_on") == g.gt:
                g.set_prop(pid, "back_on", None)
                g.set_prop(pid, "at", "box:anywhere")
                g.set_prop(pid, "arrives", g.gt)
                g.move_piece(pid, REINFORCEMENTS)

    def reinforcements(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        todo = arriving(g, side)
        auto = []
        ask = []
        for pid in todo:
            opts = placement_options(g, pid)
            if not opts:
                if g.prop(pid, "at") in ("box:port",) or str(g.prop(pid, "at", "")).startswith("box:entry_"):
                    continue                     # waits: no free port / entry this GT
                continue
            if len(opts) == 1:
                auto.append((pid, opts[0]))
            else:
                ask.append(pid)
        for pid, where in auto:
            place(g, pid, where)
        ask = [p for p in ask if placement_options(g, p)]
        if ask:
            g.call("place_reinforcement", side=side, todo=ask)

    def repairs(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        fortress.repair(g, side)
        blown = list(g.get("blown_bridges", []))                     # 7.1.4b
        keep = [k for k in blown if not all(control.controller(g, h) == side for h in k.split("|"))]
        if len(keep) != len(blown):
            g.set("blown_bridges", keep)
            g.note(f"{g.side_name(side)}: {len(blown) - len(keep)} road bridge(s) repaired (7.1.4b)")
        rebuilt = []                                                 # 18.4.3
        when = g.get("rr_demolished_gt", {})
        for key, (kind, rebuild) in g.rules.rr_structures.items():
            if key in g.get("rr_demolished", []) and rebuild.isdigit() and g.gt >= int(rebuild) \
                    and key not in g.get("red_destroyed", []) and key in when:
                rebuilt.append(key)
        if rebuilt:
            g.set("rr_demolished", [k for k in g.get("rr_demolished", []) if k not in rebuilt])
            g.note(f"RR structure(s) rebuilt: {', '.join(k.replace('|', '-') for k in rebuilt)} (18.4.3)")

    def bases(self, g: Game, frame: dict) -> None:
        if frame["side"] == "allied":
            base_transfers(g)

    def options(self, g: Game, frame: dict) -> None:
        if frame["side"] == "allied" and prelim_choices(g):
            g.call("prelim_options", side="allied")

    def done(self, g: Game, frame: dict) -> None:
        g.end()


class PlaceReinforcement(Decision):
    """16.1: the phasing player places each reinforcement with a choice of hex."""
    name = "place_reinforcement"
    rule = "16.1"
    lines = {"place": "places {unit} at {at}"}

    def ask(self, g: Game, frame: dict) -> str:
        pid = frame["todo"][0]
        return f"place the reinforcement {g.true_name(pid)} (16.1)"

    def actions(self, g: Game, frame: dict):
        pid = frame["todo"][0]
        for h in placement_options(g, pid):
            yield self.offer("place", frame["side"], unit=pid, at=h)

    def check_place(self, g: Game, frame: dict, unit: Piece, at: Loc) -> Violation | None:
        if unit != frame["todo"][0]:
            return self.no(g, "16.1", "place the reinforcements one at a time")
        if at not in placement_options(g, int(unit)):
            return self.no(g, "16.1.2", "not in an enemy-controlled hex or an enemy zone of control, and where "
                                        "the schedule puts it")
        return None

    def on_place(self, g: Game, frame: dict, unit: Piece, at: Loc) -> None:
        """Place it here"""
        place(g, int(unit), str(at))
        rest = [p for p in frame["todo"][1:] if placement_options(g, p)]
        if rest:
            g.update(todo=rest)
        else:
            g.end()


# -- 21.3, 23.1, 24.3 -----------------------------------------------------------------------------

def prelim_choices(g: Game) -> list[str]:
    out = []
    if can_flood(g):
        out.append("flood")
    if not g.get("bef_base_moved") and not g.get("bef_transfer_until") and g.gt > 6 and g.scenario() != "lorraine":
        out.append("bef_transfer")
    if g.scenario() != "lorraine" and not g.get("be_transfer_started") and not g.get("be_shift_done"):
        out.append("be_transfer")
    if g.scenario() != "lorraine" and g.get("be_transfer_started") and not g.get("be_shift_done"):
        out.append("be_shift")
    return out


def can_flood(g: Game) -> bool:
    """21.3: once per game, when an Allied division-equivalent occupies Nieuwpoort (35.11)."""
    if g.get("ijzer_flooded") or g.get("ijzer_tried") or NIEUWPOORT not in g.rules.playable(g):
        return False
    return sum(g.size_of(p) for p in g.units_at(NIEUWPOORT) if g.side(p) == "allied" and g.is_combat(p)) >= 1


class PrelimOptions(Decision):
    """The Allied player's voluntary Preliminary Phase decisions: the Ijzer flood (21.3), the
    BEF base transfer after GT 6 (23.1.3), the Belgian transfer to Oostende and the shift to
    France (24.3)."""
    name = "prelim_options"
    rule = "4.2.1"

    def ask(self, g: Game, frame: dict) -> str:
        return "Preliminary Phase: flood the Ijzer, transfer an Army Base, or go on"

    def actions(self, g: Game, frame: dict):
        for choice in prelim_choices(g):
            yield self.offer(choice, "allied")
        yield self.offer("done", "allied")

    def on_flood(self, g: Game, frame: dict) -> None:
        """Create the Ijzer Inundation (21.3: 1-5 succeeds)"""
        g.set("ijzer_tried", True)
        roll = g.roll("Ijzer Inundation", "1d6")
        if roll <= 5:
            g.set("ijzer_flooded", True)
            g.note(f"The Ijzer Inundation succeeds (rolled {roll}; 21.3)")
        else:
            g.note(f"The Ijzer Inundation fails (rolled {roll}; 21.3)")

    def on_bef_transfer(self, g: Game, frame: dict) -> None:
        """Start the BEF base transfer to St. Nazaire (23.1)"""
        start_bef_transfer(g)

    def on_be_transfer(self, g: Game, frame: dict) -> None:
        """Transfer the Belgian base to Oostende (24.3.1)"""
        start_be_transfer(g)

    def on_be_shift(self, g: Game, frame: dict) -> None:
        """Shift the Belgian base to France (24.3.2)"""
        be_shift(g)

    def on_done(self, g: Game, frame: dict) -> None:
        """Go on"""
        g.end()


def start_bef_transfer(g: Game) -> None:
    bases = dict(g.get("bases", {}))
    bases["BEF"] = ST_NAZAIRE[0]
    g.set("bases", bases)
    g.set("bef_transfer_until", g.gt + 3)
    g.set("bef_transfer_due", None)
    g.note("The BEF base moves to St. Nazaire (02.36): the transfer completes in 3 GTs; "
           "meanwhile BEF Ammo is limited to 4 per GT (23.1)")


def start_be_transfer(g: Game) -> None:
    bases = dict(g.get("bases", {}))
    if any(g.side(p) == "german" for p in g.units_at(OOSTENDE)):
        be_shift(g)
        return
    bases["BELGA"] = OOSTENDE
    g.set("bases", bases)
    g.set("be_transfer_started", True)
    g.set("be_transfer_until", g.gt + 3)
    g.set("be_transfer_due", None)
    g.note("The Belgian base moves to Oostende; Ammo limited to 4 per GT during the transfer (24.3.1)")


def be_shift(g: Game) -> None:
    """24.3.2: the base to a French Port; the Base Transfer marker stays for good (Ammo 4 per
    GT); the LOC c and the two Gd Civique units leave play."""
    bases = dict(g.get("bases", {}))
    ports = sorted(h for h in g.board.ports if g.rules.french_port(h) and control.controller(g, h) == "allied")
    bases["BELGA"] = ports[0] if ports else LE_HAVRE
    g.set("bases", bases)
    g.set("be_transfer_started", True)
    g.set("be_shift_done", True)
    g.set("be_shift_due", None)
    for pid, piece in list(g.state.pieces.items()):
        if piece.type in ("BE-LOC_c", "BE-support-Gd_Civique") and piece.loc != WITHDRAWN:
            g.move_piece(pid, WITHDRAWN)
            g.note(f"{g.unit_name(pid)} leaves play (24.3.2a)")
    g.note(f"The Belgian base shifts to {g.hexname(bases['BELGA'])} (24.3.2)")


def base_transfers(g: Game) -> None:
    """23.1.1 / 24.3.1 / 24.3.2: the involuntary starts and the completions."""
    if g.get("bef_transfer_due") and not g.get("bef_base_moved"):
        start_bef_transfer(g)
    if g.get("bef_transfer_until") and g.gt >= int(g.get("bef_transfer_until")):
        g.set("bef_transfer_until", None)
        g.set("bef_base_moved", True)
        g.note("The BEF base transfer is completed (23.1.1)")
    if g.get("be_transfer_due") and not g.get("be_transfer_started"):
        start_be_transfer(g)
    if g.get("be_transfer_until") and g.gt >= int(g.get("be_transfer_until")):
        g.set("be_transfer_until", None)
        g.note("The Belgian base transfer to Oostende is completed (24.3.1)")
    if g.get("be_shift_due") and not g.get("be_shift_done"):
        be_shift(g)


# -- 24.4 / 23.3.3 / 25.4.1 --------------------------------------------------------------------

def antwerp_check(g: Game) -> None:
    """24.4: German units in both 51.17 and 52.16 at the end of a GT: Antwerpen surrenders."""
    if g.get("antwerp_surrendered") or "52.16" not in g.rules.playable(g):
        return
    if all(any(g.side(p) == "german" and g.is_combat(p) for p in g.units_at(h)) for h in ("51.17", "52.16")):
        g.set("antwerp_surrendered", g.gt)
        g.note("Antwerpen surrenders (24.4)")


def antwerp_surrender_effects(g: Game) -> None:
    """24.4: in the next Allied Preliminary Phase every Fortress and Combat unit with ID
    Antwerpen and the Antwerpen depot are removed; 23.3.3: the RND is withdrawn."""
    when = g.get("antwerp_surrendered")
    if not when or g.get("antwerp_removed"):
        return
    g.set("antwerp_removed", True)
    for pid, piece in list(g.state.pieces.items()):
        t = g.ut(pid)
        if t is None or piece.loc in (WITHDRAWN,):
            continue
        named = t.name.startswith("Antwerpen") or piece.type == "BE-depot-Antwerpen_BELGA"
        rnd = t.id in ("GB-support-1_Naval", "GB-support-2_Naval", "GB-support-Marine", "GB-support-Det_Marine")
        if named or rnd:
            eliminate(g, pid, "the surrender of Antwerpen (24.4, 23.3.3)", vp=False, where=WITHDRAWN)
    g.set("antwerp_marker_gt", int(when) + 3)


def antwerp_followup(g: Game) -> None:
    """25.4.1: three GTs after the surrender: the BELGIEN units leave, one Landwehr brigade of AG
    Belgien goes, the OHL artillery, the Marine Division and 2 R-Ez come in (reading R21: the
    Landwehr brigade is the first one listed on the BELGIEN display)."""
    due = g.get("antwerp_marker_gt")
    if not due or g.gt < int(due) or g.get("belgien_dissolved"):
        return
    g.set("belgien_dissolved", True)
    for pid, piece in list(g.state.pieces.items()):
        t = g.ut(pid)
        if t is not None and t.side == "german" and t.name.startswith("BELGIEN") and piece.loc != WITHDRAWN:
            eliminate(g, pid, "Armee-Gruppe Belgien dissolved (25.4.1)", vp=False, where=WITHDRAWN)
    lw = [p for p in g.units_of("german") if g.army(p) == "BELGIEN" and "Lw" in g.ut(p).name and g.ut(p).size == "brigade"]
    if lw:
        eliminate(g, lw[0], "25.4.1: one Landwehr brigade of AG Belgien leaves", vp=False, where=WITHDRAWN)
    ref = next((p for p in g.units_of("german") if g.army(p) in ("DE1", "DE2")), None)
    for pid in list(g.state.stack(HELD)):
        if g.side(pid) != "german" or g.state.pieces[pid].type.endswith("-depot-Secondary"):
            continue   # the Secondary Depot waits there for a Supply Phase (15.7)
        where = "49.21" if free_hex(g, "49.21", "german") else nearest_free(g, "49.21", "german")
        if where:
            g.move_piece(pid, where)
            org.assign_at_arrival(g, pid, "")
            g.note(f"{g.unit_name(pid)} enters at {g.hexname(where)} (25.4.1)")
    del ref


def rdn_clear(g: Game) -> None:
    """18.3.1: in the player turn after the trigger the French-controlled Réseau du Nord lines
    (east of the Somme first) become non-operational."""
    for area in ("E", "W"):
        trig = g.get(f"rdn_{area}_trigger")
        if trig and not g.get(f"rdn_{area}_cleared"):
            g.set(f"rdn_{area}_cleared", g.gt)
            ops = control.operational(g, "allied")
            g.set("rail_allied", sorted(ops - g.rules.reseau_du_nord[area]))
            g.note(f"The {'Eastern' if area == 'E' else 'Western'} Réseau du Nord is cleared (18.3.1)")


class JointPreliminary(Decision):
    """4.2.1a: while any Strategic Plan is in force, both players record plans fulfilled and may
    abandon their own (not in GT 1-2, 26.3); in the Allied player turn of GT 2 and 3 the units
    scheduled to activate do (both sides)."""
    name = "joint_preliminary"
    rule = "4.2.1a"

    def begin(self, g: Game, frame: dict) -> None:
        if frame["side"] == "allied" and g.gt in (2, 3):
            activate_scheduled(g)
        check_plans(g)
        g.update(asked=[])
        if not self.next_side(g, g.top):
            g.end()

    def next_side(self, g: Game, frame: dict) -> str | None:
        for side in (frame["side"], ENEMY[frame["side"]]):
            if side not in frame["asked"] and abandon_options(g, side):
                return side
        return None

    def prompt(self, g: Game, frame: dict):
        side = self.next_side(g, frame) or frame["side"]
        return super().prompt(g, {**frame, "side": side})

    def ask(self, g: Game, frame: dict) -> str:
        return "Special Joint Preliminary Phase: abandon a Strategic Plan (26.3), or keep them"

    def actions(self, g: Game, frame: dict):
        side = self.next_side(g, frame)
        if side is None:
            return
        for army in abandon_options(g, side):
            yield self.offer("abandon", side, army=army)
        yield self.offer("keep", side)

    def on_abandon(self, g: Game, frame: dict, army: str) -> None:
        """Abandon this army's Strategic Plan"""
        abandon_plan(g, army)
        if not self.next_side(g, g.top):
            g.end()

    def check_abandon(self, g: Game, frame: dict, army: str) -> Violation | None:
        side = self.next_side(g, frame)
        if g.gt <= 2:
            return self.no(g, "26.3", "no plan may be abandoned in GT 1 or 2")
        if side is None or army not in abandon_options(g, side):
            return self.no(g, "26.3", "only an army's own player abandons its plan in force")
        return None

    def on_keep(self, g: Game, frame: dict) -> None:
        """Keep the plans"""
        side = self.next_side(g, frame)
        g.update(asked=frame["asked"] + [side])
        if not self.next_side(g, g.top):
            g.end()
