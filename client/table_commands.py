"""The table's command table (:mod:`client.commands`): every command with its keys, its status
bar button and when it is available — the one place key bindings are written. The status
bar, the key handler, the right-click menus' client lines and the help (F1) all read it.

Free-play commands (flip, lose a step, marker, send to a box, restack, delete, free dice) are
unavailable in a rules-enforced game: their keys and buttons show why instead of acting. At a
game kept by a server (``session.online``) seats, undo and files are not offered at all.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .commands import Command, keys
from .modes import sight
from .modes.free import FreePlay   # the free-play commands are the free-play mode's

if TYPE_CHECKING:
    from .table import Table

#: What a free-play command says in a rules-enforced game ({key}: the key or button used).
FREE_PLAY_HINT = "{key} is free play only; this game is rules-enforced — use the action panel"
FREE_PLAY_DICE_HINT = "{key} is a free roll; this game is rules-enforced — the rules roll the dice as part " \
                      "of each action"
ONLINE_HINT = "a game on a server is kept by the server: no undo, saves or turn files"


def table_commands(t: "Table") -> list[Command]:
    def free(name: str, run, *bound, help: str = "", bar: str = "", hint: str = FREE_PLAY_HINT) -> Command:
        """A free-play command: run by the free-play mode, refused with ``hint`` otherwise."""
        return Command(name, name.replace("_", " ").capitalize(), lambda *a: run(t.play, *a), keys(*bound),
                       help=help, bar=bar, group="free play",
                       unavailable=lambda: None if not t.play.enforcing else hint)

    def online() -> bool:
        return t.online

    def local() -> str | None:
        return ONLINE_HINT if t.online else None

    return [
        # -- the game -------------------------------------------------------------------------
        Command("seat", "Seat", lambda side=None: t.seating.menu() if side is None else t.seating.set_seat(side),
                help="choose the seated side", bar=lambda: f"Seat: {t.side_name(t.side)}",
                unavailable=t.seating.may_switch, hidden=online),
        Command("next_seat", "Next seat", t.seating.next_seat, keys(pygame.K_h), help="next seat",
                unavailable=t.seating.may_switch, hidden=online),
        Command("undo", "Undo", t.undo, keys((pygame.K_z, "ctrl")), help="undo", bar="Undo", hidden=online,
                unavailable=local),
        Command("redo", "Redo", t.redo, keys((pygame.K_y, "ctrl"), (pygame.K_z, "ctrl", "shift")),
                help="redo", bar="Redo", hidden=online,
                unavailable=local),
        free("dice", lambda mode, *a: mode.dice(), pygame.K_r, help="roll dice", bar="Dice", hint=FREE_PLAY_DICE_HINT),
        Command("los", "LOS", lambda loc=None: sight.toggle(t, loc), keys(pygame.K_v), help="line of sight",
                bar="LOS", active=lambda: t.mode("los") is not None),
        Command("combat", "Combat", lambda: t.combat.show_last(t.session.record.entries), keys(pygame.K_k),
                help="show the last combat", bar="Combat",
                unavailable=lambda: t.combat.why_not(t.session.record.entries)),
        Command("charts", "Charts", t.open_charts, keys(pygame.K_c), help="charts", bar="Charts"),
        Command("rules", "Rules", lambda: t.open_rule(""), keys(pygame.K_b), help="rules", bar="Rules"),
        # -- files -------------------------------------------------------------------------------
        Command("save", "Save", lambda: t.files.save(), keys((pygame.K_s, "ctrl")), help="save",
                bar="Save", hidden=online, unavailable=local),
        Command("save_as", "Save as", lambda: t.files.save(ask=True), keys((pygame.K_s, "ctrl", "shift")),
                help="save as", hidden=online, unavailable=local),
        Command("load", "Load", t.files.load_dialog, keys((pygame.K_o, "ctrl")), help="load", bar="Load",
                hidden=online, unavailable=local),
        Command("send_turn", "Send turn", t.files.export_dialog, keys((pygame.K_e, "ctrl")),
                help="send a turn by e-mail", bar="Send turn", hidden=online, unavailable=local),
        Command("receive_turn", "Receive", t.files.import_dialog, keys((pygame.K_i, "ctrl")),
                help="receive a turn", bar="Receive", hidden=online, unavailable=local),
        Command("help", "Help", t.show_help, keys(pygame.K_F1, (pygame.K_SLASH, "shift")), help="help",
                bar="Help"),
        Command("quit", "Quit", t.quit_table, keys((pygame.K_q, "ctrl")), help="back to the start screen"),
        # -- the view ----------------------------------------------------------------------------
        Command("pan_left", "Pan left", lambda: t.camera.pan(-80, 0), keys(pygame.K_LEFT), help="pan",
                group="view"),
        Command("pan_right", "Pan right", lambda: t.camera.pan(80, 0), keys(pygame.K_RIGHT), help="pan",
                group="view"),
        Command("pan_up", "Pan up", lambda: t.camera.pan(0, -80), keys(pygame.K_UP), help="pan", group="view"),
        Command("pan_down", "Pan down", lambda: t.camera.pan(0, 80), keys(pygame.K_DOWN), help="pan",
                group="view"),
        Command("zoom_in", "Zoom in", lambda: t.camera.zoom_by(1),
                keys(pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS), help="zoom in", group="view"),
        Command("zoom_out", "Zoom out", lambda: t.camera.zoom_by(-1), keys(pygame.K_MINUS, pygame.K_KP_MINUS),
                help="zoom out", group="view"),
        Command("fit", "Fit", lambda: t.camera.fit(t.world.bounds), keys(pygame.K_f), help="whole map",
                group="view"),
        Command("minimap", "Minimap", lambda: t.minimap and setattr(t.minimap, "visible", not t.minimap.visible),
                keys(pygame.K_TAB), help="minimap", group="view"),
        Command("fullscreen", "Fullscreen", lambda: full_screen(t), keys(pygame.K_F11), help="full screen",
                group="view"),
        Command("chat", "Chat", lambda: setattr(t.log.input, "focused", True),
                keys(pygame.K_RETURN, pygame.K_KP_ENTER), help="chat", group="view"),
        Command("escape", "Close", t.escape, keys(pygame.K_ESCAPE), help="close / leave a mode", group="view"),
        # -- free play ---------------------------------------------------------------------------
        free("flip", FreePlay.flip, pygame.K_x, help="flip"),
        free("lose_step", FreePlay.lose_step, pygame.K_l, help="lose a step"),
        free("marker", FreePlay.marker, pygame.K_m, help="add a marker"),
        free("send_to_box", FreePlay.send_to_box, pygame.K_e, help="send to a box"),
        free("to_top", lambda mode: mode.restack(True), pygame.K_PAGEUP, help="top of the stack"),
        free("to_bottom", lambda mode: mode.restack(False), pygame.K_PAGEDOWN, help="bottom of the stack"),
        free("delete", FreePlay.delete, pygame.K_DELETE, pygame.K_BACKSPACE, help="delete"),
        free("custom_marker", FreePlay.marker),
        # -- the lines of right-click menus that are client commands -------------------------------------
        Command("inspect", "Inspect", t.inspect),
        Command("center", "Centre here", t.center_on),
    ]


def full_screen(t: "Table") -> None:
    """F11: full screen and back (the window keeps its size when it cannot)."""
    try:
        pygame.display.toggle_fullscreen()
    except pygame.error as exc:
        t.toasts.show(f"cannot switch to full screen here ({exc})", error=True)
