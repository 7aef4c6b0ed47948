"""Central Powers strategy-card events (9.5, the CP card list of the rulebook's appendix),
except the reinforcement cards (:mod:`.reinforce`), the neutral-entry card Bulgaria
(:mod:`.entry`) and the Combat Cards (:mod:`.combat_cards`). #24 Libyan Revolt (a Turkish
reinforcement card, 9.5.3.2) is :mod:`.reinforce`'s.

Each event is listed in :data:`EVENTS` (joined by the ruleset); the action round applies the War
Status number, removes * cards and records ``pog_events`` (:mod:`.sequence`). Here: the
prerequisites (``playable`` returns a :class:`Violation` citing the card, ``PoG CP #n``, or the
rule the card text invokes) and the effects.

Lasting effects are read by the rules they change, through ``pog_events``
(:func:`cards.event_played`) or the globals below, and through the functions this file
attaches to the core's hook points (:data:`HOOKS`, :mod:`.hook_points`):

* ``pog_zeppelin_turn`` (#27 Zeppelin Raids) and #36 U-Boats Unleashed —
  :func:`british_rp_losses` at ``replacements_begin``;
* ``pog_high_seas_fleet`` (#25) — :func:`action_round_ended` at ``action_round_ended``;
* ``pog_lloyd_george_turn`` (#55), ``pog_stavka_turn`` (#58) and #45 Brest-Litovsk —
  :func:`attack_violation` at ``attack_allowed``;
* ``pog_haig_turn`` (#61) — :func:`haig_may_hold` at ``retreat_ignored``;
* #10 Sud Army and #29 11th Army — :func:`activation_cost` at ``activation_cost``;
* #47 French Mutiny — :func:`note_attack` at ``attack_declared`` records
  ``pog_french_mutiny_attack`` (the turn) for the War Status Phase;
* #51 Peace Offensive (a Combat Card) — :func:`combat_finished` at ``combat_finished``;
* #36 U-Boats Unleashed also forbids US Reinforcements until Convoy:
  :func:`us_reinforcements_blocked` (for the Allied reinforcement cards).

Decision frames (finite action lists): ``cp_landwehr``, ``cp_mata_hari``,
``cp_war_in_africa`` (the Allied player decides), ``cp_russian_desertions``.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation
from engine.views import shown_key

from . import (board, cards, entrench_event, losses, mo, ops, replacements, sieges, supply,
               tracks)
from .card_ids import (BOLSHEVIK_REVOLUTION, BREST_LITOVSK, CONVOY, ELEVENTH_ARMY, ENTRENCH_CP,
                       FALKENHAYN, FALL_OF_THE_TSAR, FRENCH_MUTINY, GRAND_FLEET, GUNS_OF_AUGUST,
                       HAIG, HIGH_SEAS_FLEET, HL_TAKE_COMMAND, HOFFMANN, KAISERSCHLACHT, LANDWEHR,
                       LLOYD_GEORGE, MATA_HARI, MOLTKE, OBEROST, PEACE_OFFENSIVE,
                       PLACE_OF_EXECUTION, POLISH_RESTORATION, PRINCE_MAX, RACE_TO_THE_SEA,
                       REICHSTAG_TRUCE, RUSSIAN_DESERTIONS, STAVKA_TIMIDITY, SUD_ARMY,
                       TSAR_TAKES_COMMAND, U_BOATS_UNLEASHED, WALTER_RATHENAU, WAR_IN_AFRICA,
                       ZEPPELIN_RAIDS)
from .cards import Event
from .confinement import BREST_NATIONS  # 16.4.9
from .game import Game

WESTERN = ("FR", "BE", "GE")


# -- helpers ---------------------------------------------------------------------------------
def _rule(g: Game, card: str) -> str:
    return f"PoG CP #{cards.info(g, card).get('number')}"


def _no(g: Game, card: str, text: str) -> Violation:
    return Violation(_rule(g, card), f"{cards.label(g, card)}: {text}")


def _turn(g: Game) -> int:
    return int(g.get("turn", 1) or 1)


def _action_round(g: Game) -> int:
    top = g.top
    if top is not None and top.get("state") == "phase_action":
        return int(top.get("round", 1))
    return int(g.get("action_round", 1) or 1)


def played(g: Game, card: str) -> bool:
    """Played as an event, or (a Combat Card) used in a combat: a played * CC ends in the
    removed pile (9.5.1.2), a retained one in ``cc:<side>`` (9.5.4.2)."""
    if cards.event_played(g, card):
        return True
    side = g.module.piece_types[card].side
    return cards.is_cc(g, card) and cards.where(g, card) in (f"removed:{side}", f"cc:{side}")


def _kaiserschlacht(g: Game) -> bool:
    return any(played(g, c) for c in KAISERSCHLACHT)


def _pieces_of(g: Game, type_id: str) -> list[int]:
    return sorted(pid for pid, p in g.state.pieces.items() if p.type == type_id)


def _historical_ops(g: Game, card: str) -> None:
    """5.7.4 #7: in the Historical scenario these events also give their OPS."""
    if g.get("pog_scenario") == "historical" and cards.info(g, card).get("event_ops_historical"):
        g.note(f"PoG 5.7.4 #7: {cards.label(g, card)} also gives {cards.ops_value(g, card)} OPS")
        ops.start(g, "CP", cards.ops_value(g, card), card)


