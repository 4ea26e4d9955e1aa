"""A star-marked blank whose star the plain ink joins to other ink (the tile's shaded edge, its outline, a light
star's window turned over) is read a blank by the star the strokes show (vision.reader MARK_JOINED), on rendered
boards of round 31's dev seeds; a bar so joined (a thin I) is no mark."""
import cv2
import numpy as np
import pytest

from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.glyph import letter_ink
from vision.reader import _mark_shaped


@pytest.mark.parametrize("seed, board, row, col", [
    (287287, 56, 9, 8),  # a star on a light tile whose plain ink runs into the window's shaded top
    (287287, 98, 10, 6),  # a light star on a maroon tile: the window turned over is one component
    (290290, 5, 7, 7),  # a star blank on the centre square, its star joined to the tile's outline
])
def test_a_star_the_plain_ink_joins_to_other_ink_is_a_blank(seed: int, board: int, row: int, col: int) -> None:
    # each unknown at 0.000 on the start tree (9c64a2b): its plain ink showed no letter, so no mark
    truth, obs = read_rendered(seed, board)
    assert truth[row][col] == "?"
    assert obs.cells[row * 15 + col].state == "blank"
    assert_nothing_wrong(truth, obs)


def _star(window: np.ndarray, cx: int, cy: int, radius: int) -> None:
    """A filled five-pointed star, dark on the window."""
    angles = np.pi / 2 + np.arange(10) * np.pi / 5
    radii = np.where(np.arange(10) % 2 == 0, radius, radius * 0.45)
    points = np.stack([cx + radii * np.cos(angles), cy - radii * np.sin(angles)], axis=1)
    cv2.fillPoly(window, [np.round(points).astype(np.int32)], 60)


def _joined_window(bar: bool = False) -> np.ndarray:
    """A light tile's 64-px grey window with a dark star (or a bar, a thin I) where letters sit and a shaded band
    across its top that the star's top point touches: the plain ink's star is joined to ink reaching the window's
    rim."""
    window = np.full((64, 64), 200, np.uint8)
    window[:, :4] = window[:, -4:] = window[-4:, :] = 40  # the board's lines round the tile
    window[:21, :] = 110  # the shaded top band (darker than the face, lighter than the star)
    if bar:
        window[21:39, 27:31] = 60
    else:
        _star(window, 29, 29, 8)
    return cv2.GaussianBlur(window, (3, 3), 0.8)


def test_a_star_joined_to_the_shaded_rim_is_shaped_like_a_mark() -> None:
    assert letter_ink(_joined_window()) is None  # the plain ink shows no letter: no mark on the start tree
    assert _mark_shaped(_joined_window())


def test_a_bar_joined_so_is_no_mark() -> None:
    assert letter_ink(_joined_window(bar=True)) is None
    assert not _mark_shaped(_joined_window(bar=True))
