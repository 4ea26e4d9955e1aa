"""Status LEDs (gpiozero): which player's clock runs, and a blink for an alert.

- p1 / p2 LED: on while that player's clock runs.
- pause LED: on while the clocks are neutralized; blinking while an alert waits for the
  players (it overrides the steady light).
"""
from __future__ import annotations

from gpiozero import LED

from hardware.pins import PinMap

BLINK_ON_S = 0.4
BLINK_OFF_S = 0.4


class StatusLights:
    def __init__(self, pin_map: PinMap, pin_factory=None) -> None:
        self._leds: dict[str, LED] = {}
        try:
            for function, pin in pin_map.leds.items():
                self._leds[function] = LED(pin, pin_factory=pin_factory)
        except Exception:
            self.close()
            raise
        self._shown: tuple | None = None

    def show(self, running: int | None, neutralized: bool, alert: bool) -> None:
        """Set the LEDs for the clock state; cheap to call every frame (changes only)."""
        state = (running, neutralized, alert)
        if state == self._shown:
            return
        self._shown = state
        self._set("p1", running == 0)
        self._set("p2", running == 1)
        pause = self._leds.get("pause")
        if pause is not None:
            if alert:
                pause.blink(on_time=BLINK_ON_S, off_time=BLINK_OFF_S, background=True)
            else:
                pause.value = neutralized

    def _set(self, function: str, on: bool) -> None:
        led = self._leds.get(function)
        if led is not None:
            led.value = on

    def close(self) -> None:
        for led in self._leds.values():
            led.close()
        self._leds.clear()

    def __enter__(self) -> "StatusLights":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LightsSink:
    """A kiosk sink (kiosk.sinks): the LEDs follow each tick's screen: whose clock runs,
    a pause (both clocks stopped), a blink while an alert stands."""

    def __init__(self, lights: StatusLights) -> None:
        self.lights = lights

    def show(self, screen) -> None:  # a kiosk.display.model.ScreenModel
        running = next((i for i, p in enumerate(screen.players) if p.clock.running), None)
        alert = bool(screen.alerts) or screen.screen == "alert"
        self.lights.show(running, bool(screen.clocks_neutralized), alert)

    def record(self, game_id: str, seq: int, record: dict) -> None:
        pass

    def close(self) -> None:
        self.lights.close()
