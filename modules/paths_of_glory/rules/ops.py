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

import weakref
from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece, Seq
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, cards, entry, movement, supply
from .card_ids import FALKENHAYN, FALL_OF_THE_TSAR, MOLTKE, SUD_ARMY
from .game import Game
from .movement import names, place

MODES = ("move", "attack")
BRITISH = {"ANA": "BR", "AUS": "BR", "CND": "BR", "PT": "BR", "SN": "TU", "MN": "SB",
           "POL": "GE"}  # CP #59: the Polish corps are treated as German


def start(g: Game, side: str, ops: int, card: str) -> None:
    """Begin an Operation worth ``ops`` Activation Points (9.2.1; 1 for an Automatic Op)."""
    g.call("ops_activate", side=side, ops=ops, spent=0, card=card, act=[], oos=[])


def activation_nations(g: Game, side: str, loc: str, units: list[int] | None = None) -> set[str]:
    """The nationalities counted for activating ``loc`` (9.2.3 and its exceptions; ``units``:
    ``side``'s units there, when the caller has them)."""
    nations = set()
    where = board.attr(g, loc, "nation")
    for pid in (board.units_in(g, loc, side) if units is None else units):
        nat = board.nation_of(g, pid)
        nat = BRITISH.get(nat, nat)  # PoG 9.2.3: ANA/AUS/CND/PT are British, SN Turkish, MN Serbian
        if nat == "BE" and board.attr(g, loc, "be_as_br"):
            nat = "BR"  # PoG 9.2.3: BE at Antwerp, Ostend, Calais, Amiens may count as British
        if nat == "US" and where in ("FR", "GE"):
            nat = "FR"  # PoG 9.2.3: FR and US count as one in France and Germany
        nations.add(nat)
    return g.rules.hooks.fold("activation_nations", nations, g, side, loc)  # AP #51


def activation_cost(g: Game, side: str, loc: str, mode: str,
                    units: list[int] | None = None) -> int:
    """9.2.3: one Activation Point per nationality in the space (forts excluded), with the
    Moltke (1 per unit in Belgium and France until Falkenhayn) and Fall of the Tsar (combat:
    1 more per Russian unit beyond the first, 8(e) #9) exceptions. (``units``: ``side``'s
    units in ``loc``, when the caller has them.)"""
    if units is None:
        units = board.units_in(g, loc, side)
    cost = len(activation_nations(g, side, loc, units))
    if side == "AP":
        cost = beachhead_cost(g, loc, units, cost)  # PoG 9.2.7.1
    if (side == "CP" and cards.event_played(g, MOLTKE) and not cards.event_played(g, FALKENHAYN)
            and board.attr(g, loc, "nation") in ("BE", "FR")):
        return len(units)  # AP #9 Moltke supersedes Sud Army and 11th Army (card text)
    if side == "AP" and mode == "attack" and cards.event_played(g, FALL_OF_THE_TSAR):
        russians = sum(1 for p in units if board.nation_of(g, p) == "RU")
        cost += max(0, russians - 1)
    return g.rules.hooks.fold("activation_cost", cost, g, side, loc, mode)  # CP #10, CP #29


def _has_target(g: Game, side: str, loc: str, seen=None, adjacency=None) -> bool:
    """Whether an attack from ``loc`` could reach anything (a hint for the offered actions):
    an enemy fort there or next to it (:func:`movement.enemy_fort`), or enemy units next to it
    — read from the supply snapshot, which knows every space's controller and units
    (``seen``: that snapshot, ``adjacency``: :func:`movement.adjacency`, when the caller has
    them)."""
    if seen is None:
        seen = supply.position(g)
    if adjacency is None:
        adjacency = movement.adjacency(g)
    enemy_units = seen.units["AP" if side == "CP" else "CP"]
    ctrl, forts = seen.ctrl, seen.intact_forts
    if loc in forts and ctrl[loc] != side:
        return True
    for other, _only in adjacency.get(loc, ()):
        if other in enemy_units or (other in forts and ctrl[other] != side):
            return True
    return False


