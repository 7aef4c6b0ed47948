"""Every legal action of a Paths of Glory Campaign position reads back from its text
(issue 16): ``Action.parse(str(a)) == a``, typed, and found among the legal actions again."""
from __future__ import annotations

import random

from engine.actions import Action, target_kind
from engine.session import Session

from .conftest import module


def test_every_legal_action_of_a_campaign_game_reads_back_from_its_text():
    s = Session.new(module(), "campaign", 11)
    rnd = random.Random(11)
    seen_verbs: set[str] = set()
    checked = 0
    for _ in range(400):
        legal = s.legal_actions()
        for a in legal:
            back = Action.parse(str(a))
            assert back == a and str(back) == str(a), str(a)
            assert [target_kind(v) for _, v in back.targets] == [target_kind(v) for _, v in a.targets]
            assert back in legal
            seen_verbs.add(a.verb)
            checked += 1
        if s.outcome() is not None or not legal:
            break
        s.push(s.ruleset.random_action(s.state, rnd))
    assert checked > 5000
    assert {"play_ops", "activate", "move", "attack", "add_attacker", "sr"} <= seen_verbs
