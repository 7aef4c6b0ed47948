"""Combat-card events (3.0.5, 9.5.4, 12.2.4–12.2.7): the registry :data:`COMBAT_CARDS` maps a
card id to what the card does in one combat. Each entry cites its card number.

A card may be played from the hand when its conditions are met by the combat at that step
(12.2.6), or *used* again from the face-up cards in front of its owner (``cc:<side>``, kept
after a won combat, 9.5.4.2) once per Action Round (9.5.4.4). Trench-cancelling cards are
offered at step 3 (12.2.4), the others at step 5; CP #2 Wireless Intercepts (``timing``
``"flank"``) in the flank step instead of the flank roll (:class:`combat.CombatFlank`). No card
may support an unoccupied fort (3.0.5). Cards not registered here are not offered (listed "not
yet" in modules/paths_of_glory/COVERAGE.md).

Every combat card is registered here, each by its id in :mod:`.card_ids`. Cards whose effect
goes beyond a DRM, a trench cancel or firing first say so by a field (CP #31 Kemal fires on the
Army table, AP #48 Royal Tank Corps cancels the trench column shifts only) or are read by the
combat procedure through their ids: AP #6 / CP #56 Withdrawal (12.6: the ``withdrawal`` step
and the forced retreat), AP #39 They Shall Not Pass (the retreat and the card's discard in
:func:`combat.decide_winner`), CP #60 Turkish Determination
(:func:`.battle.defender_trench`), CP #64 Alberich (:func:`combat.cancel_attack`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from . import board, fire, supply
from .card_ids import (ACHTUNG_PANZER, AIR_SUPERIORITY_AP, AIR_SUPERIORITY_CP, ALBERICH,
                       ALPENKORPS, ALPINE_TROOPS, BACKS_TO_THE_WALL, BLUCHER, CHLORINE_GAS,
                       FALKENHAYN, FLAMETHROWERS, FORTIFIED_MACHINE_GUNS, HL_TAKE_COMMAND,
                       HURRICANE_BARRAGE, KAISERSCHLACHT, KAISERTREU, KEMAL, LANDSHIPS,
                       LIMAN_VON_SANDERS, MAUDE, MICHAEL, MINE_ATTACK, MUSTARD_GAS,
                       PEACE_OFFENSIVE, PHOSGENE_GAS, PLACE_OF_EXECUTION, PLEVE, PUTNIK,
                       ROYAL_TANK_CORPS, RUSSIAN_GUARDS, SEVERE_WEATHER_AP, SEVERE_WEATHER_CP,
                       THEY_SHALL_NOT_PASS, TURK_DETERMINATION, VON_BELOW, VON_FRANCOIS,
                       VON_HUTIER, WIRELESS_INTERCEPTS, WITHDRAWAL_AP, WITHDRAWAL_CP)

if TYPE_CHECKING:
    from .game import Game

Condition = Callable[["Game", dict, str], bool]


@dataclass(frozen=True)
class CombatCard:
    """One combat-card event. ``role``: ``attack``, ``defence`` or ``either``."""
    number: str
    role: str
    condition: Condition
    drm: int = 0
    trench_cancel: bool = False      # PoG 12.2.4: played before the flank attempt
    fires_first: bool = False        # Von Hutier: the attacker fires first (12.2.8)
    requires: tuple[str, ...] = ()   # any one of these events must have been played
    forbids: tuple[str, ...] = ()    # none of these events may have been played
    timing: str = ""                 # "flank": played in the flank step (CP #2)
    army_table: bool = False         # the side fires on the Army Fire Table (CP #31, AP #61)
    trench_shifts_cancel: bool = False  # AP #48: no trench column shifts (only those)




def units(g: "Game", c: dict, side: str) -> list[int]:
    """The side's units taking part in combat ``c`` now."""
    key = "attackers" if side == c["attacker"] else "defenders"
    return [p for p in c[key] if board.is_space(g, g.state.pieces[p].loc)]


