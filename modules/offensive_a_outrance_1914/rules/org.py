"""5.0 Assignment and the Army Organization Displays.

Each army's display is an owner-only box (``org:<army>``) holding the Assignment markers of its
corps and Formations (5.2); a marker's ``corps`` prop is the Corps box it sits in ("" the
Independent box) and its ``ce`` prop the Formation's CE status (6.1.1). Support units take the
army whose Area of Assignment they are in (5.0).

Reading (COVERAGE readings R5): an army's Area of Assignment is drawn from its Army marker —
the hexes nearer (counted hex by hex over land) to that army's marker than to any other army
marker of the side, ties to the army listed first; boundaries between neighbouring armies are
then straight lines running from the front to the rear (5.1.1), never overlapping and always
contiguous. The phasing player sets each AoA in the Assignment Phase by placing the Army markers
(and reassigns corps and Formations on the displays). The Paris Garrison's AoA is the Paris
Garrison Area, overlapping the others (22.2); from GT 22 the French armies' AoAs are drawn apart
from the BEF's and the Belgian army's, so they may overlap them (5.1.4); before GT 18 the GDT
has its own area around its Corps Train, in no army's AoA (22.3.1).
"""
from __future__ import annotations

from collections import deque

from engine import commands as C

from .data import ARMY_WORD
from .game import AM, CE, CORPS, UNIT, Game

FOREIGN_BELGA = ("GB-support-1_Naval", "GB-support-2_Naval", "GB-support-Marine", "GB-artillery-Naval",
                 "FR-Marine")


def parse_box(side: str, box: str) -> tuple[str, str | None]:
    """A set-up box (28.2.1) as (army, corps): "1/QUINTA" corps 1 of the 5th Army, "Ind/PRIMA"
    its Independent box, "QUINTA" a Corps Train's army; None: no corps given."""
    box = box.replace("]", "").replace('"', "").strip()
    if "(" in box:
        box = box.split("(")[0].strip()
    if not box:
        return "", None
    if "/" in box:
        corps, army_word = box.split("/", 1)
        army = ARMY_WORD[side].get(army_word.strip(), ARMY_WORD[side].get(army_word.strip().split(" ")[0], ""))
        return army, ("" if corps.strip().lower() == "ind" else corps.strip())
    army = ARMY_WORD[side].get(box, ARMY_WORD[side].get(box.split(" ")[0], ""))
    return army, None


def default_army(g: Game, pid: int) -> str:
    """The army a unit without a printed box joins: its army ID (5.4), else by nationality (BEF,
    Belgian army), else the army of its printed corps' train, else the nearest army depot."""
    t = g.ut(pid)
    if t.army:
        return t.army
    if t.nat == "GB":
        return "BEF"
    if t.nat == "BE":
        return "BELGA"
    if t.corps:
        for q in g.state.pieces:
            u = g.ut(q)
            if u is not None and u.train and u.corps == t.corps and u.side == t.side and g.prop(q, AM):
                army = g.army(q)
                if army:
                    return army
    return nearest_army(g, pid)


def nearest_army(g: Game, pid: int) -> str:
    side = g.side(pid)
    here = g.loc(pid)
    best = ("", 10 ** 6)
    if here not in g.board.hexes:
        return next((a for a, x in g.armies.items() if x.side == side and x.nat == g.ut(pid).nat), "")
    for q in g.units_of(side):
        u = g.ut(q)
        if u.depot and u.army and u.army in g.armies and g.armies[u.army].nat == g.ut(pid).nat:
            d = g.board.distance(here, g.loc(q))
            if d < best[1]:
                best = (u.army, d)
    return best[0]


def create_marker(g: Game, pid: int, army: str, corps: str) -> int | None:
    """Put the unit's Assignment marker on ``army``'s display (28.3 A), in ``corps``'s box
    ("" the Independent box)."""
    t = g.ut(pid)
    if not t.am_type or army not in g.armies:
        return None
    existing = g.prop(pid, AM)
    if existing is not None and existing in g.state.pieces:
        g.move_piece(existing, g.armies[army].box)
        g.do(C.SetProp(existing, CORPS, corps))
        return existing
    cmd = C.Create(t.am_type, g.armies[army].box, None, 0, {"owner": t.side, UNIT: pid, CORPS: corps})
    g.do(cmd)
    g.do(C.SetProp(pid, AM, cmd.pid))
    label = "Independent" if not corps else f"corps {corps}"
    g.do(C.AddMarker(cmd.pid, label))
    return cmd.pid


def set_corps(g: Game, marker: int, corps: str) -> None:
    g.do(C.SetProp(marker, CORPS, corps))
    for old in [t for t in g.state.pieces[marker].markers if t == "Independent" or t.startswith("corps ")]:
        g.do(C.RemoveMarker(marker, old))
    g.do(C.AddMarker(marker, "Independent" if not corps else f"corps {corps}"))


def marker_corps_for(g: Game, pid: int, corps: str | None) -> str:
    """5.2.2: a Formation printed with a corps is assigned to it; 5.2.4: cavalry only Independent;
    24.1: Belgian Formations are Independent."""
    t = g.ut(pid)
    if t.train:
        return t.corps
    if t.cavalry or t.nat == "BE":
        return ""
    if corps is not None:
        return corps if corps else ""
    return t.corps


