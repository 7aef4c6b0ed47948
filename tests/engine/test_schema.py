"""The member layouts: the fast reader agrees with the construct schemas (the spec) on valid and
on damaged bytes, building is symmetric, values keep their types, and the format document
describes every field."""
from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import schema
from engine.container import MANIFEST, module_members, read_module, write_module
from engine.errors import ModuleError
from engine.model import Edge, Face, Location, Module, Placement, PieceType
from engine.sample import sample_module
from engine.schema import MEMBERS, LayoutError, List, Rec, Seq, build_member, parse_member
from tools.bench_module import synthetic_module
from tools.cmd_module import new_module

DOC = Path(__file__).resolve().parents[2] / "docs" / "module-format.md"


def small_synthetic() -> Module:
    return synthetic_module(cols=12, rows=10, piece_types=60, placements=50, tables=3, cards=10)


@pytest.fixture(scope="module")
def member_sets() -> list[dict[str, bytes]]:
    return [module_members(m) for m in (sample_module(), new_module("tiny"), small_synthetic())]


def test_fast_and_plain_parse_agree_on_valid_members(member_sets: list[dict[str, bytes]]) -> None:
    checked = 0
    for members in member_sets:
        for name, data in members.items():
            if name.startswith("art/"):
                continue
            fast = parse_member(name, data, fast=True)
            plain = parse_member(name, data, fast=False)
            assert fast == plain, name
            checked += 1
    assert checked == 3 * (len(MEMBERS) + 1)


def test_building_is_symmetric(member_sets: list[dict[str, bytes]]) -> None:
    for members in member_sets:
        for name, data in members.items():
            if name.startswith("art/"):
                continue
            raw = parse_member(name, data)
            assert build_member(name, raw) == data
            assert build_member(name, raw, "compiled") == data
            assert build_member(name, raw, "plain") == data


def _damage(data: bytes, rnd: random.Random) -> bytes:
    b = bytearray(data)
    kind = rnd.randrange(5)
    if kind == 0 and b:
        for _ in range(rnd.choice((1, 2, 8))):
            i = rnd.randrange(len(b) * 8)
            b[i // 8] ^= 1 << (i % 8)
    elif kind == 1:
        del b[rnd.randrange(len(b) + 1):]
    elif kind == 2:
        b += rnd.randbytes(rnd.randrange(1, 9))
    elif kind == 3 and len(b) >= 4:
        pos = rnd.randrange(len(b) - 3)
        b[pos:pos + 4] = rnd.choice((b"\xff\xff\xff\xff", b"\x00\x00\x01\x00", b"\x07\x00\x00\x00"))
    else:
        pos = rnd.randrange(len(b) + 1)
        b[pos:pos + 8] = rnd.randbytes(8)
    return bytes(b)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(sorted(MEMBERS) + [MANIFEST]))
def test_fast_and_plain_parse_agree_on_damaged_members(seed: int, which: str) -> None:
    rnd = random.Random(seed)
    members = module_members(sample_module()) if seed % 2 else module_members(new_module("t"))
    data = _damage(members[which], rnd)
    results = []
    for fast in (True, False):
        try:
            results.append(("ok", repr(parse_member(which, data, fast))))  # repr: nan == nan
        except LayoutError as exc:
            assert exc.message
            results.append(("error", None))
    assert results[0] == results[1]


def test_fast_constructors_build_the_same_records() -> None:
    loc_args = ("0101", "hex", "map", "", 1.5, 2.5, "clear", "g", 0, 0, "", "public", {"vp": 1})
    assert schema._new_location(*loc_args) == Location(*loc_args)
    assert schema._new_location(*loc_args).__dict__ == Location(*loc_args).__dict__
    edge = schema._new_edge("a", "b", "hexside", {"river": "minor"})
    assert edge == Edge("a", "b", "hexside", {"river": "minor"}) and edge.kind == "hexside"
    with pytest.raises(dataclasses.FrozenInstanceError):
        edge.a = "c"  # type: ignore[misc]
    face = schema._new_face("full", {"cf": 3})
    assert face == Face("full", {"cf": 3})
    pt_args = ("x", "X", "unit", "s", "n", "inf", "div", "sym", (face,), 2, "", {})
    assert schema._new_piece_type(*pt_args) == PieceType(*pt_args)
    assert schema._new_placement("x", "0101", 1, 0, 0, {}) == Placement("x", "0101")


