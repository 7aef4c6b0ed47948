"""Every combat card that only modifies the fire (a DRM, a trench cancel, firing first), each
under its own id (PoG 9.5.4, 12.2.4, 12.2.6; the card texts of the card list): the card is
played in its step and its effect read in the fire note ("PoG 12.2.9: <side> fires N CF on the
<table>, column C (+shift), die D+drm: Loss Number L"), then refused where its condition does
not hold. A refusal is read in a card step that another card of the same side ("filler")
opens. Hand-built positions on an emptied map (recorded set-up entries), scripted dice; where a
defence card is played the defenders really are in supply (14.3.4 is not what is tested).

The last test guards the naming: every card of both decks has a test named after it."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.session import Session
from modules.paths_of_glory.rules import supply
from modules.paths_of_glory.rules.combat_cards import COMBAT_CARDS

from .conftest import (act, attack, card_to, clear_hands, control, dice, empty_map, game, log,
                       module, put, refusal, rolled, set_global, top, turkey_at_war, where)



@dataclass(frozen=True)
class Combat:
    """One attack: ``attackers`` ((type, space) pairs) on ``target``, held by ``defenders``
    (types) — entrenched (level 1) if ``trench``; at ``turn`` with ``events`` played;
    ``cp_holds`` spaces under CP control (Cambrai and Sedan: a German line of supply back to
    Germany); ``front`` "turkey": Turkey at war, but for Bursa."""
    target: str
    defenders: tuple[str, ...]
    attackers: tuple[tuple[str, str], ...]
    turn: int = 10                                       # Summer 1916
    events: tuple[str, ...] = ()
    trench: bool = False
    cp_holds: tuple[str, ...] = ()
    front: str = ""

    @property
    def attacker(self) -> str:
        return module().piece_types[self.attackers[0][0]].side

    @property
    def defender(self) -> str:
        return "CP" if self.attacker == "AP" else "AP"


def staged(turn: int = 10, events: tuple[str, ...] = ()) -> Session:
    """An emptied map at ``turn``, hands empty, ``events`` played."""
    s = empty_map()
    clear_hands(s)
    set_global(s, "turn", turn)
    set_global(s, "pog_entered", ["TU", "IT", "BU"])           # fights in Italy and Turkey
    if events:
        set_global(s, "pog_events", list(events))
    return s


def fight(c: Combat, cards: tuple[str, ...], rolls: tuple[int, ...] = (3, 3)) -> Session:
    """Stage ``c`` with ``cards`` in their owners' hands and the fire dice scripted (the
    attacker's first); the attack is resolved up to its first decision."""
    s = staged(c.turn, c.events)
    for loc in c.cp_holds:
        control(s, loc, "CP")
    if c.front == "turkey":
        turkey_at_war(s, but=("bursa",))
    for cid in cards:
        card_to(s, cid, f"hand:{cid[:2].upper()}")
    defenders = [put(s, t, c.target) for t in c.defenders]
    if c.trench:
        put(s, f"m_trench_{c.defender.lower()}", c.target)
    pids = [put(s, t, loc) for t, loc in c.attackers]
    if any(cid[:2].upper() == c.defender for cid in cards):
        assert not set(defenders) & set(supply.oos_units(game(s), c.defender))
    dice(s, *rolls)
    attack(s, c.attacker, c.target, pids)
    return s


def at_cards(s, side, trench=False):
    return (top(s)["state"] == "combat_cards" and top(s)["side"] == side
            and top(s)["trench"] == trench)


def play(s, side, card):
    """Play ``card`` in the open card step, then let every card step finish (the fire)."""
    act(s, "play_cc", side, card=card)
    while top(s)["state"] == "combat_cards":
        act(s, "done_cards", top(s)["side"])


def fire(s, side):
    """The last fire note of ``side``."""
    return log(s, f"PoG 12.2.9: {side} fires")[-1]


def rule(s, side, card):
    v = refusal(s, "play_cc", side, card=card)
    assert v is not None, f"{card} was accepted"
    return v.rule


#: Cambrai and Sedan CP-held: Germans defending Cambrai trace supply (14.3.4 does not apply).
GERMAN_LINE = ("cambrai", "sedan")
RU_PLOCK = Combat("plock", ("ru_corps",), (("ge_corps", "thorn"),))      # no fort (15.1.11)
GE_CAMBRAI = Combat("cambrai", ("ge_corps",), (("br_corps", "amiens"),))
FR_AMIENS = Combat("amiens", ("fr_corps",), (("ge_corps", "cambrai"),))

