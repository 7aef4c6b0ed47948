"""Hostile inputs for the whole command line (issue 20), and a harness that runs them bounded.

Every *class* of attack the hostile test of issue 20 found is a function here that makes the
inputs (module files, source folders, saves, turn files, device files) for given parameters and
returns the ``wartable`` command lines to run on them. The same classes serve two callers:

* ``tests/tools/test_hostile.py`` — the CI corpus: each class with the issue's values and a few
  others, every command line run by :func:`run_cli` in a subprocess under resource limits;
* ``tools/fuzz_long.py --campaign ...`` — the long campaigns: the same classes with random
  parameters (:data:`CAMPAIGNS`).

The promise checked (:func:`verdict`): every run ends in exit 0 (a valid object), 1 (a user
error: every line on stderr starts ``wartable:``, one line per problem) or 2 (a usage error from
argparse) — never a traceback, never beyond :data:`CPU_SECONDS` of CPU or :data:`MEMORY` of
address space (both enforced with ``setrlimit`` on the child and measured with ``wait4``), never
blocked past :data:`WALL_SECONDS`.
"""
from __future__ import annotations

import dataclasses
import io
import json
import os
import random
import re
import resource
import signal
import struct
import subprocess
import sys
import time
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from engine.container import MANIFEST, module_members, write_module
from engine.model import Board, Edge, Location, Module, Placement
from engine.schema import TAG_BOOL, TAG_INT, build_member, parse_member

#: What one case may use: CPU seconds, address space (RLIMIT_AS), wall seconds before a kill.
CPU_SECONDS = 10
MEMORY = 1 << 30
WALL_SECONDS = 60   # only catches blocking: CPU_SECONDS bounds the work, load or not
#: The largest file a case may write (RLIMIT_FSIZE): shots, builds, dumps.
MAX_WRITE = 256 << 20
REPO = Path(__file__).resolve().parent.parent


# -- running one command line bounded -------------------------------------------------------

@dataclass
class Outcome:
    """How one bounded run ended: exit code (negative: killed by that signal; None: killed
    at the wall-clock limit), outputs, CPU and wall seconds (``wait4``), and the peak resident
    and virtual memory of the command (bytes; the child's own ``VmHWM`` and ``VmPeak`` at exit,
    0 when it was killed: ``wait4``'s ``ru_maxrss`` would count the parent it was forked from)."""
    argv: list[str]
    code: int | None
    out: str
    err: str
    cpu: float
    wall: float
    rss: int
    vm: int = 0

    def describe(self) -> str:
        return (f"wartable {' '.join(self.argv)[:200]} -> exit {self.code}, {self.cpu:.2f} s "
                f"CPU, {self.wall:.2f} s wall, {self.rss / 2**20:.0f} MiB resident, "
                f"{self.vm / 2**20:.0f} MiB address space")


#: The child: report the peak memory of its own process image at exit, then run the CLI.
_BOOT = """
import atexit, os, sys
def _report(path=os.environ.pop("WARTABLE_HOSTILE_REPORT")):
    with open("/proc/self/status") as f, open(path, "w") as out:
        out.write(" ".join(l.split()[1] for l in f if l.startswith(("VmHWM", "VmPeak"))))
atexit.register(_report)
from tools.cli import main
sys.exit(main())
"""


def _limit_child(memory: int, cpu: int) -> None:  # runs in the child, before exec
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_WRITE, MAX_WRITE))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.setsid()  # its own process group, so a kill reaches whatever it started


