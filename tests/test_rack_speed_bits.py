"""Round 21's speed-only helpers of rack counting (issue 18): each gives numpy's own result to the bit,
so every count and reason stays what it was."""
import numpy as np

from vision.rack_comb import _mean
from vision.racks import channel_planes, colour_gap, lab_distance, lab_norm, weight_lab


def test_mean_of_a_list_is_numpys_to_the_bit():
    # seam_dip's means (2 sides a seam, up to a dozen seams a run): numpy's sum runs on under 8
    # values and pairs 8 running sums from 8 on; over 128 it is numpy's own
    rng = np.random.default_rng(21)
    for n in list(range(1, 40)) + [64, 127, 128, 129, 300]:
        for _ in range(50):
            values = (rng.normal(0, 30, n) * rng.choice([1e-3, 1.0, 1e3], n)).tolist()
            assert _mean(values) == float(np.mean(values))
    assert _mean([-0.0, -0.0]) == float(np.mean([-0.0, -0.0]))


def test_colour_gap_is_the_norm_of_the_difference_to_the_bit():
    rng = np.random.default_rng(22)
    for dtype in (np.float32, np.float64):
        for _ in range(500):
            a = (rng.uniform(0, 255, 3) * rng.choice([1e-3, 1.0])).astype(dtype)
            b = rng.uniform(0, 255, 3).astype(np.float32)
            assert colour_gap(a, b) == float(np.linalg.norm(a - b))


def test_distance_on_a_part_of_the_planes_is_lab_norms_on_that_part():
    # table_crossed weighs both side strips at once and takes each side's distance on its columns
    # of the planes (not contiguous rows)
    rng = np.random.default_rng(23)
    lab = weight_lab(rng.integers(0, 256, (7, 290, 3)).astype(np.uint8))
    planes, colour = channel_planes(lab), np.array([51.1, 127.4, 131.9], np.float32)
    for part in (slice(0, 140), slice(140, 290)):
        assert np.array_equal(lab_distance(planes[..., part], colour), lab_norm(lab[:, part] - colour))
