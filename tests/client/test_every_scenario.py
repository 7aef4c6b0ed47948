"""Every scenario of every built-in module opens in free play with every set-up piece in its
place, and every unit on a map board is drawn (issues 7-10: "opens each scenario fully placed")."""
from __future__ import annotations

from collections import Counter

import pytest

from client.app import render_shot
from engine.session import Session
from engine.modules import builtin_ids, open_module

CASES = [(mid, sid) for mid in builtin_ids() for sid in open_module(mid).scenarios]


def test_every_builtin_module_has_scenarios():
    assert {mid for mid, _ in CASES} >= {"paths_of_glory", "grand_illusion", "offensive_a_outrance_1914",
                                         "strafexpedition_1916", "france_1944"}
    assert len(CASES) >= 19


@pytest.mark.parametrize("module_id,scenario", CASES)
def test_scenario_opens_with_every_piece_placed_and_drawn(module_id, scenario):
    module = open_module(module_id)
    session = Session.new(module, scenario, seed=1, ruleset="free")
    placed = Counter((p.type, p.loc) for p in session.state.pieces.values())
    expected = Counter()
    for p in module.scenarios[scenario].placements:
        if p.turn == 0:
            expected[(p.piece_type, p.location)] += p.count
    for key, count in expected.items():
        assert placed[key] >= count, f"{key}: {placed[key]} placed, {count} in the set-up"
    surf, table = render_shot(session, (1600, 1000), chrome=False)
    table.camera.fit(table.world.bounds)      # the whole table (PoG opens closer, names readable)
    boards = {b.id for b in module.boards if b.kind == "map"}
    on_map = [pid for pid, p in session.state.pieces.items()
              if module.piece_types[p.type].kind == "unit"
              and module.locations[p.loc].board in boards]
    assert on_map, "no unit on the map"
    drawn = {d.pid for d in table.layer.layout(table.camera)}
    missing = [pid for pid in on_map if pid not in drawn]
    assert not missing, f"{len(missing)} units not drawn, e.g. #{missing[0]}"
