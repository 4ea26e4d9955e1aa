"""A rendered rack scene read as vision.rack_bench reads it, for the rack tests built on one seed: the scene
with given counts and nothing over the racks, what setup learns of a rack from its frame with seven tiles,
and the count read on a later frame."""
from __future__ import annotations

from vision.rack_bench import TOLERANCE, board_tile_lab
from vision.racks import Learnt, RackProfile, RackReading, learn_known, rack_square_px, read_rack
from vision.synth.racks import RackScene, RackSceneOptions, render_rack_scene


def standing(seed: int, p1: int, p2: int) -> RackScene:
    """The scene of `seed` (1000 px) with p1 and p2 tiles standing on the racks, no hand, nothing face down."""
    return render_rack_scene(seed, size=1000, options=RackSceneOptions(counts={"p1": p1, "p2": p2}, hand="",
                                                                       half_out="", face_down={}))


def with_hand(seed: int, counts: dict[str, int], rack: str) -> RackScene:
    """The scene of `seed` (1000 px) with `counts` tiles standing and a hand over `rack`, nothing face down."""
    return render_rack_scene(seed, size=1000, options=RackSceneOptions(counts=counts, hand=rack, half_out="",
                                                                       face_down={}))


def learnt_at_setup(setup: RackScene, rack: str) -> Learnt:
    """What setup learns of `rack` ("p1", "p2") from `setup`, a frame with seven tiles on it."""
    zone = setup.zones[rack]
    return learn_known(setup.image, zone, rack_square_px(setup.board_corners, zone), board_tile_lab(setup),
                       TOLERANCE, 7)


def reading(scene: RackScene, rack: str, profile: RackProfile | None) -> RackReading:
    """What read_rack makes of `rack` in `scene` with what setup learnt of it."""
    zone = scene.zones[rack]
    return read_rack(scene.image, zone, rack_square_px(scene.board_corners, zone), board_tile_lab(scene), TOLERANCE,
                     profile)


def count_read(scene: RackScene, rack: str, profile: RackProfile | None) -> int | None:
    """The count read_rack gives for `rack` in `scene` with what setup learnt of it (None: not seen)."""
    return reading(scene, rack, profile).count
