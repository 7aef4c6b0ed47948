"""The .wtm container: round trips, deterministic bytes, and every refusal of the hardened reader,
each a ModuleError naming the member file and the record."""
from __future__ import annotations

import dataclasses
import os
import struct
import tracemalloc
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.container import (LIMITS, MANIFEST, PNG_SIGNATURE, TABLE_LIMITS, Limits,
                              load_module, module_members, module_problems, pack_members,
                              read_module, save_module, write_module)
from engine.errors import ModuleError, WartableError
from engine.model import (Axis, Board, Dice, Edge, Face, Grid, Location, Module, Nationality,
                          Placement, PieceType, Provenance, Scenario, ScenarioOption, Side, Table)
from engine.sample import sample_module
from engine.schema import FORMAT_MAJOR, build_member, parse_member
from tools.bench_module import synthetic_module
from tools.cmd_module import new_module
from tools.fuzz_long import _patch_sizes, _zip_raw, repack


def members_of(m: Module | None = None) -> dict[str, bytes]:
    return module_members(m or new_module("base"))


def refused(data: bytes, limits: Limits = LIMITS) -> ModuleError:
    with pytest.raises(ModuleError) as err:
        read_module(data, "test.wtm", limits)
    assert "\n" not in str(err.value)
    return err.value


# -- round trips and determinism -------------------------------------------------------------

@pytest.mark.parametrize("make", [sample_module, lambda: new_module("tiny"),
                                  lambda: synthetic_module(cols=20, rows=20, piece_types=200,
                                                           placements=300, tables=5)])
def test_module_bytes_module_round_trip(make) -> None:
    m = make()
    data = write_module(m)
    back = read_module(data)
    assert back == m
    assert write_module(back) == data  # type-exact: 1, 1.0 and True would encode differently
    assert write_module(make()) == data  # deterministic across fresh but equal modules


def test_largest_size_module_round_trips() -> None:
    m = synthetic_module()
    assert len(m.locations) > 4000 and len(m.edges) > 12000 and len(m.piece_types) >= 1500
    data = write_module(m)
    assert read_module(data) == m
    assert write_module(read_module(data)) == data


def test_bytes_do_not_depend_on_attribute_order_or_time() -> None:
    a = new_module("order")
    b = new_module("order")
    loc = b.locations["0101"]
    a.locations["0101"] = dataclasses.replace(loc, attrs={"x": 1, "y": "z"})
    b.locations["0101"] = dataclasses.replace(loc, attrs={"y": "z", "x": 1})
    assert write_module(a) == write_module(b)
    import zipfile, io
    with zipfile.ZipFile(io.BytesIO(write_module(a))) as zf:
        names = zf.namelist()
        assert names == sorted(names)
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_art_round_trips_and_must_be_png(tmp_path: Path) -> None:
    m = new_module("arty")
    png = PNG_SIGNATURE + bytes(range(200))
    m.art = {"map.png": png}
    m.boards = (dataclasses.replace(m.boards[0], art="map.png"),)
    back = read_module(write_module(m))
    assert back.art == {"map.png": png} and back.boards[0].art == "map.png"
    m.art = {"map.png": b"GIF89a"}
    with pytest.raises(ModuleError, match="art/map.png: not a PNG"):
        write_module(m)
    members = members_of()
    members["art/x.png"] = b"not a png"
    assert "not a PNG" in str(refused(repack(members)))


def test_save_and_load_file(tmp_path: Path) -> None:
    m = sample_module()
    path = tmp_path / "skirmish.wtm"
    save_module(m, path)
    assert load_module(path) == m
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
label = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)  # no controls
value = st.one_of(st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False,
                                                               allow_infinity=False),
                  text, st.booleans())
attrs = st.dictionaries(text, value, max_size=4)
ident = st.text("abcdefgh0123_-", min_size=1, max_size=6)
EXTENT = TABLE_LIMITS.max_extent


