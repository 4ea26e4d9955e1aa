"""A rack learnt by its tiles' colour whose tiles now stand where the light falls off along it: no band of
the board tiles' colour is found, so setup's rows are read (vision.racks._band_astray), and there the
pixels nearer the tiles' colour setup learnt than its rack's and table's are tiles too
(vision.racks._learnt_tile_colour). Dev seed 8020066 p2 (vision.rack_bench's dev range 8020000, round 24):
wood tiles on a navy pro-long rack on a dark green table, seven learnt at the rack's lit end; later tiles
pushed to its other end, their tops L 34 down to 24 (weighted) along it, the board's tiles 56. The start
tree read 8, 6, 5 and 3 tiles there surely as 0 (and 7 as unknown)."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import RackProfile

SEED = 8020066


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    """What setup learns of p2 from the scene's frame with seven tiles on each rack."""
    profile = learnt_at_setup(standing(SEED, 7, 7), "p2").profile
    assert profile is not None and profile.tops is None  # learnt by the tiles' colour
    return profile


@pytest.mark.parametrize("tiles", [9, 8, 7, 6, 5, 3])
def test_tiles_in_the_racks_shade_are_counted(learnt, tiles):
    # the start tree: 9, 0, None, 0, 0, 0
    assert count_read(standing(SEED, 6, tiles), "p2", learnt) == tiles


def test_an_empty_rack_is_still_empty(learnt):
    assert count_read(standing(SEED, 6, 0), "p2", learnt) == 0
