"""Synthetic mouse and keyboard events drive the table; the engine state is what changes."""
from __future__ import annotations

import pygame
import pytest

E = pygame.event.Event


def press(table, pos, button=1, mod=0):
    table.handle(E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod))


def move(table, pos, buttons=(1, 0, 0)):
    table.handle(E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def release(table, pos, button=1, mod=0):
    table.handle(E(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod))


def key(table, k, mod=0):
    table.handle(E(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def drag(table, start, end, mod=0):
    """Press at ``start``, move in steps to ``end`` (drawing a frame midway), release."""
    press(table, start, mod=mod)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    move(table, (start[0] + 8, start[1] + 3))
    move(table, mid)
    table.draw(pygame.Surface((table.width, table.height)))
    move(table, end)
    release(table, end, mod=mod)


def visible_point(table, pid):
    """A window point inside piece ``pid`` that no piece drawn above it covers."""
    rect = table.piece_rect(pid)
    assert rect is not None, f"piece #{pid} is not on screen"
    layout = table.layer.layout(table.camera)
    for dx in range(2, rect.w - 2, 2):
        for dy in range(rect.h - 3, 2, -2):
            p = (rect.x + dx, rect.y + dy)
            hit = table.layer.hit(table.camera, table.to_view(p))
            if hit is not None and hit.pid == pid:
                return p
    raise AssertionError(f"piece #{pid} is completely covered ({len(layout)} pieces drawn)")


def test_drag_one_piece_then_undo(table, session):
    pid = session.state.stack("0305")[0]
    before = session.state.hash
    drag(table, visible_point(table, pid), table.screen_pos_of("0507"))
    assert session.state.pieces[pid].loc == "0507"
    assert session.state.stack("0305") == []
    assert len(session.record.entries) == 1
    assert "0305" in session.record.lines()[0] and "0507" in session.record.lines()[0]
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.pieces[pid].loc == "0305"
    assert session.state.hash == before
    key(table, pygame.K_y, pygame.KMOD_CTRL)
    assert session.state.pieces[pid].loc == "0507"


def test_shift_drag_moves_the_whole_stack_in_order(table, session):
    stack = session.state.stack("0904")
    assert len(stack) == 3
    bottom = stack[0]
    drag(table, visible_point(table, bottom), table.screen_pos_of("0706"), mod=pygame.KMOD_SHIFT)
    assert session.state.stack("0706") == stack
    assert session.state.stack("0904") == []
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.stack("0904") == stack
    assert session.state.stack("0706") == []


def test_drag_from_mid_stack_takes_that_piece_and_those_above(table, session):
    stack = session.state.stack("0904")
    middle = stack[1]
    drag(table, visible_point(table, middle), table.screen_pos_of("0805"))
    assert session.state.stack("0805") == stack[1:]
    assert session.state.stack("0904") == stack[:1]


def test_drag_onto_a_stack_puts_the_pieces_on_top(table, session):
    target = session.state.stack("0203")
    pid = session.state.stack("0204")[0]
    drag(table, visible_point(table, pid), table.screen_pos_of("0203"))
    assert session.state.stack("0203") == target + [pid]


def test_drop_into_a_box_and_nowhere(table, session):
    pid = session.state.stack("1006")[0]
    drag(table, visible_point(table, pid), table.screen_pos_of("eliminated"))
    assert session.state.pieces[pid].loc == "eliminated"
    n = len(session.record.entries)
    # dropped on the table cloth outside every board: nothing happens
    pid2 = session.state.stack("0305")[0]
    outside = (table.map_rect.x + 2, table.map_rect.y + 2)
    assert table.location_under(outside) is None
    drag(table, visible_point(table, pid2), outside)
    assert session.state.pieces[pid2].loc == "0305"
    assert len(session.record.entries) == n


def test_drag_empty_map_pans_and_changes_nothing(table, session):
    start = table.screen_pos_of("0608")
    assert table.layer.hit(table.camera, table.to_view(start)) is None
    px, py = table.camera.px, table.camera.py
    drag(table, start, (start[0] - 60, start[1] - 40))
    assert (table.camera.px, table.camera.py) == (px + 60, py + 40)
    assert session.record.entries == []


def test_rubber_band_then_drag_the_selection(table, session):
    a, b = session.state.stack("0203"), session.state.stack("0204")
    p1, p2 = table.screen_pos_of("0203"), table.screen_pos_of("0204")
    x0, y0 = min(p1[0], p2[0]) - 30, min(p1[1], p2[1]) - 30
    x1, y1 = max(p1[0], p2[0]) + 30, max(p1[1], p2[1]) + 30
    drag(table, (x0, y0), (x1, y1), mod=pygame.KMOD_CTRL)
    assert sorted(table.selection) == sorted(a + b)
    drag(table, visible_point(table, b[0]), table.screen_pos_of("0607"))
    assert sorted(session.state.stack("0607")) == sorted(a + b)
    assert len(session.record.entries) == 1  # one action, one undo step
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.stack("0203") == a and session.state.stack("0204") == b


def test_drag_from_the_deck_draws_into_my_hand(table, session):
    assert len(session.state.stack("deck")) == 8
    top = table.layer.stack("deck")[-1]
    start = table.screen_of(top.wx, top.wy)
    drag(table, start, table.screen_pos_of("hand:blue"))
    assert len(session.state.stack("hand:blue")) == 1
    assert len(session.state.stack("deck")) == 7
    assert session.record.entries[-1].action.verb == "draw"
    # the blue view shows the drawn card face up, the red view does not
    card = session.state.stack("hand:blue")[0]
    assert any(e.get("id") == card for e in session.view("blue")["locations"]["hand:blue"])
    assert all("id" not in e for e in session.view("red")["locations"]["hand:blue"])


def test_keyboard_flip_step_delete_on_selection(table, session):
    pid = session.state.stack("0305")[0]
    p = visible_point(table, pid)
    press(table, p)
    release(table, p)
    assert table.selection == [pid]
    key(table, pygame.K_x)
    assert session.state.pieces[pid].face == 1
    key(table, pygame.K_x)
    assert session.state.pieces[pid].face == 0
    key(table, pygame.K_l)
    assert session.state.pieces[pid].face == 1
    key(table, pygame.K_l)  # no step left: refused with a message, nothing changes
    assert session.state.pieces[pid].face == 1
    assert table.toasts.items and table.toasts.items[-1].error
    key(table, pygame.K_DELETE)
    assert pid not in session.state.pieces
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.pieces[pid].loc == "0305"


def test_right_click_menu_flips_and_marks(table, session):
    pid = session.state.stack("0305")[0]
    p = visible_point(table, pid)
    press(table, p, button=3)
    menu = table.modals[-1]
    labels = [i.label for i in menu.items]
    assert {"Flip", "Lose a step", "Add marker", "Send to", "Delete"} <= set(labels)
    row = labels.index("Flip")
    item_pos = (menu.rect.x + 10, menu.rect.y + 3 + row * 22 + 8)
    move(table, item_pos, buttons=(0, 0, 0))
    press(table, item_pos)
    assert session.state.pieces[pid].face == 1
    assert not table.modals
    # Add marker ▸ OOS (the sample module's marker)
    press(table, p, button=3)
    menu = table.modals[-1]
    row = [i.label for i in menu.items].index("Add marker")
    move(table, (menu.rect.x + 10, menu.rect.y + 3 + row * 22 + 8), buttons=(0, 0, 0))
    sub = menu.sub
    assert sub is not None and sub.items[0].label == "OOS"
    press(table, (sub.rect.x + 10, sub.rect.y + 3 + 8))
    assert session.state.pieces[pid].markers == ["OOS"]


def test_send_to_box_and_restack_keys(table, session):
    stack = session.state.stack("0904")
    bottom = stack[0]
    p = visible_point(table, bottom)
    press(table, p)
    release(table, p)
    key(table, pygame.K_PAGEUP)
    assert session.state.stack("0904") == stack[1:] + [bottom]
    key(table, pygame.K_PAGEDOWN)
    assert session.state.stack("0904") == stack
    key(table, pygame.K_e)
    assert session.state.pieces[bottom].loc == "eliminated"


@pytest.mark.parametrize("steps", [1, -1])
def test_wheel_zoom_keeps_the_point_under_the_cursor(table, steps):
    pos = table.screen_pos_of("0606")
    table.mouse = pos
    world = table.camera.to_world(*table.to_view(pos))
    index = table.camera.index
    table.handle(E(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False))
    assert table.camera.index == index + steps
    after = table.camera.to_world(*table.to_view(pos))
    assert abs(after[0] - world[0]) < 2 and abs(after[1] - world[1]) < 2
