"""Who sits at the table, and how the table passes between players.

* **hot seat** (the window's default): one screen, the players take turns at it. After an
  action (or redo) after which another side is to act, the hand-over screen for that side comes
  up by itself — once the action's dice have been shown and the seated player has dismissed
  the combat it showed — and the seated side's view stays until the next player confirms
  (Escape keeps the seat, e.g. to undo). The Seat menu and H switch seats through the
  hand-over screen.
* **by e-mail** (``pbem``): the seat is the player's own side for the whole game; when the
  other side is to act, the panel offers to send the turn (Ctrl+E) instead of a seat.
* **online**: the server seats the player; nothing switches.
* **fixed** (a screenshot, a test): nothing switches by itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import MenuItem
from .widgets.dialogs import HandOver
from .widgets.menu import ContextMenu
from .widgets.prompt import PanelButton

if TYPE_CHECKING:
    from .table import Table

KINDS = ("hot_seat", "pbem", "online", "fixed")


class Seating:
    def __init__(self, table: "Table", kind: str) -> None:
        if kind not in KINDS:
            raise ValueError(f"seating {kind!r} is not one of {', '.join(KINDS)}")
        self.t = table
        self.kind = kind
        #: an action was applied; once its dice (and combat) are shown, hand the table over to
        #: the side to act if that is another side (hot seat)
        self.due = False

    @property
    def hot_seat(self) -> bool:
        return self.kind == "hot_seat"

    def may_switch(self) -> str | None:
        """Why the seat may not be changed here (None: it may)."""
        if self.kind == "pbem":
            return "a game by e-mail keeps your seat: send your turn to the other player"
        if self.kind == "online":
            return "the server seats you at an online game"
        return None

    # -- after a change -------------------------------------------------------------------------
    def changed(self, what: str, entry) -> None:
        """An action was applied (``push``/``redo``: maybe hand over) or anything else."""
        self.due = self.hot_seat and entry is not None and what in ("push", "redo")
        self.hand_over()

    def hand_over(self) -> bool:
        """If the ruleset's prompt names another real side than the seated one, show the
        hand-over screen for it. Waits while the action's dice tumble or its combat is shown
        to the player who acted (``Table.update`` calls again). True when it opened."""
        t = self.t
        if not self.due:
            return False
        if not self.hot_seat or t.blocked():
            self.due = False
            return False
        if t.tray.busy or t.combat.shown(t.side) is not None:
            return False   # let the player who acted see the roll and the combat first
        self.due = False
        if any(isinstance(m, HandOver) and not m.closed for m in t.modals):
            return False
        prompt = t.prompt_or_none()
        if prompt is None or prompt.kind == "game_over" or not prompt.side or prompt.side == t.side \
                or prompt.side not in t.module.side_ids:
            return False
        side = prompt.side
        stay = t.side_name(t.side) if t.side else ""
        t.modals.append(HandOver(t.screen_rect, t.side_name(side), lambda: self.seat(side),
                                 on_stay=lambda: self._stay(side), stay_name=stay))
        return True

    def _stay(self, other: str) -> None:
        t = self.t
        t.toasts.show(f"still seated as {t.side_name(t.side)}: the {t.side_name(other)} "
                      f"seat is offered in the panel (or the Seat menu) when ready")

    def offer(self, side: str) -> PanelButton | None:
        """The panel's button while another side is to act."""
        t = self.t
        if self.kind == "pbem":
            return PanelButton(f"Send your turn to {t.side_name(side)}", lambda: t.commands.run("send_turn"),
                               "write the turn file to send by e-mail (Ctrl+E)", accent=True)
        if self.kind in ("hot_seat", "fixed"):
            return PanelButton(f"Take the {t.side_name(side)} seat", lambda: self.set_seat(side),
                               "hot seat: hand the table over to the side to act", accent=True)
        return None

    # -- choosing a seat -------------------------------------------------------------------------------
    def menu(self) -> None:
        t = self.t
        items = [MenuItem(s.name + ("  ✓" if s.id == t.side else ""), command="seat", arg=s.id)
                 for s in t.module.sides]
        items.append(MenuItem("Spectator" + ("  ✓" if not t.side else ""), command="seat", arg=""))
        b = t.status.button("Seat")
        pos = (b.rect.x, b.rect.bottom) if b else (0, t.map_rect.y)
        t.modals.append(ContextMenu(items, pos, t.menu_pick, t.screen_rect))

    def set_seat(self, side: str, hand_over: bool | None = None) -> None:
        """Seat ``side``. In hot-seat play, changing to another real side first shows the
        hand-over screen (the new side's view appears only after it is dismissed)."""
        if side == self.t.side:
            return
        if (self.hot_seat if hand_over is None else hand_over) and side:
            self.t.modals.append(HandOver(self.t.screen_rect, self.t.side_name(side), lambda: self.seat(side)))
        else:
            self.seat(side)

    def seat(self, side: str) -> None:
        t = self.t
        t.side = side
        t.selection = []
        t.inspector = None
        t.refresh()

    def next_seat(self) -> None:
        sides = list(self.t.module.side_ids) or [""]
        i = sides.index(self.t.side) if self.t.side in sides else -1
        self.set_seat(sides[(i + 1) % len(sides)])
