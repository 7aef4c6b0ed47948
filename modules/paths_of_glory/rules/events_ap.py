"""Allied strategy-card events (9.5, the AP card list of the rulebook's appendix), except the
reinforcement cards (:mod:`.reinforce`), the neutral-entry cards and Salonika (:mod:`.entry`)
and the Combat Cards (:mod:`.combat_cards`; #48 Royal Tank Corps is registered here).

Each event is registered in :data:`cards.EVENTS`; the action round already applies the War
Status number, removes * cards and records ``pog_events`` (:mod:`.sequence`). Here: the
prerequisites (``playable`` returns a :class:`Violation` citing the card, ``PoG AP #n``, or the
rule the card text invokes) and the effects.

Lasting effects are read by the rules they change, through ``pog_events``
(:func:`cards.event_played`: #2 Blockade in status.py, #9 Moltke in ops.py, #37 Independent
Air Force in replacements.py, #40 Fourteen Points in peace.py, #49 Sinai Pipeline in combat.py,
#52 Convoy in events_cp.py, #33 Grand Fleet in ``events_cp.action_round_ended``), the US Entry
track (``us_entry``: #54, #55; replacements.py and sequence.py read ``over_there``) or the
globals below, through small hooks that call the functions of this file:

* ``pog_everyone_turn`` (#51 Everyone into Battle) — :func:`activation_nations`, called by
  :func:`ops.activation_nations`;
* ``pog_yanks_round`` (#35), ``pog_kerensky_round`` (#45), ``pog_brusilov_round`` (#46) —
  :func:`combat_started`, called by :func:`combat.start_combat` (DRMs; the one-attack
  announcements are the decision frame ``ap_offensive``);
* ``pog_great_retreat_turn`` (#27 The Great Retreat) — also :func:`combat_started`: a CP
  attack on Russian units asks the Allies (frame ``ap_great_retreat``);
* ``pog_sixtus_turn`` (#62, reconstructed) — :func:`attack_violation`, called by combat
  designation;
* #48 Royal Tank Corps — :func:`ignores_trench_shift`, called by :func:`combat.fire_for`;
* ``pog_influenza_turn`` (#65) — read by replacements.py and by ``sequence.card_violation``
  (no RP action for the rest of the turn).

Decision frames (finite action lists): ``ap_cloak_and_dagger``,
``ap_paris_taxis``, ``ap_russian_cavalry``, ``ap_offensive``, ``ap_great_retreat`` (then the
automatic ``ap_great_retreat_resume``).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.rules import Prompt, Violation

from . import board, cards, entrench_event, tracks
from .cards import EVENTS, Event
from .combat_cards import COMBAT_CARDS, CombatCard, nations
from .game import Game
from engine.machine import State

BLOCKADE, LANDSHIPS = "ap_02", "ap_28"
ZIMMERMANN, OVER_THERE, ROYAL_TANK_CORPS = "ap_54", "ap_55", "ap_48"
GUNS_OF_AUGUST, FALL_OF_THE_TSAR, BOLSHEVIK_REVOLUTION, U_BOATS = "cp_01", "cp_52", "cp_53", "cp_36"
#: Michael, Blucher, Peace Offensive (Combat Cards: "played" = used in a combat).
KAISERSCHLACHT = ("cp_49", "cp_50", "cp_51")
WESTERN = ("FR", "BE", "GE")


# -- helpers ---------------------------------------------------------------------------------
def _rule(g: Game, card: str) -> str:
    return f"PoG AP #{cards.info(g, card).get('number')}"


def _no(g: Game, card: str, text: str) -> Violation:
    return Violation(_rule(g, card), f"{cards.label(g, card)}: {text}")


def _note(g: Game, card: str, text: str) -> None:
    g.note(f"{cards.label(g, card)}: {text}")


def _turn(g: Game) -> int:
    return int(g.get("turn", 1) or 1)


def round_key(g: Game) -> str:
    """The current Action Round (as combat.py keys it)."""
    return f"{g.get('turn', 1)}.{g.get('action_round', 1)}"


def played(g: Game, card: str) -> bool:
    """Played as an event, or (a Combat Card) used in a combat (9.5.1.2, 9.5.4.2)."""
    if cards.event_played(g, card):
        return True
    side = g.module.piece_types[card].side
    return cards.is_cc(g, card) and cards.where(g, card) in (f"removed:{side}", f"cc:{side}")


def _pieces_of(g: Game, type_id: str) -> list[int]:
    return sorted(pid for pid, p in g.state.pieces.items() if p.type == type_id)


def _historical_ops(g: Game, card: str) -> None:
    """5.7.4 #7: in the Historical scenario Landships, Zimmermann Telegram and Over There
    also give their OPS."""
    if g.get("pog_scenario") == "historical" and cards.info(g, card).get("event_ops_historical"):
        from . import ops
        g.note(f"PoG 5.7.4 #7: {cards.label(g, card)} also gives {cards.ops_value(g, card)} OPS")
        ops.start(g, "AP", cards.ops_value(g, card), card)


def _operations(g: Game, card: str) -> None:
    """The event's own OPS (cards with "conduct operations with this card")."""
    from . import ops
    ops.start(g, "AP", cards.ops_value(g, card), card)