def child_env(data: Path) -> dict[str, str]:
    """The environment of a case: headless SDL, autosaves under ``data``, no user site."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "COV_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               WARTABLE_DATA=str(data), PYTHONDONTWRITEBYTECODE="1")
    return env


def run_cli(argv: Sequence[str], cwd: Path, memory: int = MEMORY, cpu: int = CPU_SECONDS,
            wall: float = WALL_SECONDS, env: dict[str, str] | None = None) -> Outcome:
    """Run ``wartable ARGV`` in a subprocess limited to ``memory`` bytes of address space and
    ``cpu`` CPU seconds, killed after ``wall`` seconds; measure it with ``wait4``."""
    argv = [str(a) for a in argv]
    cmd = [sys.executable, "-c", _BOOT, *argv]
    out_path, err_path = cwd / ".hostile.out", cwd / ".hostile.err"
    report = cwd / ".hostile.mem"
    report.unlink(missing_ok=True)
    env = dict(env or child_env(cwd / ".data"))
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["WARTABLE_HOSTILE_REPORT"] = str(report)
    started = time.perf_counter()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                env=env, preexec_fn=lambda: _limit_child(memory, cpu))
        status, usage, killed = None, None, False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - started > wall:
                os.killpg(proc.pid, signal.SIGKILL)
                _, status, usage = os.wait4(proc.pid, 0)
                killed = True
                break
            time.sleep(0.005)
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    code = None if killed else proc.returncode
    text = [p.read_bytes().decode("utf-8", "replace") for p in (out_path, err_path)]
    try:
        peak, hwm = (int(v) * 1024 for v in report.read_text().split())  # VmPeak, VmHWM
    except (OSError, ValueError):
        peak = hwm = 0
    return Outcome(argv, code, text[0], text[1], usage.ru_utime + usage.ru_stime,
                   time.perf_counter() - started, hwm, peak)


#: A progress bar line (``build --progress``, ``fuzz``): not an error line.
_PROGRESS = re.compile(r"\[[#.]{10,}\] \d+/\d+")


def verdict(o: Outcome, allowed: Sequence[int] = (0, 1, 2)) -> str | None:
    """None if ``o`` kept the promise (see the module docstring), else what went wrong."""
    if o.code is None:
        return f"blocked: killed after {o.wall:.0f} s of wall time"
    if "Traceback" in o.err or "Traceback" in o.out:
        return "a traceback: " + " | ".join(o.err.strip().splitlines()[-3:])
    if o.code < 0:
        return f"killed by signal {-o.code} (CPU limit {CPU_SECONDS} s or memory)"
    if o.code not in allowed:
        return f"exit {o.code}, expected one of {sorted(allowed)}: {o.err.strip()[:300]}"
    if o.cpu >= CPU_SECONDS:
        return f"took {o.cpu:.1f} s of CPU"
    if o.rss >= MEMORY or o.vm > MEMORY:
        return f"used {o.rss / 2**20:.0f} MiB resident, {o.vm / 2**20:.0f} MiB address space"
    lines = [ln for ln in o.err.splitlines() if ln.strip() and not _PROGRESS.search(ln)]
    if any("wartable:" in ln for ln in o.err.splitlines() if _PROGRESS.search(ln)):
        return "an error printed on a progress bar's line"
    if o.code == 1:
        if not lines:
            return "exit 1 without a message on stderr"
        bad = [ln for ln in lines if not ln.startswith("wartable:")]
        if bad:
            return f"an error line that is not one 'wartable: ...' line: {bad[0][:200]!r}"
    if o.code == 2 and not any(": error:" in ln for ln in lines):
        return f"exit 2 without a usage error: {o.err.strip()[:200]}"
    return None


# -- building modules byte by byte ------------------------------------------------------------

def _u32(n: int) -> bytes:
    return struct.pack("<I", n)


def value_list(values: Sequence[tuple[int, int]]) -> bytes:
    """A ``list<value>`` of ``(tag, payload)`` pairs (int and bool tags only)."""
    out = bytearray(_u32(len(values)))
    for tag, v in values:
        out += bytes([tag]) + (struct.pack("<q", v) if tag == TAG_INT else bytes([v]))
    return bytes(out)


def bools(n: int, rnd: random.Random) -> bytes:
    """A ``list<value>`` of ``n`` random bools: 2 bytes each on disk, deflating well within the
    ratio limit (one bit of entropy per value), a tuple each when decoded."""
    body = bytearray(2 * n)
    body[0::2] = bytes([TAG_BOOL]) * n
    body[1::2] = rnd.randbytes(n).translate(_LOW_BIT)
    return _u32(n) + bytes(body)


_LOW_BIT = bytes(i & 1 for i in range(256))


def base_members(module: Module | None = None) -> dict[str, bytes]:
    """The members of a valid module (default: ``wartable new``'s)."""
    from tools.cmd_module import new_module
    return module_members(module or new_module("hostile"))


def repack(members: dict[str, bytes]) -> bytes:
    """Zip ``members`` with a manifest listing their true sizes and CRCs (so the damaged or
    hostile record files reach their parsers)."""
    members = dict(members)
    raw = parse_member(MANIFEST, members[MANIFEST])
    raw["members"] = [(n, len(d), zlib.crc32(d)) for n, d in sorted(members.items())
                      if n != MANIFEST]
    members[MANIFEST] = build_member(MANIFEST, raw)
    return zip_members(members)


def zip_members(members: dict[str, bytes], level: int = 1) -> bytes:
    """Zip ``members`` deflated at ``level`` (fast: hostile members can be tens of MiB)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, members[name], compresslevel=level)
    return buf.getvalue()


def with_strings(members: dict[str, bytes], extra: Sequence[str]) -> tuple[dict[str, bytes], int]:
    """``members`` with ``extra`` strings appended to the string table; returns the members and
    the index of the first new string."""
    raw = parse_member("strings.bin", members["strings.bin"])
    first = len(raw["lengths"])
    blobs = [s.encode() for s in extra]
    lengths = list(raw["lengths"]) + [len(b) for b in blobs]
    data = raw["data"] + b"".join(blobs)
    out = dict(members)
    out["strings.bin"] = (_u32(len(lengths)) + struct.pack(f"<{len(lengths)}I", *lengths)
                          + _u32(len(data)) + data)
    return out, first


def module_with_values(table_cells: int = 0, dice_faces: int = 0, seed: int = 0) -> bytes:
    """A module whose tables (one row of ``table_cells`` columns) and dice (one die of
    ``dice_faces`` faces) hold that many values: memory amplification by values."""
    rnd = random.Random(seed)
    members = base_members()
    strings = parse_member("strings.bin", members["strings.bin"])
    n = len(strings["lengths"])
    if table_cells:
        one = value_list([(TAG_INT, 1)])
        cols = bools(table_cells, rnd)
        table = _u32(0) + _u32(0) + _u32(0) + _u32(0) + _u32(0) + one + _u32(0) + cols + cols
        members["tables.bin"] = _u32(1) + table
    if dice_faces:
        members["dice.bin"] = _u32(1) + _u32(min(1, n - 1)) + _u32(0) + bools(dice_faces, rnd)
    return repack(members)


def module_with_attr_copies(set_size: int, refs: int, kind: str = "edge") -> bytes:
    """A module whose map has one attribute set of ``set_size`` attributes referred to by
    ``refs`` more edges (``kind="location"``: locations; ``"grid"``: grids): memory
    amplification by reference — the set is stored once, every record copies it."""
    members, first = with_strings(base_members(), [f"a{i}" for i in range(set_size)])
    raw = parse_member("map.bin", members["map.bin"])
    big = len(raw["attrsets"])
    raw["attrsets"] = list(raw["attrsets"]) + [[(first + i, (TAG_BOOL, 1))
                                                for i in range(set_size)]]
    if kind == "edge":
        a, b = raw["locations"][0][0], raw["locations"][1][0]
        raw["edges"] = list(raw["edges"]) + [(a, b, raw["edges"][0][2], big)] * refs
    elif kind == "location":
        loc = list(raw["locations"][0])
        loc[12] = big
        raw["locations"] = list(raw["locations"]) + [tuple(loc)] * refs
    else:
        raw["grids"] = list(raw["grids"]) + [raw["grids"][0][:7] + (big,)] * refs
    members["map.bin"] = build_member("map.bin", raw)
    return repack(members)


def module_with_strings(n: int) -> bytes:
    """A module whose string table holds ``n`` extra one-character strings... that cannot
    repeat, so: ``n`` distinct short strings."""
    members, _ = with_strings(base_members(), [f"~{i:x}" for i in range(n)])
    return repack(members)


# -- modules the loader reads but the table cannot draw or set up ------------------------------

def new_base() -> Module:
    from tools.cmd_module import new_module
    return new_module("hostile")


def replace_board(m: Module, **kw: Any) -> Module:
    return dataclasses.replace(m, boards=(dataclasses.replace(m.boards[0], **kw),)
                               + m.boards[1:])


def replace_grid(m: Module, **kw: Any) -> Module:
    return dataclasses.replace(m, grids=(dataclasses.replace(m.grids[0], **kw),) + m.grids[1:])


def replace_location(m: Module, loc_id: str, **kw: Any) -> Module:
    locs = dict(m.locations)
    locs[loc_id] = dataclasses.replace(locs[loc_id], **kw)
    return dataclasses.replace(m, locations=locs)


def with_params(m: Module, **params: Any) -> Module:
    return replace_grid(m, numbering_params={**m.grids[0].numbering_params, **params})


def with_placement_count(m: Module, count: int) -> Module:
    sc = next(iter(m.scenarios.values()))
    pl = (dataclasses.replace(sc.placements[0], count=count),) + sc.placements[1:]
    pieces = dict(m.piece_types)
    pt = pieces[pl[0].piece_type]
    pieces[pt.id] = dataclasses.replace(pt, count=max(pt.count, min(count, 0xFFFFFFFF)))
    return dataclasses.replace(m, piece_types=pieces,
                               scenarios={sc.id: dataclasses.replace(sc, placements=pl)})


def sequential_module(lengths: str, firsts: str = "1", starts: str = "0") -> Module:
    """A module numbered ``sequential_columns`` with the given parameters (one hex: label 1)."""
    m = new_base()
    grid = dataclasses.replace(m.grids[0], numbering="sequential_columns", numbering_params={
        "firsts": firsts, "lengths": lengths, "starts": starts, "parity": "odd"})
    hexes = {k: v for k, v in m.locations.items() if v.kind != "hex"}
    hexes["1"] = Location("1", "hex", "map", "", 60.0, 60.0, "clear", "hexes", 0, 0)
    sc = next(iter(m.scenarios.values()))
    sc = dataclasses.replace(sc, placements=tuple(dataclasses.replace(p, location="1")
                                                  if p.location not in hexes else p
                                                  for p in sc.placements))
    return dataclasses.replace(m, grids=(grid,), locations=hexes, edges=(),
                               scenarios={sc.id: sc})


def write_wtm(folder: Path, name: str, data: bytes | Module) -> Path:
    path = folder / name
    path.write_bytes(data if isinstance(data, bytes) else write_module(data))
    return path


# -- sources --------------------------------------------------------------------------------------

def source_folder(folder: Path, module: Module | None = None) -> Path:
    """``module`` (default: ``wartable new``'s) written as a source folder under ``folder``."""
    from engine.source import write_source
    write_source(module or new_base(), folder, overwrite=True)
    return folder


def deep_toml(folder: Path, depth: int) -> Path:
    """A source folder whose module.toml nests an array ``depth`` deep."""
    src = source_folder(folder)
    text = (src / "module.toml").read_text(encoding="utf-8")
    (src / "module.toml").write_text(text.replace('[module]\n', '[module]\ndeep = '
                                                  + "[" * depth + "]" * depth + "\n", 1),
                                     encoding="utf-8")
    return src


def many_faces(folder: Path, faces: int) -> Path:
    """A source folder whose first piece type has ``faces`` faces (columns f0, f1, ...)."""
    src = source_folder(folder)
    lines = (src / "pieces.csv").read_text(encoding="utf-8").splitlines()
    head, rows = lines[0], lines[1:]
    extra = [f"f{n}" for n in range(2, faces)]
    lines = [head + "," + ",".join(extra)] + [
        rows[0] + "," + ",".join(f"s{n}" for n in range(2, faces))] + [
        r + "," * len(extra) for r in rows[1:]]
    (src / "pieces.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return src


# -- saves and turn files -------------------------------------------------------------------------

def _base_session():
    """A short free-play game of the built-in ``skirmish`` module: the first legal actions
    played from its set-up."""
    from engine.sample import sample_module
    from engine.session import Session
    session = Session.new(sample_module(), "meeting", 11, "free")
    for action in list(session.legal_actions())[:2]:
        session.push(action)
    return session


def base_record() -> dict[str, Any]:
    """The record (JSON form) of :func:`_base_session`'s game, every command written out (a
    format-1 save's body)."""
    from engine import persist
    from engine.saves import decode_save
    return decode_save(persist.save_bytes(_base_session(), version=1))


def compact_text(change: Callable[[dict[str, Any]], None] | None = None) -> bytes:
    """A compact (format-2) save of :func:`_base_session`'s game, its body changed by
    ``change`` (the action texts and hashes are lists ``[text, short hash]``), compressed and
    checksummed again: what someone editing a save would write."""
    from engine import persist
    from engine.saves import encode_compact
    data = persist.save_bytes(_base_session())
    doc = json.loads(zlib.decompress(data[data.index(b"\n") + 1:]))
    if change is not None:
        change(doc)
    return encode_compact({k: v for k, v in doc.items() if k not in ("format", "version")})


def compressed_save(stream: bytes) -> bytes:
    """A format-2 save header (with a correct checksum) over any ``stream`` of bytes."""
    import hashlib
    return b"WARTABLE-SAVE 2 " + hashlib.sha256(stream).hexdigest().encode() + b"\n" + stream


def zlib_bomb(inflated: int, tail: bytes = b"") -> bytes:
    """A zlib stream of ``inflated`` bytes (``inflated`` zeros then ``tail``), about a
    thousandth of that in size, made a MiB at a time."""
    import zlib
    z, zeros, parts = zlib.compressobj(9), bytes(1 << 20), []
    for _ in range(inflated >> 20):
        parts.append(z.compress(zeros))
    parts.append(z.compress(tail))
    parts.append(z.flush())
    return b"".join(parts)


def save_text(record: dict[str, Any], replace: Sequence[tuple[str, str]] = ()) -> bytes:
    """The bytes of a save holding ``record`` — with textual ``replace``ments made to its JSON
    (for what ``json.dumps`` refuses to write: 5000-digit integers, lone surrogates) — and a
    correct checksum, so the reader gets past the header to the content."""
    import hashlib
    from engine.saves import FULL as VERSION, MAGIC
    text = json.dumps({"format": "wartable-save", "version": VERSION, **record},
                      sort_keys=True, ensure_ascii=True)
    for old, new in replace:
        assert old in text, old
        text = text.replace(old, new, 1)
    body = text.encode("utf-8")
    return MAGIC + b" %d " % VERSION + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def with_command(record: dict[str, Any], cmd: dict[str, Any]) -> dict[str, Any]:
    """``record`` with its first action's commands replaced by ``cmd``."""
    rec = json.loads(json.dumps(record))
    rec["actions"][0]["cmds"] = [cmd]
    return rec


def nested_text(depth: int) -> str:
    """JSON text of a number inside ``depth`` nested arrays (text: ``json.dumps`` of a deep
    list would itself run out of recursion)."""
    return "[" * depth + "1" + "]" * depth


def _create_nested() -> dict[str, Any]:
    return {"c": "create", "type": SAMPLE_TYPE, "loc": "0101", "props": {"x": "NESTED"}}


def turn_file(record: dict[str, Any], note: str) -> dict[str, Any]:
    """A turn file continuing ``record``'s game with one note command (text as given)."""
    from engine.pbem import FORMAT, VERSION
    entry = json.loads(json.dumps(record["actions"][0]))
    entry["cmds"] = [{"c": "note", "side": "", "text": note}]
    return {"format": FORMAT, "version": VERSION, "module": record["module"],
            "scenario": record["scenario"], "seed": record["seed"], "ruleset": record["ruleset"],
            "setup_hash": record["setup_hash"], "from": len(record["actions"]),
            "hash_before": record["final_hash"], "entries": [entry],
            "hash_after": record["final_hash"], "side": ""}


# -- killing saves ------------------------------------------------------------------------------

_WRITER = """
import sys
from engine.files import atomic_write
target, saves = sys.argv[1], [open(p, "rb").read() for p in sys.argv[2:]]
print("ready", flush=True)
i = 0
while True:
    atomic_write(target, saves[i % len(saves)])
    i += 1
"""


def big_save(letter: str) -> bytes:
    """A valid save the size of a full game of Paths of Glory (1.2 MB)."""
    record = json.loads(json.dumps(_record_cached()))
    record["actions"][0]["text"] = letter * 1_200_000
    return save_text(record)


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def kill_saves(folder: Path, kills: int, rnd: random.Random) -> tuple[str | None, int]:
    """Save two 1.2 MB games in turn to one file from a subprocess, killed (SIGKILL) at a
    random moment ``kills`` times. After every kill the file must be one of the two saves,
    whole and readable; then one more save must remove every temporary the kills left.
    Returns (what broke, or None; how many temporaries the kills left in all)."""
    from engine.files import atomic_write
    from engine.saves import decode_save
    saves = [big_save("a"), big_save("b")]
    paths = []
    for i, data in enumerate(saves):
        paths.append(folder / f"save{i}.bin")
        paths[-1].write_bytes(data)
    target = folder / "game" / "g.wtsave"
    atomic_write(target, saves[0])
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    left = 0
    for k in range(kills):
        writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(target), *map(str, paths)],
                                  stdout=subprocess.PIPE, env=env)
        try:
            if writer.stdout.readline() != b"ready\n":
                return "the writer did not start", left
            time.sleep(rnd.uniform(0.0, 0.05))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            writer.stdout.close()
        data = target.read_bytes()
        if data not in saves:
            return f"kill {k + 1} left a save that is neither the old nor the new one", left
        decode_save(data)
        left += len(temporaries(target.parent))
    atomic_write(target, saves[1])
    if temporaries(target.parent):
        return f"the next save left {len(temporaries(target.parent))} temporaries", left
    if target.read_bytes() != saves[1]:
        return "the next save did not write", left
    return None, left


# -- the corpus -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One hostile input and the command lines run on it.

    ``make(folder)`` writes the input under ``folder`` and returns the command lines (argument
    lists); each must keep the promise (:func:`verdict`) with an exit code in ``codes``, and
    its stderr must match ``says`` (a regular expression: the reason the user sees)."""
    name: str
    issue_class: str
    make: Callable[[Path], list[list[str]]]
    codes: tuple[int, ...] = (1,)
    says: str = ""


def _module_case(name: str, klass: str, build: Callable[[], bytes | Module], says: str,
                 commands: Sequence[str] = ("validate", "shot"), codes=(1,)) -> Case:
    def make(folder: Path) -> list[list[str]]:
        data = build()
        if isinstance(data, Module):
            members = encode_members_unchecked(data)
            data = zip_members(members, 6)
        path = write_wtm(folder, f"{name}.wtm", data)
        return [COMMANDS[c](path, folder) for c in commands]
    return Case(name, klass, make, codes, says)


def encode_members_unchecked(m: Module) -> dict[str, bytes]:
    """The members of ``m`` without the loader's checks (to write what the loader refuses)."""
    from engine.container import manifest_raw
    from engine.schema import encode_members
    members = encode_members(m)
    members[MANIFEST] = build_member(MANIFEST, manifest_raw(m, members))
    return members


COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "validate": lambda p, d: ["validate", str(p)],
    "info": lambda p, d: ["info", str(p)],
    "shot": lambda p, d: ["shot", str(p), "--out", str(d / "shot.png"), "--size", "640x400"],
    "neighbours": lambda p, d: ["map", str(p), "neighbours", "0101"],
    "fuzz": lambda p, d: ["fuzz", str(p), "--games", "1", "--actions", "10", "--free"],
    "fuzz_pog": lambda p, d: ["fuzz", str(p), "--games", "1", "--actions", "10", "--ruleset",
                              "paths_of_glory"],
    "play": lambda p, d: ["play", str(p), "--frames", "2", "--no-autosave"],
    "build": lambda p, d: ["build", str(p), "-o", str(d / "built.wtm"), "--progress"],
    "dump": lambda p, d: ["dump", str(p), "-o", str(d / "dumped")],
    "replay": lambda p, d: ["replay", str(p)],
    "load": lambda p, d: ["play", "--load", str(p), "--frames", "2", "--no-autosave"],
    "shot_load": lambda p, d: ["shot", "skirmish", "--load", str(p), "--out",
                               str(d / "shot.png"), "--size", "640x400"],
}


