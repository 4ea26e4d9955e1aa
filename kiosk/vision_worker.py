"""Reading the board off the UI thread, and following it while a clock runs.

The app asks for a reading with `request()` and collects finished readings with
`poll()`; it never waits for a frame, so the clock and the screen keep running while
OpenCV works. `ThreadedVision` does the work on a worker thread (the live kiosk);
`InlineVision` does it inside `poll()` at the caller's (simulated) time, so a replay is
deterministic.

Three kinds of request (`Ask`):

- `READ`: a full reading of the next frame (on the start screen, for the racks).
- `WATCH`: while a player's clock runs the app asks this every `AppSettings.watch_s`. A
  cheap check first (`ChangeGate`: the board's squares cut out of a shrunken grey frame,
  1-2 ms for a 1504 px frame here) compares the frame with the frame of the last full
  reading; the board is read in full (30-80 ms here) only when some square changed, or
  when the last full reading did not yet agree with the one before it (a view is
  followed until it has settled). Nothing is returned for a frame in which nothing changed.
- `LOOK`: after a press. When the last full reading had settled (it agreed with the
  reading before it) and the check finds no square of the new frame changed since that
  reading's frame, that reading is handed back stamped with the new frame's time: the
  play is confirmed by one frame after the press without reading the board again.
  Otherwise a full reading. The gate judges a square by its mean only: a letter swapped
  in place for an alike one can stay under the change level (T -> R on a rendered board
  moves the gate's 8-px square by 3.8-4.7, under 6.0), which the reader itself catches
  from the pixels of the square's middle (vision.reader PIXEL_SHARE). Live, no such swap
  passes the gate: it takes a hand over the board, and at `watch_s` (0.1 s) a frame with
  the hand is read in full and becomes the gate's reference.

Every full reading, of either kind, goes through one `Settle` (kiosk.table): how long the
board has looked the same. Each `Reading` carries the time its frame was taken
(`taken_at`, on the kiosk's time source: `clock`) and since when the board has looked as it reads
(`since`), so the app can take a play from one frame after the press when the board had
already settled before it, and never from a reading older than the press or from a view
that changed a moment ago.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any, Callable, Protocol

import cv2
import numpy as np

from kiosk.table import Settle, settle_step
from vision.observation import BoardObservation
from vision.reader import changed_squares

log = logging.getLogger("kiosk.vision")

# ChangeGate: the frame is shrunk (area average: camera noise averages out) to about
# GATE_CELL_PX * 2 px per square before the board's squares are cut out at GATE_CELL_PX px
# each; a square whose mean grey level moved by more than the reader's own CHANGE_LEVEL (its
# letter cache's "this cell changed") sends the frame to a full reading. On the rendered
# fixture frames (games hands and normal-out, five pairs of successive frames, one to three
# tiles laid; tests/test_vision_worker.py): every square a tile was laid on moved by 30 to
# 108, and Gaussian noise of sigma 12 grey levels moved no square by more than 1.8.
GATE_CELL_PX = 8


class Ask(IntEnum):
    """What a request asks for; a stronger one asked while a weaker waits replaces it."""
    WATCH = 0
    LOOK = 1
    READ = 2


class Camera(Protocol):
    def read(self) -> Any: ...


class Reader(Protocol):
    def observe(self, frame: Any) -> BoardObservation: ...

    def racks_hold(self, counts: dict[str, int]) -> None: ...

    def accept_board(self, rows: list[str]) -> None: ...


@dataclass(frozen=True)
class Reading:
    observation: BoardObservation | None   # None when the camera failed
    error: str = ""              # the camera's failure, for the screen
    seconds: float = 0.0         # wall time spent reading (for the latency benchmark)
    taken_at: float = 0.0        # the time source's reading when the frame was asked of the camera
    since: float | None = None   # the board has looked the same since then (None: no clear view)
    watched: bool = False        # taken for a watch (Ask.WATCH), not asked for itself
    looked: bool = False         # the last full reading, confirmed unchanged by this later frame (Ask.LOOK):
                                 # its rack counts are the older frame's


@dataclass
class WatchCost:
    """What following the board has cost: checks that found nothing changed, full readings."""
    checks: int = 0
    unchanged: int = 0
    check_cpu_s: float = 0.0     # CPU time of the checks that found nothing changed (camera read included)
    reads: int = 0
    read_cpu_s: float = 0.0      # CPU time of full readings (any kind)

    def plus(self, other: "WatchCost") -> "WatchCost":
        return WatchCost(self.checks + other.checks, self.unchanged + other.unchanged,
                         self.check_cpu_s + other.check_cpu_s, self.reads + other.reads, self.read_cpu_s + other.read_cpu_s)


class Vision(Protocol):
    """What the app needs of its vision (InlineVision, ThreadedVision)."""

    @property
    def busy(self) -> bool: ...

    @property
    def cost(self) -> WatchCost: ...

    def request(self, ask: Ask = Ask.READ) -> None: ...

    def poll(self) -> list[Reading]: ...

    def accept_board(self, rows: list[str]) -> None: ...

    def racks_hold(self, counts: dict[str, int]) -> None: ...

    def close(self) -> None: ...


class ChangeGate:
    """Did any square of the board change since the frame of the last full reading?"""

    def __init__(self) -> None:
        self._matrix: np.ndarray | None = None   # shrunken frame -> board thumbnail
        self._scale = 1
        self._thumb: np.ndarray | None = None

    def thumb(self, frame: np.ndarray) -> np.ndarray | None:
        if self._matrix is None or frame.ndim != 3:
            return None
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        k = self._scale
        small = cv2.resize(grey, (max(1, grey.shape[1] // k), max(1, grey.shape[0] // k)), interpolation=cv2.INTER_AREA)
        side = 15 * GATE_CELL_PX
        return cv2.warpPerspective(small, self._matrix, (side, side), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE).astype(np.int16)

    def remember(self, frame: Any, observation: BoardObservation | None) -> None:
        """The frame of a full reading becomes the reference (none: the board was not found)."""
        if not isinstance(frame, np.ndarray) or observation is None or not observation.located \
                or observation.homography is None:
            self._matrix, self._thumb = None, None
            return
        to_cells = np.array(observation.homography, np.float64)   # frame px -> board cells (0..15)
        corners = cv2.perspectiveTransform(np.array([[[0, 0], [15, 0]]], np.float64), np.linalg.inv(to_cells))[0]
        cell_px = float(np.linalg.norm(corners[1] - corners[0])) / 15
        self._scale = max(1, int(cell_px / (2 * GATE_CELL_PX)))
        self._matrix = np.diag([GATE_CELL_PX, GATE_CELL_PX, 1.0]) @ to_cells @ np.diag([self._scale, self._scale, 1.0])
        self._thumb = self.thumb(frame)

    def changed(self, frame: Any) -> bool:
        if self._thumb is None or not isinstance(frame, np.ndarray):
            return True
        now = self.thumb(frame)
        if now is None or now.shape != self._thumb.shape:
            return True
        return bool(changed_squares(self._thumb, now).any())


def read_once(camera: Camera, reader: Reader, wall: Callable[[], float]) -> Reading:
    """One full reading of the camera's next frame (no settle, no timestamps)."""
    return _Eyes(camera, reader, wall).take(Ask.READ) or Reading(None, "no reading")


