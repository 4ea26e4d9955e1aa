"""The reader's shortcuts give what the long way gives: the change test of a followed board fitted again
compares the squares it needs at the last frame's corners one by one (vision.reader._squares_at), and the
board is warped in four channels (BoardReader._rectified)."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.test_vision_reader import word_board_then_a_swap
from vision.cells import rectify, unpadded
import vision.reader
from vision.reader import BoardReader, _alike, _squares_at, _thumbnail, changed_squares
from vision.synth.frames import FrameOptions


@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.4, -0.3), (-1.3, 0.9)])
def test_squares_compared_one_by_one_as_on_the_whole_board(offset):
    """The word board, then a T swapped for an R and an S laid: compared at corners moved by `offset`
    px, every square (the changed ones too, in any order) is alike or not as the whole board warped
    there says, and the swapped and laid squares are not alike."""
    first, _, second = word_board_then_a_swap(FrameOptions(hand=False, rotation=0, rack_counts={}))
    reader = BoardReader()
    assert reader.observe(first.image).located
    corners = reader._memory.corners
    before = cv2.cvtColor(rectify(first.image, corners), cv2.COLOR_BGR2GRAY)
    moved = corners + np.float32(offset)
    after = cv2.cvtColor(rectify(second, moved), cv2.COLOR_BGR2GRAY)
    whole = _alike(unpadded(before), _thumbnail(before), unpadded(after), _thumbnail(after))
    order = np.random.default_rng(7).permutation(225)
    alone = np.zeros(225, bool)
    alone[order] = _alike(*_squares_at(second, moved, before, _thumbnail(before), order))
    assert np.array_equal(alone, whole)
    # the kiosk's change gate (changed_squares) and the reader's change test share their mean-level part
    assert not whole[changed_squares(_thumbnail(before), _thumbnail(after))].any()
    assert not alone[6 * 15 + 8] and not alone[11 * 15 + 7]
    if offset == (0.0, 0.0):  # the board as it was but for those two squares
        assert alone.sum() == 223


def test_the_board_warped_in_four_channels_is_the_board_warped_in_three(monkeypatch):
    """A frame converted to BGRA and warped, or (a frame over FOUR_CHANNELS_MOST pixels) warped and then
    converted: the same colours as vision.cells.rectify's, to the bit."""
    first, _, _ = word_board_then_a_swap(FrameOptions(hand=False, rotation=0, rack_counts={}))
    reader = BoardReader()
    assert reader.observe(first.image).located
    corners = reader._memory.corners + np.float32([0.3, -0.2])
    three = rectify(first.image, corners)
    four = reader._rectified(first.image, corners)
    monkeypatch.setattr(vision.reader, "FOUR_CHANNELS_MOST", 0)
    reader._four_channels = None
    after = reader._rectified(first.image, corners)
    assert four.shape[2] == after.shape[2] == 4
    assert np.array_equal(four[..., :3], three) and np.array_equal(after, four)
