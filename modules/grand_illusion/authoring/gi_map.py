"""Grand Illusion map data: the 107 hexes, their hexside features and the off-map displays.

Inputs: the Italian rulebook (shared/seeds/001_83503ceabf8b8759.txt) for every hex fact it states
(cited per attribute in provenance.csv), and, for everything it does not state, real geography:
the approximate position of each hex is the least-squares affine fit of the grid
(``GRID_PARAMS``, flat-topped columns numbered west to east, north to south) to the towns the
rulebook names (see ``ANCHORS`` and ``fit_positions``); each hex was then named, given its
country, terrain modifier, coast, railway and border data BY HAND from 1914 maps, using the fitted
positions only as a guide (the printed map is distorted: Le Havre and Versailles fall 50 km from
their fitted hex centres). Nothing here needs a package outside the standard library except the
fit, which uses ``numpy`` only when ``--fit`` is passed (the hand-authored data does not).

What was corrected by hand: every rulebook-named hex keeps its rulebook name even where the fit
put the town one hex away (Brussels 62 not 53, Liege 72 not 82, Mezieres 56 not 65, Maubeuge 54
not 45); the railway net (``RAIL_LINES``) was drawn so that the rulebook's design notes hold
(11.2.1 NOTE: 102 and 107 are Allied dead ends; the German cannot supply units in 52 on turn 1
without 62; 11.2.1 c: a railway runs from 44 into 54).
"""
from __future__ import annotations

GRID_PARAMS = {
    "firsts": "1 7 14 23 32 42 52 62 71 81 91 99 105",
    "lengths": "6 7 9 9 10 10 10 9 10 10 8 6 3",
    "starts": "5 4 2 1 1 0 1 1 1 1 2 4 8",
    "parity": "odd",
}
HEX_SIZE = 64.0
ORIGIN_X = 96.0
ORIGIN_Y = 70.0

#: Towns the rulebook names, with their real latitude/longitude (degrees), used for the fit.
ANCHORS = {1: (49.49, 0.11), 7: (49.92, 1.08), 14: (50.84, 1.74), 19: (48.86, 2.35),
           10: (48.80, 2.13), 23: (51.03, 2.38), 24: (50.72, 2.53), 32: (51.27, 3.06),
           34: (50.63, 3.06), 43: (51.05, 3.72), 52: (51.22, 4.40), 54: (50.37, 3.96),
           56: (49.77, 4.72), 62: (50.85, 4.35), 64: (50.47, 4.87), 72: (50.63, 5.57),
           76: (49.16, 5.38), 77: (48.90, 5.54), 79: (47.86, 5.33), 86: (49.12, 6.18),
           87: (48.69, 6.04), 94: (49.75, 6.64), 98: (48.17, 6.45), 104: (47.70, 7.10),
           105: (48.58, 7.75)}

# --------------------------------------------------------------------------------------------
# Rulebook hex lists (each is cited in provenance.csv)
GERMAN_VP = (8, 14, 16, 23, 26, 34, 36, 38, 48, 52, 58, 76, 87, 98, 104)          # 3.2.2
PLAN17_VP = (85, 86, 95, 96, 100, 103, 105, 107)                                   # 3.2.1
SCHLIEFFEN = (1, 7, 8, 14, 15, 16, 23, 24, 32, 33, 42, 43)                         # 8.4.8
PARIS_RING = (9, 10, 18, 20, 28, 29)                                               # 8.4.9 a
BELGIUM = (23, 32, 33, 42, 43, 44, 52, 53, 54, 55, 62, 63, 64, 65, 71, 72, 73, 74, 81, 83)  # 8.4.7 a
PORTS = {32: "Zeebrugge/Ostend", 23: "Dunkirk", 14: "Calais/Boulogne", 7: "Dieppe", 1: "Le Havre"}  # 10.4
SUPPLY = {1: "FR BR BE", 4: "FR BR", 13: "FR", 14: "BR BE", 61: "FR", 80: "FR", 89: "FR",
          52: "BE", 91: "GE", 94: "GE", 100: "GE", 105: "GE", 107: "GE"}          # 11.2.4-5
VOSGES = (102, 103)                                                                # 2.2, 8.4.6
VP_DOUBLE = (86, 105, 76, 87)                              # 3.2.1 / 13.4 g (86, 105); 13.4 h (76, 87)
DUTCH_BORDER_ENTRY = (42, 52, 62, 71)                                              # 13.3 b 4-5
IMPASSABLE = ((42, 52), (71, 81))                                                  # 13.3 b 5

