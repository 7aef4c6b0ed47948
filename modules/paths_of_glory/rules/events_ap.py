"""Allied strategy-card events (9.5, the AP card list of the rulebook's appendix), except the
reinforcement cards (:mod:`.reinforce`), the neutral-entry cards and Salonika (:mod:`.entry`)
and the Combat Cards (:mod:`.combat_cards`).

Each event is listed in :data:`EVENTS` (joined by the ruleset); the action round applies the War
Status number, removes * cards and records ``pog_events`` (:mod:`.sequence`). Here: the
prerequisites (``playable`` returns a :class:`Violation` citing the card, ``PoG AP #n``, or the
rule the card text invokes) and the effects.

Lasting effects are read by the rules they change, through ``pog_events``
(:func:`cards.event_played`: #2 Blockade in status.py, #9 Moltke in ops.py, #37 Independent
Air Force in replacements.py, #40 Fourteen Points in peace.py, #49 Sinai Pipeline in combat.py,
#52 Convoy in events_cp.py, #33 Grand Fleet in ``events_cp.action_round_ended``), the US Entry
track (``us_entry``: #54, #55; replacements.py and sequence.py read ``over_there``) or the
globals below, through the functions this file attaches to the core's hook points
(:data:`HOOKS`, :mod:`.hook_points`):

* ``pog_everyone_turn`` (#51 Everyone into Battle) — :func:`activation_nations` at
  ``activation_nations``;
* ``pog_yanks_round`` (#35), ``pog_kerensky_round`` (#45), ``pog_brusilov_round`` (#46) —
  :func:`combat_started` at ``combat_started`` (DRMs; the one-attack announcements are the
  decision frame ``ap_offensive``);
* ``pog_great_retreat_turn`` (#27 The Great Retreat) — also :func:`combat_started`: a CP
  attack on Russian units asks the Allies (frame ``ap_great_retreat``);
* ``pog_sixtus_turn`` (#62, reconstructed) — :func:`attack_violation` at ``attack_allowed``;
* ``pog_influenza_turn`` (#65) — :func:`rp_violation` at ``rp_play_allowed`` (no RP action for
  the rest of the turn; replacements.py reads it too).

Decision frames (finite action lists): ``ap_cloak_and_dagger``,
``ap_paris_taxis``, ``ap_russian_cavalry``, ``ap_offensive``, ``ap_great_retreat`` (then the
automatic ``ap_great_retreat_resume``).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation
from engine.views import shown_key

from . import board, cards, entrench_event, ops, supply, tracks
from .battle import combat, place, round_key, save
from .card_ids import (BLOCKADE, BOLSHEVIK_REVOLUTION, BRUSILOV_OFFENSIVE, CLOAK_AND_DAGGER,
                       CONVOY, CZECH_LEGION, ENTRENCH_AP, EVERYONE_INTO_BATTLE, FALL_OF_THE_TSAR,
                       FOURTEEN_POINTS, GRAND_FLEET, GREAT_RETREAT, GUNS_OF_AUGUST,
                       INDEPENDENT_AIR_FORCE, INFLUENZA, KAISERSCHLACHT, KERENSKY_OFFENSIVE,
                       LANDSHIPS, LUSITANIA, MOLTKE, OVER_THERE, PARIS_TAXIS, RAPE_OF_BELGIUM,
                       RUSSIAN_CAVALRY, SINAI_PIPELINE, SIXTUS_AFFAIR, U_BOATS_UNLEASHED,
                       YANKS_AND_TANKS, ZIMMERMANN_TELEGRAM)
from .cards import Event
from .game import Game
from .reinforce import place_unit


# -- helpers ---------------------------------------------------------------------------------
def _rule(g: Game, card: str) -> str:
    return f"PoG AP #{cards.info(g, card).get('number')}"


def _no(g: Game, card: str, text: str) -> Violation:
    return Violation(_rule(g, card), f"{cards.label(g, card)}: {text}")


def _note(g: Game, card: str, text: str) -> None:
    g.note(f"{cards.label(g, card)}: {text}")


def _turn(g: Game) -> int:
    return int(g.get("turn", 1) or 1)


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
        g.note(f"PoG 5.7.4 #7: {cards.label(g, card)} also gives {cards.ops_value(g, card)} OPS")
        ops.start(g, "AP", cards.ops_value(g, card), card)


def _operations(g: Game, card: str) -> None:
    """The event's own OPS (cards with "conduct operations with this card")."""
    ops.start(g, "AP", cards.ops_value(g, card), card)


