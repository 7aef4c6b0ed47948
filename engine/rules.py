"""The rules API (DESIGN principle 6): prompts, actions, violations, rulesets.

A :class:`Ruleset` is a state machine over the game state. It tells whose decision it is and
what kind (:meth:`Ruleset.prompt`), lists the legal actions, refuses an illegal action with a
:class:`Violation` citing the rule, and turns a legal action into commands by applying them
through a :class:`Transaction` (so the rules code can look at the state between commands, e.g.
after a die roll). Procedures that nest keep a stack of states in the global ``rules`` value,
so the whole rules state lives in the game state: undo, saves and replays need nothing else.

Rulesets are found through the entry-point group ``wartable.rulesets``; :class:`FreePlay`
(``free``), the ruleset that allows every command, is always available.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Iterator

from . import commands as C
from .canon import encode
from .errors import WartableError
from .model import Module, Scenario
from .state import GameState

ENTRY_POINT_GROUP = "wartable.rulesets"


@dataclass(frozen=True)
class Violation:
    """Why an action is refused: the rule it breaks (``"PoG 12.5.3"``) and a sentence."""
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}" if self.rule else self.message


class IllegalAction(WartableError):
    """Raised when an action is refused; carries the :class:`Violation`."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation


@dataclass(frozen=True)
class Prompt:
    """Whose decision it is (``side``; empty = anyone, as at a real table), what kind of
    decision (``kind``, e.g. ``"action_round"``, ``"choose_losses"``) and a sentence."""
    side: str
    kind: str
    text: str


