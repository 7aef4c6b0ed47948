"""Invariants the fuzzer checks after every France 1944 action: stacking (7.1), the two sides
never share a hex (7.1), no HQ alone in an enemy ZOC (4.8, 4.10), pieces only on hexes a piece
may stand on, steps and markers consistent, pieces conserved, tracks matching their markers,
and the cup hidden from both sides (8(d) of the digest)."""
from __future__ import annotations

from engine.views import view

from . import board
from .board import position
from .game import ADMIN, COMMANDED, CUP, OOS, SIDES, TRACK_MARKERS, Game

STATUS_MARKERS = (OOS, ADMIN, COMMANDED)


def f44_invariants(g: Game) -> list[str]:
    problems: list[str] = []
    facts = g.facts
    pos = position(g)
    top = g.top or {}
    # 4.10: an HQ the retreat may still pick up is decided on before it disperses
    deciding = set(top.get("hqs", [])) if top.get("state") == "hq_pickup" else set()
    for h in facts.land:
        for side in SIDES:
            units = pos.combat(side, h)
            if units and board.over_stacked(g, units):
                problems.append(f"F44 7.1: {len(units)} {side} units over the stacking limits in {h}")
        if pos.occupied("allied", h) and pos.occupied("german", h):
            problems.append(f"F44 7.1: both sides in {h}")
        for side in SIDES:
            if pos.hqs[side].get(h) and pos.in_zoc("german" if side == "allied" else "allied", h) \
                    and not pos.combat(side, h) and not set(pos.hqs[side][h]) <= deciding:
                problems.append(f"F44 4.10: {side} HQ alone in an enemy ZOC at {h}")
    act = g.get("f44_act")
    for pid, piece in g.state.pieces.items():
        kind = g.kind(pid)
        loc = g.module.locations[piece.loc]
        if kind in ("unit", "hq") and loc.kind == "hex" and piece.loc not in facts.land:
            problems.append(f"{g.name(pid)} on hex {piece.loc}, where no piece may stand")
        for m in piece.markers:
            if m in STATUS_MARKERS and (kind not in ("unit", "hq") or piece.loc not in facts.land):
                problems.append(f"{g.name(pid)} keeps a {m} marker off the map")
            if m == COMMANDED and not act:
                problems.append(f"{g.name(pid)} still Commanded outside a phase")
        if kind == "hq" and piece.face == 0 and not (act and act.get("hq") == pid):
            problems.append(f"{g.name(pid)} Activated outside its phase")
        if g.untested(pid) and piece.loc in facts.land:
            twin = g.ptype(pid).attrs.get("tested_id")
            if any(p.type == twin and p.loc in facts.land for p in g.state.pieces.values()):
                problems.append(f"F44 3.10: {g.name(pid)} and its tested counter both on the map")
    expected = g.get("f44_pieces")
    if expected is not None and len(g.state.pieces) != expected:
        problems.append(f"pieces not conserved: {len(g.state.pieces)}, expected {expected}")
    for side in SIDES:
        for kind in ("sp", "csp", "rxp"):
            pid = g.first_of(TRACK_MARKERS[(side, kind)])
            value = g.track(side, kind)
            if pid is None:
                continue
            where = g.where(pid)
            want = {"sp": f"sp_{side}_{value % 10}", "rxp": f"rxp_{side}_{min(value, 15)}",
                    "csp": f"csp_{side}_{value}"}[kind]
            if where != want:
                problems.append(f"{side} {kind} track marker at {where}, value {value}")
    for side in SIDES + ("",):
        entries = view(g.state, side)["locations"].get(CUP, [])
        if any(not e.get("hidden") for e in entries):
            problems.append(f"the cup's chits are visible to {side or 'a spectator'}")
    return problems
