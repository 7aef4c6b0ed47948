"""The table's panels: charts and rules, refusals citing a rule, hot-seat hand-over, log and
chat, save and load, the stack inspector, tooltips, the start screen."""
from __future__ import annotations

import pygame

from client import actions
from client.app import open_module
from client.start import Catalog, StartScreen, module_ids
from client.table import Table
from client.widgets.charts import RULES, ChartsWindow
from client.widgets.dialogs import FileDialog, HandOver
from engine.freeplay import FreePlay
from engine.rules import Violation
from engine.session import Session

from .test_drag import E, drag, key, move, press, release, visible_point


class NoDeletes(FreePlay):
    """Free play that refuses deleting, citing the sample module's rule 7.2."""

    def check(self, state, action):
        if action.verb == "delete":
            return Violation("7.2", "pieces are never removed in this test game")
        return super().check(state, action)


def frame(table):
    surf = pygame.Surface((table.width, table.height))
    table.draw(surf)
    return surf


def test_refusal_cites_the_rule_and_the_citation_opens_its_text(module, session):
    session.ruleset = NoDeletes(module)
    table = Table(session, (1280, 800), side="blue", hot_seat=False)
    frame(table)
    pid = session.state.stack("0305")[0]
    table.selection = [pid]
    key(table, pygame.K_DELETE)
    assert pid in session.state.pieces and not session.record.entries
    toast = table.toasts.items[-1]
    assert toast.rule == "7.2" and "never removed" in toast.text and toast.error
    frame(table)  # lays the toast out, with its link
    link_rect, rule = table.toasts.links[0]
    assert rule == "7.2"
    press(table, link_rect.center)
    win = table.modals[-1]
    assert isinstance(win, ChartsWindow) and win.current == RULES
    assert win._resolve("7.2") == "7.2" and "7.2" in win._rule_y
    frame(table)
    key(table, pygame.K_ESCAPE)
    assert not table.modals


def test_charts_window_shows_every_table(table, module):
    key(table, pygame.K_c)
    win = table.modals[-1]
    assert isinstance(win, ChartsWindow)
    assert [i for i, _ in win.items] == list(module.tables) + [RULES]
    assert win.current == "crt"
    assert win.content.get_width() > 200 and win.content.get_height() > 7 * 20
    # the table's rule citation is a link to the rule's text
    (r, rule), = win.links
    assert rule == "7.2"
    vr = win._view_rect()
    press(table, (vr.x + r.centerx, vr.y + r.centery))
    assert win.current == RULES and win.rule == "7.2"
    frame(table)


def test_hot_seat_hand_over_hides_hands_until_the_next_player_is_ready(module):
    session = Session.new(module, "meeting", seed=3)
    session.push(actions.draw("red", "deck", "hand:red", 2))
    table = Table(session, (1280, 800), side="blue", hot_seat=True)
    frame(table)
    red_cards = set(session.state.stack("hand:red"))
    blue_seen = {e.get("id") for e in table.view["locations"]["hand:red"]}
    assert not (blue_seen & red_cards)
    assert not table.hand.cards  # blue has no cards; red's are not shown to blue
    table.seating.set_seat("red")
    assert isinstance(table.modals[-1], HandOver)
    assert table.side == "blue"          # nothing of red's is shown before the click
    frame(table)
    press(table, (400, 400))
    assert table.side == "red"
    assert {e["id"] for _, _, _, e in table.hand.cards} == red_cards
    assert table.status.button("Seat").text == "Seat: Red"


def test_card_from_hand_panel_to_map(module):
    session = Session.new(module, "meeting", seed=3)
    session.push(actions.draw("blue", "deck", "hand:blue", 1))
    table = Table(session, (1280, 800), side="blue", hot_seat=False)
    frame(table)
    rect, loc, k, entry = table.hand.cards[0]
    drag(table, rect.center, table.screen_pos_of("discard"))
    assert session.state.pieces[entry["id"]].loc == "discard"
    # the deck's Draw button draws into my hand
    draw = next(b for b in table.hand.buttons if b.text == "Draw")
    press(table, draw.rect.center)
    assert len(session.state.stack("hand:blue")) == 1


def test_log_shows_notation_and_chat_sends_a_note(table, session):
    table.do(actions.roll("blue", "1d6", "morale"))
    assert "rolls 1d6 for morale" in table.log.entries[-1]
    key(table, pygame.K_RETURN)
    assert table.log.input.focused
    for ch in "hello":
        table.handle(E(pygame.TEXTINPUT, text=ch))
    key(table, pygame.K_x)                     # typing: no shortcut fires
    assert all(p.face == 0 for p in session.state.pieces.values())
    key(table, pygame.K_RETURN)
    assert session.state.chat[-1] == ["blue", "hello"]
    assert "hello" in table.log.entries[-1]
    frame(table)