def activation_violation(g: Game, frame: dict, space, mode, cost: int | None = None,
                         units: list[int] | None = None) -> Violation | None:
    """Why ``space`` may not be activated for ``mode`` now, or None (``cost``: its activation
    cost, ``units``: the side's units there, when the caller has them already)."""
    side = frame["side"]
    if mode not in MODES:
        return Violation("PoG 9.2.5", "a space is activated for move or for attack")
    if not isinstance(space, str) or not board.is_space(g, space):
        return Violation("PoG 9.2.6", "only map spaces may be activated")
    if any(loc == space for loc, _m in frame["act"]):
        return Violation("PoG 9.2.5", f"{place(g, space)} is already activated")
    if units is None:
        units = board.units_in(g, space, side)
    if not units:
        return Violation("PoG 9.2.6", f"{place(g, space)} holds no {side} combat units")
    if entry.greek_blocked(g, space):
        return Violation("PoG 9.5.2.4", "the Greek units are still neutral: nobody may move them")
    if cost is None:
        cost = activation_cost(g, side, space, mode, units)
    left = frame["ops"] - frame["spent"]
    if cost > left:
        return Violation("PoG 9.2.3", f"activating {place(g, space)} costs {cost}; {left} OPS left")
    if not _supplied(g, side, space, units):
        return Violation("PoG 14.1.1.1", f"the units in {place(g, space)} are out of supply")
    if mode == "attack":
        return _attack_violation(g, frame, space)
    return None


def _supplied(g: Game, side: str, loc: str, units: list[int]) -> bool:
    """14.1.1.1: whether any of ``units`` (``side``'s, in ``loc``) traces supply; asked once
    per nationality (the answer depends on the nationality, not the unit)."""
    asked = set()
    for p in units:
        nat = board.nation_of(g, p)
        if nat not in asked:
            if supply.in_supply(g, loc, side, nat):
                return True
            asked.add(nat)
    return False


def _attack_violation(g: Game, frame: dict, space: str) -> Violation | None:
    """The refusals only an activation for combat meets (15.2.5, 9.2.7)."""
    if movement.season(g) == "summer" and (g.module.locations[space].terrain or "clear") == "desert":
        return Violation("PoG 15.2.5", "a desert space cannot be activated for combat in summer")
    if frame["side"] == "AP" and movement.on_near_east_map(g, space) and _ne_counts(g, space):
        if any(mode_ == "attack" and movement.on_near_east_map(g, loc) and _ne_counts(g, loc)
               for loc, mode_ in frame["act"]):
            return Violation("PoG 9.2.7", "the Allies may activate only one Near East space "
                                          "for combat per Action Round")
    return None


class _ActivationsKept:
    """The activation facts of the spaces of one Operation (:func:`_activation_facts`), for
    which state (weakly: a state dropped is never matched by a later one at the same
    address)."""
    __slots__ = ("state", "key", "mark", "globs", "facts")

    def __init__(self) -> None:
        self.state = self.key = self.mark = self.globs = self.facts = None


_ACTIVATIONS = _ActivationsKept()