def _vp(card: str, name: str):
    def play(g: Game, side: str, card_id: str) -> None:
        tracks.add_vp(g, -1, f"{name}, AP #{int(card[3:])}")
    return play


def _recorded(g: Game, side: str, card: str) -> None:
    """Events whose whole effect is being recorded in ``pog_events`` (read elsewhere)."""
    effects = {
        BLOCKADE: "from now on -1 VP in the War Status Phase of every Winter turn",
        MOLTKE: "CP activation in Belgium and France costs 1 OPS per unit until Falkenhayn",
        GRAND_FLEET: "High Seas Fleet is cancelled (no VP)",
        INDEPENDENT_AIR_FORCE: "Walter Rathenau's extra German RP are cancelled for the rest of the game",
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
    if not cards.event_played(g, BLOCKADE) or cards.event_played(g, ZIMMERMANN_TELEGRAM):
        return _no(g, card, "playable only after Blockade and before Zimmermann Telegram")
    return None


def fourteen_points_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, ZIMMERMANN_TELEGRAM):
        return _no(g, card, "playable only after Zimmermann Telegram (PoG 16.3.5)")
    return None


def fourteen_points(g: Game, side: str, card: str) -> None:
    tracks.add_vp(g, -1, "14 Points, AP #40")
    _note(g, card, "for the rest of the game only the Allies may offer Peace Terms")


def convoy_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, U_BOATS_UNLEASHED):
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
    """AP #23: the CP hand is shown to the Allied player (named in the prompt, and the hand
    shown to that side alone in its view while this state stands: ``shown:hand:CP``), then
    this card's OPS are used."""
    name = "ap_cloak_and_dagger"
    rule = "AP #23"

    def begin(self, g: Game, frame: dict) -> None:
        g.set(shown_key("hand:CP"), ["AP"])   # the look starts: CP's hand face up to AP

    def prompt(self, g: Game, frame: dict) -> Prompt:
        shown = ", ".join(cards.label(g, c) for c in cards.hand(g, "CP")) or "no cards"
        return Prompt("AP", "cloak_and_dagger", f"Cloak and Dagger: the CP hand holds {shown}. "
                                                "Conduct operations with this card")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("operations", "AP")

    def on_operations(self, g: Game, frame: dict) -> None:
        """Conduct operations with this card"""
        g.set(shown_key("hand:CP"), None)   # the look is over
        g.end()
        _operations(g, frame["card"])


# -- #28 Landships (#48 Royal Tank Corps is in combat_cards.py) ------------------------------------
def landships(g: Game, side: str, card: str) -> None:
    _note(g, card, "Royal Tank Corps may now be played")
    _historical_ops(g, card)


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
    """Hook ``combat_started`` (after ``combat_resolve`` is pushed): the DRMs of
    AP #35 Yanks and Tanks and AP #46 Brusilov Offensive, and the announcement of AP #45
    Kerensky Offensive / AP #46's trench cancel (before the flank step and any combat card)."""
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
        c = combat(g)
        if kerensky_fits(g, c):
            yield self.offer("kerensky", "AP")
        if brusilov_fits(g, c):
            yield self.offer("brusilov", "AP")
        yield self.offer("done", "AP")

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "kerensky" and not kerensky_fits(g, combat(g)):
            return Violation("PoG AP #45", "Kerensky Offensive: once, for a Russian attack on a "
                                           "space with AH, BU or TU units")
        if action.verb == "brusilov" and not brusilov_fits(g, combat(g)):
            return Violation("PoG AP #46", "Brusilov Offensive: once, for a Russian attack on "
                                           "entrenched non-German CP units only")
        return super().refuse(g, frame, action)

    def on_kerensky(self, g: Game, frame: dict) -> None:
        """Use the Kerensky Offensive (+2 DRM) for this attack"""
        c = combat(g)
        c["drm"]["AP"] += 2
        g.set("pog_kerensky_used", True)
        g.note("Kerensky Offensive: +2 DRM for this Russian attack (AP #45)")
        self._after(g, c)

    def on_brusilov(self, g: Game, frame: dict) -> None:
        """Use the Brusilov Offensive (no trench effects) for this attack"""
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
        g.end()
        c = combat(g)
        rest = [p for p in frame["rest"] if p in g.state.pieces
                and g.state.pieces[p].loc == c["target"]]
        fort = c.get("fort") and board.fort_intact(g, c["target"])
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