def test_save_and_load(tmp_path, table, session):
    pid = session.state.stack("0305")[0]
    table.do(actions.move("blue", [pid], "0909"))
    path = tmp_path / "game.wtsave"
    table.files.save(path)
    assert path.is_file() and table.files.save_path == path
    table.undo()
    assert session.state.pieces[pid].loc == "0305"
    table.files.load(path)
    assert table.session is not session
    assert table.session.state.pieces[pid].loc == "0909"
    # Ctrl+S saves again to the same file; Ctrl+O opens the file dialog
    key(table, pygame.K_s, pygame.KMOD_CTRL)
    key(table, pygame.K_o, pygame.KMOD_CTRL)
    assert isinstance(table.modals[-1], FileDialog)
    dialog = table.modals[-1]
    dialog.name_field.text = str(path)
    key(table, pygame.K_RETURN)
    assert not table.modals and table.session.state.pieces[pid].loc == "0909"


def test_click_opens_the_inspector_and_hover_shows_details(table, session):
    stack = session.state.stack("0904")
    p = visible_point(table, stack[-1])
    press(table, p)
    release(table, p)
    assert table.inspector is not None and table.inspector.loc == "0904"
    assert [e["id"] for e in table.inspector.entries] == stack
    frame(table)
    # drag the bottom piece out of the inspector onto a hex
    slot, k = table.inspector.slots[0]
    drag(table, slot.center, table.screen_pos_of("0606"))
    assert session.state.stack("0606") == [stack[0]]
    # hover: after a moment the tooltip names the piece
    q = visible_point(table, stack[-1])
    move(table, q, buttons=(0, 0, 0))
    table.hover_since -= 1
    table.update(0.016)
    assert table.tooltip.lines and table.tooltip.lines[0] == "Heavy Artillery"
    assert any("cf 3" in line for line in table.tooltip.lines)
    frame(table)


def test_fit_pan_and_resize(table):
    key(table, pygame.K_f)
    x, y, w, h = table.world.bounds
    sx, sy = table.screen_of(x, y)
    ex, ey = table.screen_of(x + w, y + h)
    assert table.map_rect.collidepoint(sx, sy) and table.map_rect.collidepoint(ex - 1, ey - 1)
    px = table.camera.px
    key(table, pygame.K_RIGHT)
    assert table.camera.px == px + 80
    table.handle(E(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    assert table.width == 900 and table.map_rect.right <= 900
    frame(table)


def test_start_screen_lists_modules_scenarios_and_starts_a_game(tmp_path):
    started = []
    screen = StartScreen((1280, 800), open_module,
                         lambda m, s, enforce, options: started.append((m, s, enforce)), lambda p: None, lambda: None)
    assert "skirmish" in module_ids()
    screen.catalog.thread.join(30)
    sk = next(i for i in screen.catalog.items if i.id == "skirmish")
    assert sk.loaded and ("meeting", "Meeting engagement") in sk.scenarios
    screen.expanded = screen.catalog.items.index(sk)
    surf = pygame.Surface((1280, 800))
    screen.draw(surf)
    scenario_targets = [r for r, cb in screen.targets if r.x > 60]  # indented scenario rows
    assert scenario_targets
    screen.handle(E(pygame.MOUSEBUTTONDOWN, pos=scenario_targets[0].center, button=1))
    assert started == [("skirmish", "meeting", True)]       # the module's own rules by default


def test_catalog_reports_a_broken_module():
    def boom(mid):
        raise ValueError(f"{mid}: bad file")
    cat = Catalog(["x"], boom)
    cat.thread.join(5)
    assert cat.items[0].loaded and "bad file" in cat.items[0].error


def test_menu_add_counter_on_empty_hex_and_dice_dialog(table, session):
    pos = table.screen_pos_of("0608")
    press(table, pos, button=3)
    menu = table.modals[-1]
    labels = [i.label for i in menu.items]
    assert "Add counter" in labels and "Roll dice…" in labels
    row = labels.index("Roll dice…")
    p = (menu.rect.x + 10, menu.rect.y + 3 + row * 22 + 8)
    move(table, p, buttons=(0, 0, 0))
    press(table, p)
    dialog = table.modals[-1]
    assert dialog.spec == "1d6"
    for ch in "test":
        table.handle(E(pygame.TEXTINPUT, text=ch))
    key(table, pygame.K_RETURN)
    entry = session.record.entries[-1]
    assert entry.action.verb == "roll" and entry.action.as_dict() == {"spec": "1d6", "purpose": "test"}
    assert table.tray.busy