def _note(g: Game, card: str, text: str) -> None:
    g.note(f"{cards.label(g, card)}: {text}")


def _always(g: Game, side: str, card: str) -> None:
    """Events whose whole effect is being recorded in ``pog_events`` (read elsewhere)."""
    effects = {
        RACE_TO_THE_SEA: "CP units may now end movement in Ostend, Calais and Amiens (PoG 11.1.9)",
        SUD_ARMY: "one AH unit and up to two GE corps in a space activate for 1 OPS",
        OBEROST: "German units may now attack spaces holding Russian forts (PoG 15.1.11)",
        FALKENHAYN: "Moltke is cancelled (PoG 9.2.3); Place of Execution may be played",
        ELEVENTH_ARMY: "the GE 11th Army and CP corps in its space activate for 1 OPS",
        WALTER_RATHENAU: "Germany gets 1 extra RP in every Replacement Phase (PoG 17.1)",
        HOFFMANN: "+1 to every later CP Mandated Offensive roll (PoG 7.1.9)",
        PLACE_OF_EXECUTION: "played alone for War Status: every French fort is destroyed",
        PRINCE_MAX: "War Status +3",
    }
    _note(g, card, effects.get(card, "played"))


# -- #1 Guns of August ------------------------------------------------------------------------
def guns_of_august_ok(g: Game, side: str, card: str) -> Violation | None:
    if _turn(g) != 1 or _action_round(g) != 1:
        return _no(g, card, "playable only in the first Action Round of August 1914")
    return None


def guns_of_august(g: Game, side: str, card: str) -> None:
    """CP #1: Liege's fort destroyed, GE 1st and 2nd Armies placed in Liege, GE 1st, 2nd and
    3rd Armies activated for combat (7.6 example: they attack Sedan)."""
    if board.fort_value(g, "liege") and not board.fort_destroyed(g, "liege"):
        losses.destroy_fort(g, "liege")
    armies = {t: next((p for p in _pieces_of(g, t) if board.is_space(g, g.state.pieces[p].loc)),
                      None) for t in ("ge_1a", "ge_2a", "ge_3a")}
    for t in ("ge_1a", "ge_2a"):
        pid = armies[t]
        if pid is not None and g.state.pieces[pid].loc != "liege":
            g.do(C.Move(pid, "liege"))
    if any(armies[t] is not None for t in ("ge_1a", "ge_2a")):
        tracks.set_control(g, "liege", "CP")
    active = [p for p in armies.values() if p is not None]
    spaces = sorted({g.state.pieces[p].loc for p in active})
    _note(g, card, "the Liege fort is destroyed; GE 1st and 2nd Armies enter Liege; GE 1st, "
                   "2nd and 3rd Armies are activated for combat")
    if not spaces:
        return
    for loc in spaces:
        g.do(C.Create("m_move_attack", loc, None, 1, {}))
    others = [p for loc in spaces for p in board.units_in(g, loc, "CP") if p not in active]
    g.call("combat_declare", side="CP", attack_spaces=spaces, ops_card=card, oos=[], used=others)


# -- #5 Landwehr --------------------------------------------------------------------------------
def landwehr_ok(g: Game, side: str, card: str) -> Violation | None:
    if board.controller(g, "berlin") == "AP" or not supply.in_supply(g, "berlin", "CP", "GE"):
        return _no(g, card, "not playable while Berlin is Allied-controlled or out of supply")
    return None


def landwehr(g: Game, side: str, card: str) -> None:
    _note(g, card, "2 extra RP to flip supplied reduced German units at once")
    g.call("cp_landwehr", side="CP", halves=4)


def _landwehr_units(g: Game, halves: int) -> list[int]:
    out = []
    for pid in sorted(g.state.pieces):
        piece = g.state.pieces[pid]
        if piece.face != 1 or not board.is_unit(g, pid) or board.nation_of(g, pid) != "GE":
            continue
        if piece.loc != "reserve:CP" and not (board.is_space(g, piece.loc)
                                              and supply.unit_in_supply(g, pid)):
            continue
        if (2 if board.is_army(g, pid) else 1) <= halves:
            out.append(pid)
    return out


