"""Free play: a real table (DESIGN principle 6: "free play is just the ruleset that allows every
command"). Every action is allowed; nothing is checked beyond each command's own sanity (the
piece exists, the location exists...). It is a :class:`~engine.machine.MachineRuleset` with one
state, so a table gesture takes the same path in free and in enforced play: an action, checked
(its targets' types here), then done or refused.
"""
from __future__ import annotations

import random
from typing import Any, Iterator

from . import commands as C
from .actions import Action, Loc, Piece
from .machine import Context, MachineRuleset, State
from .rules import Prompt, Violation
from .state import GameState
from .views import can_see

Pieces = tuple[Piece, ...]


class Table(State):
    """The free table: anyone moves anything."""
    name = "table"

    def prompt(self, g: Context, frame: dict) -> Prompt:
        return Prompt("", "free", "Free play: move anything, roll dice, keep notes.")

    def actions(self, g: Context, frame: dict) -> Iterator[Action]:
        """Free play has no finite list of moves; this lists the simple ones (flip each piece,
        move it anywhere), lazily."""
        locs = list(g.module.locations)
        for pid, piece in g.state.pieces.items():
            yield self.offer("flip", pid=pid)
            for loc in locs:
                if loc != piece.loc:
                    yield self.offer("move", pids=(pid,), to=loc)

    def refuse(self, g: Context, frame: dict, action: Action) -> Violation | None:
        return None  # a real table refuses nothing; a command that cannot apply raises

    def on_move(self, g: Context, frame: dict, pids: Pieces, to: Loc, index: int | None = None) -> None:
        """Move pieces (bottom first) onto a location, on top or at a stack position"""
        if not pids:
            raise C.CommandError("move: no pieces given")
        for i, pid in enumerate(pids):
            g.do(C.Move(pid, to, None if index is None else index + i))

    def on_flip(self, g: Context, frame: dict, pid: Piece, face: int | None = None) -> None:
        """Flip a piece (to its next face, or to the face given)"""
        piece = C._piece(g.state, pid)
        if face is None:
            face = (piece.face + 1) % len(g.module.piece_types[piece.type].faces)
        g.do(C.SetFace(piece.id, face))

    def on_step(self, g: Context, frame: dict, pid: Piece) -> None:
        """Take a step loss"""
        piece = C._piece(g.state, pid)
        if piece.face + 1 >= len(g.module.piece_types[piece.type].faces):
            raise C.CommandError(f"piece #{piece.id} has no step left to lose")
        g.do(C.SetFace(piece.id, piece.face + 1))

    def on_mark(self, g: Context, frame: dict, pid: Piece, marker: str) -> None:
        """Add a marker to a piece"""
        g.do(C.AddMarker(pid, marker))

    def on_unmark(self, g: Context, frame: dict, pid: Piece, marker: str) -> None:
        """Remove a marker from a piece"""
        g.do(C.RemoveMarker(pid, marker))

    def on_prop(self, g: Context, frame: dict, pid: Piece, key: str, value: str | None = None) -> None:
        """Set (or, without a value, clear) a property of a piece"""
        g.do(C.SetProp(pid, key, value))

    def on_create(self, g: Context, frame: dict, type: str, loc: Loc, index: int | None = None,
                  face: int | None = None) -> None:
        """Put a new piece on the table"""
        ptype = g.module.piece_types.get(type)
        owner = {"owner": ptype.side} if ptype is not None and ptype.side else {}
        g.do(C.Create(type, loc, index, face or 0, owner))

    def on_delete(self, g: Context, frame: dict, pids: Pieces) -> None:
        """Take pieces off the table"""
        for pid in pids:
            g.do(C.Delete(pid))

    def on_reorder(self, g: Context, frame: dict, loc: Loc, order: Pieces) -> None:
        """Put a stack in a new order (bottom first)"""
        g.do(C.Reorder(loc, [int(p) for p in order]))

    def on_shuffle(self, g: Context, frame: dict, loc: Loc) -> None:
        """Shuffle a stack"""
        g.do(C.Shuffle(loc))

    def on_draw(self, g: Context, frame: dict, src: Loc, dst: Loc, count: int | None = None) -> None:
        """Draw from the top of a stack onto another"""
        g.do(C.Draw(src, dst, 1 if count is None else count))

    def on_reveal(self, g: Context, frame: dict, pid: Piece) -> None:
        """Reveal a concealed piece"""
        g.do(C.SetProp(pid, "concealed", None))

    def on_conceal(self, g: Context, frame: dict, pid: Piece) -> None:
        """Conceal a piece from the other side"""
        g.do(C.SetProp(pid, "concealed", True))

    def on_roll(self, g: Context, frame: dict, spec: str, purpose: str | None = None) -> None:
        """Roll dice"""
        g.do(C.Roll(spec, purpose or ""))

    def on_set(self, g: Context, frame: dict, key: str, value: int | None = None) -> None:
        """Set a game value (a track, the turn)"""
        g.do(C.SetGlobal(key, value))

    def on_note(self, g: Context, frame: dict, text: str) -> None:
        """Write a note in the log"""
        g.do(C.Note(g.actor, text))

    def describe(self, g: Context, frame: dict, action: Action) -> str | None:
        return _Words(g, action).line()


