"""One activation — an Initiative Phase, an Army Reaction or a Single-Unit Reaction (5.1–5.3,
4.7, 6.0, 7.0): the HQ flipped to its Activated side, the units it commands designated within
its radius and capacities, Administrative Movement chosen, then a series of increments along
the Movement Point Expenditure chart, each a Movement or an Attack increment.

The activation in progress is the public global ``f44_act``::

    {"side", "kind": "initiative" | "army" | "single", "hq": pid | None, "mover": pid | None,
     "units": [commanded combat units], "admin": [...], "oos": [pieces activated out of supply],
     "phase_no", "box": current box (0: none yet), "itype": "movement" | "attack",
     "open": increment under way, "inc_no": increments declared, "moved": [...],
     "attackers": [...], "defenders": [...] (this increment), "air": air marker used this
     increment, "rhine_start": [units next to the Rhine when the phase began]}
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import Procedure, State
from engine.rules import Prompt, Violation

from . import board, chart, movement, rhine, supply
from .board import position
from .game import ADMIN, COMMANDED, OOS, Game, other, month
from .settle import settle

KIND_WORDS = {"initiative": "Initiative Phase", "army": "Army Reaction", "single": "Single-Unit Reaction"}


# -- the activation in progress -----------------------------------------------------------------------
def act(g: Game) -> dict:
    return g.get("f44_act") or {}


def set_act(g: Game, **changes) -> None:
    a = dict(act(g))
    a.update(changes)
    g.set("f44_act", a)


def commanded(g: Game) -> list[int]:
    """The pieces that may move or attack in this phase (5.1, 5.2): the designated units, or
    the one piece of a Single-Unit Reaction."""
    a = act(g)
    out = list(a.get("units", []))
    if a.get("mover") is not None and a["mover"] not in out:
        out.append(a["mover"])
    return [p for p in out if board.on_map(g, p)]


def effective_mpa(g: Game, pid: int) -> int:
    """11.5: a piece activated out of supply by a Single-Unit Reaction moves with less (6→4,
    4→3, 3→2, 2→0)."""
    mpa = g.printed_mpa(pid)
    if pid in act(g).get("oos", []):
        return int(g.row("oos_mpa", mpa)["oos_mpa"])
    return mpa


def budget(g: Game, pid: int) -> int:
    a = act(g)
    return chart.allowance(g, a["box"], effective_mpa(g, pid), pid in a.get("admin", []))


def capacity_left(g: Game, hq: int, units) -> dict[str, int]:
    """4.7: what the HQ may still command: infantry and armour."""
    inf = sum(1 for p in units if g.game_type(p) == "infantry")
    arm = sum(1 for p in units if g.game_type(p) == "armour")
    return {"infantry": g.hq_value(hq, "inf_cap") - inf, "armour": g.hq_value(hq, "arm_cap") - arm}


def command_refusal(g: Game, hq: int, unit: int, units) -> Violation | None:
    """Why ``hq`` may not command ``unit`` now (None: it may)."""
    if not g.is_unit(unit) or g.side_of(unit) != g.side_of(hq) or not board.on_map(g, unit):
        return Violation(g.cite("4.7"), "an HQ commands its own side's combat units on the map")
    if unit in units:
        return Violation(g.cite("5.1"), f"{g.name(unit)} is already commanded")
    if not supply.may_command(g, hq, unit):
        return Violation(g.cite("4.5"), f"{g.name(hq)} cannot command {g.nation(unit)} units")
    cap = supply.us_cap(g, hq)
    if cap is not None and g.nation(unit) == "US" and sum(1 for p in units if g.nation(p) == "US") >= cap:
        return Violation(g.cite("4.5"), "a British HQ commands at most one US unit")
    if capacity_left(g, hq, units)[g.game_type(unit)] <= 0:
        return Violation(g.cite("4.7"), f"{g.name(hq)} has no {g.game_type(unit)} command capacity left")
    if not supply.in_radius(g, hq, g.where(unit)):
        return Violation(g.cite("4.6"), f"{g.name(unit)} is outside {g.name(hq)}'s command radius")
    return None


def eligible_units(g: Game, hq: int, units) -> list[int]:
    pos = position(g)
    side = g.side_of(hq)
    out = []
    for h, pids in sorted(pos.units[side].items()):
        for p in pids:
            if command_refusal(g, hq, p, units) is None:
                out.append(p)
    return out


def rhine_adjacent(g: Game, pid: int) -> bool:
    h = g.where(pid)
    facts = g.facts
    return any(facts.is_rhine(h, n) for n in facts.neighbours.get(h, ()))


# -- the activation procedure ----------------------------------------------------------------------------
class Activation(Procedure):
    """5.1/5.2: flip the HQ, designate, choose Administrative Movement, declare increments,
    then end the phase (HQ back to Non-Activated, markers removed: 4.1, 5.3)."""
    name = "activation"
    steps = ("start", "designate", "admin", "rhine", "plunder", "increments", "finish")

    def start(self, g: Game, frame: dict) -> None:
        side, kind = frame["side"], frame["kind"]
        n = int(g.get("f44_phase_no", 0) or 0) + 1
        g.set("f44_phase_no", n)
        hq, mover = frame.get("hq"), frame.get("mover")
        a = {"side": side, "kind": kind, "hq": hq, "mover": mover, "units": [], "admin": [],
             "oos": [], "phase_no": n, "box": 0, "itype": "", "open": False, "inc_no": 0,
             "moved": [], "attackers": [], "defenders": [], "air": "", "rhine_start": [],
             "initiative": frame.get("initiative", side)}
        g.set("phase", f"{g.side_word(side)} {KIND_WORDS[kind]}")
        if hq is not None:
            g.do(C.SetFace(hq, 0))                     # 4.1, 5.1: flipped to Activated
            g.note(f"{g.side_word(side)} {KIND_WORDS[kind]}: {g.name(hq)} is activated")
        if mover is not None:
            # 5.2, 11.5: a Single-Unit Reaction needs no supply, but a piece out of supply when
            # the phase begins gets a marker, less movement and half attack strength
            if supply.unit_in_supply(g, mover):
                g.unmark(mover, OOS)
            else:
                g.mark(mover, OOS)
                a["oos"] = [mover]
            g.mark(mover, COMMANDED)
            g.note(f"{g.side_word(side)} Single-Unit Reaction: {g.name(mover)}"
                   + (" (out of supply: movement reduced, half strength, 11.5)" if a["oos"] else ""))
        airborne = g.get("f44_airborne") or {}
        if kind == "initiative" and hq is not None and airborne.get("pending"):
            # 12.3: the dropped 18th is commanded by the activated HQ, wherever it is, and
            # counts against its infantry capacity
            a["units"] = [airborne["unit"]]
            g.mark(airborne["unit"], COMMANDED)
            g.set("f44_airborne", {**airborne, "pending": False})
        g.set("f44_act", a)

    def designate(self, g: Game, frame: dict) -> None:
        if frame.get("hq") is not None:
            g.call("designate")

    def admin(self, g: Game, frame: dict) -> None:
        if commanded(g):
            g.call("admin_designate")

    def rhine(self, g: Game, frame: dict) -> None:
        # 12.8: only a unit that begins the phase next to the Rhine may cross it amphibiously
        set_act(g, rhine_start=[p for p in commanded(g) if g.is_unit(p) and rhine_adjacent(g, p)])

    def plunder(self, g: Game, frame: dict) -> None:
        g.rules.hooks.notify("before_first_increment", g)

    def increments(self, g: Game, frame: dict) -> None:
        if commanded(g):
            g.call("increment")

    def finish(self, g: Game, frame: dict) -> None:
        a = act(g)
        hq = a.get("hq")
        if hq is not None and g.face(hq) != 1:
            g.do(C.SetFace(hq, 1))                     # 4.1: back to Non-Activated
        for pid in set(a.get("units", [])) | set([a["mover"]] if a.get("mover") is not None else []):
            g.unmark(pid, COMMANDED)
            g.unmark(pid, ADMIN)                       # 5.3: removed at the end of the phase
        inc = "M-INC-AL" if a.get("side") == "allied" else "M-INC-GE"
        g.move_marker(inc, "allied_hand" if a.get("side") == "allied" else "marker_pool", face=0)
        g.set("f44_act", None)
        settle(g)
        g.end()


class Designate(State):
    """5.1, 4.5–4.7: the active player designates the units the activated HQ commands."""
    name = "designate"
    rule = "5.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        a = act(g)
        hq = a["hq"]
        left = capacity_left(g, hq, a["units"])
        return Prompt(a["side"], "designate",
                      f"{g.side_word(a['side'])}: designate the units {g.name(hq)} commands within its "
                      f"radius of {g.hq_value(hq, 'radius')} hexes — {left['infantry']} infantry and "
                      f"{left['armour']} armour still to command (4.7), then done")

    def actions(self, g: Game, frame: dict):
        a = act(g)
        for p in eligible_units(g, a["hq"], a["units"]):
            yield self.offer("command", a["side"], unit=p)
        yield self.offer("done", a["side"])

    def check_command(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        a = act(g)
        if unit not in g.state.pieces:
            return Violation(g.cite("5.1"), "no such piece")
        return command_refusal(g, a["hq"], unit, a["units"])

    def on_command(self, g: Game, frame: dict, unit: Piece) -> None:
        """Command this unit"""
        a = act(g)
        supply.check_supply(g, unit)          # 11.5 case 1: in the radius, so in supply
        g.mark(unit, COMMANDED)
        set_act(g, units=a["units"] + [unit])

    def on_done(self, g: Game, frame: dict) -> None:
        """Done designating"""
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "command":
            return f"{g.who(action.side)}: {g.name(act(g)['hq'])} commands {g.name(action['unit'])} " \
                   f"at {g.hex_name(g.where(action['unit']))}"
        return None


class AdminDesignate(State):
    """5.3: at the start of the phase, after designating, choose the units that use
    Administrative Movement for the whole phase (double MP, never into an enemy ZOC, no
    combat)."""
    name = "admin_designate"
    rule = "5.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        a = act(g)
        return Prompt(a["side"], "admin_movement",
                      f"{g.side_word(a['side'])}: choose the units using Administrative Movement this phase "
                      f"(double movement, no enemy ZOC, no combat — 5.3), then done")

    def actions(self, g: Game, frame: dict):
        a = act(g)
        for p in commanded(g):
            if p not in a["admin"]:
                yield self.offer("admin", a["side"], unit=p)
        yield self.offer("done", a["side"])

    def check_admin(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        a = act(g)
        if unit not in commanded(g):
            return Violation(g.cite("5.3"), "only a commanded piece may use Administrative Movement")
        if unit in a["admin"]:
            return Violation(g.cite("5.3"), "already in Administrative Movement")
        return None

    def on_admin(self, g: Game, frame: dict, unit: Piece) -> None:
        """Administrative Movement"""
        g.mark(unit, ADMIN)
        set_act(g, admin=act(g)["admin"] + [unit])

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        if action.verb == "admin":
            return f"{g.who(action.side)}: {g.name(action['unit'])} uses Administrative Movement"
        return None


# -- increments (6.0) -------------------------------------------------------------------------------------
def box_choices(g: Game) -> list[int]:
    a = act(g)
    return chart.top_row(g) if not a["box"] else chart.following(g, a["box"])


def attack_capable(g: Game, pid: int) -> bool:
    """6.0, 5.3: a commanded combat unit not in Administrative Movement whose movement
    allowance meets the box's threshold (reading R6.0: an out-of-supply Single-Unit Reaction
    unit uses its reduced allowance)."""
    a = act(g)
    t = chart.threshold(g, a["box"])
    return (g.is_unit(pid) and t is not None and pid not in a["admin"]
            and effective_mpa(g, pid) >= t and board.on_map(g, pid))


def amphibious_moves(g: Game, pid: int) -> list[tuple[str, str]]:
    """12.8: in the phase's first increment, box 1, a unit that began the phase next to the
    Rhine may cross it where there is no bridge: into an empty hex across, using all its
    movement."""
    a = act(g)
    if a["box"] != chart.AMPHIBIOUS_BOX or a["itype"] != "movement" or pid not in a.get("rhine_start", []):
        return []
    facts = g.facts
    pos = position(g)
    h = g.where(pid)
    side = g.side_of(pid)
    out = []
    for n in facts.neighbours.get(h, ()):
        if not facts.is_rhine(h, n) or pos.occupied(other(side), n):
            continue
        if pid in a["admin"] and pos.in_zoc(other(side), n):
            continue
        if board.fits(g, pos, side, n, [pid]):
            out.append((h, n))
    return out


class Increment(State):
    """6.0: declare an increment in a box connected to the last one (the first in the top
    row), Movement or — where the box has a number — Attack; move or attack, then the next
    increment, until the series ends or the player stops."""
    name = "increment"
    rule = "6.0"
    hostile = frozenset({"attack"})

    def prompt(self, g: Game, frame: dict) -> Prompt:
        a = act(g)
        who = g.side_word(a["side"])
        if not a["open"]:
            if not a["box"]:
                return Prompt(a["side"], "increment",
                              f"{who}: put the increment marker in a top-row box of the Movement Point "
                              f"Expenditure chart and declare Movement or Attack (6.0), or end the phase")
            return Prompt(a["side"], "increment",
                          f"{who}: move the increment marker from box {a['box']} to a connected box "
                          f"and declare Movement or Attack, or end the phase (6.0)")
        if a["itype"] == "movement":
            return Prompt(a["side"], "movement",
                          f"{who}: Movement increment in {chart.label(g, a['box'])} — move commanded "
                          f"pieces, each up to its allowance, then end the increment (6.0, 7.0)")
        return Prompt(a["side"], "attack",
                      f"{who}: Attack increment in {chart.label(g, a['box'])} — attack with commanded "
                      f"units, one combat at a time, then end the increment (8.0)")

    # -- listing -------------------------------------------------------------------------------------
    def actions(self, g: Game, frame: dict):
        a = act(g)
        side = a["side"]
        if not a["open"]:
            hq_only = all(g.is_hq(p) for p in commanded(g))
            for n in box_choices(g):
                yield self.offer("increment", side, box=f"inc_{side}_{n}", kind="movement")
                if chart.threshold(g, n) is not None and not hq_only:
                    yield self.offer("increment", side, box=f"inc_{side}_{n}", kind="attack")
            yield self.offer("end_phase", side)
            return
        if a["itype"] == "movement":
            for pid in commanded(g):
                yield from self.moves_for(g, pid)
        else:
            for h in sorted(attackable_hexes(g)):
                yield self.offer("attack", side, hex=h)
        yield self.offer("end_increment", side)
        yield self.offer("end_phase", side)

    def moves_for(self, g: Game, pid: int):
        a = act(g)
        if pid in a["moved"] or pid not in commanded(g):
            return
        b = budget(g, pid)
        if b > 0:
            r = movement.reach(g, pid, b, pid in a["admin"])
            start = g.where(pid)
            for dest in sorted(r.remaining):
                if dest != start:
                    yield self.offer("move", a["side"], unit=pid, path=r.path(dest))
        for h, n in amphibious_moves(g, pid):
            yield self.offer("move", a["side"], unit=pid, path=[h, n])

    # -- refusals --------------------------------------------------------------------------------------
    def check_increment(self, g: Game, frame: dict, box: Loc, kind: str) -> Violation | None:
        a = act(g)
        if a["open"]:
            return Violation(g.cite("6.0"), "finish the increment under way first (6.0: you stay in a box until it is done)")
        prefix = f"inc_{a['side']}_"
        if not box.startswith(prefix) or not box[len(prefix):].isdigit():
            return Violation(g.cite("6.0"), "choose a box of your Movement Point Expenditure chart")
        n = int(box[len(prefix):])
        if n not in box_choices(g):
            if not a["box"]:
                return Violation(g.cite("6.0"), f"the first increment is in a top-row box ({', '.join(map(str, chart.top_row(g)))})")
            return Violation(g.cite("6.0"), f"box {n} is not connected to box {a['box']}")
        if kind not in ("movement", "attack"):
            return Violation(g.cite("6.0"), "an increment is Movement or Attack")
        if kind == "attack":
            if chart.threshold(g, n) is None:
                return Violation(g.cite("6.0"), f"box {n} has no number: Movement only")
            if all(g.is_hq(p) for p in commanded(g)):
                return Violation(g.cite("5.2"), "an HQ in a Single-Unit Reaction makes Movement increments only")
        return None

    def check_move(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        a = act(g)
        if not a["open"] or a["itype"] != "movement":
            return Violation(g.cite("6.0"), "pieces move only in a Movement increment (6.0: declared type only)")
        if unit not in g.state.pieces or unit not in commanded(g):
            return Violation(g.cite("7.0"), "only a commanded piece moves (7.0, 6.0)")
        if unit in a["moved"]:
            return Violation(g.cite("6.0"), f"{g.name(unit)} has already moved in this increment "
                                            "(reading R6.0: one move a piece an increment)")
        path = list(path)
        if len(path) == 2 and tuple(path) in amphibious_moves(g, unit):
            return None
        cost, why = movement.path_cost(g, unit, path, unit in a["admin"])
        if why is not None:
            return why
        if len(path) < 2:
            return Violation(g.cite("7.0"), "a move enters at least one hex")
        allowed = budget(g, unit)
        if cost > allowed:
            return Violation(g.cite("7.0"), f"the move costs {cost} MP; this increment allows "
                                            f"{g.name(unit)} {allowed} (6.0)")
        return None

    def check_attack(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        a = act(g)
        if not a["open"] or a["itype"] != "attack":
            return Violation(g.cite("6.0"), "attacks only in an Attack increment (6.0: declared type only)")
        return attack_target_refusal(g, hex)

    # -- handlers --------------------------------------------------------------------------------------
    def on_increment(self, g: Game, frame: dict, box: Loc, kind: str) -> None:
        """Declare the increment"""
        a = act(g)
        n = int(box.rsplit("_", 1)[1])
        set_act(g, box=n, itype=kind, open=True, inc_no=a["inc_no"] + 1, moved=[], attackers=[],
                defenders=[], air="")
        inc = "M-INC-AL" if a["side"] == "allied" else "M-INC-GE"
        g.move_marker(inc, box, face=0 if kind == "movement" else 1)

    def on_move(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Move"""
        a = act(g)
        g.do(C.Move(unit, path[-1]))
        movement.arrive(g, unit, list(path), "move")
        set_act(g, moved=act(g)["moved"] + [unit])
        settle(g)

    def on_attack(self, g: Game, frame: dict, hex: Loc) -> None:
        """Attack"""
        g.call("attack_build", defenders=[hex], attackers=[], air="")

    def on_end_increment(self, g: Game, frame: dict) -> None:
        """End the increment"""
        a = act(g)
        set_act(g, open=False)
        if not chart.following(g, a["box"]):
            g.note(f"{g.side_word(a['side'])} completes the series of increments (6.0)")
            g.end()

    def on_end_phase(self, g: Game, frame: dict) -> None:
        """End the phase"""
        g.end()

    def describe(self, g: Game, frame: dict, action) -> str | None:
        who = g.who(action.side)
        if action.verb == "increment":
            n = int(str(action["box"]).rsplit("_", 1)[1])
            return f"{who}: {action['kind'].capitalize()} increment in box {n}"
        if action.verb == "move":
            path = list(action["path"])
            return f"{who}: {g.name(action['unit'])} moves {g.hex_name(path[0])} → {g.hex_name(path[-1])}"
        if action.verb == "attack":
            return f"{who}: attack on {g.hex_name(action['hex'])}"
        return None


