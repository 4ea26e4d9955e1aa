"""Boards the rough search never placed near the truth (issue 15, round 33, helper "vnotloc33"), vision/locate.py's
_perspective_rest: last of all, every lattice of the perspective view past its strong ones, placed by the premium
pattern and offered when clear as it comes by the margins (the comment above _perspective_rest). The board is not
located by the start tree (acd992a)."""
from __future__ import annotations

import numpy as np

from tests.rendered_board import cells_off, rendered_corners
from vision.locate import STRONG_LATTICES, _over_strong, _perspective_rest, board_candidates


def test_a_tilted_board_whose_lattice_the_pattern_ranks_ninth_is_located():
    """Rendered seed 276276 board-031 (a clear board, 56 red tiles, tilt 24.8, blur 1.5): the perspective view's 9th
    lattice (26.75 x 25.0 px) is the board's, placed 0.69 cells off by lightness (margin 2.04); every rough placement
    offered before lay 2.2 cells off or more: not located. Refined from it 0.06 cells off."""
    image, truth = rendered_corners(276276, 31)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3


def test_the_strong_lattices_already_offered_are_only_placed_as_the_guard():
    asked: list[tuple[int, int, bool]] = []

    def placement(p: int, k: int, relative: bool) -> None:
        asked.append((p, k, relative))
        return None
    pool = [(None, np.eye(3))] * (STRONG_LATTICES + 2)
    small = np.zeros((8, 8, 3), np.uint8)
    assert list(_perspective_rest(pool, placement, small, 1.0, lambda corners: True)) == []  # type: ignore[arg-type]
    assert asked == [(1, k, relative) for k in range(STRONG_LATTICES + 2) for relative in (False, True)]


def test_a_finer_grid_over_a_strong_lattices_placement_is_not_offered():
    """Rendered seed 302302 board-041 (a deluxe board, 82 tiles): the perspective view's 4th lattice (21.5 x 18.25 px
    against the board's 35.75 x 36.5) placed inside the board, 11.5 cells off, clear as it comes (margin 1.63), and
    taken once settled (margin 1.49, lines 0.708): a grid of a finer spacing over the strongest lattice's placement."""
    board = np.array([[0, 0], [150, 0], [150, 150], [0, 150]], np.float32)
    finer = np.array([[40, 40], [130, 40], [130, 130], [40, 130]], np.float32)  # 9 of the board's cells a side
    assert _over_strong(finer, [board])
    assert not _over_strong(board + 20, [board])  # the same spacing moved: not finer
    assert not _over_strong(board * 1.1, [board])  # a coarser grid over it: the board is the largest