class Landwehr(State):
    """CP #5: flip supplied reduced German units (army 1 RP, corps 1/2 RP, 17.1.4) with the 2
    extra RP; they cannot rebuild eliminated units; what is left is lost."""
    name = "cp_landwehr"
    rule = "CP #5"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("CP", "landwehr", f"Landwehr: flip reduced supplied German units "
                                        f"({frame['halves'] / 2:g} RP left), then done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for pid in _landwehr_units(g, frame["halves"]):
            yield self.offer("flip", "CP", unit=pid)
        yield self.offer("done", "CP")

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "flip" and action.get("unit") not in _landwehr_units(g, frame["halves"]):
            return Violation("PoG CP #5", "Landwehr flips only reduced, supplied German units "
                                          "on the map or in the Reserve Box, within the RP left")
        return super().refuse(g, frame, action)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done flipping (the RP left are lost)"""
        g.end()

    def on_flip(self, g: Game, frame: dict, unit: Piece) -> None:
        """Flip this German unit to full strength"""
        pid = unit
        g.do(C.SetFace(pid, 0))
        left = frame["halves"] - (2 if board.is_army(g, pid) else 1)
        g.note(f"Landwehr: {g.ptype(pid).name} flipped to full strength")
        if left <= 0 or not _landwehr_units(g, left):
            g.end()
        else:
            g.update(halves=left)


# #6 Entrench: the shared event in entrench_event.py


# -- #9 Reichstag Truce, #65 Prince Max, #8, #11, #33 ------------------------------------------
def reichstag_ok(g: Game, side: str, card: str) -> Violation | None:
    if g.get("commitment_cp") == "total_war":
        return _no(g, card, "not playable once the CP War Commitment is Total War")
    return None


def reichstag(g: Game, side: str, card: str) -> None:
    tracks.add_vp(g, 1, "Reichstag Truce, CP #9")


def prince_max_ok(g: Game, side: str, card: str) -> Violation | None:
    if _turn(g) > 16:
        return _no(g, card, "not playable after turn 16")
    return None


# -- #13 Falkenhayn, #26 Place of Execution ----------------------------------------------------
def falkenhayn_ok(g: Game, side: str, card: str) -> Violation | None:
    if _turn(g) <= 2 and not cards.event_played(g, MOLTKE):
        return _no(g, card, "in August and September 1914 only after Moltke")
    return None


def place_of_execution_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, FALKENHAYN) or cards.event_played(g, HL_TAKE_COMMAND):
        return _no(g, card, "only after Falkenhayn and before H-L Take Command")
    french_forts = board.printed_spaces(g, "french forts", lambda l: board.attr(
        g, l, "nation") == "FR" and board.fort_value(g, l) > 0)
    intact = [l for l in french_forts if not board.fort_destroyed(g, l)]
    if intact:
        return _no(g, card, "played alone only once every French fort is destroyed "
                            f"({g.module.locations[intact[0]].name} still stands)")
    return None


# -- #17 Mata Hari ------------------------------------------------------------------------------
def mata_hari(g: Game, side: str, card: str) -> None:
    _note(g, card, "the CP player examines the Allied hand")
    g.call("cp_mata_hari", side="CP", card=card)


class MataHari(State):
    """CP #17: the Allied hand is shown to the CP player (named in the prompt, and the hand
    shown to that side alone in its view while this state stands: ``shown:hand:AP``), then
    this card's OPS are used."""
    name = "cp_mata_hari"
    rule = "CP #17"

    def begin(self, g: Game, frame: dict) -> None:
        g.set(shown_key("hand:AP"), ["CP"])   # the look starts: AP's hand face up to CP

    def prompt(self, g: Game, frame: dict) -> Prompt:
        shown = ", ".join(cards.label(g, c) for c in cards.hand(g, "AP")) or "no cards"
        return Prompt("CP", "mata_hari", f"Mata Hari: the Allied hand holds {shown}. "
                                         "Conduct operations with this card")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("operations", "CP")

    def on_operations(self, g: Game, frame: dict) -> None:
        """Conduct operations with this card"""
        g.set(shown_key("hand:AP"), None)   # the look is over
        g.end()
        ops.start(g, "CP", cards.ops_value(g, frame["card"]), frame["card"])


# -- #25 High Seas Fleet -------------------------------------------------------------------------
def high_seas_fleet(g: Game, side: str, card: str) -> None:
    g.set("pog_high_seas_fleet", True)
    _note(g, card, "+1 VP unless the Allies play Grand Fleet as their next action")


def high_seas_fleet_pending(g: Game) -> bool:
    """For AP #33 Grand Fleet: High Seas Fleet awaits the Allied reply (this action)."""
    return bool(g.get("pog_high_seas_fleet"))


