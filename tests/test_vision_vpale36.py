"""The board not located on the lead's seed 361361 (issue 15, round 36, helper "vpale36"; vision/MEASUREMENTS.md).

board-065: a pale board (a "clear" style: near-white squares, 2 px grey lines, pale pink and blue premium squares),
84 brown tiles with white letters, the board 0.58 of the 1504 px frame, racks above and below it, glare over its
lower right, blur 1.4. The whole frame's search (no busy part, no cluster, no last part) gives a rough placement 0.33
cells off (margin 4.02), refined 0.04-0.08 cells off (margin 8.2-8.4) whose lines fit (shown fit 0.70-0.76, LINE_FIT
0.67) but not at its bottom-right corner (0.44 at the work size, CORNER_FIT 0.5; 0.36 at the finer scale,
FINE_CORNER_FIT 0.6): refused by _corner_fit in _settled. At the true corners that corner fits 3/8 (work size) and 6/11
(finer scale) of its pieces, the other three 0.8-1.0. The premium pattern alone places it 0.07 cells off from the
truth (margin 7.9) but not clearly (whole clearness 1.23, PATTERN_HALF 3.0), and is asked only from the first two
rough placements (5.1 and 9.3 cells off). Not fixed (no threshold moved for one board): a strict xfail and the finding.
"""
from __future__ import annotations

import numpy as np
import pytest

from tests.rendered_board import cells_off, fine_fit_at_truth, rendered_corners
from vision import locate
from vision.locate import board_candidates


@pytest.mark.xfail(strict=True, reason="issue 15: 361361 board-065 (pale board, faint lines, glare over its lower right, "
                   "brown tiles): placed 0.04-0.08 cells off, margin 8.2-8.4, shown fit 0.70-0.76, refused by the corner "
                   "fit at its bottom-right corner (0.44 < CORNER_FIT 0.5, 0.36 < FINE_CORNER_FIT 0.6); the pattern "
                   "alone is not clear there (whole clearness 1.23 < PATTERN_HALF 3.0)")
def test_a_pale_board_with_glare_over_a_corner_is_located():
    image, truth = rendered_corners(361361, 65)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3


def test_at_its_true_corners_only_the_bottom_right_corner_refuses_it():
    """The finding behind the xfail: at the true corners, at the finer scale (where _settled looks again), the pieces
    fit over the whole grid and the placement is clear, but the worst corner fits under FINE_CORNER_FIT; counted
    as fitting, the bottom-right corner's end pieces (the 6 lines nearest it each way) would let it pass."""
    at, corners, grey, fit = fine_fit_at_truth(361361, 65)
    assert fit.shown[0] >= locate.LINE_FIT
    assert fit.shown[1] < locate.FINE_CORNER_FIT
    assert locate.placement_margin(at, corners)[0] > locate.PLACEMENT_MARGIN
    view = locate._fit_view(grey, corners)
    cell = locate.REFINE_CELL
    pieces = locate._line_pieces(view, cell, cell)
    shown = locate._shown_lines(pieces)
    strongest, _ = locate._strongest_beside(view, cell, cell)
    showing = locate._pieces_showing_lines(view, cell, cell, shown, strongest)
    assert locate._corner_fit(pieces, shown, showing) < locate.FINE_CORNER_FIT
    n = locate.CORNER_LINES
    mended = pieces.copy()
    mended[:, 16 - n:, -1] = True  # the bottom pieces of the right vertical lines, the right pieces of the bottom rows
    assert locate._corner_fit(mended, shown, showing) >= locate.FINE_CORNER_FIT


def test_its_premium_pattern_is_not_clear_at_its_true_corners():
    """The pale pink and blue squares: the pattern refined from the truth by the plain colours lands 0.07 cells off
    with a clear margin, but beats the grid moved half a cell only 1.23 times (PATTERN_HALF 3.0)."""
    image, truth = rendered_corners(361361, 65)
    small, _, scale = locate._work_images(image)
    lab = locate._lab(small)
    corners = locate._pattern_refined(lab, locate.order_corners(truth) * scale, False)
    assert cells_off(corners / scale, truth) < 0.3
    assert locate.placement_margin(small, corners)[0] > locate.PATTERN_MARGIN
    whole, _ = locate._pattern_clearness(lab, corners, False)
    assert whole < locate.PATTERN_HALF
