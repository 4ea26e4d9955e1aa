"""Open the buttons and LEDs together, or report that this machine has no Pi GPIO."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from hardware.events import ButtonEvent
from hardware.pins import load_pin_map

if TYPE_CHECKING:
    from hardware.buttons import ButtonPanel
    from hardware.lights import StatusLights

MODEL_FILES = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))


def pi_model() -> str | None:
    """"Raspberry Pi 5 Model B Rev 1.0" and the like, or None on other machines."""
    for path in MODEL_FILES:
        try:
            model = path.read_bytes().rstrip(b"\0").decode(errors="replace")
        except OSError:
            continue
        if "Raspberry Pi" in model:
            return model
    return None


@dataclass
class Gpio:
    buttons: "ButtonPanel"
    lights: "StatusLights"

    def close(self) -> None:
        self.buttons.close()
        self.lights.close()


def open_gpio(
    emit: Callable[[ButtonEvent], None],
    pin_map_path: str | Path | None = None,
    pin_factory=None,
    time_source: Callable[[], float] = time.monotonic,
) -> Gpio | None:
    """Buttons (events to `emit`) and LEDs from the pin map, or None without Pi GPIO.

    The pin map is checked first in any case, so a desktop run reports a bad file too
    (InputError). With `pin_factory` given (tests: MockFactory) the machine is not asked.
    """
    pin_map = load_pin_map(pin_map_path)
    if pin_factory is None and pi_model() is None:
        return None
    from hardware.buttons import ButtonPanel
    from hardware.lights import StatusLights

    buttons = ButtonPanel(pin_map, emit, pin_factory=pin_factory, time_source=time_source)
    try:
        lights = StatusLights(pin_map, pin_factory=pin_factory)
    except Exception:
        buttons.close()
        raise
    return Gpio(buttons, lights)
