"""Commands: every change to a :class:`~engine.state.GameState` (DESIGN principle 4).

A command is a small record of *what the user or the rules asked for* (its JSON form, which is
what the game record stores) plus, once applied, what it needs to invert itself exactly. Apply
then undo returns the state — and its hash — to exactly what it was.

Commands validate their input against the state and the module and raise
:class:`CommandError` (a user-facing error) before changing anything, so a hostile or corrupt
save file cannot put the state in an impossible shape.
"""
from __future__ import annotations

from typing import Any, ClassVar

from . import dice as dicelib
from . import rng
from .errors import WartableError
from .state import GameState, Piece

MAX_TEXT = 2000


class CommandError(WartableError):
    """A command that cannot apply to this state (unknown piece, unknown location...)."""


def _json_value(value: Any, what: str) -> Any:
    """Check ``value`` is plain canonical data (no floats, str keys)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_json_value(v, what) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise CommandError(f"{what}: keys must be strings")
        return {k: _json_value(v, what) for k, v in value.items()}
    raise CommandError(f"{what}: unsupported value {value!r}")


class Command:
    """Base class. Subclasses set ``kind`` and ``fields`` (the JSON-form parameters)."""
    kind: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()
    registry: ClassVar[dict[str, type["Command"]]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.kind:
            Command.registry[cls.kind] = cls

    def to_json(self) -> dict:
        data = {"c": self.kind}
        for f in self.fields:
            data[f] = getattr(self, f)
        return data

    @staticmethod
    def from_json(data: Any) -> "Command":
        """Rebuild a command from its JSON form; raises CommandError on any malformed input."""
        if not isinstance(data, dict) or not isinstance(data.get("c"), str):
            raise CommandError(f"not a command: {str(data)[:80]}")
        cls = Command.registry.get(data["c"])
        if cls is None:
            raise CommandError(f"unknown command kind {data['c']!r}")
        extra = set(data) - set(cls.fields) - {"c"}
        if extra:
            raise CommandError(f"{cls.kind}: unexpected fields {sorted(extra)}")
        kwargs = {f: data[f] for f in cls.fields if f in data}
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise CommandError(f"{cls.kind}: {exc}") from None

    def apply(self, state: GameState) -> None:
        raise NotImplementedError  # every concrete command overrides this

    def undo(self, state: GameState) -> None:
        raise NotImplementedError  # every concrete command overrides this

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self.fields)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Command) and self.to_json() == other.to_json()


# -- validation helpers ---------------------------------------------------------------------

def _piece(state: GameState, pid: Any) -> Piece:
    if not isinstance(pid, int) or isinstance(pid, bool) or pid not in state.pieces:
        raise CommandError(f"no piece #{pid}")
    return state.pieces[pid]


def _location(state: GameState, loc: Any) -> str:
    if not isinstance(loc, str) or not loc:
        raise CommandError(f"bad location {loc!r}")
    if state.module is not None and loc not in state.module.locations:
        raise CommandError(f"no location {loc!r} in module {state.module.id}")
    return loc


def _index(index: Any) -> int | None:
    if index is None:
        return None
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise CommandError(f"bad stack index {index!r}")
    return index


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise CommandError(f"bad {what}")
    return value


# -- pieces ---------------------------------------------------------------------------------

class Create(Command):
    """Create a piece of ``type`` at ``loc`` (stack ``index``, default top)."""
    kind = "create"
    fields = ("type", "loc", "index", "face", "props")

    def __init__(self, type: str, loc: str, index: int | None = None, face: int = 0,
                 props: dict | None = None) -> None:
        self.type, self.loc, self.index, self.face = type, loc, index, face
        self.props = props or {}
        self.pid: int | None = None

    def apply(self, state: GameState) -> None:
        _location(state, self.loc)
        _index(self.index)
        if not isinstance(self.type, str) or (
                state.module is not None and self.type not in state.module.piece_types):
            raise CommandError(f"no piece type {self.type!r}")
        if not isinstance(self.face, int) or isinstance(self.face, bool) or self.face < 0:
            raise CommandError(f"bad face {self.face!r}")
        props = _json_value(self.props, "props")
        if not isinstance(props, dict):
            raise CommandError("props must be a mapping")
        self.pid = state.next_id
        state._set_next_id(self.pid + 1)
        state._add_piece(Piece(self.pid, self.type, self.loc, self.face, [], props), self.index)

    def undo(self, state: GameState) -> None:
        state._drop_piece(self.pid)
        state._set_next_id(self.pid)


class Delete(Command):
    kind = "delete"
    fields = ("pid",)

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def apply(self, state: GameState) -> None:
        _piece(state, self.pid)
        self._saved = state._drop_piece(self.pid)

    def undo(self, state: GameState) -> None:
        piece, index = self._saved
        state._add_piece(piece, index)


class Move(Command):
    """Move one piece to ``loc`` at stack ``index`` (None = on top)."""
    kind = "move"
    fields = ("pid", "loc", "index")

    def __init__(self, pid: int, loc: str, index: int | None = None) -> None:
        self.pid, self.loc, self.index = pid, loc, index

    def apply(self, state: GameState) -> None:
        _piece(state, self.pid)
        _location(state, self.loc)
        _index(self.index)
        self._from = state._remove(self.pid)
        state._insert(self.pid, self.loc, self.index)

    def undo(self, state: GameState) -> None:
        state._remove(self.pid)
        state._insert(self.pid, *self._from)


class Reorder(Command):
    """Set the order of the stack at ``loc`` (bottom to top); must be a permutation."""
    kind = "reorder"
    fields = ("loc", "order")

    def __init__(self, loc: str, order: list[int]) -> None:
        self.loc, self.order = loc, order

    def apply(self, state: GameState) -> None:
        current = state.stacks.get(self.loc, [])
        if not isinstance(self.order, list) or sorted(map(str, self.order)) != sorted(map(str, current)) \
                or len(set(self.order)) != len(self.order):
            raise CommandError(f"reorder at {self.loc!r} is not a permutation of its stack")
        self._old = list(current)
        state._set_order(self.loc, self.order)

    def undo(self, state: GameState) -> None:
        state._set_order(self.loc, self._old)


class SetFace(Command):
    """Flip a piece or set its step: ``face`` indexes the piece type's faces."""
    kind = "face"
    fields = ("pid", "face")

    def __init__(self, pid: int, face: int) -> None:
        self.pid, self.face = pid, face

    def apply(self, state: GameState) -> None:
        piece = _piece(state, self.pid)
        if not isinstance(self.face, int) or isinstance(self.face, bool) or self.face < 0:
            raise CommandError(f"bad face {self.face!r}")
        if state.module is not None:
            faces = len(state.module.piece_types[piece.type].faces)
            if self.face >= faces:
                raise CommandError(f"piece #{self.pid} has {faces} face(s), not {self.face + 1}")
        self._old = piece.face
        piece.face = self.face
        state._rehash_piece(self.pid)

    def undo(self, state: GameState) -> None:
        state.pieces[self.pid].face = self._old
        state._rehash_piece(self.pid)


