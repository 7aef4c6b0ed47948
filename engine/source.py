"""Module source folders (``docs/source-format.md``): ``read_source(folder) -> Module`` and
``write_source(module, folder)``.

Reading reports the first problem as a :class:`engine.errors.SourceError` naming the file, the
line (for CSV, the row number a spreadsheet shows: the header is row 1 and comment and blank lines
count) and the column. Writing produces the *canonical* form: every value explicit, attribute
columns in first-use order, floats in their shortest round-trip form; so sources -> module ->
sources -> module gives byte-identical ``.wtm`` files.

Hexes whose ``q, r`` are empty get them from the grid's numbering scheme (``engine.hexgrid``,
reached only through :func:`hexgrid_coords`); empty ``x, y`` are the pixel centre of ``q, r`` on
the grid (:func:`pixel_centre`, the geometry ``engine.model.Grid`` defines).
"""
from __future__ import annotations

import csv
import io
import math
import os
import re
import tomllib
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from . import hexgrid
from .errors import SourceError
from .files import FileRefused, describe_os_error, exists, is_dir, read_regular_file, shown
from .model import (Axis, Board, Dice, Edge, Face, Grid, Location, Module, Nationality,
                          Placement, PieceType, Provenance, Scenario, ScenarioOption, Side, Table,
                          Value)

Progress = Callable[[int, int, str], None]
HexCoords = Callable[[Grid, str], "tuple[int, int]"]

MODULE_TOML = "module.toml"
#: The largest source file read (a module member may be no larger: engine.container.Limits).
MAX_SOURCE_FILE = 64 << 20
#: Files and folders that belong to the author, never read into the module nor written by dump.
NOT_PACKED = ("rules", "build", "PROVENANCE.md", "COVERAGE.md", "NOTES.md", "README.md")
#: A name that can be a file name (table and scenario ids, art).
SAFE_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
EMPTY_TEXT = "''"   # in an attribute or face-name cell: the empty string (an empty cell: absent)
#: Art files a source folder's ``art/`` holds: PNG images, and JPEG images (scanned maps).
ART_SUFFIXES = (".png", ".jpg")

INT_RE = re.compile(r"-?[0-9]+")
FLOAT_RE = re.compile(r"-?(?:[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?"
                      r"|[0-9]+[eE][-+]?[0-9]+)")
TYPES = ("int", "float", "bool", "str")

LOCATION_COLUMNS = {"id": "str", "kind": "str", "board": "str", "name": "str", "x": "float",
                    "y": "float", "terrain": "str", "grid": "str", "q": "int", "r": "int",
                    "owner": "str", "visibility": "str"}
EDGE_COLUMNS = {"a": "str", "b": "str", "kind": "str"}
PIECE_COLUMNS = {"id": "str", "name": "str", "kind": "str", "side": "str", "nationality": "str",
                 "unit_type": "str", "size": "str", "symbol": "str", "count": "int", "back": "str"}
PLACEMENT_COLUMNS = {"piece_type": "str", "location": "str", "count": "int", "face": "int",
                     "turn": "int"}
FACE_RE = re.compile(r"f([0-9]+)(?:\.(.+))?")


# -- hex geometry ------------------------------------------------------------------------------

def hexgrid_coords(grid: Grid, label: str) -> tuple[int, int]:
    """Axial ``(q, r)`` of hex ``label`` on ``grid``, through ``engine.hexgrid``'s numbering
    scheme (``scheme_for(grid).hex(label)``). Raises SourceError when the scheme refuses the
    grid or the label (the caller adds file and line)."""
    try:
        h = hexgrid.scheme_for(grid).hex(label)
        return int(h.q), int(h.r)
    except Exception as exc:  # the scheme refuses the grid or the label
        raise SourceError("", 0, 0, f"grid {grid.id!r} ({grid.numbering}): {exc}") from None


def pixel_centre(grid: Grid, q: int, r: int) -> tuple[float, float]:
    """The pixel centre of axial ``(q, r)`` on ``grid`` (``engine.hexgrid.Layout``), rounded to
    1/100 pixel."""
    try:
        x, y = hexgrid.Layout.from_grid(grid).to_pixel(hexgrid.Hex(q, r))
    except ValueError as exc:  # the layout refuses the grid (orientation, size)
        raise SourceError("", 0, 0, str(exc)) from None
    return round(x, 2) + 0.0, round(y, 2) + 0.0


# -- CSV ---------------------------------------------------------------------------------------

class Column:
    """A CSV header cell: its name, its type, and where it is."""

    def __init__(self, raw: str, index: int) -> None:
        self.text = raw            # verbatim (table headers are values)
        self.raw = raw.strip()
        self.index = index
        name, typ = self.raw, "str"
        if ":" in self.raw:
            head, tail = self.raw.rsplit(":", 1)
            if tail in TYPES:
                name, typ = head, tail
        self.name, self.type, self.explicit = name, typ, name != self.raw


class CsvFile:
    """A parsed CSV source file: its header and its data rows, each with its row number."""

    def __init__(self, path: Path, rel: str) -> None:
        self.rel = rel
        self.header: list[Column] = []
        self.header_row = 0
        self.rows: list[tuple[int, list[str]]] = []
        text = _read_text(path, rel)
        for number, cells in _csv_records(text, rel):
            if not self.header:
                self.header = [Column(c, i) for i, c in enumerate(cells)]
                self.header_row = number
            else:
                self.rows.append((number, cells))

    def error(self, row: int, col: int, message: str) -> SourceError:
        return SourceError(self.rel, row, col + 1 if col >= 0 else 0, message)


def _read_bytes(path: Path, rel: str, limit: int = MAX_SOURCE_FILE) -> bytes:
    """The bytes of a source file: a regular file of at most ``limit`` bytes (never a device
    or a FIFO: :func:`engine.files.read_regular_file`). SourceError naming it otherwise."""
    try:
        return read_regular_file(path, limit)
    except FileRefused as exc:
        raise SourceError(rel, 0, 0, f"cannot be a source file: {exc.reason}") from None
    except OSError as exc:
        raise SourceError(rel, 0, 0, f"cannot read: {describe_os_error(exc)}") from None


