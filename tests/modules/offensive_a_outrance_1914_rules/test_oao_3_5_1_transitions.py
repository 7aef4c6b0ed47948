"""3.5.1 Elevation transitions: where elevation-transition colour lies between Depressions,
Heights and Hills, the higher elevation gives no combat benefit (reconstructed data: the
`transition` column of locations.csv, authoring/build_transitions.py)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import terrain

from .positions import all_rail, attack, battle, blank, game, open_hex, unit

UPHILL = ["attackers at a lower elevation (3.5)", -1]
LOWER = "02.42"          # a Height hex
PLAIN = "02.41"          # a Hill next to it, no transition colour between them
SHADED = "03.42"         # a Hill next to it shaded toward Height (transition colour)


def _shifts(target: str) -> list:
    pos = blank("campaign", gt=10)
    all_rail(pos)
    fr = unit(pos, "FR-3_2", LOWER, army="FR3")
    unit(pos, "DE-11_6", target, army="DE5")
    attack(pos, "allied", target, [fr])
    return battle(pos)["shifts"]


def test_oao_3_5_1_no_uphill_shift_where_transition_colour_lies_between_the_elevations():
    pos = blank("campaign", gt=10)
    g = game(pos)
    elev = g.board.elev
    # the map data the test stands on: one Height hex, two Hill neighbours, open, no hexside feature
    assert elev[LOWER] == 2 and elev[PLAIN] == 3 and elev[SHADED] == 3
    assert all(open_hex(pos, h) for h in (LOWER, PLAIN, SHADED))
    assert terrain.transition(g, SHADED) == 2 and terrain.transition(g, PLAIN) == 0
    assert terrain.transition(g, LOWER) != 3
    assert terrain.uphill(g, LOWER, PLAIN) and not terrain.uphill(g, LOWER, SHADED)
    assert UPHILL in _shifts(PLAIN)                  # 3.5 / 9.6.1: attacking uphill, 1L
    assert UPHILL not in _shifts(SHADED)             # 3.5.1: the transition gives no benefit


def test_oao_3_5_1_transitions_only_between_adjacent_open_elevations():
    """The shading lies between Depression, Height and Hill only, one level apart, and every
    transition hex borders the elevation it shades into; two levels up is still uphill."""
    pos = blank("campaign", gt=10)
    g = game(pos)
    board = g.board
    shaded = {h: terrain.transition(g, h) for h in board.hexes if terrain.transition(g, h)}
    assert len(shaded) > 50
    for h, lvl in shaded.items():
        assert 1 <= board.elev[h] <= 3 and abs(lvl - board.elev[h]) == 1
        assert any(board.elev[n] == lvl for n in board.all_nbrs[h])
    h, lvl = next((h, lvl) for h, lvl in sorted(shaded.items()) if board.elev[h] == 3 and lvl == 2
                  and any(board.elev[n] == 1 for n in board.nbrs.get(h, ())))
    low = next(n for n in board.nbrs[h] if board.elev[n] == 1)
    assert terrain.uphill(g, low, h)                 # Depression -> Hill: not bridged by the shading
