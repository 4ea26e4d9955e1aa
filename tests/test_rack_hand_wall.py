"""A hand of skin or a sleeve over a wooden rack's wall (vision.racks.WALL_LAB): no colour of the hand is foreign to
the tiles, the rack and the table, but the wall behind the tiles, one colour all along a rack in view, changes under
it. Dev seeds 8070362 p1 and 8070198 p1 as vision.rack_bench draws them (`--scenes 0 --hands 200 --first-seed
8070000`): 3 tiles read as 1 and 5 as 3 on the start tree, a count under the truth that may raise a false underdraw."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, reading, standing, with_hand


@pytest.mark.parametrize("seed, counts", [(8070362, {"p1": 3, "p2": 7}), (8070198, {"p1": 5, "p2": 2})])
def test_a_hand_over_a_wooden_racks_wall_makes_it_unknown_the_bare_rack_is_counted(seed, counts):
    learnt = learnt_at_setup(standing(seed, 7, 7), "p1")
    assert learnt.profile is not None and learnt.profile.tops is None  # learnt by the tiles' colour
    covered = reading(with_hand(seed, counts, "p1"), "p1", learnt.profile)
    assert covered.count is None and covered.blocked
    assert covered.reason == "something covers the rack"
    # the same scene without the hand: counted right
    assert count_read(standing(seed, counts["p1"], counts["p2"]), "p1", learnt.profile) == counts["p1"]
