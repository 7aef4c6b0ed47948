"""Movement (reachable), supply/command tracing and line of sight, checked against brute-force
references on random maps."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from engine.board import MapGraph
from engine.hexgrid import Hex, Layout, scheme_for
from engine.model import Edge, Grid, Location
from engine.search import Sight, line_of_sight, reachable, trace, traceable_set

GRID = Grid("g", "map", "flat", 30.0, 0.0, 0.0, "colrow", {"parity": "odd"})


def grid_graph(cols: int, rows: int, edges=(), terrain=None, attrs=None) -> MapGraph:
    scheme, layout = scheme_for(GRID), Layout.from_grid(GRID)
    locs = []
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            lab = f"{c:02d}{r:02d}"
            h = scheme.hex(lab)
            x, y = layout.to_pixel(h)
            locs.append(Location(lab, "hex", "map", x=x, y=y, grid="g", q=h.q, r=h.r,
                                 terrain=(terrain or {}).get(lab, "clear"), attrs=(attrs or {}).get(lab, {})))
    return MapGraph(locs, (GRID,), edges)


def space_graph(names: list[str], links: list[tuple[str, str]]) -> MapGraph:
    return MapGraph([Location(n, "space", "map") for n in names], (), [Edge(a, b) for a, b in links])


COSTS = {"clear": 1, "forest": 2, "mountain": 3}


def terrain_cost(graph: MapGraph):
    def cost(a, b, edge):
        if edge.attrs.get("impassable"):
            return None
        return COSTS[graph.locations[b].terrain] + edge.attrs.get("mp_cost", 0)
    return cost


# -- reachable -----------------------------------------------------------------------------------

def test_reachable_open_ground_is_a_hex_range():
    g = grid_graph(9, 9)
    reach = reachable(g, "0505", 2, terrain_cost(g))
    centre = g.hex_of("0505")
    expected = {lid for lid in g.locations if g.distance("0505", lid) <= 2}
    assert set(reach.remaining) == expected
    assert reach.remaining["0505"] == 2
    for lid in expected:
        assert reach.remaining[lid] == 2 - g.distance("0505", lid)
        assert len(reach.path(lid)) == g.distance("0505", lid) + 1
    assert centre == Hex(4, 2)


def test_reachable_terrain_hexsides_and_budget():
    # around 0202: 0203 across an impassable hexside, 0302 across a river (+2), 0201 is forest
    g = grid_graph(4, 4, edges=[Edge("0202", "0203", "hexside", {"impassable": True}),
                                Edge("0202", "0302", "hexside", {"mp_cost": 2})],
                   terrain={"0201": "forest"})
    assert sorted(g.neighbours("0202")) == ["0102", "0103", "0201", "0203", "0302", "0303"]
    reach = reachable(g, "0202", 3, terrain_cost(g))
    assert reach.path("0203") == ["0202", "0103", "0203"]       # round the impassable side
    assert reach.remaining["0203"] == 1
    assert reach.path("0302") == ["0202", "0303", "0302"]       # cheaper than the river (3)
    assert reach.remaining["0302"] == 1
    assert reach.path("0201") == ["0202", "0201"] and reach.remaining["0201"] == 1
    assert reach.remaining["0303"] == 2
    assert "0404" in reach and reach.remaining["0404"] == 0     # three clear hexes away
    tight = reachable(g, "0202", 1, terrain_cost(g))
    assert "0201" not in tight and "0302" not in tight and "0303" in tight
    with pytest.raises(KeyError, match="0201"):
        tight.path("0201")


def test_reachable_stop_and_can_end():
    g = space_graph(list("sabcd"), [("s", "a"), ("a", "b"), ("b", "c"), ("s", "d"), ("d", "c")])
    one = lambda a, b, e: 1
    # entering 'a' ends movement: b is reached only round the other way (s-d-c-b: 3 MP)
    reach = reachable(g, "s", 3, one, stop=lambda x: x == "a")
    assert reach.path("b") == ["s", "d", "c", "b"] and reach.remaining["a"] == 2
    # may pass through 'd' but not end there
    reach = reachable(g, "s", 2, one, can_end=lambda x: x != "d")
    assert "d" not in reach and reach.path("c") == ["s", "d", "c"]
    # the start is never stopped and always a destination
    reach = reachable(g, "s", 1, one, stop=lambda x: True, can_end=lambda x: False)
    assert reach.remaining == {"s": 1}


def test_reachable_zero_budget_and_errors():
    g = space_graph(["s", "a"], [("s", "a")])
    assert reachable(g, "s", 0, lambda a, b, e: 1).remaining == {"s": 0}
    with pytest.raises(KeyError):
        reachable(g, "x", 3, lambda a, b, e: 1)
    with pytest.raises(ValueError, match="negative"):
        reachable(g, "s", 3, lambda a, b, e: -1)


def test_reachable_float_costs_spend_exactly():
    g = space_graph(["s", "a", "b", "c"], [("s", "a"), ("a", "b"), ("b", "c")])
    reach = reachable(g, "s", 0.3, lambda a, b, e: 0.1)
    assert "c" in reach and reach.remaining["c"] == pytest.approx(0.0)


def test_reachable_deterministic_tie_break_by_module_order():
    links = [("s", "a"), ("s", "b"), ("a", "t"), ("b", "t")]
    assert reachable(space_graph(["s", "a", "b", "t"], links), "s", 5, lambda *x: 1).path("t") == ["s", "a", "t"]
    assert reachable(space_graph(["s", "b", "a", "t"], links), "s", 5, lambda *x: 1).path("t") == ["s", "b", "t"]


def reference_costs(g: MapGraph, start, budget, cost, stop):
    """Bellman-Ford-style relaxation until nothing changes: the cheapest cost to every
    location within budget, never leaving a stop location (other than the start)."""
    best = {start: 0.0}
    changed = True
    while changed:
        changed = False
        for u, spent in list(best.items()):
            if u != start and stop(u):
                continue
            for v in g.neighbours(u):
                c = cost(u, v, g.edge(u, v))
                if c is None or spent + c > budget + 1e-9:
                    continue
                if spent + c < best.get(v, float("inf")) - 1e-12:
                    best[v] = spent + c
                    changed = True
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 9))
def test_reachable_matches_brute_force(seed, budget):
    rnd = random.Random(seed)
    terrain = {f"{c:02d}{r:02d}": rnd.choice(list(COSTS)) for c in range(1, 8) for r in range(1, 8)}
    plain = grid_graph(7, 7)
    edges, seen = [], set()
    for a in plain.locations:
        for b in plain.neighbours(a):
            if (b, a) in seen:
                continue
            seen.add((a, b))
            x = rnd.random()
            if x < 0.15:
                edges.append(Edge(a, b, "hexside", {"mp_cost": rnd.choice((1, 2))}))
            elif x < 0.25:
                edges.append(Edge(a, b, "hexside", {"impassable": True}))
    g = grid_graph(7, 7, edges, terrain)
    zoc = set(rnd.sample(list(g.locations), 8))
    full = set(rnd.sample(list(g.locations), 8))
    start = rnd.choice(list(g.locations))
    cost = terrain_cost(g)
    reach = reachable(g, start, budget, cost, zoc.__contains__, lambda x: x not in full)
    ref = reference_costs(g, start, budget, cost, zoc.__contains__)
    assert set(reach.remaining) == {x for x in ref if x == start or x not in full}
    for lid, left in reach.remaining.items():
        assert left == pytest.approx(budget - ref[lid])
        path = reach.path(lid)
        assert path[0] == start and path[-1] == lid
        spent = sum(cost(a, b, g.edge(a, b)) for a, b in zip(path, path[1:]))
        assert spent == pytest.approx(ref[lid])
        assert not any(x in zoc for x in path[1:-1])      # nothing moves on from a stop
    assert reach.remaining == reachable(g, start, budget, cost, zoc.__contains__,
                                        lambda x: x not in full).remaining


# -- trace and traceable_set ---------------------------------------------------------------------

def test_trace_shortest_line_through_passable():
    g = grid_graph(6, 1)   # row 01 of six columns: a chain 0101-0201-...-0601
    line_ids = [f"{c:02d}01" for c in range(1, 7)]
    assert trace(g, "0101", lambda x: True, lambda x: x == "0601") == line_ids
    assert trace(g, "0101", lambda x: x != "0401", lambda x: x == "0601") is None
    assert trace(g, "0101", lambda x: True, lambda x: x == "0601", max_steps=4) is None
    assert trace(g, "0101", lambda x: True, lambda x: x == "0601", max_steps=5) == line_ids
    # the start need not be passable; a source must be
    assert trace(g, "0101", lambda x: x != "0101", lambda x: x == "0301") == line_ids[:3]
    assert trace(g, "0101", lambda x: x != "0301", lambda x: x == "0301") is None
    assert trace(g, "0301", lambda x: False, lambda x: x == "0301") == ["0301"]


def test_trace_with_costs_and_blocking_hexsides():
    g = grid_graph(3, 3, edges=[Edge("0101", "0201", "hexside", {"blocks_supply": True})])

    def cost(a, b, e):
        return None if e.attrs.get("blocks_supply") else 1
    path = trace(g, "0101", lambda x: True, lambda x: x == "0201", cost=cost)
    assert path is not None and len(path) == 3 and path[1] != "0201"
    assert trace(g, "0101", lambda x: True, lambda x: x == "0201", cost=cost, max_cost=1) is None


def test_trace_step_and_cost_limits_hold_together():
    # s-x-t is 2 steps costing 10; s-a-b-c-t is 4 steps costing 4
    g = space_graph(["s", "x", "a", "b", "c", "t"], [("s", "x"), ("x", "t"), ("s", "a"), ("a", "b"),
                                                     ("b", "c"), ("c", "t")])
    cost = lambda a, b, e: 5 if "x" in (a, b) else 1
    src = lambda x: x == "t"
    assert trace(g, "s", lambda x: True, src, cost=cost) == ["s", "a", "b", "c", "t"]
    assert trace(g, "s", lambda x: True, src, cost=cost, max_steps=3) == ["s", "x", "t"]
    assert trace(g, "s", lambda x: True, src, cost=cost, max_steps=3, max_cost=9) is None
    assert traceable_set(g, ["t"], lambda x: True, cost=cost, max_steps=3)["s"] == 10
    assert traceable_set(g, ["t"], lambda x: True, cost=cost)["s"] == 4


def test_traceable_set_includes_impassable_ends_but_not_beyond():
    g = space_graph(list("sabcd"), [("s", "a"), ("a", "b"), ("b", "c"), ("c", "d")])
    got = traceable_set(g, ["s"], lambda x: x != "b")
    assert got == {"s": 0, "a": 1, "b": 2}
    assert traceable_set(g, ["s"], lambda x: True, max_steps=2) == {"s": 0, "a": 1, "b": 2}
    assert traceable_set(g, ["s"], lambda x: x != "s") == {"s": 0}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([None, 2, 4, 7]), st.booleans())
def test_traceable_set_agrees_with_trace(seed, max_steps, with_cost):
    rnd = random.Random(seed)
    g = grid_graph(6, 6)
    ids = list(g.locations)
    blocked = set(rnd.sample(ids, rnd.randint(0, 12)))
    sources = set(rnd.sample(ids, rnd.randint(1, 3)))
    weights = {(a, b): rnd.choice((1, 1, 2, 3, None)) for a in ids for b in g.neighbours(a)}
    cost = (lambda a, b, e: weights[(a, b)]) if with_cost else None
    passable = lambda x: x not in blocked
    supplied = traceable_set(g, sources, passable, max_steps=max_steps, cost=cost)
    for lid in ids:
        path = trace(g, lid, passable, sources.__contains__, max_steps=max_steps, cost=cost)
        if lid in sources:
            assert path == [lid] and supplied[lid] == 0
            continue
        assert (path is not None) == (lid in supplied), lid
        if path is None:
            continue
        assert path[-1] in sources and all(passable(x) for x in path[1:])
        assert max_steps is None or len(path) - 1 <= max_steps
        length = sum(weights[(a, b)] for a, b in zip(path, path[1:])) if with_cost else len(path) - 1
        assert length == supplied[lid]


# -- line of sight -------------------------------------------------------------------------------

def los_graph(levels: dict[str, int], woods=()):
    attrs = {lab: {"elevation": lv, "blocks": 1.0 if lab in woods else 0.0} for lab, lv in levels.items()}
    g = grid_graph(7, 7, attrs=attrs)
    height = lambda x: g.locations[x].attrs.get("elevation", 0)
    blocking = lambda x: g.locations[x].attrs.get("blocks", 0.0)
    return g, height, blocking


def test_los_flat_ground_is_clear_and_a_hill_blocks():
    # a column of a flat-topped grid is a straight hex line: 0101, 0102, ..., 0107
    g, h, b = los_graph({})
    assert line_of_sight(g, "0101", "0107", h, b).clear
    g, h, b = los_graph({"0104": 1})
    sight = line_of_sight(g, "0101", "0107", h, b)
    assert not sight.clear and sight.blocker == "0104"
    assert sight.between == ("0102", "0103", "0104", "0105", "0106")


def test_los_sight_line_slopes_between_ends():
    # observer at 3, target at 0, six hexes apart: the line is at 2.5, 2, 1.5, 1, 0.5 over the
    # intermediate hexes; a level-2 hex blocks from k=3 on (2 > 1.5), not at k=1 (2 < 2.5)
    # nor exactly on the line (k=2: 2 > 2 is false)
    for lab, blocked in (("0102", False), ("0103", False), ("0104", True), ("0106", True)):
        g, h, b = los_graph({"0101": 3, lab: 2})
        assert line_of_sight(g, "0101", "0107", h, b).clear is not blocked, lab
        assert line_of_sight(g, "0107", "0101", h, b).clear is not blocked, lab  # symmetric here


def test_los_woods_block_only_low_observers():
    g, h, b = los_graph({"0101": 1, "0104": 1, "0107": 1}, woods={"0104"})
    assert not line_of_sight(g, "0101", "0107", h, b).clear          # woods on the ends' level
    g, h, b = los_graph({"0101": 2, "0104": 1, "0107": 2}, woods={"0104"})
    assert line_of_sight(g, "0101", "0107", h, b).clear              # both ends above the woods
    g, h, b = los_graph({"0101": 2, "0104": 1, "0107": 1}, woods={"0104"})
    assert not line_of_sight(g, "0101", "0107", h, b).clear          # the target at the woods' level


def test_los_along_a_zigzag_row_grazes_hexsides():
    # row 01 across columns zigzags; the centre line from 0101 to 0701 runs along the hexsides
    # of the lower even-column hexes 0201/0401/0601 and the row-0 hexes, which are off the map
    g, h, b = los_graph({"0201": 5})
    assert line_of_sight(g, "0101", "0701", h, b).clear       # the other side is off the map
    g, h, b = los_graph({"0301": 5})
    assert not line_of_sight(g, "0101", "0701", h, b).clear   # 0301 lies on the line itself


def test_los_adjacent_and_same_hex_always_clear():
    g, h, b = los_graph({"0201": 9})
    assert line_of_sight(g, "0101", "0201", h, b) == Sight(True)
    assert line_of_sight(g, "0101", "0101", h, b).clear


def test_los_grazing_a_hexside_needs_both_sides_blocked():
    # (0,0) -> (2,-1) runs exactly along the hexside between (1,-1) and (1,0)
    a, t, left, right = Hex(0, 0), Hex(2, -1), Hex(1, -1), Hex(1, 0)
    flat = lambda hx: 0.0
    for blocked, clear in (({left}, True), ({right}, True), ({left, right}, False), (set(), True)):
        height = lambda hx: 5.0 if hx in blocked else 0.0
        sight = line_of_sight(GRID, a, t, height, flat)
        assert line_of_sight(None, a, t, height, flat) == sight
        assert sight.clear is clear, blocked
        if not clear:
            assert sight.blocker in blocked


def test_los_blocks_line_replaces_the_slope():
    # a module's own rule: a hex blocks iff it is higher than both ends
    higher_than_both = lambda g: (lambda x, h0, h1: g.locations[x].attrs.get("elevation", 0) > max(h0, h1))
    # observer 3, target 0, level 2 at k=3: the slope blocks (2 > 1.5), "higher than both" does not
    g, h, b = los_graph({"0101": 3, "0104": 2})
    assert not line_of_sight(g, "0101", "0107", h, b).clear
    calls = []

    def rule(x, h0, h1):
        calls.append((x, h0, h1))
        return higher_than_both(g)(x, h0, h1)
    sight = line_of_sight(g, "0101", "0107", h, b, blocks_line=rule)
    assert sight.clear and sight.between == ("0102", "0103", "0104", "0105", "0106")
    assert calls[0] == ("0102", 3.0, 0.0) and len(calls) == 5          # ends' heights, each hex once
    g, h, b = los_graph({"0101": 3, "0105": 4})
    sight = line_of_sight(g, "0101", "0107", h, b, blocks_line=higher_than_both(g))
    assert not sight.clear and sight.blocker == "0105"
    # blocking() is not used with blocks_line
    g, h, b = los_graph({"0104": 0}, woods={"0104"})
    assert not line_of_sight(g, "0101", "0107", h, b).clear
    assert line_of_sight(g, "0101", "0107", h, b, blocks_line=higher_than_both(g)).clear


def test_los_blocks_line_keeps_the_grazing_rule():
    # (0,0) -> (2,-1) runs along the hexside between (1,-1) and (1,0): both must block
    a, t, left, right = Hex(0, 0), Hex(2, -1), Hex(1, -1), Hex(1, 0)
    zero = lambda hx: 0.0
    for blocked, clear in (({left}, True), ({right}, True), ({left, right}, False)):
        sight = line_of_sight(GRID, a, t, zero, zero, blocks_line=lambda hx, h0, h1: hx in blocked)
        assert sight.clear is clear, blocked
        if not clear:
            assert sight.blocker in blocked


def test_los_errors():
    g, h, b = los_graph({})
    with pytest.raises(ValueError, match="two hexes"):
        line_of_sight(space_graph(["x", "y"], []), "x", "y", h, b)
