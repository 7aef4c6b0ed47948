"""What a Force does in a movement phase besides moving (4.2.5): Prepared Attacks (7.3),
Push-backs (7.4), Tasks with their MP-spent markers (7.5 CE recovery, 14.3 IPs, 7.7 rail
movement, 7.8), naval movement (7.9), Two-Hex status (19.1), siege deployment (13.1.1, 13.2.4,
13.3.1), Forts' voluntary abandonment (8.5.3), and who may react to it (8.2.1).
"""
from __future__ import annotations

import math

from engine import commands as C
from engine.rules import Violation

from . import control, events, gdt, moves
from .data import ENEMY, RND
from .forces import FM_CAVALRY, active_unit, can_select, fm_cap, forced_march_check
from .game import CHANNEL, NAVAL_BOX, Game
from .losses import set_ce
from .markers import tag
from .strength import force_attack_strength

PA_COST = 4            # 7.3.0
PUSH_COST = 1          # 7.4.0
CE_COST = 9            # 7.5.0
IP_COST = 13           # 14.3.1
ENTRAIN = {"division": 9, "corps": 9, "army": 9, "brigade": 5, "regiment": 3, "": 5}   # 7.7.3
RAIL_SPEED = 10        # 7.7.2: 10 hexes per MP
BOTTLENECK_CAPACITY = 6     # 18.6.2: the marker's printed capacity, 3 RP (reconstructed), in half RP


def no(g: Game, rule: str, text: str) -> Violation:
    return Violation(g.cite(rule), text)


# -- the phase's start: tasks in progress, landings, pins --------------------------------------------

def start_of_phase(g: Game, frame: dict) -> None:
    """7.8.2: a Task begun must be completed, its first MP going to it; 7.7: units in Rail Mode
    go on to their destination; 7.9.1: embarked units land at the start of the next GT's
    Movement Phase; 7.3.3: enemy PA markers pin Forces in Counter-Movement; 8.2.4a: cavalry pays
    its Reaction MP first — more than the phase's MP: it stays put and takes a Forced March EC for
    the excess (up to 7), carrying what is left over (the rule's example)."""
    side = frame["side"]
    spent: dict[str, float] = {}
    done: list[int] = []
    after_task: list[int] = []
    pinned = pins(g, side) if frame.get("counter") else {}
    for pid in list(g.units_of(side)):
        if pid not in g.state.pieces or not g.on_map(pid):
            continue
        allowance = frame["allowance"]
        task = g.prop(pid, "task")
        if task:
            if task["kind"] in ("entrain", "ce") and str(pid) in pinned:
                done.append(pid)
                continue
            need = task["need"] - task["mp"]
            use = min(need, allowance)
            if use >= need:
                g.set_prop(pid, "task", None)
                tag(g, pid, "MP ", None)
                spent[str(pid)] = use
                after_task.append(pid)
                complete_task(g, pid, task["kind"], frame, allowance - use)
            else:
                g.set_prop(pid, "task", {**task, "mp": task["mp"] + use})
                tag(g, pid, "MP ", f"{task['mp'] + use} ({task['kind']})")
                done.append(pid)
                continue
        if g.prop(pid, "rail") and pid in g.state.pieces and g.on_map(pid):
            left = allowance - spent.get(str(pid), 0)
            rail_continue(g, pid, left, frame)
            done.append(pid)
            continue
        react = g.prop(pid, "reaction_mp")
        if react:
            g.set_prop(pid, "reaction_mp", None)
            tag(g, pid, "Reaction ", None)
            if react > allowance:                         # 8.2.4a (example: 9 in a 5-MP phase)
                fm = min(react - allowance, FM_CAVALRY)
                forced_march_check(g, [pid], fm)
                if react - allowance - fm > 0:
                    g.set_prop(pid, "reaction_mp", react - allowance - fm)
                    tag(g, pid, "Reaction ", f"{react - allowance - fm} MP")
                done.append(pid)
            else:
                spent[str(pid)] = react
    if side == "allied" and not frame.get("counter"):
        land_naval(g, frame)
    g.update(spent_start=spent, after_task=after_task, moved=sorted(set(g.top["moved"]) | set(done)),
             pinned=pinned, pinned_hexes=sorted({g.loc(int(p)) for p in pinned if int(p) in g.state.pieces}))


def mp_already_spent(g: Game, pid: int, frame: dict) -> float:
    return int(frame.get("spent_start", {}).get(str(pid), 0))


def pins(g: Game, side: str) -> dict[str, bool]:
    """7.3.3: in the Counter-Movement Phase each enemy Force with a PA marker pointing at a hex
    keeps one friendly Force of at least its size from leaving that hex (reading R13: the
    smallest Forces that qualify are the ones pinned, the owner's least costly choice)."""
    enemy = ENEMY[side]
    pointing: dict[str, list[float]] = {}
    for pid in g.units_of(enemy):
        target = g.prop(pid, "pa")
        if target and g.is_formation(pid):
            pointing.setdefault(target, []).append(g.size_of(pid))
        elif target and not any(g.is_formation(p) and g.prop(p, "pa") == target for p in g.units_at(g.loc(pid))):
            pointing.setdefault(target, []).append(g.size_of(pid))
    out: dict[str, bool] = {}
    for h, sizes in pointing.items():
        forces = sorted(((g.size_of(p), p) for p in g.units_at(h) if g.side(p) == side and
                         (g.is_formation(p) or not any(g.is_formation(q) for q in g.units_at(h) if g.side(q) == side))),
                        key=lambda x: (x[0], x[1]))
        for s in sorted(sizes, reverse=True):
            for i, (size, p) in enumerate(forces):
                if size >= s and str(p) not in out:
                    out[str(p)] = True
                    for q in g.units_at(h):      # its Support units are part of its Force
                        if g.side(q) == side and not g.is_formation(q) and g.is_formation(p):
                            out[str(q)] = True
                    break
    return out


def pinned(g: Game, frame: dict) -> bool:
    parent = next((f for f in reversed(g.stack) if f["state"] == "movement"), None)
    if parent is None or not parent.get("counter"):
        return False
    return any(str(p) in parent.get("pinned", {}) for p in frame["units"])


# -- which units may join the Force ------------------------------------------------------------

