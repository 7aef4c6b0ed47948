"""Actions: one decision by one side, with typed targets and a one-line notation that parses back.

An :class:`Action` is a verb, the side that decides and its *targets*, each a value of one of five
types, so a table (or a test, or a server) knows what each target points at without guessing
from its name:

=========  ===================  ============  ==================================================
type       Python value         text form     meaning
=========  ===================  ============  ==================================================
piece      :class:`Piece`        ``#12``       a piece in play, by id (an ``int``)
location   :class:`Loc`          ``@paris``    a location (space, hex, box), by id (a ``str``)
card       :class:`Card`         ``%cp_52``    a card, by its piece type id (a ``str``)
number     ``int``               ``3``         a count, a value
choice     ``str``               ``attack``    one of the words the state offers
=========  ===================  ============  ==================================================

A target may also be a tuple of pieces or of locations (``#1,#2`` → ``[#1,#2]``). A tuple of
locations is a *path*: its last element is where the action points.

``Piece``, ``Loc`` and ``Card`` subclass ``int`` and ``str``: rules code uses them as plain ids,
and an action built with plain values (``Action("move", "AP", to="paris")``) equals the typed one
the rules offer. The rules machine types an action from its handler's signature
(:mod:`engine.machine`).

Text form (``str(action)``; :meth:`Action.parse` reads it back, ``Action.parse(str(a)) == a``)::

    AP: move path=[@paris,@amiens] pieces=[#12,#13]
    CP: play card=%cp_01 use=event
    done

The side (if any) comes first with a colon, then the verb, then ``name=value`` targets sorted by
name. A choice or id that is not a plain word is written as a JSON string (``"two words"``,
``@"odd id"``).

:class:`LegalActions` is what ``Session.legal_actions()`` returns: it iterates, counts, is truthy,
answers ``in`` in O(1) and filters by target (what may this piece do, where may it go).
"""
from __future__ import annotations

from functools import lru_cache
import json
import re
from typing import Any, Callable, Iterable, Iterator, Mapping

from .errors import WartableError

MAX_TEXT = 4000          # the longest action text :meth:`Action.parse` reads
MAX_TARGETS = 32
MAX_ITEMS = 1000         # the most elements a tuple target may hold


class ActionError(WartableError, ValueError):
    """An action that is not well formed (bad text, a target of no known type)."""


class Piece(int):
    """A piece in play, by id: written ``#12``."""
    __slots__ = ()
    sigil = "#"
    kind = "piece"

    def __repr__(self) -> str:
        return f"#{int(self)}"

    def __str__(self) -> str:   # the plain id, as for any int (the notation is ``repr``)
        return int.__repr__(self)


class Loc(str):
    """A location (space, hex, box, track cell), by id: written ``@paris``."""
    __slots__ = ()
    sigil = "@"
    kind = "location"

    def __repr__(self) -> str:
        return "@" + _word(str(self), _ID_RE)


class Card(str):
    """A card, by its piece type id: written ``%cp_52``."""
    __slots__ = ()
    sigil = "%"
    kind = "card"

    def __repr__(self) -> str:
        return "%" + _word(str(self), _ID_RE)


class Seq(tuple):
    """A list target (pieces, a path): an immutable tuple that also equals a list of the same
    elements, as the rules' own data (frames, JSON) keeps lists."""
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            return tuple.__eq__(self, tuple(other))
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = tuple.__hash__


#: The name of each target type, as :func:`target_kind` reports it.
KINDS = ("piece", "location", "card", "number", "choice")

_NAME_RE = re.compile(r"[a-z_][a-z0-9_]*\Z")
_SIDE_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\Z")
_ID_RE = re.compile(r"[A-Za-z0-9_.:/+-]+\Z")
_CHOICE_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_.:/+-]*\Z")
_INT_RE = re.compile(r"-?[0-9]{1,30}\Z")


def _word(text: str, pattern: re.Pattern) -> str:
    return text if pattern.match(text) else json.dumps(text)


def target_kind(value: Any) -> str:
    """``piece``, ``location``, ``card``, ``number`` or ``choice`` (a tuple: its elements')."""
    if isinstance(value, tuple):
        return target_kind(value[0]) if value else "piece"
    if isinstance(value, Piece):
        return "piece"
    if isinstance(value, Loc):
        return "location"
    if isinstance(value, Card):
        return "card"
    if isinstance(value, int):
        return "number"
    return "choice"


