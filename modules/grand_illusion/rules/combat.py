"""The Battle Map (9.2) and combat (9.3): placement rules, the players' placement decisions,
the combats space by space, reserves, losses, Élan, and the HA bombardment (9.5.4).

Placement (the owners place their own units; the defender first, then the attacker, who sees
the defender's line, 9.1.3 f):

* a space holds one corps, or two divisions/brigades of one nationality and one arm, or one fort
  (9.2.2);
* the defender places every combat unit and fort of the hex, DG ones too; beyond four spaces the
  excess returns to the hex forts first, then DG units, brigades, divisions, corps (9.2.2);
* the attacker faces the defenders with his units (never forts): first every space facing a
  non-DG defender, then those facing DG units or forts; his best units first (non-DG corps or
  paired divisions, infantry divisions, brigades, cavalry divisions, DG units); cavalry never
  faces a fort; he may leave DG units in the hex (9.2.3 a) — except French DG units on Offensive à
  Outrance in turns 1-4, which go to the front first (FoW 6/11, our reading of 9.2.3 a);
* excess non-DG attackers may go into reserve behind defenders they face; unopposed DG
  defenders return to the hex; unopposed non-DG defenders and forts may go into reserve (9.2.5);
  no DG unit in reserve (9.8.2); cavalry never in reserve opposite front-line infantry, except
  British cavalry (9.6.1); defending non-DG front-line cavalry may withdraw (9.6.2).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, retreat
from .bmap import battle, front, on_map, reserve, set_battle, spaces
from .decision import Decision
from .game import WORD, Game, other

ROLE_TEXT = {"defender": "place every defending unit and fort in your front-line spaces (9.2.2)",
             "attacker": "face the defenders with your units; excess non-DG units may go into "
                         "reserve (9.2.3, 9.2.5)",
             "defender_reserve": "put unopposed units in reserve, withdraw front-line cavalry if "
                                 "you wish (9.2.5, 9.6.2)"}


# -- what stands where ----------------------------------------------------------------------------------
def space_of(g: Game, pid: int) -> str:
    loc = g.loc(pid)
    return loc if loc.startswith("bm-") else ""


def group_at(g: Game, space: str) -> list[int]:
    return list(g.state.stacks.get(space, ()))


def space_problem(g: Game, pids: list[int]) -> str:
    """9.2.2: one corps, or two divisions/brigades (one nationality, one arm), or one fort."""
    if len(pids) <= 1:
        return ""
    if len(pids) > 2:
        return "a space holds one corps, two divisions or brigades, or one fort"
    ks = [board.kind(g, p) for p in pids]
    if any(k.fort for k in ks) or any(k.size == "corps" for k in ks):
        return "a corps or a fort stands alone in its space"
    if ks[0].nat != ks[1].nat:
        return "paired divisions or brigades are of one nationality"
    if ks[0].cavalry != ks[1].cavalry:
        return "infantry never pairs with cavalry"
    return ""


def is_dg_group(g: Game, pids: list[int]) -> bool:
    return all(board.dg(g, p) for p in pids if board.kind(g, p).combat)


def stay_rank(g: Game, pid: int) -> int:
    """9.2.2: the order in which excess defenders return (1 first)."""
    k = board.kind(g, pid)
    if k.fort:
        return 1
    if board.dg(g, pid):
        return 2
    return {"brigade": 3, "division": 4}.get(k.size, 5)


def attack_rank(g: Game, pids: list[int]) -> int:
    """9.2.3 a: the attacker's placement priority (lower first)."""
    b = battle(g)
    if oao_french_dg(g, pids, b):
        return 0
    if is_dg_group(g, pids):
        return 5
    ks = [board.kind(g, p) for p in pids]
    if len(pids) == 2 or ks[0].size == "corps":
        return 1
    if ks[0].cavalry:
        return 4
    return 2 if ks[0].size == "division" else 3


def oao_french_dg(g: Game, pids: list[int], b: dict) -> bool:
    return bool(b.get("oao")) and b.get("attacker") == "allied" and all(
        board.dg(g, p) and board.kind(g, p).nat == "FR" for p in pids)


def defenders_in_hex(g: Game) -> list[int]:
    b = battle(g)
    side = b["defender"]
    return board.units_at(g, b["hex"], side) + board.forts_at(g, b["hex"], side)


