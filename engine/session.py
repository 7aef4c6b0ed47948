"""The Session: a game being played — module, ruleset, state and game record (DESIGN principle 1).

python-chess in spirit::

    from engine import Session, Action, open_module
    session = Session.new(open_module("paths_of_glory"), "campaign", seed=1)
    session.prompt()                      # whose decision, what kind, in words
    legal = session.legal_actions()       # iterate, len, `in` in O(1), filter by target
    session.push(Action.parse("CP: play_ops card=%cp_01"))
    session.pop()                         # one action back; session.redo() forward again
    session.outcome()                     # None, or the typed Outcome
    session.view("AP")                    # what the AP may see, with its prompt and actions

Every action is checked by the ruleset, applied as one transaction, and recorded with its
notation and state hash. Saving, loading, autosave (:mod:`engine.persist`) and replaying
(:mod:`engine.replay`) live outside the Session.
"""
from __future__ import annotations

from typing import Any, Callable

from . import commands as C
from .actions import Action, LegalActions
from .errors import WartableError
from .model import Module, Scenario
from .record import Entry, GameRecord, Header
from .registry import load_ruleset
from .rules import IllegalAction, Outcome, Prompt, Ruleset, Transaction, Violation
from .state import GameState
from .views import view

#: The verb of a recorded edit made outside the rules (a test's position, a scenario editor).
SETUP_VERB = "setup"


def setup_commands(module: Module, scenario: Scenario) -> list[C.Command]:
    """The generic scenario set-up: globals, placements at set-up (turn 0) with their owner
    set from the piece type's side, reinforcements (turn > 0) into the module's
    ``reinforcements`` box when it has one, then the shuffles."""
    cmds: list[C.Command] = [C.SetGlobal(k, v) for k, v in sorted(scenario.globals.items())
                             if not isinstance(v, float)]
    if "turn" not in scenario.globals:
        cmds.append(C.SetGlobal("turn", scenario.first_turn))
    reinforcement_box = "reinforcements" if "reinforcements" in module.locations else None
    for p in scenario.placements:
        ptype = module.piece_types.get(p.piece_type)
        props: dict[str, Any] = {}
        if ptype is not None and ptype.side:
            props["owner"] = ptype.side
        for k, v in p.attrs.items():
            if not isinstance(v, float):
                props[k] = v
        loc = p.location
        if p.turn > 0:
            if reinforcement_box is None:
                continue
            props.update(arrives=p.turn, at=p.location)
            loc = reinforcement_box
        for _ in range(p.count):
            cmds.append(C.Create(p.piece_type, loc, None, p.face, dict(props)))
    cmds.extend(C.Shuffle(loc) for loc in scenario.shuffle)
    return cmds


def scenario_options(scen: Scenario, options: dict[str, str] | None) -> dict[str, str]:
    """The scenario's options with ``options`` applied; a WartableError for an unknown option
    or a value it does not offer."""
    opts = {o.id: o.default for o in scen.options}
    choices = {o.id: list(o.choices) for o in scen.options}
    for key, value in (options or {}).items():
        if key not in opts:
            raise WartableError(f"scenario {scen.id} has no option {key!r}"
                                f" (it has: {', '.join(opts) or 'none'})")
        if choices[key] and value not in choices[key]:
            raise WartableError(f"option {key} of scenario {scen.id} cannot be {value!r}"
                                f" (choose one of: {', '.join(choices[key])})")
        opts[key] = value
    return opts


class SideView(dict):
    """What one side may see (the :func:`engine.views.view` data: ``locations``, ``globals``,
    ``chat``), with the decision in front of that side: :attr:`prompt` (the whole prompt when it
    is this side's decision or anyone's, otherwise only whose decision it is) and
    :attr:`actions` (this side's legal actions; empty when it is not this side's decision)."""

    def __init__(self, data: dict, prompt: Prompt, actions: LegalActions) -> None:
        super().__init__(data)
        self.prompt = prompt
        self.actions = actions

    def to_json(self) -> dict:
        """Plain data: the view, the prompt and the actions in text notation."""
        return {**self, "prompt": {"side": self.prompt.side, "kind": self.prompt.kind,
                                   "text": self.prompt.text},
                "actions": [str(a) for a in self.actions]}


