"""1914 Offensive à outrance (GMT 2014), rules enforced: the whole operational rulebook on the
three joined maps. Written from the Italian rulebook (shared/seeds/000_…; digest
shared/rules/offensive_a_outrance_1914.md) on the engine's rules machine (docs/rules-api.md).

The table of states (turn.py for the sequence of play): ``start`` (28) → ``game_turn`` (4.1) →
``player_turn`` (4.2) calling ``preliminary`` (4.2.1), ``joint_preliminary`` (4.2.1a),
``assignment`` (4.2.2), ``supply_phase`` (4.2.3), ``rr_engineering`` (4.2.4), ``movement`` and
its ``force`` (4.2.5-4.2.6), ``attack_phase`` and its ``battle`` (4.2.7-4.2.8), ``final_phase``
(4.2.9); ``end_of_gt`` and ``interphase`` (4.3). Legal actions are listed per decision: in a
movement phase one action picks a unit, then the picked Force's destinations are listed — never
every move of every unit.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any

from engine.actions import Action
from engine.machine import MachineRuleset
from engine.model import Module
from engine.rules import Transaction, state_invariants
from engine.state import GameState

from . import (assign, cavalry, combat, control, final, fortress, movement, org, plans, prelim, rail, retreat,
               start, supply, turn, visibility)
from .data import SIDES, Board, read_armies, read_units
from .game import AM, ELIMINATED, Game

BOTTLENECKS = {"german": ("54.40", "59.29"), "allied": ("08.25", "15.34", "16.18")}
NAMUR = "51.28"
PURPLE_ENDS = ("16.24", "16.18", "20.18")     # 7.7.2: Abancourt - Eu - Abbeville


class OffensiveAOutrance(MachineRuleset):
    id = "offensive_a_outrance_1914"
    name = "1914 Offensive à outrance (rules enforced)"
    rulebook = "OaO"
    states = (start.Start, turn.GameTurn, turn.PlayerTurn, prelim.Preliminary, prelim.PlaceReinforcement,
              prelim.PrelimOptions, prelim.JointPreliminary, plans.EastWithdrawal, assign.Assignment,
              supply.SupplyPhase, rail.RREngineering, movement.Movement, movement.Force,
              movement.MovementEnd, cavalry.Reaction, cavalry.CavalryWithdrawal, cavalry.VoluntaryWithdrawal,
              combat.AttackPhase, combat.DeclareAttack, combat.Battle, combat.Intensity, combat.AmmoChoice,
              combat.PrepChoice, combat.NavalChoice, combat.AllocateSR, fortress.Bombardments,
              fortress.BombardAdvance, retreat.RetreatQueue, retreat.Retreat, retreat.Advance,
              final.FinalPhase, final.LorraineBonus, final.EndOfGT, final.Interphase, final.Replacements)
    start = "start"
    context = Game
    turn_rule = "4.2"
    required_tables = ("crt", "crt_retreat", "artillery", "fortress_bombardment", "prep_bombardment",
                       "interphase", "french_reserve", "strategic_plans", "turn_record")
    required_locations = ("reinforcements", "eliminated", "withdrawn", "box:on_unit", "box:channel",
                          "box:naval", "box:held", "box:reserve")

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self.board = Board(module)
        self.unit_types = read_units(module)
        self.armies = read_armies(module)
        self._cache: dict[str, Any] = {}
        self._edges: dict[tuple, frozenset[str]] = {}
        self._cache_hash: int | None = None
        self._memo: dict[Any, Any] = {}
        self._playable: dict[str, frozenset[str]] = {}
        self.rr_structures = self._structures(module)
        self.red_bridge_hexes = frozenset(h for key, (kind, _r) in self.rr_structures.items() if "red" in kind
                                          for h in key.split("|"))
        self.reseau_du_nord = {area: frozenset(h for h, a in self.board.hexes.items()
                                               if a.get("reseau_du_nord") == area) for area in ("E", "W")}
        self.camps = self._camps(module)
        self.camp_at = {h: camp for camp, hexes in self.camps.items() for h in hexes}
        rows = {str(k): (str(c[0]).split(), str(c[1]).split())
                for k, c in zip(module.tables["strategic_plans"].rows.values, module.tables["strategic_plans"].cells)}
        self.primary_hexes = frozenset(h for _op, primary in rows.values() for h in primary)
        self.purple_line = self._purple()
        self.prep_hexes = frozenset(
            h for h in self.board.printed_ip
            if h in self.board.paris_area or self.board.distance(h, "52.16") <= 4 or self.board.distance(h, "51.54") <= 4)
        self._garrison: dict[str, frozenset[str]] = {}

    # -- module facts ------------------------------------------------------------------------------
    def requirements(self, module: Module) -> list[str]:
        problems = super().requirements(module)
        if len(module.sides) != 2 or {s.id for s in module.sides} != set(SIDES):
            problems.append("the game is played by the allied and german sides")
        if not any(loc.id.startswith("org:") for loc in module.locations.values()):
            problems.append("no Army Organization Displays (org:<army> boxes)")
        crt = module.tables.get("crt")
        if crt is not None and tuple(crt.cols.values) != combat.crt.COLUMNS:
            problems.append("the CRT's columns must be 1:4 ... 8:1")
        return problems

    def _structures(self, module: Module) -> dict[str, tuple[str, str]]:
        out = {}
        for e in module.edges:
            kind = e.attrs.get("rr_structure")
            if kind:
                key = f"{e.a}|{e.b}" if e.a < e.b else f"{e.b}|{e.a}"
                out[key] = (str(kind), str(e.attrs.get("rebuild", "") or ""))
        for lid, loc in module.locations.items():
            kind = loc.attrs.get("rr_structure")
            if kind == "tunnel":
                nbrs = [n for n in self.board.rail_nbrs.get(lid, ())]
                for n in nbrs[:1]:
                    key = f"{lid}|{n}" if lid < n else f"{n}|{lid}"
                    out[key] = ("orange_tunnel", "X")
        return out

    def _camps(self, module: Module) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for t in module.piece_types.values():
            if t.unit_type == "fortress" and t.attrs.get("camp") and t.attrs.get("setup_hex"):
                out.setdefault(str(t.attrs["camp"]), []).append(str(t.attrs["setup_hex"]))
        return {k: tuple(sorted(set(v))) for k, v in out.items()}

    def _purple(self) -> frozenset[str]:
        board = self.board
        out: set[str] = set()
        for a, b in zip(PURPLE_ENDS, PURPLE_ENDS[1:]):
            parent = {a: None}
            queue = deque([a])
            while queue:
                h = queue.popleft()
                if h == b:
                    while h is not None:
                        out.add(h)
                        h = parent[h]
                    break
                for n in board.rail_nbrs.get(h, ()):
                    if n not in parent:
                        parent[n] = h
                        queue.append(n)
        return frozenset(out)

    def playable(self, g: Game) -> frozenset[str]:
        """29.1: the small map's hexes more than half printed; 31: the NW and NE maps; 30: all."""
        scen = g.get("scenario_id", "")
        if scen not in self._playable:
            land = self.board.land
            if scen == "lorraine":
                self._playable[scen] = frozenset(h for h in land if h in self.board.lorraine)
            elif scen == "race_to_the_sea":
                self._playable[scen] = frozenset(h for h in land if set(self.board.sheets[h]) & {"NW", "NE"})
            else:
                self._playable[scen] = land
        return self._playable[scen]

    def friendly_edges(self, g: Game, side: str) -> frozenset[str]:
        """1.1: the friendly map edge hexes in play — France for the Allies, Germany for the
        German; in the Battle for Lorraine and the Race to the Sea also the edges of the part of
        the map in play (29.1, 31) where they run through the side's country."""
        scen = g.get("scenario_id", "")
        key = (scen, side)
        if key not in self._edges:
            country = control.EDGE_COUNTRY[side]
            playable = self.playable(g)
            board = self.board
            out = {h for h, c in board.map_edge.items() if c == country and h in playable}
            if scen in ("lorraine", "race_to_the_sea"):
                out |= {h for h in playable if board.hexes[h].get("country") == country
                        and any(n in board.land and n not in playable for n in board.all_nbrs.get(h, ()))}
            self._edges[key] = frozenset(out)
        return self._edges[key]

    def last_turn(self, g: Game) -> int:
        return int(g.module.scenarios[g.get("scenario_id")].last_turn)

    def turn_notes(self, gt: int) -> str:
        table = self.module.tables["turn_record"]
        for i, key in enumerate(table.rows.values):
            if int(key) == gt:
                cols = list(table.cols.values)
                return str(table.cells[i][cols.index("events")] or "")
        return ""

    def camp_hexes(self, camp: str) -> tuple[str, ...]:
        return self.camps.get(camp, ())

    def supplied_camp_hexes(self, g: Game, side: str) -> frozenset[str]:
        """15.1.4: camps with at least one Fortress bearing the supply symbol."""
        def build():
            out = set()
            for pid, piece in g.state.pieces.items():
                t = self.unit_types.get(piece.type)
                if t is not None and t.fortress and piece.owner == side and piece.loc in self.board.hexes \
                        and t.attrs.get("supply_source"):
                    out |= set(self.camp_hexes(str(t.attrs.get("camp", ""))))
            return frozenset(out)
        return g.cached("supcamp:" + side, build)

    def invested_camp_of(self, g: Game, h: str, side: str) -> frozenset[str] | None:
        """12.3.2: the camp a unit in ``h`` may not leave (None if not in an Invested camp)."""
        camp = self.camp_at.get(h)
        if camp is None:
            return None
        invested = g.cached(f"invested:{side}:{camp}", lambda: self._invested(g, side, camp))
        return frozenset(self.camps[camp]) if invested else None

    def _invested(self, g: Game, side: str, camp: str) -> bool:
        owned = any(g.side(p) == side and g.ut(p).fortress and g.ut(p).attrs.get("camp") == camp
                    for h in self.camps[camp] for p in g.units_at(h))
        return owned and fortress.invested(g, camp, side)

    def garrison_area(self, t) -> frozenset[str] | None:
        """8.6: the city or camp a garrison unit is tied to, widened by its printed range."""
        if t.garrison is None:
            return None
        if t.id in self._garrison:
            return self._garrison[t.id]
        name = t.name
        base: set[str] = set()
        district = {"Paris Central": "Central", "Paris Est": "East", "Paris Nord": "North", "Paris NE": "NE",
                    "Paris Sud": "South", "Paris Ouest": "West"}.get(name.split(" (")[0])
        if district:                                             # 22.2.2
            base = {h for h, a in self.board.hexes.items() if a.get("paris_district") == district}
        elif name.startswith("Paris"):
            base = set(self.board.paris_area)
        else:
            for camp, hexes in self.camps.items():
                key = camp.split()[0]
                if name.replace("H. ", "").startswith(key) or name.startswith(key):
                    base = set(hexes)
                    break
            if not base:
                for h, label in self.board.name.items():
                    if label and name.startswith(label.split()[0]):
                        base.add(h)
        out = set(base)
        for _ in range(int(t.garrison or 0)):
            out |= {n for h in list(out) for n in self.board.all_nbrs.get(h, ())}
        self._garrison[t.id] = frozenset(out) if out else None
        return self._garrison[t.id]

    def aoa_of(self, g: Game, pid: int) -> frozenset[str] | None:
        """5.3.1: the AoA of the unit's army (None: not bound — no army, or in Rail Mode)."""
        if g.in_rail_mode(pid):
            return None
        army = g.army(pid)
        side = g.side(pid)
        if not army:
            if g.gt < 18 and g.corps(pid) == "GDT":
                army = "GDT"
            else:
                return None
        if army == "GDT" and g.gt >= 18:
            return None
        return org.army_aoa(g, side, army)

    def plan_objectives(self, g: Game, army: str) -> list[str] | None:
        return plans.objectives(g, army)

    def bottleneck_at(self, g: Game, h: str, side: str | None = None) -> bool:
        """18.6.1: the active bottleneck hexes (Arlon and Liège from the start, Namur from the 6th
        Interphase; the French ones once a German unit came within 8 hexes of Creil)."""
        if h in BOTTLENECKS["german"] or (h == NAMUR and g.get("namur_bottleneck")):
            return side in (None, "german")
        if h in BOTTLENECKS["allied"] and g.get("fr_bottlenecks"):
            return side in (None, "allied")
        return False

    def french_port(self, h: str) -> bool:
        return self.board.hexes.get(h, {}).get("country") == "FR" and h in self.board.ports

    # -- applying actions: keep the stacks' order and concealment (3.1.5, 3.1.6) ----------------------
    def setup(self, tx: Transaction, scenario, options: dict[str, str]) -> None:
        super().setup(tx, scenario, options)
        g = self.game(tx.state, tx)
        visibility.refresh(g)

    def apply(self, tx: Transaction, action: Action) -> None:
        start_at = len(tx.commands)
        super().apply(tx, action)
        g = self.game(tx.state, tx)
        hexes, _pieces = visibility.touched(tx.commands[start_at:])
        if hexes:
            visibility.refresh(g, hexes)

    # -- checks -------------------------------------------------------------------------------------
    def invariants(self, state: GameState) -> list[str]:
        """The generic ones, plus: no hex holds units of both sides except with an enemy Fortress
        (3.1, 12.1.3); every unit is on a hex in play or in a box or track cell; every CE status
        is on the ladder (6.1.4); every Formation in play has its Assignment marker on an
        owner-only display of its side (5.2); only each stack's top unit is seen by the enemy
        (3.1.6); a decision is pending until the game ends."""
        problems = state_invariants(state)
        g = self.game(state)
        playable = self.playable(g) if g.get("scenario_id") else self.board.land
        for h, units in g.index()["at"].items():
            sides = {g.side(p) for p in units if not g.ut(p).fortress}
            if len(sides) > 1:
                problems.append(f"{h} holds units of both sides (3.1)")
            if h not in playable:
                problems.append(f"{h} is not in play but holds units")
            physical = [p for p in state.stack(h) if p in units]
            visible = [p for p in physical if not g.prop(p, "concealed")]
            if physical and len({g.side(p) for p in physical}) == 1 and len(visible) != 1:
                problems.append(f"{h}: {len(visible)} units are shown to the enemy (3.1.6: only the top one)")
        for pid, piece in state.pieces.items():
            t = self.unit_types.get(piece.type)
            mtype = self.module.piece_types.get(piece.type)
            if mtype is not None and mtype.unit_type == "assignment":
                ce = piece.props.get("ce", 0)
                if not (isinstance(ce, int) and 0 <= ce <= 6):
                    problems.append(f"marker #{pid}: CE status {ce!r} off the ladder (6.1.4)")
                if piece.loc.startswith("org:") and self.armies[piece.loc[4:]].side != piece.owner:
                    problems.append(f"marker #{pid} on the other side's display")
                continue
            if t is None:
                continue
            loc = piece.loc
            if loc not in self.board.hexes and self.module.locations[loc].kind not in ("box", "track"):
                problems.append(f"unit #{pid} is in {loc}")
            if loc in self.board.hexes and t.formation and piece.props.get(AM) is not None:
                m = state.pieces.get(piece.props[AM])
                if m is None or not m.loc.startswith("org:"):
                    problems.append(f"{t.name} has no Assignment marker on a display (5.2)")
        if self.outcome(state) is None and not g.stack:
            problems.append("no rules state is pending and the game is not over")
        return problems

    # -- random play (the fuzzer's and the bench's policy) ----------------------------------------------
    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        actions = list(self.legal_actions(state))
        if not actions:
            return None
        g = self.game(state)
        top = g.top or {}
        kind = top.get("state")
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)
        weights = POLICY.get(kind)
        if weights:
            verbs = [v for v in weights if v in by_verb]
            rest = [v for v in by_verb if v not in weights]
            if verbs:
                w = [weights[v] for v in verbs]
                if rest:
                    verbs = verbs + rest
                    w = w + [0.1] * len(rest)
                verb = rnd.choices(verbs, weights=w)[0]
                return rnd.choice(by_verb[verb])
        return rnd.choice(actions)

    def statistics_keys(self, state: GameState, action: Action) -> list[str]:
        g = self.game(state)
        top = g.top or {}
        return [action.verb, f"{top.get('state', '')}:{action.verb}"]


#: The random player's taste: relative weights of verbs per decision (others 0.1).
POLICY = {
    "movement": {"select": 8, "end": 1, "embark": 0.2, "abandon": 0.2, "undeploy": 0.2},
    "force": {"move": 6, "done": 2, "pa": 1.5, "push": 0.8, "recover": 0.6, "build_ip": 0.4, "entrain": 0.4,
              "add": 0.5, "drop": 0.2, "deploy": 0.5, "extend": 0.2, "consolidate": 0.4,
              "pivot": 0.2, "slide": 0.2},
    "assignment": {"done": 6, "place_army": 1, "to_army": 0.3, "to_corps": 0.3, "relocate": 0.2},
    "attack_phase": {"attack": 3, "resolve_all": 1, "resolve": 1, "bombard": 2, "fire": 1},
    "declare_attack": {"add": 3, "confirm": 2, "cancel": 0.3, "drop": 0.2},
    "cavalry_withdrawal": {"withdraw": 1, "done": 2, "extend": 0.3, "consolidate": 0.3},
    "voluntary_withdrawal": {"fall_back": 1, "done": 3},
    "prelim_options": {"done": 4},
    "supply_phase": {"done": 2},
    "lorraine_bonus": {"take_bonus": 1, "wait": 1},
}
