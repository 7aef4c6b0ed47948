"""Changes of control and what follows at once (8.3, 8.4.5 c, 8.4.9, 9.4.4, 9.5.3, 9.5.4, 3.2).

* :func:`update` — 8.3.3: a hex changes hands the moment the opponent has supplied combat units
  in it and no friendly combat unit or un-besieged fort remains (Antwerp, 12.5.1: only once its
  fort is gone and no Belgian combat unit remains; under "Invade Holland" once its fort is
  besieged, 13.3 b 5); cavalry alone takes it under Cavalry Control (8.3.4). Then: Block
  markers (8.4.5 c), a Plan 17 chit (3.2.1), a German chit going back (3.2.4), Paris (3.2.4),
  Trier (Allied automatic victory, 3.2.4).
* :func:`lone_pieces` — 9.5.4: an HA alone with enemy combat units is eliminated; 9.4.4: an HQ
  alone with enemy units is moved to the nearest hex with supplied friendly units and no Battle
  marker along friendly-controlled hexes, flipped, or eliminated if there is none.
* :func:`check_sieges` — 9.5.3: a siege ends when no qualifying besieger remains.
* :func:`paris_in_danger` — 8.4.9 b-f.
"""
from __future__ import annotations

from collections import deque

from engine import commands as C

from . import board, supply, vp
from .game import ANTWERP, OUT_OF_PLAY, PARIS, PD_BOX, TRIER, Game, other


def _antwerp_blocks(g: Game, loc: str, taker: str) -> bool:
    if loc != ANTWERP or taker != "german":
        return False
    forts = board.forts_at(g, loc, "allied")
    if g.option("german_5"):
        return any(not board.besieged(g, f) for f in forts)  # GI 13.3 b 5
    belgians = [p for p in board.units_at(g, loc, "allied") if g.nat(p) == "BE"]
    return bool(forts or belgians)  # GI 12.5.1


def update(g: Game, loc: str) -> bool:
    """Apply 8.3.3 to hex ``loc``; True if its control changed."""
    if not board.is_hex(loc):
        return False
    cur = board.control(g, loc)
    if board.holds(g, loc, cur):
        cav = board.cavalry_control(g, loc)
        if cav == cur and any(board.kind(g, p).infantry for p in board.units_at(g, loc, cur)):
            board.set_control(g, loc, cur)  # GI 8.3.4: infantry replaces Cavalry Control
        return False
    taker = other(cur)
    takers = [p for p in board.units_at(g, loc, taker) if supply.supplied(g, p)]
    if not takers or _antwerp_blocks(g, loc, taker):
        return False
    cavalry = all(board.kind(g, p).cavalry for p in board.units_at(g, loc, taker))
    board.set_control(g, loc, taker, cavalry=cavalry)
    g.note(f"{g.place(loc)} passes to {'Allied' if taker == 'allied' else 'German'} control"
           + (" (Cavalry Control)" if cavalry else ""))
    after_change(g, loc, taker)
    return True


def take_empty(g: Game, loc: str, side: str, pids: list[int]) -> bool:
    """Entry note 4: entering an empty enemy-controlled hex changes its control at once (by
    supplied combat units, 8.3.3; HQs and HA never change control)."""
    if board.control(g, loc) == side:
        return False
    return update(g, loc)


def after_change(g: Game, loc: str, taker: str) -> None:
    board.check_blocks(g)
    if taker == "allied":
        vp.draw_plan17(g, loc)  # GI 3.2.1
        for chit in vp.chits_at(g, loc, vp.GERMAN_CUP):  # GI 3.2.4
            vp.return_german(g, chit, f"the Allies retake {g.place(loc)}: its chit goes back")
        if loc == TRIER:  # GI 3.2.4
            g.finish("allied", "automatic victory",
                     "The Allies control Trier (94): Allied automatic victory (3.2.4).")
            return
    if loc == PARIS:
        paris_changed(g, taker)


