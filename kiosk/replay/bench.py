"""Press-to-score latency: `python -m kiosk.replay.bench [--lead S] [--no-racks] [--no-worst] [--no-screen] [--no-one-core] [GAME_DIR ...]`

Plays recorded games in real time through the one assembly (kiosk.assembly), wired as
the live kiosk is: vision on its worker thread, the monotonic clock, the pygame screen
drawn every tick (offscreen, 1280x720), and the kiosk looking at the board while a clock
runs (AppSettings.watch_s). For each turn the turn's full-size frame is put in view, the
player's button is pressed, and the loop ticks as the live loop does until the turn's
score is on screen (or the kiosk asks the players, which also ends the wait).

What it models, twice over:

- **at the table** (`--lead`, default 0.5 s): the board as it is at the press is in view
  that long before the press, the loop ticking meanwhile. At a real table the player
  lays the last tile, takes the hand off the board and reaches for the clock button: an
  aimed reach of 30-50 cm to a large button takes about 0.3-0.5 s (Fitts' law with the
  usual constants), so half a second from the hand leaving the board's view to the press
  is on the quick side. A frame with a hand over the board is never in view before a
  press here (the scripts' hand frames are shown as recorded and not measured).
- **worst case**: the tiles appear at the press (nothing of them seen before): two
  readings at least `AppSettings.reading_poll_s` (0.1 s) apart are needed.

After the press the kiosk reads the board as it would live: with the game folder's rack
zones (every fixture game has them) one full reading of the frame after the press (the
racks are checked in it before the play is recorded); with `--no-racks` the kiosk is set
up without rack zones and one look at the frame after the press confirms a board settled
before it (kiosk.vision_worker, Ask.LOOK).

Prints median and p95 over all turns for both, what looking at an unchanged board costs
(CPU per second while a clock runs), then the same on one core (the process pinned to one
CPU, as `taskset -c 0` would: the guide for a Raspberry Pi). Default games: every
fixture game.
"""
from __future__ import annotations

import dataclasses
import statistics
import sys
import time
from pathlib import Path

import os
import subprocess

from kiosk.app import AppSettings, GameSetup, KioskApp
from kiosk.assembly import Backends, Kiosk, assemble, rules_for, vision_config_for
from kiosk.replay.camera import ReplayCamera
from kiosk.replay.driver import ScriptedPlayers
from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import load_script
from kiosk.rules import events as ev
from kiosk.vision_worker import WatchCost

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
LOOP_SLEEP_S = 0.002     # the live loop redraws far more often; this only keeps the CPU free
MIN_PRESS_GAP_S = 0.3    # the clock ignores a press right after it started (simultaneous presses)
LEAD_S = 0.5             # at the table: the board as pressed is in view this long before the press (see above)
TURN_LIMIT_S = 10.0


def _screen_sinks(screen: bool) -> list:
    if not screen:
        return []
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from kiosk.display.sink import ScreenSink

    pygame.display.init()
    return [ScreenSink(pygame.display.set_mode((1280, 720)))]


