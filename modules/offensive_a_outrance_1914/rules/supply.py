"""15.0 Supply: Provisions in the Supply Phase (15.4) and Ammo in combat (9.4).

Sources (15.1): an Army Depot with a valid LOC supplies its army's units (15.1.1, 15.2.1); a
Corps Train with a valid LOC or within its depot's range supplies its corps' Formations, any
Support unit and any cavalry (15.1.2, 15.2.2); Combat and Artillery units may trace to a friendly
operational RR hex within 5 hexes (15.1.3); units inside a Fortified Camp with a supply-symbol
Fortress (15.1.4), Allied units in a Port (15.1.5), French units in the Paris Garrison Area
(22.2.3) and units in Rail Mode (7.7.4) are in supply. A supply path (15.3) is at most the
source's range, not across sea hexsides, not through enemy units or un-negated enemy zones of
control (a friendly unit or a friendly ZOC other than the receiving unit's negates it), into but
not through an enemy Fortress hex, and it stops after an unbridged Imposing River or a Mountain
Crest (15.3.2). Isolation (15.5) is a path of any length to a friendly operational RR hex (or an
Allied Port) through at most 6 enemy-controlled hexes.
"""
from __future__ import annotations

import math
from collections import deque

from engine import commands as C
from engine.actions import Loc, Piece
from engine.rules import Violation

from . import control
from .base import Decision
from .data import ENEMY
from .game import HELD, Game
from .losses import reduce_ce
from .markers import tag
from .special_rr import special_open
from .terrain import side_key

RR_RANGE = 5            # 15.1.3
TRUCK = "M-truck"       # 25.3
ON_UNIT = "box:on_unit"
TRUCK_USES = {"DE3": 1}  # 25.3: the 3rd Army's marker has one side (one use); the others two
ISOLATION_HEXES = 6     # 15.5
SHORTAGE_LIMIT = 4      # 15.8.3: the marker's printed limit (reconstructed: as the Base Transfer's 4)
TRANSFER_LIMIT = 4      # 23.1.2, 24.3.1a
PARIS = "16.36"


# -- tracing ------------------------------------------------------------------------------------

class Tracer:
    """The position as supply paths see it for ``side``."""

    def __init__(self, g: Game, side: str):
        self.g = g
        self.side = side
        enemy = ENEMY[side]
        self.ezoc = g.zoc(enemy)
        self.playable = g.rules.playable(g)
        self.zoc_count: dict[str, int] = {}
        for pid in g.units_of(side):
            if not g.exerts_zoc(pid):
                continue
            for h in [g.loc(pid)] + ([g.prop(pid, "two_hex")] if g.prop(pid, "two_hex") else []):
                for n in g.board.nbrs.get(h, ()):
                    attrs = g.board.side[(h, n)]
                    if not (attrs.get("sea") or attrs.get("crest")):
                        self.zoc_count[n] = self.zoc_count.get(n, 0) + 1
        self.enemy_hexes = set()
        self.enemy_fortress = set()
        self.friendly = set()
        for h, s in g.index()["side_at"].items():
            units = g.units_at(h)
            if any(g.side(p) == side for p in units):
                self.friendly.add(h)
            if any(g.side(p) == enemy and g.ut(p).fortress for p in units):
                self.enemy_fortress.add(h)
            if any(g.side(p) == enemy and not g.ut(p).fortress for p in units):
                self.enemy_hexes.add(h)

    def passable(self, h: str, minus: int = 0) -> bool:
        """An intermediate hex of a supply line."""
        if h not in self.playable or h in self.enemy_hexes or h in self.enemy_fortress:
            return False
        if h in self.ezoc and h not in self.friendly and self.zoc_count.get(h, 0) - minus < 1:
            return False
        return True

    def stops(self, a: str, b: str) -> bool:
        """15.3.2: a line may cross an unbridged Imposing River or a Mountain Crest but stops there;
        7.1.4a: a damaged bridge over an Imposing River (the Pontoon, 24.6) counts as no bridge."""
        attrs = self.g.board.side.get((a, b), {})
        if attrs.get("crest"):
            return True
        if attrs.get("river") != "imposing":
            return False
        return not attrs.get("pontoon") or bool(self.g.get("pontoon_destroyed")) \
            or side_key(a, b) in self.g.get("blown_bridges", [])

    def from_receiver(self, pid: int | None, start: str, limit: int) -> dict[str, int]:
        """Distances from the receiving unit's hex to every hex a source may stand in to reach it
        (the path reversed: the source end is not checked for passability)."""
        g = self.g
        board = g.board
        own: set[str] = set()
        if pid is not None and g.exerts_zoc(pid):
            own = set(board.nbrs.get(start, ()))
        dist = {start: 0}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            d = dist[h]
            if d >= limit:
                continue
            if h != start and not self.passable(h, 1 if h in own else 0):
                continue
            for n in board.nbrs.get(h, ()):
                if n in dist or n not in self.playable:
                    continue
                if board.side[(h, n)].get("sea"):
                    continue
                if h != start and self.stops(h, n):
                    continue
                dist[n] = d + 1
                queue.append(n)
        return dist