def can_join(g: Game, frame: dict) -> list[int]:
    """1.1: a Force is at most one Formation and two Support units (7.1.2: only one Force moves
    as a group); units picked up count as having spent the group's MP."""
    parent = next((f for f in reversed(g.stack) if f["state"] == "movement"), None)
    moved = set(parent["moved"]) if parent else set()
    units = frame["units"]
    formations = sum(1 for p in units if g.is_formation(p))
    supports = len(units) - formations
    out = []
    for pid in g.units_at(frame["hex"]):
        if pid in units or pid in moved or g.side(pid) != frame["side"] or g.prop(pid, "two_hex"):
            continue
        if not parent or not can_select(g, pid, parent):
            continue
        if g.prop(pid, "task") or g.ut(pid).depot:
            continue
        if g.is_formation(pid):
            if formations == 0 and supports <= 2:
                out.append(pid)
        elif supports < 2:
            out.append(pid)
    return out


def two_hex(g: Game, units: list[int]) -> bool:
    return any(g.prop(p, "two_hex") for p in units)


# -- offers ------------------------------------------------------------------------------------------

def task_offers(state, g: Game, frame: dict):
    side = frame["side"]
    units = [p for p in frame["units"] if p in g.state.pieces]
    if not units:
        return
    here = frame["hex"]
    ctx = moves.MoveContext(g, frame, units, here, frame["start"])
    adjacent_enemy = g.adjacent_enemy(here, side)
    for n in g.board.nbrs.get(here, ()):
        if check_pa(g, frame, n) is None:
            yield state.offer("pa", side, toward=n)
        if adjacent_enemy and check_push(g, frame, n) is None:
            yield state.offer("push", side, target=n)
        if check_extend(g, frame, n, ctx) is None:
            yield state.offer("extend", side, to=n)
    if check_recover(g, frame) is None:
        yield state.offer("recover", side)
    if check_build_ip(g, frame) is None:
        yield state.offer("build_ip", side)
    if check_deploy(g, frame) is None:
        yield state.offer("deploy", side)
    other = g.prop(units[0], "two_hex")
    if other:
        for h in (here, other):
            if check_consolidate(g, frame, h) is None:
                yield state.offer("consolidate", side, to=h)
        yield from two_hex_offers(state, g, frame, units[0])
    if len(units) == 1 and entrain_basic(g, frame) is None \
            and not gdt.breaks_line(g, units, None):
        for h in rail_destinations(g, frame, units[0]):
            yield state.offer("entrain", side, to=h)


# -- 7.3 Prepared Attack -----------------------------------------------------------------------------

def attackable_across(g: Game, a: str, b: str) -> bool:
    """9.2.3: no attack across Sea, Mountain Crest or (created) Flood hexsides."""
    attrs = g.board.side.get((a, b))
    if attrs is None:
        return False
    return not (attrs.get("sea") or attrs.get("crest") or (attrs.get("flood") and g.get("ijzer_flooded")))


def check_pa(g: Game, frame: dict, toward: str) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    here = frame["hex"]
    if frame.get("counter"):
        return no(g, "7.3", "no Prepared Attack markers in the Counter-Movement Phase (4.2.6)")
    if frame["pa"]:
        return no(g, "7.3.1", "the Force already points a PA marker")
    infantry = [p for p in units if g.ut(p).infantry and g.is_combat(p)]
    if not infantry:
        return no(g, "7.3", "only infantry-type units place PA markers (8.1: not cavalry)")
    if any(g.ci(p) for p in infantry):
        return no(g, "6.3" if not any(g.demoralized(p) for p in infantry) else "6.4",
                  "CI and Demoralized units place no PA (7.3.2)")
    if two_hex(g, units):
        return no(g, "7.3.2", "Two-Hex units place no PA markers (19.1.4)")
    if toward not in g.board.nbrs.get(here, ()) or not attackable_across(g, here, toward):
        return no(g, "7.3", "a PA points at an adjacent hex it may attack (9.2.3)")
    if g.rules.invested_camp_of(g, here, frame["side"]) is not None:
        return no(g, "12.3.2", "units in an Invested camp place no PA")
    if any(g.army(p) == "DE6" and not g.get("de6_plan_active") for p in infantry) and g.get("plans", {}).get("DE_6th") \
            and g.get("plans", {}).get("DE_6th") == "suspended":
        return no(g, "26.6.2a", "the German 6th Army places no PA markers before its plan is activated")
    budget = frame["allowance"] + _fm(g, frame) - frame["spent"]
    if budget < PA_COST:
        return no(g, "7.3.0", f"a PA costs {PA_COST} MP")
    if force_attack_strength(g, infantry, here, toward, ammo=True) < 1:
        return no(g, "7.3.2", "terrain would reduce the attack strength below 1")
    already = sum(g.size_of(p) for p in g.units_at(here) if g.prop(p, "pa") and g.side(p) == frame["side"])
    if already and already + sum(g.size_of(p) for p in units) > 2.25:
        return no(g, "7.3.0", "PA units in a hex may not involve more than 2 1/4 division-equivalents (3.1.2)")
    return None


def _fm(g: Game, frame: dict) -> int:
    return fm_cap(g, frame, frame["units"])


def place_pa(g: Game, frame: dict, toward: str) -> None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    for p in units:
        if g.ut(p).infantry or not g.is_formation(p):
            g.set_prop(p, "pa", toward)
            tag(g, p, "PA→", toward)
    spent = frame["spent"] + PA_COST
    fm = max(frame.get("fm_used", 0), math.ceil(spent - frame["allowance"])) if spent > frame["allowance"] else \
        frame.get("fm_used", 0)
    g.update(pa=True, spent=spent, fm_used=fm)


# -- 7.4 Push-back -----------------------------------------------------------------------------------

def push_across(g: Game, here: str, target: str) -> bool:
    """7.4.7: a Push-back across an Imposing River (no Pontoon) or a Flood hexside."""
    attrs = g.board.side[(here, target)]
    return bool((attrs.get("river") == "imposing" and not attrs.get("pontoon"))
                or (attrs.get("flood") and g.get("ijzer_flooded")))


def check_push(g: Game, frame: dict, target: str) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces and g.is_combat(p)]
    here = frame["hex"]
    if not units:
        return no(g, "7.4", "a Push-back is made by Combat units")
    if frame["stuck"] or frame["pa"]:
        return no(g, "7.4.5" if frame["stuck"] else "7.3", "the Force moves no further this phase")
    if target not in g.board.nbrs.get(here, ()) or not g.enemy_in(target, frame["side"]):
        if not (target in g.board.nbrs.get(here, ()) and any(g.side(p) != frame["side"] for p in g.units_at(target))):
            return no(g, "7.4.0", "a Push-back is made on an adjacent enemy-occupied hex")
    if not attackable_across(g, here, target):
        return no(g, "9.2.3", "no attack across Sea, Mountain Crest or Flood hexsides")
    if any(g.ci(p) for p in units):
        return no(g, "7.4.2", "CI and Demoralized units may not Push-back")
    if frame["allowance"] + _fm(g, frame) - frame["spent"] < PUSH_COST:
        return no(g, "7.4.0", "a Push-back costs 1 MP")
    if push_across(g, here, target) and frame["start"] != here:
        return no(g, "7.4.7", "across an Imposing River or Flood hexside the pushing Force starts adjacent")
    if any(g.ut(p).fortress for p in g.units_at(target)) and not any(g.is_combat(p) for p in g.units_at(target)):
        pass
    return None


