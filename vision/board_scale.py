"""How large the board's squares are in the frame, and where the board's plane goes: the one
measure the reader, the rack counter and the rack setup size their work by, and the one
homography they carry the board's plane to the racks by."""
from __future__ import annotations

import cv2
import numpy as np

GRID = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float32)  # the playing area's corners, in squares
# a board whose far edge has squares under this many frame px is not read: not located (vision.locate), nor read at a
# club's configured corners (vision.reader, TOO_SMALL). The reader draws each square at 48 px (vision.cells.CELL), and
# from squares under a third of that the letters come out upsampled three times, blurred beyond the rendered frames the
# letter model learnt from (vision.synth draws boards at 0.6-0.9 of 1504 px frames: 60 px per square or more). On German
# photos shrunk so the board spans 0.2 of the frame and tilted 35 degrees (17 px per square, 9 at the far edge), letters
# were read confidently wrong on boards found right; at 0.35 of the frame tilted 20 degrees (far edge 23 px) they were
# read right. At configured corners through rendered camera views, 12 of the 13 confident-wrong letters rounds 35-36
# found and left stood on boards under it (9.1-15.7 px; the 13th on 18.4 px: vision/MEASUREMENTS.md, round 36, the lead).
MIN_CELL_PX = 16.0


def square_px(corners: np.ndarray) -> float:
    """A board square's side in the frame, from the playing area's corners (the mean of its
    four sides over 15 squares)."""
    c = np.asarray(corners, np.float32).reshape(4, 2)
    return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)])) / 15


def smallest_square_px(corners: np.ndarray) -> float:
    """The shortest side of a board at `corners` (in order around it), in squares' px: the far edge under a tilt."""
    return float(min(np.linalg.norm(corners[k] - corners[(k + 1) % 4]) for k in range(4)) / 15)


def too_small_to_read(corners: np.ndarray) -> str | None:
    """Why no letter can be read on a board at `corners` (in order around it): its far squares under MIN_CELL_PX, and
    what to do; None when they are large enough."""
    px = smallest_square_px(corners)
    if px >= MIN_CELL_PX:
        return None
    return (f"board too small to read: far squares {px:.0f} px, {MIN_CELL_PX:.0f} needed; move the camera closer or raise "
            f"its resolution")


def grid_to_frame(corners: np.ndarray) -> np.ndarray:
    """3x3 homography from the board's plane in squares (the playing area 0-15 each way, its
    corners in the frame order of `corners`) to frame px; the table around the board lies on
    that plane too."""
    return cv2.getPerspectiveTransform(GRID, np.asarray(corners, np.float32).reshape(4, 2))