# --------------------------------------------------------------------------------------------
# The hexes. name; primary country; every country with territory in the hex; control at start
# (black box = "german"); TEM. Names, countries, control and TEM are reconstructed unless the
# rulebook gives them (provenance.csv says which).
A, G = "allied", "german"
HEXES: dict[int, tuple[str, str, str, str, int]] = {
    1: ("Le Havre", "FR", "FR", A, 0),
    2: ("Evreux", "FR", "FR", A, 0),
    3: ("Alencon", "FR", "FR", A, 0),
    4: ("Le Mans", "FR", "FR", A, 0),
    5: ("Vendome", "FR", "FR", A, 0),
    6: ("Tours", "FR", "FR", A, 0),
    7: ("Dieppe", "FR", "FR", A, 0),
    8: ("Rouen", "FR", "FR", A, 0),
    9: ("Mantes", "FR", "FR", A, 0),
    10: ("Versailles", "FR", "FR", A, 0),
    11: ("Chartres", "FR", "FR", A, 0),
    12: ("Chateaudun", "FR", "FR", A, 0),
    13: ("Blois", "FR", "FR", A, 0),
    14: ("Calais / Boulogne", "FR", "FR", A, 0),
    15: ("Montreuil / Etaples", "FR", "FR", A, 0),
    16: ("Abbeville", "FR", "FR", A, 0),
    17: ("Beauvais", "FR", "FR", A, 0),
    18: ("Senlis / Creil", "FR", "FR", A, 0),
    19: ("Paris", "FR", "FR", A, 0),
    20: ("Etampes", "FR", "FR", A, 0),
    21: ("Pithiviers", "FR", "FR", A, 0),
    22: ("Orleans", "FR", "FR", A, 0),
    23: ("Dunkirk", "FR", "FR BE", A, 0),
    24: ("Hazebrouck / St-Omer", "FR", "FR", A, 0),
    25: ("Arras", "FR", "FR", A, 0),
    26: ("Amiens", "FR", "FR", A, 1),
    27: ("Compiegne", "FR", "FR", A, 0),
    28: ("Meaux", "FR", "FR", A, 0),
    29: ("Melun", "FR", "FR", A, 0),
    30: ("Fontainebleau", "FR", "FR", A, 0),
    31: ("Montargis", "FR", "FR", A, 0),
    32: ("Zeebrugge / Ostend", "BE", "BE", A, 0),
    33: ("Ypres / Courtrai", "BE", "BE FR", A, 0),
    34: ("Lille", "FR", "FR", A, 0),
    35: ("Cambrai", "FR", "FR", A, 0),
    36: ("St-Quentin", "FR", "FR", A, 0),
    37: ("Soissons", "FR", "FR", A, 1),
    38: ("Chateau-Thierry", "FR", "FR", A, 0),
    39: ("Nogent-sur-Seine", "FR", "FR", A, 0),
    40: ("Sens", "FR", "FR", A, 0),
    41: ("Auxerre", "FR", "FR", A, 0),
    42: ("Bruges", "BE", "BE NL", A, 0),
    43: ("Ghent", "BE", "BE", A, 0),
    44: ("Tournai", "BE", "BE FR", A, 0),
    45: ("Valenciennes / Le Cateau", "FR", "FR", A, 0),
    46: ("Guise / Vervins", "FR", "FR", A, 0),
    47: ("Laon", "FR", "FR", A, 1),
    48: ("Reims / Epernay", "FR", "FR", A, 0),
    49: ("Sezanne", "FR", "FR", A, 0),
    50: ("Troyes", "FR", "FR", A, 0),
    51: ("Tonnerre", "FR", "FR", A, 0),
    52: ("Antwerp", "BE", "BE NL", A, 0),
    53: ("Alost", "BE", "BE", A, 0),
    54: ("Maubeuge / Mons", "BE", "BE FR", A, 0),
    55: ("Chimay / Hirson", "BE", "BE FR", A, 1),
    56: ("Mezieres", "FR", "FR", A, 1),
    57: ("Rethel / Vouziers", "FR", "FR", A, 1),
    58: ("Chalons", "FR", "FR", A, 0),
    59: ("Bar-sur-Aube", "FR", "FR", A, 0),
    60: ("Chatillon-sur-Seine", "FR", "FR", A, 0),
    61: ("Montbard", "FR", "FR", A, 0),
    62: ("Brussels", "BE", "BE", A, 0),
    63: ("Tirlemont / Wavre", "BE", "BE", A, 0),
    64: ("Namur", "BE", "BE", A, 0),
    65: ("Dinant / Givet", "BE", "BE FR", A, 2),
    66: ("Sedan / Stenay", "FR", "FR", A, 1),
    67: ("Ste-Menehould (Argonne)", "FR", "FR", A, 1),
    68: ("Bar-le-Duc / St-Dizier", "FR", "FR", A, 0),
    69: ("Chaumont", "FR", "FR", A, 0),
    70: ("Dijon", "FR", "FR", A, 0),
    71: ("Hasselt", "BE", "BE NL", A, 0),
    72: ("Liege", "BE", "BE NL", A, 0),
    73: ("Huy / Spa", "BE", "BE", A, 1),
    74: ("Marche / Bastogne", "BE", "BE LU", A, 2),
    75: ("Longwy / Montmedy", "FR", "FR BE LU", A, 1),
    76: ("Verdun", "FR", "FR", A, 1),
    77: ("St-Mihiel / Commercy", "FR", "FR", A, 1),
    78: ("Neufchateau", "FR", "FR", A, 0),
    79: ("Langres", "FR", "FR", A, 0),
    80: ("Gray", "FR", "FR", A, 0),
    81: ("Aachen", "DE", "DE BE NL", G, 0),
    82: ("Monschau (Hohes Venn)", "DE", "DE", G, 1),
    83: ("St-Vith", "DE", "DE BE LU", G, 1),
    84: ("Luxembourg", "LU", "LU BE", G, 0),
    85: ("Thionville", "DE", "DE FR", G, 0),
    86: ("Metz", "DE", "DE FR", G, 0),
    87: ("Nancy / Toul", "FR", "FR DE", A, 1),
    88: ("Mirecourt", "FR", "FR", A, 0),
    89: ("Vesoul", "FR", "FR", A, 0),
    90: ("Besancon", "FR", "FR CH", A, 0),
    91: ("Cologne / Duren", "DE", "DE", G, 0),
    92: ("Prum (Eifel)", "DE", "DE", G, 1),
    93: ("Bitburg", "DE", "DE LU", G, 1),
    94: ("Trier", "DE", "DE LU", G, 0),
    95: ("Saarlouis / St-Avold", "DE", "DE", G, 0),
    96: ("Morhange / Chateau-Salins", "DE", "DE FR", G, 1),
    97: ("Luneville / Baccarat", "FR", "FR DE", A, 1),
    98: ("Epinal", "FR", "FR", A, 1),
    99: ("Hunsruck", "DE", "DE", G, 1),
    100: ("Saarbrucken", "DE", "DE", G, 0),
    101: ("Sarrebourg / Saverne", "DE", "DE", G, 1),
    102: ("Donon / Schirmeck (Vosges)", "DE", "DE FR", G, 2),
    103: ("Col du Bonhomme (Vosges)", "DE", "DE FR", G, 2),
    104: ("Belfort / Mulhouse", "FR", "FR DE", A, 0),
    105: ("Strasbourg", "DE", "DE", G, 0),
    106: ("Colmar / Neuf-Brisach", "DE", "DE", G, 0),
    107: ("Huningue (Sundgau)", "DE", "DE CH", G, 0),
}