def test_values_keep_their_types_through_the_file() -> None:
    m = new_module("typed")
    attrs = {"b": True, "i": 1, "f": 1.0, "s": "1", "neg": -(2**63), "big": 2**63 - 1,
             "tiny": 5e-324, "negzero": -0.0, "text": "ünïcødé ✓ \n\t,\"'"}
    loc = dataclasses.replace(m.locations["0101"], attrs=attrs)
    m.locations["0101"] = loc
    back = read_module(write_module(m)).locations["0101"].attrs
    assert back == attrs
    assert {k: type(v) for k, v in back.items()} == {k: type(v) for k, v in attrs.items()}
    assert list(back) == sorted(attrs)  # canonical order: keys sorted
    assert str(back["negzero"]) == "-0.0"


def test_writer_refuses_values_the_format_cannot_hold() -> None:
    m = new_module("bad")
    for bad, words in (({"x": 2**63}, "64 bits"), ({"x": float("nan")}, "finite"),
                       ({"x": None}, "int, float, str or bool"), ({1: 2}, "not text")):
        m.locations["0101"] = dataclasses.replace(m.locations["0101"], attrs=bad)
        with pytest.raises(ModuleError) as err:
            write_module(m)
        assert err.value.file == "map.bin" and "location #0 (0101)" in err.value.record
        assert words in str(err.value)


def test_layout_errors_name_the_field() -> None:
    members = module_members(new_module("t"))
    data = bytearray(members["map.bin"])
    data[0:4] = b"\xff\xff\xff\xff"  # the attrsets count
    with pytest.raises(LayoutError) as err:
        parse_member("map.bin", bytes(data))
    assert err.value.path[0] == "attrsets" and "count 4294967295" in err.value.message
    with pytest.raises(LayoutError, match="trailing garbage"):
        parse_member("dice.bin", members["dice.bin"] + b"\x00")
    with pytest.raises(LayoutError) as err:
        parse_member("dice.bin", members["dice.bin"][:-3])
    assert err.value.where.startswith("dice #0 faces")


def _fields(node: object, out: set[str]) -> None:
    if isinstance(node, (Rec, Seq)):
        for name, child in node.fields:
            out.add(name)
            _fields(child, out)
    elif isinstance(node, List):
        _fields(node.elem, out)


def _sections(text: str) -> dict[str, str]:
    parts = re.split(r"(?m)^#{2,3} ", text)
    return {p.splitlines()[0]: p for p in parts if p.strip()}


def test_the_format_document_describes_every_member_and_field() -> None:
    sections = _sections(DOC.read_text(encoding="utf-8"))
    common = next(body for head, body in sections.items() if "Common encodings" in head)
    for member in [schema.MANIFEST] + list(MEMBERS.values()):
        own = [body for head, body in sections.items() if f"`{member.name}`" in head]
        assert len(own) == 1, member.name
        names: set[str] = set()
        for name, node in member.fields:
            names.add(name)
            _fields(node, names)
        missing = sorted(n for n in names if not re.search(rf"(?<![\w.]){n}(?!\w)",
                                                          own[0] + common))
        assert not missing, f"{member.name}: {missing}"
    for rec in (schema.SIDE, schema.NATIONALITY, schema.BOARD, schema.GRID, schema.LOCATION,
                schema.EDGE, schema.PIECE_TYPE, schema.FACE, schema.PLACEMENT):
        assert f"{rec.size} bytes" in DOC.read_text(encoding="utf-8"), rec.name
    text = DOC.read_text(encoding="utf-8")
    for limit in ("max_file", "max_members", "max_member", "max_total", "max_ratio"):
        assert f"`{limit}`" in text
