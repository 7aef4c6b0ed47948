"""Issue 18, friction 5: the maps are readable. Paths of Glory is drawn as a map (land, sea,
coasts, 1914 borders from the committed map_art table; terrain symbols, forts, VP, ports,
capitals; names readable at the opening zoom); the hex maps draw their rule-bearing features;
hovering a hex or space tells what it is; big stacks stay on their hex; France 1944's Normandy
close-up shows its units."""
from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from client import colours, hex_marks, render_geo, space_marks
from client.camera import ZOOMS
from client.place_info import PlaceInfo
from client.render_map import LABEL_MIN, MapRenderer
from client.world import World
from engine.session import Session
from engine.modules import open_module

SIZE = (1600, 1000)


@pytest.fixture(scope="module")
def pog():
    return open_module("paths_of_glory")


def world_pixel(maps: MapRenderer, wx: float, wy: float, z: float = 1.0):
    """The colour the map renderer paints at world point (wx, wy), zoom z."""
    px, py = round(wx * z) - 8, round(wy * z) - 8
    return tuple(maps.render_region(z, px, py, 16, 16).get_at((8, 8)))[:3]


def europe(lat: float, lon: float) -> tuple[float, float]:
    """Paths of Glory's Europe projection (authoring/make_module.py project())."""
    return 100.0 + (lon + 5.0) * 88.0, 60.0 + (60.2 - lat) * 120.0


def test_pog_map_art_has_land_sea_coasts_and_1914_borders(pog):
    world = World(pog)
    art = render_geo.MapArt(pog, world.origins)
    layers = {}
    for layer, _c, _p, _b in art.shapes:
        layers[layer] = layers.get(layer, 0) + 1
    assert layers["land"] > 50 and layers["coast"] > 50 and layers["border"] > 50 and layers["frame"] >= 1
    border_keys = {str(row[2]) for row in pog.tables["map_art"].cells if row[0] == "border"}
    # 1914 frontiers: France-Germany (Alsace-Lorraine German), Germany-Russia (Poland Russian),
    # Austria-Hungary with Serbia, Italy and Romania
    assert {"FR GE", "GE RU", "AH SB", "AH IT", "AH RO"} <= border_keys
    maps = MapRenderer(world)
    assert world_pixel(maps, *europe(45.5, -6.0)) == render_geo.SEA              # Bay of Biscay
    assert world_pixel(maps, *europe(37.0, 18.0)) == render_geo.SEA              # Ionian Sea
    assert world_pixel(maps, *europe(51.3, 10.5)) == render_geo._nation_tint(pog, "GE")   # Thuringia
    assert world_pixel(maps, *europe(48.8, 2.5)) != render_geo.SEA               # Paris is on land


def test_map_art_needs_no_geodata_package_to_draw():
    code = ("import sys, client.render_geo, client.render_map, client.table; "
            "print(sorted(m for m in ('shapely', 'mpl_toolkits.basemap', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": ""})
    assert out.stdout.strip() == "[]"


def test_the_geo_tool_says_which_extra_it_needs(capsys):
    pytest.importorskip("pygame")
    try:
        import shapely  # noqa: F401
        pytest.skip("the geo extra is installed here: the tool would run")
    except ImportError:
        pass
    from tools import geo_art
    assert geo_art.main(["paths_of_glory", "--no-generate"]) == 1
    assert "geo extra" in capsys.readouterr().err


