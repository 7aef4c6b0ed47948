"""4.0 The sequence of play: Game Turns of two Player Turns (Allied, then German; the Race to
the Sea starts with the German player turn of GT 13), each of nine phases (4.2), an Interphase
after every third GT (4.3) and the Final Interphase after the last.

``game_turn`` loops over GTs; ``player_turn`` runs the nine phases of one side's player turn,
each by calling the phase's state; ``interphase`` runs the simultaneous Interphase segments.
"""
from __future__ import annotations

from engine.machine import Procedure

from .data import ENEMY
from .game import Game

PHASES = ("Preliminary Phase", "Special Joint Preliminary Phase", "Assignment Phase", "Supply Phase",
          "RR Engineering Phase", "Movement Phase", "Counter-Movement Phase", "Attack Phase",
          "Counterattack Phase", "Final Phase")


def set_phase(g: Game, side: str, phase: str) -> None:
    """The status line: whose player turn and which phase (the table shows ``phase``)."""
    g.set("phase", f"{g.side_name(side)} {phase}" if side else phase)


class GameTurn(Procedure):
    """4.1: each GT is the Allied player turn then the German one; after every third GT the
    Interphase (4.3); after the scenario's last GT the Final Interphase and the end (27)."""
    name = "game_turn"
    steps = ("allied_turn", "german_turn", "end_of_turn")
    loop = True

    def allied_turn(self, g: Game, frame: dict) -> None:
        if g.get("skip_allied_turn"):            # 31: the Race to the Sea starts with the German turn
            g.set("skip_allied_turn", None)
            return
        g.call("player_turn", side="allied")

    def german_turn(self, g: Game, frame: dict) -> None:
        g.call("player_turn", side="german")

    def end_of_turn(self, g: Game, frame: dict) -> None:
        g.call("end_of_gt")


class PlayerTurn(Procedure):
    """4.2: the nine phases of a player turn, in order; the phasing player is the active player
    except in the Counter-Movement and Counterattack Phases (4.2.6, 4.2.8)."""
    name = "player_turn"
    steps = ("preliminary", "joint", "assignment", "supply", "rr_engineering", "movement",
             "counter_movement", "attack", "counterattack", "final", "done")

    def begin(self, g: Game, frame: dict) -> None:
        g.set("player_turn", frame["side"])
        g.set("active", frame["side"])

    def preliminary(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Preliminary Phase")
        g.call("preliminary", side=frame["side"])

    def joint(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Special Joint Preliminary Phase")
        g.call("joint_preliminary", side=frame["side"])

    def assignment(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Assignment Phase")
        g.call("assignment", side=frame["side"])

    def supply(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Supply Phase")
        g.call("supply_phase", side=frame["side"])

    def rr_engineering(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "RR Engineering Phase")
        g.call("rr_engineering", side=frame["side"])

    def movement(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Movement Phase")
        g.set("active", frame["side"])
        g.call("movement", side=frame["side"], phasing=frame["side"], allowance=9, counter=False)

    def counter_movement(self, g: Game, frame: dict) -> None:
        side = ENEMY[frame["side"]]
        set_phase(g, side, "Counter-Movement Phase")
        g.set("active", side)
        g.call("movement", side=side, phasing=frame["side"], allowance=5, counter=True)

    def attack(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Attack Phase")
        g.set("active", frame["side"])
        g.call("attack_phase", side=frame["side"], phasing=frame["side"], counter=False)

    def counterattack(self, g: Game, frame: dict) -> None:
        side = ENEMY[frame["side"]]
        set_phase(g, side, "Counterattack Phase")
        g.set("active", side)
        g.call("attack_phase", side=side, phasing=frame["side"], counter=True)

    def final(self, g: Game, frame: dict) -> None:
        set_phase(g, frame["side"], "Final Phase")
        g.call("final_phase", side=frame["side"])

    def done(self, g: Game, frame: dict) -> None:
        g.end()
