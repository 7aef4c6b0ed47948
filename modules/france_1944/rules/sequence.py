"""The turn (2.0) and the chit-draw cycle (5.1, 5.2, 12.5): the twelve steps of a turn, the cup,
Initiative Phases and Reaction Phases, the final reactions and the end of the game.

Frames, bottom to top::

    turn (steps 1-12, looping) → chit_cycle (draws until the cup is empty)
        → initiative_cycle (airdrop?, Initiative Phase, Reaction Phase, end of cycle)
            → initiative (activate an HQ or pass) → activation (designate, increments...)
            → reaction (Army Reaction / Single-Unit Reactions / decline) → activation
        → admin_phase (10.1)

The cup (``cup``, visibility ``nobody``) holds the Initiative chits and the Administrative
chit: the engine shuffles it when the chits go in (step 7) and draws the top chit each time,
so the order is random and nobody — neither player nor any global — knows it until a chit is
drawn into ``chit_drawn`` for both to see.
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Piece
from engine.machine import Procedure, State
from engine.rules import Prompt, Violation

from . import board, special, supply, victory
from .board import position
from .game import (ADMIN_CHIT, CHIT_DRAWN, CHIT_POOL, CHITS, CUP, ELIM, Game, SIDES, month, other)
from .settle import settle

FIRST_TURN_STEP = 7        # index of step 8 in Turn.steps: Turn 1 begins there (2.0)


class Turn(Procedure):
    """2.0: the twelve steps of a turn, repeated until the game ends."""
    name = "turn"
    loop = True
    steps = ("s1_turn_marker", "s2_reset_reactions", "s3_air_support", "s4_supply", "s5_reaction_points",
             "s6_initiative_chits", "s7_admin_chit", "s8_commit", "s8_commit_german", "s9_cycle",
             "s10_german_final", "s11_allied_final", "s12_victory")

    def s1_turn_marker(self, g: Game, frame: dict) -> None:
        """Step 1: advance the turn markers; what waits on the Turn Track for this turn comes
        due (Führer divisions scheduled by attrition go to the Eliminated box, 10.1.1)."""
        t = g.turn + 1
        g.set("turn", t)
        g.set("step", 1)
        g.set("phase", "Turn preliminaries")
        for side in SIDES:
            g.move_marker("M-TURN-AL" if side == "allied" else "M-TURN-GE", f"turn_{side}_{t}")
        for pid in g.state.stack(f"turn_german_{t}"):
            if g.fuhrer(pid):
                g.do(C.Move(pid, ELIM["german"]))
                g.note(f"{g.name(pid)} reaches the German Eliminated Units box (10.1.1)")
        g.note(f"Turn {t}: {month(t)}")

    def s2_reset_reactions(self, g: Game, frame: dict) -> None:
        """Step 2: both Reaction Point tracks back to 0 (unused points are lost, 5.2)."""
        g.set("step", 2)
        for side in SIDES:
            g.set_track(side, "rxp", 0)

    def s3_air_support(self, g: Game, frame: dict) -> None:
        g.set("step", 3)
        special.air_support_step(g)

    def s4_supply(self, g: Game, frame: dict) -> None:
        """Step 4: add this turn's Supply Points (they accumulate); 11.4: +1 Allied in
        October-January while Antwerp is open."""
        g.set("step", 4)
        row = g.turn_row()
        allied = int(row["allied_sp"])
        if int(row.get("antwerp_sp") or 0) and special.antwerp_open(g):
            allied += int(row["antwerp_sp"])
            g.note("Antwerp is open and the Scheldt clear: +1 Allied Supply Point (11.4)")
        g.set_track("allied", "sp", g.track("allied", "sp") + allied)
        g.set_track("german", "sp", g.track("german", "sp") + int(row["german_sp"]))

    def s5_reaction_points(self, g: Game, frame: dict) -> None:
        """Step 5: this turn's Reaction Points; the Allied bonus marker (12.1, 12.2); -2 German
        per interdicting Tactical Air (2.0 step 3); German 0 once the Rhine is crossed (12.9)."""
        g.set("step", 5)
        row = g.turn_row()
        bonus = special.reaction_bonus(g)
        g.set_track("allied", "rxp", int(row["allied_rxp"]) + bonus)
        german = int(row["german_rxp"]) - 2 * special.interdicting(g)
        if g.get("rhine_crossed"):
            german = 0
        g.set_track("german", "rxp", max(0, german))

    def s6_initiative_chits(self, g: Game, frame: dict) -> None:
        """Step 6: each player puts Initiative chits equal to his Committed Supply Points in the
        cup, and his committed marker goes back to 0."""
        g.set("step", 6)
        for side in SIDES:
            n = g.track(side, "csp")
            pool = g.pieces_of(CHITS[side], CHIT_POOL) + g.pieces_of(CHITS[side], CHIT_DRAWN)
            for pid in pool[:n]:
                g.do(C.Move(pid, CUP))
            g.set_track(side, "csp", 0)

    def s7_admin_chit(self, g: Game, frame: dict) -> None:
        """Step 7: the Administrative Phase chit joins them; the cup is shaken."""
        g.set("step", 7)
        for pid in g.pieces_of(ADMIN_CHIT):
            if g.where(pid) != CUP:
                g.do(C.Move(pid, CUP))
        g.do(C.Shuffle(CUP))
        g.note(f"The cup holds {len(g.state.stack(CUP))} chits: "
               + ", ".join(f"{len(g.pieces_of(CHITS[s], CUP))} {g.side_word(s)}" for s in SIDES)
               + " and the Administrative Phase chit")

    def s8_commit(self, g: Game, frame: dict) -> None:
        g.set("step", 8)
        g.set("phase", "Commit Supply Points")
        g.call("commit", side="allied")

    def s8_commit_german(self, g: Game, frame: dict) -> None:
        # both players commit in step 8; the German after the Allied player (reading R2.0)
        g.call("commit", side="german")

    def s9_cycle(self, g: Game, frame: dict) -> None:
        g.set("step", 9)
        g.set("phase", "Initiative and Reaction cycle")
        g.call("chit_cycle", bulge=0, offered=False)

    def s10_german_final(self, g: Game, frame: dict) -> None:
        """Step 10: the German's final Reaction opportunity (up to 3 RxP)."""
        g.set("step", 10)
        g.set("phase", "German final Reaction")
        g.set("initiative", "")
        g.set("f44_draw", int(g.get("f44_draw", 0) or 0) + 1)
        g.call("reaction", side="german", first="german", initiative="", spent=0, used=[], handover=False)

    def s11_allied_final(self, g: Game, frame: dict) -> None:
        """Step 11: the Allied final Reaction opportunity."""
        g.set("step", 11)
        g.set("phase", "Allied final Reaction")
        g.set("f44_draw", int(g.get("f44_draw", 0) or 0) + 1)
        g.call("reaction", side="allied", first="allied", initiative="", spent=0, used=[], handover=False)

    def s12_victory(self, g: Game, frame: dict) -> None:
        """Step 12: has a side won? If not, on to the next turn."""
        g.set("step", 12)
        g.set("phase", "Victory determination")
        victory.determine(g)