def _save_case(name: str, klass: str, build: Callable[[], bytes], says: str,
               commands: Sequence[str] = ("replay",)) -> Case:
    def make(folder: Path) -> list[list[str]]:
        path = folder / f"{name}.wtsave"
        path.write_bytes(build())
        return [COMMANDS[c](path, folder) for c in commands]
    return Case(name, klass, make, (1,), says)


def _device_case(name: str, device: str, commands: Sequence[str]) -> Case:
    def make(folder: Path) -> list[list[str]]:
        path = Path(device)
        if device == "fifo":
            path = folder / "turn.fifo"
            os.mkfifo(path)
        return [COMMANDS[c](path, folder) for c in commands]
    return Case(name, "saves: device files and FIFOs", make, (1,),
                r"not a regular file|a device|a FIFO")


def _cli_case(name: str, argv: Callable[[Path], list[str]], codes=(1,), says: str = "",
              klass: str = "command line: tracebacks") -> Case:
    return Case(name, klass, lambda folder: [argv(folder)], codes, says)


def _record_cached() -> dict[str, Any]:
    global _RECORD
    if _RECORD is None:
        _RECORD = base_record()
    return _RECORD


_RECORD: dict[str, Any] | None = None
#: What a ruleset's requirement errors name (the ruleset and what the module lacks).
RULESET_SAYS = r"mandated_offensive|paths_of_glory"
LONG = "9" * 5000
SAMPLE_TYPE = "blue-inf"   # a piece type of the built-in sample module (skirmish)
UNWRITABLE = "/proc/wartable-hostile/x"   # not writable even by root


