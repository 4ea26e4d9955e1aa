"""Location's exact cut of round 32 (vision/locate.py, helper vspeed13): _tile_cells finds the colour most textured
cells share from their pairwise distances worked out channel by channel (_apart), the numbers np.linalg.norm gave
over an N x N x 3 array, bit for bit. The start tree (fe7c6f9) has no _apart, so this module does not import there."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.rendered_board import rendered_corners
from vision.locate import (TILE_CELLS, TILE_COLOUR, TILE_TEXTURE, _apart, _canonical, _cell_means, _gray,
                           _tile_cells, _work_images, order_corners)


def _board(board: int) -> tuple[np.ndarray, np.ndarray]:
    """Dev seed 287287's board (its work image and true corners there): board 14 is one of the slowest 5 % of
    that seed's frames, its placements' margins asked many times."""
    image, corners = rendered_corners(287287, board)
    small, _, scale = _work_images(image)
    return small, order_corners(corners * scale)


def _placements(truth: np.ndarray) -> list[np.ndarray]:
    """The truth, moved a cell each way, and jittered a third of a cell to two cells at each corner."""
    rng = np.random.default_rng(32)
    cell = float(np.linalg.norm(truth[1] - truth[0])) / 15
    to_frame = cv2.getPerspectiveTransform(_canonical(1), truth)
    moved = [cv2.perspectiveTransform((_canonical(1) + np.array([dx, dy], np.float32))[None], to_frame)[0]
             for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    jittered = [(truth + rng.normal(0.0, spread * cell, (4, 2))).astype(np.float32)
                for spread in (0.3, 1.0, 2.0) for _ in range(3)]
    return [truth] + moved + jittered


def _textured(small: np.ndarray, corners: np.ndarray, around: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What _tile_cells compares: which cells are textured, and every cell's Lab mean with lightness counted a quarter."""
    cell, n = 12, len(around)
    target = _canonical(cell) + (n - 15) // 2 * cell
    view = cv2.warpPerspective(_gray(small), cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target),
                               (n * cell, n * cell), flags=cv2.INTER_AREA).astype(np.float32)
    textured = view.reshape(n, cell, n, cell)[:, 2:cell - 2, :, 2:cell - 2].std(axis=(1, 3)) > TILE_TEXTURE
    return textured, around * np.array([0.25, 1.0, 1.0], np.float32)


def _start_tile_cells(small: np.ndarray, corners: np.ndarray, around: np.ndarray) -> np.ndarray:
    """_tile_cells as the start tree worked it out (np.linalg.norm over every pair at once)."""
    n = len(around)
    textured, weighed = _textured(small, corners, around)
    colours = weighed[textured]
    if len(colours) < TILE_CELLS:
        return np.zeros((n, n), bool)
    near = np.linalg.norm(colours[:, None] - colours[None], axis=2) < TILE_COLOUR
    common = colours[int(np.argmax(near.sum(axis=1)))]
    tiles = textured & (np.linalg.norm(weighed - common, axis=2) < TILE_COLOUR)
    return tiles if tiles.sum() >= TILE_CELLS else np.zeros((n, n), bool)


def test_apart_gives_the_norms_numbers_to_the_bit_on_a_boards_textured_cells():
    """On a board crowded with tiles, at its truth and 17 placements about it, the textured cells' pairwise distances
    are np.linalg.norm's to the bit (the premise: over a hundred cells, as on the slow frames)."""
    small, truth = _board(14)
    sizes = []
    for corners in _placements(truth):
        around = _cell_means(small, corners, border=2)
        textured, weighed = _textured(small, corners, around)
        colours = weighed[textured]
        sizes.append(len(colours))
        expected = np.linalg.norm(colours[:, None] - colours[None], axis=2)
        assert np.array_equal(_apart(colours).view(np.uint32), expected.view(np.uint32))
    assert max(sizes) >= 100


@pytest.mark.parametrize("spread", [1.0, 30.0, 200.0])
def test_apart_gives_the_norms_numbers_to_the_bit_on_any_colours(spread: float):
    """Random float32 colours, near each other or far apart, with repeats: the same numbers bit for bit."""
    rng = np.random.default_rng(int(spread))
    colours = (rng.normal(0.0, spread, (300, 3)) + np.array([60.0, 128.0, 128.0])).astype(np.float32)
    colours[::7] = colours[0]
    expected = np.linalg.norm(colours[:, None] - colours[None], axis=2)
    assert np.array_equal(_apart(colours).view(np.uint32), expected.view(np.uint32))


def test_tile_cells_are_the_start_trees():
    """_tile_cells leaves out the same cells as the start tree's formula, at the truth and about it (the premise: it
    finds tiles on this board)."""
    small, truth = _board(14)
    found = []
    for corners in _placements(truth):
        around = _cell_means(small, corners, border=2)
        tiles = _tile_cells(small, corners, around)
        assert np.array_equal(tiles, _start_tile_cells(small, corners, around))
        found.append(int(tiles.sum()))
    assert found[0] >= TILE_CELLS