#: (card, the combat, what the fire notes then show: (side, text) pairs)
PLAYED = [
    ("ap_04", RU_PLOCK, [("AP", "die 3+1:"), ("CP", "die 3+0:")]),
    ("ap_05", Combat("valjevo", ("sb_corps",), (("ah_corps", "sarajevo"),), turn=7),
     [("AP", "die 3+1:")]),                                                    # Fall 1915
    ("ap_07", Combat("kovel", ("ru_corps",), (("ge_corps", "brest_litovsk"),), turn=5),
     [("AP", "die 3+2:")]),                                                  # swamp, Spring
    ("ap_18", GE_CAMBRAI, [("AP", "die 3+1:")]),
    ("ap_19", Combat("cambrai", ("ge_corps",), (("fr_corps", "amiens"),)), [("AP", "die 3+1:")]),
    ("ap_21", Combat("cambrai", ("ge_corps",), (("fr_corps", "amiens"),)), [("AP", "die 3+1:")]),
    ("ap_58", Combat("lodz", ("ge_corps",), (("ru_corps", "warsaw"),)), [("AP", "die 3+1:")]),
    ("ap_59", Combat("trieste", ("ah_corps",), (("it_corps", "udine"),)), [("AP", "die 3+1:")]),
    ("ap_61", Combat("qurna", ("tu_corps",), (("br_corps", "basra"),)),    # supplied via Basra
     [("AP", "on the Army table"), ("AP", "die 3+0:")]),
    ("ap_63", Combat("amiens", ("br_corps",), (("ge_corps", "cambrai"),),     # reconstructed
                     events=("cp_54", "cp_49")), [("AP", "die 3+1:")]),
    ("cp_03", Combat("plock", ("ru_corps", "sb_corps"), (("ge_corps", "thorn"),)),
     [("CP", "die 3+1:")]),                                 # RU and another nationality
    ("cp_04", Combat("munkacs", ("ah_corps",), (("ru_corps", "czernowitz"),), turn=4),
     [("CP", "die 3+2:")]),                                 # mountain, Winter 1915
    ("cp_15", RU_PLOCK, [("CP", "die 3+1:")]),
    ("cp_16", Combat("eskisehir", ("br_corps",), (("tu_corps", "bursa"),)),
     [("CP", "die 3+1:")]),
    ("cp_18", Combat("cambrai", ("ge_corps",), (("fr_corps", "amiens"),), trench=True,
                     cp_holds=GERMAN_LINE), [("CP", "(+1), die 3+1:")]),
    ("cp_19", FR_AMIENS, [("CP", "die 3+1:")]),
    ("cp_30", Combat("munkacs", ("ru_corps",), (("ge_corps", "czernowitz"),)),
     [("CP", "die 3+1:")]),                                 # into a mountain space
    ("cp_30", Combat("przemysl", ("ru_corps",), (("ge_corps", "uzhgorod"),)),
     [("CP", "die 3+1:")]),                                 # out of a mountain space
    ("cp_35", FR_AMIENS, [("CP", "die 3+1:")]),
    ("cp_40", Combat("amiens", ("br_corps",), (("ge_corps", "cambrai"),)), [("CP", "die 3+1:")]),
    ("cp_43", Combat("udine", ("it_corps",), (("ge_corps", "trieste"),), trench=True),
     [("CP", "(+0), die 3+0:"), ("AP", "(+0), die 3+0:")]),  # the trench cancelled
    ("cp_49", Combat("amiens", ("fr_corps",), (("ge_corps", "cambrai"),), trench=True,
                     events=("cp_54",)), [("CP", "(+0), die 3+1:"), ("AP", "(+0), die 3+0:")]),
    ("cp_50", Combat("amiens", ("fr_corps",), (("ge_corps", "cambrai"),), trench=True,
                     events=("cp_54",)), [("CP", "(+0), die 3+0:"), ("AP", "(+0), die 3+0:")]),
    ("cp_57", Combat("czernowitz", ("ah_corps",), (("ru_corps", "kamenets_podolski"),)),
     [("CP", "die 3+1:")]),
    ("cp_62", RU_PLOCK, [("CP", "die 3+1:")]),
]

