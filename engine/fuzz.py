"""Fuzzing any ruleset: random legal play, both sides, every decision.

Each game starts from the module's scenario with its own seed and plays
``ruleset.random_action`` until the game ends or a limit is reached, reporting:

* an exception while choosing or applying an action,
* a dead end — the side to act has no legal action although the game is not over,
* a broken invariant the ruleset declares (:meth:`engine.rules.Ruleset.invariants`),
* a replay mismatch — the game's save, loaded (every action re-executed through the rules),
  must end on the same hash,
* an undo mismatch — undoing every action must return to the set-up hash.

Each failed game is saved as a replayable record when a folder is given.
"""
from __future__ import annotations

import multiprocessing
import random
import signal
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from . import persist
from .actions import Action
from .errors import WartableError
from .model import Module
from .rules import IllegalAction
from .session import Session


@dataclass
class GameResult:
    seed: int
    actions: int
    failure: str = ""
    events: dict[str, int] = field(default_factory=dict)


@dataclass
class FuzzReport:
    results: list[GameResult] = field(default_factory=list)

    @property
    def failed(self) -> list[GameResult]:
        return [r for r in self.results if r.failure]

    @property
    def passed(self) -> int:
        return len(self.results) - len(self.failed)

    def summary(self) -> str:
        return f"{self.passed} passed, {len(self.failed)} failed"

    def event_counts(self) -> dict[str, int]:
        total: dict[str, int] = {}
        for r in self.results:
            for k, v in r.events.items():
                total[k] = total.get(k, 0) + v
        return dict(sorted(total.items()))


def play_one(module: Module, seed: int, scenario: str | None = None, ruleset: str | None = None,
             max_actions: int = 400, turns: int | None = None,
             options: dict[str, str] | None = None) -> tuple[Session, GameResult]:
    """Play one random game; ``options`` are the scenario's options (``Session.new``)."""
    session = Session.new(module, scenario, seed, ruleset, options)
    return session, play_on(session, seed, max_actions, turns)


def play_on(session: Session, seed: int, max_actions: int = 400, turns: int | None = None,
            check_replay: bool = True) -> GameResult:
    """Random legal play from ``session``'s current position (a new game, or a position a
    test has built to reach a rare part of the rules), with the fuzzer's checks.
    ``check_replay`` False skips the replay/undo check, for positions not made by actions."""
    module = session.module
    rnd = random.Random(seed)
    result = GameResult(seed, 0)
    rules = session.ruleset
    try:
        while result.actions < max_actions:
            if session.outcome() is not None:
                break
            if turns is not None and isinstance(session.state.get("turn"), int) \
                    and session.state.get("turn") > turns:
                break
            action = rules.random_action(session.state, rnd)
            if action is None:
                result.failure = f"dead end after {result.actions} actions: {session.prompt().text}"
                break
            keys = rules.statistics_keys(session.state, action)
            if Action.parse(str(action)) != action:
                result.failure = f"action {result.actions + 1} does not read back from its text: {action}"
                break
            try:
                session.push(action)
            except IllegalAction as exc:
                result.failure = f"action {result.actions + 1} offered as legal but refused: {exc}"
                break
            except WartableError:
                # a free-play command the state cannot take (e.g. drawing from an empty cup) is
                # refused cleanly and changes nothing: that is correct behaviour, not a failure
                if rules.id != "free":
                    raise
                continue
            result.actions += 1
            for key in keys:
                result.events[key] = result.events.get(key, 0) + 1
            broken = rules.invariants(session.state)
            if broken:
                result.failure = f"after action {result.actions} ({session.record.entries[-1].text}): " + "; ".join(broken)
                break
        if not result.failure and check_replay:
            result.failure = _check_replay_and_undo(module, session)
    except Exception as exc:  # the fuzzer's job is to catch exactly these
        result.failure = f"exception after {result.actions} actions: {type(exc).__name__}: {exc}\n" + \
            "".join(traceback.format_exc(limit=6))
    return result


def _check_replay_and_undo(module: Module, session: Session) -> str:
    replayed = persist.load_bytes(persist.save_bytes(session), module)
    if replayed.state.hash != session.state.hash:
        return f"replay ends on {replayed.state.hash}, game on {session.state.hash}"
    while replayed.pop() is not None:
        pass
    if replayed.state.hash != replayed.record.header.setup_hash:
        return "undoing every action does not return to the set-up"
    return ""


def _save_failure(folder: Path, module: Module, session: Session, result: GameResult) -> None:
    path = Path(folder) / f"{module.id}-fuzz-{result.seed}.wtsave"
    persist.save(session, path, version=1)   # every command: it loads even if the rules do not
    # reproduce the game (the failure may be just that); `wartable replay --verify` says where
    (Path(folder) / f"{module.id}-fuzz-{result.seed}.txt").write_text(result.failure + "\n")


#: What a forked worker needs (set in the parent just before the pool forks).
_WORKER: dict = {}


def _worker_start() -> None:
    """A forked worker ends on SIGTERM even if the parent installed its own handler (SDL turns
    SIGTERM into a quit event: a worker inheriting that would never stop)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _play_seed(seed: int) -> GameResult:
    module, args, save_failures = _WORKER["module"], _WORKER["args"], _WORKER["save"]
    session, result = play_one(module, seed, *args)
    if result.failure and save_failures is not None:
        _save_failure(save_failures, module, session, result)
    return result


def fuzz(module: Module, games: int, seed: int = 0, scenario: str | None = None,
         ruleset: str | None = None, turns: int | None = None, max_actions: int = 400,
         save_failures: Path | None = None, progress: Callable[[int, int], None] | None = None,
         options: dict[str, str] | None = None, jobs: int = 1) -> FuzzReport:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ...; ``jobs`` > 1 plays them in
    that many forked processes (each game depends only on its seed, so the report is the same)."""
    report = FuzzReport()
    args = (scenario, ruleset, max_actions, turns, options)
    seeds = range(seed, seed + games)
    if jobs > 1 and games > 1:
        _WORKER.update(module=module, args=args, save=save_failures)
        pool = multiprocessing.get_context("fork").Pool(min(jobs, games), initializer=_worker_start)
        try:
            for done, result in enumerate(pool.imap(_play_seed, seeds), 1):
                report.results.append(result)
                if progress is not None:
                    progress(done, games)
            pool.close()
        finally:
            pool.terminate()
            pool.join()
            _WORKER.clear()
        return report
    for i, game_seed in enumerate(seeds):
        session, result = play_one(module, game_seed, *args)
        report.results.append(result)
        if result.failure and save_failures is not None:
            _save_failure(save_failures, module, session, result)
        if progress is not None:
            progress(i + 1, games)
    return report
