"""Paths of Glory War Status Phase (phase E, 6.0) and the end of the game (5.0, 16.1, 16.2).

* E.1 the VP-table entries of the War Status Phase (4.5): Blockade (-1 each Winter turn once
  played), failed Mandated Offensives (CP -1, Allies +1 unless France after French Mutiny),
  Italy still neutral while the Allies are at Total War (+1), a French attack in a French Mutiny
  turn (+1, from the global ``pog_french_mutiny_attack``). MO results come from the globals
  ``pog_mo_met_cp`` / ``pog_mo_met_ap`` the MO phase records; absent = met (noted in the log);
* E.2 automatic victory: VP >= 20 CP, VP <= 0 Allies (5.2);
* E.3 Armistice: Combined War Status >= 40 ends the game (16.2.1);
* E.4 War Commitment (16.1): from turn 2, never in the Introductory scenario (5.3.2), War
  Status >= 4 raises Mobilization to Limited War, >= 11 to Total War (both at once if need be);
  the level's cards join the draw pile (16.1.3-16.1.4; the Draw Phase reshuffles, flagged in
  ``pog_new_cards_<side>``); the CP reaching Limited War brings Turkey in (16.1.3.1) and
  Persia changes control (11.1.13). In the Limited War scenario Total War ends the game (5.4.1).

:func:`final_outcome` gives the sentence for a game that ends (scenario end, Armistice);
``end_of_turn`` calls it after the scenario's last turn. The game ends by setting the global
``outcome``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import commands as C
from engine.machine import State

from . import board, tracks
from .card_ids import BLOCKADE, BREST_LITOVSK, FALL_OF_THE_TSAR, FRENCH_MUTINY, US_REINFORCEMENTS
from .cards import nation_neutral
from .tracks import control_changed, set_control  # noqa: F401  (the status interface)

if TYPE_CHECKING:
    from .game import Game

LEVELS = ("mobilization", "limited_war", "total_war")


def season(g: "Game") -> str:
    loc = g.module.locations.get(f"turn:{g.get('turn', 1)}")
    return str(loc.attrs.get("season", "")) if loc is not None else ""


def threshold(g: "Game", key: str) -> int:
    """A value of the War Commitment table (16.1.3, 16.1.4, 16.2.1; its shape is checked when
    the module is opened, :mod:`.requirements`)."""
    return int(g.module.tables["war_commitment"].lookup(key, "value"))


def end_game(g: "Game", sentence: str) -> None:
    """End the game with ``sentence`` (from :func:`automatic_victory` or :func:`final_outcome`,
    which begin with the result: "Central Powers …", "Allied …", "Draw …")."""
    g.note(sentence)
    if sentence.startswith("Central Powers"):
        winner = "CP"
    elif sentence.startswith("Allied"):
        winner = "AP"
    else:
        winner = ""
    how = "automatic victory" if "automatic victory" in sentence else \
        ("victory" if winner else "draw")
    g.finish(winner, how, sentence)


# -- E.1 ---------------------------------------------------------------------------------------
def war_status_vp(g: "Game") -> None:
    """E.1: the VP table's War Status Phase entries (4.5)."""
    if season(g) == "winter" and tracks.event_played(g, BLOCKADE):
        tracks.add_vp(g, -1, "Blockade in a Winter turn, PoG 4.5")
    for side, delta in (("cp", -1), ("ap", +1)):
        met = g.get(f"pog_mo_met_{side}")
        if met is None:
            g.note(f"{side.upper()} Mandated Offensive not recorded: treated as met (PoG 7.1)")
            continue
        if not met:
            if side == "ap" and g.get("pog_mo_ap") == "FR" \
                    and tracks.event_played(g, FRENCH_MUTINY):
                continue                                   # VP table: not France after Mutiny
            tracks.add_vp(g, delta, f"{side.upper()} failed its Mandated Offensive, PoG 7.1")
    if g.get("commitment_ap") == "total_war" and nation_neutral(g, "IT"):
        tracks.add_vp(g, +1, "Italy still neutral while the Allies are at Total War, PoG 4.5")
    mutiny = g.get("pog_french_mutiny_attack")  # CP #47 (events_cp.note_attack) records the turn
    if mutiny is True or (mutiny and mutiny == g.get("turn")):
        tracks.add_vp(g, +1, "a French unit attacked without US units after French Mutiny, PoG 4.5")


