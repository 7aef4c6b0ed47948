"""Special rules and the turn's bookkeeping that reads them: Allied air support and
interdiction (2.0 step 3, 9.2), Antwerp (11.4), the Brittany and V-1 Reaction Point bonuses
(12.1, 12.2), the Ardennes offensive (12.5) and the airdrops of Market-Garden and
Plunder/Varsity (12.3, 12.4, 3.12).

The airdrops reach into movement and combat through the ruleset's hook points, never by name:
``river_ignored`` (12.3: a river hexside of the 18th Airborne's landing hex is ignored by the
Allies) and ``before_first_increment`` (12.4: Plunder/Varsity is declared before the first
increment).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, movement, supply
from .activation import act, capacity_left, set_act
from .board import position
from .game import CHIT_POOL, CHITS, COMMANDED, CUP, ELIM, Game, month
from .settle import settle

AIRBORNE = "US-XVIII"
AIRBORNE_BOX = "england_airborne"
INTERDICTION_BOX = "rxp_german_0"      # 2.0 step 3: on the German Reaction Point track
MARKET_GARDEN_TURNS = range(3, 10)     # 12.3: September to March
PLUNDER_TURNS = (10, 11)               # 12.4: April or May
BULGE_TURNS = range(4, 8)              # 12.5: October to January
DROP_RANGE = 5                         # 12.3: within 5 hexes of any Allied HQ


# -- air support (2.0 step 3, 9.2) ---------------------------------------------------------------------------
def interdicting(g: Game) -> int:
    return sum(1 for pid in g.pieces_of("M-TAC") if g.where(pid).startswith("rxp_german_"))


def air_support_step(g: Game) -> None:
    """2.0 step 3: the interdiction markers come back to England; the Allied player rolls for
    this turn's air support (available on the Turn Track's number or less — reconstructed);
    if it is available the markers show their available side and each Tactical Air marker is
    assigned to interdiction or ground support."""
    for pid in g.pieces_of("M-TAC"):
        if g.where(pid).startswith("rxp_german_"):
            g.do(C.Move(pid, "england_air"))
    row = g.turn_row()
    die = g.roll("Allied air support availability", "1d6")
    available = die <= int(row["air_roll"])
    g.set("air_available", available)
    count = int(row.get("tactical_air") or 2)
    for i, pid in enumerate(g.pieces_of("M-TAC", "england_air")):
        want = 0 if available and i < count else 1
        if g.face(pid) != want:
            g.do(C.SetFace(pid, want))
    for pid in g.pieces_of("M-HB", "england_air"):
        want = 0 if available else 1
        if g.face(pid) != want:
            g.do(C.SetFace(pid, want))
    g.note(f"Allied air support roll {die} (needs {row['air_roll']} or less): "
           + ("air support is available" if available else "no air support this turn") + " (2.0 step 3)")
    if available and g.turn > 1 and any(g.face(p) == 0 for p in g.pieces_of("M-TAC", "england_air")):
        g.call("air_assign")


class AirAssign(State):
    """2.0 step 3: each available Tactical Air marker goes to interdiction (on the German
    Reaction track: -2 German RxP this turn) or stays for ground support (9.2)."""
    name = "air_assign"
    rule = "2.0"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("allied", "air_assign",
                      "Allied: send Tactical Air markers to interdiction (-2 German Reaction Points "
                      "each) or keep them for ground support, then done (2.0 step 3)")

    def actions(self, g: Game, frame: dict):
        for pid in g.pieces_of("M-TAC", "england_air"):
            if g.face(pid) == 0:
                yield self.offer("interdict", "allied", marker=pid)
        yield self.offer("done", "allied")

    def check_interdict(self, g: Game, frame: dict, marker: Piece) -> Violation | None:
        if marker not in g.pieces_of("M-TAC", "england_air") or g.face(marker) != 0:
            return Violation(g.cite("2.0"), "an available Tactical Air marker in England")
        if g.turn == 1:
            return Violation(g.cite("9.2"), "on Turn 1 the one Tactical Air marker is for ground support only")
        return None

    def on_interdict(self, g: Game, frame: dict, marker: Piece) -> None:
        """Interdiction"""
        g.do(C.Move(marker, INTERDICTION_BOX))
        g.note("A Tactical Air marker flies interdiction: -2 German Reaction Points this turn (2.0 step 3)")

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()


# -- Antwerp (11.4) --------------------------------------------------------------------------------------
def antwerp_open(g: Game) -> bool:
    """11.4: Antwerp Allied-controlled and no German unit in the Scheldt estuary hexes."""
    facts = g.facts
    if not facts.antwerp or supply.control(g, facts.antwerp) != "allied":
        return False
    pos = position(g)
    return not any(pos.occupied("german", h) for h in facts.scheldt)


# -- Brittany and V-1 (12.1, 12.2) ------------------------------------------------------------------------
def reaction_bonus(g: Game) -> int:
    """12.1/12.2 (read as Reaction Points, see NOTES.md): +3 while the Allies control St.
    Nazaire and Brest, +2 while they control the five V-1 ports, +5 for both; the bonus markers
    show it (reading R12.2: like Brittany, lost while a port is German)."""
    facts = g.facts
    brittany = bool(facts.brittany_ports) and all(supply.control(g, h) == "allied" for h in facts.brittany_ports)
    v1 = bool(facts.v1_ports) and all(supply.control(g, h) == "allied" for h in facts.v1_ports)
    key = "both" if brittany and v1 else "brittany" if brittany else "v1" if v1 else ""
    bonus = int(g.row("reaction_bonus", key)["allied_rxp"]) if key else 0
    if key == "both":
        g.move_marker("M-BONUS-25", "allied_hand", face=1)
        g.move_marker("M-BONUS-3", "marker_pool", face=0)
    elif key == "brittany":
        g.move_marker("M-BONUS-3", "allied_hand", face=0)
        g.move_marker("M-BONUS-25", "marker_pool", face=0)
    elif key == "v1":
        g.move_marker("M-BONUS-25", "allied_hand", face=0)
        g.move_marker("M-BONUS-3", "marker_pool", face=0)
    else:
        g.move_marker("M-BONUS-3", "marker_pool", face=0)
        g.move_marker("M-BONUS-25", "marker_pool", face=0)
    g.move_marker("M-V1", "v1_site", face=1 if v1 else 0)
    if bonus:
        g.note(f"Allied Reaction Point bonus +{bonus} ("
               + {"both": "Brittany and the V-1 ports", "brittany": "Brittany", "v1": "the V-1 ports"}[key]
               + ", 12.1/12.2)")
    return bonus


# -- the Ardennes (12.5) ------------------------------------------------------------------------------------
def bulge_possible(g: Game) -> bool:
    """12.5: October to January, before the first draw, with two German chits in the cup;
    once a game (reading R12.5)."""
    return (g.turn in BULGE_TURNS and not g.get("f44_bulge_used")
            and len(g.pieces_of(CHITS["german"], CUP)) >= 2)


class BulgeOffer(State):
    """12.5: the German may declare a surprise offensive: he may at once spend 1-3 Reaction
    Points, then takes two German chits out of the cup and plays two German Initiative Phases in
    a row, each with its Allied Reaction opportunity."""
    name = "bulge_offer"
    rule = "12.5"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("german", "bulge",
                      f"German: declare the Ardennes offensive ({month(g.turn)}) — two German Initiative "
                      f"Phases in a row before any chit is drawn (12.5) — or decline")

    def actions(self, g: Game, frame: dict):
        if not frame.get("declared"):
            yield self.offer("declare", "german")
            yield self.offer("decline", "german")

    def on_declare(self, g: Game, frame: dict) -> None:
        """Declare the Ardennes offensive"""
        g.set("f44_bulge_used", True)
        for pid in g.pieces_of(CHITS["german"], CUP)[:2]:
            g.do(C.Move(pid, CHIT_POOL))
        g.note("The German launches the Ardennes offensive: two German chits are set aside for two "
               "Initiative Phases in a row (12.5)")
        g.update(declared=True)
        g.set("f44_draw", int(g.get("f44_draw", 0) or 0) + 1)
        g.call("reaction", side="german", first="german", initiative="", spent=0, used=[], handover=False)

    def resume(self, g: Game, frame: dict, result) -> None:
        g.end("bulge")

    def on_decline(self, g: Game, frame: dict) -> None:
        """Decline"""
        g.end()


# -- airdrops (12.3, 12.4, 3.12) -----------------------------------------------------------------------------
def airborne_piece(g: Game) -> int | None:
    return g.first_of(AIRBORNE)


def market_garden_possible(g: Game, side: str) -> bool:
    """12.3: any turn September-March, when an Allied Initiative chit is drawn, with the 18th
    in the Airborne Available box."""
    p = airborne_piece(g)
    return side == "allied" and g.turn in MARKET_GARDEN_TURNS and p is not None and g.where(p) == AIRBORNE_BOX


def plunder_possible(g: Game) -> bool:
    """12.4: April or May, an Allied Initiative Phase, before the first increment, with the
    18th available — and (reading R12.3) room for it in the HQ's infantry capacity."""
    a = act(g)
    p = airborne_piece(g)
    if not a or a.get("side") != "allied" or a.get("kind") != "initiative" or a.get("hq") is None:
        return False
    if g.turn not in PLUNDER_TURNS or p is None or g.where(p) != AIRBORNE_BOX:
        return False
    return capacity_left(g, a["hq"], a["units"])["infantry"] > 0


