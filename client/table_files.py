"""The table's files: saving and loading the game, sending and receiving a turn by e-mail.

A save is the game record (:mod:`engine.persist`); a turn file holds the actions since the
opponent's last file (:mod:`engine.pbem`). Receiving one replays it step by step in the
replay mode (:class:`client.modes.replay.TurnReplayMode`), every state hash checked.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from engine import pbem, persist
from engine.errors import SaveError, WartableError
from engine.saves import SUFFIX as SAVE_SUFFIX, autosave_dir, read_save

from .modes.replay import TurnReplayMode
from .widgets.dialogs import FileDialog, MessageBox

if TYPE_CHECKING:
    from .table import Table


def saves_dir() -> Path:
    """Default folder for saves and PBEM files (next to the autosaves)."""
    return autosave_dir().parent / "saves"


class TableFiles:
    def __init__(self, table: "Table") -> None:
        self.t = table
        self.save_path: Path | None = None
        #: where the actions to send start: just after the last received turn
        self.pbem_since = 0

    def _folder(self) -> Path:
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def default_name(self, suffix: str) -> str:
        h = self.t.session.record.header
        return f"{h.module_id}-{h.scenario}-{len(self.t.session.record.entries)}{suffix}"

    # -- saves -------------------------------------------------------------------------------------
    def save(self, path: Path | None = None, ask: bool = False) -> None:
        """Save to ``path``, else to the last save path, else ask with the file dialog."""
        t = self.t
        path = path or (None if ask else self.save_path)
        if path is None:
            t.modals.append(FileDialog(t.screen_rect, "save", self._folder(), (SAVE_SUFFIX,),
                                       lambda p: self.save(p), name=self.default_name(SAVE_SUFFIX),
                                       title="Save game"))
            return
        try:
            self.save_path = persist.save(t.session, path)
            t.toasts.show(f"saved {self.save_path.name}")
        except OSError as exc:
            t.toasts.show(f"cannot save {path}: {exc.strerror or exc}", error=True)

    def load_dialog(self) -> None:
        folder = self.save_path.parent if self.save_path else self._folder()
        folder.mkdir(parents=True, exist_ok=True)
        self.t.modals.append(FileDialog(self.t.screen_rect, "open", folder, (SAVE_SUFFIX, pbem.SUFFIX),
                                        self.load, title="Load game"))

    def load(self, path: Path) -> None:
        """Load a save of this module (another module's save is handed to ``on_open``; a turn
        file is received)."""
        t = self.t
        if Path(path).name.endswith(pbem.SUFFIX):
            self.receive(path)
            return
        try:
            if read_save(Path(path))["module"]["id"] != t.module.id and t.on_open is not None:
                t.on_open(Path(path))
                return
            session = persist.load(path, t.module)
        except SaveError as exc:
            t.modals.append(MessageBox(t.screen_rect, "Cannot load", str(exc)))
            return
        if t.autosave is not None:
            t.autosave.stop()
            t.autosave = persist.Autosave.start(session, t.autosave.path.parent)
        self.save_path = Path(path)
        t.set_session(session)
        t.toasts.show(f"loaded {Path(path).name}: {len(session.record.entries)} actions replayed")

    # -- turns by e-mail ------------------------------------------------------------------------------
    def since(self) -> int:
        return max(self.pbem_since, pbem.default_since(self.t.session, self.t.side))

    def export_dialog(self) -> None:
        t = self.t
        since = self.since()
        n = len(t.session.record.entries) - since
        t.modals.append(FileDialog(t.screen_rect, "save", self._folder(), (pbem.SUFFIX,),
                                   lambda p: self.export(p, since), name=self.default_name(pbem.SUFFIX),
                                   title=f"Send turn: {n} action(s) since the opponent's last file"))

    def export(self, path: Path, since: int | None = None) -> Path | None:
        t = self.t
        since = self.since() if since is None else since
        try:
            out = pbem.write_turn(t.session, path, since, t.side)
        except (OSError, WartableError) as exc:
            t.toasts.show(f"cannot write the turn: {exc}", error=True)
            return None
        t.toasts.show(f"turn written to {out.name}: send it to your opponent")
        t.hint_once(pbem.TRUST_NOTE)   # said plainly, once: PBEM is tamper-evident, not secret
        return out

    def import_dialog(self) -> None:
        t = self.t
        t.modals.append(FileDialog(t.screen_rect, "open", self._folder(), (pbem.SUFFIX,), self.receive,
                                   title="Receive the opponent's turn"))

    def receive(self, path: Path, auto: bool = False) -> bool:
        """Start replaying a received turn file step by step (``auto``: one step every moment)."""
        try:
            data = pbem.read_turn(path)
        except WartableError as exc:
            self.t.modals.append(MessageBox(self.t.screen_rect, "Cannot use this turn file", str(exc)))
            return False
        return self.replay(data, auto)

    def replay(self, data: dict, auto: bool = False) -> bool:
        """Replay the checked turn ``data`` on this game, step by step."""
        t = self.t
        try:
            if t.session.redo_stack:
                t.session.redo_stack.clear()  # undone moves cannot be redone after the opponent's
            replay = pbem.TurnReplay(t.session, data)
        except WartableError as exc:
            t.modals.append(MessageBox(t.screen_rect, "Cannot use this turn file", str(exc)))
            return False
        mode = TurnReplayMode(t, replay, auto)
        t.enter_mode(mode)
        t.toasts.show(f"opponent's turn: {replay.total} action(s) — Next to step through")
        if replay.finished:
            mode.finish()
        return True