#: (card, a combat where its condition fails, the card of the same side that opens the step,
#: the rule the refusal cites)
REFUSED = [
    ("ap_04", FR_AMIENS, "ap_06", "PoG 12.2.6"),                  # not for the French
    ("ap_05", Combat("valjevo", ("sb_corps",), (("ah_corps", "sarajevo"),), turn=8),
     "ap_06", "PoG 12.2.6"),                                      # Winter 1916
    ("ap_07", Combat("kovel", ("ru_corps",), (("ge_corps", "brest_litovsk"),), turn=6),
     "ap_06", "PoG 12.2.6"),                                      # swamp in Summer
    ("ap_18", Combat("cambrai", ("ge_corps",), (("aus_corps", "amiens"), ("fr_corps", "amiens"))),
     "ap_19", "PoG 12.2.6"),                                      # AUS is not British
    ("ap_19", Combat("lodz", ("ge_corps",), (("cnd_corps", "warsaw"), ("ru_corps", "warsaw"))),
     "ap_04", "PoG 12.2.6"),                                      # CND is not British
    ("ap_21", GE_CAMBRAI, "ap_18", "PoG 12.2.6"),                 # British, not French
    ("ap_36", GE_CAMBRAI, "ap_18", "PoG 12.2.6"),                 # no trench
    ("ap_58", RU_PLOCK, "ap_04", "PoG 12.2.6"),                  # a defence
    ("ap_59", Combat("trieste", ("ah_corps",), (("it_corps", "udine"), ("br_corps", "udine"))),
     "ap_18", "PoG 12.2.6"),                                      # not Italians only
    ("ap_61", Combat("qurna", ("tu_corps",), (("fr_corps", "basra"),)),
     "ap_21", "PoG 12.2.6"),                                      # French, not British
    ("ap_61", Combat("qurna", ("tu_corps",), (("br_corps", "ahwaz"),), cp_holds=("basra",)),
     "ap_18", "PoG 12.2.6"),                                      # the line to Basra is cut
    ("ap_63", Combat("amiens", ("br_corps",), (("ge_corps", "cambrai"),), events=("cp_54",)),
     "ap_06", "PoG 12.2.6"),                  # none of Michael, Blucher, Peace Offensive yet
    ("cp_03", Combat("plock", ("sb_corps",), (("ge_corps", "thorn"),)),
     "cp_15", "PoG 12.2.6"),                                      # no Russian defender
    ("cp_04", Combat("munkacs", ("ah_corps",), (("ru_corps", "czernowitz"),), turn=5),
     "cp_56", "PoG 12.2.6"),                                      # mountain in Spring
    ("cp_15", Combat("plock", ("ru_corps",), (("ah_corps", "thorn"),)),
     "cp_57", "PoG 12.2.6"),                                      # Austrians, not Germans
    ("cp_16", Combat("eskisehir", ("sn_corps",), (("br_corps", "bursa"),), front="turkey"),
     "cp_56", "PoG 12.2.6"),                                      # the Senussi are not Turks
    ("cp_18", Combat("cambrai", ("ge_corps",), (("fr_corps", "amiens"),), cp_holds=GERMAN_LINE),
     "cp_56", "PoG 12.2.6"),                                      # no trench
    ("cp_19", Combat("cambrai", ("ge_corps",), (("fr_corps", "amiens"),), cp_holds=GERMAN_LINE),
     "cp_56", "PoG 12.2.6"),                                      # a defence
    ("cp_30", RU_PLOCK, "cp_15", "PoG 12.2.6"),                  # clear to clear
    ("cp_35", Combat("eskisehir", ("br_corps",), (("tu_corps", "bursa"),)),
     "cp_16", "PoG 12.2.6"),                                      # Turks, not Germans
    ("cp_40", Combat("cambrai", ("ge_corps",), (("br_corps", "amiens"),), cp_holds=GERMAN_LINE),
     "cp_56", "PoG 12.2.6"),                                      # a defence
    ("cp_49", RU_PLOCK, "cp_44", "PoG 12.2.4"),                  # before H-L Take Command
    ("cp_50", RU_PLOCK, "cp_44", "PoG 12.2.4"),                  # before H-L Take Command
    ("cp_57", RU_PLOCK, "cp_15", "PoG 12.2.6"),                  # Germans, not Austrians
    ("cp_62", Combat("tannenberg", ("ru_corps",), (("ge_corps", "konigsberg"),)),
     "cp_15", "PoG 12.2.6"),                                      # forest, not clear
]


def _ids(rows) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for row in rows:
        card = row[0]
        seen[card] = seen.get(card, 0) + 1
        out.append(card if seen[card] == 1 else f"{card}-{seen[card]}")
    return out


@pytest.mark.parametrize("card, combat, shown", PLAYED, ids=_ids(PLAYED))
def test_pog_combat_card_played_changes_the_fire(card, combat, shown):
    side = card[:2].upper()
    s = fight(combat, (card,))
    assert at_cards(s, side, COMBAT_CARDS[card].trench_cancel), top(s)   # 12.2.4 / 12.2.6
    assert refusal(s, "play_cc", side, card=card) is None
    play(s, side, card)
    for who, text in shown:
        assert text in fire(s, who), fire(s, who)


