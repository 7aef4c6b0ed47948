"""Line of sight (V, the LOS button, or "Line of sight from here" on a hex's menu): click the
observer hex, then point at the target hex (a click pins it); the sight line is drawn green
(clear) or red (blocked, the blocking hex outlined) with a readout citing the LoS rules.
Read-only: nothing it does is an action. Escape (or V again) leaves it."""
from __future__ import annotations

import pygame

from ..widgets.sight import LosTool
from .base import Mode


def toggle(table, observer: str | None = None) -> None:
    """V, the LOS button: line of sight on (from ``observer`` when given) or off."""
    m = table.mode("los")
    if m is not None and observer is None:
        table.leave_mode(m)
    else:
        table.enter_mode(LineOfSight(table, observer))


class LineOfSight(Mode):
    name = "los"
    help = "Line of sight: click the observer hex, point at the target (click pins it); Esc leaves."

    def __init__(self, table, observer: str | None = None) -> None:
        super().__init__(table)
        self.tool = LosTool(table.module, lambda: table.world.graph, observer)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the readout: a rule link opens the rule; the bar itself takes the click."""
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
            and self.tool.handle_click(event.pos, self.t.open_rule)

    def claim_press(self, pos: tuple[int, int]) -> bool:
        self.t.tooltip.hide()
        return True      # a click picks a hex, a drag pans

    def pick(self, loc: str | None) -> bool:
        self.tool.click(loc)
        return True

    def hover(self, loc: str | None) -> bool:
        self.tool.hover(loc)
        return False     # the table still tracks what is under the mouse

    def click(self, press, pos, before) -> bool:
        return True      # pieces are not picked while sighting

    def escape(self) -> bool:
        self.t.leave_mode(self)
        return True

    def draw(self, surf: pygame.Surface) -> None:
        t = self.t
        top = 42 if any(m.name == "replay" for m in t.modes) else 0
        self.tool.draw(surf, t.map_rect, t.screen_pos_of, t.overlay.outline, top=top)
