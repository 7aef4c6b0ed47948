"""Hidden information is a view (DESIGN principle 7; SE 4.0-2, 7.0, 25.0): a property test over
fuzzed games. At any point of a random game, a side's view — its globals, the pieces it sees, the
prompt it is shown and the actions it is offered — must not change when the other side's secrets
change: its Command Phase plan, its Initiative bid, its hidden LP total, and under the fog of war
the identity and disorganization of its concealed units. If anything leaks them, the two views
differ."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import commands as C
from engine.fuzz import play_one
from engine.views import view

from modules.strafexpedition_1916.rules import command

from .positions import module

SCENARIOS = ["sc4_monte_novegno", "sc3_monte_cengio", "sc2_asiago_mountains_burning"]


def seen(session, side):
    """Everything ``side`` is shown, as text."""
    v = session.view(side)
    return json.dumps({"view": dict(v), "prompt": [v.prompt.side, v.prompt.kind, v.prompt.text],
                       "actions": sorted(str(a) for a in v.actions)}, sort_keys=True, default=str)


def mutations(session, rnd, secret_side):
    """Commands that change ``secret_side``'s secrets and nothing else."""
    state = session.state
    g = session.ruleset.game(state)
    out = []
    key = f"secret:{secret_side}:plan"
    if key in state.globals or any(f["state"] == "plan" for f in (state.get("se_stack") or [])):
        brigades = sorted(command.hq_pieces(g, secret_side))
        plan = {b: rnd.randint(1, 4) for b in rnd.sample(brigades, min(len(brigades), rnd.randint(1, 3)))}
        out.append(C.SetGlobal(key, plan))
    out.append(C.SetGlobal(f"secret:{secret_side}:bid", rnd.randint(1, 9)))
    if g.option("hidden_lp"):
        out.append(C.SetGlobal(f"secret:{secret_side}:lp", rnd.randint(0, 60)))
    if g.option("fog_of_war"):
        out.append(C.SetGlobal(f"secret:{secret_side}:dp", {"1": rnd.randint(1, 3)}))
        hidden = [p for p, pc in state.pieces.items() if pc.props.get("concealed") and pc.owner == secret_side]
        if len(hidden) >= 2:
            a, b = rnd.sample(hidden, 2)
            out.append(C.SetProp(a, "dp", 7))
            out.append(C.AddMarker(b, "a secret marker"))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), length=st.integers(0, 260), scenario=st.sampled_from(SCENARIOS),
       fog=st.booleans(), hidden_lp=st.booleans())
def test_se_views_never_leak_the_other_sides_secrets(seed, length, scenario, fog, hidden_lp):
    options = {"fog_of_war": "on" if fog else "off", "hidden_lp": "on" if hidden_lp else "off"}
    session, result = play_one(module(), seed, scenario, None, max_actions=length, options=options)
    assert not result.failure, result.failure
    rnd = random.Random(seed)
    for side, other in (("AH", "IT"), ("IT", "AH")):
        before = seen(session, side)
        cmds = mutations(session, rnd, other)
        C.apply_all(session.state, cmds)
        try:
            session._legal = None
            assert seen(session, side) == before, f"{side} can tell {other}'s secrets"
        finally:
            C.undo_all(session.state, cmds)
            session._legal = None


def test_se_4_0_2_the_committed_plan_does_not_reach_the_other_side_until_the_reveal():
    """Played through: whatever AH plans, IT's view is the same while IT decides."""
    from .positions import new
    views = []
    for box in (1, 4):
        pos = new("sc1_drive_on_pasubio")
        hq = command.hq_pieces(pos.session.ruleset.game(pos.state), "AH")["10m"]
        pos.push(f"AH: plan box=@bd:AH:{box} hq=#{hq}")
        pos.push("AH: commit")
        views.append(seen(pos.session, "IT"))
        assert "secret:AH:plan" not in view(pos.state, "IT")["globals"]
    assert views[0] == views[1]


def branch_to_commit(session, rnd, choices):
    """From a secret decision, take ``choices`` random secret actions then commit (or bid)."""
    for _ in range(choices):
        acts = [a for a in session.legal_actions() if a.verb == "plan"]
        if not acts:
            break
        session.push(rnd.choice(acts))
    done = [a for a in session.legal_actions() if a.verb in ("commit", "bid")]
    session.push(rnd.choice(done))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 2), hidden_lp=st.booleans())
def test_se_8_0_two_games_differing_only_in_a_secret_plan_look_the_same_to_the_other_side(seed, turns, hidden_lp):
    """Play a random game to a side's secret decision (plan or bid); branch into two different
    secret choices; the other side's view after the commit is the same in both."""
    from engine.persist import load_bytes, save_bytes
    options = {"hidden_lp": "on" if hidden_lp else "off"}
    session, result = play_one(module(), seed, "sc4_monte_novegno", None, max_actions=0, options=options)
    rnd = random.Random(seed)
    rules = session.ruleset
    while session.outcome() is None and session.state.get("turn", 1) < turns:
        session.push(rules.random_action(session.state, rnd))
    if session.outcome() is not None:
        return
    while not (session.prompt().kind in ("command_plan", "initiative_bid") and session.prompt().side == "AH"):
        session.push(rules.random_action(session.state, rnd))
    side = session.prompt().side          # AH decides first (plans.PLAN_ORDER): IT decides next
    other = "IT" if side == "AH" else "AH"
    data = save_bytes(session)
    first = load_bytes(data, module())
    second = load_bytes(data, module())
    branch_to_commit(first, random.Random(seed + 1), 3)
    branch_to_commit(second, random.Random(seed + 2), 0)
    assert first.prompt().side == other
    assert seen(first, other) == seen(second, other)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_se_4_0_2_the_lines_a_server_relays_say_nothing_of_a_secret_choice(seed):
    """An online server (tools/server) sends the other seats each action's line and its public
    results (rolls, notes), never its commands: for a secret plan or a sealed bid neither may
    name what was chosen (the box, the HQ, the amount) before both sides have chosen."""
    from tools.server.host import public_results
    session, result = play_one(module(), seed, "sc4_monte_novegno", None, max_actions=120)
    assert not result.failure, result.failure
    entries = session.record.entries
    # every plan; a bid while the other bid is still to come (the second bid reveals both)
    secret = [e for i, e in enumerate(entries) if e.action.verb == "plan" or (
        e.action.verb == "bid" and i + 1 < len(entries) and entries[i + 1].action.verb == "bid")]
    assert secret
    for e in secret:
        name = session.ruleset.side_name(e.action.side)
        assert e.text in (f"{name}: plans in secret", f"{name}: bids in secret")
        public = public_results(e.commands, e.text)
        assert public["rolls"] == []
        for line in public["notes"]:      # "... has made its Initiative bid.": no box, HQ or amount
            assert not any(ch.isdigit() for ch in line), line
            assert line.startswith(name) and line.endswith(("bid.", "plan.")), line
