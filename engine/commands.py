"""Commands: every change to a :class:`~engine.state.GameState` (DESIGN principle 4).

A command is a small record of *what the user or the rules asked for* (its JSON form, which is
what the game record stores) plus, once applied, what it needs to invert itself exactly. Apply
then undo returns the state — and its hash — to exactly what it was.

Commands validate their input against the state and the module and raise
:class:`CommandError` (a user-facing error) before changing anything, so a hostile or corrupt
save file cannot put the state in an impossible shape. Free data (properties, global values) is
plain JSON data nested at most :data:`MAX_DEPTH` deep, with integers in 64 bits and valid
Unicode text (no lone surrogate: it could not be saved); piece ids are integers, never text that
looks like one.
"""
from __future__ import annotations

from typing import Any, ClassVar

from . import dice as dicelib
from . import rng
from .canon import is_unicode as _is_unicode
from .errors import WartableError
from .state import GameState, Piece

MAX_TEXT = 2000
#: The deepest nesting of lists and mappings in a property or global value.
MAX_DEPTH = 16
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1


class CommandError(WartableError):
    """A command that cannot apply to this state (unknown piece, unknown location...)."""


def _brief(value: Any) -> str:
    """``repr(value)`` cut to one short line (command data may be hostile)."""
    text = repr(value) if not isinstance(value, int) or -10**30 < value < 10**30 \
        else f"<an integer of {value.bit_length()} bits>"
    return text if len(text) <= 40 else text[:37] + "..."


def _json_value(value: Any, what: str, depth: int = 0) -> Any:
    """Check ``value`` is plain canonical data (no floats, str keys, 64-bit integers, valid
    Unicode, at most :data:`MAX_DEPTH` deep); returns a copy with tuples made lists."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise CommandError(f"{what}: integer {_brief(value)} does not fit in 64 bits")
        return value
    if isinstance(value, str):
        if not _is_unicode(value):
            raise CommandError(f"{what}: text {_brief(value)} is not valid Unicode")
        return value
    if isinstance(value, (list, tuple, dict)) and depth >= MAX_DEPTH:
        raise CommandError(f"{what}: nested more than {MAX_DEPTH} deep")
    if isinstance(value, (list, tuple)):
        return [_json_value(v, what, depth + 1) for v in value]
    if isinstance(value, dict):
        for k in value:
            if not isinstance(k, str) or not _is_unicode(k):
                raise CommandError(f"{what}: key {_brief(k)} is not valid text")
        return {k: _json_value(v, what, depth + 1) for k, v in value.items()}
    raise CommandError(f"{what}: unsupported value {_brief(value)}")


def _stored_value(value: Any, old: Any, what: str) -> Any:
    """:func:`_json_value` of a global's new value, except that the elements of a list that
    are the very objects of the list stored now (``old``: checked and copied when it was
    stored, and never changed in place) are kept as they are — a rules state stack that
    changes its top frame checks and copies that frame, not every frame below it."""
    if type(value) is not list or type(old) is not list or not old:
        return _json_value(value, what)
    stored = {id(e) for e in old}
    return [e if id(e) in stored else _json_value(e, what, 1) for e in value]


class Command:
    """Base class. Subclasses set ``kind`` and ``fields`` (the JSON-form parameters)."""
    kind: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()
    registry: ClassVar[dict[str, type["Command"]]] = {}
    #: The keys its JSON form may have ("c" and ``fields``).
    json_keys: ClassVar[frozenset[str]] = frozenset({"c"})

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.json_keys = frozenset(cls.fields) | {"c"}
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
            raise CommandError(f"unknown command kind {_brief(data['c'])}")
        if not data.keys() <= cls.json_keys:
            extra = set(data) - cls.json_keys
            raise CommandError(f"{cls.kind}: unexpected fields "
                               f"{', '.join(_brief(k) for k in sorted(map(str, extra))[:5])}")
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

def _is_pid(pid: Any) -> bool:
    """A piece id is an int (a save's ``"3"`` is not piece 3)."""
    return isinstance(pid, int) and not isinstance(pid, bool)


def _piece(state: GameState, pid: Any) -> Piece:
    if not _is_pid(pid) or pid not in state.pieces:
        raise CommandError(f"no piece #{_brief(pid)}")
    return state.pieces[pid]


def _location(state: GameState, loc: Any) -> str:
    if not isinstance(loc, str) or not loc:
        raise CommandError(f"bad location {_brief(loc)}")
    if state.module is not None and loc not in state.module.locations:
        raise CommandError(f"no location {_brief(loc)} in module {state.module.id}")
    return loc


def _index(index: Any) -> int | None:
    if index is None:
        return None
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= INT_MAX:
        raise CommandError(f"bad stack index {_brief(index)}")
    return index


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT or not _is_unicode(value):
        raise CommandError(f"bad {what}: {_brief(value)} is not text of at most {MAX_TEXT} "
                           "characters")
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
            raise CommandError(f"no piece type {_brief(self.type)}")
        if not isinstance(self.face, int) or isinstance(self.face, bool) or self.face < 0:
            raise CommandError(f"bad face {_brief(self.face)}")
        if state.module is not None and self.face >= len(
                state.module.piece_types[self.type].faces):
            raise CommandError(f"piece type {self.type} has no face {self.face}")
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
        if not isinstance(self.order, list) or not all(_is_pid(p) for p in self.order) \
                or len(self.order) != len(current) or set(self.order) != set(current):
            raise CommandError(f"reorder at {_brief(self.loc)} is not a permutation of its "
                               "stack's piece numbers")
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
            raise CommandError(f"bad face {_brief(self.face)}")
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
            raise CommandError(f"piece #{self.pid} has no marker {_brief(self.marker)}")
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
        self._old = state.globals.get(self.key)
        value = _stored_value(self.value, self._old, f"value of {self.key}")
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
            raise CommandError(f"shuffle of {self.loc} does not reproduce the recorded order")
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
            raise CommandError(f"cannot draw {_brief(self.count)} from {self.src} holding "
                               f"{available}")
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
            raise CommandError(f"fixed roll {self.spec}: {_brief(faces)} are not {spec.count} faces of "
                               f"{spec.name}")
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
