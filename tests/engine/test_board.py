"""MapGraph: adjacency from geometry and connections, hexside features, distance, picking."""
from __future__ import annotations

import pytest

from engine.board import MapGraph
from engine.errors import ModuleError
from engine.hexgrid import Hex, Layout, distance, neighbours, scheme_for
from engine.model import Board, Edge, Grid, Location, Module
from engine.sample import sample_module

GRID = Grid("g", "map", "flat", 40.0, 60.0, 60.0, "colrow", {"parity": "odd"})


def hex_loc(label: str, grid: Grid = GRID, **kw) -> Location:
    h = scheme_for(grid).hex(label)
    x, y = Layout.from_grid(grid).to_pixel(h)
    return Location(label, "hex", grid.board, x=x, y=y, grid=grid.id, q=h.q, r=h.r, **kw)


def small_module(edges=(), extra=()) -> Module:
    """A 3x3 block of hexes (0101..0303) plus two named spaces and a box."""
    locs = [hex_loc(f"{c:02d}{r:02d}") for c in range(1, 4) for r in range(1, 4)]
    locs += [Location("paris", "space", "map", "Paris", x=500, y=100),
             Location("lyon", "space", "map", "Lyon", x=520, y=300),
             Location("reserve", "box", "map", "Reserve", x=700, y=100)]
    locs += list(extra)
    return Module("t", "Test", boards=(Board("map", "Map", 800, 600),), grids=(GRID,),
                  locations={loc.id: loc for loc in locs}, edges=tuple(edges))


def test_sample_module_adjacency_is_geometry():
    m = sample_module()
    g = MapGraph.from_module(m)
    scheme = scheme_for(m.grids[0])
    for lid, loc in m.locations.items():
        if loc.kind != "hex":
            assert g.neighbours(lid) == []
            continue
        expected = [scheme.label(n) for n in neighbours(Hex(loc.q, loc.r)) if n in
                    {Hex(x.q, x.r) for x in m.locations.values() if x.kind == "hex"}]
        assert g.neighbours(lid) == expected
        for other in expected:
            assert lid in g.neighbours(other)
    assert sorted(g.neighbours("0101")) == ["0102", "0201"]
    assert len(g.neighbours("0505")) == 6


def test_hexside_features_and_synthetic_edges():
    g = MapGraph.from_module(sample_module())
    river = g.edge("0303", "0304")
    assert river is g.edge("0304", "0303")
    assert river.kind == "hexside" and river.attrs == {"river": "minor", "mp_cost": 1}
    assert g.edge("0404", "0405").attrs["impassable"] is True
    plain = g.edge("0505", "0506")
    assert plain is g.edge("0506", "0505")
    assert plain.kind == "hexside" and dict(plain.attrs) == {} and {plain.a, plain.b} == {"0505", "0506"}
    with pytest.raises(TypeError):
        plain.attrs["river"] = "major"  # synthetic edges are shared: their attrs are read-only
    assert g.edge("0505", "0808") is None
    # an impassable hexside is a feature, not a missing adjacency
    assert "0405" in g.neighbours("0404")
    # the precomputed edge list matches edge()
    i = g._index["0303"]
    for j, e in zip(g._nbr[i], g._nbr_edge[i]):
        assert g.edge("0303", g._ids[j]) is e


def test_connections_join_any_locations_both_ways():
    m = small_module(edges=[Edge("paris", "lyon", "connection", {"only": "FR"}),
                            Edge("0202", "reserve"), Edge("0101", "0102", "connection")])
    g = MapGraph.from_module(m)
    assert g.neighbours("paris") == ["lyon"] and g.neighbours("lyon") == ["paris"]
    assert g.edge("lyon", "paris").attrs == {"only": "FR"}
    assert g.neighbours("reserve") == ["0202"]
    assert g.neighbours("0202")[-1] == "reserve"            # geometry first, then connections
    assert g.neighbours("0101").count("0102") == 1          # never listed twice
    assert g.edge("0101", "0102").kind == "hexside"         # geometry stands for hex pairs
    assert g.adjacent("reserve", "0202") and not g.adjacent("reserve", "paris")


def test_distance_hex_geometry_or_graph_hops():
    m = small_module(edges=[Edge("paris", "lyon"), Edge("0303", "paris")])
    g = MapGraph.from_module(m)
    assert g.distance("0101", "0303") == distance(g.hex_of("0101"), g.hex_of("0303")) == 3
    assert g.distance("0101", "0101") == 0
    assert g.distance("0303", "lyon") == 2
    assert g.distance("0101", "lyon") == 5
    assert g.distance("lyon", "reserve") is None
    with pytest.raises(KeyError, match="nowhere"):
        g.distance("0101", "nowhere")


