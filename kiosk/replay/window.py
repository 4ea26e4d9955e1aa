"""A replay shown in a window, paced so people can watch it."""
from __future__ import annotations

import time
from typing import Any

MAX_PAUSE_S = 0.6   # a long quiet stretch of the game is shown for at most this long


class PacedWindow:
    def __init__(self, speed: float, size: tuple[int, int] | None = None):
        import pygame

        from kiosk.display.render import Renderer
        from kiosk.display.window import open_display

        self.pygame = pygame
        self.surface = open_display(size)
        self.renderer = Renderer()
        self.speed = max(speed, 0.1)
        self.last_sim: float | None = None
        self.quit = False

    def show(self, app: Any, sim_t: float) -> None:
        pg = self.pygame
        for event in pg.event.get():
            if event.type == pg.QUIT:
                self.quit = True
        if self.quit:
            return
        self.surface.fill((0, 0, 0))
        self.renderer.render(self.surface, app.screen())
        pg.display.flip()
        if self.last_sim is not None:
            time.sleep(min(MAX_PAUSE_S, max(0.0, sim_t - self.last_sim) / self.speed))
        self.last_sim = sim_t

    def close(self) -> None:
        self.pygame.display.quit()
