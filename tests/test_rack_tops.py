"""Racks whose tiles' colour tells them from neither the rack nor the table, learnt at setup by
the shape of their tops (vision.rack_tops through vision.racks.learn_known) and read so. Seeds
here are test seeds (219, 305: light tiles on a table of about their colour, read "not seen"
without it)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.racks import learn_known, read_rack, rack_square_px
from vision.synth.racks import RackSceneOptions, render_rack_scene

TOLERANCE = 15.0


def _scene(seed: int, tiles: int, hand: str = ""):
    return render_rack_scene(seed, size=1000, options=RackSceneOptions(counts={"p1": tiles, "p2": tiles}, hand=hand,
                                                                        half_out="", face_down={}))


def _tile_lab(scene) -> np.ndarray:
    lab = cv2.cvtColor(scene.image, cv2.COLOR_BGR2LAB).astype(np.float32)
    patches = [lab[int(y) - 2:int(y) + 3, int(x) - 2:int(x) + 3].reshape(-1, 3) for x, y in scene.board_tiles]
    return np.median(np.concatenate(patches), axis=0)


def _read(scene, player: str, profile=None):
    zone = scene.zones[player]
    return read_rack(scene.image, zone, rack_square_px(scene.board_corners, zone), _tile_lab(scene), TOLERANCE, profile)


def _learnt(seed: int, player: str, by_tops: bool = True):
    setup = _scene(seed, 7)
    zone = setup.zones[player]
    return learn_known(setup.image, zone, rack_square_px(setup.board_corners, zone), _tile_lab(setup), TOLERANCE, 7,
                       by_tops=by_tops)


def test_tiles_no_colour_tells_are_learnt_by_their_tops_and_counted_empty_to_overdrawn():
    for seed in (219, 305):
        assert _read(_scene(seed, 7), "p1").count is None  # "not seen" by their colour
        assert _learnt(seed, "p1", by_tops=False).profile is None  # rack_find's way: not learnt
        profile = _learnt(seed, "p1").profile
        assert profile is not None and profile.tops is not None
        for tiles in (0, 3, 5, 7, 8):
            assert _read(_scene(seed, tiles), "p1", profile).count == tiles


def test_a_rack_learnt_by_its_tops_under_a_hand_is_not_read_over_seven_and_another_zone_is_not_seen():
    profile = _learnt(219, "p1").profile
    assert profile is not None and profile.tops is not None
    for tiles in (5, 7):
        scene = _scene(219, tiles, hand="p1")
        assert scene.covered["p1"] >= 0.1
        assert _read(scene, "p1", profile).count is None
    # the profile read in the other rack's zone (another strip): not what was learnt, unknown
    other = _read(_scene(219, 7), "p2", profile)
    assert other.count is None and other.reason
