"""The France 1944 ruleset (Designer Signature Edition rulebook 1.0-12.10): the
:class:`engine.machine.MachineRuleset` the engine loads under the id ``france_1944``, with its
table of rules states and hook points built here, explicitly."""
from __future__ import annotations

import random
from collections import OrderedDict
from functools import cached_property

from engine import commands as C
from engine.actions import Action
from engine.hooks import HookPoint
from engine.machine import MachineRuleset
from engine.model import Scenario
from engine.rules import Transaction, state_invariants
from engine.state import GameState

from . import activation, admin, combat, losses, retreat, sequence, special
from .board import MapFacts
from .game import OUT_OF_PLAY, REINF, STACK, Game
from .invariants import f44_invariants

#: Verbs the fuzzer's random player takes only now and then when other actions exist, so that
#: random games move and fight instead of passing at every chance.
RARE = {"end_phase": 0.15, "pass": 0.1, "decline": 0.3, "done": 0.25, "end_increment": 0.35,
        "cancel": 0.05, "keep": 0.5, "stand": 0.5, "admin": 0.05}
#: ... and attack increments are declared more often than movement ones.
ATTACK_INCREMENT = 3.0
CACHE_SIZE = 64

STATES = (
    # the turn and the chit-draw cycle (2.0, 5.1, 5.2)
    sequence.Turn, sequence.Commit, sequence.ChitCycle, sequence.InitiativeCycle,
    sequence.Initiative, sequence.Reaction,
    # one activation: designation, Administrative Movement, increments (4.7, 5.3, 6.0, 7.0)
    activation.Activation, activation.Designate, activation.AdminDesignate, activation.Increment,
    # combat, losses, retreat, advance (8.0, 9.x, 4.10, 12.10)
    combat.AttackBuild, combat.DefenderLead, combat.Advantage, combat.Combat, combat.RetreatChoice,
    losses.Losses, retreat.Retreat, retreat.HQPickup, retreat.Advance,
    # the Administrative Phase (10.1)
    admin.AdminPhase, admin.Replacements, admin.Reinforce, admin.SouthPlace, admin.SouthRetreat,
    admin.SouthAdvance,
    # special rules (2.0 step 3, 12.3-12.5)
    special.AirAssign, special.BulgeOffer, special.Airdrop,
)

HOOK_POINTS = (
    HookPoint("river_ignored", "any", "(g, side, a, b): is the river hexside a|b ignored by this "
                                      "side's units (12.3: next to the dropped 18th Airborne)?"),
    HookPoint("before_first_increment", "notify", "(g): an activation is about to declare its first "
                                                  "increment (12.4: Plunder/Varsity is declared here)"),
)


class France1944(MachineRuleset):
    """Rules-enforced France 1944. See COVERAGE.md for what is enforced."""
    id = "france_1944"
    name = "France 1944 (rules enforced)"
    rulebook = "F44"
    states = STATES
    start = "turn"
    stack_key = STACK
    context = Game
    turn_rule = "5.1"
    hook_points = HOOK_POINTS
    attachments = (special.HOOKS,)
    required_tables = ("increment_chart", "combat_matrix", "combat_strength", "terrain_effects",
                       "attrition", "air_support", "bridge_demolition", "replacement_costs", "oos_mpa",
                       "stacking", "supply_limits", "hq_command", "retreat_length", "reaction_bonus",
                       "turn_track")
    required_locations = ("cup", "chit_drawn", "chit_pool", "out_of_play", "england_air",
                          "england_airborne", "elim_allied", "elim_german", "allied_reinforcements",
                          "german_reinforcements")
    required_piece_types = ("CHIT-AL", "CHIT-GE", "CHIT-ADM", "M-TAC", "M-HB", "US-XVIII")

    def __init__(self, module) -> None:
        super().__init__(module)
        self._cache: OrderedDict = OrderedDict()

    def requirements(self, module) -> list[str]:
        problems = super().requirements(module)
        if "hit" not in module.dice:
            problems.append("no custom die 'hit' (faces 1,1,1,2,2,3, rulebook 9.5)")
        return problems

    @cached_property
    def facts(self) -> MapFacts:
        return MapFacts(self.module)

    def cached(self, state: GameState, key: str, build):
        """A value computed once per game position (keyed by the state hash)."""
        h = state._hash
        entry = self._cache.get(h)
        if entry is None or entry[0] is not state and entry[1] != state.hash:
            entry = (state, state.hash, {})
            self._cache[h] = entry
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        store = entry[2]
        if key not in store:
            store[key] = build()
        return store[key]

    # -- set-up ------------------------------------------------------------------------------------
    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        """The scenario's own set-up (14.0, reconstructed): reinforcements into each side's
        display, the tested twins of untested units set aside (3.10), HQs on their Non-Activated
        side (4.1), control of the supply sources (11.3), then Turn 1 from step 8 (2.0)."""
        g = self.game(tx.state, tx)
        g.set("f44_scenario", scenario.id)
        g.set("f44_options", dict(options))
        for p in scenario.placements:
            if p.turn <= 0:
                continue
            pt = self.module.piece_types[p.piece_type]
            for _ in range(p.count):
                g.do(C.Create(p.piece_type, REINF.get(pt.side, OUT_OF_PLAY), None, p.face,
                              {"owner": pt.side, "arrives": p.turn, "at": p.location}))
        for pt in self.module.piece_types.values():
            twin = pt.attrs.get("tested_id")
            if pt.attrs.get("untested") and twin and any(q.type == pt.id for q in g.state.pieces.values()):
                g.do(C.Create(str(twin), OUT_OF_PLAY, None, 0, {"owner": pt.side}))
        for pid, piece in sorted(g.state.pieces.items()):
            if g.is_hq(pid) and piece.face != 1:
                g.do(C.SetFace(pid, 1))
        facts = self.facts
        control = {}
        for h in sorted(facts.control_hexes):
            allied = any(g.side_of(p) == "allied" and g.is_unit(p) for p in g.state.stacks.get(h, ()))
            control[h] = "allied" if allied or h in facts.normandy else "german"
        g.set("f44_control", control)
        if options.get("operational_advantage") == "on":
            g.set("f44_advantage", {"holder": "allied", "from_turn": 1})
            g.move_marker("M-ADV", "allied_hand")
        else:
            g.move_marker("M-ADV", "marker_pool")
        for key in ("f44_german_steps_lost", "f44_phase_no", "f44_draw"):
            g.set(key, 0)
        g.set("f44_pieces", len(g.state.pieces))
        g.call("turn", step=sequence.FIRST_TURN_STEP)
        self.machine.run_automatic(g)

    # -- checks and the fuzzer --------------------------------------------------------------------------
    def invariants(self, state: GameState) -> list[str]:
        return state_invariants(state) + f44_invariants(self.game(state))

    def statistics_expected(self) -> list[str]:
        """Every decision of the game should be taken in a long fuzz run of the campaign: the
        commit, the HQ, the increments, combat, the Administrative Phase and the special rules."""
        return sorted({verb for st in self.machine.table.values() for verb in st.verbs})

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        """A legal action chosen at random, each verb weighted: ending, passing, declining and
        Administrative Movement are taken only some of the time (``RARE``), so that random games
        move and fight instead of passing at every chance."""
        actions = list(self.legal_actions(state))
        if not actions:
            return None
        weights = [ATTACK_INCREMENT if a.verb == "increment" and a.get("kind") == "attack"
                   else RARE.get(a.verb, 1.0) for a in actions]
        return rnd.choices(actions, weights)[0]