def nations(g: "Game", c: dict, side: str) -> set[str]:
    return {board.nation_of(g, p) for p in units(g, c, side)}


def has(nation: str) -> Condition:
    return lambda g, c, side: nation in nations(g, c, side)


def has_any(*ns: str) -> Condition:
    return lambda g, c, side: bool(set(ns) & nations(g, c, side))


def entrenched(g: "Game", c: dict) -> bool:
    owner, level = board.trench(g, c["target"])
    if TURK_DETERMINATION in (c.get("cards") or {}).get(c["defender"], []) \
            and not c.get("ignore_trench"):
        return True  # CP #60: a level-1 trench "for all purposes"
    return level > 0 and owner == c["defender"]


def _severe_weather(g: "Game", c: dict, side: str) -> bool:
    season, terrain = fire.season(g), fire.terrain(g, c["target"])
    return ((terrain == "mountain" and season in ("fall", "winter"))
            or (terrain == "swamp" and season in ("spring", "fall")))


def _defenders_have(nation: str) -> Condition:
    return lambda g, c, side: nation in nations(g, c, c["defender"])


def _defenders_only(nation: str) -> Condition:
    return lambda g, c, side: nations(g, c, c["defender"]) == {nation}


def _both(*conds: Condition) -> Condition:
    return lambda g, c, side: all(cond(g, c, side) for cond in conds)


def _mountain_into_or_from(g: "Game", c: dict, side: str) -> bool:
    spaces = [c["target"], *c.get("spaces", [])]
    return any(fire.terrain(g, s) == "mountain" for s in spaces)


def _french_fort(g: "Game", c: dict, side: str) -> bool:
    t = c["target"]
    return board.attr(g, t, "nation") == "FR" and board.fort_intact(g, t)


def _in_france_or_belgium(g: "Game", c: dict, side: str) -> bool:
    return board.attr(g, c["target"], "nation") in ("FR", "BE")


BASRA = "basra"


def _british_supplied_through_basra(g: "Game", c: dict, side: str) -> bool:
    """AP #61 Maude (printed card): an attack made by British units that trace supply to Basra:
    our reading, a supply line (14.1.2-14.1.4, ports included) with Basra as its source."""
    attackers = units(g, c, side)
    if not attackers or nations(g, c, side) != {"BR"}:
        return False
    reach = supply.supplied_spaces(g, side, "BR", only_sources=(BASRA,))
    return all(g.state.pieces[p].loc in reach for p in attackers)


def _clear(g: "Game", c: dict, side: str) -> bool:
    return fire.terrain(g, c["target"]) == "clear"


def _italians_only(g: "Game", c: dict, side: str) -> bool:
    return nations(g, c, side) == {"IT"}


def _french_fort_with_french_unit(g: "Game", c: dict, side: str) -> bool:
    """AP #39: defending in a French fort space (an intact fort: 15.1.9) with a French unit."""
    return _french_fort(g, c, side) and "FR" in nations(g, c, side)


def _russians_only_against_germans(g: "Game", c: dict, side: str) -> bool:
    """CP #2: at least one German attacker, a defending space holding only Russian units."""
    return "GE" in nations(g, c, side) and nations(g, c, c["defender"]) == {"RU"}


def _turks_without_trench(g: "Game", c: dict, side: str) -> bool:
    """CP #60: a Turkish defender (SN is not Turkish) in a space without a trench of its own."""
    owner, level = board.trench(g, c["target"])
    return "TU" in nations(g, c, side) and not (level > 0 and owner == side)


def _royal_tank_corps(g: "Game", c: dict, side: str) -> bool:
    """AP #48: a British attack (ANA, AUS, CND, PT do not count) on a clear space in France,
    Belgium or Germany."""
    return ("BR" in nations(g, c, side) and fire.terrain(g, c["target"]) == "clear"
            and board.attr(g, c["target"], "nation") in ("FR", "BE", "GE"))


