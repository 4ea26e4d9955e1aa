"""GPIO buttons (gpiozero) -> ButtonEvents.

Every wired button is a gpiozero `Button` (pull-up, wired to ground) built on the pin
factory passed in, so tests use gpiozero's MockFactory and the kiosk the Pi's own. A
press edge becomes a `press` event at once, stamped with the edge's monotonic time;
gpiozero's hold detection (`hold_time`, `when_held`) gives `long_press`. In a
fewer-buttons layout, the long press of a wired button stands in for a missing function
(`PinMap.stand_ins`) and is sent as that function's `press`.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from gpiozero import Button

from hardware.events import Button as ButtonName
from hardware.events import ButtonEvent
from hardware.pins import PinMap


class ButtonPanel:
    def __init__(
        self,
        pin_map: PinMap,
        emit: Callable[[ButtonEvent], None],
        pin_factory=None,
        time_source: Callable[[], float] = time.monotonic,
    ) -> None:
        self._emit = emit
        self._time_source = time_source
        self._bounce_s = pin_map.bounce_s
        self._long_press_stands_in = {button: function for function, button in pin_map.stand_ins.items()}
        self._lock = threading.Lock()
        self._last_edge: dict[str, float] = {}
        self._buttons: dict[ButtonName, Button] = {}
        try:
            for function, pin in pin_map.buttons.items():
                button = Button(
                    pin,
                    pull_up=True,
                    bounce_time=pin_map.bounce_s or None,
                    hold_time=pin_map.long_press_s,
                    pin_factory=pin_factory,
                )
                button.when_pressed = lambda device, f=function: self._pressed(f, device)
                button.when_released = lambda device, f=function: self._released(f)
                button.when_held = lambda device, f=function: self._held(f)
                self._buttons[function] = button
        except Exception:
            self.close()
            raise

    def close(self) -> None:
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()

    def __enter__(self) -> "ButtonPanel":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _pressed(self, function: ButtonName, device: Button) -> None:
        # The callback runs just after the edge; active_time is how long ago it was.
        t = self._time_source() - (device.active_time or 0.0)
        with self._lock:
            # Debounce in software as well: not every pin backend honours bounce_time
            # (gpiozero's MockPin ignores it), and a bouncing release also makes press edges.
            last = self._last_edge.get(function)
            self._last_edge[function] = t
            if last is not None and t - last < self._bounce_s:
                return
        self._emit(ButtonEvent(function, "press", t))

    def _released(self, function: str) -> None:
        with self._lock:
            self._last_edge[function] = self._time_source()

    def _held(self, function: ButtonName) -> None:
        t = self._time_source()
        stand_in = self._long_press_stands_in.get(function)
        if stand_in is not None:
            self._emit(ButtonEvent(stand_in, "press", t))
        else:
            self._emit(ButtonEvent(function, "long_press", t))
