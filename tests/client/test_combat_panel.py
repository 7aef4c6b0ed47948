"""The combat panel (issue 18, friction 4): both seats watch a combat — the odds and shifts
before the dice, then the dice, the column and row read and the result — until each dismisses
it; the units committed to the attack are ringed; a past combat reopens from the log."""
from __future__ import annotations

import random

import pygame
import pytest

from client import colours
from client.table import Table
from client.widgets.dialogs import HandOver
from engine.actions import Action
from engine.modules import open_module
from engine.reports import GLOBAL as REPORT
from engine.sample import sample_module
from engine.session import Session
from tests.modules.skirmish_rules.positions import cleared, combat

from .test_drag import move
from .test_enforced import click

SIZE = (1280, 800)


def frame(table):
    surf = pygame.Surface(SIZE)
    table.update(0.01)
    table.draw(surf, complete=True)
    return surf


def shown(table) -> list[str]:
    frame(table)
    return table.combat_panel.texts() if table.combat.shown(table.side) is not None else []


def hand_overs(table):
    return [m for m in table.modals if isinstance(m, HandOver) and not m.closed]


def settle(table):
    while table.tray.busy:
        table.tray.dismiss()
    frame(table)


def test_both_seats_see_the_odds_the_dice_and_the_result():
    pos = cleared(sample_module())
    a, b, c = pos.place("blue-inf", "0303"), pos.place("blue-inf", "0304"), pos.place("blue-inf", "0404")
    pos.place("red-art", "0403")                           # 12 against 3: 4:1, read at 3:1
    combat(pos)
    table = Table(pos.session, SIZE, side="blue", hot_seat=True)
    frame(table)
    assert shown(table) == []
    table.do(Action.parse("blue: attack hex=@0403"))
    for pid in (a, b, c):
        table.do(Action.parse(f"blue: add unit=#{pid}"))
    texts = shown(table)                                   # declared: the odds, no dice yet
    assert "Declared — the odds before the dice" in texts
    assert any("12 combat factors attack 3 at 4:1" in t for t in texts)
    assert any("column 3:1" in t for t in texts) and "→ DR" not in texts
    # the committed units are ringed in the attack colour
    assert table.play.committed() == [a, b, c]
    surf = frame(table)
    r = table.piece_rect(a).inflate(6, 6)
    ring = [surf.get_at((r.x + k, r.y + 1))[:3] for k in range(4, r.w - 4)]
    assert tuple(colours.HL_ATTACK[:3]) in ring
    pos.session.dice_script = [2]
    table.do(Action.parse("blue: resolve"))
    settle(table)
    texts = shown(table)                                   # resolved: the die, row and result
    assert "Resolved" in texts and "2" in texts and "→ DR" in texts
    assert any("row 2" in t for t in texts) and any("every defending unit retreats" in t for t in texts)
    # red decides the retreat; the hand-over waits until blue has dismissed the combat
    assert pos.session.prompt().side == "red"
    assert not hand_overs(table)
    click(table, table.combat_panel.close_box().center)
    frame(table)
    assert table.combat.shown("blue") is None
    assert hand_overs(table)                               # now the table passes to red
    click(table, table.screen_rect.center)
    assert table.side == "red"
    texts = shown(table)                                   # red sees the same combat
    assert "→ DR" in texts and "2" in texts
    table.escape()                                         # Esc closes it for red too
    assert shown(table) == []
    # the log marks the combat and a click on its line reopens it
    line = next(k for k, (n, text) in enumerate(table.log.wrapped) if "⚔" in text)
    pos_line = (table.log.rect.x + 60, table.log.rect.y + 29 + (line - table.log.top) * 17 + 8)
    move(table, pos_line, buttons=(0, 0, 0))
    click(table, pos_line)
    assert "→ DR" in shown(table) or "Declared — the odds before the dice" in shown(table)


def test_a_called_off_attack_leaves_no_panel():
    pos = cleared(sample_module())
    a = pos.place("blue-inf", "0303")
    pos.place("red-art", "0403")
    combat(pos)
    table = Table(pos.session, SIZE, side="blue", hot_seat=False)
    table.do(Action.parse("blue: attack hex=@0403"))
    table.do(Action.parse(f"blue: add unit=#{a}"))
    assert shown(table)
    table.do(Action.parse("blue: cancel"))
    assert shown(table) == [] and table.play.committed() == []


@pytest.mark.parametrize("module_id, scenario, declared_first", [
    ("paths_of_glory", None, True), ("grand_illusion", None, True), ("france_1944", None, True),
    # Strafexpedition's assault (13.4) rolls in the action that declares it: no pause before the die
    ("strafexpedition_1916", "sc4_monte_novegno", False)])
def test_every_enforced_game_shows_its_combats_to_both_seats(module_id, scenario, declared_first):
    """The rulesets that write combat reports (PoG, GI, F44, Strafexpedition) get the panel too:
    random legal play through the table until a combat is resolved (the odds shown first where
    the rules wait for a decision before the dice), then each seat sees its title, the table
    read, the dice and the result, drawn in the map's top right corner."""
    mod = open_module(module_id)
    session = Session.new(mod, scenario, 1)
    table = Table(session, SIZE, side=session.prompt().side, hot_seat=False)
    rnd = random.Random(1)
    report, declared = None, []
    for _ in range(3000):
        action = session.ruleset.random_action(session.state, rnd)
        assert action is not None and session.outcome() is None, "no combat before the game ended"
        if session.prompt().side and session.prompt().side != table.side:
            table.seating.seat(session.prompt().side)
        assert table.do(action) is not None, table.refusal
        report = session.state.get(REPORT)
        if isinstance(report, dict) and report.get("stage") == "declared":
            declared = shown(table)
        if isinstance(report, dict) and report.get("stage") == "resolved":
            break
    assert isinstance(report, dict) and report.get("stage") == "resolved", "no combat in 3000 actions"
    if declared_first:
        assert declared[:1] == [report["title"]] and "Declared — the odds before the dice" in declared
    die = next(str(d) for line in report["lines"] for d in line.get("dice", []))
    result = next(line["result"] for line in report["lines"] if line.get("result"))
    for side in (s.id for s in mod.sides):
        table.seating.seat(side)
        surf = frame(table)
        texts = table.combat_panel.texts()
        assert texts[0] == report["title"] and "Resolved" in texts
        assert die in texts and any(result in t for t in texts)
        assert any(" · " in t and ("column" in t or "row" in t) for t in texts)   # the table read
        # drawn: the panel (title bar, then its body) in the map's top right corner
        r = table.combat_panel.rect
        assert table.map_rect.contains(r) and r.right == table.map_rect.right - 12
        assert tuple(surf.get_at((r.x + 4, r.y + 8)))[:3] == tuple(colours.UI_BG)[:3]
        assert tuple(surf.get_at((r.x + 4, r.centery)))[:3] == tuple(colours.UI_PANEL)[:3]
        table.escape()
        assert table.combat.shown(side) is None
