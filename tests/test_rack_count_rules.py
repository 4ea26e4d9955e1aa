"""The counting rules of vision.racks on small hand-made strips (no rendering)."""
from __future__ import annotations

import numpy as np

from vision.rack_comb import by_fit, comb_count, comb_options, runs_whole, seams_show, trim_table_ends
from vision.racks import (FULL_ROW, NOTCH_SHARE, SOLID_RUNS, _board_comb, _board_confirms, _Columns, _least_solid,
                          _filled_band, _lip_ends, _notched, _over_seven, _to_segment, channel_planes, lab_distance,
                          lab_norm, median_colour, median_lab, weight_lab)


def test_runs_of_one_and_five_tiles_decide_seven_by_their_fit_when_no_seam_shows():
    # dark tiles: the strip is flat, no seam darkens it; runs of 1, 1 and 5 tiles at 14.5 px
    column = np.zeros(150, bool)
    for a, b in ((21, 35), (43, 57), (69, 140)):
        column[a:b] = True
    light = np.full(150, 40.0)
    assert comb_count(column, light, 13.0, 16.7, None) == (7, True)


def test_a_single_run_never_decides_by_fit_on_the_boards_pitches():
    options = {7: (0.0, 6, 0.01), 8: (0.0, 7, 0.2)}
    assert by_fit(options, 1) is None
    assert by_fit(options, 3) == 7


def test_a_single_run_decides_by_fit_on_learnt_pitches_only_with_its_seams():
    # nine dark tiles filling a rack in one run (dev seed 7580013): nine fits the learnt pitch,
    # eight hardly, and nine's seams are the darker
    options = {8: (2.37, 7, 0.271), 9: (4.56, 8, 0.005)}
    assert by_fit(options, 1) is None
    assert by_fit(options, 1, learnt=True) == 9
    # the same fit with eight's seams the darker: not decided
    assert by_fit({8: (4.6, 7, 0.271), 9: (2.4, 8, 0.005)}, 1, learnt=True) is None
    # two totals that both fit a learnt pitch: not decided
    assert by_fit({8: (0.9, 7, 0.001), 9: (3.96, 8, 0.014)}, 1, learnt=True) is None


def test_fit_gives_way_to_seams_that_speak_against_it():
    # the better fit's seams are far shallower than the other total's: not decided by fit
    assert by_fit({7: (0.5, 6, 0.02), 8: (9.0, 7, 0.25)}, 2) is None
    # two totals that fit alike: none
    assert by_fit({7: (0.5, 6, 0.05), 8: (0.5, 7, 0.1)}, 2) is None


def test_a_run_stopped_by_the_racks_end_wall_keeps_its_end_on_a_table_the_tiles_colour():
    profile = np.full(145, 100.0)  # no darker line near the end: an end of table not found
    runs = [(43, 140)]
    no_rack = np.zeros(145, bool)
    assert trim_table_ends(runs, profile, 145, 16.7, no_rack) == (runs, False)
    rack_wall = no_rack.copy()
    rack_wall[140:143] = True
    assert trim_table_ends(runs, profile, 145, 16.7, rack_wall) == (runs, True)


def test_a_table_lighter_than_the_tiles_is_cut_from_a_runs_end_by_its_step():
    # tiles at level 140 from the zone's left end (the right end far from the zone's); 6 px of
    # table at 175 in the run's first columns
    profile = np.full(145, 140.0)
    profile[:10] = 175.0
    no_rack = np.zeros(145, bool)
    runs = [(4, 120)]
    assert trim_table_ends(runs, profile, 145, 16.7, no_rack) == ([(10, 120)], True)
    # a table as light as the tiles (2 L off) is no step: the end is not found
    profile[:10] = 142.0
    assert trim_table_ends(runs, profile, 145, 16.7, no_rack)[1] is False


def test_a_run_that_stops_where_the_table_steps_off_keeps_its_end():
    profile = np.full(145, 45.0)  # navy tiles; the table beyond both ends 20 lighter
    profile[:8] = profile[138:] = 65.0
    assert trim_table_ends([(8, 138)], profile, 145, 16.7, np.zeros(145, bool)) == ([(8, 138)], True)
    # ... but not when the run's own first columns are as light as the table beyond: table in the run
    profile[:12] = 65.0
    assert trim_table_ends([(8, 138)], profile, 145, 16.7, np.zeros(145, bool))[0] == [(12, 138)]