def attack_pool(g: Game) -> list[int]:
    """The attacker's units that may stand on the Battle Map."""
    b = battle(g)
    side, hex_ = b["attacker"], b["hex"]
    if b.get("counter"):
        pool = board.units_at(g, hex_, side)
    else:
        pool = [p for p in b["attackers"] if p in g.state.pieces and board.kind(g, p).combat]
    out = []
    for p in pool:
        if board.kind(g, p).side != side:
            continue
        if g.loc(p) not in [hex_] + spaces(side):
            continue
        if board.defend_only(g, p) and not b.get("oao_any"):
            continue  # GI 2.4 (parentheses attack only on FoW 6/11)
        out.append(p)
    return out


def def_front(g: Game) -> dict[int, list[int]]:
    b = battle(g)
    return {k: group_at(g, front(b["defender"], k)) for k in range(1, 5)
            if group_at(g, front(b["defender"], k))}


def att_front(g: Game) -> dict[int, list[int]]:
    b = battle(g)
    return {k: group_at(g, front(b["attacker"], k)) for k in range(1, 5)
            if group_at(g, front(b["attacker"], k))}


def faces_kind(g: Game, grp: list[int]) -> str:
    if any(board.kind(g, p).fort for p in grp):
        return "fort"
    return "dg" if is_dg_group(g, grp) else "nondg"


def has_infantry(g: Game, grp: list[int]) -> bool:
    return any(board.kind(g, p).infantry for p in grp)


def can_face(g: Game, pids: list[int], target: list[int]) -> bool:
    """9.6.1, 9.5.1: cavalry never attacks a fort."""
    if faces_kind(g, target) == "fort" and any(board.kind(g, p).cavalry for p in pids):
        return False
    return True


def reserve_problem(g: Game, pids: list[int], opposite: list[int]) -> str:
    if any(board.dg(g, p) for p in pids):
        return "Disorganized units are never placed in reserve (9.8.2)"
    for p in pids:
        k = board.kind(g, p)
        if k.cavalry and has_infantry(g, opposite) and k.nat != "BR":
            return "cavalry may not be in reserve opposite front-line infantry (9.6.1)"
    return ""


# -- legality of a whole placement ---------------------------------------------------------------------
def defender_problem(g: Game) -> Violation | None:
    b = battle(g)
    side = b["defender"]
    units = defenders_in_hex(g) + on_map(g, side)
    placed = {p for k in range(1, 5) for p in group_at(g, front(side, k))}
    for k in range(1, 5):
        why = space_problem(g, group_at(g, front(side, k)))
        if why:
            return Violation("GI 9.2.2", why)
    left = [p for p in units if p not in placed]
    if left:
        if len(def_front(g)) < 4:
            return Violation("GI 9.2.2", "the defender places every combat unit and fort while "
                                         "front-line spaces remain")
        if placed and max(stay_rank(g, p) for p in left) > min(stay_rank(g, p) for p in placed):
            return Violation("GI 9.2.2", "excess units return to the hex forts first, then DG "
                                         "units, brigades, divisions, corps")
    return None


def attacker_problem(g: Game) -> Violation | None:
    b = battle(g)
    side = b["attacker"]
    dfront = def_front(g)
    afront = att_front(g)
    pool = attack_pool(g)
    for s in spaces(side):
        grp = group_at(g, s)
        why = space_problem(g, grp)
        if why:
            return Violation("GI 9.2.2", why)
        if any(board.kind(g, p).fort for p in grp):
            return Violation("GI 9.5.1", "forts never attack")
    for k, grp in afront.items():
        if k not in dfront:
            return Violation("GI 9.2.3", "attackers stand facing defenders (excess units go into "
                                         "reserve)")
        if not can_face(g, grp, dfront[k]):
            return Violation("GI 9.6.1", "cavalry may not attack a fort")
    for k in range(1, 5):
        grp = group_at(g, reserve(side, k))
        if not grp:
            continue
        if k not in dfront:
            return Violation("GI 9.2.5", "a reserve stands behind a space facing a defender")
        why = reserve_problem(g, grp, dfront[k])
        if why:
            return Violation("GI 9.2.5", why)
    in_front = {p for grp in afront.values() for p in grp}
    out = [p for p in pool if p not in in_front]
    must = [p for p in out if not board.dg(g, p) or oao_french_dg(g, [p], b)]
    free = [k for k in dfront if k not in afront]
    free_nd = [k for k in free if faces_kind(g, dfront[k]) == "nondg"]
    if free_nd and any(faces_kind(g, dfront[k]) != "nondg" for k in afront):
        return Violation("GI 9.2.3", "every space facing a non-Disorganized defender is filled "
                                     "before any facing a DG unit or a fort")
    for k in free:
        if any(can_face(g, [p], dfront[k]) for p in must):
            return Violation("GI 9.2.3", "every defender is faced before units go into reserve "
                                         "or stay in the hex")
    nd_ranks = [attack_rank(g, grp) for k, grp in afront.items() if faces_kind(g, dfront[k]) == "nondg"]
    for k, grp in afront.items():
        if faces_kind(g, dfront[k]) != "nondg" and nd_ranks and attack_rank(g, grp) < max(nd_ranks):
            return Violation("GI 9.2.3", "the best units face the non-Disorganized defenders first")
    for k, grp in afront.items():
        r = attack_rank(g, grp)
        for p in out:
            if attack_rank(g, [p]) < r and can_face(g, [p], dfront[k]) and \
                    (not board.dg(g, p) or oao_french_dg(g, [p], b)):
                return Violation("GI 9.2.3", "the attacker places his best units first (non-DG "
                                             "corps, divisions, brigades, cavalry, then DG units)")
    return None


