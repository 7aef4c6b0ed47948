"""COVERAGE.md is honest: every rule row has a status among enforced, data, description and
glossary (none partly or not yet), every test it names exists, the summary counts are the
table's, and every rule number of the digest's checklist appears in it."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
COVERAGE = ROOT / "modules" / "strafexpedition_1916" / "COVERAGE.md"
TESTS = Path(__file__).resolve().parent
STATUSES = ("enforced", "data", "description", "glossary")


def rows(section_end: str | None = "## Scenarios"):
    text = COVERAGE.read_text(encoding="utf-8")
    body = text.split(section_end)[0] if section_end else text
    out = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 3 and cells[0] not in ("rule", "event") and not set(cells[0]) <= {"-"}:
            out.append(cells)
    return out


def test_every_row_has_a_final_status():
    for rule, status, _ in rows(None):
        if rule in ("rule",):
            continue
        assert status.split(" ")[0] in STATUSES, (rule, status)
        assert "partly" not in status and "not yet" not in status, rule


def test_every_named_test_exists():
    names = set()
    for path in TESTS.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    text = COVERAGE.read_text(encoding="utf-8")
    named = set(re.findall(r"\b(test_se_\w+)", text))
    missing = sorted(n for n in named if n not in names)
    assert not missing, missing


def test_the_summary_counts_the_rule_rows():
    table = rows()
    counts = {s: sum(1 for _, status, _ in table if status.split(" ")[0] == s) for s in STATUSES}
    text = COVERAGE.read_text(encoding="utf-8")
    summary = re.search(r"grouped\s+here into (\d+) rows: \*\*(\d+) enforced\*\*, \*\*(\d+) data\*\*, "
                        r"\*\*(\d+) description\*\*, \*\*(\d+) glossary\*\*", text)
    assert summary, "summary line"
    assert int(summary.group(1)) == len(table)
    assert [int(summary.group(i)) for i in (2, 3, 4, 5)] == [counts[s] for s in STATUSES]


def test_every_checklist_rule_number_appears():
    digest = Path("/work/shared/rules/strafexpedition_1916.md")
    if not digest.exists():
        return
    section = digest.read_text(encoding="utf-8").split("## 6. Rules checklist")[1].split("## 7. Scenarios")[0]
    numbers = set(re.findall(r"^\* \*\*(\d+\.\d+(?:\.\d+)*)", section, re.M))
    text = COVERAGE.read_text(encoding="utf-8")
    cited = set(re.findall(r"^\| (\d+\.\d+(?:\.\d+)*)", text, re.M))
    missing = sorted(n for n in numbers if n not in cited)
    assert not missing, missing
