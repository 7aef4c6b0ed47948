"""Paths of Glory Replacement Phase (phase F, rule 17): F.1 the Allies, then F.2 the CP, spend
the RP recorded this turn (globals ``rp_<nation>``: ge ah tu bu / br fr ru it us a).

Costs (Replacement Cost Table, 17.1.4) in RP: flip a reduced army 1; flip a reduced corps 1/2
(two for 1); an eliminated corps to the Reserve Box at full strength 1, reduced 1/2; an
eliminated army rebuilt reduced 1, full 2. The table's mixed line (flip a corps and rebuild one
reduced for 1) is the sum of two halves.

* 17.1.1 each nation spends its own RP; 17.1.1.1 "A" RP serve (only) ANA AUS BE CND MN PT RO
  GR SB units; 17.1.8 US RP are recorded by :func:`record_rp`;
* 17.1.2 / 6.0.3 unspent RP are lost at the end of the phase;
* 17.1.3 no RP for a nation whose capital the enemy controls or besieges (BE and SB exempt);
* 17.1.4.1 GE/AH units supplied only through Sofia or Constantinople, TU only through Essen,
  Breslau or Sofia, BU only through Essen, Breslau or Constantinople, RU/RO only through
  Belgrade receive no replacements; reduced units must be in supply (Reserve Box: in supply);
  TU units kept in supply only by Medina receive none (14.1.5);
* 17.1.5 rebuilt armies are placed as reinforcements (9.5.3.3: the capital or a friendly
  supply source of the nation, in supply, not a besieged fort, stacking 10.1.1), with the
  Serbian (Salonika, Belgrade unless Nis is CP), Belgian (Brussels/Antwerp/Ostend, else Calais),
  French (Orleans when Paris is full) and US (French ports) exceptions;
* 17.1.6 a rebuilt ANA corps goes to Arabia; 17.1.7 asterisk units are never replaced;
* 16.4.7 after Bolshevik Revolution at most 1 RU RP per turn; Walter Rathenau +1 GE RP
  (cancelled by Independent Air Force); Influenza (global ``pog_influenza_turn``) forbids RP
  actions; Historical 5.7.3 +1 GE RP.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, supply, tracks
from .card_ids import GREECE, INDEPENDENT_AIR_FORCE, SALONIKA, WALTER_RATHENAU

if TYPE_CHECKING:
    from .game import Game

A_NATIONS = ("ANA", "AUS", "BE", "CND", "MN", "PT", "RO", "GR", "SB")      # 17.1.1.1
RP_NATIONS = {"CP": ("ge", "ah", "tu", "bu"), "AP": ("br", "fr", "ru", "it", "us", "a")}
CAPITALS = {"AH": ("vienna", "budapest"), "BR": ("london",), "BU": ("sofia",),
            "FR": ("paris",), "GE": ("berlin",), "GR": ("athens",), "IT": ("rome",),
            "MN": ("cetinje",), "RO": ("bucharest",), "TU": ("constantinople",)}
CAPITAL_EXEMPT = ("BE", "SB")                                              # 17.1.3
STACKING_LIMIT = 3                                                         # 10.1.1
# costs in half RP (globals hold whole RP; the half left by one corps lives in the frame)
STRENGTHS = ("full", "reduced")  # 17.1.4: a rebuilt unit's strength
COST = {"flip_army": 2, "flip_corps": 1, "corps_full": 2, "corps_reduced": 1,
        "army_reduced": 2, "army_full": 4}


def rp_key(nation: str) -> str | None:
    """The RP marker a unit of ``nation`` draws on (17.1.1, 17.1.1.1); None: it has none."""
    if nation in A_NATIONS:
        return "a"
    if nation == "SN":
        return "tu"
    if nation == "POL":
        return "ge"  # CP #59 Polish Restoration: the Polish corps are treated as German
    key = nation.lower()
    return key if key in RP_NATIONS["CP"] + RP_NATIONS["AP"] else None


def set_rp(g: "Game", key: str, value: int) -> None:
    value = max(0, int(value))
    g.set(f"rp_{key}", value)
    pid = cards.pid_of(g, f"m_rp_{key}")    # the scenario's one RP marker of the nation
    if pid is not None:
        loc = f"grt:{max(0, min(40, int(value)))}"
        if g.state.pieces[pid].loc != loc:
            g.do(C.Move(pid, loc))


def record_rp(g: "Game", side: str, amounts: dict[str, int]) -> None:
    """For the action round (9.4): add an RP card's RP; 17.1.8 after Over There every Allied
    RP card also gives 1 US RP."""
    amounts = dict(amounts)
    if side == "AP" and g.get("us_entry") == "over_there":
        amounts["us"] = amounts.get("us", 0) + 1
    for key, value in amounts.items():
        set_rp(g, key.lower(), int(g.get(f"rp_{key.lower()}", 0) or 0) + int(value))


def rp(g: "Game", key: str) -> int:
    """Whole RP recorded for ``key`` (the global)."""
    return int(g.get(f"rp_{key}", 0) or 0)


def halves(g: "Game", key: str) -> int:
    """Half RP left to spend: the spending frame's count while the phase runs."""
    top = g.top
    if top and top.get("state") == "rp_spend" and key in (top.get("halves") or {}):
        return int(top["halves"][key])
    return 2 * rp(g, key)


