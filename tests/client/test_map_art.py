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


def test_hovering_a_big_stack_fans_every_piece_out_within_the_map():
    """A compact stack of 8–10 and more shows its count on the map; the mouse over it fans every
    piece out, in rows when the map is too narrow for one, none on top of another."""
    gi = open_module("grand_illusion")
    session = Session.new(gi, None, 1, ruleset="free")
    from client.table import Table
    size = (960, 720)                                       # a narrow map: the fan needs two rows
    table = Table(session, size, side="", hot_seat=False)
    loc, stack = max(session.state.stacks.items(), key=lambda kv: len(kv[1]) if gi.locations[kv[0]].kind == "hex" else 0)
    assert len(stack) >= 10
    table.camera.index = ZOOMS.index(1.0)
    table.camera.center_on(*table.world.centre(loc))
    surf = pygame.Surface(size)
    table.draw(surf, complete=True)
    top = [d for d in table.layer.drawn if d.loc == loc and not d.badge and d.rect is not None][-1]
    pos = top.rect.move(table.map_rect.topleft).center
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    assert table.hover is not None and table.hover.loc == loc
    panel, cells = table.overlay.hover_fan()
    assert len(cells) == len(table.layer.entries(loc)) >= 10
    assert len({c.y for c in cells}) >= 2, "two rows at least"
    assert table.map_rect.contains(panel) and all(panel.contains(c) for c in cells)
    assert all(not a.colliderect(b) for i, a in enumerate(cells) for b in cells[i + 1:])
    assert not panel.collidepoint(pos), "the fan does not cover the stack it shows"
    table.draw(surf, complete=True)
    # each piece is drawn in its cell: its face, not the dark shade behind the fan
    shade = surf.get_at((panel.x + 2, panel.y + 2))[:3]
    for c in cells:
        assert surf.get_at(c.center)[:3] != shade
    # off the stack, no fan
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=table.map_rect.topleft, rel=(1, 0), buttons=(0, 0, 0)))
    assert table.overlay.hover_fan() is None


@pytest.mark.parametrize("module_id", ["grand_illusion", "offensive_a_outrance_1914", "strafexpedition_1916",
                                       "france_1944"])
def test_hex_maps_open_with_readable_counters_where_the_units_are(module_id):
    """Fitted whole, a hex map drew its counters as 5–22 px dots; it opens instead with counters
    READABLE_COUNTER px wide, on the view holding the most units, the view filled with map.
    F still fits the whole world."""
    from client.table import Table
    from client.world import READABLE_COUNTER
    mod = open_module(module_id)
    session = Session.new(mod, None, 1, ruleset="free")
    table = Table(session, SIZE, side="", hot_seat=False)
    cam = table.camera
    assert READABLE_COUNTER * 0.99 <= cam.scale(table.world.counter) < READABLE_COUNTER * 1.25
    table.draw(pygame.Surface(SIZE), complete=True)
    view = pygame.Rect(0, 0, table.map_rect.w, table.map_rect.h)
    units = [d for d in table.layer.layout(cam) if not d.badge and d.rect is not None
             and view.contains(d.rect) and table.world.places[d.loc].shape == "hex"]
    assert len(units) >= 10
    # no empty table beside the map: along each axis the view lies within the world, or the
    # world (narrower than the view) within the view
    (x0, y0), (x1, y1) = cam.to_world(0, 0), cam.to_world(cam.width, cam.height)
    x, y, w, h = table.world.bounds
    for lo, hi, a, b in ((x0, x1, x, x + w), (y0, y1, y, y + h)):
        assert a - 1 <= lo <= hi <= b + 1 or lo <= a <= b <= hi
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0))
    whole = type(cam)(cam.width, cam.height)
    whole.fit(table.world.bounds)
    assert cam.index == whole.index


def test_the_sample_map_still_opens_whole():
    from client.table import Table
    from engine.sample import sample_module
    table = Table(Session.new(sample_module(), None, 1, ruleset="free"), (1280, 800), side="", hot_seat=False)
    whole = type(table.camera)(table.camera.width, table.camera.height)
    whole.fit(table.world.bounds)
    assert (table.camera.index, table.camera.px, table.camera.py) == (whole.index, whole.px, whole.py)


def test_long_hex_names_stay_within_their_hex():
    """Grand Illusion's hexes carry names like "Calais / Boulogne / Courtrai": each is drawn in at
    most two lines no wider than its hex, shrinking the font before cutting a word."""
    from client.render_map import _hex_name
    lines = _hex_name("Calais / Boulogne / Courtrai", 13, 61)
    assert 1 <= len(lines) <= 2 and all(img.get_width() <= 61 for img in lines)
    assert [img.get_width() for img in _hex_name("Metz", 13, 61)] == [fonts_width("Metz", 13)]


