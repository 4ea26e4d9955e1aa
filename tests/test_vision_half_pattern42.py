"""A board whose lines were taken half a cell off (issue 15, round 42; vision/MEASUREMENTS.md).

Rendered development seed 134349 board-046: a green board on a wooden table, blurred, 64 light
wooden tiles. Its grid lines are faint, and the tiles' edges and shadows make lines of their own. The start tree
(af28f87) took a placement 0.61 cells off: it refined onto the tiles' edges, its lines fitting 0.83, and it beat its
rivals a cell off by 1.65 (PLACEMENT_MARGIN 1.3). The reader then called 37 squares blocked and read 32 of the 64
tiles. The premium pattern of whole cells scored that grid half as well as the grid moved half a cell
(vision/locate.py `_half_cell_pattern`, HALF_PATTERN), so the placement is now refused; the search then places the
board by its premium pattern alone, 0.1 cells off, and reads 63 of its 64 tiles."""
from __future__ import annotations

from unittest.mock import patch

from tests.rendered_board import assert_located_and_read, cells_off, rendered_corners
from vision import locate
from vision.locate import (_WHOLE_PATTERN_MOVES, _half_cell_pattern, _pattern_moved, _work_images, board_candidates,
                           order_corners)

CASE = (134349, 46)


def test_the_board_is_placed_by_its_pattern_near_the_truth() -> None:
    """(The pattern alone places less finely than lines: 0.105 cells at the worst corner, by cells_off.)"""
    image, truth = rendered_corners(*CASE)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.15


def test_without_the_check_the_lines_take_it_half_a_cell_off() -> None:
    """The check is what moves it: with no bar the first placement given is the one the tiles' edges hold."""
    image, truth = rendered_corners(*CASE)
    with patch.object(locate, "HALF_PATTERN", 0.0):
        found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) > 0.4


def test_the_pattern_puts_the_truth_on_its_cells_and_a_grid_half_a_cell_off_beside_them() -> None:
    image, truth = rendered_corners(*CASE)
    small, _, scale = _work_images(image)
    corners = order_corners(truth) * scale
    assert _half_cell_pattern(small, corners) > 1.5
    moved = _pattern_moved(corners, 0.45)[:_WHOLE_PATTERN_MOVES]  # the whole grid 0.45 cells off, 8 ways
    assert all(_half_cell_pattern(small, grid) < 1.0 for grid in moved)


def test_the_board_is_read_with_nothing_wrong() -> None:
    assert_located_and_read(*CASE, share=0.95)
