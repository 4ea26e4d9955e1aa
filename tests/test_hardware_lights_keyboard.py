"""Status LEDs on MockFactory pins, and keyboard events through the same ButtonEvent path."""
import time

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from hardware.events import ButtonEvent
from hardware.keyboard import KeyboardButtons
from hardware.lights import StatusLights
from hardware.pins import load_pin_map


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def led_states(factory, pins):
    return {f: factory.pin(p).state for f, p in pins.leds.items()}


def test_leds_show_the_running_clock_and_neutralized(factory):
    pins = load_pin_map()
    with StatusLights(pins, pin_factory=factory) as lights:
        lights.show(running=0, neutralized=False, alert=False)
        assert led_states(factory, pins) == {"p1": True, "p2": False, "pause": False}
        lights.show(running=1, neutralized=False, alert=False)
        assert led_states(factory, pins) == {"p1": False, "p2": True, "pause": False}
        lights.show(running=None, neutralized=True, alert=False)
        assert led_states(factory, pins) == {"p1": False, "p2": False, "pause": True}


def test_alert_blinks_the_pause_led(factory):
    pins = load_pin_map()
    with StatusLights(pins, pin_factory=factory) as lights:
        pause = factory.pin(pins.leds["pause"])
        pause.clear_states()
        lights.show(running=0, neutralized=False, alert=True)
        deadline = time.monotonic() + 5
        while len(pause.states) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        changes = [s.state for s in pause.states[1:]]
        assert changes[:3] == [True, False, True]
        lights.show(running=0, neutralized=False, alert=False)
        time.sleep(0.05)
        assert pause.state is False


class Clock:
    def __init__(self):
        self.now = 50.0

    def __call__(self):
        return self.now


def key(kind, k):
    return pygame.event.Event(kind, key=k)


def test_keys_give_the_same_events_as_buttons():
    clock = Clock()
    keys = KeyboardButtons(long_press_s=1.0, time_source=clock)
    assert keys.translate(key(pygame.KEYDOWN, pygame.K_LSHIFT)) == ButtonEvent("p1", "press", 50.0)
    assert keys.translate(key(pygame.KEYDOWN, pygame.K_LSHIFT)) is None  # key repeat
    clock.now = 50.2
    assert keys.translate(key(pygame.KEYUP, pygame.K_LSHIFT)) is None  # short press
    for k, name in ((pygame.K_l, "p2"), (pygame.K_SPACE, "pause"), (pygame.K_c, "challenge"),
                    (pygame.K_RETURN, "confirm"), (pygame.K_BACKSPACE, "cancel")):
        assert keys.translate(key(pygame.KEYDOWN, k)).button == name
        keys.translate(key(pygame.KEYUP, k))
    assert keys.translate(key(pygame.KEYDOWN, pygame.K_z)) is None
    assert keys.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1)) is None


def test_holding_a_key_gives_long_press_on_release():
    clock = Clock()
    keys = KeyboardButtons(long_press_s=1.0, time_source=clock)
    keys.translate(key(pygame.KEYDOWN, pygame.K_RETURN))
    clock.now += 1.5
    assert keys.translate(key(pygame.KEYUP, pygame.K_RETURN)) == ButtonEvent("confirm", "long_press", 51.5)
