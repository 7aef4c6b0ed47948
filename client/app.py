"""Entry points of the client: ``wartable play`` (:func:`run_play`) and ``wartable shot``
(:func:`run_shot`), plus the window's main loop (:class:`App`).

``play`` needs a display. Without one it prints ONE line saying so and how to run headless
(``wartable shot``, or a virtual display with ``xvfb-run``) and returns 1 — never a traceback.
``shot`` never opens a window: it draws one frame on an offscreen Surface and writes a PNG.
"""
from __future__ import annotations

import argparse
import os
import secrets
import sys
import time
from pathlib import Path
from typing import Any

from engine.errors import WartableError
from engine.model import Module
from engine import modules, pbem
from engine.registry import ruleset_class
from engine import persist
from engine.saves import autosave_dir, read_save
from engine.session import Session

HEADLESS_HINT = ("render headless with `wartable shot MODULE --out frame.png`, "
                 "or run under a virtual display: `xvfb-run wartable play`")


class NoDisplay(WartableError):
    """No display to open a window on (the message is one line with the headless options)."""


def display_problem(env: dict[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why no window can be opened, judged from the environment alone, or None if one may
    be: on Linux (and other X11/Wayland systems) a window needs ``DISPLAY`` or
    ``WAYLAND_DISPLAY`` unless ``SDL_VIDEODRIVER`` names a driver that needs neither."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    driver = env.get("SDL_VIDEODRIVER", "")
    if driver:
        return None
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) \
            and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return "no display available (DISPLAY and WAYLAND_DISPLAY are not set)"
    return None


def open_display(size: tuple[int, int], title: str = "wartable"):
    """Initialise pygame and open the resizable window; NoDisplay (one line) if impossible."""
    problem = display_problem()
    if problem:
        raise NoDisplay(f"{problem}; {HEADLESS_HINT}")
    import pygame
    try:
        pygame.display.init()
        pygame.font.init()
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        raise NoDisplay(f"cannot open a window ({str(exc).strip() or 'no video device'}); {HEADLESS_HINT}") from None
    pygame.display.set_caption(title)
    pygame.key.set_repeat(350, 40)
    return screen


# -- modules and sessions ---------------------------------------------------------------------------

def open_module(arg: str) -> Module:
    """The module ``arg`` names (built-in id, ``.wtm`` path, source folder, or the sample
    ``skirmish``): ``engine.modules.open_module``."""
    return modules.open_module(arg)


def choose_ruleset(module: Module, free: bool, enforce: bool) -> str:
    """``--free`` → free play; ``--enforce`` → the module's ruleset (error if not installed);
    neither → the module's ruleset when installed, else free play."""
    if free:
        return "free"
    installed = ruleset_class(module.ruleset) is not None
    if enforce and not installed:
        raise WartableError(f"the rules of {module.id} (ruleset {module.ruleset!r}) are not installed; "
                            f"play with --free")
    return module.ruleset if installed else "free"


def new_session(module: Module, scenario: str | None, seed: Any, ruleset: str,
                options: dict[str, str] | None = None) -> Session:
    """A new game; ``options`` are scenario options (``Session.new`` refuses unknown ids and
    values with a one-line WartableError naming the choices)."""
    if seed is None:
        seed = secrets.randbits(31)
    elif isinstance(seed, str) and seed.lstrip("-").isdigit():
        seed = int(seed)
    return Session.new(module, scenario, seed, ruleset, options or None)


def parse_options(items: list[str] | None) -> dict[str, str]:
    """``--option ID=VALUE`` items (repeatable) as a dict; the same syntax and message as
    ``wartable fuzz --option``."""
    options: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise WartableError(f"--option {item!r}: expected ID=VALUE, e.g. optional_cards=all")
        options[key] = value
    return options


def load_session(path: Path, module_arg: str | None = None) -> Session:
    """Load a save; the module comes from ``module_arg`` or from the save's header."""
    path = Path(path)
    record = read_save(path)
    module = open_module(module_arg or record["module"]["id"])
    return persist.load(path, module)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise WartableError(f"--size must look like 1600x1000, not {text!r}") from None
    if not (16 <= w <= 16384 and 16 <= h <= 16384):
        raise WartableError(f"--size {text} is out of range (16..16384 each way)")
    return w, h


# -- shot -----------------------------------------------------------------------------------------------

def render_shot(session: Session, size: tuple[int, int], zoom: float | None = None, center: str | None = None,
                side: str = "", chrome: bool = True):
    """One frame of ``session`` as seen by ``side`` on an offscreen Surface (no window)."""
    import pygame
    from .camera import ZOOMS
    from .table import Table
    pygame.font.init()
    table = Table(session, size, side=side, hot_seat=False, chrome=chrome)
    table.defer_minimap = False
    if table.minimap is not None:
        table.minimap.visible = chrome
    if zoom is not None:
        table.camera.index = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - zoom))
        x, y, w, h = table.world.bounds
        table.camera.center_on(x + w / 2, y + h / 2)
    if center is not None:
        if center not in table.world.places:
            raise WartableError(f"--center: module {session.module.id} has no location {center!r}")
        table.camera.center_on(*table.world.centre(center))
    surf = pygame.Surface(size)
    table.draw(surf, complete=True)
    return surf, table


