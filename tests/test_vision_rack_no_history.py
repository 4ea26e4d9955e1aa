"""A rack's reading depends on its frame and what setup learnt, not on the frames read before it (round 24:
the README run's 10010606 p2 read otherwise under `--first-seed 10010606 --scenes 1` because the bench draws
every scene's counts from one generator, so that run drew other counts for the seed, and vision.synth.racks
places p2's tiles after p1's from one generator; the reader kept nothing between scenes). A guard: the start
tree passes it too."""
from __future__ import annotations

from tests.rack_reading import learnt_at_setup, standing
from vision.rack_bench import TOLERANCE, board_tile_lab
from vision.racks import RackReading, rack_square_px, read_rack
from vision.synth.racks import RackScene


def _reading(scene: RackScene, rack: str, setup: RackScene) -> RackReading:
    zone = scene.zones[rack]
    return read_rack(scene.image, zone, rack_square_px(scene.board_corners, zone), board_tile_lab(scene), TOLERANCE,
                     learnt_at_setup(setup, rack).profile)


def test_a_frame_reads_the_same_whatever_was_read_before():
    setup, later = standing(8020066, 7, 7), standing(8020066, 6, 8)
    first = _reading(later, "p2", setup)
    for seed, counts in ((8020175, (9, 2)), (8020066, (1, 0)), (8020190, (8, 8))):  # other racks, other zones
        other = standing(seed, *counts)
        for rack in ("p1", "p2"):
            _reading(other, rack, standing(seed, 7, 7))
    assert _reading(later, "p2", setup) == first
