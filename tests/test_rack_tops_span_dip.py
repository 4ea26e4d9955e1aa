"""A rack learnt by its tiles' tops whose body, in a later frame, dips a row under RACK_COLUMN of the most rows off
the table for a few columns (helper rkcatch, round 23; dev seed 8001031 p2: the rack's shadow on the table below its
right half makes those columns the tallest, its left half stands 19-26 rows of 32). rack_tops.rack_span took the
longest stretch over the share and cut the rack's left 36 columns off at such a dip: nine and eight ivory tiles on a
wood-classic rack were read surely as 6. The dip, still well off the table, no longer cuts the span."""
from __future__ import annotations

import numpy as np

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.rack_tops import RACK_COLUMN, RACK_DIP, SPAN_TRIM, rack_span

SHADOWED = 8001031  # p2: ivory tiles on a wood-classic rack, the rack's shadow under its right half


def body(shares: list[int], rows: int = 32) -> np.ndarray:
    """An off_table mask whose columns have the given numbers of rows off the table, from the top."""
    return np.array([[r < n for n in shares] for r in range(rows)], bool)


def test_dip_inside_the_body_does_not_cut_the_span():
    top = 32
    dip = int(np.ceil(RACK_DIP * top))  # over RACK_DIP, under RACK_COLUMN
    assert dip < RACK_COLUMN * top
    shares = [0] * 5 + [22] * 30 + [dip] * 3 + [22] * 10 + [top] * 60 + [0] * 5
    span = rack_span(body(shares))
    assert span == slice(5 + SPAN_TRIM, 108 - SPAN_TRIM)  # start tree: slice(40, 106), the left part cut


def test_table_between_still_cuts_the_span():
    shares = [0] * 5 + [22] * 20 + [1] * 3 + [30] * 70 + [0] * 5  # three columns of table: something else beside
    assert rack_span(body(shares)) == slice(28 + SPAN_TRIM, 98 - SPAN_TRIM)


def test_nine_and_eight_not_read_as_six():
    learnt = learnt_at_setup(standing(SHADOWED, 7, 7), "p2").profile
    assert learnt is not None and learnt.tops is not None
    # the start tree read both surely as 6 (the harness's draws, dev seed 8001031 with 8 and 9, 9 and 8); now each is an
    # overdraw or not seen, never a count under eight
    for other, draw in ((8, 9), (9, 8)):
        count = count_read(standing(SHADOWED, other, draw), "p2", learnt)
        assert count is None or count > 7, (other, draw, count)
