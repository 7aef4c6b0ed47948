"""The hostile campaigns of ``make fuzz`` (issue 20): random values of every failure class the
hostile test found, checked for the promise — a clean one-line error or a valid object, bounded.

``python -m tools.fuzz_long --campaign NAME`` runs one (``amplification``, ``numbering``,
``extremes``, ``nesting``, ``surrogates``, ``devices``, ``kills``, ``compressed``; ``hostile``
runs them all in turn). Each
case draws its parameters from a seeded generator (log-uniform magnitudes, special floats, every
reader and field), builds the input with :mod:`tools.hostile`, and checks it in-process under an
alarm (:data:`HANG_SECONDS`: a FIFO that blocks or a loop that never ends is a failure) — and,
for the classes whose danger is memory or rendering, through the command line in a subprocess
under ``RLIMIT_AS`` 1 GiB and ``RLIMIT_CPU`` 10 s (:func:`tools.hostile.run_cli`), measured.

A case returns ``(outcome, why)``: ``outcome`` is a short label counted in the report
("refused: budget", "accepted", "cli exit 1"...), ``why`` None or what broke the promise.
"""
from __future__ import annotations

import json
import math
import os
import random
import signal
import socket
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from engine.container import TABLE_LIMITS, read_module
from engine.errors import ModuleError, WartableError
from engine.model import Module

from . import hostile as H

#: An in-process check slower than this is a hang.
HANG_SECONDS = 10

Outcome = tuple[str, "str | None"]


class Hang(Exception):
    pass


