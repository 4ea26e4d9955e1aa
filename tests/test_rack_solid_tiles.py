"""A rack read over seven without setup's profile needs every tile of its split to be solid tile colour
(vision.rack_comb.tiles_solid): the empty groove's shade beside a run of tiles is tile colour in a row or
two only. Seed 10040917 p2 (a measuring run's false overdraw, looked at after it): seven navy tiles on a
blue Mattel rack, a stretch of empty groove beside two tiles read as a third, so the setup frame read 8
and the kiosk kept 8 on every later frame (vision.racks.counted's count read at setup). Now the setup
frame is not read over seven, setup learns the rack, and it reads its tiles right."""
from __future__ import annotations

import pytest

from vision.rack_bench import TOLERANCE, board_tile_lab
from vision.racks import Learnt, counted, learn_known, rack_square_px, read_rack
from vision.synth.racks import RackScene, RackSceneOptions, render_rack_scene

SEED = 10040917


def _scene(p2: int) -> RackScene:
    return render_rack_scene(SEED, size=1000, options=RackSceneOptions(counts={"p1": 7, "p2": p2}, hand="",
                                                                       half_out="", face_down={}))


@pytest.fixture(scope="module")
def learnt() -> Learnt:
    setup = _scene(7)
    zone = setup.zones["p2"]
    return learn_known(setup.image, zone, rack_square_px(setup.board_corners, zone), board_tile_lab(setup),
                       TOLERANCE, 7)


def _counted(scene: RackScene, learnt: Learnt) -> int | None:
    zone = scene.zones["p2"]
    reading = read_rack(scene.image, zone, rack_square_px(scene.board_corners, zone), board_tile_lab(scene),
                        TOLERANCE, learnt.profile)
    return counted(reading.count, learnt)


def test_the_setup_frame_is_not_read_over_seven(learnt):
    assert learnt.over == 0 and learnt.profile is not None  # the start tree: over 8, nothing learnt


def test_seven_is_not_counted_as_an_overdraw_and_eight_is(learnt):
    assert [_counted(_scene(n), learnt) for n in (7, 8)] == [7, 8]  # the start tree: 8, None