def drop_hexes(g: Game) -> list[str]:
    """12.3: any hex within 5 hexes of an Allied HQ not occupied by the enemy (it may be in an
    enemy ZOC), within the stacking limits."""
    facts = g.facts
    pos = position(g)
    p = airborne_piece(g)
    hqs = [g.where(q) for h, qs in pos.hqs["allied"].items() for q in qs]
    out = []
    for h in sorted(facts.playable):
        if pos.occupied("german", h) or not board.fits(g, pos, "allied", h, [p]):
            continue
        if any(facts.distance(h, q) <= DROP_RANGE for q in hqs):
            out.append(h)
    return out


class Airdrop(State):
    """12.3/12.4: the Allied player may drop the 18th Airborne (frame ``op``:
    ``market_garden`` before the HQ is chosen, ``plunder_varsity`` before the first
    increment)."""
    name = "airdrop"
    rule = "12.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        op = "Market-Garden (12.3)" if frame["op"] == "market_garden" else "Plunder/Varsity (12.4)"
        return Prompt("allied", "airdrop",
                      f"Allied: declare {op} — drop the 18th Airborne in a hex within 5 hexes of an "
                      f"Allied HQ — or decline")

    def actions(self, g: Game, frame: dict):
        for h in drop_hexes(g):
            yield self.offer("drop", "allied", hex=h)
        yield self.offer("decline", "allied")

    def check_drop(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if hex not in drop_hexes(g):
            return Violation(g.cite("12.3"), "the 18th drops within 5 hexes of an Allied HQ, in a hex "
                                             "no enemy occupies, within the stacking limits")
        return None

    def on_drop(self, g: Game, frame: dict, hex: Loc) -> None:
        """Drop the 18th Airborne here"""
        p = airborne_piece(g)
        op = frame["op"]
        g.do(C.Move(p, hex))
        movement.arrive(g, p, [hex], "enter")
        g.set("f44_airborne", {"op": op, "unit": p, "hex": hex, "supplied": [p],
                               "pending": op == "market_garden"})
        if op == "plunder_varsity":
            g.set("f44_plunder_done", True)
            a = act(g)
            set_act(g, units=a["units"] + [p])
            g.mark(p, COMMANDED)
        g.note(f"{'Market-Garden' if op == 'market_garden' else 'Plunder/Varsity'}: the 18th Airborne "
               f"drops at {g.hex_name(hex)} ({'12.3' if op == 'market_garden' else '12.4'})")
        settle(g)
        g.end()

    def on_decline(self, g: Game, frame: dict) -> None:
        """Decline"""
        g.end()


def offer_plunder(g: Game) -> None:
    """Attached to ``before_first_increment`` (12.4)."""
    if plunder_possible(g):
        g.call("airdrop", op="plunder_varsity")


def river_ignored(g: Game, side: str, a: str, b: str) -> bool:
    """Attached to ``river_ignored`` (12.3): while the dropped 18th stays in its landing hex,
    Allied units ignore the river hexsides of that hex (reading R12.3: not the Rhine)."""
    drop = g.get("f44_airborne") or {}
    if side != "allied" or not drop.get("hex"):
        return False
    p = drop.get("unit")
    if p is None or g.where(p) != drop["hex"] or g.facts.is_rhine(a, b):
        return False
    return drop["hex"] in (a, b)


def end_of_cycle(g: Game) -> None:
    """12.3/3.12: at the end of the Initiative/Reaction cycle a surviving Market-Garden 18th
    goes back to the Airborne Available box; 12.4: after Plunder/Varsity it stays, no longer
    supplied of itself."""
    drop = g.get("f44_airborne") or {}
    if not drop:
        return
    p = drop.get("unit")
    if drop.get("op") == "market_garden":
        if p is not None and g.where(p) != ELIM["allied"]:
            for m in list(g.state.pieces[p].markers):
                g.do(C.RemoveMarker(p, m))
            g.do(C.Move(p, AIRBORNE_BOX))
            g.note("The 18th Airborne returns to the Airborne Available box (12.3, 3.12)")
        g.set("f44_airborne", None)
    else:
        g.set("f44_airborne", {**drop, "supplied": [], "pending": False})


HOOKS = {"river_ignored": [river_ignored], "before_first_increment": [offer_plunder]}
