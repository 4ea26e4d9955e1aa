"""The pygame screen as a kiosk sink (kiosk.sinks): each tick's ScreenModel is drawn and
flipped. Drawing an unchanged model again is skipped, so a redraw costs nothing while the
clocks are stopped; a running clock changes the model every second."""
from __future__ import annotations

from typing import Any

import pygame

from kiosk.display.model import ScreenModel
from kiosk.display.render import Renderer


class ScreenSink:
    def __init__(self, surface: pygame.Surface, renderer: Renderer | None = None, flip: bool = True) -> None:
        self.surface = surface
        self.renderer = renderer or Renderer()
        self.flip = flip
        self.last: ScreenModel | None = None
        self.drawn: tuple[str, ...] = ()

    def show(self, screen: ScreenModel) -> None:
        if screen == self.last:
            return
        self.last = screen
        self.drawn = self.renderer.render(self.surface, screen)
        if self.flip and pygame.display.get_init() and pygame.display.get_surface() is self.surface:
            pygame.display.flip()

    def record(self, game_id: str, seq: int, record: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass

    def save(self, path: str) -> None:
        pygame.image.save(self.surface, path)