class Session:
    """A game being played. Create with :meth:`new`; load with :func:`engine.persist.load`."""

    def __init__(self, module: Module, ruleset: Ruleset, header: Header, state: GameState) -> None:
        self.module = module
        self.ruleset = ruleset
        self.state = state
        self.record = GameRecord(header)
        self.redo_stack: list[Entry] = []
        #: Called with ("push" | "pop" | "redo", entry) after every change (autosave, the table).
        self.listeners: list[Callable[[str, Entry | None], None]] = []
        #: Scripted dice (engine.testing): each roll takes the next result instead of drawing.
        self.dice_script: list | None = None
        self._legal: LegalActions | None = None
        self._legal_hash = ""

    # -- creation ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, module: Module, scenario: str | None = None, seed: int | str = 0,
            ruleset: str | None = None, options: dict[str, str] | None = None) -> "Session":
        """Start a game of ``scenario`` (default: the module's first) under ``ruleset`` (default:
        the module's own) with ``options`` (the scenario's options)."""
        if not module.scenarios:
            scen = Scenario("empty", "Empty table")
        else:
            scenario = scenario or next(iter(module.scenarios))
            if scenario not in module.scenarios:
                raise WartableError(f"module {module.id} has no scenario {scenario!r} "
                                    f"(it has: {', '.join(module.scenarios)})")
            scen = module.scenarios[scenario]
        opts = scenario_options(scen, options)
        rules = load_ruleset(ruleset or module.ruleset, module)
        state = GameState(module, seed)
        tx = Transaction(state)
        try:
            for cmd in setup_commands(module, scen):
                tx.do(cmd)
            rules.setup(tx, scen, opts)
        except C.CommandError as exc:
            raise WartableError(f"scenario {scen.id} of {module.id} cannot be set up: {exc}") from None
        header = Header(module.id, module.version, scen.id, seed, rules.id, opts, state.hash)
        return cls(module, rules, header, state)

    # -- the decision in front of the players --------------------------------------------------------
    def prompt(self) -> Prompt:
        return self.ruleset.prompt(self.state)

    def legal_actions(self) -> LegalActions:
        """The legal actions now (listed when first asked; valid until the next change)."""
        if self._legal is None or self._legal_hash != self.state.hash:
            rules, state = self.ruleset, self.state
            self._legal = LegalActions(lambda: rules.legal_actions(state),
                                       per_piece=lambda pid: rules.actions_for_piece(state, pid),
                                       check=lambda a: rules.check(state, a))
            self._legal_hash = state.hash
        return self._legal

    def check(self, action: Action) -> Violation | None:
        """The rule ``action`` breaks now, or None if it is legal."""
        return self.ruleset.check(self.state, action)

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    def view(self, side: str = "") -> SideView:
        """What ``side`` may see ("" a spectator), with the prompt and the actions for that side."""
        prompt = self.prompt()
        if prompt.side and prompt.side != side:
            shown = Prompt(prompt.side, prompt.kind,
                           f"Waiting for {self.ruleset.side_name(prompt.side)}")
            actions = LegalActions(())
        else:
            shown = prompt
            actions = self.legal_actions() if side or not prompt.side else LegalActions(())
        return SideView(view(self.state, side), shown, actions)

    # -- pushing and popping ---------------------------------------------------------------------------
    def push(self, action: Action) -> Entry:
        """Check and apply one action. Raises :class:`~engine.rules.IllegalAction` (nothing
        changed) if the ruleset refuses it, or :class:`~engine.commands.CommandError` if a
        command cannot apply (nothing changed either)."""
        violation, action = self.ruleset.vet(self.state, action)
        if violation is not None:
            raise IllegalAction(violation)
        text = self.ruleset.notation(self.state, action)
        tx = Transaction(self.state, self.dice_script)
        try:
            self.ruleset.apply(tx, action)
        except BaseException:
            tx.rollback()
            raise
        scripted = tx.dice is not None and any(isinstance(c, C.FixedRoll) for c in tx.commands)
        return self._commit(Entry(action, tx.commands, self.state.hash, text, not scripted))

    def push_setup(self, text: str, build: Callable[[Transaction], None]) -> Entry:
        """A recorded edit outside the rules: ``build`` applies commands through the transaction
        it is given (a test's position, a scenario editor's placement). The entry replays like
        any other, but re-executing the game through its rules refuses it."""
        tx = Transaction(self.state, self.dice_script)
        try:
            build(tx)
        except BaseException:
            tx.rollback()
            raise
        return self._commit(Entry(Action(SETUP_VERB, text=text[:1000] or "set-up"), tx.commands,
                                  self.state.hash, f"Set-up: {text}", reproducible=False))

    def _commit(self, entry: Entry) -> Entry:
        self.record.entries.append(entry)
        self.redo_stack.clear()
        self._changed("push", entry)
        return entry

    def pop(self) -> Entry | None:
        """Take back the last action (one compound command); returns it, or None if none."""
        if not self.record.entries:
            return None
        entry = self.record.entries.pop()
        C.undo_all(self.state, entry.commands)
        self.redo_stack.append(entry)
        self._changed("pop", entry)
        return entry

    def redo(self) -> Entry | None:
        """Re-apply the last action taken back, exactly as it was (same dice, same draws)."""
        if not self.redo_stack:
            return None
        entry = self.redo_stack.pop()
        C.apply_all(self.state, entry.commands)
        self.record.entries.append(entry)
        self._changed("redo", entry)
        return entry

    def _changed(self, what: str, entry: Entry | None) -> None:
        for listener in list(self.listeners):
            listener(what, entry)
