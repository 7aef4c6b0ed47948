"""Random legal play of every scenario (the fuzzer): no exception, dead end, broken invariant,
replay or undo mismatch (CI-sized; `make fuzz` plays whole games)."""
from __future__ import annotations

import pytest

from engine.fuzz import fuzz, play_on

from .battles import declare
from .positions import S1, S2, S3, control, empty, module, put


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


# -- random play from built positions: the rare procedures under the fuzzer's checks ----------------


def _bombardment():
    pos = empty(turn=6, allied_cap=3, german_cap=3, allied_mandated_battles=0, gi_gr_allied=1,
                gi_gr_german=1)
    control(pos, h87="allied")
    put(pos, "FT-NANCY", "87")
    put(pos, "FT-TOUL", "87")
    put(pos, "FT-NANCY-R", "box-fort-replacements")
    put(pos, "FT-TOUL-R", "box-fort-replacements")
    put(pos, "GE-HA420", "87")
    put(pos, "GE-HA305", "87")
    g = put(pos, "GE-II", "87")
    put(pos, "FR-XX", "87")
    declare(pos, "german", "87", [g])
    pos.push("german: fight hex=@87")
    return pos


def _allenby():
    pos = empty(turn=2, allied_cap=3, german_cap=3, allied_mandated_battles=0)
    control(pos, h45="allied")
    for t in ("BR-1", "BR-2", "BR-C"):
        put(pos, t, "45")
    g = put(pos, "GE-II", "45")
    declare(pos, "german", "45", [g])
    pos.push("german: fight hex=@45")
    return pos


def _elan():
    pos = empty(turn=1, allied_mandated_battles=1, plan17_vp=3, german_cap=3, allied_cap=3)
    control(pos, h96="german")
    put(pos, "GE-II", "96")
    put(pos, "GE-III", "96")
    att = [put(pos, t, "96") for t in ("FR-VIII", "FR-XIII", "FR-XV", "FR-XVI")]
    declare(pos, "allied", "96", att)
    pos.push("allied: fight hex=@96")
    return pos


@pytest.mark.parametrize("build", [_bombardment, _allenby, _elan])
def test_gi_fuzz_from_built_positions(build):
    for seed in range(3):
        pos = build()
        result = play_on(pos.session, seed, max_actions=120, check_replay=False)
        assert not result.failure, result.failure
