"""The dice tray: dice thrown across a tray as pymunk rigid bodies (DESIGN principle 5).

The value of a roll is never decided here: it is the engine's recorded ``Roll.result``. The tray
only *shows* it:

1. :func:`simulate` pre-simulates the toss deterministically from a seed derived from the roll
   (:func:`roll_seed`): each die is a square body thrown from the left wall, sliding, spinning,
   bouncing off the walls and the other dice, slowed by damping until every body sleeps. While a
   die moves, its travel in its own frame is accumulated and every die-length of travel tips it
   over one edge (a cube rolling east puts its west face on top…), so the tumbling follows the
   physics.
2. The simulation yields which *physical* face of each die ends up on top; only then are face
   *labels* assigned — a seeded shuffle of the die's faces (opposite faces of a standard d6
   keep summing to 7), then swapped so the face that ends on top carries the drawn value.
3. :class:`DiceTray` plays the recorded frames, drawing each die's current top label.

The same roll gives the same seed, the same toss and the same labels, so a replay (undo/redo,
a loaded save, a PBEM file) shows the same throw.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import zlib
from dataclasses import dataclass
from typing import Any, Sequence

import pymunk

from engine import dice as dicelib
from engine.model import Module

TRAY = (520.0, 300.0)
DT = 1.0 / 30.0
MAX_STEPS = 150          # 5 s of simulated time at most
DAMPING = 0.12           # velocity kept after one second of sliding
ROLL_SPEED = 40.0        # below this (units/s) a die slides without tipping over
STANDARD_D6 = (1, 2, 3, 4, 5, 6)


def roll_seed(entry_hash: str, spec: str, result: Sequence[Any], purpose: str = "") -> int:
    """A 64-bit seed for the toss of one recorded roll: the state hash recorded after it plus
    the roll itself, so the same roll in a replay tosses the same way."""
    text = json.dumps([entry_hash, spec, list(result), purpose], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _opp(face: int) -> int:
    return 5 - face


@dataclass
class Toss:
    """A simulated toss: ``frames[k][i] = (x, y, angle, top)`` of die ``i`` at step ``k``
    (``top`` is the physical face on top), ``labels[i][face]`` the label printed on each
    physical face, and the drawn ``values``."""
    frames: list[list[tuple[float, float, float, int]]]
    labels: list[list[Any]]
    values: list[Any]
    faces: list[tuple[Any, ...]]
    size: float
    tray: tuple[float, float]
    dt: float = DT
    settled: bool = True
    seed: int = 0

    @property
    def duration(self) -> float:
        return len(self.frames) * self.dt

    def final_tops(self) -> list[int]:
        return [d[3] for d in self.frames[-1]]

    def shown(self) -> list[Any]:
        """The labels on top when the toss ends (equal to :attr:`values`)."""
        return [self.labels[i][top] for i, top in enumerate(self.final_tops())]


@dataclass
class _Die:
    body: pymunk.Body
    n: int
    top: int = 0
    north: int = 1
    east: int = 2
    acc_x: float = 0.0
    acc_y: float = 0.0
    last: tuple[float, float] = (0.0, 0.0)

    def tumble(self, direction: str) -> None:
        if self.n == 6:
            t, no, e = self.top, self.north, self.east
            if direction == "east":
                self.top, self.east = _opp(e), t
            elif direction == "west":
                self.top, self.east = e, _opp(t)
            elif direction == "south":
                self.top, self.north = no, _opp(t)
            else:  # north
                self.top, self.north = _opp(no), t
        else:
            k = max(2, self.n // 3)
            step = {"east": 1, "west": -1, "south": k, "north": -k}[direction]
            self.top = (self.top + step) % self.n


def simulate(faces: Sequence[Sequence[Any]], values: Sequence[Any], seed: int,
             tray: tuple[float, float] = TRAY, record: bool = True) -> Toss:
    """Pre-simulate a toss of ``len(faces)`` dice (``faces[i]``: the labels of die ``i``) that
    must show ``values``; deterministic in ``seed``. ValueError if a value is not a face of
    its die. With ``record=False`` only the last frame is kept (for tests and benchmarks)."""
    if len(faces) != len(values):
        raise ValueError("one value per die")
    for f, v in zip(faces, values):
        if v not in f:
            raise ValueError(f"{v!r} is not a face of a die with faces {tuple(f)}")
    rnd = random.Random(seed)
    n_dice = len(faces)
    tw, th = tray
    size = max(14.0, min(40.0, 40.0 * math.sqrt(6.0 / max(6, n_dice))))
    space = pymunk.Space()
    space.damping = DAMPING
    space.sleep_time_threshold = 0.3
    space.idle_speed_threshold = 8.0
    space.iterations = 6
    wall_r = 6.0
    for a, b in (((0, 0), (tw, 0)), ((tw, 0), (tw, th)), ((tw, th), (0, th)), ((0, th), (0, 0))):
        seg = pymunk.Segment(space.static_body, a, b, wall_r)
        seg.elasticity, seg.friction = 0.7, 0.4
        space.add(seg)
    dice: list[_Die] = []
    per_col = max(1, int((th - 2 * size) // (size * 1.3)))
    for i in range(n_dice):
        col, row = divmod(i, per_col)
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
        body.position = (size * (0.9 + col * 1.35) + rnd.uniform(0, 6),
                         size * 1.2 + row * size * 1.3 + rnd.uniform(-4, 4))
        heading = rnd.uniform(-0.45, 0.45)
        speed = rnd.uniform(520.0, 820.0)
        body.velocity = (speed * math.cos(heading), speed * math.sin(heading))
        body.angle = rnd.uniform(0, 2 * math.pi)
        body.angular_velocity = rnd.uniform(-14.0, 14.0)
        shape = pymunk.Poly.create_box(body, (size, size), radius=size * 0.08)
        shape.elasticity, shape.friction = 0.45, 0.5
        space.add(body, shape)
        n = len(faces[i])
        die = _Die(body, n, last=(body.position.x, body.position.y))
        if n == 6:
            die.top = rnd.randrange(6)
            die.north = rnd.choice([f for f in range(6) if f not in (die.top, _opp(die.top))])
            die.east = rnd.choice([f for f in range(6) if f not in (die.top, _opp(die.top), die.north, _opp(die.north))])
        else:
            die.top = rnd.randrange(n)
        dice.append(die)

    frames: list[list[tuple[float, float, float, int]]] = []
    length = size * 1.25
    settled = False
    for _ in range(MAX_STEPS):
        space.step(DT)
        moving = False
        frame = []
        for d in dice:
            b = d.body
            px, py = b.position
            if not b.is_sleeping:
                vx, vy = b.velocity
                if vx * vx + vy * vy > ROLL_SPEED * ROLL_SPEED:
                    moving = True
                    dx, dy = px - d.last[0], py - d.last[1]
                    c, s = math.cos(b.angle), math.sin(b.angle)
                    d.acc_x += dx * c + dy * s
                    d.acc_y += -dx * s + dy * c
                    while d.acc_x >= length:
                        d.tumble("east")
                        d.acc_x -= length
                    while d.acc_x <= -length:
                        d.tumble("west")
                        d.acc_x += length
                    while d.acc_y >= length:
                        d.tumble("south")
                        d.acc_y -= length
                    while d.acc_y <= -length:
                        d.tumble("north")
                        d.acc_y += length
                else:
                    d.acc_x = d.acc_y = 0.0
                    if abs(b.angular_velocity) > 0.5 or vx * vx + vy * vy > 4.0:
                        moving = True
            d.last = (px, py)
            frame.append((px, py, b.angle, d.top))
        if record or not moving:
            frames.append(frame)
        if not moving:
            settled = True
            break
    if not frames or frames[-1] is not frame:
        frames.append(frame)
    labels = [_labels(faces[i], dice[i].top, values[i], rnd) for i in range(n_dice)]
    return Toss(frames, labels, list(values), [tuple(f) for f in faces], size, tray, DT, settled, seed)


def _labels(faces: Sequence[Any], top: int, value: Any, rnd: random.Random) -> list[Any]:
    """Labels for a die's physical faces such that face ``top`` shows ``value``."""
    n = len(faces)
    if n == 6 and tuple(sorted(faces, key=str)) == tuple(sorted(STANDARD_D6, key=str)) \
            and all(isinstance(f, int) for f in faces):
        pairs = [(1, 6), (2, 5), (3, 4)]
        rnd.shuffle(pairs)
        lab: list[Any] = [0] * 6
        for phys, (a, b) in zip((0, 1, 2), pairs):
            if rnd.random() < 0.5:
                a, b = b, a
            lab[phys], lab[_opp(phys)] = a, b
        j = lab.index(value)
        if j == _opp(top):
            lab[top], lab[j] = lab[j], lab[top]
        elif j != top:
            t_pair = (lab[top], lab[_opp(top)])
            lab[top], lab[_opp(top)] = lab[j], lab[_opp(j)]
            lab[j], lab[_opp(j)] = t_pair
        return lab
    lab = list(faces)
    rnd.shuffle(lab)
    if lab[top] != value:
        j = next(k for k, v in enumerate(lab) if v == value)
        lab[top], lab[j] = lab[j], lab[top]
    return lab


