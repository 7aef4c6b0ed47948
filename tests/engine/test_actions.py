"""Actions: typed targets, a text notation that parses back, hashing, and LegalActions."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.actions import Action, ActionError, Card, LegalActions, Loc, Piece, Seq, target_kind


def test_text_form_reads_back_with_types():
    a = Action("move", "AP", pieces=[Piece(12), Piece(3)], path=[Loc("paris"), Loc("amiens")])
    assert str(a) == "AP: move path=[@paris,@amiens] pieces=[#12,#3]"
    b = Action.parse(str(a))
    assert b == a and hash(b) == hash(a)
    assert [target_kind(v) for _, v in b.targets] == ["location", "piece"]
    assert isinstance(b["pieces"][0], Piece) and isinstance(b["path"][1], Loc)


def test_every_target_type_and_quoting():
    a = Action("play", "CP", card=Card("cp_01"), count=3, mode="event", text="two words",
               digits="42", place=Loc("odd id,]"), empty="")
    text = str(a)
    assert '%cp_01' in text and "count=3" in text and "mode=event" in text
    assert 'text="two words"' in text and 'digits="42"' in text and '@"odd id,]"' in text
    b = Action.parse(text)
    assert b == a
    assert b["digits"] == "42" and not isinstance(b["digits"], int)
    assert type(b["count"]) is int and type(b["mode"]) is str


def test_sideless_actions_and_no_targets():
    assert str(Action("done")) == "done"
    assert Action.parse("done") == Action("done")
    assert Action.parse("blue: done") == Action("done", "blue")


def test_untyped_values_equal_typed_ones():
    """A test or a client may build an action with plain ids: it equals the typed one the
    rules offer (and is found among the legal actions)."""
    assert Action("sr", "AP", pid=5, to="paris") == Action("sr", "AP", pid=Piece(5), to=Loc("paris"))
    assert Action("x", pids=[1, 2]) == Action("x", pids=(Piece(1), Piece(2)))
    assert Seq((1, 2)) == [1, 2] and Seq((1, 2)) == (1, 2)


def test_an_action_cannot_change():
    a = Action("done", "AP")
    with pytest.raises(AttributeError):
        a.verb = "pass"  # type: ignore[misc]


@pytest.mark.parametrize("bad", [
    "", "AP:", "AP: Move", "move x", "move x=", "move x=#", "move x=#a", "move x=[#1", "move x=[#1,]",
    'move x="open', "move x=1 x=2", "move x=1y=2", "move x=@", "move x=!", "a" * 5000,
])
def test_bad_text_is_a_clear_error(bad):
    with pytest.raises(ActionError, match="action|verb|longer"):
        Action.parse(bad)


@pytest.mark.parametrize("value", [True, 1.5, None, {"a": 1}, [[1]], object()])
def test_targets_have_one_of_five_types(value):
    if value is None:       # None means "no such target": it is left out
        assert Action("x", t=value).targets == ()
        return
    with pytest.raises(ActionError):
        Action("x", t=value)


def test_old_saves_actions_are_read():
    a = Action.from_json({"kind": "rp_army", "side": "AP", "params": {"unit": 4, "loc": "paris", "full": True}})
    assert a.verb == "rp_army" and a["unit"] == 4 and a["full"] == 1
    with pytest.raises(ActionError):
        Action.from_json({"kind": 3})


_word = st.text(alphabet="abcxyz_019:.-/+ ,]\"'é", max_size=12)
_scalar = st.one_of(st.integers(0, 10**6).map(Piece),
                    _word.filter(bool).map(Loc), _word.filter(bool).map(Card),
                    st.integers(-10**9, 10**9), _word)
_value = st.one_of(_scalar, st.lists(st.integers(0, 99).map(Piece), max_size=4),
                   st.lists(_word.filter(bool).map(Loc), max_size=4))


@settings(max_examples=300, deadline=None)
@given(verb=st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True),
       side=st.sampled_from(["", "AP", "CP", "blue"]),
       targets=st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True)
                               .filter(lambda n: n not in ("verb", "side")), _value, max_size=4))
def test_property_parse_of_text_is_the_action(verb, side, targets):
    a = Action(verb, side, **targets)
    b = Action.parse(str(a))
    assert b == a and str(b) == str(a)
    assert [target_kind(v) for _, v in b.targets] == [target_kind(v) for _, v in a.targets]


def test_legal_actions_iterate_count_contain_and_filter():
    calls = []

    def source():
        calls.append(1)
        yield Action("move", "AP", pids=[Piece(1)], path=[Loc("a"), Loc("b")])
        yield Action("move", "AP", pids=[Piece(2)], path=[Loc("c")])
        yield Action("attack", "AP", space=Loc("d"))
        yield Action("play", "AP", card=Card("ap_01"))
        yield Action("done", "AP")

    legal = LegalActions(source)
    assert not calls                                   # nothing listed until asked
    assert len(legal) == 5 and bool(legal) and calls == [1]
    assert Action("done", "AP") in legal and Action("done", "CP") not in legal
    assert Action.parse("AP: move path=[@c] pids=[#2]") in legal
    assert [str(a) for a in legal.for_piece(1)] == ["AP: move path=[@a,@b] pids=[#1]"]
    assert legal.destinations(1) == {"b"} and legal.destinations() == {"b", "c", "d"}
    assert [a.verb for a in legal.to("d")] == ["attack"]
    assert legal.pieces() == {1, 2} and legal.cards() == {"ap_01"} and legal.verbs == {"move", "attack", "play", "done"}
    assert len(legal.verb("move")) == 2
    assert calls == [1]                                # listed once
    assert not LegalActions(())


def test_legal_actions_ask_per_piece_without_listing_everything():
    def everything():
        raise AssertionError("the full list was not needed")

    legal = LegalActions(everything, per_piece=lambda pid: [Action("sr", "AP", pid=Piece(pid), to=Loc("x"))])
    assert legal.destinations(7) == {"x"}