def _vp(card: str, name: str):
    def play(g: Game, side: str, card_id: str) -> None:
        tracks.add_vp(g, -1, f"{name}, AP #{int(card[3:])}")
    return play


def _recorded(g: Game, side: str, card: str) -> None:
    """Events whose whole effect is being recorded in ``pog_events`` (read elsewhere)."""
    effects = {
        "ap_02": "from now on -1 VP in the War Status Phase of every Winter turn",
        "ap_09": "CP activation in Belgium and France costs 1 OPS per unit until Falkenhayn",
        "ap_33": "High Seas Fleet is cancelled (no VP)",
        "ap_37": "Walter Rathenau's extra German RP are cancelled for the rest of the game",
    }
    _note(g, card, effects.get(card, "played"))


# -- #9 Moltke, #13 Rape of Belgium, #26 Lusitania, #40, #52 -------------------------------------
def moltke_ok(g: Game, side: str, card: str) -> Violation | None:
    if _turn(g) > 2:
        return _no(g, card, "playable only in August or September 1914 (turns 1-2)")
    return None


def rape_of_belgium_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, GUNS_OF_AUGUST):
        return _no(g, card, "playable only after the CP have played Guns of August")
    if (g.get("commitment_ap") or "mobilization") != "mobilization":
        return _no(g, card, "playable as an event only while the Allied War Commitment is "
                            "still Mobilization")
    return None


def lusitania_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, BLOCKADE) or cards.event_played(g, ZIMMERMANN):
        return _no(g, card, "playable only after Blockade and before Zimmermann Telegram")
    return None


def fourteen_points_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, ZIMMERMANN):
        return _no(g, card, "playable only after Zimmermann Telegram (PoG 16.3.5)")
    return None


def fourteen_points(g: Game, side: str, card: str) -> None:
    tracks.add_vp(g, -1, "14 Points, AP #40")
    _note(g, card, "for the rest of the game only the Allies may offer Peace Terms")


def convoy_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, U_BOATS):
        return _no(g, card, "playable only after U-Boats Unleashed")
    return None


def convoy(g: Game, side: str, card: str) -> None:
    tracks.add_vp(g, -1, "Convoy, AP #52")
    _note(g, card, "U-Boats Unleashed no longer costs British RP nor blocks US Reinforcements")


# #12 Entrench: the shared event in entrench_event.py


# -- #23 Cloak and Dagger -----------------------------------------------------------------------
def cloak_and_dagger(g: Game, side: str, card: str) -> None:
    _note(g, card, "the Allied player examines the CP hand")
    g.call("ap_cloak_and_dagger", side="AP", card=card)


class CloakAndDagger(State):
    """AP #23: the CP hand is shown to the Allied player (in the prompt, which only the Allies
    see: no global names the cards), then this card's OPS are used."""
    name = "ap_cloak_and_dagger"
    rule = "AP #23"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        shown = ", ".join(cards.label(g, c) for c in cards.hand(g, "CP")) or "no cards"
        return Prompt("AP", "cloak_and_dagger", f"Cloak and Dagger: the CP hand holds {shown}. "
                                                "Conduct operations with this card")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("operations", "AP")

    def on_operations(self, g: Game, frame: dict) -> None:
        """Conduct operations with this card"""
        g.end()
        _operations(g, frame["card"])