def tracer(g: Game, side: str) -> Tracer:
    return g.cached("tracer:" + side, lambda: Tracer(g, side))


# -- LOC (15.0) -----------------------------------------------------------------------------------

def loc_hexes(g: Game, side: str) -> frozenset[str]:
    """The operational RR hexes from which a LOC runs to a friendly map edge or an Army Base
    marker without entering an EZOC hex not occupied by a friendly unit (15.0 LOC)."""
    def build() -> frozenset[str]:
        board = g.board
        ops = control.operational(g, side)
        ezoc = g.zoc(ENEMY[side])
        tr = tracer(g, side)
        edges = g.rules.friendly_edges(g, side)
        seeds = [h for h in ops if h in edges]
        seeds += [h for h in bases(g, side) if h in ops]
        ok = {h for h in seeds if h not in ezoc or h in tr.friendly}
        queue = deque(ok)
        while queue:
            h = queue.popleft()
            for n in board.rail_nbrs.get(h, ()):
                if n in ok or n not in ops or (control.demolished(g, h, n) and not special_open(g, h, n, side)):
                    continue
                if n in ezoc and n not in tr.friendly:
                    continue
                ok.add(n)
                queue.append(n)
        return frozenset(ok)
    return g.cached("loc:" + side, build)


def bases(g: Game, side: str) -> list[str]:
    """23.1 / 24.3: the Army Base markers' hexes (BEF Le Havre or St. Nazaire; Belgian Antwerpen,
    Oostende, a French Port)."""
    if side != "allied":
        return []
    out = [str(h) for h in g.get("bases", {}).values() if h]
    return out


def supply_army(g: Game, pid: int) -> str:
    """The army whose supply unit this is (a Secondary Depot's: the army it serves, 15.7)."""
    return str(g.prop(pid, "secondary_of") or g.army(pid) or "")


def single_track(g: Game, h: str) -> bool:
    """15.0: a hex of single-track RR line only (no double-track line through it, 18.1)."""
    return g.board.rail.get(h) == "single"


def _loc_graph(g: Game, side: str) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], frozenset[str]]:
    """The LOC network (15.0) as a graph: each hex's rail neighbours a LOC may step to (not across a
    demolished structure, 18.4.2, unless a rebuilt yellow one, 18.5), the hexes it starts from (a
    friendly edge, an Army Base) and its single-track hexes."""
    def build() -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], frozenset[str]]:
        base = loc_hexes(g, side)
        board = g.board
        demolished = frozenset(g.get("rr_demolished", []))
        adj: dict[str, tuple[str, ...]] = {}
        for h in base:
            steps = []
            for n in board.rail_nbrs.get(h, ()):
                if n not in base:
                    continue
                key = f"{h}|{n}" if h < n else f"{n}|{h}"
                if key in demolished and not special_open(g, h, n, side):                  # 18.4.2, 18.5
                    continue
                steps.append(n)
            adj[h] = tuple(steps)
        edges = g.rules.friendly_edges(g, side)
        starts = set(bases(g, side))
        seeds = tuple(sorted(h for h in base if h in edges or h in starts))
        return adj, seeds, frozenset(h for h in base if single_track(g, h))
    return g.cached("loc_graph:" + side, build)


def _loc_tree(g: Game, side: str, barred: set[str] | frozenset[str]) -> dict[str, tuple[int, str | None]]:
    """The LOC network less the ``barred`` hexes, from the friendly edges and Army Bases: for each
    hex the fewest single-track hexes on a LOC from it, and the next hex of that LOC."""
    adj, seeds, single = _loc_graph(g, side)
    best: dict[str, tuple[int, str | None]] = {h: (int(h in single), None) for h in seeds if h not in barred}
    dq = deque(sorted(best, key=lambda h: best[h][0]))
    while dq:
        h = dq.popleft()
        c0 = best[h][0]
        for n in adj[h]:
            if n in barred:
                continue
            c = c0 + (n in single)
            if c < best.get(n, (1 << 30, None))[0]:
                best[n] = (c, h)
                if c == c0:
                    dq.appendleft(n)
                else:
                    dq.append(n)
    return best


