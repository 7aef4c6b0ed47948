"""Random legal play of every scenario (the fuzzer): no exception, dead end, broken invariant,
replay or undo mismatch (CI-sized; `make fuzz` plays whole games)."""
from __future__ import annotations

import pytest

from engine.fuzz import fuzz

from .positions import S1, S2, S3, module


@pytest.mark.parametrize("scenario,games,actions,options", [
    (S1, 2, 300, None),
    (S2, 1, 2500, None),                                  # one whole short campaign
    (S3, 2, 300, None),
    (S1, 1, 300, {"hidden_forces": "on", "bef_in_54": "2"}),
    (S3, 1, 300, {"allied_4": "on", "german_5": "on"}),
])
def test_gi_fuzz_random_play(scenario, games, actions, options):
    report = fuzz(module(), games=games, seed=11, scenario=scenario, max_actions=actions,
                  options=options)
    assert report.failed == [], report.failed[0].failure
