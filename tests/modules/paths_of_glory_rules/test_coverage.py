"""COVERAGE.md lists all 130 cards with the status the registries give (issue 11)."""
from __future__ import annotations

from tools import pog_coverage as coverage

from .conftest import module


def test_card_section_lists_all_130_cards():
    table = coverage.card_table(module())
    rows = [line for line in table.splitlines() if line.startswith("| AP #") or line.startswith("| CP #")]
    assert len(rows) == 130
    assert sum("implemented" in r for r in rows) >= 28  # the combat cards at least


def test_coverage_md_card_section_is_current():
    """Regenerate with ``python -m modules.paths_of_glory.rules.coverage`` when this fails."""
    text = coverage.COVERAGE.read_text(encoding="utf-8")
    assert coverage.updated(text, coverage.card_table(module())) == text
