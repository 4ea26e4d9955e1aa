"""A hand the rack's colour reaching over a rack from the board's side (vision.racks.table_crossed):
dev seed 7680181 p2, a skin-coloured hand over yellowish tiles on a classic wooden rack, the arm
coming in across the table between the board and the rack. Neither foreign in the zone nor
breaking the rack's wall, it hid one of five tiles: read 4 before, and a count of fewer tiles
than stand on the rack would have the kiosk ask about an underdraw."""
from __future__ import annotations

import numpy as np

from vision.rack_bench import TOLERANCE, board_tile_lab, square
from vision.racks import _arm_across, read_rack, table_crossed
from vision.synth.racks import RackSceneOptions, render_rack_scene

SEED, COUNTS = 7680181, {"p1": 3, "p2": 5}


def _read_p2(hand: str):
    scene = render_rack_scene(SEED, options=RackSceneOptions(counts=COUNTS, hand=hand, half_out="", face_down={}))
    zone = scene.zones["p2"]
    return read_rack(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE)


def test_a_hand_the_racks_colour_reaching_from_the_boards_side_makes_the_rack_unknown():
    reading = _read_p2("p2")
    assert reading.count is None and reading.blocked


def test_the_same_rack_without_the_hand_is_counted():
    assert _read_p2("").count == COUNTS["p2"]


def _shares(digits: str) -> np.ndarray:
    """A strip's columns' shares of rows not table, one digit a tenth (as printed in development)."""
    return np.array([int(d) / 10 + 0.05 for d in digits])


def test_an_arm_crossing_the_boards_side_is_sharp_and_wide():
    # dev seed 7680181 p2 under the hand: 32 columns nearly all not table, table 2-3 columns beside
    assert _arm_across(_shares("0" * 52 + "10101222013139" + "9" * 32 + "7521" + "0" * 40))


def test_the_boards_rim_crossing_the_strip_slanted_is_no_arm():
    # dev seed 7680555 p1 with no hand: the rim rises sharply near one end, then falls over 40 columns
    assert not _arm_across(_shares("0000000000899999999999999999999999988877777666665555555333333222211111"
                                   + "0" * 132))
    # dev seed 7680517 p1, no hand: the board's corner, both ends not table, table only in the middle
    assert not _arm_across(_shares("9" * 39 + "888888887777776666666655555555333333333222221111111111000000"
                                   "11111112222222223333333335555526666666677777757778888888"))
    assert not _arm_across(np.ones(120))  # the rim along all of the strip


def test_a_moving_arm_whose_sides_ramp_over_its_blur_is_an_arm():
    # dev seed 7890297 p2 as the bench draws it: an arm in from the board's side, its sides ramping over 8
    # and 9 columns; read as 2 of 3 tiles while the sides had to be sharp within 5 columns
    scene = render_rack_scene(7890297, options=RackSceneOptions(counts={"p1": 6, "p2": 3}, hand="p2", half_out="",
                                                                 face_down={}))
    zone = scene.zones["p2"]
    assert scene.covered["p2"] >= 0.1
    assert table_crossed(scene.image, zone, square(scene, zone))
    assert read_rack(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE).count is None
