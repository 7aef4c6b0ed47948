"""Rules-enforced play (Paths of Glory) through the right-click menus and the status bar's Dice
button: in enforced play the piece/location menus offer no free-play command (only what changes
nothing: inspect, centre, line of sight; an empty menu is a hint) and the Dice button opens no
roll dialog; in free play both are unchanged."""
from __future__ import annotations

import pygame
import pytest

from client.actions import MenuItem, flip
from client.modes.base import PlayMode
from client.modes.enforced import MENU_HINT as FREE_PLAY_MENU_HINT, any_game_items
from client.table import Table
from client.table_commands import FREE_PLAY_DICE_HINT as DICE_HINT

ANY_GAME_COMMANDS = PlayMode.ANY_GAME_COMMANDS
FREE_PLAY_DICE_HINT = DICE_HINT.format(key="Dice")
from client.widgets.dialogs import DiceDialog
from client.widgets.menu import ContextMenu
from engine.session import Session

from .test_drag import press, visible_point
from .test_enforced import SIZE, click, focus, frame, pick

#: labels of the free-play entries of the piece and location menus (client/actions.py)
FREE_PLAY_LABELS = {"Flip", "Lose a step", "Restore full strength", "Add marker", "Remove marker", "Send to",
                    "Place marker counter here", "Bring to top", "Send to bottom", "Conceal", "Reveal",
                    "Delete", "Shuffle", "Shuffle this stack", "Add counter", "Roll dice…", "Other marker…"}


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


def table_for(pog, ruleset="paths_of_glory", side="CP"):
    session = Session.new(pog, "introductory", 1, ruleset=ruleset)
    table = Table(session, SIZE, side=side, hot_seat=False)
    frame(table)
    return session, table


def open_menus(table) -> list[ContextMenu]:
    return [m for m in table.modals if isinstance(m, ContextMenu) and not m.closed]


def all_items(items: list[MenuItem]):
    for item in items:
        yield item
        yield from all_items(item.children)


def right_click_unit(table, loc, k=0):
    focus(table, loc, 1.0)
    frame(table)
    pid = table.session.state.stacks[loc][k]
    press(table, visible_point(table, pid), button=3)
    return pid


def hints(table, text):
    return [t for t in table.toasts.items if t.text == text]


def assert_no_free_play(menu: ContextMenu):
    for item in all_items(menu.items):
        assert item.action is None, f"{item.label!r} would send {item.action}"
        assert item.label not in FREE_PLAY_LABELS, item.label
        assert item.children or item.command in ANY_GAME_COMMANDS, item.label


# -- piece menus ------------------------------------------------------------------------------------

def test_right_click_on_a_lone_unit_offers_no_free_play_command_when_enforced(pog):
    session, table = table_for(pog)
    assert table.enforced
    n, state = len(session.record.entries), session.state.hash
    pid = right_click_unit(table, "aachen")                  # the German 1st Army, alone
    # nothing in its menu means anything here: no menu, a hint (once), no error, no refusal
    assert not open_menus(table) and not table.modals
    assert len(hints(table, FREE_PLAY_MENU_HINT)) == 1
    assert "rules-enforced" in FREE_PLAY_MENU_HINT and "action panel" in FREE_PLAY_MENU_HINT
    press(table, visible_point(table, pid), button=3)
    assert len(hints(table, FREE_PLAY_MENU_HINT)) == 1      # not piled up
    assert not [t for t in table.toasts.items if t.error] and table.refusal == ""
    assert len(session.record.entries) == n and session.state.hash == state
    frame(table)


def test_right_click_on_a_stack_keeps_only_inspect_when_enforced(pog):
    session, table = table_for(pog)
    n, state = len(session.record.entries), session.state.hash
    right_click_unit(table, "koblenz")                       # two German armies
    (menu,) = open_menus(table)
    assert_no_free_play(menu)
    assert [i.label for i in menu.items] == ["Inspect stack"]
    frame(table)
    pick(table, "Inspect stack")                             # still works: the stack inspector opens
    assert table.inspector is not None and table.inspector.loc == "koblenz"
    assert len(session.record.entries) == n and session.state.hash == state
    assert not hints(table, FREE_PLAY_MENU_HINT)
    # right-click on a piece inside the inspector: the same filtered menu
    slot, _k = table.inspector.slots[0]
    press(table, slot.center, button=3)
    (menu,) = open_menus(table)
    assert_no_free_play(menu)
    assert [i.label for i in menu.items] == ["Inspect stack"]
    assert len(session.record.entries) == n and session.state.hash == state