def paris_changed(g: Game, taker: str) -> None:
    """3.2.4: the first capture of Paris calls the German immediate-victory check at the end
    of that turn; afterwards the 10 Paris VP count for the German while he holds Paris."""
    marker = vp.paris_marker(g)
    if taker == "german":
        if not g.get("gi_paris_first_turn"):
            g.set("gi_paris_first_turn", g.turn)
        elif g.get("gi_immediate_checked") and not g.get("gi_paris_credited"):
            g.set("gi_paris_credited", True)
            if marker is not None:
                g.do(C.SetFace(marker, 1))
            vp.add(g, "german", 10, "Paris German-controlled again")
    elif g.get("gi_paris_credited"):
        g.set("gi_paris_credited", False)
        if marker is not None:
            g.do(C.SetFace(marker, 0))
        vp.add(g, "german", -10, "Paris back under Allied control")


# -- pieces left alone --------------------------------------------------------------------------------
def hq_refuge(g: Game, loc: str, side: str) -> str | None:
    """9.4.4: the nearest hex holding supplied friendly units and no Battle marker, reached
    through friendly-controlled hexes (any distance); ties to the most units, then the lowest
    number (our reading: the rule names no tie-break)."""
    battles = set(board.battle_hexes(g))
    seen = {loc}
    frontier = [loc]
    while frontier:
        found = []
        nxt = []
        for h in frontier:
            for n in board.neighbours(g, h):
                if n in seen or board.impassable(g, h, n) or board.blocked(g, h, n, side):
                    continue
                seen.add(n)
                if board.control(g, n) != side:
                    continue
                nxt.append(n)
                units = [p for p in board.units_at(g, n, side) if supply.supplied(g, p)]
                if units and n not in battles and not board.units_at(g, n, other(side)):
                    found.append((-len(units), int(n), n))
        if found:
            return min(found)[2]
        frontier = nxt
    return None


def lone_pieces(g: Game, loc: str) -> None:
    """9.5.4 (HA alone with enemy combat units: eliminated) and 9.4.4 (an HQ alone with enemy
    units: displaced, flipped; eliminated with no refuge)."""
    if not board.is_hex(loc):
        return
    for side in ("allied", "german"):
        if board.units_at(g, loc, side):
            continue
        foe = other(side)
        enemy_units = board.units_at(g, loc, foe)
        for ha in board.has_at(g, loc, side):
            if enemy_units:
                board.eliminate(g, ha, "9.5.4: alone with enemy combat units")
        hqs = board.hqs_at(g, loc, side)
        if hqs and (enemy_units or board.live_forts(g, loc, foe)):
            displace_hqs(g, loc, side, hqs)


def displace_hqs(g: Game, loc: str, side: str, hqs: list[int]) -> None:
    refuge = hq_refuge(g, loc, side)
    for hq in hqs:
        if refuge is None:
            board.eliminate(g, hq, "9.4.4: no friendly path to a refuge")
            continue
        g.do(C.Move(hq, refuge))
        if g.face(hq) == 0:
            g.do(C.SetFace(hq, 1))
        g.note(f"{g.name(hq)} withdraws to {g.place(refuge)} and is flipped (9.4.4)")


# -- sieges ------------------------------------------------------------------------------------------
def can_besiege(g: Game, fort: int, pids: list[int]) -> bool:
    """9.5.2, 9.5.3: a non-DG infantry unit (an infantry corps for a garrisoned fort)."""
    garrison = bool(g.ptype(fort).attrs.get("garrison"))
    for p in pids:
        k = board.kind(g, p)
        if k.infantry and not board.dg(g, p) and (k.corps or not garrison):
            return True
    return False


def check_sieges(g: Game, loc: str) -> None:
    """9.5.3: a siege lasts until the forts fall or no qualifying besieger remains."""
    for f in board.forts_at(g, loc):
        if not board.besieged(g, f):
            continue
        foes = board.units_at(g, loc, other(board.kind(g, f).side))
        if not can_besiege(g, f, foes):
            g.do(C.RemoveMarker(f, "besieged"))
            g.note(f"The siege of {g.ptype(f).name} is lifted (9.5.3)")


def start_sieges(g: Game, loc: str) -> None:
    """9.5.3: at the end of a battle a fort is besieged when the enemy has a qualifying
    infantry unit in the hex and the fort's side has no other unit there (Antwerp never, 12.5.1,
    except under "Invade Holland", 13.3 b 5)."""
    for f in board.forts_at(g, loc):
        if board.besieged(g, f):
            continue
        side = board.kind(g, f).side
        if board.movers_at(g, loc, side):
            continue
        if loc == ANTWERP and not g.option("german_5"):
            continue
        if can_besiege(g, f, board.units_at(g, loc, other(side))):
            g.do(C.AddMarker(f, "besieged"))
            g.note(f"{g.ptype(f).name} is besieged (9.5.3)")