def _read_text(path: Path, rel: str) -> str:
    try:
        return _read_bytes(path, rel).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(rel, 0, 0, f"not UTF-8 text (byte {exc.start})") from None


class _Lines:
    """Feeds physical lines to ``csv.reader``, dropping comment lines — but only where a record
    starts (the caller sets ``at_start`` before asking for each record), never inside a quoted
    cell that spans lines."""

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.i = lines, 0
        self.at_start = True
        self.skipped = 0

    def __iter__(self) -> "_Lines":
        return self

    def __next__(self) -> str:
        while self.i < len(self.lines):
            line = self.lines[self.i]
            self.i += 1
            if self.at_start and line.startswith("#"):
                self.skipped += 1
                continue
            self.at_start = False
            return line
        raise StopIteration


def _csv_records(text: str, rel: str) -> Iterable[tuple[int, list[str]]]:
    """The non-comment, non-blank records of a CSV text with their spreadsheet row numbers
    (every record, comment and blank line is one row; a record may span several lines)."""
    parts = re.split(r"(\r\n|\n|\r)", text)
    lines = ["".join(parts[i:i + 2]) for i in range(0, len(parts), 2)]
    if lines and lines[-1] == "":
        lines.pop()
    feed = _Lines(lines)
    reader = csv.reader(feed, strict=True)
    row = 0
    while True:
        feed.at_start, feed.skipped = True, 0
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            message = "a quoted cell is never closed" if "end of data" in str(exc) else str(exc)
            raise SourceError(rel, row + feed.skipped + 1, 0, f"bad CSV: {message}") from None
        row += feed.skipped + 1
        if cells:  # [] is a blank line
            yield row, cells


def _typed(text: str, typ: str) -> Value:
    """Parse a non-empty cell of a typed column; raises ValueError."""
    if typ == "str":
        return text
    t = text.strip()
    if typ == "int":
        if INT_RE.fullmatch(t):
            return int(t)
        raise ValueError(f"{text!r} is not an integer")
    if typ == "float":
        if INT_RE.fullmatch(t) or FLOAT_RE.fullmatch(t):
            v = float(t)
            if math.isfinite(v):
                return v
        raise ValueError(f"{text!r} is not a finite decimal number")
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    raise ValueError(f"{text!r} is not true or false")


def infer(text: str) -> Value:
    """A table cell or header value typed by inference (``docs/source-format.md``)."""
    if text.startswith("'"):
        return text[1:]
    if INT_RE.fullmatch(text):
        return int(text)
    if FLOAT_RE.fullmatch(text):
        v = float(text)
        if math.isfinite(v):
            return v
    if text in ("true", "false"):
        return text == "true"
    return text


def infer_text(value: Value) -> str:
    """The cell text that :func:`infer` reads back as ``value`` (same type, same value)."""
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if type(value) is float:
        return repr(value)
    text = str(value)
    return "'" + text if text.startswith("'") or infer(text) != text or type(
        infer(text)) is not str else text


class _RowReader:
    """Reads the fixed columns and the attribute columns of one CSV file's rows."""

    def __init__(self, f: CsvFile, fixed: Mapping[str, str], required: Sequence[str],
                 faces: bool = False) -> None:
        self.f = f
        self.fixed: dict[str, Column] = {}
        self.attrs: list[Column] = []
        self.faces: dict[int, Column] = {}
        self.face_values: dict[int, list[tuple[str, Column]]] = {}
        seen: set[tuple[str, str]] = set()
        for col in f.header:
            m = FACE_RE.fullmatch(col.name) if faces else None
            if not col.name:
                raise f.error(f.header_row, col.index, "empty column name")
            if col.name in fixed:
                if col.name in self.fixed:
                    raise f.error(f.header_row, col.index, f"column {col.name!r} appears twice")
                if col.explicit and col.type != fixed[col.name]:
                    raise f.error(f.header_row, col.index, f"column {col.name!r} is "
                                  f"{fixed[col.name]}, not {col.type}")
                col.type = fixed[col.name]
                self.fixed[col.name] = col
            elif m and m.group(2) is None:
                n = int(m.group(1))
                if n in self.faces:
                    raise f.error(f.header_row, col.index, f"column {col.name!r} appears twice")
                self.faces[n] = col
            else:
                key = (col.name, col.type)
                if key in seen:
                    raise f.error(f.header_row, col.index, f"column {col.raw!r} appears twice")
                seen.add(key)
                if m:
                    self.face_values.setdefault(int(m.group(1)), []).append((m.group(2), col))
                else:
                    self.attrs.append(col)
        for name in required:
            if name not in self.fixed:
                raise f.error(f.header_row or 1, -1, f"missing column {name!r}")
        for n in self.face_values:
            if n not in self.faces:
                col = self.face_values[n][0][1]
                raise f.error(f.header_row, col.index, f"face value column {col.raw!r} without "
                              f"a face name column 'f{n}'")

    def cell(self, row: int, cells: list[str], name: str) -> Value | None:
        """A fixed column's value, or None when the cell is empty or the column absent."""
        col = self.fixed.get(name)
        if col is None or col.index >= len(cells) or cells[col.index] == "":
            return None
        try:
            return _typed(cells[col.index], col.type)
        except ValueError as exc:
            raise self.f.error(row, col.index, f"{col.name}: {exc}") from None

    def text(self, row: int, cells: list[str], name: str, default: str = "") -> str:
        v = self.cell(row, cells, name)
        return default if v is None else str(v)

    def _attr_map(self, row: int, cells: list[str], cols: Iterable[tuple[str, Column]]
                  ) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for key, col in cols:
            if col.index >= len(cells) or cells[col.index] == "":
                continue
            raw = cells[col.index]
            if key in out:
                raise self.f.error(row, col.index, f"attribute {key!r} has a value in two "
                                   "columns")
            if col.type == "str":
                out[key] = "" if raw == EMPTY_TEXT else raw
                continue
            try:
                out[key] = _typed(raw, col.type)
            except ValueError as exc:
                raise self.f.error(row, col.index, f"{col.raw}: {exc}") from None
        return out

    def attrs_of(self, row: int, cells: list[str]) -> dict[str, Value]:
        return self._attr_map(row, cells, ((c.name, c) for c in self.attrs))

    def faces_of(self, row: int, cells: list[str]) -> tuple[Face, ...] | None:
        faces: list[Face] = []
        missing = -1
        for n in sorted(self.faces):
            col = self.faces[n]
            name = cells[col.index] if col.index < len(cells) else ""
            values = self._attr_map(row, cells, self.face_values.get(n, ()))
            if name == "":
                if values:
                    raise self.f.error(row, col.index, f"face f{n} has values but no name")
                missing = n if missing < 0 else missing
                continue
            if missing >= 0 or n != len(faces):
                raise self.f.error(row, col.index, f"face f{n} follows a missing face "
                                   f"f{max(missing, len(faces))}")
            faces.append(Face("" if name == EMPTY_TEXT else name, values))
        return tuple(faces) or None

    def check_width(self, row: int, cells: list[str]) -> None:
        if len(cells) > len(self.f.header) and any(cells[len(self.f.header):]):
            raise self.f.error(row, len(self.f.header), f"{len(cells)} cells but the header has "
                               f"{len(self.f.header)} columns")