def assign_at_arrival(g: Game, pid: int, box: str = "") -> None:
    """16.1: a corps or Formation arriving gets its Assignment marker on its army's display."""
    t = g.ut(pid)
    if t is None or not t.am_type:
        if t is not None and not g.prop(pid, "army"):
            army = default_army(g, pid)
            if army:
                g.set_prop(pid, "army", army)
        return
    army, corps = parse_box(t.side, box) if box else ("", None)
    if not army:
        army = default_army(g, pid)
    if not army:
        return
    create_marker(g, pid, army, marker_corps_for(g, pid, corps))


# -- Areas of Assignment (5.1) -------------------------------------------------------------------

def army_markers(g: Game, side: str) -> dict[str, int]:
    out = {}
    for pid, piece in g.state.pieces.items():
        if piece.type == "M-army_plan" and piece.owner == side and piece.loc in g.board.hexes:
            out[piece.props.get("army", "")] = pid
    return out


def _partition(g: Game, seeds: list[tuple[str, str]]) -> dict[str, str]:
    """Multi-source BFS over land: each hex to the nearest seed (ties: the earlier seed)."""
    board = g.board
    playable = g.rules.playable(g)
    owner: dict[str, str] = {}
    queue = deque()
    for army, h in seeds:
        if h in owner or h not in board.land:
            continue
        owner[h] = army
        queue.append(h)
    while queue:
        h = queue.popleft()
        a = owner[h]
        for n in board.nbrs.get(h, ()):
            if n in owner or n not in playable:
                continue
            owner[n] = a
            queue.append(n)
    return owner


def aoa_map(g: Game, side: str) -> dict[str, dict[str, str]]:
    """hex -> army, per partition (5.1.4 / 22.2 / 22.3.1 keep separate partitions); kept as long
    as the Army markers, the GDT's train and the GT's bands (18, 22) are unchanged."""
    markers = g.cached("armymarkers:" + side, lambda: army_markers(g, side))
    gdt = [p for p in g.units_of("allied") if g.ut(p).train and g.ut(p).corps == "GDT"] \
        if side == "allied" and g.gt < 18 else []
    paris = any(g.army(p) == "PARIS" for p in g.units_of(side)) if side == "allied" else False
    key = ("aoa", side, g.get("scenario_id"), g.gt >= 22, g.gt < 18, paris,
           tuple(sorted((a, g.state.pieces[m].loc) for a, m in markers.items())),
           g.loc(gdt[0]) if gdt else "")
    memo = g.rules._memo
    if key in memo:
        return memo[key]
    if len(memo) > 64:
        memo.clear()

    def build():
        order = [a for a in g.armies if a in markers]
        groups: dict[str, list[tuple[str, str]]] = {"main": []}
        for a in order:
            if a == "PARIS":
                continue
            key = "main"
            if side == "allied" and g.gt >= 22 and a in ("BEF", "BELGA"):
                key = "ally"                                   # 5.1.4
            groups.setdefault(key, []).append((a, g.state.pieces[markers[a]].loc))
        if side == "allied" and g.gt < 18:                     # 22.3.1: the GDT's own area
            gdt = [p for p in g.units_of("allied") if g.ut(p).train and g.ut(p).corps == "GDT"]
            if gdt:
                groups["main"].append(("GDT", g.loc(gdt[0])))
        out = {k: _partition(g, v) for k, v in groups.items()}
        if "PARIS" in markers or paris:
            out["paris"] = {h: "PARIS" for h in g.board.paris_area}          # 22.2
        by_army: dict[str, set[str]] = {}
        for part in out.values():
            for h, a in part.items():
                by_army.setdefault(a, set()).add(h)
        out["_by_army"] = {a: frozenset(v) for a, v in by_army.items()}
        return out
    memo[key] = build()
    return memo[key]


def army_aoa(g: Game, side: str, army: str) -> frozenset[str]:
    return aoa_map(g, side)["_by_army"].get(army, frozenset())


def aoa_at(g: Game, side: str, h: str) -> str:
    """The army whose AoA ``h`` is in (main partition; the Paris Area overlaps)."""
    return aoa_map(g, side).get("main", {}).get(h, "")


def place_army_markers(g: Game, side: str) -> None:
    """28.3 C: each army's Army marker just behind its units (at set-up: at its depot, else at
    the hex nearest its Formations' centre)."""
    existing = army_markers(g, side)
    for army, a in g.armies.items():
        if a.side != side or army in existing:
            continue
        units = [p for p in g.units_of(side) if g.army(p) == army and (g.is_formation(p) or g.ut(p).depot)]
        if not units:
            continue
        depots = [p for p in units if g.ut(p).depot]
        where = g.loc(depots[0]) if depots else g.loc(units[0])
        g.do(C.Create("M-army_plan", where, None, 0, {"owner": side, "army": army}))
        g.note(f"{a.name}: Army marker at {g.hexname(where)} (28.3 C)")


def set_support_armies(g: Game, side: str) -> None:
    """5.0 / 5.1.2: every Support unit inside an army's AoA in the Assignment Phase is assigned
    to it (units in Rail Mode excepted); army units keep their army (5.4)."""
    for pid in g.units_of(side):
        t = g.ut(pid)
        if g.prop(pid, AM) is not None or t.army or g.in_rail_mode(pid):
            continue
        army = aoa_at(g, side, g.loc(pid))
        if army == "GDT":
            army = ""
        if army and army != g.prop(pid, "army"):
            if t.nat in ("GB", "BE") or g.armies.get(army) is None or g.armies[army].nat == t.nat \
                    or (army == "BELGA" and t.id in FOREIGN_BELGA):            # 5.2.5
                g.set_prop(pid, "army", army)
