"""16.2-16.4 Substitutions, 16.5 withdrawals, 22.3.3 GDT detachments.

A substitution (16.2.1) puts the new unit where the old one stood, keeping its Strength
Reduction and (Formation for Formation) its CE status. A combined substitution (16.3) and a
cavalry corps (16.4) happen at the end of any friendly movement phase once the listed units are
stacked together or adjacent (then as a Two-Hex unit); the new Formation takes the average CE
status rounded down (toward the worse); if a listed unit was eliminated, the others are replaced
as by 16.2.1. 16.4: "any N cavalry divisions" are the side's nearest cavalry divisions.

25.5 / 16.3.2: Division Eichhorn's combination (1 B.Lw + 2 B.Lw) is the one that may be reversed
(reading R28: in the German Assignment Phase, both brigades out of play by the combination; they
take Eichhorn's hex — its two hexes when in Two-Hex Status —, army and CE status; a reduced
Eichhorn's Strength Reduction goes to 1 B.Lw; Eichhorn waits with the substitutions and combines
again by 16.3.1).
"""
from __future__ import annotations

import math

from engine import commands as C
from engine.rules import Violation

from . import org
from .game import AM, ELIMINATED, HELD, REINFORCEMENTS, WITHDRAWN, Game
from .losses import set_ce
from .markers import remove_pa, tag


def pending(g: Game, side: str) -> list[int]:
    """Reinforcements by substitution whose GT has come (16.3: available from that GT)."""
    return [p for p in g.state.stack(REINFORCEMENTS) if g.side(p) == side and g.prop(p, "at") == "box:substitution"
            and int(g.prop(p, "arrives", 0)) <= g.gt]


def units_of_types(g: Game, side: str, types: list[str]) -> list[int]:
    out = []
    used = set()
    for t in types:
        for pid, piece in sorted(g.state.pieces.items()):
            if piece.type == t and pid not in used and g.side(pid) == side:
                out.append(pid)
                used.add(pid)
                break
    return out


def simple(g: Game, new: int, old: int) -> None:
    """16.2.1: remove the old unit, place the new one keeping its SR and (Formations) CE."""
    if g.loc(old) == HELD and g.prop(old, "deactivated") is not None:
        replace_deactivated(g, new, old)
        return
    where = g.loc(old)
    face = g.face(old)
    status = g.ce(old)
    marker = g.prop(old, AM)
    two_hex = g.prop(old, "two_hex")
    g.move_piece(old, WITHDRAWN)
    for key in ("arrives", "at", "replaces", "plus", "note"):
        if g.prop(new, key) is not None:
            g.set_prop(new, key, None)
    g.move_piece(new, where)
    if face and len(g.ut(new).faces) > face:
        g.do(C.SetFace(new, face))
    if two_hex:
        g.set_prop(new, "two_hex", two_hex)
    nt = g.ut(new)
    if marker is not None and marker in g.state.pieces and nt.am_type == g.state.pieces[marker].type:
        g.do(C.SetProp(marker, "unit", new))                # 2.8: 26+ uses marker 26
        g.do(C.SetProp(new, AM, marker))
        g.do(C.SetProp(old, AM, None))
    elif nt.am_type:
        army = g.army(old) if marker is not None else org.default_army(g, new)
        box = g.prop(new, "box", "") or ""
        if box:
            org.assign_at_arrival(g, new, box)
        if army and (g.prop(new, AM) is None or not box):
            org.create_marker(g, new, army, org.marker_corps_for(g, new, None))
        if marker is not None and marker in g.state.pieces:
            g.do(C.Move(marker, WITHDRAWN))
    else:
        org.assign_at_arrival(g, new, "")
        if marker is not None and marker in g.state.pieces:
            g.do(C.Move(marker, WITHDRAWN))
    if nt.am_type and g.prop(new, AM) is not None:
        set_ce(g, new, status)
    g.note(f"{g.unit_name(new)} replaces {g.unit_name(old)} at {g.hexname(where)} (16.2.1)")


