"""White tiles on a dark pro rack on a table the tiles' colour (round 17, h-rkwhite, issue 18): the
rack's bare end, where its lower edge crosses the band's two rows and the table shows under it, passed
for tiles' tops and made a rack of seven or fewer read as eight or nine (racks._rack_edge_over_table)."""
from __future__ import annotations

import numpy as np

from vision.racks import RACK_LIGHTNESS_WEIGHT, _rack_edge_over_table, counted
from vision.synth.racks import RackSceneOptions, render_rack_scene

from tests.test_rack_tops import _learnt, _read, _scene


def test_a_bare_rack_end_over_the_table_is_no_tile():
    # scene 10030613 as the bench drew it (first seed 10030350): seven on p2, read 9 before
    learnt = _learnt(10030613, "p2", by_tops=False)
    assert learnt.profile is not None
    scene = render_rack_scene(10030613, size=1000, options=RackSceneOptions(counts={"p1": 1, "p2": 7}, hand="",
                                                                            half_out="", face_down={}))
    assert counted(_read(scene, "p2", learnt.profile).count, learnt) == 7
    # five and six on the same rack were read 8 and 9; eight stays caught
    assert [counted(_read(_scene(10030613, n), "p2", learnt.profile).count, learnt) for n in (5, 6, 8)] == [5, 6, 8]


def test_only_long_stretches_far_from_the_tiles_light_are_the_racks_edge():
    tile = np.array([190 * RACK_LIGHTNESS_WEIGHT, 128, 128], np.float32)
    rack = np.array([47 * RACK_LIGHTNESS_WEIGHT, 128, 128], np.float32)
    light = np.full(120, 190.0, np.float32)
    light[20:23] = 100.0  # a seam between tiles pushed together: a few columns
    light[80:103] = 100.0  # the rack's bare end, 1.5 pitches
    edge = _rack_edge_over_table(light, tile, rack, 15.0)
    assert edge[80:103].all() and edge.sum() == 23
    # tiles as light as the rack: a half-lit column tells nothing
    assert not _rack_edge_over_table(light, tile, tile, 15.0).any()
