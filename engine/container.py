"""The ``.wtm`` module file: a zip of binary record members (``engine.schema``) plus optional art.

Public API::

    write_module(module) -> bytes        # deterministic: same Module, same bytes
    read_module(data, name) -> Module     # hardened: any bytes end in a Module or a ModuleError
    save_module(module, path)             # atomic write
    load_module(path) -> Module
    module_problems(module) -> [Problem]  # integrity checks shared by the loader and `validate`

Reading never executes anything from the file and never trusts a size or count before checking it
against the limits (:class:`Limits`) and against the bytes actually there. Every failure is a
:class:`engine.errors.ModuleError` naming the member file and the record. See
``docs/module-format.md`` for the format itself.
"""
from __future__ import annotations

import gc
import io
import math
import os
import re
import stat
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, NamedTuple

from .errors import ModuleError
from .files import (FileRefused, atomic_write, describe_os_error, exists, is_dir,
                    read_regular_file, shown)
from .hexgrid import Hex, Layout
from .model import LOCATION_KINDS, PIECE_KINDS, VISIBILITIES, Module
from .schema import (FORMAT_MAJOR, FORMAT_MINOR, FORMAT_REQUIRES, MEMBERS, LayoutError,
                     build_member, decode_members, encode_members, read_manifest_body,
                     read_manifest_header)

MANIFEST = "manifest.bin"
#: Members every module has, in addition to any ``art/<name>.png`` or ``art/<name>.jpg``.
REQUIRED_MEMBERS = (MANIFEST,) + tuple(sorted(MEMBERS))
BOARD_KINDS = ("map", "display")
EDGE_KINDS = ("connection", "hexside")
ORIENTATIONS = ("flat", "pointy")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: A JPEG file starts with a start-of-image marker followed by another marker.
JPEG_SIGNATURE = b"\xff\xd8\xff"
#: The first format minor version that may hold JPEG art (``art/<name>.jpg``, a scanned map).
JPEG_MINOR = 1
#: A module id: lower_snake (it names folders, cache files and saves).
MODULE_ID_RE = re.compile(r"[a-z][a-z0-9_]{0,63}")
#: A scenario id: it names a source file (``scenarios/<id>.toml``) and autosave files, so it
#: is a safe file name (no ``/``, no leading ``.``).
SCENARIO_ID_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
#: An art file name (the key in ``Module.art``; the member is ``art/<name>``).
ART_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}\.(?:png|jpg)")
#: Characters a module's title, version, publisher and ruleset may not hold (C0 controls, DEL).
_CONTROL = re.compile("[\x00-\x1f\x7f]")
#: The fixed zip timestamp of every member (the earliest a zip can hold), for reproducible bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
#: Deflate level of record members. Not 9: level 9's lazy matching takes 8 s on 3 MB of
#: low-entropy records (27 times level 6) to save 2% on a real module.
ZIP_LEVEL = 6


@dataclass(frozen=True)
class Limits:
    """What a reader accepts. Anything beyond is refused before it is read or allocated, so a
    hostile file costs at most about ``max_file + max_total`` bytes plus ~80 bytes per value of
    ``max_values`` (~0.6 GiB at the defaults; ``tests/tools/test_hostile.py`` measures it)."""
    max_file: int = 128 << 20          # bytes of the .wtm file itself
    max_members: int = 4096
    max_member: int = 64 << 20         # uncompressed bytes of one member
    max_total: int = 128 << 20         # uncompressed bytes of all members
    max_ratio: int = 200               # uncompressed / compressed, for members over ratio_floor
    ratio_floor: int = 1 << 20
    max_name: int = 255                # bytes of a member name
    max_values: int = 4_000_000        # values decoding creates, all members together


LIMITS = Limits()


@dataclass(frozen=True)
class TableLimits:
    """What the table can draw and set up. The loader refuses a module beyond any of these (and
    ``validate`` says which record and why): a coordinate of 1e308 overflows the renderer's
    integer pixels, a hex of 5e-324 divides by zero, a scenario of 4,294,967,295 pieces never
    finishes setting up. Each default is at least 10 times what the largest real game needs
    (4,353 locations, 4,397 edges, 704 pieces set up), and a module at every limit at once
    renders a 4096x4096 shot in under 10 s of CPU and 1 GiB (``tests/tools/test_hostile.py``)."""
    max_extent: float = 100_000.0   # board width and height; |x|, |y| of every place on a board
    min_hex: float = 1.0            # hex radius (a grid's size), board units
    max_hex: float = 10_000.0
    max_boards: int = 64
    max_grids: int = 64
    max_locations: int = 50_000
    max_edges: int = 50_000
    max_pieces: int = 20_000        # pieces one scenario sets up (its placement counts added up)


