"""`python -m hardware.bench_press`: press-to-clock-switch latency in an app-like loop.

A press edge is driven on a gpiozero MockFactory pin; the ButtonPanel callback stamps it
and puts a ButtonEvent on a queue; a loop like the app's takes events off the queue and
switches the GameClock. Latency = moment the clock has switched - the edge's timestamp.
Measured over N presses once idle and once while a worker thread runs an OpenCV
workload on 1504x1504 frames (warpPerspective + adaptiveThreshold, back to back).
"""
from __future__ import annotations

import argparse
import dataclasses
import queue
import statistics
import threading
import time

import cv2
import numpy as np
from gpiozero.pins.mock import MockFactory

from hardware.buttons import ButtonPanel
from hardware.events import Button, ButtonEvent
from hardware.pins import load_pin_map
from kiosk.clock import ClockRules, GameClock

FRAME_SIZE = 1504
PLAYER = {"p1": 0, "p2": 1}


class VisionLoad(threading.Thread):
    """Back-to-back frame processing of the kind vision does, until stopped."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.stop = threading.Event()
        self.frames = 0
        rng = np.random.default_rng(1)
        self._frame = rng.integers(0, 256, (FRAME_SIZE, FRAME_SIZE, 3), np.uint8)
        src = np.array([[0, 0], [FRAME_SIZE, 0], [FRAME_SIZE, FRAME_SIZE], [0, FRAME_SIZE]], np.float32)
        dst = np.array([[40, 25], [FRAME_SIZE - 30, 60], [FRAME_SIZE - 10, FRAME_SIZE - 35], [15, FRAME_SIZE - 5]],
                       np.float32)
        self._homography = cv2.getPerspectiveTransform(src, dst)

    def run(self) -> None:
        size = (FRAME_SIZE, FRAME_SIZE)
        while not self.stop.is_set():
            warped = cv2.warpPerspective(self._frame, self._homography, size)
            grey = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY)
            cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, 31, 5)
            self.frames += 1


def measure(presses: int) -> list[float]:
    """Latencies (s) of `presses` alternating clock presses through mock pins."""
    factory = MockFactory()
    pin_map = dataclasses.replace(load_pin_map(), bounce_s=0.0)
    events: queue.Queue[ButtonEvent] = queue.Queue()
    # Presses come far faster than any player's, so the simultaneous-press guard is off.
    clock = GameClock(rules=ClockRules(simultaneous_press_s=0.0, max_overtime_s=None))
    latencies: list[float] = []
    switched = threading.Event()

    def app_loop() -> None:
        while len(latencies) < presses:
            event = events.get()
            result = clock.press(PLAYER[event.button], t=event.t)
            if result.changed_clock:
                latencies.append(time.monotonic() - event.t)
            switched.set()

    panel = ButtonPanel(pin_map, events.put, pin_factory=factory)
    loop = threading.Thread(target=app_loop, daemon=True)
    loop.start()
    try:
        factory.pin(pin_map.buttons["p2"]).drive_low()  # starts p1's clock
        switched.wait()
        factory.pin(pin_map.buttons["p2"]).drive_high()
        player: Button = "p1"
        for _ in range(presses - 1):
            switched.clear()
            pin = factory.pin(pin_map.buttons[player])
            pin.drive_low()
            switched.wait()
            pin.drive_high()
            player = "p2" if player == "p1" else "p1"
        loop.join()
    finally:
        panel.close()
        factory.reset()
    return latencies


def summary(label: str, latencies: list[float]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * len(ms))) - 1)]
    return f"{label:<28} n={len(ms):>6}  median {statistics.median(ms):7.3f} ms  p99 {p99:7.3f} ms  max {ms[-1]:7.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=10_000)
    parser.add_argument("--cv-threads", type=int, default=None, help="cv2.setNumThreads for the worker (default: OpenCV's own)")
    args = parser.parse_args()
    if args.cv_threads is not None:
        cv2.setNumThreads(args.cv_threads)

    print(f"presses per run: {args.presses}; OpenCV threads: {cv2.getNumThreads()}")
    idle = measure(args.presses)
    print(summary("idle", idle))

    load = VisionLoad()
    load.start()
    time.sleep(0.5)  # let the workload reach full speed
    started, frames_before = time.monotonic(), load.frames
    busy = measure(args.presses)
    elapsed, frames = time.monotonic() - started, load.frames - frames_before
    load.stop.set()
    load.join()
    print(summary("with OpenCV worker", busy))
    print(f"OpenCV worker: {frames} frames of {FRAME_SIZE}x{FRAME_SIZE} in {elapsed:.1f} s ({frames / elapsed:.1f} frames/s)")
    print(f"median ratio busy/idle: {statistics.median(busy) / statistics.median(idle):.2f}")


if __name__ == "__main__":
    main()
