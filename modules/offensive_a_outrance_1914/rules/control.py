"""3.3 Hex control and the Front Line; 18.1 friendly operational railways.

Reading (COVERAGE readings R3): a hex is controlled by the side occupying it with a Combat unit,
else by the last side to pass a Combat unit through it, else by the side whose rear it lies in —
"behind the Front Line" (3.3.1) is computed as the hexes one side can reach from its friendly
map edges (1.1) without entering enemy units or un-negated enemy zones of control while the
other side cannot; hexes neither or both sides reach keep their last controller; at the start
France and Belgium are Allied, Germany and Luxembourg German. Nobody controls a hex holding a
friendly unit and an enemy Fortress (3.3).
"""
from __future__ import annotations

from .data import ENEMY, SIDES
from .game import Game
from .special_rr import special_open

#: 1.1 friendly map edges: France for the Allies, Germany for the German.
EDGE_COUNTRY = {"allied": "FR", "german": "DE"}
DEFAULT = {"FR": "allied", "BE": "allied", "DE": "german", "LU": "german"}


def default_control(g: Game, h: str) -> str:
    return DEFAULT.get(str(g.board.hexes.get(h, {}).get("country", "")), "")


def controller(g: Game, h: str) -> str:
    """The side controlling ``h`` now ("" nobody)."""
    units = g.units_at(h)
    if units:
        sides = {g.side(p) for p in units}
        if len(sides) > 1:          # a unit stacked with an enemy Fortress: nobody (3.3)
            return ""
        combat = [p for p in units if g.is_combat(p)]
        if combat:
            return g.side(combat[0])
    return g.get("control", {}).get(h) or default_control(g, h)


def controlled_by(g: Game, h: str, side: str) -> bool:
    return controller(g, h) == side


def pass_through(g: Game, side: str, hexes: list[str]) -> None:
    """3.3: a Combat unit of ``side`` passing through (or stopping in) these hexes controls them;
    18.1.3: an enemy operational RR hex it enters becomes non-operational for its owner."""
    control = dict(g.get("control", {}))
    changed = False
    for h in hexes:
        if any(g.side(p) != side and g.ut(p).fortress for p in g.units_at(h)):
            continue
        want = side if default_control(g, h) != side else None
        if control.get(h) != want:
            if want is None:
                control.pop(h, None)
            else:
                control[h] = want
            changed = True
    if changed:
        g.set("control", control)
    cut_rail(g, ENEMY[side], hexes)


def _reach(g: Game, side: str) -> set[str]:
    """Hexes ``side`` reaches from its friendly map edges without entering enemy units or
    un-negated enemy ZOC (friendly units or friendly ZOC negate it, as for supply, 3.2.2)."""
    board = g.board
    enemy = ENEMY[side]
    ezoc, fzoc = g.zoc(enemy), g.zoc(side)
    at = g.index()["side_at"]
    playable = g.rules.playable(g)
    start = sorted(g.rules.friendly_edges(g, side))

    def open_(h: str) -> bool:
        if at.get(h) == enemy and g.enemy_in(h, side):
            return False
        return h not in ezoc or at.get(h) == side or h in fzoc

    seen = {h for h in start if open_(h)}
    frontier = list(seen)
    while frontier:
        nxt = []
        for h in frontier:
            for n in board.nbrs.get(h, ()):
                if n in seen or n not in playable:
                    continue
                attrs = board.side[(h, n)]
                if attrs.get("sea"):
                    continue
                if open_(n):
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return seen


def update_fronts(g: Game) -> None:
    """3.3/3.3.1: hexes behind one side's front line (reachable by it, not by the enemy) become
    its controlled hexes, unless occupied by enemy units."""
    reach = {s: _reach(g, s) for s in SIDES}
    control = dict(g.get("control", {}))
    changed = False
    for side in SIDES:
        enemy = ENEMY[side]
        for h in reach[side] - reach[enemy]:
            if g.units_at(h) and g.side_at(h) == enemy:
                continue
            want = side if default_control(g, h) != side else None
            if control.get(h) != want:
                if want is None:
                    control.pop(h, None)
                else:
                    control[h] = want
                changed = True
    if changed:
        g.set("control", control)


# -- 18.1 friendly operational railways ------------------------------------------------------

def operational(g: Game, side: str) -> frozenset[str]:
    """The friendly operational RR hexes of ``side`` (18.1.1) as last set in its RR Engineering
    Phase, less those cut since (18.1.3)."""
    return g.cached("rail:" + side, lambda: frozenset(g.get("rail_" + side, [])))


def cut_rail(g: Game, side: str, hexes: list[str]) -> None:
    """18.1.3 (1): an enemy unit passing through or stopping in an operational hex of ``side``."""
    ops = operational(g, side)
    hit = [h for h in hexes if h in ops]
    if hit:
        g.set("rail_" + side, sorted(ops - set(hit)))


def demolished(g: Game, a: str, b: str) -> bool:
    """18.4.2: a hexside with a demolished RR structure carries no rail movement, LOC or
    railhead advance."""
    key = f"{a}|{b}" if a < b else f"{b}|{a}"
    return key in g.cached("demolished", lambda: frozenset(g.get("rr_demolished", [])))


def rail_network(g: Game, side: str) -> set[str]:
    """18.2: every RR line behind the friendly Front Line (controlled by ``side``) and connected
    to a friendly map edge is friendly operational; 18.3.2: cleared Réseau du Nord lines stay out
    until GT 14; 18.4.2: not across demolished structures."""
    board = g.board
    playable = g.rules.playable(g)
    excluded: set[str] = set()
    if side == "allied" and g.gt < 14:
        for area in ("E", "W"):
            if g.get(f"rdn_{area}_cleared"):
                excluded |= g.rules.reseau_du_nord[area]
    enemy = ENEMY[side]

    def ok(h: str) -> bool:
        return (h in playable and h not in excluded and controlled_by(g, h, side)
                and not (g.side_at(h) == enemy and g.enemy_in(h, side)))

    if g.scenario() == "lorraine":             # 29.3.2: every RR line behind the front line
        return {h for h in board.rail if ok(h)}
    start = [h for h in sorted(g.rules.friendly_edges(g, side)) if h in board.rail and ok(h)]
    seen = set(start)
    frontier = list(start)
    while frontier:
        nxt = []
        for h in frontier:
            for n in board.rail_nbrs.get(h, ()):
                if n in seen or not ok(n) or (demolished(g, h, n) and not special_open(g, h, n, side)):  # 18.5
                    continue
                if board.rail_link[(h, n)] == "special" and side != "german":
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return seen


def railheads(g: Game, side: str, network: set[str]) -> list[str]:
    """18.1.2: the Railhead markers stand where the operational network ends: operational RR
    hexes joined by rail to a non-operational one."""
    board = g.board
    return sorted(h for h in network if any(n not in network for n in board.rail_nbrs.get(h, ())))
