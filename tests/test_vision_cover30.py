"""Boards whose corner tiles hide, refused by the checks at that corner: the cases, and a guard.

A corner under tiles shows their seams, which the corner moved half a cell or a cell can fit better, so the
half- and whole-cell gains (and the corner fit) refuse right placements. Tried this round (helper vcover30,
restorable with `git revert` of the commit that took it back): those gains do not refuse a placement whose
lines' shown fit is PINNED_FIT (0.85) or more and any one of whose corners moved half a cell loses PINNED_LOSS
(0.05) of the pieces peaking on their lines (_corners_pinned). It located rendered seed 248248 board-056 and
266266 board-066 (0.08 and 0.04 cells off), but read its measuring seed 274274 the same and failed six cases
of five tests in tests/test_vision_locate*.py (placements 0.24 and 0.30 cells off where under 0.2 and 0.25
are asked, placements taken at the work size or by the lines where those tests ask them refused there, one
candidate offered where two are): taken back, so the two boards are strict xfails here. Waiving the corner fit too located 253253 board-045 (0.20
off) but placed 264264 board-032 0.46 cells off: the guard below. 253253 board-045 (74 thick dark tiles
crowding a corner, tilt 26, glare) is refused by the corner fit (0.2-0.4) at every placement."""
from __future__ import annotations

import pytest

from tests.rendered_board import cells_off, rendered_corners
from vision.locate import locate_board


# 266266 board-066 is located since round 32 (vloc32half's _stretched: tests/test_vision_vloc32half.py)
@pytest.mark.xfail(strict=True, reason="refused by the half- or whole-cell gain at a corner tiles hide")
@pytest.mark.parametrize("seed, index", [(248248, 56)])
def test_a_board_whose_corner_tiles_hide_is_located(seed, index):
    image, corners = rendered_corners(seed, index)
    found = locate_board(image)
    assert found is not None  # the start tree: not located
    assert cells_off(found.corners, corners) < 0.3


@pytest.mark.xfail(strict=True, reason="refused by the corner fit at its crowded corner (0.2-0.4) at every placement")
def test_a_board_whose_corner_thick_tiles_crowd_is_located():
    image, corners = rendered_corners(253253, 45)
    found = locate_board(image)
    assert found is not None
    assert cells_off(found.corners, corners) < 0.3


def test_a_board_a_pinned_placement_half_a_cell_off_would_take_stays_right():
    image, corners = rendered_corners(264264, 32)
    found = locate_board(image)
    assert found is not None
    assert cells_off(found.corners, corners) < 0.3  # with the corner fit waived for pinned corners: 0.46
