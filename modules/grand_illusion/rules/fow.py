"""The Fortunes of War (9.1.4): before every battle, after any bombardment, the attacker rolls
2d6 on the FoW Table — even if the bombardment destroyed the only enemy forts.

Replaced by Allenby's Cavalry on turns 1-2 (12.4: the first battle in a hex against a force with
British infantry and cavalry is a Skirmish at the Allied player's option), and by the landing
roll of "Better sea control" (13.3 a 4: 1-2 surprise, 3-6 Élan). In an Allied Mandated Battle of
turns 1-4, results 3, 7 and 10 have no effect (Allied Mandated Battles box, item 4). The Belgian
Retreat of turn 1 (13.1) is a Defender's Tactical Advantage the Allies may declare at once when
the German attacks the Belgians in Brussels (62).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, combat, retreat
from .bmap import battle, set_battle
from .caps import cap_of, set_cap, spend
from .game import ANTWERP, S2, WORD, Game

EVENTS = {2: "Rout", 3: "Cautious Attacker", 4: "Skirmish", 5: "German Staff",
          6: "Offensive à Outrance", 7: "Defender's Tactical Advantage", 8: "Attacker Surprise",
          9: "Allied Staff", 10: "Counterattack", 11: "Offensive à Outrance", 12: "Rout"}


def fow_mandated(g: Game, side: str) -> None:
    """FoW 6/11 after turn 4: one more Mandated Battle for ``side``, ignored with 0 CAP or a
    marker already at or above the CAP remaining (9.1.1 a @)."""
    key = f"{side}_mandated_battles"
    left = int(g.get(key, 0) or 0)
    if cap_of(g, side) == 0 or left >= cap_of(g, side):
        g.note(f"The {WORD[side]} Mandated Battle is ignored (9.1.1 a errata)")
        return
    g.set(key, left + 1)
    g.note(f"{WORD[side]} gains a Mandated Battle (Fortunes of War): now {left + 1}")


def allenby_applies(g: Game, b: dict) -> bool:
    """12.4: turns 1-2, the first battle declared in a hex against a force with British infantry
    and cavalry."""
    if g.turn > 2 or b["defender"] != "allied" or b["hex"] in (g.get("gi_allenby_hexes") or []):
        return False
    units = board.units_at(g, b["hex"], "allied")
    brit = [p for p in units if g.nat(p) == "BR"]
    return any(board.kind(g, p).infantry for p in brit) and any(board.kind(g, p).cavalry for p in brit)


def belgian_retreat_applies(g: Game, b: dict) -> bool:
    """13.1: turn 1, the German attacks the Belgian force in Brussels (62)."""
    return (g.turn == 1 and b["attacker"] == "german" and b["hex"] == "62"
            and g.scenario in ("historical_campaign", S2, "hypothetical")
            and not g.get("gi_antwerp_withdrawal") and cap_of(g, "allied") >= 1
            and any(g.nat(p) == "BE" for p in board.units_at(g, "62", "allied")))


def start(g: Game, frame: dict) -> None:
    b = battle(g)
    if b.get("landing"):
        landing_roll(g)
        return
    if allenby_applies(g, b):
        g.set("gi_allenby_hexes", list(g.get("gi_allenby_hexes") or []) + [b["hex"]])
        g.call("allenby", side="allied")
        return
    if belgian_retreat_applies(g, b):
        g.call("belgian_retreat", side="allied")
        return
    roll(g)


def landing_roll(g: Game) -> None:
    """13.3 a 4: an opposed landing rolls 1d6 instead: 1-2 surprise (no terrain DRM), 3-6 the
    German is prepared (an Élan attack: defenders -TEM, a step lost if no British unit lost one)."""
    die = g.roll("Landing roll (13.3 a 4)", "1d6")
    if die <= 2:
        set_battle(g, surprise=True, fow=die, event="Landing: surprise")
    else:
        set_battle(g, elan=True, fow=die, event="Landing: the German is prepared (Élan)")
    g.note(f"Landing roll {die}: {battle(g)['event']}")


def roll(g: Game) -> None:
    """The FoW roll and its effects (FoW Table)."""
    b = battle(g)
    total = g.roll("Fortunes of War", "2d6")
    faces = (g.get("last_roll") or {}).get("faces", [])
    event = EVENTS[total]
    allied_mb = b["mb"] and b["attacker"] == "allied" and g.turn <= 4
    if allied_mb and total in (3, 7, 10):
        set_battle(g, fow=total, event=f"{event}: no effect in an Allied Mandated Battle")
        g.note(f"Fortunes of War {faces}: {event}, no effect (Allied Mandated Battles, item 4)")
        return
    set_battle(g, fow=total, event=event, fow_faces=faces)
    g.note(f"Fortunes of War {total}: {event}")
    A, D = b["attacker"], b["defender"]
    if total in (2, 12):
        if board.trench(g, b["hex"]) or board.vosges(g, b["hex"]):
            set_battle(g, event=f"{event} (no effect: entrenched or Vosges)")
        else:
            set_battle(g, rout=True)
    elif total == 3:
        set_battle(g, cancelled=True, cede=True, cancel_all=True, no_mb=True)
        g.note("Cautious Attacker: every battle not yet fought is cancelled and the Initiative "
               "passes (FoW 3)")
    elif total == 4:
        set_battle(g, skirmish=True)
    elif total in (5, 9):
        side = "german" if total == 5 else "allied"
        set_cap(g, side, cap_of(g, side) + 1)
        g.note(f"{WORD[side]} gains 1 CAP (FoW {total}): {cap_of(g, side)}")
    elif total in (6, 11):
        if g.turn <= 4:
            set_battle(g, oao=True, oao_any=True)
        else:
            fow_mandated(g, "allied" if total == 6 else "german")
    elif total == 7:
        if cap_of(g, D) >= 1:
            g.call("dta", side=D)
    elif total == 8:
        set_battle(g, surprise=True)
    elif total == 10:
        counterattack(g)


def counterattack(g: Game) -> None:
    """FoW 10, 9.2.4: the Initiative passes at once; the defender becomes the attacker in this
    hex (no CAP); every other battle not yet fought is cancelled (9.1.3 d); this one no longer
    counts as the first attacker's Mandated Battle."""
    b = battle(g)
    A, D = b["attacker"], b["defender"]
    set_battle(g, attacker=D, defender=A, counter=True, cede=True, cancel_all=True, no_mb=True,
               elan=False, elan_drm=0, attackers=board.units_at(g, b["hex"], D))
    if not board.units_at(g, b["hex"], D):
        set_battle(g, cancelled=True)
    g.note(f"Counterattack: the {WORD[D]} player attacks in {g.place(b['hex'])} (FoW 10)")


