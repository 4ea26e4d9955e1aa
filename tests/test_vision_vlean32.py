"""Leaning placements (issue 15, round 32): a grid refined to a few degrees' turn in the board's own plane, its rows a
cell off at one side and right at the other, passed every location check by a hair; a turned rival refined from it
fits the board's lines clearly better and is as clearly placed (vision.locate _leans), so it is refused."""
import cv2
import numpy as np

from vision.locate import _leans, line_fit
from tests.rendered_board import cells_off, rendered_through_camera

# 289289 board-096 through --tilt 18 --scale 0.5 --turn 250: the placement the start tree took (frame corners), 1.24
# cells off at its worst corner, its lines fitting 0.699
LEANING = np.array([[581.9, 732.7], [932.6, 654.6], [1001.7, 962.6], [697.2, 1013.9]], np.float32)


def _board_096() -> tuple[np.ndarray, np.ndarray]:
    """289289 board-096 through --tilt 18 --scale 0.5 --turn 250, and its true corners moved by it (frame order)."""
    return rendered_through_camera(289289, 96, 18.0, 0.5, 250.0)


def test_a_leaning_placement_leans():
    frame, truth = _board_096()
    assert cells_off(LEANING, truth) > 1.0
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.float32)
    assert _leans(frame, grey, LEANING, line_fit(grey, LEANING))


def test_the_true_placement_does_not_lean():
    frame, truth = _board_096()
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.float32)
    assert not _leans(frame, grey, truth, line_fit(grey, truth))
