"""Layout and input (issue 18, friction 7): panel buttons that do not jump, no stale tooltip,
the dice dialog keeping its reason, the log's newest lines in view, F11, a cup's Draw saying
why it cannot, hints that name what to click, tooltips without ids, rule links opening the
cited rule, and one command table for keys, buttons and help."""
from __future__ import annotations

import time

import pygame
import pytest

from client.commands import Key
from client.table import Table
from client.widgets.charts import ChartsWindow
from client.widgets.dialogs import DiceDialog
from client.widgets.menu import ContextMenu
from client.widgets.prompt import ActionPanel, PanelButton
from client.widgets.tooltip import describe
from engine.actions import Action
from engine.sample import sample_module
from engine.session import Session
from tests.modules.skirmish_rules.positions import cleared, combat

from .test_drag import drag, key, move, press, release

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def pog():
    from engine.modules import open_module
    return open_module("paths_of_glory")


def click(table, pos, button=1):
    press(table, pos, button=button)
    release(table, pos, button=button)


def frame(table):
    surf = pygame.Surface(SIZE)
    table.update(0.01)
    table.draw(surf, complete=True)
    return surf


# -- the action panel's buttons keep their place ------------------------------------------------

def test_panel_buttons_keep_their_slots_within_a_decision():
    panel = ActionPanel()
    panel.set_rect(pygame.Rect(900, 30, 330, 400))
    b = {n: PanelButton(n, lambda: None) for n in ("Resolve", "Call off", "Add A", "Add B", "Add C")}
    panel.set_content("Blue to act", "attack 0403 with nothing yet", [b["Call off"], b["Add A"], b["Add B"]], [],
                      decision=("blue", "assault"))
    before = {x.text: x.rect.copy() for x in panel.buttons}
    # a unit was added: the prompt grows a line, Resolve appears, "Add A" goes
    panel.set_content("Blue to act", "attack 0403 with Blue 1st Infantry Corps, Blue 2nd Infantry Corps and "
                      "more words so that the prompt wraps onto another line",
                      [b["Resolve"], b["Call off"], b["Add B"], b["Add C"]], [], decision=("blue", "assault"))
    after = {x.text: x.rect for x in panel.buttons}
    assert after["Call off"] == before["Call off"] and after["Add B"] == before["Add B"]
    assert after["Resolve"] == before["Add A"]                 # a new button fills the gap
    # the prompt shrinks again: nothing moves up under the mouse
    panel.set_content("Blue to act", "short", [b["Resolve"], b["Call off"], b["Add B"]], [],
                      decision=("blue", "assault"))
    assert {x.text: x.rect for x in panel.buttons}["Call off"] == before["Call off"]
    # another decision lays the panel out afresh
    panel.set_content("Red to act", "retreat", [b["Add C"]], [], decision=("red", "retreat"))
    assert panel.buttons[0].rect == before["Call off"]          # from the first slot again


def test_resolve_stays_under_the_mouse_while_units_join_the_attack():
    pos = cleared(sample_module())
    units = [pos.place("blue-inf", h) for h in ("0303", "0304", "0404")]
    pos.place("red-art", "0403")
    combat(pos)
    table = Table(pos.session, SIZE, side="blue", hot_seat=False)
    table.do(Action.parse("blue: attack hex=@0403"))
    table.do(Action.parse(f"blue: add unit=#{units[0]}"))
    frame(table)
    resolve = table.panel.button("Resolve").rect.copy()
    table.do(Action.parse(f"blue: add unit=#{units[1]}"))
    frame(table)
    assert table.panel.button("Resolve").rect == resolve
    click(table, resolve.center)
    assert pos.session.record.entries[-1].action.verb == "resolve"


def test_a_unit_click_is_hinted_as_a_unit():
    pos = cleared(sample_module())
    a = pos.place("blue-inf", "0303")
    pos.place("red-art", "0403")
    combat(pos)
    table = Table(pos.session, SIZE, side="blue", hot_seat=False)
    table.do(Action.parse("blue: attack hex=@0403"))
    frame(table)
    assert table.play.legal.options and {o.category for o in table.play.legal.options} >= {"unit"}
    assert "Click a highlighted unit to choose it." in table.panel.hints
    assert "Click a highlighted space to choose it." not in table.panel.hints
    assert a in [p for o in table.play.legal.options for p in o.movers]


