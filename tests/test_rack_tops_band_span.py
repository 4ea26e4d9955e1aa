"""A rack learnt by its tiles' tops (vision.rack_tops) is split into tile and groove colours, and read,
over the columns where the tiles' rows show the rack, not the table past its end (band_span). Dev seed
7830139 p2: seven maroon tiles on a red Mattel rack turned in its zone, the table showing in the span's
last three columns in the tiles' rows: the start tree never learnt it ("tiles not told from the rack"),
so every count over seven on it went uncounted."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import RackProfile

SEED = 7830139


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    profile = learnt_at_setup(standing(SEED, 7, 7), "p2").profile
    assert profile is not None and profile.tops is not None  # the start tree: None
    return profile


def test_the_rack_of_its_tiles_colour_is_learnt_and_reads_its_tiles(learnt):
    # (p1, p2) drawn so that p2 holds 8, 9, 6 and 7: eight spread over the rack read 9 with the table
    # past the rack's end joined to the last tile
    assert [count_read(standing(SEED, p1, p2), "p2", learnt) for p1, p2 in ((9, 8), (8, 9), (7, 6), (6, 7))] \
        == [8, 9, 6, 7]