def _halves_of(g: "Game", side: str) -> dict[str, int]:
    return {k: 2 * rp(g, k) for k in RP_NATIONS[side]}


# -- who may be replaced ----------------------------------------------------------------------
def capital_violation(g: "Game", nation: str, side: str) -> Violation | None:
    """17.1.3: an enemy-controlled or besieged capital stops the nation's RP."""
    if nation in CAPITAL_EXEMPT:
        return None
    for cap in CAPITALS.get(nation, ()):
        if cap in g.module.locations and (board.controller(g, cap) == supply.other_side(side)
                                          or board.fort_besieged(g, cap)):
            return Violation("PoG 17.1.3", f"{g.module.locations[cap].name} is enemy-controlled "
                                           f"or besieged: no {nation} replacements")
    return None


def replacement_sources(g: "Game", nation: str) -> list[str] | None:
    """17.1.4.1: the sources a unit must trace to for replacements (None: any)."""
    if nation in ("GE", "AH"):
        return ["essen", "breslau"]
    if nation in ("TU", "SN"):
        return ["constantinople"]
    if nation == "BU":
        return ["sofia"]
    if nation in ("RU", "RO"):
        return list(board.printed_spaces(g, "Russian replacement sources", lambda l: board.attr(
            g, l, "supply") in ("RU", "AP") and l != "belgrade"))
    return None


def supplied_for_replacement(g: "Game", pid: int) -> bool:
    """14.1 and 17.1.4.1 for a unit on the map; Reserve Box units are in supply."""
    piece = g.state.pieces[pid]
    if not board.is_space(g, piece.loc):
        return True
    side, nation = board.side_of(g, pid), board.nation_of(g, pid)
    if supply.always_in_supply(g, piece.loc, nation):
        return True
    only = replacement_sources(g, nation)
    return piece.loc in supply.supplied_spaces(g, side, nation, only)


def unit_violation(g: "Game", pid: int, cost: int) -> Violation | None:
    """Whether this unit may receive ``cost`` half RP of its nation now."""
    pt = g.ptype(pid)
    side, nation = pt.side, pt.nationality
    if pt.attrs.get("no_replace"):
        return Violation("PoG 17.1.7", f"{pt.name} can never receive replacements")
    key = rp_key(nation)
    if key is None or key not in RP_NATIONS[side]:
        return Violation("PoG 17.1.1", f"{nation} units have no RP")
    if halves(g, key) < cost:
        return Violation("PoG 17.1.1.1" if key == "a" else "PoG 17.1.1",
                         f"{key.upper()} RP left {halves(g, key) / 2:g}, {cost / 2:g} needed")
    if nation == "POL" and board.controller(g, "warsaw") == "AP":
        return Violation("PoG CP #59", "the Polish corps cannot be replaced while Warsaw is Allied")
    return capital_violation(g, nation, side)


