"""Frame pacing: draw only when something changed, sleep in between (issue 18, friction 8).

The main loop used to draw 60 frames a second whatever happened, burning a CPU core on an idle
table. :class:`Pacer` draws a frame when

* input arrived (any event),
* the screen changed (start screen → table),
* the screen says it is animating: its ``next_frame_in()`` returns 0 (dice tumbling, map
  tiles still rendering, a hand-over waiting for the dice, a replay playing itself),
* a moment the screen announced has come: ``next_frame_in()`` returned ``t`` seconds (a
  tooltip due after its delay, a toast expiring, a text caret blinking).

Otherwise it sleeps, looking for input 60 times a second, until an event or the announced moment, waking at
least every :data:`IDLE_WAKE` seconds (so background work such as the start screen's module
catalogue still shows up). A screen without ``next_frame_in`` is drawn every frame, as before.
"""
from __future__ import annotations

import time
from typing import Any

import pygame

FPS = 60
#: The longest the loop sleeps with nothing due (seconds).
IDLE_WAKE = 1.0
#: How often a sleeping loop looks for input (per second): the worst added input latency is 1/POLL.
POLL = 60
#: The longest ``dt`` handed to ``update`` (a long sleep is not a long animation step).
MAX_DT = 0.1


def next_frame_in(screen: Any) -> float | None:
    """Seconds until ``screen`` changes on its own: 0 animating, None only input changes it."""
    fn = getattr(screen, "next_frame_in", None)
    if fn is None:
        return 0.0
    due = fn()
    return None if due is None else max(0.0, float(due))


class Pacer:
    """Decides when the main loop waits, for how long, and whether it draws."""

    def __init__(self, clock: Any = None) -> None:
        self.clock = clock or pygame.time.Clock()
        self.dt = 0.0
        self._last = time.monotonic()
        self._due_at: float | None = 0.0      # monotonic time a frame is due (None: only on input)
        self._drawn_screen: Any = None
        self.waits = 0                        # times the loop slept (tests)

    def invalidate(self) -> None:
        """Draw at the next turn whatever happens."""
        self._drawn_screen = None

    def wait(self, screen: Any) -> list[pygame.event.Event]:
        """The events of this turn: at once when a frame is due now, else after sleeping until
        an event arrives or the next frame is due."""
        due = next_frame_in(screen)
        now = time.monotonic()
        self._due_at = None if due is None else now + due
        if screen is not self._drawn_screen or due == 0.0:
            self.clock.tick(FPS)
            events = pygame.event.get()
        else:
            timeout = IDLE_WAKE if due is None else min(due, IDLE_WAKE)
            self.waits += 1
            events = self._sleep(timeout)
        now = time.monotonic()
        self.dt = min(MAX_DT, now - self._last)
        self._last = now
        return events

    @staticmethod
    def _sleep(timeout: float) -> list[pygame.event.Event]:
        """Sleep up to ``timeout`` seconds, returning as soon as events arrive. Polls the queue
        :data:`POLL` times a second: ``pygame.event.wait`` itself polls every millisecond on
        drivers without a native wait (SDL's dummy driver: 2.5% of a core doing nothing)."""
        end = time.monotonic() + timeout
        while True:
            events = pygame.event.get()
            left = end - time.monotonic()
            if events or left <= 0:
                return events
            time.sleep(min(left, 1.0 / POLL))

    def should_draw(self, screen: Any, had_events: bool) -> bool:
        """Whether this turn draws a frame."""
        if had_events or screen is not self._drawn_screen:
            return True
        return self._due_at is not None and time.monotonic() >= self._due_at - 0.002

    def drawn(self, screen: Any) -> None:
        self._drawn_screen = screen
