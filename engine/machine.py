"""The rules machine (DESIGN principle 6): rules as states with prompts, one handler per verb,
and a stack of states kept in the game state.

The structure is the one Rally the Troops' rules use (studied, not copied): a ruleset is a table
of named states; the top of a stack of *frames* (plain dicts ``{"state": name, ...data}``, kept in
one global so undo, saves and replays need nothing else) says whose decision it is. A
:class:`State` has

* ``prompt(g, frame)`` — who decides what (a :class:`~engine.rules.Prompt`);
* ``actions(g, frame)`` — the legal actions, built with :meth:`State.offer`;
* ``on_<verb>(g, frame, **targets)`` — one handler per verb. Its signature *declares the verb's
  targets*: each parameter after ``frame`` is a target, annotated :class:`~engine.actions.Piece`,
  :class:`~engine.actions.Loc`, :class:`~engine.actions.Card`, ``int`` (number), ``str``
  (choice), or ``tuple[Piece, ...]`` / ``tuple[Loc, ...]`` (a list, a path); a default of
  ``None`` makes it optional. Its docstring's first line is the verb's label for a player;
* ``check_<verb>(g, frame, **targets)`` — the :class:`~engine.rules.Violation` an action of that
  verb commits, naming the rule that forbids it, or None (default, without one: an action not
  offered breaks ``State.rule``); ``refuse(g, frame, action)`` to decide for every verb at once;
* ``begin(g, frame)`` when the state is entered, ``resume(g, frame, result)`` when a state it
  called ends, and for *automatic* states (no decision: rolling, advancing the turn) ``run(g,
  frame)``, which the machine calls until a decision is pending.

Frames change only through the :class:`Context`: :meth:`~Context.call` pushes a state (and
begins it), :meth:`~Context.goto` replaces the top, :meth:`~Context.end` pops it and resumes the
caller, :meth:`~Context.update` changes the top frame's data. :class:`Procedure` is an automatic
state that runs a list of steps in order (the sequence of play).

A ruleset builds its :class:`Machine` from an explicit list of state classes — nothing registers
by import side effect — and the machine checks the table when the ruleset loads: names unique and
known, every decision state has a prompt, every handler's targets have a known type. A frame that
names a state the table does not have is an error, never silently skipped.
"""
from __future__ import annotations

import copy
import inspect
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping

from . import commands as C
from .actions import Action, ActionError, Card, Loc, Piece, Seq, convert
from .errors import WartableError
from .hooks import HookPoint, Hooks
from .model import Module
from .reports import GLOBAL as REPORT_GLOBAL, check_report
from .rules import Outcome, Prompt, Ruleset, Transaction, Violation
from .state import GameState

#: Target types a handler may declare, and how each reads in a refusal.
TARGET_TYPES: dict[Any, str] = {Piece: "a piece", Loc: "a location", Card: "a card",
                                int: "a number", str: "a choice"}
MAX_AUTOMATIC_STEPS = 100_000
#: The verb any side may use at any time in every ruleset: a line of table talk in the log
#: (``note text="..."``); it never changes the game.
TABLE_TALK = "note"


class RulesError(WartableError):
    """The rules table is inconsistent, or the state names a rules state that does not exist."""


@dataclass(frozen=True)
class Verb:
    """What a handler's signature declares: its targets' types, which are required, its label."""
    name: str
    kinds: dict[str, Any]
    required: frozenset[str]
    label: str

    def describe_targets(self) -> str:
        return ", ".join(f"{n} ({_kind_words(k)})" for n, k in self.kinds.items()) or "nothing"


def _kind_words(kind: Any) -> str:
    if isinstance(kind, tuple):
        return "a list of " + TARGET_TYPES[kind[0]].split(" ", 1)[1] + "s"
    return TARGET_TYPES[kind]


