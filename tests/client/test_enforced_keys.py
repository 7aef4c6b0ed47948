"""Rules-enforced play through the keyboard and the hot seat (Paths of Glory): the free-play
keys send nothing to an enforcing ruleset (a hint says why) but still work in free play; the
keys that make sense in any game still work; in hot-seat play the table hands itself over to
the side to act after an action, keeping the next side's hand hidden until its player confirms."""
from __future__ import annotations

import pygame
import pytest

from client.table import Table
from client.table_commands import FREE_PLAY_DICE_HINT, FREE_PLAY_HINT
from client.widgets.charts import ChartsWindow
from client.widgets.dialogs import DiceDialog, HandOver, MessageBox, TextPrompt
from engine.actions import Action
from engine.session import Session

from .test_drag import key, move, press
from .test_enforced import SIZE, card_pos, click, focus, frame, pick, space_point

E = pygame.event.Event


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


def table_for(pog, ruleset="paths_of_glory", side="CP", hot_seat=False, seed=1):
    session = Session.new(pog, "introductory", seed, ruleset=ruleset)
    table = Table(session, SIZE, side=side, hot_seat=hot_seat)
    frame(table)
    return session, table


def point_at_unit(table, loc="aachen"):
    """Select the first unit at ``loc`` and rest the mouse on it (what keyboard commands act on)."""
    focus(table, loc, 1.0)
    frame(table)
    unit = table.session.state.stacks[loc][0]
    table.selection = [unit]
    move(table, space_point(table, loc), buttons=(0, 0, 0))
    return unit


def hand_ids(session, side):
    """Ids of the cards in ``side``'s hand(s), from the full state."""
    hands = [l.id for l in session.module.locations.values() if l.kind == "hand" and l.owner == side]
    return {pid for h in hands for pid in session.state.stack(h)}


def drawn_hand_ids(table):
    return {e.get("id") for _r, _loc, _k, e in table.hand.cards}


#: keys (without Ctrl) that send free-play commands, with the name their hint gives them
FREE_PLAY_KEYS = {pygame.K_x: "X", pygame.K_l: "L", pygame.K_DELETE: "Del", pygame.K_BACKSPACE: "Backspace",
                  pygame.K_m: "M", pygame.K_e: "E", pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn",
                  pygame.K_r: "R"}


def free_hint(k, name):
    return (FREE_PLAY_DICE_HINT if k == pygame.K_r else FREE_PLAY_HINT).format(key=name)


def hand_overs(table):
    return [m for m in table.modals if isinstance(m, HandOver) and not m.closed]


# -- 1. free-play keys in enforced play -----------------------------------------------------------

def test_free_play_keys_send_nothing_in_enforced_play(pog):
    session, table = table_for(pog)
    assert table.enforced
    unit = point_at_unit(table)
    face = session.state.pieces[unit].face
    n, state = len(session.record.entries), session.state.hash
    for k, name in FREE_PLAY_KEYS.items():
        key(table, k)
        assert len(session.record.entries) == n, f"{name} sent an action"
        assert session.state.hash == state
        assert table.refusal == "", f"{name} was refused by the rules: {table.refusal}"
        assert not [t for t in table.toasts.items if t.error], f"{name} showed an error"
        assert not table.modals, f"{name} opened {table.modals}"      # no marker prompt, no dice dialog
        assert free_hint(k, name) in [t.text for t in table.toasts.items]
    assert session.state.pieces[unit].face == face
    assert table.selection == [unit]
    # the hint says what to do instead, and pressing the same key again does not pile it up
    assert "rules-enforced" in FREE_PLAY_HINT and "action panel" in FREE_PLAY_HINT
    before = len(table.toasts.items)
    key(table, pygame.K_x)
    assert len(table.toasts.items) == before
    frame(table)


