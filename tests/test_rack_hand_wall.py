"""A hand of skin or a sleeve over a wooden rack's wall (vision.racks.WALL_LAB): no colour of the hand is foreign to
the tiles, the rack and the table, but the wall behind the tiles, one colour all along a rack in view, changes under
it. Dev seeds 8070362 p1 and 8070198 p1 as vision.rack_bench draws them (`--scenes 0 --hands 200 --first-seed
8070000`): 3 tiles read as 1 and 5 as 3 on the start tree, a count under the truth that may raise a false underdraw."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.rack_bench import TOLERANCE, board_tile_lab, square
from vision.racks import read_rack
from vision.synth.racks import RackSceneOptions, render_rack_scene


@pytest.mark.parametrize("seed, counts", [(8070362, {"p1": 3, "p2": 7}), (8070198, {"p1": 5, "p2": 2})])
def test_a_hand_over_a_wooden_racks_wall_makes_it_unknown_the_bare_rack_is_counted(seed, counts):
    learnt = learnt_at_setup(standing(seed, 7, 7), "p1")
    assert learnt.profile is not None and learnt.profile.tops is None  # learnt by the tiles' colour
    hand = render_rack_scene(seed, size=1000, options=RackSceneOptions(counts=counts, hand="p1", half_out="",
                                                                       face_down={}))
    zone = hand.zones["p1"]
    reading = read_rack(hand.image, zone, square(hand, zone), board_tile_lab(hand), TOLERANCE, learnt.profile)
    assert reading.count is None and reading.blocked
    assert reading.reason == "something covers the rack"
    # the same scene without the hand: counted right
    assert count_read(standing(seed, counts["p1"], counts["p2"]), "p1", learnt.profile) == counts["p1"]