def _loc_claims(g: Game, side: str) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """15.0 LOC limit, reading R18: the armies claim in the order of their displays; each army's
    supply units on the LOC network trace their LOC through the fewest single-track hexes not
    already claimed by another army, and claim those hexes. Returns each such army's LOC hexes and
    the claims."""
    def build() -> tuple[dict[str, frozenset[str]], dict[str, str]]:
        base = loc_hexes(g, side)
        units: dict[str, list[str]] = {}
        for pid in g.units_of(side):
            if g.ut(pid).supply and g.loc(pid) in base:
                units.setdefault(supply_army(g, pid), []).append(g.loc(pid))
        single = _loc_graph(g, side)[2]
        if not single:
            return {army: base for army in units}, {}
        order = [a for a in g.armies if a in units] + sorted(a for a in units if a not in g.armies)
        claimed: dict[str, str] = {}
        out: dict[str, frozenset[str]] = {}
        free: dict[str, tuple[int, str | None]] | None = None          # the tree with nothing barred
        for army in order:
            barred = {h for h, a in claimed.items() if a != army}
            if barred:
                tree = _loc_tree(g, side, barred)
            else:
                free = free if free is not None else _loc_tree(g, side, frozenset())
                tree = free
            out[army] = frozenset(tree)
            for h in units[army]:
                step: str | None = h if h in tree else None
                while step is not None:
                    if step in single:
                        claimed[step] = army
                    step = tree[step][1]
        return out, claimed
    return g.cached("loc_claims:" + side, build)


def army_loc_hexes(g: Game, side: str, army: str) -> frozenset[str]:
    """15.0: the hexes from which ``army``'s supply units have a LOC: the LOC network (15.0
    definition) less the single-track hexes other armies' LOCs hold (reading R18)."""
    out, claimed = _loc_claims(g, side)
    if army in out:
        return out[army]
    if not claimed:
        return loc_hexes(g, side)
    return g.cached(f"loc_army:{side}:{army}", lambda: frozenset(
        _loc_tree(g, side, {h for h, a in claimed.items() if a != army})))


def has_loc(g: Game, pid: int) -> bool:
    """15.1.1: a supply unit on an RR hex with a LOC; 15.0: through single-track hexes its army
    holds (reading R18, `army_loc_hexes`)."""
    side = g.side(pid)
    h = g.loc(pid)
    if h not in loc_hexes(g, side):
        return False
    return h in army_loc_hexes(g, side, supply_army(g, pid))


def supply_range(g: Game, pid: int, extended: bool = False) -> int:
    t = g.ut(pid)
    face = 1 if extended or g.face(pid) == 1 else 0
    return int(t.faces[min(face, len(t.faces) - 1)].get("range", 0) or 0)


def depots_of(g: Game, army: str, side: str) -> list[int]:
    out = []
    for pid in g.units_of(side):
        t = g.ut(pid)
        if t.depot and (g.army(pid) == army or g.prop(pid, "secondary_of") == army):
            out.append(pid)
    return out


def is_secondary(g: Game, pid: int) -> bool:
    """15.7: the side's Secondary Depot counter."""
    return g.state.pieces[pid].type.endswith("-depot-Secondary")


def secondary_depot(g: Game, side: str) -> int | None:
    return next((p for p in g.state.pieces if is_secondary(g, p) and g.side(p) == side), None)


def partner_depots(g: Game, pid: int) -> list[int]:
    """15.7.1: the other depots of a Secondary Depot's army on the map (its Primary Depot), or
    the active Secondary Depot of a Primary Depot's army."""
    side = g.side(pid)
    army = g.prop(pid, "secondary_of") if is_secondary(g, pid) else g.army(pid)
    if not army:
        return []
    return [p for p in depots_of(g, army, side) if p != pid and g.on_map(p)
            and (is_secondary(g, p) != is_secondary(g, pid))]


def flip_extended(g: Game, pid: int) -> None:
    """15.6.1: the depot turns to its Extended side; 15.7.1: a Secondary Depot and its army's
    Primary Depot turn together."""
    for p in [pid] + partner_depots(g, pid):
        if g.face(p) == 0 and len(g.ut(p).faces) > 1:
            g.do(C.SetFace(p, 1))


def ammo_depot(g: Game, pid: int) -> int:
    """15.7.1: Ammo drawn from a Secondary Depot is recorded on the Primary Depot."""
    if is_secondary(g, pid):
        primary = partner_depots(g, pid)
        if primary:
            return primary[0]
    return pid


def trains_of(g: Game, side: str) -> list[int]:
    return [p for p in g.units_of(side) if g.ut(p).train]