# -- E.2 / E.3 ---------------------------------------------------------------------------------
def automatic_victory(g: "Game") -> str | None:
    """5.2.1 / 5.2.2 (checked only in segment E.2)."""
    vp = int(g.get("vp", 10))
    if vp >= 20:
        return f"Central Powers automatic victory with {vp} VP (PoG 5.2.1)"
    if vp <= 0:
        return f"Allied automatic victory with {vp} VP (PoG 5.2.2)"
    return None


def armistice(g: "Game") -> bool:
    """16.2.1: Combined War Status 40 or more in the War Status Phase."""
    return int(g.get("ws_combined", 0) or 0) >= threshold(g, "armistice")


def _levels(g: "Game", scenario: str) -> tuple[int, int]:
    """(CP victory at least, Allied victory at most) from the victory levels table (5.3-5.5;
    its shape is checked when the module is opened, :mod:`.requirements`)."""
    table = g.module.tables["victory_levels"]
    return (int(table.lookup(scenario, "cp_victory_at_least")),
            int(table.lookup(scenario, "ap_victory_at_most")))


def bid_adjustment(g: "Game") -> int:
    """5.6.1: the tournament bid (scenario option ``tournament_bid``): ``AP+n`` — the Allied
    player gave n VP to take his side, so the final total rises by n; ``CP+n`` — it falls by n.
    The bidding itself (a die roll, then raises until one is accepted) happens between the
    players before sides exist; the game applies its result."""
    bid = str((g.get("pog_options") or {}).get("tournament_bid", "0") or "0")
    side, _, amount = bid.partition("+")
    if side not in ("AP", "CP") or not amount.isdigit():
        return 0
    return int(amount) if side == "AP" else -int(amount)


def final_vp(g: "Game", reason: str) -> int:
    """The VP level that decides the game at its end; the tournament bid (5.6.1; never for
    automatic victory, 5.6.1.1, which does not come here); 5.7.4 (8)-(9) adjust a Historical
    game ending at the end of turn 20."""
    vp = int(g.get("vp", 10)) + bid_adjustment(g)
    if g.get("pog_scenario") == "historical" and reason == "end" and int(g.get("turn", 1)) >= 20:
        unplayed = sum(1 for c in US_REINFORCEMENTS
                       if c in g.module.piece_types and not tracks.event_played(g, c))
        vp += unplayed                                              # 5.7.4 (8)
        if not tracks.event_played(g, FALL_OF_THE_TSAR):
            vp -= 2                                                 # 5.7.4 (9)
    return vp


def final_outcome(g: "Game", reason: str = "end") -> str:
    """The result of a game that ends on its VP level (5.1.1): at the scenario's end
    (5.3.4, 5.4.2, 5.5.2), on an Armistice (16.2.1) or Total War in the Limited War scenario.
    ``reason`` is ``"end"``, ``"armistice"`` or ``"total_war"``."""
    scenario = g.get("pog_scenario", "campaign")
    vp = final_vp(g, reason)
    if scenario in ("campaign", "historical"):
        brest = g.get("russian_capitulation") == "brest_litovsk" or tracks.event_played(g, BREST_LITOVSK)
        key, rule = ("campaign_after_brest_litovsk", "5.5.2.1") if brest else ("campaign", "5.5.2.2")
    elif scenario == "limited_war":
        key, rule = "limited_war", "5.4.2"
    else:
        key, rule = "introductory", "5.3.4"
    cp_at_least, ap_at_most = _levels(g, key)
    why = {"end": "the scenario ends", "armistice": "Armistice (PoG 16.2.1)",
           "total_war": "a player reached Total War (PoG 5.4.1)"}.get(reason, reason)
    if vp >= cp_at_least:
        result = "Central Powers victory"
    elif vp <= ap_at_most:
        result = "Allied victory"
    elif scenario == "historical":
        result, rule = "Allied victory (draws go to the Allies)", "5.7.2"
    elif (g.get("pog_options") or {}).get("tournament") == "on":
        result, rule = "Allied victory (tournament: draws go to the Allies)", "5.6.2"
    else:
        result = "Draw"
    bid = bid_adjustment(g)
    bid_text = f", the bid {bid:+d} included (PoG 5.6.1)" if bid else ""
    return f"{result} with {vp} VP{bid_text}: {why} (PoG {rule})"