def _activation_facts(g: Game, frame: dict, done: set[str]) -> list[tuple]:
    """Each space ``frame``'s side might activate, in map order: (space, cost to activate for
    move, for attack, the move action, the attack action or None) — the checks of
    :func:`activation_violation` that do not read the frame (9.5.2.4 Greek units, 14.1.1.1
    supply, the attack's targets) passed, the cost (9.2.3) and 9.2.7/15.2.5 left to the caller.
    Every refusal of a move activation refuses the attack too (its cost is never lower), so a
    space refused for move is left out.

    Kept between the listings of one Operation: the facts hold while the state is the same
    object, the frame's side, card and OPS are the same, no location changed but the spaces
    activated since (their Move/Attack marker: ``done``, which the caller skips), and every
    global but the rules stack is equal — all these checks read (the cost hooks read the
    events; only Sud Army's, CP #10, reads the frame's activations: not kept then)."""
    side = frame["side"]
    state = g.state
    globs = {k: v for k, v in state.globals.items() if k != g.machine.key}
    key = (side, frame["card"], frame["ops"], id(g.module))
    kept = _ACTIVATIONS
    ref = kept.state
    if ref is not None and ref() is state and kept.key == key and kept.globs == globs:
        touched = state.touched_since(kept.mark)
        if touched is not None and done.issuperset(touched):
            kept.mark = state.change_mark
            return kept.facts
    facts = []
    spaces = movement.adjacency(g)
    typed = movement.space_locs(g)         # the offer's types, made once per module
    tsar = side == "AP" and cards.event_played(g, FALL_OF_THE_TSAR)
    seen = supply.position(g)              # nothing below changes the position
    offer = g.machine.state(OpsActivate.name).offer
    for loc in sorted(l for l in seen.units[side] if l in spaces):
        units = board.units_in(g, loc, side)
        move_cost = activation_cost(g, side, loc, "move", units)
        if entry.greek_blocked(g, loc) or not _supplied(g, side, loc, units):
            continue
        attack = attack_cost = None
        if _has_target(g, side, loc, seen, spaces):
            # only 8(e) #9 reads the mode (the cost hooks do not: 12.1.11 is not theirs)
            attack_cost = activation_cost(g, side, loc, "attack", units) if tsar else move_cost
            attack = offer("activate", side, space=typed[loc], mode="attack")
        facts.append((loc, move_cost, attack_cost, offer("activate", side, space=typed[loc],
                                                          mode="move"), attack))
    if side == "CP" and cards.event_played(g, SUD_ARMY):
        kept.state = None                   # its cost reads the frame's activations
    else:
        kept.state, kept.key, kept.globs, kept.facts = weakref.ref(state), key, globs, facts
        kept.mark = state.change_mark
    return facts


def _ne_counts(g: Game, loc: str) -> bool:
    """9.2.7 exception: the MEF beachhead and the BR NE Army's space do not count."""
    if board.markers_in(g, loc, "m_beachhead"):
        return False
    return not any(g.state.pieces[p].type == "br_ne" for p in board.units_in(g, loc, "AP"))


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
        for loc, move_cost, attack_cost, move, attack in _activation_facts(g, frame, done):
            if loc in done or move_cost > left:
                continue
            yield move
            if attack is not None and attack_cost <= left and _attack_violation(g, frame, loc) is None:
                yield attack
        yield self.offer("done", side)

    def check_activate(self, g: Game, frame: dict, space: Loc, mode: str) -> Violation | None:
        return activation_violation(g, frame, space, mode)

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        return None

    def on_done(self, g: Game, frame: dict) -> None:
        """Done activating"""
        finish_activation(g, frame)

    def on_activate(self, g: Game, frame: dict, space: Loc, mode: str) -> None:
        """Activate this space"""
        side = frame["side"]
        loc = space
        cost = activation_cost(g, side, loc, mode)
        oos = [p for p in board.units_in(g, loc, side)
               if not supply.in_supply(g, loc, side, board.nation_of(g, p))]  # PoG 14.1.1.1
        g.do(C.Create("m_move_attack", loc, None, 0 if mode == "move" else 1, {}))
        g.update(spent=frame["spent"] + cost, act=frame["act"] + [[loc, mode]],
                 oos=frame["oos"] + oos)
        if g.top["spent"] >= g.top["ops"]:
            finish_activation(g, g.top)

    def describe(self, g: Game, frame: dict, action: Action) -> str:
        if action.verb == "activate" and board.is_space(g, str(action.get("space"))):
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
        g.goto("ops_move", movers=movers, moved=[], entrench=[], **data)
    else:
        g.goto("ops_move", movers=[], moved=[], entrench=[], **data)
        finish_movement(g, g.top)


def _attack_spaces(frame: dict) -> list[str]:
    return [loc for loc, mode in frame["act"] if mode == "attack"]


def _allowance(free: dict[str, list[int]]) -> dict[str, int]:
    """10.1.2: a space may be overstacked during movement by as many units as still have to
    move out of it (the units there that have not moved yet)."""
    return {loc: len(units) for loc, units in free.items()}


