"""The rules' own examples, run against an edited module: after an owner corrects reconstructed
values, the rulebook's worked examples (Paths of Glory's 7.6 example of play and its two combat
examples, Grand Illusion's 9.4.3 battle, France 1944's and 1914 Offensive à outrance's worked
examples, the skirmish sample's combat tests) must still come out as printed.

Each module's example tests are the project's own pytest tests (:data:`EXAMPLES`); they load the
module by its id. :func:`run_examples` runs them in a separate ``pytest`` with the plugin
:mod:`tools.editor.examples_plugin`, which makes that id resolve to the edited source folder.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.modules import REPO

#: module id -> the pytest node ids of its rulebook's worked examples (paths from the repository)
EXAMPLES: dict[str, tuple[str, ...]] = {
    "paths_of_glory": (
        "tests/modules/paths_of_glory_rules/test_example_of_play.py",
        "tests/modules/paths_of_glory_rules/test_combat.py::test_pog_12_combat_example_1_tannenberg",
        "tests/modules/paths_of_glory_rules/test_combat.py::test_pog_12_combat_example_2_cambrai",
    ),
    "grand_illusion": (
        "tests/modules/grand_illusion_rules/test_example_of_play.py",
        "tests/modules/test_grand_illusion_data.py::test_9_4_3_battle_example_unit_strengths",
        "tests/modules/test_grand_illusion_data.py"
        "::test_9_4_3_battle_example_hex_26_has_tem_1_and_touches_27_and_35",
    ),
    "france_1944": (
        "tests/modules/france_1944_rules/test_combat.py"
        "::test_f44_9_2_the_air_support_example_of_the_rulebook",
        "tests/modules/france_1944_rules/test_movement.py"
        "::test_f44_6_0_the_4plus_box_example_allowances",
        "tests/modules/france_1944_rules/test_movement.py"
        "::test_f44_7_0_costs_are_cumulative_the_worked_example",
        "tests/modules/test_france_1944_data.py::test_6_0_the_4plus_box_example",
    ),
    "offensive_a_outrance_1914": (
        "tests/modules/test_offensive_a_outrance_1914_data.py::test_9_9_crt_cells_printed_by_the_examples",
        "tests/modules/test_offensive_a_outrance_1914_data.py::test_10_1_artillery_table_worked_examples",
        "tests/modules/test_offensive_a_outrance_1914_data.py::test_19_example_values",
    ),
    "skirmish": (
        "tests/modules/skirmish_rules/test_combat.py",
    ),
}
#: The environment variable the plugin reads: ``id=folder``.
ENV = "WARTABLE_EDITED_MODULE"
#: The longest a check may run.
TIMEOUT_S = 900


@dataclass(frozen=True)
class ExampleCheck:
    """The outcome: how many example tests passed and failed, the tests run, the last lines
    of pytest's report. ``ran`` is False when the module has no example tests here (or the
    tests are not installed), ``note`` says why."""
    module: str
    ran: bool
    passed: int = 0
    failed: int = 0
    tests: tuple[str, ...] = ()
    report: str = ""
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.ran and self.failed == 0 and self.passed > 0


def example_tests(module_id: str) -> tuple[str, ...]:
    """The example tests of ``module_id`` that exist in this installation."""
    return tuple(t for t in EXAMPLES.get(module_id, ())
                 if (REPO / t.split("::", 1)[0]).is_file())


_COUNT = re.compile(r"(\d+) (passed|failed|error|errors)\b")


def run_examples(module_id: str, folder: str | Path, timeout: float = TIMEOUT_S) -> ExampleCheck:
    """Run ``module_id``'s example tests with that id resolving to source ``folder``."""
    tests = example_tests(module_id)
    if not tests:
        note = ("no worked examples are registered for this module" if module_id not in EXAMPLES
                else "the example tests are not installed (they live in the source tree)")
        return ExampleCheck(module_id, False, note=note)
    env = dict(os.environ, **{ENV: f"{module_id}={Path(folder).resolve()}"})
    cmd = [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "-p",
           "tools.editor.examples_plugin", *tests]
    try:
        run = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return ExampleCheck(module_id, True, failed=len(tests), tests=tests,
                            note=f"the examples did not finish within {timeout:.0f} s")
    counts = {"passed": 0, "failed": 0}
    lines = run.stdout.strip().splitlines()
    for word_count, word in _COUNT.findall(lines[-1] if lines else ""):
        counts["failed" if word != "passed" else "passed"] += int(word_count)
    if run.returncode not in (0, 1) and not counts["failed"]:
        counts["failed"] = 1
    return ExampleCheck(module_id, True, counts["passed"], counts["failed"], tests,
                        "\n".join(lines[-40:]) + ("\n" + run.stderr[-2000:] if run.stderr else ""))
