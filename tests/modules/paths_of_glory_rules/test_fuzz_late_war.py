"""Random legal play from a built late-war position, to reach the events that random whole
wars almost never reach (the 200-war fuzz: 0 plays of these in 200 games): the end of
Russia (CP #53 Bolshevik Revolution, CP #45 Treaty of Brest-Litovsk, AP #45 Kerensky
Offensive between them) and the last US reinforcements (AP #47), with the fuzzer's
invariant checks after every action. The position is made by the rules' own functions in a
recorded set-up entry, so the game still replays and undoes to its set-up."""
from __future__ import annotations

from engine.fuzz import play_on
from engine.session import Session
from modules.paths_of_glory.rules import tracks

from .conftest import card_to, edit, fresh

TARGETS = ("cp_53", "cp_45", "ap_45", "ap_47")
#: Combat cards the 200 wars never played, put in hand here: AP #63 Backs to the Wall (after a
#: Kaiserschlacht card), CP #2 Wireless Intercepts (a German flank attack on Russians only) and
#: CP #43 Von Below (Germans on Italians only). Their combats stay rare in random play even
#: here (on the printed map Backs to the Wall was played in 2 of 24 seeds): their own tests
#: (test_combat_cards_each.py, test_combat_cards_more.py) prove them.
COMBAT_TARGETS = ("ap_63", "cp_02", "cp_43")


def late_war(seed: int) -> Session:
    """Campaign, turn 12: both sides at Total War, the Tsar fell last turn, the CP hold two
    Russian VP spaces (one more than when he fell: Bolshevik Revolution allowed, 16.4.6), the
    US are 'Over There'; the target cards are in hand. Built as one recorded set-up entry by the
    rules' own functions."""
    s = fresh("campaign", seed, optional_cards="all")

    def build(g) -> None:
        for key, value in {"turn": 12, "commitment_cp": "total_war", "commitment_ap": "total_war",
                           "ws_cp": 20, "ws_ap": 15, "ws_combined": 35,
                           "pog_events": ["ap_02", "ap_54", "ap_55", "cp_28", "cp_52", "cp_49"],
                           "pog_tsar_fell_turn": 11, "cp_russian_vp_fallen": 1,
                           "russian_capitulation": "fall_of_the_tsar"}.items():
            g.set(key, value)
        tracks.set_us_entry(g, "over_there")
        for loc in ("warsaw", "lodz"):
            tracks.set_control(g, loc, "CP", score=False)
        tracks.update_tracks(g)
    edit(s, "late war, turn 12", build)
    assert s.state.globals["russian_capitulation"] == "bolshevik_revolution_allowed"
    for card in TARGETS + COMBAT_TARGETS:
        card_to(s, card, f"hand:{card[:2].upper()}")
    return s


def test_pog_late_war_random_play_reaches_the_end_of_russia_and_the_last_us_army():
    fired: set[str] = set()
    for seed in range(1, 9):
        s = late_war(seed)
        result = play_on(s, seed, max_actions=600)         # replay and undo checked too
        assert not result.failure, f"seed {seed}: {result.failure}"
        fired |= {k.split(":")[1] for k in result.events if k.startswith("event:")}
    assert set(TARGETS) <= fired, f"never fired: {sorted(set(TARGETS) - fired)}"
