"""A rack learnt by its tiles' tops (vision.rack_tops) read over seven needs more than half its split's
seams to show (vision.rack_comb.seams_show), as a rack read without setup does. Dev seed 7800188 p2
(vision.rack_bench --first-seed 7800000 draws it with 6 and 7 tiles): seven cream tiles on a Mattel
rack, the table past the rack's end joined to the last run of tiles: the start tree read 8, a false
overdraw, one of its split's three seams dark and two lighter than the tiles either side."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import RackProfile
from vision.synth.racks import RackScene

SEED = 7800188


def _scene(p1: int, p2: int) -> RackScene:
    return standing(SEED, p1, p2)


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    profile = learnt_at_setup(_scene(7, 7), "p2").profile
    assert profile is not None and profile.tops is not None  # learnt by the tiles' tops
    return profile


def _read(scene: RackScene, profile: RackProfile) -> int | None:
    return count_read(scene, "p2", profile)


def test_seven_with_the_table_joined_to_a_run_is_not_read_over_seven(learnt):
    assert _read(_scene(6, 7), learnt) is None  # the start tree: 8


def test_the_rack_learnt_by_its_tops_still_reads_its_tiles(learnt):
    assert [_read(_scene(7, n), learnt) for n in (7, 8)] == [7, 8]  # (nine: unknown in both trees)
