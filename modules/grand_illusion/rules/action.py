"""The Action Phase (8.1): Action Segments alternate between the players.

In his segment the player holding the Initiative makes up to two activations, each for 1 CAP
(4.0 IV, 8.1.1): activate a hex to move and fight (8.2), entrench a hex (9.7), or remove
Disorganization in a hex (9.8.3) — or he passes. He must cede the Initiative when he has no
CAP left, after two activations (unless the opponent has no CAP left), after a
Disorganization removal (a second one may follow a first), when a Fortunes of War result says
so, and after a General Retreat (8.1.1). Two passes in a row (the second without spending any
CAP) end the phase, as does both sides running out of CAP (8.1.3).

A General Retreat may be declared at the start of any Action Segment, one's own or the
opponent's (8.7.1): each segment opens with that question to whichever side may declare.
"""
from __future__ import annotations

from typing import Iterator

from engine.actions import Action, Loc
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, control, movement, recovery, reinforce, supply, trenches
from .caps import cap_of, spend
from .decision import Decision
from .game import WORD, Game, other


# -- the General Retreat question (8.7.1) ------------------------------------------------------------
def gr_eligible(g: Game, side: str) -> bool:
    """8.7.1: once a game, not on turns 1-2, the Allies first; the German from the turn after."""
    if g.turn < 3 or g.get(f"gi_gr_{side}"):
        return False
    if side == "german":
        t = g.get("gi_gr_allied")
        if not t or int(t) >= g.turn:
            return False
    declined = (g.get("gi_gr_declined") or {}).get(side)
    return declined != g.turn or gr_forced(g, side)


def gr_forced(g: Game, side: str) -> bool:
    """8.4.9 b: after Paris in Danger the Allies must declare their General Retreat that turn or
    the next (not in Scenario 3). Our reading: in the next turn they must declare at the first
    Action Segment."""
    pd = g.get("gi_pd_turn")
    return (side == "allied" and bool(pd) and not g.s3 and not g.get("gi_gr_allied")
            and g.turn > int(pd))


class GeneralRetreatWindow(State):
    """8.7.1: at the start of an Action Segment a side may declare its General Retreat."""
    name = "gr_window"
    rule = "8.7.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side, owner = frame["side"], frame["owner"]
        seg = "your" if side == owner else f"the {WORD[owner]}"
        if gr_forced(g, side):
            return Prompt(side, "general_retreat", f"{WORD[side]}: Paris is in danger (8.4.9 b): "
                                                   f"declare the General Retreat now")
        return Prompt(side, "general_retreat",
                      f"{WORD[side]}: start of {seg} Action Segment: declare your General Retreat "
                      f"(8.7)?")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        yield self.offer("general_retreat", side)
        if not gr_forced(g, side):
            yield self.offer("no_general_retreat", side)
            yield self.offer("not_this_turn", side)

    def check_no_general_retreat(self, g: Game, frame: dict) -> Violation | None:
        if gr_forced(g, frame["side"]):
            return Violation("GI 8.4.9", "Paris is in danger: the Allies must declare their "
                                         "General Retreat this turn")
        return None

    check_not_this_turn = check_no_general_retreat

    def on_general_retreat(self, g: Game, frame: dict) -> None:
        """Declare the General Retreat"""
        g.end({"kind": "gr", "side": frame["side"]})

    def on_no_general_retreat(self, g: Game, frame: dict) -> None:
        """No General Retreat now"""
        g.end({"kind": "no_gr"})

    def on_not_this_turn(self, g: Game, frame: dict) -> None:
        """No General Retreat this turn (do not ask again until next turn)"""
        declined = dict(g.get("gi_gr_declined") or {})
        declined[frame["side"]] = g.turn
        g.set("gi_gr_declined", declined)
        g.end({"kind": "no_gr"})