def defender_reserve_problem(g: Game) -> Violation | None:
    b = battle(g)
    side = b["defender"]
    afront = att_front(g)
    for k in range(1, 5):
        grp = group_at(g, reserve(side, k))
        if not grp:
            continue
        why = space_problem(g, grp) or reserve_problem(g, grp, afront.get(k, []))
        if why:
            return Violation("GI 9.2.5", why)
    return None


# -- automatic placements -------------------------------------------------------------------------------
def _groups_for(g: Game, pids: list[int], pair: bool) -> list[list[int]]:
    """Corps alone; divisions and brigades paired by nationality and arm when ``pair``."""
    singles = [p for p in pids if board.kind(g, p).size == "corps" or board.kind(g, p).fort]
    small = [p for p in pids if p not in singles]
    out = [[p] for p in singles]
    if not pair:
        return out + [[p] for p in small]
    buckets: dict[tuple, list[int]] = {}
    for p in small:
        k = board.kind(g, p)
        buckets.setdefault((k.nat, k.cavalry, board.dg(g, p)), []).append(p)
    for key, ps in buckets.items():
        while len(ps) >= 2:
            out.append([ps.pop(0), ps.pop(0)])
        out += [[p] for p in ps]
    return out


def auto_defend(g: Game) -> None:
    """A legal defender line: the units most worth keeping, divisions paired when they would
    not all fit."""
    b = battle(g)
    side, hex_ = b["defender"], b["hex"]
    _clear(g, side, hex_)
    units = defenders_in_hex(g)
    groups = _groups_for(g, units, pair=len(units) > 4)
    groups.sort(key=lambda grp: (-min(stay_rank(g, p) for p in grp), -len(grp)))
    for k, grp in enumerate(groups[:4], 1):
        for p in grp:
            g.do(C.Move(p, front(side, k)))


def auto_attack(g: Game) -> None:
    """A legal attacker line: the best units face the non-DG defenders first, excess non-DG
    units go into reserve."""
    b = battle(g)
    side, hex_ = b["attacker"], b["hex"]
    _clear(g, side, hex_)
    pool = attack_pool(g)
    usable = [p for p in pool if not board.dg(g, p) or oao_french_dg(g, [p], b)]
    groups = _groups_for(g, usable, pair=True)
    groups.sort(key=lambda grp: attack_rank(g, grp))
    dfront = def_front(g)
    order = sorted(dfront, key=lambda k: (faces_kind(g, dfront[k]) != "nondg", k))
    used = []
    for k in order:
        for grp in groups:
            if id(grp) in used or not can_face(g, grp, dfront[k]):
                continue
            for p in grp:
                g.do(C.Move(p, front(side, k)))
            used.append(id(grp))
            break
    for grp in groups:
        if id(grp) in used or is_dg_group(g, grp):
            continue
        for k in order:
            if not group_at(g, reserve(side, k)) and not reserve_problem(g, grp, dfront[k]):
                for p in grp:
                    g.do(C.Move(p, reserve(side, k)))
                used.append(id(grp))
                break


def _clear(g: Game, side: str, hex_: str) -> None:
    for p in on_map(g, side):
        g.do(C.Move(p, hex_))


def unopposed_dg_return(g: Game) -> None:
    """9.2.5 a: DG defenders not facing an attacker return to the hex."""
    b = battle(g)
    afront = att_front(g)
    for k, grp in def_front(g).items():
        if k not in afront and is_dg_group(g, grp) and not any(board.kind(g, p).fort for p in grp):
            for p in grp:
                g.do(C.Move(p, b["hex"]))