TABLE_LIMITS = TableLimits()


class Problem(NamedTuple):
    """One integrity problem: the member file and record it is in, what is wrong, and the source
    file (``docs/source-format.md``) the record comes from."""
    file: str
    record: str
    message: str
    source: str

    def __str__(self) -> str:
        return ": ".join(p for p in (self.file, self.record, self.message) if p)

    def in_source(self) -> str:
        """The same problem, naming the source file instead of the member."""
        return ": ".join(p for p in (self.source, self.record, self.message) if p)

    def error(self) -> ModuleError:
        return ModuleError(self.file, self.record, self.message)


# -- integrity ---------------------------------------------------------------------------------

def art_problem(name: str, data: Any) -> str:
    """What is wrong with art file ``name`` holding ``data`` ("" nothing): a ``.png`` must be a
    PNG image, a ``.jpg`` a JPEG image."""
    if not isinstance(data, (bytes, bytearray)):
        return "not an image"
    if name.endswith(".jpg"):
        return "" if data.startswith(JPEG_SIGNATURE) else "not a JPEG image"
    return "" if data.startswith(PNG_SIGNATURE) else "not a PNG image"


def format_minor(module: Module) -> int:
    """The format minor version ``module`` needs: the oldest that holds its members (JPEG art
    needs :data:`JPEG_MINOR`; everything else is format 1.0)."""
    return JPEG_MINOR if any(name.endswith(".jpg") for name in module.art) else 0


def _rec(kind: str, i: int, ident: Any = None) -> str:
    """A record's name in a message: ``location #41 (0805)``, its id cut to 40 characters."""
    if isinstance(ident, str) and len(ident) > 40:
        ident = ident[:37] + "..."
    return f"{kind} #{i}" + (f" ({ident})" if isinstance(ident, str) and ident else "")


