"""Hidden hands stay hidden (DESIGN principle 7; PoG 8(d) of the digest): a property test over
fuzzed games. If a side's view changes when the opponent's hand secretly swaps a card with his
draw pile, something (a global, a frame, the prompt) leaks the hand."""
from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import commands as C
from engine.fuzz import play_one
from engine.testing import Position
from engine.views import shown_key, view

from .conftest import module


def _cards(state, loc):
    return [pid for pid in state.stack(loc) if state.module.piece_types[state.pieces[pid].type].kind == "card"]


#: Globals that record cards already played face up (public history, 9.5.1, 9.5.4): a card
#: named there may since have been reshuffled and drawn again without anything leaking.
PUBLIC_HISTORY = {"pog_events", "pog_cc_used"}


def _hidden_cards_named(session, side, opponent):
    """Hidden cards (the opponent's hand, both draw piles) that ``side``'s view of the globals
    names, outside the public-history globals."""
    state = session.state
    hidden = {state.pieces[p].type for loc in (f"hand:{opponent}", f"deck:{opponent}", f"deck:{side}")
              for p in _cards(state, loc)}
    named = set()
    for key, value in view(state, side)["globals"].items():
        if key in PUBLIC_HISTORY:
            continue
        text = json.dumps(value)
        named |= {cid for cid in hidden if re.search(f'"{cid}"', text)}
    return named


#: Prompts that show a side the opponent's hand because a card says so (CP #17 Mata Hari,
#: AP #23 Cloak and Dagger): an allowed reveal, not a leak — and only while the engine shows
#: that hand to that side (``shown:hand:<side>``), so its view says the same as its prompt.
REVEALS = {"mata_hari", "cloak_and_dagger"}


def _shown(session, side, opponent):
    return side in (session.state.get(shown_key(f"hand:{opponent}")) or ())


def _seen(session, side):
    prompt = session.prompt()
    shown = prompt.text if prompt.side in (side, "") else f"waiting for {prompt.side}"
    return view(session.state, side), shown


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(0, 600),
       scenario=st.sampled_from(["introductory", "campaign"]))
def test_pog_views_never_leak_the_opponents_hand(seed, length, scenario):
    session, result = play_one(module(), seed, scenario, "paths_of_glory", max_actions=length)
    assert not result.failure, result.failure
    rnd = random.Random(seed)
    for side, opponent in (("AP", "CP"), ("CP", "AP")):
        hand, deck = _cards(session.state, f"hand:{opponent}"), _cards(session.state, f"deck:{opponent}")
        assert not _hidden_cards_named(session, side, opponent)
        prompt = session.prompt()
        if prompt.kind in REVEALS and prompt.side == side:
            assert _shown(session, side, opponent), "a hand named in a prompt but not shown"
        if not hand or not deck or _shown(session, side, opponent):
            continue
        before = _seen(session, side)
        h, d = rnd.choice(hand), rnd.choice(deck)
        hi, di = session.state.index_of(h), session.state.index_of(d)
        Position(session).commands("a hand card swapped with a draw-pile card", [
            C.Move(h, f"deck:{opponent}", di), C.Move(d, f"hand:{opponent}", hi)])
        try:
            assert _seen(session, side) == before, f"{side} can tell which cards {opponent} holds"
        finally:
            session.pop()
