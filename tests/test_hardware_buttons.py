"""GPIO buttons on gpiozero's MockFactory (real gpiozero code, mock pins)."""
import dataclasses
import queue
import time

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import ButtonPanel
from hardware.events import ButtonEvent
from hardware.pins import THREE_BUTTON_MAP, bundled_pin_map, load_pin_map
from kiosk.clock import ClockRules, GameClock, Press

PLAYER = {"p1": 0, "p2": 1}


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def make_panel(factory, pin_map=None, **changes):
    pin_map = dataclasses.replace(pin_map or load_pin_map(), **changes)
    events: queue.Queue[ButtonEvent] = queue.Queue()
    return ButtonPanel(pin_map, events.put, pin_factory=factory), events, pin_map


def drain(events: queue.Queue) -> list[ButtonEvent]:
    out = []
    while not events.empty():
        out.append(events.get_nowait())
    return out


def tap(factory, pin: int, hold_s: float = 0.0) -> None:
    factory.pin(pin).drive_low()
    if hold_s:
        time.sleep(hold_s)
    factory.pin(pin).drive_high()


def test_press_edge_gives_one_press_event_with_its_time(factory):
    panel, events, pins = make_panel(factory)
    with panel:
        before = time.monotonic()
        factory.pin(pins.buttons["p1"]).drive_low()
        after = time.monotonic()
        (event,) = drain(events)  # sent on the press edge, before any release
        assert (event.button, event.kind) == ("p1", "press")
        assert before <= event.t <= after


def test_every_wired_function_reports_its_own_name(factory):
    panel, events, pins = make_panel(factory)
    with panel:
        for function, pin in pins.buttons.items():
            tap(factory, pin)
            time.sleep(pins.bounce_s * 1.5)
        assert [e.button for e in drain(events)] == list(pins.buttons)


def test_contact_bounce_is_one_press(factory):
    panel, events, pins = make_panel(factory, bounce_s=0.05)
    with panel:
        pin = factory.pin(pins.buttons["p2"])
        for _ in range(4):  # a bouncing contact: several edges within a few ms
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        time.sleep(0.01)
        pin.drive_high()  # release, also bouncing
        pin.drive_low()
        pin.drive_high()
        assert [(e.button, e.kind) for e in drain(events)] == [("p2", "press")]
        time.sleep(0.08)  # a real second press after the contact settled counts
        tap(factory, pins.buttons["p2"])
        assert [(e.button, e.kind) for e in drain(events)] == [("p2", "press")]


def test_long_press_uses_gpiozero_hold_detection(factory):
    panel, events, pins = make_panel(factory, long_press_s=0.1)
    with panel:
        tap(factory, pins.buttons["confirm"], hold_s=0.4)
        kinds = [(e.button, e.kind) for e in drain(events)]
        assert kinds == [("confirm", "press"), ("confirm", "long_press")]
        time.sleep(0.1)
        tap(factory, pins.buttons["confirm"], hold_s=0.02)  # short: no long press
        time.sleep(0.15)
        assert [e.kind for e in drain(events)] == ["press"]


def test_three_button_layout_long_presses_stand_in_for_missing_functions(factory):
    panel, events, pins = make_panel(factory, bundled_pin_map(THREE_BUTTON_MAP), long_press_s=0.1)
    with panel:
        tap(factory, pins.buttons["pause"], hold_s=0.4)
        time.sleep(0.05)
        tap(factory, pins.buttons["p1"], hold_s=0.4)
        time.sleep(0.05)
        tap(factory, pins.buttons["p2"], hold_s=0.4)
        assert [(e.button, e.kind) for e in drain(events)] == [
            ("pause", "press"), ("challenge", "press"),
            ("p1", "press"), ("confirm", "press"),
            ("p2", "press"), ("cancel", "press"),
        ]


def feed(clock: GameClock, events: queue.Queue) -> list[Press]:
    """What the app does with clock-button events."""
    return [clock.press(PLAYER[e.button], t=e.t) for e in drain(events) if e.button in PLAYER and e.kind == "press"]


def test_two_simultaneous_presses_only_the_running_side_counts(factory):
    panel, events, pins = make_panel(factory)
    clock = GameClock()
    with panel:
        tap(factory, pins.buttons["p2"])  # starts p1's clock
        assert feed(clock, events) == [Press.STARTED]
        time.sleep(0.3)  # p1 thinks
        factory.pin(pins.buttons["p1"]).drive_low()  # both slam their buttons at once
        factory.pin(pins.buttons["p2"]).drive_low()
        results = feed(clock, events)
        assert results == [Press.SWITCHED, Press.TOO_SOON]
        assert clock.running() == 1


def test_press_during_a_neutralized_clock_does_nothing(factory):
    panel, events, pins = make_panel(factory)
    clock = GameClock()
    with panel:
        tap(factory, pins.buttons["p2"])
        feed(clock, events)
        tap(factory, pins.buttons["pause"])
        (pause,) = drain(events)
        assert clock.neutralize("challenge", t=pause.t)
        time.sleep(0.05)
        tap(factory, pins.buttons["p1"])
        tap(factory, pins.buttons["p2"])
        assert feed(clock, events) == [Press.NEUTRALIZED, Press.NEUTRALIZED]
        assert clock.running() is None


def test_a_full_game_of_presses_through_mock_pins(factory):
    panel, events, pins = make_panel(factory, bounce_s=0.0)
    clock = GameClock(rules=ClockRules(simultaneous_press_s=0.002))
    with panel:
        tap(factory, pins.buttons["p2"])
        player = "p1"
        for _ in range(60):  # 60 turns: each press ends the presser's turn
            time.sleep(0.004)
            tap(factory, pins.buttons[player])
            player = "p2" if player == "p1" else "p1"
        results = feed(clock, events)
    assert results[0] is Press.STARTED
    assert results[1:] == [Press.SWITCHED] * 60
    assert clock.running() == 0  # p1 to play after 60 turns
    used = clock.result().used_s
    assert 0 < used[0] + used[1] < 5
