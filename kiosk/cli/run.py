"""`python -m kiosk [run] [--live | --demo] [--headless]`

On a Raspberry Pi (or with --live): the live kiosk, config from $KIOSK_CONFIG. Anywhere
else: the bundled demo game replayed through the real app, in a window when there is a
display, else headless with a printed summary.
"""
from __future__ import annotations

import argparse
import logging
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk.__main__ import INTERRUPTED
from kiosk.app_journal import JournalLike
from kiosk.errors import InputError
from kiosk.journal import OPEN_SUFFIX

if TYPE_CHECKING:
    import numpy as np

DEMO_GAME = "normal-out"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
FRAME_S = 1 / 30

log = logging.getLogger("kiosk.run")


def on_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text(errors="replace").lower()
    except OSError:
        return False


def demo(headless: bool) -> int:
    from kiosk.cli.replay import has_display, run

    folder = FIXTURES / DEMO_GAME
    if not (folder / "script.json").exists():
        print(f"kiosk: the demo game is missing ({folder}); run from a source checkout", file=sys.stderr)
        return 2
    headless = headless or not has_display()
    print(f"Replaying the demo game {DEMO_GAME} ({'headless' if headless else 'in a window'}); "
          "the first run renders its camera frames, which takes a little while.", flush=True)
    return run(folder, headless=headless, gcg_out=None, games=None, speed=10.0)


def live() -> int:
    """The kiosk at the table: config, journal, camera, buttons, screen, watchdog, all
    put together by the one assembly (kiosk.assembly), as the replays and tests are."""
    import pygame

    from hardware.camera import CameraConfig, CameraError, open_camera
    from hardware.keyboard import KeyboardButtons
    from kiosk import sdnotify
    from kiosk.app import AppSettings
    from kiosk.assembly import Backends, CameraLike, LogSink, assemble
    from kiosk.config import load_config
    from kiosk.display.sink import ScreenSink
    from kiosk.display.window import open_display

    from kiosk.config import attach_file_log

    config = load_config()
    attach_file_log(config)
    for warning in config.warnings:
        log.warning("%s", warning)
    surface = open_display((config.display.width, config.display.height) if config.display.width else None,
                           config.display.fullscreen)
    source = config.camera
    camera_config = CameraConfig(source=source.kind, device=source.index or 0,
                                 path=str(source.path) if source.path else None)
    camera: CameraLike
    try:
        camera = open_camera(camera_config)
    except CameraError as exc:
        log.error("%s", exc)
        camera = _NoCamera(str(exc))
    def leave_fullscreen() -> None:
        if pygame.display.get_surface() is not None and pygame.display.get_surface().get_flags() & pygame.FULLSCREEN:
            pygame.display.toggle_fullscreen()

    kiosk = assemble(config, Backends(camera, gpio=on_pi(), leave_fullscreen=leave_fullscreen),
                     sinks=[ScreenSink(surface), LogSink()], games_dir=config.games_dir,
                     settings=AppSettings(first_by_draw=True))
    keys = KeyboardButtons()
    notify = sdnotify.default()
    interrupted: list[int] = []

    def stop(number: int, frame: object) -> None:
        """Ctrl-C stops the loop between two ticks, never in the middle of journaling a
        record; a second Ctrl-C (the loop stuck) stops at once."""
        if interrupted:
            raise KeyboardInterrupt
        interrupted.append(number)

    previous = signal.signal(signal.SIGINT, stop)
    notify.ready("display and clock up")
    try:
        while not interrupted:
            events = pygame.event.get()
            if any(event.type == pygame.QUIT for event in events):
                break   # the window closed (SDL also turns SIGTERM into this)
            for event in events:
                pressed = keys.translate(event)
                if pressed is not None:
                    kiosk.inputs.put(pressed)
            kiosk.tick()
            notify.watchdog_tick()
            time.sleep(FRAME_S)
    finally:
        # a second Ctrl-C must not cut the last word short
        signal.signal(signal.SIGINT, signal.SIG_IGN if interrupted else previous)
        notify.stopping()
        kiosk.close()
    held = kiosk.held   # a journal line a director has not decided about yet: that game is still there
    print(f"kiosk: stopped; {where_the_game_is(held.journal if held is not None else kiosk.app.journal)}",
          file=sys.stderr)
    return INTERRUPTED if interrupted else 0


def where_the_game_is(journal: JournalLike) -> str:
    """One clause for the last line the kiosk prints: where the game is, and how it goes on."""
    journal.retry()   # records the card could not take yet: one more try
    if journal.path is None:
        return "the game was kept in memory only; nothing was written"
    if journal.save_problem is not None:
        return (f"the game could not be saved completely: {journal.path} lacks what happened since the card "
                "failed (the log says why)")
    if journal.path.name.endswith(OPEN_SUFFIX):
        return (f"the game so far is safe in its journal {journal.path}; "
                "start the kiosk again to resume it (python -m kiosk --live)")
    return f"the finished game is saved in {journal.path.parent}"


def refuse_on_screen(error: InputError) -> int:
    """The live kiosk cannot start: say why in the log and on the screen, and keep saying it
    (systemd sees a healthy service, so it does not restart into the same error) until the
    file is fixed and the kiosk restarted. With no visible screen there is nothing to hold."""
    import pygame

    from kiosk import sdnotify
    from kiosk.display.model import Status, ScreenModel
    from kiosk.display.render import Renderer
    from kiosk.display.window import open_display

    print(f"kiosk: {error}", file=sys.stderr, flush=True)
    try:
        surface = open_display()
    except pygame.error:
        return 2
    if pygame.display.get_driver() == "dummy":
        return 2
    model = ScreenModel(screen="error", error=str(error), status=Status(False, "not started", ""))
    renderer = Renderer()
    notify = sdnotify.default()
    notify.ready("cannot start: a file needs fixing")
    while not any(event.type == pygame.QUIT for event in pygame.event.get()):
        renderer.render(surface, model)
        pygame.display.flip()
        notify.watchdog_tick()
        time.sleep(0.25)
    return 2


class _NoCamera:
    """Stands in when no camera opened: every read reports why (the clock keeps working)."""

    def __init__(self, why: str):
        self.why = why

    def read(self) -> np.ndarray:
        from hardware.camera import CameraNotFound

        raise CameraNotFound(self.why)

    def close(self) -> None:
        pass


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk", description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--live", action="store_true", help="the live kiosk even if this is not a Pi")
    mode.add_argument("--demo", action="store_true", help="the demo replay even on a Pi")
    parser.add_argument("--headless", action="store_true", help="demo: no window")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    is_live = args.live or (on_pi() and not args.demo)
    try:
        return live() if is_live else demo(args.headless)
    except InputError as exc:
        if is_live:
            return refuse_on_screen(exc)
        print(f"kiosk: {exc}", file=sys.stderr)
        return 2
