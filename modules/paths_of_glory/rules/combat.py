"""Combat (12.1–12.4): designating attacks from the Attack-activated spaces and resolving each
one through the twelve steps of 12.2.1.

Frames owned here:

* ``combat_declare`` {side, attack_spaces, ops_card, attacked, used, target, chosen} — pushed by
  ops after movement. Actions ``attack(space)`` → ``add_attacker(unit)`` … ``resolve`` (or
  ``cancel_attack``), and ``end_combats`` to pop. 12.1.x, 11.1.17, 11.3.1, 15.1.x checks.
* ``combat_resolve`` (automatic) walks the steps of the combat kept in the global
  ``pog_combat``; it pushes the decision frames below and continues when they pop:
  ``combat_cards`` {side, trench} (12.2.4, 12.2.6), ``combat_flank`` (12.3),
  ``combat_losses`` {side} (12.4), ``combat_retreat`` and ``combat_advance`` (12.5, 12.7, in
  :mod:`.retreat`); ``combat_withdrawal`` {side} (12.6: which lost step Withdrawal restores).

Combat cards beyond a DRM (:mod:`.combat_cards`): CP #2 Wireless Intercepts is played in the flank
step (``play_cc`` in ``combat_flank``: the flank attack succeeds without a roll); AP #6 / CP #56
Withdrawal add the ``withdrawal`` step before the winner (12.6.3) and force a 1-space retreat
(:mod:`.retreat`); AP #39 They Shall Not Pass cancels the retreat of a losing defence and stays
face up on a tie; CP #60 Turkish Determination makes :func:`.battle.defender_trench` level 1;
CP #64 Alberich cancels the attack (:func:`cancel_attack`); CP #31 Kemal and AP #48 Royal Tank
Corps change the fire (their :class:`~.combat_cards.CombatCard` fields).

Card events reach combat through the ruleset's hook points (:mod:`.hook_points`), never by
being imported here: ``attack_allowed`` (designation), ``combat_started`` (after step 2),
``combat_finished`` (after step 12).

The combat record and what happened earlier in the Action Round (units retreated, combat cards
used: 12.1.2, 12.5.6, 9.5.4.4) are :mod:`.battle`'s.
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Card, Loc, Piece
from engine.machine import State, plain_copy
from engine.rules import Prompt, Violation

from . import board, cards, combat_report, confinement, entry, fire, losses, mo, movement, retreat, supply
from .battle import (cc_used, combat, defender_trench, enemy_fort, name, place, retreated_units,
                     round_add, round_key, save, side_units, withdrawal_played)
from .card_ids import (ALBERICH, OBEROST, SINAI_PIPELINE, THEY_SHALL_NOT_PASS, WIRELESS_INTERCEPTS,
                       WITHDRAWAL)
from .combat_cards import COMBAT_CARDS, fits
from .game import Game, other
from .sieges import can_besiege

NEAR_EAST = "near_east"
BEF_NATIONS = ("BR", "FR", "BE", "GE")        # PoG 11.1.17
MULTINATIONAL = {"ANA": "BR", "AUS": "BR", "CND": "BR", "PT": "BR", "SN": "TU", "MN": "SB",
                 "POL": "GE"}  # CP #59: the Polish corps are treated as German
SINAI = "sinai"
FLANK_SUCCESS = 4                              # PoG 12.3.3


def nation_class(g: Game, pid: int) -> str:
    """PoG 12.1.11.2: ANA, AUS, CND, PT count as British, SN as Turkish, MN as Serbian."""
    n = board.nation_of(g, pid)
    return MULTINATIONAL.get(n, n)



# -- designation (12.1, 12.2.2) ---------------------------------------------------------------
def target_violation(g: Game, frame: dict, target: str) -> Violation | None:
    """Why ``target`` may not be attacked now, or None."""
    side = frame["side"]
    if not board.is_space(g, target):
        return Violation("PoG 12.1.4", f"{target} is not a space")
    if target in frame.get("attacked", []):
        return Violation("PoG 12.1.6", f"{place(g, target)} was already attacked in this action")
    if entry.greek_blocked(g, target):
        return Violation("PoG 9.5.2.4", f"{place(g, target)} holds neutral Greek units: nobody may "
                                        "attack them before Greece enters the war")
    enemies = board.units_in(g, target, other(side))
    gone = set(retreated_units(g))
    fort = enemy_fort(g, target, side)
    if enemies and all(p in gone for p in enemies) and not fort:
        return Violation("PoG 12.1.2", f"{place(g, target)} holds only units that retreated "
                                       "this round")
    if not enemies and not fort:
        return Violation("PoG 12.1.4", f"{place(g, target)} holds no enemy unit or fort")
    reasons = []
    for p in candidates(g, frame):       # the first unit that may attack settles it
        reason = attacker_violation(g, frame, p, target)
        if reason is None:
            return None
        reasons.append(reason)
    adjacent = [v for v in reasons if v.rule != "PoG 12.1.4"]
    return adjacent[0] if adjacent else Violation(
        "PoG 12.1.1", f"no unit in an Attack-activated space may attack {place(g, target)}")


def candidates(g: Game, frame: dict) -> list[int]:
    """Units of the attacker in Attack-activated spaces that have not attacked yet."""
    used = set(frame.get("used", []))
    return [p for loc in frame["attack_spaces"] for p in board.units_in(g, loc, frame["side"])
            if p not in used]


def attacker_violation(g: Game, frame: dict, pid: int, target: str) -> Violation | None:
    """Why unit ``pid`` may not attack ``target``, or None (12.1.x, 11.1.17, 11.3.1, 15.1.x)."""
    side = frame["side"]
    piece = g.state.pieces.get(pid)
    if piece is None or not board.is_unit(g, pid) or board.side_of(g, pid) != side:
        return Violation("PoG 12.1.3", "only the active player's combat units attack")
    origin = piece.loc
    if origin not in frame["attack_spaces"]:
        return Violation("PoG 12.1.1", f"{name(g, pid)} is not in an Attack-activated space")
    if pid in frame.get("used", []):
        return Violation("PoG 12.1.6", f"{name(g, pid)} has already attacked in this action")
    nation = board.nation_of(g, pid)
    besieged_here = board.fort_besieged(g, target) and enemy_fort(g, target, side)
    if origin == target:
        if not besieged_here:
            return Violation("PoG 12.1.4", "units attack an adjacent space")
    elif besieged_here:
        return Violation("PoG 15.1.3", f"the besieged fort of {place(g, target)} may be attacked "
                                       "only by the units in its space")
    elif target not in board.connections(g, origin, nation):
        if target in board.connections(g, origin):
            return Violation("PoG 12.1.9", f"{nation} units may not attack across the dotted "
                                           f"line from {place(g, origin)}")
        return Violation("PoG 12.1.4", f"{place(g, target)} is not adjacent to {place(g, origin)}")
    pt = g.ptype(pid)
    if pt.attrs.get("bef") and board.attr(g, target, "nation") not in BEF_NATIONS:
        return Violation("PoG 11.1.17", "the BEF may not attack outside Britain, France, "
                                        "Belgium and Germany")
    near_east = board.attr(g, target, "region") == NEAR_EAST
    if near_east and board.is_army(g, pid) and nation == "RU" and origin == "caucasus":
        return Violation("PoG 12.1.9", "Russian armies may not attack from the Caucasus into "
                                       "the Near East")
    if near_east and board.is_army(g, pid) and not pt.attrs.get("near_east"):
        return Violation("PoG 11.3.1", f"{name(g, pid)} may not attack on the Near East map")
    problem = confinement.attack_violation(g, pid, target)       # AP #57; 5.7.4 #6 Italy
    if problem is not None:
        return problem
    crossing = [p for p in (frame.get("chosen") or []) + [pid]
                if (g.state.pieces[p].loc, target) in movement.CAUCASUS_LINK]
    if (origin, target) in movement.CAUCASUS_LINK:               # PoG 12.1.9 with 11.3.2
        problem = movement.caucasus_link_violation(g, crossing, origin, target, "12.1.9")
        if problem is not None:
            return problem
    if "summer" == fire.season(g) and "desert" in (fire.terrain(g, origin), fire.terrain(g, target)):
        return Violation("PoG 15.2.5", "no combat into or out of a desert space in summer")
    fort_nation = board.attr(g, target, "nation")
    if board.fort_intact(g, target) and enemy_fort(g, target, side):
        if (nation == "GE" and fort_nation == "RU" and not cards.event_played(g, OBEROST)
                and int(g.get("ws_cp", 0) or 0) < 4):
            return Violation("PoG 15.1.11", "German units may not attack a Russian fort before "
                                            "Oberost or CP War Status 4")
        if nation == "RU" and fort_nation == "GE" and int(g.get("turn", 1) or 1) == 1:
            return Violation("PoG 15.1.12", "Russian units may not attack a German fort in "
                                            "August 1914")
    # card events: AP #62 The Sixtus Affair, CP #45 Brest-Litovsk, #55 Lloyd George, #58 Stavka
    return g.rules.hooks.veto("attack_allowed", g, side, pid, target)


def resolve_violation(g: Game, frame: dict) -> Violation | None:
    """Whether the chosen attackers may fight together (12.1.10, 12.1.11, 15.2.3)."""
    chosen = frame.get("chosen") or []
    if not chosen:
        return Violation("PoG 12.2.2", "choose at least one attacking unit")
    target = frame["target"]
    origins = {p: g.state.pieces[p].loc for p in chosen}
    classes = {nation_class(g, p) for p in chosen}
    if len(classes) > 1:  # PoG 12.1.11 / 12.1.11.1
        common = [loc for loc in set(origins.values())
                  if {nation_class(g, p) for p in chosen if origins[p] == loc} == classes]
        if not common:
            return Violation("PoG 12.1.11", "units of different nations attack together only "
                                            "if one attacking space holds all of them")
    if "london" in origins.values() and not any(
            board.attr(g, loc, "nation") in ("FR", "BE") for loc in origins.values()):
        return Violation("PoG 12.1.10", "units in London fight only with friendly units in "
                                        "France or Belgium")
    for loc in set(origins.values()):
        if loc != target and board.fort_besieged(g, loc) and enemy_fort(g, loc, frame["side"]):
            stay = [p for p in board.units_in(g, loc, frame["side"]) if p not in chosen]
            if not can_besiege(g, loc, stay):
                return Violation("PoG 15.2.3", f"only units beyond those besieging "
                                               f"{place(g, loc)} may attack out of it")
    return None


def attack_targets(g: Game, frame: dict) -> list[str]:
    spaces: set[str] = set()
    for loc in frame["attack_spaces"]:
        spaces.add(loc)
        spaces.update(board.connections(g, loc))
    side = frame["side"]
    enemy = other(side)
    # a space with neither enemy units nor an enemy fort is never a target (12.1.4): skipped
    # before the other questions of target_violation
    return sorted(t for t in spaces if (board.units_in(g, t, enemy) or enemy_fort(g, t, side))
                  and target_violation(g, frame, t) is None)


class CombatDeclare(State):
    """PoG 12.1 / 12.2.2: the attacker designates a defending space and the attacking units."""
    name = "combat_declare"
    rule = "12.2.2"
    hostile = frozenset({"attack"})

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        if frame.get("target"):
            chosen = ", ".join(name(g, p) for p in frame.get("chosen") or []) or "none yet"
            return Prompt(side, "combat_attackers", f"{side}: attackers against "
                          f"{place(g, frame['target'])} ({chosen}); add units or resolve")
        return Prompt(side, "combat_declare", f"{side}: choose a space to attack, or end combats")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        target = frame.get("target")
        if not target:
            for t in attack_targets(g, frame):
                yield self.offer("attack", side, space=t)
            yield self.offer("end_combats", side)
            return
        chosen = frame.get("chosen") or []
        for p in candidates(g, frame):
            if p not in chosen and attacker_violation(g, frame, p, target) is None:
                yield self.offer("add_attacker", side, unit=p)
        if resolve_violation(g, frame) is None:
            yield self.offer("resolve", side)
        yield self.offer("cancel_attack", side)

    def check_attack(self, g: Game, frame: dict, space: Loc) -> Violation | None:
        if frame.get("target"):
            return Violation("PoG 12.1.4", "finish designating the current attack first")
        return target_violation(g, frame, space)

    def check_add_attacker(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        target = frame.get("target")
        if not target:
            return Violation("PoG 12.2.2", "choose the defending space first")
        if unit not in g.state.pieces:
            return Violation("PoG 12.2.2", "no such unit")
        if unit in (frame.get("chosen") or []):
            return Violation("PoG 12.1.6", "that unit is already attacking")
        return attacker_violation(g, frame, unit, target)

    def check_resolve(self, g: Game, frame: dict) -> Violation | None:
        if not frame.get("target"):
            return Violation("PoG 12.2.2", "choose the defending space first")
        return resolve_violation(g, frame)

    def check_cancel_attack(self, g: Game, frame: dict) -> Violation | None:
        if frame.get("target"):
            return None
        return Violation("PoG 12.2.2", "no attack is being designated")

    def check_end_combats(self, g: Game, frame: dict) -> Violation | None:
        if not frame.get("target"):
            return None
        return Violation("PoG 12.1.4", "finish designating the current attack first")

    def on_attack(self, g: Game, frame: dict, space: Loc) -> None:
        """Attack this space"""
        g.update(target=space, chosen=[])
        combat_report.declared(g, frame["side"], space, [], lambda c, s: fire_terms(g, c, s))

    def on_add_attacker(self, g: Game, frame: dict, unit: Piece) -> None:
        """Add this unit to the attack"""
        chosen = list(frame.get("chosen") or []) + [unit]
        g.update(chosen=chosen)
        combat_report.declared(g, frame["side"], frame["target"], chosen, lambda c, s: fire_terms(g, c, s))

    def on_cancel_attack(self, g: Game, frame: dict) -> None:
        """Cancel attack"""
        g.update(target=None, chosen=[])
        g.set(combat_report.GLOBAL, None)          # the attack never happened: no report

    def on_end_combats(self, g: Game, frame: dict) -> None:
        """End combats"""
        g.end()

    def on_resolve(self, g: Game, frame: dict) -> None:
        """Resolve combat"""
        start_combat(g, frame)

    def describe(self, g: Game, frame: dict, action: Action) -> str | None:
        if action.verb == "attack":
            return f"{action.side} attacks {place(g, action['space'])}"
        if action.verb == "add_attacker":
            return f"{action.side}: {name(g, action['unit'])} joins the attack"
        return None


def start_combat(g: Game, frame: dict) -> None:
    """Steps 1–2 (12.2.2, 12.2.3): record the combat and start resolving it."""
    side, target, chosen = frame["side"], frame["target"], list(frame["chosen"])
    defender = other(side)
    gone = set(retreated_units(g))
    in_target = board.units_in(g, target, defender)
    c = {
        "attacker": side, "defender": defender, "target": target,
        "attackers": chosen,
        "origin": {str(p): g.state.pieces[p].loc for p in chosen},
        "spaces": sorted({g.state.pieces[p].loc for p in chosen}),
        "defenders": [p for p in in_target if p not in gone],
        # PoG 14.1.1.2: supply is checked as each combat starts (earlier combats may cut it)
        "oos_defenders": [p for p in in_target if p not in gone
                          and not supply.unit_in_supply(g, p)],
        "retreated": [p for p in in_target if p in gone],           # PoG 12.5.6
        "fort": board.fort_value(g, target) if enemy_fort(g, target, side) else 0,
        "cards": {side: [], defender: []},
        "drm": {side: 0, defender: 0},
        "ln": {}, "taken": {side: 0, defender: 0}, "first_loss": {side: True, defender: True},
        "flank": "", "ignore_trench": False, "fires_first": False,
        "replaced": {},
        "steps": ["cc_trench", "flank", "cc_att", "cc_def", "order", "winner", "retreat",
                  "advance", "finish"],
        "i": 0,
    }
    if any((g.state.pieces[p].loc, target) in movement.CAUCASUS_LINK for p in chosen):
        movement.use_caucasus_link(g)                            # PoG 12.1.9
    g.update(target=None, chosen=[], attacked=list(frame.get("attacked", [])) + [target],
             used=list(frame.get("used", [])) + chosen)
    g.note(f"PoG 12.2.2: {side} attacks {place(g, target)} with "
           f"{', '.join(name(g, p) for p in chosen)}")
    save(g, c)
    mo.note_attack(g, side, chosen, target, c["defenders"])   # PoG 7.1.3: does it make the MO?
    g.call("combat_resolve")
    g.rules.hooks.notify("combat_started", g)  # AP #27, #35, #45, #46: before flank and cards


# -- the procedure -------------------------------------------------------------------------------

def defenders_all_oos(c: dict, side: str) -> bool:
    """PoG 14.3.4: defending units out of supply get no benefit from combat cards; when every
    defender is OOS (checked as the combat starts, 14.1.1.2) the defender plays none."""
    defenders = c["defenders"]
    return side == c["defender"] and bool(defenders) and \
        set(defenders) <= set(c.get("oos_defenders", ()))


def playable_cards(g: Game, c: dict, side: str, trench: bool) -> list[str]:
    """Cards ``side`` may play from hand or use again from in front of him (12.2.6, 9.5.4.4)."""
    if defenders_all_oos(c, side):
        return []
    used = set(cc_used(g)) | set(c["cards"][side])
    held = cards.hand(g, side) + [g.state.pieces[p].type for p in cards.cards_in(g, f"cc:{side}")]
    return [cid for cid in held if cid not in used and fits(g, c, side, cid, trench)]


def flank_cards(g: Game, c: dict, side: str) -> list[str]:
    """Cards ``side`` may play in the flank step instead of rolling (CP #2 Wireless
    Intercepts), from the hand or face up in front of him, unused this Action Round."""
    used = set(cc_used(g)) | set(c["cards"][side])
    held = cards.hand(g, side) + [g.state.pieces[p].type for p in cards.cards_in(g, f"cc:{side}")]
    return [cid for cid in held if cid not in used and fits(g, c, side, cid, False, "flank")]



def flank_allowed(g: Game, c: dict) -> Violation | None:
    """PoG 12.3.1: two or more attacking spaces, at least one defending army, no swamp or
    mountain, no trench (unless cancelled by a card), not an unoccupied fort."""
    t = c["target"]
    if len(c["spaces"]) < 2:
        return Violation("PoG 12.3.1", "a flank attack needs attackers from two or more spaces")
    if not any(board.is_army(g, p) for p in side_units(g, c, c["defender"])):
        return Violation("PoG 12.3.1", "a flank attack must attack at least one army")
    if not fire.terrain_effect(g, fire.terrain(g, t), "flank_attack"):
        return Violation("PoG 12.3.1", f"no flank attack into {fire.terrain(g, t)}")
    if board.trench(g, t)[1] and not c["ignore_trench"]:
        return Violation("PoG 12.3.1", "no flank attack against a trench")
    return None


def flank_drm(g: Game, c: dict, frontal: str) -> int:
    """PoG 12.3.2: +1 for each other attacking space not joined by a solid line to another
    enemy-occupied space (spaces holding only a fort do not count)."""
    drm = 0
    for loc in c["spaces"]:
        if loc == frontal:
            continue
        exposed = False
        for nb in g.graph.neighbours(loc):
            if nb == c["target"] or not board.is_space(g, nb):
                continue
            edge = g.graph.edge(loc, nb)
            if edge is not None and (edge.attrs.get("only") or ""):
                continue  # dotted lines are ignored
            if board.units_in(g, nb, c["defender"]):
                exposed = True
                break
        drm += 0 if exposed else 1
    return drm


def _card_says(c: dict, side: str, what: str) -> bool:
    """Whether a combat card ``side`` played in this combat has the effect ``what`` (a
    :class:`~.combat_cards.CombatCard` field)."""
    return any(getattr(COMBAT_CARDS[cid], what) for cid in c["cards"].get(side, [])
               if cid in COMBAT_CARDS)


def fire_terms(g: Game, c: dict, side: str) -> tuple[int, bool, object, list, list]:
    """Steps 6–7 for one side (12.2.3, 12.2.8): its strength, whether it fires on the Army
    table, the column, and the column shifts and DRMs as (reason, amount) pairs."""
    t = c["target"]
    units = side_units(g, c, side)
    attacking = side == c["attacker"]
    fort = c["fort"] if not attacking and board.fort_intact(g, t) else 0
    total = fire.strength(g, units, fort)
    army = fire.uses_army_table(g, units)
    if _card_says(c, side, "army_table"):
        # CP #31 Kemal: the defence fires on the Army table (12.3.4.1: col 0 -> 1); AP #61
        # Maude: this attack fires on the Army Fire Table
        army = True
    terrain = fire.terrain(g, t)
    shifts = [(f"{terrain} (12.2.8)", int(fire.terrain_effect(
        g, terrain, "attacker_shift" if attacking else "defender_shift") or 0))]
    defenders_present = bool(side_units(g, c, c["defender"]))
    if defenders_present and not c["ignore_trench"] \
            and not _card_says(c, c["attacker"], "trench_shifts_cancel"):   # AP #48
        # PoG 11.2.9: forts alone get no trench
        level = defender_trench(g, c)                            # CP #60 included
        att, dfn = fire.level_shifts(g, level)
        shifts.append((f"trench level {level} (12.2.8)", att if attacking else dfn))
    cards_drm = [(COMBAT_CARDS[cid].number, COMBAT_CARDS[cid].drm) for cid in c["cards"][side]
                 if cid in COMBAT_CARDS and COMBAT_CARDS[cid].drm]
    drms = cards_drm + [("events in play (see the log)", c["drm"][side] - sum(n for _r, n in cards_drm))]
    if attacking and all(loc == SINAI for loc in c["spaces"]) and not (
            side == "AP" and cards.event_played(g, SINAI_PIPELINE)):
        drms.append(("attack out of the Sinai (12.2.7)", -3))
    shift = sum(n for _r, n in shifts)
    column = fire.column(g, army, total, shift)[1] if total or army or fort else 0
    return total, army, column, shifts, drms


def fire_for(g: Game, c: dict, side: str) -> None:
    """Steps 6–8 for one side (12.2.7–12.2.9): strength, table, column, die, Loss Number."""
    total, army, col, shifts, drms = fire_terms(g, c, side)
    shift, drm = sum(n for _r, n in shifts), sum(n for _r, n in drms)
    fort = c["fort"] if side == c["defender"] and board.fort_intact(g, c["target"]) else 0
    if total == 0 and not army and not fort:
        ln, die, col, table = 0, 0, 0, "fire_corps"
    else:
        table, col = fire.column(g, army, total, shift)
        die = g.roll(f"combat fire {side}")
        ln = fire.loss_number(g, table, col, die + drm)
        combat_report.fired(g, c, combat_report.fire_line(g, side, total, army, col, shifts, drms, die, ln))
    c["ln"][side] = ln
    g.note(f"PoG 12.2.9: {side} fires {total} CF on the {'Army' if army else 'Corps'} table, "
           f"column {col} ({shift:+d}), die {die}{drm:+d}: Loss Number {ln}")


def run_losses(g: Game, c: dict, side: str) -> bool:
    """Step 9 for one side: take forced steps; push a decision when there is a choice.
    Returns True if a decision frame was pushed."""
    enemy = other(side)
    remaining = c["ln"].get(enemy, 0) - c["taken"][side]
    if side == c["defender"] and c["ln"].get(enemy, 0) >= 1 and c["retreated"]:
        for p in c["retreated"]:  # PoG 12.5.6
            if p in g.state.pieces and g.state.pieces[p].loc == c["target"]:
                g.note(f"PoG 12.5.6: {name(g, p)} had retreated into {place(g, c['target'])}")
                losses.eliminate(g, p, replace=False, retreated=True)
        c["retreated"] = []
    while remaining > 0:
        options = loss_options(g, c, side)
        if not options:
            break
        kinds = {_signature(g, tok) for tok in options}
        if len(kinds) > 1:
            save(g, c)
            g.call("combat_losses", side=side)
            return True
        c = apply_loss(g, c, side, options[0])
        remaining = c["ln"].get(enemy, 0) - c["taken"][side]
    save(g, c)
    return False


def _signature(g: Game, token: str) -> tuple:
    if token == losses.FORT:
        return (token,)
    piece = g.state.pieces[int(token)]
    return (piece.type, piece.face, piece.loc)


def loss_options(g: Game, c: dict, side: str) -> list[str]:
    enemy = other(side)
    remaining = c["ln"].get(enemy, 0) - c["taken"][side]
    units = side_units(g, c, side)
    fort = c["fort"] if side == c["defender"] and board.fort_intact(g, c["target"]) else 0
    priority = side == c["attacker"] and c["first_loss"][side]
    options = losses.legal_steps(g, side, units, remaining, fort, priority)
    forced = two_army_case(g, c, side, units, fort)
    if forced is not None:
        return [o for o in options if o in forced] or options
    if side == c["defender"] and withdrawal_played(c):
        corps = [o for o in options if o.isdigit() and not board.is_army(g, int(o))]
        if corps:  # PoG 12.6.9: under Withdrawal the LN is met with corps where possible
            return corps
    return options


def two_army_case(g: Game, c: dict, side: str, units: list[int], fort: int) -> list[str] | None:
    """PoG 12.4.4.2: two full-strength armies of the same LF L alone in the combat (LF 3 and
    LN 7, or LF 2 and LN 5: LN = 2L + 1) with no corps in the Reserve Box to replace them may
    not both be reduced: once one army has been reduced, that same army must be eliminated
    (it is then eliminated permanently, 12.4.4). Returns the one legal step in that position,
    else None (12.4.3 decides alone)."""
    if fort or len(units) != 2 or not all(board.is_army(g, p) for p in units):
        return None
    lfs = {tuple(int(f.values.get("lf") or 0) for f in g.ptype(p).faces) for p in units}
    if len(lfs) != 1:
        return None
    faces = next(iter(lfs))
    if len(faces) != 2 or faces[0] != faces[1]:
        return None
    lf = faces[0]
    if c["ln"].get(other(side), 0) != 2 * lf + 1:
        return None
    if any(losses.reserve_corps(g, side, cls) for cls in
           {losses.replacement_class(g, p) for p in units} if cls):
        return None
    lost = (c.get("steps_lost") or {}).get(side, [])
    reduced = [p for p in units if g.state.pieces[p].face == 1]
    if len(lost) == 1 and len(reduced) == 1 and lost[0] == reduced[0] and c["taken"][side] == lf:
        return [str(reduced[0])]
    return None



def apply_loss(g: Game, c: dict, side: str, token: str) -> dict:
    """One level lost by ``side`` (12.4.2); a replacement corps joins the combat (12.4.4)."""
    c = plain_copy(c)
    c["first_loss"][side] = False
    if token == losses.FORT:
        c["taken"][side] += losses.destroy_fort(g, c["target"])
        return c
    pid = int(token)
    c.setdefault("steps_lost", {}).setdefault(side, []).append(pid)  # PoG 12.4.4.2
    if side == c["defender"]:  # PoG 12.6.3: what Withdrawal may restore
        c.setdefault("lost", []).append({"pid": pid, "army": board.is_army(g, pid),
                                         "full": g.state.pieces[pid].face == 0})
    cost, corps = losses.take_step(g, pid)
    c["taken"][side] += cost
    if corps is not None:
        key = "attackers" if side == c["attacker"] else "defenders"
        c[key] = [corps if p == pid else p for p in c[key]]
        c["replaced"][str(corps)] = pid
        if key == "attackers":
            c["origin"][str(corps)] = g.state.pieces[corps].loc
    return c


def decide_winner(g: Game, c: dict) -> None:
    """Step 10 (12.2.11, 9.5.4.2–9.5.4.3): the higher Loss Number inflicted wins; the loser
    (both on a tie) discards the combat cards used; * cards are removed and one-combat-per-turn
    cards discarded even by the winner."""
    att, dfn = c["attacker"], c["defender"]
    a, d = c["ln"].get(att, 0), c["ln"].get(dfn, 0)
    c["winner"] = att if a > d else dfn if d > a else ""
    g.note(f"PoG 12.2.11: Loss Numbers {att} {a}, {dfn} {d}: "
           f"{c['winner'] + ' wins' if c['winner'] else 'both lose'}")
    combat_report.outcome(g, c)
    for side in (att, dfn):
        for cid in c["cards"][side]:
            info = cards.info(g, cid)
            if info.get("remove"):
                dest = f"removed:{side}"
            elif cid == THEY_SHALL_NOT_PASS and c["winner"] == "":
                dest = f"cc:{side}"  # PoG 12.2.11: kept on a tie, discarded only on a loss
            elif side != c["winner"] or info.get("once_per_turn"):
                dest = f"discard:{side}"
            else:
                dest = f"cc:{side}"
            cards.move_card(g, cid, dest)


# -- AP #6 / CP #56 Withdrawal (12.6) ----------------------------------------------------------
def withdrawal_candidates(g: Game, c: dict) -> list[int]:
    """PoG 12.6.3 / 12.6.6 / 12.6.8 / 12.6.10: the units that may get back the step lost in this
    combat — a corps step if any corps (a replacement corps included) lost one, else the step
    of a full army still in the space; an army eliminated in the combat gets nothing back."""
    lost = c.get("lost", [])
    corps = list(dict.fromkeys(e["pid"] for e in lost if not e["army"]))
    if corps:
        out = []
        for pid in corps:
            piece = g.state.pieces.get(pid)
            if piece is None:
                continue
            if piece.loc == c["target"] and piece.face > 0:
                out.append(pid)                               # flipped back to full
            elif piece.loc == f"eliminated:{c['defender']}":
                out.append(pid)                               # 12.6.10: survives reduced
        return out
    armies = list(dict.fromkeys(e["pid"] for e in lost if e["army"] and e["full"]))
    return [p for p in armies if g.state.pieces[p].loc == c["target"]
            and g.state.pieces[p].face > 0]


def withdrawal_restore(g: Game, c: dict, pid: int) -> None:
    piece = g.state.pieces[pid]
    if piece.loc == c["target"]:
        g.do(C.SetFace(pid, piece.face - 1))
        g.note(f"PoG 12.6.3: Withdrawal — {name(g, pid)} gets its lost step back")
    else:
        g.do(C.Move(pid, c["target"]))
        g.do(C.SetFace(pid, losses.faces(g, pid) - 1))
        g.note(f"PoG 12.6.10: Withdrawal — {name(g, pid)} survives, reduced, in "
               f"{place(g, c['target'])}")


def withdrawal_step(g: Game, c: dict) -> bool:
    """The ``withdrawal`` step (after both Loss steps, so after the defender fired: 12.6.3).
    Returns True if the defender must choose which step comes back."""
    options = withdrawal_candidates(g, c)
    kinds = {(g.state.pieces[p].type, g.state.pieces[p].face, g.state.pieces[p].loc)
             for p in options}
    if len(kinds) > 1:
        g.call("combat_withdrawal", side=c["defender"])
        return True
    if options:
        withdrawal_restore(g, c, options[0])
    else:
        g.note("PoG 12.6.7 / 12.6.8: Withdrawal restores no step in this combat")
    return False


class CombatWithdrawal(State):
    """PoG 12.6.9: the defender chooses which lost step Withdrawal restores."""
    name = "combat_withdrawal"
    rule = "12.6.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "combat_withdrawal", f"{frame['side']}: Withdrawal — "
                      "choose the unit that gets its lost step back")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for p in withdrawal_candidates(g, combat(g)):
            yield self.offer("restore_step", frame["side"], unit=p)

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "restore_step" and action.get("unit") not in \
                withdrawal_candidates(g, combat(g)):
            return Violation("PoG 12.6.3", "Withdrawal restores a corps step lost in this "
                                           "combat (an army step only if no corps lost one)")
        return super().refuse(g, frame, action)

    def on_restore_step(self, g: Game, frame: dict, unit: Piece) -> None:
        """Withdrawal gives this unit its lost step back"""
        withdrawal_restore(g, combat(g), unit)
        g.end()

    def describe(self, g: Game, frame: dict, action: Action) -> str:
        return f"{action.side}: Withdrawal restores {name(g, action['unit'])}"


# -- CP #64 Alberich -------------------------------------------------------------------------------
def cancel_attack(g: Game, c: dict) -> dict:
    """CP #64: the attack is cancelled — no fire, losses, retreat or advance. Every other combat
    card of the attack counts as not played: back to the hand it came from (or left face up),
    usable again this Action Round. The attack still counted for the MO (recorded at its
    start, 7.1.3) and its units and space still count as having attacked (12.1.6)."""
    back = [cid for side in (c["attacker"], c["defender"]) for cid in c["cards"][side]
            if cid != ALBERICH]
    for side in (c["attacker"], c["defender"]):
        for cid in c["cards"][side]:
            if cid == ALBERICH:
                cards.move_card(g, cid, f"removed:{side}")  # a * card
            elif cid in c.get("from_hand", []):
                cards.move_card(g, cid, f"hand:{side}")
    left = [cid for cid in cc_used(g) if cid not in back]
    g.set("pog_cc_used", {"round": round_key(g), "items": left})
    g.note(f"Alberich (CP #64): the Allied attack on {place(g, c['target'])} is cancelled"
           + (f"; {', '.join(cards.label(g, x) for x in back)} count as not played" if back
              else ""))
    c["cancelled"] = True
    c["cards"] = {c["attacker"]: [], c["defender"]: []}
    c["steps"], c["i"] = ["finish"], 0
    return c


def mark_used(g: Game, c: dict) -> None:
    """PoG 12.1.6: no unit attacks twice in one action — a corps that replaced an eliminated
    attacking army (12.4.4) took its place in the attack, so it has attacked too."""
    top = g.top
    if top is None or top.get("state") != "combat_declare":
        return
    used = list(top.get("used", []))
    joined = [p for p in c["attackers"] if p not in used]
    if joined:
        g.update(used=used + joined)


#: steps whose handling in :class:`CombatResolve` saves the combat record once done, reading
#: nothing of the stored record before: the step counter is saved with the rest
_SAVED_BY_STEP = frozenset({"order", "fire_att", "fire_def", "winner"})


class CombatResolve(State):
    """PoG 12.2.1: the steps of one combat, run in order; decisions are pushed on top."""
    name = "combat_resolve"
    rule = "12.2.1"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        c = None    # the record as stored, kept while only this loop changes it
        for _ in range(100):
            if c is None:
                c = combat(g)
            step = c["steps"][c["i"]]
            c["i"] += 1
            if step not in _SAVED_BY_STEP:
                save(g, c)
            if step == "cc_trench" or step in ("cc_att", "cc_def"):
                side = c["defender"] if step == "cc_def" else c["attacker"]
                trench = step == "cc_trench"
                if playable_cards(g, c, side, trench):
                    g.call("combat_cards", side=side, trench=trench)
                    return
            elif step == "flank":
                if flank_allowed(g, c) is None:
                    g.call("combat_flank", side=c["attacker"])
                    return
            elif step == "order":
                att, dfn = "fire_att", "fire_def"
                if c["flank"] == "success" or c["fires_first"]:
                    order = [att, "loss_def", dfn, "loss_att"]
                elif c["flank"] == "fail":
                    order = [dfn, "loss_att", att, "loss_def"]
                else:
                    order = [att, dfn, "loss_def", "loss_att"]  # PoG 12.2.10: defender first
                c["steps"][c["i"]:c["i"]] = order
                save(g, c)
            elif step in ("fire_att", "fire_def"):
                fire_for(g, c, c["attacker"] if step == "fire_att" else c["defender"])
                save(g, c)
            elif step in ("loss_att", "loss_def"):
                side = c["attacker"] if step == "loss_att" else c["defender"]
                if run_losses(g, c, side):
                    return
                c = None    # these steps save their own record: read it again
            elif step == "withdrawal":
                if withdrawal_step(g, c):
                    return
                c = None
            elif step == "winner":
                decide_winner(g, c)
                save(g, c)
            elif step == "retreat":
                if retreat.begin_retreat(g, c):
                    return
                c = None
            elif step == "advance":
                if retreat.begin_advance(g, c):
                    return
                c = None
            elif step == "finish":
                g.rules.hooks.notify("combat_finished", g, c)  # CP #51 Peace Offensive
                combat_report.outcome(g, c, final=True)
                g.set("pog_combat", None)
                g.end()
                mark_used(g, c)
                return
        raise RuntimeError("combat procedure made no progress")


class CombatCards(State):
    """PoG 12.2.4 / 12.2.6: play combat cards (attacker, then defender), or use face-up ones."""
    name = "combat_cards"
    rule = "12.2.6"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        what = "trench-cancelling combat cards" if frame["trench"] else "combat cards"
        return Prompt(frame["side"], "combat_cards", f"{frame['side']}: play {what} for the "
                      f"attack on {place(g, combat(g)['target'])}, or done")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        c = combat(g)
        for cid in playable_cards(g, c, frame["side"], frame["trench"]):
            yield self.offer("play_cc", frame["side"], card=cid)
        yield self.offer("done_cards", frame["side"])

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "play_cc":
            cid = str(action.get("card"))
            c = combat(g)
            side = frame["side"]
            if cid not in cards.hand(g, side) and cards.where(g, cid) != f"cc:{side}":
                return Violation("PoG 9.5.4.1", "that combat card is not in your hand or in "
                                                "front of you")
            if cid in cc_used(g) or cid in c["cards"][side]:
                return Violation("PoG 9.5.4.4", "a combat card is used at most once per "
                                                "Action Round")
            if defenders_all_oos(c, side):
                return Violation("PoG 14.3.4", "defending units out of supply get no benefit "
                                               "from combat cards")
            if cid not in COMBAT_CARDS:
                return Violation("PoG 3.0.5", "that card has no combat event (or it is not "
                                              "enforced yet)")
            if not fits(g, c, side, cid, frame["trench"]):
                step = "12.2.4" if frame["trench"] else "12.2.6"
                return Violation(f"PoG {step}", "this combat does not meet the card's conditions "
                                                "at this step")
            return None
        return super().refuse(g, frame, action)

    def on_done_cards(self, g: Game, frame: dict) -> None:
        """Done with combat cards"""
        g.end()

    def on_play_cc(self, g: Game, frame: dict, card: Card) -> None:
        """Play this combat card"""
        side, cid = frame["side"], str(card)
        card = COMBAT_CARDS[cid]
        c = combat(g)
        if cards.where(g, cid) != f"cc:{side}":
            c["from_hand"] = list(c.get("from_hand", [])) + [cid]
            cards.move_card(g, cid, f"cc:{side}")
        c["cards"][side].append(cid)
        c["drm"][side] += card.drm
        c["ignore_trench"] = c["ignore_trench"] or card.trench_cancel
        c["fires_first"] = c["fires_first"] or card.fires_first
        if cid in WITHDRAWAL and "withdrawal" not in c["steps"]:
            c["steps"].insert(c["steps"].index("winner"), "withdrawal")  # PoG 12.6.3
        save(g, c)
        round_add(g, "pog_cc_used", [cid])
        g.note(f"PoG 12.2.6: {side} plays {card.number}"
               + (f" ({card.drm:+d} DRM)" if card.drm else "")
               + (" — trench effects ignored" if card.trench_cancel else ""))
        if cid == ALBERICH:
            save(g, cancel_attack(g, c))
            g.end()


class CombatFlank(State):
    """PoG 12.3: the attacker may attempt a flank attack, naming the frontal-assault space."""
    name = "combat_flank"
    rule = "12.3.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        return Prompt(frame["side"], "combat_flank", f"{frame['side']}: attempt a flank attack "
                      "(choose the frontal-assault space) or not")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        c = combat(g)
        for loc in c["spaces"]:
            yield self.offer("flank", frame["side"], frontal=loc)
        for cid in flank_cards(g, c, frame["side"]):
            yield self.offer("play_cc", frame["side"], card=cid)  # CP #2 Wireless Intercepts
        yield self.offer("no_flank", frame["side"])

    def refuse(self, g: Game, frame: dict, action: Action) -> Violation | None:
        if action.verb == "flank" and action.get("frontal") not in combat(g)["spaces"]:
            return Violation("PoG 12.3.2", "the frontal-assault space must be an attacking space")
        if action.verb == "play_cc":
            cid = str(action.get("card"))
            c = combat(g)
            side = frame["side"]
            if cid in flank_cards(g, c, side):
                return None
            if cid not in cards.hand(g, side) and cards.where(g, cid) != f"cc:{side}":
                return Violation("PoG 9.5.4.1", "that combat card is not in your hand or in "
                                                "front of you")
            if cid in cc_used(g):
                return Violation("PoG 9.5.4.4", "a combat card is used at most once per "
                                                "Action Round")
            if cid == WIRELESS_INTERCEPTS:
                return Violation("PoG CP #2", "Wireless Intercepts: a flank attack with at least "
                                              "one German unit against a space holding only "
                                              "Russian units")
            return Violation("PoG 12.2.6", "combat cards other than Wireless Intercepts are "
                                           "played after the flank attempt")
        return super().refuse(g, frame, action)

    def on_play_cc(self, g: Game, frame: dict, card: Card) -> None:
        """Play this card: the flank attack succeeds automatically"""
        c = combat(g)
        side, cid = frame["side"], str(card)   # CP #2: the flank attack succeeds automatically
        if cards.where(g, cid) != f"cc:{side}":
            c["from_hand"] = list(c.get("from_hand", [])) + [cid]
            cards.move_card(g, cid, f"cc:{side}")
        c["cards"][side].append(cid)
        c["flank"] = "success"
        round_add(g, "pog_cc_used", [cid])
        g.note(f"PoG 12.3.3: {side} plays {COMBAT_CARDS[cid].number}: the flank attack "
               "succeeds automatically")
        save(g, c)
        g.end()

    def on_flank(self, g: Game, frame: dict, frontal: Loc) -> None:
        """Attempt a flank attack, the frontal assault from this space"""
        c = combat(g)
        drm = flank_drm(g, c, frontal)
        die = g.roll("flank attack")
        c["flank"] = "success" if die + drm >= FLANK_SUCCESS else "fail"
        g.note(f"PoG 12.3.3: flank attempt {die}{drm:+d}: {c['flank']}")
        save(g, c)
        g.end()

    def on_no_flank(self, g: Game, frame: dict) -> None:
        """No flank attack"""
        g.end()


class CombatLosses(State):
    """PoG 12.4: the side taking losses chooses which unit loses the next level."""
    name = "combat_losses"
    rule = "12.4.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        c = combat(g)
        side = frame["side"]
        left = c["ln"].get(other(side), 0) - c["taken"][side]
        return Prompt(side, "combat_losses", f"{side}: take {left} more loss points at "
                      f"{place(g, c['target'])}: choose the unit losing the next step")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        c = combat(g)
        for tok in loss_options(g, c, frame["side"]):
            if tok == losses.FORT:
                yield self.offer("take_loss", frame["side"], fort=c["target"])
            else:
                yield self.offer("take_loss", frame["side"], unit=int(tok))

    def check_take_loss(self, g: Game, frame: dict, unit: Piece | None = None,
                        fort: Loc | None = None) -> Violation | None:
        c = combat(g)
        side = frame["side"]
        if (unit is None) == (fort is None) or (fort is not None and fort != c["target"]):
            return Violation("PoG 12.4.3", "a loss is taken by one unit, or by the fort in the "
                                           "defending space")
        tok = losses.FORT if fort is not None else str(unit)
        options = loss_options(g, c, side)
        if tok in options:
            return None
        if tok == losses.FORT:
            return Violation("PoG 12.4.6", "the fort takes losses only once every defending "
                                           "unit is eliminated")
        if not tok.isdigit() or int(tok) not in side_units(g, c, side):
            return Violation("PoG 12.1.8", "only units taking part in the combat take losses")
        if side == c["attacker"] and c["first_loss"][side] and options and any(
                g.ptype(int(o)).attrs.get("loss_priority") for o in options if o.isdigit()):
            return Violation("PoG 12.4.5", "the first loss goes to "
                             + " or ".join(name(g, int(o)) for o in options))
        if withdrawal_played(c) and side == c["defender"] and tok.isdigit() \
                and board.is_army(g, int(tok)) and tok in losses.legal_steps(
                    g, side, side_units(g, c, side), c["ln"].get(other(side), 0)
                    - c["taken"][side], c["fort"] if board.fort_intact(g, c["target"]) else 0):
            return Violation("PoG 12.6.9", "under Withdrawal the Loss Number is met with corps "
                                           "where possible")
        return Violation("PoG 12.4.3", "that step would exceed the Loss Number, or leave less "
                                       "taken than possible")

    def on_take_loss(self, g: Game, frame: dict, unit: Piece | None = None,
                     fort: Loc | None = None) -> None:
        """This unit (or the fort) takes the next loss"""
        side = frame["side"]
        c = apply_loss(g, combat(g), side, losses.FORT if fort is not None else str(unit))
        save(g, c)
        g.end()
        run_losses(g, c, side)

    def describe(self, g: Game, frame: dict, action: Action) -> str:
        what = "the fort" if action.get("fort") is not None else name(g, int(action["unit"]))
        return f"{action.side}: {what} takes a loss"

