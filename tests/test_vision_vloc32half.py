"""Placements a few hundredths of a cell off refused by the whole-cell gain at a corner tiles crowd.

Tiles crowding a corner show edges and letters that a grid with that corner moved by whole cells can fit
better there (_whole_cell_gain over WHOLE_CELL_GAIN), though the moved grid's lines leave the board's over
much of the grid. Such a move now refuses a placement only when the moved grid's lines fit about as well
as its own (_stretched, STRETCH_FIT_DROP); a grid truly stretched a cell or two at a corner fits better (or
hardly worse) moved back."""
from __future__ import annotations

import numpy as np
import pytest

from tests.rendered_board import cells_off, rendered_corners
from tests.test_vision_locate import _error_cells, _first_without, _found_right, _wide_frame
from vision.locate import WHOLE_CELL_GAIN, _half_cell_gain, _stretched, _whole_cell_gain, locate_board


@pytest.mark.parametrize("seed, index", [(299299, 98), (266266, 66)])
def test_a_board_whose_crowded_corner_gains_by_a_whole_cell_move_is_located(seed, index):
    """299299 board-098: a classic board with labels, 80 thick wooden tiles crowding its lower left; every
    placement 0.04-0.07 cells off gains 0.06-0.13 there by a corner moved (-1, 2) cells, whose grid's lines
    fit 0.23-0.30 (its own 0.99-1.0). 266266 board-066 likewise (vcover30's case). Start tree: not located."""
    image, corners = rendered_corners(seed, index)
    found = locate_board(image)
    assert found is not None
    assert cells_off(found.corners, corners) < 0.3


def test_a_grid_stretched_two_cells_at_a_corner_is_still_stretched(monkeypatch):
    """Development seed 62002 frame 23 (tests/test_vision_locate.py): the search's first placement with the
    whole-cell check off has a corner two cells off; moved back by whole cells its lines fit as well or
    better, so it is stretched; the board's own placement is not."""
    frame = _wide_frame(62002, 23)
    stretched, grey, scale = _first_without(monkeypatch, frame, "WHOLE_CELL_GAIN", float("inf"))
    assert _error_cells(stretched.corners, frame.board_corners) > 1.0
    corners = stretched.corners * scale
    weakest = _half_cell_gain(grey, corners)[1]
    assert _whole_cell_gain(grey, corners, weakest) > WHOLE_CELL_GAIN
    assert _stretched(grey, corners, weakest)
    right = np.asarray(_found_right(frame) * scale, np.float32)
    assert not _stretched(grey, right, _half_cell_gain(grey, right)[1])
