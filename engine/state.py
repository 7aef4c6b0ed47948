"""Game state: pieces in ordered stacks at locations, global values, the PRNG, chat.

Only :mod:`engine.commands` mutates a :class:`GameState` (through the ``_``-prefixed primitives
below), so that every change is a command that can be inverted and logged (DESIGN principle 4).

The state hash is an XOR-multiset of 64-bit hashes of the state's *items* — one per piece
(type, location, position in stack, face, markers, properties), one per global value, one each
for the PRNG and the id counter, one per chat line — each computed from a canonical encoding
(:mod:`engine.canon`). It is maintained incrementally, so hashing after every action costs only
the items that changed; :meth:`GameState.full_hash` recomputes it from scratch (tests check they
agree).

It also keeps a short journal of the locations whose stacks changed
(:meth:`GameState.touched_since`), so that a ruleset may keep a digest of the board up to date
by re-reading only those locations.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterator

from . import canon, rng
from .model import Module


@dataclass
class Piece:
    """A piece in play: an instance of a module ``PieceType`` (DESIGN principle 3)."""
    id: int
    type: str
    loc: str
    face: int = 0
    markers: list[str] = field(default_factory=list)
    props: dict[str, Any] = field(default_factory=dict)

    def record(self, index: int) -> list:
        return [self.type, self.loc, index, self.face, list(self.markers), self.props]

    @property
    def owner(self) -> str:
        """The side that owns this piece for hidden-information purposes (``props["owner"]``
        overrides the piece type's side, set by the session when the piece is created)."""
        return self.props.get("owner", "")


JOURNAL_LIMIT = 1024   # changed locations kept (between JOURNAL_LIMIT and twice that)


class GameState:
    """Everything that changes during a game. ``module`` is a read-only reference."""

    def __init__(self, module: Module | None = None, seed: int | str = 0) -> None:
        self.module = module
        self.pieces: dict[int, Piece] = {}
        self.stacks: dict[str, list[int]] = {}
        self.globals: dict[str, Any] = {}
        self.rng: int = rng.seed_state(seed)
        self.next_id: int = 1
        self.chat: list[list] = []
        self._items: dict[Any, int] = {}
        self._hash = 0
        self._touched: list[str] = []   # locations changed, oldest first (the journal)
        self._touched_base = 0          # how many older entries were dropped
        self._set_item(("rng",), self.rng)
        self._set_item(("n",), self.next_id)

    # -- hashing ----------------------------------------------------------------------------
    def _set_item(self, key: tuple, value: Any) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self._hash ^= old
        if value is not None:
            h = canon.item_hash(list(key), value)
            self._items[key] = h
            self._hash ^= h

    def _touch(self, loc: str) -> None:
        touched = self._touched
        touched.append(loc)
        if len(touched) > 2 * JOURNAL_LIMIT:
            del touched[:JOURNAL_LIMIT]
            self._touched_base += JOURNAL_LIMIT

    @property
    def change_mark(self) -> int:
        """How many stack changes this state has seen: a mark for :meth:`touched_since`."""
        return self._touched_base + len(self._touched)

    def touched_since(self, mark: int) -> list[str] | None:
        """The locations whose stacks changed since ``mark`` (a :attr:`change_mark`) — a piece
        arrived, left, moved within the stack or changed its face, markers or properties —
        oldest first, with repeats; None if ``mark`` is too old for the journal (then re-read
        everything). Undoing a change is a change too."""
        start = mark - self._touched_base
        if start < 0 or mark > self.change_mark:
            return None
        return self._touched[start:]

    def _rehash_piece(self, pid: int) -> None:
        piece = self.pieces.get(pid)
        if piece is None:
            self._set_item(("p", pid), None)
            return
        self._touch(piece.loc)
        index = self.stacks[piece.loc].index(pid)
        self._set_item(("p", pid), piece.record(index))

    def _rehash_stack(self, loc: str, start: int = 0) -> None:
        self._touch(loc)
        stack = self.stacks.get(loc, [])
        for i in range(start, len(stack)):
            pid = stack[i]
            self._set_item(("p", pid), self.pieces[pid].record(i))

    @property
    def hash(self) -> str:
        """The state hash as 16 hex digits."""
        return canon.hex64(self._hash)

    def full_hash(self) -> str:
        """The state hash recomputed from scratch (must equal :attr:`hash`)."""
        h = canon.item_hash(["rng"], self.rng) ^ canon.item_hash(["n"], self.next_id)
        for loc, stack in self.stacks.items():
            for i, pid in enumerate(stack):
                h ^= canon.item_hash(["p", pid], self.pieces[pid].record(i))
        for k, v in self.globals.items():
            h ^= canon.item_hash(["g", k], v)
        for i, line in enumerate(self.chat):
            h ^= canon.item_hash(["c", i], line)
        return canon.hex64(h)

    # -- read access ------------------------------------------------------------------------
    def stack(self, loc: str) -> list[int]:
        """Piece ids at ``loc`` from bottom to top (a copy)."""
        return list(self.stacks.get(loc, ()))

    def pieces_at(self, loc: str) -> list[Piece]:
        return [self.pieces[pid] for pid in self.stacks.get(loc, ())]

    def index_of(self, pid: int) -> int:
        piece = self.pieces[pid]
        return self.stacks[piece.loc].index(pid)

    def occupied(self) -> Iterator[str]:
        return (loc for loc, s in self.stacks.items() if s)

    def get(self, key: str, default: Any = None) -> Any:
        return self.globals.get(key, default)

    def copy(self) -> "GameState":
        """A deep copy sharing the (immutable) module."""
        module, self.module = self.module, None
        try:
            dup = copy.deepcopy(self)
        finally:
            self.module = module
        dup.module = module
        return dup

    def to_data(self) -> dict:
        """Plain-data snapshot (for debugging, tests and divergence reports)."""
        return {
            "pieces": {pid: self.pieces[pid].record(self.index_of(pid)) for pid in sorted(self.pieces)},
            "globals": dict(sorted(self.globals.items())),
            "rng": self.rng, "next_id": self.next_id, "chat": list(self.chat),
        }

    # -- primitives (commands only) ---------------------------------------------------------
    def _insert(self, pid: int, loc: str, index: int | None) -> int:
        stack = self.stacks.setdefault(loc, [])
        if index is None or index > len(stack) or index < 0:
            index = len(stack)
        stack.insert(index, pid)
        self.pieces[pid].loc = loc
        self._rehash_stack(loc, index)
        return index

    def _remove(self, pid: int) -> tuple[str, int]:
        loc = self.pieces[pid].loc
        stack = self.stacks[loc]
        index = stack.index(pid)
        del stack[index]
        if not stack:
            del self.stacks[loc]
            self._touch(loc)
        else:
            self._rehash_stack(loc, index)
        return loc, index

    def _add_piece(self, piece: Piece, index: int | None) -> int:
        self.pieces[piece.id] = piece
        return self._insert(piece.id, piece.loc, index)

    def _drop_piece(self, pid: int) -> tuple[Piece, int]:
        piece = self.pieces[pid]
        _, index = self._remove(pid)
        del self.pieces[pid]
        self._set_item(("p", pid), None)
        return piece, index

    def _set_order(self, loc: str, order: list[int]) -> None:
        if order:
            self.stacks[loc] = list(order)
        else:
            self.stacks.pop(loc, None)
        self._rehash_stack(loc)

    def _set_global(self, key: str, value: Any) -> None:
        if value is None:
            self.globals.pop(key, None)
        else:
            self.globals[key] = value
        self._set_item(("g", key), value)

    def _set_rng(self, value: int) -> None:
        self.rng = value
        self._set_item(("rng",), value)

    def _set_next_id(self, value: int) -> None:
        self.next_id = value
        self._set_item(("n",), value)

    def _append_chat(self, line: list) -> None:
        self._set_item(("c", len(self.chat)), line)
        self.chat.append(line)

    def _pop_chat(self) -> list:
        line = self.chat.pop()
        self._set_item(("c", len(self.chat)), None)
        return line
