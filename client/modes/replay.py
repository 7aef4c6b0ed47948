"""Replaying a received turn (play by e-mail): the opponent's actions are applied one at a time
(Next, or Play all for one every moment), each tossing its dice and showing its combats as it
was played; nothing else may be done until the turn is replayed. When it is, every state hash
has been checked and it is the receiving player's turn."""
from __future__ import annotations

import pygame

from engine import pbem
from engine.errors import WartableError

from .. import colours, fonts
from ..widgets.base import Button
from ..widgets.dialogs import MessageBox
from .base import Mode

STEP_DELAY = 0.6     # seconds between two actions of "Play all"


class TurnReplayMode(Mode):
    name = "replay"
    help = "Replaying the opponent's turn: Next steps one action, Play all runs it, Stop pauses."

    def __init__(self, table, replay: pbem.TurnReplay, auto: bool = False) -> None:
        super().__init__(table)
        self.replay = replay
        self.auto = auto
        self.wait = 0.0
        self.buttons: list[Button] = []

    def blocks_actions(self) -> str:
        return "" if self.replay.finished else "finish replaying the opponent's turn first"

    def busy(self) -> bool:
        return self.auto

    def update(self, dt: float) -> None:
        if self.auto and not self.t.tray.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.step()
                self.wait = STEP_DELAY

    def step(self) -> bool:
        """Apply the next action of the turn; False when there is none."""
        t = self.t
        if self.replay.finished:
            return False
        try:
            entry = self.replay.step()
        except WartableError as exc:
            t.leave_mode(self)
            t.modals.append(MessageBox(t.screen_rect, "The opponent's turn does not replay", str(exc)))
            return False
        t.on_change("replay", entry)
        if self.replay.finished:
            self.finish()
        return True

    def finish(self) -> None:
        t = self.t
        ok = t.session.state.hash == self.replay.data["hash_after"]
        prompt = t.prompt_or_none()
        yours = prompt is not None and prompt.side == t.side and bool(t.side)
        t.toasts.show(("opponent's turn replayed, every state hash verified"
                       + (f" — your turn, {t.side_name(t.side)}" if yours else "")) if ok
                      else "replayed, but the final hash differs from the sender's", error=not ok)
        t.files.pbem_since = len(t.session.record.entries)
        if t.autosave is not None:
            t.autosave.write()
        t.leave_mode(self)

    def handle(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surf: pygame.Surface) -> None:
        mr = self.t.map_rect
        bar = pygame.Rect(mr.centerx - 260, mr.y + 8, 520, 34)
        pygame.draw.rect(surf, (20, 22, 26), bar, border_radius=6)
        pygame.draw.rect(surf, colours.UI_ACCENT, bar, 1, border_radius=6)
        text = f"Opponent's turn: {self.replay.done}/{self.replay.total} replayed"
        surf.blit(fonts.text(text, 15, colours.UI_TEXT), (bar.x + 10, bar.y + 8))
        self.buttons = [Button((bar.right - 236, bar.y + 4, 70, 26), "Next", self.step),
                        Button((bar.right - 160, bar.y + 4, 76, 26), "Play all", self._all),
                        Button((bar.right - 78, bar.y + 4, 70, 26), "Stop", self._stop)]
        for b in self.buttons:
            b.draw(surf)

    def _all(self) -> None:
        self.auto = True

    def _stop(self) -> None:
        self.auto = False
