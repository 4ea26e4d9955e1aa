"""A rack read over seven without setup's profile needs every tile of its split to be solid tile colour
(vision.rack_comb.tiles_solid): the empty groove's shade beside a run of tiles is tile colour in a row or
two only. Seed 10040917 p2 (a measuring run's false overdraw, looked at after it): seven navy tiles on a
blue Mattel rack, a stretch of empty groove beside two tiles read as a third, so the setup frame read 8
and the kiosk kept 8 on every later frame (vision.racks.counted's count read at setup). Now the setup
frame is not read over seven, setup learns the rack, and it reads its tiles right."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import Learnt, counted
from vision.synth.racks import RackScene

SEED = 10040917


def _scene(p2: int) -> RackScene:
    return standing(SEED, 7, p2)


@pytest.fixture(scope="module")
def learnt() -> Learnt:
    return learnt_at_setup(_scene(7), "p2")


def _counted(scene: RackScene, learnt: Learnt) -> int | None:
    return counted(count_read(scene, "p2", learnt.profile), learnt)


def test_the_setup_frame_is_not_read_over_seven(learnt):
    assert learnt.over == 0 and learnt.profile is not None  # the start tree: over 8, nothing learnt


def test_seven_is_not_counted_as_an_overdraw_and_eight_is(learnt):
    assert [_counted(_scene(n), learnt) for n in (7, 8)] == [7, 8]  # the start tree: 8, None
