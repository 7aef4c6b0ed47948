"""Scenarios: their metadata and options, pieces placed at set-up or arriving on a turn
(reinforcements on the turn track), and "save this position as a scenario" from a game in play
(``engine.session.Session`` state → placements and initial globals)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.model import Module, Placement, Scenario, ScenarioOption, Value
from engine.source import SAFE_NAME_RE
from engine.state import GameState
from tools.authoring.provenance import scenario_target

from .core import Draft, Edit, EditError

#: Where the generic set-up puts reinforcements (``engine.session.setup_commands``).
REINFORCEMENTS = "reinforcements"


def _scenario(d: Draft, sid: str) -> Scenario:
    s = d.module.scenarios.get(sid)
    if s is None:
        raise EditError(f"no scenario {sid!r}")
    return s


def _is_value(v: Any) -> bool:
    return type(v) in (int, float, str, bool)


@dataclass
class PutScenario(Edit):
    """Add a scenario or change its metadata (its placements and options stay)."""
    id: str
    name: str
    first_turn: int = 1
    last_turn: int = 0
    rule: str = ""
    description: str = ""
    victory: str = ""
    globals: Mapping[str, Value] = field(default_factory=dict)
    shuffle: tuple[str, ...] = ()
    provenance: str | None = None

    @property
    def label(self) -> str:
        return f"scenario {self.name}"

    def make(self, d: Draft) -> None:
        if not SAFE_NAME_RE.fullmatch(self.id or ""):
            raise EditError(f"scenario id {self.id!r:.40} must be a file name (letters, digits, "
                            "_ . -)")
        for loc in self.shuffle:
            if loc not in d.module.locations:
                raise EditError(f"scenario {self.id}: no location {loc!r} to shuffle")
        old = d.module.scenarios.get(self.id)
        d.put("scenarios", self.id, Scenario(
            self.id, self.name, self.rule, self.description, self.first_turn, self.last_turn,
            old.placements if old else (), dict(self.globals), tuple(self.shuffle),
            old.options if old else (), self.victory, old.attrs if old else {}))
        if self.provenance is not None:
            d.set_provenance(scenario_target(self.id), self.provenance)


@dataclass
class Place(Edit):
    """Place ``count`` pieces of ``piece_type`` at ``location`` in scenario ``scenario``: at
    set-up (``turn`` 0) or arriving on ``turn`` (a reinforcement on the turn track), showing
    face ``face``. A placement of the same type, place, face, turn and attributes grows."""
    scenario: str
    piece_type: str
    location: str
    count: int = 1
    face: int = 0
    turn: int = 0
    attrs: Mapping[str, Value] = field(default_factory=dict)
    provenance: str | None = None

    @property
    def label(self) -> str:
        when = f" on turn {self.turn}" if self.turn else ""
        return f"place {self.count} {self.piece_type} at {self.location}{when}"

    def make(self, d: Draft) -> None:
        s = _scenario(d, self.scenario)
        pt = d.module.piece_types.get(self.piece_type)
        if pt is None:
            raise EditError(f"no piece type {self.piece_type!r}")
        if self.location not in d.module.locations:
            raise EditError(f"no location {self.location!r}")
        if not 0 <= self.face < len(pt.faces):
            raise EditError(f"{pt.id} has no face {self.face} ({len(pt.faces)} faces)")
        if self.count < 1 or self.turn < 0:
            raise EditError("place at least one piece, at set-up or on a turn from 1")
        placements = list(s.placements)
        for i, p in enumerate(placements):
            if (p.piece_type, p.location, p.face, p.turn, dict(p.attrs)) == (
                    self.piece_type, self.location, self.face, self.turn, dict(self.attrs)):
                placements[i] = dataclasses.replace(p, count=p.count + self.count)
                break
        else:
            placements.append(Placement(self.piece_type, self.location, self.count, self.face,
                                        self.turn, dict(self.attrs)))
        d.put("scenarios", s.id, dataclasses.replace(s, placements=tuple(placements)))
        if self.provenance is not None:
            d.set_provenance(scenario_target(s.id), self.provenance)


@dataclass
class Unplace(Edit):
    """Take ``count`` pieces (all when None) off placement number ``index`` of a scenario."""
    scenario: str
    index: int
    count: int | None = None

    @property
    def label(self) -> str:
        return f"unplace #{self.index} of {self.scenario}"

    def make(self, d: Draft) -> None:
        s = _scenario(d, self.scenario)
        if not 0 <= self.index < len(s.placements):
            raise EditError(f"scenario {s.id} has no placement #{self.index}")
        placements = list(s.placements)
        p = placements[self.index]
        if self.count is None or self.count >= p.count:
            del placements[self.index]
        else:
            placements[self.index] = dataclasses.replace(p, count=p.count - self.count)
        d.put("scenarios", s.id, dataclasses.replace(s, placements=tuple(placements)))


@dataclass
class PutOption(Edit):
    """Add a scenario option or change it (by id)."""
    scenario: str
    option: ScenarioOption

    @property
    def label(self) -> str:
        return f"option {self.option.id} of {self.scenario}"

    def make(self, d: Draft) -> None:
        s = _scenario(d, self.scenario)
        o = self.option
        if not o.id or o.default not in o.choices:
            raise EditError(f"option {o.id!r}: it needs an id and a default among its choices")
        if o.side and o.side not in d.module.side_ids:
            raise EditError(f"option {o.id}: side {o.side!r} does not exist")
        options = [x for x in s.options]
        for i, x in enumerate(options):
            if x.id == o.id:
                options[i] = o
                break
        else:
            options.append(o)
        d.put("scenarios", s.id, dataclasses.replace(s, options=tuple(options)))


def position_placements(module: Module, state: GameState) -> tuple[list[Placement], list[str]]:
    """The placements that set up the position of ``state``: every piece where it lies (in the
    module's location order, then stack order; neighbours alike are counted together) and, in
    the ``reinforcements`` box, each waiting piece on its arrival turn at its arrival place.
    Also what the scenario cannot hold (markers, properties that are not values), in words."""
    dropped: list[str] = []
    out: list[Placement] = []
    order = {lid: i for i, lid in enumerate(module.locations)}
    for loc in sorted(state.stacks, key=lambda lid: order.get(lid, len(order))):
        for pid in state.stacks[loc]:
            piece = state.pieces[pid]
            ptype = module.piece_types.get(piece.type)
            attrs: dict[str, Value] = {}
            turn, at = 0, loc
            for k, v in sorted(piece.props.items()):
                if k == "owner" and ptype is not None and v == ptype.side:
                    continue
                if loc == REINFORCEMENTS and k == "arrives" and type(v) is int and v > 0:
                    turn = v
                elif loc == REINFORCEMENTS and k == "at" and isinstance(v, str) \
                        and v in module.locations:
                    at = v
                elif _is_value(v):
                    attrs[k] = v
                else:
                    dropped.append(f"piece #{pid} ({piece.type}) at {loc}: property {k}")
            if piece.markers:
                dropped.append(f"piece #{pid} ({piece.type}) at {loc}: markers "
                               f"{' '.join(map(str, piece.markers))}")
            last = out[-1] if out else None
            if last is not None and (last.piece_type, last.location, last.face, last.turn,
                                     dict(last.attrs)) == (piece.type, at, piece.face, turn, attrs):
                out[-1] = dataclasses.replace(last, count=last.count + 1)
            else:
                out.append(Placement(piece.type, at, 1, piece.face, turn, attrs))
    return out, dropped


@dataclass
class ScenarioFromPosition(Edit):
    """Save the position of a game as scenario ``id`` (new, or replacing that scenario's
    placements and initial globals): the pieces where they lie, the reinforcements still to
    come, the globals that are plain values. Name, turns, description, victory, shuffles and
    options are copied from scenario ``base`` when given. ``dropped`` lists afterwards what the
    scenario could not hold."""
    id: str
    name: str
    state: GameState
    base: str | None = None
    provenance: str | None = None
    dropped: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"scenario {self.name} from the position"

    def make(self, d: Draft) -> None:
        if not SAFE_NAME_RE.fullmatch(self.id or ""):
            raise EditError(f"scenario id {self.id!r:.40} must be a file name")
        base = d.module.scenarios.get(self.base) if self.base else None
        if self.base and base is None:
            raise EditError(f"no scenario {self.base!r} to copy")
        placements, dropped = position_placements(d.module, self.state)
        globs = {}
        for k, v in sorted(self.state.globals.items()):
            if _is_value(v):
                globs[k] = v
            else:
                dropped.append(f"global {k} (not a number, text or true/false)")
        first = globs.get("turn") if type(globs.get("turn")) is int else (
            base.first_turn if base else 1)
        template = base or Scenario(self.id, self.name)
        d.put("scenarios", self.id, dataclasses.replace(
            template, id=self.id, name=self.name, first_turn=first,
            placements=tuple(placements), globals=globs))
        self.dropped[:] = dropped
        if self.provenance is not None:
            d.set_provenance(scenario_target(self.id), self.provenance)
