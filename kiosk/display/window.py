"""Opening the display, and saving a screen to PNG.

- On a Raspberry Pi console (no X/Wayland) SDL uses KMS/DRM: fullscreen at the panel's size.
- On a desktop: a window (fullscreen if asked).
- With no display at all: SDL's dummy driver, an offscreen surface (tests, headless replay).

`python -m kiosk.display.window OUTDIR [WxH ...]` writes a PNG of every sample screen.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from .model import ScreenModel
from .render import Renderer

DEFAULT_WINDOW = (1280, 720)


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _on_pi_console() -> bool:
    return not _has_display() and os.path.exists("/dev/dri/card0") and Path("/proc/device-tree/model").exists()


def choose_driver() -> str | None:
    """The SDL video driver to use, or None to let SDL pick (a desktop's X11/Wayland)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return os.environ["SDL_VIDEODRIVER"]
    if _has_display():
        return None
    if _on_pi_console():
        return "kmsdrm"
    return "dummy"


def open_display(size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 title: str = "Scrabble kiosk") -> pygame.Surface:
    """Open the screen and return its Surface.

    fullscreen defaults to True on a Pi console (KMS) and False on a desktop; size defaults
    to the panel's size when fullscreen, else 1280x720. Headless gets an offscreen surface.
    If KMS cannot be opened (no screen attached, no permission on /dev/dri), it says why on
    stderr and falls back to headless, so the clock and the record keep working.
    """
    explicit = bool(os.environ.get("SDL_VIDEODRIVER"))
    driver = choose_driver()
    try:
        return _open(driver, size, fullscreen, title)
    except pygame.error as exc:
        if driver != "kmsdrm" or explicit:
            raise
        print(f"kiosk.display: cannot open the screen with KMS ({exc}); running headless", file=sys.stderr)
        pygame.display.quit()
        return _open("dummy", size, False, title)


def _open(driver: str | None, size: tuple[int, int] | None, fullscreen: bool | None,
          title: str) -> pygame.Surface:
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    pygame.display.init()
    pygame.font.init()
    if fullscreen is None:
        fullscreen = driver == "kmsdrm"
    pygame.display.set_caption(title)
    if fullscreen:
        surface = pygame.display.set_mode(size or (0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        surface = pygame.display.set_mode(size or DEFAULT_WINDOW, pygame.RESIZABLE)
    return surface


class Display:
    """The open screen plus its renderer: `show(model)` draws a frame and flips it.

    The caller pumps pygame events (the keyboard/touch input reads them), so a desktop
    window stays responsive; a resized window is picked up on the next frame.
    """

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        self.surface = open_display(size, fullscreen)
        self.renderer = Renderer()

    def show(self, model: ScreenModel) -> tuple[str, ...]:
        surface = pygame.display.get_surface() or self.surface
        drawn = self.renderer.render(surface, model)
        pygame.display.flip()
        return drawn

    def close(self) -> None:
        pygame.display.quit()


def save_png(model: ScreenModel, path: str | os.PathLike, size: tuple[int, int] = DEFAULT_WINDOW,
             renderer: Renderer | None = None) -> tuple[str, ...]:
    """Render model offscreen at size and write a PNG; returns the strings drawn.

    Needs no display: only fonts are initialised, and the surface is a plain Surface.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    drawn = (renderer or Renderer()).render(surface, model)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, os.fspath(path))
    return drawn


def main(argv: list[str] | None = None) -> int:
    from .samples import SAMPLES

    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m kiosk.display.window OUTDIR [WIDTHxHEIGHT ...]")
        return 0 if args else 2
    out = Path(args[0])
    sizes = []
    for arg in args[1:] or ["1280x720", "800x480", "1920x1080"]:
        try:
            w, h = (int(v) for v in arg.lower().split("x"))
        except ValueError:
            print(f"kiosk.display.window: size {arg!r} is not WIDTHxHEIGHT", file=sys.stderr)
            return 2
        sizes.append((w, h))
    renderer = Renderer()
    for name, model in SAMPLES.items():
        for w, h in sizes:
            save_png(model, out / f"{name}_{w}x{h}.png", (w, h), renderer)
    print(f"wrote {len(SAMPLES) * len(sizes)} PNGs to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