def _extreme(**kw: Any) -> Callable[[], Module]:
    return lambda: _apply(new_base(), **kw)


def _apply(m: Module, board: dict | None = None, grid: dict | None = None,
           loc: dict | None = None, params: dict | None = None, count: int | None = None
           ) -> Module:
    if board:
        m = replace_board(m, **board)
    if grid:
        m = replace_grid(m, **grid)
    if loc:
        m = replace_location(m, "0101", **loc)
    if params:
        m = with_params(m, **params)
    if count is not None:
        m = with_placement_count(m, count)
    return m


def corpus() -> list[Case]:
    """Every failure class of issue 20, with its values and a few others (the campaigns of
    ``tools/fuzz_long.py`` draw random values of the same classes)."""
    amp = "modules: memory amplification"
    num = "modules: numbering parameters"
    ext = "modules: extreme coordinates, sizes and counts"
    src = "sources"
    zipped = "saves: compressed bodies"
    rec = _record_cached
    budget = r"the decoding limit max_values"
    far = r"beyond the table|not a size in|not a hex radius"
    cases = [
        # -- modules: amplification inside the byte limits ---------------------------------
        _module_case("tables_64mib", amp, lambda: module_with_values(table_cells=(16 << 20) - 64),
                     budget),
        _module_case("tables_2m", amp, lambda: module_with_values(table_cells=1_000_001),
                     budget),
        _module_case("tables_and_dice", amp,
                     lambda: module_with_values(table_cells=600_000, dice_faces=900_000),
                     budget),
        _module_case("attrsets_by_edges", amp, lambda: module_with_attr_copies(65535, 1000),
                     budget),
        _module_case("attrsets_by_locations", amp,
                     lambda: module_with_attr_copies(20_000, 300, "location"), budget),
        _module_case("attrsets_by_grids", amp,
                     lambda: module_with_attr_copies(65535, 100, "grid"), budget),
        _module_case("strings_2m", amp, lambda: module_with_strings(2_100_000), budget),
        # at the limit: decoded, bounded, valid
        _module_case("tables_at_limit", amp, lambda: module_with_values(table_cells=950_000),
                     "", ("validate", "shot", "dump"), (0,)),
        _module_case("strings_at_limit", amp, lambda: module_with_strings(1_900_000), "",
                     ("validate", "shot"), (0,)),
        Case("table_at_limits", amp, lambda d: _at_limits(d), (0,)),
        # -- modules: numbering parameters ----------------------------------------------------
        _module_case("col_digits_1e9", num, _extreme(params={"col_digits": 10 ** 9}),
                     r"col_digits must be in 1\.\.9", ("validate", "neighbours")),
        _module_case("row_digits_1e7", num, _extreme(params={"row_digits": 10 ** 7}),
                     r"row_digits must be in 1\.\.9", ("validate", "neighbours")),
        _module_case("last_col_huge", num, _extreme(params={"last_col": 10 ** 15,
                                                             "last_row": 5}),
                     r"last_col must be in", ("validate", "neighbours")),
        _module_case("extent_too_many_hexes", num,
                     _extreme(params={"col_digits": 9, "row_digits": 9, "last_col": 99999,
                                      "last_row": 99999}),
                     r"more than 200000 hexes", ("validate", "neighbours")),
        _module_case("sequential_1e7", num, lambda: sequential_module("10000000"),
                     r"more than 200000 hexes", ("validate", "neighbours")),
        _module_case("sequential_1e9", num, lambda: sequential_module("1000000000"),
                     r"at most 9 digits", ("validate", "neighbours")),
        _module_case("sequential_200001_columns", num,
                     lambda: sequential_module(" ".join(["1"] * 200_001), " ".join(
                         str(i + 1) for i in range(200_001)), " ".join(["0"] * 200_001)),
                     r"more than 200000 numbers",
                     ("validate", "neighbours")),
        _module_case("sequential_start_far", num,
                     lambda: sequential_module("1", "1", str(10 ** 8)),
                     r"starts more than", ("validate", "neighbours")),
        # -- modules: extreme coordinates, sizes, counts --------------------------------------
        _module_case("board_1e308", ext, _extreme(board={"width": 1e308}), far,
                     ("validate", "shot", "fuzz")),
        _module_case("board_1e9", ext, _extreme(board={"width": 1e9, "height": 1e9}), far,
                     ("validate", "shot", "play")),
        _module_case("location_1e308", ext, _extreme(loc={"x": 1e308, "y": -1e308}), far,
                     ("validate", "shot", "fuzz")),
        _module_case("grid_5e-324", ext, _extreme(grid={"size": 5e-324}), far,
                     ("validate", "shot", "play")),
        _module_case("grid_1e308", ext, _extreme(grid={"size": 1e308}), far,
                     ("validate", "shot", "fuzz")),
        _module_case("grid_origin_far", ext, _extreme(grid={"origin_x": 3e5}), far,
                     ("validate", "shot")),
        _module_case("hex_q_2e31", ext, _extreme(loc={"q": 2 ** 31 - 1}), far,
                     ("validate", "shot", "play")),
        _module_case("hex_r_neg_2e31", ext, _extreme(loc={"r": -2 ** 31}), far,
                     ("validate", "shot")),
        _module_case("placements_4e9", ext, _extreme(count=2 ** 32 - 1),
                     r"sets up \d+ pieces, more than", ("validate", "shot", "fuzz")),
        _module_case("placements_1e7", ext, _extreme(count=10 ** 7),
                     r"sets up \d+ pieces, more than", ("validate", "shot", "play")),
        Case("extremes_in_sources", ext, lambda d: [["validate", str(source_folder(
            d / "src", _apply(new_base(), board={"width": 1e308}, grid={"size": 1e-300},
                              count=10 ** 7)))]], (1,), r"problem"),
        _module_case("text_with_nul", "modules: text the table draws", _nul_text, "",
                     ("shot", "play"), (0,)),
        _module_case("title_with_nul", "modules: text the table draws",
                     lambda: dataclasses.replace(new_base(), title="Title\x00"),
                     r"control character", ("validate", "play")),
        _module_case("scenario_id_path", "modules: text the table draws", lambda: _scenario_id(
            "..%2f/../../../tmp/escaped"), r"is not a file name", ("validate", "play")),
        _module_case("scenario_id_3000", "modules: text the table draws",
                     lambda: _scenario_id("s" * 3000), r"is not a file name",
                     ("validate", "shot")),
        # -- modules: a ruleset whose data the module lacks (the ruleset's requirements, checked on open)
        _module_case(
            "pog_ruleset_small_module", "modules: ruleset data missing",
            lambda: dataclasses.replace(new_base(), ruleset="paths_of_glory"),
            RULESET_SAYS, ("shot", "play")),
        _module_case(
            "pog_table_bit_flip", "modules: ruleset data missing", _pog_flipped,
            RULESET_SAYS, ("shot", "play")),
        # -- sources ----------------------------------------------------------------------------
        Case("toml_deep_array", src, lambda d: [["validate", str(deep_toml(d / "s", 5000))],
                                                ["build", str(d / "s"), "-o", str(d / "o.wtm")]],
             (1,), r"nested too deeply"),
        Case("toml_deep_array_500", src, lambda d: [["validate", str(deep_toml(d / "s", 500))]],
             (1,), r"module\.toml"),
        Case("faces_70001", src, lambda d: [["validate", str(many_faces(d / "s", 70_001))],
                                            COMMANDS["build"](d / "s", d)],
             (1,), r"more than the 65535|problem"),
        # -- saves ------------------------------------------------------------------------------
        _save_case("int_5000_digits_seed", "saves: huge integers",
                   lambda: save_text(rec(), [('"seed": 11', f'"seed": {LONG}')]),
                   r"4300 digits|not valid JSON", ("replay", "load")),
        _save_case("int_5000_digits_cmd", "saves: huge integers",
                   lambda: save_text(with_command(rec(), {"c": "delete", "pid": 424242}),
                                     [("424242", LONG)]), r"not valid JSON"),
        _save_case("int_30_digits_cmd", "saves: huge integers",
                   lambda: save_text(with_command(rec(), {"c": "delete", "pid": 424242}),
                                     [("424242", "9" * 30)]), r"does not fit in 64 bits"),
        _save_case("module_id_3000", "saves: long module id",
                   lambda: save_text(rec(), [('"id": "skirmish"', '"id": "' + "m" * 3000 + '"')]),
                   r"not a module id", ("replay", "load")),
        _save_case("reorder_string_ids", "saves: id types",
                   lambda: save_text(with_command(rec(), {"c": "reorder", "loc": "0904",
                                                          "order": ["8", "6", "5"]})),
                   r"not a permutation"),
        _save_case("create_props_600_deep", "saves: deep nesting",
                   lambda: save_text(with_command(rec(), _create_nested()),
                                     [('"NESTED"', nested_text(600))]),
                   r"nested more than"),
        _save_case("create_props_980_deep", "saves: deep nesting",
                   lambda: save_text(with_command(rec(), _create_nested()),
                                     [('"NESTED"', nested_text(980))]),
                   r"nested more than"),
        _save_case("create_props_40_deep", "saves: deep nesting",
                   lambda: save_text(with_command(rec(), _create_nested()),
                                     [('"NESTED"', nested_text(40))]),
                   r"nested more than 16"),
        _save_case("seed_surrogate", "saves: lone surrogates",
                   lambda: save_text(rec(), [('"seed": 11', '"seed": "\\ud800"')]),
                   r"lone surrogate", ("replay", "load")),
        _save_case("note_surrogate", "saves: lone surrogates",
                   lambda: save_text(with_command(rec(), {"c": "note", "side": "",
                                                          "text": "SURROGATE"}),
                                     [("SURROGATE", "a\\udfffb")]), r"lone surrogate",
                   ("replay", "load")),
        _save_case("values_9m", "saves: size and values",
                   lambda: save_text({**rec(), "options": {}},
                                     [('"options": {}', '"options": {}, "pad": ['
                                       + ",".join(["0"] * 8_000_001) + "]")]),
                   r"more than 8000000 values"),
        # -- compact saves: compressed bodies (issue 17) ------------------------------------------
        _save_case("compact_bomb_256mib", zipped,
                   lambda: compressed_save(zlib_bomb(256 << 20)), r"inflates to more than",
                   ("replay", "load")),
        _save_case("compact_bomb_json_80mib", zipped,
                   lambda: compressed_save(zlib_bomb(80 << 20, b"[1]")), r"inflates to more than"),
        _save_case("compact_cut_short", zipped,
                   lambda: (lambda d: d[:len(d) - 9])(compact_text()), r"checksum mismatch"),
        _save_case("compact_stream_cut_short", zipped,
                   lambda: compressed_save(zlib_bomb(1 << 20)[:-40]), r"cut short"),
        _save_case("compact_trailing_bytes", zipped,
                   lambda: compressed_save(zlib_bomb(0, b"{}") + b"more"), r"bytes follow"),
        _save_case("compact_not_zlib", zipped, lambda: compressed_save(b"{" * 5000),
                   r"compressed body is damaged"),
        _save_case("compact_edited_hash", zipped,
                   lambda: compact_text(lambda d: d["actions"][1].__setitem__(1, "0badc0de")),
                   r"action 2: state hash", ("replay", "load")),
        _save_case("compact_illegal_action", zipped,
                   lambda: compact_text(lambda d: d["actions"][0].__setitem__(0, "move to=@nowhere")),
                   r"action 1: ", ("replay", "load")),
        _save_case("compact_50001_actions", zipped,
                   lambda: compact_text(lambda d: d["actions"].extend(
                       [["note text=x", "00000000"]] * 50_000)),
                   r"more than 50000 actions", ("replay", "load")),
        _save_case("compact_deep_nesting", zipped,
                   lambda: compressed_save(zlib_bomb(0, b'{"format": "wartable-save", "x": '
                                                     + nested_text(5000).encode() + b"}")),
                   r"nested more than"),
        _device_case("replay_dev_zero", "/dev/zero", ("replay", "load", "shot_load")),
        _device_case("replay_dev_urandom", "/dev/urandom", ("replay", "load")),
        _device_case("replay_fifo", "fifo", ("replay", "load", "shot_load")),
        _device_case("module_dev_zero", "/dev/zero", ("validate", "info", "shot")),
        _device_case("module_fifo", "fifo", ("validate", "info")),
        # -- the command line -------------------------------------------------------------------
        _cli_case("info_name_300", lambda d: ["info", "x" * 300], says=r"no such module"),
        _cli_case("validate_name_300", lambda d: ["validate", "x" * 300],
                  says=r"no such module"),
        _cli_case("validate_path_300", lambda d: ["validate", str(d / ("x" * 300 + ".wtm"))],
                  says=r"File name too long|no such file"),
        _cli_case("replay_name_300", lambda d: ["replay", str(d / ("x" * 300))],
                  says=r"File name too long"),
        _cli_case("dump_onto_file", lambda d: ["dump", "skirmish", "-o", str(_file(d))],
                  says=r"is a file, not a folder"),
        _cli_case("dump_unwritable", lambda d: ["dump", "skirmish", "-o", UNWRITABLE],
                  says=r"cannot write|No such file"),
        _cli_case("new_onto_file", lambda d: ["new", "my_game", str(_file(d))],
                  says=r"is a file, not a folder"),
        _cli_case("new_unwritable", lambda d: ["new", "my_game", UNWRITABLE],
                  says=r"cannot write|No such file"),
        _cli_case("new_id_long", lambda d: ["new", "m" * 300, str(d / "n")], codes=(2,),
                  says=r"lower_snake"),
        _cli_case("build_into_missing_folder",
                  lambda d: ["build", str(source_folder(d / "s")), "-o",
                             str(d / "missing" / "deeper" / "m.wtm")], codes=(0,)),
        _cli_case("build_onto_folder", lambda d: ["build", str(source_folder(d / "s")), "-o",
                                                  str(d)], says=r"is a folder"),
        _cli_case("build_under_file", lambda d: ["build", str(source_folder(d / "s")), "-o",
                                                 str(_file(d) / "m.wtm")],
                  says=r"a_file is a file, not a folder"),
        _cli_case("build_unwritable", lambda d: ["build", str(source_folder(d / "s")), "-o",
                                                 UNWRITABLE], says=r"cannot write"),
        _cli_case(
            "fuzz_pog_ruleset_small_module",
            lambda d: COMMANDS["fuzz_pog"](write_wtm(d, "small.wtm", new_base()), d),
            says=RULESET_SAYS),
        _cli_case("shot_size_16384", lambda d: ["shot", "skirmish", "--out", str(d / "x.png"),
                                                "--size", "16384x16384"], codes=(2,),
                  says=r"more than the 16777216"),
        _cli_case("play_size_16384", lambda d: ["play", "skirmish", "--size", "16384x8192",
                                                "--frames", "1"], codes=(2,),
                  says=r"more than the 16777216"),
        _cli_case("shot_seed_huge", lambda d: ["shot", "skirmish", "--out", str(d / "x.png"),
                                               "--seed", LONG], codes=(2,), says=r"64 bits"),
        _cli_case("fuzz_jobs_huge", lambda d: ["fuzz", "skirmish", "--jobs", "1000000"],
                  codes=(2,), says=r"1\.\.64"),
    ]
    return cases


