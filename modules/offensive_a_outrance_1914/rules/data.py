"""What the rules read from the module, computed once per ruleset: the map (terrain, hexsides,
railways, places), the counters (categories, sizes, values) and the armies' displays.

Nothing here changes during a game; everything that does lives in the game state and is read
through :class:`.game.Game`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from engine.board import MapGraph
from engine.hexgrid import scheme_for
from engine.model import Module

SIDES = ("allied", "german")
ENEMY = {"allied": "german", "german": "allied"}
NAT_SIDE = {"FR": "allied", "BE": "allied", "GB": "allied", "DE": "german", "AH": "german"}
NAT_NAME = {"FR": "French", "BE": "Belgian", "GB": "British", "DE": "German", "AH": "Austro-Hungarian"}

INFANTRY_TYPES = frozenset({"infantry", "chasseurs", "alpini", "loc_infantry"})
CAVALRY_TYPES = frozenset({"cavalry", "jaeger_cavalry", "loc_cavalry"})
ARTILLERY_TYPES = frozenset({"artillery", "siege_artillery", "siege_train_hq"})

#: 1.1 division-equivalents by type and size (a Corps Train counts 1, 8.8/15.6: depots 0).
DE = {("infantry", "division"): 1.0, ("infantry", "brigade"): 0.5, ("infantry", "regiment"): 0.25,
      ("cavalry", "corps"): 1.0, ("cavalry", "division"): 0.5, ("cavalry", "brigade"): 0.25}

#: TEC (digest 4.1): MP to cross a hexside drawn in this in-hex terrain (7.1: only the hexside is
#: paid), the DS bonus of a defending group in the hex (9.3.1) and the mountainous flag (3.4.3).
HEX_MP = {"open": 2, "wooded": 2, "heath": 3, "mountain_valley": 3, "mountain": 4, "steep_mountain": 4}
MOUNTAINOUS = frozenset({"mountain_valley", "mountain", "steep_mountain"})
#: TEC hexside terrain MP (forest, dense forest, marsh replace the hexes' terrain when drawn).
SIDE_MP = {"forest": 3, "dense": 4, "marsh": 3}
#: TEC river MP added to the hexside (7.1.3) and the road bridge's +1 instead (7.1.4).
RIVER_MP = {"minor": 1, "major": 2, "great": 3, "imposing": 3}
BRIDGE_MP = 1
FLOOD_MP = 3

#: 6.1.4 the CE status ladder: index = reductions taken; CEL modifier; name.
CE_STEPS = ((0, "full"), (-1, "-1"), (-2, "-2"), (-3, "-3"), (-3, "CI"), (-3, "D1"), (-3, "D2"))
CI, D1, D2 = 4, 5, 6

#: Army displays whose plan keys (26.4.1, 26.6.1) follow the strategic_plans table.
PLAN_OF = {"FR1": "FR_1st", "FR2": "FR_2nd", "FR3": "FR_3rd", "FR4": "FR_4th", "DE1": "DE_1st",
           "DE2": "DE_2nd", "DE3": "DE_3rd", "DE4": "DE_4th", "DE5": "DE_5th", "DE6": "DE_6th"}
#: The army name printed in unit IDs (army units, 5.4) -> army display, per side.
ARMY_WORD = {"allied": {"PRIMA": "FR1", "SECONDA": "FR2", "TERZA": "FR3", "QUARTA": "FR4", "QUINTA": "FR5",
                        "SESTA": "FR6", "NONA": "FR9", "DECIMA": "FR10", "ALSACE": "ALSACE", "ALSAZIA": "ALSACE",
                        "Det. d'Armée": "DET", "PARIS": "PARIS", "GDT": "GDT", "BEF": "BEF", "BELGA": "BELGA"},
             "german": {"PRIMA": "DE1", "SECONDA": "DE2", "TERZA": "DE3", "QUARTA": "DE4", "QUINTA": "DE5",
                        "SESTA": "DE6", "SETTIMA": "DE7", "BELGIEN": "BELGIEN", "METZ": "METZ",
                        "STRAßBURG": "GAEDE", "STRAßBURG Gaede": "GAEDE",
                        "STRAßBURG Falkenhausen": "FALKENHAUSEN"}}


@dataclass(frozen=True)
class UnitType:
    """A counter as printed (2.0), classified for the rules."""
    id: str
    name: str
    side: str
    nat: str
    utype: str              # infantry, cavalry, corps_train, depot, fortress, fort, ...
    size: str               # corps, division, brigade, regiment, army, ""
    de: float               # 1.1 division-equivalents
    formation: bool         # 1.1: a combat unit with an Assignment marker
    am_type: str            # its Assignment marker type ("" for none)
    corps: str              # printed corps (2.2.1; "" for independent)
    army: str               # army display of an army unit (5.4; "" if none)
    loc: bool               # 8.7 LOC unit
    garrison: int | None    # 8.6 garrison range (0: stays in its camp or city); None: not garrison
    faces: tuple            # values per face: dicts of as/ds/pr/av/range/ammo
    attrs: Mapping = field(default_factory=dict)

    # -- categories (1.2, 2.1) ------------------------------------------------------------------
    @property
    def infantry(self) -> bool:
        return self.utype in INFANTRY_TYPES

    @property
    def cavalry(self) -> bool:
        return self.utype in CAVALRY_TYPES

    @property
    def combat(self) -> bool:
        return self.utype in INFANTRY_TYPES or self.utype in CAVALRY_TYPES

    @property
    def artillery(self) -> bool:
        return self.utype in ARTILLERY_TYPES

    @property
    def supply(self) -> bool:
        return self.utype in ("depot", "corps_train")

    @property
    def depot(self) -> bool:
        return self.utype == "depot"

    @property
    def train(self) -> bool:
        return self.utype == "corps_train"

    @property
    def fortress(self) -> bool:
        return self.utype == "fortress"

    @property
    def fort(self) -> bool:
        return self.utype == "fort"

    @property
    def siege(self) -> bool:
        return self.utype == "siege_artillery"

    @property
    def hq(self) -> bool:
        return self.utype == "siege_train_hq"

    @property
    def base_ce(self) -> int:
        return int(self.attrs.get("base_ce", 0) or 0)

    @property
    def division_size(self) -> bool:
        return self.size in ("division", "corps") and self.combat


class Board:
    """The map as the rules read it: hexes in play, terrain, hexside costs and features,
    railways and places (2.0-3.5 of the digest). Built once per module."""

    def __init__(self, module: Module) -> None:
        self.graph = MapGraph.from_module(module)
        grid = module.grids[0]
        self.scheme = scheme_for(grid)
        locs = module.locations
        self.hexes: dict[str, Mapping] = {}
        self.terrain: dict[str, str] = {}
        self.colrow: dict[str, tuple[int, int]] = {}
        for lid, loc in locs.items():
            if loc.kind != "hex":
                continue
            self.hexes[lid] = loc.attrs
            self.terrain[lid] = loc.terrain
            self.colrow[lid] = self.scheme.to_offset(self.graph.hex_of(lid))
        #: Hexes a unit may ever occupy: land, not in the neutral Netherlands or Switzerland
        #: (reading: the map's neutral countries are out of play; 1.1 makes their edges nobody's).
        self.land = frozenset(h for h, a in self.hexes.items()
                              if self.terrain[h] != "sea" and a.get("country") not in ("NL", "CH", ""))
        self.elev = {h: int(a.get("elev", 0) or 0) for h, a in self.hexes.items()}
        self.name = {h: locs[h].name for h in self.hexes if locs[h].name}
        self.nbrs: dict[str, tuple[str, ...]] = {h: tuple(n for n in self.graph.neighbours(h) if n in self.land)
                                                for h in self.land}
        self.all_nbrs: dict[str, tuple[str, ...]] = {h: tuple(self.graph.neighbours(h)) for h in self.hexes}
        # hexside features, keyed both ways
        self.side: dict[tuple[str, str], Mapping] = {}
        empty = MappingProxyType({})
        for h in self.land:
            for n in self.nbrs[h]:
                e = self.graph.edge(h, n)
                self.side[(h, n)] = e.attrs if e is not None else empty
        #: 7.1.3 base MP of each hexside (None: prohibited), before rivers, bridges and EZOC
        self.base_mp: dict[tuple[str, str], int | None] = {}
        for (a, b), attrs in self.side.items():
            if attrs.get("sea") or attrs.get("crest"):
                self.base_mp[(a, b)] = None
                continue
            feature = "dense" if attrs.get("forest") == "dense" else (
                "forest" if attrs.get("forest") == "forest" else ("marsh" if attrs.get("marsh") else ""))
            if feature:
                cost = SIDE_MP[feature]
            else:   # 7.1.3: mixed terrain along a hexside -> the cheaper for the mover
                cost = min(HEX_MP.get(self.terrain[a], 2), HEX_MP.get(self.terrain[b], 2))
            self.base_mp[(a, b)] = cost
        #: 3.2.1: the hexes a unit in ``h`` projects its ZOC into (not across sea or crest)
        self.zoc_nbrs: dict[str, tuple[str, ...]] = {
            h: tuple(n for n in self.nbrs[h] if not (self.side[(h, n)].get("sea") or self.side[(h, n)].get("crest")))
            for h in self.land}
        #: 7.1.3 / 7.1.4: the static part of a hexside's MP: (cost with its road bridge standing,
        #: cost with the bridge blown or none, needs-start-adjacent without a bridge, bridged)
        self.move_mp: dict[str, list[tuple[str, int, int, bool, bool, bool]]] = {}
        for h in self.land:
            row = []
            for n in self.nbrs[h]:
                base = self.base_mp[(h, n)]
                if base is None:
                    continue
                attrs = self.side[(h, n)]
                river = attrs.get("river")
                bridged = bool(river in ("major", "great") or attrs.get("pontoon"))
                with_bridge = base + (BRIDGE_MP if bridged else (RIVER_MP[river] if river else 0))
                without = base + (RIVER_MP[river] if river else 0)
                adjacent = river == "imposing" and not attrs.get("pontoon")
                row.append((n, with_bridge, without, adjacent or (river == "imposing"), bridged, bool(attrs.get("flood"))))
            self.move_mp[h] = row
        self.rail: dict[str, str] = {h: a.get("rail", "") for h, a in self.hexes.items() if a.get("rail")}
        #: rail lines between hexes: (a, b) -> "double" / "single"
        self.rail_link: dict[tuple[str, str], str] = {}
        for (a, b), attrs in self.side.items():
            if attrs.get("rail"):
                self.rail_link[(a, b)] = attrs["rail"]
        self.rail_nbrs: dict[str, tuple[str, ...]] = {}
        for (a, b) in self.rail_link:
            self.rail_nbrs.setdefault(a, ())
            self.rail_nbrs[a] = self.rail_nbrs[a] + (b,)
        self.ports = frozenset(h for h, a in self.hexes.items() if a.get("port"))
        self.coastal = frozenset(h for h, a in self.hexes.items() if a.get("coastal"))
        self.map_edge = {h: a["map_edge"] for h, a in self.hexes.items() if a.get("map_edge")}
        self.printed_ip = frozenset(h for h, a in self.hexes.items() if a.get("printed_ip"))
        self.paris_area = frozenset(h for h, a in self.hexes.items() if a.get("paris_area"))
        self.lorraine = frozenset(h for h, a in self.hexes.items() if a.get("lorraine"))
        self.sheets = {h: str(a.get("sheets", "")).split() for h, a in self.hexes.items()}
        self.objectives: dict[str, list[str]] = {}
        for h, a in self.hexes.items():
            if a.get("objective"):
                self.objectives.setdefault(a["objective"], []).append(h)
        self.vp = {h: int(a.get("vp", 0) or 0) for h, a in self.hexes.items() if a.get("vp")}

    # -- geometry ----------------------------------------------------------------------------------
    def distance(self, a: str, b: str) -> int:
        return self.graph.distance(a, b)

    def col(self, h: str) -> int:
        return self.colrow[h][0]

    def row(self, h: str) -> int:
        return self.colrow[h][1]

    def within(self, centre: str, radius: int) -> list[str]:
        """Every hex (land or not) at most ``radius`` hexes from ``centre`` (1.2 range)."""
        out, frontier, seen = [centre], [centre], {centre}
        for _ in range(radius):
            nxt = []
            for h in frontier:
                for n in self.all_nbrs[h]:
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            out += nxt
            frontier = nxt
        return out

    def river(self, a: str, b: str) -> str:
        return str(self.side.get((a, b), {}).get("river", "") or "")

    def label(self, h: str) -> str:
        """``"Paris (16.36)"`` for a named hex, else the hex number."""
        name = self.name.get(h)
        return f"{name} ({h})" if name and "(" not in name else h


def read_units(module: Module) -> dict[str, UnitType]:
    """Every counter type the rules handle (units, forts, fortresses, HQs, siege markers)."""
    am_of: dict[str, str] = {}
    for t in module.piece_types.values():
        if t.unit_type == "assignment" and t.attrs.get("unit"):
            am_of[str(t.attrs["unit"])] = t.id
    out: dict[str, UnitType] = {}
    for t in module.piece_types.values():
        if t.kind not in ("unit", "fort", "hq") and t.unit_type != "siege_marker":
            continue
        a = t.attrs
        am = am_of.get(t.id, "")
        if not am and t.id.replace("+", "") in am_of:          # 2.8: 26+ uses marker 26
            am = am_of[t.id.replace("+", "")]
        if not am and a.get("secondary_of"):                   # 8.1.1, 24.2.1: the primary's marker
            am = am_of.get(str(a["secondary_of"]), "")
        combat = t.unit_type in INFANTRY_TYPES or t.unit_type in CAVALRY_TYPES
        size = t.size or ""
        de = float(a.get("de", 0.0) or 0.0)
        army = str(a.get("army", "") or "")
        side = t.side
        if army:
            army = ARMY_WORD[side].get(army, ARMY_WORD[side].get(army.split(" ")[-1], ""))
        else:
            for word, aid in ARMY_WORD[side].items():
                if word in t.name.split(" ") or t.name.startswith(word + " ") or t.name == word:
                    army = aid
                    break
            if army in ("METZ", "GAEDE", "FALKENHAUSEN", "PARIS", "GDT") and t.unit_type != "depot":
                army = ""                                        # garrison names, not army IDs
        garrison = a.get("garrison")
        faces = tuple(dict(f.values) for f in t.faces)
        out[t.id] = UnitType(
            id=t.id, name=t.name, side=side, nat=t.nationality, utype=t.unit_type, size=size, de=de,
            formation=combat and bool(am), am_type=am if (combat or t.unit_type == "corps_train") else "",
            corps=str(a.get("corps", "") or ""), army=army, loc=bool(a.get("loc")),
            garrison=None if garrison in (None, "") else int(garrison), faces=faces, attrs=a)
    return out


@dataclass(frozen=True)
class Army:
    """An Army Organization Display (5.2): its box, side, nationality, Corps boxes, depots."""
    id: str
    box: str
    side: str
    nat: str
    name: str
    corps_boxes: int
    depots: tuple[str, ...]
    order: int


def read_armies(module: Module) -> dict[str, Army]:
    out = {}
    for loc in module.locations.values():
        if loc.id.startswith("org:"):
            a = loc.attrs
            out[str(a["army"])] = Army(str(a["army"]), loc.id, loc.owner, str(a.get("nationality", "")),
                                       loc.name.split(": ", 1)[-1], int(a.get("corps_boxes", 0) or 0),
                                       tuple(str(a.get("depots", "") or "").split()), int(a.get("army_order", 0)))
    return dict(sorted(out.items(), key=lambda kv: kv[1].order))