def train_valid(g: Game, pid: int) -> bool:
    """15.1.2: a Corps Train with a valid LOC, or within its army's depot's supply range."""
    if has_loc(g, pid):
        return True
    side = g.side(pid)
    army = g.army(pid)
    for d in depots_of(g, army, side):
        if not has_loc(g, d):
            continue
        dist = tracer(g, side).from_receiver(None, g.loc(pid), supply_range(g, d, True))
        if g.loc(d) in dist:
            return True
    return False


def sources_near(g: Game, pid: int) -> list[str]:
    """Hexes of supply units the unit may draw from (11.1.1 priority 3)."""
    side = g.side(pid)
    army = g.army(pid)
    out = [g.loc(d) for d in depots_of(g, army, side)]
    corps = g.corps(pid)
    for t in trains_of(g, side):
        if g.army(t) == army and (corps == "" or g.corps(t) == corps):
            out.append(g.loc(t))
    return out


def fixed_supply(g: Game, pid: int) -> bool:
    """15.1.4, 15.1.5, 22.2.3, 7.7.4, 8.5.1, 12.1.1: supplied whatever the paths."""
    t = g.ut(pid)
    h = g.loc(pid)
    side = g.side(pid)
    if t.fortress or (t.fort and g.face(pid) == 0) or g.in_rail_mode(pid):
        return True
    if (t.combat or t.artillery) and h in g.rules.supplied_camp_hexes(g, side):
        return True
    if side == "allied" and h in g.board.ports:
        return True
    if t.nat == "FR" and h in g.board.paris_area:
        return True
    return False


def unit_sources(g: Game, pid: int, extended_ok: bool = True) -> list[tuple[str, int | None, bool]]:
    """Where ``pid`` draws supply from: ("depot"|"train"|"rr"|"fixed", source pid, needs Extended
    mode)."""
    if fixed_supply(g, pid):
        return [("fixed", None, False)]
    side = g.side(pid)
    t = g.ut(pid)
    tr = tracer(g, side)
    here = g.loc(pid)
    dist = tr.from_receiver(pid, here, 15)
    other = g.prop(pid, "two_hex")
    if other:                                   # 19.0: the nearer hex or the shorter path
        for h, d in tr.from_receiver(pid, other, 15).items():
            if d < dist.get(h, 99):
                dist[h] = d
    out: list[tuple[str, int | None, bool]] = []
    if t.combat or t.artillery:
        ops = control.operational(g, side)
        if any(h in ops and d <= RR_RANGE for h, d in dist.items()):
            out.append(("rr", None, False))
            return out
    if t.nat == "GB" and t.name == "Samson":                     # 23.2
        if any(h in g.board.ports and g.rules.french_port(h) for h in tr.from_receiver(pid, here, 60)):
            return [("fixed", None, False)]
    army = g.army(pid)
    for d in depots_of(g, army, side):
        if not has_loc(g, d):
            continue
        k = dist.get(g.loc(d))
        if k is None:
            continue
        if k <= supply_range(g, d, False):
            out.append(("depot", d, g.face(d) == 1))
        elif extended_ok and k <= supply_range(g, d, True):
            out.append(("depot", d, True))
    corps = g.corps(pid) if g.is_formation(pid) else None
    for tr_pid in trains_of(g, side):
        if not train_valid(g, tr_pid):
            continue
        if t.cavalry or not g.is_formation(pid):
            if not t.cavalry and g.army(tr_pid) != army:
                continue
        elif corps == "" or g.corps(tr_pid) != corps:
            continue
        k = dist.get(g.loc(tr_pid))
        if k is None:
            continue
        if k <= supply_range(g, tr_pid, False):
            out.append(("train", tr_pid, g.face(tr_pid) == 1))
        elif extended_ok and k <= supply_range(g, tr_pid, True):
            out.append(("train", tr_pid, True))
    return out


def in_supply(g: Game, pid: int) -> bool:
    return bool(unit_sources(g, pid))


def isolated(g: Game, pid: int) -> bool:
    """15.5: no path of any length to a friendly operational RR hex (or, Allies, a Port) that
    avoids enemy units and un-negated EZOC (the unit's own ZOC and friendly ZOCs negate) and
    crosses at most 6 enemy-controlled hexes."""
    side = g.side(pid)
    if fixed_supply(g, pid):
        return False
    tr = tracer(g, side)
    board = g.board
    ops = control.operational(g, side)
    goal = set(ops) | (set(board.ports) if side == "allied" else set())
    start = g.loc(pid)
    best = {start: 0}
    dq = deque([(0, start)])
    enemy = ENEMY[side]
    while dq:
        cost, h = dq.popleft()
        if cost > best.get(h, 99):
            continue
        if h in goal:
            return False
        for n in board.nbrs.get(h, ()):
            if n not in tr.playable or board.side[(h, n)].get("sea") or n in tr.enemy_hexes:
                continue
            if n in tr.ezoc and n not in tr.friendly and tr.zoc_count.get(n, 0) < 1:
                continue
            step = 1 if control.controller(g, n) == enemy else 0
            c = cost + step
            if c > ISOLATION_HEXES or c >= best.get(n, 99):
                continue
            best[n] = c
            if step:
                dq.append((c, n))
            else:
                dq.appendleft((c, n))
    return True


