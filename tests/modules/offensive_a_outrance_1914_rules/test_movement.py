"""7.0 Movement (tests named after their rule)."""
from __future__ import annotations

from engine.testing import refused

from modules.offensive_a_outrance_1914.rules.movement import step_cost

from .positions import blank, destinations, game, movement, select, top, unit

FR_DIV = "FR-3_2"          # an active French infantry division (II Corps)
DE_DIV = "DE-11_6"


def test_oao_7_1_forest_hexside_costs_3_whatever_the_hex_entered():
    """7.1 example: 58.56 -> 57.56 costs 3 MP for the Forest hexside."""
    pos = blank("campaign", gt=10)
    d = unit(pos, DE_DIV, "58.56", army="DE6")
    movement(pos, "german")
    select(pos, d, "german")
    pos.push("german: move to=@57.56")
    assert top(pos)["spent"] == 3


def test_oao_7_1_6a_ezoc_to_ezoc_costs_6_or_4_into_a_friendly_formation():
    """7.1.6a examples: 44.18 -> 43.18 with an enemy in 44.17 costs 2 + 6 = 8 MP; with a friendly
    Formation in 43.18, 2 + 4 = 6 MP (the hexside crossed directly; the search may find a cheaper
    way round, which the rules allow)."""
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), "44.18", "43.18") == 8
    pos = blank("campaign", gt=10)
    d = unit(pos, FR_DIV, "44.18", army="FR5")
    unit(pos, "FR-4_2", "43.18", army="FR5")
    unit(pos, DE_DIV, "44.17", army="DE2")
    movement(pos, "allied")
    select(pos, d)
    assert step_cost(game(pos), top(pos), "44.18", "43.18") == 6
