"""Supply (11.2): a unit is supplied when it can trace from its hex to an adjacent (or its own)
friendly-controlled rail hex, and from there along the railway through contiguous
friendly-controlled rail hexes to a friendly supply source of its nationality (11.2.1,
11.2.4, 11.2.5).

* a friendly hex holding a besieged fort is no part of the rail net (11.2.1 a), except for
  German emergency supply;
* in the Attrition segment a side traces through hexes the enemy holds by Cavalry Control
  (11.2.1 b, 8.3.4);
* German emergency supply (11.2.1 c): from turn 3, while the Maubeuge or the Namur fort stands,
  German units that trace to hex 44 are supplied (44 acts as the end of the line; the besieged
  fort hexes do not break that line);
* the Rail Net Ends marker in 56 (11.2.1 d): while it is in effect (after the Namur fort has
  fallen, until it is removed) German lines may end in 56 but not pass through it (our reading:
  the rules never state its effect);
* Antwerp (52) supplies Belgian units and the Royal Naval Division while Allied (11.2.4, 12.3);
  under "Invade Holland" it is a German source from turn 5 once German (13.3 b 5);
* "Better logistics" (13.3 b 3): German units trace up to two hexes to the railway; a port
  landed on under "Better sea control" is a British source (13.3 a 4).

The rail net of each side and nationality is computed once per state (cached by state hash).
"""
from __future__ import annotations

from collections import deque

from . import board
from .game import EMERGENCY_HEX, MAUBEUGE, NAMUR, RAIL_END_HEX, Game

NORMAL, EMERGENCY = "normal", "emergency"
_MAX_CACHE = 256


def _cache(g: Game) -> dict:
    c = g.rules.supply_cache
    if len(c) > _MAX_CACHE:
        c.clear()
    return c


def source_key(g: Game, pid: int) -> str:
    """The supply nationality of a piece: its nationality, ``RN`` for the Royal Naval
    Division (Antwerp supplies it, 12.3)."""
    if g.state.pieces[pid].type == "BR-RN":
        return "RN"
    return g.rules.kinds[g.state.pieces[pid].type].nat


def sources(g: Game, key: str, side: str) -> list[str]:
    """Friendly-controlled supply-source hexes for nationality ``key`` (11.2.4, 11.2.5)."""
    nat = "BR" if key == "RN" else key
    out = []
    for h in board.HEX_IDS:
        tokens = str(board.hexattr(g, h, "supply", "") or "").split()
        if nat in tokens and board.control(g, h) == side:
            out.append(h)
    if key in ("BE", "RN") and board.control(g, "52") == "allied" and "52" not in out:
        out.append("52")  # GI 11.2.4, 12.3: Antwerp until German-controlled
    if key == "GE" and g.option("german_5") and g.turn >= 5 and board.control(g, "52") == "german":
        out.append("52")  # GI 13.3 b 5: Antwerp a German source from turn 5
    if key in ("BR", "RN"):
        for port in g.get("gi_landed_ports") or []:  # GI 13.3 a 4
            if board.control(g, port) == "allied" and port not in out:
                out.append(port)
    return out


def rail_end_in_effect(g: Game) -> bool:
    """11.2.1 d: the Rail Net Ends marker takes effect once the Namur fort is eliminated, until
    it is removed."""
    return bool(g.get("gi_rail_end_placed")) and board.fort_eliminated(g, "FT-NAMUR")


def emergency_available(g: Game) -> bool:
    """11.2.1 c: from turn 3 while the Maubeuge fort (or, note, the Namur fort) stands."""
    if g.turn < 3:
        return False
    return not board.fort_eliminated(g, "FT-MAUBEUGE") or not board.fort_eliminated(g, "FT-NAMUR")


def _passable(g: Game, h: str, side: str, attrition: bool, emergency: bool) -> bool:
    if not board.is_rail(g, h):
        return False
    if board.control(g, h) != side:
        # GI 11.2.1 b: through enemy Cavalry Control in the Attrition segment
        if not (attrition and board.cavalry_control(g, h) and board.cavalry_control(g, h) != side):
            return False
    if not emergency:
        for f in board.forts_at(g, h):
            if board.besieged(g, f):
                return False  # GI 11.2.1 a
    return True