# -- the phase -------------------------------------------------------------------------------------
class ActionPhase(State):
    """8.1: segments alternate until two passes in a row or both sides are out of CAP."""
    name = "action_phase"
    rule = "8.1"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        owner = frame["side"]
        if cap_of(g, "allied") == 0 and cap_of(g, "german") == 0:
            g.note("The Action Phase ends: both sides are out of CAP (8.1.3)")
            g.end()
            return
        asked = list(frame.get("asked", []))
        for s in (owner, other(owner)):
            if s not in asked and gr_eligible(g, s):
                g.update(asked=asked + [s])
                g.call("gr_window", side=s, owner=owner)
                return
        if cap_of(g, owner) == 0:
            if frame.get("prev_pass") or cap_of(g, other(owner)) == 0:
                g.note(f"The Action Phase ends: the {WORD[owner]} player has no CAP and "
                       "passes (8.1.3)")
                g.end()
                return
            g.update(side=other(owner), prev_pass=False, asked=[], first_limit=2)
            return
        g.set("active", WORD[owner])          # the table's status line
        g.call("segment", side=owner, acts=0, limit=int(frame.get("first_limit", 2)),
               spent=False, first="", recovers=0)

    def resume(self, g: Game, frame: dict, result) -> None:
        kind = (result or {}).get("kind")
        owner = frame["side"]
        if kind == "gr":
            g.call("general_retreat", side=result["side"], moved=[], stage="move")
            return
        if kind == "gr_done":
            g.update(side=other(result["side"]), prev_pass=False, asked=[], first_limit=2)
            return
        if kind == "pass":
            if frame.get("prev_pass") and not result.get("spent"):
                g.note("The Action Phase ends: both players passed in a row (8.1.1)")
                g.end()
                return
            g.update(side=other(owner), prev_pass=True, asked=[], first_limit=2)
            return
        if kind == "cede":
            g.update(side=other(owner), prev_pass=False, asked=[], first_limit=2)


# -- one Action Segment ------------------------------------------------------------------------------------
def t1_problem(g: Game, side: str, hex_: str) -> Violation | None:
    """13.1 turn-1 Allied command limits: not 66 or 76, only one of 62/54/46/45 (Scenarios 1-2);
    13.3 rule 1: at most two activations in hexes 1-66 (Scenario 3)."""
    if g.turn != 1 or side != "allied":
        return None
    if g.s3:
        if int(hex_) <= 66 and int(g.get("gi_allied_t1_acts", 0) or 0) >= 2:
            return Violation("GI 13.3", "on turn 1 the Allies make at most two activations in "
                                        "hexes 1-66")
        return None
    if board.hexattr(g, hex_, "t1_no_activation"):
        return Violation("GI 13.1", "on turn 1 the Allies may not activate hexes 66 and 76")
    if board.hexattr(g, hex_, "t1_activation"):
        done = [h for h in g.get("gi_activated_t1") or [] if board.hexattr(g, h, "t1_activation")]
        if done and hex_ not in done:
            return Violation("GI 13.1", "on turn 1 the Allies activate only one of hexes 62, 54, "
                                        "46 and 45")
    return None


def note_t1(g: Game, side: str, hex_: str) -> None:
    if g.turn == 1 and side == "allied":
        g.set("gi_activated_t1", list(g.get("gi_activated_t1") or []) + [hex_])
        if int(hex_) <= 66:
            g.set("gi_allied_t1_acts", int(g.get("gi_allied_t1_acts", 0) or 0) + 1)


def activation_problem(g: Game, side: str, hex_: str) -> Violation | None:
    """8.2.1, 5.2: the hex holds infantry, cavalry or an HQ of the side and is supplied (our
    reading: for at least one nationality present; 8.4.3 c then governs units of another
    nationality that are not); 13.1 / 13.3 turn 1; 12.5.2 Antwerp."""
    if not board.is_hex(hex_):
        return Violation("GI 8.2.1", "activate a hex")
    pieces = [p for p in board.movers_at(g, hex_, side) if not board.kind(g, p).ha]
    if not pieces:
        return Violation("GI 8.2.1", "an activated hex must contain friendly infantry, cavalry "
                                     "or an HQ")
    if not any(supply.status(g, p) for p in pieces):
        return Violation("GI 5.2", "only a supplied hex may be activated")
    v = t1_problem(g, side, hex_)
    if v:
        return v
    if side == "allied" and hex_ == "52" and _contained(g):
        return Violation("GI 12.5.2", "the Belgian army kept in Antwerp by two German corps "
                                      "may not be activated until turn 7")
    return None


def _contained(g: Game) -> bool:
    return movement.shut_in_antwerp(g)


