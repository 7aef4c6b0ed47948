"""Operations (9.2, 11.0, 11.2): activate spaces for Move or Attack paying the card's OPS,
move the units of Move-activated spaces, roll trench attempts, then hand the Attack-activated
spaces to combat.

Frames:

* ``ops_activate`` {side, ops, spent, card, act: [[space, "move"|"attack"], ...], oos: [pid]}
  — actions ``activate(space, mode)`` and ``done``;
* ``ops_move`` {side, card, act, oos, movers: [pid], moved: [pid], entrench: [pid]}
  — actions ``move(pids, path)``, ``entrench(pid)`` (after the *Entrench* event, global
  ``pog_entrench``) and ``end_move``;
* then ``combat_declare`` {side, attack_spaces, ops_card, oos} (combat.py) if any space was
  activated for attack, else the ops end.
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.rules import Action, Prompt, Violation

from . import board, cards, movement
from .game import Game
from .machine import STATES, State, register
from .movement import names, place

MODES = ("move", "attack")
MOLTKE, FALKENHAYN, FALL_OF_THE_TSAR = "ap_09", "cp_13", "cp_52"
BRITISH = {"ANA": "BR", "AUS": "BR", "CND": "BR", "PT": "BR", "SN": "TU", "MN": "SB"}


def start(g: Game, side: str, ops: int, card: str) -> None:
    """Begin an Operation worth ``ops`` Activation Points (9.2.1; 1 for an Automatic Op)."""
    g.push("ops_activate", side=side, ops=ops, spent=0, card=card, act=[], oos=[])


def in_supply(g: Game, loc: str, side: str, nation: str) -> bool:
    """14.1 through supply.py when it provides ``in_supply``; otherwise every unit is supplied."""
    from . import supply
    check = getattr(supply, "in_supply", None)
    return True if check is None else bool(check(g, loc, side, nation))


def activation_nations(g: Game, side: str, loc: str) -> set[str]:
    """The nationalities counted for activating ``loc`` (9.2.3 and its exceptions)."""
    nations = set()
    where = board.attr(g, loc, "nation")
    for pid in board.units_in(g, loc, side):
        nat = board.nation_of(g, pid)
        nat = BRITISH.get(nat, nat)  # PoG 9.2.3: ANA/AUS/CND/PT are British, SN Turkish, MN Serbian
        if nat == "BE" and board.attr(g, loc, "be_as_br"):
            nat = "BR"  # PoG 9.2.3: BE at Antwerp, Ostend, Calais, Amiens may count as British
        if nat == "US" and where in ("FR", "GE"):
            nat = "FR"  # PoG 9.2.3: FR and US count as one in France and Germany
        nations.add(nat)
    return nations


def activation_cost(g: Game, side: str, loc: str, mode: str) -> int:
    """9.2.3: one Activation Point per nationality in the space (forts excluded), with the
    Moltke (1 per unit in Belgium and France until Falkenhayn) and Fall of the Tsar (combat:
    1 more per Russian unit beyond the first, 8(e) #9) exceptions."""
    units = board.units_in(g, loc, side)
    cost = len(activation_nations(g, side, loc))
    if (side == "CP" and cards.event_played(g, MOLTKE) and not cards.event_played(g, FALKENHAYN)
            and board.attr(g, loc, "nation") in ("BE", "FR")):
        cost = len(units)
    if side == "AP" and mode == "attack" and cards.event_played(g, FALL_OF_THE_TSAR):
        russians = sum(1 for p in units if board.nation_of(g, p) == "RU")
        cost += max(0, russians - 1)
    return cost


def _has_target(g: Game, side: str, loc: str) -> bool:
    """Whether an attack from ``loc`` could reach anything (a hint for the offered actions)."""
    enemy = "AP" if side == "CP" else "CP"
    if movement.enemy_fort(g, loc, side):
        return True
    for other, _only in movement.adjacency(g).get(loc, ()):
        if board.units_in(g, other, enemy) or movement.enemy_fort(g, other, side):
            return True
    return False


def activation_violation(g: Game, frame: dict, space, mode) -> Violation | None:
    side = frame["side"]
    if mode not in MODES:
        return Violation("PoG 9.2.5", "a space is activated for move or for attack")
    if not isinstance(space, str) or not board.is_space(g, space):
        return Violation("PoG 9.2.6", "only map spaces may be activated")
    if any(loc == space for loc, _m in frame["act"]):
        return Violation("PoG 9.2.5", f"{place(g, space)} is already activated")
    units = board.units_in(g, space, side)
    if not units:
        return Violation("PoG 9.2.6", f"{place(g, space)} holds no {side} combat units")
    cost = activation_cost(g, side, space, mode)
    left = frame["ops"] - frame["spent"]
    if cost > left:
        return Violation("PoG 9.2.3", f"activating {place(g, space)} costs {cost}; {left} OPS left")
    if not any(in_supply(g, space, side, board.nation_of(g, p)) for p in units):
        return Violation("PoG 14.1.1.1", f"the units in {place(g, space)} are out of supply")
    if mode == "attack":
        if movement.season(g) == "summer" and (g.module.locations[space].terrain or "clear") == "desert":
            return Violation("PoG 15.2.5", "a desert space cannot be activated for combat in summer")
        if side == "AP" and movement.on_near_east_map(g, space) and _ne_counts(g, space):
            if any(mode_ == "attack" and movement.on_near_east_map(g, loc) and _ne_counts(g, loc)
                   for loc, mode_ in frame["act"]):
                return Violation("PoG 9.2.7", "the Allies may activate only one Near East space "
                                              "for combat per Action Round")
    return None


def _ne_counts(g: Game, loc: str) -> bool:
    """9.2.7 exception: the MEF beachhead and the BR NE Army's space do not count."""
    if board.markers_in(g, loc, "m_beachhead"):
        return False
    return not any(g.state.pieces[p].type == "br_ne" for p in board.units_in(g, loc, "AP"))


@register
class OpsActivate(State):
    """9.2.1–9.2.7: spend the OPS on activations; each space for move or attack (9.2.5)."""
    name = "ops_activate"
    rule = "9.2"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        left = frame["ops"] - frame["spent"]
        return Prompt(frame["side"], "activate", f"{frame['side']}: activate spaces for Move or "
                                                 f"Attack ({left} of {frame['ops']} OPS left), "
                                                 "then done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        left = frame["ops"] - frame["spent"]
        done = {loc for loc, _m in frame["act"]}
        spaces = movement.adjacency(g)
        for loc in sorted(l for l in g.state.stacks if l in spaces):
            if loc in done or not board.units_in(g, loc, side):
                continue
            if activation_cost(g, side, loc, "move") > left:
                continue
            for mode in MODES:
                if mode == "attack" and not _has_target(g, side, loc):
                    continue
                if activation_violation(g, frame, loc, mode) is None:
                    yield Action.make("activate", side, space=loc, mode=mode)
        yield Action.make("done", side)

    def check(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.kind == "activate":
            if set(action.params) != {"space", "mode"}:
                return Violation("PoG 9.2.5", "activate needs a space and a mode")
            return activation_violation(g, frame, action["space"], action["mode"])
        if action.kind == "done":
            return None if not action.params else Violation("PoG 9.2", "done takes nothing")
        return Violation("PoG 9.2", f"{action.kind} is not possible while activating spaces")

    def apply(self, g: Game, frame: dict, action: Action) -> None:
        side = frame["side"]
        if action.kind == "done":
            finish_activation(g, frame)
            return
        loc, mode = action["space"], action["mode"]
        cost = activation_cost(g, side, loc, mode)
        oos = [p for p in board.units_in(g, loc, side)
               if not in_supply(g, loc, side, board.nation_of(g, p))]  # PoG 14.1.1.1
        g.do(C.Create("m_move_attack", loc, None, 0 if mode == "move" else 1, {}))
        g.update(spent=frame["spent"] + cost, act=frame["act"] + [[loc, mode]],
                 oos=frame["oos"] + oos)
        if g.top["spent"] >= g.top["ops"]:
            finish_activation(g, g.top)

    def notation(self, g: Game, frame: dict, action: Action) -> str:
        if action.kind == "activate" and board.is_space(g, str(action.get("space"))):
            cost = activation_cost(g, frame["side"], action["space"], action.get("mode", "move"))
            return (f"{action.side} activates {place(g, action['space'])} for "
                    f"{action.get('mode')} ({cost} OPS)")
        return f"{action.side} ends activation"


def finish_activation(g: Game, frame: dict) -> None:
    """9.2.8: after all activations, move the units that began in Move-marked spaces."""
    side = frame["side"]
    movers = []
    for loc, mode in frame["act"]:
        if mode == "move":
            movers += [p for p in board.units_in(g, loc, side)
                       if p not in frame["oos"] and int(g.value(p, "mf") or 0) >= 1]
    data = {k: frame[k] for k in ("side", "card", "act", "oos")}
    if movers:
        g.replace("ops_move", movers=movers, moved=[], entrench=[], **data)
    else:
        g.replace("ops_move", movers=[], moved=[], entrench=[], **data)
        finish_movement(g, g.top)


def _attack_spaces(frame: dict) -> list[str]:
    return [loc for loc, mode in frame["act"] if mode == "attack"]


def _free_movers(g: Game, frame: dict) -> dict[str, list[int]]:
    """Units still free to move, by space."""
    out: dict[str, list[int]] = {}
    for p in frame["movers"]:
        if p in frame["moved"] or p in frame["entrench"] or p not in g.state.pieces:
            continue
        out.setdefault(g.state.pieces[p].loc, []).append(p)
    return out


@register
class OpsMove(State):
    """11.1: units of Move-activated spaces move one unit or group at a time, each up to its
    MF; 11.2.1 armies may instead attempt to entrench (after the Entrench event)."""
    name = "ops_move"
    rule = "11.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "move", f"{frame['side']}: move units from Move-activated "
                                             "spaces, then end movement")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        attack = _attack_spaces(frame)
        for loc, units in sorted(_free_movers(g, frame).items()):
            groups = [units] if len(units) > 1 else []
            seen_kinds = set()
            for p in units:
                kind = (g.state.pieces[p].type, g.state.pieces[p].face)
                if kind not in seen_kinds:
                    seen_kinds.add(kind)
                    groups.append([p])
            for group in groups:
                for dest, path in sorted(movement.reachable(g, side, group, attack).items()):
                    yield Action.make("move", side, pids=group, path=path)
            if g.get("pog_entrench"):
                for p in units:
                    if board.is_army(g, p):
                        yield Action.make("entrench", side, pid=p)
        yield Action.make("end_move", side)

    def check(self, g: Game, frame: dict, action: Action) -> Violation | None:
        side = frame["side"]
        if action.kind == "end_move":
            return None if not action.params else Violation("PoG 11.1", "end_move takes nothing")
        if action.kind == "entrench":
            if not g.get("pog_entrench"):
                return Violation("PoG 11.2.1", "trenches may be attempted only after the "
                                               "Entrench event")
            pid = action.get("pid")
            free = [p for ps in _free_movers(g, frame).values() for p in ps]
            if pid not in free:
                return Violation("PoG 11.2.1", "only an army in a Move-activated space that has "
                                               "not moved may attempt to entrench")
            if not board.is_army(g, pid):
                return Violation("PoG 11.2.8", "only an army can build a trench")
            return None
        if action.kind != "move":
            return Violation("PoG 11.1", f"{action.kind} is not possible during movement")
        pids, path = action.get("pids"), action.get("path")
        if not (isinstance(pids, list) and pids and all(isinstance(p, int) for p in pids)
                and len(set(pids)) == len(pids)) or not isinstance(path, list):
            return Violation("PoG 11.1.1", "move needs a list of units and a path")
        free = _free_movers(g, frame)
        where = {g.state.pieces[p].loc for p in pids if p in g.state.pieces}
        if len(where) != 1 or not set(pids) <= set(free.get(next(iter(where)), [])):
            if any(p in frame["moved"] for p in pids):
                return Violation("PoG 11.1.1", "a unit's movement is over once another unit or "
                                               "group has moved")
            if any(p in frame["oos"] for p in pids):
                return Violation("PoG 14.1.1.1", "units out of supply at activation cannot move")
            return Violation("PoG 9.2.8", "only units that began in a Move-activated space, "
                                          "together in one space, may move")
        return movement.path_violation(g, side, pids, path, _attack_spaces(frame))

    def apply(self, g: Game, frame: dict, action: Action) -> None:
        if action.kind == "end_move":
            finish_movement(g, frame)
        elif action.kind == "entrench":
            g.update(entrench=frame["entrench"] + [action["pid"]])
        else:
            movement.carry_out(g, frame["side"], action["pids"], action["path"])
            g.update(moved=frame["moved"] + list(action["pids"]))
            if not _free_movers(g, g.top):
                finish_movement(g, g.top)

    def notation(self, g: Game, frame: dict, action: Action) -> str:
        try:
            if action.kind == "move":
                pids = action["pids"]
                start_loc = g.state.pieces[pids[0]].loc
                route = " → ".join(place(g, s) for s in [start_loc] + list(action["path"]))
                return f"{action.side} moves {names(g, pids)} {route}"
            if action.kind == "entrench":
                return f"{action.side}: {names(g, [action['pid']])} attempts to entrench"
        except (KeyError, IndexError, TypeError):
            pass
        return f"{action.side} ends movement"


def finish_movement(g: Game, frame: dict) -> None:
    """11.2.2 trench rolls, then combat from the Attack-activated spaces (9.2.9)."""
    side = frame["side"]
    by_space: dict[str, list[int]] = {}
    for p in frame["entrench"]:
        if p in g.state.pieces:
            by_space.setdefault(g.state.pieces[p].loc, []).append(p)
    for loc, armies in sorted(by_space.items()):
        attempt_trench(g, side, loc, armies)
    attack = _attack_spaces(frame)
    if attack and "combat_declare" in STATES:
        g.replace("combat_declare", side=side, attack_spaces=attack, ops_card=frame["card"],
                  oos=list(frame["oos"]))
        return
    g.pop()
    if attack:
        g.note("PoG 12: combat is not enforced yet; the attacks from "
               f"{', '.join(place(g, a) for a in attack)} are not resolved")


def attempt_trench(g: Game, side: str, loc: str, armies: list[int]) -> bool:
    """11.2.2: one roll for the space; ≤ the best LF of the armies attempting → a level-1
    trench, or level 1 → level 2 (11.2.3: one marker, at most level 2)."""
    owner, level = board.trench(g, loc)
    if owner and owner != side:
        g.note(f"PoG 11.2.3: {place(g, loc)} already holds an enemy trench")
        return False
    if level >= 2:
        g.note(f"PoG 11.2.3: {place(g, loc)} already has a level-2 trench")
        return False
    lf = max(int(g.value(p, "lf") or 0) for p in armies)
    die = g.roll(f"PoG 11.2.2 trench attempt in {place(g, loc)}")
    if die > lf:
        g.note(f"PoG 11.2.2: trench attempt in {place(g, loc)} fails ({die} > LF {lf})")
        return False
    if level == 1:
        g.do(C.SetFace(board.markers_in(g, loc, board.TRENCH[side])[0], 1))
    else:
        g.do(C.Create(board.TRENCH[side], loc, None, 0, {}))
    g.note(f"PoG 11.2.2: {place(g, loc)} now has a level-{level + 1} {side} trench ({die} ≤ {lf})")
    return True
