"""Eight and nine navy tiles on learnt racks read over seven where the start tree left them "not clear enough to count"
(helper rk9, round 21; dev seeds 7901000-7902999, their navy and maroon scenes rendered with 8 and 9, 9 and 8, 7 and 6,
6 and 7 tiles): a rack learnt by its tiles' tops now weighs its seams in the light it was learnt in (rack_tops.band_light:
a dark band's brightest channel on the finer strip); a learnt rack whose seams at setup's pitches decide nothing takes
the board's pitches' count over seven where their seams decide it (racks._board_decides); and where every total is
over seven and the seams tie, the one total setup's pitches fit (racks._fits_alone)."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup, standing

BY_TOPS = 7901374  # p2: navy tiles on a wood-classic rack, learnt by their tops
BOARD_SEAMS = 7901694  # p1: nine navy tiles in one run, setup's pitch 12 % high (8 by fit), the board's seams 9
TIED = 7901948  # p1: nine navy tiles in one run, 9 and 8 tied by their seams, 9 fitting setup's pitches


def counts(seed: int, rack: str, tops: bool) -> list[int | None]:
    learnt = learnt_at_setup(standing(seed, 7, 7), rack).profile
    assert learnt is not None and (learnt.tops is not None) == tops
    draws = ((8, 9), (9, 8), (7, 6), (6, 7))
    return [count_read(standing(seed, *draw), rack, learnt) for draw in draws]


@pytest.mark.parametrize("seed, rack, tops, truth", [
    (BY_TOPS, "p2", True, [9, 8, 6, 7]),  # start tree: None, None, 6, 7
    (BOARD_SEAMS, "p1", False, [8, 9, 7, 6]),  # start tree: 8, None, 7, 6
    (TIED, "p1", False, [8, 9, 7, 6]),  # start tree: 8, None, 7, 6
])
def test_eight_and_nine_counted_six_and_seven_too(seed, rack, tops, truth):
    assert counts(seed, rack, tops) == truth
