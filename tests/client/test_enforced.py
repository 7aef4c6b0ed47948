"""Rules-enforced play through the table (Paths of Glory): the prompt/action panel, card plays
from the hand, highlighted spaces, drags mapped to legal moves, refusals citing the rule, and
combat (dice tossed, loss choices in the panel). And free play (``--free``) unchanged."""
from __future__ import annotations

import time

import pygame
import pytest

from client import colours
from client.camera import ZOOMS
from client.legal import LegalIndex, route
from client.widgets.menu import ITEM_H, ContextMenu
from engine.actions import Action
from engine.session import Session

from .test_drag import drag, move, press, release, visible_point

SIZE = (1600, 1000)


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


def enforced(pog, side="CP", hot_seat=False):
    from client.table import Table
    session = Session.new(pog, "introductory", 1, ruleset="paths_of_glory")
    table = Table(session, SIZE, side=side, hot_seat=hot_seat)
    table.draw(pygame.Surface(SIZE), complete=True)
    return session, table


def focus(table, loc, zoom=1.0):
    """Zoom to ``zoom`` and centre the map on ``loc``."""
    table.camera.index = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - zoom))
    table.camera.center_on(*table.world.centre(loc))


def click(table, pos):
    press(table, pos)
    release(table, pos)


def frame(table):
    surf = pygame.Surface(SIZE)
    table.draw(surf, complete=True)
    return surf


def menu(table) -> ContextMenu:
    menus = [m for m in table.modals if isinstance(m, ContextMenu) and not m.closed]
    assert menus, "no menu open"
    return menus[-1]