def bench_game(folder: Path, screen: bool = True, lead: float | None = LEAD_S,
               racks: bool = True) -> tuple[list[float], list[float], int, WatchCost]:
    """(latencies of turns scored at once, latencies of turns that asked, frame side, what
    the vision worker spent). `lead`: the turn's frame is in view this long before the
    press, the kiosk ticking; None: the worst case, the frame shown at the press.
    `racks`: the folder's rack zones are read (else the kiosk is set up without any)."""
    script = load_script(folder)
    ensure_frames(folder, script)
    s = script.setup
    setup = GameSetup(tuple(s.get("players", ("Player 1", "Player 2"))), int(s.get("first", 0)),
                      str(s.get("profile", "naspa")), str(s.get("tileset", "english")), str(s.get("lexicon", "default")))
    camera = ReplayCamera(script.frames_dir)
    reader = None
    if not racks:
        from vision.reader import BoardReader

        reader = BoardReader(dataclasses.replace(vision_config_for(None, setup.tileset, folder), rack_zones={}))
    kiosk: Kiosk = assemble(None, Backends(camera, time_source=time.monotonic, threaded_vision=True, reader=reader),
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
    waiting: str | None = None    # the worst case: the frame to show at the press
    shown_at = time.monotonic()
    try:
        for step in script.steps:
            if step.frame is not None:
                hand = step.hand
                if lead is None and step.frame is not None:
                    waiting = step.frame
                else:
                    camera.show(step.frame)
                    shown_at = time.monotonic()
                side = camera.info.resolution[1]
            if step.press is None:
                if step.director_end:
                    app.director_end()
                continue
            _settle(app, players)
            _tick_for(kiosk, MIN_PRESS_GAP_S)
            if lead is not None:
                _tick_for(kiosk, lead - (time.monotonic() - shown_at))
            elif waiting is not None:
                camera.show(waiting)      # the tiles appear at the press
                waiting = None
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
    return scored, asked, side, vision.cost


def _tick_for(kiosk: Kiosk, seconds: float) -> None:
    """The live loop: tick, sleep a moment, for this long."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        kiosk.tick()
        time.sleep(LOOP_SLEEP_S)


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


def _figures(label: str, what: str, scored: list[float], asked: list[float]) -> None:
    everything = scored + asked
    if not everything:
        print(f"[{label}] {what}: no turns measured")
        return
    print(f"[{label}] {what}, all turns ({len(everything)}): median {statistics.median(everything) * 1000:.0f} ms, "
          f"p95 {percentile(everything, 0.95) * 1000:.0f} ms", flush=True)
    if scored:
        print(f"[{label}] {what}, turns scored without asking ({len(scored)}): median "
              f"{statistics.median(scored) * 1000:.0f} ms, p95 {percentile(scored, 0.95) * 1000:.0f} ms", flush=True)


def _run(folders: list[Path], screen: bool, lead: float | None,
         racks: bool) -> tuple[list[float], list[float], WatchCost]:
    scored_all: list[float] = []
    asked_all: list[float] = []
    cost = WatchCost()
    for folder in folders:
        scored, asked, side, spent = bench_game(folder, screen, lead, racks)
        scored_all += scored
        asked_all += asked
        cost = cost.plus(spent)
        lat = scored + asked
        if lat:
            print(f"  {folder.name:<18} {side}px  turns {len(lat):3d}  median {statistics.median(lat) * 1000:6.0f} ms"
                  f"  p95 {percentile(lat, 0.95) * 1000:6.0f} ms  (asked players: {len(asked)})", flush=True)
    return scored_all, asked_all, cost


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    screen = "--no-screen" not in args
    racks = "--no-racks" not in args
    worst = "--no-worst" not in args
    one_core = "--no-one-core" not in args and "--one-core" not in args
    lead = LEAD_S
    if "--lead" in args:
        at = args.index("--lead")
        lead = float(args[at + 1])
        del args[at:at + 2]
    if "--one-core" in args:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    names = [a for a in args if not a.startswith("--")]
    folders = [Path(a) for a in names] or sorted(p for p in FIXTURES.iterdir() if (p / "script.json").exists())
    label = "one core" if "--one-core" in args else f"{len(os.sched_getaffinity(0))} cores"
    print(f"press-to-score through the assembly ({label}, screen {'drawn' if screen else 'not drawn'}, "
          f"{'rack zones read: a full reading after the press' if racks else 'no rack zones: one look after the press'}):",
          flush=True)
    print(f"at the table: the board as pressed in view {lead:.2f} s before the press", flush=True)
    scored, asked, cost = _run(folders, screen, lead, racks)
    worst_scored: list[float] = []
    worst_asked: list[float] = []
    if worst:
        print("worst case: the tiles appear at the press", flush=True)
        worst_scored, worst_asked, _ = _run(folders, screen, None, racks)
    if not scored + asked:
        print("no turns measured")
        return 1
    _figures(label, f"at the table (lead {lead:.2f} s)", scored, asked)
    if worst:
        _figures(label, "worst case (tiles appear at the press)", worst_scored, worst_asked)
    if cost.unchanged:
        per_check = cost.check_cpu_s / cost.unchanged
        watch_s = AppSettings().watch_s or 0.0
        per_second = per_check / watch_s if watch_s else 0.0
        print(f"[{label}] looking at an unchanged board while a clock runs: {cost.unchanged} of {cost.checks} looks found "
              f"nothing changed, {per_check * 1000:.2f} ms CPU each, one every {watch_s:.2f} s: "
              f"{per_second * 1000:.0f} ms CPU per second ({per_second * 100:.1f} % of one core)", flush=True)
    if cost.reads:
        print(f"[{label}] a full reading: {cost.read_cpu_s / cost.reads * 1000:.0f} ms CPU on average ({cost.reads} readings)",
              flush=True)
    print("target: median <= 150 ms, p95 <= 300 ms", flush=True)
    if one_core:
        rest = [a for a in args if a != "--one-core"]
        return subprocess.call([sys.executable, "-m", "kiosk.replay.bench", "--one-core", "--lead", str(lead), *rest])
    return 0


if __name__ == "__main__":
    sys.exit(main())
