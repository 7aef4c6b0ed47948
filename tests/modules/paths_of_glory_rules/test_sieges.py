"""Paths of Glory forts and sieges (15.x) on hand-built positions with scripted dice."""
from __future__ import annotations

from modules.paths_of_glory.rules import board as B
from modules.paths_of_glory.rules import sieges

from .conftest import dice, dice_left, empty_map, game, markers, push, put, set_global


def test_pog_15_2_1_besieging_needs_an_army_or_lf_corps():
    s = empty_map()
    g = game(s)
    c1, c2 = put(s, "ge_corps", "verdun"), put(s, "ge_corps", "verdun")
    assert not sieges.can_besiege(g, "verdun", [c1, c2])          # Verdun LF 3
    c3 = put(s, "ge_corps", "verdun")
    assert sieges.can_besiege(g, "verdun", [c1, c2, c3])
    assert sieges.can_besiege(g, "verdun", [put(s, "ge_5a", "metz")])


def test_pog_15_3_2_siege_roll_destroys_fort_and_passes_control():
    s = empty_map()
    set_global(s, "turn", 3)
    put(s, "ge_5a", "verdun")
    put(s, "m_siege", "verdun")
    dice(s, 4)                                                      # 4 > LF 3
    push(s, "phase_siege")
    assert markers(s, "verdun", "m_destroyed") and not markers(s, "verdun", "m_siege")
    assert B.controller(game(s), "verdun") == "CP"
    assert s.state.globals["pog_stack"] == []


def test_pog_15_3_3_minus_two_in_august_and_september_1914():
    s = empty_map()
    set_global(s, "turn", 2)
    put(s, "ge_5a", "verdun")
    put(s, "m_siege", "verdun")
    dice(s, 5)                                                      # 5 - 2 = 3, not > 3
    push(s, "phase_siege")
    assert not markers(s, "verdun", "m_destroyed") and markers(s, "verdun", "m_siege")
    assert B.controller(game(s), "verdun") == "AP"


def test_pog_15_2_4_siege_lifted_below_minimum():
    s = empty_map()
    put(s, "ge_corps", "verdun")
    put(s, "m_siege", "verdun")
    dice(s, 6)                                                      # a roll would destroy it
    push(s, "phase_siege")
    assert dice_left(s) == [6]                                      # no roll at all
    assert not markers(s, "verdun", "m_siege") and not markers(s, "verdun", "m_destroyed")
