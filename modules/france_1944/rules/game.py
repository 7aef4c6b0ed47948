"""The context every France 1944 rules state works through (:class:`Game`), and the
conventions every rules file follows:

* Sides are ``"allied"`` and ``"german"``. Combat units have ``PieceType.kind == "unit"``,
  headquarters ``"hq"``; a combat unit's ``attrs["game_type"]`` is ``infantry`` or ``armour``
  (3.1). Its values are ``faces[piece.face].values`` (``morale``, ``setpiece``, ``mobile``,
  ``mpa``): face 0 full strength, 1 reduced, 2 cadre (3.2; Führer divisions have one face,
  3.11). An HQ's face 0 is its Activated side (radius, capacities), face 1 Non-Activated
  (radius, MPA 6) (4.2).
* Map hexes are the main map's (``grid == "main"``); the Normandy close-up map is a
  convenience the enforced game does not use (1.3: every unit may always be on the main map).
* What a player sees on a counter is a piece marker (text): ``Out of Supply`` (11.5),
  ``Admin Move`` (5.3) and ``Commanded`` (5.1: the units the active HQ commands).
* Rules data lives in globals prefixed ``f44_`` (public: France 1944 hides nothing but the
  cup's order, 8(d) of the digest); the tracks are the scenario's globals ``allied_sp``,
  ``german_csp``, ``allied_rxp``... mirrored by their marker pieces on the Player Track cards.
* Every refused action cites its rule: ``Violation("F44 7.1", "...")``.
"""
from __future__ import annotations

from typing import Any

from engine import commands as C
from engine.machine import Context
from engine.model import Table

SIDES = ("allied", "german")
#: The global holding the rules' state stack.
STACK = "f44_stack"
#: Piece markers (text tags on a counter).
OOS = "Out of Supply"
ADMIN = "Admin Move"
COMMANDED = "Commanded"
#: Side words for prompts and log lines.
SIDE_WORDS = {"allied": "Allied", "german": "German"}
MONTHS = ("Jul 44", "Aug 44", "Sep 44", "Oct 44", "Nov 44", "Dec 44", "Jan 45", "Feb 45",
          "Mar 45", "Apr 45", "May 45")
#: Where each side's eliminated units, attrition casualties and reinforcements wait.
ELIM = {"allied": "elim_allied", "german": "elim_german"}
BESIDE = {"allied": "attrition_allied", "german": "attrition_german"}
REINF = {"allied": "allied_reinforcements", "german": "german_reinforcements"}
OUT_OF_PLAY = "out_of_play"
CHIT_DRAWN = "chit_drawn"
CUP = "cup"
CHIT_POOL = "chit_pool"
MARKER_POOL = "marker_pool"
#: The marker piece types of each side's tracks (1.5).
TRACK_MARKERS = {("allied", "sp"): "M-SP-AL", ("german", "sp"): "M-SP-GE",
                 ("allied", "csp"): "M-CSP-AL", ("german", "csp"): "M-CSP-GE",
                 ("allied", "rxp"): "M-RXP-AL", ("german", "rxp"): "M-RXP-GE",
                 ("allied", "turn"): "M-TURN-AL", ("german", "turn"): "M-TURN-GE",
                 ("allied", "inc"): "M-INC-AL", ("german", "inc"): "M-INC-GE"}
CHITS = {"allied": "CHIT-AL", "german": "CHIT-GE"}
ADMIN_CHIT = "CHIT-ADM"


def other(side: str) -> str:
    return "german" if side == "allied" else "allied"


def month(turn: int) -> str:
    return MONTHS[turn - 1] if 1 <= turn <= len(MONTHS) else f"turn {turn}"


