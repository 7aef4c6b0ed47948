"""Random legal play of every scenario under the rules (engine/fuzz.py): no exception, no dead
end, no broken invariant (stacking, steps, pieces conserved, LP, secrets never in the other
view), and every game replays and undoes exactly. CI-sized; ``make fuzz`` plays the long run."""
from __future__ import annotations

from engine.fuzz import fuzz, play_one

from .positions import module


def check(report):
    assert not report.failed, "\n".join(f"seed {r.seed}: {r.failure}" for r in report.failed)


def test_se_fuzz_whole_small_scenarios():
    """Sc 4 and Sc 3 played to their end."""
    sc4 = fuzz(module(), 2, seed=1, scenario="sc4_monte_novegno", max_actions=5000)
    sc3 = fuzz(module(), 1, seed=1, scenario="sc3_monte_cengio", max_actions=5000)
    check(sc4)
    check(sc3)
    for r in sc4.results + sc3.results:
        assert r.actions < 5000, "the game did not end"


def test_se_fuzz_opening_turns_of_the_large_scenarios_with_options():
    """Sc 1, Sc 2 and the campaign, capped, with the optional rules on."""
    check(fuzz(module(), 1, seed=2, scenario="sc1_drive_on_pasubio", max_actions=250))
    check(fuzz(module(), 1, seed=2, scenario="sc2_asiago_mountains_burning", max_actions=250,
               options={"fog_of_war": "on", "hidden_lp": "on"}))
    check(fuzz(module(), 1, seed=2, scenario="sc5_campaign", max_actions=250,
               options={"multi_player": "on"}))


def test_se_fuzz_reaches_combat():
    """The random player reaches the combat procedures (the statistics name the verbs played)."""
    session, result = play_one(module(), 3, "sc2_asiago_mountains_burning", None, max_actions=5000)
    assert not result.failure, result.failure
    assert session.outcome() is not None
    for verb in ("activate", "move", "assault", "fire_at", "resolve", "commit", "bid"):
        assert result.events.get(verb), f"{verb} never played: {result.events}"
