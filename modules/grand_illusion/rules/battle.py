"""A battle (9.1.3 f): designate it; German heavy artillery bombards (9.5.4); the attacker rolls
the Fortunes of War (9.1.4); the condition markers go on the Battle Map (9.2.1); the defender
places his units in his four front-line spaces (9.2.2); the attacker places his facing them,
with reserves behind (9.2.3, 9.2.5); the defender puts unopposed units in reserve and may
withdraw front-line cavalry (9.2.5, 9.6.2); the combats are fought space by space (9.3); the
survivors return to the hex and retreats follow (9.3.6, 9.4).

The battle being fought is the public global ``gi_battle`` (both players see the Battle Map);
the units stand in the Battle Map's spaces (``bm-<side>-front-<n>`` / ``-reserve-<n>``) while it
is fought, and its condition markers in the "Battle conditions" box. Every roll is shown in the
combat report (``g.report_combat``).
"""
from __future__ import annotations

from engine import commands as C
from engine.machine import Procedure

from . import board, combat, control, fow, supply, vp
from .bmap import CONDITIONS, HOLDING, battle, set_battle
from .game import WORD, Game, other

def qualifies_as_mandated(g: Game, hex_: str, side: str, attackers: list[int]) -> bool:
    """9.1.1 c: at least 4 infantry corps attack 2 or more enemy infantry corps and/or forts
    (our reading: corps-sized non-Disorganized infantry units; divisions do not add up)."""
    att = sum(1 for p in attackers if board.kind(g, p).infantry and board.kind(g, p).corps
              and not board.dg(g, p))
    foe = other(side)
    de = sum(1 for p in board.units_at(g, hex_, foe)
             if board.kind(g, p).infantry and board.kind(g, p).corps) + len(board.forts_at(g, hex_, foe))
    return att >= 4 and de >= 2


def concentric(g: Game, hex_: str, side: str) -> int:
    """9.2.3 b: adjacent friendly-controlled hexes with friendly combat units, or whose hexside
    with the battle hex carries a friendly Block marker: 3-4 → -1, 5-6 → -2."""
    count = 0
    for n in board.neighbours(g, hex_):
        if board.control(g, n) != side:
            continue
        blocked = any(o == side and {f, t} == {n, hex_} for o, f, t in board.blocks(g))
        if board.units_at(g, n, side) or blocked:
            count += 1
    return -2 if count >= 5 else -1 if count >= 3 else 0


