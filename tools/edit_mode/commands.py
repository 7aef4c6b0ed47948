"""The edit mode's lines of the table's command table (:mod:`client.table_commands`): undo,
redo and save act on the editor session instead of the game; the tools and windows get keys
and status-bar buttons; commands that mean nothing while editing (seats, dice, turn files,
loading a game) are not offered. The keys are still read by the one command table, so the
help (F1) lists them."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from client.commands import Command, keys

from .vocab import TOOL_WORDS, TOOLS

if TYPE_CHECKING:
    from .mode import EditMode

#: Table commands that are not offered while editing.
NOT_IN_THE_EDITOR = ("seat", "next_seat", "dice", "los", "combat", "load", "send_turn",
                     "receive_turn", "save_as")
DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
          pygame.K_8)


def install(mode: "EditMode") -> None:
    """Put the edit mode's commands into its table's command table."""
    t = mode.t
    table = t.commands.commands
    editing = lambda: None  # noqa: E731 - always available while editing

    def never() -> bool:
        return False

    for cid in NOT_IN_THE_EDITOR:
        if cid in table:
            table[cid] = dataclasses.replace(table[cid], hidden=lambda: True,
                                             unavailable=lambda: "{key} is not used in the editor")
    table["undo"] = dataclasses.replace(table["undo"], run=mode.undo, help="undo an edit",
                                        hidden=never, unavailable=editing)
    table["redo"] = dataclasses.replace(table["redo"], run=mode.redo, help="redo an edit",
                                        hidden=never, unavailable=editing)
    table["save"] = dataclasses.replace(table["save"], run=mode.save, bar="Save module",
                                        help="save the sources and build the module",
                                        hidden=never, unavailable=editing)
    table["fit"] = dataclasses.replace(table["fit"], run=mode.fit_view)
    table["quit"] = dataclasses.replace(table["quit"], run=mode.quit, help="leave the editor")
    for i, tool in enumerate(TOOLS):
        table[f"tool_{tool}"] = Command(f"tool_{tool}", TOOL_WORDS[tool],
                                        lambda tool=tool: mode.panel.set_tool(tool), keys(DIGITS[i]),
                                        help=f"{TOOL_WORDS[tool].lower()} tool", group="editor",
                                        active=lambda tool=tool: mode.tool == tool)
    for cid, label, key, kind in (("counter_designer", "Counters", pygame.K_u, "counters"),
                                  ("table_editor", "Tables", pygame.K_t, "tables"),
                                  ("reconstructed", "Reconstructed", pygame.K_p, "reconstructed")):
        table[cid] = Command(cid, label, lambda kind=kind: mode.open_window(kind), keys(key), help=label.lower(),
                             bar=label, group="editor",
                             active=lambda kind=kind: mode.window is not None and mode.window.kind == kind)