class AddMarker(Command):
    """Attach a marker (a text id such as ``"OOS"``, ``"trench:1"``) to a piece."""
    kind = "mark"
    fields = ("pid", "marker")

    def __init__(self, pid: int, marker: str) -> None:
        self.pid, self.marker = pid, marker

    def apply(self, state: GameState) -> None:
        piece = _piece(state, self.pid)
        _text(self.marker, "marker")
        piece.markers.append(self.marker)
        state._rehash_piece(self.pid)

    def undo(self, state: GameState) -> None:
        state.pieces[self.pid].markers.pop()
        state._rehash_piece(self.pid)


class RemoveMarker(Command):
    kind = "unmark"
    fields = ("pid", "marker")

    def __init__(self, pid: int, marker: str) -> None:
        self.pid, self.marker = pid, marker

    def apply(self, state: GameState) -> None:
        piece = _piece(state, self.pid)
        if self.marker not in piece.markers:
            raise CommandError(f"piece #{self.pid} has no marker {self.marker!r}")
        self._at = piece.markers.index(self.marker)
        del piece.markers[self._at]
        state._rehash_piece(self.pid)

    def undo(self, state: GameState) -> None:
        state.pieces[self.pid].markers.insert(self._at, self.marker)
        state._rehash_piece(self.pid)