# -- 7.5 CE recovery ---------------------------------------------------------------------------------

def ip_level(g: Game, h: str) -> int:
    """14.0: level 2 printed (until destroyed, 14.5), level 1 built (an IP marker)."""
    if h in g.board.printed_ip and not g.get(f"ip_destroyed:{h}"):
        return 2
    return 1 if h in g.get("ips", {}) else 0


def recovery_distance_ok(g: Game, pid: int, h: str, side: str) -> bool:
    """7.5.2 / 7.5.3: how close to the enemy a Formation may be to START CE recovery."""
    d = g.nearest_enemy(h, side, 6)
    if g.demoralized(pid):
        return d >= 5
    if d >= 3:
        return True
    level = ip_level(g, h)
    if d == 1:
        if level >= 2:
            return True
        return g.gt >= 19 and level >= 1
    # d == 2: every hex between it and the enemy holds friendly units in an IP
    board = g.board
    enemy = ENEMY[side]
    for e in board.within(h, 2):
        if g.side_at(e) != enemy or board.distance(h, e) != 2 or not g.enemy_in(e, side):
            continue
        between = set(board.all_nbrs.get(h, ())) & set(board.all_nbrs.get(e, ()))
        for x in between:
            if not (g.side_at(x) == side and ip_level(g, x) >= 1):
                return False
    return True


def check_recover(g: Game, frame: dict) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    if len(units) != 1:
        return no(g, "7.8.1", "a Task is done by one unit (drop the others first)")
    pid = units[0]
    if not g.is_formation(pid) or g.ce(pid) == 0:
        return no(g, "7.5", "only a Formation below its Base CE recovers")
    if frame["moved"]:
        return no(g, "7.5.0", "CE recovery is done stationary")
    if frame["spent"] > 0 or frame["task"]:
        return no(g, "7.8.1", "Tasks are not combined; CE recovery spends 9 MP from the start")
    here = frame["hex"]
    aoa = g.rules.aoa_of(g, pid)
    if aoa is not None and here not in aoa:
        return no(g, "7.5.1", "a Formation starts CE recovery inside its army's AoA (5.3.1 (3))")
    if not recovery_distance_ok(g, pid, here, frame["side"]):
        return no(g, "7.5.3" if g.demoralized(pid) else "7.5.2", "too close to the enemy to start CE recovery")
    adjacent = g.adjacent_enemy(here, frame["side"])
    if adjacent:
        if frame["allowance"] < CE_COST:
            return no(g, "7.5.2a", "next to the enemy the recovery is completed at once (no MP-spent marker)")
        if g.get("ips", {}).get(here) is not None and g.get("ips", {}).get(here) == g.get("phase_id"):
            return no(g, "7.5.2a", "the IP must have existed before this movement phase")
    if tasks_pinned_for(g, frame, "ce"):
        return no(g, "7.3.3", "a pinned Force may not spend MP to recover CEL")
    return None


def tasks_pinned_for(g: Game, frame: dict, kind: str) -> bool:
    return pinned(g, frame)


def recover(g: Game, frame: dict) -> None:
    pid = frame["units"][0]
    start_task(g, frame, pid, "ce", CE_COST)


def start_task(g: Game, frame: dict, pid: int, kind: str, need: int) -> None:
    """7.8: spend the MP left (no Forced-March MP, 7.2.2); what is short waits on an MP-spent
    marker and must be completed first in the next friendly movement phase (7.8.2)."""
    left = max(0.0, frame["allowance"] - frame["spent"])
    if left >= need:
        g.update(spent=frame["spent"] + need, task="done_task")
        complete_task(g, pid, kind, frame, left - need)
        if g.top is not None and g.top.get("state") == "force":
            g.update(task="done_task")
        return
    g.set_prop(pid, "task", {"kind": kind, "mp": int(left), "need": need})
    tag(g, pid, "MP ", f"{int(left)} ({kind})")
    g.update(spent=frame["allowance"], task="done_task")
    g.note(f"{g.unit_name(pid)} begins a task ({kind}): {int(left)} of {need} MP spent (7.8)")


def complete_task(g: Game, pid: int, kind: str, frame: dict, left: float) -> None:
    if kind == "ce":
        set_ce(g, pid, g.ce(pid) - 1)
        g.note(f"{g.unit_name(pid)} recovers a CE level (7.5)")
    elif kind == "ip":
        place_ip(g, g.loc(pid), g.side(pid), g.ut(pid).nat)
    elif kind == "entrain":
        g.note(f"{g.unit_name(pid)} has entrained (7.7.3)")
        rail_continue(g, pid, left, frame)
    elif kind == "detrain":
        leave_rail(g, pid)


# -- 14.3 IPs ----------------------------------------------------------------------------------------

def check_build_ip(g: Game, frame: dict) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    if len(units) != 1:
        return no(g, "14.3.1", "units cannot pool MP to build an IP")
    pid = units[0]
    t = g.ut(pid)
    if not (t.infantry and g.is_formation(pid)):
        return no(g, "14.3", "only an infantry Formation builds an IP (8.1: not cavalry)")
    if g.demoralized(pid):
        return no(g, "14.3.3", "a Demoralized unit may not build an IP")
    if frame["moved"] or frame["task"] or frame["spent"] > 0:
        return no(g, "7.8.1", "an IP is built stationary, from the first MP")
    if g.scenario() == "lorraine":
        return no(g, "29.3.1", "no IPs in the Battle for Lorraine")
    here = frame["hex"]
    if g.nearest_enemy(here, frame["side"], 5) > 4:
        return no(g, "14.3.2", "a unit more than 4 hexes from the enemy may not start an IP")
    if ip_level(g, here):
        return no(g, "14.0", "the hex already has an IP")
    building = sum(1 for p in g.units_of(frame["side"]) if (g.prop(p, "task") or {}).get("kind") == "ip")
    if int(g.get(f"ip_allowance_{frame['side']}", 0)) - building <= 0:
        return no(g, "14.3.4", "no IPs left to build until the next Interphase")
    return None