def fonts_width(text, size):
    from client import fonts
    return fonts.font(size, bold=True).size(text)[0]


def test_a_board_title_longer_than_a_tile_is_drawn_whole():
    """A board's name runs along its top across tiles (it was cut at the edge of the first)."""
    from dataclasses import replace
    gi = open_module("grand_illusion")
    world = World(gi)
    maps = MapRenderer(world)
    bx, by, bw, bh = world.board_rects["main"]
    z = 1.0
    region = (round(bx * z) + 700, round(by * z), 300, round(world.counter * 0.6))   # past 3 counters' margin
    titled = pygame.image.tobytes(maps.render_region(z, *region), "RGB")
    maps.boards["main"] = replace(maps.boards["main"], name="")
    maps.tiles.clear()
    untitled = pygame.image.tobytes(maps.render_region(z, *region), "RGB")
    assert titled != untitled


def test_hovering_a_close_up_hex_tells_what_stands_on_its_twin():
    """France 1944's Normandy close-up hex is its main-map hex (rulebook 1.3): hovering it lists
    the units it shows, not "empty"; terrain and hexside words read as words."""
    fr = open_module("france_1944")
    session = Session.new(fr, None, 1, ruleset="free")
    from client.table import Table
    table = Table(session, SIZE, side="", hot_seat=False)
    assert session.state.stacks["1207"] and not session.state.stacks.get("12.07")
    table.camera.index = ZOOMS.index(1.0)
    table.camera.center_on(*table.world.centre("12.07"))
    table.draw(pygame.Surface(SIZE), complete=True)
    twin = table.world.places["12.07"]
    low = max(y for _, y in twin.corners)               # the hex's bottom, below the counters
    pos = table.screen_of(twin.cx, twin.cy + (low - twin.cy) * 0.8)
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    assert table.hover is None and table.hover_loc == "12.07"
    table.hover_since -= 1.0
    table.update(0.01)
    text = " ".join(table.tooltip.lines)
    names = [fr.piece_types[session.state.pieces[p].type].name for p in session.state.stacks["1207"]]
    assert "Cherbourg" in text and all(n in text for n in names) and "empty" not in text
    oao, strafe = PlaceInfo(open_module("offensive_a_outrance_1914")), PlaceInfo(open_module("strafexpedition_1916"))
    assert "forest forest" not in " ".join(oao.lines("56.55", [])) and "forest" in " ".join(oao.lines("56.55", []))
    assert "terrain: level 5" in strafe.lines("1535", [])


def test_a_click_on_a_box_of_a_hundred_markers_opens_an_inspector_that_fits():
    """Grand Illusion's marker box holds 109 pieces: the inspector shows them as a grid of
    counters that fits the map (it ran off the top of the window), each one clickable."""
    gi = open_module("grand_illusion")
    session = Session.new(gi, None, 1, ruleset="free")
    from client.table import Table
    table = Table(session, (1280, 800), side="", hot_seat=False)
    loc, stack = max(session.state.stacks.items(), key=lambda kv: len(kv[1]))
    assert len(stack) >= 100
    table.inspect(loc)
    insp = table.inspector
    assert insp.compact and table.map_rect.contains(insp.rect)
    assert len(insp.slots) == len(stack) and all(insp.rect.contains(r) for r, _ in insp.slots)
    surf = pygame.Surface((1280, 800))
    table.draw(surf, complete=True)
    r, k = insp.slots[-1]
    assert surf.get_at(r.center)[:3] != surf.get_at((r.right + 2, r.centery))[:3]   # a counter drawn there
    assert insp.hit(r.center) == k == len(stack) - 1
    # a stack of a dozen keeps its labelled slots
    hexes = [kv for kv in session.state.stacks.items() if gi.locations[kv[0]].kind == "hex"]
    table.inspect(max(hexes, key=lambda kv: len(kv[1]))[0])
    assert not table.inspector.compact and table.map_rect.contains(table.inspector.rect)


def test_a_town_over_several_hexes_prints_its_name_once():
    """Strafexpedition's Rovereto covers three adjacent hexes: the map prints the name once (it
    printed 'Rovereto' three times); each of its hexes still tells its name on hover."""
    strafe = open_module("strafexpedition_1916")
    maps = MapRenderer(World(strafe))
    rovereto = [l.id for l in strafe.locations.values() if l.kind == "hex" and l.name == "Rovereto"]
    assert len(rovereto) >= 2
    assert len([h for h in rovereto if h in maps.named]) == 1
    info = PlaceInfo(strafe)
    assert all(info.lines(h, [])[0].startswith("Rovereto") for h in rovereto)
    # a name borne by one hex only is printed there
    single = [l.id for l in strafe.locations.values() if l.kind == "hex" and l.name == "Moscheri"]
    assert single and single[0] in maps.named
