"""Geometry benchmarks on a synthetic map the size of the largest one (66 x 65 hexes, ~4300):
legal destinations for a unit (goal: under 5 ms, DESIGN quality bars), a whole side's supply
trace, line of sight, and building the map graph. Terrain and hexside features are random but
seeded, so every run measures the same map."""
from __future__ import annotations

import random
import statistics
import time

from engine.board import MapGraph
from engine.hexgrid import Layout, distance, scheme_for
from engine.model import Edge, Grid, Location
from engine.search import line_of_sight, reachable, traceable_set

COLS, ROWS = 66, 65
TERRAIN_COST = {"clear": 1, "forest": 2, "rough": 2, "mountain": 3}


def synthetic_map(cols: int = COLS, rows: int = ROWS, seed: int = 1944) -> MapGraph:
    """A ``cols`` x ``rows`` colrow grid with random terrain, elevation and hexside features
    (10% rivers costing +1/+2 MP, 2% impassable)."""
    return MapGraph(*synthetic_records(cols, rows, seed))


def synthetic_records(cols: int = COLS, rows: int = ROWS, seed: int = 1944
                      ) -> tuple[list[Location], tuple[Grid], list[Edge]]:
    """The locations, grid and hexside records of :func:`synthetic_map`."""
    rnd = random.Random(seed)
    grid = Grid("g", "map", "flat", 30.0, 40.0, 40.0, "colrow",
                {"parity": "odd", "last_col": cols, "last_row": rows})
    scheme, layout = scheme_for(grid), Layout.from_grid(grid)
    locs = []
    for lab in scheme.labels():
        h = scheme.hex(lab)
        x, y = layout.to_pixel(h)
        terrain = rnd.choices(list(TERRAIN_COST), weights=(6, 2, 1, 1))[0]
        locs.append(Location(lab, "hex", "map", x=x, y=y, terrain=terrain, grid="g", q=h.q, r=h.r,
                             attrs={"elevation": rnd.randint(0, 3), "blocks": 1.0 if terrain == "forest" else 0.0}))
    plain = MapGraph(locs, (grid,))
    edges, seen = [], set()
    for lid in plain._ids:
        for other in plain.neighbours(lid):
            key = tuple(sorted((lid, other)))
            if key in seen:
                continue
            seen.add(key)
            x = rnd.random()
            if x < 0.10:
                edges.append(Edge(lid, other, "hexside", {"river": "minor", "mp_cost": rnd.choice((1, 2))}))
            elif x < 0.12:
                edges.append(Edge(lid, other, "hexside", {"impassable": True}))
    return locs, (grid,), edges


def movement_rules(graph: MapGraph, rnd: random.Random, enemies: bool = True):
    """A typical movement rule set: terrain cost of the hex entered + hexside mp_cost,
    impassable hexsides refused, enemy ZOC stops, no ending on an enemy or a full stack."""
    cost_of = {lid: TERRAIN_COST[loc.terrain] for lid, loc in graph.locations.items()}
    enemy = set(rnd.sample(graph._ids, len(graph) // 25)) if enemies else set()
    zoc = {n for e in enemy for n in graph.neighbours(e)} | enemy
    full = set(rnd.sample(graph._ids, len(graph) // 30))

    def cost(a: str, b: str, edge: Edge):
        if b in enemy:
            return None
        attrs = edge.attrs
        if not attrs:
            return cost_of[b]
        if attrs.get("impassable"):
            return None
        return cost_of[b] + attrs.get("mp_cost", 0)

    return cost, zoc.__contains__, (lambda lid: lid not in full), enemy, zoc


def _ms(samples: list[float]) -> tuple[float, float]:
    samples = sorted(samples)
    return statistics.median(samples) * 1000, samples[min(len(samples) - 1, int(len(samples) * 0.99))] * 1000


def run() -> list[tuple[str, float, str, str]]:
    rnd = random.Random(7)
    records = synthetic_records()
    builds = []
    for _ in range(5):
        t0 = time.perf_counter()
        graph = MapGraph(*records)
        builds.append(time.perf_counter() - t0)
    build_ms, _ = _ms(builds)

    def moves(enemies: bool) -> tuple[float, float, float]:
        cost, stop, can_end, enemy, zoc = movement_rules(graph, rnd, enemies)
        times, sizes = [], []
        for lid in [lid for lid in rnd.sample(graph._ids, 400) if lid not in enemy]:
            budget = rnd.choice((6, 7, 8))
            t = time.perf_counter()
            reach = reachable(graph, lid, budget, cost, stop, can_end)
            times.append(time.perf_counter() - t)
            sizes.append(len(reach.remaining))
        return (*_ms(times), statistics.mean(sizes))

    open_med, open_p99, open_size = moves(False)
    med, p99, size = moves(True)
    cost, stop, can_end, enemy, zoc = movement_rules(graph, rnd)

    sources = [lid for lid in graph._ids if lid.endswith("01")]  # the whole north edge
    blocked = enemy | zoc
    t_supply = []
    for _ in range(10):
        t = time.perf_counter()
        supplied = traceable_set(graph, sources, lambda lid: lid not in blocked, max_steps=30)
        t_supply.append(time.perf_counter() - t)
    supply_med, _ = _ms(t_supply)

    elevation = {lid: loc.attrs["elevation"] for lid, loc in graph.locations.items()}
    blocks = {lid: loc.attrs["blocks"] for lid, loc in graph.locations.items()}
    pairs = []
    while len(pairs) < 1000:
        a, b = rnd.sample(graph._ids, 2)
        if 2 <= distance(graph.hex_of(a), graph.hex_of(b)) <= 10:
            pairs.append((a, b))
    t_los = []
    for a, b in pairs:
        t = time.perf_counter()
        line_of_sight(graph, a, b, elevation.__getitem__, blocks.__getitem__)
        t_los.append(time.perf_counter() - t)
    los_med, los_p99 = _ms(t_los)
    return [
        (f"reachable() 6-8 MP on {COLS}x{ROWS} hexes, ZOC+stacking, median ({size:.0f} dest.)",
         med, "ms", "< 5 ms"),
        ("reachable() 6-8 MP, ZOC+stacking, p99", p99, "ms", "< 5 ms"),
        (f"reachable() 6-8 MP, no enemy near, median ({open_size:.0f} dest.)", open_med, "ms", "< 5 ms"),
        ("reachable() 6-8 MP, no enemy near, p99", open_p99, "ms", "< 5 ms"),
        (f"supply: traceable_set() of a whole side, 30 hexes ({len(supplied)} supplied)", supply_med, "ms", "-"),
        ("line_of_sight() 2-10 hexes, median", los_med, "ms", "-"),
        ("line_of_sight() 2-10 hexes, p99", los_p99, "ms", "-"),
        (f"MapGraph.from_module equivalent: build {len(graph)} hexes, median", build_ms, "ms", "-"),
    ]


if __name__ == "__main__":
    for name, value, unit, goal in run():
        print(f"{name:72s} {value:10.3f} {unit:4s} goal {goal}")