def run_shot(args: argparse.Namespace) -> int:
    """``wartable shot``: write one rendered frame as a PNG; returns the exit code."""
    import pygame
    size = parse_size(args.size)
    if getattr(args, "load", None):
        session = load_session(args.load, args.module)
    else:
        module = open_module(args.module)
        session = new_session(module, args.scenario, getattr(args, "seed", None) or 1,
                              choose_ruleset(module, True, False) if getattr(args, "free", False)
                              else choose_ruleset(module, False, False))
    surf, _ = render_shot(session, size, args.zoom, args.center, getattr(args, "side", "") or "",
                          chrome=not getattr(args, "map_only", False))
    out = Path(args.out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(out))
    except (OSError, pygame.error) as exc:
        raise WartableError(f"cannot write {out}: {exc}") from None
    print(f"wrote {out} ({size[0]}x{size[1]})")
    return 0


# -- play -----------------------------------------------------------------------------------------------

class App:
    """The window and its main loop; shows the start screen or a table."""

    def __init__(self, size: tuple[int, int], autosave: bool = True) -> None:
        self.size = size
        self.autosave = autosave
        self.screen = None
        self.current: Any = None
        self.running = True
        self.first_frame_at: float | None = None
        self.catalog_modules: dict[str, Module] = {}
        self.error = ""
        self.pacer = None   # the loop's client.pacing.Pacer, made by the first run()

    def module(self, module_id: str) -> Module:
        start = self.current
        cached = getattr(getattr(start, "catalog", None), "modules", {})
        return cached.get(module_id) or open_module(module_id)

    def show_start(self) -> None:
        from .start import StartScreen
        self.current = StartScreen(self.size, open_module, self.start_game, self.open_save, self.stop,
                                   on_turn=self.open_turn, on_online=self.show_online)

    def show_online(self) -> None:
        """The start screen's Play online: the lobby, then a game on the server's table."""
        from .widgets.lobby import LobbyScreen, OnlineTableScreen

        def play(connection, game: dict) -> None:
            try:
                self.current = OnlineTableScreen(self.size, connection, game, self.module(game["module"]),
                                                 on_back=lambda: setattr(self, "current", lobby))
            except WartableError as exc:
                self._error(str(exc))

        lobby = LobbyScreen(self.size, open_module, play, self.show_start)
        self.current = lobby

    def start_game(self, module_id: str, scenario: str | None, enforce: bool,
                   options: dict[str, str] | None = None, by_mail: str | None = None) -> None:
        """A new game; ``by_mail``: the side the player takes in a game by e-mail (the first
        turn file is sent as soon as the other side is to act — at once if it moves first)."""
        try:
            module = self.module(module_id)
            session = new_session(module, scenario, None, choose_ruleset(module, not enforce, False), options)
        except WartableError as exc:
            self._error(str(exc))
            return
        if by_mail is None:
            self.show_table(session)
            return
        table = self.show_table(session, seating="pbem", side=by_mail)
        prompt = table.prompt_or_none()
        if prompt is not None and prompt.side and prompt.side != by_mail:
            table.commands.run("send_turn")       # the other side moves first: send the set-up
        else:
            table.toasts.show(f"play your turn as {table.side_name(by_mail)}, then Send turn (Ctrl+E)")

    def open_save(self, path: Path) -> None:
        if Path(path).name.endswith(pbem.SUFFIX):
            self.open_turn(path)
            return
        try:
            session = load_session(path)
        except (WartableError, OSError) as exc:
            self._error(str(exc))
            return
        self.show_table(session, path)

    def open_turn(self, path: Path) -> None:
        """The start screen's "Open a received turn": the game it belongs to, seated as the
        receiving side, replaying the opponent's moves step by step (client.received_turn)."""
        from .received_turn import open_turn
        from .table_files import saves_dir
        try:
            turn = open_turn(Path(path), self.module, (autosave_dir(), saves_dir()))
        except WartableError as exc:
            self._error(str(exc))
            return
        table = self.show_table(turn.session, seating="pbem", side=turn.side or None,
                                keep=turn.save if turn.save is not None and turn.save.parent == autosave_dir()
                                else None)
        table.files.replay(turn.data)

    def _error(self, text: str) -> None:
        import pygame
        from .widgets.dialogs import MessageBox
        modals = getattr(self.current, "modals", None)
        if modals is not None:
            modals.append(MessageBox(pygame.Rect(0, 0, *self.size), "wartable", text))
        else:
            print(f"wartable: {text}", file=sys.stderr)

    def show_table(self, session: Session, save_path: Path | None = None, seating: str = "hot_seat",
                   side: str | None = None, keep: Path | None = None):
        """The table of ``session``; ``keep``: the autosave it continues (a game by e-mail)."""
        from .table import Table
        autosave = None
        if self.autosave:
            try:
                if keep is not None:
                    autosave = persist.Autosave(session, keep)
                    session.listeners.append(autosave.changed)
                else:
                    autosave = persist.Autosave.start(session)
            except OSError:
                pass  # no writable data folder: play on without autosave
        table = Table(session, self.size, side=side, on_quit=self.show_start, on_open=self.open_save,
                      seating=seating)
        table.autosave = autosave
        table.files.save_path = save_path
        self.current = table
        import pygame
        pygame.display.set_caption(f"wartable — {session.module.title}")
        return table

    def stop(self) -> None:
        self.running = False

    def run(self, max_frames: int | None = None) -> int:
        """The main loop; ``max_frames`` stops after that many turns of it (tests, benchmarks).

        A frame is drawn only when something changed (:mod:`client.pacing`): after input, and
        while the screen says it is animating (dice, tiles still rendering, a tooltip or a
        toast due). In between the loop sleeps in ``pygame.event.wait``, so an idle table
        costs next to no CPU."""
        import pygame
        from .pacing import Pacer
        if self.pacer is None:
            self.pacer = Pacer()
        pacer = self.pacer
        frames = 0
        self.screen = pygame.display.get_surface()
        while self.running:
            events = pacer.wait(self.current)
            for event in events:
                if event.type == pygame.QUIT:
                    self.running = False
                    break
                if event.type == pygame.VIDEORESIZE:
                    self.size = (max(320, event.w), max(240, event.h))
                    self.screen = pygame.display.get_surface()
                    if hasattr(self.current, "resize"):
                        self.current.resize(self.size)
                    continue
                self.current.handle(event)
            if not self.running:
                break
            if getattr(self.current, "quit", False):
                self.show_start()
                pacer.invalidate()
            self.current.update(pacer.dt)
            if pacer.should_draw(self.current, bool(events)):
                self.current.draw(self.screen, complete=self.first_frame_at is None)
                pygame.display.flip()
                pacer.drawn(self.current)
                if self.first_frame_at is None:
                    self.first_frame_at = time.perf_counter()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        return 0