# -- ammo (9.4) -----------------------------------------------------------------------------------

def limited_army(g: Game, army: str) -> str | None:
    """9.4.2 (2): the army's Ammo use is recorded — an Ammo Shortage marker on its depot (15.8),
    or a BEF / Belgian Base Transfer in progress (23.1.2, 24.3.1a, 24.3.2a)."""
    if army in g.get("shortage", {}):
        return "shortage"
    if army == "BEF" and g.get("bef_transfer_until"):
        return "transfer"
    if army == "BELGA" and (g.get("be_transfer_until") or g.get("be_shift_done")):
        return "transfer"
    return None


# -- German Truck markers (25.3) ------------------------------------------------------------------

def attach_trucks(g: Game) -> None:
    """25.3 set-up: each Truck marker goes on the German Army Depot in its hex (the 1st, 2nd and
    3rd Armies'); it travels with the depot (kept on the depot, ``box:on_unit``)."""
    for pid in sorted(g.state.pieces):
        piece = g.state.pieces[pid]
        if piece.type != TRUCK or piece.loc not in g.board.hexes:
            continue
        depot = next((q for q in g.state.stack(piece.loc) if g.ut(q) is not None and g.ut(q).depot
                      and g.side(q) == "german"), None)
        if depot is None:
            continue
        g.move_piece(pid, ON_UNIT)
        g.set_prop(pid, "depot", depot)
        g.set_prop(pid, "uses", TRUCK_USES.get(g.army(depot), 2))
        tag(g, depot, "Truck", "")


def truck_on(g: Game, depot: int) -> int | None:
    """25.3: the Truck marker on this depot, if it has a use left."""
    for m in g.state.stack(ON_UNIT):
        piece = g.state.pieces[m]
        if piece.type == TRUCK and piece.props.get("depot") == depot and int(piece.props.get("uses", 0) or 0) > 0:
            return m
    return None


def truck_reaches(g: Game, pid: int, depot: int) -> bool:
    """25.3: a Truck supplies Ammo to its depot's units (15.2.1) within the depot's range: a
    supply path (15.3) no longer than the depot's Extended range (15.6.1: a depot may turn
    Extended for Ammo in any attack phase; reading R41), from a depot with a LOC (15.1.1)."""
    if g.army(pid) != g.army(depot) or not g.on_map(depot) or not has_loc(g, depot):
        return False
    dist = tracer(g, g.side(pid)).from_receiver(pid, g.loc(pid), supply_range(g, depot, True))
    return g.loc(depot) in dist


def plan_truck(g: Game, needy: list[int]) -> int | None:
    """25.3: the depot whose Truck can supply every unit of the combat whose Ammo would be
    recorded or refused (reading R41: one use of a Truck supplies one combat)."""
    if not needy:
        return None
    for depot in sorted(p for p in g.units_of(g.side(needy[0])) if g.ut(p).depot):
        if truck_on(g, depot) is not None and all(truck_reaches(g, p, depot) for p in needy):
            return depot
    return None


def use_truck(g: Game, depot: int) -> None:
    """25.3: the Truck supplies the Ammo (not counted against the depot's limit); after its
    first use it turns over, after the second it is removed (the 3rd Army's after its one)."""
    m = truck_on(g, depot)
    if m is None:
        return
    left = int(g.prop(m, "uses")) - 1
    if left <= 0:
        g.do(C.Delete(m))
        tag(g, depot, "Truck", None)
        g.note(f"The Truck marker of {g.unit_name(depot)} supplies Ammo and is removed (25.3)")
    else:
        g.set_prop(m, "uses", left)
        g.do(C.SetFace(m, 1))
        g.note(f"The Truck marker of {g.unit_name(depot)} supplies Ammo and turns over: one use left (25.3)")


