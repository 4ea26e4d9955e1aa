"""A rack learnt by its tiles' tops at setup takes the best band that reads its own setup frame back as the
count known (vision.rack_tops.tops_bands, vision.racks.learn_known), not the best band only. Dev seed 8081543
(round 26, rkcatch4): p1's seven grey tiles on a black club-wood rack, a lilac table, read surely as 2 without
a profile."""
from __future__ import annotations

import numpy as np

from vision.rack_tops import read_tops, tops_bands
from vision.racks import EDGE_LOSS, learn_known, rack_square_px, read_rack
from vision.synth.racks import RackSceneOptions, render_rack_scene

SEED = 8081543


def _tile_lab(scene) -> np.ndarray:
    import cv2
    lab = cv2.cvtColor(scene.image, cv2.COLOR_BGR2LAB).astype(np.float32)
    patches = [lab[int(y) - 2:int(y) + 3, int(x) - 2:int(x) + 3].reshape(-1, 3) for x, y in scene.board_tiles]
    return np.median(np.concatenate(patches), axis=0)


def _scene(p1: int, p2: int = 7):
    return render_rack_scene(SEED, size=1000, options=RackSceneOptions(counts={"p1": p1, "p2": p2}, hand="",
                                                                        half_out="", face_down={}))


def test_the_best_tops_band_may_call_its_own_setup_frame_covered():
    setup = _scene(7)
    zone = setup.zones["p1"]
    square = rack_square_px(setup.board_corners, zone)
    bands = tops_bands(setup.image, zone, square, 7)
    assert len(bands) > 1
    tops, pitches = bands[0]
    # its wall learnt as the median over the tiles' columns: the tiles whose tops rise into it read as a hand
    assert read_tops(setup.image, zone, square, tops, pitches, EDGE_LOSS * sum(pitches) / 2)[:2] == (None, True)


def test_a_rack_whose_best_tops_band_misreads_its_setup_frame_is_learnt_by_one_that_reads_it_and_counts_right():
    setup = _scene(7)
    zone, lab = setup.zones["p1"], _tile_lab(setup)
    square = rack_square_px(setup.board_corners, zone)
    assert read_rack(setup.image, zone, square, lab, 15.0).count == 2  # read surely as 2 without a profile
    learnt = learn_known(setup.image, zone, square, lab, 15.0, 7)  # on the start tree: not learnt, misread
    assert learnt.profile is not None and learnt.profile.tops is not None and not learnt.misread
    for p1, p2 in ((9, 8), (8, 9), (6, 7)):
        later = _scene(p1, p2)
        zone = later.zones["p1"]
        reading = read_rack(later.image, zone, rack_square_px(later.board_corners, zone), _tile_lab(later), 15.0,
                            learnt.profile)
        assert reading.count == p1, (p1, reading)
