"""11.0 Retreat and advance after combat.

A retreat is counted in hexes (11.1). The owner chooses each hex among those its priorities
allow (11.1.1: ever farther from the hex held in combat; then inside the army's AoA; then toward a
supply unit it can draw from — but he may always pick a hex out of enemy zones of control,
11.1.1a). Each un-negated EZOC hex entered costs every Force one CE level (11.1.3); a Mountain
Crest or Imposing River crossed costs an SR and a CE level (11.1.4); each hex it cannot retreat
costs a CE level and an SR (11.1.5), after a Push-back attempt if enemy units block it (7.4.0);
an Isolated Demoralized Force that cannot retreat or must enter an EZOC surrenders (11.1.6).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State
from engine.rules import Violation

from . import events, supply
from .base import Decision
from .combat import forces_in, resolve_push_back
from .data import ENEMY
from .game import Game
from .losses import allocate_sr, eliminate, reduce_ce
from .markers import tag
from .moves import STACK_LIMIT, stack_size


class RetreatQueue(State):
    """Each retreating group in turn (10.0: the attacker's retreats first, then the defender's)."""
    name = "retreat_queue"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        groups = frame["groups"]
        if not groups:
            g.end({"moved": frame["done"]})
            return
        group, rest = groups[0], groups[1:]
        g.update(groups=rest)
        units = [p for p in group["units"] if p in g.state.pieces and g.occupies(p, group["hex"])]
        units = prepare(g, units)
        if not units:
            return
        g.call("retreat", side=frame["side"], units=units, origin=group["hex"], hex=group["hex"],
               left=group["hexes"], path=[group["hex"]], pushed=False)

    def resume(self, g: Game, frame: dict, result) -> None:
        if isinstance(result, list):
            g.update(done=frame["done"] + result)


def prepare(g: Game, units: list[int]) -> list[int]:
    """11.1.2: a Fort flips and retreats (8.5.4; eliminated without a back), a siege marker or a
    deploying HQ's markers are lost (13.2.4), a depot is displaced (15.6.2b)."""
    out = []
    for p in units:
        t = g.ut(p)
        if t.fortress:
            continue
        if t.fort and g.face(p) == 0:
            if len(t.faces) > 1:
                g.do(C.SetFace(p, 1))
            else:
                eliminate(g, p, "a Fort without a back that must retreat (8.5.4)")
                continue
        if t.utype == "siege_marker":
            eliminate(g, p, "a siege marker forced to retreat is eliminated (13.2.4)")
            continue
        if t.hq and g.face(p) == 1:
            g.do(C.SetFace(p, 0))
            for m in list(g.state.pieces):
                if g.prop(m, "hq") == p and g.prop(m, "deploy_on"):
                    eliminate(g, m, "its HQ retreated while deploying (13.2.4)", vp=False)
        if t.depot:
            events.supply_unit_caught(g, p)
            continue
        out.append(p)
    return out


def negated(g: Game, h: str, side: str) -> bool:
    """11.1.3: for retreats friendly units negate an EZOC in the hex they occupy."""
    return any(g.side(p) == side for p in g.units_at(h))


def options(g: Game, frame: dict) -> tuple[list[str], list[str]]:
    """(hexes the priorities allow, every hex farther away that is open at all)."""
    side = frame["side"]
    here, origin = frame["hex"], frame["origin"]
    board = g.board
    playable = g.rules.playable(g)
    d0 = board.distance(origin, here)
    further = []
    for n in board.nbrs.get(here, ()):
        if n in frame["path"] or n not in playable:
            continue
        attrs = board.side[(here, n)]
        if attrs.get("sea"):
            continue
        if g.enemy_in(n, side):
            continue
        if board.distance(origin, n) <= d0:
            continue
        further.append(n)
    if not further:
        return [], []
    units = frame["units"]
    best = list(further)
    garrison = [g.rules.garrison_area(g.ut(p)) for p in units if g.ut(p).garrison is not None]
    if garrison:                                            # 8.6.3
        inside = [n for n in best if all(n in area for area in garrison)]
        best = inside or best
    aoa = g.rules.aoa_of(g, units[0])
    if aoa is not None:                                     # priority 2
        inside = [n for n in best if n in aoa]
        best = inside or best
    sources = supply.sources_near(g, units[0])
    if sources:                                             # priority 3
        dist = {n: min(board.distance(n, s) for s in sources) for n in best}
        m = min(dist.values())
        best = [n for n in best if dist[n] == m]
    ezoc = g.zoc(ENEMY[side])
    if any(n in ezoc and not negated(g, n, side) for n in best):         # 11.1.1a
        clear = [n for n in further if n not in ezoc or negated(g, n, side)]
        best = sorted(set(best) | set(clear))
    return sorted(best), further


