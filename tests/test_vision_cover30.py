"""A board whose corner tiles hide is located when the board's lines hold every corner where it is.

Rendered seed 253253 board-045 (tilted 26 degrees, glare, blur 1.5, 74 thick dark tiles crowding one corner):
refined 0.10-0.20 cells off, its lines peak on the grid almost everywhere (0.87-0.92 of the pieces), but at
the crowded corner its end pieces show the tiles' seams: the corner fit (0.2-0.4), the half-cell gain (0.23-0.49)
and the whole-cell gain refused every placement. Its corners are pinned (_corners_pinned): any of them moved
half a cell loses pieces that peak on their lines; the same corner moved half a cell is not. Seed 248248
board-056 (a small board, refused by the corner fit and the whole-cell gain) the same."""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import pytest

from vision.locate import (_HALF_MOVES, _canonical, _corners_pinned, _refine, _refined_fit, _work_images, locate_board,
                           order_corners)
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


@lru_cache(maxsize=2)
def _rendered(seed: int, index: int) -> tuple[np.ndarray, np.ndarray]:
    """Board `index` of `python -m vision.synth dataset OUT --seed SEED` as the bench reads it, and its
    true corners."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return as_saved(frame.image), np.asarray(frame.board_corners, np.float32)


def _cells_off(found: np.ndarray, truth: np.ndarray) -> float:
    """How far (in cells, at the worst corner) a placement lies from the true corners, in any turn."""
    to_cells = cv2.getPerspectiveTransform(np.asarray(found, np.float32), _canonical(1))
    mapped = cv2.perspectiveTransform(np.asarray(truth, np.float32)[None], to_cells)[0]
    return min(float(np.linalg.norm(mapped - np.roll(_canonical(1), -q, axis=0), axis=1).max()) for q in range(4))


@pytest.mark.parametrize("seed, index", [(253253, 45), (248248, 56)])
def test_a_board_whose_corner_tiles_hide_is_located(seed, index):
    image, corners = _rendered(seed, index)
    found = locate_board(image)
    assert found is not None  # the start tree: not located
    assert _cells_off(found.corners, corners) < 0.3


def _moved(corners: np.ndarray, corner: int, dx: float, dy: float) -> np.ndarray:
    """`corners` with one of them moved (dx, dy) cells along the board's own axes."""
    to_frame = cv2.getPerspectiveTransform(_canonical(1), np.asarray(corners, np.float32))
    square = _canonical(1) + np.where(np.arange(4)[:, None] == corner, (dx, dy), 0.0).astype(np.float32)
    return order_corners(cv2.perspectiveTransform(square[None], to_frame)[0])


def test_the_hidden_corner_is_pinned_where_it_is_and_not_half_a_cell_away():
    image, truth = _rendered(253253, 45)
    _, gray, scale = _work_images(image)
    grey = gray.astype(np.float32)
    refined = _refine(grey, order_corners(truth * scale), 3)
    placed = order_corners(refined[0])
    assert _corners_pinned(grey, placed, _refined_fit(grey, placed, refined))
    for corner in range(4):
        for dx, dy in _HALF_MOVES:
            off = _moved(placed, corner, dx, dy)
            assert not _corners_pinned(grey, off, _refined_fit(grey, off, (off, 0.0, None)))
