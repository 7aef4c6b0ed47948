"""The Terrain Effects Chart as the rules apply it (3.4, 3.5, 7.1, 9.3, 9.6.1, 10.1.1a).

Movement pays the hexside crossed (7.1): its drawn terrain (forest, dense forest, marsh; else the
cheaper of the two hexes' terrain, 7.1.3), plus the river (7.1.3) or the road bridge instead
(7.1.4: implicit on every Major and Great river hexside), plus the Ijzer flood once created
(21.3). Combat reads the defender's hex terrain (one DS bonus per hex, 9.3.1) and the hexside
each attacking Force crosses (9.3.2), with the column shifts of 9.6.1.
"""
from __future__ import annotations

from .data import BRIDGE_MP, FLOOD_MP, MOUNTAINOUS, RIVER_MP
from .game import Game

#: TEC combat column, in-hex terrain: DS bonus to a defending group (9.3.1). Wooded, Heath,
#: Mountain Valley and Steep Mountain cells are reconstructed (digest 4.1 note 1).
DS_BONUS = {"open": 0, "wooded": 2, "heath": 0, "mountain_valley": 2, "mountain": 4, "steep_mountain": 4}
#: TEC combat column, hexsides: AS reduction per attacking Force crossing it (9.3.2); the Dense
#: Forest and Marsh cells are reconstructed (digest 4.1 note 3).
AS_MOD_RIVER = {"minor": -1, "major": -2, "great": -2, "imposing": -3}
AS_MOD_SIDE = {"dense": -2, "marsh": -2}
#: 9.6.1 left shifts when every attacking Combat unit crosses such a river.
RIVER_SHIFT = {"great": 1, "imposing": 2}

BRIDGED = ("major", "great")     # 3.4.4 / 7.1.4: road bridges assumed on these


def side_key(a: str, b: str) -> str:
    """A hexside's key in the state: its two hexes in order."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def blown(g: Game, a: str, b: str) -> bool:
    return side_key(a, b) in g.cached("blown", lambda: frozenset(g.get("blown_bridges", [])))


def has_road_bridge(g: Game, a: str, b: str) -> bool:
    """3.4.4 / 24.6: a road bridge crosses this hexside (implicit on Major and Great rivers; the
    Belgian Pontoon 51.16-52.16 until a German unit occupies either hex)."""
    attrs = g.board.side.get((a, b), {})
    if attrs.get("pontoon"):
        return not g.get("pontoon_destroyed") and (g.get("pontoon_used") is None
                                                   or g.get("pontoon_used") != g.get("phase_id"))
    return attrs.get("river") in BRIDGED


def bridge_usable(g: Game, a: str, b: str) -> bool:
    return has_road_bridge(g, a, b) and not blown(g, a, b)


def flood(g: Game, a: str, b: str) -> bool:
    """21.3: the Ijzer flood hexsides exist only once the inundation succeeded."""
    return bool(g.board.side.get((a, b), {}).get("flood")) and bool(g.get("ijzer_flooded"))


def crossing_cost(g: Game, a: str, b: str) -> tuple[int | None, bool]:
    """(MP to cross hexside a-b before EZOC costs, needs-to-start-adjacent) — None: prohibited
    (sea, Mountain Crest: TEC). 7.1.5: Imposing rivers (unbridged) and Flood hexsides need the
    unit to start the phase adjacent."""
    base = g.board.base_mp.get((a, b))
    if base is None:
        return None, False
    attrs = g.board.side[(a, b)]
    river = attrs.get("river")
    adjacent_needed = False
    cost = base
    if river:
        if bridge_usable(g, a, b):
            cost += BRIDGE_MP
        else:
            cost += RIVER_MP[river]
            adjacent_needed = river == "imposing"
    if flood(g, a, b):
        cost += FLOOD_MP
        adjacent_needed = True
    return cost, adjacent_needed


def mountainous(g: Game, h: str) -> bool:
    return g.board.terrain.get(h) in MOUNTAINOUS


def ds_bonus(g: Game, h: str) -> int:
    """9.3.1: the one terrain bonus of the defending group's hex."""
    return DS_BONUS.get(g.board.terrain.get(h, "open"), 0)


def attack_modifier(g: Game, frm: str, to: str) -> int:
    """9.3.2: AS change for a Force attacking from ``frm`` into ``to`` (river classes; Dense
    Forest and Marsh hexsides). 3.4.5: attacking 46.36 -> 46.37 ignores the Meuse; a double river
    counts once. Road bridges do not affect combat (3.4.4)."""
    attrs = g.board.side.get((frm, to), {})
    mod = 0
    river = attrs.get("river")
    if river and not (attrs.get("one_sided") == frm):
        mod += AS_MOD_RIVER.get(river, 0)
    forest = attrs.get("forest")
    if forest == "dense":
        mod += AS_MOD_SIDE["dense"]
    if attrs.get("marsh"):
        mod += AS_MOD_SIDE["marsh"]
    return mod


def river_class(g: Game, frm: str, to: str) -> str:
    attrs = g.board.side.get((frm, to), {})
    if attrs.get("one_sided") == frm:
        return ""
    return str(attrs.get("river", "") or "")


def forest_side(g: Game, a: str, b: str) -> bool:
    """3.4.3: Forest hexsides are Forest and Dense Forest."""
    return bool(g.board.side.get((a, b), {}).get("forest"))


def escarpment_up(g: Game, frm: str, to: str) -> bool:
    """10.1.1a: firing from ``frm`` up the escarpment into ``to`` (the upper hex)."""
    return g.board.side.get((frm, to), {}).get("escarpment_up") == to


def transition(g: Game, h: str) -> int:
    """3.5.1: the open elevation (1 Depression, 2 Height, 3 Hill) that ``h``'s elevation-transition
    colour shades into; 0 none (reconstructed data: `locations.csv` `transition`, derived from the
    elevation tint, authoring/build_transitions.py)."""
    return int(g.board.hexes.get(h, {}).get("transition") or 0)


def transition_between(g: Game, a: str, b: str) -> bool:
    """3.5.1: transition colour lies between the elevations of ``a`` and ``b``: one of them is
    shaded into the other's elevation."""
    elev = g.board.elev
    return transition(g, a) == elev.get(b, 0) or transition(g, b) == elev.get(a, 0)


def uphill(g: Game, frm: str, to: str) -> bool:
    """3.5: ``to`` is at a higher elevation than ``frm`` — unless elevation-transition colour lies
    between them, which gives the higher elevation no combat benefit (3.5.1)."""
    elev = g.board.elev
    return elev.get(to, 0) > elev.get(frm, 0) and not transition_between(g, frm, to)