def test_right_click_on_an_empty_space_keeps_only_centre_when_enforced(pog):
    session, table = table_for(pog)
    n, state = len(session.record.entries), session.state.hash
    focus(table, "liege", 1.0)
    frame(table)
    assert not session.state.stacks.get("liege")
    pos = table.screen_pos_of("liege")
    assert table.layer.hit(table.camera, table.to_view(pos)) is None
    press(table, pos, button=3)
    (menu,) = open_menus(table)
    assert_no_free_play(menu)
    assert [i.label for i in menu.items] == ["Centre here"]
    pick(table, "Centre here")
    assert len(session.record.entries) == n and session.state.hash == state


def test_right_click_on_a_hand_card_offers_no_free_play_command_when_enforced(pog):
    session, table = table_for(pog)
    n, state = len(session.record.entries), session.state.hash
    r, _loc, _k, entry = table.hand.cards[0]
    press(table, r.center, button=3)
    # issue 18 (friction 3): the right-click shows the whole card instead of a menu
    assert open_menus(table) == []                           # no Flip, Conceal, Send to, Delete…
    assert table.hand.shown_card() is entry
    assert len(session.record.entries) == n and session.state.hash == state


def test_the_same_right_clicks_still_offer_free_play_commands_in_free_play(pog):
    session, table = table_for(pog, ruleset="free")
    assert not table.enforced
    pid = right_click_unit(table, "aachen")
    (menu,) = open_menus(table)
    labels = [i.label for i in menu.items]
    assert {"Flip", "Lose a step", "Add marker", "Send to", "Delete"} <= set(labels)
    n, face = len(session.record.entries), session.state.pieces[pid].face
    pick(table, "Flip")
    assert len(session.record.entries) == n + 1 and session.state.pieces[pid].face != face
    right_click_unit(table, "koblenz")
    labels = [i.label for i in open_menus(table)[-1].items]
    assert {"Bring to top", "Send to bottom", "Inspect stack", "Delete"} <= set(labels)
    table.modals.clear()
    press(table, table.screen_pos_of("liege"), button=3)
    labels = [i.label for i in open_menus(table)[-1].items]
    assert {"Add counter", "Roll dice…", "Centre here"} <= set(labels)
    assert not hints(table, FREE_PLAY_MENU_HINT)


def test_any_game_items_keeps_only_commands_that_change_nothing():
    items = [MenuItem("Flip", flip("x", 1)),
             MenuItem("Add marker", children=[MenuItem("OOS", flip("x", 1)),
                                              MenuItem("Other marker…", command="custom_marker", arg=1)]),
             MenuItem("Inspect stack", command="inspect", arg="a"),
             MenuItem("Views", children=[MenuItem("Centre here", command="center", arg="a"),
                                         MenuItem("Roll dice…", command="dice")]),
             MenuItem("Line of sight from here", command="los", arg="a")]
    kept = any_game_items(items)
    assert [i.label for i in kept] == ["Inspect stack", "Views", "Line of sight from here"]
    assert [i.label for i in kept[1].children] == ["Centre here"]
    assert [i.label for i in items[3].children] == ["Centre here", "Roll dice…"]   # not changed in place
    assert any_game_items([MenuItem("Flip", flip("x", 1))]) == []


# -- the Dice button --------------------------------------------------------------------------------

def test_dice_button_opens_no_roll_dialog_when_enforced(pog):
    session, table = table_for(pog)
    n, state = len(session.record.entries), session.state.hash
    button = table.status.button("Dice")
    assert button is not None
    click(table, button.rect.center)
    assert not [m for m in table.modals if isinstance(m, DiceDialog)] and not table.modals
    assert len(hints(table, FREE_PLAY_DICE_HINT)) == 1
    assert "rules-enforced" in FREE_PLAY_DICE_HINT
    click(table, button.rect.center)
    assert len(hints(table, FREE_PLAY_DICE_HINT)) == 1
    assert not table.tray.busy
    assert len(session.record.entries) == n and session.state.hash == state
    frame(table)


def test_dice_button_still_opens_the_roll_dialog_in_free_play(pog):
    session, table = table_for(pog, ruleset="free")
    click(table, table.status.button("Dice").rect.center)
    assert isinstance(table.modals[-1], DiceDialog)
    assert not hints(table, FREE_PLAY_DICE_HINT)
