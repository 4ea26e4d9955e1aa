"""A rack never learnt (setup failed) is read without a profile in a live game: it must never read a sure 0 where
tiles stand. Dev seed 8060102 p2 (the lead's round-25 follow run): nine wood tiles on a wood-classic rack, lit
halfway between the board's tiles and the rack, found in no band of the board tiles' colour on 3 of 12 noise
draws and read as a sure 0 (vision.racks._tiles_in_shade)."""
from __future__ import annotations

import cv2
import numpy as np

from tests.rack_reading import standing
from vision.rack_bench import FOLLOW_NOISE, TOLERANCE, board_tile_lab, square
from vision.racks import _tiles_in_shade, read_rack, weight_lab


def _noisy_reads(seed: int, rack: str, p1: int, p2: int, draws: int) -> list[int | None]:
    """The rack's counts read without a profile on `draws` frames of the scene, each with fresh sensor noise (as
    vision.rack_bench's follow part draws it)."""
    scene = standing(seed, p1, p2)
    zone, lab = scene.zones[rack], board_tile_lab(scene)
    noise = np.random.default_rng([seed, 1])
    reads = []
    for _ in range(draws):
        frame = np.clip(scene.image + noise.normal(0, FOLLOW_NOISE, scene.image.shape), 0, 255).astype(np.uint8)
        reads.append(read_rack(frame, zone, square(scene, zone), lab, TOLERANCE).count)
    return reads


def test_nine_tiles_on_a_rack_not_learnt_never_read_as_a_sure_0():
    reads = _noisy_reads(8060102, "p2", 1, 9, 12)
    assert 0 not in reads  # the start tree: 0 on draws 2, 5 and 10
    assert reads.count(9) >= 9  # the draws that found the band still read the nine


def test_an_empty_strip_shows_no_tiles_in_shade():
    # a strip of rack colour only, with table around it: nothing of any shade of the tiles' colour
    strip = np.full((30, 150, 3), (40, 60, 90), np.uint8)  # BGR: a brown rack
    strip[:3] = strip[-3:] = strip[:, :3] = strip[:, -3:] = (60, 120, 60)  # a green table around
    lab8 = cv2.cvtColor(strip, cv2.COLOR_BGR2LAB)
    assert not _tiles_in_shade(weight_lab(lab8), lab8, np.array([204.0, 125.0, 139.0], np.float32), TOLERANCE, 10.0)
