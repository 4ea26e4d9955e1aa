"""A squeezed placement (issue 15, round 35): a grid refined with two opposite corners each a cell off along a side
passed every location check by a hair (line fit 0.677, worst corner 0.545, half-cell gain 0.127) and was read with
4 confident-wrong letters and a phantom; a rival with one of those corners moved a cell, refined, fits the board's
lines clearly better and is as clearly placed (vision.locate _off_at_corners), so it is refused and the search's
next placement, on the board, is taken."""
import cv2
import numpy as np

from vision.config import VisionConfig
from vision.locate import line_fit
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, dataset_frame
from tests.rendered_board import assert_nothing_wrong, cells_off, rendered_through_camera

# 347347 board-065 through --tilt 18 --scale 0.5 --turn 250: the placement the start tree took (frame corners), 1.38
# cells off at its worst corner
SQUEEZED = np.array([[513.2, 672.88], [938.02, 550.06], [1038.09, 977.5], [642.04, 1098.58]], np.float32)


def _board_065() -> tuple[np.ndarray, np.ndarray]:
    """347347 board-065 through --tilt 18 --scale 0.5 --turn 250, and its true corners moved by it (frame order)."""
    return rendered_through_camera(347347, 65, 18.0, 0.5, 250.0)


def test_a_squeezed_placement_is_off_at_its_corners():
    from vision.locate import _off_at_corners  # (imported here: the start tree has none, and its reading test runs there)
    frame, truth = _board_065()
    assert cells_off(SQUEEZED, truth) > 1.0
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.float32)
    assert _off_at_corners(frame, grey, SQUEEZED, line_fit(grey, SQUEEZED))


def test_the_true_placement_is_not_off_at_its_corners():
    from vision.locate import _off_at_corners
    frame, truth = _board_065()
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.float32)
    assert not _off_at_corners(frame, grey, truth, line_fit(grey, truth))


def test_the_squeezed_board_is_read_at_its_place():
    """Read from scratch through that camera view, the board is placed on its lines and nothing is read wrong
    (the start tree: 1.38 cells off, 5/43 tiles right, 4 confident-wrong letters, 1 phantom)."""
    frame, truth = _board_065()
    obs = BoardReader(VisionConfig(tileset="english")).observe(frame)
    assert obs.located and obs.homography is not None
    found = cv2.perspectiveTransform(np.array([[[0, 0], [15, 0], [15, 15], [0, 15]]], np.float32),
                                     np.linalg.inv(np.array(obs.homography)))[0]
    assert cells_off(found, truth) < 0.2
    rendered, _ = dataset_frame(DatasetSpec(boards=66, seed=347347), 65)
    assert_nothing_wrong(rendered.truth, obs)  # (the truth rows upright, as the reader gives its cells)
