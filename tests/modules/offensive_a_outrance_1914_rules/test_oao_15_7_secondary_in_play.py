"""15.7: each player receives one Secondary Depot. The set-up charts of the Grand Campaign and
the Race to the Sea give it as "available per 15.7": it waits off the map, and a Supply Phase
offers it to each army with Formations on the map, on every hex of that army's LOC network
within 9 hexes of one of them (reading R19)."""
from __future__ import annotations

import pytest

from engine.session import Session
from modules.offensive_a_outrance_1914.rules import supply

from .positions import all_rail, blank, game, unit

FR_DIV = "FR-3_2"


@pytest.mark.parametrize("scenario", ["campaign", "race_to_the_sea"])
def test_oao_15_7_each_side_has_its_secondary_depot_available_off_the_map(scenario, module):
    session = Session.new(module, scenario, 1)
    state = session.state
    where = {p.type: p.loc for p in state.pieces.values() if p.type.endswith("-depot-Secondary")}
    assert where == {"FR-depot-Secondary": "box:held", "DE-depot-Secondary": "box:held"}


def test_oao_15_7_lorraine_has_no_secondary_depot(module):
    state = Session.new(module, "lorraine", 1).state
    assert not [p for p in state.pieces.values() if p.type.endswith("-depot-Secondary")]


def test_oao_15_7_the_secondary_depot_may_go_to_any_hex_of_the_loc_network_within_9_hexes():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    unit(pos, FR_DIV, "30.40", army="FR5")
    sec = pos.place("FR-depot-Secondary", "box:held", owner="allied")
    pos.call("supply_phase", side="allied")
    offers = [a for a in pos.session.legal_actions() if a.verb == "secondary"]
    g = game(pos)
    network = supply.army_loc_hexes(g, "allied", "FR5")
    wanted = {h for h in network if h in g.board.within("30.40", 9)}
    assert {str(a["at"]).lstrip("@") for a in offers} == wanted and len(wanted) > 1
    last = offers[-1]                       # not only the first hex: the player chooses
    pos.push(last)
    assert pos.where(sec) == str(last["at"]).lstrip("@")