def rail_net(g: Game, side: str, key: str, attrition: bool = False,
             emergency: bool = False) -> frozenset[str]:
    """The friendly rail hexes connected by railway to a source of ``key`` (or, with
    ``emergency``, to hex 44)."""
    ck = ("net", g.state.hash, side, key, attrition, emergency)
    cache = _cache(g)
    if ck in cache:
        return cache[ck]
    if emergency:
        starts = [EMERGENCY_HEX] if board.control(g, EMERGENCY_HEX) == side else []
    else:
        starts = sources(g, key, side)
    rail_end = side == "german" and rail_end_in_effect(g)
    seen = set(starts)
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        if rail_end and h == RAIL_END_HEX:
            continue  # our reading of 11.2.1 d: a German line may end in 56, not pass it
        for n in board.neighbours(g, h):
            if n in seen or not board.rail_link(g, h, n):
                continue
            if _passable(g, n, side, attrition, emergency):
                seen.add(n)
                queue.append(n)
    net = frozenset(seen)
    cache[ck] = net
    return net


def _reach(g: Game, h: str, net: frozenset[str], side: str, gap: int) -> bool:
    if h in net:
        return True
    for n in board.neighbours(g, h):
        if board.impassable(g, h, n):
            continue
        if n in net:
            return True
        if gap >= 2 and board.control(g, n) == side:
            for m in board.neighbours(g, n):
                if m in net and not board.impassable(g, n, m):
                    return True
    return False


def gap_of(g: Game, side: str) -> int:
    return 2 if side == "german" and g.option("german_3") else 1


def hex_status(g: Game, h: str, side: str, key: str, attrition: bool = False) -> str | None:
    """``"normal"``, ``"emergency"`` (German, 11.2.1 c) or None: whether units of ``key``
    of ``side`` in hex ``h`` are in supply."""
    ck = ("hex", g.state.hash, h, side, key, attrition)
    cache = _cache(g)
    if ck in cache:
        return cache[ck]
    gap = gap_of(g, side)
    out = None
    if _reach(g, h, rail_net(g, side, key, attrition), side, gap):
        out = NORMAL
    elif side == "german" and emergency_available(g) and \
            _reach(g, h, rail_net(g, side, key, attrition, emergency=True), side, gap):
        out = EMERGENCY
    cache[ck] = out
    return out


def supplied(g: Game, pid: int, attrition: bool = False) -> bool:
    """Whether piece ``pid`` (on a hex) is in supply now, normal or emergency."""
    loc = g.state.pieces[pid].loc
    if not board.is_hex(loc):
        return False
    k = g.rules.kinds[g.state.pieces[pid].type]
    return hex_status(g, loc, k.side, source_key(g, pid), attrition) is not None


def status(g: Game, pid: int, attrition: bool = False) -> str | None:
    loc = g.state.pieces[pid].loc
    if not board.is_hex(loc):
        return None
    k = g.rules.kinds[g.state.pieces[pid].type]
    return hex_status(g, loc, k.side, source_key(g, pid), attrition)


def hex_supplied(g: Game, h: str, side: str, key: str | None = None) -> bool:
    """Whether ``h`` can trace supply for ``side`` (for ``key``, or for any nationality of the
    side): the reading used where the rules say a hex "can trace supply" (5.2, 7.1, 3.2.4)."""
    keys = [key] if key else (["GE"] if side == "german" else ["FR", "BR", "BE"])
    return any(hex_status(g, h, side, k) is not None for k in keys)


def supplied_if_at(g: Game, h: str, side: str, key: str, becomes_friendly: bool) -> bool:
    """Whether units of ``key`` would be in supply in ``h`` after moving there (8.4.3 a): the
    current net, with ``h`` joining it when the move takes control of a rail hex linked to it."""
    if hex_status(g, h, side, key) is not None:
        return True
    if becomes_friendly and board.is_rail(g, h):
        for emergency in ((False, True) if side == "german" and emergency_available(g) else (False,)):
            net = rail_net(g, side, key, emergency=emergency)
            if any(n in net and board.rail_link(g, h, n) for n in board.neighbours(g, h)):
                return True
    return False


def distance_to_supply(g: Game, side: str, key: str) -> dict[str, int]:
    """Hexes → fewest hexes to a hex where units of ``key`` are supplied (8.4.3 c: an
    out-of-supply unit may only enter hexes that bring it closer)."""
    ck = ("dist", g.state.hash, side, key)
    cache = _cache(g)
    if ck in cache:
        return cache[ck]
    dist = {h: 0 for h in board.HEX_IDS if hex_status(g, h, side, key) is not None}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        for n in board.neighbours(g, h):
            if n not in dist and not board.impassable(g, h, n):
                dist[n] = dist[h] + 1
                queue.append(n)
    cache[ck] = dist
    return dist
