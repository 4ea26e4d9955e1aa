"""[sound] enabled: one short tone per newly shown alert, through pygame's mixer (KIOSK-04: off by default)."""
from __future__ import annotations

import numpy as np

from kiosk.display.model import Alert, ScreenModel
from kiosk.sinks import Sink
from kiosk.sound import SAMPLE_RATE, TONE_S, ToneSink, pygame_player, tone_samples


def test_one_tone_per_new_alert_not_per_tick():
    played: list[int] = []
    sink: Sink = ToneSink(lambda: played.append(1))
    overdraw, late = Alert("Overdraw", "DRAW-05"), Alert("Overtime", "TIME-03")
    for screen in (ScreenModel(), ScreenModel(alerts=(overdraw,)), ScreenModel(alerts=(overdraw,)),
                   ScreenModel(alerts=(overdraw, late)), ScreenModel(), ScreenModel(alerts=(overdraw,))):
        sink.show(screen)
    assert len(played) == 3  # overdraw, overtime, overdraw again after it was gone


def test_tone_is_short_and_fades():
    samples = np.frombuffer(tone_samples(), "<i2")
    assert len(samples) == int(TONE_S * SAMPLE_RATE)
    assert abs(int(samples[0])) < 200 and abs(int(samples[-1])) < 200 and samples.max() > 10_000


def test_pygame_plays_it_on_the_dummy_audio_driver(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    play = pygame_player()
    try:
        assert play is not None
        play()  # returns at once; the mixer plays on its own thread
    finally:
        pygame.mixer.quit()


def test_sound_is_off_by_default():
    from kiosk.config import KioskConfig
    from pathlib import Path

    assert KioskConfig(source="<defaults>", games_dir=Path("g")).sound is False