@dataclass
class Action:
    """One decision by one side: a ``kind`` and plain-data ``params`` (JSON-able)."""
    kind: str
    side: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def make(cls, kind: str, side: str = "", **params: Any) -> "Action":
        return cls(kind, side, params)

    def __getitem__(self, key: str) -> Any:
        return self.params[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def to_json(self) -> dict:
        return {"kind": self.kind, "side": self.side, "params": self.params}

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        if not (isinstance(data, dict) and isinstance(data.get("kind"), str)
                and isinstance(data.get("side", ""), str) and isinstance(data.get("params", {}), dict)):
            raise C.CommandError(f"not an action: {str(data)[:80]}")
        return cls(data["kind"], data.get("side", ""), data.get("params", {}))

    def key(self) -> bytes:
        """Canonical bytes, for comparing actions."""
        return encode(self.to_json())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key() == other.key()


class Transaction:
    """Applies commands one at a time on the live state and remembers them, so a ruleset can
    read the state between commands. :meth:`rollback` undoes everything applied."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.commands: list[C.Command] = []

    def do(self, cmd: C.Command) -> C.Command:
        cmd.apply(self.state)
        self.commands.append(cmd)
        return cmd

    def roll(self, spec: str, purpose: str) -> C.Roll:
        return self.do(C.Roll(spec, purpose))  # type: ignore[return-value]

    def set(self, key: str, value: Any) -> None:
        if self.state.globals.get(key) != value:
            self.do(C.SetGlobal(key, value))

    def rollback(self) -> None:
        C.undo_all(self.state, self.commands)
        self.commands = []


class Ruleset:
    """Base class of every ruleset. A subclass sets ``id`` and overrides what it enforces."""
    id = "base"
    name = "base"
    #: Whether this ruleset enforces rules (offers legal actions, refuses illegal ones). The
    #: client drives an enforcing ruleset from its prompt and legal actions and a
    #: non-enforcing one (free play) like a real table.
    enforcing = True

    def __init__(self, module: Module) -> None:
        self.module = module

    @property
    def sides(self) -> tuple[str, ...]:
        return self.module.side_ids

    def setup(self, tx: Transaction, scenario: Scenario, options: dict[str, str]) -> None:
        """Extra set-up after the scenario's placements (rules state, hands...)."""

    def prompt(self, state: GameState) -> Prompt:
        raise NotImplementedError  # abstract: each ruleset states its own prompt

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        raise NotImplementedError  # abstract

    def check(self, state: GameState, action: Action) -> Violation | None:
        """The violation ``action`` commits, or None if it is legal. The default accepts
        exactly the actions :meth:`legal_actions` lists; rulesets override it to name the rule."""
        key = action.key()
        if any(a.key() == key for a in self.legal_actions(state)):
            return None
        return Violation("", f"{action.kind} is not a legal action now ({self.prompt(state).text})")

    def apply(self, tx: Transaction, action: Action) -> None:
        raise NotImplementedError  # abstract

    def notation(self, state: GameState, action: Action) -> str:
        """One line of readable notation for ``action`` (state is *before* the action)."""
        args = " ".join(f"{k}={v}" for k, v in action.params.items())
        return f"{action.side + ': ' if action.side else ''}{action.kind} {args}".strip()

    def invariants(self, state: GameState) -> list[str]:
        """Broken invariants, as sentences (the fuzzer reports them). Default: the generic
        state invariants (every piece in exactly one stack, ids below the counter)."""
        return state_invariants(state)

    def outcome(self, state: GameState) -> str | None:
        """None while the game goes on; otherwise a sentence saying who won."""
        return state.globals.get("outcome")

    def statistics_keys(self, state: GameState, action: Action) -> list[str]:
        """What the fuzzer counts for ``action`` (state is *before* it): by default its kind.
        Rulesets add finer keys, e.g. which card event fired."""
        return [action.kind]

    def statistics_expected(self) -> list[str]:
        """The statistics keys a long fuzz run should see at least once (e.g. every card event);
        the fuzz report lists those it never saw. Empty by default."""
        return []

    def random_action(self, state: GameState, rnd: random.Random) -> Action | None:
        """A uniformly chosen legal action (the fuzzer's move); None if there is none."""
        actions = list(self.legal_actions(state))
        return rnd.choice(actions) if actions else None


def state_invariants(state: GameState) -> list[str]:
    problems = []
    seen: set[int] = set()
    for loc, stack in state.stacks.items():
        if not stack:
            problems.append(f"empty stack kept at {loc}")
        for pid in stack:
            if pid in seen:
                problems.append(f"piece #{pid} in two stacks")
            seen.add(pid)
            if state.pieces[pid].loc != loc:
                problems.append(f"piece #{pid} says {state.pieces[pid].loc}, is in {loc}")
    if seen != set(state.pieces):
        problems.append("pieces and stacks disagree")
    if state.pieces and max(state.pieces) >= state.next_id:
        problems.append("piece id not below the id counter")
    if state.hash != state.full_hash():
        problems.append("incremental state hash differs from the full hash")
    return problems


# -- free play ------------------------------------------------------------------------------

class FreePlay(Ruleset):
    """A real table: every command is allowed and nothing is checked beyond the commands'
    own sanity (the piece exists, the location exists...). Actions:

    ``move`` (pids, to, index?) · ``flip`` (pid, face?) · ``step`` (pid) · ``mark``/``unmark``
    (pid, marker) · ``prop`` (pid, key, value) · ``create`` (type, loc, face?) · ``delete``
    (pids) · ``reorder`` (loc, order) · ``shuffle`` (loc) · ``draw`` (src, dst, count) ·
    ``reveal``/``conceal`` (pid) · ``roll`` (spec, purpose) · ``set`` (key, value) · ``note`` (text)
    """
    id = "free"
    name = "Free play"
    enforcing = False

    def prompt(self, state: GameState) -> Prompt:
        return Prompt("", "free", "Free play: move anything, roll dice, keep notes.")

    def _name(self, state: GameState, pid: Any, side: str) -> str:
        from .views import can_see
        piece = state.pieces.get(pid) if isinstance(pid, int) else None
        if piece is None:
            return f"#{pid}"
        if not can_see(state, piece, side) and not can_see(state, piece, ""):
            return "a hidden piece"
        ptype = self.module.piece_types.get(piece.type)
        return ptype.name if ptype else piece.type

    def _where(self, loc: Any) -> str:
        location = self.module.locations.get(loc) if isinstance(loc, str) else None
        if location is None:
            return str(loc)
        return f"{location.name} ({location.id})" if location.name and location.kind == "hex" else location.label

    def notation(self, state: GameState, action: Action) -> str:
        """Readable one-liners: ``blue: 1st Infantry Corps 0203 → 0505``."""
        a, p = action, action.params
        who = f"{a.side}: " if a.side else ""
        try:
            if a.kind == "move":
                pids = p["pids"]
                names = ", ".join(self._name(state, pid, a.side) for pid in pids[:3])
                if len(pids) > 3:
                    names += f" and {len(pids) - 3} more"
                src = state.pieces[pids[0]].loc if pids and pids[0] in state.pieces else "?"
                return f"{who}{names} {self._where(src)} → {self._where(p['to'])}"
            if a.kind in ("flip", "step"):
                return f"{who}{a.kind} {self._name(state, p['pid'], a.side)}"
            if a.kind in ("mark", "unmark"):
                verb = "marks" if a.kind == "mark" else "unmarks"
                return f"{who}{verb} {self._name(state, p['pid'], a.side)} {p['marker']}"
            if a.kind == "roll":
                return f"{who}rolls {p['spec']}" + (f" for {p['purpose']}" if p.get("purpose") else "")
            if a.kind == "draw":
                return f"{who}draws {p.get('count', 1)} from {self._where(p['src'])} to {self._where(p['dst'])}"
            if a.kind == "note":
                return f"{who}“{p['text']}”"
            if a.kind == "set":
                return f"{who}sets {p['key']} to {p.get('value')}"
            if a.kind == "create":
                ptype = self.module.piece_types.get(p["type"])
                return f"{who}adds {ptype.name if ptype else p['type']} at {self._where(p['loc'])}"
            if a.kind == "delete":
                return f"{who}removes " + ", ".join(self._name(state, pid, a.side) for pid in p["pids"])
            if a.kind == "shuffle":
                return f"{who}shuffles {self._where(p['loc'])}"
        except (KeyError, TypeError):
            pass
        return super().notation(state, action)

    def check(self, state: GameState, action: Action) -> Violation | None:
        handler = getattr(self, f"_do_{action.kind}", None)
        if handler is None:
            return Violation("", f"unknown action {action.kind!r}")
        return None

    def apply(self, tx: Transaction, action: Action) -> None:
        try:
            getattr(self, f"_do_{action.kind}")(tx, action)
        except (KeyError, TypeError) as exc:
            raise C.CommandError(f"{action.kind}: missing or bad parameter {exc}") from None

    def _do_move(self, tx: Transaction, a: Action) -> None:
        pids = a["pids"]
        if not isinstance(pids, list) or not pids:
            raise C.CommandError("move: pids must be a non-empty list")
        index = a.get("index")
        for i, pid in enumerate(pids):
            tx.do(C.Move(pid, a["to"], None if index is None else index + i))

    def _do_flip(self, tx: Transaction, a: Action) -> None:
        piece = C._piece(tx.state, a["pid"])
        face = a.get("face")
        if face is None:
            faces = len(self.module.piece_types[piece.type].faces)
            face = (piece.face + 1) % faces
        tx.do(C.SetFace(piece.id, face))

    def _do_step(self, tx: Transaction, a: Action) -> None:
        piece = C._piece(tx.state, a["pid"])
        faces = len(self.module.piece_types[piece.type].faces)
        if piece.face + 1 >= faces:
            raise C.CommandError(f"piece #{piece.id} has no step left to lose")
        tx.do(C.SetFace(piece.id, piece.face + 1))

    def _do_mark(self, tx: Transaction, a: Action) -> None:
        tx.do(C.AddMarker(a["pid"], a["marker"]))

    def _do_unmark(self, tx: Transaction, a: Action) -> None:
        tx.do(C.RemoveMarker(a["pid"], a["marker"]))

    def _do_prop(self, tx: Transaction, a: Action) -> None:
        tx.do(C.SetProp(a["pid"], a["key"], a.get("value")))

    def _do_create(self, tx: Transaction, a: Action) -> None:
        ptype = self.module.piece_types.get(a["type"])
        owner = {"owner": ptype.side} if ptype is not None and ptype.side else {}
        tx.do(C.Create(a["type"], a["loc"], a.get("index"), a.get("face", 0), owner))

    def _do_delete(self, tx: Transaction, a: Action) -> None:
        for pid in a["pids"]:
            tx.do(C.Delete(pid))

    def _do_reorder(self, tx: Transaction, a: Action) -> None:
        tx.do(C.Reorder(a["loc"], a["order"]))

    def _do_shuffle(self, tx: Transaction, a: Action) -> None:
        tx.do(C.Shuffle(a["loc"]))

    def _do_draw(self, tx: Transaction, a: Action) -> None:
        tx.do(C.Draw(a["src"], a["dst"], a.get("count", 1)))

    def _do_reveal(self, tx: Transaction, a: Action) -> None:
        tx.do(C.SetProp(a["pid"], "concealed", None))

    def _do_conceal(self, tx: Transaction, a: Action) -> None:
        tx.do(C.SetProp(a["pid"], "concealed", True))

    def _do_roll(self, tx: Transaction, a: Action) -> None:
        tx.do(C.Roll(a["spec"], a.get("purpose", "")))

    def _do_set(self, tx: Transaction, a: Action) -> None:
        tx.do(C.SetGlobal(a["key"], a.get("value")))

    def _do_note(self, tx: Transaction, a: Action) -> None:
        tx.do(C.Note(a.side, a["text"]))

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        """Free play has no finite list of moves; this enumerates the simple ones (flip,
        step, move each stack top to each occupied or adjacent-looking location) lazily."""
        locs = list(self.module.locations)
        for pid, piece in state.pieces.items():
            yield Action.make("flip", pid=pid)
            for loc in locs:
                if loc != piece.loc:
                    yield Action.make("move", pids=[pid], to=loc)

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
            return Action.make("create", type=rnd.choice(types), loc=rnd.choice(locs))
        if kind == "roll":
            return Action.make("roll", spec=rnd.choice(["1d6", "2d6", "d10"]), purpose="fuzz")
        if kind == "set":
            return Action.make("set", key=rnd.choice(["turn", "vp", "phase"]), value=rnd.randint(-5, 30))
        if kind == "note" or not pids or not locs:
            return Action.make("note", text=f"note {rnd.randint(0, 999)}")
        pid = rnd.choice(pids)
        piece = state.pieces[pid]
        if kind == "move":
            stack = state.stacks[piece.loc]
            part = stack[stack.index(pid):]          # the piece and everything above it
            return Action.make("move", pids=part, to=rnd.choice(locs))
        if kind == "flip":
            return Action.make("flip", pid=pid)
        if kind == "mark":
            return Action.make("mark", pid=pid, marker=rnd.choice(["OOS", "trench:1", "spent"]))
        if kind == "unmark" and piece.markers:
            return Action.make("unmark", pid=pid, marker=rnd.choice(piece.markers))
        if kind == "prop":
            return Action.make("prop", pid=pid, key="fuzz", value=rnd.choice([None, 1, "x"]))
        if kind == "delete":
            return Action.make("delete", pids=[pid])
        if kind == "reorder":
            order = state.stack(piece.loc)
            rnd.shuffle(order)
            return Action.make("reorder", loc=piece.loc, order=order)
        if kind in ("shuffle", "draw"):
            src = rnd.choice([l for l in locs if state.stacks.get(l)])
            if kind == "shuffle":
                return Action.make("shuffle", loc=src)
            return Action.make("draw", src=src, dst=rnd.choice(locs), count=1)
        return Action.make("flip", pid=pid)


# -- registry -------------------------------------------------------------------------------

_BUILTIN: dict[str, type[Ruleset]] = {"free": FreePlay}


def ruleset_classes() -> dict[str, type[Ruleset]]:
    """Every installed ruleset by id: the built-in ones plus the entry-point group."""
    found = dict(_BUILTIN)
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # a broken distribution's metadata must not stop the table
        eps = ()
    for ep in eps:
        if ep.name in found:
            continue
        try:
            found[ep.name] = ep.load()
        except Exception:  # an installed third-party ruleset that fails to import is skipped
            continue
    return found


def load_ruleset(ruleset_id: str, module: Module) -> Ruleset:
    classes = ruleset_classes()
    if ruleset_id not in classes:
        raise WartableError(f"no ruleset {ruleset_id!r} is installed (installed: {', '.join(sorted(classes))})")
    return classes[ruleset_id](module)
