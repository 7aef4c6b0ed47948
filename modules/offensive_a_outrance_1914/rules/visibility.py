"""3.1.5-3.1.6 Limited information: the enemy sees only the top unit of a stack, and which unit
is on top follows the stacking order (3.1.5) — with no enemy adjacent: cavalry, then the infantry
Formation with the best PR; with an enemy adjacent: the largest Formation with the best PR; then
Demoralized units, Forts and Fortresses, the Support unit with the best PR, HQs and artillery,
supply units. Every other unit of the stack is ``concealed`` (engine.views shows it only to its
owner), and the stack is kept in that order, the top unit last.
"""
from __future__ import annotations

from engine import commands as C

from .game import Game


def rank(g: Game, pid: int, enemy_adjacent: bool) -> tuple:
    """Sort key: smaller is nearer the top."""
    t = g.ut(pid)
    pr = g.value(pid, "pr")
    if t.fortress or t.fort and g.face(pid) == 0:
        return (4, 0, pid)
    if t.artillery or t.hq or t.siege:
        return (6, 0, pid)
    if t.supply:
        return (7, 0, pid)
    if g.is_formation(pid) and g.demoralized(pid):
        return (3, -pr, pid)
    if g.is_formation(pid):
        if enemy_adjacent:
            return (1, -g.size_of(pid), -pr, pid)
        if t.cavalry:
            return (0, -pr, pid)
        return (2, -pr, pid)
    return (5, -pr, pid)


def order_hex(g: Game, h: str) -> None:
    units = [p for p in g.state.stack(h) if g.ut(p) is not None]
    if not units:
        return
    side = g.side(units[0])
    mine = [p for p in units if g.side(p) == side]
    adj = g.adjacent_enemy(h, side)
    ordered = sorted(mine, key=lambda p: rank(g, p, adj))
    top = ordered[0]
    for p in units:
        want = None if p == top or g.side(p) != side else True
        if g.prop(p, "concealed") != want:
            g.do(C.SetProp(p, "concealed", want))
    stack = list(g.state.stack(h))
    if stack and stack[-1] != top:
        new = [p for p in stack if p != top] + [top]
        g.do(C.Reorder(h, new))


def refresh(g: Game, hexes: set[str] | None = None) -> None:
    """Re-order and re-conceal the stacks in ``hexes`` (every stack on the map if None) and the
    hexes next to them (enemy adjacency changes the order); units off the map are not concealed
    unless they sit in an owner-only box."""
    board = g.board
    if hexes is None:
        todo = set(h for h in g.state.stacks if h in board.hexes)
    else:
        todo = set()
        for h in hexes:
            if h in board.hexes:
                todo.add(h)
                todo.update(board.all_nbrs.get(h, ()))
    for h in sorted(todo):
        if g.state.stacks.get(h):
            order_hex(g, h)


def touched(commands) -> tuple[set[str], set[int]]:
    """Locations and pieces the commands of one action changed."""
    hexes: set[str] = set()
    pieces: set[int] = set()
    for cmd in commands:
        kind = getattr(cmd, "kind", "")
        if kind == "move":
            hexes.add(cmd.loc)
            frm = getattr(cmd, "_from", None)
            if frm:
                hexes.add(frm[0])
            pieces.add(cmd.pid)
        elif kind in ("create",):
            hexes.add(cmd.loc)
        elif kind in ("face", "prop"):
            pieces.add(cmd.pid)
    return hexes, pieces