def _target_kind(hint: Any, where: str) -> tuple[Any, bool]:
    """(kind, optional) for a handler parameter's annotation."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) != 1:
            raise RulesError(f"{where}: a target has one type (or that type | None)")
        hint, optional = args[0], True
        origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis or args[0] not in (Piece, Loc, Card, int, str):
            raise RulesError(f"{where}: a list target is tuple[Piece, ...] or tuple[Loc, ...]")
        return (args[0],), optional
    if hint not in TARGET_TYPES:
        raise RulesError(f"{where}: target type {hint!r} is not Piece, Loc, Card, int or str")
    return hint, optional


def read_verb(cls: type, method: Callable) -> Verb:
    """The :class:`Verb` a state's ``on_<verb>`` method declares."""
    name = method.__name__[3:]
    where = f"{cls.__name__}.{method.__name__}"
    params = list(inspect.signature(method).parameters.values())
    hints: dict[str, Any] = {}
    for p in params[3:]:
        ann = p.annotation
        if ann is inspect.Parameter.empty:
            continue
        if isinstance(ann, str):   # postponed annotations: read in the handler's module
            try:
                ann = eval(ann, method.__globals__, {})  # noqa: S307 (our own source's annotation)
            except Exception as exc:  # an annotation naming something not importable there
                raise RulesError(f"{where}: cannot read the type of {p.name} ({exc})") from None
        hints[p.name] = ann
    if [p.name for p in params[:3]] != ["self", "g", "frame"]:
        raise RulesError(f"{where}: a handler's first parameters are (self, g, frame)")
    kinds: dict[str, Any] = {}
    required = set()
    for p in params[3:]:
        if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            raise RulesError(f"{where}: targets are named parameters")
        if p.name not in hints:
            raise RulesError(f"{where}: target {p.name} has no type")
        kind, optional = _target_kind(hints[p.name], f"{where}({p.name})")
        kinds[p.name] = kind
        if p.default is inspect.Parameter.empty:
            if optional:
                raise RulesError(f"{where}: optional target {p.name} needs the default None")
            required.add(p.name)
    doc = inspect.getdoc(method) or ""
    label = doc.split("\n", 1)[0].strip().rstrip(".") or name.replace("_", " ").capitalize()
    return Verb(name, kinds, frozenset(required), label)


class State:
    """One kind of frame. Subclasses set ``name`` (and ``rule``, the rule an action that is not
    offered breaks) and define ``prompt``/``actions``/``on_<verb>`` — or, for an automatic state,
    ``automatic = True`` and ``run``."""
    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    automatic: ClassVar[bool] = False
    #: Verbs that attack what they point at (the table shows their targets as attack targets).
    hostile: ClassVar[frozenset[str]] = frozenset()
    verbs: dict[str, Verb]

    def __init__(self) -> None:
        self.verbs = {}
        self.__offer_plans: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, Any, Any], ...]] = {}
        for attr in dir(type(self)):
            if attr.startswith("on_") and callable(getattr(type(self), attr)):
                verb = read_verb(type(self), getattr(type(self), attr))
                self.verbs[verb.name] = verb

    # -- what a state says and offers --------------------------------------------------------------
    def prompt(self, g: "Context", frame: dict) -> Prompt:
        raise RulesError(f"rules state {self.name} has no prompt")

    def actions(self, g: "Context", frame: dict) -> Iterable[Action]:
        return ()

    def piece_actions(self, g: "Context", frame: dict, pid: int) -> Iterable[Action] | None:
        """The legal actions naming piece ``pid`` — what it may do, where it may go — answered
        for that piece alone, or None (default) when only filtering :meth:`actions` knows. A
        state listing a decision in two steps (pick the unit, then where it goes) answers here
        with the second step's actions, which its checks accept in either step: the table's
        drag of that unit does it at once."""
        return None

    def offer(self, verb: str, side: str = "", **targets: Any) -> Action:
        """An action of one of this state's verbs, its targets typed by the handler's signature."""
        names = tuple(targets)
        plan = self.__offer_plans.get((verb, names))
        if plan is None:
            plan = self.__offer_plan(verb, names)
        items = []
        for name, kind, elem in plan:
            value = targets[name]
            if value is None:
                continue
            if elem is not None:
                value = Seq(v if type(v) is elem else convert(v, elem, name) for v in value)
            elif type(value) is not kind:
                value = convert(value, kind, name)
            items.append((name, value))
        return Action.of(verb, side, tuple(items))

    def __offer_plan(self, verb: str, names: tuple[str, ...]) -> tuple[tuple[str, Any, Any], ...]:
        """How :meth:`offer` types targets named ``names`` (in the caller's order) for ``verb``:
        (name, type, element type of a list or None) by name, made once per call shape. (Name-mangled: rules states use
        ``_plan`` and ``_plans`` for their own ends.)"""
        kinds = self.verbs[verb].kinds
        plan = []
        for name in sorted(names):
            kind = kinds.get(name)
            if kind is None:
                raise RulesError(f"{self.name}: {verb} has no target {name}")
            plan.append((name, kind, kind[0] if isinstance(kind, tuple) else None))
        self.__offer_plans[(verb, names)] = hit = tuple(plan)
        return hit

    def refuse(self, g: "Context", frame: dict, action: Action) -> Violation | None:
        """The rule ``action`` breaks, or None if it is legal (its targets already have their
        declared types). Default: the state's ``check_<verb>(g, frame, **targets)`` when it has
        one — which names the rule that forbids it — else legal exactly when offered."""
        checker = getattr(self, "check_" + action.verb, None)
        if checker is not None:
            return checker(g, frame, **dict(action.targets))
        if action in set(self.actions(g, frame)):
            return None
        return Violation(g.cite(self.rule), f"not possible now: {self.prompt(g, frame).text}")

    def describe(self, g: "Context", frame: dict, action: Action) -> str | None:
        """A readable line for ``action`` (the log, the action panel); None: the default."""
        return None

    # -- entering, resuming, running -----------------------------------------------------------------
    def begin(self, g: "Context", frame: dict) -> None:
        """Called when the state is entered by :meth:`Context.call` or :meth:`Context.goto`."""

    def resume(self, g: "Context", frame: dict, result: Any) -> None:
        """Called when a state this one called has ended, with what it ended with."""

    def run(self, g: "Context", frame: dict) -> None:
        """An automatic state's work (it must change the stack: end, goto, call or update)."""
        raise RulesError(f"rules state {self.name} is automatic but has no run")


