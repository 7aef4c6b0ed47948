"""The marker pieces that show on the table what the rules keep in globals: the CAP Remaining,
VP Total and Mandated Battle markers on the General Records Track (2.8, 3.1.3), the Turn marker,
Joffre II / Falkenhayn (8.7), the Entrenchments marker (8.7.3), control and Cavalry Control
markers (2.8, 8.3.4), trenches (9.7), Block markers (8.4.5), Battle markers (9.1.2) and the Rail
Net Ends marker (11.2.1 d).

:func:`sync` runs after every action (the ruleset's ``apply``): it moves each marker to where
the rules say it is, taking markers from the "Markers at hand" box and putting them back (and
printing a new one, as players improvise, when the box runs out). Markers never decide a rule.
"""
from __future__ import annotations

from engine import commands as C

from . import board
from .game import MARKERS, Game

TRACK_MAX = 40


def _track(value: int) -> str:
    return f"track-{max(0, min(TRACK_MAX, int(value)))}"


SINGLE = ("M-CAP-AL", "M-CAP-GE", "M-VP-P17", "M-VP-GE", "M-MB-AL", "M-MB-GE", "M-TURN",
          "M-JOFFRE2", "M-FALK", "M-ENTR-OK", "M-RAILEND")
HEX_MARKERS = ("M-CONTROL", "M-CAVCTRL", "M-ENTRENCH", "M-BLOCK", "M-BATTLE")


def _index(g: Game) -> dict[str, list[int]]:
    """Marker pieces by type (one pass over the pieces)."""
    wanted = set(SINGLE) | set(HEX_MARKERS)
    out: dict[str, list[int]] = {}
    for pid, piece in g.state.pieces.items():
        if piece.type in wanted:
            out.setdefault(piece.type, []).append(pid)
    return out


def _put(g: Game, pid: int | None, loc: str, face: int | None = None) -> None:
    if pid is None:
        return
    piece = g.state.pieces[pid]
    if piece.loc != loc:
        g.do(C.Move(pid, loc))
    if face is not None and piece.face != face:
        g.do(C.SetFace(pid, face))


def _sync_hex_markers(g: Game, type_id: str, pids: list[int],
                      wanted: dict[str, list[tuple[int, dict]]]) -> None:
    """Make the hex markers of ``type_id`` match ``wanted`` (hex → [(face, props)])."""
    placed: dict[str, list[int]] = {}
    spare: list[int] = []
    for pid in pids:
        loc = g.state.pieces[pid].loc
        if board.is_hex(loc):
            placed.setdefault(loc, []).append(pid)
        elif loc == MARKERS:
            spare.append(pid)
    for loc, here in placed.items():
        want = wanted.get(loc, [])
        for i, pid in enumerate(here):
            if i < len(want):
                face, props = want[i]
                _put(g, pid, loc, face)
                for k, v in props.items():
                    if g.state.pieces[pid].props.get(k) != v:
                        g.do(C.SetProp(pid, k, v))
            else:
                g.do(C.Move(pid, MARKERS))
                spare.append(pid)
    for loc, want in wanted.items():
        have = len(placed.get(loc, []))
        for face, props in want[have:]:
            if spare:
                pid = spare.pop()
                g.do(C.Move(pid, loc))
            else:
                cmd = g.do(C.Create(type_id, loc, None, face, {}))
                pid = cmd.pid  # type: ignore[attr-defined]
            if g.state.pieces[pid].face != face:
                g.do(C.SetFace(pid, face))
            for k, v in props.items():
                g.do(C.SetProp(pid, k, v))


def sync(g: Game) -> None:
    """Bring every rules marker to where the globals say (and the status line's VP)."""
    vp_line = f"Plan 17 {g.get('plan17_vp', 0)}, German {g.get('german_vp', 0)}"
    if g.get("vp") != vp_line:
        g.set("vp", vp_line)
    idx = _index(g)

    def _find(type_id: str) -> int | None:
        got = idx.get(type_id)
        return got[0] if got else None
    _put(g, _find("M-CAP-AL"), _track(g.get("allied_cap", 0) or 0))
    _put(g, _find("M-CAP-GE"), _track(g.get("german_cap", 0) or 0))
    _put(g, _find("M-VP-P17"), _track(g.get("plan17_vp", 0) or 0))
    _put(g, _find("M-VP-GE"), _track(g.get("german_vp", 0) or 0))
    _put(g, _find("M-MB-AL"), _track(g.get("allied_mandated_battles", 0) or 0))
    _put(g, _find("M-MB-GE"), _track(g.get("german_mandated_battles", 0) or 0))
    turn = g.turn
    if f"turn-{turn}" in g.module.locations:
        _put(g, _find("M-TURN"), f"turn-{turn}")
    for key, marker in (("gi_joffre_turn", "M-JOFFRE2"), ("gi_falkenhayn_turn", "M-FALK")):
        t = g.get(key)
        if t and f"turn-{t}" in g.module.locations:
            _put(g, _find(marker), f"turn-{t}")
    _put(g, _find("M-ENTR-OK"), "box-entrenchments", 1 if g.get("entrenchments_allowed") else 0)
    rail_end = _find("M-RAILEND")
    if rail_end is not None:
        _put(g, rail_end, "56" if g.get("gi_rail_end_placed") else MARKERS)
    changed = g.get("gi_control") or {}
    cav = g.get("gi_cavctrl") or {}
    ctrl_want = {h: [(0 if s == "allied" else 1, {})] for h, s in changed.items() if h not in cav}
    _sync_hex_markers(g, "M-CONTROL", idx.get("M-CONTROL", []), ctrl_want)
    _sync_hex_markers(g, "M-CAVCTRL", idx.get("M-CAVCTRL", []), {h: [(0 if s == "allied" else 1, {})] for h, s in cav.items()})
    _sync_hex_markers(g, "M-ENTRENCH", idx.get("M-ENTRENCH", []), {h: [(lvl - 1, {})] for h, lvl in
                                        (g.get("gi_trench") or {}).items() if lvl})
    blocks: dict[str, list[tuple[int, dict]]] = {}
    for owner, frm, into in board.blocks(g):
        blocks.setdefault(into, []).append((0 if owner == "allied" else 1, {"from": frm}))
    _sync_hex_markers(g, "M-BLOCK", idx.get("M-BLOCK", []), blocks)
    _sync_hex_markers(g, "M-BATTLE", idx.get("M-BATTLE", []), {h: [(0, {})] for h in board.battle_hexes(g)})
    if g.get("gi_hidden_forces"):
        conceal(g)


def conceal(g: Game) -> None:
    """8.4.6 c (hidden movement agreed): units and HQs on the map are shown to their owner
    only; on the Battle Map, the tracks and the boxes they are open."""
    for pid, piece in g.state.pieces.items():
        if g.rules.kinds[piece.type].kind not in ("unit", "hq"):
            continue
        want = True if board.is_hex(piece.loc) else None
        if piece.props.get("concealed") != want:
            g.do(C.SetProp(pid, "concealed", want))
