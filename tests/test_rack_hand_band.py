"""A hand the table's colour over a rack learnt by its tiles' colour (vision.racks._learnt_band_covered):
dev seed 7920211 p2, seven tiles on a classic wooden rack, an arm in along the rack from its end. Near the
table's colour the hand is not foreign in the zone, and it crosses neither strip of table beside the rack;
it hid two tiles: read 5 before. In the rows where setup found the tiles' tops it is neither their colour
nor the rack's."""
from __future__ import annotations

import numpy as np

from vision.rack_bench import TOLERANCE, board_tile_lab, setup_profiles, square
from vision.racks import RackProfile, _learnt_band_covered, read_rack
from vision.synth.racks import RackSceneOptions, render_rack_scene

SEED, COUNTS = 7920211, {"p1": 6, "p2": 7}


def _read_p2(hand: str):
    profile = setup_profiles(SEED, 1000, True)["p2"].profile
    assert profile is not None and profile.tops is None  # learnt by its tiles' colour
    scene = render_rack_scene(SEED, options=RackSceneOptions(counts=COUNTS, hand=hand, half_out="", face_down={}))
    zone = scene.zones["p2"]
    return read_rack(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE, profile)


def test_a_hand_the_tables_colour_over_a_learnt_racks_tiles_makes_it_unknown():
    reading = _read_p2("p2")
    assert reading.count is None and reading.blocked


def test_the_same_rack_without_the_hand_is_counted():
    assert _read_p2("").count == COUNTS["p2"]


def _profile(pitch: float = 10.0) -> RackProfile:
    return RackProfile(band=(2, 4), tile=(60.0, 0.0, 0.0), rack=(20.0, 10.0, 10.0), table=(40.0, 0.0, 30.0),
                       pitch=pitch, rows=6)


def _strip(off_columns: slice, width: int = 100) -> np.ndarray:
    """A strip of the rack's colour with tiles every other pitch in the band, and the table's colour
    over `off_columns` of the band's rows."""
    lab = np.tile(np.float32([20, 10, 10]), (6, width, 1))
    lab[2:4, 10:90:20] = (60, 0, 0)
    lab[2:4, off_columns] = (40, 0, 30)
    return lab


def test_two_pitches_of_neither_colour_in_the_band_are_covered():
    assert _learnt_band_covered(_strip(slice(40, 61)), _profile())
    assert not _learnt_band_covered(_strip(slice(40, 59)), _profile())  # under two pitches: a blend, a seam
    assert not _learnt_band_covered(_strip(slice(40, 61)), _profile(11.0))
    # the zone's ends (the table past the rack's ends) are left out
    assert not _learnt_band_covered(_strip(slice(0, 21)), _profile())
