"""A rack setup learnt nothing of, moved during a game (issue 18): it is anchored all the same (vision.rack_counter
RackCounter._anchor), so that its move is seen, and found moved it is not counted. Scene: 10350535 of the round 26
lead's measuring run (`python -m vision.rack_bench --first-seed 10350000 --scenes 300 --hands 60 --face-down 40
--follow 40 --moves 100`), used as a development scene since; its draws replayed."""
from __future__ import annotations

from tests.test_rack_moved import _moved_count
from vision.synth.racks import RackMove


def test_a_rack_not_learnt_at_setup_slid_along_is_not_counted_in_the_zone_it_left():
    # eight tiles on a dark wooden rack in a dim light, read "unclear" as the game started, slid 24 mm along: the
    # start tree never anchored it and read 3 in the zone it left (4 where it stands)
    count, counter = _moved_count(10350535, {"p1": 7, "p2": 8}, RackMove("p2", along_mm=24.202094343012046))
    assert "p2" not in counter.racks_learnt()
    assert count is None and "p2" in counter._moved and "p2" not in counter.lost
