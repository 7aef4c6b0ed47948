"""Positions for the 1914 Offensive à outrance rules tests: a scenario's set-up with the map
cleared, then units placed with their Assignment markers (5.2), every edit a recorded set-up
entry of the game record (engine.testing)."""
from __future__ import annotations

import copy
from functools import lru_cache

from engine import commands as C
from engine.modules import open_module
from engine.testing import Position, refused as _refused

from modules.offensive_a_outrance_1914.rules import org

MID = "offensive_a_outrance_1914"


@lru_cache(maxsize=None)
def module():
    return open_module(MID)


@lru_cache(maxsize=None)
def _template(scenario: str):
    pos = Position.new(module(), scenario, seed=1)
    return pos.session


def fresh(scenario: str = "campaign") -> Position:
    """The scenario as set up (its first decision pending), a private copy."""
    base = _template(scenario)
    memo = {id(base.ruleset): base.ruleset, id(base.module): base.module}
    return Position(copy.deepcopy(base, memo))


@lru_cache(maxsize=None)
def _blank_template(scenario: str):
    pos = Position.new(module(), scenario, seed=1)
    land = pos.session.ruleset.board.hexes
    doomed = [pid for pid, p in pos.state.pieces.items()
              if p.loc in land or p.loc.startswith("org:") or p.loc in ("reinforcements", "box:held", "box:on_unit",
                                                                         "box:reserve", "box:naval")]
    pos.remove(doomed, "clear the map")
    pos.set("control", {})
    pos.set("blown_bridges", [])
    pos.set("inactive_armies", {})
    pos.set("plans", {})               # no Strategic Plan in force unless a test sets one
    pos.clear_stack()
    return pos.session


def blank(scenario: str = "campaign", gt: int | None = None, **globals_) -> Position:
    """The scenario with no unit anywhere and no rules state pending; ``gt`` and ``globals_``
    set as given."""
    base = _blank_template(scenario)
    memo = {id(base.ruleset): base.ruleset, id(base.module): base.module}
    pos = Position(copy.deepcopy(base, memo))
    if gt is not None:
        pos.set("turn", gt)
    for k, v in globals_.items():
        pos.set(k, v)
    return pos


def unit(pos: Position, type_id: str, where: str, army: str | None = None, corps: str | None = None,
         ce: int = 0, face: int = 0, **props) -> int:
    """Place a unit; a Formation or Corps Train gets its Assignment marker on ``army``'s display
    (in ``corps``'s box, default its printed corps; "" the Independent box) and the army an Army
    marker if it has none on the map."""
    pid = pos.place(type_id, where, face=face, **props)
    rules = pos.session.ruleset
    t = rules.unit_types[type_id]

    def build(tx):
        g = rules.game(tx.state, tx)
        chosen = army or org.default_army(g, pid)
        if t.am_type and chosen:
            org.create_marker(g, pid, chosen, t.corps if corps is None and not t.cavalry else (corps or ""))
            if ce:
                marker = g.prop(pid, "am")
                tx.do(C.SetProp(marker, "ce", ce))
        elif chosen and not t.army:
            tx.do(C.SetProp(pid, "army", chosen))
        if chosen and chosen not in org.army_markers(g, t.side) and where in rules.board.hexes:
            tx.do(C.Create("M-army_plan", where, None, 0, {"owner": t.side, "army": chosen}))
    pos.edit(f"assign {type_id}", build)
    return pid


def game(pos: Position):
    return pos.session.ruleset.game(pos.state)


def marker(pos: Position, pid: int) -> int:
    return pos.state.pieces[pid].props["am"]


def ce(pos: Position, pid: int) -> int:
    return game(pos).ce(pid)


def legal_verbs(pos: Position) -> set[str]:
    return {a.verb for a in pos.session.legal_actions()}


def actions(pos: Position, verb: str | None = None) -> list[str]:
    return [str(a) for a in pos.session.legal_actions() if verb is None or a.verb == verb]


def top(pos: Position) -> dict:
    return pos.state.globals["rules_stack"][-1]


def movement(pos: Position, side: str = "allied", counter: bool = False, gt: int | None = None) -> None:
    """Enter the movement phase of ``side`` (the Counter-Movement Phase if ``counter``)."""
    if gt is not None:
        pos.set("turn", gt)
    phasing = side if not counter else ("german" if side == "allied" else "allied")
    pos.call("movement", side=side, phasing=phasing, allowance=5 if counter else 9, counter=counter)


def select(pos: Position, pid: int, side: str = "allied") -> None:
    pos.push(f"{side}: select unit=#{pid}")


def destinations(pos: Position) -> set[str]:
    return {str(a["to"]) for a in pos.session.legal_actions() if a.verb == "move"}


def do(pos: Position, text: str, fn) -> None:
    """Run ``fn(g)`` on a writable rules context as a recorded set-up entry."""
    rules = pos.session.ruleset
    pos.edit(text, lambda tx: fn(rules.game(tx.state, tx)))


def costs(pos: Position) -> dict[str, float]:
    """The picked Force's destinations and the MP each costs from where it stands."""
    g = game(pos)
    frame = top(pos)
    st = pos.session.ruleset.machine.table["force"]
    budget = st.budget(g, frame)
    return {h: budget - left for h, left in st.destinations(g, frame).items()}


def hexside(pos: Position, pred, country: str | None = None) -> tuple[str, str]:
    """The first hexside (a, b), both hexes playable land, whose attributes satisfy
    ``pred(attrs, a, b)``."""
    g = game(pos)
    board = g.board
    playable = pos.session.ruleset.playable(g)
    for (a, b), attrs in sorted(board.side.items()):
        if a in playable and b in playable and (country is None or board.hexes[a].get("country") == country
                                                and board.hexes[b].get("country") == country):
            if pred(attrs, a, b):
                return a, b
    raise LookupError("no such hexside")


def open_hex(pos: Position, h: str) -> bool:
    """No drawn hexside feature around ``h`` and open terrain in it and its neighbours."""
    board = game(pos).board
    return board.terrain.get(h) == "open" and all(
        not board.side[(h, n)] and board.terrain.get(n) == "open" for n in board.nbrs.get(h, ()))


def refused(pos: Position, a, rule: str):
    """``a`` is refused citing the rulebook's ``rule`` (e.g. "7.3.3")."""
    return _refused(pos.session, a, f"OaO {rule}")


def all_rail(pos: Position) -> None:
    """Every RR hex operational for both sides (Ammo within 5 hexes of a friendly operational RR
    hex almost everywhere, 9.4.1 (3))."""
    rails = sorted(game(pos).board.rail)
    pos.set("rail_allied", rails)
    pos.set("rail_german", rails)


def attack(pos: Position, side: str, target: str, units: list[int], counter: bool = False) -> None:
    """Enter the side's attack phase, declare one attack on ``target`` with ``units`` (those with
    PA markers on it are already in) and resolve it, up to the first decision of the battle."""
    phasing = side if not counter else ("german" if side == "allied" else "allied")
    pos.call("attack_phase", side=side, phasing=phasing, counter=counter)
    pos.push(f"{side}: attack target=@{target}")
    for pid in units:
        if pid not in top(pos)["units"]:
            pos.push(f"{side}: add unit=#{pid}")
    pos.push(f"{side}: confirm")
    pos.push(f"{side}: resolve_all")
    pos.push(f"{side}: resolve target=@{target}")


def battle(pos: Position) -> dict:
    return next(f for f in reversed(pos.state.globals["rules_stack"]) if f["state"] == "battle")