def _overstacked(g: Game, side: str, frame: dict) -> list[str]:
    locs = {g.state.pieces[p].loc for p in frame["moved"] if p in g.state.pieces}
    return sorted(l for l in locs if board.is_space(g, l)
                  and len(board.units_in(g, l, side)) > movement.STACKING_LIMIT)


def _entrench_keeps_room(g: Game, side: str, loc: str, free: dict[str, list[int]]) -> bool:
    """An entrenching army stays: the space's excess must still fit the units left to move."""
    excess = len(board.units_in(g, loc, side)) - movement.STACKING_LIMIT
    return excess <= len(free.get(loc, [])) - 1


def _free_movers(g: Game, frame: dict) -> dict[str, list[int]]:
    """Units still free to move, by space."""
    out: dict[str, list[int]] = {}
    for p in frame["movers"]:
        if p in frame["moved"] or p in frame["entrench"] or p not in g.state.pieces:
            continue
        out.setdefault(g.state.pieces[p].loc, []).append(p)
    return out


def _joiners(g: Game, frame: dict, allow: dict[str, int]) -> "movement.Joiners":
    """11.1.8: ``joiners(to, pids)`` — the units still free to move this round (not in
    ``pids``) that can reach ``to``; each unit's reach is worked out once per call site."""
    side, attack = frame["side"], _attack_spaces(frame)
    free = [p for units in _free_movers(g, frame).values() for p in units]
    reach: dict[int, set[str]] = {}

    def joiners(to: str, pids: list[int]) -> list[int]:
        out = []
        for p in free:
            if p in pids:
                continue
            if p not in reach:
                reach[p] = set(movement.reachable(g, side, [p], attack, allow, joiners=None))
            if to in reach[p]:
                out.append(p)
        return out
    return joiners


def _pending_forts(g: Game, frame: dict) -> list[str]:
    """Enemy fort spaces entered this round by units that cannot besiege them yet (11.1.8:
    they count on units still to move)."""
    side = frame["side"]
    locs = {g.state.pieces[p].loc for p in frame["moved"] if p in g.state.pieces}
    return sorted(l for l in locs if board.is_space(g, l) and movement.enemy_fort(g, l, side)
                  and not board.fort_besieged(g, l)
                  and not movement.can_besiege(g, l, board.units_in(g, l, side)))


def _strands_a_fort(g: Game, frame: dict, joiners, pids: list[int], dest: str,
                    pending: list[str] | None = None) -> str | None:
    """11.1.8: the pending fort this move would leave unable to be besieged (its promised
    joiners going elsewhere), or None (``pending``: :func:`_pending_forts`, when the caller
    has it)."""
    side = frame["side"]
    for loc in (_pending_forts(g, frame) if pending is None else pending):
        if loc == dest:
            continue
        if not movement.can_besiege(g, loc, board.units_in(g, loc, side) + joiners(loc, pids)):
            return loc
    return None