def _scalar(value: Any, name: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ActionError(f"target {name}: {value!r} is not a piece, location, card, number or choice")
    return value


def normal_value(value: Any, name: str = "?") -> Any:
    """``value`` as a target: a scalar as it is, a list or tuple as a tuple of scalars."""
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise ActionError(f"target {name}: more than {MAX_ITEMS} items")
        return Seq(_scalar(v, name) for v in value)
    return _scalar(value, name)


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ",".join(_text(v) for v in value) + "]"
    if isinstance(value, (Piece, Loc, Card)):
        return repr(value)
    if isinstance(value, int):
        return str(int(value))
    return _word(value, _CHOICE_RE) if not _INT_RE.match(value) else json.dumps(value)


class Action:
    """One decision: ``verb``, ``side`` (empty: anyone) and typed ``targets`` (named anything
    but ``verb`` and ``side``). Immutable and hashable; equal actions have equal text."""
    __slots__ = ("verb", "side", "targets", "_hash")

    verb: str
    side: str
    targets: tuple[tuple[str, Any], ...]

    def __init__(self, verb: str, side: str = "", **targets: Any) -> None:
        if not isinstance(verb, str) or not _NAME_RE.match(verb):
            raise ActionError(f"bad verb {verb!r}: lower-case letters, digits and _")
        if not isinstance(side, str) or (side and not _SIDE_RE.match(side)):
            raise ActionError(f"bad side {side!r}")
        if len(targets) > MAX_TARGETS:
            raise ActionError(f"{verb}: more than {MAX_TARGETS} targets")
        items = tuple(sorted((k, normal_value(v, k)) for k, v in targets.items() if v is not None))
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "targets", items)
        object.__setattr__(self, "_hash", hash((verb, side, items)))

    @classmethod
    def of(cls, verb: str, side: str, targets: tuple[tuple[str, Any], ...]) -> "Action":
        """Build from targets already normal and sorted by name (the machine's fast path: the
        slots are written through their descriptors, bound once below)."""
        self = _new(cls)
        _set_verb(self, verb)
        _set_side(self, side)
        _set_targets(self, targets)
        _set_hash(self, hash((verb, side, targets)))
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Action cannot be changed")

    def __reduce__(self):  # pickling (fuzz workers) goes through the text form
        return (Action.parse, (str(self),))

    # -- reading targets ------------------------------------------------------------------------
    def __getitem__(self, name: str) -> Any:
        for k, v in self.targets:
            if k == name:
                return v
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.targets:
            if k == name:
                return v
        return default

    def __contains__(self, name: object) -> bool:
        return any(k == name for k, _ in self.targets)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.targets)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.targets)

    @property
    def pieces(self) -> tuple[int, ...]:
        """Every piece the action names (its piece targets, tuples flattened)."""
        out: list[int] = []
        for _k, v in self.targets:
            if isinstance(v, tuple):
                out.extend(x for x in v if isinstance(x, Piece))
            elif isinstance(v, Piece):
                out.append(v)
        return tuple(out)

    @property
    def locations(self) -> tuple[str, ...]:
        """Every location the action points at: each location target, and the end of each path."""
        out: list[str] = []
        for _k, v in self.targets:
            if isinstance(v, tuple):
                if v and isinstance(v[-1], Loc):
                    out.append(v[-1])
            elif isinstance(v, Loc):
                out.append(v)
        return tuple(out)

    @property
    def where(self) -> str | None:
        """The location the action points at (the last of :attr:`locations`), or None."""
        locs = self.locations
        return locs[-1] if locs else None

    @property
    def path(self) -> tuple[str, ...]:
        """The locations of the action's path target (empty if it has none)."""
        for _k, v in self.targets:
            if isinstance(v, tuple) and v and isinstance(v[0], Loc):
                return v
        return ()

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(v for _k, v in self.targets if isinstance(v, Card))

    def with_targets(self, **changes: Any) -> "Action":
        data = dict(self.targets)
        data.update(changes)
        return Action(self.verb, self.side, **data)

    # -- equality and text ---------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self._hash == other._hash and self.verb == other.verb and self.side == other.side
                and self.targets == other.targets)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        head = f"{self.side}: {self.verb}" if self.side else self.verb
        if not self.targets:
            return head
        return head + " " + " ".join(f"{k}={_text(v)}" for k, v in self.targets)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """The action written as ``text`` (the form ``str`` gives). Raises :class:`ActionError`."""
        if not isinstance(text, str):
            raise ActionError("an action is written as text")
        if len(text) > MAX_TEXT:
            raise ActionError(f"action text longer than {MAX_TEXT} characters")
        return _parsed(text)

    # -- the record's JSON form -------------------------------------------------------------------
    def to_json(self) -> str:
        return str(self)

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        """From a record: the text form, or (saves written before the text form existed) a
        ``{"kind", "side", "params"}`` object whose values become untyped targets."""
        if isinstance(data, str):
            return cls.parse(data)
        if (isinstance(data, dict) and isinstance(data.get("kind"), str)
                and isinstance(data.get("side", ""), str) and isinstance(data.get("params", {}), dict)):
            params = {k: (int(v) if isinstance(v, bool) else v) for k, v in data.get("params", {}).items()}
            if not all(isinstance(k, str) and _NAME_RE.match(k) for k in params):
                raise ActionError(f"not an action: {str(data)[:80]}")
            try:
                return cls(data["kind"], data.get("side", ""), **params)
            except ActionError as exc:
                raise ActionError(f"not an action: {exc}") from None
        raise ActionError(f"not an action: {str(data)[:80]}")