# -- TOML --------------------------------------------------------------------------------------

class TomlFile:
    """A parsed TOML source file, with positions for error messages."""

    def __init__(self, path: Path, rel: str) -> None:
        self.rel = rel
        self.text = _read_text(path, rel)
        try:
            self.data = tomllib.loads(self.text)
        except RecursionError:  # tomllib parses nested arrays and tables recursively
            raise SourceError(rel, 0, 0, "bad TOML: arrays or tables nested too deeply") from None
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
            msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
            raise SourceError(rel, int(m.group(1)) if m else 0, int(m.group(2)) if m else 0,
                              f"bad TOML: {msg}") from None
        self.lines = self.text.splitlines()

    def where(self, path: Sequence[str | int]) -> tuple[int, int]:
        """(line, column) of a key, e.g. ``("side", 2, "colour")``: best effort, (0, 0) if not
        found. Strings name tables or keys, an int picks the n-th ``[[array]]`` table."""
        tables: list[str] = []
        index = None
        for p in path:
            if isinstance(p, int):
                index = p
            else:
                tables.append(p)
        if not tables:
            return 0, 0
        key = tables[-1]
        header = ".".join(tables[:-1])
        line_no = 0
        if header:
            count = -1
            for i, line in enumerate(self.lines):
                s = line.strip()
                if s in (f"[[{header}]]", f"[{header}]"):
                    count += 1
                    if index is None or count == index:
                        line_no = i + 1
                        break
            if not line_no:
                return 0, 0
        sub_header = None
        for i in range(line_no, len(self.lines)):
            s = self.lines[i].strip()
            if s.startswith("[") and i + 1 != line_no:
                if line_no:
                    break
                sub_header = s
                continue
            if sub_header is None and re.match(rf'["\']?{re.escape(key)}["\']?\s*=', s):
                return i + 1, self.lines[i].index(s[0]) + 1
        return line_no, 1 if line_no else 0

    def error(self, path: Sequence[str | int], message: str) -> SourceError:
        line, col = self.where(path)
        return SourceError(self.rel, line, col, message)


class _Table:
    """Typed access to one TOML table, reporting unknown keys and wrong types."""

    def __init__(self, f: TomlFile, path: tuple[str | int, ...], data: Any,
                 allowed: Iterable[str]) -> None:
        self.f, self.path = f, path
        if not isinstance(data, dict):
            raise f.error(path, f"{'.'.join(str(p) for p in path)} must be a table")
        self.data = data
        for key in data:
            if key not in allowed:
                raise f.error(path + (key,), f"unknown key {key!r}")

    def _get(self, key: str, default: Any, kinds: tuple[type, ...], what: str) -> Any:
        if key not in self.data:
            if default is _REQUIRED:
                raise self.f.error(self.path[:-1] if self.path else (), f"{self._name()}: "
                                   f"missing key {key!r}")
            return default
        v = self.data[key]
        if type(v) not in kinds:
            raise self.f.error(self.path + (key,), f"{key} must be {what}, not {v!r:.40}")
        return v

    def _name(self) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else ("." if i else "") + p
                       for i, p in enumerate(self.path)) or "file"

    def str(self, key: str, default: Any = "") -> str:
        return self._get(key, default, (str,), "text")

    def int(self, key: str, default: Any = 0) -> int:
        return self._get(key, default, (int,), "an integer")

    def float(self, key: str, default: Any = 0.0) -> float:
        v = self._get(key, default, (int, float), "a number")
        if not math.isfinite(v):
            raise self.f.error(self.path + (key,), f"{key} must be a finite number")
        return float(v)

    def bool(self, key: str, default: Any = False) -> bool:
        return self._get(key, default, (bool,), "true or false")

    def strs(self, key: str) -> tuple[str, ...]:
        v = self._get(key, [], (list,), "a list of text")
        if not all(type(x) is str for x in v):
            raise self.f.error(self.path + (key,), f"{key} must be a list of text")
        return tuple(v)

    def values(self, key: str) -> tuple[Value, ...]:
        v = self._get(key, [], (list,), "a list of values")
        for x in v:
            _check_value(self.f, self.path + (key,), x)
        return tuple(v)

    def attrs(self, key: str) -> dict[str, Value]:
        v = self._get(key, {}, (dict,), "a table")
        for k, x in v.items():
            _check_value(self.f, self.path + (key, k), x)
        return dict(v)


