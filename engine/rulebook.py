"""Rule texts: finding a cited rule's words (``"PoG 12.5.3"`` → what 12.5.3 says).

A ruleset answers :meth:`engine.rules.Ruleset.rule_text`; by default it looks the rule up in
the module's rules index with :func:`lookup`. A ruleset whose rules are a Markdown rulebook (the
sample's ``RULES.md``) reads it with :func:`parse_markdown` and looks up there instead.
"""
from __future__ import annotations

import re
from typing import Mapping

_CITATION = re.compile(r"^\s*(?:[A-Za-z][\w-]*\s+)?(\d+(?:\.\d+)*)\s*$")
_RULE_LINE = re.compile(r"^(\d+(?:\.\d+)+)\s+(.*)$")
_HEADING = re.compile(r"^#{1,6}\s+(\d+)\.?\s+(.*)$")


def number(citation: str) -> str:
    """The rule number of a citation: ``"PoG 12.5.3"`` → ``"12.5.3"`` ("" when none)."""
    m = _CITATION.match(citation or "")
    return m.group(1) if m else ""


def lookup(index: Mapping[str, str], citation: str) -> tuple[str, str] | None:
    """(the rule found, its text) for ``citation``: the rule itself, else its nearest parent
    (``12.5.3`` → ``12.5`` → ``12``); None when neither is in ``index``."""
    rule = number(citation)
    while rule:
        if rule in index:
            return rule, index[rule]
        rule = rule.rsplit(".", 1)[0] if "." in rule else ""
    return None


def parse_markdown(text: str) -> dict[str, str]:
    """The rules of a Markdown rulebook: a heading ``## 7. Combat resolution`` is rule ``7``
    (its title); a paragraph starting with a number (``7.2 **The CRT.** Combat is…``) is that
    rule, with every line up to the next numbered paragraph or heading (tables and lists
    included). Markdown emphasis is dropped."""
    rules: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            body = "\n".join(lines).strip()
            rules[current] = re.sub(r"\*\*|__|`", "", body)

    for raw in text.splitlines():
        heading = _HEADING.match(raw)
        rule = _RULE_LINE.match(raw)
        if heading or rule:
            close()
            current = (heading or rule).group(1)
            lines = [(heading or rule).group(2)]
        elif raw.startswith("#"):
            close()
            current, lines = None, []
        elif current is not None:
            lines.append(raw)
    close()
    return rules
