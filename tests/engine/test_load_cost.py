"""What makes loading a save cheaper must not change what it accepts or what it hashes: the
canonical encoder built once writes what ``json.dumps`` writes, the byte-level test for long
integers finds every integer beyond 64 bits, and the collector paused while loading is restored,
whether the load succeeds or fails."""
from __future__ import annotations

import gc
import json

import pytest
from hypothesis import given, settings, strategies as st

from engine import canon, persist
from engine.errors import SaveError
from engine.sample import sample_module
from tools.hostile import base_record, save_text

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(plain)
def test_canonical_encoding_is_json_dumps_sorted_compact_ascii(value) -> None:
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                          allow_nan=False).encode("ascii")
    assert canon.encode(value) == expected


def test_canonical_encoding_refuses_what_json_dumps_refuses() -> None:
    with pytest.raises(ValueError):
        canon.encode([float("nan")])
    with pytest.raises(TypeError):
        canon.encode({"a": object()})


@pytest.mark.parametrize("number", ["9223372036854775808", "-9223372036854775809",
                                    "123456789012345678901234567890"])
def test_an_integer_beyond_64_bits_anywhere_in_a_save_is_refused(number) -> None:
    record = base_record()
    record["options"] = {"note": "x"}
    record["extra"] = [0, {"deep": ["n", 7]}]
    data = save_text(record, [('"deep": ["n", 7]', f'"deep": ["n", {number}]')])
    with pytest.raises(SaveError, match="64 bits"):
        persist.load_bytes(data, sample_module())


def test_the_largest_64_bit_integers_and_long_digit_texts_are_accepted() -> None:
    record = base_record()
    record["extra"] = [9223372036854775807, -9223372036854775808, "1234567890123456789012345"]
    session = persist.load_bytes(save_text(record), sample_module())
    assert len(session.record.entries) == len(record["actions"])


@pytest.mark.parametrize("enabled", [True, False])
def test_loading_restores_the_collector_as_it_was(enabled) -> None:
    good = save_text(base_record())
    bad = good[:-20]   # the checksum no longer matches
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        persist.load_bytes(good, sample_module())
        assert gc.isenabled() is enabled
        with pytest.raises(SaveError):
            persist.load_bytes(bad, sample_module())
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
