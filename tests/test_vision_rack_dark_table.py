"""On a dark table a fifth of its lightness is the noise of the player's side strip, no shadow: a dip must take
SHADE_FLOOR L off the lit table too before it is a hand's shade (vision.racks._shaded, table_crossed). Dev seed
8020175 p1 (vision.rack_bench's dev range 8020000, round 24): maroon tiles on a dark club-wood rack, a table of
L 18-34, no hand; the start tree read its setup frame "a hand or arm reaches over the rack" (dips of 6-7 L,
0.23-0.26 of the table's) and never learnt the rack."""
from __future__ import annotations

import numpy as np

from tests.rack_reading import count_read, learnt_at_setup, standing
from vision.racks import SHADE_DIP, SHADE_FLOOR, _shaded, rack_square_px, table_crossed

SEED = 8020175


def test_a_dark_table_with_no_hand_is_not_crossed_and_the_rack_is_learnt():
    setup = standing(SEED, 7, 7)
    zone = setup.zones["p1"]
    assert not table_crossed(setup.image, zone, rack_square_px(setup.board_corners, zone))  # the start tree: crossed
    learnt = learnt_at_setup(setup, "p1")
    assert learnt.profile is not None
    assert [count_read(standing(SEED, n, 3), "p1", learnt.profile) for n in (8, 6)] == [8, 6]


def test_a_dip_is_shaded_when_deep_enough_in_share_and_in_lightness():
    n, off = 200, np.zeros(200, bool)
    for table, depth, shaded in ((25.0, 7.0, False), (25.0, 12.0, True), (100.0, 100.0 * SHADE_DIP + 5, True),
                                 (40.0, SHADE_FLOOR - 1, False)):
        light = np.full(n, table)
        light[90:100] = table - depth
        assert _shaded(light, off, SHADE_FLOOR)[90:100].all() == shaded
        assert not _shaded(light, off, SHADE_FLOOR)[:90].any()
