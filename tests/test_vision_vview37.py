"""Boards seen through a tilted, small camera view whose perspective the frame's other straight edges pulled off
(issue 15, round 37, helper "vview37"): through the bench's camera view a small board lies on a mat (the rendered
frame) whose long, strong edges meet in other vanishing points than the board's lines, and the rectifier followed
the mat's: its view left the board's far side 7-9 degrees askew and every rough placement 2 cells off or more at a
corner. vision.locate's last pool is the view of the edges where both families cross (rectifier(crossed=True))."""
import cv2
import numpy as np
import pytest

from tests.rendered_board import cells_off, read_rendered, rendered_through_camera
from vision import locate
from vision.config import VisionConfig
from vision.locate_perspective import CROSS_REACH, where_families_cross
from vision.reader import BoardReader


@pytest.mark.parametrize("seed, board, view", [(360360, 24, (16.0, 0.45, 200.0)), (134254, 82, (18.0, 0.42, 80.0))])
def test_a_small_board_on_a_mat_seen_tilted_is_located(seed: int, board: int, view: tuple[float, float, float]) -> None:
    frame, truth = rendered_through_camera(seed, board, *view)
    found = locate.locate_board(frame)
    assert found is not None
    assert cells_off(found.corners, truth) < 0.2


def test_the_board_located_so_is_read_with_nothing_wrong() -> None:
    rows, _ = read_rendered(360360, 24)
    frame, _ = rendered_through_camera(360360, 24, 16.0, 0.45, 200.0)
    obs = BoardReader(VisionConfig(tileset="english")).observe(frame)
    assert obs.located
    lettered = [(r, c) for r in range(15) for c in range(15) if rows[r][c] != "."]
    read = [(r, c) for r, c in lettered if obs.cells[r * 15 + c].letter is not None]
    assert all(obs.cells[r * 15 + c].letter == rows[r][c] for r, c in read)
    assert len(read) >= 0.9 * len(lettered)


def test_only_edges_where_both_families_cross_are_kept() -> None:
    size = 640
    image = np.zeros((size, size), np.uint8)
    cv2.rectangle(image, (20, 20), (620, 620), 255, 1)  # a mat's long edges: the families meet at its corners only
    for k in range(16):  # a grid of 15 cells of 12 px: the families cross everywhere
        cv2.line(image, (230 + 12 * k, 230), (230 + 12 * k, 410), 255, 1)
        cv2.line(image, (230, 230 + 12 * k), (410, 230 + 12 * k), 255, 1)
    ys, xs = np.nonzero(image)
    padded = np.pad(image, 1)
    vertical = (padded[ys, xs + 1] > 0) & (padded[ys + 2, xs + 1] > 0)  # lit above and below: the first family
    kept = where_families_cross(ys, xs, vertical, image.shape)
    on_grid = (xs >= 230) & (xs <= 410) & (ys >= 230) & (ys <= 410)
    reach = round(CROSS_REACH * size)
    near_a_corner = (np.minimum(np.abs(xs - 20), np.abs(xs - 620)) <= reach) & \
        (np.minimum(np.abs(ys - 20), np.abs(ys - 620)) <= reach)
    assert kept[on_grid].all()
    assert not kept[~on_grid & ~near_a_corner].any()