def build_ip(g: Game, frame: dict) -> None:
    start_task(g, frame, frame["units"][0], "ip", IP_COST)


def place_ip(g: Game, h: str, side: str, nat: str) -> None:
    ips = dict(g.get("ips", {}))
    ips[h] = g.get("phase_id")
    g.set("ips", ips)
    key = f"ip_allowance_{side}"
    g.set(key, max(0, int(g.get(key, 0)) - 1))
    marker = {"FR": "M-ip_fr", "GB": "M-ip_gb", "BE": "M-ip_be"}.get(nat, "M-ip_de")
    g.do(C.Create(marker, h, None, 0, {"owner": side, "ip": 1}))
    g.note(f"A {g.side_name(side)} Improved Position is completed at {g.hexname(h)} (14.3)")


def drop_empty_ips(g: Game, side: str) -> None:
    """14.4: a built IP stays until every friendly Combat unit has left its hex."""
    ips = dict(g.get("ips", {}))
    gone = []
    for h in list(ips):
        markers = [p for p in g.state.stack(h) if g.state.pieces[p].props.get("ip")]
        owner = g.state.pieces[markers[0]].owner if markers else side
        if not any(g.is_combat(p) and g.side(p) == owner for p in g.units_at(h)):
            gone.append(h)
            for m in markers:
                g.do(C.Delete(m))
            del ips[h]
    if gone:
        g.set("ips", ips)


# -- 7.7 rail movement -------------------------------------------------------------------------------

def rp_cost(g: Game, pid: int) -> int:
    """7.7.1: 1 RP for a division-equivalent (infantry division, cavalry corps, Corps Train), 1/2
    for anything smaller — in half RP (RP are never rounded)."""
    t = g.ut(pid)
    return 2 if (t.size in ("division", "corps") and (t.infantry or t.cavalry or t.train)) else 1


def entrain_cost(g: Game, pid: int) -> int:
    """7.7.3 (3): 9 MP division / cavalry corps / Corps Train / HQ; 5 brigade, cavalry division,
    artillery; 3 regiment, cavalry brigade or regiment."""
    t = g.ut(pid)
    if t.hq or t.train:
        return 9
    if t.artillery:
        return 5
    if t.cavalry:
        return {"corps": 9, "division": 5}.get(t.size, 3)
    return ENTRAIN.get(t.size, 5)


def rail_ok_hexes(g: Game, side: str) -> frozenset[str]:
    return control.operational(g, side)


def rail_graph_ok(g: Game, side: str, a: str, b: str) -> bool:
    """7.7.2: rail movement uses double track (Allies also the Abancourt-Eu-Abbeville single
    track); 18.4.2: not across demolished structures."""
    kind = g.board.rail_link.get((a, b))
    if kind is None or control.demolished(g, a, b):
        return False
    if kind == "double":
        return True
    return side == "allied" and a in g.rules.purple_line and b in g.rules.purple_line


def rail_path(g: Game, side: str, start: str, dest: str) -> list[str] | None:
    """The shortest friendly operational rail route (7.7.3 (4): relatively direct)."""
    ops = rail_ok_hexes(g, side)
    if start not in ops or dest not in ops:
        return None
    parent = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for h in frontier:
            if h == dest:
                out = [h]
                while parent[out[-1]] is not None:
                    out.append(parent[out[-1]])
                return out[::-1]
            for n in g.board.rail_nbrs.get(h, ()):
                if n not in parent and n in ops and rail_graph_ok(g, side, h, n):
                    parent[n] = h
                    nxt.append(n)
        frontier = nxt
    return None


def entrain_basic(g: Game, frame: dict) -> Violation | None:
    """7.7.3 (3): one unit on friendly operational double track, at least 4 hexes from the enemy,
    one per RR hex and phase, with the RP (7.7.1). It may have moved first (4.2.5: moving and
    Tasks share the phase's MP; the 7.7.3 regiment example spends its last 2 MP on a 3-MP
    entraining, reading R25): what it has left of the phase's MP goes into entraining, the rest
    waits on an MP-spent marker (7.8)."""
    units = [p for p in frame["units"] if p in g.state.pieces]
    if len(units) != 1:
        return no(g, "7.7.3", "units entrain one at a time")
    pid = units[0]
    t = g.ut(pid)
    side = frame["side"]
    if t.depot or t.fortress or t.fort or t.utype == "siege_marker":
        return no(g, "15.6.3", "depots move along the rails without entraining")
    if g.scenario() == "lorraine":
        return no(g, "29.3.2", "only depots use rail movement in the Battle for Lorraine")
    if frame["stuck"] or frame["pa"]:
        return no(g, "7.4.5" if frame["stuck"] else "7.3", "the Force spends no further MP this phase")
    if frame["task"]:
        return no(g, "7.8.1", "Tasks are not combined: this unit has done a Task this phase")
    if frame["allowance"] - frame["spent"] < 1:     # 7.7.3 (3), 7.2.2: never Forced-March MP
        return no(g, "7.7.3", "no MP of the phase left to entrain (Forced March MP may not be used)")
    here = frame["hex"]
    if here not in rail_ok_hexes(g, side) or not any(rail_graph_ok(g, side, here, n)
                                                       for n in g.board.rail_nbrs.get(here, ())):
        return no(g, "7.7.3", "entrain in a hex of friendly operational double-track RR")
    if g.nearest_enemy(here, side, 4) < 4:
        return no(g, "7.7.3", "entrain at least 4 hexes from any enemy unit")
    if here in frame.get("rail_hexes", []):
        return no(g, "7.7.3", "only one unit entrains or detrains in an RR hex per movement phase")
    if pinned(g, frame):
        return no(g, "7.3.3", "a pinned Force may not spend MP to entrain")
    if not _rp_available(g, side, pid):
        return no(g, "7.7.1", "not enough Rail Points")
    return None


def rnd_rp_now(g: Game, pid: int) -> bool:
    """23.3.2: the RND special RP entrains one, two or all three RND units in one movement phase:
    unused, or used earlier in this same phase."""
    if g.state.pieces[pid].type not in RND:
        return False
    return bool(g.get("rnd_special_rp")) or (g.get("rnd_rp_phase") is not None
                                             and g.get("rnd_rp_phase") == g.get("phase_id"))


def _rp_available(g: Game, side: str, pid: int) -> bool:
    t = g.ut(pid)
    if t.nat == "BE" and g.get("be_special_rp"):
        return True
    if rnd_rp_now(g, pid):
        return True
    return int(g.get(f"rp_{side}", 0)) >= rp_cost(g, pid)


