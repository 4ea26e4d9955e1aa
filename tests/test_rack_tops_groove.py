"""A rack learnt by its tiles' tops learns the groove's colour only where setup sees a stretch of
groove (vision.rack_tops.GROOVE_SEEN): seven tiles spread along the rack, close together, show only
the shade they cast between them, and an empty stretch later is nearer the tiles' colour than that
shade (bench seed 9880512 p2: six navy tiles on a blue rack read as eight). Drawn strips, no seed."""
from __future__ import annotations

import cv2
import numpy as np

from vision.rack_tops import read_tops, tops_bands
from vision.racks import PX_PER_TILE, TILE_PER_SQUARE_MEAN

SQUARE = PX_PER_TILE / TILE_PER_SQUARE_MEAN  # the strip at the frame's own scale
X0, Y0, W, H = 40, 40, 150, 38
ZONE = np.array([[X0, Y0], [X0 + W, Y0], [X0 + W, Y0 + H], [X0, Y0 + H]], np.float32)


def _lab(light: int, a: int = 128, b: int = 128) -> np.ndarray:
    return np.array([light, a, b], np.uint8)


def _frame(tiles: list[tuple[int, int]], shade: bool = False) -> np.ndarray:
    """A navy rack on a light table, its groove floor and lip lighter than its body, navy tiles
    standing at (first column, width) along it; `shade`: the groove between neighbours dark."""
    lab = np.zeros((120, 240, 3), np.uint8)
    lab[:] = _lab(190, 130, 150)
    rack = lab[Y0:Y0 + H, X0:X0 + W]
    rack[6:32, 6:W - 6] = _lab(40, 135, 100)
    rack[23, 6:W - 6] = _lab(60, 135, 100)
    rack[24, 6:W - 6] = _lab(46, 135, 100)
    for a, w in tiles:
        rack[22, 6 + a:6 + a + w] = _lab(55, 133, 101)
        rack[23:25, 6 + a:6 + a + w] = _lab(47, 133, 101)
    if shade:
        for (a, w), (a2, _) in zip(tiles, tiles[1:]):
            rack[22:25, 6 + a + w:6 + a2] = _lab(28, 134, 104)
    noisy = lab + np.random.default_rng(0).normal(0, 1.0, lab.shape)
    return cv2.cvtColor(np.clip(noisy, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def test_seven_spread_close_show_no_groove_and_are_not_learnt_by_their_tops():
    spread = [(4 + 19 * i, 15) for i in range(7)]  # 4 px of shade between neighbours, none at the ends
    assert tops_bands(_frame(spread, shade=True), ZONE, SQUARE, 7) == []


def test_seven_pushed_together_show_the_groove_and_are_read_from_empty_to_overdrawn():
    bands = tops_bands(_frame([(2 + 15 * i, 14) for i in range(7)]), ZONE, SQUARE, 7)
    assert bands
    tops, pitches = bands[0]
    for n in (0, 3, 6, 7, 8):
        count, blocked, _ = read_tops(_frame([(2 + 15 * i, 14) for i in range(n)]), ZONE, SQUARE, tops, pitches,
                                      0.1 * sum(pitches) / 2)
        assert (count, blocked) == (n, False)