def module_problems(module: Module, table: TableLimits = TABLE_LIMITS) -> list[Problem]:
    """Every broken reference and out-of-range value in ``module`` that the format forbids:
    unknown kinds, references to missing records, faces out of range, misshapen tables, bad art;
    and everything beyond what the table can draw or set up (:class:`TableLimits`).

    The loader refuses a module with any of these; ``tools.validate`` adds the softer checks
    (graph sanity, counter-mix counts, hex labels)."""
    out: list[Problem] = []

    def add(file: str, record: str, message: str, source: str) -> None:
        out.append(Problem(file, record, message, source))

    _table_problems(module, table, add)

    m = module
    if not isinstance(m.id, str) or not MODULE_ID_RE.fullmatch(m.id):
        add(MANIFEST, "module", f"id {m.id!r:.40} is not lower_snake (a-z, 0-9, _; "
            "starting with a letter; at most 64 characters)", "module.toml")
    for field in ("title", "version", "publisher", "ruleset"):
        value = getattr(m, field)
        if isinstance(value, str) and _CONTROL.search(value):
            add(MANIFEST, "module", f"{field} {value!r:.40} holds a control character (it is "
                "shown in window titles and menus)", "module.toml")
    side_ids = _ids(m.sides, "side", add, "map.bin", "module.toml")
    nat_ids = _ids(m.nationalities, "nationality", add, "map.bin", "module.toml")
    board_ids = _ids(m.boards, "board", add, "map.bin", "module.toml")
    grid_ids = _ids(m.grids, "grid", add, "map.bin", "module.toml")
    for i, n in enumerate(m.nationalities):
        if n.side not in side_ids:
            add("map.bin", _rec("nationality", i, n.id), f"side {n.side!r} does not exist",
                "module.toml")
    for i, b in enumerate(m.boards):
        if b.kind not in BOARD_KINDS:
            add("map.bin", _rec("board", i, b.id), f"kind {b.kind!r} is not one of "
                f"{', '.join(BOARD_KINDS)}", "module.toml")
        if b.art and b.art not in m.art:
            add("map.bin", _rec("board", i, b.id), f"art {b.art!r} is not in the module's art",
                "module.toml")
    for i, g in enumerate(m.grids):
        rec = _rec("grid", i, g.id)
        if g.board not in board_ids:
            add("map.bin", rec, f"board {g.board!r} does not exist", "module.toml")
        if g.orientation not in ORIENTATIONS:
            add("map.bin", rec, f"orientation {g.orientation!r} is not flat or pointy",
                "module.toml")
        if not (isinstance(g.size, (int, float)) and g.size > 0):
            add("map.bin", rec, f"size {g.size!r:.40} is not a positive number", "module.toml")

    locs = m.locations
    owners = side_ids | {""}
    boards = board_ids | {""}
    grids = grid_ids | {""}
    for i, loc in enumerate(locs.values()):
        if (loc.kind not in LOCATION_KINDS or loc.visibility not in VISIBILITIES
                or loc.board not in boards or loc.grid not in grids or loc.owner not in owners):
            rec = _rec("location", i, loc.id)
            src = "locations.csv"
            if loc.kind not in LOCATION_KINDS:
                add("map.bin", rec, f"kind {loc.kind!r} is not one of "
                    f"{', '.join(LOCATION_KINDS)}", src)
            if loc.visibility not in VISIBILITIES:
                add("map.bin", rec, f"visibility {loc.visibility!r} is not one of "
                    f"{', '.join(VISIBILITIES)}", src)
            if loc.board not in boards:
                add("map.bin", rec, f"board {loc.board!r} does not exist", src)
            if loc.grid not in grids:
                add("map.bin", rec, f"grid {loc.grid!r} does not exist", src)
            if loc.owner not in owners:
                add("map.bin", rec, f"owner {loc.owner!r} is not a side", src)
    for i, e in enumerate(m.edges):
        if e.a not in locs or e.b not in locs or e.kind not in EDGE_KINDS:
            rec = _rec("edge", i, f"{e.a}|{e.b}" if isinstance(e.a, str) and
                       isinstance(e.b, str) else None)
            for end in (e.a, e.b):
                if end not in locs:
                    add("map.bin", rec, f"location {end!r} does not exist", "edges.csv")
            if e.kind not in EDGE_KINDS:
                add("map.bin", rec, f"kind {e.kind!r} is not connection or hexside",
                    "edges.csv")

    nats = nat_ids | {""}
    for i, p in enumerate(m.piece_types.values()):
        src = "cards.csv" if p.kind == "card" else "pieces.csv"
        if (p.kind not in PIECE_KINDS or p.side not in owners or p.nationality not in nats
                or not p.faces):
            rec = _rec("piece type", i, p.id)
            if p.kind not in PIECE_KINDS:
                add("pieces.bin", rec, f"kind {p.kind!r} is not one of {', '.join(PIECE_KINDS)}",
                    src)
            if p.side not in owners:
                add("pieces.bin", rec, f"side {p.side!r} does not exist", src)
            if p.nationality not in nats:
                add("pieces.bin", rec, f"nationality {p.nationality!r} does not exist", src)
            if not p.faces:
                add("pieces.bin", rec, "a piece type needs at least one face", src)
        if isinstance(p.faces, tuple) and len(p.faces) > 0xFFFF:
            add("pieces.bin", _rec("piece type", i, p.id), f"{len(p.faces)} faces, more than "
                "the 65535 a module can hold", src)

    for i, t in enumerate(m.tables.values()):
        nr, nc = len(t.rows.values), len(t.cols.values)
        if len(t.cells) != nr or any(len(row) != nc for row in t.cells):
            add("tables.bin", _rec("table", i, t.id), f"cells are not {nr} rows of {nc}",
                f"tables/{t.id}.csv")
    for i, d in enumerate(m.dice.values()):
        if not d.faces:
            add("dice.bin", _rec("dice", i, d.id), "a die needs at least one face",
                "module.toml")

    pieces = m.piece_types
    for i, sc in enumerate(m.scenarios.values()):
        rec = _rec("scenario", i, sc.id)
        toml, csv = f"scenarios/{sc.id}.toml", f"scenarios/{sc.id}.csv"
        if not isinstance(sc.id, str) or not SCENARIO_ID_RE.fullmatch(sc.id):
            add("scenarios.bin", _rec("scenario", i), f"id {sc.id!r:.40} is not a file name "
                "(letters, digits, _ . -; not starting with . or -; at most 64 characters)",
                "module.toml")
        for j, p in enumerate(sc.placements):
            pt = pieces.get(p.piece_type)
            if pt is None or p.location not in locs or not 0 <= p.face < len(pt.faces):
                prec = f"{rec} placement #{j}"
                if pt is None:
                    add("scenarios.bin", prec, f"piece type {p.piece_type!r} does not exist", csv)
                elif not 0 <= p.face < len(pt.faces):
                    add("scenarios.bin", prec, f"face {p.face} is out of range: "
                        f"{p.piece_type} has {len(pt.faces)} faces", csv)
                if p.location not in locs:
                    add("scenarios.bin", prec, f"location {p.location!r} does not exist", csv)
        for loc_id in sc.shuffle:
            if loc_id not in locs:
                add("scenarios.bin", rec, f"shuffle: location {loc_id!r} does not exist", toml)
        seen: set[str] = set()
        for j, o in enumerate(sc.options):
            orec = f"{rec} option #{j}" + (f" ({o.id})" if o.id else "")
            if o.id in seen:
                add("scenarios.bin", orec, f"option id {o.id!r} is used twice", toml)
            seen.add(o.id)
            if o.default not in o.choices:
                add("scenarios.bin", orec, f"default {o.default!r} is not one of its choices",
                    toml)
            if o.side not in owners:
                add("scenarios.bin", orec, f"side {o.side!r} does not exist", toml)

    for name, data in m.art.items():
        member = f"art/{name}"
        if not isinstance(name, str) or not ART_NAME_RE.fullmatch(name):
            add(member, "", "an art name is letters, digits, _ . - and ends in .png or .jpg",
                member)
        elif art_problem(name, data):
            add(member, "", art_problem(name, data), member)
    return out


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _table_problems(m: Module, t: TableLimits, add: Any) -> None:
    """The :class:`TableLimits` checks of :func:`module_problems`."""
    ext = t.max_extent
    far = f"beyond the table (at most {ext:g} board units from the origin)"
    for what, records, most, src in (("boards", m.boards, t.max_boards, "module.toml"),
                                     ("grids", m.grids, t.max_grids, "module.toml"),
                                     ("locations", m.locations, t.max_locations,
                                      "locations.csv"),
                                     ("edges", m.edges, t.max_edges, "edges.csv")):
        if len(records) > most:
            add("map.bin", what, f"{len(records)} {what}, more than the {most} the table "
                "can draw", src)
    for i, b in enumerate(m.boards):
        for name in ("width", "height"):
            v = getattr(b, name)
            if not (_number(v) and 0 <= v <= ext):
                add("map.bin", _rec("board", i, b.id), f"{name} {v!r:.40} is not a size in "
                    f"0..{ext:g} board units", "module.toml")
    layouts: dict[str, Layout] = {}
    for i, g in enumerate(m.grids):
        rec = _rec("grid", i, g.id)
        if _number(g.size) and g.size > 0 and not t.min_hex <= g.size <= t.max_hex:
            add("map.bin", rec, f"size {g.size!r} is not a hex radius in "
                f"{t.min_hex:g}..{t.max_hex:g} board units", "module.toml")
        origin_ok = True
        for name in ("origin_x", "origin_y"):
            v = getattr(g, name)
            if not (_number(v) and abs(v) <= ext):
                add("map.bin", rec, f"{name} {v!r:.40} is {far}", "module.toml")
                origin_ok = False
        if (origin_ok and _number(g.size) and t.min_hex <= g.size <= t.max_hex
                and g.orientation in ORIENTATIONS):
            layouts[g.id] = Layout(g.orientation, float(g.size), float(g.origin_x),
                                   float(g.origin_y))
    for i, loc in enumerate(m.locations.values()):
        bad = [f"{name} {v!r:.40}" for name, v in (("x", loc.x), ("y", loc.y))
               if not (_number(v) and abs(v) <= ext)]
        layout = layouts.get(loc.grid) if loc.kind == "hex" else None
        if layout is not None and isinstance(loc.q, int) and isinstance(loc.r, int):
            x, y = layout.to_pixel(Hex(loc.q, loc.r)) if max(abs(loc.q), abs(loc.r)) < 1 << 31 \
                else (math.inf, math.inf)
            if not (abs(x) <= ext and abs(y) <= ext):
                bad.append(f"hex (q {loc.q}, r {loc.r}) at ({x:.6g}, {y:.6g})")
        if bad:
            add("map.bin", _rec("location", i, loc.id), f"{' and '.join(bad)} is {far}",
                "locations.csv")
    for i, sc in enumerate(m.scenarios.values()):
        n = sum(p.count for p in sc.placements if isinstance(p.count, int))
        if n > t.max_pieces:
            add("scenarios.bin", _rec("scenario", i, sc.id), f"sets up {n} pieces, more than "
                f"the {t.max_pieces} the table can hold", f"scenarios/{sc.id}.csv")