def settle(g: Game, locs) -> None:
    """Everything 8.3.3, 8.4.5 c, 9.4.4, 9.5.3 and 9.5.4 ask after pieces have moved."""
    for loc in dict.fromkeys(locs):
        if not board.is_hex(loc):
            continue
        check_sieges(g, loc)
        lone_pieces(g, loc)
        update(g, loc)
        if g.get("outcome"):
            return
    board.check_blocks(g)


# -- Paris in Danger (8.4.9) -----------------------------------------------------------------------------
def pd_trigger(g: Game, loc: str, pids: list[int]) -> None:
    """8.4.9 b: from turn 3 the first time supplied German combat units move adjacent to a
    Paris-in-Danger hex (the PD box: "enter or move adjacent")."""
    if g.turn < 3 or g.get("gi_pd_turn"):
        return
    near = board.hexattr(g, loc, "paris_ring") or any(
        board.hexattr(g, n, "paris_ring") for n in board.neighbours(g, loc))
    if not near:
        return
    if not any(board.kind(g, p).combat and supply.supplied(g, p) for p in pids):
        return
    paris_in_danger(g)


def paris_in_danger(g: Game) -> None:
    """8.4.9 b-f: the Allied emergency and its effects."""
    g.set("gi_pd_turn", g.turn)
    g.note("Paris in Danger (8.4.9): an Allied emergency"
           + ("; the Allies must declare their General Retreat this turn or next"
              if not g.s3 and not g.get("gi_gr_allied") else ""))
    nxt = f"turn-{g.turn + 1}"
    for pid in list(g.state.pieces):
        pt = g.ptype(pid)
        if pt.id == "FR-HQALS" and g.loc(pid) not in (OUT_OF_PLAY,):
            board.remove_from_play(g, pid, OUT_OF_PLAY, "8.4.9 c: HQ Alsace removed")
    for pid in list(g.state.stacks.get(PD_BOX, ())):
        pt = g.ptype(pid)
        pd = str(pt.attrs.get("pd", ""))
        if pd == "R" and nxt in g.module.locations:
            g.do(C.Move(pid, nxt))
            g.do(C.SetProp(pid, "entry", "?"))
            g.note(f"{pt.name} goes to turn {g.turn + 1} (8.4.9 d)")
        elif pd.isdigit():
            if board.control(g, pd) == "allied" and not board.over_stacked(g, pd, "allied", [pid]):
                g.do(C.Move(pid, pd))
                g.note(f"{pt.name} is placed in {g.place(pd)} (8.4.9 e)")
            elif nxt in g.module.locations:
                g.do(C.Move(pid, nxt))
                g.do(C.SetProp(pid, "entry", "?"))
    ix_minus = next((p for p in g.state.pieces if g.state.pieces[p].type == "FR-IXm"), None)
    ix_pd = next((p for p in g.state.pieces if g.state.pieces[p].type == "FR-IX-PD"), None)
    if ix_minus is not None and ix_pd is not None and g.loc(ix_pd) == PD_BOX:
        where = g.loc(ix_minus)
        if board.is_hex(where) and not board.over_stacked(g, where, "allied", [ix_pd], [ix_minus]):
            g.do(C.Move(ix_pd, where))
            g.note(f"IX Corps PD replaces IX Corps (-) in {g.place(where)} (8.4.9 f)")
        elif nxt in g.module.locations:
            g.do(C.Move(ix_pd, nxt))
            g.do(C.SetProp(ix_pd, "entry", "?"))
            g.note(f"IX Corps PD enters as a variable reinforcement on turn {g.turn + 1} (8.4.9 f)")
        board.remove_from_play(g, ix_minus, OUT_OF_PLAY, "8.4.9 f: out of play for the rest of the game")


def bfs_friendly(g: Game, start: str, side: str, limit: int) -> dict[str, int]:
    """Hexes reachable from ``start`` through friendly-controlled hexes within ``limit``."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if dist[h] >= limit:
            continue
        for n in board.neighbours(g, h):
            if n not in dist and board.control(g, n) == side and not board.impassable(g, h, n):
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist
