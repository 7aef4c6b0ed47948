"""Losses: CE status reductions (6.1), Strength Reductions (9.10), the two-counter units (8.1.1,
24.2.1), eliminations and the VP they give (27.9), and the REPL paid for excess SRs (9.10.2).

A Formation's CE status is kept on its Assignment marker (6.1.1, prop ``ce`` 0..6); a Support
unit's CEL is constant and a reduction it must take becomes an SR (5.5.2).
"""
from __future__ import annotations

from engine import commands as C

from .data import CE_STEPS, D2, ENEMY
from .game import AM, ARMY, CE, ELIMINATED, REGIMENT, RESERVE, WITHDRAWN, Game
from .strength import add_sr_marker, takes_sr_marker
from .vp import award


def ce_tag(status: int) -> str:
    return "" if status <= 0 else f"CE {CE_STEPS[status][1]}"


def set_ce(g: Game, pid: int, status: int) -> None:
    """Set a Formation's CE status (on its Assignment marker) and its tag on the marker."""
    marker = g.prop(pid, AM)
    if marker is None or marker not in g.state.pieces:
        return
    status = max(0, min(D2, status))
    m = g.state.pieces[marker]
    if m.props.get(CE, 0) == status:
        return
    g.do(C.SetProp(marker, CE, status or None))
    for old in [t for t in m.markers if t.startswith("CE ")]:
        g.do(C.RemoveMarker(marker, old))
    if status:
        g.do(C.AddMarker(marker, ce_tag(status)))


def reduce_ce(g: Game, pid: int, levels: int, why: str, in_force_with: int | None = None) -> None:
    """Lower the CE status ``levels`` times (6.1.3: not below D2; what cannot be absorbed becomes
    an SR, 10.3). A Support unit takes an SR instead (5.5.2) unless it is part of a Formation's
    Force (``in_force_with``: then the Formation's check governs it)."""
    if levels <= 0 or pid not in g.state.pieces:
        return
    if g.is_formation(pid):
        before = g.ce(pid)
        after = before + levels
        set_ce(g, pid, after)
        g.note(f"{g.unit_name(pid)}: CE {CE_STEPS[before][1]} -> {CE_STEPS[min(after, D2)][1]} ({why})")
        if after > D2:
            strength_reduction(g, pid, f"{why}: CE below D2", crt=False)
        return
    if in_force_with is not None:
        return
    strength_reduction(g, pid, f"{why} (5.5.2: a Support unit's CEL cannot be reduced)", crt=False)


def has_back(g: Game, pid: int) -> bool:
    t = g.ut(pid)
    return t is not None and len(t.faces) > 1


def reducible(g: Game, pid: int) -> bool:
    """The unit can take an SR without being eliminated: a unit on its front with a reduced side,
    or a reduced primary counter with a secondary (8.1.1, 24.2.1)."""
    t = g.ut(pid)
    if t is None or t.fortress:
        return False
    if g.face(pid) == 0 and has_back(g, pid):
        return True
    if belgian_brigade(g, pid) and g.face(pid) == 1:                 # 24.2.1: becomes a regiment
        return True
    return bool(t.attrs.get("secondary")) and g.face(pid) == 1


def belgian_brigade(g: Game, pid: int) -> bool:
    """24.2.1: a Belgian brigade still a Formation (not yet turned into a regiment)."""
    t = g.ut(pid)
    return t is not None and t.nat == "BE" and t.size == "brigade" and g.is_formation(pid)


def sr_candidates(g: Game, pids: list[int]) -> list[int]:
    """9.10.1: who may take an SR among ``pids``: a Formation not yet reduced; if none, a Support
    unit with an unreduced back side (never a Fortress's outer garrison); with the optional 9.10.3,
    then a reduced infantry division short of a -4 marker. Empty: the SR is excess (9.10.2, as
    9.10.3 rewrites it)."""
    formations = [p for p in pids if g.is_formation(p) and reducible(g, p)]
    if formations:
        return formations
    support = [p for p in pids if not g.is_formation(p) and reducible(g, p) and not g.ut(p).fortress]
    if support:
        return support
    return [p for p in pids if takes_sr_marker(g, p)]     # 9.10.3 (optional; reading R40: last)