class Segment(Decision):
    """8.1.1: one player's Action Segment."""
    name = "segment"
    rule = "8.1.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        n = frame["acts"]
        what = ("first activation" if n == 0 else "second activation" if n == 1
                else f"activation {n + 1}")
        if frame["first"] == "recover" and n == 1:
            return Prompt(side, "segment", f"{WORD[side]} Action Segment ({cap_of(g, side)} CAP): "
                                           "remove Disorganization in a second hex, or cede the "
                                           "Initiative (9.8.3)")
        return Prompt(side, "segment", f"{WORD[side]} Action Segment ({cap_of(g, side)} CAP): "
                                       f"{what} — activate a hex, entrench, remove "
                                       "Disorganization, or pass")

    def _may_act(self, g: Game, frame: dict) -> bool:
        side = frame["side"]
        if cap_of(g, side) < 1:
            return False
        if frame["acts"] >= frame["limit"] and cap_of(g, other(side)) > 0:
            return False
        return True

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        may = self._may_act(g, frame)
        only_recover = frame["first"] == "recover"
        if may:
            seen = set()
            for pid, piece in g.state.pieces.items():
                h = piece.loc
                if h in seen or not board.is_hex(h):
                    continue
                k = g.rules.kinds[piece.type]
                if k.side != side or not (k.combat or k.hq):
                    continue
                seen.add(h)
                if not only_recover and activation_problem(g, side, h) is None:
                    yield self.offer("activate", side, hex=h)
                if not only_recover and trenches.entrench_problem(g, side, h) is None:
                    yield self.offer("entrench", side, hex=h)
                if recovery.recover_problem(g, side, h) is None:
                    yield self.offer("recover", side, hex=h)
            for h in entry_hexes(g, side):
                if not only_recover:
                    yield self.offer("enter_group", side, hex=h)
        for h in sorted({into for owner, _f, into in board.blocks(g) if owner == side}, key=int):
            yield self.offer("remove_blocks", side, hex=Loc(h))
        if only_recover:
            yield self.offer("cede", side)
        else:
            yield self.offer("pass", side)

    # -- checks ----------------------------------------------------------------------------------
    def _common(self, g: Game, frame: dict) -> Violation | None:
        side = frame["side"]
        if cap_of(g, side) < 1:
            return Violation("GI 8.1.1", "no CAP left")
        if frame["acts"] >= frame["limit"] and cap_of(g, other(side)) > 0:
            return Violation("GI 8.1.1", "two activations made: the Initiative passes")
        return None

    def _not_after_recovery(self, g: Game, frame: dict) -> Violation | None:
        """9.8.3 b: after a first activation removing DG, only a second one may follow."""
        v = self._common(g, frame)
        if v is None and frame["first"] == "recover":
            v = Violation("GI 9.8.3", "after removing Disorganization first, a second "
                                      "activation may only remove Disorganization")
        return v

    def check_activate(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        return self._not_after_recovery(g, frame) or activation_problem(g, frame["side"], hex)

    def check_entrench(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        return self._not_after_recovery(g, frame) or trenches.entrench_problem(g, frame["side"], hex)

    def check_recover(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        return self._common(g, frame) or recovery.recover_problem(g, frame["side"], hex)

    def check_pass(self, g: Game, frame: dict) -> Violation | None:
        if frame["first"] == "recover":
            return Violation("GI 9.8.3", "after removing Disorganization the Initiative is ceded")
        return None

    def check_cede(self, g: Game, frame: dict) -> Violation | None:
        if frame["first"] != "recover":
            return Violation("GI 8.1.1", "pass instead")
        return None

    def check_enter_group(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        v = self._common(g, frame)
        if v:
            return v
        if hex not in entry_hexes(g, frame["side"]):
            return Violation("GI 13.3", "the 9th Army and its five corps enter from 42, 52, 62 "
                                        "or 71 on turn 2 (More troops with Invade Holland)")
        return None

    # -- handlers --------------------------------------------------------------------------------
    def _begin(self, g: Game, frame: dict, hex_: str, kind: str) -> None:
        side = frame["side"]
        spend(g, side)
        note_t1(g, side, hex_)
        g.update(acts=frame["acts"] + 1, spent=True,
                 first=frame["first"] or kind,
                 recovers=frame["recovers"] + (1 if kind == "recover" else 0))

    def on_activate(self, g: Game, frame: dict, hex: Loc) -> None:
        """Activate this hex to move and fight (1 CAP)"""
        self._begin(g, frame, hex, "activate")
        g.note(f"{WORD[frame['side']]} activates {g.place(hex)} (1 CAP)")
        g.call("activation", side=frame["side"], hex=str(hex), began=[
            int(p) for p in board.units_at(g, hex, frame["side"])], moved={}, entered={},
            battles=[], resolving=False, cede=False)

    def on_enter_group(self, g: Game, frame: dict, hex: Loc) -> None:
        """Enter the 9th Army and its corps here (1 CAP)"""
        self._begin(g, frame, hex, "activate")
        group = [p for p in g.state.stacks.get("turn-2", ()) if g.state.pieces[p].props.get("more_troops")]
        for p in group:
            reinforce.arrive(g, p, hex)
        control.update(g, hex)
        if not g.get("gi_more_troops_turn"):
            g.set("gi_more_troops_turn", g.turn)
        g.note(f"The 9th Army group enters in {g.place(hex)} (13.3 b 4)")
        g.call("activation", side=frame["side"], hex=str(hex), began=[], moved={
            str(p): max(0, int(g.value(p, "ma") or 0) - 1) for p in group}, entered={},
            battles=[], resolving=False, cede=False, continuing=[int(p) for p in group])

    def on_entrench(self, g: Game, frame: dict, hex: Loc) -> None:
        """Entrench this hex (1 CAP)"""
        self._begin(g, frame, hex, "entrench")
        trenches.build(g, frame["side"], hex)
        self._after(g, g.top)

    def on_recover(self, g: Game, frame: dict, hex: Loc) -> None:
        """Remove Disorganization in this hex (1 CAP)"""
        self._begin(g, frame, hex, "recover")
        recovery.recover_hex(g, frame["side"], hex)
        if g.top.get("state") == self.name:
            self._after(g, g.top)

    def check_remove_blocks(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if not any(o == frame["side"] and into == hex for o, _f, into in board.blocks(g)):
            return Violation("GI 8.4.5", "none of your Block markers faces that hex")
        return None

    def on_remove_blocks(self, g: Game, frame: dict, hex: Loc) -> None:
        """Remove your Block markers on this hex's hexsides (8.4.5 c)"""
        g.set("gi_blocks", [b for b in board.blocks(g) if not (b[0] == frame["side"] and b[2] == hex)])

    def on_pass(self, g: Game, frame: dict) -> None:
        """Pass"""
        g.note(f"{WORD[frame['side']]} passes (8.1.1)")
        g.end({"kind": "pass", "spent": frame["spent"]})

    def on_cede(self, g: Game, frame: dict) -> None:
        """Cede the Initiative"""
        g.end({"kind": "cede"})

    def resume(self, g: Game, frame: dict, result) -> None:
        if (result or {}).get("cede"):
            g.note(f"The {WORD[frame['side']]} player cedes the Initiative (Fortunes of War)")
            g.end({"kind": "cede"})
            return
        self._after(g, frame)

    def _after(self, g: Game, frame: dict) -> None:
        """8.1.1 point 2: the forced cessions."""
        side = frame["side"]
        if g.get("outcome"):
            return
        if cap_of(g, side) == 0:
            g.end({"kind": "cede"})
        elif frame["first"] == "recover" and frame["acts"] >= 2:
            g.end({"kind": "cede"})
        elif frame["first"] != "recover" and frame["recovers"]:
            g.end({"kind": "cede"})      # GI 9.8.3 b: a second activation removing DG
        elif frame["acts"] >= frame["limit"] and cap_of(g, other(side)) > 0:
            g.end({"kind": "cede"})

    LINES = {
        "activate": "{side}: activates {hex}", "entrench": "{side}: entrenches {hex}",
        "recover": "{side}: removes Disorganization in {hex}",
        "enter_group": "{side}: the 9th Army group enters in {hex}", "pass": "{side}: passes",
        "remove_blocks": "{side}: removes its Block markers on {hex}",
        "cede": "{side}: cedes the Initiative"}


def entry_hexes(g: Game, side: str) -> list[str]:
    """13.3 b 4 with b 5: on turn 2 the German may enter the 9th Army and its corps, held back
    from turn 1, as a group from 42, 52, 62 or 71."""
    if side != "german" or g.turn != 2 or not (g.option("german_4") and g.option("german_5")):
        return []
    if not any(g.state.pieces[p].props.get("more_troops") for p in g.state.stacks.get("turn-2", ())):
        return []
    return [h for h in ("42", "52", "62", "71") if board.control(g, h) == "german"
            or not board.enemy_present(g, h, "german")]
