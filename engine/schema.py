"""The binary layout of every record file (``*.bin`` member) of a ``.wtm`` module.

Each layout is declared once, with a few small node types (:class:`Prim`, :class:`Rec`,
:class:`Seq`, :class:`List`, :class:`TaggedValue`, :class:`Blob`, :class:`PStr`,
:class:`Magic`). Every node carries two equivalent implementations of the same bytes:

* ``node.con`` — the `construct` definition. It is the specification (``docs/module-format.md``
  describes exactly these structs) and it *builds* every member, so writing and reading share one
  schema.
* ``node.read(reader)`` — a fast reader over the same bytes. Fixed-size record arrays are read
  with one ``struct.iter_unpack`` call; every count is checked against the bytes left before
  anything is allocated. The loader uses this path: on a module the size of the largest game,
  parsing every member takes ~7 ms here, ~60 ms with the compiled construct schemas and ~350 ms
  with the plain ones (``tools/bench_module.py`` measures all three). The test suite checks that
  the fast reader and the construct schemas agree on valid and on corrupted input.

Parsed values have one *raw* shape whichever path produced them: a member is a ``dict`` of its
fields, a record (``Rec``/``Seq``) is a ``tuple`` in field order, an array is a ``list``, a tagged
value is ``(tag, payload)``. Strings are indexes into ``strings.bin``; attribute maps are indexes
into the member's ``attrsets`` array. The second half of this file turns raw values into model
records and back (:func:`encode_members`, :func:`decode_members`); the zip container around the
members, its limits and the reference checks are :mod:`engine.container`.

Structural errors raise :class:`LayoutError` (a path inside the member and a message); the
container turns them into :class:`engine.errors.ModuleError` naming the member file.
"""
from __future__ import annotations

import math
import struct
from typing import Any, Iterable, Mapping, Sequence

import construct as c

from .errors import ModuleError
from .model import (Axis, Board, Dice, Edge, Face, Grid, Location, Module, Nationality,
                    Placement, PieceType, Provenance, Scenario, ScenarioOption, Side, Table)

#: Format version written by this wartable. Major: incompatible change. Minor: additive change
#: (new optional members only), readable by older readers of the same major version.
FORMAT_MAJOR = 1
FORMAT_MINOR = 1   # 1.1: JPEG art (art/<name>.jpg)
#: The oldest wartable release that reads format ``FORMAT_MAJOR`` (stored in every manifest so that
#: an older wartable can tell the user what to install).
FORMAT_REQUIRES = "0.1.0"

#: Tags of the tagged union used for every typed value (attributes, table cells, die faces).
TAG_INT, TAG_FLOAT, TAG_STR, TAG_BOOL = 0, 1, 2, 3
TAG_NAMES = {TAG_INT: "int", TAG_FLOAT: "float", TAG_STR: "str", TAG_BOOL: "bool"}


