"""The one random source: seeded, reproducible, uniform (chi-square), custom dice."""
from __future__ import annotations

import pytest

from engine import dice, rng
from engine.commands import CommandError, Roll, apply_all
from engine.sample import sample_module
from engine.state import GameState

# chi-square critical values at p = 0.001 (so a correct generator fails about once in 1000 runs
# per test; the seeds below are fixed, so the outcome is deterministic)
CHI2_999 = {5: 20.515, 9: 27.877, 2: 13.816}


def chi_square(counts: list[int], expected: list[float]) -> float:
    return sum((c - e) ** 2 / e for c, e in zip(counts, expected))


@pytest.mark.parametrize("seed", [0, 1, 12345, "paths of glory"])
def test_d6_is_uniform(seed):
    spec = dice.parse("1d6")
    state = rng.seed_state(seed)
    counts = [0] * 6
    n = 60000
    for _ in range(n):
        state, (face,) = spec.roll(state)
        counts[face - 1] += 1
    assert chi_square(counts, [n / 6] * 6) < CHI2_999[5]


def test_2d6_sum_distribution():
    spec = dice.parse("2d6")
    state = rng.seed_state(99)
    counts = [0] * 11
    n = 36000
    for _ in range(n):
        state, faces = spec.roll(state)
        counts[sum(faces) - 2] += 1
    expected = [n * (6 - abs(7 - s)) / 36 for s in range(2, 13)]
    assert chi_square(counts, expected) < 29.588  # 10 dof, p=0.001


def test_d10_is_uniform():
    spec = dice.parse("d10")
    state = rng.seed_state(5)
    counts = [0] * 10
    for _ in range(50000):
        state, (face,) = spec.roll(state)
        counts[face - 1] += 1
    assert chi_square(counts, [5000] * 10) < CHI2_999[9]


def test_custom_die_face_frequencies():
    # France 1944's combat die has faces 1,1,1,2,2,3: P(1)=1/2, P(2)=1/3, P(3)=1/6
    spec = dice.parse("3combat", {"combat": (1, 1, 1, 2, 2, 3)})
    state = rng.seed_state(8)
    counts = {1: 0, 2: 0, 3: 0}
    n = 20000
    for _ in range(n):
        state, faces = spec.roll(state)
        assert len(faces) == 3
        for f in faces:
            counts[f] += 1
    total = 3 * n
    assert chi_square([counts[1], counts[2], counts[3]], [total / 2, total / 3, total / 6]) < CHI2_999[2]


def test_shuffle_permutations_are_uniform():
    state = rng.seed_state(3)
    counts: dict[tuple, int] = {}
    n = 24000
    for _ in range(n):
        state, perm = rng.permutation(state, 4)
        counts[tuple(perm)] = counts.get(tuple(perm), 0) + 1
    assert len(counts) == 24
    assert chi_square(list(counts.values()), [n / 24] * 24) < 49.728  # 23 dof, p=0.001


def test_same_seed_same_draws_and_pinned_values():
    a, b = rng.seed_state(42), rng.seed_state(42)
    assert [rng.next_u64(a)[1]] == [rng.next_u64(b)[1]]
    # SplitMix64 reference output for seed 0 (first value), so the generator can never drift
    assert rng.next_u64(0)[1] == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("bad", ["", "d", "0d6", "101d6", "d1", "2d6+1", "xyz", "1d100000"])
def test_bad_specs(bad):
    with pytest.raises(ValueError):
        dice.parse(bad)


def test_roll_command_records_and_checks_result():
    module = sample_module()
    state = GameState(module, 1)
    roll = Roll("2combat", "test")
    apply_all(state, [roll])
    assert len(roll.result) == 2 and set(roll.result) <= {1, 2, 3}
    assert state.get("last_roll") == {"spec": "2combat", "faces": roll.result, "for": "test"}
    # replaying from the same state with a forged result is refused
    forged = Roll("2combat", "test", [9, 9])
    fresh = GameState(module, 1)
    with pytest.raises(CommandError, match="does not reproduce"):
        apply_all(fresh, [forged])
