"""One command table: every thing a player can ask the table for, in one list that the status
bar, the key bindings, the menus and the help all read (issue 18, "How the client is built").

A :class:`Command` has an id, the words shown for it, its keys, the handler, and two questions
asked when it is used: :attr:`Command.unavailable` (why it cannot be used *now*: a free-play
command in a rules-enforced game, a file command at a game kept by a server) and
:attr:`Command.hidden` (not offered at all here). A command that is unavailable still answers
its key and its button, with the reason as a hint — a player never presses a key to nothing
(a hidden command's key too).

The table's own list is :func:`client.table_commands.table_commands`. Nothing here knows a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

import pygame

#: Readable names of the keys the table binds (others use pygame's own name).
KEY_NAMES = {pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_UP: "↑", pygame.K_DOWN: "↓",
             pygame.K_PLUS: "+", pygame.K_EQUALS: "=", pygame.K_KP_PLUS: "keypad +",
             pygame.K_MINUS: "-", pygame.K_KP_MINUS: "keypad -", pygame.K_DELETE: "Del",
             pygame.K_BACKSPACE: "Backspace", pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn",
             pygame.K_TAB: "Tab", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "keypad Enter",
             pygame.K_ESCAPE: "Esc", pygame.K_F1: "F1", pygame.K_F11: "F11", pygame.K_SLASH: "?"}


@dataclass(frozen=True)
class Key:
    """A key with its modifiers: ``ctrl`` and ``shift`` must match exactly (``shift=None``:
    either)."""
    code: int
    ctrl: bool = False
    shift: bool | None = False

    def matches(self, code: int, ctrl: bool, shift: bool) -> bool:
        return code == self.code and ctrl == self.ctrl and (self.shift is None or shift == self.shift)

    @property
    def name(self) -> str:
        base = KEY_NAMES.get(self.code) or pygame.key.name(self.code).upper()
        return ("Ctrl+" if self.ctrl else "") + ("Shift+" if self.shift else "") + base


def keys(*specs: int | tuple) -> tuple[Key, ...]:
    """``keys(pygame.K_x, (pygame.K_s, "ctrl"), (pygame.K_s, "ctrl", "shift"))``."""
    out = []
    for spec in specs:
        if isinstance(spec, int):
            out.append(Key(spec, shift=None))
        else:
            code, *mods = spec
            out.append(Key(code, "ctrl" in mods, True if "shift" in mods else False))
    return tuple(out)


def _always() -> str | None:
    return None


def _never() -> bool:
    return False


@dataclass
class Command:
    """One thing the table does. ``run`` takes the command's argument when it has one (a menu
    line's ``arg``); ``bar`` is the status bar's button text ("" not on the bar; a callable
    for a label that changes, e.g. the seat); ``unavailable`` says why it cannot be used now
    (None: it can); ``hidden`` when it is not offered at all."""
    id: str
    label: str
    run: Callable[..., Any]
    keys: tuple[Key, ...] = ()
    help: str = ""
    bar: str | Callable[[], str] = ""
    unavailable: Callable[[], str | None] = _always
    hidden: Callable[[], bool] = _never
    active: Callable[[], bool] = _never     # a mode it turns on is on (its button lit)
    group: str = "table"       # the help's section

    @property
    def key_names(self) -> str:
        return "/".join(k.name for k in self.keys)

    def bar_text(self) -> str:
        return self.bar() if callable(self.bar) else self.bar


class CommandTable:
    """The table's commands by id. ``on_refused(reason)`` shows why an unavailable command did
    nothing (a hint, not an error)."""

    def __init__(self, commands: Iterable[Command], on_refused: Callable[[str], None]) -> None:
        self.commands: dict[str, Command] = {}
        for c in commands:
            if c.id in self.commands:
                raise ValueError(f"two commands with the id {c.id!r}")
            self.commands[c.id] = c
        self.on_refused = on_refused

    def __getitem__(self, cid: str) -> Command:
        return self.commands[cid]

    def __contains__(self, cid: str) -> bool:
        return cid in self.commands

    def available(self, cid: str) -> bool:
        c = self.commands.get(cid)
        return c is not None and c.unavailable() is None

    def run(self, cid: str, *args: Any, via: str = "") -> bool:
        """Run command ``cid`` (with a menu line's argument); when it is unavailable show why
        (``{key}`` in the reason names ``via``, the key pressed, else the command). True when
        it ran."""
        c = self.commands.get(cid)
        if c is None:
            return False
        reason = c.unavailable()
        if reason:
            self.on_refused(reason.format(key=via or c.bar_text() or c.label))
            return False
        c.run(*args)
        return True

    def for_key(self, code: int, ctrl: bool, shift: bool) -> Command | None:
        """The command bound to this key (a hidden one too: it says why it is not here)."""
        for c in self.commands.values():
            if any(k.matches(code, ctrl, shift) for k in c.keys):
                return c
        return None

    def press(self, event: pygame.event.Event, mods: int) -> bool:
        """Run the command bound to a KEYDOWN ``event``; True when a command answered."""
        ctrl, shift = bool(mods & pygame.KMOD_CTRL), bool(mods & pygame.KMOD_SHIFT)
        c = self.for_key(event.key, ctrl, shift)
        if c is None:
            return False
        key = next(k for k in c.keys if k.matches(event.key, ctrl, shift))
        self.run(c.id, via=key.name)
        return True

    def bar(self) -> list[Command]:
        """The commands shown on the status bar, in table order."""
        return [c for c in self.commands.values() if c.bar and not c.hidden()]

    def help_lines(self) -> list[str]:
        """One line per help section: ``"Keys: F1 help · Ctrl+Z undo · …"`` from every command
        with a key (unavailable ones marked with the reason's first words)."""
        groups: dict[str, list[str]] = {}
        for c in self.commands.values():
            if not c.keys or c.hidden():
                continue
            text = f"{c.key_names} {c.help or c.label.lower()}"
            if c.unavailable():
                text += " (not here)"
            groups.setdefault(c.group, []).append(text)
        return [f"{group.capitalize()}: " + " · ".join(items) for group, items in groups.items()]
