"""A learnt rack whose every count is over seven is counted by its darkest seams when they are
darker than every other count's by OVER_MARGIN (vision.racks._over_seven), not SEAM_MARGIN: a wrong
pick there is 8 for 9, never a false overdraw. Dev seed 7740307 p1 (vision.rack_bench's dev range
7740000, its navy scene rendered again with nine tiles): nine navy tiles pushed together in one run
on a Mattel rack, setup's pitches and the board's make it 8, 9 or 10, nine's seams 4.2 L deep,
eight's 1.4, ten's 1.1: read "not clear enough" by the start tree."""
from __future__ import annotations

import pytest

from vision.rack_bench import TOLERANCE, board_tile_lab
from vision.racks import RackProfile, learn_known, rack_square_px, read_rack
from vision.synth.racks import RackScene, RackSceneOptions, render_rack_scene

SEED = 7740307


def _scene(p1: int) -> RackScene:
    return render_rack_scene(SEED, size=1000, options=RackSceneOptions(counts={"p1": p1, "p2": 8}, hand="",
                                                                       half_out="", face_down={}))


@pytest.fixture(scope="module")
def learnt() -> RackProfile:
    """What setup learns of p1 from the scene's frame with seven tiles on each rack."""
    setup = render_rack_scene(SEED, size=1000, options=RackSceneOptions(counts={"p1": 7, "p2": 7}, hand="",
                                                                        half_out="", face_down={}))
    zone = setup.zones["p1"]
    profile = learn_known(setup.image, zone, rack_square_px(setup.board_corners, zone), board_tile_lab(setup),
                          TOLERANCE, 7).profile
    assert profile is not None and profile.tops is None  # learnt by the tiles' colour
    return profile


def _read(scene: RackScene, profile: RackProfile) -> int | None:
    zone = scene.zones["p1"]
    return read_rack(scene.image, zone, rack_square_px(scene.board_corners, zone), board_tile_lab(scene), TOLERANCE,
                     profile).count


def test_nine_dark_tiles_in_one_run_are_counted_by_their_darkest_seams(learnt):
    assert _read(_scene(9), learnt) == 9  # the start tree: None


def test_the_same_rack_with_seven_or_six_is_not_read_over_seven(learnt):
    assert [_read(_scene(n), learnt) for n in (7, 6)] == [7, 6]
