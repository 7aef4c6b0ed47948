"""Long fuzzing runs: ``python -m tools.fuzz_long [--campaign C] [--cases N | --minutes M]
[--seed S]``.

Campaign ``loader`` (the default) is described below. The hostile campaigns of issue 20
(``amplification``, ``numbering``, ``extremes``, ``nesting``, ``surrogates``, ``devices``,
``kills``, ``compressed``, or ``hostile`` for all eight in turn) are :mod:`tools.fuzz_hostile`: random values of each failure
class, checked in-process under an alarm and, for memory and rendering, through the command line
under ``RLIMIT_AS``/``RLIMIT_CPU``. Each prints its counts by outcome.

The ``loader`` campaign:

Every case hands the loader a hostile variant of a valid module and checks the promise of
``engine.container.read_module``: the result is a ``ModuleError`` with a one-line message or a
valid ``Module`` (which must then write and re-read to an equal module) — never another exception,
a hang or unbounded memory. The mutations (:data:`MUTATORS`) cover damaged bytes (truncation, bit
flips, random runs), random files, hostile containers (path traversal, duplicates, symlinks,
zip bombs by ratio, by declared size and by a lying header, unknown and missing members, a newer
format version) and damaged record files inside a consistent container (so the record parsers
see them: bit flips, truncation, trailing garbage, huge counts, random members).

Prints a progress line on stderr and ends with ``N passed, N failed``; exit 1 if any failed.
``tests/engine/test_module_fuzz.py`` runs the same mutators for a few thousand cases.
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import struct
import sys
import time
import zipfile
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Callable

from engine.container import (MANIFEST, PNG_SIGNATURE, module_members, pack_members,
                              read_module, write_module)
from engine.errors import ModuleError
from engine.model import Module
from engine.schema import build_member, parse_member

#: A case slower than this counts as a hang.
HANG_SECONDS = 10.0


@lru_cache(maxsize=None)
def base_modules() -> tuple[dict[str, bytes], ...]:
    """The members of the valid modules every mutation starts from."""
    from engine.sample import sample_module
    from tools.cmd_module import new_module
    sample = sample_module()
    with_art = dataclasses.replace(
        new_module("fuzz_art"), art={"map.png": PNG_SIGNATURE + bytes(range(64))},
        boards=(dataclasses.replace(new_module("fuzz_art").boards[0], art="map.png"),))
    return tuple(module_members(m) for m in (sample, new_module("fuzz_base"), with_art))


def repack(members: dict[str, bytes], fix_manifest: bool = True) -> bytes:
    """Zip ``members``; with ``fix_manifest`` the manifest lists them with true sizes and CRCs,
    so a damaged record file reaches its parser."""
    members = dict(members)
    if fix_manifest and MANIFEST in members:
        raw = parse_member(MANIFEST, members[MANIFEST])
        raw["members"] = [(n, len(d), zlib.crc32(d)) for n, d in sorted(members.items())
                          if n != MANIFEST]
        members[MANIFEST] = build_member(MANIFEST, raw)
    return pack_members(members)


def _record_members(members: dict[str, bytes]) -> list[str]:
    return sorted(n for n in members if n.endswith(".bin") and n != MANIFEST)


def _flip(data: bytes, rnd: random.Random, flips: int) -> bytes:
    b = bytearray(data)
    if not b:
        return data
    for _ in range(flips):
        i = rnd.randrange(len(b) * 8)
        b[i // 8] ^= 1 << (i % 8)
    return bytes(b)


def _patch_sizes(data: bytes, rnd: random.Random, value: int) -> bytes:
    """Set the uncompressed size of one member, in its local and central headers, to ``value``."""
    b = bytearray(data)
    central = [i for i in range(len(b) - 4) if b[i:i + 4] == b"PK\x01\x02"]
    if not central:
        return data
    c = rnd.choice(central)
    struct.pack_into("<I", b, c + 24, value)
    local = struct.unpack_from("<I", b, c + 42)[0]
    if b[local:local + 4] == b"PK\x03\x04":
        struct.pack_into("<I", b, local + 22, value)
    return bytes(b)


def _zip_raw(entries: list[tuple[str, bytes, int]]) -> bytes:
    """A zip whose entries may repeat names or carry any external attributes."""
    import io
    import warnings
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names: that is the point
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data, attr in entries:
                info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
                info.external_attr = attr << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, data)
    return buf.getvalue()


def _entries(members: dict[str, bytes]) -> list[tuple[str, bytes, int]]:
    return [(n, d, 0o100644) for n, d in sorted(members.items())]


# -- the mutators: (members of a valid module, rnd) -> bytes to load ---------------------------

def m_truncate(members: dict[str, bytes], rnd: random.Random) -> bytes:
    data = pack_members(members)
    return data[:rnd.randrange(len(data))]


def m_bitflip(members: dict[str, bytes], rnd: random.Random) -> bytes:
    return _flip(pack_members(members), rnd, rnd.choice((1, 1, 2, 4, 16)))


def m_random_run(members: dict[str, bytes], rnd: random.Random) -> bytes:
    data = bytearray(pack_members(members))
    start = rnd.randrange(len(data))
    n = rnd.randrange(1, 64)
    data[start:start + n] = rnd.randbytes(n)
    return bytes(data)


def m_random_file(members: dict[str, bytes], rnd: random.Random) -> bytes:
    head = rnd.choice((b"", b"PK\x03\x04", b"PK\x05\x06", b"WTMF"))
    return head + rnd.randbytes(rnd.randrange(0, 2048))


def m_member_bitflip(members: dict[str, bytes], rnd: random.Random) -> bytes:
    name = rnd.choice(_record_members(members) + [MANIFEST])
    out = dict(members)
    out[name] = _flip(members[name], rnd, rnd.choice((1, 1, 2, 8)))
    return repack(out, fix_manifest=name != MANIFEST)


def m_member_truncate(members: dict[str, bytes], rnd: random.Random) -> bytes:
    name = rnd.choice(_record_members(members) + [MANIFEST])
    out = dict(members)
    out[name] = members[name][:rnd.randrange(max(1, len(members[name])))]
    return repack(out, fix_manifest=name != MANIFEST)


def m_member_extend(members: dict[str, bytes], rnd: random.Random) -> bytes:
    name = rnd.choice(_record_members(members))
    out = dict(members)
    out[name] = members[name] + rnd.randbytes(rnd.randrange(1, 16))
    return repack(out)


def m_huge_count(members: dict[str, bytes], rnd: random.Random) -> bytes:
    name = rnd.choice(_record_members(members))
    data = bytearray(members[name])
    pos = 0 if rnd.random() < 0.3 or len(data) < 4 else rnd.randrange(len(data) - 3)
    value = rnd.choice((0xFFFFFFFF, 0x7FFFFFFF, 1 << 24, 1 << 16, 0xFFFF, len(data) + 1))
    data[pos:pos + 4] = struct.pack("<I", value)
    out = dict(members)
    out[name] = bytes(data)
    return repack(out)


def m_random_member(members: dict[str, bytes], rnd: random.Random) -> bytes:
    name = rnd.choice(_record_members(members))
    out = dict(members)
    out[name] = rnd.randbytes(rnd.randrange(0, 512))
    return repack(out)


def m_traversal(members: dict[str, bytes], rnd: random.Random) -> bytes:
    evil = rnd.choice(("../evil.bin", "/etc/passwd", "art/../../x.png", "C:\\x.bin",
                       "art\\x.png", "a/../../b", "./../x", "art/../map.bin", "\x01.bin"))
    entries = _entries(members) + [(evil, b"x", 0o100644)]
    rnd.shuffle(entries)
    return _zip_raw(entries)


def m_duplicate(members: dict[str, bytes], rnd: random.Random) -> bytes:
    name = rnd.choice(sorted(members))
    entries = _entries(members) + [(name, rnd.choice((members[name], b"", b"WTMF")),
                                    0o100644)]
    return _zip_raw(entries)


def m_symlink(members: dict[str, bytes], rnd: random.Random) -> bytes:
    entries = _entries(members)
    i = rnd.randrange(len(entries))
    entries[i] = (entries[i][0], b"/etc/passwd", 0o120777)
    return _zip_raw(entries)


_BOMBS: dict[tuple[int, str, int], bytes] = {}


def _bomb_zip(members: dict[str, bytes], name: str, size: int) -> bytes:
    """``members`` with member ``name`` replaced by ``size`` zero bytes, zipped (cached: deflating
    megabytes for every case would dominate the run)."""
    key = (id(members), name, size)
    if key not in _BOMBS:
        out = dict(members)
        out[name] = bytes(size)
        _BOMBS[key] = repack(out)
    return _BOMBS[key]


def m_bomb(members: dict[str, bytes], rnd: random.Random) -> bytes:
    kind = rnd.randrange(4)
    name = rnd.choice(_record_members(members))
    if kind == 0:  # a member that really inflates 1000:1
        return _bomb_zip(members, name, 16 << 20)
    if kind == 1:  # a header claiming a huge size
        return _patch_sizes(pack_members(members), rnd, rnd.choice((0xFFFFFFFF, 1 << 30,
                                                                    (64 << 20) + 1)))
    if kind == 2:  # a header claiming a small size for a member that inflates to 3 MiB
        return _patch_sizes(_bomb_zip(members, name, 3 << 20), rnd,
                            rnd.choice((100, 4096, 1 << 20)))
    # many members
    entries = _entries(members) + [(f"art/x{i}.png", b"", 0o100644) for i in range(5000)]
    return _zip_raw(entries)


def m_unknown_member(members: dict[str, bytes], rnd: random.Random) -> bytes:
    out = dict(members)
    out[rnd.choice(("extra.bin", "art/readme.txt", "rules.py", "art/sub/x.png", "a"))] = b"x"
    return repack(out, fix_manifest=rnd.random() < 0.7)


def m_missing_member(members: dict[str, bytes], rnd: random.Random) -> bytes:
    out = dict(members)
    del out[rnd.choice(sorted(out))]
    return repack(out, fix_manifest=rnd.random() < 0.7)


def m_manifest(members: dict[str, bytes], rnd: random.Random) -> bytes:
    raw = parse_member(MANIFEST, members[MANIFEST])
    kind = rnd.randrange(6)
    entries = list(raw["members"])
    if kind == 0:
        raw["major"] = rnd.choice((0, 2, 3, 0xFFFF))
    elif kind == 1:
        raw["minor"] = rnd.choice((1, 7, 0xFFFF))
    elif kind == 2 and entries:
        i = rnd.randrange(len(entries))
        n, size, crc = entries[i]
        entries[i] = (n, size + rnd.choice((-1, 1, 1 << 20)) if size else 1, crc)
    elif kind == 3 and entries:
        i = rnd.randrange(len(entries))
        n, size, crc = entries[i]
        entries[i] = (n, size, crc ^ (1 << rnd.randrange(32)))
    elif kind == 4 and entries:
        entries.append(rnd.choice(entries))
    elif entries:
        entries.pop(rnd.randrange(len(entries)))
    raw["members"] = entries
    out = dict(members)
    out[MANIFEST] = build_member(MANIFEST, raw)
    return pack_members(out)


MUTATORS: dict[str, Callable[[dict[str, bytes], random.Random], bytes]] = {
    name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_")}


def mutate(kind: str, rnd: random.Random) -> bytes:
    """One hostile variant of a base module, made by mutator ``kind``."""
    members = rnd.choice(base_modules())
    return MUTATORS[kind](members, rnd)


def check(data: bytes) -> str | None:
    """None if the loader keeps its promise on ``data``, else what went wrong."""
    try:
        module = read_module(data, "fuzz.wtm")
    except ModuleError as exc:
        text = str(exc)
        if not text or "\n" in text:
            return f"ModuleError message is not one line: {text!r}"
        return None
    except Exception as exc:  # the point of the fuzzer: nothing else may escape
        return f"{type(exc).__name__}: {exc}"
    if not isinstance(module, Module):
        return f"loader returned {type(module).__name__}"
    try:
        again = read_module(write_module(module))
    except Exception as exc:
        return f"accepted module does not write and re-read: {type(exc).__name__}: {exc}"
    if again != module:
        return "accepted module re-reads differently"
    return None


def run(cases: int, seed: int = 0, progress: Callable[[int, int, int, float], None] | None
        = None) -> tuple[int, int, list[tuple[int, str, str]]]:
    """Run ``cases`` cases from ``seed``; returns (passed, failed, [(case, mutator, why)])."""
    kinds = sorted(MUTATORS)
    passed = 0
    failures: list[tuple[int, str, str]] = []
    slowest = 0.0
    for i in range(cases):
        rnd = random.Random(seed * 1_000_003 + i)
        kind = kinds[i % len(kinds)]
        data = mutate(kind, rnd)
        t0 = time.perf_counter()
        why = check(data)
        took = time.perf_counter() - t0
        slowest = max(slowest, took)
        if why is None and took > HANG_SECONDS:
            why = f"took {took:.1f} s (a hang)"
        if why is None:
            passed += 1
        else:
            failures.append((i, kind, why))
        if progress and (i + 1 == cases or (i + 1) % 250 == 0):
            progress(i + 1, cases, len(failures), slowest)
    return passed, len(failures), failures


def run_campaign(name: str, cases: int | None, minutes: float | None, seed: int = 0,
                 out: Callable[[str], None] = print) -> tuple[int, int]:
    """Run hostile campaign ``name`` for ``cases`` cases or ``minutes`` minutes; print the
    counts by outcome and every failure; returns (passed, failed)."""
    import shutil
    import tempfile
    from collections import Counter
    from tools.fuzz_hostile import CAMPAIGNS, CLI_STATS, Hang
    campaign = CAMPAIGNS[name]
    CLI_STATS.update(runs=0, rss=0, cpu=0.0)
    counts: Counter[str] = Counter()
    failures: list[tuple[int, str]] = []
    started = time.perf_counter()
    slowest = 0.0
    i = 0
    while (cases is None or i < cases) and (
            minutes is None or time.perf_counter() - started < minutes * 60):
        rnd = random.Random(f"{name}:{seed}:{i}")
        folder = Path(tempfile.mkdtemp(prefix=f"fuzz-{name}-"))
        t0 = time.perf_counter()
        try:
            outcome, why = campaign(rnd, folder)
        except Hang as exc:
            outcome, why = "hang", str(exc)
        except Exception as exc:  # nothing may escape a case: that is the promise tested
            outcome, why = "exception", f"{type(exc).__name__}: {' '.join(str(exc).split())}"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        took = time.perf_counter() - t0
        slowest = max(slowest, took)
        counts[outcome] += 1
        if why is not None:
            failures.append((i, f"{outcome}: {why}"[:500]))
        i += 1
        if i % 50 == 0:
            sys.stderr.write(f"\r{name}: {i} cases, {len(failures)} failed, "
                             f"slowest {slowest:.1f} s")
            sys.stderr.flush()
    sys.stderr.write("\n")
    for case, why in failures[:30]:
        out(f"  {name} case {case} (--seed {seed}): {why}")
    out(f"{name}: {i} cases in {time.perf_counter() - started:.0f} s, {i - len(failures)} "
        f"passed, {len(failures)} failed, slowest case {slowest:.1f} s")
    if CLI_STATS["runs"]:
        out(f"  {CLI_STATS['runs']} command-line runs under the limits: peak "
            f"{CLI_STATS['rss'] / 2**20:.0f} MiB resident, most CPU {CLI_STATS['cpu']:.2f} s")
    for outcome, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        out(f"  {n:6}  {outcome}")
    return i - len(failures), len(failures)


def main(argv: list[str] | None = None) -> int:
    from tools.fuzz_hostile import CAMPAIGNS
    ap = argparse.ArgumentParser(prog="python -m tools.fuzz_long", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--campaign", default="loader",
                    choices=["loader", "hostile", *CAMPAIGNS])
    ap.add_argument("--cases", type=int, default=None,
                    help="cases (loader default 100000; a hostile campaign runs until "
                    "--minutes without it)")
    ap.add_argument("--minutes", type=float, default=None,
                    help="minutes per hostile campaign (default 2 when --cases is not given)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if args.campaign != "loader":
        names = list(CAMPAIGNS) if args.campaign == "hostile" else [args.campaign]
        minutes = args.minutes if args.minutes is not None or args.cases else 2.0
        failed = 0
        for name in names:
            failed += run_campaign(name, args.cases, minutes, args.seed)[1]
        return 1 if failed else 0
    args.cases = 100_000 if args.cases is None else args.cases
    started = time.perf_counter()

    def show(done: int, total: int, failed: int, slowest: float) -> None:
        rate = done / max(time.perf_counter() - started, 1e-9)
        sys.stderr.write(f"\rfuzzing the module loader: {done}/{total} cases, {failed} failed, "
                         f"{rate:.0f}/s, slowest {slowest * 1000:.0f} ms")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    passed, failed, failures = run(args.cases, args.seed, show)
    for case, kind, why in failures[:50]:
        print(f"case {case} ({kind}, --seed {args.seed}): {why}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