def activation_nations(found: set[str], g: Game, side: str, loc: str) -> set[str]:
    """Hook ``activation_nations``: AP #51 Everyone into Battle — Allied units in
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
    if not cards.event_played(g, ZIMMERMANN_TELEGRAM) or g.get("us_entry") != "zimmermann":
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
        place_unit(g, _cavalry_pool(g)[0], space)
        g.note(f"Russian Cavalry: a cavalry corps enters {g.module.locations[space].name}")
        if not _cavalry_pool(g) or not _cavalry_spaces(g):
            g.end()


def czech_legion(g: Game, side: str, card: str) -> None:
    """AP #60 (reconstructed): the Czech Legion corps enters the Allied Reserve Box."""
    moved = [p for p in _pieces_of(g, "czl_corps") if g.state.pieces[p].loc == "pool:AP"]
    for pid in moved:
        place_unit(g, pid, "reserve:AP")
    _note(g, card, "the Czech Legion corps enters the Allied Reserve Box" if moved
          else "the Czech Legion corps is not available")


# -- #62 The Sixtus Affair, #65 Influenza (reconstructed) ---------------------------------------
def sixtus(g: Game, side: str, card: str) -> None:
    g.set("pog_sixtus_turn", _turn(g))
    _note(g, card, "no Austro-Hungarian unit may attack this turn")


def attack_violation(g: Game, side: str, pid: int, target: str) -> Violation | None:
    """Hook ``attack_allowed``: AP #62 The Sixtus Affair (reconstructed)."""
    if side == "CP" and g.get("pog_sixtus_turn") == _turn(g) and board.nation_of(g, pid) == "AH":
        return Violation("PoG AP #62", "The Sixtus Affair: no Austro-Hungarian unit may attack "
                                       "this turn")
    return None


def influenza(g: Game, side: str, card: str) -> None:
    g.set("pog_influenza_turn", _turn(g))
    _note(g, card, "neither side may take replacement (RP) actions for the rest of this turn")


def rp_violation(g: Game, side: str) -> Violation | None:
    """Hook ``rp_play_allowed``: AP #65 Influenza."""
    if g.get("pog_influenza_turn") == _turn(g):
        return Violation("PoG AP #65", "Influenza: no RP action for the rest of this turn")
    return None


# -- what this file implements and attaches ------------------------------------------------------
#: The events implemented here (joined by the ruleset, :func:`.cards.join_events`).
EVENTS: dict[str, Event] = {
    BLOCKADE: Event(_recorded),
    MOLTKE: Event(_recorded, moltke_ok),
    ENTRENCH_AP: Event(entrench_event.entrench, entrench_event.entrench_ok),
    RAPE_OF_BELGIUM: Event(_vp(RAPE_OF_BELGIUM, "Rape of Belgium"), rape_of_belgium_ok),
    CLOAK_AND_DAGGER: Event(cloak_and_dagger),
    LUSITANIA: Event(_vp(LUSITANIA, "Lusitania"), lusitania_ok),
    GREAT_RETREAT: Event(great_retreat),
    LANDSHIPS: Event(landships),
    GRAND_FLEET: Event(_recorded, grand_fleet_ok),
    YANKS_AND_TANKS: Event(yanks_and_tanks),
    INDEPENDENT_AIR_FORCE: Event(_recorded),
    FOURTEEN_POINTS: Event(fourteen_points, fourteen_points_ok),
    KERENSKY_OFFENSIVE: Event(kerensky, kerensky_ok),
    BRUSILOV_OFFENSIVE: Event(brusilov),
    SINAI_PIPELINE: Event(sinai_pipeline),
    EVERYONE_INTO_BATTLE: Event(everyone, everyone_ok),
    CONVOY: Event(convoy, convoy_ok),
    ZIMMERMANN_TELEGRAM: Event(zimmermann, zimmermann_ok),
    OVER_THERE: Event(over_there, over_there_ok),
    PARIS_TAXIS: Event(paris_taxis),
    RUSSIAN_CAVALRY: Event(russian_cavalry, russian_cavalry_ok),
    CZECH_LEGION: Event(czech_legion),
    SIXTUS_AFFAIR: Event(sixtus),
    INFLUENZA: Event(influenza),
}

#: What this file attaches to the core's hook points (:mod:`.hook_points`; wired by the ruleset).
HOOKS = {
    "activation_nations": [activation_nations],      # AP #51 Everyone into Battle
    "attack_allowed": [attack_violation],            # AP #62 The Sixtus Affair
    "combat_started": [combat_started],              # AP #27, #35, #45, #46
    "rp_play_allowed": [rp_violation],               # AP #65 Influenza
}
