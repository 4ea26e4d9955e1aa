"""`python -m kiosk.display.bench [FRAMES]`: milliseconds per frame to render screens.

Each frame changes the running clock's text (as every second at the table), so the text
cache sees new strings as it would live. Prints median and p95 per screen and size; the
app redraws at ~30 fps, so a frame must stay well under 33 ms on a Pi.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from .model import ClockView, ScreenModel  # noqa: E402
from .render import Renderer  # noqa: E402
from .samples import SAMPLES  # noqa: E402

SIZES = ((800, 480), (1280, 720), (1920, 1080))
SCREENS = ("game", "confirm_read", "verdict_unacceptable", "alert", "long_names_german", "full_board", "result")


def _tick(model: ScreenModel, second: int) -> ScreenModel:
    """The model one second later: the running clock counts down."""
    players = tuple(replace(p, clock=ClockView(f"{(1500 - second) // 60}:{(1500 - second) % 60:02d}", True,
                                               p.clock.overtime)) if p.clock.running else p for p in model.players)
    return replace(model, players=(players[0], players[1]))


def measure(model: ScreenModel, size: tuple[int, int], frames: int) -> tuple[float, float, float]:
    """(first frame ms, median ms, p95 ms) with a fresh renderer (so the first frame fills the caches)."""
    surface = pygame.Surface(size)
    renderer = Renderer()
    t0 = time.perf_counter()
    renderer.render(surface, model)
    first = (time.perf_counter() - t0) * 1000
    times = []
    for i in range(frames):
        m = _tick(model, i // 30)  # a new clock text every 30 frames, as at 30 fps
        t0 = time.perf_counter()
        renderer.render(surface, m)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return first, statistics.median(times), times[int(len(times) * 0.95) - 1]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    frames = int(args[0]) if args else 120
    pygame.font.init()
    print(f"{'screen':<22}{'size':>10}{'first ms':>10}{'median ms':>11}{'p95 ms':>9}")
    for size in SIZES:
        for name in SCREENS:
            first, median, p95 = measure(SAMPLES[name], size, frames)
            print(f"{name:<22}{size[0]:>5}x{size[1]:<4}{first:>10.1f}{median:>11.2f}{p95:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
