"""How large the board's squares are in the frame: the one measure the reader, the rack counter
and the rack setup size their work by."""
from __future__ import annotations

import numpy as np


def square_px(corners: np.ndarray) -> float:
    """A board square's side in the frame, from the playing area's corners (the mean of its
    four sides over 15 squares)."""
    c = np.asarray(corners, np.float32).reshape(4, 2)
    return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)])) / 15
