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


# Round 22's speed-only helpers (issue 18): the same bits as what they replace.

def test_pitch_steps_are_numpys_linspace_to_the_bit():
    from vision.rack_comb import PITCH_STEPS, pitch_steps
    rng = np.random.default_rng(24)
    for _ in range(3000):
        lo = float(rng.uniform(5, 40))
        hi = lo if rng.random() < 0.05 else lo * float(rng.uniform(1.0, 1.3))
        assert np.array_equal(pitch_steps(lo, hi), np.linspace(lo, hi, PITCH_STEPS))
        assert pitch_steps(lo, hi)[-1] == hi


def test_rows_near_a_marked_row_are_the_shifted_ors():
    # _band's rows under the rack's wall (within 4 rows above) and over its lip (within 8 rows below),
    # as the twelve shifted ORs it replaces had them, on strips of 1 to 60 rows
    from vision.racks import _rows_near
    rng = np.random.default_rng(25)
    for _ in range(3000):
        n = int(rng.integers(1, 61))
        marked = rng.random(n) < rng.random()
        under, over = np.zeros(n, bool), np.zeros(n, bool)
        for k in range(1, 5):
            under[k:] |= marked[:-k]
        for k in range(1, 9):
            over[:-k] |= marked[k:]
        near = _rows_near(marked, 4, 8)
        assert np.array_equal(near[0], under) and np.array_equal(near[1], over)


def test_seam_dip_on_the_list_is_what_it_was_on_the_array():
    # seam_dip's seams and sides taken from a list of the light: the same minimum and middles as the
    # round 21 code took from the array (np.floor/np.ceil, ndarray.min, its sides' middle two averaged
    # in float64), the same mean
    from vision.rack_comb import SEAM_SLACK, _mean, seam_dip

    def middle(side: np.ndarray) -> float:
        v = sorted(side.tolist())
        return float(v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2

    rng = np.random.default_rng(26)
    for _ in range(300):
        light = rng.uniform(20, 230, 150).astype(np.float32)
        a = int(rng.integers(0, 60))
        b = a + int(rng.integers(14, 90))
        n = int(rng.integers(1, 8))
        dips = []
        width = (b - a) / n
        for k in range(1, n):
            x = a + k * width
            seam = float(light[max(a, int(np.floor(x - SEAM_SLACK))):min(b, int(np.ceil(x + SEAM_SLACK)) + 1)].min())
            sides = [light[int(round(x - 0.7 * width)):int(round(x - 0.3 * width)) + 1],
                     light[int(round(x + 0.3 * width)):int(round(x + 0.7 * width)) + 1]]
            middles = [middle(side) for side in sides if len(side)]
            dips.append(_mean(middles) - seam if middles else 0.0)
        assert seam_dip(light, a, b, n) == ((_mean(dips), n - 1) if n > 1 else (0.0, 0))


def test_median_lab_of_one_image_and_of_two_together_is_numpys():
    # median_lab's cumulative histograms (each channel's counts after the channels before) searched per
    # channel, and table_crossed's union of two strips' histograms
    from vision.racks import _lab_histogram, _median_of, median_lab
    rng = np.random.default_rng(27)
    for _ in range(200):
        h, w = int(rng.integers(1, 12)), int(rng.integers(1, 40))
        lab8 = rng.integers(0, 256, (h, w, 3)).astype(np.uint8)
        other = rng.integers(0, 256, (h, int(rng.integers(1, 40)), 3)).astype(np.uint8)
        mask = rng.random((h, w)) < 0.6
        lab, other_lab = weight_lab(lab8), weight_lab(other)
        if mask.any():
            assert np.array_equal(median_lab(lab8, mask), np.median(lab[mask], axis=0))
        (one, n), (two, m) = _lab_histogram(lab8), _lab_histogram(other)
        both = np.concatenate([lab.reshape(-1, 3), other_lab.reshape(-1, 3)])
        assert np.array_equal(_median_of(one + two, n + m), np.median(both, axis=0))


# Round 23's (issue 18): the same bits as what they replace.

def test_shaded_is_its_definition_column_by_column():
    # _shaded's sliding maxima (one cv2.dilate) against the lit table's maximum within SHADE_REACH on each
    # side taken column by column, on strips shorter and longer than the reach, some columns off the table
    from vision.racks import PX_PER_TILE, SHADE_DIP, SHADE_FLOOR, SHADE_REACH, _shaded
    reach = int(SHADE_REACH * PX_PER_TILE)
    rng = np.random.default_rng(26)
    for _ in range(300):
        n = int(rng.integers(1, 4 * reach))
        light = rng.uniform(0, 255, n) * rng.choice([0.5, 1.0], n)
        off = rng.random(n) < rng.random() * 0.5
        lit = np.where(off, 0.0, light).astype(np.float32)
        expected = np.zeros(n, bool)
        for i in range(n):
            left = float(lit[max(0, i - reach):i].max(initial=0.0))
            right = float(lit[i + 1:i + 1 + reach].max(initial=0.0))
            table = np.float32(min(left, right))
            expected[i] = table > 0 and light[i] < min((1.0 - SHADE_DIP) * table, table - SHADE_FLOOR)
        assert np.array_equal(_shaded(light, off), expected)


def test_a_patch_said_inside_the_frame_has_no_px_outside_it():
    # rack_find._patch marks no px outside the frame when its corners are a px inside: check against every px
    from vision.rack_find import _inside_by_a_px
    rng = np.random.default_rng(27)
    said_inside = 0
    for _ in range(2000):
        turn, scale = rng.uniform(-0.3, 0.3), rng.uniform(0.5, 3.0)
        to_frame = np.array([[scale * np.cos(turn), -scale * np.sin(turn), rng.uniform(-50, 1000)],
                             [scale * np.sin(turn), scale * np.cos(turn), rng.uniform(-50, 750)]])
        size = (int(rng.integers(1, 300)), int(rng.integers(1, 60)))
        xs, ys = np.meshgrid(np.arange(size[0], dtype=np.float64), np.arange(size[1], dtype=np.float64))
        fx = to_frame[0, 0] * xs + to_frame[0, 1] * ys + to_frame[0, 2]
        fy = to_frame[1, 0] * xs + to_frame[1, 1] * ys + to_frame[1, 2]
        outside = ((fx < 0) | (fy < 0) | (fx > 999) | (fy > 749)).any()
        if _inside_by_a_px(to_frame, size, (1000, 750)):
            said_inside += 1
            assert not outside
        elif fx.min() > 2 and fy.min() > 2 and fx.max() < 997 and fy.max() < 747:
            raise AssertionError("a patch well inside the frame said not inside")
    assert said_inside > 500
