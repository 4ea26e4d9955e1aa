"""The both-ways gain is no sign of a crowded corner (issue 15, round 33, helper "vcorner34").

Round 33's vcorner33 (vision/MEASUREMENTS.md) proposed two witnesses for a placement the half- or whole-cell check
refuses at a crowded corner (305305 board-034, tests/test_vision_vcorner33.py): every corner's lines fitting by the
median over its 12 lines, and the refused corner gaining over HALF_CELL_GAIN by a half-cell move and by its opposite
(the letters of a row of tiles along the cells' middle), where a grid half a cell off was seen to gain one way only.
Measured on 113 crowded dev boards (round 33, vcorner34) the second witness does not hold: a corner given 0.75 cells
off lies between two of the board's lines and gains by moving half a cell towards either. Rendered seed 327327
board-090 with its bottom-right corner so moved (0.71 cells off, clearly placed, its lines fitting) gains 0.86 and
0.50 by the two opposite moves along x; the half-cell check refuses it (as it should), and the rule was not made."""
from __future__ import annotations

import cv2
import numpy as np

from tests.rendered_board import cells_off, rendered_corners
from tests.test_vision_vcorner33 import _half_move_gains
from vision.locate import (HALF_CELL_GAIN, PLACEMENT_MARGIN, _canonical, _fits, _refined_fit, _unsettled,
                           _work_images, order_corners, placement_margin)


def test_a_corner_between_two_lines_gains_both_ways_and_stays_refused():
    image, truth = rendered_corners(327327, 90)
    small, gray, scale = _work_images(image)
    grey = gray.astype(np.float32)
    to_frame = cv2.getPerspectiveTransform(_canonical(1), order_corners(truth * scale))
    square = _canonical(1).copy()
    square[2] += (0.75, 0.0)  # the bottom-right corner (in the board's cells) three quarters of a cell right
    given = order_corners(cv2.perspectiveTransform(square[None], to_frame)[0])
    assert cells_off(given / scale, truth) > 0.5
    assert placement_margin(small, given)[0] >= PLACEMENT_MARGIN
    assert _fits(_refined_fit(grey, given, (given, 0.0, None)).shown)
    corner = int(np.flatnonzero((given == cv2.perspectiveTransform(square[None], to_frame)[0][2]).all(axis=1))[0])
    gains = _half_move_gains(grey, given, corner)
    assert min(gains[(-0.5, 0.0)], gains[(0.5, 0.0)]) > HALF_CELL_GAIN
    assert _unsettled(grey, given, (given, 0.0, None)) == "half cell"
