"""Words, not ids: prompts, button labels, the log and the record say who decides what in words
(no piece numbers, no location or option ids); every action reads back from its text."""
from __future__ import annotations

import random
import re

import pytest

from engine.actions import Action
from engine.session import Session

from .positions import S1, S3, module

ID_PATTERNS = (re.compile(r"#\d"), re.compile(r"\b(bm|box|cup|turn|track)-[a-z0-9]"),
               re.compile(r"\b(allied|german)_\d\b"), re.compile(r"\bgi_"), re.compile(r"\b[A-Z]{2}-[A-Z0-9]"))


def _clean(text: str, what: str) -> None:
    for pat in ID_PATTERNS:
        assert not pat.search(text), f"{what} shows an id: {text!r}"


@pytest.mark.parametrize("scenario,seed", [(S1, 21), (S3, 22)])
def test_gi_prompts_labels_and_log_are_words(scenario, seed):
    session = Session.new(module(), scenario, seed, "grand_illusion")
    rnd = random.Random(seed)
    rules = session.ruleset
    for _ in range(200):
        if session.outcome():
            break
        _clean(session.prompt().text, "prompt")
        legal = list(session.legal_actions())
        for a in legal[:40]:
            _clean(rules.label(session.state, a), "label")
            assert Action.parse(str(a)) == a
        before = len(session.state.chat)
        session.push(rules.random_action(session.state, rnd))
        _clean(session.record.entries[-1].text, "record")
        for line in session.state.chat[before:]:
            _clean(line[1], "log")
