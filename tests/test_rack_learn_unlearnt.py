"""Racks the start tree never learnt at setup (round 17, h-rklearn's dev seeds 7700000-7729999), learnt
now by their tiles' tops (vision.rack_tops) and counted right afterwards:
- seven maroon tiles pushed together on a black pro rack, their seams too shallow in L (3.4 against
  SEAM_MIN 4) but not in the brightest channel (5.5), as read_rack looks at a dark band's seams;
- seven tiles whose colour does not tell them from the rack, read "something covers the rack" by
  their colours with no hand in the frame: setup gave up before trying their tops;
- racks on a table whose light falls along them, read as under a hand (racks.table_crossed)."""
from __future__ import annotations

import numpy as np

from vision.racks import _side_blocked, _table_along, counted, rack_square_px, table_crossed

from tests.test_rack_tops import _learnt, _read, _scene


def _counts(seed: int, player: str, tiles: tuple[int, ...], by_tops: bool = True) -> list[int | None]:
    learnt = _learnt(seed, player)
    assert learnt.profile is not None and (learnt.profile.tops is not None) == by_tops
    return [counted(_read(_scene(seed, n), player, learnt.profile).count, learnt) for n in tiles]


def test_dark_tiles_whose_seams_show_in_their_brightest_channel_are_learnt_and_overdraws_caught():
    assert _counts(7700034, "p2", (3, 7, 9)) == [3, 7, 9]


def test_a_setup_frame_read_covered_by_colour_with_no_hand_is_learnt_by_the_tiles_tops():
    assert _read(_scene(7720244, 7), "p2").blocked  # no hand: the colours' test of a hand misled
    assert _counts(7720244, "p2", (2, 8)) == [2, 8]


def test_the_tables_light_falling_along_the_rack_is_no_hand_over_it():
    # dev seed 7700167 p2: seven ivory tiles on a pro rack, the table's light falling evenly along the
    # player's side; its ends read as a hand over the rack on every frame, and setup learnt nothing
    scene = _scene(7700167, 7)
    zone = np.asarray(scene.zones["p2"], np.float32)
    assert not table_crossed(scene.image, zone, rack_square_px(scene.board_corners, zone))
    assert _counts(7700167, "p2", (8,), by_tops=False) == [8]


def test_a_hand_on_a_table_whose_light_falls_along_the_rack_still_crosses_it():
    columns = np.arange(150, dtype=np.float32)
    strip = np.zeros((8, 150, 3), np.float32)
    strip[..., 0] = 60 - 0.3 * columns  # the light falling 45 along the strip
    strip[..., 1:] = 140
    table = np.median(strip.reshape(-1, 3), axis=0)
    assert _side_blocked(strip, table) and not _side_blocked(strip, _table_along(strip, table))
    strip[:, 60:80] = (30, 150, 160)  # a hand 1.4 tiles wide
    assert _side_blocked(strip, _table_along(strip, table))