_REQUIRED = object()


def _check_value(f: TomlFile, path: tuple, v: Any) -> None:
    if type(v) not in (int, float, str, bool):
        raise f.error(path, f"{path[-1]}: {v!r:.40} is not an int, float, text or bool")
    if type(v) is float and not math.isfinite(v):
        raise f.error(path, f"{path[-1]}: {v} is not a finite number")
    if type(v) is int and not -(1 << 63) <= v < (1 << 63):
        raise f.error(path, f"{path[-1]}: {v} does not fit in 64 bits")


def _array(f: TomlFile, name: str) -> list[Any]:
    v = f.data.get(name, [])
    if not isinstance(v, list):
        raise f.error((name,), f"{name} must be written [[{name}]]")
    return v


# -- reading -----------------------------------------------------------------------------------

def source_files(folder: str | Path) -> list[Path]:
    """Every file :func:`read_source` reads from ``folder`` (for staleness checks)."""
    folder = Path(folder)
    out = [folder / MODULE_TOML]
    for name in ("locations.csv", "edges.csv", "pieces.csv", "cards.csv", "tables.toml",
                 "rules_index.csv", "provenance.csv"):
        if (folder / name).is_file():
            out.append(folder / name)
    for sub, pattern in (("tables", "*.csv"), ("scenarios", "*.toml"), ("scenarios", "*.csv"),
                         ("art", "*.png"), ("art", "*.jpg")):
        if (folder / sub).is_dir():
            out.extend(sorted(p for p in (folder / sub).glob(pattern) if p.is_file()))
    return out


def read_source(folder: str | Path, progress: Progress | None = None,
                hex_coords: HexCoords | None = None) -> Module:
    """Read a module source folder. Raises SourceError (file, line, column) on the first problem
    of syntax or type; references are checked by ``engine.container.module_problems`` and
    ``tools.validate``. ``hex_coords`` replaces :func:`hexgrid_coords` (for tests)."""
    folder = Path(folder)
    if not os.path.lexists(folder / MODULE_TOML):
        raise SourceError(shown(folder), 0, 0, f"not a module source folder (no {MODULE_TOML})")
    steps = ["module.toml", "locations.csv", "edges.csv", "pieces.csv", "tables", "scenarios",
             "rules_index.csv", "provenance.csv", "art"]
    done = 0

    def step(what: str) -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, len(steps), what)

    head, sides, nats, boards, grids, dice, order = _read_module_toml(folder)
    step("module.toml")
    grid_by_id = {g.id: g for g in grids}
    locations = _read_locations(folder, grid_by_id, hex_coords or hexgrid_coords)
    step("locations.csv")
    edges = _read_edges(folder)
    step("edges.csv")
    pieces: dict[str, PieceType] = {}
    for name, default_kind in (("pieces.csv", "unit"), ("cards.csv", "card")):
        _read_pieces(folder, name, default_kind, pieces)
    step("pieces.csv")
    tables = _read_tables(folder)
    step("tables")
    scenarios = _read_scenarios(folder, order)
    step("scenarios")
    rules = _read_pairs(folder, "rules_index.csv", ("rule", "text"))
    rules_index: dict[str, str] = {}
    for row, (rule, text) in rules:
        if rule in rules_index:
            raise SourceError("rules_index.csv", row, 1, f"rule {rule!r} appears twice")
        rules_index[rule] = text
    step("rules_index.csv")
    provenance = tuple(Provenance(t, s) for _, (t, s) in
                       _read_pairs(folder, "provenance.csv", ("target", "source")))
    step("provenance.csv")
    art: dict[str, bytes] = {}
    if (folder / "art").is_dir():
        for p in sorted((folder / "art").iterdir()):
            if p.suffix in ART_SUFFIXES:  # an art file that is not a regular file is refused
                art[p.name] = _read_bytes(p, f"art/{p.name}")
    step("art")
    return Module(sides=sides, nationalities=nats, boards=boards, grids=grids,
                  locations=locations, edges=edges, piece_types=pieces, tables=tables,
                  dice=dice, scenarios=scenarios, rules_index=rules_index,
                  provenance=provenance, art=art, **head)


def _read_module_toml(folder: Path) -> tuple:
    f = TomlFile(folder / MODULE_TOML, MODULE_TOML)
    for key in f.data:
        if key not in ("module", "side", "nationality", "board", "grid", "dice", "sources"):
            raise f.error((key,), f"unknown table {key!r}")
    t = _Table(f, ("module",), f.data.get("module", {}),
               ("id", "title", "version", "publisher", "ruleset", "description", "scenarios"))
    head = {"id": t.str("id", _REQUIRED), "title": t.str("title", _REQUIRED),
            "version": t.str("version", "0.1.0"), "publisher": t.str("publisher"),
            "ruleset": t.str("ruleset", "free"), "description": t.str("description")}
    order = t.strs("scenarios") if "scenarios" in t.data else None
    sides, nats, boards, grids, dice = [], [], [], [], {}
    for i, d in enumerate(_array(f, "side")):
        s = _Table(f, ("side", i), d, ("id", "name", "colour"))
        sides.append(Side(s.str("id", _REQUIRED), s.str("name", _REQUIRED),
                          s.str("colour", "#808080")))
    for i, d in enumerate(_array(f, "nationality")):
        s = _Table(f, ("nationality", i), d, ("id", "name", "side", "bg", "fg"))
        nats.append(Nationality(s.str("id", _REQUIRED), s.str("name", _REQUIRED),
                                s.str("side", _REQUIRED), s.str("bg", "#c0c0c0"),
                                s.str("fg", "#000000")))
    for i, d in enumerate(_array(f, "board")):
        s = _Table(f, ("board", i), d, ("id", "name", "width", "height", "kind", "background",
                                        "art"))
        boards.append(Board(s.str("id", _REQUIRED), s.str("name", _REQUIRED),
                            s.float("width", _REQUIRED), s.float("height", _REQUIRED),
                            s.str("kind", "map"), s.str("background", "#e8e0c8"), s.str("art")))
    for i, d in enumerate(_array(f, "grid")):
        s = _Table(f, ("grid", i), d, ("id", "board", "orientation", "size", "origin_x",
                                       "origin_y", "numbering", "numbering_params"))
        grids.append(Grid(s.str("id", _REQUIRED), s.str("board", _REQUIRED),
                          s.str("orientation", _REQUIRED), s.float("size", _REQUIRED),
                          s.float("origin_x", _REQUIRED), s.float("origin_y", _REQUIRED),
                          s.str("numbering", _REQUIRED), s.attrs("numbering_params")))
    for i, d in enumerate(_array(f, "dice")):
        s = _Table(f, ("dice", i), d, ("id", "name", "faces"))
        die = Dice(s.str("id", _REQUIRED), s.str("name", ""), s.values("faces"))
        if die.id in dice:
            raise f.error(("dice", i, "id"), f"dice {die.id!r} appears twice")
        dice[die.id] = die
    return head, tuple(sides), tuple(nats), tuple(boards), tuple(grids), dice, order


