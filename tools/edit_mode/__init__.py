"""The table's edit mode (issue 25 part 2): ``wartable edit MODULE|DIR`` opens the table on a
module's source folder with :class:`~tools.edit_mode.mode.EditMode` on top of its modes.

The mode lives under ``tools/`` because it drives the editor model (:mod:`tools.editor`) and
``client/`` may not import ``tools/`` (DESIGN, Boundaries): the table knows nothing of editing;
this package builds a table, puts the mode on its mode stack and its commands into its command
table. Nothing of the editing logic is here either: every edit is one of ``tools.editor``'s.
"""
from __future__ import annotations

import pygame

from client.table import Table
from tools.editor import EditorSession

from . import commands
from .mode import EditMode, play_session

__all__ = ["EditMode", "edit_table", "play_session"]


def edit_table(ed: EditorSession, size: tuple[int, int] = (1280, 800), scenario: str | None = None,
               on_quit=None) -> Table:
    """A table showing the module of ``ed`` in edit mode (no window needed: draw it on any
    Surface)."""
    pygame.font.init()
    session = play_session(ed.module, scenario if scenario in ed.module.scenarios else
                           next(iter(ed.module.scenarios), None))
    table = Table(session, size, hot_seat=False, on_quit=on_quit)
    mode = EditMode(table, ed, scenario)
    table.enter_mode(mode)
    commands.install(mode)
    if table.minimap is not None:
        table.minimap.visible = False
    mode.rebuild()
    mode.fit_view()
    return table
