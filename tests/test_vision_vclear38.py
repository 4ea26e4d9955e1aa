"""Clear plastic boards not located head-on (issue 15, round 38, helper "vclear38"; vision/MEASUREMENTS.md).

134273 board-054 (a clear labelled board on a grey table, 65 dark wooden tiles with light letters, near square-on):
the board's faint lines are outdone by the tiles (their edges on the lines, their letters between them), so the plain
view's strong lattices are half the board's spacing and the pattern ranks the lattice of its own spacing after every
rough placement tried. vision/locate.py's _global_search now offers last the plain view's lattices spaced twice a
strong one's (DOUBLE_SPACING). Not located by the start tree (bb309be)."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.rendered_board import assert_located_and_read, cells_off, rendered_corners
from vision import locate
from vision.locate import board_candidates


def test_a_clear_board_whose_tiles_halve_the_combs_spacing_is_located():
    """134273 board-054: not located by the start tree; located within 0.1 cells."""
    image, truth = rendered_corners(134273, 54)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.1


def test_its_strong_lattices_are_half_its_spacing_and_the_doubled_one_places_it():
    """The cause: the plain view's two strong lattices' columns are spaced half the board's cell (16.15 px at half
    size; the first's rows too), each placed by the pattern 8 cells off or more; the lattice spaced twice theirs is the board's, placed within 0.3 cells
    and clear as it comes by the margins."""
    image, truth = rendered_corners(134273, 54)
    small, gray, scale = locate._work_images(image)
    plain, _, _ = locate._plain_cells(small, gray)
    cell = locate.smallest_square_px(truth) * scale / 2  # the board's cell at half size

    def placed(cells: locate._LatticeCells, back: np.ndarray) -> np.ndarray:
        found = locate._placement(cells, False)
        assert found is not None
        return locate.order_corners(cv2.perspectiveTransform(found[1][None], back)[0].astype(np.float32))
    assert all(abs(s - cell / 2) < 0.05 * cell for s in plain[0][0].size)
    for cells, back in plain[:locate.STRONG_LATTICES]:
        assert abs(cells.size[0] - cell / 2) < 0.05 * cell
        assert cells_off(placed(cells, back) / scale, truth) > 5
    doubled = locate._doubled(plain)
    assert len(doubled) >= 1
    first = placed(*doubled[0])
    assert cells_off(first / scale, truth) < 0.3 and locate._clear_as_it_comes(small, first, scale)


def test_that_board_is_read_with_nothing_wrong():
    assert_located_and_read(134273, 54)
