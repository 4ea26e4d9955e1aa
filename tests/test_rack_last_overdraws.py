"""An overdraw on a learnt rack that the start tree (ced4c86) left unknown, from round 18's dev harness (vision.rack_bench's
dev ranges 7810000 and 7820000 rendered again with 8 and 9, 9 and 8 tiles; helper rkmiss, round 20): 7820179 p1, grey
tiles spread on a pro rack, a light table: setup learnt their band as one row and read seven there; eight and nine,
read surely in the same row, were held back as a band too thin for a count over seven (vision.racks._band_thin)."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import RackProfile

THIN = 7820179


@pytest.fixture(scope="module")
def thin() -> RackProfile:
    """What setup learns of 7820179 p1: by the tiles' colour, a band of one row."""
    profile = learnt_at_setup(standing(THIN, 7, 7), "p1").profile
    assert profile is not None and profile.tops is None and profile.band[1] - profile.band[0] == 1
    return profile


def test_eight_and_nine_in_the_one_row_setup_learnt(thin):
    assert [count_read(standing(THIN, 8, 9), "p1", thin), count_read(standing(THIN, 9, 8), "p1", thin)] == [8, 9]
    # the start tree: None, None


def test_seven_and_six_there_stay_right(thin):
    assert [count_read(standing(THIN, 7, 6), "p1", thin), count_read(standing(THIN, 6, 7), "p1", thin)] == [7, 6]