class Battle(Procedure):
    """9.1.3 f: one battle from designation to its retreats."""
    name = "battle"
    rule = "9.1.3"
    steps = ("open", "bombard", "roll_fow", "conditions", "defender_places", "attacker_places",
             "defender_reserves", "fight", "elan", "close", "retreats", "finish")

    def _off(self, g: Game) -> bool:
        b = battle(g)
        return not b or b.get("cancelled") or b.get("done") or b.get("empty")

    def open(self, g: Game, frame: dict) -> None:
        hex_, side = frame["hex"], frame["attacker"]
        foe = other(side)
        attackers = [p for p in frame["attackers"] if p in g.state.pieces and g.loc(p) == hex_]
        mb_key = f"{side}_mandated_battles"
        mb = int(g.get(mb_key, 0) or 0) > 0 and qualifies_as_mandated(g, hex_, side, attackers)
        plan17 = board.hexattr(g, hex_, "vp_box") == "plan17"
        elan = mb and side == "allied" and g.turn <= 4 and plan17          # GI 9.3.5
        b = {"hex": hex_, "attacker": side, "defender": foe, "attackers": attackers,
             "first_attacker": side, "mb": mb, "elan": elan, "plan17": plan17,
             "landing": bool(frame.get("landing")), "skirmish": False, "surprise": False,
             "rout": False, "counter": False, "oao": False, "fow": None, "event": "",
             "cancelled": False, "lines": [], "allied_lost": False, "lost": {}}
        g.set("gi_battle", b)
        if not board.enemy_fighters(g, hex_, side) and not board.forts_at(g, hex_, foe):
            set_battle(g, cancelled=True)
            g.note(f"No enemy remains in {g.place(hex_)}: no battle")
            return
        g.note(f"Battle in {g.place(hex_)}: {WORD[side]} attacks"
               + (" (a Mandated Battle, 9.1.1)" if mb else "")
               + (" with Élan (9.3.5)" if elan else ""))
        combat.report(g, "declared")

    def bombard(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        b = battle(g)
        if combat.bombardment_possible(g, b["hex"], b["attacker"]):
            g.call("bombard", side=b["attacker"], hex=b["hex"], fired=[], target=None, conc=False)

    def roll_fow(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        fow.start(g, frame)

    def conditions(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        b = battle(g)
        if not board.units_at(g, b["hex"], b["defender"]) and not board.forts_at(g, b["hex"], b["defender"]):
            set_battle(g, empty=True)          # 9.1.4: the bombardment left nobody to fight
            g.note(f"No defender is left in {g.place(b['hex'])}: the battle is over")
            combat.report(g, "resolved")
            return
        hex_, side = b["hex"], b["attacker"]
        counter, skirmish, surprise = b["counter"], b["skirmish"], b["surprise"]
        tem = 0 if (counter or skirmish or surprise) else board.tem(g, hex_)
        trench = 0 if (counter or skirmish) else board.trench(g, hex_)
        conc = 0 if counter else concentric(g, hex_, side)
        fort = bool(board.forts_at(g, hex_, b["defender"])) and not skirmish
        elan_drm = -board.tem(g, hex_) if b["elan"] else 0
        set_battle(g, tem=tem, trench=trench, conc=conc, fort=fort, elan_drm=elan_drm)
        placed = []
        for mtype, show, face in (("M-BM-TEM", tem, tem - 1), ("M-BM-ENTR", trench, trench - 1),
                                  ("M-BM-CONC", conc, -conc - 1), ("M-BM-FORT", fort, 0),
                                  ("M-BM-P17", b["elan"], 0),
                                  ("M-BM-SKIRM", skirmish or counter, 1 if counter else 0),
                                  ("M-BM-ROUT", b["rout"] or surprise, 1 if surprise else 0)):
            if not show:
                continue
            pid = next((p for p in g.state.stacks.get(HOLDING, ()) if g.state.pieces[p].type == mtype), None)
            if pid is not None:
                g.do(C.Move(pid, CONDITIONS))
                if g.face(pid) != max(0, face):
                    g.do(C.SetFace(pid, max(0, face)))
                placed.append(mtype)
        combat.report(g, "declared")

    def defender_places(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        b = battle(g)
        g.call("bm_place", side=b["defender"], role="defender")

    def attacker_places(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        b = battle(g)
        g.call("bm_place", side=b["attacker"], role="attacker")

    def defender_reserves(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        b = battle(g)
        combat.unopposed_dg_return(g)
        if combat.defender_choices(g):
            g.call("bm_place", side=b["defender"], role="defender_reserve")

    def fight(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        combat.resolve(g)

    def elan(self, g: Game, frame: dict) -> None:
        if self._off(g):
            return
        b = battle(g)
        if b["elan"] and not b["allied_lost"]:
            cands = combat.elan_candidates(g)
            if cands:
                g.call("elan_loss", side="german", cands=cands)

    def close(self, g: Game, frame: dict) -> None:
        b = battle(g)
        if not b:
            return
        combat.return_to_hex(g)
        for p in list(g.state.stacks.get(CONDITIONS, ())):
            g.do(C.Move(p, HOLDING))
        if b.get("cancelled"):
            return
        for side in (b["attacker"], b["defender"]):
            for p in board.units_at(g, b["hex"], side):
                if "hit" in g.state.pieces[p].markers:
                    g.do(C.RemoveMarker(p, "hit"))

    def retreats(self, g: Game, frame: dict) -> None:
        b = battle(g)
        if not b or b.get("cancelled") or b.get("retreats_done") or b.get("empty"):
            return
        set_battle(g, retreats_done=True)
        g.call("after_battle", hex=b["hex"], stage=0)

    def finish(self, g: Game, frame: dict) -> None:
        b = battle(g)
        hex_ = frame["hex"]
        result = {"hex": hex_, "cede": bool(b.get("cede")), "cancel_all": bool(b.get("cancel_all"))}
        if b and not b.get("cancelled"):
            control.settle(g, [hex_] + list(board.neighbours(g, hex_)))
            control.start_sieges(g, hex_)
            control.update(g, hex_)
            mandated_credit(g, b)
        if b and b.get("cancelled"):
            g.set("combat_report", None)          # a battle called off withdraws its report
        g.set("gi_battle", {})
        g.end(result)


def mandated_credit(g: Game, b: dict) -> None:
    """9.1.1 b, 13.1: a fought Mandated Battle moves the marker down; an Allied one in a Plan 17
    hex on turns 1-4 earns 1 Plan 17 VP when its attackers can trace supply (3.2.4)."""
    if not b.get("mb") or b.get("no_mb"):
        return
    side = b["first_attacker"]
    key = f"{side}_mandated_battles"
    left = int(g.get(key, 0) or 0)
    if left <= 0:
        return
    g.set(key, left - 1)
    g.note(f"The battle counts as a {WORD[side]} Mandated Battle (9.1.1): {left - 1} left")
    if side == "allied" and g.turn <= 4 and b.get("plan17"):
        supplied = any(p in g.state.pieces and board.is_hex(g.loc(p)) and supply.supplied(g, p)
                       for p in b["attackers"]) or any(
            supply.hex_supplied(g, n, "allied") for n in [b["hex"]])
        if supplied:
            vp.add(g, "allied", 1, "Mandated Battle in a Plan 17 hex (13.1, 9.1.1 e)")