# -- E.4 ---------------------------------------------------------------------------------------
def add_cards(g: "Game", side: str, level: str) -> None:
    """16.1.3 / 16.1.4: the level's cards join the draw pile, which is reshuffled."""
    pile, deck = f"pile:{side}:{level}", f"deck:{side}"
    for pid in list(g.state.stacks.get(pile, ())):
        g.do(C.Move(pid, deck))
    g.do(C.Shuffle(deck))
    g.set(f"pog_new_cards_{side.lower()}", True)


# PoG 16.1.3.1 / 4.2 set-up table ("Turchia"): "Baghdad: 1 Corpo, Trincea 1", "Gaza: 1 Corpo,
# Trincea 1" — the level-1 trenches that come into play with the Turkish units
TURKISH_TRENCHES = ("baghdad", "gaza")


def turkey_enters(g: "Game") -> None:
    """16.1.3.1: Turkish units (and the level-1 trenches of Baghdad and Gaza) set up per the
    set-up table; Turkey's spaces become CP; Persia: Kermanshah CP, the rest Allied (11.1.13).
    Not a Neutral Entry (9.5.2.2)."""
    for pid in sorted(g.state.pieces):
        piece = g.state.pieces[pid]
        if piece.loc == "pool:CP" and piece.props.get("entry") == "turkey":
            dest = piece.props.get("entry_location") or "reserve:CP"
            g.do(C.Move(pid, dest))
    for loc in TURKISH_TRENCHES:  # PoG 16.1.3.1: "place its units per the set-up table"
        if board.trench(g, loc)[1] == 0:
            g.do(C.Create(board.TRENCH["CP"], loc, None, 0, {}))
    for loc in board.spaces(g):
        nation = board.attr(g, loc, "nation")
        if board.controller(g, loc) != "neutral":
            continue
        if nation == "TU":
            set_control(g, loc, "CP", score=False)
        elif nation == "PE":
            set_control(g, loc, "CP" if loc == "kermanshah" else "AP", score=False)
    entered = list(g.get("pog_entered") or [])
    if "TU" not in entered:
        g.set("pog_entered", entered + ["TU"])
    g.note("Turkey enters the war on the side of the Central Powers (PoG 16.1.3.1)")


def commitment_check(g: "Game") -> None:
    """E.4 (16.1.2-16.1.4): not on turn 1, never in the Introductory scenario (5.3.2)."""
    if int(g.get("turn", 1)) <= 1 or g.get("commitment_checks") is False \
            or g.get("pog_scenario") == "introductory":
        return
    for side in ("AP", "CP"):
        key = f"commitment_{side.lower()}"
        ws = int(g.get(f"ws_{side.lower()}", 0) or 0)
        level = g.get(key, "mobilization")
        for new in ("limited_war", "total_war"):
            if LEVELS.index(level) >= LEVELS.index(new) or ws < threshold(g, new):
                continue
            level = new
            g.set(key, new)
            add_cards(g, side, new)
            g.note(f"{side} War Commitment rises to {new.replace('_', ' ').title()} "
                   f"(War Status {ws}, PoG {'16.1.3' if new == 'limited_war' else '16.1.4'})")
            if side == "CP" and new == "limited_war":
                turkey_enters(g)


class WarStatusPhase(State):
    """Phase E (6.0): E.1 VP, E.2 automatic victory, E.3 Armistice, E.4 commitment."""
    name = "phase_war_status"
    rule = "6.0"
    automatic = True

    def run(self, g: "Game", frame: dict) -> None:
        war_status_vp(g)                                           # E.1
        tracks.update_tracks(g)
        won = automatic_victory(g)                                 # E.2
        if won:
            end_game(g, won)
            return
        if armistice(g):                                           # E.3
            end_game(g, final_outcome(g, "armistice"))
            return
        commitment_check(g)                                        # E.4
        if g.get("pog_scenario") == "limited_war" and "total_war" in (
                g.get("commitment_ap"), g.get("commitment_cp")):
            end_game(g, final_outcome(g, "total_war"))             # 5.4.1
            return
        g.end()