def _csv(folder: Path, rel: str) -> CsvFile | None:
    """The CSV file ``rel`` of ``folder``, or None when there is none (a device, a FIFO or a
    folder under that name is refused, not skipped)."""
    path = folder / rel
    return CsvFile(path, rel) if os.path.lexists(path) else None


def _read_locations(folder: Path, grids: Mapping[str, Grid], hex_coords: HexCoords
                    ) -> dict[str, Location]:
    f = _csv(folder, "locations.csv")
    out: dict[str, Location] = {}
    if f is None:
        return out
    rr = _RowReader(f, LOCATION_COLUMNS, ("id", "kind"))
    for row, cells in f.rows:
        rr.check_width(row, cells)
        lid = rr.text(row, cells, "id")
        if not lid:
            raise f.error(row, rr.fixed["id"].index, "id is empty")
        if lid in out:
            raise f.error(row, rr.fixed["id"].index, f"location {lid!r} appears twice")
        kind = rr.text(row, cells, "kind")
        grid_id = rr.text(row, cells, "grid")
        q, r = rr.cell(row, cells, "q"), rr.cell(row, cells, "r")
        x, y = rr.cell(row, cells, "x"), rr.cell(row, cells, "y")
        for a, b, names in ((q, r, "q and r"), (x, y, "x and y")):
            if (a is None) != (b is None):
                raise f.error(row, rr.fixed["q" if names[0] == "q" else "x"].index,
                              f"{names} must both be given or both be empty")
        if kind == "hex" and (q is None or x is None):
            grid = grids.get(grid_id)
            if grid is None:
                raise f.error(row, rr.fixed["grid"].index if "grid" in rr.fixed else -1,
                              f"hex {lid!r} has no q, r, x, y and grid {grid_id!r} does not "
                              "exist to compute them")
            if q is None:
                try:
                    q, r = hex_coords(grid, lid)
                except SourceError as exc:
                    raise f.error(row, rr.fixed["id"].index, exc.message) from None
            if x is None:
                try:
                    x, y = pixel_centre(grid, int(q), int(r))
                except SourceError as exc:
                    raise f.error(row, rr.fixed["id"].index, exc.message) from None
        out[lid] = Location(lid, kind, rr.text(row, cells, "board"), rr.text(row, cells, "name"),
                            0.0 if x is None else float(x), 0.0 if y is None else float(y),
                            rr.text(row, cells, "terrain"), grid_id,
                            0 if q is None else int(q), 0 if r is None else int(r),
                            rr.text(row, cells, "owner"),
                            rr.text(row, cells, "visibility", "public"), rr.attrs_of(row, cells))
    return out


def _read_edges(folder: Path) -> tuple[Edge, ...]:
    f = _csv(folder, "edges.csv")
    if f is None:
        return ()
    rr = _RowReader(f, EDGE_COLUMNS, ("a", "b"))
    out = []
    for row, cells in f.rows:
        rr.check_width(row, cells)
        out.append(Edge(rr.text(row, cells, "a"), rr.text(row, cells, "b"),
                        rr.text(row, cells, "kind", "connection"), rr.attrs_of(row, cells)))
    return tuple(out)


def _read_pieces(folder: Path, rel: str, default_kind: str, out: dict[str, PieceType]) -> None:
    f = _csv(folder, rel)
    if f is None:
        return
    rr = _RowReader(f, PIECE_COLUMNS, ("id",), faces=True)
    for row, cells in f.rows:
        rr.check_width(row, cells)
        pid = rr.text(row, cells, "id")
        if not pid:
            raise f.error(row, rr.fixed["id"].index, "id is empty")
        if pid in out:
            raise f.error(row, rr.fixed["id"].index, f"piece type {pid!r} appears twice")
        count = rr.cell(row, cells, "count")
        out[pid] = PieceType(
            pid, rr.text(row, cells, "name"), rr.text(row, cells, "kind", default_kind),
            rr.text(row, cells, "side"), rr.text(row, cells, "nationality"),
            rr.text(row, cells, "unit_type"), rr.text(row, cells, "size"),
            rr.text(row, cells, "symbol"), rr.faces_of(row, cells) or (Face("front"),),
            1 if count is None else int(count), rr.text(row, cells, "back"),
            rr.attrs_of(row, cells))


