"""Rectified views drawn as `vision.locate._fit_view` draws them, for the line-fit tests: a plain grey board
with dark hairlines 2 px wide."""
from __future__ import annotations

import numpy as np

from vision.locate import REFINE_CELL


def hairline_view(shift: int, line_grey: float) -> np.ndarray:
    """A view of a board of grey 170 whose hairlines (grey `line_grey`) lie `shift` px right and down of where the
    view expects them; its margin is one cell."""
    cell = margin = REFINE_CELL
    size = 15 * cell + 2 * margin
    view = np.full((size, size), 170.0, np.float32)
    for k in range(16):
        at = margin + k * cell + shift
        view[:, at - 1:at + 1] = line_grey
        view[at - 1:at + 1, :] = line_grey
    return view
