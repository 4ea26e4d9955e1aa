"""The table's light falling along a rack is no hand (vision.racks.table_crossed, _light_at_ends):
dev seed 7830569 p1, navy tiles on a pro rack on a green table whose light falls from L 142 to 95 along
the player's side; its lighter end was "not table" over 25 columns, every frame read "a hand or arm
reaches over the rack" and setup never learnt the rack. A hand whose run reaches the strip's end is
still a hand."""
from __future__ import annotations

from vision.rack_bench import TOLERANCE, board_tile_lab, read_as_kiosk, setup_profiles, square
from vision.racks import table_crossed
from vision.synth.racks import RackSceneOptions, render_rack_scene

LIGHT_SEED = 7830569


def _scene(seed: int, counts: dict[str, int], hand: str = ""):
    return render_rack_scene(seed, size=1000,
                             options=RackSceneOptions(counts=counts, hand=hand, half_out="", face_down={}))


def test_the_light_falling_along_the_players_side_is_not_crossed():
    scene = _scene(LIGHT_SEED, {"p1": 7, "p2": 7})
    zone = scene.zones["p1"]
    assert not table_crossed(scene.image, zone, square(scene, zone))


def test_the_rack_under_that_light_is_learnt_and_counted():
    learnt = setup_profiles(LIGHT_SEED, 1000, True)["p1"]
    assert learnt is not None and learnt.profile is not None
    for n in (6, 8):
        scene = _scene(LIGHT_SEED, {"p1": n, "p2": 7})
        zone = scene.zones["p1"]
        assert read_as_kiosk(scene, "p1", square(scene, zone), board_tile_lab(scene), learnt).count == n


def test_a_hand_reaching_the_strips_end_still_crosses_it():
    # dev seed 7880275 p1 as the bench draws it (the hand over p2 covers p1 too): its run reaches the strip's end,
    # 19 from the light fitted along the rest (the nearest of the dev hands whose run reaches an end)
    scene = _scene(7880275, {"p1": 0, "p2": 1}, hand="p2")
    zone = scene.zones["p1"]
    assert scene.covered["p1"] >= 0.1
    assert table_crossed(scene.image, zone, square(scene, zone))
