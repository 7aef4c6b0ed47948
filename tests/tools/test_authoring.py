"""The shared authoring toolkit (``tools/authoring``): hexes by label on ``engine.hexgrid``, and
the three modules that generate their sources with it reproduce their committed files byte for
byte."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from engine.model import Grid
from engine.modules import MODULES_DIR, REPO
from tools.authoring import OUT_ENV, HexGrid, ProvenanceLog, csv_text

F44 = Grid("main", "main", "flat", 30.0, 40.0, 40.0, "colrow",
           {"parity": "odd", "last_col": 40, "last_row": 29})


def test_hexes_by_label():
    g = HexGrid(F44)
    assert g.offset("2806") == (28, 6) and g.label_at(28, 6) == "2806" and g.row("2806") == 6
    # F44 11.4: the Scheldt hexes are 2805 and its six neighbours (even columns sit lower)
    assert sorted(g.neighbours("2805")) == ["2705", "2706", "2804", "2806", "2905", "2906"]
    assert g.adjacent("2805", "2906") and not g.adjacent("2805", "2904")
    assert g.at(*g.pixel("1510")) == "1510"
    assert g.within("1510", 1)[0] == "1510" and len(g.within("1510", 1)) == 7
    a, b = g.hexside_at(*[(p + q) / 2 for p, q in zip(g.pixel("1510"), g.pixel("1511"))])
    assert {a, b} == {"1510", "1511"}
    assert g.pairs(["0101", "0102", "0202", "0505"]) == [("0101", "0102"), ("0102", "0202")]
    assert g.at(-500, -500) is None


def test_the_hexes_covering_a_board_are_those_whose_centres_lie_on_it():
    g = HexGrid(Grid("g", "b", "pointy", 20.0, 20.0, 20.0, "rowcol", {}))
    labels = g.covering(200, 100)
    assert labels[0] == "0101" and all(0 <= c <= 200 for lab in labels for c in g.pixel(lab)[:1])
    assert all(0 <= g.pixel(lab)[1] <= 100 for lab in labels)


def test_csv_text_and_the_provenance_log():
    log = ProvenanceLog()
    log("piece:a", "rulebook §1")
    log.append(("piece:b", "reconstructed: x"))
    log += [("table:t", "errata: y")]
    assert csv_text([["target", "source"]] + log.rows, ["a comment"]) == (
        "# a comment\ntarget,source\npiece:a,rulebook §1\npiece:b,reconstructed: x\n"
        "table:t,errata: y\n")


@pytest.mark.parametrize("module", ["grand_illusion", "france_1944", "paths_of_glory"])
def test_generated_sources_are_byte_identical_to_the_committed_ones(module, tmp_path):
    """The module's authoring script, run on the toolkit into a temporary folder, writes exactly
    the committed source files."""
    env = dict(os.environ, **{OUT_ENV: str(tmp_path)})
    script = MODULES_DIR / module / "authoring" / "make_module.py"
    run = subprocess.run([sys.executable, str(script)], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert len(written) >= 8
    for p in written:
        rel = p.relative_to(tmp_path)
        assert p.read_bytes() == (MODULES_DIR / module / rel).read_bytes(), f"{module}/{rel}"
