"""The table's line-of-sight tool on Strafexpedition 1916: key V, pick an observer hex, point at a
target; the readout is ``wartable map strafexpedition_1916 los A B``'s answer and the line is
drawn green (clear) or red (blocked, too far). Read-only: the game state never changes.

The module's ``line_of_sight`` table declares rulebook 13.2.2-13.2.3 (model ``higher_than_both``):
at most 6 hexes, +1 per level the observer is above the target; blocked by a hex higher than both
ends; woods block if an end is at their level or lower. Levels of the hexes used here: 5211 2,
5110 2, 5011 3, 4910 2, 4608 1, 4507 1, 4508 2, 4912 4 woods, 4713 4 woods, 0201 5, 1201 1, 1301 2,
2623 6, 2622-2620 5 woods, 2619 6.
"""
from __future__ import annotations

import pygame
import pytest

from client import colours
from engine.los import SightModel, los_rules, report, sight, sight_model, verdict
from client.table import Table
from engine.board import MapGraph
from engine.session import Session
from tools.cli import main as wartable
from engine.modules import open_module

from .test_drag import key, move, press, release

OBSERVER = "5211"                 # level 2, open ground
BLOCKED = ("4910", "5011")        # level-2 target 3 hexes off; 5011 (level 3) is higher than both
CLEAR = "4507"                    # level-1 target 7 hexes off: 6 + 1 for the level the observer is above it
TOO_FAR = "4508"                  # level-2 target 7 hexes off: no bonus, 7 > 6
WOODS = ("4713", "4912")          # level-4 woods target; the level-4 woods of 4912 are not below 5211 (level 2)


@pytest.fixture(scope="module")
def strafe():
    return open_module("strafexpedition_1916")


@pytest.fixture(scope="module")
def graph(strafe):
    return MapGraph.from_module(strafe)


@pytest.fixture
def table(strafe):
    session = Session.new(strafe, next(iter(strafe.scenarios)), seed=3)
    t = Table(session, (1280, 800), side="AH", hot_seat=False)
    frame(t)
    return t


def frame(table):
    surf = pygame.Surface((table.width, table.height))
    table.draw(surf, complete=True)
    return surf


def cli_los(capsys, a: str, b: str) -> str:
    capsys.readouterr()
    assert wartable(["map", "strafexpedition_1916", "los", a, b]) == 0
    return capsys.readouterr().out.strip()