def ammo_plan(g: Game, units: list[int], side: str) -> dict:
    """9.4.1: which units of the combat may receive Ammo and whether its use must be recorded;
    one increment supplies one division-equivalent, fractions rounded up."""
    ok: dict[str, bool] = {}
    charges: list[list] = []
    limited = False
    need = 0.0
    needy: list[int] = []           # 25.3: units whose Ammo is recorded or refused
    for pid in units:
        t = g.ut(pid)
        if t is None or not (t.combat or t.artillery) or t.fortress:
            continue
        srcs = unit_sources(g, pid)
        if not srcs:
            ok[str(pid)] = False
            needy.append(pid)
            continue
        army = g.army(pid)
        lim = limited_army(g, army)
        fixed = any(k in ("fixed", "rr") for k, _, _ in srcs)
        normal = [s for s in srcs if not s[2]]
        if lim and not (fixed and srcs[0][0] == "fixed"):
            needy.append(pid)
            if ammo_left(g, "army:" + army, lim) <= 0:
                ok[str(pid)] = False
                continue
            limited = True
            charges.append(["army:" + army, lim])
        elif not fixed and not normal:
            needy.append(pid)
            src = srcs[0][1]
            if src is not None and g.ut(src).depot:
                src = ammo_depot(g, src)                                 # 15.7.1
            if src is not None and ammo_left(g, f"unit:{src}", "extended") <= 0:
                ok[str(pid)] = False
                continue
            limited = True
            charges.append([f"unit:{src}", "extended"])
        ok[str(pid)] = True
        need += g.size_of(pid)
    uniq = []
    for c in charges:
        if c not in uniq:
            uniq.append(c)
    truck = plan_truck(g, needy) if side == "german" else None
    return {"ok": all(ok.values()) if ok else True, "units": ok, "limited": limited,
            "need": max(1, math.ceil(need)) if limited else 0, "charges": uniq, "truck": truck}


def ammo_left(g: Game, key: str, kind: str) -> int:
    used = int(g.get("ammo_used", {}).get(key, 0))
    if kind == "extended":
        pid = int(key.split(":")[1])
        limit = int(g.ut(pid).faces[min(1, len(g.ut(pid).faces) - 1)].get("ammo", 0) or 0) if pid in g.state.pieces else 0
    elif kind == "transfer":
        limit = TRANSFER_LIMIT
    else:
        limit = SHORTAGE_LIMIT
    return limit - used


def record_ammo(g: Game, plan: dict) -> None:
    """9.4.2: record the increments on the Ammo Supplied markers (limits: 2.6.2, 15.8.3, 23.1.2)."""
    used = dict(g.get("ammo_used", {}))
    for key, kind in plan.get("charges", []):
        used[key] = int(used.get(key, 0)) + int(plan.get("need", 1))
        if key.startswith("unit:"):
            pid = int(key.split(":")[1])
            if pid in g.state.pieces:
                left = ammo_left(g, key, kind) - int(plan.get("need", 1))
                tag(g, pid, "Ammo ", "exhausted" if left <= 0 else f"-{used[key]}")
    g.set("ammo_used", used)


# -- the Supply Phase (4.2.3, 15.4) -------------------------------------------------------------

