"""The online protocol (issue 19): every client message is checked before anything happens,
and a view travels as changes that rebuild it exactly."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from engine import protocol as P
from engine.modules import open_module
from engine.session import Session
from engine.views import state_from_view, view


@pytest.mark.parametrize("raw, code", [
    ("", "bad_json"), ("{", "bad_json"), ("[]", "bad_json"), ("null", "bad_json"),
    (b"\xff\xfe", "bad_json"), ("x" * (P.MAX_MESSAGE + 1), "too_large"),
    ('{"t": "launch"}', "unknown_type"), ('{"t": 5}', "unknown_type"),
    ('{"t": "ping", "x": 1}', "bad_field"), ('{"t": "hello"}', "bad_field"),
    ('{"t": "hello", "version": "1"}', "bad_field"), ('{"t": "hello", "version": true}', "bad_field"),
    ('{"t": "register", "name": "a", "password": "secret1"}', "bad_field"),
    ('{"t": "register", "name": "al ice", "password": "secret1"}', "bad_field"),
    ('{"t": "login", "name": "alice", "password": "12345"}', "bad_field"),
    ('{"t": "act", "game": 1, "cid": "c", "action": ""}', "bad_field"),
    ('{"t": "act", "game": -1, "cid": "c", "action": "AP: pass"}', "bad_field"),
    ('{"t": "act", "game": 1, "cid": "c c", "action": "AP: pass"}', "bad_field"),
    ('{"t": "act", "game": 1, "cid": "c", "action": "AP: pass\\nAP: pass"}', "bad_field"),
    ('{"t": "chat", "game": 1, "text": "\\u0000"}', "bad_field"),
    ('{"t": "join", "seat": "AP"}', "bad_field"), ('{"t": "join", "game": 1, "code": "ABCDEFGH", "seat": "AP"}', "bad_field"),
    ('{"t": "create", "module": "pog", "seat": "AP", "options": {"a": 1}}', "bad_field"),
    ('{"t": "ping", "ref": [1]}', "bad_field"),
])
def test_bad_messages_are_refused_with_a_code(raw, code):
    with pytest.raises(P.ProtocolError) as err:
        P.parse_client(raw)
    assert err.value.code == code and err.value.reply()["t"] == "error"


def test_good_messages_pass():
    assert P.parse_client('{"t": "hello", "version": 1, "ref": 3}')["ref"] == 3
    msg = P.parse_client(json.dumps({"t": "act", "game": 4, "cid": "a-1", "action": "CP: play_ops card=%cp_07"}))
    assert msg["action"].startswith("CP:")
    assert P.parse_client('{"t": "join", "code": "AB23CD45", "seat": "spectator"}')["seat"] == P.SPECTATOR


@pytest.fixture(scope="module")
def pog_views():
    """Views of one side along a short Paths of Glory game."""
    import random
    s = Session.new(open_module("paths_of_glory"), "campaign", seed=2)
    rnd = random.Random(2)
    out = [s.view("AP").to_json()]
    for _ in range(25):
        s.push(rnd.choice(list(s.legal_actions())))
        out.append(s.view("AP").to_json())
    return out


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_changes_rebuild_the_view_exactly(pog_views, data):
    i = data.draw(st.integers(0, len(pog_views) - 1))
    j = data.draw(st.integers(0, len(pog_views) - 1))
    old, new = pog_views[i], pog_views[j]
    changes = P.view_changes(old, new)
    assert P.apply_changes(old, json.loads(json.dumps(changes))) == new
    if i == j:
        assert changes == {}


def test_state_from_view_shows_the_same_view():
    """An online client rebuilds a state from its view alone: viewed again it gives the same
    view, the other side's hand still hidden (placeholders only)."""
    s = Session.new(open_module("paths_of_glory"), "campaign", seed=4)
    seen = view(s.state, "CP")
    state = state_from_view(s.module, seen)
    again = view(state, "CP")
    assert again["locations"] == {k: v for k, v in seen["locations"].items() if v}
    assert again["globals"] == seen["globals"]
    hidden = [p for p in state.pieces.values() if p.loc == "hand:AP"]
    assert len(hidden) == 7 and all(p.props.get("concealed") for p in hidden)
    real_ids = set(s.state.pieces)
    assert not {p.id for p in hidden} & real_ids