class SetProp(Command):
    """Set a free property of a piece (``value`` None deletes it)."""
    kind = "prop"
    fields = ("pid", "key", "value")

    def __init__(self, pid: int, key: str, value: Any) -> None:
        self.pid, self.key, self.value = pid, key, value

    def apply(self, state: GameState) -> None:
        piece = _piece(state, self.pid)
        _text(self.key, "property name")
        value = _json_value(self.value, "property value")
        self._old = piece.props.get(self.key)
        if value is None:
            piece.props.pop(self.key, None)
        else:
            piece.props[self.key] = value
        state._rehash_piece(self.pid)

    def undo(self, state: GameState) -> None:
        piece = state.pieces[self.pid]
        if self._old is None:
            piece.props.pop(self.key, None)
        else:
            piece.props[self.key] = self._old
        state._rehash_piece(self.pid)


# -- global values --------------------------------------------------------------------------

class SetGlobal(Command):
    """Set a global value: turn, phase, active side, a track such as VP, or rules state.
    ``value`` None deletes it."""
    kind = "set"
    fields = ("key", "value")

    def __init__(self, key: str, value: Any) -> None:
        self.key, self.value = key, value

    def apply(self, state: GameState) -> None:
        _text(self.key, "global name")
        value = _json_value(self.value, f"value of {self.key}")
        self._old = state.globals.get(self.key)
        state._set_global(self.key, value)

    def undo(self, state: GameState) -> None:
        state._set_global(self.key, self._old)


# -- decks, cups and hands ------------------------------------------------------------------

class Shuffle(Command):
    """Shuffle the stack at ``loc`` with the game's PRNG. ``order`` (filled when applied) is
    the resulting order; a replay re-draws it and must get the same."""
    kind = "shuffle"
    fields = ("loc", "order")

    def __init__(self, loc: str, order: list[int] | None = None) -> None:
        self.loc, self.order = loc, order

    def apply(self, state: GameState) -> None:
        _location(state, self.loc)
        old = list(state.stacks.get(self.loc, []))
        new_rng, perm = rng.permutation(state.rng, len(old))
        result = [old[i] for i in perm]
        if self.order is not None and self.order != result:
            raise CommandError(f"shuffle of {self.loc!r} does not reproduce the recorded order")
        self._old, self._old_rng = old, state.rng
        self.order = result
        state._set_rng(new_rng)
        state._set_order(self.loc, result)

    def undo(self, state: GameState) -> None:
        state._set_order(self.loc, self._old)
        state._set_rng(self._old_rng)


class Draw(Command):
    """Move the top ``count`` pieces of ``src`` (a deck or cup) onto ``dst`` one by one."""
    kind = "draw"
    fields = ("src", "dst", "count")

    def __init__(self, src: str, dst: str, count: int = 1) -> None:
        self.src, self.dst, self.count = src, dst, count

    def apply(self, state: GameState) -> None:
        _location(state, self.src)
        _location(state, self.dst)
        available = len(state.stacks.get(self.src, []))
        if not isinstance(self.count, int) or isinstance(self.count, bool) or not 0 <= self.count <= available:
            raise CommandError(f"cannot draw {self.count!r} from {self.src!r} holding {available}")
        self._moves = []
        for _ in range(self.count):
            move = Move(state.stacks[self.src][-1], self.dst)
            move.apply(state)
            self._moves.append(move)

    def undo(self, state: GameState) -> None:
        for move in reversed(self._moves):
            move.undo(state)