class Allenby(State):
    """12.4: the Allies may make this battle a Skirmish instead of rolling."""
    name = "allenby"
    rule = "12.4"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("allied", "allenby", "Allied: Allenby's Cavalry (12.4): make this battle a "
                                           "Skirmish instead of rolling the Fortunes of War?")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("skirmish", "allied")
        yield self.offer("roll", "allied")

    def on_skirmish(self, g: Game, frame: dict) -> None:
        """Fight it as a Skirmish"""
        set_battle(g, skirmish=True, fow=None, event="Skirmish (Allenby's Cavalry, 12.4)")
        g.note("Allenby's Cavalry: the battle is a Skirmish (12.4)")
        g.end()

    def on_roll(self, g: Game, frame: dict) -> None:
        """Roll the Fortunes of War"""
        g.end()
        roll(g)


class BelgianRetreat(State):
    """13.1: on turn 1 the Allies may answer the German attack on Brussels with a Defender's
    Tactical Advantage: 1 CAP, and every Belgian unit in 62 withdraws into Antwerp (52); the
    Antwerp rules 12.5.2-12.5.3 then apply."""
    name = "belgian_retreat"
    rule = "13.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("allied", "belgian_retreat", "Allied: the German attacks Brussels: withdraw "
                                                   "the Belgian army into Antwerp for 1 CAP (13.1)?")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("withdraw", "allied")
        yield self.offer("hold", "allied")

    def check_withdraw(self, g: Game, frame: dict) -> Violation | None:
        if cap_of(g, "allied") < 1:
            return Violation("GI 13.1", "the withdrawal costs 1 CAP")
        return None

    def on_withdraw(self, g: Game, frame: dict) -> None:
        """Withdraw the Belgians into Antwerp (1 CAP)"""
        spend(g, "allied")
        b = battle(g)
        belgians = [p for p in board.units_at(g, "62", "allied") + board.hqs_at(g, "62", "allied")
                    if g.nat(p) == "BE"]
        for p in belgians:
            g.do(C.Move(p, ANTWERP))
        g.set("gi_antwerp_withdrawal", True)
        g.note(f"The Belgian army withdraws from Brussels into Antwerp (13.1): {g.names(belgians)}")
        g.end()
        if board.units_at(g, b["hex"], "allied"):
            roll(g)
        else:
            set_battle(g, cancelled=True, no_mb=True)
            combat.report(g, "declared")

    def on_hold(self, g: Game, frame: dict) -> None:
        """Stand and fight"""
        g.end()
        roll(g)