class Retreat(Decision):
    """11.1: one group retreats, one hex per decision."""
    name = "retreat"
    rule = "11.1.1"
    lines = {"retreat": "retreats to {to}", "push": "attempts a Push-back on {target} while retreating"}

    def begin(self, g: Game, frame: dict) -> None:
        self.settle(g, frame)

    def settle(self, g: Game, frame: dict) -> None:
        """Finish when done; when blocked with no Push-back to try, take 11.1.5's losses."""
        frame = g.top
        units = [p for p in frame["units"] if p in g.state.pieces and g.occupies(p, frame["hex"])]
        if not units:
            g.end(frame["units"])
            return
        if frame["left"] <= 0:
            after_retreat(g, frame["origin"], frame["side"])
            g.end(frame["units"])
            return
        best, _ = options(g, frame)
        if best:
            return
        if not frame["pushed"] and self.push_targets(g, frame):
            return
        self.blocked(g, frame, units)

    def blocked(self, g: Game, frame: dict, units: list[int]) -> None:
        left = frame["left"]
        if surrenders(g, units, blocked=True):
            g.end(frame["units"])
            return
        for f in forces_in(g, units):
            lead = f[0]
            reduce_ce(g, lead, left, "unable to retreat (11.1.5)")
            for _ in range(left):
                allocate_sr(g, [p for p in f if p in g.state.pieces], "unable to retreat (11.1.5)", crt=False)
        g.note(f"{g.side_name(frame['side'])}: the group at {g.hexname(frame['hex'])} cannot retreat "
               f"{left} more hex{'es' if left > 1 else ''} (11.1.5)")
        after_retreat(g, frame["origin"], frame["side"])
        g.end(frame["units"])

    def push_targets(self, g: Game, frame: dict) -> list[str]:
        """7.4.0/7.4.1: one Push-back per retreating group, not by CI or Demoralized units."""
        units = [p for p in frame["units"] if p in g.state.pieces and g.is_combat(p) and not g.ci(p)]
        if not units:
            return []
        side = frame["side"]
        here = frame["hex"]
        out = []
        for n in g.board.nbrs.get(here, ()):
            attrs = g.board.side[(here, n)]
            if attrs.get("sea") or attrs.get("crest"):
                continue
            if g.enemy_in(n, side) and g.board.distance(frame["origin"], n) > g.board.distance(frame["origin"], here):
                out.append(n)
        return out

    def ask(self, g: Game, frame: dict) -> str:
        names = ", ".join(g.true_name(p) for p in frame["units"] if p in g.state.pieces)
        return f"retreat {names} from {g.hexname(frame['hex'])}: {frame['left']} more hex" \
               f"{'es' if frame['left'] > 1 else ''} (11.1.1)"

    def actions(self, g: Game, frame: dict):
        best, _ = options(g, frame)
        for h in best:
            yield self.offer("retreat", frame["side"], to=h)
        if not frame["pushed"]:
            for h in self.push_targets(g, frame):
                yield self.offer("push", frame["side"], target=h)
        if not best:
            yield self.offer("stay", frame["side"])

    def check_retreat(self, g: Game, frame: dict, to: Loc) -> Violation | None:
        best, further = options(g, frame)
        if to in best:
            return None
        if to in further:
            return self.no(g, "11.1.1", "retreat priorities: inside the army's AoA, then toward a supply unit "
                                        "(or out of enemy zones of control, 11.1.1a)")
        if g.board.side.get((frame["hex"], to), {}).get("sea"):
            return self.no(g, "11.1", "no retreat across a sea hexside")
        return self.no(g, "11.1.1", "each hex of a retreat is farther from the hex held in combat")

    def on_retreat(self, g: Game, frame: dict, to: Loc) -> None:
        """Retreat one hex"""
        units = [p for p in frame["units"] if p in g.state.pieces and g.occupies(p, frame["hex"])]
        side = frame["side"]
        here = frame["hex"]
        to = str(to)
        attrs = g.board.side[(here, to)]
        ezoc = to in g.zoc(ENEMY[side]) and not negated(g, to, side)
        if ezoc and surrenders(g, units, blocked=False):
            g.end(frame["units"])
            return
        for p in units:
            two_hex_step(g, p, here, to, frame)
        events.arrived(g, units, to, here, None)
        if attrs.get("crest") or (attrs.get("river") == "imposing" and not attrs.get("pontoon")):   # 11.1.4
            for f in forces_in(g, [p for p in units if p in g.state.pieces]):
                reduce_ce(g, f[0], 1, "retreat across a Mountain Crest or Imposing River (11.1.4)")
                allocate_sr(g, [p for p in f if p in g.state.pieces], "retreat across a Mountain Crest or "
                            "Imposing River (11.1.4)", crt=False)
        if ezoc:                                                        # 11.1.3
            for f in forces_in(g, [p for p in units if p in g.state.pieces]):
                reduce_ce(g, f[0], 1, "retreat into an enemy zone of control (11.1.3)")
        g.update(hex=to, left=frame["left"] - 1, path=frame["path"] + [to])
        self.settle(g, g.top)

    def on_push(self, g: Game, frame: dict, target: Loc) -> None:
        """Attempt a Push-back (7.4.0)"""
        from_units = [p for p in frame["units"] if p in g.state.pieces and g.is_combat(p) and not g.ci(p)][:2]
        g.update(pushed=True)
        resolve_push_back(g, from_units, frame["hex"], str(target), during="retreat")

    def on_stay(self, g: Game, frame: dict) -> None:
        """Take the losses of 11.1.5"""
        units = [p for p in frame["units"] if p in g.state.pieces and g.occupies(p, frame["hex"])]
        self.blocked(g, frame, units)

    def resume(self, g: Game, frame: dict, result) -> None:
        self.settle(g, frame)


