"""A steep view of a board crowded with tiles, its bare columns beyond the frame's strong edges.

Rendered seed 234234 board-080 (73 navy tiles on a cream board with a maroon rim, its far edge 1440 px
wide and its near edge 1043 px, its left rim out of the frame): the view that undoes the perspective
is fitted to the frame's strong edges, the tiles' and the right rim's, and cut the board's left 1.4
columns off, so no lattice of the board's spacing could place it and the board was not found. The
view is now drawn VIEW_ROOM wider each side at the same scale (_rectified_cells)."""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.config import VisionConfig
from vision.locate import _canonical, _global_search, _work_images, locate_board, order_corners
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


@lru_cache(maxsize=1)
def _rendered(seed: int, index: int) -> tuple[np.ndarray, np.ndarray, list[str], str]:
    """Board `index` of `python -m vision.synth dataset OUT --seed SEED` as the bench reads it, its true
    corners (frame order), its letters (rows of the upright board, "." for empty) and its tile set."""
    spec = DatasetSpec(boards=index + 1, seed=seed)
    frame, _ = dataset_frame(spec, index)
    return as_saved(frame.image), np.asarray(frame.board_corners, np.float32), list(frame.truth), spec.tileset


def _cells_off(found: np.ndarray, truth: np.ndarray) -> float:
    """How far (in cells, at the worst corner) a placement lies from the true corners, in any turn."""
    to_cells = cv2.getPerspectiveTransform(np.asarray(found, np.float32), _canonical(1))
    mapped = cv2.perspectiveTransform(np.asarray(truth, np.float32)[None], to_cells)[0]
    return min(float(np.linalg.norm(mapped - np.roll(_canonical(1), -q, axis=0), axis=1).max()) for q in range(4))


def test_the_rough_search_places_a_steep_crowded_board_near_its_corners():
    image, corners, _, _ = _rendered(234234, 80)
    small, gray, scale = _work_images(image)
    offs = [_cells_off(order_corners(rough) / scale, corners) for rough, _ in _global_search(image, scale, small, gray)]
    # the start tree's nearest rough placement lay 7.75 cells off (its perspective view held the board cut)
    assert min(offs) < 0.5


def test_a_steep_crowded_board_is_located_and_read_upright():
    image, corners, letters, tileset = _rendered(234234, 80)
    found = locate_board(image)
    assert found is not None  # the start tree: not located
    assert _cells_off(found.corners, corners) < 0.3
    observed = BoardReader(VisionConfig(tileset=tileset)).observe(image)
    assert observed.located and observed.rotation == 0
    tiles = [(r, c) for r in range(15) for c in range(15) if letters[r][c] != "."]
    cells = observed.cells
    read = sum(cells[r * 15 + c].state in ("tile", "blank") for r, c in tiles)
    assert read == len(tiles)
