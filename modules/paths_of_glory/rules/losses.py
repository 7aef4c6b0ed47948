"""Taking combat losses (12.4): which step a side may lose next, and carrying it out.

* 12.4.2 each level removed counts its LF toward the Loss Number (LN);
* 12.4.3 a side takes as much of the LN as it can without exceeding it — never less when the
  exact LN can be met, never more. :func:`legal_steps` allows a step only if the most the side
  can still take after it, plus its LF, equals the most it can take now;
* 12.4.4 an eliminated reduced army is replaced at once by a full (else reduced) corps of its
  nationality from the Reserve Box; with none it is eliminated permanently; 12.4.4.3 the BEF
  army only by the BEF corps, the BEF corps only for the BEF army;
* 12.4.5 when British units (or the RU CAU army) attack, the first loss goes to the first unit
  of the priority list (``loss_priority`` attribute) that can take it without exceeding the LN;
* 12.4.6 / 15.1.7 a defending fort takes a loss only once every defending unit (replacement
  corps included) is gone and enough LN remains to reach its LF: it is then destroyed;
* 12.4.7 armies are eliminated permanently when OOS, with no reserve corps, or marked with a
  dot (``perm_elim``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine import commands as C

from . import board, sieges, supply

if TYPE_CHECKING:
    from .game import Game

FORT = "fort"


def faces(g: "Game", pid: int) -> int:
    return len(g.ptype(pid).faces)


def step_costs(g: "Game", pid: int) -> tuple[int, ...]:
    """The LF of each level the unit still has, top first (12.4.2)."""
    pt = g.ptype(pid)
    face = g.state.pieces[pid].face
    return tuple(int(pt.faces[f].values.get("lf") or 0) for f in range(face, len(pt.faces)))


def replacement_class(g: "Game", pid: int) -> str | None:
    """Which reserve corps may replace this army (12.4.4.3); None for corps and dotted armies
    that have no replacement worth searching (they still take one if available)."""
    if not board.is_army(g, pid):
        return None
    pt = g.ptype(pid)
    return ("BEF" if pt.attrs.get("bef") else pt.nationality)


def reserve_corps(g: "Game", side: str, cls: str) -> list[int]:
    """Reserve-box corps of a replacement class, full-strength ones first (12.4.4). The RU
    cavalry corps never replace an eliminated army (AP #57)."""
    out = []
    for pid in g.state.stacks.get(f"reserve:{side}", ()):
        if not board.is_unit(g, pid) or board.is_army(g, pid):
            continue
        pt = g.ptype(pid)
        if pt.attrs.get("cavalry"):
            continue                                              # AP #57 Russian Cavalry
        bef = bool(pt.attrs.get("bef"))
        if cls == "BEF" and not bef:
            continue
        if cls != "BEF" and (bef or pt.nationality != cls):
            continue
        out.append(pid)
    return sorted(out, key=lambda p: (g.state.pieces[p].face, p))


def _reserve_profile(g: "Game", side: str, classes: set[str]) -> tuple:
    return tuple(sorted((cls, tuple(step_costs(g, p) for p in reserve_corps(g, side, cls)))
                        for cls in classes))


@lru_cache(maxsize=4096)
def _best(tokens: tuple, reserves: tuple, fort: int, remaining: int) -> int:
    """The most LN that can be taken from ``tokens`` (each ``(costs, class)``) without
    exceeding ``remaining``; the fort only once every token is spent (12.4.6)."""
    best = 0
    live = [i for i, (costs, _) in enumerate(tokens) if costs]
    if not live and fort and fort <= remaining:
        best = fort
    for i in live:
        costs, cls = tokens[i]
        cost = costs[0]
        if cost > remaining:
            continue
        new_tokens, new_res = _after(tokens, reserves, i)
        best = max(best, cost + _best(new_tokens, new_res, fort, remaining - cost))
        if best == remaining:
            break
    return best


def _after(tokens: tuple, reserves: tuple, i: int) -> tuple[tuple, tuple]:
    costs, cls = tokens[i]
    rest = costs[1:]
    res = dict(reserves)
    if not rest and cls is not None and res.get(cls):
        pool = list(res[cls])
        rest = pool.pop(0)  # 12.4.4: the replacement corps takes further losses
        res[cls] = tuple(pool)
        cls = None
    new = tokens[:i] + ((rest, cls if rest else None),) + tokens[i + 1:]
    return new, tuple(sorted(res.items()))


def _tokens(g: "Game", pids: list[int]) -> tuple:
    return tuple((step_costs(g, p), replacement_class(g, p)) for p in pids)


def legal_steps(g: "Game", side: str, pids: list[int], remaining: int, fort: int = 0,
                priority: bool = False) -> list[str]:
    """Which level may be lost next: unit ids as strings, or ``"fort"`` (12.4.3–12.4.6).
    ``priority`` applies 12.4.5 (the side's first loss as a British/CAU attacker)."""
    if remaining <= 0:
        return []
    tokens = _tokens(g, pids)
    classes = {cls for _, cls in tokens if cls}
    reserves = _reserve_profile(g, side, classes)
    target = _best(tokens, reserves, fort, remaining)
    if target == 0:
        return []
    out: list[str] = []
    for i, pid in enumerate(pids):
        costs, _ = tokens[i]
        if not costs or costs[0] > remaining:
            continue
        new_tokens, new_res = _after(tokens, reserves, i)
        if costs[0] + _best(new_tokens, new_res, fort, remaining - costs[0]) == target:
            out.append(str(pid))
    if not pids and fort and fort <= remaining:
        out.append(FORT)
    if priority and out:
        ranked = sorted((int(g.ptype(p).attrs.get("loss_priority") or 99), p) for p in pids
                        if g.ptype(p).attrs.get("loss_priority")
                        and step_costs(g, p) and step_costs(g, p)[0] <= remaining)
        if ranked:  # PoG 12.4.5 overrides 12.4.3
            first = ranked[0][0]
            return [str(p) for rank, p in ranked if rank == first]
    return out


def is_oos(g: "Game", pid: int) -> bool:
    """14.1: the unit is out of supply where it stands (12.4.7)."""
    return not supply.unit_in_supply(g, pid)


def eliminate(g: "Game", pid: int, replace: bool = True, permanent: bool = False,
              retreated: bool = False) -> int | None:
    """Remove a unit from the map. A reduced (or any) army is replaced by a reserve corps
    when ``replace`` (12.4.4); returns the replacement corps' id. Armies go to the permanently
    eliminated box when ``permanent``, dotted, OOS or unreplaced (12.4.7) — except a unit that
    had ``retreated`` into the attacked space this round (12.5.6): no reserve corps replaces
    it, and it goes to the Eliminated/Replaceable box all the same (dotted and OOS armies
    still permanently, 12.4.7 cases 3 and 5). A siege the unit was part of ends at once if
    the besiegers left fall short (15.2.4)."""
    piece = g.state.pieces[pid]
    side = board.side_of(g, pid)
    loc = piece.loc
    corps = None
    if board.is_army(g, pid):
        cls = replacement_class(g, pid)
        if replace and cls and not retreated:
            candidates = reserve_corps(g, side, cls)
            if candidates:
                corps = candidates[0]
        oos = is_oos(g, pid)
        unreplaced = corps is None and not retreated  # PoG 12.4.7 case 4; 12.5.6
        perm = (permanent or unreplaced or oos or bool(g.ptype(pid).attrs.get("perm_elim")))
        g.do(C.Move(pid, f"{'perm_eliminated' if perm else 'eliminated'}:{side}"))
        if corps is not None:
            g.do(C.Move(corps, loc))
            g.note(f"PoG 12.4.4: {g.ptype(pid).name} eliminated"
                   f"{' permanently' if perm else ''}, replaced by a {g.ptype(corps).name}")
        else:
            g.note(f"PoG 12.4.7: {g.ptype(pid).name} eliminated{' permanently' if perm else ''}")
    else:
        g.do(C.Move(pid, f"eliminated:{side}"))
        g.note(f"{g.ptype(pid).name} eliminated in {loc}")
    if board.is_space(g, loc):
        sieges.lift_if_broken(g, loc)  # PoG 15.2.4: too few besiegers left
    return corps


def take_step(g: "Game", pid: int) -> tuple[int, int | None]:
    """Remove one level of the unit (12.4.2): flip a full unit, eliminate a reduced one.
    Returns (LF counted, replacement corps or None)."""
    cost = step_costs(g, pid)[0]
    piece = g.state.pieces[pid]
    if piece.face + 1 < faces(g, pid):
        g.do(C.SetFace(pid, piece.face + 1))
        g.note(f"{g.ptype(pid).name} in {piece.loc} reduced")
        return cost, None
    return cost, eliminate(g, pid)


def destroy_fort(g: "Game", loc: str) -> int:
    """PoG 15.1.7: a fort that takes a loss is destroyed for the rest of the game (15.1.9)."""
    for m in board.markers_in(g, loc, "m_siege"):
        g.do(C.Delete(m))
    if not board.fort_destroyed(g, loc):
        g.do(C.Create("m_destroyed", loc, None, 0, {}))
    g.note(f"PoG 15.1.7: the fort of {g.module.locations[loc].name} is destroyed")
    return board.fort_value(g, loc)