#: The compiled pattern of each bare word :meth:`_Parser.bare` reads, by its extra characters.
_BARE: dict[str, re.Pattern] = {}


#: :meth:`Action.of`'s writers: the slots' own descriptors (an Action refuses ``setattr``).
_new = object.__new__
_set_verb, _set_side = Action.verb.__set__, Action.side.__set__  # type: ignore[attr-defined]
_set_targets, _set_hash = Action.targets.__set__, Action._hash.__set__  # type: ignore[attr-defined]


class _Parser:
    """A small hand-written reader for the one-line notation (the grammar is in the module doc)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def fail(self, what: str) -> ActionError:
        return ActionError(f"cannot read action {self.text[:80]!r}: {what} at column {self.i + 1}")

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i] == " ":
            self.i += 1

    def bare(self, allowed: str) -> str:
        """The run of ASCII letters, digits and ``allowed`` characters from here (maybe empty)."""
        pattern = _BARE.get(allowed)
        if pattern is None:
            pattern = _BARE[allowed] = re.compile("[A-Za-z0-9" + re.escape(allowed) + "]*")
        start = self.i
        self.i = pattern.match(self.text, start).end()
        return self.text[start:self.i]

    def quoted(self) -> str:
        try:
            value, end = json.JSONDecoder().raw_decode(self.text, self.i)
        except ValueError:
            raise self.fail("an unfinished quoted text") from None
        if not isinstance(value, str):
            raise self.fail("a quoted text")
        self.i = end
        return value

    def word(self, allowed: str) -> str:
        if self.i < len(self.text) and self.text[self.i] == '"':
            return self.quoted()
        word = self.bare(allowed)
        if not word:
            raise self.fail("a missing value")
        return word

    def scalar(self) -> Any:
        if self.i >= len(self.text):
            raise self.fail("a missing value")
        c = self.text[self.i]
        if c == "#":
            self.i += 1
            digits = self.bare("")
            if not digits.isdigit() or len(digits) > 30:
                raise self.fail("a piece id (#12)")
            return Piece(int(digits))
        if c == "@":
            self.i += 1
            return Loc(self.word("_.:/+-"))
        if c == "%":
            self.i += 1
            return Card(self.word("_.:/+-"))
        if c == '"':
            return self.quoted()
        word = self.bare("_.:/+-")
        if not word:
            raise self.fail(f"an unexpected {c!r}")
        if _INT_RE.match(word):
            return int(word)
        if not _CHOICE_RE.match(word):
            raise self.fail(f"a bad word {word!r}")
        return word

    def value(self) -> Any:
        if self.i < len(self.text) and self.text[self.i] == "[":
            self.i += 1
            items: list[Any] = []
            if self.i < len(self.text) and self.text[self.i] == "]":
                self.i += 1
                return Seq(items)
            while True:
                items.append(self.scalar())
                if len(items) > MAX_ITEMS:
                    raise self.fail(f"more than {MAX_ITEMS} items")
                if self.i < len(self.text) and self.text[self.i] == ",":
                    self.i += 1
                    continue
                if self.i < len(self.text) and self.text[self.i] == "]":
                    self.i += 1
                    return Seq(items)
                raise self.fail("a list that does not close with ]")
        return self.scalar()

    def action(self) -> Action:
        self.skip()
        first = self.bare("_.-")
        side = ""
        if self.i < len(self.text) and self.text[self.i] == ":":
            side, self.i = first, self.i + 1
            self.skip()
            first = self.bare("_")
        verb = first
        if not verb:
            raise self.fail("a missing verb")
        targets: dict[str, Any] = {}
        while True:
            self.skip()
            if self.i >= len(self.text):
                break
            name = self.bare("_")
            if not name or self.i >= len(self.text) or self.text[self.i] != "=":
                raise self.fail("a target that is not name=value")
            if name in targets:
                raise self.fail(f"target {name} given twice")
            self.i += 1
            targets[name] = self.value()
            if self.i < len(self.text) and self.text[self.i] != " ":
                raise self.fail("a missing space between targets")
        return Action(verb, side, **targets)


@lru_cache(maxsize=8192)
def _parsed(text: str) -> Action:
    """:meth:`Action.parse` of a checked text, remembered: an Action is immutable, and a game's
    record repeats its texts (passes, the same unit's moves), so loading a save reads each once."""
    return _Parser(text).action()


# -- the legal actions of one position ------------------------------------------------------------

class LegalActions:
    """The legal actions of one position, listed on demand.

    Iterating lists them (once; the list is kept). ``in`` is O(1) (a set built on first use).
    ``len`` counts, ``bool`` is true when there is at least one. :meth:`for_piece`,
    :meth:`to`, :meth:`verb` and :meth:`matching` filter; :meth:`destinations` answers where a
    piece may go. A ruleset may answer per-piece questions without listing everything by
    passing ``per_piece`` (the actions naming one piece): a ruleset listing a decision in two
    steps (pick a unit, then where it goes) answers there with the second step's actions.
    """
    __slots__ = ("_source", "_list", "_set", "_per_piece", "_check")

    def __init__(self, source: Iterable[Action] | Callable[[], Iterable[Action]],
                 per_piece: Callable[[int], Iterable[Action]] | None = None,
                 check: Callable[[Action], Any] | None = None) -> None:
        self._source = source
        self._list: list[Action] | None = None
        self._set: frozenset[Action] | None = None
        self._per_piece = per_piece
        self._check = check

    def _all(self) -> list[Action]:
        if self._list is None:
            src = self._source() if callable(self._source) else self._source
            self._list = list(src)
            self._source = ()
        return self._list

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return bool(self._all())

    def __contains__(self, action: object) -> bool:
        if self._set is None:
            self._set = frozenset(self._all())
        return action in self._set

    def __getitem__(self, index: int) -> Action:
        return self._all()[index]

    def __repr__(self) -> str:
        return f"<LegalActions: {len(self)}>"

    def check(self, action: Action) -> Any:
        """The ruleset's :class:`~engine.rules.Violation` for ``action`` (None if legal)."""
        if self._check is not None:
            return self._check(action)
        return None if action in self else "not a legal action now"

    # -- filters -------------------------------------------------------------------------------------
    def matching(self, keep: Callable[[Action], bool]) -> "LegalActions":
        return LegalActions([a for a in self._all() if keep(a)], check=self._check)

    def verb(self, *verbs: str) -> "LegalActions":
        """The actions of these verbs."""
        return self.matching(lambda a: a.verb in verbs)

    def for_piece(self, pid: int) -> "LegalActions":
        """What this piece may do: the actions naming it. The ruleset's per-piece answer wins
        when it has one (it may hold actions the full list offers only after a pick)."""
        if self._per_piece is not None:
            found = self._per_piece(pid)
            if found is not None:
                return LegalActions([a for a in found if pid in a.pieces], check=self._check)
        return self.matching(lambda a: pid in a.pieces)

    def to(self, loc: str) -> "LegalActions":
        """The actions pointing at ``loc`` (a location target, or the end of a path)."""
        return self.matching(lambda a: loc in a.locations)

    def for_card(self, card: str) -> "LegalActions":
        return self.matching(lambda a: card in a.cards)

    # -- summaries -----------------------------------------------------------------------------------
    @property
    def verbs(self) -> set[str]:
        return {a.verb for a in self._all()}

    def pieces(self) -> set[int]:
        """Every piece some action names."""
        return {p for a in self._all() for p in a.pieces}

    def destinations(self, pid: int | None = None) -> set[str]:
        """Where the actions point (of piece ``pid``, if given)."""
        actions = self.for_piece(pid) if pid is not None else self
        return {loc for a in actions for loc in a.locations}

    def cards(self) -> set[str]:
        return {c for a in self._all() for c in a.cards}


def typed(action: Action, kinds: Mapping[str, type]) -> Action:
    """``action`` with each target converted to the type ``kinds`` declares for its name (the
    machine's handler signatures). Raises :class:`ActionError` when a value cannot be that type."""
    items = []
    changed = False
    for name, value in action.targets:
        want = kinds.get(name)
        if want is None:
            items.append((name, value))
            continue
        new = convert(value, want, name)
        changed = changed or new is not value
        items.append((name, new))
    return Action.of(action.verb, action.side, tuple(items)) if changed else action



def convert(value: Any, want: Any, name: str) -> Any:
    """One target value as type ``want`` (Piece, Loc, Card, int, str or ``tuple[X, ...]``)."""
    if isinstance(want, tuple):
        (elem,) = want
        if not isinstance(value, tuple):
            raise ActionError(f"{name} must be a list")
        return Seq(convert(v, elem, name) for v in value)
    if type(value) is want:
        return value
    if want in (Piece, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return want(value)
        if isinstance(value, str) and value.isdigit() and len(value) < 30:
            return want(int(value))
        raise ActionError(f"{name} must be a {'piece' if want is Piece else 'number'}")
    if want in (Loc, Card, str):
        if isinstance(value, str):
            return want(value)
        raise ActionError(f"{name} must be a {'location' if want is Loc else 'card' if want is Card else 'word'}")
    return value