class Game(Context):
    """One look at the game: module data, the state and (while applying) the transaction."""

    # -- module data ----------------------------------------------------------------------------
    @property
    def facts(self):
        """The map facts that never change (:class:`.board.MapFacts`), built once."""
        return self.rules.facts

    def table(self, tid: str) -> Table:
        return self.module.tables[tid]

    def row(self, tid: str, key: Any) -> dict[str, Any]:
        """One row of a table as ``{column: value}``."""
        t = self.module.tables[tid]
        i = t.rows.values.index(key)
        return dict(zip(t.cols.values, t.cells[i]))

    def turn_row(self, turn: int | None = None) -> dict[str, Any]:
        return self.row("turn_track", self.turn if turn is None else turn)

    @property
    def turn(self) -> int:
        return int(self.get("turn", 1) or 1)

    @property
    def scenario(self):
        return self.module.scenarios[self.get("f44_scenario")]

    def option(self, name: str) -> str:
        return (self.get("f44_options") or {}).get(name, "off")

    def cached(self, key: str, build):
        """``build()`` once per game position (the state hash), kept by the ruleset."""
        return self.rules.cached(self.state, key, build)

    # -- pieces --------------------------------------------------------------------------------------
    def ptype(self, pid: int):
        return self.module.piece_types[self.state.pieces[pid].type]

    def kind(self, pid: int) -> str:
        return self.ptype(pid).kind

    def is_unit(self, pid: int) -> bool:
        return self.ptype(pid).kind == "unit"

    def is_hq(self, pid: int) -> bool:
        return self.ptype(pid).kind == "hq"

    def side_of(self, pid: int) -> str:
        return self.ptype(pid).side

    def nation(self, pid: int) -> str:
        return self.ptype(pid).nationality

    def game_type(self, pid: int) -> str:
        """``infantry`` or ``armour`` (3.1); ``hq`` for a headquarters."""
        return str(self.ptype(pid).attrs.get("game_type", ""))

    def where(self, pid: int) -> str:
        return self.state.pieces[pid].loc

    def face(self, pid: int) -> int:
        return self.state.pieces[pid].face

    def value(self, pid: int, key: str, face: int | None = None) -> Any:
        """A printed value of the piece's current face (or of ``face``)."""
        piece = self.state.pieces[pid]
        faces = self.module.piece_types[piece.type].faces
        f = piece.face if face is None else face
        return faces[min(f, len(faces) - 1)].values.get(key)

    def printed_mpa(self, pid: int) -> int:
        """The movement allowance printed on the counter: a combat unit's (every face shows
        the same), an HQ's on its Non-Activated side (6, 4.8)."""
        if self.is_hq(pid):
            return int(self.value(pid, "mpa", 1) or 6)
        return int(self.value(pid, "mpa", 0) or 0)

    def hq_value(self, pid: int, key: str) -> int:
        """An HQ's radius or capacity (printed on its Activated side, 4.2)."""
        return int(self.value(pid, key, 0) or 0)

    def max_steps(self, pid: int) -> int:
        return int(self.ptype(pid).attrs.get("steps", 3) or 3)

    def steps_left(self, pid: int) -> int:
        """Steps a combat unit on the map still has: full 3, reduced 2, cadre 1 (3.2)."""
        return self.max_steps(pid) - self.face(pid)

    def is_cadre(self, pid: int) -> bool:
        return self.max_steps(pid) == 3 and self.face(pid) == 2

    def untested(self, pid: int) -> bool:
        return bool(self.ptype(pid).attrs.get("untested"))

    def fuhrer(self, pid: int) -> bool:
        return bool(self.ptype(pid).attrs.get("fuhrer"))

    def has(self, pid: int, marker: str) -> bool:
        return marker in self.state.pieces[pid].markers

    def mark(self, pid: int, marker: str) -> None:
        if not self.has(pid, marker):
            self.do(C.AddMarker(pid, marker))

    def unmark(self, pid: int, marker: str) -> None:
        if self.has(pid, marker):
            self.do(C.RemoveMarker(pid, marker))

    def prop(self, pid: int, key: str, default: Any = None) -> Any:
        return self.state.pieces[pid].props.get(key, default)

    def set_prop(self, pid: int, key: str, value: Any) -> None:
        if self.state.pieces[pid].props.get(key) != value:
            self.do(C.SetProp(pid, key, value))

    def name(self, pid: int) -> str:
        """The counter's designation, with its side for an HQ: words, never an id."""
        pt = self.ptype(pid)
        return pt.name

    def names(self, pids) -> str:
        return ", ".join(self.name(p) for p in pids)

    def hex_name(self, loc: str) -> str:
        """``"1510 (Caen)"`` — the printed hex number and the town, if any."""
        l = self.module.locations.get(loc)
        if l is None:
            return loc
        if l.kind != "hex":
            return l.name or loc
        return f"{loc} ({l.name})" if l.name and not l.attrs.get("offmap_south") else \
            (f"{loc} (off map)" if l.attrs.get("offmap_south") else loc)

    def pieces_of(self, type_id: str, loc: str | None = None) -> list[int]:
        return sorted(pid for pid, p in self.state.pieces.items()
                      if p.type == type_id and (loc is None or p.loc == loc))

    def first_of(self, type_id: str) -> int | None:
        found = self.pieces_of(type_id)
        return found[0] if found else None

    def side_word(self, side: str) -> str:
        """The side as an adjective ("Allied", "German") for prompts and log lines."""
        return SIDE_WORDS.get(side, side)

    def who(self, side: str) -> str:
        """The side as the module names it ("Allies", "Germany"): the prefix of an action's
        log line, which the table strips for its buttons."""
        return self.rules.side_name(side)

    # -- tracks (1.5) -------------------------------------------------------------------------------
    def track(self, side: str, kind: str) -> int:
        return int(self.get(f"{side}_{kind}", 0) or 0)

    def set_track(self, side: str, kind: str, value: int) -> None:
        """Set a track value (``sp``, ``csp``, ``rxp``) and move its marker on the Player
        Track card: Supply Points above 9 show the marker's +10 side (2.0 step 4)."""
        value = max(0, int(value))
        self.set(f"{side}_{kind}", value)
        pid = self.first_of(TRACK_MARKERS[(side, kind)])
        if pid is None:
            return
        if kind == "sp":
            loc, face = f"sp_{side}_{value % 10}", (1 if value >= 10 else 0)
        elif kind == "rxp":
            loc, face = f"rxp_{side}_{min(value, 15)}", 0
        else:
            loc, face = f"csp_{side}_{min(value, 5 if side == 'allied' else 3)}", 0
        if self.where(pid) != loc:
            self.do(C.Move(pid, loc))
        if self.face(pid) != face:
            self.do(C.SetFace(pid, face))

    def move_marker(self, type_id: str, loc: str, face: int | None = None) -> None:
        pid = self.first_of(type_id)
        if pid is None:
            return
        if self.where(pid) != loc:
            self.do(C.Move(pid, loc))
        if face is not None and self.face(pid) != face:
            self.do(C.SetFace(pid, face))
