"""Racks the start tree never learnt at setup (round 17, h-rklearn's dev seeds 7700000-7729999), learnt
now by their tiles' tops (vision.rack_tops) and counted right afterwards:
- seven maroon tiles pushed together on a black pro rack, their seams too shallow in L (3.4 against
  SEAM_MIN 4) but not in the brightest channel (5.5), as read_rack looks at a dark band's seams;
- seven tiles whose colour does not tell them from the rack, read "something covers the rack" by
  their colours with no hand in the frame: setup gave up before trying their tops."""
from __future__ import annotations

from vision.racks import counted

from tests.test_rack_tops import _learnt, _read, _scene


def _counts(seed: int, player: str, tiles: tuple[int, ...]) -> list[int | None]:
    learnt = _learnt(seed, player)
    assert learnt.profile is not None and learnt.profile.tops is not None
    return [counted(_read(_scene(seed, n), player, learnt.profile).count, learnt) for n in tiles]


def test_dark_tiles_whose_seams_show_in_their_brightest_channel_are_learnt_and_overdraws_caught():
    assert _counts(7700034, "p2", (3, 7, 9)) == [3, 7, 9]


def test_a_setup_frame_read_covered_by_colour_with_no_hand_is_learnt_by_the_tiles_tops():
    assert _read(_scene(7720244, 7), "p2").blocked  # no hand: the colours' test of a hand misled
    assert _counts(7720244, "p2", (2, 8)) == [2, 8]
