"""Who may act and how a moving Force is checked: inactive armies and units (28.5), which units
may be picked to move (7.0), Forced March (7.2), the Strategic Plans' movement rule (26.2.1)."""
from __future__ import annotations

from .game import Game
from .losses import eliminate, reduce_ce, strength_reduction
from .markers import remove_pa

FM_INFANTRY, FM_CAVALRY = 3, 7     # 7.2.1


def active_unit(g: Game, pid: int) -> bool:
    """28.5: units of an inactive army, or flagged inactive, cannot move, do tasks or attack."""
    props = g.pieces[pid].props
    if props.get("inactive_until") and not props.get("activated"):
        return False
    inactive = g.get("inactive_armies")
    if not inactive:
        return True
    army = g.army(pid)
    return not (army and inactive.get(army))


def can_select(g: Game, pid: int, frame: dict) -> bool:
    """The unit may be picked in this movement phase."""
    piece = g.pieces.get(pid)
    if piece is None or pid in frame["moved"] or piece.loc not in g.board.land:
        return False
    t = g.types.get(piece.type)
    if t is None or t.fortress or t.utype == "siege_marker":
        return False
    if t.fort and piece.face == 0:
        return False
    props = piece.props
    if props.get("rail") or props.get("naval"):
        return False
    if t.hq and piece.face == 1:                           # 13.2.4: a deploying HQ cannot move
        return False
    if props.get("stay") and props.get("stay") == g.get("phase_id"):   # 7.9.1 redirected landing
        return False
    return active_unit(g, pid)


def fm_cap(g: Game, frame: dict, units: list[int]) -> int:
    """7.2: only Combat units Force March (not in Rail Mode): +3 infantry, +7 cavalry; 7.2.2: after
    finishing a Task only with 1 MP left; 22.1: no French Forced March in the French Movement
    Phase of GT 1."""
    if not units or any(not g.is_combat(p) or g.in_rail_mode(p) for p in units):
        return 0
    if frame.get("after_task") and frame["allowance"] - frame.get("spent_at_start", frame.get("spent", 0)) < 1:
        return 0                                           # 7.2.2: 1 MP left after the Task
    if (g.gt == 1 and not frame.get("counter") and frame["side"] == "allied"
            and any(g.ut(p).nat == "FR" for p in units)):
        return 0
    return FM_CAVALRY if all(g.ut(p).cavalry for p in units) else FM_INFANTRY


def plan_bound(g: Game, pid: int) -> list[str] | None:
    """26.2: an infantry Formation of an army under an active Strategic Plan (not CI or
    Demoralized) — its army's Operational Objectives; else None."""
    if not (g.ut(pid).infantry and g.is_formation(pid)) or g.ci(pid):
        return None
    return g.rules.plan_objectives(g, g.army(pid))


def plan_satisfied(g: Game, h: str, plan: dict) -> bool:
    """26.2.1: ``h`` is at least one hex closer to an Operational Objective than each bound
    Formation's start hex (or it is that start hex)."""
    for start, objs in plan.values():
        if h != start and min(g.board.distance(h, o) for o in objs) >= min(g.board.distance(start, o) for o in objs):
            return False
    return True


def force_cel(g: Game, units: list[int]) -> tuple[int, int | None]:
    """A Force's CEL for an EC (10.2, 5.5.1): its Formation's, else the higher Base CE of its
    Support units; and the Formation (None if none)."""
    formations = [p for p in units if g.is_formation(p)]
    if formations:
        return g.cel(formations[0]), formations[0]
    return max((g.base_ce(p) for p in units), default=0), None


def forced_march_check(g: Game, units: list[int], fm: int) -> None:
    """7.2.3: an EC with +1 per Forced-March MP; 7.2.4: a failure by its margin."""
    cel, formation = force_cel(g, units)
    roll = g.roll("Forced March Efficiency Check", "2d6")
    total = roll + fm
    if total <= cel:
        g.note(f"Forced March EC: {roll}+{fm} = {total} against CEL {cel}: passed (7.2.3)")
        return
    margin = total - cel
    g.note(f"Forced March EC: {roll}+{fm} = {total} against CEL {cel}: failed by {margin} (7.2.4)")
    forced_march_result(g, units, margin, formation)


def forced_march_result(g: Game, units: list[int], margin: int, formation: int | None) -> None:
    """7.2.4 Forced March table: infantry Formation -1E (and s at 5+), PA removed; cavalry
    Formation -1E / -2E at 5+; Support unit s, PA removed; LOC cavalry eliminated (8.7.3)."""
    for pid in list(units):
        if pid not in g.state.pieces:
            continue
        t = g.ut(pid)
        if t.loc and t.cavalry:
            eliminate(g, pid, "LOC cavalry failed a Forced March EC (8.7.3)")
            continue
        if pid == formation:
            if t.cavalry:
                reduce_ce(g, pid, 1 if margin <= 4 else 2, "Forced March (7.2.4)")
            else:
                reduce_ce(g, pid, 1, "Forced March (7.2.4)")
                if margin >= 5:
                    strength_reduction(g, pid, "Forced March (7.2.4)")
        elif formation is None:
            strength_reduction(g, pid, "Forced March (7.2.4)")
        if pid in g.state.pieces and g.prop(pid, "pa"):
            remove_pa(g, pid)
