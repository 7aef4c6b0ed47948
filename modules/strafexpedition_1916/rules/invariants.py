"""What must hold after every action (the fuzzer checks it, engine.fuzz):

* pieces are conserved: every combat unit, fortress and HQ of the set-up and the reinforcement
  schedule is somewhere (map, boxes, piles) — none created or lost;
* step counts: infantry on its full or reduced face, artillery on moving or in battery, HQs
  ready or activated; DP never negative, and an infantry unit on the map stays below its
  surrender threshold (16.4); units in the piles carry no DP or markers;
* stacking: two sides' non-artillery units never share a hex but inside an assault's
  resolution (12.5, 13.4.1);
* LP never below zero (7.0, 8.3);
* HQs are on the map only while their brigade is activated this turn (8.5, 4.0-11);
* hidden items never in the other view: while a side's plan or bid is secret, no public global
  carries it, no HQ sits in a Brigade Display box 1-4, and the opponent's view holds none of the
  side's ``secret:`` globals; under fog of war an opponent's concealed unit shows only its back.
"""
from __future__ import annotations

from engine.views import view

from . import board
from .game import SIDES, Game, other

COMBAT_KINDS = ("unit", "fort", "hq")
RESOLVING = ("resolution", "retreat", "infiltration_fire")


def se_invariants(g: Game) -> list[str]:
    problems: list[str] = []
    state = g.state
    total = g.get("se_pieces_total")
    count = sum(1 for p in state.pieces.values() if g.module.piece_types[p.type].kind in COMBAT_KINDS)
    if total is not None and count != total:
        problems.append(f"pieces not conserved: {count} units, fortresses and HQs, {total} expected")
    frames = [f["state"] for f in (g.stack or [])]
    resolving = any(f in RESOLVING for f in frames)
    secret = any(f in ("plan", "bid") for f in frames)
    for pid, piece in state.pieces.items():
        t = g.module.piece_types[piece.type]
        if t.kind not in COMBAT_KINDS:
            continue
        if piece.face >= len(t.faces):
            problems.append(f"{t.name} on face {piece.face}")
        loc = piece.loc
        dp = g.dp(pid)
        if dp < 0:
            problems.append(f"{t.name} has {dp} DP")
        if loc in g.data.hexes:
            if board.is_infantry(g, pid) and dp >= int(g.value(pid, "morale", 0)):
                problems.append(f"SE 16.4: {t.name} at DL {dp} is still on the map at or over its morale")
            if t.kind == "hq" and command_active(g, pid) is False:
                problems.append(f"SE 4.0-11: {t.name} on the map but its brigade is not activated this turn")
        elif loc.startswith(("eliminated:", "surrendered:")):
            if piece.markers or piece.props.get("dp"):
                problems.append(f"{t.name} in {loc} still carries markers or DP")
    if not resolving:
        for loc, pids in board.occupied(g, "AH").items():
            mine = [p for p in pids if not board.is_artillery(g, p)]
            theirs = [p for p in board.occupied(g, "IT").get(loc, ()) if not board.is_artillery(g, p)]
            if mine and theirs:
                problems.append(f"SE 11.0.6: both sides' units in {loc} outside an assault")
    for side in SIDES:
        if g.lp(side) < 0:
            problems.append(f"SE 7.0: {side} has {g.lp(side)} LP")
    if secret:
        if g.get("se_plan") is not None and "plan" in frames:
            problems.append("a plan is public while the Command Phase is secret")
        for side in SIDES:
            for box in (1, 2, 3, 4):
                if "plan" in frames and state.stacks.get(f"bd:{side}:{box}"):
                    problems.append(f"an HQ shows in {side}'s Brigade Display box {box} before the reveal")
    for side in SIDES:
        seen = view(state, other(side))
        leaked = [k for k in seen["globals"] if k.startswith(f"secret:{side}:")]
        if leaked:
            problems.append(f"{other(side)}'s view carries {side}'s secrets {leaked}")
        if g.option("fog_of_war"):
            for loc, entries in seen["locations"].items():
                for e in entries:
                    if "id" in e and e.get("props", {}).get("concealed") and state.pieces[e["id"]].owner == side:
                        problems.append(f"a concealed {side} unit shows to {other(side)} in {loc}")
    return problems


def command_active(g: Game, hq: int) -> bool | None:
    """Whether the HQ's brigade was activated this turn (None: not an HQ)."""
    if g.ptype(hq).kind != "hq":
        return None
    brigade = str(g.ptype(hq).attrs.get("brigade") or "")
    return brigade in (g.get("se_activated") or [])
