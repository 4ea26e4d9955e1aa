"""Reading the board off the UI thread.

The app asks for a fresh reading with `request()` and collects finished readings with
`poll()`; it never waits for a frame, so the clock and the screen keep running while
OpenCV works. `ThreadedVision` does the work on a worker thread (the live kiosk);
`InlineVision` does it inside `poll()` at the caller's (simulated) time, so a replay is
deterministic.
"""
from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable, Protocol

log = logging.getLogger("kiosk.vision")


class Camera(Protocol):
    def read(self) -> Any: ...


class Reader(Protocol):
    def observe(self, frame: Any) -> Any: ...

    def racks_hold(self, counts: dict[str, int]) -> None: ...


@dataclass(frozen=True)
class Reading:
    observation: Any | None      # a BoardObservation, or None when the camera failed
    error: str = ""              # the camera's failure, for the screen
    seconds: float = 0.0         # wall time spent reading (for the latency benchmark)


def read_once(camera: Camera, reader: Reader, wall: Callable[[], float]) -> Reading:
    start = wall()
    try:
        frame = camera.read()
    except Exception as exc:  # CameraError subclasses and anything a driver throws
        return Reading(None, str(exc) or type(exc).__name__, wall() - start)
    try:
        observation = reader.observe(frame)
    except Exception as exc:  # a frame the reader chokes on is a bad frame, not a crash
        log.exception("board reader failed on a frame")
        return Reading(None, f"cannot read this frame ({type(exc).__name__})", wall() - start)
    return Reading(observation, "", wall() - start)


class InlineVision:
    """Readings taken when polled: deterministic, for replays and tests."""

    def __init__(self, camera: Camera, reader: Reader, wall: Callable[[], float]):
        self.camera, self.reader, self._wall = camera, reader, wall
        self._wanted = False

    def request(self) -> None:
        self._wanted = True

    def accept_board(self, rows: list[str]) -> None:
        _tell_reader(self.reader, rows)

    def racks_hold(self, counts: dict[str, int]) -> None:
        """The rules say the racks hold these counts now (the reader takes it under its lock)."""
        self.reader.racks_hold(counts)

    @property
    def busy(self) -> bool:
        return self._wanted

    def poll(self) -> list[Reading]:
        if not self._wanted:
            return []
        self._wanted = False
        return [read_once(self.camera, self.reader, self._wall)]

    def close(self) -> None:
        pass


class ThreadedVision:
    """Readings taken on a worker thread; `poll()` never blocks."""

    def __init__(self, camera: Camera, reader: Reader, wall: Callable[[], float]):
        self.camera, self.reader, self._wall = camera, reader, wall
        self._requests: queue.Queue[bool] = queue.Queue(maxsize=1)
        self._accepted: queue.Queue[list[str]] = queue.Queue()
        self._results: queue.Queue[Reading] = queue.Queue()
        self._pending = 0
        self._thread = threading.Thread(target=self._run, name="vision", daemon=True)
        self._thread.start()

    def request(self) -> None:
        try:
            self._requests.put_nowait(True)
            self._pending += 1
        except queue.Full:
            pass  # a reading is already asked for; the next one will be fresh enough

    @property
    def busy(self) -> bool:
        return self._pending > 0

    def poll(self) -> list[Reading]:
        out = []
        while True:
            try:
                out.append(self._results.get_nowait())
            except queue.Empty:
                break
        self._pending -= len(out)
        return out

    def accept_board(self, rows: list[str]) -> None:
        self._accepted.put(list(rows))  # handed to the reader on its own thread

    def racks_hold(self, counts: dict[str, int]) -> None:
        """The rules say the racks hold these counts now (the reader takes it under its lock)."""
        self.reader.racks_hold(counts)

    def close(self) -> None:
        self._requests.put(False)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while self._requests.get():
            while not self._accepted.empty():
                _tell_reader(self.reader, self._accepted.get_nowait())
            self._results.put(read_once(self.camera, self.reader, self._wall))


def _tell_reader(reader: Reader, rows: list[str]) -> None:
    """Readers that match a turned board against the accepted one are told it."""
    accept = getattr(reader, "accept_board", None)
    if accept is not None:
        accept(list(rows))