def rail_destinations(g: Game, frame: dict, pid: int) -> list[str]:
    """7.7.3 (2): destinations at least 6 hexes from any enemy unit, on the friendly operational
    network connected to the unit's hex."""
    side = frame["side"]
    here = frame["hex"]
    ops = rail_ok_hexes(g, side)
    out = []
    parent = {here}
    frontier = [here]
    while frontier:
        nxt = []
        for h in frontier:
            for n in g.board.rail_nbrs.get(h, ()):
                if n not in parent and n in ops and rail_graph_ok(g, side, h, n):
                    parent.add(n)
                    nxt.append(n)
        frontier = nxt
    for h in parent:
        if h != here and g.nearest_enemy(h, side, 6) >= 6:
            out.append(h)
    return sorted(out)


def check_entrain(g: Game, frame: dict, to: str) -> Violation | None:
    basic = entrain_basic(g, frame)
    if basic:
        return basic
    if to not in rail_destinations(g, frame, frame["units"][0]):
        return no(g, "7.7.3", "the destination is a connected friendly operational RR hex at least 6 hexes "
                              "from any enemy unit")
    if gdt.breaks_line(g, frame["units"], None):      # Rail Mode: no ZOC (7.7.4)
        return gdt.violation(g)
    return None


def entrain(g: Game, frame: dict, to: str) -> None:
    pid = frame["units"][0]
    side = frame["side"]
    t = g.ut(pid)
    if t.nat == "BE" and g.get("be_special_rp"):
        g.set("be_special_rp", None)
        g.note("The Belgian special RP is used (24.5)")
    elif rnd_rp_now(g, pid):
        if g.get("rnd_special_rp"):
            g.set("rnd_special_rp", None)
            g.set("rnd_rp_phase", g.get("phase_id"))
            g.note("The RND special RP is used (23.3.2: for any RND units entraining this phase)")
    else:
        g.set(f"rp_{side}", int(g.get(f"rp_{side}", 0)) - rp_cost(g, pid))
    g.set_prop(pid, "rail", {"dest": to, "stage": "entrain"})
    tag(g, pid, "rail ", f"→{to}")
    parent = next(i for i in range(len(g.stack) - 1, -1, -1) if g.stack[i]["state"] == "movement")
    frames = list(g.stack)
    frames[parent] = {**frames[parent], "rail_hexes": frames[parent].get("rail_hexes", []) + [frame["hex"]]}
    g.set(g.machine.key, frames)
    g.note(f"{g.unit_name(pid)} entrains at {g.hexname(frame['hex'])} for {g.hexname(to)} (7.7.3)")
    start_task(g, g.top, pid, "entrain", entrain_cost(g, pid))


def rail_continue(g: Game, pid: int, mp: float, frame: dict | None) -> None:
    """7.7.3 (4)-(5): a unit in Rail Mode must move on at 10 hexes per MP toward its destination
    and spend what MP remain to detrain; 18.6.2: bottlenecks; 7.7.5: a unit that cannot reach its
    destination is interrupted."""
    rail = g.prop(pid, "rail")
    if not rail:
        return
    side = g.side(pid)
    if rail.get("stage") == "detrain":
        return
    dest = rail["dest"]
    here = g.loc(pid)
    if here == dest:
        detrain(g, pid, mp, frame)
        return
    if dest in g.zoc(ENEMY[side]) or control.controller(g, dest) == ENEMY[side]:
        events.interrupt_rail(g, pid, "its destination is enemy-controlled or in an enemy zone of control (7.7.5)")
        return
    path = rail_path(g, side, here, dest)
    if path is None:
        events.interrupt_rail(g, pid, "no rail route to its destination (7.7.5)")
        return
    hexes = int(mp * RAIL_SPEED)
    moved = 0
    cost_rp = rp_cost(g, pid)
    for nxt in path[1:]:
        if moved >= hexes:
            break
        bottleneck = g.rules.bottleneck_at(g, nxt)
        if bottleneck and not g.ut(pid).depot:
            cap = int(g.get("bottleneck_capacity", {}).get(nxt, BOTTLENECK_CAPACITY))
            if cap < cost_rp:
                g.note(f"{g.unit_name(pid)} waits at {g.hexname(g.loc(pid))}: the {g.hexname(nxt)} bottleneck is "
                       f"full (18.6.2)")
                break
            caps = dict(g.get("bottleneck_capacity", {}))
            caps[nxt] = cap - cost_rp
            g.set("bottleneck_capacity", caps)
        g.move_piece(pid, nxt)
        moved += 1
        events.arrived(g, [pid], nxt, None, set())
        if pid not in g.state.pieces or not g.prop(pid, "rail"):
            return
    used = math.ceil(moved / RAIL_SPEED) if moved else 0           # 7.7.2: rounded up at the end
    left = max(0.0, mp - used)
    if g.loc(pid) == dest:
        detrain(g, pid, left, frame)


def detrain(g: Game, pid: int, mp: float, frame: dict | None) -> None:
    need = entrain_cost(g, pid)
    rail = g.prop(pid, "rail") or {}
    done = int(rail.get("mp", 0))
    use = min(need - done, int(mp))
    if done + use >= need:
        leave_rail(g, pid)
        return
    g.set_prop(pid, "rail", {**rail, "stage": "detrain", "mp": done + use})
    g.set_prop(pid, "task", {"kind": "detrain", "mp": done + use, "need": need})
    tag(g, pid, "rail ", "detraining")
    tag(g, pid, "MP ", f"{done + use} (detrain)")


def leave_rail(g: Game, pid: int) -> None:
    g.set_prop(pid, "rail", None)
    g.set_prop(pid, "task", None)
    tag(g, pid, "rail ", None)
    tag(g, pid, "MP ", None)
    g.note(f"{g.unit_name(pid)} detrains at {g.hexname(g.loc(pid))} (7.7.3)")


# -- 7.9 naval movement ------------------------------------------------------------------------------

def rnd(g: Game, pid: int) -> bool:
    t = g.ut(pid)
    return t.nat == "GB" and (t.name in ("1 Naval", "2 Naval", "Marine"))


def naval_ports(g: Game, side: str, pid: int) -> list[str]:
    ports = [h for h in g.board.ports if h in g.rules.playable(g) and control.controller(g, h) == side
             and not g.adjacent_enemy(h, side)]
    if rnd(g, pid):
        ports.append(NAVAL_BOX)
    return sorted(ports)