#: OpsMove's move offers by side and group: (the reach answer they were last made from, those
#: offers in order, each destination's offer). An offer is a function of the side, the group
#: and the path alone, so it is reused for an equal path whatever the position.
_MOVE_OFFERS: dict[tuple, tuple[dict, list, dict]] = {}


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
        free = _free_movers(g, frame)
        allow = _allowance(free)
        over = _overstacked(g, side, frame)
        joiners = _joiners(g, frame, allow)
        pending = _pending_forts(g, frame)
        fixes = moves = False
        for loc, units in sorted(free.items()):
            groups = [units] if len(units) > 1 else []
            seen_kinds = set()
            for p in units:
                kind = (g.state.pieces[p].type, g.state.pieces[p].face)
                if kind not in seen_kinds:
                    seen_kinds.add(kind)
                    groups.append([p])
            for group in groups:
                reach = movement.reachable(g, side, group, attack, allow, joiners)
                for dest, action in self._move_offers(side, group, reach):
                    if pending and _strands_a_fort(g, frame, joiners, group, dest, pending):
                        continue
                    fixes = fixes or loc in over
                    moves = True
                    yield action
            if g.get("pog_entrench") and _entrench_keeps_room(g, side, loc, free):
                for p in units:
                    if board.is_army(g, p):
                        yield self.offer("entrench", side, pid=p)
        # PoG 10.1.2 (an unfixable overstack: 10.1.3 at round end); 11.1.8 (a fort entered
        # on the strength of units still to move waits for them while they can move)
        if (not over or not fixes) and (
                not moves or not self._fort_waits(g, frame, joiners, pending)):
            yield self.offer("end_move", side)

    def _move_offers(self, side: str, group: list[int],
                     reach: dict[str, tuple[Loc, ...]]) -> list[tuple[str, Action]]:
        """The move offers of one group's reach, by destination in order. Made once per reach
        answer: :func:`movement.reachable` hands back the very same (unchanged) answer while it
        holds. A new answer reuses the group's last offers of the same paths (an offer depends
        on nothing but side, group and path)."""
        key = (side, tuple(group))
        kept = _MOVE_OFFERS.get(key)
        if kept is not None and (kept[0] is reach or kept[0] == reach):
            if kept[0] is not reach:
                _MOVE_OFFERS[key] = (reach, kept[1], kept[2])
            return kept[1]
        # The targets as self.offer("move", side, pids=..., path=...) types them (on_move's
        # signature: path and pids, sorted by name, each a Seq of Loc / Piece), built directly:
        # the reach's paths are tuples of Loc already (test_ops checks the two agree).
        pids = ("pids", Seq(Piece(p) for p in group))
        if kept is None:
            offers = [(dest, Action.of("move", side, (("path", Seq(path)), pids)))
                      for dest, path in sorted(reach.items())]
        else:
            last_reach, last_offer = kept[0], kept[2]
            offers = [(dest, last_offer[dest] if last_reach.get(dest) == path
                       else Action.of("move", side, (("path", Seq(path)), pids)))
                      for dest, path in sorted(reach.items())]
        if len(_MOVE_OFFERS) > movement.REACH_KEPT_LIMIT:
            _MOVE_OFFERS.clear()
        _MOVE_OFFERS[key] = (reach, offers, dict(offers))
        return offers

    @staticmethod
    def _fort_waits(g: Game, frame: dict, joiners,
                    pending: list[str] | None = None) -> str | None:
        """11.1.8: a pending fort that the units still free to move can complete
        (``pending``: :func:`_pending_forts`, when the caller has it)."""
        side = frame["side"]
        for loc in (_pending_forts(g, frame) if pending is None else pending):
            if movement.can_besiege(g, loc, board.units_in(g, loc, side) + joiners(loc, [])):
                return loc
        return None

    def check_end_move(self, g: Game, frame: dict) -> Violation | None:
        side = frame["side"]
        over = _overstacked(g, side, frame)
        if over and any(a.verb == "move" for a in self.actions(g, frame)):
            return Violation("PoG 10.1.2", f"{place(g, over[0])} is over the stacking limit: "
                                           "move units out before ending movement")
        waiting = self._fort_waits(g, frame, _joiners(g, frame, _allowance(_free_movers(g, frame))))
        if waiting and any(a.verb == "move" for a in self.actions(g, frame)):
            return Violation("PoG 11.1.8", f"the units in {place(g, waiting)} cannot besiege "
                                           "its fort yet: move the units that join them")
        return None

    def check_entrench(self, g: Game, frame: dict, pid: Piece) -> Violation | None:
        side = frame["side"]
        if not g.get("pog_entrench"):
            return Violation("PoG 11.2.1", "trenches may be attempted only after the "
                                           "Entrench event")
        if pid in frame["oos"]:
            return Violation("PoG 14.3.3", "units out of supply may not entrench")
        free = [p for ps in _free_movers(g, frame).values() for p in ps]
        if pid not in free:
            return Violation("PoG 11.2.1", "only an army in a Move-activated space that has "
                                           "not moved may attempt to entrench")
        if not board.is_army(g, pid):
            return Violation("PoG 11.2.8", "only an army can build a trench")
        if not _entrench_keeps_room(g, side, g.state.pieces[pid].loc, _free_movers(g, frame)):
            return Violation("PoG 10.1.2", "the space is over the stacking limit: units must "
                                           "move out of it")
        return None

    def check_move(self, g: Game, frame: dict, pids: tuple[Piece, ...],
                   path: tuple[Loc, ...]) -> Violation | None:
        side = frame["side"]
        if not pids or len(set(pids)) != len(pids):
            return Violation("PoG 11.1.1", "move needs a list of units and a path")
        pids, path = list(pids), list(path)
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
        allow = _allowance(free)
        joiners = _joiners(g, frame, allow)
        attack = _attack_spaces(frame)
        if movement.known_path(g, side, pids, path, attack, allow, joiners):
            problem = None   # the listing's search established this very path
        else:
            problem = movement.path_violation(g, side, pids, path, attack, allow, joiners)
        if problem is None and path:
            stranded = _strands_a_fort(g, frame, joiners, pids, path[-1])
            if stranded:
                return Violation("PoG 11.1.8", f"the units in {place(g, stranded)} count on "
                                               "these to besiege its fort")
        return problem

    def on_end_move(self, g: Game, frame: dict) -> None:
        """End movement"""
        finish_movement(g, frame)

    def on_entrench(self, g: Game, frame: dict, pid: Piece) -> None:
        """Attempt to entrench with this army"""
        g.update(entrench=frame["entrench"] + [pid])

    def on_move(self, g: Game, frame: dict, pids: tuple[Piece, ...], path: tuple[Loc, ...]) -> None:
        """Move these units along this path"""
        movement.carry_out(g, frame["side"], list(pids), list(path))
        g.update(moved=frame["moved"] + list(pids))
        over = bool(_overstacked(g, frame["side"], g.top))
        if over or g.get("pog_moving"):
            g.set("pog_moving", over)  # PoG 10.1.2: temporarily overstacked (invariants)
        if not _free_movers(g, g.top):
            finish_movement(g, g.top)

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        try:
            if action.verb == "move":
                pids = action["pids"]
                start_loc = g.state.pieces[pids[0]].loc
                route = " → ".join(place(g, s) for s in [start_loc] + list(action["path"]))
                return f"{action.side} moves {names(g, pids)} {route}"
            if action.verb == "entrench":
                return f"{action.side}: {names(g, [action['pid']])} attempts to entrench"
        except (KeyError, IndexError, TypeError):
            pass
        return f"{action.side} ends movement"