def play_session(args: argparse.Namespace) -> Session | None:
    """The game ``wartable play`` opens: the save of ``--load``, a new game of ``module``
    (``--scenario``, ``--seed``, ``--option ID=VALUE`` ..., ``--free``/``--enforce``), or None
    for the start screen. Errors are WartableErrors (one line)."""
    options = parse_options(getattr(args, "option", None))
    if getattr(args, "load", None):
        if options:
            raise WartableError("--option cannot be used with --load: a saved game already has its options")
        return load_session(args.load, args.module)
    if not args.module:
        if options:
            raise WartableError("--option needs a MODULE (on the start screen, options are set next to the scenario)")
        return None
    module = open_module(args.module)
    return new_session(module, args.scenario, getattr(args, "seed", None),
                       choose_ruleset(module, getattr(args, "free", False), getattr(args, "enforce", False)),
                       options)


def run_play(args: argparse.Namespace) -> int:
    """``wartable play``: open the table (start screen without a module); returns the exit code."""
    size = parse_size(getattr(args, "size", None) or "1280x800")
    session = play_session(args)   # bad modules, saves and options are reported before any display question
    problem = display_problem()
    if problem:
        print(f"wartable: {problem}; {HEADLESS_HINT}", file=sys.stderr)
        return 1
    try:
        open_display(size)
    except NoDisplay as exc:
        print(f"wartable: {exc}", file=sys.stderr)
        return 1
    app = App(size, autosave=not getattr(args, "no_autosave", False))
    if session is not None:
        app.show_table(session, Path(args.load) if getattr(args, "load", None) else None)
    else:
        app.show_start()
    import pygame
    try:
        return app.run(getattr(args, "frames", None))
    finally:
        pygame.quit()