# -- #28 Landships, #48 Royal Tank Corps --------------------------------------------------------
def landships(g: Game, side: str, card: str) -> None:
    _note(g, card, "Royal Tank Corps may now be played")
    _historical_ops(g, card)


def _rtc_fits(g: Game, c: dict, side: str) -> bool:
    """AP #48: a British attack (ANA, AUS, CND, PT do not count) on a clear space in France,
    Belgium or Germany."""
    from . import fire
    return ("BR" in nations(g, c, side) and fire.terrain(g, c["target"]) == "clear"
            and board.attr(g, c["target"], "nation") in WESTERN)


COMBAT_CARDS.setdefault(ROYAL_TANK_CORPS, CombatCard(
    "AP #48 Royal Tank Corps", "attack", _rtc_fits, requires=(LANDSHIPS,)))


def ignores_trench_shift(g: Game, c: dict) -> bool:
    """Hook for :func:`combat.fire_for`: AP #48 Royal Tank Corps cancels the trench column
    shifts only (flank attacks, Fortified Machine Guns and retreat cancelling still see the
    trench)."""
    return ROYAL_TANK_CORPS in (c.get("cards") or {}).get(c.get("attacker"), [])


# -- #33 Grand Fleet ----------------------------------------------------------------------------
def grand_fleet_ok(g: Game, side: str, card: str) -> Violation | None:
    if not g.get("pog_high_seas_fleet"):
        return _no(g, card, "playable as an event only in the Allied Action Round right after "
                            "High Seas Fleet")
    return None


# -- #35 Yanks and Tanks, #45 Kerensky Offensive, #46 Brusilov Offensive -------------------------
def yanks_and_tanks(g: Game, side: str, card: str) -> None:
    g.set("pog_yanks_round", round_key(g))
    _note(g, card, "every combat involving a US unit this Action Round gets +2 DRM")
    _operations(g, card)


def kerensky_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, FALL_OF_THE_TSAR) or cards.event_played(g, BOLSHEVIK_REVOLUTION):
        return _no(g, card, "playable only after Fall of the Tsar and before Bolshevik Revolution")
    return None


def kerensky(g: Game, side: str, card: str) -> None:
    g.set("pog_kerensky_round", round_key(g))
    g.set("pog_kerensky_used", False)
    _note(g, card, "one Russian attack on a space with AH, BU or TU units gets +2 DRM")
    _operations(g, card)


def brusilov(g: Game, side: str, card: str) -> None:
    g.set("pog_brusilov_round", round_key(g))
    g.set("pog_brusilov_used", False)
    _note(g, card, "+1 DRM to every Russian attack this Action Round; one Russian attack on "
                   "non-German CP units ignores all trench effects")
    _operations(g, card)


def _russian_attack(g: Game, c: dict) -> bool:
    return c.get("attacker") == "AP" and any(
        board.nation_of(g, p) == "RU" for p in c.get("attackers", []) if p in g.state.pieces)


def _defender_nations(g: Game, c: dict) -> set[str]:
    return {board.nation_of(g, p) for p in c.get("defenders", []) if p in g.state.pieces}


def kerensky_fits(g: Game, c: dict) -> bool:
    """AP #45: a Russian attack on a space holding AH, BU or TU units (once)."""
    return (g.get("pog_kerensky_round") == round_key(g) and not g.get("pog_kerensky_used")
            and _russian_attack(g, c) and bool(_defender_nations(g, c) & {"AH", "BU", "TU"}))


def brusilov_fits(g: Game, c: dict) -> bool:
    """AP #46: a Russian attack on only non-German CP units in a trench (once)."""
    if not c.get("target"):
        return False
    owner, level = board.trench(g, c["target"])
    defenders = _defender_nations(g, c)
    return (g.get("pog_brusilov_round") == round_key(g) and not g.get("pog_brusilov_used")
            and _russian_attack(g, c) and bool(defenders) and "GE" not in defenders
            and owner == c.get("defender") and level > 0)


