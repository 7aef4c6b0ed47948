"""Issue 18, friction 2: the renderer prints a counter's values where the module's
``counter_layout`` declares them, and the stack inspector labels each value."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from client import counter_face, render_counter
from client.render_counter import CounterRenderer
from client.widgets.inspector import StackInspector, value_lines
from engine.counter_layout import TABLE_ID


@pytest.fixture(scope="module")
def strafe():
    from engine.modules import open_module
    return open_module("strafexpedition_1916")


def drawn_places(module, piece, face, monkeypatch) -> dict[str, str]:
    """What the renderer hands to counter_face for ``piece`` (the text of each place)."""
    seen = {}
    real = counter_face.draw_values

    def spy(surf, rect, places, fg, bg, box):
        seen.update(places)
        return real(surf, rect, places, fg, bg, box)
    monkeypatch.setattr(render_counter.counter_face, "draw_values", spy)
    CounterRenderer(module).image({"type": piece, "face": face}, 96)
    return seen


def test_the_alpini_counter_reads_3_2_6_with_morale_apart(strafe, monkeypatch):
    assert drawn_places(strafe, "it_alp_val_leogra", 0, monkeypatch) == {"bottom": "3-2-6", "top_right": "4"}


def test_the_renderer_follows_the_declaration_not_a_fixed_order(strafe, monkeypatch):
    t = strafe.tables[TABLE_ID]
    # move the infantry's morale from its badge into the factor line, first
    cells = []
    for lid, row in zip(t.rows.values, t.cells):
        row = list(row)
        if lid == "infantry" and row[1] == "morale":
            row[2] = "bottom"
        cells.append(tuple(row))
    rows = list(t.rows.values)
    k = rows.index("infantry")
    morale = next(i for i, (lid, c) in enumerate(zip(rows, cells)) if lid == "infantry" and c[1] == "morale")
    cells.insert(k, cells.pop(morale))
    cells[k] = (cells[k + 1][0],) + cells[k][1:]                       # the selector moves to the first row
    cells[k + 1] = ("",) + cells[k + 1][1:]
    other = dataclasses.replace(strafe, tables={**strafe.tables, TABLE_ID: dataclasses.replace(t, cells=tuple(cells))})
    assert drawn_places(other, "it_alp_val_leogra", 0, monkeypatch) == {"bottom": "4-3-2-6"}


def test_the_values_are_drawn_where_declared(strafe):
    """Pixels: the morale badge (top right, dark on a light counter) is drawn; without the
    declared morale slot that corner stays the counter's colour."""
    img = CounterRenderer(strafe).image({"type": "it_alp_val_leogra", "face": 0}, 96)
    t = strafe.tables[TABLE_ID]
    keep = [i for i, (lid, c) in enumerate(zip(t.rows.values, t.cells)) if not (lid == "infantry" and c[1] == "morale")]
    bare = dataclasses.replace(strafe, tables={**strafe.tables, TABLE_ID: dataclasses.replace(
        t, rows=dataclasses.replace(t.rows, values=tuple(t.rows.values[i] for i in keep)),
        cells=tuple(t.cells[i] for i in keep))})
    img2 = CounterRenderer(bare).image({"type": "it_alp_val_leogra", "face": 0}, 96)
    corner = pygame.Rect(70, 20, 20, 18)
    dark = lambda im: sum(1 for x in range(corner.x, corner.right) for y in range(corner.y, corner.bottom)
                          if sum(tuple(im.get_at((x, y)))[:3]) < 200)
    assert dark(img) - dark(img2) > 100


def test_the_stack_inspector_labels_each_value(strafe):
    counters = CounterRenderer(strafe)
    assert value_lines(strafe, counters, {"type": "it_alp_val_leogra", "face": 0, "id": 1}) == [
        "side: full", "Combat Factor 3", "Machine-gun Factor 2", "Movement Allowance 6", "Morale 4"]
    assert value_lines(strafe, counters, {"type": "it_fort_campomolon", "face": 0, "id": 2})[:3] == [
        "Bombardment Factor 0", "Range 0", "Trench Level 2"]
    insp = StackInspector(strafe, counters, "3225", [{"type": "it_alp_val_leogra", "face": 0, "id": 1},
                                                     {"type": "m_trench1", "face": 0, "id": 2}],
                          pygame.Rect(0, 0, 1200, 800))
    surf = pygame.Surface((1200, 800))
    insp.draw(surf)
    assert insp.lines[1] == []           # a marker has no values
    assert insp.rect.w >= 2 * (64 + 150)


def test_pog_tooltip_words_not_keys():
    from engine.modules import open_module
    from client.widgets.tooltip import describe
    pog = open_module("paths_of_glory")
    lines = describe(pog, {"type": "ge_1a", "face": 0, "id": 5})
    assert any("Combat Factor 5, Loss Factor 3, Movement Factor 3" in l for l in lines), lines
