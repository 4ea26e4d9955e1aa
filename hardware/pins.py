"""The pin map: which BCM GPIO pin each button and LED is wired to (TOML, with defaults).

Errors name the file, line and entry (kiosk.errors.InputError).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from hardware.events import BUTTONS, Button, is_button
from kiosk.errors import InputError, line_of_key, parse_toml

# BCM GPIO -> physical pin on the 40-pin header. GPIO 0 and 1 are left out: they are
# reserved for the HAT ID EEPROM.
PHYSICAL_PIN = {
    2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
    14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16,
    24: 18, 25: 22, 26: 37, 27: 13,
}
LED_FUNCTIONS = ("p1", "p2", "pause")
DEFAULT_MAP = "pins.toml"
THREE_BUTTON_MAP = "pins_three_buttons.toml"


@dataclass(frozen=True)
class PinMap:
    source: str
    buttons: dict[Button, int]  # function -> BCM pin, for wired buttons
    leds: dict[str, int]  # function -> BCM pin
    stand_ins: dict[Button, Button]  # missing function -> wired button whose long press stands in
    bounce_s: float = 0.03
    long_press_s: float = 1.0


def load_pin_map(path: str | Path | None = None) -> PinMap:
    """Read a pin map file; None reads the bundled default (six buttons)."""
    if path is None:
        text = resources.files("hardware").joinpath(DEFAULT_MAP).read_text(encoding="utf-8")
        return parse_pin_map(text, f"<built-in {DEFAULT_MAP}>")
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(str(path), f"cannot read pin map ({exc.strerror})") from None
    return parse_pin_map(text, str(path))


def bundled_pin_map(name: str) -> PinMap:
    text = resources.files("hardware").joinpath(name).read_text(encoding="utf-8")
    return parse_pin_map(text, f"<built-in {name}>")


def parse_pin_map(text: str, source: str) -> PinMap:
    data = parse_toml(text, source)

    def error(key: str, message: str) -> InputError:
        return InputError(source, message, line_of_key(text, key), key)

    for table, value in data.items():
        if table not in ("buttons", "leds", "stand_ins", "timing"):
            raise InputError(source, f"unknown section [{table}] (expected buttons, leds, stand_ins, timing)")
        if not isinstance(value, dict):
            raise InputError(source, "must be a [table]", line_of_key(text, table), table)
    buttons = {b: pin for b, pin in _pins(data.get("buttons", {}), "buttons", BUTTONS, error).items() if is_button(b)}
    leds = _pins(data.get("leds", {}), "leds", LED_FUNCTIONS, error)
    used: dict[int, str] = {}
    for table, pins in (("buttons", buttons), ("leds", leds)):
        for function, pin in pins.items():
            key = f"{table}.{function}"
            if pin in used:
                raise error(key, f"GPIO {pin} is already used by {used[pin]}")
            used[pin] = key
    for function in ("p1", "p2"):
        if function not in buttons:
            raise InputError(source, f"the {function} clock button must be wired", field=f"buttons.{function}")

    stand_ins: dict[Button, Button] = {}
    for function, button in data.get("stand_ins", {}).items():
        key = f"stand_ins.{function}"
        if not is_button(function):
            raise error(key, f"unknown function (expected one of {', '.join(BUTTONS)})")
        if function in buttons:
            raise error(key, "this function has its own button; a stand-in is only for a missing one")
        if not is_button(button) or button not in buttons:
            raise error(key, f"{button!r} is not a wired button (wired: {', '.join(buttons)})")
        if list(stand_ins.values()).count(button):
            raise error(key, f"the long press of {button} already stands in for another function")
        stand_ins[function] = button
    missing = [f for f in BUTTONS if f not in buttons and f not in stand_ins]
    if missing:
        raise InputError(source, f"no button or stand-in for {', '.join(missing)}", field="stand_ins")

    timing = data.get("timing", {})
    values: dict[str, float] = {}
    for name, default, low, high in (("bounce_s", 0.03, 0.0, 0.5), ("long_press_s", 1.0, 0.2, 10.0)):
        value = timing.get(name, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise error(f"timing.{name}", f"must be a number of seconds from {low} to {high}, got {value!r}")
        values[name] = float(value)
    for name in timing:
        if name not in values:
            raise error(f"timing.{name}", "unknown setting (expected bounce_s, long_press_s)")
    return PinMap(source, buttons, leds, stand_ins, bounce_s=values["bounce_s"], long_press_s=values["long_press_s"])


def _pins(table: dict[str, object], name: str, functions: tuple[str, ...],
          error: Callable[[str, str], InputError]) -> dict[str, int]:
    pins: dict[str, int] = {}
    for function, pin in table.items():
        key = f"{name}.{function}"
        if function not in functions:
            raise error(key, f"unknown function (expected one of {', '.join(functions)})")
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in PHYSICAL_PIN:
            raise error(key, f"{pin!r} is not a usable BCM GPIO number (use 2-27)")
        pins[function] = pin
    return pins