def army_placements(g: "Game", pid: int) -> list[str]:
    """17.1.5 / 9.5.3.3: where a rebuilt army may be placed."""
    pt = g.ptype(pid)
    side, nation = pt.side, pt.nationality

    def ok(loc: str, need_supply: bool = True) -> bool:
        return (loc in g.module.locations and board.controller(g, loc) == side
                and not board.fort_besieged(g, loc)
                and len(board.units_in(g, loc)) < STACKING_LIMIT
                and not board.units_in(g, loc, supply.other_side(side))
                and (not need_supply or supply.in_supply(g, loc, side, nation)))

    if nation == "US":
        cands = list(board.printed_spaces(g, "French ports", lambda l: board.attr(
            g, l, "nation") == "FR" and board.attr(g, l, "port")))
    elif nation == "BE":
        cands = [l for l in ("brussels", "antwerp", "ostend") if ok(l)]
        return cands or [l for l in ("calais",) if ok(l)]
    elif nation == "SB":
        cands = [] if board.controller(g, "nis") == "CP" else ["belgrade"]
        if tracks.event_played(g, SALONIKA) or tracks.event_played(g, GREECE):
            cands.append("salonika")
    else:
        cands = list(CAPITALS.get(nation, ())) + list(board.printed_spaces(
            g, f"non-capital sources:{nation}", lambda l: board.attr(g, l, "nation") == nation
            and board.attr(g, l, "supply") and l not in CAPITALS.get(nation, ())))
        if nation == "FR" and board.controller(g, "paris") == side \
                and not board.fort_besieged(g, "paris") \
                and len(board.units_in(g, "paris")) >= STACKING_LIMIT:
            cands.append("orleans")
    return [l for l in cands if ok(l)]


# -- the phase -------------------------------------------------------------------------------
def _start_bonuses(g: "Game", side: str) -> None:
    g.rules.hooks.notify("replacements_begin", g, side)  # CP #27 Zeppelin Raids, CP #36
    if side == "AP" and g.get("russian_capitulation") in ("bolshevik_revolution", "brest_litovsk") \
            and rp(g, "ru") > 1:
        set_rp(g, "ru", 1)
        g.note("At most 1 RU RP may be spent after Bolshevik Revolution (PoG 16.4.7)")
    if side == "CP":
        if tracks.event_played(g, WALTER_RATHENAU) and not tracks.event_played(g, INDEPENDENT_AIR_FORCE):
            set_rp(g, "ge", rp(g, "ge") + 1)
            g.note("Walter Rathenau: +1 GE RP (PoG 17.1)")
        if g.get("pog_scenario") == "historical" and g.get("commitment_cp") == "total_war" \
                and board.controller(g, "sedan") == "CP":
            others = [l for l in board.spaces(g) if l != "sedan"
                      and board.attr(g, l, "nation") in ("FR", "BE") and board.controller(g, l) == "CP"]
            if len(others) >= 2:
                set_rp(g, "ge", rp(g, "ge") + 1)
                g.note("CP hold Sedan and two more French or Belgian spaces: +1 GE RP (PoG 5.7.3)")


def _lose_unspent(g: "Game", side: str) -> None:
    """17.1.2: unspent RP are lost."""
    for key in RP_NATIONS[side]:
        if halves(g, key):
            g.note(f"{halves(g, key) / 2:g} unspent {key.upper()} RP lost (PoG 17.1.2)")
        set_rp(g, key, 0)


class ReplacementPhase(State):
    """Phase F entry (6.0): bonuses, then the Allied player spends (F.1)."""
    name = "phase_replacement"
    rule = "17.1"
    automatic = True

    def run(self, g: "Game", frame: dict) -> None:
        _start_bonuses(g, "AP")
        g.goto("rp_spend", side="AP", halves=_halves_of(g, "AP"))