def _ids(records: Any, kind: str, add: Any, file: str, source: str) -> set[str]:
    ids: set[str] = set()
    for i, r in enumerate(records):
        if r.id in ids:
            add(file, _rec(kind, i, r.id), f"id {r.id!r} is used twice", source)
        ids.add(r.id)
    return ids


# -- writing -----------------------------------------------------------------------------------

def manifest_raw(module: Module, members: Mapping[str, bytes]) -> dict[str, Any]:
    """The raw manifest of ``module`` listing ``members`` (name -> bytes) with sizes and CRCs."""
    raw = {"magic": b"WTMF", "major": FORMAT_MAJOR, "minor": format_minor(module),
           "requires": FORMAT_REQUIRES,
           "members": [(name, len(data), zlib.crc32(data)) for name, data in
                       sorted(members.items())]}
    for field, limit in (("id", 0xFFFF), ("title", 0xFFFF), ("version", 0xFFFF),
                         ("publisher", 0xFFFF), ("ruleset", 0xFFFF),
                         ("description", 0xFFFFFFFF)):
        value = getattr(module, field)
        if not isinstance(value, str):
            raise ModuleError(MANIFEST, "module", f"{field}: expected text")
        try:
            encoded = value.encode("utf-8")
        except UnicodeEncodeError:
            raise ModuleError(MANIFEST, "module", f"{field}: not valid Unicode") from None
        if len(encoded) > limit:
            raise ModuleError(MANIFEST, "module", f"{field}: longer than {limit} bytes")
        raw[field] = value
    return raw


