"""One test per combat card that only modifies the fire (a DRM, a trench cancel, firing first),
named after the card (PoG 9.5.4, 12.2.4, 12.2.6; the card texts of the card list): each plays
the card in its step and reads the effect in the fire note ("PoG 12.2.9: <side> fires N CF on
the <table>, column C (+shift), die D+drm: Loss Number L"), then shows the card refused where its
condition does not hold. A refusal is read in a card step that another card of the same side
("filler") opens. Hand-built positions on an emptied map, loaded dice; every unit is treated
as supplied (14.3.4 is not what these tests are about).

The last test guards the naming: every card of both decks has a test named after it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine import commands as C

from .positions import (clear_hands, LoadedDice, act, attack, card_to, defenders_in_supply, empty_map,
                        put, refusal, set_global)


@pytest.fixture
def fresh(monkeypatch):
    """A factory of emptied maps at ``turn`` (default Summer 1916), hands empty, the given
    ``events`` played."""
    from modules.paths_of_glory.rules.game import Game
    defenders_in_supply(monkeypatch)
    roll = Game.roll

    def make(turn: int = 10, events: tuple[str, ...] = ()):
        monkeypatch.setattr(Game, "roll", roll)        # the set-up rolls its own dice
        s = empty_map()
        clear_hands(s)
        set_global(s, "turn", turn)
        set_global(s, "pog_entered", ["TU", "IT", "BU"])   # fights in Italy and Turkey
        if events:
            set_global(s, "pog_events", list(events))
        return s
    return make


def top(s):
    return s.state.globals["pog_stack"][-1]


def where(s, card):
    return next(p.loc for p in s.state.pieces.values() if p.type == card)


def fight(s, monkeypatch, side, target, units, cards=(), dice=(3, 3)):
    """``side`` attacks ``target`` with ``units`` (each a (type, space) pair) holding ``cards``;
    the fire dice are loaded (attacker's first). Returns the dice."""
    for cid in cards:
        card_to(s, cid, f"hand:{side}")
    pids = [put(s, t, loc) for t, loc in units]
    d = LoadedDice(monkeypatch, list(dice))
    attack(s, side, target, pids)
    return d


def defend(s, side, target, units, cards=()):
    """``side``'s units (types) in ``target``, ``cards`` in ``side``'s hand."""
    for cid in cards:
        card_to(s, cid, f"hand:{side}")
    return [put(s, t, target) for t in units]


def at_cards(s, side, trench=False):
    return (top(s)["state"] == "combat_cards" and top(s)["side"] == side
            and top(s)["trench"] == trench)


def play(s, side, card):
    """Play ``card`` in the open card step, then let every card step finish (the fire)."""
    act(s, "play_cc", side, card=card)
    while top(s)["state"] == "combat_cards":
        act(s, "done_cards", top(s)["side"])


def notes(s, start):
    return [c.text for e in s.record.entries for c in e.commands
            if isinstance(c, C.Note) and c.text.startswith(start)]


def fire(s, side):
    """The last fire note of ``side``."""
    return notes(s, f"PoG 12.2.9: {side} fires")[-1]


def rule(s, side, card):
    v = refusal(s, "play_cc", side, card=card)
    assert v is not None, f"{card} was accepted"
    return v.rule


# -- AP combat cards --------------------------------------------------------------------------

def test_pog_ap_04_pleve_russian_defence_plus_1_not_for_french(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"], ["ap_04"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")])
    assert at_cards(s, "AP")
    play(s, "AP", "ap_04")
    assert "die 3+1:" in fire(s, "AP") and "die 3+0:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "amiens", ["fr_corps"], ["ap_04", "ap_06"])
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_04") == "PoG 12.2.6"


def test_pog_ap_05_putnik_serbian_defence_only_in_1914_1915(fresh, monkeypatch):
    s = fresh(turn=7)                                          # Fall 1915
    defend(s, "AP", "valjevo", ["sb_corps"], ["ap_05"])
    fight(s, monkeypatch, "CP", "valjevo", [("ah_corps", "sarajevo")])
    play(s, "AP", "ap_05")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh(turn=8)                                          # Winter 1916
    defend(s, "AP", "valjevo", ["sb_corps"], ["ap_05", "ap_06"])
    fight(s, monkeypatch, "CP", "valjevo", [("ah_corps", "sarajevo")])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_05") == "PoG 12.2.6"