def test_hex_distance_ignores_missing_hexes_between():
    locs = [hex_loc("0101"), hex_loc("0501")]
    m = Module("t", "T", grids=(GRID,), locations={x.id: x for x in locs})
    g = MapGraph.from_module(m)
    assert g.distance("0101", "0501") == 4
    assert g.neighbours("0101") == []


def test_hex_of_and_lookups():
    g = MapGraph.from_module(small_module())
    assert g.hex_of("0101") == Hex(0, 0)
    assert g.hex_of("paris") is None
    assert g.grid_of("0202") is GRID and g.grid_of("paris") is None
    assert g.at_hex("g", Hex(0, 0)) == "0101" and g.at_hex("g", Hex(30, 0)) is None
    assert g.scheme("g").label(g.hex_of("0303")) == "0303"
    assert "0101" in g and "nowhere" not in g and len(g) == 12
    with pytest.raises(KeyError, match="unknown location 'x'"):
        g.neighbours("x")
    with pytest.raises(KeyError, match="unknown location 'x'"):
        g.edge("0101", "x")


def test_location_at_picks_hexes_and_spaces():
    g = MapGraph.from_module(small_module())
    layout = Layout.from_grid(GRID)
    for lid in ("0101", "0202", "0303"):
        x, y = layout.to_pixel(g.hex_of(lid))
        assert g.location_at("map", x, y) == lid
        assert g.location_at("map", x + 15, y - 10) == lid
    assert g.location_at("map", 505, 95) == "paris"
    assert g.location_at("map", 500 + 29, 100) == "paris"
    assert g.location_at("map", 500 + 31, 100) is None
    assert g.location_at("map", 500, 100, radius=1.0) == "paris"
    assert g.location_at("other", 60, 60) is None
    assert g.location_at("map", 5000, 5000) is None


def test_location_at_nearest_centre_wins_over_a_hex():
    box = Location("box", "box", "map", "Box", x=60 + 30, y=60)  # inside hex 0101, near its edge
    g = MapGraph.from_module(small_module(extra=[box]))
    assert g.location_at("map", 60 + 28, 60) == "box"
    assert g.location_at("map", 60 + 5, 60) == "0101"


@pytest.mark.parametrize("edge,message", [
    (Edge("0101", "nowhere"), "unknown location 'nowhere'"),
    (Edge("0101", "0303", "hexside", {"river": "minor"}), "not adjacent"),
    (Edge("0101", "paris", "hexside"), "not adjacent"),
    (Edge("0101", "0101"), "two different locations"),
    (Edge("0101", "0102", "road"), "unknown edge kind"),
])
def test_bad_edges_are_module_errors(edge, message):
    with pytest.raises(ModuleError, match=message) as info:
        MapGraph.from_module(small_module(edges=[edge]))
    assert info.value.file == "edges"


def test_duplicate_hexside_and_hex_are_module_errors():
    with pytest.raises(ModuleError, match="duplicate hexside"):
        MapGraph.from_module(small_module(edges=[Edge("0101", "0102", "hexside"),
                                                 Edge("0102", "0101", "hexside")]))
    twin = Location("twin", "hex", "map", grid="g", q=0, r=0)
    with pytest.raises(ModuleError, match="same hex"):
        MapGraph.from_module(small_module(extra=[twin]))
    stray = Location("stray", "hex", "map", grid="nogrid", q=0, r=0)
    with pytest.raises(ModuleError, match="unknown grid"):
        MapGraph.from_module(small_module(extra=[stray]))
    bad_grid = Grid("g", "map", "flat", 40.0, 0, 0, "hexy")
    with pytest.raises(ModuleError, match="unknown numbering"):
        MapGraph([], (bad_grid,))


def test_two_grids_do_not_join():
    inset = Grid("inset", "map", "flat", 20.0, 600.0, 400.0, "colrow", {"parity": "odd"})
    a = hex_loc("0101")
    b = Location("i0101", "hex", "map", grid="inset", q=0, r=0)
    c = Location("i0102", "hex", "map", grid="inset", q=0, r=1)
    m = Module("t", "T", grids=(GRID, inset), locations={x.id: x for x in (a, b, c)})
    g = MapGraph.from_module(m)
    assert g.neighbours("0101") == [] and g.neighbours("i0101") == ["i0102"]
    assert g.distance("0101", "i0101") is None
    assert g.location_at("map", 600, 400) == "i0101"