def action_round_ended(g: Game, frame: dict) -> None:
    """Hook ``action_round_ended``: the Allied action after High Seas Fleet decides its VP."""
    if not g.get("pog_high_seas_fleet") or frame.get("side") != "AP":
        return
    g.set("pog_high_seas_fleet", None)
    if frame.get("kind") == "event" and frame.get("card") == GRAND_FLEET:
        g.note("High Seas Fleet: the Allies answered with Grand Fleet, no VP (CP #25)")
    else:
        tracks.add_vp(g, 1, "High Seas Fleet, CP #25")


# -- #27 Zeppelin Raids, #36 U-Boats Unleashed ---------------------------------------------------
def zeppelin_raids(g: Game, side: str, card: str) -> None:
    g.set("pog_zeppelin_turn", _turn(g))
    _note(g, card, "the British lose 4 RP in this turn's Replacement Phase")


def hl_required(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, HL_TAKE_COMMAND):
        return _no(g, card, "only after H-L Take Command")
    return None


def u_boats(g: Game, side: str, card: str) -> None:
    _note(g, card, "the British lose 1 RP every turn and US Reinforcements cannot be played "
                   "until Convoy")


def u_boats_active(g: Game) -> bool:
    return cards.event_played(g, U_BOATS_UNLEASHED) and not cards.event_played(g, CONVOY)


def british_rp_losses(g: Game, side: str) -> None:
    """Hook ``replacements_begin``, before the Allies spend: Zeppelin Raids (-4 BR RP this
    turn) and U-Boats Unleashed (-1 BR RP every turn until Convoy); never below zero (4.4)."""
    if side != "AP":
        return
    loss = 0
    if g.get("pog_zeppelin_turn") == _turn(g):
        loss += 4
    if u_boats_active(g):
        loss += 1
    if loss:
        before = replacements.rp(g, "br")
        replacements.set_rp(g, "br", before - loss)
        g.note(f"Zeppelin Raids / U-Boats Unleashed: British RP {before} -> "
               f"{replacements.rp(g, 'br')} (CP #27, CP #36)")


def us_reinforcements_blocked(g: Game) -> Violation | None:
    """For the Allied US Reinforcements cards: forbidden after U-Boats Unleashed until Convoy."""
    if u_boats_active(g):
        return Violation("PoG CP #36", "U-Boats Unleashed: US Reinforcements cannot be played "
                                       "until Convoy")
    return None


# -- #28 Tsar Takes Command, #52 Fall of the Tsar, #53 Bolshevik Revolution, #45 Brest-Litovsk ----
def tsar_takes_command_ok(g: Game, side: str, card: str) -> Violation | None:
    if g.get("russian_capitulation") != "tsar_may_take_command":
        return Violation("PoG 16.4.3", "Tsar Takes Command needs the Russian Capitulation marker "
                                       "in the 'Tsar may take command' box")
    return None


def tsar_takes_command(g: Game, side: str, card: str) -> None:
    tracks.set_capitulation(g, "tsar_takes_command")
    tracks.update_tracks(g)  # PoG 16.4.4 may follow at once
    _historical_ops(g, card)


def fall_of_the_tsar_ok(g: Game, side: str, card: str) -> Violation | None:
    if g.get("russian_capitulation") != "tsar_may_capitulate":
        return Violation("PoG 16.4.4", "Fall of the Tsar needs the Russian Capitulation marker "
                                       "in the 'Tsar may capitulate' box")
    return None


def fall_of_the_tsar(g: Game, side: str, card: str) -> None:
    """CP #52 / 16.4.5: +1 VP (+2 more with Romania neutral); the 'Tsar has fallen' count;
    the activation (ops.py) and Caucasus (movement.py) effects follow from ``pog_events``."""
    tracks.add_vp(g, 1, "Fall of the Tsar, CP #52")
    if cards.nation_neutral(g, "RO"):
        tracks.add_vp(g, 2, "Fall of the Tsar with Romania neutral, CP #52")
    count = len([l for l in tracks.russian_vp_spaces(g) if board.controller(g, l) == "CP"])
    g.set("cp_russian_vp_fallen", count)
    g.set("pog_tsar_fell_turn", _turn(g))
    for pid in _pieces_of(g, "m_cp_ru_vp_fallen")[:1]:
        g.do(C.Move(pid, f"grt:{count}"))
    tracks.set_capitulation(g, "fall_of_the_tsar")
    _historical_ops(g, card)


def bolshevik_ok(g: Game, side: str, card: str) -> Violation | None:
    if g.get("russian_capitulation") != "bolshevik_revolution_allowed":
        return Violation("PoG 16.4.6", "Bolshevik Revolution needs the Russian Capitulation "
                                       "marker in the 'Bolshevik Revolution allowed' box")
    return None