def pick(table, text):
    """Click the open menu's item whose label contains ``text``."""
    m = menu(table)
    i = next(k for k, item in enumerate(m.items) if text in item.label)
    pos = (m.rect.x + 12, m.rect.y + 3 + (i - m.offset) * ITEM_H + ITEM_H // 2)
    move(table, pos, buttons=(0, 0, 0))
    click(table, pos)
    assert m.closed


def card_pos(table, card_type):
    for r, _loc, _k, e in table.hand.cards:
        if e.get("type") == card_type:
            return r.center
    raise AssertionError(f"{card_type} is not in the hand panel")


def panel_click(table, label):
    b = table.panel.button(label)
    assert b is not None, f"no {label!r} button: {[x.text for x in table.panel.buttons]}"
    click(table, b.rect.center)


def space_point(table, loc):
    """A window point that picks ``loc``: on a piece there if any, else its centre."""
    stack = table.session.state.stacks.get(loc) or []
    return visible_point(table, stack[0]) if stack else table.screen_pos_of(loc)


# -- the whole first action, through the UI ------------------------------------------------------

def test_card_ops_activate_done_move_end(pog):
    session, table = enforced(pog)
    assert table.enforced and table.panel is not None
    assert table.panel.header.startswith("Central Powers")
    assert "Action Round 1" in table.panel.text
    assert table.panel.button("Automatic Operation") is not None
    # the hand: cp_12 offers OPS, SR and RP; its event is greyed with the rule refusing it
    click(table, card_pos(table, "cp_12"))
    m = menu(table)
    labels = {item.label: item for item in m.items}
    assert any("for 4 OPS" in l and i.enabled for l, i in labels.items())
    event = next(i for l, i in labels.items() if "event" in l)
    assert not event.enabled and event.tip.startswith("PoG ")
    frame(table)   # the menu with its tooltip draws
    # the panel now offers the selected card's plays as buttons too
    assert table.panel.button("Play for 4 OPS") is not None
    assert table.panel.button("Play for 4 OPS").tip == "Plays #12 German Reinforcements for 4 OPS"
    pick(table, "for 4 OPS")
    assert session.prompt().kind == "activate"
    assert "German Reinforcements" in session.record.lines()[-1]
    # activation spaces are highlighted, in the activate colour, where they are drawn
    assert table.play.highlights().get("aachen") == "space"
    assert table.play.highlights().get("paris") is None
    focus(table, "koblenz", 1.0)
    surf = frame(table)
    r = table.overlay.location_rect("aachen")
    assert tuple(surf.get_at((r.centerx, r.y + 1)))[:3] == colours.HL_ACTIVATE
    r = table.overlay.location_rect("brussels")
    assert tuple(surf.get_at((r.centerx, r.y + 1)))[:3] != colours.HL_ACTIVATE
    # click Aachen: Move or Attack → a menu; choose Move; then Metz (move)
    click(table, space_point(table, "aachen"))
    pick(table, "for move")
    click(table, space_point(table, "metz"))
    pick(table, "for move")
    assert "2 of 4 OPS left" in session.prompt().text
    assert table.play.highlights().get("aachen") is None   # activated: no longer offered
    panel_click(table, "Done")
    assert session.prompt().kind == "move"
    hl = table.play.highlights()
    assert hl.get("essen") == "destination" and hl.get("liege") == "destination"
    frame(table)
    # an illegal drag: refused with the rule, nothing changes
    unit = session.state.stacks["aachen"][0]
    before, n = session.state.hash, len(session.record.entries)
    drag(table, visible_point(table, unit), table.screen_pos_of("brussels"))
    assert session.state.hash == before and len(session.record.entries) == n
    assert table.refusal.startswith("PoG "), table.refusal
    assert table.toasts.items and table.toasts.items[-1].rule.startswith("PoG ")
    assert table.panel.refusal == table.refusal      # shown in the panel too (wrapped, in red)
    # while dragging, only the dragged unit's destinations are highlighted
    press(table, visible_point(table, unit))
    move(table, (visible_point(table, unit)[0] + 20, visible_point(table, unit)[1] + 20))
    assert set(table.play.highlights().values()) == {"destination"}
    assert "koblenz" in table.play.highlights()
    release(table, table.screen_pos_of("koblenz"))
    assert session.state.pieces[unit].loc == "koblenz"
    assert "Aachen → Koblenz" in session.record.lines()[-1]     # the shortest path
    assert table.refusal == ""
    assert session.prompt().kind == "move"                       # Metz's units may still move
    panel_click(table, "End movement")
    assert session.prompt().kind != "move"
    assert "ends movement" in session.record.lines()[-1]


def test_click_a_destination_moves_the_selected_unit(pog):
    session, table = enforced(pog)
    for a in (Action("play_ops", "CP", card="cp_12"), Action("activate", "CP", space="aachen", mode="move"),
              Action("activate", "CP", space="strasbourg", mode="move"), Action("done", "CP")):
        session.push(a)
    focus(table, "aachen", 1.0)
    frame(table)
    unit = session.state.stacks["aachen"][0]
    # Metz is a destination, but clicking a unit there with nothing selected just selects it
    assert table.play.highlights().get("metz") == "destination"
    other = session.state.stacks["metz"][0]
    before = session.state.hash
    click(table, visible_point(table, other))
    assert session.state.hash == before and table.selection == [other]
    table.inspector = None
    table.selection = []
    click(table, visible_point(table, unit))
    assert table.selection == [unit]
    click(table, table.screen_pos_of("liege"))
    assert session.state.pieces[unit].loc == "liege"


def test_refusals_when_not_your_decision_and_hot_seat(pog):
    session, table = enforced(pog, side="AP")
    assert table.play.legal is None and table.play.highlights() == {}
    assert table.panel.header.startswith("Waiting for Central Powers")
    # no CP card is revealed: the AP's hand is shown, the AP player cannot act
    unit = session.state.stacks["aachen"][0]
    focus(table, "aachen", 1.0)
    frame(table)
    before = session.state.hash
    drag(table, visible_point(table, unit), table.screen_pos_of("liege"))
    assert session.state.hash == before
    assert table.refusal.startswith("PoG 8.1")
    panel_click(table, "Take the Central Powers seat")
    assert table.side == "CP" and table.play.legal is not None


def test_combat_step_by_step(pog):
    session, table = enforced(pog)
    for a in (Action("play_ops", "CP", card="cp_12"), Action("activate", "CP", space="metz", mode="attack"),
              Action("done", "CP")):
        session.push(a)
    assert session.prompt().kind == "combat_declare"
    hl = table.play.highlights()
    assert hl.get("nancy") == "attack" and hl.get("verdun") == "attack"
    focus(table, "metz", 1.0)
    surf = frame(table)
    r = table.overlay.location_rect("nancy")
    assert tuple(surf.get_at((r.centerx, r.y + 1)))[:3] == colours.HL_ATTACK
    click(table, space_point(table, "nancy"))
    assert session.prompt().kind == "combat_attackers"
    assert table.play.highlights().get("metz") == "unit"
    click(table, space_point(table, "metz"))            # two attackers there: a menu
    pick(table, "4th Army")
    click(table, space_point(table, "metz"))            # one left: done at once
    panel_click(table, "Resolve combat")
    if session.prompt().kind == "combat_cards":      # the AP may answer with a combat card
        assert session.prompt().side == "AP"
        table.do(Action("done_cards", "AP"))
    # both fire rolls are tossed, one after the other
    assert table.tray.busy and "combat fire" in table.tray.current.caption
    assert len(table.tray.queue) == 1 and "combat fire" in table.tray.queue[0].caption
    # the log shows both rolls with their purpose and the rules' notes on the fire tables
    line = table.log.entries[-1]
    assert "(combat fire CP)" in line and "(combat fire AP)" in line and "\n   · PoG 12.2.9" in line
    table.tray.dismiss()
    assert table.tray.busy and table.tray.queue == []
    # the AP takes its loss first: waiting for AP; take the seat; the loss choices are buttons
    assert session.prompt().kind == "combat_losses" and session.prompt().side == "AP"
    assert table.panel.header.startswith("Waiting for Allied Powers")
    panel_click(table, "Take the Allied Powers seat")
    losses = [b for b in table.panel.buttons if "takes a loss" in b.text]
    assert losses
    n = len(session.record.entries)
    click(table, losses[0].rect.center)
    assert len(session.record.entries) == n + 1


def test_legal_index_is_cached_by_state_hash(pog, monkeypatch):
    session, table = enforced(pog)
    calls = []
    original = LegalIndex.build.__func__

    def counting(cls, s, side):
        calls.append(side)
        return original(cls, s, side)
    monkeypatch.setattr(LegalIndex, "build", classmethod(counting))
    for _ in range(5):
        frame(table)
    assert calls == []                       # frames never recompute
    session.push(Action("auto_op", "CP"))
    assert len(calls) == 1
    session.pop()
    assert len(calls) == 1                   # back to a known state: cached
    session.redo()
    assert len(calls) == 1


def test_route_is_a_shortest_path(pog):
    _session, table = enforced(pog)
    path = route(table.world.graph.neighbours, "aachen", "metz")
    assert path[-1] == "metz" and len(path) == 2


def test_enforced_frame_time(pog):
    """Frames in enforced mode stay cheap: the legal-action analysis is cached (measured, not
    a timing bar: the generous bound only catches a per-frame recomputation)."""
    session, table = enforced(pog)
    session.push(Action("play_ops", "CP", card="cp_12"))
    surf = pygame.Surface(SIZE)
    table.draw(surf, complete=True)
    times = []
    for i in range(20):
        t = time.perf_counter()
        table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + i, 300), rel=(1, 0), buttons=(0, 0, 0)))
        table.update(1 / 60)
        table.draw(surf)
        times.append(time.perf_counter() - t)
    assert sorted(times)[len(times) // 2] < 0.25


# -- free play is unchanged -------------------------------------------------------------------------

def test_free_play_drags_anything(pog):
    from client.table import Table
    session = Session.new(pog, "introductory", 1, ruleset="free")
    table = Table(session, SIZE, side="CP", hot_seat=False)
    frame(table)
    assert not table.enforced and table.play.highlights() == {}
    focus(table, "aachen", 1.0)
    frame(table)
    unit = session.state.stacks["aachen"][0]
    drag(table, visible_point(table, unit), table.screen_pos_of("brussels"))
    assert session.state.pieces[unit].loc == "brussels"
    assert table.refusal == ""


def test_play_opens_the_rules_unless_free(pog):
    from client.app import choose_ruleset
    assert choose_ruleset(pog, free=False, enforce=False) == "paths_of_glory"
    assert choose_ruleset(pog, free=True, enforce=False) == "free"


def test_sr_a_unit_by_dragging_it_or_by_choosing_it(pog):
    """PoG 13.1 at the table: the SR decision is listed in two steps (choose the unit, then
    where it goes), yet a drag of a unit redeploys it at once — the table asks the ruleset for
    that unit's destinations — and a drag where it may not go is refused with its rule."""
    session, table = enforced(pog)
    session.push(Action("play_sr", "CP", card="cp_12"))
    assert session.prompt().kind == "sr"
    assert {a.verb for a in session.legal_actions()} == {"sr_unit", "end_sr"}  # no destination up front
    corps = next(p for p in session.state.stacks["bremen"]
                 if session.state.pieces[p].type == "ge_corps")
    dests = session.legal_actions().destinations(corps)
    focus(table, "bremen", 1.0)
    frame(table)
    assert table.play.highlights().get("bremen") == "unit"          # a unit that may SR
    # while dragging, the dragged unit's SR destinations are highlighted
    press(table, visible_point(table, corps))
    move(table, (visible_point(table, corps)[0] + 20, visible_point(table, corps)[1] + 20))
    assert set(table.play.highlights()) == dests and "hamburg" in dests
    release(table, table.screen_pos_of("hamburg"))
    assert session.state.pieces[corps].loc == "hamburg"
    assert "SRs" in session.record.lines()[-1] and "Hamburg" in session.record.lines()[-1]
    assert table.refusal == "" and session.prompt().kind == "sr"     # 3 SR points left
    # a drag where it may not go is refused with the rule that forbids it, nothing changes
    mover = next(p for p in session.state.stacks["insterburg"]
                 if session.state.pieces[p].type == "ge_corps")
    focus(table, "insterburg", 1.0)
    frame(table)
    target = next(loc for loc in ("kovno", "vilna", "lomza", "grodno", "bialystok")
                  if loc in pog.locations and loc not in session.legal_actions().destinations(mover))
    expected = session.check(Action("sr", "CP", pid=mover, to=target))
    assert expected is not None and expected.rule not in ("PoG 13.1", "PoG 8.1")
    before = session.state.hash
    drag(table, visible_point(table, mover), table.screen_pos_of(target))
    assert session.state.hash == before
    assert table.refusal.startswith(expected.rule), table.refusal
    # a click on a unit chooses it: then where it may go is listed
    click(table, visible_point(table, mover))
    assert session.state.globals["pog_stack"][-1].get("unit") == mover
    assert {a.verb for a in session.legal_actions()} == {"sr", "sr_back", "end_sr"}
    assert session.legal_actions().destinations(mover) == \
        {a.where for a in session.legal_actions() if a.verb == "sr"}