def combat_started(g: Game) -> None:
    """Hook for :func:`combat.start_combat` (after ``combat_resolve`` is pushed): the DRMs of
    AP #35 Yanks and Tanks and AP #46 Brusilov Offensive, and the announcement of AP #45
    Kerensky Offensive / AP #46's trench cancel (before the flank step and any combat card)."""
    from .combat import combat, save
    c = combat(g)
    if c and c.get("attacker") == "CP" and great_retreat_fits(g, c):
        g.call("ap_great_retreat", side="AP")
        return
    if not c or c.get("attacker") != "AP":
        return
    now = round_key(g)
    changed = False
    if g.get("pog_yanks_round") == now and any(
            board.nation_of(g, p) == "US" for p in c["attackers"]):
        c["drm"]["AP"] += 2
        changed = True
        g.note("Yanks and Tanks: +2 DRM for a combat involving US units (AP #35)")
    if g.get("pog_brusilov_round") == now and _russian_attack(g, c):
        c["drm"]["AP"] += 1
        changed = True
        g.note("Brusilov Offensive: +1 DRM for a Russian attack (AP #46)")
    if changed:
        save(g, c)
    if kerensky_fits(g, c) or brusilov_fits(g, c):
        g.call("ap_offensive", side="AP")


class OffensiveAnnounce(State):
    """AP #45 / #46: before the flank attempt and the combat cards the Allied player announces
    whether this Russian attack uses the Kerensky +2 DRM or the Brusilov trench cancel (each
    once)."""
    name = "ap_offensive"
    rule = "AP #45"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("AP", "offensive", "Announce the Kerensky / Brusilov Offensive effect for "
                                         "this Russian attack, or done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        from .combat import combat
        c = combat(g)
        if kerensky_fits(g, c):
            yield self.offer("kerensky", "AP")
        if brusilov_fits(g, c):
            yield self.offer("brusilov", "AP")
        yield self.offer("done", "AP")

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        from .combat import combat
        if action.verb == "kerensky" and not kerensky_fits(g, combat(g)):
            return Violation("PoG AP #45", "Kerensky Offensive: once, for a Russian attack on a "
                                           "space with AH, BU or TU units")
        if action.verb == "brusilov" and not brusilov_fits(g, combat(g)):
            return Violation("PoG AP #46", "Brusilov Offensive: once, for a Russian attack on "
                                           "entrenched non-German CP units only")
        return super().refuse(g, frame, action)

    def on_kerensky(self, g: Game, frame: dict) -> None:
        """Use the Kerensky Offensive (+2 DRM) for this attack"""
        from .combat import combat, save
        c = combat(g)
        c["drm"]["AP"] += 2
        g.set("pog_kerensky_used", True)
        g.note("Kerensky Offensive: +2 DRM for this Russian attack (AP #45)")
        self._after(g, c)

    def on_brusilov(self, g: Game, frame: dict) -> None:
        """Use the Brusilov Offensive (no trench effects) for this attack"""
        from .combat import combat
        c = combat(g)
        c["ignore_trench"] = True
        g.set("pog_brusilov_used", True)
        g.note("Brusilov Offensive: every trench effect is cancelled in this attack (AP #46)")
        self._after(g, c)

    def on_done(self, g: Game, frame: dict) -> None:
        """No offensive for this attack"""
        g.end()

    @staticmethod
    def _after(g: Game, c: dict) -> None:
        from .combat import save
        save(g, c)
        if not (kerensky_fits(g, c) or brusilov_fits(g, c)):
            g.end()


# -- #27 The Great Retreat ---------------------------------------------------------------------
def great_retreat(g: Game, side: str, card: str) -> None:
    g.set("pog_great_retreat_turn", _turn(g))
    _note(g, card, "this turn attacked Russian units may retreat one space instead of fighting")


def _russians(g: Game, c: dict) -> list[int]:
    return [p for p in c.get("defenders", []) if p in g.state.pieces
            and board.nation_of(g, p) == "RU" and g.state.pieces[p].loc == c.get("target")]


def great_retreat_fits(g: Game, c: dict) -> bool:
    """AP #27: a CP attack this turn on a space holding Russian units."""
    return g.get("pog_great_retreat_turn") == _turn(g) and bool(_russians(g, c))


class GreatRetreat(State):
    """AP #27: announced before flank attempts, combat cards and dice. The Russian units
    retreat one space (12.5.5 restrictions; no cancelling, they *must* retreat); there is no
    combat against them. Forts and non-Russian units in the space are still attacked; when
    none is left, full-strength attackers may advance (12.7). The cancelled attack still
    counted for the Mandated Offensive (recorded when the combat began, 7.1.3)."""
    name = "ap_great_retreat"
    rule = "AP #27"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        from .combat import combat, place
        return Prompt("AP", "great_retreat", "The Great Retreat: the Russian units in "
                      f"{place(g, combat(g)['target'])} may retreat one space instead of "
                      "fighting (retreat / fight)")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("great_retreat", "AP")
        yield self.offer("fight", "AP")

    def on_fight(self, g: Game, frame: dict) -> None:
        """The Russian units fight"""
        g.end()

    def on_great_retreat(self, g: Game, frame: dict) -> None:
        """The Russian units retreat one space instead of fighting"""
        from .combat import combat, save
        g.end()
        c = combat(g)
        russians = _russians(g, c)
        rest = [p for p in c["defenders"] if p not in russians]
        g.note(f"The Great Retreat (AP #27): {len(russians)} Russian unit(s) fall back instead "
               "of fighting")
        g.call("ap_great_retreat_resume", rest=rest, russians=russians)
        c.update(defenders=russians, retreat_len=1, vacated=[c["target"]], moved=[])
        save(g, c)
        g.call("combat_retreat", side="AP", started=True)   # started: no 12.5.3 cancelling


class GreatRetreatResume(State):
    """AP #27, after the Russian units retreated: the combat goes on against what is left
    (forts, non-Russian units), or ends with the attacker's advance."""
    name = "ap_great_retreat_resume"
    rule = "AP #27"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        from . import board as b
        from .combat import combat, save
        g.end()
        c = combat(g)
        rest = [p for p in frame["rest"] if p in g.state.pieces
                and g.state.pieces[p].loc == c["target"]]
        fort = c.get("fort") and b.fort_intact(g, c["target"])
        c["moved"] = []
        if rest or fort:
            c["defenders"] = rest
            c.pop("retreat_len", None)
            c.pop("vacated", None)
        else:
            c["winner"] = ""          # no combat resolution: no cards change hands
            c["steps"], c["i"] = ["advance", "finish"], 0
        save(g, c)


# -- #49 Sinai Pipeline --------------------------------------------------------------------------
def sinai_pipeline(g: Game, side: str, card: str) -> None:
    """AP #49: the -3 DRM for attacking from Sinai no longer applies to the Allies (combat.py
    reads the event); whoever controls Sinai; the marker goes in Sinai."""
    if "sinai" in g.module.locations and not board.markers_in(g, "sinai", "m_sinai_pipeline"):
        g.do(C.Create("m_sinai_pipeline", "sinai", None, 0, {}))
    _note(g, card, "Allied attacks from Sinai no longer suffer -3 DRM; Allenby may be played")


# -- #51 Everyone into Battle -------------------------------------------------------------------
def everyone_ok(g: Game, side: str, card: str) -> Violation | None:
    if not any(played(g, c) for c in KAISERSCHLACHT):
        return _no(g, card, "playable only after Michael, Blucher or Peace Offensive")
    return None


def everyone(g: Game, side: str, card: str) -> None:
    g.set("pog_everyone_turn", _turn(g))
    _note(g, card, "for the rest of the turn Allied units in Italy, France and Belgium activate "
                   "as one nationality (PoG 12.1.11 still applies)")


def activation_nations(g: Game, side: str, loc: str, found: set[str]) -> set[str]:
    """Hook for :func:`ops.activation_nations`: AP #51 Everyone into Battle — Allied units in
    Italy, France and Belgium count as one nationality this turn."""
    if (side == "AP" and found and g.get("pog_everyone_turn") == _turn(g)
            and board.attr(g, loc, "nation") in ("IT", "FR", "BE")):
        return {"ALLIED"}
    return found


# -- #54 Zimmermann Telegram, #55 Over There ----------------------------------------------------
def zimmermann_ok(g: Game, side: str, card: str) -> Violation | None:
    if g.get("us_entry") != "zimmermann_allowed":
        return Violation("PoG 16.3.2", "Zimmermann Telegram needs the US Entry marker in the "
                                       "'Zimmermann Telegram allowed' box (Combined WS 30+)")
    return None


def zimmermann(g: Game, side: str, card: str) -> None:
    """AP #54 / 16.3.3: -1 VP; the US join the Allies (no US reinforcements yet)."""
    tracks.add_vp(g, -1, "Zimmermann Telegram, AP #54")
    tracks.set_us_entry(g, "zimmermann")
    g.set("pog_zimmermann_turn", _turn(g))
    _historical_ops(g, card)


def over_there_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, ZIMMERMANN) or g.get("us_entry") != "zimmermann":
        return Violation("PoG 16.3.4", "Over There only after Zimmermann Telegram")
    when = g.get("pog_zimmermann_turn")
    if when is not None and _turn(g) <= int(when):
        return Violation("PoG 16.3.4", "Over There only in a turn after the one of Zimmermann "
                                       "Telegram")
    return None


