"""A near-black table's grain is no hand's shadow (vision.racks._shaded, SHADE_FLOOR): on a table of L 15-36 a dip of
5-7 L levels is a fifth of its light (SHADE_DIP), and setup took it for a hand over the rack, which then was never
learnt and could not catch an overdraw all game (dev setup frames 8082000 p1, 8082092 p1 and p2, seven on each rack
with no hand). A hand over a rack on a dark table whose reading needs its shade seen takes more off (dev seed
8070004 p1: 4 tiles read 2 when it is missed, crossed up to a floor of 11.5)."""
from __future__ import annotations

import numpy as np

from vision.rack_bench import TOLERANCE, board_tile_lab, read_as_kiosk, setup_profiles, square
from vision.racks import SHADE_DIP, SHADE_FLOOR, _shaded, table_crossed
from vision.synth.racks import RackSceneOptions, render_rack_scene


def _scene(seed: int, counts: dict[str, int], hand: str = ""):
    return render_rack_scene(seed, size=1000, options=RackSceneOptions(counts=counts, hand=hand, half_out="",
                                                                        face_down={}))


def test_racks_on_a_near_black_table_are_learnt_at_setup_and_catch_an_overdraw():
    for seed in (8082000, 8082092):
        setup = _scene(seed, {"p1": 7, "p2": 7})
        for zone in setup.zones.values():
            assert not table_crossed(setup.image, zone, square(setup, zone))
        learnt = setup_profiles(seed, 1000, True)
        assert all(learnt[p].profile is not None for p in ("p1", "p2"))
        drawn = _scene(seed, {"p1": 8, "p2": 9})
        lab = board_tile_lab(drawn)
        assert {p: read_as_kiosk(drawn, p, square(drawn, z), lab, learnt[p]).count
                for p, z in drawn.zones.items()} == {"p1": 8, "p2": 9}


def test_a_hand_over_a_rack_on_a_dark_table_is_still_seen():
    # dev seed 8070004 as the bench draws its hands (four tiles on p1 under the hand): read 2 when the hand is missed
    scene = _scene(8070004, {"p1": 4, "p2": 2}, hand="p1")
    zone = scene.zones["p1"]
    assert table_crossed(scene.image, zone, square(scene, zone))
    learnt = setup_profiles(8070004, 1000, True)["p1"]
    assert read_as_kiosk(scene, "p1", square(scene, zone), board_tile_lab(scene), learnt).count is None


def test_a_dip_is_shaded_only_when_it_takes_both_a_share_and_the_floor_off():
    n, off = 200, np.zeros(200, bool)
    for table, dip in ((26.0, SHADE_FLOOR - 1), (26.0, SHADE_FLOOR + 1), (100.0, 100.0 * SHADE_DIP - 1),
                       (100.0, 100.0 * SHADE_DIP + 1)):
        light = np.full(n, table)
        light[90:100] = table - dip
        assert _shaded(light, off)[90:100].all() == (dip > SHADE_FLOOR and dip > SHADE_DIP * table)
        assert not _shaded(light, off)[:90].any()