# -- attacks: which hexes may be attacked now (8.0) ---------------------------------------------------
def attacker_refusal(g: Game, pid: int, target: str) -> Violation | None:
    """Why ``pid`` may not attack the hex ``target`` in this increment (None: it may)."""
    a = act(g)
    facts = g.facts
    if pid not in commanded(g) or not g.is_unit(pid):
        return Violation(g.cite("8.0"), "only commanded combat units attack (6.0, 8.0)")
    if pid in a["attackers"]:
        return Violation(g.cite("8.0"), f"{g.name(pid)} has already attacked in this increment")
    if pid in a["admin"]:
        return Violation(g.cite("5.3"), "a unit in Administrative Movement takes no part in combat")
    if not attack_capable(g, pid):
        return Violation(g.cite("6.0"), f"this box lets only units with movement allowance "
                                        f"{chart.threshold(g, a['box'])}+ attack")
    h = g.where(pid)
    if target not in facts.neighbours.get(h, ()):
        return Violation(g.cite("8.0"), f"{g.name(pid)} is not next to {g.hex_name(target)}")
    if facts.blocked(h, target):
        return Violation(g.cite("8.0"), "no attack across a red blocking hexside")
    if facts.is_rhine(h, target) and not _rhine_attack_ok(g, pid, h, target):
        return Violation(g.cite("12.8"), "across the Rhine without a bridge only an amphibious assault "
                                         "in box 1 by a unit that began the phase next to the Rhine")
    return None


