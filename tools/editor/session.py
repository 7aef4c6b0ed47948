"""The editor session: one module being edited over its source folder.

    from tools.editor import EditorSession, PaintTerrain
    ed = EditorSession.open("my_game/")            # or .new(folder, id, title), .dump(arg, folder)
    ed.do(PaintTerrain(["0304", "0305"], "forest"))
    ed.problems_at(Element("location", "0304"))    # what validate says about that hex
    ed.undo(); ed.redo()
    ed.save()                                      # the folder rewritten, the module rebuilt

Every edit is an :class:`~tools.editor.core.Edit`: one undo step, made whole or not at all (an
edit that fails leaves the module as it was and raises :class:`~tools.editor.core.EditError`).
After each change the module is checked again (``tools.validate`` and the ruleset's
requirements) and each problem is attached to its element. ``listeners`` hear
``(what, step)`` after every ``do``, ``undo`` and ``redo`` (a screen redraws what ``step``
touched). Saving writes the canonical source folder (``engine.source.write_source``: stable
order, diff-friendly), checks that it reads back to the same module, and builds the ``.wtm``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.container import module_problems, read_module, write_module
from engine.errors import WartableError
from engine.model import Board, Module
from engine.modules import module_path, open_module
from engine.source import MODULE_TOML, read_source, write_source

from .core import Draft, Edit, EditError, Step
from .ops_module import check_module_id
from .problems import Element, Problem, check
from .provenance import Item, reconstructed

#: How many steps undo keeps.
UNDO_LIMIT = 1000


@dataclass(frozen=True)
class SaveReport:
    """What :meth:`EditorSession.save` did: the source files written, the ``.wtm`` built (None
    when the loader refuses the module as it is: ``refused`` says why) and the problems left."""
    files: tuple[Path, ...]
    built: Path | None
    refused: str
    problems: tuple[Problem, ...]


class EditorSession:
    """A module being edited over source folder ``folder`` (see the module docstring)."""

    def __init__(self, module: Module, folder: str | Path, rules: bool = True) -> None:
        self.module = module
        self.folder = Path(folder)
        self.rules = rules
        self.undo_stack: list[Step] = []
        self.redo_stack: list[Step] = []
        self.listeners: list[Callable[[str, Step], None]] = []
        self.saved_at = 0            # len(undo_stack) when last saved (-1: never matches)
        self._problems: list[Problem] | None = None

    # -- opening ------------------------------------------------------------------------------------
    @classmethod
    def open(cls, folder: str | Path, rules: bool = True) -> "EditorSession":
        """Edit the module source folder ``folder`` in place."""
        return cls(read_source(folder), folder, rules)

    @classmethod
    def new(cls, folder: str | Path, module_id: str, title: str = "",
            rules: bool = True) -> "EditorSession":
        """A new, empty module (free play, no sides yet) to be saved in ``folder``, which must
        not hold module sources already."""
        check_module_id(module_id)
        folder = Path(folder)
        if (folder / MODULE_TOML).exists():
            raise EditError(f"{folder}: already holds a module (open it instead)")
        m = Module(id=module_id, title=title or module_id.replace("_", " ").title())
        ed = cls(m, folder, rules)
        ed.saved_at = -1
        return ed

    @classmethod
    def dump(cls, arg: str, folder: str | Path, force: bool = False,
             rules: bool = True) -> "EditorSession":
        """Edit a built-in module or a ``.wtm`` file: it is first written as canonical sources
        to ``folder`` (the user's choice; ``force`` replaces sources already there)."""
        module = open_module(arg)
        write_source(module, folder, overwrite=force)
        return cls.open(folder, rules)

    # -- editing ------------------------------------------------------------------------------------
    def do(self, edit: Edit) -> Step:
        """Make ``edit`` as one undo step; EditError (module unchanged) when it cannot be made."""
        draft = Draft(self.module)
        try:
            edit.make(draft)
        except EditError:
            draft.rollback()
            raise
        except (WartableError, ValueError, KeyError, TypeError) as exc:
            draft.rollback()
            raise EditError(f"{edit.label}: {' '.join(str(exc).split())}") from None
        step = Step(edit.label, tuple(draft.changes))
        self.undo_stack.append(step)
        if len(self.undo_stack) > UNDO_LIMIT:
            del self.undo_stack[0]
            self.saved_at -= 1
        self.redo_stack.clear()
        self._changed("do", step)
        return step

    def undo(self) -> Step | None:
        """Take the last edit back (None when there is none)."""
        if not self.undo_stack:
            return None
        step = self.undo_stack.pop()
        step.undo(self.module)
        self.redo_stack.append(step)
        self._changed("undo", step)
        return step

    def redo(self) -> Step | None:
        """Make the last undone edit again (None when there is none)."""
        if not self.redo_stack:
            return None
        step = self.redo_stack.pop()
        step.redo(self.module)
        self.undo_stack.append(step)
        self._changed("redo", step)
        return step

    @property
    def dirty(self) -> bool:
        """Whether there are edits since the last save (or the module was never saved)."""
        return len(self.undo_stack) != self.saved_at

    def _changed(self, what: str, step: Step) -> None:
        self._problems = None
        for listener in list(self.listeners):
            listener(what, step)

    # -- checking -----------------------------------------------------------------------------------
    @property
    def problems(self) -> list[Problem]:
        """Every problem of the module as it is now, each attached to its element."""
        if self._problems is None:
            self._problems = check(self.module, self.rules)
        return list(self._problems)

    def problems_at(self, element: Element) -> list[Problem]:
        """The problems attached to ``element`` (a table's include its cells', a scenario's its
        placements' and options')."""
        out = []
        for p in self.problems:
            e = p.element
            if e == element or (element.kind in ("table", "scenario") and not element.part
                                and e.id == element.id
                                and e.kind in ("cell", "placement", "option", element.kind)):
                out.append(p)
        return out

    def reconstructed(self) -> list[Item]:
        """Every value still marked reconstructed (``tools.editor.provenance``)."""
        return reconstructed(self.module)

    # -- saving -------------------------------------------------------------------------------------
    def save(self) -> SaveReport:
        """Rewrite the source folder (canonical, deterministic), check it reads back to the same
        module, and build the ``.wtm`` (the table's cache of the folder). A module the loader
        still refuses is saved as sources all the same (nothing is lost); ``built`` is then
        None and ``refused`` says why."""
        files = write_source(self.module, self.folder, overwrite=True)
        back = read_source(self.folder)
        broken = module_problems(self.module)
        built: Path | None = None
        refused = ""
        if broken:
            refused = str(broken[0])
        else:
            if write_module(back) != write_module(self.module):
                raise WartableError(f"{self.folder}: the saved sources do not read back to the "
                                    "edited module (a bug in wartable: please report it)")
            built = module_path(str(self.folder))
            read_module(built.read_bytes(), built.name)
        self.saved_at = len(self.undo_stack)
        return SaveReport(tuple(files), built, refused, tuple(self.problems))

    # -- reading ------------------------------------------------------------------------------------
    def board(self, board_id: str) -> Board:
        return self.module.board(board_id)
