"""Round 30's unused boards not located (issue 15), vision/locate.py. Round 31's helper "vnotloc31" took a placement
its grid lines fit too little for (LINE_FIT) where the premium pattern placed the board within 0.25 cells of it
(PATTERN_AGREES): it located the board below, but the agreement's margin over the nearest placement half a cell off
was 0.026 cells on 2020 dev boards, so the lead did not merge it (vision/MEASUREMENTS.md, round 31). Round 32's
helper "vloc32line" locates it by its blurred lines measured with a profile as wide as they are (_matched_peaks)."""
from __future__ import annotations

from tests.rendered_board import cells_off, rendered_corners
from vision.locate import board_candidates


def test_a_blurred_board_whose_lines_fit_too_little_is_located():
    """Rendered seed 283283 board-094 (a yellow board, blur 1.5, 71 tiles): refined 0.05-0.12 cells off, margin 36,
    its lines fit 0.55-0.66 (LINE_FIT 0.67), worst corner 0.4-0.5 at both scales: not located by round 31's tree; by
    the wide profile (_matched_peaks) its pieces peak on their lines 0.77-0.90, worst corner 0.55-0.9."""
    image, truth = rendered_corners(283283, 94)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3