def pack_members(members: Mapping[str, bytes]) -> bytes:
    """Zip ``members`` (name -> bytes) deterministically: sorted names, fixed timestamp and file
    attributes, deflate level :data:`ZIP_LEVEL` for records, stored art (PNG is compressed
    already)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.create_system = 3
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            if name.startswith("art/"):
                info.compress_type = zipfile.ZIP_STORED
                zf.writestr(info, members[name])
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, members[name], compresslevel=ZIP_LEVEL)
    return buf.getvalue()


def module_members(module: Module) -> dict[str, bytes]:
    """Every member of ``module``'s file, manifest included (name -> uncompressed bytes)."""
    members = encode_members(module)  # first: it checks every field's type, record by record
    problems = module_problems(module)
    if problems:
        raise problems[0].error()
    for name, data in module.art.items():
        members[f"art/{name}"] = bytes(data)
    try:
        members[MANIFEST] = build_member(MANIFEST, manifest_raw(module, members))
    except ModuleError:
        raise
    except Exception as exc:  # construct refuses a value it cannot encode
        raise ModuleError(MANIFEST, "", f"cannot encode: {_short(exc)}") from None
    return members


def write_module(module: Module) -> bytes:
    """The ``.wtm`` bytes of ``module``.

    Deterministic: the same records in the same order always give the same bytes (members sorted
    by name, fixed timestamps and attributes, fixed compression level, strings interned in the
    order the records are written, attribute keys sorted). Raises ModuleError for a module the
    loader would refuse (:func:`module_problems`) or a value the format cannot hold."""
    return pack_members(module_members(module))


def save_module(module: Module, path: str | os.PathLike[str]) -> None:
    """Write ``module`` to ``path`` atomically (:func:`engine.files.atomic_write`: a temporary
    file, fsync, then a rename), creating missing folders. ModuleError naming the path when it
    cannot be written (a folder is there, a file is in the way, no permission...)."""
    path = Path(path)
    data = write_module(module)
    if is_dir(path):
        raise ModuleError(shown(path), "", "is a folder: give the module file's name")
    for folder in path.parents:
        if exists(folder) and not is_dir(folder):
            raise ModuleError(shown(path), "", f"{shown(folder)} is a file, not a folder")
    try:
        atomic_write(path, data)
    except OSError as exc:
        raise ModuleError(shown(path), "", f"cannot write: {describe_os_error(exc)}") from None


