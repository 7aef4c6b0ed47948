"""The game's one random source (DESIGN principle 5).

SplitMix64: a tiny, well-studied 64-bit generator whose whole state is one integer, so it is
trivially saved in the game state, restored by undo and reproduced on every machine. Ranges are
drawn without modulo bias by rejection.
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int | str) -> int:
    """Initial generator state from a user seed (an int, or any string such as a game name)."""
    if isinstance(seed, str):
        import hashlib
        seed = int.from_bytes(hashlib.blake2b(seed.encode(), digest_size=8).digest(), "big")
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: returns ``(new_state, 64 random bits)``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in ``[0, n)``: returns ``(new_state, value)``."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def permutation(state: int, n: int) -> tuple[int, list[int]]:
    """A uniformly random permutation of ``range(n)`` (Fisher–Yates)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        state, j = below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    return state, order