class Procedure(State):
    """An automatic state that runs ``steps`` (method names) in order, one per turn of the
    machine; a step may call a decision state, and the next step runs when it ends. When the last
    step is done the procedure ends (or, with ``loop = True``, starts again)."""
    automatic = True
    steps: ClassVar[tuple[str, ...]] = ()
    loop: ClassVar[bool] = False

    def run(self, g: "Context", frame: dict) -> None:
        index = int(frame.get("step", 0))
        if index >= len(self.steps):
            if self.loop:
                g.update(step=0)
                return
            g.end()
            return
        g.update(step=index + 1)
        getattr(self, self.steps[index])(g, g.top)


class Context:
    """One look at a game through its rules: the module, the state and, while an action is
    applied, the transaction. States read through it and write only through it."""
    get: Callable[..., Any]

    def __init__(self, ruleset: "MachineRuleset", state: GameState, tx: Transaction | None = None):
        self.rules = ruleset
        self.machine = ruleset.machine
        self.module: Module = ruleset.module
        self.state = state
        self.tx = tx
        #: ``get(key, default=None)``: a global's value — the globals' own lookup, bound here
        #: (the rules ask it more than anything else; the state keeps one globals dict).
        self.get = state.globals.get
        #: The side whose action is being applied ("" while reading, or for the table).
        self.actor = ""

    def cite(self, rule: str) -> str:
        """``"PoG 9.2"`` for rule ``"9.2"`` (the ruleset's rulebook prefix); "" stays ""."""
        prefix = self.rules.rulebook
        return f"{prefix} {rule}" if rule and prefix and not rule.startswith(prefix) else rule

    # -- globals and commands ------------------------------------------------------------------------
    def _tx(self) -> Transaction:
        if self.tx is None:
            raise RulesError("the rules tried to change the game while only reading it")
        return self.tx

    def set(self, key: str, value: Any) -> None:
        self._tx().set(key, value)

    def do(self, cmd: C.Command) -> C.Command:
        return self._tx().do(cmd)

    def roll(self, purpose: str, spec: str = "1d6") -> int:
        """Roll through the game's generator (recorded, replayable); returns the total."""
        return sum(self._tx().roll(spec, purpose).result)

    def note(self, text: str) -> None:
        """A line in the game log: what the rules did, in words."""
        self.do(C.Note("", text))

    def report_combat(self, report: dict) -> None:
        """Show a combat to both players (:mod:`engine.reports`): its odds or columns, shifts
        with reasons, dice and result, in the public global ``combat_report``."""
        problems = check_report(report)
        if problems:
            raise RulesError("combat report: " + "; ".join(problems))
        self.set(REPORT_GLOBAL, report)

    def finish(self, winner: str, how: str, text: str) -> None:
        """End the game: ``winner`` (a side, or "" for a draw or a loss for both), ``how`` (the
        kind of result, e.g. ``"automatic victory"``) and a sentence for the players."""
        self.set("outcome", {"winner": winner, "how": how, "text": text})

    # -- the state stack -------------------------------------------------------------------------------
    @property
    def stack(self) -> list[dict]:
        return self.state.globals.get(self.machine.key) or []

    @property
    def top(self) -> dict | None:
        s = self.stack
        return s[-1] if s else None

    def _write(self, frames: list[dict]) -> None:
        """Store a new stack. The frames it shares with the stored one are never changed in
        place (a change makes a new frame), and storing copies the value (SetGlobal), so a
        new stack copies only the frame it changes, not the whole stack."""
        self.set(self.machine.key, frames)

    def call(self, name: str, **data: Any) -> None:
        """Enter state ``name`` on top of the current one; the current one resumes when it ends."""
        state = self.machine.state(name)
        frames = list(self.stack)
        frames.append({"state": name, **data})
        self._write(frames)
        state.begin(self, self.top)

    def goto(self, name: str, **data: Any) -> None:
        """Replace the current state by state ``name``."""
        state = self.machine.state(name)
        frames = list(self.stack)
        if not frames:
            raise RulesError(f"goto {name}: no state to replace")
        frames[-1] = {"state": name, **data}
        self._write(frames)
        state.begin(self, self.top)

    def end(self, result: Any = None) -> dict:
        """Leave the current state; the state below resumes with ``result``. Returns the frame left."""
        frames = list(self.stack)
        if not frames:
            raise RulesError("end: no state to leave")
        left = plain_copy(frames.pop())
        self._write(frames)
        if frames:
            below = self.machine.state(frames[-1]["state"])
            below.resume(self, self.top, result)
        return left

    def update(self, **data: Any) -> None:
        """Change fields of the current frame."""
        frames = list(self.stack)
        frames[-1] = {**frames[-1], **data}
        self._write(frames)


