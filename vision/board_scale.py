"""How large the board's squares are in the frame, and where the board's plane goes: the one
measure the reader, the rack counter and the rack setup size their work by, and the one
homography they carry the board's plane to the racks by."""
from __future__ import annotations

import cv2
import numpy as np

GRID = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float32)  # the playing area's corners, in squares


def square_px(corners: np.ndarray) -> float:
    """A board square's side in the frame, from the playing area's corners (the mean of its
    four sides over 15 squares)."""
    c = np.asarray(corners, np.float32).reshape(4, 2)
    return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)])) / 15


def grid_to_frame(corners: np.ndarray) -> np.ndarray:
    """3x3 homography from the board's plane in squares (the playing area 0-15 each way, its
    corners in the frame order of `corners`) to frame px; the table around the board lies on
    that plane too."""
    return cv2.getPerspectiveTransform(GRID, np.asarray(corners, np.float32).reshape(4, 2))