class Commit(State):
    """2.0 step 8: convert Supply Points to Committed Supply Points for next turn, one for
    one, up to 5 (Allied) or 3 (German) committed."""
    name = "commit"
    rule = "2.0"

    def cap(self, g: Game, side: str) -> int:
        return int(g.row("supply_limits", side)["max_csp"])

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "commit",
                      f"{g.side_word(side)}: commit Supply Points for next turn's Initiative chits — "
                      f"{g.track(side, 'sp')} available, {g.track(side, 'csp')} committed, at most "
                      f"{self.cap(g, side)} (2.0 step 8)")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        most = min(self.cap(g, side) - g.track(side, "csp"), g.track(side, "sp"))
        for n in range(0, max(0, most) + 1):
            yield self.offer("commit", side, amount=n)

    def check_commit(self, g: Game, frame: dict, amount: int) -> Violation | None:
        side = frame["side"]
        if amount < 0:
            return Violation(g.cite("2.0"), "commit 0 or more Supply Points")
        if amount > g.track(side, "sp"):
            return Violation(g.cite("2.0"), f"only {g.track(side, 'sp')} Supply Points available")
        if g.track(side, "csp") + amount > self.cap(g, side):
            return Violation(g.cite("2.0"), f"at most {self.cap(g, side)} Committed Supply Points "
                                            f"({g.side_word(side)}, 2.0 step 8)")
        return None

    def on_commit(self, g: Game, frame: dict, amount: int) -> None:
        """Commit Supply Points"""
        side = frame["side"]
        g.set_track(side, "sp", g.track(side, "sp") - amount)
        g.set_track(side, "csp", g.track(side, "csp") + amount)
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        return f"{g.who(action.side)} commits {action['amount']} Supply Point(s) for next turn"