#: Hexes whose hexagon touches the open sea (reconstructed; the five named ports are rulebook).
COAST = (1, 7, 14, 15, 16, 23, 32, 42)

#: Railway lines, each a chain of adjacent hexes; a rail hexside joins consecutive hexes.
#: Reconstructed from the 1914 French, Belgian and German main lines.
RAIL_LINES: tuple[tuple[int, ...], ...] = (
    # France, west and Paris radials
    (1, 8, 9, 19), (7, 8), (9, 2), (8, 17, 26), (17, 18), (19, 10, 11, 4, 3),
    (11, 12, 5, 6), (19, 20, 21, 22, 13, 6),
    # Nord
    (19, 18, 27, 26, 16, 15, 14), (26, 25, 34, 24, 23), (24, 14), (23, 14), (25, 24),
    (27, 36, 46), (45, 54), (36, 35, 34), (35, 25), (35, 45), (45, 34), (33, 24), (33, 34), (44, 34),
    # Est and Ardennes
    (19, 28, 38, 48, 58, 68, 77, 87), (28, 37, 47, 48), (37, 27), (47, 36), (47, 46, 45),
    (46, 55, 56), (48, 57, 56, 66, 75, 85), (56, 65, 64), (58, 67, 76, 86), (66, 76, 77),
    (75, 84),
    # South-east: Paris-Troyes-Belfort and the PLM
    (19, 29, 39, 50, 59, 69, 79, 89, 98, 104), (29, 30, 40, 41, 51, 61, 70, 80, 90, 89),
    (70, 79), (69, 68), (69, 60), (69, 78, 87), (87, 88, 98), (87, 97, 98), (86, 87),
    # Belgium
    (32, 42, 43, 53, 62, 52), (23, 32), (33, 43), (52, 43), (44, 53), (44, 54), (53, 54),
    (54, 64, 63, 62), (63, 72, 73, 64), (72, 71), (64, 74, 84), (72, 81),
    # Germany, Luxembourg, Lorraine, Alsace
    (81, 91, 92, 93, 94, 84, 85, 86), (82, 83, 84), (94, 95, 100, 101, 96, 86), (95, 86),
    (96, 97), (105, 106, 104), (106, 107),
)