def _rhine_attack_ok(g: Game, pid: int, h: str, target: str) -> bool:
    """12.8: across the Rhine by a bridge or bridgehead, or as the amphibious assault of box 1
    by a unit that began the phase next to the Rhine."""
    a = act(g)
    if rhine.crossable(g, h, target):
        return True
    return a["box"] == chart.AMPHIBIOUS_BOX and pid in a.get("rhine_start", [])


def attack_target_refusal(g: Game, target: str) -> Violation | None:
    a = act(g)
    facts = g.facts
    pos = position(g)
    enemy = other(a["side"])
    if target not in facts.land or not pos.combat(enemy, target):
        return Violation(g.cite("8.0"), f"no enemy combat unit in {g.hex_name(target)} (an HQ never defends alone, 4.9)")
    if target in facts.offmap_south:
        return Violation(g.cite("10.1.3"), "no unit attacks into an off-map South hex")
    if any(p in a["defenders"] for p in pos.combat(enemy, target)):
        return Violation(g.cite("8.0"), "no unit is attacked more than once in an increment")
    if not any(attacker_refusal(g, p, target) is None for p in commanded(g)):
        return Violation(g.cite("8.0"), f"no commanded unit can attack {g.hex_name(target)} now")
    return None


def attackable_hexes(g: Game) -> set[str]:
    a = act(g)
    pos = position(g)
    facts = g.facts
    enemy = other(a["side"])
    out = set()
    for p in commanded(g):
        if not g.is_unit(p) or p in a["attackers"]:
            continue
        for n in facts.neighbours.get(g.where(p), ()):
            if n not in out and pos.combat(enemy, n) and attack_target_refusal(g, n) is None:
                out.add(n)
    return out
