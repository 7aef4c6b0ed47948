"""Hidden information is a view (3.1.2, 8.4.6 c, 13.3): over random games nothing a side may
not see reaches it — the VP chits in the cups, the other side's secret strategic options, and,
with hidden movement agreed, the other side's units on the map (in the view and in the log)."""
from __future__ import annotations

import random

import pytest

from engine.session import Session

from .positions import S1, S3, module

SIDES = ("allied", "german")


def _hidden_names(session):
    out = {}
    g = session.ruleset.game(session.state)
    for pid, p in session.state.pieces.items():
        if g.hidden(pid):
            out[pid] = session.module.piece_types[p.type].name
    return out


def _check(session, chat_before, hidden_before):
    state = session.state
    for side in SIDES:
        foe = "german" if side == "allied" else "allied"
        v = session.view(side)
        for cup in ("cup-german-vp", "cup-plan17-vp"):
            assert all(e.get("hidden") for e in v["locations"][cup]), f"{cup} seen by {side}"
        assert not any(k.startswith(f"secret:{foe}:") for k in v["globals"])
        if state.get("gi_hidden_forces"):
            for loc, entries in v["locations"].items():
                if not loc.isdigit():
                    continue
                for e in entries:
                    if not e.get("hidden"):
                        pt = session.module.piece_types[e["type"]]
                        assert pt.side != foe or pt.kind not in ("unit", "hq"), \
                            f"{pt.name} in {loc} seen by {side}"
        prompt = session.prompt()
        if prompt.side and prompt.side != side:
            assert v.prompt.text.startswith("Waiting for") and not list(v.actions)
    after = _hidden_names(session)
    # a unit hidden before and after the action was never shown during it (the Battle Map shows
    # the units that fight, so a battle's log may name them)
    names = {pid: name for pid, name in after.items() if pid in hidden_before}
    for line in state.chat[chat_before:]:
        for name in names.values():
            assert name not in line[1], f"the log names hidden {name}: {line[1]}"
    for entry in session.record.entries[-1:]:
        for name in names.values():
            assert name not in entry.text, f"the record names hidden {name}: {entry.text}"


@pytest.mark.parametrize("scenario,options,seed", [
    (S1, {"hidden_forces": "on"}, 3),
    (S3, None, 4),
])
def test_gi_views_never_show_what_a_side_may_not_see(scenario, options, seed):
    session = Session.new(module(), scenario, seed, "grand_illusion", options)
    rnd = random.Random(seed)
    for _ in range(250):
        if session.outcome():
            break
        before = len(session.state.chat)
        hidden = _hidden_names(session)
        session.push(session.ruleset.random_action(session.state, rnd))
        _check(session, before, hidden)