@contextmanager
def alarm(seconds: int = HANG_SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` in the body after ``seconds`` (SIGALRM: interrupts a blocking open
    or read as well as a loop)."""
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")
    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def log_int(rnd: random.Random, top: int) -> int:
    """An integer from 0 to ``top``, log-uniform (as many 10s as 10 millions)."""
    return min(top, int(math.exp(rnd.uniform(0, math.log(top + 1)))) - 1 + rnd.randrange(2))


def wild_int(rnd: random.Random) -> int:
    """Half the time a plausible number (0..120), else a large, huge or boundary one."""
    if rnd.random() < 0.5:
        return rnd.randint(0, 120)
    return rnd.choice([
        lambda: rnd.randint(-3, 120), lambda: log_int(rnd, 10 ** 12),
        lambda: -log_int(rnd, 10 ** 12), lambda: rnd.choice([2**31 - 1, -2**31, 2**32 - 1,
                                                             2**63 - 1, 10**7, 10**9]),
    ])()


def wild_float(rnd: random.Random) -> float:
    return rnd.choice([
        lambda: rnd.choice([5e-324, 1e-300, 1e308, -1e308, 0.0, -0.0, 1.0, 0.999, 1e5,
                            1e5 + 1, 1e4, 1e4 + 0.5, 2.2250738585072014e-308]),
        lambda: math.copysign(10 ** rnd.uniform(-320, 308), rnd.choice([-1, 1])),
        lambda: rnd.uniform(-2e5, 2e5), lambda: rnd.uniform(0.5, 50),
    ])()


#: What the command-line runs of the current campaign measured (reset by the runner).
CLI_STATS = {"runs": 0, "rss": 0, "cpu": 0.0}


def _cli(argv: list[str], folder: Path, codes: tuple[int, ...] = (0, 1)) -> Outcome:
    o = H.run_cli(argv, folder)
    why = H.verdict(o, codes)
    CLI_STATS["runs"] += 1
    CLI_STATS["rss"] = max(CLI_STATS["rss"], o.rss)
    CLI_STATS["cpu"] = max(CLI_STATS["cpu"], o.cpu)
    reason = f": {_reason(o.err)}" if o.code == 1 else ""
    return (f"cli exit {o.code}{reason}", None if why is None else f"{o.describe()}: {why}")


def _module_outcome(data: bytes) -> tuple[str, Module | None, str | None]:
    """Load ``data`` in-process: ("refused: <first words>", None, why) or ("accepted", m, why)."""
    try:
        with alarm():
            module = read_module(data, "fuzz.wtm")
    except ModuleError as exc:
        text = str(exc)
        why = None if text and "\n" not in text and len(text) < 1000 else f"message {text!r:.200}"
        return "refused: " + _reason(text), None, why
    return "accepted", module, None


def _reason(text: str) -> str:
    text = text.removeprefix("wartable: ")
    if "problem(s)" in text:
        return "loaded, validate lists problems"
    for key in ("max_values", "beyond the table", "not a size", "hex radius", "pieces, more",
                "used twice", "does not exist", "faces", "count", "more than"):
        if key in text:
            return key
    parts = [p for p in text.split(": ") if p.strip()]  # skip the file or id the line names
    return (parts[1] if len(parts) > 1 else parts[0] if parts else "")[:40]


# -- amplification ---------------------------------------------------------------------------

def c_amplification(rnd: random.Random, folder: Path) -> Outcome:
    """Values, attribute-set copies and strings from a few to far past the decoding budget, in
    every member that amplifies; loaded by ``wartable validate`` under the limits."""
    kind = rnd.choice(["tables", "dice", "both", "edges", "locations", "grids", "strings"])
    budget = 4_000_000   # engine.container.LIMITS.max_values

    def around(units_each: float, top: int) -> int:
        """Half the time near the budget (1/16 to 16 times it), else anything up to ``top``."""
        if rnd.random() < 0.5:
            return min(top, int(budget / units_each * 2 ** rnd.uniform(-4, 4)))
        return log_int(rnd, top)
    if kind == "tables":
        data = H.module_with_values(table_cells=around(4, (16 << 20) - 64), seed=rnd.random())
    elif kind == "dice":
        data = H.module_with_values(dice_faces=around(2, 30_000_000), seed=rnd.random())
    elif kind == "both":
        data = H.module_with_values(table_cells=around(8, 4_000_000),
                                    dice_faces=around(4, 8_000_000), seed=rnd.random())
    elif kind == "strings":
        data = H.module_with_strings(around(2, 3_000_000))
    else:
        size = 1 + log_int(rnd, 65_534)
        data = H.module_with_attr_copies(size, 1 + around(size, min(20_000, 60_000_000 // size)),
                                         kind[:-1])
    path = H.write_wtm(folder, "amp.wtm", data)
    label, why = _cli(["validate", str(path)], folder)
    if why is None and label == "cli exit 0" and rnd.random() < 0.3:
        label, why = _cli(["dump", str(path), "-o", str(folder / "src")], folder)
        label = "loaded, dumped: " + label
    return f"{kind}: {label}", why


# -- numbering parameters ----------------------------------------------------------------------

def c_numbering(rnd: random.Random, folder: Path) -> Outcome:
    """Random numbering parameters (huge digits, extents, separators, sequential columns):
    the scheme builds within the alarm or refuses; a module using it validates within the
    alarm; every 20th through ``wartable map ... neighbours`` under the limits."""
    from engine.hexgrid import MAX_NUMBERED_HEXES, scheme_for
    from tools.validate import validate
    if rnd.random() < 0.6:
        params: dict[str, Any] = {}
        for key in ("col_digits", "row_digits", "first_col", "first_row", "last_col",
                    "last_row"):
            if rnd.random() < 0.5:
                params[key] = wild_int(rnd)
        if rnd.random() < 0.2:
            params["sep"] = rnd.choice(["", ".", "-", "ab", "9", " ", "x" * log_int(rnd, 100)])
        if rnd.random() < 0.1:
            params[rnd.choice(["parity", "rows_up", "unknown"])] = rnd.choice(["odd", True, 3])
        module = H.with_params(H.new_base(), **params)
    else:
        n = 1 + log_int(rnd, 300_000)
        lengths = " ".join(str(log_int(rnd, 10 ** rnd.randint(1, 10))) for _ in range(
            min(n, 50))) if rnd.random() < 0.5 else " ".join(["1"] * n)
        cols = len(lengths.split())
        firsts = " ".join(str(1 + i * 10 ** 6) for i in range(cols))
        starts = " ".join(str(wild_int(rnd) if rnd.random() < 0.2 else 0) for _ in range(cols))
        module = H.sequential_module(lengths, firsts, starts)
    grid = module.grids[0]
    try:
        with alarm():
            scheme = scheme_for(grid)
            if scheme.bounded:
                count = sum(1 for _ in scheme.labels())
                if count > MAX_NUMBERED_HEXES:
                    return "built", f"a scheme of {count} hexes"
        outcome = "built"
    except ValueError as exc:
        if "\n" in str(exc):
            return "refused", f"message {str(exc)!r:.200}"
        outcome = "refused"
    except Hang as exc:
        return "hang", f"scheme_for({dict(grid.numbering_params)!r:.300}): {exc}"
    try:
        with alarm():
            validate(module)
    except Hang as exc:
        return "hang", f"validate: {exc}"
    if rnd.random() < 0.05:
        path = H.write_wtm(folder, "num.wtm", H.zip_members(H.encode_members_unchecked(module)))
        label, why = _cli(["map", str(path), "neighbours", "0101"], folder)
        return f"{outcome}, {label}", why
    return outcome, None


# -- extreme coordinates, sizes and counts ------------------------------------------------------

def c_extremes(rnd: random.Random, folder: Path) -> Outcome:
    """Boards, grids, locations and placement counts with extreme values; what loads must be
    drawable (centres in the table, hexes round-trip through the layout); every 15th through
    ``wartable shot`` (or ``play``, ``fuzz``) under the limits."""
    from engine.board import MapGraph
    from engine.hexgrid import Layout
    kw: dict[str, Any] = {}
    if rnd.random() < 0.5:
        kw["board"] = {rnd.choice(["width", "height"]): wild_float(rnd)}
    if rnd.random() < 0.5:
        kw["grid"] = {rnd.choice(["size", "origin_x", "origin_y"]): wild_float(rnd)}
    if rnd.random() < 0.6:
        key = rnd.choice(["x", "y", "q", "r"])
        kw["loc"] = {key: wild_float(rnd) if key in "xy" else
                     max(-2**31, min(2**31 - 1, wild_int(rnd)))}
    if rnd.random() < 0.3:
        kw["count"] = max(0, min(2**32 - 1, wild_int(rnd)))
    module = H._apply(H.new_base(), **kw)
    data = H.zip_members(H.encode_members_unchecked(module))
    label, loaded, why = _module_outcome(data)
    if why:
        return label, why
    if loaded is not None:
        ext = TABLE_LIMITS.max_extent
        try:
            with alarm():
                graph = MapGraph.from_module(loaded)
                layout = Layout.from_grid(loaded.grids[0])
                for loc in loaded.locations.values():
                    x, y = graph.centre(loc.id)
                    if not (abs(x) <= ext and abs(y) <= ext):
                        return label, f"accepted {loc.id} at ({x}, {y}): {kw}"
                    if loc.kind == "hex" and layout.to_hex(x, y) != (loc.q, loc.r):
                        return label, f"hex {loc.id} does not round-trip: {kw}"
        except ModuleError:
            label = "accepted, graph refuses"
        except Hang as exc:
            return "hang", f"{kw}: {exc}"
    if rnd.random() < 1 / 15:
        path = H.write_wtm(folder, "ext.wtm", data)
        command = rnd.choice(["shot", "play", "fuzz"])
        label2, why = _cli(H.COMMANDS[command](path, folder), folder)
        return f"{label}, {command} {label2}", why
    return label, None


# -- deep nesting -------------------------------------------------------------------------------

def c_nesting(rnd: random.Random, folder: Path) -> Outcome:
    """Arrays and objects nested from 1 to 5000 deep in saves (command data, options, action
    parameters), turn files and TOML sources."""
    depth = 1 + log_int(rnd, 5000)
    where = rnd.choice(["props", "value", "options", "params", "turn", "toml", "toml_table"])
    text = "[" * depth + "1" + "]" * depth
    if rnd.random() < 0.5:
        text = '{"k": ' * depth + "1" + "}" * depth
    if where in ("toml", "toml_table"):
        return _toml_nesting(folder, depth, where == "toml_table")
    record = H._record_cached()
    if where == "props":
        rec = H.with_command(record, {"c": "create", "type": H.SAMPLE_TYPE, "loc": "0101",
                                      "props": {"x": "NESTED"}})
    elif where == "value":
        rec = H.with_command(record, {"c": "set", "key": "k", "value": "NESTED"})
    elif where == "options":
        rec = {**record, "options": {"o": "NESTED"}}
    elif where == "params":  # an action in the older object form, its parameter nested
        rec = json.loads(json.dumps(record))
        rec["actions"][0]["action"] = {"kind": "flip", "side": "", "params": {"deep": "NESTED"}}
    else:
        return _turn(folder, '"NESTED"', text)
    return _save_outcome(H.save_text(rec, [('"NESTED"', text)]), f"{where} {depth}")


def _save_outcome(data: bytes, what: str) -> Outcome:
    from engine import persist
    from engine.sample import sample_module
    try:
        with alarm():
            session = persist.load_bytes(data, sample_module())
            again = persist.save_bytes(session)   # what autosave does after the next action
            persist.load_bytes(again, sample_module())
    except WartableError as exc:
        text = str(exc)
        return "refused", None if "\n" not in text and len(text) < 1000 else f"{what}: {text!r:.200}"
    except Hang as exc:
        return "hang", f"{what}: {exc}"
    return "accepted", None


def _turn(folder: Path, placeholder: str, text: str) -> Outcome:
    from engine.pbem import PbemError, read_turn
    turn = H.turn_file(H._record_cached(), "NOTE")
    body = json.dumps(turn, ensure_ascii=True).replace('"NOTE"', text.replace(
        placeholder, '"x"') if placeholder != '"NESTED"' else text, 1)
    path = folder / "turn.wtpbem"
    path.write_text(body, encoding="ascii")
    return _read_outcome(lambda: read_turn(path), PbemError) or ("accepted", None)


def _read_outcome(read: Callable[[], Any], error: type[Exception]) -> Outcome | None:
    """Run ``read`` under the alarm: ("refused", why) for a clean ``error`` (why: None unless
    its message is not one line), ("hang", ...), or None when it returned."""
    try:
        with alarm():
            read()
    except error as exc:
        return "refused", None if "\n" not in str(exc) else f"message {str(exc)!r:.200}"
    except Hang as exc:
        return "hang", str(exc)
    return None


def _toml_nesting(folder: Path, depth: int, table: bool) -> Outcome:
    from engine.errors import SourceError
    from engine.source import read_source
    src = H.source_folder(folder / "src")
    text = (src / "module.toml").read_text(encoding="utf-8")
    value = "{a = " * depth + "1" + "}" * depth if table else "[" * depth + "]" * depth
    key = "[grid.numbering_params]\n" if table and "[grid.numbering_params]" in text else None
    if key:
        text = text.replace(key, key + f"deep = {value}\n", 1)
    else:
        text = text.replace("[module]\n", f"[module]\ndeep = {value}\n", 1)
    (src / "module.toml").write_text(text, encoding="utf-8")
    return _read_outcome(lambda: read_source(src), SourceError) or (
        "accepted", f"module.toml with a {depth}-deep value was accepted")


# -- lone surrogates -------------------------------------------------------------------------------

def c_surrogates(rnd: random.Random, folder: Path) -> Outcome:
    """A lone surrogate in a random text of a save or turn file, in text drawn by the table,
    or (as bytes that are not UTF-8) in a command-line argument."""
    sur = rnd.choice(["\\ud800", "\\udfff", "\\udbff", "\\udc80", "\\ud83d"])
    sample = "a" * rnd.randint(0, 3) + sur + "b" * rnd.randint(0, 3)
    where = rnd.choice(["note", "seed", "scenario", "version", "option", "side", "key", "text",
                        "marker", "turn", "font", "argv"])
    if where == "font":
        return _font(json.loads(f'"{sample}"'))
    if where == "argv":
        return _argv(rnd, folder)
    if where == "turn":
        return _turn(folder, '"NOTE"', f'"{sample}"')
    record = H._record_cached()
    cmd = {"note": {"c": "note", "side": "", "text": "SUR"},
           "marker": {"c": "mark", "pid": 1, "marker": "SUR"},
           "key": {"c": "set", "key": "SUR", "value": 1}}.get(where)
    rec = H.with_command(record, cmd) if cmd else json.loads(json.dumps(record))
    if where == "seed":
        rec["seed"] = "SUR"
    elif where == "scenario":
        rec["scenario"] = "SUR"
    elif where == "version":
        rec["module"]["version"] = "SUR"
    elif where == "option":
        rec["options"] = {"o": "SUR"}
    elif where == "side":
        rec["actions"][0]["action"] = "SUR"
    elif where == "text":
        rec["actions"][0]["text"] = "SUR"
    return _save_outcome(H.save_text(rec, [('"SUR"', f'"{sample}"')]), f"{where} {sample}")


def _font(text: str) -> Outcome:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from client import fonts
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        fonts.render(text, 14, (0, 0, 0))
        fonts.wrap(text + " " + text, fonts.font(14), 30)
        fonts.elide(text * 5, fonts.font(14), 20)
    except Exception as exc:  # the point: nothing may escape the font code
        return "font", f"{type(exc).__name__}: {exc}"
    return "font drawn", None


def _argv(rnd: random.Random, folder: Path) -> Outcome:
    bad = os.fsdecode(b"x\xff\xfe" + bytes([rnd.randrange(0x80, 0x100)]))  # surrogateescape
    argv = rnd.choice([["info", bad], ["validate", bad + ".wtm"], ["new", bad, str(folder / "n")],
                       ["shot", "skirmish", "--out", str(folder / "x.png"), "--seed", bad],
                       ["shot", "skirmish", "--out", str(folder / "x.png"), "--scenario", bad],
                       ["replay", str(folder / bad)], ["map", "skirmish", "neighbours", bad]])
    return _cli(argv, folder, (0, 1, 2))


# -- device files, FIFOs and other non-files --------------------------------------------------------

READERS = ("save", "module", "turn", "source", "source_art")


def c_devices(rnd: random.Random, folder: Path) -> Outcome:
    """Every reader (save, module, turn file, source file, art) handed a device, a FIFO with no
    writer, a folder, a socket, a symlink to a device or a loop, or a sparse file past its
    limit; in-process under the alarm, and every 10th through the command line."""
    special = rnd.choice(["/dev/zero", "/dev/urandom", "/dev/null", "/dev/full", "fifo", "dir",
                          "socket", "link_zero", "loop", "sparse", "missing"])
    reader = rnd.choice(READERS)
    path = _special(folder, special)
    if reader.startswith("source"):
        src = H.source_folder(folder / "src")
        target = src / ("module.toml" if reader == "source" else "art/map.png")
        target.parent.mkdir(exist_ok=True)
        if target.exists():
            target.unlink()
        target.symlink_to(path)
        path = src
    try:
        with alarm():
            _read_with(reader, path)
    except WartableError as exc:
        text = str(exc)
        label = f"{reader} {special}: refused"
        if "\n" in text or len(text) > 1000:
            return label, f"message {text!r:.200}"
    except Hang as exc:
        return "hang", f"{reader} {special}: {exc}"
    else:
        return "accepted", f"{reader} read {special} as valid"
    if rnd.random() < 0.1 and reader in ("save", "module"):
        argv = (["replay", str(path)] if reader == "save" else ["info", str(path)])
        label2, why = _cli(argv, folder, (1,))
        return f"{label}, {label2}", why
    return label, None


def _special(folder: Path, kind: str) -> Path:
    if kind.startswith("/dev/"):
        return Path(kind)
    path = folder / f"special_{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        s.close()
    elif kind == "link_zero":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(path)
    elif kind == "sparse":
        with open(path, "wb") as f:
            f.truncate(300 << 20)   # beyond every reader's limit, costs no disk
    return path


def _read_with(reader: str, path: Path) -> None:
    if reader == "save":
        from engine.saves import read_save
        read_save(path)
    elif reader == "module":
        from engine.container import load_module
        load_module(path)
    elif reader == "turn":
        from engine.pbem import read_turn
        read_turn(path)
    else:
        from engine.source import read_source
        read_source(path)


# -- compact saves: compressed bodies (issue 17) ---------------------------------------------------

def c_compressed(rnd: random.Random, folder: Path) -> Outcome:
    """Compact (format-2) saves with a hostile compressed body: a decompression bomb of 1 KiB to
    256 MiB (zeros, or zeros then JSON), a stream cut anywhere, bits flipped, bytes appended —
    each with a correct checksum, so the reader gets to inflating — or a body edited as text
    (an entry's action or hash changed, entries dropped, repeated or swapped)."""
    kind = rnd.choice(["bomb", "bomb_json", "cut", "flip", "trailing", "edit"])
    data = H.compact_text()
    stream = data[data.index(b"\n") + 1:]
    if kind in ("bomb", "bomb_json"):
        size = 1024 + log_int(rnd, 256 << 20)
        stream = H.zlib_bomb(size, b'{"format": "wartable-save"}' if kind == "bomb_json" else b"")
        what = f"{kind} of {size} bytes"
    elif kind == "cut":
        at = rnd.randrange(len(stream))
        stream, what = stream[:at], f"cut at {at} of {len(stream)}"
    elif kind == "flip":
        flipped = bytearray(stream)
        for _ in range(1 + log_int(rnd, 8)):
            flipped[rnd.randrange(len(flipped))] ^= 1 << rnd.randrange(8)
        stream, what = bytes(flipped), "bits flipped"
    elif kind == "trailing":
        stream, what = stream + rnd.randbytes(1 + log_int(rnd, 4000)), "bytes appended"
    else:
        edit = rnd.choice(["action", "hash", "drop", "repeat", "swap"])

        def change(doc: dict[str, Any]) -> None:
            acts = doc["actions"]
            k = rnd.randrange(len(acts))
            if edit == "action":
                acts[k][0] = rnd.choice(["note text=x", "roll purpose=x spec=9d6", "done",
                                         "move pids=[#1] to=@0101", acts[k][0] + " extra=1"])
            elif edit == "hash":
                acts[k][1] = f"{rnd.getrandbits(32):08x}"
            elif edit == "drop":
                del acts[k]
            elif edit == "repeat":
                acts.insert(k, list(acts[k]))
            else:
                acts.reverse()
        return _save_outcome(H.compact_text(change), f"edited: {edit}")
    return _save_outcome(H.compressed_save(stream), what)


# -- saves killed mid-write ---------------------------------------------------------------------

def c_kills(rnd: random.Random, folder: Path) -> Outcome:
    """Ten saves of a 1.2 MB game killed at random moments (:func:`tools.hostile.kill_saves`):
    the file is always one whole save, and the next save cleans what the kills left."""
    why, left = H.kill_saves(folder, 10, rnd)
    return f"10 kills, {min(left, 3)}{'+' if left > 3 else ''} temporaries left", why


CAMPAIGNS: dict[str, Callable[[random.Random, Path], Outcome]] = {
    "amplification": c_amplification, "numbering": c_numbering, "extremes": c_extremes,
    "nesting": c_nesting, "surrogates": c_surrogates, "devices": c_devices, "kills": c_kills,
    "compressed": c_compressed,
}