# -- tooltips ------------------------------------------------------------------------------------

def test_no_tooltip_outlives_what_it_describes(table, session):
    pid = session.state.stack("0305")[0]
    r = table.piece_rect(pid)
    move(table, r.center, buttons=(0, 0, 0))
    table.hover_since -= 1
    table.update(0.01)
    assert table.tooltip.lines and "Infantry" in " ".join(table.tooltip.lines) or table.tooltip.lines
    assert not any("#" in line for line in table.tooltip.lines)       # no internal id
    click(table, r.center, button=3)                                  # a menu opens over it
    assert any(isinstance(m, ContextMenu) for m in table.modals)
    table.update(0.01)
    assert table.tooltip.lines == []
    table.modals.clear()
    move(table, table.status.button("Undo").rect.center, buttons=(0, 0, 0))
    table.update(0.01)
    assert table.tooltip.lines == ["undo (Ctrl+Z)"]                   # a widget's tip, at once
    move(table, (5, 400), buttons=(0, 0, 0))
    table.update(0.01)
    assert table.tooltip.lines == []


def test_piece_tooltips_name_no_ids(module):
    session = Session.new(module, "meeting", seed=1)
    view = session.view("blue")
    for loc, entries in view["locations"].items():
        for e in entries:
            text = " ".join(describe(module, e, loc))
            assert "#" not in text and "=" not in text, text


# -- the dice dialog -------------------------------------------------------------------------------

def test_dice_dialog_keeps_the_reason_and_the_count(table, session):
    key(table, pygame.K_r)
    dialog = table.modals[-1]
    assert isinstance(dialog, DiceDialog)
    plus = next(b for b in dialog.buttons if b.text == "+")
    click(table, plus.rect.center)
    click(table, plus.rect.center)                        # 3 dice; the reason field keeps the keys
    for ch in "attack on 3":
        table.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert dialog.count == 3 and dialog.purpose.text == "attack on 3"
    key(table, pygame.K_RETURN)
    roll = session.record.entries[-1]
    assert roll.action["spec"] == "3d6" and roll.action["purpose"] == "attack on 3"


# -- the log -------------------------------------------------------------------------------------------

def test_the_newest_log_lines_stay_in_view_when_the_log_shrinks(pog):
    session = Session.new(pog, "introductory", 1, ruleset="paths_of_glory")
    table = Table(session, SIZE, side="CP", hot_seat=False)
    for k in range(60):
        session.push(Action("note", "CP", text=f"line {k}"))
    log = table.log
    assert log.top + log._rows() >= len(log.wrapped)
    table.panel.set_content("CP to act", "a long prompt " * 40, [], [])
    table.layout_column()                                 # the action panel grows, the log shrinks
    assert log.top + log._rows() >= len(log.wrapped), "the newest lines fell below the fold"


# -- keys and commands -----------------------------------------------------------------------------------

def test_f11_toggles_full_screen(table, monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: calls.append(1) or 1)
    key(table, pygame.K_F11)
    assert calls == [1]


def test_one_command_table_for_keys_buttons_and_help(table):
    bound: dict[Key, str] = {}
    for c in table.commands.commands.values():
        for k in c.keys:
            assert k not in bound, f"{k.name} is bound to {bound[k]} and {c.id}"
            bound[k] = c.id
    bar = [b.text for b in table.status.buttons]
    assert [c.bar_text() for c in table.commands.bar()] == bar
    table.show_help()
    help_text = " ".join(table.modals[-1].lines)
    for c in table.commands.commands.values():
        if c.keys:
            assert c.keys[0].name in help_text, c.id


# -- a cup's Draw ----------------------------------------------------------------------------------------

