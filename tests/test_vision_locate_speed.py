"""Location's quicker paths give the numbers of the plain ones they stand for."""
from __future__ import annotations

import numpy as np

from vision.locate import REFINE_CELL, _fit_combs, _line_responses, _view_responses


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
