"""The line fit over the lines a board can show: an outer line with no printed line is left out."""
from __future__ import annotations

import numpy as np
import pytest

from vision.bench import location_error
from vision.config import VisionConfig
from vision.locate import _corner_fit, _shown_fit, _shown_lines
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _pieces_fitting_but(blank: list[tuple[int, int]], one_piece: list[tuple[int, int]]) -> np.ndarray:
    """_line_pieces' layout (2 x 16 lines x 3 pieces), every piece fitting but the lines `blank`
    (none of their pieces) and `one_piece` (only their middle piece)."""
    pieces = np.ones((2, 16, 3), bool)
    for axis, line in blank:
        pieces[axis, line] = False
    for axis, line in one_piece:
        pieces[axis, line] = (False, True, False)
    return pieces


def test_an_outer_line_that_fits_nowhere_is_left_out_and_an_inner_one_is_not():
    pieces = _pieces_fitting_but([(0, 0), (1, 15), (0, 7)], [])
    shown = _shown_lines(pieces)
    assert not shown[0, 0] and not shown[1, 15]
    assert shown[0, 7] and shown.sum() == 30
    assert _shown_fit(pieces) == pytest.approx(29 / 30)
    assert _corner_fit(pieces) == 1.0  # the blank inner line is away from the corners


def test_an_outer_line_that_fits_somewhere_is_counted_whole():
    """A grid a cell off at one corner leaves the outer lines there crossing the board's near their
    other end: such a line is counted, its pieces that do not fit too."""
    pieces = _pieces_fitting_but([], [(0, 0), (1, 0)])
    assert _shown_lines(pieces).all()
    assert _shown_fit(pieces) == pytest.approx(92 / 96)
    assert _corner_fit(pieces) == pytest.approx(10 / 12)  # the top-left corner's end pieces


@pytest.mark.parametrize("seed, index", [(74014, 21), (77017, 37)])
def test_a_board_whose_squares_run_into_the_rim_is_located(seed, index):
    """Development seeds' boards placed right but refused on their line fit (74014 frame 21: its four
    outer lines fit nothing; 77017 frame 37: crowded with black tiles, its top and right outer lines
    fit nothing)."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    assert obs.located
    assert location_error(obs.homography, frame.board_corners) < 0.25