# -- randomness -----------------------------------------------------------------------------

class Roll(Command):
    """Roll dice (``"2d6"``, or a module die such as ``"3combat"``) for a stated purpose.

    The faces are drawn from the state's PRNG when applied; ``result`` records them and a
    replay must draw the same. The last roll is kept in the global ``last_roll``."""
    kind = "roll"
    fields = ("spec", "purpose", "result")

    def __init__(self, spec: str, purpose: str = "", result: list | None = None) -> None:
        self.spec, self.purpose, self.result = spec, purpose, result

    def _dice(self, state: GameState) -> dicelib.DiceSpec:
        _text(self.purpose, "roll purpose")
        custom = {d.id: d.faces for d in state.module.dice.values()} if state.module else None
        try:
            return dicelib.parse(_text(self.spec, "dice spec"), custom)
        except ValueError as exc:
            raise CommandError(str(exc)) from None

    def _show(self, state: GameState, faces: list, new_rng: int) -> None:
        self.result = faces
        self._old_rng, self._old_last = state.rng, state.globals.get("last_roll")
        state._set_rng(new_rng)
        state._set_global("last_roll", {"spec": self.spec, "faces": list(faces), "for": self.purpose})

    def apply(self, state: GameState) -> None:
        new_rng, faces = self._dice(state).roll(state.rng)
        if self.result is not None and self.result != faces:
            raise CommandError(f"roll {self.spec} does not reproduce the recorded result")
        self._show(state, faces, new_rng)

    def undo(self, state: GameState) -> None:
        state._set_global("last_roll", self._old_last)
        state._set_rng(self._old_rng)

    @property
    def total(self) -> Any:
        return sum(self.result) if self.result and all(isinstance(f, int) for f in self.result) else None


class FixedRoll(Roll):
    """A roll whose faces were chosen, not drawn: scripted dice in a test position
    (:mod:`engine.testing`). The faces must be faces of the spec's dice; the generator does not
    move. Recorded like any command, so the record still replays — but a ruleset never makes
    one, so re-executing the game through its rules (``replay --verify``, a turn file's import)
    refuses it."""
    kind = "fixed_roll"

    def apply(self, state: GameState) -> None:
        spec, faces = self._dice(state), self.result
        if (not isinstance(faces, list) or len(faces) != spec.count
                or any(f not in spec.faces or isinstance(f, bool) for f in faces)):
            raise CommandError(f"fixed roll {self.spec}: {faces!r} are not {spec.count} faces of {spec.name}")
        self._show(state, faces, state.rng)   # the generator does not move


# -- chat -----------------------------------------------------------------------------------

class Note(Command):
    """A chat line or note from ``side`` (empty: the table)."""
    kind = "note"
    fields = ("side", "text")

    def __init__(self, side: str, text: str) -> None:
        self.side, self.text = side, text

    def apply(self, state: GameState) -> None:
        _text(self.side, "side")
        _text(self.text, "note")
        state._append_chat([self.side, self.text])

    def undo(self, state: GameState) -> None:
        state._pop_chat()


# -- compound -------------------------------------------------------------------------------

def apply_all(state: GameState, commands: list[Command]) -> None:
    """Apply ``commands`` in order; if one fails, undo the ones applied and re-raise, leaving
    the state exactly as it was."""
    done: list[Command] = []
    try:
        for cmd in commands:
            cmd.apply(state)
            done.append(cmd)
    except BaseException:
        for cmd in reversed(done):
            cmd.undo(state)
        raise


def undo_all(state: GameState, commands: list[Command]) -> None:
    for cmd in reversed(commands):
        cmd.undo(state)
