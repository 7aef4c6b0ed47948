"""``wartable build | validate | dump | new | info`` through a tiny argparse front end (the same
``register`` the ``wartable`` CLI calls), and module resolution (``engine.modules``)."""
from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import pytest

from engine.container import load_module, read_module, write_module
from engine.errors import ModuleError
from engine.sample import sample_module
from engine import modules as resolve
from tools.cmd_module import new_module, register
from engine.source import read_source, write_source
from tools.bench_module import synthetic_module


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="wartable")
    register(parser.add_subparsers(dest="command"))
    try:
        args = parser.parse_args([str(a) for a in argv])
        code = args.func(args)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_new_build_validate_info_dump_round_trip(tmp_path: Path, capsys) -> None:
    src, wtm = tmp_path / "src", tmp_path / "my_game.wtm"
    assert run(["new", "my_game", src], capsys)[0] == 0
    assert (src / "module.toml").is_file() and (src / "scenarios" / "intro.csv").is_file()
    code, out, _ = run(["build", src, "-o", wtm], capsys)
    assert code == 0 and out.startswith(f"{wtm}: my_game 0.1.0")
    assert run(["validate", src], capsys)[:2] == (0, run(["validate", wtm], capsys)[1])
    code, out, _ = run(["info", wtm, "--json"], capsys)
    info = json.loads(out)
    assert code == 0
    assert {k: info[k] for k in ("id", "title", "version", "ruleset", "locations", "edges",
                                 "piece_types", "pieces", "tables", "cards", "scenarios")} == {
        "id": "my_game", "title": "My Game", "version": "0.1.0", "ruleset": "free",
        "locations": 32, "edges": 2, "piece_types": 3, "pieces": 7, "tables": 1, "cards": 0,
        "scenarios": ["intro"]}
    code, out, _ = run(["info", wtm], capsys)
    assert code == 0 and "My Game (my_game 0.1.0)" in out and "scenarios: intro" in out
    dumped = tmp_path / "dumped"
    assert run(["dump", wtm, "-o", dumped], capsys)[0] == 0
    rebuilt = tmp_path / "rebuilt.wtm"
    assert run(["build", dumped, "-o", rebuilt], capsys)[0] == 0
    assert rebuilt.read_bytes() == wtm.read_bytes()
    # the new module opens, and is the module `new_module` describes
    assert load_module(wtm) == read_module(write_module(new_module("my_game")))


def test_new_refuses_bad_ids_and_full_folders(tmp_path: Path, capsys) -> None:
    code, _, err = run(["new", "Bad-Id", tmp_path / "x"], capsys)
    assert code == 2 and "lower_snake" in err
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "file").write_text("x")
    code, _, err = run(["new", "ok", tmp_path / "full"], capsys)
    assert code == 1 and err.count("\n") == 1 and "not empty" in err


def test_build_lists_every_integrity_problem(tmp_path: Path, capsys) -> None:
    m = new_module("broken")
    write_source(m, tmp_path)
    with open(tmp_path / "edges.csv", "a") as f:
        f.write("0101,nowhere,connection\n0101,0102,teleport\n")
    code, out, err = run(["build", tmp_path, "-o", tmp_path / "x.wtm"], capsys)
    assert code == 1 and not (tmp_path / "x.wtm").exists()
    lines = err.splitlines()
    assert lines == ["wartable: edges.csv: edge #2 (0101|nowhere): location 'nowhere' does not "
                     "exist", "wartable: edges.csv: edge #3 (0101|0102): kind 'teleport' is "
                     "not connection or hexside"]


def test_errors_are_one_line_naming_file_and_place(tmp_path: Path, capsys) -> None:
    write_source(new_module("bad"), tmp_path)
    with open(tmp_path / "locations.csv", "a") as f:
        f.write("extra,box,map,,abc,0,,,0,0,,public\n")
    code, _, err = run(["build", tmp_path], capsys)
    assert code == 1 and err.count("\n") == 1
    assert err.startswith("wartable: locations.csv:34:5: x: 'abc' is not")
    code, _, err = run(["info", tmp_path / "missing.wtm"], capsys)
    assert code == 1 and err.count("\n") == 1 and "missing.wtm" in err
    (tmp_path / "junk.wtm").write_bytes(b"PK\x03\x04junk")
    code, _, err = run(["validate", tmp_path / "junk.wtm"], capsys)
    assert code == 1 and err == "wartable: junk.wtm: not a module file (not a readable zip " \
        "archive: File is not a zip file)\n"


def test_usage_errors_exit_2(tmp_path: Path, capsys) -> None:
    assert run(["info"], capsys)[0] == 2
    assert run(["dump", "x.wtm"], capsys)[0] == 2  # -o is required
    assert run(["build", tmp_path], capsys)[0] == 2  # not a source folder