def _read_tables(folder: Path) -> dict[str, Table]:
    out: dict[str, Table] = {}
    if not os.path.lexists(folder / "tables.toml"):
        return out
    f = TomlFile(folder / "tables.toml", "tables.toml")
    for key in f.data:
        if key != "table":
            raise f.error((key,), f"unknown table {key!r}")
    for i, d in enumerate(_array(f, "table")):
        t = _Table(f, ("table", i), d, ("id", "title", "rule", "notes", "rows", "cols"))
        tid = t.str("id", _REQUIRED)
        if not SAFE_NAME_RE.fullmatch(tid):
            raise f.error(("table", i, "id"), f"table id {tid!r} cannot be a file name")
        if tid in out:
            raise f.error(("table", i, "id"), f"table {tid!r} appears twice")
        rel = f"tables/{tid}.csv"
        body = _csv(folder, rel)
        if body is None:
            raise f.error(("table", i, "id"), f"table {tid!r}: {rel} is missing")
        cols = tuple(infer(c.text) for c in body.header[1:])
        rows, cells = [], []
        for row, line in body.rows:
            if len(line) != len(body.header):
                raise body.error(row, min(len(line), len(body.header)), f"{len(line)} cells "
                                 f"but the header has {len(body.header)}")
            rows.append(infer(line[0]))
            cells.append(tuple(infer(v) for v in line[1:]))
        out[tid] = Table(tid, t.str("title", ""), Axis(t.str("rows", "row"), tuple(rows)),
                         Axis(t.str("cols", "column"), cols), tuple(cells), t.str("rule"),
                         t.str("notes"))
    return out


def _read_scenarios(folder: Path, order: Sequence[str] | None) -> dict[str, Scenario]:
    sdir = folder / "scenarios"
    files = sorted(sdir.glob("*.toml")) if sdir.is_dir() else []
    by_id = {p.stem: p for p in files}
    for p in (sorted(sdir.glob("*.csv")) if sdir.is_dir() else []):
        if p.stem not in by_id:
            raise SourceError(f"scenarios/{p.name}", 0, 0, f"no scenarios/{p.stem}.toml for "
                              "these placements")
    if order is not None:
        for sid in order:
            if sid not in by_id:
                raise SourceError(MODULE_TOML, 0, 0, f"[module] scenarios lists {sid!r} but "
                                  f"scenarios/{sid}.toml does not exist")
        for sid in by_id:
            if sid not in order:
                raise SourceError(MODULE_TOML, 0, 0, f"[module] scenarios does not list "
                                  f"{sid!r} (scenarios/{sid}.toml)")
        if len(set(order)) != len(order):
            raise SourceError(MODULE_TOML, 0, 0, "[module] scenarios lists an id twice")
    out: dict[str, Scenario] = {}
    for sid in (order if order is not None else list(by_id)):
        out[sid] = _read_scenario(folder, sid)
    return out


def _read_scenario(folder: Path, sid: str) -> Scenario:
    rel = f"scenarios/{sid}.toml"
    f = TomlFile(folder / rel, rel)
    for key in f.data:
        if key not in ("scenario", "option"):
            raise f.error((key,), f"unknown table {key!r}")
    t = _Table(f, ("scenario",), f.data.get("scenario", {}),
               ("id", "name", "rule", "description", "first_turn", "last_turn", "victory",
                "shuffle", "globals", "attrs"))
    if t.str("id", sid) != sid:
        raise f.error(("scenario", "id"), f"id {t.str('id')!r} differs from the file name "
                      f"{sid!r}")
    options = []
    for i, d in enumerate(_array(f, "option")):
        o = _Table(f, ("option", i), d, ("id", "text", "choices", "default", "side", "secret"))
        options.append(ScenarioOption(o.str("id", _REQUIRED), o.str("text"),
                                      o.strs("choices") if "choices" in o.data else ("off", "on"),
                                      o.str("default", "off"), o.str("side"),
                                      o.bool("secret")))
    placements: list[Placement] = []
    body = _csv(folder, f"scenarios/{sid}.csv")
    if body is not None:
        rr = _RowReader(body, PLACEMENT_COLUMNS, ("piece_type", "location"))
        for row, cells in body.rows:
            rr.check_width(row, cells)
            count, face, turn = (rr.cell(row, cells, n) for n in ("count", "face", "turn"))
            placements.append(Placement(
                rr.text(row, cells, "piece_type"), rr.text(row, cells, "location"),
                1 if count is None else int(count), 0 if face is None else int(face),
                0 if turn is None else int(turn),
                rr.attrs_of(row, cells)))
    return Scenario(sid, t.str("name", _REQUIRED), t.str("rule"), t.str("description"),
                    t.int("first_turn", 1), t.int("last_turn", 0), tuple(placements),
                    t.attrs("globals"), t.strs("shuffle"), tuple(options), t.str("victory"),
                    t.attrs("attrs"))


def _read_pairs(folder: Path, rel: str, names: tuple[str, str]
                ) -> list[tuple[int, tuple[str, str]]]:
    f = _csv(folder, rel)
    if f is None:
        return []
    rr = _RowReader(f, {n: "str" for n in names}, names)
    if rr.attrs:
        col = rr.attrs[0]
        raise f.error(f.header_row, col.index, f"unknown column {col.raw!r} (the columns are "
                      f"{', '.join(names)})")
    out = []
    for row, cells in f.rows:
        rr.check_width(row, cells)
        out.append((row, (rr.text(row, cells, names[0]), rr.text(row, cells, names[1]))))
    return out


# -- writing -----------------------------------------------------------------------------------

def _type_name(v: Value) -> str:
    t = type(v)
    if t is bool:
        return "bool"
    if t is int:
        return "int"
    if t is float:
        return "float"
    if t is str:
        return "str"
    raise TypeError(f"{v!r:.40} is not an int, float, str or bool")


def _value_text(v: Value) -> str:
    """A typed cell's text (attribute, face value or fixed typed column)."""
    t = type(v)
    if t is bool:
        return "true" if v else "false"
    if t is float:
        return repr(v)
    return str(v)


def _quote(text: str) -> str:
    if text and (any(ch in text for ch in ',"\r\n') or text.startswith("#")):
        return '"' + text.replace('"', '""') + '"'
    return text


def _csv_line(cells: Sequence[str]) -> str:
    line = ",".join(_quote(c) for c in cells)
    return line if line else '""'  # a lone empty cell would read back as a blank line