class _Eyes:
    """The camera, the reader, the change gate and the settle state: used from one thread."""

    def __init__(self, camera: Camera, reader: Reader, wall: Callable[[], float],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.camera, self.reader, self._wall = camera, reader, wall
        self.clock = clock
        self.gate = ChangeGate()
        self.settle = Settle()
        self.cost = WatchCost()
        self.last: Reading | None = None   # the last full reading, while its frame is the gate's reference

    def _settled_reference(self) -> Reading | None:
        """The last full reading when it agreed with the one before it (a clear, settled view)."""
        last = self.last
        return last if last is not None and last.observation is not None and last.observation.stable else None

    def take(self, ask: Ask) -> Reading | None:
        start, cpu = self._wall(), time.thread_time()
        taken_at = self.clock()
        try:
            frame = self.camera.read()
        except Exception as exc:  # CameraError subclasses and anything a driver throws
            self.settle = settle_step(self.settle, clear=False, agrees=False, taken_at=taken_at)
            self.gate.remember(None, None)
            self.last = None
            return Reading(None, str(exc) or type(exc).__name__, self._wall() - start, taken_at)
        reference = self._settled_reference()
        if ask is not Ask.READ and reference is not None:
            self.cost.checks += 1
            if not self.gate.changed(frame):
                self.cost.unchanged += 1
                self.cost.check_cpu_s += time.thread_time() - cpu
                if ask is Ask.WATCH:
                    return None
                self.settle = settle_step(self.settle, clear=True, agrees=True, taken_at=taken_at)
                return replace(reference, seconds=self._wall() - start, taken_at=taken_at, since=self.settle.since,
                               watched=False, looked=True)
        try:
            observation = self.reader.observe(frame)
        except Exception as exc:  # a frame the reader chokes on is a bad frame, not a crash
            log.exception("board reader failed on a frame")
            self.settle = settle_step(self.settle, clear=False, agrees=False, taken_at=taken_at)
            self.gate.remember(None, None)
            self.last = None
            return Reading(None, f"cannot read this frame ({type(exc).__name__})", self._wall() - start, taken_at)
        self.gate.remember(frame, observation)
        self.settle = settle_step(self.settle, clear=observation.located, agrees=observation.stable,
                                  taken_at=taken_at)
        self.cost.reads += 1
        self.cost.read_cpu_s += time.thread_time() - cpu
        self.last = Reading(observation, "", self._wall() - start, taken_at, self.settle.since, ask is Ask.WATCH)
        return self.last


class InlineVision:
    """Readings taken when polled: deterministic, for replays and tests."""

    def __init__(self, camera: Camera, reader: Reader, wall: Callable[[], float],
                 clock: Callable[[], float] = time.monotonic):
        self._eyes = _Eyes(camera, reader, wall, clock)
        self.camera, self.reader = camera, reader
        self._wanted: Ask | None = None

    @property
    def cost(self) -> WatchCost:
        return self._eyes.cost

    def request(self, ask: Ask = Ask.READ) -> None:
        self._wanted = ask if self._wanted is None else max(self._wanted, ask)

    def accept_board(self, rows: list[str]) -> None:
        self.reader.accept_board(list(rows))

    def racks_hold(self, counts: dict[str, int]) -> None:
        """The rules say the racks hold these counts now (the reader takes it under its lock)."""
        self.reader.racks_hold(counts)

    @property
    def busy(self) -> bool:
        return self._wanted is not None

    def poll(self) -> list[Reading]:
        if self._wanted is None:
            return []
        ask, self._wanted = self._wanted, None
        reading = self._eyes.take(ask)
        return [] if reading is None else [reading]

    def close(self) -> None:
        pass


class ThreadedVision:
    """Readings taken on a worker thread; `poll()` never blocks."""

    def __init__(self, camera: Camera, reader: Reader, wall: Callable[[], float],
                 clock: Callable[[], float] = time.monotonic):
        self._eyes = _Eyes(camera, reader, wall, clock)
        self.camera, self.reader = camera, reader
        self._cond = threading.Condition()
        self._wanted: Ask | None = None
        self._running = False
        self._closed = False
        self._accepted: deque[list[str]] = deque()
        self._results: deque[Reading] = deque()
        self._thread = threading.Thread(target=self._run, name="vision", daemon=True)
        self._thread.start()

    @property
    def cost(self) -> WatchCost:
        return self._eyes.cost

    def request(self, ask: Ask = Ask.READ) -> None:
        with self._cond:
            # a stronger request replaces a weaker one still waiting; one already running finishes first
            self._wanted = ask if self._wanted is None else max(self._wanted, ask)
            self._cond.notify()

    @property
    def busy(self) -> bool:
        with self._cond:
            return self._wanted is not None or self._running or bool(self._results)

    def poll(self) -> list[Reading]:
        with self._cond:
            out = list(self._results)
            self._results.clear()
        return out

    def accept_board(self, rows: list[str]) -> None:
        with self._cond:
            self._accepted.append(list(rows))   # handed to the reader on its own thread

    def racks_hold(self, counts: dict[str, int]) -> None:
        """The rules say the racks hold these counts now (the reader takes it under its lock)."""
        self.reader.racks_hold(counts)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._wanted is None and not self._closed:
                    self._cond.wait()
                if self._closed or self._wanted is None:
                    return
                ask = self._wanted
                self._wanted, self._running = None, True
                accepted = list(self._accepted)
                self._accepted.clear()
            reading: Reading | None = None
            try:
                for rows in accepted:
                    self.reader.accept_board(rows)
                reading = self._eyes.take(ask)
            finally:
                with self._cond:
                    if reading is not None:
                        self._results.append(reading)
                    self._running = False