# -- reading -----------------------------------------------------------------------------------

def _wartable_version() -> str:
    try:
        from importlib.metadata import version
        return version("wartable")
    except Exception:  # not installed as a distribution (running from a checkout)
        return "unknown"


def _check_name(name: str, limits: Limits) -> str | None:
    """Why a member name is unsafe, or None."""
    if not name:
        return "empty member name"
    if len(name.encode("utf-8", "surrogateescape")) > limits.max_name:
        return f"member name longer than {limits.max_name} bytes"
    if name.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", name) or "\\" in name:
        return "absolute or Windows-style member path"
    if ".." in name.split("/"):
        return "member path contains '..'"
    if any(ord(ch) < 32 for ch in name):
        return "control character in member name"
    return None


def _open_zip(data: bytes, name: str, limits: Limits
              ) -> tuple[zipfile.ZipFile, dict[str, zipfile.ZipInfo]]:
    if len(data) > limits.max_file:
        raise ModuleError(name, "", f"file is {len(data)} bytes, more than the "
                          f"{limits.max_file} a module may have")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except Exception as exc:  # zipfile raises many kinds on damaged input
        raise ModuleError(name, "", f"not a module file (not a readable zip archive: "
                          f"{_short(exc)})") from None
    if len(infos) > limits.max_members:
        raise ModuleError(name, "", f"{len(infos)} members, more than the {limits.max_members} "
                          "a module may have")
    by_name: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in infos:
        member = info.filename
        why = _check_name(member, limits)
        if why:
            raise ModuleError(name, repr(member)[1:-1][:80], why)
        if member in by_name:
            raise ModuleError(member, "", "member appears twice in the archive")
        if (info.external_attr >> 16) & 0o170000 == stat.S_IFLNK:
            raise ModuleError(member, "", "member is a symbolic link")
        if member.endswith("/") or info.is_dir():
            raise ModuleError(member, "", "unknown member (a directory entry)")
        if info.flag_bits & 0x1:
            raise ModuleError(member, "", "member is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise ModuleError(member, "", f"compression method {info.compress_type} is not "
                              "allowed (stored or deflated only)")
        if info.file_size > limits.max_member:
            raise ModuleError(member, "", f"member is {info.file_size} bytes uncompressed, "
                              f"more than the {limits.max_member} allowed")
        total += info.file_size
        if total > limits.max_total:
            raise ModuleError(member, "", f"members add up to more than the {limits.max_total} "
                              "uncompressed bytes allowed")
        if (info.file_size > limits.ratio_floor
                and info.file_size > limits.max_ratio * max(info.compress_size, 1)):
            raise ModuleError(member, "", f"compression ratio {info.file_size}:"
                              f"{info.compress_size} is beyond {limits.max_ratio}:1 "
                              "(a zip bomb?)")
        by_name[member] = info
    return zf, by_name


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    try:
        with zf.open(info) as f:
            # an explicit size bounds the decompression to what the header declares
            data = f.read(info.file_size)
    except Exception as exc:
        raise ModuleError(info.filename, "", f"damaged zip data: {_short(exc)}") from None
    if len(data) != info.file_size:
        raise ModuleError(info.filename, "", f"truncated: {len(data)} of {info.file_size} bytes")
    return data


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:160]


def _read_manifest(data: bytes) -> dict[str, Any]:
    try:
        header, reader = read_manifest_header(data)
    except LayoutError as exc:
        raise ModuleError(MANIFEST, exc.where, exc.message) from None
    major, minor = header["major"], header["minor"]
    if major > FORMAT_MAJOR:
        raise ModuleError(MANIFEST, "", f"module format {major}.{minor} is newer than this "
                          f"wartable ({_wartable_version()}) reads (format {FORMAT_MAJOR}.x): "
                          f"it needs wartable {header['requires'][:40]} or newer")
    if major < 1:
        raise ModuleError(MANIFEST, "", f"module format {major}.{minor} is not supported "
                          f"(this wartable reads format {FORMAT_MAJOR}.x)")
    try:
        return read_manifest_body(header, reader)
    except LayoutError as exc:
        raise ModuleError(MANIFEST, exc.where, exc.message) from None


