"""The counting rules of vision.racks on small hand-made strips (no rendering)."""
from __future__ import annotations

import numpy as np

from vision.racks import (NOTCH_SHARE, _by_fit, _comb_count, _notched, _trim_table_ends, lab_norm, median_colour,
                          median_lab, weight_lab)


def test_runs_of_one_and_five_tiles_decide_seven_by_their_fit_when_no_seam_shows():
    # dark tiles: the strip is flat, no seam darkens it; runs of 1, 1 and 5 tiles at 14.5 px
    column = np.zeros(150, bool)
    for a, b in ((21, 35), (43, 57), (69, 140)):
        column[a:b] = True
    light = np.full(150, 40.0)
    assert _comb_count(column, light, 13.0, 16.7, None) == (7, True)


def test_a_single_run_never_decides_by_fit():
    options = {7: (0.0, 6, 0.01), 8: (0.0, 7, 0.2)}
    assert _by_fit(options, 1) is None
    assert _by_fit(options, 3) == 7


def test_fit_gives_way_to_seams_that_speak_against_it():
    # the better fit's seams are far shallower than the other total's: not decided by fit
    assert _by_fit({7: (0.5, 6, 0.02), 8: (9.0, 7, 0.25)}, 2) is None
    # two totals that fit alike: none
    assert _by_fit({7: (0.5, 6, 0.05), 8: (0.5, 7, 0.1)}, 2) is None


def test_a_run_stopped_by_the_racks_end_wall_keeps_its_end_on_a_table_the_tiles_colour():
    profile = np.full(145, 100.0)  # no darker line near the end: an end of table not found
    runs = [(43, 140)]
    no_rack = np.zeros(145, bool)
    assert _trim_table_ends(runs, profile, 145, 16.7, no_rack) == (runs, False)
    rack_wall = no_rack.copy()
    rack_wall[140:143] = True
    assert _trim_table_ends(runs, profile, 145, 16.7, rack_wall) == (runs, True)



def test_the_fast_colour_helpers_give_numpys_own_bits():
    # lab_norm, median_colour and median_lab replace np.linalg.norm and np.median in every
    # reading: the counts stay the same only if their results do, to the bit
    rng = np.random.default_rng(18)
    for shape in [(1, 1), (1, 2), (2, 2), (7, 3), (33, 101), (60, 105)]:
        lo, hi = sorted(int(v) for v in rng.integers(0, 256, 2))
        lab8 = rng.integers(lo, hi + 1, (*shape, 3)).astype(np.uint8)
        lab = weight_lab(lab8)
        colour = np.array([41.3, 130.2, 127.9], np.float32)
        assert np.array_equal(lab_norm(lab - colour), np.linalg.norm(lab - colour, axis=2))
        assert np.array_equal(lab_norm(lab[:, ::2] - colour.astype(np.float64)),
                              np.linalg.norm(lab[:, ::2] - colour.astype(np.float64), axis=2))
        assert np.array_equal(median_colour(lab), np.median(lab, axis=0))
        assert np.array_equal(median_lab(lab8), np.median(lab.reshape(-1, 3), axis=0))
        mask = rng.random(shape) < 0.6
        mask[0, 0] = True
        assert np.array_equal(median_lab(lab8, mask), np.median(lab[mask], axis=0))
        assert np.array_equal(median_colour(lab[mask]), np.median(lab[mask], axis=0))
    assert np.isnan(median_lab(np.zeros((2, 2, 3), np.uint8), np.zeros((2, 2), bool))).all()


def rack_outline(bottoms: np.ndarray, height: int = 40) -> np.ndarray:
    """is_rack of a strip whose rack body runs from row 5 down to `bottoms` (one per column)."""
    rows = np.arange(height)[:, None]
    return (rows >= 5) & (rows < bottoms[None, :])


def test_tiles_standing_in_front_of_a_rack_notch_its_outline():
    pitch = 15.0
    bottoms = np.full(200, 30)
    for i in range(7):  # seven tiles the table's colour, 13 px wide, 2 px apart: the rack shows 5 rows less
        bottoms[40 + 17 * i:53 + 17 * i] = 25
    assert _notched(rack_outline(bottoms), pitch) >= NOTCH_SHARE


def test_a_slanted_or_ragged_empty_rack_is_not_notched():
    pitch = 15.0
    slanted = np.linspace(24, 32, 200).round().astype(int)  # a rack turned in its zone: the outline falls
    assert _notched(rack_outline(slanted), pitch) == 0.0
    ragged = np.full(200, 30)
    ragged[50:200:9] = 26  # single columns where the rack's edge blends into the table
    assert _notched(rack_outline(ragged), pitch) == 0.0