def strength_reduction(g: Game, pid: int, why: str, crt: bool = False) -> None:
    """One SR to this unit (9.10): flip it to its reduced side; a reduced primary counter becomes
    its secondary at full strength (8.1.1, 24.2.1); a reduced Belgian brigade becomes a
    regiment-size Support unit (24.2.1, modelled as its marker removed); a Support unit already
    reduced or without a back is eliminated (5.5.2); with the optional 9.10.3 a reduced infantry
    division takes a -2 marker, then turns it to -4; a Formation that cannot be reduced further
    takes no more (9.10.2: only CRT SRs are then paid with a REPL)."""
    t = g.ut(pid)
    name = g.unit_name(pid)
    if t is None:
        return
    if t.fort and g.face(pid) == 1:        # 8.5.0: a flipped Fort is eliminated by an SR
        eliminate(g, pid, f"{why}: a Fort on its infantry side")
        return
    if g.face(pid) == 0 and has_back(g, pid):
        g.do(C.SetFace(pid, 1))
        g.note(f"{name} takes a Strength Reduction ({why})")
        return
    if belgian_brigade(g, pid) and g.face(pid) == 1:                 # 24.2.1
        marker = g.prop(pid, AM)
        army = g.army(pid)
        g.do(C.SetProp(pid, AM, None))
        g.set_prop(pid, ARMY, army)                                   # 5.0: a Support unit's army
        if marker in g.state.pieces:
            g.do(C.Move(marker, WITHDRAWN))
        g.set_prop(pid, REGIMENT, True)
        g.note(f"{name} takes a Strength Reduction ({why}): a reduced Belgian brigade becomes a "
               f"regiment-size Support unit and loses its Assignment marker (24.2.1)")
        return
    secondary = t.attrs.get("secondary")
    if secondary and g.face(pid) == 1:
        spare = [p for p in g.state.stack(RESERVE) if g.state.pieces[p].type == secondary]
        if spare:
            where = g.loc(pid)
            sid = spare[0]
            g.move_piece(sid, where)
            g.do(C.SetFace(sid, 0))
            for key, value in g.state.pieces[pid].props.items():
                if key not in ("owner",):
                    g.set_prop(sid, key, value)
            marker = g.prop(pid, AM)
            if marker is not None:
                g.do(C.SetProp(marker, "unit", sid))
            g.do(C.Move(pid, WITHDRAWN))
            g.note(f"{name} takes a Strength Reduction ({why}): replaced by its secondary counter")
            return
    if takes_sr_marker(g, pid):                                     # 9.10.3 (optional)
        add_sr_marker(g, pid, why)
        return
    if g.is_formation(pid):
        if crt and t.nat != "BE" and not t.cavalry:
            pay_repl(g, t.nat, why)
        return
    eliminate(g, pid, why)


def pay_repl(g: Game, nat: str, why: str) -> None:
    """9.10.2 / 16.6.2: an excess CRT SR costs one REPL of the nationality (may go negative)."""
    key = f"repl_{nat}"
    g.set(key, int(g.get(key, 0)) - 1)
    g.note(f"{nat} REPL -1 ({why}: excess Strength Reduction, 9.10.2)")


def allocate_sr(g: Game, pids: list[int], why: str, crt: bool, choice: int | None = None) -> None:
    """Give one SR to the group ``pids`` (the owner's ``choice`` among the candidates, or the
    first); an excess CRT SR costs a REPL (9.10.2), not for cavalry or Belgians."""
    cands = sr_candidates(g, pids)
    if not cands:
        if crt:
            nats = {g.ut(p).nat for p in pids if g.ut(p) is not None and not g.ut(p).cavalry}
            nats.discard("BE")
            if nats:
                pay_repl(g, sorted(nats)[0], why)
        return
    target = choice if choice in cands else cands[0]
    strength_reduction(g, target, why, crt=crt)


def eliminate(g: Game, pid: int, why: str, vp: bool = True, where: str = ELIMINATED) -> None:
    """Remove the unit from the map (27.9: +4 VP to the enemy for a Formation, +1 for a Support
    unit, unless the rules that remove it say otherwise)."""
    if pid not in g.state.pieces or g.loc(pid) in (ELIMINATED, WITHDRAWN):
        return
    t = g.ut(pid)
    side = g.side(pid)
    formation = g.is_formation(pid)
    name = g.unit_name(pid)
    for key in ("two_hex", "pa", "task", "rail", "concealed"):
        if g.prop(pid, key) is not None:
            g.set_prop(pid, key, None)
    for tag in list(g.state.pieces[pid].markers):
        g.do(C.RemoveMarker(pid, tag))
    g.move_piece(pid, where)
    g.note(f"{name} is eliminated ({why})")
    if t is not None and t.train and where == ELIMINATED:           # 16.7: back two GTs later
        g.set_prop(pid, "back_on", g.gt + 2)
    if vp and t is not None and (t.combat or t.artillery or t.supply or t.fort):
        award(g, ENEMY[side], 4 if formation else 1, f"{name} eliminated (27.9)")