def bolshevik(g: Game, side: str, card: str) -> None:
    """CP #53 / 16.4.7: at most 1 RU RP a turn (replacements.py); RU MOs become None (mo.py),
    the current one too."""
    tracks.set_capitulation(g, "bolshevik_revolution")
    if g.get("pog_mo_ap") == "RU":
        mo.set_mo(g, "AP", "none", True)
        g.note("Bolshevik Revolution: the Russian Mandated Offensive becomes None (PoG 7.1.11)")
    _historical_ops(g, card)


def brest_litovsk_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, BOLSHEVIK_REVOLUTION):
        return Violation("PoG 16.4.8", "Treaty of Brest-Litovsk only after Bolshevik Revolution")
    return None


def brest_litovsk(g: Game, side: str, card: str) -> None:
    """CP #45 / 16.4.9: Russian units outside Russia, Germany, Turkey, Austria-Hungary and
    Romania, or stacked with other Allied units, are eliminated; attacks by and on Russians
    end (:func:`attack_violation`); the campaign victory levels change (status.py)."""
    tracks.set_capitulation(g, "brest_litovsk")
    for pid in sorted(g.state.pieces):
        piece = g.state.pieces[pid]
        if not (board.is_unit(g, pid) and board.nation_of(g, pid) == "RU"
                and board.is_space(g, piece.loc)):
            continue
        outside = board.attr(g, piece.loc, "nation") not in BREST_NATIONS
        mixed = any(board.nation_of(g, p) != "RU" for p in board.units_in(g, piece.loc, "AP"))
        if outside or mixed:
            g.note(f"PoG 16.4.9: {g.ptype(pid).name} in {g.module.locations[piece.loc].name} is "
                   f"eliminated ({'outside the allowed nations' if outside else 'stacked with Allies'})")
            losses.eliminate(g, pid, replace=False)


# -- #32 War in Africa -------------------------------------------------------------------------
def _african_corps(g: Game) -> list[int]:
    """Full-strength BR corps on the map or in the Reserve Box (reduced ones if none is full);
    ANA, AUS, CND, PT (other nationalities) and the BEF do not qualify."""
    found = sorted(pid for pid, p in g.state.pieces.items()
                   if board.is_unit(g, pid) and board.nation_of(g, pid) == "BR"
                   and not board.is_army(g, pid) and not g.ptype(pid).attrs.get("bef")
                   and (board.is_space(g, p.loc) or p.loc == "reserve:AP"))
    full = [p for p in found if g.state.pieces[p].face == 0]
    return full or found


def war_in_africa(g: Game, side: str, card: str) -> None:
    g.call("cp_war_in_africa", side="AP")


class WarInAfrica(State):
    """CP #32: the Allied player removes one BR corps permanently or gives the CP 1 VP."""
    name = "cp_war_in_africa"
    rule = "CP #32"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("AP", "war_in_africa", "War in Africa: remove a British corps permanently, "
                                             "or the CP gain 1 VP")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for pid in _african_corps(g):
            yield self.offer("remove_corps", "AP", unit=pid)
        yield self.offer("concede_vp", "AP")

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "remove_corps" and action.get("unit") not in _african_corps(g):
            return Violation("PoG CP #32", "only a BR corps (full strength if there is one; not "
                                           "ANA, AUS, CND, BEF or PT) on the map or in the "
                                           "Reserve Box")
        return super().refuse(g, frame, action)

    def on_concede_vp(self, g: Game, frame: dict) -> None:
        """Concede the VP (the Central Powers gain 1 VP)"""
        g.end()
        tracks.add_vp(g, 1, "War in Africa, CP #32")

    def on_remove_corps(self, g: Game, frame: dict, unit: Piece) -> None:
        """Remove this British corps permanently"""
        g.end()
        pid = unit
        loc = g.state.pieces[pid].loc
        g.note(f"War in Africa: {g.ptype(pid).name} leaves the game")
        g.do(C.Move(pid, "perm_eliminated:AP"))
        sieges.lift_if_broken(g, loc)  # PoG 15.2.4: a siege too weak now is lifted


# -- #47 French Mutiny ---------------------------------------------------------------------------
def french_mutiny(g: Game, side: str, card: str) -> None:
    for pid in _pieces_of(g, "m_mo_ap")[:1]:
        g.do(C.SetFace(pid, 1))
    _note(g, card, "the Allied MO marker shows French Mutiny; a French attack without US units "
                   "in France, Belgium or Germany in a French Mutiny turn costs 1 VP (PoG 7.1.8)")


