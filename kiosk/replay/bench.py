"""Press-to-score latency: `python -m kiosk.replay.bench [GAME_DIR ...]`

Plays recorded games in real time through the live configuration of the app (vision on
its worker thread, the monotonic clock) with full-size frames: for each turn the frame
is put in view, the player's button is pressed, and the loop ticks as the live loop does
until the turn's score is on screen (or the kiosk asks the players, which also ends the
wait). Prints median and p95 over all turns. Default games: every fixture game.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from kiosk.app import GameSetup, KioskApp
from kiosk.replay.camera import ReplayCamera
from kiosk.replay.driver import ScriptedPlayers, make_lexicon, make_reader
from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import load_script
from kiosk.rules import events as ev
from kiosk.vision_worker import ThreadedVision

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
LOOP_SLEEP_S = 0.002     # the live loop redraws far more often; this only keeps the CPU free
MIN_PRESS_GAP_S = 0.3    # the clock ignores a press right after it started (simultaneous presses)
TURN_LIMIT_S = 10.0


def bench_game(folder: Path) -> tuple[list[float], list[float], int]:
    """(latencies of turns scored at once, latencies of turns that asked, frame side)."""
    script = load_script(folder)
    ensure_frames(folder, script)
    s = script.setup
    setup = GameSetup(tuple(s.get("players", ("Player 1", "Player 2"))), int(s.get("first", 0)),
                      str(s.get("profile", "naspa")), str(s.get("tileset", "english")), str(s.get("lexicon", "default")))
    camera = ReplayCamera(script.frames_dir)
    vision = ThreadedVision(camera, make_reader(setup, folder), time.perf_counter)
    app = KioskApp(setup, vision=vision, lexicon=make_lexicon(setup.lexicon))
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
                app.tick()
                continue
            events_before = len(app.events)
            pressed = time.monotonic()
            app.handle_button(step.press, "press", pressed)
            if app.pending:
                players.turns[app.pending[-1].pressed_at] = step.turn
            while time.monotonic() - pressed < TURN_LIMIT_S:
                app.tick()
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
        vision.close()
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
    args = sys.argv[1:] if argv is None else argv
    folders = [Path(a) for a in args] or sorted(p for p in FIXTURES.iterdir() if (p / "script.json").exists())
    everything: list[float] = []
    auto: list[float] = []
    for folder in folders:
        scored, asked, side = bench_game(folder)
        auto += scored
        everything += scored + asked
        lat = scored + asked
        if lat:
            print(f"{folder.name:<18} {side}px  turns {len(lat):3d}  median {statistics.median(lat) * 1000:6.0f} ms"
                  f"  p95 {percentile(lat, 0.95) * 1000:6.0f} ms  (asked players: {len(asked)})")
    if not everything:
        print("no turns measured")
        return 1
    print(f"press-to-score, all turns ({len(everything)}): median {statistics.median(everything) * 1000:.0f} ms, "
          f"p95 {percentile(everything, 0.95) * 1000:.0f} ms")
    if auto:
        print(f"turns scored without asking ({len(auto)}): median {statistics.median(auto) * 1000:.0f} ms, "
              f"p95 {percentile(auto, 0.95) * 1000:.0f} ms")
    print("target: median <= 300 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