def plain_copy(value: Any) -> Any:
    """A copy of plain frame or global data (dicts, lists, text, numbers) — what
    ``copy.deepcopy`` gives, without its bookkeeping; anything else is deep-copied. For rules
    that change a copy of a stored global (a global is never changed in place)."""
    kind = type(value)
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if value is None or isinstance(value, (str, int)):   # immutable (Loc, Piece, bool too)
        return value
    return copy.deepcopy(value)


class Machine:
    """A ruleset's table of states, checked when built, and the loop that drives them."""

    def __init__(self, states: Iterable[type[State]], start: str, key: str,
                 idle: str | None = None) -> None:
        self.key = key
        self.start = start
        self.idle = idle
        self.table: dict[str, State] = {}
        for cls in states:
            if not (isinstance(cls, type) and issubclass(cls, State)):
                raise RulesError(f"{cls!r} is not a rules State class")
            if not cls.name:
                raise RulesError(f"{cls.__name__} has no state name")
            if cls.name in self.table:
                raise RulesError(f"state name {cls.name!r} is used twice "
                                 f"({type(self.table[cls.name]).__name__}, {cls.__name__})")
            self.table[cls.name] = cls()
        self.check()

    def check(self) -> None:
        """The table's consistency: the start state exists, automatic states run, decision
        states prompt and handle at least one verb."""
        for role, name in (("start", self.start), ("idle", self.idle)):
            if name is not None and name not in self.table:
                raise RulesError(f"{role} state {name!r} is not in the table")
        for name, st in self.table.items():
            cls = type(st)
            if st.automatic:
                if cls.run is State.run:
                    raise RulesError(f"automatic state {name} has no run")
            else:
                if cls.prompt is State.prompt:
                    raise RulesError(f"decision state {name} has no prompt")
                if not st.verbs:
                    raise RulesError(f"decision state {name} handles no verb (no on_<verb>)")

    def state(self, name: str) -> State:
        try:
            return self.table[name]
        except KeyError:
            raise RulesError(f"no rules state {name!r} (the game names a state its rules do "
                             f"not have: a save from another version?)") from None

    def current(self, g: Context) -> tuple[State | None, dict | None]:
        frame = g.top
        if frame is None:
            return (self.table[self.idle], {}) if self.idle else (None, None)
        return self.state(frame["state"]), frame

    def run_automatic(self, g: Context) -> None:
        """Run automatic states until a decision is pending or the game is over."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            if g.get("outcome"):
                return
            st, frame = self.current(g)
            if st is None or not st.automatic:
                return
            st.run(g, frame)
        raise RulesError("rules loop: automatic states never reached a decision")


class MachineRuleset(Ruleset):
    """A :class:`~engine.rules.Ruleset` driven by a :class:`Machine`. Subclasses set ``states``
    (the state classes), ``start`` (the first state), ``rulebook`` (the prefix of every cited
    rule, e.g. ``"PoG"``) and optionally ``context`` (a :class:`Context` subclass with the
    game's own helpers), ``turn_rule`` (the rule cited when the wrong side acts) and
    ``hook_points`` / ``attachments`` (:mod:`engine.hooks`; the built table is ``self.hooks``)."""
    states: ClassVar[tuple[type[State], ...]] = ()
    start: ClassVar[str] = ""
    rulebook: ClassVar[str] = ""
    context: ClassVar[type[Context]] = Context
    turn_rule: ClassVar[str] = ""
    #: The global holding the state stack.
    stack_key: ClassVar[str] = "rules_stack"
    #: The state that is current while the stack is empty (None: then no decision is pending).
    idle: ClassVar[str | None] = None
    #: The hook points the core procedures ask (engine.hooks), and what the rule files attach.
    hook_points: ClassVar[tuple[HookPoint, ...]] = ()
    attachments: ClassVar[tuple[Mapping[str, Iterable[Callable[..., Any]]], ...]] = ()
    _built: ClassVar[dict[type, tuple[Machine, Hooks]]] = {}

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        cls = type(self)
        if cls not in MachineRuleset._built:
            MachineRuleset._built[cls] = (Machine(cls.states, cls.start, cls.stack_key, cls.idle),
                                          Hooks(cls.hook_points, cls.attachments))
        self.machine, self.hooks = MachineRuleset._built[cls]

    def game(self, state: GameState, tx: Transaction | None = None) -> Context:
        return self.context(self, state, tx)

    def setup(self, tx: Transaction, scenario, options: dict[str, str]) -> None:
        """Enter the start state (with the scenario and options in its frame) and run."""
        g = self.game(tx.state, tx)
        g.call(self.start, scenario=scenario.id, options=dict(options))
        self.machine.run_automatic(g)

    def prompt(self, state: GameState) -> Prompt:
        outcome = self.outcome(state)
        if outcome is not None:
            return Prompt("", "game_over", outcome.text)
        g = self.game(state)
        st, frame = self.machine.current(g)
        if st is None:
            return Prompt("", "game_over", "no decision is pending")
        return st.prompt(g, frame)

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        if self.outcome(state) is not None:
            return iter(())
        g = self.game(state)
        st, frame = self.machine.current(g)
        if st is None:
            return iter(())
        return iter(st.actions(g, frame))

    def actions_for_piece(self, state: GameState, pid: int) -> Iterable[Action] | None:
        if self.outcome(state) is not None:
            return ()
        g = self.game(state)
        st, frame = self.machine.current(g)
        if st is None:
            return ()
        return st.piece_actions(g, frame, pid)

    def verb_of(self, state: GameState, action: Action) -> Verb | None:
        st, _frame = self.machine.current(self.game(state))
        return st.verbs.get(action.verb) if st is not None else None

    def check(self, state: GameState, action: Action) -> Violation | None:
        return self._vet(state, action)[0]

    def vet(self, state: GameState, action: Action) -> tuple[Violation | None, Action]:
        """The check of ``action`` and the action typed, in one pass: the decision's state and
        frame are found once, and its targets converted once (the check asks the state's
        ``refuse`` with the typed action, which is also what the record keeps). A subclass
        that overrides :meth:`check` is honoured: its check decides, then the action is typed."""
        if type(self).check is not MachineRuleset.check:
            return super().vet(state, action)       # Ruleset.vet: check, then typed
        return self._vet(state, action)

    def _vet(self, state: GameState, action: Action) -> tuple[Violation | None, Action]:
        """:meth:`vet` by the machine alone (what :meth:`check` answers unless overridden)."""
        outcome = self.outcome(state)
        if outcome is not None:
            return Violation("", f"the game is over: {outcome.text}"), action
        g = self.game(state)
        st, frame = self.machine.current(g)
        if st is None:
            return Violation("", "no decision is pending"), action
        if action.verb == TABLE_TALK and action.names == ("text",) and isinstance(action["text"], str) \
                and TABLE_TALK not in st.verbs:
            return None, action
        prompt = st.prompt(g, frame)
        if prompt.side and action.side != prompt.side:
            return Violation(g.cite(self.turn_rule),
                             f"it is the {self.side_name(prompt.side)} player's decision: {prompt.text}"), action
        verb = st.verbs.get(action.verb)
        if verb is None:
            return Violation(g.cite(st.rule), f"{action.verb.replace('_', ' ')} is not possible "
                                              f"now: {prompt.text}"), action
        problem, typed = self._type(verb, action)
        if problem:
            return Violation(g.cite(st.rule), problem), action
        return st.refuse(g, frame, typed), typed

    @staticmethod
    def _type(verb: Verb, action: Action) -> tuple[str, Action]:
        """("", ``action`` with its targets converted to the verb's types), or (what is wrong
        with its targets, ``action``): a target missing, one too many, or one not convertible."""
        names = set(action.names)
        missing = verb.required - names
        extra = names - set(verb.kinds)
        if missing or extra:
            return f"{verb.label.lower()} takes {verb.describe_targets()}", action
        kinds = verb.kinds
        items = []
        for name, value in action.targets:
            try:
                items.append((name, convert(value, kinds[name], name)))
            except ActionError as exc:
                return str(exc), action
        return "", Action.of(action.verb, action.side, tuple(items))

    def typed(self, state: GameState, action: Action) -> Action:
        verb = self.verb_of(state, action)
        return action if verb is None else self._type(verb, action)[1]

    def apply(self, tx: Transaction, action: Action) -> None:
        g = self.game(tx.state, tx)
        g.actor = action.side
        st, frame = self.machine.current(g)
        if st is None:
            raise RulesError("no decision is pending")
        if action.verb == TABLE_TALK and TABLE_TALK not in st.verbs:
            g.do(C.Note(action.side, action["text"]))   # table talk never changes the game
            return
        problem, typed = self._type(st.verbs[action.verb], action)
        if problem:
            raise ActionError(problem)
        getattr(st, "on_" + action.verb)(g, frame, **dict(typed.targets))
        self.machine.run_automatic(g)

    def notation(self, state: GameState, action: Action) -> str:
        g = self.game(state)
        try:
            st, frame = self.machine.current(g)
        except RulesError:
            st = frame = None
        if st is not None:
            try:
                text = st.describe(g, frame, action)
            except (KeyError, TypeError, ValueError, IndexError):
                text = None
            if text:
                return text
            verb = st.verbs.get(action.verb)
            if verb is not None:
                who = f"{self.side_name(action.side)}: " if action.side else ""
                return who + verb.label
        return super().notation(state, action)

    def hostile(self, state: GameState, action: Action) -> bool:
        st, _frame = self.machine.current(self.game(state))
        return st is not None and action.verb in st.hostile

    def label(self, state: GameState, action: Action) -> str:
        """The words for ``action`` on a button: the verb's label (its handler's docstring) for
        an action with no targets, else its notation without the side."""
        if not action.targets:
            verb = self.verb_of(state, action)
            if verb is not None:
                return verb.label
        return super().label(state, action)

    def outcome(self, state: GameState) -> Outcome | None:
        return Outcome.read(state.globals.get("outcome"))
