"""Modal dialogs: a text prompt, a file chooser, the hot-seat hand-over screen, the dice
dialog and a message box. Each reports the user's choice through a callback and closes."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

import pygame

from .. import colours, fonts
from .base import LINE, UI_FONT, Button, TextInput, Widget, draw_panel


def _centred(bounds: pygame.Rect, w: int, h: int) -> pygame.Rect:
    r = pygame.Rect(0, 0, min(w, bounds.w - 20), min(h, bounds.h - 20))
    r.center = bounds.center
    return r


class Dialog(Widget):
    """Base of the modal dialogs: a centred panel with a title, buttons and Escape to cancel."""
    modal = True

    def __init__(self, bounds: pygame.Rect, w: int, h: int, title: str) -> None:
        super().__init__(_centred(bounds, w, h))
        self.bounds = pygame.Rect(bounds)
        self.title = title
        self.buttons: list[Button] = []
        self.fields: list[TextInput] = []

    def handle(self, event: pygame.event.Event) -> bool:
        for f in self.fields:
            if f.handle(event):
                return True
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        return True  # modal: nothing reaches the table while a dialog is open

    def accept(self) -> None:
        """Enter pressed outside a text field: the dialog's default button."""
        self.close()

    def cancel(self) -> None:
        self.close()

    def draw(self, surf: pygame.Surface) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surf.blit(shade, (0, 0))
        draw_panel(surf, self.rect, self.title)
        for f in self.fields:
            f.draw(surf)
        for b in self.buttons:
            b.draw(surf)


class TextPrompt(Dialog):
    """Ask for one line of text; ``on_ok(text)`` on OK/Enter."""

    def __init__(self, bounds: pygame.Rect, title: str, prompt: str, on_ok: Callable[[str], None],
                 initial: str = "") -> None:
        super().__init__(bounds, 460, 150, title)
        self.prompt, self.on_ok = prompt, on_ok
        field = TextInput((self.rect.x + 14, self.rect.y + 66, self.rect.w - 28, 26), initial,
                          on_submit=lambda t: self._ok(), on_cancel=self.cancel)
        field.focused = True
        self.field = field
        self.fields = [field]
        self.buttons = [Button((self.rect.right - 190, self.rect.bottom - 36, 84, 26), "OK", self._ok),
                        Button((self.rect.right - 98, self.rect.bottom - 36, 84, 26), "Cancel", self.cancel)]

    def _ok(self) -> None:
        self.close()
        self.on_ok(self.field.text)

    accept = _ok

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        surf.blit(fonts.render(self.prompt, UI_FONT, colours.UI_TEXT), (self.rect.x + 14, self.rect.y + 40))


class MessageBox(Dialog):
    """A message with an OK button (and an optional link line calling ``on_link``)."""

    def __init__(self, bounds: pygame.Rect, title: str, text: str, link: str = "",
                 on_link: Callable[[], None] | None = None) -> None:
        f = fonts.font(UI_FONT)
        lines = fonts.wrap(text, f, 520)
        super().__init__(bounds, 560, 110 + len(lines) * LINE + (LINE if link else 0), title)
        self.lines, self.link, self.on_link = lines, link, on_link
        self.buttons = [Button((self.rect.right - 98, self.rect.bottom - 36, 84, 26), "OK", self.close)]
        self.link_rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.link_rect.collidepoint(event.pos):
            self.close()
            if self.on_link:
                self.on_link()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        y = self.rect.y + 40
        for line in self.lines:
            surf.blit(fonts.render(line, UI_FONT, colours.UI_TEXT), (self.rect.x + 16, y))
            y += LINE
        if self.link:
            img = fonts.render(self.link, UI_FONT, colours.UI_LINK)
            self.link_rect = img.get_rect(topleft=(self.rect.x + 16, y + 4))
            surf.blit(img, self.link_rect)
            pygame.draw.line(surf, colours.UI_LINK, self.link_rect.bottomleft, self.link_rect.bottomright)