def toss_for_roll(module: Module | None, spec: str, result: Sequence[Any], seed: int,
                  record: bool = True) -> Toss:
    """The toss showing a recorded roll of ``spec`` (``"2d6"``, ``"3combat"``) with faces
    ``result``. Shows at most 24 dice (the caption gives every value of a larger roll)."""
    custom = {d.id: d.faces for d in module.dice.values()} if module is not None else None
    parsed = dicelib.parse(spec, custom)
    values = list(result)[:24]
    return simulate([parsed.faces] * len(values), values, seed, record=record)


# -- drawing (pygame is only needed from here on) ---------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_style(faces: tuple[Any, ...]) -> tuple[tuple[int, int, int], tuple[int, int, int], bool]:
    """(body colour, ink colour, pips?) for a die with ``faces``: white with pips for a
    standard d6, coloured with numbers for any other die."""
    if tuple(faces) == STANDARD_D6:
        return (248, 246, 238), (20, 20, 20), True
    palette = [(190, 40, 40), (40, 90, 170), (40, 130, 70), (120, 60, 150)]
    k = zlib.crc32(repr(tuple(faces)).encode("utf-8"))
    return palette[k % len(palette)], (250, 250, 250), False


@dataclass
class _Showing:
    toss: Toss
    caption: str
    elapsed: float = 0.0
    linger: float = 4.0