def note_attack(g: Game, side: str, attackers: Iterable[int], space: str) -> None:
    """Hook ``attack_declared``: a French unit not stacked with US units attacking in France,
    Belgium or Germany in a French Mutiny turn (the Allied MO is French), unless the event was
    played after this turn's French MO was already made (7.1.8)."""
    if side != "AP" or g.get("pog_mo_ap") != "FR" or not cards.event_played(g, FRENCH_MUTINY) \
            or mo.mutiny_void_this_turn(g, side):
        return
    if board.attr(g, space, "nation") not in WESTERN:
        return
    for pid in attackers:
        if board.nation_of(g, pid) != "FR":
            continue
        loc = g.state.pieces[pid].loc
        if not any(board.nation_of(g, p) == "US" for p in board.units_in(g, loc, "AP")):
            if g.get("pog_french_mutiny_attack") != _turn(g):
                g.set("pog_french_mutiny_attack", _turn(g))
                g.note("French Mutiny: a French unit attacked (+1 VP in the War Status Phase)")
                mo.place_marker(g, "AP", "none")  # PoG 7.1.8: the marker to None or Made
            return


# -- #54 H-L Take Command ------------------------------------------------------------------------
def hl_take_command(g: Game, side: str, card: str) -> None:
    if g.get("pog_mo_cp") == "GE":
        mo.set_mo(g, "CP", "none", True)
        g.note("H-L Take Command: the German Mandated Offensive becomes None (PoG 7.1.10)")
    _note(g, card, "Michael, Blucher, Peace Offensive, Hoffmann and U-Boats Unleashed may now "
                   "be played; Place of Execution may not")


# -- #55 Lloyd George, #58 Stavka Timidity, #61 Haig ---------------------------------------------
def lloyd_george_ok(g: Game, side: str, card: str) -> Violation | None:
    if _kaiserschlacht(g):
        return _no(g, card, "not playable after Michael, Blucher or Peace Offensive")
    return None


def lloyd_george(g: Game, side: str, card: str) -> None:
    g.set("pog_lloyd_george_turn", _turn(g))
    _note(g, card, "no British attack on German units in a level-2 trench this turn")


def stavka_ok(g: Game, side: str, card: str) -> Violation | None:
    if not cards.event_played(g, TSAR_TAKES_COMMAND):
        return _no(g, card, "playable only after Tsar Takes Command")
    return None


def stavka(g: Game, side: str, card: str) -> None:
    g.set("pog_stavka_turn", _turn(g))
    _note(g, card, "no Russian attack on entrenched spaces holding only German units this turn")


def haig(g: Game, side: str, card: str) -> None:
    g.set("pog_haig_turn", _turn(g))
    _note(g, card, "entrenched German units in France, Belgium or Germany ignore retreats "
                   "from attacks with British units this turn")


def attack_violation(g: Game, side: str, pid: int, target: str) -> Violation | None:
    """Hook ``attack_allowed``: why unit ``pid`` may not attack ``target`` under a CP
    event (Brest-Litovsk, Lloyd George, Stavka Timidity), or None."""
    nation = board.nation_of(g, pid)
    defenders = board.units_in(g, target, "CP" if side == "AP" else "AP")
    if cards.event_played(g, BREST_LITOVSK):  # PoG 16.4.9
        if nation == "RU":
            return Violation("PoG 16.4.9", "after Brest-Litovsk Russian units may not attack")
        if side == "CP" and any(board.nation_of(g, p) == "RU" for p in defenders) and not (
                nation == "TU" and board.attr(g, target, "region") == "near_east"):
            return Violation("PoG 16.4.9", "after Brest-Litovsk CP units may not attack Russian "
                                           "units (Turks on the Near East map excepted)")
    owner, level = board.trench(g, target)
    ge = [p for p in defenders if board.nation_of(g, p) == "GE"]
    if (nation == "BR" and g.get("pog_lloyd_george_turn") == _turn(g) and not _kaiserschlacht(g)
            and ge and owner == "CP" and level >= 2):
        return Violation("PoG CP #55", "Lloyd George: no British attack on German units in a "
                                       "level-2 trench this turn")
    if (nation == "RU" and g.get("pog_stavka_turn") == _turn(g) and defenders
            and len(ge) == len(defenders) and owner == "CP" and level >= 1):
        return Violation("PoG CP #58", "Stavka Timidity: no Russian attack on entrenched "
                                       "German-only units this turn")
    return None


def haig_holds(g: Game, c: dict, defenders: list[int]) -> list[int]:
    """The defending German units that may ignore the retreat under Haig (this turn,
    entrenched in France, Belgium or Germany, attacked with British units; no effect after
    Michael, Blucher or Peace Offensive). The CP decide unit by unit (``hold``)."""
    target = c.get("target")
    if g.get("pog_haig_turn") != _turn(g) or _kaiserschlacht(g) or c.get("defender") != "CP":
        return []
    owner, level = board.trench(g, target)
    if owner != "CP" or level < 1 or c.get("ignore_trench") \
            or board.attr(g, target, "nation") not in WESTERN:
        return []
    attackers = [p for p in c.get("attackers", []) if p in g.state.pieces]
    if not any(board.nation_of(g, p) == "BR" for p in attackers):
        return []
    return [p for p in defenders if board.nation_of(g, p) == "GE"]


