"""Hidden information is a view (DESIGN principle 7): France 1944 hides only the order of the
chits in the cup (8(d) of the digest). A property test over fuzzed games: reshuffling the cup
behind the players' backs changes nothing either side — or a spectator — can see."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import commands as C
from engine.fuzz import play_one
from engine.views import view

from .positions import module


def _seen(session, side):
    prompt = session.prompt()
    text = prompt.text if prompt.side in (side, "") else f"waiting for {prompt.side}"
    return view(session.state, side), text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(0, 250),
       scenario=st.sampled_from(["falaise_gap", "breakout", "campaign"]))
def test_f44_views_never_leak_the_order_of_the_cup(seed, length, scenario):
    session, result = play_one(module(), seed, scenario, "france_1944", max_actions=length)
    assert not result.failure, result.failure
    before = {side: _seen(session, side) for side in ("allied", "german", "")}
    for side in before:
        cup = before[side][0]["locations"].get("cup", [])
        assert all(entry.get("hidden") and "id" not in entry for entry in cup)
    state = session.state.copy()
    state._set_rng((state.rng * 6364136223846793005 + 1442695040888963407) % (1 << 64))
    C.Shuffle("cup").apply(state)
    for side, (v, text) in before.items():
        after = view(state, side)
        assert after["locations"] == v["locations"] and after["globals"] == v["globals"]
        assert session.ruleset.prompt(state).text == session.prompt().text or \
            session.prompt().side not in (side, "")
