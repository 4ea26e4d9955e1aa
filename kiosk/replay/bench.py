"""Press-to-score latency: `python -m kiosk.replay.bench [--no-screen] [--no-one-core] [GAME_DIR ...]`

Plays recorded games in real time through the one assembly (kiosk.assembly), wired as
the live kiosk is: vision on its worker thread, the monotonic clock, and the pygame
screen drawn every tick (offscreen, 1280x720). For each turn the full-size frame is put
in view, the player's button is pressed, and the loop ticks as the live loop does until
the turn's score is on screen (or the kiosk asks the players, which also ends the wait).
Prints median and p95 over all turns, then the same on one core (the process pinned to
one CPU, as `taskset -c 0` would: the guide for a Raspberry Pi). Default games: every
fixture game.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import os
import subprocess

from kiosk.app import GameSetup, KioskApp
from kiosk.assembly import Backends, Kiosk, assemble, rules_for
from kiosk.replay.camera import ReplayCamera
from kiosk.replay.driver import ScriptedPlayers
from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import load_script
from kiosk.rules import events as ev

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
LOOP_SLEEP_S = 0.002     # the live loop redraws far more often; this only keeps the CPU free
MIN_PRESS_GAP_S = 0.3    # the clock ignores a press right after it started (simultaneous presses)
TURN_LIMIT_S = 10.0


def _screen_sinks(screen: bool) -> list:
    if not screen:
        return []
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from kiosk.display.sink import ScreenSink

    pygame.display.init()
    return [ScreenSink(pygame.display.set_mode((1280, 720)))]


def bench_game(folder: Path, screen: bool = True) -> tuple[list[float], list[float], int]:
    """(latencies of turns scored at once, latencies of turns that asked, frame side)."""
    script = load_script(folder)
    ensure_frames(folder, script)
    s = script.setup
    setup = GameSetup(tuple(s.get("players", ("Player 1", "Player 2"))), int(s.get("first", 0)),
                      str(s.get("profile", "naspa")), str(s.get("tileset", "english")), str(s.get("lexicon", "default")))
    camera = ReplayCamera(script.frames_dir)
    kiosk: Kiosk = assemble(None, Backends(camera, time_source=time.monotonic, threaded_vision=True),
                            sinks=_screen_sinks(screen), rules=rules_for(None, players=setup.players,
                                                                          first=setup.first, fallback=setup),
                            vision_folder=folder)
    app: KioskApp = kiosk.app
    vision = kiosk.vision
    players = ScriptedPlayers({})
    scored: list[float] = []
    asked: list[float] = []
    side = 0
    hand = False
    try:
        for step in script.steps:
            if step.frame is not None:
                hand = step.hand
                camera.show(step.frame)
                if not step.frame.startswith("@"):
                    side = camera.read().shape[0]
            if step.press is None:
                if step.director_end:
                    app.director_end()
                continue
            time.sleep(MIN_PRESS_GAP_S)
            _settle(app, players)
            if step.turn is None:
                app.handle_button(step.press)
                kiosk.tick()
                continue
            events_before = len(app.events)
            pressed = time.monotonic()
            app.handle_button(step.press, "press", pressed)
            if app.pending:
                players.turns[app.pending[-1].pressed_at] = step.turn
            while time.monotonic() - pressed < TURN_LIMIT_S:
                kiosk.tick()
                head = app.pending[0] if app.pending else None
                if head is None or head.stage != "reading":
                    break
                time.sleep(LOOP_SLEEP_S)
            took = time.monotonic() - pressed
            made = any(isinstance(e, ev.PlayMade) for e in app.events[events_before:])
            if not hand:  # with a hand over the board the wait is the players', not the kiosk's
                (scored if made or not app.pending else asked).append(took)
            _answer(app, players)
    finally:
        kiosk.close()
    return scored, asked, side


def _answer(app: KioskApp, players: ScriptedPlayers) -> None:
    """The players answer every question at once (their thinking time is not measured)."""
    until = time.monotonic() + TURN_LIMIT_S
    later = app.now() + 60.0
    while time.monotonic() < until and (app.pending or app.phase == "remove_tiles" or app.rack_question is not None):
        later += 1.0
        players.act(app, later)
        app.tick()
        time.sleep(LOOP_SLEEP_S)


def _settle(app: KioskApp, players: ScriptedPlayers) -> None:
    _answer(app, players)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    screen = "--no-screen" not in args
    one_core = "--no-one-core" not in args and "--one-core" not in args
    if "--one-core" in args:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    names = [a for a in args if not a.startswith("--")]
    folders = [Path(a) for a in names] or sorted(p for p in FIXTURES.iterdir() if (p / "script.json").exists())
    label = "one core" if "--one-core" in args else f"{len(os.sched_getaffinity(0))} cores"
    print(f"press-to-score through the assembly ({label}, screen {'drawn' if screen else 'not drawn'}):", flush=True)
    everything: list[float] = []
    auto: list[float] = []
    for folder in folders:
        scored, asked, side = bench_game(folder, screen)
        auto += scored
        everything += scored + asked
        lat = scored + asked
        if lat:
            print(f"{folder.name:<18} {side}px  turns {len(lat):3d}  median {statistics.median(lat) * 1000:6.0f} ms"
                  f"  p95 {percentile(lat, 0.95) * 1000:6.0f} ms  (asked players: {len(asked)})", flush=True)
    if not everything:
        print("no turns measured")
        return 1
    print(f"[{label}] press-to-score, all turns ({len(everything)}): median {statistics.median(everything) * 1000:.0f} ms, "
          f"p95 {percentile(everything, 0.95) * 1000:.0f} ms")
    if auto:
        print(f"[{label}] turns scored without asking ({len(auto)}): median {statistics.median(auto) * 1000:.0f} ms, "
              f"p95 {percentile(auto, 0.95) * 1000:.0f} ms")
    print("target: median <= 150 ms, p95 <= 300 ms", flush=True)
    if one_core:
        rest = [a for a in args if a != "--one-core"]
        return subprocess.call([sys.executable, "-m", "kiosk.replay.bench", "--one-core", *rest])
    return 0


if __name__ == "__main__":
    sys.exit(main())