def replace_deactivated(g: Game, new: int, old: int) -> None:
    """17.2.2 (second): the Détachement d'Armée, deactivated when the Ninth Army replaces it,
    leaves the game (its Army marker too); the NONA depot is placed now on any friendly
    operational RR hex (16.1, 17.1)."""
    g.move_piece(old, WITHDRAWN)
    for m in list(g.state.stack(HELD)):
        piece = g.state.pieces[m]
        if piece.type == "M-army_plan" and piece.props.get("army") == g.ut(old).army:
            g.move_piece(m, WITHDRAWN)
    for key in ("replaces", "plus", "note"):
        if g.prop(new, key) is not None:
            g.set_prop(new, key, None)
    g.set_prop(new, "at", "box:anywhere")
    g.set_prop(new, "arrives", g.gt)
    g.move_piece(new, REINFORCEMENTS)
    g.note(f"{g.unit_name(new)} replaces the deactivated {g.unit_name(old)}: placed on any friendly "
           f"operational RR hex (17.2.2)")


def combined(g: Game, new: int, olds: list[int]) -> None:
    """16.3.1 / 16.4.1: remove the units, place the new one (in Two-Hex Status when they were in
    two adjacent hexes), SR kept, average CE status rounded down."""
    hexes = sorted({g.loc(p) for p in olds})
    statuses = [g.ce(p) for p in olds if g.is_formation(p)]
    reduced = any(g.face(p) for p in olds if g.is_formation(p))
    army = next((g.army(p) for p in olds if g.is_formation(p)), "") or org.default_army(g, olds[0])
    for p in olds:
        m = g.prop(p, AM)
        g.move_piece(p, WITHDRAWN)
        if m is not None and m in g.state.pieces:
            g.do(C.Move(m, WITHDRAWN))
    for key in ("arrives", "at", "replaces", "plus", "note"):
        if g.prop(new, key) is not None:
            g.set_prop(new, key, None)
    g.move_piece(new, hexes[0])
    if len(hexes) > 1:
        g.set_prop(new, "two_hex", hexes[1])
        tag(g, new, "two-hex ", hexes[1])
    if reduced and len(g.ut(new).faces) > 1:
        g.do(C.SetFace(new, 1))
    org.assign_at_arrival(g, new, g.prop(new, "box", "") or "")
    if g.prop(new, AM) is None and g.ut(new).am_type and army:
        org.create_marker(g, new, army, org.marker_corps_for(g, new, None))
    if statuses:
        set_ce(g, new, math.ceil(sum(statuses) / len(statuses)))
    g.note(f"{g.unit_name(new)} is formed from {', '.join(g.unit_name(p) for p in olds)} (16.3, 16.4)")


#: 25.5: the one combination that may be reversed (the double yellow square), and its brigades
#: (the yellow squares) in order: the first takes a reduced division's Strength Reduction (R28)
REVERSIBLE = {"DE-Eichhorn": ("DE-1_B_Lw", "DE-2_B_Lw")}


def reversal_brigades(g: Game, pid: int) -> list[int]:
    """The pieces the division splits back into (25.5), those the combination took out of play."""
    types = REVERSIBLE.get(g.state.pieces[pid].type, ())
    side = g.side(pid)
    out = []
    for t in types:
        q = next((q for q, piece in sorted(g.state.pieces.items()) if piece.type == t and piece.owner == side), None)
        if q is not None:
            out.append(q)
    return out


def reversal_refusal(g: Game, pid: int) -> Violation | None:
    """25.5 (reading R28): why ``pid`` may not be split back into its brigades now, or None."""
    if pid not in g.state.pieces or g.state.pieces[pid].type not in REVERSIBLE:
        return Violation(g.cite("25.5"), "only Division Eichhorn's combination may be reversed")
    if not g.on_map(pid) or g.in_rail_mode(pid) or g.prop(pid, "naval") or g.prop(pid, "task"):
        return Violation(g.cite("25.5"), "Division Eichhorn splits where it stands on the map, not in Rail or "
                                         "Naval Mode or in the middle of a Task (reading R28)")
    brigades = reversal_brigades(g, pid)
    if len(brigades) != len(REVERSIBLE[g.state.pieces[pid].type]) or \
            any(g.loc(q) != WITHDRAWN for q in brigades):
        return Violation(g.cite("16.3"), "both brigades must have been taken out of play by the combination "
                                         "(an eliminated brigade does not come back)")
    return None


