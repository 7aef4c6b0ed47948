"""What must hold after every action (the fuzzer checks it): stacking (8.4.6), pieces conserved
(units never deleted), faces within their counters, CAP within 0-10 (5.1), markers that mirror
the rules' globals, the Battle Map empty between battles, and hidden information: a VP chit in a
cup and a side's secret choice never reach the other side's view (3.1.2, 13.3)."""
from __future__ import annotations

from engine.views import can_see, can_see_global

from . import board
from .caps import CAP_MAX
from .game import Game

UNIT_KINDS = ("unit", "hq", "fort")


def piece_count(g: Game) -> int:
    return sum(1 for p in g.state.pieces.values() if g.rules.kinds[p.type].kind in UNIT_KINDS)


def gi_invariants(g: Game) -> list[str]:
    out = []
    expected = g.get("gi_piece_count")
    if expected is not None and piece_count(g) != int(expected):
        out.append(f"units not conserved: {piece_count(g)} instead of {expected}")
    for side in ("allied", "german"):
        cap = int(g.get(f"{side}_cap", 0) or 0)
        if not 0 <= cap <= CAP_MAX:
            out.append(f"{side} CAP {cap} outside 0-{CAP_MAX}")
    battle_on = bool(g.get("gi_battle"))
    for pid, piece in g.state.pieces.items():
        pt = g.module.piece_types[piece.type]
        if piece.face >= len(pt.faces):
            out.append(f"{pt.name} shows face {piece.face} of {len(pt.faces)}")
        if piece.loc.startswith("bm-") and not battle_on and g.rules.kinds[piece.type].kind in UNIT_KINDS:
            out.append(f"{pt.name} stands on the Battle Map with no battle")
    if not battle_on and (g.top or {}).get("state") not in ("retreat",):
        for h in board.HEX_IDS:
            for side in ("allied", "german"):
                if board.over_stacked(g, h, side):
                    out.append(f"{side} over-stacked in hex {h}")
    changed = g.get("gi_control") or {}
    cav = g.get("gi_cavctrl") or {}
    shown = {p.loc for p in g.state.pieces.values() if p.type == "M-CONTROL" and board.is_hex(p.loc)}
    want = {h for h in changed if h not in cav}
    if shown != want:
        out.append(f"control markers {sorted(shown ^ want)} do not match control")
    return out + hidden_problems(g)


def hidden_problems(g: Game) -> list[str]:
    """A chit in a cup is hidden from both sides; a side's secret globals reach only that side;
    with hidden movement, enemy units on the map are hidden (the views' own rules, asked piece
    by piece: the full views are checked by the views test)."""
    out = []
    state = g.state
    for side in ("allied", "german", ""):
        for cup in ("cup-german-vp", "cup-plan17-vp"):
            if any(can_see(state, state.pieces[p], side) for p in state.stacks.get(cup, ())):
                out.append(f"a chit in {cup} is visible to {side or 'a spectator'}")
        for key in state.globals:
            if key.startswith("secret:") and can_see_global(key, side) and key.split(":", 2)[1] != side:
                out.append(f"{key} reaches {side or 'a spectator'}")
    if state.globals.get("gi_hidden_forces"):
        for pid, piece in state.pieces.items():
            k = g.rules.kinds[piece.type]
            if k.kind in ("unit", "hq") and board.is_hex(piece.loc) and k.side and \
                    can_see(state, piece, "german" if k.side == "allied" else "allied"):
                out.append(f"{g.module.piece_types[piece.type].name} is seen by the enemy")
    return out