def test_the_same_keys_still_work_in_free_play(pog):
    session, table = table_for(pog, ruleset="free")
    assert not table.enforced
    unit = point_at_unit(table)
    n = len(session.record.entries)
    face = session.state.pieces[unit].face
    key(table, pygame.K_x)                                   # flip
    assert len(session.record.entries) == n + 1
    assert session.state.pieces[unit].face != face
    assert table.refusal == ""
    key(table, pygame.K_m)                                   # marker prompt
    assert isinstance(table.modals[-1], TextPrompt)
    table.modals.clear()
    key(table, pygame.K_r)                                   # dice dialog
    assert isinstance(table.modals[-1], DiceDialog)
    table.modals.clear()
    key(table, pygame.K_e)                                   # send to a box
    assert len(session.record.entries) == n + 2
    assert session.state.pieces[unit].loc != "aachen"
    assert not any(free_hint(k, name) == t.text for k, name in FREE_PLAY_KEYS.items()
                   for t in table.toasts.items)


def test_keys_that_mean_something_in_any_game_still_work_when_enforced(pog):
    session, table = table_for(pog)
    # zoom and fit
    zoom = table.camera.index
    key(table, pygame.K_PLUS)
    assert table.camera.index == zoom + 1
    key(table, pygame.K_MINUS)
    assert table.camera.index == zoom
    focus(table, "aachen", 2.0)
    key(table, pygame.K_f)
    from client.camera import Camera
    whole = Camera(table.camera.width, table.camera.height)
    whole.fit(table.world.bounds)
    assert table.camera.index == whole.index      # F fits the whole map (PoG opens closer: issue 18)
    # pan
    focus(table, "vienna", 1.0)
    px = table.camera.px
    key(table, pygame.K_RIGHT)
    assert table.camera.px == px + 80
    # line of sight on and off, minimap, charts, rules, help
    key(table, pygame.K_v)
    assert table.los is not None
    key(table, pygame.K_ESCAPE)
    assert table.los is None
    shown = table.minimap.visible
    key(table, pygame.K_TAB)
    assert table.minimap.visible != shown
    key(table, pygame.K_c)
    assert isinstance(table.modals[-1], ChartsWindow)
    table.modals.clear()
    key(table, pygame.K_b)
    assert isinstance(table.modals[-1], ChartsWindow)
    table.modals.clear()
    key(table, pygame.K_F1)
    assert isinstance(table.modals[-1], MessageBox)
    table.modals.clear()
    # chat box focus, next seat (no hot seat here: at once)
    key(table, pygame.K_RETURN)
    assert table.log.input.focused
    table.log.input.focused = False
    key(table, pygame.K_h)
    assert table.side == "AP"
    key(table, pygame.K_h)
    assert table.side == "CP"
    # undo / redo of a rules action
    session.push(Action("auto_op", "CP"))
    n = len(session.record.entries)
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert len(session.record.entries) == n - 1
    key(table, pygame.K_y, pygame.KMOD_CTRL)
    assert len(session.record.entries) == n
    assert table.refusal == ""
    # quit
    key(table, pygame.K_q, pygame.KMOD_CTRL)
    assert table.quit


# -- 2. hot seat: the table hands itself over ---------------------------------------------------------

def test_hot_seat_hands_over_to_the_side_to_act_without_a_click(pog):
    session, table = table_for(pog, hot_seat=True)
    ap_cards = hand_ids(session, "AP")
    cp_cards = hand_ids(session, "CP")
    assert ap_cards and cp_cards
    assert drawn_hand_ids(table) <= cp_cards
    # the CP plays a card for RP through the hand menu: the action round passes to the AP
    click(table, card_pos(table, "cp_12"))
    pick(table, "RP")
    assert session.prompt().side == "AP"
    (over,) = hand_overs(table)
    assert over.side_name == "Allied Powers"
    # nothing of the AP's is shown before the AP player confirms: the seat and the hand are
    # still the CP's, and the hand-over screen covers the whole table
    assert table.side == "CP"
    assert not (drawn_hand_ids(table) & ap_cards)
    assert not ({e.get("id") for es in table.view["locations"].values() for e in es} & ap_cards)
    surf = frame(table)
    hand_rect = table.hand.rect
    assert tuple(surf.get_at(hand_rect.center))[:3] == (16, 18, 22)
    assert tuple(surf.get_at((table.panel.rect.centerx, table.panel.rect.bottom - 4)))[:3] == (16, 18, 22)
    # input goes to the hand-over screen only (no key reaches the table)
    key(table, pygame.K_h)
    assert table.side == "CP" and hand_overs(table) == [over]
    # the AP player confirms: now the AP's hand and the AP's decision
    press(table, (400, 400))
    assert over.closed and not hand_overs(table)
    assert table.side == "AP"
    assert drawn_hand_ids(table) and drawn_hand_ids(table) <= ap_cards
    assert table.play.legal is not None and table.panel.header.startswith("Allied Powers")
    frame(table)


