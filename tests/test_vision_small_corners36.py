"""A club's configured corners whose far squares are too small to read letters from (issue 15, round 36): the reader
applies the floor its own location applies (vision.board_scale.MIN_CELL_PX) and reads nothing there, saying why, where
it read letters confidently wrong before (12 of the 13 confident-wrong letters rounds 35-36 found and left at configured
corners through the bench's camera views stood on such a board: far squares of 9.1-15.7 px)."""
import json

import cv2
import numpy as np
import pytest

from kiosk.camera_status import camera_problem
from kiosk.errors import InputError
from kiosk.vision_worker import Reading
from tests.rendered_board import rendered_corners
from vision.bench import camera_view, frame_transform
from vision.calibrate import read_corners
from vision.board_scale import MIN_CELL_PX, smallest_square_px
from vision.config import VisionConfig
from vision.reader import BoardReader


def _at_true_corners(seed: int, board: int, view: tuple[float, float, float] | None):
    """Board `board` of the seed (through the bench's camera view, if given) read at its true corners as the config's
    `corners`, and those corners."""
    image, corners = rendered_corners(seed, board)
    if view is not None:
        h, w = image.shape[:2]
        moved = frame_transform(w, h, *view)
        image = np.ascontiguousarray(camera_view(image, moved))
        corners = cv2.perspectiveTransform(corners.reshape(1, 4, 2), moved)[0]
    return BoardReader(VisionConfig(tileset="english", corners=corners)).observe(image), corners


@pytest.mark.parametrize("seed, board, view", [
    (134214, 39, (20.0, 0.42, 230.0)),  # its W read M 0.993 (far squares 10.6 px; a strict xfail of vwrongcam36)
    (134215, 21, (8.0, 0.35, 20.0)),  # its E read C 0.961 (9.3 px; vwrongcam36's other strict xfail)
])
def test_configured_corners_too_small_to_read_give_no_letter_and_say_why(seed, board, view):
    obs, corners = _at_true_corners(seed, board, view)
    px = smallest_square_px(corners)
    assert px < MIN_CELL_PX
    assert not obs.located and all(cell.letter is None for cell in obs.cells)
    status = camera_problem(Reading(observation=obs))  # what the kiosk's status line shows
    assert status.startswith(f"board too small to read: far squares {px:.0f} px, {MIN_CELL_PX:.0f} needed")
    assert "set vision.corners again" in status


def test_the_same_board_seen_larger_is_read_at_its_corners():
    obs, corners = _at_true_corners(134214, 39, None)  # head-on, as rendered: 36 px squares
    assert smallest_square_px(corners) >= MIN_CELL_PX
    assert obs.located and sum(cell.letter is not None for cell in obs.cells) > 20


def test_smallest_square_is_the_far_edge():
    near_wide_far_narrow = np.array([[100, 100], [340, 100], [400, 400], [40, 400]], np.float32)  # TL TR BR BL
    assert smallest_square_px(near_wide_far_narrow) == pytest.approx(240 / 15)


def test_calibration_refuses_given_corners_too_small_to_read(tmp_path):
    path = tmp_path / "corners.json"
    path.write_text(json.dumps({"tiles.jpg": [[10, 10], [100, 12], [98, 100], [8, 99]]}), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_corners(path)
    assert str(caught.value).startswith(str(path)) and "tiles.jpg: board too small to read" in str(caught.value)
