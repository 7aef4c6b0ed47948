"""The Grand Illusion ruleset (the Italian rulebook with GMT's errata): the
:class:`engine.machine.MachineRuleset` the engine loads under the id ``grand_illusion``, with its
table of rules states built here, explicitly (nothing registers by being imported)."""
from __future__ import annotations

import random
from functools import cached_property

from engine.actions import Action
from engine.board import MapGraph
from engine.machine import MachineRuleset
from engine.model import Module, Scenario
from engine.rules import Transaction, state_invariants
from engine.state import GameState

from . import (action, activation, battle, board, combat, fow, general_retreat, markers,
               options, recovery, reinforce, retreat, sequence, strategic)
from .game import STACK, WORD, Game
from .invariants import gi_invariants

#: Actions the fuzzer's random player prefers when offered, with the chance it takes one: the
#: rules' own placement on the Battle Map (hand placement is legal but a random walk rarely
#: finds a legal line), and ending steps that would otherwise drag a random game out.
PREFERRED_ACTIONS = (("auto_place", 0.85), ("bombard", 0.8), ("concentrate", 0.5),
                     ("declare_battle", 0.3), ("done", 0.05), ("resolve", 0.25), ("fight", 0.9),
                     ("pass", 0.08))
#: Rare choices: a General Retreat is worth seeing often, but not at every window.
RARE_ACTIONS = {"general_retreat": 0.15, "withdraw": 0.3}

STATES = (
    sequence.GameSetup, sequence.Turn,
    options.StrategicOptions, options.ChooseOptions, options.FreeDeploy,
    reinforce.ReinforceSegment, reinforce.EastFront,
    action.ActionPhase, action.GeneralRetreatWindow, action.Segment,
    activation.Activation, activation.Rearguard,
    general_retreat.GeneralRetreat,
    battle.Battle, combat.BattlePlace, combat.Bombard, combat.ElanLoss,
    fow.Allenby, fow.BelgianRetreat, fow.TacticalAdvantage,
    retreat.AfterBattle, retreat.RetreatChoice, retreat.Retreat,
    recovery.ChooseRecovery,
    strategic.Strategic,
)
TABLES = ("cap_table", "cap_turn1", "sea_retreat", "scenario3_options")


class GrandIllusion(MachineRuleset):
    """Rules-enforced Grand Illusion. See COVERAGE.md for what is enforced."""
    id = "grand_illusion"
    name = "Grand Illusion (rules enforced)"
    rulebook = "GI"
    states = STATES
    start = "game_setup"
    stack_key = STACK
    context = Game
    turn_rule = "8.1"
    required_tables = TABLES
    required_locations = ("19", "52", "94", "turn-1", "track-0", "bm-allied-front-1",
                          "bm-german-reserve-4", "bm-conditions", "bm-holding",
                          "box-eliminated-allied", "box-eliminated-german", "box-held-back",
                          "cup-german-vp", "cup-plan17-vp")

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self.supply_cache: dict = {}
        self._hexsides: dict[tuple[str, str], dict] = {}

    @cached_property
    def graph(self) -> MapGraph:
        return MapGraph.from_module(self.module)

    @cached_property
    def kinds(self) -> dict[str, board.Kind]:
        return board.kinds(self.module)

    @cached_property
    def loc_attrs(self) -> dict[str, dict]:
        return {lid: dict(l.attrs) for lid, l in self.module.locations.items()}

    @cached_property
    def printed_control(self) -> dict[str, str]:
        return {h: str(self.loc_attrs[h].get("control", "allied")) for h in board.HEX_IDS
                if h in self.loc_attrs}

    @cached_property
    def hex_neighbours(self) -> dict[str, tuple[str, ...]]:
        return {h: tuple(n for n in self.graph.neighbours(h) if board.is_hex(n))
                for h in board.HEX_IDS if h in self.module.locations}

    def hexside(self, a: str, b: str) -> dict:
        key = (a, b) if a < b else (b, a)
        got = self._hexsides.get(key)
        if got is None:
            e = self.graph.edge(a, b)
            got = dict(e.attrs) if e is not None else {}
            self._hexsides[key] = got
        return got

    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        g = self.game(tx.state, tx)
        g.call(self.start, scenario=scenario.id, options=dict(options))
        self.machine.run_automatic(g)
        markers.sync(g)

    def apply(self, tx: Transaction, action: Action) -> None:
        super().apply(tx, action)
        markers.sync(self.game(tx.state, tx))

    def label(self, state: GameState, action: Action) -> str:
        """A button's words: the log line without the side's word ("Allied: ...")."""
        text = super().label(state, action)
        for word in WORD.values():
            for prefix in (f"{word}: ", f"{word} "):
                if text.startswith(prefix):
                    rest = text[len(prefix):]
                    return rest[:1].upper() + rest[1:]
        return text

    def invariants(self, state: GameState) -> list[str]:
        return state_invariants(state) + gi_invariants(self.game(state))

    def statistics_expected(self) -> list[str]:
        """The procedures a long fuzz run should reach at least once."""
        return [f"state:{name}" for name in (
            "segment", "activation", "bm_place", "bombard", "retreat", "retreat_choice",
            "general_retreat", "gr_window", "dta", "rearguard", "strategic", "reinforce_segment",
            "choose_recovery", "east_front", "allenby", "elan_loss")]

    def statistics_keys(self, state: GameState, action: Action) -> list[str]:
        keys = [action.verb]
        g = self.game(state)
        top = g.top or {}
        keys.append(f"state:{top.get('state', '')}")
        return keys

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        actions = list(self.legal_actions(state))
        if not actions:
            return None
        for verb, chance in PREFERRED_ACTIONS:
            preferred = [a for a in actions if a.verb == verb]
            if preferred and rnd.random() < chance:
                return rnd.choice(preferred)
        ordinary = [a for a in actions if a.verb not in RARE_ACTIONS
                    or rnd.random() < RARE_ACTIONS[a.verb]]
        return rnd.choice(ordinary or actions)