def test_a_run_keeps_its_end_where_the_table_steps_off_past_one_blended_column():
    # navy tiles at 33 ending at a rack's end: one column of 37 blending the last tile's edge
    # into the table, then table 13-18 lighter (dev seed 7540165)
    profile = np.full(135, 33.0)
    profile[:5] = 55.0
    profile[129], profile[130:] = 37.0, 48.0
    assert trim_table_ends([(5, 129)], profile, 135, 15.4, np.zeros(135, bool)) == ([(5, 129)], True)
    # two columns between the run and the table's step: nothing tells the run's end
    profile[130] = 37.0
    assert trim_table_ends([(5, 129)], profile, 135, 15.4, np.zeros(135, bool))[1] is False


def test_the_first_column_past_the_racks_lip_ends_a_run():
    is_rack = np.zeros((30, 145), bool)
    is_rack[2:20, 6:140] = True  # the rack's wall and body
    is_rack[24:26, 10:137] = True  # its lip under the band of tiles, rows 21-24
    ends = _lip_ends(is_rack, (21, 24))
    assert np.flatnonzero(ends).tolist() == [9, 137]
    profile = np.full(145, 160.0)  # a table as light as the tiles beyond both ends: no step, no line
    assert trim_table_ends([(10, 137)], profile, 145, 16.7, ends) == ([(10, 137)], True)
    # a run that goes on past the lip's end is not ended by it
    assert trim_table_ends([(10, 141)], profile, 145, 16.7, ends)[1] is False
    # no lip seen along most of the zone (nothing of the rack under the band): no end told
    assert not _lip_ends(is_rack, (27, 28)).any()


def strip_columns(share: np.ndarray) -> _Columns:
    """A strip's columns as _columns gives them, from each column's share of tile colour."""
    w = len(share)
    grey = np.zeros(3, np.float32)
    return _Columns(column=share >= 0.34, light=np.full(w, 40.0), p_lo=14.0, p_hi=15.0, band=(20, 24),
                    table_like=False, tile=grey, rack=grey, table=grey, prior=(13.0, 16.7),
                    rack_col=np.zeros(w, bool), is_rack=np.zeros((30, w), bool), filled=False, pitch=14.5,
                    share=share, lab=np.zeros((30, w, 3), np.float32))


def test_runs_of_solid_tile_colour_are_told_from_a_grooves_patchy_shade():
    share = np.zeros(160, bool).astype(float)
    share[10:55] = share[60:120] = 1.0  # tiles: every pixel of their band is tile colour
    assert _least_solid(strip_columns(share)) >= SOLID_RUNS
    share[128:146] = np.resize([0.5, 0.75, 0.4, 0.5], 18)  # a groove's shade: a third to three quarters tile colour
    assert _least_solid(strip_columns(share)) < SOLID_RUNS
    assert _least_solid(strip_columns(np.zeros(160))) == 0.0


def test_a_band_of_full_rows_right_under_the_wall_is_taken_only_when_it_ends():
    is_tile = np.zeros((40, 150), bool)
    is_tile[:, :3] = is_tile[:, -3:] = True  # the table at the zone's ends, in every row
    is_tile[22:25] = True  # nine tiles filling the rack, right under its wall (rows 5-21)
    is_tile[26:] = True  # the table beyond the tiles' lower edge (row 25)
    assert is_tile[22].mean() >= FULL_ROW
    assert _filled_band(is_tile, 10.0) == (22, 25)
    is_tile[25] = True  # no lower edge: rows of table out to the zone's edge
    assert _filled_band(is_tile, 10.0) is None


def test_seams_only_counts_a_band_that_may_be_table_only_when_seams_show():
    column = np.ones(140, bool)
    column[:5] = column[135:] = False
    flat = np.full(140, 150.0)  # a strip of table: no seam
    assert comb_count(column, flat, 14.0, 15.0, None)[1] is True  # one total only: sure by default
    assert comb_count(column, flat, 14.0, 15.0, None, seams_only=True)[1] is False
    seams = flat.copy()
    seams[np.round(5 + 130 / 9 * np.arange(1, 9)).astype(int)] = 120.0  # nine tiles' seams, 30 darker
    assert comb_count(column, seams, 14.0, 15.0, None, seams_only=True) == (9, True)