@st.composite
def modules(draw: st.DrawFn) -> Module:
    sides = (Side("a", draw(text)), Side("b", draw(text), draw(text)))
    loc_ids = draw(st.lists(ident, min_size=1, max_size=12, unique=True))
    locations = {i: Location(i, draw(st.sampled_from(["hex", "space", "box", "deck"])), "m",
                             draw(text), draw(st.floats(-EXTENT, EXTENT)),
                             draw(st.floats(-EXTENT, EXTENT)),
                             draw(text), "", draw(st.integers(-99, 99)),
                             draw(st.integers(-99, 99)), draw(st.sampled_from(["", "a"])),
                             draw(st.sampled_from(["public", "owner", "nobody"])), draw(attrs))
                 for i in loc_ids}
    edges = tuple(Edge(draw(st.sampled_from(loc_ids)), draw(st.sampled_from(loc_ids)),
                       draw(st.sampled_from(["connection", "hexside"])), draw(attrs))
                  for _ in range(draw(st.integers(0, 8))))
    piece_ids = draw(st.lists(ident, max_size=6, unique=True))
    pieces = {p: PieceType(p, draw(text), draw(st.sampled_from(["unit", "marker", "card"])),
                           draw(st.sampled_from(["", "a", "b"])), "", draw(text), draw(text),
                           draw(text), tuple(Face(draw(text), draw(attrs)) for _ in
                                             range(draw(st.integers(1, 3)))),
                           draw(st.integers(0, 9)), draw(text), draw(attrs)) for p in piece_ids}
    nr, nc = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    tables = {t: Table(t, draw(text), Axis(draw(text), tuple(draw(value) for _ in range(nr))),
                       Axis(draw(text), tuple(draw(value) for _ in range(nc))),
                       tuple(tuple(draw(value) for _ in range(nc)) for _ in range(nr)),
                       draw(text), draw(text))
              for t in draw(st.lists(ident, max_size=2, unique=True))}
    scen = {}
    for sid in draw(st.lists(ident.filter(lambda i: i[0] != "-"), max_size=2, unique=True)):
        pls = tuple(Placement(p, draw(st.sampled_from(loc_ids)), draw(st.integers(0, 5)), 0,
                              draw(st.integers(0, 9)), draw(attrs))
                    for p in draw(st.lists(st.sampled_from(piece_ids), max_size=4))
                    ) if piece_ids else ()
        scen[sid] = Scenario(sid, draw(text), draw(text), draw(text), draw(st.integers(-5, 5)),
                             draw(st.integers(0, 50)), pls, draw(attrs),
                             tuple(draw(st.lists(st.sampled_from(loc_ids), max_size=2))),
                             (ScenarioOption("o", draw(text), ("x", "y"), "y", "b",
                                             draw(st.booleans())),), draw(text), draw(attrs))
    return Module(
        id="gen", title=draw(label), version=draw(label), publisher=draw(label),
        ruleset=draw(label), description=draw(text), sides=sides,
        nationalities=(Nationality("N", draw(text), "a"),),
        boards=(Board("m", draw(text), draw(st.floats(0, 1e5)), 100.0),),
        grids=(Grid("g", "m", "pointy", 10.0, 0.0, 0.0, draw(text), draw(attrs)),),
        locations=locations, edges=edges, piece_types=pieces, tables=tables,
        dice={"d": Dice("d", draw(text), tuple(draw(st.lists(value, min_size=1, max_size=6))))},
        scenarios=scen, rules_index=draw(st.dictionaries(text, text, max_size=3)),
        provenance=tuple(Provenance(draw(text), draw(text)) for _ in range(draw(
            st.integers(0, 2)))))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_random_modules_round_trip(m: Module) -> None:
    data = write_module(m)
    back = read_module(data)
    assert back == m
    for name, member in module_members(m).items():  # the fast writer is the construct schema
        if not name.startswith("art/"):
            assert build_member(name, parse_member(name, member), "plain") == member, name
    assert write_module(back) == data
    assert read_module(data, fast=False) == back


# -- refusals: the container -------------------------------------------------------------------

def test_not_a_zip() -> None:
    for data in (b"", b"hello", PNG_SIGNATURE * 10):
        err = refused(data)
        assert err.file == "test.wtm" and "not a module file" in err.message


def test_member_limits() -> None:
    data = write_module(new_module("x"))
    assert "more than the 100" in refused(data, Limits(max_file=100)).message
    assert "members" in refused(data, Limits(max_members=3)).message
    err = refused(data, Limits(max_member=64))
    assert err.file.endswith(".bin") and "uncompressed" in err.message
    assert "add up to" in refused(data, Limits(max_total=1000)).message


