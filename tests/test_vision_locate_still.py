"""Following a board: one that stayed where it was is not fitted again; one that moved is."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

import vision.locate as locate
from vision.board_scale import smallest_square_px
from vision.locate import BoardFollower
from vision.locate_still import border_profiles, stayed
from vision.synth.frames import FrameOptions, render_frame

BOARD = ["." * 15] * 6 + [".....QUIZ......", ".....E...HELLO.", "...JOKER.......", "." * 15] + ["." * 15] * 5


def _followed_frame() -> tuple[np.ndarray, BoardFollower, locate.BoardLocation]:
    """A rendered frame, and a follower that has followed its board there from the renderer's corners."""
    frame = render_frame(BOARD, seed=5190, options=replace(FrameOptions.clean(), tilt_deg=6.0, board_fill=0.8))
    follower = BoardFollower()
    found = follower.follow(frame.image, frame.board_corners)
    assert found is not None
    return frame.image, follower, found


def _refits(monkeypatch) -> list[int]:
    calls: list[int] = []
    refine = locate._refine

    def counted(*args, **kwargs):
        calls.append(1)
        return refine(*args, **kwargs)
    monkeypatch.setattr(locate, "_refine", counted)
    return calls


def test_a_board_that_stayed_is_given_where_it_was_without_fitting_it_again(monkeypatch):
    image, follower, found = _followed_frame()
    # the next frame: sensor noise and the exposure a little brighter, the board where it was
    rng = np.random.default_rng(7)
    later = np.clip(image.astype(np.float32) + 6 + rng.normal(0, 3, image.shape), 0, 255).astype(np.uint8)
    calls = _refits(monkeypatch)
    again = follower.follow(later, found.corners)
    assert again is not None and np.array_equal(again.corners, found.corners) and again.grid_score == found.grid_score
    assert again.corners is not found.corners  # the caller's own copy
    assert calls == []


def test_a_board_moved_a_tenth_of_a_cell_is_fitted_again_where_it_now_is(monkeypatch):
    image, follower, found = _followed_frame()
    shift = 0.1 * smallest_square_px(found.corners)
    moved = cv2.warpAffine(image, np.array([[1, 0, shift], [0, 1, 0]], np.float32), (image.shape[1], image.shape[0]),
                           borderMode=cv2.BORDER_REPLICATE)
    calls = _refits(monkeypatch)
    again = follower.follow(moved, found.corners)
    assert calls == [1]
    assert again is not None
    assert abs(float(np.median(again.corners[:, 0] - found.corners[:, 0])) - shift) < 0.5 * shift


def test_a_hint_that_is_not_the_last_location_is_fitted(monkeypatch):
    image, follower, found = _followed_frame()
    calls = _refits(monkeypatch)
    follower.follow(image, found.corners + 1.0)
    assert calls == [1]


def test_a_new_follower_fits_the_board_even_where_another_follower_saw_it_stay(monkeypatch):
    image, _, found = _followed_frame()
    calls = _refits(monkeypatch)
    BoardFollower().follow(image, found.corners)  # another reader's board: nothing is shared between them
    assert calls == [1]


def test_a_border_with_nothing_a_move_would_change_never_counts_as_stayed():
    plain = np.full((600, 800, 3), 120, np.uint8)
    corners = np.array([[100, 50], [700, 50], [700, 550], [100, 550]], np.float32)
    border = border_profiles(plain, corners)
    assert border is not None
    assert not stayed(plain, border)  # the same frame: a plain border cannot show that it stayed


def test_corners_that_are_no_points_give_no_border_to_compare():
    frame = np.zeros((600, 800, 3), np.uint8)
    corners = np.array([[100, 50], [np.nan, 50], [700, 550], [100, 550]], np.float32)
    assert border_profiles(frame, corners) is None
