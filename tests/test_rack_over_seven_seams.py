"""A learnt rack whose every count is over seven is counted by its darkest seams when they are
darker than every other count's by OVER_MARGIN (vision.racks._over_seven), not SEAM_MARGIN: a wrong
pick there is 8 for 9, never a false overdraw. Dev seed 7740307 p1 (vision.rack_bench's dev range
7740000, its navy scene rendered again with nine tiles): nine navy tiles pushed together in one run
on a Mattel rack, setup's pitches and the board's make it 8, 9 or 10, nine's seams 4.2 L deep,
eight's 1.4, ten's 1.1: read "not clear enough" by the start tree."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import RackProfile
from vision.synth.racks import RackScene

SEED = 7740307


def _scene(p1: int) -> RackScene:
    return standing(SEED, p1, 8)


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    """What setup learns of p1 from the scene's frame with seven tiles on each rack."""
    profile = learnt_at_setup(standing(SEED, 7, 7), "p1").profile
    assert profile is not None and profile.tops is None  # learnt by the tiles' colour
    return profile


def _read(scene: RackScene, profile: RackProfile) -> int | None:
    return count_read(scene, "p1", profile)


def test_nine_dark_tiles_in_one_run_are_counted_by_their_darkest_seams(learnt):
    assert _read(_scene(9), learnt) == 9  # the start tree: None


def test_the_same_rack_with_seven_or_six_is_not_read_over_seven(learnt):
    assert [_read(_scene(n), learnt) for n in (7, 6)] == [7, 6]
