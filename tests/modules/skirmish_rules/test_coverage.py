"""COVERAGE.md lists every rule of RULES.md with tests that exist, and every rule test."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULE = ROOT / "modules" / "skirmish"
RULE = re.compile(r"^(\d+\.\d+) ", re.M)
ROW = re.compile(r"^\| (\d+\.\d+) \|.*\|([^|]*)\|\s*$", re.M)


def rule_tests() -> set[str]:
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text())
        names |= {n.name for n in tree.body if isinstance(n, ast.FunctionDef)
                  and n.name.startswith("test_sk_")}
    return names


def test_coverage_lists_every_rule_with_existing_tests():
    rules = RULE.findall((MODULE / "RULES.md").read_text())
    rows = {rule: re.findall(r"`(test_[a-z0-9_]+)`", tests)
            for rule, tests in ROW.findall((MODULE / "COVERAGE.md").read_text())}
    assert len(rules) == len(set(rules)) > 30
    assert sorted(rows) == sorted(rules)
    existing = rule_tests()
    for rule, tests in rows.items():
        assert tests, f"SK {rule} has no test"
        assert set(tests) <= existing, f"SK {rule}: no such test {set(tests) - existing}"
    listed = {t for tests in rows.values() for t in tests}
    assert existing <= listed, f"rule tests missing from COVERAGE.md: {existing - listed}"
