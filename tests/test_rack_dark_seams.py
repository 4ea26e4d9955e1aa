"""Seams between dark tiles measured on a finer strip (vision.racks._fine_light), on a drawn
frame (no rendering): navy tiles 37 px wide, 1 px seams a little darker than the tiles."""
from __future__ import annotations

import numpy as np

from vision.racks import _fine_light, _rectify


def _frame() -> tuple[np.ndarray, np.ndarray]:
    frame = np.full((120, 800, 3), (95, 45, 30), np.uint8)  # navy, 8-bit L about 50
    for k in range(1, 20):
        x = 30 + 37 * k + (k * 7) % 3  # seams at every phase against the strip's samples
        frame[:, x] = (70, 30, 20)
    zone = np.array([[30, 40], [770, 40], [770, 80], [30, 80]], np.float32)
    return frame, zone


def _dips(light: np.ndarray) -> np.ndarray:
    """Each column's darkening against the median (the tiles' middles)."""
    return float(np.median(light)) - light


def test_a_finer_strip_keeps_the_seams_a_coarse_one_samples_past():
    frame, zone = _frame()
    strip, _ = _rectify(frame, zone, 40.0)
    band = (2, strip.shape[0] - 2)
    coarse = strip[band[0]:band[1]].max(axis=2).astype(np.float32).mean(axis=0)  # the same light, sampled coarsely
    fine = _fine_light(frame, zone, 40.0, band)
    assert fine.shape == coarse.shape
    seams = 19
    # the deepest columns of each: the fine strip finds every seam, at half its deepest dip at least
    deep_fine = np.sort(_dips(fine))[-seams:]
    deep_coarse = np.sort(_dips(coarse))[-seams:]
    assert deep_fine.min() >= 0.5 * deep_fine.max()
    assert deep_fine.mean() > 1.5 * deep_coarse.mean()
    # ... and the tiles' own columns stay as light as they are
    assert np.median(fine) == np.median(coarse)
