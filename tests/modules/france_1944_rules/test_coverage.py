"""COVERAGE.md lists every rule case of the digest's checklist once, each enforced with tests
that exist (or data / description / glossary): none "partly", none "not yet"."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
COVERAGE = ROOT / "modules" / "france_1944" / "COVERAGE.md"
TESTS = Path(__file__).resolve().parent
DIGEST = ROOT.parent.parent / "shared" / "rules" / "france_1944.md"
STATUSES = {"enforced", "data", "description", "glossary"}


def rows():
    out = []
    for line in COVERAGE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| (\d+(?:\.\d+)*-[a-z]) \| (.*) \| (\w+) \| (.*) \| (.*) \|$", line)
        if m:
            out.append(m.groups())
    return out


def test_f44_coverage_has_one_row_per_rule_case_none_partly_or_not_yet():
    rs = rows()
    ids = [r[0] for r in rs]
    assert len(ids) == 225 and len(set(ids)) == 225
    assert {r[2] for r in rs} <= STATUSES
    text = COVERAGE.read_text(encoding="utf-8").lower()
    assert "partly" not in text.split("## readings")[0].replace("none partly", "")
    if DIGEST.is_file():
        sec = DIGEST.read_text(encoding="utf-8").split("## 6. Rules checklist")[1].split("## 7. Scenarios")[0]
        assert set(re.findall(r"^\* \*\*([0-9.]+-[a-z])\*\*", sec, re.M)) == set(ids)


def test_f44_every_enforced_row_names_tests_that_exist():
    defined = set()
    for path in TESTS.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    for rule, _case, status, _notes, tests in rows():
        named = re.findall(r"test_f44_\w+", tests)
        if status == "enforced":
            assert named, f"{rule}: enforced without a test"
        missing = [t for t in named if t not in defined]
        assert not missing, f"{rule}: no such test {missing}"
