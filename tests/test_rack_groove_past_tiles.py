"""A false overdraw on a learnt rack (vision.rack_bench --first-seed 7880000, helper rkhand's dev run in round 20;
helper rkfalse): 7880075 p2, seven ivory tiles pushed to one end of a wood-classic rack. The lit wood of the empty
groove past the last tile is tile colour in a row or two of the band, and its step down from the tiles passes for a
seam: setup's pitches and the board's both split it as an eighth tile, read surely as 8. A learnt rack's count over
seven now needs every tile of its split solid tile colour, as a rack read without setup does, and as light as the
split's other tiles (vision.racks._split_holds, vision.rack_comb.tiles_solid and tiles_alike); the share of tile
colour alone is near its bound there, and passes on some frames of fresh sensor noise."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.rack_bench import FOLLOW_NOISE
from vision.racks import RackProfile

GROOVE = 7880075


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    """What setup learns of 7880075 p2: by the tiles' colour."""
    profile = learnt_at_setup(standing(GROOVE, 7, 7), "p2").profile
    assert profile is not None and profile.tops is None
    return profile


def test_seven_beside_the_empty_groove_never_read_over_seven(learnt):
    count = count_read(standing(GROOVE, 9, 7), "p2", learnt)  # the bench's scene: nine on p1, seven on p2
    assert count is None or count <= 7  # the start tree: 8


def test_eight_nine_and_six_there_stay_right(learnt):
    assert [count_read(standing(GROOVE, 9, n), "p2", learnt) for n in (8, 9, 6)] == [8, 9, 6]


def test_never_over_seven_under_fresh_sensor_noise(learnt):
    scene = standing(GROOVE, 9, 7)
    counts = []
    for k in range(12):
        noise = np.random.default_rng([GROOVE, k]).normal(0, FOLLOW_NOISE, scene.image.shape)
        counts.append(count_read(replace(scene, image=np.clip(scene.image + noise, 0, 255).astype(np.uint8)), "p2",
                                 learnt))
    assert not [n for n in counts if n is not None and n > 7]  # tiles_solid alone: 8 on 5 of these 12, start tree 11