class SupplyPhase(Decision):
    """4.2.3: (1) supply units back to Normal mode and Ammo Supplied markers off; Secondary Depot
    (15.7) and, from GT 13, Ammo Shortage markers (15.8) placed by the phasing player; (2) 15.4:
    depots without a LOC displaced, Corps Trains checked, every Force Out of Supply loses 1 CEL,
    Isolated 3."""
    name = "supply_phase"
    rule = "15.4"
    lines = {"shortage": "places an Ammo Shortage marker on {depot}", "secondary": "activates the Secondary "
             "Depot at {at} for {army}", "deactivate": "deactivates the Secondary Depot",
             "deactivate_main": "deactivates the Secondary Depot and moves the army's Depot into its hex"}

    def begin(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        for pid in g.units_of(side):
            t = g.ut(pid)
            if t.supply and g.face(pid) == 1 and not g.prop(pid, "displaced"):
                g.do(C.SetFace(pid, 0))
            if any(m.startswith("Ammo ") for m in g.state.pieces[pid].markers):
                tag(g, pid, "Ammo ", None)
            if t.supply and g.prop(pid, "displaced"):
                g.set_prop(pid, "displaced", None)
        used = {k: v for k, v in g.get("ammo_used", {}).items() if not self._mine(g, k, side)}
        g.set("ammo_used", used)
        shortage = {a: d for a, d in g.get("shortage", {}).items() if g.armies[a].side != side}
        g.set("shortage", shortage)
        g.update(placed=[], sec_done=False)
        if g.scenario() == "lorraine" and g.option("optional_supply"):
            g.note("29.4: optional supply rules in use: every unit is in full supply")
            g.end()
            return
        if not self.needs_decision(g, g.top):
            finish_supply(g, side)
            g.end()

    def _mine(self, g: Game, key: str, side: str) -> bool:
        if key.startswith("army:"):
            a = g.armies.get(key[5:])
            return a is not None and a.side == side
        pid = int(key.split(":")[1])
        return pid in g.state.pieces and g.side(pid) == side

    def shortage_markers(self, g: Game, side: str) -> int:
        """15.8.1: one new marker per Interphase from the 4th (the Race to the Sea starts with one)."""
        return int(g.get(f"shortage_markers_{side}", 0)) if g.gt >= 13 else 0

    def shortage_depots(self, g: Game, frame: dict) -> list[int]:
        side = frame["side"]
        placed = set(g.get("shortage", {}))
        out = []
        for pid in g.units_of(side):
            t = g.ut(pid)
            army = g.army(pid)
            if not t.depot or army in placed or army in ("ALSACE", "BELGA", "BELGIEN", ""):   # 15.8.2, 24.7, 25.4
                continue
            out.append(pid)
        return out

    def needs_decision(self, g: Game, frame: dict) -> bool:
        side = frame["side"]
        left = self.shortage_markers(g, side) - len([a for a in g.get("shortage", {}) if g.armies[a].side == side])
        return (left > 0 and bool(self.shortage_depots(g, frame))) or bool(self.secondary_options(g, frame)) \
            or self.active_secondary(g, frame) is not None

    def active_secondary(self, g: Game, frame: dict) -> int | None:
        """15.7: the Secondary Depot on the map, which may be deactivated at the start of the
        Supply Phase (once, before it is placed anew)."""
        if frame.get("sec_done") or frame.get("sec_removed"):
            return None
        sec = secondary_depot(g, frame["side"])
        return sec if sec is not None and g.on_map(sec) else None

    def main_depot(self, g: Game, sec: int) -> int | None:
        """15.7: the army's main Depot, which may move into the hex the Secondary Depot leaves."""
        army = g.prop(sec, "secondary_of")
        return next((p for p in g.units_of(g.side(sec)) if g.ut(p).depot and not is_secondary(g, p)
                     and g.army(p) == army and g.on_map(p)), None)

    def secondary_options(self, g: Game, frame: dict) -> list[tuple[str, str]]:
        """15.7: the Secondary Depot: any hex with a valid LOC within 9 hexes of a Formation of
        the army (reading R19: the RR hexes of the army's LOC network), every such hex of every
        army that has Formations on the map."""
        if frame.get("sec_done"):
            return []
        side = frame["side"]
        sec = secondary_depot(g, side)
        if sec is None or g.on_map(sec):
            return []
        out = []
        for army, a in g.armies.items():
            if a.side != side:
                continue
            forms = [p for p in g.units_of(side) if g.is_formation(p) and g.army(p) == army]
            if not forms:
                continue
            near: set[str] = set()
            for spot in {g.loc(f) for f in forms if g.on_map(f)}:
                near.update(g.board.within(spot, 9))                     # 1.2: range 9
            locs = army_loc_hexes(g, side, army)                          # 15.0 (reading R18)
            out.extend((army, h) for h in sorted(near.intersection(locs)))
        return out

    def ask(self, g: Game, frame: dict) -> str:
        side = frame["side"]
        left = self.shortage_markers(g, side) - len([a for a in g.get("shortage", {}) if g.armies[a].side == side])
        if left > 0 and self.shortage_depots(g, frame):
            return f"Supply Phase: place your {left} remaining Ammo Shortage marker(s) on Army Depots (15.8.2)"
        return "Supply Phase: activate a Secondary Depot (15.7) or go on to determine supply"

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        left = self.shortage_markers(g, side) - len([a for a in g.get("shortage", {}) if g.armies[a].side == side])
        if left > 0 and self.shortage_depots(g, frame):
            for pid in self.shortage_depots(g, frame):
                yield self.offer("shortage", side, depot=pid)
            return
        sec = self.active_secondary(g, frame)
        if sec is not None:
            yield self.offer("deactivate", side)
            if self.main_depot(g, sec) is not None:
                yield self.offer("deactivate_main", side)
        for army, h in self.secondary_options(g, frame):
            yield self.offer("secondary", side, army=army, at=h)
        yield self.offer("done", side)

    def check_deactivate(self, g: Game, frame: dict) -> Violation | None:
        if self.active_secondary(g, frame) is None:
            return self.no(g, "15.7", "no Secondary Depot on the map to deactivate (once, at the start of the "
                                      "Supply Phase)")
        return None

    def check_deactivate_main(self, g: Game, frame: dict) -> Violation | None:
        sec = self.active_secondary(g, frame)
        if sec is None:
            return self.check_deactivate(g, frame)
        if self.main_depot(g, sec) is None:
            return self.no(g, "15.7", "the army has no main Depot on the map to move into the hex")
        return None

    def on_deactivate(self, g: Game, frame: dict) -> None:
        """Deactivate the Secondary Depot (15.7)"""
        self._deactivate(g, frame, False)

    def on_deactivate_main(self, g: Game, frame: dict) -> None:
        """Deactivate the Secondary Depot and move the main Depot into its hex (15.7)"""
        self._deactivate(g, frame, True)

    def _deactivate(self, g: Game, frame: dict, main: bool) -> None:
        sec = self.active_secondary(g, frame)
        here = g.loc(sec)
        army = g.prop(sec, "secondary_of")
        depot = self.main_depot(g, sec) if main else None
        g.move_piece(sec, HELD)
        g.do(C.SetFace(sec, 0))
        g.set_prop(sec, "secondary_of", None)
        g.set_prop(sec, "army", None)
        g.update(sec_removed=True)
        g.note(f"{g.side_name(frame['side'])}: the Secondary Depot of {g.army_name(army)} at {g.hexname(here)} is "
               f"deactivated (15.7)")
        if depot is not None:
            g.move_piece(depot, here)
            g.note(f"{g.unit_name(depot)} moves into {g.hexname(here)} (15.7)")

    def on_shortage(self, g: Game, frame: dict, depot: Piece) -> None:
        """Place an Ammo Shortage marker on this depot"""
        shortage = dict(g.get("shortage", {}))
        shortage[g.army(depot)] = int(depot)
        g.set("shortage", shortage)
        tag(g, int(depot), "Shortage", "")
        if not self.needs_decision(g, g.top):
            finish_supply(g, frame["side"])
            g.end()

    def on_secondary(self, g: Game, frame: dict, army: str, at: Loc) -> None:
        """Activate the Secondary Depot (15.7)"""
        side = frame["side"]
        sec = secondary_depot(g, side)
        g.move_piece(sec, str(at))
        g.set_prop(sec, "secondary_of", army)
        g.set_prop(sec, "army", army)
        g.update(sec_done=True)
        g.note(f"{g.side_name(side)}: the Secondary Depot is activated at {g.hexname(at)} for "
               f"{g.army_name(army)} (15.7)")

    def on_done(self, g: Game, frame: dict) -> None:
        """Determine supply"""
        finish_supply(g, frame["side"])
        g.end()


def finish_supply(g: Game, side: str) -> None:
    """15.4 steps 1-5."""
    for pid in list(g.units_of(side)):
        t = g.ut(pid)
        if t.depot and not has_loc(g, pid) and g.on_map(pid):
            g.note(f"{g.unit_name(pid)} has no LOC and is displaced (15.4)")
            from_hex = g.loc(pid)
            ops = [h for h in army_loc_hexes(g, side, supply_army(g, pid))      # 15.0 (reading R18)
                   if h in g.rules.playable(g) and not g.enemy_in(h, side)]
            if ops:
                best = min(ops, key=lambda h: (g.board.distance(h, from_hex), h))
                g.move_piece(pid, best)
                flip_extended(g, pid)                                     # 15.6.2b, 15.7.1
                g.set_prop(pid, "displaced", True)
    out_of_supply, isolated_units = [], []
    for pid in list(g.units_of(side)):
        t = g.ut(pid)
        if not (t.combat or t.artillery) or not g.on_map(pid):
            continue
        if not g.is_formation(pid) and any(g.is_formation(q) and g.side(q) == side for q in g.units_at(g.loc(pid))):
            continue                        # 5.5.1: part of its Formation's Force, which checks
        srcs = unit_sources(g, pid)
        if srcs:
            for kind, src, ext in srcs[:1]:
                if ext and src is not None and g.face(src) == 0:          # 15.6.1: flip to Extended
                    if g.ut(src).depot:
                        flip_extended(g, src)                             # 15.7.1: both depots
                    else:
                        g.do(C.SetFace(src, 1))
            continue
        if isolated(g, pid):
            isolated_units.append(pid)
        else:
            out_of_supply.append(pid)
    for pid in out_of_supply:              # a Support unit alone takes an SR instead (5.5.2)
        reduce_ce(g, pid, 1, "Out of Supply (15.4)")
    for pid in isolated_units:
        reduce_ce(g, pid, 3, "Isolated (15.4)")
    if out_of_supply or isolated_units:
        g.note(f"{g.side_name(side)} Supply Phase: {len(out_of_supply)} unit(s) Out of Supply, "
               f"{len(isolated_units)} Isolated (15.4)")
    g.set(f"supply_status_{side}", {"oos": sorted(out_of_supply), "isolated": sorted(isolated_units)})
