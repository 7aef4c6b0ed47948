"""SK 2, 9: the sequence of play — player turns of reinforcements, movement and combat, the turn
marker — and victory: the VP hexes held after the last turn, or sudden death."""
from __future__ import annotations

from engine import commands as C
from engine.machine import Procedure

from .game import Game


def arrive(g: Game, side: str) -> None:
    """SK 2.2: ``side``'s units due by this turn enter at their hex, unless it holds enemy units
    or is full; those wait for the side's next player turn."""
    for pid in g.waiting(side):
        props = g.state.pieces[pid].props
        if int(props.get("arrives", 0)) > g.get("turn"):
            continue
        at = str(props.get("at", ""))
        if g.holder(at) == g.enemy(side) or g.room(at) < 1:
            g.note(f"{g.name(pid)} cannot enter at {at} this turn")
            continue
        g.do(C.Move(pid, at))
        g.note(f"{g.name(pid)} arrives")


def victory_points(g: Game, side: str) -> int:
    """SK 9.2: the VP of the hexes ``side``'s units occupy (the map marks them: attr ``vp``)."""
    return sum(int(g.module.locations[loc].attrs.get("vp", 0))
               for loc in {g.where(p) for p in g.units_of(side)})


def vp_track(g: Game) -> None:
    """SK 9.2: the VP track (the global ``vp``) shows what each side's units occupy now."""
    g.set("vp", ", ".join(f"{g.rules.side_name(s)} {victory_points(g, s)}" for s in g.rules.sides))


def sudden_death(g: Game) -> bool:
    """SK 9.3: a side with no unit on the map and none to arrive loses at once."""
    for side in g.rules.sides:
        if not g.units_of(side) and not g.waiting(side):
            winner = g.enemy(side)
            g.finish(winner, "sudden death", f"{g.rules.side_name(winner)} wins: "
                                             f"{g.rules.side_name(side)} has no units left")
            return True
    return False


class Turn(Procedure):
    """SK 2.1: a game turn — Blue's player turn, then Red's, then the turn marker advances."""
    name = "turn"
    steps = ("first_moves", "first_attacks", "second_moves", "second_attacks", "end_of_turn")
    loop = True

    def _moves(self, g: Game, side: str) -> None:
        arrive(g, side)
        g.call("move", side=side, moved=[])

    def _attacks(self, g: Game, side: str) -> None:
        g.call("combat", side=side, attacked=[], targets=[])

    def first_moves(self, g: Game, frame: dict) -> None:
        self._moves(g, g.rules.sides[0])

    def first_attacks(self, g: Game, frame: dict) -> None:
        self._attacks(g, g.rules.sides[0])

    def second_moves(self, g: Game, frame: dict) -> None:
        self._moves(g, g.rules.sides[1])

    def second_attacks(self, g: Game, frame: dict) -> None:
        self._attacks(g, g.rules.sides[1])

    def end_of_turn(self, g: Game, frame: dict) -> None:
        """SK 2.3, 9.1-9.2: advance the turn marker, or end the game after the last turn."""
        turn, last = g.get("turn"), g.module.scenarios[frame["scenario"]].last_turn
        if turn < last:
            g.set("turn", turn + 1)
            g.note(f"Turn {turn + 1} of {last} begins")
            return
        vp = {side: victory_points(g, side) for side in g.rules.sides}
        score = ", ".join(f"{g.rules.side_name(s)} {v} VP" for s, v in vp.items())
        best = max(vp.values())
        winners = [s for s, v in vp.items() if v == best]
        if len(winners) == 1:
            g.finish(winners[0], "victory points", f"{g.rules.side_name(winners[0])} wins after "
                                                   f"turn {turn}: {score}")
        else:
            g.finish("", "draw", f"A draw after turn {turn}: {score}")
