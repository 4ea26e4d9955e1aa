"""A small, clear board in a corner of the frame not located (issue 15, round 37, helper "vsmall37";
vision/MEASUREMENTS.md).

Seed 365365 board-030 (vpale37's measuring seed, dev here): a yellow board with clear lines and premium squares, 82 red
tiles crowding its left columns, the board 0.36 of the 1504 px frame (36 px a square), tilt 6.7, top left of a plain
grey table. The busy part is found and searched (at 0.75 of the frame there, 26 px a square); its first rough
placement lies 0.35 cells off (margin 21), refined 0.05 cells off with lines fitting but not at the bottom-left corner
(0.25 against CORNER_FIT), then at the finer scale (the part at the frame's own size) 0.04 cells off, lines fitting
(shown 0.88, worst corner 0.63), and refused by the half-cell gain at its bottom-left corner: 0.265 against
HALF_CELL_GAIN 0.13 (the corner's own contrast 0.67; the corner moved half a cell left, towards the rim, gains). At the
true corners that corner gains nothing (-0.02, own contrast 0.85): the refinement ends the corner 1.1-1.6 px left of its
line among the red tiles of column 0 and the red corner square, and there the half-cell check reads it as a placement
half a cell off (such placements gained 0.16-0.37 where HALF_CELL_GAIN was measured). Judged last (no finer scale
after), a half-cell gain no longer refuses a placement whose gaining corner, moved half a cell and refined, comes back
within HALF_BACK cells of it (here 0.02): the board's second rough placement is now taken 0.03 cells off."""
from __future__ import annotations

import cv2
import numpy as np
from tests.rendered_board import cells_off, rendered_corners
from vision import locate
from vision.locate import board_candidates, order_corners

SEED, BOARD = 365365, 30


def test_a_small_clear_board_in_a_corner_of_the_frame_is_located():
    image, truth = rendered_corners(SEED, BOARD)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3


def test_its_true_corners_pass_the_half_cell_check_its_refinement_does_not():
    """In the frame at its own size (the busy part's finer scale): at the true corners no corner gains by a
    half-cell move; refined from them (as _settled refines a rough placement) the grid stays within 0.1 cells, clearly
    placed, its lines fitting, and the half-cell gain at one corner refuses it unless judged last."""
    image, truth = rendered_corners(SEED, BOARD)
    grey = locate._gray(image).astype(np.float32)
    at_truth = order_corners(truth)
    assert locate._half_cell_gain(grey, at_truth)[0] < locate.HALF_CELL_GAIN
    refined = locate._refine(grey, at_truth, 3, wide=True, scored=False)
    placed = order_corners(refined[0])
    assert cells_off(placed, truth) < 0.1
    assert locate.placement_margin(image, placed)[0] > locate.PLACEMENT_MARGIN
    refined = locate._scored(grey, refined[0])
    assert locate._fits(locate._refined_fit(grey, placed, refined).shown, locate.FINE_CORNER_FIT)
    assert locate._unsettled(grey, placed, refined) == "half cell"
    # judged last (no finer scale after): that corner moved half a cell the way that gains, refined, comes back
    assert locate._half_cell_comes_back(grey, placed)
    assert locate._unsettled(grey, placed, refined, last=True) != "half cell"


def test_a_grid_half_a_cell_off_at_a_corner_is_still_refused_judged_last():
    """The guard HALF_BACK keeps: the grid refined from the truth with its first corner moved a cell right and down
    ends 0.44-0.67 cells off there on 134261 board-007 and -012 (ev.py, the finer scale), refused by the half-cell
    gain; its corner moved half a cell the way that gains, refined, goes to the board's lines (0.23-0.44 cells away),
    so it stays refused judged last."""
    for board in (7, 12):
        image, truth = rendered_corners(134261, board)
        _, _, scale = locate._work_images(image)
        at, gray, s = locate._finer(image, scale)
        grey = gray.astype(np.float32)
        t = order_corners(truth) * s
        start = cv2.perspectiveTransform((locate._canonical(1) + np.array([[1, 1], [0, 0], [0, 0], [0, 0]], np.float32))[None],
                                         cv2.getPerspectiveTransform(locate._canonical(1), t))[0]
        refined = locate._refine(grey, start, 3, wide=True, scored=False)
        placed = order_corners(refined[0])
        assert cells_off(placed / s, truth) > 0.4
        assert not locate._half_cell_comes_back(grey, placed)
        assert locate._unsettled(grey, placed, locate._scored(grey, refined[0]), last=True) == "half cell"
