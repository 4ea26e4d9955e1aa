"""Round 33's exact cut (helper vspeed14, vision/cells.py): each square's face ring (face_colours) is measured once a
frame, held in CellStats.faces, where the reader's face tests had measured the same squares' rings again and again
(1767 rings asked for about 600-630 squares on ten dev frames). The colours are those the measurement gives, to the bit,
whatever order and batches the squares are asked in. The start tree (6341064) has no CellStats.faces: the memo's
tests fail there."""
from __future__ import annotations

import numpy as np
import pytest

from tests.rendered_board import rendered_corners
from vision.cells import _FACE_RING, CellStats, cell_grid, cell_stats, face_colours, rectify


def _measured(stats: CellStats, cells: np.ndarray) -> np.ndarray:
    """The start tree's face_colours, measured afresh: each ring's channels sorted, the middle two's mean."""
    r, c = np.divmod(np.asarray(cells, int), 15)
    ordered = np.sort(cell_grid(stats.lab)[r, c][:, _FACE_RING], axis=1, kind="stable")
    n = ordered.shape[1]
    return (ordered[:, (n - 1) // 2].astype(np.float32) + ordered[:, n // 2]) / 2


@pytest.fixture(scope="module")
def rendered_stats() -> CellStats:
    """Dev seed 287287's board 10 rectified at its true corners (a median frame of that seed)."""
    image, corners = rendered_corners(287287, 10)
    return cell_stats(rectify(image, corners))


def _fresh(stats: CellStats) -> CellStats:
    return CellStats(mean=stats.mean, shape=stats.shape, lab=stats.lab, edge=stats.edge)


def test_rings_asked_in_pieces_and_again_are_the_measured_ones(rendered_stats: CellStats) -> None:
    stats = _fresh(rendered_stats)
    rng = np.random.default_rng(14)
    for _ in range(12):  # overlapping batches, repeats within a batch, any order
        cells = rng.integers(0, 225, rng.integers(1, 60))
        got = face_colours(stats, cells)
        assert got.dtype == np.float32 and got.shape == (len(cells), 3)
        assert np.array_equal(got, _measured(rendered_stats, cells))


def test_every_square_at_once_is_the_measured_ones(rendered_stats: CellStats) -> None:
    stats = _fresh(rendered_stats)
    face_colours(stats, np.array([3, 200, 3]))
    every = np.arange(225)
    assert np.array_equal(face_colours(stats, every), _measured(rendered_stats, every))
    assert face_colours(stats, np.array([], int)).shape == (0, 3)


def test_a_ring_is_measured_once_a_frame(rendered_stats: CellStats) -> None:
    stats = _fresh(rendered_stats)
    assert np.isnan(stats.faces).all()
    face_colours(stats, np.array([7, 8]))
    assert np.flatnonzero(~np.isnan(stats.faces[:, 0])).tolist() == [7, 8]
    stats.faces[7] = -1.0  # held: not measured again
    assert face_colours(stats, np.array([7]))[0].tolist() == [-1.0, -1.0, -1.0]


def test_each_frame_its_own_rings(rendered_stats: CellStats) -> None:
    first, second = _fresh(rendered_stats), _fresh(rendered_stats)
    face_colours(first, np.arange(225))
    assert np.isnan(second.faces).all()
