"""The Strafexpedition 1916 ruleset: the :class:`engine.machine.MachineRuleset` the engine loads
under the id ``strafexpedition_1916``, with its table of rules states built here, explicitly."""
from __future__ import annotations

import random
from collections import OrderedDict
from functools import cached_property
from typing import Any, Callable

from engine.actions import Action
from engine.machine import MachineRuleset
from engine.model import Scenario
from engine.rules import Transaction, state_invariants
from engine.state import GameState

from . import (action, artillery, assault, events, fire, fog, plans, recovery, reinforce, sequence,
               tactical)
from .board import MapData
from .game import STACK, Game
from .invariants import COMBAT_KINDS, se_invariants

STATES = (
    sequence.GameSetup, sequence.Turn, reinforce.Reinforce,
    plans.CommandPhase, plans.Plan, plans.InitiativePhase, plans.Bid,
    artillery.ArtilleryPhase, events.EventPhase, events.Confusion,
    action.ActionPhase, action.Assign, action.Action, action.Reaction,
    tactical.Tactical, tactical.FreeMove, tactical.Counter, fire.InfiltrationFire,
    assault.Bombard, assault.FreeBarrage, assault.DefensiveFire, assault.Resolution, assault.Retreat,
    recovery.Replacements,
)

#: Verbs that end a decision; the fuzzer's random player takes one with this chance when offered
#: (uniform play would wander among a hundred moves before ever finishing a step).
FINISHING = frozenset({"done", "commit", "fire", "resolve", "pass", "delay", "decline"})
FINISH_CHANCE = 0.12
#: Verbs the random player prefers when offered, so that whole games reach combat.
PREFERRED = (("assault", 0.35), ("counterattack", 0.4), ("activate", 0.9), ("react", 0.5),
             ("target", 0.8), ("fire_at", 0.7))
MEMO_SIZE = 48
MEMO_BY_SIZE = 4000


class Strafexpedition(MachineRuleset):
    """Rules-enforced Strafexpedition 1916. See COVERAGE.md for what is enforced."""
    id = "strafexpedition_1916"
    name = "Strafexpedition 1916 (rules enforced)"
    rulebook = "SE"
    states = STATES
    start = "game_setup"
    stack_key = STACK
    context = Game
    turn_rule = "4.0"
    required_tables = ("event_main", "event_it", "event_ah", "russian_success", "tec", "assault",
                       "assault_shifts", "bombardment", "defensive_fire", "turn_record",
                       "weather_effects", "line_of_sight", "multi_hex_objectives", "decisive_victory")

    def __init__(self, module) -> None:
        super().__init__(module)
        self._memo: OrderedDict = OrderedDict()
        self._memo_by: OrderedDict = OrderedDict()
        self.los_cache: dict = {}

    @cached_property
    def mapdata(self) -> MapData:
        return MapData(self.module)

    @property
    def graph(self):
        return self.mapdata.graph

    # -- caches ------------------------------------------------------------------------------------
    def memo(self, state: GameState, key: Any, build: Callable[[], Any]) -> Any:
        """``build()`` once per (position, key): the state hash names the position."""
        h = state.hash
        slot = self._memo.get(h)
        if slot is None:
            slot = self._memo[h] = {}
            if len(self._memo) > MEMO_SIZE:
                self._memo.popitem(last=False)
        if key not in slot:
            slot[key] = build()
        return slot[key]

    def memo_by(self, key: Any, build: Callable[[], Any]) -> Any:
        """``build()`` once per ``key`` (a key that already names everything it depends on)."""
        if key in self._memo_by:
            self._memo_by.move_to_end(key)
            return self._memo_by[key]
        value = build()
        if value is not None:
            self.memo_store(key, value)
        return value

    def memo_store(self, key: Any, value: Any) -> None:
        self._memo_by[key] = value
        self._memo_by.move_to_end(key)
        if len(self._memo_by) > MEMO_BY_SIZE:
            self._memo_by.popitem(last=False)

    # -- the game ----------------------------------------------------------------------------------
    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        g = self.game(tx.state, tx)
        g.set("se_scenario", scenario.id)
        g.set("se_options", dict(options))
        g.call("game_setup")
        self.machine.run_automatic(g)
        total = sum(1 for p in tx.state.pieces.values() if self.module.piece_types[p.type].kind in COMBAT_KINDS)
        g.set("se_pieces_total", total)
        fog.refresh(g)

    def apply(self, tx: Transaction, action_: Action) -> None:
        super().apply(tx, action_)
        fog.refresh(self.game(tx.state, tx))

    def legal_actions(self, state: GameState):
        return iter(self.memo(state, ("legal",), lambda: list(super(Strafexpedition, self).legal_actions(state))))

    def invariants(self, state: GameState) -> list[str]:
        return state_invariants(state) + se_invariants(self.game(state))

    def label(self, state: GameState, action_: Action) -> str:
        """Buttons for the deciding side spell out a secret choice; its log line does not."""
        g = self.game(state)
        if action_.verb == "plan":
            from_box = action_["box"].rsplit(":", 1)[-1]
            name = g.name(action_["hq"]).replace(" HQ", "")
            if from_box == "5":
                return f"Withdraw {name} from the plan"
            box = int(from_box)
            return f"Plan {name}: box {box}, {plans.command.box_words(box)} ({plans.command.box_cost(box)} LP)"
        if action_.verb == "bid":
            return f"Bid {action_['lp']} LP"
        return super().label(state, action_)

    def statistics_keys(self, state: GameState, action_: Action) -> list[str]:
        keys = [action_.verb]
        prompt = self.prompt(state)
        keys.append(f"prompt:{prompt.kind}")
        return keys

    def statistics_expected(self) -> list[str]:
        return ["activate", "move", "assault", "target", "fire_at", "retreat", "counterattack", "react",
                "dig", "force_march", "strategic", "replace", "enter", "battery", "limber"]

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        actions = list(self.legal_actions(state))
        if not actions:
            return None
        for verb, chance in PREFERRED:
            preferred = [a for a in actions if a.verb == verb]
            if preferred and rnd.random() < chance:
                return rnd.choice(preferred)
        finishing = [a for a in actions if a.verb in FINISHING]
        if finishing and (len(finishing) == len(actions) or rnd.random() < FINISH_CHANCE):
            return rnd.choice(finishing)
        ordinary = [a for a in actions if a.verb not in FINISHING] or actions
        if ordinary[0].verb == "bid":
            return rnd.choice(ordinary[: max(1, len(ordinary) // 4)])
        return rnd.choice(ordinary)
