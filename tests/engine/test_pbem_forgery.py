"""Play by e-mail that cannot be forged (issue 19): importing a turn re-executes the opponent's
actions through the ruleset with the game's own generator, never applies the file's commands,
and verifies the hash chain. A forged roll, an inserted roll, an extra draw or an edited action
is refused with a one-line reason and the game is left as it was.

The forgeries are made as a determined opponent would: the file is edited, then every state hash
in it is recomputed (by applying the edited commands) so that the hash chain alone looks right.
The game is Paths of Glory (hidden hands, shuffled decks)."""
from __future__ import annotations

import copy
import json
import random

import pytest

from engine import commands as C
from engine import pbem
from engine.actions import Action
from engine.modules import open_module
from engine.replay import replay_entries
from engine.session import Session

SEED = 5


@pytest.fixture(scope="module")
def played():
    """A Paths of Glory game played at random to past the first turn's card draw, and the
    index where the receiver's copy stops (the file covers the rest)."""
    module = open_module("paths_of_glory")
    game = Session.new(module, "campaign", seed=SEED)
    rnd = random.Random(SEED)
    while not any(isinstance(c, C.Draw) for e in game.record.entries[40:] for c in e.commands) \
            and len(game.record.entries) < 400:
        game.push(rnd.choice(list(game.legal_actions())))
    assert any(isinstance(c, C.Draw) for e in game.record.entries for c in e.commands)
    return module, game


def receiver_at(module, game, n):
    """The opponent's copy of ``game`` after its first ``n`` actions."""
    other = Session.new(module, "campaign", seed=SEED)
    replay_entries(other, [e.to_json() for e in game.record.entries[:n]])
    return other


def reseal(module, game, data, upto):
    """Keep the file's entries up to ``upto`` (its index in the file) and recompute every state
    hash from the (edited) commands, as a forger who knows the format would."""
    data["entries"] = data["entries"][:upto + 1]
    state = receiver_at(module, game, data["from"]).state
    for e in data["entries"]:
        cmds = []
        for c in e["cmds"]:   # later rolls and shuffles re-drawn from the shifted generator
            c = {**c, "result": None} if c["c"] == "roll" else {**c, "order": None} if c["c"] == "shuffle" else c
            cmds.append(C.Command.from_json(c))
        C.apply_all(state, cmds)
        e["cmds"] = [c.to_json() for c in cmds]
        e["hash"] = state.hash
    data["hash_after"] = state.hash
    return data


def find(data, test):
    """The index (in the file) of the first entry some command of which passes ``test``."""
    for k, e in enumerate(data["entries"]):
        if any(test(c) for c in e["cmds"]):
            return k
    raise AssertionError("no such entry in the turn file")


def refused(module, game, data, match):
    """Importing ``data`` is refused with a one-line reason matching ``match``; the receiver's
    game is unchanged."""
    other = receiver_at(module, game, data["from"])
    before, count = other.state.hash, len(other.record.entries)
    with pytest.raises(pbem.PbemError, match=match) as err:
        pbem.TurnReplay(other, data).run()
    assert "\n" not in str(err.value) and len(str(err.value)) < 300
    assert other.state.hash == before and len(other.record.entries) == count
    return str(err.value)


def turn(module, game, start=10):
    return json.loads(json.dumps(pbem.export_turn(game, start, "CP")))


def test_an_honest_turn_is_re_executed_and_accepted(played):
    module, game = played
    data = turn(module, game)
    other = receiver_at(module, game, 10)
    pbem.TurnReplay(other, data).run()
    assert other.state.hash == game.state.hash
    assert other.record.lines() == game.record.lines()


def test_the_log_line_is_the_rules_own_not_the_files(played):
    module, game = played
    data = turn(module, game)
    data["entries"][0]["text"] = "CP wins the war"
    other = receiver_at(module, game, 10)
    pbem.TurnReplay(other, data).run()
    assert "CP wins the war" not in other.record.lines()


def test_a_forged_roll_is_refused(played):
    """The issue's forgery: a roll replaced by chosen faces (last_roll set to 6)."""
    module, game = played
    data = turn(module, game)
    k = find(data, lambda c: c["c"] == "roll")
    cmds = data["entries"][k]["cmds"]
    i = next(j for j, c in enumerate(cmds) if c["c"] == "roll")
    faces = [6 if f != 6 else 5 for f in cmds[i]["result"]]
    cmds[i] = {"c": "fixed_roll", "spec": cmds[i]["spec"], "purpose": cmds[i]["purpose"], "result": faces}
    reason = refused(module, game, reseal(module, game, data, k), "forged roll")
    assert f"opponent's action {10 + k + 1}" in reason


def test_an_inserted_roll_is_refused(played):
    """An extra roll inserted to advance the generator (so the next real roll is a known one)."""
    module, game = played
    data = turn(module, game)
    k = 0
    state = receiver_at(module, game, 10).state
    for e in data["entries"][:k + 1]:
        C.apply_all(state, [C.Command.from_json(c) for c in e["cmds"]])
    extra = C.Roll("1d6", "nothing")
    extra.apply(state)                          # the faces the game's generator gives next
    data["entries"][k]["cmds"].append(extra.to_json())
    refused(module, game, reseal(module, game, data, k), "inserted roll")


def test_an_extra_draw_is_refused(played):
    """One more card drawn into one's own hand than the rules deal."""
    module, game = played
    data = turn(module, game)
    k = 0
    data["entries"][k]["cmds"].append({"c": "draw", "src": "deck:CP", "dst": "hand:CP", "count": 1})
    refused(module, game, reseal(module, game, data, k), "extra draw")


def test_an_edited_action_is_refused(played):
    """An action replaced by another legal one while its commands are kept."""
    module, game = played
    data = turn(module, game)
    other = receiver_at(module, game, 10)
    honest = Action.from_json(data["entries"][0]["action"])
    edited = next(a for a in other.legal_actions() if a != honest)
    data["entries"][0]["action"] = edited.to_json()
    refused(module, game, reseal(module, game, data, len(data["entries"]) - 1), "opponent's action 11")


def test_an_illegal_action_is_refused_with_its_rule(played):
    module, game = played
    data = turn(module, game)
    acting = Action.from_json(data["entries"][0]["action"])
    other_side = "AP" if acting.side == "CP" else "CP"
    data["entries"][0]["action"] = Action(acting.verb, other_side, **dict(acting.targets)).to_json()
    refused(module, game, data, "PoG")


def test_a_refused_turn_leaves_the_game_as_it_was_even_mid_file(played):
    """The forgery sits in the last action: nothing before it is applied either."""
    module, game = played
    data = turn(module, game)
    last = len(data["entries"]) - 1
    data["entries"][last]["cmds"].append({"c": "set", "key": "vp", "value": 20})   # a VP gift
    refused(module, game, reseal(module, game, copy.deepcopy(data), last),
            f"opponent's action {10 + last + 1} .*edited action or command")
