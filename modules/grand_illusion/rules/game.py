"""The context every Grand Illusion rules state works through (:class:`Game`), and the
conventions every rules file follows:

* Sides are ``"allied"`` and ``"german"``; nationalities ``FR``, ``BR``, ``BE`` (Allied) and
  ``GE``. A piece's printed values are ``faces[piece.face].values`` (``cs``, ``ma``,
  ``bombard``): face 0 is full strength (a combat unit's front, an HQ's full MA, a ready HA, a
  fort counter's front), face 1 the back (Disorganized, reduced MA, FIRED, the fort's lower step).
* Rules-procedure data are globals prefixed ``gi_`` unless the scenario defines them already
  (``turn``, ``allied_cap``, ``german_cap``, ``plan17_vp``, ``german_vp``,
  ``allied_mandated_battles``, ``german_mandated_battles``). The hex facts that change during
  play (control, Cavalry Control, trenches, Block markers, Battle markers) are globals too
  (:mod:`.board`); marker pieces on the map mirror them after every action (:mod:`.markers`) so
  the table shows them as the physical game does.
* Units never leave the game by deletion: an eliminated unit goes to its side's eliminated box,
  a removed one (East Front, Paris in Danger) to its box, so the fuzzer can prove that pieces
  are conserved.
* Every refused action cites its rule: ``Violation("GI 8.4.8", "...")``.
"""
from __future__ import annotations

from typing import Any

from engine.machine import Context

SIDES = ("allied", "german")
#: The global holding the rules' state stack.
STACK = "gi_stack"
WORD = {"allied": "Allied", "german": "German"}
PLAYER = {"allied": "the Allied player", "german": "the German player"}
S1, S2, S3 = "historical_campaign", "short_campaign", "hypothetical"
ELIMINATED = {"allied": "box-eliminated-allied", "german": "box-eliminated-german"}
OUT_OF_PLAY = "box-out-of-play"
EAST_FRONT = "box-east-front"
SET_ASIDE = "box-set-aside"
FORT_R_BOX = "box-fort-replacements"
PD_BOX = "box-paris-in-danger"
HELD_BACK = "box-held-back"
MARKERS = "box-markers"
PARIS = "19"
TRIER = "94"
ANTWERP = "52"
NAMUR = "64"
MAUBEUGE = "54"
GHENT = "43"
EMERGENCY_HEX = "44"
RAIL_END_HEX = "56"


def other(side: str) -> str:
    return "german" if side == "allied" else "allied"


class Game(Context):
    """One look at the game: module data, the state, and (while applying) the transaction.
    Rules states receive a Game; they read through it and write only through it."""

    @property
    def graph(self):
        return self.rules.graph

    # -- the game in progress --------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return int(self.get("turn", 1) or 1)

    @property
    def scenario(self) -> str:
        return str(self.get("gi_scenario", S1))

    @property
    def s3(self) -> bool:
        return self.scenario == S3

    @property
    def last_turn(self) -> int:
        return int(self.get("gi_last_turn", 15))

    def option(self, name: str) -> bool:
        """Whether a Scenario 3 strategic option (13.3) is in force (chosen and revealed)."""
        return name in (self.get("gi_options") or ())

    def table_option(self, name: str) -> str:
        """A scenario option chosen at the table before play (``bef_in_54``, ...)."""
        return str((self.get("gi_table_options") or {}).get(name, ""))

    # -- pieces ------------------------------------------------------------------------------------
    def ptype(self, pid: int):
        return self.module.piece_types[self.state.pieces[pid].type]

    def loc(self, pid: int) -> str:
        return self.state.pieces[pid].loc

    def face(self, pid: int) -> int:
        return self.state.pieces[pid].face

    def value(self, pid: int, key: str, face: int | None = None) -> Any:
        """A printed value of the piece's current face (or of ``face``)."""
        piece = self.state.pieces[pid]
        faces = self.module.piece_types[piece.type].faces
        f = piece.face if face is None else face
        return faces[min(f, len(faces) - 1)].values.get(key)

    def side_of(self, pid: int) -> str:
        return self.ptype(pid).side

    def nat(self, pid: int) -> str:
        return self.ptype(pid).nationality

    def hidden(self, pid: int) -> bool:
        """8.4.6 c: with the hidden-movement agreement (the ``hidden_forces`` option) units and
        HQs on the map are known to their owner only (the Force boxes); the Battle Map, the
        tracks and the boxes stay open."""
        if not self.state.globals.get("gi_hidden_forces"):
            return False
        piece = self.state.pieces[pid]
        kind = self.module.piece_types[piece.type].kind
        return kind in ("unit", "hq") and piece.loc.isdigit()

    def label(self, pid: int) -> str:
        """The piece's printed name, or only its side when it is hidden (8.4.6 c)."""
        pt = self.ptype(pid)
        if self.hidden(pid):
            return f"a {WORD.get(pt.side, pt.side)} unit"
        return pt.name

    def label_to(self, pid: int, dest: str) -> str:
        """The piece's name as it goes to ``dest`` (hidden if it goes onto the map, 8.4.6 c)."""
        pt = self.ptype(pid)
        if self.state.globals.get("gi_hidden_forces") and pt.kind in ("unit", "hq") and dest.isdigit():
            return f"a {WORD.get(pt.side, pt.side)} unit"
        return self.label(pid)

    def name(self, pid: int) -> str:
        """The unit's name in words (DG when Disorganized)."""
        pt = self.ptype(pid)
        name = self.label(pid)
        if pt.kind == "unit" and self.face(pid) == 1 and pt.unit_type != "artillery" \
                and not self.hidden(pid):
            name += " (DG)"
        return name

    def names(self, pids) -> str:
        ns = [self.name(p) for p in pids if p in self.state.pieces]
        if len(ns) <= 1:
            return ns[0] if ns else "no unit"
        return ", ".join(ns[:-1]) + " and " + ns[-1]

    def place(self, loc: str) -> str:
        """A location in words: ``"Paris (19)"`` for a hex, the box's name otherwise."""
        l = self.module.locations.get(loc)
        if l is None:
            return loc
        if l.kind == "hex":
            return f"{l.name} ({l.id})" if l.name else f"hex {l.id}"
        return l.name or loc