class FreePlay(MachineRuleset):
    """A real table: every command is allowed."""
    id = "free"
    name = "Free play"
    enforcing = False
    states = (Table,)
    start = "table"
    idle = "table"

    def setup(self, tx, scenario, options: dict[str, str]) -> None:
        """Free play has no rules state: the table is always the current state."""

    def apply(self, tx, action: Action) -> None:
        try:
            super().apply(tx, action)
        except (KeyError, TypeError) as exc:
            raise C.CommandError(f"{action.verb}: missing or bad target {exc}") from None

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        """A random command of any kind, for fuzzing the command layer."""
        pids = sorted(state.pieces)
        locs = list(self.module.locations)
        types = list(self.module.piece_types)
        kinds = ["create", "roll", "set", "note"]
        if pids:
            kinds += ["move", "move", "move", "flip", "mark", "prop", "delete", "reorder", "unmark"]
        if locs and any(state.stacks.get(l) for l in locs):
            kinds += ["shuffle", "draw"]
        kind = rnd.choice(kinds)
        if kind == "create" and types and locs:
            return Action("create", type=rnd.choice(types), loc=Loc(rnd.choice(locs)))
        if kind == "roll":
            return Action("roll", spec=rnd.choice(["1d6", "2d6", "d10"]), purpose="fuzz")
        if kind == "set":
            return Action("set", key=rnd.choice(["turn", "vp", "phase"]), value=rnd.randint(-5, 30))
        if kind == "note" or not pids or not locs:
            return Action("note", text=f"note {rnd.randint(0, 999)}")
        pid = rnd.choice(pids)
        piece = state.pieces[pid]
        if kind == "move":
            stack = state.stacks[piece.loc]
            part = tuple(Piece(p) for p in stack[stack.index(pid):])  # the piece and all above it
            return Action("move", pids=part, to=Loc(rnd.choice(locs)))
        if kind == "mark":
            return Action("mark", pid=Piece(pid), marker=rnd.choice(["OOS", "trench:1", "spent"]))
        if kind == "unmark" and piece.markers:
            return Action("unmark", pid=Piece(pid), marker=rnd.choice(piece.markers))
        if kind == "prop":
            return Action("prop", pid=Piece(pid), key="fuzz", value=rnd.choice([None, "1", "x"]))
        if kind == "delete":
            return Action("delete", pids=(Piece(pid),))
        if kind == "reorder":
            order = state.stack(piece.loc)
            rnd.shuffle(order)
            return Action("reorder", loc=Loc(piece.loc), order=tuple(Piece(p) for p in order))
        if kind in ("shuffle", "draw"):
            src = rnd.choice([l for l in locs if state.stacks.get(l)])
            if kind == "shuffle":
                return Action("shuffle", loc=Loc(src))
            return Action("draw", src=Loc(src), dst=Loc(rnd.choice(locs)), count=1)
        return Action("flip", pid=Piece(pid))


class _Words:
    """Readable one-liners for free-play actions: ``blue: 1st Infantry Corps 0203 → 0505``."""

    def __init__(self, g: Context, action: Action) -> None:
        self.g, self.a = g, action

    def name(self, pid: Any) -> str:
        state, side = self.g.state, self.a.side
        piece = state.pieces.get(pid) if isinstance(pid, int) else None
        if piece is None:
            return f"#{pid}"
        if not can_see(state, piece, side) and not can_see(state, piece, ""):
            return "a hidden piece"
        ptype = self.g.module.piece_types.get(piece.type)
        return ptype.name if ptype else piece.type

    def where(self, loc: Any) -> str:
        location = self.g.module.locations.get(loc) if isinstance(loc, str) else None
        if location is None:
            return str(loc)
        return f"{location.name} ({location.id})" if location.name and location.kind == "hex" else location.label

    def line(self) -> str | None:
        a, g = self.a, self.g
        who = f"{g.rules.side_name(a.side)}: " if a.side else ""
        verb = a.verb
        if verb == "move":
            pids = a["pids"]
            names = ", ".join(self.name(pid) for pid in pids[:3])
            if len(pids) > 3:
                names += f" and {len(pids) - 3} more"
            src = g.state.pieces[pids[0]].loc if pids and pids[0] in g.state.pieces else "?"
            return f"{who}{names} {self.where(src)} → {self.where(a['to'])}"
        if verb in ("flip", "step"):
            return f"{who}{'flips' if verb == 'flip' else 'takes a step loss on'} {self.name(a['pid'])}"
        if verb in ("mark", "unmark"):
            return f"{who}{verb}s {self.name(a['pid'])} {a['marker']}"
        if verb == "roll":
            return f"{who}rolls {a['spec']}" + (f" for {a['purpose']}" if a.get("purpose") else "")
        if verb == "draw":
            return f"{who}draws {a.get('count', 1)} from {self.where(a['src'])} to {self.where(a['dst'])}"
        if verb == "note":
            return f"{who}“{a['text']}”"
        if verb == "set":
            return f"{who}sets {a['key']} to {a.get('value')}"
        if verb == "create":
            ptype = g.module.piece_types.get(a["type"])
            return f"{who}adds {ptype.name if ptype else a['type']} at {self.where(a['loc'])}"
        if verb == "delete":
            return f"{who}removes " + ", ".join(self.name(pid) for pid in a["pids"])
        if verb == "shuffle":
            return f"{who}shuffles {self.where(a['loc'])}"
        return None
