"""The Paths of Glory core procedures reach card events only through hook points (issue 16):
no core file imports an events file, every hook point has a card attached, and the ruleset is
where events and attachments are wired."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.modules import open_module
from modules.paths_of_glory.rules import cards, events_ap, events_cp
from modules.paths_of_glory.rules.hook_points import HOOK_POINTS
from modules.paths_of_glory.rules.ruleset import PathsOfGlory

RULES = Path(events_ap.__file__).parent
EVENT_FILES = {"events_ap", "events_cp"}
#: The one file that wires events to the core.
WIRING = {"ruleset.py"}


def relative_imports(path: Path) -> set[str]:
    """The sibling modules ``path`` imports (``from . import x``, ``from .x import y``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(a.name for a in node.names)
    return found


def test_no_core_procedure_imports_a_card_event_file():
    wrong = [f"{p.name} imports {sorted(relative_imports(p) & EVENT_FILES)}"
             for p in sorted(RULES.glob("*.py"))
             if p.name not in WIRING and p.stem not in EVENT_FILES
             and relative_imports(p) & EVENT_FILES]
    assert wrong == []


def test_every_hook_point_has_a_card_attached_and_the_attachments_are_the_event_files():
    hooks = PathsOfGlory.attachments
    assert hooks == (events_ap.HOOKS, events_cp.HOOKS)
    attached = {name for table in hooks for name in table}
    assert attached == {p.name for p in HOOK_POINTS}           # no dead point, no stray name
    for p in HOOK_POINTS:
        assert p.doc and p.doc.split(":")[0].strip()          # each says the rule it serves


@pytest.mark.parametrize("point", [p.name for p in HOOK_POINTS])
def test_the_built_table_calls_what_the_event_files_attach(point):
    rules = PathsOfGlory(open_module("paths_of_glory"))
    expected = [fn for table in PathsOfGlory.attachments for fn in table.get(point, [])]
    assert rules.hooks.attached(point) == expected and expected


def test_a_card_event_implemented_twice_is_refused():
    one = {"cp_11": cards.Event(lambda g, side, c: None)}
    with pytest.raises(ValueError, match="cp_11"):
        cards.join_events(one, dict(one))
    assert set(cards.join_events(one, {"cp_13": one["cp_11"]})) == {"cp_11", "cp_13"}
