"""Hidden information is a view: no hidden item's identity appears in another side's view."""
from __future__ import annotations

from dataclasses import replace
import json
import random

from hypothesis import given, settings, strategies as st

from engine import commands as C
from engine.actions import Action
from engine.sample import sample_module
from engine.testing import Position
from engine.session import Session
from engine.views import shown_key, view

#: These tests play the sample freely; its own ruleset is the enforced `skirmish`.
MODULE = replace(sample_module(), ruleset="free")


def hidden_from(session: Session, side: str) -> list:
    """Pieces ``side`` must not identify, by the visibility rules stated in engine.views."""
    out = []
    for piece in session.state.pieces.values():
        loc = MODULE.locations[piece.loc]
        hidden = (loc.visibility == "nobody" or (loc.visibility == "owner" and loc.owner != side)
                  or (piece.props.get("concealed") and piece.props.get("owner") != side))
        if hidden:
            out.append(piece)
    return out


def leaks(session: Session, side: str) -> list[str]:
    v = view(session.state, side)
    text = json.dumps(v)
    problems = []
    visible_types = {e["type"] for entries in v["locations"].values() for e in entries if "type" in e}
    for piece in hidden_from(session, side):
        if piece.type in visible_types:
            continue  # another copy of the same type is visible; identity of *this* one is not shown
        if f'"{piece.type}"' in text:
            problems.append(f"type {piece.type} of hidden piece #{piece.id} visible to {side!r}")
    for loc, entries in v["locations"].items():
        for e in entries:
            if e.get("hidden") and set(e) != {"hidden", "back"}:
                problems.append(f"hidden entry at {loc} carries {sorted(e)}")
    for key in v["globals"]:
        if key.startswith("secret:") and key.split(":")[1] != side:
            problems.append(f"secret global {key} visible to {side!r}")
    return problems


def random_state(seed: int, n: int) -> Session:
    s = Session.new(MODULE, "meeting", seed)
    rnd = random.Random(seed)
    for _ in range(n):
        choice = rnd.random()
        try:
            if choice < 0.25:
                s.push(Action("draw", side="blue", src="deck", dst=rnd.choice(["hand:blue", "hand:red"])))
            elif choice < 0.35:
                s.push(Action("draw", src="cup", dst=rnd.choice(["0101", "reserve:red"])))
            elif choice < 0.5:
                pid = rnd.choice(sorted(s.state.pieces))
                s.push(Action(rnd.choice(["conceal", "reveal"]), pid=pid))
            elif choice < 0.6:
                side = rnd.choice(["blue", "red", ""])
                s.push(Action("set", key=f"secret:{side}:plan", value=rnd.randint(0, 9)))
            else:
                s.push(s.ruleset.random_action(s.state, rnd))
        except C.CommandError:
            pass
    return s


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(0, 50))
def test_property_no_hidden_identity_in_other_views(seed, n):
    s = random_state(seed, n)
    for side in ("blue", "red", ""):
        assert leaks(s, side) == []


def test_hand_visible_to_owner_only():
    s = Session.new(MODULE, "meeting", 1)
    s.push(Action("draw", src="deck", dst="hand:blue", count=2))
    mine = view(s.state, "blue")["locations"]["hand:blue"]
    theirs = view(s.state, "red")["locations"]["hand:blue"]
    assert all("type" in e for e in mine) and len(mine) == 2
    assert theirs == [{"hidden": True, "back": "card"}] * 2


def test_deck_order_hidden_from_everyone():
    s = Session.new(MODULE, "meeting", 1)
    for side in ("blue", "red", ""):
        assert view(s.state, side)["locations"]["deck"] == [{"hidden": True, "back": "card"}] * 8


def test_concealed_chit_seen_only_by_owner():
    s = Session.new(MODULE, "meeting", 1)
    s.push(Action("draw", src="cup", dst="reserve:red"))
    pid = s.state.stack("reserve:red")[-1]
    s.push(Action("conceal", pid=pid))
    s.push(Action("prop", pid=pid, key="owner", value="red"))
    assert "type" in view(s.state, "red")["locations"]["reserve:red"][-1]
    assert view(s.state, "blue")["locations"]["reserve:red"][-1] == {"hidden": True, "back": "VP chit"}


def test_a_shown_location_is_seen_by_the_sides_it_is_shown_to_while_the_global_stands():
    """engine.views: ``shown:<location>`` shows a hand (or a deck) whole to the sides named,
    not to a spectator, and never undoes ``concealed``; clearing it hides the hand again."""
    s = Session.new(MODULE, "meeting", 1)
    s.push(Action("draw", src="deck", dst="hand:blue", count=2))
    show = lambda loc, sides: Position(s).commands("show", [C.SetGlobal(shown_key(loc), sides)])
    show("hand:blue", ["red"])
    s.push(Action("draw", src="deck", dst="hand:red", count=1))
    show("hand:red", "bluered")             # a bare string is no list of sides: shows nothing
    assert view(s.state, "blue")["locations"]["hand:red"] == [{"hidden": True, "back": "card"}]
    show("hand:red", ["blue"])
    assert "type" in view(s.state, "blue")["locations"]["hand:red"][0]
    assert all("type" in e for e in view(s.state, "red")["locations"]["hand:blue"])
    assert view(s.state, "")["locations"]["hand:blue"] == [{"hidden": True, "back": "card"}] * 2
    assert view(s.state, "red")["locations"]["deck"][0] == {"hidden": True, "back": "card"}
    show("deck", ["red", "blue"])
    assert all("type" in e for e in view(s.state, "blue")["locations"]["deck"])
    s.push(Action("draw", src="cup", dst="hand:blue"))
    pid = s.state.stack("hand:blue")[-1]
    s.push(Action("conceal", pid=pid))
    s.push(Action("prop", pid=pid, key="owner", value="blue"))
    assert view(s.state, "red")["locations"]["hand:blue"][-1] == {"hidden": True, "back": "VP chit"}
    show("hand:blue", None)
    assert "type" not in view(s.state, "red")["locations"]["hand:blue"][0]
