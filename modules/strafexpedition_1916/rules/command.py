"""Brigades, HQs, the Brigade Display and the command radius (3.0, 8.0, 10.4).

The Brigade Display (BD) of each side has five boxes (8.2): ``bd:<side>:1`` no artillery,
``:2`` 1–5 artillery, ``:3`` 6–10, ``:4`` 11–15, ``:5`` not activated. An HQ waits in box 5;
the Command Phase plans send HQs to boxes 1–4 (secretly, until both sides have committed); an
activated HQ goes on the map, is flipped at step H (14.0) and comes back to box 5 in Phase 11.

Activation cost (8.3): 1 LP per brigade plus 1 LP per 5 (or part of 5) artillery units,
fortresses included — so the LP of box ``k`` are ``k`` (its artillery tier plus the brigade).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine import commands as C

from . import board
from .game import ATTACHABLE, other

if TYPE_CHECKING:
    from .game import Game

BOXES = (1, 2, 3, 4)
NOT_ACTIVATED = 5
ARTILLERY_PER_BOX = {1: 0, 2: 5, 3: 10, 4: 15}      # 8.2: the most each box allows


def box_loc(side: str, box: int) -> str:
    return f"bd:{side}:{box}"


def box_of_loc(loc: str) -> int | None:
    parts = loc.split(":")
    if len(parts) == 3 and parts[0] == "bd" and parts[2].isdigit():
        return int(parts[2])
    return None


def box_cost(box: int) -> int:
    """8.3: 1 LP for the brigade + 1 per 5 (or part of 5) artillery units of the box."""
    return 1 + (ARTILLERY_PER_BOX[box] + 4) // 5


def box_words(box: int) -> str:
    return {1: "no artillery", 2: "1-5 artillery", 3: "6-10 artillery", 4: "11-15 artillery"}[box]


def hq_pieces(g: "Game", side: str) -> dict[str, int]:
    """Brigade → its HQ piece (any on the table: BD, map or reinforcements)."""
    def build():
        out = {}
        for pid, piece in g.state.pieces.items():
            t = g.module.piece_types[piece.type]
            if t.kind == "hq" and t.side == side:
                out[str(t.attrs.get("brigade"))] = pid
        return out
    return g.memo(("hqs", side), build)


def brigade_name(g: "Game", side: str, brigade: str) -> str:
    pid = hq_pieces(g, side).get(brigade)
    return g.name(pid).replace(" HQ", "") if pid is not None else brigade


def brigade_units(g: "Game", side: str, brigade: str) -> list[int]:
    """The brigade's combat units on the map."""
    return sorted(p for loc, pids in board.occupied(g, side).items() for p in pids
                  if board.brigade_of(g, p) == brigade)


def hq_brigade(g: "Game", hq: int) -> str:
    return str(g.ptype(hq).attrs.get("brigade") or "")


def initiative_value(g: "Game", hq: int) -> int:
    """15.0: the HQ's Initiative Value, its first number."""
    return int(g.face_value(hq, 0, "initiative", 0))


def radius(g: "Game", hq: int) -> int:
    return int(g.face_value(hq, 0, "radius", 0))


def in_play(g: "Game", side: str) -> list[str]:
    """Brigades that may be planned: HQ on the BD (entered, 21.3) and units on the map."""
    out = []
    for brigade, hq in sorted(hq_pieces(g, side).items()):
        loc = g.where(hq)
        if loc.startswith(f"bd:{side}:") and brigade_units(g, side, brigade):
            out.append(brigade)
    return out


def frozen(g: "Game", side: str, pid: int | None = None, loc: str | None = None) -> bool:
    """Sc 5 special rule 1: no Italian unit in the East sector may be activated or move until an
    AH unit has crossed the initial front line there."""
    if side != "IT" or not g.sattr("east_freeze_rule", g.sattr("east_sector_freeze")) or g.get("se_east_open"):
        return False
    where = loc if loc is not None else g.where(pid)
    return g.data.sector.get(where) == "East"


def brigade_frozen(g: "Game", side: str, brigade: str) -> bool:
    return any(frozen(g, side, p) for p in brigade_units(g, side, brigade))


def attachable(g: "Game", pid: int) -> bool:
    """8.4: independent Alpini, Bersaglieri, Territorial Militia or Finance Guard."""
    t = g.ptype(pid)
    return bool(t.attrs.get("independent")) and t.unit_type in ATTACHABLE


def command_area(g: "Game", hq: int, side: str, interest: Iterable[str]) -> tuple[list[str], list[str]]:
    """8.1 and 3.0: the hexes in command of the HQ: within its radius (the unit's hex counted,
    the HQ's not), never through enemy units; through a hex in an enemy ZoC not negated by a
    friendly unit only on a die of 4–6 (1–3: no unit is in command through that hex). Terrain has
    no effect. Reading: the die is rolled once per such hex, at activation, and only for a hex
    the radius must pass through to reach a hex of ``interest`` (friendly units it could command)
    not yet reached. Returns (area, the hexes whose die closed them)."""
    start = g.where(hq)
    r = radius(g, hq)
    enemy = board.occupied(g, other(side))
    data = g.data
    want = {h for h in interest if data.hex_distance(start, h) <= r}
    area = {start: 0}
    closed: list[str] = []
    frontier = [start]
    for d in range(r):
        nxt = []
        for u in sorted(frontier):
            if u != start and board.enemy_zoc(g, side, u, negated=True):
                useful = any(h not in area and data.hex_distance(u, h) <= r - d for h in want)
                if not useful:
                    continue
                roll = g.roll(f"command radius of {g.name(hq)} through {u} (8.1: 1-3 blocked)", "1d6")
                if roll <= 3:
                    closed.append(u)
                    g.note(f"Command radius of {g.name(hq)}: die {roll}, blocked through {g.hex_name(u)} (8.1).")
                    continue
                g.note(f"Command radius of {g.name(hq)}: die {roll}, passes through {g.hex_name(u)} (8.1).")
            for v in data.nbrs[u]:
                if v in area or enemy.get(v):
                    continue
                area[v] = d + 1
                nxt.append(v)
        frontier = nxt
    return sorted(area), closed


def place_hq(g: "Game", hq: int, loc: str) -> None:
    g.do(C.SetFace(hq, 0))
    g.do(C.Move(hq, loc))


def return_hq(g: "Game", hq: int, box: int = NOT_ACTIVATED) -> None:
    g.do(C.SetFace(hq, 0))
    g.do(C.Move(hq, box_loc(g.side_of(hq), box)))