def defender_choices(g: Game) -> bool:
    """Whether the defender has a choice after the attacker placed (9.2.5 a, 9.6.2)."""
    b = battle(g)
    afront = att_front(g)
    for k, grp in def_front(g).items():
        if k not in afront and not is_dg_group(g, grp):
            return True
        if any(board.kind(g, p).cavalry and not board.dg(g, p) for p in grp) and k in afront:
            return True
    return False


# -- the players' placement -------------------------------------------------------------------------------
class BattlePlace(Decision):
    """9.2.2, 9.2.3, 9.2.5, 9.6.2: one side places its units on the Battle Map."""
    name = "bm_place"
    rule = "9.2"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        b = battle(g)
        return Prompt(side, "battle_map", f"{WORD[side]}: battle in {g.place(b['hex'])}: "
                                          f"{ROLE_TEXT[frame['role']]}")

    def _pieces(self, g: Game, frame: dict) -> list[int]:
        b = battle(g)
        if frame["role"] == "defender":
            return defenders_in_hex(g) + on_map(g, frame["side"])
        if frame["role"] == "attacker":
            return attack_pool(g)
        return on_map(g, frame["side"])

    def _targets(self, g: Game, frame: dict, pid: int) -> list[str]:
        side, role = frame["side"], frame["role"]
        if role == "defender":
            return [front(side, k) for k in range(1, 5)]
        if role == "attacker":
            dfront = def_front(g)
            out = [front(side, k) for k in dfront]
            if not board.dg(g, pid):
                out += [reserve(side, k) for k in dfront]
            return out
        afront = att_front(g)
        k_here = [k for k in range(1, 5) if g.loc(pid) == front(side, k)]
        if k_here and k_here[0] not in afront and not board.dg(g, pid):
            return [reserve(side, k) for k in range(1, 5)]
        return []

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side, role = frame["side"], frame["role"]
        for p in self._pieces(g, frame):
            here = g.loc(p)
            for s in self._targets(g, frame, p):
                if s == here:
                    continue
                grp = group_at(g, s)
                if len(grp) >= 2 or space_problem(g, grp + [p]):
                    continue
                yield self.offer("place", side, unit=p, space=s)
            if role != "defender_reserve" and here.startswith("bm-"):
                yield self.offer("unplace", side, unit=p)
            if role == "defender_reserve" and withdrawable(g, p):
                yield self.offer("withdraw", side, unit=p)
        yield self.offer("auto_place", side)
        if self._problem(g, frame) is None:
            yield self.offer("done", side)

    def _problem(self, g: Game, frame: dict) -> Violation | None:
        role = frame["role"]
        if role == "defender":
            return defender_problem(g)
        if role == "attacker":
            return attacker_problem(g)
        return defender_reserve_problem(g)

    def check_place(self, g: Game, frame: dict, unit: Piece, space: Loc) -> Violation | None:
        if unit not in self._pieces(g, frame):
            return Violation("GI 9.2", "that unit does not stand on this side of the Battle Map now")
        if space not in self._targets(g, frame, unit):
            if frame["role"] == "attacker" and str(space).startswith(f"bm-{frame['side']}-reserve") \
                    and board.dg(g, unit):
                return Violation("GI 9.8.2", "Disorganized units are never placed in reserve")
            return Violation("GI 9.2.3" if frame["role"] == "attacker" else "GI 9.2.2",
                             "not a space this unit may take now")
        why = space_problem(g, group_at(g, space) + [unit])
        if why:
            return Violation("GI 9.2.2", why)
        return None

    def on_place(self, g: Game, frame: dict, unit: Piece, space: Loc) -> None:
        """Place this unit in this space"""
        g.do(C.Move(unit, space))

    def check_unplace(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in self._pieces(g, frame) or not g.loc(unit).startswith("bm-") \
                or frame["role"] == "defender_reserve":
            return Violation("GI 9.2", "only a unit placed in this step goes back")
        return None

    def on_unplace(self, g: Game, frame: dict, unit: Piece) -> None:
        """Take this unit back to the battle hex"""
        g.do(C.Move(unit, battle(g)["hex"]))

    def check_withdraw(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if frame["role"] != "defender_reserve" or not withdrawable(g, unit):
            return Violation("GI 9.6.2", "only non-DG defending cavalry in a front-line space may "
                                         "withdraw")
        return None

    def on_withdraw(self, g: Game, frame: dict, unit: Piece) -> None:
        """Withdraw this cavalry from the battle"""
        withdraw_cavalry(g, unit)

    def on_auto_place(self, g: Game, frame: dict) -> None:
        """Place by the rules' priorities"""
        role = frame["role"]
        if role == "defender":
            auto_defend(g)
        elif role == "attacker":
            auto_attack(g)
        else:
            side = frame["side"]
            afront = att_front(g)
            for k, grp in def_front(g).items():
                if k in afront:
                    continue
                for r in range(1, 5):
                    if not group_at(g, reserve(side, r)) and not reserve_problem(g, grp, afront.get(r, [])):
                        for p in grp:
                            g.do(C.Move(p, reserve(side, r)))
                        break
        if self._problem(g, g.top) is None:
            g.end()

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        return self._problem(g, frame)

    def on_done(self, g: Game, frame: dict) -> None:
        """Done placing"""
        g.end()

    LINES = {
        "place": "{side}: {unit} to {space}", "unplace": "{side}: {unit} back to the hex",
        "withdraw": "{side}: {unit} withdraws (9.6.2)",
        "auto_place": "{side}: places by the rules' priorities", "done": "{side}: placement done"}


def withdrawable(g: Game, pid: int) -> bool:
    b = battle(g)
    side = b["defender"]
    k = board.kind(g, pid)
    if not k.cavalry or board.dg(g, pid) or k.side != side:
        return False
    here = g.loc(pid)
    if not here.startswith(f"bm-{side}-front-"):
        return False
    return bool(retreat_exists(g, side, b["hex"], [pid]))


def retreat_exists(g: Game, side: str, hex_: str, pids: list[int]) -> bool:
    """9.6.2: "if the withdrawal is possible" — our reading: a retreat hex exists."""
    return bool(retreat.first_step_options(g, side, hex_, pids))


def withdraw_cavalry(g: Game, pid: int) -> None:
    """9.6.2: the cavalry returns to the battle hex, DG if it faced cavalry; the reserve behind
    it moves up into the front line."""
    b = battle(g)
    side = b["defender"]
    k = int(g.loc(pid).rsplit("-", 1)[1])
    opposite = group_at(g, front(b["attacker"], k))
    g.do(C.Move(pid, b["hex"]))
    if opposite and all(board.kind(g, p).cavalry for p in opposite):
        g.do(C.SetFace(pid, 1))
        g.note(f"{g.label(pid)} withdraws from attacking cavalry and is Disorganized (9.6.2)")
    else:
        g.note(f"{g.label(pid)} withdraws from the battle (9.6.2)")
    if not group_at(g, front(side, k)):
        for p in group_at(g, reserve(side, k)):
            g.do(C.Move(p, front(side, k)))


# -- the fire ---------------------------------------------------------------------------------------------
def group_cs(g: Game, pids: list[int], defending: bool, pre: dict[int, int] | None = None) -> int:
    """9.3.1 d: paired units add their CS; 12.2: +1 to each defending British combat unit and
    Belgian infantry unit (red circle)."""
    total = 0
    for p in pids:
        face = pre.get(p) if pre else None
        v = board.cs(g, p, face)
        if defending and g.ptype(p).attrs.get("red_circle"):
            if board.kind(g, p).nat == "BR" or board.kind(g, p).infantry:
                v += 1
        total += v
    return total


def attacker_drms(g: Game, grp: list[int]) -> list[list]:
    """9.3.1 b: +TEM, +trench, -Concentric (our reading: it offsets TEM and trench but never
    makes their sum negative), -1 alpine in 102/103; +1 instead of all of them on a
    counterattack."""
    b = battle(g)
    if b.get("counter"):
        return [["counterattack (FoW 10)", 1]]
    out = []
    tem, trench, conc = b.get("tem", 0), b.get("trench", 0), b.get("conc", 0)
    if tem:
        out.append(["terrain (TEM)", tem])
    if trench:
        out.append(["entrenchment", trench])
    if conc:
        out.append(["Concentric Attack", max(conc, -(tem + trench))])
    if board.vosges(g, b["hex"]) and any(g.ptype(p).attrs.get("alpine") for p in grp):
        out.append(["alpine troops in the Vosges", -1])
    return [s for s in out if s[1]]


def attacker_drms_vs(g: Game, grp: list[int], target: list[int]) -> list[list]:
    """9.2.1: the trench covers every defending unit except forts."""
    drms = attacker_drms(g, grp)
    if any(board.kind(g, p).fort for p in target):
        drms = [d for d in drms if d[0] != "entrenchment"]
    return drms


def defender_drms(g: Game) -> list[list]:
    """9.3.2: -1 with a defending fort in the hex (not in a Skirmish); Élan: -TEM (9.3.5)."""
    b = battle(g)
    out = []
    if b.get("fort"):
        out.append(["defending fort in the hex", -1])
    if b.get("elan_drm"):
        out.append(["Élan (Plan 17 Mandated Battle)", b["elan_drm"]])
    return out


def fire(g: Game, who: str, shooters: list[int], target: list[int], defending: bool,
         pre: dict[int, int], what: str) -> bool:
    """One combat roll (9.3.1 c): a hit when the modified roll is at most the CS; a natural 1
    always hits, a natural 6 always misses; in a Skirmish only a 1 hits (FoW 4); a fort loses a
    step only on an unmodified 1 (9.5.1)."""
    b = battle(g)
    cs = group_cs(g, shooters, defending, pre)
    drms = defender_drms(g) if defending else attacker_drms_vs(g, shooters, target)
    die = g.roll(f"{WORD[who]} fire", "1d6")
    total = die + sum(d[1] for d in drms)
    if b.get("skirmish"):
        hit = die == 1
    elif any(board.kind(g, p).fort for p in target):
        hit = die == 1
    else:
        hit = die == 1 or (die != 6 and total <= cs)
    lines = list(battle(g).get("lines", []))
    lines.append({"who": who, "what": f"{what}: {g.names(shooters)} fire{'s' if len(shooters) == 1 else ''} "
                                     f"at {g.names(target)}", "column": f"CS {cs}",
                  "shifts": drms, "dice": [die], "row": str(total),
                  "result": "hit" if hit else "miss"})
    set_battle(g, lines=lines)
    if hit:
        for p in target:
            if "hit" not in g.state.pieces[p].markers:
                g.do(C.AddMarker(p, "hit"))
    return hit


def apply_losses(g: Game) -> None:
    """9.3.3: every unit or group with a Hit marker: a fort loses a step, a unit flips to DG or,
    DG, is eliminated; a pair hit loses a step each — two defending BEF divisions paired take one
    hit between them, on a non-DG one if possible (12.2)."""
    b = battle(g)
    for side in (b["attacker"], b["defender"]):
        for s in spaces(side):
            grp = group_at(g, s)
            hit = [p for p in grp if "hit" in g.state.pieces[p].markers]
            if not hit:
                continue
            if side == b["defender"] and len(grp) == 2 and all(
                    board.kind(g, p).nat == "BR" for p in grp):
                keep = sorted(hit, key=lambda p: board.dg(g, p))[:1]
                for p in hit:
                    if p not in keep:
                        g.do(C.RemoveMarker(p, "hit"))
                hit = keep
            for p in hit:
                g.do(C.RemoveMarker(p, "hit"))
                lose_step(g, p)


def lose_step(g: Game, pid: int) -> None:
    b = battle(g)
    k = board.kind(g, pid)
    if k.side == "allied" and b and pid in b.get("attackers", []) or (
            b and k.side == "allied" and b.get("attacker") == "allied" and k.combat):
        set_battle(g, allied_lost=True)
    if k.nat == "BR" and k.combat:
        g.set("gi_british_steps", int(g.get("gi_british_steps", 0) or 0) + 1)
    if k.fort:
        board.fort_loss(g, pid)
        return
    if not board.dg(g, pid):
        g.do(C.SetFace(pid, 1))
        g.note(f"{g.label(pid)} is Disorganized")
    else:
        board.eliminate(g, pid, "hit while Disorganized (9.8.2)")


def resolve(g: Game) -> None:
    """9.3: front-line combats space by space (cavalry attacking infantry takes the infantry's
    free fire first, 9.6.1), losses, then the reserves' free attacks (9.3.4), losses."""
    b = battle(g)
    A, D = b["attacker"], b["defender"]
    pre = {p: g.face(p) for p in on_map(g, A) + on_map(g, D)}
    for k in range(1, 5):
        att = group_at(g, front(A, k))
        dfd = group_at(g, front(D, k))
        if not att or not dfd:
            continue
        if all(board.kind(g, p).cavalry for p in att) and has_infantry(g, dfd):
            if fire(g, D, [p for p in dfd if board.kind(g, p).infantry], att, True, pre,
                    f"Free fire on attacking cavalry, space {k}"):
                for p in att:
                    g.do(C.RemoveMarker(p, "hit"))
                    lose_step(g, p)
                att = [p for p in att if g.loc(p) == front(A, k)]
                pre.update({p: g.face(p) for p in att})
            if not att:
                continue
        fire(g, A, att, dfd, False, pre, f"Space {k}")
        fire(g, D, dfd, att, True, pre, f"Space {k}, reply")
    apply_losses(g)
    reserve_fire = False
    for side, foe, defending in ((A, D, False), (D, A, True)):
        for k in range(1, 5):
            res = group_at(g, reserve(side, k))
            tgt = group_at(g, front(foe, k))
            if not res or not tgt:
                continue
            reserve_fire = True
            if all(board.kind(g, p).cavalry for p in res) and has_infantry(g, tgt):
                if fire(g, foe, [p for p in tgt if board.kind(g, p).infantry], res, not defending,
                        {}, f"Free fire on British cavalry in reserve, space {k}"):
                    for p in res:
                        g.do(C.RemoveMarker(p, "hit"))
                        lose_step(g, p)
                    res = [p for p in res if g.loc(p) == reserve(side, k)]
                if not res:
                    continue
            fire(g, side, res, tgt, defending, {}, f"Reserve behind space {k}")
    if reserve_fire:
        apply_losses(g)
    report(g, "resolved")


def elan_candidates(g: Game) -> list[int]:
    """9.3.5: the Allied units that fought; a non-DG one if there is one."""
    b = battle(g)
    units = [p for p in on_map(g, "allied") if board.kind(g, p).combat]
    nondg = [p for p in units if not board.dg(g, p)]
    return nondg or units


class ElanLoss(State):
    """9.3.5 (Allied Mandated Battles box 6): the Allied attackers lost no step: the German
    removes one from an Allied unit of his choice, a non-DG one if there is one."""
    name = "elan_loss"
    rule = "9.3.5"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt("german", "elan", "German: Élan (9.3.5): the Allied attackers lost no step: "
                                        "choose the Allied unit that loses one")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for p in elan_candidates(g):
            yield self.offer("inflict", "german", unit=p)

    def check_inflict(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in elan_candidates(g):
            return Violation("GI 9.3.5", "a non-Disorganized Allied unit that fought, if there is one")
        return None

    def on_inflict(self, g: Game, frame: dict, unit: Piece) -> None:
        """This Allied unit loses a step"""
        lose_step(g, unit)
        g.end()


# -- returning, reports --------------------------------------------------------------------------------------
def return_to_hex(g: Game) -> None:
    """9.3.6: the survivors return to the battle hex."""
    b = battle(g)
    if not b:
        return
    for side in ("allied", "german"):
        for p in on_map(g, side):
            g.do(C.Move(p, b["hex"]))


def report(g: Game, stage: str) -> None:
    """The combat report both players see (engine.reports)."""
    b = battle(g)
    if not b:
        return
    A, D = b["attacker"], b["defender"]
    conditions = []
    if b.get("fow") is not None:
        conditions.append(f"Fortunes of War {b['fow']}: {b['event']}")
    lines = []
    if stage == "declared":
        drms = attacker_drms(g, []) if "tem" in b else []
        lines.append({"who": A, "what": "attacker's modifiers (every roll)", "shifts": drms})
        if "tem" in b:
            lines.append({"who": D, "what": "defender's modifiers (every roll)",
                          "shifts": defender_drms(g)})
    lines += list(b.get("lines", []))
    outcome = list(conditions)
    if stage == "resolved":
        for side in (A, D):
            units = board.units_at(g, b["hex"], side) + on_map(g, side)
            dg = [p for p in units if board.dg(g, p)]
            outcome.append(f"{WORD[side]}: {len(units)} combat units left, {len(dg)} Disorganized")
    g.report_combat({"title": f"Battle in {g.place(b['hex'])}", "attacker": A, "defender": D,
                     "stage": stage, "lines": lines, "outcome": outcome})


# -- heavy artillery (9.5.4) -----------------------------------------------------------------------------------
def ready_has(g: Game, hex_: str, side: str) -> list[int]:
    """Unfired HA of ``side`` in the hex: German (9.5.4), and the optional French HA (13.3 a 2,
    our reading: it follows 9.5.4)."""
    return [p for p in board.has_at(g, hex_, side) if g.face(p) == 0]


def bombardment_possible(g: Game, hex_: str, side: str) -> bool:
    return bool(ready_has(g, hex_, side)) and bool(board.forts_at(g, hex_, other(side)))


def bombard_def(g: Game, fort: int) -> int:
    """The fort's bombardment defence number; the German forts in 86 get +1 under "Better use
    of resources" (13.3 a 2)."""
    d = int(g.ptype(fort).attrs.get("bombard_def", 0) or 0)
    if g.option("allied_2") and g.loc(fort) == "86":
        d += 1
    return d


def bombard_chain(g: Game, ha: int, fort: int, side: str, hex_: str) -> int | None:
    """9.5.4: roll 1d6 + the fort's number; at most the HA's factor: a step lost and the HA rolls
    again, at the same fort until it falls (then the next: our reading, the weakest-defended),
    until it misses or every fort is gone. Returns the last fort fired at (if it stands)."""
    factor = int(g.value(ha, "bombard", 0) or 0)
    target: int | None = fort
    lines = list(battle(g).get("lines", []))
    while target is not None:
        d = bombard_def(g, target)
        die = g.roll(f"{g.label(ha)} bombardment", "1d6")
        hit = die + d <= factor
        lines.append({"who": side, "what": f"{g.label(ha)} bombards {g.ptype(target).name}",
                      "column": f"bombardment {factor}", "shifts": [["fort's defence", d]] if d else [],
                      "dice": [die], "row": str(die + d), "result": "step lost" if hit else "miss"})
        if not hit:
            break
        target = board.fort_loss(g, target)
        if target is None:
            forts = board.forts_at(g, hex_, other(side))
            target = min(forts, key=lambda f: (bombard_def(g, f), board.cs(g, f))) if forts else None
    set_battle(g, lines=lines)
    g.do(C.SetFace(ha, 1))
    g.note(f"{g.label(ha)} has fired (9.5.4)")
    return target


class Bombard(Decision):
    """9.5.4: before the Fortunes of War roll each ready HA in the battle hex may bombard a fort,
    one HA finishing before the next; both together (concentrated) only if declared before any
    roll."""
    name = "bombard"
    rule = "9.5.4"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "bombard", f"{WORD[side]}: heavy artillery in {g.place(frame['hex'])}: "
                                       "bombard a fort (9.5.4), or not")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side, hex_ = frame["side"], frame["hex"]
        forts = board.forts_at(g, hex_, other(side))
        for ha in ready_has(g, hex_, side):
            for f in forts:
                yield self.offer("bombard", side, ha=ha, fort=f)
        if len(ready_has(g, hex_, side)) >= 2 and not frame["fired"]:
            for f in forts:
                yield self.offer("concentrate", side, fort=f)
        yield self.offer("no_bombardment", side)

    def check_bombard(self, g: Game, frame: dict, ha: Piece, fort: Piece) -> Violation | None:
        side, hex_ = frame["side"], frame["hex"]
        if ha not in ready_has(g, hex_, side):
            return Violation("GI 9.5.4", "an HA bombards once a turn, from the battle hex")
        if fort not in board.forts_at(g, hex_, other(side)):
            return Violation("GI 9.5.4", "HA bombard enemy forts in the battle hex")
        return None

    def on_bombard(self, g: Game, frame: dict, ha: Piece, fort: Piece) -> None:
        """Bombard this fort with this HA"""
        bombard_chain(g, ha, fort, frame["side"], frame["hex"])
        g.update(fired=frame["fired"] + [int(ha)])
        self._next(g, g.top)

    def check_concentrate(self, g: Game, frame: dict, fort: Piece) -> Violation | None:
        side, hex_ = frame["side"], frame["hex"]
        if frame["fired"] or len(ready_has(g, hex_, side)) < 2:
            return Violation("GI 9.5.4", "concentrated bombardment needs both HA unfired, "
                                         "declared before any roll")
        if fort not in board.forts_at(g, hex_, other(side)):
            return Violation("GI 9.5.4", "HA bombard enemy forts in the battle hex")
        return None

    def on_concentrate(self, g: Game, frame: dict, fort: Piece) -> None:
        """Concentrate both HA on this fort"""
        side, hex_ = frame["side"], frame["hex"]
        has = ready_has(g, hex_, side)[:2]
        last = bombard_chain(g, has[0], fort, side, hex_)
        if last is not None:
            last = bombard_chain(g, has[1], last, side, hex_)
            if last is not None and last in g.state.pieces and g.loc(last) == hex_:
                g.note("Concentrated bombardment: the fort takes one more hit (9.5.4)")
                board.fort_loss(g, last)
        else:
            g.do(C.SetFace(has[1], 1))
        g.end()

    def on_no_bombardment(self, g: Game, frame: dict) -> None:
        """No (more) bombardment"""
        g.end()

    def _next(self, g: Game, frame: dict) -> None:
        if not ready_has(g, frame["hex"], frame["side"]) or \
                not board.forts_at(g, frame["hex"], other(frame["side"])):
            g.end()

    LINES = {
        "bombard": "{side}: {ha} bombards {fort}",
        "concentrate": "{side}: concentrated bombardment of {fort}",
        "no_bombardment": "{side}: no bombardment"}