def test_a_cup_without_a_hand_says_why_it_cannot_draw_and_its_top_drags_onto_the_map():
    from engine.modules import open_module
    f44 = open_module("france_1944")
    session = Session.new(f44, next(iter(f44.scenarios)), 1, ruleset="free")
    table = Table(session, SIZE, side=f44.side_ids[0], hot_seat=False)
    frame(table)
    draw = next(b for b in table.hand.buttons if b.text == "Draw")
    assert not draw.enabled and "no hand" in draw.tip
    move(table, draw.rect.center, buttons=(0, 0, 0))
    table.update(0.01)
    assert table.tooltip.lines == [draw.tip]
    top, loc, _k, _e = table.hand.tops[0]
    assert loc == "cup"
    n = len(session.state.stack("cup"))
    target = next(l for l in f44.locations.values() if l.kind == "hex")
    table.center_on(target.id)
    drag(table, top.center, table.screen_pos_of(target.id))
    assert len(session.state.stack("cup")) == n - 1 and len(session.state.stack(target.id)) >= 1


def test_draw_and_shuffle_are_free_play_only(pog):
    session = Session.new(pog, "introductory", 1, ruleset="paths_of_glory")
    table = Table(session, SIZE, side="CP", hot_seat=False)
    assert [b.text for b in table.hand.buttons if b.text in ("Draw", "Shuffle")] == []
    free = Table(Session.new(pog, "introductory", 1, ruleset="free"), SIZE, side="CP", hot_seat=False)
    assert {b.text for b in free.hand.buttons} >= {"Draw", "Shuffle"}


# -- rule links ----------------------------------------------------------------------------------------------

def rule_window(table, rule) -> list[str]:
    win = table.open_rule(rule)
    assert isinstance(win, ChartsWindow) and win.sy == 0
    return [text for _rule, text, _hot in win._cited(600)]


def test_a_rule_link_opens_the_cited_rule(pog):
    session = Session.new(pog, "introductory", 1, ruleset="paths_of_glory")
    table = Table(session, SIZE, side="CP", hot_seat=False)
    for rule, words in (("PoG 11.1.5", "more MP than its MF"), ("PoG 9.2.8", "Move-marked spaces")):
        shown = " ".join(rule_window(table, rule))
        assert words in shown, shown
    assert "nearest parent" in " ".join(rule_window(table, "PoG 12.3.3.9"))


def test_every_rule_paths_of_glory_cites_has_its_text(pog):
    import glob
    import re
    cited = set()
    for f in glob.glob("modules/paths_of_glory/rules/*.py"):
        cited |= set(re.findall(r"PoG (\d+(?:\.\d+)+)", open(f).read()))
    session = Session.new(pog, "introductory", 1, ruleset="paths_of_glory")
    own = {r for r in cited if session.ruleset.rule_text(r)[0] == r}
    assert len(own) >= len(cited) - 2                      # (4.5 and 9.5 open their chapter)
    assert all(session.ruleset.rule_text(r) for r in cited)


def test_skirmish_rules_cite_its_rulebook():
    session = Session.new(sample_module(), "meeting", 1)
    table = Table(session, SIZE, side="blue", hot_seat=False)
    shown = " ".join(rule_window(table, "SK 6.2"))
    assert "adjacent to it" in shown and "called-off attack commits nothing" in shown
    assert len(session.ruleset.rule_texts()) > 30


# -- a game kept by a server ------------------------------------------------------------------------------

def test_the_table_hosts_a_game_kept_by_a_server(module):
    """A session that says ``online`` (issue 19's OnlineSession): the server seats the player,
    so no seat switching, undo or files — their keys say why instead of acting."""
    from client.table_commands import ONLINE_HINT

    class Online(Session):
        online = True

    session = Session.new(module, "meeting", seed=3)
    online = Online(session.module, session.ruleset, session.record.header, session.state)
    table = Table(online, SIZE, side="blue")
    assert table.seating.kind == "online" and table.seating.may_switch()
    shown = {b.text.split(":")[0] for b in table.status.buttons}
    assert not shown & {"Seat", "Undo", "Redo", "Save", "Load", "Send turn", "Receive"}
    assert {"Dice", "LOS", "Charts", "Rules", "Help"} <= shown
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert ONLINE_HINT in [t.text for t in table.toasts.items]
    table.do(Action("note", "blue", text="hello"))
    assert not table.modals                                           # never a hand-over
