"""COVERAGE.md is honest: every test it names exists, no rule is "partly" or "not yet", and its
summary counts the rows it has."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
COVERAGE = ROOT / "modules" / "grand_illusion" / "COVERAGE.md"
TESTS = Path(__file__).resolve().parent


def _rows():
    rows = []
    section = ""
    for line in COVERAGE.read_text().splitlines():
        if line.startswith("## "):
            section = line[3:]
        if line.startswith("| ") and not line.startswith("| rule") and not line.startswith("|---") \
                and section[:1].isdigit():
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.append(cells)
    return rows


def _test_names():
    names = set()
    for path in TESTS.glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    names.update(n for p in (ROOT / "tests" / "modules").glob("test_grand_illusion*.py")
                 for n in re.findall(r"^def (test_\w+)", p.read_text(), re.M))
    return names


def counts():
    out = {"enforced": 0, "data": 0, "description": 0, "glossary": 0}
    for cells in _rows():
        status = re.match(r"[a-z]+", cells[1]).group(0)
        out[status] = out.get(status, 0) + 1
    return out


def test_gi_coverage_names_only_tests_that_exist():
    names = _test_names()
    text = COVERAGE.read_text()
    for name in set(re.findall(r"\btest_gi_\w+", text)):
        assert name in names, f"COVERAGE.md names {name}, which does not exist"


def test_gi_coverage_has_no_rule_partly_or_not_yet_and_counts_its_rows():
    c = counts()
    assert set(c) == {"enforced", "data", "description", "glossary"}, c
    summary = re.search(r"Summary: the tables below have \*\*(\d+) rows\*\*: (\d+) enforced, (\d+) data, "
                        r"(\d+) description, (\d+) glossary", COVERAGE.read_text())
    assert summary, "the summary line is missing"
    total, enf, data, desc, glos = map(int, summary.groups())
    assert (enf, data, desc, glos) == (c["enforced"], c["data"], c["description"], c["glossary"])
    assert total == sum(c.values())
    for cells in _rows():
        if cells[1].startswith("enforced"):
            assert "test_gi_" in cells[2], f"row {cells[0]} is enforced with no test"
