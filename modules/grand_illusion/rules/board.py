"""The map and what stands on it: pieces by kind, hex facts, control (8.3), contested hexes,
forts and sieges, trenches, Block markers (8.4.5), Battle markers, stacking (8.4.6).

Piece kinds (2.3, 2.6): *combat units* are infantry and cavalry (the French alpine units are
infantry); HA are ``kind == "unit"`` pieces of unit type ``artillery``; HQs and forts have their
own kinds. Every function takes the :class:`~.game.Game` first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from engine import commands as C

from .game import ELIMINATED, FORT_R_BOX, OUT_OF_PLAY, Game, other

HEX_IDS = tuple(str(n) for n in range(1, 108))


@dataclass(frozen=True)
class Kind:
    """What the rules need to know of a piece type, read once from the module."""
    kind: str           # unit, hq, fort, marker, chit
    side: str
    nat: str
    combat: bool        # infantry or cavalry (2.3)
    infantry: bool
    cavalry: bool
    ha: bool
    hq: bool
    fort: bool
    corps: bool         # an infantry/cavalry corps (size), whatever its stacking value
    stacking: float     # corps equivalents (8.4.6 a; IX Corps (-) counts 0.5, errata 1)
    size: str


def kinds(module) -> dict[str, Kind]:
    out = {}
    for tid, pt in module.piece_types.items():
        ut = pt.unit_type
        combat = pt.kind == "unit" and ut in ("infantry", "alpine", "cavalry")
        out[tid] = Kind(pt.kind, pt.side, pt.nationality, combat,
                        combat and ut != "cavalry", combat and ut == "cavalry",
                        pt.kind == "unit" and ut == "artillery", pt.kind == "hq",
                        pt.kind == "fort", combat and pt.size == "corps",
                        float(pt.attrs.get("stacking", 0.0) or 0.0), pt.size)
    return out


def kind(g: Game, pid: int) -> Kind:
    return g.rules.kinds[g.state.pieces[pid].type]


# -- pieces --------------------------------------------------------------------------------------
def is_hex(loc: str) -> bool:
    return loc.isdigit() and 1 <= int(loc) <= 107


def pids_at(g: Game, loc: str) -> list[int]:
    return g.state.stacks.get(loc, [])


def units_at(g: Game, loc: str, side: str | None = None) -> list[int]:
    """Combat units (infantry, cavalry) at ``loc``, of ``side`` if given."""
    ks = g.rules.kinds
    pieces = g.state.pieces
    return [p for p in g.state.stacks.get(loc, ()) if (k := ks[pieces[p].type]).combat
            and (side is None or k.side == side)]


def movers_at(g: Game, loc: str, side: str) -> list[int]:
    """Pieces of ``side`` at ``loc`` that can move: combat units, HQs and HA."""
    ks = g.rules.kinds
    pieces = g.state.pieces
    return [p for p in g.state.stacks.get(loc, ()) if (k := ks[pieces[p].type]).side == side
            and (k.combat or k.hq or k.ha)]


def hqs_at(g: Game, loc: str, side: str, nat: str | None = None) -> list[int]:
    ks = g.rules.kinds
    pieces = g.state.pieces
    return [p for p in g.state.stacks.get(loc, ()) if (k := ks[pieces[p].type]).hq
            and k.side == side and (nat is None or k.nat == nat)]


def has_at(g: Game, loc: str, side: str) -> list[int]:
    ks = g.rules.kinds
    pieces = g.state.pieces
    return [p for p in g.state.stacks.get(loc, ()) if (k := ks[pieces[p].type]).ha and k.side == side]


def forts_at(g: Game, loc: str, side: str | None = None) -> list[int]:
    ks = g.rules.kinds
    pieces = g.state.pieces
    return [p for p in g.state.stacks.get(loc, ()) if (k := ks[pieces[p].type]).fort
            and (side is None or k.side == side)]


def besieged(g: Game, pid: int) -> bool:
    return "besieged" in g.state.pieces[pid].markers


def live_forts(g: Game, loc: str, side: str) -> list[int]:
    """Un-besieged forts of ``side`` at ``loc`` (they hold control, 8.3.2, and make a hex
    contested, entry note 1)."""
    return [p for p in forts_at(g, loc, side) if not besieged(g, p)]


def dg(g: Game, pid: int) -> bool:
    """Disorganized (a combat unit's back, 2.4)."""
    return g.state.pieces[pid].face == 1 and kind(g, pid).combat


def cs(g: Game, pid: int, face: int | None = None) -> int:
    return int(g.value(pid, "cs", face) or 0)


def defend_only(g: Game, pid: int) -> bool:
    """CS in parentheses: may defend but not attack (2.4)."""
    return bool(g.ptype(pid).attrs.get("defend_only"))


def enemy_present(g: Game, loc: str, side: str) -> bool:
    """Whether ``loc`` holds pieces of the enemy of ``side``: units, HQs, HA or un-besieged
    forts (a besieged fort leaves a hex uncontested, entry note 1)."""
    ks = g.rules.kinds
    pieces = g.state.pieces
    foe = other(side)
    for p in g.state.stacks.get(loc, ()):
        k = ks[pieces[p].type]
        if k.side != foe:
            continue
        if k.combat or k.hq or k.ha or (k.fort and "besieged" not in pieces[p].markers):
            return True
    return False


def occupied_by(g: Game, loc: str, side: str) -> bool:
    """Whether ``side`` has units, HQs, HA or un-besieged forts at ``loc``."""
    return enemy_present(g, loc, other(side))


def enemy_fighters(g: Game, loc: str, side: str) -> bool:
    """Enemy combat units or un-besieged enemy forts at ``loc``: what makes entering a battle
    (9.1.2 b)."""
    return bool(units_at(g, loc, other(side)) or live_forts(g, loc, other(side)))


# -- hex facts ------------------------------------------------------------------------------------
def hexattr(g: Game, loc: str, key: str, default=None):
    attrs = g.rules.loc_attrs.get(loc)
    return default if attrs is None else attrs.get(key, default)


def neighbours(g: Game, loc: str) -> tuple[str, ...]:
    return g.rules.hex_neighbours.get(loc, ())


def edge_attrs(g: Game, a: str, b: str) -> dict:
    e = g.graph.edge(a, b)
    return dict(e.attrs) if e is not None else {}


def impassable(g: Game, a: str, b: str) -> bool:
    """A triple-diamond hexside (2.2); 42/52 and 71/81 are single red diamonds under the
    Scenario 3 "Invade Holland" option (13.3 b 5)."""
    attrs = g.rules.hexside(a, b)
    if not attrs.get("impassable"):
        return False
    return not (g.option("german_5") and attrs.get("holland_mp_cost") is not None)


def cross_cost(g: Game, a: str, b: str) -> int:
    """MP to enter ``b`` from ``a`` (8.4.2): 1, +1 across a red diamond."""
    attrs = g.rules.hexside(a, b)
    if attrs.get("impassable"):
        return 1 + int(attrs.get("holland_mp_cost") or 0)
    return 1 + int(attrs.get("mp_cost") or 0)


def rail_link(g: Game, a: str, b: str) -> bool:
    return bool(g.rules.hexside(a, b).get("rail"))


def is_rail(g: Game, loc: str) -> bool:
    return bool(hexattr(g, loc, "rail"))


def in_belgium(g: Game, loc: str) -> bool:
    """8.4.7 a: any hex with Belgian territory."""
    return bool(hexattr(g, loc, "belgium"))


def schlieffen(g: Game, loc: str) -> bool:
    return bool(hexattr(g, loc, "schlieffen"))


def vosges(g: Game, loc: str) -> bool:
    return bool(hexattr(g, loc, "vosges"))


def tem(g: Game, loc: str) -> int:
    return int(hexattr(g, loc, "tem", 0) or 0)


def coastal(g: Game, loc: str) -> bool:
    return bool(hexattr(g, loc, "coast"))


# -- control (8.3) ---------------------------------------------------------------------------------
def control(g: Game, loc: str) -> str:
    """Who controls hex ``loc`` now: the printed control unless it changed (8.3.1)."""
    c = (g.state.globals.get("gi_control") or {}).get(loc)
    return c if c else g.rules.printed_control.get(loc, "allied")


def cavalry_control(g: Game, loc: str) -> str:
    """The side whose cavalry alone took ``loc`` (8.3.4), or ""."""
    return (g.get("gi_cavctrl") or {}).get(loc, "")


def friendly(g: Game, loc: str, side: str) -> bool:
    return control(g, loc) == side


def contested(g: Game, loc: str) -> bool:
    """Occupied by both sides (8.3.2); a besieged fort does not count (entry note 1)."""
    return occupied_by(g, loc, "allied") and occupied_by(g, loc, "german")


def set_control(g: Game, loc: str, side: str, cavalry: bool = False) -> None:
    """Record that ``side`` now controls ``loc`` (by cavalry alone: 8.3.4)."""
    printed = str(hexattr(g, loc, "control", "allied"))
    changed = dict(g.get("gi_control") or {})
    if side == printed:
        changed.pop(loc, None)
    else:
        changed[loc] = side
    g.set("gi_control", changed)
    cav = dict(g.get("gi_cavctrl") or {})
    if cavalry:
        cav[loc] = side
    else:
        cav.pop(loc, None)
    g.set("gi_cavctrl", cav)


def holds(g: Game, loc: str, side: str) -> bool:
    """8.3.2: ``side`` keeps a contested hex while it has a combat unit or an un-besieged fort
    there (Antwerp, 12.5.1: until its fort is gone and no Belgian combat unit remains)."""
    return bool(units_at(g, loc, side) or live_forts(g, loc, side))


# -- trenches, blocks, battles -----------------------------------------------------------------------
def trench(g: Game, loc: str) -> int:
    return int((g.get("gi_trench") or {}).get(loc, 0))


def set_trench(g: Game, loc: str, level: int) -> None:
    t = dict(g.get("gi_trench") or {})
    t[loc] = level
    g.set("gi_trench", t)


def blocks(g: Game) -> list[list[str]]:
    """Block markers: ``[owner, from_hex, into_hex]`` (8.4.5 a): the hexside is closed to the
    owner's enemy."""
    return g.get("gi_blocks") or []


def blocked(g: Game, a: str, b: str, side: str) -> bool:
    """Whether ``side`` may not cross hexside a/b because of an enemy Block marker."""
    foe = other(side)
    for owner, x, y in blocks(g):
        if owner == foe and {x, y} == {a, b}:
            return True
    return False


def add_block(g: Game, side: str, from_hex: str, into_hex: str) -> None:
    bs = blocks(g)
    if [side, from_hex, into_hex] in bs:
        return
    g.set("gi_blocks", bs + [[side, from_hex, into_hex]])


def check_blocks(g: Game) -> None:
    """8.4.5 c: a Block marker goes when no friendly combat unit remains in the hex entered,
    or when the enemy controls the hex it was placed from."""
    bs = blocks(g)
    keep = [b for b in bs if units_at(g, b[2], b[0]) and control(g, b[1]) == b[0]]
    if keep != bs:
        g.set("gi_blocks", keep)


def battle_hexes(g: Game) -> list[str]:
    """Hexes carrying a Battle marker (declared, not yet resolved, 9.1.2)."""
    return list(g.get("gi_battle_hexes") or [])


# -- stacking (8.4.6) ------------------------------------------------------------------------------
def stack_values(g: Game, pids: Iterable[int]) -> tuple[float, float, int, int, int]:
    """(corps equivalents, infantry corps equivalents, infantry corps, divisions/brigades,
    corps-sized units) of the combat units among ``pids``."""
    total = inf = 0.0
    corps = small = big = 0
    ks = g.rules.kinds
    pieces = g.state.pieces
    for p in pids:
        k = ks[pieces[p].type]
        if not k.combat:
            continue
        total += k.stacking
        if k.stacking >= 1.0:
            big += 1
        else:
            small += 1
        if k.infantry:
            inf += k.stacking
            if k.stacking >= 1.0:
                corps += 1
    return total, inf, corps, small, big


def _side_values(g: Game, loc: str, side: str) -> tuple[float, float, int, int, int]:
    cache = g.rules.supply_cache
    key = ("stack", g.state.hash, loc, side)
    got = cache.get(key)
    if got is None:
        got = stack_values(g, units_at(g, loc, side))
        cache[key] = got
    return got


def over_stacked(g: Game, loc: str, side: str, extra: Iterable[int] = (),
                 leaving: Iterable[int] = ()) -> bool:
    """8.4.6 a: more than 8 corps of one side, more than 6 of them infantry; in the Vosges
    hexes 102 and 103 three infantry corps and one division or brigade."""
    leave = set(leaving)
    if leave:
        values = stack_values(g, [p for p in units_at(g, loc, side) if p not in leave])
    else:
        values = _side_values(g, loc, side)
    here = set(g.state.stacks.get(loc, ()))
    add = stack_values(g, [p for p in extra if p not in here and p not in leave])
    total, inf, corps, small, big = (a + b for a, b in zip(values, add))
    if not total:
        return False
    if vosges(g, loc):
        return corps > 3 or big - corps > 0 or small > 1
    return total > 8 or inf > 6


# -- eliminating and removing pieces ------------------------------------------------------------------
def eliminate(g: Game, pid: int, why: str = "") -> None:
    """A unit (or HQ, HA, fort counter) leaves the map for its side's eliminated box (9.3.3)."""
    k = kind(g, pid)
    piece = g.state.pieces[pid]
    if piece.markers:
        for m in list(piece.markers):
            g.do(C.RemoveMarker(pid, m))
    g.do(C.Move(pid, ELIMINATED[k.side]))
    if k.combat and piece.face != 0:
        g.do(C.SetFace(pid, 0))
    g.note(f"{g.name(pid)} is eliminated" + (f" ({why})" if why else ""))
    if k.combat:
        lost = dict(g.get("gi_losses") or {})
        key = k.nat + (":corps" if k.corps else ":other")
        lost[key] = lost.get(key, 0) + 1
        g.set("gi_losses", lost)


def remove_from_play(g: Game, pid: int, where: str = OUT_OF_PLAY, why: str = "") -> None:
    piece = g.state.pieces[pid]
    for m in list(piece.markers):
        g.do(C.RemoveMarker(pid, m))
    g.do(C.Move(pid, where))
    g.note(f"{g.label(pid)} leaves the map" + (f" ({why})" if why else ""))


def fort_loss(g: Game, pid: int) -> int | None:
    """9.3.3: a fort counter loses a step: its front flips; its back is replaced by its R
    counter (which comes from the Fort Replacement Step box) or, with no R counter, the fort
    is gone. Returns the counter now carrying the fort, or None when it is eliminated."""
    pt = g.ptype(pid)
    loc = g.loc(pid)
    if g.face(pid) == 0 and len(pt.faces) > 1:
        g.do(C.SetFace(pid, 1))
        return pid
    r_type = pt.attrs.get("r_counter")
    was_besieged = besieged(g, pid)
    for m in list(g.state.pieces[pid].markers):
        g.do(C.RemoveMarker(pid, m))
    if r_type:
        r = next((p for p in g.state.stacks.get(FORT_R_BOX, ()) if g.state.pieces[p].type == r_type),
                 None)
        if r is not None:
            g.do(C.Move(pid, OUT_OF_PLAY))
            g.do(C.Move(r, loc))
            g.do(C.SetFace(r, 0))
            if was_besieged:
                g.do(C.AddMarker(r, "besieged"))
            g.note(f"{pt.name} is reduced: its R counter replaces it")
            return r
    g.do(C.Move(pid, ELIMINATED[pt.side]))
    g.note(f"{pt.name.replace(' (R)', '')} is destroyed")
    return None


def fort_eliminated(g: Game, fort_type: str) -> bool:
    """Whether the fort printed as ``fort_type`` (its front counter) has no counter left on
    the map (9.5)."""
    pt = g.module.piece_types[fort_type]
    types = {fort_type} | ({pt.attrs["r_counter"]} if pt.attrs.get("r_counter") else set())
    hex_ = str(pt.attrs.get("hex", ""))
    return not any(g.state.pieces[p].type in types for p in g.state.stacks.get(hex_, ()))