class FileDialog(Dialog):
    """Choose a file: ``mode`` is ``"open"`` or ``"save"``. Lists folders and files ending in
    one of ``suffixes`` (newest first); click a folder to enter it, click a file to pick its
    name, double-click or OK to confirm. ``on_ok(path)``."""

    def __init__(self, bounds: pygame.Rect, mode: str, folder: Path, suffixes: tuple[str, ...],
                 on_ok: Callable[[Path], None], name: str = "", title: str = "") -> None:
        super().__init__(bounds, 620, 480, title or ("Open" if mode == "open" else "Save as"))
        self.mode, self.suffixes, self.on_ok = mode, suffixes, on_ok
        self.folder = Path(folder)
        self.name_field = TextInput((self.rect.x + 14, self.rect.bottom - 74, self.rect.w - 28, 26), name,
                                    on_submit=lambda t: self._ok(), on_cancel=self.cancel)
        self.name_field.focused = True
        self.fields = [self.name_field]
        self.buttons = [Button((self.rect.right - 190, self.rect.bottom - 38, 84, 26),
                               "Open" if mode == "open" else "Save", self._ok),
                        Button((self.rect.right - 98, self.rect.bottom - 38, 84, 26), "Cancel", self.cancel)]
        self.top = 0
        self.error = ""
        self._last_click = (None, 0.0)
        self.entries: list[Path] = []
        self._scan()

    def _scan(self) -> None:
        try:
            items = list(self.folder.iterdir())
        except OSError as exc:
            self.error = f"cannot read {self.folder}: {exc.strerror or exc}"
            items = []
        dirs = sorted((p for p in items if p.is_dir() and not p.name.startswith(".")), key=lambda p: p.name.lower())
        files = [p for p in items if p.is_file() and p.name.endswith(self.suffixes)]
        files.sort(key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
        self.entries = [self.folder.parent] + dirs + files if self.folder.parent != self.folder else dirs + files
        self.top = 0

    def _list_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 14, self.rect.y + 58, self.rect.w - 28, self.rect.h - 58 - 84)

    def _ok(self) -> None:
        name = self.name_field.text.strip()
        if not name:
            self.error = "type or pick a file name"
            return
        path = Path(os.path.expanduser(name))
        if not path.is_absolute():
            path = self.folder / path
        if path.is_dir():
            self.folder = path
            self.name_field.text = ""
            self._scan()
            return
        if self.mode == "save" and not path.name.endswith(self.suffixes):
            path = path.with_name(path.name + self.suffixes[0])
        if self.mode == "open" and not path.is_file():
            self.error = f"no such file: {path.name}"
            return
        self.close()
        self.on_ok(path)

    def accept(self) -> None:
        self._ok()

    def handle(self, event: pygame.event.Event) -> bool:
        lr = self._list_rect()
        if event.type == pygame.MOUSEWHEEL:
            rows = lr.h // LINE
            self.top = max(0, min(len(self.entries) - rows, self.top - event.y * 3))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and lr.collidepoint(event.pos):
            i = self.top + (event.pos[1] - lr.y) // LINE
            if 0 <= i < len(self.entries):
                p = self.entries[i]
                now = time.monotonic()
                double = self._last_click[0] == p and now - self._last_click[1] < 0.5
                self._last_click = (p, now)
                if p.is_dir():
                    self.folder = p.resolve()
                    self._scan()
                else:
                    self.name_field.text = p.name
                    if double:
                        self._ok()
            return True
        return super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        f = fonts.font(UI_FONT - 1)
        surf.blit(f.render(fonts.elide(str(self.folder), f, self.rect.w - 28), True, colours.UI_DIM),
                  (self.rect.x + 14, self.rect.y + 36))
        lr = self._list_rect()
        pygame.draw.rect(surf, (24, 26, 30), lr)
        rows = lr.h // LINE
        for k, p in enumerate(self.entries[self.top:self.top + rows]):
            y = lr.y + k * LINE
            name = ".. (up)" if (self.top + k == 0 and p == self.folder.parent) else (p.name + ("/" if p.is_dir() else ""))
            colour = colours.UI_LINK if p.is_dir() else colours.UI_TEXT
            if p.name == self.name_field.text:
                pygame.draw.rect(surf, colours.UI_HILITE, (lr.x, y, lr.w, LINE))
            surf.blit(f.render(fonts.elide(name, f, lr.w - 170), True, colour), (lr.x + 6, y + 2))
            if p.is_file():
                stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
                img = f.render(stamp, True, colours.UI_DIM)
                surf.blit(img, (lr.right - img.get_width() - 6, y + 2))
        if self.error:
            surf.blit(f.render(self.error, True, colours.UI_ERROR), (self.rect.x + 14, self.rect.bottom - 34))


class HandOver(Dialog):
    """The hot-seat screen between sides: covers the whole table until the next player clicks,
    so nobody sees the other side's hand. With ``on_stay`` (the hand-over the table shows by
    itself when the side to act changes), Escape closes it and keeps the seat of the player
    who just acted (``stay_name``: to undo, or to send a PBEM turn); the next side's view is
    never shown that way."""

    def __init__(self, bounds: pygame.Rect, side_name: str, on_ready: Callable[[], None],
                 on_stay: Callable[[], None] | None = None, stay_name: str = "") -> None:
        super().__init__(bounds, bounds.w, bounds.h, "")
        self.rect = pygame.Rect(bounds)
        self.side_name, self.on_ready = side_name, on_ready
        self.on_stay, self.stay_name = on_stay, stay_name

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.close()
            self.on_ready()
        elif self.on_stay is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            self.on_stay()
        return True

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((16, 18, 22), self.rect)
        big = fonts.render(f"Hand over to {self.side_name}", 40, colours.UI_ACCENT, bold=True)
        surf.blit(big, big.get_rect(center=(self.rect.centerx, self.rect.centery - 20)))
        small = fonts.render("click or press Enter when only that player is looking", 18, colours.UI_DIM)
        surf.blit(small, small.get_rect(center=(self.rect.centerx, self.rect.centery + 30)))
        if self.on_stay is not None:
            who = f" as {self.stay_name}" if self.stay_name else ""
            stay = fonts.render(f"Esc: stay seated{who} (to undo, or to send a PBEM turn)", 15, colours.UI_DIM)
            surf.blit(stay, stay.get_rect(center=(self.rect.centerx, self.rect.centery + 60)))