def haig_may_hold(held: list[int], g: Game, c: dict, defenders: list[int]) -> list[int]:
    """Hook ``retreat_ignored`` (12.5): adds the units :func:`haig_holds` names, with a line in
    the log."""
    mine = [p for p in haig_holds(g, c, defenders) if p not in held]
    if mine:
        g.note("Haig (CP #61): entrenched German units may ignore the retreat")
    return held + mine


# -- #51 Peace Offensive (a Combat Card: combat_cards.py) ----------------------------------------
def combat_finished(g: Game, c: dict) -> None:
    """Hook ``combat_finished``: CP #51 Peace Offensive costs 1 VP when the attackers did
    not advance into the defending space."""
    att = c.get("attacker")
    if PEACE_OFFENSIVE in (c.get("cards") or {}).get(att, []) and not any(
            g.state.pieces[p].loc == c.get("target") for p in c.get("attackers", [])
            if p in g.state.pieces):
        tracks.add_vp(g, -1, "Peace Offensive: the attackers did not advance, CP #51")


# -- #10 Sud Army, #29 11th Army ------------------------------------------------------------
def _sud_group_cost(g: Game, loc: str) -> int | None:
    units = board.units_in(g, loc, "CP")
    ah = [p for p in units if board.nation_of(g, p) == "AH"]
    if not ah:
        return None
    ge_corps = [p for p in units if board.nation_of(g, p) == "GE" and not board.is_army(g, p)]
    rest = [p for p in units if p not in ah and p not in ge_corps]
    if not ah or not ge_corps or len(ge_corps) > 2 \
            or any(board.is_army(g, p) for p in rest):
        return None
    return 1 if len(ah) == 1 and not rest else 2


def _eleventh_cost(g: Game, loc: str) -> int | None:
    units = board.units_in(g, loc, "CP")
    if not any(g.state.pieces[p].type == "ge_11a" for p in units):
        return None
    armies = [p for p in units if board.is_army(g, p)]
    return 1 if len(armies) == 1 else 2


def activation_cost(cost: int, g: Game, side: str, loc: str, mode: str) -> int:
    """Hook ``activation_cost``: CP #10 Sud Army (one AH unit and up to two GE
    corps for 1 OPS, 2 with a second AH unit or another non-GE corps; one group per Action
    Round) and CP #29 11th Army (the GE 11th Army and CP corps for 1 OPS, 2 with a second CP
    army). Neither overrides 12.1.11 (combat)."""
    if side != "CP":
        return cost
    played = g.get("pog_events") or ()      # cards.event_played, read once
    if ELEVENTH_ARMY in played:
        special = _eleventh_cost(g, loc)
        if special is not None:
            cost = min(cost, special)
    if SUD_ARMY in played:
        special = _sud_group_cost(g, loc)
        if special is not None:
            top = g.top or {}
            used = top.get("state") == "ops_activate" and any(
                other != loc and _sud_used(g, other) for other, _m in top.get("act", []))
            if not used:
                cost = min(cost, special)
    return cost


def _sud_used(g: Game, loc: str) -> bool:
    """The Sud Army group of this Action Round activated in ``loc`` (it cost less there than
    one per nationality)."""
    special = _sud_group_cost(g, loc)
    return special is not None and special < len(_nations(g, loc))


def _nations(g: Game, loc: str) -> set[str]:
    return ops.activation_nations(g, "CP", loc)


def eleventh_army_ok(g: Game, side: str, card: str) -> Violation | None:
    where = [g.state.pieces[p].loc for p in _pieces_of(g, "ge_11a")]
    if where and not all(w in ("pool:CP", "perm_eliminated:CP") for w in where):
        return _no(g, card, "playable only before the GE 11th Army enters or once it is "
                            "permanently eliminated")
    return None


# -- #59 Polish Restoration, #63 Russian Desertions ---------------------------------------------
def polish_ok(g: Game, side: str, card: str) -> Violation | None:
    if board.controller(g, "warsaw") != "CP":
        return _no(g, card, "playable only while the CP control Warsaw")
    return None


def polish(g: Game, side: str, card: str) -> None:
    tracks.add_vp(g, -1, "Polish Restoration, CP #59")
    for pid in _pieces_of(g, "pol_corps"):
        if g.state.pieces[pid].loc == "pool:CP":
            g.do(C.Move(pid, "reserve:CP"))
    _note(g, card, "the three Polish corps join the CP Reserve Box")