def show(table, *locs):
    """Zoom in and centre the camera on ``locs`` so every hex is a few dozen pixels wide."""
    xs, ys = zip(*(table.world.centre(l) for l in locs))
    table.camera.center_on((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    while table.camera.scale(table.world.counter) < 24 and table.camera.zoom_by(1):
        pass
    table.camera.center_on((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def click(table, pos):
    move(table, pos, buttons=(0, 0, 0))
    press(table, pos)
    release(table, pos)


def line_pixels(surf, a, b, colour):
    """How many of the points at 30%, 50% and 70% along a→b (or a pixel next to one) show ``colour``."""
    hits = 0
    for t in (0.3, 0.5, 0.7):
        x, y = round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)
        near = [tuple(surf.get_at((x + dx, y + dy)))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        hits += tuple(colour) in near
    return hits


def test_the_rules_cited_are_the_los_rules(strafe):
    assert los_rules(strafe) == ["13.2.2", "13.2.3"]
    assert "LoS" in strafe.rule_text("13.2.2") and "LoS" in strafe.rule_text("13.2.3")


def test_strafe_declares_rule_13_2_2_as_data(strafe):
    assert sight_model(strafe) == SightModel("higher_than_both", 6, 1.0, "woods", "9.1", "13.2.2")
    assert sight_model(None) == SightModel() and SightModel().model == "slope"
    assert sight_model(open_module("grand_illusion")) == SightModel()   # no table: the slope


def test_strafe_13_2_2_blocked_by_a_hex_higher_than_both(strafe, graph, capsys):
    target, blocker = BLOCKED
    assert cli_los(capsys, OBSERVER, target) == f"blocked {blocker}"
    assert report(strafe, graph, OBSERVER, target).text() == (
        f"LOS {OBSERVER} → {target}: blocked by {blocker} (level 3 above both the observer's 2 "
        "and the target's 2) — rules 13.2.2, 13.2.3")


def test_strafe_13_2_2_lower_hexes_do_not_block_where_the_slope_did(strafe, graph, capsys):
    # 5110 (level 2) is above the sloped line from level 2 down to level 1, not above both ends
    for target, n in (("4608", 6), (CLEAR, 7)):
        assert verdict(sight(None, graph, OBSERVER, target)) == "blocked 5110"   # the slope rule
        assert cli_los(capsys, OBSERVER, target) == "clear"
        assert report(strafe, graph, OBSERVER, target).text() == (
            f"LOS {OBSERVER} → {target}: clear ({n} hexes of at most 7; weather (9.1) may shorten "
            "it) — rules 13.2.2, 13.2.3")


def test_strafe_13_2_3_woods_block_from_their_level_or_lower(strafe, graph, capsys):
    target, woods = WOODS
    assert cli_los(capsys, OBSERVER, target) == f"blocked {woods}"
    r = report(strafe, graph, OBSERVER, target)
    assert r.screen == "woods" and r.text() == (
        f"LOS {OBSERVER} → {target}: blocked by {woods} (woods at level 4, not below the "
        "observer's level 2) — rules 13.2.2, 13.2.3")
    no_woods = SightModel("higher_than_both", 6, 1.0)
    assert verdict(sight(no_woods, graph, OBSERVER, target)) == "clear"        # only the woods block
    # 2623 and 2619 (level 6) see each other over the level-5 woods 2622-2620, lower than both;
    # the level-5 target 2620 is hidden by them (the slope rule saw it)
    assert cli_los(capsys, "2623", "2619") == "clear"
    assert cli_los(capsys, "2623", "2620") == "blocked 2622"
    assert verdict(sight(None, graph, "2623", "2620")) == "clear"
    assert report(strafe, graph, "2623", "2620").text() == (
        "LOS 2623 → 2620: blocked by 2622 (woods at level 5, not below the target's level 5) "
        "— rules 13.2.2, 13.2.3")


def test_strafe_13_2_2_at_most_six_hexes_plus_one_per_level(strafe, graph, capsys):
    assert verdict(sight(None, graph, OBSERVER, TOO_FAR)) == "clear"        # the slope has no limit
    assert cli_los(capsys, OBSERVER, TOO_FAR) == "too far 7 > 6"
    assert report(strafe, graph, OBSERVER, TOO_FAR).text() == (
        f"LOS {OBSERVER} → {TOO_FAR}: too far (7 hexes > 6; weather (9.1) may shorten it further)"
        " — rules 13.2.2, 13.2.3")
    # the rulebook's example: a level-5 observer sees a level-1 target 10 hexes away ...
    assert cli_los(capsys, "0201", "1201") == "clear"
    # ... and a level-2 target 11 hexes away is 2 beyond its 6 + 3
    assert cli_los(capsys, "0201", "1301") == "too far 11 > 9"
    assert report(strafe, graph, "0201", "1301").text() == (
        "LOS 0201 → 1301: too far (11 hexes > 9 = 6 + 3 for the observer 3 levels above the "
        "target; weather (9.1) may shorten it further) — rules 13.2.2, 13.2.3")


def test_los_mode_blocked_then_clear_matches_the_cli(table, capsys):
    session = table.session
    before, n = session.state.hash, len(session.record.entries)
    target, blocker = BLOCKED
    show(table, OBSERVER, target, CLEAR)
    pa, pb, pc = (table.screen_pos_of(l) for l in (OBSERVER, target, CLEAR))
    assert [table.location_under(p) for p in (pa, pb, pc)] == [OBSERVER, target, CLEAR]

    key(table, pygame.K_v)
    assert table.los is not None and "observer" in table.los.readout
    click(table, pa)                                    # the observer
    assert table.los.observer == OBSERVER and table.selection == [] and table.inspector is None
    move(table, pb, buttons=(0, 0, 0))                  # hovering the target
    assert table.los.report.verdict == cli_los(capsys, OBSERVER, target) == f"blocked {blocker}"
    assert table.los.readout == (f"LOS {OBSERVER} → {target}: blocked by {blocker} (level 3 above "
                                 "both the observer's 2 and the target's 2) — rules 13.2.2, 13.2.3")
    surf = frame(table)
    assert line_pixels(surf, pa, pb, colours.LOS_BLOCKED) == 3
    assert line_pixels(surf, pa, pb, colours.LOS_CLEAR) == 0

    click(table, pb)                                    # pins the target: moving away keeps it
    move(table, pc, buttons=(0, 0, 0))
    assert table.los.pinned and table.los.target == target

    click(table, pa)                                    # a new observer (the same hex) ...
    move(table, pc, buttons=(0, 0, 0))                  # ... and a target seen down the slope
    assert table.los.report.verdict == cli_los(capsys, OBSERVER, CLEAR) == "clear"
    assert table.los.readout == (f"LOS {OBSERVER} → {CLEAR}: clear (7 hexes of at most 7; weather "
                                 "(9.1) may shorten it) — rules 13.2.2, 13.2.3")
    surf = frame(table)
    assert line_pixels(surf, pa, pc, colours.LOS_CLEAR) == 3
    assert line_pixels(surf, pa, pc, colours.LOS_BLOCKED) == 0

    key(table, pygame.K_ESCAPE)
    assert table.los is None
    surf = frame(table)
    assert line_pixels(surf, pa, pc, colours.LOS_CLEAR) == 0
    assert session.state.hash == before and len(session.record.entries) == n   # read-only


def test_los_mode_too_far_is_red(table, capsys):
    show(table, OBSERVER, TOO_FAR)
    pa, pt = table.screen_pos_of(OBSERVER), table.screen_pos_of(TOO_FAR)
    assert [table.location_under(p) for p in (pa, pt)] == [OBSERVER, TOO_FAR]
    key(table, pygame.K_v)
    click(table, pa)
    move(table, pt, buttons=(0, 0, 0))
    r = table.los.report
    assert r.verdict == cli_los(capsys, OBSERVER, TOO_FAR) == "too far 7 > 6"
    assert not r.clear and r.blocker is None and "weather (9.1) may shorten it further" in table.los.readout
    surf = frame(table)
    assert line_pixels(surf, pa, pt, colours.LOS_BLOCKED) == 3
    assert line_pixels(surf, pa, pt, colours.LOS_CLEAR) == 0


def test_the_rule_link_and_the_menu_and_the_button(table):
    key(table, pygame.K_v)
    table.los.click(OBSERVER)
    table.los.hover(CLEAR)
    frame(table)
    rect, rule = table.los.links[0]
    press(table, rect.center)
    assert rule == "13.2.2" and table.modals[-1].__class__.__name__ == "ChartsWindow"
    key(table, pygame.K_ESCAPE)   # closes the rules window
    key(table, pygame.K_ESCAPE)   # leaves the LOS mode
    assert not table.modals and table.los is None

    show(table, OBSERVER)
    press(table, table.screen_pos_of(OBSERVER), button=3)
    menu = table.modals[-1]
    item = next(i for i in menu.items if i.label == "Line of sight from here")
    menu.on_pick(item)
    assert table.los is not None and table.los.observer == OBSERVER
    table.modals.clear()

    frame(table)
    button = table.status.button("LOS")
    press(table, button.rect.center)
    assert table.los is None
    press(table, button.rect.center)
    assert table.los is not None and table.los.observer is None


def test_non_hexes_and_flat_maps(strafe):
    box = next(l.id for l in strafe.locations.values() if l.kind == "box")
    r = report(strafe, MapGraph.from_module(strafe), OBSERVER, box)
    assert r.error.startswith("line of sight needs two hexes") and "box" in r.text()
    gi = open_module("grand_illusion")   # hexes without levels: everything is flat, so clear
    r = report(gi, MapGraph.from_module(gi), "1", "60")   # 7 hexes apart
    assert r.verdict == "clear" and not r.error


def test_los_on_a_point_to_point_map_says_it_needs_hexes():
    pog = open_module("paths_of_glory")
    t = Table(Session.new(pog, next(iter(pog.scenarios)), seed=1), (1280, 800), hot_seat=False)
    frame(t)
    space = next(l.id for l in pog.locations.values() if l.kind == "space")
    t.camera.center_on(*t.world.centre(space))
    key(t, pygame.K_v)
    click(t, t.screen_pos_of(space))
    assert t.location_under(t.screen_pos_of(space)) == space
    assert "line of sight needs two hexes" in t.los.readout and t.los.observer is None
    frame(t)
