"""A hand the table's colour crossing the player's side of a rack (vision.racks.table_crossed, _shaded): no
colour tells it from the table, but it or its shadow is darker than the lit table on both sides of it. Dev seed
7960226 p1 as vision.rack_bench draws it: a hand from the player's side over a club-wood rack on a wooden table
hid its one tile, read 0 before (an underdraw question for a rack holding its tiles)."""
from __future__ import annotations

import numpy as np

from vision.rack_bench import TOLERANCE, board_tile_lab, setup_profiles, square
from vision.racks import SHADE_DIP, _shaded, read_rack, table_crossed
from vision.synth.racks import RackSceneOptions, render_rack_scene

SEED, COUNTS = 7960226, {"p1": 1, "p2": 2}


def _scene(hand: str):
    return render_rack_scene(SEED, options=RackSceneOptions(counts=COUNTS, hand=hand, half_out="", face_down={}))


def test_a_hand_the_tables_colour_over_the_players_side_makes_the_rack_unknown():
    learnt = setup_profiles(SEED, 1000, True)["p1"]
    assert learnt.profile is not None
    for hand, count in (("p1", None), ("", 1)):  # the same rack without the hand is counted
        scene = _scene(hand)
        zone = scene.zones["p1"]
        reading = read_rack(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE, learnt.profile)
        assert reading.count == count
        assert reading.blocked == (hand == "p1")
        assert table_crossed(scene.image, zone, square(scene, zone)) == (hand == "p1")


def test_a_dip_between_lit_table_is_shaded_the_light_along_the_strip_is_not():
    n = 200
    off = np.zeros(n, bool)
    flat = np.full(n, 100.0)
    shadow = flat.copy()
    shadow[90:100] = 100.0 * (1 - SHADE_DIP) - 5
    assert _shaded(shadow, off)[90:100].all() and not _shaded(shadow, off)[:90].any()
    # the table's light falling along the strip (dev seed 7960044 p1: L 38 to 116 over 200 columns)
    assert not _shaded(np.linspace(38.0, 116.0, n), off).any()
    # a dark end has lit table on one side only
    end = flat.copy()
    end[:10] = 60.0
    assert not _shaded(end, off).any()
    # columns off the table's colour (a sheet of paper) light nothing: no dip beside them
    paper = flat.copy()
    paper[100:120] = 200.0
    assert not _shaded(paper, (np.arange(n) >= 100) & (np.arange(n) < 120)).any()
