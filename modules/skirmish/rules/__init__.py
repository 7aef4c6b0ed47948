"""The skirmish ruleset: the rules of ``modules/skirmish/RULES.md`` enforced for the engine's
sample module, written from ``docs/rules-api.md`` as its worked example.

States: ``turn`` (SK 2) calls ``move`` (SK 4) and ``combat`` (SK 6) for each side; ``combat``
calls ``assault`` (SK 6.2, 7) and then ``aftermath`` (SK 7.3, 8), which calls ``loss``,
``retreat`` and ``advance``."""
from __future__ import annotations

from pathlib import Path

from engine import rulebook
from engine.actions import Action
from engine.board import MapGraph
from engine.machine import MachineRuleset
from engine.model import Module
from engine.rules import Transaction
from engine.state import GameState

from .aftermath import Advance, Aftermath, Loss, Retreat
from .combat import COLUMNS, CRT, RESULTS, Assault, Combat
from .game import ELIMINATED, REINFORCEMENTS, STACKING, Game
from .movement import Move
from .terrain import TERRAIN
from .turn import Turn, vp_track


class Skirmish(MachineRuleset):
    id = "skirmish"
    name = "Skirmish (rules enforced)"
    rulebook = "SK"
    states = (Turn, Move, Combat, Assault, Aftermath, Loss, Retreat, Advance)
    start = "turn"
    context = Game
    turn_rule = "2.1"
    required_tables = (CRT,)
    required_locations = (ELIMINATED, REINFORCEMENTS)

    #: the rulebook these rules enforce (its numbered paragraphs are the rule texts)
    RULES_MD = Path(__file__).resolve().parent.parent / "RULES.md"

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self.graph = MapGraph.from_module(module)
        try:
            self.rules_text = rulebook.parse_markdown(self.RULES_MD.read_text(encoding="utf-8"))
        except OSError:                      # an installation without the rulebook: the index
            self.rules_text = dict(module.rules_index)

    def rule_texts(self) -> dict[str, str]:
        """SK rules are cited from RULES.md, the sample's rulebook: its numbered paragraphs."""
        return self.rules_text

    def requirements(self, module: Module) -> list[str]:
        """Besides the CRT and the two boxes: two sides, the CRT's shape (SK 7.2), a known
        terrain in every hex (SK 5.1), CF and MF on every unit face (SK 1.2), a turn limit."""
        problems = super().requirements(module)
        if len(module.sides) != 2:
            problems.append("skirmish is played by two sides")
        table = module.tables.get(CRT)
        if table is not None:
            if tuple(table.cols.values) != COLUMNS or tuple(table.rows.values) != (1, 2, 3, 4, 5, 6):
                problems.append(f"table {CRT} must have columns {', '.join(COLUMNS)} and rows 1-6")
            elif any(cell not in RESULTS for row in table.cells for cell in row):
                problems.append(f"table {CRT} holds a result other than {', '.join(RESULTS)}")
        problems += [f"hex {loc.id}: terrain {loc.terrain!r} is not on the chart"
                     for loc in module.locations.values()
                     if loc.kind == "hex" and loc.terrain not in TERRAIN]
        problems += [f"unit {t.id}: a face without cf and mf" for t in module.piece_types.values()
                     if t.kind == "unit" and any(not {"cf", "mf"} <= set(f.values) for f in t.faces)]
        problems += [f"scenario {s.id} has no last turn" for s in module.scenarios.values()
                     if s.last_turn < 1]
        return problems

    def setup(self, tx: Transaction, scenario, options: dict[str, str]) -> None:
        super().setup(tx, scenario, options)
        vp_track(self.game(tx.state, tx))

    def apply(self, tx: Transaction, action: Action) -> None:
        super().apply(tx, action)
        vp_track(self.game(tx.state, tx))

    def invariants(self, state: GameState) -> list[str]:
        """The generic ones, plus: stacking (SK 3.1), never both sides in a hex (SK 3.2), units
        only on hexes or in the two boxes, a decision pending until the game is over."""
        problems = super().invariants(state)
        g = self.game(state)
        for loc in list(state.stacks):
            if not g.is_hex(loc):
                continue
            units = g.units_at(loc)
            if len(units) > STACKING:
                problems.append(f"{loc} holds {len(units)} units (SK 3.1)")
            if len({g.side_of(p) for p in units}) > 1:
                problems.append(f"{loc} holds units of both sides (SK 3.2)")
        for pid, piece in state.pieces.items():
            if g.is_unit(pid) and not g.is_hex(piece.loc) and piece.loc not in (ELIMINATED, REINFORCEMENTS):
                problems.append(f"unit #{pid} is in {piece.loc}")
        if self.outcome(state) is None and not g.stack:
            problems.append("no rules state is pending and the game is not over")
        return problems