def embark_offers(state, g: Game, frame: dict):
    if frame["side"] != "allied" or frame.get("counter"):
        return
    for pid in [p for h in sorted(g.board.ports) for p in g.units_at(h) if g.side(p) == "allied"]:
        if check_embark(g, frame, pid, None) is None:
            for port in naval_ports(g, "allied", pid):
                if port != g.loc(pid):
                    yield state.offer("embark", "allied", unit=pid, to=port)


def check_embark(g: Game, frame: dict, pid: int, to: str | None) -> Violation | None:
    if frame["side"] != "allied":
        return no(g, "7.9", "only Allied units use naval movement")
    if frame.get("counter"):
        return no(g, "7.9.1", "embarking is done in a friendly Movement Phase, not Counter-Movement")
    if pid not in g.state.pieces or g.side(pid) != "allied" or not g.on_map(pid):
        return no(g, "7.9.1", "an Allied unit on the map embarks")
    if not can_select(g, pid, frame):
        return no(g, "7.9.1", "the unit has moved or cannot act this phase")
    if g.loc(pid) not in g.board.ports:
        return no(g, "7.9.1", "the unit starts the phase in a Port hex")
    t = g.ut(pid)
    if t.fortress or t.fort or t.depot:
        return no(g, "7.9.1", "this unit cannot embark")
    if g.get("naval_gt") == g.gt and not rnd(g, pid):
        return no(g, "7.9.0", "only one unit per GT uses naval movement (the RND excepted, 23.3.2)")
    if to is not None and to not in naval_ports(g, "allied", pid):
        return no(g, "7.9.1", "the destination is a friendly-controlled Port not adjacent to an enemy unit "
                              "(or the Naval Box for the RND)")
    if gdt.breaks_line(g, [pid], None):
        return gdt.violation(g)
    return None


def embark(g: Game, frame: dict, pid: int, to: str) -> None:
    if not rnd(g, pid):
        g.set("naval_gt", g.gt)
    g.set_prop(pid, "naval", {"dest": to, "gt": g.gt})
    g.move_piece(pid, CHANNEL)
    tag(g, pid, "naval ", f"→{to}")
    g.update(moved=frame["moved"] + [pid])
    g.note(f"{g.unit_name(pid)} embarks for {g.hexname(to) if to in g.board.hexes else 'the Naval Box'} (7.9.1)")


def land_naval(g: Game, frame: dict) -> None:
    """7.9.1 (3): at the start of the friendly Movement Phase of the next GT the unit lands at its
    destination; if that became enemy-controlled or in an enemy zone of control, a new friendly
    Port is chosen (reading R14: the nearest) and the unit may not move this GT."""
    for pid in list(g.state.stack(CHANNEL)):
        naval = g.prop(pid, "naval") or {}
        if naval.get("gt", g.gt) >= g.gt:
            continue
        dest = naval.get("dest")
        redirected = False
        if dest != NAVAL_BOX and (dest not in g.board.hexes or control.controller(g, dest) != "allied"
                                  or dest in g.zoc("german") or g.adjacent_enemy(dest, "allied")):
            ports = [p for p in naval_ports(g, "allied", pid) if p != NAVAL_BOX]
            if not ports:
                continue
            dest = min(ports, key=lambda p: (g.board.distance(p, dest) if dest in g.board.hexes else 0, p))
            redirected = True
        g.set_prop(pid, "naval", None)
        tag(g, pid, "naval ", None)
        g.move_piece(pid, dest)
        if redirected:
            g.set_prop(pid, "stay", g.get("phase_id"))
        g.note(f"{g.unit_name(pid)} lands at {g.hexname(dest) if dest in g.board.hexes else 'the Naval Box'} (7.9.1)"
               + (" after a change of destination: it does not move this GT" if redirected else ""))
        if dest in g.board.hexes:
            events.arrived(g, [pid], dest, None, set())


# -- 13 deploying siege artillery, Prep markers, siege markers --------------------------------------

def check_deploy(g: Game, frame: dict) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    if len(units) != 1:
        return no(g, "13.1.1", "a siege unit or HQ deploys on its own")
    pid = units[0]
    t = g.ut(pid)
    if not (t.siege or t.hq):
        return no(g, "13.1", "only siege artillery and Siege Train HQs deploy")
    if frame["moved"] or frame["spent"] > 0:
        return no(g, "13.1.1", "it stays put for the whole phase")
    if t.siege:
        if g.face(pid) == 1:
            return no(g, "13.1", "already deployed")
        heavy = t.attrs.get("calibre") in ("30.5", "42") and not t.attrs.get("austro_hungarian")
        if heavy and frame.get("counter"):
            return no(g, "13.1.1", "German 42 cm and 30.5 cm units deploy in a Movement Phase, not Counter-Movement")
        return None
    if frame.get("counter"):
        return no(g, "13.3.1", "an HQ places its Prep marker or deploys its markers in a Movement Phase")
    return None


def deploy(g: Game, frame: dict) -> None:
    pid = frame["units"][0]
    parent = next(i for i in range(len(g.stack) - 1, -1, -1) if g.stack[i]["state"] == "movement")
    frames = list(g.stack)
    frames[parent] = {**frames[parent], "deploying": frames[parent].get("deploying", []) + [pid]}
    g.set(g.machine.key, frames)
    g.update(task="done_task", spent=frame["allowance"])


def end_of_phase(g: Game, frame: dict) -> None:
    """13.1.1: siege artillery that stayed put the whole phase is Deployed; 13.3.1: an HQ that did
    places its Prep marker; 13.2.4: or deploys its siege markers (on the track one GT later, if
    stacked with or next to a friendly operational RR hex); 16.3.1, 16.4.1, 22.3.3 substitutions;
    14.4 empty built IPs removed."""
    side = frame["side"]
    for pid in frame.get("deploying", []):
        if pid not in g.state.pieces or not g.on_map(pid):
            continue
        t = g.ut(pid)
        if t.siege:
            g.do(C.SetFace(pid, 1))
            g.note(f"{g.unit_name(pid)} is Deployed (13.1.1)")
        elif t.hq:
            markers = [m for m in g.state.stack("box:on_unit") if g.prop(m, "hq") == pid
                       and g.ut(m) is not None and g.ut(m).utype == "siege_marker"
                       and "calibre" in g.ut(m).attrs]
            near_rail = any(h in control.operational(g, side) for h in (g.loc(pid),) + g.board.all_nbrs[g.loc(pid)])
            if markers and near_rail and g.face(pid) == 0 and not all(
                    g.ut(m).name == "METZ" and g.get("metz_deployed") for m in markers):
                for m in markers:
                    if g.ut(m).name == "METZ":
                        if g.get("metz_deployed"):
                            continue
                        g.set("metz_deployed", True)
                    g.set_prop(m, "deploy_on", g.gt + 1)
                    g.move_piece(m, f"track:gt{min(30, g.gt + 1):02d}")
                g.do(C.SetFace(pid, 1))
                g.note(f"{g.unit_name(pid)} begins deploying its siege markers (13.2.4)")
            else:
                g.set_prop(pid, "prep", g.gt)
                tag(g, pid, "Prep", "")
                g.note(f"{g.unit_name(pid)} places a Prep marker (13.3.1)")
    drop_empty_ips(g, side)


