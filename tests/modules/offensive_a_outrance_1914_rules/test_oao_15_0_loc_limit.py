"""15.0 LOC limit: only one army's supply-unit LOC may pass through a single-track RR hex at a
time; double track is unlimited (reading R18: the armies claim in the order of their displays,
each through the fewest single-track hexes not held by another army).

The position: the single-track branch 08.24 (double) - 09.24 - 09.23 - 10.22 - 10.21 - 11.21 …
west of Rouen (reconstructed map, a dead end: its only rail exit is 09.24-08.24)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import supply

from .positions import all_rail, blank, do, game, unit

BRANCH = ("09.24", "09.23", "10.22", "10.21")


def _position():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    g = game(pos)
    assert all(g.board.rail[h] == "single" for h in BRANCH) and g.board.rail["08.24"] == "double"
    assert all(h in supply.loc_hexes(g, "allied") for h in BRANCH)   # the LOC network, without the limit
    return pos


def test_oao_15_0_two_armies_cannot_share_a_single_track_loc():
    pos = _position()
    first = unit(pos, "FR-depot-PRIMA", "10.21", army="FR1")
    second = unit(pos, "FR-depot-SECONDA", "10.22", army="FR2")
    g = game(pos)
    assert supply.has_loc(g, first)                                     # the 1st Army's display comes first
    assert not supply.has_loc(g, second)                                # its LOC would share 10.22-09.24
    # the 1st Army's depot gone, the 2nd Army's LOC is free to use the line
    pos.remove([first], "the 1st Army's depot leaves")
    assert supply.has_loc(game(pos), second)


def test_oao_15_0_supply_units_of_one_army_share_a_single_track_loc():
    pos = _position()
    depot = unit(pos, "FR-depot-PRIMA", "10.21", army="FR1")
    train = unit(pos, "FR-train-Treno_1", "10.22", army="FR1")
    g = game(pos)
    assert supply.has_loc(g, depot) and supply.has_loc(g, train)


def test_oao_15_0_double_track_is_unlimited():
    pos = _position()
    first = unit(pos, "FR-depot-PRIMA", "08.24", army="FR1")
    second = unit(pos, "FR-depot-SECONDA", "08.25", army="FR2")
    assert game(pos).board.rail["08.25"] == "double"
    g = game(pos)
    assert supply.has_loc(g, first) and supply.has_loc(g, second)


def test_oao_15_0_a_depot_without_its_loc_is_displaced_off_the_held_line_in_the_supply_phase():
    """15.4: a depot without a LOC is displaced; its LOC network leaves out the single-track hexes
    another army's LOC holds (15.0)."""
    pos = _position()
    first = unit(pos, "FR-depot-PRIMA", "10.21", army="FR1")
    second = unit(pos, "FR-depot-SECONDA", "10.22", army="FR2")
    do(pos, "Allied Supply Phase (15.4)", lambda g: supply.finish_supply(g, "allied"))
    g = game(pos)
    assert pos.where(first) == "10.21"
    assert pos.where(second) not in BRANCH and pos.where(second) != "10.22"
    assert supply.has_loc(g, second) and supply.has_loc(g, first)
    assert pos.face(second) == 1                                       # 15.6.2b: displaced to Extended