class _Unrepresentable(Exception):
    pass


class _CsvWriter:
    """Collects the rows of one CSV file with fixed, face and attribute columns."""

    def __init__(self, rel: str, fixed: Sequence[str], reserved: Callable[[str], bool]
                 = lambda k: False) -> None:
        self.rel, self.fixed, self.reserved = rel, list(fixed), reserved
        self.rows: list[tuple[list[str], list[Mapping[str, Value]], Mapping[str, Value]]] = []

    def add(self, fixed: Sequence[str], faces: Sequence[Face], attrs: Mapping[str, Value]
            ) -> None:
        self.rows.append((list(fixed), list(faces), attrs))

    def text(self) -> str:
        n_faces = max((len(f) for _, f, _ in self.rows), default=0)
        face_cols = [_columns(f[n].values for _, f, _ in self.rows if len(f) > n)
                     for n in range(n_faces)]
        attr_cols = _columns(a for _, _, a in self.rows)
        for key, _ in attr_cols:
            if key in self.fixed or self.reserved(key) or key != key.strip() or not key:
                raise _Unrepresentable(f"{self.rel}: attribute name {key!r} cannot be a column "
                                       "(empty, padded, or taken by a fixed or face column)")
        for cols in face_cols:
            for key, _ in cols:
                if key != key.strip() or not key:
                    raise _Unrepresentable(f"{self.rel}: face value name {key!r} cannot be a "
                                           "column")
        header = list(self.fixed)
        for n, cols in enumerate(face_cols):
            header.append(f"f{n}")
            header += [_header(f"f{n}.{k}", t) for k, t in cols]
        header += [_header(k, t) for k, t in attr_cols]
        lines = [_csv_line(header)]
        for fixed, faces, attrs in self.rows:
            cells = list(fixed)
            for n, cols in enumerate(face_cols):
                if n < len(faces):
                    cells.append(_text_cell(faces[n].name))
                    cells += [_attr_cell(faces[n].values, k, t) for k, t in cols]
                else:
                    cells += [""] * (1 + len(cols))
            cells += [_attr_cell(attrs, k, t) for k, t in attr_cols]
            lines.append(_csv_line(cells))
        return "\n".join(lines) + "\n"


def _columns(maps: Iterable[Mapping[str, Value]]) -> list[tuple[str, str]]:
    seen: dict[tuple[str, str], None] = {}
    for m in maps:
        for k, v in m.items():
            seen.setdefault((k, _type_name(v)), None)
    return list(seen)


def _header(key: str, typ: str) -> str:
    if typ != "str":
        return f"{key}:{typ}"
    if ":" in key:
        return f"{key}:str"
    return key


def _text_cell(text: str) -> str:
    """An attribute-like text cell, where an empty cell means absent."""
    if text == EMPTY_TEXT:
        raise _Unrepresentable(f"the text {EMPTY_TEXT!r} cannot be written in an attribute cell "
                               "(it stands for the empty string)")
    return EMPTY_TEXT if text == "" else text


def _attr_cell(attrs: Mapping[str, Value], key: str, typ: str) -> str:
    if key not in attrs or _type_name(attrs[key]) != typ:
        return ""
    v = attrs[key]
    return _text_cell(v) if typ == "str" else _value_text(v)


def toml_string(s: str) -> str:
    """``s`` as a TOML basic string (quoted, escaped), as the canonical writer writes it."""
    return _toml_str(s)


def _toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch in "\n\t\r\b\f":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_value(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if type(v) is str:
        return _toml_str(v)
    if type(v) is float and not math.isfinite(v):
        raise _Unrepresentable(f"{v} is not a finite number")
    return _value_text(v)


def _toml_key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _toml_str(k)


def _toml_table(header: str, items: Iterable[tuple[str, Any]]) -> str:
    lines = [header] if header else []
    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in items]
    return "\n".join(lines) + "\n"


def _module_toml(m: Module) -> str:
    parts = [_toml_table("[module]", [
        ("id", m.id), ("title", m.title), ("version", m.version), ("publisher", m.publisher),
        ("ruleset", m.ruleset), ("description", m.description),
        ("scenarios", list(m.scenarios))])]
    for s in m.sides:
        parts.append(_toml_table("[[side]]", [("id", s.id), ("name", s.name),
                                              ("colour", s.colour)]))
    for n in m.nationalities:
        parts.append(_toml_table("[[nationality]]", [("id", n.id), ("name", n.name),
                                                     ("side", n.side), ("bg", n.bg),
                                                     ("fg", n.fg)]))
    for b in m.boards:
        parts.append(_toml_table("[[board]]", [
            ("id", b.id), ("name", b.name), ("width", float(b.width)),
            ("height", float(b.height)), ("kind", b.kind), ("background", b.background),
            ("art", b.art)]))
    for g in m.grids:
        parts.append(_toml_table("[[grid]]", [
            ("id", g.id), ("board", g.board), ("orientation", g.orientation),
            ("size", float(g.size)), ("origin_x", float(g.origin_x)),
            ("origin_y", float(g.origin_y)), ("numbering", g.numbering)]))
        if g.numbering_params:
            parts.append(_toml_table("[grid.numbering_params]", g.numbering_params.items()))
    for d in m.dice.values():
        parts.append(_toml_table("[[dice]]", [("id", d.id), ("name", d.name),
                                              ("faces", list(d.faces))]))
    return "\n".join(parts)


def _scenario_toml(s: Scenario) -> str:
    parts = [_toml_table("[scenario]", [
        ("id", s.id), ("name", s.name), ("rule", s.rule), ("description", s.description),
        ("first_turn", s.first_turn), ("last_turn", s.last_turn), ("victory", s.victory),
        ("shuffle", list(s.shuffle))])]
    if s.globals:
        parts.append(_toml_table("[scenario.globals]", s.globals.items()))
    if s.attrs:
        parts.append(_toml_table("[scenario.attrs]", s.attrs.items()))
    for o in s.options:
        parts.append(_toml_table("[[option]]", [
            ("id", o.id), ("text", o.text), ("choices", list(o.choices)),
            ("default", o.default), ("side", o.side), ("secret", o.secret)]))
    return "\n".join(parts)