class LayoutError(Exception):
    """The bytes of a member do not match its layout. ``path`` locates the failing field."""

    def __init__(self, message: str, path: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = list(path)

    @property
    def where(self) -> str:
        """The path as text, e.g. ``scenarios #2 placements``."""
        return " ".join(self.path)


class Budget:
    """How many values decoding one module may still create, shared by all its members.

    Every member is bounded in bytes by the container, but bytes are not memory: a 2-byte bool
    cell becomes a Python tuple of ~60 bytes, and an attribute set stored once becomes a fresh
    dict for every record that refers to it. So the readers *charge* the budget before they
    allocate — one unit per value, record, attribute or list they will create, and one unit per
    attribute of every attribute set a record copies — and the first charge beyond the limit
    stops decoding with a LayoutError. Memory is then bounded by the limit times a small
    constant, whatever the bytes (``tests/tools/test_hostile.py`` measures it)."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.left = self.limit = limit

    def charge(self, n: int, what: str) -> None:
        """Reserve ``n`` units for ``what``; LayoutError past the limit."""
        self.left -= n
        if self.left < 0:
            raise LayoutError(f"{what}: the module holds more than {self.limit} values in all "
                              "(the decoding limit max_values)")


#: The budget of a reader nobody bounds (the manifest, tests).
def unlimited() -> Budget:
    return Budget(1 << 62)


class Reader:
    """A cursor over a member's bytes, for the fast path. ``budget`` bounds what reading may
    allocate (shared by every member of one module)."""

    __slots__ = ("buf", "pos", "end", "budget")

    def __init__(self, buf: bytes, budget: Budget | None = None) -> None:
        self.buf = buf
        self.pos = 0
        self.end = len(buf)
        self.budget = budget if budget is not None else unlimited()

    @property
    def left(self) -> int:
        return self.end - self.pos

    def take(self, n: int, what: str) -> int:
        """Reserve ``n`` bytes for ``what``; return their offset."""
        pos = self.pos
        if n > self.end - pos:
            raise LayoutError(f"truncated: {what} needs {n} bytes, {self.end - pos} left")
        self.pos = pos + n
        return pos


class Node:
    """A piece of layout: a construct definition plus a fast reader for the same bytes."""

    con: c.Construct
    #: The fewest bytes one encoded value can take (counts are checked against it).
    min_size: int = 1
    #: Budget units one parsed value costs (objects it creates; lists charge their elements).
    units: int = 1

    def read(self, r: Reader) -> Any:
        raise NotImplementedError

    def write(self, value: Any, out: bytearray) -> None:
        """Fast path: append the bytes of a raw ``value`` (the same bytes ``con.build``
        makes; the test suite compares them)."""
        raise NotImplementedError

    def from_con(self, obj: Any) -> Any:
        """Convert what ``con.parse`` returns into the raw shape ``read`` returns."""
        return obj

    def to_con(self, value: Any) -> Any:
        """Convert a raw value into what ``con.build`` expects."""
        return value


class Prim(Node):
    """A fixed-size number (one ``struct`` format character)."""

    def __init__(self, con: c.Construct, fmt: str, label: str) -> None:
        self.con, self.fmt, self.label = con, fmt, label
        self._s = struct.Struct("<" + fmt)
        self.min_size = self.size = self._s.size

    def read(self, r: Reader) -> Any:
        pos = r.take(self.size, self.label)
        return self._s.unpack_from(r.buf, pos)[0]

    def write(self, value: Any, out: bytearray) -> None:
        out += self._s.pack(value)


U8 = Prim(c.Int8ul, "B", "u8")
U16 = Prim(c.Int16ul, "H", "u16")
U32 = Prim(c.Int32ul, "I", "u32")
I32 = Prim(c.Int32sl, "i", "i32")
I64 = Prim(c.Int64sl, "q", "i64")
F64 = Prim(c.Float64l, "d", "f64")
#: A string: an index into the string table (``strings.bin``).
STR = Prim(c.Int32ul, "I", "string index")
#: An attribute map: an index into the member's ``attrsets`` array.
ATTRS = Prim(c.Int32ul, "I", "attrset index")


class Rec(Node):
    """A fixed-size record of numbers; parsed to a tuple in field order."""

    def __init__(self, name: str, fields: Sequence[tuple[str, Prim]]) -> None:
        self.name = name
        self.fields = tuple(fields)
        self.names = tuple(f for f, _ in self.fields)
        self.con = c.Struct(*(f / p.con for f, p in self.fields))
        self.st = struct.Struct("<" + "".join(p.fmt for _, p in self.fields))
        self.min_size = self.size = self.st.size
        self.units = 1 + len(self.fields)

    def read(self, r: Reader) -> tuple:
        pos = r.take(self.size, self.name)
        return self.st.unpack_from(r.buf, pos)

    def write(self, value: Sequence, out: bytearray) -> None:
        out += self.st.pack(*value)

    def from_con(self, obj: Any) -> tuple:
        return tuple(obj[f] for f in self.names)

    def to_con(self, value: Sequence) -> dict:
        return dict(zip(self.names, value))


class Seq(Node):
    """A variable-size record; parsed to a tuple in field order."""

    def __init__(self, name: str, fields: Sequence[tuple[str, Node]]) -> None:
        self.name = name
        self.fields = tuple(fields)
        self.con = c.Struct(*(f / n.con for f, n in self.fields))
        self.min_size = sum(n.min_size for _, n in self.fields)
        self.units = 1 + sum(n.units for _, n in self.fields)

    def read(self, r: Reader) -> tuple:
        out = []
        for fname, node in self.fields:
            try:
                out.append(node.read(r))
            except LayoutError as exc:
                exc.path.insert(0, fname)
                raise
        return tuple(out)

    def write(self, value: Sequence, out: bytearray) -> None:
        for (_, node), v in zip(self.fields, value, strict=True):
            node.write(v, out)

    def from_con(self, obj: Any) -> tuple:
        return tuple(n.from_con(obj[f]) for f, n in self.fields)

    def to_con(self, value: Sequence) -> dict:
        return {f: n.to_con(v) for (f, n), v in zip(self.fields, value)}


class List(Node):
    """A count (u16 or u32) followed by that many elements; parsed to a list."""

    def __init__(self, count: Prim, elem: Node) -> None:
        self.count, self.elem = count, elem
        self.con = c.PrefixedArray(count.con, elem.con)
        self.min_size = count.size
        if isinstance(elem, Rec):
            self._iter = elem.st.iter_unpack
        elif isinstance(elem, Prim):
            self._fmt = "<%d" + elem.fmt

    def read(self, r: Reader) -> list:
        n = self.count.read(r)
        elem = self.elem
        need = n * elem.min_size
        if need > r.end - r.pos:
            raise LayoutError(f"count {n} needs at least {need} bytes, {r.end - r.pos} left")
        r.budget.charge(n * elem.units, f"count {n}")
        if isinstance(elem, Rec):
            pos = r.pos
            r.pos = pos + need
            return list(self._iter(r.buf[pos:pos + need]))
        if isinstance(elem, Prim):
            pos = r.pos
            r.pos = pos + need
            return list(struct.unpack_from(self._fmt % n, r.buf, pos))
        out = []
        append = out.append
        read = elem.read
        i = 0
        try:
            for i in range(n):
                append(read(r))
        except LayoutError as exc:
            exc.path.insert(0, f"#{i}")
            raise
        return out

    def write(self, value: Sequence, out: bytearray) -> None:
        self.count.write(len(value), out)
        elem = self.elem
        if isinstance(elem, Rec):
            pack = elem.st.pack
            out += b"".join([pack(*v) for v in value])
        elif isinstance(elem, Prim):
            out += struct.pack(self._fmt % len(value), *value)
        else:
            write = elem.write
            for v in value:
                write(v, out)

    def from_con(self, obj: Any) -> list:
        return [self.elem.from_con(x) for x in obj]

    def to_con(self, value: Sequence) -> list:
        return [self.elem.to_con(x) for x in value]


_I64 = struct.Struct("<q")
_F64 = struct.Struct("<d")
_U32 = struct.Struct("<I")
_U16 = struct.Struct("<H")


class TaggedValue(Node):
    """A typed value: a u8 tag, then int → i64, float → f64, str → u32 string index,
    bool → u8 (0 or 1). Parsed to ``(tag, payload)``."""

    min_size = 2
    units = 2  # the (tag, payload) tuple and the payload

    def __init__(self) -> None:
        self.con = c.Struct(
            "tag" / c.Int8ul,
            "value" / c.Switch(c.this.tag, {TAG_INT: c.Int64sl, TAG_FLOAT: c.Float64l,
                                            TAG_STR: c.Int32ul, TAG_BOOL: c.Int8ul},
                               default=c.Error))

    def read(self, r: Reader) -> tuple[int, Any]:
        buf, pos = r.buf, r.pos
        if pos >= r.end:
            raise LayoutError("truncated: value needs a tag byte, 0 left")
        tag = buf[pos]
        pos += 1
        if tag == TAG_STR:
            if r.end - pos < 4:
                raise LayoutError("truncated: str value needs 4 bytes")
            r.pos = pos + 4
            return tag, _U32.unpack_from(buf, pos)[0]
        if tag == TAG_INT or tag == TAG_FLOAT:
            if r.end - pos < 8:
                raise LayoutError(f"truncated: {TAG_NAMES[tag]} value needs 8 bytes")
            r.pos = pos + 8
            return tag, (_I64 if tag == TAG_INT else _F64).unpack_from(buf, pos)[0]
        if tag == TAG_BOOL:
            if r.end - pos < 1:
                raise LayoutError("truncated: bool value needs 1 byte")
            r.pos = pos + 1
            return tag, buf[pos]
        raise LayoutError(f"unknown value tag {tag}")

    def write(self, value: tuple[int, Any], out: bytearray) -> None:
        _write_value(value[0], value[1], out)

    def from_con(self, obj: Any) -> tuple[int, Any]:
        return obj.tag, obj.value

    def to_con(self, value: tuple[int, Any]) -> dict:
        return {"tag": value[0], "value": value[1]}


def _write_value(tag: int, v: Any, out: bytearray) -> None:
    """Append one tagged value (``TaggedValue``'s bytes)."""
    if tag == TAG_INT:
        out += _TAG_I64.pack(tag, v)
    elif tag == TAG_STR:
        out += _TAG_U32.pack(tag, v)
    elif tag == TAG_FLOAT:
        out += _TAG_F64.pack(tag, v)
    elif tag == TAG_BOOL:
        out += _TAG_U8.pack(tag, v)
    else:
        raise ValueError(f"unknown value tag {tag}")


_TAG_I64, _TAG_F64 = struct.Struct("<Bq"), struct.Struct("<Bd")
_TAG_U32, _TAG_U8 = struct.Struct("<BI"), struct.Struct("<BB")
VALUE = TaggedValue()


class ValueList(List):
    """``List(U32, VALUE)`` with an inlined fast reader (table cells are numerous)."""

    def __init__(self) -> None:
        super().__init__(U32, VALUE)

    def read(self, r: Reader) -> list:
        n = U32.read(r)
        buf, pos, end = r.buf, r.pos, r.end
        if n * 2 > end - pos:
            raise LayoutError(f"count {n} needs at least {n * 2} bytes, {end - pos} left")
        r.budget.charge(n * VALUE.units, f"count {n}")
        out = []
        append = out.append
        u32, i64, f64 = _U32.unpack_from, _I64.unpack_from, _F64.unpack_from
        for i in range(n):
            tag = buf[pos]  # pos < end: each value leaves at least one byte per value to come
            pos += 1
            left = end - pos
            if tag == TAG_STR and left >= 4:
                append((tag, u32(buf, pos)[0]))
                pos += 4
            elif tag == TAG_INT and left >= 8:
                append((tag, i64(buf, pos)[0]))
                pos += 8
            elif tag == TAG_FLOAT and left >= 8:
                append((tag, f64(buf, pos)[0]))
                pos += 8
            elif tag == TAG_BOOL and left >= 1:
                append((tag, buf[pos]))
                pos += 1
            elif tag in TAG_NAMES:
                raise LayoutError(f"truncated: {TAG_NAMES[tag]} value needs "
                                  f"{1 if tag == TAG_BOOL else 4 if tag == TAG_STR else 8} bytes",
                                  [f"#{i}"])
            else:
                raise LayoutError(f"unknown value tag {tag}", [f"#{i}"])
            if pos >= end and i < n - 1:
                raise LayoutError("truncated: value needs a tag byte, 0 left", [f"#{i + 1}"])
        r.pos = pos
        return out

    def write(self, value: Sequence[tuple[int, Any]], out: bytearray) -> None:
        out += _U32.pack(len(value))
        for tag, v in value:
            _write_value(tag, v, out)


class Blob(Node):
    """A u32 byte count followed by that many bytes."""

    min_size = 4

    def __init__(self) -> None:
        self.con = c.Prefixed(c.Int32ul, c.GreedyBytes)

    def read(self, r: Reader) -> bytes:
        n = U32.read(r)
        pos = r.take(n, "blob")
        return r.buf[pos:pos + n]

    def write(self, value: bytes, out: bytearray) -> None:
        out += _U32.pack(len(value))
        out += value


class PStr(Node):
    """An inline UTF-8 string: a u16 (or u32) byte count, then the bytes (manifest only)."""

    def __init__(self, count: Prim = U16) -> None:
        self.count = count
        self.min_size = count.size
        self.con = c.PascalString(count.con, "utf8")

    def read(self, r: Reader) -> str:
        n = self.count.read(r)
        pos = r.take(n, "string")
        try:
            return r.buf[pos:pos + n].decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LayoutError(f"invalid UTF-8 ({exc.reason})") from None

    def write(self, value: str, out: bytearray) -> None:
        data = value.encode("utf-8")
        self.count.write(len(data), out)
        out += data


class Magic(Node):
    """Fixed bytes."""

    def __init__(self, value: bytes) -> None:
        self.value = value
        self.min_size = len(value)
        self.con = c.Const(value)

    def read(self, r: Reader) -> bytes:
        pos = r.take(len(self.value), "magic")
        got = r.buf[pos:pos + len(self.value)]
        if got != self.value:
            raise LayoutError(f"bad magic {got!r}: not a wartable module (expected {self.value!r})")
        return got

    def write(self, value: bytes, out: bytearray) -> None:
        out += self.value


class Member:
    """The layout of one member file: named fields, then the end of the file (nothing follows)."""

    def __init__(self, name: str, fields: Sequence[tuple[str, Node]]) -> None:
        self.name = name
        self.fields = tuple(fields)
        self.con = c.Struct(*(f / n.con for f, n in self.fields), c.Terminated)
        self._compiled: c.Construct | None = None

    def read(self, data: bytes, r: Reader | None = None,
             done: dict[str, Any] | None = None, budget: Budget | None = None
             ) -> dict[str, Any]:
        """Fast path: parse ``data`` into the raw shape. To resume a partial read, pass the
        reader ``r`` and the fields ``done`` already read from it. ``budget`` bounds what the
        read may allocate (:class:`Budget`)."""
        r = r or Reader(data, budget)
        out = dict(done or {})
        for fname, node in self.fields:
            if fname in out:
                continue
            try:
                out[fname] = node.read(r)
            except LayoutError as exc:
                exc.path.insert(0, fname)
                raise
        if r.pos != r.end:
            raise LayoutError(f"{r.end - r.pos} bytes of trailing garbage after the last record")
        return out

    def read_plain(self, data: bytes) -> dict[str, Any]:
        """Reference path: parse ``data`` with the construct schema into the raw shape."""
        try:
            obj = self.con.parse(data)
        except Exception as exc:  # construct raises many kinds; all mean "does not match"
            raise LayoutError(f"does not match the schema: {_one_line(exc)}") from None
        return {f: n.from_con(obj[f]) for f, n in self.fields}

    def build(self, value: dict[str, Any]) -> bytes:
        """Fast path: encode a raw value (the bytes the construct schema builds: the test suite
        compares them; ~20 times faster, so writing a module at the decoding limit is quick)."""
        out = bytearray()
        for fname, node in self.fields:
            node.write(value[fname], out)
        return bytes(out)

    def build_compiled(self, value: dict[str, Any]) -> bytes:
        """Encode a raw value with the compiled construct schema."""
        if self._compiled is None:
            self._compiled = self.con.compile()
        return self._compiled.build({f: n.to_con(value[f]) for f, n in self.fields})

    def build_plain(self, value: dict[str, Any]) -> bytes:
        return self.con.build({f: n.to_con(value[f]) for f, n in self.fields})


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:200]


# ---------------------------------------------------------------------------------------------
# The members. docs/module-format.md documents every field below; keep the two in step.
# ---------------------------------------------------------------------------------------------

class AttrList(List):
    """``List(U16, ATTR)`` — one attribute map — with a hand-inlined fast reader (attribute maps
    are the most numerous variable-size records)."""

    def __init__(self) -> None:
        super().__init__(U16, Seq("attr", [("key", STR), ("value", VALUE)]))

    def read(self, r: Reader) -> list:
        buf, pos, end = r.buf, r.pos, r.end
        if end - pos < 2:
            raise LayoutError("truncated: attribute count needs 2 bytes")
        n = buf[pos] | buf[pos + 1] << 8
        pos += 2
        if n * 6 > end - pos:  # key (4) + tag (1) + the smallest payload (1)
            raise LayoutError(f"count {n} needs at least {n * 6} bytes, {end - pos} left")
        r.budget.charge(n * self.elem.units, f"count {n}")
        out = []
        u32, i64, f64 = _U32.unpack_from, _I64.unpack_from, _F64.unpack_from
        for i in range(n):
            if end - pos < 5:
                raise LayoutError("truncated: attribute needs 5 bytes", [f"#{i}"])
            key = u32(buf, pos)[0]
            tag = buf[pos + 4]
            pos += 5
            if tag == TAG_STR:
                size, value = 4, (u32(buf, pos)[0] if end - pos >= 4 else None)
            elif tag == TAG_INT:
                size, value = 8, (i64(buf, pos)[0] if end - pos >= 8 else None)
            elif tag == TAG_FLOAT:
                size, value = 8, (f64(buf, pos)[0] if end - pos >= 8 else None)
            elif tag == TAG_BOOL:
                size, value = 1, (buf[pos] if end - pos >= 1 else None)
            else:
                raise LayoutError(f"unknown value tag {tag}", [f"#{i}", "value"])
            if value is None:
                raise LayoutError(f"truncated: {TAG_NAMES[tag]} value needs {size} bytes",
                                  [f"#{i}", "value"])
            pos += size
            out.append((key, (tag, value)))
        r.pos = pos
        return out

    def write(self, value: Sequence[tuple[int, tuple[int, Any]]], out: bytearray) -> None:
        out += _U16.pack(len(value))
        for key, (tag, v) in value:
            out += _U32.pack(key)
            _write_value(tag, v, out)


#: Every distinct attribute map of a member, stored once; records refer to them by index.
ATTRSETS = List(U32, AttrList())

MEMBER_ENTRY = Seq("member", [("name", PStr(U16)), ("size", U32), ("crc32", U32)])
MANIFEST_HEADER = (("magic", Magic(b"WTMF")), ("major", U16), ("minor", U16),
                   ("requires", PStr(U16)))
MANIFEST = Member("manifest.bin", MANIFEST_HEADER + (
    ("id", PStr(U16)), ("title", PStr(U16)), ("version", PStr(U16)), ("publisher", PStr(U16)),
    ("ruleset", PStr(U16)), ("description", PStr(U32)),
    ("members", List(U32, MEMBER_ENTRY)),
))

STRINGS = Member("strings.bin", [("lengths", List(U32, U32)), ("data", Blob())])

SIDE = Rec("side", [("id", STR), ("name", STR), ("colour", STR)])
NATIONALITY = Rec("nationality", [("id", STR), ("name", STR), ("side", STR), ("bg", STR),
                                  ("fg", STR)])
BOARD = Rec("board", [("id", STR), ("name", STR), ("width", F64), ("height", F64), ("kind", STR),
                      ("background", STR), ("art", STR)])
GRID = Rec("grid", [("id", STR), ("board", STR), ("orientation", STR), ("size", F64),
                    ("origin_x", F64), ("origin_y", F64), ("numbering", STR),
                    ("numbering_params", ATTRS)])
LOCATION = Rec("location", [("id", STR), ("kind", STR), ("board", STR), ("name", STR),
                            ("x", F64), ("y", F64), ("terrain", STR), ("grid", STR), ("q", I32),
                            ("r", I32), ("owner", STR), ("visibility", STR), ("attrs", ATTRS)])
EDGE = Rec("edge", [("a", STR), ("b", STR), ("kind", STR), ("attrs", ATTRS)])
MAP = Member("map.bin", [
    ("attrsets", ATTRSETS), ("sides", List(U32, SIDE)), ("nationalities", List(U32, NATIONALITY)),
    ("boards", List(U32, BOARD)), ("grids", List(U32, GRID)),
    ("locations", List(U32, LOCATION)), ("edges", List(U32, EDGE)),
])

PIECE_TYPE = Rec("piece_type", [
    ("id", STR), ("name", STR), ("kind", STR), ("side", STR), ("nationality", STR),
    ("unit_type", STR), ("size", STR), ("symbol", STR), ("count", U32), ("back", STR),
    ("attrs", ATTRS), ("faces", U16)])
FACE = Rec("face", [("name", STR), ("values", ATTRS)])
PIECES = Member("pieces.bin", [
    ("attrsets", ATTRSETS), ("piece_types", List(U32, PIECE_TYPE)), ("faces", List(U32, FACE)),
])

TABLE = Seq("table", [
    ("id", STR), ("title", STR), ("rule", STR), ("notes", STR),
    ("row_name", STR), ("rows", ValueList()),
    ("col_name", STR), ("cols", ValueList()),
    ("cells", ValueList()),
])
TABLES = Member("tables.bin", [("tables", List(U32, TABLE))])

DIE = Seq("dice", [("id", STR), ("name", STR), ("faces", ValueList())])
DICE = Member("dice.bin", [("dice", List(U32, DIE))])

OPTION = Seq("option", [("id", STR), ("text", STR), ("choices", List(U32, STR)),
                        ("default", STR), ("side", STR), ("secret", U8)])
PLACEMENT = Rec("placement", [("piece_type", STR), ("location", STR), ("count", U32),
                              ("face", U32), ("turn", I32), ("attrs", ATTRS)])
SCENARIO = Seq("scenario", [
    ("id", STR), ("name", STR), ("rule", STR), ("description", STR), ("victory", STR),
    ("first_turn", I32), ("last_turn", I32), ("globals", ATTRS), ("attrs", ATTRS),
    ("shuffle", List(U32, STR)), ("options", List(U32, OPTION)),
    ("placements", List(U32, PLACEMENT)),
])
SCENARIOS = Member("scenarios.bin", [("attrsets", ATTRSETS), ("scenarios", List(U32, SCENARIO))])

RULE = Rec("rule", [("rule", STR), ("text", STR)])
RULES = Member("rules.bin", [("rules", List(U32, RULE))])

PROVENANCE_REC = Rec("provenance", [("target", STR), ("source", STR)])
PROVENANCE = Member("provenance.bin", [("provenance", List(U32, PROVENANCE_REC))])

#: Every record member, by file name (the manifest is read separately, first).
MEMBERS: dict[str, Member] = {m.name: m for m in (
    STRINGS, MAP, PIECES, TABLES, DICE, SCENARIOS, RULES, PROVENANCE)}


def parse_member(name: str, data: bytes, fast: bool = True, budget: Budget | None = None
                 ) -> dict[str, Any]:
    """Parse member ``name`` into its raw shape (fast path, or the plain construct schema).
    ``budget`` bounds the fast path's allocations (the plain path is for tests)."""
    member = MANIFEST if name == MANIFEST.name else MEMBERS[name]
    return member.read(data, budget=budget) if fast else member.read_plain(data)


def build_member(name: str, raw: dict[str, Any], how: str = "fast") -> bytes:
    """Encode member ``name`` from its raw shape: ``how`` is ``"fast"`` (the fast writer),
    ``"compiled"`` or ``"plain"`` (the construct schema, compiled or not); all three give the
    same bytes. A value out of its field's range is a ModuleError naming the member."""
    member = MANIFEST if name == MANIFEST.name else MEMBERS[name]
    build = {"fast": member.build, "compiled": member.build_compiled,
             "plain": member.build_plain}[how]
    try:
        return build(raw)
    except (struct.error, ValueError, TypeError, OverflowError) as exc:
        raise ModuleError(name, "", f"cannot encode: {_one_line(exc)}") from None


def read_manifest_header(data: bytes) -> tuple[dict[str, Any], Reader]:
    """Read the fields every format version keeps first (magic, major, minor, requires), so
    that a reader can refuse a newer major version with a useful message before reading more."""
    r = Reader(data)
    out: dict[str, Any] = {}
    for fname, node in MANIFEST_HEADER:
        try:
            out[fname] = node.read(r)
        except LayoutError as exc:
            exc.path.insert(0, fname)
            raise
    return out, r


def read_manifest_body(header: dict[str, Any], r: Reader) -> dict[str, Any]:
    """Continue reading the manifest after :func:`read_manifest_header`."""
    return MANIFEST.read(b"", r, header)


# ---------------------------------------------------------------------------------------------
# Codec: model records <-> raw member values
# ---------------------------------------------------------------------------------------------

I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1
I32_MIN, I32_MAX = -(1 << 31), (1 << 31) - 1
U32_MAX = (1 << 32) - 1
U16_MAX = (1 << 16) - 1


def _fast_constructor(cls: type) -> Any:
    """A positional constructor for a frozen model dataclass that fills the instance dict in one
    step instead of one ``object.__setattr__`` per field (a third faster on the largest module).
    Falls back to the class itself if the class validates in ``__post_init__``. The result is
    the same object ``cls(*args)`` builds (tests compare them)."""
    if hasattr(cls, "__post_init__") or not getattr(cls, "__dataclass_params__").frozen:
        return cls
    names = tuple(cls.__dataclass_fields__)
    new, setattr_ = object.__new__, object.__setattr__
    if len(names) == 4:  # Edge, the most numerous record: unrolled
        n0, n1, n2, n3 = names

        def make4(a: Any, b: Any, c_: Any, d: Any) -> Any:
            obj = new(cls)
            setattr_(obj, "__dict__", {n0: a, n1: b, n2: c_, n3: d})
            return obj
        return make4

    def make(*args: Any) -> Any:
        obj = new(cls)
        setattr_(obj, "__dict__", dict(zip(names, args)))
        return obj
    return make


_new_location = _fast_constructor(Location)
_new_edge = _fast_constructor(Edge)
_new_piece_type = _fast_constructor(PieceType)
_new_face = _fast_constructor(Face)
_new_placement = _fast_constructor(Placement)


class _Bad(Exception):
    """A field that cannot be encoded or decoded; the caller adds member and record."""


def _label(kind: str, index: int, ident: Any = None) -> str:
    """A record's name in a message, its id cut to 40 characters."""
    if isinstance(ident, str) and len(ident) > 40:
        ident = ident[:37] + "..."
    return f"{kind} #{index}" + (f" ({ident})" if isinstance(ident, str) and ident else "")


# -- encoding --------------------------------------------------------------------------------

class _StringTable:
    """Interns strings in first-use order; the order of encoding makes it deterministic."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def __call__(self, value: Any, field: str) -> int:
        if type(value) is not str:
            raise _Bad(f"{field}: expected text, got {type(value).__name__} {value!r:.40}")
        i = self.index.get(value)
        if i is None:
            i = self.index[value] = len(self.index)
        return i

    def raw(self) -> dict[str, Any]:
        blobs = []
        for i, s in enumerate(self.index):
            try:
                blobs.append(s.encode("utf-8"))
            except UnicodeEncodeError:
                raise ModuleError("strings.bin", f"string #{i}", f"{s!r:.40} is not valid "
                                  "Unicode (a lone surrogate)") from None
        return {"lengths": [len(b) for b in blobs], "data": b"".join(blobs)}


class _AttrSets:
    """Interns attribute maps (keys sorted) in first-use order."""

    def __init__(self, strings: _StringTable) -> None:
        self.strings = strings
        self.index: dict[tuple, int] = {}
        self.sets: list[list] = []

    def __call__(self, attrs: Any, field: str) -> int:
        if not isinstance(attrs, Mapping):
            raise _Bad(f"{field}: expected a mapping, got {type(attrs).__name__}")
        if len(attrs) > U16_MAX:
            raise _Bad(f"{field}: {len(attrs)} attributes, at most {U16_MAX}")
        for k in attrs:
            if type(k) is not str:
                raise _Bad(f"{field}: attribute key {k!r:.40} is not text")
        items = []
        for k in sorted(attrs):
            items.append((self.strings(k, field), encode_value(attrs[k], self.strings,
                                                               f"{field}.{k}")))
        key = tuple((k, t, struct.pack("<d", v) if t == TAG_FLOAT else v) for k, (t, v) in items)
        i = self.index.get(key)
        if i is None:
            i = self.index[key] = len(self.sets)
            self.sets.append(items)
        return i


def encode_value(v: Any, strings: _StringTable, field: str) -> tuple[int, Any]:
    """The tagged form of a module value (int, float, str or bool)."""
    t = type(v)
    if t is bool:
        return TAG_BOOL, int(v)
    if t is int:
        if not I64_MIN <= v <= I64_MAX:
            raise _Bad(f"{field}: integer {v} does not fit in 64 bits")
        return TAG_INT, v
    if t is float:
        if not math.isfinite(v):
            raise _Bad(f"{field}: {v} is not a finite number")
        return TAG_FLOAT, v
    if t is str:
        return TAG_STR, strings(v, field)
    raise _Bad(f"{field}: {v!r:.40} is not an int, float, str or bool")


def _f64(v: Any, field: str) -> float:
    if type(v) not in (int, float) or not math.isfinite(v):
        raise _Bad(f"{field}: {v!r:.40} is not a finite number")
    return float(v)


def _int(v: Any, field: str, lo: int, hi: int) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise _Bad(f"{field}: {v!r:.40} is not an integer in {lo}..{hi}")
    return v


def _records(member: str, kind: str, items: Iterable[Any], enc: Any) -> list:
    out = []
    for i, item in enumerate(items):
        try:
            out.append(enc(item))
        except _Bad as exc:
            raise ModuleError(member, _label(kind, i, getattr(item, "id", None)),
                              str(exc)) from None
        except AttributeError:
            raise ModuleError(member, _label(kind, i),
                              f"expected a {kind} record, got {type(item).__name__}") from None
    return out


def _keyed(member: str, kind: str, mapping: Mapping[str, Any]) -> list:
    """The records of an id-keyed dict, checking each key is its record's id."""
    items = list(mapping.values())
    for i, (key, item) in enumerate(mapping.items()):
        if getattr(item, "id", key) != key:
            raise ModuleError(member, _label(kind, i, key),
                              f"stored under key {key!r} but its id is {item.id!r}")
    return items


def encode_members(module: Module) -> dict[str, bytes]:
    """Encode ``module`` into the bytes of every record member (all but the manifest and art).

    Raises ModuleError naming the member and record of a value the format cannot hold. The
    caller (``engine.container``) checks references first."""
    s = _StringTable()
    raws: dict[str, dict[str, Any]] = {}

    # map.bin
    sets = _AttrSets(s)
    raws["map.bin"] = {
        "sides": _records("map.bin", "side", module.sides,
                          lambda x: (s(x.id, "id"), s(x.name, "name"), s(x.colour, "colour"))),
        "nationalities": _records("map.bin", "nationality", module.nationalities, lambda x: (
            s(x.id, "id"), s(x.name, "name"), s(x.side, "side"), s(x.bg, "bg"), s(x.fg, "fg"))),
        "boards": _records("map.bin", "board", module.boards, lambda x: (
            s(x.id, "id"), s(x.name, "name"), _f64(x.width, "width"), _f64(x.height, "height"),
            s(x.kind, "kind"), s(x.background, "background"), s(x.art, "art"))),
        "grids": _records("map.bin", "grid", module.grids, lambda x: (
            s(x.id, "id"), s(x.board, "board"), s(x.orientation, "orientation"),
            _f64(x.size, "size"), _f64(x.origin_x, "origin_x"), _f64(x.origin_y, "origin_y"),
            s(x.numbering, "numbering"), sets(x.numbering_params, "numbering_params"))),
        "locations": _records("map.bin", "location", _keyed("map.bin", "location",
                                                            module.locations), lambda x: (
            s(x.id, "id"), s(x.kind, "kind"), s(x.board, "board"), s(x.name, "name"),
            _f64(x.x, "x"), _f64(x.y, "y"), s(x.terrain, "terrain"), s(x.grid, "grid"),
            _int(x.q, "q", I32_MIN, I32_MAX), _int(x.r, "r", I32_MIN, I32_MAX),
            s(x.owner, "owner"), s(x.visibility, "visibility"), sets(x.attrs, "attrs"))),
        "edges": _records("map.bin", "edge", module.edges, lambda x: (
            s(x.a, "a"), s(x.b, "b"), s(x.kind, "kind"), sets(x.attrs, "attrs"))),
    }
    raws["map.bin"]["attrsets"] = sets.sets

    # pieces.bin
    sets = _AttrSets(s)
    faces: list[tuple[int, int]] = []

    def piece(x: PieceType) -> tuple:
        if not isinstance(x.faces, tuple) or not 1 <= len(x.faces) <= U16_MAX:
            raise _Bad(f"faces: a piece type needs 1..{U16_MAX} faces in a tuple")
        rec = (s(x.id, "id"), s(x.name, "name"), s(x.kind, "kind"), s(x.side, "side"),
               s(x.nationality, "nationality"), s(x.unit_type, "unit_type"), s(x.size, "size"),
               s(x.symbol, "symbol"), _int(x.count, "count", 0, U32_MAX), s(x.back, "back"),
               sets(x.attrs, "attrs"), len(x.faces))
        for j, f in enumerate(x.faces):
            if not isinstance(f, Face):
                raise _Bad(f"faces[{j}]: expected a Face, got {type(f).__name__}")
            faces.append((s(f.name, f"faces[{j}].name"), sets(f.values, f"faces[{j}].values")))
        return rec

    raws["pieces.bin"] = {
        "piece_types": _records("pieces.bin", "piece type",
                                _keyed("pieces.bin", "piece type", module.piece_types), piece),
        "faces": faces, "attrsets": sets.sets}

    # tables.bin
    def table(x: Table) -> tuple:
        rows, cols = x.rows.values, x.cols.values
        if not isinstance(x.cells, tuple) or len(x.cells) != len(rows) or any(
                not isinstance(row, tuple) or len(row) != len(cols) for row in x.cells):
            raise _Bad(f"cells: expected {len(rows)} rows of {len(cols)} cells (tuples)")
        return (s(x.id, "id"), s(x.title, "title"), s(x.rule, "rule"), s(x.notes, "notes"),
                s(x.rows.name, "rows.name"), [encode_value(v, s, "rows") for v in rows],
                s(x.cols.name, "cols.name"), [encode_value(v, s, "cols") for v in cols],
                [encode_value(v, s, "cells") for row in x.cells for v in row])

    raws["tables.bin"] = {"tables": _records("tables.bin", "table",
                                             _keyed("tables.bin", "table", module.tables), table)}

    # dice.bin
    raws["dice.bin"] = {"dice": _records("dice.bin", "dice", _keyed("dice.bin", "dice",
                                                                    module.dice), lambda x: (
        s(x.id, "id"), s(x.name, "name"), [encode_value(v, s, "faces") for v in x.faces]))}

    # scenarios.bin
    sets = _AttrSets(s)

    def option(o: ScenarioOption) -> tuple:
        return (s(o.id, "option.id"), s(o.text, "option.text"),
                [s(ch, "option.choices") for ch in o.choices], s(o.default, "option.default"),
                s(o.side, "option.side"), int(_bool(o.secret, "option.secret")))

    def scenario(x: Scenario) -> tuple:
        placements = []
        for j, p in enumerate(x.placements):
            f = f"placement #{j}"
            placements.append((s(p.piece_type, f + " piece_type"), s(p.location, f + " location"),
                               _int(p.count, f + " count", 0, U32_MAX),
                               _int(p.face, f + " face", 0, U32_MAX),
                               _int(p.turn, f + " turn", I32_MIN, I32_MAX),
                               sets(p.attrs, f + " attrs")))
        return (s(x.id, "id"), s(x.name, "name"), s(x.rule, "rule"),
                s(x.description, "description"), s(x.victory, "victory"),
                _int(x.first_turn, "first_turn", I32_MIN, I32_MAX),
                _int(x.last_turn, "last_turn", I32_MIN, I32_MAX),
                sets(x.globals, "globals"), sets(x.attrs, "attrs"),
                [s(v, "shuffle") for v in x.shuffle], [option(o) for o in x.options],
                placements)

    raws["scenarios.bin"] = {"scenarios": _records(
        "scenarios.bin", "scenario", _keyed("scenarios.bin", "scenario", module.scenarios),
        scenario)}
    raws["scenarios.bin"]["attrsets"] = sets.sets

    # rules.bin, provenance.bin
    raws["rules.bin"] = {"rules": _records("rules.bin", "rule", module.rules_index.items(),
                                           lambda kv: (s(kv[0], "rule"), s(kv[1], "text")))}
    raws["provenance.bin"] = {"provenance": _records(
        "provenance.bin", "provenance", module.provenance,
        lambda x: (s(x.target, "target"), s(x.source, "source")))}

    raws["strings.bin"] = s.raw()
    out = {}
    for name, raw in raws.items():
        out[name] = build_member(name, raw)
    return out


def _bool(v: Any, field: str) -> bool:
    if type(v) is not bool:
        raise _Bad(f"{field}: {v!r:.40} is not a bool")
    return v


# -- decoding --------------------------------------------------------------------------------

def decode_strings(raw: dict[str, Any]) -> list[str]:
    """The string table: split, decode (strict UTF-8) and check every string is stored once."""
    lengths, data = raw["lengths"], raw["data"]
    if sum(lengths) != len(data):
        raise ModuleError("strings.bin", "", f"the lengths add up to {sum(lengths)} bytes but "
                          f"{len(data)} bytes of text follow")
    out: list[str] = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    pos = 0
    if text is not None and len(text) == len(data):  # ASCII: slice the decoded text
        for n in lengths:
            out.append(text[pos:pos + n])
            pos += n
    else:
        for i, n in enumerate(lengths):
            try:
                out.append(data[pos:pos + n].decode("utf-8"))
            except UnicodeDecodeError as exc:
                raise ModuleError("strings.bin", f"string #{i}",
                                  f"invalid UTF-8 ({exc.reason})") from None
            pos += n
    if len(set(out)) != len(out):
        seen: set[str] = set()
        for i, v in enumerate(out):
            if v in seen:
                raise ModuleError("strings.bin", f"string #{i}",
                                  f"{v!r:.40} is stored twice (each string is stored once)")
            seen.add(v)
    return out


def _decode_value(tag: int, v: Any, S: list[str]) -> Any:
    if tag == TAG_STR:
        return S[v]
    if tag == TAG_INT:
        return v
    if tag == TAG_FLOAT:
        if v - v != 0.0:  # inf or nan
            raise _Bad(f"float value {v} is not finite")
        return v
    if v == 0:
        return False
    if v == 1:
        return True
    raise _Bad(f"bool value byte is {v} (must be 0 or 1)")


def _values(raw: list, S: list[str]) -> tuple:
    return tuple([_decode_value(t, v, S) for t, v in raw])


def _charge_copies(budget: Budget, member: str, sets: list[dict[str, Any]], refs: Iterable[int],
                   kind: str) -> None:
    """Charge ``budget`` for the attribute dicts the records of ``kind`` copy from ``sets``:
    a set stored once may be referred to by every record (amplification by reference)."""
    sizes = [len(d) for d in sets]
    n = len(sizes)
    total = 0
    for i in refs:
        if i < n:  # an index out of range is reported by the decoder with its record
            total += sizes[i]
    try:
        budget.charge(total, f"{kind} attributes")
    except LayoutError as exc:
        raise ModuleError(member, kind, exc.message) from None


def _attrsets(member: str, raw: list, S: list[str]) -> list[dict[str, Any]]:
    out = []
    for i, items in enumerate(raw):
        try:
            d = {S[k]: _decode_value(t, v, S) for k, (t, v) in items}
        except _Bad as exc:
            raise ModuleError(member, f"attrset #{i}", str(exc)) from None
        except IndexError:
            raise ModuleError(member, f"attrset #{i}", _index_message(items, S)) from None
        if len(d) != len(items):
            raise ModuleError(member, f"attrset #{i}", "an attribute key appears twice")
        out.append(d)
    return out


def _index_message(items: Any, S: list[str]) -> str:
    for k, (t, v) in items:
        if k >= len(S) or (t == TAG_STR and v >= len(S)):
            bad = k if k >= len(S) else v
            return f"string index {bad} out of range (the table has {len(S)} strings)"
    return "string index out of range"


def _find_bad_index(node: Node, value: Any, S: list, sets: list | None, path: str
                    ) -> str | None:
    """Where in ``value`` (laid out as ``node``) a string or attrset index is out of range."""
    if node is STR:
        if value >= len(S):
            return f"{path}: string index {value} out of range (the table has {len(S)} strings)"
    elif node is ATTRS:
        n = 0 if sets is None else len(sets)
        if value >= n:
            return f"{path}: attrset index {value} out of range (the member has {n} attrsets)"
    elif node is VALUE or isinstance(node, TaggedValue):
        if value[0] == TAG_STR and value[1] >= len(S):
            return (f"{path}: string index {value[1]} out of range (the table has {len(S)} "
                    "strings)")
    elif isinstance(node, (Rec, Seq)):
        for (fname, child), v in zip(node.fields, value):
            found = _find_bad_index(child, v, S, sets, f"{path} {fname}".strip())
            if found:
                return found
    elif isinstance(node, List):
        for j, v in enumerate(value):
            found = _find_bad_index(node.elem, v, S, sets, f"{path} #{j}")
            if found:
                return found
    return None


def _first_bad_index(member: str, kind: str, recs: list, rec: Rec | Seq, S: list,
                     sets: list | None) -> ModuleError:
    """After a fast decode failed with an IndexError: find the record and field responsible."""
    for i, values in enumerate(recs):
        found = _find_bad_index(rec, values, S, sets, "")
        if found:
            ident = S[values[0]] if rec.fields[0][1] is STR and values[0] < len(S) else None
            return ModuleError(member, _label(kind, i, ident), found)
    return ModuleError(member, kind, "an index is out of range")


def _finite(member: str, kind: str, recs: list, columns: Sequence[int], names: Sequence[str]
            ) -> None:
    for col, name in zip(columns, names):
        for i, rec in enumerate(recs):
            v = rec[col]
            if v - v != 0.0:
                raise ModuleError(member, _label(kind, i), f"{name}: {v} is not a finite number")


def _unique(member: str, kind: str, ids: Sequence[str]) -> None:
    if len(set(ids)) != len(ids):
        seen: set[str] = set()
        for i, x in enumerate(ids):
            if x in seen:
                raise ModuleError(member, _label(kind, i, x), f"id {x!r} is used twice")
            seen.add(x)


def decode_map(raw: dict[str, Any], S: list[str], budget: Budget | None = None
               ) -> dict[str, Any]:
    m = "map.bin"
    sets = _attrsets(m, raw["attrsets"], S)
    budget = budget or unlimited()
    _charge_copies(budget, m, sets, (x[7] for x in raw["grids"]), "grid")
    _charge_copies(budget, m, sets, (x[12] for x in raw["locations"]), "location")
    _charge_copies(budget, m, sets, (x[3] for x in raw["edges"]), "edge")
    new_location, new_edge = _new_location, _new_edge
    out: dict[str, Any] = {}
    for key, kind, rec in (("sides", "side", SIDE), ("nationalities", "nationality", NATIONALITY),
                           ("boards", "board", BOARD), ("grids", "grid", GRID),
                           ("locations", "location", LOCATION), ("edges", "edge", EDGE)):
        recs = raw[key]
        try:
            if key == "sides":
                out[key] = tuple([Side(S[a], S[b], S[c_]) for a, b, c_ in recs])
            elif key == "nationalities":
                out[key] = tuple([Nationality(S[a], S[b], S[c_], S[d], S[e])
                                  for a, b, c_, d, e in recs])
            elif key == "boards":
                _finite(m, kind, recs, (2, 3), ("width", "height"))
                out[key] = tuple([Board(S[a], S[b], w, h, S[k], S[bg], S[art])
                                  for a, b, w, h, k, bg, art in recs])
            elif key == "grids":
                _finite(m, kind, recs, (3, 4, 5), ("size", "origin_x", "origin_y"))
                out[key] = tuple([Grid(S[a], S[b], S[o], sz, ox, oy, S[num], dict(sets[p]))
                                  for a, b, o, sz, ox, oy, num, p in recs])
            elif key == "locations":
                _finite(m, kind, recs, (4, 5), ("x", "y"))
                locs: dict[str, Location] = {}
                for (i, k, b, n, x, y, t, g, q, r, o, v, at) in recs:
                    lid = S[i]
                    locs[lid] = new_location(lid, S[k], S[b], S[n], x, y, S[t], S[g], q, r,
                                             S[o], S[v], dict(sets[at]))
                if len(locs) != len(recs):
                    _unique(m, kind, [S[x[0]] for x in recs])
                out[key] = locs
            else:
                out[key] = tuple([new_edge(S[a], S[b], S[k], dict(sets[at]))
                                  for a, b, k, at in recs])
        except IndexError:
            raise _first_bad_index(m, kind, recs, rec, S, sets) from None
        if key in ("sides", "nationalities", "boards", "grids"):
            _unique(m, kind, [x.id for x in out[key]])
    return out


def decode_pieces(raw: dict[str, Any], S: list[str], budget: Budget | None = None
                  ) -> dict[str, PieceType]:
    m = "pieces.bin"
    sets = _attrsets(m, raw["attrsets"], S)
    recs, face_recs = raw["piece_types"], raw["faces"]
    budget = budget or unlimited()
    _charge_copies(budget, m, sets, (x[10] for x in recs), "piece type")
    _charge_copies(budget, m, sets, (x[1] for x in face_recs), "face")
    total = sum(x[11] for x in recs)
    if total != len(face_recs):
        raise ModuleError(m, "faces", f"the piece types have {total} faces in all but "
                          f"{len(face_recs)} face records follow")
    try:
        new_face = _new_face
        faces = [new_face(S[n], dict(sets[v])) for n, v in face_recs]
    except IndexError:
        raise _first_bad_index(m, "face", face_recs, FACE, S, sets) from None
    out: dict[str, PieceType] = {}
    pos = 0
    new_piece_type = _new_piece_type
    try:
        for (i, n, k, side, nat, ut, size, sym, count, back, at, nf) in recs:
            pid = S[i]
            out[pid] = new_piece_type(pid, S[n], S[k], S[side], S[nat], S[ut], S[size], S[sym],
                                 tuple(faces[pos:pos + nf]), count, S[back], dict(sets[at]))
            pos += nf
    except IndexError:
        raise _first_bad_index(m, "piece type", recs, PIECE_TYPE, S, sets) from None
    if len(out) != len(recs):
        _unique(m, "piece type", [S[x[0]] for x in recs])
    return out


def decode_tables(raw: dict[str, Any], S: list[str]) -> dict[str, Table]:
    m = "tables.bin"
    recs = raw["tables"]
    out: dict[str, Table] = {}
    for i, (tid, title, rule, notes, rn, rows, cn, cols, cells) in enumerate(recs):
        try:
            label = _label("table", i, S[tid])
            rv, cv, flat = _values(rows, S), _values(cols, S), _values(cells, S)
            head = (S[title], S[rule], S[notes], S[rn], S[cn])
        except _Bad as exc:
            raise ModuleError(m, _label("table", i), str(exc)) from None
        except IndexError:
            raise _first_bad_index(m, "table", recs, TABLE, S, None) from None
        nr, nc = len(rv), len(cv)
        if len(flat) != nr * nc:
            raise ModuleError(m, label, f"{len(flat)} cells for {nr} rows x {nc} columns")
        grid = tuple(tuple(flat[j * nc:(j + 1) * nc]) for j in range(nr))
        out[S[tid]] = Table(S[tid], head[0], Axis(head[3], rv), Axis(head[4], cv), grid,
                            head[1], head[2])
    if len(out) != len(recs):
        _unique(m, "table", [S[x[0]] for x in recs])
    return out


def decode_dice(raw: dict[str, Any], S: list[str]) -> dict[str, Dice]:
    m = "dice.bin"
    out: dict[str, Dice] = {}
    for i, (did, name, faces) in enumerate(raw["dice"]):
        try:
            out[S[did]] = Dice(S[did], S[name], _values(faces, S))
        except _Bad as exc:
            raise ModuleError(m, _label("dice", i), str(exc)) from None
        except IndexError:
            raise _first_bad_index(m, "dice", raw["dice"], DIE, S, None) from None
    if len(out) != len(raw["dice"]):
        _unique(m, "dice", [S[x[0]] for x in raw["dice"]])
    return out


def decode_scenarios(raw: dict[str, Any], S: list[str], budget: Budget | None = None
                     ) -> dict[str, Scenario]:
    m = "scenarios.bin"
    sets = _attrsets(m, raw["attrsets"], S)
    budget = budget or unlimited()
    _charge_copies(budget, m, sets, (i for x in raw["scenarios"] for i in x[7:9]), "scenario")
    _charge_copies(budget, m, sets, (p[5] for x in raw["scenarios"] for p in x[11]),
                   "placement")
    out: dict[str, Scenario] = {}
    for i, rec in enumerate(raw["scenarios"]):
        (sid, name, rule, desc, victory, first, last, glob, at, shuffle, options,
         placements) = rec
        try:
            label = _label("scenario", i, S[sid])
            opts = []
            for j, (oid, text, choices, default, side, secret) in enumerate(options):
                if secret not in (0, 1):
                    raise ModuleError(m, f"{label} option #{j}",
                                      f"secret byte is {secret} (must be 0 or 1)")
                opts.append(ScenarioOption(S[oid], S[text], tuple([S[x] for x in choices]),
                                           S[default], S[side], bool(secret)))
            try:
                pls = tuple([_new_placement(S[a], S[b], n, f, t, dict(sets[pa]))
                             for a, b, n, f, t, pa in placements])
            except IndexError:
                exc = _first_bad_index(m, "placement", placements, PLACEMENT, S, sets)
                raise ModuleError(m, f"{label} {exc.record}", exc.message) from None
            out[S[sid]] = Scenario(S[sid], S[name], S[rule], S[desc], first, last, pls,
                                   dict(sets[glob]), tuple([S[x] for x in shuffle]),
                                   tuple(opts), S[victory], dict(sets[at]))
        except IndexError:
            raise _first_bad_index(m, "scenario", raw["scenarios"], SCENARIO, S, sets) \
                from None
    if len(out) != len(raw["scenarios"]):
        _unique(m, "scenario", [S[x[0]] for x in raw["scenarios"]])
    return out


def decode_rules(raw: dict[str, Any], S: list[str]) -> dict[str, str]:
    recs = raw["rules"]
    try:
        out = {S[a]: S[b] for a, b in recs}
    except IndexError:
        raise _first_bad_index("rules.bin", "rule", recs, RULE, S, None) from None
    if len(out) != len(recs):
        _unique("rules.bin", "rule", [S[a] for a, _ in recs])
    return out


def decode_provenance(raw: dict[str, Any], S: list[str]) -> tuple[Provenance, ...]:
    recs = raw["provenance"]
    try:
        return tuple([Provenance(S[a], S[b]) for a, b in recs])
    except IndexError:
        raise _first_bad_index("provenance.bin", "provenance", recs, PROVENANCE_REC, S,
                               None) from None


def decode_members(data: Mapping[str, bytes], fast: bool = True,
                   max_values: int | None = None) -> dict[str, Any]:
    """Parse and decode every record member; returns the Module fields they hold (everything
    but the manifest's identity fields and the art). ``max_values`` bounds, for all members
    together, the values decoding creates (:class:`Budget`). Raises ModuleError."""
    budget = Budget(max_values) if max_values is not None else unlimited()
    raw = {}
    for name in MEMBERS:
        try:
            raw[name] = parse_member(name, data[name], fast, budget)
        except LayoutError as exc:
            raise ModuleError(name, exc.where, exc.message) from None
    try:
        budget.charge(len(raw["strings.bin"]["lengths"]), "strings")
    except LayoutError as exc:
        raise ModuleError("strings.bin", "", exc.message) from None
    S = decode_strings(raw["strings.bin"])
    fields = decode_map(raw["map.bin"], S, budget)
    fields["piece_types"] = decode_pieces(raw["pieces.bin"], S, budget)
    fields["tables"] = decode_tables(raw["tables.bin"], S)
    fields["dice"] = decode_dice(raw["dice.bin"], S)
    fields["scenarios"] = decode_scenarios(raw["scenarios.bin"], S, budget)
    fields["rules_index"] = decode_rules(raw["rules.bin"], S)
    fields["provenance"] = decode_provenance(raw["provenance.bin"], S)
    return fields
