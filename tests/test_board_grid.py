"""The board's plane carried to the frame by one homography (vision.board_scale.grid_to_frame),
which the rack counter sizes a rack by (vision.racks.rack_square_px) and moves a rack's zone
by (vision.rack_find.refound)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.board_scale import GRID, grid_to_frame, square_px
from vision.racks import rack_square_px

TILTED = np.array([[212.0, 140.0], [788.0, 152.0], [842.0, 700.0], [160.0, 690.0]], np.float32)


def test_the_grid_corners_go_to_the_board_corners():
    on_frame = cv2.perspectiveTransform(GRID.reshape(-1, 1, 2), grid_to_frame(TILTED)).reshape(-1, 2)
    assert np.abs(on_frame - TILTED).max() < 1e-3


def test_a_square_board_seen_square_on_has_the_same_square_everywhere():
    square_on = np.array([[100, 100], [700, 100], [700, 700], [100, 700]], np.float32)
    zone = np.array([[150, 740], [650, 740], [650, 800], [150, 800]], np.float32)
    assert abs(rack_square_px(square_on, zone) - square_px(square_on)) < 1e-4


def test_a_rack_on_the_near_side_of_a_tilted_board_is_seen_larger():
    """The board's bottom edge (TILTED's third and fourth corners) is nearer the camera: longer
    in the frame than its top edge, so a rack beyond it is seen with larger squares than one
    beyond the top."""
    near = np.array([[200, 720], [800, 730], [800, 780], [200, 770]], np.float32)
    far = np.array([[250, 80], [750, 90], [750, 125], [250, 115]], np.float32)
    assert rack_square_px(TILTED, near) > square_px(TILTED) > rack_square_px(TILTED, far)
