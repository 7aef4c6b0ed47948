"""Screenshots of the edit mode, made headless (``SDL_VIDEODRIVER=dummy``) through the same
gestures a user makes:

    SDL_VIDEODRIVER=dummy python -m tools.edit_mode.screenshots docs/screenshots

* ``editor_calibrating.png`` — a new game on a scanned-style map (paper, printed hexes and
  labels, woods, a river; saved as JPEG like a scan), three hex centres picked and the fitted
  grid drawn over the art while it is being calibrated;
* ``editor_counters.png`` — the counter designer on Paths of Glory, a counter loaded, its
  fields and the live preview of both faces;
* ``editor_reconstructed.png`` — the reconstructed-values panel on Paths of Glory, stepping
  through the counter values still marked reconstructed.
"""
from __future__ import annotations

import math
import random
import sys
import tempfile
from pathlib import Path

import pygame

from client import fonts
from engine.hexgrid import Hex, Layout
from tools.editor import EditorSession, PutNationality, PutSide

from . import edit_table

SIZE = (1280, 800)
#: The printed grid of the scan: flat hexes of 38 px, hex 0101 at (64, 60).
PRINTED = Layout("flat", 38.0, 64.0, 60.0)


def scanned_map(path: Path, w: int = 760, h: int = 600, seed: int = 3) -> Path:
    """A scanned-style map image: off-white paper with grain, printed hex outlines and labels,
    woods, a river; written as a JPEG (as a scanner would)."""
    rnd = random.Random(seed)
    surf = pygame.Surface((w, h))
    surf.fill((222, 210, 176))
    for _ in range(2500):                                    # paper grain
        x, y = rnd.randrange(w), rnd.randrange(h)
        c = rnd.randint(196, 226)
        surf.set_at((x, y), (c, c - 10, c - 42))
    for _ in range(7):                                       # woods
        cx, cy = rnd.randrange(60, w - 60), rnd.randrange(60, h - 60)
        for _ in range(16):
            pygame.draw.circle(surf, (118, 146, 92), (cx + rnd.randint(-40, 40), cy + rnd.randint(-30, 30)),
                               rnd.randint(10, 22))
    pts = [(0, 140)] + [(x, 140 + 60 * math.sin(x / 90) + x * 0.45) for x in range(40, w + 40, 40)]
    pygame.draw.lines(surf, (70, 120, 190), False, pts, 5)   # a river
    font = fonts.font(10)
    for q in range(-1, 22):
        for r in range(-12, 20):
            cx, cy = PRINTED.to_pixel(Hex(q, r))
            if -40 < cx < w + 40 and -40 < cy < h + 40:
                pygame.draw.polygon(surf, (96, 80, 60), PRINTED.corners(Hex(q, r)), 1)
                col, row = q + 1, r + (q - (q & 1)) // 2 + 1
                if col > 0 and row > 0:
                    label = font.render(f"{col:02d}{row:02d}", True, (80, 64, 48))
                    surf.blit(label, label.get_rect(center=(cx, cy - 26)))
    pygame.image.save(surf, str(path))
    return path


def frame(t) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    t.draw(surf, complete=True)
    return surf


def event(t, kind, **kw) -> None:
    t.handle(pygame.event.Event(kind, **kw))


def click(t, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    event(t, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    event(t, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    event(t, pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frame(t)


def calibrating(out: Path, work: Path) -> Path:
    ed = EditorSession.new(work / "new_game", "new_game", "A New Game")
    ed.do(PutSide("blue", "Blue", "#3050a0"))
    ed.do(PutSide("red", "Red", "#a03030"))
    ed.do(PutNationality("BL", "Blueland", "blue", "#8fb0e0", "#000000"))
    t = edit_table(ed, SIZE)
    m = t.mode("edit")
    m.panel.set_tool("grid")
    m.import_art(str(scanned_map(work / "scan.jpg")))
    frame(t)
    ox, oy = t.world.origins["map"]
    for h in (Hex(0, 0), Hex(8, -2), Hex(3, 5)):
        x, y = PRINTED.to_pixel(h)
        click(t, t.screen_of(ox + x + 1.5, oy + y - 1.0))
    m.pick_labels[1] = "0903"
    target = t.screen_of(ox + PRINTED.to_pixel(Hex(6, 1))[0], oy + PRINTED.to_pixel(Hex(6, 1))[1])
    event(t, pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))
    path = out / "editor_calibrating.png"
    pygame.image.save(frame(t), str(path))
    return path


def window_shot(out: Path, work: Path, name: str, kind: str, show) -> Path:
    """Paths of Glory in edit mode with window ``kind`` open, ``show(window)`` applied."""
    ed = EditorSession.dump("paths_of_glory", work / name)
    t = edit_table(ed, SIZE)
    m = t.mode("edit")
    m.open_window(kind)
    frame(t)
    show(m.window)
    path = out / f"{name}.png"
    pygame.image.save(frame(t), str(path))
    return path


def counters(out: Path, work: Path) -> Path:
    return window_shot(out, work, "editor_counters", "counters", lambda w: w.load(next(
        p.id for p in w.m.ed.module.piece_types.values() if p.kind == "unit" and len(p.faces) > 1)))


def reconstructed(out: Path, work: Path) -> Path:
    return window_shot(out, work, "editor_reconstructed", "reconstructed", lambda w: w.group("counter values"))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as tmp:
        for make in (calibrating, counters, reconstructed):
            print(make(out, Path(tmp)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
