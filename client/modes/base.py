"""The mode interface: one method per gesture, each returning True when the mode took it (the
table then stops passing it down the stack)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..actions import MenuItem, note
from ..widgets.menu import ContextMenu

if TYPE_CHECKING:
    from ..gestures import Press
    from ..table import Table


def los_items(table: "Table", loc: str) -> list[MenuItem]:
    """The menu line starting line of sight from hex ``loc`` (none for other locations)."""
    l = table.module.locations.get(loc)
    return [MenuItem("Line of sight from here", command="los", arg=loc, key="V")] \
        if l is not None and l.kind == "hex" else []


class Mode:
    """A way of reading gestures. Every gesture method returns False: not taken."""
    name = "mode"
    #: The mouse part of the help while this mode is on.
    help = ""

    def __init__(self, table: "Table") -> None:
        self.t = table

    # -- gestures (see client.gestures) ------------------------------------------------------------
    def claim_press(self, pos: tuple[int, int]) -> bool:
        return False

    def pick(self, loc: str | None) -> bool:
        return False

    def hover(self, loc: str | None) -> bool:
        return False

    def click(self, press: "Press", pos: tuple[int, int], before: list[int]) -> bool:
        return False

    def click_place(self, loc: str, pos: tuple[int, int]) -> bool:
        return False

    def double_click(self, press: "Press") -> bool:
        return False

    def drop(self, pids: list[int], loc: str) -> bool:
        return False

    def draw_from(self, src: str, loc: str) -> bool:
        return False

    def context_piece(self, entry: dict, loc: str, pos: tuple[int, int]) -> bool:
        return False

    def context_place(self, loc: str, pos: tuple[int, int]) -> bool:
        return False

    def pile(self, verb: str, loc: str) -> bool:
        """A deck or cup's button in the hand strip (``"draw"``, ``"shuffle"``)."""
        return False

    def escape(self) -> bool:
        """Escape pressed: leave the mode (or what it is doing)."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """An event before any other widget sees it (a mode's own buttons)."""
        return False

    # -- what the mode says ------------------------------------------------------------------------
    def blocks_actions(self) -> str:
        """Why no action may be sent while this mode is on ("" none may be blocked)."""
        return ""

    def refresh(self) -> None:
        """The session or the seat changed."""

    def busy(self) -> bool:
        """Whether the mode animates by itself (the table keeps drawing)."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        """What the mode draws over the map (clipped to it)."""


class PlayMode(Mode):
    """What both play modes share: the right-click menus (free play keeps every line, an
    enforcing game only the lines changing nothing), and a click on a stack opens the
    stack inspector."""
    enforcing = False
    #: right-click menu lines that change nothing and mean something in any game
    ANY_GAME_COMMANDS = frozenset({"inspect", "center", "los"})

    def click(self, press: "Press", pos: tuple[int, int], before: list[int]) -> bool:
        if press.source == "map" and len(self.t.layer.entries(press.loc)) > 1:
            self.t.inspect(press.loc)
        return True

    def context_piece(self, entry: dict, loc: str, pos: tuple[int, int]) -> bool:
        self.open_menu(self.piece_items(entry, loc) + los_items(self.t, loc), pos)
        return True

    def context_place(self, loc: str, pos: tuple[int, int]) -> bool:
        self.open_menu(self.place_items(loc) + los_items(self.t, loc), pos)
        return True

    def piece_items(self, entry: dict, loc: str) -> list[MenuItem]:
        return []

    def place_items(self, loc: str) -> list[MenuItem]:
        return []

    def open_menu(self, items: list[MenuItem], pos: tuple[int, int]) -> ContextMenu | None:
        if not items:
            return None
        menu = ContextMenu(items, pos, self.t.menu_pick, self.t.screen_rect)
        self.t.modals.append(menu)
        return menu

    def highlights(self) -> dict[str, str]:
        """Location → highlight category (enforced play's legal targets)."""
        return {}

    def fill_panel(self) -> None:
        """Fill the action panel (enforced play)."""

    def chat(self, text: str) -> Any:
        return self.t.do(note(self.t.side, text))