def test_to_segment_is_the_distance_to_the_blends_of_two_colours():
    lab = np.array([[[0, 0, 0], [10, 0, 0], [5, 3, 0], [-4, 0, 0]]], np.float32)
    d = _to_segment(channel_planes(lab), np.array([0, 0, 0], np.float32), np.array([10, 0, 0], np.float32))
    assert np.allclose(d, [[0, 0, 3, 4]])



def test_the_fast_colour_helpers_give_numpys_own_bits():
    # lab_norm, lab_distance, median_colour and median_lab replace np.linalg.norm and np.median in every
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
        for other in (colour, colour.astype(np.float64)):  # lab_distance: lab_norm's bits from the planes
            assert np.array_equal(lab_distance(channel_planes(lab), other), lab_norm(lab - other))
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



def nine_in_one_run(seam_dip: float, pitches: tuple[float, float], prior: tuple[float, float]) -> _Columns:
    """Nine dark tiles pushed together in one run (columns 6-132, a 14 px pitch), their seams
    `seam_dip` L darker than the tiles' 40, read with learnt `pitches` and the board's `prior`."""
    w = 140
    share = np.zeros(w)
    share[6:132] = 1.0
    light = np.full(w, 40.0)
    seams = np.round(6 + 14.0 * np.arange(1, 9)).astype(int)
    light[seams] -= seam_dip
    light[seams - 1] -= seam_dip  # seams 2 px wide
    grey = np.zeros(3, np.float32)
    return _Columns(column=share >= 0.34, light=light, p_lo=pitches[0], p_hi=pitches[1], band=(20, 24),
                    table_like=False, tile=grey, rack=grey, table=grey, prior=prior,
                    rack_col=np.zeros(w, bool), is_rack=np.zeros((30, w), bool), filled=False, pitch=15.0,
                    share=share, lab=np.zeros((30, w, 3), np.float32))


def over_seven(seen: _Columns, edge: float) -> int | None:
    """_over_seven of the strip's options at setup's pitches and at the board's, as read_rack gives them."""
    stops = np.zeros(len(seen.column), bool)
    learnt = comb_options(seen.column, seen.light, seen.p_lo, seen.p_hi, edge, seen.table_like, stops)
    return _over_seven(learnt, _board_comb(seen, stops))


def board_confirms(seen: _Columns, count: int, edge: float) -> bool:
    """_board_confirms of the strip's options at setup's pitches and at the board's, as read_rack gives them."""
    stops = np.zeros(len(seen.column), bool)
    learnt = comb_options(seen.column, seen.light, seen.p_lo, seen.p_hi, edge, seen.table_like, stops)
    return _board_confirms(learnt, _board_comb(seen, stops), count, seen.filled)


def test_a_learnt_rack_whose_every_reading_is_over_seven_is_counted_by_its_seams():
    # eight and nine both fit setup's pitches, and the board's: nine's seams (3.95 L through the
    # profile's blur, short of SEAM_MIN: unsure for comb_count) are 3 L darker than eight's
    seen = nine_in_one_run(5.1, (14.0, 16.0), (13.6, 16.7))
    assert comb_count(seen.column, seen.light, 14.0, 16.0, 1.4) == (9, False)
    assert over_seven(seen, 1.4) == 9
    # the board's narrowest pitches also make ten (seams 1.1 L): nine is still 3 L darker than the
    # other total setup's pitches allow, and the darkest of all
    assert over_seven(nine_in_one_run(5.1, (14.0, 16.0), (13.0, 16.7)), 1.4) == 9
    # no seam shows: over seven, but not which count
    assert over_seven(nine_in_one_run(0.0, (14.0, 16.0), (13.0, 16.7)), 1.4) is None
    # pitches that also make the run seven tiles, at setup's or at the board's: never
    assert over_seven(nine_in_one_run(5.1, (14.0, 18.0), (13.0, 16.7)), 1.4) is None
    assert over_seven(nine_in_one_run(5.1, (14.0, 16.0), (13.0, 18.0)), 1.4) is None


