"""`[sound] enabled = true`: a short tone when a new alert appears on the screen.

Off by default (KIOSK-04: the kiosk must not draw the room's attention unasked). A sink
(kiosk.sinks.Sink): the assembly adds `ToneSink()` to its sinks when `config.sound` is
true. It only looks at `ScreenModel.alerts`: an alert not shown in the previous tick
plays one tone; an alert that stays up plays nothing more. Playing never blocks the
clock (pygame's mixer plays on its own thread), and a machine without audio logs it
once and stays silent.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from kiosk.display.model import Alert, ScreenModel
from kiosk.sinks import JournalRecord

log = logging.getLogger("kiosk.sound")

TONE_HZ = 880.0
TONE_S = 0.15
SAMPLE_RATE = 22_050


def tone_samples(hz: float = TONE_HZ, seconds: float = TONE_S, rate: int = SAMPLE_RATE) -> bytes:
    """A sine tone as 16-bit mono samples, with 10 ms fade in and out (no click)."""
    import numpy as np

    t = np.arange(int(seconds * rate)) / rate
    fade = np.minimum(1.0, np.minimum(t, seconds - t) / 0.01)
    wave = 0.4 * np.sin(2 * np.pi * hz * t) * fade
    return (wave * 32767).astype("<i2").tobytes()


def pygame_player() -> Callable[[], None] | None:
    """A function playing the tone through pygame's mixer, or None when there is no audio."""
    import pygame

    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1)
        frequency, _, channels = pygame.mixer.get_init()
        samples = tone_samples(rate=frequency)
        if channels > 1:  # the mixer chose stereo: the same sample on every channel
            import numpy as np

            mono = np.frombuffer(samples, "<i2")
            samples = np.repeat(mono, channels).tobytes()
        sound = pygame.mixer.Sound(buffer=samples)
    except pygame.error as exc:
        log.warning("sound is on in the config but there is no audio output (%s); alerts stay silent", exc)
        return None

    def play() -> None:
        sound.play()

    return play


class ToneSink:
    """Plays one tone per newly shown alert."""

    def __init__(self, play: Callable[[], None] | None = None) -> None:
        self._play = play
        self._ready = play is not None
        self._shown: tuple[Alert, ...] = ()

    def show(self, screen: ScreenModel) -> None:
        new = [alert for alert in screen.alerts if alert not in self._shown]
        self._shown = screen.alerts
        if not new:
            return
        if not self._ready:
            self._play = pygame_player()
            self._ready = True
        if self._play is not None:
            self._play()

    def record(self, game_id: str, seq: int, record: JournalRecord) -> None:
        pass

    def close(self) -> None:
        pass