class DiceTray:
    """Plays tosses in a tray drawn inside ``rect``; a click dismisses the result."""

    def __init__(self) -> None:
        self.current: _Showing | None = None
        self.queue: list[_Showing] = []   # tosses of the same action waiting their turn
        self.rect = None
        self._faces: dict[tuple, Any] = {}

    @property
    def busy(self) -> bool:
        return self.current is not None

    def show(self, toss: Toss, caption: str, queue: bool = False) -> None:
        """Play ``toss`` now (dropping anything waiting), or with ``queue`` after the tosses
        already showing or waiting (one action's several rolls, e.g. both sides' combat fire,
        are shown one after the other)."""
        if queue and self.current is not None:
            self.queue.append(_Showing(toss, caption))
            return
        self.queue = []
        self.current = _Showing(toss, caption)

    def dismiss(self) -> None:
        """End the toss showing; the next waiting one (if any) starts."""
        self.current = self.queue.pop(0) if self.queue else None

    @property
    def settled(self) -> bool:
        return self.current is not None and self.current.elapsed >= self.current.toss.duration

    def update(self, dt: float) -> None:
        if self.current is None:
            return
        self.current.elapsed += dt
        linger = min(self.current.linger, 1.5) if self.queue else self.current.linger
        if self.current.elapsed > self.current.toss.duration + linger:
            self.dismiss()

    def finish(self) -> None:
        """Jump to the end of the toss (the dice at rest)."""
        if self.current is not None:
            self.current.elapsed = max(self.current.elapsed, self.current.toss.duration)

    def _face(self, label: Any, faces: tuple, px: int):
        import pygame
        from . import fonts
        key = (str(label), faces, px)
        img = self._faces.get(key)
        if img is not None:
            return img
        body, ink, pips = die_style(faces)
        img = pygame.Surface((px, px), pygame.SRCALPHA)
        r = img.get_rect()
        pygame.draw.rect(img, body, r, border_radius=max(2, px // 6))
        pygame.draw.rect(img, tuple(max(0, c - 70) for c in body), r, max(1, px // 20), border_radius=max(2, px // 6))
        if pips and label in PIPS:
            q = px * 0.26
            for dx, dy in PIPS[label]:
                pygame.draw.circle(img, ink, (round(px / 2 + dx * q), round(px / 2 + dy * q)), max(2, round(px * 0.09)))
        else:
            f = fonts.fit(str(label), round(px * 0.62), px - 4, bold=True)
            if f is not None:
                t = f.render(str(label), True, ink)
                img.blit(t, t.get_rect(center=r.center))
        self._faces[key] = img
        return img

    def draw(self, surf, rect) -> None:
        """Draw the tray and the dice at the current moment into ``rect``."""
        import pygame
        from . import colours, fonts
        self.rect = rect
        if self.current is None:
            return
        show = self.current
        toss = show.toss
        tw, th = toss.tray
        scale = min(rect.w / tw, (rect.h - 30) / th)
        tray = pygame.Rect(rect.x, rect.y, round(tw * scale), round(th * scale))
        pygame.draw.rect(surf, (40, 90, 60), tray, border_radius=8)
        pygame.draw.rect(surf, (110, 80, 50), tray, max(3, round(6 * scale)), border_radius=8)
        t = show.elapsed / toss.dt
        k = min(int(t), len(toss.frames) - 1)
        frac = 0.0 if k >= len(toss.frames) - 1 else t - k
        nxt = toss.frames[min(k + 1, len(toss.frames) - 1)]
        px = max(8, round(toss.size * scale))
        for i, (x, y, a, top) in enumerate(toss.frames[k]):
            x2, y2, a2, _ = nxt[i]
            x, y, a = x + (x2 - x) * frac, y + (y2 - y) * frac, a + (a2 - a) * frac
            img = self._face(toss.labels[i][top], toss.faces[i], px)
            rot = pygame.transform.rotate(img, -math.degrees(a))
            surf.blit(rot, rot.get_rect(center=(tray.x + round(x * scale), tray.y + round(y * scale))))
        done = show.elapsed >= toss.duration
        text = show.caption if done else "rolling…"
        f = fonts.font(16, bold=done)
        img = f.render(fonts.elide(text, f, max(40, rect.w - 8)), True, colours.UI_ACCENT if done else colours.UI_TEXT)
        bg = pygame.Rect(tray.x, tray.bottom + 2, max(tray.w, img.get_width() + 12), img.get_height() + 8)
        pygame.draw.rect(surf, (20, 22, 26), bg, border_radius=4)
        surf.blit(img, (bg.x + 6, bg.y + 4))
