"""A rack learnt by its tiles' tops (vision.rack_tops) is read back at setup as the kiosk will read
it: the few columns of the rack's slanted, blurred end that match neither colour learnt are no hand
over the rack. Dev seed 7660057 p2 (h-rklearn's range): seven cream tiles on a classic wooden rack
on a table of their colour, "not seen" by their colour; their tops were learnt, but the frame they
were learnt from read "something covers the rack" (three columns at the rack's end), so setup learnt
nothing and the rack read 0 with 3-6 tiles on it."""
from __future__ import annotations

import numpy as np

from vision.rack_tops import _ends_open
from vision.racks import _blocked_columns

from tests.test_rack_tops import _learnt, _read, _scene


def test_a_rack_learnt_by_its_tops_reads_its_own_setup_frame_and_counts_its_tiles():
    learnt = _learnt(7660057, "p2")
    assert learnt.profile is not None and learnt.profile.tops is not None
    for tiles in (3, 6, 8):
        assert _read(_scene(7660057, tiles), "p2", learnt.profile).count == tiles


def test_foreign_columns_at_the_racks_end_count_only_as_wide_as_a_hand():
    foreign = np.zeros(120, bool)
    foreign[:3] = True  # the rack's slanted end
    assert not _blocked_columns(_ends_open(foreign)[None]).any()
    foreign[-9:] = True  # a hand over the rack's other end, 0.6 tile wide
    assert _blocked_columns(_ends_open(foreign)[None]).sum() >= 9


def test_a_rack_whose_bare_ends_passed_for_seven_tiles_is_learnt_by_its_tiles():
    # dev seed 7660309 p1: seven ivory tiles on a black pro rack, a light table; the tops learning took the
    # rack's two bare ends for seven tiles at the lowest pitch and the tiles for the groove (four
    # tiles then read as 10), and TILE_SIDE refused it. The table's three columns past the rack's turned
    # end (rack_tops.band_span) left out, the ivory tiles are learnt as the tiles (the light side): four
    # are never read over seven, eight and nine read right
    profile = _learnt(7660309, "p1").profile
    assert profile is not None and profile.tops is not None
    assert sum(profile.tops.tile[::3]) > sum(profile.tops.groove[::3])  # L down the band: the tiles lighter
    # (four read unknown until round 25; with the table past the rack's end trimmed, rack_tops._table_trimmed, 4)
    assert _read(_scene(7660309, 4), "p1", profile).count in (None, 4)
    assert _read(_scene(7660309, 8), "p1", profile).count == 8