def test_an_overdraw_setups_pitches_alone_chose_is_confirmed_only_by_a_sure_reading_at_the_boards():
    # seven dark tiles and the groove's shade between them in one flat run of 127 px (dev seed
    # 9910264 p2): setup's pitches (16.3-17.0 px) make it eight only; the board's make 8, 9 or 10,
    # no seam deciding: not confirmed
    flat = nine_in_one_run(0.0, (16.33, 17.0), (13.0, 16.67))
    assert comb_count(flat.column, flat.light, 16.33, 17.0, 1.67) == (8, True)
    assert comb_count(flat.column, flat.light, 13.0, 16.67, None)[1] is False
    assert not board_confirms(flat, 8, 1.67)
    # nine tiles, seams 3 L (through the blur 2.3): setup's narrow pitches make nine only, the
    # board's leave it open: not confirmed; seams 6 L: the board's read nine surely, confirmed
    assert not board_confirms(nine_in_one_run(3.0, (13.6, 14.4), (13.0, 16.7)), 9, 1.4)
    deep = nine_in_one_run(6.0, (13.6, 14.4), (13.0, 16.7))
    assert comb_count(deep.column, deep.light, 13.0, 16.7, None) == (9, True)
    assert board_confirms(deep, 9, 1.4)
    assert not board_confirms(deep, 8, 1.4)
    # setup's pitches allowing eight and nine weighed the seams already (dev seed 9910886 p1):
    # the board's darkest seams naming the same count confirm it
    assert board_confirms(nine_in_one_run(3.0, (14.0, 16.0), (13.0, 16.7)), 9, 1.4)


def test_an_over_seven_split_needs_most_of_its_seams_to_show_and_whole_runs():
    # the strip of dev seed 9911047 p2 (first seed 9910300), as read without setup's pitches: seven
    # navy tiles, five 2-4 px apart in one run (22-111, the gaps dark and of tile colour), two alone
    light = np.array([61, 62, 63, 63, 63, 62, 63, 63, 62, 66, 70, 68, 70, 70, 68, 71, 68, 69, 68, 69, 69, 68, 55, 51,
                      49, 50, 53, 50, 51, 51, 50, 50, 51, 50, 50, 49, 47, 33, 35, 39, 45, 60, 50, 48, 50, 48, 50, 51,
                      49, 49, 52, 50, 51, 51, 52, 52, 40, 37, 38, 46, 50, 50, 50, 52, 52, 52, 50, 50, 51, 53, 50, 53,
                      49, 42, 34, 42, 38, 49, 52, 50, 51, 51, 50, 54, 49, 50, 52, 50, 51, 52, 52, 36, 36, 52, 53, 47,
                      51, 51, 52, 50, 50, 50, 50, 50, 52, 52, 52, 51, 52, 39, 44, 70, 70, 71, 71, 71, 62, 47, 51, 49,
                      50, 52, 52, 50, 52, 51, 54, 50, 54, 54, 50, 44, 56, 69, 72, 71, 72, 62, 48, 56, 54, 54, 54, 56,
                      53, 54, 52, 53, 54, 50, 52, 54, 53, 57, 72, 71, 72, 66, 61, 65, 65], np.float32)
    column = np.zeros(len(light), bool)
    column[22:111] = column[117:132] = column[138:154] = True
    comb = comb_options(column, light, 13.0, 16.67, None)
    assert comb_count(column, light, 13.0, 16.67, None) == (9, True)  # the seams' mean decides nine
    assert not seams_show(comb, 9)  # ... but three of its six seams are flat: the gaps made the mean
    # seven tiles pushed together, a seam 6 L dark between each two: every seam shows
    together = np.zeros(160, bool)
    together[20:125] = True
    seams = np.full(160, 50.0)
    seams[[34, 49, 64, 79, 94, 109]] = 44.0
    assert seams_show(comb_options(together, seams, 13.0, 16.7, None), 7)
    # a run of specks (a column in two missing): not whole; one column missing from a tile's top is
    specks = np.zeros(160, bool)
    specks[[100, 101, 103, 105, 106, 108]] = True
    assert not runs_whole(specks, [(100, 109)])
    assert runs_whole(np.delete(np.ones(15, bool), 7), [(0, 14)])