def read_module(data: bytes, name: str = "module", limits: Limits = LIMITS,
                fast: bool = True) -> Module:
    """Load a module from the bytes of a ``.wtm`` file.

    Any input ends in a valid :class:`Module` or a :class:`ModuleError` whose message names the
    member file and the record (``name`` names the file itself in container-level errors). Sizes
    and counts are checked before anything is read or allocated; nothing from the file is ever
    executed. ``fast=False`` parses with the plain construct schemas (for tests)."""
    zf, infos = _open_zip(data, name, limits)
    if MANIFEST not in infos:
        raise ModuleError(MANIFEST, "", f"required member is missing: {name} is not a "
                          "wartable module")
    manifest = _read_manifest(_read_member(zf, infos[MANIFEST]))
    listed: dict[str, tuple[int, int]] = {}
    for i, (member, size, crc) in enumerate(manifest["members"]):
        if member in listed or member == MANIFEST:
            raise ModuleError(MANIFEST, f"member #{i}", f"{member!r:.80} is listed twice")
        listed[member] = (size, crc)
    newer_minor = manifest["minor"] > FORMAT_MINOR
    for member in infos:
        if member == MANIFEST:
            continue
        if member not in listed:
            raise ModuleError(member, "", "member is not listed in the manifest")
        if member not in MEMBERS and not (member.startswith("art/")
                                          and ART_NAME_RE.fullmatch(member[4:])):
            if not newer_minor:
                raise ModuleError(member, "", "unknown member")
    for member in listed:
        if member not in infos:
            raise ModuleError(member, "", "listed in the manifest but missing from the archive")
    for member in REQUIRED_MEMBERS:
        if member not in infos:
            raise ModuleError(member, "", "required member is missing")

    contents: dict[str, bytes] = {}
    art: dict[str, bytes] = {}
    for member, info in sorted(infos.items()):
        if member == MANIFEST:
            continue
        is_art = member.startswith("art/") and ART_NAME_RE.fullmatch(member[4:])
        if member not in MEMBERS and not is_art:
            continue  # an optional member of a newer minor version: not ours to read
        size, crc = listed[member]
        if info.file_size != size:
            raise ModuleError(member, "", f"size {info.file_size} differs from the manifest's "
                              f"{size}")
        blob = _read_member(zf, info)
        if zlib.crc32(blob) != crc:
            raise ModuleError(member, "", "CRC32 differs from the manifest's (damaged file)")
        if is_art:
            if art_problem(member, blob):
                raise ModuleError(member, "", art_problem(member, blob))
            art[member[4:]] = blob
        else:
            contents[member] = blob

    enabled = gc.isenabled()
    gc.disable()  # decoding allocates many small records and no cycles
    try:
        fields = decode_members(contents, fast, limits.max_values)
    finally:
        if enabled:
            gc.enable()
    module = Module(id=manifest["id"], title=manifest["title"], version=manifest["version"],
                    publisher=manifest["publisher"], ruleset=manifest["ruleset"],
                    description=manifest["description"], art=art, **fields)
    problems = module_problems(module)
    if problems:
        raise problems[0].error()
    return module


def load_module(path: str | os.PathLike[str], limits: Limits = LIMITS) -> Module:
    """Load a ``.wtm`` file (see :func:`read_module`). Refuses anything but a regular file of at
    most ``limits.max_file`` bytes before reading it."""
    path = Path(path)
    try:
        data = read_regular_file(path, limits.max_file)
    except FileRefused as exc:
        raise ModuleError(shown(path), "", f"cannot be a module: {exc.reason}") from None
    except OSError as exc:
        raise ModuleError(shown(path), "", f"cannot open: {describe_os_error(exc)}") from None
    return read_module(data, shown(path.name), limits)


def module_info(module: Module) -> dict[str, Any]:
    """A summary of a module (``wartable info``): identity and record counts."""
    return {
        "id": module.id, "title": module.title, "version": module.version,
        "publisher": module.publisher, "ruleset": module.ruleset,
        "format": f"{FORMAT_MAJOR}.{format_minor(module)}",
        "sides": [s.id for s in module.sides],
        "boards": len(module.boards), "grids": len(module.grids),
        "locations": len(module.locations), "edges": len(module.edges),
        "piece_types": len(module.piece_types),
        "pieces": sum(p.count for p in module.piece_types.values()),
        "cards": len(module.cards), "tables": len(module.tables), "dice": len(module.dice),
        "scenarios": list(module.scenarios), "rules": len(module.rules_index),
        "provenance": len(module.provenance), "art": len(module.art),
    }