def _kemal(g: "Game", c: dict, side: str) -> bool:
    """CP #31: a defending Turkish unit (SN excluded) with a CF of 1 or more."""
    return side == c["defender"] and any(
        board.nation_of(g, p) == "TU" and int(g.value(p, "cf") or 0) >= 1
        for p in units(g, c, side))


def _alberich(g: "Game", c: dict, side: str) -> bool:
    """CP #64: an Allied attack in France or Belgium in which the Allies did not play Royal Tank
    Corps, in an Action Round in which they did not play Yanks and Tanks."""
    now = f"{g.get('turn', 1)}.{g.get('action_round', 1)}"
    return (c["attacker"] == "AP" and _in_france_or_belgium(g, c, side)
            and ROYAL_TANK_CORPS not in c["cards"].get("AP", [])
            and g.get("pog_yanks_round") != now)


COMBAT_CARDS: dict[str, CombatCard] = {
    PLEVE: CombatCard("AP #4 Pleve", "either", has("RU"), drm=1),
    PUTNIK: CombatCard("AP #5 Putnik", "either",
                       lambda g, c, s: "SB" in nations(g, c, s) and fire.year(g) <= 1915, drm=1),
    WITHDRAWAL_AP: CombatCard("AP #6 Withdrawal", "defence", lambda g, c, s: True),
    SEVERE_WEATHER_AP: CombatCard("AP #7 Severe Weather", "defence", _severe_weather, drm=2),
    HURRICANE_BARRAGE: CombatCard("AP #18 Hurricane Barrage", "attack", has("BR"), drm=1),
    AIR_SUPERIORITY_AP: CombatCard("AP #19 Air Superiority", "attack", has_any("BR", "FR"),
                                   drm=1),
    PHOSGENE_GAS: CombatCard("AP #21 Phosgene Gas", "attack", has("FR"), drm=1),
    MINE_ATTACK: CombatCard("AP #36 Mine Attack", "attack",
                            lambda g, c, s: "BR" in nations(g, c, s) and entrenched(g, c), drm=1),
    THEY_SHALL_NOT_PASS: CombatCard("AP #39 They Shall Not Pass", "defence",
                                    _french_fort_with_french_unit),
    # AP #48: the trench column shifts only (flank attacks, Fortified Machine Guns and retreat
    # cancelling still see the trench)
    ROYAL_TANK_CORPS: CombatCard("AP #48 Royal Tank Corps", "attack", _royal_tank_corps,
                                 requires=(LANDSHIPS,), trench_shifts_cancel=True),
    RUSSIAN_GUARDS: CombatCard("AP #58 Russian Guards", "attack", has("RU"), drm=1),
    ALPINE_TROOPS: CombatCard("AP #59 Alpine Troops", "attack", _italians_only, drm=1),
    MAUDE: CombatCard("AP #61 Maude", "attack", _british_supplied_through_basra,
                      army_table=True),
    BACKS_TO_THE_WALL: CombatCard("AP #63 Backs to the Wall", "defence",
                                  _both(has_any("BR", "FR"), _in_france_or_belgium), drm=1,
                                  requires=KAISERSCHLACHT),
    WIRELESS_INTERCEPTS: CombatCard("CP #2 Wireless Intercepts", "attack",
                                    _russians_only_against_germans, timing="flank"),
    VON_FRANCOIS: CombatCard("CP #3 Von Francois", "attack",
                             _both(has("GE"), _defenders_have("RU")), drm=1),
    SEVERE_WEATHER_CP: CombatCard("CP #4 Severe Weather", "defence", _severe_weather, drm=2),
    CHLORINE_GAS: CombatCard("CP #15 Chlorine Gas", "attack", has("GE"), drm=1),
    LIMAN_VON_SANDERS: CombatCard("CP #16 Liman von Sanders", "either", has("TU"), drm=1),
    FORTIFIED_MACHINE_GUNS: CombatCard(
        "CP #18 Fortified Machine Guns", "defence",
        lambda g, c, s: "GE" in nations(g, c, s) and entrenched(g, c), drm=1),
    FLAMETHROWERS: CombatCard("CP #19 Flamethrowers", "attack", has("GE"), drm=1),
    PLACE_OF_EXECUTION: CombatCard("CP #26 Place of Execution", "attack",
                                   _both(has("GE"), _french_fort), drm=2,
                                   requires=(FALKENHAYN,), forbids=(HL_TAKE_COMMAND,)),
    ALPENKORPS: CombatCard("CP #30 Alpenkorps", "attack",
                           _both(has("GE"), _mountain_into_or_from), drm=1),
    # CP #31: one combat per turn: the card is "once per turn" (cards.csv), discarded even by
    # the winner (9.5.4.3)
    KEMAL: CombatCard("CP #31 Kemal", "defence", _kemal, army_table=True),
    MUSTARD_GAS: CombatCard("CP #35 Mustard Gas", "attack", has("GE"), drm=1),
    AIR_SUPERIORITY_CP: CombatCard("CP #40 Air Superiority", "attack", has("GE"), drm=1),
    VON_BELOW: CombatCard("CP #43 Von Below", "attack", _both(has("GE"), _defenders_only("IT")),
                          trench_cancel=True),
    VON_HUTIER: CombatCard("CP #44 Von Hutier", "attack", _both(has("GE"), _defenders_have("RU")),
                           trench_cancel=True, fires_first=True),
    MICHAEL: CombatCard("CP #49 Michael", "attack", has("GE"), drm=1, trench_cancel=True,
                        requires=(HL_TAKE_COMMAND,)),
    BLUCHER: CombatCard("CP #50 Blucher", "attack", has("GE"), trench_cancel=True,
                        requires=(HL_TAKE_COMMAND,)),
    PEACE_OFFENSIVE: CombatCard("CP #51 Peace Offensive", "attack", has("GE"), trench_cancel=True,
                                requires=(HL_TAKE_COMMAND,)),
    WITHDRAWAL_CP: CombatCard("CP #56 Withdrawal", "defence", lambda g, c, s: True),
    KAISERTREU: CombatCard("CP #57 Kaisertreu", "either", has("AH"), drm=1),
    TURK_DETERMINATION: CombatCard("CP #60 Turk Determination", "defence",
                                   _turks_without_trench),
    ACHTUNG_PANZER: CombatCard("CP #62 Achtung: Panzer", "attack", _both(has("GE"), _clear),
                               drm=1),
    ALBERICH: CombatCard("CP #64 Alberich", "defence", _alberich),
}


def events_played(g: "Game") -> set[str]:
    return set(g.get("pog_events") or ())


def fits(g: "Game", c: dict, side: str, card_id: str, trench_step: bool,
         timing: str = "") -> bool:
    """Whether ``card_id``'s conditions are met by combat ``c`` for ``side`` (12.2.6) at this
    step (``timing`` "flank": the flank step, CP #2)."""
    card = COMBAT_CARDS.get(card_id)
    if card is None or card.trench_cancel != trench_step or card.timing != timing:
        return False
    role = "attack" if side == c["attacker"] else "defence"
    if card.role not in (role, "either"):
        return False
    played = events_played(g)
    if card.requires and not played & set(card.requires):
        return False
    if played & set(card.forbids):
        return False
    if side == c["defender"] and c.get("oos_defenders"):
        # PoG 14.3.4: defending units out of supply get no benefit from combat cards, so
        # they never make a defence card's condition true (the card still fires for the
        # whole defence when the units in supply meet it: there is one fire per side)
        c = {**c, "defenders": [p for p in c["defenders"] if p not in c["oos_defenders"]]}
    if not units(g, c, side):
        return False  # PoG 3.0.5: no CC in support of an unoccupied fort; 14.3.4: all OOS
    return card.condition(g, c, side)
