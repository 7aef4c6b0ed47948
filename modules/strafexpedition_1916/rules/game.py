"""The context every Strafexpedition 1916 rules state works through (:class:`Game`) and the
conventions of the rules package.

* Sides are ``"AH"`` (Austria-Hungary) and ``"IT"`` (Italy).
* Pieces: ``kind == "unit"`` (infantry classes and artillery), ``"fort"`` (fortresses),
  ``"hq"`` (brigade HQs), ``"marker"`` (trench markers...). A unit's printed values are on its
  face: infantry face 0 full / 1 reduced (``cf``, ``mg``, ``ma``, ``morale``); artillery face 0
  moving / 1 in battery (``bf``, ``range``, ``ma``); an HQ face 0 ready (``initiative``,
  ``radius``) / 1 activated; a fortress one face (``bf``, ``range``, ``tl``, ``morale``,
  ``cf``, ``mg``).
* Disorganization Points are the piece property ``dp`` (with a ``DP n`` marker shown on the
  counter); with the optional fog of war (25.2) they are kept in ``secret:<side>:dp`` instead,
  so the opponent's view never carries them.
* Rules-procedure data are globals prefixed ``se_`` (the scenario's ``turn``, ``lp_IT``,
  ``lp_AH``, ``russian_successes`` and ``roana_bridge`` keep their names). Secret choices
  (the Command Phase plans, the initiative bids, hidden LP totals) live only in
  ``secret:<side>:...`` globals until they are revealed.
* Every refused action cites its rule: ``Violation("SE 8.3", "...")``.
"""
from __future__ import annotations

from typing import Any, Iterable

from engine import commands as C
from engine.machine import Context
from engine.rules import Violation

SIDES = ("AH", "IT")
#: The global holding the rules' state stack.
STACK = "se_stack"
PREFIX = "SE"
INFANTRY_TYPES = frozenset({"infantry", "mountain_infantry", "bersaglieri", "bersaglieri_bicycle",
                            "landwehr", "jaeger", "militia", "finance_guard"})
#: The independents that may be attached to an activated brigade free of LP (8.4: Alpini,
#: Bersaglieri, Territorial Militia, Finance Guard).
ATTACHABLE = frozenset({"mountain_infantry", "bersaglieri", "bersaglieri_bicycle", "militia",
                        "finance_guard"})
WEATHERS = ("clear", "overcast", "rain")
GT_LAST = 99          # the General Track's last box


def other(side: str) -> str:
    return "IT" if side == "AH" else "AH"


def violation(rule: str, text: str) -> Violation:
    return Violation(f"{PREFIX} {rule}", text)