#: Red-diamond hexsides (+1 MP to cross, 8.4.2). Reconstructed from relief and forest: the
#: Ardennes, the Argonne, the Meuse heights, the Vosges, the Eifel and the Hunsruck.
RED_DIAMONDS = (
    (64, 65), (64, 74), (73, 74), (65, 74), (74, 83), (74, 84), (65, 66), (56, 65), (55, 65),
    (65, 75), (74, 75),
    (57, 67), (66, 67), (58, 67),
    (76, 86), (76, 85), (77, 86),
    (97, 102), (97, 103), (98, 103), (96, 102), (101, 102), (102, 105), (103, 105), (103, 106),
    (103, 104),
    (82, 92), (83, 92), (83, 93),
    (94, 99), (93, 99), (99, 100),
)

#: Start-of-play hex markers printed or placed by the rules (3.1.2, 3.1.3) - see scenarios.
#: Named French, Belgian and German forts per hex (9.5) - the counters are in pieces.csv.
FORT_NAMES = {10: "Versailles", 19: "Paris", 52: "Antwerp", 54: "Maubeuge", 64: "Namur",
              67: "Verdun (hex 67)", 76: "Verdun", 77: "St Mihiel", 79: "Langres",
              86: "Metz", 87: "Nancy, Toul", 94: "Trier", 98: "Epinal, Epinal",
              104: "Belfort", 105: "Strasbourg"}
OPTIONAL_FORTS = {24: "Hazebrouck", 34: "Lille", 52: "Antwerp (orange stripe)",
                  72: "Liege (orange stripe)"}

#: Hexes containing an international border, with the other countries it separates (7.2 uses
#: "a hex containing the German or Belgian border"). Reconstructed from the 1914 frontiers.
FRONTIER = {
    23: "BE", 24: "BE", 33: "FR", 34: "BE", 42: "NL", 44: "FR", 45: "BE", 52: "NL", 54: "FR",
    55: "FR", 56: "BE", 62: "NL", 65: "FR", 66: "BE", 71: "NL", 72: "NL DE", 73: "DE",
    74: "LU", 75: "BE LU DE", 81: "BE NL", 82: "BE", 83: "BE LU", 84: "BE FR DE", 85: "LU FR",
    86: "FR", 87: "DE", 92: "BE LU", 93: "LU", 94: "LU", 96: "FR", 97: "DE", 98: "DE",
    102: "FR", 103: "FR", 104: "DE CH", 107: "CH",
}


def rail_sides() -> set[frozenset[int]]:
    out: set[frozenset[int]] = set()
    for line in RAIL_LINES:
        for a, b in zip(line, line[1:]):
            out.add(frozenset((a, b)))
    return out


def rail_hexes() -> set[int]:
    return {h for line in RAIL_LINES for h in line}


def fit_positions():  # pragma: no cover - authoring aid, needs numpy
    """Least-squares affine fit hex centre (pixels) -> (lon, lat) on ``ANCHORS``; returns
    {label: (lat, lon)} for every hex and the fit error per anchor (km)."""
    import math
    import sys
    from pathlib import Path

    import numpy as np
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from engine.hexgrid import Layout, scheme_for
    from engine.model import Grid
    g = Grid("main", "main", "flat", HEX_SIZE, ORIGIN_X, ORIGIN_Y, "sequential_columns",
             GRID_PARAMS)
    s, lay = scheme_for(g), Layout.from_grid(g)
    rows, rhs = [], []
    for lab, (la, lo) in ANCHORS.items():
        x, y = lay.to_pixel(s.hex(str(lab)))
        rows.append([1.0, x, y])
        rhs.append([lo, la])
    c, *_ = np.linalg.lstsq(np.array(rows), np.array(rhs), rcond=None)
    pos, err = {}, {}
    for lab in s.labels():
        x, y = lay.to_pixel(s.hex(lab))
        lo, la = np.array([1.0, x, y]) @ c
        pos[int(lab)] = (float(la), float(lo))
    for lab, (la, lo) in ANCHORS.items():
        pla, plo = pos[lab]
        err[lab] = math.hypot((pla - la) * 111.2, (plo - lo) * 111.2 * math.cos(math.radians(la)))
    return pos, err


if __name__ == "__main__":  # pragma: no cover
    positions, errors = fit_positions()
    for lab in sorted(positions):
        la, lo = positions[lab]
        print(f"{lab:3d} {la:6.2f}N {lo:5.2f}E  {HEXES[lab][0]}"
              + (f"   (anchor, fit error {errors[lab]:.0f} km)" if lab in errors else ""))
