"""Hex <-> geography for 1914 Offensive a outrance (authoring only; needs numpy, scipy, pyproj).

Loads grid_fit.json (written by fit_grid.py): an affine map from grid kilometres (the flat hex
layout, 8 km across flats) to Lambert-azimuthal kilometres, plus a thin-plate-spline
"rubber sheet" through the fit places' residuals so each fit place maps exactly onto the centre
of its printed hex(es). Functions:

* ``grid_of_latlon(lat, lon)`` -> grid km (x, y); ``hex_of_latlon`` -> hex label (or None)
* ``latlon_of_grid(x, y)``; ``latlon_of_hex(label)``
* ``SCHEME``/``LAYOUT``: the game's numbering and the grid-km layout.
"""
from __future__ import annotations

import json
import math
import os
import sys

import numpy as np
from pyproj import Transformer
from scipy.interpolate import LinearNDInterpolator, RBFInterpolator

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..", "..", "..")))
from engine.hexgrid import Layout, OffsetScheme, hex_round  # noqa: E402

RADIUS_KM = 8.0 / math.sqrt(3.0)
SCHEME = OffsetScheme("colrow", "flat", dict(first_col=1, first_row=9, parity="odd", sep=".",
                                              last_col=66, last_row=73))
LAYOUT = Layout("flat", RADIUS_KM, 0.0, 0.0)
PROJ = "+proj=laea +lat_0=49.5 +lon_0=4.5 +ellps=WGS84 +units=km"
_FWD = Transformer.from_proj("+proj=longlat +datum=WGS84", PROJ, always_xy=True)
_INV = Transformer.from_proj(PROJ, "+proj=longlat +datum=WGS84", always_xy=True)

_state: dict = {}
SMOOTHING = 0.0


def reset() -> None:
    _state.clear()


def _load() -> dict:
    if _state:
        return _state
    with open(os.path.join(HERE, "grid_fit.json"), encoding="utf-8") as f:
        fit = json.load(f)
    A = np.array(fit["affine_A"])
    t = np.array(fit["affine_t"])
    Ainv = np.linalg.inv(A)
    ctl = [p for p in fit["places"] if p["role"] == "fit"]
    keys = [(round(p["gx"], 3), round(p["gy"], 3)) for p in ctl]
    if len(set(keys)) != len(keys):
        raise SystemExit("grid_fit.json: two fit places share a printed hex; make one a 'check'")
    en = np.array([[p["e"], p["n"]] for p in ctl])
    g = np.array([[p["gx"], p["gy"]] for p in ctl])
    g_aff = (Ainv @ (en - t).T).T              # where the affine map puts each place (grid km)
    en_aff = (A @ g.T).T + t                   # where the affine map puts each printed hex
    # forward warp: projected km -> grid km correction; inverse: grid km -> projected km
    # the master map is grid km -> projected km (affine + thin-plate spline of the residuals);
    # the forward map (projected -> grid) is its numerical inverse, interpolated linearly from
    # a 2 km lattice so that the two are consistent.
    inv = RBFInterpolator(g, en - en_aff, kernel="thin_plate_spline", smoothing=SMOOTHING)
    _state.update(A=A, t=t, Ainv=Ainv, inv=inv)
    xs = np.arange(-40.0, 520.0, 2.0)
    ys = np.arange(-40.0, 600.0, 2.0)
    X, Y = np.meshgrid(xs, ys)
    G = np.column_stack([X.ravel(), Y.ravel()])
    EN = (A @ G.T).T + t + inv(G)
    _state["fwd"] = LinearNDInterpolator(EN, G)
    _state["lattice"] = (xs, ys, EN.reshape(len(ys), len(xs), 2))
    return _state


def grid_of_en(e, n):
    s = _load()
    en = np.atleast_2d(np.column_stack([np.ravel(e), np.ravel(n)]))
    return s["fwd"](en)


def grid_of_latlon(lat, lon):
    e, n = _FWD.transform(np.ravel(lon), np.ravel(lat))
    return grid_of_en(e, n)


def en_of_grid(x, y):
    s = _load()
    g = np.atleast_2d(np.column_stack([np.ravel(x), np.ravel(y)]))
    return (s["A"] @ g.T).T + s["t"] + s["inv"](g)


def latlon_of_grid(x, y):
    en = en_of_grid(x, y)
    lon, lat = _INV.transform(en[:, 0], en[:, 1])
    return np.asarray(lat), np.asarray(lon)


def hex_xy(label: str) -> tuple[float, float]:
    return LAYOUT.to_pixel(SCHEME.hex(label))


def latlon_of_hex(label: str) -> tuple[float, float]:
    x, y = hex_xy(label)
    lat, lon = latlon_of_grid([x], [y])
    return float(lat[0]), float(lon[0])


def hex_of_grid(x: float, y: float):
    h = hex_round(*LAYOUT.fractional(x, y))
    try:
        return SCHEME.label(h)
    except Exception:
        return None


def hex_of_latlon(lat: float, lon: float):
    g = grid_of_latlon([lat], [lon])[0]
    return hex_of_grid(g[0], g[1])