def test_validate_prints_problems_one_a_line(tmp_path: Path, capsys) -> None:
    m = new_module("v")
    write_source(m, tmp_path)
    with open(tmp_path / "edges.csv", "a") as f:
        f.write("0101,0101,hexside\n0101,0505,hexside\n")
    with open(tmp_path / "scenarios" / "intro.csv", "a") as f:
        f.write("red_inf,0601,2\n")
    code, out, err = run(["validate", tmp_path], capsys)
    assert code == 1
    assert out.splitlines() == [
        "edges.csv: edge #2 (0101|0101): joins a location to itself",
        "edges.csv: edge #3 (0101|0505): 0101 (0,0) and 0505 (4,2) are not adjacent",
        "scenarios/intro.csv: scenario intro: places 5 of red_inf but the counter mix has 3"]
    assert err == "wartable: v: 3 problem(s)\n"


def test_build_shows_a_progress_bar_for_big_modules(tmp_path: Path, capsys) -> None:
    write_source(synthetic_module(cols=40, rows=40, piece_types=300, placements=200), tmp_path)
    code, _, err = run(["build", tmp_path, "-o", tmp_path / "big.wtm"], capsys)
    assert code == 0 and "building" in err and "[" + "#" * 30 + "]" in err
    code, _, err = run(["build", tmp_path, "-o", tmp_path / "big.wtm", "--no-progress"], capsys)
    assert code == 0 and err == ""


def test_dump_needs_force_to_replace(tmp_path: Path, capsys) -> None:
    wtm = tmp_path / "s.wtm"
    wtm.write_bytes(write_module(sample_module()))
    assert run(["dump", wtm, "-o", tmp_path / "d"], capsys)[0] == 0
    code, _, err = run(["dump", wtm, "-o", tmp_path / "d"], capsys)
    assert code == 1 and "--force" in err
    assert run(["dump", wtm, "-o", tmp_path / "d", "--force"], capsys)[0] == 0
    assert read_source(tmp_path / "d") == sample_module()


def test_info_counts_pieces_and_cards(capsys) -> None:
    code, out, _ = run(["info", "skirmish", "--json"], capsys)
    info = json.loads(out)
    m = sample_module()
    assert code == 0 and info["pieces"] == sum(p.count for p in m.piece_types.values()) == 30
    assert info["cards"] == 8 and info["scenarios"] == ["meeting"]
    kinds: dict[str, int] = {}
    for loc in m.locations.values():
        kinds[loc.kind] = kinds.get(loc.kind, 0) + 1
    assert info["location_kinds"] == kinds and sum(kinds.values()) == info["locations"]
    code, out, _ = run(["info", "skirmish"], capsys)
    assert code == 0 and ", ".join(f"{n} {k}" for k, n in kinds.items()) in out


def test_info_counts_locations_by_kind(capsys) -> None:
    """Grand Illusion's map is 107 numbered hexes plus tracks, boxes and cups."""
    code, out, _ = run(["info", "grand_illusion", "--json"], capsys)
    info = json.loads(out)
    assert code == 0 and info["location_kinds"]["hex"] == 107
    assert sum(info["location_kinds"].values()) == info["locations"]
    code, out, _ = run(["info", "grand_illusion"], capsys)
    assert code == 0 and "107 hex" in out


# -- resolve ---------------------------------------------------------------------------------------

@pytest.fixture
def modules_dir(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "modules"
    write_source(new_module("alpha"), root / "alpha")
    (root / "not_a_module").mkdir()
    monkeypatch.setattr(resolve, "MODULES_DIR", root)
    return root


def test_builtin_modules_build_into_a_cache_and_rebuild_when_sources_change(
        modules_dir: Path) -> None:
    assert resolve.builtin_ids() == ["alpha"]
    m = resolve.open_module("alpha")
    cache = modules_dir / "alpha" / "build" / "alpha.wtm"
    assert cache.is_file() and m == new_module("alpha")
    assert resolve.module_path("alpha") == cache
    stamp = cache.stat().st_mtime_ns
    assert resolve.open_module("alpha") == m and cache.stat().st_mtime_ns == stamp  # cached
    text = (modules_dir / "alpha" / "module.toml").read_text().replace(
        'title = "Alpha"', 'title = "Alpha II"')
    (modules_dir / "alpha" / "module.toml").write_text(text)
    future = time.time() + 5
    os.utime(modules_dir / "alpha" / "module.toml", (future, future))
    assert resolve.open_module("alpha").title == "Alpha II"
    assert cache.stat().st_mtime_ns != stamp


def test_a_damaged_cache_is_rebuilt(modules_dir: Path) -> None:
    cache = resolve.module_path("alpha")
    cache.write_bytes(b"damaged")
    future = time.time() + 5
    os.utime(cache, (future, future))  # newer than the sources, so only the loader notices
    assert resolve.open_module("alpha") == new_module("alpha")


def test_open_module_accepts_paths_folders_and_ids(modules_dir: Path, tmp_path: Path) -> None:
    wtm = tmp_path / "x.wtm"
    wtm.write_bytes(write_module(sample_module()))
    assert resolve.open_module(str(wtm)) == sample_module()
    assert resolve.open_module(str(modules_dir / "alpha")) == new_module("alpha")
    assert resolve.open_module("skirmish") == sample_module()
    with pytest.raises(ModuleError, match="no such module.*alpha"):
        resolve.open_module("beta")
    with pytest.raises(ModuleError, match="not a module source folder"):
        resolve.open_module(str(modules_dir / "not_a_module"))
