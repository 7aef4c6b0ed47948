"""Hostile inputs for the whole command line (issue 20): every failure class the hostile test
found — memory amplification, numbering parameters, extreme coordinates and counts, ruleset data,
deep nesting, huge integers, lone surrogates, device files and FIFOs, bad output paths, huge
frames — each run as ``wartable ...`` in a subprocess limited with ``setrlimit`` to
``tools.hostile.MEMORY`` (1 GiB of address space) and ``CPU_SECONDS`` (10 s of CPU), its peak
memory and CPU measured (``/proc/self/status`` at exit, ``wait4``). Each must end in exit 0, 1
with one ``wartable: ...`` line per problem naming the reason, or 2 (usage) — never a traceback,
a hang or more memory.

The corpus is ``tools.hostile.corpus()``; ``python -m tools.hostile`` prints every run's
figures.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tools.hostile import CPU_SECONDS, MEMORY, corpus, run_case

CASES = corpus()


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CASES])
def test_hostile_input_ends_cleanly_and_bounded(case, tmp_path: Path) -> None:
    results = run_case(case, tmp_path)
    assert results, "the case runs no command line"
    for outcome, why in results:
        assert why is None, f"{case.issue_class}: {outcome.describe()}: {why}"
        # measured, not assumed: the child ran under the limits and reported its own peak
        assert 0 < outcome.rss < MEMORY and outcome.vm <= MEMORY, outcome.describe()
        assert outcome.cpu < CPU_SECONDS, outcome.describe()


def test_the_corpus_covers_every_class_of_the_issue() -> None:
    classes = {c.issue_class for c in CASES}
    assert {"modules: memory amplification", "modules: numbering parameters",
            "modules: extreme coordinates, sizes and counts", "modules: ruleset data missing",
            "sources", "saves: huge integers", "saves: long module id", "saves: id types",
            "saves: deep nesting", "saves: lone surrogates", "saves: device files and FIFOs",
            "saves: compressed bodies",
            "command line: tracebacks", "modules: text the table draws"} <= classes
    assert len({c.name for c in CASES}) == len(CASES)


def test_the_harness_catches_what_it_must(tmp_path: Path) -> None:
    """The limits are real: a command that allocates past them, or a traceback, fails."""
    from tools.hostile import Outcome, verdict
    ok = Outcome(["info", "x"], 1, "", "wartable: x: no such module\n", 0.2, 0.2, 30 << 20)
    assert verdict(ok) is None
    assert "traceback" in verdict(Outcome(["x"], 1, "", "Traceback (most recent call last):\n"
                                          "KeyError: 'a'\n", 0.2, 0.2, 1))
    assert "signal" in verdict(Outcome(["x"], -9, "", "", 0.2, 0.2, 1))
    assert "blocked" in verdict(Outcome(["x"], None, "", "", 0.0, 31.0, 1))
    assert "progress bar" in verdict(Outcome(["build"], 1, "", "building [####......] 3/11 "
                                             "x wartable: boom\n", 0.1, 0.1, 1))
    assert "not one" in verdict(Outcome(["x"], 1, "", "wartable: a\nsecond line\n", 0.1, 0.1, 1))