def test_no_hand_over_while_the_same_side_acts_on(pog):
    session, table = table_for(pog, hot_seat=True)
    table.do(Action("play_ops", "CP", card="cp_12"))
    assert session.prompt().side == "CP"
    assert not hand_overs(table) and table.side == "CP"


def test_no_automatic_hand_over_without_hot_seat(pog):
    session, table = table_for(pog, hot_seat=False)
    click(table, card_pos(table, "cp_12"))
    pick(table, "RP")
    assert session.prompt().side == "AP"
    assert not hand_overs(table) and not table.modals
    assert table.side == "CP"
    assert table.panel.header.startswith("Waiting for Allied Powers")   # the seat stays on offer
    assert table.panel.button("Take the Allied Powers seat") is not None


def test_escape_keeps_the_seat_so_the_player_can_undo(pog):
    session, table = table_for(pog, hot_seat=True)
    ap_cards = hand_ids(session, "AP")
    table.do(Action("play_rp", "CP", card="cp_12"))
    assert hand_overs(table)
    key(table, pygame.K_ESCAPE)
    assert not hand_overs(table)
    assert table.side == "CP" and not (drawn_hand_ids(table) & ap_cards)
    assert any("still seated as Central Powers" in t.text for t in table.toasts.items)
    key(table, pygame.K_z, pygame.KMOD_CTRL)              # undo: the CP acts again, no hand-over
    assert session.prompt().side == "CP"
    assert not hand_overs(table) and table.play.legal is not None
    key(table, pygame.K_y, pygame.KMOD_CTRL)              # redo hands over again
    assert session.prompt().side == "AP"
    assert len(hand_overs(table)) == 1


def test_hand_over_waits_until_the_dice_have_been_shown(pog):
    """Seed 5: the CP's attack on Nancy is resolved at once (the AP is not asked for combat
    cards) and the AP takes the first loss, so the action both rolls and passes the decision:
    the CP sees the fire rolls before the table is handed over to the AP."""
    session, table = table_for(pog, hot_seat=True, seed=5)
    for a in (Action("play_ops", "CP", card="cp_12"), Action("activate", "CP", space="metz", mode="attack"),
              Action("done", "CP"), Action("attack", "CP", space="nancy")):
        table.do(a)
    while session.prompt().kind == "combat_attackers":
        adds = [a for a in session.ruleset.legal_actions(session.state) if a.verb == "add_attacker"]
        table.do(adds[0] if adds else Action("resolve", "CP"))
    assert session.prompt().side == "AP" and session.prompt().kind == "combat_losses"
    assert table.tray.busy
    assert not hand_overs(table) and table.side == "CP"      # the dice first
    frame(table)
    table.update(0.1)
    assert not hand_overs(table)
    for _ in range(400):                                     # the tosses play out and linger
        if hand_overs(table):
            break
        table.update(0.1)
    assert not table.tray.busy
    # the CP sees the combat panel too (issue 18): the table waits until it is dismissed
    assert not hand_overs(table) and table.combat.shown("CP") is not None
    table.escape()
    table.update(0.1)
    assert len(hand_overs(table)) == 1 and table.side == "CP"
    press(table, (400, 400))
    assert table.side == "AP" and table.play.legal is not None
