"""The premium pattern's margin judged on the squares that show the board (placement_margin, _tile_cells).

Many tiles hide the premium squares or look like them: rendered seed 134080 board-068 (a labelled classic
board, 75 wooden tiles) scored 1.00 at its true corners, its right side moved a cell 1.38, so the board was
not found. The tiles' cells (a letter's strokes inside, one colour most such cells share) are left out of the
placement and of every rival alike."""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.layout import LAYOUT
from vision.locate import (PLACEMENT_MARGIN, _canonical, _cell_means, _masked_pattern_scores, _pattern_scores,
                           _tile_cells, _work_images, locate_board, order_corners, placement_margin)
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


@lru_cache(maxsize=2)
def _rendered(seed: int, index: int) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Board `index` of `python -m vision.synth dataset OUT --seed SEED` as the bench reads it, its true
    corners (frame order) and its letters (rows of the upright board, "." for empty)."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return as_saved(frame.image), np.asarray(frame.board_corners, np.float32), list(frame.truth)


def _moved(corners: np.ndarray, moved: tuple[int, ...], dx: int, dy: int) -> np.ndarray:
    """The grid at `corners` (frame order) with the corners `moved` shifted (dx, dy) cells."""
    to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
    square = _canonical(1) + np.where(np.isin(np.arange(4), moved)[:, None], (dx, dy), 0).astype(np.float32)
    return order_corners(cv2.perspectiveTransform(square[None], to_frame)[0])


def test_the_masked_score_keeping_every_square_is_the_pattern_score():
    rng = np.random.default_rng(3)
    means = (rng.random((4, 15, 15, 3)) * 255).astype(np.float32)
    means[:, LAYOUT == 4] += 40.0  # some pattern to score
    every = np.ones((4, 15, 15), bool)
    assert np.allclose(_masked_pattern_scores(means, every), _pattern_scores(means), rtol=1e-9)


def test_squares_left_out_do_not_count():
    rng = np.random.default_rng(4)
    board = np.repeat(np.where(LAYOUT[..., None] == 0, 120.0, 200.0), 3, axis=2) + rng.normal(0, 2, (15, 15, 3))
    covered = board.copy()
    hidden = rng.random((15, 15)) < 0.4
    covered[hidden] = (60.0, 150.0, 160.0)  # tiles of one colour over any square
    bare = np.stack([~hidden])
    clean = _masked_pattern_scores(board[None].astype(np.float32), bare)[0]
    assert _masked_pattern_scores(covered[None].astype(np.float32), bare)[0] == clean
    assert _pattern_scores(covered[None].astype(np.float32))[0] < clean / 3  # counted, the tiles hide the pattern


def test_the_tiles_of_a_crowded_labelled_board_are_found_where_they_lie():
    image, corners, letters = _rendered(134080, 68)
    small, _, scale = _work_images(image)
    truth = order_corners(corners) * scale
    tiles = _tile_cells(small, truth, _cell_means(small, truth, border=2))[2:17, 2:17]
    # each letter's cell middle on the upright board (corners as rendered), found in the frame-order grid
    middles = np.array([(c + 0.5, r + 0.5) for r, row in enumerate(letters) for c, ch in enumerate(row) if ch != "."],
                       np.float32)
    in_frame = cv2.perspectiveTransform(middles[None], cv2.getPerspectiveTransform(_canonical(1), corners * scale))
    at = np.floor(cv2.perspectiveTransform(in_frame, cv2.getPerspectiveTransform(truth, _canonical(1)))[0]).astype(int)
    occupied = np.zeros((15, 15), bool)
    occupied[at[:, 1], at[:, 0]] = True
    assert (tiles & ~occupied).sum() == 0  # no bare square taken for a tile
    assert tiles.sum() >= occupied.sum() // 2  # measured 63 of 75


def test_a_board_crowded_with_tiles_is_placed_where_it_lies_and_not_a_cell_off():
    """134080 board-068: margin 1.00 at the truth on the start tree (1.84 now), one side a cell off 1.38 there
    (under 1.05 now: the grid moved whole a cell 0.04 at most, one side across or along itself 1.03)."""
    image, corners, _ = _rendered(134080, 68)
    small, _, scale = _work_images(image)
    truth = order_corners(corners) * scale
    assert placement_margin(small, truth)[0] >= PLACEMENT_MARGIN
    for moved in ((0, 1, 2, 3), (0, 1), (1, 2), (2, 3), (3, 0)):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            assert placement_margin(small, _moved(truth, moved, dx, dy))[0] < PLACEMENT_MARGIN
    located = locate_board(image)
    assert located is not None
    cell = float(np.linalg.norm(corners[1] - corners[0])) / 15
    assert np.abs(order_corners(located.corners) - order_corners(corners)).max() < 0.5 * cell