class ChitCycle(State):
    """2.0 step 9: draw the chits one at a time until the cup is empty. 12.5: before the first
    draw of an October-January turn the German may launch the Ardennes offensive."""
    name = "chit_cycle"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        for pid in g.state.stack(CHIT_DRAWN):
            g.do(C.Move(pid, CHIT_POOL))
        if not frame.get("offered"):
            g.update(offered=True)
            if special.bulge_possible(g):
                g.call("bulge_offer")
                return
        if frame.get("bulge", 0) > 0:
            g.update(bulge=frame["bulge"] - 1)
            g.set("f44_draw", int(g.get("f44_draw", 0) or 0) + 1)
            g.call("initiative_cycle", side="german")
            return
        if not g.state.stack(CUP):
            g.end()
            return
        g.set("f44_draw", int(g.get("f44_draw", 0) or 0) + 1)
        g.do(C.Draw(CUP, CHIT_DRAWN, 1))
        chit = g.state.stack(CHIT_DRAWN)[-1]
        ptype = g.ptype(chit)
        if ptype.id == ADMIN_CHIT:
            g.note("Drawn from the cup: the Administrative Phase chit")
            g.set("initiative", "")
            g.call("admin_phase")
            return
        side = ptype.side
        g.note(f"Drawn from the cup: {'an' if side == 'allied' else 'a'} {g.side_word(side)} Initiative chit "
               f"({len(g.state.stack(CUP))} left in the cup)")
        g.call("initiative_cycle", side=side)

    def resume(self, g: Game, frame: dict, result) -> None:
        if result == "bulge":
            g.update(bulge=2)


class InitiativeCycle(Procedure):
    """5.1: the owner of the drawn chit runs an Initiative Phase, then the other player has a
    Reaction opportunity (and, only if he spends nothing, the Initiative player); 12.3: the
    Market-Garden airdrop is declared before the HQ is chosen, and the 18th Airborne comes back
    at the end of the cycle."""
    name = "initiative_cycle"
    steps = ("airdrop", "initiative", "reaction", "end_cycle")

    def airdrop(self, g: Game, frame: dict) -> None:
        g.set("initiative", g.side_word(frame["side"]))
        g.set("phase", f"{g.side_word(frame['side'])} Initiative Phase")
        if special.market_garden_possible(g, frame["side"]):
            g.call("airdrop", op="market_garden")

    def initiative(self, g: Game, frame: dict) -> None:
        g.call("initiative", side=frame["side"])

    def reaction(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        g.set("phase", f"{g.side_word(other(side))} Reaction Phase")
        g.call("reaction", side=other(side), first=other(side), initiative=side, spent=0, used=[],
               handover=True)

    def end_cycle(self, g: Game, frame: dict) -> None:
        special.end_of_cycle(g)
        settle(g)


class Initiative(State):
    """5.1: the Initiative player activates one supplied HQ at once, or passes; single units
    cannot be activated in an Initiative Phase."""
    name = "initiative"
    rule = "5.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "initiative",
                      f"{g.side_word(side)} Initiative: activate one HQ in supply, or pass (5.1)")

    def hqs(self, g: Game, side: str) -> list[int]:
        pos = position(g)
        return sorted(p for h, ps in pos.hqs[side].items() for p in ps if supply.hq_in_supply(g, p))

    def actions(self, g: Game, frame: dict):
        for hq in self.hqs(g, frame["side"]):
            yield self.offer("activate", frame["side"], hq=hq)
        yield self.offer("pass", frame["side"])

    def check_activate(self, g: Game, frame: dict, hq: Piece) -> Violation | None:
        if hq not in g.state.pieces or not g.is_hq(hq) or g.side_of(hq) != frame["side"]:
            return Violation(g.cite("5.1"), "activate one of your HQs; single units are not activated "
                                            "in an Initiative Phase")
        if not board.on_map(g, hq):
            return Violation(g.cite("5.1"), f"{g.name(hq)} is not on the map")
        if not supply.hq_in_supply(g, hq):
            return Violation(g.cite("11.5"), f"{g.name(hq)} is out of supply and cannot activate")
        return None

    def on_activate(self, g: Game, frame: dict, hq: Piece) -> None:
        """Activate this HQ"""
        g.goto("activation", side=frame["side"], kind="initiative", hq=hq)

    def on_pass(self, g: Game, frame: dict) -> None:
        """Pass"""
        g.note(f"{g.side_word(frame['side'])} passes the Initiative")
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "activate":
            return f"{g.who(action.side)} activates {g.name(action['hq'])}"
        return None


