"""kiosk.vision_worker.ChangeGate on rendered frames: camera noise is no change; one tile laid is.

The gate decides only how much reading is done (a frame it calls unchanged is not read
again while the board is settled, and after a press it confirms the last settled reading);
these are the measurements behind its level (the module's comment)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import load_script
from kiosk.vision_worker import ChangeGate
from vision.config import load_config
from vision.reader import BoardReader

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "hands"


@pytest.fixture(scope="module")
def frames() -> dict[str, np.ndarray]:
    ensure_frames(GAME, load_script(GAME))
    return {name: cv2.imread(str(GAME / "frames" / name)) for name in ("000.jpg", "002.jpg", "003.jpg", "005.jpg")}


def gate_on(frame: np.ndarray) -> ChangeGate:
    reader = BoardReader(load_config(GAME / "vision.toml"))
    observation = reader.observe(frame)
    assert observation.located
    gate = ChangeGate()
    gate.remember(frame, observation)
    return gate


def test_camera_noise_is_no_change(frames):
    gate = gate_on(frames["003.jpg"])
    rng = np.random.default_rng(1)
    for sigma in (4, 8, 12):
        noisy = np.clip(frames["003.jpg"] + rng.normal(0, sigma, frames["003.jpg"].shape), 0, 255).astype(np.uint8)
        assert not gate.changed(noisy), sigma
    assert not gate.changed(frames["003.jpg"].copy())


def test_tiles_laid_are_a_change(frames):
    assert gate_on(frames["000.jpg"]).changed(frames["002.jpg"])     # CAT on the empty board
    assert gate_on(frames["002.jpg"]).changed(frames["003.jpg"])     # O and W under its C
    assert gate_on(frames["003.jpg"]).changed(frames["005.jpg"])     # one tile: E


def test_no_reference_is_always_a_change(frames):
    gate = ChangeGate()
    assert gate.changed(frames["000.jpg"])
    gate.remember(frames["000.jpg"], None)       # the board was not found
    assert gate.changed(frames["000.jpg"])
    assert gate_on(frames["000.jpg"]).changed("not an image")
