"""A hand over the wall of a rack learnt by its tiles' tops (vision.rack_tops.TOPS_WALL_OFF): the README run's
10011183 p2 (`python -m vision.rack_bench --first-seed 10010000 --verbose`: a dark hand over a navy Mattel rack, four
cream tiles read as three on the start tree): its wall 23.9 off the colours learnt there over 0.4 tile, under
TOPS_FOREIGN's 24, its band 22.4 off the tiles' and the groove's, under half their contrast."""
from __future__ import annotations

from tests.rack_reading import count_read, learnt_at_setup, reading, standing, with_hand


def test_a_hand_over_a_tops_learnt_racks_wall_makes_it_unknown_the_bare_rack_is_counted():
    seed, counts = 10011183, {"p1": 7, "p2": 4}
    learnt = learnt_at_setup(standing(seed, 7, 7), "p2")
    assert learnt.profile is not None and learnt.profile.tops is not None  # learnt by the tiles' tops
    covered = reading(with_hand(seed, counts, "p2"), "p2", learnt.profile)
    assert covered.count is None and covered.blocked
    assert covered.reason == "something covers the rack"
    assert count_read(standing(seed, 7, 4), "p2", learnt.profile) == 4
