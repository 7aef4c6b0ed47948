"""Hex geometry: coordinates, distance, rings, lines, pixel conversion, hexsides and vertices."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from engine.hexgrid import (DIRECTIONS, Hex, Hexside, Layout, Vertex, cube, direction_to, distance,
                            from_cube, hex_range, hex_round, hexside, hexside_between, line, neighbour,
                            neighbours, ring, spiral, vertex, vertices)
from engine.model import Grid

coord = st.integers(-60, 60)
hexes = st.builds(Hex, coord, coord)
layouts = st.builds(Layout, st.sampled_from(["flat", "pointy"]), st.floats(5, 80),
                    st.floats(-500, 500), st.floats(-500, 500))


def test_cube_coordinates_sum_to_zero_and_round_trip():
    assert cube(Hex(2, -5)) == (2, -5, 3)
    assert Hex(2, -5).s == 3
    assert from_cube(2, -5, 3) == Hex(2, -5)
    with pytest.raises(ValueError):
        from_cube(1, 1, 1)


def test_neighbours_in_direction_order_and_opposites():
    h = Hex(3, -1)
    assert neighbours(h) == [Hex(4, -1), Hex(4, -2), Hex(3, -2), Hex(2, -1), Hex(2, 0), Hex(3, 0)]
    for d in range(6):
        assert neighbour(neighbour(h, d), d + 3) == h
        assert direction_to(h, neighbour(h, d)) == d
    with pytest.raises(ValueError):
        direction_to(h, Hex(5, -1))


def test_distance_examples():
    assert distance(Hex(0, 0), Hex(0, 0)) == 0
    assert distance(Hex(0, 0), Hex(3, 0)) == 3
    assert distance(Hex(0, 0), Hex(3, -3)) == 3
    assert distance(Hex(0, 0), Hex(2, 2)) == 4
    assert distance(Hex(-2, 5), Hex(1, -1)) == 6


def test_ring_and_spiral_sizes_and_distances():
    c = Hex(4, -7)
    assert ring(c, 0) == [c]
    for k in range(1, 6):
        rk = ring(c, k)
        assert len(rk) == 6 * k == len(set(rk))
        assert all(distance(c, h) == k for h in rk)
        # consecutive hexes of a ring are adjacent, and so are the last and the first
        assert all(distance(x, y) == 1 for x, y in zip(rk, rk[1:] + rk[:1]))
    sp = spiral(c, 4)
    assert sp[0] == c and len(sp) == 1 + 3 * 4 * 5 == len(set(sp))
    assert set(sp) == hex_range(c, 4) == {h for h in hex_range(c, 5) if distance(c, h) <= 4}
    with pytest.raises(ValueError):
        ring(c, -1)


def test_hex_round_fixes_the_largest_error():
    assert hex_round(0.1, 0.1) == Hex(0, 0)
    # cube (0.3, 0.45, -0.75) rounds to (0, 0, -1), which does not sum to 0; r has the largest
    # error, so it is recomputed: (0, 1, -1), the nearest centre
    assert hex_round(0.3, 0.45) == Hex(0, 1)
    assert hex_round(-1.2, 2.9) == Hex(-1, 3)


def test_line_straight_and_grazing():
    assert line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    # (0,0)->(2,-1) passes exactly along the hexside between (1,-1) and (1,0):
    # the two nudges pick one side each
    plus, minus = line(Hex(0, 0), Hex(2, -1)), line(Hex(0, 0), Hex(2, -1), -1e-6)
    assert {plus[1], minus[1]} == {Hex(1, -1), Hex(1, 0)}
    assert line(Hex(5, 5), Hex(5, 5)) == [Hex(5, 5)]


@given(hexes, hexes)
def test_distance_symmetric_and_zero_only_on_self(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbours_reciprocal_and_at_distance_one(h):
    ns = neighbours(h)
    assert len(set(ns)) == 6
    for n in ns:
        assert distance(h, n) == 1
        assert h in neighbours(n)


@given(hexes, hexes, st.sampled_from([1e-6, -1e-6]))
def test_line_is_a_connected_shortest_path(a, b, nudge):
    hs = line(a, b, nudge)
    assert hs[0] == a and hs[-1] == b
    assert len(hs) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(hs, hs[1:]))


@given(layouts, hexes)
def test_pixel_hex_pixel_round_trip(layout, h):
    x, y = layout.to_pixel(h)
    assert layout.to_hex(x, y) == h
    fq, fr = layout.fractional(x, y)
    assert math.isclose(fq, h.q, abs_tol=1e-9) and math.isclose(fr, h.r, abs_tol=1e-9)


@given(layouts, hexes, st.floats(0, 0.49), st.floats(0, 2 * math.pi))
def test_points_near_a_centre_round_to_it(layout, h, frac, angle):
    x, y = layout.to_pixel(h)
    d = frac * layout.size
    assert layout.to_hex(x + d * math.cos(angle), y + d * math.sin(angle)) == h


def test_layout_flat_and_pointy_spacing():
    flat = Layout("flat", 10.0, 100.0, 50.0)
    assert flat.to_pixel(Hex(0, 0)) == (100.0, 50.0)
    assert flat.to_pixel(Hex(1, 0)) == pytest.approx((115.0, 50.0 + 5 * math.sqrt(3)))
    assert flat.to_pixel(Hex(0, 1)) == pytest.approx((100.0, 50.0 + 10 * math.sqrt(3)))
    pointy = Layout("pointy", 10.0, 0.0, 0.0)
    assert pointy.to_pixel(Hex(1, 0)) == pytest.approx((10 * math.sqrt(3), 0.0))
    assert pointy.to_pixel(Hex(0, 1)) == pytest.approx((5 * math.sqrt(3), 15.0))


def test_layout_from_grid_validates():
    g = Grid("g", "map", "flat", 40.0, 60.0, 60.0, "colrow")
    assert Layout.from_grid(g) == Layout("flat", 40.0, 60.0, 60.0)
    with pytest.raises(ValueError, match="orientation"):
        Layout.from_grid(Grid("g", "map", "square", 40.0, 0, 0, "colrow"))
    with pytest.raises(ValueError, match="size"):
        Layout.from_grid(Grid("g", "map", "flat", 0.0, 0, 0, "colrow"))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_corners_are_at_hex_radius_and_shared(orientation):
    layout = Layout(orientation, 20.0, 3.0, 4.0)
    h = Hex(2, -1)
    cx, cy = layout.to_pixel(h)
    pts = layout.corners(h)
    assert len(pts) == 6
    for (x, y), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        assert math.hypot(x - cx, y - cy) == pytest.approx(20.0)
        assert math.hypot(x2 - x, y2 - y) == pytest.approx(20.0)  # a side is as long as the radius
    # corner k is also a corner of the neighbours in directions k and k+1
    for k in range(6):
        for n in (neighbour(h, k), neighbour(h, k + 1)):
            assert any(math.isclose(p[0], pts[k][0], abs_tol=1e-9) and math.isclose(p[1], pts[k][1], abs_tol=1e-9)
                       for p in layout.corners(n))


@given(hexes, st.integers(0, 5))
def test_hexside_canonical_from_both_sides(h, d):
    n = neighbour(h, d)
    side = hexside(h, d)
    assert side == hexside(n, d + 3) == hexside_between(h, n) == hexside_between(n, h)
    assert 0 <= side.dir <= 2
    assert set(side.hexes()) == {h, n}


def test_hexside_between_non_adjacent_raises():
    with pytest.raises(ValueError):
        hexside_between(Hex(0, 0), Hex(2, 0))


def test_hexsides_of_a_hex_are_six_distinct_ids():
    h = Hex(0, 0)
    sides = {hexside(h, d) for d in range(6)}
    assert len(sides) == 6
    assert Hexside(Hex(0, 0), 0) in sides and Hexside(Hex(-1, 0), 0) in sides


@given(hexes, st.integers(0, 5))
def test_vertex_ids_shared_by_the_three_hexes(h, k):
    v = vertex(h, k)
    assert isinstance(v, Vertex) and list(v) == sorted(v)
    for other in v:
        assert v in vertices(other)
    assert len(set(vertices(h))) == 6


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hexside_endpoints_are_the_shared_corners(orientation):
    layout = Layout(orientation, 12.0, 0.0, 0.0)
    a = Hex(0, 0)
    for d in range(6):
        b = neighbour(a, d)
        p1, p2 = layout.hexside_endpoints(hexside(a, d))
        ca, cb = layout.to_pixel(a), layout.to_pixel(b)
        mid = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
        assert mid == pytest.approx(((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2))
        assert math.dist(p1, p2) == pytest.approx(12.0)


def test_directions_cover_the_six_unit_moves():
    assert len(set(DIRECTIONS)) == 6
    assert all(distance(Hex(0, 0), d) == 1 for d in DIRECTIONS)