def test_pog_spaces_print_terrain_forts_vp_ports_capitals(pog):
    world = World(pog)
    maps = MapRenderer(world)
    z = 2.0
    for sid, where, colour in (("verdun", "top_right", space_marks.FORT),     # fort 3
                               ("paris", "top", space_marks.VP),             # VP capital: red star
                               ("vienna", "top", space_marks.VP),
                               ("berlin", "top", space_marks.VP)):
        p = world.places[sid]
        x, y, w, h = p.rect
        r = pygame.Rect(round(x * z), round(y * z), round(w * z), round(h * z))
        img = maps.render_region(z, r.x - 20, r.y - 20, r.w + 40, r.h + 40)
        u = round(world.counter * 0.22 * z)
        if where == "top_right":
            pad = max(1, u // 5)
            spot = (20 + r.w - pad - (u + 2) + 1, 20 + pad + u)      # the fort box's lower left
        else:
            spot = (20 + r.w // 2, 20 + 1)
        assert tuple(img.get_at(spot))[:3] == colour, (sid, spot)
    assert set(space_marks.TERRAIN_SYMBOLS) <= {l.terrain for l in pog.locations.values()}


def test_pog_opens_with_names_readable(pog):
    from client.table import Table
    session = Session.new(pog, "introductory", 1, ruleset="free")
    table = Table(session, SIZE, side="CP", hot_seat=False)
    assert ZOOMS[table.camera.index] >= table.world.readable_zoom * 0.99 > 0
    assert round(table.world.counter * 0.25 * ZOOMS[table.camera.index]) < LABEL_MIN <= 10   # the floor is what makes them readable
    # the opening view is full of spaces, not the whole (tiny) map
    on_screen = [p for p in table.world.places.values() if p.kind == "space"
                 and table.map_rect.collidepoint(table.screen_pos_of(p.id))]
    assert len(on_screen) >= 40


def test_grand_illusion_rule_features():
    gi = open_module("grand_illusion")
    world = World(gi)
    rails = [f for f in world.features if f.kind == "rail"]
    assert rails and all(f.style == "cross" for f in rails)
    centres = {(round(p.cx, 1), round(p.cy, 1)) for p in world.places.values() if p.shape == "hex"}
    assert all((round(f.a[0], 1), round(f.a[1], 1)) in centres for f in rails), "railways run centre to centre"
    assert any(f.kind == "mp_cost" for f in world.features), "red diamonds on the extra-cost hexsides"
    marks = hex_marks.HexMarks(gi, world)
    colours_drawn = {c for _, _, c in marks.edges}
    assert hex_marks.BOUNDARIES["paris_ring"][0] in colours_drawn and hex_marks.BOUNDARIES["schlieffen"][0] in colours_drawn
    assert ("box", "+1", hex_marks.TEM, (30, 26, 10), "top_left") in marks.glyphs["26"]   # rulebook's example hex
    assert any(g[0] == "box" and g[1] == "VP" for gs in marks.glyphs.values() for g in gs)
    assert any(g[0] == "supply" and len(g[1]) == 3 for g in marks.glyphs["1"])           # FR BR BE


def test_oao_open_terrain_elevation_bands_and_strafe_woods():
    oao = open_module("offensive_a_outrance_1914")
    m = hex_marks.HexMarks(oao, World(oao))
    band = {}
    for l in oao.locations.values():
        if l.kind == "hex" and l.terrain == "open":
            band.setdefault(l.attrs.get("elevation"), m.fill(l.id, None))
    assert len({band["depression"], band["height"], band["hill"]}) == 3
    strafe = open_module("strafexpedition_1916")
    sm = hex_marks.HexMarks(strafe, World(strafe))
    woods = [l for l in strafe.locations.values() if l.kind == "hex" and l.attrs.get("woods") is True]
    assert woods and all(sm.fill(l.id, None) is not None for l in woods)
    assert all(("trees",) in sm.glyphs[l.id] for l in woods[:20])


def test_hovering_a_space_or_hex_tells_what_it_is(pog):
    info = PlaceInfo(pog)
    session = Session.new(pog, "introductory", 1, ruleset="free")
    from client.table import Table
    table = Table(session, SIZE, side="CP", hot_seat=False)
    lines = info.lines("verdun", table.layer.entries("verdun"))
    assert lines[0] == "Verdun" and "terrain: clear" in lines
    assert any("fort: 3" in l and "VP" in l and "nation: France" in l for l in lines)
    assert "2 unit(s): French 3rd Army, French 4th Army" in lines and "markers: Trench level 1" in lines
    gi = open_module("grand_illusion")
    gl = PlaceInfo(gi).lines("26", [])
    assert gl[0].endswith("(hex 26)") and any("terrain modifier: 1" in l for l in gl)
    assert any(l.startswith("hexsides: ") and "rail" in l for l in gl) and gl[-1] == "empty"
    # through the table: the mouse over an empty space, then the delay
    table.camera.index = ZOOMS.index(1.0)
    table.camera.center_on(*table.world.centre("melun"))
    table.draw(pygame.Surface(SIZE), complete=True)
    pos = table.screen_pos_of("melun")
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    assert table.hover is None and table.hover_loc == "melun"
    table.hover_since -= 1.0
    table.update(0.01)
    assert table.tooltip.lines[0] == "Melun" and "empty" in table.tooltip.lines


def test_a_stack_of_ten_stays_on_its_hex():
    gi = open_module("grand_illusion")
    session = Session.new(gi, None, 1, ruleset="free")
    from client.table import Table
    table = Table(session, SIZE, side="", hot_seat=False)
    loc, stack = max(session.state.stacks.items(), key=lambda kv: len(kv[1]) if gi.locations[kv[0]].kind == "hex" else 0)
    assert len(stack) >= 8
    table.camera.index = ZOOMS.index(1.0)
    table.camera.center_on(*table.world.centre(loc))
    hex_rect = table.overlay.location_rect(loc).move(-table.map_rect.x, -table.map_rect.y)
    counter = table.camera.scale(table.world.counter)
    reach = hex_rect.inflate(round(counter * 0.4), round(counter * 0.4))
    units = [d for d in table.layer.layout(table.camera) if d.loc == loc and not d.badge]
    assert len(units) >= 8 and all(reach.contains(d.rect) for d in units)


def test_normandy_close_up_shows_the_units_of_its_hexes():
    fr = open_module("france_1944")
    session = Session.new(fr, None, 1, ruleset="free")
    from client.table import Table
    table = Table(session, SIZE, side="", hot_seat=False)
    assert ("12.07", "1207") in table.world.twins
    on_main = session.state.stacks["1207"]
    assert on_main
    mirrored = [d for d in table.layer.drawn if d.mirror and d.loc == "1207"]
    assert {d.pid for d in mirrored} == set(on_main)
    twin = table.world.places["12.07"]
    assert all(abs(d.wx - twin.cx) < table.world.counter and abs(d.wy - twin.cy) < table.world.counter for d in mirrored)
    assert table.world.places["12.07"].board == "normandy"
