"""The Session: module + state + ruleset + game record. The one object the client, the CLI
and the tests drive (DESIGN principle 1).

python-chess in spirit: :meth:`Session.legal_actions`, :meth:`Session.push` (``do``) and
:meth:`Session.undo` (``pop``). Every action is checked by the ruleset, applied as one
transaction, logged with its notation and state hash, and (optionally) autosaved.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Iterator

from . import commands as C
from .errors import SaveError, WartableError
from .model import Module, Scenario
from .record import Entry, GameRecord, Header
from .rules import Action, IllegalAction, Prompt, Ruleset, Transaction, Violation, load_ruleset
from .saves import SUFFIX, atomic_write, autosave_dir, decode_save, encode_save, read_save
from .state import GameState
from .views import view


class ReplayDivergence(WartableError):
    """A replayed record does not reach the state it recorded."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"action {index}: {message}")
        self.index = index


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


class Session:
    """A game being played. Create with :meth:`new` or :meth:`load`."""

    def __init__(self, module: Module, ruleset: Ruleset, header: Header, state: GameState) -> None:
        self.module = module
        self.ruleset = ruleset
        self.state = state
        self.record = GameRecord(header)
        self.redo_stack: list[Entry] = []
        self.autosave_path: Path | None = None
        self.listeners: list[Callable[[str, Entry | None], None]] = []

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def new(cls, module: Module, scenario: str | None = None, seed: int | str = 0,
            ruleset: str | None = None, options: dict[str, str] | None = None) -> "Session":
        """Start a game of ``scenario`` (default: the module's first) under ``ruleset``
        (default: the module's own)."""
        if not module.scenarios:
            scen = Scenario("empty", "Empty table")
        else:
            scenario = scenario or next(iter(module.scenarios))
            if scenario not in module.scenarios:
                raise WartableError(f"module {module.id} has no scenario {scenario!r} "
                                    f"(it has: {', '.join(module.scenarios)})")
            scen = module.scenarios[scenario]
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

    # -- the rules API, forwarded -----------------------------------------------------------
    def prompt(self) -> Prompt:
        return self.ruleset.prompt(self.state)

    def legal_actions(self) -> Iterator[Action]:
        return self.ruleset.legal_actions(self.state)

    def check(self, action: Action) -> Violation | None:
        return self.ruleset.check(self.state, action)

    def outcome(self) -> str | None:
        return self.ruleset.outcome(self.state)

    def view(self, side: str = "") -> dict[str, Any]:
        return view(self.state, side)

    # -- doing and undoing ------------------------------------------------------------------
    def do(self, action: Action) -> Entry:
        """Check and apply one action. Raises :class:`IllegalAction` (nothing changed) if the
        ruleset refuses it, or :class:`~engine.commands.CommandError` if a command cannot
        apply (nothing changed either)."""
        violation = self.ruleset.check(self.state, action)
        if violation is not None:
            raise IllegalAction(violation)
        text = self.ruleset.notation(self.state, action)
        tx = Transaction(self.state)
        try:
            self.ruleset.apply(tx, action)
        except BaseException:
            tx.rollback()
            raise
        entry = Entry(action, tx.commands, self.state.hash, text)
        self.record.entries.append(entry)
        self.redo_stack.clear()
        self._changed("do", entry)
        return entry

    push = do

    def can_undo(self) -> bool:
        return bool(self.record.entries)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Entry | None:
        """Undo the last action (one compound command); returns it, or None if none."""
        if not self.record.entries:
            return None
        entry = self.record.entries.pop()
        C.undo_all(self.state, entry.commands)
        self.redo_stack.append(entry)
        self._changed("undo", entry)
        return entry

    pop = undo

    def redo(self) -> Entry | None:
        """Re-apply the last undone action exactly as it was (same dice, same draws)."""
        if not self.redo_stack:
            return None
        entry = self.redo_stack.pop()
        C.apply_all(self.state, entry.commands)
        self.record.entries.append(entry)
        self._changed("redo", entry)
        return entry

    def _changed(self, what: str, entry: Entry | None) -> None:
        if self.autosave_path is not None:
            try:
                self.save(self.autosave_path)
            except OSError:
                pass  # an autosave failure must never lose the game in memory
        for listener in self.listeners:
            listener(what, entry)

    # -- saving and loading -----------------------------------------------------------------
    def save_bytes(self) -> bytes:
        return encode_save(self.record.to_json())

    def save(self, path: Path | str) -> Path:
        path = Path(path)
        atomic_write(path, self.save_bytes())
        return path

    def enable_autosave(self, folder: Path | None = None) -> Path:
        folder = folder or autosave_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.autosave_path = Path(folder) / f"{self.module.id}-{self.record.header.scenario}-{stamp}{SUFFIX}"
        self.save(self.autosave_path)
        return self.autosave_path

    @classmethod
    def load(cls, path: Path | str, module: Module, verify: bool = False) -> "Session":
        """Load a save for ``module``: checked, then replayed command by command with every
        state hash verified. Raises SaveError naming the first problem; nothing is lost."""
        return cls.from_record_json(read_save(Path(path)), module, verify, Path(path).name)

    @classmethod
    def load_bytes(cls, data: bytes, module: Module, verify: bool = False) -> "Session":
        return cls.from_record_json(decode_save(data), module, verify)

    @classmethod
    def from_record_json(cls, record: dict, module: Module, verify: bool = False,
                         source: str = "save") -> "Session":
        mid, mver = record["module"]["id"], record["module"]["version"]
        if mid != module.id:
            raise SaveError(f"{source}: this save is for module {mid!r}, not {module.id!r}")
        if mver.split(".")[0] != module.version.split(".")[0]:
            raise SaveError(f"{source}: this save is for {mid} version {mver}; "
                            f"the installed module is version {module.version}")
        try:
            session = cls.new(module, record["scenario"], record["seed"], record["ruleset"],
                              record.get("options") or {})
        except WartableError as exc:
            raise SaveError(f"{source}: {exc}") from None
        setup_hash = record.get("setup_hash")
        if setup_hash and setup_hash != session.state.hash:
            raise SaveError(f"{source}: the scenario set-up differs from the one this game "
                            f"started from (module data changed?)")
        try:
            session.replay_entries(record["actions"], verify)
        except (ReplayDivergence, C.CommandError) as exc:
            raise SaveError(f"{source}: {exc}") from None
        return session

    def replay_entries(self, actions: list[dict], verify: bool = False,
                       progress: Callable[[int], None] | None = None) -> None:
        """Re-execute recorded entries on this session, checking each state hash. With
        ``verify`` each action is also re-checked and re-applied through the ruleset, and the
        commands it produces must equal the recorded ones."""
        for i, data in enumerate(actions, 1):
            try:
                action = Action.from_json(data["action"])
                commands = [C.Command.from_json(c) for c in data["cmds"]]
            except C.CommandError as exc:
                raise ReplayDivergence(i, str(exc)) from None
            if verify:
                violation = self.ruleset.check(self.state, action)
                if violation is not None:
                    raise ReplayDivergence(i, f"illegal under the rules: {violation}")
                tx = Transaction(self.state)
                try:
                    self.ruleset.apply(tx, action)
                except WartableError as exc:
                    tx.rollback()
                    raise ReplayDivergence(i, f"the ruleset refuses it: {exc}") from None
                if [c.to_json() for c in tx.commands] != [c.to_json() for c in commands]:
                    tx.rollback()
                    raise ReplayDivergence(i, "the ruleset produces different commands than recorded")
                commands = tx.commands
            else:
                try:
                    C.apply_all(self.state, commands)
                except C.CommandError as exc:
                    raise ReplayDivergence(i, str(exc)) from None
            if self.state.hash != data["hash"]:
                found = self.state.hash
                C.undo_all(self.state, commands)   # leave the state as it was before entry i
                raise ReplayDivergence(i, f"state hash {found} differs from the "
                                          f"recorded {data['hash']} ({data.get('text', '')})")
            self.record.entries.append(Entry(action, commands, data["hash"], data.get("text", "")))
            if progress is not None:
                progress(i)