def _first_per_type(g: "Game", box: str, pred) -> list[int]:
    seen, out = set(), []
    for pid in g.state.stacks.get(box, ()):
        t = g.state.pieces[pid].type
        if t not in seen and board.is_unit(g, pid) and pred(pid):
            seen.add(t)
            out.append(pid)
    return out


def corps_destination(g: "Game", pid: int) -> str:
    """17.1.4: a rebuilt corps goes to its side's Reserve Box; 17.1.6: the BR ANA corps to
    Arabia."""
    return "arabia" if g.ptype(pid).nationality == "ANA" else f"reserve:{board.side_of(g, pid)}"


def corps_placement_violation(g: "Game", pid: int) -> Violation | None:
    """17.1.6 with 10.1.5: the ANA corps is rebuilt in Arabia, so not while enemy units are
    there (the rulebook is silent; units of both sides never share a space)."""
    dest = corps_destination(g, pid)
    side = board.side_of(g, pid)
    enemy = "AP" if side == "CP" else "CP"
    if board.is_space(g, dest) and board.units_in(g, dest, enemy):
        return Violation("PoG 17.1.6", f"the {g.ptype(pid).name} is rebuilt in {dest}, which "
                                       "enemy units occupy (10.1.5)")
    return None


class SpendReplacements(State):
    """F.1 / F.2: the side spends its RP one replacement at a time, then ``done``."""
    name = "rp_spend"
    rule = "17.1"

    def prompt(self, g: "Game", frame: dict) -> Prompt:
        side = frame["side"]
        left = ", ".join(f"{k.upper()} {halves(g, k) / 2:g}" for k in RP_NATIONS[side]
                         if halves(g, k))
        return Prompt(side, "replacements",
                      f"{side} Replacement Phase: spend RP ({left or 'none left'}) or done")

    def _options(self, g: "Game", side: str) -> Iterator[tuple[Action, int, int]]:
        if g.get("pog_influenza_turn") == g.get("turn"):
            return                                               # Influenza: no RP actions
        types, reserve = g.module.piece_types, f"reserve:{side}"
        reduced = sorted(pid for pid, piece in g.state.pieces.items() if piece.face == 1
                         and types[piece.type].kind == "unit" and types[piece.type].side == side
                         and (piece.loc == reserve or board.is_space(g, piece.loc)))
        for pid in reduced:       # the side's reduced units on the map or in the Reserve Box
            cost = COST["flip_army" if board.is_army(g, pid) else "flip_corps"]
            yield self.offer("rp_flip", side, unit=pid), cost, pid
        elim = f"eliminated:{side}"
        for pid in _first_per_type(g, elim, lambda p: not board.is_army(g, p)):
            if corps_placement_violation(g, pid) is not None:
                continue
            yield self.offer("rp_corps", side, unit=pid, strength="reduced"), COST["corps_reduced"], pid
            yield self.offer("rp_corps", side, unit=pid, strength="full"), COST["corps_full"], pid
        for pid in _first_per_type(g, elim, lambda p: board.is_army(g, p)):
            for loc in army_placements(g, pid):
                yield self.offer("rp_army", side, unit=pid, loc=loc, strength="reduced"), COST["army_reduced"], pid
                yield self.offer("rp_army", side, unit=pid, loc=loc, strength="full"), COST["army_full"], pid

    def actions(self, g: "Game", frame: dict) -> Iterator[Action]:
        side = frame["side"]
        for action, cost, pid in self._options(g, side):
            if unit_violation(g, pid, cost) is None and (
                    action.verb != "rp_flip" or supplied_for_replacement(g, pid)):
                yield action
        yield self.offer("done", side)

    def refuse(self, g: "Game", frame: dict, action: Action) -> Violation | None:
        side = frame["side"]
        if action.verb == "done":
            return None
        if g.get("pog_influenza_turn") == g.get("turn"):
            return Violation("PoG 17.1", "Influenza: no replacement actions this turn")
        pid = action.get("unit")
        if action.verb not in ("rp_flip", "rp_corps", "rp_army") or not isinstance(pid, int) \
                or pid not in g.state.pieces or not board.is_unit(g, pid) \
                or board.side_of(g, pid) != side:
            return Violation("PoG 17.1.4", "choose one of your units and a Replacement Cost Table option")
        piece = g.state.pieces[pid]
        army = board.is_army(g, pid)
        if action.verb == "rp_flip":
            if piece.face != 1:
                return Violation("PoG 17.1.4", "only a reduced unit can be flipped to full strength")
            if piece.loc != f"reserve:{side}" and not board.is_space(g, piece.loc):
                return Violation("PoG 17.1.4", "only units on the map or in the Reserve Box are flipped")
            cost = COST["flip_army" if army else "flip_corps"]
        else:
            if piece.loc != f"eliminated:{side}":
                return Violation("PoG 17.1.4", "only eliminated units can be rebuilt")
            if army != (action.verb == "rp_army"):
                return Violation("PoG 17.1.4", "rp_army rebuilds armies, rp_corps corps")
            if action.get("strength") not in STRENGTHS:
                return Violation("PoG 17.1.4", "a unit is rebuilt at full or reduced strength")
            cost = COST[("army_" if army else "corps_") + action["strength"]]
        bad = unit_violation(g, pid, cost)
        if bad is not None:
            return bad
        if action.verb == "rp_flip" and not supplied_for_replacement(g, pid):
            rule = "17.1.4.1" if supply.unit_in_supply(g, pid) else "14.1"
            return Violation(f"PoG {rule}", f"{g.ptype(pid).name} does not trace supply to a "
                                            "source that allows replacements")
        if action.verb == "rp_corps" and corps_placement_violation(g, pid) is not None:
            return corps_placement_violation(g, pid)
        if action.verb == "rp_army" and action.get("loc") not in army_placements(g, pid):
            return Violation("PoG 17.1.5", f"a rebuilt {g.ptype(pid).name} may not be placed "
                                           f"in {action.get('loc')}")
        return None

    def on_done(self, g: "Game", frame: dict) -> None:
        """Done spending Replacement Points"""
        side = frame["side"]
        _lose_unspent(g, side)
        if side == "AP":
            _start_bonuses(g, "CP")
            g.update(side="CP", halves=_halves_of(g, "CP"))  # F.2
        else:
            g.end()

    def on_rp_flip(self, g: "Game", frame: dict, unit: Piece) -> None:
        """Flip this reduced unit to full strength"""
        cost = COST["flip_army" if board.is_army(g, unit) else "flip_corps"]
        g.do(C.SetFace(unit, 0))
        self._spend(g, frame, unit, cost, f"{g.ptype(unit).name} flipped to full strength")

    def on_rp_corps(self, g: "Game", frame: dict, unit: Piece, strength: str) -> None:
        """Rebuild this eliminated corps"""
        cost = COST["corps_" + strength]
        dest = corps_destination(g, unit)
        g.do(C.Move(unit, dest))
        g.do(C.SetFace(unit, 0 if strength == "full" else 1))
        self._spend(g, frame, unit, cost, f"{g.ptype(unit).name} rebuilt {strength} in {dest}")

    def on_rp_army(self, g: "Game", frame: dict, unit: Piece, loc: Loc, strength: str) -> None:
        """Rebuild this eliminated army"""
        cost = COST["army_" + strength]
        g.do(C.Move(unit, loc))
        g.do(C.SetFace(unit, 0 if strength == "full" else 1))
        self._spend(g, frame, unit, cost, f"{g.ptype(unit).name} rebuilt {strength} in {loc}")

    def _spend(self, g: "Game", frame: dict, pid: int, cost: int, text: str) -> None:
        key = rp_key(g.ptype(pid).nationality)
        left = halves(g, key) - cost
        g.update(halves={**frame.get("halves", {}), key: left})
        set_rp(g, key, left // 2)
        g.note(f"{text} for {cost / 2:g} {key.upper()} RP (PoG 17.1.4)")
