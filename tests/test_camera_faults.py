"""Camera faults during a replayed game (issue 6): black, blown-out, noise, frozen, board
knocked out of view, camera unplugged (read() raises CameraUnplugged), each at several
moments. No play or overdraw goes on the record from a bad frame, the screen says what
is wrong, and once the frames are good again the game completes with the right GCG.

Faults are '@...' frames of the replay script (kiosk.replay.camera.ReplayCamera): a
window [start, end) of the fixture's script shows the fault instead of the board; a
board frame due inside the window is shown at its end.

A frozen frame (the driver hands back its last buffer) shows the board as it was before
the turn: the kiosk reads "no change" and the players enter the play; it is not told
apart from a still board, so the screen does not say the camera froze.
"""
from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kiosk.replay.driver import ReplayRun
from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import FAULTS, load_script

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "overdraw"
TURN_RECORDS = ("play_made", "passed", "exchanged", "overdraw_reported")

# (name, start, end): the game's presses are at 17, 36 and 55; board frames at 16, 35, 54
MOMENTS = (
    ("while reading turn 1", 16.5, 20.0),         # the press reads the fault, the board comes back later
    ("over turn 2's new tiles", 34.0, 40.0),     # the new board is first seen after the fault
    ("long, at the last turn", 54.5, 59.5),      # 5 s of fault while the last play waits
)


def faulty_game(tmp_path: Path, fault: str, start: float, end: float) -> Path:
    """A copy of the fixture whose script shows `fault` from start to end."""
    script = json.loads((GAME / "script.json").read_text(encoding="utf-8"))
    frames_dir = load_script(GAME).frames_dir
    steps, shown = [], None
    for step in script["steps"]:
        if "frame" in step and step["t"] < end:
            shown = step
            if step["t"] >= start:
                continue
        steps.append(step)
    assert shown is not None
    steps += [{"t": start, "frame": fault}, {**shown, "t": end}]
    script["steps"] = sorted(steps, key=lambda s: s["t"])
    script["frames_dir"] = str(frames_dir)
    folder = tmp_path / f"{GAME.name}{fault.replace('@', '-')}"
    folder.mkdir()
    (folder / "script.json").write_text(json.dumps(script), encoding="utf-8")
    for name in ("expected.gcg", "vision.toml"):
        shutil.copy(GAME / name, folder / name)
    return folder


@dataclass
class Watch:
    """What the kiosk did while the camera showed a fault."""

    frame_read: str | None = None                       # the frame of the latest camera read
    records: list[tuple[str | None, dict]] = field(default_factory=list)   # (frame shown, record)
    silent_screens: list[str] = field(default_factory=list)   # fault read, yet the screen said "camera ok"
    fault_reads: int = 0


class WatchedCamera:
    def __init__(self, camera, watch: Watch):
        self.camera, self.watch = camera, watch

    def read(self):
        self.watch.frame_read = self.camera.current
        if str(self.camera.current).startswith("@"):
            self.watch.fault_reads += 1
        return self.camera.read()


class WatchedJournal:
    def __init__(self, journal, camera, watch: Watch):
        self.journal, self.camera, self.watch = journal, camera, watch

    def append(self, record: dict) -> None:
        self.watch.records.append((self.camera.current, record))
        self.journal.append(record)


def replay_watched(folder: Path) -> tuple[ReplayRun, Watch]:
    watch = Watch()

    def look(app, t: float) -> None:
        read = watch.frame_read
        if read is not None and read.startswith("@") and read != "@frozen":
            status = app.screen().status
            if status.camera_ok:
                watch.silent_screens.append(f"t={t:.1f} after reading {read}: {status.camera_text}")

    run = ReplayRun(folder, on_iteration=look)
    run.vision.camera = WatchedCamera(run.camera, watch)
    run.app.journal = WatchedJournal(run.app.journal, run.camera, watch)
    return run, watch


def record_kinds(record: dict) -> list[str]:
    """The event types (or the app fact) in one journal record."""
    if "app" in record:
        return [str(record["app"].get("kind"))]
    return [str(e.get("type")) for e in record.get("events", [record.get("event", {})])]


def event_kinds(records: list[dict]) -> list[str]:
    return [kind for r in records if "app" not in r for kind in record_kinds(r)]


@pytest.fixture(scope="module")
def clean_run() -> ReplayRun:
    ensure_frames(GAME, load_script(GAME))
    run = ReplayRun(GAME)
    result = run.run()
    assert result.completed and result.problems == []
    return run


@pytest.mark.slow
@pytest.mark.parametrize("moment,start,end", MOMENTS, ids=[m[0] for m in MOMENTS])
@pytest.mark.parametrize("fault", FAULTS)
def test_fault_mid_game(clean_run, tmp_path, fault, moment, start, end):
    run, watch = replay_watched(faulty_game(tmp_path, fault, start, end))
    result = run.run()
    assert result.problems == [], result.summary()
    assert result.completed, result.summary()
    assert result.gcg == (GAME / "expected.gcg").read_text(encoding="utf-8"), result.summary()
    # nothing scored or reported from a bad frame, unless the players said so first
    previous: list[str] = []
    for shown, record in watch.records:
        if shown is not None and shown.startswith("@") and set(record_kinds(record)) & set(TURN_RECORDS):
            assert fault == "@frozen" and previous == ["read_corrected"], \
                f"{record} recorded while the camera showed {shown}"
        previous = record_kinds(record)
    if fault == "@frozen":
        return  # a frozen frame looks like a still board: the players correct the read (see the module doc)
    # the same game facts as without the fault (the overdraw too)
    assert event_kinds(run.journal.records) == event_kinds(clean_run.journal.records)
    assert watch.fault_reads > 0
    assert watch.silent_screens == []
    # the kiosk found the board again and read it right: nobody had to enter the tiles
    assert "read_corrected" not in [kind for r in run.journal.records for kind in record_kinds(r)]


def test_unplugged_camera_reports_and_the_clock_keeps_running(clean_run, tmp_path):
    """While the camera is gone the clock still switches and the screen names the fault."""
    run, watch = replay_watched(faulty_game(tmp_path, "@unplugged", 16.5, 30.0))
    for step in run.script.steps:
        if step.t > 17.0:   # up to and including Ann's press ending turn 1
            break
        run.advance_to(step.t)
        run.apply_step(step)
    run.advance_to(20.0)
    app = run.app
    assert watch.fault_reads > 0
    assert app.clock.running(app.now()) == 1, "the press switched the clock to Bob"
    assert app.pending and app.pending[0].stage == "reading"
    status = app.screen().status
    assert not status.camera_ok and "unplugged" in status.camera_text