def _is_face_column(key: str) -> bool:
    return FACE_RE.fullmatch(key) is not None


def source_texts(module: Module) -> dict[str, str | bytes]:
    """The canonical source files of ``module``: relative path -> text (or bytes for art).
    Raises SourceError for a value a source folder cannot express."""
    try:
        return _source_texts(module)
    except (_Unrepresentable, TypeError) as exc:
        raise SourceError("", 0, 0, f"cannot write sources: {exc}") from None


def _source_texts(m: Module) -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = {MODULE_TOML: _module_toml(m)}

    w = _CsvWriter("locations.csv", list(LOCATION_COLUMNS))
    for loc in m.locations.values():
        w.add([loc.id, loc.kind, loc.board, loc.name, _value_text(float(loc.x)),
               _value_text(float(loc.y)), loc.terrain, loc.grid, str(loc.q), str(loc.r),
               loc.owner, loc.visibility], (), loc.attrs)
    files["locations.csv"] = w.text()

    w = _CsvWriter("edges.csv", list(EDGE_COLUMNS))
    for e in m.edges:
        w.add([e.a, e.b, e.kind], (), e.attrs)
    files["edges.csv"] = w.text()

    kinds = [p.kind == "card" for p in m.piece_types.values()]
    split = any(kinds) and kinds == sorted(kinds)  # every card after every other piece
    writers = {False: _CsvWriter("pieces.csv", list(PIECE_COLUMNS), _is_face_column),
               True: _CsvWriter("cards.csv", list(PIECE_COLUMNS), _is_face_column)}
    for p in m.piece_types.values():
        writers[split and p.kind == "card"].add(
            [p.id, p.name, p.kind, p.side, p.nationality, p.unit_type, p.size, p.symbol,
             str(p.count), p.back], p.faces, p.attrs)
    files["pieces.csv"] = writers[False].text()
    if split:
        files["cards.csv"] = writers[True].text()

    if m.tables:
        parts = []
        for t in m.tables.values():
            if not SAFE_NAME_RE.fullmatch(t.id):
                raise _Unrepresentable(f"table id {t.id!r} cannot be a file name")
            parts.append(_toml_table("[[table]]", [
                ("id", t.id), ("title", t.title), ("rule", t.rule), ("notes", t.notes),
                ("rows", t.rows.name), ("cols", t.cols.name)]))
            lines = [_csv_line([t.rows.name] + [infer_text(v) for v in t.cols.values])]
            lines += [_csv_line([infer_text(rv)] + [infer_text(v) for v in row])
                      for rv, row in zip(t.rows.values, t.cells)]
            files[f"tables/{t.id}.csv"] = "\n".join(lines) + "\n"
        files["tables.toml"] = "\n".join(parts)

    for s in m.scenarios.values():
        if not SAFE_NAME_RE.fullmatch(s.id):
            raise _Unrepresentable(f"scenario id {s.id!r} cannot be a file name")
        files[f"scenarios/{s.id}.toml"] = _scenario_toml(s)
        w = _CsvWriter(f"scenarios/{s.id}.csv", list(PLACEMENT_COLUMNS))
        for p in s.placements:
            w.add([p.piece_type, p.location, str(p.count), str(p.face), str(p.turn)], (),
                  p.attrs)
        files[f"scenarios/{s.id}.csv"] = w.text()

    files["rules_index.csv"] = "\n".join(
        [_csv_line(["rule", "text"])] + [_csv_line([k, v]) for k, v in
                                         m.rules_index.items()]) + "\n"
    files["provenance.csv"] = "\n".join(
        [_csv_line(["target", "source"])] + [_csv_line([p.target, p.source]) for p in
                                             m.provenance]) + "\n"
    for name, data in m.art.items():
        if not SAFE_NAME_RE.fullmatch(name) or not name.endswith(ART_SUFFIXES):
            raise _Unrepresentable(f"art name {name!r} cannot be a file name")
        files[f"art/{name}"] = bytes(data)
    return files


#: Files and folders under a source folder that :func:`write_source` owns (and may replace).
_MANAGED = ("module.toml", "locations.csv", "edges.csv", "pieces.csv", "cards.csv",
            "tables.toml", "rules_index.csv", "provenance.csv")
_MANAGED_GLOBS = ("tables/*.csv", "scenarios/*.toml", "scenarios/*.csv", "art/*.png",
                  "art/*.jpg")


def write_source(module: Module, folder: str | Path, overwrite: bool = False) -> list[Path]:
    """Write ``module`` as a canonical source folder; returns the files written.

    Refuses a folder that already holds source files unless ``overwrite``; then source files
    the module no longer has (a removed scenario, table or art file) are deleted, and files that
    are not sources (``rules/``, ``*.md``, ``build/``) are left alone."""
    folder = Path(folder)
    texts = source_texts(module)
    if exists(folder) and not is_dir(folder):
        raise SourceError(shown(folder), 0, 0, "is a file, not a folder for module sources")
    existing = [folder / n for n in _MANAGED if exists(folder / n)]
    for pattern in _MANAGED_GLOBS:
        existing += sorted(folder.glob(pattern)) if is_dir(folder) else []
    if existing and not overwrite:
        raise SourceError(shown(folder), 0, 0, "already holds module sources (overwrite them "
                          "with --force)")
    written = []
    try:
        for rel, content in texts.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
            written.append(path)
        keep = set(written)
        for path in existing:
            if path not in keep and path.is_file():
                path.unlink()
    except OSError as exc:
        where = shown(exc.filename) if exc.filename else shown(folder)
        raise SourceError(where, 0, 0, f"cannot write: {describe_os_error(exc)}") from None
    return written