class TacticalAdvantage(State):
    """FoW 7: the defender may spend 1 CAP to cancel this battle and retreat out of the hex
    (no Mandated Battle credit), or 1 CAP to make it a Skirmish; or fight it as it is."""
    name = "dta"
    rule = "9.1.4"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "dta", f"{WORD[side]}: Defender's Tactical Advantage (FoW 7): spend "
                                   "1 CAP to cancel the battle and retreat, 1 CAP to make it a "
                                   "Skirmish, or fight")

    @staticmethod
    def _may_withdraw(g: Game, side: str) -> bool:
        b = battle(g)
        pids = retreat.retreaters(g, b["hex"], side)
        return bool(pids) and retreat.can_retreat_all(g, side, b["hex"], pids)

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        if cap_of(g, side) >= 1:
            if self._may_withdraw(g, side):
                yield self.offer("cancel", side)
            yield self.offer("skirmish", side)
        yield self.offer("fight", side)

    def _cap(self, g: Game, frame: dict) -> Violation | None:
        if cap_of(g, frame["side"]) < 1:
            return Violation("GI 9.1.4", "this costs 1 CAP")
        return None

    def check_cancel(self, g: Game, frame: dict) -> Violation | None:
        v = self._cap(g, frame)
        if v is None and not self._may_withdraw(g, frame["side"]):
            v = Violation("GI 9.1.4", "the defender cancels the battle only if all his units can "
                                      "retreat out of the hex")
        return v

    check_skirmish = _cap

    def on_cancel(self, g: Game, frame: dict) -> None:
        """Cancel the battle and retreat (1 CAP)"""
        side = frame["side"]
        spend(g, side)
        b = battle(g)
        set_battle(g, cancelled=True, no_mb=True)
        g.note(f"{WORD[side]} cancels the battle and retreats (FoW 7)")
        from_hex = b["hex"]
        pids = board.units_at(g, from_hex, side) + board.hqs_at(g, from_hex, side)
        g.goto("retreat", side=side, hex=from_hex, pids=pids, steps=1, reason="voluntary", after=None)

    def on_skirmish(self, g: Game, frame: dict) -> None:
        """Make it a Skirmish (1 CAP)"""
        spend(g, frame["side"])
        set_battle(g, skirmish=True, event="Defender's Tactical Advantage: a Skirmish")
        g.note(f"{WORD[frame['side']]} turns the battle into a Skirmish (FoW 7)")
        g.end()

    def on_fight(self, g: Game, frame: dict) -> None:
        """Fight the battle"""
        g.end()
