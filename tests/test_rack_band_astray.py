"""A learnt rack whose band of tile colour is not found where setup found it (none, one row where setup's
had more, or rows elsewhere) is read in setup's rows by the tiles' colour setup learnt
(vision.racks._band_astray). Dev seed 7820087 p1 (vision.rack_bench's dev range 7820000, rendered again
with 6-9 tiles): ivory tiles in groups on a classic wooden rack, a table near their colour; no band found
in the frame, the learnt rows showing the tiles: 8 and 9 read "not clear enough" by the start tree."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import RackProfile
from vision.synth.racks import RackScene

SEED = 7820087


def _scene(p1: int) -> RackScene:
    return standing(SEED, p1, 7)


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    """What setup learns of p1 from the scene's frame with seven tiles on each rack."""
    profile = learnt_at_setup(_scene(7), "p1").profile
    assert profile is not None and profile.tops is None  # learnt by the tiles' colour
    return profile


def _read(scene: RackScene, profile: RackProfile) -> int | None:
    return count_read(scene, "p1", profile)


def test_eight_and_nine_are_read_in_the_rows_setup_learnt(learnt):
    assert [_read(_scene(n), learnt) for n in (8, 9)] == [8, 9]  # the start tree: None, None


def test_the_same_rack_with_seven_or_six_is_read_right(learnt):
    assert [_read(_scene(n), learnt) for n in (7, 6)] == [7, 6]  # the start tree: 7, None