def finish_movement(g: Game, frame: dict) -> None:
    """11.2.2 trench rolls, then combat from the Attack-activated spaces (9.2.9)."""
    side = frame["side"]
    if g.get("pog_moving"):
        g.set("pog_moving", False)
    by_space: dict[str, list[int]] = {}
    for p in frame["entrench"]:
        if p in g.state.pieces:
            by_space.setdefault(g.state.pieces[p].loc, []).append(p)
    for loc, armies in sorted(by_space.items()):
        attempt_trench(g, side, loc, armies)
    attack = _attack_spaces(frame)
    if attack:
        g.goto("combat_declare", side=side, attack_spaces=attack, ops_card=frame["card"],
               oos=list(frame["oos"]))
        return
    g.end()


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
    drm = 0
    attempts = dict(g.get("pog_trench_attempt") or {})
    if trench_drm_in_use(g):
        now = round_index(g)
        if any(attempts.get(str(p), {}).get("at") == now - 1 for p in armies):
            drm = -1  # PoG 11.2.10 (never more than -1)
        for p in armies:
            _drop_trench_attempt(g, attempts, str(p))
    if die + drm > lf:
        g.note(f"PoG 11.2.2: trench attempt in {place(g, loc)} fails ({die}{drm or ''} > LF {lf})")
        if trench_drm_in_use(g):
            for p in armies:
                if board.nation_of(g, p) in TRENCH_DRM_NATIONS:  # PoG 11.2.10
                    g.do(C.Create("m_trench_attempt", loc, None, 0, {}))
                    attempts[str(p)] = {"at": round_index(g), "loc": loc}
        g.set("pog_trench_attempt", attempts)
        return False
    g.set("pog_trench_attempt", attempts)
    if level == 1:
        g.do(C.SetFace(board.markers_in(g, loc, board.TRENCH[side])[0], 1))
    else:
        g.do(C.Create(board.TRENCH[side], loc, None, 0, {}))
    g.note(f"PoG 11.2.2: {place(g, loc)} now has a level-{level + 1} {side} trench ({die} ≤ {lf})")
    return True