def reverse(g: Game, pid: int) -> None:
    """25.5 (reading R28): Division Eichhorn splits back into 1 B.Lw and 2 B.Lw."""
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    army = g.army(pid) or org.default_army(g, pid)
    status = g.ce(pid)
    reduced = g.face(pid) > 0
    marker = g.prop(pid, AM)
    brigades = reversal_brigades(g, pid)
    remove_pa(g, pid)
    for key, prefix in (("two_hex", "two-hex "), ("reaction_mp", "Reaction ")):
        if g.prop(pid, key) is not None:
            g.set_prop(pid, key, None)
            tag(g, pid, prefix, None)
    if g.face(pid):
        g.do(C.SetFace(pid, 0))
    if marker is not None and marker in g.state.pieces:
        g.move_piece(marker, WITHDRAWN)
        g.set_prop(pid, AM, None)                         # a combination gives it a new one
    g.move_piece(pid, REINFORCEMENTS)                    # it may combine again (16.3.1)
    g.set_prop(pid, "at", "box:substitution")
    g.set_prop(pid, "arrives", g.gt)
    g.set_prop(pid, "replaces", " ".join(REVERSIBLE[g.state.pieces[pid].type]))
    for i, q in enumerate(brigades):
        g.move_piece(q, other if (i == 1 and other) else here)
        face = 1 if (i == 0 and reduced and len(g.ut(q).faces) > 1) else 0
        if g.face(q) != face:
            g.do(C.SetFace(q, face))
        org.create_marker(g, q, army, "")
        set_ce(g, q, status)
    g.note(f"{g.unit_name(pid)} splits back into {', '.join(g.unit_name(q) for q in brigades)} "
           f"at {g.hexname(here)} (25.5)")


def together(g: Game, units: list[int]) -> bool:
    """16.3: stacked together, or in two adjacent hexes."""
    hexes = {g.loc(p) for p in units}
    if len(hexes) == 1:
        return True
    if len(hexes) == 2:
        a, b = sorted(hexes)
        return b in g.board.all_nbrs.get(a, ())
    return False


def extra_cavalry(g: Game, side: str, count: int, near: list[int], exclude: set[int]) -> list[int]:
    """16.4 "any N cavalry divisions": the side's cavalry divisions nearest the named ones."""
    divs = [p for p in g.units_of(side) if g.ut(p).cavalry and g.ut(p).size == "division"
            and p not in exclude and g.is_formation(p)]
    if not near:
        return divs[:count]
    ref = g.loc(near[0])
    divs.sort(key=lambda p: (g.board.distance(ref, g.loc(p)), p))
    return divs[:count]


def end_of_movement(g: Game, side: str) -> None:
    """16.3.1 / 16.4.1 / 22.3.3 at the end of a friendly movement phase."""
    for new in pending(g, side):
        types = str(g.prop(new, "replaces", "") or "").split()
        plus = str(g.prop(new, "plus", "") or "")
        if len(types) < 2 and not plus:
            continue
        olds = units_of_types(g, side, types)
        on_map = [p for p in olds if g.on_map(p)]
        gone = [p for p in olds if g.loc(p) in (ELIMINATED, WITHDRAWN)]
        if plus:
            n = 2 if "two" in plus or "2" in plus else 1
            on_map += extra_cavalry(g, side, n, on_map, set(on_map))
        if len(on_map) < len(types) + (0 if not plus else (2 if "two" in plus or "2" in plus else 1)):
            if gone and on_map and not plus and all(g.loc(p) in (ELIMINATED, WITHDRAWN) or g.on_map(p) for p in olds):
                simple(g, new, on_map[0])                   # 16.3: one eliminated -> 16.2.1
                for extra in on_map[1:]:
                    g.move_piece(extra, WITHDRAWN)
            continue
        if together(g, on_map):
            combined(g, new, on_map)
    gdt_detachments(g, side)


def gdt_detachments(g: Game, side: str) -> None:
    """22.3.3: a GDT division stacked with its detachment at the end of a friendly movement
    phase takes it back (the detachment and the -4 marker go)."""
    if side != "allied":
        return
    for pid in list(g.units_of("allied")):
        t = g.ut(pid)
        if t is None or " det " not in f" {t.name} ":
            continue
        number = t.name.split()[-1]
        for q in g.units_at(g.loc(pid)):
            u = g.ut(q)
            if u.name.startswith(f"{number}t") and g.prop(q, "gdt_minus"):
                g.move_piece(pid, WITHDRAWN)
                left = int(g.prop(q, "gdt_minus", 0)) - 1
                g.set_prop(q, "gdt_minus", left or None)
                g.set_prop(q, "sr_marker", 4 if left >= 1 else None)
                tag(g, q, "GDT ", "-4" if left else None)
                g.note(f"{g.unit_name(q)} takes back its detachment {t.name} (22.3.3)")
                break
