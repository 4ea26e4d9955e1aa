"""The first search's quicker routes (round 25) give the numbers of the plain ones they replace."""
import cv2
import numpy as np
import pytest

from vision import locate
from vision.layout import lightness_among_neighbours
from vision.locate import (_RIVAL_SQUARES, _canonical, _cells_means, _four_channels, _pattern_scores,
                           _relative_lightness, placement_margin)


def test_four_channels_are_converted_once_per_image():
    """The BGRA of the image asked for: the same array again for the same image, a fresh one for
    another image, however alike."""
    rng = np.random.default_rng(3)
    first = rng.integers(0, 256, (60, 80, 3), dtype=np.uint8)
    twin = first.copy()
    four = _four_channels(first)
    assert np.array_equal(four, cv2.cvtColor(first, cv2.COLOR_BGR2BGRA))
    assert _four_channels(first) is four
    other = _four_channels(twin)
    assert other is not four and np.array_equal(other, four)


def _three_channel_cells_means(small: np.ndarray, placements: list[np.ndarray], border: int) -> np.ndarray:
    """Round 24's _cells_means: the views warped in three channels."""
    cell, n = 8, 15 + 2 * border
    side = n * cell
    target = _canonical(cell) + border * cell
    views = np.stack([cv2.warpPerspective(small, cv2.getPerspectiveTransform(np.asarray(c, np.float32), target),
                                          (side, side), flags=cv2.INTER_AREA) for c in placements])
    lab = cv2.cvtColor(views.reshape(-1, side, 3), cv2.COLOR_BGR2LAB).astype(np.float32).reshape(len(placements), n, cell, n, cell, 3)
    return lab[:, :, 2:-2, :, 2:-2].mean(axis=(2, 4))


@pytest.mark.parametrize("border", [0, 2, 4])
def test_cells_means_warped_in_four_channels_are_the_three_channels_means(border):
    rng = np.random.default_rng(border)
    small = cv2.GaussianBlur(rng.integers(0, 256, (480, 640, 3), dtype=np.uint8), (5, 5), 0)
    corners = np.array([[100, 60], [520, 75], [510, 430], [95, 420]], np.float32)
    placements = [corners + rng.normal(0, 6, (4, 2)).astype(np.float32) for _ in range(5)]
    assert np.array_equal(_cells_means(small, placements, border), _three_channel_cells_means(small, placements, border))


def test_placement_margin_takes_the_relative_lightness_grid_by_grid(monkeypatch):
    """placement_margin's relative measure (every grid at once, _relative_lightness) is
    lightness_among_neighbours of each grid alone, as round 24 took it: the same margin and rival."""
    rng = np.random.default_rng(7)
    small = cv2.GaussianBlur(rng.integers(0, 256, (480, 640, 3), dtype=np.uint8), (9, 9), 0)
    asked = []

    def one_by_one(grids: np.ndarray) -> np.ndarray:
        asked.append(len(grids))
        return np.stack([lightness_among_neighbours(g) for g in grids])
    for shift in range(6):
        corners = np.array([[110, 70], [500, 80], [505, 420], [100, 415]], np.float32) + rng.normal(0, 8, (4, 2)).astype(np.float32)
        margin, rival = placement_margin(small, corners)
        with monkeypatch.context() as m:
            m.setattr(locate, "_relative_lightness", one_by_one)
            assert placement_margin(small, corners)[0] == margin
            assert np.array_equal(placement_margin(small, corners)[1], rival)
        grids = _cells_means(small, [cv2.perspectiveTransform(_RIVAL_SQUARES[k][None], cv2.getPerspectiveTransform(
            _canonical(1), corners))[0] for k in range(3)], 0)
        assert np.array_equal(_pattern_scores(_relative_lightness(grids)), _pattern_scores(one_by_one(grids)))
    assert asked  # the grid-by-grid measure was the one asked for under the patch


def test_four_channels_kept_go_with_their_image():
    """The BGRA kept for an image is dropped once the image is gone (the bench's peak memory)."""
    image = np.zeros((40, 50, 3), np.uint8)
    _four_channels(image)
    assert locate._LAST_FOUR is not None
    del image
    assert locate._LAST_FOUR is None


def test_images_over_the_work_size_are_warped_as_they_are():
    """The finer scale's image is not held again in four channels (peak memory), and its cells'
    means are the three channels' all the same."""
    rng = np.random.default_rng(11)
    large = cv2.GaussianBlur(rng.integers(0, 256, (locate.WORK_SIZE + 40, 900, 3), dtype=np.uint8), (5, 5), 0)
    assert _four_channels(large) is large
    corners = np.array([[150, 90], [780, 110], [770, 640], [140, 630]], np.float32)
    assert np.array_equal(_cells_means(large, [corners], 2), _three_channel_cells_means(large, [corners], 2))
