"""Issue 18, friction 1: a drag picks the unit the player means, never a marker on top of it.
Markers sharing a location with units are badges beside the stack, with their own words."""
from __future__ import annotations

import pygame
import pytest

from client import actions
from client.camera import ZOOMS
from client.markers import is_marker, marker_label
from engine.rules import Action
from engine.session import Session

from .test_drag import drag, press, move, release

SIZE = (1600, 1000)


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


def _table(session, side):
    from client.table import Table
    table = Table(session, SIZE, side=side, hot_seat=False)
    table.draw(pygame.Surface(SIZE), complete=True)
    return table


def _focus(table, loc, zoom=1.0):
    table.camera.index = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - zoom))
    table.camera.center_on(*table.world.centre(loc))
    table.draw(pygame.Surface(SIZE), complete=True)


def _activated_aachen(pog):
    session = Session.new(pog, "introductory", 1, ruleset="paths_of_glory")
    for a in (Action("play_ops", "CP", card="cp_12"), Action("activate", "CP", space="aachen", mode="move"),
              Action("done", "CP")):
        session.push(a)
    return session


def test_pog_activation_marker_is_a_badge_beside_the_units(pog):
    session = _activated_aachen(pog)
    stack = session.state.stacks["aachen"]
    marker = next(p for p in stack if session.state.pieces[p].type == "m_move_attack")
    assert stack[-1] == marker, "the rules put the activation marker on top of the stack"
    table = _table(session, "CP")
    _focus(table, "aachen")
    drawn = {d.pid: d for d in table.layer.layout(table.camera) if d.loc == "aachen"}
    assert drawn[marker].badge and not any(d.badge for p, d in drawn.items() if p != marker)
    units = [d for p, d in drawn.items() if p != marker]
    assert drawn[marker].rect.centerx < min(d.rect.left for d in units), "the badge sits left of the stack"
    assert drawn[marker].rect.h < units[0].rect.h / 2
    assert marker_label(pog.piece_types["m_move_attack"], 0) == "Move"


def test_a_drag_over_a_marked_stack_picks_the_unit_and_moves_it(pog):
    session = _activated_aachen(pog)
    table = _table(session, "CP")
    _focus(table, "aachen")
    stack = session.state.stacks["aachen"]
    marker = stack[-1]
    units = [p for p in stack if p != marker]
    top = units[-1]
    # every point of the top unit's counter picks that unit, never the marker
    rect = table.piece_rect(top)
    for dx in range(2, rect.w - 2, 3):
        for dy in range(2, rect.h - 2, 3):
            hit = table.layer.hit(table.camera, table.to_view((rect.x + dx, rect.y + dy)))
            assert hit is not None and hit.pid == top, (dx, dy)
    # the drag carries the unit only: the activation marker stays in Aachen
    press(table, rect.center)
    move(table, (rect.centerx + 20, rect.centery + 20))
    assert table.gestures.drag is not None and table.gestures.drag.pids == [top]
    release(table, table.screen_pos_of("koblenz"))
    assert session.state.pieces[top].loc == "koblenz", table.refusal
    assert marker not in session.state.stacks.get("koblenz", []), "the marker did not travel with the unit"


def test_dragging_the_badge_moves_the_marker_alone(pog):
    session = Session.new(pog, "introductory", 1, ruleset="free")
    table = _table(session, "CP")
    unit = session.state.stacks["aachen"][0]
    session.push(actions.create("CP", "m_move_attack", "aachen"))
    marker = session.state.stacks["aachen"][-1]
    _focus(table, "aachen")
    badge = table.piece_rect(marker)
    point = (badge.x + 3, badge.centery)
    assert table.layer.hit(table.camera, table.to_view(point)).pid == marker
    drag(table, point, table.screen_pos_of("koblenz"))
    assert session.state.pieces[marker].loc == "koblenz"
    assert session.state.pieces[unit].loc == "aachen"


def test_strafexpedition_trench_markers_do_not_hide_the_battalions():
    from engine.modules import open_module
    strafe = open_module("strafexpedition_1916")
    session = Session.new(strafe, "sc1_drive_on_pasubio", 1, ruleset="free")
    table = _table(session, "IT")
    module = session.module
    marked = [loc for loc, stack in session.state.stacks.items()
              if any(module.piece_types[session.state.pieces[p].type].kind == "marker" for p in stack)
              and any(module.piece_types[session.state.pieces[p].type].kind != "marker" for p in stack)]
    assert marked, "the scenario has hexes with a trench and units"
    for loc in marked[:5]:
        _focus(table, loc, 2.0)
        entries = table.layer.entries(loc)
        units = [e for e in entries if not is_marker(module, e)]
        top = table.piece_rect(units[-1]["id"])
        assert table.layer.hit(table.camera, table.to_view(top.center)).pid == units[-1]["id"]
        for e in entries:
            if is_marker(module, e):
                d = next(d for d in table.layer.layout(table.camera) if d.pid == e["id"])
                assert d.badge and not d.rect.contains(top)


def test_a_badge_never_hides_a_unit_of_a_neighbouring_place(pog):
    """Paths of Glory at a close zoom: Metz's trench badge reaches over Verdun's army; the army
    is drawn whole over it (badges go under every unit), pixel for pixel."""
    session = Session.new(pog, "introductory", 1, ruleset="free")
    table = _table(session, "CP")
    _focus(table, "verdun", 2.0)
    surf = pygame.Surface(SIZE)
    table.draw(surf, complete=True)
    drawn = [d for d in table.layer.layout(table.camera) if d.rect is not None]
    crossings = [(b, u) for b in drawn if b.badge for u in drawn
                 if not u.badge and u.loc != b.loc and b.rect.colliderect(u.rect)]
    assert crossings, "at this zoom some badge reaches over a neighbouring unit"
    for badge, unit in crossings:
        img = table.counters.image(unit.entry, unit.rect.w)
        part = badge.rect.clip(unit.rect)
        for x in range(part.x, part.right, 2):
            for y in range(part.y, part.bottom, 2):
                if any(o is not unit and not o.badge and o.rect.collidepoint(x, y) for o in drawn):
                    continue   # (another unit of the stack lies over this point)
                on_screen = surf.get_at((x + table.map_rect.x, y + table.map_rect.y))
                assert on_screen == img.get_at((x - unit.rect.x, y - unit.rect.y)), (badge.loc, unit.loc, x, y)
