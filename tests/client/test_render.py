"""Rendered pixels: counters and map features appear where the module data puts them."""
from __future__ import annotations

import pygame
import pytest

from client import colours
from client.app import render_shot
from client.camera import ZOOMS, Camera
from client.render_counter import BACK_BG, CounterRenderer
from client.render_map import TILE, MapRenderer
from client.world import World
from engine.hexgrid import Hex, Layout, hexside_between
from engine.model import Face, PieceType
from engine.session import Session


def rgb(surf, pos):
    return tuple(surf.get_at((round(pos[0]), round(pos[1]))))[:3]


def close(a, b, tol=6):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.fixture
def shot(session):
    """A map-only frame at zoom 2 centred on hex 0304, as the blue player sees it."""
    surf, table = render_shot(session, (900, 700), zoom=2.0, center="0304", side="blue", chrome=False)
    return surf, table


def hexside_mid(table, a, b):
    la, lb = table.module.locations[a], table.module.locations[b]
    layout = Layout.from_grid(table.module.grid(la.grid))
    (x0, y0), (x1, y1) = layout.hexside_endpoints(hexside_between(Hex(la.q, la.r), Hex(lb.q, lb.r)))
    ox, oy = table.world.origins[la.board]
    return table.screen_of((x0 + x1) / 2 + ox, (y0 + y1) / 2 + oy)


def test_counter_in_nationality_colour_at_its_hex_centre(shot, module):
    surf, table = shot
    cx, cy = table.screen_pos_of("0305")            # one blue infantry corps there
    px = table.camera.scale(table.world.counter)
    blue_bg = tuple(colours.parse(module.nationality("BL").bg))[:3]
    # left of the NATO box, inside the counter: the nationality background
    assert rgb(surf, (cx - px * 0.38, cy)) == blue_bg
    # the NATO infantry cross passes through the centre, in the nationality's ink
    assert close(rgb(surf, (cx, cy)), tuple(colours.parse(module.nationality("BL").fg))[:3], 40)
    # a red stack at 0904 is drawn in red's colours
    rx, ry = table.screen_pos_of("0904")
    if table.map_rect.collidepoint(rx, ry):
        assert rgb(surf, (rx - px * 0.38, ry)) == tuple(colours.parse(module.nationality("RD").bg))[:3]


def test_river_and_impassable_hexsides_drawn_on_the_side(shot):
    surf, table = shot
    river = hexside_mid(table, "0303", "0304")
    assert close(rgb(surf, river), colours.FEATURES["river"][0])
    wall = hexside_mid(table, "0404", "0405")
    assert close(rgb(surf, wall), colours.FEATURES["impassable"][0])
    # a featureless hexside is just the thin outline, not a river colour
    plain = hexside_mid(table, "0403", "0404")
    assert not close(rgb(surf, plain), colours.FEATURES["river"][0], 40)


def test_terrain_fill_at_an_empty_hex(shot, module):
    surf, table = shot
    for loc in ("0402", "0503", "0404"):
        x, y = table.screen_pos_of(loc)
        want = tuple(colours.terrain_colour(module.locations[loc].terrain))[:3]
        assert rgb(surf, (x, y + 6)) == want, loc


def test_hidden_pieces_are_drawn_as_their_backs(session):
    surf, table = render_shot(session, (1200, 900), zoom=1.0, center="deck", side="blue", chrome=False)
    top = table.layer.stack("deck")[-1]
    assert top.entry.get("hidden")
    r = top.rect.move(table.map_rect.topleft)
    assert rgb(surf, (r.x + 3, r.centery)) == BACK_BG
    # nothing about the hidden cards reaches the piece layer
    assert all(set(d.entry) == {"hidden", "back"} for d in table.layer.stack("deck"))


def test_reduced_face_has_a_stripe_and_other_values(module):
    counters = CounterRenderer(module)
    full = counters.image({"type": "blue-inf", "face": 0}, 60)
    reduced = counters.image({"type": "blue-inf", "face": 1}, 60)
    bg = tuple(colours.parse(module.nationality("BL").bg))[:3]
    corner = (54, 8)  # in the top-right stripe band (between x = 43 + y and x = 48 + y)
    assert rgb(full, corner) == bg
    assert rgb(reduced, corner) != bg
    diff = sum(1 for x in range(60) for y in range(44, 60) if full.get_at((x, y)) != reduced.get_at((x, y)))
    assert diff > 20  # the factors (4-3 vs 2-3) differ


@pytest.mark.parametrize("px", [12, 20, 33, 47, 66, 94])
def test_counters_are_rendered_at_the_exact_size_asked(module, px):
    counters = CounterRenderer(module)
    img = counters.image({"type": "red-inf", "face": 0}, px)
    shadow = max(1, round(px * 0.06))
    assert img.get_size() == (px + shadow, px + shadow)  # drawn for this size, never scaled
    assert counters.image({"type": "red-inf", "face": 0}, px) is img  # cached


def test_tiles_join_without_seams(module):
    world = World(module)
    maps = MapRenderer(world)
    zi = ZOOMS.index(1.0)
    whole = maps.render_region(1.0, 0, 0, 2 * TILE, TILE)
    cam = Camera(2 * TILE, TILE, zi)
    tiled = pygame.Surface((2 * TILE, TILE))
    maps.draw(tiled, cam)
    diff = sum(1 for x in range(0, 2 * TILE, 3) for y in range(0, TILE, 3) if whole.get_at((x, y)) != tiled.get_at((x, y)))
    assert diff == 0


def test_markers_and_unknown_unit_types_render(module):
    counters = CounterRenderer(module)
    tag = counters.tag("OOS", 48)
    assert tag.get_width() > 10
    odd = PieceType("odd", "Odd unit", "unit", "blue", "BL", "zeppelin", "regiment", "zeppelin",
                    (Face("full", {"a": 1}),))
    module.piece_types["odd"] = odd
    try:
        img = counters.image({"type": "odd", "face": 0}, 48)
        assert img.get_width() >= 48
    finally:
        del module.piece_types["odd"]


def test_point_to_point_spaces_and_connections():
    """A module without a grid: spaces drawn as boxes with names, connections as lines."""
    from engine.model import Board, Edge, Location, Module, Scenario, Side
    locs = {"a": Location("a", "space", "m", "Alpha", 100, 100), "b": Location("b", "space", "m", "Beta", 400, 100)}
    m = Module("p2p", "P2P", sides=(Side("x", "X"),), boards=(Board("m", "Map", 600, 300),), locations=locs,
               edges=(Edge("a", "b"),), scenarios={"s": Scenario("s", "S")})
    s = Session.new(m, "s", seed=1)
    surf, table = render_shot(s, (700, 400), zoom=1.0, center="a", chrome=False)
    ax, ay = table.screen_pos_of("a")
    bx, by = table.screen_pos_of("b")
    assert close(rgb(surf, ((ax + bx) / 2, ay)), colours.CONNECTION, 10)  # the connection line
    assert table.location_under((ax, ay)) == "a"
    assert table.location_under((bx + 5, by)) == "b"
