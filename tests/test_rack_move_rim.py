"""A rack next to a board whose rim is about the table's colour, slid during a game (issue 18). The anchor leaves
the board and its rim out of the rack's body (vision.rack_find._off_board); where the table is near the rim's colour
rim_squares ran to RIM_MAX, the board's outline took in most of a rack standing close to it, and it was never
anchored: its move unseen, it was read in the zone it left. Scene: 10400542 of the round 27 lead's measuring run
(`python -m vision.rack_bench --first-seed 10400000 --scenes 300 --hands 0 --face-down 0 --follow 0 --moves 100`),
used as a development scene since; its draws replayed."""
from __future__ import annotations

import cv2
import numpy as np

from tests.test_rack_moved import _moved_count
from vision.rack_find import RIM_LEFT, RIM_MAX, rim_squares
from vision.racks import weighted_lab
from vision.synth.racks import RackMove


def test_a_rack_slid_along_beside_a_rim_of_the_tables_colour_is_anchored_and_counted_where_it_stands():
    # eight tiles on a wood-classic rack 1.3 squares off the playing area, a grey rim 0.83 squares wide on a grey
    # table 7-10 from it, slid 28 mm: the start tree found the rim 1.5 squares wide, kept 0.455 of the anchor
    # (under half: no anchor) and read 7 in the zone it left
    count, counter = _moved_count(10400542, {"p1": 8, "p2": 2}, RackMove("p1", along_mm=27.76297062179273))
    assert "p1" in counter._anchors
    assert count in (8, None)


def _board_on_table(rim_px: int, table: int) -> tuple[np.ndarray, np.ndarray, float]:
    """A 15-square board of 20 px squares (grey 180) with a rim `rim_px` wide (grey 120) on a table of grey `table`."""
    frame = np.full((500, 500, 3), table, np.uint8)
    lo, hi = 100, 400
    cv2.rectangle(frame, (lo - rim_px, lo - rim_px), (hi + rim_px - 1, hi + rim_px - 1), (120, 120, 120), -1)
    cv2.rectangle(frame, (lo, lo), (hi - 1, hi - 1), (180, 180, 180), -1)
    corners = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]], np.float32)
    return frame, corners, 20.0


def test_the_rim_ends_where_its_colour_is_left_for_good_on_a_table_near_it():
    frame, corners, sq = _board_on_table(16, 150)   # a rim 0.8 squares wide, the table 10 (weighted Lab) off it
    lab = weighted_lab(frame)
    assert rim_squares(lab, corners, sq) >= RIM_MAX - 1e-6   # within RIM_SAME all the way: the rim not told
    assert abs(rim_squares(lab, corners, sq, RIM_LEFT) - 0.7) < 0.15


def test_a_rim_told_from_its_table_is_found_as_wide_either_way():
    frame, corners, sq = _board_on_table(16, 200)
    lab = weighted_lab(frame)
    assert abs(rim_squares(lab, corners, sq) - rim_squares(lab, corners, sq, RIM_LEFT)) < 1e-6
