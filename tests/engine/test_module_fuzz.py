"""Fuzzing the module loader (DESIGN quality bar): any bytes end in a ModuleError with a one-line
message or a valid Module — never another exception, a hang or unbounded memory.

About 3000 cases in all: every mutator of ``tools.fuzz_long`` (truncation, bit flips, random
runs, random files, path traversal, duplicates, symlinks, zip bombs, unknown and missing members,
manifest edits, and damaged record files inside a consistent container) plus hypothesis-shrunk
truncations, bit flips, random bytes, random members and huge counts. ``python -m
tools.fuzz_long`` runs the long campaign.
"""
from __future__ import annotations

import struct
import time

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.container import pack_members, write_module
from engine.schema import MEMBERS
from tools.cmd_module import new_module
from tools.fuzz_long import MUTATORS, base_modules, check, mutate, repack

def fuzz(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.data_too_large])
BASE = write_module(new_module("fuzz"))
RECORD_MEMBERS = sorted(MEMBERS)


def assert_kept_promise(data: bytes) -> None:
    t0 = time.perf_counter()
    why = check(data)
    took = time.perf_counter() - t0
    assert why is None, why
    assert took < 5.0, f"took {took:.1f} s"


def test_the_mutators_cover_the_attacks_the_format_promises_to_refuse() -> None:
    assert {"truncate", "bitflip", "random_file", "traversal", "duplicate", "symlink", "bomb",
            "huge_count", "member_truncate", "member_extend", "member_bitflip",
            "random_member", "unknown_member", "missing_member", "manifest"} <= set(MUTATORS)


@fuzz(1500)
@given(kind=st.sampled_from(sorted(MUTATORS)), seed=st.integers(0, 2**64 - 1))
def test_mutated_modules(kind: str, seed: int) -> None:
    import random
    assert_kept_promise(mutate(kind, random.Random(seed)))


@fuzz(250)
@given(cut=st.integers(0, len(BASE) - 1))
def test_truncations(cut: int) -> None:
    assert_kept_promise(BASE[:cut])


@fuzz(300)
@given(bits=st.lists(st.integers(0, len(BASE) * 8 - 1), min_size=1, max_size=8))
def test_bit_flips(bits: list[int]) -> None:
    data = bytearray(BASE)
    for bit in bits:
        data[bit // 8] ^= 1 << (bit % 8)
    assert_kept_promise(bytes(data))


@fuzz(300)
@given(st.binary(max_size=4096))
def test_random_bytes(data: bytes) -> None:
    assert_kept_promise(data)
    assert_kept_promise(b"PK\x03\x04" + data)


@fuzz(300)
@given(name=st.sampled_from(RECORD_MEMBERS), body=st.binary(max_size=600))
def test_random_record_files_in_a_consistent_container(name: str, body: bytes) -> None:
    members = dict(base_modules()[1])
    members[name] = body
    assert_kept_promise(repack(members))


@fuzz(300)
@given(name=st.sampled_from(RECORD_MEMBERS), where=st.integers(0, 10_000),
       count=st.sampled_from([0xFFFFFFFF, 0x80000000, 1 << 28, 1 << 20, 65535, 256, 2]))
def test_huge_counts_in_record_headers(name: str, where: int, count: int) -> None:
    members = dict(base_modules()[0])
    data = bytearray(members[name])
    pos = where % max(1, len(data) - 3)
    data[pos:pos + 4] = struct.pack("<I", count)
    members[name] = bytes(data)
    assert_kept_promise(repack(members))


def test_valid_inputs_pass_the_same_check() -> None:
    for members in base_modules():
        assert check(pack_members(members)) is None
