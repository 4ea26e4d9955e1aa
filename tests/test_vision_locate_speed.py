"""Location's quicker paths give the numbers of the plain ones they stand for."""
from __future__ import annotations

import cv2
import numpy as np

from vision.locate import REFINE_CELL, _finer, _fit_combs, _gray, _line_responses, _view_responses, _view_source


def test_view_responses_are_the_line_responses_on_the_lines():
    """_view_responses gathers each line and its neighbours in one step: the very numbers of the
    whole view's _line_responses taken on the grid's 16 lines and 15 mid-gaps."""
    rng = np.random.default_rng(7)
    cell = margin = REFINE_CELL
    size = 15 * cell + 2 * margin
    view = (rng.random((size, size)) * 255).astype(np.float32)
    lines = np.concatenate([margin + np.arange(16) * cell, margin + np.arange(15) * cell + cell // 2])
    got = _view_responses(view, margin, cell)
    for r in (2, 3):
        (vertical,) = _line_responses(view, 1, ((r,),))
        (horizontal,) = _line_responses(view, 0, ((r,),))
        assert np.array_equal(got[1, r], vertical[:, lines].T)
        assert np.array_equal(got[0, r], horizontal[lines])


def test_combs_fitted_together_are_those_fitted_one_by_one():
    """_fit_combs lays the profiles side by side; each profile's combs are those it gets alone, and
    a profile of 16 evenly spaced lines gets its spacing first."""
    rng = np.random.default_rng(11)
    n = 320
    lines = np.zeros(n)
    lines[np.round(31.0 + np.arange(16) * 17.25).astype(int)] = 50.0
    profiles = [np.convolve(lines + rng.random(n) * 5, [0.25, 0.5, 0.25], mode="same")]
    profiles += [np.convolve(rng.random(n) * 40, [0.25, 0.5, 0.25], mode="same") for _ in range(3)]
    together = _fit_combs(profiles, keep=3)
    assert together == [_fit_combs([profile], keep=3)[0] for profile in profiles]
    offset, spacing, _ = together[0][0]
    assert abs(spacing - 17.25) <= 0.25 and abs(offset - 31.0) <= 1.0


def _textured_frame(seed: int, h: int, w: int) -> np.ndarray:
    """A colour frame with a fine grid of dark lines over smooth noise (lines a shrink can blur)."""
    rng = np.random.default_rng(seed)
    noise = cv2.GaussianBlur((rng.random((h, w, 3)) * 255).astype(np.float32), (0, 0), 3)
    frame = cv2.normalize(noise, None, 40, 220, cv2.NORM_MINMAX).astype(np.uint8)
    frame[:, ::23] //= 3
    frame[::23] //= 3
    return frame


def test_view_drawn_from_the_part_shown_is_the_view_from_the_whole_frame():
    """_view_source shrinks only the part of the frame a view shows: the grey view drawn from it
    is the one drawn from the whole frame's grey shrunk at the same scale (up to the shrink's
    sampling grid, a fraction of a source pixel), the same pixels count as inside the frame;
    and a view reaching the horizon is drawn from the whole frame."""
    frame = _textured_frame(3, 1500, 2000)
    full_gray = _gray(frame)
    size, scale, source_scale = 640, 0.32, 0.7
    # a view zooming in (2.5 times the work scale) on a part of the frame, turned and tilted a little
    turn = cv2.getRotationMatrix2D((320.0, 240.0), 8.0, 2.5)
    to_view = np.vstack([turn, [0.0, 0.0, 1.0]]) @ np.array([[1.0, 0.05, 0.0], [0.0, 1.0, 0.0], [1e-4, 0.0, 1.0]])
    frame_to_view = to_view @ np.diag([scale, scale, 1.0])
    colour, grey, from_source = _view_source(frame, full_gray, frame_to_view, size, source_scale)
    assert grey.shape[0] < 0.8 * round(1500 * source_scale)  # only a part was shrunk
    whole = cv2.resize(full_gray, (round(2000 * source_scale), round(1500 * source_scale)), interpolation=cv2.INTER_AREA)
    from_whole = frame_to_view @ np.diag([1 / source_scale, 1 / source_scale, 1.0])

    def drawn(image: np.ndarray, transform: np.ndarray) -> np.ndarray:
        view = cv2.warpPerspective(image, transform, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        # smoothed over a pixel or two: the two shrinks sample the 1 px lines at other phases
        # (up to 36 levels apart at a line's edge), the same picture in the same place
        return cv2.GaussianBlur(view.astype(np.float32), (0, 0), 1.5)
    part_view, whole_view = drawn(grey, from_source), drawn(whole, from_whole)
    difference = np.abs(part_view - whole_view)
    assert float(difference.mean()) < 0.6 and float(np.percentile(difference, 99)) < 3
    shifted = np.abs(np.roll(part_view, 1, axis=1) - whole_view)  # a view a pixel off differs far more
    assert float(shifted.mean()) > 4 * float(difference.mean())
    inside_part = cv2.warpPerspective(np.ones(grey.shape, np.uint8), from_source, (size, size), flags=cv2.INTER_NEAREST)
    inside_whole = cv2.warpPerspective(np.ones(whole.shape, np.uint8), from_whole, (size, size), flags=cv2.INTER_NEAREST)
    assert float(np.mean(inside_part != inside_whole)) < 0.002
    assert colour.shape[:2] == grey.shape
    horizon = frame_to_view @ np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 2e-3, 1.0]])  # y = 500 goes to infinity
    _, grey_all, _ = _view_source(frame, full_gray, horizon, size, source_scale)
    assert grey_all.shape == whole.shape
    _, grey_all, _ = _view_source(frame, full_gray, np.zeros((3, 3)), size, source_scale)  # no view at all
    assert grey_all.shape == whole.shape


def test_finer_grey_is_the_grey_of_the_finer_colour():
    """_finer shrinks the frame's grey, not its colour: the grey differs from the grey of the
    colour shrunk in one INTER_AREA step (the finer scale as it was drawn) by rounding only."""
    frame = _textured_frame(5, 1500, 2000)
    colour, grey, fine = _finer(frame, _gray(frame), 0.32)
    assert fine == 0.64 and grey.shape == colour.shape[:2] == (960, 1280)
    by_colour = _gray(cv2.resize(frame, (1280, 960), interpolation=cv2.INTER_AREA))
    difference = np.abs(grey.astype(np.int16) - by_colour)
    assert int(difference.max()) <= 2 and float(difference.mean()) < 0.5