def test_zip_bomb_by_ratio_is_refused_before_inflating() -> None:
    members = members_of()
    members["map.bin"] = bytes(32 << 20)  # 32 MiB of zeros deflate to ~32 KiB
    data = repack(members)
    tracemalloc.start()
    try:
        err = refused(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.file == "map.bin" and "zip bomb" in err.message
    assert peak < 4 << 20


def test_zip_bomb_by_lying_header_is_bounded() -> None:
    import random
    members = members_of()
    members["rules.bin"] = bytes(8 << 20)
    data = repack(members)
    for size in (100, 1 << 20):
        lied = _patch_sizes(data, random.Random(3), size)
        tracemalloc.start()
        try:
            with pytest.raises(ModuleError):
                read_module(lied)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 6 << 20
    huge = _patch_sizes(data, random.Random(3), 0xFFFFFFFF)
    assert "uncompressed" in refused(huge).message or "zip" in refused(huge).message


@pytest.mark.parametrize("name,words", [
    ("../evil.bin", "'..'"), ("/abs.bin", "absolute"), ("C:\\x.bin", "absolute"),
    ("art\\x.png", "absolute"), ("art/../../x.png", "'..'"), ("a\x01b", "control character")])
def test_unsafe_member_names(name: str, words: str) -> None:
    entries = [(n, d, 0o100644) for n, d in sorted(members_of().items())] + [(name, b"x", 0o100644)]
    assert words in refused(_zip_raw(entries)).message


def test_duplicate_symlink_encrypted_and_method() -> None:
    items = sorted(members_of().items())
    dup = _zip_raw([(n, d, 0o100644) for n, d in items] + [("map.bin", b"", 0o100644)])
    err = refused(dup)
    assert err.file == "map.bin" and "twice" in err.message
    link = _zip_raw([(n, d, 0o120777 if n == "dice.bin" else 0o100644) for n, d in items])
    err = refused(link)
    assert err.file == "dice.bin" and "symbolic link" in err.message
    data = bytearray(write_module(new_module("x")))
    cd = data.index(b"PK\x01\x02")
    enc = bytearray(data)
    enc[cd + 8] |= 1  # general purpose flag bit 0: encrypted
    assert "encrypted" in refused(bytes(enc)).message
    meth = bytearray(data)
    struct.pack_into("<H", meth, cd + 10, 12)  # bzip2
    assert "compression method 12" in refused(bytes(meth)).message


def test_unknown_missing_and_unlisted_members() -> None:
    members = members_of()
    extra = dict(members, **{"notes.txt": b"hi"})
    err = refused(repack(extra))
    assert err.file == "notes.txt" and err.message == "unknown member"
    for required in ("map.bin", MANIFEST, "strings.bin"):
        fewer = {k: v for k, v in members.items() if k != required}
        assert refused(repack(fewer)).file == required
    unlisted = dict(members, **{"art/a.png": PNG_SIGNATURE})
    err = refused(repack(unlisted, fix_manifest=False))
    assert err.file == "art/a.png" and "not listed" in err.message
    missing = dict(members)
    del missing["rules.bin"]
    err = refused(repack(missing, fix_manifest=False))
    assert err.file == "rules.bin" and "missing" in err.message


def test_newer_minor_may_add_members_newer_major_is_refused() -> None:
    members = members_of()
    raw = parse_member(MANIFEST, members[MANIFEST])
    newer = dict(members, **{"future.bin": b"\x00" * 10})
    raw["minor"] = 9
    raw["members"] = [(n, len(d), zlib.crc32(d)) for n, d in sorted(newer.items())
                      if n != MANIFEST]
    newer[MANIFEST] = build_member(MANIFEST, raw)
    assert read_module(pack_members(newer)) == read_module(write_module(new_module("base")))
    raw["major"], raw["requires"] = FORMAT_MAJOR + 1, "7.3.0"
    newer[MANIFEST] = build_member(MANIFEST, raw)
    err = refused(pack_members(newer))
    assert err.file == MANIFEST
    assert f"module format {FORMAT_MAJOR + 1}.9" in err.message and "wartable 7.3.0" in \
        err.message and f"format {FORMAT_MAJOR}.x" in err.message


def test_manifest_sizes_and_crcs_must_match() -> None:
    members = members_of()
    raw = parse_member(MANIFEST, members[MANIFEST])
    entries = [(n, s, c ^ 1 if n == "tables.bin" else c) for n, s, c in raw["members"]]
    members[MANIFEST] = build_member(MANIFEST, dict(raw, members=entries))
    err = refused(pack_members(members))
    assert err.file == "tables.bin" and "CRC32" in err.message
    entries = [(n, s + 1 if n == "dice.bin" else s, c) for n, s, c in raw["members"]]
    members[MANIFEST] = build_member(MANIFEST, dict(raw, members=entries))
    err = refused(pack_members(members))
    assert err.file == "dice.bin" and "size" in err.message


def test_bad_magic_and_damaged_zip_data() -> None:
    members = members_of()
    members[MANIFEST] = b"WTMX" + members[MANIFEST][4:]
    assert "bad magic" in refused(pack_members(members)).message
    data = bytearray(write_module(new_module("x")))
    start = data.index(b"map.bin", 30) + len(b"map.bin")  # first local header's data
    data[start + 5] ^= 0xFF
    assert refused(bytes(data)).file in ("map.bin", "test.wtm")


# -- refusals: the records ---------------------------------------------------------------------

def with_member(name: str, data: bytes, members: dict[str, bytes] | None = None) -> bytes:
    members = dict(members or members_of())
    members[name] = data
    return repack(members)


def test_truncated_and_trailing_record_files() -> None:
    members = members_of()
    err = refused(with_member("map.bin", members["map.bin"][:-7]))
    assert err.file == "map.bin" and ("truncated" in err.message or "needs" in err.message)
    err = refused(with_member("pieces.bin", members["pieces.bin"] + b"\x01\x02"))
    assert err.file == "pieces.bin" and "2 bytes of trailing garbage" in err.message


def test_counts_larger_than_the_bytes_left_are_refused_before_allocating() -> None:
    members = members_of()
    raw = parse_member("map.bin", members["map.bin"])
    good = build_member("map.bin", raw)
    # the locations count is the u32 just before the location records
    n = len(raw["locations"])
    pos = good.index(struct.pack("<I", n) + struct.pack("<I", raw["locations"][0][0]))
    bad = good[:pos] + struct.pack("<I", 0xFFFFFFF0) + good[pos + 4:]
    tracemalloc.start()
    try:
        err = refused(with_member("map.bin", bad))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.file == "map.bin" and err.record == "locations"
    assert "count 4294967280 needs at least" in err.message
    assert peak < 8 << 20


def edit_raw(name: str, change, module: Module | None = None) -> bytes:
    members = members_of(module)
    raw = parse_member(name, members[name])
    change(raw)
    return with_member(name, build_member(name, raw), members)


def test_string_index_out_of_range_names_the_record() -> None:
    def change(raw):
        loc = list(raw["locations"][5])
        loc[6] = 999_999  # terrain
        raw["locations"][5] = tuple(loc)
    err = refused(edit_raw("map.bin", change))
    assert (err.file, err.record) == ("map.bin", "location #5 (0201)")
    assert err.message.startswith("terrain: string index 999999 out of range")

    def option_choice(raw):
        sc = list(raw["scenarios"][0])
        oid, text, choices, default, side, secret = sc[10][0]
        sc[10] = [(oid, text, [choices[0], 123_456], default, side, secret)]
        raw["scenarios"][0] = tuple(sc)
    err = refused(edit_raw("scenarios.bin", option_choice, sample_module_with_option()))
    assert (err.file, err.record) == ("scenarios.bin", "scenario #0 (intro)")
    assert err.message.startswith("options #0 choices #1: string index 123456 out of range")

    def table_cell(raw):
        t = list(raw["tables"][0])
        t[8] = t[8][:-1] + [(2, 7_777_777)]
        raw["tables"][0] = tuple(t)
    err = refused(edit_raw("tables.bin", table_cell))
    assert (err.file, err.record) == ("tables.bin", "table #0 (crt)")
    assert err.message.startswith("cells #17: string index 7777777")


def sample_module_with_option() -> Module:
    m = new_module("opt")
    m.scenarios["intro"] = dataclasses.replace(
        m.scenarios["intro"], options=(ScenarioOption("fog", "Fog of war"),))
    return m


def test_decoding_refusals_name_member_and_record() -> None:
    def nan_x(raw):
        loc = list(raw["locations"][2])
        loc[4] = float("nan")
        raw["locations"][2] = tuple(loc)
    assert "location #2" in str(refused(edit_raw("map.bin", nan_x)))

    def bad_bool(raw):
        raw["attrsets"].append([(0, (3, 7))])
    err = refused(edit_raw("map.bin", bad_bool))
    assert err.record.startswith("attrset #") and "bool" in err.message

    def dup_loc(raw):
        raw["locations"][1] = raw["locations"][0]
    err = refused(edit_raw("map.bin", dup_loc))
    assert err.record.startswith("location #1") and "twice" in err.message

    def dup_string(raw):
        raw["lengths"].append(raw["lengths"][0])
        raw["data"] += raw["data"][:raw["lengths"][0]]
    err = refused(edit_raw("strings.bin", dup_string))
    assert err.file == "strings.bin" and "stored twice" in err.message

    def bad_utf8(raw):
        raw["lengths"].append(2)
        raw["data"] += b"\xc3\x28"
    assert "invalid UTF-8" in refused(edit_raw("strings.bin", bad_utf8)).message

    def face_count(raw):
        p = list(raw["piece_types"][0])
        p[11] += 1
        raw["piece_types"][0] = tuple(p)
    assert "faces" in refused(edit_raw("pieces.bin", face_count)).message

    def cells(raw):
        t = list(raw["tables"][0])
        t[8] = t[8][:-1]
        raw["tables"][0] = tuple(t)
    err = refused(edit_raw("tables.bin", cells))
    assert err.record == "table #0 (crt)" and "cells" in err.message


def test_references_that_do_not_resolve() -> None:
    base = new_module("refs")
    strings = parse_member("strings.bin", members_of(base)["strings.bin"])

    def edge_to(raw):  # point edge #1's far end at the string "map" (a board, not a location)
        text = strings["data"].decode()
        offsets, pos = {}, 0
        for i, n in enumerate(strings["lengths"]):
            offsets[text[pos:pos + n]] = i
            pos += n
        e = list(raw["edges"][1])
        e[1] = offsets["map"]
        raw["edges"][1] = tuple(e)
    err = refused(edit_raw("map.bin", edge_to, base))
    assert str(err) == "map.bin: edge #1 (0303|map): location 'map' does not exist"

    def placement_of(raw):
        sc = list(raw["scenarios"][0])
        pls = list(sc[11])
        pls[0] = (pls[0][1],) + tuple(pls[0][1:])  # piece type := the location's string
        sc[11] = pls
        raw["scenarios"][0] = tuple(sc)
    err = refused(edit_raw("scenarios.bin", placement_of, base))
    assert err.file == "scenarios.bin" and err.record == "scenario #0 (intro) placement #0"
    assert "piece type '0102' does not exist" in err.message


def test_writer_and_checks_refuse_broken_references() -> None:
    m = new_module("broken")
    m.edges = m.edges + (Edge("0101", "nowhere"),)
    with pytest.raises(ModuleError) as err:
        write_module(m)
    assert str(err.value) == "map.bin: edge #2 (0101|nowhere): location 'nowhere' does not exist"
    m = new_module("broken")
    m.piece_types["blue_inf"] = dataclasses.replace(m.piece_types["blue_inf"], faces=())
    m.locations["0101"] = dataclasses.replace(m.locations["0101"], kind="planet")
    m.scenarios["intro"] = dataclasses.replace(m.scenarios["intro"], shuffle=("void",))
    found = [str(p) for p in module_problems(m)]
    assert any("kind 'planet'" in p for p in found)
    assert any("at least one face" in p for p in found)
    assert any("shuffle: location 'void'" in p for p in found)
    assert any("face 0 is out of range" in p for p in found)


def test_load_module_refuses_non_files(tmp_path: Path) -> None:
    with pytest.raises(ModuleError, match="not a regular file"):
        load_module(tmp_path)
    with pytest.raises(ModuleError, match="cannot open"):
        load_module(tmp_path / "missing.wtm")
    fifo = tmp_path / "pipe.wtm"
    os.mkfifo(fifo)
    with pytest.raises(ModuleError, match="not a regular file"):  # would block if opened
        load_module(fifo)
    big = tmp_path / "big.wtm"
    big.write_bytes(b"\0" * 2000)
    with pytest.raises(ModuleError, match="more than the 1000"):
        load_module(big, Limits(max_file=1000))


def test_every_error_is_a_wartable_error() -> None:
    assert issubclass(ModuleError, WartableError)
    err = ModuleError("map.bin", "location #41", "bad")
    assert str(err) == "map.bin: location #41: bad"