class DiceDialog(Dialog):
    """Choose what to roll and what for: quick buttons for 1d6/2d6 and the module's dice, a
    count, a purpose. ``on_roll(spec, purpose)``.

    The purpose field keeps the keyboard the whole time (issue 18: a click on − or + took the
    focus away, digits typed for the purpose then changed the count and the letters were
    lost): the buttons and ↑/↓ change the count, every character typed goes to the purpose,
    Enter rolls."""

    def __init__(self, bounds: pygame.Rect, dice: list[tuple[str, str]], on_roll: Callable[[str, str], None],
                 purpose: str = "") -> None:
        super().__init__(bounds, 520, 210, "Roll dice")
        self.on_roll = on_roll
        self.count = 1
        self.dice = dice or [("d6", "d6")]
        self.choice = 0
        x = self.rect.x + 14
        self.die_buttons: list[Button] = []
        for k, (spec, label) in enumerate(self.dice[:6]):
            b = Button((x, self.rect.y + 40, 76, 26), label, lambda k=k: self._pick(k))
            self.die_buttons.append(b)
            x += 82
        self.purpose = TextInput((self.rect.x + 14, self.rect.y + 112, self.rect.w - 28, 26), purpose,
                                 on_submit=lambda t: self._roll(), on_cancel=self.cancel,
                                 placeholder="what is it for? (shown in the log)")
        self.purpose.focused = True
        self.buttons = self.die_buttons + [
            Button((self.rect.x + 14, self.rect.y + 76, 26, 26), "−", lambda: self._count(-1)),
            Button((self.rect.x + 76, self.rect.y + 76, 26, 26), "+", lambda: self._count(+1)),
            Button((self.rect.right - 190, self.rect.bottom - 36, 84, 26), "Roll", self._roll),
            Button((self.rect.right - 98, self.rect.bottom - 36, 84, 26), "Cancel", self.cancel)]
        self._pick(0)

    def _pick(self, k: int) -> None:
        self.choice = k
        for i, b in enumerate(self.die_buttons):
            b.accent = i == k

    def _count(self, d: int) -> None:
        self.count = max(1, min(12, self.count + d))

    @property
    def spec(self) -> str:
        return f"{self.count}{self.dice[self.choice][0]}"

    def _roll(self) -> None:
        self.close()
        self.on_roll(self.spec, self.purpose.text.strip())

    accept = _roll

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._count(1 if event.key == pygame.K_UP else -1)
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        self.purpose.focused = True          # the purpose keeps the keyboard
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if self.purpose.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        return True

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        self.purpose.draw(surf)
        count = fonts.render(str(self.count), UI_FONT + 2, colours.UI_TEXT, bold=True)
        surf.blit(count, count.get_rect(center=(self.rect.x + 58, self.rect.y + 89)))
        img = fonts.render(f"dice  →  roll {self.spec}   (↑/↓ count)", UI_FONT, colours.UI_TEXT)
        surf.blit(img, (self.rect.x + 114, self.rect.y + 80))
        surf.blit(fonts.render("What is it for? (shown in the log)", UI_FONT - 2, colours.UI_DIM),
                  (self.rect.x + 14, self.rect.y + 142))


class ChoiceDialog(Dialog):
    """A question with one button per answer; ``on_choose(value)`` with the picked answer's
    value, Escape cancels. ``choices``: (label, value) pairs."""

    def __init__(self, bounds: pygame.Rect, title: str, text: str, choices: list[tuple[str, object]],
                 on_choose: Callable[[object], None]) -> None:
        f = fonts.font(UI_FONT)
        lines = fonts.wrap(text, f, 440)
        super().__init__(bounds, 480, 58 + len(lines) * LINE + len(choices) * 34, title)
        self.lines, self.on_choose = lines, on_choose
        y = self.rect.y + 44 + len(lines) * LINE
        for label, value in choices:
            self.buttons.append(Button((self.rect.x + 20, y, self.rect.w - 40, 28), label,
                                       lambda v=value: self._choose(v)))
            y += 34

    def _choose(self, value: object) -> None:
        self.close()
        self.on_choose(value)

    def accept(self) -> None:
        """Enter: the first answer."""
        if self.buttons:
            self.buttons[0].on_click()

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        y = self.rect.y + 38
        for line in self.lines:
            surf.blit(fonts.render(line, UI_FONT, colours.UI_TEXT), (self.rect.x + 20, y))
            y += LINE
