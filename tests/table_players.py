"""The players at a kiosk assembled on gpiozero's mock pins with a simulated clock: they
wait while it ticks and press its buttons. Shared by the tests that drive the whole
assembly from the buttons (tests/test_assembly_e2e.py, tests/test_rack_setup.py)."""
from __future__ import annotations

import time
from typing import Any

from kiosk.assembly import Kiosk
from kiosk.display.model import ScreenModel


class Players:
    kiosk: Kiosk
    pins: dict[str, Any]   # the panel's gpiozero buttons by function
    t: float               # the kiosk's simulated clock
    screen: ScreenModel | None

    def wait(self, seconds: float = 1.0) -> ScreenModel:
        end = self.t + seconds
        while self.t < end:
            self.t = round(self.t + 0.1, 3)
            self.screen = self.kiosk.tick()
        assert self.screen is not None
        return self.screen

    def press(self, button: str, hold: bool = False) -> ScreenModel:
        pin = self.pins[button].pin
        pin.drive_low()
        if hold:
            time.sleep(1.25)   # the pin map's long press is 1 s of real time (gpiozero's hold thread)
        pin.drive_high()
        time.sleep(0.01)
        return self.wait(0.5)
