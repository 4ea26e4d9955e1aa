"""The perspective view's quicker paths give the numbers of the plain ones they stand for."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.locate import _gray, _rectified_cells, _skews, _view_cells, _work_images
from vision.locate_perspective import VP_COHERENT, VP_POINTS, edge_pixels, rectifier


def _whole_image_edges(jxx: np.ndarray, jyy: np.ndarray, jxy: np.ndarray,
                       rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """edge_pixels as round 25 wrote it: the coherence worked out over the whole image."""
    trace = jxx + jyy
    diff = jxx - jyy
    sample = trace[::4, ::4].ravel()
    strong = np.partition(sample, int(sample.size * 0.9))[int(sample.size * 0.9)]
    ys, xs = np.nonzero((trace > strong) & (diff * diff + 4 * jxy * jxy > VP_COHERENT * trace * trace))
    pick = rng.permutation(len(xs))[:VP_POINTS]
    xs, ys = xs[pick], ys[pick]
    return ys, xs, 0.5 * np.arctan2(2 * jxy[ys, xs], diff[ys, xs])


def _tensor(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    return cv2.boxFilter(gx * gx, -1, (5, 5)), cv2.boxFilter(gy * gy, -1, (5, 5)), cv2.boxFilter(gx * gy, -1, (5, 5))


def _tilted_frame() -> np.ndarray:
    """A rendered board, small and tilted: one the plain search hands to the perspective view."""
    from tests.test_vision_locate import BOARD
    from vision.synth.frames import FrameOptions, render_frame
    return render_frame(BOARD, seed=5252, options=replace(FrameOptions.clean(), tilt_deg=24.0, board_fill=0.5)).image


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_edge_pixels_are_those_of_the_whole_images_coherence(seed):
    """edge_pixels works out the coherence of the strong pixels alone: the very pixels, in the very
    order, and normals of the whole image's (round 25's), and the random stream left where it was, on
    noise, on blocks with ties in the tensor, and on a rendered frame's work image."""
    rng = np.random.default_rng(seed)
    noise = cv2.GaussianBlur((rng.random((240, 320)) * 255).astype(np.uint8), (0, 0), 1.5)
    blocks = np.kron(rng.integers(0, 4, (12, 16)) * 60, np.ones((20, 20))).astype(np.uint8)
    frames = [noise, blocks] + ([_work_images(_tilted_frame())[1]] if seed == 0 else [])
    for gray in frames:
        tensor = _tensor(gray)
        ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
        got, want = edge_pixels(*tensor, ours), _whole_image_edges(*tensor, theirs)
        assert len(want[0]) > 100
        for a, b in zip(got, want):
            assert a.dtype == b.dtype and np.array_equal(a, b)
        assert ours.integers(0, 1 << 30) == theirs.integers(0, 1 << 30)


def test_the_perspective_view_warped_in_four_channels_gives_the_lattices_of_three():
    """_rectified_cells warps its view in four channels: the lattices, their cells' colours and
    transforms are those of the view warped in three (as round 25 drew it), on a board the view is
    drawn for."""
    frame = _tilted_frame()
    small, gray, scale = _work_images(frame)
    found = rectifier(gray)
    assert found is not None
    got = _rectified_cells(frame, scale, gray, found)
    assert got  # a view was drawn and has lattices
    # round 25's view, in three channels (the same source, transform and flags as _rectified_cells)
    size = max(gray.shape)
    local = abs(np.linalg.det(found.to_view[:2, :2])) ** 0.5 * scale
    source_scale = min(1.0, max(scale, 1.5 * local))
    source = frame if source_scale >= 1.0 else cv2.resize(
        frame, (round(frame.shape[1] * source_scale), round(frame.shape[0] * source_scale)), interpolation=cv2.INTER_AREA)
    from_source = found.to_view @ np.diag([scale / source_scale, scale / source_scale, 1.0])
    view = cv2.warpPerspective(source, from_source, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inside = cv2.warpPerspective(np.ones(source.shape[:2], np.uint8), from_source, (size, size), flags=cv2.INTER_NEAREST) > 0
    view_gray = _gray(view)
    want = [cells for skew in _skews(view_gray)[:1]
            for cells in _view_cells(view, inside, skew, found.to_view, gray=view_gray)]
    assert len(got) == len(want)
    for (a, back_a), (b, back_b) in zip(got, want):
        assert np.array_equal(back_a, back_b) and a.size == b.size
        for field in ("means", "seen", "left", "top"):
            assert np.array_equal(getattr(a, field), getattr(b, field))