def over_there(g: Game, side: str, card: str) -> None:
    """AP #55 / 16.3.4, 17.1.8: US reinforcement cards become playable; every Allied RP play
    also gives 1 US RP (sequence.record_rp reads the track)."""
    tracks.set_us_entry(g, "over_there")
    _historical_ops(g, card)


# -- #56 Paris Taxis ----------------------------------------------------------------------------
def _taxi_armies(g: Game) -> list[int]:
    near = {"paris", *board.connections(g, "paris")} if "paris" in g.module.locations else set()
    return [pid for pid in sorted(g.state.pieces)
            if board.is_unit(g, pid) and board.nation_of(g, pid) == "FR" and board.is_army(g, pid)
            and g.state.pieces[pid].face == 1 and g.state.pieces[pid].loc in near]


def paris_taxis(g: Game, side: str, card: str) -> None:
    if _taxi_armies(g):
        g.call("ap_paris_taxis", side="AP")
    else:
        _note(g, card, "no reduced French army in or next to Paris: the RP is lost")


class ParisTaxis(State):
    """AP #56: 1 extra RP spent at once to flip a reduced French army in or adjacent to Paris
    (never to rebuild an eliminated unit); unused, it is lost."""
    name = "ap_paris_taxis"
    rule = "AP #56"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("AP", "paris_taxis", "Paris Taxis: flip a reduced French army in or next "
                                           "to Paris to full strength, or done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for pid in _taxi_armies(g):
            yield self.offer("flip", "AP", unit=pid)
        yield self.offer("done", "AP")

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "flip" and action.get("unit") not in _taxi_armies(g):
            return Violation("PoG AP #56", "Paris Taxis flips only a reduced French army in or "
                                           "adjacent to Paris")
        return super().refuse(g, frame, action)

    def on_flip(self, g: Game, frame: dict, unit: Piece) -> None:
        """Flip this French army to full strength"""
        g.end()
        g.do(C.SetFace(unit, 0))
        g.note(f"Paris Taxis: {g.ptype(unit).name} flipped to full strength")

    def on_done(self, g: Game, frame: dict) -> None:
        """Leave the extra RP unused"""
        g.end()


# -- #57 Russian Cavalry, #60 Czech Legion --------------------------------------------------------
def _cavalry_pool(g: Game) -> list[int]:
    return [p for p in _pieces_of(g, "ru_cav_corps") if g.state.pieces[p].loc == "pool:AP"]


def _cavalry_spaces(g: Game) -> list[str]:
    """Spaces in Russia holding a supplied RU army, with room (10.1.1)."""
    from . import supply
    out = set()
    for pid, piece in g.state.pieces.items():
        loc = piece.loc
        if board.is_space(g, loc) and board.attr(g, loc, "nation") == "RU" \
                and board.is_unit(g, pid) and board.nation_of(g, pid) == "RU" \
                and board.is_army(g, pid) and len(board.units_in(g, loc)) < 3 \
                and supply.unit_in_supply(g, pid):
            out.add(loc)
    return sorted(out)


def russian_cavalry_ok(g: Game, side: str, card: str) -> Violation | None:
    if not _cavalry_pool(g):
        return _no(g, card, "the RU cavalry corps are not available")
    if not _cavalry_spaces(g):
        return _no(g, card, "no space in Russia holds a supplied Russian army with room")
    return None


def russian_cavalry(g: Game, side: str, card: str) -> None:
    g.call("ap_russian_cavalry", side="AP")


class RussianCavalry(State):
    """AP #57: place the two RU cavalry corps, one at a time, in spaces in Russia holding a
    supplied Russian army, within stacking. A corps that finds no room stays out."""
    name = "ap_russian_cavalry"
    rule = "AP #57"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("AP", "russian_cavalry", "Russian Cavalry: place a cavalry corps with a "
                                               "supplied Russian army in Russia")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        if _cavalry_pool(g):
            for loc in _cavalry_spaces(g):
                yield self.offer("place", "AP", space=loc)

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "place" and action.get("space") not in _cavalry_spaces(g):
            return Violation("PoG AP #57", "the cavalry goes to a space in Russia holding a "
                                           "supplied Russian army, within stacking (PoG 10.1.1)")
        return super().refuse(g, frame, action)

    def on_place(self, g: Game, frame: dict, space: Loc) -> None:
        """Place a cavalry corps here"""
        from .reinforce import place_unit
        place_unit(g, _cavalry_pool(g)[0], space)
        g.note(f"Russian Cavalry: a cavalry corps enters {g.module.locations[space].name}")
        if not _cavalry_pool(g) or not _cavalry_spaces(g):
            g.end()


def czech_legion(g: Game, side: str, card: str) -> None:
    """AP #60 (reconstructed): the Czech Legion corps enters the Allied Reserve Box."""
    moved = [p for p in _pieces_of(g, "czl_corps") if g.state.pieces[p].loc == "pool:AP"]
    from .reinforce import place_unit
    for pid in moved:
        place_unit(g, pid, "reserve:AP")
    _note(g, card, "the Czech Legion corps enters the Allied Reserve Box" if moved
          else "the Czech Legion corps is not available")


# -- #62 The Sixtus Affair, #65 Influenza (reconstructed) ---------------------------------------
def sixtus(g: Game, side: str, card: str) -> None:
    g.set("pog_sixtus_turn", _turn(g))
    _note(g, card, "no Austro-Hungarian unit may attack this turn")


def attack_violation(g: Game, side: str, pid: int, target: str) -> Violation | None:
    """Hook for combat designation: AP #62 The Sixtus Affair (reconstructed)."""
    if side == "CP" and g.get("pog_sixtus_turn") == _turn(g) and board.nation_of(g, pid) == "AH":
        return Violation("PoG AP #62", "The Sixtus Affair: no Austro-Hungarian unit may attack "
                                       "this turn")
    return None


def influenza(g: Game, side: str, card: str) -> None:
    g.set("pog_influenza_turn", _turn(g))
    _note(g, card, "neither side may take replacement (RP) actions for the rest of this turn")


def rp_violation(g: Game) -> Violation | None:
    """Hook for ``sequence.card_violation`` (play_rp): AP #65 Influenza."""
    if g.get("pog_influenza_turn") == _turn(g):
        return Violation("PoG AP #65", "Influenza: no RP action for the rest of this turn")
    return None


# -- the registry --------------------------------------------------------------------------------
for _card, _event in {
    "ap_02": Event(_recorded),
    "ap_09": Event(_recorded, moltke_ok),
    "ap_12": Event(entrench_event.entrench, entrench_event.entrench_ok),
    "ap_13": Event(_vp("ap_13", "Rape of Belgium"), rape_of_belgium_ok),
    "ap_23": Event(cloak_and_dagger),
    "ap_26": Event(_vp("ap_26", "Lusitania"), lusitania_ok),
    "ap_27": Event(great_retreat),
    "ap_28": Event(landships),
    "ap_33": Event(_recorded, grand_fleet_ok),
    "ap_35": Event(yanks_and_tanks),
    "ap_37": Event(_recorded),
    "ap_40": Event(fourteen_points, fourteen_points_ok),
    "ap_45": Event(kerensky, kerensky_ok),
    "ap_46": Event(brusilov),
    "ap_49": Event(sinai_pipeline),
    "ap_51": Event(everyone, everyone_ok),
    "ap_52": Event(convoy, convoy_ok),
    "ap_54": Event(zimmermann, zimmermann_ok),
    "ap_55": Event(over_there, over_there_ok),
    "ap_56": Event(paris_taxis),
    "ap_57": Event(russian_cavalry, russian_cavalry_ok),
    "ap_60": Event(czech_legion),
    "ap_62": Event(sixtus),
    "ap_65": Event(influenza),
}.items():
    EVENTS.setdefault(_card, _event)