def two_hex_step(g: Game, pid: int, here: str, to: str, frame: dict) -> None:
    """Move a retreating unit one hex; 19.1.7: a Two-Hex unit's hit half (in ``here``) moves and
    the unit stays in Two-Hex Status while the new hex touches its other half (a 1-hex retreat:
    it pivots), else it consolidates; after a retreat of more than one hex it ends consolidated
    in the final hex."""
    other = g.prop(pid, "two_hex")
    if not other:
        g.move_piece(pid, to)
        return
    stay = other if g.loc(pid) == here else g.loc(pid)
    last = frame["left"] <= 1
    multi = len(frame["path"]) > 1 or frame["left"] > 1
    if to in g.board.nbrs.get(stay, ()) and not (last and multi):
        g.move_piece(pid, stay)
        g.set_prop(pid, "two_hex", to)
        tag(g, pid, "two-hex ", to)
        return
    g.move_piece(pid, to)
    g.set_prop(pid, "two_hex", None)
    tag(g, pid, "two-hex ", None)


def surrenders(g: Game, units: list[int], blocked: bool) -> bool:
    """11.1.6: an Isolated Force that is (or becomes) Demoralized and cannot retreat or must
    retreat into an un-negated EZOC surrenders: eliminated permanently."""
    lost = False
    for f in forces_in(g, units):
        lead = f[0]
        if not g.is_formation(lead):
            continue
        if (g.demoralized(lead) or g.ce(lead) >= 4) and supply.isolated(g, lead):
            for p in f:
                eliminate(g, p, "an Isolated Demoralized Force surrenders (11.1.6)")
            lost = True
    return lost


def after_retreat(g: Game, origin: str, side: str) -> None:
    """A Corps Train, depot or artillery left alone where enemy zones of control reach it."""
    for p in list(g.units_at(origin)):
        if g.side(p) != side:
            continue
        t = g.ut(p)
        if any(g.is_combat(q) and g.side(q) == side for q in g.units_at(origin)):
            break
        if origin not in g.zoc(ENEMY[side]):
            break
        if t.supply:
            events.supply_unit_caught(g, p)
        elif t.artillery or t.siege or t.hq:
            eliminate(g, p, "artillery alone in an enemy zone of control (8.8.1)")


class Advance(Decision):
    """11.2: the victorious attacker may advance units that attacked (not excluded, not retreated,
    not Deployed siege artillery) one hex into the emptied hex, within the stacking limit (3.1.3);
    LOC units not into an EZOC (8.7.2)."""
    name = "advance"
    rule = "11.2"
    lines = {"advance": "{unit} advances into the emptied hex"}

    def cands(self, g: Game, frame: dict) -> list[int]:
        target = frame["target"]
        side = frame["side"]
        out = []
        for p in frame["candidates"]:
            if p in frame["moved"] or p not in g.state.pieces or not g.on_map(p):
                continue
            if stack_size(g, target, side) + g.size_of(p) > STACK_LIMIT + 1e-9:
                continue
            if g.ut(p).loc and target in g.zoc(ENEMY[side]):
                continue
            if target not in g.board.all_nbrs.get(g.loc(p), ()):
                continue
            out.append(p)
        return out

    def ask(self, g: Game, frame: dict) -> str:
        return f"advance into {g.hexname(frame['target'])} with units that attacked, or stop (11.2)"

    def actions(self, g: Game, frame: dict):
        for p in self.cands(g, frame):
            yield self.offer("advance", frame["side"], unit=p)
        yield self.offer("stop", frame["side"])

    def check_advance(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit in self.cands(g, frame):
            return None
        if unit in g.state.pieces and g.ut(unit).loc:
            return self.no(g, "8.7.2", "LOC units do not advance into an enemy zone of control")
        return self.no(g, "11.2.2", "only units that attacked, and did not retreat, advance — within the "
                                    "stacking limit")

    def on_advance(self, g: Game, frame: dict, unit: Piece) -> None:
        """Advance this unit"""
        frm = g.loc(unit)
        g.move_piece(int(unit), frame["target"])
        if g.prop(unit, "two_hex"):
            g.set_prop(unit, "two_hex", None)
            tag(g, int(unit), "two-hex ", None)
        g.update(moved=frame["moved"] + [int(unit)])
        events.arrived(g, [int(unit)], frame["target"], frm, None)
        if not self.cands(g, g.top):
            g.end(g.top["moved"])

    def on_stop(self, g: Game, frame: dict) -> None:
        """No (further) advance"""
        g.end(frame["moved"])
