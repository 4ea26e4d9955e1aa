"""Desktop keys -> ButtonEvents, so a demo or development run uses the app's one input path.

The app owns the pygame event loop and feeds KEYDOWN/KEYUP events here; the result goes
into the same queue as the GPIO buttons' events. A key held for the long-press time
gives a `long_press` when it is released (pygame reports no hold while the key is down).
"""
from __future__ import annotations

import time
from typing import Callable

import pygame

from hardware.events import Button, ButtonEvent

KEYS: dict[int, Button] = {
    pygame.K_LSHIFT: "p1",
    pygame.K_a: "p1",
    pygame.K_RSHIFT: "p2",
    pygame.K_l: "p2",
    pygame.K_SPACE: "pause",
    pygame.K_c: "challenge",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_BACKSPACE: "cancel",
}


class KeyboardButtons:
    def __init__(self, long_press_s: float = 1.0, time_source: Callable[[], float] = time.monotonic) -> None:
        self.long_press_s = long_press_s
        self._time_source = time_source
        self._down_at: dict[int, float] = {}

    def translate(self, event: pygame.event.Event) -> ButtonEvent | None:
        """The ButtonEvent for a KEYDOWN/KEYUP, or None for other keys and events."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return None
        button = KEYS.get(event.key)
        if button is None:
            return None
        t = self._time_source()
        if event.type == pygame.KEYDOWN:
            if event.key in self._down_at:  # key repeat: still the same press
                return None
            self._down_at[event.key] = t
            return ButtonEvent(button, "press", t)
        if event.type == pygame.KEYUP:
            down = self._down_at.pop(event.key, None)
            if down is not None and t - down >= self.long_press_s:
                return ButtonEvent(button, "long_press", t)
        return None
