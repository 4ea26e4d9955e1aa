"""Two witnesses for a crowded corner do not separate (issue 15, round 33, helper "vcorner34").

Round 33's vcorner33 (vision/MEASUREMENTS.md) proposed to take a placement the half- or whole-cell check refuses
at a crowded corner (305305 board-034, tests/test_vision_vcorner33.py) when two witnesses agree: every corner's
lines fit by the median over its 12 lines (own >= 0.6, no median half- or whole-cell gain), and the refused corner
gains over HALF_CELL_GAIN by a half-cell move and by its opposite (a row of tiles' letters along the cells'
middle), where a grid half a cell off was seen to gain one way only. Measured on 100 crowded dev boards (round 33,
vcorner34) the second witness does not hold: a corner given 0.75 cells off lies between two of the board's lines
and gains by moving half a cell towards either. Rendered seed 305305 board-096 with its bottom-left corner (in the
board's cells) so moved is 0.71 cells off, clearly placed, its lines fitting and their parity right; by the median
form its corners fit 0.97-1.0 (half gain 0.031, whole 0.031) and the corner gains 0.28 and 0.57 by the two
opposite moves along x: both witnesses pass. Only the half-cell check refuses it, and the rule was not made."""
from __future__ import annotations

import cv2
import numpy as np

from tests.rendered_board import cells_off, rendered_corners
from tests.test_vision_vcorner33 import _half_move_gains
from vision.locate import (HALF_CELL_GAIN, LINE_PARITY, PLACEMENT_MARGIN, _canonical, _fits, _line_parity,
                           _refined_fit, _unsettled, _work_images, order_corners, placement_margin)


def test_a_corner_between_two_lines_gains_both_ways_and_is_refused_by_the_half_cell_check_alone():
    image, truth = rendered_corners(305305, 96)
    small, gray, scale = _work_images(image)
    grey = gray.astype(np.float32)
    to_frame = cv2.getPerspectiveTransform(_canonical(1), order_corners(truth * scale))
    square = _canonical(1).copy()
    square[3] += (-0.75, 0.0)  # corner 3 of the board's cells three quarters of a cell along its bottom side
    moved = cv2.perspectiveTransform(square[None], to_frame)[0]
    given = order_corners(moved)
    placed = (given, 0.0, None)
    assert cells_off(given / scale, truth) > 0.5
    assert placement_margin(small, given)[0] >= PLACEMENT_MARGIN
    assert _fits(_refined_fit(grey, given, placed).shown)
    assert _line_parity(grey, given, placed) >= LINE_PARITY
    corner = int(np.flatnonzero((given == moved[3]).all(axis=1))[0])
    gains = _half_move_gains(grey, given, corner)
    assert min(gains[(-0.5, 0.0)], gains[(0.5, 0.0)]) > HALF_CELL_GAIN
    assert _unsettled(grey, given, placed) == "half cell"
