"""What happens to a unit: its current values, step losses (17.0), disorganization and surrender
(16.0), elimination, capture (19.3, 19.4, 20.5) and the piles (16.4, 17.2).

Piles are the boxes ``eliminated:<side>`` (replaceable, 17.2 / 21.2) and
``surrendered:<side>`` (they score VP for the other side, 23.2). The steps lost by surrender are
kept per losing side in ``se_surrendered_steps``: a surrendered battalion counts 2 steps, a
captured artillery unit or fortress 5, a spiked one 0 (23.2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import commands as C

from . import board, trenches
from .board import is_artillery, is_fortress, is_infantry

if TYPE_CHECKING:
    from .game import Game

SURRENDER_STEPS_BATTALION = 2     # 23.2
CAPTURE_STEPS = 5                 # 17.3, 23.2


def morale(g: "Game", pid: int) -> int:
    """16.1: current morale = printed morale - DP."""
    return int(g.value(pid, "morale", 0)) - g.dp(pid)


def cf(g: "Game", pid: int) -> int:
    """The combat factor; artillery defends with 0 (19.3)."""
    if is_artillery(g, pid):
        return 0
    return int(g.value(pid, "cf", 0))


def mg(g: "Game", pid: int) -> int:
    return int(g.value(pid, "mg", 0))


def bf(g: "Game", pid: int) -> int:
    """The bombardment factor of an artillery unit or fortress in battery, less one per DP
    (19.7); 0 on the moving side (19.1)."""
    if not board.in_battery(g, pid):
        return 0
    return max(0, int(g.value(pid, "bf", 0)) - g.dp(pid))


def steps_left(g: "Game", pid: int) -> int:
    """17.1: infantry two steps (full, reduced); artillery one (17.3); a fortress one."""
    if is_infantry(g, pid):
        return 2 - min(g.piece(pid).face, 1)
    return 1


def to_pile(g: "Game", pid: int, pile: str) -> None:
    """Off the map into ``pile`` (``eliminated`` or ``surrendered``), markers and status gone."""
    side = g.side_of(pid)
    for m in list(g.piece(pid).markers):
        g.do(C.RemoveMarker(pid, m))
    if g.option("fog_of_war"):
        g.set_dp(pid, 0)
    else:
        g.do(C.SetProp(pid, "dp", None))
    for key in ("concealed", "assault", "assault_from", "moved_mp"):
        if key in g.piece(pid).props:
            g.do(C.SetProp(pid, key, None))
    if board.is_artillery(g, pid) and g.piece(pid).face:
        g.do(C.SetFace(pid, 0))
    g.do(C.Move(pid, f"{pile}:{side}"))


def add_surrender_steps(g: "Game", side: str, steps: int) -> None:
    table = dict(g.get("se_surrendered_steps") or {})
    table[side] = int(table.get(side, 0)) + steps
    g.set("se_surrendered_steps", table)


def eliminate(g: "Game", pid: int, why: str) -> None:
    """17.2: eliminated by step loss: the Eliminated pile (replaceable, 21.2)."""
    g.note(f"{g.name(pid)} is eliminated ({why}).")
    leaving_fort(g, pid)
    to_pile(g, pid, "eliminated")


def surrender(g: "Game", pid: int, why: str) -> None:
    """16.4: to the Surrendered pile; the enemy scores the steps (23.2)."""
    steps = CAPTURE_STEPS if (is_artillery(g, pid) or is_fortress(g, pid)) else SURRENDER_STEPS_BATTALION
    add_surrender_steps(g, g.side_of(pid), steps)
    g.note(f"{g.name(pid)} surrenders ({why}).")
    leaving_fort(g, pid)
    to_pile(g, pid, "surrendered")


def capture(g: "Game", pid: int, why: str) -> None:
    """19.3, 19.4, 20.5: artillery or a fortress captured: Surrendered pile, 5 steps (23.2)."""
    add_surrender_steps(g, g.side_of(pid), CAPTURE_STEPS)
    g.note(f"{g.name(pid)} is captured ({why}).")
    leaving_fort(g, pid, captured=True)
    to_pile(g, pid, "surrendered")


def leaving_fort(g: "Game", pid: int, captured: bool = False) -> None:
    """20.6: a fortress that surrenders or is captured leaves its trench level, less one, to the
    winner (a trench marker)."""
    if is_fortress(g, pid):
        trenches.fortress_leaves(g, pid, trenches.fort_tl(g, pid) - 1)


def lose_step(g: "Game", pid: int, why: str) -> bool:
    """17.1: one step: a full battalion flips to reduced, a reduced one is eliminated (17.2).
    Returns True if the unit left the map."""
    if is_infantry(g, pid) and g.piece(pid).face == 0:
        g.do(C.SetFace(pid, 1))
        g.note(f"{g.name(pid)} loses a step ({why}).")
        return False
    eliminate(g, pid, why)
    return True


def adjacent_to_enemy(g: "Game", pid: int) -> bool:
    side = g.side_of(pid)
    loc = g.where(pid)
    return bool(board.adjacent_enemy(g, side, loc) or board.occupied(g, "IT" if side == "AH" else "AH").get(loc))


def add_dp(g: "Game", pid: int, n: int, why: str, in_assault: bool = False, winner: bool = False) -> bool:
    """16.2: ``n`` DP; 16.4: at DL >= printed morale the unit surrenders if adjacent to (or
    stacked with) an enemy unit or involved in an assault, else stays at threshold - 1; 16.4.2:
    the winner of an assault never surrenders; 19.7: artillery never surrenders (its BF drops);
    20.3: a fortress surrenders at morale 0 with an enemy adjacent or in its hex. Returns True
    if the unit surrendered."""
    if n <= 0 or not g.exists(pid) or not board.on_map(g, pid):
        return False
    printed = int(g.value(pid, "morale", 0))
    new = g.dp(pid) + n
    if is_artillery(g, pid):
        cap = int(g.face_value(pid, 1, "bf", 0))
        g.set_dp(pid, min(new, cap))
        g.note(f"{g.name(pid)} takes {n} DP ({why}).")
        return False
    if new >= printed:
        if not winner and (in_assault or adjacent_to_enemy(g, pid)):
            g.set_dp(pid, new)
            surrender(g, pid, f"disorganized, {why}")
            return True
        g.set_dp(pid, max(0, printed - 1))
        g.note(f"{g.name(pid)} takes {n} DP ({why}); disorganization level {max(0, printed - 1)}, "
               "one below surrender.")
        return False
    g.set_dp(pid, new)
    g.note(f"{g.name(pid)} takes {n} DP ({why}).")
    return False