def _at_limits(folder: Path) -> list[list[str]]:
    """A module at every table limit at once, and what a user does with it: the biggest shot
    and a few frames of play (the slowest commands on it)."""
    path = write_wtm(folder, "limits.wtm", table_at_limits())
    return [["shot", str(path), "--out", str(folder / "shot.png"), "--size", "4096x4096"],
            ["play", str(path), "--frames", "3", "--no-autosave"]]


def _file(folder: Path) -> Path:
    path = folder / "a_file"
    path.write_text("not a folder\n")
    return path


def _scenario_id(sid: str) -> Module:
    """A scenario whose id would become part of an autosave's file name."""
    m = new_base()
    sc = next(iter(m.scenarios.values()))
    return dataclasses.replace(m, scenarios={sid: dataclasses.replace(sc, id=sid)})


def _nul_text() -> Module:
    """Names with NUL characters (valid UTF-8, refused by SDL_ttf) on a location, a piece type
    and its symbol."""
    m = new_base()
    pieces = dict(m.piece_types)
    pieces["blue_inf"] = dataclasses.replace(pieces["blue_inf"], name="Inf\x00", symbol="a\x00b")
    return replace_location(dataclasses.replace(m, piece_types=pieces), "0203",
                            name="Nul\x00town")


def _pog_flipped() -> Module:
    """Paths of Glory with one bit flipped in its mandated offensive table (die row 1 -> 0)."""
    from engine.modules import open_module
    m = open_module("paths_of_glory")
    t = m.tables["mandated_offensive"]
    rows = dataclasses.replace(t.rows, values=(0,) + t.rows.values[1:])
    return dataclasses.replace(m, tables={**m.tables, t.id: dataclasses.replace(t, rows=rows)})