def desertions_ok(g: Game, side: str, card: str) -> Violation | None:
    if cards.event_played(g, FALL_OF_THE_TSAR):
        return _no(g, card, "not playable after Fall of the Tsar")
    return None


def _full_russians(g: Game) -> list[int]:
    return sorted(pid for pid, p in g.state.pieces.items()
                  if board.is_unit(g, pid) and board.nation_of(g, pid) == "RU" and p.face == 0
                  and (board.is_space(g, p.loc) or p.loc == "reserve:AP"))


def desertions(g: Game, side: str, card: str) -> None:
    if _full_russians(g):
        g.call("cp_russian_desertions", side="CP", left=4)


class RussianDesertions(State):
    """CP #63: the CP player reduces up to four full-strength Russian units."""
    name = "cp_russian_desertions"
    rule = "CP #63"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("CP", "russian_desertions", f"Russian Desertions: reduce up to "
                                                  f"{frame['left']} full-strength Russian units")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for pid in _full_russians(g):
            yield self.offer("reduce", "CP", unit=pid)
        yield self.offer("done", "CP")

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "reduce" and action.get("unit") not in _full_russians(g):
            return Violation("PoG CP #63", "only full-strength Russian units are reduced")
        return super().refuse(g, frame, action)

    def on_done(self, g: Game, frame: dict) -> None:
        """Reduce no more Russian units"""
        g.end()

    def on_reduce(self, g: Game, frame: dict, unit: Piece) -> None:
        """Reduce this Russian unit"""
        g.do(C.SetFace(unit, 1))
        g.note(f"Russian Desertions: {g.ptype(unit).name} reduced")
        left = frame["left"] - 1
        if left <= 0 or not _full_russians(g):
            g.end()
        else:
            g.update(left=left)


# -- what this file implements and attaches ------------------------------------------------------
#: The events implemented here (joined by the ruleset, :func:`.cards.join_events`).
EVENTS: dict[str, Event] = {
    GUNS_OF_AUGUST: Event(guns_of_august, guns_of_august_ok),
    LANDWEHR: Event(landwehr, landwehr_ok),
    ENTRENCH_CP: Event(entrench_event.entrench, entrench_event.entrench_ok),
    RACE_TO_THE_SEA: Event(_always),
    REICHSTAG_TRUCE: Event(reichstag, reichstag_ok),
    SUD_ARMY: Event(_always),
    OBEROST: Event(_always),
    FALKENHAYN: Event(_always, falkenhayn_ok),
    MATA_HARI: Event(mata_hari),
    HIGH_SEAS_FLEET: Event(high_seas_fleet),
    PLACE_OF_EXECUTION: Event(_always, place_of_execution_ok),
    ZEPPELIN_RAIDS: Event(zeppelin_raids),
    TSAR_TAKES_COMMAND: Event(tsar_takes_command, tsar_takes_command_ok),
    ELEVENTH_ARMY: Event(_always, eleventh_army_ok),
    WAR_IN_AFRICA: Event(war_in_africa),
    WALTER_RATHENAU: Event(_always),
    U_BOATS_UNLEASHED: Event(u_boats, hl_required),
    HOFFMANN: Event(_always, hl_required),
    BREST_LITOVSK: Event(brest_litovsk, brest_litovsk_ok),
    FRENCH_MUTINY: Event(french_mutiny),
    FALL_OF_THE_TSAR: Event(fall_of_the_tsar, fall_of_the_tsar_ok),
    BOLSHEVIK_REVOLUTION: Event(bolshevik, bolshevik_ok),
    HL_TAKE_COMMAND: Event(hl_take_command),
    LLOYD_GEORGE: Event(lloyd_george, lloyd_george_ok),
    STAVKA_TIMIDITY: Event(stavka, stavka_ok),
    POLISH_RESTORATION: Event(polish, polish_ok),
    HAIG: Event(haig),
    RUSSIAN_DESERTIONS: Event(desertions, desertions_ok),
    PRINCE_MAX: Event(_always, prince_max_ok),
}

#: What this file attaches to the core's hook points (:mod:`.hook_points`; wired by the ruleset).
HOOKS = {
    "activation_cost": [activation_cost],            # CP #10 Sud Army, CP #29 11th Army
    "attack_allowed": [attack_violation],            # CP #45 Brest-Litovsk, #55, #58
    "attack_declared": [note_attack],                # CP #47 French Mutiny
    "retreat_ignored": [haig_may_hold],              # CP #61 Haig
    "combat_finished": [combat_finished],            # CP #51 Peace Offensive
    "action_round_ended": [action_round_ended],      # CP #25 High Seas Fleet
    "replacements_begin": [british_rp_losses],       # CP #27 Zeppelin Raids, CP #36 U-Boats
}