def abandonable_forts(g: Game, frame: dict) -> list[int]:
    """8.5.3: in a friendly movement phase a Fort within 4 hexes of an enemy unit may flip."""
    def build() -> list[int]:
        out = []
        for pid in g.units_of(frame["side"]):
            t = g.ut(pid)
            if t.fort and g.face(pid) == 0 and len(t.faces) > 1:
                if g.nearest_enemy(g.loc(pid), frame["side"], 4) <= 4:
                    out.append(pid)
        return out
    return [p for p in g.cached("abandonable:" + frame["side"], build) if p not in frame["moved"]]


def abandon_fort(g: Game, pid: int) -> None:
    g.do(C.SetFace(pid, 1))
    g.note(f"{g.name_at(pid)} abandons its position and may move (8.5.3)")


# -- 19.1 Two-Hex status -----------------------------------------------------------------------------

def check_extend(g: Game, frame: dict, to: str, ctx=None) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    if len(units) != 1 or not g.is_combat(units[0]):
        return no(g, "19.1.1", "a Combat unit on its own extends into Two-Hex Status")
    pid = units[0]
    if g.prop(pid, "two_hex") or frame["pa"] or frame["stuck"] or frame["task"]:
        return no(g, "19.1.1", "already in Two-Hex Status or done moving")
    here = frame["hex"]
    if to not in g.board.nbrs.get(here, ()):
        return no(g, "19.1.1", "it extends into an adjacent hex")
    ctx = ctx or moves.MoveContext(g, frame, units, here, frame["start"])
    cost = ctx.cost(here, to)
    if cost is None:
        return no(g, "7.1", "it cannot enter that hex")
    if frame["spent"] + cost > frame["allowance"] + fm_cap(g, frame, units):
        return no(g, "7.1.1", "not enough MP")
    if any(g.prop(p, "two_hex") for p in g.units_at(to) + g.units_at(here) if p != pid):
        return no(g, "19.1.2", "two Two-Hex Forces may not share a hex")
    half = g.ut(pid).de / 2
    if moves.stack_size(g, to, frame["side"]) + half > moves.STACK_LIMIT:
        return no(g, "3.1.1", "over the stacking limit")
    if frame.get("plan"):
        return no(g, "26.2.1", "a Formation under a Strategic Plan ends each move closer to an objective")
    return None


def extend(g: Game, frame: dict, to: str) -> None:
    pid = frame["units"][0]
    ctx = moves.MoveContext(g, frame, [pid], frame["hex"], frame["start"])
    cost = ctx.cost(frame["hex"], to)
    g.set_prop(pid, "two_hex", to)
    tag(g, pid, "two-hex ", to)
    spent = frame["spent"] + cost
    g.update(spent=spent, moved=True, fm_used=max(frame.get("fm_used", 0), math.ceil(spent - frame["allowance"]))
             if spent > frame["allowance"] else frame.get("fm_used", 0))
    events.arrived(g, [pid], to, frame["hex"], set())


def check_consolidate(g: Game, frame: dict, to: str) -> Violation | None:
    units = [p for p in frame["units"] if p in g.state.pieces]
    pid = units[0] if units else None
    if pid is None or not g.prop(pid, "two_hex"):
        return no(g, "19.1.1", "only a Two-Hex unit consolidates")
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    if to not in (here, other):
        return no(g, "19.1.1", "it consolidates into one of its two hexes")
    frm = other if to == here else here
    if pinned_both(g, pid):
        return no(g, "19.1.4", "PA markers point at both of its hexes: neither half may move")
    if frm in pa_hexes(g, pid):
        return no(g, "19.1.4", "an enemy PA marker points at that half: the other half consolidates into it")
    ctx = moves.MoveContext(g, frame, units, frm, frame["start"])
    cost = ctx.cost(frm, to)
    if cost is None or frame["spent"] + cost > frame["allowance"] + fm_cap(g, frame, units):
        return no(g, "7.1.1", "not enough MP to consolidate")
    if gdt.breaks_line(g, units, to):
        return gdt.violation(g)
    return None


def pa_hexes(g: Game, pid: int) -> set[str]:
    """The hexes enemy PA markers point at."""
    return {g.prop(p, "pa") for p in g.units_of(ENEMY[g.side(pid)]) if g.prop(p, "pa")}


def _two_hex_step_ok(g: Game, frame: dict, pid: int, frm: str, to: str) -> float | Violation:
    """The cost of one half moving ``frm`` -> ``to`` (7.1), or why it may not."""
    if to not in g.board.nbrs.get(frm, ()):
        return no(g, "19.1.4", "each half moves into an adjacent hex")
    ctx = moves.MoveContext(g, frame, [pid], frm, frame["start"])
    cost = ctx.cost(frm, to)
    if cost is None:
        return no(g, "7.1", "it cannot enter that hex")
    if any(g.prop(p, "two_hex") for p in g.units_at(to) if p != pid):
        return no(g, "19.1.2", "two Two-Hex Forces may not share a hex")
    if moves.stack_size(g, to, frame["side"]) + g.ut(pid).de / 2 > moves.STACK_LIMIT:
        return no(g, "3.1.1", "over the stacking limit")
    return cost