def test_pog_ap_07_severe_weather_swamp_in_spring_not_in_summer(fresh, monkeypatch):
    s = fresh(turn=5)                                          # Spring 1915
    defend(s, "AP", "kovel", ["ru_corps"], ["ap_07"])
    fight(s, monkeypatch, "CP", "kovel", [("ge_corps", "brest_litovsk")])
    play(s, "AP", "ap_07")
    assert "die 3+2:" in fire(s, "AP")
    s = fresh(turn=6)                                          # Summer 1915
    defend(s, "AP", "kovel", ["ru_corps"], ["ap_07", "ap_06"])
    fight(s, monkeypatch, "CP", "kovel", [("ge_corps", "brest_litovsk")])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_07") == "PoG 12.2.6"


def test_pog_ap_18_artillery_barrage_british_attack_not_australian(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"])
    fight(s, monkeypatch, "AP", "cambrai", [("br_corps", "amiens")], ["ap_18"])
    assert at_cards(s, "AP")
    play(s, "AP", "ap_18")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"])
    fight(s, monkeypatch, "AP", "cambrai", [("aus_corps", "amiens"), ("fr_corps", "amiens")],
          ["ap_18", "ap_19"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_18") == "PoG 12.2.6"


def test_pog_ap_19_air_superiority_french_attack_not_canadian(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"])
    fight(s, monkeypatch, "AP", "cambrai", [("fr_corps", "amiens")], ["ap_19"])
    play(s, "AP", "ap_19")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh()
    defend(s, "CP", "lodz", ["ge_corps"])
    fight(s, monkeypatch, "AP", "lodz", [("cnd_corps", "warsaw"), ("ru_corps", "warsaw")],
          ["ap_19", "ap_04"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_19") == "PoG 12.2.6"


def test_pog_ap_21_phosgene_gas_french_attack_not_british(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"])
    fight(s, monkeypatch, "AP", "cambrai", [("fr_corps", "amiens")], ["ap_21"])
    play(s, "AP", "ap_21")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"])
    fight(s, monkeypatch, "AP", "cambrai", [("br_corps", "amiens")], ["ap_21", "ap_18"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_21") == "PoG 12.2.6"


def test_pog_ap_36_mine_attack_british_on_entrenched_cp_once_per_turn(fresh, monkeypatch):
    s = fresh()
    put(s, "ge_corps", "cambrai", face=1)
    put(s, "m_trench_cp", "cambrai", face=0)
    fight(s, monkeypatch, "AP", "cambrai", [("br_corps", "amiens"), ("br_corps", "amiens")],
          ["ap_36"], dice=(5, 1))
    play(s, "AP", "ap_36")
    assert "column 1 (-1), die 5+1: Loss Number 1" in fire(s, "AP")     # 0 without the card
    while top(s)["state"] == "combat_losses":
        s.push(next(a for a in s.legal_actions() if a.verb == "take_loss"))
    assert notes(s, "PoG 12.2.11")[-1].endswith("AP wins")
    assert where(s, "ap_36") == "discard:AP"        # one combat per turn: discarded by the winner
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"])                     # no trench
    fight(s, monkeypatch, "AP", "cambrai", [("br_corps", "amiens")], ["ap_36", "ap_18"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_36") == "PoG 12.2.6"


def test_pog_ap_58_russian_guards_russian_attack_not_defence(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "lodz", ["ge_corps"])
    fight(s, monkeypatch, "AP", "lodz", [("ru_corps", "warsaw")], ["ap_58"])
    play(s, "AP", "ap_58")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"], ["ap_58", "ap_04"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_58") == "PoG 12.2.6"


def test_pog_ap_59_alpine_troops_italian_only_attack(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "trieste", ["ah_corps"])
    fight(s, monkeypatch, "AP", "trieste", [("it_corps", "udine")], ["ap_59"])
    play(s, "AP", "ap_59")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh()
    defend(s, "CP", "trieste", ["ah_corps"])
    fight(s, monkeypatch, "AP", "trieste", [("it_corps", "udine"), ("br_corps", "udine")],
          ["ap_59", "ap_18"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_59") == "PoG 12.2.6"


def test_pog_ap_61_maude_british_attack_supplied_through_basra_fires_on_the_army_table(
        fresh, monkeypatch):
    """Printed card (shared/facts): one attack by British units that trace supply to Basra may
    fire on the Army Fire Table. Refused for a French attack there, and for British units whose
    line to Basra is cut (Basra held by the CP)."""
    s = fresh()
    defend(s, "CP", "qurna", ["tu_corps"])
    fight(s, monkeypatch, "AP", "qurna", [("br_corps", "basra")], ["ap_61"])
    play(s, "AP", "ap_61")
    assert "on the Army table" in fire(s, "AP") and "die 3+0:" in fire(s, "AP")
    s = fresh()
    defend(s, "CP", "qurna", ["tu_corps"])
    fight(s, monkeypatch, "AP", "qurna", [("fr_corps", "basra")], ["ap_61", "ap_21"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_61") == "PoG 12.2.6"
    s = fresh()
    put(s, "m_control", "basra", face=1)                       # Basra CP-controlled
    defend(s, "CP", "qurna", ["tu_corps"])
    fight(s, monkeypatch, "AP", "qurna", [("br_corps", "ahwaz")], ["ap_61", "ap_18"])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_61") == "PoG 12.2.6"


def test_pog_ap_63_backs_to_the_wall_after_michael_british_defence_in_france(fresh,
                                                                           monkeypatch):
    """Reconstructed card, tested as implemented."""
    s = fresh(events=("cp_54", "cp_49"))
    defend(s, "AP", "amiens", ["br_corps"], ["ap_63"])
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")])
    play(s, "AP", "ap_63")
    assert "die 3+1:" in fire(s, "AP")
    s = fresh(events=("cp_54",))                       # none of Michael, Blucher, Peace Offensive
    defend(s, "AP", "amiens", ["br_corps"], ["ap_63", "ap_06"])
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")])
    assert at_cards(s, "AP") and rule(s, "AP", "ap_63") == "PoG 12.2.6"


# -- CP combat cards --------------------------------------------------------------------------

def test_pog_cp_03_von_francois_german_attack_on_russians_not_on_serbs(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps", "sb_corps"])      # RU and another nationality
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_03"])
    play(s, "CP", "cp_03")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "plock", ["sb_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_03", "cp_15"])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_03") == "PoG 12.2.6"


def test_pog_cp_04_severe_weather_mountain_in_winter_not_in_spring(fresh, monkeypatch):
    s = fresh(turn=4)                                          # Winter 1915
    defend(s, "CP", "munkacs", ["ah_corps"], ["cp_04"])
    fight(s, monkeypatch, "AP", "munkacs", [("ru_corps", "czernowitz")])
    assert at_cards(s, "CP")
    play(s, "CP", "cp_04")
    assert "die 3+2:" in fire(s, "CP")
    s = fresh(turn=5)                                          # Spring 1915
    defend(s, "CP", "munkacs", ["ah_corps"], ["cp_04", "cp_56"])
    fight(s, monkeypatch, "AP", "munkacs", [("ru_corps", "czernowitz")])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_04") == "PoG 12.2.6"


def test_pog_cp_15_chlorine_gas_german_attack_not_austrian(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_15"])
    play(s, "CP", "cp_15")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ah_corps", "thorn")], ["cp_15", "cp_57"])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_15") == "PoG 12.2.6"


def test_pog_cp_16_liman_von_sanders_turkish_attack_not_for_the_senussi(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "eskisehir", ["br_corps"])
    fight(s, monkeypatch, "CP", "eskisehir", [("tu_corps", "bursa")], ["cp_16"])
    play(s, "CP", "cp_16")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "CP", "eskisehir", ["sn_corps"], ["cp_16", "cp_56"])
    fight(s, monkeypatch, "AP", "eskisehir", [("br_corps", "bursa")])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_16") == "PoG 12.2.6"


def test_pog_cp_18_fortified_machine_guns_entrenched_german_defender(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"], ["cp_18"])
    put(s, "m_trench_cp", "cambrai", face=0)
    fight(s, monkeypatch, "AP", "cambrai", [("fr_corps", "amiens")])
    play(s, "CP", "cp_18")
    assert "(+1), die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"], ["cp_18", "cp_56"])      # no trench
    fight(s, monkeypatch, "AP", "cambrai", [("fr_corps", "amiens")])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_18") == "PoG 12.2.6"


def test_pog_cp_19_flamethrowers_german_attack_not_defence(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "amiens", ["fr_corps"])
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")], ["cp_19"])
    play(s, "CP", "cp_19")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"], ["cp_19", "cp_56"])
    fight(s, monkeypatch, "AP", "cambrai", [("fr_corps", "amiens")])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_19") == "PoG 12.2.6"


def test_pog_cp_30_alpenkorps_german_attack_into_or_from_mountains(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "munkacs", ["ru_corps"])                  # into a mountain space
    fight(s, monkeypatch, "CP", "munkacs", [("ge_corps", "czernowitz")], ["cp_30"])
    play(s, "CP", "cp_30")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "przemysl", ["ru_corps"])                 # out of a mountain space
    fight(s, monkeypatch, "CP", "przemysl", [("ge_corps", "uzhgorod")], ["cp_30"])
    play(s, "CP", "cp_30")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"])                   # clear to clear
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_30", "cp_15"])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_30") == "PoG 12.2.6"


def test_pog_cp_35_mustard_gas_german_attack_not_turkish(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "amiens", ["fr_corps"])
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")], ["cp_35"])
    play(s, "CP", "cp_35")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "eskisehir", ["br_corps"])
    fight(s, monkeypatch, "CP", "eskisehir", [("tu_corps", "bursa")], ["cp_35", "cp_16"])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_35") == "PoG 12.2.6"


def test_pog_cp_40_air_superiority_german_attack_not_defence(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "amiens", ["br_corps"])
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")], ["cp_40"])
    play(s, "CP", "cp_40")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "CP", "cambrai", ["ge_corps"], ["cp_40", "cp_56"])
    fight(s, monkeypatch, "AP", "cambrai", [("br_corps", "amiens")])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_40") == "PoG 12.2.6"


def test_pog_cp_43_von_below_cancels_the_trench_of_italians_only(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "udine", ["it_corps"])
    put(s, "m_trench_ap", "udine", face=0)
    fight(s, monkeypatch, "CP", "udine", [("ge_corps", "trieste")], ["cp_43"])
    assert at_cards(s, "CP", trench=True)                     # before the flank step (12.2.4)
    play(s, "CP", "cp_43")
    assert "(+0), die 3+0:" in fire(s, "CP") and "(+0), die 3+0:" in fire(s, "AP")
    s = fresh(events=("cp_54",))
    defend(s, "AP", "udine", ["it_corps", "fr_corps"])
    put(s, "m_trench_ap", "udine", face=0)
    fight(s, monkeypatch, "CP", "udine", [("ge_corps", "trieste")], ["cp_43", "cp_50"])
    assert at_cards(s, "CP", trench=True) and rule(s, "CP", "cp_43") == "PoG 12.2.4"
    act(s, "done_cards", "CP")
    assert "(-1), die 3+0:" in fire(s, "CP") and "(+1), die 3+0:" in fire(s, "AP")


def test_pog_cp_44_von_hutier_fires_first_and_cancels_trench_against_russians(fresh,
                                                                             monkeypatch):
    s = fresh()
    ru = defend(s, "AP", "plock", ["ru_corps"])
    put(s, "m_trench_ap", "plock", face=0)
    dice = fight(s, monkeypatch, "CP", "plock", [("ge_8a", "thorn"), ("ge_9a", "thorn")],
                 ["cp_44"], dice=(6, 6))
    assert at_cards(s, "CP", trench=True)
    play(s, "CP", "cp_44")
    assert "(+0), die 6+0:" in fire(s, "CP")
    # the attacker fired first: the Russian corps was eliminated before it could fire
    assert dice.purposes == ["combat fire CP"]
    assert s.state.pieces[ru[0]].loc != "plock"
    assert s.state.globals["pog_combat"]["ln"]["AP"] == 0
    # timing: it is played before the flank step, not with the other cards (12.2.6)
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_44", "cp_15"])
    assert at_cards(s, "CP", trench=True)
    act(s, "done_cards", "CP")
    assert at_cards(s, "CP") and rule(s, "CP", "cp_44") == "PoG 12.2.6"


def test_pog_cp_49_michael_after_hl_cancels_trench_and_adds_1(fresh, monkeypatch):
    s = fresh(events=("cp_54",))
    defend(s, "AP", "amiens", ["fr_corps"])
    put(s, "m_trench_ap", "amiens", face=0)
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")], ["cp_49"])
    assert at_cards(s, "CP", trench=True)
    play(s, "CP", "cp_49")
    assert "(+0), die 3+1:" in fire(s, "CP") and "(+0), die 3+0:" in fire(s, "AP")
    s = fresh()                        # before H-L Take Command; Von Hutier opens the step
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_49", "cp_44"])
    assert at_cards(s, "CP", trench=True) and rule(s, "CP", "cp_49") == "PoG 12.2.4"


def test_pog_cp_50_blucher_after_hl_cancels_trench(fresh, monkeypatch):
    s = fresh(events=("cp_54",))
    defend(s, "AP", "amiens", ["fr_corps"])
    put(s, "m_trench_ap", "amiens", face=0)
    fight(s, monkeypatch, "CP", "amiens", [("ge_corps", "cambrai")], ["cp_50"])
    play(s, "CP", "cp_50")
    assert "(+0), die 3+0:" in fire(s, "CP") and "(+0), die 3+0:" in fire(s, "AP")
    s = fresh()                        # before H-L Take Command; Von Hutier opens the step
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_50", "cp_44"])
    assert at_cards(s, "CP", trench=True) and rule(s, "CP", "cp_50") == "PoG 12.2.4"


def test_pog_cp_57_kaisertreu_austrian_defence_plus_1_not_german(fresh, monkeypatch):
    s = fresh()
    defend(s, "CP", "czernowitz", ["ah_corps"], ["cp_57"])
    fight(s, monkeypatch, "AP", "czernowitz", [("ru_corps", "kamenets_podolski")])
    play(s, "CP", "cp_57")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_57", "cp_15"])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_57") == "PoG 12.2.6"


def test_pog_cp_62_achtung_panzer_german_attack_on_clear_not_forest(fresh, monkeypatch):
    s = fresh()
    defend(s, "AP", "plock", ["ru_corps"])
    fight(s, monkeypatch, "CP", "plock", [("ge_corps", "thorn")], ["cp_62"])
    play(s, "CP", "cp_62")
    assert "die 3+1:" in fire(s, "CP")
    s = fresh()
    defend(s, "AP", "tannenberg", ["ru_corps"])               # forest
    fight(s, monkeypatch, "CP", "tannenberg", [("ge_corps", "konigsberg")], ["cp_62", "cp_15"])
    assert at_cards(s, "CP") and rule(s, "CP", "cp_62") == "PoG 12.2.6"


# -- the naming guard -------------------------------------------------------------------------

CARD_ID = re.compile(r"^(?:ap|cp)_\d\d$")
NAMED = re.compile(r"^test_pog_((?:ap|cp)_\d\d)_")


def cards_with_a_test() -> set[str]:
    """Card ids named by a test of this folder: ``test_pog_<id>_...``, or an id in the
    ``pytest.mark.parametrize`` list of a test."""
    found: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            m = NAMED.match(node.name)
            if m:
                found.add(m.group(1))
            for deco in node.decorator_list:
                if "parametrize" in ast.unparse(deco):
                    found |= {c.value for c in ast.walk(deco) if isinstance(c, ast.Constant)
                              and isinstance(c.value, str) and CARD_ID.match(c.value)}
    return found


def test_pog_every_card_has_a_test_named_after_it():
    every = {f"{side}_{n:02d}" for side in ("ap", "cp") for n in range(1, 66)}
    assert sorted(every - cards_with_a_test()) == []