class Game(Context):
    """One look at the game through the rules: module data, the state and, while an action is
    applied, the transaction. States read through it and write only through it."""

    # -- module data -------------------------------------------------------------------------------
    @property
    def graph(self):
        return self.rules.graph

    @property
    def data(self):
        """The ruleset's precomputed static map and table data (:class:`.board.MapData`)."""
        return self.rules.mapdata

    @property
    def scenario(self):
        return self.module.scenarios[self.get("se_scenario")]

    def sattr(self, key: str, default: Any = None) -> Any:
        """A scenario attribute (its special rules are data: ``no_events``, ``play_area``...)."""
        return self.scenario.attrs.get(key, default)

    def option(self, key: str) -> bool:
        return (self.get("se_options") or {}).get(key) == "on"

    def memo(self, key: Any, build):
        """``build()``, computed once per game position (keyed by the state hash)."""
        return self.rules.memo(self.state, key, build)

    # -- pieces --------------------------------------------------------------------------------------
    def ptype(self, pid: int):
        return self.module.piece_types[self.state.pieces[pid].type]

    def piece(self, pid: int):
        return self.state.pieces[pid]

    def exists(self, pid: int) -> bool:
        return pid in self.state.pieces

    def side_of(self, pid: int) -> str:
        return self.ptype(pid).side

    def where(self, pid: int) -> str:
        return self.state.pieces[pid].loc

    def value(self, pid: int, key: str, default: Any = 0) -> Any:
        """A printed value of the piece's current face."""
        piece = self.state.pieces[pid]
        faces = self.module.piece_types[piece.type].faces
        v = faces[min(piece.face, len(faces) - 1)].values.get(key)
        return default if v is None else v

    def face_value(self, pid: int, face: int, key: str, default: Any = 0) -> Any:
        faces = self.ptype(pid).faces
        v = faces[min(face, len(faces) - 1)].values.get(key)
        return default if v is None else v

    def name(self, pid: int) -> str:
        return self.ptype(pid).name

    def names(self, pids: Iterable[int]) -> str:
        return ", ".join(self.name(p) for p in pids) or "nobody"

    def hex_name(self, loc: str) -> str:
        place = self.module.locations[loc].name
        return f"{loc} ({place})" if place and place != loc else loc

    # -- disorganization (16.0) ------------------------------------------------------------------------
    def dp(self, pid: int) -> int:
        if self.option("fog_of_war"):
            return int((self.get(f"secret:{self.side_of(pid)}:dp") or {}).get(str(pid), 0))
        return int(self.state.pieces[pid].props.get("dp", 0))

    def set_dp(self, pid: int, n: int) -> None:
        """Set the unit's DL (its DP), with its ``DP n`` marker (none under fog of war, 25.2)."""
        n = max(0, int(n))
        piece = self.state.pieces[pid]
        if self.option("fog_of_war"):
            key = f"secret:{self.side_of(pid)}:dp"
            table = dict(self.get(key) or {})
            if n:
                table[str(pid)] = n
            else:
                table.pop(str(pid), None)
            self.set(key, table or None)
            return
        for m in [m for m in piece.markers if m.startswith("DP ")]:
            self.do(C.RemoveMarker(pid, m))
        self.do(C.SetProp(pid, "dp", n or None))
        if n:
            self.do(C.AddMarker(pid, f"DP {n}"))

    # -- markers on pieces -------------------------------------------------------------------------------
    def has_marker(self, pid: int, marker: str) -> bool:
        return marker in self.state.pieces[pid].markers

    def mark(self, pid: int, marker: str) -> None:
        if marker not in self.state.pieces[pid].markers:
            self.do(C.AddMarker(pid, marker))

    def unmark(self, pid: int, marker: str) -> None:
        if marker in self.state.pieces[pid].markers:
            self.do(C.RemoveMarker(pid, marker))

    def unmark_prefix(self, pid: int, prefix: str) -> None:
        for m in [m for m in self.state.pieces[pid].markers if m.startswith(prefix)]:
            self.do(C.RemoveMarker(pid, m))

    # -- per-turn lists (globals of piece ids) ------------------------------------------------------------
    def listed(self, key: str, pid: int) -> bool:
        return pid in (self.get(key) or ())

    def add_to(self, key: str, item: Any) -> None:
        items = list(self.get(key) or ())
        if item not in items:
            items.append(item)
            self.set(key, items)

    # -- logistic points (7.0) ---------------------------------------------------------------------------
    def lp_key(self, side: str) -> str:
        return f"secret:{side}:lp" if self.option("hidden_lp") else f"lp_{side}"

    def lp(self, side: str) -> int:
        return int(self.get(self.lp_key(side), 0) or 0)

    def spend_lp(self, side: str, n: int) -> None:
        """7.0: LP spent are deducted at once and never recovered (7.1)."""
        self.set(self.lp_key(side), self.lp(side) - n)
        self.show_lp(side)

    def gain_lp(self, side: str, n: int) -> None:
        self.set(self.lp_key(side), self.lp(side) + n)
        self.show_lp(side)

    def show_lp(self, side: str) -> None:
        """The side's LP marker on its General Track (7.0; none when the total is kept secret)."""
        if self.option("hidden_lp"):
            return
        marker = f"m_lp_{side.lower()}"
        cell = f"gt:{side}:{max(0, min(GT_LAST, self.lp(side)))}"
        pids = [p for p, pc in self.state.pieces.items() if pc.type == marker]
        if not pids:
            self.do(C.Create(marker, cell))
        elif self.state.pieces[pids[0]].loc != cell:
            self.do(C.Move(pids[0], cell))

    def show_turn(self) -> None:
        """The Game Turn marker on the Turn Record Track (4.0-12)."""
        cell = f"trt:{self.campaign_turn()}"
        if cell not in self.module.locations:
            return
        pids = [p for p, pc in self.state.pieces.items() if pc.type == "m_game_turn"]
        if not pids:
            self.do(C.Create("m_game_turn", cell))
        elif self.state.pieces[pids[0]].loc != cell:
            self.do(C.Move(pids[0], cell))

    # -- turn facts ----------------------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return int(self.get("turn", 1))

    @property
    def weather(self) -> str:
        return self.get("se_weather", "clear")

    @property
    def initiative(self) -> str:
        return self.get("se_initiative", "AH")

    def campaign_turn(self, turn: int | None = None) -> int:
        """The turn on the Turn Record Track (15 May = 1) of scenario turn ``turn``."""
        return self.data.first_row(self.get("se_scenario")) + (self.turn if turn is None else turn) - 1

    def date(self, turn: int | None = None) -> str:
        return self.data.trt_value(self.campaign_turn(turn), "date")
