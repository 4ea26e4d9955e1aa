"""Round 24's speed-only helpers of rack counting (issue 18): each gives what it replaces to the bit, so
every count, face-down count and reason stays what it was."""
import numpy as np

from vision import rack_face_down
from vision.rack_counter import _same
from vision.rack_face_down import _REWEIGHT, _down_planes, _ends
from vision.racks import channel_planes, weight_lab


def test_down_planes_are_the_weighted_planes_reweighted_to_the_bit():
    rng = np.random.default_rng(2401)
    for shape in ((1, 1), (47, 75), (94, 75), (8, 8), (3, 200)):
        lab8 = rng.integers(0, 256, (*shape, 3)).astype(np.uint8)
        want = channel_planes(weight_lab(lab8))
        want[0] *= _REWEIGHT[0]
        got = _down_planes(lab8)
        assert got.dtype == want.dtype and got.flags["C_CONTIGUOUS"]
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32))  # the same bits, not only equal values
        # both ends' planes at once, then each end's rows: each end's own planes
        assert np.array_equal(_down_planes(lab8)[:, : shape[0] // 2], _down_planes(lab8[: shape[0] // 2]))


def test_same_says_yes_only_where_the_arrays_are_equal():
    rng = np.random.default_rng(2402)
    for _ in range(500):
        kept = rng.uniform(-1000, 1000, (4, 2)).astype(np.float32)
        assert _same(kept, kept.copy())
        moved = kept.copy()
        moved[rng.integers(4), rng.integers(2)] = np.nextafter(moved[0, 0], np.float32(np.inf))
        assert _same(kept, moved) == bool(np.array_equal(kept, moved))
        assert not _same(kept, kept.astype(np.float64))  # another dtype: made again (alike)
        assert not _same(kept, kept[:3])
    # equal values, other bits: said "not the same", and what was kept is made again from equal values
    assert not _same(np.zeros((4, 2), np.float32), -np.zeros((4, 2), np.float32))


def test_each_ends_geometry_says_whether_its_patch_lies_wholly_in_the_frame():
    rack_face_down._ENDS.clear()
    corners = np.array([[300, 200], [700, 200], [700, 600], [300, 600]], np.float32)
    for zone in (np.array([[330, 640], [670, 640], [670, 700], [330, 700]], np.float32),   # in the frame
                 np.array([[40, 640], [380, 640], [380, 700], [40, 700]], np.float32),     # its left end beyond
                 np.array([[330, 950], [670, 950], [670, 998], [330, 998]], np.float32)):  # its table beyond
        for end in _ends((1000, 1000), zone, 27.0, corners):
            assert end.whole == bool(end.inside.all())
            assert end.table_px is (end.free if end.free.any() else None)
    ends = _ends((1000, 1000), np.array([[40, 640], [380, 640], [380, 700], [40, 700]], np.float32), 27.0, corners)
    assert not ends[0].whole and ends[1].whole
    rack_face_down._ENDS.clear()