@pytest.mark.parametrize("card, combat, filler, cited", REFUSED, ids=_ids(REFUSED))
def test_pog_combat_card_refused_where_its_condition_fails(card, combat, filler, cited):
    side = card[:2].upper()
    s = fight(combat, (card, filler))
    trench = cited == "PoG 12.2.4"
    assert at_cards(s, side, trench), top(s)                   # the filler opens the step
    assert rule(s, side, card) == cited


# -- the cards whose effect needs more than a fire note ------------------------------------------

def test_pog_ap_36_mine_attack_british_on_entrenched_cp_once_per_turn():
    s = staged()
    put(s, "ge_corps", "cambrai", face=1)
    put(s, "m_trench_cp", "cambrai", face=0)
    card_to(s, "ap_36", "hand:AP")
    brs = [put(s, "br_corps", "amiens"), put(s, "br_corps", "amiens")]
    dice(s, 5, 1)
    attack(s, "AP", "cambrai", brs)
    play(s, "AP", "ap_36")
    assert "column 1 (-1), die 5+1: Loss Number 1" in fire(s, "AP")     # 0 without the card
    while top(s)["state"] == "combat_losses":
        s.push(next(a for a in s.legal_actions() if a.verb == "take_loss"))
    assert log(s, "PoG 12.2.11")[-1].endswith("AP wins")
    assert where(s, "ap_36") == "discard:AP"        # one combat per turn: discarded by the winner


def test_pog_cp_43_von_below_cancels_the_trench_of_italians_only():
    """Against Italians and French together Von Below is refused at the trench step; the
    trench then shifts both fires (attacker 1 left, defender 1 right)."""
    c = Combat("udine", ("it_corps", "fr_corps"), (("ge_corps", "trieste"),), trench=True,
               events=("cp_54",))
    s = fight(c, ("cp_43", "cp_50"))
    assert at_cards(s, "CP", trench=True) and rule(s, "CP", "cp_43") == "PoG 12.2.4"
    act(s, "done_cards", "CP")
    assert "(-1), die 3+0:" in fire(s, "CP") and "(+1), die 3+0:" in fire(s, "AP")


def test_pog_cp_44_von_hutier_fires_first_and_cancels_trench_against_russians():
    c = Combat("plock", ("ru_corps",), (("ge_8a", "thorn"), ("ge_9a", "thorn")), trench=True)
    s = fight(c, ("cp_44",), rolls=(6, 6))
    (ru,) = [p for p in s.state.stacks["plock"] if s.state.pieces[p].type == "ru_corps"]
    assert at_cards(s, "CP", trench=True)
    play(s, "CP", "cp_44")
    assert "(+0), die 6+0:" in fire(s, "CP")
    # the attacker fired first: the Russian corps was eliminated before it could fire
    assert rolled(s) == ["combat fire CP"]
    assert s.state.pieces[ru].loc != "plock"
    assert s.state.globals["pog_combat"]["ln"]["AP"] == 0
    # timing: it is played before the flank step, not with the other cards (12.2.6)
    s = fight(RU_PLOCK, ("cp_44", "cp_15"))
    assert at_cards(s, "CP", trench=True)
    act(s, "done_cards", "CP")
    assert at_cards(s, "CP") and rule(s, "CP", "cp_44") == "PoG 12.2.6"


# -- the naming guard -------------------------------------------------------------------------

CARD_ID = re.compile(r"^(?:ap|cp)_\d\d$")
NAMED = re.compile(r"^test_pog_((?:ap|cp)_\d\d)_")


def cards_with_a_test() -> set[str]:
    """Card ids named by a test of this folder: ``test_pog_<id>_...``, an id in the
    ``pytest.mark.parametrize`` list of a test, or the first item of a row of a list a
    parametrized test reads (its test ids)."""
    found: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        lists = {t.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            m = NAMED.match(node.name)
            if m:
                found.add(m.group(1))
            for deco in node.decorator_list:
                if "parametrize" not in ast.unparse(deco):
                    continue
                rows = [lists.get(a.id) for a in getattr(deco, "args", [])
                        if isinstance(a, ast.Name)] + [deco]
                for part in rows:
                    for row in getattr(part, "elts", [part]):
                        first = row.elts[0] if isinstance(row, ast.Tuple) and row.elts else row
                        found |= {c.value for c in ast.walk(first) if isinstance(c, ast.Constant)
                                  and isinstance(c.value, str) and CARD_ID.match(c.value)}
    return found


def test_pog_every_card_has_a_test_named_after_it():
    every = {f"{side}_{n:02d}" for side in ("ap", "cp") for n in range(1, 66)}
    assert sorted(every - cards_with_a_test()) == []
