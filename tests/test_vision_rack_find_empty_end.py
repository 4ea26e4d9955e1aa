"""An end of a rack's anchor with nothing of the rack off the board (its mask empty there: the end lies over
the board and its rim) has no say in how alike the rack looks where it was anchored (vision.rack_find.in_place)
nor where it is looked for (refound's parts). The start tree took the mean of the empty end (numpy's
"Mean of empty slice" RuntimeWarning) and scored the rack 0.0 where it stood: not in place, and lost."""
from __future__ import annotations

import warnings
from dataclasses import replace

import numpy as np

from tests.rack_reading import learnt_at_setup, standing
from vision.rack_counter import IN_PLACE, _band_start
from vision.rack_find import END_SQUARES, FINE_PX, _ncc, _parts, in_place, rack_anchor
from vision.racks import rack_square_px

SEED = 7940094  # tests/test_rack_moved.py's wood-classic rack


def _anchor_and_scene():
    scene = standing(SEED, 7, 7)
    zone = scene.zones["p1"]
    square = rack_square_px(scene.board_corners, zone)
    anchor = rack_anchor(scene.image, zone, square, _band_start(learnt_at_setup(scene, "p1").profile),
                         scene.board_corners)
    assert anchor is not None
    return anchor, scene, zone


def test_an_end_with_nothing_off_the_board_has_no_say_in_place():
    anchor, scene, zone = _anchor_and_scene()
    end = int(round(END_SQUARES * FINE_PX))
    mask = anchor.mask.copy()
    mask[:, :end] = 0.0
    over_board = replace(anchor, mask=mask)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no mean of an empty slice
        alike = in_place(scene.image, over_board, zone)
    assert alike >= IN_PLACE  # the start tree: 0.0
    assert alike >= in_place(scene.image, anchor, zone) - 1e-6  # the least of fewer parts


def test_ncc_of_an_empty_mask_is_none_and_a_parts_empty_end_is_left_out():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    assert _ncc(a, a, np.zeros_like(a)) is None
    assert _ncc(a, a, np.ones_like(a)) == 1.0
    ones = np.zeros((5, 30), np.float32)
    ones[:, 10:] = 1.0   # nothing in the first 10 columns
    parts = _parts(ones, 2, 6)
    assert len(parts) == 2 and all(p.any() for p in parts)
