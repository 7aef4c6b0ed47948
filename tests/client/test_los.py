"""The table's line-of-sight tool on Strafexpedition 1916: key V, pick an observer hex, point at a
target; the readout is ``wartable map strafexpedition_1916 los A B``'s answer and the line is
drawn green (clear) or red (blocked). Read-only: the game state never changes."""
from __future__ import annotations

import pygame
import pytest

from client import colours
from client.los import los_rules, report
from client.table import Table
from engine.session import Session
from tools.cli import main as wartable
from tools.resolve import open_module

from .test_drag import key, move, press, release

OBSERVER = "3430"                 # level 6
BLOCKED = ("3828", "3728")        # level-4 target 4 hexes off; 3728 (level 6) stands in the way
CLEAR = "3634"                    # level-2 valley hex 5 hexes off, seen from above


@pytest.fixture(scope="module")
def strafe():
    return open_module("strafexpedition_1916")


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
    assert table.los.readout == (f"LOS {OBSERVER} → {target}: blocked by {blocker} "
                                 "(level 6 > sight line 3.8) — rules 13.2.2, 13.2.3")
    surf = frame(table)
    assert line_pixels(surf, pa, pb, colours.LOS_BLOCKED) == 3
    assert line_pixels(surf, pa, pb, colours.LOS_CLEAR) == 0

    click(table, pb)                                    # pins the target: moving away keeps it
    move(table, pc, buttons=(0, 0, 0))
    assert table.los.pinned and table.los.target == target

    click(table, pa)                                    # a new observer (the same hex) ...
    move(table, pc, buttons=(0, 0, 0))                  # ... and a target seen over the valley
    assert table.los.report.verdict == cli_los(capsys, OBSERVER, CLEAR) == "clear"
    assert table.los.readout == f"LOS {OBSERVER} → {CLEAR}: clear (5 hexes) — rules 13.2.2, 13.2.3"
    surf = frame(table)
    assert line_pixels(surf, pa, pc, colours.LOS_CLEAR) == 3
    assert line_pixels(surf, pa, pc, colours.LOS_BLOCKED) == 0

    key(table, pygame.K_ESCAPE)
    assert table.los is None
    surf = frame(table)
    assert line_pixels(surf, pa, pc, colours.LOS_CLEAR) == 0
    assert session.state.hash == before and len(session.record.entries) == n   # read-only


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
    from engine.board import MapGraph
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
