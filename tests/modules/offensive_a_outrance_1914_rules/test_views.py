"""Hidden information is a view (3.1.6 limited information, 3.1.7 the organization displays): a
property test over fuzzed games. After every random action, neither side's view shows the
identity of an enemy unit it may not see (concealed under the top unit of its stack, or a marker
on an owner-only display), no global names such a unit's type, and no new log line names it —
unless the rules revealed it (a combat's units, 3.1.6)."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from engine.session import Session
from engine.views import view

from .positions import module

MID = "offensive_a_outrance_1914"
SIDES = ("allied", "german")


def _hidden(session) -> dict[int, str]:
    """Hidden pieces and their owner."""
    g = session.ruleset.game(session.state)
    return {pid: p.owner for pid, p in session.state.pieces.items() if p.owner in SIDES and g.hidden(pid)}


def _in_battle(state) -> set[int]:
    out: set[int] = set()
    for f in state.globals.get("rules_stack", []):
        if f.get("state") == "battle":
            for key in ("attackers", "defenders", "excluded", "units"):
                out |= set(f.get(key) or [])
    return out


@pytest.mark.parametrize("scenario,seed,actions", [("lorraine", 21, 700), ("campaign", 22, 350)])
def test_oao_views_never_show_what_the_enemy_may_not_see(scenario, seed, actions):
    mod = module()
    session = Session.new(mod, scenario, seed)
    rules, rnd = session.ruleset, random.Random(seed)
    g = rules.game(session.state)
    names = {pid: g.true_name(pid) for pid in session.state.pieces if g.ut(pid) is not None}
    counts = Counter(names.values())
    checked = 0
    for _ in range(actions):
        if session.outcome() is not None:
            break
        before = _hidden(session)
        fighting = _in_battle(session.state)
        chat_len = len(session.state.chat)
        action = rules.random_action(session.state, rnd)
        assert action is not None, session.prompt().text
        session.push(action)
        after = _hidden(session)
        fighting |= _in_battle(session.state)
        state = session.state
        for side in SIDES:
            enemy = "german" if side == "allied" else "allied"
            v = view(state, side)
            secret = {pid for pid, owner in after.items() if owner == enemy}
            shown = {e.get("id") for entries in v["locations"].values() for e in entries if not e.get("hidden")}
            assert not (secret & shown)
            types = Counter(state.pieces[p].type for p in state.pieces)
            text = json.dumps(v["globals"])
            for pid in secret:
                t = state.pieces[pid].type
                if types[t] == 1 and g.ut(pid) is not None:
                    assert f'"{t}"' not in text, f"global names hidden {t}"
            lines = " | ".join(str(line[1]) for line in state.chat[chat_len:])
            for pid in secret & {p for p, o in before.items() if o == enemy}:
                name = names.get(pid)
                if not name or counts[name] > 1 or pid in fighting:
                    continue
                assert not re.search(re.escape(name) + r"(?![\w/+.])", lines), \
                    f"the log names hidden {name} to {side}: {lines}"
                checked += 1
    assert checked