def run_case(case: Case, folder: Path) -> list[tuple[Outcome, str | None]]:
    """Make ``case``'s input under ``folder`` and run each of its command lines bounded;
    returns each outcome with what broke the promise (None: kept), the reason included."""
    import re
    results = []
    for argv in case.make(folder):
        o = run_cli(argv, folder)
        why = verdict(o, case.codes)
        if why is None and case.says and not re.search(case.says, o.err + o.out):
            why = f"the message does not say /{case.says}/: {o.err.strip()[:300]!r}"
        results.append((o, why))
    return results


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.hostile [NAME...]``: run the corpus (or the named cases) and print one
    line per command line: case, exit code, CPU, wall, peak memory, the message."""
    import argparse
    import tempfile
    ap = argparse.ArgumentParser(prog="python -m tools.hostile", description=main.__doc__)
    ap.add_argument("names", nargs="*")
    args = ap.parse_args(argv)
    failed = 0
    for case in corpus():
        if args.names and case.name not in args.names:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            for o, why in run_case(case, Path(tmp)):
                message = (o.err.strip().splitlines() or [""])[-1][:150]
                state = "ok" if why is None else "FAIL"
                failed += why is not None
                print(f"{state:4} {case.name:28} {o.argv[0]:8} exit {o.code}  {o.cpu:5.2f} s "
                      f"{o.rss / 2**20:5.0f} MiB  {message}" + (f"  <- {why}" if why else ""),
                      flush=True)
    return 1 if failed else 0



def table_at_limits(hexes: int = 50_000, edges: int = 50_000, pieces: int = 20_000,
                    size: float = 4.0) -> Module:
    """A valid module at the table limits (:class:`engine.container.TableLimits`): ``hexes``
    hexes in a square-ish block of hex radius ``size``, ``edges`` hexside edges with river
    features between neighbours, ``pieces`` pieces set up spread over the hexes."""
    import math as _m
    m = new_base()
    cols = max(1, int(_m.sqrt(hexes)))
    rows = -(-hexes // cols)
    grid = dataclasses.replace(m.grids[0], size=size, origin_x=size * 2, origin_y=size * 2,
                               numbering_params={"parity": "odd", "col_digits": 3,
                                                 "row_digits": 3})
    locs = {k: v for k, v in m.locations.items() if v.kind != "hex"}
    ids: list[str] = []
    room = hexes - len(locs)
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            if len(ids) == room:
                break
            q = c - 1
            lid = f"{c:03d}{r:03d}"
            locs[lid] = Location(lid, "hex", "map", "", 0.0, 0.0, "forest" if (c + r) % 3 else
                                 "clear", "hexes", q, (r - 1) - (q - (q & 1)) // 2)
            ids.append(lid)
    for lid, loc in list(locs.items()):
        if loc.kind != "hex":
            locs[lid] = dataclasses.replace(loc, x=10.0, y=10.0)
    width = size * 1.5 * cols + size * 4
    height = size * 1.8 * (rows + 1) + size * 4
    edge_list = []
    for i, lid in enumerate(ids):  # the hex below, then the hex to the east: neighbours
        if len(edge_list) >= edges:
            break
        c, r = int(lid[:3]), int(lid[3:])
        for other in (f"{c:03d}{r + 1:03d}", f"{c + 1:03d}{r:03d}"):
            if other in locs and len(edge_list) < edges:
                edge_list.append(Edge(lid, other, "hexside", {"river": "minor"}))
    sc = next(iter(m.scenarios.values()))
    kinds = [p.piece_type for p in sc.placements]
    placements = tuple(Placement(kinds[i % len(kinds)], ids[i % len(ids)], 1)
                       for i in range(pieces))
    types = {k: dataclasses.replace(t, count=pieces) for k, t in m.piece_types.items()}
    return dataclasses.replace(
        m, boards=(Board("map", "Map", min(width, 100_000.0), min(height, 100_000.0)),),
        grids=(grid,), locations=locs, edges=tuple(edge_list), piece_types=types,
        scenarios={sc.id: dataclasses.replace(sc, placements=placements)})


if __name__ == "__main__":
    sys.exit(main())