def check_pivot(g: Game, frame: dict, keep: str, to: str) -> Violation | None:
    """19.1.4: one half stays, the other rotates round it into ``to``, paying that hexside."""
    units = [p for p in frame["units"] if p in g.state.pieces]
    pid = units[0] if units else None
    if pid is None or not g.prop(pid, "two_hex"):
        return no(g, "19.1.4", "only a Two-Hex unit pivots")
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    if keep not in (here, other) or to in (here, other):
        return no(g, "19.1.4", "one half stays in its hex, the other moves into a new one")
    frm = other if keep == here else here
    if frame["pa"] or frame["stuck"] or frame["task"]:
        return no(g, "19.1.4", "done moving")
    if frm in pa_hexes(g, pid):
        return no(g, "19.1.4", "an enemy PA marker points at the half that would move")
    if to not in g.board.nbrs.get(keep, ()):
        return no(g, "19.1.4", "the two halves stay adjacent")
    cost = _two_hex_step_ok(g, frame, pid, frm, to)
    if isinstance(cost, Violation):
        return cost
    if frame["spent"] + cost > frame["allowance"] + fm_cap(g, frame, units):
        return no(g, "7.1.1", "not enough MP to pivot")
    if frame.get("plan"):
        return no(g, "26.2.1", "a Formation under a Strategic Plan ends each move closer to an objective")
    if gdt.breaks_line(g, units, (keep, to)):
        return gdt.violation(g)
    return None


def pivot(g: Game, frame: dict, keep: str, to: str) -> None:
    pid = frame["units"][0]
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    frm = other if keep == here else here
    cost = _two_hex_step_ok(g, frame, pid, frm, to)
    if keep != here:
        g.move_piece(pid, keep)
    g.set_prop(pid, "two_hex", to)
    tag(g, pid, "two-hex ", to)
    _spend(g, frame, cost, keep)
    events.arrived(g, [pid], to, frm, set())


def _spend(g: Game, frame: dict, cost: float, hex_: str) -> None:
    spent = frame["spent"] + cost
    fm = max(frame.get("fm_used", 0), math.ceil(spent - frame["allowance"])) if spent > frame["allowance"] \
        else frame.get("fm_used", 0)
    g.update(hex=hex_, spent=spent, moved=True, fm_used=fm)


def check_slide(g: Game, frame: dict, to: str, to2: str) -> Violation | None:
    """19.1.4: both halves move, from two hexes into two hexes, paying the higher cost."""
    units = [p for p in frame["units"] if p in g.state.pieces]
    pid = units[0] if units else None
    if pid is None or not g.prop(pid, "two_hex"):
        return no(g, "19.1.4", "only a Two-Hex unit moves from two hexes into two")
    if frame["pa"] or frame["stuck"] or frame["task"]:
        return no(g, "19.1.4", "done moving")
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    if pa_hexes(g, pid) & {here, other}:
        return no(g, "19.1.4", "an enemy PA marker points at one of its hexes: only the other half may move")
    if {to, to2} & {here, other} or to2 not in g.board.nbrs.get(to, ()):
        return no(g, "19.1.4", "both halves move into two new adjacent hexes")
    costs = []
    for frm, dest in ((here, to), (other, to2)):
        c = _two_hex_step_ok(g, frame, pid, frm, dest)
        if isinstance(c, Violation):
            return c
        costs.append(c)
    if frame["spent"] + max(costs) > frame["allowance"] + fm_cap(g, frame, units):
        return no(g, "7.1.1", "not enough MP")
    if frame.get("plan"):
        return no(g, "26.2.1", "a Formation under a Strategic Plan ends each move closer to an objective")
    if gdt.breaks_line(g, units, (to, to2)):
        return gdt.violation(g)
    return None


def slide(g: Game, frame: dict, to: str, to2: str) -> None:
    pid = frame["units"][0]
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    cost = max(_two_hex_step_ok(g, frame, pid, here, to), _two_hex_step_ok(g, frame, pid, other, to2))
    g.move_piece(pid, to)
    g.set_prop(pid, "two_hex", to2)
    tag(g, pid, "two-hex ", to2)
    _spend(g, frame, cost, to)
    events.arrived(g, [pid], to, here, set())
    events.arrived(g, [pid], to2, other, set())


def two_hex_offers(state, g: Game, frame: dict, pid: int):
    """Pivots and sideways moves of a Two-Hex Force (19.1.4)."""
    side = frame["side"]
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    nb = g.board.nbrs
    for keep, frm in ((here, other), (other, here)):
        for to in nb.get(keep, ()):
            if to in nb.get(frm, ()) and to not in (here, other) and check_pivot(g, frame, keep, to) is None:
                yield state.offer("pivot", side, keep=keep, to=to)
    for to in nb.get(here, ()):
        for to2 in nb.get(other, ()):
            if to2 in nb.get(to, ()) and check_slide(g, frame, to, to2) is None:
                yield state.offer("slide", side, to=to, to2=to2)


def pinned_both(g: Game, pid: int) -> bool:
    enemy_pa = {g.prop(p, "pa") for p in g.units_of(ENEMY[g.side(pid)]) if g.prop(p, "pa")}
    return g.loc(pid) in enemy_pa and g.prop(pid, "two_hex") in enemy_pa


def consolidate(g: Game, frame: dict, to: str) -> None:
    pid = frame["units"][0]
    here, other = g.loc(pid), g.prop(pid, "two_hex")
    frm = other if to == here else here
    ctx = moves.MoveContext(g, frame, [pid], frm, frame["start"])
    cost = ctx.cost(frm, to) or 0
    g.set_prop(pid, "two_hex", None)
    tag(g, pid, "two-hex ", None)
    if to != here:
        g.move_piece(pid, to)
    spent = frame["spent"] + cost
    g.update(hex=to, spent=spent, moved=True)


# -- 8.2.1 who may React -----------------------------------------------------------------------------

def reaction_candidates(g: Game, mover: str, prev: str, here: str) -> list[int]:
    """8.2.1: enemy cavalry next to the hex just entered that was not next to any unit of the
    mover's side before (cause 1), or next to the hex just left when the mover is still next to it
    or to another of its units (cause 2)."""
    side = ENEMY[mover]
    board = g.board
    near = set(board.all_nbrs.get(here, ())) | set(board.all_nbrs.get(prev, ()))
    out = []
    at = g.index()["side_at"]
    for h in near:
        if at.get(h) != side:
            continue
        for pid in g.units_at(h):
            t = g.ut(pid)
            if g.side(pid) != side or not t.cavalry or g.in_rail_mode(pid) or g.loc(pid) != h:
                continue
            if not active_unit(g, pid):
                continue
            adj_here = h in board.all_nbrs.get(here, ())
            adj_prev = h in board.all_nbrs.get(prev, ())
            if adj_here and not adj_prev:
                others = [n for n in board.all_nbrs.get(h, ()) if n != here and at.get(n) == mover]
                if not others:
                    out.append(pid)                      # cause 1
                    continue
            if adj_prev:
                friends_near = adj_here or any(at.get(n) == side for n in board.all_nbrs.get(here, ()) if n != h)
                if friends_near:
                    out.append(pid)                      # cause 2
    return sorted(set(out))