class Reaction(State):
    """5.1, 5.2: a Reaction opportunity. The player may spend 1-3 Reaction Points: one Army
    Reaction (3, activating a supplied HQ) or up to three Single-Unit Reactions (1 each, one at
    a time), each piece at most once. If the Reaction player spends nothing, the Initiative
    player may then (frame ``handover``)."""
    name = "reaction"
    rule = "5.2"

    def limit(self, g: Game, side: str) -> int:
        return int(g.row("supply_limits", side)["max_rxp_per_opportunity"])

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "reaction",
                      f"{g.side_word(side)} Reaction: {g.track(side, 'rxp')} Reaction Points, "
                      f"{frame['spent']} spent this phase — an Army Reaction (3), a Single-Unit "
                      f"Reaction (1, up to 3), or " + ("done" if frame["spent"] else "decline") + " (5.2)")

    def actions(self, g: Game, frame: dict):
        side = frame["side"]
        left = min(g.track(side, "rxp"), self.limit(g, side) - frame["spent"])
        pos = position(g)
        if frame["spent"] == 0 and left >= 3:
            for hq in sorted(p for h, ps in pos.hqs[side].items() for p in ps if supply.hq_in_supply(g, p)):
                yield self.offer("army", side, hq=hq)
        if left >= 1 and not frame.get("army"):
            pieces = [p for h, ps in sorted(pos.units[side].items()) for p in ps] + \
                     [p for h, ps in sorted(pos.hqs[side].items()) for p in ps]
            for p in pieces:
                if p not in frame["used"]:
                    yield self.offer("single", side, piece=p)
        yield self.offer("done" if frame["spent"] else "decline", side)

    def check_army(self, g: Game, frame: dict, hq: Piece) -> Violation | None:
        side = frame["side"]
        if frame["spent"]:
            return Violation(g.cite("5.2"), "an Army Reaction costs 3 points, the most a Reaction Phase "
                                            "allows: it cannot follow a Single-Unit Reaction")
        if g.track(side, "rxp") < 3:
            return Violation(g.cite("5.2"), "an Army Reaction costs 3 Reaction Points")
        if hq not in g.state.pieces or not g.is_hq(hq) or g.side_of(hq) != side or not board.on_map(g, hq):
            return Violation(g.cite("5.2"), "an Army Reaction activates one of your HQs on the map")
        if not supply.hq_in_supply(g, hq):
            return Violation(g.cite("11.5"), f"{g.name(hq)} is out of supply")
        return None

    def check_single(self, g: Game, frame: dict, piece: Piece) -> Violation | None:
        side = frame["side"]
        if frame.get("army"):
            return Violation(g.cite("5.2"), "the Army Reaction is the only reaction of its phase")
        if frame["spent"] >= self.limit(g, side):
            return Violation(g.cite("5.2"), "at most 3 Reaction Points a Reaction Phase")
        if g.track(side, "rxp") < 1:
            return Violation(g.cite("5.2"), "no Reaction Points left")
        if piece not in g.state.pieces or g.side_of(piece) != side or g.kind(piece) not in ("unit", "hq") \
                or not board.on_map(g, piece):
            return Violation(g.cite("5.2"), "a Single-Unit Reaction commands one of your HQs or combat units")
        if piece in frame["used"]:
            return Violation(g.cite("5.2"), "a unit is activated only once in a Reaction Phase")
        return None

    def on_army(self, g: Game, frame: dict, hq: Piece) -> None:
        """Army Reaction (3 points)"""
        side = frame["side"]
        g.set_track(side, "rxp", g.track(side, "rxp") - 3)
        g.update(spent=frame["spent"] + 3, army=True, used=frame["used"] + [hq])
        g.call("activation", side=side, kind="army", hq=hq, initiative=frame.get("initiative", ""))

    def on_single(self, g: Game, frame: dict, piece: Piece) -> None:
        """Single-Unit Reaction (1 point)"""
        side = frame["side"]
        g.set_track(side, "rxp", g.track(side, "rxp") - 1)
        g.update(spent=frame["spent"] + 1, used=frame["used"] + [piece])
        g.call("activation", side=side, kind="single", mover=piece, initiative=frame.get("initiative", ""))

    def resume(self, g: Game, frame: dict, result) -> None:
        side = frame["side"]
        left = min(g.track(side, "rxp"), self.limit(g, side) - frame["spent"])
        if frame.get("army") or left <= 0:
            g.end()

    def on_done(self, g: Game, frame: dict) -> None:
        """Done reacting"""
        g.end()

    def on_decline(self, g: Game, frame: dict) -> None:
        """Decline to react"""
        side = frame["side"]
        g.note(f"{g.side_word(side)} declines to react")
        init = frame.get("initiative")
        if frame.get("handover") and init and init != side:
            g.set("phase", f"{g.side_word(init)} Reaction Phase")
            g.goto("reaction", side=init, first=frame["first"], initiative=init, spent=0, used=[],
                   handover=False)
            return
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        who = g.who(action.side)
        if action.verb == "army":
            return f"{who}: Army Reaction with {g.name(action['hq'])} (3 Reaction Points)"
        if action.verb == "single":
            return f"{who}: Single-Unit Reaction with {g.name(action['piece'])} (1 Reaction Point)"
        return None