# -- 11.2.10 (optional; Historical): the trench-failure drm -------------------------------------
TRENCH_DRM_NATIONS = ("GE", "BR", "FR", "IT")


def trench_drm_in_use(g: Game) -> bool:
    return (g.get("pog_scenario") == "historical"
            or (g.get("pog_options") or {}).get("trench_attempt_drm") == "on")


def round_index(g: Game) -> int:
    """A side's Action Rounds counted through the game (turn 2 round 1 follows turn 1 round 6)."""
    return int(g.get("turn", 1) or 1) * 6 + int(g.get("action_round", 1) or 1)


def _drop_trench_attempt(g: Game, attempts: dict, key: str) -> None:
    entry_ = attempts.pop(key, None)
    if entry_:
        marks = board.markers_in(g, entry_.get("loc", ""), "m_trench_attempt") \
            if entry_.get("loc") in g.module.locations else []
        if marks:
            g.do(C.Delete(marks[0]))


def expire_trench_attempts(g: Game, side: str) -> None:
    """11.2.10: at the end of a side's round, Trench Attempt markers older than this round
    (the unit did not try again in the following round) come off."""
    attempts = dict(g.get("pog_trench_attempt") or {})
    now = round_index(g)
    stale = [k for k, v in attempts.items()
             if int(k) in g.state.pieces and board.side_of(g, int(k)) == side
             and int(v.get("at", 0)) < now]
    stale += [k for k in attempts if int(k) not in g.state.pieces]
    if not stale:
        return
    for k in stale:
        _drop_trench_attempt(g, attempts, k)
    g.set("pog_trench_attempt", attempts)


# -- 9.2.7.1 MEF beachhead activation ------------------------------------------------------------
def traces_through_beachhead(g: Game, loc: str, nation: str) -> bool:
    """Whether an Allied unit of ``nation`` in ``loc`` is in supply only thanks to an MEF
    beachhead (9.2.7.1)."""
    if not any(g.state.pieces[p].type == "m_beachhead" for p in g.state.pieces):
        return False
    if not supply.in_supply(g, loc, "AP", nation):
        return False
    key = (g.state._hash, nation)
    cache = g.rules.__dict__.setdefault("_pog_no_beachhead", {})
    if key not in cache:
        if len(cache) > 64:
            cache.clear()
        cache[key] = frozenset(supply._trace(g, "AP", nation, None, beachheads=False))
    return loc not in cache[key]


def beachhead_cost(g: Game, loc: str, units: list[int], cost: int) -> int:
    """9.2.7.1: the MEF Army tracing supply through the beachhead costs 3 OPS to activate, and
    every other unit in its space tracing through it 1 OPS more (MEF + 2 corps = 5); not for an
    MEF that entered as a normal army (9.5.3.4)."""
    mef = [p for p in units if g.state.pieces[p].type == "br_mef"
           and not g.state.pieces[p].props.get("ne_lost")]
    if not mef or not traces_through_beachhead(g, loc, "BR"):
        return cost
    others = [p for p in units if p not in mef]
    through = [p for p in others if traces_through_beachhead(g, loc, board.nation_of(g, p))]
    rest = [p for p in others if p not in through]
    rest_nations = {BRITISH.get(board.nation_of(g, p), board.nation_of(g, p)) for p in rest}
    return 3 + len(through) + len(rest_nations)
