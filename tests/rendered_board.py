"""A rendered board read from scratch as the kiosk reads it, and the check that nothing on it is read wrong
(shared by the reader tests on dev boards); a rendered board's frame with its true corners, and how far a placement
lies from them (shared by the location tests)."""
from functools import lru_cache
from unittest.mock import patch

import cv2
import numpy as np

from vision.bench import camera_view, frame_transform
from vision.config import VisionConfig
from vision.observation import BoardObservation, CellReading
from vision import locate
from vision.locate import _canonical, order_corners
from vision import board_scale
from vision.libraries import opencv_release
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

# opencv-python 5.1.0.95 (round 38) moves borderline readings: the tests whose case reads one way with it and the other
# with 5.0.0.93 (the version CI installs: pyproject.toml's pin) are strict xfails on the version where the case fails
OPENCV_5_1 = opencv_release() >= (5, 1)


def read_rendered(seed: int, board: int) -> tuple[list[str], BoardObservation]:
    """Board `board` of `python -m vision.synth dataset OUT --seed SEED` (saved as the bench reads it): its truth
    rows and a fresh English reader's observation."""
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    return frame.truth, obs


def read_square(seed: int, board: int, row: int, col: int) -> tuple[str, CellReading]:
    """Square (row, col) (counted from 0) of board `board` of that seed, read as read_rendered reads it: its truth
    ('.' empty, a letter, lower case a blank) and its reading."""
    truth, obs = read_rendered(seed, board)
    return truth[row][col], obs.cells[row * 15 + col]


def assert_nothing_wrong(truth: list[str], obs: BoardObservation) -> None:
    """No square read as another letter than its tile's, and no tile or blank where the board is empty."""
    wrong = [(r, c) for r in range(15) for c in range(15)
             if obs.cells[r * 15 + c].letter not in (None, truth[r][c])]
    phantoms = [(r, c) for r in range(15) for c in range(15)
                if truth[r][c] == "." and obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert wrong == [] and phantoms == []


@lru_cache(maxsize=2)
def rendered_corners(seed: int, board: int) -> tuple[np.ndarray, np.ndarray]:
    """Board `board` of `python -m vision.synth dataset OUT --seed SEED` as the bench reads it, and its true corners
    (frame order)."""
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    return as_saved(frame.image), np.asarray(frame.board_corners, np.float32)


def rendered_through_camera(seed: int, board: int, tilt: float, scale: float, turn: float) -> tuple[np.ndarray, np.ndarray]:
    """That board through the bench's camera view (`--tilt --scale --turn`), and its true corners taken through the
    view (frame order)."""
    image, corners = rendered_corners(seed, board)
    h, w = image.shape[:2]
    moved = frame_transform(w, h, tilt, scale, turn)
    seen = np.ascontiguousarray(camera_view(image, moved))
    return seen, order_corners(cv2.perspectiveTransform(corners[None].astype(np.float64), moved)[0].astype(np.float32))


def read_at_true_corners(seed: int, board: int, view: tuple[float, float, float]) -> tuple[list[str], BoardObservation]:
    """That board's truth rows, and the board through the bench's camera view (`--tilt --scale --turn`) read at its
    true corners taken through the view as a club's configured corners (vision.config `corners`: the board upright, no
    location), with the floor on the squares' size (vision.board_scale.MIN_CELL_PX) lifted: the tests of the letter
    checks on such boards, whose far squares are mostly 9-16 px, which the kiosk does not read at all
    (tests/test_vision_small_corners36.py)."""
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    image = as_saved(frame.image)
    h, w = image.shape[:2]
    moved = frame_transform(w, h, *view)
    at = cv2.perspectiveTransform(frame.board_corners.reshape(1, 4, 2).astype(np.float32), moved)[0]
    with patch.object(board_scale, "MIN_CELL_PX", 0.0):
        obs = BoardReader(VisionConfig(tileset="english", corners=at)).observe(
            np.ascontiguousarray(camera_view(image, moved)))
    return frame.truth, obs


def fine_fit_at_truth(seed: int, board: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, locate.LineFits]:
    """That board at its true corners at the finer scale, where locate._settled looks again: the finer frame, the
    corners there, its grey (float32) and its lines' fit."""
    image, truth = rendered_corners(seed, board)
    _, _, scale = locate._work_images(image)
    at, fine_gray, fine = locate._finer(image, scale)
    corners = order_corners(truth) * fine
    grey = fine_gray.astype(np.float32)
    return at, corners, grey, locate._refined_fit(grey, corners, locate._scored(grey, corners))


def cells_off(found: np.ndarray, truth: np.ndarray) -> float:
    """How far (in cells, at the worst corner) a placement `found` lies from the true corners, in any turn."""
    to_cells = cv2.getPerspectiveTransform(np.asarray(found, np.float32), _canonical(1))
    mapped = cv2.perspectiveTransform(np.asarray(truth, np.float32)[None], to_cells)[0]
    return min(float(np.linalg.norm(mapped - np.roll(_canonical(1), -q, axis=0), axis=1).max()) for q in range(4))


def assert_located_and_read(seed: int, board: int, share: float = 0.95) -> None:
    """Board `board` of that seed located, nothing on it read wrong, and at least `share` of its lettered tiles read."""
    truth, obs = read_rendered(seed, board)
    assert obs.located
    assert_nothing_wrong(truth, obs)
    tiles = [(r, c) for r in range(15) for c in range(15) if truth[r][c].isalpha()]
    assert sum(obs.cells[r * 15 + c].letter == truth[r][c] for r, c in tiles) >= share * len(tiles)
