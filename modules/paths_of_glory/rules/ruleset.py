"""The Paths of Glory ruleset (rulebook 2018 edition): the :class:`engine.machine.MachineRuleset`
the engine loads under the id ``paths_of_glory``. Everything is wired here, explicitly — nothing
registers by being imported: the table of rules states, the card events of each events file, and
what the events attach to the core's hook points (:mod:`.hook_points`)."""
from __future__ import annotations

import random
from functools import cached_property

from engine.actions import Action
from engine.board import MapGraph
from engine.machine import MachineRuleset
from engine.model import Module, Scenario
from engine.rules import Transaction, state_invariants
from engine.state import GameState

from . import (attrition, combat, entrench_event, entry, events_ap, events_cp, ops, peace,
               reinforce, replacements, retreat, sequence, sieges, sr, status)
from .cards import Event, join_events
from .game import STACK, Game
from .hook_points import HOOK_POINTS
from .invariants import pog_invariants
from .requirements import LOCATIONS, PIECE_TYPES, TABLES, problems

#: Actions the fuzzer's random player takes only with probability RARE_CHANCE when others exist.
RARE_ACTIONS = frozenset({"peace_terms", "accept_peace", "cancel_attack"})
RARE_CHANCE = 0.02
#: Actions the fuzzer's random player prefers when offered, with the chance it takes one:
#: card events and combat cards, so that a few hundred random wars reach every card (issue 11)
#: — uniform play spends most cards as OPS, SR or RP and rarely reaches Total War.
PREFERRED_ACTIONS = (("play_event", 0.5), ("play_cc", 0.6))

STATES = (
    # the sequence of play (6.0) and the Action Phase (8.0)
    sequence.GameSetup, sequence.TurnLoop, sequence.PhaseMO, sequence.PhaseAction,
    sequence.ActionRoundEnd, sequence.Overstack, sequence.PhaseDraw, sequence.DrawDiscard,
    sequence.EndOfTurn,
    attrition.AttritionPhase, sieges.SiegePhase, status.WarStatusPhase,
    replacements.ReplacementPhase, replacements.SpendReplacements,
    # operations (9.2, 11.0), combat (12.0), SR (13.0), peace (16.5)
    ops.OpsActivate, ops.OpsMove,
    combat.CombatDeclare, combat.CombatWithdrawal, combat.CombatResolve, combat.CombatCards,
    combat.CombatFlank, combat.CombatLosses, retreat.CombatRetreat, retreat.CombatAdvance,
    sr.StrategicRedeployment, peace.PeaceTermsReply,
    # events (9.5): entry, reinforcements and the cards that ask for decisions
    entry.EntryPlace, entry.SalonikaSR, reinforce.ReinforcePlace, entrench_event.EntrenchPlace,
    events_ap.CloakAndDagger, events_ap.OffensiveAnnounce, events_ap.GreatRetreat,
    events_ap.GreatRetreatResume, events_ap.ParisTaxis, events_ap.RussianCavalry,
    events_cp.Landwehr, events_cp.MataHari, events_cp.WarInAfrica, events_cp.RussianDesertions,
)


class PathsOfGlory(MachineRuleset):
    """Rules-enforced Paths of Glory. See COVERAGE.md for what is enforced."""
    id = "paths_of_glory"
    name = "Paths of Glory (rules enforced)"
    rulebook = "PoG"
    states = STATES
    start = "game_setup"
    stack_key = STACK
    context = Game
    turn_rule = "8.1"
    hook_points = HOOK_POINTS
    attachments = (events_ap.HOOKS, events_cp.HOOKS)
    required_tables = TABLES
    required_locations = LOCATIONS
    required_piece_types = PIECE_TYPES
    #: Every implemented card event, by card id (9.5): ``g.rules.events``.
    events: dict[str, Event] = join_events(events_ap.EVENTS, events_cp.EVENTS, entry.EVENTS,
                                           reinforce.EVENTS)

    def requirements(self, module: Module) -> list[str]:
        """What ``module`` lacks of what these rules read, or holds in a shape they cannot
        read (:mod:`.requirements`): the module is refused when it opens, naming it."""
        return problems(module)

    @cached_property
    def graph(self) -> MapGraph:
        return MapGraph.from_module(self.module)

    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        g = self.game(tx.state, tx)
        g.set("pog_scenario", scenario.id)
        g.set("pog_options", dict(options))
        g.call("game_setup")
        self.machine.run_automatic(g)

    def invariants(self, state: GameState) -> list[str]:
        return state_invariants(state) + pog_invariants(self.game(state))

    def statistics_expected(self) -> list[str]:
        """Every implemented event and every combat card should fire in a long fuzz run."""
        ccs = sorted(pid for pid, pt in self.module.piece_types.items()
                     if pt.kind == "card" and pt.attrs.get("cc"))
        return [f"event:{c}" for c in sorted(self.events)] + [f"cc:{c}" for c in ccs]

    def statistics_keys(self, state: GameState, action: Action) -> list[str]:
        """The fuzzer counts verbs and, for card events, which event fired (``event:cp_01``)
        and which combat card was played (``cc:ap_29``)."""
        keys = [action.verb]
        card = action.get("card")
        if isinstance(card, str):
            if action.verb == "play_event":
                keys.append(f"event:{card}")
            elif action.verb == "play_cc":
                keys.append(f"cc:{card}")
        return keys

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        """Uniform over the legal actions, except that game-ending diplomacy is rare: a random
        player offering and accepting peace (16.5) at every chance would end almost every
        campaign in its first turns, and the fuzzer must play whole wars."""
        actions = list(self.legal_actions(state))
        if not actions:
            return None
        for verb, chance in PREFERRED_ACTIONS:
            preferred = [a for a in actions if a.verb == verb]
            if preferred and rnd.random() < chance:
                return rnd.choice(preferred)
        ordinary = [a for a in actions if a.verb not in RARE_ACTIONS]
        if ordinary and rnd.random() >= RARE_CHANCE:
            return rnd.choice(ordinary)
        return rnd.choice(actions)
